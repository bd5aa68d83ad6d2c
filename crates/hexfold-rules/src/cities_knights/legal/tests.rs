//! The listing and the random player checked against `decide` and against what they replaced, over the states of
//! random games:
//! - every kind of command that is listed completely (board commands, single choices, the knights committed against
//!   the barbarians, progress cards whose every target is listed) is listed exactly when `decide` accepts it, found
//!   by asking `decide` about every parameter the board allows;
//! - progress card plays are exactly those of the straightforward definition the listing replaced: the broad
//!   candidates below, each kept only if a trial `decide` on the state accepts it, in the same order;
//! - the random player lists one kind of the main phase at a time: each kind's list is the listing's commands of
//!   that kind, its picks follow the weights, and the weights are the old table's;
//! - folding a road event recounts only its owner's road length: after every command every seat's length is
//!   still a full recount's.
//!
//! Random play seldom holds many progress cards, so each check also runs on a richer copy of the state: the seat
//! to act holds every progress card and three of every good, and the others hold cards to be taken.
//!
//! Every check runs twice: under the printed game's rules ([`RULES`]) and under [`OTHER`], whose prices, progress
//! hand and barbarian track differ, so a listing that read the printed numbers instead of the state's rules (as
//! `decide` does) would offer refused commands and miss accepted ones. Under both, every command the listing
//! offers, samples included, is accepted.

use super::super::decide::{decide, road_site_ok};
use super::super::progress::is_open_road;
use super::super::random::{main_weight, weight};
use super::super::*;
use super::{legal_actions, main_kind_actions, metropolis_choices, seats_to_act, MainKind};
use crate::hex::Resource;
use crate::playout::{Playout, Stop};
use crate::{Game, GameRng};
use rand::SeedableRng;

/// The layer under other numbers than the printed game's: every price the listing checks differs (a road and a
/// knight cost more, a settlement, a city, a wall and an activation less, some in other goods), a seat may hold two
/// progress cards instead of four, and the barbarians land after five moves instead of seven.
static OTHER: CkRules = CkRules {
    name: "other numbers",
    hex: HexRules {
        costs: Costs {
            road: Resources::new(1, 1, 1, 0, 0),
            settlement: Resources::new(1, 1, 0, 1, 0),
            city: Resources::new(0, 0, 0, 2, 2),
        },
        ..RULES.hex
    },
    progress_hand_max: 2,
    barbarian_track_len: 5,
    wall_cost: Resources::new(1, 0, 0, 0, 0),
    knight_cost: Resources::new(0, 0, 1, 1, 1),
    activate_cost: Resources::new(0, 0, 1, 0, 0),
    ..RULES
};

/// The rules every check runs under.
const RULE_SETS: [&CkRules; 2] = [&RULES, &OTHER];

/// Calls `check` with every seat that may act in every `every`-th state of `games` random games under `rules`, each
/// state also in its rich copy. The games are [`Playout`]s of the random player for a random seat among those that
/// may act.
fn for_each_state(
    rules: &'static CkRules,
    games: u64,
    every: u64,
    mut check: impl FnMut(&State, Seat),
) {
    for seed in 0..games {
        let mut rng = GameRng::seed_from_u64(seed);
        let config = Config {
            seats: 3 + (seed % 2) as u8,
            map: if seed % 3 == 0 {
                crate::catan::MapKind::Beginner
            } else {
                crate::catan::MapKind::Variable
            },
            negotiated_defence: seed % 4 == 1,
            points_to_win: POINTS_TO_WIN,
        };
        let setup = CitiesKnights::setup(&config, &mut rng).unwrap();
        let state = CitiesKnights::initial_state_with(&setup, rules);
        let mut playout = Playout::<CitiesKnights>::from_state(state, rng).command_limit(30_000);
        let mut step = 0;
        loop {
            let st = playout.state();
            if step % every == 0 {
                for seat in seats_to_act(st) {
                    check(st, seat);
                    check(&rich(st, seat), seat);
                }
            }
            step += 1;
            match playout.step(|_| {}) {
                Ok(()) => {}
                Err(Stop::Ended(_)) => break,
                Err(stop) => panic!("{} game {seed}: {stop:?}", rules.name),
            }
        }
    }
}

/// Every progress card, once.
fn every_card() -> Vec<ProgressCard> {
    let mut cards: Vec<ProgressCard> = Track::ALL.into_iter().flat_map(full_deck).collect();
    cards.sort();
    cards.dedup();
    cards
}

/// `st` with `seat` holding every progress card and three more of every good, and every other seat one progress
/// card and one more of every good. Not a reachable state (cards are not conserved), but the listing and `decide`
/// must agree on it all the same.
fn rich(st: &State, seat: Seat) -> State {
    let mut st = st.clone();
    let more = |n| Hand::from_array([n; 8]);
    for (i, p) in st.players.iter_mut().enumerate() {
        if i == seat.index() {
            p.progress = every_card();
            p.hand = p.hand.plus(more(3));
        } else {
            p.progress.push(ProgressCard::Spy);
            p.hand = p.hand.plus(more(1));
        }
    }
    st
}

fn accepted(st: &State, seat: Seat, c: &Command) -> bool {
    decide(st, seat, c, &mut GameRng::seed_from_u64(0)).is_ok()
}

/// Whether the listing promises every accepted command of this kind (and target, for progress cards).
fn listed_completely(c: &Command) -> bool {
    use Command as K;
    match c {
        K::Discard { .. }
        | K::GiveCards { .. }
        | K::TakeCards { .. }
        | K::OfferTrade { .. }
        | K::CounterOffer { .. } => false,
        K::PlayProgressCard { play } => !matches!(
            play,
            ProgressPlay::Inventor { .. }
                | ProgressPlay::RoadBuilding { .. }
                | ProgressPlay::Smith { .. }
                | ProgressPlay::CommercialHarbor { .. }
                | ProgressPlay::Diplomat { .. }
        ),
        _ => true,
    }
}

/// Every command of the kinds [`listed_completely`] names, with every parameter the board allows (a knight moves
/// only from a corner holding a knight of the seat: `decide` refuses every other start).
fn every_command(st: &State, seat: Seat) -> Vec<Command> {
    use Command as K;
    use ProgressPlay as P;
    let t = st.board.topology();
    let mut out = vec![
        K::RollDice,
        K::EndTurn,
        K::AcceptTrade,
        K::RejectTrade,
        K::WithdrawTrade,
    ];
    for vertex in t.vertices() {
        out.extend([
            K::PlaceSettlement { vertex },
            K::PlaceCity { vertex },
            K::BuildSettlement { vertex },
            K::BuildCity { vertex },
            K::BuildCityWall { vertex },
            K::BuildKnight { vertex },
            K::PlaceDeserterKnight { vertex },
            K::ActivateKnight { vertex },
            K::PromoteKnight { vertex },
            K::ChaseRobber { knight: vertex },
            K::ChooseCityToLose { vertex },
            K::RetreatKnight { vertex },
            K::RemoveKnight { vertex },
        ]);
        for play in [
            P::Engineer { vertex },
            P::Medicine { vertex },
            P::Intrigue { vertex },
        ] {
            out.push(K::PlayProgressCard { play });
        }
        if matches!(st.knights[vertex.index()], Some(k) if k.seat == seat) {
            out.extend(t.vertices().map(|to| K::MoveKnight { from: vertex, to }));
        }
    }
    for edge in t.edges() {
        out.extend([K::PlaceRoad { edge }, K::BuildRoad { edge }]);
    }
    // Every set of the seat's knights, active or not, in the board's order (the listing's), to commit.
    let knights: Vec<VertexId> = t
        .vertices()
        .filter(|v| matches!(st.knights[v.index()], Some(k) if k.seat == seat))
        .collect();
    for set in 0..1u32 << knights.len() {
        let vertices = (0..knights.len())
            .filter(|&i| set & (1 << i) != 0)
            .map(|i| knights[i])
            .collect();
        out.push(K::CommitKnights { vertices });
    }
    for hex in t.hexes() {
        out.push(K::MoveRobber { hex, victim: None });
        out.extend((0..st.seats).map(|s| K::MoveRobber {
            hex,
            victim: Some(Seat(s)),
        }));
        for play in [P::Merchant { hex }, P::Bishop { hex }] {
            out.push(K::PlayProgressCard { play });
        }
    }
    for track in Track::ALL {
        let metropolis = std::iter::once(None).chain(t.vertices().map(Some));
        for metropolis in metropolis {
            out.push(K::ImproveCity { track, metropolis });
            out.push(K::PlayProgressCard {
                play: P::Crane { track, metropolis },
            });
        }
        out.push(K::ChooseProgressDeck { track });
    }
    for give in Good::ALL {
        out.extend(Good::ALL.map(|receive| K::BankTrade { give, receive }));
        out.push(K::PlayProgressCard {
            play: P::MerchantFleet { good: give },
        });
    }
    for card in every_card() {
        out.extend([K::ReturnProgressCard { card }, K::TakeProgressCard { card }]);
    }
    for resource in Resource::ALL {
        out.push(K::TakeAqueductResource { resource });
        out.push(K::PlayProgressCard {
            play: P::ResourceMonopoly { resource },
        });
    }
    for commodity in Commodity::ALL {
        out.push(K::PlayProgressCard {
            play: P::TradeMonopoly { commodity },
        });
    }
    for s in (0..st.seats).map(Seat) {
        out.extend([
            K::AcceptCounterOffer { seat: s },
            K::RejectCounterOffer { seat: s },
        ]);
        for play in [
            P::MasterMerchant { victim: s },
            P::Deserter { victim: s },
            P::Spy { victim: s },
        ] {
            out.push(K::PlayProgressCard { play });
        }
    }
    for white in 0..=7 {
        for red in 0..=7 {
            out.push(K::PlayProgressCard {
                play: P::Alchemist { white, red },
            });
        }
    }
    for play in [
        P::Irrigation,
        P::Mining,
        P::Saboteur,
        P::Warlord,
        P::Wedding,
    ] {
        out.push(K::PlayProgressCard { play });
    }
    out
}

/// The progress card plays of the straightforward definition: every candidate of every card held, in card order,
/// that a trial `decide` accepts. Only in the main phase of the active seat, where the listing offers them.
fn reference_plays(st: &State, seat: Seat) -> Vec<Command> {
    if st.phase != Phase::Main || seat != st.active || !st.pending.is_empty() {
        return Vec::new();
    }
    let mut cards = st.players[seat.index()].progress.clone();
    cards.sort();
    cards.dedup();
    cards
        .into_iter()
        .flat_map(|card| candidates(st, seat, card))
        .map(|play| Command::PlayProgressCard { play })
        .filter(|c| accepted(st, seat, c))
        .collect()
}

/// Runs `check` on the states of [`for_each_state`]'s `games` (every `every`-th) under each of [`RULE_SETS`], and
/// asserts that under each the counts it returns add up to more than `at_least` (of `what`), so a check that
/// reached nothing fails.
fn check_states(
    games: u64,
    every: u64,
    at_least: usize,
    what: &str,
    mut check: impl FnMut(&State, Seat) -> usize,
) {
    for rules in RULE_SETS {
        let mut counted = 0;
        for_each_state(rules, games, every, |st, seat| counted += check(st, seat));
        assert!(counted > at_least, "{}: only {counted} {what}", rules.name);
    }
}

/// Every listed command is accepted, samples included, and the kinds listed completely are listed exactly when
/// accepted, once each.
#[test]
fn complete_kinds_are_listed_exactly_when_accepted() {
    check_states(6, 9, 500, "states checked", |st, seat| {
        let rules = st.rules().name;
        let all = legal_actions(st, seat);
        for c in &all {
            assert!(accepted(st, seat, c), "{rules}: {c:?} listed but refused");
        }
        let listed: Vec<Command> = all.into_iter().filter(listed_completely).collect();
        for (i, c) in listed.iter().enumerate() {
            // A card held twice is offered for return twice, as the listing always did.
            let twice_ok = matches!(c, Command::ReturnProgressCard { .. });
            assert!(twice_ok || !listed[..i].contains(c), "{c:?} listed twice");
        }
        for c in every_command(st, seat) {
            assert!(
                !accepted(st, seat, &c) || listed.contains(&c),
                "{rules}: {c:?} accepted but not listed for {seat:?} in {:?}, active {:?}, pending {:?}, cards {:?}",
                st.phase, st.active, st.pending, st.players[seat.index()].progress.len()
            );
        }
        1
    });
}

#[test]
fn progress_plays_are_the_accepted_candidates() {
    check_states(12, 3, 10_000, "plays compared", |st, seat| {
        let listed: Vec<Command> = legal_actions(st, seat)
            .into_iter()
            .filter(|c| matches!(c, Command::PlayProgressCard { play } if !matches!(play, ProgressPlay::Alchemist { .. })))
            .collect();
        let reference = reference_plays(st, seat);
        assert_eq!(listed, reference, "{}: in {:?}", st.rules().name, st.phase);
        listed.len()
    });
}

#[test]
fn road_lengths_are_a_full_recount() {
    check_states(20, 1, 100_000, "roads seen", |st, _| {
        for seat in st.seat_iter() {
            let blockers = st.road_blockers(seat);
            let full = crate::hex::longest_road(&st.board, &blockers, &st.edges, seat);
            assert_eq!(st.players[seat.index()].road_length, full, "{seat:?}");
        }
        st.edges.iter().filter(|e| !e.is_empty()).count()
    });
}

/// Whether `seat` is in the main phase with nothing pending, where the random player lists kind by kind.
fn main_phase(st: &State, seat: Seat) -> bool {
    st.phase == Phase::Main && seat == st.active && st.pending.is_empty()
}

#[test]
fn each_main_kind_lists_the_listings_commands_of_that_kind() {
    check_states(12, 2, 50_000, "commands compared", |st, seat| {
        if !main_phase(st, seat) {
            return 0;
        }
        let listed = legal_actions(st, seat);
        for c in &listed {
            assert!(MainKind::of(c).is_some(), "{c:?} has no main kind");
        }
        let mut compared = 0;
        for kind in MainKind::ALL {
            let mut alone = Vec::new();
            main_kind_actions(st, seat, kind, &mut alone);
            let of_kind: Vec<&Command> = listed
                .iter()
                .filter(|c| MainKind::of(c) == Some(kind))
                .collect();
            let rules = st.rules().name;
            assert_eq!(
                alone.iter().collect::<Vec<_>>(),
                of_kind,
                "{rules}: {kind:?}"
            );
            compared += alone.len();
        }
        compared
    });
}

/// Over main-phase states, how often the random player picks each kind matches the weights of the kinds the full
/// listing holds: weight over the sum of the present kinds' weights.
#[test]
fn main_kinds_are_picked_by_weight() {
    const DRAWS: u32 = 4_000;
    let mut rng = GameRng::seed_from_u64(7);
    check_states(4, 23, 50, "states", |st, seat| {
        if !main_phase(st, seat) {
            return 0;
        }
        let rules = st.rules().name;
        let listed = legal_actions(st, seat);
        let mut kinds: Vec<MainKind> = Vec::new();
        for c in &listed {
            let k = MainKind::of(c).unwrap();
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        let total: u32 = kinds.iter().map(|&k| main_weight(st, k)).sum();
        let mut seen = vec![0u32; kinds.len()];
        for _ in 0..DRAWS {
            let c = random_command(st, seat, &mut rng).unwrap();
            assert!(listed.contains(&c), "{rules}: {c:?} not listed");
            let k = MainKind::of(&c).unwrap();
            seen[kinds.iter().position(|&x| x == k).unwrap()] += 1;
        }
        for (i, &k) in kinds.iter().enumerate() {
            let want = f64::from(main_weight(st, k)) / f64::from(total);
            let got = f64::from(seen[i]) / f64::from(DRAWS);
            // Five standard deviations of a frequency over 4 000 draws at worst (p = 1/2).
            assert!(
                (got - want).abs() < 0.04,
                "{rules}: {k:?}: picked {got:.3}, weight {want:.3} of {kinds:?}"
            );
        }
        1
    });
}

#[test]
fn weights_are_unchanged() {
    check_states(6, 5, 50_000, "weights compared", |st, seat| {
        let listed = legal_actions(st, seat);
        for c in &listed {
            let rules = st.rules().name;
            assert_eq!(weight(st, c), reference_weight(st, c), "{rules}: {c:?}");
        }
        listed.len()
    });
}

/// The weights the random player had before it listed kind by kind, verbatim but for the barbarian track's length,
/// which is now the state's rules' instead of the printed game's.
fn reference_weight(state: &State, c: &Command) -> u32 {
    match c {
        Command::BuildCity { .. } | Command::BuildSettlement { .. } => 200,
        Command::ImproveCity { .. } => 150,
        Command::BuildKnight { .. } | Command::ActivateKnight { .. } => {
            if state.barbarians + 2 >= state.rules().barbarian_track_len {
                80
            } else {
                15
            }
        }
        Command::PromoteKnight { .. } | Command::BuildCityWall { .. } => 15,
        Command::BuildRoad { .. } => 30,
        Command::MoveKnight { .. } | Command::ChaseRobber { .. } => 5,
        Command::PlayProgressCard { .. } => 25,
        Command::BankTrade { .. } => 20,
        // Offers and counter-offers are rare: each one makes every other seat answer.
        Command::OfferTrade { .. } | Command::CounterOffer { .. } => 2,
        Command::AcceptTrade | Command::AcceptCounterOffer { .. } => 10,
        Command::RejectTrade | Command::RejectCounterOffer { .. } | Command::WithdrawTrade => 20,
        Command::EndTurn => 25,
        _ => 10,
    }
}

/// The candidates the listing used to try, verbatim: every way worth listing to play `card`, valid or not.
fn candidates(st: &State, seat: Seat, card: ProgressCard) -> Vec<ProgressPlay> {
    use ProgressCard as C;
    let t = st.board.topology();
    let others: Vec<Seat> = st.seat_iter().filter(|&s| s != seat).collect();
    let mut v = Vec::new();
    match card {
        C::Alchemist | C::Printer | C::Constitution => {}
        C::Crane => {
            for track in Track::ALL {
                let level = st.players[seat.index()].improvements.get(track) + 1;
                for metropolis in metropolis_choices(st, seat, track, level) {
                    v.push(ProgressPlay::Crane { track, metropolis });
                }
            }
        }
        C::Engineer => v.extend(t.vertices().map(|vertex| ProgressPlay::Engineer { vertex })),
        C::Inventor => {
            let hexes: Vec<HexId> = t
                .hexes()
                .filter(|&h| matches!(st.board.number(h), Some(n) if !matches!(n, 2 | 6 | 8 | 12)))
                .collect();
            for (i, &a) in hexes.iter().enumerate() {
                for &b in &hexes[i + 1..] {
                    v.push(ProgressPlay::Inventor {
                        first: a,
                        second: b,
                    });
                }
            }
        }
        C::Irrigation => v.push(ProgressPlay::Irrigation),
        C::Mining => v.push(ProgressPlay::Mining),
        C::Medicine => v.extend(t.vertices().map(|vertex| ProgressPlay::Medicine { vertex })),
        C::RoadBuilding => {
            for first in t.edges() {
                if road_site_ok(st, &st.edges, seat, first).is_err() {
                    continue;
                }
                let mut edges = st.edges.clone();
                edges[first.index()] = EdgePiece::road(seat);
                let second = t
                    .edges()
                    .find(|&e| road_site_ok(st, &edges, seat, e).is_ok());
                v.push(ProgressPlay::RoadBuilding { first, second });
            }
        }
        C::Smith => {
            let mine: Vec<VertexId> = t
                .vertices()
                .filter(|x| matches!(st.knights[x.index()], Some(k) if k.seat == seat))
                .collect();
            for (i, &a) in mine.iter().enumerate() {
                v.push(ProgressPlay::Smith {
                    first: a,
                    second: None,
                });
                for &b in &mine[i + 1..] {
                    v.push(ProgressPlay::Smith {
                        first: a,
                        second: Some(b),
                    });
                }
            }
        }
        C::CommercialHarbor => {
            // To every opponent, whether it holds a commodity or not (CK-PROG-07).
            let mut left = st.players[seat.index()].hand.resources;
            let mut offers = Vec::new();
            for &s in &others {
                if let Some(r) = Resource::ALL.into_iter().find(|&r| left.get(r) > 0) {
                    *left.get_mut(r) -= 1;
                    offers.push(HarborOffer {
                        seat: s,
                        resource: r,
                    });
                }
            }
            v.push(ProgressPlay::CommercialHarbor { offers });
        }
        C::MasterMerchant => v.extend(
            others
                .iter()
                .map(|&victim| ProgressPlay::MasterMerchant { victim }),
        ),
        C::Merchant => v.extend(t.hexes().map(|hex| ProgressPlay::Merchant { hex })),
        C::MerchantFleet => v.extend(Good::ALL.map(|good| ProgressPlay::MerchantFleet { good })),
        C::ResourceMonopoly => {
            v.extend(Resource::ALL.map(|resource| ProgressPlay::ResourceMonopoly { resource }))
        }
        C::TradeMonopoly => {
            v.extend(Commodity::ALL.map(|commodity| ProgressPlay::TradeMonopoly { commodity }))
        }
        C::Bishop => v.extend(t.hexes().map(|hex| ProgressPlay::Bishop { hex })),
        C::Deserter => v.extend(
            others
                .iter()
                .map(|&victim| ProgressPlay::Deserter { victim }),
        ),
        C::Diplomat => {
            for e in t.edges() {
                let Some(owner) = st.edges[e.index()].owner() else {
                    continue;
                };
                if !is_open_road(st, owner, e) {
                    continue;
                }
                v.push(ProgressPlay::Diplomat {
                    edge: e,
                    relocate: None,
                });
                if owner == seat {
                    let mut edges = st.edges.clone();
                    edges[e.index()] = EdgePiece::EMPTY;
                    if let Some(r) = t
                        .edges()
                        .find(|&r| r != e && road_site_ok(st, &edges, seat, r).is_ok())
                    {
                        v.push(ProgressPlay::Diplomat {
                            edge: e,
                            relocate: Some(r),
                        });
                    }
                }
            }
        }
        C::Intrigue => v.extend(
            t.vertices()
                .filter(|x| matches!(st.knights[x.index()], Some(k) if k.seat != seat))
                .map(|vertex| ProgressPlay::Intrigue { vertex }),
        ),
        C::Saboteur => v.push(ProgressPlay::Saboteur),
        C::Spy => v.extend(others.iter().map(|&victim| ProgressPlay::Spy { victim })),
        C::Warlord => v.push(ProgressPlay::Warlord),
        C::Wedding => v.push(ProgressPlay::Wedding),
    }
    v
}

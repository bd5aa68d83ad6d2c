//! Property tests over random legal games of Cities & Knights.
//!
//! Each game is a [`Playout`]: `random_command` for a random seat among `seats_to_act`. Along the way: the chosen
//! command and a sample of the other listed commands are accepted; random junk commands never panic, and refused
//! ones change nothing ([`crate::refusal`]); resources, commodities, progress cards and pieces are conserved; views
//! hide hands and progress cards. At the end: the game has a winner, replaying the log gives the live state, and
//! the state survives a JSON round trip. The checks draw from a generator of their own, so the game itself is the
//! random player's alone.
//!
//! Two hundred games by default (debug builds in CI); `HEXFOLD_SOAK=1` plays thousands.

use hexfold_rules::cities_knights::{
    full_deck, CitiesKnights, Command, Config, Event, EventView, Good, Hand, Phase, ProgressCard,
    State, Track, POINTS_TO_WIN,
};
use hexfold_rules::hex::{EdgeId, HexId, MapKind, Resources, VertexId};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::{Game, GameRng, Seat, Viewer};
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// Commands per game before we call it stuck.
const COMMANDS_PER_GAME_MAX: u64 = 30_000;

fn id<T: serde::de::DeserializeOwned>(n: u32) -> T {
    serde_json::from_value(serde_json::json!(n)).unwrap()
}

fn rand_hand(rng: &mut GameRng) -> Hand {
    Hand::from_array(std::array::from_fn(|_| {
        if rng.gen_bool(0.7) {
            0
        } else {
            rng.gen_range(0..3)
        }
    }))
}

/// A random, usually illegal, command.
fn junk(rng: &mut GameRng) -> Command {
    let v: VertexId = id(rng.gen_range(0..60));
    let v2: VertexId = id(rng.gen_range(0..60));
    let e: EdgeId = id(rng.gen_range(0..80));
    let h: HexId = id(rng.gen_range(0..21));
    let good = Good::ALL[rng.gen_range(0..8)];
    let track = Track::ALL[rng.gen_range(0..3)];
    match rng.gen_range(0..20) {
        0 => Command::RollDice,
        1 => Command::BuildRoad { edge: e },
        2 => Command::BuildSettlement { vertex: v },
        3 => Command::BuildCity { vertex: v },
        4 => Command::BuildKnight { vertex: v },
        5 => Command::ActivateKnight { vertex: v },
        6 => Command::PromoteKnight { vertex: v },
        7 => Command::MoveKnight { from: v, to: v2 },
        8 => Command::ChaseRobber { knight: v },
        9 => Command::ImproveCity {
            track,
            metropolis: rng.gen_bool(0.2).then_some(v2),
        },
        10 => Command::BankTrade {
            give: good,
            receive: Good::ALL[rng.gen_range(0..8)],
        },
        11 => Command::OfferTrade {
            give: rand_hand(rng),
            receive: rand_hand(rng),
        },
        12 => Command::AcceptTrade,
        13 => Command::Discard {
            cards: rand_hand(rng),
        },
        14 => Command::GiveCards {
            cards: rand_hand(rng),
        },
        15 => Command::MoveRobber {
            hex: h,
            victim: Some(Seat(rng.gen_range(0..5))),
        },
        16 => Command::BuildCityWall { vertex: v },
        17 => Command::ChooseCityToLose { vertex: v },
        18 => Command::RetreatKnight { vertex: v },
        _ => Command::EndTurn,
    }
}

fn check_conservation(state: &State) {
    let view = CitiesKnights::view_state(state, Viewer::Omniscient);
    let mut total = state.bank();
    for s in 0..state.seats() {
        total = total.plus(state.hand(Seat(s)));
    }
    assert_eq!(
        total.resources,
        Resources::all(19),
        "resources not conserved"
    );
    assert_eq!(total.commodities.coin, 12, "coin not conserved");
    assert_eq!(total.commodities.paper, 12, "paper not conserved");
    assert_eq!(total.commodities.cloth, 12, "cloth not conserved");
    for track in Track::ALL {
        let mut cards: Vec<ProgressCard> = state.deck_cards(track);
        for s in 0..state.seats() {
            cards.extend(
                state
                    .progress_cards(Seat(s))
                    .iter()
                    .filter(|c| c.track() == track),
            );
            cards.extend(
                state
                    .victory_point_cards(Seat(s))
                    .iter()
                    .filter(|c| c.track() == track),
            );
        }
        cards.sort();
        let mut full = full_deck(track);
        full.sort();
        assert_eq!(cards, full, "{track:?} progress cards not conserved");
    }
    for p in &view.players {
        let mine = |city: bool| {
            view.buildings
                .iter()
                .filter(|b| b.seat == p.seat && b.city == city)
                .count() as u8
        };
        // A pillaged city stays a settlement even without a settlement piece (official FAQ), so only the
        // cities and the supply that can still be built are bounded.
        assert!(mine(true) <= 4 && p.cities_left + mine(true) == 4);
        assert!(mine(false) <= 4 + 5 && p.settlements_left == 5u8.saturating_sub(mine(false)));
        assert_eq!(
            p.roads_left + view.roads.iter().filter(|r| r.seat == p.seat).count() as u8,
            15
        );
        let walls = view
            .buildings
            .iter()
            .filter(|b| b.seat == p.seat && b.wall)
            .count() as u8;
        assert_eq!(p.walls_left + walls, 3);
        assert!(
            view.buildings.iter().all(|b| !b.wall || b.city),
            "a wall without a city"
        );
        for s in 1..=3u8 {
            let on_board = view
                .knights
                .iter()
                .filter(|k| k.seat == p.seat && k.strength == s)
                .count() as u8;
            let retreating = view
                .obligations
                .iter()
                .filter(|o| {
                    matches!(o, hexfold_rules::cities_knights::Obligation::Retreat { seat, strength, .. }
                        if *seat == p.seat && *strength == s)
                })
                .count() as u8;
            assert_eq!(
                p.knights_left[usize::from(s - 1)] + on_board + retreating,
                2,
                "knights of strength {s}"
            );
        }
        assert!(p.progress_card_count as usize <= 5);
    }
}

fn check_views(state: &State) {
    let spectator = CitiesKnights::view_state(state, Viewer::Spectator);
    for p in &spectator.players {
        assert!(p.hand.is_none() && p.progress_cards.is_none());
        assert_eq!(p.points, state.points(p.seat));
    }
    let me = Seat(1);
    let mine = CitiesKnights::view_state(state, Viewer::Seat(me));
    for p in &mine.players {
        if p.seat == me {
            assert_eq!(p.hand, Some(state.hand(me)));
            assert_eq!(p.progress_cards.as_deref(), Some(state.progress_cards(me)));
        }
        assert_eq!(u16::from(p.card_count), state.hand(p.seat).total());
    }
}

fn check_event_view(state: &State, event: &Event) {
    if let Event::ProgressCardDrawn { seat, card, .. } = event {
        for s in 0..state.seats() {
            let v = CitiesKnights::view_event(state, event, Viewer::Seat(Seat(s)));
            let EventView::ProgressCardDrawn { card: shown, .. } = v else {
                panic!("a drawn card has its own view")
            };
            assert_eq!(shown.is_some(), Seat(s) == *seat || card.is_victory_point());
        }
    }
    if let Event::CardStolen { thief, victim, .. } = event {
        let v = CitiesKnights::view_event(state, event, Viewer::Spectator);
        assert!(matches!(v, EventView::CardStolen { good: None, .. }));
        let v = CitiesKnights::view_event(state, event, Viewer::Seat(*thief));
        assert!(matches!(v, EventView::CardStolen { good: Some(_), .. }));
        let _ = victim;
    }
}

/// Plays one game; returns (commands, barbarian attacks). Every event's variant name (and every played progress
/// card) goes into `seen`, so the caller can check that random play reached each rule.
fn play_game(seed: u64, seats: u8, negotiated: bool, seen: &mut BTreeSet<String>) -> (u64, u16) {
    let map = if seed % 2 == 0 {
        MapKind::Variable
    } else {
        MapKind::Beginner
    };
    let config = Config {
        seats,
        map,
        negotiated_defence: negotiated,
        points_to_win: POINTS_TO_WIN,
    };
    let (setup, playout) = Playout::<CitiesKnights>::seeded(&config, seed).unwrap();
    let mut playout = playout
        .list_legal()
        .keep_log()
        .command_limit(COMMANDS_PER_GAME_MAX);
    let mut rng = GameRng::seed_from_u64(seed ^ 0xc4ec);
    loop {
        let step = playout.step(|step| {
            let (state, seat) = (step.before, step.seat);
            // Junk never panics; refused, it changes nothing.
            if rng.gen_bool(0.05) {
                let seat = Seat(rng.gen_range(0..seats));
                let thorough = rng.gen_bool(0.2);
                let _ = crate::refusal::decide_checked::<CitiesKnights>(
                    state,
                    seat,
                    &junk(&mut rng),
                    &mut rng.clone(),
                    thorough,
                );
            }
            let legal = step.legal.expect("the playout lists legal actions");
            if rng.gen_bool(0.1) {
                let other = &legal[rng.gen_range(0..legal.len())];
                if let Err(v) = CitiesKnights::decide(state, seat, other, &mut rng.clone()) {
                    panic!("listed {other:?} refused: {v:?}");
                }
            }
            step.each_event(|state, e| {
                let name = serde_json::to_value(e).unwrap();
                let name = name
                    .as_object()
                    .and_then(|o| o.keys().next().cloned())
                    .unwrap_or_default();
                seen.insert(name);
                if let Event::ProgressCardPlayed { card, .. } = e {
                    seen.insert(format!("{card:?}"));
                }
                check_event_view(state, e);
                if std::env::var_os("CK_DEBUG").is_some() {
                    eprintln!("{e:?}");
                    check_conservation(&CitiesKnights::evolve(state.clone(), e));
                }
            });
        });
        match step {
            Ok(()) => {
                check_conservation(playout.state());
                if playout.played() % 25 == 0 {
                    check_views(playout.state());
                }
            }
            Err(Stop::Ended(_)) => break,
            Err(Stop::CommandLimit) => panic!(
                "game {seed} did not end; phase {:?}",
                playout.state().phase()
            ),
            Err(Stop::NobodyToAct) => {
                panic!("nobody can act in {:?}", playout.state().phase())
            }
            Err(Stop::NoCommand(seat)) => panic!(
                "seat {seat:?} must act but has nothing legal in {:?}: {:?}",
                playout.state().phase(),
                playout.state().obligations()
            ),
            Err(Stop::Refused {
                command, violation, ..
            }) => panic!("game {seed}: listed {command:?} refused: {violation:?}"),
        }
    }
    let state = playout.state();
    assert!(matches!(state.phase(), Phase::Ended { .. }));
    let winner = CitiesKnights::outcome(state).unwrap().winner;
    assert!(state.points(winner) >= 13);
    assert!(
        playout.replay_matches(&setup),
        "replay differs from live state"
    );
    let json = serde_json::to_string(state).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, state);
    let log = playout.log();
    let log_json = serde_json::to_string(log).unwrap();
    let log_back: Vec<Event> = serde_json::from_str(&log_json).unwrap();
    assert_eq!(log_back, log);
    (playout.played(), state.barbarian_attacks())
}

#[test]
fn random_games_end_and_conserve() {
    let mut attacks = 0;
    let mut commands = 0;
    let start = std::time::Instant::now();
    let mut seen = BTreeSet::new();
    for seed in 0..crate::random_games() {
        let seats = 3 + (seed % 2) as u8;
        let (n, a) = play_game(seed, seats, seed % 5 == 4, &mut seen);
        commands += n;
        attacks += u64::from(a);
    }
    eprintln!(
        "{} games, {commands} commands, {attacks} barbarian attacks in {:.2?}",
        crate::random_games(),
        start.elapsed()
    );
    // Random play must reach the rules it is meant to exercise: attacks won and lost, displacement, metropolises,
    // negotiated defence, counter-offers and every playable progress card.
    assert!(attacks > 0);
    let want = [
        "BarbariansAttacked",
        "CityLost",
        "ProgressCardDrawn",
        "ProgressCardReturned",
        "MetropolisPlaced",
        "KnightDisplaced",
        "KnightRetreated",
        "KnightPromoted",
        "CityWallBuilt",
        "RobberMoved",
        "CardStolen",
        "SevenRolled",
        "Discarded",
        "DefenceCalled",
        "KnightsCommitted",
        "AqueductTaken",
        "TradeCompleted",
        "CounterOffered",
        "CounterOfferRejected",
        "BankTraded",
        "LongestRoadChanged",
        "Alchemist",
        "Crane",
        "Engineer",
        "Inventor",
        "Irrigation",
        "Medicine",
        "Mining",
        "RoadBuilding",
        "Smith",
        "CommercialHarbor",
        "MasterMerchant",
        "Merchant",
        "MerchantFleet",
        "ResourceMonopoly",
        "TradeMonopoly",
        "Bishop",
        "Deserter",
        "Diplomat",
        "Intrigue",
        "Saboteur",
        "Spy",
        "Warlord",
        "Wedding",
    ];
    let missing: Vec<&str> = want
        .iter()
        .copied()
        .filter(|w| !seen.contains(*w))
        .collect();
    assert!(
        missing.is_empty(),
        "never reached in random play: {missing:?}"
    );
}

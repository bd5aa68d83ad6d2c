//! Property tests over random legal games of Catania, with 3, 4, 5 and 6 seats.
//!
//! Each game is a [`Playout`]: `random_command` for a random seat among `seats_to_act`. Along the way: the chosen
//! command and a sample of the other listed ones are accepted; random commands (most of them beside the acting
//! seat's own pieces, so a good share is legal) are accepted only if listed, except the choices the listing
//! samples (card sets, larger offers, the second piece of a road building card, the diplomat's relocation), and a
//! refused one changes nothing ([`crate::refusal`]); resources (24 each), commodities (18 each), the progress
//! decks, the development deck (25 or 34 cards), the chips (Catan's 28 and the bag's 56) and every piece
//! (settlements, cities, roads, ships, walls, knights, landing places) are conserved; views hide hands, progress
//! and development cards and hidden points, and the bought card's view is the buyer's alone. At the end: a winner
//! with 20 points, nothing listed or accepted any more, the log's replay equal to the live state, and state and log
//! surviving a JSON round trip. The checks draw from a generator of their own, so the game is the random player's.
//! Random play must reach every rule the test names, and it prints how often each special rule fired (the natural
//! forces, their wrecks, the repairs, the wrap-around, an iceberg on a harbor, the avalanches, the eruptions,
//! the 7-hexes' yields, the specialists and the conquest points).
//!
//! The rarest of the stations' and the temple's rules (a wholesale house downgraded, a station the bank cannot pay,
//! a tribute defaulted, its debt called, paid and the gods' share) also come from random games built for them: a
//! random game's roll phase with sacrificial sites beside even chips, emptied hands and a warned wholesale house, or
//! a drained bank, played on by the random player under the same conservation checks, which must reach each.
//!
//! Every game ends within [`COMMANDS_PER_GAME_MAX`] commands (the turn limit of these tests: a game stuck in
//! random play fails them); the random player's games end in a few thousand. Two hundred games by default
//! (debug builds in CI); `HEXFOLD_SOAK=1` plays thousands.

use hexfold_rules::catan::DevCards;
use hexfold_rules::catania::wonder::WONDER_LEVELS;
use hexfold_rules::catania::{
    Bandit, Blow, Catania, Command, Config, Event, EventView, Force, HexChip, RoutePiece, Ruin,
    State, TempleDue, Wonder, POINTS_TO_WIN,
};
use hexfold_rules::cities_knights::{
    full_deck, Command as K, Event as E, Hand, Obligation, Phase, ProgressCard, ProgressPlay, Track,
};
use hexfold_rules::hex::{harbor_hex, EdgeId, HexId, Resource, Resources, Terrain, VertexId};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::{Game, GameRng, Seat, Viewer};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// Commands per game before the game counts as stuck: the limit under which every random game must end.
const COMMANDS_PER_GAME_MAX: u64 = 60_000;

fn id<T: serde::de::DeserializeOwned>(n: usize) -> T {
    serde_json::from_value(serde_json::json!(n)).unwrap()
}

fn rand_resources(rng: &mut GameRng) -> Resources {
    Resources::from_array(std::array::from_fn(|_| {
        if rng.gen_bool(0.7) {
            0
        } else {
            rng.gen_range(0..3)
        }
    }))
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

/// A side next to one of `seat`'s pieces, or any side.
fn near_edge(state: &State, seat: Seat, rng: &mut GameRng) -> EdgeId {
    let t = state.board().topology();
    let own: Vec<EdgeId> = t
        .edges()
        .filter(|e| state.ck().edges()[e.index()].owner() == Some(seat))
        .collect();
    if own.is_empty() || rng.gen_bool(0.2) {
        return id(rng.gen_range(0..t.edge_count() + 3));
    }
    let e = own[rng.gen_range(0..own.len())];
    let v = t.edge_vertices(e)[rng.gen_range(0..2)];
    let es = t.vertex_edges(v);
    es[rng.gen_range(0..es.len())]
}

/// A corner next to one of `seat`'s pieces, or any corner.
fn near_vertex(state: &State, seat: Seat, rng: &mut GameRng) -> VertexId {
    let t = state.board().topology();
    if rng.gen_bool(0.2) {
        return id(rng.gen_range(0..t.vertex_count() + 3));
    }
    let e = near_edge(state, seat, rng);
    match t.edge(e.index()) {
        Some(e) => t.edge_vertices(e)[rng.gen_range(0..2)],
        None => id(rng.gen_range(0..t.vertex_count())),
    }
}

/// A random command for `seat`, often beside its pieces, usually illegal.
fn junk(state: &State, seat: Seat, rng: &mut GameRng) -> Command {
    let seats = state.seats();
    let victim = rng.gen_bool(0.7).then(|| Seat(rng.gen_range(0..seats + 1)));
    let e = near_edge(state, seat, rng);
    let e2 = near_edge(state, seat, rng);
    let v = near_vertex(state, seat, rng);
    let h: HexId = id(rng.gen_range(0..200));
    let r = Resource::ALL[rng.gen_range(0..5)];
    let bandit = if rng.gen_bool(0.5) {
        Bandit::Robber
    } else {
        Bandit::Pirate
    };
    let piece = |edge, rng: &mut GameRng| RoutePiece {
        edge,
        ship: rng.gen_bool(0.5),
    };
    match rng.gen_range(0..32) {
        0 => Command::Ck(K::RollDice),
        1 => Command::Ck(K::PlaceSettlement { vertex: v }),
        2 => Command::Ck(K::PlaceRoad { edge: e }),
        3 => Command::PlaceShip { edge: e },
        4 => Command::Ck(K::BuildRoad { edge: e }),
        5 => Command::BuildShip { edge: e },
        6 => Command::MoveShip { from: e, to: e2 },
        7 => Command::BuildLandingPlace { vertex: v },
        8 => Command::Ck(K::BuildSettlement { vertex: v }),
        9 => Command::Ck(K::BuildCity { vertex: v }),
        10 => Command::Ck(K::MoveRobber { hex: h, victim }),
        11 => Command::MovePirate { hex: h, victim },
        12 => Command::ChooseGold {
            resources: rand_resources(rng),
        },
        13 => Command::BuyDevelopmentCard,
        14 => Command::PlayKnight {
            bandit,
            hex: h,
            victim,
        },
        15 => Command::PlayRoadBuilding {
            first: piece(e, rng),
            second: rng.gen_bool(0.7).then(|| piece(e2, rng)),
        },
        16 => Command::PlayYearOfPlenty {
            first: r,
            second: Resource::ALL[rng.gen_range(0..5)],
        },
        17 => Command::PlayMonopoly { resource: r },
        18 => Command::ChaseBandit {
            knight: v,
            bandit,
            hex: h,
            victim,
        },
        19 => Command::Ck(K::BuildKnight { vertex: v }),
        20 => Command::Ck(K::OfferTrade {
            give: rand_hand(rng),
            receive: rand_hand(rng),
        }),
        21 => Command::Ck(K::AcceptTrade),
        22 => Command::Ck(K::RejectTrade),
        23 => Command::Ck(K::BankTrade {
            give: hexfold_rules::cities_knights::Good::ALL[rng.gen_range(0..8)],
            receive: hexfold_rules::cities_knights::Good::ALL[rng.gen_range(0..8)],
        }),
        24 => Command::Ck(K::PlaceCity { vertex: v }),
        25 => Command::Ck(K::ChaseRobber { knight: v }),
        26 => Command::PlayProgressRoadBuilding {
            first: piece(e, rng),
            second: rng.gen_bool(0.7).then(|| piece(e2, rng)),
        },
        27 => Command::Ck(K::PlayProgressCard {
            play: ProgressPlay::Diplomat {
                edge: e,
                relocate: rng.gen_bool(0.3).then_some(e2),
            },
        }),
        29 if rng.gen_bool(0.5) => Command::ExchangeAtStation {
            give: rand_hand(rng),
            take: rand_resources(rng),
        },
        29 if rng.gen_bool(0.5) => Command::PayTemple {
            resources: rand_resources(rng),
        },
        28 => Command::Ck(K::Discard {
            cards: rand_hand(rng),
        }),
        30 => Command::StartWonder {
            wonder: Wonder::ALL[rng.gen_range(0..5)],
        },
        31 => Command::BuildWonderLevel,
        _ => Command::Ck(K::EndTurn),
    }
}

/// Choices the listing samples rather than lists in full (documented in `catania::legal`): accepted unlisted.
fn unlisted_by_design(c: &Command) -> bool {
    match c {
        Command::Ck(K::OfferTrade { give, receive } | K::CounterOffer { give, receive }) => {
            give.total() != 1 || receive.total() != 1
        }
        Command::Ck(
            K::Discard { .. }
            | K::GiveCards { .. }
            | K::TakeCards { .. }
            | K::CommitKnights { .. }
            | K::PlayProgressCard {
                play:
                    ProgressPlay::CommercialHarbor { .. }
                    | ProgressPlay::Diplomat {
                        relocate: Some(_), ..
                    },
            },
        )
        | Command::ChooseGold { .. }
        | Command::ExchangeAtStation { .. }
        | Command::PlayRoadBuilding { .. }
        | Command::PlayProgressRoadBuilding { .. } => true,
        _ => false,
    }
}

/// Development cards played so far, by kind (they leave the game).
#[derive(Default)]
struct Played(DevCards);

fn check_conservation(state: &State, played: &Played) {
    let ck = state.ck();
    // A repair is owed only for a side that lies empty.
    for r in state.repairs() {
        assert!(
            ck.edges()[r.edge.index()].is_empty(),
            "{r:?} on a built side"
        );
    }
    let seats = state.seats();
    // The castle's face-down pile holds cards of the supply too.
    let mut total = state
        .castle_cards()
        .iter()
        .fold(ck.bank(), |h, c| h.plus(Hand::one(c.good, 1)));
    for s in 0..seats {
        total = total.plus(ck.hand(Seat(s)));
    }
    assert_eq!(
        total.resources,
        Resources::all(24),
        "resources not conserved"
    );
    assert_eq!(
        [
            total.commodities.coin,
            total.commodities.paper,
            total.commodities.cloth
        ],
        [18; 3],
        "commodities not conserved"
    );
    for track in Track::ALL {
        let mut cards: Vec<ProgressCard> = ck.deck_cards(track);
        for s in 0..seats {
            let s = Seat(s);
            cards.extend(ck.progress_cards(s).iter().filter(|c| c.track() == track));
            cards.extend(
                ck.victory_point_cards(s)
                    .iter()
                    .filter(|c| c.track() == track),
            );
        }
        cards.sort();
        let mut full = full_deck(track);
        full.sort();
        assert_eq!(cards, full, "{track:?} progress cards not conserved");
    }
    let mut dev = state.development_deck().plus(played.0);
    for s in 0..seats {
        let (held, new) = state.development_cards(Seat(s));
        dev = dev.plus(held).plus(new);
    }
    assert_eq!(
        dev,
        Catania::deck_for(seats),
        "development cards not conserved"
    );
    // Chips: Catan's 28 and the bag's two sets, on producing hexes or in the bag.
    let board = state.board();
    let mut chips = [0u16; 13];
    for h in board.topology().hexes() {
        if let Some(n) = board.number(h).filter(|&n| n != 7) {
            assert!(
                board.terrain(h).produces(),
                "a chip on a {:?}",
                board.terrain(h)
            );
            chips[usize::from(n)] += 1;
        }
    }
    for n in 2..=12u8 {
        chips[usize::from(n)] += u16::from(state.chip_bag().count(n));
    }
    let set: [u16; 13] = [0, 0, 2, 3, 3, 3, 3, 0, 3, 3, 3, 3, 2];
    assert_eq!(chips, set.map(|n| 3 * n), "number chips not conserved");
    let view = Catania::view_state(state, Viewer::Omniscient);
    for (p, sailor) in view.ck.players.iter().zip(&view.sailors) {
        let seat = p.seat;
        let count = |city: bool| {
            view.ck
                .buildings
                .iter()
                .filter(|b| b.seat == seat && b.city == city)
                .count() as u8
        };
        assert_eq!(p.cities_left + count(true), 8, "cities of {seat:?}");
        assert_eq!(
            p.settlements_left + count(false),
            9,
            "settlements of {seat:?}"
        );
        let roads = view.ck.roads.iter().filter(|r| r.seat == seat).count() as u8;
        assert_eq!(p.roads_left + roads, 21, "roads of {seat:?}");
        // A wonder's builder marks it with one of its ships (spec D-07).
        let marker = view.wonders.iter().filter(|w| w.seat == seat).count() as u8;
        assert!(marker <= 1, "one wonder per seat: {:?}", view.wonders);
        let ships = view.ships.iter().filter(|r| r.seat == seat).count() as u8;
        assert_eq!(sailor.ships_left + ships + marker, 30, "ships of {seat:?}");
        let landings = view
            .landing_places
            .iter()
            .filter(|l| l.seat == seat)
            .count() as u8;
        assert_eq!(
            sailor.landing_places_left + landings,
            5,
            "landing places of {seat:?}"
        );
        let walls = view
            .ck
            .buildings
            .iter()
            .filter(|b| b.seat == seat && b.wall)
            .count() as u8;
        assert_eq!(p.walls_left + walls, 3, "walls of {seat:?}");
        for s in 1..=3u8 {
            let on_board = view
                .ck
                .knights
                .iter()
                .filter(|k| k.seat == seat && k.strength == s)
                .count() as u8;
            let retreating = view
                .ck
                .obligations
                .iter()
                .filter(|o| matches!(o, Obligation::Retreat { seat: x, strength, .. } if *x == seat && *strength == s))
                .count() as u8;
            assert_eq!(
                p.knights_left[usize::from(s - 1)] + on_board + retreating,
                2
            );
        }
    }
    assert!(
        view.ck.buildings.iter().all(|b| !b.wall || b.city),
        "a wall without a city"
    );
    // Ships only at sea, roads only by land, settlements by land; the special hexes' rules on what stands there.
    for r in &view.ships {
        assert!(hexfold_rules::hex::ship_edge(board, r.edge));
    }
    for r in &view.ck.roads {
        assert!(hexfold_rules::hex::road_edge(board, r.edge));
    }
    let mut posts = [0u8; 6];
    for b in &view.ck.buildings {
        let hexes = board.topology().vertex_hexes(b.vertex);
        assert!(hexes.iter().any(|&h| board.terrain(h).is_land()));
        // A castle settlement stays a settlement.
        if hexes.iter().any(|&h| board.terrain(h) == Terrain::Castle) {
            assert!(!b.city, "a city at the castle");
        }
        // A sacrificial site stays a settlement.
        if hexes.iter().any(|&h| board.terrain(h) == Terrain::Temple) {
            assert!(!b.city, "a city at the temple");
        }
        // A seat has one station building at most, never walled.
        if hexes.iter().any(|&h| board.terrain(h) == Terrain::Station) {
            posts[b.seat.index()] += 1;
            assert!(!b.wall, "a wall at a station");
        }
    }
    assert!(posts.iter().all(|&n| n <= 1), "posts {posts:?}");
    // Warnings and exchanges due name standing station buildings of their seats.
    for p in state
        .warned_posts()
        .iter()
        .chain(state.station_exchanges_due())
    {
        assert_eq!(ck.vertices()[p.vertex.index()].owner(), Some(p.seat));
    }
}

fn check_views(state: &State) {
    let spectator = Catania::view_state(state, Viewer::Spectator);
    for (p, s) in spectator.ck.players.iter().zip(&spectator.sailors) {
        assert!(p.hand.is_none() && p.progress_cards.is_none());
        assert!(s.development_cards.is_none() && s.development_cards_new.is_none());
        // Hidden victory point cards show only at the end (CAT-END-02).
        let points = if Catania::outcome(state).is_some() {
            state.points(p.seat)
        } else {
            state.public_points(p.seat)
        };
        assert_eq!(s.points, points, "hidden points shown");
    }
    let me = Seat(1);
    let mine = Catania::view_state(state, Viewer::Seat(me));
    for (p, s) in mine.ck.players.iter().zip(&mine.sailors) {
        let own = p.seat == me;
        // Another's hand shows only to the master merchant's player while they choose (the layer's rule).
        let peeking = state.ck().obligations().iter().any(
            |o| matches!(o, Obligation::TakeCards { seat, from, .. } if *seat == me && *from == p.seat),
        );
        assert_eq!(p.hand.is_some(), own || peeking);
        assert_eq!(s.development_cards.is_some(), own);
        if own {
            assert_eq!(s.points, state.points(me));
        }
        let (held, new) = state.development_cards(p.seat);
        assert_eq!(s.development_card_count, held.total() + new.total());
    }
}

fn check_event_view(state: &State, event: &Event) {
    match event {
        Event::DevelopmentCardBought { seat, .. } => {
            for s in 0..state.seats() {
                let v = Catania::view_event(state, event, Viewer::Seat(Seat(s)));
                let EventView::DevelopmentCardBought { card, .. } = v else {
                    panic!("a bought card has its own view")
                };
                assert_eq!(card.is_some(), Seat(s) == *seat);
            }
        }
        Event::Ck(E::CardStolen { thief, .. }) => {
            let v =
                serde_json::to_value(Catania::view_event(state, event, Viewer::Spectator)).unwrap();
            assert!(v["Ck"]["CardStolen"]["good"].is_null());
            let v = serde_json::to_value(Catania::view_event(state, event, Viewer::Seat(*thief)))
                .unwrap();
            assert!(!v["Ck"]["CardStolen"]["good"].is_null());
        }
        _ => {}
    }
}

/// An event's name, the layer's inside `Ck`.
fn event_name(e: &Event) -> String {
    let v = serde_json::to_value(e).unwrap();
    let name = |v: &serde_json::Value| match v {
        serde_json::Value::Object(o) => o.keys().next().cloned().unwrap_or_default(),
        serde_json::Value::String(s) => s.clone(),
        _ => String::new(),
    };
    match &v {
        serde_json::Value::Object(o) if o.contains_key("Ck") => name(&o["Ck"]),
        v => name(v),
    }
}

/// The special rules an event shows firing (the natural forces, their wrecks, the repairs and the harbor an iceberg
/// blocks), named for the counts the test prints; `state` is the state before `e`.
fn special_rules(state: &State, e: &Event, fired: &mut impl FnMut(&'static str)) {
    let board = state.board();
    let t = board.topology();
    match e {
        Event::ForceMoved {
            force,
            from,
            to,
            wrecks,
        } => {
            fired(match force {
                Force::Iceberg if from == to => "iceberg against land",
                Force::Iceberg => "iceberg moved",
                Force::Hurricane => "hurricane moved",
                Force::StormCloud => "storm cloud moved",
            });
            if from != to && !t.hex_neighbors(*from).contains(to) {
                fired("force wrapped around the rim");
            }
            let harbor = board
                .layout()
                .harbors
                .iter()
                .any(|h| harbor_hex(board, h) == Some(*to));
            if *force == Force::Iceberg && harbor {
                fired("iceberg on a harbor hex");
            }
            for w in wrecks {
                fired(match (force, w.ship) {
                    (Force::Iceberg, _) => "ship wrecked by the iceberg",
                    (_, true) => "ship wrecked by the hurricane",
                    (_, false) => "road wrecked by the hurricane",
                });
                fired(if w.repair {
                    "repair owed"
                } else {
                    "open end wrecked, no repair"
                });
            }
        }
        Event::BuildingTilted { .. } => fired("avalanche tilted a building"),
        Event::BuildingRighted { .. } => fired("tilted building stood up"),
        Event::VolcanoErupted { .. } => fired("volcano erupted"),
        Event::BuildingRuined {
            blow, ruin, wall, ..
        } => {
            fired(match (blow, ruin) {
                (Blow::Avalanche, _) => "avalanche destroyed a building",
                (Blow::Eruption, Ruin::SettlementRemoved) => "eruption removed a settlement",
                (Blow::Eruption, _) => "eruption struck a city",
                (Blow::Guild, Ruin::CityReduced) => "station wholesale downgraded to retail",
                (Blow::Guild, _) => "station building expelled",
            });
            if *wall {
                fired("wall lost to a blow");
            }
        }
        Event::SevenYielded { gains, .. } if !gains.is_empty() => fired("glacier yields on a 7"),
        Event::SpecialistChanged { resource, holder } => {
            fired(match (state.specialist(*resource), holder) {
                (Some(_), Some(_)) => "specialist changed hands",
                (None, Some(_)) => "specialist taken from the bank",
                (_, None) => "specialist back to the bank",
            })
        }
        Event::SpecialistsPaid { .. } => fired("specialist paid its holder"),
        Event::IslandConquered { .. } => fired("island conquered"),
        Event::Ck(E::SettlementBuilt { vertex, .. })
            if t.vertex_hexes(*vertex)
                .iter()
                .any(|&h| board.terrain(h) == Terrain::Station) =>
        {
            fired("station retail post built")
        }
        Event::Ck(E::CityBuilt { vertex, .. })
            if t.vertex_hexes(*vertex)
                .iter()
                .any(|&h| board.terrain(h) == Terrain::Station) =>
        {
            fired("station wholesale house built")
        }
        Event::StationExchanged { gave, vertex, .. } => {
            fired(if gave.commodities.total() > 0 {
                "station exchanged a commodity"
            } else if state.ck().vertices()[vertex.index()].is_city() {
                "station wholesale exchanged resources"
            } else {
                "station retail exchanged"
            });
            if state.warned_posts().iter().any(|p| p.vertex == *vertex) {
                fired("station warning lifted");
            }
        }
        Event::StationWarned { .. } => fired("station warned"),
        Event::SacrificialSiteBuilt { .. } => fired("sacrificial site built"),
        Event::TributesDue { .. } => fired("doubles asked a tribute"),
        Event::TemplePaid { from, to, .. } => fired(
            if state.temple_due().first().is_some_and(|d| {
                *d == TempleDue::Debt {
                    from: *from,
                    to: *to,
                }
            }) {
                "temple debt paid"
            } else {
                "tribute paid"
            },
        ),
        Event::TributeDefaulted { .. } => fired("tribute defaulted into a debt"),
        Event::DebtCalled { .. } => fired("temple debt called"),
        Event::GodsAppeased { .. } => fired("one of the debt's two back to the bank"),
        Event::StationExcused { .. } => fired("station excused by the bank"),
        Event::Ck(E::SettlementBuilt { vertex, .. }) if state.is_castle_corner(*vertex) => {
            fired("castle settlement built")
        }
        Event::CastleDeposited { .. } => fired("castle deposit"),
        Event::CastleLooted { .. } => fired("castle loot"),
        Event::CastleCardReturned { .. } => fired("castle card returned"),
        Event::CastleDefaulted { .. } => fired("castle deposit defaulted into a debt"),
        Event::CastleDebtCalled { .. } => fired("castle debt called"),
        Event::WonderStarted { .. } => fired("wonder started"),
        Event::WonderLevelBuilt { wonder, level, .. } => {
            fired("wonder level");
            if *level == WONDER_LEVELS {
                fired(match wonder {
                    Wonder::Theater => "theater completed",
                    Wonder::GreatBridge => "great bridge completed",
                    Wonder::Monument => "monument completed",
                    Wonder::GreatWall => "great wall completed",
                    Wonder::Cathedral => "cathedral completed",
                });
            }
        }
        // Gold from a number comes after the number's yields, which end the roll; a 7's comes in its robber phase.
        Event::GoldDue { .. } if state.phase() == Phase::Robber => fired("volcano yields on a 7"),
        Event::ShipBuilt { seat, edge, .. } | Event::Ck(E::RoadBuilt { seat, edge, .. })
            if state
                .repairs()
                .iter()
                .any(|r| r.seat == *seat && r.edge == *edge) =>
        {
            fired("repair made")
        }
        _ => {}
    }
}

/// Plays one game; returns its number of commands. Every event's name goes into `seen`, with how often it came.
fn play_game(seed: u64, seats: u8, seen: &mut BTreeMap<String, u64>) -> u64 {
    let config = Config {
        seats,
        points_to_win: POINTS_TO_WIN,
    };
    let (setup, playout) = Playout::<Catania>::seeded(&config, seed).unwrap();
    let mut playout = playout
        .list_legal()
        .keep_log()
        .command_limit(COMMANDS_PER_GAME_MAX);
    let mut rng = GameRng::seed_from_u64(seed ^ 0xca7a);
    let mut played = Played::default();
    loop {
        let step = playout.step(|step| {
            let (state, seat) = (step.before, step.seat);
            let legal = step.legal.expect("the playout lists legal actions");
            if rng.gen_bool(0.2) {
                let c = &legal[rng.gen_range(0..legal.len())];
                if let Err(v) = Catania::decide(state, seat, c, &mut rng.clone()) {
                    panic!("seed {seed}: listed {c:?} refused: {v:?}");
                }
            }
            if rng.gen_bool(0.3) {
                let s = if rng.gen_bool(0.7) {
                    seat
                } else {
                    Seat(rng.gen_range(0..seats))
                };
                let c = junk(state, s, &mut rng);
                let thorough = rng.gen_bool(0.1);
                let decided = crate::refusal::decide_checked::<Catania>(
                    state,
                    s,
                    &c,
                    &mut rng.clone(),
                    thorough,
                );
                if decided.is_ok() && !unlisted_by_design(&c) {
                    assert!(
                        Catania::legal_actions(state, s).contains(&c),
                        "seed {seed}: unlisted {c:?} by {s:?} accepted in {:?}",
                        state.phase()
                    );
                }
            }
            step.each_event(|state, e| {
                let mut saw = |name: String| *seen.entry(name).or_default() += 1;
                saw(event_name(e));
                if let Event::DevelopmentCardPlayed { card, .. } = e {
                    *played.0.get_mut(*card) += 1;
                }
                if let Event::Ck(E::ProgressCardPlayed { card, .. }) = e {
                    saw(format!("{card:?}"));
                }
                special_rules(state, e, &mut |name| saw(name.to_string()));
                check_event_view(state, e);
            });
        });
        match step {
            Ok(()) => {
                check_conservation(playout.state(), &played);
                if playout.played() % 32 == 0 {
                    check_views(playout.state());
                }
            }
            Err(Stop::Ended(_)) => break,
            Err(Stop::CommandLimit) => panic!(
                "seed {seed}, {seats} seats: no winner after {} commands",
                playout.played()
            ),
            Err(Stop::NobodyToAct) => {
                panic!(
                    "seed {seed}: nobody can act in {:?}",
                    playout.state().phase()
                )
            }
            Err(Stop::NoCommand(seat)) => panic!(
                "seed {seed}: seat {seat:?} must act but has nothing legal in {:?}",
                playout.state().phase()
            ),
            Err(Stop::Refused {
                command, violation, ..
            }) => panic!("seed {seed}: chosen {command:?} refused: {violation:?}"),
        }
    }
    let state = playout.state();
    for s in 0..seats {
        assert!(Catania::legal_actions(state, Seat(s)).is_empty());
        assert!(Catania::decide(state, Seat(s), &Command::Ck(K::EndTurn), &mut rng).is_err());
    }
    assert!(matches!(state.phase(), Phase::Ended { .. }));
    let winner = Catania::outcome(state).unwrap().winner;
    assert!(state.points(winner) >= POINTS_TO_WIN);
    check_views(state);
    assert!(
        playout.replay_matches(&setup),
        "seed {seed}: replay differs from live state"
    );
    let back: State = serde_json::from_str(&serde_json::to_string(state).unwrap()).unwrap();
    assert_eq!(&back, state);
    let log = playout.log();
    let log_back: Vec<Event> = serde_json::from_str(&serde_json::to_string(log).unwrap()).unwrap();
    assert_eq!(log_back, log);
    playout.played()
}

#[test]
fn random_games_of_three_to_six_seats_end_and_conserve() {
    let start = std::time::Instant::now();
    let mut seen = BTreeMap::new();
    let (mut commands, mut longest) = (0, 0);
    let games = crate::random_games();
    for seed in 0..games {
        let seats = 3 + (seed % 4) as u8;
        let played = play_game(seed, seats, &mut seen);
        commands += played;
        longest = longest.max(played);
    }
    // The longest game against the limit shows how much room the limit leaves.
    eprintln!(
        "{games} Catania games, {commands} commands (longest {longest} of at most {COMMANDS_PER_GAME_MAX}) in {:.2?}",
        start.elapsed()
    );
    // Random play reaches the rules it is meant to exercise.
    let want = [
        "ShipPlaced",
        "ShipBuilt",
        "ShipMoved",
        "ShipRemoved",
        "LandingPlaceBuilt",
        "PirateMoved",
        "PirateChased",
        "RobberMoved",
        "RobberChased",
        "CardStolen",
        "ChipsDrawn",
        "GoldDue",
        "GoldChosen",
        "TradePhaseEnded",
        "DevelopmentCardBought",
        "DevelopmentCardPlayed",
        "LargestArmyChanged",
        "LongestRoadChanged",
        "BarbariansAttacked",
        "CityLost",
        "ProgressCardDrawn",
        "MetropolisPlaced",
        "TradeCompleted",
        "TradeRejected",
        "BankTraded",
        "KnightDisplaced",
        "RoadBuilding",
        "Diplomat",
        "Bishop",
        "Merchant",
        "Discarded",
        "KnightPromoted",
        "KnightRetreated",
        "CityImproved",
        "CityWallBuilt",
        "ProgressCardReturned",
    ];
    // The special rules, with how often each fired (printed for the soak's report).
    let special = [
        "iceberg moved",
        "iceberg against land",
        "iceberg on a harbor hex",
        "hurricane moved",
        "storm cloud moved",
        "force wrapped around the rim",
        "ship wrecked by the iceberg",
        "ship wrecked by the hurricane",
        "road wrecked by the hurricane",
        "repair owed",
        "open end wrecked, no repair",
        "repair made",
        "avalanche tilted a building",
        "tilted building stood up",
        "avalanche destroyed a building",
        "volcano erupted",
        "eruption removed a settlement",
        "eruption struck a city",
        "wall lost to a blow",
        "glacier yields on a 7",
        "volcano yields on a 7",
        "specialist taken from the bank",
        "specialist changed hands",
        "specialist back to the bank",
        "specialist paid its holder",
        "island conquered",
        "station retail post built",
        "station wholesale house built",
        "station retail exchanged",
        "station exchanged a commodity",
        "station wholesale exchanged resources",
        "station warned",
        "station warning lifted",
        "station wholesale downgraded to retail",
        "station building expelled",
        "station excused by the bank",
        "sacrificial site built",
        "doubles asked a tribute",
        "tribute paid",
        "tribute defaulted into a debt",
        "temple debt called",
        "temple debt paid",
        "one of the debt's two back to the bank",
        "castle settlement built",
        "castle deposit",
        "castle card returned",
        "castle loot",
        "castle deposit defaulted into a debt",
        "castle debt called",
        "wonder started",
        "wonder level",
        "theater completed",
        "great bridge completed",
        "monument completed",
        "great wall completed",
        "cathedral completed",
    ];
    for rule in special {
        eprintln!("  {rule}: {}", seen.get(rule).copied().unwrap_or(0));
    }
    // Rare enough that the default run's 200 games may miss them (an eruption hitting a city, a walled one); the
    // scenario tests reach them on purpose, and the soak's thousands of games must reach them too. So are a
    // station building warned (twice: expelled or downgraded) and the temple's rules, which need a sacrificial site
    // (built late, when a seat reached the temple isle with its knights and saved its eight cards) beside a hex
    // whose number even doubles then show, and for the default and the debt a payer holding no resource when its
    // tribute comes (the random player's thrifty seats spend before ending their turns). The Theater, the Great
    // Bridge and the Great Wall are completed in few of the default run's games, if any (the Cathedral and the
    // Monument are claimed first, and the bridge's and the wall's builders must first settle on a handful of
    // corners off Catan); each has its scenario test. The default run's counts of all these move with any change to
    // random play; `random_games_built_for_the_rare_station_and_temple_rules_reach_them` asserts the station's and
    // the temple's in every run.
    let soak_only = [
        "station warned",
        "station warning lifted",
        "station wholesale downgraded to retail",
        "station building expelled",
        "theater completed",
        "great bridge completed",
        "great wall completed",
        "eruption struck a city",
        "wall lost to a blow",
        "doubles asked a tribute",
        "tribute paid",
        "tribute defaulted into a debt",
        "temple debt called",
        "temple debt paid",
        "one of the debt's two back to the bank",
    ];
    // A station that only the bank's stock stops needs a bank holding at most one resource of the kinds it would
    // take, of 24 each: random play never drains it (seats spend what they gain, and a 7 halves a hand beyond the
    // limit). The built games reach it in every run, from a bank drained on purpose.
    let built_only = ["station excused by the bank"];
    let missing: Vec<&str> = want
        .iter()
        .chain(&special)
        .copied()
        .filter(|w| {
            !seen.contains_key(*w)
                && !built_only.contains(w)
                && (crate::soak() || !soak_only.contains(w))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "never reached in random play: {missing:?}"
    );
}

/// A seat that is offered nothing is refused what the others are offered (the server's six-seat test does this over
/// the wire; here over many games): the active seat beyond the progress hand limit once returned a card while
/// others owed something, which nothing listed.
#[test]
fn a_seat_offered_nothing_is_refused_what_the_others_are_offered() {
    for seats in [6u8, 3] {
        for seed in 0..30u64 {
            let config =
                <Catania as hexfold_rules::playout::RandomPlayer>::random_config(seats, false);
            let (_, mut playout) = Playout::<Catania>::seeded(&config, seed).unwrap();
            let mut rng = GameRng::seed_from_u64(seed);
            loop {
                let st = playout.state().clone();
                let legal: Vec<Vec<Command>> = (0..seats)
                    .map(|s| Catania::legal_actions(&st, Seat(s)))
                    .collect();
                for s in 0..seats {
                    if !legal[s as usize].is_empty() {
                        continue;
                    }
                    for l in legal.iter().flatten().take(3) {
                        if let Ok(ev) = Catania::decide(&st, Seat(s), l, &mut rng) {
                            panic!("{seats} seats seed {seed} at {}: seat {s} with nothing listed had {l:?} accepted: {ev:?}", playout.played());
                        }
                    }
                }
                match playout.step(|_| {}) {
                    Ok(()) => {}
                    Err(_) => break,
                }
            }
        }
    }
}

/// The free corners of `hex` on which a building keeps the distance rule, in the hex's order.
fn free_corners(state: &State, hex: HexId) -> Vec<VertexId> {
    let t = state.board().topology();
    let vertices = state.ck().vertices();
    t.hex_vertices(hex)
        .iter()
        .copied()
        .filter(|&v| {
            vertices[v.index()].is_empty()
                && t.vertex_edges(v).iter().all(|&e| {
                    t.edge_vertices(e)
                        .iter()
                        .all(|w| vertices[w.index()].is_empty())
                })
        })
        .collect()
}

/// The hexes of `terrain` (the temple, the stations), which carry a 7.
fn special_hexes(state: &State, terrain: Terrain) -> Vec<HexId> {
    let board = state.board();
    board
        .hexes_with_number(7)
        .iter()
        .copied()
        .filter(|&h| board.terrain(h) == terrain)
        .collect()
}

/// A state being prepared for a rare rule, by facts folded in.
struct Preparing {
    state: State,
}

impl Preparing {
    /// Folds `e` in; `None` if it takes cards from the bank that the bank does not hold.
    fn fold(&mut self, e: Event) -> Option<()> {
        if let Event::Ck(E::CardsFromBank { cards, .. }) = &e {
            if !self.state.ck().bank().contains(*cards) {
                return None;
            }
        }
        self.state = Catania::evolve(self.state.clone(), &e);
        Some(())
    }

    /// `cards` from the bank to `seat`, if the bank holds them.
    fn give(&mut self, seat: Seat, cards: Resources) -> Option<()> {
        self.fold(Event::Ck(E::CardsFromBank {
            seat,
            cards: Hand::of_resources(cards),
        }))
    }

    /// `seat`'s station building, a wholesale house (`city`) or a retail post, on a free corner of a station, paid
    /// with cards from the bank; `None` if it has one already (at most one a seat) or no corner is free.
    fn station_building(&mut self, seat: Seat, city: bool) -> Option<VertexId> {
        let state = &self.state;
        let t = state.board().topology();
        let vertices = state.ck().vertices();
        let stations = special_hexes(state, Terrain::Station);
        let owned = stations
            .iter()
            .flat_map(|&h| t.hex_vertices(h).iter().copied())
            .any(|v| vertices[v.index()].owner() == Some(seat));
        if owned {
            return None;
        }
        let vertex = stations
            .iter()
            .flat_map(|&h| free_corners(state, h))
            .next()?;
        self.give(seat, Resources::new(1, 1, 1, 1, 0))?;
        self.fold(Event::Ck(E::SettlementBuilt { seat, vertex }))?;
        if city {
            self.fold(Event::Ck(E::CityBuilt {
                seat,
                vertex,
                paid: Resources::ZERO,
            }))?;
        }
        Some(vertex)
    }
}

/// Which rare rule a built game prepares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Built {
    /// Two seats' sacrificial sites beside hexes numbered with even chips (which doubles may show), a third seat's
    /// wholesale house warned, and every other hand empty: a tribute may find a payer empty (a debt, called, paid
    /// and the gods' share), and the next 7 may find the warned house still unable (a downgrade to a retail post).
    TempleAndWarnedHouse,
    /// A retail post whose owner holds a resource, and the bank's resources in another seat's hand: a 7 before
    /// the bank refills cannot pay the post's exchange (excused).
    PoorBank,
}

/// `state` (a roll phase of a random game) prepared for `built`, or `None` if its corners are taken or the bank
/// cannot pay for its pieces.
fn prepare(state: State, built: Built) -> Option<State> {
    let seats = state.seats();
    let mut p = Preparing { state };
    match built {
        Built::TempleAndWarnedHouse => {
            let board = p.state.board();
            let t = board.topology();
            let temple = special_hexes(&p.state, Terrain::Temple)[0];
            let corners = free_corners(&p.state, temple);
            // Two corners that share no side keep the distance rule between the sites.
            let &first = corners.first()?;
            let &second = corners.iter().find(|&&v| {
                v != first
                    && !t
                        .vertex_edges(v)
                        .iter()
                        .any(|&e| t.edge_vertices(e).contains(&first))
            })?;
            let mut bag = p.state.chip_bag();
            let mut chips: Vec<HexChip> = Vec::new();
            for v in [first, second] {
                for &hex in t.vertex_hexes(v) {
                    let awaiting = board.terrain(hex).produces() && board.number(hex).is_none();
                    if !awaiting || chips.iter().any(|c| c.hex == hex) {
                        continue;
                    }
                    let Some(number) = [4, 6, 8, 10, 2, 12].into_iter().find(|&n| bag.count(n) > 0)
                    else {
                        continue;
                    };
                    bag = bag.without(number);
                    chips.push(HexChip { hex, number });
                }
            }
            p.fold(Event::ChipsDrawn {
                seat: Seat(0),
                chips,
            })?;
            for (seat, vertex) in [(Seat(0), first), (Seat(1), second)] {
                p.give(seat, Resources::new(2, 2, 2, 2, 0))?;
                p.fold(Event::SacrificialSiteBuilt { seat, vertex })?;
            }
            let house = p.station_building(Seat(2), true)?;
            p.fold(Event::StationWarned {
                seat: Seat(2),
                vertex: house,
            })?;
            for s in 2..seats {
                let cards = p.state.ck().hand(Seat(s));
                p.fold(Event::Ck(E::Discarded {
                    seat: Seat(s),
                    cards,
                }))?;
            }
        }
        Built::PoorBank => {
            let owner = Seat(seats - 1);
            p.station_building(owner, false)?;
            p.give(owner, Resources::new(0, 0, 0, 0, 1))?;
            let rest = p.state.ck().bank().resources;
            p.give(Seat(0), rest)?;
        }
    }
    Some(p.state)
}

fn count_played(played: &mut Played, e: &Event) {
    if let Event::DevelopmentCardPlayed { card, .. } = e {
        *played.0.get_mut(*card) += 1;
    }
}

/// Plays `seed`'s random game to a roll phase, prepares `built` there, and plays on for at most 1 500 commands,
/// counting the special rules that fire into `seen`. Returns whether the game could be prepared.
fn play_built_game(seed: u64, seats: u8, built: Built, seen: &mut BTreeMap<String, u64>) -> bool {
    let config = Config {
        seats,
        points_to_win: POINTS_TO_WIN,
    };
    let (_, mut playout) = Playout::<Catania>::seeded(&config, seed).unwrap();
    let mut played = Played::default();
    // A roll phase some rounds in.
    while playout.played() < 120 || playout.state().phase() != Phase::Roll {
        if playout
            .step(|step| step.each_event(|_, e| count_played(&mut played, e)))
            .is_err()
        {
            return false;
        }
    }
    let Some(state) = prepare(playout.into_state(), built) else {
        return false;
    };
    check_conservation(&state, &played);
    let mut playout = Playout::<Catania>::from_state(state, GameRng::seed_from_u64(seed ^ 0xb117))
        .command_limit(1_500);
    loop {
        let step = playout.step(|step| {
            step.each_event(|state, e| {
                count_played(&mut played, e);
                special_rules(state, e, &mut |name| {
                    *seen.entry(name.to_string()).or_default() += 1
                });
            })
        });
        match step {
            Ok(()) => check_conservation(playout.state(), &played),
            Err(Stop::Ended(_) | Stop::CommandLimit) => return true,
            Err(Stop::Refused {
                command, violation, ..
            }) => panic!("seed {seed}: chosen {command:?} refused: {violation:?}"),
            Err(Stop::NoCommand(seat)) => {
                let st = playout.state();
                panic!(
                    "seed {seed}: seat {seat:?} must act but has nothing legal in {:?}; owed: {:?}, gold {:?}, \
                     exchanges {:?}, temple {:?}, castle {:?}",
                    st.phase(),
                    st.ck().obligations(),
                    st.gold_owed(),
                    st.station_exchanges_due(),
                    st.temple_due(),
                    st.castle_deposits_due()
                )
            }
            Err(Stop::NobodyToAct) => panic!(
                "seed {seed}: nobody can act in {:?}",
                playout.state().phase()
            ),
        }
    }
}

/// The rules random play reaches too seldom to count on (see the rules doc's counts): a wholesale house warned
/// twice and downgraded, a station the bank cannot pay, a tribute defaulted into a debt, the debt called and paid
/// and the gods' share. Random games from states built for them (sites beside even chips, emptied hands, a warned
/// house, a drained bank), played on by the random player, must reach each; the counts are printed.
#[test]
fn random_games_built_for_the_rare_station_and_temple_rules_reach_them() {
    let games = if crate::soak() { 400 } else { 100 };
    let mut seen = BTreeMap::new();
    let mut prepared = 0;
    for seed in 0..games {
        let seats = 3 + (seed % 4) as u8;
        let built = if seed % 2 == 1 {
            Built::PoorBank
        } else {
            Built::TempleAndWarnedHouse
        };
        prepared += u64::from(play_built_game(seed, seats, built, &mut seen));
    }
    let rare = [
        "station wholesale downgraded to retail",
        "station excused by the bank",
        "tribute defaulted into a debt",
        "temple debt called",
        "temple debt paid",
        "one of the debt's two back to the bank",
    ];
    eprintln!("{prepared} of {games} built games prepared");
    for rule in rare {
        eprintln!("  {rule}: {}", seen.get(rule).copied().unwrap_or(0));
    }
    let missing: Vec<&str> = rare
        .into_iter()
        .filter(|r| !seen.contains_key(*r))
        .collect();
    assert!(
        missing.is_empty(),
        "never reached in built games: {missing:?}"
    );
}

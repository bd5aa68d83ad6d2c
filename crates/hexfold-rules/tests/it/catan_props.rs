//! Property tests over random legal games of base Catan.
//!
//! Each game is a [`Playout`]: `random_command` for a random seat among `seats_to_act`. Along the way: every chosen
//! and a sample of other listed actions is accepted; random commands outside `legal_actions` are refused (except
//! domestic offers larger than one card for one, which the docs say are accepted unlisted), and a refused one
//! changes nothing ([`crate::refusal`]); cards and pieces are conserved; views hide what they must. At the end: the
//! game has a winner, replaying the log gives the live state, and the state survives a JSON round trip. The checks
//! draw from a generator of their own, so the game itself is the random player's alone.
//!
//! A few hundred games by default; `HEXFOLD_SOAK=1` plays thousands.

use hexfold_rules::catan::{Catan, Command, Config, Event, MapKind, Phase, State, POINTS_TO_WIN};
use hexfold_rules::hex::{EdgeId, HexId, Resource, Resources, VertexId};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::{Game, GameRng, Seat, Viewer};
use rand::{Rng, SeedableRng};

/// Commands per game before we call it stuck. Games of the weighted random player end in a few hundred.
const COMMANDS_PER_GAME_MAX: u64 = 20_000;

fn rand_resources(rng: &mut GameRng) -> Resources {
    Resources::from_array(std::array::from_fn(|_| {
        if rng.gen_bool(0.6) {
            0
        } else {
            rng.gen_range(0..4)
        }
    }))
}

fn rand_resource(rng: &mut GameRng) -> Resource {
    Resource::ALL[rng.gen_range(0..5)]
}

/// Ids arrive as JSON from clients; build them the same way, including out-of-range ones.
fn id<T: serde::de::DeserializeOwned>(n: u32) -> T {
    serde_json::from_value(serde_json::json!(n)).unwrap()
}

/// A random, usually illegal, command.
fn junk(rng: &mut GameRng, seats: u8) -> Command {
    let seat = Seat(rng.gen_range(0..seats + 1));
    let v: VertexId = id(rng.gen_range(0..60));
    let e: EdgeId = id(rng.gen_range(0..80));
    let e2: EdgeId = id(rng.gen_range(0..80));
    let h: HexId = id(rng.gen_range(0..21));
    match rng.gen_range(0..23) {
        0 => Command::RollDice,
        1 => Command::PlaceSettlement { vertex: v },
        2 => Command::PlaceRoad { edge: e },
        3 => Command::Discard {
            resources: rand_resources(rng),
        },
        4 => Command::MoveRobber {
            hex: h,
            victim: rng.gen_bool(0.7).then_some(seat),
        },
        5 => Command::BuildRoad { edge: e },
        6 => Command::BuildSettlement { vertex: v },
        7 => Command::BuildCity { vertex: v },
        8 => Command::BuyDevelopmentCard,
        9 => Command::PlayKnight,
        10 => Command::PlayRoadBuilding {
            first: e,
            second: rng.gen_bool(0.8).then_some(e2),
        },
        11 => Command::PlayYearOfPlenty {
            first: rand_resource(rng),
            second: rand_resource(rng),
        },
        12 => Command::PlayMonopoly {
            resource: rand_resource(rng),
        },
        13 => Command::MaritimeTrade {
            give: rand_resource(rng),
            receive: rand_resource(rng),
        },
        14 => Command::OfferTrade {
            give: rand_resources(rng),
            receive: rand_resources(rng),
        },
        15 => Command::CounterOffer {
            give: rand_resources(rng),
            receive: rand_resources(rng),
        },
        16 => Command::AcceptTrade,
        17 => Command::RejectTrade,
        18 => Command::AcceptCounterOffer { seat },
        19 => Command::RejectCounterOffer { seat },
        20 => Command::WithdrawTrade,
        _ => Command::EndTurn,
    }
}

/// Offers larger than one card for one are accepted without being listed (documented in `legal`).
fn unlisted_by_design(c: &Command) -> bool {
    match c {
        Command::OfferTrade { give, receive } | Command::CounterOffer { give, receive } => {
            give.total() != 1 || receive.total() != 1
        }
        _ => false,
    }
}

#[derive(Default)]
struct Played {
    progress: u8,
}

fn check_conservation(state: &State, played: &Played) {
    let mut total = state.bank();
    for s in 0..state.seats() {
        total = total.plus(state.hand(Seat(s)));
    }
    assert_eq!(total, Resources::all(19), "resource cards not conserved");
    let mut dev = u16::from(state.deck().total()) + u16::from(played.progress);
    for s in 0..state.seats() {
        dev +=
            u16::from(state.dev_cards(Seat(s)).total()) + u16::from(state.knights_played(Seat(s)));
    }
    assert_eq!(dev, 25, "development cards not conserved");
    // Pieces: the view's supply plus the board equals 5 settlements, 4 cities, 15 roads per seat.
    let view = Catan::view_state(state, Viewer::Omniscient);
    for p in &view.players {
        let settlements = view
            .buildings
            .iter()
            .filter(|b| b.seat == p.seat && !b.city)
            .count() as u8;
        let cities = view
            .buildings
            .iter()
            .filter(|b| b.seat == p.seat && b.city)
            .count() as u8;
        let roads = view.roads.iter().filter(|r| r.seat == p.seat).count() as u8;
        // An upgraded settlement returns to the supply (seed line 43).
        assert_eq!(p.settlements_left + settlements, 5);
        assert_eq!(p.cities_left + cities, 4);
        assert_eq!(p.roads_left + roads, 15);
    }
}

fn check_views(state: &State) {
    let spectator = Catan::view_state(state, Viewer::Spectator);
    for p in &spectator.players {
        assert!(p.resources.is_none() && p.development_cards.is_none());
        assert_eq!(
            p.victory_point_cards.is_some(),
            matches!(state.phase(), Phase::Ended { .. })
        );
    }
    let me = Seat(0);
    let mine = Catan::view_state(state, Viewer::Seat(me));
    for p in &mine.players {
        assert_eq!(p.resources.is_some(), p.seat == me);
        assert_eq!(p.resource_count as u16, state.hand(p.seat).total());
    }
}

fn check_event_view(state: &State, event: &Event) {
    match event {
        Event::ResourceStolen { thief, victim, .. } => {
            for s in 0..state.seats() {
                let seat = Seat(s);
                let v = serde_json::to_value(Catan::view_event(state, event, Viewer::Seat(seat)))
                    .unwrap();
                let shown = !v["ResourceStolen"]["resource"].is_null();
                assert_eq!(shown, seat == *thief || seat == *victim);
            }
            let v =
                serde_json::to_value(Catan::view_event(state, event, Viewer::Spectator)).unwrap();
            assert!(v["ResourceStolen"]["resource"].is_null());
        }
        Event::DevelopmentCardBought { seat, .. } => {
            for s in 0..state.seats() {
                let v =
                    serde_json::to_value(Catan::view_event(state, event, Viewer::Seat(Seat(s))))
                        .unwrap();
                assert_eq!(
                    !v["DevelopmentCardBought"]["card"].is_null(),
                    Seat(s) == *seat
                );
            }
        }
        _ => {}
    }
}

/// Plays one game; returns the number of commands.
fn play_game(seed: u64, seats: u8, map: MapKind) -> u64 {
    let config = Config {
        seats,
        map,
        points_to_win: POINTS_TO_WIN,
    };
    let (setup, playout) = Playout::<Catan>::seeded(&config, seed).unwrap();
    let mut playout = playout
        .list_legal()
        .keep_log()
        .command_limit(COMMANDS_PER_GAME_MAX);
    let mut rng = GameRng::seed_from_u64(seed ^ 0xc4ec);
    let mut played = Played::default();
    loop {
        let step = playout.step(|step| {
            let (state, seat) = (step.before, step.seat);
            let legal = step.legal.expect("the playout lists legal actions");
            // A few other listed actions must be accepted too.
            for _ in 0..2 {
                let c = &legal[rng.gen_range(0..legal.len())];
                let r = Catan::decide(state, seat, c, &mut rng.clone());
                assert!(r.is_ok(), "seed {seed}: listed {c:?} refused: {r:?}");
            }
            // Random commands: accepted only if listed; refused, they change nothing.
            for _ in 0..2 {
                let c = junk(&mut rng, seats);
                let s = Seat(rng.gen_range(0..seats));
                let thorough = rng.gen_bool(0.1);
                let decided = crate::refusal::decide_checked::<Catan>(
                    state,
                    s,
                    &c,
                    &mut rng.clone(),
                    thorough,
                );
                if let Ok(events) = decided {
                    assert!(!events.is_empty());
                    assert!(
                        unlisted_by_design(&c) || Catan::legal_actions(state, s).contains(&c),
                        "seed {seed}: unlisted {c:?} by {s:?} accepted in {:?}",
                        state.phase()
                    );
                }
            }
            step.each_event(|state, e| {
                check_event_view(state, e);
                if matches!(
                    e,
                    Event::RoadBuildingPlayed { .. }
                        | Event::YearOfPlentyPlayed { .. }
                        | Event::MonopolyPlayed { .. }
                ) {
                    played.progress += 1;
                }
                // Events survive storage.
                let back: Event = serde_json::from_value(serde_json::to_value(e).unwrap()).unwrap();
                assert_eq!(&back, e);
            });
        });
        match step {
            Ok(()) => {
                check_conservation(playout.state(), &played);
                if playout.played() % 16 == 0 {
                    check_views(playout.state());
                }
            }
            Err(Stop::Ended(_)) => break,
            Err(Stop::CommandLimit) => {
                panic!("seed {seed}: no winner after {} commands", playout.played())
            }
            Err(Stop::NobodyToAct) => panic!(
                "seed {seed}: nobody can act in {:?}",
                playout.state().phase()
            ),
            Err(Stop::NoCommand(seat)) => {
                panic!("seed {seed}: seat {seat:?} to act has no legal action")
            }
            Err(Stop::Refused {
                command, violation, ..
            }) => panic!("seed {seed}: chosen {command:?} refused: {violation:?}"),
        }
    }
    let state = playout.state();
    // After the end every command is refused.
    for s in 0..seats {
        assert!(Catan::legal_actions(state, Seat(s)).is_empty());
        assert!(Catan::decide(state, Seat(s), &Command::EndTurn, &mut rng).is_err());
    }
    let winner = Catan::outcome(state).unwrap().winner;
    assert!(state.points(winner) >= 10);
    check_views(state);

    assert!(
        playout.replay_matches(&setup),
        "seed {seed}: replay differs from live state"
    );
    let back: State = serde_json::from_value(serde_json::to_value(state).unwrap()).unwrap();
    assert_eq!(&back, state);
    playout.played()
}

#[test]
fn random_games_keep_every_invariant_and_end_with_a_winner() {
    let mut total = 0;
    for seed in 0..crate::random_games() {
        let seats = if seed % 3 == 0 { 3 } else { 4 };
        let map = if seed % 2 == 0 {
            MapKind::Variable
        } else {
            MapKind::Beginner
        };
        total += play_game(seed, seats, map);
    }
    assert!(total > 0);
}

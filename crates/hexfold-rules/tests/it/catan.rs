//! Base Catan: checks that need code (views over whole games, concurrency of discards, enumeration of choices),
//! beside its rule cases stored as data under `tests/data/catan/` (run by `check.rs`).

use hexfold_rules::catan::{Catan, Command, Config, Event, MapKind, Phase, State, POINTS_TO_WIN};
use hexfold_rules::hex::Resources;
use hexfold_rules::playout::{Playout, SeatChoice, Stop};
use hexfold_rules::{Game, GameRng, Seat, Viewer};
use rand::SeedableRng;
use serde_json::json;

fn beginner(seats: u8) -> State {
    let setup = Catan::setup(
        &Config {
            seats,
            map: MapKind::Beginner,
            points_to_win: POINTS_TO_WIN,
        },
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    Catan::initial_state(&setup)
}

fn apply(state: State, events: serde_json::Value) -> State {
    let events: Vec<Event> = serde_json::from_value(events).unwrap();
    events.iter().fold(state, Catan::evolve)
}

/// Plays `state` forward with the random player until `stop` holds or the game ends.
fn play_until(state: State, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut playout = Playout::<Catan>::from_state(state, GameRng::seed_from_u64(seed))
        .seat_choice(SeatChoice::First);
    while !stop(playout.state()) {
        match playout.step(|_| {}) {
            Ok(()) => {}
            Err(Stop::Ended(_)) => break,
            Err(other) => panic!("seed {seed}: {other:?}"),
        }
    }
    playout.into_state()
}

/// BASE-POINTS-01: with two settlements each, every seat starts the first turn with 2 points.
#[test]
fn every_seat_starts_with_two_points() {
    for seats in [3, 4] {
        let state = play_until(beginner(seats), u64::from(seats), |s| {
            s.phase() == Phase::Roll
        });
        for s in 0..seats {
            assert_eq!(state.points(Seat(s)), 2);
            assert_eq!(
                Catan::view_state(&state, Viewer::Spectator).players[usize::from(s)].public_points,
                2
            );
        }
    }
}

/// BASE-ROBBER-02: every seat owing a discard may act, in any order.
#[test]
fn discards_are_concurrent() {
    let given = json!([
        {"StartingPlayerChosen": {"seat": 0}},
        {"ResourcesProduced": {"gains": [
            {"seat": 1, "resources": {"brick": 4, "grain": 4}},
            {"seat": 3, "resources": {"ore": 9}}], "withheld": []}},
        {"DiceRolled": {"seat": 0, "dice": {"first": 3, "second": 4}}},
        {"DiscardsRequired": {"discards": [{"seat": 1, "count": 4}, {"seat": 3, "count": 4}]}}
    ]);
    let state = apply(beginner(4), given);
    assert_eq!(Catan::seats_to_act(&state), vec![Seat(1), Seat(3)]);
    let mut rng = GameRng::seed_from_u64(0);
    let three = Command::Discard {
        resources: Resources::new(0, 0, 0, 0, 4),
    };
    let events = Catan::decide(&state, Seat(3), &three, &mut rng).unwrap();
    let state = events.iter().fold(state, Catan::evolve);
    assert_eq!(Catan::seats_to_act(&state), vec![Seat(1)]);
    assert_eq!(state.phase(), Phase::Discard);
    // Seat 1 holds 4 brick and 4 grain and owes 4: five ways (0..=4 brick).
    assert_eq!(Catan::legal_actions(&state, Seat(1)).len(), 5);
    assert!(Catan::legal_actions(&state, Seat(0)).is_empty());
}

/// Hidden information over whole games: a seat's view shows its own hand only; spectators see counts; stolen and
/// drawn cards reach only those entitled; victory point cards show at the end.
#[test]
fn views_hide_hands_cards_and_steals() {
    let setup = Catan::setup(
        &Config {
            seats: 4,
            map: MapKind::Variable,
            points_to_win: POINTS_TO_WIN,
        },
        &mut GameRng::seed_from_u64(7),
    )
    .unwrap();
    let mut playout =
        Playout::<Catan>::new(&setup, GameRng::seed_from_u64(7)).seat_choice(SeatChoice::First);
    let (mut steals, mut buys) = (0, 0);
    loop {
        let step = playout.step(|step| {
            step.each_event(|state, e| {
                let spectator =
                    serde_json::to_value(Catan::view_event(state, e, Viewer::Spectator)).unwrap();
                match e {
                    Event::ResourceStolen { .. } => {
                        steals += 1;
                        assert!(spectator["ResourceStolen"]["resource"].is_null());
                    }
                    Event::DevelopmentCardBought { .. } => {
                        buys += 1;
                        assert!(spectator["DevelopmentCardBought"]["card"].is_null());
                    }
                    _ => {}
                }
            })
        });
        match step {
            Ok(()) => {}
            Err(Stop::Ended(_)) => break,
            Err(other) => panic!("{other:?}"),
        }
        let state = playout.state();
        for s in 0..4u8 {
            let view = Catan::view_state(state, Viewer::Seat(Seat(s)));
            for p in &view.players {
                let own = p.seat == Seat(s);
                assert_eq!(p.resources.is_some(), own);
                assert_eq!(p.development_cards.is_some(), own);
                if Catan::outcome(state).is_none() {
                    assert_eq!(p.victory_point_cards.is_some(), own);
                }
            }
        }
    }
    let state = playout.into_state();
    assert!(
        steals > 0 && buys > 0,
        "the game should exercise steals and purchases"
    );
    let end = Catan::view_state(&state, Viewer::Spectator);
    assert!(end
        .players
        .iter()
        .all(|p| p.victory_point_cards.is_some() && p.resources.is_none()));
    let all = Catan::view_state(&state, Viewer::Omniscient);
    assert!(all
        .players
        .iter()
        .all(|p| p.resources.is_some() && p.development_cards.is_some()));
}

/// BASE-BOARD-03: the variable map is drawn from the setup's generator: the same seed gives the same map.
#[test]
fn variable_maps_come_from_the_seed() {
    let config = Config {
        seats: 4,
        map: MapKind::Variable,
        points_to_win: POINTS_TO_WIN,
    };
    let a = Catan::setup(&config, &mut GameRng::seed_from_u64(1)).unwrap();
    let b = Catan::setup(&config, &mut GameRng::seed_from_u64(1)).unwrap();
    let c = Catan::setup(&config, &mut GameRng::seed_from_u64(2)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.layout, c.layout);
}

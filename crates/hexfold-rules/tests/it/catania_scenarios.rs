//! The Catania scenario that is not data: random play from a position built for a rule, the property that no state
//! of those games breaks a piece limit, counted over 40 seeded games. A case of `tests/data/catania/` holds one
//! play with exact events; these games are the random player's, and what they must show is a share of them. The
//! other scenarios of the draft specification (its section 5), the wonder sites and every source of points among
//! them, are rule cases with steps in `tests/data/catania/scenarios.json`, run by `check.rs`.
//!
//! The position starts from the data cases' fixture `R` (`tests/data/catania/fixtures.json`: four seats after the
//! opening, seat 0 about to roll) and adds facts as events. Board ids are those the fixture names.

use hexfold_rules::catania::{Catania, Config, Event, State};
use hexfold_rules::cities_knights::{Event as E, EventDie, Hand, Roll};
use hexfold_rules::hex::{Resources, VertexId};
use hexfold_rules::playout::Playout;
use hexfold_rules::{Game, GameRng, Seat, Viewer};
use rand::SeedableRng;

fn id<T: serde::de::DeserializeOwned>(n: u32) -> T {
    serde_json::from_value(serde_json::json!(n)).unwrap()
}

fn fold(state: State, events: &[Event]) -> State {
    events.iter().fold(state, Catania::evolve)
}

/// The data cases' fixture `name`, folded onto a four-seat game (setup seed 2) with `points` to win.
fn fixture(name: &str, points: u8) -> State {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/catania/fixtures.json"
    );
    let fixtures: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let events: Vec<Event> = serde_json::from_value(fixtures[name]["events"].clone()).unwrap();
    let config = Config {
        seats: 4,
        points_to_win: points,
    };
    let setup = Catania::setup(&config, &mut GameRng::seed_from_u64(2)).unwrap();
    fold(Catania::initial_state(&setup), &events)
}

fn ck(e: E) -> Event {
    Event::Ck(e)
}

fn cards(seat: Seat, r: Resources) -> Event {
    ck(E::CardsFromBank {
        seat,
        cards: Hand::of_resources(r),
    })
}

#[test]
fn random_play_into_an_attack_on_a_seat_without_settlements_keeps_the_piece_limits() {
    let me = Seat(0);
    let state = fold(roll_phase(), &building(me, id(207), true));
    let state = use_up_settlements(state, me);
    let state = ship_steps(state.clone(), usize::from(6 - state.ck().barbarians()));
    assert_eq!(left(&state, me).0, 0);
    let games = 40;
    let mut cleared = 0;
    for seed in 0..games {
        let mut playout =
            Playout::<Catania>::from_state(state.clone(), GameRng::seed_from_u64(seed))
                .command_limit(60);
        let mut lost = false;
        crate::pieces::play_checking_every_state(&mut playout, format_args!("game {seed}"), |e| {
            lost |= matches!(e, Event::CornerCleared { seat, .. } if *seat == me);
        });
        cleared += u64::from(lost);
    }
    assert!(
        cleared > games / 2,
        "only {cleared} of {games} games cleared the corner"
    );
}

/// Seat 0 about to roll, a round after the fixture's main phase: the data cases' fixture `R`.
fn roll_phase() -> State {
    fixture("R", 20)
}

/// `seat`'s settlement, or city if `city`, on `v`, paid for with cards from the bank.
fn building(seat: Seat, v: VertexId, city: bool) -> Vec<Event> {
    let mut events = vec![
        cards(seat, Resources::new(1, 1, 1, 1, 0)),
        ck(E::SettlementBuilt { seat, vertex: v }),
    ];
    if city {
        events.push(ck(E::CityBuilt {
            seat,
            vertex: v,
            paid: Resources::ZERO,
        }));
    }
    events
}

/// The four seats' turns end: seat 0 is about to roll again.
fn around(state: State) -> State {
    let ends: Vec<Event> = (0..4u8)
        .map(|s| {
            ck(E::TurnEnded {
                seat: Seat(s),
                next: Seat((s + 1) % 4),
            })
        })
        .collect();
    fold(state, &ends)
}

/// `seat`'s settlements and walls in supply, as every viewer sees them.
fn left(state: &State, seat: Seat) -> (u8, u8) {
    let view = Catania::view_state(state, Viewer::Spectator);
    let p = &view.ck.players[seat.index()];
    (p.settlements_left, p.walls_left)
}

/// `seat` puts settlements on corners between three sea hexes until none is left in its supply.
fn use_up_settlements(state: State, seat: Seat) -> State {
    let t = state.board().topology();
    let open_sea: Vec<VertexId> = t
        .vertices()
        .filter(|&v| {
            state.ck().vertices()[v.index()].is_empty()
                && t.vertex_hexes(v).len() == 3
                && t.vertex_hexes(v)
                    .iter()
                    .all(|&h| state.board().terrain(h).is_sea())
        })
        .collect();
    let mut state = state;
    let mut i = 0;
    while left(&state, seat).0 > 0 {
        state = fold(state, &building(seat, open_sea[i], false));
        i += 1;
    }
    state
}

/// Seat 0 rolls a ship face with a number other than 7, to move the barbarians as facts: `n` times, a round
/// each; seat 0 is about to roll again.
fn ship_steps(state: State, n: usize) -> State {
    (0..n).fold(state, |state, _| {
        let state = fold(
            state,
            &[
                ck(E::DiceRolled {
                    seat: Seat(0),
                    roll: Roll {
                        white: 1,
                        red: 1,
                        event: EventDie::Ship,
                    },
                    alchemist: false,
                }),
                ck(E::ResourcesProduced {
                    gains: vec![],
                    withheld: vec![],
                }),
            ],
        );
        around(state)
    })
}

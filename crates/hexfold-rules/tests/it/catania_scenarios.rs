//! Scenario tests for Catania that are not data: the ones that play random games, round-trip a stored state, or
//! look at every state between the events of one command. The other scenarios of the draft specification (its
//! section 5), the wonder sites and every source of points among them, are rule cases with steps in
//! `tests/data/catania/scenarios.json`, run by `check.rs`.
//!
//! Positions start from the data cases' fixture `M` (`tests/data/catania/fixtures.json`: four seats after the
//! opening, seat 0 in its main phase) and add facts as events. Board ids are those the fixture names (table cell
//! (col, row) is hex `15 * row + col`).

use hexfold_rules::catania::{Catania, Command, Config, Event, State};
use hexfold_rules::cities_knights::{AttackResult, Command as K, Event as E, EventDie, Hand, Roll};
use hexfold_rules::hex::{EdgeId, Resources, VertexId};
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

fn main_phase() -> State {
    fixture("M", 20)
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

fn decide(state: &State, seat: Seat, command: Command) -> Vec<Event> {
    Catania::decide(state, seat, &command, &mut GameRng::seed_from_u64(0))
        .unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"))
}

#[test]
fn a_city_lost_without_a_settlement_left_clears_its_corner() {
    let me = Seat(0);
    // Seat 0: its city on 207 (with the ship 294 and the road 290 leading only there) and nine settlements.
    let far: [u32; 8] = [8, 62, 120, 149, 184, 215, 250, 304];
    let mut facts = vec![
        ck(E::CityBuilt {
            seat: me,
            vertex: id(207),
            paid: Resources::ZERO,
        }),
        Event::ShipBuilt {
            seat: me,
            edge: id(294),
            free: true,
        },
    ];
    facts.extend(far.iter().map(|&v| {
        ck(E::SettlementBuilt {
            seat: me,
            vertex: id(v),
        })
    }));
    facts.push(ck(E::BarbariansAttacked {
        barbarians: 1,
        knights: 0,
        contributions: vec![],
        result: AttackResult::BarbariansWon { losers: vec![me] },
    }));
    let state = fold(main_phase(), &facts);
    assert_eq!(
        Catania::view_state(&state, Viewer::Omniscient).ck.players[0].settlements_left,
        0
    );
    let events = decide(
        &state,
        me,
        Command::Ck(K::ChooseCityToLose { vertex: id(207) }),
    );
    let cleared = events
        .iter()
        .find_map(|e| match e {
            Event::CornerCleared {
                seat,
                vertex,
                removed,
            } => Some((*seat, *vertex, removed.clone())),
            _ => None,
        })
        .expect("the corner is cleared");
    let (seat, vertex, mut removed) = cleared;
    assert_eq!((seat, vertex), (me, id(207)));
    removed.sort();
    let want: Vec<EdgeId> = vec![id(290), id(294)];
    assert_eq!(removed, want);
    // Every state of the game, each event's included, keeps the piece limits: the city leaves its corner with the
    // `CityLost` itself (never a tenth settlement), and the `CornerCleared` after it takes off the road and ship.
    let mut state = main_phase();
    crate::pieces::assert_within_limits::<Catania>(&state, "the start");
    for (i, e) in facts.iter().chain(&events).enumerate() {
        state = Catania::evolve(state, e);
        crate::pieces::assert_within_limits::<Catania>(&state, format_args!("event {i} {e:?}"));
        if matches!(e, Event::Ck(E::CityLost { .. })) {
            assert!(
                state.ck().vertices()[207].is_empty(),
                "no settlement replaces the city"
            );
            assert!(
                !state.ck().edges()[290].is_empty(),
                "the road goes with the next event"
            );
        }
    }
    assert!(state.ck().vertices()[207].is_empty());
    assert!(state.ck().edges()[290].is_empty() && state.ck().edges()[294].is_empty());
    assert_eq!(state.ships_left(me), 30);
}

/// Random play from a position where the barbarians are one step from Catan and seat 0 has its one city and all
/// nine settlements out (no knights anywhere, so an attack takes the city): the random player's games keep every
/// piece limit in every state, each event's included (CAT-EVENT-10), and most of them lose the city that way.
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

#[test]
fn a_stored_state_comes_back_under_catanias_rules() {
    let state = fold(
        main_phase(),
        &[Event::ShipBuilt {
            seat: Seat(0),
            edge: id(294),
            free: true,
        }],
    );
    let json = serde_json::to_string(&state).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, state);
    assert_eq!(back.ck().rules().name, "catania");
    assert_eq!(back.ck().rules().hex.seats, (3, 6));
    // The ship is a ship, not a road, in the view.
    let view = Catania::view_state(&back, Viewer::Spectator);
    assert_eq!(view.ships.len(), 2, "seat 3's opening ship and seat 0's");
    assert!(view.ck.roads.iter().all(|r| r.edge != id::<EdgeId>(294)));
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

//! Elasund scenarios that depend on a random draw (dice, church tiles), so they are Rust rather than data: the
//! generator seed is found by trying seeds until the draw the seed text describes comes up, and then every
//! consequence is checked.

use hexfold_rules::elasund::{
    data, Cards, Cell, Command, Config, CottageWait, Elasund, Event, EventView, PhaseView, PieceId,
    Place, Square, State,
};
use hexfold_rules::{Game, GameRng, Seat, Viewer};
use rand::SeedableRng;

fn fold(state: State, events: &[Event]) -> State {
    events.iter().fold(state, Elasund::evolve)
}

fn start(players: u8) -> State {
    let setup = Elasund::setup(&Config { players }, &mut GameRng::seed_from_u64(0)).unwrap();
    Elasund::initial_state(&setup)
}

fn sq(col: u8, row: u8) -> Square {
    Square { col, row }
}

fn built(seat: u8, piece: u8, at: Square, cubes: u8) -> Event {
    Event::BuildingBuilt {
        seat: Seat(seat),
        piece: PieceId(piece),
        at,
        paid: Cards::default(),
        cubes,
    }
}

/// Decides `command` with the first generator seed whose events satisfy `want`.
fn decide_until(
    state: &State,
    seat: Seat,
    command: &Command,
    want: impl Fn(&[Event]) -> bool,
) -> Vec<Event> {
    for seed in 0..10_000 {
        let events =
            Elasund::decide(state, seat, command, &mut GameRng::seed_from_u64(seed)).unwrap();
        if want(&events) {
            return events;
        }
    }
    panic!("no seed gives the wanted draw");
}

fn influence(c: &Cards) -> u8 {
    c.red + c.green + c.blue
}

/// Seed example: the ship is on row 3 and red rolls 3; it cannot go two rows up, so it goes to 5, and every
/// building at least partly in row 5 pays: red 1 gold + 1 influence, blue 1 influence, green and yellow 1 gold.
#[test]
fn ship_on_its_own_row_moves_two_rows_and_that_row_pays() {
    let state = fold(
        start(4),
        &[
            built(0, 24, sq(0, 5), 0), // red workshop (gold), rows 5-6
            built(0, 23, sq(2, 5), 0), // red merchant house (influence)
            built(1, 27, sq(5, 5), 0), // blue merchant house (influence)
            Event::ShipMoved { row: 3 },
            Event::TurnEnded { next: Seat(0) },
        ],
    );
    let events = decide_until(&state, Seat(0), &Command::Roll, |ev| {
        ev.iter()
            .any(|e| matches!(e, Event::DiceRolled { dice, .. } if dice[0] + dice[1] == 3))
    });
    assert!(matches!(events[0], Event::StartingInfluenceDealt { .. }));
    assert!(events.contains(&Event::ShipMoved { row: 5 }));
    let Some(Event::IncomeCollected { row: 5, cards }) = events
        .iter()
        .find(|e| matches!(e, Event::IncomeCollected { .. }))
    else {
        panic!("row 5 pays: {events:?}")
    };
    let counts: Vec<(u8, u8)> = cards.iter().map(|c| (c.gold, influence(c))).collect();
    // Green's and yellow's large start cottages stand in rows 5-6 and pay gold.
    assert_eq!(counts, vec![(1, 1), (0, 1), (1, 0), (1, 0)]);
    let after = fold(state, &events);
    assert_eq!(after.ship_row, Some(5));
    assert_eq!(after.seats[0].hand.gold, 4);
    // Blue's drawn colour is hidden from red and from spectators, shown to blue.
    let income = events
        .iter()
        .find(|e| matches!(e, Event::IncomeCollected { .. }))
        .unwrap();
    for (viewer, blue_visible) in [
        (Viewer::Seat(Seat(0)), false),
        (Viewer::Spectator, false),
        (Viewer::Seat(Seat(1)), true),
    ] {
        let EventView::IncomeCollected { cards, .. } = Elasund::view_event(&after, income, viewer)
        else {
            panic!()
        };
        assert_eq!(cards[1].influence, 1);
        assert_eq!(cards[1].detail.is_some(), blue_visible);
    }
}

/// A 7 on the very first roll: the pirate goes anywhere, as there is no row to leave.
#[test]
fn seven_makes_the_roller_move_the_pirate() {
    let state = fold(start(3), &[Event::TurnEnded { next: Seat(1) }]);
    let events = decide_until(&state, Seat(1), &Command::Roll, |ev| {
        ev.iter()
            .any(|e| matches!(e, Event::DiceRolled { dice, .. } if dice[0] + dice[1] == 7))
    });
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::IncomeCollected { .. })),
        "no income on a 7"
    );
    let after = fold(state, &events);
    let legal = Elasund::legal_actions(&after, Seat(1));
    assert_eq!(legal.len(), 10, "any of the ten rows: {legal:?}");
    assert_eq!(Elasund::seats_to_act(&after), vec![Seat(1)]);
}

/// The first church builder draws two tiles, keeps one and puts the other under the stack unseen; the first tile
/// lands on the foundation and fixes the other eight squares; the tile under the stack is built last; tiles
/// remove permits (no compensation) and buildings beneath them.
#[test]
fn church_first_builder_and_layout() {
    let mut state = fold(
        start(4),
        &[
            Event::TurnEnded { next: Seat(0) },
            Event::GoldTaken {
                seat: Seat(0),
                gold: 4,
                paid: Cards::default(),
            },
            Event::ShipMoved { row: 2 },
        ],
    );
    let drawn = Elasund::decide(
        &state,
        Seat(0),
        &Command::BuildChurch,
        &mut GameRng::seed_from_u64(5),
    )
    .unwrap();
    let [Event::ChurchTilesDrawn {
        seat: Seat(0),
        tiles,
    }] = drawn[..]
    else {
        panic!("{drawn:?}")
    };
    assert_ne!(tiles[0], tiles[1]);
    let view_other = Elasund::view_event(&state, &drawn[0], Viewer::Seat(Seat(1)));
    assert_eq!(
        view_other,
        EventView::ChurchTilesDrawn {
            seat: Seat(0),
            tiles: None
        }
    );
    let view_own = Elasund::view_event(&state, &drawn[0], Viewer::Seat(Seat(0)));
    assert_eq!(
        view_own,
        EventView::ChurchTilesDrawn {
            seat: Seat(0),
            tiles: Some(tiles)
        }
    );
    state = fold(state, &drawn);
    let PhaseView::ChooseChurchTile { tiles: seen, .. } =
        Elasund::view_state(&state, Viewer::Spectator).phase
    else {
        panic!()
    };
    assert_eq!(seen, None, "spectators do not see the drawn tiles");
    assert_eq!(
        Elasund::decide(
            &state,
            Seat(0),
            &Command::KeepChurchTile { tile: 9 },
            &mut GameRng::seed_from_u64(0)
        ),
        Err(hexfold_rules::elasund::Violation::TileNotDrawn)
    );
    let (kept, returned) = (tiles[0], tiles[1]);
    let events = Elasund::decide(
        &state,
        Seat(0),
        &Command::KeepChurchTile { tile: kept },
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    let (fc, fr) = data::CHURCH_FOUNDATION;
    assert!(events.contains(&Event::ChurchTileBuilt {
        seat: Seat(0),
        tile: kept,
        at: sq(fc, fr),
        paid: Cards {
            gold: data::CHURCH_PRICE,
            ..Cards::default()
        },
        cubes: data::CHURCH_CUBES,
    }));
    let ret = events
        .iter()
        .find(|e| matches!(e, Event::ChurchTileReturned { .. }))
        .unwrap();
    assert_eq!(
        Elasund::view_event(&state, ret, Viewer::Seat(Seat(2))),
        EventView::ChurchTileReturned {
            seat: Seat(0),
            kept,
            returned: None
        }
    );
    state = fold(state, &events);
    assert_eq!(
        Elasund::view_state(&state, Viewer::Seat(Seat(0))).church_bottom,
        Some(returned)
    );
    assert_eq!(
        Elasund::view_state(&state, Viewer::Seat(Seat(1))).church_bottom,
        None
    );
    assert_eq!(
        Elasund::view_state(&state, Viewer::Spectator).church_bottom,
        None
    );

    // Where every other tile must go.
    let origin = (i16::from(fc) - i16::from(kept % 3), 5 - i16::from(kept / 3));
    let square_of = |t: u8| {
        let col = (origin.0 + i16::from(t % 3)) as u8;
        let row = data::ROW_LABELS[(origin.1 + i16::from(t / 3)) as usize];
        sq(col, row)
    };
    // A permit and a building under a future tile: both go back, the permit without compensation.
    let victim_tile = (0..9).find(|&t| t != kept && t != returned).unwrap();
    let victim = square_of(victim_tile);
    let gold_before = state.seats[2].hand.gold;
    state = fold(
        state,
        &[
            Event::PermitPlaced {
                seat: Seat(2),
                value: 4,
                at: victim,
                paid: Cards::default(),
            },
            Event::TurnEnded { next: Seat(1) },
            Event::ShipMoved { row: 2 },
        ],
    );
    // Build the remaining eight tiles, alternating seats 1 and 0, two per turn.
    let mut order = Vec::new();
    for turn in 0..4 {
        let seat = Seat(1 - (turn % 2) as u8);
        state = fold(
            state,
            &[
                Event::TurnEnded { next: seat },
                Event::GoldTaken {
                    seat,
                    gold: 14,
                    paid: Cards::default(),
                },
                Event::ShipMoved { row: 2 },
            ],
        );
        for _ in 0..2 {
            let events = Elasund::decide(
                &state,
                seat,
                &Command::BuildChurch,
                &mut GameRng::seed_from_u64(turn),
            )
            .unwrap();
            for e in &events {
                if let Event::ChurchTileBuilt { tile, at, .. } = e {
                    assert_eq!(*at, square_of(*tile), "tile {tile} has one correct place");
                    order.push(*tile);
                }
                if let Event::PermitReturned { compensation, .. } = e {
                    assert_eq!(*compensation, 0);
                }
            }
            state = fold(state, &events);
            // A tile may have landed on a worker cottage: its owner places it again first.
            while let Some(&CottageWait { seat: owner, .. }) = state.cottage_queue.first() {
                let place = Elasund::legal_actions(&state, owner)[0].clone();
                let e =
                    Elasund::decide(&state, owner, &place, &mut GameRng::seed_from_u64(0)).unwrap();
                state = fold(state, &e);
            }
        }
    }
    assert_eq!(order.len(), 8);
    assert_eq!(
        *order.last().unwrap(),
        returned,
        "the tile under the stack comes last"
    );
    assert_eq!(
        state.seats[2].hand.gold, gold_before,
        "no compensation for permits under the church"
    );
    assert_eq!(state.seats[2].permits, 0b11111, "the permit went back");
    let church = state
        .cells
        .iter()
        .filter(|c| matches!(c, Cell::Church { .. }))
        .count();
    assert_eq!(church, 9);
    state = fold(
        state,
        &[
            Event::TurnEnded { next: Seat(0) },
            Event::GoldTaken {
                seat: Seat(0),
                gold: 7,
                paid: Cards::default(),
            },
            Event::ShipMoved { row: 2 },
        ],
    );
    assert_eq!(
        Elasund::decide(
            &state,
            Seat(0),
            &Command::BuildChurch,
            &mut GameRng::seed_from_u64(0)
        )
        .err(),
        Some(hexfold_rules::elasund::Violation::ChurchComplete)
    );
}

/// Worker cottages built over are placed again in turn order starting with the builder.
#[test]
fn cottages_come_back_in_turn_order_from_the_builder() {
    // Green (seat 2) builds a trade house over red's small cottage (3, 4) and blue's small cottage (2, 4).
    let state = fold(
        start(4),
        &[
            Event::TurnEnded { next: Seat(2) },
            Event::PermitPlaced {
                seat: Seat(2),
                value: 0,
                at: sq(2, 2),
                paid: Cards::default(),
            },
            Event::PermitPlaced {
                seat: Seat(2),
                value: 1,
                at: sq(3, 2),
                paid: Cards::default(),
            },
            Event::PermitPlaced {
                seat: Seat(2),
                value: 2,
                at: sq(2, 3),
                paid: Cards::default(),
            },
            Event::GoldTaken {
                seat: Seat(2),
                gold: 5,
                paid: Cards::default(),
            },
            Event::ShipMoved { row: 9 },
        ],
    );
    let cmd = Command::Build {
        building: hexfold_rules::elasund::BuildingKind::TradeHouse,
        at: sq(2, 2),
        overbuild_with: None,
    };
    let events = Elasund::decide(&state, Seat(2), &cmd, &mut GameRng::seed_from_u64(0)).unwrap();
    let state = fold(state, &events);
    // Turn order from green: green, yellow, red, blue.
    assert_eq!(
        state.cottage_queue,
        vec![
            CottageWait {
                seat: Seat(0),
                piece: PieceId(21)
            },
            CottageWait {
                seat: Seat(1),
                piece: PieceId(25)
            }
        ]
    );
    assert_eq!(Elasund::seats_to_act(&state), vec![Seat(0)]);
    assert!(Elasund::legal_actions(&state, Seat(2)).is_empty());
    let place = Command::PlaceCottage { at: sq(6, 6) };
    let e = Elasund::decide(&state, Seat(0), &place, &mut GameRng::seed_from_u64(0)).unwrap();
    let state = fold(state, &e);
    assert_eq!(Elasund::seats_to_act(&state), vec![Seat(1)]);
    assert!(
        Elasund::decide(&state, Seat(1), &place, &mut GameRng::seed_from_u64(0)).is_err(),
        "square taken"
    );
    let e = Elasund::decide(
        &state,
        Seat(1),
        &Command::PlaceCottage { at: sq(7, 6) },
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    let state = fold(state, &e);
    assert!(state.cottage_queue.is_empty());
    assert_eq!(Elasund::seats_to_act(&state), vec![Seat(2)]);
    assert!(matches!(state.pieces[21].place, Place::Board { at, .. } if at == sq(6, 6)));
}

/// After `TURN_LIMIT` turns without a ten-cube winner the game ends: most cubes on the board wins, ties go to the
/// first in turn order from the seat about to play.
#[test]
fn turn_limit_ends_a_stalemate() {
    let at_limit = |extra: &[Event]| {
        let mut events: Vec<Event> = extra.to_vec();
        for t in 1..data::TURN_LIMIT {
            events.push(Event::TurnEnded {
                next: Seat((t % 3) as u8),
            });
        }
        events.push(Event::ShipMoved { row: 3 });
        events.push(Event::BuildingEnded);
        events.push(Event::GoldTaken {
            seat: Seat(1),
            gold: 2,
            paid: Cards::default(),
        });
        fold(start(3), &events)
    };
    let state = at_limit(&[built(2, 0, sq(6, 3), 1)]);
    assert_eq!(state.turn, data::TURN_LIMIT);
    let current = state.current;
    let events = Elasund::decide(
        &state,
        current,
        &Command::EndTurn,
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    let next = Seat((current.0 + 1) % 3);
    assert_eq!(
        events,
        vec![
            Event::TurnEnded { next },
            Event::TurnLimitReached { winner: Seat(2) }
        ]
    );
    let after = fold(state, &events);
    assert_eq!(Elasund::outcome(&after).map(|o| o.winner), Some(Seat(2)));

    // Nobody has a cube: the seat about to play wins the tie.
    let state = at_limit(&[]);
    let current = state.current;
    let events = Elasund::decide(
        &state,
        current,
        &Command::EndTurn,
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    let next = Seat((current.0 + 1) % 3);
    assert_eq!(
        events,
        vec![
            Event::TurnEnded { next },
            Event::TurnLimitReached { winner: next }
        ]
    );

    // One turn earlier nothing ends.
    let mut early = at_limit(&[]);
    early.turn -= 1;
    let events = Elasund::decide(
        &early,
        early.current,
        &Command::EndTurn,
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    assert_eq!(events.len(), 1);
}

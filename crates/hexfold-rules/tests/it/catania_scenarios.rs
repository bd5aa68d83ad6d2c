//! Scenario tests for Catania: the draft specification's situations for part 1 (its section 5) that need a whole
//! position or a roll, and the rules that work across several commands.
//!
//! Positions start from the data cases' fixture `M` (`tests/data/catania/fixtures.json`: four seats after the
//! opening, seat 0 in its main phase) and add facts as events; the commands under test then go through `decide`
//! like any other. Board ids are those the fixture names (table cell (col, row) is hex `15 * row + col`).

use hexfold_rules::catan::DevCard;
use hexfold_rules::catania::{Bandit, Catania, Command, Config, Event, HexChip, State};
use hexfold_rules::cities_knights::{
    AttackResult, Command as K, Event as E, EventDie, Hand, ProgressCard, ProgressPlay, Roll,
    SeatCount, SeatHand, Track,
};
use hexfold_rules::hex::{EdgeId, HexId, Resource, Resources, VertexId};
use hexfold_rules::{Game, GameRng, RuleViolation, Seat, Viewer};
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

fn refused(state: &State, seat: Seat, command: Command) -> &'static str {
    match Catania::decide(state, seat, &command, &mut GameRng::seed_from_u64(0)) {
        Ok(events) => panic!("{command:?} accepted: {events:?}"),
        Err(v) => v.name(),
    }
}

/// Rolls for `seat` with generator seeds until the roll satisfies `want`.
fn roll_until(state: &State, seat: Seat, want: impl Fn(&Roll) -> bool) -> Vec<Event> {
    for seed in 0..100_000 {
        let events = Catania::decide(
            state,
            seat,
            &Command::Ck(K::RollDice),
            &mut GameRng::seed_from_u64(seed),
        )
        .unwrap();
        if let Some(Event::Ck(E::DiceRolled { roll, .. })) = events.first() {
            if want(roll) {
                return events;
            }
        }
    }
    panic!("no seed gives the wanted roll");
}

/// The facts of a round of the fixture's four seats back to seat 0, which rolls a 2 and produces nothing: seat 0
/// in its main phase again, a turn later (cards it bought before are playable now).
fn round_to_seat_zero() -> Vec<Event> {
    (0..4u8)
        .map(|s| {
            ck(E::TurnEnded {
                seat: Seat(s),
                next: Seat((s + 1) % 4),
            })
        })
        .chain([
            ck(E::DiceRolled {
                seat: Seat(0),
                roll: Roll {
                    white: 1,
                    red: 1,
                    event: EventDie::Gate {
                        track: Track::Trade,
                    },
                },
                alchemist: false,
            }),
            ck(E::ResourcesProduced {
                gains: vec![],
                withheld: vec![],
            }),
        ])
        .collect()
}

/// Seat 0's four ships from its settlement 207 across open sea to the East island's corner 211.
const SHIPS_EAST: [u32; 4] = [294, 293, 297, 296];

#[test]
fn ships_carry_a_settlement_to_an_island_whose_hexes_draw_their_chips() {
    let me = Seat(0);
    let mut state = fold(main_phase(), &[cards(me, Resources::new(1, 4, 5, 1, 0))]);
    for (i, edge) in SHIPS_EAST.into_iter().enumerate() {
        let events = decide(&state, me, Command::BuildShip { edge: id(edge) });
        assert!(events.contains(&Event::ShipBuilt {
            seat: me,
            edge: id(edge),
            free: false
        }));
        // The fourth ship makes a trade route of five: road 290 into the settlement, four ships out of it.
        let changed = ck(E::LongestRoadChanged {
            holder: Some(me),
            length: 5,
        });
        assert_eq!(events.contains(&changed), i == 3, "after ship {edge}");
        state = fold(state, &events);
    }
    let island_fields: HexId = id(86);
    assert_eq!(state.board().number(island_fields), None);
    let bag = state.chip_bag();
    let events = decide(
        &state,
        me,
        Command::Ck(K::BuildSettlement { vertex: id(211) }),
    );
    let [Event::Ck(E::SettlementBuilt { .. }), Event::ChipsDrawn { seat, chips }] = &events[..]
    else {
        panic!("a settlement and its chips: {events:?}")
    };
    assert_eq!(*seat, me);
    let [HexChip { hex, number }] = chips[..] else {
        panic!("one island hex waits: {chips:?}")
    };
    assert_eq!(hex, island_fields);
    assert!(bag.count(number) > 0, "the chip came from the bag");
    state = fold(state, &events);
    assert_eq!(state.board().number(island_fields), Some(number));
    assert_eq!(state.chip_bag().count(number), bag.count(number) - 1);
    assert_eq!(state.chip_bag().total(), bag.total() - 1);
    // The draw is public: every viewer's event is the event itself.
    let view = Catania::view_event(&state, &events[1], Viewer::Spectator);
    assert_eq!(
        serde_json::to_value(&view).unwrap()["Public"],
        serde_json::to_value(&events[1]).unwrap()
    );
    // A settlement on Catan draws nothing: its hexes have their numbers.
    let catan = fold(state, &[cards(me, Resources::new(2, 2, 1, 1, 0))]);
    let events = decide(&catan, me, Command::Ck(K::BuildRoad { edge: id(431) }));
    let catan = fold(catan, &events);
    let events = decide(
        &catan,
        me,
        Command::Ck(K::BuildSettlement { vertex: id(304) }),
    );
    assert_eq!(
        events,
        vec![ck(E::SettlementBuilt {
            seat: me,
            vertex: id(304)
        })]
    );
}

/// M plus, for the gold: seat 0's settlement on 215 (forest (12,5), gold (13,5), desert (13,6)) and seat 1's city
/// on 189 (mountains (13,4), sea, gold (13,5)), both island hexes numbered 9; then seat 0 ends its turn.
fn gold_position() -> State {
    let (me, you) = (Seat(0), Seat(1));
    fold(
        main_phase(),
        &[
            cards(me, Resources::new(1, 1, 1, 1, 0)),
            ck(E::SettlementBuilt {
                seat: me,
                vertex: id(215),
            }),
            cards(you, Resources::new(1, 1, 1, 1, 0)),
            ck(E::SettlementBuilt {
                seat: you,
                vertex: id(189),
            }),
            ck(E::CityBuilt {
                seat: you,
                vertex: id(189),
                paid: Resources::ZERO,
            }),
            Event::ChipsDrawn {
                seat: me,
                chips: vec![
                    HexChip {
                        hex: id(87),
                        number: 9,
                    },
                    HexChip {
                        hex: id(88),
                        number: 9,
                    },
                ],
            },
            ck(E::TurnEnded {
                seat: me,
                next: you,
            }),
        ],
    )
}

fn quiet_nine(r: &Roll) -> bool {
    r.white + r.red == 9 && r.event != EventDie::Ship
}

#[test]
fn gold_pays_resources_of_the_owners_choice_in_turn_after_the_roll() {
    let (me, you) = (Seat(0), Seat(1));
    let state = gold_position();
    let events = roll_until(&state, you, quiet_nine);
    // Forest 9s: seat 0 twice (271 on (8,7), 215 on (12,5)), seat 1 (202 on (5,6)) and seat 2 (240 on (8,7)).
    let produced = ck(E::ResourcesProduced {
        gains: vec![
            SeatHand {
                seat: me,
                cards: Hand::of_resources(Resources::new(0, 2, 0, 0, 0)),
            },
            SeatHand {
                seat: you,
                cards: Hand::of_resources(Resources::new(0, 1, 0, 0, 0)),
            },
            SeatHand {
                seat: Seat(2),
                cards: Hand::of_resources(Resources::new(0, 1, 0, 0, 0)),
            },
        ],
        withheld: vec![],
    });
    // The gold: a city two, a settlement one, chosen clockwise from the roller.
    let due = Event::GoldDue {
        owed: vec![
            SeatCount {
                seat: you,
                count: 2,
            },
            SeatCount { seat: me, count: 1 },
        ],
    };
    assert_eq!(&events[events.len() - 2..], &[produced, due]);
    let mut state = fold(state, &events);
    assert_eq!(Catania::seats_to_act(&state), vec![you]);
    assert_eq!(
        refused(
            &state,
            me,
            Command::ChooseGold {
                resources: Resources::one(Resource::Ore, 1)
            }
        ),
        "NoSuchObligation"
    );
    assert_eq!(
        refused(&state, you, Command::Ck(K::EndTurn)),
        "ObligationsPending"
    );
    for (seat, resources) in [
        (you, Resources::one(Resource::Ore, 2)),
        (me, Resources::one(Resource::Brick, 1)),
    ] {
        let listed = Catania::legal_actions(&state, seat);
        assert!(listed
            .iter()
            .all(|c| matches!(c, Command::ChooseGold { .. })));
        let events = decide(&state, seat, Command::ChooseGold { resources });
        state = fold(state, &events);
    }
    assert!(state.gold_owed().is_empty());
    assert_eq!(
        state.ck().hand(you).resources,
        Resources::new(0, 3, 1, 0, 2)
    );
    assert_eq!(Catania::seats_to_act(&state), vec![you]);
}

#[test]
fn the_bank_pays_clockwise_from_the_roller_until_it_runs_short() {
    let (me, you) = (Seat(0), Seat(1));
    // The bank keeps 3 lumber: seat 3 holds the other 18.
    let state = fold(
        gold_position(),
        &[cards(Seat(3), Resources::new(0, 18, 0, 0, 0))],
    );
    assert_eq!(state.ck().bank().resources.lumber, 3);
    let events = roll_until(&state, you, quiet_nine);
    // Clockwise from seat 1: it gets its 1, seat 2 its 1, seat 0 (wanting 2) the last one; Cities & Knights
    // would have paid nobody.
    let produced = events
        .iter()
        .find(|e| matches!(e, Event::Ck(E::ResourcesProduced { .. })))
        .unwrap();
    let lumber = |n| Hand::of_resources(Resources::new(0, n, 0, 0, 0));
    assert_eq!(
        produced,
        &ck(E::ResourcesProduced {
            gains: vec![
                SeatHand {
                    seat: me,
                    cards: lumber(1)
                },
                SeatHand {
                    seat: you,
                    cards: lumber(1)
                },
                SeatHand {
                    seat: Seat(2),
                    cards: lumber(1)
                },
            ],
            withheld: vec![hexfold_rules::cities_knights::Good::Lumber],
        })
    );
}

#[test]
fn development_and_progress_cards_share_a_turn() {
    let me = Seat(0);
    let mut state = fold(
        main_phase(),
        &[
            cards(me, Resources::new(0, 0, 2, 2, 2)),
            Event::DevelopmentCardBought {
                seat: me,
                card: DevCard::Monopoly,
            },
            Event::DevelopmentCardBought {
                seat: me,
                card: DevCard::YearOfPlenty,
            },
        ],
    );
    for card in [
        ProgressCard::Irrigation,
        ProgressCard::Mining,
        ProgressCard::Warlord,
    ] {
        let track = card.track();
        state = fold(
            state,
            &[ck(E::ProgressCardDrawn {
                seat: me,
                track,
                card,
            })],
        );
    }
    // Bought this turn: not yet.
    assert_eq!(
        refused(
            &state,
            me,
            Command::PlayMonopoly {
                resource: Resource::Wool
            }
        ),
        "CardBoughtThisTurn"
    );
    let round = round_to_seat_zero();
    state = fold(state, &round);
    // Any number of progress cards, and one development card, in one turn (seed line 27).
    for play in [
        ProgressPlay::Irrigation,
        ProgressPlay::Mining,
        ProgressPlay::Warlord,
    ] {
        let events = decide(&state, me, Command::Ck(K::PlayProgressCard { play }));
        state = fold(state, &events);
    }
    let events = decide(
        &state,
        me,
        Command::PlayMonopoly {
            resource: Resource::Wool,
        },
    );
    state = fold(state, &events);
    assert_eq!(
        refused(
            &state,
            me,
            Command::PlayYearOfPlenty {
                first: Resource::Ore,
                second: Resource::Ore
            }
        ),
        "OneCardPerTurn"
    );
    assert!(state.ck().progress_cards(me).is_empty());
    let listed = Catania::legal_actions(&state, me);
    assert!(!listed
        .iter()
        .any(|c| matches!(c, Command::PlayYearOfPlenty { .. })));
}

#[test]
fn hidden_victory_point_cards_win_in_the_own_turn() {
    let me = Seat(0);
    // Five points to win: seat 0's two settlements, a city (one more) and a victory point card make four.
    let state = fold(
        fixture("M", 5),
        &[
            ck(E::CityBuilt {
                seat: me,
                vertex: id(207),
                paid: Resources::ZERO,
            }),
            cards(me, Resources::new(0, 0, 2, 2, 2)),
            Event::DevelopmentCardBought {
                seat: me,
                card: DevCard::VictoryPoint,
            },
        ],
    );
    assert_eq!((state.ck().points(me), state.points(me)), (3, 4));
    let spectator = Catania::view_state(&state, Viewer::Spectator);
    assert_eq!(spectator.sailors[0].points, 3, "the card is hidden");
    let mine = Catania::view_state(&state, Viewer::Seat(me));
    assert_eq!(mine.sailors[0].points, 4);
    // A second victory point card, bought now, wins at once.
    for seed in 0..1000 {
        let events = Catania::decide(
            &state,
            me,
            &Command::BuyDevelopmentCard,
            &mut GameRng::seed_from_u64(seed),
        )
        .unwrap();
        if events.contains(&Event::DevelopmentCardBought {
            seat: me,
            card: DevCard::VictoryPoint,
        }) {
            assert_eq!(
                events.last(),
                Some(&ck(E::GameWon {
                    seat: me,
                    points: 5
                }))
            );
            let state = fold(state, &events);
            assert_eq!(Catania::outcome(&state).map(|o| o.winner), Some(me));
            return;
        }
    }
    panic!("no seed buys a victory point card");
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
    let state = fold(state, &events);
    assert!(state.ck().vertices()[207].is_empty());
    assert!(state.ck().edges()[290].is_empty() && state.ck().edges()[294].is_empty());
    assert_eq!(state.ships_left(me), 30);
}

#[test]
fn a_knight_chases_the_pirate_and_robs_there() {
    let me = Seat(0);
    let knight: VertexId = id(210);
    let round = round_to_seat_zero();
    let mut facts = vec![
        Event::ShipBuilt {
            seat: me,
            edge: id(294),
            free: true,
        },
        ck(E::KnightBuilt {
            seat: me,
            vertex: knight,
            strength: 1,
            free: true,
        }),
        ck(E::KnightActivated {
            seat: me,
            vertex: knight,
            free: true,
        }),
        Event::PirateMoved {
            seat: Seat(1),
            hex: id(84),
        },
        ck(E::Discarded {
            seat: Seat(3),
            cards: Hand::of_resources(Resources::new(0, 0, 1, 0, 0)),
        }),
    ];
    facts.extend(round);
    let state = fold(main_phase(), &facts);
    let chase = |bandit, hex: u32, victim| Command::ChaseBandit {
        knight,
        bandit,
        hex: id(hex),
        victim,
    };
    // The robber is not beside the knight; the pirate is.
    assert_eq!(
        refused(&state, me, chase(Bandit::Robber, 96, None)),
        "RobberNotAdjacent"
    );
    assert_eq!(
        refused(&state, me, chase(Bandit::Pirate, 84, None)),
        "PirateMustMove"
    );
    let events = decide(&state, me, chase(Bandit::Pirate, 50, Some(Seat(3))));
    assert_eq!(
        events,
        vec![
            Event::PirateChased {
                seat: me,
                knight,
                hex: id(50)
            },
            ck(E::CardStolen {
                thief: me,
                victim: Seat(3),
                good: hexfold_rules::cities_knights::Good::Ore
            }),
        ]
    );
    let state = fold(state, &events);
    assert_eq!(state.pirate(), Some(id(50)));
    assert_eq!(state.ck().knight_at(knight), Some((me, 1, false)));
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

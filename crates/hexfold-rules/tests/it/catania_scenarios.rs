//! Scenario tests for Catania: the draft specification's situations (its section 5) that need a whole position or
//! a roll, and the rules that work across several commands.
//!
//! Positions start from the data cases' fixture `M` (`tests/data/catania/fixtures.json`: four seats after the
//! opening, seat 0 in its main phase) and add facts as events; the commands under test then go through `decide`
//! like any other. Board ids are those the fixture names (table cell (col, row) is hex `15 * row + col`).

use hexfold_rules::catan::DevCard;
use hexfold_rules::catania::{
    Bandit, Blow, Catania, Command, Config, Event, EventView, Force, HexChip, Post, Repair, Ruin,
    State, TempleDue, Wonder, WonderBuild, Wreck,
};
use hexfold_rules::cities_knights::{
    AttackResult, Command as K, Event as E, EventDie, Good, Hand, Phase, ProgressCard,
    ProgressPlay, Roll, SeatCount, SeatHand, Track,
};
use hexfold_rules::hex::{EdgeId, HexId, Resource, Resources, VertexId};
use hexfold_rules::playout::Playout;
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
    let [Event::Ck(E::SettlementBuilt { .. }), Event::ChipsDrawn { seat, chips }, Event::IslandConquered {
        seat: conqueror,
        vertex,
        ..
    }] = &events[..]
    else {
        panic!("a settlement, its chips and its conquest point: {events:?}")
    };
    assert_eq!(*seat, me);
    // The first settlement on the East island earns its conquest point (seed line 152).
    assert_eq!((*conqueror, *vertex), (me, id(211)));
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
        events[0],
        ck(E::SettlementBuilt {
            seat: me,
            vertex: id(304)
        })
    );
    // Nor does it earn a conquest point (only what the specialists make of it follows).
    assert!(events[1..]
        .iter()
        .all(|e| matches!(e, Event::SpecialistChanged { .. })));
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
    // Then the roller's specialist (lumber, from the opening) pays it one lumber on its own roll (seed line 102).
    let bonus = Event::SpecialistsPaid {
        seat: you,
        resources: Resources::one(Resource::Lumber, 1),
    };
    assert_eq!(&events[events.len() - 3..], &[produced, due, bonus]);
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
    // The lumber specialist's card included.
    assert_eq!(
        state.ck().hand(you).resources,
        Resources::new(0, 4, 1, 0, 2)
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
    // Five points to win: seat 0's two settlements, a city (one more) and a victory point card make four (its brick
    // specialist of the opening back in the bank, so that no other point counts).
    let state = fold(
        fixture("M", 5),
        &[
            Event::SpecialistChanged {
                resource: Resource::Brick,
                holder: None,
            },
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

// The natural forces (seed section 6; the specification's scenarios 11 to 15).

/// Table cell (`col`, `row`).
fn hex(col: u32, row: u32) -> HexId {
    id(15 * row + col)
}

/// Seat 0 about to roll, a round after the fixture's main phase.
fn roll_phase() -> State {
    let ends: Vec<Event> = (0..4u8)
        .map(|s| {
            ck(E::TurnEnded {
                seat: Seat(s),
                next: Seat((s + 1) % 4),
            })
        })
        .collect();
    fold(main_phase(), &ends)
}

/// `force` put on `to` as a fact.
fn put(state: &State, force: Force, to: HexId) -> Event {
    Event::ForceMoved {
        force,
        from: state.force(force).unwrap(),
        to,
        wrecks: vec![],
    }
}

fn ship(seat: Seat, edge: EdgeId) -> Event {
    Event::ShipBuilt {
        seat,
        edge,
        free: true,
    }
}

fn road(seat: Seat, edge: EdgeId) -> Event {
    ck(E::RoadBuilt {
        seat,
        edge,
        free: true,
    })
}

fn moved(events: &[Event], force: Force) -> (HexId, HexId, Vec<Wreck>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::ForceMoved {
                force: f,
                from,
                to,
                wrecks,
            } if *f == force => Some((*from, *to, wrecks.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the {force:?} moved: {events:?}"))
}

/// A side of a sea hex at corner `v` other than `not`, free on `state`'s board.
fn other_sea_side(state: &State, v: VertexId, not: EdgeId) -> EdgeId {
    let t = state.board().topology();
    *t.vertex_edges(v)
        .iter()
        .find(|&&e| {
            e != not
                && state.ck().edges()[e.index()].is_empty()
                && hexfold_rules::hex::edge_hexes(t, e).any(|h| state.board().terrain(h).is_sea())
        })
        .expect("a free sea side")
}

/// Seat 0's ship on the side between the iceberg's start (6,2) and the harbor hex (5,1), closed at both ends by
/// two more of its ships (so not the open end of a line), and the roll of a 7 with white 6 (north-west).
fn iceberg_to_the_harbor() -> (State, EdgeId, Vec<Event>) {
    let me = Seat(0);
    let state = roll_phase();
    assert_eq!(
        state.force(Force::Iceberg),
        Some(hex(6, 2)),
        "its start hex"
    );
    let t = state.board().topology();
    let x = t.hex_side(hex(6, 2), 5);
    let [a, b] = t.edge_vertices(x);
    let (ea, eb) = (other_sea_side(&state, a, x), other_sea_side(&state, b, x));
    let state = fold(state, &[ship(me, ea), ship(me, x), ship(me, eb)]);
    let events = roll_until(&state, me, |r| r.white == 6 && r.red == 1);
    (state, x, events)
}

#[test]
fn the_iceberg_sails_on_a_seven_wrecking_the_ship_on_the_side_it_crosses() {
    let me = Seat(0);
    let (state, x, events) = iceberg_to_the_harbor();
    let (from, to, wrecks) = moved(&events, Force::Iceberg);
    assert_eq!((from, to), (hex(6, 2), hex(5, 1)));
    let wreck = Wreck {
        seat: me,
        edge: x,
        ship: true,
        repair: true,
    };
    assert_eq!(wrecks, vec![wreck]);
    // Seed section 6 and spec D-04: after the event die and before the 7; iceberg, hurricane, then the cloud.
    let order: Vec<Force> = events
        .iter()
        .filter_map(|e| match e {
            Event::ForceMoved { force, .. } => Some(*force),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        vec![Force::Iceberg, Force::Hurricane, Force::StormCloud]
    );
    let at = |p: fn(&Event) -> bool| events.iter().position(p).unwrap();
    assert!(
        at(|e| matches!(e, Event::Ck(E::DiceRolled { .. })))
            < at(|e| matches!(e, Event::ForceMoved { .. }))
    );
    assert!(
        at(|e| matches!(e, Event::ForceMoved { .. }))
            < at(|e| matches!(e, Event::Ck(E::SevenRolled { .. })))
    );
    let after = fold(state.clone(), &events);
    assert_eq!(after.force(Force::Iceberg), Some(hex(5, 1)));
    assert!(after.ck().edges()[x.index()].is_empty());
    assert_eq!(after.ships_left(me), state.ships_left(me) + 1);
    assert_eq!(
        after.repairs(),
        &[Repair {
            seat: me,
            edge: x,
            ship: true
        }]
    );
    let view = Catania::view_state(&after, Viewer::Seat(Seat(2)));
    assert_eq!(
        (view.iceberg, view.repairs.len()),
        (Some(hex(5, 1)), 1),
        "public"
    );
}

#[test]
fn a_destroyed_ship_is_rebuilt_before_anything_else() {
    let me = Seat(0);
    let (state, x, events) = iceberg_to_the_harbor();
    let mut state = fold(state, &events);
    // The 7 asks for discards and the robber or the pirate: settle them as listed.
    while state.phase() != hexfold_rules::cities_knights::Phase::Main
        || !Catania::seats_to_act(&state).iter().all(|&s| s == me)
    {
        let seat = Catania::seats_to_act(&state)[0];
        let command = Catania::legal_actions(&state, seat).remove(0);
        state = fold(state.clone(), &decide(&state, seat, command));
    }
    let state = fold(state, &[cards(me, Resources::new(2, 2, 2, 2, 2))]);
    let legal = Catania::legal_actions(&state, me);
    assert!(legal.contains(&Command::BuildShip { edge: x }));
    assert!(!legal.contains(&Command::BuyDevelopmentCard));
    assert!(!legal
        .iter()
        .any(|c| matches!(c, Command::Ck(K::BuildRoad { .. }))));
    assert_eq!(
        refused(&state, me, Command::BuyDevelopmentCard),
        "RepairFirst"
    );
    // A ship beyond the line's first ship, where it could go without the repair.
    let t = state.board().topology();
    let a = t.edge_vertices(x)[0];
    let first = *t
        .vertex_edges(a)
        .iter()
        .find(|&&e| e != x && state.ck().edges()[e.index()].owner() == Some(me))
        .unwrap();
    let beyond = *t.edge_vertices(first).iter().find(|&&v| v != a).unwrap();
    let elsewhere = Command::BuildShip {
        edge: other_sea_side(&state, beyond, first),
    };
    assert_eq!(refused(&state, me, elsewhere), "RepairFirst");
    // Trading and card plays go on; the rebuilt ship clears the way.
    let rebuilt = fold(
        state.clone(),
        &decide(&state, me, Command::BuildShip { edge: x }),
    );
    assert!(rebuilt.repairs().is_empty());
    decide(&rebuilt, me, Command::BuyDevelopmentCard);
}

#[test]
fn the_iceberg_against_land_stays_and_wrecks_the_coastal_ship_but_never_a_road() {
    let me = Seat(0);
    let state = roll_phase();
    // North-east of (6,2) is the hill (6,1): the iceberg stays, and the lone ship there (an open end) need not be
    // rebuilt.
    let coast = state.board().topology().hex_side(hex(6, 2), 0);
    let with_ship = fold(state.clone(), &[ship(Seat(1), coast)]);
    let events = roll_until(&with_ship, me, |r| r.white == 1 && r.red == 6);
    let (from, to, wrecks) = moved(&events, Force::Iceberg);
    assert_eq!((from, to), (hex(6, 2), hex(6, 2)));
    let wreck = Wreck {
        seat: Seat(1),
        edge: coast,
        ship: true,
        repair: false,
    };
    assert_eq!(wrecks, vec![wreck]);
    assert!(fold(with_ship, &events).repairs().is_empty());
    let with_road = fold(state, &[road(Seat(1), coast)]);
    let events = roll_until(&with_road, me, |r| r.white == 1 && r.red == 6);
    assert_eq!(moved(&events, Force::Iceberg).2, vec![]);
    assert!(!fold(with_road, &events).ck().edges()[coast.index()].is_empty());
}

#[test]
fn the_storm_cloud_moves_on_every_roll_and_its_new_hex_yields_nothing() {
    let me = Seat(0);
    let state = roll_phase();
    // Seat 2's settlement on the north corner of the fields (7,4), the only fields with a 10.
    let corner = state.board().topology().hex_vertices(hex(7, 4))[0];
    let state = fold(
        state,
        &[ck(E::SettlementBuilt {
            seat: Seat(2),
            vertex: corner,
        })],
    );
    let grain = |events: &[Event]| {
        events
            .iter()
            .find_map(|e| match e {
                Event::Ck(E::ResourcesProduced { gains, .. }) => Some(
                    gains
                        .iter()
                        .map(|g| g.cards.resources.get(Resource::Grain))
                        .sum::<u8>(),
                ),
                _ => None,
            })
            .expect("a 10 produces")
    };
    let ten = |r: &Roll| r.white == 4 && r.red == 6;
    // From its start (1,9) the cloud goes south-west, far from (7,4): the 10 pays.
    let events = roll_until(&state, me, ten);
    assert_eq!(moved(&events, Force::StormCloud).1, hex(1, 10));
    assert!(grain(&events) >= 1);
    // From (7,3) it goes south-west onto (7,4), which yields nothing this roll.
    let clouded = fold(state.clone(), &[put(&state, Force::StormCloud, hex(7, 3))]);
    let events = roll_until(&clouded, me, ten);
    assert_eq!(
        moved(&events, Force::StormCloud),
        (hex(7, 3), hex(7, 4), vec![])
    );
    assert_eq!(grain(&events), 0);
    // Not a 7: the iceberg and the hurricane stay.
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::ForceMoved {
            force: Force::Iceberg | Force::Hurricane,
            ..
        }
    )));
}

#[test]
fn the_hurricane_wraps_north_south_and_sweeps_roads_and_ships() {
    let me = Seat(0);
    let state = roll_phase();
    // From (5,12) south-east, off the bottom rim: it comes back on (5,0), crossing the exit side of the one and the
    // entry side of the other, with a ship on the first.
    let state = fold(state.clone(), &[put(&state, Force::Hurricane, hex(5, 12))]);
    let t = state.board().topology();
    let exit = t.hex_side(hex(5, 12), 2);
    let state = fold(state, &[ship(Seat(3), exit)]);
    let events = roll_until(&state, me, |r| r.white == 3 && r.red == 4);
    let (from, to, wrecks) = moved(&events, Force::Hurricane);
    assert_eq!((from, to), (hex(5, 12), hex(5, 0)));
    assert_eq!(
        wrecks,
        vec![Wreck {
            seat: Seat(3),
            edge: exit,
            ship: true,
            repair: false
        }]
    );
    // Over land it sweeps roads: from the mountains (6,6) east onto the fields (7,6), a 5.
    let state = roll_phase();
    let state = fold(state.clone(), &[put(&state, Force::Hurricane, hex(6, 6))]);
    let side = state.board().topology().hex_side(hex(6, 6), 1);
    let state = fold(state, &[road(Seat(1), side)]);
    let events = roll_until(&state, me, |r| r.white == 2 && r.red == 5);
    let (_, to, wrecks) = moved(&events, Force::Hurricane);
    assert_eq!(to, hex(7, 6));
    assert_eq!(wrecks.len(), 1);
    assert!(!wrecks[0].ship && wrecks[0].seat == Seat(1));
    // Seat 2's settlement on the north corner of (7,6) (with the 12 and the 3 beside it) gets no grain on a 5
    // while the hurricane stands there.
    let state = fold(state, &events);
    let corner = state.board().topology().hex_vertices(hex(7, 6))[0];
    let mut state = fold(
        state,
        &[ck(E::SettlementBuilt {
            seat: Seat(2),
            vertex: corner,
        })],
    );
    while state.phase() != hexfold_rules::cities_knights::Phase::Main
        || !Catania::seats_to_act(&state).iter().all(|&s| s == me)
    {
        let seat = Catania::seats_to_act(&state)[0];
        let command = Catania::legal_actions(&state, seat).remove(0);
        state = fold(state.clone(), &decide(&state, seat, command));
    }
    let state = fold(state, &round_to_seat_zero()[..4]);
    let five = roll_until(&state, me, |r| r.white == 1 && r.red == 4);
    let paid = five.iter().any(|e| {
        matches!(e, Event::Ck(E::ResourcesProduced { gains, .. })
            if gains.iter().any(|g| g.seat == Seat(2) && g.cards.resources.get(Resource::Grain) > 0))
    });
    assert_eq!(state.force(Force::Hurricane), Some(hex(7, 6)));
    assert!(!paid, "the hurricane's hex yields nothing");
}

#[test]
fn the_iceberg_on_a_harbor_hex_closes_that_harbor() {
    use hexfold_rules::cities_knights::Good;
    let me = Seat(0);
    // Seat 0's settlement at the brick harbor (5,1), whose side facing land is its north-east one, and brick to
    // trade.
    let state = main_phase();
    let t = state.board().topology();
    let access = t.edge_vertices(t.hex_side(hex(5, 1), 0))[0];
    let state = fold(
        state,
        &[
            ck(E::SettlementBuilt {
                seat: me,
                vertex: access,
            }),
            cards(me, Resources::new(4, 0, 0, 0, 0)),
        ],
    );
    let trade = Command::Ck(K::BankTrade {
        give: Good::Brick,
        receive: Good::Ore,
    });
    let paid = |state: &State| {
        decide(state, me, trade.clone())
            .iter()
            .find_map(|e| match e {
                Event::Ck(E::BankTraded { give_count, .. }) => Some(*give_count),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(paid(&state), 2, "the 2:1 brick harbor");
    let iced = fold(state.clone(), &[put(&state, Force::Iceberg, hex(5, 1))]);
    assert_eq!(
        paid(&iced),
        4,
        "the iceberg on its hex blocks it: the bank's 4:1"
    );
    let gone = fold(iced.clone(), &[put(&iced, Force::Iceberg, hex(6, 2))]);
    assert_eq!(paid(&gone), 2, "open again once it sails on");
}

// Doubles and the 7-hexes (seed sections 7.2.2 and 7.2.3; the specification's scenarios 1 to 5).

/// Corner `corner` (0 north, clockwise) of table cell (`col`, `row`).
fn corner(state: &State, col: u32, row: u32, corner: usize) -> VertexId {
    state.board().topology().hex_vertices(hex(col, row))[corner]
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

/// Seat 0 rolls `white` and `red` with a gate on the event die (no barbarian step to get in the way).
fn roll(state: &State, white: u8, red: u8) -> Vec<Event> {
    roll_until(state, Seat(0), |r| {
        r.white == white && r.red == red && r.event != EventDie::Ship
    })
}

/// What `seat` got from the roll's yields, a number's or a 7's.
fn got(events: &[Event], seat: Seat) -> Hand {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Ck(E::ResourcesProduced { gains, .. }) | Event::SevenYielded { gains, .. } => {
                gains.iter().find(|g| g.seat == seat).map(|g| g.cards)
            }
            _ => None,
        })
        .fold(Hand::ZERO, Hand::plus)
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

#[test]
fn the_same_doubles_tilt_then_destroy_a_settlement_at_a_glaciers_foot() {
    let you = Seat(1);
    let state = roll_phase();
    // Corner 1 of the glacier (4,6) touches the mountains (4,5), an 8, and the forest (5,6), a 9.
    let foot = corner(&state, 4, 6, 1);
    let without = roll(&state, 4, 4);
    let state = fold(state, &building(you, foot, false));
    let events = roll(&state, 4, 4);
    let tilted = Event::BuildingTilted {
        seat: you,
        vertex: foot,
        sum: 8,
    };
    assert!(events.contains(&tilted), "{events:?}");
    // The avalanche comes before the yields: the tilted settlement adds no ore to what seat 1 gets from this 8.
    assert_eq!(got(&events, you), got(&without, you));
    let state = fold(state, &events);
    assert_eq!(state.tilted().len(), 1);
    // The same doubles again: the settlement is destroyed.
    let events = roll(&around(state.clone()), 4, 4);
    assert!(events.contains(&Event::BuildingRuined {
        seat: you,
        vertex: foot,
        blow: Blow::Avalanche,
        ruin: Ruin::SettlementRemoved,
        wall: false,
    }));
    let after = fold(around(state), &events);
    assert!(after.ck().vertices()[foot.index()].is_empty());
    assert!(after.tilted().is_empty());
}

#[test]
fn other_doubles_stand_a_tilted_building_up_and_it_yields_again() {
    let you = Seat(1);
    let state = roll_phase();
    let foot = corner(&state, 4, 6, 1);
    let lumber = |events: &[Event]| got(events, you).resources.get(Resource::Lumber);
    // What seat 1 gets from a 9 without the settlement at the foot.
    let before = lumber(&roll(&state, 4, 5));
    let state = fold(state, &building(you, foot, false));
    let state = around(fold(state.clone(), &roll(&state, 4, 4)));
    // While tilted, a 9 pays it no lumber.
    assert_eq!(lumber(&roll(&state, 4, 5)), before);
    // Double 3 is other doubles: it stands up (no hex at its corner has a 6, so it is not tilted again).
    let events = roll(&state, 3, 3);
    assert!(events.contains(&Event::BuildingRighted {
        seat: you,
        vertex: foot
    }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::BuildingTilted { .. })));
    let state = around(fold(state, &events));
    assert!(state.tilted().is_empty());
    // And the next 9 pays its lumber again.
    assert_eq!(lumber(&roll(&state, 4, 5)), before + 1);
}

#[test]
fn an_avalanche_removes_a_city_whose_owner_has_no_settlement_left_and_its_wall() {
    let you = Seat(1);
    let state = roll_phase();
    // Corner 2 of the glacier (4,6) touches the forest (5,6), a 9, and the hills (4,7), a 12.
    let foot = corner(&state, 4, 6, 2);
    let mut state = fold(state, &building(you, foot, true));
    state = fold(
        state,
        &[ck(E::CityWallBuilt {
            seat: you,
            vertex: foot,
            free: true,
        })],
    );
    let state = use_up_settlements(state, you);
    let walls_left = left(&state, you).1;
    let tilt = roll(&state, 6, 6);
    assert!(tilt.contains(&Event::BuildingTilted {
        seat: you,
        vertex: foot,
        sum: 12
    }));
    let state = around(fold(state, &tilt));
    let events = roll(&state, 6, 6);
    assert!(events.contains(&Event::BuildingRuined {
        seat: you,
        vertex: foot,
        blow: Blow::Avalanche,
        ruin: Ruin::CityRemoved,
        wall: true,
    }));
    let after = fold(state, &events);
    assert!(after.ck().vertices()[foot.index()].is_empty());
    assert!(!after.ck().wall_at(foot));
    assert_eq!(left(&after, you).1, walls_left + 1);
}

#[test]
fn a_glacier_on_a_seven_pays_its_feet_the_yields_of_their_other_hexes() {
    let you = Seat(1);
    let state = roll_phase();
    let foot = corner(&state, 4, 6, 1);
    let state = fold(state, &building(you, foot, true));
    // A city: ore and coin from the mountains, lumber and paper from the forest.
    let events = roll(&state, 3, 4);
    let want = Hand::of_resources(Resources::one(Resource::Ore, 1))
        .plus(Hand::of_resources(Resources::one(Resource::Lumber, 1)))
        .plus(Hand::one(Good::Coin, 1))
        .plus(Hand::one(Good::Paper, 1));
    assert_eq!(got(&events, you), want, "{events:?}");
    // The 7's yields come after its discards are counted, and the robber still moves.
    let seven = events
        .iter()
        .position(|e| matches!(e, Event::Ck(E::SevenRolled { .. })))
        .unwrap();
    let yielded = events
        .iter()
        .position(|e| matches!(e, Event::SevenYielded { .. }))
        .unwrap();
    assert!(seven < yielded);
    assert_eq!(fold(state.clone(), &events).phase(), Phase::Robber);
    // The robber on the forest (5,6) blocks that part: only ore and coin.
    let robbed = fold(
        state.clone(),
        &[ck(E::RobberMoved {
            seat: Seat(0),
            hex: hex(5, 6),
        })],
    );
    let want = Hand::of_resources(Resources::one(Resource::Ore, 1)).plus(Hand::one(Good::Coin, 1));
    assert_eq!(got(&roll(&robbed, 3, 4), you), want);
    // The robber on the glacier blocks it all.
    let robbed = fold(
        state.clone(),
        &[ck(E::RobberMoved {
            seat: Seat(0),
            hex: hex(4, 6),
        })],
    );
    assert_eq!(got(&roll(&robbed, 3, 4), you), Hand::ZERO);
    // A tilted city takes nothing on a 7.
    let tilted = fold(
        state,
        &[Event::BuildingTilted {
            seat: you,
            vertex: foot,
            sum: 8,
        }],
    );
    assert_eq!(got(&roll(&tilted, 3, 4), you), Hand::ZERO);
}

#[test]
fn the_volcano_on_a_seven_pays_like_gold_unless_the_robber_sits_on_it() {
    let you = Seat(1);
    let state = roll_phase();
    // The volcano (9,2): a city on its south corner, between two sea hexes.
    let v = corner(&state, 9, 2, 3);
    let state = fold(state, &building(you, v, true));
    let owed = |events: &[Event]| {
        events.iter().find_map(|e| match e {
            Event::GoldDue { owed } => owed.iter().find(|o| o.seat == you).map(|o| o.count),
            _ => None,
        })
    };
    let events = roll(&state, 2, 5);
    assert_eq!(owed(&events), Some(2), "{events:?}");
    // The gold is chosen before the robber moves.
    let after = fold(state.clone(), &events);
    assert_eq!(after.gold_owed().len(), 1);
    let robbed = fold(
        state,
        &[ck(E::RobberMoved {
            seat: Seat(0),
            hex: hex(9, 2),
        })],
    );
    assert_eq!(owed(&roll(&robbed, 2, 5)), None);
}

/// Seat 0 rolls double `face` and the volcano's die shows `die`.
fn eruption(state: &State, face: u8, die: u8) -> Vec<Event> {
    for seed in 0..100_000 {
        let events = Catania::decide(
            state,
            Seat(0),
            &Command::Ck(K::RollDice),
            &mut GameRng::seed_from_u64(seed),
        )
        .unwrap();
        let rolled = matches!(events.first(), Some(Event::Ck(E::DiceRolled { roll, .. }))
            if roll.white == face && roll.red == face && roll.event != EventDie::Ship);
        let erupted = events
            .iter()
            .any(|e| matches!(e, Event::VolcanoErupted { die: d, .. } if *d == die));
        if rolled && erupted {
            return events;
        }
    }
    panic!("no seed gives the wanted eruption");
}

#[test]
fn the_volcano_erupts_on_double_one_or_six_towards_the_corner_its_die_shows() {
    let you = Seat(1);
    let state = roll_phase();
    // Die 4 points at corner 3 (south); a settlement there is removed.
    let south = corner(&state, 9, 2, 3);
    let with = fold(state.clone(), &building(you, south, false));
    let events = eruption(&with, 1, 4);
    assert!(events.contains(&Event::VolcanoErupted {
        hex: hex(9, 2),
        die: 4,
        vertex: south
    }));
    assert!(events.contains(&Event::BuildingRuined {
        seat: you,
        vertex: south,
        blow: Blow::Eruption,
        ruin: Ruin::SettlementRemoved,
        wall: false,
    }));
    assert!(fold(with, &events).ck().vertices()[south.index()].is_empty());
    // A city with a wall becomes a settlement and loses its wall; the robber on the volcano does not stop it.
    let city = fold(state.clone(), &building(you, south, true));
    let city = fold(
        city,
        &[
            ck(E::CityWallBuilt {
                seat: you,
                vertex: south,
                free: true,
            }),
            ck(E::RobberMoved {
                seat: Seat(0),
                hex: hex(9, 2),
            }),
        ],
    );
    let events = eruption(&city, 6, 4);
    assert!(events.contains(&Event::BuildingRuined {
        seat: you,
        vertex: south,
        blow: Blow::Eruption,
        ruin: Ruin::CityReduced,
        wall: true,
    }));
    let after = fold(city.clone(), &events);
    let p = after.ck().vertices()[south.index()];
    assert!(p.owner() == Some(you) && !p.is_city());
    assert!(!after.ck().wall_at(south));
    // Without a settlement left in supply the city is removed.
    let homeless = use_up_settlements(city, you);
    let events = eruption(&homeless, 6, 4);
    assert!(events.contains(&Event::BuildingRuined {
        seat: you,
        vertex: south,
        blow: Blow::Eruption,
        ruin: Ruin::CityRemoved,
        wall: true,
    }));
    assert!(fold(homeless, &events).ck().vertices()[south.index()].is_empty());
    // Other doubles, or a die pointing at an empty corner, strike nothing.
    let with = fold(state, &building(you, south, false));
    assert!(!roll(&with, 2, 2)
        .iter()
        .any(|e| matches!(e, Event::VolcanoErupted { .. })));
    let events = eruption(&with, 1, 1);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::BuildingRuined { .. })));
}

#[test]
fn a_metropolis_on_a_city_struck_down_moves_to_another_city_of_its_owner() {
    let you = Seat(1);
    let state = roll_phase();
    let south = corner(&state, 9, 2, 3);
    let other = corner(&state, 9, 2, 0);
    let mut state = fold(state, &building(you, south, true));
    state = fold(state, &building(you, other, true));
    state = fold(
        state,
        &[ck(E::MetropolisPlaced {
            seat: you,
            track: Track::Science,
            vertex: south,
            from: None,
        })],
    );
    let points = state.ck().points(you);
    let events = eruption(&state, 6, 4);
    assert!(events.contains(&ck(E::MetropolisPlaced {
        seat: you,
        track: Track::Science,
        vertex: other,
        from: None,
    })));
    let after = fold(state, &events);
    assert_eq!(after.ck().metropolis(Track::Science), Some((you, other)));
    // The city reduced to a settlement costs one point; the metropolis keeps its two.
    assert_eq!(after.ck().points(you), points - 1);
}

// Specialists and conquest points (seed sections 7.3 and 9.5; the specification's scenarios 18 and 19).

/// Fields hexes at corner `v`.
fn fields_at(state: &State, v: VertexId) -> u8 {
    let board = state.board();
    board
        .topology()
        .vertex_hexes(v)
        .iter()
        .filter(|&&h| board.terrain(h) == hexfold_rules::hex::Terrain::Fields)
        .count() as u8
}

/// `seat`'s points at fields: 1 per settlement and 2 per city for each fields hex it touches.
fn grain_points(state: &State, seat: Seat) -> u8 {
    let t = state.board().topology();
    t.vertices()
        .filter(|v| state.ck().vertices()[v.index()].owner() == Some(seat))
        .map(|v| state.ck().vertices()[v.index()].yield_count() * fields_at(state, v))
        .sum()
}

#[test]
fn the_most_points_at_a_resource_take_its_specialist_a_tie_sends_it_back() {
    let (me, grain) = (Seat(0), Seat(2));
    let state = main_phase();
    // The opening gave seat 2 the grain specialist: the most settlements at fields.
    assert_eq!(state.specialist(Resource::Grain), Some(grain));
    let target = grain_points(&state, grain);
    // Seat 0's settlements at one fields hex each, until one city more would tie seat 2.
    let t = state.board().topology();
    let sites: Vec<VertexId> = t
        .vertices()
        .filter(|&v| {
            state.ck().vertices()[v.index()].is_empty()
                && fields_at(&state, v) == 1
                && t.vertex_hexes(v).iter().all(|&h| state.ck().robber() != h)
        })
        .collect();
    let mut sites = sites.into_iter().step_by(7);
    let mut state = state;
    while grain_points(&state, me) + 1 < target {
        state = fold(state, &building(me, sites.next().unwrap(), false));
    }
    assert_eq!(grain_points(&state, me) + 1, target);
    let t = state.board().topology();
    let at_fields = t
        .vertices()
        .find(|&v| {
            let p = state.ck().vertices()[v.index()];
            p.owner() == Some(me) && !p.is_city() && fields_at(&state, v) == 1
        })
        .expect("a settlement of seat 0 at one fields hex");
    state = fold(state, &[cards(me, Resources::new(0, 0, 0, 4, 6))]);
    let points = state.public_points(grain);
    // A city at fields ties seat 2: the card goes back to the bank, with its point.
    let events = decide(&state, me, Command::Ck(K::BuildCity { vertex: at_fields }));
    assert!(events.contains(&Event::SpecialistChanged {
        resource: Resource::Grain,
        holder: None
    }));
    let state = fold(state, &events);
    assert_eq!(state.public_points(grain), points - 1);
    // A settlement and a city more at fields lead: seat 0 takes the card, one point.
    let x = sites.next().unwrap();
    let state = fold(state, &building(me, x, false));
    let events = decide(&state, me, Command::Ck(K::BuildCity { vertex: x }));
    assert!(events.contains(&Event::SpecialistChanged {
        resource: Resource::Grain,
        holder: Some(me)
    }));
    let state = fold(state, &events);
    // Each card held is a point beside the layer's.
    let held = Resource::ALL
        .into_iter()
        .filter(|&r| state.specialist(r) == Some(me))
        .count() as u8;
    assert!(held >= 1);
    assert_eq!(state.public_points(me), state.ck().points(me) + held);
    // On its own roll the holder takes one more grain after the yields; on another's roll nothing.
    let state = around(state);
    let events = roll(&state, 1, 2);
    let paid = events.iter().find_map(|e| match e {
        Event::SpecialistsPaid { seat, resources } => Some((*seat, *resources)),
        _ => None,
    });
    assert_eq!(
        paid.map(|(s, r)| (s, r.get(Resource::Grain))),
        Some((me, 1))
    );
    let after = fold(state, &events);
    let next = fold(
        after,
        &[ck(E::TurnEnded {
            seat: me,
            next: Seat(1),
        })],
    );
    let events = roll_until(&next, Seat(1), |r| r.white + r.red != 7);
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::SpecialistsPaid { seat, .. } if *seat == me
    )));
}

#[test]
fn only_the_first_settlement_on_an_island_earns_its_conquest_point() {
    let (me, you) = (Seat(0), Seat(1));
    let state = main_phase();
    let board = state.board();
    let t = board.topology();
    let labels = hexfold_rules::hex::islands(board);
    // Seat 1 was first on the East island, at 211 (the first scenario's corner).
    let island = t
        .vertex_hexes(id(211))
        .iter()
        .find_map(|h| labels[h.index()])
        .unwrap();
    let first = Event::IslandConquered {
        seat: you,
        vertex: id(211),
        island,
    };
    let mut given = building(you, id(211), false);
    given.push(first);
    let state = fold(state, &given);
    assert_eq!(
        state.public_points(you),
        state.ck().points(you)
            + {
                Resource::ALL
                    .into_iter()
                    .filter(|&r| state.specialist(r) == Some(you))
                    .count() as u8
            }
            + 1
    );
    // Seat 0 reaches another corner of that island by ship: a settlement, but no point.
    let t = state.board().topology();
    let (v, side) = t
        .vertices()
        .filter(|&v| {
            state.ck().vertices()[v.index()].is_empty()
                && t.vertex_hexes(v)
                    .iter()
                    .any(|h| labels[h.index()] == Some(island))
                && t.vertex_neighbors(v)
                    .iter()
                    .all(|w| state.ck().vertices()[w.index()].is_empty())
        })
        .find_map(|v| {
            let side = t.vertex_edges(v).iter().copied().find(|&e| {
                state.ck().edges()[e.index()].is_empty()
                    && hexfold_rules::hex::edge_hexes(t, e)
                        .any(|h| state.board().terrain(h).is_sea())
            })?;
            Some((v, side))
        })
        .expect("a free coastal corner of the island");
    let state = fold(
        state,
        &[ship(me, side), cards(me, Resources::new(1, 1, 1, 1, 0))],
    );
    let events = decide(&state, me, Command::Ck(K::BuildSettlement { vertex: v }));
    assert!(events.contains(&ck(E::SettlementBuilt {
        seat: me,
        vertex: v
    })));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::IslandConquered { .. })));
    // The point stays with seat 1 when its settlement is gone (spec D-42).
    let gone = fold(
        state,
        &[Event::BuildingRuined {
            seat: you,
            vertex: id(211),
            blow: Blow::Eruption,
            ruin: Ruin::SettlementRemoved,
            wall: false,
        }],
    );
    assert_eq!(gone.conquests().len(), 1);
    assert_eq!(gone.conquests()[0].seat, you);
}

/// `seat` gives every card it holds back to the bank, and the specialist cards are in the bank (so none pays on
/// the roll), as facts.
fn empty_hand(state: &State, seat: Seat) -> Vec<Event> {
    let mut events = vec![ck(E::Discarded {
        seat,
        cards: state.ck().hand(seat),
    })];
    events.extend(Resource::ALL.map(|resource| Event::SpecialistChanged {
        resource,
        holder: None,
    }));
    events
}

/// The station buildings a roll asks to exchange.
fn exchanges_due(events: &[Event]) -> Vec<Post> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::StationExchangesDue { posts } => Some(posts.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

fn one(r: Resource) -> Resources {
    Resources::one(r, 1)
}

#[test]
fn a_station_building_unable_to_exchange_on_a_seven_is_warned_and_its_next_exchange_restores_it() {
    let me = Seat(0);
    let state = roll_phase();
    // The trading station (2,9): a retail post on its north corner, and nothing in hand.
    let post = corner(&state, 2, 9, 0);
    let state = fold(state, &building(me, post, false));
    let state = fold(state.clone(), &empty_hand(&state, me));
    let events = roll(&state, 3, 4);
    assert_eq!(
        exchanges_due(&events),
        [Post {
            seat: me,
            vertex: post
        }]
    );
    assert!(
        events.contains(&Event::StationWarned {
            seat: me,
            vertex: post
        }),
        "{events:?}"
    );
    let warned = fold(state, &events);
    assert_eq!(
        warned.warned_posts(),
        [Post {
            seat: me,
            vertex: post
        }]
    );
    assert!(warned.station_exchanges_due().is_empty());
    assert_eq!(warned.phase(), Phase::Robber);
    // A warned post is not upgraded (spec D-09).
    let main = fold(
        warned.clone(),
        &[
            ck(E::RobberMoved {
                seat: me,
                hex: hex(5, 6),
            }),
            cards(me, Resources::new(0, 0, 0, 2, 3)),
        ],
    );
    assert_eq!(
        refused(&main, me, Command::Ck(K::BuildCity { vertex: post })),
        "StationBuildingWarned"
    );
    // The next 7, holding one brick: the exchange is owed, and play waits for it.
    let next = around(fold(
        warned,
        &[ck(E::RobberMoved {
            seat: me,
            hex: hex(5, 6),
        })],
    ));
    let next = fold(next, &[cards(me, one(Resource::Brick))]);
    let events = roll(&next, 3, 4);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::StationWarned { .. })));
    let due = fold(next, &events);
    assert_eq!(
        due.station_exchanges_due(),
        [Post {
            seat: me,
            vertex: post
        }]
    );
    assert_eq!(Catania::seats_to_act(&due), [me]);
    let listed = Catania::legal_actions(&due, me);
    assert!(!listed.is_empty());
    assert!(listed
        .iter()
        .all(|c| matches!(c, Command::ExchangeAtStation { .. })));
    assert_eq!(
        refused(
            &due,
            me,
            Command::Ck(K::MoveRobber {
                hex: hex(5, 6),
                victim: None
            })
        ),
        "ObligationsPending"
    );
    let exchange = |give: Resources, take: Resources| Command::ExchangeAtStation {
        give: Hand::of_resources(give),
        take,
    };
    let brick = one(Resource::Brick);
    // Two resources of other kinds than the one given, for exactly one resource.
    for (give, take) in [
        (brick, brick.plus(one(Resource::Wool))),
        (brick, one(Resource::Wool)),
        (brick.plus(brick), Resources::new(0, 1, 1, 1, 1)),
    ] {
        assert_eq!(refused(&due, me, exchange(give, take)), "InvalidExchange");
    }
    assert_eq!(
        refused(
            &due,
            me,
            exchange(one(Resource::Ore), Resources::new(0, 0, 1, 1, 0))
        ),
        "CardsNotHeld"
    );
    let take = one(Resource::Wool).plus(one(Resource::Grain));
    let events = decide(&due, me, exchange(brick, take));
    assert_eq!(
        events[0],
        Event::StationExchanged {
            seat: me,
            vertex: post,
            gave: Hand::of_resources(brick),
            took: take
        }
    );
    let done = fold(due, &events);
    assert!(done.warned_posts().is_empty(), "the warning is lifted");
    assert_eq!(done.ck().hand(me), Hand::of_resources(take));
    assert_eq!(done.phase(), Phase::Robber);
}

#[test]
fn only_its_owners_command_judges_a_station_building_another_seats_roll_asks_to_exchange() {
    // The leak the soak's hidden-information property found: a warning carried by another seat's command tells that
    // seat the owner held nothing to give.
    let (me, you) = (Seat(0), Seat(1));
    let state = roll_phase();
    let post = corner(&state, 2, 9, 0);
    let state = fold(state, &building(you, post, false));
    let state = fold(state.clone(), &empty_hand(&state, you));
    let events = roll(&state, 3, 4);
    assert_eq!(
        exchanges_due(&events),
        [Post {
            seat: you,
            vertex: post
        }]
    );
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::StationWarned { .. } | Event::StationExcused { .. }
        )),
        "{events:?}"
    );
    let due = fold(state, &events);
    assert_eq!(Catania::seats_to_act(&due), [you]);
    let cannot = Command::ExchangeAtStation {
        give: Hand::default(),
        take: Resources::ZERO,
    };
    assert_eq!(
        Catania::legal_actions(&due, you),
        std::slice::from_ref(&cannot)
    );
    assert_eq!(refused(&due, me, cannot.clone()), "NoSuchObligation");
    let events = decide(&due, you, cannot.clone());
    assert_eq!(
        events[0],
        Event::StationWarned {
            seat: you,
            vertex: post
        }
    );
    assert!(fold(due.clone(), &events)
        .station_exchanges_due()
        .is_empty());
    // Holding a resource, the owner can exchange, so "I cannot" is refused and not listed.
    let able = fold(due, &[cards(you, one(Resource::Brick))]);
    assert_eq!(refused(&able, you, cannot.clone()), "InvalidExchange");
    assert!(!Catania::legal_actions(&able, you).contains(&cannot));
}

#[test]
fn a_warned_station_building_unable_again_is_downgraded_or_expelled() {
    let me = Seat(0);
    let base = roll_phase();
    // The trading station (10,9): a warned wholesale house on its north corner, nothing in hand.
    let post = corner(&base, 10, 9, 0);
    let warned = |state: State, city: bool| {
        let state = fold(state, &building(me, post, city));
        let state = fold(state.clone(), &empty_hand(&state, me));
        fold(
            state,
            &[Event::StationWarned {
                seat: me,
                vertex: post,
            }],
        )
    };
    let ruined = |events: &[Event]| {
        events.iter().find_map(|e| match e {
            Event::BuildingRuined {
                blow: Blow::Guild,
                ruin,
                vertex,
                ..
            } if *vertex == post => Some(*ruin),
            _ => None,
        })
    };
    // Wholesale with a settlement in supply: back to retail, standing upright.
    let state = warned(base.clone(), true);
    let events = roll(&state, 3, 4);
    assert_eq!(ruined(&events), Some(Ruin::CityReduced), "{events:?}");
    let after = fold(state, &events);
    assert!(after.ck().vertices()[post.index()].owner() == Some(me));
    assert!(!after.ck().vertices()[post.index()].is_city());
    assert!(after.warned_posts().is_empty());
    // Wholesale without a settlement left: off the board.
    let state = warned(use_up_settlements(base.clone(), me), true);
    let events = roll(&state, 3, 4);
    assert_eq!(ruined(&events), Some(Ruin::CityRemoved));
    assert!(fold(state, &events).ck().vertices()[post.index()].is_empty());
    // Retail: expelled.
    let state = warned(base, false);
    let events = roll(&state, 3, 4);
    assert_eq!(ruined(&events), Some(Ruin::SettlementRemoved));
    let after = fold(state, &events);
    assert!(after.ck().vertices()[post.index()].is_empty());
    assert!(after.warned_posts().is_empty());
}

#[test]
fn goods_of_the_same_seven_count_for_the_stations_exchange() {
    let me = Seat(0);
    let state = roll_phase();
    // A wholesale house at (2,9) and a glacier city whose 7 pays ore, coin, lumber and paper; an empty hand.
    let post = corner(&state, 2, 9, 0);
    let foot = corner(&state, 4, 6, 1);
    let state = fold(state, &building(me, post, true));
    let state = fold(state, &building(me, foot, true));
    let state = fold(state.clone(), &empty_hand(&state, me));
    let events = roll(&state, 3, 4);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::StationWarned { .. })));
    let due = fold(state, &events);
    assert_eq!(
        due.station_exchanges_due(),
        [Post {
            seat: me,
            vertex: post
        }]
    );
    // A wholesale house: a commodity for three resources of any kind, or two resources for four of other kinds.
    let coin = Hand::one(Good::Coin, 1);
    let three = Resources::new(0, 0, 0, 0, 3);
    let events = decide(
        &due,
        me,
        Command::ExchangeAtStation {
            give: coin,
            take: three,
        },
    );
    assert!(events.contains(&Event::StationExchanged {
        seat: me,
        vertex: post,
        gave: coin,
        took: three
    }));
    let two = one(Resource::Ore).plus(one(Resource::Lumber));
    assert_eq!(
        refused(
            &due,
            me,
            Command::ExchangeAtStation {
                give: Hand::of_resources(two),
                take: Resources::new(2, 0, 0, 2, 0).plus(one(Resource::Ore)),
            }
        ),
        "InvalidExchange"
    );
    decide(
        &due,
        me,
        Command::ExchangeAtStation {
            give: Hand::of_resources(two),
            take: Resources::new(2, 0, 0, 2, 0),
        },
    );
}

#[test]
fn a_station_takes_one_building_per_seat_by_ship_no_wall_and_no_conquest() {
    let me = Seat(0);
    let state = main_phase();
    let t = state.board().topology();
    let post = corner(&state, 2, 9, 0);
    let other = corner(&state, 10, 9, 0);
    let sea_side = |v: VertexId| {
        t.vertex_edges(v)
            .iter()
            .copied()
            .find(|&e| hexfold_rules::hex::ship_edge(state.board(), e))
            .unwrap()
    };
    let state = fold(
        state.clone(),
        &[
            ship(me, sea_side(post)),
            ship(me, sea_side(other)),
            cards(me, Resources::new(2, 2, 2, 4, 3)),
        ],
    );
    let build = |v| Command::Ck(K::BuildSettlement { vertex: v });
    let events = decide(&state, me, build(post));
    assert!(events.contains(&ck(E::SettlementBuilt {
        seat: me,
        vertex: post
    })));
    // A station building conquers nothing (seed line 152) and draws no chip.
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::IslandConquered { .. } | Event::ChipsDrawn { .. })));
    let state = fold(state, &events);
    assert_eq!(refused(&state, me, build(other)), "OnePostPerSeat");
    // Wholesale at the normal city cost; no wall under it.
    let events = decide(&state, me, Command::Ck(K::BuildCity { vertex: post }));
    let state = fold(state, &events);
    assert!(state.ck().vertices()[post.index()].is_city());
    let state = fold(state, &[cards(me, Resources::new(2, 0, 0, 0, 0))]);
    assert_eq!(
        refused(&state, me, Command::Ck(K::BuildCityWall { vertex: post })),
        "NoWallAtStation"
    );
    assert!(!Catania::legal_actions(&state, me)
        .contains(&Command::Ck(K::BuildCityWall { vertex: post })));
}

#[test]
fn the_robber_on_a_station_asks_no_exchange_and_warns_nobody() {
    let me = Seat(0);
    let state = roll_phase();
    let post = corner(&state, 2, 9, 0);
    let state = fold(state, &building(me, post, false));
    let state = fold(state.clone(), &empty_hand(&state, me));
    let state = fold(
        state,
        &[ck(E::RobberMoved {
            seat: me,
            hex: hex(2, 9),
        })],
    );
    let events = roll(&state, 3, 4);
    assert!(exchanges_due(&events).is_empty(), "{events:?}");
    assert!(fold(state, &events).warned_posts().is_empty());
}

#[test]
fn a_station_the_bank_cannot_pay_is_excused_without_a_warning() {
    let me = Seat(0);
    let state = roll_phase();
    let post = corner(&state, 2, 9, 0);
    let state = fold(state, &building(me, post, false));
    let state = fold(state.clone(), &empty_hand(&state, me));
    // Seat 0 holds a brick; seat 2 takes every other resource the bank has but one wool.
    let state = fold(state, &[cards(me, one(Resource::Brick))]);
    let bank = state.ck().bank().resources;
    let rest = Resources::new(
        0,
        bank.get(Resource::Lumber),
        bank.get(Resource::Wool) - 1,
        0,
        0,
    )
    .plus(Resources::new(
        0,
        0,
        0,
        bank.get(Resource::Grain),
        bank.get(Resource::Ore),
    ));
    let state = fold(state, &[cards(Seat(2), rest)]);
    let events = roll(&state, 3, 4);
    assert!(
        events.contains(&Event::StationExcused {
            seat: me,
            vertex: post
        }),
        "{events:?}"
    );
    let after = fold(state, &events);
    assert!(after.warned_posts().is_empty());
    assert!(after.station_exchanges_due().is_empty());
}

/// A corner of the temple (1,1) with a land hex beside it that produces, and that hex.
fn temple_corner(state: &State) -> (VertexId, HexId) {
    let board = state.board();
    let t = board.topology();
    t.hex_vertices(hex(1, 1))
        .iter()
        .find_map(|&v| {
            let land = t
                .vertex_hexes(v)
                .iter()
                .copied()
                .find(|&h| board.terrain(h).resource().is_some())?;
            Some((v, land))
        })
        .unwrap()
}

#[test]
fn a_sacrificial_site_needs_knights_of_strength_two_and_twice_a_settlements_cost() {
    let me = Seat(0);
    let state = main_phase();
    let t = state.board().topology();
    let (site, _) = temple_corner(&state);
    // Seat 0's road (or ship) to the site, as a fact.
    let side = t.vertex_edges(site)[0];
    let reach = if hexfold_rules::hex::road_edge(state.board(), side) {
        road(me, side)
    } else {
        ship(me, side)
    };
    // Two corners out at sea for the knights, as facts.
    let knight = |v: VertexId, strength| {
        ck(E::KnightBuilt {
            seat: me,
            vertex: v,
            strength,
            free: true,
        })
    };
    let open_sea: Vec<VertexId> = t
        .vertices()
        .filter(|&v| {
            state.ck().vertices()[v.index()].is_empty()
                && t.vertex_hexes(v)
                    .iter()
                    .all(|&h| state.board().terrain(h).is_sea())
        })
        .take(2)
        .collect();
    let state = fold(
        state.clone(),
        &[
            reach,
            cards(me, Resources::new(2, 2, 2, 2, 0)),
            knight(open_sea[0], 1),
        ],
    );
    let build = Command::Ck(K::BuildSettlement { vertex: site });
    // One basic knight is strength 1: too weak to protect the temple.
    assert_eq!(refused(&state, me, build.clone()), "TempleGuardTooWeak");
    let state = fold(state, &[knight(open_sea[1], 1)]);
    // Two basic knights make strength 2; twice the cost of a settlement, so one settlement's is not enough.
    let poor = fold(state.clone(), &empty_hand(&state, me));
    let poor = fold(poor, &[cards(me, Resources::new(1, 1, 1, 1, 0))]);
    assert_eq!(refused(&poor, me, build.clone()), "CannotAfford");
    let before = state.ck().hand(me).resources;
    let events = decide(&state, me, build);
    assert!(events.contains(&Event::SacrificialSiteBuilt {
        seat: me,
        vertex: site
    }));
    // The island's hexes beside the site draw their chips; the temple conquers nothing (spec D-16, D-42).
    assert!(events.iter().any(|e| matches!(e, Event::ChipsDrawn { .. })));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::IslandConquered { .. })));
    let after = fold(state, &events);
    assert_eq!(
        after.ck().hand(me).resources,
        before.minus(Resources::new(2, 2, 2, 2, 0))
    );
    assert_eq!(after.ck().vertices()[site.index()].owner(), Some(me));
    // A site stays a settlement.
    let after = fold(after, &[cards(me, Resources::new(0, 0, 0, 2, 3))]);
    assert_eq!(
        refused(&after, me, Command::Ck(K::BuildCity { vertex: site })),
        "NoCityAtTemple"
    );
    // Nor by the medicine progress card (random play found it).
    let after = fold(
        after,
        &[ck(E::ProgressCardDrawn {
            seat: me,
            track: Track::Science,
            card: ProgressCard::Medicine,
        })],
    );
    let medicine = Command::Ck(K::PlayProgressCard {
        play: ProgressPlay::Medicine { vertex: site },
    });
    assert_eq!(refused(&after, me, medicine.clone()), "NoCityAtTemple");
    assert!(!Catania::legal_actions(&after, me).contains(&medicine));
}

#[test]
fn doubles_make_every_other_seat_pay_the_temples_beneficiary_and_a_seat_without_pays_twice_later() {
    let (me, you, third, fourth) = (Seat(0), Seat(1), Seat(2), Seat(3));
    let state = roll_phase();
    let (site, land) = temple_corner(&state);
    // Seat 1's site beside a hex numbered 4; seats 0 and 3 hold a brick each.
    let state = fold(
        state,
        &[
            Event::ChipsDrawn {
                seat: you,
                chips: vec![HexChip {
                    hex: land,
                    number: 4,
                }],
            },
            cards(me, one(Resource::Brick)),
            cards(fourth, one(Resource::Brick)),
        ],
    );
    let state = fold(state, &building(you, site, false));
    let events = roll(&state, 2, 2);
    let tributes = |from| TempleDue::Tribute { from, to: you };
    assert!(
        events.contains(&Event::TributesDue {
            dues: vec![tributes(me), tributes(third), tributes(fourth)]
        }),
        "{events:?}"
    );
    let due = fold(state, &events);
    assert_eq!(Catania::seats_to_act(&due), [me]);
    assert_eq!(
        refused(&due, me, Command::Ck(K::EndTurn)),
        "ObligationsPending"
    );
    assert_eq!(
        refused(
            &due,
            third,
            Command::PayTemple {
                resources: one(Resource::Brick)
            }
        ),
        "NoSuchObligation"
    );
    // Seat 2 holds no resource when its turn comes: its tribute becomes a debt, by its own word (another seat's
    // command carrying the default would tell that seat what seat 2 held).
    let due = fold(due.clone(), &empty_hand(&due, third));
    let pay = |r: Resources| Command::PayTemple { resources: r };
    assert_eq!(
        refused(&due, me, pay(Resources::new(2, 0, 0, 0, 0))),
        "WrongCardCount"
    );
    assert_eq!(refused(&due, me, pay(Resources::ZERO)), "WrongCardCount");
    let events = decide(&due, me, pay(one(Resource::Brick)));
    assert_eq!(
        events,
        [Event::TemplePaid {
            from: me,
            to: you,
            resources: one(Resource::Brick)
        }]
    );
    let due = fold(due, &events);
    assert_eq!(Catania::seats_to_act(&due), [third]);
    assert_eq!(Catania::legal_actions(&due, third), [pay(Resources::ZERO)]);
    let events = decide(&due, third, pay(Resources::ZERO));
    assert_eq!(
        events,
        [Event::TributeDefaulted {
            from: third,
            to: you
        }]
    );
    let due = fold(due, &events);
    assert_eq!(
        due.temple_debts(),
        [TempleDue::Debt {
            from: third,
            to: you
        }]
    );
    // Seat 2 comes by two resources: once seat 3 has paid, the debt is called at the end of seat 2's own next
    // command (here its roll on its turn), not by seat 3's payment.
    let due = fold(due, &[cards(third, Resources::new(0, 0, 1, 1, 0))]);
    let events = decide(&due, fourth, pay(one(Resource::Brick)));
    assert!(!events.iter().any(|e| matches!(e, Event::DebtCalled { .. })));
    let due = fold(due, &events);
    let turn = fold(
        due,
        &(0..2u8)
            .map(|s| {
                ck(E::TurnEnded {
                    seat: Seat(s),
                    next: Seat(s + 1),
                })
            })
            .collect::<Vec<_>>(),
    );
    // A roll that brings seat 2 nothing and asks for nothing else, so it pays with the two it holds.
    let events = (0..10_000)
        .map(|seed| {
            Catania::decide(
                &turn,
                third,
                &Command::Ck(K::RollDice),
                &mut GameRng::seed_from_u64(seed),
            )
            .unwrap()
        })
        .find(|events| {
            let after = fold(turn.clone(), events);
            got(events, third) == Hand::default()
                && !events.iter().any(|e| {
                    matches!(
                        e,
                        Event::TributesDue { .. } | Event::StationExchangesDue { .. }
                    )
                })
                && after.ck().obligations().is_empty()
                && after.phase() == Phase::Main
        })
        .expect("a plain roll");
    assert!(
        events.contains(&Event::DebtCalled {
            from: third,
            to: you
        }),
        "{events:?}"
    );
    let due = fold(turn, &events);
    assert_eq!(Catania::seats_to_act(&due), [third]);
    let two = Resources::new(0, 0, 1, 1, 0);
    assert_eq!(Catania::legal_actions(&due, third), [pay(two)]);
    let due = fold(due.clone(), &decide(&due, third, pay(two)));
    // The seat paid twice gives one of the two back to the bank, not another card.
    assert_eq!(
        due.temple_due(),
        [TempleDue::Offering {
            seat: you,
            resources: two
        }]
    );
    let due = fold(due, &[cards(you, one(Resource::Ore))]);
    assert_eq!(
        refused(&due, you, pay(one(Resource::Ore))),
        "NotFromTheDebt"
    );
    let events = decide(&due, you, pay(one(Resource::Wool)));
    assert!(events.contains(&Event::GodsAppeased {
        seat: you,
        resources: one(Resource::Wool)
    }));
    let done = fold(due, &events);
    assert!(done.temple_due().is_empty() && done.temple_debts().is_empty());
    assert_eq!(done.phase(), Phase::Main);
}

#[test]
fn doubles_of_another_number_or_no_site_ask_no_tribute() {
    let you = Seat(1);
    let state = roll_phase();
    let (site, land) = temple_corner(&state);
    let chip = Event::ChipsDrawn {
        seat: you,
        chips: vec![HexChip {
            hex: land,
            number: 4,
        }],
    };
    let state = fold(state, &[chip]);
    let tribute = |events: &[Event]| {
        events
            .iter()
            .any(|e| matches!(e, Event::TributesDue { .. }))
    };
    // No site at the temple: no offering (seed line 95).
    assert!(!tribute(&roll(&state, 2, 2)));
    // A site, and doubles of another number.
    let state = fold(state, &building(you, site, false));
    assert!(!tribute(&roll(&state, 3, 3)));
    assert!(tribute(&roll(&state, 2, 2)));
}

// The barbarian castle (seed section 7.2.4 and line 31; the specification's scenarios 9 and 10).

/// Corner `i` (0 north, clockwise) of the castle (10,11).
fn castle_corner(state: &State, i: usize) -> VertexId {
    corner(state, 10, 11, i)
}

/// `seat`'s knights of these strengths on corners out at sea, as facts.
fn knights_at_sea(state: &State, seat: Seat, strengths: &[u8]) -> Vec<Event> {
    let t = state.board().topology();
    let taken = |v: VertexId| {
        !state.ck().vertices()[v.index()].is_empty() || state.ck().knight_at(v).is_some()
    };
    t.vertices()
        .filter(|&v| {
            !taken(v)
                && t.vertex_hexes(v)
                    .iter()
                    .all(|&h| state.board().terrain(h).is_sea())
        })
        .zip(strengths)
        .map(|(vertex, &strength)| {
            ck(E::KnightBuilt {
                seat,
                vertex,
                strength,
                free: true,
            })
        })
        .collect()
}

/// A ship of `seat` on a sea side of corner `v`, as a fact.
fn ship_to(state: &State, seat: Seat, v: VertexId) -> Event {
    let side = state
        .board()
        .topology()
        .vertex_edges(v)
        .iter()
        .copied()
        .find(|&e| {
            hexfold_rules::hex::ship_edge(state.board(), e)
                && state.ck().edges()[e.index()].is_empty()
        })
        .unwrap();
    ship(seat, side)
}

#[test]
fn a_castle_settlement_needs_knights_of_strength_three_and_stays_a_settlement() {
    let me = Seat(0);
    let state = main_phase();
    let (v, w) = (castle_corner(&state, 0), castle_corner(&state, 2));
    let state = fold(
        state.clone(),
        &[
            ship_to(&state, me, v),
            ship_to(&state, me, w),
            cards(me, Resources::new(2, 2, 2, 2, 0)),
        ],
    );
    let build = |v| Command::Ck(K::BuildSettlement { vertex: v });
    // No knight, then one strong knight (strength 2): too weak (seed line 90).
    assert_eq!(refused(&state, me, build(v)), "CastleGuardTooWeak");
    let state = fold(state.clone(), &knights_at_sea(&state, me, &[2]));
    assert_eq!(refused(&state, me, build(v)), "CastleGuardTooWeak");
    assert!(!Catania::legal_actions(&state, me).contains(&build(v)));
    // A strong and a basic knight make strength 3, active or not (spec D-28).
    let state = fold(state.clone(), &knights_at_sea(&state, me, &[1]));
    assert!(Catania::legal_actions(&state, me).contains(&build(v)));
    let before = state.ck().hand(me).resources;
    let points = state.public_points(me);
    let events = decide(&state, me, build(v));
    assert!(events.contains(&ck(E::SettlementBuilt {
        seat: me,
        vertex: v
    })));
    // A castle settlement conquers nothing (seed line 152).
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::IslandConquered { .. })));
    let state = fold(state, &events);
    // The normal cost, and the point of a settlement (seed line 90).
    assert_eq!(
        state.ck().hand(me).resources,
        before.minus(Resources::new(1, 1, 1, 1, 0))
    );
    assert_eq!(state.public_points(me), points + 1);
    // A second one for the same player (seed line 92), two corners on.
    let state = fold(state, &[ck(E::TurnEnded { seat: me, next: me })]);
    let state = fold(state, &round_to_seat_zero()[4..]);
    let events = decide(&state, me, build(w));
    let state = fold(state, &events);
    assert_eq!(state.ck().vertices()[w.index()].owner(), Some(me));
    // Never a city, by a build or by the medicine.
    let state = fold(
        state,
        &[
            cards(me, Resources::new(0, 0, 0, 2, 3)),
            ck(E::ProgressCardDrawn {
                seat: me,
                track: Track::Science,
                card: ProgressCard::Medicine,
            }),
        ],
    );
    assert_eq!(
        refused(&state, me, Command::Ck(K::BuildCity { vertex: v })),
        "NoCityAtCastle"
    );
    let medicine = Command::Ck(K::PlayProgressCard {
        play: ProgressPlay::Medicine { vertex: w },
    });
    assert_eq!(refused(&state, me, medicine.clone()), "NoCityAtCastle");
    let legal = Catania::legal_actions(&state, me);
    assert!(!legal.contains(&medicine));
    assert!(!legal.contains(&Command::Ck(K::BuildCity { vertex: v })));
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

/// Cards put into the castle's pile as facts: each seat with its card.
fn pile(deposits: &[(Seat, Good)]) -> Vec<Event> {
    let mut events = vec![Event::CastleRaided {
        seats: deposits.iter().map(|&(s, _)| s).collect(),
    }];
    for &(seat, card) in deposits {
        events.push(ck(E::CardsFromBank {
            seat,
            cards: Hand::one(card, 1),
        }));
        events.push(Event::CastleDeposited { seat, card });
    }
    events
}

/// The castle's events among `events`, without the cards drawn.
fn castle_events(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::CastleRaided { .. }
                    | Event::CastleDefaulted { .. }
                    | Event::CastleDebtCalled { .. }
                    | Event::CastleDeposited { .. }
            )
        })
        .cloned()
        .collect()
}

#[test]
fn each_ship_step_returns_a_castle_card_and_the_arrival_raids_every_seat() {
    let (me, you, third, fourth) = (Seat(0), Seat(1), Seat(2), Seat(3));
    let state = fold(
        roll_phase(),
        &pile(&[(you, Good::Cloth), (third, Good::Brick)]),
    );
    assert_eq!(state.castle_pile(), 2);
    // A ship face: one card of the pile goes back to the bank (seed line 31), drawn from the pile.
    let ship_face = |r: &Roll| r.event == EventDie::Ship && r.white + r.red != 7;
    let events = roll_until(&state, me, ship_face);
    let returned: Vec<Good> = events
        .iter()
        .filter_map(|e| match e {
            Event::CastleCardReturned { card } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(returned.len(), 1);
    assert!([Good::Cloth, Good::Brick].contains(&returned[0]));
    let bank = state.ck().bank();
    let after = fold(state.clone(), &events);
    assert_eq!(after.castle_pile(), 1);
    assert_eq!(
        after.ck().bank().get(returned[0]),
        bank.get(returned[0]) + 1
            - got(&events, me).get(returned[0])
            - got(&events, you).get(returned[0])
            - got(&events, third).get(returned[0])
            - got(&events, fourth).get(returned[0])
    );
    // The ship one step from Catan (moved as facts, which return no card): a card goes back, then the arrival
    // raids (seed line 31). Seat 3 holds no card.
    let state = ship_steps(state.clone(), usize::from(6 - state.ck().barbarians()));
    let state = fold(state.clone(), &empty_hand(&state, fourth));
    assert_eq!(state.ck().barbarians(), 6);
    let events = roll_until(&state, me, ship_face);
    let returned = events
        .iter()
        .position(|e| matches!(e, Event::CastleCardReturned { .. }))
        .unwrap();
    let raid = events
        .iter()
        .position(|e| matches!(e, Event::CastleRaided { .. }))
        .unwrap();
    assert!(returned < raid);
    assert_eq!(
        castle_events(&events),
        vec![
            Event::CastleRaided {
                seats: vec![me, you, third, fourth]
            },
            Event::CastleDefaulted { seat: fourth },
        ]
    );
    // The roll waits for the deposits: no battle, no yields yet (spec D-04 (b)).
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Ck(E::BarbariansAttacked { .. }))));
    let state = fold(state, &events);
    assert_eq!(state.castle_pile(), 1);
    assert_eq!(state.castle_deposits_due(), &[me, you, third]);
    assert_eq!(state.castle_debts(), &[fourth]);
    let mut seats = Catania::seats_to_act(&state);
    seats.sort();
    assert_eq!(seats, vec![me, you, third]);
    assert_eq!(
        refused(&state, me, Command::Ck(K::EndTurn)),
        "ObligationsPending"
    );
    assert_eq!(
        refused(
            &state,
            fourth,
            Command::DepositAtCastle { card: Good::Brick }
        ),
        "NoSuchObligation"
    );
    // Each deposits a card of its choice (a commodity too), in any order; only the depositor sees which.
    let state = fold(
        state,
        &[ck(E::CardsFromBank {
            seat: third,
            cards: Hand::one(Good::Paper, 1),
        })],
    );
    let legal = Catania::legal_actions(&state, third);
    assert!(legal.contains(&Command::DepositAtCastle { card: Good::Paper }));
    assert!(legal
        .iter()
        .all(|c| matches!(c, Command::DepositAtCastle { .. })));
    let held = |state: &State, seat: Seat| {
        Good::ALL
            .into_iter()
            .find(|&g| state.ck().hand(seat).get(g) > 0)
            .unwrap()
    };
    let events = decide(
        &state,
        third,
        Command::DepositAtCastle { card: Good::Paper },
    );
    assert_eq!(
        Catania::view_event(&state, &events[0], Viewer::Seat(me)),
        EventView::CastleDeposited {
            seat: third,
            card: None
        }
    );
    assert_eq!(
        Catania::view_event(&state, &events[0], Viewer::Seat(third)),
        EventView::CastleDeposited {
            seat: third,
            card: Some(Good::Paper)
        }
    );
    let state = fold(state, &events);
    let view = Catania::view_state(&state, Viewer::Seat(me));
    assert_eq!(view.castle_pile, 2);
    assert_eq!(view.castle_cards, None);
    let all = Catania::view_state(&state, Viewer::Omniscient).castle_cards;
    assert_eq!(all.map(|h| h.get(Good::Paper)), Some(1));
    assert_eq!(
        refused(&state, you, Command::DepositAtCastle { card: Good::Ore }),
        "CardsNotHeld"
    );
    let card = held(&state, you);
    let state = fold(
        state.clone(),
        &decide(&state, you, Command::DepositAtCastle { card }),
    );
    let card = held(&state, me);
    let events = decide(&state, me, Command::DepositAtCastle { card });
    // The last deposit lets the roll go on: the battle, then the yields.
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Ck(E::BarbariansAttacked { .. }))));
    let state = fold(state, &events);
    assert_eq!(state.castle_pile(), 4);
    assert!(state.castle_deposits_due().is_empty());
}

#[test]
fn a_seat_without_a_card_pays_the_castle_from_its_next_yield() {
    let fourth = Seat(3);
    let state = roll_phase();
    let state = fold(state.clone(), &empty_hand(&state, fourth));
    let state = fold(
        state,
        &[
            Event::CastleRaided {
                seats: vec![fourth],
            },
            Event::CastleDefaulted { seat: fourth },
        ],
    );
    // A roll that gives seat 3 nothing calls nothing; one that gives it a card calls the debt (seed line 31,
    // spec D-29).
    let mut called = None;
    let mut quiet = None;
    for white in 1..=6u8 {
        for red in 1..=6u8 {
            if white + red == 7 || white == red {
                continue;
            }
            let events = roll(&state, white, red);
            let gets = !got(&events, fourth).is_empty();
            let calls = events.contains(&Event::CastleDebtCalled { seat: fourth });
            assert_eq!(gets, calls, "roll {white}+{red}");
            if gets {
                called.get_or_insert(events);
            } else {
                quiet.get_or_insert(events);
            }
        }
    }
    let after = fold(state.clone(), &quiet.unwrap());
    assert_eq!(after.castle_debts(), &[fourth]);
    let after = fold(state, &called.expect("a number that pays seat 3"));
    assert!(after.castle_debts().is_empty());
    assert_eq!(after.castle_deposits_due(), &[fourth]);
    assert_eq!(Catania::seats_to_act(&after), vec![fourth]);
    let card = Good::ALL
        .into_iter()
        .find(|&g| after.ck().hand(fourth).get(g) > 0)
        .unwrap();
    let after = fold(
        after.clone(),
        &decide(&after, fourth, Command::DepositAtCastle { card }),
    );
    assert_eq!(after.castle_pile(), 1);
    assert_eq!(Catania::seats_to_act(&after), vec![Seat(0)]);
}

/// The cards the castle's settlers took, in order.
fn loot(events: &[Event]) -> Vec<(Seat, Good)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CastleLooted { seat, card } => Some((*seat, *card)),
            _ => None,
        })
        .collect()
}

/// Seat 0 rolls a 7 with a gate on the event die.
fn seven(state: &State) -> Vec<Event> {
    roll_until(state, Seat(0), |r| {
        r.white + r.red == 7 && r.event != EventDie::Ship
    })
}

#[test]
fn a_seven_with_the_ship_on_its_start_space_loots_nothing() {
    let you = Seat(1);
    let state = roll_phase();
    let v = castle_corner(&state, 0);
    let state = fold(
        state,
        &[
            cards(you, Resources::new(1, 1, 1, 1, 0)),
            ck(E::SettlementBuilt {
                seat: you,
                vertex: v,
            }),
        ],
    );
    let state = fold(state, &pile(&[(Seat(2), Good::Ore)]));
    // The ship back in the castle after a battle, as a fact.
    let state = fold(
        state,
        &[ck(E::BarbariansAttacked {
            barbarians: 0,
            knights: 0,
            contributions: vec![],
            result: AttackResult::CatanWon {
                defender: None,
                tied: vec![],
            },
        })],
    );
    assert_eq!(state.ck().barbarians(), 0);
    // The ship in the castle: nothing to loot (seed line 91).
    assert!(loot(&seven(&state)).is_empty());
    // The ship under way: the settler loots.
    let state = ship_steps(state, 1);
    assert_eq!(state.castle_pile(), 1);
    let events = seven(&state);
    assert_eq!(loot(&events), vec![(you, Good::Ore)]);
    let at = events
        .iter()
        .find(|e| matches!(e, Event::CastleLooted { .. }))
        .unwrap();
    assert_eq!(
        Catania::view_event(&state, at, Viewer::Seat(Seat(2))),
        EventView::CastleLooted {
            seat: you,
            card: None
        }
    );
    assert_eq!(
        Catania::view_event(&state, at, Viewer::Seat(you)),
        EventView::CastleLooted {
            seat: you,
            card: Some(Good::Ore)
        }
    );
    let ore = state.ck().hand(you).get(Good::Ore);
    let after = fold(state.clone(), &events);
    assert_eq!(after.castle_pile(), 0);
    assert_eq!(after.ck().hand(you).get(Good::Ore), ore + 1);
    // The robber on the castle: no loot (spec D-30).
    let robbed = fold(
        state,
        &[ck(E::RobberMoved {
            seat: Seat(0),
            hex: hex(10, 11),
        })],
    );
    assert!(loot(&seven(&robbed)).is_empty());
}

#[test]
fn two_settlements_of_one_player_take_one_card_per_round() {
    let (you, third) = (Seat(1), Seat(2));
    let state = roll_phase();
    let mut facts = Vec::new();
    for (seat, i) in [(you, 0), (you, 2), (third, 4)] {
        facts.push(cards(seat, Resources::new(1, 1, 1, 1, 0)));
        facts.push(ck(E::SettlementBuilt {
            seat,
            vertex: castle_corner(&state, i),
        }));
    }
    let state = fold(state, &facts);
    let state = fold(
        state,
        &pile(&[
            (Seat(0), Good::Brick),
            (Seat(0), Good::Lumber),
            (Seat(3), Good::Wool),
            (Seat(3), Good::Coin),
        ]),
    );
    let state = ship_steps(state, 1);
    let seats: Vec<Seat> = loot(&seven(&state)).into_iter().map(|(s, _)| s).collect();
    // Clockwise from the roller, seat 0: seat 1, seat 2, seat 1, seat 2 (spec D-29: players, not settlements).
    assert_eq!(seats, vec![you, third, you, third]);
}

#[test]
fn the_castles_pile_may_empty_mid_round() {
    let (me, third) = (Seat(0), Seat(2));
    let state = roll_phase();
    let mut facts = Vec::new();
    for (seat, i) in [(third, 0), (me, 2)] {
        facts.push(cards(seat, Resources::new(1, 1, 1, 1, 0)));
        facts.push(ck(E::SettlementBuilt {
            seat,
            vertex: castle_corner(&state, i),
        }));
    }
    let state = fold(state, &facts);
    let state = fold(
        state,
        &pile(&[
            (Seat(1), Good::Grain),
            (Seat(1), Good::Paper),
            (Seat(3), Good::Grain),
        ]),
    );
    let state = ship_steps(state, 1);
    let events = seven(&state);
    let taken = loot(&events);
    // The roller first when he settles there: seat 0, seat 2, seat 0, and the pile is empty before seat 2's turn.
    assert_eq!(
        taken.iter().map(|&(s, _)| s).collect::<Vec<_>>(),
        vec![me, third, me]
    );
    let mut goods: Vec<Good> = taken.iter().map(|&(_, g)| g).collect();
    goods.sort_by_key(|g| *g as u8);
    assert_eq!(goods, vec![Good::Grain, Good::Grain, Good::Paper]);
    let after = fold(state, &events);
    assert_eq!(after.castle_pile(), 0);
}

#[test]
fn the_aqueducts_resource_calls_a_castle_debt_like_any_yield() {
    let fourth = Seat(3);
    let state = roll_phase();
    let state = fold(state.clone(), &empty_hand(&state, fourth));
    // Seat 3's science track at the aqueduct (level 3), and a raid it could not pay, as facts.
    let mut facts: Vec<Event> = (1..=3u8)
        .map(|level| {
            ck(E::CityImproved {
                seat: fourth,
                track: Track::Science,
                level,
                paid: Default::default(),
            })
        })
        .collect();
    facts.push(Event::CastleRaided {
        seats: vec![fourth],
    });
    facts.push(Event::CastleDefaulted { seat: fourth });
    let state = fold(state, &facts);
    // A roll that gives seat 3 nothing: the aqueduct's resource is its yield, and it calls the debt.
    let quiet = (1..=6u8)
        .flat_map(|w| (1..=6u8).map(move |r| (w, r)))
        .filter(|&(w, r)| w + r != 7 && w != r)
        .map(|(w, r)| roll(&state, w, r))
        .find(|events| got(events, fourth).is_empty())
        .expect("a number that pays seat 3 nothing");
    assert!(!quiet.contains(&Event::CastleDebtCalled { seat: fourth }));
    let state = fold(state, &quiet);
    let take = Command::Ck(K::TakeAqueductResource {
        resource: Resource::Ore,
    });
    let events = decide(&state, fourth, take);
    assert!(events.contains(&Event::CastleDebtCalled { seat: fourth }));
    let state = fold(state, &events);
    assert_eq!(state.castle_deposits_due(), &[fourth]);
    assert_eq!(
        Catania::legal_actions(&state, fourth),
        vec![Command::DepositAtCastle { card: Good::Ore }]
    );
}

// The wonders (seed lines 148-150; spec D-07, D-18, §3.2, §5 scenario 22) and the points (CAT-END).

/// Seat 0's main phase handed on to `seat`'s, after a roll of 3 that paid nobody, as facts.
fn turn_of(state: State, seat: Seat) -> State {
    let mut events: Vec<Event> = (0..seat.0)
        .map(|s| {
            ck(E::TurnEnded {
                seat: Seat(s),
                next: Seat(s + 1),
            })
        })
        .collect();
    events.extend([
        ck(E::DiceRolled {
            seat,
            roll: Roll {
                white: 1,
                red: 2,
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
    ]);
    fold(state, &events)
}

/// The corners of `seat`'s buildings.
fn buildings_of(state: &State, seat: Seat) -> Vec<VertexId> {
    state
        .board()
        .topology()
        .vertices()
        .filter(|v| state.ck().vertices()[v.index()].owner() == Some(seat))
        .collect()
}

/// Free land corners of Catan whose neighbours are free too, none at a harbor, in board order.
fn free_corners(state: &State) -> Vec<VertexId> {
    let board = state.board();
    let t = board.topology();
    let labels = hexfold_rules::hex::islands(board);
    let catan = hexfold_rules::catania::catan_island(&labels);
    let pieces = state.ck().vertices();
    let mut taken: Vec<VertexId> = Vec::new();
    t.vertices()
        .filter(|&v| {
            let ok = pieces[v.index()].is_empty()
                && board.harbor_at(v).is_none()
                && t.vertex_hexes(v)
                    .iter()
                    .all(|h| labels[h.index()] == catan && labels[h.index()].is_some())
                && t.vertex_neighbors(v)
                    .iter()
                    .all(|w| pieces[w.index()].is_empty() && !taken.contains(w));
            if ok {
                taken.push(v);
            }
            ok
        })
        .collect()
}

/// Seat 0's two settlements made cities, and the resources of one Theater level besides those of `levels`
/// levels in all.
fn theater_position(levels: u8) -> State {
    let me = Seat(0);
    let state = main_phase();
    let mut events: Vec<Event> = buildings_of(&state, me)
        .into_iter()
        .map(|vertex| {
            ck(E::CityBuilt {
                seat: me,
                vertex,
                paid: Resources::ZERO,
            })
        })
        .collect();
    let level = Wonder::Theater.level_cost();
    for _ in 0..levels {
        events.push(cards(me, level));
    }
    fold(state, &events)
}

fn start(wonder: Wonder) -> Command {
    Command::StartWonder { wonder }
}

#[test]
fn the_theater_needs_two_cities_four_paid_levels_make_four_points_and_nobody_else_takes_it() {
    let (me, you) = (Seat(0), Seat(1));
    // One city is not enough.
    let one_city = {
        let state = main_phase();
        let v = buildings_of(&state, me)[0];
        fold(
            state,
            &[
                ck(E::CityBuilt {
                    seat: me,
                    vertex: v,
                    paid: Resources::ZERO,
                }),
                cards(me, Wonder::Theater.level_cost()),
            ],
        )
    };
    assert_eq!(
        refused(&one_city, me, start(Wonder::Theater)),
        "WonderConditionUnmet"
    );
    assert!(!Catania::legal_actions(&one_city, me).contains(&start(Wonder::Theater)));

    let mut state = theater_position(4);
    let ships = state.ships_left(me);
    let before = state.points(me);
    assert!(Catania::legal_actions(&state, me).contains(&start(Wonder::Theater)));
    let events = decide(&state, me, start(Wonder::Theater));
    // Claiming builds the first level and takes a ship as the marker; it is a build, so trading is over.
    assert_eq!(
        events,
        [
            Event::TradePhaseEnded { seat: me },
            Event::WonderStarted {
                seat: me,
                wonder: Wonder::Theater
            },
            Event::WonderLevelBuilt {
                seat: me,
                wonder: Wonder::Theater,
                level: 1
            },
        ]
    );
    let hand = state.ck().hand(me).resources;
    state = fold(state, &events);
    assert_eq!(state.ships_left(me), ships - 1);
    assert_eq!(
        state.ck().hand(me).resources,
        hand.minus(Wonder::Theater.level_cost())
    );
    // Three more levels in the same turn; each is paid, none counts until the fourth.
    for level in 2..=4u8 {
        assert_eq!(state.points(me), before, "level {}", level - 1);
        assert!(Catania::legal_actions(&state, me).contains(&Command::BuildWonderLevel));
        let events = decide(&state, me, Command::BuildWonderLevel);
        assert_eq!(
            events,
            [Event::WonderLevelBuilt {
                seat: me,
                wonder: Wonder::Theater,
                level
            }]
        );
        state = fold(state, &events);
    }
    assert_eq!(state.points(me), before + 4);
    assert_eq!(state.public_points(me), before + 4);
    let spectator = Catania::view_state(&state, Viewer::Spectator);
    assert_eq!(
        spectator.wonders,
        [WonderBuild {
            wonder: Wonder::Theater,
            seat: me,
            level: 4
        }]
    );
    assert_eq!(spectator.sailors[0].points, before + 4);
    assert_eq!(
        refused(&state, me, Command::BuildWonderLevel),
        "WonderComplete"
    );
    assert!(!Catania::legal_actions(&state, me).contains(&Command::BuildWonderLevel));

    // Seat 1 with two cities and the resources, in its own turn, cannot take the Theater.
    let mut yours: Vec<Event> = free_corners(&state)
        .into_iter()
        .take(2)
        .flat_map(|v| building(you, v, true))
        .collect();
    yours.push(cards(you, Wonder::Theater.level_cost()));
    let later = turn_of(fold(state, &yours), you);
    assert_eq!(refused(&later, you, start(Wonder::Theater)), "WonderTaken");
    assert!(!Catania::legal_actions(&later, you).contains(&start(Wonder::Theater)));
}

#[test]
fn a_second_wonder_and_a_level_without_its_resources_are_refused() {
    let me = Seat(0);
    // Exactly one level's resources: the claim takes them.
    let state = theater_position(1);
    let claimed = decide(&state, me, start(Wonder::Theater));
    let state = fold(state, &claimed);
    assert_eq!(
        refused(&state, me, Command::BuildWonderLevel),
        "WonderLevelUnpaid"
    );
    assert!(!Catania::legal_actions(&state, me).contains(&Command::BuildWonderLevel));
    // A seat building one wonder claims no other, even meeting its condition and holding its resources: with two
    // cities and 6 points (a third building), the Cathedral.
    let mut more = building(me, free_corners(&state)[0], false);
    more.push(cards(me, Wonder::Cathedral.level_cost()));
    more.push(cards(me, Wonder::Theater.level_cost()));
    let state = fold(state, &more);
    assert!(state.public_points(me) >= 6);
    assert_eq!(
        refused(&state, me, start(Wonder::Cathedral)),
        "OneWonderPerSeat"
    );
    assert!(!Catania::legal_actions(&state, me)
        .iter()
        .any(|c| matches!(c, Command::StartWonder { .. })));
    // A seat that builds no wonder has no level to build.
    let other = theater_position(2);
    assert_eq!(
        refused(&other, me, Command::BuildWonderLevel),
        "NoWonderStarted"
    );
    // Without the first level's resources nothing is claimed.
    let poor = theater_position(0);
    assert_eq!(
        refused(&poor, me, start(Wonder::Theater)),
        "WonderLevelUnpaid"
    );
}

#[test]
fn the_wonder_sites_are_the_straits_two_corners_and_the_east_deserts_six() {
    let state = main_phase();
    let board = state.board();
    let t = board.topology();
    let bridge = hexfold_rules::catania::wonder::sites(board, Wonder::GreatBridge);
    let wall = hexfold_rules::catania::wonder::sites(board, Wonder::GreatWall);
    // The strait (11,1) is sea between the volcano isle's desert (10,1) and the North-East island's (12,1).
    assert!(board.terrain(hex(11, 1)).is_sea());
    assert_eq!(bridge.len(), 2);
    assert!(t.vertex_hexes(bridge[0]).contains(&hex(10, 1)));
    assert!(t.vertex_hexes(bridge[1]).contains(&hex(12, 1)));
    assert!(bridge
        .iter()
        .all(|&v| t.vertex_hexes(v).contains(&hex(11, 1))));
    // The Great Wall: the six corners of the East island's desert (13,6).
    assert_eq!(
        board.terrain(hex(13, 6)),
        hexfold_rules::hex::Terrain::Desert
    );
    assert_eq!(wall, t.hex_vertices(hex(13, 6)).to_vec());
    let labels = hexfold_rules::hex::islands(board);
    assert_ne!(
        labels[hex(13, 6).index()],
        hexfold_rules::catania::catan_island(&labels)
    );
    // Public, with the wonders.
    let view = Catania::view_state(&state, Viewer::Spectator);
    assert_eq!(
        view.wonder_sites
            .iter()
            .map(|s| (s.wonder, s.vertices.clone()))
            .collect::<Vec<_>>(),
        [(Wonder::GreatBridge, bridge), (Wonder::GreatWall, wall)]
    );
    assert!(view.wonders.is_empty());
}

/// Seat 0's claim of `wonder` with its first level's resources in hand, given `facts`.
fn claim(facts: &[Event], wonder: Wonder) -> Result<Vec<Event>, &'static str> {
    let me = Seat(0);
    let mut state = fold(main_phase(), facts);
    state = fold(state, &[cards(me, wonder.level_cost())]);
    let listed = Catania::legal_actions(&state, me).contains(&start(wonder));
    let decided = Catania::decide(&state, me, &start(wonder), &mut GameRng::seed_from_u64(0))
        .map_err(|v| v.name());
    assert_eq!(listed, decided.is_ok(), "listed ⇔ accepted: {decided:?}");
    decided
}

#[test]
fn the_great_bridge_needs_a_building_on_a_strait_corner() {
    let me = Seat(0);
    let state = main_phase();
    let bridge = hexfold_rules::catania::wonder::sites(state.board(), Wonder::GreatBridge);
    assert_eq!(claim(&[], Wonder::GreatBridge), Err("WonderConditionUnmet"));
    // A building beside the strait that is not on a marked corner is not enough.
    let t = state.board().topology();
    let beside = t
        .hex_vertices(hex(11, 1))
        .iter()
        .copied()
        .find(|v| {
            !bridge.contains(v)
                && !t
                    .vertex_hexes(*v)
                    .iter()
                    .all(|h| state.board().terrain(*h).is_sea())
        })
        .unwrap();
    assert_eq!(
        claim(&building(me, beside, false), Wonder::GreatBridge),
        Err("WonderConditionUnmet")
    );
    for &v in &bridge {
        for city in [false, true] {
            assert!(claim(&building(me, v, city), Wonder::GreatBridge).is_ok());
        }
    }
    // Another seat's building there is not seat 0's.
    assert_eq!(
        claim(&building(Seat(1), bridge[0], false), Wonder::GreatBridge),
        Err("WonderConditionUnmet")
    );
}

#[test]
fn the_great_wall_needs_a_building_on_a_corner_of_the_east_desert() {
    let me = Seat(0);
    let state = main_phase();
    let wall = hexfold_rules::catania::wonder::sites(state.board(), Wonder::GreatWall);
    assert_eq!(claim(&[], Wonder::GreatWall), Err("WonderConditionUnmet"));
    for &v in &wall {
        assert!(claim(&building(me, v, false), Wonder::GreatWall).is_ok());
    }
    // A city anywhere off the six corners does not count.
    let elsewhere = free_corners(&state)[0];
    assert_eq!(
        claim(&building(me, elsewhere, true), Wonder::GreatWall),
        Err("WonderConditionUnmet")
    );
}

#[test]
fn the_monument_needs_a_city_at_a_harbor_and_a_trade_route_of_five() {
    let me = Seat(0);
    let state = main_phase();
    let board = state.board();
    let t = board.topology();
    let pieces = state.ck().vertices();
    let harbor = board
        .harbor_vertices()
        .iter()
        .map(|&(v, _)| v)
        .find(|&v| {
            pieces[v.index()].is_empty()
                && t.vertex_neighbors(v)
                    .iter()
                    .all(|w| pieces[w.index()].is_empty())
        })
        .unwrap();
    // The route of five: road 290 into settlement 207 and four ships out of it (as in the first scenario).
    let route: Vec<Event> = SHIPS_EAST.iter().map(|&e| ship(me, id(e))).collect();
    let city_at_harbor = building(me, harbor, true);
    let settlement_at_harbor = building(me, harbor, false);
    assert_eq!(
        claim(&city_at_harbor, Wonder::Monument),
        Err("WonderConditionUnmet"),
        "no route of five"
    );
    assert_eq!(
        claim(&route, Wonder::Monument),
        Err("WonderConditionUnmet"),
        "no city at a harbor"
    );
    let both = |at: &[Event]| -> Vec<Event> { route.iter().chain(at).cloned().collect() };
    assert_eq!(
        claim(&both(&settlement_at_harbor), Wonder::Monument),
        Err("WonderConditionUnmet"),
        "a settlement at the harbor"
    );
    assert!(claim(&both(&city_at_harbor), Wonder::Monument).is_ok());
}

#[test]
fn the_cathedral_needs_a_city_and_six_points_every_player_sees() {
    let me = Seat(0);
    let state = main_phase();
    let mine = buildings_of(&state, me);
    let points = state.public_points(me);
    // Seat 0's settlements made cities: two points more.
    let cities: Vec<Event> = mine
        .iter()
        .map(|&vertex| {
            ck(E::CityBuilt {
                seat: me,
                vertex,
                paid: Resources::ZERO,
            })
        })
        .collect();
    let spare = free_corners(&state);
    // Settlements up to six points without a city are not enough.
    let settlements: Vec<Event> = spare
        .iter()
        .take(usize::from(6 - points))
        .flat_map(|&v| building(me, v, false))
        .collect();
    assert_eq!(
        claim(&settlements, Wonder::Cathedral),
        Err("WonderConditionUnmet")
    );
    // A city and five public points, with a victory point card hidden in hand: the card does not count, or the
    // claim would tell the others of it.
    let mut five = cities.clone();
    five.extend(
        spare
            .iter()
            .take(usize::from(5 - points - 2))
            .flat_map(|&v| building(me, v, false)),
    );
    let given = fold(main_phase(), &five);
    assert_eq!(given.public_points(me), 5);
    five.push(Event::DevelopmentCardBought {
        seat: me,
        card: DevCard::VictoryPoint,
    });
    assert_eq!(fold(main_phase(), &five).points(me), 6);
    assert_eq!(claim(&five, Wonder::Cathedral), Err("WonderConditionUnmet"));
    // A sixth public point.
    five.extend(building(me, spare[5], false));
    assert!(claim(&five, Wonder::Cathedral).is_ok());
}

/// `seat`'s points as `viewer` sees them in the view.
fn seen(state: &State, seat: Seat, viewer: Viewer) -> u8 {
    Catania::view_state(state, viewer).sailors[seat.index()].points
}

/// A source of points: its name, the facts before, the facts that score, the points they give and how many of
/// those are public.
type PointCase = (&'static str, Vec<Event>, Vec<Event>, u8, u8);

#[test]
fn every_source_of_points_counts_as_the_table_says_and_only_the_development_card_is_hidden() {
    let (me, you) = (Seat(0), Seat(1));
    let base = main_phase();
    let spare = free_corners(&base);
    let mine = buildings_of(&base, me);
    let labels = hexfold_rules::hex::islands(base.board());
    let island = labels[hex(13, 6).index()].unwrap();
    let city = |vertex| {
        ck(E::CityBuilt {
            seat: me,
            vertex,
            paid: Resources::ZERO,
        })
    };
    let mut wonder = vec![
        cards(me, Resources::new(4, 4, 12, 0, 0)),
        Event::WonderStarted {
            seat: me,
            wonder: Wonder::Theater,
        },
    ];
    wonder.extend((1..=4).map(|level| Event::WonderLevelBuilt {
        seat: me,
        wonder: Wonder::Theater,
        level,
    }));
    let cases: Vec<PointCase> = vec![
        ("settlement", vec![], building(me, spare[0], false), 1, 1),
        ("city", vec![], building(me, spare[0], true), 2, 2),
        (
            "city over its settlement",
            vec![],
            vec![city(mine[0])],
            1,
            1,
        ),
        (
            "metropolis",
            vec![city(mine[0])],
            vec![ck(E::MetropolisPlaced {
                seat: me,
                track: Track::Trade,
                vertex: mine[0],
                from: None,
            })],
            2,
            2,
        ),
        (
            "longest trade route",
            vec![],
            vec![ck(E::LongestRoadChanged {
                holder: Some(me),
                length: 5,
            })],
            2,
            2,
        ),
        (
            "largest army",
            vec![],
            vec![Event::LargestArmyChanged {
                holder: me,
                knights: 3,
            }],
            2,
            2,
        ),
        (
            "conquest point",
            vec![],
            vec![Event::IslandConquered {
                seat: me,
                vertex: corner(&base, 13, 6, 0),
                island,
            }],
            1,
            1,
        ),
        ("wonder", vec![], wonder.clone(), 4, 4),
        (
            "wonder at its third level",
            vec![],
            wonder[..5].to_vec(),
            0,
            0,
        ),
        (
            "defender of Catan",
            vec![],
            vec![ck(E::BarbariansAttacked {
                barbarians: 0,
                knights: 0,
                contributions: vec![],
                result: AttackResult::CatanWon {
                    defender: Some(me),
                    tied: vec![],
                },
            })],
            1,
            1,
        ),
        (
            "victory point progress card",
            vec![],
            vec![ck(E::ProgressCardDrawn {
                seat: me,
                track: ProgressCard::Printer.track(),
                card: ProgressCard::Printer,
            })],
            1,
            1,
        ),
        (
            "victory point development card",
            vec![],
            vec![Event::DevelopmentCardBought {
                seat: me,
                card: DevCard::VictoryPoint,
            }],
            1,
            0,
        ),
        (
            "specialist",
            vec![],
            vec![Event::SpecialistChanged {
                resource: Resource::Ore,
                holder: Some(me),
            }],
            1,
            1,
        ),
        (
            "merchant",
            vec![],
            vec![ck(E::MerchantPlaced {
                seat: me,
                hex: hex(7, 6),
            })],
            1,
            1,
        ),
    ];
    for (source, given, scoring, points, public) in cases {
        let before = fold(base.clone(), &given);
        let after = fold(before.clone(), &scoring);
        let gained = |f: &dyn Fn(&State) -> u8| f(&after) - f(&before);
        assert_eq!(gained(&|s| s.points(me)), points, "{source}: points");
        assert_eq!(
            gained(&|s| s.public_points(me)),
            public,
            "{source}: public points"
        );
        assert_eq!(
            gained(&|s| seen(s, me, Viewer::Seat(me))),
            points,
            "{source}: its own view"
        );
        assert_eq!(
            gained(&|s| seen(s, me, Viewer::Omniscient)),
            points,
            "{source}: omniscient"
        );
        for viewer in [Viewer::Seat(you), Viewer::Spectator] {
            assert_eq!(
                gained(&|s| seen(s, me, viewer)),
                public,
                "{source}: {viewer:?}"
            );
        }
        // Nobody else gains.
        assert_eq!(after.points(you), before.points(you), "{source}: seat 1");
    }
}

/// Seat 0 a point short of `points`, one of them a hidden victory point card, its hand and specialists as in the
/// fixture.
fn short_of_the_target(points: u8) -> State {
    let state = fold(
        fixture("M", points),
        &[Event::DevelopmentCardBought {
            seat: Seat(0),
            card: DevCard::VictoryPoint,
        }],
    );
    let need = points - 1 - state.points(Seat(0));
    let spare = free_corners(&state);
    let facts: Vec<Event> = spare
        .iter()
        .take(usize::from(need))
        .flat_map(|&v| building(Seat(0), v, false))
        .collect();
    let state = fold(state, &facts);
    assert_eq!(state.points(Seat(0)), points - 1);
    state
}

#[test]
fn twenty_points_win_at_once_in_the_own_turn_with_the_wonders_last_level() {
    let me = Seat(0);
    // Twenty to win, the seed's number: seat 0 at 16 with its wonder at level 3, then the fourth level.
    let state = fixture("M", 20);
    let mut facts = building(me, free_corners(&state)[0], false);
    facts.extend([
        cards(me, Resources::new(4, 4, 12, 0, 0)),
        Event::WonderStarted {
            seat: me,
            wonder: Wonder::Theater,
        },
    ]);
    facts.extend((1..=3).map(|level| Event::WonderLevelBuilt {
        seat: me,
        wonder: Wonder::Theater,
        level,
    }));
    let mut state = fold(state, &facts);
    let spare = free_corners(&state);
    let mut i = 0;
    while state.points(me) < 16 {
        let city = state.points(me) + 2 <= 16;
        state = fold(state, &building(me, spare[i], city));
        i += 1;
    }
    assert_eq!(state.points(me), 16);
    let events = decide(&state, me, Command::BuildWonderLevel);
    assert_eq!(
        events.last(),
        Some(&ck(E::GameWon {
            seat: me,
            points: 20
        }))
    );
    let ended = fold(state, &events);
    assert_eq!(Catania::outcome(&ended).map(|o| o.winner), Some(me));
}

#[test]
fn points_reached_in_another_seats_turn_win_when_the_own_turn_begins() {
    let (me, you) = (Seat(0), Seat(3));
    // Seat 0 a point short, with a victory point card hidden among them; the turn of seat 3, before seat 0's.
    let state = short_of_the_target(20);
    let state = turn_of(state, you);
    let sources: [(&str, Event); 2] = [
        (
            "a defender of Catan",
            ck(E::BarbariansAttacked {
                barbarians: 0,
                knights: 0,
                contributions: vec![],
                result: AttackResult::CatanWon {
                    defender: Some(me),
                    tied: vec![],
                },
            }),
        ),
        (
            "a specialist",
            Event::SpecialistChanged {
                resource: Resource::Ore,
                holder: Some(me),
            },
        ),
    ];
    for (source, scored) in sources {
        let there = fold(state.clone(), &[scored]);
        assert_eq!(there.points(me), 20, "{source}");
        assert_eq!(Catania::outcome(&there), None, "{source}");
        // Seat 3 plays on: a trade with the bank ends nothing.
        let traded = fold(there.clone(), &[cards(you, Resources::new(4, 0, 0, 0, 0))]);
        let events = decide(
            &traded,
            you,
            Command::Ck(K::BankTrade {
                give: Good::from_resource(Resource::Brick),
                receive: Good::from_resource(Resource::Ore),
            }),
        );
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::Ck(E::GameWon { .. }))),
            "{source}: {events:?}"
        );
        // Seat 3 ends its turn: seat 0's begins, and it wins.
        let events = decide(&there, you, Command::Ck(K::EndTurn));
        assert_eq!(
            events,
            [
                ck(E::TurnEnded {
                    seat: you,
                    next: me
                }),
                ck(E::GameWon {
                    seat: me,
                    points: 20
                }),
            ],
            "{source}"
        );
        // At the end every seat sees every point.
        let ended = fold(there, &events);
        assert_eq!(seen(&ended, me, Viewer::Seat(you)), 20, "{source}");
    }
}

/// A temple debt is not called while the barbarian ship's raid waits for deposits: a deposit may take one of the two
/// resources the debt would be paid with, and a debt called before it could then not be paid, nobody having
/// anything to do (the built random games of `catania_props.rs` met this: a debtor with two wool rolled doubles of
/// the ship's face, deposited a wool, and owed two resources with one).
#[test]
fn a_temple_debt_waits_for_the_castles_deposits() {
    let (me, you) = (Seat(0), Seat(1));
    let state = roll_phase();
    let state = ship_steps(state.clone(), usize::from(6 - state.ck().barbarians()));
    let state = fold(state.clone(), &empty_hand(&state, me));
    // Seat 0 owes seat 1 a debt and holds two resources.
    let state = fold(
        state,
        &[
            Event::TributeDefaulted { from: me, to: you },
            cards(me, Resources::new(0, 0, 2, 0, 0)),
        ],
    );
    let events = roll_until(&state, me, |r| {
        r.event == EventDie::Ship && r.white != r.red && r.white + r.red != 7
    });
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CastleRaided { .. })));
    assert!(
        !events.iter().any(|e| matches!(e, Event::DebtCalled { .. })),
        "{events:?}"
    );
    // Every seat deposits a card; play goes on, and the debt is called only when seat 0 can pay it.
    let mut state = fold(state, &events);
    while !state.castle_deposits_due().is_empty() {
        let seat = Catania::seats_to_act(&state)[0];
        let deposit = Catania::legal_actions(&state, seat)
            .into_iter()
            .find(|c| matches!(c, Command::DepositAtCastle { .. }))
            .expect("a deposit is listed");
        let events = decide(&state, seat, deposit);
        state = fold(state, &events);
    }
    if state.temple_due().first() == Some(&TempleDue::Debt { from: me, to: you }) {
        assert!(state.ck().hand(me).resources.total() >= 2);
    }
    let acting = Catania::seats_to_act(&state);
    assert!(!acting.is_empty());
    assert!(acting
        .iter()
        .all(|&s| !Catania::legal_actions(&state, s).is_empty()));
}

//! Scenario tests for Cities & Knights: the seed's worked examples and rules that need a whole position.
//!
//! Positions are built from events (facts), so a scenario states exactly what is on the table; the command
//! under test then goes through `decide` like any other.

use hexfold_rules::catan::MapKind;
use hexfold_rules::cities_knights::{
    AttackResult, CitiesKnights, Command, Commodities, Config, Event, EventDie, EventView, Hand,
    Obligation, Phase, ProgressCard, ProgressPlay, Roll, State, Track, Violation, POINTS_TO_WIN,
};
use hexfold_rules::hex::{EdgeId, Resources, VertexId};
use hexfold_rules::{Game, GameRng, RuleViolation, Seat, Viewer};
use rand::SeedableRng;

fn fold(state: State, events: &[Event]) -> State {
    events.iter().fold(state, CitiesKnights::evolve)
}

/// A beginner-map game after setup: every seat placed the first legal settlement, city and roads.
fn after_setup(seats: u8) -> State {
    after_setup_with(seats, false)
}

/// [`after_setup`], with negotiated defence (CK-VAR-01) if `negotiated`.
fn after_setup_with(seats: u8, negotiated: bool) -> State {
    let config = Config {
        seats,
        map: MapKind::Beginner,
        negotiated_defence: negotiated,
        points_to_win: POINTS_TO_WIN,
    };
    let setup = CitiesKnights::setup(&config, &mut GameRng::seed_from_u64(1)).unwrap();
    let mut state = CitiesKnights::initial_state(&setup);
    let mut rng = GameRng::seed_from_u64(2);
    while !matches!(state.phase(), Phase::Roll) {
        let seat = state.active();
        let cmd = CitiesKnights::legal_actions(&state, seat).remove(0);
        let events = CitiesKnights::decide(&state, seat, &cmd, &mut rng).unwrap();
        state = fold(state, &events);
    }
    state
}

fn buildings(state: &State, seat: Seat, city: bool) -> Vec<VertexId> {
    CitiesKnights::view_state(state, Viewer::Omniscient)
        .buildings
        .iter()
        .filter(|b| b.seat == seat && b.city == city)
        .map(|b| b.vertex)
        .collect()
}

/// A free corner touching one of `seat`'s roads, for a knight.
fn knight_site(state: &State, seat: Seat) -> VertexId {
    let view = CitiesKnights::view_state(state, Viewer::Omniscient);
    for r in view.roads.iter().filter(|r| r.seat == seat) {
        for v in view.board.edges[r.edge.index()] {
            let free = !view.buildings.iter().any(|b| b.vertex == v)
                && !view.knights.iter().any(|k| k.vertex == v);
            if free {
                return v;
            }
        }
    }
    panic!("no knight site for {seat:?}")
}

/// Moves the ship `steps` spaces with quiet rolls (a ship, no production) and hands the turn on.
fn sail(mut state: State, steps: u8) -> State {
    for _ in 0..steps {
        let seat = state.active();
        let next = Seat((seat.0 + 1) % state.seats());
        state = fold(
            state,
            &[
                Event::DiceRolled {
                    seat,
                    roll: Roll {
                        white: 1,
                        red: 1,
                        event: EventDie::Ship,
                    },
                    alchemist: false,
                },
                Event::ResourcesProduced {
                    gains: vec![],
                    withheld: vec![],
                },
                Event::TurnEnded { seat, next },
            ],
        );
    }
    state
}

/// Runs `command` with generator seeds until the roll it makes satisfies `want`.
fn roll_until(state: &State, seat: Seat, want: impl Fn(&Roll) -> bool) -> Vec<Event> {
    for seed in 0..100_000 {
        let events = CitiesKnights::decide(
            state,
            seat,
            &Command::RollDice,
            &mut GameRng::seed_from_u64(seed),
        )
        .unwrap();
        if let Some(Event::DiceRolled { roll, .. }) = events.first() {
            if want(roll) {
                return events;
            }
        }
    }
    panic!("no seed gives the wanted roll");
}

/// The seed's example: Hanne, Gitte, CD and Carsten. Carsten, CD and Hanne each have an active basic knight,
/// Gitte none: Catan's knights have strength 3. CD and Carsten have 2 cities each, Gitte a metropolis and no other
/// city, Hanne only settlements: the barbarians have strength 5 and win 5-3. CD and Carsten lose a city each;
/// Gitte (metropolis) and Hanne (settlements only) are untouched.
#[test]
fn seed_barbarian_example() {
    let (carsten, cd, gitte, hanne) = (Seat(0), Seat(1), Seat(2), Seat(3));
    let mut state = after_setup(4);
    let mut facts = Vec::new();
    for seat in [carsten, cd] {
        let settlement = buildings(&state, seat, false)[0];
        facts.push(Event::CityBuilt {
            seat,
            vertex: settlement,
            paid: Resources::ZERO,
        });
    }
    let gitte_city = buildings(&state, gitte, true)[0];
    facts.push(Event::MetropolisPlaced {
        seat: gitte,
        track: Track::Politics,
        vertex: gitte_city,
        from: None,
    });
    let hanne_city = buildings(&state, hanne, true)[0];
    facts.push(Event::CityLost {
        seat: hanne,
        vertex: hanne_city,
        wall: false,
    });
    // Carsten has a wall under one city; losing that city would cost the wall too.
    let carsten_walled = buildings(&state, carsten, true)[0];
    facts.push(Event::CityWallBuilt {
        seat: carsten,
        vertex: carsten_walled,
        free: true,
    });
    state = fold(state, &facts);
    for seat in [carsten, cd, hanne] {
        let v = knight_site(&state, seat);
        state = fold(
            state,
            &[
                Event::KnightBuilt {
                    seat,
                    vertex: v,
                    strength: 1,
                    free: true,
                },
                Event::KnightActivated {
                    seat,
                    vertex: v,
                    free: true,
                },
            ],
        );
    }
    state = sail(state, 6);
    assert_eq!(state.barbarians(), 6);
    let active = state.active();
    let before = state.clone();
    let events = roll_until(&state, active, |r| {
        r.event == EventDie::Ship && r.white + r.red != 7
    });
    let attack = events
        .iter()
        .find(|e| matches!(e, Event::BarbariansAttacked { .. }))
        .expect("the ship reached Catan");
    let Event::BarbariansAttacked {
        barbarians,
        knights,
        result,
        ..
    } = attack
    else {
        unreachable!()
    };
    assert_eq!((*barbarians, *knights), (5, 3));
    assert_eq!(
        *result,
        AttackResult::BarbariansWon {
            losers: vec![carsten, cd]
        }
    );
    // Production waits until the losers have chosen their cities (seed: barbarians first, then production).
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::ResourcesProduced { .. })));
    state = fold(state, &events);
    assert_eq!(state.phase(), Phase::Resolving);
    assert_eq!(
        CitiesKnights::seats_to_act(&state),
        vec![carsten, cd],
        "both losers choose a city"
    );
    assert_eq!(state.barbarians(), 0);
    let view = CitiesKnights::view_state(&state, Viewer::Spectator);
    assert!(
        view.knights.iter().all(|k| !k.active),
        "all knights go passive"
    );
    // Gitte's metropolis cannot be chosen, nor can Hanne act.
    assert!(CitiesKnights::legal_actions(&state, gitte).is_empty());
    assert!(CitiesKnights::legal_actions(&state, hanne).is_empty());
    let mut rng = GameRng::seed_from_u64(9);
    let e = CitiesKnights::decide(
        &state,
        carsten,
        &Command::ChooseCityToLose {
            vertex: carsten_walled,
        },
        &mut rng,
    )
    .unwrap();
    assert_eq!(
        e[0],
        Event::CityLost {
            seat: carsten,
            vertex: carsten_walled,
            wall: true
        }
    );
    state = fold(state, &e);
    let cd_city = buildings(&state, cd, true)[0];
    let e = CitiesKnights::decide(
        &state,
        cd,
        &Command::ChooseCityToLose { vertex: cd_city },
        &mut rng,
    )
    .unwrap();
    assert!(e
        .iter()
        .any(|x| matches!(x, Event::ResourcesProduced { .. })));
    state = fold(state, &e);
    assert_eq!(state.phase(), Phase::Main);
    for (seat, cities) in [(carsten, 1), (cd, 1), (gitte, 1), (hanne, 0)] {
        assert_eq!(buildings(&state, seat, true).len(), cities, "{seat:?}");
    }
    assert_eq!(
        buildings(&state, gitte, true),
        buildings(&before, gitte, true)
    );
    assert_eq!(
        buildings(&state, hanne, false),
        buildings(&before, hanne, false)
    );
    assert!(
        !state.wall_at(carsten_walled),
        "the wall goes with its city"
    );
    // The robber comes into play after the first attack (official rule).
    assert!(CitiesKnights::view_state(&state, Viewer::Spectator).robber_in_play);
}

/// When Catan wins, the single top contributor becomes defender of Catan (1 point); tied top contributors each
/// draw a progress card of their choice instead.
#[test]
fn defender_of_catan_and_tied_defenders() {
    let mut state = after_setup(3);
    for (seat, strength) in [(Seat(0), 2), (Seat(1), 1)] {
        let v = knight_site(&state, seat);
        state = fold(
            state,
            &[
                Event::KnightBuilt {
                    seat,
                    vertex: v,
                    strength,
                    free: true,
                },
                Event::KnightActivated {
                    seat,
                    vertex: v,
                    free: true,
                },
            ],
        );
    }
    state = sail(state, 6);
    let active = state.active();
    let events = roll_until(&state, active, |r| {
        r.event == EventDie::Ship && r.white + r.red != 7
    });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::BarbariansAttacked {
            barbarians: 3,
            knights: 3,
            result: AttackResult::CatanWon {
                defender: Some(Seat(0)),
                ..
            },
            ..
        }
    )));
    let points = state.points(Seat(0));
    state = fold(state, &events);
    assert_eq!(state.points(Seat(0)), points + 1);
    assert_eq!(state.defender_cards(Seat(0)), 1);

    // A tie: both seats contribute 2.
    let v = knight_site(&state, Seat(1));
    let knights: Vec<_> = CitiesKnights::view_state(&state, Viewer::Omniscient)
        .knights
        .iter()
        .map(|k| (k.seat, k.vertex))
        .collect();
    let mut facts = vec![Event::KnightBuilt {
        seat: Seat(1),
        vertex: v,
        strength: 1,
        free: true,
    }];
    for (seat, vertex) in knights.into_iter().chain([(Seat(1), v)]) {
        facts.push(Event::KnightActivated {
            seat,
            vertex,
            free: true,
        });
    }
    state = fold(state, &facts);
    state = sail(state, 6);
    let active = state.active();
    let events = roll_until(&state, active, |r| {
        r.event == EventDie::Ship && r.white + r.red != 7
    });
    assert!(events.iter().any(|e| matches!(e,
        Event::BarbariansAttacked { result: AttackResult::CatanWon { defender: None, tied }, .. } if *tied == vec![Seat(0), Seat(1)])));
    state = fold(state, &events);
    assert_eq!(CitiesKnights::seats_to_act(&state), vec![Seat(0), Seat(1)]);
    let e = CitiesKnights::decide(
        &state,
        Seat(1),
        &Command::ChooseProgressDeck {
            track: Track::Science,
        },
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    assert!(matches!(
        e[0],
        Event::ProgressCardDrawn {
            seat: Seat(1),
            track: Track::Science,
            ..
        }
    ));
}

/// The seed's draw example: A rolls white 6, red 3 and a yellow gate. B has a town hall (politics 1) and trade
/// level 2, whose page shows red 1-3, so B draws a yellow card. C with trade level 1 (red 1-2) draws nothing.
#[test]
fn seed_progress_card_draw_example() {
    let (a, b, c) = (Seat(0), Seat(1), Seat(2));
    let mut state = after_setup(3);
    while state.active() != a {
        let seat = state.active();
        state = fold(
            state,
            &[
                Event::DiceRolled {
                    seat,
                    roll: Roll {
                        white: 1,
                        red: 1,
                        event: EventDie::Gate {
                            track: Track::Science,
                        },
                    },
                    alchemist: false,
                },
                Event::ResourcesProduced {
                    gains: vec![],
                    withheld: vec![],
                },
                Event::TurnEnded {
                    seat,
                    next: Seat((seat.0 + 1) % 3),
                },
            ],
        );
    }
    let improve = |seat, track, level| Event::CityImproved {
        seat,
        track,
        level,
        paid: Commodities::ZERO,
    };
    state = fold(
        state,
        &[
            improve(b, Track::Politics, 1),
            improve(b, Track::Trade, 1),
            improve(b, Track::Trade, 2),
            improve(c, Track::Trade, 1),
        ],
    );
    let events = roll_until(&state, a, |r| {
        *r == Roll {
            white: 6,
            red: 3,
            event: EventDie::Gate {
                track: Track::Trade,
            },
        }
    });
    let drawn: Vec<(Seat, Track)> = events
        .iter()
        .filter_map(|e| match e {
            Event::ProgressCardDrawn { seat, track, .. } => Some((*seat, *track)),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, vec![(b, Track::Trade)]);
    // The drawn card is hidden from everyone but B (unless it is a victory point card).
    let draw = events
        .iter()
        .find(|e| matches!(e, Event::ProgressCardDrawn { .. }))
        .unwrap();
    let Event::ProgressCardDrawn { card, .. } = draw else {
        unreachable!()
    };
    let seen_by_a = CitiesKnights::view_event(&state, draw, Viewer::Seat(a));
    assert_eq!(
        seen_by_a,
        EventView::ProgressCardDrawn {
            seat: b,
            track: Track::Trade,
            card: card.is_victory_point().then_some(*card),
        }
    );
    // Gates resolve before production, in one roll.
    let gate = events
        .iter()
        .position(|e| matches!(e, Event::ProgressCardDrawn { .. }))
        .unwrap();
    let prod = events
        .iter()
        .position(|e| matches!(e, Event::ResourcesProduced { .. }))
        .unwrap();
    assert!(gate < prod);
    state = fold(state, &events);
    let b_view = CitiesKnights::view_state(&state, Viewer::Seat(b));
    let a_view = CitiesKnights::view_state(&state, Viewer::Seat(a));
    assert_eq!(
        a_view.players[1].progress_card_count,
        b_view.players[1].progress_card_count
    );
    assert!(a_view.players[1].progress_cards.is_none());
    assert!(b_view.players[1].progress_cards.is_some());
}

/// A fifth progress card drawn outside one's turn must go back under its deck at once (seed).
#[test]
fn fifth_card_outside_your_turn_goes_back() {
    let mut state = after_setup(3);
    let b = Seat((state.active().0 + 1) % 3);
    let mut facts = Vec::new();
    for card in [
        ProgressCard::Spy,
        ProgressCard::Wedding,
        ProgressCard::Bishop,
        ProgressCard::Warlord,
        ProgressCard::Saboteur,
    ] {
        facts.push(Event::ProgressCardDrawn {
            seat: b,
            track: Track::Politics,
            card,
        });
    }
    state = fold(state, &facts);
    assert_eq!(
        state.obligations(),
        &[Obligation::ReturnProgressCard { seat: b }]
    );
    let e = CitiesKnights::decide(
        &state,
        state.active(),
        &Command::RollDice,
        &mut GameRng::seed_from_u64(0),
    );
    assert_eq!(e.unwrap_err(), Violation::ObligationsPending);
    let e = CitiesKnights::decide(
        &state,
        b,
        &Command::ReturnProgressCard {
            card: ProgressCard::Spy,
        },
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    state = fold(state, &e);
    assert!(state.obligations().is_empty());
    assert_eq!(state.progress_cards(b).len(), 4);
    assert_eq!(
        state.deck_cards(Track::Politics).last(),
        Some(&ProgressCard::Spy),
        "returned under the deck"
    );
}

/// The alchemist is the only card played before the roll, and it fixes the white and red dice.
#[test]
fn alchemist_chooses_the_dice_before_the_roll() {
    let mut state = after_setup(3);
    let a = state.active();
    state = fold(
        state,
        &[
            Event::ProgressCardDrawn {
                seat: a,
                track: Track::Science,
                card: ProgressCard::Alchemist,
            },
            Event::ProgressCardDrawn {
                seat: a,
                track: Track::Politics,
                card: ProgressCard::Warlord,
            },
        ],
    );
    let mut rng = GameRng::seed_from_u64(3);
    let warlord = Command::PlayProgressCard {
        play: ProgressPlay::Warlord,
    };
    assert_eq!(
        CitiesKnights::decide(&state, a, &warlord, &mut rng).unwrap_err(),
        Violation::ProgressAfterRoll
    );
    let e = CitiesKnights::decide(
        &state,
        a,
        &Command::PlayProgressCard {
            play: ProgressPlay::Alchemist { white: 4, red: 2 },
        },
        &mut rng,
    )
    .unwrap();
    assert_eq!(
        e[0],
        Event::ProgressCardPlayed {
            seat: a,
            card: ProgressCard::Alchemist
        }
    );
    assert!(matches!(
        e[1],
        Event::DiceRolled {
            roll: Roll {
                white: 4,
                red: 2,
                ..
            },
            alchemist: true,
            ..
        }
    ));
    state = fold(state, &e);
    assert_eq!(state.phase(), Phase::Main);
    let again = Command::PlayProgressCard {
        play: ProgressPlay::Alchemist { white: 1, red: 1 },
    };
    assert_eq!(
        CitiesKnights::decide(&state, a, &again, &mut rng).unwrap_err(),
        Violation::AlchemistOnlyBeforeRoll
    );
    assert_eq!(Violation::ProgressAfterRoll.rule_id(), "CK-PROG-04");
}

/// Commodities count for the 7; each city wall raises the limit by 2. Before the first attack the robber stays put.
#[test]
fn seven_counts_commodities_and_walls_raise_the_limit() {
    let mut state = after_setup(3);
    let a = state.active();
    let b = Seat((a.0 + 1) % 3);
    let c = Seat((a.0 + 2) % 3);
    // Top hands up to 8 cards (b: over the limit of 7) and 9 (c: at the limit of 9 with one wall), half of
    // them commodities.
    let top_up = |seat: Seat, total: u16| Hand {
        resources: Resources::new((total - 4 - state.hand(seat).total()) as u8, 0, 0, 0, 0),
        commodities: Commodities {
            coin: 2,
            paper: 2,
            cloth: 0,
        },
    };
    let eight = top_up(b, 8);
    let nine = top_up(c, 9);
    let wall_city = buildings(&state, c, true)[0];
    state = fold(
        state,
        &[
            Event::CardsFromBank {
                seat: b,
                cards: eight,
            },
            Event::CardsFromBank {
                seat: c,
                cards: nine,
            },
            Event::CityWallBuilt {
                seat: c,
                vertex: wall_city,
                free: true,
            },
        ],
    );
    let events = roll_until(&state, a, |r| {
        r.white + r.red == 7 && r.event != EventDie::Ship
    });
    let seven = events
        .iter()
        .find(|e| matches!(e, Event::SevenRolled { .. }))
        .unwrap();
    let Event::SevenRolled { discards } = seven else {
        unreachable!()
    };
    assert_eq!(discards.len(), 1);
    assert_eq!((discards[0].seat, discards[0].count), (b, 4));
    state = fold(state, &events);
    // No robber phase before the barbarians have attacked once.
    assert_eq!(state.phase(), Phase::Main);
}

/// The side between corners `a` and `b`.
fn side(state: &State, a: VertexId, b: VertexId) -> EdgeId {
    let t = state.board().topology();
    *t.vertex_edges(a)
        .iter()
        .find(|&&e| t.edge_vertices(e).contains(&b))
        .expect("neighbouring corners")
}

/// `seat`'s roads between the corner pairs `roads` and its active knight of `strength` on `vertex`, as facts.
fn knight_on_roads(
    state: &State,
    seat: Seat,
    vertex: VertexId,
    strength: u8,
    roads: &[(VertexId, VertexId)],
) -> Vec<Event> {
    let mut facts: Vec<Event> = roads
        .iter()
        .map(|&(from, to)| Event::RoadBuilt {
            seat,
            edge: side(state, from, to),
            free: true,
        })
        .collect();
    facts.push(Event::KnightBuilt {
        seat,
        vertex,
        strength,
        free: true,
    });
    facts.push(Event::KnightActivated {
        seat,
        vertex,
        free: true,
    });
    facts
}

/// The corners of the seed's displacement example on an empty stretch of the board: Blue's road runs
/// `C - R - A - X - B`, Blue's knight stands on `X`, Red's road comes to `X` from `Y` and Red's stronger knight
/// stands on `Y`; `W` is `R`'s third neighbour, where Red's road to `R` comes from. Every corner named and every
/// neighbour of one is free, so nothing else on the board touches the example.
struct Stretch {
    c: VertexId,
    r: VertexId,
    w: VertexId,
    a: VertexId,
    x: VertexId,
    b: VertexId,
    y: VertexId,
}

fn empty_stretch(state: &State) -> Stretch {
    let t = state.board().topology();
    let free = |v: VertexId| {
        std::iter::once(v)
            .chain(t.vertex_neighbors(v).iter().copied())
            .all(|w| state.vertices()[w.index()].is_empty() && state.knight_at(w).is_none())
    };
    for x in t.vertices() {
        let n = t.vertex_neighbors(x);
        if n.len() < 3 {
            continue;
        }
        let (a, b, y) = (n[0], n[1], n[2]);
        for &r in t.vertex_neighbors(a).iter().filter(|&&r| r != x) {
            let rn: Vec<VertexId> = t
                .vertex_neighbors(r)
                .iter()
                .copied()
                .filter(|&v| v != a)
                .collect();
            if rn.len() < 2 {
                continue;
            }
            let (c, w) = (rn[0], rn[1]);
            let all = [c, r, w, a, x, b, y];
            let distinct = all.iter().enumerate().all(|(i, v)| !all[..i].contains(v));
            if distinct && all.iter().all(|&v| free(v)) {
                return Stretch {
                    c,
                    r,
                    w,
                    a,
                    x,
                    b,
                    y,
                };
            }
        }
    }
    panic!("no empty stretch for the example");
}

/// The seed's example (Placering og fordrivelse, CK-KNIGHT-09): Red places its active knight on the corner where
/// Blue's weaker knight stands, a corner of Red's road too; Blue must move the displaced knight to another corner
/// of his road, A or B, and cannot move it to C. The seed's picture is not in its text; we read C as a corner of
/// Blue's road beyond another seat's piece: here Red's settlement on R, or Red's knight there. With R free, R and
/// C are offered too, so the piece is what stops the retreat.
#[test]
fn seed_displacement_example_retreats_to_a_or_b_not_c() {
    let (red, blue) = (Seat(0), Seat(1));
    let base = after_setup(3);
    let s = empty_stretch(&base);
    for blocker in ["settlement", "knight", "none"] {
        let blue_roads = [(s.c, s.r), (s.r, s.a), (s.a, s.x), (s.x, s.b)];
        let mut facts = knight_on_roads(&base, blue, s.x, 1, &blue_roads);
        facts.extend(knight_on_roads(
            &base,
            red,
            s.y,
            2,
            &[(s.y, s.x), (s.w, s.r)],
        ));
        match blocker {
            "settlement" => facts.push(Event::SettlementBuilt {
                seat: red,
                vertex: s.r,
            }),
            "knight" => facts.push(Event::KnightBuilt {
                seat: red,
                vertex: s.r,
                strength: 1,
                free: true,
            }),
            _ => {}
        }
        let mut state = fold(base.clone(), &facts);
        // A round of quiet turns: Red's knight was activated in an earlier turn, so it may act now.
        while state.active() != red {
            state = sail(state, 1);
        }
        state = sail(state, 3);
        let rolled = roll_until(&state, red, |r| {
            r.event == EventDie::Ship && r.white + r.red != 7
        });
        state = fold(state, &rolled);
        assert_eq!(state.phase(), Phase::Main, "{blocker}");
        let moved = CitiesKnights::decide(
            &state,
            red,
            &Command::MoveKnight { from: s.y, to: s.x },
            &mut GameRng::seed_from_u64(0),
        )
        .unwrap();
        assert_eq!(
            moved[0],
            Event::KnightDisplaced {
                by: red,
                from: Some(s.y),
                seat: blue,
                vertex: s.x
            }
        );
        let state = fold(state, &moved);
        let mut offered: Vec<VertexId> = CitiesKnights::legal_actions(&state, blue)
            .into_iter()
            .map(|c| match c {
                Command::RetreatKnight { vertex } => vertex,
                other => panic!("{blocker}: {other:?} offered to a retreating seat"),
            })
            .collect();
        offered.sort();
        let mut want = match blocker {
            "none" => vec![s.a, s.b, s.r, s.c],
            _ => vec![s.a, s.b],
        };
        want.sort();
        assert_eq!(offered, want, "{blocker}");
        let retreat = |v: VertexId| {
            CitiesKnights::decide(
                &state,
                blue,
                &Command::RetreatKnight { vertex: v },
                &mut GameRng::seed_from_u64(0),
            )
        };
        for v in [s.a, s.b] {
            assert_eq!(
                retreat(v),
                Ok(vec![Event::KnightRetreated {
                    seat: blue,
                    vertex: v
                }])
            );
            // The knight keeps its status (seed: "Ridderens status forbliver den samme").
            let after = fold(state.clone(), &retreat(v).unwrap());
            assert_eq!(after.knight_at(v), Some((blue, 1, true)));
        }
        if blocker != "none" {
            let refused = retreat(s.c).unwrap_err();
            assert_eq!(refused, Violation::InvalidRetreat);
            assert_eq!(refused.rule_id(), "CK-KNIGHT-09");
        }
    }
}

/// Negotiated defence (CK-VAR-02): a seat with three active knights and a passive one may commit any set of its
/// active knights. The listing offers each of the eight sets once; of every set of its four knights' corners (and
/// of those with another seat's knight or an empty corner added), `decide` accepts exactly the listed ones, in any
/// order, and each knight at most once.
#[test]
fn negotiated_defence_lists_every_set_of_active_knights() {
    let (me, other) = (Seat(0), Seat(1));
    let mut state = after_setup_with(3, true);
    let free: Vec<VertexId> = state
        .board()
        .topology()
        .vertices()
        .filter(|&v| state.vertices()[v.index()].is_empty() && state.knight_at(v).is_none())
        .collect();
    let mut free = free.into_iter();
    let mut facts = Vec::new();
    let mut mine = Vec::new();
    for strength in [1, 1, 2, 2] {
        let vertex = free.next().unwrap();
        facts.push(Event::KnightBuilt {
            seat: me,
            vertex,
            strength,
            free: true,
        });
        mine.push(vertex);
    }
    for &vertex in &mine[..3] {
        facts.push(Event::KnightActivated {
            seat: me,
            vertex,
            free: true,
        });
    }
    let theirs = free.next().unwrap();
    let empty = free.next().unwrap();
    facts.push(Event::KnightBuilt {
        seat: other,
        vertex: theirs,
        strength: 1,
        free: true,
    });
    facts.push(Event::KnightActivated {
        seat: other,
        vertex: theirs,
        free: true,
    });
    state = sail(fold(state, &facts), 6);
    let roller = state.active();
    let rolled = roll_until(&state, roller, |r| {
        r.event == EventDie::Ship && r.white + r.red != 7
    });
    assert!(rolled
        .iter()
        .any(|e| matches!(e, Event::DefenceCalled { .. })));
    state = fold(state, &rolled);
    assert!(state
        .obligations()
        .contains(&Obligation::CommitKnights { seat: me }));

    let mut active = mine[..3].to_vec();
    active.sort();
    let listed: Vec<Vec<VertexId>> = CitiesKnights::legal_actions(&state, me)
        .into_iter()
        .map(|c| match c {
            Command::CommitKnights { vertices } => vertices,
            other => panic!("{other:?} offered to a seat committing knights"),
        })
        .collect();
    assert_eq!(listed.len(), 8, "{listed:?}");
    assert_eq!(listed.first(), Some(&vec![]));
    assert_eq!(listed.last(), Some(&active));
    for (i, set) in listed.iter().enumerate() {
        assert!(!listed[..i].contains(set), "{set:?} listed twice");
        assert!(
            set.windows(2).all(|w| w[0] < w[1]),
            "{set:?} in board order"
        );
    }
    let accepted = |vertices: Vec<VertexId>| {
        CitiesKnights::decide(
            &state,
            me,
            &Command::CommitKnights { vertices },
            &mut GameRng::seed_from_u64(0),
        )
    };
    let mut candidates = mine.clone();
    candidates.sort();
    let mut accepted_sets = 0;
    for set in 0..1u32 << candidates.len() {
        let chosen: Vec<VertexId> = (0..candidates.len())
            .filter(|&i| set & (1 << i) != 0)
            .map(|i| candidates[i])
            .collect();
        let ok = accepted(chosen.clone()).is_ok();
        assert_eq!(ok, listed.contains(&chosen), "{chosen:?}");
        accepted_sets += usize::from(ok);
        // Reversed, the same commitment is accepted just the same.
        let reversed: Vec<VertexId> = chosen.iter().rev().copied().collect();
        assert_eq!(accepted(reversed).is_ok(), ok, "{chosen:?} reversed");
        // Another seat's knight, an empty corner or a knight twice is never committed.
        for extra in [theirs, empty] {
            let mut more = chosen.clone();
            more.push(extra);
            assert_eq!(accepted(more), Err(Violation::CommittedKnightInvalid));
        }
        if let Some(&first) = chosen.first() {
            let mut twice = chosen.clone();
            twice.push(first);
            assert_eq!(accepted(twice), Err(Violation::CommittedKnightInvalid));
        }
    }
    assert_eq!(accepted_sets, 8);
}

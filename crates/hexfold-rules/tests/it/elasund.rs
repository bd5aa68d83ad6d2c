//! Elasund: property tests over random legal games (each a [`Playout`]); its rule cases are data (`check.rs`).
//!
//! A few hundred games run by default (debug CI); `HEXFOLD_SOAK=1` runs thousands. The checks draw from a
//! generator of their own, so each game is the random player's alone.

use hexfold_rules::elasund::{
    data, Cards, Cell, Command, Config, Elasund, Event, EventView, Phase, Place, State,
};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::{Game, GameRng, Seat, Viewer};
use rand::{Rng, SeedableRng};

/// Cards, cubes, permits, buildings and church tiles are conserved; the board and the pieces agree.
fn check_invariants(s: &State) {
    let mut all = s.bank;
    for p in &s.seats {
        add(&mut all, &p.hand);
    }
    add(&mut all, &s.discards);
    let per = data::INFLUENCE_PER_COLOUR;
    assert_eq!(
        all,
        Cards {
            gold: data::GOLD_CARDS,
            red: per,
            green: per,
            blue: per
        },
        "cards conserved"
    );

    // Permits: each value of each seat is in the supply or on the board, exactly once.
    for seat in 0..s.players {
        let mut seen = s.seats[usize::from(seat)].permits;
        for cell in &s.cells {
            if let Cell::Permit { seat: o, value } = *cell {
                if o.0 == seat {
                    assert_eq!(
                        seen & (1 << value),
                        0,
                        "permit {value} of seat {seat} twice"
                    );
                    seen |= 1 << value;
                }
            }
        }
        assert_eq!(seen, 0b11111, "permits of seat {seat} conserved");
    }

    // Buildings: every piece on the board covers exactly the cells that name it.
    let neutral = s.pieces.iter().filter(|p| p.colour.is_none()).count();
    assert_eq!(neutral, 21);
    assert_eq!(s.pieces.len(), 21 + 4 * usize::from(s.players));
    let mut covered = 0;
    for (i, p) in s.pieces.iter().enumerate() {
        if let Place::Board { at, owner, .. } = p.place {
            let spec = data::building(p.kind);
            if let Some(colour) = p.colour {
                assert_eq!(colour, owner, "player buildings belong to their colour");
            }
            let row = data::ROW_LABELS.iter().position(|&l| l == at.row).unwrap();
            for r in row..row + usize::from(spec.rows) {
                for c in usize::from(at.col)..usize::from(at.col + spec.cols) {
                    assert_eq!(
                        s.cells[r * data::MAX_COLS + c],
                        Cell::Building {
                            piece: hexfold_rules::elasund::PieceId(i as u8)
                        }
                    );
                    covered += 1;
                }
            }
        }
    }
    let building_cells = s
        .cells
        .iter()
        .filter(|c| matches!(c, Cell::Building { .. }))
        .count();
    assert_eq!(
        covered, building_cells,
        "no cell names a piece that is not there"
    );

    // Church tiles: on the board, in the stack, under it, or drawn and waiting for the choice.
    let mut tiles: u16 = s.church_stack;
    let mut add_tile = |t: u8| {
        assert_eq!(tiles & (1 << t), 0, "church tile {t} twice");
        tiles |= 1 << t;
    };
    if let Some(b) = s.church_bottom {
        add_tile(b);
    }
    for cell in &s.cells {
        if let Cell::Church { tile, .. } = *cell {
            add_tile(tile);
        }
    }
    if let Phase::ChooseChurchTile { tiles: drawn, .. } = s.phase {
        drawn.iter().for_each(|&t| add_tile(t));
    }
    assert_eq!(tiles, 0x1FF, "church tiles conserved");

    // Cubes: never more than ten on the board per seat.
    let view = Elasund::view_state(s, Viewer::Omniscient);
    for seat in &view.seats {
        assert!(
            seat.cubes_on_board <= data::CUBES,
            "seat {:?} has {} cubes out",
            seat.seat,
            seat.cubes_on_board
        );
        let flags = data::TRACK_FLAGS
            .iter()
            .filter(|&&f| seat.trade_points >= f)
            .count() as u8;
        assert!(seat.track_cubes <= flags);
    }
}

fn add(a: &mut Cards, b: &Cards) {
    a.gold += b.gold;
    a.red += b.red;
    a.green += b.green;
    a.blue += b.blue;
}

/// What no other seat may see must be absent from its serialized views.
fn check_views(s: &State, events: &[Event], before: &State) {
    for seat in 0..s.players {
        let view = serde_json::to_value(Elasund::view_state(s, Viewer::Seat(Seat(seat)))).unwrap();
        for (i, sv) in view["seats"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                sv["hand"].get("detail").is_some(),
                i == usize::from(seat),
                "hand detail only for its holder"
            );
        }
        let bottom_ok =
            s.church_first_builder == Some(Seat(seat)) || view.get("church_bottom").is_none();
        assert!(bottom_ok, "church bottom tile only for the first builder");
        let mut state = before.clone();
        for e in events {
            let v = Elasund::view_event(&state, e, Viewer::Seat(Seat(seat)));
            match (&v, e) {
                (EventView::CardsDrawn { seat: who, cards }, _) => {
                    assert_eq!(cards.detail.is_some(), who.0 == seat);
                }
                (EventView::IncomeCollected { cards, .. }, _)
                | (
                    EventView::BankShortage {
                        returned: cards, ..
                    },
                    _,
                ) => {
                    for (i, c) in cards.iter().enumerate() {
                        assert_eq!(c.detail.is_some(), i == usize::from(seat));
                    }
                }
                (EventView::ChurchTilesDrawn { seat: who, tiles }, _) => {
                    assert_eq!(tiles.is_some(), who.0 == seat)
                }
                (
                    EventView::ChurchTileReturned {
                        seat: who,
                        returned,
                        ..
                    },
                    _,
                ) => {
                    assert_eq!(returned.is_some(), who.0 == seat)
                }
                (EventView::StartingInfluenceDealt { colors }, _) => {
                    for (i, c) in colors.iter().enumerate() {
                        assert_eq!(c.is_some(), i == usize::from(seat));
                    }
                }
                (EventView::Public { event }, e) => assert_eq!(event, e),
            }
            state = Elasund::evolve(state, e);
        }
    }
}

struct Played {
    winner: Seat,
    actions: u64,
}

/// `thorough`: also check every seat's views and a sample of listed actions after every step (the slow part).
fn play(players: u8, seed: u64, thorough: bool) -> Played {
    let (setup, playout) = Playout::<Elasund>::seeded(&Config { players }, seed).unwrap();
    let mut playout = playout.list_legal().keep_log();
    let mut rng = GameRng::seed_from_u64(seed ^ 0xe1a5);
    loop {
        let actions = playout.played();
        let step = playout.step(|step| {
            let (state, seat) = (step.before, step.seat);
            assert!(
                state.turn <= data::TURN_LIMIT + 1,
                "game {seed} with {players} players runs past the turn limit"
            );
            let legal = step.legal.expect("the playout lists legal actions");
            if thorough {
                // A sample of the listed actions is accepted.
                for _ in 0..3 {
                    let c = &legal[rng.gen_range(0..legal.len())];
                    let mut r = GameRng::seed_from_u64(seed ^ actions);
                    if let Err(v) = Elasund::decide(state, seat, c, &mut r) {
                        panic!("listed action {c:?} refused: {v:?} in {:?}", state.phase);
                    }
                }
                // Seats that may not act are refused.
                let seats = Elasund::seats_to_act(state);
                for other in (0..players).map(Seat).filter(|s| !seats.contains(s)) {
                    assert!(Elasund::legal_actions(state, other).is_empty());
                    let mut r = GameRng::seed_from_u64(0);
                    assert!(Elasund::decide(state, other, &Command::EndTurn, &mut r).is_err());
                }
            }
            assert!(
                legal.contains(step.command),
                "random_command picks a listed action: {:?} in {:?}",
                step.command,
                state.phase
            );
            assert!(!step.events.is_empty());
            if thorough {
                let after = step.events.iter().fold(state.clone(), Elasund::evolve);
                check_views(&after, step.events, state);
            }
        });
        match step {
            Ok(()) => check_invariants(playout.state()),
            Err(Stop::Ended(outcome)) => {
                let state = playout.state();
                assert!(
                    playout.replay_matches(&setup),
                    "replay equals live (seed {seed})"
                );
                let view = Elasund::view_state(state, Viewer::Omniscient);
                if state.turn <= data::TURN_LIMIT {
                    assert_eq!(
                        view.seats[outcome.winner.index()].cubes_on_board,
                        data::CUBES,
                        "winner has all cubes out"
                    );
                }
                return Played {
                    winner: outcome.winner,
                    actions: playout.played(),
                };
            }
            Err(Stop::NobodyToAct) => panic!("someone can act while the game runs"),
            Err(Stop::NoCommand(_)) => panic!(
                "a seat asked to act has a legal action: {:?}",
                playout.state().phase
            ),
            Err(stop) => panic!("game {seed}: {stop:?}"),
        }
    }
}

#[test]
fn random_games_end_with_a_winner_and_conserve_everything() {
    let n = crate::random_games();
    let mut wins = [0u32; 4];
    let mut actions = 0;
    for seed in 0..n {
        let players = 2 + (seed % 3) as u8;
        let soak = n > 1_000;
        let played = play(players, seed, soak || seed < 30);
        wins[played.winner.index()] += 1;
        actions += played.actions;
    }
    assert!(actions > n, "games take more than one action");
    assert!(
        wins.iter().filter(|&&w| w > 0).count() >= 2,
        "more than one seat wins some games: {wins:?}"
    );
}

/// Over random reachable states, arbitrary commands from arbitrary seats that are refused return a violation,
/// are refused the same way again and are not listed, and change nothing: neither the state the caller holds (nor
/// its stored form) nor the state the log folds to, which is checked against the live one every few steps. At the
/// start only the first player may act, by rolling; setups outside 2 to 4 players are refused.
#[test]
fn refused_commands_change_nothing() {
    let games = if crate::soak() { 100 } else { 8 };
    let mut refused = 0;
    for seed in 0..games {
        let players = 2 + (seed % 3) as u8;
        let (setup, playout) =
            Playout::<Elasund>::seeded(&Config { players }, 2_000 + seed).unwrap();
        let mut playout = playout.keep_log();
        let mut rng = GameRng::seed_from_u64(seed);
        loop {
            let state = playout.state();
            for _ in 0..4 {
                let seat = Seat(rng.gen_range(0..6));
                let command = arbitrary_command(&mut rng);
                let decided = crate::refusal::decide_checked::<Elasund>(
                    state,
                    seat,
                    &command,
                    &mut GameRng::seed_from_u64(seed),
                    true,
                );
                refused += usize::from(decided.is_err());
            }
            if playout.played() % 16 == 0 {
                assert!(
                    playout.replay_matches(&setup),
                    "seed {seed}: the log no longer folds to the live state"
                );
            }
            match playout.step(|_| {}) {
                Ok(()) => {}
                Err(Stop::Ended(_)) => break,
                Err(stop) => panic!("seed {seed}: {stop:?}"),
            }
        }
        assert!(playout.replay_matches(&setup));
    }
    assert!(
        refused > 100,
        "only {refused} arbitrary commands were refused"
    );
    // At the start only the first player may act, and only by rolling.
    let mut rng = GameRng::seed_from_u64(7);
    let setup = Elasund::setup(&Config { players: 3 }, &mut rng).unwrap();
    let state = Elasund::initial_state(&setup);
    let other = Seat((setup.first_player.0 + 1) % 3);
    assert!(Elasund::decide(&state, other, &Command::Roll, &mut rng).is_err());
    assert_eq!(
        Elasund::legal_actions(&state, setup.first_player),
        vec![Command::Roll]
    );
    assert!(Elasund::setup(&Config { players: 5 }, &mut rng).is_err());
    assert!(Elasund::setup(&Config { players: 1 }, &mut rng).is_err());
}

/// A command with arbitrary (often absurd) parameters.
fn arbitrary_command(rng: &mut GameRng) -> Command {
    use hexfold_rules::elasund::{BuildingKind, InfluenceColor, WallSide, WallSlot};
    let sq = |rng: &mut GameRng| hexfold_rules::elasund::Square {
        col: rng.gen_range(0..12),
        row: rng.gen_range(0..15),
    };
    let small = |rng: &mut GameRng| -> u8 {
        if rng.gen_bool(0.9) {
            rng.gen_range(0..6)
        } else {
            rng.gen()
        }
    };
    let cards = |rng: &mut GameRng| Cards {
        gold: small(rng),
        red: small(rng),
        green: small(rng),
        blue: small(rng),
    };
    let colour = |rng: &mut GameRng| {
        [
            InfluenceColor::Red,
            InfluenceColor::Green,
            InfluenceColor::Blue,
        ][rng.gen_range(0..3)]
    };
    let kinds = [
        BuildingKind::SmallCottage,
        BuildingKind::LargeCottage,
        BuildingKind::MerchantHouse,
        BuildingKind::Workshop,
        BuildingKind::Well,
        BuildingKind::MarketStall,
        BuildingKind::Shop,
        BuildingKind::Tavern,
        BuildingKind::TradeHouse,
    ];
    match rng.gen_range(0..19) {
        0 => Command::Roll,
        1 => Command::MoveShip {
            row: small(rng).wrapping_add(2),
        },
        2 => Command::MovePirate {
            row: rng.gen_range(0..14),
        },
        3 => Command::Discard { cards: cards(rng) },
        4 => Command::TakeDiscards { cards: cards(rng) },
        5 => Command::Build {
            building: kinds[rng.gen_range(0..kinds.len())],
            at: sq(rng),
            overbuild_with: rng.gen_bool(0.3).then(|| colour(rng)),
        },
        6 => Command::BuildWall {
            slot: WallSlot {
                side: [WallSide::North, WallSide::East, WallSide::South][rng.gen_range(0..3)],
                index: rng.gen_range(0..12),
            },
        },
        7 => Command::BuildChurch,
        8 => Command::KeepChurchTile {
            tile: rng.gen_range(0..12),
        },
        9 => Command::PlaceCottage { at: sq(rng) },
        10 => Command::EndBuilding,
        11 => Command::PlacePermit {
            value: small(rng),
            at: sq(rng),
            anywhere_with: rng.gen_bool(0.3).then(|| colour(rng)),
        },
        12 => Command::TakeTwoGold,
        13 => Command::MovePermit {
            from: sq(rng),
            to: sq(rng),
            pay: colour(rng),
        },
        14 => Command::UpgradePermit {
            at: sq(rng),
            value: small(rng),
            pay: colour(rng),
        },
        15 => Command::PlacePermitAnywhere {
            value: small(rng),
            at: sq(rng),
        },
        16 => Command::BuyTwoGold,
        _ => Command::EndTurn,
    }
}

/// Arbitrary commands from arbitrary seats never panic, and every accepted one was listed.
#[test]
fn arbitrary_commands_never_panic_and_accepted_ones_are_listed() {
    let games = if crate::soak() { 300 } else { 25 };
    let mut accepted = 0;
    for seed in 0..games {
        let players = 2 + (seed % 3) as u8;
        let (_, mut playout) =
            Playout::<Elasund>::seeded(&Config { players }, 1_000 + seed).unwrap();
        let mut rng = GameRng::seed_from_u64(seed ^ 0xa7b1);
        let stop = playout.run(|step| {
            let state = step.before;
            for _ in 0..8 {
                let seat = Seat(rng.gen_range(0..6));
                let command = arbitrary_command(&mut rng);
                let mut r = GameRng::seed_from_u64(seed);
                if Elasund::decide(state, seat, &command, &mut r).is_ok() {
                    accepted += 1;
                    assert!(
                        Elasund::legal_actions(state, seat).contains(&command),
                        "accepted but not listed: {command:?} in {:?}",
                        state.phase
                    );
                }
            }
        });
        assert!(matches!(stop, Stop::Ended(_)), "seed {seed}: {stop:?}");
    }
    assert!(accepted > 0, "some arbitrary commands are legal");
}

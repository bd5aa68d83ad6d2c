//! Piece limits hold in every state a game passes through, each event's included: no seat ever has more of a kind
//! of piece out than its supply holds, and the supply a view shows is what is not out. A command's events are
//! folded one by one, so a batch whose middle broke a limit would show that state to whoever reads the game at
//! that version (issue 29: a tenth settlement in Catania for one event).
//!
//! [`PieceLimits`] says what each game's pieces are, from its omniscient view; `for_each_game!` makes every game
//! implement it and plays random games of each, checking the state before every event and after the last one:
//! every prefix of the log.

use hexfold_rules::catan::Catan;
use hexfold_rules::catania::{self as cat, Catania};
use hexfold_rules::cities_knights::{self as ck, CitiesKnights, Obligation};
use hexfold_rules::elasund::{data, Cell, Elasund};
use hexfold_rules::hex::Pieces;
use hexfold_rules::playout::{Playout, RandomPlayer, Stop};
use hexfold_rules::{Game, Seat, Viewer};

/// One kind of a seat's pieces: how many are out (on the board, or off it on their way, such as a retreating
/// knight), how many the seat has, and the supply the view shows if the game shows one.
pub struct Count {
    seat: Seat,
    kind: &'static str,
    out: usize,
    limit: u8,
    left: Option<u8>,
}

impl Count {
    fn new(seat: Seat, kind: &'static str, out: usize, limit: u8, left: Option<u8>) -> Count {
        Count {
            seat,
            kind,
            out,
            limit,
            left,
        }
    }

    /// What is wrong with this count, if anything.
    fn breach(&self) -> Option<String> {
        let (seat, kind, out, limit) = (self.seat.0, self.kind, self.out, usize::from(self.limit));
        if out > limit {
            return Some(format!(
                "seat {seat} has {out} {kind} out, the limit is {limit}"
            ));
        }
        match self.left {
            Some(left) if usize::from(left) + out != limit => Some(format!(
                "seat {seat} has {out} {kind} out and {left} in its supply, of {limit}"
            )),
            _ => None,
        }
    }
}

/// A game's pieces, counted in a state.
pub trait PieceLimits: RandomPlayer {
    /// Every kind of piece of every seat.
    fn counts(state: &Self::State) -> Vec<Count>;
}

/// Every limit `state` breaks, one line each.
fn breaches<G: PieceLimits>(state: &G::State) -> Vec<String> {
    G::counts(state).iter().filter_map(Count::breach).collect()
}

/// Panics, naming `context`, if `state` breaks a piece limit.
pub fn assert_within_limits<G: PieceLimits>(state: &G::State, context: impl std::fmt::Display) {
    let broken = breaches::<G>(state);
    assert!(
        broken.is_empty(),
        "{} at {context}: {}",
        G::NAME,
        broken.join("; ")
    );
}

/// Tic-tac-toe's marks: five for the seat that starts, four for the other.
#[cfg(feature = "toy-game")]
impl PieceLimits for hexfold_rules::tictactoe::TicTacToe {
    fn counts(state: &Self::State) -> Vec<Count> {
        (0..2)
            .map(|s| {
                let seat = Seat(s);
                let marks = state.board.iter().filter(|&&m| m == Some(seat)).count();
                Count::new(seat, "marks", marks, 5 - s, None)
            })
            .collect()
    }
}

/// A hex game seat's settlements, cities and roads, from the view's `buildings` (each its owner and whether it is a
/// city) and the seat's `roads`, of `pieces`, with the supply the view shows of each (`left`, in that order). With
/// `sideways`, a settlement beyond the supply's is a city piece on its side (Cities & Knights, see below).
fn hex_counts(
    seat: Seat,
    buildings: &[(Seat, bool)],
    roads: usize,
    pieces: Pieces,
    left: [u8; 3],
    sideways: bool,
) -> Vec<Count> {
    let count = |city: bool| buildings.iter().filter(|&&b| b == (seat, city)).count();
    let (settlements, cities) = (count(false), count(true));
    let on_side = if sideways {
        settlements.saturating_sub(usize::from(pieces.settlements))
    } else {
        0
    };
    let out = [settlements - on_side, cities, roads];
    let limits = [pieces.settlements, pieces.cities, pieces.roads];
    let kinds = ["settlements", "cities", "roads"];
    let mut counts: Vec<Count> = (0..3)
        .map(|i| Count::new(seat, kinds[i], out[i], limits[i], Some(left[i])))
        .collect();
    counts.push(Count::new(
        seat,
        "city pieces (on their side too)",
        cities + on_side,
        pieces.cities,
        None,
    ));
    counts
}

/// The pieces of the hex games' board view: settlements, cities, roads, walls and knights (two of each strength,
/// counted out while retreating too). In Cities & Knights a city pillaged when its owner has no settlement left is
/// turned on its side and stays a settlement (CK-BUILD-01, official FAQ): a settlement beyond the supply's is that
/// city piece, so it counts against the cities, and the supply shown counts upright cities only.
fn layer_counts(view: &ck::StateView, rules: &ck::CkRules, sideways: bool) -> Vec<Count> {
    let pieces = rules.hex.pieces;
    let buildings: Vec<(Seat, bool)> = view.buildings.iter().map(|b| (b.seat, b.city)).collect();
    let mut out = Vec::new();
    for p in &view.players {
        let seat = p.seat;
        let roads = view.roads.iter().filter(|r| r.seat == seat).count();
        out.extend(hex_counts(
            seat,
            &buildings,
            roads,
            pieces,
            [p.settlements_left, p.cities_left, p.roads_left],
            sideways,
        ));
        let walls = view
            .buildings
            .iter()
            .filter(|b| b.seat == seat && b.wall)
            .count();
        out.push(Count::new(
            seat,
            "walls",
            walls,
            rules.walls_per_seat,
            Some(p.walls_left),
        ));
        for (i, kind) in ["basic knights", "strong knights", "mighty knights"]
            .into_iter()
            .enumerate()
        {
            let strength = i as u8 + 1;
            let on_board = view
                .knights
                .iter()
                .filter(|k| k.seat == seat && k.strength == strength)
                .count();
            let retreating = view
                .obligations
                .iter()
                .filter(|o| matches!(o, Obligation::Retreat { seat: s, strength: k, .. } if *s == seat && *k == strength))
                .count();
            out.push(Count::new(
                seat,
                kind,
                on_board + retreating,
                rules.knights_per_strength[i],
                Some(p.knights_left[i]),
            ));
        }
    }
    out
}

impl PieceLimits for Catan {
    fn counts(state: &Self::State) -> Vec<Count> {
        let pieces = hexfold_rules::catan::RULES.pieces;
        let view = Catan::view_state(state, Viewer::Omniscient);
        let buildings: Vec<(Seat, bool)> =
            view.buildings.iter().map(|b| (b.seat, b.city)).collect();
        let mut out = Vec::new();
        for p in &view.players {
            let roads = view.roads.iter().filter(|r| r.seat == p.seat).count();
            out.extend(hex_counts(
                p.seat,
                &buildings,
                roads,
                pieces,
                [p.settlements_left, p.cities_left, p.roads_left],
                false,
            ));
        }
        out
    }
}

impl PieceLimits for CitiesKnights {
    fn counts(state: &Self::State) -> Vec<Count> {
        let view = CitiesKnights::view_state(state, Viewer::Omniscient);
        layer_counts(&view, state.rules(), true)
    }
}

/// Catania turns no city on its side: a city lost without a settlement in the supply leaves its corner
/// (CAT-EVENT-10). Ships count the one marking a wonder (spec D-07).
impl PieceLimits for Catania {
    fn counts(state: &Self::State) -> Vec<Count> {
        let view = Catania::view_state(state, Viewer::Omniscient);
        let mut out = layer_counts(&view.ck, &cat::RULES, false);
        for s in &view.sailors {
            let seat = s.seat;
            let ships = view.ships.iter().filter(|r| r.seat == seat).count()
                + view.wonders.iter().filter(|w| w.seat == seat).count();
            out.push(Count::new(
                seat,
                "ships",
                ships,
                cat::SHIPS_PER_SEAT,
                Some(s.ships_left),
            ));
            let landings = view
                .landing_places
                .iter()
                .filter(|l| l.seat == seat)
                .count();
            out.push(Count::new(
                seat,
                "landing places",
                landings,
                cat::LANDINGS_PER_SEAT,
                Some(s.landing_places_left),
            ));
        }
        out
    }
}

/// Elasund: each seat's five permits (each value once, on the board or in the supply), its wall pieces and its
/// cubes. Its buildings are pieces of the state's fixed list, each in one place, so they cannot multiply.
impl PieceLimits for Elasund {
    fn counts(state: &Self::State) -> Vec<Count> {
        let view = Elasund::view_state(state, Viewer::Omniscient);
        let mut out = Vec::new();
        for s in &view.seats {
            let seat = s.seat;
            for value in 0..data::PERMIT_VALUES {
                let on_board = view
                    .cells
                    .iter()
                    .filter(|c| matches!(c, Cell::Permit { seat: o, value: v } if *o == seat && *v == value))
                    .count();
                let left = u8::from(s.permits.contains(&value));
                out.push(Count::new(
                    seat,
                    "permits of one value",
                    on_board,
                    1,
                    Some(left),
                ));
            }
            let walls = view
                .walls
                .iter()
                .flatten()
                .filter(|w| w.seat == seat)
                .count();
            let wall_limit = data::WALL_REWARDS.len() as u8;
            out.push(Count::new(
                seat,
                "wall pieces",
                walls,
                wall_limit,
                Some(wall_limit - s.walls_built.min(wall_limit)),
            ));
            out.push(Count::new(
                seat,
                "cubes",
                usize::from(s.cubes_on_board),
                data::CUBES,
                None,
            ));
        }
        out
    }
}

/// Plays `playout` on until its game ends or its command limit, checking the state before every event and after
/// the last one, and showing each event to `seen`. Returns the events checked.
pub fn play_checking_every_state<G: PieceLimits>(
    playout: &mut Playout<G>,
    game: impl std::fmt::Display,
    mut seen: impl FnMut(&G::Event),
) -> u64 {
    let mut events = 0;
    assert_within_limits::<G>(playout.state(), format_args!("{game}, the start"));
    loop {
        let played = playout.played();
        let step = playout.step(|step| {
            let mut i = 0;
            step.each_event(|state, e| {
                assert_within_limits::<G>(
                    state,
                    format_args!("{game}, command {played}, before event {i} {e:?}"),
                );
                seen(e);
                i += 1;
            });
            events += i;
        });
        match step {
            Ok(()) => {}
            Err(Stop::Ended(_) | Stop::CommandLimit) => break,
            Err(stop) => panic!("{} {game}: {stop:?}", G::NAME),
        }
    }
    assert_within_limits::<G>(playout.state(), format_args!("{game}, the end"));
    events
}

/// Plays `games` random games of `G` to their end at its test table, checking every prefix of each game's log.
/// Returns the events checked.
fn every_prefix<G: PieceLimits>(games: u64) -> u64 {
    let mut events = 0;
    for seed in 0..games {
        let config = G::random_config(G::TEST_SEATS, seed % 2 == 1);
        let (_, playout) = Playout::<G>::seeded(&config, seed).expect("a setup");
        let mut playout = playout.command_limit(G::COMMAND_LIMIT);
        events += play_checking_every_state(&mut playout, format_args!("game {seed}"), |_| {});
        assert!(
            G::outcome(playout.state()).is_some(),
            "game {seed} did not end"
        );
    }
    events
}

/// Random games a test plays of `G`: as many as the property tests, fewer for a costly game.
fn games_of<G: RandomPlayer>() -> u64 {
    crate::random_games() / G::COST
}

/// The property for every game of the crate's list, at its test table.
macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        $(mod $game {
            #[test]
            fn every_state_keeps_the_piece_limits() {
                let games = super::games_of::<$type>();
                let events = super::every_prefix::<$type>(games);
                assert!(events > 1_000, "only {events} events checked");
            }
        })*
    };
}

hexfold_rules::for_each_game!(every_game);

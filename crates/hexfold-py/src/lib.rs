//! `hexfold._hexfold`: the rules crate in a Python process. The Python package `hexfold` (python/hexfold) builds
//! its PettingZoo and Gymnasium environments on the one class here, [`Env`]: a game of any of the four, stepped by
//! the index of a legal action, observed by seat. Module map:
//! - `core`: one game in process, generic over the rules' `Game` ([`core::Core`]), behind an object-safe face;
//! - `layout`: the observation vector's named blocks and their writer, `encode_hex` the hex games' blocks (the
//!   README's tables are generated from them);
//! - `games`: the games' action space sizes, encoders (a game off the hex machine encodes its blocks in a module of
//!   its own there), and their points for the shaped reward;
//! - `replay`: games exported by the server (`hexfold export`), replayed as observations and actions per seat.

mod core;
mod encode_hex;
mod games;
mod layout;
mod replay;

use crate::core::{Core, Opponent, PyGame, Refused, Table};
use hexfold_rules::playout::RandomPlayer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

impl From<Refused> for PyErr {
    fn from(r: Refused) -> PyErr {
        PyValueError::new_err(r.0)
    }
}

/// The rules crate's list of games (`for_each_game!`) as Python sees it, so a game is wired here by that list
/// alone: `GAMES`, each game by its Python name with the seats it is played with, and `make_named`.
macro_rules! python_games {
    ($($module:ident: $game:ty,)*) => {
        /// The games by their Python names, with the seats each is played with.
        pub const GAMES: [(&str, u8, u8); [$(stringify!($module)),*].len()] =
            [$((<$game>::PY_NAME, <$game>::SEATS.0, <$game>::SEATS.1)),*];

        /// A new game of the one Python calls `name` (or an [`ALIASES`] name of it), or `None` if no game is
        /// called so.
        fn make_named(
            name: &str,
            players: u8,
            seed: u64,
            beginner_map: bool,
            overrides: Option<&str>,
        ) -> Option<Result<Box<dyn Table>, Refused>> {
            let name = ALIASES.iter().find(|a| a.0 == name).map_or(name, |a| a.1);
            $(
                if name == <$game>::PY_NAME {
                    return Some(make::<$game>(players, seed, beginner_map, overrides));
                }
            )*
            None
        }
    };
}
hexfold_rules::for_each_game!(python_games);

/// Other names accepted for a game, with its canonical name (the server's and the command line's). The rules
/// crate and the first releases of this package called Cities & Knights `cities-knights`.
pub const ALIASES: [(&str, &str); 1] = [("cities-knights", "cities-and-knights")];

/// The configuration of a game of `players` seats: the rules' configuration of a random game (the beginner map
/// where the game has one and `beginner_map` is set), with the fields of `overrides` (a JSON object) put over it.
fn config<G: PyGame>(
    players: u8,
    beginner_map: bool,
    overrides: Option<&str>,
) -> Result<G::Config, Refused> {
    let base = G::random_config(players, beginner_map);
    let Some(overrides) = overrides else {
        return Ok(base);
    };
    let mut value = serde_json::to_value(&base).expect("configurations serialise");
    let extra: serde_json::Value =
        serde_json::from_str(overrides).map_err(|e| Refused(format!("config is not JSON: {e}")))?;
    match (&mut value, extra) {
        (serde_json::Value::Object(base), serde_json::Value::Object(extra)) => base.extend(extra),
        _ => return Err(Refused("config must be a JSON object".into())),
    }
    serde_json::from_value(value)
        .map_err(|e| Refused(format!("config does not fit {}: {e}", G::PY_NAME)))
}

fn make<G: PyGame>(
    players: u8,
    seed: u64,
    beginner_map: bool,
    overrides: Option<&str>,
) -> Result<Box<dyn Table>, Refused> {
    let (low, high) = G::SEATS;
    if !(low..=high).contains(&players) {
        return Err(Refused(format!(
            "{} is played by {low} to {high} players, not {players}",
            G::PY_NAME
        )));
    }
    let config = config::<G>(players, beginner_map, overrides)?;
    Ok(Box::new(Core::<G>::new(config, players, seed)?))
}

/// One game of hexfold in process. Seats are `0..seats`; the seat to act is `actor()`; actions are indices into
/// that seat's legal actions as `legal(seat)` lists them (see the package README).
#[pyclass(module = "hexfold._hexfold")]
pub struct Env {
    table: Box<dyn Table>,
    /// The observation written last, reused so a step allocates nothing but the bytes handed to Python.
    scratch: Vec<f32>,
}

impl Env {
    fn of(table: Box<dyn Table>) -> Env {
        Env {
            scratch: vec![0.0; table.obs_len()],
            table,
        }
    }
}

fn seat_in(table: &dyn Table, seat: u8) -> PyResult<u8> {
    if seat < table.seats() {
        Ok(seat)
    } else {
        Err(PyValueError::new_err(format!(
            "seat {seat} is not at this table of {} seats",
            table.seats()
        )))
    }
}

#[pymethods]
impl Env {
    #[new]
    #[pyo3(signature = (game, players, seed=0, beginner_map=false, config=None))]
    fn new(
        game: &str,
        players: u8,
        seed: u64,
        beginner_map: bool,
        config: Option<&str>,
    ) -> PyResult<Self> {
        let Some(table) = make_named(game, players, seed, beginner_map, config) else {
            let names: Vec<_> = GAMES.iter().map(|g| g.0).collect();
            return Err(PyValueError::new_err(format!(
                "unknown game {game:?}; the games are {}",
                names.join(", ")
            )));
        };
        Ok(Env::of(table?))
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.table.game()
    }

    #[getter]
    fn seats(&self) -> u8 {
        self.table.seats()
    }

    /// The size of the action space.
    #[getter]
    fn actions(&self) -> usize {
        self.table.actions()
    }

    /// The length of the observation vector.
    #[getter]
    fn obs_len(&self) -> usize {
        self.table.obs_len()
    }

    /// Starts the game again from `seed`: the same seed gives the same map, dice and bot choices.
    fn reset(&mut self, seed: u64) -> PyResult<()> {
        Ok(self.table.reset(seed)?)
    }

    /// The seat to act, or `None` once the game has ended.
    fn actor(&self) -> Option<u8> {
        self.table.actor()
    }

    fn winner(&self) -> Option<u8> {
        self.table.winner()
    }

    /// Commands played since the start.
    fn commands(&self) -> u64 {
        self.table.commands()
    }

    /// `seat`'s points as it knows them (the shaped reward's score).
    fn points(&self, seat: u8) -> PyResult<f32> {
        Ok(self.table.points(seat_in(&*self.table, seat)?))
    }

    /// `seat`'s observation (`float32` little-endian bytes) and action mask (one byte per action).
    fn observe<'py>(
        &mut self,
        py: Python<'py>,
        seat: u8,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let seat = seat_in(&*self.table, seat)?;
        let mut mask = vec![0u8; self.table.actions()];
        self.table.observe_into(seat, &mut self.scratch, &mut mask);
        let obs = &self.scratch;
        let bytes = PyBytes::new_with(py, obs.len() * 4, |buf| {
            for (chunk, value) in buf.chunks_exact_mut(4).zip(obs) {
                chunk.copy_from_slice(&value.to_le_bytes());
            }
            Ok(())
        })?;
        Ok((bytes, PyBytes::new(py, &mask)))
    }

    /// `seat`'s legal actions as JSON commands, in the order of the action indices (empty unless it is to act).
    fn legal(&mut self, seat: u8) -> PyResult<Vec<String>> {
        let seat = seat_in(&*self.table, seat)?;
        Ok(self.table.legal_json(seat))
    }

    /// The state as `seat` sees it, as JSON: the rules' view, the one the server sends that seat.
    fn view(&self, seat: u8) -> PyResult<String> {
        let seat = seat_in(&*self.table, seat)?;
        Ok(self.table.view_json(seat))
    }

    /// The observation's blocks as (name, offset, length, meaning), in their order: the same for every seat and
    /// every state of this game at this table.
    fn observation_layout(&self) -> Vec<(&'static str, usize, usize, &'static str)> {
        self.table
            .observation_layout()
            .iter()
            .map(|f| (f.name, f.offset, f.len, f.meaning))
            .collect()
    }

    /// Plays the actor's legal action at `action` (an index taken modulo how many it has).
    fn step(&mut self, action: usize) -> PyResult<()> {
        Ok(self.table.step(action)?)
    }

    /// The action index the rules crate's `random` or `greedy` strategy, or its expert (`expert`: 50
    /// simulations a decision, `expert:N`: N), chooses for the actor.
    fn bot_action(&mut self, strategy: &str) -> PyResult<Option<usize>> {
        let opponent: Opponent = strategy.parse().map_err(PyValueError::new_err)?;
        Ok(self.table.bot_action(opponent))
    }

    /// A copy in which what `seat` cannot see (the other seats' hidden cards, the face-down decks) is dealt again
    /// from `seed`, consistently with everything `seat` sees: the rules crate's `Redeal`.
    fn redealt(&self, seat: u8, seed: u64) -> PyResult<Env> {
        let seat = seat_in(&*self.table, seat)?;
        Ok(Env::of(self.table.redealt(seat, seed)))
    }

    fn copy(&self) -> Env {
        Env::of(self.table.boxed_clone())
    }
}

/// Refuses (`ValueError`) a name that is not an opponent `bot_action` knows.
#[pyfunction]
fn check_opponent(name: &str) -> PyResult<()> {
    name.parse::<Opponent>()
        .map(|_| ())
        .map_err(PyValueError::new_err)
}

#[pymodule]
fn _hexfold(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Env>()?;
    m.add("GAMES", GAMES.to_vec())?;
    m.add("ALIASES", ALIASES.to_vec())?;
    m.add_function(wrap_pyfunction!(replay::replay_export, m)?)?;
    m.add_function(wrap_pyfunction!(check_opponent, m)?)?;
    Ok(())
}

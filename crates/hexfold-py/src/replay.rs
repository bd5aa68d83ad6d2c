//! Games exported by the server (`hexfold export`, JSON lines; the format is the server's `src/export.rs`) replayed
//! as training data: for every recorded command, the acting seat's observation and action mask in the state
//! before it, exactly as the environment shows them, and the index of the command among that seat's legal actions.
//!
//! The events are folded as recorded (nothing is decided again, so no seed is needed); the table's own events
//! (`SeedRevealed`, `TimedOut`) leave the state as it is, as they do on the server.

use crate::core::{Core, PyGame, Refused};
use hexfold_rules::Game;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct Line {
    line: String,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    meta: Option<Value>,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    command: Option<Value>,
    #[serde(default)]
    events: Option<Vec<Value>>,
}

/// One recorded command, replayed.
pub struct Step {
    pub seat: u8,
    pub observation: Vec<f32>,
    pub mask: Vec<u8>,
    /// The command's index among the seat's legal actions; `None` if the rules' list of them does not hold it
    /// (a trade offer with terms of the player's own, say, or an index past the action space).
    pub action: Option<usize>,
    pub command: String,
}

/// One exported game, replayed.
pub struct Replayed {
    pub id: String,
    pub game: &'static str,
    pub seats: u8,
    pub names: Vec<String>,
    pub steps: Vec<Step>,
    pub winner: Option<u8>,
}

fn bad(line: usize, what: impl std::fmt::Display) -> Refused {
    Refused(format!("export line {line}: {what}"))
}

/// The rules crate's list of games (`for_each_game!`) by the name their stored records give (`Game::NAME`).
macro_rules! by_name {
    ($($module:ident: $game:ty,)*) => {
        /// The game of the list whose `Game::NAME` is `variant`, replayed; `None` if no game is called so.
        fn replay_named(
            variant: &str,
            id: String,
            meta: &Value,
            appends: &[(usize, Line)],
        ) -> Option<Result<Replayed, Refused>> {
            $(
                if variant == <$game>::NAME {
                    return Some(replay_game::<$game>(id, meta, appends));
                }
            )*
            None
        }
    };
}
hexfold_rules::for_each_game!(by_name);

fn replay_game<G: PyGame>(
    id: String,
    meta: &Value,
    appends: &[(usize, Line)],
) -> Result<Replayed, Refused> {
    let field = |name: &str| {
        meta.get(name)
            .cloned()
            .ok_or_else(|| Refused(format!("game {id}: meta has no {name}")))
    };
    let config: G::Config = serde_json::from_value(field("config")?)
        .map_err(|e| Refused(format!("game {id}: config: {e}")))?;
    let setup: G::Setup = serde_json::from_value(field("setup")?)
        .map_err(|e| Refused(format!("game {id}: setup: {e}")))?;
    let names: Vec<String> = serde_json::from_value(field("seats")?)
        .map_err(|e| Refused(format!("game {id}: seats: {e}")))?;
    let seats = names.len() as u8;
    let mut core = Core::<G>::from_setup(config, &setup, seats);
    let mut steps = Vec::with_capacity(appends.len());
    for (n, line) in appends {
        let seat = line
            .seat
            .ok_or_else(|| bad(*n, "an append without a seat"))?;
        if seat >= seats {
            return Err(bad(*n, format!("seat {seat} of {seats}")));
        }
        let command: G::Command =
            serde_json::from_value(line.command.clone().unwrap_or(Value::Null))
                .map_err(|e| bad(*n, format!("command: {e}")))?;
        let mut events = Vec::new();
        for event in line.events.iter().flatten() {
            if let Some(game_event) = event.get("Game") {
                let e: G::Event = serde_json::from_value(game_event.clone())
                    .map_err(|e| bad(*n, format!("event: {e}")))?;
                events.push(e);
            }
        }
        let (observation, mask, action) = core.observe_recorded(seat, &command);
        steps.push(Step {
            seat,
            observation,
            mask,
            action,
            command: serde_json::to_string(&command).expect("commands serialise"),
        });
        core.fold_recorded(&events);
    }
    Ok(Replayed {
        id,
        game: G::PY_NAME,
        seats,
        names,
        steps,
        winner: core.winner_seat(),
    })
}

/// A game line's id and meta, with the appends read so far.
type Open = (String, Value, Vec<(usize, Line)>);

/// Every game of an export, in its order.
pub fn replay(text: &str) -> Result<Vec<Replayed>, Refused> {
    let mut out = Vec::new();
    let mut current: Option<Open> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let line: Line = serde_json::from_str(raw).map_err(|e| bad(n, e))?;
        match line.line.as_str() {
            "game" => {
                let id = line
                    .game
                    .clone()
                    .ok_or_else(|| bad(n, "a game line without its id"))?;
                let meta = line
                    .meta
                    .ok_or_else(|| bad(n, "a game line without its meta"))?;
                current = Some((id, meta, Vec::new()));
            }
            "append" => match &mut current {
                Some((_, _, appends)) => appends.push((n, line)),
                None => return Err(bad(n, "an append before its game line")),
            },
            "game_end" => {
                let (id, meta, appends) = current
                    .take()
                    .ok_or_else(|| bad(n, "a game_end without its game"))?;
                let variant = meta
                    .get("variant")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                match replay_named(&variant, id, &meta, &appends) {
                    Some(game) => out.push(game?),
                    None => return Err(bad(n, format!("unknown variant {variant:?}"))),
                }
            }
            "export_end" => {}
            other => return Err(bad(n, format!("unknown line kind {other:?}"))),
        }
    }
    if current.is_some() {
        return Err(Refused(
            "the export ends inside a game (no game_end line)".into(),
        ));
    }
    Ok(out)
}

/// `replay_export(text)`: the games of an export (its JSON lines as one string), each a dict with `id`, `game`,
/// `seats`, `names`, `winner` and `steps`, a list of `(seat, observation bytes, mask bytes, action, command JSON)`.
#[pyfunction]
pub fn replay_export<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
    let games = replay(text)?;
    let list = PyList::empty(py);
    for game in games {
        let dict = PyDict::new(py);
        dict.set_item("id", game.id)?;
        dict.set_item("game", game.game)?;
        dict.set_item("seats", game.seats)?;
        dict.set_item("names", game.names)?;
        dict.set_item("winner", game.winner)?;
        let steps = PyList::empty(py);
        for step in game.steps {
            let obs: Vec<u8> = step
                .observation
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect();
            steps.append((
                step.seat,
                PyBytes::new(py, &obs),
                PyBytes::new(py, &step.mask),
                step.action,
                step.command,
            ))?;
        }
        dict.set_item("steps", steps)?;
        list.append(dict)?;
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::catan::Catan;
    use hexfold_rules::playout::RandomPlayer;
    use hexfold_rules::GameRng;
    use rand::{Rng, SeedableRng};
    use serde_json::json;

    /// An export in the server's line format of one random game of base Catan, played here with the rules crate.
    fn export(commands: usize) -> (String, Vec<(u8, String)>) {
        let mut rng = GameRng::seed_from_u64(4);
        let config = Catan::random_config(3, false);
        let setup = Catan::setup(&config, &mut rng).unwrap();
        let mut state = Catan::initial_state(&setup);
        let meta =
            json!({"variant": "catan", "seats": ["a", "b", "c"], "config": config, "setup": setup});
        let mut lines =
            vec![json!({"v": 1, "line": "game", "game": "g1", "meta": meta}).to_string()];
        let mut played = Vec::new();
        for _ in 0..commands {
            let seats = Catan::seats_to_act(&state);
            if seats.is_empty() {
                break;
            }
            let seat = seats[rng.gen_range(0..seats.len())];
            let Some(command) = Catan::random_command(&state, seat, &mut rng) else {
                break;
            };
            let events = Catan::decide(&state, seat, &command, &mut rng).unwrap();
            let wrapped: Vec<Value> = events.iter().map(|e| json!({"Game": e})).collect();
            lines.push(
                json!({"v": 1, "line": "append", "game": "g1", "seat": seat.0, "command": command,
                       "events": wrapped})
                .to_string(),
            );
            played.push((seat.0, serde_json::to_string(&command).unwrap()));
            for e in &events {
                state = Catan::evolve(state, e);
            }
        }
        lines.push(
            json!({"v": 1, "line": "game_end", "game": "g1", "version": 0, "appends": 0})
                .to_string(),
        );
        lines.push(json!({"v": 1, "line": "export_end", "games": 1}).to_string());
        (lines.join("\n") + "\n", played)
    }

    #[test]
    fn every_recorded_command_is_a_step_of_its_seat_with_its_legal_index() {
        let (text, played) = export(400);
        let games = replay(&text).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(
            (game.game, game.seats, game.steps.len()),
            ("catan", 3, played.len())
        );
        let mut found = 0;
        for (step, (seat, command)) in game.steps.iter().zip(&played) {
            assert_eq!((step.seat, &step.command), (*seat, command));
            assert_eq!(step.observation[1], f32::from(*seat));
            if let Some(i) = step.action {
                assert_eq!(step.mask[i], 1);
                found += 1;
            }
        }
        assert!(
            found * 10 >= played.len() * 9,
            "{found} of {}",
            played.len()
        );
    }
}

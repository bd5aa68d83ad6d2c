//! Game analysis: each seat's estimated chance to win at an event index, from playouts of the game's greedy bots
//! to the end (`hexfold_rules::bot::expert::chances`).
//!
//! What it reads: while the game is in progress, only what a spectator may see (every playout starts from the
//! state with every hidden hand and deck dealt again consistently with the public view), so the answer reveals
//! nothing a spectator could not compute; once the game has ended, whose seed and hands are then shown to every
//! caller, the true state at the index. The playouts' generator derives from the game id alone, public, never from
//! the game's secret seed: the same request gets the same answer (up to the time bound). It is the same for every
//! index of a game, so neighbouring indexes' playouts share their dice turn by turn (common random numbers,
//! `expert::chances`) and the curve's steps reflect the events more than the dice: a third of the index-to-index
//! jitter of a generator per index on a finished game's full state, two thirds to nine tenths of it for a spectator
//! (`crates/hexfold-bench/README.md`).
//!
//! Effort: at most `Limits::analysis_budget` (simulations, time) per call, on a blocking thread, and at most
//! `Limits::analysis_threads` calls at once over every game; another call is refused at once as overloaded
//! rather than queued. The state at the index costs at most `snapshot_every` folds (`storage::fold_to`).
//!
//! An index inside a command is analysed as that command's last event (`Engine::command_end`): the curve moves
//! only where a seat acted or a draw was made, never at an event that merely completes one.

use super::storage::fold_to;
use super::Engine;
use crate::stored::StoredGame;
use crate::EngineError;
use hexfold_rules::bot::{expert, Budget};
use hexfold_rules::GameRng;
use rand::SeedableRng;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// One analysis: the index, each seat's chance to win (in seat order, summing to one), the playouts behind it,
/// and whether it read the full state (a finished game) rather than the public view.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub version: u64,
    pub chances: Vec<f64>,
    pub sims: u32,
    pub full_information: bool,
}

impl<G: StoredGame> Engine<G> {
    /// The chances at `at` (the head if unset) of game `game_id`, from at most `sims` playouts (0: the limit's).
    pub async fn analyze(
        &self,
        game_id: &str,
        at: Option<u64>,
        sims: u32,
    ) -> Result<Analysis, EngineError> {
        let (meta, head, finished) = self.peek(game_id).await?;
        let at = at.unwrap_or(head);
        if at > head {
            return Err(EngineError::PastHead(format!(
                "at_version {at} is past the game's head {head}"
            )));
        }
        let permit = Arc::clone(&self.shared.thinkers.analysis)
            .try_acquire_owned()
            .map_err(|_| {
                EngineError::Overloaded(format!(
                    "the server's {} analysis threads are busy; try again later",
                    self.shared.limits.analysis_threads
                ))
            })?;
        let state = fold_to(&self.shared, &meta, self.command_end(game_id, at).await?).await?;
        let limit = self.shared.limits.analysis_budget;
        let budget = Budget {
            sims: if sims == 0 {
                limit.sims
            } else {
                sims.min(limit.sims)
            },
            ..limit
        };
        let mut rng = analysis_rng(game_id);
        let public = !finished;
        let (chances, sims) = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            expert::chances::<G>(&state, public, budget, &mut rng)
        })
        .await
        .map_err(|e| EngineError::Bug(format!("the analysis failed: {e}")))?;
        Ok(Analysis {
            version: at,
            chances,
            sims,
            full_information: finished,
        })
    }
}

impl<G: StoredGame> Engine<G> {
    /// The last event of the command whose events include index `at`, or `at` itself at a command's end (and
    /// before the first event). An index inside a command (a roll before its production, a settlement before its
    /// starting resources) is analysed as the command's end: nobody can act between a command's events and every
    /// draw in them is already made, so the state in between is not one a seat ever acts in, and playouts from it
    /// would go on without the rest of the command (no production, no starting resources), a step the curve would
    /// show and take back at the next index. The events up to the command's end are at or before the head, so a
    /// spectator may read them. Reads the game's command records, which costs less than the playouts.
    async fn command_end(&self, game_id: &str, at: u64) -> Result<u64, EngineError> {
        let commands = self.shared.store.commands(game_id).await?;
        Ok(commands
            .iter()
            .find(|c| c.first_version <= at && at < c.last_version)
            .map_or(at, |c| c.last_version))
    }
}

/// The playouts' generator for every index of game `game_id`: from its public name only.
fn analysis_rng(game_id: &str) -> GameRng {
    let digest = Sha256::new()
        .chain_update(b"hexfold/v1/analysis")
        .chain_update(game_id.as_bytes())
        .finalize();
    GameRng::from_seed(digest.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::catan::{Catan, Config, MapKind, POINTS_TO_WIN};
    use hexfold_rules::playout::Playout;

    /// Common random numbers across indexes: a game's generator is the same at every index, so one position met
    /// at two indexes gets estimates whose difference is exactly zero; another game's is another.
    #[test]
    fn one_position_at_two_indexes_gets_one_estimate() {
        let config = Config {
            seats: 4,
            map: MapKind::Beginner,
            points_to_win: POINTS_TO_WIN,
        };
        let (_, mut playout) = Playout::<Catan>::seeded(&config, 8).unwrap();
        for _ in 0..120 {
            playout.step(|_| {}).unwrap();
        }
        let state = playout.into_state();
        let estimate = |id: &str| {
            let budget = Budget::sims(12);
            expert::chances::<Catan>(&state, true, budget, &mut analysis_rng(id)).0
        };
        let (here, there) = (estimate("catan-1"), estimate("catan-1"));
        let difference: Vec<f64> = here.iter().zip(&there).map(|(a, b)| a - b).collect();
        assert_eq!(difference, vec![0.0; 4]);
        assert_ne!(estimate("catan-2"), here, "another game, other playouts");
    }
}

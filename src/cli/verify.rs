//! `hexfold verify`: independent verification of a finished game from what the API publishes.
//!
//! The replay itself (seed commitment, the generator derivation, deciding every recorded command with the rules
//! crate) is [`crate::games::verify_replay`], which runs the table's `verify` over the same `decide` and `accept`
//! the server's command path calls, so the CLI cannot verify against a different derivation than the server plays
//! with. This module compares what that replay produces with what the server recorded and serves: every event,
//! version by version, and the final state.

use crate::games::{self, ReplayError};
use crate::proto::v1 as pb;
use std::fmt;

/// Why a game does not verify. The first difference found is reported.
#[derive(Debug, Clone, PartialEq)]
pub enum Mismatch {
    /// The replay itself failed: bad seed, commitment mismatch, a refused command, wrong versions, no ending.
    Replay(ReplayError),
    /// The server's event log and the replay differ in length.
    EventCount { recorded: usize, replayed: usize },
    /// The recorded log skips or repeats a version.
    RecordedVersion { index: usize, version: u64 },
    /// The event at `version` differs.
    Event {
        version: u64,
        recorded: String,
        replayed: String,
    },
    /// The server's final state differs from the replay's.
    FinalState { recorded: String, replayed: String },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Replay(e) => write!(f, "replay: {e}"),
            Mismatch::EventCount { recorded, replayed } => {
                write!(
                    f,
                    "the server recorded {recorded} events, the replay gives {replayed}"
                )
            }
            Mismatch::RecordedVersion { index, version } => {
                write!(
                    f,
                    "recorded event #{index} has version {version}, expected {}",
                    index + 1
                )
            }
            Mismatch::Event {
                version,
                recorded,
                replayed,
            } => {
                write!(
                    f,
                    "event {version} differs:\n  recorded: {recorded}\n  replayed: {replayed}"
                )
            }
            Mismatch::FinalState { recorded, replayed } => {
                write!(
                    f,
                    "final state differs:\n  recorded: {recorded}\n  replayed: {replayed}"
                )
            }
        }
    }
}

impl std::error::Error for Mismatch {}

/// What a successful verification covered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    pub commands: usize,
    pub events: u64,
    pub winner: Option<u32>,
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seed matches the commitment; {} commands replayed reproduce all {} recorded events",
            self.commands, self.events
        )?;
        if let Some(winner) = self.winner {
            write!(f, "; seat {winner} won")?;
        }
        Ok(())
    }
}

/// Checks a finished game: `replay` from `GetReplay`, `recorded` every event from `ReadEvents` (1..=head, read
/// after the end so nothing is redacted), and `final_state` the state at the head from `GetState`, if fetched.
pub fn verify_replay(
    replay: &pb::GetReplayResponse,
    recorded: &[pb::EventEnvelope],
    final_state: Option<&pb::GameState>,
) -> Result<Verified, Mismatch> {
    let mut replayed: Vec<(u64, pb::Event)> = Vec::new();
    let mut last_state = None;
    let report = games::verify_replay(replay, &mut |step| {
        if let Some(event) = step.event {
            replayed.push((step.version, event));
        }
        last_state = Some(step.state);
    })
    .map_err(Mismatch::Replay)?;

    for (index, envelope) in recorded.iter().enumerate() {
        if envelope.version != index as u64 + 1 {
            return Err(Mismatch::RecordedVersion {
                index,
                version: envelope.version,
            });
        }
    }
    // Compare as far as both go first, so a truncated log reports the first differing event if there is one.
    for (envelope, (version, event)) in recorded.iter().zip(&replayed) {
        if envelope.event.as_ref() != Some(event) {
            return Err(Mismatch::Event {
                version: *version,
                recorded: format!("{:?}", envelope.event),
                replayed: format!("{event:?}"),
            });
        }
    }
    if recorded.len() != replayed.len() {
        return Err(Mismatch::EventCount {
            recorded: recorded.len(),
            replayed: replayed.len(),
        });
    }
    if let (Some(recorded), Some(replayed)) = (final_state, &last_state) {
        if recorded != replayed {
            return Err(Mismatch::FinalState {
                recorded: format!("{recorded:?}"),
                replayed: format!("{replayed:?}"),
            });
        }
    }
    Ok(Verified {
        commands: report.commands,
        events: report.version,
        winner: report.winner,
    })
}

//! The verification of a published replay (`GetReplay`), in protobuf: the request is read into rules types with
//! the game's adapter and checked by the table's [`hexfold_table::verify`], the same rules the live command path
//! runs, so a verifier cannot check a game against another derivation than the server plays with.

use super::edge::event_to_proto;
use super::{ProtoGame, GAMES};
use crate::proto::v1 as pb;
use hexfold_table::{RecordedCommand, Replay};

pub use hexfold_table::ReplayError;

/// One step of a verified replay: the state right after `version` (0 is the initial state), as the omniscient
/// viewer sees it, and the event that led there.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayStep {
    pub version: u64,
    pub event: Option<pb::Event>,
    pub state: pb::GameState,
}

/// What a successful verification established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayReport {
    pub commands: usize,
    pub version: u64,
    pub winner: Option<u32>,
}

/// The verification of one game's replays, as the registry keeps it.
pub(super) type Verify =
    fn(&pb::GetReplayResponse, &mut dyn FnMut(ReplayStep)) -> Result<ReplayReport, ReplayError>;

/// Replays a finished game from its revealed seed and recorded commands, checking the commitment, every command's
/// acceptance and the versions of its events, and that the game ends exactly with the last command. `visit` sees
/// every version from 0, as the omniscient viewer.
pub fn verify_replay(
    replay: &pb::GetReplayResponse,
    visit: &mut dyn FnMut(ReplayStep),
) -> Result<ReplayReport, ReplayError> {
    match GAMES.iter().find(|g| g.variant as i32 == replay.variant) {
        Some(game) => (game.verify)(replay, visit),
        None => Err(ReplayError::UnknownVariant(replay.variant)),
    }
}

// Whether prost derives `Copy` for `pb::Command` depends on every game's fields, so clones stay.
#[allow(clippy::clone_on_copy)]
pub(super) fn verify<G: ProtoGame + hexfold_rules::timeout::Timeout>(
    replay: &pb::GetReplayResponse,
    visit: &mut dyn FnMut(ReplayStep),
) -> Result<ReplayReport, ReplayError> {
    let options = replay.options.unwrap_or_default();
    let commands = replay.commands.iter().map(|recorded| RecordedCommand {
        command_id: &recorded.command_id,
        seat: recorded.seat,
        command: recorded
            .command
            .clone()
            .ok_or_else(|| "has no command".to_string())
            .and_then(|c| G::command_from_proto(c).map_err(|e| e.to_string())),
        first_version: recorded.first_version,
        last_version: recorded.last_version,
        timed_out: recorded.timed_out,
    });
    let read = Replay::<G> {
        seats: replay.seats.len(),
        seed: &replay.seed,
        seed_commitment: &replay.seed_commitment,
        config: G::config(&options, replay.seats.len()).map_err(|e| e.to_string()),
        commands: commands.collect(),
    };
    let verified = hexfold_table::verify::<G>(read, &mut |step| {
        visit(ReplayStep {
            version: step.version,
            event: step.event.map(event_to_proto::<G>),
            state: G::state_to_proto(&step.state),
        })
    })?;
    Ok(ReplayReport {
        commands: verified.commands,
        version: verified.version,
        winner: Some(u32::from(verified.winner.0)),
    })
}

//! Games as the server sees them: the adapter each game implements, and the registry.
//!
//! Adding a game to the server means: its messages in `proto/hexfold/v1/<game>.proto` (plus one field in each
//! `oneof` of `hexfold.proto`), a module here implementing [`ProtoGame`], and one line in [`engines`] and
//! [`verify_replay`]. Everything else (storage, randomness, authentication, views, streams) is generic code in
//! [`crate::engine`], written once for every game.

#[macro_use]
mod convert;

pub mod catan;
pub mod cities_knights;
pub mod elasund;

use crate::engine::{Engine, Shared};
use crate::error::ApiError;
use crate::proto::v1 as pb;
use crate::seed::Seed;
use crate::stored::StoredEvent;
use hexfold_rules::{Game, RuleViolation, Seat, Viewer};
use std::sync::Arc;

pub use crate::engine::DynGame;

/// Maps one rules [`Game`] to its protobuf messages. Implemented on the rules type itself.
///
/// Conversions from proto are checked (a message that names an impossible vertex, an unknown enum value, a
/// missing `oneof`, ... is INVALID_ARGUMENT); conversions to proto are total.
pub trait ProtoGame: Game + Sized {
    const VARIANT: pb::Variant;

    /// The schema of the stored `State`, recorded in every snapshot. Bump it whenever the state's serde form or
    /// the meaning of any of its fields changes: snapshots of another schema are then folded again from the events
    /// (and rewritten) instead of being trusted. `tests::state_schemas_match_their_fingerprints` catches changes
    /// of form; changes of meaning are the author's to notice.
    const STATE_SCHEMA: u32;

    /// The game's configuration for these creation options and this many seats.
    fn config(options: &pb::GameOptions, seats: usize) -> Result<Self::Config, ApiError>;

    fn command_from_proto(command: pb::Command) -> Result<Self::Command, ApiError>;

    fn command_to_proto(command: &Self::Command) -> pb::Command;

    fn event_to_proto(event: &Self::EventView) -> pb::Event;

    fn state_to_proto(state: &Self::StateView) -> pb::GameState;
}

/// One engine per game, dispatched by variant (at creation) or by the game id's prefix (afterwards).
pub(crate) fn engines(shared: &Arc<Shared>) -> Vec<Arc<dyn DynGame>> {
    vec![
        Arc::new(Engine::<hexfold_rules::catan::Catan>::new(Arc::clone(
            shared,
        ))),
        Arc::new(Engine::<hexfold_rules::cities_knights::CitiesKnights>::new(
            Arc::clone(shared),
        )),
        Arc::new(Engine::<hexfold_rules::elasund::Elasund>::new(Arc::clone(
            shared,
        ))),
    ]
}

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

/// Why a replay does not verify.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the variant {0} is not known to this build")]
    UnknownVariant(i32),
    #[error("the revealed seed is not 32 bytes of hex")]
    BadSeed,
    #[error("the revealed seed's SHA-256 is {actual}, but the game committed to {committed}")]
    CommitmentMismatch { committed: String, actual: String },
    #[error("the options do not give a valid configuration: {0}")]
    BadConfig(String),
    #[error("command #{index} ({command_id}): {reason}")]
    Command {
        index: usize,
        command_id: String,
        reason: String,
    },
    #[error("the replayed game {0}")]
    Ending(String),
}

/// Replays a finished game from its revealed seed and recorded commands, checking the commitment, every command's
/// acceptance and the versions of its events, and that the game ends exactly with the last command. `visit` sees
/// every version from 0, as the omniscient viewer.
pub fn verify_replay(
    replay: &pb::GetReplayResponse,
    visit: &mut dyn FnMut(ReplayStep),
) -> Result<ReplayReport, ReplayError> {
    match pb::Variant::try_from(replay.variant) {
        Ok(pb::Variant::Catan) => verify::<hexfold_rules::catan::Catan>(replay, visit),
        Ok(pb::Variant::CitiesAndKnights) => {
            verify::<hexfold_rules::cities_knights::CitiesKnights>(replay, visit)
        }
        Ok(pb::Variant::Elasund) => verify::<hexfold_rules::elasund::Elasund>(replay, visit),
        _ => Err(ReplayError::UnknownVariant(replay.variant)),
    }
}

// Whether prost derives `Copy` for `pb::Command` depends on every game's fields, so clones stay.
#[allow(clippy::clone_on_copy)]
fn verify<G: ProtoGame>(
    replay: &pb::GetReplayResponse,
    visit: &mut dyn FnMut(ReplayStep),
) -> Result<ReplayReport, ReplayError> {
    let seed = Seed::from_hex(&replay.seed).ok_or(ReplayError::BadSeed)?;
    if seed.commitment() != replay.seed_commitment {
        return Err(ReplayError::CommitmentMismatch {
            committed: replay.seed_commitment.clone(),
            actual: seed.commitment(),
        });
    }
    let options = replay.options.unwrap_or_default();
    let config = G::config(&options, replay.seats.len())
        .map_err(|e| ReplayError::BadConfig(e.to_string()))?;
    let setup = G::setup(&config, &mut seed.setup_rng())
        .map_err(|v| ReplayError::BadConfig(v.message().into()))?;
    let mut state = G::initial_state(&setup);
    let omniscient =
        |state: &G::State| G::state_to_proto(&G::view_state(state, Viewer::Omniscient));
    visit(ReplayStep {
        version: 0,
        event: None,
        state: omniscient(&state),
    });
    let mut version = 0u64;
    for (index, recorded) in replay.commands.iter().enumerate() {
        let fail = |reason: String| ReplayError::Command {
            index,
            command_id: recorded.command_id.clone(),
            reason,
        };
        if G::outcome(&state).is_some() {
            return Err(fail("comes after the end of the game".into()));
        }
        if recorded.first_version != version + 1 {
            return Err(fail(format!(
                "starts at version {}, expected {}",
                recorded.first_version,
                version + 1
            )));
        }
        let seat = u8::try_from(recorded.seat)
            .ok()
            .filter(|s| usize::from(*s) < replay.seats.len())
            .map(Seat)
            .ok_or_else(|| fail(format!("names seat {}", recorded.seat)))?;
        let command = recorded
            .command
            .clone()
            .ok_or_else(|| fail("has no command".into()))
            .and_then(|c| G::command_from_proto(c).map_err(|e| fail(e.to_string())))?;
        let events = G::decide(&state, seat, &command, &mut seed.command_rng(version))
            .map_err(|v| fail(format!("is refused: {} ({})", v.name(), v.rule_id())))?;
        let mut stored: Vec<StoredEvent<G::Event>> =
            events.into_iter().map(StoredEvent::Game).collect();
        let mut after = state.clone();
        for event in &stored {
            if let StoredEvent::Game(e) = event {
                after = G::evolve(after, e);
            }
        }
        if G::outcome(&after).is_some() {
            stored.push(StoredEvent::SeedRevealed {
                seed: replay.seed.clone(),
            });
        }
        if recorded.last_version != version + stored.len() as u64 {
            return Err(fail(format!(
                "recorded versions {}..={}, the replay gives {} events",
                recorded.first_version,
                recorded.last_version,
                stored.len()
            )));
        }
        for event in &stored {
            version += 1;
            let view = match event {
                StoredEvent::Game(e) => {
                    G::event_to_proto(&G::view_event(&state, e, Viewer::Omniscient))
                }
                StoredEvent::SeedRevealed { seed } => seed_revealed(seed),
            };
            if let StoredEvent::Game(e) = event {
                state = G::evolve(state, e);
            }
            visit(ReplayStep {
                version,
                event: Some(view),
                state: omniscient(&state),
            });
        }
    }
    match G::outcome(&state) {
        Some(outcome) => Ok(ReplayReport {
            commands: replay.commands.len(),
            version,
            winner: Some(u32::from(outcome.winner.0)),
        }),
        None => Err(ReplayError::Ending(
            "has not ended after the last command".into(),
        )),
    }
}

pub(crate) fn seed_revealed(seed: &str) -> pb::Event {
    pb::Event {
        body: Some(pb::event::Body::SeedRevealed(pb::SeedRevealed {
            seed: seed.to_string(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::{GameRng, Seat};
    use rand::{Rng, SeedableRng};
    use sha2::{Digest, Sha256};
    use std::collections::BTreeSet;

    /// Every JSON path (object keys, `[]` for array items) of `value`, into `out`.
    fn paths(value: &serde_json::Value, at: &str, out: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, item) in map {
                    let path = format!("{at}.{key}");
                    paths(item, &path, out);
                    out.insert(path);
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    paths(item, &format!("{at}[]"), out);
                }
            }
            _ => {}
        }
    }

    /// A digest of the stored form of `G::State`: the paths of every state a seeded random game of four seats
    /// passes through, sorted and hashed.
    fn state_fingerprint<G: ProtoGame>() -> String {
        let config = G::config(&pb::GameOptions::default(), 4).expect("a four-seat game");
        let mut rng = GameRng::seed_from_u64(5);
        let setup = G::setup(&config, &mut rng).expect("a setup");
        let mut state = G::initial_state(&setup);
        let mut seen = BTreeSet::new();
        for step in 0..3000usize {
            if step % 5 == 0 {
                paths(
                    &serde_json::to_value(&state).expect("state to JSON"),
                    "",
                    &mut seen,
                );
            }
            let seats: Vec<Seat> = G::seats_to_act(&state);
            if seats.is_empty() || G::outcome(&state).is_some() {
                break;
            }
            let seat = seats[step % seats.len()];
            let actions = G::legal_actions(&state, seat);
            if actions.is_empty() {
                continue;
            }
            let command = &actions[rng.gen_range(0..actions.len())];
            if let Ok(events) = G::decide(&state, seat, command, &mut rng) {
                for event in &events {
                    state = G::evolve(state, event);
                }
            }
        }
        paths(
            &serde_json::to_value(&state).expect("state to JSON"),
            "",
            &mut seen,
        );
        let digest = Sha256::digest(seen.into_iter().collect::<Vec<_>>().join("\n"));
        hex::encode(&digest[..8])
    }

    /// Pins each game's state schema to the form of its state. When this fails, the stored state changed: bump
    /// that game's `STATE_SCHEMA` (old snapshots are then folded again instead of trusted) and put the new pair
    /// here. A change the random game cannot reach, or one of meaning only, is not caught.
    #[test]
    fn state_schemas_match_their_fingerprints() {
        use hexfold_rules::{catan::Catan, cities_knights::CitiesKnights, elasund::Elasund};
        let found = [
            (Catan::STATE_SCHEMA, state_fingerprint::<Catan>()),
            (
                CitiesKnights::STATE_SCHEMA,
                state_fingerprint::<CitiesKnights>(),
            ),
            (Elasund::STATE_SCHEMA, state_fingerprint::<Elasund>()),
        ];
        let found = found
            .each_ref()
            .map(|(schema, print)| (*schema, print.as_str()));
        assert_eq!(
            found,
            [
                (1, "8d25ee981a44bf95"),
                (1, "ae35658a1c430e19"),
                (1, "af304209c2501f58")
            ],
            "a stored state changed (Catan, C&K, Elasund): bump its STATE_SCHEMA and pin the new fingerprint"
        );
    }
}

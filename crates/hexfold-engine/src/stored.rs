//! What the server writes into the event store, and how.
//!
//! Every record (event, command, game meta, summary, snapshot) is JSON (serde_json) inside a versioned envelope
//! `{"v": 1, "body": ...}`. The choice is deliberate:
//! - self-describing: a record names its fields and enum variants, so an operator can read the log with any JSON
//!   tool and a future reader can tell one layout from another;
//! - tolerant: fields added later with `#[serde(default)]` still read old records, and readers ignore fields they
//!   do not know, so most schema growth needs no migration; `v` is bumped only for incompatible changes, and a
//!   reader refuses a version it does not know instead of guessing;
//! - the rules crate's types already derive serde, so no second schema has to be kept in step with them.
//!
//! The cost is size and CPU compared with a binary encoding; `hexfold-bench` measures it. Protobuf is kept for the
//! wire: it is the API contract, while this is the storage contract, and the two evolve separately.
//!
//! A record that does not decode is reported as damaged (see [`EngineError::undecodable`]), never a panic.
//!
//! Snapshots also carry the schema number of the game's state ([`StoredGame::STATE_SCHEMA`]). A state can change
//! form or meaning between builds without any record failing to decode (a field added with a default, say), and
//! a snapshot is a cache of the fold, so one of another schema is never used: the events are folded instead.
//!
//! Events are stored as the table's [`hexfold_table::TableEvent`] (the game's event, or `SeedRevealed`), whose
//! serde form is part of this contract. Nothing here knows protobuf: the API and the storage are converted
//! separately.

use crate::EngineError;
use hexfold_rules::bot::Expert;
use hexfold_rules::timeout::Timeout;
use hexfold_rules::{Game, Outcome, Seat};
use serde::{de::DeserializeOwned, Deserialize, Serialize};

/// A game as the store keeps it: what the engine needs beyond the rules to store a game's state. Implemented for
/// every game of the rules crate in [`stored_games!`] below (here because the trait is this crate's and the games
/// the rules crate's types, which Rust's orphan rule leaves no third crate to join).
pub trait StoredGame: Expert + Timeout {
    /// The schema of the stored `State`, recorded in every snapshot. Bump it whenever the state's serde form or
    /// the meaning of any of its fields changes: snapshots of another schema are then folded again from the events
    /// (and rewritten) instead of being trusted. The server registry's fingerprint test catches changes of form
    /// (its `games!` entries pin each state's form); changes of meaning are the author's to notice.
    const STATE_SCHEMA: u32;

    /// The prefix of the ids of the games created now, `<ID_PREFIX>-<random hex>`: the game's name in the command
    /// line's words (`cities-and-knights`), which its metrics and log lines also give as their `variant`. Ids
    /// under the rules' `Game::NAME` (`cities_knights-…`, every id before the two differed) stay this game's:
    /// [`owns_game_id`] routes both.
    const ID_PREFIX: &'static str;
}

/// The prefixes of `G`'s game ids: the one new games get, then the rules' name that older stored games carry (the
/// same for a game whose two names agree).
pub fn game_id_prefixes<G: StoredGame>() -> Vec<&'static str> {
    let mut prefixes = vec![G::ID_PREFIX];
    if G::NAME != G::ID_PREFIX {
        prefixes.push(G::NAME);
    }
    prefixes
}

/// Whether `game_id` is `<prefix>-…` for one of `prefixes`.
pub fn id_has_prefix(game_id: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|prefix| {
        game_id
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with('-'))
    })
}

/// Whether `game_id` is a game of `G`'s, by either of its prefixes (see [`game_id_prefixes`]).
pub fn owns_game_id<G: StoredGame>(game_id: &str) -> bool {
    id_has_prefix(game_id, &game_id_prefixes::<G>())
}

/// `game => { schema, id }`: each game's [`StoredGame::STATE_SCHEMA`] and [`StoredGame::ID_PREFIX`].
macro_rules! stored_games {
    ($($game:ty => { schema: $schema:literal, id: $id:literal }),+ $(,)?) => {
        $(
            impl StoredGame for $game {
                const STATE_SCHEMA: u32 = $schema;
                const ID_PREFIX: &'static str = $id;
            }
        )+
    };
}

stored_games! {
    hexfold_rules::catan::Catan => { schema: 2, id: "catan" },
    // Ids of games created before this prefix begin `cities_knights-` (the rules' name) and still route here.
    hexfold_rules::cities_knights::CitiesKnights => { schema: 2, id: "cities-and-knights" },
    // Catania 4: the trading stations' exchanges due and warnings, the temple's dues and debts (never stored in
    // production; a schema 3 snapshot is folded again from its events). Catania 5: the barbarian castle; 6: the
    // wonders, merged beside it.
    hexfold_rules::catania::Catania => { schema: 6, id: "catania" },
    hexfold_rules::elasund::Elasund => { schema: 1, id: "elasund" },
}

// The tests' toy game, with the rules crate's `toy-game` feature.
hexfold_rules::with_toy_game! {
    stored_games! { hexfold_rules::tictactoe::TicTacToe => { schema: 1, id: "tictactoe" } }
}

/// The envelope version this build writes and the only one it reads.
pub const ENVELOPE_VERSION: u32 = 1;

#[derive(Serialize)]
struct EnvelopeRef<'a, T> {
    v: u32,
    body: &'a T,
}

#[derive(Deserialize)]
struct Envelope<T> {
    v: u32,
    body: T,
}

#[derive(Deserialize)]
struct VersionOnly {
    v: u32,
}

/// Encodes `body` in the current envelope.
pub fn encode<T: Serialize>(body: &T) -> Vec<u8> {
    // Serialising plain data (no maps with non-string keys, no failing `Serialize` impls) cannot fail.
    serde_json::to_vec(&EnvelopeRef {
        v: ENVELOPE_VERSION,
        body,
    })
    .expect("records serialise to JSON")
}

/// Decodes a record of kind `what` (for the error message) of game `game_id`.
pub fn decode<T: DeserializeOwned>(
    what: &str,
    game_id: &str,
    bytes: &[u8],
) -> Result<T, EngineError> {
    match serde_json::from_slice::<Envelope<T>>(bytes) {
        Ok(env) if env.v == ENVELOPE_VERSION => Ok(env.body),
        Ok(env) => Err(unknown_version(what, game_id, env.v)),
        Err(err) => match serde_json::from_slice::<VersionOnly>(bytes) {
            Ok(only) if only.v != ENVELOPE_VERSION => Err(unknown_version(what, game_id, only.v)),
            _ => Err(EngineError::undecodable(what, game_id, &err)),
        },
    }
}

fn unknown_version(what: &str, game_id: &str, v: u32) -> EngineError {
    EngineError::Damaged(format!(
        "stored {what} of game {game_id} has envelope version {v}; this server reads version {ENVELOPE_VERSION}"
    ))
}

/// A snapshot as stored: the state with the number of its schema ([`StoredGame::STATE_SCHEMA`]) beside it.
#[derive(Serialize)]
struct SnapshotRef<'a, S> {
    schema: u32,
    state: &'a S,
}

#[derive(Deserialize)]
struct Snapshot<S> {
    schema: u32,
    state: S,
}

/// Just the schema of a snapshot, whatever its state; 0 for snapshots written before schemas were recorded.
#[derive(Deserialize)]
struct SchemaOnly {
    #[serde(default)]
    schema: u32,
}

/// Encodes a snapshot of a state of schema `schema`.
pub fn encode_snapshot<S: Serialize>(schema: u32, state: &S) -> Vec<u8> {
    encode(&SnapshotRef { schema, state })
}

/// Decodes a snapshot of game `game_id`: `Ok(None)` when it was written under another schema (by a build whose
/// state had another form or meaning, so it may decode and still be wrong: the events are the truth, and the
/// caller folds them instead), an error when it does not decode at all.
pub fn decode_snapshot<S: DeserializeOwned>(
    game_id: &str,
    schema: u32,
    bytes: &[u8],
) -> Result<Option<S>, EngineError> {
    match decode::<Snapshot<S>>("snapshot", game_id, bytes) {
        Ok(snapshot) if snapshot.schema == schema => Ok(Some(snapshot.state)),
        Ok(_) => Ok(None),
        Err(err) => match decode::<SchemaOnly>("snapshot", game_id, bytes) {
            Ok(only) if only.schema != schema => Ok(None),
            _ => Err(err),
        },
    }
}

/// One stored command, with the seat that submitted it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredCommand<C> {
    pub seat: Seat,
    pub command: C,
    /// The server played it for the seat because its turn timer ran out (its batch starts with `TimedOut`).
    /// Added with the turn timers; absent (false) in older records and for every other command.
    #[serde(default, skip_serializing_if = "is_false")]
    pub timed_out: bool,
    /// In a game with a turn timer, the seats' clocks after this command: what a restarted server derives every
    /// deadline from. Absent in games without a timer and in older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<StoredClock>,
}

impl<C> StoredCommand<C> {
    /// A command of `seat` in a game without a turn timer, chosen by the seat.
    pub fn chosen(seat: Seat, command: C) -> StoredCommand<C> {
        StoredCommand {
            seat,
            command,
            timed_out: false,
            clock: None,
        }
    }
}

/// The turn timer's clocks of a game's seats after a command (or at its creation), in milliseconds since the Unix
/// epoch by the clock of the server that decided it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredClock {
    /// Per seat, when the decision the game waits for began; `None` for a seat the game does not wait for.
    pub since_ms: Vec<Option<u64>>,
    /// Per seat, what is left of its reserve; empty in a game without a reserve.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve_ms: Vec<u64>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The options the creator asked for, as given (the game's `Config` is what they resolved to). The service converts
/// them from and to the API's `GameOptions`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredOptions {
    /// The `MapKind` enum value's proto name, e.g. `MAP_KIND_RANDOM`.
    pub map: String,
    pub victory_points: u32,
    /// Added after the first records were written; absent means false.
    #[serde(default)]
    pub negotiated_defence: bool,
    /// The turn timer's seconds per decision; 0 (absent in older records and untimed games) is no timer.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turn_seconds: u32,
    /// The turn timer's reserve per seat, in seconds; 0 (absent) is none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reserve_seconds: u32,
}

/// Everything fixed at a game's creation. Holds the secret seed: never returned as is, never logged.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredMeta<C, S> {
    /// The game's `Game::NAME`.
    pub variant: String,
    pub seats: Vec<String>,
    pub options: StoredOptions,
    pub config: C,
    pub setup: S,
    /// Lowercase hex SHA-256 of each seat's token, in seat order. The tokens themselves are never stored.
    pub token_sha256: Vec<String>,
    /// Lowercase hex of the 32-byte secret seed.
    pub seed: String,
    pub seed_commitment: String,
    /// The seats the server plays itself, with their players (`hexfold_rules::bot::Player`'s names: `random`,
    /// `greedy`, `expert`). Added with the bots; absent in older records and in games without bots, so their
    /// records are unchanged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<StoredBot>,
    /// In a game with a turn timer, when it was created (ms since the Unix epoch): where the first waits begin.
    /// Absent in untimed games and older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_ms: Option<u64>,
}

/// A bot seat of a game, as its meta records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredBot {
    pub seat: u8,
    pub strategy: String,
}

/// The generic part of [`StoredMeta`], readable without knowing the game (unknown fields are ignored).
#[derive(Clone, Debug, Deserialize)]
pub struct StoredMetaHead {
    pub variant: String,
    pub seats: Vec<String>,
}

/// What `ListGames` shows of a finished game, written with the append that ends it (a game without one is in
/// progress, and `ListGames` reads its seats from the meta). `version` is the final version; `ListGames` shows
/// the store's durable head, which is the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSummary {
    pub variant: String,
    pub seats: Vec<String>,
    pub finished: bool,
    pub version: u64,
    pub winner: Option<u8>,
}

impl StoredSummary {
    /// The summary of a game of rules `G` with these seats that ended at `version` with `outcome`.
    pub fn finished<G: Game>(seats: Vec<String>, version: u64, outcome: &Outcome) -> StoredSummary {
        StoredSummary {
            variant: G::NAME.to_string(),
            seats,
            finished: true,
            version,
            winner: Some(outcome.winner.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_table::TableEvent as StoredEvent;

    #[test]
    fn records_round_trip_and_name_their_version() {
        let event: StoredEvent<u32> = StoredEvent::SeedRevealed { seed: "ab".into() };
        let bytes = encode(&event);
        assert!(bytes.starts_with(b"{\"v\":1,"));
        assert_eq!(decode::<StoredEvent<u32>>("event", "g", &bytes), Ok(event));
    }

    #[test]
    fn unknown_versions_and_garbage_are_data_loss() {
        let future = br#"{"v":2,"body":{"Game":1}}"#;
        let err = decode::<StoredEvent<u32>>("event", "g", future).unwrap_err();
        assert!(matches!(err, EngineError::Damaged(_)), "{err:?}");
        assert!(err.to_string().contains("version 2"), "{err}");
        let newer_shape = br#"{"v":3,"body":{"Other":[1,2]}}"#;
        assert!(decode::<StoredEvent<u32>>("event", "g", newer_shape)
            .unwrap_err()
            .to_string()
            .contains("version 3"));
        for garbage in [
            &b""[..],
            b"\xff\x00",
            b"{\"v\":1}",
            b"{\"v\":1,\"body\":{\"Game\":\"x\"}}",
        ] {
            let err = decode::<StoredEvent<u32>>("event", "g", garbage).unwrap_err();
            assert!(matches!(err, EngineError::Damaged(_)), "{err:?}");
        }
    }

    #[test]
    fn snapshots_of_another_schema_are_stale_not_state() {
        let bytes = encode_snapshot(2, &vec![1u8, 2]);
        assert_eq!(
            decode_snapshot::<Vec<u8>>("g", 2, &bytes),
            Ok(Some(vec![1, 2]))
        );
        assert_eq!(decode_snapshot::<Vec<u8>>("g", 3, &bytes), Ok(None));
        // Another schema whose state no longer decodes as this one is stale too, not damage.
        assert_eq!(decode_snapshot::<String>("g", 3, &bytes), Ok(None));
        // Written before schemas were recorded: the bare state in the envelope.
        let old = encode(&std::collections::BTreeMap::from([("robber", 7u8)]));
        assert_eq!(
            decode_snapshot::<std::collections::BTreeMap<String, u8>>("g", 1, &old),
            Ok(None)
        );
        let err = decode_snapshot::<Vec<u8>>("g", 2, br#"{"v":1,"body":{"schema":2,"state":"x"}}"#)
            .unwrap_err();
        assert!(matches!(err, EngineError::Damaged(_)), "{err:?}");
        let err = decode_snapshot::<Vec<u8>>("g", 2, b"\xff").unwrap_err();
        assert!(matches!(err, EngineError::Damaged(_)), "{err:?}");
    }

    #[test]
    fn a_command_without_a_timer_is_stored_as_before_and_old_ones_read_as_chosen() {
        let plain = StoredCommand::chosen(Seat(1), 7u32);
        assert_eq!(
            String::from_utf8(encode(&plain)).unwrap(),
            r#"{"v":1,"body":{"seat":1,"command":7}}"#
        );
        assert_eq!(
            decode::<StoredCommand<u32>>(
                "command",
                "g",
                br#"{"v":1,"body":{"seat":1,"command":7}}"#
            ),
            Ok(plain)
        );
        let timed = StoredCommand {
            seat: Seat(0),
            command: 3u32,
            timed_out: true,
            clock: Some(StoredClock {
                since_ms: vec![None, Some(5)],
                reserve_ms: vec![],
            }),
        };
        let bytes = encode(&timed);
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            r#"{"v":1,"body":{"seat":0,"command":3,"timed_out":true,"clock":{"since_ms":[null,5]}}}"#
        );
        assert_eq!(
            decode::<StoredCommand<u32>>("command", "g", &bytes),
            Ok(timed)
        );
    }

    #[test]
    fn the_generic_meta_head_reads_any_game_meta() {
        let meta = StoredMeta {
            variant: "catan".into(),
            seats: vec!["a".into(), "b".into()],
            options: StoredOptions {
                map: "MAP_KIND_UNSPECIFIED".into(),
                victory_points: 0,
                negotiated_defence: false,
                turn_seconds: 0,
                reserve_seconds: 0,
            },
            config: 3u8,
            setup: vec![1u8, 2],
            token_sha256: vec![],
            seed: String::new(),
            seed_commitment: String::new(),
            bots: vec![],
            created_ms: None,
        };
        let head: StoredMetaHead = decode("meta", "g", &encode(&meta)).unwrap();
        assert_eq!(head.variant, "catan");
        assert_eq!(head.seats.len(), 2);
    }
}

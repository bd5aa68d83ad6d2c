//! What can go wrong in the engine, in its own words: a malformed request, a rule's refusal with its rule ID, an
//! unknown game, a version conflict, a reused command id, a missing or wrong token, a full limit, a store that
//! cannot be reached, a damaged record. No protocol is named here: the edge says how each travels (the gRPC
//! service's mapping to a status is `src/error.rs`), the way rust-analyzer's `to_proto` turns its own types into
//! LSP's.
//!
//! Messages never carry a token, a seed or a hidden card: store errors never include payload bytes, and decoding
//! errors report only where a record failed, never what it contained.

use hexfold_rules::RuleViolation;
use hexfold_store::StoreError;
use hexfold_table::Refusal;

/// The reason of [`EngineError::DamagedGame`].
pub const GAME_DAMAGED: &str = "GameDamaged";

/// A failure of the engine (or of the edge's checks of a request before it reaches the engine).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The request is malformed whatever the game's state (missing field, bad id, oversized input).
    #[error("{0}")]
    Malformed(String),
    /// Refused by a rule whatever the game's state: a configuration the rules refuse at creation, or a command
    /// naming what the game's setup does not have (see [`OFF_THE_TABLE`]). Carries the violation's name and rule
    /// ID like a [`EngineError::Violation`].
    #[error("{message}")]
    Inadmissible {
        reason: &'static str,
        rule_id: &'static str,
        message: String,
    },
    /// The command is well formed but refused in this state: a rule of the game, or of the platform such as "the
    /// game is finished"; `reason` is the violation's name.
    #[error("{message}")]
    Violation {
        reason: &'static str,
        rule_id: &'static str,
        message: String,
    },
    /// No game has this id.
    #[error("no such game")]
    UnknownGame,
    /// The command id was used in this game by another seat, or by the same seat for another command: only the
    /// same command from the same seat is answered with the original result. `reason` says which.
    #[error("{message}")]
    CommandIdReused {
        reason: &'static str,
        command_id: String,
        message: String,
    },
    /// The request's `expected_version` is not the game's version (or another writer moved the game meanwhile).
    #[error("expected version {expected}, the game is at version {actual}")]
    VersionConflict { expected: u64, actual: u64 },
    /// An index past the game's head; retrying later may succeed.
    #[error("{0}")]
    PastHead(String),
    /// The caller proved no seat: no token, a malformed one, or one of no seat of this game.
    #[error("{0}")]
    Unidentified(&'static str),
    /// The caller's token is not allowed what it asked.
    #[error("{0}")]
    Forbidden(&'static str),
    /// A limit is full (streams, a subscriber's buffer); retrying later may succeed.
    #[error("{0}")]
    Overloaded(String),
    /// A stored record is damaged: it fails its checksum or does not decode.
    #[error("{0}")]
    Damaged(String),
    /// One game's stored records are damaged, where an answer about many games met it (`ListGames`); `reason`
    /// [`GAME_DAMAGED`], and the game's id, so that a client can report that game and go on past it.
    #[error("{message}")]
    DamagedGame { game_id: String, message: String },
    /// The server is shutting down, or the store cannot be reached now: retrying later may succeed.
    #[error("{0}")]
    Unavailable(String),
    /// Something the engine believed impossible happened: neither the client's nor the store's fault.
    #[error("{0}")]
    Bug(String),
}

/// The violations that say a command names a seat, hex, corner, side, row or wall space the game does not have.
/// Which ones exist is fixed by the public setup, so such a command is malformed whatever the state, like an id
/// too large for its type: [`EngineError::Inadmissible`], with the violation's name and rule ID as for a
/// refusal. The rules keep their checks (the edge cannot know every board's size before the rules see the state);
/// only the kind of error differs. A command from a seat that may not act at all is refused for that first (the
/// rules check the turn before the ids), which the seat may see anyway.
pub const OFF_THE_TABLE: &[&str] = &[
    "NoSuchSeat",
    "NoSuchHex",
    "NoSuchVertex",
    "NoSuchEdge",
    "NoSuchRow",
    "NoSuchWallSlot",
];

impl EngineError {
    /// A rules violation of a command: [`EngineError::Violation`], or [`EngineError::Inadmissible`] for one of
    /// [`OFF_THE_TABLE`].
    pub fn violation<V: RuleViolation>(v: V) -> EngineError {
        if OFF_THE_TABLE.contains(&v.name()) {
            return EngineError::invalid_config(v);
        }
        EngineError::Violation {
            reason: v.name(),
            rule_id: v.rule_id(),
            message: v.message().to_string(),
        }
    }

    /// A rules violation of a game's configuration, at creation.
    pub fn invalid_config<V: RuleViolation>(v: V) -> EngineError {
        EngineError::Inadmissible {
            reason: v.name(),
            rule_id: v.rule_id(),
            message: v.message().to_string(),
        }
    }

    /// A stored record that does not decode. Only the position of the failure is reported: serde's message can
    /// quote the record's content, which may be hidden information.
    pub fn undecodable(what: &str, game_id: &str, err: &serde_json::Error) -> EngineError {
        EngineError::Damaged(format!(
            "stored {what} of game {game_id} cannot be decoded ({:?} error at line {} column {})",
            err.classify(),
            err.line(),
            err.column()
        ))
    }

    /// Why a command was refused, if a rule or the platform refused it: the violation's name, or the platform's
    /// (`VersionConflict`, `CommandIdReused`, `CommandIdOfAnotherSeat`).
    pub fn reason(&self) -> Option<&'static str> {
        match self {
            EngineError::Violation { reason, .. }
            | EngineError::Inadmissible { reason, .. }
            | EngineError::CommandIdReused { reason, .. } => Some(reason),
            EngineError::VersionConflict { .. } => Some("VersionConflict"),
            EngineError::DamagedGame { .. } => Some(GAME_DAMAGED),
            _ => None,
        }
    }
}

/// A refused command: a version conflict, or a rule of the table or of the game with its name and rule ID.
impl<V: RuleViolation> From<Refusal<V>> for EngineError {
    fn from(refusal: Refusal<V>) -> EngineError {
        match refusal {
            Refusal::Conflict { expected, actual } => {
                EngineError::VersionConflict { expected, actual }
            }
            Refusal::Table(v) => EngineError::violation(v),
            Refusal::Rule(v) => EngineError::violation(v),
        }
    }
}

impl From<StoreError> for EngineError {
    fn from(e: StoreError) -> EngineError {
        match e {
            StoreError::Conflict { expected, actual } => {
                EngineError::VersionConflict { expected, actual }
            }
            StoreError::NotFound => EngineError::UnknownGame,
            // Game ids carry 128 random bits, so a collision means a broken generator: not the client's fault.
            StoreError::AlreadyExists => EngineError::Bug("game id collision".into()),
            StoreError::Corrupt(what) => {
                EngineError::Damaged(format!("corrupt store record: {what}"))
            }
            // The disk failed, or the store is poisoned or closing: something the storage did, not the server's
            // logic, so unavailable rather than a bug. A client's retry with the same command id is safe (an
            // append that did commit comes back as a duplicate), and it succeeds once an operator has restored
            // the store.
            StoreError::Io(what) => EngineError::Unavailable(format!("storage failure: {what}")),
            StoreError::Unavailable(what) => {
                EngineError::Unavailable(format!("storage unavailable: {what}"))
            }
            e @ StoreError::TooLarge { .. } => EngineError::Malformed(e.to_string()),
            StoreError::InvalidArgument(what) => EngineError::Malformed(what),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct OffBoard;
    impl RuleViolation for OffBoard {
        fn rule_id(&self) -> &'static str {
            "BASE-BOARD-04"
        }
        fn name(&self) -> &'static str {
            "NoSuchVertex"
        }
        fn message(&self) -> &'static str {
            "There is no such corner on this board."
        }
    }

    #[test]
    fn naming_what_the_board_lacks_is_inadmissible_with_its_rule() {
        assert_eq!(
            EngineError::from(Refusal::Rule(OffBoard)),
            EngineError::Inadmissible {
                reason: "NoSuchVertex",
                rule_id: "BASE-BOARD-04",
                message: "There is no such corner on this board.".into(),
            }
        );
    }

    #[test]
    fn refusals_of_the_table_keep_their_rule_ids() {
        let conflict = EngineError::from(Refusal::<OffBoard>::Conflict {
            expected: 3,
            actual: 4,
        });
        assert_eq!(
            conflict,
            EngineError::VersionConflict {
                expected: 3,
                actual: 4
            }
        );
        assert_eq!(conflict.reason(), Some("VersionConflict"));
        let finished = EngineError::from(Refusal::<OffBoard>::Table(
            hexfold_table::TableViolation::GameFinished,
        ));
        let EngineError::Violation {
            reason, rule_id, ..
        } = finished
        else {
            panic!("{finished:?}");
        };
        assert_eq!((reason, rule_id), ("GameFinished", "HEXFOLD-GAME-01"));
    }

    #[test]
    fn undecodable_records_do_not_quote_their_content() {
        let err = serde_json::from_str::<u8>("\"SecretCard\"").unwrap_err();
        let e = EngineError::undecodable("event", "catan-1", &err);
        assert!(matches!(e, EngineError::Damaged(_)));
        assert!(!e.to_string().contains("SecretCard"), "{e}");
    }
}

//! The one place where failures become gRPC statuses.
//!
//! Handlers return [`ApiError`]; rules violations, store errors and decoding failures are converted into it
//! with `From`/constructors, and only [`ApiError::into_status`] picks a `tonic::Code`. Messages never carry a
//! token, a seed or a hidden card: store errors never include payload bytes, and decoding errors report only
//! where a record failed, never what it contained.

use crate::proto::v1 as pb;
use hexfold_rules::RuleViolation;
use hexfold_store::StoreError;
use hexfold_table::Refusal;
use std::collections::HashMap;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// The `domain` of every `google.rpc.ErrorInfo` the server sends.
pub const ERROR_DOMAIN: &str = "hexfold";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed whatever the game's state (missing field, bad id, oversized input).
    #[error("{0}")]
    InvalidArgument(String),
    /// Refused by a rule whatever the game's state (INVALID_ARGUMENT, with an `ErrorInfo` like a violation's): a
    /// configuration the rules refuse at creation, or a command naming what the game's setup does not have (see
    /// [`OFF_THE_TABLE`]).
    #[error("{message}")]
    Invalid {
        reason: &'static str,
        rule_id: &'static str,
        message: String,
    },
    /// The command is well formed but refused in this state: a rules violation, or a platform precondition such
    /// as "the game is finished" (FAILED_PRECONDITION, with an `ErrorInfo`).
    #[error("{message}")]
    Precondition {
        reason: &'static str,
        rule_id: &'static str,
        message: String,
    },
    #[error("{0}")]
    NotFound(String),
    /// The command id was used in this game by another seat, or by the same seat for another command: only the
    /// same command from the same seat is answered with the original result (ALREADY_EXISTS, with an
    /// `ErrorInfo` whose reason says which, and the id in its metadata).
    #[error("{message}")]
    CommandIdReused {
        reason: &'static str,
        command_id: String,
        message: String,
    },
    /// The request's `expected_version` is not the game's version.
    #[error("expected version {expected}, the game is at version {actual}")]
    Conflict { expected: u64, actual: u64 },
    /// An index past the game's head; retrying later may succeed.
    #[error("{0}")]
    OutOfRange(String),
    #[error("{0}")]
    Unauthenticated(&'static str),
    #[error("{0}")]
    PermissionDenied(&'static str),
    #[error("{0}")]
    ResourceExhausted(String),
    /// A stored record could not be decoded.
    #[error("{0}")]
    DataLoss(String),
    /// The server is shutting down, or the store cannot be reached now: retrying later may succeed.
    #[error("{0}")]
    Unavailable(String),
    #[error("{0}")]
    Internal(String),
}

/// The violations that say a command names a seat, hex, corner, side, row or wall space the game does not have.
/// Which ones exist is fixed by the public setup, so such a command is malformed whatever the state, like an id
/// too large for its type: INVALID_ARGUMENT, with the violation's `ErrorInfo` (its name and rule ID) as for a
/// refusal. The rules keep their checks (the edge cannot know every board's size before the rules see the state);
/// only the status differs. A command from a seat that may not act at all is refused for that first (the rules
/// check the turn before the ids), which the seat may see anyway.
pub const OFF_THE_TABLE: &[&str] = &[
    "NoSuchSeat",
    "NoSuchHex",
    "NoSuchVertex",
    "NoSuchEdge",
    "NoSuchRow",
    "NoSuchWallSlot",
];

impl ApiError {
    /// A rules violation of a command: FAILED_PRECONDITION, or INVALID_ARGUMENT for one of [`OFF_THE_TABLE`].
    pub fn violation<V: RuleViolation>(v: V) -> ApiError {
        if OFF_THE_TABLE.contains(&v.name()) {
            return ApiError::invalid_config(v);
        }
        ApiError::Precondition {
            reason: v.name(),
            rule_id: v.rule_id(),
            message: v.message().to_string(),
        }
    }

    /// A rules violation of a game's configuration, at creation.
    pub fn invalid_config<V: RuleViolation>(v: V) -> ApiError {
        ApiError::Invalid {
            reason: v.name(),
            rule_id: v.rule_id(),
            message: v.message().to_string(),
        }
    }

    /// A stored record that does not decode. Only the position of the failure is reported: serde's message can
    /// quote the record's content, which may be hidden information.
    pub fn undecodable(what: &str, game_id: &str, err: &serde_json::Error) -> ApiError {
        ApiError::DataLoss(format!(
            "stored {what} of game {game_id} cannot be decoded ({:?} error at line {} column {})",
            err.classify(),
            err.line(),
            err.column()
        ))
    }

    pub fn code(&self) -> Code {
        match self {
            ApiError::InvalidArgument(_) | ApiError::Invalid { .. } => Code::InvalidArgument,
            ApiError::Precondition { .. } => Code::FailedPrecondition,
            ApiError::NotFound(_) => Code::NotFound,
            ApiError::CommandIdReused { .. } => Code::AlreadyExists,
            ApiError::Conflict { .. } => Code::Aborted,
            ApiError::OutOfRange(_) => Code::OutOfRange,
            ApiError::Unauthenticated(_) => Code::Unauthenticated,
            ApiError::PermissionDenied(_) => Code::PermissionDenied,
            ApiError::ResourceExhausted(_) => Code::ResourceExhausted,
            ApiError::DataLoss(_) => Code::DataLoss,
            ApiError::Unavailable(_) => Code::Unavailable,
            ApiError::Internal(_) => Code::Internal,
        }
    }

    /// The `google.rpc.ErrorInfo` (reason and metadata) this error carries, if any.
    fn error_info(&self) -> Option<(&'static str, HashMap<String, String>)> {
        match self {
            ApiError::Invalid {
                reason, rule_id, ..
            }
            | ApiError::Precondition {
                reason, rule_id, ..
            } => Some((
                reason,
                HashMap::from([
                    ("rule_id".to_string(), rule_id.to_string()),
                    ("message".to_string(), self.to_string()),
                ]),
            )),
            ApiError::CommandIdReused {
                reason, command_id, ..
            } => Some((
                reason,
                HashMap::from([("command_id".to_string(), command_id.clone())]),
            )),
            ApiError::Conflict { expected, actual } => Some((
                "VersionConflict",
                HashMap::from([
                    ("expected_version".to_string(), expected.to_string()),
                    ("actual_version".to_string(), actual.to_string()),
                ]),
            )),
            _ => None,
        }
    }

    pub fn into_status(self) -> Status {
        let code = self.code();
        let message = self.to_string();
        match self.error_info() {
            Some((reason, metadata)) => Status::with_error_details(
                code,
                message,
                ErrorDetails::with_error_info(reason, ERROR_DOMAIN, metadata),
            ),
            None => Status::new(code, message),
        }
    }

    /// The same answer as [`ApiError::into_status`], as the message `Play` answers a refused command with.
    pub fn into_refusal(self) -> pb::CommandRefused {
        let (reason, metadata) = self.error_info().unwrap_or_default();
        pb::CommandRefused {
            code: self.code() as i32,
            message: self.to_string(),
            reason: reason.to_string(),
            metadata,
        }
    }
}

impl From<ApiError> for Status {
    fn from(e: ApiError) -> Status {
        e.into_status()
    }
}

/// A refused command: a version conflict is ABORTED, a rule of the table or of the game FAILED_PRECONDITION with
/// its name and rule ID.
impl<V: RuleViolation> From<Refusal<V>> for ApiError {
    fn from(refusal: Refusal<V>) -> ApiError {
        match refusal {
            Refusal::Conflict { expected, actual } => ApiError::Conflict { expected, actual },
            Refusal::Table(v) => ApiError::violation(v),
            Refusal::Rule(v) => ApiError::violation(v),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Conflict { expected, actual } => ApiError::Conflict { expected, actual },
            StoreError::NotFound => ApiError::NotFound("no such game".into()),
            // Game ids carry 128 random bits, so a collision means a broken generator: not the client's fault.
            StoreError::AlreadyExists => ApiError::Internal("game id collision".into()),
            StoreError::Corrupt(what) => {
                ApiError::DataLoss(format!("corrupt store record: {what}"))
            }
            // The disk failed, or the store is poisoned or closing: something the storage did, not the server's
            // logic, so UNAVAILABLE rather than INTERNAL. A client's retry with the same command id is safe (an
            // append that did commit comes back as a duplicate), and it succeeds once an operator has restored
            // the store.
            StoreError::Io(what) => ApiError::Unavailable(format!("storage failure: {what}")),
            StoreError::Unavailable(what) => {
                ApiError::Unavailable(format!("storage unavailable: {what}"))
            }
            e @ StoreError::TooLarge { .. } => ApiError::InvalidArgument(e.to_string()),
            StoreError::InvalidArgument(what) => ApiError::InvalidArgument(what),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Nope;
    impl RuleViolation for Nope {
        fn rule_id(&self) -> &'static str {
            "BASE-TEST-01"
        }
        fn name(&self) -> &'static str {
            "Nope"
        }
        fn message(&self) -> &'static str {
            "Not now."
        }
    }

    #[test]
    fn violations_carry_their_name_and_rule_in_error_info() {
        let status = ApiError::violation(Nope).into_status();
        assert_eq!(status.code(), Code::FailedPrecondition);
        let info = status.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "Nope");
        assert_eq!(info.domain, ERROR_DOMAIN);
        assert_eq!(info.metadata["rule_id"], "BASE-TEST-01");
        assert_eq!(info.metadata["message"], "Not now.");
    }

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
    fn naming_what_the_board_lacks_is_invalid_argument_with_its_rule() {
        let status = ApiError::from(Refusal::Rule(OffBoard)).into_status();
        assert_eq!(status.code(), Code::InvalidArgument);
        let info = status.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "NoSuchVertex");
        assert_eq!(info.metadata["rule_id"], "BASE-BOARD-04");
        let refusal = ApiError::violation(OffBoard).into_refusal();
        assert_eq!(refusal.code, Code::InvalidArgument as i32);
    }

    #[test]
    fn refusals_in_play_say_what_the_status_says() {
        let cases = [
            ApiError::violation(Nope),
            ApiError::Conflict {
                expected: 3,
                actual: 4,
            },
            ApiError::NotFound("no such game".into()),
        ];
        for e in cases {
            let refusal = e.clone().into_refusal();
            let status = e.into_status();
            assert_eq!(refusal.code, status.code() as i32);
            assert_eq!(refusal.message, status.message());
            match status.get_details_error_info() {
                Some(info) => {
                    assert_eq!(refusal.reason, info.reason);
                    assert_eq!(refusal.metadata, info.metadata);
                }
                None => assert!(refusal.reason.is_empty() && refusal.metadata.is_empty()),
            }
        }
    }

    #[test]
    fn refusals_of_the_table_keep_their_codes_and_rule_ids() {
        let conflict = ApiError::from(Refusal::<Nope>::Conflict {
            expected: 3,
            actual: 4,
        });
        assert_eq!(
            conflict,
            ApiError::Conflict {
                expected: 3,
                actual: 4
            }
        );
        let finished = ApiError::from(Refusal::<Nope>::Table(
            hexfold_table::TableViolation::GameFinished,
        ))
        .into_status();
        assert_eq!(finished.code(), Code::FailedPrecondition);
        let info = finished.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "GameFinished");
        assert_eq!(info.metadata["rule_id"], "HEXFOLD-GAME-01");
        assert_eq!(
            ApiError::from(Refusal::Rule(Nope)),
            ApiError::violation(Nope)
        );
    }

    #[test]
    fn store_errors_map_to_their_codes() {
        let cases = [
            (
                StoreError::Conflict {
                    expected: 1,
                    actual: 2,
                },
                Code::Aborted,
            ),
            (StoreError::NotFound, Code::NotFound),
            (StoreError::Corrupt("x".into()), Code::DataLoss),
            (StoreError::Io("x".into()), Code::Unavailable),
            (StoreError::Unavailable("x".into()), Code::Unavailable),
            (StoreError::AlreadyExists, Code::Internal),
            (
                StoreError::TooLarge {
                    what: "x",
                    size: 2,
                    limit: 1,
                },
                Code::InvalidArgument,
            ),
            (
                StoreError::InvalidArgument("x".into()),
                Code::InvalidArgument,
            ),
        ];
        for (err, code) in cases {
            assert_eq!(ApiError::from(err).into_status().code(), code);
        }
    }

    #[test]
    fn undecodable_records_do_not_quote_their_content() {
        let err = serde_json::from_str::<u8>("\"SecretCard\"").unwrap_err();
        let e = ApiError::undecodable("event", "catan-1", &err);
        assert_eq!(e.code(), Code::DataLoss);
        assert!(!e.to_string().contains("SecretCard"), "{e}");
    }
}

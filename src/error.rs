//! The one place where the engine's failures become gRPC statuses ("to_proto" for errors).
//!
//! The engine and the edge's request checks fail with [`EngineError`], in the engine's words; only the functions
//! here pick a `tonic::Code` for one ([`code`]) and the `google.rpc.ErrorInfo` it carries ([`status`], and
//! [`refusal`] for a command `Play` refuses). The codes are the standards': INVALID_ARGUMENT for malformed input
//! (and a rule refusing whatever the state), FAILED_PRECONDITION for a rule violation (with its name and rule ID),
//! NOT_FOUND for an unknown game, ABORTED for a version conflict, ALREADY_EXISTS for a reused command id,
//! UNAUTHENTICATED/PERMISSION_DENIED for a token, RESOURCE_EXHAUSTED for a full limit, UNAVAILABLE for a store
//! out of reach or a server shutting down, DATA_LOSS for a damaged record; INTERNAL only for the server's own bug.

use crate::proto::v1 as pb;
use std::collections::HashMap;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

pub use crate::engine::{EngineError, GAME_DAMAGED, OFF_THE_TABLE};

/// The `domain` of every `google.rpc.ErrorInfo` the server sends.
pub const ERROR_DOMAIN: &str = "hexfold";

/// The status code of an engine error.
pub fn code(error: &EngineError) -> Code {
    match error {
        EngineError::Malformed(_) | EngineError::Inadmissible { .. } => Code::InvalidArgument,
        EngineError::Violation { .. } => Code::FailedPrecondition,
        EngineError::UnknownGame => Code::NotFound,
        EngineError::CommandIdReused { .. } => Code::AlreadyExists,
        EngineError::VersionConflict { .. } => Code::Aborted,
        EngineError::PastHead(_) => Code::OutOfRange,
        EngineError::Unidentified(_) => Code::Unauthenticated,
        EngineError::Forbidden(_) => Code::PermissionDenied,
        EngineError::Overloaded(_) => Code::ResourceExhausted,
        EngineError::Damaged(_) | EngineError::DamagedGame { .. } => Code::DataLoss,
        EngineError::Unavailable(_) => Code::Unavailable,
        EngineError::Bug(_) => Code::Internal,
    }
}

/// The `google.rpc.ErrorInfo` (reason and metadata) an engine error carries, if any.
fn error_info(error: &EngineError) -> Option<(&'static str, HashMap<String, String>)> {
    let reason = error.reason()?;
    let metadata = match error {
        EngineError::Inadmissible { rule_id, .. } | EngineError::Violation { rule_id, .. } => {
            HashMap::from([
                ("rule_id".to_string(), rule_id.to_string()),
                ("message".to_string(), error.to_string()),
            ])
        }
        EngineError::CommandIdReused { command_id, .. } => {
            HashMap::from([("command_id".to_string(), command_id.clone())])
        }
        EngineError::DamagedGame { game_id, .. } => {
            HashMap::from([("game_id".to_string(), game_id.clone())])
        }
        EngineError::VersionConflict { expected, actual } => HashMap::from([
            ("expected_version".to_string(), expected.to_string()),
            ("actual_version".to_string(), actual.to_string()),
        ]),
        _ => HashMap::new(),
    };
    Some((reason, metadata))
}

/// The status an engine error is answered with.
pub fn status(error: EngineError) -> Status {
    let code = code(&error);
    let message = error.to_string();
    match error_info(&error) {
        Some((reason, metadata)) => Status::with_error_details(
            code,
            message,
            ErrorDetails::with_error_info(reason, ERROR_DOMAIN, metadata),
        ),
        None => Status::new(code, message),
    }
}

/// The same answer as [`status`], as the message `Play` answers a refused command with.
pub fn refusal(error: EngineError) -> pb::CommandRefused {
    let (reason, metadata) = error_info(&error).unwrap_or_default();
    pb::CommandRefused {
        code: code(&error) as i32,
        message: error.to_string(),
        reason: reason.to_string(),
        metadata,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::RuleViolation;
    use hexfold_store::StoreError;
    use hexfold_table::Refusal;

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
        let status = status(EngineError::violation(Nope));
        assert_eq!(status.code(), Code::FailedPrecondition);
        let info = status.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "Nope");
        assert_eq!(info.domain, ERROR_DOMAIN);
        assert_eq!(info.metadata["rule_id"], "BASE-TEST-01");
        assert_eq!(info.metadata["message"], "Not now.");
    }

    #[test]
    fn naming_what_the_board_lacks_is_invalid_argument_with_its_rule() {
        let off_board = EngineError::Inadmissible {
            reason: "NoSuchVertex",
            rule_id: "BASE-BOARD-04",
            message: "There is no such corner on this board.".into(),
        };
        let status = status(off_board.clone());
        assert_eq!(status.code(), Code::InvalidArgument);
        let info = status.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "NoSuchVertex");
        assert_eq!(info.metadata["rule_id"], "BASE-BOARD-04");
        assert_eq!(refusal(off_board).code, Code::InvalidArgument as i32);
    }

    #[test]
    fn refusals_in_play_say_what_the_status_says() {
        let cases = [
            EngineError::violation(Nope),
            EngineError::VersionConflict {
                expected: 3,
                actual: 4,
            },
            EngineError::UnknownGame,
        ];
        for e in cases {
            let refusal = refusal(e.clone());
            let status = status(e);
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
        let conflict = status(EngineError::from(Refusal::<Nope>::Conflict {
            expected: 3,
            actual: 4,
        }));
        assert_eq!(conflict.code(), Code::Aborted);
        let info = conflict.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "VersionConflict");
        assert_eq!(info.metadata["actual_version"], "4");
        let finished = status(EngineError::from(Refusal::<Nope>::Table(
            hexfold_table::TableViolation::GameFinished,
        )));
        assert_eq!(finished.code(), Code::FailedPrecondition);
        let info = finished.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "GameFinished");
        assert_eq!(info.metadata["rule_id"], "HEXFOLD-GAME-01");
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
            assert_eq!(status(EngineError::from(err)).code(), code);
        }
    }

    #[test]
    fn undecodable_records_are_data_loss_without_their_content() {
        let err = serde_json::from_str::<u8>("\"SecretCard\"").unwrap_err();
        let e = EngineError::undecodable("event", "catan-1", &err);
        let status = status(e);
        assert_eq!(status.code(), Code::DataLoss);
        assert!(!status.message().contains("SecretCard"), "{status:?}");
    }
}

use thiserror::Error;

/// Everything the store can refuse or fail with.
///
/// `Display` never includes payload, command, meta, summary or snapshot bytes: those may hold hidden game
/// information, and errors end up in logs and client-visible statuses.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// The append's `expected_version` is not the stream's current (written) version.
    #[error("version conflict: expected version {expected}, stream is at {actual}")]
    Conflict { expected: u64, actual: u64 },
    /// The stream does not exist (or its creation is not durable yet).
    #[error("stream not found")]
    NotFound,
    /// `create_stream` on a name that is taken.
    #[error("stream already exists")]
    AlreadyExists,
    /// A stored record could not be decoded; the message names the record, never its bytes.
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// The disk or sled failed, or an earlier flush failed and the store refuses writes (poisoned).
    #[error("storage I/O error: {0}")]
    Io(String),
    /// A payload, name or count is over one of the limits documented on the crate's constants.
    #[error("{what} is {size}, over the limit of {limit}")]
    TooLarge {
        what: &'static str,
        size: usize,
        limit: usize,
    },
    /// An argument the store cannot accept for a reason other than size (an empty stream name, a snapshot
    /// of a version that is not durable yet).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        match e {
            sled::Error::Corruption { .. } => StoreError::Corrupt(format!("sled: {e}")),
            other => StoreError::Io(format!("sled: {other}")),
        }
    }
}

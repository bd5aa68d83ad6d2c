use thiserror::Error;

/// Everything a store can refuse or fail with, whatever its backend.
///
/// `Display` never includes payload, command, meta, summary or snapshot bytes: those may hold hidden game
/// information, and errors end up in logs and client-visible statuses.
///
/// Each variant says which gRPC status the server answers with (the mapping itself lives in the server's
/// `src/error.rs`, the one place that chooses status codes, whose match is exhaustive so that a new variant
/// must be given one). A backend reports every failure as one of these: a database that cannot be reached,
/// or a connection lost mid-request, is [`StoreError::Unavailable`]; a failure of the storage itself is
/// [`StoreError::Io`]. When an append fails either way its outcome may be unknown (it may have committed):
/// the caller's retry with the same command id is safe, since the original is then returned as a duplicate.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// The append's `expected_version` is not the stream's current (written) version. ABORTED, with the two
    /// versions in the status details.
    #[error("version conflict: expected version {expected}, stream is at {actual}")]
    Conflict { expected: u64, actual: u64 },
    /// The stream does not exist (or its creation is not durable yet). NOT_FOUND.
    #[error("stream not found")]
    NotFound,
    /// `create_stream` on a name that is taken. INTERNAL: the server names games with 128 random bits, so
    /// for it a taken name is a broken generator, not the client's fault.
    #[error("stream already exists")]
    AlreadyExists,
    /// A stored record could not be decoded; the message names the record, never its bytes. DATA_LOSS.
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// The disk or the database failed, or an earlier flush failed and the store refuses writes
    /// (poisoned), or the store is closed. UNAVAILABLE (the storage failed, not the caller), though retrying
    /// will not help until an operator looks.
    #[error("storage I/O error: {0}")]
    Io(String),
    /// The store cannot take the request now (a database server down or a connection lost mid-request; for
    /// the sled backend, a disk that is full or short of its free-space reserve), a condition that may pass.
    /// UNAVAILABLE, so clients retry (see the type's docs on retrying appends).
    #[error("storage unavailable: {0}")]
    Unavailable(String),
    /// A payload, name or count is over one of the limits documented on the crate's constants.
    /// INVALID_ARGUMENT.
    #[error("{what} is {size}, over the limit of {limit}")]
    TooLarge {
        what: &'static str,
        size: usize,
        limit: usize,
    },
    /// An argument the store cannot accept for a reason other than size (an empty stream name, a snapshot
    /// of a version that is not durable yet). INVALID_ARGUMENT.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
}

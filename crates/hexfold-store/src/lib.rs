//! The event store's contract for hexfold: the [`EventStore`] trait every backend implements, the plain data
//! types it speaks, the limits every backend enforces, the one error type, the operator's check report, the
//! names of the store's metrics, and (with the `contract` feature) the suite of tests that holds every backend
//! to the trait's guarantees.
//!
//! It holds no backend: sled's is `hexfold-sled`, PostgreSQL's is `hexfold-postgres`, each a crate beside this
//! one that depends on it, so a server built with one backend compiles nothing of the other. The server codes
//! against [`EventStore`] (`src/event_store.rs`) and holds an `Arc<dyn EventStore>` from the moment it opened
//! its store; `src/contract.rs` checks each of the trait's guarantees against every backend.
//!
//! It must not depend on any game, on the rules crate, on protobuf or on gRPC: payloads, commands, meta,
//! summaries and snapshots are opaque bytes chosen by the caller. It does no I/O.
//!
//! # Limits
//! Every input is bounded by the `MAX_*` constants below; a bigger one is refused with
//! [`StoreError::TooLarge`] before anything is written. They are part of the contract: every backend
//! refuses the same inputs ([`AppendRequest::check`], [`check_stream_name`]).

mod check;
#[cfg(feature = "contract")]
pub mod contract;
mod error;
mod event_store;
pub mod metrics;

pub use check::{CheckReport, LastWrite, Mark, MAX_LISTED_PROBLEMS};
pub use error::StoreError;
pub use event_store::{BoxFuture, EventStore, PositionWatch, Snapshot};

/// Longest stream name, in bytes (it is part of every key of the stream).
pub const MAX_STREAM_NAME_BYTES: usize = 128;
/// Longest command id, in bytes.
pub const MAX_COMMAND_ID_BYTES: usize = 128;
/// Largest single event payload.
pub const MAX_EVENT_BYTES: usize = 1 << 20;
/// Most events in one append.
pub const MAX_EVENTS_PER_APPEND: usize = 1024;
/// Largest command payload.
pub const MAX_COMMAND_BYTES: usize = 64 << 10;
/// Largest stream meta and largest summary.
pub const MAX_META_BYTES: usize = 64 << 10;
/// Largest total of one append: all events plus the command plus the summary.
pub const MAX_APPEND_BYTES: usize = 4 << 20;
/// Largest snapshot.
pub const MAX_SNAPSHOT_BYTES: usize = 16 << 20;
/// `read_global` returns at most this many records whatever `limit` asks for.
pub const MAX_READ_GLOBAL: usize = 10_000;
/// `read_backwards` returns at most this many events whatever `limit` asks for.
pub const MAX_READ_BACKWARDS: usize = 10_000;
/// `list_streams` returns at most this many streams whatever `limit` asks for.
pub const MAX_LIST_STREAMS: usize = 1_000;

/// One atomic append to one stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppendRequest {
    pub stream: String,
    /// The version the caller decided against; `None` appends whatever the head is.
    pub expected_version: Option<u64>,
    /// Client-chosen, unique per stream; a repeat returns the original result.
    pub command_id: String,
    pub command: Vec<u8>,
    pub events: Vec<Vec<u8>>,
    /// Replaces the stream's summary (shown by `list_streams`) when present.
    pub summary: Option<Vec<u8>>,
    /// Snapshots of the stream's state at versions this append creates, written in the append's own sled batch:
    /// they become durable with its events, and the caller's task never touches sled (a direct write there can
    /// wait behind the log thread's batch and flush). One at a version outside the append's range (the head had
    /// moved) is dropped; snapshots are an optimisation, never needed for correctness.
    pub snapshots: Vec<(u64, Vec<u8>)>,
}

/// Where an append's events landed. For zero events the range is empty: `last_version + 1 == first_version`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Appended {
    pub first_version: u64,
    pub last_version: u64,
    pub first_global: u64,
    /// True when this command id had already been appended; nothing was written this time.
    pub duplicate: bool,
}

/// One event of one stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    pub version: u64,
    pub global: u64,
    pub payload: Vec<u8>,
}

/// One event in global order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobalRecord {
    pub global: u64,
    pub stream: String,
    pub version: u64,
    pub payload: Vec<u8>,
}

/// Where one event stands in the global order, without its payload: what
/// [`EventStore::read_global_index`] returns for a reader that wants to know which streams moved (and to
/// which version) more often than what they say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobalEntry {
    pub global: u64,
    pub stream: String,
    pub version: u64,
}

impl From<GlobalRecord> for GlobalEntry {
    fn from(record: GlobalRecord) -> GlobalEntry {
        GlobalEntry {
            global: record.global,
            stream: record.stream,
            version: record.version,
        }
    }
}

/// One entry of [`EventStore::list_streams`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamListing {
    pub name: String,
    /// The newest durable summary. Appends carry a summary only when it changes, so it may describe an
    /// older version than `head`.
    pub summary: Option<Vec<u8>>,
    /// The stream's durable head version (0 before its first event).
    pub head: u64,
    /// `Some(problem)` when this stream's own records behind the listing (its meta, summary or head) are damaged:
    /// `summary` is then `None` and `head` 0, and nothing of the stream may be served as whole. The listing still
    /// names it, so that a caller can report it and go on past it; the problem names the record, never its bytes.
    pub damaged: Option<String>,
}

impl StreamListing {
    /// The listing of a stream whose records behind it are damaged (see [`StreamListing::damaged`]).
    pub fn damaged(name: String, problem: &StoreError) -> StreamListing {
        StreamListing {
            name,
            summary: None,
            head: 0,
            damaged: Some(problem.to_string()),
        }
    }
}

/// One accepted command and the versions of the events it produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRecord {
    pub command_id: String,
    pub command: Vec<u8>,
    pub first_version: u64,
    pub last_version: u64,
}

/// The bytes an append carries, for a backend's queue and group bounds.
pub fn request_bytes(req: &AppendRequest) -> usize {
    req.stream.len()
        + req.command_id.len()
        + req.command.len()
        + req.events.iter().map(Vec::len).sum::<usize>()
        + req.summary.as_ref().map_or(0, Vec::len)
        + req.snapshots.iter().map(|(_, s)| s.len()).sum::<usize>()
}

/// [`StoreError::TooLarge`] naming `what` when `size` is over `limit`: the one way every backend refuses an
/// oversized record.
pub fn check_len(what: &'static str, size: usize, limit: usize) -> Result<(), StoreError> {
    if size > limit {
        Err(StoreError::TooLarge { what, size, limit })
    } else {
        Ok(())
    }
}

/// Checks a stream name as every backend does before anything is written: [`StoreError::InvalidArgument`]
/// when empty, [`StoreError::TooLarge`] past [`MAX_STREAM_NAME_BYTES`].
pub fn check_stream_name(stream: &str) -> Result<(), StoreError> {
    if stream.is_empty() {
        return Err(StoreError::InvalidArgument("stream name is empty".into()));
    }
    check_len("stream name (bytes)", stream.len(), MAX_STREAM_NAME_BYTES)
}

impl AppendRequest {
    /// Checks the request against the limits, as every backend does before anything is written: the
    /// stream name, a non-empty command id, and every size and count bounded by a `MAX_*` constant
    /// ([`StoreError::TooLarge`] names which).
    pub fn check(&self) -> Result<(), StoreError> {
        check_stream_name(&self.stream)?;
        if self.command_id.is_empty() {
            return Err(StoreError::InvalidArgument("command id is empty".into()));
        }
        check_len(
            "command id (bytes)",
            self.command_id.len(),
            MAX_COMMAND_ID_BYTES,
        )?;
        check_len("command (bytes)", self.command.len(), MAX_COMMAND_BYTES)?;
        check_len(
            "events in one append",
            self.events.len(),
            MAX_EVENTS_PER_APPEND,
        )?;
        let mut total = self.command.len();
        for event in &self.events {
            check_len("event (bytes)", event.len(), MAX_EVENT_BYTES)?;
            total += event.len();
        }
        if let Some(summary) = &self.summary {
            check_len("summary (bytes)", summary.len(), MAX_META_BYTES)?;
            total += summary.len();
        }
        check_len(
            "snapshots in one append",
            self.snapshots.len(),
            MAX_EVENTS_PER_APPEND,
        )?;
        for (_, snapshot) in &self.snapshots {
            check_len("snapshot (bytes)", snapshot.len(), MAX_SNAPSHOT_BYTES)?;
        }
        check_len("append (bytes)", total, MAX_APPEND_BYTES)
    }
}

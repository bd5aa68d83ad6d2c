//! The [`EventStore`] trait: what the server may ask of any event store, and what every backend
//! guarantees.
//!
//! This module names no sled type: it speaks the crate's plain data types ([`AppendRequest`], [`Recorded`],
//! ...), [`StoreError`], and tokio's `watch` for wake-ups, so a backend over another database (PostgreSQL,
//! shared by several server processes) implements it without changing it. `src/contract.rs` turns every
//! guarantee written here into one test function, run against each backend.

use std::future::Future;
use std::pin::Pin;

use tokio::sync::watch;

use crate::{
    AppendRequest, Appended, CommandRecord, GlobalEntry, GlobalRecord, Recorded, StoreError,
    StreamListing,
};

/// The future every [`EventStore`] method returns: boxed, so the trait is object safe (the server holds an
/// `Arc<dyn EventStore>`), and `Send`, so the server can spawn it.
///
/// Written by hand rather than with `#[async_trait]`: the boxing costs the same one allocation per call
/// either way, the signatures stay readable in the docs (no generated lifetimes), and the crate needs no
/// procedural macro. An implementation writes `Box::pin(async move { ... })`.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A snapshot's bytes with the version whose state they hold, as [`EventStore::snapshot_at_or_before`]
/// finds it.
pub type Snapshot = (u64, Vec<u8>);

/// Wake-ups for readers of the global order.
///
/// The value is a global position up to which [`EventStore::read_global`] is complete: every event at or
/// before it is durable (committed) and readable, so a reader that has read up to `p` and waits past `p`
/// can never skip an event. It only grows. It is a hint, not the truth: a backend may announce a position
/// late (a PostgreSQL store learns of other processes' appends through LISTEN/NOTIFY, which can be
/// delayed or, across a reconnect, lost, so it re-reads its position after a reconnect and now and then),
/// and several appends may be announced at once. Readers therefore always catch up with `read_global` and
/// only wait when it has nothing more; every committed position is announced eventually, and a position
/// covering an append is announced by the time that append returns to its caller in this process.
#[derive(Debug, Clone)]
pub struct PositionWatch {
    rx: watch::Receiver<u64>,
}

impl PositionWatch {
    /// Wraps the receiving side of a channel a backend keeps at its complete global position (see the type's
    /// docs); the backend only ever raises the value, and drops the sender when it closes.
    pub fn new(rx: watch::Receiver<u64>) -> PositionWatch {
        PositionWatch { rx }
    }

    /// The newest position announced so far.
    pub fn current(&self) -> u64 {
        *self.rx.borrow()
    }

    /// Waits until the announced position is past `position`, and returns it (at once if it already is).
    /// Cancel safe, so it can be a branch of `tokio::select!`. Fails with [`StoreError::Io`] if the store is
    /// closed first.
    pub async fn wait_past(&mut self, position: u64) -> Result<u64, StoreError> {
        match self.rx.wait_for(|&p| p > position).await {
            Ok(p) => Ok(*p),
            Err(_) => Err(StoreError::Io(
                "the store was closed; no position will be announced".into(),
            )),
        }
    }
}

/// An event store: append-only streams (one per game) with gapless versions, a global order over all of
/// them, idempotent appends by command id, snapshots, immutable meta and per-stream summaries. Payloads,
/// commands, meta, summaries and snapshots are opaque bytes.
///
/// # The contract
/// Each guarantee is one function of the contract suite in `src/contract.rs` (the `contract` feature); a
/// backend is correct when it passes all of them.
/// - **Durable before acknowledged, read committed.** A write returns `Ok` only once it is durable
///   (committed); no read ever shows a write that is not, and every read shows every write acknowledged
///   before the read started. Concurrent readers see a gapless prefix of each stream and of the global
///   order.
/// - **Gapless versions.** A stream's events are numbered 1, 2, 3, ... without gaps.
/// - **Gapless global order.** Every event of every stream has a global position, numbered from 1 without
///   gaps, in commit order; [`read_global`](Self::read_global) from any position, followed with
///   [`watch_position`](Self::watch_position), yields every event exactly once and in order, whoever
///   wrote it. [`read_global_index`](Self::read_global_index) names the same events without payloads.
/// - **Optimistic concurrency.** An append with `expected_version: Some(v)` on a stream whose head is not `v`
///   fails with [`StoreError::Conflict`] `{ expected: v, actual: head }` and writes nothing; of racing
///   appends at one version exactly one wins. `None` appends at whatever the head is.
/// - **Idempotence, forever.** A command id already appended on the stream returns the original
///   [`Appended`] with `duplicate: true` and writes nothing, whatever the request carries, also across
///   restarts. The id is checked before the expected version. Ids are per stream.
/// - **Empty appends** (no events) are accepted: they record the command id (so it is idempotent and listed
///   by [`commands`](Self::commands)), change no version, and return the empty range
///   `first_version = head + 1`, `last_version = head`, `first_global` = the next global position.
/// - **Atomic appends.** An append's command, events, summary and the snapshots it carries (at versions it
///   creates; others are dropped) become durable together or not at all.
/// - **Limits.** Inputs over the crate's `MAX_*` limits fail with [`StoreError::TooLarge`] (an empty name
///   or id with [`StoreError::InvalidArgument`]) before anything is written; see [`AppendRequest::check`].
/// - **Typed damage.** A stored record that does not decode is [`StoreError::Corrupt`] naming the record,
///   never its bytes, and never a panic.
/// - **Unknown streams** are [`StoreError::NotFound`] for every per-stream method, including a stream whose
///   creation is not durable yet.
///
/// # Calling it
/// Every method is async and none blocks the calling thread: a backend that must block (sled) does so on a
/// bounded number of threads of its own (or on tokio's blocking pool), and answers from memory inline where
/// it can. So the server may call any method from an async worker.
pub trait EventStore: Send + Sync + 'static {
    /// Creates a stream with its immutable meta bytes. [`StoreError::AlreadyExists`] if the name is taken.
    fn create_stream<'a>(
        &'a self,
        stream: &'a str,
        meta: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The meta bytes given at creation.
    fn meta<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<Vec<u8>, StoreError>>;

    /// The stream's last durable version (0 before its first event).
    fn head<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<u64, StoreError>>;

    /// Appends atomically (see the trait's contract for conflicts, duplicates and empty appends). Returns
    /// once the append is durable, and readable by every method.
    fn append(&self, req: AppendRequest) -> BoxFuture<'_, Result<Appended, StoreError>>;

    /// Events `from..=to` of the stream in version order, clipped to the durable head (`from` 0 reads from
    /// 1). The whole clipped range is returned at once: callers page with `from` and `to`.
    fn read<'a>(
        &'a self,
        stream: &'a str,
        from: u64,
        to: u64,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>>;

    /// Up to `limit` (at most [`crate::MAX_READ_BACKWARDS`]) events of the stream at or before version `to`,
    /// newest first: `min(to, head)`, then the one before, and so on. `to` past the head starts at the head,
    /// so `read_backwards(s, u64::MAX, n)` is the newest `n` events.
    fn read_backwards<'a>(
        &'a self,
        stream: &'a str,
        to: u64,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>>;

    /// Up to `limit` (at most [`crate::MAX_READ_GLOBAL`]) durable events in global order from `from_global`
    /// (0 reads from 1). Empty once the reader has caught up: then wait with
    /// [`watch_position`](Self::watch_position).
    fn read_global(
        &self,
        from_global: u64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<GlobalRecord>, StoreError>>;

    /// What [`read_global`](Self::read_global) would return for the same arguments, without the payloads:
    /// each event's position, stream and version, with the same guarantees (committed only, a gapless
    /// prefix, empty once the reader has caught up). For a follower that needs the payloads of few of the
    /// streams it passes (it reads those with [`read`](Self::read)), so a backend over a database should
    /// not fetch them. Payloads are not read, so damage in one is found by the reads that return it, not
    /// here. The default reads the events and drops the payloads, for a backend whose reads are local.
    fn read_global_index(
        &self,
        from_global: u64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<GlobalEntry>, StoreError>> {
        Box::pin(async move {
            let records = self.read_global(from_global, limit).await?;
            Ok(records.into_iter().map(GlobalEntry::from).collect())
        })
    }

    /// The wake-ups of the global order (see [`PositionWatch`]). Cheap: it answers from memory.
    fn watch_position(&self) -> PositionWatch;

    /// The stream's durable commands in append order, empty appends included.
    fn commands<'a>(
        &'a self,
        stream: &'a str,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>>;

    /// The stream's newest `limit` durable commands, newest first: the tail of [`Self::commands`] without
    /// reading the rest, for a caller that wants only what the latest commands recorded.
    fn last_commands<'a>(
        &'a self,
        stream: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>>;

    /// The durable command `command_id` of the stream, if it was appended. Meant for a command the rules
    /// refused (was it a retry of one that was applied?), so the common "never seen" answer should be cheap.
    fn find_command<'a>(
        &'a self,
        stream: &'a str,
        command_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<CommandRecord>, StoreError>>;

    /// Stores a snapshot of the stream's state after `version`, replacing one at the same version. Best
    /// effort, not made durable before it returns (snapshots are derivable from the events; prefer
    /// [`AppendRequest::snapshots`], which are durable with their append). A version past the durable head
    /// is [`StoreError::InvalidArgument`], so a snapshot never describes events a crash could take back.
    fn put_snapshot<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
        bytes: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The newest snapshot at or before `version`, with its version.
    fn snapshot_at_or_before<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
    ) -> BoxFuture<'a, Result<Option<Snapshot>, StoreError>>;

    /// Up to `limit` (at most [`crate::MAX_LIST_STREAMS`]) streams in name (byte) order, after `after`,
    /// each with its durable head and its newest durable summary. A stream whose records behind its entry are
    /// damaged is listed with [`StreamListing::damaged`](crate::StreamListing::damaged) set rather than failing
    /// the page, so that a scan can go on past it; the page fails (`Corrupt`) only where a record names no stream.
    fn list_streams<'a>(
        &'a self,
        after: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<StreamListing>, StoreError>>;

    /// Makes everything written before this call durable, snapshots from
    /// [`put_snapshot`](Self::put_snapshot) included. For a graceful shutdown; a backend whose every write
    /// is durable when it returns answers at once.
    fn flush(&self) -> BoxFuture<'_, Result<(), StoreError>>;

    /// Whether the store takes writes now: `false` while it refuses them (the sled store after a failed
    /// write or flush, such as a full disk, until it has recovered), so the server's health check can say
    /// NOT_SERVING meanwhile. Cheap: it answers from memory. The default, for a backend that never refuses
    /// writes as a whole, is always `true`.
    fn watch_writable(&self) -> watch::Receiver<bool> {
        watch::channel(true).1
    }
}

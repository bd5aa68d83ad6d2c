//! The log thread: the store's only writer, and its group commit.
//!
//! Callers check and encode their writes (stream creations and appends; an append's `A` record is built
//! on the caller's task with its placement left blank), queue them and await a reply. One thread loops:
//! take every queued write (up to a group bound), check and stage them against the data and against each
//! other (fill in the placement: txn, versions, global position), apply them to sled in batches of at most
//! [`MAX_APPENDS_PER_BATCH`] writes, each with its `G` record, then take and apply whatever queued
//! meanwhile (for up to [`MAX_APPLY_BEFORE_FLUSH`]), flush once, publish the new durable frontier, and
//! hand the group to the second thread, which wakes its writers. Writes that arrive while a flush runs
//! form the next group, so N concurrent appends cost about two flushes, not N.
//!
//! Why one thread and not writers serialised by a mutex: sled 0.34's `flush` holds sled's global
//! concurrency-control lock in shared mode for its whole duration (including the wait for the disk), and
//! `apply_batch` takes that lock exclusively. A writer on a tokio worker would block the worker for a whole
//! flush, and while it waits every sled read in the process queues behind it. Here applying and flushing
//! alternate on one thread, so a batch never waits for a flush, reads only ever wait for a short batch, and
//! async tasks never block on the disk. One writer also makes versions and global positions gapless and in
//! sled order without any lock of ours around sled.
//!
//! The log thread keeps, per recently written stream, its written head and an index of its command ids
//! ([`StreamCache`]), both loaded from the stream's `A` records on first use. So an append reads nothing
//! from sled in the common case: no head scan, no command-id record (layout 2 has none), and a duplicate
//! costs one read of the original's record. The cache is bounded by streams and by ids ([`CacheLimits`]).
//!
//! The second thread is the syncer, so that its sync overlaps with the next group's apply and sled flush
//! (neither holds sled's lock): the log thread hands each flushed group over, and the syncer syncs once for all
//! groups handed over since its last cycle, then replies in order. In [`Durability::Fsync`] mode it fsyncs
//! sled's files and publishes the groups before it replies, so a record in sled may be flushed but not yet
//! durable; a duplicate command found in sled is answered only once its original is durable. In
//! [`Durability::Flush`] mode the log thread publishes the frontier itself right after the flush (so the next
//! group's staging sees it), and the syncer writes and fdatasyncs the high-water mark that names the groups
//! (see `mark`) before it wakes their writers, so that a power loss that takes an acknowledged write is
//! noticed at the next open.

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, HashSet, VecDeque};
use std::fs::File;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use tokio::sync::{oneshot, watch, OwnedSemaphorePermit, Semaphore};

use crate::codec::{self, AppendRecord, GroupIndexWriter, MetaRecord, SummaryRec, KIND_APPEND};
use crate::mark::LastWrite;
use crate::{AppendRequest, Appended, Durability, StoreError};
use hexfold_store::metrics::Backend;
use std::collections::hash_map::Entry;

/// A txn is `epoch << TXN_EPOCH_SHIFT | n`: 2^40 writes per open, 2^24 opens.
pub(crate) const TXN_EPOCH_SHIFT: u32 = 40;

/// At most this many appends go into one sled `Batch`. Each append is whole inside one batch (that is
/// what makes it atomic); bounding the batch bounds how long sled's exclusive lock stops readers.
pub(crate) const MAX_APPENDS_PER_BATCH: usize = 64;
/// A group keeps taking the writes that queued while it was applied for at most this long before its flush, so
/// the first writes of a group under load wait at most about this much longer.
const MAX_APPLY_BEFORE_FLUSH: std::time::Duration = std::time::Duration::from_millis(2);
/// A group (writes made durable by one flush) holds at most this many writes...
const MAX_GROUP_WRITES: usize = 4096;
/// ...and at most this many payload bytes (at least one write, whatever its size).
const MAX_GROUP_BYTES: usize = 32 << 20;
/// The log thread refuses writes while the file system of the store's directory has less than this much space
/// for unprivileged writers: with room to spare for sled (one group is at most [`MAX_GROUP_BYTES`] of payload,
/// which sled writes two or three times over), so that sled never meets a full disk. sled 0.34 makes a failed
/// write permanent for the open database (every later call fails), so a store that let it happen could only
/// recover by a restart; refusing before it happens lets the store take writes again by itself once space is
/// freed.
pub const MIN_FREE_BYTES: u64 = 128 << 20;
/// In Fsync mode the high-water mark is written at most this often (see `run_syncer`).
const FSYNC_MARK_EVERY: std::time::Duration = std::time::Duration::from_millis(200);
/// While writes are taken, the free space is looked at again at most this often (a `statvfs`, before a
/// group); a disk filling faster than the reserve in this time meets the fallback (a failed write poisons).
const SPACE_PROBE_EVERY: std::time::Duration = std::time::Duration::from_millis(50);
/// While writes are refused for space, the free space is looked at this often even with no writes queued,
/// so the health check turns back to SERVING once space is freed.
const SPACE_RETRY_EVERY: std::time::Duration = std::time::Duration::from_millis(500);
/// How a failure that is a full disk (or a quota, or a file size limit) starts its reason: writers then get
/// [`StoreError::Unavailable`] rather than [`StoreError::Io`].
const DISK_FULL: &str = "the disk holding the store is full";

/// Whether an I/O error says there is no room: ENOSPC, EDQUOT, or EFBIG (a file size limit).
fn is_disk_full(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::StorageFull | io::ErrorKind::FileTooLarge
    ) || matches!(e.raw_os_error(), Some(28 | 122 | 27))
}

/// The reason for a failed I/O `what`, starting with [`DISK_FULL`] when it is one.
fn io_reason(what: &str, e: &io::Error) -> String {
    if is_disk_full(e) {
        format!("{DISK_FULL} ({what}: {e}); writes are refused until the store is reopened")
    } else {
        format!("{what}: {e}")
    }
}

/// The same for a sled error.
fn sled_reason(what: &str, e: sled::Error) -> String {
    match &e {
        sled::Error::Io(io) => io_reason(what, io),
        _ => format!("{what}: {}", crate::sled_error(e)),
    }
}

/// The error writers get for a failure with `reason`.
fn failure_error(reason: String) -> StoreError {
    if reason.starts_with(DISK_FULL) {
        StoreError::Unavailable(reason)
    } else {
        StoreError::Io(reason)
    }
}

/// Queued writes hold permits of one KiB each from a semaphore of this many bytes, so the memory of
/// writes waiting for the log thread is bounded; callers over it wait (backpressure), they are not refused.
pub(crate) const MAX_QUEUED_BYTES: usize = 64 << 20;

/// An append checked and encoded by the caller's task, so the log thread only places and indexes it.
pub(crate) struct PreparedAppend {
    pub(crate) stream: String,
    pub(crate) command_id: String,
    pub(crate) expected_version: Option<u64>,
    /// Number of events in the record.
    pub(crate) events: u64,
    pub(crate) summary: Option<Vec<u8>>,
    /// Versions and `P` values (encoded here, on the caller's task).
    pub(crate) snapshots: Vec<(u64, Vec<u8>)>,
    /// The `A` record with its placement fields still zero (see `AppendRecord::encode_unplaced`). An
    /// `IVec` so sled takes it as is: the log thread writes the placement in place, without a copy.
    pub(crate) record: sled::IVec,
    /// The checksum state of the record's bytes after its placement fields (see `AppendRecord::place`).
    pub(crate) tail: crc32fast::Hasher,
    /// The bytes the request carries, for the queue and group bounds.
    pub(crate) bytes: usize,
}

impl PreparedAppend {
    /// Encodes a request that passed `AppendRequest::check`.
    pub(crate) fn new(req: AppendRequest) -> Self {
        let bytes = crate::request_bytes(&req);
        let (record, tail) =
            AppendRecord::encode_unplaced(&req.command_id, &req.command, &req.events);
        let snapshots = req
            .snapshots
            .iter()
            .map(|(version, bytes)| {
                (
                    *version,
                    codec::encode_snapshot(&req.stream, *version, bytes),
                )
            })
            .collect();
        PreparedAppend {
            events: req.events.len() as u64,
            stream: req.stream,
            command_id: req.command_id,
            expected_version: req.expected_version,
            summary: req.summary,
            snapshots,
            record: sled::IVec::from(record),
            tail,
            bytes,
        }
    }
}

/// One queued write and where to send its outcome.
pub(crate) enum Request {
    Create {
        stream: String,
        meta: Vec<u8>,
        reply: oneshot::Sender<Result<(), StoreError>>,
        _permit: OwnedSemaphorePermit,
    },
    Append {
        req: PreparedAppend,
        reply: oneshot::Sender<Result<Appended, StoreError>>,
        _permit: OwnedSemaphorePermit,
    },
}

impl Request {
    fn size(&self) -> usize {
        match self {
            Request::Create { meta, .. } => meta.len(),
            Request::Append { req, .. } => req.bytes,
        }
    }

    fn fail(self, e: StoreError) {
        // A caller that stopped waiting has dropped its receiver; there is nobody left to tell.
        match self {
            Request::Create { reply, .. } => drop(reply.send(Err(e))),
            Request::Append { reply, .. } => drop(reply.send(Err(e))),
        }
    }
}

/// What callers hand to the log thread, guarded by one mutex.
#[derive(Default)]
pub(crate) struct Queue {
    pub(crate) requests: VecDeque<Request>,
    /// The sum of the queued requests' sizes, so a group can take the whole queue without looking at
    /// each request when it fits the group bounds.
    pub(crate) bytes: usize,
    /// Bumped by `EventStore::flush` to force a flush even when no write is pending (`put_snapshot` writes
    /// outside the log; snapshots carried by an append are part of its batch).
    pub(crate) requested_gen: u64,
    pub(crate) shutdown: bool,
    /// True while the log thread sleeps on the condvar; callers only signal it then (a signal is a
    /// syscall, and a busy log thread looks at the queue anyway when its cycle ends).
    pub(crate) idle: bool,
    /// Set when a write or flush failed: every later write is refused.
    pub(crate) poisoned: Option<Arc<str>>,
}

/// The durable frontier, published after every successful flush.
#[derive(Debug, Clone, Default)]
pub(crate) struct Durable {
    pub(crate) txn: u64,
    pub(crate) global: u64,
    pub(crate) gen: u64,
    /// Set once, when a flush fails: nothing after `txn` will ever be acknowledged.
    pub(crate) failure: Option<Arc<str>>,
}

/// Written (not necessarily durable) head and last append seq of a stream.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tail {
    pub(crate) head: u64,
    pub(crate) seq: u64,
}

/// Hashes a `u64` that is already a hash: the command-id maps are keyed by a keyed hash of the id.
#[derive(Default, Clone, Copy)]
pub(crate) struct PreHashed(u64);

impl Hasher for PreHashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used for the keys; this keeps the hasher total for any other use.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A stream's command-id index: hash of the id -> `(last version, seq)` of the `A` record holding it.
/// Only a hint: a hit is confirmed by reading that record and comparing the id (a different id with the
/// same hash sends the lookup to a scan), and ids with the same hash keep the first one's entry.
pub(crate) type IdIndex = HashMap<u64, (u64, u64), BuildHasherDefault<PreHashed>>;

/// What the log thread remembers of one stream: its written tail and the index of its command ids, both
/// derived from the stream's `A` records (loaded by one scan on first use), so they are a function of the
/// data in sled and never a best-effort guess.
pub(crate) struct StreamCache {
    pub(crate) tail: Tail,
    /// `None` when the stream has more commands than [`CacheLimits::ids_per_stream`]: its lookups then
    /// scan its `A` records.
    pub(crate) ids: Option<IdIndex>,
    /// The group that last used the stream, for eviction.
    pub(crate) used: u64,
}

impl StreamCache {
    fn id_count(&self) -> usize {
        self.ids.as_ref().map_or(0, HashMap::len)
    }
}

/// Bounds of the log thread's stream cache.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CacheLimits {
    pub(crate) streams: usize,
    pub(crate) ids: usize,
}

impl CacheLimits {
    /// One stream may hold at most a quarter of all cached ids, so that loading it never evicts everything.
    fn ids_per_stream(&self) -> usize {
        self.ids / 4
    }
}

/// The log thread's own state. Behind a mutex so that tests can look at it and `find_command` can ask the
/// id index; the log thread holds it only while it stages a group, never while sled applies or
/// flushes, so a lookup waits at most for one staging.
pub(crate) struct LogState {
    pub(crate) last_txn: u64,
    pub(crate) last_global: u64,
    /// Recently written streams, so an append needs neither a reverse scan of sled for the head nor an
    /// index record for its command id. Bounded by [`CacheLimits`]: past a bound, at the start of a group,
    /// the least recently used streams are dropped (down to three quarters of the bounds) and reloaded
    /// from sled when next used. Within a group it can exceed the bounds by the streams that group touches
    /// (at most [`MAX_GROUP_WRITES`]): a stream staged in the group must not be forgotten before its batch
    /// reaches sled, or reloading it would miss the staged appends.
    pub(crate) streams: HashMap<String, StreamCache>,
    /// Total entries of every stream's `ids`.
    pub(crate) cached_ids: usize,
    pub(crate) limits: CacheLimits,
    /// Counts groups, the clock of the eviction.
    pub(crate) group_clock: u64,
    /// Keys the command-id hash, so ids that collide cannot be chosen from outside the process.
    pub(crate) id_hasher: RandomState,
}

impl LogState {
    pub(crate) fn new(last_txn: u64, last_global: u64, limits: CacheLimits) -> Self {
        LogState {
            last_txn,
            last_global,
            streams: HashMap::new(),
            cached_ids: 0,
            limits,
            group_clock: 0,
            id_hasher: RandomState::new(),
        }
    }

    /// Drops the least recently used streams when a bound is passed. Called between groups only.
    fn evict(&mut self) {
        let limits = self.limits;
        if self.streams.len() <= limits.streams && self.cached_ids <= limits.ids {
            return;
        }
        let (keep_streams, keep_ids) = (limits.streams / 4 * 3, limits.ids / 4 * 3);
        let mut by_age: Vec<(u64, usize)> = self
            .streams
            .values()
            .map(|s| (s.used, s.id_count()))
            .collect();
        by_age.sort_unstable();
        let (mut streams, mut ids) = (self.streams.len(), self.cached_ids);
        // Streams last used at or before this group are dropped; ties go too, which only frees more.
        let mut drop_up_to = None;
        for (used, count) in by_age {
            if streams <= keep_streams && ids <= keep_ids {
                break;
            }
            streams -= 1;
            ids -= count;
            drop_up_to = Some(used);
        }
        if let Some(limit) = drop_up_to {
            self.streams.retain(|_, s| s.used > limit);
        }
        self.cached_ids = self.streams.values().map(StreamCache::id_count).sum();
    }
}

/// Reads a stream's tail and command ids from its `A` records. `created` says it was created in the group
/// being staged (so it has no record in sled yet).
fn load_stream(
    db: &sled::Db,
    stream: &str,
    created: bool,
    limits: CacheLimits,
    hasher: &RandomState,
) -> Result<StreamCache, StoreError> {
    let mut tail = None;
    let mut ids = Some(IdIndex::default());
    for item in db.scan_prefix(codec::stream_prefix(KIND_APPEND, stream)) {
        let (key, value) = item.map_err(crate::sled_error)?;
        let (last_version, seq) = codec::append_key_parts(&key, stream)?;
        tail = Some(Tail {
            head: last_version,
            seq,
        });
        if let Some(index) = &mut ids {
            if index.len() >= limits.ids_per_stream() {
                ids = None;
                continue;
            }
            let (_, command_id) = AppendRecord::decode_head(&key, &value)?;
            index
                .entry(hasher.hash_one(command_id))
                .or_insert((last_version, seq));
        }
    }
    let tail = match tail {
        Some(tail) => tail,
        None if created
            || db
                .get(codec::meta_key(stream))
                .map_err(crate::sled_error)?
                .is_some() =>
        {
            Tail { head: 0, seq: 0 }
        }
        None => return Err(StoreError::NotFound),
    };
    Ok(StreamCache { tail, ids, used: 0 })
}

/// The state shared by the store handles and the log thread.
pub(crate) struct Shared {
    pub(crate) db: sled::Db,
    pub(crate) dir: PathBuf,
    pub(crate) durability: Durability,
    pub(crate) queue: Mutex<Queue>,
    pub(crate) wake: Condvar,
    pub(crate) permits: Arc<Semaphore>,
    pub(crate) state: Mutex<LogState>,
    pub(crate) durable: watch::Sender<Durable>,
    pub(crate) position: watch::Sender<u64>,
    /// The high-water mark (see `mark`), written by the second thread (and by `open` before it starts).
    pub(crate) mark: Mutex<crate::mark::MarkFile>,
    /// False while the store refuses writes (see `EventStore::watch_writable`).
    pub(crate) writable: watch::Sender<bool>,
    /// The free-space reserve, [`MIN_FREE_BYTES`]; tests move it to fill and free the disk.
    pub(crate) min_free_bytes: AtomicU64,
    /// Successful flushes since open, for metrics and the group-commit benchmark.
    pub(crate) flushes: AtomicU64,
    /// Makes the next flush fail, so tests can check that a failed flush poisons the store.
    #[cfg(test)]
    pub(crate) fail_next_flush: std::sync::atomic::AtomicBool,
    /// The same for the next fsync (Fsync mode).
    #[cfg(test)]
    pub(crate) fail_next_fsync: std::sync::atomic::AtomicBool,
    /// How many more flushes may complete (`None`: any number). Tests set it to stop the log thread
    /// between applying a group and making it durable, and look at the state in between.
    #[cfg(test)]
    pub(crate) gate: Mutex<Option<u64>>,
    #[cfg(test)]
    pub(crate) gate_changed: Condvar,
    pub(crate) sync_queue: Mutex<SyncQueue>,
    pub(crate) sync_wake: Condvar,
    /// The last txn applied to sled (durable or not), so tests know when a write is in sled.
    #[cfg(test)]
    pub(crate) applied: watch::Sender<u64>,
    /// While true, the log thread stops after applying each part of a group, before it looks for writes to
    /// join the group (woken through `gate_changed`); `part_applied` says how far it got.
    #[cfg(test)]
    pub(crate) hold_joins: Mutex<bool>,
    #[cfg(test)]
    pub(crate) part_applied: watch::Sender<u64>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // Nothing in this module panics while holding a lock; if something did, the data is still usable.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    /// Queues a write for the log thread, or refuses it if the store is poisoned or closing.
    pub(crate) fn submit(&self, request: Request) -> Result<(), StoreError> {
        let mut q = lock(&self.queue);
        if let Some(reason) = &q.poisoned {
            return Err(failure_error(format!(
                "{reason} (the store refuses writes after this failure)"
            )));
        }
        if q.shutdown {
            return Err(StoreError::Io("the store is closing".into()));
        }
        q.bytes += request.size();
        q.requests.push_back(request);
        let idle = q.idle;
        drop(q);
        if idle {
            self.wake.notify_one();
        }
        Ok(())
    }

    /// What the log thread's id index says of `command_id` on `stream`: `None` when it cannot tell (the
    /// stream is not cached or too long to index), `Some(None)` when the id was never staged on the stream,
    /// else the `(last version, seq)` of the record that may hold it (same hash; to be confirmed by reading
    /// it, and it may not be in sled or durable yet).
    pub(crate) fn indexed_command(
        &self,
        stream: &str,
        command_id: &str,
    ) -> Option<Option<(u64, u64)>> {
        let state = lock(&self.state);
        let ids = state.streams.get(stream)?.ids.as_ref()?;
        Some(ids.get(&state.id_hasher.hash_one(command_id)).copied())
    }

    /// Asks for a flush that starts after this call; returns the generation to wait for.
    pub(crate) fn request_flush(&self) -> u64 {
        let mut q = lock(&self.queue);
        q.requested_gen += 1;
        let gen = q.requested_gen;
        drop(q);
        self.wake.notify_one();
        gen
    }

    pub(crate) fn shut_down(&self) {
        lock(&self.queue).shutdown = true;
        self.wake.notify_one();
    }

    /// Makes everything applied so far durable, in either mode: flushed, and sled's files and directories
    /// fsynced. Used at open (so what the mark written at open names is on stable storage, and a new store's
    /// first files are before its creation marker is written) and at close.
    pub(crate) fn sync(&self) -> Result<(), String> {
        self.sled_flush()?;
        fsync_dir(&self.dir).map_err(|e| io_reason(&format!("fsync {}", self.dir.display()), &e))
    }

    /// fsyncs sled's files in Fsync mode (those written since `synced` last looked); nothing in Flush mode.
    fn fsync(&self, synced: &mut SyncedFiles) -> Result<(), String> {
        #[cfg(test)]
        if self.fail_next_fsync.swap(false, Ordering::SeqCst) {
            return Err("injected fsync failure".into());
        }
        if self.durability == Durability::Fsync {
            synced
                .sync(&self.dir)
                .map_err(|e| io_reason(&format!("fsync {}", self.dir.display()), &e))?;
        }
        Ok(())
    }

    /// Whether a test held the log thread here (see `hold_joins`). A held thread then looks for writes to join
    /// whatever the clock says, so such a test does not depend on how fast a loaded machine runs it.
    #[cfg(test)]
    fn hold_before_joining(&self, txn: u64) -> bool {
        self.part_applied.send_replace(txn);
        let mut hold = lock(&self.hold_joins);
        let held = *hold;
        while *hold {
            hold = self
                .gate_changed
                .wait(hold)
                .unwrap_or_else(|p| p.into_inner());
        }
        held
    }

    #[cfg(not(test))]
    fn hold_before_joining(&self, _txn: u64) -> bool {
        false
    }

    /// sled's flush: everything applied so far reaches the OS (and is written back).
    fn sled_flush(&self) -> Result<(), String> {
        #[cfg(test)]
        {
            let mut gate = lock(&self.gate);
            while *gate == Some(0) {
                gate = self
                    .gate_changed
                    .wait(gate)
                    .unwrap_or_else(|p| p.into_inner());
            }
            if let Some(n) = gate.as_mut() {
                *n -= 1;
            }
        }
        #[cfg(test)]
        if self.fail_next_flush.swap(false, Ordering::SeqCst) {
            return Err("injected flush failure".into());
        }
        self.db.flush().map_err(|e| sled_reason("sled flush", e))?;
        Ok(())
    }

    /// Records in the high-water mark, fdatasynced, that everything up to `global` is durable and the last write
    /// was `last` (called after sled's flush, and in Fsync mode after the fsync: the mark never names what is
    /// not durable).
    fn advance_mark(&self, global: u64, last: Option<LastWrite>) -> Result<(), String> {
        lock(&self.mark)
            .advance(global, last)
            .map_err(|e| io_reason(&format!("high-water mark {}", self.dir.display()), &e))
    }

    /// Publishes durable groups and answers their writers. Readers first, then position subscribers (a
    /// subscriber woken by the position must find the events readable), then the writers (once `append`
    /// returns, the position covers it).
    fn publish(&self, done: Vec<Done>) {
        let Some(last) = done.last() else { return };
        self.publish_frontier(last);
        reply_all(done);
    }

    /// Moves the durable frontier to the end of `last`, a group that is durable.
    fn publish_frontier(&self, last: &Done) {
        let (txn, global, gen) = (last.txn, last.global, last.gen);
        self.flushes.fetch_add(1, Ordering::Relaxed);
        self.durable.send_modify(|d| {
            d.txn = txn;
            d.global = global;
            d.gen = gen;
        });
        self.position.send_if_modified(|p| {
            let changed = *p != global;
            *p = global;
            changed
        });
    }

    /// Hands a flushed group to the syncer, or fails it if the syncer has failed.
    fn hand_to_syncer(&self, done: Done) {
        let mut q = lock(&self.sync_queue);
        if let Some(reason) = q.failed.clone() {
            drop(q);
            fail_staged(done.staged, &reason);
            return;
        }
        q.pending.push(done);
        drop(q);
        self.sync_wake.notify_one();
    }

    pub(crate) fn shut_down_syncer(&self) {
        lock(&self.sync_queue).shutdown = true;
        self.sync_wake.notify_one();
    }

    /// Marks the store poisoned and fails everything still queued.
    fn poison(&self, reason: &str) {
        tracing::error!(%reason, "store write or flush failed; the store is poisoned and refuses writes");
        let reason: Arc<str> = Arc::from(reason);
        let queued: Vec<Request> = {
            let mut q = lock(&self.queue);
            q.poisoned = Some(Arc::clone(&reason));
            q.bytes = 0;
            q.requests.drain(..).collect()
        };
        for r in queued {
            r.fail(failure_error(format!(
                "{reason} (the store refuses writes after this failure)"
            )));
        }
        self.durable.send_modify(|d| d.failure = Some(reason));
        self.writable.send_replace(false);
    }
}

/// A write staged in the current group, answered once durable. It keeps its queue permit until then, so
/// the bound on queued bytes covers writes waiting for their flush or fsync too.
struct Staged {
    reply: Reply,
    _permit: OwnedSemaphorePermit,
}

enum Reply {
    Created(oneshot::Sender<Result<(), StoreError>>),
    Appended(oneshot::Sender<Result<Appended, StoreError>>, Appended),
}

/// A flushed group waiting to be published: the frontier it reaches and whom to answer.
pub(crate) struct Done {
    txn: u64,
    global: u64,
    gen: u64,
    /// The group's last write, for the high-water mark.
    last: Option<LastWrite>,
    staged: Vec<Staged>,
}

/// Flushed groups handed from the log thread to the syncer.
#[derive(Default)]
pub(crate) struct SyncQueue {
    pending: Vec<Done>,
    shutdown: bool,
    failed: Option<Arc<str>>,
}

/// One cycle's writes: the sled batches and what to answer once they are durable.
struct Group<'a> {
    db: &'a sled::Db,
    /// The durable txn when the group started.
    durable_txn: u64,
    state: &'a mut LogState,
    /// Closed batches, each with its `G` record.
    batches: Vec<sled::Batch>,
    /// The batch being filled, and the `G` record of its appends with events.
    batch: sled::Batch,
    index: GroupIndexWriter,
    appends_in_batch: usize,
    staged: Vec<Staged>,
    /// Streams created in this group (not in sled yet).
    created: HashSet<String>,
    /// Appends staged in this group (not in sled yet): stream, command id, result. Looked at only when a
    /// command id is not found in sled, which is rare (a duplicate within one group, a hash collision, or a
    /// stream too long for the id cache), so a list is enough.
    pending: Vec<(String, String, Appended)>,
    /// The durable summary each summary written in this group must fall back to.
    summary_fallback: HashMap<String, Option<(u64, Vec<u8>)>>,
    /// The last write staged (a creation, or an append that is not a duplicate), for the high-water mark.
    last_write: Option<LastWrite>,
}

/// Where a command id was found.
enum Found {
    /// In an `A` record in sled, with the record's txn.
    Stored(Appended, u64),
    /// Staged earlier in this group.
    Pending(Appended),
    Absent,
}

impl<'a> Group<'a> {
    fn new(db: &'a sled::Db, durable_txn: u64, state: &'a mut LogState) -> Self {
        state.evict();
        state.group_clock += 1;
        Group {
            db,
            durable_txn,
            state,
            batches: Vec::new(),
            batch: sled::Batch::default(),
            index: GroupIndexWriter::new(),
            appends_in_batch: 0,
            staged: Vec::new(),
            created: HashSet::new(),
            pending: Vec::new(),
            summary_fallback: HashMap::new(),
            last_write: None,
        }
    }

    fn next_txn(&self) -> Result<u64, StoreError> {
        let mask = (1u64 << TXN_EPOCH_SHIFT) - 1;
        if self.state.last_txn & mask == mask {
            return Err(StoreError::Io(
                "this open has used its 2^40 txns; reopen the store to start a new epoch".into(),
            ));
        }
        Ok(self.state.last_txn + 1)
    }

    /// Adds the `G` record to the batch being filled and sets it aside.
    fn close_batch(&mut self) {
        let mut batch = std::mem::take(&mut self.batch);
        let index = std::mem::replace(&mut self.index, GroupIndexWriter::new());
        if let Some((key, value)) = index.finish() {
            batch.insert(&key, value);
        }
        self.batches.push(batch);
        self.appends_in_batch = 0;
    }

    /// Makes room for one more write in the current batch: a new batch every MAX_APPENDS_PER_BATCH writes.
    fn count_write(&mut self) {
        if self.appends_in_batch == MAX_APPENDS_PER_BATCH {
            self.close_batch();
        }
        self.appends_in_batch += 1;
    }

    /// The sled batches of the group in order, whom to answer, and its last write.
    fn finish(mut self) -> (Vec<sled::Batch>, Vec<Staged>, Option<LastWrite>) {
        if self.appends_in_batch > 0 {
            self.close_batch();
        }
        (self.batches, self.staged, self.last_write)
    }

    fn stage(&mut self, request: Request) {
        match request {
            Request::Create {
                stream,
                meta,
                reply,
                _permit,
            } => match self.stage_create(stream, &meta) {
                Ok(()) => self.staged.push(Staged {
                    reply: Reply::Created(reply),
                    _permit,
                }),
                Err(e) => drop(reply.send(Err(e))),
            },
            Request::Append {
                req,
                reply,
                _permit,
            } => match self.stage_append(req) {
                // A duplicate whose original is already durable: answer now.
                Ok((appended, false)) => drop(reply.send(Ok(appended))),
                Ok((appended, true)) => self.staged.push(Staged {
                    reply: Reply::Appended(reply, appended),
                    _permit,
                }),
                Err(e) => drop(reply.send(Err(e))),
            },
        }
    }

    fn stage_create(&mut self, stream: String, meta: &[u8]) -> Result<(), StoreError> {
        let key = codec::meta_key(&stream);
        if self.created.contains(&stream) || self.db.get(&key).map_err(crate::sled_error)?.is_some()
        {
            return Err(StoreError::AlreadyExists);
        }
        let txn = self.next_txn()?;
        self.count_write();
        self.batch
            .insert(key, MetaRecord::encode(&stream, txn, meta));
        self.state.last_txn = txn;
        self.last_write = Some(LastWrite {
            stream: stream.clone(),
            version: 0,
            appends: 0,
        });
        self.created.insert(stream);
        Ok(())
    }

    /// Reads the `A` record at `(last_version, seq)` and returns its result if it holds `command_id`.
    fn stored_append(
        &self,
        stream: &str,
        command_id: &str,
        last_version: u64,
        seq: u64,
    ) -> Result<Option<(Appended, u64)>, StoreError> {
        let key = codec::append_key(stream, last_version, seq);
        let Some(raw) = self.db.get(&key).map_err(crate::sled_error)? else {
            return Ok(None);
        };
        let rec = AppendRecord::decode(&key, &raw, last_version)?;
        if rec.command_id != command_id {
            return Ok(None);
        }
        let appended = Appended {
            first_version: rec.first_version,
            last_version,
            first_global: rec.first_global,
            duplicate: true,
        };
        Ok(Some((appended, rec.txn)))
    }

    /// Finds an earlier append of `command_id` (whose hash is `hash`) on the stream: the id index gives
    /// the candidate record, and whatever it cannot settle (a hash shared with another id, a stream too
    /// long to index, an original staged in this group) is settled by this group's list and a scan of
    /// the stream's records.
    fn find_command(
        &self,
        stream: &str,
        command_id: &str,
        hash: u64,
        ids: Option<&IdIndex>,
    ) -> Result<Found, StoreError> {
        let hint = match ids {
            Some(ids) => match ids.get(&hash) {
                // Not in the index: neither in sled nor staged (staging indexes every append).
                None => return Ok(Found::Absent),
                Some(&at) => Some(at),
            },
            None => None,
        };
        if let Some((last_version, seq)) = hint {
            if let Some((appended, txn)) =
                self.stored_append(stream, command_id, last_version, seq)?
            {
                return Ok(Found::Stored(appended, txn));
            }
        }
        if let Some((_, _, appended)) = self
            .pending
            .iter()
            .find(|(s, id, _)| s == stream && id == command_id)
        {
            return Ok(Found::Pending(*appended));
        }
        for item in self
            .db
            .scan_prefix(codec::stream_prefix(KIND_APPEND, stream))
        {
            let (key, value) = item.map_err(crate::sled_error)?;
            let (last_version, _) = codec::append_key_parts(&key, stream)?;
            let (_, id) = AppendRecord::decode_head(&key, &value)?;
            if id == command_id {
                let rec = AppendRecord::decode(&key, &value, last_version)?;
                let appended = Appended {
                    first_version: rec.first_version,
                    last_version,
                    first_global: rec.first_global,
                    duplicate: true,
                };
                return Ok(Found::Stored(appended, rec.txn));
            }
        }
        Ok(Found::Absent)
    }

    /// Stages one append. Returns its result and whether it must wait for this group's flush.
    fn stage_append(&mut self, mut req: PreparedAppend) -> Result<(Appended, bool), StoreError> {
        let hash = self.state.id_hasher.hash_one(req.command_id.as_str());
        let stream = std::mem::take(&mut req.stream);
        // The cache entry is taken out of the map while the append is staged (one lookup instead of
        // several) and put back below whatever the outcome.
        let mut cache = match self.state.streams.remove_entry(stream.as_str()) {
            Some(entry) => entry,
            None => {
                let loaded = load_stream(
                    self.db,
                    &stream,
                    self.created.contains(&stream),
                    self.state.limits,
                    &self.state.id_hasher,
                )?;
                self.state.cached_ids += loaded.id_count();
                (stream.clone(), loaded)
            }
        };
        cache.1.used = self.state.group_clock;
        let result = self.stage_loaded(&stream, &mut req, hash, &mut cache.1);
        let tail = cache.1.tail;
        self.state.streams.insert(cache.0, cache.1);
        let (appended, wait) = result?;
        if !appended.duplicate {
            self.last_write = Some(LastWrite {
                stream: stream.clone(),
                version: tail.head,
                appends: tail.seq,
            });
            self.pending.push((stream, req.command_id, appended));
        }
        Ok((appended, wait))
    }

    /// The body of [`Group::stage_append`], with the stream's cache entry in hand (and the stream's name
    /// taken out of `req`). Takes the record and the summary out of `req` when it stages the append.
    fn stage_loaded(
        &mut self,
        stream: &str,
        req: &mut PreparedAppend,
        hash: u64,
        cache: &mut StreamCache,
    ) -> Result<(Appended, bool), StoreError> {
        let command_id = req.command_id.as_str();
        match self.find_command(stream, command_id, hash, cache.ids.as_ref())? {
            Found::Pending(original) => {
                return Ok((
                    Appended {
                        duplicate: true,
                        ..original
                    },
                    true,
                ))
            }
            // In Fsync mode the original may be flushed but not fsynced yet: then the duplicate is
            // answered with this group, whose durability implies the original's.
            Found::Stored(original, txn) => return Ok((original, txn > self.durable_txn)),
            Found::Absent => {}
        }

        let tail = cache.tail;
        if let Some(expected) = req.expected_version {
            if expected != tail.head {
                return Err(StoreError::Conflict {
                    expected,
                    actual: tail.head,
                });
            }
        }
        let txn = self.next_txn()?;
        let seq = tail.seq + 1;
        let count = req.events;
        let first_version = tail.head + 1;
        let last_version = tail.head + count;
        let first_global = self.state.last_global + 1;
        let last_global = self.state.last_global + count;

        let summary = match req.summary.take() {
            Some(summary) => {
                let key = codec::summary_key(stream);
                let fallback = match self.summary_fallback.get(stream) {
                    Some(fallback) => fallback.clone(),
                    None => match self.db.get(&key).map_err(crate::sled_error)? {
                        Some(raw) => {
                            let current = SummaryRec::decode(&key, &raw)?;
                            if current.txn <= self.durable_txn {
                                Some((current.txn, current.summary))
                            } else {
                                current.durable_before
                            }
                        }
                        None => None,
                    },
                };
                let rec = SummaryRec {
                    txn,
                    summary,
                    durable_before: fallback.clone(),
                };
                self.summary_fallback.insert(stream.to_owned(), fallback);
                let value = rec.encode(stream);
                Some((key, value))
            }
            None => None,
        };

        let mut record = std::mem::take(&mut req.record);
        let key = codec::append_key(stream, last_version, seq);
        AppendRecord::place(
            &mut record,
            &key,
            &req.tail,
            txn,
            first_version,
            first_global,
        );
        self.count_write();
        self.batch.insert(key, record);
        if count > 0 {
            self.index
                .push(first_global, stream, last_version, seq, count);
        }
        if let Some((key, value)) = summary {
            self.batch.insert(key, value);
        }
        for (version, value) in std::mem::take(&mut req.snapshots) {
            if (first_version..=last_version).contains(&version) {
                self.batch
                    .insert(codec::snapshot_key(stream, version), value);
            }
        }

        self.state.last_txn = txn;
        self.state.last_global = last_global;
        cache.tail = Tail {
            head: last_version,
            seq,
        };
        if let Some(ids) = &mut cache.ids {
            if ids.len() >= self.state.limits.ids_per_stream() {
                // Too many commands to index this stream: its lookups scan from now on.
                self.state.cached_ids -= ids.len();
                cache.ids = None;
            } else if let Entry::Vacant(slot) = ids.entry(hash) {
                slot.insert((last_version, seq));
                self.state.cached_ids += 1;
            }
        }
        let appended = Appended {
            first_version,
            last_version,
            first_global,
            duplicate: false,
        };
        Ok((appended, true))
    }
}

/// Takes the next group of requests, sleeping while there is nothing to do, for at most `wait` when given
/// (then the group may be empty). `None` means shut down.
fn next_group(
    shared: &Shared,
    done_gen: u64,
    wait: Option<std::time::Duration>,
) -> Option<(VecDeque<Request>, u64)> {
    let mut q = lock(&shared.queue);
    loop {
        if !q.requests.is_empty() || q.requested_gen > done_gen {
            break;
        }
        if q.shutdown {
            return None;
        }
        q.idle = true;
        match wait {
            None => q = shared.wake.wait(q).unwrap_or_else(|p| p.into_inner()),
            Some(wait) => {
                let (guard, timeout) = shared
                    .wake
                    .wait_timeout(q, wait)
                    .unwrap_or_else(|p| p.into_inner());
                q = guard;
                if timeout.timed_out() {
                    q.idle = false;
                    break;
                }
            }
        }
        q.idle = false;
    }
    Some(take_group(&mut q))
}

/// The writes queued right now, if any, without waiting.
fn more_writes(shared: &Shared) -> Option<(VecDeque<Request>, u64)> {
    let mut q = lock(&shared.queue);
    (!q.requests.is_empty()).then(|| take_group(&mut q))
}

/// Takes queued writes up to the group bounds, with the flush generation they satisfy.
fn take_group(q: &mut Queue) -> (VecDeque<Request>, u64) {
    if q.requests.len() <= MAX_GROUP_WRITES && q.bytes <= MAX_GROUP_BYTES {
        q.bytes = 0;
        return (std::mem::take(&mut q.requests), q.requested_gen);
    }
    let mut taken = VecDeque::new();
    let mut bytes = 0;
    while let Some(next) = q.requests.front() {
        let size = next.size();
        if !taken.is_empty() && (taken.len() >= MAX_GROUP_WRITES || bytes + size > MAX_GROUP_BYTES)
        {
            break;
        }
        bytes += size;
        q.bytes -= size;
        taken.extend(q.requests.pop_front());
    }
    (taken, q.requested_gen)
}

/// The log thread's body. Returns on shutdown (after answering everything queued) or after a failure.
pub(crate) fn run(shared: Arc<Shared>) {
    let mut done_gen = shared.durable.borrow().gen;
    let mut space = SpaceWatch::default();
    while let Some((mut requests, mut gen)) = next_group(
        &shared,
        done_gen,
        space.refusing.then_some(SPACE_RETRY_EVERY),
    ) {
        if let Err(reason) = space.check(&shared) {
            // Refused before sled sees them, so nothing was written; the flush a caller may be waiting
            // for still runs (it writes no new data).
            for request in requests.drain(..) {
                request.fail(StoreError::Unavailable(reason.clone()));
            }
        }
        // Writes that queue while a group is applied join it before its flush (up to the bounds): under load
        // the flush, a fixed cost per group, is shared by more writes, and the log thread spends its time
        // applying rather than waiting on the disk. When nothing queued meanwhile, the group is flushed at
        // once, as before.
        let started = std::time::Instant::now();
        let mut staged = Vec::new();
        let mut last = None;
        let (mut txn, mut global);
        loop {
            let durable_txn = shared.durable.borrow().txn;
            let mut state = lock(&shared.state);
            let mut group = Group::new(&shared.db, durable_txn, &mut state);
            for request in requests {
                group.stage(request);
            }
            let (batches, part, part_last) = group.finish();
            last = part_last.or(last);
            (txn, global) = (state.last_txn, state.last_global);
            drop(state);
            let any = !part.is_empty();
            staged.extend(part);
            for batch in batches.into_iter().filter(|_| any) {
                if let Err(e) = shared.db.apply_batch(batch) {
                    let reason = sled_reason("sled write", e);
                    fail_staged(staged, &reason);
                    shared.poison(&reason);
                    return;
                }
            }
            let held = shared.hold_before_joining(txn);
            // A group whose writes were refused for space takes no others: they wait for the next check.
            if space.refusing
                || staged.len() >= MAX_GROUP_WRITES
                || (!held && started.elapsed() >= MAX_APPLY_BEFORE_FLUSH)
            {
                break;
            }
            match more_writes(&shared) {
                Some((more, more_gen)) => (requests, gen) = (more, gen.max(more_gen)),
                None => break,
            }
        }
        #[cfg(test)]
        shared.applied.send_replace(txn);

        if staged.is_empty() && gen <= done_gen {
            continue;
        }
        let flushing = std::time::Instant::now();
        let flushed = shared.sled_flush();
        hexfold_store::metrics::group(Backend::Sled, flushing.elapsed(), staged.len());
        if let Err(reason) = flushed {
            // Never acknowledge what is not durable: the staged writers hear of the failure, and the
            // store refuses every later write. sled may hold the unflushed writes in memory, but readers
            // only see up to the last durable txn, which stays where it is.
            fail_staged(staged, &reason);
            shared.poison(&reason);
            return;
        }
        done_gen = gen;
        let done = Done {
            txn,
            global,
            gen,
            last,
            staged,
        };
        if shared.durability == Durability::Flush {
            // Flushed, which is this mode's durability: readers see it at once, and the next group's staging
            // knows it (its summary fallbacks and duplicate answers depend on the durable txn). The high-water
            // mark and waking the writers are left to the second thread, so this one goes on with the next group
            // meanwhile.
            shared.publish_frontier(&done);
        }
        shared.hand_to_syncer(done);
    }
}

/// The log thread's view of the free space of the store's file system (see [`MIN_FREE_BYTES`]).
#[derive(Default)]
struct SpaceWatch {
    /// True while writes are refused for lack of space.
    refusing: bool,
    checked: Option<std::time::Instant>,
}

impl SpaceWatch {
    /// Whether writes may go to sled now; looks at the file system when due, and tells the health check
    /// (`Shared::writable`) when the answer changes.
    fn check(&mut self, shared: &Shared) -> Result<(), String> {
        let due = self.refusing
            || self
                .checked
                .is_none_or(|at| at.elapsed() >= SPACE_PROBE_EVERY);
        if !due {
            return Ok(());
        }
        self.checked = Some(std::time::Instant::now());
        let min = shared.min_free_bytes.load(Ordering::Relaxed);
        let free = match rustix::fs::statvfs(&shared.dir) {
            Ok(fs) => fs.f_bavail.saturating_mul(fs.f_frsize),
            // A file system that cannot say is not refused for it: sled's own errors still stop writes.
            Err(_) => u64::MAX,
        };
        if free >= min {
            if self.refusing {
                self.refusing = false;
                tracing::warn!(free, "free space is back; the store takes writes again");
                shared.writable.send_replace(true);
            }
            return Ok(());
        }
        if !self.refusing {
            self.refusing = true;
            tracing::error!(
                free,
                reserve = min,
                "the disk holding the store is nearly full; writes are refused until space is freed"
            );
            shared.writable.send_replace(false);
        }
        Err(format!(
            "{DISK_FULL}: {free} bytes are free, under the {min} the store keeps in reserve; writes are refused \
             until space is freed (reads go on, and nothing acknowledged is affected)"
        ))
    }
}

/// The syncer's body: for every flushed group handed over since its last cycle, in Fsync mode one fsync of
/// sled's files, then publish and reply; in Flush mode (the log thread published the groups) one write and
/// fdatasync of the high-water mark that names them, then reply.
pub(crate) fn run_syncer(shared: Arc<Shared>) {
    // In Fsync mode the high-water mark is written and fdatasynced after the fsync of the groups it names, at
    // most every FSYNC_MARK_EVERY, and when the store closes; `unmarked` is what it will say next. It is
    // kept out of the fsync of the directory: one more file synced in every cycle made each cycle a third
    // longer (measured), and the syncer's cycle is what bounds Fsync mode's throughput. So the mark on disk
    // never names a group whose fsync had not completed, and lags the acknowledged frontier by at most that
    // interval, exact once the store is closed.
    let mut unmarked: Option<(u64, Option<LastWrite>)> = None;
    // When the mark was last synced by this thread in Fsync mode (`None`: not since open).
    let mut marked_at: Option<std::time::Instant> = None;
    let mut synced_files = SyncedFiles::default();
    loop {
        let done = {
            let mut q = lock(&shared.sync_queue);
            while q.pending.is_empty() && !q.shutdown {
                q = shared.sync_wake.wait(q).unwrap_or_else(|p| p.into_inner());
            }
            if q.pending.is_empty() {
                drop(q);
                close(&shared, unmarked.take());
                return;
            }
            std::mem::take(&mut q.pending)
        };
        let synced = match shared.durability {
            // The mark is written and fdatasynced for every cycle, once for all the groups handed over since
            // the last one, before their writers are answered: a power loss that takes any of them (sled's
            // files are not synced in this mode) then meets a mark that names them, and the store is refused.
            // Written here and not on the log thread, so that a write of the mark is always synced before the
            // next one: the slot it did not write still holds the last synced mark whole, whatever a torn
            // write-back does to the other one.
            Durability::Flush => match done.iter().rev().find_map(|d| d.last.clone()) {
                Some(last) => {
                    let global = done.last().map_or(0, |d| d.global);
                    shared.advance_mark(global, Some(last))
                }
                // Groups with nothing new (duplicates, flushes asked for): the mark already names it all.
                None => Ok(()),
            },
            Durability::Fsync => {
                let syncing = std::time::Instant::now();
                let mut synced = shared.fsync(&mut synced_files);
                hexfold_store::metrics::fsync(Backend::Sled, syncing.elapsed());
                if synced.is_ok() {
                    if let Some(newest) = done.last() {
                        let last = done.iter().rev().find_map(|d| d.last.clone());
                        let earlier = unmarked.take().and_then(|(_, last)| last);
                        unmarked = Some((newest.global, last.or(earlier)));
                    }
                    if marked_at.is_none_or(|at| at.elapsed() >= FSYNC_MARK_EVERY) {
                        if let Some((global, last)) = unmarked.take() {
                            marked_at = Some(std::time::Instant::now());
                            synced = shared.advance_mark(global, last);
                        }
                    }
                }
                synced
            }
        };
        if let Err(reason) = synced {
            let later = {
                let mut q = lock(&shared.sync_queue);
                q.failed = Some(Arc::from(reason.as_str()));
                std::mem::take(&mut q.pending)
            };
            for d in done.into_iter().chain(later) {
                fail_staged(d.staged, &reason);
            }
            shared.poison(&reason);
            return;
        }
        match shared.durability {
            Durability::Flush => reply_all(done),
            Durability::Fsync => shared.publish(done),
        }
    }
}

/// At close, once the log thread has stopped: in Fsync mode the mark's last word, synced; in Flush mode sled's
/// files fsynced (the mark already names every group), so a store that was closed survives a power loss in
/// either mode.
fn close(shared: &Shared, unmarked: Option<(u64, Option<LastWrite>)>) {
    if lock(&shared.queue).poisoned.is_some() {
        return;
    }
    let closed = match shared.durability {
        Durability::Fsync => match unmarked {
            Some((global, last)) => shared.advance_mark(global, last),
            None => Ok(()),
        },
        Durability::Flush => shared
            .db
            .flush()
            .map_err(|e| sled_reason("sled flush", e))
            .and_then(|_| {
                fsync_dir(&shared.dir)
                    .map_err(|e| io_reason(&format!("fsync {}", shared.dir.display()), &e))
            }),
    };
    if let Err(reason) = closed {
        tracing::error!(%reason, "the store was not made durable at close");
    }
}

/// Answers the writers of durable groups (whose frontier is published).
fn reply_all(done: Vec<Done>) {
    for s in done.into_iter().flat_map(|d| d.staged) {
        match s.reply {
            Reply::Created(reply) => drop(reply.send(Ok(()))),
            Reply::Appended(reply, appended) => drop(reply.send(Ok(appended))),
        }
    }
}

fn fail_staged(staged: Vec<Staged>, reason: &str) {
    let e = || failure_error(format!("{reason} (the write was not made durable)"));
    for s in staged {
        match s.reply {
            Reply::Created(reply) => drop(reply.send(Err(e()))),
            Reply::Appended(reply, _) => drop(reply.send(Err(e()))),
        }
    }
}

/// The file sled 0.34 writes in place, its log: every cycle of the syncer syncs it. sled's other files are
/// written once under names of their own (`blobs/<lsn>`; `snap.<lsn>`, renamed from `snap.<lsn>.generating`),
/// or at open (`conf`), so a name, size or time that changed shows every write to them.
const SLED_LOG: &str = "db";

/// An entry's inode, size and change times, as the syncer last synced it.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Stamp {
    ino: u64,
    len: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt as _;
        Stamp {
            ino: meta.ino(),
            len: meta.len(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        }
    }
}

/// What the syncer's last cycle synced under the store's directory, so that each cycle (one per group commit in
/// Fsync mode) syncs sled's log and only what else changed: a file whose stamp changed, a directory whose
/// entries changed. Syncing the same set every time cost a device cache flush per file and per directory,
/// changed or not (ext4 sends one for every fsync), about four per cycle where one is needed. What it syncs is
/// what [`fsync_dir`] syncs; a failure forgets everything, so the next cycle syncs it all again.
///
/// A cycle opens no file it does not sync: the log stays open from one cycle to the next, and the other files'
/// stamps are read by path. Opening each file to look at it cost an `openat` and a `close` per file per cycle:
/// `strace -c` of the syncer during `load --durability fsync --paced-rate 2000` counted 4.9 opens per cycle
/// before and 2.0 after (the listings of the store's directory and of `blobs/`).
#[derive(Default)]
pub(crate) struct SyncedFiles {
    /// sled's log, opened at the first cycle.
    log: Option<File>,
    /// Per directory (the store's own included): its entries' names and inodes, sorted.
    dirs: HashMap<PathBuf, Vec<(std::ffi::OsString, u64)>>,
    /// Per file but sled's log and the high-water mark.
    files: HashMap<PathBuf, Stamp>,
}

impl SyncedFiles {
    /// Syncs what changed under `dir` since the last call; returns how many files and directories it synced.
    pub(crate) fn sync(&mut self, dir: &Path) -> io::Result<usize> {
        let mut next = SyncedFiles::default();
        let result = self.sync_log(dir).and_then(|log| {
            next.log = Some(log);
            self.sync_dir(dir, true, &mut next).map(|n| n + 1)
        });
        // What was not seen this time is gone; what failed is synced again next time, from a log opened anew.
        *self = if result.is_ok() {
            next
        } else {
            SyncedFiles::default()
        };
        result
    }

    /// fdatasyncs sled's log, from the handle kept since the first cycle.
    fn sync_log(&mut self, dir: &Path) -> io::Result<File> {
        let log = match self.log.take() {
            Some(log) => log,
            None => File::open(dir.join(SLED_LOG))?,
        };
        log.sync_data()?;
        Ok(log)
    }

    fn sync_dir(&self, dir: &Path, top: bool, next: &mut SyncedFiles) -> io::Result<usize> {
        use std::os::unix::fs::DirEntryExt as _;
        let mut entries = Vec::new();
        let mut synced = 0;
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name();
            // The high-water mark is synced on its own (see `run_syncer`), the log by `sync_log`.
            if top && name == crate::mark::MARK_FILE {
                continue;
            }
            if top && name == SLED_LOG {
                entries.push((name, entry.ino()));
                continue;
            }
            let path = entry.path();
            let result = match entry.file_type()? {
                t if t.is_dir() => self.sync_dir(&path, false, next),
                t if t.is_file() => self.sync_file(path, next),
                _ => Ok(0),
            };
            match result {
                // sled renames and removes its own snapshot files while running; a file that vanished between
                // listing and opening holds nothing we need.
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                other => synced += other?,
            }
            entries.push((name, entry.ino()));
        }
        entries.sort_unstable();
        if self.dirs.get(dir) != Some(&entries) {
            File::open(dir)?.sync_all()?;
            synced += 1;
        }
        next.dirs.insert(dir.to_path_buf(), entries);
        Ok(synced)
    }

    /// Syncs a file unless its stamp is the one it had when last synced. The stamp is taken before the sync,
    /// so a write that lands meanwhile changes it for the next cycle; the file is opened only to be synced.
    fn sync_file(&self, path: PathBuf, next: &mut SyncedFiles) -> io::Result<usize> {
        let stamp = Stamp::of(&std::fs::symlink_metadata(&path)?);
        let changed = self.files.get(&path) != Some(&stamp);
        if changed {
            File::open(&path)?.sync_all()?;
        }
        next.files.insert(path, stamp);
        Ok(usize::from(changed))
    }
}

/// fsyncs every file under `dir` but the high-water mark, then the directories themselves, so file contents, sizes and names
/// reach stable storage.
fn fsync_dir(dir: &Path) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        // The high-water mark is synced on its own (see `run_syncer`).
        if entry.file_name() == crate::mark::MARK_FILE {
            continue;
        }
        let result = match entry.file_type()? {
            t if t.is_dir() => fsync_dir(&entry.path()),
            t if t.is_file() => File::open(entry.path()).and_then(|f| f.sync_all()),
            _ => Ok(()),
        };
        match result {
            // sled renames and removes its own snapshot files while running; a file that vanished between
            // listing and opening holds nothing we need.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            other => other?,
        }
    }
    File::open(dir)?.sync_all()
}

//! hexfold's sled backend: [`SledStore`], append-only event streams over sled 0.34 with group commit and
//! read-committed reads, implementing [`hexfold_store::EventStore`], and the operator's tools for its files
//! ([`check`], [`salvage`]).
//!
//! It owns the on-disk layout (documented in `src/codec.rs`) and the rule that nothing is acknowledged or read
//! before it is durable; `src/sled_async.rs` puts it behind the trait without running any sled call on an async
//! worker. The trait is all a caller gets: `SledStore`'s own public API is [`SledStore::open`] and
//! [`SledStore::flush_count`], and its blocking reads are private. The trait, its types, limits and error are
//! the `hexfold-store` crate's; its contract suite runs against this backend in `tests/sled.rs`.
//!
//! It must not depend on any game, on the rules crate, on protobuf or on gRPC. Its only I/O is sled, the
//! high-water mark and the creation marker beside sled's files (`src/mark.rs`), a raw read of sled's log for
//! `salvage` (`src/raw.rs`), `statvfs` of the directory for its free-space reserve, and fsync of
//! the directory's files (after each group in [`Durability::Fsync`] mode, at open and close in either).
//!
//! # Guarantees of the sled backend
//! The trait's contract (see [`EventStore`]), and how sled keeps it:
//! - An append is atomic: its events and command (one record), the global index record of its batch, the
//!   stream summary and the snapshots it carries go into one sled `Batch` (with other appends of its group),
//!   which sled recovers all-or-nothing.
//! - `append` and `create_stream` return only once their write is durable per [`Durability`]; concurrent
//!   writes share one flush (see `log`).
//! - Reads never show a write that is not durable: every record carries a write number (txn), and readers
//!   hide those past the durable frontier the log thread publishes.
//! - A repeated command id on a stream returns the original [`Appended`] with `duplicate: true` and writes
//!   nothing, across restarts (the ids are read back from the stream's records, not from a cache that
//!   could forget them). The id is checked before the expected version. The repeated request's
//!   command bytes are not compared with the original's: the id alone names the command.
//! - An append with zero events is accepted: it records the command id (so the command is idempotent and
//!   shows in [`EventStore::commands`]) and changes no version. Its [`Appended`] has
//!   `first_version = head + 1`, `last_version = head` and `first_global` = the next global position, the
//!   usual "empty range" convention.
//! - While the file system of the store has less free space than [`MIN_FREE_BYTES`], writes are refused with
//!   [`StoreError::Unavailable`] before sled sees them, [`EventStore::watch_writable`] says `false`, and the
//!   store takes writes again by itself once space is freed.
//! - If a write or flush fails anyway, every waiting write fails ([`StoreError::Unavailable`] when the disk
//!   was full, else [`StoreError::Io`]) and the store refuses all later writes (it is poisoned, and
//!   `watch_writable` says `false`) until it is reopened: sled 0.34 fails every call of a database after one
//!   failed write. Reads keep working up to the last durable point.
//!
//! - A store written by layout 1 (before per-batch global index records) is migrated at open, in place,
//!   idempotently (see `src/migrate.rs`); an unknown layout is refused with [`StoreError::Corrupt`].

mod check;
mod codec;
mod log;
mod mark;
mod migrate;
mod raw;
mod readers;
mod sled_async;

use std::ops::Bound;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use hexfold_store::{
    check_len, check_stream_name, request_bytes, AppendRequest, Appended, CommandRecord,
    EventStore, GlobalRecord, Recorded, StoreError, StreamListing, MAX_EVENTS_PER_APPEND,
    MAX_LIST_STREAMS, MAX_META_BYTES, MAX_READ_BACKWARDS, MAX_READ_GLOBAL, MAX_SNAPSHOT_BYTES,
    MAX_STREAM_NAME_BYTES,
};
use tokio::sync::{oneshot, watch, OwnedSemaphorePermit, Semaphore};

pub use check::{check, salvage, SalvageReport};
use codec::{
    AppendRecord, MetaRecord, SummaryRec, KIND_APPEND, KIND_GLOBAL, KIND_META, LAYOUT_V1,
    LAYOUT_V2, LAYOUT_VERSION,
};
pub use log::MIN_FREE_BYTES;
use log::{CacheLimits, Durable, LogState, Queue, Request, Shared, TXN_EPOCH_SHIFT};
pub use mark::{CREATED_FILE, MARK_FILE};

/// [`SledStore`]'s [`EventStore`] reads run on the store's own reader threads, at most this many at a time (and
/// at most this many threads) per store; later ones wait (asynchronously) for a free slot. The reads are
/// short and mostly served from sled's cache, so more threads at once would mostly contend for the cores and
/// for sled's lock; the bound also keeps a burst of readers (many subscribers catching up at once) from
/// starting a thread each, and bounds the memory of the answers being built.
pub const MAX_CONCURRENT_READS: usize = 32;
/// sled's page cache, by sled's own count of the pages it holds (sled's default is 1 GiB). Pages past it are
/// dropped and read again from sled's files when needed: the games being played stay in it, and a read of
/// old games (an export, a listing of every game) cannot grow the process past it.
pub const SLED_CACHE_BYTES: u64 = 256 << 20;
/// The writer remembers the head and command ids of at most this many streams; past that it forgets the
/// least recently written ones and reloads them from sled (one scan of the stream's records) when next
/// written, so memory stays bounded with any number of games.
pub const MAX_CACHED_STREAMS: usize = 65_536;
/// The writer's command-id index holds at most this many ids over all cached streams (24 bytes each in a
/// hash table, so some 30 to 60 MiB at the bound), evicting streams the same way. A single stream with more than a quarter of
/// this many commands is not indexed: its appends scan its records to find duplicates.
pub const MAX_CACHED_COMMAND_IDS: usize = 1 << 20;

const MAX_EPOCH: u64 = (1 << (64 - TXN_EPOCH_SHIFT)) - 1;

/// How far a write must reach before it is acknowledged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// sled's flush (sync_file_range on Linux), then an fdatasync of the small high-water mark file: survives a
    /// crash of the process, not a power loss or a crash of the system, which may take what was acknowledged
    /// since the store was opened. The store then refuses to open: the mark, synced before each group is
    /// published and answered, names the last acknowledged write (see `src/mark.rs`).
    Flush,
    /// flush, then fsync every file of the sled directory (and the directory) before acknowledging:
    /// survives a power loss. The default.
    #[default]
    Fsync,
}

/// Options for [`SledStore::open`].
#[derive(Debug, Clone, Default)]
pub struct SledConfig {
    pub durability: Durability,
}

/// The sled event store. Cheap to clone; all clones share one sled database and one log thread, which stops
/// (after writing what is queued) when the last clone is dropped.
#[derive(Clone)]
pub struct SledStore {
    inner: Arc<Inner>,
}

struct Inner {
    shared: Arc<Shared>,
    /// Slots for [`EventStore`] reads (see `sled_async`): a read waits for one before it is queued.
    read_slots: Arc<Semaphore>,
    /// The threads the reads run on (see `readers`).
    readers: Arc<readers::Readers>,
    /// The log thread (see `log`): the only writer, and the group commit.
    log: Option<JoinHandle<()>>,
    /// The second thread (see `log`): fsync and replies in Fsync mode, replies in Flush mode.
    syncer: Option<JoinHandle<()>>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        // The log thread first (it answers what is queued and hands the last groups to the syncer), then
        // the syncer (it fsyncs them).
        self.shared.shut_down();
        // Nothing is queued for the readers: every queued read holds a handle of the store. Idle ones end now.
        self.readers.close();
        if let Some(handle) = self.log.take() {
            if handle.join().is_err() {
                tracing::error!("store log thread panicked");
            }
        }
        self.shared.shut_down_syncer();
        if let Some(handle) = self.syncer.take() {
            if handle.join().is_err() {
                tracing::error!("store syncer thread panicked");
            }
        }
    }
}

/// Length of a `P` key of `stream`: kind, length byte, name, u64.
fn snapshot_key_len(stream: &str) -> usize {
    2 + stream.len() + 8
}

/// Opens sled, waiting a little if its file lock is still held. sled 0.34 releases the lock when its last
/// I/O thread lets go of the file, which can be a moment after the previous `Db` in this process was
/// dropped (its own tests block on the lock for that reason), so an immediate reopen can fail spuriously.
/// A lock held by another process still fails, after [`LOCK_WAIT`].
fn open_sled(path: &Path) -> Result<sled::Db, StoreError> {
    let deadline = std::time::Instant::now() + LOCK_WAIT;
    loop {
        // sled's own periodic flush is off: the log thread flushes after every group, and a flush from
        // another thread would hold sled's lock that the log thread's batches need. Its page cache is
        // bounded by SLED_CACHE_BYTES instead of sled's default of 1 GiB, the whole memory of the
        // deployment's pod.
        match sled::Config::new()
            .path(path)
            .flush_every_ms(None)
            .cache_capacity(SLED_CACHE_BYTES)
            .open()
        {
            Err(sled::Error::Io(e))
                if e.to_string().contains("could not acquire lock")
                    && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            // Still held after the wait: another process has the directory open, most likely a second
            // `hexfold serve` on the same `--data-dir`. Said in words, since sled's message is an OS error code.
            Err(sled::Error::Io(e)) if e.to_string().contains("could not acquire lock") => {
                return Err(StoreError::Unavailable(format!(
                    "the data directory {} is in use by another process (is another hexfold server running on it?)",
                    path.display()
                )))
            }
            other => return other.map_err(sled_error),
        }
    }
}

/// Runs `f`, turning a panic inside it into [`StoreError::Corrupt`] naming what was being done and the panic's
/// message, and keeping the panic's default report off stderr.
///
/// sled 0.34 panics instead of returning an error on some damage it meets while recovering (a page table entry
/// it cannot serialize back, "tried to serialize Uninitialized", is the common one) and offers no option to
/// make that an error, so opening a damaged directory would end the process with exit code 101, and under a
/// supervisor that restarts on failure, in a crash loop. Catching the unwind is the only way to answer such a
/// store with one clear error instead. What sled leaves half-built is dropped with the unwind; nothing of it is
/// used afterwards.
fn catch_storage_panic<T>(
    doing: &str,
    f: impl FnOnce() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    quiet_panics::install();
    let outcome = quiet_panics::QUIET.with(|quiet| {
        let before = quiet.replace(true);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        quiet.set(before);
        outcome
    });
    outcome.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".into());
        Err(StoreError::Corrupt(format!(
            "the storage engine (sled) panicked while {doing} the store: {message}; its files are damaged"
        )))
    })
}

/// A panic hook that stays silent for panics that [`catch_storage_panic`] catches on the current thread and
/// hands every other panic to the hook that was installed before.
mod quiet_panics {
    use std::cell::Cell;
    use std::sync::Once;

    thread_local! {
        pub(super) static QUIET: Cell<bool> = const { Cell::new(false) };
    }

    /// Installs the hook once per process. It is never removed: replacing and restoring hooks around each
    /// call would race with other threads doing the same.
    pub(super) fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                if !QUIET.with(Cell::get) {
                    previous(info);
                }
            }));
        });
    }
}

/// How long `open` waits for sled's file lock.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// What `open` recovers: the epoch of this open, the last global position, and the high-water mark, already
/// brought up to what the store holds.
struct Recovered {
    epoch: u64,
    last_global: u64,
    mark: mark::MarkFile,
}

/// Reads the layout marker (migrating layout 1), checks what sled recovered against the high-water mark,
/// writes the mark (creating it for a new store or one of an older layout), then the marker of this layout,
/// starts a new epoch, and recovers the global counter from the last global index record and the append it
/// ends with.
///
/// Nothing is written to sled before the checks against the mark pass (except a layout-1 migration, which
/// only happens to stores written before there was a mark), so a store that is refused is left as it was.
fn recover(db: &sled::Db, dir: &Path, created: Option<u64>) -> Result<Recovered, StoreError> {
    let acknowledged = mark::read(dir)?;
    let layout = db
        .get(codec::layout_key())
        .map_err(sled_error)?
        .map(|v| v.to_vec());
    match layout.as_deref() {
        Some([LAYOUT_VERSION]) if acknowledged.is_none() => {
            return Err(StoreError::Corrupt(format!(
                "the high-water mark {} is missing, so whether the store holds everything it acknowledged \
                 cannot be checked (a store of this layout always has one)",
                mark::path(dir).display()
            )))
        }
        Some([LAYOUT_VERSION]) | Some([LAYOUT_V2]) => {}
        Some([LAYOUT_V1]) | Some([migrate::LAYOUT_MIGRATING]) => migrate::from_v1(db)?,
        Some(v) => {
            return Err(StoreError::Corrupt(format!(
                "unsupported store layout {:?} (this build reads layouts {LAYOUT_V1} to {LAYOUT_VERSION}); \
                 open it with the build that wrote it",
                v.first()
            )))
        }
        None => {
            if db.first().map_err(sled_error)?.is_some() {
                return Err(StoreError::Corrupt(
                    "the database has data but no hexfold-store layout marker".into(),
                ));
            }
            // The marker is written once sled's first records (the layout marker) are on stable storage.
            if let Some(at) = created {
                return Err(lost_since_creation(dir, at, "sled's files hold nothing of it"));
            }
        }
    }
    let last_global = match db.scan_prefix([KIND_GLOBAL]).next_back() {
        None => 0,
        Some(item) => {
            let (key, value) = item.map_err(sled_error)?;
            let first_global = codec::key_u64_suffix(&key, 9, "global index")?;
            let entries = codec::decode_group_index(&key, &value)?;
            let mut global = first_global;
            let mut last = None;
            for entry in &entries {
                last = Some((global, entry));
                global += entry.events;
            }
            let (start, entry) = last.expect("a global index record lists at least one append");
            check_indexed_append(db, start, entry)?;
            global - 1
        }
    };
    if let Some(acknowledged) = &acknowledged {
        check_against_mark(db, acknowledged, last_global)?;
    }
    // The mark first, then the marker: a crash in between leaves an older marker beside a mark, which the
    // next open checks as usual, never a layout-3 store without one.
    let mark = mark::MarkFile::create(
        dir,
        mark::Mark {
            global: last_global,
            last: acknowledged.and_then(|m| m.last),
        },
    )?;
    if layout.is_none() {
        let mut batch = sled::Batch::default();
        batch.insert(&codec::layout_key(), &[LAYOUT_VERSION]);
        batch.insert(&codec::epoch_key(), codec::encode_epoch(0));
        db.apply_batch(batch).map_err(sled_error)?;
    } else if layout.as_deref() != Some(&[LAYOUT_VERSION]) {
        // Layout 2's records are read as they are (they have no checksum); new ones are checked.
        db.insert(codec::layout_key(), &[LAYOUT_VERSION])
            .map_err(sled_error)?;
    }
    let previous = db
        .get(codec::epoch_key())
        .map_err(sled_error)?
        .ok_or_else(|| StoreError::Corrupt("the epoch record is missing".into()))?;
    let epoch = codec::decode_epoch(&previous)? + 1;
    if epoch > MAX_EPOCH {
        return Err(StoreError::Io(format!(
            "the store has been opened {MAX_EPOCH} times; its txn space is exhausted"
        )));
    }
    // Made durable by the flush at the end of open, before any write of this epoch.
    db.insert(codec::epoch_key(), codec::encode_epoch(epoch))
        .map_err(sled_error)?;
    Ok(Recovered {
        epoch,
        last_global,
        mark,
    })
}

/// What the operator is told to do with a store that lost acknowledged writes.
const SALVAGE_ADVICE: &str =
    "`hexfold check` lists what is intact and `hexfold salvage` copies it to a new \
                              directory";

/// Refuses a store that holds less than its high-water mark says was acknowledged: fewer global positions,
/// the last acknowledged write's stream missing, shorter than its version, or with fewer appends.
fn check_against_mark(
    db: &sled::Db,
    acknowledged: &mark::Mark,
    last_global: u64,
) -> Result<(), StoreError> {
    let last = match &acknowledged.last {
        Some(w) => format!(
            "; the last acknowledged write was {:?} at version {}",
            w.stream, w.version
        ),
        None => String::new(),
    };
    let advice = format!("the store lost them after it acknowledged them; {SALVAGE_ADVICE}");
    if last_global < acknowledged.global {
        return Err(StoreError::Corrupt(format!(
            "the store holds global positions up to {last_global}, but positions {}..={} ({} events) were \
             acknowledged and are missing{last}; {advice}",
            last_global + 1,
            acknowledged.global,
            acknowledged.global - last_global
        )));
    }
    if let Some(w) = &acknowledged.last {
        if check_stream_name(&w.stream).is_err() {
            return Ok(());
        }
        let stream = &w.stream;
        if db
            .get(codec::meta_key(stream))
            .map_err(sled_error)?
            .is_none()
        {
            return Err(StoreError::Corrupt(format!(
                "stream {stream:?} was created and acknowledged, but the store does not hold it; {advice}"
            )));
        }
        let (head, appends) = match db
            .scan_prefix(codec::stream_prefix(KIND_APPEND, stream))
            .next_back()
        {
            Some(item) => codec::append_key_parts(&item.map_err(sled_error)?.0, stream)?,
            None => (0, 0),
        };
        if head < w.version {
            return Err(StoreError::Corrupt(format!(
                "stream {stream:?} holds versions up to {head}, but versions {}..={} were acknowledged \
                 and are missing; {advice}",
                head + 1,
                w.version
            )));
        }
        if appends < w.appends {
            return Err(StoreError::Corrupt(format!(
                "stream {stream:?} holds {appends} appends, but {} were acknowledged (the missing ones carry \
                 no events, or their events are there under other records); {advice}",
                w.appends
            )));
        }
    }
    Ok(())
}

/// Refuses, before sled opens them (and may rewrite them), the files of a store whose creation marker says it
/// was created but whose sled files are missing or empty: sled 0.34 would start over as a new, empty database.
fn check_sled_files(dir: &Path, created_at: u64) -> Result<(), StoreError> {
    let size = |name: &str| std::fs::metadata(dir.join(name)).map_or(None, |m| Some(m.len()));
    let (conf, db) = (size("conf"), size("db"));
    // sled treats a `conf` of 8 bytes or fewer as missing.
    if conf.is_some_and(|n| n > 8) && db.is_some_and(|n| n > 0) {
        return Ok(());
    }
    let describe = |name: &str, n: Option<u64>| match n {
        Some(n) => format!("{name} has {n} bytes"),
        None => format!("{name} is missing"),
    };
    Err(lost_since_creation(
        dir,
        created_at,
        &format!(
            "sled's files are missing or empty ({}, {})",
            describe("conf", conf),
            describe("db", db)
        ),
    ))
}

/// The refusal of a store that was created (its marker says when) but holds nothing of it.
fn lost_since_creation(dir: &Path, created_at: u64, what: &str) -> StoreError {
    StoreError::Corrupt(format!(
        "the store in {} was created at unix second {created_at} (its {CREATED_FILE} says so), but {what}: \
         everything it acknowledged is missing from them (a power loss takes what the system had not \
         written to the disk). Serving it would start a new, empty store in its place; {SALVAGE_ADVICE}",
        dir.display()
    ))
}

/// Reads the append a `G` entry starting at global position `start` names, and checks that it agrees.
fn check_indexed_append(
    db: &sled::Db,
    start: u64,
    entry: &codec::GroupEntry<'_>,
) -> Result<sled::IVec, StoreError> {
    check_stored_name(entry.stream)?;
    let stream = entry.stream;
    let key = codec::append_key(stream, entry.last_version, entry.seq);
    let raw = db.get(&key).map_err(sled_error)?.ok_or_else(|| {
        StoreError::Corrupt(format!(
            "global position {start} points at a missing append of {stream:?}"
        ))
    })?;
    let rec = AppendRecord::decode(&key, &raw, entry.last_version)?;
    if rec.first_global != start || rec.events.len() as u64 != entry.events {
        return Err(StoreError::Corrupt(format!(
            "global position {start} points at an append of {stream:?} that starts at {} with {} events",
            rec.first_global,
            rec.events.len()
        )));
    }
    Ok(raw)
}

/// A stream name read back from the data must be one `check_stream_name` would have accepted.
fn check_stored_name(stream: &str) -> Result<(), StoreError> {
    check_stream_name(stream).map_err(|_| {
        StoreError::Corrupt(format!(
            "a record names an invalid stream of {} bytes",
            stream.len()
        ))
    })
}

impl SledStore {
    /// Opens (or creates) the store in `path` and starts the log thread (the writer and group commit).
    ///
    /// Everything sled recovers is made durable (flushed and fsynced, in either mode) before this returns, so
    /// it can all be treated as acknowledged. A new store gets its creation marker then (see `src/mark.rs`); a
    /// store whose marker is there but whose sled files are missing, empty or hold less than its high-water mark
    /// is refused with [`StoreError::Corrupt`].
    pub fn open(path: &Path, config: SledConfig) -> Result<SledStore, StoreError> {
        let created = mark::created(path)?;
        if let Some(at) = created {
            check_sled_files(path, at)?;
        }
        let (db, recovered) = catch_storage_panic("opening", || {
            let db = open_sled(path)?;
            let recovered = recover(&db, path, created)?;
            Ok((db, recovered))
        })?;
        tracing::info!(
            path = %path.display(),
            last_global = recovered.last_global,
            epoch = recovered.epoch,
            durability = ?config.durability,
            "event store opened"
        );
        // Every record already stored has a txn of an earlier epoch, so below this one.
        let first_txn = recovered.epoch << TXN_EPOCH_SHIFT;
        let last_global = recovered.last_global;
        let durable = Durable {
            txn: first_txn,
            global: last_global,
            gen: 0,
            failure: None,
        };
        let shared = Arc::new(Shared {
            db,
            dir: path.to_path_buf(),
            durability: config.durability,
            queue: Mutex::new(Queue::default()),
            wake: Condvar::new(),
            permits: Arc::new(Semaphore::new(log::MAX_QUEUED_BYTES / 1024)),
            state: Mutex::new(LogState::new(
                first_txn,
                last_global,
                CacheLimits {
                    streams: MAX_CACHED_STREAMS,
                    ids: MAX_CACHED_COMMAND_IDS,
                },
            )),
            durable: watch::channel(durable).0,
            position: watch::channel(last_global).0,
            mark: Mutex::new(recovered.mark),
            writable: watch::channel(true).0,
            min_free_bytes: std::sync::atomic::AtomicU64::new(MIN_FREE_BYTES),
            flushes: std::sync::atomic::AtomicU64::new(0),
            #[cfg(test)]
            fail_next_flush: std::sync::atomic::AtomicBool::new(false),
            #[cfg(test)]
            fail_next_fsync: std::sync::atomic::AtomicBool::new(false),
            #[cfg(test)]
            gate: Mutex::new(None),
            #[cfg(test)]
            gate_changed: Condvar::new(),
            sync_queue: Mutex::new(log::SyncQueue::default()),
            sync_wake: Condvar::new(),
            #[cfg(test)]
            applied: watch::channel(first_txn).0,
            #[cfg(test)]
            hold_joins: Mutex::new(false),
            #[cfg(test)]
            part_applied: watch::channel(first_txn).0,
        });
        shared.sync().map_err(StoreError::Io)?;
        // A new store (or one made before there were creation markers) is marked once sled's files are durable,
        // before anything is acknowledged.
        if created.is_none() {
            mark::write_created(path)?;
        }
        let spawn = |name: &str, body: fn(Arc<Shared>)| {
            let for_thread = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(name.into())
                .spawn(move || body(for_thread))
                .map_err(|e| StoreError::Io(format!("cannot start the {name} thread: {e}")))
        };
        let syncer_name = match config.durability {
            Durability::Fsync => "hexfold-store-fsync",
            Durability::Flush => "hexfold-store-reply",
        };
        let syncer = Some(spawn(syncer_name, log::run_syncer)?);
        // Built before the log thread starts, so that if starting it fails, dropping `inner` stops the
        // syncer.
        let mut inner = Inner {
            shared: Arc::clone(&shared),
            read_slots: Arc::new(Semaphore::new(MAX_CONCURRENT_READS)),
            readers: readers::Readers::new(MAX_CONCURRENT_READS),
            log: None,
            syncer,
        };
        inner.log = Some(spawn("hexfold-store-log", log::run)?);
        Ok(SledStore {
            inner: Arc::new(inner),
        })
    }

    fn db(&self) -> &sled::Db {
        &self.inner.shared.db
    }

    fn durable(&self) -> Durable {
        self.inner.shared.durable.borrow().clone()
    }

    /// Waits for queue space for a write of `bytes` (one permit per KiB started).
    async fn permit(&self, bytes: usize) -> Result<OwnedSemaphorePermit, StoreError> {
        // Bounded by the request limits: at most MAX_APPEND_BYTES / 1024 + 2, far below u32::MAX.
        let permits = (bytes / 1024 + 1) as u32;
        Arc::clone(&self.inner.shared.permits)
            .acquire_many_owned(permits)
            .await
            .map_err(|_| StoreError::Io("the store is closing".into()))
    }

    /// Hands a write to the log thread and waits for its outcome.
    async fn submit<T>(
        &self,
        request: Request,
        reply: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.inner.shared.submit(request)?;
        reply
            .await
            .map_err(|_| StoreError::Io("the store's log thread stopped".into()))?
    }

    /// The meta bytes given at creation. `NotFound` until the creation is durable. Blocking; the body of
    /// [`EventStore::meta`].
    fn meta_blocking(&self, stream: &str) -> Result<Vec<u8>, StoreError> {
        check_stream_name(stream)?;
        self.durable_meta(stream, self.durable().txn)
    }

    fn durable_meta(&self, stream: &str, durable_txn: u64) -> Result<Vec<u8>, StoreError> {
        let key = codec::meta_key(stream);
        let raw = self
            .db()
            .get(&key)
            .map_err(sled_error)?
            .ok_or(StoreError::NotFound)?;
        let rec = MetaRecord::decode(&key, &raw)?;
        if rec.txn > durable_txn {
            return Err(StoreError::NotFound);
        }
        Ok(rec.meta)
    }

    /// The last durable version of a stream, walking back over the (few) appends not yet flushed.
    fn durable_head(&self, stream: &str, durable_txn: u64) -> Result<u64, StoreError> {
        for item in self
            .db()
            .scan_prefix(codec::stream_prefix(KIND_APPEND, stream))
            .rev()
        {
            let (key, value) = item.map_err(sled_error)?;
            let (last_version, _) = codec::append_key_parts(&key, stream)?;
            if AppendRecord::decode(&key, &value, last_version)?.txn <= durable_txn {
                return Ok(last_version);
            }
        }
        Ok(0)
    }

    /// The last durable version of the stream (0 if it has no events). Blocking; the body of
    /// [`EventStore::head`].
    fn head_blocking(&self, stream: &str) -> Result<u64, StoreError> {
        check_stream_name(stream)?;
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        self.durable_head(stream, d.txn)
    }

    /// Events `from..=to` of the stream, clipped to the durable head. The whole clipped range is returned
    /// at once: callers page with `from`/`to`. Blocking; the body of [`EventStore::read`].
    fn read_blocking(&self, stream: &str, from: u64, to: u64) -> Result<Vec<Recorded>, StoreError> {
        check_stream_name(stream)?;
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        let from = from.max(1);
        if from > to {
            return Ok(Vec::new());
        }
        let prefix = codec::stream_prefix(KIND_APPEND, stream);
        let mut out = Vec::new();
        // The first version the next append must start at (`None`: it must hold `from`). An append missing
        // from the middle of a stream (damage the checksums cannot see, since the record is gone) would
        // otherwise be stepped over, and the reader would get a shorter history without a word.
        let mut next: Option<u64> = None;
        // Appends are keyed by their last version, so the first key at or after (from, 0) is the append
        // that holds version `from`.
        for item in self.db().range(codec::append_key(stream, from, 0)..) {
            let (key, value) = item.map_err(sled_error)?;
            if !key.starts_with(&prefix) {
                break;
            }
            let (last_version, _) = codec::append_key_parts(&key, stream)?;
            let rec = AppendRecord::decode(&key, &value, last_version)?;
            if rec.txn > d.txn {
                break;
            }
            let missing = match next {
                None => rec.first_version > from,
                Some(next) => rec.first_version != next,
            };
            if missing {
                return Err(StoreError::Corrupt(format!(
                    "stream {stream:?} has no append holding version {}: its records are missing",
                    next.unwrap_or(from)
                )));
            }
            next = Some(last_version + 1);
            if rec.first_version > to {
                break;
            }
            for (i, payload) in rec.events.iter().enumerate() {
                let version = rec.first_version + i as u64;
                if version >= from && version <= to {
                    out.push(Recorded {
                        version,
                        global: rec.first_global + i as u64,
                        payload: payload.to_vec(),
                    });
                }
            }
            if last_version >= to {
                break;
            }
        }
        Ok(out)
    }

    /// Up to `limit` (at most [`MAX_READ_BACKWARDS`]) durable events at or before version `to`, newest
    /// first. Blocking; the body of [`EventStore::read_backwards`].
    fn read_backwards_blocking(
        &self,
        stream: &str,
        to: u64,
        limit: usize,
    ) -> Result<Vec<Recorded>, StoreError> {
        check_stream_name(stream)?;
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        let limit = limit.min(MAX_READ_BACKWARDS);
        if to == 0 || limit == 0 {
            return Ok(Vec::new());
        }
        let db = self.db();
        let prefix = codec::stream_prefix(KIND_APPEND, stream);
        // As in `read`, the first key at or after (to, 0) is the append holding `to`, and every later key
        // starts past `to`; with no such key of this stream, `to` is past the last append and the scan
        // starts from the stream's greatest possible key.
        let newest = match db.range(codec::append_key(stream, to, 0)..).next() {
            Some(item) => {
                let (key, _) = item.map_err(sled_error)?;
                if key.starts_with(&prefix) {
                    key.to_vec()
                } else {
                    codec::append_key(stream, u64::MAX, u64::MAX)
                }
            }
            None => codec::append_key(stream, u64::MAX, u64::MAX),
        };
        let mut out = Vec::with_capacity(limit.min(1024));
        // The last version the next (older) append must end at, as in `read`: an append missing from the
        // middle would otherwise be stepped over.
        let mut ends: Option<u64> = None;
        let missing = |version: u64| {
            StoreError::Corrupt(format!(
                "stream {stream:?} has no append holding version {version}: its records are missing"
            ))
        };
        for item in db.range(codec::append_key(stream, 0, 0)..=newest).rev() {
            let (key, value) = item.map_err(sled_error)?;
            let (last_version, _) = codec::append_key_parts(&key, stream)?;
            let rec = AppendRecord::decode(&key, &value, last_version)?;
            // A stream's appends become durable in version order, so those not durable yet are the newest
            // ones: skipped until the first durable one.
            if rec.txn > d.txn {
                continue;
            }
            if ends.is_some_and(|e| e != last_version) {
                return Err(missing(ends.unwrap_or_default()));
            }
            ends = Some(rec.first_version.saturating_sub(1));
            for (i, payload) in rec.events.iter().enumerate().rev() {
                let version = rec.first_version + i as u64;
                if version > to {
                    continue;
                }
                out.push(Recorded {
                    version,
                    global: rec.first_global + i as u64,
                    payload: payload.to_vec(),
                });
                if out.len() == limit {
                    return Ok(out);
                }
            }
        }
        match ends {
            Some(e) if e > 0 => Err(missing(e)),
            _ => Ok(out),
        }
    }

    /// Up to `limit` (at most [`MAX_READ_GLOBAL`]) durable events in global order from `from_global`.
    /// Blocking; the body of [`EventStore::read_global`].
    fn read_global_blocking(
        &self,
        from_global: u64,
        limit: usize,
    ) -> Result<Vec<GlobalRecord>, StoreError> {
        let d = self.durable();
        let from = from_global.max(1);
        let limit = limit.min(MAX_READ_GLOBAL);
        if from > d.global || limit == 0 {
            return Ok(Vec::new());
        }
        let db = self.db();
        // The batch holding `from` is the one with the greatest first global position at or before it.
        // Every `G` key at or before the durable position belongs to a durable batch (a batch is durable
        // whole, and positions are assigned in batch order), and positions past it are cut off below.
        let start = match db
            .range(codec::global_key(0)..=codec::global_key(from))
            .next_back()
        {
            Some(item) => codec::key_u64_suffix(&item.map_err(sled_error)?.0, 9, "global index")?,
            None => from,
        };
        let mut out = Vec::with_capacity(limit.min(1024));
        for item in db.range(codec::global_key(start)..=codec::global_key(d.global)) {
            let (key, value) = item.map_err(sled_error)?;
            let mut global = codec::key_u64_suffix(&key, 9, "global index")?;
            for entry in codec::decode_group_index(&key, &value)? {
                let first_global = global;
                global += entry.events;
                if global <= from {
                    continue;
                }
                if out.len() >= limit || first_global > d.global {
                    return Ok(out);
                }
                let raw = check_indexed_append(db, first_global, &entry)?;
                let key = codec::append_key(entry.stream, entry.last_version, entry.seq);
                let rec = AppendRecord::decode(&key, &raw, entry.last_version)?;
                for (i, payload) in rec.events.iter().enumerate() {
                    let global = first_global + i as u64;
                    if global < from {
                        continue;
                    }
                    if global > d.global || out.len() >= limit {
                        return Ok(out);
                    }
                    out.push(GlobalRecord {
                        global,
                        stream: entry.stream.to_string(),
                        version: rec.first_version + i as u64,
                        payload: payload.to_vec(),
                    });
                }
            }
        }
        Ok(out)
    }

    /// The stream's durable commands in append order. Blocking; the body of [`EventStore::commands`].
    fn commands_blocking(&self, stream: &str) -> Result<Vec<CommandRecord>, StoreError> {
        let (records, durable) = self.append_records(stream)?;
        let mut out = Vec::new();
        for item in records {
            // The records not durable yet are the newest, so the first of them ends the list.
            match durable_command(item, stream, durable)? {
                Some(command) => out.push(command),
                None => break,
            }
        }
        Ok(out)
    }

    /// The stream's newest `limit` durable commands, newest first. Blocking; the body of
    /// [`EventStore::last_commands`]. Walks the stream's append records from the newest back, past any not
    /// durable yet.
    fn last_commands_blocking(
        &self,
        stream: &str,
        limit: usize,
    ) -> Result<Vec<CommandRecord>, StoreError> {
        let (records, durable) = self.append_records(stream)?;
        let mut out = Vec::new();
        for item in records.rev() {
            if out.len() >= limit {
                break;
            }
            out.extend(durable_command(item, stream, durable)?);
        }
        Ok(out)
    }

    /// The append records of an existing stream, oldest first, and the last durable transaction.
    fn append_records(&self, stream: &str) -> Result<(sled::Iter, u64), StoreError> {
        check_stream_name(stream)?;
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        let records = self
            .db()
            .scan_prefix(codec::stream_prefix(KIND_APPEND, stream));
        Ok((records, d.txn))
    }

    /// The durable command `command_id` of the stream, if it was appended. The log thread's id index
    /// answers most lookups, including the common "never seen" case, without a scan; what it cannot settle
    /// (stream not cached or too long to index, a hash shared with another id, an append not durable yet)
    /// goes to a scan of the stream's records from the newest back, decoding only their heads.
    ///
    /// The "never seen" answer touches no sled at all, on purpose: every sled read waits while the log thread
    /// applies a batch, and while a batch waits for a flush, so a caller on an async worker (a refused command
    /// ruling out a retry) would stall the worker for milliseconds. The index only holds streams the writer
    /// has appended to, which therefore exist.
    ///
    /// Blocking when the index cannot settle it: it then reads sled on the calling thread. The body of
    /// [`EventStore::find_command`], which answers from the index inline and runs the rest on the blocking
    /// pool.
    fn find_command_blocking(
        &self,
        stream: &str,
        command_id: &str,
    ) -> Result<Option<CommandRecord>, StoreError> {
        check_stream_name(stream)?;
        let indexed = self.inner.shared.indexed_command(stream, command_id);
        if indexed == Some(None) {
            return Ok(None);
        }
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        let decode = |key: &[u8], value: &[u8]| -> Result<Option<CommandRecord>, StoreError> {
            let (txn, id) = AppendRecord::decode_head(key, value)?;
            if id != command_id || txn > d.txn {
                return Ok(None);
            }
            let (last_version, _) = codec::append_key_parts(key, stream)?;
            let rec = AppendRecord::decode(key, value, last_version)?;
            Ok(Some(CommandRecord {
                command_id: rec.command_id.to_string(),
                command: rec.command.to_vec(),
                first_version: rec.first_version,
                last_version,
            }))
        };
        if let Some(Some((last_version, seq))) = indexed {
            let key = codec::append_key(stream, last_version, seq);
            if let Some(value) = self.db().get(&key).map_err(sled_error)? {
                if let Some(found) = decode(&key, &value)? {
                    return Ok(Some(found));
                }
            }
        }
        for item in self
            .db()
            .scan_prefix(codec::stream_prefix(KIND_APPEND, stream))
            .rev()
        {
            let (key, value) = item.map_err(sled_error)?;
            if let Some(found) = decode(&key, &value)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// Stores a snapshot of the stream's state after `version`. Best effort: not waited for (snapshots
    /// are derivable from the events). `version` must be at or before the durable head, so a snapshot
    /// can never describe events that a crash could take back.
    ///
    /// Blocking (a sled write on the calling thread); the body of [`EventStore::put_snapshot`].
    fn put_snapshot_blocking(
        &self,
        stream: &str,
        version: u64,
        bytes: Vec<u8>,
    ) -> Result<(), StoreError> {
        check_stream_name(stream)?;
        check_len("snapshot (bytes)", bytes.len(), MAX_SNAPSHOT_BYTES)?;
        let d = self.durable();
        if let Some(reason) = &d.failure {
            return Err(StoreError::Io(format!(
                "store is poisoned by a failed flush: {reason}"
            )));
        }
        self.durable_meta(stream, d.txn)?;
        let head = self.durable_head(stream, d.txn)?;
        if version > head {
            return Err(StoreError::InvalidArgument(format!(
                "snapshot at version {version} is past the durable head {head}"
            )));
        }
        self.db()
            .insert(
                codec::snapshot_key(stream, version),
                codec::encode_snapshot(stream, version, &bytes),
            )
            .map_err(sled_error)?;
        Ok(())
    }

    /// The newest snapshot at or before `version`, with its version. Blocking; the body of
    /// [`EventStore::snapshot_at_or_before`].
    fn snapshot_at_or_before_blocking(
        &self,
        stream: &str,
        version: u64,
    ) -> Result<Option<(u64, Vec<u8>)>, StoreError> {
        check_stream_name(stream)?;
        self.durable_meta(stream, self.durable().txn)?;
        let range = codec::snapshot_key(stream, 0)..=codec::snapshot_key(stream, version);
        match self.db().range(range).next_back() {
            Some(item) => {
                let (key, value) = item.map_err(sled_error)?;
                let at = codec::key_u64_suffix(&key, snapshot_key_len(stream), "snapshot")?;
                Ok(Some((at, codec::decode_snapshot(&key, &value)?)))
            }
            None => Ok(None),
        }
    }

    /// Up to `limit` (at most [`MAX_LIST_STREAMS`]) durable streams in name order, after `after`, each with
    /// its newest durable summary. A stream whose meta, summary or appends read as damaged is listed as such
    /// ([`StreamListing::damaged`]); only a key that names no stream fails the page.
    ///
    /// Blocking; the body of [`EventStore::list_streams`].
    fn list_streams_blocking(
        &self,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<StreamListing>, StoreError> {
        let d = self.durable();
        let limit = limit.min(MAX_LIST_STREAMS);
        let start = match after {
            Some(name) => Bound::Excluded(codec::meta_key(name)),
            None => Bound::Included(vec![KIND_META]),
        };
        let end = Bound::Excluded(vec![KIND_META + 1]);
        let db = self.db();
        let mut out = Vec::new();
        for item in db.range((start, end)) {
            if out.len() >= limit {
                break;
            }
            let (key, value) = item.map_err(sled_error)?;
            let name = String::from_utf8(key[1..].to_vec())
                .map_err(|_| StoreError::Corrupt("a stream meta key is not UTF-8".into()))?;
            check_stored_name(&name)?;
            let listed = (|| {
                if MetaRecord::decode_txn(&key, &value)? > d.txn {
                    return Ok(None);
                }
                let summary_key = codec::summary_key(&name);
                let summary = match db.get(&summary_key).map_err(sled_error)? {
                    Some(raw) => SummaryRec::decode(&summary_key, &raw)?.visible(d.txn),
                    None => None,
                };
                let head = self.durable_head(&name, d.txn)?;
                Ok(Some((summary, head)))
            })();
            match listed {
                Ok(None) => {}
                Ok(Some((summary, head))) => out.push(StreamListing {
                    name,
                    summary,
                    head,
                    damaged: None,
                }),
                Err(e @ StoreError::Corrupt(_)) => out.push(StreamListing::damaged(name, &e)),
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// How many flushes the group-commit thread has completed since open (appends per flush is the
    /// group-commit batch size).
    pub fn flush_count(&self) -> u64 {
        self.inner
            .shared
            .flushes
            .load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The command of one append record of `stream`, or `None` if its transaction is past `durable`.
fn durable_command(
    item: sled::Result<(sled::IVec, sled::IVec)>,
    stream: &str,
    durable: u64,
) -> Result<Option<CommandRecord>, StoreError> {
    let (key, value) = item.map_err(sled_error)?;
    let (last_version, _) = codec::append_key_parts(&key, stream)?;
    let rec = AppendRecord::decode(&key, &value, last_version)?;
    Ok((rec.txn <= durable).then(|| CommandRecord {
        command_id: rec.command_id.to_string(),
        command: rec.command.to_vec(),
        first_version: rec.first_version,
        last_version,
    }))
}

#[cfg(test)]
mod tests;

/// sled's error as the store's: damage sled found in its files is [`StoreError::Corrupt`], every other failure
/// [`StoreError::Io`].
fn sled_error(e: sled::Error) -> StoreError {
    match e {
        // sled's own message ends in an empty backtrace and names no offset when it has none.
        sled::Error::Corruption { at: Some(at), .. } => {
            StoreError::Corrupt(format!("sled found its files damaged at {at:?}"))
        }
        sled::Error::Corruption { at: None, .. } => {
            StoreError::Corrupt("sled found its files damaged".into())
        }
        other => StoreError::Io(format!("sled: {other}")),
    }
}

//! Append-only event streams over sled 0.34, with group commit and read-committed reads.
//!
//! This crate owns the durable log of the hexfold server: one stream per game with gapless versions from
//! 1, a global position that orders every event of every stream, idempotent appends keyed by a command id,
//! snapshots, and a per-stream summary for listings. It owns the on-disk layout ([`codec`] documents it)
//! and the rule that nothing is acknowledged or read before it is durable.
//!
//! It must not depend on any game, on the rules crate, on protobuf or on gRPC: payloads, commands, meta,
//! summaries and snapshots are opaque bytes chosen by the caller. Its only I/O is sled and, in
//! [`Durability::Fsync`] mode, fsync of sled's files.
//!
//! # Guarantees
//! - An append is atomic: its events, its command record, the stream summary and the counters go into one
//!   sled `Batch`, which sled recovers all-or-nothing.
//! - `append` and `create_stream` return only once their write is durable per [`Durability`]; concurrent
//!   writes share one flush (see `flusher`).
//! - Reads never show a write that is not durable: every record carries a write number (txn) or global
//!   position, and readers hide those past the durable frontier the flusher publishes.
//! - A repeated command id on a stream returns the original [`Appended`] with `duplicate: true` and writes
//!   nothing, across restarts. The id is checked before the expected version. The repeated request's
//!   command bytes are not compared with the original's: the id alone names the command.
//! - An append with zero events is accepted: it records the command id (so the command is idempotent and
//!   shows in [`Store::commands`]) and changes no version. Its [`Appended`] has
//!   `first_version = head + 1`, `last_version = head` and `first_global` = the next global position, the
//!   usual "empty range" convention.
//! - If a flush fails, every waiting write fails with [`StoreError::Io`] and the store refuses all later
//!   writes (it is poisoned); reads keep working up to the last durable point.
//!
//! # Limits
//! Every input is bounded by the `MAX_*` constants below; a bigger one is refused with
//! [`StoreError::TooLarge`] before anything is written.

mod codec;
mod error;
mod flusher;

use std::ops::Bound;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use tokio::sync::watch;

use codec::{
    CommandRec, Counters, EventRecord, GlobalPointer, MetaRecord, SummaryRec, KIND_COMMAND,
    KIND_EVENT, KIND_GLOBAL, KIND_META, LAYOUT_VERSION,
};
pub use error::StoreError;
use flusher::{Durable, FlushQueue, FlushShared};

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
/// `list_streams` returns at most this many streams whatever `limit` asks for.
pub const MAX_LIST_STREAMS: usize = 1_000;

/// How far a write must reach before it is acknowledged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// sled's flush (sync_file_range on Linux): survives a process crash, not a power loss.
    #[default]
    Flush,
    /// flush, then fsync every file of the sled directory (and the directory) before acknowledging:
    /// survives power loss.
    Fsync,
}

/// Options for [`Store::open`].
#[derive(Debug, Clone, Default)]
pub struct StoreConfig {
    pub durability: Durability,
}

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

/// One entry of [`Store::list_streams`]: the stream name and its newest durable summary.
pub type StreamListing = (String, Option<Vec<u8>>);

/// One accepted command and the versions of the events it produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRecord {
    pub command_id: String,
    pub command: Vec<u8>,
    pub first_version: u64,
    pub last_version: u64,
}

/// The event store. Cheap to clone; all clones share one sled database and one flusher thread, which
/// stops (after a last flush) when the last clone is dropped.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    flush: Arc<FlushShared>,
    /// All writes are serialised by this lock. Versions and global positions must be assigned gaplessly
    /// and in the order the batches hit sled, and the head check must see the previous append; a lock
    /// does that simply. It costs little: the critical section is a few in-memory sled operations (no
    /// flush, no await), and the expensive part, the flush, happens outside it for all writers at once.
    writer: Mutex<Writer>,
    flusher: Option<JoinHandle<()>>,
}

struct Writer {
    last_txn: u64,
    last_global: u64,
    /// Set when a batch failed to apply: sled's in-memory state may then hold part of it.
    poisoned: Option<String>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.flush.shut_down();
        if let Some(handle) = self.flusher.take() {
            if handle.join().is_err() {
                tracing::error!("store flusher thread panicked");
            }
        }
    }
}

fn check_len(what: &'static str, size: usize, limit: usize) -> Result<(), StoreError> {
    if size > limit {
        Err(StoreError::TooLarge { what, size, limit })
    } else {
        Ok(())
    }
}

fn check_stream_name(stream: &str) -> Result<(), StoreError> {
    if stream.is_empty() {
        return Err(StoreError::InvalidArgument("stream name is empty".into()));
    }
    check_len("stream name (bytes)", stream.len(), MAX_STREAM_NAME_BYTES)
}

fn check_request(req: &AppendRequest) -> Result<(), StoreError> {
    check_stream_name(&req.stream)?;
    if req.command_id.is_empty() {
        return Err(StoreError::InvalidArgument("command id is empty".into()));
    }
    check_len(
        "command id (bytes)",
        req.command_id.len(),
        MAX_COMMAND_ID_BYTES,
    )?;
    check_len("command (bytes)", req.command.len(), MAX_COMMAND_BYTES)?;
    check_len(
        "events in one append",
        req.events.len(),
        MAX_EVENTS_PER_APPEND,
    )?;
    let mut total = req.command.len();
    for event in &req.events {
        check_len("event (bytes)", event.len(), MAX_EVENT_BYTES)?;
        total += event.len();
    }
    if let Some(summary) = &req.summary {
        check_len("summary (bytes)", summary.len(), MAX_META_BYTES)?;
        total += summary.len();
    }
    check_len("append (bytes)", total, MAX_APPEND_BYTES)
}

/// Length of a `V`/`K`/`P` key of `stream`: kind, length byte, name, u64.
fn numbered_key_len(stream: &str) -> usize {
    2 + stream.len() + 8
}

/// Reads the layout marker and the counters, creating them in an empty database, and checks the
/// counters against the data they count.
fn recover(db: &sled::Db) -> Result<Counters, StoreError> {
    match db.get(codec::layout_key())? {
        Some(v) if v.as_ref() == [LAYOUT_VERSION] => {}
        Some(v) => {
            return Err(StoreError::Corrupt(format!(
                "unsupported store layout {:?} (this build reads layout {LAYOUT_VERSION})",
                v.first()
            )))
        }
        None => {
            if db.first()?.is_some() {
                return Err(StoreError::Corrupt(
                    "the database has data but no hexfold-store layout marker".into(),
                ));
            }
            let mut batch = sled::Batch::default();
            batch.insert(&codec::layout_key(), &[LAYOUT_VERSION]);
            let zero = Counters {
                last_txn: 0,
                last_global: 0,
            };
            batch.insert(&codec::counters_key(), zero.encode());
            db.apply_batch(batch)?;
        }
    }
    let counters = db
        .get(codec::counters_key())?
        .ok_or_else(|| StoreError::Corrupt("the counters record is missing".into()))?;
    let counters = Counters::decode(&counters)?;
    // The counters are written in the same batch as the events, so the last global index key must agree.
    let last_global_in_data = match db.scan_prefix([KIND_GLOBAL]).next_back() {
        Some(item) => codec::key_u64_suffix(&item?.0, 9, "global index")?,
        None => 0,
    };
    if last_global_in_data != counters.last_global {
        return Err(StoreError::Corrupt(format!(
            "counters say the last global position is {}, the data says {last_global_in_data}",
            counters.last_global
        )));
    }
    Ok(counters)
}

impl Store {
    /// Opens (or creates) the store in `path` and starts the group-commit flusher thread.
    ///
    /// Everything sled recovers is made durable (flushed, and fsynced in `Fsync` mode) before this
    /// returns, so it can all be treated as acknowledged.
    pub fn open(path: &Path, config: StoreConfig) -> Result<Store, StoreError> {
        let db = sled::Config::new().path(path).open()?;
        let counters = recover(&db)?;
        tracing::info!(
            path = %path.display(),
            last_global = counters.last_global,
            last_txn = counters.last_txn,
            durability = ?config.durability,
            "event store opened"
        );
        let durable = Durable {
            txn: counters.last_txn,
            global: counters.last_global,
            gen: 0,
            failure: None,
        };
        let flush = Arc::new(FlushShared {
            db,
            dir: path.to_path_buf(),
            durability: config.durability,
            queue: Mutex::new(FlushQueue {
                written_txn: counters.last_txn,
                written_global: counters.last_global,
                requested_gen: 0,
                shutdown: false,
            }),
            wake: Condvar::new(),
            durable: watch::channel(durable).0,
            position: watch::channel(counters.last_global).0,
            flushes: std::sync::atomic::AtomicU64::new(0),
            #[cfg(test)]
            fail_next_flush: std::sync::atomic::AtomicBool::new(false),
            #[cfg(test)]
            hold: Mutex::new(()),
        });
        flush.sync().map_err(StoreError::Io)?;
        let for_thread = Arc::clone(&flush);
        let handle = std::thread::Builder::new()
            .name("hexfold-store-flush".into())
            .spawn(move || flusher::run(for_thread))
            .map_err(|e| StoreError::Io(format!("cannot start the flusher thread: {e}")))?;
        Ok(Store {
            inner: Arc::new(Inner {
                flush,
                writer: Mutex::new(Writer {
                    last_txn: counters.last_txn,
                    last_global: counters.last_global,
                    poisoned: None,
                }),
                flusher: Some(handle),
            }),
        })
    }

    fn db(&self) -> &sled::Db {
        &self.inner.flush.db
    }

    fn durable(&self) -> Durable {
        self.inner.flush.durable.borrow().clone()
    }

    /// Takes the writer lock and refuses if the store is poisoned.
    fn lock_writer(&self) -> Result<MutexGuard<'_, Writer>, StoreError> {
        let w =
            self.inner.writer.lock().map_err(|_| {
                StoreError::Io("a writer panicked; the store refuses writes".into())
            })?;
        if let Some(reason) = &w.poisoned {
            return Err(StoreError::Io(format!("store is poisoned: {reason}")));
        }
        if let Some(reason) = &self.inner.flush.durable.borrow().failure {
            return Err(StoreError::Io(format!(
                "store is poisoned by a failed flush: {reason}"
            )));
        }
        Ok(w)
    }

    /// Applies a batch under the writer lock; a failure poisons the store.
    fn apply(&self, w: &mut Writer, batch: sled::Batch) -> Result<(), StoreError> {
        if let Err(e) = self.db().apply_batch(batch) {
            let e = StoreError::from(e);
            tracing::error!(error = %e, "store write failed; the store is poisoned and refuses writes");
            w.poisoned = Some(e.to_string());
            return Err(e);
        }
        Ok(())
    }

    /// Waits until the write numbered `txn` is durable.
    async fn wait_durable(&self, txn: u64) -> Result<(), StoreError> {
        let mut rx = self.inner.flush.durable.subscribe();
        let d = rx
            .wait_for(|d| d.txn >= txn || d.failure.is_some())
            .await
            .map_err(|_| StoreError::Io("the store was closed".into()))?;
        if d.txn >= txn {
            Ok(())
        } else {
            Err(StoreError::Io(format!(
                "flush failed, the write was not acknowledged: {}",
                d.failure.as_deref().unwrap_or("unknown")
            )))
        }
    }

    /// Creates a stream with its immutable meta bytes. Durable before `Ok`.
    pub async fn create_stream(&self, stream: &str, meta: Vec<u8>) -> Result<(), StoreError> {
        check_stream_name(stream)?;
        check_len("stream meta (bytes)", meta.len(), MAX_META_BYTES)?;
        let txn = self.write_create(stream, &meta)?;
        self.wait_durable(txn).await
    }

    /// The synchronous part of `create_stream`: returns the txn to wait for.
    fn write_create(&self, stream: &str, meta: &[u8]) -> Result<u64, StoreError> {
        let mut w = self.lock_writer()?;
        let key = codec::meta_key(stream);
        if self.db().get(&key)?.is_some() {
            return Err(StoreError::AlreadyExists);
        }
        let txn = w.last_txn + 1;
        let mut batch = sled::Batch::default();
        batch.insert(key, MetaRecord::encode(txn, meta));
        let counters = Counters {
            last_txn: txn,
            last_global: w.last_global,
        };
        batch.insert(&codec::counters_key(), counters.encode());
        self.apply(&mut w, batch)?;
        w.last_txn = txn;
        self.inner.flush.note_written(txn, w.last_global);
        Ok(txn)
    }

    /// The meta bytes given at creation. `NotFound` until the creation is durable.
    pub fn meta(&self, stream: &str) -> Result<Vec<u8>, StoreError> {
        check_stream_name(stream)?;
        self.durable_meta(stream, self.durable().txn)
    }

    fn durable_meta(&self, stream: &str, durable_txn: u64) -> Result<Vec<u8>, StoreError> {
        let raw = self
            .db()
            .get(codec::meta_key(stream))?
            .ok_or(StoreError::NotFound)?;
        let rec = MetaRecord::decode(&raw)?;
        if rec.txn > durable_txn {
            return Err(StoreError::NotFound);
        }
        Ok(rec.meta)
    }

    /// Appends atomically; see the crate docs for duplicates, conflicts and empty appends. Returns once
    /// the write is durable.
    pub async fn append(&self, req: AppendRequest) -> Result<Appended, StoreError> {
        check_request(&req)?;
        let (appended, txn) = self.write_append(req)?;
        self.wait_durable(txn).await?;
        Ok(appended)
    }

    /// The synchronous part of an append, under the writer lock: returns the result and the txn to wait
    /// for (the original's, for a duplicate).
    fn write_append(&self, req: AppendRequest) -> Result<(Appended, u64), StoreError> {
        let db = self.db();
        let stream = req.stream.as_str();
        let mut w = self.lock_writer()?;

        let id_key = codec::command_id_key(stream, &req.command_id);
        if let Some(seq) = db.get(&id_key)? {
            let seq = codec::decode_command_seq(&seq)?;
            let raw = db.get(codec::command_key(stream, seq))?.ok_or_else(|| {
                StoreError::Corrupt(format!(
                    "stream {stream:?}: command id index points at missing command #{seq}"
                ))
            })?;
            let original = CommandRec::decode(&raw)?;
            let appended = Appended {
                first_version: original.first_version,
                last_version: original.last_version,
                first_global: original.first_global,
                duplicate: true,
            };
            // The original may still be waiting for its flush: the duplicate waits for the same one.
            return Ok((appended, original.txn));
        }

        if db.get(codec::meta_key(stream))?.is_none() {
            return Err(StoreError::NotFound);
        }
        let head = self.written_head(stream)?;
        if let Some(expected) = req.expected_version {
            if expected != head {
                return Err(StoreError::Conflict {
                    expected,
                    actual: head,
                });
            }
        }
        let seq = match db
            .scan_prefix(codec::stream_prefix(KIND_COMMAND, stream))
            .next_back()
        {
            Some(item) => codec::key_u64_suffix(&item?.0, numbered_key_len(stream), "command")? + 1,
            None => 1,
        };

        let txn = w.last_txn + 1;
        let first_version = head + 1;
        let first_global = w.last_global + 1;
        let count = req.events.len() as u64;
        let last_version = head + count;
        let last_global = w.last_global + count;

        // One sled Batch on the default tree rather than a transaction: every record of an append is a
        // blind write of keys computed under the writer lock, so there is nothing to validate
        // optimistically, and sled recovers a batch atomically. Transactions would add conflict retries
        // and multi-tree bookkeeping for no gain.
        let mut batch = sled::Batch::default();
        for (i, payload) in req.events.iter().enumerate() {
            let version = first_version + i as u64;
            let global = first_global + i as u64;
            batch.insert(
                codec::event_key(stream, version),
                EventRecord::encode(global, payload),
            );
            batch.insert(
                &codec::global_key(global),
                GlobalPointer::encode(version, stream),
            );
        }
        let command = CommandRec {
            txn,
            first_version,
            last_version,
            first_global,
            command_id: req.command_id,
            command: req.command,
        };
        batch.insert(codec::command_key(stream, seq), command.encode());
        batch.insert(id_key, codec::encode_command_seq(seq));
        if let Some(summary) = req.summary {
            let key = codec::summary_key(stream);
            let durable_txn = self.inner.flush.durable.borrow().txn;
            let durable_before = match db.get(&key)? {
                Some(raw) => {
                    let current = SummaryRec::decode(&raw)?;
                    if current.txn <= durable_txn {
                        Some((current.txn, current.summary))
                    } else {
                        current.durable_before
                    }
                }
                None => None,
            };
            let rec = SummaryRec {
                txn,
                summary,
                durable_before,
            };
            batch.insert(key, rec.encode());
        }
        let counters = Counters {
            last_txn: txn,
            last_global,
        };
        batch.insert(&codec::counters_key(), counters.encode());
        self.apply(&mut w, batch)?;
        w.last_txn = txn;
        w.last_global = last_global;
        self.inner.flush.note_written(txn, last_global);
        drop(w);

        let appended = Appended {
            first_version,
            last_version,
            first_global,
            duplicate: false,
        };
        Ok((appended, txn))
    }

    /// The last written version of a stream, durable or not (for the version check under the lock).
    fn written_head(&self, stream: &str) -> Result<u64, StoreError> {
        match self
            .db()
            .scan_prefix(codec::stream_prefix(KIND_EVENT, stream))
            .next_back()
        {
            Some(item) => codec::key_u64_suffix(&item?.0, numbered_key_len(stream), "event"),
            None => Ok(0),
        }
    }

    /// The last durable version of a stream, walking back over the (few) events not yet flushed.
    fn durable_head(&self, stream: &str, durable_global: u64) -> Result<u64, StoreError> {
        for item in self
            .db()
            .scan_prefix(codec::stream_prefix(KIND_EVENT, stream))
            .rev()
        {
            let (key, value) = item?;
            if EventRecord::decode(&value)?.global <= durable_global {
                return codec::key_u64_suffix(&key, numbered_key_len(stream), "event");
            }
        }
        Ok(0)
    }

    /// The last durable version of the stream (0 if it has no events).
    pub fn head(&self, stream: &str) -> Result<u64, StoreError> {
        check_stream_name(stream)?;
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        self.durable_head(stream, d.global)
    }

    /// Events `from..=to` of the stream, clipped to the durable head. The whole clipped range is returned
    /// at once: callers page with `from`/`to`.
    pub fn read(&self, stream: &str, from: u64, to: u64) -> Result<Vec<Recorded>, StoreError> {
        check_stream_name(stream)?;
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        let from = from.max(1);
        if from > to {
            return Ok(Vec::new());
        }
        let key_len = numbered_key_len(stream);
        let mut out = Vec::new();
        for item in self
            .db()
            .range(codec::event_key(stream, from)..=codec::event_key(stream, to))
        {
            let (key, value) = item?;
            let version = codec::key_u64_suffix(&key, key_len, "event")?;
            let rec = EventRecord::decode(&value)?;
            if rec.global > d.global {
                break;
            }
            out.push(Recorded {
                version,
                global: rec.global,
                payload: rec.payload.to_vec(),
            });
        }
        Ok(out)
    }

    /// Up to `limit` (at most [`MAX_READ_GLOBAL`]) durable events in global order from `from_global`.
    pub fn read_global(
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
        let mut out = Vec::with_capacity(limit.min(1024));
        for item in db
            .range(codec::global_key(from)..=codec::global_key(d.global))
            .take(limit)
        {
            let (key, value) = item?;
            let global = codec::key_u64_suffix(&key, 9, "global index")?;
            let ptr = GlobalPointer::decode(&value)?;
            if ptr.stream.is_empty() || ptr.stream.len() > MAX_STREAM_NAME_BYTES {
                return Err(StoreError::Corrupt(format!(
                    "global position {global} names a stream of {} bytes",
                    ptr.stream.len()
                )));
            }
            let raw = db
                .get(codec::event_key(&ptr.stream, ptr.version))?
                .ok_or_else(|| {
                    StoreError::Corrupt(format!(
                        "global position {global} points at missing event {:?}@{}",
                        ptr.stream, ptr.version
                    ))
                })?;
            let rec = EventRecord::decode(&raw)?;
            if rec.global != global {
                return Err(StoreError::Corrupt(format!(
                    "global position {global} points at event {:?}@{} which says it is at {}",
                    ptr.stream, ptr.version, rec.global
                )));
            }
            out.push(GlobalRecord {
                global,
                stream: ptr.stream,
                version: ptr.version,
                payload: rec.payload.to_vec(),
            });
        }
        Ok(out)
    }

    /// The stream's durable commands in append order.
    pub fn commands(&self, stream: &str) -> Result<Vec<CommandRecord>, StoreError> {
        check_stream_name(stream)?;
        let d = self.durable();
        self.durable_meta(stream, d.txn)?;
        let mut out = Vec::new();
        for item in self
            .db()
            .scan_prefix(codec::stream_prefix(KIND_COMMAND, stream))
        {
            let (_, value) = item?;
            let rec = CommandRec::decode(&value)?;
            if rec.txn > d.txn {
                break;
            }
            out.push(CommandRecord {
                command_id: rec.command_id,
                command: rec.command,
                first_version: rec.first_version,
                last_version: rec.last_version,
            });
        }
        Ok(out)
    }

    /// Stores a snapshot of the stream's state after `version`. Best effort: not waited for (snapshots
    /// are derivable from the events). `version` must be at or before the durable head, so a snapshot
    /// can never describe events that a crash could take back.
    pub fn put_snapshot(
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
        let head = self.durable_head(stream, d.global)?;
        if version > head {
            return Err(StoreError::InvalidArgument(format!(
                "snapshot at version {version} is past the durable head {head}"
            )));
        }
        self.db().insert(
            codec::snapshot_key(stream, version),
            codec::encode_snapshot(&bytes),
        )?;
        Ok(())
    }

    /// The newest snapshot at or before `version`, with its version.
    pub fn snapshot_at_or_before(
        &self,
        stream: &str,
        version: u64,
    ) -> Result<Option<(u64, Vec<u8>)>, StoreError> {
        check_stream_name(stream)?;
        self.durable_meta(stream, self.durable().txn)?;
        let range = codec::snapshot_key(stream, 0)..=codec::snapshot_key(stream, version);
        match self.db().range(range).next_back() {
            Some(item) => {
                let (key, value) = item?;
                let at = codec::key_u64_suffix(&key, numbered_key_len(stream), "snapshot")?;
                Ok(Some((at, codec::decode_snapshot(&value)?)))
            }
            None => Ok(None),
        }
    }

    /// Up to `limit` (at most [`MAX_LIST_STREAMS`]) durable streams in name order, after `after`, each with
    /// its newest durable summary.
    pub fn list_streams(
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
            let (key, value) = item?;
            if MetaRecord::decode_txn(&value)? > d.txn {
                continue;
            }
            let name = String::from_utf8(key[1..].to_vec())
                .map_err(|_| StoreError::Corrupt("a stream meta key is not UTF-8".into()))?;
            check_stream_name(&name).map_err(|_| {
                StoreError::Corrupt(format!("stream meta key {name:?} has an invalid name"))
            })?;
            let summary = match db.get(codec::summary_key(&name))? {
                Some(raw) => SummaryRec::decode(&raw)?.visible(d.txn),
                None => None,
            };
            out.push((name, summary));
        }
        Ok(out)
    }

    /// The latest durable global position; changes wake the receivers.
    pub fn durable_position(&self) -> watch::Receiver<u64> {
        self.inner.flush.position.subscribe()
    }

    /// How many flushes the group-commit thread has completed since open (appends per flush is the
    /// group-commit batch size).
    pub fn flush_count(&self) -> u64 {
        self.inner.flush.flushes.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Makes everything written before this call durable (snapshots included). For graceful shutdown.
    pub async fn flush(&self) -> Result<(), StoreError> {
        let gen = self.inner.flush.request_flush();
        let mut rx = self.inner.flush.durable.subscribe();
        let d = rx
            .wait_for(|d| d.gen >= gen || d.failure.is_some())
            .await
            .map_err(|_| StoreError::Io("the store was closed".into()))?;
        if d.gen >= gen {
            Ok(())
        } else {
            Err(StoreError::Io(format!(
                "flush failed: {}",
                d.failure.as_deref().unwrap_or("unknown")
            )))
        }
    }
}

#[cfg(test)]
mod tests;

//! Group commit: one thread makes writes durable in bulk and tells the waiting writers.
//!
//! Writers apply their batch to sled (in memory and the OS page cache) and then record the txn they wrote
//! in the [`FlushQueue`]. The flusher thread takes the newest written txn, flushes sled (and fsyncs in
//! [`Durability::Fsync`] mode), and publishes that txn as durable. Every write that landed while a flush was
//! running is covered by the next one, so N concurrent appends cost about two flushes, not N.
//!
//! A flush covers everything written before it started: the queue is read before `db.flush()` is called,
//! and a writer records its txn only after its batch is applied.

use std::fs::File;
use std::io;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};

use tokio::sync::watch;

use crate::Durability;

/// What writers have written and what callers of `flush` asked for, guarded by one mutex.
#[derive(Debug, Default)]
pub(crate) struct FlushQueue {
    pub(crate) written_txn: u64,
    pub(crate) written_global: u64,
    /// Bumped by `Store::flush` to force a flush even when no txn is pending (snapshots are written
    /// outside txns).
    pub(crate) requested_gen: u64,
    pub(crate) shutdown: bool,
    /// True while the flusher sleeps on the condvar. Writers only signal it then: a signal costs a
    /// syscall, and while a flush runs the flusher will look at the queue anyway when it is done.
    pub(crate) flusher_idle: bool,
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

/// The state the flusher shares with the store.
pub(crate) struct FlushShared {
    pub(crate) db: sled::Db,
    pub(crate) dir: std::path::PathBuf,
    pub(crate) durability: Durability,
    pub(crate) queue: Mutex<FlushQueue>,
    pub(crate) wake: Condvar,
    pub(crate) durable: watch::Sender<Durable>,
    pub(crate) position: watch::Sender<u64>,
    /// Successful flushes since open, for metrics and the group-commit benchmark.
    pub(crate) flushes: std::sync::atomic::AtomicU64,
    /// Makes the next flush fail, so tests can check that a failed flush poisons the store.
    #[cfg(test)]
    pub(crate) fail_next_flush: std::sync::atomic::AtomicBool,
    /// Held by a test to stop flushes from completing, so it can look at written-but-not-durable state.
    #[cfg(test)]
    pub(crate) hold: Mutex<()>,
}

impl FlushShared {
    /// Makes everything written so far durable according to the configured mode.
    pub(crate) fn sync(&self) -> Result<(), String> {
        #[cfg(test)]
        let _hold = self.hold.lock().unwrap_or_else(|p| p.into_inner());
        #[cfg(test)]
        if self
            .fail_next_flush
            .swap(false, std::sync::atomic::Ordering::SeqCst)
        {
            return Err("injected flush failure".into());
        }
        self.db.flush().map_err(|e| format!("sled flush: {e}"))?;
        if self.durability == Durability::Fsync {
            fsync_dir(&self.dir).map_err(|e| format!("fsync {}: {e}", self.dir.display()))?;
        }
        Ok(())
    }

    /// Records a write and wakes the flusher. Called with the writer lock held, so txns arrive in order.
    pub(crate) fn note_written(&self, txn: u64, global: u64) {
        let mut q = self.queue.lock().unwrap_or_else(|p| p.into_inner());
        q.written_txn = txn;
        q.written_global = global;
        let idle = q.flusher_idle;
        drop(q);
        if idle {
            self.wake.notify_one();
        }
    }

    /// Asks for a flush that starts after this call; returns the generation to wait for.
    pub(crate) fn request_flush(&self) -> u64 {
        let mut q = self.queue.lock().unwrap_or_else(|p| p.into_inner());
        q.requested_gen += 1;
        let gen = q.requested_gen;
        drop(q);
        self.wake.notify_one();
        gen
    }

    pub(crate) fn shut_down(&self) {
        let mut q = self.queue.lock().unwrap_or_else(|p| p.into_inner());
        q.shutdown = true;
        drop(q);
        self.wake.notify_one();
    }
}

/// The flusher thread's body. Returns on shutdown (after flushing what is pending) or after a failed flush.
pub(crate) fn run(shared: Arc<FlushShared>) {
    let start = shared.durable.borrow().clone();
    let (mut done_txn, mut done_gen) = (start.txn, start.gen);
    loop {
        let (txn, global, gen) = {
            let mut q = shared.queue.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                if q.written_txn > done_txn || q.requested_gen > done_gen {
                    break (q.written_txn, q.written_global, q.requested_gen);
                }
                if q.shutdown {
                    return;
                }
                q.flusher_idle = true;
                q = shared.wake.wait(q).unwrap_or_else(|p| p.into_inner());
                q.flusher_idle = false;
            }
        };
        match shared.sync() {
            Ok(()) => {
                shared
                    .flushes
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                done_txn = txn;
                done_gen = gen;
                // Publish to readers and writers first, then to position subscribers: a subscriber woken
                // by the position must find the new events readable. Writers that return in between
                // wait for the position themselves (see `Store::append`).
                shared.durable.send_modify(|d| {
                    d.txn = txn;
                    d.global = global;
                    d.gen = gen;
                });
                shared.position.send_if_modified(|p| {
                    let changed = *p != global;
                    *p = global;
                    changed
                });
            }
            Err(reason) => {
                // Never acknowledge what is not durable: waiting writers see the failure, and the store
                // refuses every later write. sled may hold the unflushed writes in memory, but readers
                // only see up to the last durable txn, which stays where it is.
                tracing::error!(%reason, "store flush failed; the store is poisoned and refuses writes");
                shared
                    .durable
                    .send_modify(|d| d.failure = Some(Arc::from(reason.as_str())));
                return;
            }
        }
    }
}

/// fsyncs every file under `dir`, then the directories themselves, so file contents, sizes and names
/// reach stable storage.
fn fsync_dir(dir: &Path) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
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

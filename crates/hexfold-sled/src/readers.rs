//! The store's own reader threads: where [`crate::SledStore`]'s [`hexfold_store::EventStore`] reads run, at most
//! [`crate::MAX_CONCURRENT_READS`] threads per store.
//!
//! They used to run on tokio's blocking pool (`spawn_blocking`) behind a semaphore of as many permits. That
//! bounded the reads running at once but not the threads: a read gives its permit back while its thread is
//! still finishing, the next read takes the permit and finds no idle thread, and tokio starts one more (up to
//! its 512, each kept 10 s after its last task). 300 subscribers catching up made the server run 227 threads,
//! and every thread that came and went left its allocator heap behind, which is much of the memory 48
//! concurrent `ListGames` callers left in the server (issue 29). Here the threads are a pool of fixed size:
//! a read is queued, an idle reader takes it, and a new reader is started only while the queued reads
//! outnumber the idle readers and the pool is below its size. A reader that has had nothing to do for
//! [`IDLE`] ends, so an idle server keeps none.
//!
//! A read that panics is caught on its reader and handed back to the caller, which unwinds with it as if the
//! read had run inline; the reader goes on. Readers hold no handle of the store between reads, so the last
//! handle can be dropped (and the store closed) on a reader without waiting for the pool.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How long a reader waits for work before it ends.
pub(crate) const IDLE: Duration = Duration::from_secs(10);

type Job = Box<dyn FnOnce() + Send>;

/// A pool of at most `size` reader threads, started as needed.
pub(crate) struct Readers {
    state: Mutex<State>,
    wake: Condvar,
    size: usize,
}

#[derive(Default)]
struct State {
    jobs: VecDeque<Job>,
    /// Readers alive (idle or working).
    threads: usize,
    /// Readers waiting for a job.
    idle: usize,
    /// The store is closed: readers end once the queue is empty.
    closed: bool,
}

impl Readers {
    pub(crate) fn new(size: usize) -> Arc<Readers> {
        Arc::new(Readers {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
            size: size.max(1),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A job never runs under the lock, so the state is consistent whenever a holder could have panicked.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Queues `job` for a reader; an error if no reader can be started and none is alive to take it.
    pub(crate) fn run(self: &Arc<Self>, job: Job) -> Result<(), String> {
        let mut state = self.lock();
        if state.closed {
            return Err("the store is closing".into());
        }
        state.jobs.push_back(job);
        if state.jobs.len() > state.idle && state.threads < self.size {
            state.threads += 1;
            let pool = Arc::clone(self);
            let started = std::thread::Builder::new()
                .name("hexfold-store-read".into())
                .spawn(move || pool.work());
            if let Err(e) = started {
                state.threads -= 1;
                if state.threads == 0 {
                    state.jobs.pop_back();
                    return Err(format!("cannot start a reader thread: {e}"));
                }
                // The readers alive take it in their turn.
            }
        }
        drop(state);
        self.wake.notify_one();
        Ok(())
    }

    /// Ends the readers once the reads queued now have run.
    pub(crate) fn close(&self) {
        self.lock().closed = true;
        self.wake.notify_all();
    }

    /// How many readers are alive.
    #[cfg(test)]
    pub(crate) fn threads(&self) -> usize {
        self.lock().threads
    }

    fn work(self: Arc<Self>) {
        let mut state = self.lock();
        loop {
            if let Some(job) = state.jobs.pop_front() {
                drop(state);
                job();
                state = self.lock();
                continue;
            }
            if state.closed {
                break;
            }
            state.idle += 1;
            let (next, waited) = self
                .wake
                .wait_timeout(state, IDLE)
                .unwrap_or_else(|p| p.into_inner());
            state = next;
            state.idle -= 1;
            if waited.timed_out() && state.jobs.is_empty() {
                break;
            }
        }
        state.threads -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn never_more_readers_than_its_size_however_many_reads_wait() {
        let pool = Readers::new(4);
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let release_rx = Arc::new(Mutex::new(release_rx));
        let (done_tx, done_rx) = mpsc::channel();
        for _ in 0..100 {
            let release_rx = Arc::clone(&release_rx);
            let done_tx = done_tx.clone();
            pool.run(Box::new(move || {
                release_rx.lock().unwrap().recv().unwrap();
                done_tx.send(()).unwrap();
            }))
            .unwrap();
            assert!(pool.threads() <= 4);
        }
        for _ in 0..100 {
            release_tx.send(()).unwrap();
            done_rx.recv().unwrap();
            assert!(pool.threads() <= 4);
        }
        assert_eq!(pool.threads(), 4);
    }

    #[test]
    fn a_closed_pool_runs_what_was_queued_and_takes_nothing_more() {
        let pool = Readers::new(2);
        let (tx, rx) = mpsc::channel();
        for i in 0..10 {
            let tx = tx.clone();
            pool.run(Box::new(move || tx.send(i).unwrap())).unwrap();
        }
        pool.close();
        let mut got: Vec<i32> = (0..10).map(|_| rx.recv().unwrap()).collect();
        got.sort();
        assert_eq!(got, (0..10).collect::<Vec<_>>());
        assert!(pool.run(Box::new(|| {})).is_err());
    }
}

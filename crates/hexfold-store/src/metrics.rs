//! The names of the store's metrics, recorded through the `metrics` facade by every backend (each with its
//! `backend` label), so the server exports them without the store crates knowing any exporter.
//!
//! Recording costs nothing until the process installs a recorder and calls [`start_recording`] (the engine does,
//! when the server's `--metrics-listen` installs one). The backends are a closed set ([`Backend`]), so each
//! keeps its histograms in a static, registered with the recorder on first use and then updated without a
//! registry look-up on the append path.

use metrics::Histogram;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

/// Seconds from an append's submission to its answer (durable, or refused), histogram.
pub const APPEND_SECONDS: &str = "hexfold_store_append_seconds";
/// Seconds one group commit took to become durable: sled's flush, or PostgreSQL's transaction, histogram.
pub const FLUSH_SECONDS: &str = "hexfold_store_flush_seconds";
/// Seconds one fsync of the sled store's files took (`Durability::Fsync` only), histogram.
pub const FSYNC_SECONDS: &str = "hexfold_store_fsync_seconds";
/// Writes made durable together by one group commit, histogram.
pub const GROUP_APPENDS: &str = "hexfold_store_group_appends";

/// The store backends, each the value of its metrics' `backend` label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sled,
    Postgres,
}

impl Backend {
    /// Its `backend` label.
    pub fn label(self) -> &'static str {
        match self {
            Backend::Sled => "sled",
            Backend::Postgres => "postgres",
        }
    }

    /// Its series `name` (one of the four above), registered on first use: only once recording has started,
    /// since a handle made before a recorder is installed would record nothing, ever, and only the series a
    /// backend records into (no `fsync` for PostgreSQL).
    fn histogram(self, name: Series) -> &'static Histogram {
        static HISTOGRAMS: [[OnceLock<Histogram>; 4]; 2] =
            [const { [const { OnceLock::new() }; 4] }; 2];
        HISTOGRAMS[self as usize][name as usize]
            .get_or_init(|| metrics::histogram!(name.name(), "backend" => self.label()))
    }
}

/// The store's series, by name.
#[derive(Clone, Copy)]
enum Series {
    Append,
    Flush,
    Fsync,
    Group,
}

impl Series {
    fn name(self) -> &'static str {
        match self {
            Series::Append => APPEND_SECONDS,
            Series::Flush => FLUSH_SECONDS,
            Series::Fsync => FSYNC_SECONDS,
            Series::Group => GROUP_APPENDS,
        }
    }
}

/// Whether a recorder is installed; until then nothing is recorded and no handle is made.
static RECORDING: AtomicBool = AtomicBool::new(false);

/// Called once a recorder is installed for the process: from then on every backend records.
pub fn start_recording() {
    RECORDING.store(true, Ordering::Relaxed);
}

fn recording() -> bool {
    RECORDING.load(Ordering::Relaxed)
}

/// Records one append's latency.
pub fn append(backend: Backend, elapsed: Duration) {
    if recording() {
        backend
            .histogram(Series::Append)
            .record(elapsed.as_secs_f64());
    }
}

/// Records one group commit: how long its durable write took and how many writes it held (a flush asked for
/// with no write pending counts as a flush, not as a group).
pub fn group(backend: Backend, elapsed: Duration, writes: usize) {
    if recording() {
        backend
            .histogram(Series::Flush)
            .record(elapsed.as_secs_f64());
        if writes > 0 {
            backend.histogram(Series::Group).record(writes as f64);
        }
    }
}

/// Records one fsync.
pub fn fsync(backend: Backend, elapsed: Duration) {
    if recording() {
        backend
            .histogram(Series::Fsync)
            .record(elapsed.as_secs_f64());
    }
}

//! The names of the store's metrics, recorded through the `metrics` facade by every backend (each with its
//! `backend` label), so the server exports them without the store crates knowing any exporter. Recording costs
//! nothing until the process installs a recorder.

use std::time::Duration;

/// Seconds from an append's submission to its answer (durable, or refused), histogram.
pub const APPEND_SECONDS: &str = "hexfold_store_append_seconds";
/// Seconds one group commit took to become durable: sled's flush, or PostgreSQL's transaction, histogram.
pub const FLUSH_SECONDS: &str = "hexfold_store_flush_seconds";
/// Seconds one fsync of the sled store's files took (`Durability::Fsync` only), histogram.
pub const FSYNC_SECONDS: &str = "hexfold_store_fsync_seconds";
/// Writes made durable together by one group commit, histogram.
pub const GROUP_APPENDS: &str = "hexfold_store_group_appends";

/// Records one append's latency.
pub fn append(backend: &'static str, elapsed: Duration) {
    metrics::histogram!(APPEND_SECONDS, "backend" => backend).record(elapsed.as_secs_f64());
}

/// Records one group commit: how long its durable write took and how many writes it held (a flush asked for
/// with no write pending counts as a flush, not as a group).
pub fn group(backend: &'static str, elapsed: Duration, writes: usize) {
    metrics::histogram!(FLUSH_SECONDS, "backend" => backend).record(elapsed.as_secs_f64());
    if writes > 0 {
        metrics::histogram!(GROUP_APPENDS, "backend" => backend).record(writes as f64);
    }
}

/// Records one fsync.
pub fn fsync(backend: &'static str, elapsed: Duration) {
    metrics::histogram!(FSYNC_SECONDS, "backend" => backend).record(elapsed.as_secs_f64());
}

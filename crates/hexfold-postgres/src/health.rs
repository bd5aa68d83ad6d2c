//! Whether the database can be reached, with hysteresis: what [`EventStore::watch_writable`] reports, and so
//! the server's `/readyz` and its gRPC health service.
//!
//! A probe task of its own, on a connection of its own (so a pool busy with readers is not taken for an
//! outage), runs `SELECT 1` every [`PgConfig::probe_every`], within [`PgConfig::connect_timeout`]. Every
//! call of the store that fails as unreachable (`Unavailable`) counts as a failed probe, and every call that
//! reaches the database as a good one. [`PgConfig::probe_failures`] failures in a row turn the store
//! unreachable, [`PgConfig::probe_successes`] successes in a row while it is turn it reachable again: one slow
//! or failed query does not flap the answer, and a stopped database is noticed within about
//! `probe_failures × probe_every` (sooner under traffic).
//!
//! [`EventStore::watch_writable`]: hexfold_store::EventStore::watch_writable

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use hexfold_store::StoreError;

use crate::{bounded, connect, PgConfig};

/// The store's reachability and the streaks that move it.
pub(crate) struct Health {
    reachable: watch::Sender<bool>,
    streak: Mutex<Streak>,
    /// Whether a success has anything to change (a failure was counted, or the store is unreachable): the
    /// common success of a healthy store reads only this.
    counting: AtomicBool,
    failures_to_fall: u32,
    successes_to_rise: u32,
}

#[derive(Default)]
struct Streak {
    failures: u32,
    successes: u32,
}

impl Health {
    pub(crate) fn new(config: &PgConfig) -> Health {
        Health {
            reachable: watch::channel(true).0,
            streak: Mutex::new(Streak::default()),
            counting: AtomicBool::new(false),
            failures_to_fall: config.probe_failures.max(1),
            successes_to_rise: config.probe_successes.max(1),
        }
    }

    pub(crate) fn watch(&self) -> watch::Receiver<bool> {
        self.reachable.subscribe()
    }

    /// Counts the outcome of a call or a probe: only an unreachable database is a failure (a conflict, a
    /// missing stream or damage is the database answering).
    pub(crate) fn record<T>(&self, result: &Result<T, StoreError>) {
        match result {
            Err(StoreError::Unavailable(_)) => self.failed(),
            _ => self.succeeded(),
        }
    }

    fn failed(&self) {
        let mut streak = self.streak.lock().unwrap_or_else(|e| e.into_inner());
        self.counting.store(true, Ordering::Relaxed);
        streak.successes = 0;
        streak.failures = streak.failures.saturating_add(1);
        if streak.failures >= self.failures_to_fall && *self.reachable.borrow() {
            tracing::warn!(
                failures = streak.failures,
                "the database cannot be reached: the store reports itself not ready"
            );
            self.reachable.send_replace(false);
        }
    }

    fn succeeded(&self) {
        if !self.counting.load(Ordering::Relaxed) {
            return;
        }
        let mut streak = self.streak.lock().unwrap_or_else(|e| e.into_inner());
        streak.failures = 0;
        streak.successes = streak.successes.saturating_add(1);
        if *self.reachable.borrow() {
            streak.successes = 0;
            self.counting.store(false, Ordering::Relaxed);
        } else if streak.successes >= self.successes_to_rise {
            tracing::info!("the database is reachable again: the store reports itself ready");
            streak.successes = 0;
            self.counting.store(false, Ordering::Relaxed);
            self.reachable.send_replace(true);
        }
    }
}

/// The probe loop; runs until the store is dropped (its handle is aborted then).
pub(crate) async fn probe(
    config: tokio_postgres::Config,
    health: Arc<Health>,
    every: Duration,
    bound: Duration,
) {
    let mut client: Option<tokio_postgres::Client> = None;
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let result = bounded("probing the database", bound, async {
            if client.as_ref().is_none_or(|c| c.is_closed()) {
                client = Some(connect(&config).await?);
            }
            let c = client.as_ref().expect("just connected");
            c.simple_query("SELECT 1").await.map_err(crate::error::pg)
        })
        .await;
        if result.is_err() {
            // A connection that failed or timed out is opened anew next time.
            client = None;
        }
        // Whatever kept the probe from its answer is a failure of the probe.
        health.record(&result.map_err(|e| StoreError::Unavailable(e.to_string())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outage() -> Result<(), StoreError> {
        Err(StoreError::Unavailable("down".into()))
    }

    #[test]
    fn it_takes_failures_in_a_row_to_fall_and_successes_in_a_row_to_rise() {
        let mut config = PgConfig::new("postgres://x@/y");
        config.probe_failures = 3;
        config.probe_successes = 2;
        let health = Health::new(&config);
        let watch = health.watch();
        // A slow or failed query now and then, between answers, changes nothing.
        for _ in 0..5 {
            health.record(&outage());
            health.record(&outage());
            health.record(&Ok(()));
        }
        assert!(*watch.borrow());
        // Answers that are not an outage are the database answering.
        health.record(&outage());
        health.record(&outage());
        health.record(&Err::<(), _>(StoreError::Corrupt("x".into())));
        health.record(&outage());
        health.record(&outage());
        assert!(*watch.borrow());
        health.record(&outage());
        assert!(!*watch.borrow(), "three in a row");
        // Down: one success between failures does not bring it back.
        for _ in 0..5 {
            health.record(&Ok(()));
            health.record(&outage());
        }
        assert!(!*watch.borrow());
        health.record(&Ok(()));
        health.record(&Ok(()));
        assert!(*watch.borrow(), "two in a row");
    }
}

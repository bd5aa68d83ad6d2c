//! The listener: wake-ups of the global order from the appends of every process on the database.
//!
//! Each group's transaction NOTIFYs `hexfold_global` with the position it ends at; PostgreSQL delivers
//! the notification only once that transaction committed, and a committed position is complete (every
//! position before it is committed too, see the README), so the listener may raise the store's watch to
//! it at once. Notifications are a hint: while the listening connection is down they are lost, so after
//! every (re)connect, and every [`PgConfig::recheck_every`](crate::PgConfig::recheck_every), the
//! listener re-reads the committed position itself. A broken connection is retried with a backoff of up
//! to [`MAX_BACKOFF`]. This process's own appends do not wait for any of this: the writer announces them
//! before it replies, and the listener passes over the notifications of the writer's own backend (see
//! [`OwnBackend`]).

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;
use tokio_postgres::{AsyncMessage, NoTls};

use hexfold_store::StoreError;

use crate::error::pg;
use crate::writer::raise;
use crate::{bounded, read_position};

/// The first wait before reconnecting, doubled after each failure...
const MIN_BACKOFF: Duration = Duration::from_millis(50);
/// ...up to this.
const MAX_BACKOFF: Duration = Duration::from_secs(2);

/// The backend this store's writer runs its groups on, whose notifications the listener passes over, and
/// a way for the writer to have the position re-read at once.
///
/// The writer announces each of its groups itself, after it has kept the group's events in memory for
/// `read_global` (see `recent`). The group's notification reaches the listener at about the moment the
/// COMMIT's answer reaches the writer, and when it was first, a follower woken by it read the group's events
/// from the database instead of from memory: in the load benchmark a seventh to a third of a server's own events
/// were read back that way. Passing over is safe because the writer announces every group it saw commit;
/// a group whose COMMIT's answer was lost with its connection may have committed unannounced, so the writer
/// [forgets](OwnBackend::forget) a connection it gives up, and the listener then honours that backend's
/// notifications and re-reads the position at once.
#[derive(Debug, Default)]
pub(crate) struct OwnBackend {
    /// The writer's backend's process id; 0 while it has no connection.
    pid: AtomicI32,
    recheck: Notify,
}

impl OwnBackend {
    /// The writer runs on the backend `pid` from now on.
    pub(crate) fn set(&self, pid: i32) {
        self.pid.store(pid, Ordering::Relaxed);
    }

    /// The writer gave up its connection: what its backend notifies is honoured, and the position re-read.
    pub(crate) fn forget(&self) {
        self.pid.store(0, Ordering::Relaxed);
        self.recheck.notify_one();
    }

    fn is_own(&self, pid: i32) -> bool {
        pid != 0 && self.pid.load(Ordering::Relaxed) == pid
    }
}

/// Aborts the connection's task when the listener lets go of it (also when the listener is aborted).
struct ConnectionTask(JoinHandle<()>);

impl Drop for ConnectionTask {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Listens until the task is aborted (when the store is dropped).
pub(crate) async fn run(
    config: tokio_postgres::Config,
    position: Arc<watch::Sender<u64>>,
    own: Arc<OwnBackend>,
    recheck_every: Duration,
    call_bound: Duration,
) {
    let mut backoff = MIN_BACKOFF;
    loop {
        match bounded("listening", call_bound, listen(&config, &position, &own)).await {
            Ok((client, mut connection)) => {
                backoff = MIN_BACKOFF;
                let mut recheck =
                    tokio::time::interval(recheck_every.max(Duration::from_millis(10)));
                recheck.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                loop {
                    tokio::select! {
                        _ = &mut connection.0 => {
                            tracing::warn!("the postgres listening connection ended; reconnecting");
                            break;
                        }
                        // The first tick is at once: whatever committed while nothing listened.
                        _ = recheck.tick() => {}
                        _ = own.recheck.notified() => {}
                    }
                    let read = bounded("re-reading the global position", call_bound, async {
                        read_position(&client).await.map_err(pg)
                    });
                    match read.await {
                        Ok(p) => raise(&position, p),
                        Err(e) => {
                            tracing::warn!(error = %e, "re-reading the global position failed; reconnecting");
                            break;
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot listen for postgres notifications"),
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// A connection that has run LISTEN, whose task raises `position` with every notification.
async fn listen(
    config: &tokio_postgres::Config,
    position: &Arc<watch::Sender<u64>>,
    own: &Arc<OwnBackend>,
) -> Result<(tokio_postgres::Client, ConnectionTask), StoreError> {
    let (client, mut connection) = config.connect(NoTls).await.map_err(pg)?;
    let (position, own) = (Arc::clone(position), Arc::clone(own));
    let task = ConnectionTask(tokio::spawn(async move {
        while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
            match message {
                Ok(AsyncMessage::Notification(n)) if own.is_own(n.process_id()) => {}
                Ok(AsyncMessage::Notification(n)) => match n.payload().parse::<u64>() {
                    Ok(p) => raise(&position, p),
                    Err(_) => tracing::warn!(
                        payload = n.payload(),
                        "a notification that is not a position"
                    ),
                },
                Ok(_) => {}
                Err(e) => {
                    tracing::debug!(error = %e, "the postgres listening connection failed");
                    break;
                }
            }
        }
    }));
    client
        .batch_execute("LISTEN hexfold_global")
        .await
        .map_err(pg)?;
    Ok((client, task))
}

//! The listener: wake-ups of the global order from the appends of every process on the database.
//!
//! Each group's transaction NOTIFYs `hexfold_global` with the position it ends at; PostgreSQL delivers
//! the notification only once that transaction committed, and a committed position is complete (every
//! position before it is committed too, see the README), so the listener may raise the store's watch to
//! it at once. Notifications are a hint: while the listening connection is down they are lost, so after
//! every (re)connect, and every [`PgConfig::recheck_every`](crate::PgConfig::recheck_every), the
//! listener re-reads the committed position itself. A broken connection is retried with a backoff of up
//! to [`MAX_BACKOFF`]. This process's own appends do not wait for any of this: the writer announces them
//! before it replies.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
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
    recheck_every: Duration,
    call_bound: Duration,
) {
    let mut backoff = MIN_BACKOFF;
    loop {
        match bounded("listening", call_bound, listen(&config, &position)).await {
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
                        _ = recheck.tick() => {
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
) -> Result<(tokio_postgres::Client, ConnectionTask), StoreError> {
    let (client, mut connection) = config.connect(NoTls).await.map_err(pg)?;
    let position = Arc::clone(position);
    let task = ConnectionTask(tokio::spawn(async move {
        while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
            match message {
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

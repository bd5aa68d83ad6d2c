//! The one place where PostgreSQL's and the pool's errors become [`StoreError`]s.
//!
//! The rule: anything that says the database cannot be reached now, or that a request was cut short by a
//! timeout or a lost connection, is [`StoreError::Unavailable`] (clients retry; a retried append is safe
//! thanks to its command id); damaged data is [`StoreError::Corrupt`]; everything else the server said is
//! [`StoreError::Io`], a failure an operator has to look at. Messages carry PostgreSQL's SQLSTATE and its
//! primary message only, never its DETAIL, which can quote key values.

use std::time::Duration;

use hexfold_store::StoreError;
use tokio_postgres::error::SqlState;

/// Converts an error of the client or of the server.
pub(crate) fn pg(e: tokio_postgres::Error) -> StoreError {
    let Some(db) = e.as_db_error() else {
        // No SQLSTATE: the client failed to reach the server, the connection broke, or the client was closed.
        return StoreError::Unavailable(format!("postgres: {e}"));
    };
    let code = db.code();
    let message = format!("postgres {}: {}", code.code(), db.message());
    let class = &code.code()[..2];
    if *code == SqlState::DATA_CORRUPTED || *code == SqlState::INDEX_CORRUPTED {
        StoreError::Corrupt(message)
    } else if *code == SqlState::UNIQUE_VIOLATION {
        // Every insert of the store either cannot collide (it checked under the stream's lock, or took fresh
        // positions from the counter) or says what to do on a conflict: a key already taken is a row the store
        // did not write, or a counter set back.
        StoreError::Corrupt(format!(
            "{message}: a row is in the way of an append (damaged or extra rows in the database)"
        ))
    } else if class == "08" // connection exception
        || class == "57" // operator intervention: shutdown, crash, statement timeout (57014)
        || class == "53" // insufficient resources: too many connections, out of memory
        || class == "40"
    // a serialization failure or a deadlock: the transaction was rolled back and may be retried
    {
        StoreError::Unavailable(message)
    } else {
        StoreError::Io(message)
    }
}

/// Converts an error of the readers' pool.
pub(crate) fn pool(e: deadpool_postgres::PoolError) -> StoreError {
    use deadpool_postgres::PoolError;
    match e {
        PoolError::Backend(e) => pg(e),
        PoolError::Timeout(kind) => {
            StoreError::Unavailable(format!("postgres: no connection in time ({kind:?})"))
        }
        PoolError::Closed => StoreError::Io("the store is closed".into()),
        other => StoreError::Unavailable(format!("postgres pool: {other}")),
    }
}

/// The error of a call that did not finish within its bound.
pub(crate) fn timed_out(what: &str, after: Duration) -> StoreError {
    StoreError::Unavailable(format!("postgres: {what} took longer than {after:?}"))
}

/// Whether a failed transaction is worth running again at once: PostgreSQL rolled it back because of
/// another transaction (a serialization failure or a deadlock), not because anything is broken.
pub(crate) fn is_transient(e: &tokio_postgres::Error) -> bool {
    matches!(
        e.code(),
        Some(c) if *c == SqlState::T_R_SERIALIZATION_FAILURE || *c == SqlState::T_R_DEADLOCK_DETECTED
    )
}

/// Whether the connection is gone: closed under the client, or ended by the server (a shutdown or a
/// terminated backend) before the request ran.
pub(crate) fn connection_lost(e: &tokio_postgres::Error) -> bool {
    e.is_closed()
        || matches!(
            e.code(),
            Some(c) if *c == SqlState::ADMIN_SHUTDOWN || *c == SqlState::CRASH_SHUTDOWN
        )
}

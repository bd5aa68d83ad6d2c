//! The seals of the rows besides the events, and the checks every read makes of the rows it meets against
//! each other, so a missing, altered or extra row is [`StoreError::Corrupt`] (DATA_LOSS), never a shorter or
//! different history.
//!
//! What covers what (schema version 2):
//! - an event row: its `checksum` (CRC-32 of the stream's name, the version and the payload, see
//!   [`crate::checksum`]);
//! - a stream row: `seal` over its name, `head` and `commands` (the command count); `meta_seal` over its name
//!   and meta; `summary_seal` over its name and summary;
//! - a command row: `seal` over every column;
//! - a snapshot row: `seal` over every column;
//! - the rows' number and order: a read of events wants exactly the versions from its start to the sealed head
//!   (an event missing in between or at the end, or one past the head, is damage); a read of commands wants
//!   the sequence numbers up to the sealed count, each command starting where the one before ended and the
//!   last ending at the head; the head itself counts the stream's event rows against it, so a row missing
//!   before the newest snapshot, which no read from that snapshot meets, is damage too (a listing counts those
//!   past the head at which it last found the stream whole, see `PgStore::count_listed`); a read of the global order wants consecutive positions; the writer refuses to
//!   append to a stream with an event or command past its head or count (a row it did not write), and a row
//!   in the way of an insert (a unique key taken) is damage too.
//!
//! A seal is the first four bytes of the MD5 of the row's fields, each a `bytea` as its length (a big-endian
//! `int8`, -1 for NULL) and its bytes, each `bigint` as its eight big-endian bytes. PostgreSQL computes the
//! same with `hexfold.seal(hexfold.part(..) || int8send(..) ...)` (created by the schema's migration 2): the
//! writer's statements seal rows in the database, where the command's global position is known, and the
//! migration seals the rows of an older database. MD5 is no defence against someone who means to forge a
//! row (nor is anything the store could compute without a key), only against rows changed, lost or left
//! behind by accident: a bad restore, a hand-edited row, a disk's or a tool's fault.

use md5::{Digest, Md5};
use tokio_postgres::Row;

use hexfold_store::StoreError;

/// One field of a sealed row.
pub(crate) enum Part<'a> {
    Bytes(Option<&'a [u8]>),
    Int(i64),
}

/// The seal of a row made of `parts` (see the module docs).
pub(crate) fn seal(parts: &[Part<'_>]) -> i32 {
    let mut md5 = Md5::new();
    for part in parts {
        match part {
            Part::Bytes(Some(bytes)) => {
                md5.update((bytes.len() as i64).to_be_bytes());
                md5.update(bytes);
            }
            Part::Bytes(None) => md5.update((-1i64).to_be_bytes()),
            Part::Int(n) => md5.update(n.to_be_bytes()),
        }
    }
    let digest = md5.finalize();
    i32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// Damage found in a row or between rows: always [`StoreError::Corrupt`], naming the record.
pub(crate) fn damaged(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("{what} (damaged or missing rows in the database)"))
}

/// A stored `bigint` that must not be negative.
pub(crate) fn natural(
    n: i64,
    column: &str,
    record: &dyn Fn() -> String,
) -> Result<u64, StoreError> {
    u64::try_from(n).map_err(|_| damaged(format!("{}: negative {column}", record())))
}

/// A stream's head and command count, as its row holds them under its seal.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Head {
    pub(crate) head: u64,
    pub(crate) commands: u64,
}

/// The head and command count of `stream`'s row (columns `head`, `commands`, `seal`), checked against its
/// seal.
pub(crate) fn head(stream: &str, row: &Row) -> Result<Head, StoreError> {
    let head: i64 = row.get("head");
    let commands: i64 = row.get("commands");
    head_of(stream, head, commands, row.get("seal"))
}

/// [`head`] from the values.
pub(crate) fn head_of(
    stream: &str,
    head: i64,
    commands: i64,
    stored: i32,
) -> Result<Head, StoreError> {
    let expected = seal(&[
        Part::Bytes(Some(stream.as_bytes())),
        Part::Int(head),
        Part::Int(commands),
    ]);
    if stored != expected {
        return Err(damaged(format!(
            "stream {stream}: its head and command count fail their seal"
        )));
    }
    let record = || format!("stream {stream}");
    Ok(Head {
        head: natural(head, "head", &record)?,
        commands: natural(commands, "commands", &record)?,
    })
}

/// Checks that `stream` holds exactly the event rows its sealed `head` says past version `after` (0: all of
/// them): `events` rows past `after` in all, `within` of them at versions `after + 1` to `head` (the versions
/// are a key, so that is every one of them, once).
pub(crate) fn check_count(
    stream: &str,
    after: u64,
    head: u64,
    events: i64,
    within: i64,
) -> Result<(), StoreError> {
    if head >= after && u64::try_from(events) == Ok(head - after) && within == events {
        return Ok(());
    }
    Err(damaged(format!(
        "stream {stream}: its head is {head} but it holds {events} event rows past version {after}, {within} \
         of them at versions {} to {head}",
        after + 1
    )))
}

/// Checks `stream`'s `bytes` (its meta or its summary, named `what`) against their seal.
pub(crate) fn check_bytes(
    stream: &str,
    what: &str,
    bytes: Option<&[u8]>,
    stored: i32,
) -> Result<(), StoreError> {
    if stored == seal(&[Part::Bytes(Some(stream.as_bytes())), Part::Bytes(bytes)]) {
        Ok(())
    } else {
        Err(damaged(format!(
            "stream {stream}: its {what} fails its seal"
        )))
    }
}

/// The versions a read of events found (in the order it asked for them), checked against what the sealed head
/// says must be there: `expected` gives the version wanted at each place, and `count` how many there must be.
pub(crate) fn check_versions(
    stream: &str,
    head: u64,
    found: impl Iterator<Item = u64>,
    mut expected: impl Iterator<Item = u64>,
) -> Result<(), StoreError> {
    for version in found {
        if version > head {
            return Err(damaged(format!(
                "event {stream}@{version} is past the stream's head {head}"
            )));
        }
        match expected.next() {
            Some(wanted) if wanted == version => {}
            Some(wanted) => {
                return Err(damaged(format!("event {stream}@{wanted} is missing")));
            }
            None => {
                return Err(damaged(format!(
                    "event {stream}@{version} is one the read did not ask for"
                )))
            }
        }
    }
    match expected.next() {
        Some(wanted) => Err(damaged(format!("event {stream}@{wanted} is missing"))),
        None => Ok(()),
    }
}

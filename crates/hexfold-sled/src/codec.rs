//! The on-disk layout: how keys are built and how values are enveloped.
//!
//! Everything lives in sled's default tree. A key starts with one ASCII byte naming the record kind, so
//! each kind is a contiguous key range. Numbers in keys are big-endian `u64`, so sled's byte order is
//! numeric order and range scans walk versions and global positions in order. Stream names inside keys are
//! prefixed by their length (one byte; names are at most [`crate::MAX_STREAM_NAME_BYTES`]) so that no
//! stream's range can contain another stream's keys (`"g1"` versus `"g10"`). Meta keys are the exception:
//! they hold the bare name so that a scan over them lists streams in name order.
//!
//! Layout 3 (the `F` marker says which layout a store has; `src/migrate.rs` upgrades layout 1, and layout 2,
//! whose keys and fields are the same, only has its marker rewritten):
//!
//! | kind | key                            | value (after the format byte)                                     |
//! |------|--------------------------------|-------------------------------------------------------------------|
//! | `F`  | `F`                            | layout version (one byte, no envelope)                            |
//! | `Z`  | `Z`                            | epoch: bumped at every open, the high bits of every txn           |
//! | `M`  | `M` name                       | txn, meta bytes                                                   |
//! | `A`  | `A` len name last-version seq  | txn, first version, first global, command id, command, events     |
//! | `G`  | `G` first-global               | per sled batch: count, then (stream, last version, seq, events) of each of its appends with events |
//! | `S`  | `S` len name                   | txn, summary, optional (txn, summary) known durable when written  |
//! | `P`  | `P` len name version           | snapshot bytes                                                    |
//!
//! One `A` record holds one append: the command and all its events. sled 0.34's cost is per key (each new
//! key is a node clone and may split a node, which rewrites the node and its parent), so an append writes
//! one key, whatever its number of events, plus `S` when it carries a summary (callers send one only when
//! it changes). `A` keys end in (last version, seq): sorted by version, an append with no events sorts
//! after the one before it (same last version, next seq), and a range scan from `(v, 0)` starts at the
//! append holding version `v`. `seq` numbers a stream's appends from 1 and orders its commands.
//!
//! The global order is indexed per sled batch, not per append: one `G` record, written in the batch it
//! describes, lists the batch's appends with events in global order with their event counts, keyed by
//! the batch's first global position. The append holding position `p` is found from the record with the
//! greatest key at or before `p`, by adding up counts. A batch is recovered whole or not at all, and every
//! batch of a group becomes durable with the group's flush, so a `G` record at or before the durable
//! position never lists an append that is not durable.
//!
//! There is no command-id index on disk (layout 1 had a `C` key per append): the `A` records hold every
//! command id, and the log thread keeps an index of them in memory, loaded from a stream's `A` records on
//! first use (see `log`).
//!
//! Every value except the layout marker starts with a format byte, so a later layout can read old records
//! and write new ones side by side. This code writes [`FORMAT_CHECKED`] ([`FORMAT_GROUP_CHECKED`] for `G`
//! records): the fields, then a CRC-32 (IEEE, big-endian) of the record's key followed by the value up to
//! the checksum, checked by every read, so a flipped bit, a zeroed page or a value moved to another key is
//! [`StoreError::Corrupt`] and never a different history. It reads the unchecked formats of layouts 1 and
//! 2 as well ([`FORMAT_V1`], and [`FORMAT_GROUP_V2`] for `G`), which differ only in having no checksum:
//! old records are not rewritten, and `hexfold check` counts them. Variable-length fields are a big-endian
//! `u32` length followed by the bytes. The encoding is hand-written rather than serde-derived on purpose: it is a few
//! dozen lines, it has no dependency whose format could drift under us, and every decoding failure is a
//! typed [`StoreError::Corrupt`] naming the record, never a panic and never the payload bytes.
//!
//! A `txn` numbers every write (stream creation or append, including appends with no events):
//! `epoch << 40 | n`, where `n` counts the writes of this open. The log thread publishes the last durable txn
//! and readers hide records whose txn is newer. Everything recovered at open is durable and belongs to an
//! older epoch, so it is below every txn of the new one, and no per-append counter record is needed.

use crate::StoreError;

/// The layout this code writes and reads. Stored under the `F` key when a store is created. Layout 3 is
/// layout 2 with checked envelopes: a build that reads only layout 2 refuses it by its marker instead of
/// meeting format bytes it does not know.
pub(crate) const LAYOUT_VERSION: u8 = 3;
/// The layout before checksums; [`crate::SledStore::open`] upgrades it by rewriting the marker.
pub(crate) const LAYOUT_V2: u8 = 2;
/// The layout before per-batch `G` records; [`crate::SledStore::open`] migrates it.
pub(crate) const LAYOUT_V1: u8 = 1;
/// The format byte of every value of layouts 1 and 2 except layout 2's `G` records: no checksum.
pub(crate) const FORMAT_V1: u8 = 1;
/// The format byte of layout 2's per-batch `G` records (layout 1's per-append ones had [`FORMAT_V1`]).
pub(crate) const FORMAT_GROUP_V2: u8 = 2;
/// The format byte of every value this code writes except `G` records: [`FORMAT_V1`]'s fields followed by
/// the checksum.
pub(crate) const FORMAT_CHECKED: u8 = 3;
/// The format byte of the `G` records this code writes: [`FORMAT_GROUP_V2`]'s fields and the checksum.
pub(crate) const FORMAT_GROUP_CHECKED: u8 = 4;
/// Bytes of the checksum that ends a checked value.
const CHECKSUM_BYTES: usize = 4;

/// The checksum of a checked value: CRC-32 of its key, then of its bytes before the checksum. The key is
/// covered so that a value found under another key than the one it was written under fails too.
fn checksum(key: &[u8], body: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(key);
    h.update(body);
    h.finalize()
}

/// Whether a stored value carries a checksum (for `check`'s count of old records).
pub(crate) fn is_checked(value: &[u8]) -> bool {
    matches!(
        value.first(),
        Some(&FORMAT_CHECKED) | Some(&FORMAT_GROUP_CHECKED)
    )
}

pub(crate) const KIND_LAYOUT: u8 = b'F';
pub(crate) const KIND_EPOCH: u8 = b'Z';
pub(crate) const KIND_META: u8 = b'M';
pub(crate) const KIND_APPEND: u8 = b'A';
pub(crate) const KIND_GLOBAL: u8 = b'G';
/// Layout 1's command-id index, one key per append; layout 2 derives it from `A` records in memory, and
/// the migration deletes these keys.
pub(crate) const KIND_V1_COMMAND_ID: u8 = b'C';
pub(crate) const KIND_SUMMARY: u8 = b'S';
pub(crate) const KIND_SNAPSHOT: u8 = b'P';

/// `kind len name`: the prefix shared by every key of one stream within one kind.
pub(crate) fn stream_prefix(kind: u8, stream: &str) -> Vec<u8> {
    debug_assert!(stream.len() <= usize::from(u8::MAX));
    let mut key = Vec::with_capacity(2 + stream.len() + 16);
    key.push(kind);
    // Stream names are validated to at most MAX_STREAM_NAME_BYTES (< 256) before any key is built.
    key.push(stream.len() as u8);
    key.extend_from_slice(stream.as_bytes());
    key
}

fn with_u64(mut prefix: Vec<u8>, n: u64) -> Vec<u8> {
    prefix.extend_from_slice(&n.to_be_bytes());
    prefix
}

pub(crate) fn layout_key() -> [u8; 1] {
    [KIND_LAYOUT]
}

pub(crate) fn epoch_key() -> [u8; 1] {
    [KIND_EPOCH]
}

pub(crate) fn meta_key(stream: &str) -> Vec<u8> {
    let mut key = Vec::with_capacity(1 + stream.len());
    key.push(KIND_META);
    key.extend_from_slice(stream.as_bytes());
    key
}

pub(crate) fn append_key(stream: &str, last_version: u64, seq: u64) -> Vec<u8> {
    with_u64(
        with_u64(stream_prefix(KIND_APPEND, stream), last_version),
        seq,
    )
}

/// Length of an `A` key of `stream`.
pub(crate) fn append_key_len(stream: &str) -> usize {
    2 + stream.len() + 16
}

/// Reads `(last version, seq)` from an `A` key of `stream`.
pub(crate) fn append_key_parts(key: &[u8], stream: &str) -> Result<(u64, u64), StoreError> {
    let len = append_key_len(stream);
    if key.len() != len {
        return Err(StoreError::Corrupt(format!(
            "append key of stream {stream:?} has {} bytes, expected {len}",
            key.len()
        )));
    }
    let mut last_version = [0u8; 8];
    last_version.copy_from_slice(&key[len - 16..len - 8]);
    let mut seq = [0u8; 8];
    seq.copy_from_slice(&key[len - 8..]);
    Ok((u64::from_be_bytes(last_version), u64::from_be_bytes(seq)))
}

pub(crate) fn global_key(global: u64) -> [u8; 9] {
    let mut key = [0u8; 9];
    key[0] = KIND_GLOBAL;
    key[1..].copy_from_slice(&global.to_be_bytes());
    key
}

pub(crate) fn summary_key(stream: &str) -> Vec<u8> {
    stream_prefix(KIND_SUMMARY, stream)
}

pub(crate) fn snapshot_key(stream: &str, version: u64) -> Vec<u8> {
    with_u64(stream_prefix(KIND_SNAPSHOT, stream), version)
}

/// Reads the big-endian `u64` that ends a key of `expected_len` bytes.
pub(crate) fn key_u64_suffix(
    key: &[u8],
    expected_len: usize,
    what: &str,
) -> Result<u64, StoreError> {
    if key.len() != expected_len {
        return Err(StoreError::Corrupt(format!(
            "{what} key has {} bytes, expected {expected_len}",
            key.len()
        )));
    }
    let mut n = [0u8; 8];
    n.copy_from_slice(&key[expected_len - 8..]);
    Ok(u64::from_be_bytes(n))
}

/// Builds one enveloped value in [`FORMAT_CHECKED`].
pub(crate) struct Encoder(Vec<u8>);

impl Encoder {
    pub(crate) fn new(capacity: usize) -> Self {
        let mut buf = Vec::with_capacity(1 + capacity + CHECKSUM_BYTES);
        buf.push(FORMAT_CHECKED);
        Encoder(buf)
    }

    pub(crate) fn u64(mut self, n: u64) -> Self {
        self.0.extend_from_slice(&n.to_be_bytes());
        self
    }

    pub(crate) fn flag(mut self, b: bool) -> Self {
        self.0.push(u8::from(b));
        self
    }

    pub(crate) fn bytes(mut self, b: &[u8]) -> Self {
        // Every field is bounded by the store's limits (at most a few MiB), far below u32::MAX.
        let len = u32::try_from(b.len()).expect("field length is bounded by the store's limits");
        self.0.extend_from_slice(&len.to_be_bytes());
        self.0.extend_from_slice(b);
        self
    }

    /// Ends the value with the checksum of `key` (the key it is stored under) and the value.
    pub(crate) fn finish(mut self, key: &[u8]) -> Vec<u8> {
        let sum = checksum(key, &self.0);
        self.0.extend_from_slice(&sum.to_be_bytes());
        self.0
    }

    /// The same fields in the unchecked format of layouts 1 and 2, for tests of old stores.
    #[cfg(test)]
    pub(crate) fn finish_v1(mut self) -> Vec<u8> {
        self.0[0] = FORMAT_V1;
        self.0
    }
}

/// Reads one enveloped value; every failure is `Corrupt` and names the record, never its bytes.
/// The byte after an `A` record's placement fields (format byte, txn, first version, first global).
const PLACEMENT_END: usize = 25;

pub(crate) struct Decoder<'a> {
    buf: &'a [u8],
    pos: usize,
    what: &'static str,
}

impl<'a> Decoder<'a> {
    /// Opens a value stored under `key`, of [`FORMAT_CHECKED`] (whose checksum it verifies) or
    /// [`FORMAT_V1`].
    pub(crate) fn new(key: &[u8], buf: &'a [u8], what: &'static str) -> Result<Self, StoreError> {
        Self::with_formats(key, buf, what, FORMAT_V1, FORMAT_CHECKED)
    }

    /// Opens a value of the `unchecked` format or of the `checked` one, verifying the latter's checksum; the
    /// fields end before the checksum.
    pub(crate) fn with_formats(
        key: &[u8],
        buf: &'a [u8],
        what: &'static str,
        unchecked: u8,
        checked: u8,
    ) -> Result<Self, StoreError> {
        match buf.first() {
            Some(&f) if f == unchecked => Ok(Decoder { buf, pos: 1, what }),
            Some(&f) if f == checked => {
                if buf.len() < 1 + CHECKSUM_BYTES {
                    return Err(StoreError::Corrupt(format!(
                        "{what} record is truncated at byte {}",
                        buf.len()
                    )));
                }
                let (body, sum) = buf.split_at(buf.len() - CHECKSUM_BYTES);
                let mut stored = [0u8; CHECKSUM_BYTES];
                stored.copy_from_slice(sum);
                if u32::from_be_bytes(stored) != checksum(key, body) {
                    return Err(StoreError::Corrupt(format!(
                        "{what} record fails its checksum"
                    )));
                }
                Ok(Decoder {
                    buf: body,
                    pos: 1,
                    what,
                })
            }
            Some(other) => Err(StoreError::Corrupt(format!(
                "{what} record has unknown format byte {other}"
            ))),
            None => Err(StoreError::Corrupt(format!("{what} record is empty"))),
        }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], StoreError> {
        let end = self.pos.checked_add(n).filter(|&end| end <= self.buf.len());
        match end {
            Some(end) => {
                let out = &self.buf[self.pos..end];
                self.pos = end;
                Ok(out)
            }
            None => Err(StoreError::Corrupt(format!(
                "{} record is truncated at byte {}",
                self.what, self.pos
            ))),
        }
    }

    pub(crate) fn u64(&mut self) -> Result<u64, StoreError> {
        let mut n = [0u8; 8];
        n.copy_from_slice(self.take(8)?);
        Ok(u64::from_be_bytes(n))
    }

    pub(crate) fn flag(&mut self) -> Result<bool, StoreError> {
        match self.take(1)?[0] {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(StoreError::Corrupt(format!(
                "{} record has invalid flag byte {other}",
                self.what
            ))),
        }
    }

    pub(crate) fn bytes(&mut self) -> Result<&'a [u8], StoreError> {
        let mut len = [0u8; 4];
        len.copy_from_slice(self.take(4)?);
        let len = u32::from_be_bytes(len) as usize;
        self.take(len)
    }

    pub(crate) fn string(&mut self) -> Result<String, StoreError> {
        let bytes = self.bytes()?;
        String::from_utf8(bytes.to_vec()).map_err(|_| {
            StoreError::Corrupt(format!("{} record holds a non-UTF-8 string", self.what))
        })
    }

    /// Refuses trailing bytes: a record longer than its format says was not written by this code.
    pub(crate) fn end(self) -> Result<(), StoreError> {
        if self.pos == self.buf.len() {
            Ok(())
        } else {
            Err(StoreError::Corrupt(format!(
                "{} record has {} trailing bytes",
                self.what,
                self.buf.len() - self.pos
            )))
        }
    }
}

/// `Z`: the epoch of the current open.
pub(crate) fn encode_epoch(epoch: u64) -> Vec<u8> {
    Encoder::new(8).u64(epoch).finish(&epoch_key())
}

pub(crate) fn decode_epoch(buf: &[u8]) -> Result<u64, StoreError> {
    let mut d = Decoder::new(&epoch_key(), buf, "epoch")?;
    let epoch = d.u64()?;
    d.end()?;
    Ok(epoch)
}

/// `M`: a stream's creation.
pub(crate) struct MetaRecord {
    pub(crate) txn: u64,
    pub(crate) meta: Vec<u8>,
}

impl MetaRecord {
    pub(crate) fn encode(stream: &str, txn: u64, meta: &[u8]) -> Vec<u8> {
        Encoder::new(12 + meta.len())
            .u64(txn)
            .bytes(meta)
            .finish(&meta_key(stream))
    }

    /// Decodes the value stored under `key` (the stream's `M` key).
    pub(crate) fn decode(key: &[u8], buf: &[u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(key, buf, "stream meta")?;
        let txn = d.u64()?;
        let meta = d.bytes()?.to_vec();
        d.end()?;
        Ok(MetaRecord { txn, meta })
    }

    /// Reads only the txn, for scans that skip streams not yet durable.
    pub(crate) fn decode_txn(key: &[u8], buf: &[u8]) -> Result<u64, StoreError> {
        Decoder::new(key, buf, "stream meta")?.u64()
    }
}

/// `A`: one append: the command and the events it produced. The last version and seq are in the key.
pub(crate) struct AppendRecord<'a> {
    pub(crate) txn: u64,
    pub(crate) first_version: u64,
    pub(crate) first_global: u64,
    pub(crate) command_id: &'a str,
    pub(crate) command: &'a [u8],
    pub(crate) events: Vec<&'a [u8]>,
}

impl<'a> AppendRecord<'a> {
    /// Encodes a record whose placement (txn, first version, first global) and key are not known yet:
    /// those fields and the checksum are zero until [`AppendRecord::place`] fills them. Returns the record
    /// and the checksum state of the bytes after the placement fields. This lets the caller's task do the
    /// copying and checksum the payload, and the log thread only write 24 bytes and checksum the key and
    /// the placement (combining the two checksums costs a few hundred nanoseconds, whatever the record's
    /// size).
    pub(crate) fn encode_unplaced(
        command_id: &str,
        command: &[u8],
        events: &[Vec<u8>],
    ) -> (Vec<u8>, crc32fast::Hasher) {
        let size = 40
            + command_id.len()
            + command.len()
            + events.iter().map(|e| 4 + e.len()).sum::<usize>();
        let mut e = Encoder::new(size)
            .u64(0)
            .u64(0)
            .u64(0)
            .bytes(command_id.as_bytes())
            .bytes(command)
            // The count is bounded by MAX_EVENTS_PER_APPEND.
            .u64(events.len() as u64);
        for event in events {
            e = e.bytes(event);
        }
        let mut record = e.0;
        let mut tail = crc32fast::Hasher::new();
        tail.update(&record[PLACEMENT_END..]);
        record.extend_from_slice(&[0; CHECKSUM_BYTES]);
        (record, tail)
    }

    /// Fills the placement fields and the checksum of a record made by
    /// [`AppendRecord::encode_unplaced`], which returned `tail`, to be stored under `key`.
    pub(crate) fn place(
        record: &mut [u8],
        key: &[u8],
        tail: &crc32fast::Hasher,
        txn: u64,
        first_version: u64,
        first_global: u64,
    ) {
        record[1..9].copy_from_slice(&txn.to_be_bytes());
        record[9..17].copy_from_slice(&first_version.to_be_bytes());
        record[17..PLACEMENT_END].copy_from_slice(&first_global.to_be_bytes());
        let mut sum = crc32fast::Hasher::new();
        sum.update(key);
        sum.update(&record[..PLACEMENT_END]);
        sum.combine(tail);
        let end = record.len();
        record[end - CHECKSUM_BYTES..].copy_from_slice(&sum.finalize().to_be_bytes());
    }

    #[cfg(test)]
    pub(crate) fn encode(
        key: &[u8],
        txn: u64,
        first_version: u64,
        first_global: u64,
        command_id: &str,
        command: &[u8],
        events: &[Vec<u8>],
    ) -> Vec<u8> {
        let (mut record, tail) = Self::encode_unplaced(command_id, command, events);
        Self::place(&mut record, key, &tail, txn, first_version, first_global);
        record
    }

    /// Decodes only the txn and the command id of the value stored under `key`, for scans that do not
    /// need the events (the checksum is verified all the same).
    pub(crate) fn decode_head(key: &[u8], buf: &'a [u8]) -> Result<(u64, &'a str), StoreError> {
        let mut d = Decoder::new(key, buf, "append")?;
        let txn = d.u64()?;
        d.u64()?;
        d.u64()?;
        let command_id = std::str::from_utf8(d.bytes()?).map_err(|_| {
            StoreError::Corrupt("append record holds a non-UTF-8 command id".into())
        })?;
        Ok((txn, command_id))
    }

    /// Decodes the record stored under `key` and checks it against the key's last version.
    pub(crate) fn decode(key: &[u8], buf: &'a [u8], last_version: u64) -> Result<Self, StoreError> {
        let mut d = Decoder::new(key, buf, "append")?;
        let txn = d.u64()?;
        let first_version = d.u64()?;
        let first_global = d.u64()?;
        let command_id = std::str::from_utf8(d.bytes()?).map_err(|_| {
            StoreError::Corrupt("append record holds a non-UTF-8 command id".into())
        })?;
        let command = d.bytes()?;
        let count = d.u64()?;
        // Each event takes at least its 4-byte length, so a count larger than that is damage, and checking
        // it first keeps a damaged count from reserving a huge vector.
        if count > (d.buf.len() / 4) as u64
            || first_version.checked_add(count) != last_version.checked_add(1)
        {
            return Err(StoreError::Corrupt(format!(
                "append record ending at version {last_version} claims {count} events from version {first_version}"
            )));
        }
        let mut events = Vec::with_capacity(count as usize);
        for _ in 0..count {
            events.push(d.bytes()?);
        }
        d.end()?;
        Ok(AppendRecord {
            txn,
            first_version,
            first_global,
            command_id,
            command,
            events,
        })
    }
}

/// `G`: the global index of one sled batch. The key is the first global position of the batch's first
/// append with events; the value lists every append of the batch that has events, in global order, as
/// (stream, last version, seq, event count), so a reader finds the append holding any position by walking
/// the counts from the key. The value's format byte is [`FORMAT_GROUP_V2`]: layout 1 wrote one `G` per
/// append with another value, and the migration at open tells the two apart by that byte.
pub(crate) struct GroupIndexWriter {
    buf: Vec<u8>,
    count: u32,
    first_global: u64,
}

/// One append listed in a `G` record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GroupEntry<'a> {
    pub(crate) stream: &'a str,
    pub(crate) last_version: u64,
    pub(crate) seq: u64,
    pub(crate) events: u64,
}

impl GroupIndexWriter {
    pub(crate) fn new() -> Self {
        let mut buf = Vec::with_capacity(1024);
        buf.push(FORMAT_GROUP_CHECKED);
        // The entry count, patched by `finish`.
        buf.extend_from_slice(&0u32.to_be_bytes());
        GroupIndexWriter {
            buf,
            count: 0,
            first_global: 0,
        }
    }

    /// Adds an append with at least one event; appends must come in global order.
    pub(crate) fn push(
        &mut self,
        first_global: u64,
        stream: &str,
        last_version: u64,
        seq: u64,
        events: u64,
    ) {
        debug_assert!(events > 0, "only appends with events are indexed");
        if self.count == 0 {
            self.first_global = first_global;
        }
        self.count += 1;
        // Stream names are at most MAX_STREAM_NAME_BYTES (< 256).
        self.buf
            .extend_from_slice(&(stream.len() as u32).to_be_bytes());
        self.buf.extend_from_slice(stream.as_bytes());
        self.buf.extend_from_slice(&last_version.to_be_bytes());
        self.buf.extend_from_slice(&seq.to_be_bytes());
        self.buf.extend_from_slice(&events.to_be_bytes());
    }

    /// The record's key and value, or `None` when no append of the batch had events.
    pub(crate) fn finish(mut self) -> Option<([u8; 9], Vec<u8>)> {
        if self.count == 0 {
            return None;
        }
        self.buf[1..5].copy_from_slice(&self.count.to_be_bytes());
        let key = global_key(self.first_global);
        let sum = checksum(&key, &self.buf);
        self.buf.extend_from_slice(&sum.to_be_bytes());
        Some((key, self.buf))
    }
}

/// Decodes a `G` value of layout 2 or 3 stored under `key`.
pub(crate) fn decode_group_index<'a>(
    key: &[u8],
    buf: &'a [u8],
) -> Result<Vec<GroupEntry<'a>>, StoreError> {
    let mut d = Decoder::with_formats(
        key,
        buf,
        "global index",
        FORMAT_GROUP_V2,
        FORMAT_GROUP_CHECKED,
    )?;
    let mut count = [0u8; 4];
    count.copy_from_slice(d.take(4)?);
    let count = u32::from_be_bytes(count) as usize;
    // Each entry takes at least 28 bytes, so a larger count is damage (and must not reserve memory).
    if count == 0 || count > buf.len() / 28 {
        return Err(StoreError::Corrupt(format!(
            "global index record claims {count} appends in {} bytes",
            buf.len()
        )));
    }
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        let stream = std::str::from_utf8(d.bytes()?).map_err(|_| {
            StoreError::Corrupt("global index record holds a non-UTF-8 stream name".into())
        })?;
        let last_version = d.u64()?;
        let seq = d.u64()?;
        let events = d.u64()?;
        if events == 0 || events > crate::MAX_EVENTS_PER_APPEND as u64 {
            return Err(StoreError::Corrupt(format!(
                "global index record lists an append of {events} events"
            )));
        }
        entries.push(GroupEntry {
            stream,
            last_version,
            seq,
            events,
        });
    }
    d.end()?;
    Ok(entries)
}

/// Layout 1's `G` value (one per append): `(last version, seq, stream)`. Read only by the migration.
pub(crate) fn decode_v1_global_ref(
    key: &[u8],
    buf: &[u8],
) -> Result<(String, u64, u64), StoreError> {
    let mut d = Decoder::new(key, buf, "layout-1 global index")?;
    let last_version = d.u64()?;
    let seq = d.u64()?;
    let stream = d.string()?;
    d.end()?;
    Ok((stream, last_version, seq))
}

/// `S`: a stream's latest summary, plus the newest one that was already durable when it was written, so a
/// reader can always answer with a durable summary (possibly one flush stale) and never a pending one.
pub(crate) struct SummaryRec {
    pub(crate) txn: u64,
    pub(crate) summary: Vec<u8>,
    pub(crate) durable_before: Option<(u64, Vec<u8>)>,
}

impl SummaryRec {
    /// Encodes the record of `stream`.
    pub(crate) fn encode(&self, stream: &str) -> Vec<u8> {
        let key = summary_key(stream);
        let prev_len = self.durable_before.as_ref().map_or(0, |(_, s)| s.len());
        let e = Encoder::new(32 + self.summary.len() + prev_len)
            .u64(self.txn)
            .bytes(&self.summary);
        match &self.durable_before {
            Some((txn, summary)) => e.flag(true).u64(*txn).bytes(summary).finish(&key),
            None => e.flag(false).finish(&key),
        }
    }

    /// Decodes the value stored under `key` (a stream's `S` key).
    pub(crate) fn decode(key: &[u8], buf: &[u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(key, buf, "summary")?;
        let txn = d.u64()?;
        let summary = d.bytes()?.to_vec();
        let durable_before = if d.flag()? {
            Some((d.u64()?, d.bytes()?.to_vec()))
        } else {
            None
        };
        d.end()?;
        Ok(SummaryRec {
            txn,
            summary,
            durable_before,
        })
    }

    /// The newest summary whose write is durable at `durable_txn`.
    pub(crate) fn visible(self, durable_txn: u64) -> Option<Vec<u8>> {
        if self.txn <= durable_txn {
            Some(self.summary)
        } else {
            self.durable_before
                .filter(|(txn, _)| *txn <= durable_txn)
                .map(|(_, s)| s)
        }
    }
}

/// `P`: one snapshot of `stream` at `version`.
pub(crate) fn encode_snapshot(stream: &str, version: u64, bytes: &[u8]) -> Vec<u8> {
    Encoder::new(4 + bytes.len())
        .bytes(bytes)
        .finish(&snapshot_key(stream, version))
}

/// Decodes the value stored under `key` (a `P` key).
pub(crate) fn decode_snapshot(key: &[u8], buf: &[u8]) -> Result<Vec<u8>, StoreError> {
    let mut d = Decoder::new(key, buf, "snapshot")?;
    let bytes = d.bytes()?.to_vec();
    d.end()?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_numerically_and_streams_do_not_overlap() {
        assert!(append_key("g", 2, 9) < append_key("g", 10, 1));
        assert!(append_key("g", 255, 1) < append_key("g", 256, 1));
        // An append with no events sorts after the append before it.
        assert!(append_key("g", 4, 3) < append_key("g", 4, 4));
        assert!(global_key(9) < global_key(1 << 40));
        // "g1" and "g10" differ in their length byte, so "g1"'s range holds none of "g10"'s keys.
        let g1 = stream_prefix(KIND_APPEND, "g1");
        assert!(!append_key("g10", 1, 1).starts_with(&g1));
        assert_eq!(
            append_key_parts(&append_key("g10", 7, 3), "g10").unwrap(),
            (7, 3)
        );
        // Meta keys carry the bare name so listing is in name order.
        assert!(meta_key("a") < meta_key("ab") && meta_key("ab") < meta_key("b"));
    }

    #[test]
    fn records_round_trip() {
        let events = vec![b"e1".to_vec(), Vec::new(), b"e3".to_vec()];
        let key = append_key("g", 5, 2);
        let raw = AppendRecord::encode(&key, 7, 3, 40, "cmd-1", &[1, 2, 3], &events);
        let back = AppendRecord::decode(&key, &raw, 5).unwrap();
        assert_eq!(
            (back.txn, back.first_version, back.first_global),
            (7, 3, 40)
        );
        assert_eq!((back.command_id, back.command), ("cmd-1", &[1u8, 2, 3][..]));
        assert_eq!(back.events, vec![&b"e1"[..], &b""[..], &b"e3"[..]]);
        // The key's last version must agree with the record's count.
        assert!(matches!(
            AppendRecord::decode(&key, &raw, 6),
            Err(StoreError::Corrupt(_))
        ));
        let empty_key = append_key("g", 5, 3);
        let empty = AppendRecord::encode(&empty_key, 8, 6, 43, "noop", &[], &[]);
        assert!(AppendRecord::decode(&empty_key, &empty, 5)
            .unwrap()
            .events
            .is_empty());

        assert_eq!(AppendRecord::decode_head(&key, &raw).unwrap(), (7, "cmd-1"));
        // The unchecked format of layouts 1 and 2 (the same fields, no checksum) is still read.
        let old = unchecked(&raw);
        assert_eq!(AppendRecord::decode(&key, &old, 5).unwrap().txn, 7);

        assert!(GroupIndexWriter::new().finish().is_none());
        let mut index = GroupIndexWriter::new();
        index.push(40, "g", 5, 2, 3);
        index.push(43, "other", 1, 1, 1);
        let (key, value) = index.finish().unwrap();
        assert_eq!(key, global_key(40));
        assert_eq!(
            decode_group_index(&key, &value).unwrap(),
            vec![
                GroupEntry {
                    stream: "g",
                    last_version: 5,
                    seq: 2,
                    events: 3
                },
                GroupEntry {
                    stream: "other",
                    last_version: 1,
                    seq: 1,
                    events: 1
                }
            ]
        );
        let mut v2 = unchecked(&value);
        v2[0] = FORMAT_GROUP_V2;
        assert_eq!(decode_group_index(&key, &v2).unwrap().len(), 2);
        let v1 = Encoder::new(0).u64(5).u64(2).bytes(b"g").finish_v1();
        assert_eq!(
            decode_v1_global_ref(&key, &v1).unwrap(),
            ("g".to_string(), 5, 2)
        );
        // The layouts' `G` values are told apart by their format byte.
        assert!(matches!(
            decode_group_index(&key, &v1),
            Err(StoreError::Corrupt(_))
        ));

        let s = SummaryRec {
            txn: 9,
            summary: b"new".to_vec(),
            durable_before: Some((4, b"old".to_vec())),
        };
        let s_key = summary_key("g");
        let back = SummaryRec::decode(&s_key, &s.encode("g")).unwrap();
        assert_eq!(back.txn, 9);
        assert_eq!(back.visible(8), Some(b"old".to_vec()));
        let back = SummaryRec::decode(&s_key, &s.encode("g")).unwrap();
        assert_eq!(back.visible(9), Some(b"new".to_vec()));
        assert_eq!(decode_epoch(&encode_epoch(u64::MAX)).unwrap(), u64::MAX);
        let m_key = meta_key("g");
        let meta = MetaRecord::decode(&m_key, &MetaRecord::encode("g", 4, b"m")).unwrap();
        assert_eq!((meta.txn, meta.meta), (4, b"m".to_vec()));
        let p_key = snapshot_key("g", 3);
        assert_eq!(
            decode_snapshot(&p_key, &encode_snapshot("g", 3, b"snap")).unwrap(),
            b"snap"
        );
    }

    /// The value in the unchecked format of layouts 1 and 2: the same fields without the checksum.
    fn unchecked(value: &[u8]) -> Vec<u8> {
        let mut old = value[..value.len() - CHECKSUM_BYTES].to_vec();
        old[0] = FORMAT_V1;
        old
    }

    #[test]
    fn every_flipped_bit_and_every_other_key_fails_the_checksum() {
        let key = append_key("g", 2, 1);
        let good = AppendRecord::encode(
            &key,
            1 << 40,
            1,
            7,
            "c-1",
            b"cmd",
            &[b"e1".to_vec(), b"e2".to_vec()],
        );
        for bit in 0..good.len() * 8 {
            let mut bad = good.clone();
            bad[bit / 8] ^= 1 << (bit % 8);
            assert!(
                matches!(
                    AppendRecord::decode(&key, &bad, 2),
                    Err(StoreError::Corrupt(_))
                ),
                "bit {bit} flipped went unnoticed"
            );
        }
        // The same value under the key of another append, version or stream.
        for other in [
            append_key("g", 2, 2),
            append_key("h", 2, 1),
            append_key("g", 3, 1),
        ] {
            assert!(matches!(
                AppendRecord::decode_head(&other, &good),
                Err(StoreError::Corrupt(_))
            ));
        }
        // A zeroed value (a zeroed page) has no format byte this code knows.
        assert!(matches!(
            AppendRecord::decode(&key, &vec![0; good.len()], 2),
            Err(StoreError::Corrupt(_))
        ));
        let mut index = GroupIndexWriter::new();
        index.push(7, "g", 2, 1, 2);
        let (g_key, g_value) = index.finish().unwrap();
        let mut bad = g_value.clone();
        *bad.last_mut().unwrap() ^= 1;
        assert!(matches!(
            decode_group_index(&g_key, &bad),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            decode_group_index(&global_key(8), &g_value),
            Err(StoreError::Corrupt(_))
        ));
    }

    #[test]
    fn damaged_records_are_corrupt_not_panics() {
        let key = append_key("g", 1, 1);
        let good = AppendRecord::encode(&key, 1, 1, 12, "c", b"cmd", &[b"secret-payload".to_vec()]);
        // Unknown format byte, truncation at every length, trailing bytes, empty value.
        let mut wrong_format = good.clone();
        wrong_format[0] = 99;
        let mut cases = vec![wrong_format, Vec::new()];
        for cut in 1..good.len() {
            cases.push(good[..cut].to_vec());
        }
        let mut long = good.clone();
        long.push(0);
        cases.push(long);
        // The old format's truncations too: they have no checksum to catch them.
        let old = unchecked(&good);
        for cut in 1..old.len() {
            cases.push(old[..cut].to_vec());
        }
        for case in cases {
            match AppendRecord::decode(&key, &case, 1) {
                Err(StoreError::Corrupt(msg)) => assert!(!msg.contains("secret"), "{msg}"),
                Err(other) => panic!("expected Corrupt, got {other:?}"),
                Ok(_) => panic!("decoded a damaged record of {} bytes", case.len()),
            }
        }
        // A length field pointing past the end must not overflow or panic.
        let mut huge = Encoder::new(0).u64(1).u64(1).u64(1).finish_v1();
        huge.extend_from_slice(&u32::MAX.to_be_bytes());
        assert!(matches!(
            AppendRecord::decode(&key, &huge, 1),
            Err(StoreError::Corrupt(_))
        ));
        // A huge event count must not allocate or overflow.
        let count = Encoder::new(0)
            .u64(1)
            .u64(1)
            .u64(1)
            .bytes(b"c")
            .bytes(b"")
            .u64(u64::MAX)
            .finish(&key);
        assert!(matches!(
            AppendRecord::decode(&key, &count, 0),
            Err(StoreError::Corrupt(_))
        ));
        let not_utf8 = Encoder::new(0)
            .u64(1)
            .u64(1)
            .bytes(&[0xff, 0xfe])
            .finish(&key);
        assert!(matches!(
            decode_v1_global_ref(&key, &not_utf8),
            Err(StoreError::Corrupt(_))
        ));
        // A group index: every truncation, a zero or huge count, an empty append listed.
        let mut index = GroupIndexWriter::new();
        index.push(1, "g", 2, 1, 2);
        let (g_key, good) = index.finish().unwrap();
        // Unchecked, so that the count and event checks are reached.
        let mut good = unchecked(&good);
        good[0] = FORMAT_GROUP_V2;
        for cut in 0..good.len() {
            assert!(matches!(
                decode_group_index(&g_key, &good[..cut]),
                Err(StoreError::Corrupt(_))
            ));
        }
        for count in [0u32, u32::MAX] {
            let mut bad = good.clone();
            bad[1..5].copy_from_slice(&count.to_be_bytes());
            assert!(matches!(
                decode_group_index(&g_key, &bad),
                Err(StoreError::Corrupt(_))
            ));
        }
        let mut no_events = good.clone();
        let n = no_events.len();
        no_events[n - 8..].copy_from_slice(&0u64.to_be_bytes());
        assert!(matches!(
            decode_group_index(&g_key, &no_events),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            key_u64_suffix(b"short", 10, "event"),
            Err(StoreError::Corrupt(_))
        ));
    }
}

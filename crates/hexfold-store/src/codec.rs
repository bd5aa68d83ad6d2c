//! The on-disk layout: how keys are built and how values are enveloped.
//!
//! Everything lives in sled's default tree. A key starts with one ASCII byte naming the record kind, so
//! each kind is a contiguous key range. Numbers in keys are big-endian `u64`, so sled's byte order is
//! numeric order and range scans walk versions and global positions in order. Stream names inside keys are
//! prefixed by their length (one byte; names are at most [`crate::MAX_STREAM_NAME_BYTES`]) so that no
//! stream's range can contain another stream's keys (`"g1"` versus `"g10"`). Meta keys are the exception:
//! they hold the bare name so that a scan over them lists streams in name order.
//!
//! | kind | key                              | value (after the format byte)                                   |
//! |------|----------------------------------|-----------------------------------------------------------------|
//! | `F`  | `F`                              | layout version (one byte, no envelope)                          |
//! | `Z`  | `Z`                              | last txn, last global position                                  |
//! | `M`  | `M` name                         | txn, meta bytes                                                 |
//! | `V`  | `V` len name version             | global position, event payload                                  |
//! | `G`  | `G` global                       | version, stream name                                            |
//! | `K`  | `K` len name seq                 | txn, first version, last version, first global, id, command     |
//! | `C`  | `C` len name command-id          | seq (the `K` record holding that command)                       |
//! | `S`  | `S` len name                     | txn, summary, optional (txn, summary) known durable when written |
//! | `P`  | `P` len name version             | snapshot bytes                                                  |
//!
//! Every value except the layout marker starts with a format byte ([`FORMAT_V1`]), so a later layout can
//! read old records and write new ones side by side. Variable-length fields are a big-endian `u32` length
//! followed by the bytes. The encoding is hand-written rather than serde-derived on purpose: it is a few
//! dozen lines, it has no dependency whose format could drift under us, and every decoding failure is a
//! typed [`StoreError::Corrupt`] naming the record, never a panic and never the payload bytes.
//!
//! A `txn` is a store-wide counter bumped by every write (stream creation or append, including appends with
//! no events). The flusher publishes the last durable txn, and readers hide records whose txn is newer.

use crate::StoreError;

/// The layout this code writes and reads. Stored under the `F` key when a store is created.
pub(crate) const LAYOUT_VERSION: u8 = 1;
/// The envelope format byte of every value written by this code.
pub(crate) const FORMAT_V1: u8 = 1;

pub(crate) const KIND_LAYOUT: u8 = b'F';
pub(crate) const KIND_COUNTERS: u8 = b'Z';
pub(crate) const KIND_META: u8 = b'M';
pub(crate) const KIND_EVENT: u8 = b'V';
pub(crate) const KIND_GLOBAL: u8 = b'G';
pub(crate) const KIND_COMMAND: u8 = b'K';
pub(crate) const KIND_COMMAND_ID: u8 = b'C';
pub(crate) const KIND_SUMMARY: u8 = b'S';
pub(crate) const KIND_SNAPSHOT: u8 = b'P';

/// `kind len name`: the prefix shared by every key of one stream within one kind.
pub(crate) fn stream_prefix(kind: u8, stream: &str) -> Vec<u8> {
    debug_assert!(stream.len() <= usize::from(u8::MAX));
    let mut key = Vec::with_capacity(2 + stream.len() + 8);
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

pub(crate) fn counters_key() -> [u8; 1] {
    [KIND_COUNTERS]
}

pub(crate) fn meta_key(stream: &str) -> Vec<u8> {
    let mut key = Vec::with_capacity(1 + stream.len());
    key.push(KIND_META);
    key.extend_from_slice(stream.as_bytes());
    key
}

pub(crate) fn event_key(stream: &str, version: u64) -> Vec<u8> {
    with_u64(stream_prefix(KIND_EVENT, stream), version)
}

pub(crate) fn global_key(global: u64) -> [u8; 9] {
    let mut key = [0u8; 9];
    key[0] = KIND_GLOBAL;
    key[1..].copy_from_slice(&global.to_be_bytes());
    key
}

pub(crate) fn command_key(stream: &str, seq: u64) -> Vec<u8> {
    with_u64(stream_prefix(KIND_COMMAND, stream), seq)
}

pub(crate) fn command_id_key(stream: &str, command_id: &str) -> Vec<u8> {
    let mut key = stream_prefix(KIND_COMMAND_ID, stream);
    key.extend_from_slice(command_id.as_bytes());
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

/// Builds one enveloped value.
pub(crate) struct Encoder(Vec<u8>);

impl Encoder {
    pub(crate) fn new(capacity: usize) -> Self {
        let mut buf = Vec::with_capacity(1 + capacity);
        buf.push(FORMAT_V1);
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

    pub(crate) fn finish(self) -> Vec<u8> {
        self.0
    }
}

/// Reads one enveloped value; every failure is `Corrupt` and names the record, never its bytes.
pub(crate) struct Decoder<'a> {
    buf: &'a [u8],
    pos: usize,
    what: &'static str,
}

impl<'a> Decoder<'a> {
    pub(crate) fn new(buf: &'a [u8], what: &'static str) -> Result<Self, StoreError> {
        match buf.first() {
            Some(&FORMAT_V1) => Ok(Decoder { buf, pos: 1, what }),
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

/// `Z`: the counters every write advances, written in the same batch as the records they count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counters {
    pub(crate) last_txn: u64,
    pub(crate) last_global: u64,
}

impl Counters {
    pub(crate) fn encode(&self) -> Vec<u8> {
        Encoder::new(16)
            .u64(self.last_txn)
            .u64(self.last_global)
            .finish()
    }

    pub(crate) fn decode(buf: &[u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(buf, "counters")?;
        let out = Counters {
            last_txn: d.u64()?,
            last_global: d.u64()?,
        };
        d.end()?;
        Ok(out)
    }
}

/// `M`: a stream's creation.
pub(crate) struct MetaRecord {
    pub(crate) txn: u64,
    pub(crate) meta: Vec<u8>,
}

impl MetaRecord {
    pub(crate) fn encode(txn: u64, meta: &[u8]) -> Vec<u8> {
        Encoder::new(12 + meta.len()).u64(txn).bytes(meta).finish()
    }

    pub(crate) fn decode(buf: &[u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(buf, "stream meta")?;
        let txn = d.u64()?;
        let meta = d.bytes()?.to_vec();
        d.end()?;
        Ok(MetaRecord { txn, meta })
    }

    /// Reads only the txn, for scans that skip streams not yet durable.
    pub(crate) fn decode_txn(buf: &[u8]) -> Result<u64, StoreError> {
        Decoder::new(buf, "stream meta")?.u64()
    }
}

/// `V`: one event of one stream.
pub(crate) struct EventRecord<'a> {
    pub(crate) global: u64,
    pub(crate) payload: &'a [u8],
}

impl<'a> EventRecord<'a> {
    pub(crate) fn encode(global: u64, payload: &[u8]) -> Vec<u8> {
        Encoder::new(12 + payload.len())
            .u64(global)
            .bytes(payload)
            .finish()
    }

    pub(crate) fn decode(buf: &'a [u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(buf, "event")?;
        let global = d.u64()?;
        let payload = d.bytes()?;
        d.end()?;
        Ok(EventRecord { global, payload })
    }
}

/// `G`: where the event at one global position lives.
pub(crate) struct GlobalPointer {
    pub(crate) version: u64,
    pub(crate) stream: String,
}

impl GlobalPointer {
    pub(crate) fn encode(version: u64, stream: &str) -> Vec<u8> {
        Encoder::new(12 + stream.len())
            .u64(version)
            .bytes(stream.as_bytes())
            .finish()
    }

    pub(crate) fn decode(buf: &[u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(buf, "global index")?;
        let version = d.u64()?;
        let stream = d.string()?;
        d.end()?;
        Ok(GlobalPointer { version, stream })
    }
}

/// `K`: one accepted command and the events it produced.
pub(crate) struct CommandRec {
    pub(crate) txn: u64,
    pub(crate) first_version: u64,
    pub(crate) last_version: u64,
    pub(crate) first_global: u64,
    pub(crate) command_id: String,
    pub(crate) command: Vec<u8>,
}

impl CommandRec {
    pub(crate) fn encode(&self) -> Vec<u8> {
        Encoder::new(40 + self.command_id.len() + self.command.len())
            .u64(self.txn)
            .u64(self.first_version)
            .u64(self.last_version)
            .u64(self.first_global)
            .bytes(self.command_id.as_bytes())
            .bytes(&self.command)
            .finish()
    }

    pub(crate) fn decode(buf: &[u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(buf, "command")?;
        let out = CommandRec {
            txn: d.u64()?,
            first_version: d.u64()?,
            last_version: d.u64()?,
            first_global: d.u64()?,
            command_id: d.string()?,
            command: d.bytes()?.to_vec(),
        };
        d.end()?;
        Ok(out)
    }
}

/// `C`: the command-id index, pointing at the `K` record.
pub(crate) fn encode_command_seq(seq: u64) -> Vec<u8> {
    Encoder::new(8).u64(seq).finish()
}

pub(crate) fn decode_command_seq(buf: &[u8]) -> Result<u64, StoreError> {
    let mut d = Decoder::new(buf, "command id index")?;
    let seq = d.u64()?;
    d.end()?;
    Ok(seq)
}

/// `S`: a stream's latest summary, plus the newest one that was already durable when it was written, so a
/// reader can always answer with a durable summary (possibly one flush stale) and never a pending one.
pub(crate) struct SummaryRec {
    pub(crate) txn: u64,
    pub(crate) summary: Vec<u8>,
    pub(crate) durable_before: Option<(u64, Vec<u8>)>,
}

impl SummaryRec {
    pub(crate) fn encode(&self) -> Vec<u8> {
        let prev_len = self.durable_before.as_ref().map_or(0, |(_, s)| s.len());
        let e = Encoder::new(32 + self.summary.len() + prev_len)
            .u64(self.txn)
            .bytes(&self.summary);
        match &self.durable_before {
            Some((txn, summary)) => e.flag(true).u64(*txn).bytes(summary).finish(),
            None => e.flag(false).finish(),
        }
    }

    pub(crate) fn decode(buf: &[u8]) -> Result<Self, StoreError> {
        let mut d = Decoder::new(buf, "summary")?;
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

/// `P`: one snapshot.
pub(crate) fn encode_snapshot(bytes: &[u8]) -> Vec<u8> {
    Encoder::new(4 + bytes.len()).bytes(bytes).finish()
}

pub(crate) fn decode_snapshot(buf: &[u8]) -> Result<Vec<u8>, StoreError> {
    let mut d = Decoder::new(buf, "snapshot")?;
    let bytes = d.bytes()?.to_vec();
    d.end()?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_numerically_and_streams_do_not_overlap() {
        assert!(event_key("g", 2) < event_key("g", 10));
        assert!(event_key("g", 255) < event_key("g", 256));
        assert!(global_key(9) < global_key(1 << 40));
        // "g1" and "g10" differ in their length byte, so "g1"'s range holds none of "g10"'s keys.
        let g1 = stream_prefix(KIND_EVENT, "g1");
        assert!(!event_key("g10", 1).starts_with(&g1));
        // Meta keys carry the bare name so listing is in name order.
        assert!(meta_key("a") < meta_key("ab") && meta_key("ab") < meta_key("b"));
    }

    #[test]
    fn records_round_trip() {
        let c = CommandRec {
            txn: 7,
            first_version: 3,
            last_version: 5,
            first_global: 40,
            command_id: "cmd-1".into(),
            command: vec![1, 2, 3],
        };
        let back = CommandRec::decode(&c.encode()).unwrap();
        assert_eq!(
            (
                back.txn,
                back.first_version,
                back.last_version,
                back.first_global
            ),
            (7, 3, 5, 40)
        );
        assert_eq!(
            (back.command_id.as_str(), back.command.as_slice()),
            ("cmd-1", &[1u8, 2, 3][..])
        );

        let e = EventRecord::encode(12, b"payload");
        let back = EventRecord::decode(&e).unwrap();
        assert_eq!((back.global, back.payload), (12, &b"payload"[..]));

        let s = SummaryRec {
            txn: 9,
            summary: b"new".to_vec(),
            durable_before: Some((4, b"old".to_vec())),
        };
        let back = SummaryRec::decode(&s.encode()).unwrap();
        assert_eq!(back.txn, 9);
        assert_eq!(back.visible(8), Some(b"old".to_vec()));
        let back = SummaryRec::decode(&s.encode()).unwrap();
        assert_eq!(back.visible(9), Some(b"new".to_vec()));

        let counters = Counters {
            last_txn: 3,
            last_global: u64::MAX,
        };
        assert_eq!(Counters::decode(&counters.encode()).unwrap(), counters);
    }

    #[test]
    fn damaged_records_are_corrupt_not_panics() {
        let good = EventRecord::encode(12, b"secret-payload");
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
        for case in cases {
            match EventRecord::decode(&case) {
                Err(StoreError::Corrupt(msg)) => assert!(!msg.contains("secret"), "{msg}"),
                Err(other) => panic!("expected Corrupt, got {other:?}"),
                Ok(_) => panic!("decoded a damaged record of {} bytes", case.len()),
            }
        }
        // A length field pointing past the end must not overflow or panic.
        let huge = Encoder::new(0).u64(1).finish();
        let mut huge = huge;
        huge.extend_from_slice(&u32::MAX.to_be_bytes());
        assert!(matches!(
            EventRecord::decode(&huge),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            GlobalPointer::decode(&Encoder::new(0).u64(1).bytes(&[0xff, 0xfe]).finish()),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            key_u64_suffix(b"short", 10, "event"),
            Err(StoreError::Corrupt(_))
        ));
    }
}

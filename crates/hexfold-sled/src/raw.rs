//! A scan of sled 0.34's files without sled, for `salvage` when sled cannot open them (it refuses or panics on
//! damage, or its `conf` was lost with the power and it would start over as a new database).
//!
//! sled's `db` file is a log cut into segments (`segment_size` from its `conf`, 512 KiB by default), each starting
//! with a 20-byte header. A segment holds messages one after another, each with a header (CRC-32, kind, length,
//! segment number and page id, the last three as sled's varints) and its body; the CRC covers the body and the
//! header after the CRC. A body too large for a segment lives in its own file in `blobs/`, named by its log
//! sequence number, with a CRC-32 of its own; the message then holds that number. The bodies that carry our
//! records are whole leaf nodes (`InlineNode`/`BlobNode`: the node's low key, how many of its bytes are a prefix
//! shared by all its keys, then its keys without that prefix and its values) and partial updates (`InlineLink`/
//! `BlobLink`: a key without the prefix of its node and a value). (sled 0.34's source, `src/serialization.rs`,
//! `src/pagecache/logger.rs`, `src/pagecache/blob_io.rs`.)
//!
//! The scan walks every segment from its start, skips what fails sled's CRC a byte at a time until the next
//! message that passes it, and takes every key and value that passes our own check: a value of layout 3 ends in
//! a CRC-32 of its key and its bytes, so a pair this scan puts together wrongly, a stale copy from a node sled
//! rewrote, or a torn write, is either right or refused. A link's key is completed with the prefixes of the nodes
//! of its page. Records written before layout 3 carry no checksum and are not taken.
//!
//! Several copies of one record are the rule (every rewrite of a node copies its records); they are the same
//! bytes, except where a record was written again: a summary (replaced by design), or an append or a stream that
//! a crash took back before the store wrote its place anew in a later open. So each record keeps the copy with
//! the highest txn (the write number, which grows across opens), and `salvage` follows a stream's appends only
//! while their txns do not go down.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use crate::codec::{
    self, AppendRecord, MetaRecord, SummaryRec, KIND_APPEND, KIND_META, KIND_SUMMARY,
};

/// sled 0.34's default segment size, when its `conf` does not say.
const DEFAULT_SEGMENT_SIZE: usize = 512 * 1024;
/// The segment header's length.
const SEG_HEADER_LEN: usize = 20;
/// The shortest message header: CRC, kind and three varints of one byte.
const MIN_MSG_HEADER_LEN: usize = 8;
const KIND_CAP: u8 = 2;
const KIND_INLINE_NODE: u8 = 8;
const KIND_BLOB_NODE: u8 = 9;
const KIND_INLINE_LINK: u8 = 10;
const KIND_BLOB_LINK: u8 = 11;

/// An append found by the scan: its txn, key and value.
pub(crate) type RawAppend = (u64, Vec<u8>, Vec<u8>);
/// A leaf node: its keys' shared prefix, and its pairs of key (without the prefix) and value.
type Leaf<'a> = (Vec<u8>, Vec<(&'a [u8], &'a [u8])>);

/// What a raw scan found: the newest copy of each record that passed its checksum, and how much it read.
#[derive(Default)]
pub(crate) struct RawRecords {
    /// Stream metas: name -> (txn, meta).
    pub(crate) metas: BTreeMap<String, (u64, Vec<u8>)>,
    /// Appends: (name, seq) -> (txn, key, value).
    pub(crate) appends: BTreeMap<(String, u64), RawAppend>,
    /// Summaries: name -> (txn, summary).
    pub(crate) summaries: BTreeMap<String, (u64, Vec<u8>)>,
    /// sled messages that passed sled's CRC.
    pub(crate) messages: u64,
    /// Bytes of the log that no message passing its CRC covered.
    pub(crate) skipped_bytes: u64,
}

/// Reads sled's varint (`src/serialization.rs`): one byte up to 240, then longer forms.
fn varint(buf: &mut &[u8]) -> Option<u64> {
    let first = *buf.first()?;
    let (value, len) = match first {
        0..=240 => (u64::from(first), 1),
        241..=248 => (
            240 + 256 * (u64::from(first) - 241) + u64::from(*buf.get(1)?),
            2,
        ),
        249 => (
            2288 + 256 * u64::from(*buf.get(1)?) + u64::from(*buf.get(2)?),
            3,
        ),
        other => {
            let n = usize::from(other) - 247;
            let mut bytes = [0u8; 8];
            bytes[..n].copy_from_slice(buf.get(1..=n)?);
            (u64::from_le_bytes(bytes), n + 1)
        }
    };
    *buf = &buf[len..];
    Some(value)
}

fn bytes<'a>(buf: &mut &'a [u8]) -> Option<&'a [u8]> {
    let len = usize::try_from(varint(buf)?).ok()?;
    let out = buf.get(..len)?;
    *buf = &buf[len..];
    Some(out)
}

fn byte(buf: &mut &[u8]) -> Option<u8> {
    let b = *buf.first()?;
    *buf = &buf[1..];
    Some(b)
}

/// A leaf node's prefix and its (key without prefix, value) pairs; `None` for an index node or what does not
/// parse.
fn leaf(mut buf: &[u8]) -> Option<Leaf<'_>> {
    let buf = &mut buf;
    varint(buf)?; // next
    varint(buf)?; // merging child
    byte(buf)?; // merging
    let prefix_len = usize::from(byte(buf)?);
    let lo = bytes(buf)?;
    bytes(buf)?; // hi
    if byte(buf)? != 0 {
        return None;
    }
    let count = usize::try_from(varint(buf)?).ok()?;
    if count > buf.len() {
        return None;
    }
    let keys: Vec<&[u8]> = (0..count).map(|_| bytes(buf)).collect::<Option<_>>()?;
    let values: Vec<&[u8]> = (0..count).map(|_| bytes(buf)).collect::<Option<_>>()?;
    Some((
        lo.get(..prefix_len)?.to_vec(),
        keys.into_iter().zip(values).collect(),
    ))
}

/// A blob's body, if its file is there and passes its CRC.
fn blob(dir: &Path, body: &[u8]) -> Option<Vec<u8>> {
    let lsn = i64::from_le_bytes(body.get(..8)?.try_into().ok()?);
    let file = std::fs::read(dir.join("blobs").join(lsn.to_string())).ok()?;
    let expected = u32::from_le_bytes(file.get(..4)?.try_into().ok()?);
    (crc32fast::hash(file.get(4..)?) == expected).then(|| file[5..].to_vec())
}

impl RawRecords {
    /// Keeps `key`/`value` if it is one of our records that passes its checksum, and is newer than the copy
    /// already kept.
    fn offer(&mut self, key: &[u8], value: &[u8]) -> bool {
        if !codec::is_checked(value) {
            return false;
        }
        let Some(stream) = key
            .get(1..)
            .and_then(|rest| match key[0] {
                KIND_META => std::str::from_utf8(rest).ok(),
                _ => {
                    let len = usize::from(*rest.first()?);
                    std::str::from_utf8(rest.get(1..1 + len)?).ok()
                }
            })
            .filter(|s| crate::check_stream_name(s).is_ok())
            .map(str::to_owned)
        else {
            return false;
        };
        fn newer<K: Ord, V>(map: &mut BTreeMap<K, (u64, V)>, key: K, txn: u64, value: V) {
            match map.get(&key) {
                Some((kept, _)) if *kept >= txn => {}
                _ => {
                    map.insert(key, (txn, value));
                }
            }
        }
        match key[0] {
            KIND_META => match MetaRecord::decode(key, value) {
                Ok(rec) => newer(&mut self.metas, stream, rec.txn, rec.meta),
                Err(_) => return false,
            },
            KIND_SUMMARY => match SummaryRec::decode(key, value) {
                Ok(rec) => newer(&mut self.summaries, stream, rec.txn, rec.summary),
                Err(_) => return false,
            },
            KIND_APPEND => {
                let Ok((last_version, seq)) = codec::append_key_parts(key, &stream) else {
                    return false;
                };
                match AppendRecord::decode(key, value, last_version) {
                    Ok(rec) => {
                        let txn = rec.txn;
                        match self.appends.get(&(stream.clone(), seq)) {
                            Some((kept, _, _)) if *kept >= txn => {}
                            _ => {
                                self.appends
                                    .insert((stream, seq), (txn, key.to_vec(), value.to_vec()));
                            }
                        }
                    }
                    Err(_) => return false,
                }
            }
            _ => return false,
        }
        true
    }
}

/// The segment size sled's `conf` names, or sled's default.
fn segment_size(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("conf"))
        .ok()
        .and_then(|conf| {
            conf.lines()
                .find_map(|line| line.strip_prefix("segment_size: "))
                .and_then(|n| n.trim().parse().ok())
        })
        .filter(|n: &usize| n.is_power_of_two() && *n >= 4096)
        .unwrap_or(DEFAULT_SEGMENT_SIZE)
}

/// Scans sled's `db` file (and the blobs it names) in `dir` for our records. Holds the file in memory.
pub(crate) fn scan(dir: &Path) -> std::io::Result<RawRecords> {
    let log = std::fs::read(dir.join("db"))?;
    let segment = segment_size(dir);
    let mut out = RawRecords::default();
    // Per page id, the prefixes of its nodes; links wait until every node is known.
    let mut prefixes: HashMap<u64, HashSet<Vec<u8>>> = HashMap::new();
    let mut links: Vec<(u64, Vec<u8>, Vec<u8>)> = Vec::new();
    let mut start = 0;
    while start < log.len() {
        let end = (start + segment).min(log.len());
        let mut at = start + SEG_HEADER_LEN;
        while at + MIN_MSG_HEADER_LEN <= end {
            let Some((kind, pid, header_len, body)) = message(&log[at..end]) else {
                out.skipped_bytes += 1;
                at += 1;
                continue;
            };
            out.messages += 1;
            at += header_len + body.len();
            let body = match kind {
                KIND_BLOB_NODE | KIND_BLOB_LINK => match blob(dir, body) {
                    Some(blob) => blob,
                    None => continue,
                },
                KIND_INLINE_NODE | KIND_INLINE_LINK => body.to_vec(),
                KIND_CAP => break,
                _ => continue,
            };
            if matches!(kind, KIND_INLINE_NODE | KIND_BLOB_NODE) {
                if let Some((prefix, pairs)) = leaf(&body) {
                    for (suffix, value) in pairs {
                        let key = [prefix.as_slice(), suffix].concat();
                        out.offer(&key, value);
                    }
                    prefixes.entry(pid).or_default().insert(prefix);
                }
            } else {
                let mut buf = body.as_slice();
                // Link::Set is 0, then the key (without its node's prefix) and the value.
                if byte(&mut buf) == Some(0) {
                    if let (Some(key), Some(value)) = (bytes(&mut buf), bytes(&mut buf)) {
                        links.push((pid, key.to_vec(), value.to_vec()));
                    }
                }
            }
        }
        start += segment;
    }
    for (pid, suffix, value) in links {
        let empty = HashSet::from([Vec::new()]);
        for prefix in prefixes.get(&pid).unwrap_or(&empty) {
            if out.offer(&[prefix.as_slice(), &suffix].concat(), &value) {
                break;
            }
        }
    }
    Ok(out)
}

/// The message at the start of `buf`, if its header parses and its CRC holds: kind, page id, header length and
/// body.
fn message(buf: &[u8]) -> Option<(u8, u64, usize, &[u8])> {
    let mut cursor = buf;
    let crc = u32::from_le_bytes(cursor.get(..4)?.try_into().ok()?);
    cursor = &cursor[4..];
    let kind = byte(&mut cursor)?;
    if !(1..=11).contains(&kind) {
        return None;
    }
    let len = usize::try_from(varint(&mut cursor)?).ok()?;
    varint(&mut cursor)?; // segment number
    let pid = varint(&mut cursor)?;
    let header_len = buf.len() - cursor.len();
    let body = cursor.get(..len)?;
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(body);
    hasher.update(&buf[4..header_len]);
    (hasher.finalize() ^ 0xFFFF_FFFF == crc).then_some((kind, pid, header_len, body))
}

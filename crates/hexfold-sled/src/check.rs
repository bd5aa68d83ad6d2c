//! The operator's tools for a store that may be damaged: [`check`] verifies every record and the high-water
//! mark without writing anything of its own, and [`salvage`] copies what is intact into a new store, read through
//! sled and by a raw scan of sled's log (`src/raw.rs`), which also reads files sled refuses to open.
//!
//! Both open sled directly rather than through [`SledStore::open`], which refuses a store that holds less than
//! its mark: that refusal is what sends the operator here, so these must still read such a store. sled's own
//! recovery runs when its files are opened and may rewrite sled's files (it does so at every open); hexfold's
//! records and the mark are left alone. Check a copy to keep the damaged bytes as they were.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use crate::codec::{self, AppendRecord, MetaRecord, SummaryRec};
use crate::raw;
use hexfold_store::CheckReport;

use crate::{
    catch_storage_panic, check_indexed_append, check_stored_name, mark, open_sled, AppendRequest,
    EventStore, SledConfig, SledStore, StoreError,
};

/// One stream as [`scan`] found it: its meta, and its appends in order up to the first damaged or missing
/// one.
struct ScannedStream {
    meta: Option<Vec<u8>>,
    /// (command id, command, events) of each intact append, in order, when kept.
    appends: Vec<(String, Vec<u8>, Vec<Vec<u8>>)>,
    /// How many appends are intact and in sequence.
    count: u64,
    /// The head the intact appends reach.
    head: u64,
    /// The last version any append record of the stream claims, damaged or not.
    claimed_head: u64,
    /// The summary, when it decodes.
    summary: Option<Vec<u8>>,
    /// Whether every append record of the stream was intact and in sequence.
    whole: bool,
}

impl ScannedStream {
    fn new() -> ScannedStream {
        ScannedStream {
            meta: None,
            appends: Vec::new(),
            count: 0,
            head: 0,
            claimed_head: 0,
            summary: None,
            whole: true,
        }
    }
}

/// Reads the stream records of the store, reporting every problem into `report`. The appends' contents are
/// kept only when `keep` (for `salvage`); `check` keeps a few numbers per stream.
fn scan(db: &sled::Db, report: &mut CheckReport, keep: bool) -> BTreeMap<String, ScannedStream> {
    let mut streams: BTreeMap<String, ScannedStream> = BTreeMap::new();
    for item in db.iter() {
        let (key, value) = match item {
            Ok(kv) => kv,
            Err(e) => {
                report.problem(format!("sled cannot read on: {}", crate::sled_error(e)));
                break;
            }
        };
        if !matches!(key.first(), Some(&codec::KIND_LAYOUT)) && !codec::is_checked(&value) {
            report.unchecked_records += 1;
        }
        match key.first().copied() {
            Some(codec::KIND_LAYOUT) => report.layout = value.first().copied(),
            Some(codec::KIND_EPOCH) => {
                if let Err(e) = codec::decode_epoch(&value) {
                    report.problem(format!("epoch: {e}"));
                }
            }
            Some(codec::KIND_META) => {
                let name = match std::str::from_utf8(&key[1..]) {
                    Ok(name) if check_stored_name(name).is_ok() => name.to_owned(),
                    _ => {
                        report.problem("a stream meta key is not a valid stream name".into());
                        continue;
                    }
                };
                match MetaRecord::decode(&key, &value) {
                    Ok(rec) => {
                        report.streams += 1;
                        streams.entry(name).or_insert_with(ScannedStream::new).meta =
                            Some(rec.meta);
                    }
                    Err(e) => {
                        report.problem(format!("stream {name:?}: {e}"));
                        streams.entry(name).or_insert_with(ScannedStream::new);
                    }
                }
            }
            Some(codec::KIND_APPEND) => {
                let Some(name) = stream_of(&key) else {
                    report.problem("an append key does not name a valid stream".into());
                    continue;
                };
                let stream = streams
                    .entry(name.clone())
                    .or_insert_with(ScannedStream::new);
                let (last_version, seq) = match codec::append_key_parts(&key, &name) {
                    Ok(parts) => parts,
                    Err(e) => {
                        report.problem(format!("stream {name:?}: {e}"));
                        stream.whole = false;
                        continue;
                    }
                };
                stream.claimed_head = stream.claimed_head.max(last_version);
                if !stream.whole {
                    continue;
                }
                match AppendRecord::decode(&key, &value, last_version) {
                    Err(e) => {
                        report.problem(format!(
                            "stream {name:?}, append ending at version {last_version}: {e}"
                        ));
                        stream.whole = false;
                    }
                    Ok(rec) if rec.first_version != stream.head + 1 || seq != stream.count + 1 => {
                        report.problem(format!(
                            "stream {name:?}: after version {} (append {}) comes append {seq} from version {}: \
                             appends are missing",
                            stream.head,
                            stream.count,
                            rec.first_version
                        ));
                        stream.whole = false;
                    }
                    Ok(rec) => {
                        report.appends += 1;
                        report.events += rec.events.len() as u64;
                        stream.head = last_version;
                        stream.count += 1;
                        if keep {
                            stream.appends.push((
                                rec.command_id.to_owned(),
                                rec.command.to_vec(),
                                rec.events.iter().map(|e| e.to_vec()).collect(),
                            ));
                        }
                    }
                }
            }
            Some(codec::KIND_SUMMARY) => {
                let Some(name) = stream_of(&key) else {
                    report.problem("a summary key does not name a valid stream".into());
                    continue;
                };
                match SummaryRec::decode(&key, &value) {
                    Ok(rec) => {
                        streams
                            .entry(name)
                            .or_insert_with(ScannedStream::new)
                            .summary = Some(rec.summary)
                    }
                    Err(e) => report.problem(format!("stream {name:?}: {e}")),
                }
            }
            Some(codec::KIND_SNAPSHOT) => {
                if let Err(e) = codec::decode_snapshot(&key, &value) {
                    let name = stream_of(&key).unwrap_or_default();
                    report.problem(format!("stream {name:?}: {e}"));
                }
            }
            // Checked below, in global order.
            Some(codec::KIND_GLOBAL) => {}
            Some(codec::KIND_V1_COMMAND_ID) if report.layout == Some(codec::LAYOUT_V1) => {}
            Some(other) => report.problem(format!("a key of unknown kind {other}")),
            None => report.problem("an empty key".into()),
        }
    }
    for (name, stream) in &streams {
        if stream.meta.is_none() {
            report.problem(format!("stream {name:?} has records but no readable meta"));
        }
    }
    streams
}

/// The stream named by a `kind len name ...` key.
fn stream_of(key: &[u8]) -> Option<String> {
    let len = usize::from(*key.get(1)?);
    let name = std::str::from_utf8(key.get(2..2 + len)?).ok()?;
    check_stored_name(name).ok()?;
    Some(name.to_owned())
}

/// Walks the global index: gapless from 1, every entry naming an append that agrees with it.
fn check_global_index(db: &sled::Db, report: &mut CheckReport) {
    let mut next = 1u64;
    for item in db.scan_prefix([codec::KIND_GLOBAL]) {
        let (key, value) = match item {
            Ok(kv) => kv,
            Err(e) => {
                report.problem(format!("sled cannot read on: {}", crate::sled_error(e)));
                return;
            }
        };
        let first = match codec::key_u64_suffix(&key, 9, "global index") {
            Ok(first) => first,
            Err(e) => {
                report.problem(e.to_string());
                continue;
            }
        };
        if first != next {
            report.problem(format!(
                "the global index jumps from position {} to {first}: positions are missing",
                next - 1
            ));
        }
        match codec::decode_group_index(&key, &value) {
            Ok(entries) => {
                let mut global = first;
                for entry in &entries {
                    if let Err(e) = check_indexed_append(db, global, entry) {
                        report.problem(format!("global position {global}: {e}"));
                    }
                    global += entry.events;
                }
                next = global;
            }
            Err(e) => {
                report.problem(format!("global index at position {first}: {e}"));
                return;
            }
        }
    }
    report.last_global = next - 1;
}

/// Compares the store with its high-water mark.
fn check_mark(dir: &Path, streams: &BTreeMap<String, ScannedStream>, report: &mut CheckReport) {
    match mark::read(dir) {
        Ok(Some(mark)) => {
            if report.last_global < mark.global {
                report.problem(format!(
                    "the high-water mark says positions up to {} were acknowledged; the store reaches {}",
                    mark.global, report.last_global
                ));
            }
            if let Some(w) = &mark.last {
                let (stream, version) = (&w.stream, w.version);
                match streams.get(stream) {
                    Some(s) if s.meta.is_some() => {
                        if s.head < version || s.count < w.appends {
                            report.problem(format!(
                                "the high-water mark says {stream:?} reached version {version} in {} appends; \
                                 intact, it reaches {} in {}",
                                w.appends, s.head, s.count
                            ));
                        }
                    }
                    _ => report.problem(format!(
                        "the high-water mark says {stream:?} was created; the store does not hold it"
                    )),
                }
            }
            report.mark = Some(mark);
        }
        Ok(None) if report.layout == Some(codec::LAYOUT_VERSION) => {
            report.problem("the high-water mark file is missing".into())
        }
        Ok(None) => {}
        Err(e) => report.problem(e.to_string()),
    }
}

/// Verifies every record of the store in `dir` (checksums where records have them, the form of every
/// record, gapless versions and appends per stream, a gapless global index that agrees with the appends) and
/// the high-water mark. Writes nothing of its own. An error means the store could not be read at all (sled
/// refused or panicked opening it, or the directory is not a store); damage found while reading is in the
/// report.
pub fn check(dir: &Path) -> Result<CheckReport, StoreError> {
    catch_storage_panic("checking", || {
        let db = open_existing(dir)?;
        let mut report = CheckReport::default();
        let streams = scan(&db, &mut report, false);
        if report.layout.is_none() {
            report.problem("the store has no layout marker".into());
        }
        if report.layout == Some(codec::LAYOUT_V1) {
            report.problem(
                "layout 1: its global index is checked only once `hexfold serve` has migrated it"
                    .into(),
            );
        } else {
            check_global_index(&db, &mut report);
        }
        check_mark(dir, &streams, &mut report);
        Ok(report)
    })
}

/// The streams of a raw scan, each with its appends in order from the first while they follow each other (each
/// starts where the last ended, and was written no earlier).
fn streams_from_raw(raw: raw::RawRecords) -> BTreeMap<String, ScannedStream> {
    let mut streams: BTreeMap<String, ScannedStream> = BTreeMap::new();
    for (name, (_, meta)) in raw.metas {
        streams.entry(name).or_insert_with(ScannedStream::new).meta = Some(meta);
    }
    let mut last_txn: HashMap<String, u64> = HashMap::new();
    for ((name, seq), (txn, key, value)) in raw.appends {
        let stream = streams
            .entry(name.clone())
            .or_insert_with(ScannedStream::new);
        let Ok((last_version, _)) = codec::append_key_parts(&key, &name) else {
            continue;
        };
        stream.claimed_head = stream.claimed_head.max(last_version);
        if !stream.whole {
            continue;
        }
        let follows = seq == stream.count + 1 && last_txn.get(&name).is_none_or(|t| *t <= txn);
        match AppendRecord::decode(&key, &value, last_version) {
            Ok(rec) if follows && rec.first_version == stream.head + 1 => {
                stream.appends.push((
                    rec.command_id.to_owned(),
                    rec.command.to_vec(),
                    rec.events.iter().map(|e| e.to_vec()).collect(),
                ));
                stream.head = last_version;
                stream.count += 1;
                last_txn.insert(name, txn);
            }
            _ => stream.whole = false,
        }
    }
    for (name, (_, summary)) in raw.summaries {
        if let Some(stream) = streams.get_mut(&name) {
            stream.summary = Some(summary);
        }
    }
    streams
}

/// Opens sled in `dir`, refusing a directory sled has never written (sled would create one).
fn open_existing(dir: &Path) -> Result<sled::Db, StoreError> {
    if !dir.join("conf").exists() && !dir.join("db").exists() {
        return Err(StoreError::InvalidArgument(format!(
            "{} is not a store directory",
            dir.display()
        )));
    }
    open_sled(dir)
}

/// What [`salvage`] copied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalvageReport {
    /// What checking the source found (through sled; empty when sled could not open it, see `sled_refused`).
    pub check: CheckReport,
    /// Why sled could not open the source, when it could not: then everything came from the raw scan.
    pub sled_refused: Option<String>,
    /// Streams taken from the raw scan of sled's files (see `src/raw.rs`) because it found more of them intact
    /// than sled served, or sled could not open the files at all.
    pub from_raw_scan: Vec<String>,
    /// sled messages the raw scan read whole, and bytes of the log it could not read.
    pub raw_messages: u64,
    pub raw_skipped_bytes: u64,
    /// Streams copied with every version they claim.
    pub whole: u64,
    /// Streams copied up to their first damaged or missing append: (name, versions kept, versions claimed).
    pub cut: Vec<(String, u64, u64)>,
    /// Streams whose meta is damaged, so nothing of them could be copied.
    pub lost: Vec<String>,
    /// Events copied.
    pub events: u64,
}

/// Copies what is intact in the store in `from` into a new store in `to` (which must not hold a store), holding
/// the intact records in memory meanwhile (a tool for a stopped server's machine, whose store fits in it):
/// every stream with a readable meta, with its appends (command ids, commands, events) in order up to the
/// first one that is damaged or missing, and its summary when the stream is whole. Snapshots are not copied
/// (the server rebuilds them from the events). Global positions are renumbered, stream after stream, so a
/// reader of the global order starts over on the new store.
pub async fn salvage(
    from: &Path,
    to: &Path,
    config: SledConfig,
) -> Result<SalvageReport, StoreError> {
    if to.join("conf").exists() || to.join(mark::MARK_FILE).exists() {
        return Err(StoreError::InvalidArgument(format!(
            "{} already holds a store; salvage writes into a new directory",
            to.display()
        )));
    }
    // The raw scan first, before sled opens the files (its recovery may rewrite them).
    let raw = if from.join("db").exists() {
        Some(raw::scan(from).map_err(|e| {
            StoreError::Io(format!("cannot read {}: {e}", from.join("db").display()))
        })?)
    } else {
        None
    };
    if raw.is_none() && !from.join(mark::CREATED_FILE).exists() {
        // Neither sled's log nor a creation marker: not a store (this says so).
        open_existing(from)?;
    }
    let through_sled = catch_storage_panic("salvaging", || {
        let db = open_existing(from)?;
        let mut report = CheckReport::default();
        let streams = scan(&db, &mut report, true);
        check_global_index(&db, &mut report);
        check_mark(from, &streams, &mut report);
        Ok((report, streams))
    });
    let mut out = SalvageReport::default();
    let mut streams = match through_sled {
        Ok((check, streams)) => {
            out.check = check;
            streams
        }
        Err(e) => {
            out.sled_refused = Some(e.to_string());
            BTreeMap::new()
        }
    };
    if let Some(raw) = raw {
        out.raw_messages = raw.messages;
        out.raw_skipped_bytes = raw.skipped_bytes;
        for (name, found) in streams_from_raw(raw) {
            let better = match streams.get(&name) {
                None => true,
                Some(known) => known.meta.is_none() || found.count > known.count,
            };
            if better && found.meta.is_some() {
                out.from_raw_scan.push(name.clone());
                streams.insert(name, found);
            }
        }
    }
    let target = SledStore::open(to, config)?;
    for (name, stream) in streams {
        let Some(meta) = stream.meta else {
            out.lost.push(name);
            continue;
        };
        target.create_stream(&name, meta).await?;
        let whole = stream.whole && stream.head == stream.claimed_head;
        let count = stream.appends.len();
        let mut head = 0;
        for (i, (command_id, command, events)) in stream.appends.into_iter().enumerate() {
            out.events += events.len() as u64;
            let summary = if whole && i + 1 == count {
                stream.summary.clone()
            } else {
                None
            };
            let appended = target
                .append(AppendRequest {
                    stream: name.clone(),
                    expected_version: Some(head),
                    command_id,
                    command,
                    events,
                    summary,
                    snapshots: Vec::new(),
                })
                .await?;
            head = appended.last_version;
        }
        if whole {
            out.whole += 1;
        } else {
            out.cut.push((name, stream.head, stream.claimed_head));
        }
    }
    target.flush().await?;
    Ok(out)
}

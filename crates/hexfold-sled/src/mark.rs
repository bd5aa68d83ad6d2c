//! The high-water mark and the creation marker: two small files beside sled's, independent of sled, that say
//! that the store exists and how far its global order reached when it last acknowledged a write.
//!
//! sled recovers a damaged log (a flipped bit, a zeroed page, a truncated file) as if the damage were the torn
//! end of its last write: it opens, and serves the intact prefix. After a power loss that took files it had not
//! synced (its `conf` and `db` empty), sled 0.34 even starts over as a new, empty database, with only a warning.
//! Nothing in sled's own files can tell such a prefix from the whole, so [`crate::SledStore::open`] compares what sled
//! recovered with these files, and refuses to serve a store that holds less than was acknowledged.
//!
//! **The creation marker** ([`CREATED_FILE`]) is written once, when the store is created, after sled's first
//! files (its layout marker) were flushed and fsynced, and before `open` returns, so before any acknowledgement:
//! written to a temporary name, fsynced, renamed into place and the directory fsynced. So where it exists, sled's
//! files once held the store; if they are missing, empty or hold nothing of ours, acknowledged writes may be lost
//! and `open` refuses (before sled rewrites anything).
//!
//! **The high-water mark** ([`MARK_FILE`]): two slots of [`SLOT_BYTES`], written in turn with a sequence number
//! and a CRC-32, so a write torn by a crash leaves the other slot whole. Each holds the global position after the
//! last group made durable and the last write of that group (an append with or without events, or a stream's
//! creation): its stream, the stream's version after it and the stream's number of appends after it. Written,
//! and synced, so that it never names anything that is not already as durable as the mode promises, and lags as
//! little as the mode allows:
//!
//! - [`crate::Durability::Fsync`]: written and fdatasynced after the fsync of the groups it names, at most every
//!   200 ms (a sync of its own in every cycle cost a third of the throughput), and when the store closes.
//! - [`crate::Durability::Flush`]: written and fdatasynced after sled's flush of each group and before the
//!   group's writers are answered, once for all the groups the second thread answers together (sled's own files
//!   are not synced). After a power loss sled keeps what it had synced (at open, or whatever the system had
//!   written back before the power went) and recovers a prefix of its log from it, so if it lost any
//!   acknowledged write it lost the last one answered too, which the mark names (a global position beyond
//!   what sled holds, or a stream shorter than its version or number of appends there): the store is refused.
//!   What a power loss takes unseen is only what was never answered to its writer. (Readers see a group once
//!   it is flushed, up to one fdatasync of this file before the mark names it: a power loss in that moment
//!   takes what they saw, and a retry of one of its commands answered from the store as a duplicate, unseen.) The price is one fdatasync of this
//!   small file per group instead of an fsync of sled's files (measured in the crate's README, "Power loss").
//!
//! Each write of the mark is synced before the next one starts, on one thread, so the slot a write does not
//! touch always holds the last synced mark whole: a torn write-back of the other slot loses at most the mark
//! being written, whose groups were not answered yet.
//!
//! A mark ahead of the data always means acknowledged writes were lost. The mark may lag behind (a crash between
//! a flush and the mark's write, the 200 ms of Fsync mode), which is safe: it is a lower bound, exact for a store
//! that was closed.
//!
//! A store of layout 3 always has the mark (open writes it before the layout marker), so a layout-3 store
//! without it is refused too. A store written before layout 3 gets its first mark at open, from what it holds;
//! one written before the creation marker existed gets its marker at open.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt as _;
use std::path::{Path, PathBuf};

use crate::{StoreError, MAX_STREAM_NAME_BYTES};

/// The mark's file name in the store's directory.
pub const MARK_FILE: &str = "hexfold.mark";
/// The creation marker's file name in the store's directory.
pub const CREATED_FILE: &str = "hexfold.created";
/// What the creation marker holds, before the time of creation.
const CREATED_MAGIC: &str = "hexfold-store created at unix second ";
/// Bytes per slot; the file holds two.
const SLOT_BYTES: usize = 256;
const MAGIC: &[u8; 8] = b"hexfmark";
/// The slot format: 2 adds the stream's number of appends to the last write (1 named only the last append with
/// events, and is still read).
const SLOT_VERSION: u8 = 2;
/// Bytes of a slot up to its checksum: magic, version, seq, global, name length, name, version of the stream,
/// and (from slot version 2) its number of appends.
const SLOT_BODY: usize = 8 + 1 + 8 + 8 + 1 + MAX_STREAM_NAME_BYTES + 8 + 8;
const SLOT_BODY_V1: usize = SLOT_BODY - 8;

// What a mark says (`Mark`, `LastWrite`) is the store crate's, for `hexfold check` reports it whatever the backend.
pub use hexfold_store::{LastWrite, Mark};

/// One slot of the mark file holding `mark`, numbered `seq`.
fn encode(mark: &Mark, seq: u64) -> [u8; SLOT_BYTES] {
    let mut slot = [0u8; SLOT_BYTES];
    slot[..8].copy_from_slice(MAGIC);
    slot[8] = SLOT_VERSION;
    slot[9..17].copy_from_slice(&seq.to_be_bytes());
    slot[17..25].copy_from_slice(&mark.global.to_be_bytes());
    if let Some(last) = &mark.last {
        // Stream names are validated to at most MAX_STREAM_NAME_BYTES (< 256) before anything is written.
        let name = last.stream.as_bytes();
        slot[25] = name.len() as u8;
        slot[26..26 + name.len()].copy_from_slice(name);
        let at = 26 + MAX_STREAM_NAME_BYTES;
        slot[at..at + 8].copy_from_slice(&last.version.to_be_bytes());
        slot[at + 8..at + 16].copy_from_slice(&last.appends.to_be_bytes());
    }
    let sum = crc32fast::hash(&slot[..SLOT_BODY]);
    slot[SLOT_BODY..SLOT_BODY + 4].copy_from_slice(&sum.to_be_bytes());
    slot
}

/// The slot's sequence number and mark, or `None` if it is not a whole slot.
fn decode(slot: &[u8]) -> Option<(u64, Mark)> {
    if slot.len() < SLOT_BODY + 4 || &slot[..8] != MAGIC {
        return None;
    }
    let body = match slot[8] {
        1 => SLOT_BODY_V1,
        SLOT_VERSION => SLOT_BODY,
        _ => return None,
    };
    let sum = u32::from_be_bytes(slot[body..body + 4].try_into().ok()?);
    if sum != crc32fast::hash(&slot[..body]) {
        return None;
    }
    let u64_at = |at: usize| u64::from_be_bytes(slot[at..at + 8].try_into().expect("8 bytes"));
    let len = usize::from(slot[25]);
    let at = 26 + MAX_STREAM_NAME_BYTES;
    let last = match len {
        0 => None,
        len if len <= MAX_STREAM_NAME_BYTES => Some(LastWrite {
            stream: std::str::from_utf8(&slot[26..26 + len]).ok()?.to_owned(),
            version: u64_at(at),
            // Slot version 1 named an append with events and not its number: any number of appends will do.
            appends: if body == SLOT_BODY { u64_at(at + 8) } else { 0 },
        }),
        _ => return None,
    };
    Some((
        u64_at(9),
        Mark {
            global: u64_at(17),
            last,
        },
    ))
}

/// The path of the mark of the store in `dir`.
pub(crate) fn path(dir: &Path) -> PathBuf {
    dir.join(MARK_FILE)
}

/// Reads the mark of the store in `dir`: `None` when there is no file, [`StoreError::Corrupt`] when neither
/// slot is whole.
pub fn read(dir: &Path) -> Result<Option<Mark>, StoreError> {
    let path = path(dir);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(StoreError::Io(format!(
                "cannot read the high-water mark {}: {e}",
                path.display()
            )))
        }
    };
    newest_slot(&bytes)
        .map(|(_, mark)| Some(mark))
        .ok_or_else(|| {
            StoreError::Corrupt(format!(
                "the high-water mark {} is damaged (neither of its slots is whole)",
                path.display()
            ))
        })
}

fn newest_slot(bytes: &[u8]) -> Option<(u64, Mark)> {
    bytes
        .chunks(SLOT_BYTES)
        .take(2)
        .filter_map(decode)
        .max_by_key(|(seq, _)| *seq)
}

/// When the store in `dir` was created (unix seconds), from its creation marker; `None` when it has none.
/// [`StoreError::Corrupt`] when the marker is there but does not say it (it is only ever renamed into place
/// whole, so that is damage).
pub fn created(dir: &Path) -> Result<Option<u64>, StoreError> {
    let path = dir.join(CREATED_FILE);
    let text = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(StoreError::Io(format!(
                "cannot read the creation marker {}: {e}",
                path.display()
            )))
        }
    };
    std::str::from_utf8(&text)
        .ok()
        .and_then(|t| t.strip_prefix(CREATED_MAGIC))
        .and_then(|t| t.trim_end().parse().ok())
        .map(Some)
        .ok_or_else(|| {
            StoreError::Corrupt(format!("the creation marker {} is damaged", path.display()))
        })
}

/// Writes the creation marker of the store in `dir` and makes it durable, contents and name: to a temporary
/// name, fsynced, renamed into place, the directory fsynced. Called once sled's first files are durable.
pub(crate) fn write_created(dir: &Path) -> Result<(), StoreError> {
    let path = dir.join(CREATED_FILE);
    let io_error = |e: io::Error| {
        StoreError::Io(format!(
            "cannot write the creation marker {}: {e}",
            path.display()
        ))
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let temporary = dir.join(format!("{CREATED_FILE}.new"));
    let mut file = File::create(&temporary).map_err(io_error)?;
    io::Write::write_all(&mut file, format!("{CREATED_MAGIC}{now}\n").as_bytes())
        .map_err(io_error)?;
    file.sync_all().map_err(io_error)?;
    std::fs::rename(&temporary, &path).map_err(io_error)?;
    File::open(dir).and_then(|d| d.sync_all()).map_err(io_error)
}

/// The open mark file, written by the store's second thread (see `log::run_syncer`).
pub(crate) struct MarkFile {
    file: File,
    seq: u64,
    mark: Mark,
}

impl MarkFile {
    /// Writes `mark` to the store in `dir` (creating the file) and makes it durable, file and directory entry:
    /// done once per open, before any write of the open.
    pub(crate) fn create(dir: &Path, mark: Mark) -> Result<MarkFile, StoreError> {
        let path = path(dir);
        let io_error = |e: io::Error| {
            StoreError::Io(format!(
                "cannot write the high-water mark {}: {e}",
                path.display()
            ))
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io_error)?;
        let mut existing = Vec::new();
        io::Read::read_to_end(&mut &file, &mut existing).map_err(io_error)?;
        let seq = newest_slot(&existing).map_or(0, |(seq, _)| seq);
        let mut out = MarkFile {
            file,
            seq,
            mark: Mark::default(),
        };
        out.write_synced(mark).map_err(io_error)?;
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(io_error)?;
        Ok(out)
    }

    /// Records that everything up to global position `global` is durable, and that the last write was `last`
    /// (when the groups had one); fdatasynced before it returns, so the next write goes to the other slot
    /// while this one is whole on the disk.
    pub(crate) fn advance(&mut self, global: u64, last: Option<LastWrite>) -> io::Result<()> {
        let mark = Mark {
            global,
            last: last.or_else(|| self.mark.last.clone()),
        };
        self.write_synced(mark)
    }

    fn write_synced(&mut self, mark: Mark) -> io::Result<()> {
        self.seq += 1;
        let slot = (self.seq % 2) as usize;
        self.file
            .write_all_at(&encode(&mark, self.seq), (slot * SLOT_BYTES) as u64)?;
        self.file.sync_data()?;
        self.mark = mark;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last(stream: &str, version: u64, appends: u64) -> Option<LastWrite> {
        Some(LastWrite {
            stream: stream.into(),
            version,
            appends,
        })
    }

    #[test]
    fn a_torn_slot_leaves_the_other_one() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()).unwrap(), None);
        let mut file = MarkFile::create(dir.path(), Mark::default()).unwrap();
        let long = "g".repeat(MAX_STREAM_NAME_BYTES);
        file.advance(5, last(&long, 3, 2)).unwrap();
        file.advance(9, None).unwrap();
        let want = Mark {
            global: 9,
            last: last(&long, 3, 2),
        };
        assert_eq!(read(dir.path()).unwrap(), Some(want.clone()));

        // Damage the newest slot (seq 3, the second one): the older one answers.
        let mut bytes = std::fs::read(path(dir.path())).unwrap();
        bytes[SLOT_BYTES + 20] ^= 1;
        std::fs::write(path(dir.path()), &bytes).unwrap();
        assert_eq!(read(dir.path()).unwrap().unwrap().global, 5);
        // A reopened file goes on numbering after the newest whole slot, and overwrites the damaged one.
        drop(file);
        let mut file = MarkFile::create(dir.path(), want.clone()).unwrap();
        file.advance(12, None).unwrap();
        assert_eq!(read(dir.path()).unwrap().unwrap().global, 12);

        // Both slots damaged: the mark is gone, which is damage, not "no mark".
        std::fs::write(path(dir.path()), vec![0u8; 2 * SLOT_BYTES]).unwrap();
        assert!(matches!(read(dir.path()), Err(StoreError::Corrupt(_))));
    }

    #[test]
    fn a_slot_of_version_1_is_read_without_a_count_of_appends() {
        let mut slot = encode(
            &Mark {
                global: 7,
                last: last("game", 4, 9),
            },
            3,
        );
        // Version 1 had no count: its checksum covered the bytes up to the version of the stream.
        slot[8] = 1;
        let sum = crc32fast::hash(&slot[..SLOT_BODY_V1]);
        slot[SLOT_BODY_V1..SLOT_BODY_V1 + 4].copy_from_slice(&sum.to_be_bytes());
        let (seq, mark) = decode(&slot).unwrap();
        assert_eq!((seq, mark.global, mark.last), (3, 7, last("game", 4, 0)));
    }

    #[test]
    fn the_creation_marker_says_when_and_damage_is_corrupt() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(created(dir.path()).unwrap(), None);
        write_created(dir.path()).unwrap();
        assert!(created(dir.path()).unwrap().unwrap() > 1_700_000_000);
        assert!(!dir.path().join(format!("{CREATED_FILE}.new")).exists());
        std::fs::write(dir.path().join(CREATED_FILE), b"").unwrap();
        assert!(matches!(created(dir.path()), Err(StoreError::Corrupt(_))));
    }
}

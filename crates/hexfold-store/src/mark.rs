//! The high-water mark: a small file beside sled's, independent of sled, that says how far the store's global
//! order reached when it last acknowledged a write.
//!
//! sled recovers a damaged log (a flipped bit, a zeroed page, a truncated file) as if the damage were the torn
//! end of its last write: it opens, and serves the intact prefix. Nothing in sled's own files can tell that
//! prefix from the whole, so [`crate::Store::open`] compares what sled recovered with this file, and refuses to
//! serve a store that holds less than was acknowledged, naming the missing positions and the last append the
//! mark knows of.
//!
//! The file is [`MARK_FILE`] in the store's directory: two slots of [`SLOT_BYTES`], written in turn with a
//! sequence number and a CRC-32, so a write torn by a crash leaves the other slot whole. Each holds the
//! global position after the last group made durable and the stream and version of the last append with
//! events. In [`crate::Durability::Flush`] mode it is written after sled's flush of each group and before the
//! group's writers are answered (not synced: what survives a crash of the process survives for it too); in
//! [`crate::Durability::Fsync`] mode it is written and fdatasynced after the fsync of the groups it names, at
//! most every 200 ms (a sync of its own in every cycle cost a third of the throughput), and when the store
//! closes. So the mark never names anything that is not already as durable as the mode promises: a mark ahead of
//! the data always means acknowledged writes were lost. It may lag behind (a crash between a flush and the
//! mark's write, or in Fsync mode by up to 200 ms of groups), which is safe: it is a lower bound, exact for a
//! store that was closed.
//!
//! A store of layout 3 always has the file (open writes it before the layout marker), so a layout-3 store
//! without it is refused too. A store written before layout 3 gets its first mark at open, from what it holds.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt as _;
use std::path::{Path, PathBuf};

use crate::{StoreError, MAX_STREAM_NAME_BYTES};

/// The mark's file name in the store's directory.
pub const MARK_FILE: &str = "hexfold.mark";
/// Bytes per slot; the file holds two.
const SLOT_BYTES: usize = 256;
const MAGIC: &[u8; 8] = b"hexfmark";
/// The slot format.
const SLOT_VERSION: u8 = 1;
/// Bytes of a slot up to its checksum: magic, version, seq, global, name length, name, version of the append.
const SLOT_BODY: usize = 8 + 1 + 8 + 8 + 1 + MAX_STREAM_NAME_BYTES + 8;

/// What a mark says was acknowledged.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mark {
    /// The global position of the last event acknowledged (0: none).
    pub global: u64,
    /// The stream and version of the last acknowledged append with events, when known.
    pub last: Option<(String, u64)>,
}

impl Mark {
    fn encode(&self, seq: u64) -> [u8; SLOT_BYTES] {
        let mut slot = [0u8; SLOT_BYTES];
        slot[..8].copy_from_slice(MAGIC);
        slot[8] = SLOT_VERSION;
        slot[9..17].copy_from_slice(&seq.to_be_bytes());
        slot[17..25].copy_from_slice(&self.global.to_be_bytes());
        if let Some((stream, version)) = &self.last {
            // Stream names are validated to at most MAX_STREAM_NAME_BYTES (< 256) before anything is written.
            slot[25] = stream.len() as u8;
            slot[26..26 + stream.len()].copy_from_slice(stream.as_bytes());
            slot[26 + MAX_STREAM_NAME_BYTES..SLOT_BODY].copy_from_slice(&version.to_be_bytes());
        }
        let sum = crc32fast::hash(&slot[..SLOT_BODY]);
        slot[SLOT_BODY..SLOT_BODY + 4].copy_from_slice(&sum.to_be_bytes());
        slot
    }

    /// The slot's sequence number and mark, or `None` if it is not a whole slot.
    fn decode(slot: &[u8]) -> Option<(u64, Mark)> {
        if slot.len() < SLOT_BODY + 4 || &slot[..8] != MAGIC || slot[8] != SLOT_VERSION {
            return None;
        }
        let sum = u32::from_be_bytes(slot[SLOT_BODY..SLOT_BODY + 4].try_into().ok()?);
        if sum != crc32fast::hash(&slot[..SLOT_BODY]) {
            return None;
        }
        let u64_at = |at: usize| u64::from_be_bytes(slot[at..at + 8].try_into().expect("8 bytes"));
        let len = usize::from(slot[25]);
        let last = match len {
            0 => None,
            len if len <= MAX_STREAM_NAME_BYTES => {
                let name = std::str::from_utf8(&slot[26..26 + len]).ok()?;
                Some((name.to_owned(), u64_at(26 + MAX_STREAM_NAME_BYTES)))
            }
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
        .filter_map(Mark::decode)
        .max_by_key(|(seq, _)| *seq)
}

/// The open mark file, written by the thread that publishes the durable frontier.
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
        out.write_synced(mark, true).map_err(io_error)?;
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(io_error)?;
        Ok(out)
    }

    /// Records that everything up to global position `global` is durable, and that the last append with
    /// events was `last` (when the groups had one); fdatasynced when `sync`.
    pub(crate) fn advance(
        &mut self,
        global: u64,
        last: Option<(String, u64)>,
        sync: bool,
    ) -> io::Result<()> {
        let mark = Mark {
            global,
            last: last.or_else(|| self.mark.last.clone()),
        };
        self.write_synced(mark, sync)
    }

    fn write_synced(&mut self, mark: Mark, sync: bool) -> io::Result<()> {
        self.seq += 1;
        let slot = (self.seq % 2) as usize;
        self.file
            .write_all_at(&mark.encode(self.seq), (slot * SLOT_BYTES) as u64)?;
        if sync {
            self.file.sync_data()?;
        }
        self.mark = mark;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_torn_slot_leaves_the_other_one() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()).unwrap(), None);
        let mut file = MarkFile::create(dir.path(), Mark::default()).unwrap();
        file.advance(5, Some(("g".repeat(MAX_STREAM_NAME_BYTES), 3)), true)
            .unwrap();
        file.advance(9, None, false).unwrap();
        let want = Mark {
            global: 9,
            last: Some(("g".repeat(MAX_STREAM_NAME_BYTES), 3)),
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
        file.advance(12, None, false).unwrap();
        assert_eq!(read(dir.path()).unwrap().unwrap().global, 12);

        // Both slots damaged: the mark is gone, which is damage, not "no mark".
        std::fs::write(path(dir.path()), vec![0u8; 2 * SLOT_BYTES]).unwrap();
        assert!(matches!(read(dir.path()), Err(StoreError::Corrupt(_))));
    }
}

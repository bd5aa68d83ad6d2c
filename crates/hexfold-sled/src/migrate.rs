//! The migration of a layout-1 store to layout 2, run by `SledStore::open` before anything else.
//!
//! Layout 1 wrote one `G` record per append (value: last version, seq, stream; format byte 1) and one `C`
//! record per append (the command-id index). Layout 2 writes one `G` record per sled batch (format byte
//! 2, listing the batch's appends with their event counts) and no `C` records: the command-id index is
//! rebuilt in memory from the `A` records, which already hold every command id. `A`, `M`, `S`, `P` and the
//! epoch are the same in both layouts.
//!
//! The migration rewrites each layout-1 `G` record in place as a layout-2 record listing its one append
//! (a batch of one is a valid layout-2 batch), then deletes the `C` records, then writes layout 2 in the
//! marker. It works in sled batches of [`CHUNK`] records, and it is idempotent: a record already in the
//! new format is left alone and a deleted key stays deleted, so a migration cut short by a crash simply
//! runs again at the next open. While it runs the marker says [`LAYOUT_MIGRATING`], which a layout-1 build
//! refuses to open: it would otherwise miss the deleted `C` records and take repeated commands for new
//! ones.

use crate::codec::{
    self, AppendRecord, GroupIndexWriter, FORMAT_GROUP_CHECKED, FORMAT_GROUP_V2, KIND_GLOBAL,
    KIND_V1_COMMAND_ID, LAYOUT_VERSION,
};
use crate::StoreError;

/// The layout marker while a migration from layout 1 runs.
pub(crate) const LAYOUT_MIGRATING: u8 = 0x81;

/// Records rewritten or deleted per sled batch, so memory stays bounded with any store size.
const CHUNK: usize = 1024;

/// Migrates a store whose marker says layout 1 or [`LAYOUT_MIGRATING`] to layout 2.
pub(crate) fn from_v1(db: &sled::Db) -> Result<(), StoreError> {
    tracing::info!("migrating the event store from layout 1 to layout 2");
    db.insert(codec::layout_key(), &[LAYOUT_MIGRATING])
        .map_err(crate::sled_error)?;

    let mut converted = 0u64;
    let mut after: Option<sled::IVec> = None;
    loop {
        let range = match &after {
            Some(key) => db.range::<&[u8], _>((
                std::ops::Bound::Excluded(key.as_ref()),
                std::ops::Bound::Excluded(&[KIND_GLOBAL + 1][..]),
            )),
            None => db.range::<&[u8], _>(&[KIND_GLOBAL][..]..&[KIND_GLOBAL + 1][..]),
        };
        let mut batch = sled::Batch::default();
        let mut n = 0;
        for item in range.take(CHUNK) {
            let (key, value) = item.map_err(crate::sled_error)?;
            after = Some(key.clone());
            n += 1;
            if value.first() == Some(&FORMAT_GROUP_V2)
                || value.first() == Some(&FORMAT_GROUP_CHECKED)
            {
                continue;
            }
            let first_global = codec::key_u64_suffix(&key, 9, "layout-1 global index")?;
            let (stream, last_version, seq) = codec::decode_v1_global_ref(&key, &value)?;
            let a_key = codec::append_key(&stream, last_version, seq);
            let raw = db.get(&a_key).map_err(crate::sled_error)?.ok_or_else(|| {
                    StoreError::Corrupt(format!(
                        "layout-1 global position {first_global} points at a missing append of {stream:?}"
                    ))
                })?;
            let rec = AppendRecord::decode(&a_key, &raw, last_version)?;
            if rec.first_global != first_global || rec.events.is_empty() {
                return Err(StoreError::Corrupt(format!(
                    "layout-1 global position {first_global} points at an append of {stream:?} that \
                     starts at {}",
                    rec.first_global
                )));
            }
            let mut index = GroupIndexWriter::new();
            index.push(
                first_global,
                &stream,
                last_version,
                seq,
                rec.events.len() as u64,
            );
            let (_, value) = index.finish().expect("one append with events was pushed");
            batch.insert(key, value);
            converted += 1;
        }
        if n == 0 {
            break;
        }
        db.apply_batch(batch).map_err(crate::sled_error)?;
    }

    let mut deleted = 0u64;
    loop {
        let mut batch = sled::Batch::default();
        let mut n = 0;
        for item in db.scan_prefix([KIND_V1_COMMAND_ID]).keys().take(CHUNK) {
            batch.remove(item.map_err(crate::sled_error)?);
            n += 1;
        }
        if n == 0 {
            break;
        }
        db.apply_batch(batch).map_err(crate::sled_error)?;
        deleted += n;
    }

    db.insert(codec::layout_key(), &[LAYOUT_VERSION])
        .map_err(crate::sled_error)?;
    tracing::info!(
        converted,
        deleted,
        "event store migrated to layout 2 (global index records rewritten, command-id records deleted)"
    );
    Ok(())
}

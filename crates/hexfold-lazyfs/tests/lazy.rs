//! The lazy file system keeps what was fsynced and loses the rest at a power cut.

use std::fs::OpenOptions;
use std::io::Write as _;
use std::os::unix::fs::FileExt as _;

use hexfold_lazyfs::{Cut, Mounted, PAGE_BYTES};

fn mount(root: &std::path::Path, test: &str) -> Option<Mounted> {
    let (backing, mnt) = (root.join("backing"), root.join("mnt"));
    std::fs::create_dir(&backing).unwrap();
    std::fs::create_dir(&mnt).unwrap();
    Mounted::mount_for_test(&backing, &mnt, test)
}

#[test]
fn what_was_fsynced_survives_a_cut_and_the_rest_is_lost() {
    let root = tempfile::tempdir().unwrap();
    let Some(fs) = mount(
        root.path(),
        "what_was_fsynced_survives_a_cut_and_the_rest_is_lost",
    ) else {
        return;
    };
    let dir = fs.path().join("d");
    std::fs::create_dir(&dir).unwrap();
    let mut synced = std::fs::File::create(dir.join("synced")).unwrap();
    synced.write_all(b"kept").unwrap();
    synced.sync_data().unwrap();
    // Written after the sync: lost.
    synced.write_all_at(b"gone", 2 * PAGE_BYTES).unwrap();
    let mut lost = std::fs::File::create(dir.join("lost")).unwrap();
    lost.write_all(b"never synced").unwrap();
    // Until the cut, readers see every write, with the file's new size.
    assert_eq!(std::fs::read(dir.join("lost")).unwrap(), b"never synced");
    assert_eq!(synced.metadata().unwrap().len(), 2 * PAGE_BYTES + 4);
    // The backing directory has only what was synced.
    assert_eq!(
        std::fs::read(fs.backing().join("d/synced")).unwrap(),
        b"kept"
    );

    assert!(fs.cut_power(Cut::DropAll) > 0);
    // While the power is off, the disk is dead.
    assert!(std::fs::read(dir.join("synced")).is_err());
    fs.restore_power();
    assert_eq!(std::fs::read(dir.join("synced")).unwrap(), b"kept");
    // Names are not lazy: the file is there, without its contents.
    assert_eq!(std::fs::read(dir.join("lost")).unwrap(), b"");

    // A truncation is lazy too, and a rename keeps a file's pending pages.
    let file = OpenOptions::new()
        .write(true)
        .open(dir.join("synced"))
        .unwrap();
    file.set_len(2).unwrap();
    file.sync_all().unwrap();
    file.set_len(0).unwrap();
    std::fs::rename(dir.join("synced"), dir.join("renamed")).unwrap();
    file.write_all_at(b"xyz", 0).unwrap();
    assert_eq!(std::fs::read(dir.join("renamed")).unwrap(), b"xyz");
    fs.cut_power(Cut::DropAll);
    fs.restore_power();
    assert_eq!(std::fs::read(dir.join("renamed")).unwrap(), b"ke");
}

#[test]
fn a_partial_write_back_keeps_a_part_of_what_was_not_synced() {
    let root = tempfile::tempdir().unwrap();
    let Some(fs) = mount(
        root.path(),
        "a_partial_write_back_keeps_a_part_of_what_was_not_synced",
    ) else {
        return;
    };
    let path = fs.path().join("f");
    let file = std::fs::File::create(&path).unwrap();
    let pages = 64;
    for page in 0..pages {
        file.write_all_at(
            &vec![page as u8 + 1; PAGE_BYTES as usize],
            page * PAGE_BYTES,
        )
        .unwrap();
    }
    drop(file);
    fs.cut_power(Cut::WriteBackSome { seed: 7 });
    fs.restore_power();
    let kept = std::fs::read(&path).unwrap();
    // Some pages (or parts of them) made it, not all: each byte is its page's or a zero.
    let written = kept.iter().filter(|&&b| b != 0).count() as u64;
    assert!(
        written > 0 && written < pages * PAGE_BYTES,
        "{written} bytes kept"
    );
    for (at, &b) in kept.iter().enumerate() {
        assert!(b == 0 || u64::from(b) == at as u64 / PAGE_BYTES + 1);
    }
}

#[test]
fn a_write_back_by_age_keeps_the_oldest_writes_and_tears_one() {
    let root = tempfile::tempdir().unwrap();
    let Some(fs) = mount(
        root.path(),
        "a_write_back_by_age_keeps_the_oldest_writes_and_tears_one",
    ) else {
        return;
    };
    let pages = 64u64;
    // Written from the last page to the first, so the order of age is not the order of offsets.
    let order = |page: u64| pages - 1 - page;
    let mut some_kept_some_lost = false;
    for seed in 0..8 {
        let path = fs.path().join(format!("f{seed}"));
        let file = std::fs::File::create(&path).unwrap();
        for page in (0..pages).rev() {
            file.write_all_at(
                &vec![page as u8 + 1; PAGE_BYTES as usize],
                page * PAGE_BYTES,
            )
            .unwrap();
        }
        drop(file);
        fs.cut_power(Cut::WriteBackOldest { seed });
        fs.restore_power();
        let kept = std::fs::read(&path).unwrap();
        // Page by page in the order they were written: whole pages, then at most one torn, then nothing.
        let mut kept_pages = Vec::new();
        for page in (0..pages).rev() {
            let at = (page * PAGE_BYTES) as usize;
            let bytes = kept
                .get(at..(at + PAGE_BYTES as usize).min(kept.len()))
                .unwrap_or(&[]);
            let written = bytes.iter().take_while(|&&b| b == page as u8 + 1).count();
            assert!(
                bytes[written..].iter().all(|&b| b == 0),
                "seed {seed}, page {page}"
            );
            kept_pages.push((order(page), written));
        }
        let whole = kept_pages
            .iter()
            .take_while(|(_, n)| *n == PAGE_BYTES as usize)
            .count();
        assert!(
            kept_pages[whole..].iter().skip(1).all(|(_, n)| *n == 0),
            "seed {seed}: only the oldest pages, the last of them maybe torn: {kept_pages:?}"
        );
        some_kept_some_lost |= whole > 0 && whole < pages as usize;
    }
    assert!(some_kept_some_lost);
}

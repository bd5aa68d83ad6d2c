//! The sled store: the contract suite (in both durability modes), and what only sled has: a store that
//! refuses to open when its last record is damaged or when it holds less than its high-water mark, damage
//! to sled's own files answered with an error or the whole history, `check` and `salvage`, recovery after
//! SIGKILL, and answers from memory.

use std::path::Path;
use std::sync::Arc;
use std::task::{Context, Poll, Waker};

use hexfold_sled::{check, salvage, Durability, SledConfig, SledStore, CREATED_FILE, MARK_FILE};
use hexfold_store::{Appended, EventStore, StoreError};

use hexfold_store::contract::{self, check_consistent, req, Damage, Harness};

#[path = "../../../tests/soak.rs"]
mod soak;
use soak::soak;

contract::suite!(flush_mode, SledHarness::new(Durability::Flush));
contract::suite!(fsync_mode, SledHarness::new(Durability::Fsync));

/// A sled store in a temporary directory of its own.
struct SledHarness {
    dir: tempfile::TempDir,
    config: SledConfig,
}

impl SledHarness {
    fn new(durability: Durability) -> SledHarness {
        SledHarness {
            dir: tempfile::tempdir().unwrap(),
            config: SledConfig { durability },
        }
    }

    fn open_store(&self) -> Arc<dyn EventStore> {
        Arc::new(SledStore::open(self.dir.path(), self.config.clone()).expect("open store"))
    }
}

/// Drops the last handle of a store, which writes what is queued and stops its threads.
fn close(store: Arc<dyn EventStore>) {
    assert_eq!(
        Arc::strong_count(&store),
        1,
        "the test still holds another handle of the store it closes"
    );
    drop(store);
}

impl Harness for SledHarness {
    async fn open(&mut self) -> Arc<dyn EventStore> {
        self.open_store()
    }

    async fn reopen(&mut self, store: Arc<dyn EventStore>) -> Arc<dyn EventStore> {
        close(store);
        self.open_store()
    }

    async fn damage_event(
        &mut self,
        store: Arc<dyn EventStore>,
        stream: &str,
        version: u64,
    ) -> (Arc<dyn EventStore>, &'static str) {
        close(store);
        damage_format_byte(self.dir.path(), stream, version);
        (self.open_store(), "format")
    }

    async fn damage(
        &mut self,
        store: Arc<dyn EventStore>,
        stream: &str,
        damage: Damage,
    ) -> Option<Result<Arc<dyn EventStore>, StoreError>> {
        // sled keeps no head apart from the `A` records: a lowered head is the last record gone, a raised one
        // has no equivalent.
        let version = match damage {
            Damage::DeleteEvent(v) => v,
            Damage::LowerHead => u64::MAX,
            Damage::RaiseHead => return None,
        };
        close(store);
        let db = raw_sled(self.dir.path());
        let (key, _) = if version == u64::MAX {
            last_append_record(&db, stream)
        } else {
            append_record(&db, stream, version)
        };
        db.remove(key).unwrap();
        db.flush().unwrap();
        drop(db);
        Some(
            SledStore::open(self.dir.path(), self.config.clone())
                .map(|s| Arc::new(s) as Arc<dyn EventStore>),
        )
    }
}

/// The last `A` record of `stream`.
fn last_append_record(db: &sled::Db, stream: &str) -> (sled::IVec, sled::IVec) {
    let mut prefix = vec![b'A', u8::try_from(stream.len()).unwrap()];
    prefix.extend_from_slice(stream.as_bytes());
    db.scan_prefix(&prefix)
        .last()
        .expect("a record of the stream")
        .unwrap()
}

/// Gives the append record of `stream` holding `version` a format byte no version of this code wrote,
/// with the store closed.
fn damage_format_byte(dir: &Path, stream: &str, version: u64) {
    let db = raw_sled(dir);
    let (key, value) = append_record(&db, stream, version);
    let mut value = value.to_vec();
    value[0] = 0xEE;
    db.insert(key, value).unwrap();
    db.flush().unwrap();
}

/// The `A` record of `stream` that holds `version`, read with the layout of `src/codec.rs`: the key is
/// `A`, the name's length and the name, then the append's last version and seq (big-endian `u64`s), so
/// the record holding a version is the first whose last version is at or past it.
fn append_record(db: &sled::Db, stream: &str, version: u64) -> (sled::IVec, sled::IVec) {
    let mut prefix = vec![b'A', u8::try_from(stream.len()).unwrap()];
    prefix.extend_from_slice(stream.as_bytes());
    for item in db.scan_prefix(&prefix) {
        let (key, value) = item.unwrap();
        let last_version =
            u64::from_be_bytes(key[prefix.len()..prefix.len() + 8].try_into().unwrap());
        if last_version >= version {
            return (key, value);
        }
    }
    panic!("{stream} has no record holding version {version}")
}

/// Opens the store's sled database directly, to damage it. sled lets go of its file lock from its own
/// I/O threads a moment after the last handle is dropped, and says nothing when it does, so this retries
/// for a bounded time, as `SledStore::open` does.
fn raw_sled(dir: &Path) -> sled::Db {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        match sled::open(dir) {
            Err(sled::Error::Io(e))
                if e.to_string().contains("could not acquire lock")
                    && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            other => return other.expect("open sled"),
        }
    }
}

fn open(dir: &Path) -> Arc<dyn EventStore> {
    Arc::new(SledStore::open(dir, SledConfig::default()).expect("open store"))
}

#[tokio::test]
async fn a_record_damaged_on_disk_is_corrupt_after_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        store.create_stream("g", Vec::new()).await.unwrap();
        store
            .append(req("g", "c1", Some(0), &["e1"]))
            .await
            .unwrap();
        store
            .append(req("g", "c2", Some(1), &["e2", "e3"]))
            .await
            .unwrap();
    }
    // The second append is the last one.
    damage_format_byte(dir.path(), "g", 2);
    // The last append is damaged, so reopening (which reads it to recover the global counter) refuses.
    match SledStore::open(dir.path(), SledConfig::default()) {
        Err(StoreError::Corrupt(msg)) => assert!(msg.contains("format"), "{msg}"),
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a store whose last append is damaged"),
    }
}

/// Three streams written and closed: "a" with versions 1..=3 (appends of 1 and 2 events), "b" with 1..=2
/// (global positions 4..=5), "c" with 1 (position 6).
async fn write_three_streams(dir: &Path, durability: Durability) {
    let store: Arc<dyn EventStore> =
        Arc::new(SledStore::open(dir, SledConfig { durability }).expect("open store"));
    for s in ["a", "b", "c"] {
        store.create_stream(s, b"meta".to_vec()).await.unwrap();
    }
    store
        .append(req("a", "a1", Some(0), &["a1"]))
        .await
        .unwrap();
    store
        .append(req("a", "a2", Some(1), &["a2", "a3"]))
        .await
        .unwrap();
    store
        .append(req("b", "b1", Some(0), &["b1", "b2"]))
        .await
        .unwrap();
    store
        .append(req("c", "c1", Some(0), &["c1"]))
        .await
        .unwrap();
    close(store);
}

/// Takes the last appends back out of sled, with their global index records, as sled's recovery does when
/// damage makes it take the rest of its log for a torn write: what is left is a consistent but shorter
/// store.
fn roll_back(dir: &Path, keep_global: u64) {
    let db = raw_sled(dir);
    for item in db.scan_prefix([b'G']) {
        let (key, value) = item.unwrap();
        let first = u64::from_be_bytes(key[1..9].try_into().unwrap());
        if first > keep_global {
            db.remove(&key).unwrap();
            // The record lists (len u32, name, last version, seq, events) after its format byte and count.
            let len = u32::from_be_bytes(value[5..9].try_into().unwrap()) as usize;
            let name = &value[9..9 + len];
            let mut a_key = vec![b'A', len as u8];
            a_key.extend_from_slice(name);
            a_key.extend_from_slice(&value[9 + len..9 + len + 16]);
            db.remove(a_key).unwrap().expect("the indexed append");
        }
    }
    db.flush().unwrap();
}

fn open_error(dir: &Path) -> String {
    match SledStore::open(dir, SledConfig::default()) {
        Err(StoreError::Corrupt(msg)) => msg,
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a damaged store"),
    }
}

#[tokio::test]
async fn a_store_holding_less_than_its_mark_refuses_to_open_and_names_what_is_missing() {
    for durability in [Durability::Flush, Durability::Fsync] {
        let dir = tempfile::tempdir().unwrap();
        write_three_streams(dir.path(), durability).await;
        // Intact, it opens; the mark is where the store is.
        drop(SledStore::open(dir.path(), SledConfig { durability }).unwrap());
        roll_back(dir.path(), 3);
        let msg = open_error(dir.path());
        assert!(
            msg.contains("positions 4..=6 (3 events) were acknowledged and are missing")
                && msg.contains(r#""c" at version 1"#),
            "{msg}"
        );
        // Refused, it is left as it was: the next open says the same.
        assert_eq!(open_error(dir.path()), msg);
        // `check` names the same loss, and `salvage` copies what is left.
        let report = check(dir.path()).unwrap();
        assert!(!report.is_intact());
        assert_eq!((report.last_global, report.events), (3, 3));
        assert!(
            report.problems.iter().any(|p| p.contains("up to 6")),
            "{report:?}"
        );
        let out = tempfile::tempdir().unwrap();
        let target = out.path().join("salvaged");
        let salvaged = salvage(dir.path(), &target, SledConfig::default())
            .await
            .unwrap();
        // The appends sled no longer serves are still in its log: the raw scan brings them back.
        assert_eq!((salvaged.whole, salvaged.events), (3, 6), "{salvaged:?}");
        assert_eq!(salvaged.from_raw_scan, ["b", "c"]);
        let store = open(&target);
        assert_eq!(store.head("a").await.unwrap(), 3);
        assert_eq!(store.head("b").await.unwrap(), 2);
        close(store);
        assert!(check(&target).unwrap().is_intact());
    }
}

#[tokio::test]
async fn a_store_whose_mark_is_missing_or_damaged_refuses_to_open() {
    let dir = tempfile::tempdir().unwrap();
    write_three_streams(dir.path(), Durability::Flush).await;
    let mark = dir.path().join(MARK_FILE);
    let bytes = std::fs::read(&mark).unwrap();
    std::fs::remove_file(&mark).unwrap();
    assert!(open_error(dir.path()).contains("high-water mark"));
    std::fs::write(&mark, vec![0u8; bytes.len()]).unwrap();
    assert!(open_error(dir.path()).contains("damaged"));
    std::fs::write(&mark, &bytes).unwrap();
    let store = open(dir.path());
    assert_eq!(store.head("c").await.unwrap(), 1);
}

#[tokio::test]
async fn check_finds_a_damaged_record_and_salvage_copies_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    write_three_streams(dir.path(), Durability::Flush).await;
    assert!(check(dir.path()).unwrap().is_intact());
    {
        // One bit of "a"'s first append flipped, inside the payload where no decoder would notice.
        let db = raw_sled(dir.path());
        let (key, value) = append_record(&db, "a", 1);
        let mut value = value.to_vec();
        let at = value.len() - 6;
        value[at] ^= 0x01;
        db.insert(key, value).unwrap();
        db.flush().unwrap();
    }
    let store = open(dir.path());
    match store.read("a", 1, 3).await {
        Err(StoreError::Corrupt(msg)) => assert!(msg.contains("checksum"), "{msg}"),
        other => panic!("expected Corrupt, got {other:?}"),
    }
    assert_eq!(store.read("b", 1, 2).await.unwrap().len(), 2);
    close(store);
    let report = check(dir.path()).unwrap();
    assert_eq!(report.problem_count, 2, "{report:?}");
    assert!(report.problems[0].contains("checksum"), "{report:?}");
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("salvaged");
    let salvaged = salvage(dir.path(), &target, SledConfig::default())
        .await
        .unwrap();
    // The damaged copy replaced an intact one, which is still in sled's log: the raw scan finds it.
    assert_eq!(salvaged.whole, 3, "{salvaged:?}");
    assert_eq!(salvaged.from_raw_scan, ["a"]);
    let store = open(&target);
    assert_eq!(store.read("a", 1, 3).await.unwrap()[0].payload, b"a1");
    assert_eq!(store.read("b", 1, 2).await.unwrap()[1].payload, b"b2");
    // Command ids travel with their appends: a retry on the salvaged store is still a duplicate.
    let again = store
        .append(req("b", "b1", None, &["b1", "b2"]))
        .await
        .unwrap();
    assert!(again.duplicate);
    // `salvage` never writes into a store.
    assert!(matches!(
        salvage(dir.path(), &target, SledConfig::default()).await,
        Err(StoreError::InvalidArgument(_))
    ));
}

/// A store whose sled files were lost after it was created (as a power loss leaves them when they were never
/// synced) is refused, before sled starts a new database over them, and so is one whose sled files were replaced
/// by an empty database.
#[tokio::test]
async fn a_created_store_whose_sled_files_are_gone_or_empty_refuses_to_open() {
    let dir = tempfile::tempdir().unwrap();
    write_three_streams(dir.path(), Durability::Flush).await;
    assert!(dir.path().join(CREATED_FILE).exists());
    let conf = std::fs::read(dir.path().join("conf")).unwrap();
    std::fs::write(dir.path().join("conf"), b"").unwrap();
    let msg = open_error(dir.path());
    assert!(
        msg.contains("sled's files are missing or empty (conf has 0 bytes")
            && msg.contains("hexfold salvage"),
        "{msg}"
    );
    // Refused before sled opened the files: they are as they were.
    assert_eq!(std::fs::read(dir.path().join("conf")).unwrap(), b"");
    std::fs::write(dir.path().join("conf"), &conf).unwrap();
    assert_eq!(open(dir.path()).head("a").await.unwrap(), 3);

    // sled's files replaced by those of a new, empty database.
    let empty = tempfile::tempdir().unwrap();
    drop(raw_sled(empty.path()));
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let entry = entry.unwrap();
        if !entry.file_name().to_string_lossy().starts_with("hexfold.") {
            if entry.file_type().unwrap().is_dir() {
                std::fs::remove_dir_all(entry.path()).unwrap();
            } else {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }
    copy_files(empty.path(), dir.path());
    let msg = open_error(dir.path());
    assert!(msg.contains("sled's files hold nothing of it"), "{msg}");
}

/// A creation acknowledged and then lost is refused like a lost append: the mark names the last write of any
/// kind.
#[tokio::test]
async fn a_lost_creation_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    write_three_streams(dir.path(), Durability::Flush).await;
    let store = open(dir.path());
    store.create_stream("d", b"meta".to_vec()).await.unwrap();
    close(store);
    let db = raw_sled(dir.path());
    db.remove(b"Md").unwrap().expect("the meta of d");
    db.flush().unwrap();
    drop(db);
    let msg = open_error(dir.path());
    assert!(
        msg.contains(r#"stream "d" was created and acknowledged"#),
        "{msg}"
    );
}

/// Flush mode: a power loss takes what sled had not synced, which is everything written since open. The mark,
/// synced before the first answer of the open, names at least that first write, so the store is refused.
#[tokio::test]
async fn flush_mode_refuses_a_store_that_lost_what_it_acknowledged_since_open() {
    let dir = tempfile::tempdir().unwrap();
    write_three_streams(dir.path(), Durability::Flush).await;
    let flush = SledConfig {
        durability: Durability::Flush,
    };
    let store = SledStore::open(dir.path(), flush.clone()).unwrap();
    // sled's files as open left them on the disk (open syncs them in either mode).
    let synced = tempfile::tempdir().unwrap();
    copy_files(dir.path(), synced.path());
    let store: Arc<dyn EventStore> = Arc::new(store);
    store
        .append(req("c", "c2", Some(1), &["c2"]))
        .await
        .unwrap();
    // The power goes: the process dies without closing, and sled's files are as they were synced. The mark
    // keeps what was synced of it.
    std::mem::forget(store);
    let mark = std::fs::read(dir.path().join(MARK_FILE)).unwrap();
    let lost = tempfile::tempdir().unwrap();
    copy_files(synced.path(), lost.path());
    std::fs::write(lost.path().join(MARK_FILE), &mark).unwrap();
    let msg = open_error(lost.path());
    assert!(
        msg.contains("positions 7..=7 (1 events) were acknowledged and are missing"),
        "{msg}"
    );
}

/// `salvage` reads sled's log itself when sled refuses the files: every intact game comes back.
#[tokio::test]
async fn salvage_reads_the_games_of_files_sled_cannot_open() {
    let dir = tempfile::tempdir().unwrap();
    write_three_streams(dir.path(), Durability::Fsync).await;
    // A `conf` whose checksum fails: sled refuses the directory.
    let mut conf = std::fs::read(dir.path().join("conf")).unwrap();
    conf[0] ^= 0x20;
    std::fs::write(dir.path().join("conf"), &conf).unwrap();
    assert!(SledStore::open(dir.path(), SledConfig::default()).is_err());
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("salvaged");
    let salvaged = salvage(dir.path(), &target, SledConfig::default())
        .await
        .unwrap();
    assert!(salvaged.sled_refused.is_some(), "{salvaged:?}");
    assert_eq!((salvaged.whole, salvaged.events), (3, 6), "{salvaged:?}");
    assert!(salvaged.raw_messages > 0);
    let store = open(&target);
    assert_eq!(store.read("a", 1, 3).await.unwrap()[2].payload, b"a3");
    assert_eq!(store.head("b").await.unwrap(), 2);
    let again = store.append(req("c", "c1", None, &["c1"])).await.unwrap();
    assert!(again.duplicate);
}

/// Damage to sled's own files anywhere: every open either succeeds or fails with an error, never a panic,
/// and one that succeeds holds everything (the mark would refuse less).
#[tokio::test]
async fn damage_to_the_db_file_is_an_error_or_nothing_never_a_panic_or_less() {
    let base = tempfile::tempdir().unwrap();
    write_three_streams(base.path(), Durability::Flush).await;
    let db_file = std::fs::read(base.path().join("db")).unwrap();
    let trials = if soak() { 400 } else { 40 };
    let (mut whole, mut refused) = (0, 0);
    for trial in 0..trials {
        let copy = tempfile::tempdir().unwrap();
        copy_files(base.path(), copy.path());
        let mut damaged = db_file.clone();
        // Spread over the file: a bit flipped, then (every third trial) a 4 KiB page zeroed, or a cut.
        let at = trial * damaged.len() / trials;
        match trial % 3 {
            0 => damaged[at] ^= 1 << (trial % 8),
            1 => {
                let page = at / 4096 * 4096;
                let end = (page + 4096).min(damaged.len());
                damaged[page..end].fill(0);
            }
            _ => damaged.truncate(at),
        }
        std::fs::write(copy.path().join("db"), &damaged).unwrap();
        match SledStore::open(copy.path(), SledConfig::default()) {
            Ok(store) => {
                let store: Arc<dyn EventStore> = Arc::new(store);
                for (s, head) in [("a", 3), ("b", 2), ("c", 1)] {
                    // A read that meets damage says so; one that answers has every event.
                    match store.read(s, 1, u64::MAX).await {
                        Ok(read) => assert_eq!(read.len(), head, "trial {trial}: a shorter {s}"),
                        Err(StoreError::Corrupt(_)) => {}
                        Err(other) => panic!("trial {trial}: {other:?}"),
                    }
                }
                whole += 1;
            }
            Err(StoreError::Corrupt(_) | StoreError::Io(_)) => refused += 1,
            Err(other) => panic!("trial {trial}: {other:?}"),
        }
    }
    eprintln!("{trials} damaged copies: {whole} opened whole, {refused} refused");
}

/// Copies the files of a closed store (sled's and the mark; sled keeps no subdirectories with this much
/// data).
fn copy_files(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// What needs only memory is answered inline, without a hop to a reader thread: the first poll of the
/// future already has the answer.
#[tokio::test]
async fn memory_answers_are_ready_at_the_first_poll() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1"]))
        .await
        .unwrap();
    let mut cx = Context::from_waker(Waker::noop());
    // The log thread has written "g", so its command-id index settles an id never sent there.
    let mut never_seen = store.find_command("g", "never-sent");
    assert_eq!(never_seen.as_mut().poll(&mut cx), Poll::Ready(Ok(None)));
    assert_eq!(store.watch_position().current(), 1);
    // A known id needs its record, read on a reader thread.
    let found = store.find_command("g", "c1").await.unwrap().unwrap();
    assert_eq!((found.first_version, found.last_version), (1, 1));
}

/// Set in the child process of `sigkill_during_appends_loses_nothing_acknowledged` to the store directory.
const CRASH_CHILD_ENV: &str = "HEXFOLD_STORE_CRASH_CHILD_DIR";
const CRASH_TEST: &str = "sigkill_during_appends_loses_nothing_acknowledged";

/// The child: appends from several writers until killed, printing one line per acknowledged append.
fn crash_child(dir: &Path) -> ! {
    use std::io::Write;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = open(dir);
        let writers: Vec<_> = (0..8)
            .map(|w| {
                let store = Arc::clone(&store);
                tokio::spawn(async move {
                    let stream = format!("crash-{w}");
                    match store.create_stream(&stream, Vec::new()).await {
                        Ok(()) | Err(StoreError::AlreadyExists) => {}
                        Err(e) => panic!("{e}"),
                    }
                    // The process id keeps command ids unique across the soak test's kill cycles.
                    let pid = std::process::id();
                    for i in 0.. {
                        let id = format!("w{w}-{i}-{pid}");
                        let events = ["e"; 3][..1 + i % 3].to_vec();
                        let r = store
                            .append(req(&stream, &id, None, &events))
                            .await
                            .unwrap();
                        let mut out = std::io::stdout().lock();
                        writeln!(
                            out,
                            "ACK {stream} {id} {} {} {}",
                            r.first_version, r.last_version, r.first_global
                        )
                        .unwrap();
                        out.flush().unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.await.unwrap();
        }
    });
    unreachable!("the writers never finish; the parent kills this process")
}

type Acked = Vec<(String, String, Appended)>;

/// Runs a writer child on `dir` until it has acknowledged `acks` appends, then SIGKILLs it.
fn kill_cycle(dir: &Path, acks: usize) -> Acked {
    use std::io::BufRead;
    /// Kills the child even if an assertion below fails first, so no writer outlives the test.
    struct KillOnDrop(std::process::Child);
    impl Drop for KillOnDrop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    let mut child = KillOnDrop(
        std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", CRASH_TEST, "--nocapture", "--test-threads=1"])
            .env(CRASH_CHILD_ENV, dir)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut acked = Vec::new();
    for line in std::io::BufReader::new(child.0.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let Some(ack) = line.strip_prefix("ACK ") else {
            continue;
        };
        let f: Vec<&str> = ack.split(' ').collect();
        let n = |i: usize| f[i].parse::<u64>().unwrap();
        acked.push((
            f[0].to_string(),
            f[1].to_string(),
            Appended {
                first_version: n(2),
                last_version: n(3),
                first_global: n(4),
                duplicate: true,
            },
        ));
        if acked.len() == acks {
            break;
        }
    }
    // SIGKILL while the writers are mid-flight.
    drop(child);
    assert_eq!(
        acked.len(),
        acks,
        "the child stopped before acknowledging {acks} appends"
    );
    acked
}

/// Reopens `dir` and checks that every acknowledged append is there, where it was acknowledged.
fn verify_acked(dir: &Path, acked: &Acked) {
    // Timers on: the consistency check waits for the position watch with a timeout.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = open(dir);
        let (total, _) = check_consistent(&*store).await;
        let acked_events: u64 = acked
            .iter()
            .map(|(_, _, r)| r.last_version - r.first_version + 1)
            .sum();
        assert!(total as u64 >= acked_events);
        for (stream, id, r) in acked {
            let events = store
                .read(stream, r.first_version, r.last_version)
                .await
                .unwrap();
            assert_eq!(
                events.len() as u64,
                r.last_version - r.first_version + 1,
                "{stream} {id}"
            );
            assert_eq!(events[0].global, r.first_global, "{stream} {id}");
            let again = store
                .append(req(stream, id, Some(0), &["ignored"]))
                .await
                .unwrap();
            assert_eq!(again, *r, "{stream} {id}");
        }
    });
}

#[test]
fn sigkill_during_appends_loses_nothing_acknowledged() {
    if let Some(dir) = std::env::var_os(CRASH_CHILD_ENV) {
        crash_child(Path::new(&dir));
    }
    let dir = tempfile::tempdir().unwrap();
    let acked = kill_cycle(dir.path(), 400);
    verify_acked(dir.path(), &acked);
}

/// The same, many times over one directory (set HEXFOLD_SOAK=1): recovery after recovery stays consistent.
#[test]
fn soak_repeated_sigkills_on_one_directory() {
    if !soak() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut acked = Vec::new();
    for _ in 0..20 {
        acked.extend(kill_cycle(dir.path(), 1000));
        verify_acked(dir.path(), &acked);
    }
}

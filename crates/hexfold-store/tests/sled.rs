//! The sled store: the contract suite (in both durability modes), and what only sled has: a store that
//! refuses to open when its last record is damaged, recovery after SIGKILL, and answers from memory.

mod contract;

use std::path::Path;
use std::sync::Arc;
use std::task::{Context, Poll, Waker};

use hexfold_store::{Appended, Durability, EventStore, Store, StoreConfig, StoreError};

use contract::{check_consistent, req, Harness};

contract::suite!(flush_mode, SledHarness::new(Durability::Flush));
contract::suite!(fsync_mode, SledHarness::new(Durability::Fsync));

/// A sled store in a temporary directory of its own.
struct SledHarness {
    dir: tempfile::TempDir,
    config: StoreConfig,
}

impl SledHarness {
    fn new(durability: Durability) -> SledHarness {
        SledHarness {
            dir: tempfile::tempdir().unwrap(),
            config: StoreConfig { durability },
        }
    }

    fn open_store(&self) -> Arc<dyn EventStore> {
        Arc::new(Store::open(self.dir.path(), self.config.clone()).expect("open store"))
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
/// for a bounded time, as `Store::open` does.
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
    Arc::new(Store::open(dir, StoreConfig::default()).expect("open store"))
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
    match Store::open(dir.path(), StoreConfig::default()) {
        Err(StoreError::Corrupt(msg)) => assert!(msg.contains("format"), "{msg}"),
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a store whose last append is damaged"),
    }
}

/// What needs only memory is answered inline, without a hop to the blocking pool: the first poll of the
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
    // A known id needs its record, read on the blocking pool.
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
    if std::env::var_os("HEXFOLD_SOAK").is_none_or(|v| v.is_empty() || v == "0") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut acked = Vec::new();
    for _ in 0..20 {
        acked.extend(kill_cycle(dir.path(), 1000));
        verify_acked(dir.path(), &acked);
    }
}

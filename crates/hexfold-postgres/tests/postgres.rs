//! The PostgreSQL store: the store crate's contract suite, and what only a shared database has: several
//! stores (as several servers) on one database, the global order across them, group commit, the schema
//! version, and failures (a lost connection, a blocked statement, an unreachable server).
//!
//! Every test gets a fresh database on the test process's throw-away cluster
//! (`hexfold_postgres::test_support`), which this binary starts on first use and which dies with it.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hexfold_postgres::test_support::cluster;
use hexfold_postgres::{PgConfig, PgStore, SCHEMA_VERSION};
use hexfold_store::{Appended, EventStore, GlobalRecord, StoreError};

use hexfold_store::contract::{self, append_in_turn, check_consistent, req, Damage, Harness};

contract::suite!(contract_on_postgres, PgHarness::new());

/// How long a test waits for something before it fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(30);

/// One fresh database per harness, created on first open.
struct PgHarness {
    url: Option<String>,
}

impl PgHarness {
    fn new() -> PgHarness {
        PgHarness { url: None }
    }

    async fn url(&mut self) -> String {
        if self.url.is_none() {
            self.url = Some(cluster().create_database().await);
        }
        self.url.clone().expect("just created")
    }
}

/// Drops the test's only handle of a store: the writer commits what is queued and stops.
fn close(store: Arc<dyn EventStore>) {
    assert_eq!(
        Arc::strong_count(&store),
        1,
        "the test still holds another handle of the store it closes"
    );
    drop(store);
}

impl Harness for PgHarness {
    async fn open(&mut self) -> Arc<dyn EventStore> {
        Arc::new(open(PgConfig::new(self.url().await)).await)
    }

    async fn reopen(&mut self, store: Arc<dyn EventStore>) -> Arc<dyn EventStore> {
        close(store);
        self.open().await
    }

    async fn damage_event(
        &mut self,
        store: Arc<dyn EventStore>,
        stream: &str,
        version: u64,
    ) -> (Arc<dyn EventStore>, &'static str) {
        let db = raw(&self.url().await).await;
        let changed = db
            .execute(
                "UPDATE hexfold.events SET payload = '\\xdeadbeef'::bytea
                 WHERE stream = $1 AND version = $2",
                &[&stream.as_bytes(), &(version as i64)],
            )
            .await
            .unwrap();
        assert_eq!(changed, 1, "the event to damage");
        // Reopened, as sled's harness reopens its directory: a store keeps its own recent events in memory
        // for `read_global` (see `recent.rs`), as they were written, and a row damaged under a running
        // store is found by the reads that go to the database, by every other process, and by this one
        // once it reads the row.
        (self.reopen(store).await, "checksum")
    }

    async fn damage(
        &mut self,
        store: Arc<dyn EventStore>,
        stream: &str,
        damage: Damage,
    ) -> Option<Result<Arc<dyn EventStore>, StoreError>> {
        let db = raw(&self.url().await).await;
        let (sql, version) = match damage {
            Damage::DeleteEvent(v) => (
                "DELETE FROM hexfold.events WHERE stream = $1 AND version = $2",
                v as i64,
            ),
            Damage::LowerHead => (
                "UPDATE hexfold.streams SET head = head - $2 WHERE name = $1",
                1,
            ),
            Damage::RaiseHead => (
                "UPDATE hexfold.streams SET head = head + $2 WHERE name = $1",
                1,
            ),
        };
        let changed = db
            .execute(sql, &[&stream.as_bytes(), &version])
            .await
            .unwrap();
        assert_eq!(changed, 1, "the row to damage");
        // Reopened, for the store's recent events in memory (see `damage_event`).
        Some(Ok(self.reopen(store).await))
    }
}

async fn open(config: PgConfig) -> PgStore {
    PgStore::open(config).await.expect("open the store")
}

/// A plain connection to the test database, for what the store never does (damage, locks, kills).
async fn raw(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("connect");
    tokio::spawn(connection);
    client
}

/// Waits until `done` answers true, failing the test after [`PATIENCE`]. For states another process
/// reaches (a backend waiting for a lock), which nothing announces.
async fn until<F: std::future::Future<Output = bool>>(what: &str, mut done: impl FnMut() -> F) {
    let deadline = Instant::now() + PATIENCE;
    while !done().await {
        assert!(Instant::now() < deadline, "{what}: not within {PATIENCE:?}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Several stores on one database, as several servers: writers on each append to streams of their own
/// (so their transactions race for the global counter), while a follower on yet another store reads the
/// global order and waits on its position watch, which only the other stores' NOTIFYs (and its
/// re-reads) can raise. Every position arrives exactly once, in order, no read ever shows a gap, and the
/// watch never announces a position that a read right after cannot deliver.
///
/// The follower's store re-reads the position only once an hour, so its wake-ups come from NOTIFY.
/// Follows the global order in pages of `page` until `total` events, checking that every position comes
/// once and in order and that everything announced is readable; the events and how often it waited.
async fn follow(store: PgStore, total: u64, page: usize) -> (Vec<GlobalRecord>, u64) {
    let mut watch = store.watch_position();
    let mut seen: Vec<GlobalRecord> = Vec::new();
    let mut waits = 0u64;
    while (seen.len() as u64) < total {
        let at = seen.len() as u64;
        let announced = watch.current();
        let read = store.read_global(at + 1, page).await.unwrap();
        // Everything announced is committed and readable.
        let due = announced.saturating_sub(at).min(page as u64);
        assert!(
            read.len() as u64 >= due,
            "announced {announced}, but a read from {} gave {} events",
            at + 1,
            read.len()
        );
        if read.is_empty() {
            watch.wait_past(at).await.unwrap();
            waits += 1;
            continue;
        }
        for record in read {
            // A transaction that took an earlier position but committed later would show here as a page
            // starting past `at + 1`.
            assert_eq!(record.global, seen.len() as u64 + 1, "a gap or a repeat");
            seen.push(record);
        }
    }
    (seen, waits)
}

fn as_tuples(records: Vec<GlobalRecord>) -> Vec<(u64, String, u64, Vec<u8>)> {
    records
        .into_iter()
        .map(|r| (r.global, r.stream, r.version, r.payload))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn writers_on_several_stores_give_a_follower_every_position_once_in_order() {
    const STORES: usize = 4;
    const WRITERS_PER_STORE: usize = 4;
    const APPENDS_PER_WRITER: usize = 30;
    const PAGE: usize = 7;
    let url = cluster().create_database().await;
    let events_of = |w: usize, i: usize| if i % 9 == 8 { 0 } else { 1 + (w + i) % 3 };
    let total: u64 = (0..STORES * WRITERS_PER_STORE)
        .flat_map(|w| (0..APPENDS_PER_WRITER).map(move |i| events_of(w, i) as u64))
        .sum();

    // Two followers: a store that only reads, and one of the writing stores, which takes its own events
    // from memory and the others' from the database (see `recent.rs`); both must see the same order.
    let follower_store = open(PgConfig {
        recheck_every: Duration::from_secs(3600),
        ..PgConfig::new(&url)
    })
    .await;
    let follower = tokio::spawn(follow(follower_store, total, PAGE));
    let writing_store = Arc::new(open(PgConfig::new(&url)).await);
    let writing_follower = tokio::spawn(follow((*writing_store).clone(), total, PAGE));

    let mut writers = Vec::new();
    let mut stores = vec![Arc::clone(&writing_store)];
    for _ in 1..STORES {
        stores.push(Arc::new(open(PgConfig::new(&url)).await));
    }
    for (s, store) in stores.iter().enumerate() {
        for k in 0..WRITERS_PER_STORE {
            let w = s * WRITERS_PER_STORE + k;
            let stream = format!("w{w}");
            store.create_stream(&stream, Vec::new()).await.unwrap();
            let store = Arc::clone(store);
            writers.push(tokio::spawn(async move {
                append_in_turn(&*store, &stream, APPENDS_PER_WRITER, |i| events_of(w, i)).await
            }));
        }
    }
    let mut expected = Vec::new();
    for writer in writers {
        expected.extend(
            tokio::time::timeout(PATIENCE, writer)
                .await
                .unwrap()
                .unwrap(),
        );
    }
    expected.sort();
    let (seen, waits) = tokio::time::timeout(PATIENCE, follower)
        .await
        .expect("the follower saw every position")
        .unwrap();
    let (seen_by_writer, _) = tokio::time::timeout(PATIENCE, writing_follower)
        .await
        .expect("the writing store's follower saw every position")
        .unwrap();
    let seen = as_tuples(seen);
    assert_eq!(
        as_tuples(seen_by_writer),
        seen,
        "a writing store reads what the others read"
    );
    assert_eq!(seen, expected);
    assert!(waits <= total, "{waits} waits for {total} events");
    // Afterwards too, in pages of any size, every writing store reads the same order.
    for store in &stores {
        for page in [1, PAGE, 256] {
            let mut read = Vec::new();
            while let Some(more) = Some(
                store
                    .read_global(read.len() as u64 + 1, page)
                    .await
                    .unwrap(),
            )
            .filter(|more| !more.is_empty())
            {
                assert!(more.len() <= page);
                read.extend(more);
            }
            assert_eq!(as_tuples(read), seen, "pages of {page}");
            // The index names the same events, its own from memory and the others' from the database.
            let mut index = Vec::new();
            while let Some(more) = Some(
                store
                    .read_global_index(index.len() as u64 + 1, page)
                    .await
                    .unwrap(),
            )
            .filter(|more| !more.is_empty())
            {
                assert!(more.len() <= page);
                index.extend(more);
            }
            let named: Vec<(u64, String, u64)> = seen
                .iter()
                .map(|(global, stream, version, _)| (*global, stream.clone(), *version))
                .collect();
            let index: Vec<(u64, String, u64)> = index
                .into_iter()
                .map(|e| (e.global, e.stream, e.version))
                .collect();
            assert_eq!(index, named, "the index in pages of {page}");
        }
    }
    let store: Arc<dyn EventStore> = Arc::new(open(PgConfig::new(&url)).await);
    let (events, _) = check_consistent(&*store).await;
    assert_eq!(events as u64, total);
}

/// Appends racing at one version from two stores (two processes): exactly one wins, the others are
/// conflicts naming the winner's head.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_appends_from_two_stores_have_one_winner() {
    let url = cluster().create_database().await;
    let a = Arc::new(open(PgConfig::new(&url)).await);
    let b = Arc::new(open(PgConfig::new(&url)).await);
    a.create_stream("g", Vec::new()).await.unwrap();
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let store = Arc::clone(if i % 2 == 0 { &a } else { &b });
            tokio::spawn(async move {
                store
                    .append(req("g", &format!("c{i}"), Some(0), &["e1", "e2"]))
                    .await
            })
        })
        .collect();
    let mut wins = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(r) => {
                wins += 1;
                assert_eq!((r.first_version, r.last_version), (1, 2));
            }
            Err(StoreError::Conflict {
                expected: 0,
                actual: 2,
            }) => {}
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(wins, 1);
    assert_eq!(b.head("g").await.unwrap(), 2);
}

/// One group decides its appends in queue order and one's refusal fails none of the others: a command id
/// repeated inside the group is a duplicate of the first, an append made stale by an earlier one of the
/// group is a conflict, one for an unknown stream is not found, an id committed by the group before is a
/// duplicate, and the rest are written, all in one transaction.
///
/// The groups are made deterministic by holding the global counter's row lock from another connection:
/// the writer's first group waits on it, the others queue meanwhile, and all of them form the next group.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_group_refuses_some_appends_and_writes_the_others() {
    let url = cluster().create_database().await;
    let store = Arc::new(open(PgConfig::new(&url)).await);
    store.create_stream("g", Vec::new()).await.unwrap();
    store.create_stream("h", Vec::new()).await.unwrap();

    let mut lock = raw(&url).await;
    let holder = lock.transaction().await.unwrap();
    holder
        .execute(
            "SELECT position FROM hexfold.global_position FOR UPDATE",
            &[],
        )
        .await
        .unwrap();
    let first = {
        let store = Arc::clone(&store);
        tokio::spawn(async move { store.append(req("h", "first", Some(0), &["h1"])).await })
    };
    let observer = raw(&url).await;
    until("the first group waits for the counter", || async {
        let row = observer
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'",
                &[],
            )
            .await
            .unwrap();
        row.get::<_, i64>(0) == 1
    })
    .await;

    let requests = [
        req("g", "x", Some(0), &["g1", "g2"]),
        req("g", "x", Some(0), &["ignored"]),
        req("g", "y", Some(0), &["stale"]),
        req("h", "first", Some(5), &["ignored"]),
        req("nope", "z", None, &["e"]),
        req("g", "z", None, &["g3"]),
        req("h", "noop", None, &[]),
    ];
    // Queued one at a time, so the queue's order is the list's.
    let mut tasks = Vec::new();
    for (queued, r) in (1..).zip(requests) {
        let store_for_task = Arc::clone(&store);
        tasks.push(tokio::spawn(async move { store_for_task.append(r).await }));
        until("the append queues", || async {
            store.queued_appends() == queued
        })
        .await;
    }
    holder.commit().await.unwrap();

    let first = first.await.unwrap().unwrap();
    assert_eq!((first.first_global, first.duplicate), (1, false));
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    let x = Appended {
        first_version: 1,
        last_version: 2,
        first_global: 2,
        duplicate: false,
    };
    assert_eq!(
        results,
        [
            Ok(x),
            Ok(Appended {
                duplicate: true,
                ..x
            }),
            Err(StoreError::Conflict {
                expected: 0,
                actual: 2
            }),
            Ok(Appended {
                duplicate: true,
                ..first
            }),
            Err(StoreError::NotFound),
            Ok(Appended {
                first_version: 3,
                last_version: 3,
                first_global: 4,
                duplicate: false
            }),
            Ok(Appended {
                first_version: 2,
                last_version: 1,
                first_global: 5,
                duplicate: false
            }),
        ]
    );
    // Two transactions: the first append alone, then x, z and noop together.
    assert_eq!(store.group_stats(), (2, 4));
    let store: Arc<dyn EventStore> = store;
    check_consistent(&*store).await;
}

/// Concurrent appends share transactions: 64 writers at once commit in far fewer groups than appends.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_appends_share_transactions() {
    const WRITERS: usize = 64;
    let url = cluster().create_database().await;
    let store = Arc::new(open(PgConfig::new(&url)).await);
    for w in 0..WRITERS {
        store
            .create_stream(&format!("s{w}"), Vec::new())
            .await
            .unwrap();
    }
    let tasks: Vec<_> = (0..WRITERS)
        .map(|w| {
            let store = Arc::clone(&store);
            tokio::spawn(async move {
                for i in 0..5u64 {
                    store
                        .append(req(&format!("s{w}"), &format!("c{i}"), Some(i), &["e"]))
                        .await
                        .unwrap();
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let (groups, appends) = store.group_stats();
    assert_eq!(appends, 5 * WRITERS as u64);
    assert!(
        groups * 4 <= appends,
        "{appends} appends in {groups} transactions"
    );
}

/// The schema is versioned: opening again keeps it, and a database migrated by a newer build is refused
/// with a message that says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_schema_version_is_refused() {
    let url = cluster().create_database().await;
    drop(open(PgConfig::new(&url)).await);
    drop(open(PgConfig::new(&url)).await);
    let db = raw(&url).await;
    let version: i32 = db
        .query_one("SELECT version FROM hexfold.schema_version", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(version, SCHEMA_VERSION);
    db.execute(
        "UPDATE hexfold.schema_version SET version = $1",
        &[&(SCHEMA_VERSION + 1)],
    )
    .await
    .unwrap();
    match PgStore::open(PgConfig::new(&url)).await {
        Err(StoreError::Io(msg)) => assert!(msg.contains("newer than this build"), "{msg}"),
        Err(other) => panic!("expected Io, got {other:?}"),
        Ok(_) => panic!("a newer schema was opened"),
    }
}

/// Names and command ids are any Rust string, NUL included, and list in byte order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_and_ids_may_hold_any_character() {
    let url = cluster().create_database().await;
    let store = open(PgConfig::new(&url)).await;
    for name in ["a\0b", "a", "é", "Z"] {
        store.create_stream(name, Vec::new()).await.unwrap();
    }
    let r = store
        .append(req("a\0b", "id\0", None, &["e"]))
        .await
        .unwrap();
    assert!(
        store
            .append(req("a\0b", "id\0", None, &["e"]))
            .await
            .unwrap()
            .duplicate
    );
    assert!(
        !store
            .append(req("a\0b", "id", None, &["e"]))
            .await
            .unwrap()
            .duplicate
    );
    let found = store.find_command("a\0b", "id\0").await.unwrap().unwrap();
    assert_eq!(
        (found.command_id.as_str(), found.first_version),
        ("id\0", r.first_version)
    );
    let names: Vec<String> = store
        .list_streams(None, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.name)
        .collect();
    assert_eq!(names, ["Z", "a", "a\0b", "é"]);
    assert_eq!(store.read_global(1, 10).await.unwrap()[0].stream, "a\0b");
}

/// A statement that cannot finish (here: a stream row locked by another connection) is cancelled by the
/// server after the store's timeout, and the append fails with Unavailable instead of hanging; once the
/// lock is gone the retry with the same command id goes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blocked_append_is_unavailable_after_the_timeout() {
    let url = cluster().create_database().await;
    let store = open(PgConfig {
        timeout: Duration::from_millis(300),
        ..PgConfig::new(&url)
    })
    .await;
    store.create_stream("g", Vec::new()).await.unwrap();
    let mut lock = raw(&url).await;
    let holder = lock.transaction().await.unwrap();
    holder
        .execute("SELECT 1 FROM hexfold.streams FOR UPDATE", &[])
        .await
        .unwrap();
    let started = Instant::now();
    let blocked = store.append(req("g", "c1", Some(0), &["e"])).await;
    assert!(
        matches!(blocked, Err(StoreError::Unavailable(_))),
        "{blocked:?}"
    );
    assert!(started.elapsed() < PATIENCE);
    holder.rollback().await.unwrap();
    let r = store.append(req("g", "c1", Some(0), &["e"])).await.unwrap();
    assert_eq!((r.first_version, r.duplicate), (1, false));
}

/// The database's server ends every connection of the stores (as a restart of PostgreSQL would): calls
/// fail with Unavailable or succeed, never hang; the writer, the pool and the listener reconnect; a
/// retried append is applied once; and a follower on the cut store is woken by another store's append
/// again.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn lost_connections_are_unavailable_and_the_store_reconnects() {
    let url = cluster().create_database().await;
    let cut = Arc::new(open(PgConfig::new(&url)).await);
    let other = open(PgConfig::new(&url)).await;
    cut.create_stream("g", Vec::new()).await.unwrap();
    cut.append(req("g", "c1", Some(0), &["e1"])).await.unwrap();
    assert_eq!(cut.head("g").await.unwrap(), 1);

    let killed: i64 = raw(&url)
        .await
        .query_one(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(killed >= 3, "{killed} connections ended");

    // The first calls may meet the dead connections: Unavailable, never anything else, never a hang.
    let mut applied = None;
    for _ in 0..5 {
        match cut.append(req("g", "c2", Some(1), &["e2"])).await {
            Ok(r) => {
                applied = Some(r);
                break;
            }
            Err(StoreError::Unavailable(_)) => {}
            Err(other) => panic!("expected Unavailable, got {other:?}"),
        }
    }
    let applied = applied.expect("the writer reconnected");
    assert_eq!(applied.first_version, 2);
    let mut head = None;
    for _ in 0..20 {
        match cut.head("g").await {
            Ok(h) => {
                head = Some(h);
                break;
            }
            Err(StoreError::Unavailable(_)) => {}
            Err(other) => panic!("expected Unavailable, got {other:?}"),
        }
    }
    assert_eq!(head, Some(2), "the pool reconnected");

    // The listener reconnected too: another store's append wakes a follower of the cut store.
    let mut watch = cut.watch_position();
    let before = watch.current();
    other.create_stream("h", Vec::new()).await.unwrap();
    let r = other.append(req("h", "c1", None, &["x"])).await.unwrap();
    let woken = tokio::time::timeout(PATIENCE, watch.wait_past(before))
        .await
        .expect("woken after the reconnect")
        .unwrap();
    assert!(woken >= r.first_global);
    let heads: BTreeMap<String, u64> = cut
        .list_streams(None, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|l| (l.name, l.head))
        .collect();
    assert_eq!(heads, BTreeMap::from([("g".into(), 2), ("h".into(), 1)]));
}

/// A server that cannot be reached is Unavailable at open, within the connect timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_server_is_unavailable_at_open() {
    // An empty directory: a socket path where no server listens.
    let nowhere = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let result = PgStore::open(PgConfig {
        connect_timeout: Duration::from_secs(1),
        ..PgConfig::new(format!(
            "postgres://postgres@/db?host={}&port=5432",
            nowhere.path().display()
        ))
    })
    .await;
    assert!(
        matches!(result, Err(StoreError::Unavailable(_))),
        "{:?}",
        result.err()
    );
    assert!(started.elapsed() < PATIENCE);
}

/// Every statement of the store looks rows up by key, whatever the tables' statistics say. On a new
/// database the prepared statements are planned on near-empty tables that autovacuum has not analyzed yet,
/// and their generic plans are kept from the sixth run on; planned that way the group's update of its
/// streams scanned `streams` whole, and its lookup of command ids could scan `commands` (see `PLANNER` in
/// `src/lib.rs`). Here, groups and reads well past the sixth run of each statement scan no table of events,
/// commands, streams or snapshots whole (PostgreSQL counts the sequential scans of every table).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn statements_on_a_new_database_scan_no_table_whole() {
    let url = cluster().create_database().await;
    // The migration builds each table's indexes, which scans the table: counted before.
    drop(open(PgConfig::new(&url)).await);
    let db = raw(&url).await;
    let migrated = sequential_scans(&db).await;
    let store = open(PgConfig::new(&url)).await;
    let streams: Vec<String> = (0..8).map(|i| format!("stream {i}")).collect();
    for name in &streams {
        store.create_stream(name, b"meta".to_vec()).await.unwrap();
    }
    for round in 0..12u64 {
        // One append per stream at once, so that groups hold several.
        let mut appends = tokio::task::JoinSet::new();
        for name in &streams {
            let (store, name) = (store.clone(), name.clone());
            appends.spawn(async move {
                let id = format!("command {round}");
                store.append(req(&name, &id, Some(round), &["e"])).await
            });
        }
        while let Some(appended) = appends.join_next().await {
            appended.unwrap().unwrap();
        }
        let name = &streams[round as usize % streams.len()];
        assert_eq!(store.head(name).await.unwrap(), round + 1);
        assert!(store
            .find_command(name, "command 0")
            .await
            .unwrap()
            .is_some());
        assert_eq!(
            store.read(name, 1, round + 1).await.unwrap().len() as u64,
            round + 1
        );
        assert!(!store.read_global(1, 4).await.unwrap().is_empty());
    }
    drop(store);
    assert_eq!(sequential_scans(&db).await, migrated);
}

/// The sequential scans PostgreSQL counted on each table of the store, once the store's connections are gone
/// (a backend hands its counts over as it exits).
async fn sequential_scans(db: &tokio_postgres::Client) -> Vec<(String, i64)> {
    until("the store's connections closed", || async {
        let others: i64 = db
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
                &[],
            )
            .await
            .unwrap()
            .get(0);
        others == 0
    })
    .await;
    let rows = db
        .query(
            "SELECT relname::text, seq_scan FROM pg_stat_user_tables
             WHERE schemaname = 'hexfold' AND relname IN ('events', 'commands', 'streams', 'snapshots')
             ORDER BY relname",
            &[],
        )
        .await
        .unwrap();
    let scans: Vec<(String, i64)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(scans.len(), 4, "{scans:?}");
    scans
}

/// The store reports itself unreachable (`watch_writable`, the server's readiness) once PostgreSQL is stopped,
/// and reachable again once it is started: polled until a deadline, never slept on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reachability_follows_a_stopped_and_restarted_database() {
    let mut cluster = hexfold_postgres::test_support::PrivateCluster::start();
    let url = cluster.cluster().create_database().await;
    let mut config = PgConfig::new(url);
    config.probe_every = Duration::from_millis(50);
    config.timeout = Duration::from_secs(2);
    config.connect_timeout = Duration::from_secs(1);
    let store = open(config).await;
    store.create_stream("g", Vec::new()).await.unwrap();
    let mut reachable = store.watch_writable();
    assert!(*reachable.borrow_and_update());

    let mut cluster = tokio::task::spawn_blocking(move || {
        cluster.stop();
        cluster
    })
    .await
    .unwrap();
    tokio::time::timeout(PATIENCE, reachable.wait_for(|r| !*r))
        .await
        .expect("reported unreachable in time")
        .unwrap();
    match store.append(req("g", "c1", Some(0), &["e1"])).await {
        Err(StoreError::Unavailable(_)) => {}
        other => panic!("expected Unavailable, got {other:?}"),
    }

    let _cluster = tokio::task::spawn_blocking(move || {
        cluster.restart();
        cluster
    })
    .await
    .unwrap();
    tokio::time::timeout(PATIENCE, reachable.wait_for(|r| *r))
        .await
        .expect("reported reachable again in time")
        .unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1"]))
        .await
        .unwrap();
}

/// A store with two streams: `g` with three appends (one carrying a summary and a snapshot) and `h` with one.
async fn two_streams(url: &str) -> PgStore {
    let store = open(PgConfig::new(url)).await;
    for name in ["g", "h"] {
        store.create_stream(name, b"meta".to_vec()).await.unwrap();
    }
    for (i, id) in ["c1", "c2", "c3"].into_iter().enumerate() {
        let mut r = req("g", id, Some(i as u64), &[id]);
        if i == 1 {
            r.summary = Some(b"summary".to_vec());
            r.snapshots = vec![(2, b"snapshot".to_vec())];
        }
        store.append(r).await.unwrap();
    }
    store
        .append(req("h", "d1", Some(0), &["d1"]))
        .await
        .unwrap();
    store
}

fn is_corrupt<T: std::fmt::Debug>(what: &str, result: Result<T, StoreError>) {
    assert!(
        matches!(result, Err(StoreError::Corrupt(_))),
        "{what}: expected Corrupt, got {result:?}"
    );
}

/// A database of schema version 1 (no seals) is migrated at open: every existing row is sealed, and reads the
/// same as before; a second open finds nothing to do.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_is_sealed_at_migration() {
    let url = cluster().create_database().await;
    let store = two_streams(&url).await;
    let before = check_consistent(&store).await;
    let commands = store.commands("g").await.unwrap();
    drop(store);
    // Back to version 1, as a build of that version left it.
    raw(&url)
        .await
        .batch_execute(
            "ALTER TABLE hexfold.streams DROP COLUMN seal, DROP COLUMN meta_seal, DROP COLUMN summary_seal;
             ALTER TABLE hexfold.commands DROP COLUMN seal;
             ALTER TABLE hexfold.snapshots DROP COLUMN seal;
             DROP FUNCTION hexfold.seal(bytea);
             DROP FUNCTION hexfold.part(bytea);
             UPDATE hexfold.schema_version SET version = 1;",
        )
        .await
        .unwrap();
    let store = open(PgConfig::new(&url)).await;
    assert_eq!(check_consistent(&store).await, before);
    assert_eq!(store.commands("g").await.unwrap(), commands);
    assert_eq!(
        store.snapshot_at_or_before("g", 3).await.unwrap(),
        Some((2, b"snapshot".to_vec()))
    );
    assert_eq!(store.meta("g").await.unwrap(), b"meta".to_vec());
    let version: i32 = raw(&url)
        .await
        .query_one("SELECT version FROM hexfold.schema_version", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(version, SCHEMA_VERSION);
    assert!(hexfold_postgres::check(&PgConfig::new(&url))
        .await
        .unwrap()
        .is_intact());
    store
        .append(req("g", "c4", Some(3), &["c4"]))
        .await
        .unwrap();
}

/// Damage each read meets even where a seal was made to fit: a head and count set back with their seal
/// recomputed leave rows past them, which reads, commands and the next append find; a command row gone or
/// changed; a snapshot changed; a counter set back (refused at open). `check` names every one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rows_that_disagree_are_corrupt_even_under_a_fitting_seal_and_check_names_them() {
    let url = cluster().create_database().await;
    let store = two_streams(&url).await;
    let db = raw(&url).await;
    db.batch_execute(
        "UPDATE hexfold.streams SET head = head - 1, commands = commands - 1,
             seal = hexfold.seal(hexfold.part(name) || int8send(head - 1) || int8send(commands - 1))
         WHERE name = '\\x67'::bytea;
         UPDATE hexfold.snapshots SET bytes = '\\x00'::bytea;",
    )
    .await
    .unwrap();
    is_corrupt("read past the head", store.read("g", 1, u64::MAX).await);
    is_corrupt("commands", store.commands("g").await);
    is_corrupt("last_commands", store.last_commands("g", 10).await);
    is_corrupt(
        "the next append",
        store.append(req("g", "c9", None, &["x"])).await,
    );
    is_corrupt("snapshot", store.snapshot_at_or_before("g", 3).await);
    assert_eq!(store.read("g", 1, 2).await.unwrap().len(), 2);

    db.batch_execute(
        "DELETE FROM hexfold.commands WHERE stream = '\\x68'::bytea;
         UPDATE hexfold.global_position SET position = position - 1;",
    )
    .await
    .unwrap();
    is_corrupt("a command gone", store.commands("h").await);
    is_corrupt("a command gone, newest", store.last_commands("h", 1).await);
    drop(store);
    is_corrupt(
        "open with the counter set back",
        PgStore::open(PgConfig::new(&url)).await.map(drop),
    );

    let report = hexfold_postgres::check(&PgConfig::new(&url)).await.unwrap();
    let problems = report.problems.join("\n");
    for named in [
        "global counter",
        "event g@3 is past",
        "snapshot g@2",
        "command 1 of h",
    ] {
        assert!(
            problems.contains(named),
            "{named} missing from:\n{problems}"
        );
    }
}

/// An event row deleted before the stream's newest snapshot, which a read from that snapshot never meets: the
/// head counts the rows against itself, so the stream's head is corrupt (a server loading the game refuses it
/// with DATA_LOSS instead of folding the snapshot and the events after it), and a listing names it damaged
/// (`ListGames`, the start's resume scan) while the other stream lists whole. An extra row past the head is
/// counted the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_row_gone_before_the_newest_snapshot_makes_the_head_corrupt() {
    let url = cluster().create_database().await;
    let store = two_streams(&url).await;
    let db = raw(&url).await;
    db.batch_execute("DELETE FROM hexfold.events WHERE stream = '\\x67'::bytea AND version = 1")
        .await
        .unwrap();
    // The snapshot at 2 and the event after it are intact: a fold from them would look whole.
    assert!(store.snapshot_at_or_before("g", 3).await.unwrap().is_some());
    assert_eq!(store.read("g", 3, 3).await.unwrap().len(), 1);
    is_corrupt("head", store.head("g").await);
    let listed = store.list_streams(None, 10).await.unwrap();
    let marks: Vec<(&str, bool)> = listed
        .iter()
        .map(|l| (l.name.as_str(), l.damaged.is_some()))
        .collect();
    assert_eq!(marks, [("g", true), ("h", false)]);
    assert_eq!(store.head("h").await.unwrap(), 1);

    // An extra row past the head of the other stream.
    db.batch_execute(
        "INSERT INTO hexfold.events (stream, version, global, payload, checksum)
         SELECT stream, version + 1, global + 100, payload, checksum FROM hexfold.events
         WHERE stream = '\\x68'::bytea",
    )
    .await
    .unwrap();
    is_corrupt("head with a row past it", store.head("h").await);
}

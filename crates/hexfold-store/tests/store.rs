//! The store through its public API on a real temporary directory.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use hexfold_store::{
    AppendRequest, Appended, Durability, Store, StoreConfig, StoreError, MAX_COMMAND_ID_BYTES,
    MAX_EVENT_BYTES,
};

fn open(dir: &Path) -> Store {
    Store::open(dir, StoreConfig::default()).expect("open store")
}

fn req(stream: &str, id: &str, expected: Option<u64>, events: &[&str]) -> AppendRequest {
    AppendRequest {
        stream: stream.into(),
        expected_version: expected,
        command_id: id.into(),
        command: format!("command {id}").into_bytes(),
        events: events.iter().map(|e| e.as_bytes().to_vec()).collect(),
        summary: None,
        snapshots: Vec::new(),
    }
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

/// Checks the invariants every store must hold: per-stream versions gapless from 1, global positions
/// gapless from 1, both views agreeing, and every command's range matching its events.
fn check_consistent(store: &Store) -> (usize, BTreeMap<String, u64>) {
    let mut heads = BTreeMap::new();
    let mut by_global = BTreeMap::new();
    for listing in store.list_streams(None, 1000).unwrap() {
        let name = listing.name;
        let head = store.head(&name).unwrap();
        assert_eq!(listing.head, head, "stream {name}: the listing's head");
        let events = store.read(&name, 0, u64::MAX).unwrap();
        let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
        assert_eq!(versions, (1..=head).collect::<Vec<_>>(), "stream {name}");
        for e in events {
            assert!(by_global
                .insert(e.global, (name.clone(), e.version, e.payload))
                .is_none());
        }
        let mut next = 1;
        for c in store.commands(&name).unwrap() {
            assert_eq!(
                c.first_version, next,
                "stream {name} command {}",
                c.command_id
            );
            next = c.last_version + 1;
        }
        assert_eq!(next, head + 1, "stream {name}: commands cover the events");
        heads.insert(name, head);
    }
    // Page through the global order in uneven pages to exercise starting inside an append.
    let mut global = Vec::new();
    loop {
        let page = store.read_global(global.len() as u64 + 1, 997).unwrap();
        if page.is_empty() {
            break;
        }
        global.extend(page);
    }
    assert_eq!(global.len(), by_global.len());
    for (i, g) in global.iter().enumerate() {
        assert_eq!(g.global, i as u64 + 1, "global positions are gapless");
        assert_eq!(
            by_global[&g.global],
            (g.stream.clone(), g.version, g.payload.clone())
        );
    }
    assert_eq!(*store.durable_position().borrow(), global.len() as u64);
    (global.len(), heads)
}

#[tokio::test]
async fn versions_and_global_positions_are_gapless_across_streams() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("a", b"meta-a".to_vec()).await.unwrap();
    store.create_stream("b", b"meta-b".to_vec()).await.unwrap();
    assert_eq!(store.head("a").unwrap(), 0);

    let r = store
        .append(req("a", "a1", Some(0), &["a-e1", "a-e2"]))
        .await
        .unwrap();
    assert_eq!(
        r,
        Appended {
            first_version: 1,
            last_version: 2,
            first_global: 1,
            duplicate: false
        }
    );
    let r = store
        .append(req("b", "b1", Some(0), &["b-e1"]))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.last_version, r.first_global), (1, 1, 3));
    let r = store
        .append(req("a", "a2", Some(2), &["a-e3"]))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.last_version, r.first_global), (3, 3, 4));

    let global: Vec<(u64, String, u64, Vec<u8>)> = store
        .read_global(1, 100)
        .unwrap()
        .into_iter()
        .map(|g| (g.global, g.stream, g.version, g.payload))
        .collect();
    assert_eq!(
        global,
        vec![
            (1, "a".into(), 1, b"a-e1".to_vec()),
            (2, "a".into(), 2, b"a-e2".to_vec()),
            (3, "b".into(), 1, b"b-e1".to_vec()),
            (4, "a".into(), 3, b"a-e3".to_vec()),
        ]
    );
    assert_eq!(store.read_global(3, 1).unwrap()[0].stream, "b");
    assert!(store.read_global(5, 10).unwrap().is_empty());
    assert_eq!(store.meta("b").unwrap(), b"meta-b".to_vec());
    check_consistent(&store);
}

#[tokio::test]
async fn a_version_conflict_is_typed_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1", "e2"]))
        .await
        .unwrap();
    let err = store
        .append(req("g", "c2", Some(1), &["x"]))
        .await
        .unwrap_err();
    assert_eq!(
        err,
        StoreError::Conflict {
            expected: 1,
            actual: 2
        }
    );
    assert_eq!(
        err.to_string(),
        "version conflict: expected version 1, stream is at 2"
    );
    assert_eq!(store.head("g").unwrap(), 2);
    assert_eq!(store.commands("g").unwrap().len(), 1);
    // The refused command id was not recorded: it can be used once the client has caught up.
    let r = store.append(req("g", "c2", Some(2), &["x"])).await.unwrap();
    assert_eq!((r.first_version, r.duplicate), (3, false));
    // No expected version means "append at whatever the head is".
    let r = store.append(req("g", "c3", None, &["y"])).await.unwrap();
    assert_eq!(r.first_version, 4);
}

#[tokio::test]
async fn a_repeated_command_id_returns_the_original_result_even_after_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let original = {
        let store = open(dir.path());
        store.create_stream("g", Vec::new()).await.unwrap();
        store.create_stream("h", Vec::new()).await.unwrap();
        let original = store
            .append(req("g", "c1", Some(0), &["e1", "e2"]))
            .await
            .unwrap();
        // Checked before the version check: the stale expected version does not matter.
        let again = store
            .append(req("g", "c1", Some(0), &["e1", "e2"]))
            .await
            .unwrap();
        assert_eq!(
            again,
            Appended {
                duplicate: true,
                ..original
            }
        );
        // Command ids are per stream.
        let other = store
            .append(req("h", "c1", Some(0), &["h1"]))
            .await
            .unwrap();
        assert!(!other.duplicate);
        original
    };
    let store = open(dir.path());
    let again = store
        .append(req("g", "c1", Some(7), &["different"]))
        .await
        .unwrap();
    assert_eq!(
        again,
        Appended {
            duplicate: true,
            ..original
        }
    );
    assert_eq!(store.head("g").unwrap(), 2);
    let commands = store.commands("g").unwrap();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0].command, b"command c1".to_vec());
    assert_eq!(
        (commands[0].first_version, commands[0].last_version),
        (1, 2)
    );
    check_consistent(&store);
}

#[tokio::test]
async fn a_command_is_found_by_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1", "e2"]))
        .await
        .unwrap();
    store.append(req("g", "noop", None, &[])).await.unwrap();
    store.append(req("g", "c2", None, &["e3"])).await.unwrap();
    let found = |id: &str| {
        store
            .find_command("g", id)
            .unwrap()
            .map(|c| (c.command_id, c.command, c.first_version, c.last_version))
    };
    assert_eq!(
        found("c1"),
        Some(("c1".into(), b"command c1".to_vec(), 1, 2))
    );
    assert_eq!(
        found("noop"),
        Some(("noop".into(), b"command noop".to_vec(), 3, 2))
    );
    assert_eq!(
        found("c2"),
        Some(("c2".into(), b"command c2".to_vec(), 3, 3))
    );
    assert_eq!(found("c3"), None);
    assert_eq!(store.find_command("nope", "c1"), Err(StoreError::NotFound));
}

#[tokio::test]
async fn an_append_without_events_records_the_command_only() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1"]))
        .await
        .unwrap();
    let empty = store.append(req("g", "noop", Some(1), &[])).await.unwrap();
    assert_eq!(
        empty,
        Appended {
            first_version: 2,
            last_version: 1,
            first_global: 2,
            duplicate: false
        }
    );
    assert_eq!(store.head("g").unwrap(), 1);
    let again = store.append(req("g", "noop", Some(1), &[])).await.unwrap();
    assert!(again.duplicate);
    let r = store
        .append(req("g", "c2", Some(1), &["e2"]))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.first_global), (2, 2));
    let ids: Vec<String> = store
        .commands("g")
        .unwrap()
        .into_iter()
        .map(|c| c.command_id)
        .collect();
    assert_eq!(ids, ["c1", "noop", "c2"]);
    check_consistent(&store);
}

#[tokio::test]
async fn missing_and_existing_streams_are_typed() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    assert_eq!(store.head("nope"), Err(StoreError::NotFound));
    assert_eq!(store.meta("nope"), Err(StoreError::NotFound));
    assert_eq!(store.read("nope", 1, 5), Err(StoreError::NotFound));
    assert_eq!(store.commands("nope"), Err(StoreError::NotFound));
    assert_eq!(
        store.snapshot_at_or_before("nope", 5),
        Err(StoreError::NotFound)
    );
    assert_eq!(
        store.put_snapshot("nope", 0, Vec::new()),
        Err(StoreError::NotFound)
    );
    assert_eq!(
        store.append(req("nope", "c", None, &["e"])).await,
        Err(StoreError::NotFound)
    );
    store.create_stream("g", b"first".to_vec()).await.unwrap();
    assert_eq!(
        store.create_stream("g", b"second".to_vec()).await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(store.meta("g").unwrap(), b"first".to_vec());
}

#[tokio::test]
async fn limits_are_refused_with_typed_errors_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();

    let mut big = req("g", "big", None, &[]);
    big.events = vec![vec![7u8; MAX_EVENT_BYTES + 1]];
    let err = store.append(big).await.unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::TooLarge {
                what: "event (bytes)",
                ..
            }
        ),
        "{err:?}"
    );
    // The error names the sizes, not the payload.
    assert!(!err.to_string().contains("7, 7"));

    let mut many = req("g", "many", None, &[]);
    many.events = vec![vec![1u8; MAX_EVENT_BYTES]; 5];
    assert!(matches!(
        store.append(many).await,
        Err(StoreError::TooLarge {
            what: "append (bytes)",
            ..
        })
    ));

    let long_id = "x".repeat(MAX_COMMAND_ID_BYTES + 1);
    assert!(matches!(
        store.append(req("g", &long_id, None, &["e"])).await,
        Err(StoreError::TooLarge { .. })
    ));
    assert!(matches!(
        store.append(req("g", "", None, &["e"])).await,
        Err(StoreError::InvalidArgument(_))
    ));
    assert!(matches!(
        store.create_stream("", Vec::new()).await,
        Err(StoreError::InvalidArgument(_))
    ));
    assert!(matches!(
        store.create_stream(&"s".repeat(200), Vec::new()).await,
        Err(StoreError::TooLarge { .. })
    ));
    assert_eq!(store.head("g").unwrap(), 0);
    assert!(store.commands("g").unwrap().is_empty());

    // Exactly at the limits is fine.
    let mut edge = req("g", &"y".repeat(MAX_COMMAND_ID_BYTES), Some(0), &[]);
    edge.events = vec![vec![1u8; MAX_EVENT_BYTES]];
    assert_eq!(store.append(edge).await.unwrap().last_version, 1);
}

#[tokio::test]
async fn read_ranges_are_inclusive_and_clipped() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    for i in 1..=10u64 {
        let payload = format!("e{i}");
        store
            .append(req("g", &format!("c{i}"), Some(i - 1), &[payload.as_str()]))
            .await
            .unwrap();
    }
    let versions = |from, to| -> Vec<u64> {
        store
            .read("g", from, to)
            .unwrap()
            .into_iter()
            .map(|r| r.version)
            .collect()
    };
    assert_eq!(versions(3, 5), [3, 4, 5]);
    assert_eq!(versions(0, 2), [1, 2]);
    assert_eq!(versions(8, 100), [8, 9, 10]);
    assert_eq!(versions(5, 5), [5]);
    assert!(versions(6, 5).is_empty());
    assert!(versions(11, 20).is_empty());
    assert_eq!(store.read("g", 4, 4).unwrap()[0].payload, b"e4".to_vec());
}

#[tokio::test]
async fn snapshots_are_found_at_or_before_a_version_and_survive_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        store.create_stream("g", Vec::new()).await.unwrap();
        store.create_stream("g2", Vec::new()).await.unwrap();
        store
            .append(req("g", "c1", Some(0), &["1", "2", "3", "4", "5", "6"]))
            .await
            .unwrap();
        store
            .append(req("g2", "c1", Some(0), &["1", "2", "3"]))
            .await
            .unwrap();
        store.put_snapshot("g", 2, b"at-2".to_vec()).unwrap();
        store.put_snapshot("g", 5, b"at-5".to_vec()).unwrap();
        store.put_snapshot("g2", 3, b"other-3".to_vec()).unwrap();
        assert!(matches!(
            store.put_snapshot("g", 7, b"future".to_vec()),
            Err(StoreError::InvalidArgument(_))
        ));
        store.flush().await.unwrap();
    }
    let store = open(dir.path());
    assert_eq!(store.snapshot_at_or_before("g", 1).unwrap(), None);
    assert_eq!(
        store.snapshot_at_or_before("g", 2).unwrap(),
        Some((2, b"at-2".to_vec()))
    );
    assert_eq!(
        store.snapshot_at_or_before("g", 4).unwrap(),
        Some((2, b"at-2".to_vec()))
    );
    assert_eq!(
        store.snapshot_at_or_before("g", 99).unwrap(),
        Some((5, b"at-5".to_vec()))
    );
    assert_eq!(
        store.snapshot_at_or_before("g2", 99).unwrap(),
        Some((3, b"other-3".to_vec()))
    );
    // Overwriting a snapshot at the same version keeps the newest bytes.
    store.put_snapshot("g", 5, b"at-5-again".to_vec()).unwrap();
    assert_eq!(
        store.snapshot_at_or_before("g", 6).unwrap(),
        Some((5, b"at-5-again".to_vec()))
    );
}

#[tokio::test]
async fn snapshots_carried_by_an_append_are_stored_with_it_and_only_inside_its_range() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        store.create_stream("g", Vec::new()).await.unwrap();
        let mut first = req("g", "c1", Some(0), &["1", "2", "3"]);
        first.snapshots = vec![(2, b"at-2".to_vec()), (3, b"at-3".to_vec())];
        store.append(first).await.unwrap();
        // Versions 4 and 5: a snapshot at 3 (before the append) or 6 (past it) names a state this append did not
        // make, and is dropped; the one at 5 is kept.
        let mut second = req("g", "c2", None, &["4", "5"]);
        second.snapshots = vec![
            (3, b"stale".to_vec()),
            (5, b"at-5".to_vec()),
            (6, b"future".to_vec()),
        ];
        store.append(second).await.unwrap();
        // A repeated command writes nothing, its snapshots included.
        let mut again = req("g", "c2", None, &["4", "5"]);
        again.snapshots = vec![(5, b"repeat".to_vec())];
        assert!(store.append(again).await.unwrap().duplicate);
    }
    // Durable with the append: there after a reopen, without any flush of ours.
    let store = open(dir.path());
    assert_eq!(
        store.snapshot_at_or_before("g", 2).unwrap(),
        Some((2, b"at-2".to_vec()))
    );
    assert_eq!(
        store.snapshot_at_or_before("g", 4).unwrap(),
        Some((3, b"at-3".to_vec()))
    );
    assert_eq!(
        store.snapshot_at_or_before("g", 99).unwrap(),
        Some((5, b"at-5".to_vec()))
    );
    // Bounded like every other input.
    let mut huge = req("g", "c3", None, &["6"]);
    huge.snapshots = vec![(6, Vec::new()); hexfold_store::MAX_EVENTS_PER_APPEND + 1];
    assert!(matches!(
        store.append(huge).await,
        Err(StoreError::TooLarge { .. })
    ));
    assert_eq!(store.head("g").unwrap(), 5);
}

#[tokio::test]
async fn streams_are_listed_in_pages_with_their_latest_summary() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let names: Vec<String> = (0..25).map(|i| format!("game-{i:02}")).collect();
    for name in &names {
        store.create_stream(name, Vec::new()).await.unwrap();
    }
    let mut with_summary = req("game-03", "c1", None, &["e"]);
    with_summary.summary = Some(b"turn 1".to_vec());
    store.append(with_summary).await.unwrap();
    let mut newer = req("game-03", "c2", None, &["e"]);
    newer.summary = Some(b"turn 2".to_vec());
    store.append(newer).await.unwrap();
    // An append without a summary keeps the previous one.
    store
        .append(req("game-03", "c3", None, &["e"]))
        .await
        .unwrap();

    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let page = store.list_streams(after.as_deref(), 10).unwrap();
        if page.is_empty() {
            break;
        }
        assert!(page.len() <= 10);
        after = Some(page.last().unwrap().name.clone());
        seen.extend(page);
    }
    let seen_names: Vec<String> = seen.iter().map(|l| l.name.clone()).collect();
    assert_eq!(seen_names, names);
    for listing in &seen {
        let game_03 = listing.name == "game-03";
        let expected = game_03.then(|| b"turn 2".to_vec());
        assert_eq!(listing.summary, expected, "{}", listing.name);
        // The head is the durable version, whether or not the last append carried a summary.
        assert_eq!(
            listing.head,
            if game_03 { 3 } else { 0 },
            "{}",
            listing.name
        );
    }
    assert!(store.list_streams(Some("game-24"), 10).unwrap().is_empty());
    assert_eq!(
        store.list_streams(Some("game-1"), 1).unwrap()[0].name,
        "game-10"
    );
    assert!(store.list_streams(None, 0).unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_appends_are_all_durable_and_gapless() {
    concurrent_appends(Durability::Flush).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_appends_are_all_durable_and_gapless_in_fsync_mode() {
    concurrent_appends(Durability::Fsync).await;
}

async fn concurrent_appends(durability: Durability) {
    const STREAMS: usize = 8;
    const TASKS_PER_STREAM: usize = 6;
    const APPENDS_PER_TASK: usize = 15;
    let dir = tempfile::tempdir().unwrap();
    let config = StoreConfig { durability };
    let store = Store::open(dir.path(), config.clone()).unwrap();
    for s in 0..STREAMS {
        store
            .create_stream(&format!("s{s}"), Vec::new())
            .await
            .unwrap();
    }
    let mut tasks = Vec::new();
    for s in 0..STREAMS {
        for t in 0..TASKS_PER_STREAM {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let stream = format!("s{s}");
                let mut acked = Vec::new();
                for i in 0..APPENDS_PER_TASK {
                    let id = format!("t{t}-{i}");
                    let events = ["x"; 3][..1 + i % 3].to_vec();
                    let r = store
                        .append(req(&stream, &id, None, &events))
                        .await
                        .unwrap();
                    // Acknowledged means readable: read committed shows every acknowledged write.
                    assert!(store.head(&stream).unwrap() >= r.last_version);
                    let read = store
                        .read(&stream, r.first_version, r.last_version)
                        .unwrap();
                    assert_eq!(read.len(), events.len());
                    assert_eq!(read[0].global, r.first_global);
                    acked.push((stream.clone(), id, r));
                }
                acked
            }));
        }
    }
    let mut acked = Vec::new();
    for task in tasks {
        acked.extend(task.await.unwrap());
    }
    let (total, heads) = check_consistent(&store);
    let expected_per_stream: u64 =
        (0..APPENDS_PER_TASK as u64).map(|i| 1 + i % 3).sum::<u64>() * TASKS_PER_STREAM as u64;
    assert!(
        heads.values().all(|&h| h == expected_per_stream),
        "{heads:?}"
    );
    assert_eq!(total as u64, expected_per_stream * STREAMS as u64);
    let globals: HashSet<u64> = acked.iter().map(|(_, _, r)| r.first_global).collect();
    assert_eq!(
        globals.len(),
        acked.len(),
        "no two appends share a global position"
    );

    // Everything acknowledged is there after a reopen, with the same positions.
    drop(store);
    let store = Store::open(dir.path(), config).unwrap();
    assert_eq!(check_consistent(&store), (total, heads));
    for (stream, id, r) in acked {
        let again = store
            .append(req(&stream, &id, Some(0), &["ignored"]))
            .await
            .unwrap();
        assert_eq!(
            again,
            Appended {
                duplicate: true,
                ..r
            }
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_appends_with_the_same_expected_version_have_one_winner() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "first", Some(0), &["e"]))
        .await
        .unwrap();
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .append(req("g", &format!("c{i}"), Some(1), &["e"]))
                    .await
            })
        })
        .collect();
    let mut wins = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(r) => {
                wins += 1;
                assert_eq!(r.first_version, 2);
            }
            Err(StoreError::Conflict {
                expected: 1,
                actual: 2,
            }) => {}
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(wins, 1);
    assert_eq!(store.head("g").unwrap(), 2);
}

#[tokio::test]
async fn reopen_recovers_heads_and_the_global_counter() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        store.create_stream("a", b"A".to_vec()).await.unwrap();
        store.create_stream("b", b"B".to_vec()).await.unwrap();
        store
            .append(req("a", "1", Some(0), &["a1", "a2"]))
            .await
            .unwrap();
        store.append(req("b", "1", Some(0), &["b1"])).await.unwrap();
    }
    let store = open(dir.path());
    assert_eq!(store.head("a").unwrap(), 2);
    assert_eq!(store.head("b").unwrap(), 1);
    assert_eq!(*store.durable_position().borrow(), 3);
    assert_eq!(store.meta("a").unwrap(), b"A".to_vec());
    assert_eq!(
        store.append(req("a", "2", Some(0), &["x"])).await,
        Err(StoreError::Conflict {
            expected: 0,
            actual: 2
        })
    );
    let r = store.append(req("b", "2", Some(1), &["b2"])).await.unwrap();
    assert_eq!((r.first_version, r.first_global), (2, 4));
    check_consistent(&store);
}

#[tokio::test]
async fn fsync_mode_acknowledges_and_recovers_like_flush_mode() {
    let dir = tempfile::tempdir().unwrap();
    let config = StoreConfig {
        durability: Durability::Fsync,
    };
    {
        let store = Store::open(dir.path(), config.clone()).unwrap();
        store.create_stream("g", Vec::new()).await.unwrap();
        store
            .append(req("g", "c1", Some(0), &["e1", "e2"]))
            .await
            .unwrap();
        store.flush().await.unwrap();
    }
    let store = Store::open(dir.path(), config).unwrap();
    assert_eq!(store.head("g").unwrap(), 2);
    check_consistent(&store);
}

#[tokio::test]
async fn the_durable_position_wakes_subscribers() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    let mut position = store.durable_position();
    assert_eq!(*position.borrow_and_update(), 0);
    let writer = store.clone();
    let task =
        tokio::spawn(async move { writer.append(req("g", "c1", None, &["e1", "e2"])).await });
    position.wait_for(|&p| p >= 2).await.unwrap();
    assert_eq!(store.read_global(1, 10).unwrap().len(), 2);
    task.await.unwrap().unwrap();
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
    {
        // Appends are the keys starting with 'A' (see the layout in codec.rs); give the second one a
        // format byte no version of this code wrote.
        let db = raw_sled(dir.path());
        let (key, value) = db.scan_prefix(b"A").nth(1).unwrap().unwrap();
        let mut value = value.to_vec();
        value[0] = 0xEE;
        db.insert(key, value).unwrap();
        db.flush().unwrap();
    }
    // The last append is damaged, so reopening (which reads it to recover the global counter) refuses.
    match Store::open(dir.path(), StoreConfig::default()) {
        Err(StoreError::Corrupt(msg)) => assert!(msg.contains("format"), "{msg}"),
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a store whose last append is damaged"),
    }
}

#[tokio::test]
async fn a_damaged_older_record_is_corrupt_when_read_after_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        store.create_stream("g", Vec::new()).await.unwrap();
        store
            .append(req("g", "c1", Some(0), &["e1"]))
            .await
            .unwrap();
        store
            .append(req("g", "c2", Some(1), &["e2"]))
            .await
            .unwrap();
        store
            .append(req("g", "c3", Some(2), &["e3"]))
            .await
            .unwrap();
    }
    {
        let db = raw_sled(dir.path());
        let (key, value) = db.scan_prefix(b"A").nth(1).unwrap().unwrap();
        let mut value = value.to_vec();
        value[0] = 0xEE;
        db.insert(key, value).unwrap();
        db.flush().unwrap();
    }
    let store = open(dir.path());
    assert_eq!(store.read("g", 1, 1).unwrap().len(), 1);
    match store.read("g", 1, 3) {
        Err(StoreError::Corrupt(msg)) => assert!(msg.contains("format"), "{msg}"),
        other => panic!("expected Corrupt, got {other:?}"),
    }
    assert!(matches!(
        store.read_global(1, 10),
        Err(StoreError::Corrupt(_))
    ));
    assert_eq!(store.read("g", 3, 3).unwrap()[0].payload, b"e3".to_vec());
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
                let store = store.clone();
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
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = open(dir);
        let (total, _) = check_consistent(&store);
        let acked_events: u64 = acked
            .iter()
            .map(|(_, _, r)| r.last_version - r.first_version + 1)
            .sum();
        assert!(total as u64 >= acked_events);
        for (stream, id, r) in acked {
            let events = store.read(stream, r.first_version, r.last_version).unwrap();
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

//! Tests that need the store's internals: holding the flush, injecting a flush failure, damaging records.

use std::sync::atomic::Ordering;

use super::*;

fn open(dir: &Path) -> Store {
    Store::open(dir, StoreConfig::default()).expect("open store")
}

fn req(
    stream: &str,
    id: &str,
    expected: Option<u64>,
    events: &[&str],
    summary: Option<&str>,
) -> AppendRequest {
    AppendRequest {
        stream: stream.into(),
        expected_version: expected,
        command_id: id.into(),
        command: format!("cmd-{id}").into_bytes(),
        events: events.iter().map(|e| e.as_bytes().to_vec()).collect(),
        summary: summary.map(|s| s.as_bytes().to_vec()),
    }
}

/// Lets `n` more flushes complete (`None`: any number).
fn set_gate(store: &Store, n: Option<u64>) {
    *store.inner.shared.gate.lock().unwrap() = n;
    store.inner.shared.gate_changed.notify_all();
}

/// Waits until the log thread has applied writes up to `txn` to sled.
async fn applied(store: &Store, txn: u64) {
    let mut applied = store.inner.shared.applied.subscribe();
    applied.wait_for(|&t| t >= txn).await.unwrap();
}

#[tokio::test]
async fn writes_stay_invisible_until_their_flush_completes() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", b"meta".to_vec()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1"], Some("s1")))
        .await
        .unwrap();

    set_gate(&store, Some(0));
    let base = store.durable().txn;
    let writer = store.clone();
    let c2 = tokio::spawn(async move {
        writer
            .append(req("g", "c2", Some(1), &["e2", "e3"], Some("s2")))
            .await
    });
    applied(&store, base + 1).await;

    // In sled, not durable: every read answers as before the write.
    assert_eq!(store.head("g").unwrap(), 1);
    assert_eq!(store.read("g", 1, 10).unwrap().len(), 1);
    assert_eq!(store.read_global(1, 100).unwrap().len(), 1);
    assert_eq!(store.commands("g").unwrap().len(), 1);
    assert_eq!(
        store.list_streams(None, 10).unwrap(),
        vec![("g".to_string(), Some(b"s1".to_vec()))]
    );
    assert_eq!(*store.durable_position().borrow(), 1);
    assert!(matches!(
        store.put_snapshot("g", 3, b"snap".to_vec()),
        Err(StoreError::InvalidArgument(_))
    ));
    // Queued behind the pending write: a stale expected version, and a duplicate of the pending command.
    let writer = store.clone();
    let stale =
        tokio::spawn(async move { writer.append(req("g", "c3", Some(1), &["x"], None)).await });
    let writer = store.clone();
    let dup = tokio::spawn(async move {
        writer
            .append(req("g", "c2", Some(1), &["e2", "e3"], None))
            .await
    });

    set_gate(&store, None);
    let c2 = c2.await.unwrap().unwrap();
    assert_eq!(
        (c2.first_version, c2.last_version, c2.duplicate),
        (2, 3, false)
    );
    // The version check sees the written head, so a racing writer cannot reuse version 2.
    assert_eq!(
        stale.await.unwrap(),
        Err(StoreError::Conflict {
            expected: 1,
            actual: 3
        })
    );
    assert_eq!(
        dup.await.unwrap().unwrap(),
        Appended {
            duplicate: true,
            ..c2
        }
    );
    assert_eq!(store.head("g").unwrap(), 3);
    assert_eq!(store.read("g", 1, 10).unwrap().len(), 3);
    assert_eq!(store.commands("g").unwrap().len(), 2);
    assert_eq!(*store.durable_position().borrow(), 3);

    // A stream creation is invisible the same way.
    set_gate(&store, Some(0));
    let base = store.durable().txn;
    let writer = store.clone();
    let h = tokio::spawn(async move { writer.create_stream("h", b"meta-h".to_vec()).await });
    applied(&store, base + 1).await;
    assert_eq!(store.meta("h"), Err(StoreError::NotFound));
    assert_eq!(store.head("h"), Err(StoreError::NotFound));
    assert_eq!(store.list_streams(None, 10).unwrap().len(), 1);
    set_gate(&store, None);
    h.await.unwrap().unwrap();
    assert_eq!(store.meta("h").unwrap(), b"meta-h".to_vec());
    assert_eq!(
        store.list_streams(None, 10).unwrap(),
        vec![
            ("g".to_string(), Some(b"s2".to_vec())),
            ("h".to_string(), None)
        ]
    );
}

#[tokio::test]
async fn two_summaries_in_one_group_fall_back_to_the_durable_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", None, &["e"], Some("s1")))
        .await
        .unwrap();

    set_gate(&store, Some(0));
    let base = store.durable().txn;
    let writer = store.clone();
    let c2 = tokio::spawn(async move {
        writer
            .append(req("g", "c2", None, &["e"], Some("s2")))
            .await
    });
    applied(&store, base + 1).await;
    // Queue two more while c2's flush is held, so they form the next group together.
    let mut outcomes = Vec::new();
    for (id, summary) in [("c3", "s3"), ("c4", "s4")] {
        let permit = Arc::clone(&store.inner.shared.permits)
            .acquire_many_owned(1)
            .await
            .unwrap();
        let (reply, outcome) = oneshot::channel();
        let request = Request::Append {
            req: req("g", id, None, &["e"], Some(summary)),
            reply,
            _permit: permit,
        };
        store.inner.shared.submit(request).unwrap();
        outcomes.push(outcome);
    }
    assert_eq!(
        store.list_streams(None, 1).unwrap()[0].1,
        Some(b"s1".to_vec())
    );

    // Let c2's flush complete; the next group (c3 and c4) is applied and held.
    set_gate(&store, Some(1));
    c2.await.unwrap().unwrap();
    applied(&store, base + 3).await;
    assert_eq!(
        store.list_streams(None, 1).unwrap()[0].1,
        Some(b"s2".to_vec())
    );

    set_gate(&store, None);
    for outcome in outcomes {
        outcome.await.unwrap().unwrap();
    }
    assert_eq!(
        store.list_streams(None, 1).unwrap()[0].1,
        Some(b"s4".to_vec())
    );
    assert_eq!(store.head("g").unwrap(), 4);
}

#[tokio::test]
async fn a_failed_flush_fails_the_waiting_append_and_poisons_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1"], None))
        .await
        .unwrap();

    store
        .inner
        .shared
        .fail_next_flush
        .store(true, Ordering::SeqCst);
    let err = store
        .append(req("g", "c2", Some(1), &["e2"], None))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Io(_)), "{err:?}");

    // Nothing more is accepted, and nothing unacknowledged becomes readable.
    let err = store
        .append(req("g", "c3", None, &["e3"], None))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Io(_)), "{err:?}");
    assert!(matches!(
        store.create_stream("other", Vec::new()).await,
        Err(StoreError::Io(_))
    ));
    assert!(matches!(store.flush().await, Err(StoreError::Io(_))));
    assert!(matches!(
        store.put_snapshot("g", 1, Vec::new()),
        Err(StoreError::Io(_))
    ));
    assert_eq!(store.head("g").unwrap(), 1);
    assert_eq!(store.read("g", 1, 10).unwrap().len(), 1);
    assert_eq!(store.read_global(1, 10).unwrap().len(), 1);
}

#[tokio::test]
async fn a_failed_fsync_fails_the_waiting_append_and_poisons_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let config = StoreConfig {
        durability: Durability::Fsync,
    };
    let store = Store::open(dir.path(), config).unwrap();
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1"], None))
        .await
        .unwrap();

    store
        .inner
        .shared
        .fail_next_fsync
        .store(true, Ordering::SeqCst);
    let err = store
        .append(req("g", "c2", Some(1), &["e2"], None))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Io(_)), "{err:?}");
    let err = store
        .append(req("g", "c3", None, &["e3"], None))
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Io(_)), "{err:?}");
    assert!(matches!(store.flush().await, Err(StoreError::Io(_))));
    // c2 reached sled and was flushed, but never fsynced: it stays invisible.
    assert_eq!(store.head("g").unwrap(), 1);
    assert_eq!(store.read_global(1, 10).unwrap().len(), 1);
    assert_eq!(store.commands("g").unwrap().len(), 1);
}

#[tokio::test]
async fn damaged_records_read_as_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["secret-1"], Some("sum")))
        .await
        .unwrap();
    store
        .append(req("g", "c2", Some(1), &["secret-2"], Some("sum")))
        .await
        .unwrap();
    store.put_snapshot("g", 2, b"snap".to_vec()).unwrap();
    let db = store.db().clone();

    let damage = |key: Vec<u8>| {
        let mut value = db.get(&key).unwrap().unwrap().to_vec();
        value.truncate(value.len() - 1);
        db.insert(key, value).unwrap();
    };
    damage(codec::append_key("g", 2, 2));
    damage(codec::summary_key("g"));
    damage(codec::snapshot_key("g", 2));

    let is_corrupt = |r: Result<(), StoreError>| match r {
        Err(StoreError::Corrupt(msg)) => assert!(!msg.contains("secret"), "{msg}"),
        other => panic!("expected Corrupt, got {other:?}"),
    };
    is_corrupt(store.read("g", 1, 2).map(drop));
    is_corrupt(store.head("g").map(drop));
    is_corrupt(store.read_global(1, 10).map(drop));
    is_corrupt(store.commands("g").map(drop));
    is_corrupt(store.list_streams(None, 10).map(drop));
    is_corrupt(store.snapshot_at_or_before("g", 5).map(drop));
    // A duplicate lookup that meets a damaged record is Corrupt too, not a fresh append.
    is_corrupt(
        store
            .append(req("g", "c2", None, &[], None))
            .await
            .map(drop),
    );
    // The undamaged prefix still reads.
    assert_eq!(
        store.read("g", 1, 1).unwrap()[0].payload,
        b"secret-1".to_vec()
    );
    assert_eq!(
        store.read_global(1, 1).unwrap()[0].payload,
        b"secret-1".to_vec()
    );
}

#[tokio::test]
async fn reopen_refuses_a_global_index_that_disagrees_with_the_data() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        store.create_stream("g", Vec::new()).await.unwrap();
        store
            .append(req("g", "c1", Some(0), &["e1", "e2"], None))
            .await
            .unwrap();
        // A global index entry past the end that points at an append starting elsewhere.
        store
            .db()
            .insert(
                codec::global_key(3),
                codec::encode_append_ref(2, 1, Some("g")),
            )
            .unwrap();
        store.flush().await.unwrap();
    }
    match Store::open(dir.path(), StoreConfig::default()) {
        Err(StoreError::Corrupt(_)) => {}
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a store whose global index disagrees with its data"),
    }
}

#[tokio::test]
async fn the_head_cache_forgets_everything_at_its_limit_and_reloads_from_sled() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1", "e2"], None))
        .await
        .unwrap();
    {
        let mut state = store.inner.shared.state.lock().unwrap();
        assert_eq!(state.tails.get("g").map(|t| (t.head, t.seq)), Some((2, 1)));
        for i in 0..MAX_CACHED_STREAM_HEADS {
            state
                .tails
                .insert(format!("filler-{i}"), log::Tail { head: 0, seq: 0 });
        }
        state.tails.remove("g");
    }
    store.create_stream("h", Vec::new()).await.unwrap();
    store
        .append(req("h", "c1", Some(0), &["e"], None))
        .await
        .unwrap();
    assert_eq!(store.inner.shared.state.lock().unwrap().tails.len(), 1);
    // "g" is no longer cached: its head and seq come back from sled.
    let r = store
        .append(req("g", "c2", Some(2), &["e3"], None))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.first_global), (3, 4));
    assert_eq!(store.commands("g").unwrap().len(), 2);
}

#[test]
fn a_database_from_something_else_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = sled::open(dir.path()).unwrap();
        db.insert(b"foreign", b"data").unwrap();
        db.flush().unwrap();
    }
    match Store::open(dir.path(), StoreConfig::default()) {
        Err(StoreError::Corrupt(_)) => {}
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a database that is not a hexfold store"),
    }
}

#[test]
fn store_is_send_sync_and_clone() {
    fn check<T: Send + Sync + Clone + 'static>() {}
    check::<Store>();
}

#[test]
fn write_futures_are_send_so_servers_can_spawn_them() {
    fn assert_send<T: Send>(_: &T) {}
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let append = store.append(req("g", "c", None, &[], None));
    assert_send(&append);
    let create = store.create_stream("g", Vec::new());
    assert_send(&create);
    let flush = store.flush();
    assert_send(&flush);
}

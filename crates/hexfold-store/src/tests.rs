//! Tests that need the store's internals: holding the flusher, injecting a flush failure, damaging records.

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

#[tokio::test]
async fn writes_stay_invisible_until_their_flush_completes() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", b"meta".to_vec()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1"], Some("s1")))
        .await
        .unwrap();

    let hold = store.inner.flush.hold.lock().unwrap();
    let (appended, txn) = store
        .write_append(req("g", "c2", Some(1), &["e2", "e3"], Some("s2")))
        .unwrap();
    assert_eq!((appended.first_version, appended.last_version), (2, 3));
    let create_txn = store.write_create("h", b"meta-h").unwrap();

    // Written to sled, not durable: every read answers as before the writes.
    assert_eq!(store.head("g").unwrap(), 1);
    assert_eq!(store.read("g", 1, 10).unwrap().len(), 1);
    assert_eq!(store.read_global(1, 100).unwrap().len(), 1);
    assert_eq!(store.commands("g").unwrap().len(), 1);
    assert_eq!(store.meta("h"), Err(StoreError::NotFound));
    assert_eq!(
        store.list_streams(None, 10).unwrap(),
        vec![("g".to_string(), Some(b"s1".to_vec()))]
    );
    assert_eq!(*store.durable_position().borrow(), 1);
    assert!(matches!(
        store.put_snapshot("g", 3, b"snap".to_vec()),
        Err(StoreError::InvalidArgument(_))
    ));
    // The version check sees the written head, so a racing writer cannot reuse version 2.
    assert_eq!(
        store
            .write_append(req("g", "c3", Some(1), &["x"], None))
            .unwrap_err(),
        StoreError::Conflict {
            expected: 1,
            actual: 3
        }
    );
    // A duplicate of the pending command reports the pending command's txn, so it waits for the same flush.
    let (dup, dup_txn) = store
        .write_append(req("g", "c2", Some(1), &["e2", "e3"], None))
        .unwrap();
    assert!(dup.duplicate);
    assert_eq!(dup_txn, txn);

    drop(hold);
    store.wait_durable(create_txn.max(txn)).await.unwrap();
    assert_eq!(store.head("g").unwrap(), 3);
    assert_eq!(store.read("g", 1, 10).unwrap().len(), 3);
    assert_eq!(store.meta("h").unwrap(), b"meta-h".to_vec());
    assert_eq!(store.commands("g").unwrap().len(), 2);
    assert_eq!(
        store.list_streams(None, 10).unwrap(),
        vec![
            ("g".to_string(), Some(b"s2".to_vec())),
            ("h".to_string(), None)
        ]
    );
    assert_eq!(*store.durable_position().borrow(), 3);
}

#[tokio::test]
async fn a_summary_overwritten_twice_before_a_flush_still_shows_the_durable_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", None, &["e"], Some("s1")))
        .await
        .unwrap();
    let hold = store.inner.flush.hold.lock().unwrap();
    store
        .write_append(req("g", "c2", None, &["e"], Some("s2")))
        .unwrap();
    let (_, txn) = store
        .write_append(req("g", "c3", None, &["e"], Some("s3")))
        .unwrap();
    assert_eq!(
        store.list_streams(None, 1).unwrap()[0].1,
        Some(b"s1".to_vec())
    );
    drop(hold);
    store.wait_durable(txn).await.unwrap();
    assert_eq!(
        store.list_streams(None, 1).unwrap()[0].1,
        Some(b"s3".to_vec())
    );
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
        .flush
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
        let mut w = store.inner.writer.lock().unwrap();
        assert_eq!(w.tails.get("g").map(|t| (t.head, t.seq)), Some((2, 1)));
        for i in 0..MAX_CACHED_STREAM_HEADS {
            w.tails
                .insert(format!("filler-{i}"), Tail { head: 0, seq: 0 });
        }
        w.tails.remove("g");
    }
    store.create_stream("h", Vec::new()).await.unwrap();
    store
        .append(req("h", "c1", Some(0), &["e"], None))
        .await
        .unwrap();
    assert_eq!(store.inner.writer.lock().unwrap().tails.len(), 1);
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

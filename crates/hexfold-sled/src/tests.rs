//! Tests that need the store's internals: holding the flush, injecting a flush failure, damaging records.

use std::hash::BuildHasher;
use std::sync::atomic::Ordering;

use super::*;
use log::MAX_APPENDS_PER_BATCH;

/// Flush mode, explicitly: most of these tests hold the log thread between apply and flush, where Flush mode
/// publishes the frontier itself (Fsync mode's syncer is tested on its own).
const FLUSH: SledConfig = SledConfig {
    durability: Durability::Flush,
};

fn open(dir: &Path) -> SledStore {
    SledStore::open(dir, FLUSH).expect("open store")
}

fn listing(name: &str, summary: Option<&str>, head: u64) -> StreamListing {
    StreamListing {
        name: name.into(),
        summary: summary.map(|s| s.as_bytes().to_vec()),
        head,
        damaged: None,
    }
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
        snapshots: Vec::new(),
    }
}

/// Lets `n` more flushes complete (`None`: any number).
fn set_gate(store: &SledStore, n: Option<u64>) {
    *store.inner.shared.gate.lock().unwrap() = n;
    store.inner.shared.gate_changed.notify_all();
}

/// Waits until the log thread has applied writes up to `txn` to sled.
async fn applied(store: &SledStore, txn: u64) {
    let mut applied = store.inner.shared.applied.subscribe();
    applied.wait_for(|&t| t >= txn).await.unwrap();
}

/// Holds (or lets go of) the log thread after it applies each part of a group, before it takes the writes that
/// queued meanwhile into the group.
fn hold_joins(store: &SledStore, hold: bool) {
    *store.inner.shared.hold_joins.lock().unwrap() = hold;
    store.inner.shared.gate_changed.notify_all();
}

#[tokio::test]
async fn writes_queued_while_a_group_is_applied_join_it_and_share_its_flush() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    let base = store.durable().txn;
    let flushes = store.flush_count();

    hold_joins(&store, true);
    let writer = store.clone();
    let first =
        tokio::spawn(async move { writer.append(req("g", "c1", Some(0), &["e1"], None)).await });
    let mut part = store.inner.shared.part_applied.subscribe();
    part.wait_for(|&t| t > base).await.unwrap();
    // c1 is in sled, its flush not started; two more writes queue meanwhile.
    let mut later = Vec::new();
    for (id, expected) in [("c2", 1), ("c3", 2)] {
        let writer = store.clone();
        later.push(tokio::spawn(async move {
            writer
                .append(req("g", id, Some(expected), &["e"], None))
                .await
        }));
    }
    while store.inner.shared.queue.lock().unwrap().requests.len() < 2 {
        tokio::task::yield_now().await;
    }
    hold_joins(&store, false);

    assert_eq!(first.await.unwrap().unwrap().last_version, 1);
    let mut versions = Vec::new();
    for w in later {
        versions.push(w.await.unwrap().unwrap().last_version);
    }
    assert_eq!(versions, vec![2, 3]);
    // One group, one flush, for all three (without joining, c2 and c3 would need a second one).
    assert_eq!(store.flush_count() - flushes, 1);
    assert_eq!(store.head("g").await.unwrap(), 3);
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
    assert_eq!(store.head("g").await.unwrap(), 1);
    assert_eq!(store.read("g", 1, 10).await.unwrap().len(), 1);
    let newest = store.read_backwards("g", u64::MAX, 10).await.unwrap();
    assert_eq!(newest.iter().map(|r| r.version).collect::<Vec<_>>(), [1]);
    assert_eq!(store.read_global(1, 100).await.unwrap().len(), 1);
    assert_eq!(store.commands("g").await.unwrap().len(), 1);
    assert_eq!(store.find_command("g", "c2").await.unwrap(), None);
    assert_eq!(
        store.list_streams(None, 10).await.unwrap(),
        vec![listing("g", Some("s1"), 1)]
    );
    assert_eq!(store.watch_position().current(), 1);
    assert!(matches!(
        store.put_snapshot("g", 3, b"snap".to_vec()).await,
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
    assert_eq!(store.head("g").await.unwrap(), 3);
    assert_eq!(store.read("g", 1, 10).await.unwrap().len(), 3);
    let newest = store.read_backwards("g", u64::MAX, 10).await.unwrap();
    assert_eq!(
        newest.iter().map(|r| r.version).collect::<Vec<_>>(),
        [3, 2, 1]
    );
    assert_eq!(store.commands("g").await.unwrap().len(), 2);
    assert_eq!(
        store
            .find_command("g", "c2")
            .await
            .unwrap()
            .map(|c| c.last_version),
        Some(3)
    );
    assert_eq!(store.watch_position().current(), 3);

    // A stream creation is invisible the same way.
    set_gate(&store, Some(0));
    let base = store.durable().txn;
    let writer = store.clone();
    let h = tokio::spawn(async move { writer.create_stream("h", b"meta-h".to_vec()).await });
    applied(&store, base + 1).await;
    assert_eq!(store.meta("h").await, Err(StoreError::NotFound));
    assert_eq!(store.head("h").await, Err(StoreError::NotFound));
    assert_eq!(store.list_streams(None, 10).await.unwrap().len(), 1);
    set_gate(&store, None);
    h.await.unwrap().unwrap();
    assert_eq!(store.meta("h").await.unwrap(), b"meta-h".to_vec());
    assert_eq!(
        store.list_streams(None, 10).await.unwrap(),
        vec![listing("g", Some("s2"), 3), listing("h", None, 0)]
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
            req: log::PreparedAppend::new(req("g", id, None, &["e"], Some(summary))),
            reply,
            _permit: permit,
        };
        store.inner.shared.submit(request).unwrap();
        outcomes.push(outcome);
    }
    assert_eq!(
        store.list_streams(None, 1).await.unwrap()[0].summary,
        Some(b"s1".to_vec())
    );

    // Let c2's flush complete; the next group (c3 and c4) is applied and held.
    set_gate(&store, Some(1));
    c2.await.unwrap().unwrap();
    applied(&store, base + 3).await;
    assert_eq!(
        store.list_streams(None, 1).await.unwrap()[0].summary,
        Some(b"s2".to_vec())
    );

    set_gate(&store, None);
    for outcome in outcomes {
        outcome.await.unwrap().unwrap();
    }
    assert_eq!(
        store.list_streams(None, 1).await.unwrap()[0].summary,
        Some(b"s4".to_vec())
    );
    assert_eq!(store.head("g").await.unwrap(), 4);
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
        store.put_snapshot("g", 1, Vec::new()).await,
        Err(StoreError::Io(_))
    ));
    assert_eq!(store.head("g").await.unwrap(), 1);
    assert_eq!(store.read("g", 1, 10).await.unwrap().len(), 1);
    assert_eq!(store.read_global(1, 10).await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_failed_fsync_fails_the_waiting_append_and_poisons_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let config = SledConfig {
        durability: Durability::Fsync,
    };
    let store = SledStore::open(dir.path(), config).unwrap();
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
    assert_eq!(store.head("g").await.unwrap(), 1);
    assert_eq!(store.read_global(1, 10).await.unwrap().len(), 1);
    assert_eq!(store.commands("g").await.unwrap().len(), 1);
}

/// One stream's damaged meta, summary or last append marks that stream in the listing; the streams beside it,
/// on the same page, are listed whole.
#[tokio::test]
async fn a_damaged_stream_is_listed_as_damaged_between_whole_ones() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    for name in ["a", "m", "s", "x", "z"] {
        store.create_stream(name, Vec::new()).await.unwrap();
        store
            .append(req(name, "c1", Some(0), &["e"], Some("sum")))
            .await
            .unwrap();
    }
    let db = store.db().clone();
    let damage = |key: Vec<u8>| {
        let mut value = db.get(&key).unwrap().unwrap().to_vec();
        value.truncate(value.len() - 1);
        db.insert(key, value).unwrap();
    };
    damage(codec::meta_key("m"));
    damage(codec::summary_key("s"));
    let x_append = db
        .scan_prefix(codec::stream_prefix(codec::KIND_APPEND, "x"))
        .next()
        .unwrap()
        .unwrap()
        .0
        .to_vec();
    damage(x_append);
    let listed = store.list_streams(None, 10).await.unwrap();
    let names: Vec<(&str, bool)> = listed
        .iter()
        .map(|l| (l.name.as_str(), l.damaged.is_some()))
        .collect();
    assert_eq!(
        names,
        [
            ("a", false),
            ("m", true),
            ("s", true),
            ("x", true),
            ("z", false)
        ]
    );
    for whole in [&listed[0], &listed[4]] {
        assert_eq!(*whole, listing(&whole.name, Some("sum"), 1));
    }
    for damaged in &listed[1..4] {
        assert_eq!((damaged.summary.as_ref(), damaged.head), (None, 0));
    }
    // A page that starts after a damaged stream goes on from there.
    let after = store.list_streams(Some("x"), 10).await.unwrap();
    assert_eq!(after, [listing("z", Some("sum"), 1)]);
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
    store.put_snapshot("g", 2, b"snap".to_vec()).await.unwrap();
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
    is_corrupt(store.read("g", 1, 2).await.map(drop));
    is_corrupt(store.read_backwards("g", 2, 1).await.map(drop));
    is_corrupt(store.head("g").await.map(drop));
    is_corrupt(store.read_global(1, 10).await.map(drop));
    is_corrupt(store.commands("g").await.map(drop));
    // The listing names the damaged stream as such (and does not fail the page: see the test below).
    let listed = store.list_streams(None, 10).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].name.as_str(), listed[0].head), ("g", 0));
    let problem = listed[0].damaged.as_deref().expect("listed as damaged");
    assert!(
        problem.contains("corrupt") && !problem.contains("secret"),
        "{problem}"
    );
    is_corrupt(store.snapshot_at_or_before("g", 5).await.map(drop));
    // A duplicate lookup that meets a damaged record is Corrupt too, not a fresh append.
    is_corrupt(
        store
            .append(req("g", "c2", None, &[], None))
            .await
            .map(drop),
    );
    // The undamaged prefix still reads.
    assert_eq!(
        store.read("g", 1, 1).await.unwrap()[0].payload,
        b"secret-1".to_vec()
    );
    assert_eq!(
        store.read_global(1, 1).await.unwrap()[0].payload,
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
        // A global index record past the end that lists an append starting elsewhere.
        let mut index = codec::GroupIndexWriter::new();
        index.push(3, "g", 2, 1, 2);
        let (key, value) = index.finish().unwrap();
        store.db().insert(key, value).unwrap();
        store.flush().await.unwrap();
    }
    match SledStore::open(dir.path(), FLUSH) {
        Err(StoreError::Corrupt(_)) => {}
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a store whose global index disagrees with its data"),
    }
}

#[tokio::test]
async fn the_stream_cache_evicts_at_its_bounds_and_reloads_from_sled() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.inner.shared.state.lock().unwrap().limits = CacheLimits { streams: 4, ids: 8 };
    for s in ["a", "b", "c", "d", "e"] {
        store.create_stream(s, Vec::new()).await.unwrap();
        store
            .append(req(s, "c1", Some(0), &["e1", "e2"], None))
            .await
            .unwrap();
    }
    // A forced flush runs one more group, at whose start the cache is over its bound of streams.
    store.flush().await.unwrap();
    {
        let state = store.inner.shared.state.lock().unwrap();
        assert!(state.streams.len() <= 4, "{}", state.streams.len());
        assert!(!state.streams.contains_key("a"));
        let ids: usize = state
            .streams
            .values()
            .map(|s| s.ids.as_ref().map_or(0, |i| i.len()))
            .sum();
        assert_eq!(state.cached_ids, ids);
    }
    // "a" is reloaded from sled: its head, seq and command ids.
    let dup = store
        .append(req("a", "c1", Some(0), &["e1", "e2"], None))
        .await
        .unwrap();
    assert_eq!((dup.first_version, dup.duplicate), (1, true));
    let r = store
        .append(req("a", "c2", Some(2), &["e3"], None))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.first_global), (3, 11));
    assert_eq!(store.commands("a").await.unwrap().len(), 2);
    assert_eq!(
        store.inner.shared.state.lock().unwrap().streams["a"]
            .tail
            .seq,
        2
    );

    // One stream with more ids than a quarter of the bound is not indexed, and still finds duplicates
    // (durable ones by a scan, ones of its own group in the group's list).
    for i in 2..6 {
        store
            .append(req("b", &format!("c{i}"), None, &["x"], None))
            .await
            .unwrap();
    }
    assert!(store.inner.shared.state.lock().unwrap().streams["b"]
        .ids
        .is_none());
    let again = store
        .append(req("b", "c3", None, &["x"], None))
        .await
        .unwrap();
    assert_eq!((again.first_version, again.duplicate), (4, true));
    let fresh = store
        .append(req("b", "c9", None, &["x"], None))
        .await
        .unwrap();
    assert_eq!((fresh.first_version, fresh.duplicate), (7, false));
    assert_eq!(store.commands("b").await.unwrap().len(), 6);
}

#[tokio::test]
async fn a_command_id_hash_shared_with_another_id_is_settled_by_the_records() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    let first = store
        .append(req("g", "c1", None, &["e1"], None))
        .await
        .unwrap();
    let second = store
        .append(req("g", "c2", None, &["e2"], None))
        .await
        .unwrap();
    {
        // Make "c3" and "c2" look like a collision: "c3"'s hash points at c1's record, and "c2"'s hash
        // entry is gone as if an earlier id with the same hash had kept the slot.
        let mut state = store.inner.shared.state.lock().unwrap();
        let (h2, h3) = (
            state.id_hasher.hash_one("c2"),
            state.id_hasher.hash_one("c3"),
        );
        let ids = state.streams.get_mut("g").unwrap().ids.as_mut().unwrap();
        let c1_at = ids[&state_hash_of(ids, first.last_version)];
        ids.remove(&h2);
        ids.insert(h3, c1_at);
        ids.insert(h2, c1_at);
    }
    // find_command is settled the same way: the index's candidate for "c2" holds c1, so the scan finds c2;
    // "c3" is not there at all; an id the index has never seen needs no read.
    let found = async |id: &str| {
        let found = store.find_command("g", id).await.unwrap();
        found.map(|c| c.last_version)
    };
    assert_eq!(found("c2").await, Some(second.last_version));
    assert_eq!(found("c3").await, None);
    assert_eq!(found("c1").await, Some(first.last_version));
    assert_eq!(
        store.inner.shared.indexed_command("g", "never-sent"),
        Some(None)
    );
    assert_eq!(found("never-sent").await, None);
    // "c2" hits c1's record, which holds another id: the scan finds the real original.
    let dup = store
        .append(req("g", "c2", None, &["e2"], None))
        .await
        .unwrap();
    assert_eq!(
        dup,
        Appended {
            duplicate: true,
            ..second
        }
    );
    // "c3" hits c1's record too, and is new.
    let r = store
        .append(req("g", "c3", None, &["e3"], None))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.duplicate), (3, false));
    assert_eq!(store.commands("g").await.unwrap().len(), 3);
}

/// The id-index key whose entry points at the append ending at `last_version`.
fn state_hash_of(ids: &log::IdIndex, last_version: u64) -> u64 {
    *ids.iter()
        .find(|(_, &(v, _))| v == last_version)
        .expect("the append is indexed")
        .0
}

#[test]
fn a_database_from_something_else_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = open_sled(dir.path()).unwrap();
        db.insert(b"foreign", b"data").unwrap();
        db.flush().unwrap();
    }
    match SledStore::open(dir.path(), FLUSH) {
        Err(StoreError::Corrupt(_)) => {}
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a database that is not a hexfold store"),
    }
}

#[test]
fn store_is_send_sync_and_clone() {
    fn check<T: Send + Sync + Clone + 'static>() {}
    check::<SledStore>();
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

/// Writes a store as layout 1 did: `G` per append (format 1) and `C` per append. Streams "g" (two
/// appends with events around an empty one) and "h" (one append), global positions 1..=4.
fn write_layout_1(dir: &Path, marker: u8) {
    let db = open_sled(dir).unwrap();
    let mut batch = sled::Batch::default();
    batch.insert(&codec::layout_key(), &[marker]);
    batch.insert(&codec::epoch_key(), codec::encode_epoch(1));
    let txn = 1 << TXN_EPOCH_SHIFT;
    for s in ["g", "h"] {
        batch.insert(codec::meta_key(s), MetaRecord::encode(s, txn, b"meta"));
    }
    // (stream, command id, first version, last version, seq, first global, events)
    type V1Append<'a> = (&'a str, &'a str, u64, u64, u64, u64, &'a [&'a str]);
    let appends: [V1Append<'_>; 4] = [
        ("g", "g-1", 1, 2, 1, 1, &["g1", "g2"]),
        ("h", "h-1", 1, 1, 1, 3, &["h1"]),
        ("g", "g-empty", 3, 2, 2, 4, &[]),
        ("g", "g-2", 3, 3, 3, 4, &["g3"]),
    ];
    for (i, (s, id, first, last, seq, global, events)) in appends.into_iter().enumerate() {
        let events: Vec<Vec<u8>> = events.iter().map(|e| e.as_bytes().to_vec()).collect();
        let key = codec::append_key(s, last, seq);
        let record =
            AppendRecord::encode(&key, txn + 1 + i as u64, first, global, id, b"cmd", &events);
        batch.insert(key, record);
        if !events.is_empty() {
            let v1_ref = codec::Encoder::new(0)
                .u64(last)
                .u64(seq)
                .bytes(s.as_bytes())
                .finish_v1();
            batch.insert(&codec::global_key(global), v1_ref);
        }
        let mut c_key = codec::stream_prefix(codec::KIND_V1_COMMAND_ID, s);
        c_key.extend_from_slice(id.as_bytes());
        batch.insert(c_key, codec::Encoder::new(0).u64(last).u64(seq).finish_v1());
    }
    let summary = SummaryRec {
        txn: txn + 4,
        summary: b"g at 3".to_vec(),
        durable_before: None,
    };
    batch.insert(codec::summary_key("g"), summary.encode("g"));
    db.apply_batch(batch).unwrap();
    db.flush().unwrap();
}

async fn check_migrated(dir: &Path) {
    let store = open(dir);
    {
        let db = store.db();
        assert_eq!(
            db.get(codec::layout_key()).unwrap().unwrap().as_ref(),
            &[codec::LAYOUT_VERSION]
        );
        assert!(db.scan_prefix([codec::KIND_V1_COMMAND_ID]).next().is_none());
        for item in db.scan_prefix([codec::KIND_GLOBAL]) {
            assert_eq!(item.unwrap().1[0], codec::FORMAT_GROUP_CHECKED);
        }
    }
    let global: Vec<(u64, String, u64)> = store
        .read_global(1, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.global, r.stream, r.version))
        .collect();
    let expected = [(1, "g", 1), (2, "g", 2), (3, "h", 1), (4, "g", 3)];
    assert_eq!(
        global,
        expected.map(|(p, s, v)| (p, s.to_string(), v)).to_vec()
    );
    assert_eq!(
        store.read_global(4, 1).await.unwrap()[0].payload,
        b"g3".to_vec()
    );
    assert_eq!(
        store.list_streams(None, 10).await.unwrap(),
        vec![listing("g", Some("g at 3"), 3), listing("h", None, 1)]
    );
    // The command ids, once in `C` records, are found in the `A` records: all four are duplicates.
    for (s, id, last) in [
        ("g", "g-1", 2),
        ("h", "h-1", 1),
        ("g", "g-empty", 2),
        ("g", "g-2", 3),
    ] {
        let r = store
            .append(req(s, id, None, &["again"], None))
            .await
            .unwrap();
        assert_eq!((r.last_version, r.duplicate), (last, true), "{s} {id}");
    }
    let r = store
        .append(req("g", "g-3", Some(3), &["g4"], None))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.first_global), (4, 5));
    assert_eq!(
        store.read_global(5, 10).await.unwrap()[0].payload,
        b"g4".to_vec()
    );
}

#[tokio::test]
async fn a_layout_1_store_is_migrated_at_open() {
    let dir = tempfile::tempdir().unwrap();
    write_layout_1(dir.path(), codec::LAYOUT_V1);
    check_migrated(dir.path()).await;
    // Opening again finds layout 2 and changes nothing.
    check_migrated_again(dir.path()).await;
}

async fn check_migrated_again(dir: &Path) {
    let store = open(dir);
    assert_eq!(store.read_global(1, 100).await.unwrap().len(), 5);
    assert_eq!(store.commands("g").await.unwrap().len(), 4);
}

#[tokio::test]
async fn a_migration_cut_short_runs_again_at_the_next_open() {
    let dir = tempfile::tempdir().unwrap();
    // As a crash would leave it: the marker says migrating, one `G` record is converted, `C` records
    // are still there.
    write_layout_1(dir.path(), migrate::LAYOUT_MIGRATING);
    {
        let db = open_sled(dir.path()).unwrap();
        let mut index = codec::GroupIndexWriter::new();
        index.push(3, "h", 1, 1, 1);
        let (key, value) = index.finish().unwrap();
        db.insert(key, value).unwrap();
        db.flush().unwrap();
    }
    check_migrated(dir.path()).await;
}

#[test]
fn an_unknown_layout_is_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    write_layout_1(dir.path(), 3);
    match SledStore::open(dir.path(), FLUSH) {
        Err(StoreError::Corrupt(msg)) => assert!(msg.contains("layout"), "{msg}"),
        Err(other) => panic!("expected Corrupt, got {other:?}"),
        Ok(_) => panic!("opened a store of an unknown layout"),
    }
}

#[tokio::test]
async fn a_group_of_several_batches_is_indexed_per_batch_and_hidden_until_durable() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let streams = ["a", "b", "c"];
    for s in streams {
        store.create_stream(s, Vec::new()).await.unwrap();
    }
    // A first append is applied and held before its flush, so that everything queued meanwhile forms
    // the next group.
    set_gate(&store, Some(0));
    let base = store.durable().txn;
    let writer = store.clone();
    let first =
        tokio::spawn(async move { writer.append(req("a", "first", None, &["a0"], None)).await });
    applied(&store, base + 1).await;

    // One group of more appends than one batch holds, some without events.
    let count = 2 * MAX_APPENDS_PER_BATCH + 37;
    let mut outcomes = Vec::new();
    for i in 0..count {
        let stream = streams[i % 3];
        let events: Vec<String> = (0..i % 4).map(|e| format!("{stream}-{i}-{e}")).collect();
        let events: Vec<&str> = events.iter().map(String::as_str).collect();
        let permit = Arc::clone(&store.inner.shared.permits)
            .acquire_many_owned(1)
            .await
            .unwrap();
        let (reply, outcome) = oneshot::channel();
        let request = Request::Append {
            req: log::PreparedAppend::new(req(stream, &format!("c{i}"), None, &events, None)),
            reply,
            _permit: permit,
        };
        store.inner.shared.submit(request).unwrap();
        outcomes.push(outcome);
    }
    // The first append's flush completes; the next group is applied and held.
    set_gate(&store, Some(1));
    first.await.unwrap().unwrap();
    applied(&store, base + 1 + count as u64).await;
    // Applied, with their `G` records, but not durable: nothing of them is visible.
    assert_eq!(store.read_global(1, 10_000).await.unwrap().len(), 1);
    assert_eq!(store.read_global(2, 10_000).await.unwrap(), Vec::new());
    let index_records = store.db().scan_prefix([codec::KIND_GLOBAL]).count();
    assert_eq!(index_records, 1 + 3, "one G record per batch with events");

    set_gate(&store, None);
    for outcome in outcomes {
        assert!(!outcome.await.unwrap().unwrap().duplicate);
    }
    let all = store.read_global(1, 10_000).await.unwrap();
    let positions: Vec<u64> = all.iter().map(|r| r.global).collect();
    assert_eq!(positions, (1..=all.len() as u64).collect::<Vec<_>>());
    // Every start position and page size finds the same slice, starting inside appends and batches.
    for from in 1..=all.len() + 1 {
        for limit in [1, 7] {
            let page = store.read_global(from as u64, limit).await.unwrap();
            let expected: Vec<_> = all.iter().skip(from - 1).take(limit).cloned().collect();
            assert_eq!(page, expected, "from {from} limit {limit}");
        }
    }
    // Each record agrees with the stream's own read.
    for r in &all {
        let own = store.read(&r.stream, r.version, r.version).await.unwrap();
        assert_eq!((own[0].global, &own[0].payload), (r.global, &r.payload));
    }
}

/// A panic inside sled while opening (sled 0.34 panics on some damage, with no option to make it an error)
/// becomes `Corrupt` naming the panic, and other threads' panics still reach the hook installed before.
#[test]
fn a_panic_while_opening_is_corrupt_and_quiet() {
    let outcome: Result<(), StoreError> = catch_storage_panic("opening", || {
        panic!("tried to serialize Uninitialized");
    });
    match outcome {
        Err(StoreError::Corrupt(msg)) => {
            assert!(
                msg.contains("panicked while opening the store: tried to serialize Uninitialized"),
                "{msg}"
            )
        }
        other => panic!("expected Corrupt, got {other:?}"),
    }
    let formatted: Result<(), StoreError> =
        catch_storage_panic("checking", || panic!("page {} missing", 7));
    assert!(matches!(formatted, Err(StoreError::Corrupt(m)) if m.contains("page 7 missing")));
    // Outside the call, panics are not caught and the thread-local switch is back off.
    assert!(!quiet_panics::QUIET.with(std::cell::Cell::get));
    assert!(std::thread::spawn(|| panic!("a bug elsewhere"))
        .join()
        .is_err());
    assert_eq!(
        catch_storage_panic("opening", || Ok::<_, StoreError>(5)).unwrap(),
        5
    );
}

/// An append record gone from the middle of a stream (its key and value lost, so no checksum can fail) is
/// `Corrupt` for a read that would step over it, not a shorter answer.
#[tokio::test]
async fn a_read_over_a_missing_append_is_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    for (i, id) in ["c1", "c2", "c3"].into_iter().enumerate() {
        store
            .append(req("g", id, Some(i as u64), &["e"], None))
            .await
            .unwrap();
    }
    store
        .db()
        .remove(codec::append_key("g", 2, 2))
        .unwrap()
        .unwrap();
    for (from, to) in [(1, 3), (2, 3), (2, 2)] {
        match store.read("g", from, to).await {
            Err(StoreError::Corrupt(msg)) => assert!(msg.contains("version 2"), "{msg}"),
            other => panic!("read {from}..={to}: expected Corrupt, got {other:?}"),
        }
    }
    // What does not reach the gap is read as before.
    assert_eq!(store.read("g", 1, 1).await.unwrap().len(), 1);
    assert_eq!(store.read("g", 3, 3).await.unwrap().len(), 1);
}

/// A disk short of the free-space reserve (here: a reserve no disk has): writes are refused with `Unavailable`
/// before sled sees them, the store says it takes no writes, reads and flushes go on, and once space is back it
/// takes writes again without a reopen, every acknowledged append still there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nearly_full_disk_refuses_writes_until_space_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    store.create_stream("g", Vec::new()).await.unwrap();
    let mut acked = 0u64;
    let mut writable = store.watch_writable();
    assert!(*writable.borrow_and_update());
    store
        .inner
        .shared
        .min_free_bytes
        .store(u64::MAX, Ordering::Relaxed);
    // The free space is looked at every few tens of milliseconds while writes are taken.
    let refused = loop {
        let id = format!("c{acked}");
        match store.append(req("g", &id, Some(acked), &["e"], None)).await {
            Ok(_) => acked += 1,
            Err(e) => break e,
        }
        assert!(acked < 100_000, "the reserve was never checked");
    };
    match &refused {
        StoreError::Unavailable(msg) => assert!(msg.contains("full"), "{msg}"),
        other => panic!("expected Unavailable, got {other:?}"),
    }
    writable.wait_for(|w| !*w).await.unwrap();
    assert!(matches!(
        store.append(req("g", "late", None, &["e"], None)).await,
        Err(StoreError::Unavailable(_))
    ));
    assert_eq!(store.head("g").await.unwrap(), acked);
    store.flush().await.unwrap();

    store
        .inner
        .shared
        .min_free_bytes
        .store(0, Ordering::Relaxed);
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        writable.wait_for(|w| *w),
    )
    .await
    .expect("the store takes writes again once space is back")
    .unwrap();
    store
        .append(req("g", "after", Some(acked), &["e"], None))
        .await
        .unwrap();
    drop(writable);
    drop(store);
    let store = open(dir.path());
    assert_eq!(
        store.read("g", 1, u64::MAX).await.unwrap().len() as u64,
        acked + 1
    );
}

/// The syncer's cycle syncs sled's log every time and anything else only when it changed: a new or grown file,
/// and the directory whose entries changed (issue 29, point 7). Counted, not timed.
#[test]
fn a_sync_cycle_syncs_the_log_and_only_what_else_changed() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("db"), b"log").unwrap();
    std::fs::write(root.join("conf"), b"conf").unwrap();
    std::fs::write(root.join(crate::mark::MARK_FILE), b"mark").unwrap();
    std::fs::create_dir(root.join("blobs")).unwrap();
    std::fs::write(root.join("blobs").join("1"), b"blob").unwrap();
    let mut synced = log::SyncedFiles::default();
    // Everything but the mark the first time: db, conf, the blob, blobs/ and the store's directory.
    assert_eq!(synced.sync(root).unwrap(), 5);
    // Nothing changed: the log alone.
    assert_eq!(synced.sync(root).unwrap(), 1);
    std::fs::write(root.join(crate::mark::MARK_FILE), b"mark 2").unwrap();
    assert_eq!(
        synced.sync(root).unwrap(),
        1,
        "the mark is synced on its own"
    );
    // A new blob: it and its directory.
    std::fs::write(root.join("blobs").join("2"), b"blob 2").unwrap();
    assert_eq!(synced.sync(root).unwrap(), 3);
    // A file that grew.
    let mut conf = std::fs::OpenOptions::new()
        .append(true)
        .open(root.join("conf"))
        .unwrap();
    conf.write_all(b" more").unwrap();
    assert_eq!(synced.sync(root).unwrap(), 2);
    // A snapshot written, then renamed into place (a name it has not synced, and the directory's entries), then
    // a blob removed (its directory).
    std::fs::write(root.join("snap.1.generating"), b"snapshot").unwrap();
    assert_eq!(synced.sync(root).unwrap(), 3);
    std::fs::rename(root.join("snap.1.generating"), root.join("snap.1")).unwrap();
    assert_eq!(synced.sync(root).unwrap(), 3);
    std::fs::remove_file(root.join("blobs").join("1")).unwrap();
    assert_eq!(synced.sync(root).unwrap(), 2);
    assert_eq!(synced.sync(root).unwrap(), 1);
}

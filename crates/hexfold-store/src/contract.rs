//! The contract suite of [`EventStore`]: one function per guarantee, each driving a store that a backend's
//! [`Harness`] opens, through `Arc<dyn EventStore>` as the server holds it.
//!
//! It is this crate's `contract` feature: a backend crate takes it as a dev-dependency
//! (`hexfold-store = { workspace = true, features = ["contract"] }`) and runs every guarantee with one line in
//! its tests, for example `crates/hexfold-sled/tests/sled.rs`:
//!
//! ```text
//! hexfold_store::contract::suite!(flush_mode, SledHarness::new(Durability::Flush));
//! ```
//!
//! The tests it makes are `#[tokio::test]`s, so the backend's tests depend on tokio (with its `macros` and
//! `rt-multi-thread` features).
//!
//! Nothing here knows a backend: what differs (where the data lives, how to reopen it, how to damage a
//! record) is the harness's. A guarantee added to the trait's docs gets its function here and its name in
//! [`suite!`], so every backend runs it.

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::{
    AppendRequest, Appended, EventStore, GlobalEntry, GlobalRecord, StoreError,
    MAX_COMMAND_ID_BYTES, MAX_EVENTS_PER_APPEND, MAX_EVENT_BYTES, MAX_READ_GLOBAL,
};

/// How long a test waits for a wake-up or a task before it fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(30);

/// What a backend provides to run the suite. One harness owns one store's data: the suite makes a fresh
/// harness for every guarantee.
#[allow(async_fn_in_trait)]
pub trait Harness {
    /// Opens the store, empty: called once, at the start of a guarantee.
    async fn open(&mut self) -> Arc<dyn EventStore>;

    /// Closes `store` (the test's only handle) and opens the same data again. A backend that cannot be
    /// closed and reopened returns `store` itself, and the guarantees "across reopen" are then checked
    /// within one open.
    async fn reopen(&mut self, store: Arc<dyn EventStore>) -> Arc<dyn EventStore>;

    /// Damages the stored event `version` of `stream` so that it no longer decodes, as damage on disk
    /// would, and returns the store to read it with (the backend may close and reopen the store to damage
    /// it) and a word that the [`StoreError::Corrupt`] message of that record must contain.
    async fn damage_event(
        &mut self,
        store: Arc<dyn EventStore>,
        stream: &str,
        version: u64,
    ) -> (Arc<dyn EventStore>, &'static str);

    /// Damages the stored records of `stream` as `damage` says, as a bad restore, a hand edit or a disk
    /// would, and returns the store to read it with: `None` when the backend keeps no such record (sled keeps
    /// no head apart from its events), `Some(Err(..))` when the backend refuses to open the damaged store.
    async fn damage(
        &mut self,
        store: Arc<dyn EventStore>,
        stream: &str,
        damage: Damage,
    ) -> Option<Result<Arc<dyn EventStore>, StoreError>>;
}

/// Damage besides a record that no longer decodes ([`Harness::damage_event`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    /// The record of the event at this version is gone.
    DeleteEvent(u64),
    /// The stream's head says one version less than its events reach (sled: its last record is gone, so the
    /// store holds less than it acknowledged).
    LowerHead,
    /// The stream's head says one version more than its events reach.
    RaiseHead,
}

/// Runs every guarantee against a backend: `suite!(module_name, harness_expression)` makes one test per
/// guarantee in `mod module_name`, each with a fresh harness from the expression (evaluated in the
/// caller's module, so its names need no path).
#[macro_export]
#[doc(hidden)]
macro_rules! __contract_suite {
    ($module:ident, $harness:expr) => {
        $crate::contract::suite!(@each $module, $harness, [
            versions_are_gapless_per_stream,
            global_positions_are_gapless_across_streams,
            the_global_index_names_what_read_global_reads,
            a_stale_expected_version_is_a_conflict_and_writes_nothing,
            racing_appends_at_one_version_have_one_winner,
            a_repeated_command_id_returns_the_original_forever,
            a_command_is_found_by_its_id,
            the_last_commands_are_the_newest_first,
            an_append_without_events_records_only_its_command,
            snapshots_carried_by_an_append_are_written_with_it_and_only_inside_it,
            acknowledged_appends_are_readable_and_survive_reopen,
            concurrent_readers_see_gapless_prefixes_of_what_was_acknowledged,
            a_follower_of_the_global_order_sees_every_event_once_in_order,
            the_position_watch_wakes_subscribers,
            reads_forwards_are_inclusive_and_clipped,
            reads_backwards_are_newest_first_and_clipped,
            snapshots_are_found_at_or_before_a_version_and_overwritten,
            meta_is_immutable_and_unknown_streams_are_not_found,
            streams_are_listed_in_pages_with_heads_and_summaries,
            limits_are_refused_before_anything_is_written,
            reopen_recovers_heads_and_the_global_counter,
            a_damaged_event_reads_as_corrupt,
            a_deleted_event_is_corrupt_for_every_read_that_meets_it,
            a_lowered_head_is_corrupt_and_so_is_the_next_append,
            a_raised_head_is_corrupt_and_so_is_the_next_append,
        ]);
    };
    (@each $module:ident, $harness:expr, [$($guarantee:ident),* $(,)?]) => {
        mod $module {
            #[allow(unused_imports)]
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $guarantee() {
                    let mut harness = $harness;
                    $crate::contract::$guarantee(&mut harness).await;
                }
            )*
        }
    };
}
#[doc(inline)]
pub use crate::__contract_suite as suite;

/// An append of `events` (as UTF-8 payloads) whose command bytes are `command {id}`.
pub fn req(stream: &str, id: &str, expected: Option<u64>, events: &[&str]) -> AppendRequest {
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

/// Awaits `future`, failing the test instead of hanging if it takes longer than [`PATIENCE`].
async fn patiently<T>(what: &str, future: impl std::future::Future<Output = T>) -> T {
    match tokio::time::timeout(PATIENCE, future).await {
        Ok(out) => out,
        Err(_) => panic!("{what} took longer than {PATIENCE:?}"),
    }
}

/// Checks the invariants every store must hold: per-stream versions gapless from 1, global positions
/// gapless from 1, both views agreeing, every command's range matching its events, and the position watch
/// at the end of the global order. Returns the number of events and each stream's head.
pub async fn check_consistent(store: &dyn EventStore) -> (usize, BTreeMap<String, u64>) {
    let mut heads = BTreeMap::new();
    let mut by_global = BTreeMap::new();
    for listing in store.list_streams(None, 1000).await.unwrap() {
        let name = listing.name;
        let head = store.head(&name).await.unwrap();
        assert_eq!(listing.head, head, "stream {name}: the listing's head");
        let events = store.read(&name, 0, u64::MAX).await.unwrap();
        let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
        assert_eq!(versions, (1..=head).collect::<Vec<_>>(), "stream {name}");
        for e in events {
            assert!(by_global
                .insert(e.global, (name.clone(), e.version, e.payload))
                .is_none());
        }
        let mut next = 1;
        for c in store.commands(&name).await.unwrap() {
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
        let page = store
            .read_global(global.len() as u64 + 1, 997)
            .await
            .unwrap();
        if page.is_empty() {
            break;
        }
        global.extend(page);
    }
    assert_eq!(global.len(), by_global.len());
    let mut index = Vec::new();
    loop {
        let page = store
            .read_global_index(index.len() as u64 + 1, 997)
            .await
            .unwrap();
        if page.is_empty() {
            break;
        }
        index.extend(page);
    }
    let named: Vec<GlobalEntry> = global.iter().cloned().map(GlobalEntry::from).collect();
    assert_eq!(index, named, "the global index names the global order");
    for (i, g) in global.iter().enumerate() {
        assert_eq!(g.global, i as u64 + 1, "global positions are gapless");
        assert_eq!(
            by_global[&g.global],
            (g.stream.clone(), g.version, g.payload.clone())
        );
    }
    let total = global.len() as u64;
    let mut watch = store.watch_position();
    if total > 0 {
        patiently("the position watch", watch.wait_past(total - 1))
            .await
            .unwrap();
    }
    assert_eq!(watch.current(), total);
    (global.len(), heads)
}

/// Streams "a" and "b", then appends a1 (2 events on "a"), b1 (1 on "b"), a2 (1 on "a").
async fn append_to_two_streams(store: &dyn EventStore) -> [Appended; 3] {
    store.create_stream("a", b"meta-a".to_vec()).await.unwrap();
    store.create_stream("b", b"meta-b".to_vec()).await.unwrap();
    assert_eq!(store.head("a").await.unwrap(), 0);
    let a1 = store.append(req("a", "a1", Some(0), &["a-e1", "a-e2"]));
    let a1 = a1.await.unwrap();
    let b1 = store
        .append(req("b", "b1", Some(0), &["b-e1"]))
        .await
        .unwrap();
    let a2 = store
        .append(req("a", "a2", Some(2), &["a-e3"]))
        .await
        .unwrap();
    [a1, b1, a2]
}

/// Versions of each stream are numbered from 1 without gaps, independently of other streams.
pub async fn versions_are_gapless_per_stream(h: &mut impl Harness) {
    let store = h.open().await;
    let [a1, b1, a2] = append_to_two_streams(&*store).await;
    assert_eq!(
        a1,
        Appended {
            first_version: 1,
            last_version: 2,
            first_global: 1,
            duplicate: false
        }
    );
    assert_eq!((b1.first_version, b1.last_version), (1, 1));
    assert_eq!((a2.first_version, a2.last_version), (3, 3));
    assert_eq!(store.head("a").await.unwrap(), 3);
    assert_eq!(store.head("b").await.unwrap(), 1);
    assert_eq!(store.meta("b").await.unwrap(), b"meta-b".to_vec());
    check_consistent(&*store).await;
}

/// Global positions number the events of all streams from 1 without gaps, in append order.
pub async fn global_positions_are_gapless_across_streams(h: &mut impl Harness) {
    let store = h.open().await;
    let [a1, b1, a2] = append_to_two_streams(&*store).await;
    assert_eq!(
        [a1.first_global, b1.first_global, a2.first_global],
        [1, 3, 4]
    );
    let global: Vec<(u64, String, u64, Vec<u8>)> = store
        .read_global(1, 100)
        .await
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
    assert_eq!(store.read_global(3, 1).await.unwrap()[0].stream, "b");
    assert_eq!(store.read_global(0, 1).await.unwrap()[0].global, 1);
    assert!(store.read_global(5, 10).await.unwrap().is_empty());
    assert!(store.read_global(1, 0).await.unwrap().is_empty());
    check_consistent(&*store).await;
}

/// `read_global_index` names exactly the events `read_global` returns for the same arguments, from any
/// position (inside an append, past the end, 0) and with any limit, without their payloads.
pub async fn the_global_index_names_what_read_global_reads(h: &mut impl Harness) {
    let store = h.open().await;
    append_to_two_streams(&*store).await;
    // An empty append takes no position; the next event comes right after.
    store
        .append(req("b", "b-empty", Some(1), &[]))
        .await
        .unwrap();
    store
        .append(req("b", "b2", Some(1), &["b-e2", "b-e3"]))
        .await
        .unwrap();
    assert_eq!(
        store.read_global_index(1, 100).await.unwrap(),
        [
            (1, "a", 1),
            (2, "a", 2),
            (3, "b", 1),
            (4, "a", 3),
            (5, "b", 2),
            (6, "b", 3)
        ]
        .map(|(global, stream, version)| GlobalEntry {
            global,
            stream: stream.into(),
            version
        })
    );
    for from in 0..=8 {
        for limit in [0, 1, 2, 5, MAX_READ_GLOBAL, usize::MAX] {
            let records = store.read_global(from, limit).await.unwrap();
            let index = store.read_global_index(from, limit).await.unwrap();
            let named: Vec<GlobalEntry> = records.into_iter().map(GlobalEntry::from).collect();
            assert_eq!(index, named, "from {from}, limit {limit}");
        }
    }
    check_consistent(&*store).await;
}

/// An expected version that is not the head is a typed conflict naming both, and writes nothing.
pub async fn a_stale_expected_version_is_a_conflict_and_writes_nothing(h: &mut impl Harness) {
    let store = h.open().await;
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
    assert_eq!(store.head("g").await.unwrap(), 2);
    assert_eq!(store.commands("g").await.unwrap().len(), 1);
    // The refused command id was not recorded: it can be used once the client has caught up.
    let r = store.append(req("g", "c2", Some(2), &["x"])).await.unwrap();
    assert_eq!((r.first_version, r.duplicate), (3, false));
    // No expected version means "append at whatever the head is".
    let r = store.append(req("g", "c3", None, &["y"])).await.unwrap();
    assert_eq!(r.first_version, 4);
}

/// Of several appends racing at one expected version exactly one wins; the others are conflicts.
pub async fn racing_appends_at_one_version_have_one_winner(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "first", Some(0), &["e"]))
        .await
        .unwrap();
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let store = Arc::clone(&store);
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
    assert_eq!(store.head("g").await.unwrap(), 2);
}

/// A command id already appended returns the original result and writes nothing: checked before the
/// expected version, per stream, and kept across a reopen.
pub async fn a_repeated_command_id_returns_the_original_forever(h: &mut impl Harness) {
    let store = h.open().await;
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

    let store = h.reopen(store).await;
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
    assert_eq!(store.head("g").await.unwrap(), 2);
    let commands = store.commands("g").await.unwrap();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0].command, b"command c1".to_vec());
    assert_eq!(
        (commands[0].first_version, commands[0].last_version),
        (1, 2)
    );
    check_consistent(&*store).await;
}

/// `find_command` finds an appended command (empty appends included) with its versions, and nothing else.
pub async fn a_command_is_found_by_its_id(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("g", Vec::new()).await.unwrap();
    store
        .append(req("g", "c1", Some(0), &["e1", "e2"]))
        .await
        .unwrap();
    store.append(req("g", "noop", None, &[])).await.unwrap();
    store.append(req("g", "c2", None, &["e3"])).await.unwrap();
    let mut found = Vec::new();
    for id in ["c1", "noop", "c2", "c3"] {
        let command = store.find_command("g", id).await.unwrap();
        found.push(command.map(|c| (c.command_id, c.command, c.first_version, c.last_version)));
    }
    assert_eq!(
        found,
        [
            Some(("c1".into(), b"command c1".to_vec(), 1, 2)),
            Some(("noop".into(), b"command noop".to_vec(), 3, 2)),
            Some(("c2".into(), b"command c2".to_vec(), 3, 3)),
            None,
        ]
    );
    assert_eq!(
        store.find_command("nope", "c1").await,
        Err(StoreError::NotFound)
    );
}

/// `last_commands` is the tail of `commands`, newest first (empty appends included), across a reopen.
pub async fn the_last_commands_are_the_newest_first(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("g", Vec::new()).await.unwrap();
    store.create_stream("other", Vec::new()).await.unwrap();
    for (id, events) in [
        ("c1", &["e1"][..]),
        ("c2", &[]),
        ("c3", &["e2", "e3"]),
        ("c4", &["e4"]),
    ] {
        store.append(req("g", id, None, events)).await.unwrap();
        store.append(req("other", id, None, &["x"])).await.unwrap();
    }
    let last = async |store: &dyn EventStore, limit| -> Vec<(String, u64, u64)> {
        let commands = store.last_commands("g", limit).await.unwrap();
        commands
            .into_iter()
            .map(|c| (c.command_id, c.first_version, c.last_version))
            .collect()
    };
    let all = [
        ("c4".to_string(), 4, 4),
        ("c3".to_string(), 2, 3),
        ("c2".to_string(), 2, 1),
        ("c1".to_string(), 1, 1),
    ];
    assert_eq!(last(&*store, 2).await, all[..2]);
    assert_eq!(last(&*store, 10).await, all);
    assert_eq!(last(&*store, 0).await, []);
    let tail: Vec<_> = store
        .commands("g")
        .await
        .unwrap()
        .into_iter()
        .rev()
        .take(3)
        .collect();
    assert_eq!(store.last_commands("g", 3).await.unwrap(), tail);
    let store = h.reopen(store).await;
    assert_eq!(last(&*store, 1).await, all[..1]);
    assert_eq!(
        store.last_commands("nope", 1).await,
        Err(StoreError::NotFound)
    );
}

/// An append without events records its command (idempotent, listed) and returns the empty range.
pub async fn an_append_without_events_records_only_its_command(h: &mut impl Harness) {
    let store = h.open().await;
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
    assert_eq!(store.head("g").await.unwrap(), 1);
    let again = store.append(req("g", "noop", Some(1), &[])).await.unwrap();
    assert!(again.duplicate);
    let r = store
        .append(req("g", "c2", Some(1), &["e2"]))
        .await
        .unwrap();
    assert_eq!((r.first_version, r.first_global), (2, 2));
    let ids: Vec<String> = store
        .commands("g")
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.command_id)
        .collect();
    assert_eq!(ids, ["c1", "noop", "c2"]);
    check_consistent(&*store).await;
}

/// Snapshots an append carries are durable with it (there after a reopen, with no flush) when they are at
/// versions the append creates; others are dropped, and a duplicate writes none.
pub async fn snapshots_carried_by_an_append_are_written_with_it_and_only_inside_it(
    h: &mut impl Harness,
) {
    let store = h.open().await;
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

    let store = h.reopen(store).await;
    let at = |version| {
        let store = Arc::clone(&store);
        async move { store.snapshot_at_or_before("g", version).await.unwrap() }
    };
    assert_eq!(at(2).await, Some((2, b"at-2".to_vec())));
    assert_eq!(at(4).await, Some((3, b"at-3".to_vec())));
    assert_eq!(at(99).await, Some((5, b"at-5".to_vec())));
    // Bounded like every other input.
    let mut huge = req("g", "c3", None, &["6"]);
    huge.snapshots = vec![(6, Vec::new()); MAX_EVENTS_PER_APPEND + 1];
    assert!(matches!(
        store.append(huge).await,
        Err(StoreError::TooLarge { .. })
    ));
    assert_eq!(store.head("g").await.unwrap(), 5);
}

/// Concurrent writers: every acknowledged append is readable right after its acknowledgement, all of them
/// are gapless and distinct in both orders, and after a reopen all are there at the same positions, their
/// command ids still duplicates.
pub async fn acknowledged_appends_are_readable_and_survive_reopen(h: &mut impl Harness) {
    const STREAMS: usize = 8;
    const TASKS_PER_STREAM: usize = 6;
    const APPENDS_PER_TASK: usize = 15;
    let store = h.open().await;
    for s in 0..STREAMS {
        store
            .create_stream(&format!("s{s}"), Vec::new())
            .await
            .unwrap();
    }
    let mut tasks = Vec::new();
    for s in 0..STREAMS {
        for t in 0..TASKS_PER_STREAM {
            let store = Arc::clone(&store);
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
                    assert!(store.head(&stream).await.unwrap() >= r.last_version);
                    let read = store
                        .read(&stream, r.first_version, r.last_version)
                        .await
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
    let (total, heads) = check_consistent(&*store).await;
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
    let store = h.reopen(store).await;
    assert_eq!(check_consistent(&*store).await, (total, heads));
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

/// While writers append, readers only ever see a gapless prefix of each stream (forwards and backwards)
/// and of the global order, never shorter than what had been acknowledged when the read started, and never
/// shorter than what the same reader saw before.
pub async fn concurrent_readers_see_gapless_prefixes_of_what_was_acknowledged(
    h: &mut impl Harness,
) {
    const STREAMS: usize = 4;
    const WRITERS_PER_STREAM: usize = 3;
    const APPENDS_PER_WRITER: usize = 20;
    const READERS: usize = 4;
    let store = h.open().await;
    for s in 0..STREAMS {
        store
            .create_stream(&format!("r{s}"), Vec::new())
            .await
            .unwrap();
    }
    // The newest acknowledged version of each stream and global position, raised by writers after each
    // acknowledgement.
    let acked: Arc<Vec<AtomicU64>> = Arc::new((0..STREAMS).map(|_| AtomicU64::new(0)).collect());
    let acked_global = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));

    let readers: Vec<_> = (0..READERS)
        .map(|_| {
            let (store, acked, acked_global, done) = (
                Arc::clone(&store),
                Arc::clone(&acked),
                Arc::clone(&acked_global),
                Arc::clone(&done),
            );
            tokio::spawn(async move {
                let mut seen = [0u64; STREAMS];
                let mut seen_global = 0u64;
                let mut rounds = 0u64;
                // One more round after the writers are done, so the last one reads everything.
                let mut last_round = false;
                while !last_round {
                    last_round = done.load(Ordering::SeqCst);
                    for (s, seen) in seen.iter_mut().enumerate() {
                        let stream = format!("r{s}");
                        let floor = acked[s].load(Ordering::SeqCst);
                        let events = store.read(&stream, 1, u64::MAX).await.unwrap();
                        let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
                        let n = versions.len() as u64;
                        assert_eq!(versions, (1..=n).collect::<Vec<_>>(), "{stream}: a gap");
                        assert!(n >= floor, "{stream}: {n} events, {floor} acknowledged");
                        assert!(n >= *seen, "{stream}: {n} events after {}", *seen);
                        *seen = n;
                        let newest = store.read_backwards(&stream, u64::MAX, 4).await.unwrap();
                        let back: Vec<u64> = newest.iter().map(|e| e.version).collect();
                        let top = back.first().copied().unwrap_or(0);
                        assert!(top >= n, "{stream}: backwards from {top} after {n}");
                        let expected: Vec<u64> = (1..=top).rev().take(4).collect();
                        assert_eq!(back, expected, "{stream}: backwards");
                    }
                    let floor = acked_global.load(Ordering::SeqCst);
                    let global = store.read_global(1, MAX_READ_GLOBAL).await.unwrap();
                    let n = global.len() as u64;
                    assert!(
                        global.iter().zip(1..).all(|(g, p)| g.global == p),
                        "a gap in the global order"
                    );
                    assert!(n >= floor, "{n} global events, {floor} acknowledged");
                    assert!(n >= seen_global, "{n} global events after {seen_global}");
                    seen_global = n;
                    rounds += 1;
                }
                (rounds, seen_global)
            })
        })
        .collect();

    let mut writers = Vec::new();
    for s in 0..STREAMS {
        for w in 0..WRITERS_PER_STREAM {
            let (store, acked, acked_global) = (
                Arc::clone(&store),
                Arc::clone(&acked),
                Arc::clone(&acked_global),
            );
            writers.push(tokio::spawn(async move {
                let stream = format!("r{s}");
                for i in 0..APPENDS_PER_WRITER {
                    let events = ["x"; 3][..1 + i % 3].to_vec();
                    let r = store
                        .append(req(&stream, &format!("w{w}-{i}"), None, &events))
                        .await
                        .unwrap();
                    acked[s].fetch_max(r.last_version, Ordering::SeqCst);
                    acked_global
                        .fetch_max(r.first_global + events.len() as u64 - 1, Ordering::SeqCst);
                }
            }));
        }
    }
    for writer in writers {
        patiently("a writer", writer).await.unwrap();
    }
    done.store(true, Ordering::SeqCst);
    let total: u64 = (0..APPENDS_PER_WRITER as u64)
        .map(|i| 1 + i % 3)
        .sum::<u64>()
        * (WRITERS_PER_STREAM * STREAMS) as u64;
    for reader in readers {
        let (rounds, seen_global) = patiently("a reader", reader).await.unwrap();
        assert!(rounds > 0);
        assert_eq!(seen_global, total, "the last round reads everything");
    }
}

/// What an acknowledged append says of each of its events: global position, stream, version, payload.
pub type Acked = (u64, String, u64, Vec<u8>);

/// Appends `appends` times to `stream` (which must exist), each at the version the last one left, with
/// `events_of(i)` events whose payloads name the stream, the append and the event; returns what was acknowledged.
pub async fn append_in_turn(
    store: &dyn EventStore,
    stream: &str,
    appends: usize,
    events_of: impl Fn(usize) -> usize,
) -> Vec<Acked> {
    let mut acked = Vec::new();
    let mut head = 0;
    for i in 0..appends {
        let payloads: Vec<String> = (0..events_of(i))
            .map(|e| format!("{stream}-{i}-{e}"))
            .collect();
        let payloads: Vec<&str> = payloads.iter().map(String::as_str).collect();
        let r = store
            .append(req(stream, &format!("c{i}"), Some(head), &payloads))
            .await
            .unwrap();
        head = r.last_version;
        for (k, payload) in payloads.iter().enumerate() {
            let k = k as u64;
            acked.push((
                r.first_global + k,
                stream.to_string(),
                r.first_version + k,
                payload.as_bytes().to_vec(),
            ));
        }
    }
    acked
}

/// A reader following the global order (read, and wait on the position watch once caught up) while
/// several tasks append gets every event exactly once, in order, with its stream, version and payload.
pub async fn a_follower_of_the_global_order_sees_every_event_once_in_order(h: &mut impl Harness) {
    const STREAMS: usize = 6;
    const APPENDS_PER_STREAM: usize = 25;
    // Some appends are empty, so positions and versions do not advance in step with appends.
    let events_of = |s: usize, i: usize| if i % 7 == 6 { 0 } else { 1 + (s + i) % 3 };
    let total: u64 = (0..STREAMS)
        .flat_map(|s| (0..APPENDS_PER_STREAM).map(move |i| events_of(s, i) as u64))
        .sum();
    let store = h.open().await;
    for s in 0..STREAMS {
        store
            .create_stream(&format!("f{s}"), Vec::new())
            .await
            .unwrap();
    }

    let follower = {
        let store = Arc::clone(&store);
        tokio::spawn(async move {
            let mut watch = store.watch_position();
            let mut seen: Vec<GlobalRecord> = Vec::new();
            let mut waits = 0;
            while (seen.len() as u64) < total {
                let at = seen.len() as u64;
                // Small pages, so that pages start and end inside appends.
                let page = store.read_global(at + 1, 5).await.unwrap();
                if page.is_empty() {
                    watch.wait_past(at).await.unwrap();
                    waits += 1;
                    continue;
                }
                for record in page {
                    assert_eq!(
                        record.global,
                        seen.len() as u64 + 1,
                        "in order, with no gap and no repeat"
                    );
                    seen.push(record);
                }
            }
            (seen, waits)
        })
    };

    let writers: Vec<_> = (0..STREAMS)
        .map(|s| {
            let store = Arc::clone(&store);
            tokio::spawn(async move {
                append_in_turn(&*store, &format!("f{s}"), APPENDS_PER_STREAM, |i| {
                    events_of(s, i)
                })
                .await
            })
        })
        .collect();
    let mut expected = Vec::new();
    for writer in writers {
        expected.extend(patiently("a writer", writer).await.unwrap());
    }
    expected.sort();
    let (seen, waits) = patiently("the follower", follower).await.unwrap();
    let seen: Vec<(u64, String, u64, Vec<u8>)> = seen
        .into_iter()
        .map(|r| (r.global, r.stream, r.version, r.payload))
        .collect();
    assert_eq!(seen.len() as u64, total);
    assert_eq!(seen, expected);
    // Waiting is how the follower keeps up: it never spins on empty reads.
    assert!(waits <= total, "{waits} waits for {total} events");
    assert!(store.read_global(total + 1, 10).await.unwrap().is_empty());
}

/// The position watch wakes a waiting subscriber once an append's events are readable, and fails once
/// the store is closed.
pub async fn the_position_watch_wakes_subscribers(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("g", Vec::new()).await.unwrap();
    let mut position = store.watch_position();
    assert_eq!(position.current(), 0);
    let writer = Arc::clone(&store);
    let task =
        tokio::spawn(async move { writer.append(req("g", "c1", None, &["e1", "e2"])).await });
    let woken = patiently("the wake-up", position.wait_past(1))
        .await
        .unwrap();
    assert!(woken >= 2);
    assert_eq!(store.read_global(1, 10).await.unwrap().len(), 2);
    task.await.unwrap().unwrap();
    // Already past: answered at once.
    assert_eq!(position.wait_past(0).await.unwrap(), 2);
    assert_eq!(position.current(), 2);

    drop(store);
    let closed = patiently("the watch of a closed store", position.wait_past(2)).await;
    assert!(matches!(closed, Err(StoreError::Io(_))), "{closed:?}");
}

/// Ten appends of one event: `read` is inclusive, and clipped to the head and to version 1.
pub async fn reads_forwards_are_inclusive_and_clipped(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("g", Vec::new()).await.unwrap();
    for i in 1..=10u64 {
        let payload = format!("e{i}");
        store
            .append(req("g", &format!("c{i}"), Some(i - 1), &[payload.as_str()]))
            .await
            .unwrap();
    }
    let mut cases = Vec::new();
    for (from, to) in [(3, 5), (0, 2), (8, 100), (5, 5), (6, 5), (11, 20)] {
        let read = store.read("g", from, to).await.unwrap();
        cases.push(read.into_iter().map(|r| r.version).collect::<Vec<u64>>());
    }
    let expected: [&[u64]; 6] = [&[3, 4, 5], &[1, 2], &[8, 9, 10], &[5], &[], &[]];
    assert_eq!(cases, expected);
    assert_eq!(
        store.read("g", 4, 4).await.unwrap()[0].payload,
        b"e4".to_vec()
    );
}

/// `read_backwards` is the forward read reversed: newest first from `min(to, head)`, at most `limit`,
/// whatever the appends' sizes (empty ones included).
pub async fn reads_backwards_are_newest_first_and_clipped(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("g", Vec::new()).await.unwrap();
    assert!(store
        .read_backwards("g", u64::MAX, 10)
        .await
        .unwrap()
        .is_empty());
    for i in 0..12usize {
        let count = [2, 0, 1, 3][i % 4];
        let payloads: Vec<String> = (0..count).map(|e| format!("{i}.{e}")).collect();
        let payloads: Vec<&str> = payloads.iter().map(String::as_str).collect();
        store
            .append(req("g", &format!("c{i}"), None, &payloads))
            .await
            .unwrap();
    }
    let all = store.read("g", 1, u64::MAX).await.unwrap();
    let head = all.len() as u64;
    assert_eq!(head, 18);
    for to in [0, 1, 2, 3, 5, 6, 9, head - 1, head, head + 1, u64::MAX] {
        for limit in [0, 1, 2, 3, 7, 100] {
            let back = store.read_backwards("g", to, limit).await.unwrap();
            let expected: Vec<_> = all
                .iter()
                .rev()
                .filter(|r| r.version <= to)
                .take(limit)
                .cloned()
                .collect();
            assert_eq!(back, expected, "to {to} limit {limit}");
        }
    }
    // Other streams are not mixed in, on either side of this one's keys.
    store.create_stream("f", Vec::new()).await.unwrap();
    store.create_stream("h", Vec::new()).await.unwrap();
    store.append(req("f", "c", None, &["f1"])).await.unwrap();
    store.append(req("h", "c", None, &["h1"])).await.unwrap();
    let newest = store.read_backwards("g", u64::MAX, 2).await.unwrap();
    assert_eq!(newest, all[16..].iter().rev().cloned().collect::<Vec<_>>());
    let h1 = store.read_backwards("h", 5, 5).await.unwrap();
    assert_eq!((h1.len(), &h1[0].payload), (1, &b"h1".to_vec()));
}

/// Snapshots: the newest at or before a version is found (per stream), a newer write at the same version
/// replaces it, a version past the head is refused, and after a flush they survive a reopen.
pub async fn snapshots_are_found_at_or_before_a_version_and_overwritten(h: &mut impl Harness) {
    let store = h.open().await;
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
    store.put_snapshot("g", 2, b"at-2".to_vec()).await.unwrap();
    store.put_snapshot("g", 5, b"at-5".to_vec()).await.unwrap();
    store
        .put_snapshot("g2", 3, b"other-3".to_vec())
        .await
        .unwrap();
    assert!(matches!(
        store.put_snapshot("g", 7, b"future".to_vec()).await,
        Err(StoreError::InvalidArgument(_))
    ));
    store.flush().await.unwrap();

    let store = h.reopen(store).await;
    let at = |stream: &'static str, version| {
        let store = Arc::clone(&store);
        async move { store.snapshot_at_or_before(stream, version).await.unwrap() }
    };
    assert_eq!(at("g", 1).await, None);
    assert_eq!(at("g", 2).await, Some((2, b"at-2".to_vec())));
    assert_eq!(at("g", 4).await, Some((2, b"at-2".to_vec())));
    assert_eq!(at("g", 99).await, Some((5, b"at-5".to_vec())));
    assert_eq!(at("g2", 99).await, Some((3, b"other-3".to_vec())));
    // Overwriting a snapshot at the same version keeps the newest bytes.
    store
        .put_snapshot("g", 5, b"at-5-again".to_vec())
        .await
        .unwrap();
    assert_eq!(at("g", 6).await, Some((5, b"at-5-again".to_vec())));
}

/// Every per-stream method is `NotFound` for a stream never created; meta is fixed at creation and a
/// second creation is refused.
pub async fn meta_is_immutable_and_unknown_streams_are_not_found(h: &mut impl Harness) {
    let store = h.open().await;
    let not_found = Some(StoreError::NotFound);
    assert_eq!(store.head("nope").await.err(), not_found);
    assert_eq!(store.meta("nope").await.err(), not_found);
    assert_eq!(store.read("nope", 1, 5).await.err(), not_found);
    assert_eq!(store.read_backwards("nope", 5, 5).await.err(), not_found);
    assert_eq!(store.commands("nope").await.err(), not_found);
    assert_eq!(
        store.snapshot_at_or_before("nope", 5).await.err(),
        not_found
    );
    assert_eq!(
        store.put_snapshot("nope", 0, Vec::new()).await.err(),
        not_found
    );
    assert_eq!(
        store.append(req("nope", "c", None, &["e"])).await.err(),
        not_found
    );
    store.create_stream("g", b"first".to_vec()).await.unwrap();
    assert_eq!(
        store.create_stream("g", b"second".to_vec()).await,
        Err(StoreError::AlreadyExists)
    );
    assert_eq!(store.meta("g").await.unwrap(), b"first".to_vec());
}

/// Streams are listed in name order, in pages after a name, each with its durable head and its newest
/// summary (an append without one keeps the previous).
pub async fn streams_are_listed_in_pages_with_heads_and_summaries(h: &mut impl Harness) {
    let store = h.open().await;
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
        let page = store.list_streams(after.as_deref(), 10).await.unwrap();
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
    assert!(store
        .list_streams(Some("game-24"), 10)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        store.list_streams(Some("game-1"), 1).await.unwrap()[0].name,
        "game-10"
    );
    assert!(store.list_streams(None, 0).await.unwrap().is_empty());
}

/// Inputs over the limits are refused with typed errors that name sizes, not payloads, and write nothing;
/// inputs exactly at the limits are accepted.
pub async fn limits_are_refused_before_anything_is_written(h: &mut impl Harness) {
    let store = h.open().await;
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
    assert_eq!(store.head("g").await.unwrap(), 0);
    assert!(store.commands("g").await.unwrap().is_empty());

    // Exactly at the limits is fine.
    let mut edge = req("g", &"y".repeat(MAX_COMMAND_ID_BYTES), Some(0), &[]);
    edge.events = vec![vec![1u8; MAX_EVENT_BYTES]];
    assert_eq!(store.append(edge).await.unwrap().last_version, 1);
}

/// After a reopen, heads, meta and the global counter continue where they were.
pub async fn reopen_recovers_heads_and_the_global_counter(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("a", b"A".to_vec()).await.unwrap();
    store.create_stream("b", b"B".to_vec()).await.unwrap();
    store
        .append(req("a", "1", Some(0), &["a1", "a2"]))
        .await
        .unwrap();
    store.append(req("b", "1", Some(0), &["b1"])).await.unwrap();

    let store = h.reopen(store).await;
    assert_eq!(store.head("a").await.unwrap(), 2);
    assert_eq!(store.head("b").await.unwrap(), 1);
    assert_eq!(store.watch_position().current(), 3);
    assert_eq!(store.meta("a").await.unwrap(), b"A".to_vec());
    assert_eq!(
        store.append(req("a", "2", Some(0), &["x"])).await,
        Err(StoreError::Conflict {
            expected: 0,
            actual: 2
        })
    );
    let r = store.append(req("b", "2", Some(1), &["b2"])).await.unwrap();
    assert_eq!((r.first_version, r.first_global), (2, 4));
    check_consistent(&*store).await;
}

/// A stored event that no longer decodes is `Corrupt` for every read that meets it (naming the damage,
/// never quoting the payload), while the reads that do not meet it still work.
pub async fn a_damaged_event_reads_as_corrupt(h: &mut impl Harness) {
    let store = h.open().await;
    store.create_stream("g", Vec::new()).await.unwrap();
    for (i, payload) in ["secret-1", "secret-2", "secret-3"].into_iter().enumerate() {
        let i = i as u64;
        store
            .append(req("g", &format!("c{}", i + 1), Some(i), &[payload]))
            .await
            .unwrap();
    }
    let (store, damage) = h.damage_event(store, "g", 2).await;
    let is_corrupt = |what: &str, result: Result<(), StoreError>| match result {
        Err(StoreError::Corrupt(msg)) => {
            assert!(msg.contains(damage), "{what}: {msg}");
            assert!(!msg.contains("secret"), "{what}: {msg}");
        }
        other => panic!("{what}: expected Corrupt, got {other:?}"),
    };
    assert_eq!(store.read("g", 1, 1).await.unwrap().len(), 1);
    is_corrupt("read", store.read("g", 1, 3).await.map(drop));
    is_corrupt("read_global", store.read_global(1, 10).await.map(drop));
    is_corrupt(
        "read_backwards",
        store.read_backwards("g", 3, 3).await.map(drop),
    );
    assert_eq!(
        store.read("g", 3, 3).await.unwrap()[0].payload,
        b"secret-3".to_vec()
    );
}

/// One append to `other`, which damage to `g` must leave readable, then three appends of one event each to `g`
/// (payloads `secret-1..3`): the store's last write is `g`'s.
async fn three_appends_and_another_stream(store: &dyn EventStore) {
    for name in ["g", "other"] {
        store.create_stream(name, Vec::new()).await.unwrap();
    }
    store
        .append(req("other", "o1", Some(0), &["o"]))
        .await
        .unwrap();
    for i in 0..3u64 {
        let payload = format!("secret-{}", i + 1);
        store
            .append(req("g", &format!("c{}", i + 1), Some(i), &[&payload]))
            .await
            .unwrap();
    }
}

/// `result` is `Corrupt`, with a message that does not quote a payload.
fn corrupt<T: std::fmt::Debug>(what: &str, result: Result<T, StoreError>) {
    match result {
        Err(StoreError::Corrupt(msg)) => assert!(!msg.contains("secret"), "{what}: {msg}"),
        other => panic!("{what}: expected Corrupt, got {other:?}"),
    }
}

/// Applies `damage` to `g` after [`three_appends_and_another_stream`]: the store to read, or `None` when the
/// backend has no such record or refused to open (`Corrupt`, checked here).
async fn damaged(h: &mut impl Harness, damage: Damage) -> Option<Arc<dyn EventStore>> {
    let store = h.open().await;
    three_appends_and_another_stream(&*store).await;
    match h.damage(store, "g", damage).await? {
        Ok(store) => Some(store),
        Err(e) => {
            corrupt(&format!("open after {damage:?}"), Err::<(), _>(e));
            None
        }
    }
}

/// A stream's event record that is gone is `Corrupt` for every read that would return it or pass it (never a
/// shorter history, never the next event in its place), while the other stream still reads.
pub async fn a_deleted_event_is_corrupt_for_every_read_that_meets_it(h: &mut impl Harness) {
    let Some(store) = damaged(h, Damage::DeleteEvent(2)).await else {
        return;
    };
    corrupt("read", store.read("g", 1, 3).await);
    corrupt("read to the end", store.read("g", 0, u64::MAX).await);
    corrupt("read from it", store.read("g", 2, 2).await);
    corrupt(
        "read_backwards",
        store.read_backwards("g", u64::MAX, 10).await,
    );
    corrupt("read_global", store.read_global(1, 10).await);
    assert_eq!(store.read("g", 1, 1).await.unwrap().len(), 1);
    assert_eq!(store.read("other", 1, 1).await.unwrap().len(), 1);
}

/// The reads and the next append of a stream whose head and events disagree.
async fn head_and_events_disagree(store: &dyn EventStore) {
    corrupt("head", store.head("g").await);
    corrupt("read", store.read("g", 1, u64::MAX).await);
    corrupt(
        "read_backwards",
        store.read_backwards("g", u64::MAX, 10).await,
    );
    corrupt("commands", store.commands("g").await);
    corrupt("last_commands", store.last_commands("g", 1).await);
    // The listing names the damaged stream as damaged and lists the other whole, on the same page.
    let listed = store.list_streams(None, 10).await.unwrap();
    let marks: Vec<(&str, bool)> = listed
        .iter()
        .map(|l| (l.name.as_str(), l.damaged.is_some()))
        .collect();
    assert_eq!(marks, [("g", true), ("other", false)]);
    let problem = listed[0].damaged.as_deref().unwrap();
    assert!(!problem.contains("secret"), "{problem}");
    assert_eq!((listed[0].summary.as_ref(), listed[0].head), (None, 0));
    assert_eq!(listed[1].head, 1);
    corrupt(
        "an append at the head it says",
        store.append(req("g", "c4", None, &["e4"])).await,
    );
    corrupt(
        "a repeated command",
        store.append(req("g", "c3", None, &["e3"])).await,
    );
    assert_eq!(store.read("other", 1, 1).await.unwrap().len(), 1);
    store
        .append(req("other", "o2", Some(1), &["o2"]))
        .await
        .unwrap();
}

/// A head one below the stream's events (the last acknowledged event would vanish) is `Corrupt` for every read
/// of the stream and for the next append to it (not a conflict or an outage, ever), while other streams go on.
pub async fn a_lowered_head_is_corrupt_and_so_is_the_next_append(h: &mut impl Harness) {
    if let Some(store) = damaged(h, Damage::LowerHead).await {
        head_and_events_disagree(&*store).await;
    }
}

/// A head one above the stream's events is `Corrupt` in the listing as in every other read, and for the next
/// append.
pub async fn a_raised_head_is_corrupt_and_so_is_the_next_append(h: &mut impl Harness) {
    if let Some(store) = damaged(h, Damage::RaiseHead).await {
        head_and_events_disagree(&*store).await;
    }
}

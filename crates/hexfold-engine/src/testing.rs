//! Helpers for tests of the engine and of what is built on it (`test-support`): the engine's answers unconverted
//! ([`Plain`]), sled's store as the server holds it, a game of base Catan with its seats' credentials, and a store
//! wrapper that counts the engine's calls ([`Counting`]).

use crate::lock;
use crate::stored::{self, StoredGame};
use crate::{
    Actions, CommandId, Credential, Engine, EngineError, EventAt, Limits, SeatNames, Shared,
    Submit, Update, Wire,
};
use hexfold_rules::catan::{Catan, Command};
use hexfold_sled::{Durability, SledConfig, SledStore};
use hexfold_store::{
    AppendRequest, Appended, BoxFuture, CommandRecord, EventStore, GlobalEntry, GlobalRecord,
    PositionWatch, Recorded, Snapshot, StoreError, StreamListing,
};
use std::sync::Arc;
use tokio::sync::{watch, Semaphore};

/// The engine's answers as they are, in rules types: the wire of an in-process caller.
pub struct Plain;

impl<G: StoredGame> Wire<G> for Plain {
    type Event = EventAt<G::EventView>;
    type Update = Update<EventAt<G::EventView>>;
    type Actions = Actions<G::Command>;
    type Error = EngineError;

    fn event(_: &str, at: EventAt<G::EventView>) -> Self::Event {
        at
    }

    fn update(update: Update<Self::Event>) -> Self::Update {
        update
    }

    fn actions(actions: &Actions<G::Command>) -> Self::Actions {
        actions.clone()
    }

    fn farewell(_: crate::metrics::StreamKind, error: EngineError) -> EngineError {
        error
    }
}

pub fn submit(
    game_id: &str,
    step: u64,
    expected: Option<u64>,
    command: Command,
) -> Submit<Command> {
    Submit {
        game_id: game_id.to_string(),
        command_id: CommandId::new(format!("c{step}")).unwrap(),
        expected_version: expected,
        command,
        with_legal_actions: false,
    }
}

/// sled's store in `dir`, as the server holds it.
pub fn sled_store(dir: &std::path::Path) -> Arc<dyn EventStore> {
    let config = SledConfig {
        durability: Durability::Flush,
    };
    Arc::new(SledStore::open(dir, config).unwrap())
}

/// What an engine shares, over `store`.
pub fn shared_over(store: Arc<dyn EventStore>, other_writers: bool) -> Arc<Shared> {
    // The shutdown signal's sender goes at once: only stream tasks watch it, and these tests open none.
    let (_, shutdown) = watch::channel(false);
    Arc::new(Shared {
        store,
        limits: Limits::default(),
        streams: Arc::new(Semaphore::new(16)),
        shutdown,
        other_writers,
        clock: Arc::new(crate::SystemClock),
        thinkers: crate::Thinkers::new(&Limits::default()),
    })
}

/// An engine for base Catan over `store`, and a new four-seat game: its id and the seats' credentials.
pub async fn catan_game(store: Arc<dyn EventStore>) -> (Engine<Catan>, String, Vec<Credential>) {
    catan_game_timed(store, 0).await
}

/// [`catan_game`] with a turn timer of `turn_seconds` (0: none).
pub async fn catan_game_timed(
    store: Arc<dyn EventStore>,
    turn_seconds: u32,
) -> (Engine<Catan>, String, Vec<Credential>) {
    let engine = Engine::<Catan>::new(shared_over(store, false));
    let seats = SeatNames::new(["a", "b", "c", "d"].map(String::from).to_vec()).unwrap();
    let options = stored::StoredOptions {
        map: "MAP_KIND_UNSPECIFIED".into(),
        victory_points: 0,
        negotiated_defence: false,
        turn_seconds,
        reserve_seconds: 0,
    };
    // What the API's default options resolve to for four seats.
    let config = hexfold_rules::catan::Config {
        seats: 4,
        map: hexfold_rules::catan::MapKind::Beginner,
        points_to_win: hexfold_rules::catan::POINTS_TO_WIN,
    };
    let created = engine
        .create(seats, Default::default(), options, config)
        .await
        .unwrap();
    let creds = created
        .seats
        .iter()
        .map(|(_, token)| Credential::from_token(token))
        .collect();
    (engine, created.game_id, creds)
}

/// A store that hands every call to another (sled's, here) and records each: the method, and whether the answer
/// was ready at the first poll. sled's backend never touches sled on the caller's task (its reads go to its
/// reader threads, so their first poll is pending), so a call ready at once was answered from memory.
pub struct Counting {
    inner: Arc<dyn EventStore>,
    calls: std::sync::Mutex<Vec<(&'static str, bool)>>,
    /// Reads of the global order or its index: how many, how many came back empty, and the last position any
    /// returned, for a test to wait on a follower.
    pub global_reads: watch::Sender<GlobalReads>,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct GlobalReads {
    pub calls: usize,
    pub empty: usize,
    pub reached: u64,
}

impl Counting {
    pub fn new(inner: Arc<dyn EventStore>) -> Counting {
        Counting {
            inner,
            calls: Default::default(),
            global_reads: watch::channel(GlobalReads::default()).0,
        }
    }

    /// Notes a read of the global order that returned `positions`.
    fn read_globally(&self, positions: impl Iterator<Item = u64>) {
        let last = positions.last();
        self.global_reads.send_modify(|reads| {
            reads.calls += 1;
            match last {
                Some(last) => reads.reached = reads.reached.max(last),
                None => reads.empty += 1,
            }
        });
    }

    /// The calls recorded since the last `take`, in the order they were first polled, with whether each was ready
    /// then.
    pub fn take(&self) -> Vec<(&'static str, bool)> {
        std::mem::take(&mut *lock(&self.calls))
    }

    /// The methods called since the last `take`, in the order they were first polled.
    pub fn methods(&self) -> Vec<&'static str> {
        self.take().into_iter().map(|(method, _)| method).collect()
    }

    fn counted<'a, T: Send + 'a>(
        &'a self,
        method: &'static str,
        mut call: BoxFuture<'a, T>,
    ) -> BoxFuture<'a, T> {
        Box::pin(async move {
            let mut first = true;
            std::future::poll_fn(|cx| {
                let poll = call.as_mut().poll(cx);
                if std::mem::take(&mut first) {
                    lock(&self.calls).push((method, poll.is_ready()));
                }
                poll
            })
            .await
        })
    }
}

impl EventStore for Counting {
    fn create_stream<'a>(
        &'a self,
        stream: &'a str,
        meta: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        self.counted("create_stream", self.inner.create_stream(stream, meta))
    }

    fn meta<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<Vec<u8>, StoreError>> {
        self.counted("meta", self.inner.meta(stream))
    }

    fn head<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<u64, StoreError>> {
        self.counted("head", self.inner.head(stream))
    }

    fn append(&self, req: AppendRequest) -> BoxFuture<'_, Result<Appended, StoreError>> {
        self.counted("append", self.inner.append(req))
    }

    fn read<'a>(
        &'a self,
        stream: &'a str,
        from: u64,
        to: u64,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>> {
        self.counted("read", self.inner.read(stream, from, to))
    }

    fn read_backwards<'a>(
        &'a self,
        stream: &'a str,
        to: u64,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>> {
        let call = self.inner.read_backwards(stream, to, limit);
        self.counted("read_backwards", call)
    }

    fn read_global(
        &self,
        from_global: u64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<GlobalRecord>, StoreError>> {
        let call = self.counted("read_global", self.inner.read_global(from_global, limit));
        Box::pin(async move {
            let records = call.await?;
            self.read_globally(records.iter().map(|r| r.global));
            Ok(records)
        })
    }

    fn read_global_index(
        &self,
        from_global: u64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<GlobalEntry>, StoreError>> {
        let call = self.inner.read_global_index(from_global, limit);
        let call = self.counted("read_global_index", call);
        Box::pin(async move {
            let entries = call.await?;
            self.read_globally(entries.iter().map(|e| e.global));
            Ok(entries)
        })
    }

    fn watch_position(&self) -> PositionWatch {
        lock(&self.calls).push(("watch_position", true));
        self.inner.watch_position()
    }

    fn commands<'a>(
        &'a self,
        stream: &'a str,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>> {
        self.counted("commands", self.inner.commands(stream))
    }

    fn last_commands<'a>(
        &'a self,
        stream: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>> {
        self.counted("last_commands", self.inner.last_commands(stream, limit))
    }

    fn find_command<'a>(
        &'a self,
        stream: &'a str,
        command_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<CommandRecord>, StoreError>> {
        let call = self.inner.find_command(stream, command_id);
        self.counted("find_command", call)
    }

    fn put_snapshot<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
        bytes: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        let call = self.inner.put_snapshot(stream, version, bytes);
        self.counted("put_snapshot", call)
    }

    fn snapshot_at_or_before<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
    ) -> BoxFuture<'a, Result<Option<Snapshot>, StoreError>> {
        let call = self.inner.snapshot_at_or_before(stream, version);
        self.counted("snapshot_at_or_before", call)
    }

    fn list_streams<'a>(
        &'a self,
        after: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<StreamListing>, StoreError>> {
        self.counted("list_streams", self.inner.list_streams(after, limit))
    }

    fn flush(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        self.counted("flush", self.inner.flush())
    }
}

/// Plays `steps` commands of a game, each the first legal action of the first seat that may act, under the
/// command ids `c0`, `c1`, ....
pub async fn play_first(engine: &Engine<Catan>, id: &str, creds: &[Credential], steps: u64) {
    for step in 0..steps {
        let (seat, actions) = acting(engine, id, creds).await;
        let command = actions.commands[0].clone();
        engine
            .submit::<Plain>(
                creds[seat],
                submit(id, step, Some(actions.version), command),
            )
            .await
            .unwrap();
    }
}

/// The first seat that may act at the head, with its legal actions.
pub async fn acting(
    engine: &Engine<Catan>,
    id: &str,
    creds: &[Credential],
) -> (usize, Actions<Command>) {
    for (seat, cred) in creds.iter().enumerate() {
        let actions = engine.legal_actions(*cred, id).await.unwrap();
        if !actions.commands.is_empty() {
            return (seat, actions);
        }
    }
    panic!("nobody may act in {id}");
}

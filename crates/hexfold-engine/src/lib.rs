//! The generic game engine: everything the server does with a game, written once over the rules crate's
//! [`Game`](hexfold_rules::Game) (plus its [`StoredGame`] schema), in rules types. It knows no protocol: this
//! crate depends on no tonic, prost or protobuf type, so the compiler holds that; what went wrong is an
//! [`EngineError`] in the engine's words, and the edge (the `hexfold` server) maps it to a status.
//!
//! The engine keeps the I/O; the platform's rules are `hexfold-table`'s. The flow of a command: authenticate the
//! seat, take the game's lock, let the table decide against the cached head state and fold the accepted events into
//! it (the table times the snapshots and reveals the seed with the events that end the game), append the batch
//! with the expected version and its snapshots in one store batch, put the new head back, publish the batch to the
//! game's subscribers and the new [`Turn`] to the seats of its `Play` sessions that may act, and answer with the
//! events as the caller may see them (and, if asked, the caller's legal actions at the new version).
//!
//! The engine speaks rules and table types only, never protobuf: the caller at the edge says how views, lists and
//! errors travel through a [`Wire`], and converts them there, once, outside the game's lock.
//!
//! Subsystems, one module each: the head-state cache and the game locks (`cache`), seat authentication (`auth`),
//! the command path (`command`), reads and streams (`read`), `Play` turns (`turns`), the batches of other servers on
//! a shared store (`follow`), and every call to the event store (`storage`).
//!
//! Limits: at most `cached_games` head states stay in memory (least recently used first out; a game in use is
//! never evicted, so its lock is unique); each subscriber has a buffer of `subscriber_buffer` batches and is ended
//! as overloaded when it falls further behind; at most `max_subscribers` streams run at once. Searches (the expert
//! bots' decisions, `analyze`) run on blocking threads outside the async workers, at most `bot_threads` and
//! `analysis_threads` at once ([`Thinkers`]), each within its budget, so they never hold up a client's command.

mod analysis;
mod auth;
mod bots;
mod cache;
mod clock;
mod command;
mod error;
mod follow;
pub mod metrics;
mod read;
mod retry;
mod storage;
pub mod stored;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;
mod timers;
mod turns;

pub use analysis::Analysis;
pub use auth::Credential;
pub use bots::{BOT_COMMANDS_AT_ONCE, BOT_STREAM, OPTIONAL_MAX};
pub use cache::{check_game_id, MAX_GAME_ID_BYTES};
pub use clock::{
    Clock, Deadline, ManualClock, SystemClock, Timer, MAX_RESERVE_SECONDS, MAX_TURN_SECONDS,
};
pub use command::{
    Answer, BotSeats, CommandId, Created, SeatNames, Submit, MAX_SEAT_NAME_BYTES,
    SERVER_COMMAND_ID_PREFIXES,
};
pub use error::{EngineError, GAME_DAMAGED, OFF_THE_TABLE};
pub use read::{FinishedGame, ReadRange, StateAt, Summary, Update};
pub use retry::{BACKOFF_FIRST_MS, BACKOFF_MAX_MS};
pub use storage::{EventAt, PlayedCommand};
pub use timers::TIMEOUT_STREAM;
pub use turns::{Actions, Ended, Listed, Turn, TurnWatch};

use crate::metrics::{OpenStream, StreamKind};
use crate::stored::StoredGame;
use hexfold_rules::bot::Budget;
use hexfold_store::EventStore;
use hexfold_table::Snapshots;
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::{mpsc, watch, OwnedSemaphorePermit, Semaphore};

/// Tunables of the engine; see the module docs for what happens at each limit.
#[derive(Clone, Debug)]
pub struct Limits {
    /// A snapshot of the state is stored at every multiple of this version, so any state costs at most this many
    /// folds.
    pub snapshot_every: u64,
    pub cached_games: usize,
    /// Batches (one per command) a subscriber may lag behind before it is ended.
    pub subscriber_buffer: usize,
    pub max_subscribers: usize,
    /// What one decision of an expert bot seat may take (simulations, think time, playout turns).
    pub bot_budget: Budget,
    /// Expert decisions computed at once over every game, each on a blocking thread: the CPU share bots may use.
    pub bot_threads: usize,
    /// What one `analyze` call may take at most (simulations, time); its turns are ignored.
    pub analysis_budget: Budget,
    /// `analyze` calls computed at once, each on a blocking thread; another is refused as overloaded.
    pub analysis_threads: usize,
}

/// Blocking threads for searches by default: half the machine's cores, at least one.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            snapshot_every: 64,
            cached_games: 1024,
            subscriber_buffer: 256,
            max_subscribers: 10_000,
            bot_budget: Budget::DEFAULT,
            bot_threads: default_threads(),
            analysis_budget: Budget {
                sims: 1_000,
                think: Some(std::time::Duration::from_secs(2)),
                turns: Some(0),
            },
            analysis_threads: default_threads(),
        }
    }
}

/// The permits of the searches that run on blocking threads: the expert bots' decisions and `analyze` calls,
/// each kind bounded by its `Limits` count.
#[derive(Debug)]
pub struct Thinkers {
    pub(crate) bots: Arc<Semaphore>,
    pub(crate) analysis: Arc<Semaphore>,
}

impl Thinkers {
    pub fn new(limits: &Limits) -> Thinkers {
        let permits = |n: usize| Arc::new(Semaphore::new(n.clamp(1, Semaphore::MAX_PERMITS)));
        Thinkers {
            bots: permits(limits.bot_threads),
            analysis: permits(limits.analysis_threads),
        }
    }
}

/// What every engine shares: the store, the limits, the stream permits and the shutdown signal.
pub struct Shared {
    /// The event store, whichever backend it is: the engine and the service speak only the trait, whose
    /// calls never block the calling worker.
    pub store: Arc<dyn EventStore>,
    pub limits: Limits,
    /// One permit per running stream task; shutdown waits until all of them are back.
    pub streams: Arc<Semaphore>,
    /// Turns `true` when the server begins to shut down; stream tasks end on it.
    pub shutdown: watch::Receiver<bool>,
    /// Whether other servers may append to the store too (PostgreSQL's): then a cached head can be behind, and a
    /// command the rules refuse on it is decided again if the store's head has moved (see `command.rs`).
    pub other_writers: bool,
    /// The time the turn timers read and wait on: the system's in `serve`, a manual one in tests.
    pub clock: Arc<dyn Clock>,
    /// The permits of the searches on blocking threads (`Thinkers::new(&limits)`).
    pub thinkers: Thinkers,
}

impl Shared {
    /// A permit for one more running stream of `kind`, or [`EngineError::Overloaded`] at the limit.
    pub fn stream_permit(&self, kind: StreamKind) -> Result<StreamPermit, EngineError> {
        let permit = Arc::clone(&self.streams).try_acquire_owned().map_err(|_| {
            crate::metrics::load_shed(crate::metrics::Shed::Streams);
            EngineError::Overloaded(format!(
                "the server already runs {} streams; try again later",
                self.limits.max_subscribers
            ))
        })?;
        Ok(StreamPermit {
            _permit: permit,
            _open: OpenStream::new(kind),
        })
    }

    fn snapshots(&self) -> Snapshots {
        Snapshots::every(self.limits.snapshot_every)
    }
}

/// One running stream's share of the stream limit, counted among the open streams of its kind while it lives.
#[derive(Debug)]
pub struct StreamPermit {
    _permit: OwnedSemaphorePermit,
    _open: OpenStream,
}

/// How the caller at the edge wants the engine's answers: the engine hands it each event view and each list of
/// legal actions, in rules types, and it returns them in its own (the gRPC service's adapter: protobuf messages).
/// Conversions run outside the game's lock, once per item, as the items are sent.
pub trait Wire<G: StoredGame>: 'static {
    /// One event, as delivered.
    type Event: Send + 'static;
    /// One item of a `Subscribe` stream: an event or the caught-up marker.
    type Update: Send + 'static;
    /// A seat's legal actions, as delivered.
    type Actions;
    /// The failure that ends a stream.
    type Error: Send + 'static;

    fn event(game_id: &str, at: EventAt<G::EventView>) -> Self::Event;
    fn update(update: Update<Self::Event>) -> Self::Update;
    fn actions(actions: &Actions<G::Command>) -> Self::Actions;
    /// The failure that ends a stream of `kind`, as delivered; the edge logs it as it logs a refused call.
    fn farewell(kind: StreamKind, error: EngineError) -> Self::Error;
}

/// Items of a server stream: the wire's items or the error that ends the stream.
pub type StreamTx<T, E> = mpsc::Sender<Result<T, E>>;

/// The engine of one rule set `G`: the cache of its games' heads (with their locks), their live channels and
/// their `Play` turns, over the store and limits every engine shares.
pub struct Engine<G: StoredGame> {
    shared: Arc<Shared>,
    slots: Mutex<cache::SlotCache<G>>,
    channels: read::Channels<G>,
    turns: turns::Turns<G::Command>,
    /// The global positions this engine appended, for the follower to pass over (see `follow`).
    own: follow::Own,
    /// The games whose bot seats this engine is playing now (see `bots`).
    drivers: bots::Drivers,
    /// The games whose turn timers this engine is running (see `timers`).
    timers: timers::Timers,
    /// The engine itself, for the bot drivers it spawns; dangling for an engine made by [`Engine::new`].
    me: Weak<Engine<G>>,
    /// Its commands' and its cache's metrics, labelled with the game's name.
    metrics: crate::metrics::GameMetrics,
}

impl<G: StoredGame> Engine<G> {
    /// An engine that plays no bot seats (it cannot spawn their drivers): for tests of everything else.
    pub fn new(shared: Arc<Shared>) -> Engine<G> {
        Engine::with_self(shared, Weak::new())
    }

    /// The server's engine: it plays the bot seats of its games and runs their turn timers, and, when made inside
    /// a tokio runtime, looks for games whose bots were to move or whose timers were running when the store was
    /// last served ([`Engine::resume_bots`]).
    pub fn new_shared(shared: Arc<Shared>) -> Arc<Engine<G>> {
        let engine = Arc::new_cyclic(|me| Engine::with_self(shared, me.clone()));
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(Arc::clone(&engine).resume_bots());
        }
        engine
    }

    fn with_self(shared: Arc<Shared>, me: Weak<Engine<G>>) -> Engine<G> {
        let capacity = shared.limits.cached_games.max(1);
        Engine {
            shared,
            slots: Mutex::new(cache::SlotCache::new(capacity)),
            channels: Default::default(),
            turns: Default::default(),
            own: Default::default(),
            drivers: Default::default(),
            timers: Default::default(),
            me,
            metrics: crate::metrics::GameMetrics::new(G::ID_PREFIX),
        }
    }
}

/// Locks a std mutex, recovering from poisoning: the protected maps stay consistent at every await-free step.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Sends one stream item; `false` when the client has gone or the server is shutting down.
pub async fn send<T, E>(
    tx: &StreamTx<T, E>,
    item: Result<T, E>,
    shutdown: &mut watch::Receiver<bool>,
) -> bool {
    tokio::select! {
        sent = tx.send(item) => sent.is_ok(),
        _ = shutdown.wait_for(|stopping| *stopping) => false,
    }
}

/// Ends a stream of `kind` with an error. While shutting down it is delivered only if there is room at once (the
/// client may be the reason the stream is stuck); otherwise it waits for room like any item.
async fn farewell<G: StoredGame, W: Wire<G>, T>(
    tx: &StreamTx<T, W::Error>,
    kind: StreamKind,
    error: EngineError,
    shutdown: &mut watch::Receiver<bool>,
) {
    let error = W::farewell(kind, error);
    if *shutdown.borrow() {
        let _ = tx.try_send(Err(error));
    } else {
        send(tx, Err(error), shutdown).await;
    }
}

#[cfg(test)]
mod tests;

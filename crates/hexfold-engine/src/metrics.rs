//! The engine's metrics, recorded through the `metrics` facade, whose macros do nothing until a recorder is
//! installed: its open streams, the streams it sheds, and per game its cache and the damaged games its start
//! passed. The edge installs the recorder (the server's `--metrics-listen`), calls [`start_recording`], lists
//! every name with its help text and serves them; labels take values from fixed sets (variants, stream kinds,
//! limits). Commands are counted at the edge, where an
//! [`EngineError`](crate::EngineError) has its status code.

use metrics::{Counter, Gauge};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// Requests refused because a limit was full, by `limit`: `requests` (the concurrency limit) or `streams`.
pub const LOAD_SHED: &str = "hexfold_load_shed_total";
/// Server streams open now, by `kind`: `subscribe`, `subscribe_all`, `read_events`, `play`, `export`.
pub const OPEN_STREAMS: &str = "hexfold_open_streams";
/// Head states in the cache now, by `variant`.
pub const CACHED_GAMES: &str = "hexfold_cached_games";
/// Lookups of a game whose head state was not cached (read from the store), by `variant`.
pub const CACHE_MISSES: &str = "hexfold_cache_misses_total";
/// Games the start's scan for bots and turn timers to resume went past because their stored records are damaged
/// (each also logged at `warn` with its id), by `variant`. Their bots and timers stay stopped; the others resume.
pub const RESUME_DAMAGED: &str = "hexfold_resume_damaged_games_total";
/// Listings of the store's games that failed during the start's scan for bots and turn timers to resume (each
/// logged at `warn`, then tried again after a pause; see `Engine::resume_bots`), by `variant`.
pub const RESUME_LISTING_FAILED: &str = "hexfold_resume_listing_failures_total";

/// Whether a recorder is installed: the server's recording points look at this first, so a server without
/// `--metrics-listen` does not even build their keys.
static RECORDING: AtomicBool = AtomicBool::new(false);

pub fn recording() -> bool {
    RECORDING.load(Ordering::Relaxed)
}

/// Called by the edge once it has installed a recorder: from then on the engine and its store record, and the
/// series that exist from the start are registered at zero, so an alert on their rate sees them before the first
/// event.
pub fn start_recording() {
    RECORDING.store(true, Ordering::Relaxed);
    hexfold_store::metrics::start_recording();
    for limit in [Shed::Requests, Shed::Streams] {
        limit.counter().absolute(0);
    }
    for kind in StreamKind::ALL {
        kind.gauge().set(0.0);
    }
}

/// The metrics of one game's engine, labelled with its `variant`: its cache.
#[derive(Debug)]
pub struct GameMetrics {
    variant: &'static str,
    cached: OnceLock<Gauge>,
    misses: OnceLock<Counter>,
}

impl GameMetrics {
    pub fn new(variant: &'static str) -> GameMetrics {
        GameMetrics {
            variant,
            cached: OnceLock::new(),
            misses: OnceLock::new(),
        }
    }

    /// The cache holds `len` head states of this game.
    pub fn cached_games(&self, len: usize) {
        if !recording() {
            return;
        }
        self.cached
            .get_or_init(|| metrics::gauge!(CACHED_GAMES, "variant" => self.variant))
            .set(len as f64);
    }

    /// The start's resume scan went past `games` damaged games (0 too, so that the series exists from the start).
    pub fn resume_damaged(&self, games: u64) {
        if !recording() {
            return;
        }
        metrics::counter!(RESUME_DAMAGED, "variant" => self.variant).increment(games);
    }

    /// `failures` listings of the start's resume scan failed (each is tried again after a pause); the scan counts
    /// 0 when it begins, so that the series exists from the start like the damaged games'.
    pub fn resume_listing_failed(&self, failures: u64) {
        if !recording() {
            return;
        }
        metrics::counter!(RESUME_LISTING_FAILED, "variant" => self.variant).increment(failures);
    }

    /// A lookup of a game the cache did not answer.
    pub fn cache_miss(&self) {
        if !recording() {
            return;
        }
        self.misses
            .get_or_init(|| metrics::counter!(CACHE_MISSES, "variant" => self.variant))
            .increment(1);
    }
}

/// The limit a shed request met.
#[derive(Clone, Copy, Debug)]
pub enum Shed {
    Requests,
    Streams,
}

impl Shed {
    /// Its series, registered on first use (by [`start_recording`]).
    fn counter(self) -> &'static Counter {
        static COUNTERS: [OnceLock<Counter>; 2] = [const { OnceLock::new() }; 2];
        let (index, label) = match self {
            Shed::Requests => (0, "requests"),
            Shed::Streams => (1, "streams"),
        };
        COUNTERS[index].get_or_init(|| metrics::counter!(LOAD_SHED, "limit" => label))
    }
}

/// One request refused at a full `limit`.
pub fn load_shed(limit: Shed) {
    if !recording() {
        return;
    }
    limit.counter().increment(1);
}

/// The kinds of server stream, each counted in [`OPEN_STREAMS`] while it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamKind {
    Subscribe,
    SubscribeAll,
    ReadEvents,
    Play,
    Export,
}

impl StreamKind {
    pub const ALL: [StreamKind; 5] = [
        StreamKind::Subscribe,
        StreamKind::SubscribeAll,
        StreamKind::ReadEvents,
        StreamKind::Play,
        StreamKind::Export,
    ];

    fn label(self) -> &'static str {
        match self {
            StreamKind::Subscribe => "subscribe",
            StreamKind::SubscribeAll => "subscribe_all",
            StreamKind::ReadEvents => "read_events",
            StreamKind::Play => "play",
            StreamKind::Export => "export",
        }
    }

    /// Its series, registered on first use (by [`start_recording`]).
    fn gauge(self) -> &'static Gauge {
        static GAUGES: [OnceLock<Gauge>; 5] = [const { OnceLock::new() }; 5];
        GAUGES[self as usize].get_or_init(|| metrics::gauge!(OPEN_STREAMS, "kind" => self.label()))
    }
}

/// Counts one open stream of its kind while it lives.
#[derive(Debug)]
pub struct OpenStream {
    kind: StreamKind,
    /// Whether it was counted when it opened (a recorder installed since must not see it leave).
    counted: bool,
}

impl OpenStream {
    pub fn new(kind: StreamKind) -> OpenStream {
        let counted = recording();
        if counted {
            kind.gauge().increment(1.0);
        }
        OpenStream { kind, counted }
    }
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        if self.counted {
            self.kind.gauge().decrement(1.0);
        }
    }
}

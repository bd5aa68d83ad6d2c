//! History benchmark: what a long game's past costs to read, on each store, through the server's own engine
//! in process (no gRPC: the engine is what `GetState`, the cache and a cold load run).
//!
//! `cargo run --release -p hexfold-bench --bin history -- [--stores sled,temp] [--events 10000]
//! [--samples 2000] [--idle-games 100000] [--cached-games 100000]`
//!
//! For each store of `--stores` (`sled`: a temporary sled directory, flush durability; `temp`: a throw-away
//! PostgreSQL cluster, the tests' own; or a `postgres://` URL of an empty database), one after the other in
//! one run:
//! 1. **a long game**: a base Catan game played through `Engine::submit` until it has `--events` events. Its
//!    seats never build a settlement or a city nor buy a card (they roll, discard, move the robber, build
//!    roads and trade with the bank), so nobody can pass 4 points and the game goes on for as long as asked;
//!    the server snapshots it every 64 versions, as any game.
//! 2. **state at a random index**: `Engine::state` at `--samples` versions drawn uniformly from the game's
//!    history (the newest snapshot at or before it, then at most 63 folds, read from the store), p50/p99.
//! 3. **a full replay**: every event of the game read from the store (256 per call, as the engine reads),
//!    decoded and folded from the initial state, in events/s; and the same decode and fold over payloads
//!    already in memory, and the fold alone over decoded events, which say where the time goes.
//! 4. **idle games**: the resident set of this process before and after creating `--idle-games` games (each
//!    the engine's `create`: the meta in the store and the head cached) with at most `--cached-games` heads
//!    kept, i.e. what a server holding them costs in memory. For PostgreSQL that is the server's process
//!    only; the database's own memory is its configuration's.
//!
//! Resident sets only grow within a process (freed pages are kept by the allocator), so the idle games run
//! last, and a figure for a different `--cached-games` needs a run of its own.

/// The allocator of the `hexfold` binary, so the engine in this process allocates as it does there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use anyhow::{anyhow, bail, Context as _};
use clap::Parser;
use hexfold::engine::EngineError;
use hexfold::engine::{
    Actions, CommandId, Credential, Engine, EventAt, Limits, SeatNames, Shared, Submit, Update,
    Wire,
};
use hexfold::stored::{self, StoredGame, StoredMeta, StoredOptions};
use hexfold_postgres::{test_support, PgConfig, PgStore};
use hexfold_rules::catan::{self, Catan, Command};
use hexfold_rules::playout::RandomPlayer;
use hexfold_rules::Game;
use hexfold_sled::{Durability, SledConfig, SledStore};
use hexfold_store::EventStore;
use hexfold_table::TableEvent;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, Semaphore};

#[derive(Debug, Parser)]
#[command(about = "State at an index, full replays and idle games' memory, on sled and PostgreSQL")]
struct Args {
    /// The stores, one after the other: `sled`, `temp` (a throw-away PostgreSQL cluster) or a
    /// `postgres://` URL of an empty database.
    #[arg(long, value_delimiter = ',', default_value = "sled,temp")]
    stores: Vec<String>,
    /// Events of the long game.
    #[arg(long, default_value_t = 10_000)]
    events: u64,
    /// States read at random versions.
    #[arg(long, default_value_t = 2_000)]
    samples: usize,
    /// Full replays of the game (the best and the median are printed).
    #[arg(long, default_value_t = 5)]
    replays: usize,
    /// Games created for the memory figure (0: none).
    #[arg(long, default_value_t = 100_000)]
    idle_games: usize,
    /// Heads the engine keeps cached (the server's `--cached-games`); the idle games' memory depends on it.
    #[arg(long, default_value_t = 100_000)]
    cached_games: usize,
    /// Seed of the seats' choices (the engine's dice are its own).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        for name in &args.stores {
            let (store, _dir) = open(name).await?;
            println!("== store {name}");
            run(&args, store)
                .await
                .with_context(|| format!("store {name}"))?;
        }
        Ok(())
    })
}

/// The store `name` names, with the temporary directory that must outlive it.
async fn open(name: &str) -> anyhow::Result<(Arc<dyn EventStore>, Option<tempfile::TempDir>)> {
    match name {
        "sled" => {
            let dir = tempfile::tempdir()?;
            let store = SledStore::open(
                dir.path(),
                SledConfig {
                    durability: Durability::Flush,
                },
            )?;
            Ok((Arc::new(store), Some(dir)))
        }
        "temp" => {
            let url = test_support::cluster().create_database().await;
            Ok((Arc::new(PgStore::open(PgConfig::new(url)).await?), None))
        }
        url if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Ok((Arc::new(PgStore::open(PgConfig::new(url)).await?), None))
        }
        other => bail!("unknown store {other}: sled, temp or a postgres:// URL"),
    }
}

/// The engine's answers, unconverted: the benchmark reads only versions and legal actions.
struct Plain;

impl<G: StoredGame> Wire<G> for Plain {
    type Event = ();
    type Update = ();
    type Actions = Vec<G::Command>;
    type Error = EngineError;

    fn event(_: &str, _: EventAt<G::EventView>) {}
    fn update(_: Update<()>) {}
    fn actions(actions: &Actions<G::Command>) -> Vec<G::Command> {
        actions.commands.clone()
    }

    fn farewell(_: hexfold::metrics::StreamKind, error: EngineError) -> EngineError {
        error
    }
}

async fn run(args: &Args, store: Arc<dyn EventStore>) -> anyhow::Result<()> {
    let (_stop, shutdown) = watch::channel(false);
    let shared = Arc::new(Shared {
        store: Arc::clone(&store),
        limits: Limits {
            cached_games: args.cached_games,
            ..Limits::default()
        },
        streams: Arc::new(Semaphore::new(16)),
        shutdown,
        // One engine alone on the store: nothing reaches it but its own commands.
        other_writers: false,
        clock: Arc::new(hexfold::engine::SystemClock),
        thinkers: hexfold::engine::Thinkers::new(&Limits::default()),
    });
    let engine = Arc::new(Engine::<Catan>::new(Arc::clone(&shared)));
    let mut rng = StdRng::seed_from_u64(args.seed);

    let started = Instant::now();
    let (game_id, tokens, events, commands) = long_game(&engine, args.events, &mut rng).await?;
    let built = started.elapsed();
    println!(
        "long game: {events} events from {commands} commands in {:.1} s ({:.0} durable commands/s, one at a \
         time)",
        built.as_secs_f64(),
        commands as f64 / built.as_secs_f64()
    );

    let seat = Credential::from_token(&tokens[0]);
    let mut latencies = Vec::with_capacity(args.samples);
    for _ in 0..args.samples {
        let at = rng.gen_range(1..=events);
        let t = Instant::now();
        let state = engine.state(seat, &game_id, Some(at)).await?;
        latencies.push(t.elapsed());
        if state.version != at {
            bail!("asked for the state at {at}, got {}", state.version);
        }
    }
    latencies.sort_unstable();
    println!(
        "state at a random index ({} samples): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        args.samples,
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.99)),
        ms(latencies.last().copied().unwrap_or_default())
    );

    replay(args, &*store, &game_id).await?;

    if args.idle_games > 0 {
        idle_games(args, &engine).await?;
    }
    Ok(())
}

/// Creates a four-seat base Catan game and plays it until it has at least `events` events; its id, the seats'
/// tokens, its events and how many commands that took.
async fn long_game(
    engine: &Engine<Catan>,
    events: u64,
    rng: &mut StdRng,
) -> anyhow::Result<(String, Vec<String>, u64, u64)> {
    let config = Catan::random_config(4, false);
    let names = (1..=4).map(|n| format!("seat {n}")).collect();
    let created = engine
        .create(
            SeatNames::new(names)?,
            Default::default(),
            options(),
            config,
        )
        .await?;
    let tokens: Vec<String> = created.seats.into_iter().map(|(_, t)| t).collect();
    let creds: Vec<Credential> = tokens.iter().map(|t| Credential::from_token(t)).collect();
    let game_id = created.game_id;
    let mut version = 0;
    let mut commands = 0u64;
    while version < events {
        // The first seat with something to do acts (after a 7 several seats may owe a discard).
        let mut acted = false;
        for &cred in &creds {
            let actions = engine.legal_actions(cred, &game_id).await?;
            let choices: Vec<&Command> =
                actions.commands.iter().filter(|c| keeps_going(c)).collect();
            if choices.is_empty() {
                continue;
            }
            let command = choices[rng.gen_range(0..choices.len())].clone();
            let answer = engine
                .submit::<Plain>(
                    cred,
                    Submit {
                        game_id: game_id.clone(),
                        command_id: CommandId::new(format!("c{commands}"))?,
                        expected_version: Some(actions.version),
                        command,
                        with_legal_actions: false,
                    },
                )
                .await?;
            version = answer.version;
            commands += 1;
            acted = true;
            break;
        }
        if !acted {
            bail!("at version {version} no seat had a command that keeps the game going");
        }
    }
    Ok((game_id, tokens, version, commands))
}

/// Whether a seat of the long game may choose `command`: anything that brings no victory point, and no
/// domestic trade (which would only add offers nobody needs).
fn keeps_going(command: &Command) -> bool {
    !matches!(
        command,
        Command::BuildSettlement { .. }
            | Command::BuildCity { .. }
            | Command::BuyDevelopmentCard
            | Command::OfferTrade { .. }
            | Command::CounterOffer { .. }
    )
}

fn options() -> StoredOptions {
    StoredOptions {
        map: "MAP_KIND_RANDOM".into(),
        victory_points: u32::from(catan::POINTS_TO_WIN),
        negotiated_defence: false,
        turn_seconds: 0,
        reserve_seconds: 0,
    }
}

/// Full replays of game `id` from the store, then of its payloads in memory, then of its decoded events.
async fn replay(args: &Args, store: &dyn EventStore, id: &str) -> anyhow::Result<()> {
    type Meta = StoredMeta<<Catan as Game>::Config, <Catan as Game>::Setup>;
    let meta: Meta = stored::decode("meta", id, &store.meta(id).await?)?;
    let head = store.head(id).await?;
    let mut from_store = Vec::new();
    let mut payloads = Vec::new();
    for _ in 0..args.replays.max(1) {
        let t = Instant::now();
        let mut state = Catan::initial_state(&meta.setup);
        let mut version = 0;
        payloads.clear();
        while version < head {
            let records = store.read(id, version + 1, head.min(version + 256)).await?;
            if records.is_empty() {
                bail!("event {} is missing", version + 1);
            }
            for record in records {
                let event: TableEvent<catan::Event> = stored::decode("event", id, &record.payload)?;
                state = hexfold_table::evolve::<Catan>(state, &event);
                version = record.version;
                payloads.push(record.payload);
            }
        }
        from_store.push(t.elapsed());
        std::hint::black_box(&state);
    }
    let mut in_memory = Vec::new();
    let mut decoded = Vec::new();
    for _ in 0..args.replays.max(1) {
        let t = Instant::now();
        let mut state = Catan::initial_state(&meta.setup);
        for payload in &payloads {
            let event: TableEvent<catan::Event> = stored::decode("event", id, payload)?;
            state = hexfold_table::evolve::<Catan>(state, &event);
        }
        in_memory.push(t.elapsed());
        std::hint::black_box(&state);
    }
    let events: Vec<TableEvent<catan::Event>> = payloads
        .iter()
        .map(|p| stored::decode("event", id, p))
        .collect::<Result<_, _>>()?;
    for _ in 0..args.replays.max(1) {
        let t = Instant::now();
        let mut state = Catan::initial_state(&meta.setup);
        for event in &events {
            state = hexfold_table::evolve::<Catan>(state, event);
        }
        decoded.push(t.elapsed());
        std::hint::black_box(&state);
    }
    let rate = |mut times: Vec<Duration>| {
        times.sort_unstable();
        let per_s = |d: Duration| head as f64 / d.as_secs_f64();
        format!(
            "{:.0} events/s best, {:.0} median",
            per_s(times[0]),
            per_s(times[times.len() / 2])
        )
    };
    println!(
        "full replay of {head} events, read from the store, decoded, folded: {}",
        rate(from_store)
    );
    println!(
        "  the same payloads from memory, decoded and folded: {}",
        rate(in_memory)
    );
    println!(
        "  the same events already decoded, folded: {}",
        rate(decoded)
    );
    Ok(())
}

/// Creates `--idle-games` games, 64 at a time, and prints the resident set before and after.
async fn idle_games(args: &Args, engine: &Arc<Engine<Catan>>) -> anyhow::Result<()> {
    let before = resident_bytes()?;
    let started = Instant::now();
    let creators = 64.min(args.idle_games);
    let tasks: Vec<_> = (0..creators)
        .map(|c| {
            let engine = Arc::clone(engine);
            let n = args.idle_games / creators + usize::from(c < args.idle_games % creators);
            tokio::spawn(async move {
                for _ in 0..n {
                    let names = (1..=4).map(|n| format!("seat {n}")).collect();
                    engine
                        .create(
                            SeatNames::new(names)?,
                            Default::default(),
                            options(),
                            Catan::random_config(4, false),
                        )
                        .await?;
                }
                Ok::<_, EngineError>(())
            })
        })
        .collect();
    for task in tasks {
        task.await
            .map_err(|e| anyhow!("a creating task failed: {e}"))??;
    }
    let secs = started.elapsed().as_secs_f64();
    let after = resident_bytes()?;
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    println!(
        "{} idle games created in {secs:.1} s ({:.0}/s), at most {} heads cached: resident {:.0} MiB before, \
         {:.0} MiB after ({:.0} MiB more, {:.1} KiB per game)",
        args.idle_games,
        args.idle_games as f64 / secs,
        args.cached_games,
        mib(before),
        mib(after),
        mib(after.saturating_sub(before)),
        after.saturating_sub(before) as f64 / 1024.0 / args.idle_games as f64
    );
    Ok(())
}

/// This process's resident set (`VmRSS` of `/proc/self/status`, Linux).
fn resident_bytes() -> anyhow::Result<u64> {
    let status = std::fs::read_to_string("/proc/self/status")?;
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .ok_or_else(|| anyhow!("no VmRSS in /proc/self/status"))?;
    let kib: u64 = line
        .split_whitespace()
        .nth(1)
        .ok_or_else(|| anyhow!("a VmRSS line without a figure"))?
        .parse()?;
    Ok(kib * 1024)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

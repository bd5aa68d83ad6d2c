//! gRPC load benchmark: the real server in-process on loopback over a temporary sled directory (or PostgreSQL,
//! with `--store`, and then one or more servers on it), many concurrent games driven by random legal commands
//! through the generated client.
//!
//! `cargo run --release -p hexfold-bench --bin load -- --games 64 --seconds 10 [--api play|unary]
//! [--durability flush|fsync] [--store postgres://...|temp [--servers 2]]`
//!
//! How clients drive the games (`--api`):
//! - `play` (default): each seat of each game is a bot on its own `Play` stream: the server prompts it with its
//!   legal actions when it may act, the bot answers with one of them, and the result (which carries the legal
//!   actions again when the same seat may go on) comes back on the stream. One message each way per command.
//! - `unary`: one task per game calls `SubmitCommand` with `with_legal_actions`, and `LegalActions` (for the
//!   seat a `TurnEnded` named, then the others) only when the turn has passed; those reads are not counted.
//!
//! Three phases of `--seconds` each (after `--warmup` seconds run but not measured), all at the same concurrency:
//! 1. peak: every game submits as fast as the server acknowledges. Reported: durable commands/s (a command counts
//!    once its result came back, i.e. after the store made its events durable) and the latency from sending a
//!    command to its result.
//! 2. baseline: the same tasks call the standard health `Check` (a no-op unary call through the same tonic stack
//!    and tower layers), to show what the transport alone costs on this machine; the ratio says how much of the
//!    per-call budget the command path uses.
//! 3. half load: the games are paced to half the peak rate of accepted commands in total (or to `--paced-rate`),
//!    open loop (each game on a fixed schedule of its own, see `Pacer`), and the latency percentiles at that load
//!    are reported.
//!
//! Server and client share the machine; on a small one the client's own work (encoding, the extra read, the
//! choice) is a good part of the load, so the figures are a lower bound on what the server alone sustains.

/// The allocator of the `hexfold` binary, so the server in this process runs as it does there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use anyhow::{bail, Context as _};
use clap::Parser;
use hexfold::net::Coalesce;
use hexfold::proto::v1 as pb;
use hexfold::proto::v1::catan as c;
use hexfold::server::{self, Config};
use hexfold_sled::Durability;
use hyper_util::rt::TokioIo;
use pb::hexfold_client::HexfoldClient;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tonic::transport::Channel;
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::HealthCheckRequest;

#[derive(Debug, Parser)]
#[command(about = "Concurrent random games over gRPC against an in-process hexfold server")]
struct Args {
    /// Concurrent games, one client task each.
    #[arg(long, default_value_t = 64)]
    games: usize,
    /// Length of each phase (peak, baseline, half load), not counting its warm-up.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Seconds at the start of each phase that are run but not measured. Every phase starts all its games at
    /// once (a `CreateGame` per game, four `Play` streams per game, all in the same instant), a burst that a
    /// running server, whose games start and end at different times, does not see. 0 measures it too.
    #[arg(long, default_value_t = 1.0)]
    warmup: f64,
    /// When an append is acknowledged: after sled's flush, or after an fsync of its files.
    #[arg(long, value_enum, default_value_t = DurabilityArg::Flush)]
    durability: DurabilityArg,
    /// HTTP/2 connections the tasks are spread over.
    #[arg(long, default_value_t = 4)]
    connections: usize,
    /// Seed of the clients' choices (the server's dice are its own).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads of the server's runtime.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Worker threads of the clients' runtime. One by default: the load generator shares the cores with the
    /// server, and a second client thread mostly adds wake-ups between threads, not throughput.
    #[arg(long, default_value_t = 1)]
    client_threads: usize,
    /// Rate of accepted commands per second for the paced phase, instead of half the measured peak (for instance
    /// half of a fixed target).
    #[arg(long)]
    paced_rate: Option<f64>,
    /// The server's snapshot interval (`hexfold serve --snapshot-every`): a snapshot of a game's state every this
    /// many events.
    #[arg(long, default_value_t = hexfold::engine::Limits::default().snapshot_every)]
    snapshot_every: u64,
    /// How the clients submit: a `Play` stream per seat, or unary `SubmitCommand` calls.
    #[arg(long, value_enum, default_value_t = Api::Play)]
    api: Api,
    /// Keep the events in PostgreSQL at this URL instead of a temporary sled directory, or `temp` for a fresh
    /// database on a throw-away cluster started for the run (`hexfold-postgres`'s test cluster: `initdb` and
    /// `postgres` from `$HEXFOLD_PG_BIN`, `PATH` or `/usr/lib/postgresql/<version>/bin`).
    #[arg(long)]
    store: Option<String>,
    /// Servers on the one PostgreSQL database (with `--store`), each in this process with its own listener;
    /// the games are spread over them, each game on one.
    #[arg(long, default_value_t = 1)]
    servers: usize,
    /// Every flush of a connection is its own system call, on the server and in the clients: the baseline for the
    /// write coalescing (`hexfold::net::Coalesce`) that both use by default.
    #[arg(long)]
    plain_io: bool,
    /// Record the server's metrics, as `hexfold serve --metrics-listen` does (without it nothing is recorded): to
    /// measure what they cost the command path. The page is rendered once, at the end.
    #[arg(long)]
    metrics: bool,
    /// With `--metrics`, also write the page rendered at the end to this file: its store histograms
    /// (`hexfold_store_append_seconds`, `_flush_seconds`, `_fsync_seconds`, `_group_appends`) split a durable
    /// command's wait between the group commit's flush and its fsync. They cover every phase of the run; the page
    /// as it stood when the half-load (or paced) phase started is written beside it, to `<file>.before-half`, so
    /// that phase's own figures are the difference.
    #[arg(long, requires = "metrics")]
    metrics_page: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Api {
    Play,
    Unary,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DurabilityArg {
    Flush,
    Fsync,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if args.games == 0
        || args.connections == 0
        || args.seconds == 0
        || args.threads == 0
        || args.client_threads == 0
        || args.snapshot_every == 0
        || args.servers == 0
        || !(args.warmup >= 0.0 && args.warmup.is_finite())
    {
        bail!(
            "--games, --connections, --seconds, --threads, --client-threads, --snapshot-every and --servers must be \
             at least 1, --warmup a number of seconds"
        );
    }
    if args.servers > 1 && args.store.is_none() {
        bail!("--servers above 1 needs --store: sled's directory belongs to one server");
    }
    let dir = tempfile::tempdir().context("temporary data directory")?;
    // The server gets its own runtime so the clients' tasks do not queue behind it in one scheduler (they still
    // share the cores).
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads)
        .thread_name("server")
        .enable_all()
        .build()?;
    let postgres = match args.store.as_deref() {
        None => None,
        Some("temp") => {
            Some(server_rt.block_on(hexfold_postgres::test_support::cluster().create_database()))
        }
        Some(url) => Some(url.to_string()),
    };
    let config = Config {
        postgres: postgres.map(hexfold_postgres::PgConfig::new),
        data_dir: dir.path().to_path_buf(),
        durability: match args.durability {
            DurabilityArg::Flush => Durability::Flush,
            DurabilityArg::Fsync => Durability::Fsync,
        },
        // The benchmark measures the command path, not load shedding: room for every task's request.
        max_concurrent_requests: (args.games * 4).max(4096),
        // Nor the per-connection stream limit: every game's streams may share one of `--connections`.
        max_streams_per_connection: u32::MAX,
        limits: hexfold::engine::Limits {
            snapshot_every: args.snapshot_every,
            ..Default::default()
        },
        coalesce_writes: !args.plain_io,
        ..Config::default()
    };

    let metrics = args
        .metrics
        .then(|| server_rt.block_on(async { hexfold::metrics::install() }));
    // Every server shares the runtime (and so the threads of `--threads`), as they would share the machine.
    let mut endpoints = Vec::new();
    let mut running = Vec::new();
    for _ in 0..args.servers {
        let listener = server_rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))?;
        endpoints.push(format!("http://{}", listener.local_addr()?));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let served = server_rt.spawn(server::run(listener, config.clone(), async {
            let _ = stopped.await;
        }));
        running.push((stop, served));
    }

    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.client_threads)
        .thread_name("client")
        .enable_all()
        .build()?;
    let render = metrics.clone().map(|m| move || m.render());
    let result = client_rt.block_on(bench(
        &args,
        &endpoints,
        render.as_ref().map(|r| r as &dyn Fn() -> String),
    ));

    for (stop, served) in running {
        let _ = stop.send(());
        server_rt.block_on(served).context("server task")??;
    }
    if let Some(metrics) = metrics {
        let page = metrics.render();
        println!(
            "metrics: {} series, {} bytes",
            page.lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
                .count(),
            page.len()
        );
        if let Some(path) = &args.metrics_page {
            std::fs::write(path, &page).with_context(|| format!("writing {}", path.display()))?;
        }
    }
    result
}

/// One HTTP/2 connection to the server, its writes coalesced like the server's unless `coalesce` is off.
async fn connect(endpoint: &str, coalesce: bool) -> anyhow::Result<Channel> {
    let addr = endpoint
        .strip_prefix("http://")
        .context("the endpoint is http://host:port")?
        .to_owned();
    let connector = tower::service_fn(move |_: tonic::codegen::http::Uri| {
        let addr = addr.clone();
        async move {
            let tcp = tokio::net::TcpStream::connect(addr).await?;
            tcp.set_nodelay(true)?;
            Ok::<_, std::io::Error>(TokioIo::new(Coalesce::new(tcp, coalesce)))
        }
    });
    Ok(Channel::from_shared(endpoint.to_owned())?
        .connect_with_connector(connector)
        .await?)
}

async fn bench(
    args: &Args,
    endpoints: &[String],
    render_metrics: Option<&dyn Fn() -> String>,
) -> anyhow::Result<()> {
    // `--connections` to each server, interleaved, so that game `i` (on channel `i % len`) goes to server
    // `i % servers`.
    let mut channels = Vec::new();
    for _ in 0..args.connections {
        for endpoint in endpoints {
            channels.push(connect(endpoint, !args.plain_io).await?);
        }
    }
    let phase = Phase {
        warmup: Duration::from_secs_f64(args.warmup),
        length: Duration::from_secs(args.seconds),
    };
    println!(
        "load: {} games over {:?}, {} connection(s), {} s per phase after {} s of warm-up, durability {:?}, \
         a snapshot every {} events, {} server + {} client threads, {} cores, store {}, {} writes",
        args.games,
        args.api,
        args.connections,
        args.seconds,
        args.warmup,
        args.durability,
        args.snapshot_every,
        args.threads,
        args.client_threads,
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0),
        match &args.store {
            None => "sled".to_string(),
            Some(_) => format!("PostgreSQL with {} server(s) on it", args.servers),
        },
        if args.plain_io { "plain" } else { "coalesced" },
    );

    let peak = run_games(args, &channels, phase, None).await?;
    peak.print("peak: durable commands");

    let baseline = run_baseline(args, &channels, phase).await?;
    baseline.print("baseline: health Check (no-op unary)");
    println!(
        "ratio: durable commands/s = {:.2} x no-op calls/s (p50 {:.1}x, p99 {:.1}x the no-op latency)",
        peak.rate() / baseline.rate().max(f64::MIN_POSITIVE),
        peak.percentile_ms(0.50) / baseline.percentile_ms(0.50).max(f64::MIN_POSITIVE),
        peak.percentile_ms(0.99) / baseline.percentile_ms(0.99).max(f64::MIN_POSITIVE),
    );

    let target = args.paced_rate.unwrap_or(peak.rate() / 2.0);
    if let (Some(render), Some(path)) = (render_metrics, &args.metrics_page) {
        let path = format!("{}.before-half", path.display());
        std::fs::write(&path, render()).with_context(|| format!("writing {path}"))?;
    }
    let half = run_games(args, &channels, phase, Some(target)).await?;
    half.print(&format!(
        "{} (target {target:.0}/s): durable commands",
        if args.paced_rate.is_some() {
            "paced load"
        } else {
            "half load"
        }
    ));
    Ok(())
}

/// What one phase measured.
struct Measured {
    calls: u64,
    elapsed: Duration,
    /// Latencies of the measured calls, microseconds, sorted.
    latencies_us: Vec<u32>,
    /// Commands refused (stale choices, conflicts, overload), not counted in `calls`.
    errors: u64,
    games_finished: u64,
    /// Legal-action lists that came apart from a command's result: `LegalActions` calls or `Play` prompts.
    reads: u64,
    /// CPU time the process spent during the phase, if the platform tells.
    cpu: Option<CpuTime>,
}

impl Measured {
    fn rate(&self) -> f64 {
        self.calls as f64 / self.elapsed.as_secs_f64()
    }

    fn percentile_ms(&self, p: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return 0.0;
        }
        let i = ((self.latencies_us.len() as f64 * p).ceil() as usize)
            .clamp(1, self.latencies_us.len())
            - 1;
        f64::from(self.latencies_us[i]) / 1000.0
    }

    fn print(&self, what: &str) {
        println!(
            "{what}: {:.0}/s ({} in {:.1} s), p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} refused{}",
            self.rate(),
            self.calls,
            self.elapsed.as_secs_f64(),
            self.percentile_ms(0.50),
            self.percentile_ms(0.99),
            self.percentile_ms(1.0),
            self.errors,
            if self.reads > 0 {
                format!(
                    "; {} legal-action lists sent apart (LegalActions reads or Play prompts), {} games finished",
                    self.reads, self.games_finished
                )
            } else {
                String::new()
            }
        );
        if let Some(cpu) = self.cpu {
            let per_call = |secs: f64| secs * 1e6 / (self.calls.max(1) as f64);
            println!(
                "  CPU per call: server runtime {:.0} us, client runtime {:.0} us, other threads (sled) {:.0} us; \
                 process used {:.2} cores on average",
                per_call(cpu.server),
                per_call(cpu.client),
                per_call(cpu.other),
                (cpu.server + cpu.client + cpu.other) / self.elapsed.as_secs_f64()
            );
        }
    }
}

/// CPU time of this process's threads, in seconds, by runtime: the server's threads are named "server", the
/// clients' "client", the rest (sled's flusher and I/O threads, the main thread) are "other".
#[derive(Clone, Copy, Debug, Default)]
struct CpuTime {
    server: f64,
    client: f64,
    other: f64,
}

impl CpuTime {
    /// Reads `/proc/self/task/*/stat` (Linux); `None` where that does not exist. Threads that exited are not
    /// counted, which only matters for short-lived blocking threads.
    fn now() -> Option<CpuTime> {
        // USER_HZ, the unit of utime and stime, is 100 on every mainstream Linux.
        const TICKS_PER_SECOND: f64 = 100.0;
        let mut total = CpuTime::default();
        for entry in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // The thread name is in parentheses and may hold spaces; utime and stime are fields 14 and 15, the
            // 12th and 13th after the closing parenthesis.
            let Some((head, rest)) = stat.rsplit_once(')') else {
                continue;
            };
            let name = head.split_once('(').map(|(_, n)| n).unwrap_or("");
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let ticks = |i: usize| {
                fields
                    .get(i)
                    .and_then(|f| f.parse::<u64>().ok())
                    .unwrap_or(0)
            };
            let secs = (ticks(11) + ticks(12)) as f64 / TICKS_PER_SECOND;
            match name {
                n if n.starts_with("server") => total.server += secs,
                n if n.starts_with("client") => total.client += secs,
                _ => total.other += secs,
            }
        }
        Some(total)
    }

    fn since(self, earlier: CpuTime) -> CpuTime {
        CpuTime {
            server: self.server - earlier.server,
            client: self.client - earlier.client,
            other: self.other - earlier.other,
        }
    }
}

/// A phase: `warmup` run but not measured, then `length` measured.
#[derive(Clone, Copy)]
struct Phase {
    warmup: Duration,
    length: Duration,
}

/// What a phase's tasks are measured over: what they do from `from` on counts, and they stop when `stop` turns
/// true.
#[derive(Clone)]
struct Window {
    from: Instant,
    stop: watch::Receiver<bool>,
}

/// Per-task results, merged at the end of a phase. Only what happens from `from` on counts: a command by when it
/// was sent, a read or a finished game by when it came.
struct TaskStats {
    from: Instant,
    latencies_us: Vec<u32>,
    errors: u64,
    games_finished: u64,
    reads: u64,
}

impl TaskStats {
    fn new(from: Instant) -> TaskStats {
        TaskStats {
            from,
            latencies_us: Vec::new(),
            errors: 0,
            games_finished: 0,
            reads: 0,
        }
    }

    fn accepted(&mut self, sent: Instant) {
        if sent >= self.from {
            self.latencies_us.push(micros(sent.elapsed()));
        }
    }

    fn refused(&mut self, sent: Instant) {
        if sent >= self.from {
            self.errors += 1;
        }
    }

    fn read(&mut self) {
        if Instant::now() >= self.from {
            self.reads += 1;
        }
    }

    fn game_finished(&mut self) {
        if Instant::now() >= self.from {
            self.games_finished += 1;
        }
    }

    fn absorb(&mut self, other: TaskStats) {
        self.latencies_us.extend(other.latencies_us);
        self.errors += other.errors;
        self.games_finished += other.games_finished;
        self.reads += other.reads;
    }
}

fn merge(stats: Vec<TaskStats>, elapsed: Duration) -> Measured {
    // Every task already counted only its own window, so the merged stats' `from` plays no part.
    let mut all = TaskStats::new(Instant::now());
    for s in stats {
        all.absorb(s);
    }
    all.latencies_us.sort_unstable();
    Measured {
        calls: all.latencies_us.len() as u64,
        elapsed,
        latencies_us: all.latencies_us,
        errors: all.errors,
        games_finished: all.games_finished,
        reads: all.reads,
        cpu: None,
    }
}

fn micros(d: Duration) -> u32 {
    u32::try_from(d.as_micros()).unwrap_or(u32::MAX)
}

/// Runs one game task per `--games` for the phase; with `rate`, all tasks together submit about that many
/// commands per second on fixed schedules.
async fn run_games(
    args: &Args,
    channels: &[Channel],
    phase: Phase,
    rate: Option<f64>,
) -> anyhow::Result<Measured> {
    let (stop, stopped) = watch::channel(false);
    let from = Instant::now() + phase.warmup;
    let mut tasks = Vec::new();
    for i in 0..args.games {
        let client = HexfoldClient::new(channels[i % channels.len()].clone());
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
        let period = rate.map(|r| Duration::from_secs_f64(args.games as f64 / r.max(1.0)));
        let window = Window {
            from,
            stop: stopped.clone(),
        };
        tasks.push(match args.api {
            Api::Unary => tokio::spawn(game_task(client, seed, period, window)),
            Api::Play => tokio::spawn(play_games(client, seed, period, window)),
        });
    }
    tokio::time::sleep_until(from.into()).await;
    let cpu_at_start = CpuTime::now();
    tokio::time::sleep(phase.length).await;
    stop.send_replace(true);
    let elapsed = from.elapsed();
    let cpu = CpuTime::now()
        .zip(cpu_at_start)
        .map(|(now, start)| now.since(start));
    let mut stats = Vec::new();
    for task in tasks {
        stats.push(task.await??);
    }
    let mut measured = merge(stats, elapsed);
    measured.cpu = cpu;
    Ok(measured)
}

/// One game and its four seats, as a client knows it.
struct Game {
    id: String,
    tokens: Vec<String>,
    /// The seat most likely to act next (the last one that did, or the one a `TurnEnded` named).
    next: usize,
    command_ids: u64,
}

async fn new_game(client: &mut HexfoldClient<Channel>) -> anyhow::Result<Game> {
    let created = client
        .create_game(pb::CreateGameRequest {
            variant: pb::Variant::Catan.into(),
            seats: ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect(),
            options: Some(pb::GameOptions {
                map: pb::MapKind::Random.into(),
                victory_points: 0,
                negotiated_defence: false,
                ..Default::default()
            }),
            ..Default::default()
        })
        .await?
        .into_inner();
    Ok(Game {
        id: created.game_id,
        tokens: created.seats.into_iter().map(|s| s.token).collect(),
        next: 0,
        command_ids: 0,
    })
}

fn authed<T>(message: T, token: &str) -> anyhow::Result<tonic::Request<T>> {
    let mut request = tonic::Request::new(message);
    request
        .metadata_mut()
        .insert("authorization", format!("Bearer {token}").parse()?);
    Ok(request)
}

/// Growth-leaning weights, so random games end in hundreds of commands rather than wandering (the same idea as
/// the rules crate's `random_command`, which needs the full state a client does not have).
fn weight(command: &pb::Command) -> u32 {
    use c::command::Command as K;
    let Some(pb::command::Game::Catan(c::Command {
        command: Some(kind),
    })) = &command.game
    else {
        return 1;
    };
    match kind {
        K::BuildCity(_) | K::BuildSettlement(_) => 200,
        K::BuyDevelopmentCard(_) => 30,
        K::BuildRoad(_) => 25,
        K::PlayKnight(_) => 20,
        K::PlayRoadBuilding(_) | K::PlayYearOfPlenty(_) | K::PlayMonopoly(_) => 10,
        K::MaritimeTrade(_) => 15,
        K::OfferTrade(_) | K::CounterOffer(_) => 2,
        K::AcceptTrade(_) | K::AcceptCounterOffer(_) => 10,
        K::RejectTrade(_) | K::RejectCounterOffer(_) | K::WithdrawTrade(_) => 20,
        K::EndTurn(_) => 20,
        _ => 10,
    }
}

fn kind_of(command: &pb::Command) -> Option<std::mem::Discriminant<c::command::Command>> {
    match &command.game {
        Some(pb::command::Game::Catan(c::Command {
            command: Some(kind),
        })) => Some(std::mem::discriminant(kind)),
        _ => None,
    }
}

/// A kind by weight, then a command of that kind uniformly.
fn choose(mut commands: Vec<pb::Command>, rng: &mut StdRng) -> pb::Command {
    let mut kinds: Vec<(Option<std::mem::Discriminant<c::command::Command>>, u32)> = Vec::new();
    for command in &commands {
        let kind = kind_of(command);
        if !kinds.iter().any(|(k, _)| *k == kind) {
            kinds.push((kind, weight(command)));
        }
    }
    let total: u32 = kinds.iter().map(|(_, w)| w).sum();
    let mut roll = rng.gen_range(0..total.max(1));
    let mut chosen = kinds[0].0;
    for (kind, w) in &kinds {
        if roll < *w {
            chosen = *kind;
            break;
        }
        roll -= w;
    }
    let of_kind: Vec<usize> = (0..commands.len())
        .filter(|&i| kind_of(&commands[i]) == chosen)
        .collect();
    commands.swap_remove(of_kind[rng.gen_range(0..of_kind.len())])
}

/// The legal actions of the seat that may act, starting with the likeliest one; `None` when no seat may act
/// (the game has ended).
async fn next_move(
    client: &mut HexfoldClient<Channel>,
    game: &Game,
    stats: &mut TaskStats,
) -> anyhow::Result<Option<(usize, pb::LegalActionsResponse)>> {
    let seats = game.tokens.len();
    for offset in 0..seats {
        let seat = (game.next + offset) % seats;
        stats.read();
        let legal = client
            .legal_actions(authed(
                pb::LegalActionsRequest {
                    game_id: game.id.clone(),
                },
                &game.tokens[seat],
            )?)
            .await?
            .into_inner();
        if !legal.commands.is_empty() {
            return Ok(Some((seat, legal)));
        }
    }
    Ok(None)
}

/// Who is likely to act after these events: the seat a turn passed to, else the same seat.
fn next_seat(events: &[pb::EventEnvelope], seat: usize) -> usize {
    use c::event::Event as E;
    let mut next = seat;
    for envelope in events {
        if let Some(pb::Event {
            body: Some(pb::event::Body::Catan(c::Event { event: Some(event) })),
        }) = &envelope.event
        {
            match event {
                E::TurnEnded(e) => next = e.next as usize,
                E::StartingPlayerChosen(e) => next = e.seat as usize,
                _ => {}
            }
        }
    }
    next
}

/// Open-loop pacing of one game's commands: one accepted command per `period`. A submission waits for the game's
/// next slot; an accepted command moves the slot one period on (from when it was due, or from now if the game fell
/// behind), while a refused one (a stale choice) leaves it, so refusals do not eat into the rate. The first slot is
/// at a random point of the first period, so that the games do not all fire together.
struct Pacer {
    period: Duration,
    next: std::sync::Mutex<tokio::time::Instant>,
}

impl Pacer {
    fn new(period: Duration, rng: &mut StdRng) -> Pacer {
        Pacer {
            period,
            next: std::sync::Mutex::new(
                tokio::time::Instant::now() + period.mul_f64(rng.gen::<f64>()),
            ),
        }
    }

    async fn wait(&self) {
        let at = *self.next.lock().expect("pacer lock");
        tokio::time::sleep_until(at).await;
    }

    fn accepted(&self) {
        let mut next = self.next.lock().expect("pacer lock");
        *next = (*next + self.period).max(tokio::time::Instant::now());
    }
}

async fn game_task(
    mut client: HexfoldClient<Channel>,
    seed: u64,
    period: Option<Duration>,
    Window { from, stop }: Window,
) -> anyhow::Result<TaskStats> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut stats = TaskStats::new(from);
    let mut game = new_game(&mut client).await?;
    let pacer = period.map(|p| Pacer::new(p, &mut rng));
    // The legal actions of the last submit, when its seat may go on: no read needed then.
    let mut known: Option<(usize, pb::LegalActionsResponse)> = None;
    while !*stop.borrow() {
        let next = match known.take() {
            Some(known) => Some(known),
            None => next_move(&mut client, &game, &mut stats).await?,
        };
        let Some((seat, legal)) = next else {
            stats.game_finished();
            game = new_game(&mut client).await?;
            continue;
        };
        let version = legal.version;
        let command = choose(legal.commands, &mut rng);
        if let Some(pacer) = &pacer {
            pacer.wait().await;
            if *stop.borrow() {
                break;
            }
        }
        game.command_ids += 1;
        let request = pb::SubmitCommandRequest {
            game_id: game.id.clone(),
            command_id: format!("{}-{}", game.id, game.command_ids),
            expected_version: Some(version),
            command: Some(command),
            with_legal_actions: true,
        };
        let sent = Instant::now();
        let result = client
            .submit_command(authed(request, &game.tokens[seat])?)
            .await;
        match result {
            Ok(response) => {
                stats.accepted(sent);
                if let Some(pacer) = &pacer {
                    pacer.accepted();
                }
                let response = response.into_inner();
                game.next = next_seat(&response.events, seat);
                known = response.legal_actions.map(|legal| (seat, legal));
            }
            Err(status) => {
                stats.refused(sent);
                // Overload or a conflict: the next round asks again. Anything else is a bug worth stopping for.
                if !matches!(
                    status.code(),
                    tonic::Code::ResourceExhausted | tonic::Code::Aborted
                ) {
                    bail!("SubmitCommand failed: {status:?}");
                }
            }
        }
    }
    Ok(stats)
}

/// One game task of `--api play`: games one after another, each played by four seat bots on their own `Play`
/// streams over this task's connection.
async fn play_games(
    client: HexfoldClient<Channel>,
    seed: u64,
    period: Option<Duration>,
    Window { from, stop }: Window,
) -> anyhow::Result<TaskStats> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut stats = TaskStats::new(from);
    // One pacer per task, shared by its games' seats: the game, not each seat, submits at the task's rate.
    let pacer = period.map(|p| Arc::new(Pacer::new(p, &mut rng)));
    while !*stop.borrow() {
        let game = new_game(&mut client.clone()).await?;
        let mut bots = Vec::new();
        for (seat, token) in game.tokens.iter().enumerate() {
            bots.push(tokio::spawn(seat_bot(
                client.clone(),
                game.id.clone(),
                token.clone(),
                seat,
                rng.gen(),
                pacer.clone(),
                Window {
                    from,
                    stop: stop.clone(),
                },
            )));
        }
        let mut finished = false;
        for bot in bots {
            let (seat_stats, ended) = bot.await??;
            finished |= ended;
            stats.absorb(seat_stats);
        }
        if finished {
            stats.game_finished();
        }
    }
    Ok(stats)
}

/// One seat of one game on its `Play` stream: answers every prompt with a weighted random listed command, until
/// the game ends (`true`) or the phase does (`false`).
async fn seat_bot(
    mut client: HexfoldClient<Channel>,
    game_id: String,
    token: String,
    seat: usize,
    seed: u64,
    pacer: Option<Arc<Pacer>>,
    Window { from, mut stop }: Window,
) -> anyhow::Result<(TaskStats, bool)> {
    use pb::play_update::Update;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut stats = TaskStats::new(from);
    let (requests, outbound) = tokio::sync::mpsc::channel(4);
    requests
        .send(pb::PlayRequest {
            request: Some(pb::play_request::Request::Open(pb::PlayOpen {
                game_id: game_id.clone(),
            })),
        })
        .await?;
    let mut updates = client
        .play(authed(
            tokio_stream::wrappers::ReceiverStream::new(outbound),
            &token,
        )?)
        .await?
        .into_inner();
    let mut sent: Option<Instant> = None;
    let mut commands = 0u64;
    loop {
        let update = tokio::select! {
            update = updates.message() => update?,
            _ = stop.wait_for(|s| *s) => return Ok((stats, false)),
        };
        let Some(pb::PlayUpdate {
            update: Some(update),
        }) = update
        else {
            bail!("the Play stream of seat {seat} ended before the game");
        };
        let legal = match update {
            Update::YourTurn(legal) => {
                stats.read();
                legal
            }
            Update::Result(result) => {
                // `sent` is unset only for a command whose send failed; its result, if any, is not measured.
                let sent = sent.take();
                match result.outcome {
                    Some(pb::command_result::Outcome::Accepted(accepted)) => {
                        if let Some(sent) = sent {
                            stats.accepted(sent);
                        }
                        if let Some(pacer) = &pacer {
                            pacer.accepted();
                        }
                        match accepted.legal_actions {
                            Some(legal) => legal,
                            None => continue,
                        }
                    }
                    // Several seats may act at once (answers to a trade offer, discards): another seat's
                    // command can make this one stale (the offer was taken); the next prompt comes anyway.
                    Some(pb::command_result::Outcome::Refused(refused))
                        if refused.code == tonic::Code::FailedPrecondition as i32 =>
                    {
                        if let Some(sent) = sent {
                            stats.refused(sent);
                        }
                        continue;
                    }
                    other => bail!("seat {seat}'s command was refused: {other:?}"),
                }
            }
            Update::Ended(_) => return Ok((stats, true)),
        };
        let command = choose(legal.commands, &mut rng);
        if let Some(pacer) = &pacer {
            pacer.wait().await;
        }
        if *stop.borrow() {
            return Ok((stats, false));
        }
        commands += 1;
        // No expected version: when several seats may act (a trade offer asks all of them), pinning the prompt's
        // version makes all but the first answer conflict and ask again; unpinned, each answer is judged against
        // the state it meets, and only a truly stale one (the offer was taken) is refused.
        let submit = pb::SubmitCommandRequest {
            command_id: format!("{game_id}-{seat}-{commands}"),
            expected_version: None,
            command: Some(command),
            ..Default::default()
        };
        sent = Some(Instant::now());
        let submitted = requests
            .send(pb::PlayRequest {
                request: Some(pb::play_request::Request::Submit(submit)),
            })
            .await;
        if submitted.is_err() {
            // The call is over: another seat's command ended the game while this seat chose from an older prompt,
            // and the server closed the stream after `ended`, which the next read delivers.
            sent = None;
        }
    }
}

/// The no-op baseline: the health service's `Check` in a closed loop on every task.
async fn run_baseline(args: &Args, channels: &[Channel], phase: Phase) -> anyhow::Result<Measured> {
    let stop = Arc::new(AtomicBool::new(false));
    let from = Instant::now() + phase.warmup;
    let mut tasks = Vec::new();
    for i in 0..args.games {
        let mut client = HealthClient::new(channels[i % channels.len()].clone());
        let stop = Arc::clone(&stop);
        tasks.push(tokio::spawn(async move {
            let mut stats = TaskStats::new(from);
            while !stop.load(Ordering::Relaxed) {
                let sent = Instant::now();
                match client
                    .check(HealthCheckRequest {
                        service: String::new(),
                    })
                    .await
                {
                    Ok(_) => stats.accepted(sent),
                    Err(_) => stats.refused(sent),
                }
            }
            stats
        }));
    }
    tokio::time::sleep_until(from.into()).await;
    let cpu_at_start = CpuTime::now();
    tokio::time::sleep(phase.length).await;
    stop.store(true, Ordering::Relaxed);
    let elapsed = from.elapsed();
    let cpu = CpuTime::now()
        .zip(cpu_at_start)
        .map(|(now, start)| now.since(start));
    let mut stats = Vec::new();
    for task in tasks {
        stats.push(task.await?);
    }
    let mut measured = merge(stats, elapsed);
    measured.cpu = cpu;
    Ok(measured)
}

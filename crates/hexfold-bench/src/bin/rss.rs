//! The server's memory and threads under concurrent reads: the real `hexfold serve` as a child process on a
//! temporary store, its resident set and thread count read from `/proc/<pid>/status` while `--clients`
//! concurrent callers run each read path, and again after the server has idled (issue 29, points 2 and 7).
//!
//! `cargo build --release -p hexfold -p hexfold-bench && target/release/rss [--games 600] [--played 8]
//! [--clients 48] [--calls 10] [--subscribers 300] [--idle-seconds 12] [--server target/release/hexfold]`
//!
//! The store: `--games` new four-seat Catan games (no events: the listing's worst case, every row a game in
//! progress) and `--played` games that the server's own bots play to the end (their logs are read). Then, one
//! phase each, every client on a connection of its own:
//! - `ListGames` with `page_size = 500`, `--calls` times;
//! - `ReadEvents` of a whole played game, `--calls` times;
//! - `GetState` at an old index (a random version of a played game, not the head), `--calls` times each of 20;
//! - `ExportGames` of every finished game, `--calls` times, each stream read to its end;
//! - `Subscribe`: `--subscribers` streams (spread over the clients' connections) to the new games, each until its
//!   caught-up marker; the streams stay open while the threads are counted.
//!
//! For each phase: the server's resident set before it, the highest seen while it ran (sampled every 10 ms), after
//! the calls ended, and after `--idle-seconds` of idling; likewise its threads. `VmHWM` at the end is the
//! process's peak over the whole run.

use anyhow::{bail, Context as _};
use clap::Parser;
use hexfold::proto::v1 as pb;
use pb::hexfold_client::HexfoldClient;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncBufReadExt as _;
use tonic::transport::Channel;

#[derive(Debug, Parser)]
#[command(about = "Resident memory and threads of a hexfold server under concurrent reads")]
struct Args {
    /// New games in the store (no events).
    #[arg(long, default_value_t = 600)]
    games: usize,
    /// Games the server's bots play to the end before the phases.
    #[arg(long, default_value_t = 8)]
    played: usize,
    /// Concurrent callers, each on its own connection.
    #[arg(long, default_value_t = 48)]
    clients: usize,
    /// Calls per caller in each phase.
    #[arg(long, default_value_t = 10)]
    calls: usize,
    /// Subscribe streams held open at once in the last phase.
    #[arg(long, default_value_t = 300)]
    subscribers: usize,
    /// Seconds the server idles after each phase before its resident set is read again.
    #[arg(long, default_value_t = 12)]
    idle_seconds: u64,
    /// The `hexfold` binary to run (default: the one beside this binary).
    #[arg(long)]
    server: Option<PathBuf>,
    /// More arguments for `hexfold serve`.
    #[arg(last = true)]
    serve_args: Vec<String>,
}

const OPERATOR: &str = "rss-bench-operator";

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if args.clients == 0 || args.calls == 0 || args.played == 0 {
        bail!("--clients, --calls and --played must be at least 1");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run(args))
}

/// One reading of `/proc/<pid>/status`.
#[derive(Clone, Copy, Debug, Default)]
struct Status {
    rss_kib: u64,
    hwm_kib: u64,
    threads: u64,
}

fn status(pid: u32) -> anyhow::Result<Status> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .context("read /proc/<pid>/status (Linux only)")?;
    let mut out = Status::default();
    for line in text.lines() {
        let value = |l: &str| {
            l.split_whitespace()
                .nth(1)
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        match line.split(':').next() {
            Some("VmRSS") => out.rss_kib = value(line),
            Some("VmHWM") => out.hwm_kib = value(line),
            Some("Threads") => out.threads = value(line),
            _ => {}
        }
    }
    Ok(out)
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// Samples the server's resident set and threads every 10 ms while it lives, keeping the highest of each.
struct Sampler {
    stop: Arc<AtomicBool>,
    peak_rss: Arc<AtomicU64>,
    peak_threads: Arc<AtomicU64>,
    task: tokio::task::JoinHandle<()>,
}

impl Sampler {
    fn start(pid: u32) -> Sampler {
        let stop = Arc::new(AtomicBool::new(false));
        let peak_rss = Arc::new(AtomicU64::new(0));
        let peak_threads = Arc::new(AtomicU64::new(0));
        let task = tokio::spawn({
            let (stop, peak_rss, peak_threads) = (
                Arc::clone(&stop),
                Arc::clone(&peak_rss),
                Arc::clone(&peak_threads),
            );
            async move {
                while !stop.load(Ordering::Relaxed) {
                    if let Ok(s) = status(pid) {
                        peak_rss.fetch_max(s.rss_kib, Ordering::Relaxed);
                        peak_threads.fetch_max(s.threads, Ordering::Relaxed);
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        });
        Sampler {
            stop,
            peak_rss,
            peak_threads,
            task,
        }
    }

    async fn finish(self) -> (u64, u64) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.task.await;
        (
            self.peak_rss.load(Ordering::Relaxed),
            self.peak_threads.load(Ordering::Relaxed),
        )
    }
}

async fn run(args: Args) -> anyhow::Result<()> {
    let server = match &args.server {
        Some(path) => path.clone(),
        None => std::env::current_exe()?
            .parent()
            .context("the binary's directory")?
            .join("hexfold"),
    };
    let dir = tempfile::tempdir()?;
    let mut child = tokio::process::Command::new(&server)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--operator-token",
            OPERATOR,
        ])
        .arg("--data-dir")
        .arg(dir.path())
        .args(&args.serve_args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("start {}", server.display()))?;
    let pid = child.id().context("the server's pid")?;
    let mut lines = tokio::io::BufReader::new(child.stdout.take().context("stdout")?).lines();
    let first = lines
        .next_line()
        .await?
        .context("the server printed nothing")?;
    let addr = first
        .strip_prefix("listening on ")
        .with_context(|| format!("unexpected first line {first:?}"))?
        .to_string();
    let endpoint = format!("http://{addr}");
    let mut clients = Vec::new();
    for _ in 0..args.clients {
        clients.push(HexfoldClient::new(
            Channel::from_shared(endpoint.clone())?.connect().await?,
        ));
    }
    println!(
        "rss: {} at {addr} (pid {pid}), {} new games + {} played by its bots, {} clients x {} calls per phase, \
         {} s idle after each",
        server.display(),
        args.games,
        args.played,
        args.clients,
        args.calls,
        args.idle_seconds
    );
    let started = status(pid)?;
    println!(
        "started: {:.0} MiB resident, {} threads",
        mib(started.rss_kib),
        started.threads
    );

    let played = play_games(&clients[0], args.played).await?;
    let new = create_games(&clients, args.games).await?;
    let heads = {
        let mut heads = Vec::new();
        for id in &played {
            let state = clients[0]
                .clone()
                .get_state(pb::GetStateRequest {
                    game_id: id.clone(),
                    at_version: None,
                })
                .await?
                .into_inner();
            heads.push(state.version);
        }
        heads
    };
    let loaded = status(pid)?;
    println!(
        "store loaded: {:.0} MiB resident, {} threads; played games' heads {:?}",
        mib(loaded.rss_kib),
        loaded.threads,
        heads
    );
    println!(
        "| phase | before MiB | peak MiB | after calls MiB | after {} s idle MiB | threads before / peak / idle |",
        args.idle_seconds
    );
    println!("|---|---:|---:|---:|---:|---|");

    let games: Arc<Vec<(String, u64)>> = Arc::new(played.into_iter().zip(heads).collect());
    for phase in ["ListGames", "ReadEvents", "GetState(old)", "ExportGames"] {
        let before = status(pid)?;
        let sampler = Sampler::start(pid);
        let mut tasks = Vec::new();
        for (i, client) in clients.iter().enumerate() {
            let mut client = client.clone();
            let games = Arc::clone(&games);
            let calls = args.calls;
            tasks.push(tokio::spawn(async move {
                let mut rng = rand::rngs::StdRng::seed_from_u64(i as u64);
                for call in 0..calls {
                    let (id, head) = &games[(i + call) % games.len()];
                    match phase {
                        "ListGames" => {
                            client
                                .list_games(pb::ListGamesRequest {
                                    page_size: 500,
                                    page_token: String::new(),
                                })
                                .await?;
                        }
                        "ReadEvents" => {
                            let mut stream = client
                                .read_events(pb::ReadEventsRequest {
                                    game_id: id.clone(),
                                    ..Default::default()
                                })
                                .await?
                                .into_inner();
                            while stream.message().await?.is_some() {}
                        }
                        "GetState(old)" => {
                            for _ in 0..20 {
                                let at = rng.gen_range(1..(*head).max(2));
                                client
                                    .get_state(pb::GetStateRequest {
                                        game_id: id.clone(),
                                        at_version: Some(at),
                                    })
                                    .await?;
                            }
                        }
                        _ => {
                            let mut stream = client
                                .export_games(pb::ExportGamesRequest::default())
                                .await?
                                .into_inner();
                            while stream.message().await?.is_some() {}
                        }
                    }
                }
                Ok::<_, tonic::Status>(())
            }));
        }
        for task in tasks {
            task.await?.with_context(|| format!("a {phase} call"))?;
        }
        let (peak, peak_threads) = sampler.finish().await;
        let after = status(pid)?;
        tokio::time::sleep(Duration::from_secs(args.idle_seconds)).await;
        let idle = status(pid)?;
        println!(
            "| {phase} | {:.0} | {:.0} | {:.0} | {:.0} | {} / {} / {} |",
            mib(before.rss_kib),
            mib(peak.max(after.rss_kib)),
            mib(after.rss_kib),
            mib(idle.rss_kib),
            before.threads,
            peak_threads.max(after.threads),
            idle.threads
        );
    }

    // Subscribers to the games in progress (each one's head loaded from the store), held open until every one
    // is caught up, then the threads are counted.
    if new.is_empty() {
        bail!("--games must be at least 1 for the subscribers");
    }
    let before = status(pid)?;
    let sampler = Sampler::start(pid);
    let mut streams = Vec::new();
    for i in 0..args.subscribers {
        let mut client = clients[i % clients.len()].clone();
        let id = new[i % new.len()].clone();
        streams.push(tokio::spawn(async move {
            let mut stream = client
                .subscribe(pb::SubscribeRequest {
                    game_id: id,
                    after_version: 0,
                })
                .await?
                .into_inner();
            while let Some(item) = stream.message().await? {
                if matches!(item.item, Some(pb::subscribe_response::Item::CaughtUp(_))) {
                    break;
                }
            }
            Ok::<_, tonic::Status>(stream)
        }));
    }
    let mut open = Vec::new();
    for stream in streams {
        open.push(stream.await?.context("a Subscribe stream")?);
    }
    let (peak, peak_threads) = sampler.finish().await;
    let caught_up = status(pid)?;
    tokio::time::sleep(Duration::from_secs(args.idle_seconds)).await;
    let idle = status(pid)?;
    println!(
        "| Subscribe x{} (held open) | {:.0} | {:.0} | {:.0} | {:.0} | {} / {} / {} |",
        open.len(),
        mib(before.rss_kib),
        mib(peak.max(caught_up.rss_kib)),
        mib(caught_up.rss_kib),
        mib(idle.rss_kib),
        before.threads,
        peak_threads.max(caught_up.threads),
        idle.threads
    );
    drop(open);
    let end = status(pid)?;
    println!(
        "VmHWM (peak resident over the whole run, the store's loading included): {:.0} MiB",
        mib(end.hwm_kib)
    );
    child.kill().await?;
    Ok(())
}

/// Creates `count` games whose four seats are the server's bots and waits until each has ended (its `Subscribe`
/// stream ends with the game). Returns their ids.
async fn play_games(client: &HexfoldClient<Channel>, count: usize) -> anyhow::Result<Vec<String>> {
    let mut ids = Vec::new();
    let mut waits = Vec::new();
    for _ in 0..count {
        let mut client = client.clone();
        let created = client
            .create_game(pb::CreateGameRequest {
                variant: pb::Variant::Catan as i32,
                seats: (0..4).map(|s| format!("bot {s}")).collect(),
                options: None,
                bots: (0..4)
                    .map(|seat| pb::BotSeat {
                        seat,
                        strategy: pb::BotStrategy::Greedy as i32,
                    })
                    .collect(),
            })
            .await?
            .into_inner();
        ids.push(created.game_id.clone());
        waits.push(tokio::spawn(async move {
            let mut stream = client
                .subscribe(pb::SubscribeRequest {
                    game_id: created.game_id,
                    after_version: 0,
                })
                .await?
                .into_inner();
            while stream.message().await?.is_some() {}
            Ok::<_, tonic::Status>(())
        }));
    }
    for wait in waits {
        wait.await?.context("following a bot game to its end")?;
    }
    Ok(ids)
}

/// Creates `count` four-seat Catan games, a few at a time over the clients; returns their ids.
async fn create_games(
    clients: &[HexfoldClient<Channel>],
    count: usize,
) -> anyhow::Result<Vec<String>> {
    let per = count.div_ceil(clients.len().max(1));
    let mut tasks = Vec::new();
    for (i, client) in clients.iter().enumerate() {
        let mut client = client.clone();
        let n = per.min(count.saturating_sub(i * per));
        tasks.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for _ in 0..n {
                let created = client
                    .create_game(pb::CreateGameRequest {
                        variant: pb::Variant::Catan as i32,
                        seats: (0..4).map(|s| format!("player {s}")).collect(),
                        options: None,
                        bots: Vec::new(),
                    })
                    .await?;
                ids.push(created.into_inner().game_id);
            }
            Ok::<_, tonic::Status>(ids)
        }));
    }
    let mut ids = Vec::new();
    for task in tasks {
        ids.extend(task.await?.context("creating a game")?);
    }
    Ok(ids)
}

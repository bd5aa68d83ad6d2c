//! Durable appends per second and their latency, with N concurrent writers, in Flush and Fsync modes.
//!
//! Each writer owns one stream (as one game does) and appends commands of `--events` events of
//! `--payload` bytes with an expected version, back to back, for `--seconds`. Every append is acknowledged
//! only once durable, so the figures are durable appends. Runs on a fresh temporary directory per case.
//! `--summary-every N` attaches a summary to every Nth append of a writer (0, the default: never), as the
//! server does when a game's summary changes. Writers append through `Arc<dyn EventStore>`, as the server
//! does.
//!
//! ```text
//! cargo run --release -p hexfold-store --example append_bench -- [--writers 1,16,128] [--modes flush,fsync]
//!     [--seconds 3] [--events 2] [--payload 200] [--summary-every 0] [--dir PATH]
//! ```

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hexfold_store::{AppendRequest, Durability, EventStore, Store, StoreConfig};

struct Options {
    writers: Vec<usize>,
    modes: Vec<Durability>,
    seconds: f64,
    events: usize,
    payload: usize,
    summary_every: u64,
    dir: Option<PathBuf>,
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "{problem}\nusage: append_bench [--writers 1,16,128] [--modes flush,fsync] [--seconds 3] \
         [--events 2] [--payload 200] [--summary-every 0] [--dir PATH]"
    );
    std::process::exit(2)
}

fn parse<T: std::str::FromStr>(flag: &str, value: &str) -> T {
    value
        .parse()
        .unwrap_or_else(|_| usage(&format!("bad value for {flag}: {value}")))
}

fn parse_args() -> Options {
    let mut o = Options {
        writers: vec![1, 16, 128],
        modes: vec![Durability::Flush, Durability::Fsync],
        seconds: 3.0,
        events: 2,
        payload: 200,
        summary_every: 0,
        dir: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        match flag.as_str() {
            "--writers" => o.writers = value.split(',').map(|n| parse(&flag, n)).collect(),
            "--modes" => {
                o.modes = value
                    .split(',')
                    .map(|m| match m {
                        "flush" => Durability::Flush,
                        "fsync" => Durability::Fsync,
                        _ => usage(&format!("unknown mode {m}")),
                    })
                    .collect()
            }
            "--seconds" => o.seconds = parse(&flag, &value),
            "--events" => o.events = parse(&flag, &value),
            "--payload" => o.payload = parse(&flag, &value),
            "--summary-every" => o.summary_every = parse(&flag, &value),
            "--dir" => o.dir = Some(PathBuf::from(value)),
            _ => usage(&format!("unknown flag {flag}")),
        }
    }
    o
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank]
}

async fn run_case(o: &Options, mode: Durability, writers: usize) {
    let dir = match &o.dir {
        Some(parent) => tempfile::tempdir_in(parent),
        None => tempfile::tempdir(),
    }
    .expect("temporary directory");
    let store = Store::open(dir.path(), StoreConfig { durability: mode }).expect("open store");
    let shared: Arc<dyn EventStore> = Arc::new(store.clone());
    for w in 0..writers {
        shared
            .create_stream(&format!("bench-{w}"), b"bench".to_vec())
            .await
            .expect("create stream");
    }
    let flushes_before = store.flush_count();
    let deadline = Instant::now() + Duration::from_secs_f64(o.seconds);
    let started = Instant::now();
    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let shared = Arc::clone(&shared);
            let (events, payload, summary_every) = (o.events, o.payload, o.summary_every);
            tokio::spawn(async move {
                let stream = format!("bench-{w}");
                let mut latencies = Vec::new();
                let mut version = 0;
                let mut n = 0u64;
                while Instant::now() < deadline {
                    n += 1;
                    let summary = (summary_every > 0 && n % summary_every == 0)
                        .then(|| format!("at {version}").into_bytes());
                    let req = AppendRequest {
                        stream: stream.clone(),
                        expected_version: Some(version),
                        command_id: format!("c{version}"),
                        command: vec![1; 32],
                        events: vec![vec![7; payload]; events],
                        summary,
                        snapshots: Vec::new(),
                    };
                    let t = Instant::now();
                    let r = shared.append(req).await.expect("append");
                    latencies.push(t.elapsed());
                    version = r.last_version;
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.expect("writer task"));
    }
    let elapsed = started.elapsed().as_secs_f64();
    let flushes = store.flush_count() - flushes_before;
    latencies.sort_unstable();
    let n = latencies.len();
    println!(
        "{:<6} writers={:<4} appends/s={:>8.0} events/s={:>8.0} p50={:>7.2}ms p99={:>7.2}ms max={:>7.2}ms \
         appends/flush={:>6.1}",
        format!("{mode:?}"),
        writers,
        n as f64 / elapsed,
        (n * o.events) as f64 / elapsed,
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        n as f64 / flushes.max(1) as f64,
    );
}

fn main() {
    let o = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    println!(
        "append_bench: {} event(s) of {} bytes per append, a summary every {} append(s) (0: none), {}s per case, \
         {} cores",
        o.events,
        o.payload,
        o.summary_every,
        o.seconds,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for &mode in &o.modes {
        for &writers in &o.writers {
            runtime.block_on(run_case(&o, mode, writers));
        }
    }
}

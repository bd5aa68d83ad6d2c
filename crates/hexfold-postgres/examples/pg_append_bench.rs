//! Durable appends per second through the trait with N concurrent writers on PostgreSQL, and what a
//! group looks like (appends per transaction): the store crate's `append_bench` workload, on this backend.
//!
//! Each writer owns one stream (as one game does) and appends commands of `--events` events of
//! `--payload` bytes with an expected version, back to back, for `--seconds`; every append is acknowledged
//! only after its COMMIT. Each case runs on a fresh database of a throw-away cluster this example starts
//! (the tests' `test_support`, so it needs the `test-support` feature), or on `--url`'s database, whose
//! `hexfold` schema must then be empty or absent.
//!
//! ```text
//! cargo run --release -p hexfold-postgres --features test-support --example pg_append_bench -- \
//!     [--writers 1,64] [--seconds 3] [--events 2] [--payload 200] [--url postgres://...]
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use hexfold_postgres::{test_support, PgConfig, PgStore};
use hexfold_store::{AppendRequest, EventStore};

struct Options {
    writers: Vec<usize>,
    seconds: f64,
    events: usize,
    payload: usize,
    url: Option<String>,
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "{problem}\nusage: pg_append_bench [--writers 1,64] [--seconds 3] [--events 2] [--payload 200] \
         [--url postgres://...]"
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
        writers: vec![1, 64],
        seconds: 3.0,
        events: 2,
        payload: 200,
        url: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        match flag.as_str() {
            "--writers" => o.writers = value.split(',').map(|n| parse(&flag, n)).collect(),
            "--seconds" => o.seconds = parse(&flag, &value),
            "--events" => o.events = parse(&flag, &value),
            "--payload" => o.payload = parse(&flag, &value),
            "--url" => o.url = Some(value),
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

async fn run_case(o: &Options, writers: usize) {
    let url = match &o.url {
        Some(url) => url.clone(),
        None => test_support::cluster().create_database().await,
    };
    let store = PgStore::open(PgConfig::new(url)).await.expect("open store");
    let shared: Arc<dyn EventStore> = Arc::new(store.clone());
    // Streams of their own per case, so a `--url` database can hold several cases.
    let case = format!("bench-{writers}-{}", std::process::id());
    for w in 0..writers {
        shared
            .create_stream(&format!("{case}-{w}"), b"bench".to_vec())
            .await
            .expect("create stream");
    }
    let (groups_before, appends_before) = store.group_stats();
    let deadline = Instant::now() + Duration::from_secs_f64(o.seconds);
    let started = Instant::now();
    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let shared = Arc::clone(&shared);
            let stream = format!("{case}-{w}");
            let (events, payload) = (o.events, o.payload);
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut version = 0;
                while Instant::now() < deadline {
                    let req = AppendRequest {
                        stream: stream.clone(),
                        expected_version: Some(version),
                        command_id: format!("c{version}"),
                        command: vec![1; 32],
                        events: vec![vec![7; payload]; events],
                        summary: None,
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
    let (groups, appends) = store.group_stats();
    let (groups, appends) = (groups - groups_before, appends - appends_before);
    latencies.sort_unstable();
    let n = latencies.len();
    println!(
        "postgres writers={:<4} appends/s={:>8.0} events/s={:>8.0} p50={:>7.2}ms p99={:>7.2}ms max={:>7.2}ms \
         appends/transaction={:>6.1}",
        writers,
        n as f64 / elapsed,
        (n * o.events) as f64 / elapsed,
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        appends as f64 / groups.max(1) as f64,
    );
}

fn main() {
    let o = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    println!(
        "pg_append_bench: {} event(s) of {} bytes per append, {}s per case, {} cores",
        o.events,
        o.payload,
        o.seconds,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for &writers in &o.writers {
        runtime.block_on(run_case(&o, writers));
    }
}

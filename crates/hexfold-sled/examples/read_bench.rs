//! What a small read costs per call through `Arc<dyn EventStore>`, as the server reads: sled's backend runs
//! its reads on reader threads of its own and answers from memory inline where it can. (The figures in the
//! README that compare them with reads inline on the calling task were taken before `Store`'s blocking
//! methods left the public API.)
//!
//! One stream holds `--events` events written in appends of `--per-append`. Each case makes `--calls` calls
//! split over `--tasks` concurrent tasks on a runtime of `--workers` worker threads, and prints calls/s and
//! the per-call latency. `--writers N` keeps N tasks appending to streams of their own meanwhile, so reads
//! meet the log thread's batches as they do in the server.
//!
//! ```text
//! cargo run --release -p hexfold-sled --example read_bench -- [--events 64] [--per-append 2]
//!     [--calls 20000] [--tasks 1,8] [--workers 2] [--writers 0] [--dir PATH]
//! ```

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hexfold_sled::{SledConfig, SledStore};
use hexfold_store::{AppendRequest, EventStore};

struct Options {
    events: u64,
    per_append: u64,
    calls: usize,
    tasks: Vec<usize>,
    workers: usize,
    writers: usize,
    dir: Option<PathBuf>,
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "{problem}\nusage: read_bench [--events 64] [--per-append 2] [--calls 20000] [--tasks 1,8] \
         [--workers 2] [--writers 0] [--dir PATH]"
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
        events: 64,
        per_append: 2,
        calls: 20_000,
        tasks: vec![1, 8],
        workers: 2,
        writers: 0,
        dir: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        match flag.as_str() {
            "--events" => o.events = parse(&flag, &value),
            "--per-append" => o.per_append = parse(&flag, &value),
            "--calls" => o.calls = parse(&flag, &value),
            "--tasks" => o.tasks = value.split(',').map(|n| parse(&flag, n)).collect(),
            "--workers" => o.workers = parse(&flag, &value),
            "--writers" => o.writers = parse(&flag, &value),
            "--dir" => o.dir = Some(PathBuf::from(value)),
            _ => usage(&format!("unknown flag {flag}")),
        }
    }
    if o.per_append == 0 || o.events == 0 || o.tasks.contains(&0) {
        usage("--events, --per-append and --tasks must be at least 1");
    }
    o
}

/// The calls measured, each one read of the bench stream (or a lookup on it).
#[derive(Debug, Clone, Copy)]
enum Case {
    /// `EventStore::read` of the whole stream.
    Read,
    /// `EventStore::read_backwards` of the whole stream.
    ReadBackwards,
    /// `EventStore::head`.
    Head,
    /// `EventStore::find_command` of an id never sent: answered from the log thread's index, inline.
    FindNeverSeen,
}

const CASES: [Case; 4] = [
    Case::Read,
    Case::ReadBackwards,
    Case::Head,
    Case::FindNeverSeen,
];

const STREAM: &str = "read-bench";

async fn call(case: Case, store: &dyn EventStore, events: u64) -> usize {
    let n = match case {
        Case::Read => store.read(STREAM, 1, events).await.map(|r| r.len()),
        Case::ReadBackwards => store
            .read_backwards(STREAM, events, events as usize)
            .await
            .map(|r| r.len()),
        Case::Head => store.head(STREAM).await.map(|h| h as usize),
        Case::FindNeverSeen => store
            .find_command(STREAM, "never-sent")
            .await
            .map(|c| usize::from(c.is_some())),
    };
    n.expect("read")
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank]
}

async fn run_case(o: &Options, store: &Arc<dyn EventStore>, case: Case, tasks: usize) {
    let per_task = o.calls.div_ceil(tasks);
    let started = Instant::now();
    let handles: Vec<_> = (0..tasks)
        .map(|_| {
            let (store, events) = (Arc::clone(store), o.events);
            tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(per_task);
                let mut checksum = 0;
                for _ in 0..per_task {
                    let t = Instant::now();
                    checksum += call(case, &*store, events).await;
                    latencies.push(t.elapsed());
                }
                (latencies, checksum)
            })
        })
        .collect();
    let mut latencies = Vec::new();
    let mut checksum = 0;
    for handle in handles {
        let (l, c) = handle.await.expect("reader task");
        latencies.extend(l);
        checksum += c;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let n = latencies.len();
    let mean_us = latencies.iter().sum::<Duration>().as_secs_f64() * 1e6 / n as f64;
    println!(
        "{:<20} tasks={:<3} calls/s={:>9.0} mean={:>7.2}us p50={:>7.2}us p99={:>7.2}us \
         (answers summed: {checksum})",
        format!("{case:?}"),
        tasks,
        n as f64 / elapsed,
        mean_us,
        percentile(&latencies, 0.50).as_secs_f64() * 1e6,
        percentile(&latencies, 0.99).as_secs_f64() * 1e6,
    );
}

async fn run(o: &Options) {
    let dir = match &o.dir {
        Some(parent) => tempfile::tempdir_in(parent),
        None => tempfile::tempdir(),
    }
    .expect("temporary directory");
    let shared: Arc<dyn EventStore> =
        Arc::new(SledStore::open(dir.path(), SledConfig::default()).expect("open store"));
    shared
        .create_stream(STREAM, b"bench".to_vec())
        .await
        .expect("create stream");
    let mut version = 0;
    while version < o.events {
        let count = o.per_append.min(o.events - version);
        let r = shared
            .append(AppendRequest {
                stream: STREAM.into(),
                expected_version: Some(version),
                command_id: format!("c{version}"),
                command: vec![1; 32],
                events: vec![vec![7; 200]; count as usize],
                summary: None,
                snapshots: Vec::new(),
            })
            .await
            .expect("append");
        version = r.last_version;
    }

    let stop = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = (0..o.writers)
        .map(|w| {
            let (shared, stop) = (Arc::clone(&shared), Arc::clone(&stop));
            tokio::spawn(async move {
                let stream = format!("writer-{w}");
                shared
                    .create_stream(&stream, Vec::new())
                    .await
                    .expect("create stream");
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    shared
                        .append(AppendRequest {
                            stream: stream.clone(),
                            expected_version: None,
                            command_id: format!("w{n}"),
                            command: vec![1; 32],
                            events: vec![vec![7; 200]; 2],
                            summary: None,
                            snapshots: Vec::new(),
                        })
                        .await
                        .expect("append");
                }
                n
            })
        })
        .collect();

    for case in CASES {
        for &tasks in &o.tasks {
            run_case(o, &shared, case, tasks).await;
        }
    }
    stop.store(true, Ordering::Relaxed);
    let mut appended = 0;
    for writer in writers {
        appended += writer.await.expect("writer task");
    }
    if o.writers > 0 {
        println!("background appends meanwhile: {appended}");
    }
}

fn main() {
    let o = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(o.workers)
        .enable_all()
        .build()
        .expect("tokio runtime");
    println!(
        "read_bench: {} events of 200 bytes in appends of {}, {} calls per case, {} workers, {} background \
         writers, {} cores",
        o.events,
        o.per_append,
        o.calls,
        o.workers,
        o.writers,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    runtime.block_on(run(&o));
}

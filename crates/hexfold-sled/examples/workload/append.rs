//! The append workload that every backend's append benchmark runs, written once: the store crate's
//! `append_bench` (sled) and the PostgreSQL crate's `pg_append_bench` include this file by path, as the
//! contract suite is included, so the two measure exactly the same thing and differ only in the store they
//! open and in how they count its groups.
//!
//! Each writer owns one stream (as one game does) and appends commands of `events` events of `payload`
//! bytes with an expected version, back to back, for `seconds`; every `summary_every`th append of a writer
//! carries a summary (0: none), as the server's append does when a game's summary changes. Writers append
//! through `Arc<dyn EventStore>`, as the server does, and an append counts once it is acknowledged, i.e.
//! durable.

use std::sync::Arc;
use std::time::{Duration, Instant};

use hexfold_store::{AppendRequest, EventStore};

/// The workload's settings, shared by every backend's command line.
pub struct Workload {
    pub writers: Vec<usize>,
    pub seconds: f64,
    pub events: usize,
    pub payload: usize,
    pub summary_every: u64,
}

/// The flags of [`Workload`], for a usage line.
pub const FLAGS: &str =
    "[--writers 1,64] [--seconds 3] [--events 2] [--payload 200] [--summary-every 0]";

impl Workload {
    /// The defaults, with `writers` as the cases.
    pub fn new(writers: Vec<usize>) -> Workload {
        Workload {
            writers,
            seconds: 3.0,
            events: 2,
            payload: 200,
            summary_every: 0,
        }
    }

    /// Takes one of the workload's flags with its value; `Ok(false)` if the flag is not one of them (the
    /// binary's own flags), `Err` for a value that does not parse.
    pub fn take_flag(&mut self, flag: &str, value: &str) -> Result<bool, String> {
        fn parse<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
            value
                .parse()
                .map_err(|_| format!("bad value for {flag}: {value}"))
        }
        match flag {
            "--writers" => {
                self.writers = value
                    .split(',')
                    .map(|n| parse(flag, n))
                    .collect::<Result<_, _>>()?
            }
            "--seconds" => self.seconds = parse(flag, value)?,
            "--events" => self.events = parse(flag, value)?,
            "--payload" => self.payload = parse(flag, value)?,
            "--summary-every" => self.summary_every = parse(flag, value)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The first line of a benchmark's output: what each append is.
    pub fn describe(&self, bench: &str) -> String {
        format!(
            "{bench}: {} event(s) of {} bytes per append, a summary every {} append(s) (0: none), {}s per \
             case, {} cores",
            self.events,
            self.payload,
            self.summary_every,
            self.seconds,
            std::thread::available_parallelism().map_or(1, |n| n.get())
        )
    }

    /// Creates the `writers` streams named `<prefix>-<n>` that [`Workload::run`] appends to.
    pub async fn create(&self, store: &dyn EventStore, prefix: &str, writers: usize) {
        for w in 0..writers {
            store
                .create_stream(&format!("{prefix}-{w}"), b"bench".to_vec())
                .await
                .expect("create stream");
        }
    }

    /// Appends to the streams [`Workload::create`] made for `seconds`, one task per writer.
    pub async fn run(&self, store: Arc<dyn EventStore>, prefix: &str, writers: usize) -> Run {
        let deadline = Instant::now() + Duration::from_secs_f64(self.seconds);
        let started = Instant::now();
        let tasks: Vec<_> = (0..writers)
            .map(|w| {
                let store = Arc::clone(&store);
                let stream = format!("{prefix}-{w}");
                let (events, payload, summary_every) =
                    (self.events, self.payload, self.summary_every);
                tokio::spawn(async move {
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
                        let r = store.append(req).await.expect("append");
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
        latencies.sort_unstable();
        Run {
            writers,
            events: self.events,
            elapsed,
            latencies,
        }
    }
}

/// One case's acknowledged appends.
pub struct Run {
    writers: usize,
    events: usize,
    elapsed: f64,
    /// Sorted.
    latencies: Vec<Duration>,
}

impl Run {
    /// The case's line: `label`, the rates and latencies, and `groups` (flushes or transactions, named by
    /// `per`) as appends per group.
    pub fn line(&self, label: &str, per: &str, groups: u64) -> String {
        let n = self.latencies.len();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        format!(
            "{label:<8} writers={:<4} appends/s={:>8.0} events/s={:>8.0} p50={:>7.2}ms p99={:>7.2}ms \
             max={:>7.2}ms appends/{per}={:>6.1}",
            self.writers,
            n as f64 / self.elapsed,
            (n * self.events) as f64 / self.elapsed,
            ms(self.percentile(0.50)),
            ms(self.percentile(0.99)),
            ms(self.latencies.last().copied().unwrap_or_default()),
            n as f64 / groups.max(1) as f64,
        )
    }

    fn percentile(&self, p: f64) -> Duration {
        if self.latencies.is_empty() {
            return Duration::ZERO;
        }
        let rank = ((self.latencies.len() as f64 - 1.0) * p).round() as usize;
        self.latencies[rank]
    }
}

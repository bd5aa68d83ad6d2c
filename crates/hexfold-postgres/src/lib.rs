//! The hexfold event store over PostgreSQL: [`PgStore`] implements [`hexfold_store::EventStore`], so
//! several server processes can share one database.
//!
//! This crate owns the tables of the schema `hexfold` (`src/schema.rs`, created and migrated at open), the
//! group commit that appends (`src/writer.rs`: one task, one connection, one transaction per group of
//! queued appends), the wake-ups of the global order (`src/listener.rs`: LISTEN/NOTIFY on a connection of
//! its own, with re-reads after a reconnect and now and then), and the reads, which run on a bounded pool
//! of connections (this file). Global positions are handed out from one counter row updated inside the
//! appending transaction, so positions are in commit order and no reader can pass a transaction still in
//! flight; the README explains the choice.
//!
//! It depends on the store crate's trait and types and on the PostgreSQL client, never on the server, a
//! game, protobuf or gRPC: payloads are opaque bytes. The contract it keeps is the trait's; the store
//! crate's contract suite (`hexfold_store::contract`) runs against it in `tests/postgres.rs`. With the
//! `test-support` feature, [`test_support`] starts a throw-away cluster for tests.

mod check;
mod error;
mod health;
mod listener;
mod recent;
mod schema;
mod seal;
#[cfg(feature = "test-support")]
pub mod test_support;
mod writer;

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio::sync::{mpsc, oneshot, watch, Semaphore};
use tokio::task::JoinHandle;
use tokio_postgres::{NoTls, Row};

use hexfold_store::metrics::Backend;
use hexfold_store::{
    check_len, check_stream_name, AppendRequest, Appended, BoxFuture, CommandRecord, EventStore,
    GlobalEntry, GlobalRecord, PositionWatch, Recorded, Snapshot, StoreError, StreamListing,
    MAX_LIST_STREAMS, MAX_META_BYTES, MAX_READ_BACKWARDS, MAX_READ_GLOBAL, MAX_SNAPSHOT_BYTES,
};

pub use check::check;
use error::{pg, pool, timed_out};
pub use schema::SCHEMA_VERSION;

/// How to reach the database and the bounds of the store. [`PgConfig::new`] gives the documented
/// defaults. Its `Debug` shows the URL without its password.
#[derive(Clone)]
pub struct PgConfig {
    /// `postgres://user[:password]@host[:port]/database[?option=value...]`, as libpq takes it (`host` may
    /// be a directory holding the server's unix socket: `postgres://user@/db?host=/run/postgresql`).
    pub url: String,
    /// Connections of the readers' pool (the writer and the listener have one each on top). Readers past
    /// it wait for a free connection, at most [`timeout`](Self::timeout).
    pub pool_size: usize,
    /// The bound on every call: the server cancels a statement that runs longer (`statement_timeout`),
    /// a reader waits at most this long for a pooled connection, and the client gives up on a call that
    /// has not finished after this plus [`connect_timeout`](Self::connect_timeout), with
    /// [`StoreError::Unavailable`] (for an append: its outcome is unknown, and a retry with the same
    /// command id is safe).
    pub timeout: Duration,
    /// The bound on opening one connection (unless the URL sets `connect_timeout`).
    pub connect_timeout: Duration,
    /// A group (the appends committed by one transaction) holds at most this many appends...
    pub max_group_appends: usize,
    /// ...and at most this many bytes (at least one append, whatever its size).
    pub max_group_bytes: usize,
    /// Appends waiting for the writer hold at most this many bytes in all; callers past it wait
    /// (backpressure, bounded by [`timeout`](Self::timeout)), they are not refused.
    pub max_queued_bytes: usize,
    /// The listener re-reads the committed global position this often, in case a notification was lost.
    pub recheck_every: Duration,
    /// The health probe runs `SELECT 1` this often, on a connection of its own (see
    /// [`EventStore::watch_writable`]).
    pub probe_every: Duration,
    /// This many failures in a row (probes, or calls that found the database unreachable) report the store
    /// not ready...
    pub probe_failures: u32,
    /// ...and this many successes in a row report it ready again.
    pub probe_successes: u32,
}

impl std::fmt::Debug for PgConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgConfig")
            .field("url", &self.describe())
            .field("pool_size", &self.pool_size)
            .field("timeout", &self.timeout)
            .field("connect_timeout", &self.connect_timeout)
            .field("max_group_appends", &self.max_group_appends)
            .field("max_group_bytes", &self.max_group_bytes)
            .field("max_queued_bytes", &self.max_queued_bytes)
            .field("recheck_every", &self.recheck_every)
            .field("probe_every", &self.probe_every)
            .field("probe_failures", &self.probe_failures)
            .field("probe_successes", &self.probe_successes)
            .finish()
    }
}

impl PgConfig {
    /// The defaults: 16 pooled connections, 10 s per statement, 5 s to connect, groups of at most 512
    /// appends and 16 MiB, 64 MiB queued, a re-read of the position every 5 s, a health probe every second,
    /// 3 failures in a row to report the store not ready and 2 successes to report it ready again.
    pub fn new(url: impl Into<String>) -> PgConfig {
        PgConfig {
            url: url.into(),
            pool_size: 16,
            timeout: Duration::from_secs(10),
            connect_timeout: Duration::from_secs(5),
            max_group_appends: 512,
            max_group_bytes: 16 << 20,
            max_queued_bytes: 64 << 20,
            recheck_every: Duration::from_secs(5),
            probe_every: Duration::from_secs(1),
            probe_failures: 3,
            probe_successes: 2,
        }
    }

    /// The URL without its password, for logs.
    pub fn describe(&self) -> String {
        match self.url.parse::<tokio_postgres::Config>() {
            Ok(c) => {
                let ports = c.get_ports();
                let hosts: Vec<String> = c
                    .get_hosts()
                    .iter()
                    .enumerate()
                    .map(|(i, h)| {
                        let host = match h {
                            tokio_postgres::config::Host::Tcp(name) => name.clone(),
                            tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
                        };
                        // One port for all hosts, or one per host, as libpq reads them.
                        match ports.get(i).or(ports.first().filter(|_| ports.len() == 1)) {
                            Some(port) => format!("{host}:{port}"),
                            None => host,
                        }
                    })
                    .collect();
                format!(
                    "postgres://{}@{}/{}",
                    c.get_user().unwrap_or(""),
                    hosts.join(","),
                    c.get_dbname().unwrap_or("")
                )
            }
            Err(_) => "postgres://(unparsable URL)".into(),
        }
    }

    /// The client's configuration: the URL, plus the session settings every connection of the store
    /// runs with.
    fn client_config(&self) -> Result<tokio_postgres::Config, StoreError> {
        let mut pg: tokio_postgres::Config = self
            .url
            .parse()
            .map_err(|e| StoreError::InvalidArgument(format!("not a PostgreSQL URL: {e}")))?;
        if pg.get_connect_timeout().is_none() {
            pg.connect_timeout(self.connect_timeout);
        }
        if pg.get_application_name().is_none() {
            pg.application_name("hexfold");
        }
        // Appended after the URL's own options, so these win: an acknowledgement must mean "on disk"
        // whatever the database's default says, and no statement or idle transaction may hold locks (the
        // global counter's above all) for longer than the bound.
        let ms = self.timeout.as_millis();
        let options = format!(
            "{} -c synchronous_commit=on -c statement_timeout={ms} \
             -c idle_in_transaction_session_timeout={ms} {PLANNER}",
            pg.get_options().unwrap_or("")
        );
        pg.options(options.trim_start());
        // A peer that vanished without closing the connection is noticed within about a minute, not
        // the operating system's default of two hours.
        pg.keepalives_idle(Duration::from_secs(30));
        Ok(pg)
    }

    /// How long a call may take, all in all, before the client gives up on it.
    fn call_bound(&self) -> Duration {
        self.timeout + self.connect_timeout
    }
}

/// The planner settings of every connection: each statement of the store looks rows up by key (a name, a
/// stream and version, a command id, a position), one key per array element in the writer's, so the plan
/// wanted is always a nested loop over the keys with an index lookup for each, whatever the statistics say.
///
/// The statements are prepared once per connection, and PostgreSQL fixes a prepared statement's generic plan
/// at its sixth run from the statistics of that moment, until autovacuum next analyzes the tables (on a new
/// database a minute or more later). Planned on near-empty tables, the writer's lookup of a group's command
/// ids became a hash join over a sequential scan of `commands`, and its update of the streams one over
/// `streams`, so every group read both tables whole: in the load benchmark the lookup alone took 7 to 85 µs
/// per command (depending on when its plan was fixed), against 5 to 6.5 µs keyed. Meanwhile statements whose
/// custom plans looked cheaper were planned again at every run (100 to 180 µs each). So: no sequential
/// scans, hash or merge joins (the one-row counter table is still scanned, having no other path), always the
/// generic plan, and no JIT (the disabled paths' penalty cost would otherwise pass `jit_above_cost` and
/// compile statements at hundreds of milliseconds each).
const PLANNER: &str = "-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off \
                       -c plan_cache_mode=force_generic_plan -c jit=off";

/// The PostgreSQL event store. Cheap to clone; the clones share one writer, one listener and one pool.
/// The writer commits what is queued and stops when the last clone is dropped; the listener stops at
/// once.
#[derive(Clone)]
pub struct PgStore {
    inner: Arc<Inner>,
}

struct Inner {
    pool: Pool,
    /// The queue of the writer task (see `writer`).
    queue: mpsc::UnboundedSender<writer::Pending>,
    /// Permits of one KiB each for the bytes in the queue...
    queued_bytes: Arc<Semaphore>,
    /// ...of which there are this many.
    queue_permits: usize,
    /// The complete global position, raised by the writer and the listener.
    position: watch::Receiver<u64>,
    stats: Arc<Stats>,
    /// This store's own events of late, which `read_global` takes from memory (see `recent`).
    recent: Arc<recent::Recent>,
    listener: JoinHandle<()>,
    /// Whether the database can be reached (see `health`), and the probe that asks it.
    health: Arc<health::Health>,
    probe: JoinHandle<()>,
    call_bound: Duration,
    /// Per stream, the head up to which a listing of this process found its event rows whole (see
    /// [`PgStore::list_streams`]): the next listing counts only the rows past it. At most [`MAX_COUNTED`]
    /// streams; past that it starts again empty.
    counted: std::sync::Mutex<HashMap<String, u64>>,
}

/// Streams whose counted head a store keeps (about 100 bytes each).
const MAX_COUNTED: usize = 100_000;

impl Drop for Inner {
    fn drop(&mut self) {
        // The writer ends on its own once the queue is closed and drained; the listener only waits.
        self.listener.abort();
        self.probe.abort();
    }
}

/// Counters of the group commit, for benchmarks and tests.
#[derive(Debug, Default)]
pub(crate) struct Stats {
    groups: AtomicU64,
    appends: AtomicU64,
    /// Appends queued and not yet taken into a group.
    queued: AtomicU64,
}

impl PgStore {
    /// Connects, creates or migrates the tables (refusing a schema newer than this build's), reads the
    /// global position, and starts the writer and the listener. Must be called within a tokio runtime,
    /// on which the store's tasks then run.
    ///
    /// An unreachable database is [`StoreError::Unavailable`]; a malformed URL is
    /// [`StoreError::InvalidArgument`].
    pub async fn open(config: PgConfig) -> Result<PgStore, StoreError> {
        let client_config = config.client_config()?;
        let call_bound = config.call_bound();
        let mut client = bounded("connecting", call_bound, connect(&client_config)).await?;
        bounded("migrating", call_bound, schema::migrate(&mut client)).await?;
        let start = bounded("reading the global position", call_bound, async {
            // The counter is the last position handed out, so the newest event sits at it: below, the next
            // group's positions would collide with events there; above, the global order has a gap. One
            // statement, one snapshot: another process's group moves both at once.
            let row = client
                .query_one(
                    "SELECT position, (SELECT coalesce(max(global), 0) FROM hexfold.events)
                     FROM hexfold.global_position",
                    &[],
                )
                .await
                .map_err(pg)?;
            let (start, newest): (i64, i64) = (row.get(0), row.get(1));
            if start != newest || start < 0 {
                return Err(seal::damaged(format!(
                    "the global counter is at {start} but the newest event is at global position {newest}"
                )));
            }
            Ok(start as u64)
        })
        .await?;
        let (position_tx, position) = watch::channel(start);
        let position_tx = Arc::new(position_tx);

        let manager = Manager::from_config(
            client_config.clone(),
            NoTls,
            ManagerConfig {
                // A connection that broke is dropped; a working one is handed out without a round trip.
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(config.pool_size.max(1))
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(config.timeout))
            .create_timeout(Some(config.connect_timeout))
            .recycle_timeout(Some(config.connect_timeout))
            .build()
            .map_err(|e| StoreError::Io(format!("postgres pool: {e}")))?;

        let stats = Arc::new(Stats::default());
        let recent = Arc::new(recent::Recent::default());
        let (queue, queued) = mpsc::unbounded_channel();
        let own = Arc::new(listener::OwnBackend::default());
        let writer = writer::Writer::start(
            client_config.clone(),
            client,
            Arc::clone(&position_tx),
            Arc::clone(&own),
            Arc::clone(&stats),
            Arc::clone(&recent),
            &config,
        );
        let writer = bounded("preparing the writer", call_bound, writer).await?;
        tokio::spawn(writer::run(writer, queued));
        let health = Arc::new(health::Health::new(&config));
        let probe = tokio::spawn(health::probe(
            client_config.clone(),
            Arc::clone(&health),
            config.probe_every,
            config.connect_timeout,
        ));
        let listener = tokio::spawn(listener::run(
            client_config,
            position_tx,
            own,
            config.recheck_every,
            call_bound,
        ));
        let queue_permits = (config.max_queued_bytes >> 10).clamp(1, u32::MAX as usize);
        Ok(PgStore {
            inner: Arc::new(Inner {
                pool,
                queue,
                queued_bytes: Arc::new(Semaphore::new(queue_permits)),
                queue_permits,
                position,
                stats,
                recent,
                listener,
                health,
                probe,
                call_bound,
                counted: std::sync::Mutex::new(HashMap::new()),
            }),
        })
    }

    /// How many transactions the writer has committed with at least one new append, and how many
    /// appends they held (their ratio is the group size).
    pub fn group_stats(&self) -> (u64, u64) {
        (
            self.inner.stats.groups.load(Ordering::Relaxed),
            self.inner.stats.appends.load(Ordering::Relaxed),
        )
    }

    /// How many appends are queued for the writer and not yet taken into a group.
    pub fn queued_appends(&self) -> u64 {
        self.inner.stats.queued.load(Ordering::Relaxed)
    }

    /// Up to `limit` events of the global order from `from` on, from the database.
    async fn read_global_rows(
        &self,
        from: u64,
        limit: usize,
    ) -> Result<Vec<GlobalRecord>, StoreError> {
        self.global_rows(
            "read_global",
            "SELECT global, stream, version, payload, checksum FROM hexfold.events
             WHERE global >= $1 ORDER BY global LIMIT $2",
            from,
            limit,
            |row, stream| {
                let e = event(&stream, row)?;
                Ok(GlobalRecord {
                    global: e.global,
                    stream,
                    version: e.version,
                    payload: e.payload,
                })
            },
        )
        .await
    }

    /// The positions, streams and versions of up to `limit` events of the global order from `from` on, from
    /// the database: [`Self::read_global_rows`] without the payloads (nor their checksums, which need them).
    async fn read_global_index_rows(
        &self,
        from: u64,
        limit: usize,
    ) -> Result<Vec<GlobalEntry>, StoreError> {
        self.global_rows(
            "read_global_index",
            "SELECT global, stream, version FROM hexfold.events
             WHERE global >= $1 ORDER BY global LIMIT $2",
            from,
            limit,
            |row, stream| {
                let record = || format!("event at global position {}", row.get::<_, i64>("global"));
                Ok(GlobalEntry {
                    global: stored_u64(row, "global", &record)?,
                    version: stored_u64(row, "version", &record)?,
                    stream,
                })
            },
        )
        .await
    }

    /// The rows `sql` selects from position `$1` on, at most `$2` of them, each with its stream's name made
    /// into an item by `item`. One statement, one snapshot: positions are handed out in commit order (see the
    /// README), so what it sees is a gapless prefix of the global order.
    async fn global_rows<T>(
        &self,
        what: &'static str,
        sql: &'static str,
        from: u64,
        limit: usize,
        item: impl Fn(&Row, String) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.call(what, async move |client| {
            let statement = client.prepare_cached(sql).await.map_err(pg)?;
            let rows = client
                .query(&statement, &[&int8(from), &limit])
                .await
                .map_err(pg)?;
            // Positions are handed out gapless in commit order, so a position missing between two found is a
            // row lost (and one before the first found, when `from` is committed, too).
            let mut want = from.max(1);
            rows.iter()
                .map(|row| {
                    let global: i64 = row.get("global");
                    if u64::try_from(global).ok() != Some(want) {
                        return Err(seal::damaged(format!(
                            "the event at global position {want} is missing (the next found is at {global})"
                        )));
                    }
                    want += 1;
                    item(row, utf8(row.get("stream"), "a stored stream name")?)
                })
                .collect()
        })
        .await
    }

    /// Up to `limit` (at most [`MAX_READ_GLOBAL`]) items of the global order from `from_global` on: this
    /// store's own events from memory (each made an item by `ours`), the others' from the database
    /// (`theirs`, which reads up to so many items from a position), in turn.
    async fn read_global_merged<T>(
        &self,
        from_global: u64,
        limit: usize,
        ours: impl Fn(&GlobalRecord) -> T,
        theirs: ReadRows<T>,
    ) -> Result<Vec<T>, StoreError> {
        let limit = limit.min(MAX_READ_GLOBAL);
        let mut from = from_global.max(1);
        let mut records = Vec::new();
        while records.len() < limit {
            let found = self.inner.recent.at(from, limit - records.len(), &ours);
            from += found.records.len() as u64;
            records.extend(found.records);
            let wanted = limit - records.len();
            let wanted = match found.next_ours {
                Some(next) => wanted.min(usize::try_from(next - from).unwrap_or(usize::MAX)),
                // Past our newest event: read on if memory gave nothing (a caller that has caught up hears
                // so from the database) or if more is announced (others' events are committed there);
                // otherwise what memory gave is all, and the caller reads on next time.
                None if records.is_empty() || from <= *self.inner.position.borrow() => wanted,
                None => break,
            };
            if wanted == 0 {
                continue;
            }
            let read = theirs(self, from, wanted).await?;
            let complete = read.len() == wanted;
            from += read.len() as u64;
            records.extend(read);
            if !complete || found.next_ours.is_none() {
                break;
            }
        }
        Ok(records)
    }

    /// An append through the writer's queue, within the call's bound.
    async fn append_bounded(&self, req: AppendRequest) -> Result<Appended, StoreError> {
        bounded("append", self.inner.call_bound, async move {
            req.check()?;
            let submitted = std::time::Instant::now();
            let bytes = hexfold_store::request_bytes(&req);
            // At most the whole bound, so an append bigger than the queue may hold waits for an empty
            // queue rather than for ever.
            let permits = (bytes >> 10).clamp(1, self.inner.queue_permits);
            let permits = u32::try_from(permits).unwrap_or(u32::MAX);
            let permit = Arc::clone(&self.inner.queued_bytes)
                .acquire_many_owned(permits)
                .await
                .map_err(|_| StoreError::Io("the store is closed".into()))?;
            let (reply, outcome) = oneshot::channel();
            let pending = writer::Pending {
                req,
                bytes,
                reply,
                _permit: permit,
            };
            self.inner.stats.queued.fetch_add(1, Ordering::Relaxed);
            if self.inner.queue.send(pending).is_err() {
                self.inner.stats.queued.fetch_sub(1, Ordering::Relaxed);
                return Err(StoreError::Io("the store's writer has stopped".into()));
            }
            let appended = outcome
                .await
                .unwrap_or_else(|_| Err(StoreError::Io("the store's writer has stopped".into())));
            hexfold_store::metrics::append(Backend::Postgres, submitted.elapsed());
            appended
        })
        .await
    }

    /// Counts the event rows of a listing's streams (those not already found damaged) against their heads, in
    /// one statement that reads each stream's row again with its rows (so an append since the page was read
    /// is counted against the head it made, not taken for a row past the head). For each stream only the rows
    /// past the head at which an earlier listing of this process found it whole are counted (all of them the
    /// first time), and any past its head: so a listing costs a look at each stream's newest keys instead of
    /// all of them, and a game's rows are counted about once per server rather than once per listing. A
    /// stream whose rows do not match is marked damaged. The price: a row deleted below such a head while this
    /// process runs is not seen by its later listings (every read that meets it, a load of the game's head
    /// and `check` still refuse it), only after a restart.
    async fn count_listed(
        &self,
        client: &deadpool_postgres::Client,
        listed: &mut [StreamListing],
    ) -> Result<(), StoreError> {
        let whole: Vec<usize> = (0..listed.len())
            .filter(|&i| listed[i].damaged.is_none())
            .collect();
        if whole.is_empty() {
            return Ok(());
        }
        let (names, afters): (Vec<&[u8]>, Vec<i64>) = {
            let counted = self.counted();
            whole
                .iter()
                .map(|&i| {
                    let l = &listed[i];
                    let after = counted.get(&l.name).copied().filter(|&c| c <= l.head);
                    (l.name.as_bytes(), int8(after.unwrap_or(0)))
                })
                .unzip()
        };
        let statement = client
            .prepare_cached(
                "SELECT t.i, t.after, s.head, s.commands, s.seal, c.events, c.within
                 FROM unnest($1::bytea[], $2::bigint[]) WITH ORDINALITY AS t(name, after, i)
                 JOIN hexfold.streams s ON s.name = t.name
                 CROSS JOIN LATERAL (
                     SELECT count(*) AS events, count(*) FILTER (WHERE e.version <= s.head) AS within
                     FROM hexfold.events e WHERE e.stream = s.name AND e.version > t.after) c",
            )
            .await
            .map_err(pg)?;
        let rows = client
            .query(&statement, &[&names, &afters])
            .await
            .map_err(pg)?;
        let mut found = vec![false; whole.len()];
        let mut counted = self.counted();
        for row in &rows {
            let Some(at) = usize::try_from(row.get::<_, i64>("i") - 1)
                .ok()
                .filter(|&at| at < whole.len())
            else {
                return Err(StoreError::Io(
                    "the count of a listing's rows came back out of order".into(),
                ));
            };
            found[at] = true;
            let listing = &mut listed[whole[at]];
            let after = u64::try_from(row.get::<_, i64>("after")).unwrap_or(0);
            let checked = seal::head(&listing.name, row).and_then(|head| {
                seal::check_count(
                    &listing.name,
                    after,
                    head.head,
                    row.get("events"),
                    row.get("within"),
                )?;
                Ok(head.head)
            });
            match checked {
                Ok(head) => {
                    if counted.len() >= MAX_COUNTED && !counted.contains_key(&listing.name) {
                        counted.clear();
                    }
                    counted.insert(listing.name.clone(), head);
                }
                Err(e) => {
                    counted.remove(&listing.name);
                    *listing = StreamListing::damaged(std::mem::take(&mut listing.name), &e);
                }
            }
        }
        for (at, _) in found.iter().enumerate().filter(|(_, found)| !**found) {
            let listing = &mut listed[whole[at]];
            counted.remove(&listing.name);
            let gone = seal::damaged(format!("stream {}: its row is gone", listing.name));
            *listing = StreamListing::damaged(std::mem::take(&mut listing.name), &gone);
        }
        Ok(())
    }

    fn counted(&self) -> std::sync::MutexGuard<'_, HashMap<String, u64>> {
        // Nothing panics while holding it; a poisoned map is still a valid hint.
        self.inner.counted.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A pooled connection and the call's work on it, within the call's bound.
    async fn call<T>(
        &self,
        what: &'static str,
        work: impl AsyncFnOnce(&deadpool_postgres::Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let result = bounded(what, self.inner.call_bound, async {
            let client = self.inner.pool.get().await.map_err(pool)?;
            work(&client).await
        })
        .await;
        self.inner.health.record(&result);
        result
    }
}

/// Reads up to so many items of the global order from a position, from the database.
type ReadRows<T> = for<'a> fn(&'a PgStore, u64, usize) -> BoxFuture<'a, Result<Vec<T>, StoreError>>;

/// Opens one connection and runs its I/O on a task of its own, which ends when the client is dropped or
/// the connection breaks.
pub(crate) async fn connect(
    config: &tokio_postgres::Config,
) -> Result<tokio_postgres::Client, StoreError> {
    let (client, connection) = config.connect(NoTls).await.map_err(pg)?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::debug!(error = %e, "postgres connection ended");
        }
    });
    Ok(client)
}

/// The committed global position: every position up to it is committed too (see the README).
pub(crate) async fn read_position(
    client: &tokio_postgres::Client,
) -> Result<u64, tokio_postgres::Error> {
    let row = client
        .query_one("SELECT position FROM hexfold.global_position", &[])
        .await?;
    Ok(row.get::<_, i64>(0).max(0) as u64)
}

/// `work`, or [`StoreError::Unavailable`] if it takes longer than `after`.
pub(crate) async fn bounded<T>(
    what: &'static str,
    after: Duration,
    work: impl Future<Output = Result<T, StoreError>>,
) -> Result<T, StoreError> {
    match tokio::time::timeout(after, work).await {
        Ok(result) => result,
        Err(_) => Err(timed_out(what, after)),
    }
}

/// A version or count as PostgreSQL's `bigint`; past its range it saturates, which only ever asks for
/// more than exists.
fn int8(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A stored `bigint` that must not be negative.
fn stored_u64(row: &Row, column: &str, record: &dyn Fn() -> String) -> Result<u64, StoreError> {
    let n: i64 = row.get(column);
    u64::try_from(n).map_err(|_| StoreError::Corrupt(format!("{}: negative {column}", record())))
}

/// The checksum stored with every event: CRC-32 of the stream's name, the version and the payload, so a
/// row whose payload was changed, or moved to another stream or version, does not read back.
pub(crate) fn checksum(stream: &[u8], version: u64, payload: &[u8]) -> i32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&(stream.len() as u64).to_be_bytes());
    hasher.update(stream);
    hasher.update(&version.to_be_bytes());
    hasher.update(payload);
    // Stored as `integer`: the same 32 bits, read as signed.
    hasher.finalize() as i32
}

/// An event row (`version`, `global`, `payload`, `checksum`) of `stream`, checked against its checksum.
fn event(stream: &str, row: &Row) -> Result<Recorded, StoreError> {
    let version: i64 = row.get("version");
    let record = || format!("event {stream}@{version}");
    let version = stored_u64(row, "version", &record)?;
    let global = stored_u64(row, "global", &record)?;
    let payload: Vec<u8> = row.get("payload");
    let stored: i32 = row.get("checksum");
    if stored != checksum(stream.as_bytes(), version, &payload) {
        return Err(StoreError::Corrupt(format!(
            "{}: checksum mismatch",
            record()
        )));
    }
    Ok(Recorded {
        version,
        global,
        payload,
    })
}

/// A stored name or command id, which this store only ever writes from a Rust string.
fn utf8(bytes: Vec<u8>, what: &str) -> Result<String, StoreError> {
    String::from_utf8(bytes).map_err(|_| StoreError::Corrupt(format!("{what} is not UTF-8")))
}

/// A command row (columns `seq`, `command_id`, `command`, `first_version`, `last_version`, `first_global`,
/// `command_seal`) of `stream`, checked against its seal, with its sequence number.
fn command(row: &Row, stream: &str) -> Result<(u64, CommandRecord), StoreError> {
    let id: Vec<u8> = row.get("command_id");
    let command: Vec<u8> = row.get("command");
    let (seq, first, last, global): (i64, i64, i64, i64) = (
        row.get("seq"),
        row.get("first_version"),
        row.get("last_version"),
        row.get("first_global"),
    );
    let sealed = seal::seal(&[
        seal::Part::Bytes(Some(stream.as_bytes())),
        seal::Part::Bytes(Some(&id)),
        seal::Part::Int(seq),
        seal::Part::Bytes(Some(&command)),
        seal::Part::Int(first),
        seal::Part::Int(last),
        seal::Part::Int(global),
    ]);
    if sealed != row.get::<_, i32>("command_seal") {
        return Err(seal::damaged(format!(
            "command {seq} of {stream}: fails its seal"
        )));
    }
    let command_id = utf8(id, "a stored command id")?;
    let record = || format!("command {command_id:?} of {stream}");
    Ok((
        seal::natural(seq, "seq", &record)?,
        CommandRecord {
            first_version: seal::natural(first, "first_version", &record)?,
            last_version: seal::natural(last, "last_version", &record)?,
            command,
            command_id,
        },
    ))
}

/// The rows of `sql` over `params`: a stream's row (columns `head`, `commands`, `seal`) left-joined with the
/// rows asked for; [`StoreError::NotFound`] if there is none, and the stream's sealed head with them.
async fn joined(
    client: &deadpool_postgres::Client,
    stream: &str,
    sql: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<(seal::Head, Vec<Row>), StoreError> {
    let statement = client.prepare_cached(sql).await.map_err(pg)?;
    let rows = client.query(&statement, params).await.map_err(pg)?;
    let first = rows.first().ok_or(StoreError::NotFound)?;
    Ok((seal::head(stream, first)?, rows))
}

/// The join that counts the event rows of each stream `s` of a query: `c.events` all of them, `c.within` those
/// at versions 1 to the head (checked by [`seal::check_count`]).
const EVENT_ROWS: &str = "CROSS JOIN LATERAL (
    SELECT count(*) AS events, count(*) FILTER (WHERE e.version BETWEEN 1 AND s.head) AS within
    FROM hexfold.events e WHERE e.stream = s.name) c";

/// The stream's sealed head and command count; [`StoreError::NotFound`] if it does not exist.
async fn stream_head(
    client: &deadpool_postgres::Client,
    stream: &str,
) -> Result<seal::Head, StoreError> {
    let sql = "SELECT head, commands, seal FROM hexfold.streams WHERE name = $1";
    seal::head(stream, &stream_row(client, sql, stream).await?)
}

/// The one row `sql` (with the stream's name as `$1`) finds for `stream`: not found if there is none.
async fn stream_row(
    client: &deadpool_postgres::Client,
    sql: &str,
    stream: &str,
) -> Result<Row, StoreError> {
    let statement = client.prepare_cached(sql).await.map_err(pg)?;
    client
        .query_opt(&statement, &[&stream.as_bytes()])
        .await
        .map_err(pg)?
        .ok_or(StoreError::NotFound)
}

/// The events of rows from [`joined`] (a row without an event is the stream's alone).
fn joined_events(stream: &str, rows: &[Row]) -> Result<Vec<Recorded>, StoreError> {
    rows.iter()
        .filter(|row| row.get::<_, Option<i64>>("version").is_some())
        .map(|row| event(stream, row))
        .collect()
}

/// The commands of rows from [`joined`], with their sequence numbers.
fn joined_commands(stream: &str, rows: &[Row]) -> Result<Vec<(u64, CommandRecord)>, StoreError> {
    rows.iter()
        .filter(|row| row.get::<_, Option<i64>>("seq").is_some())
        .map(|row| command(row, stream))
        .collect()
}

/// Checks a stream's commands, in order of sequence number from `first_seq` (upwards, or downwards when
/// `newest_first`), against each other and the stream's sealed head: consecutive numbers, each command starting
/// where the one before ended, the newest ending at the head, and as many as `count`.
fn check_commands(
    stream: &str,
    head: seal::Head,
    commands: &[(u64, CommandRecord)],
    newest_first: bool,
    count: u64,
) -> Result<(), StoreError> {
    let mut ordered: Vec<&(u64, CommandRecord)> = commands.iter().collect();
    if newest_first {
        ordered.reverse();
    }
    // The oldest sequence number wanted, and the version before it.
    let first_seq = head.commands + 1 - count.min(head.commands);
    let mut last_version = None;
    for (i, (seq, c)) in ordered.iter().enumerate() {
        let wanted = first_seq + i as u64;
        if *seq > head.commands {
            return Err(seal::damaged(format!(
                "command {seq} of {stream} is past the stream's count {}",
                head.commands
            )));
        }
        if *seq != wanted {
            return Err(seal::damaged(format!(
                "command {wanted} of {stream} is missing"
            )));
        }
        let starts = match last_version {
            Some(v) => v + 1,
            None if wanted == 1 => 1,
            None => c.first_version,
        };
        if c.first_version != starts || c.last_version + 1 < c.first_version {
            return Err(seal::damaged(format!(
                "command {seq} of {stream} holds versions {}..={}, not from {starts}",
                c.first_version, c.last_version
            )));
        }
        last_version = Some(c.last_version);
    }
    if ordered.len() as u64 != count.min(head.commands) {
        let missing = first_seq + ordered.len() as u64;
        return Err(seal::damaged(format!(
            "command {missing} of {stream} is missing"
        )));
    }
    match last_version {
        Some(v) if v != head.head => Err(seal::damaged(format!(
            "the last command of {stream} ends at version {v}, not at the head {}",
            head.head
        ))),
        None if head.head != 0 && count > 0 => Err(seal::damaged(format!(
            "{stream} has events up to version {} but no command",
            head.head
        ))),
        _ => Ok(()),
    }
}

impl EventStore for PgStore {
    fn create_stream<'a>(
        &'a self,
        stream: &'a str,
        meta: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            check_stream_name(stream)?;
            check_len("stream meta (bytes)", meta.len(), MAX_META_BYTES)?;
            self.call("create_stream", async move |client| {
                let statement = client
                    .prepare_cached(
                        "INSERT INTO hexfold.streams (name, meta, seal, meta_seal, summary_seal)
                         VALUES ($1, $2,
                             hexfold.seal(hexfold.part($1) || int8send(0) || int8send(0)),
                             hexfold.seal(hexfold.part($1) || hexfold.part($2)),
                             hexfold.seal(hexfold.part($1) || hexfold.part(NULL)))
                         ON CONFLICT (name) DO NOTHING",
                    )
                    .await
                    .map_err(pg)?;
                match client
                    .execute(&statement, &[&stream.as_bytes(), &meta])
                    .await
                    .map_err(pg)?
                {
                    0 => Err(StoreError::AlreadyExists),
                    _ => Ok(()),
                }
            })
            .await
        })
    }

    fn meta<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<Vec<u8>, StoreError>> {
        Box::pin(self.call("meta", async move |client| {
            let statement = client
                .prepare_cached("SELECT meta, meta_seal FROM hexfold.streams WHERE name = $1")
                .await
                .map_err(pg)?;
            let row = client
                .query_opt(&statement, &[&stream.as_bytes()])
                .await
                .map_err(pg)?
                .ok_or(StoreError::NotFound)?;
            let meta: Vec<u8> = row.get("meta");
            seal::check_bytes(stream, "meta", Some(&meta), row.get("meta_seal"))?;
            Ok(meta)
        }))
    }

    fn head<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<u64, StoreError>> {
        Box::pin(self.call("head", async move |client| {
            // With the stream's event rows counted (an index-only scan of its keys): a row missing before
            // the newest snapshot, which the reads from that snapshot never meet, still makes the head damaged.
            let sql = format!(
                "SELECT s.head, s.commands, s.seal, c.events, c.within FROM hexfold.streams s
                 {EVENT_ROWS} WHERE s.name = $1"
            );
            let row = stream_row(client, &sql, stream).await?;
            let head = seal::head(stream, &row)?;
            seal::check_count(stream, 0, head.head, row.get("events"), row.get("within"))?;
            Ok(head.head)
        }))
    }

    fn append(&self, req: AppendRequest) -> BoxFuture<'_, Result<Appended, StoreError>> {
        Box::pin(async move {
            let result = self.append_bounded(req).await;
            self.inner.health.record(&result);
            result
        })
    }

    fn read<'a>(
        &'a self,
        stream: &'a str,
        from: u64,
        to: u64,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>> {
        Box::pin(self.call("read", async move |client| {
            // With the stream's row, in one statement: the events must be exactly the versions asked for up
            // to the sealed head, and none past it.
            let (head, rows) = joined(
                client,
                stream,
                "SELECT s.head, s.commands, s.seal, e.version, e.global, e.payload, e.checksum
                 FROM hexfold.streams s
                 LEFT JOIN hexfold.events e ON e.stream = s.name AND e.version BETWEEN $2 AND $3
                 WHERE s.name = $1 ORDER BY e.version",
                &[&stream.as_bytes(), &int8(from.max(1)), &int8(to)],
            )
            .await?;
            let events = joined_events(stream, &rows)?;
            seal::check_versions(
                stream,
                head.head,
                events.iter().map(|e| e.version),
                from.max(1)..=to.min(head.head),
            )?;
            Ok(events)
        }))
    }

    fn read_backwards<'a>(
        &'a self,
        stream: &'a str,
        to: u64,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>> {
        let limit = limit.min(MAX_READ_BACKWARDS);
        Box::pin(self.call("read_backwards", async move |client| {
            if limit == 0 {
                stream_head(client, stream).await?;
                return Ok(Vec::new());
            }
            let (head, rows) = joined(
                client,
                stream,
                "SELECT s.head, s.commands, s.seal, e.version, e.global, e.payload, e.checksum
                 FROM hexfold.streams s
                 LEFT JOIN LATERAL (
                     SELECT * FROM hexfold.events e
                     WHERE e.stream = s.name AND e.version <= $2 ORDER BY e.version DESC LIMIT $3
                 ) e ON true
                 WHERE s.name = $1 ORDER BY e.version DESC",
                &[&stream.as_bytes(), &int8(to), &(limit as i64)],
            )
            .await?;
            let events = joined_events(stream, &rows)?;
            let top = to.min(head.head);
            let bottom = top.saturating_sub(limit as u64) + 1;
            seal::check_versions(
                stream,
                head.head,
                events.iter().map(|e| e.version),
                (bottom..=top).rev(),
            )?;
            Ok(events)
        }))
    }

    fn read_global(
        &self,
        from_global: u64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<GlobalRecord>, StoreError>> {
        Box::pin(self.read_global_merged(
            from_global,
            limit,
            GlobalRecord::clone,
            |store, from, wanted| Box::pin(store.read_global_rows(from, wanted)),
        ))
    }

    fn read_global_index(
        &self,
        from_global: u64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<GlobalEntry>, StoreError>> {
        Box::pin(self.read_global_merged(
            from_global,
            limit,
            |r| GlobalEntry {
                global: r.global,
                stream: r.stream.clone(),
                version: r.version,
            },
            |store, from, wanted| Box::pin(store.read_global_index_rows(from, wanted)),
        ))
    }

    fn watch_position(&self) -> PositionWatch {
        PositionWatch::new(self.inner.position.clone())
    }

    /// Whether the database can be reached, with hysteresis (see `health`): a PostgreSQL store refuses no
    /// writes as a whole otherwise.
    fn watch_writable(&self) -> watch::Receiver<bool> {
        self.inner.health.watch()
    }

    fn commands<'a>(
        &'a self,
        stream: &'a str,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>> {
        Box::pin(self.call("commands", async move |client| {
            let (head, rows) = joined(
                client,
                stream,
                "SELECT s.head, s.commands, s.seal, c.seq, c.command_id, c.command, c.first_version,
                        c.last_version, c.first_global, c.seal AS command_seal
                 FROM hexfold.streams s LEFT JOIN hexfold.commands c ON c.stream = s.name
                 WHERE s.name = $1 ORDER BY c.seq",
                &[&stream.as_bytes()],
            )
            .await?;
            let commands = joined_commands(stream, &rows)?;
            check_commands(stream, head, &commands, false, head.commands)?;
            Ok(commands.into_iter().map(|(_, c)| c).collect())
        }))
    }

    fn last_commands<'a>(
        &'a self,
        stream: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>> {
        Box::pin(self.call("last_commands", async move |client| {
            if limit == 0 {
                stream_head(client, stream).await?;
                return Ok(Vec::new());
            }
            // `(stream, seq)` is unique, so this is a backwards scan of that index, `limit` rows long.
            let (head, rows) = joined(
                client,
                stream,
                "SELECT s.head, s.commands, s.seal, c.seq, c.command_id, c.command, c.first_version,
                        c.last_version, c.first_global, c.seal AS command_seal
                 FROM hexfold.streams s
                 LEFT JOIN LATERAL (
                     SELECT * FROM hexfold.commands c WHERE c.stream = s.name ORDER BY c.seq DESC LIMIT $2
                 ) c ON true
                 WHERE s.name = $1 ORDER BY c.seq DESC",
                &[&stream.as_bytes(), &i64::try_from(limit).unwrap_or(i64::MAX)],
            )
            .await?;
            let commands = joined_commands(stream, &rows)?;
            check_commands(stream, head, &commands, true, limit as u64)?;
            Ok(commands.into_iter().map(|(_, c)| c).collect())
        }))
    }

    fn find_command<'a>(
        &'a self,
        stream: &'a str,
        command_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<CommandRecord>, StoreError>> {
        Box::pin(self.call("find_command", async move |client| {
            // One round trip for both questions: no row means no stream, a row of nulls no command.
            let (head, rows) = joined(
                client,
                stream,
                "SELECT s.head, s.commands, s.seal, c.seq, c.command_id, c.command, c.first_version,
                        c.last_version, c.first_global, c.seal AS command_seal
                 FROM hexfold.streams s
                 LEFT JOIN hexfold.commands c ON c.stream = s.name AND c.command_id = $2
                 WHERE s.name = $1",
                &[&stream.as_bytes(), &command_id.as_bytes()],
            )
            .await?;
            match joined_commands(stream, &rows)?.pop() {
                None => Ok(None),
                Some((seq, c)) if seq > head.commands || c.last_version > head.head => {
                    Err(seal::damaged(format!(
                        "command {seq} of {stream} is past the stream's count or head"
                    )))
                }
                Some((_, c)) => Ok(Some(c)),
            }
        }))
    }

    fn put_snapshot<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
        bytes: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            check_stream_name(stream)?;
            check_len("snapshot (bytes)", bytes.len(), MAX_SNAPSHOT_BYTES)?;
            self.call("put_snapshot", async move |client| {
                // The head is checked by the same statement that writes, so a snapshot can never describe
                // events that are not committed.
                let statement = client
                    .prepare_cached(
                        "WITH s AS (SELECT head FROM hexfold.streams WHERE name = $1),
                         w AS (
                             INSERT INTO hexfold.snapshots (stream, version, bytes, seal)
                             SELECT $1, $2, $3,
                                 hexfold.seal(hexfold.part($1) || int8send($2) || hexfold.part($3))
                             FROM s WHERE s.head >= $2
                             ON CONFLICT (stream, version)
                             DO UPDATE SET bytes = EXCLUDED.bytes, seal = EXCLUDED.seal
                             RETURNING 1
                         )
                         SELECT (SELECT head FROM s), EXISTS (SELECT 1 FROM w)",
                    )
                    .await
                    .map_err(pg)?;
                let row = client
                    .query_one(&statement, &[&stream.as_bytes(), &int8(version), &bytes])
                    .await
                    .map_err(pg)?;
                match (row.get::<_, Option<i64>>(0), row.get::<_, bool>(1)) {
                    (None, _) => Err(StoreError::NotFound),
                    (Some(_), true) => Ok(()),
                    (Some(head), false) => Err(StoreError::InvalidArgument(format!(
                        "snapshot at version {version} is past the durable head {head}"
                    ))),
                }
            })
            .await
        })
    }

    fn snapshot_at_or_before<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
    ) -> BoxFuture<'a, Result<Option<Snapshot>, StoreError>> {
        Box::pin(self.call("snapshot_at_or_before", async move |client| {
            let (head, rows) = joined(
                client,
                stream,
                "SELECT s.head, s.commands, s.seal, n.version, n.bytes, n.seal AS snapshot_seal
                 FROM hexfold.streams s
                 LEFT JOIN LATERAL (
                     SELECT * FROM hexfold.snapshots n
                     WHERE n.stream = s.name AND n.version <= $2 ORDER BY n.version DESC LIMIT 1
                 ) n ON true
                 WHERE s.name = $1",
                &[&stream.as_bytes(), &int8(version)],
            )
            .await?;
            let Some(version) = rows[0].get::<_, Option<i64>>("version") else {
                return Ok(None);
            };
            let bytes: Vec<u8> = rows[0].get("bytes");
            let record = || format!("snapshot {stream}@{version}");
            let sealed = seal::seal(&[
                seal::Part::Bytes(Some(stream.as_bytes())),
                seal::Part::Int(version),
                seal::Part::Bytes(Some(&bytes)),
            ]);
            if sealed != rows[0].get::<_, i32>("snapshot_seal") {
                return Err(seal::damaged(format!("{}: fails its seal", record())));
            }
            let version = seal::natural(version, "version", &record)?;
            if version > head.head {
                return Err(seal::damaged(format!(
                    "{}: past the stream's head {}",
                    record(),
                    head.head
                )));
            }
            Ok(Some((version, bytes)))
        }))
    }

    fn list_streams<'a>(
        &'a self,
        after: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<StreamListing>, StoreError>> {
        let limit = limit.min(MAX_LIST_STREAMS) as i64;
        Box::pin(async move {
            if limit == 0 {
                return Ok(Vec::new());
            }
            self.call("list_streams", async move |client| {
                // `bytea` compares bytewise, the order the trait promises; a missing `after` is the
                // empty name, before every other.
                let statement = client
                    .prepare_cached(
                        "SELECT name, summary, summary_seal, head, commands, seal FROM hexfold.streams
                         WHERE name > $1 ORDER BY name LIMIT $2",
                    )
                    .await
                    .map_err(pg)?;
                let after = after.unwrap_or("").as_bytes();
                let rows = client
                    .query(&statement, &[&after, &limit])
                    .await
                    .map_err(pg)?;
                // A row whose seals do not hold is listed as damaged (the caller goes on past it); only a name
                // that is no stream's fails the page.
                let mut listed = rows
                    .iter()
                    .map(|row| {
                        let name = utf8(row.get("name"), "a stored stream name")?;
                        let checked = seal::head(&name, row).and_then(|head| {
                            let summary: Option<Vec<u8>> = row.get("summary");
                            seal::check_bytes(
                                &name,
                                "summary",
                                summary.as_deref(),
                                row.get("summary_seal"),
                            )?;
                            Ok((summary, head.head))
                        });
                        Ok(match checked {
                            Ok((summary, head)) => StreamListing {
                                summary,
                                head,
                                name,
                                damaged: None,
                            },
                            Err(e @ StoreError::Corrupt(_)) => StreamListing::damaged(name, &e),
                            Err(e) => return Err(e),
                        })
                    })
                    .collect::<Result<Vec<_>, StoreError>>()?;
                self.count_listed(client, &mut listed).await?;
                Ok(listed)
            })
            .await
        })
    }

    fn flush(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        // Every write returned only after its COMMIT, with synchronous_commit on: nothing is left to do.
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_and_debug_form_leave_the_password_out() {
        let config = PgConfig::new("postgres://ann:s3cret@db.example:5433/games?sslmode=disable");
        assert_eq!(config.describe(), "postgres://ann@db.example:5433/games");
        assert!(!format!("{config:?}").contains("s3cret"));
        let socket = PgConfig::new("postgres://ann@/games?host=/run/postgresql");
        assert_eq!(socket.describe(), "postgres://ann@/run/postgresql/games");
    }
}

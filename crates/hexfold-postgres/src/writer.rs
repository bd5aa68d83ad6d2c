//! The writer: the store's group commit.
//!
//! Callers check their append, queue it and await a reply. One task loops: take every queued append (up
//! to [`PgConfig::max_group_appends`] and [`PgConfig::max_group_bytes`]), commit them in one transaction,
//! announce the new global position, reply to each, and take whatever queued meanwhile. Appends that
//! arrive while a COMMIT waits for the disk form the next group, so N concurrent appends cost about two
//! commits (two fsyncs of PostgreSQL's WAL), not N.
//!
//! One transaction, in this order, in two round trips (each a flight of pipelined statements, which
//! PostgreSQL runs one after another):
//! 1. BEGIN; lock the rows of the group's streams, in name order (`SELECT ... FOR UPDATE`), so no other
//!    process appends to them until COMMIT, and two processes' groups never wait for each other in a
//!    cycle; find which of the group's command ids were appended before (run after the locks are granted,
//!    so an append by another process that committed meanwhile is seen);
//! 2. here, between the flights: decide each append in queue order against the heads and against the
//!    appends before it in the group: a known command id is a duplicate (checked before the expected
//!    version, also between two appends of the group), then a stale expected version is a conflict;
//!    neither writes nothing, and neither stops the others;
//! 3. update the streams and insert the snapshots (which need no positions); take the group's global
//!    positions from the counter row (`UPDATE ... RETURNING`), insert the events and the commands under
//!    them and NOTIFY the new position (delivered to listeners at COMMIT), in one statement: the counter's
//!    row lock is held from here to COMMIT, which is what puts positions in commit order (see the README),
//!    so it is taken last and once per group, and no round trip waits inside it; and COMMIT.
//!
//! It used to take six (BEGIN, locks, lookup, positions, the rest, COMMIT): on a loaded machine each round
//! trip waits for the database's process to be scheduled, and the group's latency is the store's
//! throughput.
//!
//! Only then are the callers answered. A group that fails as a whole (the connection broke, a timeout)
//! answers every caller with the error; a serialization failure or deadlock is retried a few times first.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot, watch, OwnedSemaphorePermit};
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Statement};

use hexfold_store::metrics::Backend;
use hexfold_store::{AppendRequest, Appended, GlobalRecord, StoreError};

use crate::error::{connection_lost, is_transient, pg};
use crate::listener::OwnBackend;
use crate::recent::Recent;
use crate::{bounded, checksum, connect, int8, PgConfig, Stats};

/// A serialization failure or deadlock is retried this many times before the group fails.
const TRANSIENT_RETRIES: usize = 3;

/// An append waiting for the writer.
pub(crate) struct Pending {
    pub(crate) req: AppendRequest,
    /// The bytes the request carries, for the group bound.
    pub(crate) bytes: usize,
    pub(crate) reply: oneshot::Sender<Result<Appended, StoreError>>,
    /// Its share of the queue's byte bound, given back once it is answered.
    pub(crate) _permit: OwnedSemaphorePermit,
}

/// The writer's state: its connection (opened again after it breaks) and where it announces.
pub(crate) struct Writer {
    config: tokio_postgres::Config,
    conn: Option<Connection>,
    position: Arc<watch::Sender<u64>>,
    /// Which backend the connection runs on, for the listener.
    own: Arc<OwnBackend>,
    stats: Arc<Stats>,
    /// Where committed events are kept for `read_global`.
    recent: Arc<Recent>,
    max_appends: usize,
    max_bytes: usize,
    call_bound: Duration,
}

struct Connection {
    client: Client,
    statements: Statements,
}

/// The statements of a group, prepared once per connection.
struct Statements {
    lock_streams: Statement,
    /// The group's streams that have an event past their head or a command past their count: rows the store
    /// did not write (or a head set back), in the way of the next append.
    find_extra: Statement,
    find_known: Statement,
    /// Takes the group's positions from the counter row, inserts the events and the commands under them
    /// and NOTIFYs the group's end, in one statement: the inserts need not wait for the positions to come
    /// back, and the counter's hold runs one statement. (A group of empty appends only notifies the
    /// position it found, which changes nothing for a listener.)
    take_positions_and_insert: Statement,
    update_streams: Statement,
    insert_snapshots: Statement,
}

impl Connection {
    /// Prepares the writer's statements on `client` and tells `own` which backend it runs on.
    async fn open(client: Client, own: &OwnBackend) -> Result<Connection, StoreError> {
        let statements = Statements::prepare(&client).await.map_err(pg)?;
        let pid: i32 = client
            .query_one("SELECT pg_backend_pid()", &[])
            .await
            .map_err(pg)?
            .get(0);
        own.set(pid);
        Ok(Connection { client, statements })
    }
}

impl Statements {
    async fn prepare(client: &Client) -> Result<Statements, tokio_postgres::Error> {
        Ok(Statements {
            lock_streams: client
                .prepare(
                    "SELECT name, head, commands, seal FROM hexfold.streams
                     WHERE name = ANY($1::bytea[]) ORDER BY name FOR UPDATE",
                )
                .await?,
            find_extra: client
                .prepare(
                    "SELECT s.name FROM hexfold.streams s
                     WHERE s.name = ANY($1::bytea[])
                       AND (EXISTS (SELECT 1 FROM hexfold.events e
                                    WHERE e.stream = s.name AND e.version > s.head)
                            OR EXISTS (SELECT 1 FROM hexfold.commands c
                                       WHERE c.stream = s.name AND c.seq > s.commands))",
                )
                .await?,
            find_known: client
                .prepare(
                    "SELECT c.stream, c.command_id, c.first_version, c.last_version, c.first_global
                     FROM hexfold.commands c
                     JOIN unnest($1::bytea[], $2::bytea[]) AS k(stream, command_id)
                       ON c.stream = k.stream AND c.command_id = k.command_id",
                )
                .await?,
            take_positions_and_insert: client
                .prepare(
                    "WITH p AS (
                         UPDATE hexfold.global_position SET position = position + $6::int8
                         RETURNING position
                     ), e AS (
                         INSERT INTO hexfold.events (global, stream, version, payload, checksum)
                         SELECT p.position - $6::int8 + u.k, u.stream, u.version, u.payload, u.checksum
                         FROM p, unnest($1::int8[], $2::bytea[], $3::int8[], $4::bytea[], $5::int4[])
                              AS u(k, stream, version, payload, checksum)
                     ), c AS (
                         INSERT INTO hexfold.commands
                             (stream, command_id, seq, command, first_version, last_version, first_global,
                              seal)
                         SELECT u.stream, u.command_id, u.seq, u.command, u.first_version, u.last_version,
                                p.position - $6::int8 + u.k,
                                hexfold.seal(hexfold.part(u.stream) || hexfold.part(u.command_id)
                                    || int8send(u.seq) || hexfold.part(u.command) || int8send(u.first_version)
                                    || int8send(u.last_version) || int8send(p.position - $6::int8 + u.k))
                         FROM p, unnest($7::bytea[], $8::bytea[], $9::int8[], $10::bytea[], $11::int8[],
                                        $12::int8[], $13::int8[])
                              AS u(stream, command_id, seq, command, first_version, last_version, k)
                     )
                     SELECT position, pg_notify('hexfold_global', position::text) FROM p",
                )
                .await?,
            update_streams: client
                .prepare(
                    "UPDATE hexfold.streams s
                     SET head = u.head, commands = u.commands, summary = COALESCE(u.summary, s.summary),
                         seal = hexfold.seal(hexfold.part(s.name) || int8send(u.head) || int8send(u.commands)),
                         summary_seal = CASE WHEN u.summary IS NULL THEN s.summary_seal
                             ELSE hexfold.seal(hexfold.part(s.name) || hexfold.part(u.summary)) END
                     FROM unnest($1::bytea[], $2::int8[], $3::int8[], $4::bytea[])
                          AS u(name, head, commands, summary)
                     WHERE s.name = u.name",
                )
                .await?,
            insert_snapshots: client
                .prepare(
                    "INSERT INTO hexfold.snapshots (stream, version, bytes, seal)
                     SELECT u.stream, u.version, u.bytes,
                         hexfold.seal(hexfold.part(u.stream) || int8send(u.version) || hexfold.part(u.bytes))
                     FROM unnest($1::bytea[], $2::int8[], $3::bytea[]) AS u(stream, version, bytes)
                     ON CONFLICT (stream, version) DO UPDATE SET bytes = EXCLUDED.bytes, seal = EXCLUDED.seal",
                )
                .await?,
        })
    }
}

/// Raises the announced position to `to` (it only ever grows).
pub(crate) fn raise(position: &watch::Sender<u64>, to: u64) {
    position.send_if_modified(|p| {
        let higher = to > *p;
        if higher {
            *p = to;
        }
        higher
    });
}

/// The loop: one group after another until the queue is closed (the store dropped) and drained.
pub(crate) async fn run(mut writer: Writer, mut queue: mpsc::UnboundedReceiver<Pending>) {
    let mut carried = None;
    loop {
        // Appends taken out of the queue this round (a carried one was counted in the round before).
        let mut taken = 0;
        let first = match carried.take() {
            Some(p) => p,
            None => match queue.recv().await {
                Some(p) => {
                    taken += 1;
                    p
                }
                None => return,
            },
        };
        let mut bytes = first.bytes;
        let mut group = vec![first];
        while group.len() < writer.max_appends {
            let Ok(p) = queue.try_recv() else { break };
            taken += 1;
            if bytes + p.bytes > writer.max_bytes {
                carried = Some(p);
                break;
            }
            bytes += p.bytes;
            group.push(p);
        }
        writer.stats.queued.fetch_sub(taken, Ordering::Relaxed);
        writer.commit(group).await;
    }
}

/// What the transaction decided for one append of the group.
enum Outcome {
    /// Staged: its index among the staged appends.
    Staged(usize),
    /// The command id was appended before the group: the original's placement.
    Known(Appended),
    /// The command id belongs to an earlier append of this group.
    SameAs(usize),
    Refused(StoreError),
}

/// An append that writes: where it goes.
struct Staged<'g> {
    req: &'g AppendRequest,
    first_version: u64,
    /// Events of the group staged before it (its offset in the group's global positions).
    offset: u64,
    seq: u64,
}

impl Staged<'_> {
    fn appended(&self, base: u64) -> Appended {
        Appended {
            first_version: self.first_version,
            last_version: self.first_version + self.req.events.len() as u64 - 1,
            first_global: base + self.offset + 1,
            duplicate: false,
        }
    }
}

/// A locked stream as the group leaves it.
struct StreamState {
    /// Why its appends are refused: its row fails its seal, or rows past its head or count are in the way.
    damaged: Option<StoreError>,
    head: u64,
    commands: u64,
    summary: Option<Vec<u8>>,
    touched: bool,
}

impl Writer {
    /// The writer over `client`, the connection `open` migrated with: its statements are prepared now, so
    /// a store that opens can append, and the first append pays no extra round trips.
    pub(crate) async fn start(
        config: tokio_postgres::Config,
        client: Client,
        position: Arc<watch::Sender<u64>>,
        own: Arc<OwnBackend>,
        stats: Arc<Stats>,
        recent: Arc<Recent>,
        store: &PgConfig,
    ) -> Result<Writer, StoreError> {
        let conn = Connection::open(client, &own).await?;
        Ok(Writer {
            config,
            conn: Some(conn),
            position,
            own,
            stats,
            recent,
            max_appends: store.max_group_appends.max(1),
            max_bytes: store.max_group_bytes,
            call_bound: store.call_bound(),
        })
    }

    /// Commits `group` and answers every append in it.
    async fn commit(&mut self, group: Vec<Pending>) {
        let started = std::time::Instant::now();
        let result = bounded(
            "committing a group of appends",
            self.call_bound,
            self.commit_with_retries(&group),
        )
        .await;
        // The transaction is this backend's flush: its COMMIT returns once the WAL is durable.
        hexfold_store::metrics::group(Backend::Postgres, started.elapsed(), group.len());
        match result {
            Ok(done) => {
                // Kept before they are announced, so a follower woken by the announcement finds them.
                self.recent.push(
                    group
                        .iter()
                        .zip(&done.answers)
                        .flat_map(|(pending, answer)| {
                            let written = answer.as_ref().ok().filter(|a| !a.duplicate);
                            written.into_iter().flat_map(|a| {
                                let req = &pending.req;
                                req.events.iter().enumerate().map(move |(k, payload)| {
                                    GlobalRecord {
                                        global: a.first_global + k as u64,
                                        stream: req.stream.clone(),
                                        version: a.first_version + k as u64,
                                        payload: payload.clone(),
                                    }
                                })
                            })
                        }),
                );
                if let Some(complete) = done.complete {
                    // Announced before any caller hears back, so its own append is covered when it returns.
                    raise(&self.position, complete);
                }
                for (pending, answer) in group.into_iter().zip(done.answers) {
                    let _ = pending.reply.send(answer);
                }
            }
            Err(e) => {
                // The transaction may have been cut anywhere (a timeout, a lost connection): start the next
                // group on a new connection. Its outcome is unknown to the callers; a retry with the same
                // command id is safe.
                self.drop_connection();
                tracing::warn!(error = %e, appends = group.len(), "a group of appends failed");
                for pending in group {
                    let _ = pending.reply.send(Err(e.clone()));
                }
            }
        }
    }

    async fn commit_with_retries(&mut self, group: &[Pending]) -> Result<Done, StoreError> {
        let mut retries = 0;
        loop {
            let conn = self.connection().await?;
            match transaction(conn, group).await {
                Ok(done) => {
                    if done.written > 0 {
                        self.stats.groups.fetch_add(1, Ordering::Relaxed);
                        self.stats
                            .appends
                            .fetch_add(done.written, Ordering::Relaxed);
                    }
                    return Ok(done);
                }
                // Rolled back because of another transaction: run it again.
                Err(f) if is_transient(&f.error) && retries < TRANSIENT_RETRIES => retries += 1,
                // The connection was found broken before COMMIT was sent (the database restarted, or
                // ended idle connections): nothing was written, so the group is run again once on a new
                // connection rather than failed.
                Err(f)
                    if connection_lost(&f.error)
                        && !f.committing
                        && retries < TRANSIENT_RETRIES =>
                {
                    retries += 1;
                    self.drop_connection();
                }
                Err(f) => return Err(pg(f.error)),
            }
        }
    }

    /// The writer's connection, opened (and its statements prepared) if it has none or it broke.
    async fn connection(&mut self) -> Result<&mut Connection, StoreError> {
        if self.conn.as_ref().is_some_and(|c| c.client.is_closed()) {
            self.drop_connection();
        }
        if self.conn.is_none() {
            let client = connect(&self.config).await?;
            self.conn = Some(Connection::open(client, &self.own).await?);
        }
        Ok(self.conn.as_mut().expect("just connected"))
    }

    /// Gives the connection up (the next group opens another). A group it carried may have committed without
    /// its answer arriving, and so without this writer announcing it: the listener is told to honour the old
    /// backend's notifications and to re-read the position.
    fn drop_connection(&mut self) {
        if self.conn.take().is_some() {
            self.own.forget();
        }
    }
}

/// Why a group's transaction failed, and whether its COMMIT had been sent (before it, nothing of the
/// group can have been written).
struct Failed {
    error: tokio_postgres::Error,
    committing: bool,
}

impl Failed {
    fn before_commit(error: tokio_postgres::Error) -> Failed {
        Failed {
            error,
            committing: false,
        }
    }

    fn committing(error: tokio_postgres::Error) -> Failed {
        Failed {
            error,
            committing: true,
        }
    }
}

/// What a group's transaction did.
struct Done {
    /// Each append's answer, in queue order.
    answers: Vec<Result<Appended, StoreError>>,
    /// A complete global position to announce: the group's end, or the end of an earlier append that a
    /// duplicate names.
    complete: Option<u64>,
    /// How many appends it wrote (zero when it only answered duplicates and refusals).
    written: u64,
}

async fn transaction(conn: &mut Connection, group: &[Pending]) -> Result<Done, Failed> {
    let (client, s) = (&conn.client, &conn.statements);
    let result = transaction_on(client, s, group).await;
    if result.as_ref().is_err_and(|f| !f.committing) {
        // The transaction may still be open (a statement failed before COMMIT was sent, or instead of
        // it): ended here, so a retry on this connection starts afresh. If the connection is broken,
        // this fails too, and the next group opens another.
        let _ = client.batch_execute("ROLLBACK").await;
    }
    result
}

/// The group's transaction in two flights of pipelined statements: BEGIN, the stream locks and the
/// command-id lookup; then (once the group is decided) the streams, the snapshots, the positions with
/// the events, the commands and the NOTIFY, and COMMIT. PostgreSQL runs a connection's statements one
/// after another, so the lookup still runs after the locks are granted, and each statement sees the
/// ones before it in the transaction.
async fn transaction_on(
    client: &Client,
    s: &Statements,
    group: &[Pending],
) -> Result<Done, Failed> {
    let mut names: Vec<&[u8]> = group.iter().map(|p| p.req.stream.as_bytes()).collect();
    names.sort_unstable();
    names.dedup();
    // Ids of streams that do not exist match nothing, so every append's id is looked up.
    let (known_streams, known_ids): (Vec<&[u8]>, Vec<&[u8]>) = group
        .iter()
        .map(|p| (p.req.stream.as_bytes(), p.req.command_id.as_bytes()))
        .unzip();
    let lock_params: [&(dyn ToSql + Sync); 1] = [&names];
    let find_params: [&(dyn ToSql + Sync); 2] = [&known_streams, &known_ids];
    // Every answer is awaited, and the first failure in statement order is the group's: the statements
    // after a failed one fail too (the transaction is aborted), and may be answered first.
    let (begun, locked, extra, found) = tokio::join!(
        client.batch_execute("BEGIN"),
        client.query(&s.lock_streams, &lock_params),
        client.query(&s.find_extra, &lock_params),
        client.query(&s.find_known, &find_params),
    );
    begun.map_err(Failed::before_commit)?;
    let locked = locked.map_err(Failed::before_commit)?;
    let extra = extra.map_err(Failed::before_commit)?;
    let found = found.map_err(Failed::before_commit)?;

    let mut streams: HashMap<Vec<u8>, StreamState> = HashMap::new();
    for row in locked {
        let name: Vec<u8> = row.get("name");
        let (head, commands): (i64, i64) = (row.get("head"), row.get("commands"));
        let checked = crate::seal::head_of(
            &String::from_utf8_lossy(&name),
            head,
            commands,
            row.get("seal"),
        );
        streams.insert(
            name,
            StreamState {
                head: head.max(0) as u64,
                commands: commands.max(0) as u64,
                damaged: checked.err(),
                summary: None,
                touched: false,
            },
        );
    }
    for row in extra {
        let name: Vec<u8> = row.get("name");
        if let Some(stream) = streams.get_mut(&name) {
            stream.damaged.get_or_insert_with(|| {
                crate::seal::damaged(format!(
                    "stream {}: an event or command past its head is in the way of the next append",
                    String::from_utf8_lossy(&name)
                ))
            });
        }
    }
    let mut known: HashMap<(Vec<u8>, Vec<u8>), Outcome> = HashMap::new();
    for row in found {
        let number = |column: &str| row.get::<_, i64>(column).max(0) as u64;
        let original = Appended {
            first_version: number("first_version"),
            last_version: number("last_version"),
            first_global: number("first_global"),
            duplicate: true,
        };
        known.insert(
            (row.get("stream"), row.get("command_id")),
            Outcome::Known(original),
        );
    }

    // Decide every append in queue order, staging the ones that write.
    let mut complete = 0u64;
    let mut outcomes = Vec::with_capacity(group.len());
    let mut staged: Vec<Staged<'_>> = Vec::new();
    let mut events_staged = 0u64;
    for pending in group {
        let req = &pending.req;
        let Some(stream) = streams.get_mut(req.stream.as_bytes()) else {
            outcomes.push(Outcome::Refused(StoreError::NotFound));
            continue;
        };
        if let Some(damage) = &stream.damaged {
            // Neither a duplicate nor an append can be answered from a stream whose rows disagree.
            outcomes.push(Outcome::Refused(damage.clone()));
            continue;
        }
        let key = (
            req.stream.as_bytes().to_vec(),
            req.command_id.as_bytes().to_vec(),
        );
        match known.get(&key) {
            Some(Outcome::Known(original)) => {
                // The original committed, and positions are in commit order, so every position up to its
                // last is committed: announced with the group, its caller can follow from there at once.
                let events = original.last_version + 1 - original.first_version;
                complete = complete.max((original.first_global + events).saturating_sub(1));
                outcomes.push(Outcome::Known(*original));
                continue;
            }
            Some(Outcome::Staged(index)) => {
                outcomes.push(Outcome::SameAs(*index));
                continue;
            }
            _ => {}
        }
        if let Some(expected) = req.expected_version {
            if expected != stream.head {
                outcomes.push(Outcome::Refused(StoreError::Conflict {
                    expected,
                    actual: stream.head,
                }));
                continue;
            }
        }
        stream.commands += 1;
        staged.push(Staged {
            req,
            first_version: stream.head + 1,
            offset: events_staged,
            seq: stream.commands,
        });
        stream.head += req.events.len() as u64;
        if req.summary.is_some() {
            stream.summary = req.summary.clone();
        }
        stream.touched = true;
        events_staged += req.events.len() as u64;
        known.insert(key, Outcome::Staged(staged.len() - 1));
        outcomes.push(Outcome::Staged(staged.len() - 1));
    }

    if staged.is_empty() {
        // Nothing to write: duplicates, conflicts and unknown streams only.
        client
            .batch_execute("ROLLBACK")
            .await
            .map_err(Failed::before_commit)?;
        let answers = outcomes.into_iter().map(|o| answer(o, &[], 0)).collect();
        return Ok(Done {
            answers,
            complete: (complete > 0).then_some(complete),
            written: 0,
        });
    }

    // Global positions are written as `k`, the position within the group from 1: the statements add the
    // counter's value before the group (see `Statements`), which no round trip has to fetch first.
    let mut ev = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut cmd = (
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
        Vec::new(),
    );
    // One snapshot per (stream, version), the last given: PostgreSQL refuses to upsert one row twice in a
    // statement.
    let mut snapshots: BTreeMap<(&[u8], u64), &[u8]> = BTreeMap::new();
    for st in &staged {
        let placed = st.appended(0);
        let name = st.req.stream.as_bytes();
        for (k, payload) in st.req.events.iter().enumerate() {
            let version = placed.first_version + k as u64;
            ev.0.push(int8(placed.first_global + k as u64));
            ev.1.push(name);
            ev.2.push(int8(version));
            ev.3.push(payload.as_slice());
            ev.4.push(checksum(name, version, payload));
        }
        cmd.0.push(name);
        cmd.1.push(st.req.command_id.as_bytes());
        cmd.2.push(int8(st.seq));
        cmd.3.push(st.req.command.as_slice());
        cmd.4.push(int8(placed.first_version));
        cmd.5.push(int8(placed.last_version));
        cmd.6.push(int8(placed.first_global));
        for (version, bytes) in &st.req.snapshots {
            if (placed.first_version..=placed.last_version).contains(version) {
                snapshots.insert((name, *version), bytes.as_slice());
            }
        }
    }
    let mut up = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (name, state) in streams.iter().filter(|(_, s)| s.touched) {
        up.0.push(name.as_slice());
        up.1.push(int8(state.head));
        up.2.push(int8(state.commands));
        up.3.push(state.summary.as_deref());
    }
    let snap: (Vec<&[u8]>, Vec<i64>, Vec<&[u8]>) = (
        snapshots.keys().map(|(name, _)| *name).collect(),
        snapshots.keys().map(|(_, v)| int8(*v)).collect(),
        snapshots.values().copied().collect(),
    );
    let n = int8(events_staged);
    // Sent together without waiting for each answer (tokio-postgres pipelines concurrent queries on a
    // connection), COMMIT included; the first error fails the group.
    let insert_params: [&(dyn ToSql + Sync); 13] = [
        &ev.0, &ev.1, &ev.2, &ev.3, &ev.4, &n, &cmd.0, &cmd.1, &cmd.2, &cmd.3, &cmd.4, &cmd.5,
        &cmd.6,
    ];
    let stream_params: [&(dyn ToSql + Sync); 4] = [&up.0, &up.1, &up.2, &up.3];
    let snapshot_params: [&(dyn ToSql + Sync); 3] = [&snap.0, &snap.1, &snap.2];
    // What needs no positions (the streams' rows, locked since the first flight, and the snapshots) goes
    // first: the counter's lock, taken by the positions' statement and held to COMMIT, then covers only
    // what needs it, and the other processes' groups wait that much less for it.
    let (streams, snapshots, end, committed) = tokio::join!(
        client.execute(&s.update_streams, &stream_params),
        async {
            if snap.0.is_empty() {
                Ok(0)
            } else {
                client.execute(&s.insert_snapshots, &snapshot_params).await
            }
        },
        client.query_one(&s.take_positions_and_insert, &insert_params),
        client.batch_execute("COMMIT"),
    );
    // A connection lost in this flight may have carried the COMMIT: the outcome is unknown. Any other
    // failure was answered before the COMMIT ran, which then rolled the transaction back.
    let failed = |e: tokio_postgres::Error| {
        if connection_lost(&e) {
            Failed::committing(e)
        } else {
            Failed::before_commit(e)
        }
    };
    streams.map_err(failed)?;
    snapshots.map_err(failed)?;
    let end = end.map_err(failed)?;
    committed.map_err(failed)?;
    let end: i64 = end.get(0);
    let base = (end.max(0) as u64).saturating_sub(events_staged);

    let answers: Vec<_> = outcomes
        .into_iter()
        .map(|o| answer(o, &staged, base))
        .collect();
    if events_staged > 0 {
        complete = complete.max(end.max(0) as u64);
    }
    Ok(Done {
        answers,
        complete: (complete > 0).then_some(complete),
        written: staged.len() as u64,
    })
}

/// The reply to one append once the group committed (or wrote nothing).
fn answer(outcome: Outcome, staged: &[Staged<'_>], base: u64) -> Result<Appended, StoreError> {
    match outcome {
        Outcome::Staged(i) => Ok(staged[i].appended(base)),
        Outcome::SameAs(i) => Ok(Appended {
            duplicate: true,
            ..staged[i].appended(base)
        }),
        Outcome::Known(original) => Ok(original),
        Outcome::Refused(e) => Err(e),
    }
}

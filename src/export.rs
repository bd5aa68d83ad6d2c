//! Games as JSON lines: the format of `ExportGames` (and so of `hexfold export` and `backup`), how a store's
//! records become it, and how `hexfold import` turns it back into a store's records, checking every line.
//!
//! # The format (version [`FORMAT_VERSION`])
//! One JSON object per line, each ending in `\n`, its first two fields `"v"` (the format version) and `"line"`
//! (what the line is). For each game, in order:
//! - `{"v":1,"line":"game","game":ID,"meta":{...}}`: the game as created: variant, seats, options, the
//!   configuration, the public setup, the SHA-256 of each seat's token, the seed and its commitment (the stored
//!   meta's fields, in its order);
//! - one `{"v":1,"line":"append","game":ID,"command_id":..,"seat":N,"command":{..},"first_version":F,
//!   "last_version":L,"events":[..]}` per applied command, in order: the command as the rules took it and every
//!   event it produced (the table's `{"Game":..}`, `{"SeedRevealed":..}` and `{"TimedOut":..}`), versions
//!   `F..=L`; in a game with a turn timer also `"timed_out":true` for a timeout action and `"clock":{..}`, the
//!   seats' clocks after the command (both added with the turn timers, after `"events"`, and absent otherwise, so
//!   the lines of untimed games are byte for byte what they were; a build from before them refuses such a line
//!   as an unknown field rather than dropping it);
//! - `{"v":1,"line":"game_end","game":ID,"version":HEAD,"appends":N}`, so a game cut short is noticed.
//!
//! and last `{"v":1,"line":"export_end","games":N}`, so an export cut at a game's end is noticed too. Commands and
//! events are the rules' serde forms (the storage contract of `stored.rs`), written from the decoded records with
//! a fixed field order, so the same games always give the same bytes: export, import and export again is
//! byte-identical. Global positions are not part of it: they are the store's, and an import numbers them anew.
//!
//! # Who may export what
//! A finished game has revealed its seed, so everything in it is public: anyone may export it, and its token
//! hashes are written as zeros (no token matches them) unless the operator exports it. A game in progress holds every
//! hand in its events and its seed in its meta: only the operator token exports it, whole. An export is of the
//! store as of one global position, the one announced when it began; appends after it are left out, so an export
//! of every game while the server takes commands is a consistent copy (`hexfold backup`). A game created after
//! that position (creating a game appends no event) may be in it, without commands.
//!
//! # Import
//! Into an empty store only. Every game is checked as it is read, and the first line that does not fit stops the
//! import with its line number: the meta must be the game's own (the seed matching its commitment, the setup the
//! one the seed gives), every command is decided again from the seed at its version through the table, exactly as
//! the live command path decides it, and must give exactly the recorded events. So an imported game is the game
//! that was played, and the server serves it as such (with snapshots and the summary rebuilt on the way).
//!
//! # Limits
//! Nothing holds more than one game's command list (the store's `commands`) and [`READ_CHUNK`] of its events at a
//! time, on either side: exports stream through the RPC in messages of about [`BATCH_BYTES`] of lines (sent as
//! the client takes them), so an export of any size costs memory for one game at a time. A line longer than
//! [`MAX_LINE_BYTES`] is refused on import (the store's own limit on an append, 4 MiB, keeps real lines well
//! below it).

use crate::engine::EngineError;
use crate::engine::{self, CommandId, SeatNames, StreamTx};
use crate::stored::{self, StoredClock, StoredCommand, StoredGame, StoredMeta, StoredSummary};
use hexfold_rules::{Game, RuleViolation, Seat};
use hexfold_store::{AppendRequest, CommandRecord, EventStore, Recorded, StoreError};
use hexfold_table::{self as table, Observer, Refusal, Seed, Snapshots, TableEvent};
use serde::{Deserialize, Serialize};
use std::collections::{HashSet, VecDeque};
use std::io::BufRead;
use std::marker::PhantomData;
use tokio::sync::watch;

/// The format version this build writes, and the only one it reads.
pub const FORMAT_VERSION: u32 = 1;

/// The longest line an import reads.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Lines are sent in messages of about this many bytes (a single longer line travels alone).
pub const BATCH_BYTES: usize = 256 << 10;

/// Events read from the store per call while exporting.
const READ_CHUNK: u64 = 256;

/// Snapshots an import writes: the server's default interval. A server run with another `--snapshot-every` uses
/// these as they are (a snapshot is only a cache of the fold) and adds its own as games go on.
const IMPORT_SNAPSHOT_EVERY: u64 = 64;

/// Games listed per store call while exporting every game.
const LIST_PAGE: usize = 256;

/// The token hash written for every seat of a finished game exported without the operator token: no token's
/// SHA-256 is all zeros, so an imported public export lets no seat act (nor would any seat be able to: the game
/// is over).
const NO_TOKEN: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What a line is: its `"line"` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Game,
    Append,
    GameEnd,
    ExportEnd,
}

impl Kind {
    /// The line's `"line"` value.
    fn name(self) -> &'static str {
        match self {
            Kind::Game => "game",
            Kind::Append => "append",
            Kind::GameEnd => "game_end",
            Kind::ExportEnd => "export_end",
        }
    }
}

/// The two fields every line starts with, read first to tell what to read the line as.
#[derive(Deserialize)]
struct LineHead {
    v: u32,
    line: Kind,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameLine<C, S> {
    v: u32,
    line: Kind,
    game: String,
    meta: StoredMeta<C, S>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AppendLine<C, E> {
    v: u32,
    line: Kind,
    game: String,
    command_id: String,
    seat: Seat,
    command: C,
    first_version: u64,
    last_version: u64,
    events: Vec<TableEvent<E>>,
    /// A timeout action (its events start with `TimedOut`); absent for every other command.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    timed_out: bool,
    /// The turn timer's clocks after the command, in a timed game; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<StoredClock>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameEndLine {
    v: u32,
    line: Kind,
    game: String,
    version: u64,
    appends: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportEndLine {
    v: u32,
    line: Kind,
    games: u64,
}

/// Whether `line` is an export's last line, which only a whole export has.
pub fn is_export_end(line: &str) -> bool {
    serde_json::from_str::<ExportEndLine>(line)
        .is_ok_and(|end| end.v == FORMAT_VERSION && end.line == Kind::ExportEnd)
}

fn to_line<T: Serialize>(line: &T) -> String {
    // Plain data with string keys: serialising cannot fail.
    serde_json::to_string(line).expect("export lines serialise to JSON")
}

/// One game's records in and out of the format, in the game's own types; the registry keeps one per game
/// ([`Typed`]).
pub trait Records: Send + Sync {
    /// The `game` line of game `id` from its stored meta; `public` blanks the token hashes.
    fn game_line(&self, id: &str, meta: &[u8], public: bool) -> Result<String, EngineError>;

    /// The `append` line of one stored command of game `id` and its events.
    fn append_line(
        &self,
        id: &str,
        command: &CommandRecord,
        events: &[Recorded],
    ) -> Result<String, EngineError>;

    /// Reads a `game` line (already known to be one) and starts checking the game's lines that follow.
    fn importer(&self, id: &str, line: &str) -> Result<Box<dyn GameImport>, String>;
}

/// The import of one game, line by line, each checked against the game so far.
pub trait GameImport: Send {
    /// The stored meta to create the game's stream with.
    fn meta(&self) -> Vec<u8>;

    /// Checks an `append` line and returns what to append for it.
    fn append(&mut self, line: &str) -> Result<AppendRequest, String>;

    /// Checks the game's `game_end` line.
    fn end(&self, line: &str) -> Result<(), String>;
}

/// [`Records`] for game `G`.
pub struct Typed<G>(PhantomData<fn() -> G>);

impl<G> Typed<G> {
    /// The value the registry keeps.
    pub const RECORDS: Typed<G> = Typed(PhantomData);
}

impl<G: StoredGame> Records for Typed<G> {
    fn game_line(&self, id: &str, meta: &[u8], public: bool) -> Result<String, EngineError> {
        let mut meta: StoredMeta<G::Config, G::Setup> = stored::decode("meta", id, meta)?;
        if public {
            meta.token_sha256 = vec![NO_TOKEN.to_string(); meta.seats.len()];
        }
        Ok(to_line(&GameLine {
            v: FORMAT_VERSION,
            line: Kind::Game,
            game: id.to_string(),
            meta,
        }))
    }

    fn append_line(
        &self,
        id: &str,
        command: &CommandRecord,
        events: &[Recorded],
    ) -> Result<String, EngineError> {
        let stored: StoredCommand<G::Command> = stored::decode("command", id, &command.command)?;
        let events = events
            .iter()
            .map(|e| stored::decode::<TableEvent<G::Event>>("event", id, &e.payload))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(to_line(&AppendLine {
            v: FORMAT_VERSION,
            line: Kind::Append,
            game: id.to_string(),
            command_id: command.command_id.clone(),
            seat: stored.seat,
            command: stored.command,
            first_version: command.first_version,
            last_version: command.last_version,
            events,
            timed_out: stored.timed_out,
            clock: stored.clock,
        }))
    }

    fn importer(&self, id: &str, line: &str) -> Result<Box<dyn GameImport>, String> {
        Ok(Box::new(Importing::<G>::start(id, line)?))
    }
}

/// The import of one game of rules `G`: the state the lines so far lead to.
struct Importing<G: Game> {
    id: String,
    meta: StoredMeta<G::Config, G::Setup>,
    seed: Seed,
    state: Option<G::State>,
    version: u64,
    appends: u64,
    command_ids: HashSet<String>,
}

/// Why serde could not read a line as what it should be.
fn unreadable(what: &str, err: &serde_json::Error) -> String {
    format!("is not {what}: {err}")
}

impl<G: StoredGame> Importing<G> {
    fn start(id: &str, line: &str) -> Result<Importing<G>, String> {
        let game: GameLine<G::Config, G::Setup> = serde_json::from_str(line)
            .map_err(|e| unreadable("a game line of this variant", &e))?;
        let meta = game.meta;
        if meta.variant != G::NAME {
            return Err(format!(
                "names variant {:?} in the meta of a {} game",
                meta.variant,
                G::NAME
            ));
        }
        SeatNames::new(meta.seats.clone())
            .map_err(|e| format!("has seats the server refuses: {e}"))?;
        let seed = Seed::from_hex(&meta.seed).ok_or("has a seed that is not 32 bytes of hex")?;
        if seed.commitment() != meta.seed_commitment {
            return Err("has a seed whose SHA-256 is not the game's commitment".into());
        }
        if meta.token_sha256.len() != meta.seats.len()
            || meta
                .token_sha256
                .iter()
                .any(|h| h.len() != 64 || hex::decode(h).is_err())
        {
            return Err("needs one token hash (64 hex digits) per seat".into());
        }
        let setup = G::setup(&meta.config, &mut seed.setup_rng())
            .map_err(|v| format!("has a configuration the rules refuse: {}", v.message()))?;
        if setup != meta.setup {
            return Err("has a setup that is not the one its seed and configuration give".into());
        }
        Ok(Importing {
            id: id.to_string(),
            state: Some(G::initial_state(&meta.setup)),
            meta,
            seed,
            version: 0,
            appends: 0,
            command_ids: HashSet::new(),
        })
    }
}

/// The snapshots due while an imported batch is folded.
struct Due<G: StoredGame> {
    snapshots: Vec<(u64, Vec<u8>)>,
    _game: PhantomData<fn() -> G>,
}

impl<G: StoredGame> Observer<G> for Due<G> {
    fn folded(&mut self, state: &G::State, version: u64, snapshot: bool) {
        if snapshot {
            self.snapshots
                .push((version, stored::encode_snapshot(G::STATE_SCHEMA, state)));
        }
    }
}

fn refused<V: RuleViolation>(refusal: Refusal<V>) -> String {
    match refusal {
        Refusal::Rule(v) => format!("{} [{}]", v.name(), v.rule_id()),
        Refusal::Table(v) => format!("{} [{}]", v.name(), v.rule_id()),
        Refusal::Conflict { expected, actual } => {
            format!("expected version {expected} at version {actual}")
        }
    }
}

impl<G: StoredGame> GameImport for Importing<G> {
    fn meta(&self) -> Vec<u8> {
        stored::encode(&self.meta)
    }

    fn append(&mut self, line: &str) -> Result<AppendRequest, String> {
        let append: AppendLine<G::Command, G::Event> = serde_json::from_str(line)
            .map_err(|e| unreadable("an append line of this variant", &e))?;
        if append.game != self.id {
            return Err(format!(
                "belongs to game {}, but game {} has not had its game_end line",
                append.game, self.id
            ));
        }
        let version = self.version;
        if append.first_version != version + 1 {
            return Err(format!(
                "starts at version {}; the game is at version {version}",
                append.first_version
            ));
        }
        CommandId::new(append.command_id.clone())
            .map_err(|e| format!("has a command id the server refuses: {e}"))?;
        if !self.command_ids.insert(append.command_id.clone()) {
            return Err(format!(
                "repeats command id {:?} of an earlier append",
                append.command_id
            ));
        }
        if let Some(clock) = &append.clock {
            let seats = self.meta.seats.len();
            if clock.since_ms.len() != seats
                || !(clock.reserve_ms.is_empty() || clock.reserve_ms.len() == seats)
            {
                return Err("holds turn-timer clocks that do not match the seats".into());
            }
        }
        if usize::from(append.seat.0) >= self.meta.seats.len() {
            return Err(format!(
                "names seat {}, which the game does not have",
                append.seat.0
            ));
        }
        let state = self
            .state
            .take()
            .expect("the state is put back after every append");
        let decided = table::decide::<G>(
            &state,
            version,
            &self.seed,
            append.seat,
            &append.command,
            None,
        );
        // An error ends the import, so the state taken here need not be put back then.
        let events = decided.map_err(|refusal| {
            format!(
                "holds a command the rules refuse when it is decided again: {}",
                refused(refusal)
            )
        })?;
        let mut due = Due::<G> {
            snapshots: Vec::new(),
            _game: PhantomData,
        };
        let accepted = table::accept::<G>(
            state,
            version,
            events,
            &self.seed,
            append.timed_out.then_some(append.seat),
            Snapshots::every(IMPORT_SNAPSHOT_EVERY),
            &mut due,
        );
        let last = version + accepted.events.len() as u64;
        if accepted.events != append.events {
            let at = accepted
                .events
                .iter()
                .zip(&append.events)
                .position(|(a, b)| a != b)
                .unwrap_or(accepted.events.len().min(append.events.len()));
            return Err(format!(
                "holds events that differ from those its command gives when it is decided again ({} recorded, {} \
                 decided), from version {} on",
                append.events.len(),
                accepted.events.len(),
                version + 1 + at as u64
            ));
        }
        if append.last_version != last {
            return Err(format!(
                "says its events end at version {}; they end at version {last}",
                append.last_version
            ));
        }
        let summary = accepted.outcome.as_ref().map(|outcome| {
            stored::encode(&StoredSummary::finished::<G>(
                self.meta.seats.clone(),
                last,
                outcome,
            ))
        });
        self.state = Some(accepted.state);
        self.version = last;
        self.appends += 1;
        Ok(AppendRequest {
            stream: self.id.clone(),
            expected_version: Some(version),
            command_id: append.command_id,
            command: stored::encode(&StoredCommand {
                seat: append.seat,
                command: append.command,
                timed_out: append.timed_out,
                clock: append.clock,
            }),
            events: accepted.events.iter().map(stored::encode).collect(),
            summary,
            snapshots: due.snapshots,
        })
    }

    fn end(&self, line: &str) -> Result<(), String> {
        let end: GameEndLine =
            serde_json::from_str(line).map_err(|e| unreadable("a game_end line", &e))?;
        if end.game != self.id {
            return Err(format!(
                "ends game {}, but the lines before it are game {}'s",
                end.game, self.id
            ));
        }
        if (end.version, end.appends) != (self.version, self.appends) {
            return Err(format!(
                "says game {} has {} appends up to version {}; its lines have {} up to version {}: lines are missing",
                self.id, end.appends, end.version, self.appends, self.version
            ));
        }
        Ok(())
    }
}

/// The records of the game whose id is `id`, found by its prefix (`<id prefix>-...`, or `<game name>-...` stored
/// before).
fn records_of(id: &str) -> Option<&'static dyn Records> {
    crate::games::GAMES
        .iter()
        .find(|g| g.owns_game_id(id))
        .map(|g| g.records())
}

/// Lines on their way to the client, gathered into messages of about [`BATCH_BYTES`].
pub struct Batcher<'a, T, E> {
    tx: &'a StreamTx<T, E>,
    shutdown: watch::Receiver<bool>,
    lines: Vec<String>,
    bytes: usize,
}

impl<'a, T: From<Vec<String>> + Send, E: Send> Batcher<'a, T, E> {
    /// Lines for `tx`, sent until `shutdown` turns `true` (the server's shutdown signal).
    pub fn new(tx: &'a StreamTx<T, E>, shutdown: watch::Receiver<bool>) -> Self {
        Batcher {
            tx,
            shutdown,
            lines: Vec::new(),
            bytes: 0,
        }
    }

    async fn push(&mut self, line: String) -> Result<(), EngineError> {
        self.bytes += line.len();
        self.lines.push(line);
        if self.bytes >= BATCH_BYTES {
            self.flush().await?;
        }
        Ok(())
    }

    /// Sends what is gathered. Fails when the client has gone or the server is shutting down, which ends the
    /// export.
    pub async fn flush(&mut self) -> Result<(), EngineError> {
        if self.lines.is_empty() {
            return Ok(());
        }
        let lines = std::mem::take(&mut self.lines);
        self.bytes = 0;
        if engine::send(self.tx, Ok(T::from(lines)), &mut self.shutdown).await {
            Ok(())
        } else {
            Err(EngineError::Unavailable(
                "the export was cut short: the client went away or the server is shutting down"
                    .into(),
            ))
        }
    }
}

/// Whether game `id` had ended by global position `as_of`: its last event is the seed's reveal, at or before it.
async fn finished_at(store: &dyn EventStore, id: &str, as_of: u64) -> Result<bool, EngineError> {
    let last = store.read_backwards(id, u64::MAX, 1).await?;
    let Some(last) = last.first() else {
        return Ok(false);
    };
    let event: TableEvent<serde::de::IgnoredAny> = stored::decode("event", id, &last.payload)?;
    Ok(event.ends_game() && last.global <= as_of)
}

/// Checks, before its stream starts, that the caller may export game `id`: NOT_FOUND for a game the store does
/// not have, PERMISSION_DENIED for a game in progress without the operator token.
pub async fn check_one(
    store: &dyn EventStore,
    id: &str,
    operator: bool,
    as_of: u64,
) -> Result<(), EngineError> {
    engine::check_game_id(id)?;
    if records_of(id).is_none() {
        return Err(EngineError::UnknownGame);
    }
    store.head(id).await?;
    if !operator && !finished_at(store, id, as_of).await? {
        return Err(EngineError::Forbidden(
            "a game in progress is exported only with the operator token: its events hold every hand",
        ));
    }
    Ok(())
}

/// Exports game `game_id`, or every game when `None`, as of global position `as_of`, into `out`: see the module
/// docs. Without `operator`, games in progress are passed over (a single one is refused by [`check_one`] first).
pub async fn export<T, E>(
    store: &dyn EventStore,
    game_id: Option<&str>,
    operator: bool,
    as_of: u64,
    out: &mut Batcher<'_, T, E>,
) -> Result<(), EngineError>
where
    T: From<Vec<String>> + Send,
    E: Send,
{
    let mut games = 0u64;
    match game_id {
        Some(id) => {
            if export_game(store, id, operator, as_of, out).await? {
                games += 1;
            }
        }
        None => {
            let mut after: Option<String> = None;
            loop {
                let page = store.list_streams(after.as_deref(), LIST_PAGE).await?;
                let Some(last) = page.last() else { break };
                after = Some(last.name.clone());
                for listing in page {
                    // An export is a whole copy or none: a damaged game fails it, named.
                    if let Some(problem) = &listing.damaged {
                        return Err(EngineError::Damaged(format!(
                            "the stored records of game {} are damaged: {problem}",
                            listing.name
                        )));
                    }
                    if export_game(store, &listing.name, operator, as_of, out).await? {
                        games += 1;
                    }
                }
            }
        }
    }
    out.push(to_line(&ExportEndLine {
        v: FORMAT_VERSION,
        line: Kind::ExportEnd,
        games,
    }))
    .await?;
    out.flush().await
}

/// Exports one game as of `as_of`; `false` when it is in progress and the caller is not the operator (nothing is
/// sent then).
async fn export_game<T, E>(
    store: &dyn EventStore,
    id: &str,
    operator: bool,
    as_of: u64,
    out: &mut Batcher<'_, T, E>,
) -> Result<bool, EngineError>
where
    T: From<Vec<String>> + Send,
    E: Send,
{
    let Some(records) = records_of(id) else {
        return Err(EngineError::Damaged(format!(
            "the store holds game {id}, of no variant this build serves"
        )));
    };
    if !operator && !finished_at(store, id, as_of).await? {
        return Ok(false);
    }
    let meta = store.meta(id).await?;
    out.push(records.game_line(id, &meta, !operator)?).await?;
    let commands = store.commands(id).await?;
    let mut events: VecDeque<Recorded> = VecDeque::new();
    let (mut version, mut appends) = (0u64, 0u64);
    for command in &commands {
        if command.first_version != version + 1 {
            return Err(EngineError::Damaged(format!(
                "game {id}: the command after version {version} starts at version {}",
                command.first_version
            )));
        }
        let count = (command.last_version + 1).saturating_sub(command.first_version) as usize;
        while events.len() < count {
            let from = version + 1 + events.len() as u64;
            let chunk = store
                .read(id, from, command.last_version.max(from + READ_CHUNK - 1))
                .await?;
            // Every version in turn: an event missing in the middle of a chunk would otherwise hand the ones
            // after it to the wrong commands (a store that checks its own rows refuses such a read first).
            if chunk.is_empty() {
                return Err(EngineError::Damaged(format!(
                    "game {id}: event {from} is missing from the log"
                )));
            }
            if let Some(gap) = (from..).zip(&chunk).find(|(want, r)| r.version != *want) {
                return Err(EngineError::Damaged(format!(
                    "game {id}: event {} is missing from the log",
                    gap.0
                )));
            }
            events.extend(chunk);
        }
        let batch: Vec<Recorded> = events.drain(..count).collect();
        // An append is atomic and its events' positions are consecutive, so it is wholly before the cut or wholly
        // after it; everything after the first one past it came later too.
        if batch.last().is_some_and(|e| e.global > as_of) {
            break;
        }
        out.push(records.append_line(id, command, &batch)?).await?;
        version = command.last_version;
        appends += 1;
    }
    out.push(to_line(&GameEndLine {
        v: FORMAT_VERSION,
        line: Kind::GameEnd,
        game: id.to_string(),
        version,
        appends,
    }))
    .await?;
    Ok(true)
}

/// Why an import stopped: the line (1-based) and what is wrong with it, or with the store.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("line {line}: {message}")]
    Line { line: u64, message: String },
    #[error("the store cannot be imported into: {0}")]
    Store(String),
    #[error("cannot read the export: {0}")]
    Read(#[from] std::io::Error),
    /// The export's source failed (the server's stream ended with an error).
    #[error("the export failed: {0}")]
    Source(String),
}

/// What an import wrote.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Imported {
    pub games: u64,
    pub appends: u64,
    pub events: u64,
}

/// The lines of an export read from `input` (a file, standard input), each at most [`MAX_LINE_BYTES`], without
/// their newlines; a last line without its newline is an error (the export was cut short mid-line).
pub fn read_lines(
    mut input: impl BufRead + Unpin,
) -> impl futures::Stream<Item = Result<String, ImportError>> + Unpin {
    let mut line = 0u64;
    let mut failed = false;
    futures::stream::iter(std::iter::from_fn(move || {
        if failed {
            return None;
        }
        line += 1;
        let read = read_line(&mut input, line).transpose();
        failed = matches!(read, Some(Err(_)));
        read
    }))
}

fn read_line(input: &mut impl BufRead, line: u64) -> Result<Option<String>, ImportError> {
    let mut buf = Vec::new();
    let n =
        std::io::Read::take(&mut *input, MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    let fail = |message: String| ImportError::Line { line, message };
    if buf.last() != Some(&b'\n') {
        return Err(fail(if buf.len() > MAX_LINE_BYTES {
            format!("is longer than {MAX_LINE_BYTES} bytes")
        } else {
            "ends without a newline: the export was cut short".into()
        }));
    }
    buf.pop();
    String::from_utf8(buf)
        .map(Some)
        .map_err(|_| fail("is not UTF-8".into()))
}

/// Imports the lines of an export into `store`, which must hold no game, checking every line (see the module
/// docs). Stops at the first line that does not fit; what was written until then stays in the store, which should
/// be discarded.
pub async fn import<S>(store: &dyn EventStore, mut lines: S) -> Result<Imported, ImportError>
where
    S: futures::Stream<Item = Result<String, ImportError>> + Unpin,
{
    use futures::StreamExt as _;
    let store_error = |e: StoreError| ImportError::Store(e.to_string());
    if let Some(game) = store
        .list_streams(None, 1)
        .await
        .map_err(store_error)?
        .first()
    {
        return Err(ImportError::Store(format!(
            "it is not empty (it holds game {}): import writes only into an empty store",
            game.name
        )));
    }
    let mut done = Imported::default();
    let mut game: Option<Box<dyn GameImport>> = None;
    let mut line = 0u64;
    let mut seen = HashSet::new();
    loop {
        line += 1;
        let Some(text) = lines.next().await.transpose()? else {
            return Err(ImportError::Line {
                line,
                message:
                    "is missing: the export ends without its export_end line, so it was cut short"
                        .into(),
            });
        };
        let fail = |message: String| ImportError::Line { line, message };
        let text = text.as_str();
        let head: LineHead = serde_json::from_str(text)
            .map_err(|e| fail(unreadable("a line of a hexfold export", &e)))?;
        if head.v != FORMAT_VERSION {
            return Err(fail(format!(
                "has format version {}; this build reads version {FORMAT_VERSION}",
                head.v
            )));
        }
        match (head.line, game.as_mut()) {
            (Kind::Game, None) => {
                #[derive(Deserialize)]
                struct Id {
                    game: String,
                }
                let id = serde_json::from_str::<Id>(text)
                    .map_err(|e| fail(unreadable("a game line", &e)))?
                    .game;
                engine::check_game_id(&id).map_err(|e| fail(e.to_string()))?;
                let records = records_of(&id).ok_or_else(|| {
                    fail(format!("names game {id}, of no variant this build serves"))
                })?;
                if !seen.insert(id.clone()) {
                    return Err(fail(format!("starts game {id} a second time")));
                }
                let importer = records.importer(&id, text).map_err(fail)?;
                store
                    .create_stream(&id, importer.meta())
                    .await
                    .map_err(|e| fail(format!("cannot be stored: {e}")))?;
                game = Some(importer);
                done.games += 1;
            }
            (Kind::Append, Some(importer)) => {
                let request = importer.append(text).map_err(fail)?;
                let events = request.events.len() as u64;
                let appended = store
                    .append(request)
                    .await
                    .map_err(|e| fail(format!("cannot be stored: {e}")))?;
                if appended.duplicate {
                    return Err(fail("was stored before: the store is not empty".into()));
                }
                done.appends += 1;
                done.events += events;
            }
            (Kind::GameEnd, Some(importer)) => {
                importer.end(text).map_err(fail)?;
                game = None;
            }
            (Kind::ExportEnd, None) => {
                let end: ExportEndLine = serde_json::from_str(text)
                    .map_err(|e| fail(unreadable("an export_end line", &e)))?;
                if end.games != done.games {
                    return Err(fail(format!(
                        "says the export holds {} games; it holds {}: games are missing",
                        end.games, done.games
                    )));
                }
                if lines.next().await.transpose()?.is_some() {
                    return Err(ImportError::Line {
                        line: line + 1,
                        message: "comes after the export_end line".into(),
                    });
                }
                store.flush().await.map_err(store_error)?;
                return Ok(done);
            }
            (kind, Some(_)) => {
                return Err(fail(format!(
                    "is a {} line where the game's next append or its game_end line belongs",
                    kind.name()
                )))
            }
            (kind, None) => {
                return Err(fail(format!(
                    "is a {} line where a game line or the export_end line belongs",
                    kind.name()
                )))
            }
        }
    }
}

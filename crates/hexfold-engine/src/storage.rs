//! Every call the engine makes to the event store, and the decoding of what comes back: the engine's one module that
//! calls [`EventStore`](hexfold_store::EventStore) methods.
//!
//! Every call goes through the trait, so none blocks the calling worker (sled's backend reads on tokio's blocking
//! pool). The command path still makes as few as it can, because each read is a thread hop there and a round trip
//! for a database: an accepted command makes one call, the append (the head is cached and its snapshots travel
//! inside the append); a refused one asks `find_command` whether it retries an applied command, which the store
//! answers from memory for an id it has never seen. The other calls run where they are the work itself (the state
//! at an index, history) or on the rare paths (a game no longer cached, a retried command id, the end of a game).
//! See ARCHITECTURE.md.

use super::cache::{Head, Meta};
use super::clock::Timer;
use super::{Engine, Shared, Wire};
use crate::stored::{self, StoredClock, StoredCommand, StoredGame, StoredMeta, StoredSummary};
use crate::EngineError;
use hexfold_rules::{Game, Seat, Viewer};
use hexfold_store::{AppendRequest, Appended, CommandRecord};
use hexfold_table::{evolve, view_event, Accepted, Seed, TableEvent, TableEventView};
use std::sync::Arc;

/// One event as a viewer sees it, at its place in the log.
#[derive(Clone, Debug, PartialEq)]
pub struct EventAt<V> {
    pub version: u64,
    /// The event's position in the log of every game.
    pub global: u64,
    pub event: TableEventView<V>,
}

/// One applied command and the versions of its events.
#[derive(Clone, Debug)]
pub struct PlayedCommand<C> {
    pub command_id: String,
    pub seat: Seat,
    pub command: C,
    pub first_version: u64,
    pub last_version: u64,
    /// The server played it because the seat's turn timer ran out.
    pub timed_out: bool,
}

/// Events read from the store and projected per step of a range read or a catch-up.
pub(super) const READ_CHUNK: u64 = 256;

/// The newest commands read for a timed game's clocks: every command a timed game appends records them, so
/// the newest is almost always it; the few more cover commands appended past the version asked about.
pub(super) const CLOCK_LOOKBACK: usize = 4;

impl<G: StoredGame> Engine<G> {
    /// Loads a game's head from the store: its meta and head version (read at once, two independent reads), then
    /// the state at that version.
    pub(super) async fn load_head(&self, id: &str) -> Result<Head<G>, EngineError> {
        let store = &*self.shared.store;
        let (meta, version) = tokio::try_join!(store.meta(id), store.head(id))?;
        let meta = Arc::new(decode_meta::<G>(id, &meta)?);
        let state = fold_to(&self.shared, &meta, version).await?;
        let clock = self.load_clock(&meta, version, &state).await?;
        Ok(Head {
            meta,
            version,
            state,
            clock,
        })
    }

    /// A game's meta, fixed at creation (an unknown game for one the store does not have): what a game that is not
    /// cached is looked up by before it gets a slot.
    pub(super) async fn load_meta(&self, id: &str) -> Result<Arc<Meta<G>>, EngineError> {
        let meta = self.shared.store.meta(id).await?;
        Ok(Arc::new(decode_meta::<G>(id, &meta)?))
    }

    /// A game's head from the store, its meta already read ([`Engine::load_meta`]).
    pub(super) async fn load_head_of(&self, meta: Arc<Meta<G>>) -> Result<Head<G>, EngineError> {
        let version = self.shared.store.head(&meta.id).await?;
        let state = fold_to(&self.shared, &meta, version).await?;
        let clock = self.load_clock(&meta, version, &state).await?;
        Ok(Head {
            meta,
            version,
            state,
            clock,
        })
    }

    /// The turn-timer clocks of a timed game at `version` (`state` is its state there), as the store has them:
    /// the clocks the last command up to `version` recorded, or at version 0 those of its creation. `None` for
    /// a game without a timer. Reads the newest few commands (a command appended since `version` is passed
    /// over), and the whole list only if none of them recorded clocks: only timed games pay it, when their
    /// head is loaded or another server moved it, and a long game pays no more than a short one.
    pub(super) async fn load_clock(
        &self,
        meta: &Meta<G>,
        version: u64,
        state: &G::State,
    ) -> Result<Option<StoredClock>, EngineError> {
        let Some(timer) = meta.timer else {
            return Ok(None);
        };
        let seats = meta.seats.len();
        let waiting = G::waiting_for(state);
        if version > 0 {
            let newest = self
                .shared
                .store
                .last_commands(&meta.id, CLOCK_LOOKBACK)
                .await?;
            let found = match Self::last_clock(meta, version, newest.iter())? {
                // As many as asked for, none with clocks (commands recorded without them, or appended since
                // `version`): the older ones may have them. (Fewer than asked for were all there are.)
                None if newest.len() == CLOCK_LOOKBACK => {
                    let all = self.shared.store.commands(&meta.id).await?;
                    Self::last_clock(meta, version, all.iter().rev())?
                }
                found => found,
            };
            if let Some(clock) = found {
                return Ok(Some(clock));
            }
        }
        // At creation, or (a record written without clocks) from now: a wait never starts before it is known.
        let since = match (version, meta.created_ms) {
            (0, Some(created)) => created,
            _ => self.shared.clock.now_ms(),
        };
        Ok(Some(timer.start(seats, &waiting, since)))
    }

    /// The clocks recorded by the first of `newest_first` that ends at or before `version`, and that has them.
    fn last_clock<'r>(
        meta: &Meta<G>,
        version: u64,
        newest_first: impl Iterator<Item = &'r CommandRecord>,
    ) -> Result<Option<StoredClock>, EngineError> {
        let seats = meta.seats.len();
        for record in newest_first.filter(|r| r.last_version <= version) {
            let stored: StoredCommand<serde::de::IgnoredAny> =
                stored::decode("command", &meta.id, &record.command)?;
            if let Some(clock) = stored.clock {
                if clock.since_ms.len() != seats
                    || !(clock.reserve_ms.is_empty() || clock.reserve_ms.len() == seats)
                {
                    return Err(EngineError::Damaged(format!(
                        "stored command {} of game {}: its clocks do not match the seats",
                        record.command_id, meta.id
                    )));
                }
                return Ok(Some(clock));
            }
        }
        Ok(None)
    }

    pub(super) async fn create_stream(
        &self,
        id: &str,
        meta: &StoredMeta<G::Config, G::Setup>,
    ) -> Result<(), EngineError> {
        Ok(self
            .shared
            .store
            .create_stream(id, stored::encode(meta))
            .await?)
    }

    /// Appends an accepted batch decided at version `before`, with its snapshots, and (when it ends the game) the
    /// summary `ListGames` shows from then on.
    pub(super) async fn append(
        &self,
        meta: &Meta<G>,
        command_id: &str,
        command: StoredCommand<&G::Command>,
        before: u64,
        accepted: &Accepted<G>,
        snapshots: Vec<(u64, Vec<u8>)>,
    ) -> Result<Appended, EngineError> {
        let last = before + accepted.events.len() as u64;
        let summary = accepted
            .outcome
            .as_ref()
            .map(|o| StoredSummary::finished::<G>(meta.seats.clone(), last, o));
        let request = AppendRequest {
            stream: meta.id.clone(),
            expected_version: Some(before),
            command_id: command_id.to_string(),
            command: stored::encode(&command),
            events: accepted.events.iter().map(stored::encode).collect(),
            // ListGames takes the version from the store's head, so the summary only changes when the game ends.
            summary: summary.as_ref().map(stored::encode),
            snapshots,
        };
        Ok(self.shared.store.append(request).await?)
    }

    /// The game's durable head version, as the store has it now.
    pub(super) async fn stored_head(&self, id: &str) -> Result<u64, EngineError> {
        Ok(self.shared.store.head(id).await?)
    }

    /// The command `command_id` of game `id` as it was applied (its seat and command) with its versions, if it
    /// was. For a command the rules refused, or an append the store called a duplicate: the store answers an id
    /// it has never seen from memory, without a read.
    pub(super) async fn find_command(
        &self,
        id: &str,
        command_id: &str,
    ) -> Result<Option<(StoredCommand<G::Command>, u64, u64)>, EngineError> {
        let Some(record) = self.shared.store.find_command(id, command_id).await? else {
            return Ok(None);
        };
        let command = stored::decode("command", id, &record.command)?;
        Ok(Some((command, record.first_version, record.last_version)))
    }

    /// Every command applied to a game, in order.
    pub(super) async fn commands(
        &self,
        meta: &Meta<G>,
    ) -> Result<Vec<PlayedCommand<G::Command>>, EngineError> {
        self.shared
            .store
            .commands(&meta.id)
            .await?
            .into_iter()
            .map(|c| {
                let stored: StoredCommand<G::Command> =
                    stored::decode("command", &meta.id, &c.command)?;
                Ok(PlayedCommand {
                    command_id: c.command_id,
                    seat: stored.seat,
                    command: stored.command,
                    first_version: c.first_version,
                    last_version: c.last_version,
                    timed_out: stored.timed_out,
                })
            })
            .collect()
    }
}

fn decode_meta<G: Game>(id: &str, bytes: &[u8]) -> Result<Meta<G>, EngineError> {
    let m: StoredMeta<G::Config, G::Setup> = stored::decode("meta", id, bytes)?;
    let bad = |what: &str| EngineError::Damaged(format!("stored meta of game {id}: {what}"));
    if m.variant != G::NAME {
        return Err(bad("the variant does not match the game id"));
    }
    let seed = Seed::from_hex(&m.seed).ok_or_else(|| bad("the seed is not 32 bytes of hex"))?;
    let token_sha256 = m
        .token_sha256
        .iter()
        .map(|h| {
            hex::decode(h)
                .ok()
                .and_then(|b| <[u8; 32]>::try_from(b).ok())
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| bad("a token hash is not 32 bytes of hex"))?;
    if token_sha256.len() != m.seats.len() {
        return Err(bad("the token hashes do not match the seats"));
    }
    let mut bots = Vec::new();
    for b in &m.bots {
        let strategy = b
            .strategy
            .parse()
            .map_err(|e| bad(&format!("bot seat {}: {e}", b.seat)))?;
        if usize::from(b.seat) >= m.seats.len() {
            return Err(bad("a bot seat is not a seat of the game"));
        }
        bots.resize(m.seats.len(), None);
        bots[usize::from(b.seat)] = Some(strategy);
    }
    let timer = Timer::checked(&m.options).map_err(|e| bad(&e.to_string()))?;
    Ok(Meta {
        timer,
        created_ms: m.created_ms,
        bots,
        id: id.to_string(),
        seats: m.seats,
        options: m.options,
        setup: m.setup,
        token_sha256,
        seed,
        commitment: m.seed_commitment,
    })
}

pub(super) fn decode_event<G: Game>(
    id: &str,
    bytes: &[u8],
) -> Result<TableEvent<G::Event>, EngineError> {
    stored::decode("event", id, bytes)
}

/// The state at `target` (which must be at or before the durable head): the newest snapshot at or before it, then
/// at most `snapshot_every` folds, read [`READ_CHUNK`] events per call.
pub(super) async fn fold_to<G: StoredGame>(
    shared: &Shared,
    meta: &Meta<G>,
    target: u64,
) -> Result<G::State, EngineError> {
    // Snapshots are derivable from the events, so one that cannot be used costs time, not data. The fold from
    // the start then rewrites every snapshot it passes, so the next read is bounded again.
    let (mut version, mut state, rewrite) = match shared
        .store
        .snapshot_at_or_before(&meta.id, target)
        .await?
    {
        Some((at, bytes)) => {
            match stored::decode_snapshot::<G::State>(&meta.id, G::STATE_SCHEMA, &bytes) {
                Ok(Some(state)) => (at, state, false),
                Ok(None) => {
                    tracing::debug!(game_id = %meta.id, at, "snapshot of another state schema, folding from the start");
                    (0, G::initial_state(&meta.setup), true)
                }
                Err(e) => {
                    tracing::warn!(game_id = %meta.id, at, error = %e, "unreadable snapshot, folding from the start");
                    (0, G::initial_state(&meta.setup), true)
                }
            }
        }
        None => (0, G::initial_state(&meta.setup), false),
    };
    let snapshots = shared.snapshots();
    while version < target {
        let to = target.min(version + READ_CHUNK);
        for record in shared.store.read(&meta.id, version + 1, to).await? {
            if record.version != version + 1 {
                break;
            }
            state = evolve::<G>(state, &decode_event::<G>(&meta.id, &record.payload)?);
            version += 1;
            if rewrite && snapshots.due(version) {
                let bytes = stored::encode_snapshot(G::STATE_SCHEMA, &state);
                if let Err(e) = shared.store.put_snapshot(&meta.id, version, bytes).await {
                    tracing::warn!(game_id = %meta.id, version, error = %e, "could not rewrite a snapshot");
                }
            }
        }
        if version < to {
            return Err(EngineError::Damaged(format!(
                "game {}: event {} is missing from the log",
                meta.id,
                version + 1
            )));
        }
    }
    Ok(state)
}

/// Views of events `from..=to` (a bounded range) folded from `state` (the state at `from - 1`), as the wire
/// delivers them, and the state at `to`.
pub(super) async fn read_views<G: StoredGame, W: Wire<G>>(
    shared: &Shared,
    meta: &Meta<G>,
    viewer: Viewer,
    mut state: G::State,
    from: u64,
    to: u64,
) -> Result<(G::State, Vec<W::Event>), EngineError> {
    let records = shared.store.read(&meta.id, from, to).await?;
    let mut out = Vec::with_capacity(records.len());
    let mut expected = from;
    for record in records {
        if record.version != expected {
            break;
        }
        let event = decode_event::<G>(&meta.id, &record.payload)?;
        out.push(W::event(
            &meta.id,
            EventAt {
                version: record.version,
                global: record.global,
                event: view_event::<G>(&state, &event, viewer),
            },
        ));
        state = evolve::<G>(state, &event);
        expected += 1;
    }
    if from <= to && expected != to + 1 {
        return Err(EngineError::Damaged(format!(
            "game {}: event {expected} is missing from the log",
            meta.id
        )));
    }
    Ok((state, out))
}

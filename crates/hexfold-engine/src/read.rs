//! Reads and streams: the state at an index, a seat's legal actions, `ReadEvents` forwards and backwards,
//! `Subscribe` (catch-up, then the live batches the command path publishes), the record of a finished game, and
//! omniscient views for the operator's global stream. Every view is for the viewer the table's rule names.

use super::auth::{require_token, seat_of, seat_of_token};
use super::cache::{head, Meta};
use super::clock::{deadlines, Deadline};
use super::storage::{decode_event, fold_to, read_views, EventAt, PlayedCommand, READ_CHUNK};
use super::turns::{legal_actions_of, Actions};
use super::{farewell, lock, send, Credential, Engine, Shared, StreamTx, Wire};
use crate::metrics::StreamKind;
use crate::stored::{StoredGame, StoredOptions};
use crate::EngineError;
use hexfold_rules::{Game, Outcome, Seat, Viewer};
use hexfold_store::GlobalRecord;
use hexfold_table::{self as table, TableEvent};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, watch};

/// One item of a `Subscribe` stream.
#[derive(Clone, Debug, PartialEq)]
pub enum Update<E> {
    Event(E),
    /// Catch-up has reached the head at `version`; events after it are live.
    CaughtUp(u64),
}

/// Where a game stands, as `ListGames` and `GetState` show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub game_id: String,
    pub seats: Vec<String>,
    /// The head version.
    pub version: u64,
    pub outcome: Option<Outcome>,
}

/// The state of a game at one version, as one caller may see it.
#[derive(Clone, Debug, PartialEq)]
pub struct StateAt<S> {
    pub version: u64,
    pub summary: Summary,
    pub state: S,
    /// The caller's seat, if it holds one.
    pub seat: Option<Seat>,
    /// The seats the game waits for at `version` ([`Game::waiting_for`]).
    pub waiting_for: Vec<Seat>,
    /// In a game with a turn timer, at the head: the deadline of each seat in `waiting_for`, in its order. Empty
    /// at an earlier version (the clocks of the past are in the stored commands, not served).
    pub deadlines: Vec<Deadline>,
}

/// A range of `ReadEvents`: inclusive bounds (`from` 0 is read as 1, `to` unset is the head), read backwards if
/// asked, at most `limit` events in the direction of reading (0: no limit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadRange {
    pub game_id: String,
    pub from: u64,
    pub to: Option<u64>,
    pub backwards: bool,
    pub limit: u32,
}

/// A finished game's record, for independent verification: the seats, the options, the seed (revealed) with its
/// commitment, and every command as it was applied.
#[derive(Clone, Debug)]
pub struct FinishedGame<C> {
    pub seats: Vec<String>,
    pub options: StoredOptions,
    pub seed_commitment: String,
    pub seed: String,
    pub commands: Vec<PlayedCommand<C>>,
}

/// One command's events, published to the game's live subscribers: (version, global position, event).
pub(super) struct Published<G: Game> {
    records: Vec<(u64, u64, TableEvent<G::Event>)>,
}

/// The live channel of a game that has subscribers, with the newest version sent through it.
pub(super) struct Live<G: Game> {
    tx: broadcast::Sender<Arc<Published<G>>>,
    /// A batch is published by the command path that appended it and, on a shared store, again by the follower
    /// that reads it back from the global order (by every server for another's batches); only versions past this
    /// one are sent, so each is sent once.
    published: u64,
}

/// The live channel of each game that has subscribers.
pub(super) type Channels<G> = Arc<Mutex<HashMap<String, Live<G>>>>;

fn summary_of<G: Game>(meta: &Meta<G>, version: u64, state: &G::State) -> Summary {
    Summary {
        game_id: meta.id.clone(),
        seats: meta.seats.clone(),
        version,
        outcome: G::outcome(state),
    }
}

impl<G: StoredGame> Engine<G> {
    /// The state at `at` (the head if unset), as the caller may see it.
    pub async fn state(
        &self,
        cred: Credential,
        game_id: &str,
        at: Option<u64>,
    ) -> Result<StateAt<G::StateView>, EngineError> {
        let guard = self.lock_head(game_id).await?;
        let current = head(&guard);
        let meta = Arc::clone(&current.meta);
        let seat = seat_of(&meta, cred)?;
        let viewer = table::viewer(seat, G::outcome(&current.state).is_some());
        let summary = summary_of(&meta, current.version, &current.state);
        let head_version = current.version;
        let at = at.unwrap_or(head_version);
        if at > head_version {
            return Err(EngineError::PastHead(format!(
                "at_version {at} is past the game's head {head_version}"
            )));
        }
        let at_head = (at == head_version).then(|| {
            (
                G::view_state(&current.state, viewer),
                G::waiting_for(&current.state),
                deadlines::<G>(current.meta.timer, current.clock.as_ref(), &current.state),
            )
        });
        drop(guard);
        let (state, waiting_for, deadlines) = match at_head {
            Some(at_head) => at_head,
            None => {
                let state = fold_to(&self.shared, &meta, at).await?;
                (
                    G::view_state(&state, viewer),
                    G::waiting_for(&state),
                    Vec::new(),
                )
            }
        };
        Ok(StateAt {
            version: at,
            summary,
            state,
            seat,
            waiting_for,
            deadlines,
        })
    }

    /// The legal actions of the caller's seat at the head (none when it may not act).
    pub async fn legal_actions(
        &self,
        cred: Credential,
        game_id: &str,
    ) -> Result<Actions<G::Command>, EngineError> {
        require_token(
            cred,
            "LegalActions needs a seat token in `authorization: Bearer <token>`",
        )?;
        let guard = self.lock_head(game_id).await?;
        let current = head(&guard);
        let seat = seat_of_token(&current.meta, cred)?;
        let deadlines = deadlines::<G>(current.meta.timer, current.clock.as_ref(), &current.state);
        Ok(
            legal_actions_of::<G>(&current.state, current.version, seat, &deadlines).unwrap_or(
                Actions {
                    version: current.version,
                    seat,
                    commands: Vec::new(),
                    deadline: None,
                },
            ),
        )
    }

    /// Starts streaming a range of events into `tx`, as the caller may see them.
    pub async fn read_events<W: Wire<G>>(
        &self,
        cred: Credential,
        range: ReadRange,
        tx: StreamTx<W::Event, W::Error>,
    ) -> Result<(), EngineError> {
        let (meta, head, finished) = self.peek(&range.game_id).await?;
        let viewer = table::viewer(seat_of(&meta, cred)?, finished);
        let mut to = range.to.unwrap_or(head);
        if to > head {
            return Err(EngineError::PastHead(format!(
                "to_version {to} is past the game's head {head}"
            )));
        }
        let mut from = range.from.max(1);
        let limit = u64::from(range.limit);
        if limit > 0 && from <= to {
            if range.backwards {
                from = from.max(to + 1 - limit.min(to));
            } else {
                to = to.min(from + limit - 1);
            }
        }
        let permit = self.shared.stream_permit(StreamKind::ReadEvents)?;
        let shared = Arc::clone(&self.shared);
        tokio::spawn(async move {
            let _permit = permit;
            let mut shutdown = shared.shutdown.clone();
            let reading = Reading {
                shared: &shared,
                meta: &meta,
                viewer,
            };
            let result = if range.backwards {
                reading.backwards::<W>(from, to, &tx, &mut shutdown).await
            } else {
                reading.forwards::<W>(from, to, &tx, &mut shutdown).await
            };
            if let Err(e) = result {
                farewell::<G, W, _>(&tx, StreamKind::ReadEvents, e, &mut shutdown).await;
            }
        });
        Ok(())
    }

    /// Starts a subscription into `tx`: the events after `after`, a caught-up marker, then live events until the
    /// game ends.
    pub async fn subscribe<W: Wire<G>>(
        &self,
        cred: Credential,
        game_id: &str,
        after: u64,
        tx: StreamTx<W::Update, W::Error>,
    ) -> Result<(), EngineError> {
        let (meta, _, _) = self.peek(game_id).await?;
        let seat = seat_of(&meta, cred)?;
        let permit = self.shared.stream_permit(StreamKind::Subscribe)?;
        // Listen before reading the head: every batch appended after this point is in `live`, every one before
        // it is in the store, and the overlap is skipped by version.
        let live = self.live_receiver(game_id);
        let channels = Arc::clone(&self.channels);
        let release = move |live: broadcast::Receiver<Arc<Published<G>>>| {
            drop(live);
            let mut map = lock(&channels);
            if map
                .get(&meta.id)
                .is_some_and(|live| live.tx.receiver_count() == 0)
            {
                map.remove(&meta.id);
            }
        };
        let (meta, head, finished) = match self.peek(game_id).await {
            Ok(peeked) => peeked,
            Err(e) => {
                release(live);
                return Err(e);
            }
        };
        if after > head {
            release(live);
            return Err(EngineError::PastHead(format!(
                "after_version {after} is past the game's head {head}"
            )));
        }
        let shared = Arc::clone(&self.shared);
        tokio::spawn(async move {
            let _permit = permit;
            let mut live = live;
            let mut shutdown = shared.shutdown.clone();
            let start = Start {
                seat,
                after,
                head,
                finished,
            };
            let result =
                run_subscription::<G, W>(&shared, &meta, start, &mut live, &tx, &mut shutdown)
                    .await;
            if let Err(e) = result {
                farewell::<G, W, _>(&tx, StreamKind::Subscribe, e, &mut shutdown).await;
            }
            release(live);
        });
        Ok(())
    }

    /// The record of a finished game; a game in progress keeps its seed, and with it its record, secret.
    pub async fn replay(&self, game_id: &str) -> Result<FinishedGame<G::Command>, EngineError> {
        let (meta, _, finished) = self.peek(game_id).await?;
        let seed = table::revealed_seed(&meta.seed, finished).map_err(EngineError::violation)?;
        Ok(FinishedGame {
            seats: meta.seats.clone(),
            options: meta.options.clone(),
            seed_commitment: meta.commitment.clone(),
            seed: seed.to_hex(),
            commands: self.commands(&meta).await?,
        })
    }

    /// Omniscient views of consecutive events `records` of one game (for the operator's global stream).
    pub async fn omniscient<W: Wire<G>>(
        &self,
        game_id: &str,
        records: Vec<GlobalRecord>,
    ) -> Result<Vec<W::Event>, EngineError> {
        let Some(first) = records.first() else {
            return Ok(Vec::new());
        };
        let (meta, _, _) = self.peek(game_id).await?;
        let mut state = fold_to(&self.shared, &meta, first.version.saturating_sub(1)).await?;
        let mut out = Vec::with_capacity(records.len());
        for record in records {
            let event = decode_event::<G>(game_id, &record.payload)?;
            let at = EventAt {
                version: record.version,
                global: record.global,
                event: table::view_event::<G>(&state, &event, Viewer::Omniscient),
            };
            out.push(W::event(game_id, at));
            state = table::evolve::<G>(state, &event);
        }
        Ok(out)
    }

    fn live_receiver(&self, id: &str) -> broadcast::Receiver<Arc<Published<G>>> {
        let capacity = self.shared.limits.subscriber_buffer.max(1);
        lock(&self.channels)
            .entry(id.to_string())
            .or_insert_with(|| Live {
                tx: broadcast::channel(capacity).0,
                published: 0,
            })
            .tx
            .subscribe()
    }

    /// Hands an appended batch to the game's live subscribers, if it has any: the events past the newest version
    /// already sent to them, if any are.
    pub(super) fn publish(
        &self,
        id: &str,
        first_version: u64,
        first_global: u64,
        events: Vec<TableEvent<G::Event>>,
    ) {
        let records = events
            .into_iter()
            .enumerate()
            .map(|(i, e)| (first_version + i as u64, first_global + i as u64, e));
        self.publish_records(id, records);
    }

    /// The newest version sent to game `id`'s live subscribers, or `None` if it has none.
    pub(super) fn published(&self, id: &str) -> Option<u64> {
        lock(&self.channels).get(id).map(|live| live.published)
    }

    /// Sends `(version, global, event)` records of game `id`, in version order, to its live subscribers,
    /// skipping those already sent.
    pub(super) fn publish_records(
        &self,
        id: &str,
        records: impl IntoIterator<Item = (u64, u64, TableEvent<G::Event>)>,
    ) {
        let mut channels = lock(&self.channels);
        if let Some(live) = channels.get_mut(id) {
            let published = live.published;
            let records: Vec<_> = records
                .into_iter()
                .filter(|(version, _, _)| *version > published)
                .collect();
            let Some((last, _, _)) = records.last() else {
                return;
            };
            live.published = *last;
            // An error only means that nobody listens any more; the last subscriber removes the channel.
            let _ = live.tx.send(Arc::new(Published { records }));
        }
    }
}

/// One stream task's reading of one game, for one viewer.
struct Reading<'a, G: Game> {
    shared: &'a Shared,
    meta: &'a Meta<G>,
    viewer: Viewer,
}

impl<G: StoredGame> Reading<'_, G> {
    async fn forwards<W: Wire<G>>(
        &self,
        from: u64,
        to: u64,
        tx: &StreamTx<W::Event, W::Error>,
        shutdown: &mut watch::Receiver<bool>,
    ) -> Result<(), EngineError> {
        if from > to {
            return Ok(());
        }
        let mut state = fold_to(self.shared, self.meta, from - 1).await?;
        let mut start = from;
        while start <= to {
            let end = to.min(start + READ_CHUNK - 1);
            let (next, items) =
                read_views::<G, W>(self.shared, self.meta, self.viewer, state, start, end).await?;
            state = next;
            for item in items {
                if !send(tx, Ok(item), shutdown).await {
                    return Ok(());
                }
            }
            start = end + 1;
        }
        Ok(())
    }

    /// Backwards in chunks from the end; each chunk starts from the state before it (snapshot plus at most K
    /// folds), so memory stays bounded whatever the range.
    async fn backwards<W: Wire<G>>(
        &self,
        from: u64,
        to: u64,
        tx: &StreamTx<W::Event, W::Error>,
        shutdown: &mut watch::Receiver<bool>,
    ) -> Result<(), EngineError> {
        if from > to {
            return Ok(());
        }
        let mut end = to;
        loop {
            let start = from.max((end + 1).saturating_sub(READ_CHUNK));
            let state = fold_to(self.shared, self.meta, start - 1).await?;
            let (_, items) =
                read_views::<G, W>(self.shared, self.meta, self.viewer, state, start, end).await?;
            for item in items.into_iter().rev() {
                if !send(tx, Ok(item), shutdown).await {
                    return Ok(());
                }
            }
            if start == from {
                return Ok(());
            }
            end = start - 1;
        }
    }
}

/// Where a subscription starts.
struct Start {
    seat: Option<Seat>,
    after: u64,
    head: u64,
    finished: bool,
}

async fn run_subscription<G: StoredGame, W: Wire<G>>(
    shared: &Shared,
    meta: &Meta<G>,
    start: Start,
    live: &mut broadcast::Receiver<Arc<Published<G>>>,
    tx: &StreamTx<W::Update, W::Error>,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<(), EngineError> {
    let viewer = table::viewer(start.seat, start.finished);
    let mut state = fold_to(shared, meta, start.after).await?;
    let mut last = start.after;
    while last < start.head {
        let end = start.head.min(last + READ_CHUNK);
        let (next, items) = read_views::<G, W>(shared, meta, viewer, state, last + 1, end).await?;
        state = next;
        for item in items {
            if !send(tx, Ok(W::update(Update::Event(item))), shutdown).await {
                return Ok(());
            }
        }
        last = end;
    }
    let caught_up = W::update(Update::CaughtUp(last));
    if !send(tx, Ok(caught_up), shutdown).await || start.finished {
        return Ok(());
    }
    let mut stopping = shared.shutdown.clone();
    loop {
        let received = tokio::select! {
            received = live.recv() => received,
            _ = tx.closed() => return Ok(()),
            _ = stopping.wait_for(|stopping| *stopping) => {
                return Err(EngineError::Unavailable("the server is shutting down; subscribe again later".into()))
            }
        };
        let batch = match received {
            Ok(batch) => batch,
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                return Err(EngineError::Overloaded(format!(
                    "this subscriber fell more than {} commands behind ({missed} missed) and was ended; \
                     subscribe again with after_version = {last}",
                    shared.limits.subscriber_buffer
                )))
            }
            Err(broadcast::error::RecvError::Closed) => return Ok(()),
        };
        let ends = batch.records.iter().any(|(_, _, e)| e.ends_game());
        let viewer = table::viewer(start.seat, ends);
        for (version, global, event) in &batch.records {
            if *version <= last {
                continue;
            }
            if *version != last + 1 {
                // On a shared store a batch this server appended can be published before the follower has read
                // back another server's batch before it; the store is the truth, so the gap is read from it.
                let gap_viewer = table::viewer(start.seat, false);
                while last + 1 < *version {
                    let end = (*version - 1).min(last + READ_CHUNK);
                    let (next, items) =
                        read_views::<G, W>(shared, meta, gap_viewer, state, last + 1, end).await?;
                    state = next;
                    for item in items {
                        if !send(tx, Ok(W::update(Update::Event(item))), shutdown).await {
                            return Ok(());
                        }
                    }
                    last = end;
                }
            }
            let at = EventAt {
                version: *version,
                global: *global,
                event: table::view_event::<G>(&state, event, viewer),
            };
            let item = W::update(Update::Event(W::event(&meta.id, at)));
            state = table::evolve::<G>(state, event);
            last = *version;
            if !send(tx, Ok(item), shutdown).await {
                return Ok(());
            }
        }
        if ends {
            return Ok(());
        }
    }
}

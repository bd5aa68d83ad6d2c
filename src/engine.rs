//! The generic game engine: everything the server does with a game, written once over [`ProtoGame`].
//!
//! The flow of a command: authenticate the seat, take the game's lock, decide against the cached head state with
//! the generator derived for this version, fold the events into the head state, append them (and, when the game
//! ends, `SeedRevealed`) with the expected version and a snapshot at every K-th version in the same store batch,
//! put the new head back, publish the batch to the game's subscribers and the new [`Turn`] to the seats of its
//! `Play` sessions that may act, and answer with the events as the caller may see them (and, if asked, the caller's
//! legal actions at the new version).
//!
//! Limits: at most `cached_games` head states stay in memory (least recently used first out; a game in use is
//! never evicted, so its lock is unique); each subscriber has a buffer of `subscriber_buffer` batches and is ended
//! with RESOURCE_EXHAUSTED when it falls further behind; at most `max_subscribers` streams run at once.

use crate::error::ApiError;
use crate::games::{seed_revealed, ProtoGame};
use crate::proto::v1 as pb;
use crate::seed::Seed;
use crate::stored::{self, StoredCommand, StoredEvent, StoredMeta, StoredOptions, StoredSummary};
use hexfold_rules::{Game, Seat, Viewer};
use hexfold_store::{AppendRequest, GlobalRecord, Store, MAX_COMMAND_ID_BYTES};
use rand::{rngs::OsRng, RngCore};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use subtle::ConstantTimeEq;
use tokio::sync::{broadcast, mpsc, watch, OwnedMutexGuard, OwnedSemaphorePermit, Semaphore};
use tonic::Status;

/// A boxed future, so that [`DynGame`] stays object safe.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, ApiError>> + Send + 'a>>;

/// Items of a server stream, as tonic wants them.
pub type StreamTx<T> = mpsc::Sender<Result<T, Status>>;

/// Longest seat name, in bytes.
pub const MAX_SEAT_NAME_BYTES: usize = 64;
/// Events read from the store and projected per step of a range read or a catch-up.
const READ_CHUNK: u64 = 256;

/// Tunables of the engine; see the module docs for what happens at each limit.
#[derive(Clone, Debug)]
pub struct Limits {
    /// A snapshot of the state is stored at every multiple of this version, so any state costs at most this many
    /// folds.
    pub snapshot_every: u64,
    pub cached_games: usize,
    /// Batches (one per command) a subscriber may lag behind before it is ended.
    pub subscriber_buffer: usize,
    pub max_subscribers: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            snapshot_every: 64,
            cached_games: 1024,
            subscriber_buffer: 256,
            max_subscribers: 10_000,
        }
    }
}

/// What every engine shares: the store, the limits, the stream permits and the shutdown signal.
pub struct Shared {
    pub store: Store,
    pub limits: Limits,
    /// One permit per running stream task; shutdown waits until all of them are back.
    pub streams: Arc<Semaphore>,
    /// Turns `true` when the server begins to shut down; stream tasks end on it.
    pub shutdown: watch::Receiver<bool>,
}

impl Shared {
    pub fn stream_permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.streams).try_acquire_owned().map_err(|_| {
            ApiError::ResourceExhausted(format!(
                "the server already runs {} streams; try again later",
                self.limits.max_subscribers
            ))
        })
    }
}

/// Who is calling: the SHA-256 of the bearer token they presented, if any. The token itself is hashed as soon as
/// it is read and never kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    Anonymous,
    Token([u8; 32]),
}

impl Credential {
    pub fn from_token(token: &str) -> Credential {
        Credential::Token(Sha256::digest(token.as_bytes()).into())
    }
}

/// The object-safe face of an [`Engine`], one per game, used by the gRPC service to dispatch.
pub trait DynGame: Send + Sync {
    fn name(&self) -> &'static str;
    fn variant(&self) -> pb::Variant;
    fn create(&self, req: pb::CreateGameRequest) -> BoxFuture<'_, pb::CreateGameResponse>;
    fn submit(
        &self,
        cred: Credential,
        req: pb::SubmitCommandRequest,
    ) -> BoxFuture<'_, pb::SubmitCommandResponse>;
    fn get_state(
        &self,
        cred: Credential,
        req: pb::GetStateRequest,
    ) -> BoxFuture<'_, pb::GetStateResponse>;
    fn legal_actions(
        &self,
        cred: Credential,
        req: pb::LegalActionsRequest,
    ) -> BoxFuture<'_, pb::LegalActionsResponse>;
    fn read_events(
        &self,
        cred: Credential,
        req: pb::ReadEventsRequest,
        tx: StreamTx<pb::EventEnvelope>,
    ) -> BoxFuture<'_, ()>;
    fn subscribe(
        &self,
        cred: Credential,
        req: pb::SubscribeRequest,
        tx: StreamTx<pb::SubscribeResponse>,
    ) -> BoxFuture<'_, ()>;
    fn replay(&self, req: pb::GetReplayRequest) -> BoxFuture<'_, pb::GetReplayResponse>;
    /// Watches where game `game_id` stands, for the seat of `cred` (a seat token is required).
    fn watch_turn(&self, cred: Credential, game_id: String) -> BoxFuture<'_, TurnWatch>;
    /// The summary shown by `ListGames` for a game whose store summary is not written yet (no command so far).
    fn summary_from_meta(&self, game_id: &str, meta: &[u8]) -> Result<pb::GameSummary, ApiError>;
    /// Omniscient views of consecutive events `records` of one game (for the operator's global stream).
    fn omniscient(
        &self,
        game_id: String,
        records: Vec<GlobalRecord>,
    ) -> BoxFuture<'_, Vec<pb::EventEnvelope>>;
}

/// Everything fixed at creation, decoded once per cached game.
struct Meta<G: Game> {
    id: String,
    seats: Vec<String>,
    options: StoredOptions,
    setup: G::Setup,
    token_sha256: Vec<[u8; 32]>,
    seed: Seed,
    commitment: String,
}

/// A game's state at its durable head.
struct Head<G: Game> {
    meta: Arc<Meta<G>>,
    version: u64,
    state: G::State,
}

type Slot<G> = Arc<tokio::sync::Mutex<Option<Head<G>>>>;

/// Least-recently-used map of head states; the slot's mutex is the game's lock.
struct SlotCache<G: Game> {
    map: HashMap<String, (u64, Slot<G>)>,
    tick: u64,
    capacity: usize,
}

/// One command's events, published to the game's live subscribers.
struct Batch<G: Game> {
    records: Vec<(u64, u64, StoredEvent<G::Event>)>,
}

type Channels<G> = Arc<Mutex<HashMap<String, broadcast::Sender<Arc<Batch<G>>>>>>;

/// Where a game stands for one seat, for its `Play` session: the seat's legal actions when it may act, or the end.
/// Server-side only until a session sends its own seat's part: which seats may act can depend on hidden hands (who
/// can answer a trade offer), so a session only ever learns that its own seat may act.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    /// The seat's legal actions (at their version), if it may act.
    pub actions: Option<pb::LegalActionsResponse>,
    pub ended: Option<pb::GameEnded>,
}

/// Per game with a session, one channel per seat: a seat's channel only changes when that seat may act at a new
/// version or the game ends, so a command wakes the sessions that have something to do, not every session. The
/// legal actions are computed by the command's task under the game's lock, so a prompted session does not queue for
/// the lock behind the game's next command to read them.
type Turns = Arc<Mutex<HashMap<String, Arc<[watch::Sender<Turn>]>>>>;

/// A seat's view of its game's [`Turn`], updated whenever the seat may act at a new version or the game ends. The
/// game's channels go away with their last watcher.
pub struct TurnWatch {
    rx: Option<watch::Receiver<Turn>>,
    game_id: String,
    turns: Turns,
}

impl TurnWatch {
    /// The latest turn, marked seen, with its actions only if they are newer than version `told` (a session is
    /// woken after each of its own commands too, and then has nothing to copy).
    pub fn unseen(&mut self, told: Option<u64>) -> Turn {
        let turn = self
            .rx
            .as_mut()
            .expect("present until drop")
            .borrow_and_update();
        Turn {
            actions: turn
                .actions
                .as_ref()
                .filter(|a| told.is_none_or(|t| t < a.version))
                .cloned(),
            ended: turn.ended,
        }
    }

    /// Waits for a turn not seen yet; `false` if the engine has gone.
    pub async fn changed(&mut self) -> bool {
        self.rx
            .as_mut()
            .expect("present until drop")
            .changed()
            .await
            .is_ok()
    }
}

impl Drop for TurnWatch {
    fn drop(&mut self) {
        let mut map = lock(&self.turns);
        drop(self.rx.take());
        if map
            .get(&self.game_id)
            .is_some_and(|seats| seats.iter().all(|tx| tx.receiver_count() == 0))
        {
            map.remove(&self.game_id);
        }
    }
}

pub struct Engine<G: ProtoGame> {
    shared: Arc<Shared>,
    slots: Mutex<SlotCache<G>>,
    channels: Channels<G>,
    turns: Turns,
}

/// Locks a std mutex, recovering from poisoning: the protected maps stay consistent at every await-free step.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn envelope(game_id: &str, version: u64, global: u64, event: pb::Event) -> pb::EventEnvelope {
    pb::EventEnvelope {
        game_id: game_id.to_string(),
        version,
        global_position: global,
        event: Some(event),
    }
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex::encode(buf)
}

fn check_game_id(game_id: &str) -> Result<(), ApiError> {
    if game_id.is_empty() {
        return Err(ApiError::InvalidArgument("game_id is required".into()));
    }
    Ok(())
}

impl<G: ProtoGame> Engine<G> {
    pub fn new(shared: Arc<Shared>) -> Engine<G> {
        let capacity = shared.limits.cached_games.max(1);
        Engine {
            shared,
            slots: Mutex::new(SlotCache {
                map: HashMap::new(),
                tick: 0,
                capacity,
            }),
            channels: Arc::new(Mutex::new(HashMap::new())),
            turns: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    fn store(&self) -> &Store {
        &self.shared.store
    }

    fn slot(&self, id: &str) -> Slot<G> {
        let mut cache = lock(&self.slots);
        cache.tick += 1;
        let tick = cache.tick;
        if let Some((used, slot)) = cache.map.get_mut(id) {
            *used = tick;
            return Arc::clone(slot);
        }
        if cache.map.len() >= cache.capacity {
            // Only slots nobody holds may go: a held slot is somebody's lock, and a second slot for the same game
            // would be a second lock. If every slot is held the cache grows past its capacity for a moment; the
            // concurrency limit bounds how far.
            let victim = cache
                .map
                .iter()
                .filter(|(_, (_, slot))| Arc::strong_count(slot) == 1)
                .min_by_key(|(_, (used, _))| *used)
                .map(|(id, _)| id.clone());
            if let Some(victim) = victim {
                cache.map.remove(&victim);
            }
        }
        let slot: Slot<G> = Arc::new(tokio::sync::Mutex::new(None));
        cache.map.insert(id.to_string(), (tick, Arc::clone(&slot)));
        slot
    }

    /// The game's lock, with its head loaded.
    async fn lock_head(&self, id: &str) -> Result<OwnedMutexGuard<Option<Head<G>>>, ApiError> {
        check_game_id(id)?;
        let mut guard = self.slot(id).lock_owned().await;
        if guard.is_none() {
            *guard = Some(self.load_head(id)?);
        }
        Ok(guard)
    }

    fn load_head(&self, id: &str) -> Result<Head<G>, ApiError> {
        let meta = Arc::new(decode_meta::<G>(id, &self.store().meta(id)?)?);
        let version = self.store().head(id)?;
        let state = fold_to(&self.shared, &meta, version)?;
        Ok(Head {
            meta,
            version,
            state,
        })
    }

    /// The game's meta, head version and whether it is finished, without holding the lock afterwards.
    async fn peek(&self, id: &str) -> Result<(Arc<Meta<G>>, u64, bool), ApiError> {
        let guard = self.lock_head(id).await?;
        let head = guard.as_ref().expect("lock_head loads the head");
        Ok((
            Arc::clone(&head.meta),
            head.version,
            G::outcome(&head.state).is_some(),
        ))
    }

    async fn create_impl(
        &self,
        req: pb::CreateGameRequest,
    ) -> Result<pb::CreateGameResponse, ApiError> {
        if req.seats.is_empty() || req.seats.len() > usize::from(u8::MAX) {
            return Err(ApiError::InvalidArgument(
                "seats must name 1..=255 seats".into(),
            ));
        }
        for name in &req.seats {
            if name.trim().is_empty() || name.len() > MAX_SEAT_NAME_BYTES {
                return Err(ApiError::InvalidArgument(format!(
                    "seat names must be 1..={MAX_SEAT_NAME_BYTES} bytes and not blank"
                )));
            }
        }
        let options = req.options.unwrap_or_default();
        let config = G::config(&options, req.seats.len())?;
        let seed = Seed::generate();
        let setup = G::setup(&config, &mut seed.setup_rng()).map_err(ApiError::invalid_config)?;
        let tokens: Vec<String> = req.seats.iter().map(|_| random_hex(32)).collect();
        let token_sha256: Vec<[u8; 32]> = tokens
            .iter()
            .map(|t| Sha256::digest(t.as_bytes()).into())
            .collect();
        let id = format!("{}-{}", G::NAME, random_hex(16));
        let commitment = seed.commitment();
        let stored_meta = StoredMeta {
            variant: G::NAME.to_string(),
            seats: req.seats.clone(),
            options: StoredOptions::from_proto(&options),
            config,
            setup,
            token_sha256: token_sha256.iter().map(hex::encode).collect(),
            seed: seed.to_hex(),
            seed_commitment: commitment.clone(),
        };
        self.store()
            .create_stream(&id, stored::encode(&stored_meta))
            .await?;
        let meta = Arc::new(Meta::<G> {
            id: id.clone(),
            seats: stored_meta.seats,
            options: stored_meta.options,
            setup: stored_meta.setup,
            token_sha256,
            seed,
            commitment: commitment.clone(),
        });
        let state = G::initial_state(&meta.setup);
        // A fresh id: nobody else can hold this slot yet.
        *self.slot(&id).lock().await = Some(Head {
            meta,
            version: 0,
            state,
        });
        tracing::info!(game_id = %id, variant = G::NAME, seats = req.seats.len(), "game created");
        Ok(pb::CreateGameResponse {
            game_id: id,
            seats: req
                .seats
                .into_iter()
                .zip(tokens)
                .enumerate()
                .map(|(i, (name, token))| pb::SeatToken {
                    seat: i as u32,
                    name,
                    token,
                })
                .collect(),
            seed_commitment: commitment,
        })
    }

    async fn submit_impl(
        &self,
        cred: Credential,
        req: pb::SubmitCommandRequest,
    ) -> Result<pb::SubmitCommandResponse, ApiError> {
        check_game_id(&req.game_id)?;
        if req.command_id.is_empty() || req.command_id.len() > MAX_COMMAND_ID_BYTES {
            return Err(ApiError::InvalidArgument(format!(
                "command_id must be 1..={MAX_COMMAND_ID_BYTES} bytes"
            )));
        }
        let command = req
            .command
            .ok_or_else(|| ApiError::InvalidArgument("command is required".into()))?;
        let command = G::command_from_proto(command)?;
        if cred == Credential::Anonymous {
            return Err(ApiError::Unauthenticated(
                "SubmitCommand needs a seat token in `authorization: Bearer <token>`",
            ));
        }
        let id = req.game_id;
        let mut guard = self.lock_head(&id).await?;
        let head = guard.as_ref().expect("lock_head loads the head");
        let seat =
            seat_of(&head.meta, cred)?.expect("a token credential names a seat or is refused");
        let before = head.version;
        let finished = G::outcome(&head.state).is_some();

        let decided = if let Some(expected) = req.expected_version.filter(|e| *e != before) {
            Err(ApiError::Conflict {
                expected,
                actual: before,
            })
        } else if finished {
            Err(game_finished())
        } else {
            G::decide(
                &head.state,
                seat,
                &command,
                &mut head.meta.seed.command_rng(before),
            )
            .map_err(ApiError::violation)
        };
        let events = match decided {
            Ok(events) => events,
            Err(refusal) => {
                // A retry of a command that was applied is answered with the original result, whatever the
                // game's state has become since.
                let meta = Arc::clone(&head.meta);
                drop(guard);
                return match self.find_command(&id, &req.command_id)? {
                    Some((first, last)) => self.duplicate(&meta, seat, first, last).await,
                    None => Err(refusal),
                };
            }
        };

        // The head leaves its slot while the command is applied: the state evolves in place instead of being
        // cloned for every command, and if anything below fails or is cancelled, the slot stays empty and the
        // next lock reloads the head from the store, so the cache never holds a state the store does not.
        let Head {
            meta,
            version: _,
            state: mut next,
        } = guard.take().expect("lock_head loads the head");
        let mut batch: Vec<StoredEvent<G::Event>> =
            events.into_iter().map(StoredEvent::Game).collect();
        let k = self.shared.limits.snapshot_every.max(1);
        let mut snapshots = Vec::new();
        let mut views = Vec::with_capacity(batch.len() + 1);
        for (i, event) in batch.iter().enumerate() {
            let version = before + 1 + i as u64;
            if let StoredEvent::Game(e) = event {
                views.push(G::event_to_proto(&G::view_event(
                    &next,
                    e,
                    Viewer::Seat(seat),
                )));
                next = G::evolve(next, e);
            }
            if version % k == 0 {
                snapshots.push((version, stored::encode_snapshot(G::STATE_SCHEMA, &next)));
            }
        }
        let outcome = G::outcome(&next);
        if outcome.is_some() {
            // The game ends with this batch: reveal the seed in the same append, and answer with the omniscient
            // views everyone gets from now on. Once per game, so the state before the batch is folded again.
            let seed = meta.seed.to_hex();
            batch.push(StoredEvent::SeedRevealed { seed: seed.clone() });
            let version = before + batch.len() as u64;
            if version % k == 0 {
                snapshots.push((version, stored::encode_snapshot(G::STATE_SCHEMA, &next)));
            }
            views.clear();
            let mut state = fold_to(&self.shared, &meta, before)?;
            for event in &batch {
                if let StoredEvent::Game(e) = event {
                    views.push(G::event_to_proto(&G::view_event(
                        &state,
                        e,
                        Viewer::Omniscient,
                    )));
                    state = G::evolve(state, e);
                }
            }
            views.push(seed_revealed(&seed));
        }
        let last = before + batch.len() as u64;
        let summary = outcome.as_ref().map(|o| StoredSummary {
            variant: G::NAME.to_string(),
            seats: meta.seats.clone(),
            finished: true,
            version: last,
            winner: Some(o.winner.0),
        });
        let request = AppendRequest {
            stream: id.clone(),
            expected_version: Some(before),
            command_id: req.command_id.clone(),
            command: stored::encode(&StoredCommand { seat, command }),
            events: batch.iter().map(stored::encode).collect(),
            // ListGames takes the version from the store's head, so the summary only changes when the game ends.
            summary: summary.as_ref().map(stored::encode),
            snapshots,
        };
        let appended = match self.store().append(request).await {
            Ok(appended) => appended,
            // Whatever happened, the cached head may no longer be the store's: the slot is left empty, so the
            // next lock reloads it.
            Err(e) => return Err(e.into()),
        };
        if appended.duplicate {
            drop(guard);
            return self
                .duplicate(&meta, seat, appended.first_version, appended.last_version)
                .await;
        }
        debug_assert_eq!(appended.last_version, last);
        let legal_actions = (req.with_legal_actions && outcome.is_none())
            .then(|| legal_actions_of::<G>(&next, last, seat))
            .flatten();
        let known = req.with_legal_actions.then_some((seat, &legal_actions));
        self.publish_turn(&id, last, &next, known);
        *guard = Some(Head {
            meta: Arc::clone(&meta),
            version: appended.last_version,
            state: next,
        });
        let events = views
            .into_iter()
            .enumerate()
            .map(|(i, view)| {
                envelope(
                    &id,
                    appended.first_version + i as u64,
                    appended.first_global + i as u64,
                    view,
                )
            })
            .collect();
        self.publish(&id, appended.first_version, appended.first_global, batch);
        drop(guard);
        // Debug, not info: one line per command would cost more than the command at full load.
        tracing::debug!(
            game_id = %id,
            seat = seat.0,
            command_id = %req.command_id,
            version = appended.last_version,
            finished = outcome.is_some(),
            "command accepted"
        );
        if let Some(outcome) = &outcome {
            tracing::info!(game_id = %id, version = appended.last_version, winner = outcome.winner.0, "game finished");
        }
        Ok(pb::SubmitCommandResponse {
            version: appended.last_version,
            events,
            duplicate: false,
            legal_actions,
        })
    }

    /// The versions of the command `command_id` of game `id`, if it was applied.
    fn find_command(&self, id: &str, command_id: &str) -> Result<Option<(u64, u64)>, ApiError> {
        Ok(self
            .store()
            .find_command(id, command_id)?
            .map(|c| (c.first_version, c.last_version)))
    }

    /// The answer to a repeated command id: the original events, as the caller may see them now.
    async fn duplicate(
        &self,
        meta: &Arc<Meta<G>>,
        seat: Seat,
        first: u64,
        last: u64,
    ) -> Result<pb::SubmitCommandResponse, ApiError> {
        let (_, _, finished) = self.peek(&meta.id).await?;
        let viewer = viewer_for(Some(seat), finished);
        let state = fold_to(&self.shared, meta, first.saturating_sub(1))?;
        let (_, events) = project_chunk(&self.shared, meta, viewer, state, first, last)?;
        Ok(pb::SubmitCommandResponse {
            version: last,
            events,
            duplicate: true,
            legal_actions: None,
        })
    }

    /// Tells the game's `Play` sessions, if any, where it stands now. Called under the game's lock, so turns are
    /// published in version order. Only seats with a session get their legal actions computed; `known` is a seat's
    /// list already computed at `version` (the acting seat's, for its answer), used instead of computing it again.
    fn publish_turn(
        &self,
        id: &str,
        version: u64,
        state: &G::State,
        known: Option<(Seat, &Option<pb::LegalActionsResponse>)>,
    ) {
        // Out of the map's lock (shared by every game) before any legal actions are computed.
        let Some(seats) = lock(&self.turns).get(id).cloned() else {
            return;
        };
        if let Some(ended) = ended_at::<G>(version, state) {
            for tx in seats.iter() {
                tx.send_replace(Turn {
                    actions: None,
                    ended: Some(ended),
                });
            }
            return;
        }
        let to_act = G::seats_to_act(state);
        for (i, tx) in seats.iter().enumerate() {
            if tx.receiver_count() == 0 {
                continue;
            }
            let seat = Seat(i as u8);
            let actions = match known {
                Some((k, actions)) if k == seat => actions.clone(),
                _ if to_act.contains(&seat) => legal_actions_of::<G>(state, version, seat),
                _ => None,
            };
            // A seat that may not act is told only if its last turn said it could: an offer it was asked to
            // answer was taken, say. So its session does not prompt with actions that are already stale.
            if actions.is_some() || tx.borrow().actions.is_some() {
                tx.send_replace(Turn {
                    actions,
                    ended: None,
                });
            }
        }
    }

    async fn watch_turn_impl(&self, cred: Credential, id: String) -> Result<TurnWatch, ApiError> {
        if cred == Credential::Anonymous {
            return Err(ApiError::Unauthenticated(
                "Play needs a seat token in `authorization: Bearer <token>`",
            ));
        }
        // Under the game's lock no command can land between reading the head and joining the channel.
        let guard = self.lock_head(&id).await?;
        let head = guard.as_ref().expect("lock_head loads the head");
        let seat =
            seat_of(&head.meta, cred)?.expect("a token credential names a seat or is refused");
        // The seat's channel may have missed turns while it had no watcher (see `publish_turn`): set it to now.
        let now = Turn {
            actions: legal_actions_of::<G>(&head.state, head.version, seat),
            ended: ended_at::<G>(head.version, &head.state),
        };
        let rx = {
            let mut turns = lock(&self.turns);
            let seats = turns.entry(id.clone()).or_insert_with(|| {
                (0..head.meta.seats.len())
                    .map(|_| watch::channel(Turn::default()).0)
                    .collect()
            });
            let tx = &seats[usize::from(seat.0)];
            tx.send_replace(now);
            tx.subscribe()
        };
        Ok(TurnWatch {
            rx: Some(rx),
            game_id: id,
            turns: Arc::clone(&self.turns),
        })
    }

    fn publish(
        &self,
        id: &str,
        first_version: u64,
        first_global: u64,
        events: Vec<StoredEvent<G::Event>>,
    ) {
        let channels = lock(&self.channels);
        if let Some(tx) = channels.get(id) {
            let records = events
                .into_iter()
                .enumerate()
                .map(|(i, e)| (first_version + i as u64, first_global + i as u64, e))
                .collect();
            // An error only means that nobody listens any more; the last subscriber removes the channel.
            let _ = tx.send(Arc::new(Batch { records }));
        }
    }

    async fn get_state_impl(
        &self,
        cred: Credential,
        req: pb::GetStateRequest,
    ) -> Result<pb::GetStateResponse, ApiError> {
        let guard = self.lock_head(&req.game_id).await?;
        let head = guard.as_ref().expect("lock_head loads the head");
        let meta = Arc::clone(&head.meta);
        let seat = seat_of(&meta, cred)?;
        let viewer = viewer_for(seat, G::outcome(&head.state).is_some());
        let summary = summary_of::<G>(&meta, head.version, &head.state);
        let head_version = head.version;
        let at = req.at_version.unwrap_or(head_version);
        if at > head_version {
            return Err(ApiError::OutOfRange(format!(
                "at_version {at} is past the game's head {head_version}"
            )));
        }
        let at_head =
            (at == head_version).then(|| G::state_to_proto(&G::view_state(&head.state, viewer)));
        drop(guard);
        let state = match at_head {
            Some(state) => state,
            None => G::state_to_proto(&G::view_state(&fold_to(&self.shared, &meta, at)?, viewer)),
        };
        Ok(pb::GetStateResponse {
            version: at,
            summary: Some(summary),
            state: Some(state),
            viewer_seat: seat.map(|s| u32::from(s.0)),
        })
    }

    async fn legal_actions_impl(
        &self,
        cred: Credential,
        req: pb::LegalActionsRequest,
    ) -> Result<pb::LegalActionsResponse, ApiError> {
        if cred == Credential::Anonymous {
            return Err(ApiError::Unauthenticated(
                "LegalActions needs a seat token in `authorization: Bearer <token>`",
            ));
        }
        let guard = self.lock_head(&req.game_id).await?;
        let head = guard.as_ref().expect("lock_head loads the head");
        let seat =
            seat_of(&head.meta, cred)?.expect("a token credential names a seat or is refused");
        Ok(
            legal_actions_of::<G>(&head.state, head.version, seat).unwrap_or(
                pb::LegalActionsResponse {
                    version: head.version,
                    seat: u32::from(seat.0),
                    commands: Vec::new(),
                },
            ),
        )
    }

    async fn read_events_impl(
        &self,
        cred: Credential,
        req: pb::ReadEventsRequest,
        tx: StreamTx<pb::EventEnvelope>,
    ) -> Result<(), ApiError> {
        let (meta, head, finished) = self.peek(&req.game_id).await?;
        let viewer = viewer_for(seat_of(&meta, cred)?, finished);
        let mut to = req.to_version.unwrap_or(head);
        if to > head {
            return Err(ApiError::OutOfRange(format!(
                "to_version {to} is past the game's head {head}"
            )));
        }
        let mut from = req.from_version.max(1);
        let limit = u64::from(req.limit);
        if limit > 0 && from <= to {
            if req.backwards {
                from = from.max(to + 1 - limit.min(to));
            } else {
                to = to.min(from + limit - 1);
            }
        }
        let permit = self.shared.stream_permit()?;
        let shared = Arc::clone(&self.shared);
        tokio::spawn(async move {
            let _permit = permit;
            let mut shutdown = shared.shutdown.clone();
            let result = if req.backwards {
                read_backwards(&shared, &meta, viewer, from, to, &tx, &mut shutdown).await
            } else {
                read_forwards(&shared, &meta, viewer, from, to, &tx, &mut shutdown).await
            };
            if let Err(e) = result {
                farewell(&tx, e, &mut shutdown).await;
            }
        });
        Ok(())
    }

    fn live_receiver(&self, id: &str) -> broadcast::Receiver<Arc<Batch<G>>> {
        let capacity = self.shared.limits.subscriber_buffer.max(1);
        lock(&self.channels)
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(capacity).0)
            .subscribe()
    }

    async fn subscribe_impl(
        &self,
        cred: Credential,
        req: pb::SubscribeRequest,
        tx: StreamTx<pb::SubscribeResponse>,
    ) -> Result<(), ApiError> {
        let (meta, _, _) = self.peek(&req.game_id).await?;
        let seat = seat_of(&meta, cred)?;
        let permit = self.shared.stream_permit()?;
        // Listen before reading the head: every batch appended after this point is in `live`, every one before
        // it is in the store, and the overlap is skipped by version.
        let live = self.live_receiver(&req.game_id);
        let channels = Arc::clone(&self.channels);
        let release = move |live: broadcast::Receiver<Arc<Batch<G>>>| {
            drop(live);
            let mut map = lock(&channels);
            if map.get(&meta.id).is_some_and(|tx| tx.receiver_count() == 0) {
                map.remove(&meta.id);
            }
        };
        let (meta, head, finished) = match self.peek(&req.game_id).await {
            Ok(peeked) => peeked,
            Err(e) => {
                release(live);
                return Err(e);
            }
        };
        if req.after_version > head {
            release(live);
            return Err(ApiError::OutOfRange(format!(
                "after_version {} is past the game's head {head}",
                req.after_version
            )));
        }
        let shared = Arc::clone(&self.shared);
        tokio::spawn(async move {
            let _permit = permit;
            let mut live = live;
            let mut shutdown = shared.shutdown.clone();
            let start = Start {
                seat,
                after: req.after_version,
                head,
                finished,
            };
            let result =
                run_subscription(&shared, &meta, start, &mut live, &tx, &mut shutdown).await;
            if let Err(e) = result {
                farewell(&tx, e, &mut shutdown).await;
            }
            release(live);
        });
        Ok(())
    }

    async fn replay_impl(
        &self,
        req: pb::GetReplayRequest,
    ) -> Result<pb::GetReplayResponse, ApiError> {
        let (meta, _, finished) = self.peek(&req.game_id).await?;
        if !finished {
            return Err(ApiError::Precondition {
                reason: "GameNotFinished",
                rule_id: "HEXFOLD-REPLAY-01",
                message: "the seed and the replay are revealed only once the game has ended".into(),
            });
        }
        let commands = self
            .store()
            .commands(&meta.id)?
            .into_iter()
            .map(|c| {
                let stored: StoredCommand<G::Command> =
                    stored::decode("command", &meta.id, &c.command)?;
                Ok(pb::RecordedCommand {
                    command_id: c.command_id,
                    seat: u32::from(stored.seat.0),
                    command: Some(G::command_to_proto(&stored.command)),
                    first_version: c.first_version,
                    last_version: c.last_version,
                })
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        Ok(pb::GetReplayResponse {
            variant: G::VARIANT as i32,
            seats: meta.seats.clone(),
            options: Some(meta.options.to_proto()),
            seed_commitment: meta.commitment.clone(),
            seed: meta.seed.to_hex(),
            commands,
        })
    }

    async fn omniscient_impl(
        &self,
        game_id: String,
        records: Vec<GlobalRecord>,
    ) -> Result<Vec<pb::EventEnvelope>, ApiError> {
        let Some(first) = records.first() else {
            return Ok(Vec::new());
        };
        let (meta, _, _) = self.peek(&game_id).await?;
        let mut state = fold_to(&self.shared, &meta, first.version.saturating_sub(1))?;
        let mut out = Vec::with_capacity(records.len());
        for record in records {
            let event = decode_event::<G>(&game_id, &record.payload)?;
            out.push(envelope(
                &game_id,
                record.version,
                record.global,
                view_stored::<G>(&state, &event, Viewer::Omniscient),
            ));
            state = apply::<G>(state, &event);
        }
        Ok(out)
    }
}

impl<G: ProtoGame> DynGame for Engine<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn variant(&self) -> pb::Variant {
        G::VARIANT
    }

    fn create(&self, req: pb::CreateGameRequest) -> BoxFuture<'_, pb::CreateGameResponse> {
        Box::pin(self.create_impl(req))
    }

    fn submit(
        &self,
        cred: Credential,
        req: pb::SubmitCommandRequest,
    ) -> BoxFuture<'_, pb::SubmitCommandResponse> {
        Box::pin(self.submit_impl(cred, req))
    }

    fn get_state(
        &self,
        cred: Credential,
        req: pb::GetStateRequest,
    ) -> BoxFuture<'_, pb::GetStateResponse> {
        Box::pin(self.get_state_impl(cred, req))
    }

    fn legal_actions(
        &self,
        cred: Credential,
        req: pb::LegalActionsRequest,
    ) -> BoxFuture<'_, pb::LegalActionsResponse> {
        Box::pin(self.legal_actions_impl(cred, req))
    }

    fn read_events(
        &self,
        cred: Credential,
        req: pb::ReadEventsRequest,
        tx: StreamTx<pb::EventEnvelope>,
    ) -> BoxFuture<'_, ()> {
        Box::pin(self.read_events_impl(cred, req, tx))
    }

    fn subscribe(
        &self,
        cred: Credential,
        req: pb::SubscribeRequest,
        tx: StreamTx<pb::SubscribeResponse>,
    ) -> BoxFuture<'_, ()> {
        Box::pin(self.subscribe_impl(cred, req, tx))
    }

    fn replay(&self, req: pb::GetReplayRequest) -> BoxFuture<'_, pb::GetReplayResponse> {
        Box::pin(self.replay_impl(req))
    }

    fn watch_turn(&self, cred: Credential, game_id: String) -> BoxFuture<'_, TurnWatch> {
        Box::pin(self.watch_turn_impl(cred, game_id))
    }

    fn summary_from_meta(&self, game_id: &str, meta: &[u8]) -> Result<pb::GameSummary, ApiError> {
        let head: stored::StoredMetaHead = stored::decode("meta", game_id, meta)?;
        Ok(pb::GameSummary {
            game_id: game_id.to_string(),
            variant: G::VARIANT as i32,
            seats: head.seats,
            status: pb::GameStatus::InProgress as i32,
            version: 0,
            winner: None,
        })
    }

    fn omniscient(
        &self,
        game_id: String,
        records: Vec<GlobalRecord>,
    ) -> BoxFuture<'_, Vec<pb::EventEnvelope>> {
        Box::pin(self.omniscient_impl(game_id, records))
    }
}

fn game_finished() -> ApiError {
    ApiError::Precondition {
        reason: "GameFinished",
        rule_id: "HEXFOLD-GAME-01",
        message: "the game has ended and accepts no more commands".into(),
    }
}

/// The seat whose token the caller presented. An anonymous caller has none; a token that is not one of this
/// game's is refused rather than downgraded to a spectator, so a mistyped token is noticed. The hashes are
/// compared in constant time.
fn seat_of<G: Game>(meta: &Meta<G>, cred: Credential) -> Result<Option<Seat>, ApiError> {
    match cred {
        Credential::Anonymous => Ok(None),
        Credential::Token(hash) => {
            let mut found = None;
            for (i, stored) in meta.token_sha256.iter().enumerate() {
                if bool::from(hash.ct_eq(stored)) {
                    found = Some(Seat(i as u8));
                }
            }
            found.map(Some).ok_or(ApiError::Unauthenticated(
                "the token is not a seat token of this game",
            ))
        }
    }
}

/// Once a game has ended its seed is revealed, so every hidden fact is derivable: everyone sees everything.
fn viewer_for(seat: Option<Seat>, finished: bool) -> Viewer {
    match (finished, seat) {
        (true, _) => Viewer::Omniscient,
        (false, Some(seat)) => Viewer::Seat(seat),
        (false, None) => Viewer::Spectator,
    }
}

/// `seat`'s legal actions in `state` (at `version`), or `None` when it may not act (or the game is over).
fn legal_actions_of<G: ProtoGame>(
    state: &G::State,
    version: u64,
    seat: Seat,
) -> Option<pb::LegalActionsResponse> {
    if G::outcome(state).is_some() {
        return None;
    }
    let commands: Vec<pb::Command> = G::legal_actions(state, seat)
        .iter()
        .map(G::command_to_proto)
        .collect();
    (!commands.is_empty()).then(|| pb::LegalActionsResponse {
        version,
        seat: u32::from(seat.0),
        commands,
    })
}

/// The end of the game, if `state` is finished.
fn ended_at<G: ProtoGame>(version: u64, state: &G::State) -> Option<pb::GameEnded> {
    G::outcome(state).map(|outcome| pb::GameEnded {
        version,
        winner: Some(u32::from(outcome.winner.0)),
    })
}

fn summary_of<G: ProtoGame>(meta: &Meta<G>, version: u64, state: &G::State) -> pb::GameSummary {
    let outcome = G::outcome(state);
    pb::GameSummary {
        game_id: meta.id.clone(),
        variant: G::VARIANT as i32,
        seats: meta.seats.clone(),
        status: if outcome.is_some() {
            pb::GameStatus::Finished
        } else {
            pb::GameStatus::InProgress
        } as i32,
        version,
        winner: outcome.map(|o| u32::from(o.winner.0)),
    }
}

fn decode_meta<G: ProtoGame>(id: &str, bytes: &[u8]) -> Result<Meta<G>, ApiError> {
    let m: StoredMeta<G::Config, G::Setup> = stored::decode("meta", id, bytes)?;
    let bad = |what: &str| ApiError::DataLoss(format!("stored meta of game {id}: {what}"));
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
    Ok(Meta {
        id: id.to_string(),
        seats: m.seats,
        options: m.options,
        setup: m.setup,
        token_sha256,
        seed,
        commitment: m.seed_commitment,
    })
}

fn decode_event<G: Game>(id: &str, bytes: &[u8]) -> Result<StoredEvent<G::Event>, ApiError> {
    stored::decode("event", id, bytes)
}

fn apply<G: Game>(state: G::State, event: &StoredEvent<G::Event>) -> G::State {
    match event {
        StoredEvent::Game(e) => G::evolve(state, e),
        StoredEvent::SeedRevealed { .. } => state,
    }
}

fn view_stored<G: ProtoGame>(
    state: &G::State,
    event: &StoredEvent<G::Event>,
    viewer: Viewer,
) -> pb::Event {
    match event {
        StoredEvent::Game(e) => G::event_to_proto(&G::view_event(state, e, viewer)),
        StoredEvent::SeedRevealed { seed } => seed_revealed(seed),
    }
}

/// The state at `target` (which must be at or before the durable head): the newest snapshot at or before it, then
/// at most `snapshot_every` folds.
fn fold_to<G: ProtoGame>(
    shared: &Shared,
    meta: &Meta<G>,
    target: u64,
) -> Result<G::State, ApiError> {
    // Snapshots are derivable from the events, so one that cannot be used costs time, not data. The fold from
    // the start then rewrites every snapshot it passes, so the next read is bounded again.
    let (mut version, mut state, rewrite) = match shared
        .store
        .snapshot_at_or_before(&meta.id, target)?
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
    let k = shared.limits.snapshot_every.max(1);
    while version < target {
        let to = target.min(version + READ_CHUNK);
        for record in shared.store.read(&meta.id, version + 1, to)? {
            if record.version != version + 1 {
                break;
            }
            state = apply::<G>(state, &decode_event::<G>(&meta.id, &record.payload)?);
            version += 1;
            if rewrite && version % k == 0 {
                let bytes = stored::encode_snapshot(G::STATE_SCHEMA, &state);
                if let Err(e) = shared.store.put_snapshot(&meta.id, version, bytes) {
                    tracing::warn!(game_id = %meta.id, version, error = %e, "could not rewrite a snapshot");
                }
            }
        }
        if version < to {
            return Err(ApiError::DataLoss(format!(
                "game {}: event {} is missing from the log",
                meta.id,
                version + 1
            )));
        }
    }
    Ok(state)
}

/// Views of events `from..=to` (a bounded range) folded from `state` (the state at `from - 1`), and the state at
/// `to`.
fn project_chunk<G: ProtoGame>(
    shared: &Shared,
    meta: &Meta<G>,
    viewer: Viewer,
    mut state: G::State,
    from: u64,
    to: u64,
) -> Result<(G::State, Vec<pb::EventEnvelope>), ApiError> {
    let records = shared.store.read(&meta.id, from, to)?;
    let mut out = Vec::with_capacity(records.len());
    let mut expected = from;
    for record in records {
        if record.version != expected {
            break;
        }
        let event = decode_event::<G>(&meta.id, &record.payload)?;
        out.push(envelope(
            &meta.id,
            record.version,
            record.global,
            view_stored::<G>(&state, &event, viewer),
        ));
        state = apply::<G>(state, &event);
        expected += 1;
    }
    if from <= to && expected != to + 1 {
        return Err(ApiError::DataLoss(format!(
            "game {}: event {expected} is missing from the log",
            meta.id
        )));
    }
    Ok((state, out))
}

/// Sends one stream item; `false` when the client has gone or the server is shutting down.
pub(crate) async fn send<T>(
    tx: &StreamTx<T>,
    item: Result<T, Status>,
    shutdown: &mut watch::Receiver<bool>,
) -> bool {
    tokio::select! {
        sent = tx.send(item) => sent.is_ok(),
        _ = shutdown.wait_for(|stopping| *stopping) => false,
    }
}

/// Ends a stream with an error status. While shutting down it is delivered only if there is room at once (the
/// client may be the reason the stream is stuck); otherwise it waits for room like any item.
async fn farewell<T>(tx: &StreamTx<T>, error: ApiError, shutdown: &mut watch::Receiver<bool>) {
    if *shutdown.borrow() {
        let _ = tx.try_send(Err(error.into_status()));
    } else {
        send(tx, Err(error.into_status()), shutdown).await;
    }
}

async fn read_forwards<G: ProtoGame>(
    shared: &Shared,
    meta: &Meta<G>,
    viewer: Viewer,
    from: u64,
    to: u64,
    tx: &StreamTx<pb::EventEnvelope>,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<(), ApiError> {
    if from > to {
        return Ok(());
    }
    let mut state = fold_to(shared, meta, from - 1)?;
    let mut start = from;
    while start <= to {
        let end = to.min(start + READ_CHUNK - 1);
        let (next, items) = project_chunk(shared, meta, viewer, state, start, end)?;
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

/// Backwards in chunks from the end; each chunk starts from the state before it (snapshot plus at most K folds),
/// so memory stays bounded whatever the range.
async fn read_backwards<G: ProtoGame>(
    shared: &Shared,
    meta: &Meta<G>,
    viewer: Viewer,
    from: u64,
    to: u64,
    tx: &StreamTx<pb::EventEnvelope>,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<(), ApiError> {
    if from > to {
        return Ok(());
    }
    let mut end = to;
    loop {
        let start = from.max((end + 1).saturating_sub(READ_CHUNK));
        let state = fold_to(shared, meta, start - 1)?;
        let (_, items) = project_chunk(shared, meta, viewer, state, start, end)?;
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

/// Where a subscription starts.
struct Start {
    seat: Option<Seat>,
    after: u64,
    head: u64,
    finished: bool,
}

async fn run_subscription<G: ProtoGame>(
    shared: &Shared,
    meta: &Meta<G>,
    start: Start,
    live: &mut broadcast::Receiver<Arc<Batch<G>>>,
    tx: &StreamTx<pb::SubscribeResponse>,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<(), ApiError> {
    use pb::subscribe_response::Item;
    let viewer = viewer_for(start.seat, start.finished);
    let mut state = fold_to(shared, meta, start.after)?;
    let mut last = start.after;
    while last < start.head {
        let end = start.head.min(last + READ_CHUNK);
        let (next, items) = project_chunk(shared, meta, viewer, state, last + 1, end)?;
        state = next;
        for item in items {
            let item = pb::SubscribeResponse {
                item: Some(Item::Event(item)),
            };
            if !send(tx, Ok(item), shutdown).await {
                return Ok(());
            }
        }
        last = end;
    }
    let caught_up = pb::SubscribeResponse {
        item: Some(Item::CaughtUp(pb::CaughtUp { version: last })),
    };
    if !send(tx, Ok(caught_up), shutdown).await || start.finished {
        return Ok(());
    }
    let mut stopping = shared.shutdown.clone();
    loop {
        let received = tokio::select! {
            received = live.recv() => received,
            _ = tx.closed() => return Ok(()),
            _ = stopping.wait_for(|stopping| *stopping) => {
                return Err(ApiError::Unavailable("the server is shutting down; subscribe again later".into()))
            }
        };
        let batch = match received {
            Ok(batch) => batch,
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                return Err(ApiError::ResourceExhausted(format!(
                    "this subscriber fell more than {} commands behind ({missed} missed) and was ended; \
                     subscribe again with after_version = {last}",
                    shared.limits.subscriber_buffer
                )))
            }
            Err(broadcast::error::RecvError::Closed) => return Ok(()),
        };
        let ends = batch
            .records
            .iter()
            .any(|(_, _, e)| matches!(e, StoredEvent::SeedRevealed { .. }));
        let viewer = viewer_for(start.seat, ends);
        for (version, global, event) in &batch.records {
            if *version <= last {
                continue;
            }
            if *version != last + 1 {
                return Err(ApiError::Internal(format!(
                    "the live stream jumped from version {last} to {version}"
                )));
            }
            let item = pb::SubscribeResponse {
                item: Some(Item::Event(envelope(
                    &meta.id,
                    *version,
                    *global,
                    view_stored::<G>(&state, event, viewer),
                ))),
            };
            state = apply::<G>(state, event);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::v1::catan as c;
    use hexfold_rules::catan::Catan;
    use hexfold_store::StoreConfig;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn is(command: &pb::Command, kind: fn(&c::command::Command) -> bool) -> bool {
        matches!(&command.game, Some(pb::command::Game::Catan(c::Command { command: Some(k) })) if kind(k))
    }

    fn is_response(command: &pb::Command) -> bool {
        use c::command::Command as K;
        is(command, |k| {
            matches!(
                k,
                K::AcceptTrade(_) | K::RejectTrade(_) | K::CounterOffer(_)
            )
        })
    }

    fn is_accept(command: &pb::Command) -> bool {
        is(command, |k| {
            matches!(k, c::command::Command::AcceptTrade(_))
        })
    }

    /// An engine for base Catan over a store in `dir`, and a new four-seat game: its id and the seats'
    /// credentials.
    async fn catan_game(dir: &std::path::Path) -> (Engine<Catan>, String, Vec<Credential>) {
        let store = Store::open(
            dir,
            StoreConfig {
                durability: hexfold_store::Durability::Flush,
            },
        )
        .unwrap();
        // The shutdown signal's sender goes at once: only stream tasks watch it, and these tests open none.
        let (_, shutdown) = watch::channel(false);
        let engine = Engine::<Catan>::new(Arc::new(Shared {
            store,
            limits: Limits::default(),
            streams: Arc::new(Semaphore::new(16)),
            shutdown,
        }));
        let created = engine
            .create(pb::CreateGameRequest {
                variant: pb::Variant::Catan.into(),
                seats: ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect(),
                options: None,
            })
            .await
            .unwrap();
        let creds = created
            .seats
            .iter()
            .map(|s| Credential::from_token(&s.token))
            .collect();
        (engine, created.game_id, creds)
    }

    /// Every seat asked to answer a trade offer has a turn with actions; once one of them takes the offer, the
    /// others' turns must say they may not act, or a session that had not yet sent its prompt would send a stale
    /// one (see `publish_turn`). Plays a seeded random game over the engine (real store in a temporary directory)
    /// until such an offer is taken.
    #[tokio::test]
    async fn the_prompts_of_an_offer_taken_by_another_seat_are_withdrawn() {
        let dir = tempfile::tempdir().unwrap();
        let (engine, id, creds) = catan_game(dir.path()).await;
        let mut watches = Vec::new();
        for cred in &creds {
            watches.push(engine.watch_turn(*cred, id.clone()).await.unwrap());
        }
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for step in 0..20_000 {
            let turns: Vec<Turn> = watches.iter_mut().map(|w| w.unseen(None)).collect();
            assert!(
                turns[0].ended.is_none(),
                "the game ended before an offer was taken"
            );
            let responders: Vec<usize> = (0..turns.len())
                .filter(|&s| {
                    turns[s]
                        .actions
                        .as_ref()
                        .is_some_and(|a| a.commands.iter().any(is_response))
                })
                .collect();
            let taker = responders.iter().copied().find(|&s| {
                let actions = turns[s].actions.as_ref().unwrap();
                actions.commands.iter().any(is_accept)
            });
            let (seat, command) = match taker {
                Some(taker) if responders.len() >= 2 => {
                    let accept = turns[taker]
                        .actions
                        .as_ref()
                        .unwrap()
                        .commands
                        .iter()
                        .find(|cmd| is_accept(cmd))
                        .unwrap()
                        .clone();
                    (taker, accept)
                }
                _ => {
                    // Any seat that may act, any of its actions; an active seat that may offer a trade does so
                    // half of the time, and nobody answers an offer before it can be taken.
                    let acting: Vec<usize> = (0..turns.len())
                        .filter(|&s| turns[s].actions.is_some() && !responders.contains(&s))
                        .collect();
                    let seat = acting[rng.gen_range(0..acting.len())];
                    let commands = &turns[seat].actions.as_ref().unwrap().commands;
                    let offers: Vec<&pb::Command> = commands
                        .iter()
                        .filter(|cmd| is(cmd, |k| matches!(k, c::command::Command::OfferTrade(_))))
                        .collect();
                    let command = if !offers.is_empty() && rng.gen_bool(0.5) {
                        offers[rng.gen_range(0..offers.len())].clone()
                    } else {
                        commands[rng.gen_range(0..commands.len())].clone()
                    };
                    (seat, command)
                }
            };
            let is_take = taker == Some(seat) && responders.len() >= 2;
            let accepted = engine
                .submit(
                    creds[seat],
                    pb::SubmitCommandRequest {
                        game_id: id.clone(),
                        command_id: format!("c{step}"),
                        expected_version: None,
                        command: Some(command),
                        with_legal_actions: false,
                    },
                )
                .await
                .unwrap();
            if is_take {
                assert!(accepted.events.iter().any(|e| matches!(
                    e.event.as_ref().and_then(|e| e.body.as_ref()),
                    Some(pb::event::Body::Catan(c::Event {
                        event: Some(c::event::Event::TradeCompleted(_))
                    }))
                )));
                for &other in responders.iter().filter(|&&s| s != seat) {
                    let turn = watches[other].unseen(None);
                    assert!(
                        turn.actions.is_none(),
                        "seat {other} may still answer an offer seat {seat} took: {:?}",
                        turn.actions
                    );
                }
                return;
            }
        }
        panic!("no offer was taken in 20 000 commands");
    }

    /// A snapshot written by a build whose state had another schema (here: one from before schemas were
    /// recorded, holding a wrong state) is not trusted: the state is folded from the events, and the snapshot is
    /// rewritten in the current schema.
    #[tokio::test]
    async fn a_snapshot_of_another_schema_is_folded_again_and_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let (engine, id, creds) = catan_game(dir.path()).await;
        let k = engine.shared.limits.snapshot_every;
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut version = 0;
        while version < k + 5 {
            let mut submitted = false;
            for cred in &creds {
                let Ok(legal) = engine
                    .legal_actions(
                        *cred,
                        pb::LegalActionsRequest {
                            game_id: id.clone(),
                        },
                    )
                    .await
                else {
                    continue;
                };
                if legal.commands.is_empty() {
                    continue;
                }
                let command = legal.commands[rng.gen_range(0..legal.commands.len())].clone();
                let accepted = engine
                    .submit(
                        *cred,
                        pb::SubmitCommandRequest {
                            game_id: id.clone(),
                            command_id: format!("c{version}"),
                            expected_version: Some(legal.version),
                            command: Some(command),
                            with_legal_actions: false,
                        },
                    )
                    .await
                    .unwrap();
                version = accepted.version;
                submitted = true;
                break;
            }
            assert!(submitted, "no seat could act at version {version}");
        }
        let at = |v: u64| pb::GetStateRequest {
            game_id: id.clone(),
            at_version: Some(v),
        };
        let expected = engine
            .get_state(Credential::Anonymous, at(k))
            .await
            .unwrap();
        let shared = Arc::clone(&engine.shared);
        let meta = engine
            .lock_head(&id)
            .await
            .unwrap()
            .as_ref()
            .unwrap()
            .meta
            .clone();
        let wrong = stored::encode(&Catan::initial_state(&meta.setup));
        shared.store.put_snapshot(&id, k, wrong).unwrap();

        let fresh = Engine::<Catan>::new(Arc::clone(&shared));
        let got = fresh.get_state(Credential::Anonymous, at(k)).await.unwrap();
        assert_eq!(got, expected);
        let (written_at, bytes) = shared.store.snapshot_at_or_before(&id, k).unwrap().unwrap();
        assert_eq!(written_at, k);
        let rewritten: Option<hexfold_rules::catan::State> =
            stored::decode_snapshot(&id, Catan::STATE_SCHEMA, &bytes).unwrap();
        assert!(rewritten.is_some(), "the stale snapshot was not rewritten");
    }
}

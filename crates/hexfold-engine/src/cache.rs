//! The head-state cache and the game locks: each cached game has a slot whose mutex is the game's lock, holding its
//! state at the durable head; at most `cached_games` slots stay, least recently used first out.

use super::clock::Timer;
use super::Engine;
use crate::stored::{StoredClock, StoredGame, StoredOptions};
use crate::EngineError;
use hexfold_rules::bot::Player;
use hexfold_rules::Game;
use hexfold_table::Seed;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::OwnedMutexGuard;

/// Everything fixed at creation, decoded once per cached game.
pub(super) struct Meta<G: Game> {
    pub(super) id: String,
    pub(super) seats: Vec<String>,
    pub(super) options: StoredOptions,
    pub(super) setup: G::Setup,
    pub(super) token_sha256: Vec<[u8; 32]>,
    pub(super) seed: Seed,
    pub(super) commitment: String,
    /// Per seat, the player (strategy or expert) the server plays it with if it is a bot seat (empty for a game without bots).
    pub(super) bots: Vec<Option<Player>>,
    /// The turn timer, if the game was created with one.
    pub(super) timer: Option<Timer>,
    /// When a timed game was created: where its first waits begin.
    pub(super) created_ms: Option<u64>,
}

/// A game's state at its durable head.
pub(super) struct Head<G: Game> {
    pub(super) meta: Arc<Meta<G>>,
    pub(super) version: u64,
    pub(super) state: G::State,
    /// The seats' turn-timer clocks at `version`, in a game with a timer (see `timers`).
    pub(super) clock: Option<StoredClock>,
}

pub(super) type Slot<G> = Arc<tokio::sync::Mutex<Option<Head<G>>>>;

/// The game's lock with its head. The head leaves the slot while a command is applied (see `Engine::submit`), so
/// an empty slot under the lock means "reload from the store".
pub(super) type HeadGuard<G> = OwnedMutexGuard<Option<Head<G>>>;

/// Least-recently-used map of head states; the slot's mutex is the game's lock.
pub(super) struct SlotCache<G: Game> {
    map: HashMap<String, (u64, Slot<G>)>,
    tick: u64,
    capacity: usize,
}

impl<G: Game> SlotCache<G> {
    pub(super) fn new(capacity: usize) -> SlotCache<G> {
        SlotCache {
            map: HashMap::new(),
            tick: 0,
            capacity,
        }
    }
}

/// Longest game id accepted, in bytes. Ids the server makes are `<game name>-<32 hex digits>`, at most 47 bytes;
/// a longer one cannot name a game, so it is refused before anything looks it up.
pub const MAX_GAME_ID_BYTES: usize = 64;

/// A game id as a request may name it: present and at most [`MAX_GAME_ID_BYTES`] (malformed otherwise).
pub fn check_game_id(game_id: &str) -> Result<(), EngineError> {
    if game_id.is_empty() {
        return Err(EngineError::Malformed("game_id is required".into()));
    }
    if game_id.len() > MAX_GAME_ID_BYTES {
        return Err(EngineError::Malformed(format!(
            "game_id must be at most {MAX_GAME_ID_BYTES} bytes"
        )));
    }
    Ok(())
}

impl<G: StoredGame> Engine<G> {
    fn slot(&self, id: &str) -> Slot<G> {
        let mut cache = super::lock(&self.slots);
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
        self.metrics.cached_games(cache.map.len());
        slot
    }

    /// The game's slot if it is cached, without making it more recently used or caching it.
    pub(super) fn cached_slot(&self, id: &str) -> Option<Slot<G>> {
        super::lock(&self.slots)
            .map
            .get(id)
            .map(|(_, slot)| Arc::clone(slot))
    }

    /// Caches the head of a game just created. Its id is fresh: nobody else can hold its slot yet.
    pub(super) async fn insert_head(&self, head: Head<G>) {
        let slot = self.slot(&head.meta.id);
        *slot.lock().await = Some(head);
    }

    /// How many games have a slot in the cache (held or not).
    #[cfg(test)]
    pub(super) fn cached_games(&self) -> usize {
        super::lock(&self.slots).map.len()
    }

    /// The game's lock, with its head loaded. A game that is not cached is looked up in the store before it gets
    /// a slot, so an id the store does not know is an unknown game without leaving an entry behind or evicting a game
    /// that is cached.
    pub(super) async fn lock_head(&self, id: &str) -> Result<HeadGuard<G>, EngineError> {
        check_game_id(id)?;
        // The meta is fixed at creation, so reading it before the lock cannot go stale; the head version is read
        // under the lock.
        let meta = match self.cached_slot(id) {
            Some(_) => None,
            None => Some(self.load_meta(id).await?),
        };
        let mut guard = self.slot(id).lock_owned().await;
        if guard.is_none() {
            self.metrics.cache_miss();
            *guard = Some(match meta {
                Some(meta) => self.load_head_of(meta).await?,
                None => self.load_head(id).await?,
            });
        }
        Ok(guard)
    }

    /// The game's meta, head version and whether it is finished, without holding the lock afterwards.
    pub(super) async fn peek(&self, id: &str) -> Result<(Arc<Meta<G>>, u64, bool), EngineError> {
        let guard = self.lock_head(id).await?;
        let head = head(&guard);
        Ok((
            Arc::clone(&head.meta),
            head.version,
            G::outcome(&head.state).is_some(),
        ))
    }
}

/// The head under a lock that `lock_head` returned.
pub(super) fn head<G: Game>(guard: &HeadGuard<G>) -> &Head<G> {
    guard.as_ref().expect("lock_head loads the head")
}

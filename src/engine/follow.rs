//! Following other servers on a shared store: the batches another server appended reach this one's cache, its
//! `Play` sessions and its subscribers.
//!
//! The server's follower (`service::Follower`) reads the global order from the store, woken by
//! `watch_position`, and hands each run of consecutive events of one game to that game's engine here. The store
//! is the truth and the wake-up only says when to read, so a lost notification delays an event and never loses
//! it. This server's own batches come back this way too and change nothing: its command path published them
//! already and its cached head is past them.
//!
//! A cached head that is behind is brought forward by folding the run into it (or reloaded from the store if the
//! follower missed versions), so this server decides the next command on the newest state it can know. That is an
//! optimisation, not what makes a decision safe: a command decided on a head another server has moved past fails
//! its append's expected version and is decided again on the reloaded head (see `command.rs`).

use super::storage::decode_event;
use super::Engine;
use crate::error::ApiError;
use crate::stored::StoredGame;
use hexfold_rules::Game;
use hexfold_store::GlobalRecord;
use hexfold_table::{self as table, TableEvent};

impl<G: StoredGame> Engine<G> {
    /// Takes in `records`, consecutive events of game `id` in version order, as read from the global order: sends
    /// the ones its subscribers have not had, folds the ones its cached head lacks into it, and tells its `Play`
    /// sessions where it stands now. A game nobody here watches and that is not cached costs nothing.
    pub async fn follow(&self, id: &str, records: Vec<GlobalRecord>) -> Result<(), ApiError> {
        let Some(last) = records.last().map(|r| r.version) else {
            return Ok(());
        };
        // The head first, then the subscribers: a subscriber that has an event can then read this server's state
        // and legal actions at it.
        let forward = self.bring_forward(id, &records, last).await;
        if let Some(published) = self.published(id).filter(|p| *p < last) {
            self.publish_records(id, decoded::<G>(id, &records, published)?);
        }
        forward
    }

    /// Folds `records` (ending at version `last`) into the game's head if it is cached and behind, and tells its
    /// `Play` sessions.
    async fn bring_forward(
        &self,
        id: &str,
        records: &[GlobalRecord],
        last: u64,
    ) -> Result<(), ApiError> {
        let watched = super::lock(&self.turns).contains_key(id);
        // A game with `Play` sessions is loaded if it was evicted, since they wait for its turns; any other game
        // is only brought forward if it is cached: the next use of one that is not loads it from the store.
        let mut guard = if watched {
            self.lock_head(id).await?
        } else {
            let Some(slot) = self.cached_slot(id) else {
                return Ok(());
            };
            let guard = slot.lock_owned().await;
            if guard.is_none() {
                return Ok(());
            }
            guard
        };
        // Out of the slot while it changes: if decoding or reloading fails, the next use reloads.
        let mut head = guard.take().expect("a loaded head");
        if head.version >= last {
            *guard = Some(head);
            return Ok(());
        }
        if records.iter().any(|r| r.version == head.version + 1) {
            for (_, _, event) in decoded::<G>(id, records, head.version)? {
                head.state = table::evolve::<G>(head.state, &event);
            }
            head.version = last;
        } else {
            // Versions between the head and this run were missed: the store has them.
            head = self.load_head(id).await?;
        }
        self.publish_turn(id, head.version, &head.state, None);
        *guard = Some(head);
        Ok(())
    }
}

/// One event with its version and global position, as the live channels carry it.
type Record<G> = (u64, u64, TableEvent<<G as Game>::Event>);

/// The events of `records` past version `from`, decoded, with their versions and global positions.
fn decoded<G: StoredGame>(
    id: &str,
    records: &[GlobalRecord],
    from: u64,
) -> Result<Vec<Record<G>>, ApiError> {
    records
        .iter()
        .filter(|r| r.version > from)
        .map(|r| Ok((r.version, r.global, decode_event::<G>(id, &r.payload)?)))
        .collect()
}

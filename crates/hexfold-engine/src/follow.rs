//! Following other servers on a shared store: the batches another server appended reach this one's cache, its
//! `Play` sessions and its subscribers.
//!
//! The server's follower (`service::Follower`) reads the global order's index from the store (positions, games
//! and versions, no payloads), woken by `watch_position`, and hands each run of consecutive events of one game to
//! that game's engine here, which reads the run's events only if somebody here watches the game: most of what
//! a server follows is other servers' games that it neither caches nor streams. The store is the truth and the
//! wake-up only says when to read, so a lost notification delays an event and never loses it. This server's own
//! batches come back this way too and change nothing: its command path has folded them into the head and
//! published them under the game's lock. So the command path notes the global positions it
//! appended ([`Own`]), and the follower passes a run of them over at once, without the game's lock (which the
//! game's next command may hold for a whole append) and without decoding it.
//!
//! A cached head of a watched game that is behind is brought forward by folding the run into it (or reloaded from
//! the store if the follower missed versions), and one of a game nobody here watches is dropped, to be loaded on
//! its next use, so this server decides the next command on the newest state it can know. That is an
//! optimisation, not what makes a decision safe: a command decided on a head another server has moved past fails
//! its append's expected version and is decided again on the reloaded head (see `command.rs`).

use super::storage::decode_event;
use super::Engine;
use crate::stored::StoredGame;
use crate::EngineError;
use hexfold_rules::Game;
use hexfold_store::{GlobalEntry, GlobalRecord};
use hexfold_table::{self as table, TableEvent};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The most ranges [`Own`] keeps; past it the oldest go, and the follower takes their runs in the slow way,
/// which is only slower.
const MAX_OWN_RANGES: usize = 65_536;

/// Global positions this engine's command path appended that the follower has not passed yet: first position
/// to last, per append. Kept only on a shared store (where the follower runs), bounded by [`MAX_OWN_RANGES`].
#[derive(Default)]
pub(super) struct Own {
    ranges: Mutex<BTreeMap<u64, u64>>,
}

impl Own {
    /// Notes that this server appended positions `first..=last`.
    pub(super) fn wrote(&self, first: u64, last: u64) {
        let mut ranges = super::lock(&self.ranges);
        ranges.insert(first, last);
        if ranges.len() > MAX_OWN_RANGES {
            ranges.pop_first();
        }
    }

    /// Whether this server appended every position of `first..=last`. The follower reads the global order
    /// forwards, so the ranges that end before `first` are passed and forgotten here.
    fn covers(&self, first: u64, last: u64) -> bool {
        let mut ranges = super::lock(&self.ranges);
        while let Some(entry) = ranges.first_entry() {
            if *entry.get() >= first {
                break;
            }
            entry.remove();
        }
        // One run can span several appends of its game (consecutive groups), each a range of its own.
        let mut next = first;
        for (&start, &end) in ranges.range(..=last) {
            if start > next {
                break;
            }
            next = next.max(end + 1);
            if next > last {
                return true;
            }
        }
        false
    }
}

impl<G: StoredGame> Engine<G> {
    /// Takes in consecutive events of game `id` in version order, named by `entries` of the global index: sends
    /// the ones its subscribers have not had, folds the ones its cached head lacks into it, and tells its `Play`
    /// sessions where it stands now. Only a game somebody here watches (a `Play` session or a subscriber) costs a
    /// read of the events; one that is only cached has its head dropped if it is behind, and one that is not
    /// cached costs nothing.
    pub async fn follow(&self, id: &str, entries: Vec<GlobalEntry>) -> Result<(), EngineError> {
        let (Some(first), Some(last)) = (entries.first(), entries.last()) else {
            return Ok(());
        };
        if self.own.covers(first.global, last.global) {
            return Ok(());
        }
        let (from, last) = (first.version, last.version);
        let watched = super::lock(&self.turns).contains_key(id);
        if !watched && self.published(id).is_none_or(|p| p >= last) {
            self.forget_behind(id, last).await;
            return Ok(());
        }
        // Read only once it is known to be needed: a run of this server's own that the follower saw before the
        // command path noted it (see `Own`) is found folded and published under the game's lock.
        let mut run = Run {
            from,
            last,
            records: None,
        };
        // The head first, then the subscribers: a subscriber that has an event can then read this server's state
        // and legal actions at it.
        let forward = self.bring_forward(id, &mut run, watched).await;
        if let Some(published) = self.published(id).filter(|p| *p < last) {
            let records = self.read_run(id, &mut run).await?;
            self.publish_records(id, decoded::<G>(id, records, published)?);
        }
        forward
    }

    /// Drops the cached head of game `id` if it is behind `version`, so its next use loads it from the store;
    /// cheaper than reading the events to fold them in when nobody here waits for them. A head left behind would
    /// still be safe (a command decided on it fails its append's expected version and is decided again), but
    /// would cost that conflict. A turn timer this server runs for the game is woken to load the new head.
    async fn forget_behind(&self, id: &str, version: u64) {
        let Some(slot) = self.cached_slot(id) else {
            return;
        };
        let mut guard = slot.lock_owned().await;
        if guard.as_ref().is_some_and(|head| head.version < version) {
            *guard = None;
            drop(guard);
            self.wake_running_timer(id);
        }
    }

    /// The run's events from the store, as global records, read at the first call.
    async fn read_run<'r>(
        &self,
        id: &str,
        run: &'r mut Run,
    ) -> Result<&'r [GlobalRecord], EngineError> {
        if run.records.is_none() {
            let events = self.shared.store.read(id, run.from, run.last).await?;
            run.records = Some(
                events
                    .into_iter()
                    .map(|e| GlobalRecord {
                        global: e.global,
                        stream: id.to_string(),
                        version: e.version,
                        payload: e.payload,
                    })
                    .collect(),
            );
        }
        Ok(run.records.as_deref().unwrap_or_default())
    }

    /// Folds the run into the game's head if it is cached and behind, and tells its `Play` sessions.
    async fn bring_forward(
        &self,
        id: &str,
        run: &mut Run,
        watched: bool,
    ) -> Result<(), EngineError> {
        let last = run.last;
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
        if head.version + 1 >= run.from {
            let records = match self.read_run(id, run).await {
                Ok(records) => records,
                Err(e) => {
                    *guard = Some(head);
                    return Err(e);
                }
            };
            for (_, _, event) in decoded::<G>(id, records, head.version)? {
                head.state = table::evolve::<G>(head.state, &event);
            }
            head.version = last;
            // The clocks live in the commands, which the global order does not carry: read the last one.
            head.clock = self
                .load_clock(&head.meta, head.version, &head.state)
                .await?;
        } else {
            // Versions between the head and this run were missed: the store has them.
            head = self.load_head(id).await?;
        }
        let deadlines =
            super::clock::deadlines::<G>(head.meta.timer, head.clock.as_ref(), &head.state);
        self.publish_turn(id, head.version, &head.state, None, &deadlines);
        self.timers_due(&head.meta, &head.state);
        *guard = Some(head);
        Ok(())
    }
}

/// A run of one game's events the follower takes in: versions `from..=last`, their events once read.
struct Run {
    from: u64,
    last: u64,
    records: Option<Vec<GlobalRecord>>,
}

/// One event with its version and global position, as the live channels carry it.
type Record<G> = (u64, u64, TableEvent<<G as Game>::Event>);

/// The events of `records` past version `from`, decoded, with their versions and global positions.
fn decoded<G: StoredGame>(
    id: &str,
    records: &[GlobalRecord],
    from: u64,
) -> Result<Vec<Record<G>>, EngineError> {
    records
        .iter()
        .filter(|r| r.version > from)
        .map(|r| Ok((r.version, r.global, decode_event::<G>(id, &r.payload)?)))
        .collect()
}

#[cfg(test)]
mod own_tests {
    use super::Own;

    #[test]
    fn a_run_is_ours_only_if_every_position_of_it_is() {
        let own = Own::default();
        own.wrote(3, 4);
        own.wrote(5, 7);
        own.wrote(10, 10);
        assert!(!own.covers(1, 2));
        // Two appends of ours back to back, and a run cut out of one.
        assert!(own.covers(3, 7));
        assert!(own.covers(6, 7));
        // Position 8 is another server's.
        assert!(!own.covers(7, 8));
        assert!(own.covers(10, 10));
        // Passed ranges are forgotten: the follower reads forwards.
        assert!(!own.covers(3, 4));
    }

    #[test]
    fn the_oldest_ranges_go_past_the_bound() {
        let own = Own::default();
        for i in 0..=super::MAX_OWN_RANGES as u64 {
            own.wrote(i * 2 + 1, i * 2 + 1);
        }
        assert!(!own.covers(1, 1));
        assert!(own.covers(3, 3));
    }
}

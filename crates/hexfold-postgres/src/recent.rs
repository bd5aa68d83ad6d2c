//! The events this store's writer committed lately, kept in memory for `read_global` and `read_global_index`.
//!
//! Every server on a shared database follows the global order to see what the others append, and most of
//! what it reads back is its own: with one server all of it, with two about half. Those events were in
//! this process a moment ago, so the writer keeps the newest of them here (in global order, bounded by
//! [`MAX_RECENT_EVENTS`] and [`MAX_RECENT_BYTES`]) and `read_global` (and its index) takes them from
//! memory, asking the database only for the positions between them, the other processes' events.
//!
//! What is read stays exactly what the database would answer: an event enters only after its group's
//! COMMIT, under a position the counter row handed out, and positions are in commit order, so every
//! position before one of ours is committed too and the database has it (see the README).

use std::collections::VecDeque;
use std::sync::Mutex;

use hexfold_store::GlobalRecord;

/// At most this many events are kept...
pub(crate) const MAX_RECENT_EVENTS: usize = 16_384;
/// ...and at most this many payload bytes; past either the oldest go (and are read from the database).
pub(crate) const MAX_RECENT_BYTES: usize = 16 << 20;

#[derive(Default)]
pub(crate) struct Recent {
    inner: Mutex<Events>,
}

#[derive(Default)]
struct Events {
    /// In global order.
    records: VecDeque<GlobalRecord>,
    bytes: usize,
}

/// What memory holds at a position: the records from it on (as the caller asked for them: whole, or their
/// positions only), and the next of ours after them, if any.
pub(crate) struct Found<T> {
    pub(crate) records: Vec<T>,
    /// The position of the next event of ours past `records`' end (or past `from` when `records` is
    /// empty): the positions before it and after the records belong to other processes.
    pub(crate) next_ours: Option<u64>,
}

impl Recent {
    /// Keeps a committed group's events, which come after every event kept so far (the writer commits
    /// one group at a time, and each takes its positions after the one before).
    pub(crate) fn push(&self, records: impl IntoIterator<Item = GlobalRecord>) {
        let mut events = self.lock();
        for record in records {
            if events
                .records
                .back()
                .is_some_and(|last| last.global >= record.global)
            {
                // Never expected; kept out rather than breaking the order the lookups rely on.
                continue;
            }
            events.bytes += record.payload.len();
            events.records.push_back(record);
        }
        while events.records.len() > MAX_RECENT_EVENTS || events.bytes > MAX_RECENT_BYTES {
            let Some(old) = events.records.pop_front() else {
                break;
            };
            events.bytes -= old.payload.len();
        }
    }

    /// Up to `limit` consecutive events of ours from position `from` on, each made into what the caller
    /// wants by `take` (a clone, or the event's position without its payload).
    pub(crate) fn at<T>(
        &self,
        from: u64,
        limit: usize,
        take: impl Fn(&GlobalRecord) -> T,
    ) -> Found<T> {
        let events = self.lock();
        let mut i = events.records.partition_point(|r| r.global < from);
        let mut records = Vec::new();
        let mut next = from;
        while records.len() < limit {
            match events.records.get(i) {
                Some(r) if r.global == next => {
                    records.push(take(r));
                    next += 1;
                    i += 1;
                }
                _ => break,
            }
        }
        Found {
            records,
            next_ours: events.records.get(i).map(|r| r.global),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Events> {
        // Every step above leaves the deque whole, so a panic elsewhere cannot leave it half-changed.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(global: u64) -> GlobalRecord {
        GlobalRecord {
            global,
            stream: format!("s{global}"),
            version: 1,
            payload: vec![0; 10],
        }
    }

    fn globals(found: &Found<u64>) -> Vec<u64> {
        found.records.clone()
    }

    #[test]
    fn runs_of_ours_are_found_and_the_gaps_between_them_are_named() {
        let recent = Recent::default();
        recent.push([3, 4, 5, 9].map(record));
        let at = recent.at(1, 10, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![], Some(3)));
        let at = recent.at(3, 10, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![3, 4, 5], Some(9)));
        let at = recent.at(4, 1, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![4], Some(5)));
        let at = recent.at(6, 10, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![], Some(9)));
        let at = recent.at(9, 10, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![9], None));
        let at = recent.at(10, 10, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![], None));
    }

    #[test]
    fn the_oldest_go_past_the_bound() {
        let recent = Recent::default();
        let n = MAX_RECENT_EVENTS as u64 + 5;
        recent.push((1..=n).map(record));
        let at = recent.at(1, 10, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![], Some(6)));
        assert_eq!(recent.at(n, 10, |r| r.global).records.len(), 1);
    }

    #[test]
    fn an_event_out_of_order_is_not_kept() {
        let recent = Recent::default();
        recent.push([5, 6].map(record));
        recent.push([4].map(record));
        let at = recent.at(4, 10, |r| r.global);
        assert_eq!((globals(&at), at.next_ours), (vec![], Some(5)));
    }
}

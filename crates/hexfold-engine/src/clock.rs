//! The turn clock: the time ([`Clock`], injectable), a game's [`Timer`] from its options, the clock rules that
//! each command of a timed game records ([`StoredClock`]), and the [`Deadline`]s they give. Data and arithmetic
//! only: the tasks that wait for the deadlines and play the timeouts are `timers.rs`, which imports this module, as
//! do the cache, the command path and the reads; this one imports none of them.

use crate::stored::{StoredClock, StoredOptions};
use crate::EngineError;
use hexfold_rules::{Game, Seat};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

/// The longest `turn_seconds`: a week.
pub const MAX_TURN_SECONDS: u32 = 7 * 24 * 3600;

/// The longest `reserve_seconds`: thirty days.
pub const MAX_RESERVE_SECONDS: u32 = 30 * 24 * 3600;

/// The time, in milliseconds since the Unix epoch, and a way to wait for it.
pub trait Clock: fmt::Debug + Send + Sync + 'static {
    fn now_ms(&self) -> u64;
    /// Completes once the clock reads `at_ms` or later (at once if it does already).
    fn sleep_until(&self, at_ms: u64) -> Pin<Box<dyn Future<Output = ()> + Send + 'static>>;
}

/// The system's clock: what `serve` runs on.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }

    fn sleep_until(&self, at_ms: u64) -> Pin<Box<dyn Future<Output = ()> + Send + 'static>> {
        // A relative sleep: if the system's time is set back meanwhile, the timer finds its deadline not yet due
        // when it wakes and sleeps again.
        let wait = Duration::from_millis(at_ms.saturating_sub(self.now_ms()));
        Box::pin(tokio::time::sleep(wait))
    }
}

/// A clock that moves only when told: for tests, which advance it past a deadline and then wait for the event.
#[derive(Debug)]
pub struct ManualClock {
    now: watch::Sender<u64>,
}

impl ManualClock {
    /// A clock reading `start_ms`.
    pub fn new(start_ms: u64) -> Arc<ManualClock> {
        Arc::new(ManualClock {
            now: watch::channel(start_ms).0,
        })
    }

    /// Moves the clock forwards by `ms`, waking every sleeper whose time has come.
    pub fn advance(&self, ms: u64) {
        self.now.send_modify(|now| *now += ms);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        *self.now.borrow()
    }

    fn sleep_until(&self, at_ms: u64) -> Pin<Box<dyn Future<Output = ()> + Send + 'static>> {
        let mut rx = self.now.subscribe();
        Box::pin(async move {
            // The sender lives as long as the clock, which the engine holds while it has timers.
            let _ = rx.wait_for(|now| *now >= at_ms).await;
        })
    }
}

/// A game's turn timer, from its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timer {
    pub decision_ms: u64,
    pub reserve_ms: u64,
}

/// When a waited-for seat's time runs out, and what is left of its reserve (already counted in `at_ms`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub seat: Seat,
    pub at_ms: u64,
    pub reserve_ms: u64,
}

impl Timer {
    /// The timer `options` ask for, checked against the bounds: `None` without `turn_seconds`; malformed
    /// past [`MAX_TURN_SECONDS`] or [`MAX_RESERVE_SECONDS`], or for a reserve without `turn_seconds`.
    pub fn checked(options: &StoredOptions) -> Result<Option<Timer>, EngineError> {
        let (turn, reserve) = (options.turn_seconds, options.reserve_seconds);
        if turn > MAX_TURN_SECONDS {
            return Err(EngineError::Malformed(format!(
                "turn_seconds must be 0 (no timer) or 1..={MAX_TURN_SECONDS}"
            )));
        }
        if reserve > MAX_RESERVE_SECONDS {
            return Err(EngineError::Malformed(format!(
                "reserve_seconds must be 0..={MAX_RESERVE_SECONDS}"
            )));
        }
        if turn == 0 && reserve > 0 {
            return Err(EngineError::Malformed(
                "reserve_seconds needs turn_seconds".into(),
            ));
        }
        Ok(Timer::of(options))
    }

    /// The timer of a stored game's options (checked at creation).
    pub fn of(options: &StoredOptions) -> Option<Timer> {
        (options.turn_seconds > 0).then(|| Timer {
            decision_ms: u64::from(options.turn_seconds) * 1000,
            reserve_ms: u64::from(options.reserve_seconds) * 1000,
        })
    }

    /// The clocks at a game's creation at `now`: every waited-for seat starts its wait, every reserve is whole.
    pub fn start(self, seats: usize, waiting: &[Seat], now: u64) -> StoredClock {
        StoredClock {
            since_ms: (0..seats)
                .map(|i| waiting.contains(&Seat(i as u8)).then_some(now))
                .collect(),
            reserve_ms: if self.reserve_ms > 0 {
                vec![self.reserve_ms; seats]
            } else {
                Vec::new()
            },
        }
    }

    /// The clocks after `actor`'s command decided at `now`, after which the game waits for `waiting` (see the
    /// module docs).
    pub fn next(
        self,
        before: &StoredClock,
        actor: Seat,
        waiting: &[Seat],
        now: u64,
    ) -> StoredClock {
        let seats = before.since_ms.len();
        let mut reserve_ms = before.reserve_ms.clone();
        if let (Some(Some(since)), Some(left)) = (
            before.since_ms.get(actor.index()),
            reserve_ms.get_mut(actor.index()),
        ) {
            let over = now.saturating_sub(*since).saturating_sub(self.decision_ms);
            *left = left.saturating_sub(over);
        }
        let since_ms = (0..seats)
            .map(|i| {
                let seat = Seat(i as u8);
                let kept = before.since_ms[i].filter(|_| seat != actor);
                waiting.contains(&seat).then(|| kept.unwrap_or(now))
            })
            .collect();
        StoredClock {
            since_ms,
            reserve_ms,
        }
    }

    /// `seat`'s deadline by `clock`, if the game waits for it.
    pub fn deadline(self, clock: &StoredClock, seat: Seat) -> Option<Deadline> {
        let since = (*clock.since_ms.get(seat.index())?)?;
        let reserve_ms = clock.reserve_ms.get(seat.index()).copied().unwrap_or(0);
        Some(Deadline {
            seat,
            at_ms: since + self.decision_ms + reserve_ms,
            reserve_ms,
        })
    }
}

/// The deadlines of the seats `state` waits for, in `waiting_for`'s order: empty without a timer.
pub(super) fn deadlines<G: Game>(
    timer: Option<Timer>,
    clock: Option<&StoredClock>,
    state: &G::State,
) -> Vec<Deadline> {
    let (Some(timer), Some(clock)) = (timer, clock) else {
        return Vec::new();
    };
    if G::outcome(state).is_some() {
        return Vec::new();
    }
    G::waiting_for(state)
        .into_iter()
        .filter_map(|seat| timer.deadline(clock, seat))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMER: Timer = Timer {
        decision_ms: 10_000,
        reserve_ms: 60_000,
    };

    #[test]
    fn a_wait_keeps_its_start_until_its_seat_acts_and_the_overtime_comes_from_the_reserve() {
        let start = TIMER.start(3, &[Seat(0), Seat(2)], 1_000);
        assert_eq!(start.since_ms, vec![Some(1_000), None, Some(1_000)]);
        assert_eq!(TIMER.deadline(&start, Seat(0)).unwrap().at_ms, 71_000);
        assert_eq!(TIMER.deadline(&start, Seat(1)), None);
        // Seat 0 acts 25 s into its decision: 15 s over, taken from its reserve; seat 2 still waits from 1 000.
        let next = TIMER.next(&start, Seat(0), &[Seat(0), Seat(2)], 26_000);
        assert_eq!(next.since_ms, vec![Some(26_000), None, Some(1_000)]);
        assert_eq!(next.reserve_ms, vec![45_000, 60_000, 60_000]);
        assert_eq!(
            TIMER.deadline(&next, Seat(0)),
            Some(Deadline {
                seat: Seat(0),
                at_ms: 26_000 + 10_000 + 45_000,
                reserve_ms: 45_000
            })
        );
        // A timeout spends the whole reserve; a seat no longer waited for has no deadline.
        let timed_out = TIMER.next(&next, Seat(2), &[Seat(1)], 71_000);
        assert_eq!(timed_out.reserve_ms[2], 0);
        assert_eq!(timed_out.since_ms, vec![None, Some(71_000), None]);
    }

    #[test]
    fn options_out_of_bounds_are_invalid() {
        let options = |turn_seconds, reserve_seconds| StoredOptions {
            map: String::new(),
            victory_points: 0,
            negotiated_defence: false,
            turn_seconds,
            reserve_seconds,
        };
        assert_eq!(Timer::checked(&options(0, 0)), Ok(None));
        assert_eq!(
            Timer::checked(&options(30, 0)),
            Ok(Some(Timer {
                decision_ms: 30_000,
                reserve_ms: 0
            }))
        );
        for (turn, reserve) in [
            (MAX_TURN_SECONDS + 1, 0),
            (30, MAX_RESERVE_SECONDS + 1),
            (0, 5),
        ] {
            let err = Timer::checked(&options(turn, reserve)).unwrap_err();
            assert!(matches!(err, EngineError::Malformed(_)), "{turn} {reserve}");
        }
        // Without a reserve the clock stores none.
        let plain = Timer {
            decision_ms: 1,
            reserve_ms: 0,
        };
        assert!(plain.start(2, &[Seat(0)], 0).reserve_ms.is_empty());
    }
}

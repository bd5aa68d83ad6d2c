//! Turn timers: a game created with `turn_seconds` gives each seat it waits for (`Game::waiting_for`) that long
//! per decision, plus what is left of its reserve; when that runs out, the server plays the seat's timeout action
//! (`hexfold_table::timeout_action`: its least consequential legal command, ties drawn from the seed's
//! `TIMEOUT_STREAM` for the version, which `verify` checks again) through the same path as a bot's
//! command (`Engine::submit_as`: the lock, the expected version, the append, the publication).
//!
//! Durable deadlines. Every command of a timed game records the seats' clocks after it ([`StoredClock`] in its
//! stored command: when each waited-for seat's decision began, and each seat's reserve left), and the meta records
//! when the game was created, where the first waits begin. The cached head carries the clock; a head loaded from
//! the store takes it from the game's last command (or from the creation time at version 0). So a restarted server
//! finds the deadlines where the last one left them, and fires at once what came due while it was down.
//!
//! The clock rules, applied to each command at the time the server decides it (`now`): a seat the game waits for
//! after the command keeps the start of its wait if it was waiting before and did not act, else its wait starts
//! now; a seat that acted spends the part of its decision past `turn_seconds` from its reserve; a seat the game
//! no longer waits for has no deadline (its decision was not its to finish, so it spends nothing). A seat's
//! deadline is the start of its wait plus `turn_seconds` plus its reserve left. A timeout spends the whole reserve.
//!
//! One of the two, never both: the timer decides the timeout action on the head at version `v` under the game's
//! lock, then submits it with expected version `v` and command id `timeout/<seat>/<v>` (an id no client may use,
//! `retry.rs`). A command that lands first moves the game past `v`, so the timeout's append is refused (a version
//! conflict inside; the timer recomputes), and a timeout that lands first makes the client's command at `v` stale in the
//! same way. Two servers on one store that both fire it append it once (the second is a duplicate of the same
//! command). Any other refusal, or a waited-for seat without a legal action, never stops the timer: it decides
//! again on the head it finds, after a pause or at the game's next change (`retry.rs`). Times are the deciding server's
//! clock: servers sharing a store are assumed to agree on the time (NTP, within a second or so); a server whose
//! clock is ahead fires that much early, one behind fires late.
//!
//! The clock is injectable ([`Clock`]): the real time in `serve` ([`SystemClock`]), a [`ManualClock`] that a test
//! advances, so tests wait on events, never on time.
//!
//! Limits. At most one timer task per timed game with a waited-for seat; it sleeps until the earliest deadline and
//! is woken by every change of the game's head. Its commands take the bots' permits ([`super::BOT_COMMANDS_AT_ONCE`]
//! of a fair semaphore) and yield after each, so thousands of games timing out at once are played a few commands
//! at a time, first come first served, and leave the workers to clients: a timeout may then land later than its
//! deadline, never earlier. At start, the engine wakes the timers of the store's unfinished timed games with the
//! bots (`Engine::resume_bots`).

use super::bots::Unanswered;
use super::cache::{head, Meta};
use super::command::{Actor, Answer, Submit};
use super::retry::{pause, Driver, Next, Outcome, Retry, Running};
use super::Engine;
use crate::stored::{StoredClock, StoredGame, StoredOptions};
use crate::EngineError;
use hexfold_rules::{Game, Seat};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{watch, Notify};

/// The stream of a version's generator that timeout actions draw from (the table's, where `verify` checks them);
/// the table's `decide` uses stream 0 and bots [`super::BOT_STREAM`].
pub use hexfold_table::TIMEOUT_STREAM;

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
    meta: &Meta<G>,
    clock: Option<&StoredClock>,
    state: &G::State,
) -> Vec<Deadline> {
    let (Some(timer), Some(clock)) = (meta.timer, clock) else {
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

/// The engine's timer tasks: one per timed game that has a waited-for seat, each with the signal that its game's
/// head changed.
#[derive(Default)]
pub(super) struct Timers {
    running: Running,
}

impl<G: StoredGame> Engine<G> {
    /// Called under the game's lock after every change of its head: wakes the game's timer (starting it if none
    /// runs) when the game has one and is not over.
    pub(super) fn timers_due(&self, meta: &Meta<G>, state: &G::State) {
        if meta.timer.is_some() && G::outcome(state).is_none() {
            self.wake_timer(&meta.id);
        }
    }

    /// Wakes game `id`'s timer if one runs here, without starting one.
    pub(super) fn wake_running_timer(&self, id: &str) {
        self.timers.running.wake(id);
    }

    /// Wakes game `id`'s timer, starting it if none runs.
    pub(super) fn wake_timer(&self, id: &str) {
        let Some(me) = self.me.upgrade() else {
            // An engine outside an `Arc` (some unit tests) runs no timers.
            return;
        };
        let Some(notify) = self.timers.running.wake_or_register(id) else {
            return;
        };
        tracing::debug!(game_id = %id, "turn timer started");
        let id = id.to_string();
        tokio::spawn(async move { me.run_timer(id, notify).await });
    }

    /// Sleeps until the game's earliest deadline and plays the timeout action due then, until the game waits for
    /// nobody (see the module docs); after a refusal it decides again on the head it then finds (`retry.rs`).
    async fn run_timer(self: Arc<Self>, id: String, changed: Arc<Notify>) {
        let clock = Arc::clone(&self.shared.clock);
        let mut shutdown = self.shared.shutdown.clone();
        let mut retry = Retry::default();
        loop {
            if *shutdown.borrow_and_update() {
                break;
            }
            let guard = match self.lock_head(&id).await {
                Ok(guard) => guard,
                Err(e) => {
                    let ms = retry.failed();
                    tracing::warn!(game_id = %id, error = %e, pause_ms = ms, "turn timer could not load the game; trying again");
                    if !pause(&*clock, ms, &changed, &mut shutdown).await {
                        break;
                    }
                    continue;
                }
            };
            let current = head(&guard);
            let first = deadlines(&current.meta, current.clock.as_ref(), &current.state)
                .into_iter()
                .min_by_key(|d| (d.at_ms, d.seat.0));
            let Some(due) = first else {
                // Under the lock: a command that makes a seat wait later finds no timer and starts one.
                self.timers.running.remove(&id);
                return;
            };
            let version = current.version;
            if due.at_ms > clock.now_ms() {
                drop(guard);
                tokio::select! {
                    _ = clock.sleep_until(due.at_ms) => {}
                    _ = changed.notified() => {}
                    _ = shutdown.wait_for(|stopping| *stopping) => break,
                }
                continue;
            }
            // Due: decided under the lock on this head, submitted with its version, like a bot's command.
            let command = hexfold_table::timeout_action::<G>(
                &current.state,
                version,
                &current.meta.seed,
                due.seat,
            );
            drop(guard);
            let Some(command) = command else {
                // Not a reason to stop: the timer looks again when the game's head changes.
                tracing::warn!(game_id = %id, seat = due.seat.0, version, "a waited-for seat has no legal action; the turn timer waits for the game to change");
                tokio::select! {
                    _ = changed.notified() => continue,
                    _ = shutdown.wait_for(|stopping| *stopping) => break,
                }
            };
            let permit = tokio::select! {
                permit = self.drivers.permit() => permit,
                _ = shutdown.wait_for(|stopping| *stopping) => break,
            };
            let submit = Submit {
                game_id: id.clone(),
                command_id: retry.command_id(Driver::Timeout, due.seat, version),
                expected_version: Some(version),
                command,
                with_legal_actions: false,
            };
            let command_id = submit.command_id.clone();
            let answer: Result<Answer<(), ()>, EngineError> = self
                .submit_as::<Unanswered>(Actor::Timeout(due.seat), submit)
                .await;
            drop(permit);
            let outcome = Outcome::of(answer.as_ref().map(|a| a.duplicate));
            if outcome == Outcome::Applied {
                tracing::debug!(game_id = %id, seat = due.seat.0, version, "turn timed out");
            }
            // Whatever happened, the next round computes the deadlines again on the head it finds then.
            if let Next::Pause(ms) = retry.answered(version, outcome) {
                let error = answer.err().map(|e| e.to_string()).unwrap_or_default();
                tracing::warn!(game_id = %id, seat = due.seat.0, version, command_id = command_id.as_str(), %error, pause_ms = ms, "timeout action refused; deciding again after a pause");
                if !pause(&*clock, ms, &changed, &mut shutdown).await {
                    break;
                }
            }
            tokio::task::yield_now().await;
        }
        self.timers.running.remove(&id);
    }
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

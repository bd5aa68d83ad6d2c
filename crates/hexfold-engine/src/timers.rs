//! Turn timers: a game created with `turn_seconds` gives each seat it waits for (`Game::waiting_for`) that long
//! per decision, plus what is left of its reserve; when that runs out, the server plays the seat's timeout action
//! (`hexfold_table::timeout_action`: its least consequential legal command, ties drawn from the seed's
//! `TIMEOUT_STREAM` for the version, which `verify` checks again) through the same path as a bot's
//! command (`Engine::submit_as`: the lock, the expected version, the append, the publication).
//!
//! Durable deadlines. Every command of a timed game records the seats' clocks after it ([`StoredClock`](crate::stored::StoredClock) in its
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
//! The clock is injectable ([`Clock`](super::Clock)): the real time in `serve` ([`SystemClock`](super::SystemClock)),
//! a [`ManualClock`](super::ManualClock) that a test advances, so tests wait on events, never on time. The clock,
//! the timer and its rules are `clock.rs`; this module runs the tasks.
//!
//! Limits. At most one timer task per timed game with a waited-for seat; it sleeps until the earliest deadline and
//! is woken by every change of the game's head. Its commands take the bots' permits ([`super::BOT_COMMANDS_AT_ONCE`]
//! of a fair semaphore) and yield after each, so thousands of games timing out at once are played a few commands
//! at a time, first come first served, and leave the workers to clients: a timeout may then land later than its
//! deadline, never earlier. At start, the engine wakes the timers of the store's unfinished timed games with the
//! bots (`Engine::resume_bots`).

use super::bots::Unanswered;
use super::cache::{head, Meta};
use super::clock::deadlines;
use super::command::{Actor, Answer, Submit};
use super::retry::{pause, Driver, Next, Outcome, Retry, Running};
use super::Engine;
use crate::stored::StoredGame;
use crate::EngineError;
use std::sync::Arc;
use tokio::sync::Notify;

/// The stream of a version's generator that timeout actions draw from (the table's, where `verify` checks them);
/// the table's `decide` uses stream 0 and bots [`super::BOT_STREAM`].
pub use hexfold_table::TIMEOUT_STREAM;

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
            let first = deadlines::<G>(current.meta.timer, current.clock.as_ref(), &current.state)
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

//! What the server's own drivers (a game's bot driver, its turn timer) do when a command they submit is not
//! applied. Neither ever stops for good because of one refusal: each decides again on the state it meets.
//!
//! The server's command ids. A driver submits its command for `seat` at `version` under `bot/<seat>/<version>` or
//! `timeout/<seat>/<version>`; no client may use an id beginning with `bot/` or `timeout/`
//! ([`CommandId::of_client`] refuses it as malformed), so on a store written by this build the id is free unless
//! the server itself played that command (two servers on one store: the second finds its own command, a
//! duplicate). A store written before the ids were reserved may hold a client's command under such an id; a driver
//! that finds its id taken (the store answers with another command, or with the same command at the same head)
//! tries `<id>/1`, `<id>/2`, … at the same version, so such a game goes on; those ids are finite, one per stored
//! command. The expected version, not the id, makes a command and the driver's command one of the two, never both.
//!
//! After any other refusal the driver reloads the head and decides again. A version conflict (another command took
//! the version) is retried at once: the game moved, so each retry follows a command. Anything else (a store that
//! cannot be reached, a damaged record, a rule refusal of the driver's own choice, a conflict that repeats at the
//! same version) is retried after a pause that doubles from [`BACKOFF_FIRST_MS`] to [`BACKOFF_MAX_MS`], or earlier
//! when the game's head changes; the pause runs on the engine's clock, so a test moves it instead of sleeping. A
//! driver is one task per game, so a store that fails for good costs one wake-up per game per
//! [`BACKOFF_MAX_MS`], never a busy loop.

use super::clock::Clock;
use super::command::CommandId;
use super::lock;
use hexfold_rules::Seat;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{watch, Notify};

/// The first pause after a refusal that is not retried at once.
pub const BACKOFF_FIRST_MS: u64 = 250;

/// The longest pause between two tries of a driver.
pub const BACKOFF_MAX_MS: u64 = 60_000;

/// Which of the server's drivers submits a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Driver {
    Bot,
    Timeout,
}

impl Driver {
    /// The start of this driver's command ids: one of [`super::SERVER_COMMAND_ID_PREFIXES`].
    fn prefix(self) -> &'static str {
        match self {
            Driver::Bot => "bot/",
            Driver::Timeout => "timeout/",
        }
    }
}

/// What the driver does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// Reload the head and decide again now.
    Now,
    /// Wait this many milliseconds (or until the game's head changes), then reload and decide again.
    Pause(u64),
}

/// A driver's count of what happened to its commands at the version it last tried.
#[derive(Debug, Default)]
pub(super) struct Retry {
    version: u64,
    /// Which id to use at `version`: 0 for the plain one, `n` for `<id>/<n>`.
    attempt: u32,
    /// Refusals in a row at `version`, other than a taken id.
    failures: u32,
}

/// How a submitted command ended, as far as a driver cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Appended.
    Applied,
    /// The id was in the store already: the driver's own command, or (in an old store) a client's.
    Taken,
    /// Another command took the expected version.
    Conflict,
    /// Refused for any other reason.
    Failed,
}

impl Outcome {
    /// The outcome of a submitted command, from its answer: `Ok(duplicate)` or the error.
    pub(super) fn of(answer: Result<bool, &crate::EngineError>) -> Outcome {
        use crate::EngineError;
        match answer {
            Ok(false) => Outcome::Applied,
            Ok(true) | Err(EngineError::CommandIdReused { .. }) => Outcome::Taken,
            Err(EngineError::VersionConflict { .. }) => Outcome::Conflict,
            Err(_) => Outcome::Failed,
        }
    }
}

impl Retry {
    /// The id under which the driver submits its command for `seat` decided at `version`.
    pub(super) fn command_id(&mut self, driver: Driver, seat: Seat, version: u64) -> CommandId {
        self.at(version);
        let plain = format!("{}{}/{version}", driver.prefix(), seat.0);
        let id = match self.attempt {
            0 => plain,
            n => format!("{plain}/{n}"),
        };
        CommandId::new(id).expect("a short id")
    }

    /// Records how the command decided at `version` ended, and says what to do next.
    pub(super) fn answered(&mut self, version: u64, outcome: Outcome) -> Next {
        self.at(version);
        match outcome {
            Outcome::Applied => {
                self.failures = 0;
                Next::Now
            }
            Outcome::Taken => {
                self.attempt += 1;
                Next::Now
            }
            Outcome::Conflict if self.failures == 0 => {
                self.failures = 1;
                Next::Now
            }
            Outcome::Conflict | Outcome::Failed => Next::Pause(self.failed()),
        }
    }

    /// Records a failure before a command could be decided (the head could not be loaded), and returns the pause
    /// before the next try in milliseconds.
    pub(super) fn failed(&mut self) -> u64 {
        self.failures += 1;
        let doublings = (self.failures - 1).min(20);
        (BACKOFF_FIRST_MS << doublings).min(BACKOFF_MAX_MS)
    }

    /// Starts counting afresh at a new version.
    fn at(&mut self, version: u64) {
        if version != self.version {
            *self = Retry {
                version,
                ..Retry::default()
            };
        }
    }
}

/// The games whose driver of one kind (bots, timers) runs in this engine, each with the signal that its game's
/// head changed: at most one task per game and kind.
#[derive(Default)]
pub(super) struct Running(Mutex<HashMap<String, Arc<Notify>>>);

impl Running {
    /// Wakes game `id`'s driver and returns `None` if one runs (the wake is kept if it is not waiting right now,
    /// so no change is missed); else registers one and returns its signal, for the caller to start it.
    pub(super) fn wake_or_register(&self, id: &str) -> Option<Arc<Notify>> {
        let mut running = lock(&self.0);
        if let Some(changed) = running.get(id) {
            changed.notify_one();
            return None;
        }
        let changed = Arc::new(Notify::new());
        running.insert(id.to_string(), Arc::clone(&changed));
        Some(changed)
    }

    /// Wakes game `id`'s driver if one runs, without starting one.
    pub(super) fn wake(&self, id: &str) {
        if let Some(changed) = lock(&self.0).get(id) {
            changed.notify_one();
        }
    }

    /// Forgets game `id`'s driver, which is ending.
    pub(super) fn remove(&self, id: &str) {
        lock(&self.0).remove(id);
    }
}

/// Waits `ms` on `clock`, or until `changed` is notified: `false` if the server began to shut down meanwhile.
pub(super) async fn pause(
    clock: &dyn Clock,
    ms: u64,
    changed: &Notify,
    shutdown: &mut watch::Receiver<bool>,
) -> bool {
    let until = clock.now_ms().saturating_add(ms);
    tokio::select! {
        _ = clock.sleep_until(until) => true,
        _ = changed.notified() => true,
        _ = shutdown.wait_for(|stopping| *stopping) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EngineError;

    #[test]
    fn a_taken_id_moves_to_the_next_at_the_same_version_and_back_to_the_plain_one_after() {
        let mut retry = Retry::default();
        let id = |r: &mut Retry, v| {
            r.command_id(Driver::Timeout, Seat(1), v)
                .as_str()
                .to_string()
        };
        assert_eq!(id(&mut retry, 1), "timeout/1/1");
        assert_eq!(retry.answered(1, Outcome::Taken), Next::Now);
        assert_eq!(id(&mut retry, 1), "timeout/1/1/1");
        assert_eq!(retry.answered(1, Outcome::Taken), Next::Now);
        assert_eq!(id(&mut retry, 1), "timeout/1/1/2");
        assert_eq!(retry.answered(1, Outcome::Applied), Next::Now);
        assert_eq!(id(&mut retry, 2), "timeout/1/2");
        assert_eq!(
            retry.command_id(Driver::Bot, Seat(3), 9).as_str(),
            "bot/3/9"
        );
    }

    #[test]
    fn a_conflict_is_retried_at_once_once_per_version_and_other_refusals_back_off_up_to_the_limit()
    {
        let mut retry = Retry::default();
        assert_eq!(retry.answered(4, Outcome::Conflict), Next::Now);
        assert_eq!(retry.answered(5, Outcome::Conflict), Next::Now);
        assert_eq!(
            retry.answered(5, Outcome::Conflict),
            Next::Pause(BACKOFF_FIRST_MS * 2)
        );
        let mut retry = Retry::default();
        let mut pauses = Vec::new();
        for _ in 0..12 {
            match retry.answered(7, Outcome::Failed) {
                Next::Pause(ms) => pauses.push(ms),
                Next::Now => panic!("a failure is never retried at once"),
            }
        }
        assert_eq!(pauses[..3], [250, 500, 1_000]);
        assert!(pauses.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(*pauses.last().unwrap(), BACKOFF_MAX_MS);
        // A new version (the game moved) starts afresh.
        assert_eq!(retry.answered(8, Outcome::Failed), Next::Pause(250));
    }

    #[test]
    fn answers_are_sorted_by_what_the_driver_does_next() {
        let reused = EngineError::CommandIdReused {
            reason: "CommandIdOfAnotherSeat",
            command_id: "timeout/1/1".into(),
            message: String::new(),
        };
        assert_eq!(Outcome::of(Ok(false)), Outcome::Applied);
        assert_eq!(Outcome::of(Ok(true)), Outcome::Taken);
        assert_eq!(Outcome::of(Err(&reused)), Outcome::Taken);
        let conflict = EngineError::VersionConflict {
            expected: 1,
            actual: 2,
        };
        assert_eq!(Outcome::of(Err(&conflict)), Outcome::Conflict);
        for e in [
            EngineError::Unavailable("store".into()),
            EngineError::Damaged("record".into()),
            EngineError::Violation {
                reason: "NotYourTurn",
                rule_id: "X",
                message: String::new(),
            },
        ] {
            assert_eq!(Outcome::of(Err(&e)), Outcome::Failed);
        }
    }
}

//! The table's half of the command path: the checks every game shares before its own `decide`, and the fold of an
//! accepted batch, which numbers its events, times the snapshots and reveals the seed with the events that end the
//! game.
//!
//! Two steps rather than one decider call: [`decide`] borrows the state, so a refused command leaves a cached head
//! where it is, and [`accept`] takes it by value to evolve it in place, so an accepted one costs no clone of the
//! state (whether a batch ends the game is known only once it is folded).

use crate::event::{evolve, TableEvent};
use crate::seed::Seed;
use hexfold_rules::timeout::{self, Timeout};
use hexfold_rules::{Game, Outcome, RuleViolation, Seat};

/// Why the table refused a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal<V> {
    /// The caller expected the game at another version than the one it is at.
    Conflict { expected: u64, actual: u64 },
    /// A rule of the table, the same for every game.
    Table(TableViolation),
    /// A rule of the game.
    Rule(V),
}

/// The rules of the table itself: what holds for every game, whatever its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableViolation {
    /// The game has ended: its outcome is final and it takes no more commands.
    GameFinished,
    /// The game has not ended, so its seed (and with it the replay) is still secret.
    GameNotFinished,
}

impl RuleViolation for TableViolation {
    fn rule_id(&self) -> &'static str {
        match self {
            TableViolation::GameFinished => "HEXFOLD-GAME-01",
            TableViolation::GameNotFinished => "HEXFOLD-REPLAY-01",
        }
    }

    fn name(&self) -> &'static str {
        match self {
            TableViolation::GameFinished => "GameFinished",
            TableViolation::GameNotFinished => "GameNotFinished",
        }
    }

    fn message(&self) -> &'static str {
        match self {
            TableViolation::GameFinished => "the game has ended and accepts no more commands",
            TableViolation::GameNotFinished => {
                "the seed and the replay are revealed only once the game has ended"
            }
        }
    }
}

/// Refuses anything but a game in progress.
pub fn ensure_open<G: Game>(state: &G::State) -> Result<(), TableViolation> {
    match G::outcome(state) {
        Some(_) => Err(TableViolation::GameFinished),
        None => Ok(()),
    }
}

/// The seed of a game, once it may be known: only after the end.
pub fn revealed_seed(seed: &Seed, finished: bool) -> Result<&Seed, TableViolation> {
    if finished {
        Ok(seed)
    } else {
        Err(TableViolation::GameNotFinished)
    }
}

/// Decides `command` of `actor` against `state`, the game's state at `version`: refused if the caller expected
/// another version, or if the game is over; otherwise the game decides, with the generator the seed derives for
/// this version (so the decision can be replayed once the seed is revealed).
pub fn decide<G: Game>(
    state: &G::State,
    version: u64,
    seed: &Seed,
    actor: Seat,
    command: &G::Command,
    expected_version: Option<u64>,
) -> Result<Vec<G::Event>, Refusal<G::Violation>> {
    if let Some(expected) = expected_version.filter(|e| *e != version) {
        return Err(Refusal::Conflict {
            expected,
            actual: version,
        });
    }
    ensure_open::<G>(state).map_err(Refusal::Table)?;
    G::decide(state, actor, command, &mut seed.command_rng(version)).map_err(Refusal::Rule)
}

/// The timeout action of `seat` on `state`, the game's state at `version`: what the server plays for the seat when
/// its turn timer runs out, and what a replay expects of a command recorded as timed out. The game's choice
/// ([`timeout::command`]: its least consequential legal command) with ties drawn from the seed's
/// [`Seed::timeout_rng`] for the version, so every server and every verifier makes the same one; `None` if the
/// seat has no legal action.
pub fn timeout_action<G: Timeout>(
    state: &G::State,
    version: u64,
    seed: &Seed,
    seat: Seat,
) -> Option<G::Command> {
    timeout::command::<G>(state, seat, &mut seed.timeout_rng(version))
}

/// Which versions have a snapshot of the state stored beside the log: every multiple of a fixed interval, so any
/// state costs at most that many folds from the nearest snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshots {
    every: u64,
}

impl Snapshots {
    /// A snapshot every `every` versions (at least 1).
    pub fn every(every: u64) -> Snapshots {
        Snapshots {
            every: every.max(1),
        }
    }

    /// Whether the state at `version` gets a snapshot.
    pub fn due(self, version: u64) -> bool {
        version % self.every == 0
    }
}

/// What a caller of [`accept`] sees of the batch as it is folded, in version order (both methods do nothing
/// unless implemented).
pub trait Observer<G: Game> {
    /// `event`, at `version`, before it is folded into `state` (a view of an event is computed against the state
    /// before it).
    fn event(&mut self, _state: &G::State, _version: u64, _event: &TableEvent<G::Event>) {}

    /// `state` is the state at `version`; `snapshot` says whether that version gets a snapshot.
    fn folded(&mut self, _state: &G::State, _version: u64, _snapshot: bool) {}
}

/// Observes nothing.
impl<G: Game> Observer<G> for () {}

/// An accepted command's batch, folded.
#[derive(Debug)]
pub struct Accepted<G: Game> {
    /// The events to append, from the version after the one decided at: the game's, then `SeedRevealed` if they
    /// end the game.
    pub events: Vec<TableEvent<G::Event>>,
    /// The state after the batch.
    pub state: G::State,
    /// `Some` when the batch ends the game.
    pub outcome: Option<Outcome>,
}

/// Folds the events [`decide`] returned into `state` (the state at `version`, moved in and evolved in place, never
/// cloned) and closes the game if they end it: then `SeedRevealed` is the batch's last event, so the seed becomes
/// public with the outcome and never before. A command the server played for a seat whose turn timer ran out
/// (`timed_out`) has `TimedOut` as its batch's first event, so every reader can tell it from a choice.
/// `observer` sees every event and every state on the way.
pub fn accept<G: Game>(
    mut state: G::State,
    version: u64,
    events: Vec<G::Event>,
    seed: &Seed,
    timed_out: Option<Seat>,
    snapshots: Snapshots,
    observer: &mut impl Observer<G>,
) -> Accepted<G> {
    let mut batch = Vec::with_capacity(events.len() + 2);
    let mut at = version;
    let marked = timed_out.map(|seat| TableEvent::TimedOut { seat });
    for event in marked
        .into_iter()
        .chain(events.into_iter().map(TableEvent::Game))
    {
        at += 1;
        observer.event(&state, at, &event);
        state = evolve::<G>(state, &event);
        observer.folded(&state, at, snapshots.due(at));
        batch.push(event);
    }
    let outcome = G::outcome(&state);
    if outcome.is_some() {
        at += 1;
        let event = TableEvent::SeedRevealed {
            seed: seed.to_hex(),
        };
        observer.event(&state, at, &event);
        observer.folded(&state, at, snapshots.due(at));
        batch.push(event);
    }
    Accepted {
        events: batch,
        state,
        outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{pile, Nim, NimViolation, Pile, Take, Took};

    fn seed() -> Seed {
        Seed::from_bytes([3; 32])
    }

    /// Every call of an observer, as data.
    #[derive(Default)]
    struct Log {
        events: Vec<(u64, TableEvent<Took>)>,
        states: Vec<(u64, u8)>,
        snapshots: Vec<u64>,
    }

    impl Observer<Nim> for Log {
        fn event(&mut self, _: &Pile, version: u64, event: &TableEvent<Took>) {
            self.events.push((version, event.clone()));
        }
        fn folded(&mut self, state: &Pile, version: u64, snapshot: bool) {
            self.states.push((version, state.stones));
            if snapshot {
                self.snapshots.push(version);
            }
        }
    }

    /// Seat 0 takes `take` stones from a pile of `stones` at `version`, and the table accepts the batch.
    fn play(stones: u8, version: u64, take: u8, every: u64) -> (Accepted<Nim>, Log) {
        play_timed(stones, version, take, every, None)
    }

    /// [`play`], as the timeout action of `timed_out` if given.
    fn play_timed(
        stones: u8,
        version: u64,
        take: u8,
        every: u64,
        timed_out: Option<Seat>,
    ) -> (Accepted<Nim>, Log) {
        let state = pile(stones);
        let events = decide::<Nim>(&state, version, &seed(), Seat(0), &Take(take), None).unwrap();
        let mut log = Log::default();
        let accepted = accept::<Nim>(
            state,
            version,
            events,
            &seed(),
            timed_out,
            Snapshots::every(every),
            &mut log,
        );
        (accepted, log)
    }

    #[test]
    fn a_timeout_batch_starts_with_its_mark_and_still_reveals_the_seed_last() {
        let (accepted, log) = play_timed(2, 10, 2, 64, Some(Seat(0)));
        assert_eq!(accepted.events.len(), 4);
        assert_eq!(accepted.events[0], TableEvent::TimedOut { seat: Seat(0) });
        assert!(accepted.events[1..3]
            .iter()
            .all(|e| matches!(e, TableEvent::Game(_))));
        assert!(accepted.events[3].ends_game());
        assert_eq!(
            log.events.iter().map(|e| e.0).collect::<Vec<_>>(),
            vec![11, 12, 13, 14]
        );
        // The mark changes no state: the pile is still 2 after it.
        assert_eq!(log.states[0], (11, 2));
    }

    #[test]
    fn a_stale_expected_version_is_a_conflict_before_anything_else() {
        // Even a finished game answers a stale version with the conflict: the caller's view is out of date first.
        for state in [pile(5), pile(0)] {
            let refused = decide::<Nim>(&state, 7, &seed(), Seat(0), &Take(1), Some(6));
            assert_eq!(
                refused,
                Err(Refusal::Conflict {
                    expected: 6,
                    actual: 7
                })
            );
        }
        assert!(decide::<Nim>(&pile(5), 7, &seed(), Seat(0), &Take(1), Some(7)).is_ok());
        assert!(decide::<Nim>(&pile(5), 7, &seed(), Seat(0), &Take(1), None).is_ok());
    }

    #[test]
    fn a_finished_game_refuses_every_command_and_the_game_refuses_its_own() {
        assert_eq!(
            decide::<Nim>(&pile(0), 4, &seed(), Seat(0), &Take(1), None),
            Err(Refusal::Table(TableViolation::GameFinished))
        );
        assert_eq!(
            ensure_open::<Nim>(&pile(0)),
            Err(TableViolation::GameFinished)
        );
        assert_eq!(ensure_open::<Nim>(&pile(1)), Ok(()));
        assert_eq!(
            decide::<Nim>(&pile(5), 4, &seed(), Seat(0), &Take(4), None),
            Err(Refusal::Rule(NimViolation::TooMany))
        );
        assert_eq!(TableViolation::GameFinished.rule_id(), "HEXFOLD-GAME-01");
        assert_eq!(TableViolation::GameNotFinished.name(), "GameNotFinished");
    }

    #[test]
    fn the_command_generator_is_the_one_the_seed_derives_for_the_version() {
        let at = |version| decide::<Nim>(&pile(9), version, &seed(), Seat(0), &Take(1), None);
        let luck = rand::Rng::gen(&mut seed().command_rng(4));
        assert_eq!(
            at(4),
            Ok(vec![Took {
                seat: Seat(0),
                luck
            }])
        );
        assert_ne!(at(4), at(5));
    }

    #[test]
    fn the_batch_that_ends_the_game_reveals_the_seed_last() {
        let (accepted, log) = play(2, 10, 2, 64);
        assert_eq!(accepted.state.stones, 0);
        assert_eq!(accepted.outcome.map(|o| o.winner), Some(Seat(0)));
        let revealed = TableEvent::SeedRevealed {
            seed: seed().to_hex(),
        };
        assert_eq!(accepted.events.len(), 3);
        assert_eq!(accepted.events[2], revealed);
        assert!(accepted.events[..2]
            .iter()
            .all(|e| matches!(e, TableEvent::Game(_))));
        assert_eq!(
            log.events.iter().map(|e| e.0).collect::<Vec<_>>(),
            vec![11, 12, 13]
        );
        assert_eq!(log.events[2].1, revealed);
        assert_eq!(log.states, vec![(11, 1), (12, 0), (13, 0)]);

        // A batch that leaves the game open reveals nothing.
        let (accepted, _) = play(5, 10, 2, 64);
        assert!(accepted.outcome.is_none());
        assert_eq!(accepted.events.len(), 2);
        assert!(!accepted.events.iter().any(TableEvent::ends_game));
    }

    #[test]
    fn snapshots_fall_on_every_kth_version_of_a_batch_the_reveal_included() {
        assert!(
            Snapshots::every(0).due(5),
            "an interval of 0 means every version"
        );
        assert!(Snapshots::every(1).due(7) && !Snapshots::every(2).due(7));
        // Three stones at version 6: events at 7, 8, 9, then the reveal at 10.
        let (_, log) = play(3, 6, 3, 2);
        assert_eq!(log.snapshots, vec![8, 10]);
        let (_, log) = play(3, 6, 3, 5);
        assert_eq!(log.snapshots, vec![10]);
        let (_, log) = play(9, 6, 3, 5);
        assert_eq!(log.snapshots, Vec::<u64>::new());
    }

    #[test]
    fn the_seed_is_revealed_only_after_the_end() {
        assert_eq!(
            revealed_seed(&seed(), false),
            Err(TableViolation::GameNotFinished)
        );
        assert_eq!(revealed_seed(&seed(), true), Ok(&seed()));
    }
}

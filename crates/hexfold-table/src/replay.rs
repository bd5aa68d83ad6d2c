//! Verification of a finished game from what the table publishes: its revealed seed and its recorded commands.
//!
//! The replay re-decides every command through [`decide`] and [`accept`], the functions the live command path
//! uses, so a verifier cannot check the game against other rules than the ones it was played with: the seed
//! commitment, the generator derived for each version, the game's decisions, the versions of the events, the
//! reveal of the seed with the events that end the game, and that every command recorded as a timeout is the
//! timeout action the rules give ([`timeout_action`]), so a server cannot play a seat's choice for it and call it
//! its timer's.

use crate::event::{view_event, viewer, TableEventView};
use crate::table::{accept, decide, ensure_open, timeout_action, Observer, Refusal, Snapshots};
use crate::{Seed, TableEvent};
use hexfold_rules::timeout::Timeout;
use hexfold_rules::{Game, RuleViolation, Seat, Viewer};

/// A finished game as published: the seats, the revealed seed and its commitment, the configuration and every
/// recorded command, already read into the game's types. What could not be read is kept as the reason, so the
/// replay reports it where it matters, in the order a replay meets it.
pub struct Replay<'a, G: Game> {
    pub seats: usize,
    /// The revealed seed, hex.
    pub seed: &'a str,
    pub seed_commitment: &'a str,
    /// The configuration the published options resolve to, or why they do not resolve.
    pub config: Result<G::Config, String>,
    pub commands: Vec<RecordedCommand<'a, G::Command>>,
}

/// One recorded command, as published.
pub struct RecordedCommand<'a, C> {
    pub command_id: &'a str,
    /// The seat number as published; one that is no seat of the game fails the replay.
    pub seat: u32,
    /// The command, or why the record holds none of this game's.
    pub command: Result<C, String>,
    pub first_version: u64,
    pub last_version: u64,
    /// Whether the server played it for the seat because its turn timer ran out (its batch starts with
    /// `TimedOut`).
    pub timed_out: bool,
}

/// One step of a verified replay: the state right after `version` (0 is the initial state) and the event that led
/// there, both as the omniscient viewer sees them (the game is over, so nothing is hidden any more).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayStep<V, S> {
    pub version: u64,
    pub event: Option<TableEventView<V>>,
    pub state: S,
}

/// What a successful verification established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub commands: usize,
    /// The last version: the game's head.
    pub version: u64,
    pub winner: Seat,
}

/// Why a replay does not verify.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The replay names a variant this build does not know. Only a caller that dispatches by variant can tell:
    /// the table itself never sees one.
    #[error("the variant {0} is not known to this build")]
    UnknownVariant(i32),
    #[error("the revealed seed is not 32 bytes of hex")]
    BadSeed,
    #[error("the revealed seed's SHA-256 is {actual}, but the game committed to {committed}")]
    CommitmentMismatch { committed: String, actual: String },
    #[error("the options do not give a valid configuration: {0}")]
    BadConfig(String),
    #[error("command #{index} ({command_id}): {reason}")]
    Command {
        index: usize,
        command_id: String,
        reason: String,
    },
    #[error("the replayed game {0}")]
    Ending(String),
}

/// The steps of one command's batch, kept until the batch's versions are checked against the record.
struct Steps<G: Game> {
    viewer: Viewer,
    event: Option<TableEventView<G::EventView>>,
    steps: Vec<ReplayStep<G::EventView, G::StateView>>,
}

impl<G: Game> Observer<G> for Steps<G> {
    fn event(&mut self, state: &G::State, _: u64, event: &TableEvent<G::Event>) {
        self.event = Some(view_event::<G>(state, event, self.viewer));
    }

    fn folded(&mut self, state: &G::State, version: u64, _: bool) {
        self.steps.push(ReplayStep {
            version,
            event: self.event.take(),
            state: G::view_state(state, self.viewer),
        });
    }
}

/// Why the table or the game refused a recorded command.
fn refused<V: RuleViolation>(refusal: Refusal<V>) -> String {
    match refusal {
        Refusal::Rule(v) => format!("is refused: {} ({})", v.name(), v.rule_id()),
        Refusal::Table(v) => format!("is refused: {} ({})", v.name(), v.rule_id()),
        Refusal::Conflict { expected, actual } => {
            format!("expected version {expected}, the replay is at {actual}")
        }
    }
}

/// Replays a finished game from its revealed seed and recorded commands, checking the commitment, every command's
/// acceptance and the versions of its events, that each timed-out command is the seat's timeout action, and that
/// the game ends exactly with the last command. `visit` sees every version from 0.
pub fn verify<G: Timeout>(
    replay: Replay<'_, G>,
    visit: &mut dyn FnMut(ReplayStep<G::EventView, G::StateView>),
) -> Result<Verified, ReplayError> {
    let seed = Seed::from_hex(replay.seed).ok_or(ReplayError::BadSeed)?;
    if seed.commitment() != replay.seed_commitment {
        return Err(ReplayError::CommitmentMismatch {
            committed: replay.seed_commitment.to_string(),
            actual: seed.commitment(),
        });
    }
    let config = replay.config.map_err(ReplayError::BadConfig)?;
    let setup = G::setup(&config, &mut seed.setup_rng())
        .map_err(|v| ReplayError::BadConfig(v.message().into()))?;
    let mut state = G::initial_state(&setup);
    // Only finished games are published, and after the end everyone sees everything.
    let viewer = viewer(None, true);
    visit(ReplayStep {
        version: 0,
        event: None,
        state: G::view_state(&state, viewer),
    });
    let count = replay.commands.len();
    let mut version = 0u64;
    for (index, recorded) in replay.commands.into_iter().enumerate() {
        let fail = |reason: String| ReplayError::Command {
            index,
            command_id: recorded.command_id.to_string(),
            reason,
        };
        if ensure_open::<G>(&state).is_err() {
            return Err(fail("comes after the end of the game".into()));
        }
        if recorded.first_version != version + 1 {
            return Err(fail(format!(
                "starts at version {}, expected {}",
                recorded.first_version,
                version + 1
            )));
        }
        let seat = u8::try_from(recorded.seat)
            .ok()
            .filter(|s| usize::from(*s) < replay.seats)
            .map(Seat)
            .ok_or_else(|| fail(format!("names seat {}", recorded.seat)))?;
        let command = recorded.command.map_err(fail)?;
        if recorded.timed_out
            && timeout_action::<G>(&state, version, &seed, seat).as_ref() != Some(&command)
        {
            return Err(fail(format!(
                "is recorded as seat {}'s timeout but is not the timeout action the rules give at version {version}",
                seat.0
            )));
        }
        let events = decide::<G>(&state, version, &seed, seat, &command, None)
            .map_err(|refusal| fail(refused(refusal)))?;
        let mut steps = Steps::<G> {
            viewer,
            event: None,
            steps: Vec::with_capacity(events.len() + 1),
        };
        let accepted = accept::<G>(
            state,
            version,
            events,
            &seed,
            recorded.timed_out.then_some(seat),
            Snapshots::every(u64::MAX),
            &mut steps,
        );
        let produced = accepted.events.len() as u64;
        if recorded.last_version != version + produced {
            return Err(fail(format!(
                "recorded versions {}..={}, the replay gives {produced} events",
                recorded.first_version, recorded.last_version,
            )));
        }
        state = accepted.state;
        version += produced;
        for step in steps.steps {
            visit(step);
        }
    }
    match G::outcome(&state) {
        Some(outcome) => Ok(Verified {
            commands: count,
            version,
            winner: outcome.winner,
        }),
        None => Err(ReplayError::Ending(
            "has not ended after the last command".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Nim, Take};

    /// A finished game of Nim played through the table from a pile of 7: every command as recorded, and the seed.
    fn finished() -> (Seed, Vec<(u32, Take, u64, u64)>) {
        played(&[Some(3), Some(1), Some(2), Some(1)])
    }

    /// A game of Nim played through the table from a pile of 7, seats taking turns: `Some(n)` takes `n`, `None` is
    /// the seat's timeout (the table's [`timeout_action`], recorded as the server records it); past `takes`, each
    /// seat takes what it can until the pile is empty.
    fn played(takes: &[Option<u8>]) -> (Seed, Vec<(u32, Take, u64, u64)>) {
        let seed = Seed::from_bytes([9; 32]);
        let mut state = Nim::initial_state(&7);
        let mut version = 0;
        let mut recorded = Vec::new();
        for i in 0.. {
            if Nim::outcome(&state).is_some() {
                break;
            }
            let seat = Seat((i % 2) as u8);
            let take = takes.get(i).copied().unwrap_or(Some(state.stones.min(3)));
            let timed_out = take.is_none().then_some(seat);
            let take = match take {
                Some(n) => Take(n),
                None => timeout_action::<Nim>(&state, version, &seed, seat).unwrap(),
            };
            let events = decide::<Nim>(&state, version, &seed, seat, &take, None).unwrap();
            let accepted = accept::<Nim>(
                state,
                version,
                events,
                &seed,
                timed_out,
                Snapshots::every(8),
                &mut (),
            );
            let last = version + accepted.events.len() as u64;
            recorded.push((u32::from(seat.0), take, version + 1, last));
            state = accepted.state;
            version = last;
        }
        assert!(Nim::outcome(&state).is_some());
        (seed, recorded)
    }

    fn replay<'a>(
        seed: &'a str,
        commitment: &'a str,
        commands: &[(u32, Take, u64, u64)],
    ) -> Replay<'a, Nim> {
        Replay {
            seats: 2,
            seed,
            seed_commitment: commitment,
            config: Ok(7),
            commands: commands
                .iter()
                .map(|(seat, take, first, last)| RecordedCommand {
                    command_id: "c",
                    seat: *seat,
                    command: Ok(take.clone()),
                    first_version: *first,
                    last_version: *last,
                    timed_out: false,
                })
                .collect(),
        }
    }

    #[test]
    fn an_honest_record_verifies_and_every_step_is_omniscient() {
        let (seed, commands) = finished();
        let (hex, commitment) = (seed.to_hex(), seed.commitment());
        let mut steps = Vec::new();
        let verified =
            verify(replay(&hex, &commitment, &commands), &mut |s| steps.push(s)).unwrap();
        // Seven stones and the reveal.
        assert_eq!(
            verified,
            Verified {
                commands: 4,
                version: 8,
                winner: Seat(1)
            }
        );
        assert_eq!(
            steps.iter().map(|s| s.version).collect::<Vec<_>>(),
            (0..=8).collect::<Vec<_>>()
        );
        assert!(steps[1..8].iter().all(|s| matches!(
            &s.event,
            Some(TableEventView::Game(view)) if view.luck.is_some()
        )));
        assert_eq!(
            steps[8].event,
            Some(TableEventView::SeedRevealed { seed: hex.clone() })
        );
        assert_eq!(steps[8].state.stones, 0);
    }

    #[test]
    fn a_tampered_seed_or_commitment_is_caught() {
        let (seed, commands) = finished();
        let (hex, commitment) = (seed.to_hex(), seed.commitment());
        let other = Seed::from_bytes([8; 32]);
        let wrong_seed = verify(replay(&other.to_hex(), &commitment, &commands), &mut |_| {});
        assert_eq!(
            wrong_seed,
            Err(ReplayError::CommitmentMismatch {
                committed: commitment.clone(),
                actual: other.commitment()
            })
        );
        let wrong_commitment = verify(replay(&hex, &other.commitment(), &commands), &mut |_| {});
        assert!(matches!(
            wrong_commitment,
            Err(ReplayError::CommitmentMismatch { .. })
        ));
        assert_eq!(
            verify(replay("zz", &commitment, &commands), &mut |_| {}),
            Err(ReplayError::BadSeed)
        );
        // Options the game refuses (an empty pile) are reported as such.
        let mut bad_config = replay(&hex, &commitment, &commands);
        bad_config.config = Ok(0);
        assert!(matches!(
            verify(bad_config, &mut |_| {}),
            Err(ReplayError::BadConfig(_))
        ));
    }

    #[test]
    fn a_tampered_command_is_caught_where_it_is() {
        let (seed, commands) = finished();
        let (hex, commitment) = (seed.to_hex(), seed.commitment());
        let check = |commands: &[(u32, Take, u64, u64)]| match verify(
            replay(&hex, &commitment, commands),
            &mut |_| {},
        ) {
            Err(ReplayError::Command { index, reason, .. }) => (index, reason),
            other => panic!("expected a command to fail, got {other:?}"),
        };
        // A command the rules refuse: four stones at once.
        let mut greedy = commands.clone();
        greedy[1].1 = Take(4);
        assert_eq!(
            check(&greedy),
            (1, "is refused: TooMany (NIM-TAKE-01)".into())
        );
        // Another count than recorded: the versions no longer match the events.
        let mut fewer = commands.clone();
        fewer[0].1 = Take(2);
        assert_eq!(
            check(&fewer),
            (
                0,
                "recorded versions 1..=3, the replay gives 2 events".into()
            )
        );
        let mut seatless = commands.clone();
        seatless[2].0 = 2;
        assert_eq!(check(&seatless), (2, "names seat 2".into()));
        let mut gap = commands.clone();
        gap[3].2 += 1;
        assert_eq!(check(&gap), (3, "starts at version 8, expected 7".into()));
        let mut extra = commands.clone();
        extra.push((0, Take(1), 9, 9));
        assert_eq!(check(&extra), (4, "comes after the end of the game".into()));
        let mut unreadable = replay(&hex, &commitment, &commands);
        unreadable.commands[2].command = Err("has no command".into());
        assert!(matches!(
            verify(unreadable, &mut |_| {}),
            Err(ReplayError::Command { index: 2, reason, .. }) if reason == "has no command"
        ));
        let short = &commands[..3];
        assert_eq!(
            verify(replay(&hex, &commitment, short), &mut |_| {}),
            Err(ReplayError::Ending(
                "has not ended after the last command".into()
            ))
        );
    }

    /// A timed-out command verifies only as the timeout action the rules give: the same record with another legal
    /// take in its place (the server choosing for the seat) fails where the timeout is.
    #[test]
    fn a_doctored_timeout_is_caught() {
        let (seed, commands) = played(&[Some(3), None]);
        let (hex, commitment) = (seed.to_hex(), seed.commitment());
        let timed_out = |commands: &[(u32, Take, u64, u64)]| {
            let mut replay = replay(&hex, &commitment, commands);
            replay.commands[1].timed_out = true;
            replay
        };
        let honest = verify(timed_out(&commands), &mut |_| {}).unwrap();
        assert_eq!(honest.commands, commands.len());
        // Nim's timeout ranks taking one or two stones alike, so its choice is a draw; the other one is legal too.
        let chosen = commands[1].1.clone();
        let other = Take(3 - chosen.0);
        let mut doctored = commands.clone();
        doctored[1].1 = other.clone();
        assert!(Nim::legal_actions(&Nim::initial_state(&4), Seat(1)).contains(&other));
        assert_eq!(
            verify(timed_out(&doctored), &mut |_| {}),
            Err(ReplayError::Command {
                index: 1,
                command_id: "c".into(),
                reason: "is recorded as seat 1's timeout but is not the timeout action the rules give at version 3"
                    .into()
            })
        );
    }
}

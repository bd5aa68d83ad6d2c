//! A game small enough to reason about exactly, for the table's unit tests: one pile of stones, any seat takes one
//! to three of them, and whoever takes the last one wins. Each stone taken is its own event and carries a draw of
//! the command's generator, which only the taker (and the omniscient viewer) sees, so the tests can tell which
//! generator a decision used and which viewer a view was made for.

use hexfold_rules::timeout::Timeout;
use hexfold_rules::{Game, GameRng, Outcome, RuleViolation, Seat, Viewer};
use rand::Rng;
use serde::{Deserialize, Serialize};

pub(crate) struct Nim;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Pile {
    pub(crate) stones: u8,
    pub(crate) last: Option<Seat>,
}

pub(crate) fn pile(stones: u8) -> Pile {
    Pile { stones, last: None }
}

/// Take this many stones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Take(pub(crate) u8);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Took {
    pub(crate) seat: Seat,
    pub(crate) luck: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct TookView {
    pub(crate) seat: Seat,
    pub(crate) luck: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NimViolation {
    TooMany,
    NoPile,
}

impl RuleViolation for NimViolation {
    fn rule_id(&self) -> &'static str {
        match self {
            NimViolation::TooMany => "NIM-TAKE-01",
            NimViolation::NoPile => "NIM-SETUP-01",
        }
    }
    fn name(&self) -> &'static str {
        match self {
            NimViolation::TooMany => "TooMany",
            NimViolation::NoPile => "NoPile",
        }
    }
    fn message(&self) -> &'static str {
        "Not so."
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    /// The size of the pile.
    type Config = u8;
    type Setup = u8;
    type State = Pile;
    type Command = Take;
    type Event = Took;
    type Violation = NimViolation;
    type StateView = Pile;
    type EventView = TookView;

    fn setup(config: &u8, _: &mut GameRng) -> Result<u8, NimViolation> {
        if *config == 0 {
            return Err(NimViolation::NoPile);
        }
        Ok(*config)
    }

    fn initial_state(setup: &u8) -> Pile {
        pile(*setup)
    }

    fn decide(
        state: &Pile,
        actor: Seat,
        command: &Take,
        rng: &mut GameRng,
    ) -> Result<Vec<Took>, NimViolation> {
        if command.0 == 0 || command.0 > 3 || command.0 > state.stones {
            return Err(NimViolation::TooMany);
        }
        Ok((0..command.0)
            .map(|_| Took {
                seat: actor,
                luck: rng.gen(),
            })
            .collect())
    }

    fn evolve(state: Pile, event: &Took) -> Pile {
        Pile {
            stones: state.stones - 1,
            last: Some(event.seat),
        }
    }

    fn legal_actions(state: &Pile, _: Seat) -> Vec<Take> {
        (1..=state.stones.min(3)).map(Take).collect()
    }

    fn seats_to_act(state: &Pile) -> Vec<Seat> {
        if state.stones == 0 {
            Vec::new()
        } else {
            vec![Seat(0), Seat(1)]
        }
    }

    fn outcome(state: &Pile) -> Option<Outcome> {
        (state.stones == 0).then(|| Outcome {
            winner: state.last.unwrap_or(Seat(0)),
        })
    }

    fn view_state(state: &Pile, _: Viewer) -> Pile {
        state.clone()
    }

    fn view_event(_: &Pile, event: &Took, viewer: Viewer) -> TookView {
        let sees = match viewer {
            Viewer::Seat(seat) => seat == event.seat,
            Viewer::Spectator => false,
            Viewer::Omniscient => true,
        };
        TookView {
            seat: event.seat,
            luck: sees.then_some(event.luck),
        }
    }
}

/// Taking one or two stones ranks alike as a timeout action (a draw between them), taking three last.
impl Timeout for Nim {
    fn timeout_rank(command: &Take) -> u32 {
        u32::from(command.0 == 3)
    }
}

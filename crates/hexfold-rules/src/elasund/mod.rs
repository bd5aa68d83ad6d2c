//! Elasund: The First City of Catan, on a square grid.
//!
//! The rules are those of the seed text (`shared/seeds/001_559fbbd526ae785c.txt`, Norwegian) and, where it is
//! silent, the published game; every number the seed does not give lives in [`data`], and
//! `docs/rules/elasund.md` lists each rule with its ID (`ELA-...`), its source and its tests.
//!
//! The board is ten rows (labels 2-6 and 8-12, north to south) by up to nine columns; column 0 borders the sea.
//! A [`Square`] names a row by its label, as players do. Walls are outside the grid, in [`WallSlot`]s.
//!
//! Hidden information: the colours of influence cards in a hand (counts are public), the order of the church
//! stack, and the two tiles the first church builder draws (seen only by them). Randomness is drawn at the moment
//! it happens (a card is drawn uniformly from what the bank holds, a church tile uniformly from the unseen stack)
//! and written into the event, so the state never holds a secret order and a replay never draws again.

pub mod data;

pub(crate) mod board;
mod decide;
mod evolve;
mod legal;
mod random;
mod redeal;
mod timeout;
pub mod types;
mod view;

pub(crate) use random::near_own_permit;
pub use random::random_command;
pub use types::*;

use crate::game::{Game, GameRng, Outcome, Seat, Viewer};

/// The Elasund game; see the module documentation.
pub struct Elasund;

impl Game for Elasund {
    const NAME: &'static str = "elasund";
    type Config = Config;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Violation = Violation;
    type StateView = StateView;
    type EventView = EventView;

    fn setup(config: &Config, rng: &mut GameRng) -> Result<Setup, Violation> {
        decide::setup(config, rng)
    }

    fn initial_state(setup: &Setup) -> State {
        decide::initial_state(setup)
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &Command,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, Violation> {
        decide::decide(state, actor, command, rng)
    }

    fn evolve(state: State, event: &Event) -> State {
        evolve::evolve(state, event)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Command> {
        legal::legal_actions(state, seat)
    }

    fn seats_to_act(state: &State) -> Vec<Seat> {
        decide::seats_to_act(state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        match state.phase {
            Phase::Over { winner } => Some(Outcome { winner }),
            _ => None,
        }
    }

    fn view_state(state: &State, viewer: Viewer) -> StateView {
        view::view_state(state, viewer)
    }

    fn view_event(state: &State, event: &Event, viewer: Viewer) -> EventView {
        view::view_event(state, event, viewer)
    }
}

impl crate::playout::RandomPlayer for Elasund {
    fn command_weight(command: &Command) -> u32 {
        random::command_weight(command)
    }

    const SEATS: (u8, u8) = (2, 4);

    /// Elasund's random games are longer than the Catan games' (many small permit and gold moves).
    const COMMAND_LIMIT: u64 = 200_000;

    fn random_command(state: &State, seat: Seat, rng: &mut GameRng) -> Option<Command> {
        random_command(state, seat, rng)
    }

    /// Elasund has one board, so `beginner_map` changes nothing.
    fn random_config(players: u8, _beginner_map: bool) -> Config {
        Config { players }
    }

    fn turns(state: &State) -> u64 {
        state.turn.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_id_names_the_piece_the_state_numbers_so() {
        for players in 2..=4 {
            let state = Elasund::initial_state(&Setup {
                players,
                first_player: Seat(0),
            });
            for (i, piece) in state.pieces.iter().enumerate() {
                assert_eq!(PieceId(i as u8).identity(), (piece.kind, piece.colour));
            }
        }
    }
}

//! Tic-tac-toe, the toy game: two seats mark the squares of a 3 x 3 board in turn, three in a row wins. It exists
//! to prove "Adding a game" (ARCHITECTURE.md): it is wired through every list a game is entered in, behind the
//! `toy-game` feature, which only the tests turn on. Being small, its rules live in this one file rather than in
//! the module layout of the real games; `docs/rules/tictactoe.md` lists them with their IDs (`TTT-...`).
//!
//! Nothing is hidden, so every view is the state or event itself, and a redeal changes nothing. A full board
//! without a line ends the game too: the rules' [`Outcome`] has one winner, so the seat that did not start wins
//! (TTT-END-02).

use crate::game::{Game, GameRng, Outcome, Seat, Viewer};
use crate::playout::RandomPlayer;
use crate::redeal::Redeal;
use crate::timeout::{Timeout, RANK_ANY};
use crate::violation::violations;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// The squares, row by row from the top left: 0 1 2 / 3 4 5 / 6 7 8.
pub const SQUARES: u8 = 9;

/// The eight lines of three squares.
pub const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The tic-tac-toe game; see the module documentation.
pub struct TicTacToe;

/// What the creator chooses: the number of players, which must be 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub players: u8,
}

/// The public setup: nothing is drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each square's mark: the seat that marked it.
    pub board: [Option<Seat>; 9],
    /// The seat to mark next.
    pub next: Seat,
    /// The winner, once the game has ended.
    pub winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    Mark { square: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Marked { seat: Seat, square: u8 },
    GameWon { seat: Seat },
}

violations! {
    /// Why a command was refused.
    pub enum Violation {
        BadPlayerCount => "TTT-SETUP-01", "Tic-tac-toe is played by two players.";
        NotYourTurn => "TTT-TURN-01", "It is not your turn to mark.";
        NoSuchSquare => "TTT-MARK-01", "The board has squares 0 to 8 only.";
        SquareTaken => "TTT-MARK-02", "That square is already marked.";
        GameOver => "TTT-END-03", "The game has ended.";
    }
}

/// The seat that wins with the marks on `board`: three of its marks in a line, or, on a full board without a
/// line, seat 1 (the seat that did not start).
fn winner(board: &[Option<Seat>; 9]) -> Option<Seat> {
    LINES
        .iter()
        .find_map(|line| {
            let first = board[usize::from(line[0])]?;
            line.iter()
                .all(|&sq| board[usize::from(sq)] == Some(first))
                .then_some(first)
        })
        .or_else(|| board.iter().all(Option::is_some).then_some(Seat(1)))
}

impl Game for TicTacToe {
    const NAME: &'static str = "tictactoe";
    type Config = Config;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Violation = Violation;
    type StateView = State;
    type EventView = Event;

    fn setup(config: &Config, _rng: &mut GameRng) -> Result<Setup, Violation> {
        if config.players != 2 {
            return Err(Violation::BadPlayerCount);
        }
        Ok(Setup {})
    }

    fn initial_state(_setup: &Setup) -> State {
        State {
            board: [None; 9],
            next: Seat(0),
            winner: None,
        }
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &Command,
        _rng: &mut GameRng,
    ) -> Result<Vec<Event>, Violation> {
        let Command::Mark { square } = *command;
        if state.winner.is_some() {
            return Err(Violation::GameOver);
        }
        if actor != state.next {
            return Err(Violation::NotYourTurn);
        }
        let Some(&mark) = state.board.get(usize::from(square)) else {
            return Err(Violation::NoSuchSquare);
        };
        if mark.is_some() {
            return Err(Violation::SquareTaken);
        }
        let mut board = state.board;
        board[usize::from(square)] = Some(actor);
        let mut events = vec![Event::Marked {
            seat: actor,
            square,
        }];
        if let Some(seat) = winner(&board) {
            events.push(Event::GameWon { seat });
        }
        Ok(events)
    }

    fn evolve(mut state: State, event: &Event) -> State {
        match *event {
            Event::Marked { seat, square } => {
                state.board[usize::from(square)] = Some(seat);
                state.next = Seat(1 - seat.0.min(1));
            }
            Event::GameWon { seat } => state.winner = Some(seat),
        }
        state
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Command> {
        if state.winner.is_some() || seat != state.next {
            return Vec::new();
        }
        (0..SQUARES)
            .filter(|&square| state.board[usize::from(square)].is_none())
            .map(|square| Command::Mark { square })
            .collect()
    }

    fn seats_to_act(state: &State) -> Vec<Seat> {
        match state.winner {
            Some(_) => Vec::new(),
            None => vec![state.next],
        }
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.winner.map(|winner| Outcome { winner })
    }

    fn view_state(state: &State, _viewer: Viewer) -> State {
        state.clone()
    }

    fn view_event(_state: &State, event: &Event, _viewer: Viewer) -> Event {
        event.clone()
    }
}

impl RandomPlayer for TicTacToe {
    const COMMAND_LIMIT: u64 = 100;
    const SEATS: (u8, u8) = (2, 2);

    fn random_command(state: &State, seat: Seat, rng: &mut GameRng) -> Option<Command> {
        Self::legal_actions(state, seat).choose(rng).cloned()
    }

    fn random_config(players: u8, _beginner_map: bool) -> Config {
        Config { players }
    }

    fn turns(state: &State) -> u64 {
        state.board.iter().flatten().count() as u64
    }
}

/// Nothing is hidden: a redeal is the state itself, and no event follows from a draw.
impl Redeal for TicTacToe {
    const HIDES: bool = false;

    fn redeal(state: &State, _seat: Seat, _rng: &mut GameRng) -> State {
        state.clone()
    }

    fn drawn_at(events: &[Event]) -> usize {
        events.len()
    }
}

/// A seat's only command is a mark, so a timed-out seat marks a square drawn among the empty ones.
impl Timeout for TicTacToe {
    fn timeout_rank(_command: &Command) -> u32 {
        RANK_ANY
    }
}

//! Tic-tac-toe's scoring: a mark that wins, then one that blocks the other seat's line, then the centre, a corner,
//! an edge.

use super::{Bot, Expert};
use crate::tictactoe::{Command, State, TicTacToe, LINES};
use crate::Seat;

/// How many of `seat`'s marks each line through `square` would hold with `square` marked, at best, counting only
/// lines no other seat has marked.
fn best_line(state: &State, seat: Seat, square: u8) -> usize {
    LINES
        .iter()
        .filter(|line| line.contains(&square))
        .filter(|line| {
            line.iter()
                .all(|&sq| state.board[usize::from(sq)].is_none_or(|s| s == seat))
        })
        .map(|line| {
            1 + line
                .iter()
                .filter(|&&sq| state.board[usize::from(sq)] == Some(seat))
                .count()
        })
        .max()
        .unwrap_or(0)
}

impl Bot for TicTacToe {
    fn greedy_score(state: &State, seat: Seat, command: &Command) -> i32 {
        let Command::Mark { square } = *command;
        let other = Seat(1 - seat.0.min(1));
        let place = match square {
            4 => 3,
            0 | 2 | 6 | 8 => 2,
            _ => 1,
        };
        match (
            best_line(state, seat, square),
            best_line(state, other, square),
        ) {
            (3, _) => 1000,
            (_, 3) => 500,
            (own, _) => 10 * own as i32 + place,
        }
    }
}

impl Expert for TicTacToe {
    /// 1 for the winner, the longest open line's marks in thirds otherwise.
    fn standing(state: &State, seat: Seat) -> f64 {
        if let Some(winner) = state.winner {
            return if winner == seat { 1.0 } else { 0.0 };
        }
        // The most of its marks in a line the other seat has not marked.
        let longest = LINES
            .iter()
            .filter(|line| {
                line.iter()
                    .all(|&sq| state.board[usize::from(sq)].is_none_or(|s| s == seat))
            })
            .map(|line| {
                line.iter()
                    .filter(|&&sq| state.board[usize::from(sq)] == Some(seat))
                    .count()
            })
            .max()
            .unwrap_or(0);
        longest as f64 / 3.0
    }

    fn target(_state: &State) -> f64 {
        1.0
    }

    fn seats(_state: &State) -> u8 {
        2
    }
}

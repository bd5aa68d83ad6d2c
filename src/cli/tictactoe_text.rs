//! Tic-tac-toe's state in words, the toy game of the tests (`toy-game` feature): the board as three rows of
//! marks, `X` for seat 0 and `O` for seat 1.

use super::ShowBoard;
use crate::proto::v1 as pb;
use std::fmt::Write as _;

/// The board, and who is next or who won: `None` for another game's state. The board is always drawn whole.
pub(crate) fn describe(
    state: &pb::game_state::Game,
    seats: &[String],
    _board: ShowBoard,
) -> Option<anyhow::Result<String>> {
    let pb::game_state::Game::Tictactoe(state) = state else {
        return None;
    };
    let name = |seat: u32| {
        seats
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    };
    let mut out = String::new();
    for row in state.board.chunks(3) {
        let marks: Vec<&str> = row
            .iter()
            .map(|square| match square.seat {
                Some(0) => "X",
                Some(_) => "O",
                None => ".",
            })
            .collect();
        writeln!(out, "{}", marks.join(" ")).unwrap();
    }
    match state.winner {
        Some(seat) => writeln!(out, "{} won", name(seat)).unwrap(),
        None => writeln!(out, "{} is next", name(state.next)).unwrap(),
    }
    Some(Ok(out))
}

//! What the hex machine reads of a game's state, borrowed in one value: the board, the pieces on it, the number
//! of seats and where the robber stands. Each game lends its own state's fields ([`Table`] is built by the game's
//! `State::table`), so the machine's checks take one argument instead of four and know no game's state type.

use super::board::{Board, HexId};
use super::rules::{EdgePiece, VertexPiece};

/// A game's board and pieces, as the hex machine sees them.
#[derive(Clone, Copy)]
pub(crate) struct Table<'a> {
    pub(crate) board: &'a Board,
    /// Buildings by vertex id.
    pub(crate) vertices: &'a [VertexPiece],
    /// Roads (and ships) by edge id.
    pub(crate) edges: &'a [EdgePiece],
    pub(crate) seats: u8,
    pub(crate) robber: HexId,
}

//! The opening of every game on this engine: who places when, what the second building yields, where the
//! robber starts.

use super::board::{Board, HexId, VertexId};
use super::layout::Terrain;
use super::resources::Resources;
use crate::Seat;

/// The seat placing at opening step `index` (0 to `2 * seats - 1`): clockwise from `first`, then back
/// (snake order), so the last seat to place in the first round is the first in the second.
pub(crate) fn snake_seat(first: Seat, seats: u8, index: u8) -> Seat {
    let k = if index < seats {
        index
    } else {
        2 * seats - 1 - index
    };
    Seat((first.0 + k) % seats)
}

/// One card of each resource the hexes around `v` yield: what the building placed in the second round takes from
/// the supply. Deserts and sea yield nothing.
pub(crate) fn starting_resources(board: &Board, v: VertexId) -> Resources {
    let mut got = Resources::ZERO;
    for &h in board.topology().vertex_hexes(v) {
        if let Some(r) = board.terrain(h).resource() {
            *got.get_mut(r) += 1;
        }
    }
    got
}

/// Where the robber starts: the first desert, or the first hex on a board without one.
pub fn robber_start(board: &Board) -> HexId {
    board
        .first_of(Terrain::Desert)
        .or_else(|| board.topology().hex(0))
        .expect("a board has at least one hex")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_order_goes_round_and_back() {
        let order: Vec<u8> = (0..8).map(|i| snake_seat(Seat(2), 4, i).0).collect();
        assert_eq!(order, [2, 3, 0, 1, 1, 0, 3, 2]);
    }
}

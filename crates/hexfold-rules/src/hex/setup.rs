//! The opening of every game on this engine: who places when, what the second building yields, where the
//! robber starts.

use super::board::{Board, EdgeId, HexId, VertexId};
use super::layout::Terrain;
use super::resources::Resources;
use super::rules::EdgePiece;
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

/// Why an opening road cannot go on an edge; each game maps it to its own violation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpeningRoadError {
    /// A road already lies on the edge.
    Occupied,
    /// The edge does not touch the building just placed.
    NotAtNewBuilding,
}

/// Whether an opening road may go on `e`: a free edge touching `building`, the one just placed.
pub(crate) fn opening_road_site(
    board: &Board,
    edges: &[EdgePiece],
    building: VertexId,
    e: EdgeId,
) -> Result<(), OpeningRoadError> {
    if !edges[e.index()].is_empty() {
        return Err(OpeningRoadError::Occupied);
    }
    if !board.topology().edge_vertices(e).contains(&building) {
        return Err(OpeningRoadError::NotAtNewBuilding);
    }
    Ok(())
}

/// Every edge an opening road may take next to `building`, in the board's order of its sides.
pub(crate) fn opening_road_sites<'a>(
    board: &'a Board,
    edges: &'a [EdgePiece],
    building: VertexId,
) -> impl Iterator<Item = EdgeId> + 'a {
    board
        .topology()
        .vertex_edges(building)
        .iter()
        .copied()
        .filter(|e| edges[e.index()].is_empty())
}

/// Where the robber starts: the first desert, or the first hex on a board without one.
pub(crate) fn robber_start(board: &Board) -> HexId {
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

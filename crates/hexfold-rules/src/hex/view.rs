//! What every viewer sees of a hex board: the layout with its id tables, and the roads on it. Nothing on a board
//! is hidden, so these views take no viewer.

use super::board::{Board, EdgeId, VertexId, VertexKey};
use super::layout::Layout;
use super::rules::EdgePiece;
use crate::Seat;
use serde::Serialize;

/// The board as clients need it to draw and address it: the layout plus the id tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// Hexes (index = `HexId`) and harbors.
    pub layout: Layout,
    /// Index = `VertexId`.
    pub vertices: Vec<VertexKey>,
    /// Index = `EdgeId`: the two corners of each side.
    pub edges: Vec<[VertexId; 2]>,
}

/// A road on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RoadView {
    pub edge: EdgeId,
    pub seat: Seat,
}

/// The layout and the id of every corner and side.
pub fn board_view(board: &Board) -> BoardView {
    let t = board.topology();
    BoardView {
        layout: board.layout().clone(),
        vertices: t.vertices().map(|v| t.vertex_key(v)).collect(),
        edges: t.edges().map(|e| t.edge_vertices(e)).collect(),
    }
}

/// Every road on the board with its owner, in edge order.
pub fn road_views(board: &Board, edges: &[EdgePiece]) -> Vec<RoadView> {
    board
        .topology()
        .edges()
        .filter_map(|e| {
            edges[e.index()]
                .owner()
                .map(|seat| RoadView { edge: e, seat })
        })
        .collect()
}

//! The checks every hex game runs before it emits anything: whose turn it is, whether an id is on the board, and
//! where a settlement, city, road or the robber may go.
//!
//! Each check returns a [`HexViolation`]; the game's `?` turns it into the game's own violation. Pieces that are
//! not buildings or roads but still block (Cities & Knights' knights) are the caller's to add: `blockers` is the
//! vertex array as the road rules see it, and the site checks take the game's own extra occupant test.

use super::board::{Board, EdgeId, HexId, VertexId};
use super::resources::Resources;
use super::rules::{building_site, road_connects, EdgePiece, SiteError, VertexPiece, Victims};
use super::table::Table;
use super::violation::HexViolation;
use crate::Seat;

/// Only the active seat may do this.
pub(crate) fn require_active(active: Seat, actor: Seat) -> Result<(), HexViolation> {
    if actor == active {
        Ok(())
    } else {
        Err(HexViolation::NotYourTurn)
    }
}

/// A seat at this table.
pub(crate) fn check_seat(seats: u8, seat: Seat) -> Result<Seat, HexViolation> {
    if seat.0 < seats {
        Ok(seat)
    } else {
        Err(HexViolation::NoSuchSeat)
    }
}

/// `v` as a vertex of this board.
pub(crate) fn check_vertex(board: &Board, v: VertexId) -> Result<VertexId, HexViolation> {
    board
        .topology()
        .vertex(v.index())
        .ok_or(HexViolation::NoSuchVertex)
}

/// `e` as an edge of this board.
pub(crate) fn check_edge(board: &Board, e: EdgeId) -> Result<EdgeId, HexViolation> {
    board
        .topology()
        .edge(e.index())
        .ok_or(HexViolation::NoSuchEdge)
}

/// `h` as a hex of this board.
pub(crate) fn check_hex(board: &Board, h: HexId) -> Result<HexId, HexViolation> {
    board
        .topology()
        .hex(h.index())
        .ok_or(HexViolation::NoSuchHex)
}

/// The seat's hand holds `cost`.
pub(crate) fn afford(hand: Resources, cost: Resources) -> Result<(), HexViolation> {
    if hand.contains(cost) {
        Ok(())
    } else {
        Err(HexViolation::CannotAfford)
    }
}

/// A piece of a kind with `left` in the supply can be placed.
pub(crate) fn piece_left(left: u8) -> Result<(), HexViolation> {
    if left == 0 {
        Err(HexViolation::NoPiecesLeft)
    } else {
        Ok(())
    }
}

/// A corner for a new building (an opening settlement, Cities & Knights' opening city, or a built settlement
/// before its road test): free, no building next to it (base seed lines 40, 76), and not held by one of the
/// game's other pieces (`occupied`).
pub(crate) fn site(
    board: &Board,
    vertices: &[VertexPiece],
    occupied: bool,
    v: VertexId,
) -> Result<(), HexViolation> {
    if occupied {
        return Err(HexViolation::VertexOccupied);
    }
    building_site(board, vertices, v).map_err(|e| match e {
        SiteError::Occupied => HexViolation::VertexOccupied,
        SiteError::TooClose => HexViolation::DistanceRule,
    })
}

/// Whether one of `seat`'s roads ends at `v`.
pub(crate) fn touches_own_road(
    board: &Board,
    edges: &[EdgePiece],
    seat: Seat,
    v: VertexId,
) -> bool {
    board
        .topology()
        .vertex_edges(v)
        .iter()
        .any(|e| edges[e.index()].is_owned_by(seat))
}

/// A settlement built in play: a [`site`] that touches one of the seat's roads.
pub(crate) fn settlement_site(
    table: Table<'_>,
    occupied: bool,
    seat: Seat,
    v: VertexId,
) -> Result<(), HexViolation> {
    site(table.board, table.vertices, occupied, v)?;
    if touches_own_road(table.board, table.edges, seat, v) {
        Ok(())
    } else {
        Err(HexViolation::SettlementNotConnected)
    }
}

/// A city goes on one of the seat's own settlements.
pub(crate) fn city_site(
    vertices: &[VertexPiece],
    seat: Seat,
    v: VertexId,
) -> Result<(), HexViolation> {
    let piece = vertices[v.index()];
    if piece.is_owned_by(seat) && !piece.is_city() {
        Ok(())
    } else {
        Err(HexViolation::NotYourSettlement)
    }
}

/// A road of `seat` on `e`: a free edge that touches the seat's building, or its road at a corner not cut by
/// another seat's piece in `blockers` (base seed line 37; official rule: not through another's settlement).
pub(crate) fn road_site(
    board: &Board,
    blockers: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
    e: EdgeId,
) -> Result<(), HexViolation> {
    if !edges[e.index()].is_empty() {
        return Err(HexViolation::EdgeOccupied);
    }
    if road_connects(board, blockers, edges, seat, e) {
        Ok(())
    } else {
        Err(HexViolation::RoadNotConnected)
    }
}

/// Where an opening road may go: a free edge touching `building`, the one just placed.
pub(crate) fn opening_road_site(
    table: Table<'_>,
    building: VertexId,
    e: EdgeId,
) -> Result<(), HexViolation> {
    if !table.edges[e.index()].is_empty() {
        return Err(HexViolation::EdgeOccupied);
    }
    if !table.board.topology().edge_vertices(e).contains(&building) {
        return Err(HexViolation::RoadNotAtNewBuilding);
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

/// A robber move by `thief` to `hex`, robbing `victim`: the hex is on the board and another land hex than the
/// robber's, and the victim is a choice [`Victims`] allows. Returns the hex.
pub(crate) fn robber_move(
    table: Table<'_>,
    thief: Seat,
    hex: HexId,
    victim: Option<Seat>,
    has_cards: impl Fn(Seat) -> bool,
) -> Result<HexId, HexViolation> {
    let h = check_hex(table.board, hex)?;
    if !super::rules::robber_may_move(table.board, table.robber, h) {
        return Err(HexViolation::RobberMustMove);
    }
    if let Some(v) = victim {
        check_seat(table.seats, v)?;
    }
    Victims::of_robber(table.board, table.vertices, h, thief, has_cards).check(victim)?;
    Ok(h)
}

/// The free roads of a road building card: `first`, then `second` unless none can follow (no piece left or no
/// legal side). `blockers` as for [`road_site`]. Returns the roads and the edge array with them laid.
pub(crate) fn road_building(
    board: &Board,
    blockers: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
    roads_left: u8,
    first: EdgeId,
    second: Option<EdgeId>,
) -> Result<(EdgeId, Option<EdgeId>, Vec<EdgePiece>), HexViolation> {
    let first = check_edge(board, first)?;
    piece_left(roads_left)?;
    road_site(board, blockers, edges, seat, first)?;
    let mut laid = edges.to_vec();
    laid[first.index()] = EdgePiece::road(seat);
    let second = match second {
        Some(e) => {
            let e = check_edge(board, e)?;
            piece_left(roads_left - 1)?;
            road_site(board, blockers, &laid, seat, e)?;
            laid[e.index()] = EdgePiece::road(seat);
            Some(e)
        }
        None => {
            // A second road is owed only when a piece is left and some side takes it.
            if roads_left >= 2
                && board
                    .topology()
                    .edges()
                    .any(|e| road_site(board, blockers, &laid, seat, e).is_ok())
            {
                return Err(HexViolation::RoadBuildingIncomplete);
            }
            None
        }
    };
    Ok((first, second, laid))
}

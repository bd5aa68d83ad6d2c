//! The wonders of Catan (seed lines 12, 14, 148-150; spec D-07, D-18): five wonders, each started by one seat that
//! meets its condition and builds no other, raised in four levels paid in resources, worth 4 points once the
//! fourth is built.
//!
//! The seed names the wonders' cards without printing them, so their conditions and costs are those of Seafarers'
//! "The Wonders of Catan" as JSettlers2 encodes them (`SOCSpecialItem.REQ_SC_WOND`, `COST_SC_WOND`): claiming a
//! wonder builds its first level and takes a ship from supply as the builder's marker, several levels may be built
//! in one turn, and the condition is checked only when the wonder is claimed. The Great Bridge's and the Great
//! Wall's sites are the map's wonder tokens (spec §3.2): the two corners of the strait hex (11,1) that touch land on
//! either side, and the six corners of the East island's desert (13,6).
//!
//! Everything here is public: the condition reads the board and the points every seat sees (never the hidden
//! victory point cards, which an accepted Cathedral would otherwise betray), and the cost reads the builder's own
//! hand, which only its own command is judged on.

use super::decide::{end_trade, Ctx};
use super::*;
use crate::cities_knights::decide as ckd;
use crate::hex::{piece_left, HexCoord, VertexId};

/// Levels that complete a wonder (seed line 149: "die vierte Ausbaustufe").
pub const WONDER_LEVELS: u8 = 4;
/// Points of a complete wonder (seed line 149).
pub const WONDER_POINTS: u8 = 4;
/// Public points the Cathedral asks for with its city (JSettlers2 `REQ_SC_WOND`: "C,6V").
pub const CATHEDRAL_POINTS: u8 = 6;
/// The trade route the Monument asks for with its city at a harbor (JSettlers2: "C@P,5L").
pub const MONUMENT_ROUTE: u8 = 5;

/// The strait between the volcano isle and the North-East island, as a table cell (spec §3.2).
const STRAIT: (usize, usize) = (11, 1);
/// The strait's marked corners: south-west (touching the volcano isle's (10,1)) and south-east (touching the
/// North-East island's (12,1)), as corner indexes clockwise from north.
const STRAIT_CORNERS: [usize; 2] = [4, 2];
/// The East island's desert whose six corners are the Great Wall's sites (spec §3.2).
const WALL_DESERT: (usize, usize) = (13, 6);

fn hex_of(board: &Board, cell: (usize, usize)) -> Option<HexId> {
    let c: HexCoord = map::coord(cell.0, cell.1);
    board.topology().hex_at(c)
}

/// The corners `wonder`'s condition names, empty if it names none (or the board lacks the hex).
pub fn sites(board: &Board, wonder: Wonder) -> Vec<VertexId> {
    let t = board.topology();
    match wonder {
        Wonder::GreatBridge => hex_of(board, STRAIT)
            .map(|h| STRAIT_CORNERS.map(|i| t.hex_vertices(h)[i]).to_vec())
            .unwrap_or_default(),
        Wonder::GreatWall => hex_of(board, WALL_DESERT)
            .map(|h| t.hex_vertices(h).to_vec())
            .unwrap_or_default(),
        Wonder::Theater | Wonder::Monument | Wonder::Cathedral => Vec::new(),
    }
}

/// Every wonder's named corners, for the view.
pub(super) fn all_sites(board: &Board) -> Vec<WonderSite> {
    Wonder::ALL
        .into_iter()
        .map(|wonder| WonderSite {
            wonder,
            vertices: sites(board, wonder),
        })
        .filter(|s| !s.vertices.is_empty())
        .collect()
}

/// Whether `seat` meets `wonder`'s condition on the board as every seat sees it. A building on a site is a
/// settlement or a city (a city stands where its settlement stood; JSettlers2 counts settlements only).
pub(super) fn condition_met(st: &State, seat: Seat, wonder: Wonder) -> bool {
    let board = st.board();
    let pieces = &st.ck.vertices;
    let owned = |v: VertexId| pieces[v.index()].owner() == Some(seat);
    let cities = || {
        board
            .topology()
            .vertices()
            .filter(move |&v| owned(v) && pieces[v.index()].is_city())
    };
    match wonder {
        Wonder::Theater => cities().count() >= 2,
        Wonder::GreatBridge | Wonder::GreatWall => sites(board, wonder).into_iter().any(owned),
        Wonder::Monument => {
            st.ck.players[seat.index()].road_length >= MONUMENT_ROUTE
                && cities().any(|v| board.harbor_at(v).is_some())
        }
        Wonder::Cathedral => {
            cities().next().is_some() && st.public_points(seat) >= CATHEDRAL_POINTS
        }
    }
}

/// The wonder `seat` builds, if any.
pub(super) fn of(st: &State, seat: Seat) -> Option<WonderBuild> {
    st.wonders.iter().copied().find(|w| w.seat == seat)
}

/// Why `seat` may not claim `wonder` now, checked in the order a player would: the turn, the wonder's and the
/// seat's own claim, the condition, the marker ship, the first level's resources.
pub(super) fn may_start(st: &State, seat: Seat, wonder: Wonder) -> Result<(), Violation> {
    ckd::main(&st.ck, seat)?;
    if of(st, seat).is_some() {
        return Err(Violation::OneWonderPerSeat);
    }
    if st.wonders.iter().any(|w| w.wonder == wonder) {
        return Err(Violation::WonderTaken);
    }
    if !condition_met(st, seat, wonder) {
        return Err(Violation::WonderConditionUnmet);
    }
    piece_left(st.ships_left(seat))?;
    if !st.ck.hand(seat).resources.contains(wonder.level_cost()) {
        return Err(Violation::WonderLevelUnpaid);
    }
    Ok(())
}

/// Why `seat` may not build its wonder's next level now, else that wonder.
pub(super) fn may_raise(st: &State, seat: Seat) -> Result<WonderBuild, Violation> {
    ckd::main(&st.ck, seat)?;
    let w = of(st, seat).ok_or(Violation::NoWonderStarted)?;
    if w.level >= WONDER_LEVELS {
        return Err(Violation::WonderComplete);
    }
    if !st.ck.hand(seat).resources.contains(w.wonder.level_cost()) {
        return Err(Violation::WonderLevelUnpaid);
    }
    Ok(w)
}

/// The events of `actor` claiming `wonder`: the claim, then its first level.
pub(super) fn start(st: &State, c: &mut Ctx, actor: Seat, wonder: Wonder) -> Result<(), Violation> {
    may_start(st, actor, wonder)?;
    end_trade(st, c, actor);
    c.push(Event::WonderStarted {
        seat: actor,
        wonder,
    });
    c.push(Event::WonderLevelBuilt {
        seat: actor,
        wonder,
        level: 1,
    });
    Ok(())
}

/// The events of `actor` building its wonder's next level.
pub(super) fn raise(st: &State, c: &mut Ctx, actor: Seat) -> Result<(), Violation> {
    let w = may_raise(st, actor)?;
    end_trade(st, c, actor);
    c.push(Event::WonderLevelBuilt {
        seat: actor,
        wonder: w.wonder,
        level: w.level + 1,
    });
    Ok(())
}

/// The points of `seat`'s complete wonder (public).
pub(super) fn points(st: &State, seat: Seat) -> u8 {
    match of(st, seat) {
        Some(w) if w.level >= WONDER_LEVELS => WONDER_POINTS,
        _ => 0,
    }
}

/// Every way `seat` may claim or raise a wonder now.
pub(super) fn choices(st: &State, seat: Seat, out: &mut Vec<Command>) {
    if of(st, seat).is_some() {
        if may_raise(st, seat).is_ok() {
            out.push(Command::BuildWonderLevel);
        }
        return;
    }
    // What costs nothing first: a wonder's condition may walk the seat's whole trade route, and most hands
    // cannot pay a first level. The same commands as `may_start` alone would list.
    let hand = st.ck.hand(seat).resources;
    for wonder in Wonder::ALL {
        if hand.contains(wonder.level_cost()) && may_start(st, seat, wonder).is_ok() {
            out.push(Command::StartWonder { wonder });
        }
    }
}

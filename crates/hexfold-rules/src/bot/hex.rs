//! What the greedy bots of the hex games share: the value of a corner, of a road towards one, of a hand, of a
//! robber hex, and whether a trade feeds the leader. Everything here reads the board, the pieces on it, public
//! points and the bot's own hand; nothing hidden.

use crate::hex::{
    building_site, Board, EdgeId, EdgePiece, HexId, Resource, Resources, VertexId, VertexPiece,
};
use crate::Seat;

/// The chances of a number token in 36 rolls of two dice (a 6 or an 8: 5), 0 for none or a 7.
pub(super) fn pips(number: Option<u8>) -> i32 {
    match number {
        Some(n) if (2..=12).contains(&n) && n != 7 => 6 - (7 - i32::from(n)).abs(),
        _ => 0,
    }
}

/// What `seat`'s buildings yield per 36 rolls, by resource (a city counts twice).
pub(super) fn production(board: &Board, vertices: &[VertexPiece], seat: Seat) -> [i32; 5] {
    let mut out = [0; 5];
    for v in board.topology().vertices() {
        let piece = vertices[v.index()];
        if !piece.is_owned_by(seat) {
            continue;
        }
        for &h in board.topology().vertex_hexes(v) {
            if let Some(r) = board.terrain(h).resource() {
                out[r.index()] += pips(board.number(h)) * i32::from(piece.yield_count());
            }
        }
    }
    out
}

/// How much a building on `v` is worth to `seat`: ten per pip of every producing hex around it, more for a
/// resource it yields little of so far, and a little for a harbor.
pub(super) fn corner_value(
    board: &Board,
    vertices: &[VertexPiece],
    seat: Seat,
    v: VertexId,
) -> i32 {
    let made = production(board, vertices, seat);
    let mut value = 0;
    let mut new_kinds = [false; 5];
    for &h in board.topology().vertex_hexes(v) {
        let Some(r) = board.terrain(h).resource() else {
            continue;
        };
        let p = pips(board.number(h));
        // Variety: the first pips of a resource are worth more than the tenth.
        value += p * (10 + 12 / (1 + made[r.index()]));
        if made[r.index()] == 0 && p > 0 {
            new_kinds[r.index()] = true;
        }
    }
    value += 8 * new_kinds.iter().filter(|&&n| n).count() as i32;
    match board.harbor_at(v) {
        Some(Some(r)) => value + 2 * made[r.index()].min(10),
        Some(None) => value + 6,
        None => value,
    }
}

/// Whether a settlement could stand on `v` as far as the pieces go (the distance rule).
pub(super) fn free_site(board: &Board, vertices: &[VertexPiece], v: VertexId) -> bool {
    building_site(board, vertices, v).is_ok()
}

/// Whether `seat` has a free site at the end of one of its roads, where a settlement could go now.
pub(super) fn has_site(
    board: &Board,
    vertices: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
) -> bool {
    let t = board.topology();
    t.vertices().any(|v| {
        free_site(board, vertices, v)
            && t.vertex_edges(v)
                .iter()
                .any(|e| edges[e.index()].is_owned_by(seat))
    })
}

/// Whether the robber on `robber` blocks one of `seat`'s buildings.
pub(super) fn robbed(board: &Board, vertices: &[VertexPiece], robber: HexId, seat: Seat) -> bool {
    board
        .topology()
        .hex_vertices(robber)
        .iter()
        .any(|v| vertices[v.index()].is_owned_by(seat))
}

/// What a road on `e` opens up for `seat`: the best free site at its ends, or half of one a step further.
pub(super) fn road_prospect(board: &Board, vertices: &[VertexPiece], seat: Seat, e: EdgeId) -> i32 {
    let t = board.topology();
    let mut best = 0;
    for w in t.edge_vertices(e) {
        if free_site(board, vertices, w) {
            best = best.max(corner_value(board, vertices, seat, w));
        }
        for &n in t.vertex_neighbors(w) {
            if free_site(board, vertices, n) {
                best = best.max(corner_value(board, vertices, seat, n) / 2);
            }
        }
    }
    best
}

/// How much `seat` would hurt its opponents by putting the robber on `hex`: the pips blocked, weighted by the
/// victim's public points, and a heavy penalty for blocking itself.
pub(super) fn robber_value(
    board: &Board,
    vertices: &[VertexPiece],
    seat: Seat,
    hex: HexId,
    points: &[u8],
) -> i32 {
    let p = pips(board.number(hex));
    let mut value = 0;
    for &v in board.topology().hex_vertices(hex) {
        let piece = vertices[v.index()];
        match piece.owner() {
            Some(s) if s == seat => value -= 40 * p * i32::from(piece.yield_count()),
            Some(s) => {
                let pts = i32::from(points.get(s.index()).copied().unwrap_or(0));
                value += p * i32::from(piece.yield_count()) * (2 + pts);
            }
            None => {}
        }
    }
    value
}

/// How much robbing `victim` is worth: more for more public points, nothing for robbing no one.
pub(super) fn victim_value(victim: Option<Seat>, points: &[u8]) -> i32 {
    victim.map_or(0, |s| {
        1 + i32::from(points.get(s.index()).copied().unwrap_or(0))
    })
}

/// A goal of a hand: a cost and how much it matters now.
#[derive(Clone, Copy)]
pub(super) struct Goal {
    pub(super) cost: Resources,
    pub(super) weight: i32,
}

/// How good `hand` is towards `goals`: each goal counts the cards of its cost the hand covers, and a goal the hand
/// pays in full counts three times more. Spare cards count a little (they can be traded), unless the hand is over
/// the limit a 7 halves.
pub(super) fn hand_value(hand: Resources, goals: &[Goal], limit: u16) -> i32 {
    let mut value = 0;
    for g in goals {
        let covered: i32 = Resource::ALL
            .iter()
            .map(|&r| i32::from(hand.get(r).min(g.cost.get(r))))
            .sum();
        value += g.weight * covered * 4;
        if hand.contains(g.cost) {
            value += g.weight * 12;
        }
    }
    let total = i32::from(hand.total());
    value + if hand.total() > limit { -total } else { total }
}

/// Whether trading with `other` helps the leader: `other` is ahead of `seat` by two or more public points and no
/// one is ahead of it, or it is two points from the target.
pub(super) fn feeds_leader(points: &[u8], target: u8, seat: Seat, other: Seat) -> bool {
    let theirs = points[other.index()];
    let top = points.iter().copied().max().unwrap_or(0);
    (theirs == top && theirs >= points[seat.index()] + 2) || theirs + 2 >= target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pips_count_the_ways_two_dice_make_a_number() {
        let counts: Vec<i32> = (2..=12).map(|n| pips(Some(n))).collect();
        assert_eq!(counts, [1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1]);
        assert_eq!(pips(None), 0);
    }

    #[test]
    fn a_hand_that_pays_a_goal_is_worth_more_than_one_card_short() {
        let city = [Goal {
            cost: Resources::new(0, 0, 0, 2, 3),
            weight: 3,
        }];
        let full = hand_value(Resources::new(0, 0, 0, 2, 3), &city, 7);
        let short = hand_value(Resources::new(1, 0, 0, 2, 2), &city, 7);
        assert!(full > short + 30, "{full} vs {short}");
    }

    #[test]
    fn the_leader_is_not_fed() {
        let points = [3, 6, 4];
        assert!(feeds_leader(&points, 10, Seat(0), Seat(1)));
        assert!(!feeds_leader(&points, 10, Seat(1), Seat(2)));
        assert!(feeds_leader(&[3, 4, 8], 10, Seat(0), Seat(2)));
    }
}

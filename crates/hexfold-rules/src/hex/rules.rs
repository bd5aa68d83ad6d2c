//! Rules written once over a board and its pieces: edge and corner pieces, production with its yield hook and the
//! bank rule, robber victims, harbor ratios, the longest road and its card.

use super::board::{Board, EdgeId, HexId, VertexId};
use super::layout::Terrain;
use super::resources::Resource;
use super::table::Table;
use super::trade::Cards;
use super::violation::HexViolation;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// What stands on a vertex, packed in one byte: 0 = nothing, else `seat + 1` in the low bits and
/// [`VertexPiece::CITY`] for a city. One byte per vertex keeps the state small and cheap to compare.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct VertexPiece(u8);

impl VertexPiece {
    const CITY: u8 = 0x80;
    pub const EMPTY: VertexPiece = VertexPiece(0);

    /// Whether two boards' corners hold the same pieces, as `a == b` says: compared a block of bytes at a time
    /// without stopping early, which the compiler turns into a few wide comparisons where the derived comparison
    /// tests corner by corner (a few hundred of them on Catania's map, after every command).
    pub fn all_equal(a: &[VertexPiece], b: &[VertexPiece]) -> bool {
        a.len() == b.len()
            && a.chunks(64)
                .zip(b.chunks(64))
                .all(|(x, y)| x.iter().zip(y).fold(0, |d, (p, q)| d | (p.0 ^ q.0)) == 0)
    }

    pub fn settlement(seat: Seat) -> Self {
        VertexPiece(seat.0 + 1)
    }
    pub fn city(seat: Seat) -> Self {
        VertexPiece((seat.0 + 1) | Self::CITY)
    }
    pub fn owner(self) -> Option<Seat> {
        let s = self.0 & !Self::CITY;
        (s != 0).then(|| Seat(s - 1))
    }
    /// `owner() == Some(seat)` as one byte compare: the legal-move scans ask it for every corner they pass.
    pub fn is_owned_by(self, seat: Seat) -> bool {
        u16::from(self.0 & !Self::CITY) == u16::from(seat.0) + 1
    }
    pub fn is_city(self) -> bool {
        self.0 & Self::CITY != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Cards this piece yields from one producing hex: settlement 1, city 2.
    pub fn yield_count(self) -> u8 {
        if self.is_empty() {
            0
        } else if self.is_city() {
            2
        } else {
            1
        }
    }
}

/// What lies on an edge, packed in one byte like [`VertexPiece`]: 0 = nothing, else `seat + 1` in the low bits and
/// [`EdgePiece::SHIP`] for a ship. The base games lay only roads, so their stored form is `seat + 1` as before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EdgePiece(u8);

impl EdgePiece {
    const SHIP: u8 = 0x80;
    pub const EMPTY: EdgePiece = EdgePiece(0);

    pub fn road(seat: Seat) -> Self {
        EdgePiece(seat.0 + 1)
    }
    /// A ship: an edge piece for sea sides (Catania). No rule of the base games lays one.
    pub fn ship(seat: Seat) -> Self {
        EdgePiece((seat.0 + 1) | Self::SHIP)
    }
    pub fn owner(self) -> Option<Seat> {
        let s = self.0 & !Self::SHIP;
        (s != 0).then(|| Seat(s - 1))
    }
    /// `owner() == Some(seat)` as one byte compare, like [`VertexPiece::is_owned_by`].
    pub fn is_owned_by(self, seat: Seat) -> bool {
        u16::from(self.0 & !Self::SHIP) == u16::from(seat.0) + 1
    }
    pub fn is_ship(self) -> bool {
        self.0 & Self::SHIP != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Why a corner cannot take a new building.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SiteError {
    /// A building already stands on the corner.
    Occupied,
    /// A neighbouring corner holds a building (the distance rule).
    TooClose,
}

/// Whether a new settlement (or a Cities & Knights starting city) may stand on `v`: the corner and its
/// neighbours hold no building.
pub fn building_site(
    board: &Board,
    vertices: &[VertexPiece],
    v: VertexId,
) -> Result<(), SiteError> {
    if !vertices[v.index()].is_empty() {
        return Err(SiteError::Occupied);
    }
    if board
        .topology()
        .vertex_neighbors(v)
        .iter()
        .any(|n| !vertices[n.index()].is_empty())
    {
        return Err(SiteError::TooClose);
    }
    Ok(())
}

/// Whether a road of `seat` on the (free) edge `e` connects: it touches the seat's building, or the seat's road
/// at a corner not held by another seat's piece (a road does not connect through another player's settlement).
pub fn road_connects(
    board: &Board,
    vertices: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
    e: EdgeId,
) -> bool {
    let t = board.topology();
    t.edge_vertices(e).into_iter().any(|v| {
        let piece = vertices[v.index()];
        if piece.is_empty() {
            t.vertex_edges(v)
                .iter()
                .any(|&x| x != e && edges[x.index()].is_owned_by(seat))
        } else {
            piece.is_owned_by(seat)
        }
    })
}

/// Adds what each seat's buildings receive on `roll` into `out[seat]`, before any bank limit. Every hex carrying
/// the number that `blocked` does not exclude (the robber's; in Catania also the storm's) gives each building on
/// its corners what the game's yield hook says: `add(hand, resource, terrain, piece)` adds the building's cards
/// from a hex of `terrain` yielding `resource`. Hexes without a resource (desert, sea) give nothing.
pub fn produce_into<H>(
    board: &Board,
    vertices: &[VertexPiece],
    roll: u8,
    blocked: impl Fn(HexId) -> bool,
    out: &mut [H],
    mut add: impl FnMut(&mut H, Resource, Terrain, VertexPiece),
) {
    for &h in board.hexes_with_number(roll) {
        if blocked(h) {
            continue;
        }
        let terrain = board.terrain(h);
        let Some(r) = terrain.resource() else {
            continue;
        };
        for &v in board.topology().hex_vertices(h) {
            let piece = vertices[v.index()];
            if let Some(seat) = piece.owner() {
                add(&mut out[seat.index()], r, terrain, piece);
            }
        }
    }
}

/// One roll's production once the bank rule is applied: each seat's cards (index = seat) and the kinds of card
/// nobody got.
pub(crate) struct Yields<H: Cards> {
    gains: [H; 8],
    seats: u8,
    pub(crate) withheld: Vec<H::Kind>,
}

impl<H: Cards> Yields<H> {
    /// The seats that receive something, with what they receive, in seat order.
    pub(crate) fn gains(&self) -> impl Iterator<Item = (Seat, H)> + '_ {
        (0..self.seats)
            .map(|s| (Seat(s), self.gains[usize::from(s)]))
            .filter(|(_, h)| !h.is_empty())
    }
}

/// Production for `roll` under the bank rule, written once for every hex game: [`produce_into`] over the table
/// with the game's yield hook `add`, the robber's hex blocked, then [`withhold_short`] against `bank` over every
/// kind of card in `H::KINDS` order (`slot` gives a hand's count of a kind).
pub(crate) fn roll_production<H: Cards + Default>(
    table: Table<'_>,
    roll: u8,
    bank: H,
    add: impl FnMut(&mut H, Resource, Terrain, VertexPiece),
    slot: impl Fn(&mut H, H::Kind) -> &mut u8,
) -> Yields<H> {
    let mut gains = [H::default(); 8];
    let (seats, robber) = (table.seats, table.robber);
    let n = usize::from(seats);
    produce_into(
        table.board,
        table.vertices,
        roll,
        |h| h == robber,
        &mut gains[..n],
        add,
    );
    let withheld = withhold_short(
        &mut gains[..n],
        H::KINDS.iter().copied(),
        |k| bank.count(k),
        slot,
    );
    Yields {
        gains,
        seats,
        withheld,
    }
}

/// The bank rule for production (base seed line 71, kept by Cities & Knights): a good the bank cannot pay every
/// seat its share of is paid to nobody this turn. Zeroes those goods in `gains` (one entry per seat) and returns
/// them in `goods` order. Generic over the good and hand types so resources-only and resource-plus-commodity
/// games share it; `slot` gives a hand's count of a good.
pub(crate) fn withhold_short<G: Copy, H>(
    gains: &mut [H],
    goods: impl IntoIterator<Item = G>,
    bank: impl Fn(G) -> u8,
    slot: impl Fn(&mut H, G) -> &mut u8,
) -> Vec<G> {
    let mut withheld = Vec::new();
    for g in goods {
        let demand: u16 = gains.iter_mut().map(|h| u16::from(*slot(h, g))).sum();
        if demand > u16::from(bank(g)) {
            withheld.push(g);
            for h in gains.iter_mut() {
                *slot(h, g) = 0;
            }
        }
    }
    withheld
}

/// Catania's bank rule for production (its seed, line 24: yields are handed out clockwise from the roller; spec
/// decision D-41): for each good, the seats in `order` (indexes into `gains`) are paid in turn while the bank
/// holds their share; the first it cannot pay in full gets what is left, the seats after it nothing. Lowers
/// `gains` to what is paid and returns, in `goods` order, the goods some seat got less of than its share.
pub(crate) fn pay_in_turn<G: Copy, H>(
    gains: &mut [H],
    order: &[usize],
    goods: impl IntoIterator<Item = G>,
    bank: impl Fn(G) -> u8,
    slot: impl Fn(&mut H, G) -> &mut u8,
) -> Vec<G> {
    let mut short = Vec::new();
    for g in goods {
        let mut left = bank(g);
        let mut any_short = false;
        for &i in order {
            let want = slot(&mut gains[i], g);
            if *want > left {
                *want = left;
                any_short = true;
            }
            left -= *want;
        }
        if any_short {
            short.push(g);
        }
    }
    short
}

/// Cards a seat holding `hand_total` cards must discard when a 7 is rolled: half, rounded down, if it holds
/// more than `limit` (7 in the base game, raised by city walls in Cities & Knights), else none.
pub(crate) fn discard_owed(hand_total: u16, limit: u8) -> Option<u8> {
    (hand_total > u16::from(limit)).then_some((hand_total / 2) as u8)
}

/// The seats other than `thief` with a building on a corner of `hex`, as a bit mask (bit `i` = seat `i`).
pub fn robber_victims(board: &Board, vertices: &[VertexPiece], hex: HexId, thief: Seat) -> u8 {
    let mut mask = 0u8;
    for &v in board.topology().hex_vertices(hex) {
        if let Some(s) = vertices[v.index()].owner() {
            if s != thief {
                mask |= 1 << s.0;
            }
        }
    }
    mask
}

/// Whether the robber standing on `from` may be moved to `to`: any land hex but the one it stands on (it must
/// move).
pub(crate) fn robber_may_move(board: &Board, from: HexId, to: HexId) -> bool {
    to != from && board.terrain(to).is_land()
}

/// The victims a bandit's mover may name on its new hex. `present` are the opponents there (a building on a
/// corner for the robber, a ship on a side for the pirate), `holding` those of them with a card. Any opponent
/// present may be named, one holding nothing included (the steal then takes nothing): seed 003 (lines 57, 77)
/// lets the roller steal from "a player with a settlement or city at the new hex", and the official rules leave
/// the choice of that player to the roller. Naming nobody is allowed only when nobody present holds a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Victims {
    present: u8,
    holding: u8,
}

impl Victims {
    /// The victims among `present` (a seat bit mask like [`robber_victims`]), `has_cards` asked only about them.
    pub(crate) fn new(present: u8, has_cards: impl Fn(Seat) -> bool) -> Victims {
        let holding = (0..8u8)
            .filter(|&i| present & (1 << i) != 0 && has_cards(Seat(i)))
            .fold(0, |m, i| m | (1 << i));
        Victims { present, holding }
    }

    /// The robber's victims on `hex`, for `thief`.
    pub(crate) fn of_robber(
        board: &Board,
        vertices: &[VertexPiece],
        hex: HexId,
        thief: Seat,
        has_cards: impl Fn(Seat) -> bool,
    ) -> Victims {
        Victims::new(robber_victims(board, vertices, hex, thief), has_cards)
    }

    /// Whether `victim` is a choice the mover may make (its seat already checked to be at the table).
    pub(crate) fn check(self, victim: Option<Seat>) -> Result<(), HexViolation> {
        match victim {
            Some(v) if self.present & (1 << v.0) == 0 => Err(HexViolation::InvalidVictim),
            None if self.holding != 0 => Err(HexViolation::VictimRequired),
            _ => Ok(()),
        }
    }

    /// Every choice the mover may make, in seat order after "nobody" when that is allowed.
    pub(crate) fn choices(self) -> impl Iterator<Item = Option<Seat>> {
        let nobody = (self.holding == 0).then_some(None);
        let present = self.present;
        nobody.into_iter().chain(
            (0..8u8)
                .filter(move |&i| present & (1 << i) != 0)
                .map(|i| Some(Seat(i))),
        )
    }
}

/// The best maritime ratio for `seat` giving `resource`: 2 with that resource's special harbor, else 3 with a
/// generic harbor, else 4. A harbor counts when the seat has a settlement or city on one of its corners.
pub fn best_ratio(board: &Board, vertices: &[VertexPiece], seat: Seat, resource: Resource) -> u8 {
    best_ratio_where(board, vertices, seat, resource, |_| true)
}

/// [`best_ratio`] counting only the harbor corners `usable` accepts (Seafarers: not a harbor the pirate blocks).
pub fn best_ratio_where(
    board: &Board,
    vertices: &[VertexPiece],
    seat: Seat,
    resource: Resource,
    usable: impl Fn(VertexId) -> bool,
) -> u8 {
    let mut best = 4;
    for &(v, harbor) in board.harbor_vertices() {
        if vertices[v.index()].owner() != Some(seat) || !usable(v) {
            continue;
        }
        match harbor {
            Some(r) if r == resource => return 2,
            None => best = 3,
            _ => {}
        }
    }
    best
}

/// The length of `seat`'s longest simple path of roads (no edge used twice). A corner holding another seat's
/// settlement or city cuts the path: the path may end there but not pass through.
pub fn longest_road(
    board: &Board,
    vertices: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
) -> u8 {
    /// This seat's roads as a small graph of their own: local edge `i` joins local corners `ends[i]`, a corner
    /// lists its local edges, and a corner holding another seat's building is `blocked`. A seat holds at most 15
    /// roads in the base game (30 roads and ships in Seafarers), well under the 64 a `u64` mask of used edges
    /// allows; a corner touches three edges at most.
    struct Roads {
        ends: [[u8; 2]; 64],
        corner_edges: [[u8; 3]; 128],
        corner_degree: [u8; 128],
        blocked: [bool; 128],
    }

    /// Depth-first over unused edges from corner `c`; returns the longest continuation and marks every edge it
    /// traversed in `touched`.
    fn walk(g: &Roads, c: usize, used: u64, len: u8, touched: &mut u64) -> u8 {
        let mut best = len;
        for &i in &g.corner_edges[c][..usize::from(g.corner_degree[c])] {
            let i = usize::from(i);
            if used & (1 << i) != 0 {
                continue;
            }
            *touched |= 1 << i;
            let [a, b] = g.ends[i];
            let w = usize::from(if usize::from(a) == c { b } else { a });
            let got = if g.blocked[w] {
                len + 1
            } else {
                walk(g, w, used | (1 << i), len + 1, touched)
            };
            best = best.max(got);
        }
        best
    }

    let t = board.topology();
    let mut g = Roads {
        ends: [[0; 2]; 64],
        corner_edges: [[0; 3]; 128],
        corner_degree: [0; 128],
        blocked: [false; 128],
    };
    let mut corner_ids = [0u16; 128];
    let (mut n, mut corners) = (0usize, 0usize);
    for e in t.edges() {
        if !edges[e.index()].is_owned_by(seat) || n == 64 {
            continue;
        }
        for (end, v) in t.edge_vertices(e).into_iter().enumerate() {
            let id = v.index() as u16;
            let c = match corner_ids[..corners].iter().position(|&x| x == id) {
                Some(c) => c,
                None => {
                    corner_ids[corners] = id;
                    g.blocked[corners] =
                        matches!(vertices[v.index()].owner(), Some(o) if o != seat);
                    corners += 1;
                    corners - 1
                }
            };
            g.ends[n][end] = c as u8;
            let d = usize::from(g.corner_degree[c]);
            g.corner_edges[c][d] = n as u8;
            g.corner_degree[c] += 1;
        }
        n += 1;
    }

    // Where a longest path can start: an open path never starts at an unblocked corner with two own roads (it could
    // be extended backwards), so only corners with one or three own roads, or cut by another seat's building, are
    // tried. A component that is a pure cycle has no such corner; its edges stay untouched and get a start of their
    // own below.
    let mut best = 0;
    let mut touched = 0u64;
    for c in 0..corners {
        if g.corner_degree[c] != 2 || g.blocked[c] {
            best = best.max(walk(&g, c, 0, 0, &mut touched));
        }
    }
    for i in 0..n {
        if touched & (1 << i) == 0 {
            best = best.max(walk(&g, usize::from(g.ends[i][0]), 0, 0, &mut touched));
        }
    }
    best
}

/// Who holds the longest road card after road lengths change from `old` to `new` (base seed lines 60-62; Cities & Knights keeps the rule).
///
/// - Nobody holds it: the seat with the unique longest road of at least 5 takes it.
/// - The holder's road was broken (got shorter): the card goes to the seat with the unique longest road of at
///   least 5 (possibly the holder again), else it is set aside.
/// - Otherwise the holder keeps it unless another seat now has a strictly longer road.
pub(crate) fn longest_road_holder(holder: Option<Seat>, old: &[u8], new: &[u8]) -> Option<Seat> {
    let max = new.iter().copied().max().unwrap_or(0);
    let at_max: Vec<usize> = (0..new.len()).filter(|&i| new[i] == max).collect();
    let unique = (max >= 5 && at_max.len() == 1).then(|| Seat(at_max[0] as u8));
    match holder {
        None => unique,
        Some(h) if new[h.index()] < old[h.index()] => unique,
        Some(h) => {
            if max > new[h.index()] {
                unique.or(Some(h))
            } else {
                Some(h)
            }
        }
    }
}

/// The longest road card's move when road lengths go from `old` to `new` (one entry per seat): the new holder
/// (`None`: set aside) and its length, or `None` if the card stays where it is.
pub(crate) fn longest_road_change(
    holder: Option<Seat>,
    old: &[u8],
    new: &[u8],
) -> Option<(Option<Seat>, u8)> {
    let moved = longest_road_holder(holder, old, new);
    (moved != holder).then(|| (moved, moved.map_or(0, |h| new[h.index()])))
}

/// Road lengths once `vertices` and `edges` replace the board's pieces: recounted for the seats in `affected`
/// (bit mask), `old` for the others, whose roads nothing touched.
pub(crate) fn road_lengths_after(
    board: &Board,
    vertices: &[VertexPiece],
    edges: &[EdgePiece],
    old: &[u8],
    affected: u8,
) -> [u8; 8] {
    let mut lengths = [0u8; 8];
    for (s, &len) in old.iter().enumerate() {
        lengths[s] = if affected & (1 << s) != 0 {
            longest_road(board, vertices, edges, Seat(s as u8))
        } else {
            len
        };
    }
    lengths
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{beginner_layout, Board};

    /// The wide comparison agrees with the derived one, wherever the two boards differ and whatever their lengths.
    #[test]
    fn corners_compare_as_the_derived_comparison_does() {
        let a: Vec<VertexPiece> = (0..200u8)
            .map(|i| match i % 5 {
                0 => VertexPiece::EMPTY,
                1 => VertexPiece::city(Seat(i % 6)),
                _ => VertexPiece::settlement(Seat(i % 6)),
            })
            .collect();
        assert!(VertexPiece::all_equal(&a, &a.clone()));
        assert!(VertexPiece::all_equal(&[], &[]));
        for at in [0, 1, 63, 64, 65, 127, 128, 199] {
            let mut b = a.clone();
            b[at] = if b[at].is_empty() {
                VertexPiece::settlement(Seat(0))
            } else {
                VertexPiece::EMPTY
            };
            assert_eq!(VertexPiece::all_equal(&a, &b), a == b, "{at}");
            assert!(!VertexPiece::all_equal(&a, &b), "{at}");
        }
        assert!(!VertexPiece::all_equal(&a, &a[..199]));
        assert!(!VertexPiece::all_equal(&a[..64], &a));
    }

    #[test]
    fn any_opponent_present_may_be_named_and_nobody_only_when_none_holds_a_card() {
        // Seats 1 and 2 are on the hex; only seat 2 holds a card.
        let v = Victims::new(0b110, |s| s == Seat(2));
        assert_eq!(v.check(Some(Seat(1))), Ok(()), "an empty hand may be named");
        assert_eq!(v.check(Some(Seat(2))), Ok(()));
        assert_eq!(v.check(Some(Seat(3))), Err(HexViolation::InvalidVictim));
        assert_eq!(v.check(None), Err(HexViolation::VictimRequired));
        assert_eq!(
            v.choices().collect::<Vec<_>>(),
            [Some(Seat(1)), Some(Seat(2))]
        );
        // Nobody present holds a card: naming nobody is one more choice.
        let v = Victims::new(0b010, |_| false);
        assert_eq!(v.check(None), Ok(()));
        assert_eq!(v.choices().collect::<Vec<_>>(), [None, Some(Seat(1))]);
        assert_eq!(
            Victims::new(0, |_| true).choices().collect::<Vec<_>>(),
            [None]
        );
    }

    fn board() -> Board {
        Board::new(beginner_layout()).unwrap()
    }

    #[test]
    fn is_owned_by_agrees_with_owner_for_every_byte() {
        for byte in 0..=u8::MAX {
            for seat in (0..8).map(Seat) {
                let (v, e) = (VertexPiece(byte), EdgePiece(byte));
                assert_eq!(
                    v.is_owned_by(seat),
                    v.owner() == Some(seat),
                    "vertex {byte:#x}"
                );
                assert_eq!(
                    e.is_owned_by(seat),
                    e.owner() == Some(seat),
                    "edge {byte:#x}"
                );
            }
        }
    }

    /// A path of `n` edges starting at vertex `start`, walking to unused neighbours greedily.
    fn path(b: &Board, start: VertexId, n: usize) -> (Vec<EdgeId>, Vec<VertexId>) {
        let t = b.topology();
        let mut v = start;
        let mut es = Vec::new();
        let mut vs = vec![v];
        for _ in 0..n {
            let e = *t
                .vertex_edges(v)
                .iter()
                .find(|&&e| {
                    let [a, c] = t.edge_vertices(e);
                    let w = if a == v { c } else { a };
                    !vs.contains(&w)
                })
                .unwrap();
            let [a, c] = t.edge_vertices(e);
            v = if a == v { c } else { a };
            es.push(e);
            vs.push(v);
        }
        (es, vs)
    }

    #[test]
    fn longest_road_counts_a_path_and_is_cut_by_an_opponent() {
        let b = board();
        let t = b.topology();
        let mut verts = vec![VertexPiece::EMPTY; t.vertex_count()];
        let mut edges = vec![EdgePiece::EMPTY; t.edge_count()];
        let (es, vs) = path(&b, t.hex_vertices(t.hex(9).unwrap())[0], 6);
        for e in &es {
            edges[e.index()] = EdgePiece::road(Seat(0));
        }
        assert_eq!(longest_road(&b, &verts, &edges, Seat(0)), 6);
        // Our own settlement does not cut the road.
        verts[vs[3].index()] = VertexPiece::settlement(Seat(0));
        assert_eq!(longest_road(&b, &verts, &edges, Seat(0)), 6);
        // Another seat's settlement in the middle splits it into 3 + 3.
        verts[vs[3].index()] = VertexPiece::settlement(Seat(1));
        assert_eq!(longest_road(&b, &verts, &edges, Seat(0)), 3);
        assert_eq!(longest_road(&b, &verts, &edges, Seat(1)), 0);
    }

    #[test]
    fn a_branch_does_not_add_length() {
        let b = board();
        let t = b.topology();
        let verts = vec![VertexPiece::EMPTY; t.vertex_count()];
        let mut edges = vec![EdgePiece::EMPTY; t.edge_count()];
        let (es, vs) = path(&b, t.hex_vertices(t.hex(9).unwrap())[0], 4);
        for e in &es {
            edges[e.index()] = EdgePiece::road(Seat(2));
        }
        // A one-edge spur off the second vertex: the longest path stays 4.
        let spur = t
            .vertex_edges(vs[1])
            .iter()
            .copied()
            .find(|e| !es.contains(e))
            .unwrap();
        edges[spur.index()] = EdgePiece::road(Seat(2));
        assert_eq!(longest_road(&b, &verts, &edges, Seat(2)), 4);
    }

    #[test]
    fn a_ring_of_six_counts_six() {
        let b = board();
        let t = b.topology();
        let verts = vec![VertexPiece::EMPTY; t.vertex_count()];
        let mut edges = vec![EdgePiece::EMPTY; t.edge_count()];
        let h = t.hex(9).unwrap();
        for &e in t.hex_edges(h) {
            edges[e.index()] = EdgePiece::road(Seat(1));
        }
        assert_eq!(longest_road(&b, &verts, &edges, Seat(1)), 6);
    }

    #[test]
    fn harbor_ratio_needs_a_building_on_the_harbor() {
        let b = board();
        let t = b.topology();
        let mut verts = vec![VertexPiece::EMPTY; t.vertex_count()];
        let special = b
            .layout()
            .harbors
            .iter()
            .find(|h| h.resource.is_some())
            .unwrap();
        let r = special.resource.unwrap();
        assert_eq!(best_ratio(&b, &verts, Seat(0), r), 4);
        verts[t.edge_vertices(special.edge)[0].index()] = VertexPiece::city(Seat(0));
        assert_eq!(best_ratio(&b, &verts, Seat(0), r), 2);
        let other = Resource::ALL.into_iter().find(|&x| x != r).unwrap();
        assert_eq!(best_ratio(&b, &verts, Seat(0), other), 4);
    }

    /// Longest path by brute force: a walk from every vertex, no pruning of starts.
    fn reference(b: &Board, verts: &[VertexPiece], edges: &[EdgePiece], seat: Seat) -> u8 {
        fn go(
            b: &Board,
            v: VertexId,
            used: &mut Vec<bool>,
            verts: &[VertexPiece],
            edges: &[EdgePiece],
            seat: Seat,
        ) -> u8 {
            let t = b.topology();
            let mut best = 0;
            for &e in t.vertex_edges(v) {
                if edges[e.index()].owner() != Some(seat) || used[e.index()] {
                    continue;
                }
                let [a, c] = t.edge_vertices(e);
                let w = if a == v { c } else { a };
                used[e.index()] = true;
                let cut = matches!(verts[w.index()].owner(), Some(o) if o != seat);
                let more = if cut {
                    0
                } else {
                    go(b, w, used, verts, edges, seat)
                };
                used[e.index()] = false;
                best = best.max(1 + more);
            }
            best
        }
        let t = b.topology();
        let mut used = vec![false; t.edge_count()];
        t.vertices()
            .map(|v| go(b, v, &mut used, verts, edges, seat))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn pruned_starts_match_brute_force() {
        use crate::GameRng;
        use rand::{Rng, SeedableRng};
        let b = board();
        let t = b.topology();
        let mut rng = GameRng::seed_from_u64(3);
        for _ in 0..3000 {
            let mut verts = vec![VertexPiece::EMPTY; t.vertex_count()];
            let mut edges = vec![EdgePiece::EMPTY; t.edge_count()];
            // A few random walks of seat 0's roads, some loops, and other seats' buildings sprinkled on top.
            for _ in 0..rng.gen_range(1..4) {
                let mut v = t.vertex(rng.gen_range(0..t.vertex_count())).unwrap();
                for _ in 0..rng.gen_range(1..8) {
                    let es = t.vertex_edges(v);
                    let e = es[rng.gen_range(0..es.len())];
                    edges[e.index()] = EdgePiece::road(Seat(0));
                    let [a, c] = t.edge_vertices(e);
                    v = if a == v { c } else { a };
                }
            }
            if rng.gen_bool(0.2) {
                let h = t.hex(rng.gen_range(0..t.hex_count())).unwrap();
                for &e in t.hex_edges(h) {
                    edges[e.index()] = EdgePiece::road(Seat(0));
                }
            }
            for _ in 0..rng.gen_range(0..4) {
                let v = rng.gen_range(0..t.vertex_count());
                verts[v] = VertexPiece::settlement(Seat(rng.gen_range(0..3)));
            }
            assert_eq!(
                longest_road(&b, &verts, &edges, Seat(0)),
                reference(&b, &verts, &edges, Seat(0))
            );
        }
    }
}

/// The seams a scenario on other frames needs (Catania), exercised on boards no game plays yet.
#[cfg(test)]
mod frame_tests {
    use super::*;
    use crate::hex::{beginner_layout, HexCoord, HexTile, Layout, Resources};

    fn sea(coord: HexCoord) -> HexTile {
        HexTile {
            coord,
            terrain: Terrain::Sea,
            number: None,
        }
    }

    /// The beginner island inside a ring of 18 sea hexes.
    fn island_in_the_sea() -> Board {
        let mut layout = beginner_layout();
        for r in -3i8..=3 {
            for q in -3i8..=3 {
                let c = HexCoord::new(q, r);
                if (q + r).abs() <= 3 && layout.hexes.iter().all(|h| h.coord != c) {
                    layout.hexes.push(sea(c));
                }
            }
        }
        Board::new(layout).expect("sea hexes make a valid board")
    }

    #[test]
    fn a_sea_ring_frames_the_island_and_is_not_land() {
        let b = island_in_the_sea();
        let t = b.topology();
        assert_eq!(
            (t.hex_count(), t.vertex_count(), t.edge_count()),
            (37, 96, 132)
        );
        let water: Vec<HexId> = t
            .hexes()
            .filter(|&h| b.terrain(h) == Terrain::Sea)
            .collect();
        assert_eq!(water.len(), 18);
        let desert = crate::hex::robber_start(&b);
        assert_eq!(b.terrain(desert), Terrain::Desert);
        for &h in &water {
            assert!(!b.terrain(h).is_land());
            assert!(
                !robber_may_move(&b, desert, h),
                "the robber never goes to sea"
            );
            assert_eq!(b.number(h), None);
        }
        // A settlement on every corner of the board produces nothing from the sea, whatever is rolled.
        let vertices = vec![VertexPiece::settlement(Seat(0)); t.vertex_count()];
        for roll in 2..=12 {
            let mut out = [Resources::ZERO];
            produce_into(
                &b,
                &vertices,
                roll,
                |_| false,
                &mut out,
                |hand, r, terrain, _| {
                    assert!(terrain.is_land());
                    *hand.get_mut(r) += 1;
                },
            );
        }
    }

    /// Catania's proposed map: a 15 by 13 rectangle of odd-r offset rows, 195 hexes (spec section 3.2).
    #[test]
    fn a_rectangle_of_195_hexes_has_446_corners_and_640_edges() {
        let hexes = (0..13i8)
            .flat_map(|row| {
                (0..15i8).map(move |col| HexCoord::new(col - (row - (row & 1)) / 2, row))
            })
            .map(sea)
            .collect();
        let b = Board::new(Layout {
            hexes,
            harbors: Vec::new(),
        })
        .expect("any frame makes a board");
        let t = b.topology();
        assert_eq!(
            (t.hex_count(), t.vertex_count(), t.edge_count()),
            (195, 446, 640)
        );
    }

    #[test]
    fn an_edge_piece_is_a_road_or_a_ship_and_roads_keep_their_stored_form() {
        let road = EdgePiece::road(Seat(5));
        let ship = EdgePiece::ship(Seat(5));
        assert_eq!((road.owner(), road.is_ship()), (Some(Seat(5)), false));
        assert_eq!((ship.owner(), ship.is_ship()), (Some(Seat(5)), true));
        assert_ne!(road, ship);
        assert!(!ship.is_empty() && EdgePiece::EMPTY.owner().is_none());
        // A road is stored as seat + 1, as before ships existed.
        assert_eq!(serde_json::to_string(&road).unwrap(), "6");
    }
}

#[cfg(test)]
mod pay_tests {
    use super::pay_in_turn;
    use crate::hex::{Resource, Resources};

    #[test]
    fn the_bank_pays_in_turn_until_it_runs_short() {
        // Three seats want 3, 2 and 2 brick and 1 ore each; the bank holds 4 brick and 9 ore; seat 1 is served
        // first, then 2, then 0.
        let mut gains = [
            Resources::new(3, 0, 0, 0, 1),
            Resources::new(2, 0, 0, 0, 1),
            Resources::new(2, 0, 0, 0, 1),
        ];
        let bank = Resources::new(4, 0, 0, 0, 9);
        let short = pay_in_turn(
            &mut gains,
            &[1, 2, 0],
            Resource::ALL,
            |r| bank.get(r),
            |h, r| h.get_mut(r),
        );
        assert_eq!(short, vec![Resource::Brick]);
        assert_eq!(gains.map(|g| g.brick), [0, 2, 2]);
        assert_eq!(gains.map(|g| g.ore), [1, 1, 1]);
        let mut gains = [Resources::new(3, 0, 0, 0, 0), Resources::new(3, 0, 0, 0, 0)];
        let bank = Resources::new(4, 0, 0, 0, 0);
        pay_in_turn(
            &mut gains,
            &[0, 1],
            Resource::ALL,
            |r| bank.get(r),
            |h, r| h.get_mut(r),
        );
        assert_eq!(
            gains.map(|g| g.brick),
            [3, 1],
            "the first short seat gets what is left"
        );
    }
}

#[cfg(test)]
mod longest_road_tests {
    use super::longest_road_holder as holder;
    use crate::Seat;

    const A: Option<Seat> = Some(Seat(0));
    const B: Option<Seat> = Some(Seat(1));

    #[test]
    fn nobody_holds_until_a_unique_road_of_five() {
        assert_eq!(holder(None, &[4, 3, 0], &[4, 3, 0]), None);
        assert_eq!(holder(None, &[4, 3, 0], &[5, 3, 0]), A);
        // Two roads of five with the card set aside: nobody is uniquely longest (seed line 62).
        assert_eq!(holder(None, &[5, 4, 0], &[5, 5, 0]), None);
    }

    #[test]
    fn the_holder_keeps_it_on_a_tie_and_loses_it_to_a_longer_road() {
        assert_eq!(holder(A, &[5, 4, 0], &[5, 5, 0]), A);
        assert_eq!(holder(A, &[5, 5, 0], &[5, 6, 0]), B);
        assert_eq!(holder(A, &[6, 5, 0], &[7, 5, 0]), A);
    }

    #[test]
    fn a_broken_road_passes_the_card_only_to_a_unique_longest() {
        // Still uniquely longest after the break: keeps it.
        assert_eq!(holder(A, &[7, 5, 0], &[6, 5, 0]), A);
        // Tied at the top after the break: set aside.
        assert_eq!(holder(A, &[7, 5, 0], &[5, 5, 0]), None);
        // Another seat now uniquely longest: it takes the card.
        assert_eq!(holder(A, &[7, 5, 0], &[4, 5, 0]), B);
        // Nobody at five any more: set aside.
        assert_eq!(holder(A, &[5, 4, 0], &[3, 4, 0]), None);
    }
}

//! Seafarers' mechanics, written once over a board for any scenario that sails (Catania is the first): which sides
//! take a road or a ship, how roads and ships connect, open shipping lines and the ship that may move, the longest
//! trade route over roads and ships, the pirate's victims and what it blocks, islands found from the map, harbor
//! hexes, and the bag of number chips that islands draw from when they are first settled.
//!
//! Ships lie in a game's edge array as [`EdgePiece::ship`], beside its roads; the other pieces of the sea (landing
//! places, the pirate) and this turn's memory of ships are a [`Sea`]. The functions take what blocks or joins a
//! route as parameters, like the rest of the machine: `blockers` is the vertex array as the route rules see it
//! (another seat's piece cuts a route; the seat's own building joins roads and ships), and `junction` names the
//! other corners where the seat's roads and ships meet (its landing places). Without ships every function here
//! agrees with the road rules of [`super::rules`].

use super::board::{Board, EdgeId, HexId, Topology, VertexId};
use super::layout::Harbor;
use super::rules::{EdgePiece, VertexPiece};
use crate::{GameRng, Seat};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A landing place: the marker that lets `seat`'s ships and roads meet on `vertex` (Catania).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    pub vertex: VertexId,
    pub seat: Seat,
}

/// The pieces of the sea other than ships, and what the ship rules remember of the current turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sea {
    /// Landing places on the board, in the order they were built.
    pub(crate) landings: Vec<Landing>,
    /// The pirate's hex; `None` while it is off the board.
    pub(crate) pirate: Option<HexId>,
    /// Ships built this turn: they may not move before the next.
    pub(crate) built_this_turn: Vec<EdgeId>,
    /// Whether a ship moved this turn (one move a turn).
    pub(crate) moved_this_turn: bool,
    /// The iceberg's hex (Catania), which blocks a harbor as the pirate does; absent from stored forms without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) iceberg: Option<HexId>,
}

impl Sea {
    pub fn landings(&self) -> &[Landing] {
        &self.landings
    }
    pub fn pirate(&self) -> Option<HexId> {
        self.pirate
    }
    /// The seat whose landing place stands on `v`.
    pub fn landing_at(&self, v: VertexId) -> Option<Seat> {
        self.landings.iter().find(|l| l.vertex == v).map(|l| l.seat)
    }
    /// Whether `seat`'s roads and ships meet on `v` through a landing place of its.
    pub fn junction(&self, seat: Seat, v: VertexId) -> bool {
        self.landings
            .iter()
            .any(|l| l.vertex == v && l.seat == seat)
    }
    /// Whether `e` is a side of the pirate's hex, where no ship is built or moves (official Seafarers).
    pub fn pirate_blocks(&self, board: &Board, e: EdgeId) -> bool {
        self.pirate
            .is_some_and(|p| board.topology().hex_edges(p).contains(&e))
    }
    /// Whether the harbor at corner `v` is blocked: its harbor hex holds the pirate or the iceberg.
    pub fn blocks_harbor(&self, board: &Board, v: VertexId) -> bool {
        if self.pirate.is_none() && self.iceberg.is_none() {
            return false;
        }
        board.layout().harbors.iter().any(|h| {
            board.topology().edge_vertices(h.edge).contains(&v)
                && harbor_hex(board, h)
                    .is_some_and(|x| Some(x) == self.pirate || Some(x) == self.iceberg)
        })
    }
    /// The turn passed: every ship may move again.
    pub fn end_turn(&mut self) {
        self.built_this_turn.clear();
        self.moved_this_turn = false;
    }
}

/// The hexes on either side of edge `e`: one on the rim of the board, else two.
pub fn edge_hexes(t: &Topology, e: EdgeId) -> impl Iterator<Item = HexId> + '_ {
    let [a, b] = t.edge_vertices(e);
    t.vertex_hexes(a)
        .iter()
        .copied()
        .filter(move |h| t.vertex_hexes(b).contains(h))
}

/// Whether a ship may lie on `e`: a side of a sea hex.
pub fn ship_edge(board: &Board, e: EdgeId) -> bool {
    edge_hexes(board.topology(), e).any(|h| board.terrain(h).is_sea())
}

/// Whether a road may lie on `e`: a side of a land hex.
pub fn road_edge(board: &Board, e: EdgeId) -> bool {
    edge_hexes(board.topology(), e).any(|h| board.terrain(h).is_land())
}

/// Whether corner `v` touches land: where a settlement may stand (official Seafarers: not between three sea hexes).
pub fn touches_land(board: &Board, v: VertexId) -> bool {
    board
        .topology()
        .vertex_hexes(v)
        .iter()
        .any(|&h| board.terrain(h).is_land())
}

/// Whether a piece of `seat` (a ship if `ship`, else a road) on the free edge `e` joins the seat's network: at one
/// of its corners the seat has a building, or (the corner not held by another seat's piece) a piece of the same
/// kind, or one of the other kind where roads and ships meet (`junction`: a landing place; a building counts
/// already). Official Seafarers: a ship never joins a road except through the player's own building.
pub fn links(
    board: &Board,
    blockers: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
    e: EdgeId,
    ship: bool,
    junction: impl Fn(VertexId) -> bool,
) -> bool {
    let t = board.topology();
    t.edge_vertices(e)
        .into_iter()
        .any(|v| match blockers[v.index()].owner() {
            Some(o) => o == seat,
            None => t.vertex_edges(v).iter().any(|&x| {
                let p = edges[x.index()];
                x != e && p.owner() == Some(seat) && (p.is_ship() == ship || junction(v))
            }),
        })
}

/// The length of `seat`'s longest trade route: the longest simple path over its roads and ships, mixed, that
/// passes from a road to a ship (or back) only where they meet (its building or a `junction`). Another seat's
/// piece in `blockers` cuts the route: a path may end there but not pass through. Official Seafarers; without
/// ships it is [`super::longest_road`].
pub fn route_length(
    board: &Board,
    blockers: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
    junction: impl Fn(VertexId) -> bool,
) -> u8 {
    let t = board.topology();
    // The seat's pieces and their corners as a small graph of its own, built once per count, so the search (which
    // may take tens of thousands of steps on a large network of ships) only indexes arrays: pieces get local
    // numbers, so a u64 marks the used ones (21 roads and 30 ships in Catania), and corners local numbers (two per
    // piece at most), each with what a route may do there, asked once.
    let mut own: Vec<EdgeId> = Vec::new();
    let mut ships = 0u64;
    for e in t.edges() {
        let p = edges[e.index()];
        if p.owner() == Some(seat) && own.len() < 64 {
            ships |= u64::from(p.is_ship()) << own.len();
            own.push(e);
        }
    }
    if own.is_empty() {
        return 0;
    }
    let mut corner_of = vec![u8::MAX; t.vertex_count()];
    let mut corners: Vec<Corner> = Vec::with_capacity(2 * own.len());
    let mut ends: Vec<[u8; 2]> = Vec::with_capacity(own.len());
    for &e in &own {
        ends.push(t.edge_vertices(e).map(|v| {
            let c = &mut corner_of[v.index()];
            if *c == u8::MAX {
                *c = corners.len() as u8;
                corners.push(Corner {
                    vertex: v,
                    blocked: matches!(blockers[v.index()].owner(), Some(o) if o != seat),
                    switch: blockers[v.index()].owner() == Some(seat) || junction(v),
                    pieces: [(0, 0); 3],
                    degree: 0,
                });
            }
            *c
        }));
    }
    // The same graph is often searched twice in a row (decide folds an event into its copy of the state, evolve
    // then folds it into the state), and its length depends on nothing else.
    let graph = RouteGraph {
        ships,
        cut: corners
            .iter()
            .enumerate()
            .fold(0, |m, (c, x)| m | u128::from(x.blocked) << c),
        switch: corners
            .iter()
            .enumerate()
            .fold(0, |m, (c, x)| m | u128::from(x.switch) << c),
        ends,
    };
    if let Some(len) = RouteGraph::recent(&graph) {
        return len;
    }
    let ends = &graph.ends;
    // Each corner's pieces in the board's order of its sides, with the corner at their other end.
    let mut local = vec![u8::MAX; t.edge_count()];
    for (i, &e) in own.iter().enumerate() {
        local[e.index()] = i as u8;
    }
    for (c, corner) in corners.iter_mut().enumerate() {
        for &e in t.vertex_edges(corner.vertex) {
            let i = local[e.index()];
            if i == u8::MAX {
                continue;
            }
            let [a, b] = ends[usize::from(i)];
            let other = if usize::from(a) == c { b } else { a };
            corner.pieces[usize::from(corner.degree)] = (i, other);
            corner.degree += 1;
        }
    }
    let mut walker = Walker {
        corners: &corners,
        ships,
        runs: Vec::with_capacity(corners.len()),
    };
    walker.runs = (0..corners.len())
        .map(|c| {
            let mut runs = [Run::default(); 3];
            for (slot, run) in runs.iter_mut().enumerate().take(corners[c].pieces().len()) {
                *run = walker.run(c, slot);
            }
            runs
        })
        .collect();
    // A longest path starts where it cannot be extended backwards: a cut corner, or one where the seat's pieces do
    // not continue into exactly one other piece it may pass on to. Components with no such corner (a ring that can
    // be sailed or walked round) are found through the pieces no walk touched.
    let mut best = 0;
    let mut touched = 0u64;
    let mut started = vec![false; corners.len()];
    for end in ends {
        for &c in end {
            if started[usize::from(c)] || walker.passes_through(c) {
                continue;
            }
            started[usize::from(c)] = true;
            best = best.max(walker.walk(c, None, 0, 0, &mut touched));
        }
    }
    for (i, end) in ends.iter().enumerate() {
        if touched & (1 << i) == 0 {
            best = best.max(walker.walk(end[0], None, 0, 0, &mut touched));
        }
    }
    graph.remember(best);
    best
}

/// What [`route_length`]'s search reads, all of it: the seat's pieces by local number with their local corners
/// (numbered in order of first appearance), which are ships, and which corners cut a route or join roads and
/// ships. Two equal graphs have the same longest route, whatever board or seat they came from.
#[derive(PartialEq, Eq)]
struct RouteGraph {
    ships: u64,
    cut: u128,
    switch: u128,
    ends: Vec<[u8; 2]>,
}

/// How many searched graphs a thread keeps with their lengths: a command's events recount a few seats.
const RECENT_ROUTES: usize = 8;

thread_local! {
    /// The last graphs searched on this thread with their lengths, newest last. Derived from nothing but the
    /// graph, never stored with a game, and bounded.
    static RECENT: std::cell::RefCell<Vec<(RouteGraph, u8)>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl RouteGraph {
    /// The length of this graph if it was one of the last searched.
    fn recent(&self) -> Option<u8> {
        RECENT.with_borrow(|r| r.iter().rev().find(|(g, _)| g == self).map(|&(_, n)| n))
    }

    /// Keeps this graph's length among the last searched, the oldest going.
    fn remember(self, len: u8) {
        RECENT.with_borrow_mut(|r| {
            if r.len() >= RECENT_ROUTES {
                r.remove(0);
            }
            r.push((self, len));
        });
    }
}

/// A corner of the seat's pieces in [`route_length`]'s graph.
struct Corner {
    vertex: VertexId,
    /// Another seat's piece stands here: a route may end here but not pass through.
    blocked: bool,
    /// A route may pass from a road to a ship here.
    switch: bool,
    /// The seat's pieces here (their local numbers), each with the local corner at its other end.
    pieces: [(u8, u8); 3],
    degree: u8,
}

impl Corner {
    fn pieces(&self) -> &[(u8, u8)] {
        &self.pieces[..usize::from(self.degree)]
    }
}

/// The pieces a route takes once it leaves a corner by one of its pieces: that piece and, while the corner it
/// reaches is one a route can only pass through (not cut, and the seat's only other piece there may follow), the
/// next, since stopping short of there is never longer. A route that enters a run is forced along all of it.
#[derive(Clone, Copy, Default)]
struct Run {
    pieces: u64,
    len: u8,
    /// The corner where the run stops, and whether its last piece is a ship.
    end: u8,
    ship: bool,
}

/// The depth-first walk of [`route_length`] over its graph of the seat's pieces.
struct Walker<'a> {
    corners: &'a [Corner],
    /// Which pieces are ships, by local number.
    ships: u64,
    /// Each corner's runs, by the slot of their first piece among the corner's pieces.
    runs: Vec<[Run; 3]>,
}

impl Walker<'_> {
    /// Whether corner `c` is one every path through it could be extended across: not cut, and exactly two own
    /// pieces there that may follow each other.
    fn passes_through(&self, c: u8) -> bool {
        let corner = &self.corners[usize::from(c)];
        match *corner.pieces() {
            [(a, _), (b, _)] if !corner.blocked => {
                (self.ships >> a & 1 == self.ships >> b & 1) || corner.switch
            }
            _ => false,
        }
    }

    /// The run that leaves corner `c` by its piece in `slot`. Its pieces are used by no route that has not taken
    /// its first: the corners inside it hold no other piece of the seat's, and no walk starts there (no start is a
    /// corner a route passes through, and a ring of such corners is walked from one of its own). A run round a
    /// ring stops where it would take its own piece again.
    fn run(&self, c: usize, slot: usize) -> Run {
        let (mut piece, mut at) = self.corners[c].pieces()[slot];
        let mut run = Run {
            pieces: 1 << piece,
            len: 1,
            end: at,
            ship: false,
        };
        while self.passes_through(at) {
            let next = match *self.corners[usize::from(at)].pieces() {
                [(a, _), other] | [other, (a, _)] if a == piece => other,
                _ => break,
            };
            if run.pieces & 1 << next.0 != 0 {
                break;
            }
            run.pieces |= 1 << next.0;
            run.len += 1;
            (piece, at) = next;
        }
        run.end = at;
        run.ship = self.ships >> piece & 1 == 1;
        run
    }

    /// The longest continuation from corner `c`, arrived at by a piece of kind `came` (`Some(true)` a ship), over
    /// the own pieces not in `used`; marks every piece it crosses in `touched`. A route leaving by a piece takes
    /// that piece's whole run.
    fn walk(&self, c: u8, came: Option<bool>, used: u64, len: u8, touched: &mut u64) -> u8 {
        let corner = &self.corners[usize::from(c)];
        let runs = &self.runs[usize::from(c)];
        let mut best = len;
        for (&(i, _), run) in corner.pieces().iter().zip(runs) {
            let bit = 1u64 << i;
            if used & bit != 0 {
                continue;
            }
            let ship = self.ships & bit != 0;
            if came.is_some_and(|k| k != ship) && !corner.switch {
                continue;
            }
            *touched |= run.pieces;
            let len = len + run.len;
            let got = if self.corners[usize::from(run.end)].blocked {
                len
            } else {
                self.walk(run.end, Some(run.ship), used | run.pieces, len, touched)
            };
            best = best.max(got);
        }
        best
    }
}

/// The corners a knight of `seat` on `from` reaches along the seat's roads and ships (Catania, spec decision
/// D-33), passing from one kind to the other only where they meet (`switch`: its building or landing place) and
/// through no corner `blocked` by another seat's building or knight (it may stop on one). `from` is not included.
pub fn route_reach(
    board: &Board,
    edges: &[EdgePiece],
    seat: Seat,
    from: VertexId,
    blocked: impl Fn(VertexId) -> bool,
    switch: impl Fn(VertexId) -> bool,
) -> Vec<VertexId> {
    let t = board.topology();
    // A corner is visited once per kind of piece it was reached by, since that decides where it leads on.
    let mut seen: Vec<(VertexId, Option<bool>)> = vec![(from, None)];
    let mut stack = vec![(from, None)];
    while let Some((v, came)) = stack.pop() {
        if v != from && blocked(v) {
            continue;
        }
        for &e in t.vertex_edges(v) {
            let p = edges[e.index()];
            if p.owner() != Some(seat) {
                continue;
            }
            let ship = p.is_ship();
            if came.is_some_and(|k: bool| k != ship) && !switch(v) {
                continue;
            }
            let [a, b] = t.edge_vertices(e);
            let w = if a == v { b } else { a };
            if !seen.contains(&(w, Some(ship))) {
                seen.push((w, Some(ship)));
                stack.push((w, Some(ship)));
            }
        }
    }
    let mut out: Vec<VertexId> = Vec::new();
    for (v, _) in seen {
        if v != from && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The ships of `seat` at the open end of a shipping line, in edge order: a ship with a corner where the line
/// stops without reaching anything of the seat's (no building of its there, nothing `closes` holds, such as its
/// landing place or knight, and no other ship of its). The only ships that may move (official Seafarers; catan.de
/// FAQ "Wann ist ein Schiff endständig?", as JSettlers2 reads it: an end corner free of own buildings and own
/// continuing ships). Other seats' pieces do not open or close a line.
pub fn open_ships(
    board: &Board,
    vertices: &[VertexPiece],
    edges: &[EdgePiece],
    seat: Seat,
    closes: impl Fn(VertexId) -> bool,
) -> Vec<EdgeId> {
    let t = board.topology();
    let open = |e: EdgeId, v: VertexId| {
        vertices[v.index()].owner() != Some(seat)
            && !closes(v)
            && !t.vertex_edges(v).iter().any(|&x| {
                x != e && edges[x.index()].owner() == Some(seat) && edges[x.index()].is_ship()
            })
    };
    t.edges()
        .filter(|&e| {
            let p = edges[e.index()];
            p.owner() == Some(seat)
                && p.is_ship()
                && t.edge_vertices(e).into_iter().any(|v| open(e, v))
        })
        .collect()
}

/// The seats other than `thief` with a ship on a side of `hex`, as a bit mask (bit `i` = seat `i`): the pirate robs
/// ship owners only (official Seafarers FAQ: not coastal settlements).
pub fn pirate_victims(board: &Board, edges: &[EdgePiece], hex: HexId, thief: Seat) -> u8 {
    let mut mask = 0u8;
    for &e in board.topology().hex_edges(hex) {
        let p = edges[e.index()];
        if let Some(s) = p.owner() {
            if p.is_ship() && s != thief {
                mask |= 1 << s.0;
            }
        }
    }
    mask
}

/// Whether the pirate standing on `from` (off the board if `None`) may go to `to`: any other sea hex.
pub fn pirate_may_move(board: &Board, from: Option<HexId>, to: HexId) -> bool {
    Some(to) != from && board.terrain(to).is_sea()
}

/// A harbor's own hex: the sea hex on its side (the other side is its land).
pub fn harbor_hex(board: &Board, harbor: &Harbor) -> Option<HexId> {
    edge_hexes(board.topology(), harbor.edge).find(|&h| board.terrain(h).is_sea())
}

/// The hexes around corner `v` that wait for a number chip once a settlement stands there: hexes that produce, have
/// no number yet and lie on an island other than `home` (`labels` as [`islands`] gives them). In hex order.
pub fn awaiting_chips<'a>(
    board: &'a Board,
    labels: &'a [Option<u8>],
    home: u8,
    v: VertexId,
) -> impl Iterator<Item = HexId> + 'a {
    board
        .topology()
        .vertex_hexes(v)
        .iter()
        .copied()
        .filter(move |&h| {
            board.terrain(h).produces()
                && board.number(h).is_none()
                && labels[h.index()].is_some_and(|l| l != home)
        })
}

/// Number chips in a bag, by number (index 2..=12). Public: the bag holds no order, a draw takes a uniformly random
/// chip of what is left at that moment and the event records it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChipBag([u8; 13]);

impl ChipBag {
    /// A bag holding `counts[n]` chips numbered `n`, for `n` in 2..=12 but 7, which no production chip shows
    /// (other entries are ignored).
    pub fn new(counts: [u8; 13]) -> ChipBag {
        let mut c = counts;
        for (n, slot) in c.iter_mut().enumerate() {
            if !(2..=12).contains(&n) || n == 7 {
                *slot = 0;
            }
        }
        ChipBag(c)
    }
    /// Chips numbered `n` left.
    pub fn count(self, n: u8) -> u8 {
        self.0.get(usize::from(n)).copied().unwrap_or(0)
    }
    pub fn total(self) -> u16 {
        self.0.iter().map(|&n| u16::from(n)).sum()
    }
    /// A uniformly random chip of the bag, or `None` if it is empty. The bag is unchanged: the draw is an event's.
    pub fn draw(self, rng: &mut GameRng) -> Option<u8> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut k = rng.gen_range(0..total);
        for n in 2..=12u8 {
            let c = u16::from(self.count(n));
            if k < c {
                return Some(n);
            }
            k -= c;
        }
        None
    }
    /// The bag once chip `n` is taken out (no change if there is none).
    pub fn without(self, n: u8) -> ChipBag {
        let mut c = self.0;
        if let Some(slot) = c.get_mut(usize::from(n)) {
            *slot = slot.saturating_sub(1);
        }
        ChipBag(c)
    }
}

/// Each hex's island: land hexes joined by shared sides get one label, numbered from 0 in the order of their first
/// hex; sea and the other hexes that are not land get `None`.
pub fn islands(board: &Board) -> Vec<Option<u8>> {
    let t = board.topology();
    let mut label: Vec<Option<u8>> = vec![None; t.hex_count()];
    let mut next = 0u8;
    for start in t.hexes() {
        if label[start.index()].is_some() || !board.terrain(start).is_land() {
            continue;
        }
        label[start.index()] = Some(next);
        let mut stack: Vec<HexId> = vec![start];
        while let Some(h) = stack.pop() {
            for &n in t.hex_neighbors(h) {
                if label[n.index()].is_none() && board.terrain(n).is_land() {
                    label[n.index()] = Some(next);
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{beginner_layout, longest_road, HexCoord, HexTile, Resource, Terrain};
    use rand::SeedableRng;

    fn tile(q: i8, r: i8, terrain: Terrain) -> HexTile {
        HexTile {
            coord: HexCoord::new(q, r),
            terrain,
            number: None,
        }
    }

    /// The beginner island in two rings of sea, a three-hex forest islet on the outer ring's east, and a harbor on
    /// the first sea hex north-east of the island.
    fn archipelago() -> Board {
        let mut layout = beginner_layout();
        layout.harbors.clear();
        for r in -4i8..=4 {
            for q in -4i8..=4 {
                if (q + r).abs() > 4 || layout.hexes.iter().any(|h| h.coord == HexCoord::new(q, r))
                {
                    continue;
                }
                let islet = matches!((q, r), (4, -1) | (4, 0) | (3, 1));
                let terrain = if islet { Terrain::Forest } else { Terrain::Sea };
                layout.hexes.push(tile(q, r, terrain));
            }
        }
        let board = Board::new(layout.clone()).unwrap();
        let t = board.topology();
        let sea = t.hex_at(HexCoord::new(1, -3)).unwrap();
        // The side of that sea hex facing the island: the one shared with a land hex.
        let edge = *t
            .hex_edges(sea)
            .iter()
            .find(|&&e| edge_hexes(t, e).any(|h| board.terrain(h).is_land()))
            .unwrap();
        layout.harbors.push(Harbor {
            edge,
            resource: Some(Resource::Ore),
        });
        Board::new(layout).unwrap()
    }

    fn empty(b: &Board) -> (Vec<VertexPiece>, Vec<EdgePiece>) {
        let t = b.topology();
        (
            vec![VertexPiece::EMPTY; t.vertex_count()],
            vec![EdgePiece::EMPTY; t.edge_count()],
        )
    }

    /// A corner of the island's coast where it juts out: one island hex and two sea hexes around it.
    fn coast(b: &Board) -> VertexId {
        let t = b.topology();
        t.vertices()
            .find(|&v| {
                let hs = t.vertex_hexes(v);
                let land = hs.iter().filter(|&&h| b.terrain(h).is_land()).count();
                let near = hs.iter().all(|&h| {
                    let c = t.coord(h);
                    c.q.abs().max(c.r.abs()).max((c.q + c.r).abs()) <= 3
                });
                hs.len() == 3 && land == 1 && near
            })
            .unwrap()
    }

    #[test]
    fn sides_take_roads_on_land_and_ships_at_sea_and_coasts_both() {
        let b = archipelago();
        let t = b.topology();
        let (mut land, mut coast_sides) = (0, 0);
        for e in t.edges() {
            match (road_edge(&b, e), ship_edge(&b, e)) {
                (true, false) => land += 1,
                (true, true) => coast_sides += 1,
                (false, true) => {}
                (false, false) => panic!("an edge of neither"),
            }
        }
        // The island: 42 inner sides and 30 on its coast. The islet: 2 inner sides and 7 on the board's rim (land
        // only, no sea beyond), 7 facing the sea.
        assert_eq!((land, coast_sides), (42 + 9, 30 + 7));
        let open_sea = t
            .vertices()
            .find(|&v| t.vertex_hexes(v).iter().all(|&h| b.terrain(h).is_sea()))
            .unwrap();
        assert!(!touches_land(&b, open_sea));
        assert!(touches_land(&b, coast(&b)));
    }

    /// A ship from `v` out to sea and the next one, away from land: `(first, second, far corner)`.
    fn sail_out(b: &Board, v: VertexId) -> (EdgeId, EdgeId, VertexId) {
        let t = b.topology();
        let sea_only = |e: EdgeId| ship_edge(b, e) && !road_edge(b, e);
        let first = *t.vertex_edges(v).iter().find(|&&e| sea_only(e)).unwrap();
        let [x, y] = t.edge_vertices(first);
        let w = if x == v { y } else { x };
        let second = *t
            .vertex_edges(w)
            .iter()
            .find(|&&e| e != first && sea_only(e))
            .unwrap();
        let [x, y] = t.edge_vertices(second);
        (first, second, if x == w { y } else { x })
    }

    /// A land side at the coastal corner `v` other than `first`: where the tests lay a road beside a ship.
    fn land_side(b: &Board, v: VertexId, first: EdgeId) -> EdgeId {
        *b.topology()
            .vertex_edges(v)
            .iter()
            .find(|&&e| e != first && road_edge(b, e))
            .unwrap()
    }

    #[test]
    fn roads_and_ships_meet_only_at_a_building_or_a_landing_place() {
        let b = archipelago();
        let (mut vertices, mut edges) = empty(&b);
        let me = Seat(0);
        let v = coast(&b);
        let (first, second, _) = sail_out(&b, v);
        let road = land_side(&b, v, first);
        let no = |_: VertexId| false;
        // Nothing at v: a ship does not join a road there, nor a road a ship.
        edges[road.index()] = EdgePiece::road(me);
        assert!(!links(&b, &vertices, &edges, me, first, true, no));
        // A landing place at v joins them.
        assert!(links(&b, &vertices, &edges, me, first, true, |x| x == v));
        // So does the seat's settlement; another seat's cuts every route through v.
        vertices[v.index()] = VertexPiece::settlement(me);
        assert!(links(&b, &vertices, &edges, me, first, true, no));
        vertices[v.index()] = VertexPiece::settlement(Seat(1));
        assert!(!links(&b, &vertices, &edges, me, first, true, |x| x == v));
        // Ship to ship needs nothing.
        vertices[v.index()] = VertexPiece::EMPTY;
        edges[road.index()] = EdgePiece::EMPTY;
        edges[first.index()] = EdgePiece::ship(me);
        assert!(links(&b, &vertices, &edges, me, second, true, no));
        assert!(!links(&b, &vertices, &edges, Seat(1), second, true, no));
    }

    #[test]
    fn a_route_mixes_roads_and_ships_only_where_they_meet() {
        let b = archipelago();
        let (mut vertices, mut edges) = empty(&b);
        let me = Seat(2);
        let v = coast(&b);
        let (first, second, _) = sail_out(&b, v);
        let road = land_side(&b, v, first);
        edges[road.index()] = EdgePiece::road(me);
        edges[first.index()] = EdgePiece::ship(me);
        edges[second.index()] = EdgePiece::ship(me);
        let no = |_: VertexId| false;
        assert_eq!(route_length(&b, &vertices, &edges, me, no), 2);
        assert_eq!(route_length(&b, &vertices, &edges, me, |x| x == v), 3);
        vertices[v.index()] = VertexPiece::city(me);
        assert_eq!(route_length(&b, &vertices, &edges, me, no), 3);
        vertices[v.index()] = VertexPiece::settlement(Seat(0));
        assert_eq!(route_length(&b, &vertices, &edges, me, |x| x == v), 2);
    }

    /// Longest route by brute force: a walk from every corner, every choice tried.
    fn reference(
        b: &Board,
        vertices: &[VertexPiece],
        edges: &[EdgePiece],
        seat: Seat,
        junction: &dyn Fn(VertexId) -> bool,
    ) -> u8 {
        fn go(
            b: &Board,
            v: VertexId,
            came: Option<bool>,
            used: &mut Vec<bool>,
            ctx: (
                &[VertexPiece],
                &[EdgePiece],
                Seat,
                &dyn Fn(VertexId) -> bool,
            ),
        ) -> u8 {
            let (vertices, edges, seat, junction) = ctx;
            let t = b.topology();
            let mut best = 0;
            for &e in t.vertex_edges(v) {
                let p = edges[e.index()];
                if p.owner() != Some(seat) || used[e.index()] {
                    continue;
                }
                let meet = vertices[v.index()].owner() == Some(seat) || junction(v);
                if came.is_some_and(|k| k != p.is_ship()) && !meet {
                    continue;
                }
                let [x, y] = t.edge_vertices(e);
                let w = if x == v { y } else { x };
                used[e.index()] = true;
                let cut = matches!(vertices[w.index()].owner(), Some(o) if o != seat);
                let more = if cut {
                    0
                } else {
                    go(b, w, Some(p.is_ship()), used, ctx)
                };
                used[e.index()] = false;
                best = best.max(1 + more);
            }
            best
        }
        let t = b.topology();
        let mut used = vec![false; t.edge_count()];
        t.vertices()
            .map(|v| go(b, v, None, &mut used, (vertices, edges, seat, junction)))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn route_length_matches_brute_force_and_is_the_longest_road_without_ships() {
        let b = archipelago();
        let t = b.topology();
        let mut rng = GameRng::seed_from_u64(14);
        for round in 0..3000 {
            let (mut vertices, mut edges) = empty(&b);
            let ships = round % 3 != 0;
            for _ in 0..rng.gen_range(1..4) {
                let mut v = t.vertex(rng.gen_range(0..t.vertex_count())).unwrap();
                for _ in 0..rng.gen_range(1..9) {
                    let es = t.vertex_edges(v);
                    let e = es[rng.gen_range(0..es.len())];
                    edges[e.index()] = if ships && rng.gen_bool(0.5) {
                        EdgePiece::ship(Seat(0))
                    } else {
                        EdgePiece::road(Seat(0))
                    };
                    let [x, y] = t.edge_vertices(e);
                    v = if x == v { y } else { x };
                }
            }
            if rng.gen_bool(0.2) {
                let h = t.hex(rng.gen_range(0..t.hex_count())).unwrap();
                for &e in t.hex_edges(h) {
                    edges[e.index()] = if ships {
                        EdgePiece::ship(Seat(0))
                    } else {
                        EdgePiece::road(Seat(0))
                    };
                }
            }
            for _ in 0..rng.gen_range(0..5) {
                let v = rng.gen_range(0..t.vertex_count());
                vertices[v] = VertexPiece::settlement(Seat(rng.gen_range(0..3)));
            }
            let landings: Vec<usize> = (0..rng.gen_range(0..4))
                .map(|_| rng.gen_range(0..t.vertex_count()))
                .collect();
            let junction = |v: VertexId| landings.contains(&v.index());
            let got = route_length(&b, &vertices, &edges, Seat(0), junction);
            assert_eq!(got, reference(&b, &vertices, &edges, Seat(0), &junction));
            if !ships {
                assert_eq!(got, longest_road(&b, &vertices, &edges, Seat(0)));
            }
        }
    }

    #[test]
    fn a_knight_crosses_from_road_to_ship_only_where_they_meet() {
        let b = archipelago();
        let t = b.topology();
        let (_, mut edges) = empty(&b);
        let me = Seat(1);
        let v = coast(&b);
        let (first, second, far) = sail_out(&b, v);
        let road = land_side(&b, v, first);
        let [x, y] = t.edge_vertices(road);
        let inland = if x == v { y } else { x };
        edges[road.index()] = EdgePiece::road(me);
        edges[first.index()] = EdgePiece::ship(me);
        edges[second.index()] = EdgePiece::ship(me);
        let free = |_: VertexId| false;
        let reach = route_reach(&b, &edges, me, inland, free, free);
        assert_eq!(reach, vec![v]);
        let reach = route_reach(&b, &edges, me, inland, free, |c| c == v);
        assert_eq!(reach.len(), 3);
        assert!(reach.contains(&far));
        // From the coast itself the knight may take either kind.
        assert_eq!(route_reach(&b, &edges, me, v, free, free).len(), 3);
        // Another seat's piece on v stops it there.
        assert_eq!(
            route_reach(&b, &edges, me, inland, |c| c == v, |_| true),
            vec![v]
        );
    }

    #[test]
    fn only_the_end_ship_of_an_open_line_is_open() {
        let b = archipelago();
        let (mut vertices, mut edges) = empty(&b);
        let me = Seat(0);
        let v = coast(&b);
        let (first, second, far) = sail_out(&b, v);
        vertices[v.index()] = VertexPiece::settlement(me);
        edges[first.index()] = EdgePiece::ship(me);
        edges[second.index()] = EdgePiece::ship(me);
        let none = |_: VertexId| false;
        assert_eq!(open_ships(&b, &vertices, &edges, me, none), vec![second]);
        // A landing place or a knight of the seat at the far end closes the line; another seat's does not.
        assert!(open_ships(&b, &vertices, &edges, me, |c| c == far).is_empty());
        vertices[far.index()] = VertexPiece::settlement(Seat(1));
        assert_eq!(open_ships(&b, &vertices, &edges, me, none), vec![second]);
        // Between two of the seat's buildings the line is closed.
        vertices[far.index()] = VertexPiece::settlement(me);
        assert!(open_ships(&b, &vertices, &edges, me, none).is_empty());
        // A lone ship off the settlement is open; roads never are.
        vertices[far.index()] = VertexPiece::EMPTY;
        edges[second.index()] = EdgePiece::road(me);
        assert_eq!(open_ships(&b, &vertices, &edges, me, none), vec![first]);
    }

    #[test]
    fn the_pirate_robs_ship_owners_blocks_its_sides_and_its_harbor_and_the_iceberg_its_harbor() {
        let b = archipelago();
        let t = b.topology();
        let (vertices, mut edges) = empty(&b);
        let harbor = b.layout().harbors[0];
        let hex = harbor_hex(&b, &harbor).unwrap();
        assert!(b.terrain(hex).is_sea());
        assert_eq!(t.coord(hex), HexCoord::new(1, -3));
        let sides = *t.hex_edges(hex);
        edges[sides[0].index()] = EdgePiece::ship(Seat(1));
        edges[sides[3].index()] = EdgePiece::ship(Seat(2));
        assert_eq!(pirate_victims(&b, &edges, hex, Seat(1)), 0b100);
        assert_eq!(pirate_victims(&b, &edges, hex, Seat(0)), 0b110);
        let mut sea = Sea::default();
        assert!(pirate_may_move(&b, None, hex));
        assert!(!pirate_may_move(&b, Some(hex), hex));
        let land = t.hexes().find(|&h| b.terrain(h).is_land()).unwrap();
        assert!(!pirate_may_move(&b, None, land));
        let corner = t.edge_vertices(harbor.edge)[0];
        let mut owned = vertices.clone();
        owned[corner.index()] = VertexPiece::settlement(Seat(0));
        let ratio = |sea: &Sea| {
            crate::hex::best_ratio_where(&b, &owned, Seat(0), Resource::Ore, |v| {
                !sea.blocks_harbor(&b, v)
            })
        };
        assert_eq!(ratio(&sea), 2);
        sea.pirate = Some(hex);
        assert!(sea.pirate_blocks(&b, sides[2]));
        assert_eq!(ratio(&sea), 4, "the pirate on the harbor hex blocks it");
        let other = t
            .hexes()
            .find(|&h| b.terrain(h).is_sea() && h != hex)
            .unwrap();
        sea.pirate = Some(other);
        assert_eq!(ratio(&sea), 2);
        // The iceberg on the harbor hex blocks it as well (Catania, seed line 43), but no ship's side.
        sea.iceberg = Some(hex);
        assert_eq!(ratio(&sea), 4, "the iceberg on the harbor hex blocks it");
        assert!(!sea.pirate_blocks(&b, sides[2]));
        sea.iceberg = Some(other);
        assert_eq!(ratio(&sea), 2);
    }

    #[test]
    fn a_bag_draws_what_it_holds_and_islands_wait_for_their_chips() {
        let mut counts = [0u8; 13];
        counts[2] = 1;
        counts[9] = 3;
        counts[7] = 5;
        let bag = ChipBag::new(counts);
        assert_eq!((bag.total(), bag.count(7)), (4, 0));
        let mut rng = GameRng::seed_from_u64(7);
        let mut seen = [0u32; 13];
        for _ in 0..4000 {
            seen[usize::from(bag.draw(&mut rng).unwrap())] += 1;
        }
        // Uniform over the four chips: about 1000 twos and 3000 nines.
        assert!((800..1200).contains(&seen[2]), "{seen:?}");
        assert_eq!(seen[2] + seen[9], 4000);
        assert_eq!(bag.without(9).without(9).count(9), 1);
        assert_eq!(ChipBag::default().draw(&mut rng), None);
        let b = archipelago();
        let labels = islands(&b);
        let t = b.topology();
        let islet = t.hex_at(HexCoord::new(4, -1)).unwrap();
        let home = labels[0].unwrap();
        assert_ne!(labels[islet.index()], Some(home));
        let v = t.hex_vertices(islet)[0];
        assert_eq!(
            awaiting_chips(&b, &labels, home, v).collect::<Vec<_>>(),
            vec![islet]
        );
        // The home island's hexes never wait: they have their numbers.
        let mut on_home = t.hex_vertices(t.hex(0).unwrap()).iter();
        assert!(on_home.all(|&c| awaiting_chips(&b, &labels, home, c).next().is_none()));
    }

    #[test]
    fn the_beginner_island_is_one_island_and_the_sea_none() {
        let mut layout = beginner_layout();
        // A lone land hex off the coast, with sea between it and the island.
        layout.hexes.push(tile(3, 0, Terrain::Sea));
        layout.hexes.push(tile(4, 0, Terrain::Forest));
        let b = Board::new(layout).unwrap();
        let label = islands(&b);
        assert!(label[..19].iter().all(|&l| l == Some(0)));
        assert_eq!(label[19], None);
        assert_eq!(label[20], Some(1));
    }
}

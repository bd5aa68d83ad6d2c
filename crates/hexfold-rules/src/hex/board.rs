//! Board topology: hexes, their corners (vertices) and sides (edges), built from a list of hex coordinates.
//!
//! Coordinates are axial with pointy-top hexes: `q` grows to the east, `r` to the south-east. Every corner of
//! the infinite grid is the north (`N`) or south (`S`) corner of exactly one hex, so a corner is named by a
//! [`VertexKey`] `(q, r, N|S)`; clients can draw the board from these keys alone.
//!
//! Ids are dense indexes assigned in a fixed order (hexes in list order, then each hex's corners clockwise from
//! north), so the same coordinate list always yields the same ids. Ids are checked newtypes: inside the crate a
//! `VertexId` came from a [`Topology`] or was checked against one ([`Topology::vertex`]) before use.

use super::layout::{Layout, Terrain};
use super::resources::Resource;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;
use std::sync::Arc;

/// An axial hex coordinate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HexCoord {
    pub q: i8,
    pub r: i8,
}

impl HexCoord {
    pub const fn new(q: i8, r: i8) -> Self {
        HexCoord { q, r }
    }

    /// The neighbour across side `side` (0 = north-east, then clockwise: east, south-east, south-west, west,
    /// north-west). Side `i` joins corners `i` and `i + 1` of [`VertexCorner`]'s clockwise order.
    pub fn neighbor(self, side: usize) -> HexCoord {
        const D: [(i8, i8); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];
        let (dq, dr) = D[side % 6];
        HexCoord::new(self.q + dq, self.r + dr)
    }

    /// The key of corner `corner` (0 = north, then clockwise).
    pub fn corner(self, corner: usize) -> VertexKey {
        let (q, r) = (self.q, self.r);
        let (q, r, c) = match corner % 6 {
            0 => (q, r, VertexCorner::N),
            1 => (q + 1, r - 1, VertexCorner::S),
            2 => (q, r + 1, VertexCorner::N),
            3 => (q, r, VertexCorner::S),
            4 => (q - 1, r + 1, VertexCorner::N),
            _ => (q, r - 1, VertexCorner::S),
        };
        VertexKey { q, r, corner: c }
    }
}

/// A point of the board's drawing plane: pointy-top hexes whose corners lie at distance 1 from their centre, `x`
/// to the east, `y` to the south, hex `(0, 0)` centred on the origin. Clients draw from these points (they come
/// with the board in the API) instead of working the geometry out again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// `sqrt(3)`: the width of a pointy-top hex of circumradius 1, and the distance between neighbouring centres.
const SQRT_3: f64 = 1.732_050_807_568_877_2;

impl HexCoord {
    /// The hex's centre: one step along `q` is a hex's width to the east; one along `r` is half a width east and
    /// one and a half circumradii south.
    pub fn center(self) -> Point {
        let (q, r) = (f64::from(self.q), f64::from(self.r));
        Point {
            x: SQRT_3 * (q + r / 2.0),
            y: 1.5 * r,
        }
    }
}

impl VertexKey {
    /// The corner's point: straight above (`N`) or below (`S`) its hex's centre, at the circumradius.
    pub fn point(self) -> Point {
        let c = HexCoord::new(self.q, self.r).center();
        let dy = match self.corner {
            VertexCorner::N => -1.0,
            VertexCorner::S => 1.0,
        };
        Point {
            x: c.x,
            y: c.y + dy,
        }
    }
}

/// Which of a hex's two owned corners a vertex is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum VertexCorner {
    N,
    S,
}

/// The coordinate name of a vertex: corner `corner` of hex `(q, r)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct VertexKey {
    pub q: i8,
    pub r: i8,
    pub corner: VertexCorner,
}

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident, $int:ty) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name($int);

        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A hex of one board, `0..hex_count`.
    HexId,
    u8
);
id_type!(
    /// A corner of one board, `0..vertex_count`. `u16` leaves room for the large Seafarers maps.
    VertexId,
    u16
);
id_type!(
    /// A side of one board, `0..edge_count`.
    EdgeId,
    u16
);

/// Up to `N` neighbours without allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Adj<T: Copy, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy, const N: usize> Adj<T, N> {
    fn new(fill: T) -> Self {
        Adj {
            items: [fill; N],
            len: 0,
        }
    }
    fn push(&mut self, t: T) {
        self.items[usize::from(self.len)] = t;
        self.len += 1;
    }
    fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

/// The shape of a board: which hexes exist and how their corners and sides connect. Built once per coordinate
/// list; every lookup afterwards is an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    coords: Vec<HexCoord>,
    hex_vertices: Vec<[VertexId; 6]>,
    hex_edges: Vec<[EdgeId; 6]>,
    hex_neighbors: Vec<Adj<HexId, 6>>,
    vertex_keys: Vec<VertexKey>,
    vertex_hexes: Vec<Adj<HexId, 3>>,
    vertex_vertices: Vec<Adj<VertexId, 3>>,
    vertex_edges: Vec<Adj<EdgeId, 3>>,
    edge_vertices: Vec<[VertexId; 2]>,
}

thread_local! {
    /// The topology [`Topology::shared`] built last on this thread.
    static LAST_TOPOLOGY: std::cell::RefCell<Option<Arc<Topology>>> = const { std::cell::RefCell::new(None) };
}

impl Topology {
    /// [`Topology::new`], answered from the one this thread built last when the coordinates are the same: every
    /// game of a map's shape (all variable base maps, say) has the same topology, and building one (its corner and
    /// side maps hashed) cost about a twentieth of a whole random base game.
    pub fn shared(coords: &[HexCoord]) -> Option<Arc<Topology>> {
        LAST_TOPOLOGY.with(|last| {
            if let Some(t) = last.borrow().as_ref().filter(|t| t.coords == coords) {
                return Some(Arc::clone(t));
            }
            let t = Arc::new(Topology::new(coords)?);
            *last.borrow_mut() = Some(Arc::clone(&t));
            Some(t)
        })
    }

    /// Builds the topology of the given hexes. Returns `None` for an empty or oversized list or a duplicate.
    pub fn new(coords: &[HexCoord]) -> Option<Topology> {
        if coords.is_empty() || coords.len() > usize::from(u8::MAX) {
            return None;
        }
        let mut hex_index: HashMap<HexCoord, HexId> = HashMap::new();
        for (i, &c) in coords.iter().enumerate() {
            if hex_index.insert(c, HexId(i as u8)).is_some() {
                return None;
            }
        }
        let mut vertex_index: HashMap<VertexKey, VertexId> = HashMap::new();
        let mut edge_index: HashMap<(VertexId, VertexId), EdgeId> = HashMap::new();
        let mut t = Topology {
            coords: coords.to_vec(),
            hex_vertices: Vec::new(),
            hex_edges: Vec::new(),
            hex_neighbors: Vec::new(),
            vertex_keys: Vec::new(),
            vertex_hexes: Vec::new(),
            vertex_vertices: Vec::new(),
            vertex_edges: Vec::new(),
            edge_vertices: Vec::new(),
        };
        for (h, &c) in coords.iter().enumerate() {
            let mut corners = [VertexId(0); 6];
            for (k, corner) in corners.iter_mut().enumerate() {
                let key = c.corner(k);
                *corner = *vertex_index.entry(key).or_insert_with(|| {
                    t.vertex_keys.push(key);
                    t.vertex_hexes.push(Adj::new(HexId(0)));
                    t.vertex_vertices.push(Adj::new(VertexId(0)));
                    t.vertex_edges.push(Adj::new(EdgeId(0)));
                    VertexId((t.vertex_keys.len() - 1) as u16)
                });
                t.vertex_hexes[corner.index()].push(HexId(h as u8));
            }
            let mut sides = [EdgeId(0); 6];
            for (k, side) in sides.iter_mut().enumerate() {
                let (a, b) = (corners[k], corners[(k + 1) % 6]);
                let key = (a.min(b), a.max(b));
                *side = match edge_index.get(&key) {
                    Some(&e) => e,
                    None => {
                        let e = EdgeId(t.edge_vertices.len() as u16);
                        edge_index.insert(key, e);
                        t.edge_vertices.push([key.0, key.1]);
                        t.vertex_edges[a.index()].push(e);
                        t.vertex_edges[b.index()].push(e);
                        t.vertex_vertices[a.index()].push(b);
                        t.vertex_vertices[b.index()].push(a);
                        e
                    }
                };
            }
            let mut neighbors = Adj::new(HexId(0));
            for side in 0..6 {
                if let Some(&n) = hex_index.get(&c.neighbor(side)) {
                    neighbors.push(n);
                }
            }
            t.hex_vertices.push(corners);
            t.hex_edges.push(sides);
            t.hex_neighbors.push(neighbors);
        }
        Some(t)
    }

    pub fn hex_count(&self) -> usize {
        self.coords.len()
    }
    pub fn vertex_count(&self) -> usize {
        self.vertex_keys.len()
    }
    pub fn edge_count(&self) -> usize {
        self.edge_vertices.len()
    }

    /// Checks a raw id from outside (a command, a stored layout).
    pub fn hex(&self, i: usize) -> Option<HexId> {
        (i < self.hex_count()).then_some(HexId(i as u8))
    }
    pub fn vertex(&self, i: usize) -> Option<VertexId> {
        (i < self.vertex_count()).then_some(VertexId(i as u16))
    }
    pub fn edge(&self, i: usize) -> Option<EdgeId> {
        (i < self.edge_count()).then_some(EdgeId(i as u16))
    }

    pub fn hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        (0..self.hex_count()).map(|i| HexId(i as u8))
    }
    pub fn vertices(&self) -> impl Iterator<Item = VertexId> + '_ {
        (0..self.vertex_count()).map(|i| VertexId(i as u16))
    }
    pub fn edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        (0..self.edge_count()).map(|i| EdgeId(i as u16))
    }

    pub fn coord(&self, h: HexId) -> HexCoord {
        self.coords[h.index()]
    }
    pub fn hex_at(&self, c: HexCoord) -> Option<HexId> {
        self.coords
            .iter()
            .position(|&x| x == c)
            .map(|i| HexId(i as u8))
    }
    /// Corners of a hex, clockwise from north.
    pub fn hex_vertices(&self, h: HexId) -> &[VertexId; 6] {
        &self.hex_vertices[h.index()]
    }
    /// Sides of a hex, clockwise from north-east.
    pub fn hex_edges(&self, h: HexId) -> &[EdgeId; 6] {
        &self.hex_edges[h.index()]
    }
    /// Hexes of the board sharing a side with `h`.
    pub fn hex_neighbors(&self, h: HexId) -> &[HexId] {
        self.hex_neighbors[h.index()].as_slice()
    }
    pub fn vertex_key(&self, v: VertexId) -> VertexKey {
        self.vertex_keys[v.index()]
    }
    /// Hexes of the board touching corner `v` (1 to 3).
    pub fn vertex_hexes(&self, v: VertexId) -> &[HexId] {
        self.vertex_hexes[v.index()].as_slice()
    }
    /// Corners one side away from `v`.
    pub fn vertex_neighbors(&self, v: VertexId) -> &[VertexId] {
        self.vertex_vertices[v.index()].as_slice()
    }
    /// Sides ending at `v`.
    pub fn vertex_edges(&self, v: VertexId) -> &[EdgeId] {
        self.vertex_edges[v.index()].as_slice()
    }
    pub fn edge_vertices(&self, e: EdgeId) -> [VertexId; 2] {
        self.edge_vertices[e.index()]
    }
    /// The side of `h` numbered `side` (0 = north-east, clockwise).
    pub fn hex_side(&self, h: HexId, side: usize) -> EdgeId {
        self.hex_edges[h.index()][side % 6]
    }
}

/// A board: a topology with terrains, number tokens and harbors on it. Immutable once built; games share it
/// through a [`BoardRef`].
#[derive(Debug)]
pub struct Board {
    layout: Layout,
    /// Shared by every board of the same coordinates that this thread built last ([`Topology::shared`]).
    topology: Arc<Topology>,
    /// Best harbor per vertex: `None` no harbor, `Some(None)` generic 3:1, `Some(Some(r))` 2:1 for `r`.
    vertex_harbor: Vec<Option<Option<Resource>>>,
    /// The vertices that have a harbor, with it, so ratio lookups scan a handful of corners, not the board.
    harbor_vertices: Vec<(VertexId, Option<Resource>)>,
    /// Hexes carrying each number token, indexed by the number (2..=12), so production scans only those.
    hexes_by_number: [Vec<HexId>; 13],
}

impl Board {
    /// Builds a board from a layout. `None` if the layout is malformed (duplicate hexes, a harbor edge off the
    /// board, a number token outside 2..=12, or a 7 on a hex with a resource of its own).
    pub fn new(layout: Layout) -> Option<Board> {
        let coords: Vec<HexCoord> = layout.hexes.iter().map(|h| h.coord).collect();
        let topology = Topology::shared(&coords)?;
        let mut vertex_harbor = vec![None; topology.vertex_count()];
        for harbor in &layout.harbors {
            let e = topology.edge(harbor.edge.index())?;
            for v in topology.edge_vertices(e) {
                let slot = &mut vertex_harbor[v.index()];
                // A special harbor beats a generic one for its resource, but a vertex touches one harbor at most
                // on the standard frame; keep the first to stay order-independent enough for custom maps.
                if slot.is_none() {
                    *slot = Some(harbor.resource);
                }
            }
        }
        let hexes_by_number = numbers_of(&layout)?;
        let harbor_vertices = topology
            .vertices()
            .filter_map(|v| vertex_harbor[v.index()].map(|h| (v, h)))
            .collect();
        Some(Board {
            layout,
            topology,
            harbor_vertices,
            vertex_harbor,
            hexes_by_number,
        })
    }

    /// This board with the number tokens of some hexes changed (`None` takes one off): for the numbers that
    /// appear or move in play (Catania's island chips, the inventor). The topology and harbors are this board's,
    /// copied rather than built again from the coordinates, which is most of [`Board::new`]'s cost on a large map.
    /// `None` under [`Board::new`]'s rules for numbers, or for a hex off the board.
    pub fn with_numbers(&self, numbers: &[(HexId, Option<u8>)]) -> Option<Board> {
        let mut layout = self.layout.clone();
        for &(h, n) in numbers {
            layout.hexes.get_mut(h.index())?.number = n;
        }
        Some(Board {
            hexes_by_number: numbers_of(&layout)?,
            layout,
            topology: self.topology.clone(),
            vertex_harbor: self.vertex_harbor.clone(),
            harbor_vertices: self.harbor_vertices.clone(),
        })
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    pub fn topology(&self) -> &Topology {
        &self.topology
    }
    pub fn terrain(&self, h: HexId) -> Terrain {
        self.layout.hexes[h.index()].terrain
    }
    pub fn number(&self, h: HexId) -> Option<u8> {
        self.layout.hexes[h.index()].number
    }
    /// The harbor at a vertex: `None` none, `Some(None)` generic 3:1, `Some(Some(r))` 2:1 for `r`.
    /// Every vertex with a harbor, and its harbor (`None` generic 3:1, `Some(r)` 2:1 for `r`).
    pub fn harbor_vertices(&self) -> &[(VertexId, Option<Resource>)] {
        &self.harbor_vertices
    }
    pub fn harbor_at(&self, v: VertexId) -> Option<Option<Resource>> {
        self.vertex_harbor[v.index()]
    }
    pub fn hexes_with_number(&self, n: u8) -> &[HexId] {
        self.hexes_by_number
            .get(usize::from(n))
            .map_or(&[], Vec::as_slice)
    }
    /// The first hex of a terrain, e.g. the desert where the robber starts.
    pub fn first_of(&self, terrain: Terrain) -> Option<HexId> {
        self.layout
            .hexes
            .iter()
            .position(|t| t.terrain == terrain)
            .map(|i| HexId(i as u8))
    }
}

/// The hexes carrying each number token, indexed by the number; `None` for a token outside 2..=12 or a 7 on a hex
/// with a resource of its own.
fn numbers_of(layout: &Layout) -> Option<[Vec<HexId>; 13]> {
    let mut hexes_by_number: [Vec<HexId>; 13] = Default::default();
    for (i, tile) in layout.hexes.iter().enumerate() {
        if let Some(n) = tile.number {
            if !(2..=12).contains(&n) || (n == 7 && tile.terrain.resource().is_some()) {
                return None;
            }
            hexes_by_number[usize::from(n)].push(HexId(i as u8));
        }
    }
    Some(hexes_by_number)
}

/// A shared, immutable board inside a game state.
///
/// Why an `Arc` in the state and not a global: the board differs per game (variable layout) and later per
/// scenario (other shapes), and states are cloned by callers that keep snapshots; an `Arc` makes that clone one
/// reference-count bump instead of copying the topology. Its serialized form is the [`Layout`] alone; the
/// topology is rebuilt on deserialization, so stored data never depends on the engine's internal tables.
#[derive(Clone, Debug)]
pub struct BoardRef(pub Arc<Board>);

impl std::ops::Deref for BoardRef {
    type Target = Board;
    fn deref(&self) -> &Board {
        &self.0
    }
}

impl PartialEq for BoardRef {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.layout == other.0.layout
    }
}

impl Serialize for BoardRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.layout.serialize(s)
    }
}

impl<'de> Deserialize<'de> for BoardRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let layout = Layout::deserialize(d)?;
        Board::new(layout)
            .map(|b| BoardRef(Arc::new(b)))
            .ok_or_else(|| serde::de::Error::custom("malformed board layout"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::layout::standard_coords;

    /// The drawing's points make regular hexagons: each corner at distance 1 from its hex's centre and from the
    /// next corner clockwise, and neighbouring centres a hex's width apart, so the shared corners meet.
    #[test]
    fn corner_points_form_regular_hexagons_that_tile() {
        let dist = |a: Point, b: Point| ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
        let close = |d: f64, want: f64| (d - want).abs() < 1e-9;
        for c in standard_coords() {
            let centre = c.center();
            for k in 0..6 {
                let (p, next) = (c.corner(k).point(), c.corner(k + 1).point());
                assert!(close(dist(centre, p), 1.0), "{c:?} corner {k}");
                assert!(close(dist(p, next), 1.0), "{c:?} side {k}");
                assert!(
                    close(dist(centre, c.neighbor(k).center()), SQRT_3),
                    "{c:?} side {k}"
                );
            }
            // Clockwise from north with y down: the corner after north lies to its east.
            assert!(c.corner(1).point().x > c.corner(0).point().x);
        }
    }

    #[test]
    fn standard_board_has_54_vertices_and_72_edges() {
        let t = Topology::new(&standard_coords()).unwrap();
        assert_eq!(
            (t.hex_count(), t.vertex_count(), t.edge_count()),
            (19, 54, 72)
        );
        // Every vertex touches 1..=3 hexes and 2..=3 edges; every hex has 6 distinct corners.
        for v in t.vertices() {
            assert!((1..=3).contains(&t.vertex_hexes(v).len()));
            assert!((2..=3).contains(&t.vertex_edges(v).len()));
            assert_eq!(t.vertex_edges(v).len(), t.vertex_neighbors(v).len());
        }
        for h in t.hexes() {
            let mut c = t.hex_vertices(h).to_vec();
            c.sort();
            c.dedup();
            assert_eq!(c.len(), 6);
        }
        // The centre hex has six neighbours, a corner hex three.
        assert_eq!(
            t.hex_neighbors(t.hex_at(HexCoord::new(0, 0)).unwrap())
                .len(),
            6
        );
        assert_eq!(
            t.hex_neighbors(t.hex_at(HexCoord::new(0, -2)).unwrap())
                .len(),
            3
        );
    }

    #[test]
    fn renumbering_keeps_the_board_and_moves_the_numbers() {
        let board = Board::new(crate::hex::beginner_layout()).unwrap();
        let (a, b) = (HexId(0), HexId(1));
        let (na, nb) = (board.number(a), board.number(b));
        let swapped = board.with_numbers(&[(a, nb), (b, na)]).unwrap();
        let mut layout = board.layout().clone();
        layout.hexes[0].number = nb;
        layout.hexes[1].number = na;
        let built = Board::new(layout).unwrap();
        assert_eq!(swapped.layout(), built.layout());
        assert_eq!(swapped.topology(), built.topology());
        for n in 2..=12 {
            assert_eq!(swapped.hexes_with_number(n), built.hexes_with_number(n));
        }
        assert_eq!(swapped.harbor_vertices(), built.harbor_vertices());
        assert!(board.with_numbers(&[(a, Some(13))]).is_none());
        assert!(board.with_numbers(&[(HexId(19), Some(5))]).is_none());
    }

    #[test]
    fn corners_are_shared_by_adjacent_hexes() {
        let t = Topology::new(&[
            HexCoord::new(0, 0),
            HexCoord::new(1, 0),
            HexCoord::new(0, 1),
        ])
        .unwrap();
        // Three mutually adjacent hexes share exactly one corner.
        assert_eq!(t.vertex_count(), 13);
        assert_eq!(
            t.vertices()
                .filter(|&v| t.vertex_hexes(v).len() == 3)
                .count(),
            1
        );
    }
}

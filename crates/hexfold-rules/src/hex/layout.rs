//! What lies on a board: terrains (sea included), number tokens, harbors; the map kinds a creator chooses from and
//! the two layouts of base Catan's 19-hex frame, which is one frame among others: a board takes any list of hexes.

use super::board::{HexCoord, Topology};
use super::resources::Resource;
use super::EdgeId;
use crate::GameRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// A terrain. Base Catan uses the first six; sea frames the larger boards, and Catania adds the gold field and its
/// special hexes, which is why production goes through [`Terrain::resource`] and the robber through
/// [`Terrain::is_land`] rather than matching terrains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Hills,
    Forest,
    Pasture,
    Fields,
    Mountains,
    Desert,
    /// Water: yields nothing, takes no number token, the robber never stands on it; ships sail its sides.
    Sea,
    /// Land yielding a resource of the owner's choice (Seafarers), so it has no fixed [`Terrain::resource`].
    Gold,
    /// Catania's special land hexes: each carries a 7 and yields nothing on a number roll.
    Glacier,
    Volcano,
    Temple,
    /// The barbarians' castle.
    Castle,
    /// A trading station (market).
    Station,
    /// Catania's barbarian double field: neither land nor sea, so nothing stands, sails or is built on it alone.
    DoubleField,
}

impl Terrain {
    /// The resource this terrain produces, if any.
    pub fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert
            | Terrain::Sea
            | Terrain::Gold
            | Terrain::Glacier
            | Terrain::Volcano
            | Terrain::Temple
            | Terrain::Castle
            | Terrain::Station
            | Terrain::DoubleField => None,
        }
    }

    /// Whether this is land: where settlements produce and the robber may stand. The sea is not, nor the inert
    /// double field.
    pub fn is_land(self) -> bool {
        !matches!(self, Terrain::Sea | Terrain::DoubleField)
    }

    /// Whether a building next to this hex receives something when its number is rolled: a resource, or gold's
    /// resource of choice.
    pub fn produces(self) -> bool {
        self.resource().is_some() || self == Terrain::Gold
    }

    /// Whether ships sail the sides of this hex.
    pub fn is_sea(self) -> bool {
        self == Terrain::Sea
    }
}

/// Which map to play on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MapKind {
    /// The fixed beginner map (terrains, numbers and harbors as printed in the rules). Starting settlements are
    /// still placed by the players (see docs/rules/catan.md, BASE-BOARD-02).
    Beginner,
    /// Terrains and harbors shuffled, numbers shuffled so no two red numbers (6, 8) are neighbours.
    Variable,
}

impl MapKind {
    /// The beginner map if `beginner`, a variable one otherwise.
    pub fn of_choice(beginner: bool) -> MapKind {
        if beginner {
            MapKind::Beginner
        } else {
            MapKind::Variable
        }
    }
}

/// The layout of base Catan's 19-hex frame for a map kind (base Catan, Cities & Knights); `None` if the variable
/// map could not be drawn within its attempts.
pub fn standard_layout(kind: MapKind, rng: &mut GameRng) -> Option<Layout> {
    match kind {
        MapKind::Beginner => Some(beginner_layout()),
        MapKind::Variable => variable_layout(rng),
    }
}

/// One hex of a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexTile {
    pub coord: HexCoord,
    pub terrain: Terrain,
    /// The number token, 2..=12; `None` on the desert and the sea. A 7 only marks a hex that yields nothing of its
    /// own on a number roll (Catania's special hexes): no production looks for it.
    pub number: Option<u8>,
}

/// A harbor on a coastal side. Both corners of the side give access to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Harbor {
    pub edge: EdgeId,
    /// `None`: generic 3:1. `Some(r)`: 2:1 for `r`.
    pub resource: Option<Resource>,
}

/// A complete, public description of a board. Ids ([`super::HexId`] = index into `hexes`, edges and vertices)
/// follow from the order of `hexes` alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub hexes: Vec<HexTile>,
    pub harbors: Vec<Harbor>,
}

/// The 19 hex coordinates of the base game, row by row from the top (3, 4, 5, 4, 3 hexes).
pub fn standard_coords() -> Vec<HexCoord> {
    let mut v = Vec::with_capacity(19);
    for r in -2i8..=2 {
        for q in (-2i8).max(-2 - r)..=2i8.min(2 - r) {
            v.push(HexCoord::new(q, r));
        }
    }
    v
}

/// The nine harbor positions of the base frame as (hex, side): side 0 = north-east, clockwise. No two share a
/// corner, and each lies on the coast.
const HARBOR_SLOTS: [((i8, i8), usize); 9] = [
    ((0, -2), 5),
    ((1, -2), 0),
    ((2, -1), 0),
    ((2, 0), 2),
    ((0, 2), 2),
    ((-1, 2), 3),
    ((-2, 1), 4),
    ((-2, 0), 5),
    ((-1, -1), 5),
];

/// The harbor tokens: 4 generic, one 2:1 per resource. This order is also the beginner map's assignment.
const HARBOR_KINDS: [Option<Resource>; 9] = [
    None,
    Some(Resource::Grain),
    Some(Resource::Ore),
    None,
    Some(Resource::Wool),
    None,
    None,
    Some(Resource::Brick),
    Some(Resource::Lumber),
];

fn harbors(topology: &Topology, kinds: &[Option<Resource>; 9]) -> Vec<Harbor> {
    HARBOR_SLOTS
        .iter()
        .zip(kinds)
        .map(|(&((q, r), side), &resource)| {
            let hex = topology
                .hex_at(HexCoord::new(q, r))
                .expect("harbor slot on the standard board");
            Harbor {
                edge: topology.hex_side(hex, side),
                resource,
            }
        })
        .collect()
}

/// The fixed beginner map (CATAN 5th edition "starting map for beginners"), rows from the top.
pub fn beginner_layout() -> Layout {
    use Terrain::*;
    const TILES: [(Terrain, Option<u8>); 19] = [
        (Mountains, Some(10)),
        (Pasture, Some(2)),
        (Forest, Some(9)),
        (Fields, Some(12)),
        (Hills, Some(6)),
        (Pasture, Some(4)),
        (Hills, Some(10)),
        (Fields, Some(9)),
        (Forest, Some(11)),
        (Desert, None),
        (Forest, Some(3)),
        (Mountains, Some(8)),
        (Forest, Some(8)),
        (Mountains, Some(3)),
        (Fields, Some(4)),
        (Pasture, Some(5)),
        (Hills, Some(5)),
        (Fields, Some(6)),
        (Pasture, Some(11)),
    ];
    let coords = standard_coords();
    let topology = Topology::shared(&coords).expect("standard coordinates");
    let hexes = coords
        .iter()
        .zip(TILES)
        .map(|(&coord, (terrain, number))| HexTile {
            coord,
            terrain,
            number,
        })
        .collect();
    Layout {
        hexes,
        harbors: harbors(&topology, &HARBOR_KINDS),
    }
}

/// The base game's terrain tiles.
const TERRAINS: [Terrain; 19] = {
    use Terrain::*;
    [
        Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture, Fields, Fields, Fields,
        Fields, Hills, Hills, Hills, Mountains, Mountains, Mountains, Desert,
    ]
};

/// The base game's number tokens.
const TOKENS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

/// How many token shuffles to try before giving up; with 4 red tokens on 18 hexes roughly one shuffle in four
/// succeeds, so reaching this bound means a broken generator, not bad luck.
const TOKEN_ATTEMPTS_MAX: usize = 10_000;

/// A variable map: terrains and harbor tokens shuffled, number tokens shuffled onto the land hexes (the desert
/// gets none) until no two red numbers (6, 8) are neighbours. `None` only if [`TOKEN_ATTEMPTS_MAX`] is hit.
pub fn variable_layout(rng: &mut GameRng) -> Option<Layout> {
    let coords = standard_coords();
    let topology = Topology::shared(&coords).expect("standard coordinates");
    let mut terrains = TERRAINS;
    terrains.shuffle(rng);
    let mut kinds = HARBOR_KINDS;
    kinds.shuffle(rng);
    let mut tokens = TOKENS;
    for _ in 0..TOKEN_ATTEMPTS_MAX {
        tokens.shuffle(rng);
        let mut next = tokens.iter();
        let numbers: Vec<Option<u8>> = terrains
            .iter()
            .map(|&t| {
                if t == Terrain::Desert {
                    None
                } else {
                    next.next().copied()
                }
            })
            .collect();
        let red = |h: super::HexId| matches!(numbers[h.index()], Some(6 | 8));
        let clash = topology
            .hexes()
            .any(|h| red(h) && topology.hex_neighbors(h).iter().any(|&n| red(n)));
        if !clash {
            let hexes = coords
                .iter()
                .zip(terrains.iter().zip(numbers))
                .map(|(&coord, (&terrain, number))| HexTile {
                    coord,
                    terrain,
                    number,
                })
                .collect();
            return Some(Layout {
                hexes,
                harbors: harbors(&topology, &kinds),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Board;
    use rand::SeedableRng;

    fn check_counts(layout: &Layout) {
        let count = |t: Terrain| layout.hexes.iter().filter(|h| h.terrain == t).count();
        assert_eq!(
            [
                Terrain::Forest,
                Terrain::Pasture,
                Terrain::Fields,
                Terrain::Hills,
                Terrain::Mountains,
                Terrain::Desert
            ]
            .map(count),
            [4, 4, 4, 3, 3, 1]
        );
        let mut tokens: Vec<u8> = layout.hexes.iter().filter_map(|h| h.number).collect();
        tokens.sort();
        assert_eq!(tokens, TOKENS);
        for h in &layout.hexes {
            assert_eq!(h.terrain == Terrain::Desert, h.number.is_none());
        }
        assert_eq!(
            layout
                .harbors
                .iter()
                .filter(|h| h.resource.is_none())
                .count(),
            4
        );
        for r in Resource::ALL {
            assert_eq!(
                layout
                    .harbors
                    .iter()
                    .filter(|h| h.resource == Some(r))
                    .count(),
                1
            );
        }
    }

    fn check_no_red_neighbors(layout: &Layout) {
        let board = Board::new(layout.clone()).unwrap();
        let t = board.topology();
        let red = |h| matches!(board.number(h), Some(6 | 8));
        for h in t.hexes() {
            if red(h) {
                assert!(
                    t.hex_neighbors(h).iter().all(|&n| !red(n)),
                    "red neighbours at {:?}",
                    t.coord(h)
                );
            }
        }
    }

    #[test]
    fn beginner_layout_is_complete_and_valid() {
        let layout = beginner_layout();
        check_counts(&layout);
        check_no_red_neighbors(&layout);
    }

    #[test]
    fn harbor_slots_are_coastal_and_disjoint() {
        let board = Board::new(beginner_layout()).unwrap();
        let t = board.topology();
        let mut seen = Vec::new();
        for h in &board.layout().harbors {
            let [a, b] = t.edge_vertices(h.edge);
            // A coastal side: its two corners share exactly one hex.
            let shared = t
                .vertex_hexes(a)
                .iter()
                .filter(|x| t.vertex_hexes(b).contains(x))
                .count();
            assert_eq!(shared, 1);
            seen.extend([a, b]);
        }
        let n = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), n);
    }

    #[test]
    fn variable_layouts_keep_counts_and_separate_red_numbers() {
        for seed in 0..200 {
            let layout = variable_layout(&mut GameRng::seed_from_u64(seed)).unwrap();
            check_counts(&layout);
            check_no_red_neighbors(&layout);
        }
    }
}

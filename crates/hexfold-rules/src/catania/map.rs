//! Catania's map as data: the draft specification's 15 by 13 wrap-around layout (section 3.2, decision D-01), one
//! table of 195 cells, so the seed's lost picture can replace it if it ever turns up (its line 197 is a lone `|`).
//!
//! Each cell is one token, read by [`layout`]:
//! - a terrain letter and its number chip: `F` forest, `P` pasture, `A` fields, `H` hills, `M` mountains, `G` gold,
//!   `D` desert, `I` glacier, `V` volcano, `T` temple, `B` barbarian castle, `S` trading station, `X` the barbarian
//!   double field; `F9` is a forest with a 9. The special hexes carry the 7 the seed gives them (its section 2);
//!   island land carries no chip until it is first settled (drawn from the bag then, see `catania::chips`);
//! - `.` sea; a harbor is a sea hex with its kind and the side that faces its land, `b/NE` (2:1 brick; `l` lumber,
//!   `w` wool, `g` grain, `o` ore) or `3/W` (generic 3:1);
//! - `^`, `@`, `%`: the sea hexes where the iceberg, the hurricane and the storm cloud start (seed lines 192-194).
//!
//! Rows are pointy-top hexes in odd-r offset (odd rows drawn half a hex to the right); cell (col, row) is the axial
//! hex (col - (row - row mod 2) / 2, row). Hex ids follow the table, row by row.

use crate::hex::{Board, BoardRef, Harbor, HexCoord, HexTile, Layout, Resource, Terrain, Topology};
use std::sync::{Arc, OnceLock};

/// Columns and rows of the table.
pub const COLUMNS: usize = 15;
pub const ROWS: usize = 13;

/// The map, row 0 at the top. Catan, the main island, spans rows 4 to 9 with the 5-6 player chip set.
pub const TABLE: [&str; ROWS] = [
    "F    P    A    M    .    .    M    A    F    .    .    .    F    P    M",
    "H    T7   G    .    .    b/NE H    P    3/W  D    D    l/NE A    G    H",
    "D    A    w/W  .    .    .    ^    .    .    V7   D    .    3/NE D    F",
    "g/NE .    .    .    3/SE .    b/SE .    3/SW .    .    .    .    .    o/NW",
    "H    F    .    .    .    F3   P6   A10  H6   .    .    3/E  P    M    .",
    "M    b/SW .    l/E  M8   F4   A12  P3   H10  w/SW .    A    F    G    l/W",
    "P    A    .    .    I7   F9   M8   A5   P11  H6   .    3/NE H    D    .",
    "D    w/SW 3/E  P3   H12  A5   D    M4   F9   g/SW .    M    P    A    .",
    "F    H    .    3/E  F2   A4   I7   P11  H2   M10  .    .    g/NE .    @",
    ".    %    S7   .    A9   M8   P5   I7   F11  .    S7   .    .    .    3/SW",
    "o/SE .    .    .    o/NE .    w/NE .    3/NE .    .    .    3/E  A    H",
    "M    P    F    A    3/W  3/E  F    H    M    .    B7   .    M    F    P",
    "H    G    D    P    .    .    A    P    G    .    X    .    H    D    M",
];

/// A natural force of the seed's section 6, named here for the sea hex it starts on: the iceberg sails the sea
/// only, the hurricane sweeps land and sea, the storm cloud hides the hex below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Force {
    Iceberg,
    Hurricane,
    StormCloud,
}

/// What one token of the table says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    terrain: Terrain,
    number: Option<u8>,
    /// A harbor's kind (`None` generic) and the side of its hex facing land (0 = north-east, clockwise).
    harbor: Option<(Option<Resource>, usize)>,
    start: Option<Force>,
}

/// The axial coordinate of table cell (`col`, `row`).
pub fn coord(col: usize, row: usize) -> HexCoord {
    let (c, r) = (col as i8, row as i8);
    HexCoord::new(c - (r - (r & 1)) / 2, r)
}

/// The side a compass name stands for, in [`HexCoord::neighbor`]'s numbering.
fn side(name: &str) -> Option<usize> {
    ["NE", "E", "SE", "SW", "W", "NW"]
        .iter()
        .position(|&s| s == name)
}

fn parse(token: &str) -> Option<Cell> {
    let mut chars = token.chars();
    let letter = chars.next()?;
    let rest = chars.as_str();
    let sea = |start| Cell {
        terrain: Terrain::Sea,
        number: None,
        harbor: None,
        start,
    };
    let harbor = |kind: Option<Resource>| {
        let side = side(rest.strip_prefix('/')?)?;
        Some(Cell {
            harbor: Some((kind, side)),
            ..sea(None)
        })
    };
    let land = |terrain| {
        let number = if rest.is_empty() {
            None
        } else {
            Some(rest.parse::<u8>().ok()?)
        };
        Some(Cell {
            terrain,
            number,
            harbor: None,
            start: None,
        })
    };
    match letter {
        '.' if rest.is_empty() => Some(sea(None)),
        '^' if rest.is_empty() => Some(sea(Some(Force::Iceberg))),
        '@' if rest.is_empty() => Some(sea(Some(Force::Hurricane))),
        '%' if rest.is_empty() => Some(sea(Some(Force::StormCloud))),
        'b' => harbor(Some(Resource::Brick)),
        'l' => harbor(Some(Resource::Lumber)),
        'w' => harbor(Some(Resource::Wool)),
        'g' => harbor(Some(Resource::Grain)),
        'o' => harbor(Some(Resource::Ore)),
        '3' => harbor(None),
        'F' => land(Terrain::Forest),
        'P' => land(Terrain::Pasture),
        'A' => land(Terrain::Fields),
        'H' => land(Terrain::Hills),
        'M' => land(Terrain::Mountains),
        'G' => land(Terrain::Gold),
        'D' => land(Terrain::Desert),
        'I' => land(Terrain::Glacier),
        'V' => land(Terrain::Volcano),
        'T' => land(Terrain::Temple),
        'B' => land(Terrain::Castle),
        'S' => land(Terrain::Station),
        'X' => land(Terrain::DoubleField),
        _ => None,
    }
}

/// Every cell with its table position, row by row: the order of hex ids. `None` if a row does not have
/// [`COLUMNS`] tokens or a token does not parse.
fn cells() -> Option<Vec<((usize, usize), Cell)>> {
    let mut out = Vec::with_capacity(COLUMNS * ROWS);
    for (row, line) in TABLE.iter().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != COLUMNS {
            return None;
        }
        for (col, token) in tokens.into_iter().enumerate() {
            out.push(((col, row), parse(token)?));
        }
    }
    Some(out)
}

/// The layout of the table: 195 hexes in table order, and each harbor on its hex's side facing land (both corners
/// of that side give access; the harbor hex itself is what the pirate blocks). `None` only if the table is
/// malformed, which the unit tests rule out.
pub fn layout() -> Option<Layout> {
    let cells = cells()?;
    let coords: Vec<HexCoord> = cells.iter().map(|&((c, r), _)| coord(c, r)).collect();
    let topology = Topology::new(&coords)?;
    let mut hexes = Vec::with_capacity(cells.len());
    let mut harbors = Vec::new();
    for (i, &((c, r), cell)) in cells.iter().enumerate() {
        hexes.push(HexTile {
            coord: coord(c, r),
            terrain: cell.terrain,
            number: cell.number,
        });
        if let Some((resource, side)) = cell.harbor {
            harbors.push(Harbor {
                edge: topology.hex_side(topology.hex(i)?, side),
                resource,
            });
        }
    }
    Some(Layout { hexes, harbors })
}

/// The table's board, built once for the process: every game starts on it, so a game's setup and first state
/// take it as it is instead of parsing the table and building the topology again (its chips come out in play on
/// new boards, which share nothing with it but what [`Board::with_numbers`] keeps).
pub fn board() -> Option<&'static BoardRef> {
    static BOARD: OnceLock<Option<BoardRef>> = OnceLock::new();
    BOARD
        .get_or_init(|| Board::new(layout()?).map(|b| BoardRef(Arc::new(b))))
        .as_ref()
}

/// Where each force starts.
pub fn start_hexes() -> Vec<(Force, HexCoord)> {
    cells()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|((c, r), cell)| cell.start.map(|f| (f, coord(c, r))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{islands, Board, HexId};

    fn board() -> Board {
        Board::new(layout().expect("the table parses")).expect("the table is a board")
    }

    #[test]
    fn the_table_is_195_hexes_with_446_corners_and_640_edges() {
        let b = board();
        let t = b.topology();
        assert_eq!(
            (t.hex_count(), t.vertex_count(), t.edge_count()),
            (195, 446, 640)
        );
    }

    #[test]
    fn the_hex_inventory_is_the_seeds_plus_three_start_hexes() {
        // Seed line 10: 16 forest, 16 pasture, 16 fields, 15 hills, 15 mountains, 61 sea, 16 special and 13
        // generic harbors, 1 volcano, 3 glaciers, 5 gold, 1 temple, 1 castle, 2 stations, 10 deserts, 1 double
        // field; with the three start hexes of lines 192-194 (sea), 195 (spec decision D-11).
        let b = board();
        let count = |t: Terrain| b.layout().hexes.iter().filter(|h| h.terrain == t).count();
        use Terrain::*;
        let land = [
            (Forest, 16),
            (Pasture, 16),
            (Fields, 16),
            (Hills, 15),
            (Mountains, 15),
            (Gold, 5),
            (Desert, 10),
            (Glacier, 3),
            (Volcano, 1),
            (Temple, 1),
            (Castle, 1),
            (Station, 2),
            (DoubleField, 1),
        ];
        for (t, n) in land {
            assert_eq!(count(t), n, "{t:?}");
        }
        let harbors = &b.layout().harbors;
        assert_eq!(harbors.iter().filter(|h| h.resource.is_some()).count(), 16);
        assert_eq!(harbors.iter().filter(|h| h.resource.is_none()).count(), 13);
        for r in Resource::ALL {
            let n = harbors.iter().filter(|h| h.resource == Some(r)).count();
            assert!((3..=4).contains(&n), "{r:?} harbors: {n}");
        }
        // Sea: 61 open hexes, 29 harbor hexes, 3 start hexes.
        assert_eq!(count(Sea), 61 + 29 + 3);
        let starts = start_hexes();
        assert_eq!(starts.len(), 3);
        for (force, c) in starts {
            let h = b.topology().hex_at(c).unwrap();
            assert_eq!(b.terrain(h), Sea, "{force:?} starts at sea (D-20)");
        }
    }

    #[test]
    fn every_harbor_faces_land_on_its_access_side_and_none_share_a_corner() {
        let b = board();
        let t = b.topology();
        let mut corners = Vec::new();
        for h in &b.layout().harbors {
            let [a, c] = t.edge_vertices(h.edge);
            let hexes: Vec<HexId> = t
                .vertex_hexes(a)
                .iter()
                .copied()
                .filter(|x| t.vertex_hexes(c).contains(x))
                .collect();
            assert_eq!(hexes.len(), 2, "a harbor side lies between two hexes");
            let sea = hexes.iter().filter(|&&x| b.terrain(x).is_sea()).count();
            let land = hexes.iter().filter(|&&x| b.terrain(x).is_land()).count();
            assert_eq!((sea, land), (1, 1), "harbor at {:?}", t.coord(hexes[0]));
            corners.extend([a, c]);
        }
        let n = corners.len();
        corners.sort();
        corners.dedup();
        assert_eq!(corners.len(), n, "two harbors share a corner");
    }

    #[test]
    fn catan_is_the_largest_island_with_the_chips_and_thirteen_land_masses_in_all() {
        let b = board();
        let label = islands(&b);
        let islands_n = label.iter().flatten().max().map_or(0, |&m| m + 1);
        // Catan, nine islands (east, temple isle, north-east, west, south-east, south-west, south, north, volcano
        // isle) and three islets: the two stations and the castle.
        assert_eq!(islands_n, 13);
        let size = |i: u8| label.iter().filter(|&&l| l == Some(i)).count();
        let catan = (0..islands_n).max_by_key(|&i| size(i)).unwrap();
        assert_eq!(size(catan), 32);
        let mut sizes: Vec<usize> = (0..islands_n).map(size).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [1, 1, 1, 4, 5, 6, 8, 8, 8, 8, 9, 10, 32]);
        // Catan's producing hexes carry the 5-6 player chips (2 and 12 twice, the others three times); no other
        // land carries a chip but the special hexes' 7.
        let mut chips = Vec::new();
        for h in b.topology().hexes() {
            let on_catan = label[h.index()] == Some(catan);
            match b.number(h) {
                Some(7) => {
                    assert!(b.terrain(h).resource().is_none() && b.terrain(h) != Terrain::Gold)
                }
                Some(n) => {
                    assert!(on_catan, "a chip off Catan at {:?}", b.topology().coord(h));
                    chips.push(n);
                }
                None => assert!(
                    !on_catan || matches!(b.terrain(h), Terrain::Desert),
                    "Catan's {:?} has no chip",
                    b.terrain(h)
                ),
            }
        }
        chips.sort_unstable();
        let mut want = vec![2, 2, 12, 12];
        for n in [3, 4, 5, 6, 8, 9, 10, 11] {
            want.extend([n; 3]);
        }
        want.sort_unstable();
        assert_eq!(chips, want);
        let sevens: Vec<Terrain> = b
            .topology()
            .hexes()
            .filter(|&h| b.number(h) == Some(7))
            .map(|h| b.terrain(h))
            .collect();
        assert_eq!(
            sevens.len(),
            8,
            "3 glaciers, volcano, temple, castle, 2 stations"
        );
    }
}

//! Seafarers' mechanics, written once over a board for any scenario that sails (Catania is the first): islands
//! found from the map.

use super::board::{Board, HexId};

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
    use crate::hex::{beginner_layout, HexCoord, HexTile, Terrain};

    #[test]
    fn the_beginner_island_is_one_island_and_the_sea_none() {
        let mut layout = beginner_layout();
        // A lone land hex off the coast, with sea between it and the island.
        layout.hexes.push(HexTile {
            coord: HexCoord::new(3, 0),
            terrain: Terrain::Sea,
            number: None,
        });
        layout.hexes.push(HexTile {
            coord: HexCoord::new(4, 0),
            terrain: Terrain::Forest,
            number: None,
        });
        let b = Board::new(layout).unwrap();
        let label = islands(&b);
        assert!(label[..19].iter().all(|&l| l == Some(0)));
        assert_eq!(label[19], None);
        assert_eq!(label[20], Some(1));
    }
}

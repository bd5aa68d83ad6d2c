//! Board geometry and the counts derived from the board (cubes, trade points, free squares).
//!
//! Squares are addressed internally by column and row index (0 = row 2 ... 9 = row 12); the public [`Square`]
//! uses the row label.

use super::data::{
    self, building, BuildingSpec, CHURCH_FOUNDATION, COLS_BY_PLAYERS, CUBES, EAST_WALL_SLOTS,
    GATE_WINDMILLS, MAX_COLS, ROWS, ROW_LABELS, SEA_WINDMILLS, TRACK_FLAGS,
};
use super::{Cards, Cell, InfluenceColor, Place, Square, State, WallSide, WallSlot};
use crate::game::Seat;

/// Row index (0..10) of a row label, `None` for 7 and labels off the board.
pub fn row_index(label: u8) -> Option<usize> {
    ROW_LABELS.iter().position(|&l| l == label)
}

pub fn row_label(index: usize) -> u8 {
    ROW_LABELS[index]
}

/// Columns of the city for this many players.
pub fn columns(players: u8) -> u8 {
    COLS_BY_PLAYERS[usize::from(players.clamp(2, 4) - 2)]
}

pub fn cell_index(col: usize, row: usize) -> usize {
    row * MAX_COLS + col
}

/// The (column, row index) of a square inside this city, or `None`.
pub fn locate(state: &State, sq: Square) -> Option<(usize, usize)> {
    let row = row_index(sq.row)?;
    (sq.col < columns(state.players)).then_some((usize::from(sq.col), row))
}

pub fn square(col: usize, row: usize) -> Square {
    Square {
        col: col as u8,
        row: row_label(row),
    }
}

/// Windmills printed on a square.
pub fn windmills(players: u8, col: usize, row: usize) -> u8 {
    if col == 0 {
        return SEA_WINDMILLS[row];
    }
    let last = usize::from(columns(players)) - 1;
    if players >= 3 && col == last && (row == 0 || row == ROWS - 1) {
        return GATE_WINDMILLS;
    }
    0
}

/// The church foundation as (column, row index).
pub fn foundation() -> (usize, usize) {
    let (col, label) = CHURCH_FOUNDATION;
    (
        usize::from(col),
        row_index(label).expect("the foundation row is a board row"),
    )
}

/// True while the foundation square must stay free (until the first church tile).
pub fn is_reserved(state: &State, col: usize, row: usize) -> bool {
    state.church_origin.is_none() && (col, row) == foundation()
}

/// The squares a building of `spec` covers with its top-left square at (col, row), or `None` if it leaves the
/// city.
pub fn footprint(state: &State, spec: &BuildingSpec, col: usize, row: usize) -> Option<Footprint> {
    let cols = usize::from(columns(state.players));
    let (w, h) = (usize::from(spec.cols), usize::from(spec.rows));
    (col + w <= cols && row + h <= ROWS).then_some(Footprint { col, row, w, h })
}

/// A rectangle of squares.
#[derive(Clone, Copy, Debug)]
pub struct Footprint {
    pub col: usize,
    pub row: usize,
    pub w: usize,
    pub h: usize,
}

impl Footprint {
    pub fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (self.row..self.row + self.h)
            .flat_map(move |r| (self.col..self.col + self.w).map(move |c| (c, r)))
    }

    pub fn touches_row(self, row: usize) -> bool {
        (self.row..self.row + self.h).contains(&row)
    }
}

/// The footprint of a piece on the board.
pub fn piece_footprint(state: &State, piece: usize) -> Option<Footprint> {
    let p = &state.pieces[piece];
    match p.place {
        Place::Board { at, .. } => {
            let spec = building(p.kind);
            let row = row_index(at.row)?;
            Some(Footprint {
                col: usize::from(at.col),
                row,
                w: usize::from(spec.cols),
                h: usize::from(spec.rows),
            })
        }
        _ => None,
    }
}

/// A square a permit may go on: inside the city, empty, and not the reserved foundation.
pub fn is_free(state: &State, col: usize, row: usize) -> bool {
    col < usize::from(columns(state.players))
        && state.cells[cell_index(col, row)] == Cell::Empty
        && !is_reserved(state, col, row)
}

pub fn row_has_free(state: &State, row: usize) -> bool {
    (0..usize::from(columns(state.players))).any(|c| is_free(state, c, row))
}

// Walls.

/// Wall slots on the north side (and on the south side): every column but the last, which the gate covers.
pub fn side_slots(players: u8) -> u8 {
    columns(players) - 1
}

pub fn wall_slot_count(players: u8) -> usize {
    usize::from(2 * side_slots(players) + EAST_WALL_SLOTS)
}

/// Index of a slot in [`State::walls`], if the slot exists in this city.
pub fn wall_index(players: u8, slot: WallSlot) -> Option<usize> {
    let side = side_slots(players);
    let (base, len) = match slot.side {
        WallSide::North => (0, side),
        WallSide::East => (side, EAST_WALL_SLOTS),
        WallSide::South => (side + EAST_WALL_SLOTS, side),
    };
    // Added as usize, and only for a slot that exists: an index off the wall (up to 255 from a command) must not
    // overflow the u8 sum (the fuzz target `rules_elasund` found it).
    (slot.index < len).then(|| usize::from(base) + usize::from(slot.index))
}

pub fn wall_slot(players: u8, index: usize) -> WallSlot {
    let side = usize::from(side_slots(players));
    let east = usize::from(EAST_WALL_SLOTS);
    if index < side {
        WallSlot {
            side: WallSide::North,
            index: index as u8,
        }
    } else if index < side + east {
        WallSlot {
            side: WallSide::East,
            index: (index - side) as u8,
        }
    } else {
        WallSlot {
            side: WallSide::South,
            index: (index - side - east) as u8,
        }
    }
}

/// A slot is connected when it borders a city gate or a built piece on its own side (the gates stand at the two
/// eastern corners, so the cheap sides grow from the gate towards the sea).
pub fn wall_connected(state: &State, slot: WallSlot) -> bool {
    let len = match slot.side {
        WallSide::East => EAST_WALL_SLOTS,
        _ => side_slots(state.players),
    };
    let by_gate = match slot.side {
        WallSide::East => slot.index == 0 || slot.index == len - 1,
        _ => slot.index == len - 1,
    };
    let built = |i: u8| {
        wall_index(
            state.players,
            WallSlot {
                side: slot.side,
                index: i,
            },
        )
        .is_some_and(|k| state.walls[k].is_some())
    };
    by_gate || (slot.index > 0 && built(slot.index - 1)) || built(slot.index + 1)
}

pub fn wall_price(slot: WallSlot) -> u8 {
    match slot.side {
        WallSide::East => data::WALL_PRICE_DEAR,
        _ => data::WALL_PRICE_CHEAP,
    }
}

/// The row index an east wall slot borders.
pub fn east_slot_row(index: u8) -> usize {
    usize::from(index) + 1
}

/// Watch towers `seat` has built.
pub fn towers(state: &State, seat: Seat) -> u8 {
    let built = state.seats[seat.index()].walls_built;
    built / 3
}

// Cubes and trade.

/// Cubes of `seat` on buildings, church tiles and towers (everything but the trade track).
pub fn cubes_off_track(state: &State, seat: Seat) -> u8 {
    let on_buildings: u8 = state
        .pieces
        .iter()
        .map(|p| match p.place {
            Place::Board { owner, cubes, .. } if owner == seat => cubes,
            _ => 0,
        })
        .sum();
    let on_church: u8 = state
        .cells
        .iter()
        .map(|c| match *c {
            Cell::Church { seat: s, cubes, .. } if s == seat => cubes,
            _ => 0,
        })
        .sum();
    let on_towers = state
        .walls
        .iter()
        .flatten()
        .filter(|w| w.seat == seat && w.tower_cube)
        .count() as u8;
    on_buildings + on_church + on_towers
}

pub fn cubes_on_board(state: &State, seat: Seat) -> u8 {
    cubes_off_track(state, seat) + state.seats[seat.index()].track_cubes
}

pub fn cubes_in_supply(state: &State, seat: Seat) -> u8 {
    CUBES.saturating_sub(cubes_on_board(state, seat))
}

/// Cubes of `seat` standing in a row: on buildings at least partly in it, on church tiles in it, and on watch
/// towers of the east wall beside it.
pub fn cubes_in_row(state: &State, seat: Seat, row: usize) -> u8 {
    let mut n = 0;
    for (i, p) in state.pieces.iter().enumerate() {
        if let Place::Board { owner, cubes, .. } = p.place {
            if owner == seat
                && cubes > 0
                && piece_footprint(state, i).is_some_and(|f| f.touches_row(row))
            {
                n += cubes;
            }
        }
    }
    for col in 0..MAX_COLS {
        if let Cell::Church { seat: s, cubes, .. } = state.cells[cell_index(col, row)] {
            if s == seat {
                n += cubes;
            }
        }
    }
    let side = usize::from(side_slots(state.players));
    for i in 0..EAST_WALL_SLOTS {
        if east_slot_row(i) == row {
            if let Some(w) = state.walls[side + usize::from(i)] {
                if w.seat == seat && w.tower_cube {
                    n += 1;
                }
            }
        }
    }
    n
}

/// Windmills under the buildings `seat` owns.
pub fn trade_points(state: &State, seat: Seat) -> u8 {
    let mut n = 0;
    for (i, p) in state.pieces.iter().enumerate() {
        if let Place::Board { owner, .. } = p.place {
            if owner == seat {
                if let Some(f) = piece_footprint(state, i) {
                    n += f
                        .cells()
                        .map(|(c, r)| windmills(state.players, c, r))
                        .sum::<u8>();
                }
            }
        }
    }
    n
}

/// Flags on the trade track reached with `points`.
pub fn flags_reached(points: u8) -> u8 {
    TRACK_FLAGS.iter().filter(|&&f| points >= f).count() as u8
}

// Cards.

/// Saturating, so a command naming absurd card counts is refused rather than overflowing.
pub fn influence_total(c: &Cards) -> u8 {
    c.red.saturating_add(c.green).saturating_add(c.blue)
}

pub fn total(c: &Cards) -> u8 {
    c.gold.saturating_add(influence_total(c))
}

pub fn holds(hand: &Cards, want: &Cards) -> bool {
    hand.gold >= want.gold
        && hand.red >= want.red
        && hand.green >= want.green
        && hand.blue >= want.blue
}

pub fn add(a: &mut Cards, b: &Cards) {
    a.gold += b.gold;
    a.red += b.red;
    a.green += b.green;
    a.blue += b.blue;
}

pub fn sub(a: &mut Cards, b: &Cards) {
    a.gold -= b.gold;
    a.red -= b.red;
    a.green -= b.green;
    a.blue -= b.blue;
}

pub fn colour_count(c: &Cards, colour: InfluenceColor) -> u8 {
    match colour {
        InfluenceColor::Red => c.red,
        InfluenceColor::Green => c.green,
        InfluenceColor::Blue => c.blue,
    }
}

/// `n` influence cards of one colour.
pub fn of_colour(colour: InfluenceColor, n: u8) -> Cards {
    let mut c = Cards::default();
    match colour {
        InfluenceColor::Red => c.red = n,
        InfluenceColor::Green => c.green = n,
        InfluenceColor::Blue => c.blue = n,
    }
    c
}

pub fn gold(n: u8) -> Cards {
    Cards {
        gold: n,
        ..Cards::default()
    }
}

pub fn one_of_each() -> Cards {
    Cards {
        gold: 0,
        red: 1,
        green: 1,
        blue: 1,
    }
}

#[cfg(test)]
mod wall_tests {
    use super::*;

    #[test]
    fn a_wall_index_off_the_wall_is_none_without_overflowing() {
        for players in 2..=4 {
            for side in [WallSide::North, WallSide::East, WallSide::South] {
                assert_eq!(wall_index(players, WallSlot { side, index: 255 }), None);
            }
        }
    }
}

//! Movement over a board whose edges wrap around: a map whose hexes fill a rectangle of pointy-top rows in odd-r
//! offset (odd rows drawn half a hex to the right, as Catania's table) is read as a torus, so a piece that steps
//! off one side comes back at the corresponding place on the opposite side (Catania's natural forces, its seed
//! line 50: "da auch die Welt von Catan eine Kugel und keine Scheibe ist").
//!
//! Only movers use this; building, routes and adjacency stay planar ([`super::Topology`]). The wrap is by two
//! lattice vectors: the rectangle's width along a row, and its height as near straight down as the grid allows (in
//! axial coordinates `(-⌊h/2⌋, h)`). With an odd number of rows, a step north or south across the rim therefore
//! lands half a hex aside, as if the first row sat below the last as the next row would.

use super::board::{EdgeId, HexCoord, HexId, Topology};

/// One step of a mover: where it lands and the sides it crosses. A step inside the board crosses one side; a step
/// across the rim crosses the exit side of the old hex and the entry side of the new one, which stand for one
/// side of the torus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub to: HexId,
    pub crossed: [EdgeId; 2],
}

impl Step {
    /// The sides crossed, each once.
    pub fn sides(&self) -> impl Iterator<Item = EdgeId> + '_ {
        let [a, b] = self.crossed;
        std::iter::once(a).chain((b != a).then_some(b))
    }
}

/// A rectangular odd-r board as a torus: its first row and column and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Torus {
    row0: i16,
    col0: i16,
    rows: i16,
    cols: i16,
}

/// The odd-r offset column of an axial coordinate.
fn column(q: i16, r: i16) -> i16 {
    q + (r - r.rem_euclid(2)) / 2
}

/// The axial `q` of an odd-r offset cell.
fn axial_q(col: i16, row: i16) -> i16 {
    col - (row - row.rem_euclid(2)) / 2
}

impl Torus {
    /// The torus of `t`, if its hexes are exactly a full rectangle of offset cells.
    pub fn of(t: &Topology) -> Option<Torus> {
        let cells = || {
            t.hexes().map(|h| {
                let c = t.coord(h);
                let (q, r) = (i16::from(c.q), i16::from(c.r));
                (column(q, r), r)
            })
        };
        let (mut col0, mut row0, mut col1, mut row1) = (i16::MAX, i16::MAX, i16::MIN, i16::MIN);
        for (c, r) in cells() {
            col0 = col0.min(c);
            col1 = col1.max(c);
            row0 = row0.min(r);
            row1 = row1.max(r);
        }
        if t.hex_count() == 0 {
            return None;
        }
        let (cols, rows) = (col1 - col0 + 1, row1 - row0 + 1);
        // Distinct cells inside the bounds: the rectangle is full exactly when there are cols × rows of them.
        (usize::try_from(cols * rows).ok() == Some(t.hex_count())).then_some(Torus {
            row0,
            col0,
            rows,
            cols,
        })
    }

    /// The coordinate the plane's `c` stands for on the board: moved by whole rectangles, first down or up by
    /// the lattice vector `(-⌊rows/2⌋, rows)`, then along its row by `(cols, 0)`.
    fn wrap(&self, c: HexCoord) -> HexCoord {
        let (q, r) = (i16::from(c.q), i16::from(c.r));
        let k = (r - self.row0).div_euclid(self.rows);
        let (q, row) = (q + k * (self.rows / 2), r - k * self.rows);
        let col = self.col0 + (column(q, row) - self.col0).rem_euclid(self.cols);
        HexCoord::new(axial_q(col, row) as i8, row as i8)
    }

    /// The step from `h` across its side `side` (0 = north-east, clockwise), wrapping at the rim.
    pub fn step(&self, t: &Topology, h: HexId, side: usize) -> Option<Step> {
        let side = side % 6;
        let exit = t.hex_side(h, side);
        let next = t.coord(h).neighbor(side);
        if let Some(to) = t.hex_at(next) {
            return Some(Step {
                to,
                crossed: [exit, exit],
            });
        }
        let to = t.hex_at(self.wrap(next))?;
        Some(Step {
            to,
            crossed: [exit, t.hex_side(to, (side + 3) % 6)],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A full odd-r rectangle of `cols` × `rows` cells, rows from 0.
    fn rectangle(cols: i16, rows: i16) -> Topology {
        let coords: Vec<HexCoord> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| HexCoord::new(axial_q(c, r) as i8, r as i8)))
            .collect();
        Topology::new(&coords).expect("a rectangle is a topology")
    }

    fn cell(t: &Topology, h: HexId) -> (i16, i16) {
        let c = t.coord(h);
        (column(i16::from(c.q), i16::from(c.r)), i16::from(c.r))
    }

    fn at(t: &Topology, col: i16, row: i16) -> HexId {
        t.hex_at(HexCoord::new(axial_q(col, row) as i8, row as i8))
            .expect("inside the rectangle")
    }

    #[test]
    fn steps_wrap_east_west_straight_and_north_south_half_a_hex_aside() {
        let t = rectangle(15, 13);
        let torus = Torus::of(&t).expect("a full rectangle");
        let go = |col, row, side| {
            let s = torus.step(&t, at(&t, col, row), side).unwrap();
            cell(&t, s.to)
        };
        // Inside the board a step is the planar neighbour and crosses one side.
        let inner = torus.step(&t, at(&t, 7, 6), 1).unwrap();
        assert_eq!(cell(&t, inner.to), (8, 6));
        assert_eq!(inner.sides().count(), 1);
        // East-west: the same row.
        assert_eq!(go(14, 8, 1), (0, 8));
        assert_eq!(go(0, 8, 4), (14, 8));
        // North-south with 13 rows: row 0 lies below row 12 as an odd row would.
        assert_eq!(go(5, 12, 2), (5, 0));
        assert_eq!(go(5, 12, 3), (4, 0));
        assert_eq!(go(5, 0, 5), (5, 12));
        assert_eq!(go(4, 0, 0), (5, 12));
        // A corner: off the east rim and the south rim at once.
        assert_eq!(go(14, 11, 2), (0, 12));
        let rim = torus.step(&t, at(&t, 14, 8), 1).unwrap();
        assert_eq!(rim.sides().count(), 2, "a wrapped step crosses both halves");
        assert_eq!(rim.crossed[1], t.hex_side(rim.to, 4));
    }

    #[test]
    fn every_step_has_its_way_back_on_even_and_odd_heights() {
        for (cols, rows) in [(15, 13), (6, 4), (5, 7)] {
            let t = rectangle(cols, rows);
            let torus = Torus::of(&t).unwrap();
            for h in t.hexes() {
                let mut seen = Vec::new();
                for side in 0..6 {
                    let s = torus.step(&t, h, side).unwrap();
                    let back = torus.step(&t, s.to, side + 3).unwrap();
                    assert_eq!(back.to, h, "{cols}x{rows}: {:?} side {side}", cell(&t, h));
                    assert_eq!(back.sides().count(), s.sides().count());
                    seen.push(s.to);
                }
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), 6, "six different neighbours on the torus");
            }
        }
    }

    #[test]
    fn a_board_that_is_not_a_full_rectangle_has_no_torus() {
        let mut coords: Vec<HexCoord> = (0..4)
            .flat_map(|r| (0..5).map(move |c| HexCoord::new(axial_q(c, r) as i8, r as i8)))
            .collect();
        coords.pop();
        assert_eq!(Torus::of(&Topology::new(&coords).unwrap()), None);
        let standard: Vec<HexCoord> = crate::hex::standard_coords();
        assert_eq!(Torus::of(&Topology::new(&standard).unwrap()), None);
    }
}

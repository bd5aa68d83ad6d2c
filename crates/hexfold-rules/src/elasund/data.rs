//! Every number of Elasund that the seed text does not state, in one place.
//!
//! Each value carries its source: `seed` (the Norwegian rule text, `shared/seeds/001_559fbbd526ae785c.txt`),
//! `published` (the published game: Kosmos/Mayfair rules, the catan.com FAQ or the playcatan.com overview),
//! `fan` (a public fan implementation or review, not the publisher: unverified), or `chosen` (nobody we could
//! read states it; the reason is given). Correcting a value here changes the game without touching any rule
//! code; `docs/rules/elasund.md` lists the same table with the addresses of the sources.

use super::BuildingKind;

/// The row labels from north (the top of the board) to south. There is no row 7: a 7 is the pirate.
/// Source: seed ("rows 2-6 and 8-12"), published board.
pub const ROW_LABELS: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];

/// Number of board rows.
pub const ROWS: usize = ROW_LABELS.len();

/// The widest building area (4 players); the grid is stored at this width.
pub const MAX_COLS: usize = 9;

/// Columns of the building area between the sea (column 0) and the city gates, for 2, 3 and 4 players.
/// Source: published (the 4-player city is a 10 x 9 grid of 90 squares); chosen for 2 and 3 players: two columns
/// per player plus one, the gate positions "2", "3", "4" being two columns apart.
pub const COLS_BY_PLAYERS: [u8; 3] = [5, 7, 9];

/// Windmills on the sea column (column 0), per row in [`ROW_LABELS`] order.
/// Source: seed (trade fields lie by the sea and show one or two windmills); the distribution is chosen: two
/// windmills at the four harbour ends and centre (rows 2, 6, 8, 12), one on the others, so every row can trade.
pub const SEA_WINDMILLS: [u8; ROWS] = [2, 1, 1, 1, 2, 2, 1, 1, 1, 2];

/// Windmills on the squares beside the city gates (the last column, in rows 2 and 12) with 3 or 4 players.
/// Source: seed (trade fields by the gates with 3-4 players); the count of one windmill each is chosen.
pub const GATE_WINDMILLS: u8 = 1;

/// The church foundation square: column, row label. Source: chosen (the seed says "the dark square roughly in
/// the middle"; column 2, row 8 lies inside even the 2-player city, and every 3 x 3 church around it fits).
pub const CHURCH_FOUNDATION: (u8, u8) = (2, 8);

/// Church tiles, and their place in the 3 x 3 church drawing: tile `t` sits at column `t % 3`, row `t / 3`.
/// Source: seed (9 tiles; the first fixes where the other eight go).
pub const CHURCH_TILES: u8 = 9;

/// Gold for one church tile. Source: seed.
pub const CHURCH_PRICE: u8 = 7;

/// Victory cubes placed on a church tile by its builder. Source: seed (example: "marks the tile with a yellow
/// victory cube").
pub const CHURCH_CUBES: u8 = 1;

/// Gold for a wall piece on the cheap side (between a gate and the sea) and the dear side (between the gates).
/// Source: seed.
pub const WALL_PRICE_CHEAP: u8 = 2;
pub const WALL_PRICE_DEAR: u8 = 4;

/// Wall slots on the dear (east) side, between the two gates: rows 3 to 11. Source: chosen (the gates stand at
/// the north-east and south-east corners, so the east wall runs beside the eight inner rows).
pub const EAST_WALL_SLOTS: u8 = 8;

/// What a player's wall piece 1..=9 gives: influence cards drawn, or a watch tower (a victory cube).
/// Source: published (one card, two from the 5th wall on; every third wall a watch tower).
pub const WALL_REWARDS: [WallReward; 9] = [
    WallReward::Influence(1),
    WallReward::Influence(1),
    WallReward::Tower,
    WallReward::Influence(1),
    WallReward::Influence(2),
    WallReward::Tower,
    WallReward::Influence(2),
    WallReward::Influence(2),
    WallReward::Tower,
];

/// What one wall piece gives its builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallReward {
    Influence(u8),
    Tower,
}

/// Gold cards in the game. Source: seed.
pub const GOLD_CARDS: u8 = 51;
/// Influence cards per colour (39 in three colours). Source: seed (39); the even split is chosen.
pub const INFLUENCE_PER_COLOUR: u8 = 13;
/// Starting hand. Source: seed.
pub const START_GOLD: u8 = 3;
pub const START_INFLUENCE: u8 = 1;

/// Turns after which the game ends without a ten-cube winner. Source: chosen. The published game has no rule for
/// a city so full that nobody can place a permit or build again (random games reach it about once in a thousand
/// 4-player games); the house style puts a limit on everything that grows. Random games end after about 64, 84
/// and 106 turns with 2, 3 and 4 players, so the limit only ends such stalemates.
pub const TURN_LIMIT: u32 = 1000;

/// Victory cubes per player. Source: seed.
pub const CUBES: u8 = 10;
/// Trade-track spaces with a flag: a cube for each one reached. Source: seed.
pub const TRACK_FLAGS: [u8; 5] = [3, 5, 7, 9, 11];
/// Building permits per player: values 0..=4. Source: seed.
pub const PERMIT_VALUES: u8 = 5;

/// What a building pays when the ship stops in one of its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Income {
    None,
    Gold,
    Influence,
}

/// One kind of building.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildingSpec {
    pub kind: BuildingKind,
    /// Width in columns and height in rows; buildings never turn (seed: arrows point north).
    pub cols: u8,
    pub rows: u8,
    /// Permits the area must hold.
    pub permits: u8,
    pub price: u8,
    pub income: Income,
    /// Victory cubes the builder places (neutral buildings only).
    pub flags: u8,
    /// Pieces in the game: per player for player buildings, in all for neutral ones.
    pub copies: u8,
    /// True for the two start buildings (worker cottages): never built from the supply, placed again when
    /// built over.
    pub start: bool,
    pub neutral: bool,
}

/// The buildings, one row per [`BuildingKind`] in declaration order ([`building`] indexes by kind).
///
/// Seed (checked by the tests below): 16 player buildings (4 per seat: two worker cottages with the totem that
/// start on the board, a merchant's and a craftsman's building) and 21 neutral ones; four sizes, 1 to 6
/// squares; 1-3 permits by size; own buildings cost 1-2 gold; a neutral building has 1 or 2 flags; the
/// six-square buildings pay no income; assembly hall, prince's seat and trade house share one pile and one
/// spec; the trade house costs 5 gold; a tavern needs 2 permits and carries one cube; player buildings of 2
/// squares exist; the six-square halls need 3 permits (derived: permits grow with size up to 3 and the halls are
/// the largest; the seed's trade house is built on at least three permits). Published: the Mayfair rule book (page 1) repeats the trade office for 5 gold and the tavern
/// on 2 permits; the catan.com FAQ confirms 2 x 2 (4-square) and 6-square buildings. Fan, unverified against
/// the printed tiles: every other shape, price, permit count, income and copy count (the fan implementation
/// vkd/pyElasund `src/core/Building.py` and `Board.py`), the flag counts of well, market stall and shop (the
/// fan implementation vkd/Elasund `Tiles/Building.cs`), and the two flags of the six-square halls (the English
/// Wikipedia article and a player's report; the seed allows 1 or 2).
// One row per kind, kept on one line each so the table reads as a table.
#[rustfmt::skip]
pub const BUILDINGS: [BuildingSpec; 9] = [
    BuildingSpec { kind: BuildingKind::SmallCottage, cols: 1, rows: 1, permits: 0, price: 0, income: Income::Influence, flags: 0, copies: 1, start: true,  neutral: false },
    BuildingSpec { kind: BuildingKind::LargeCottage, cols: 1, rows: 2, permits: 0, price: 0, income: Income::Gold,      flags: 0, copies: 1, start: true,  neutral: false },
    BuildingSpec { kind: BuildingKind::MerchantHouse, cols: 2, rows: 1, permits: 1, price: 1, income: Income::Influence, flags: 0, copies: 1, start: false, neutral: false },
    BuildingSpec { kind: BuildingKind::Workshop, cols: 1, rows: 2, permits: 1, price: 2, income: Income::Gold,      flags: 0, copies: 1, start: false, neutral: false },
    BuildingSpec { kind: BuildingKind::Well, cols: 1, rows: 1, permits: 1, price: 5, income: Income::None,      flags: 1, copies: 4, start: false, neutral: true },
    BuildingSpec { kind: BuildingKind::MarketStall, cols: 2, rows: 1, permits: 1, price: 5, income: Income::None,      flags: 1, copies: 4, start: false, neutral: true },
    BuildingSpec { kind: BuildingKind::Shop, cols: 2, rows: 2, permits: 2, price: 3, income: Income::Gold,      flags: 1, copies: 5, start: false, neutral: true },
    BuildingSpec { kind: BuildingKind::Tavern, cols: 2, rows: 2, permits: 2, price: 3, income: Income::Influence, flags: 1, copies: 5, start: false, neutral: true },
    BuildingSpec { kind: BuildingKind::TradeHouse, cols: 2, rows: 3, permits: 3, price: 5, income: Income::None,      flags: 2, copies: 3, start: false, neutral: true },
];

/// Start squares (column, row label of the top square) of the small and the large worker cottage, per seat
/// (seat 0 red, 1 blue, 2 green, 3 yellow). Source: the seed only says the two totem buildings start on squares
/// marked in the seat's colour. The rows (the large cottage spans rows 5-6 or 8-9, the small one stands in row 4
/// or 10) follow the English Wikipedia article; the columns and the colour of each square are fan (vkd/pyElasund
/// `src/core/Board.py`), unverified against the printed board.
pub const START_SQUARES: [[(u8, u8); 2]; 4] = [
    [(3, 4), (4, 8)],
    [(2, 4), (1, 8)],
    [(3, 10), (4, 5)],
    [(2, 10), (1, 5)],
];

/// Look up a building's spec.
pub const fn building(kind: BuildingKind) -> &'static BuildingSpec {
    &BUILDINGS[kind as usize]
}

#[cfg(test)]
mod tests {
    //! The figures the seed states, so that correcting a fan value in this table cannot silently break one.
    //! Each test names the seed passage it checks (line N of `shared/seeds/001_559fbbd526ae785c.txt`).

    use super::*;

    fn area(spec: &BuildingSpec) -> u8 {
        spec.cols * spec.rows
    }

    /// [`building`] indexes the table by kind, so the rows must follow the enum's order.
    #[test]
    fn table_rows_follow_the_kind_order() {
        for (i, spec) in BUILDINGS.iter().enumerate() {
            assert_eq!(spec.kind as usize, i, "{:?}", spec.kind);
        }
    }

    /// Line 1: 37 buildings, 16 in the player colours (4 per player) and 21 neutral; line 2: two of each
    /// player's buildings are start buildings with the totem.
    #[test]
    fn seed_piece_counts() {
        let neutral: u32 = BUILDINGS
            .iter()
            .filter(|b| b.neutral)
            .map(|b| u32::from(b.copies))
            .sum();
        let per_seat: u32 = BUILDINGS
            .iter()
            .filter(|b| !b.neutral)
            .map(|b| u32::from(b.copies))
            .sum();
        assert_eq!(neutral, 21);
        assert_eq!(per_seat, 4);
        assert_eq!(neutral + 4 * per_seat, 37);
        let starts: u32 = BUILDINGS
            .iter()
            .filter(|b| b.start)
            .map(|b| u32::from(b.copies))
            .sum();
        assert_eq!(starts, 2);
        assert!(BUILDINGS.iter().all(|b| !(b.start && b.neutral)));
    }

    /// Line 4: four sizes, the smallest 1 square, the largest 6; line 2: 1, 2 or 3 permits by size.
    #[test]
    fn seed_sizes_and_permits() {
        let mut sizes: Vec<u8> = BUILDINGS.iter().map(area).collect();
        sizes.sort_unstable();
        sizes.dedup();
        assert_eq!(sizes, [1, 2, 4, 6]);
        for a in BUILDINGS.iter().filter(|b| !b.start) {
            assert!((1..=3).contains(&a.permits), "{:?}", a.kind);
            for b in BUILDINGS.iter().filter(|b| !b.start) {
                if area(a) < area(b) {
                    assert!(
                        a.permits <= b.permits,
                        "{:?} needs more permits than {:?}",
                        a.kind,
                        b.kind
                    );
                }
            }
        }
        // Line 2: a player building of two squares (the yellow-roofed one in the overview example).
        assert!(BUILDINGS.iter().any(|b| !b.neutral && area(b) == 2));
    }

    /// Line 8: own buildings cost least, 1-2 gold; the six-square buildings pay no income, only points.
    /// Line 4: a neutral building shows 1 or 2 flags; player buildings carry no cube.
    #[test]
    fn seed_prices_income_and_flags() {
        let cheapest_neutral = BUILDINGS
            .iter()
            .filter(|b| b.neutral)
            .map(|b| b.price)
            .min();
        for b in BUILDINGS.iter().filter(|b| !b.neutral && !b.start) {
            assert!((1..=2).contains(&b.price), "{:?}", b.kind);
            assert!(Some(b.price) <= cheapest_neutral, "{:?}", b.kind);
        }
        for b in BUILDINGS.iter() {
            if area(b) == 6 {
                assert_eq!(b.income, Income::None, "{:?}", b.kind);
            }
            if b.neutral {
                assert!((1..=2).contains(&b.flags), "{:?}", b.kind);
            } else {
                assert_eq!(b.flags, 0, "{:?}", b.kind);
            }
        }
    }

    /// Lines 2 and 5: assembly hall, prince's seat and trade house share one pile and one spec; the trade house
    /// is built for 5 gold on the permits of three players. Lines 4-6: a tavern needs 2 permits, is built over
    /// two neutral buildings of its own size, and gives back one cube when a church tile removes it.
    #[test]
    fn seed_trade_house_and_tavern() {
        let hall = building(BuildingKind::TradeHouse);
        assert!(hall.neutral);
        assert_eq!((area(hall), hall.price, hall.copies), (6, 5, 3));
        assert_eq!(hall.permits, 3);
        let tavern = building(BuildingKind::Tavern);
        assert!(tavern.neutral);
        assert_eq!((tavern.permits, tavern.flags), (2, 1));
        let same_size_neutral: u32 = BUILDINGS
            .iter()
            .filter(|b| b.neutral && area(b) == area(tavern))
            .map(|b| u32::from(b.copies))
            .sum();
        assert!(
            same_size_neutral >= 3,
            "the example needs a tavern and two same-size neutral buildings"
        );
    }

    /// The rows follow the English Wikipedia description (large cottage on rows 5-6 or 8-9, small one on row 4
    /// or 10). Line 8: a start building never stands on a trade field, and no two start squares overlap or
    /// cover the church foundation, in every city size.
    #[test]
    fn start_squares_fit_every_city() {
        let small = building(BuildingKind::SmallCottage);
        let large = building(BuildingKind::LargeCottage);
        let mut cells = Vec::new();
        for seat in START_SQUARES {
            let [(sc, sr), (lc, lr)] = seat;
            assert!(sr == 4 || sr == 10, "small cottage on row {sr}");
            assert!(lr == 5 || lr == 8, "large cottage from row {lr}");
            for ((col, row), spec) in [((sc, sr), small), ((lc, lr), large)] {
                let top = ROW_LABELS
                    .iter()
                    .position(|&l| l == row)
                    .expect("a row label");
                for dc in 0..spec.cols {
                    for dr in 0..spec.rows {
                        let cell = (col + dc, ROW_LABELS[top + usize::from(dr)]);
                        // Column 0 is the sea column of trade fields; the 2-player city has 5 columns.
                        assert!(cell.0 >= 1 && cell.0 < COLS_BY_PLAYERS[0], "{cell:?}");
                        assert_ne!(cell, CHURCH_FOUNDATION);
                        assert!(!cells.contains(&cell), "{cell:?} taken twice");
                        cells.push(cell);
                    }
                }
            }
        }
    }
}

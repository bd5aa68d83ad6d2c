//! Every number of Elasund that the seed text does not state, in one place.
//!
//! Each value carries its source: `seed` (the Norwegian rule text, `shared/seeds/001_559fbbd526ae785c.txt`),
//! `published` (the published game: Kosmos/Mayfair rules, the catan.com FAQ or the playcatan.com overview), or
//! `chosen` (nobody we could read states it; the reason is given). Correcting a value here changes the game
//! without touching any rule code; `docs/rules/elasund.md` lists the same table.

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

/// The buildings. Sources: seed (four sizes 1, 2, 4, 6; 1-3 permits; own buildings cost 1-2 gold; six-square
/// buildings pay no income; the trade house costs 5; the tavern needs 2 permits; 21 neutral and 4 own
/// buildings per player); published layout of the pieces (shapes, copies, prices, permits and income
/// as a public fan transcription of the published game gives them: unverified against the printed rule book, see
/// docs/rules/elasund.md); chosen: the flag counts (one
/// per neutral building, two on the six-square halls, matching "1-2 flags" and "the large halls give only
/// victory points").
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
/// (seat 0 red, 1 blue, 2 green, 3 yellow). Source: published board (the large cottage spans rows 5-6 or 8-9,
/// the small one stands in row 4 or 10), columns as in a public transcription of the board.
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

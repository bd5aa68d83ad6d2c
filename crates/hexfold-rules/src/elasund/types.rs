//! The public data of Elasund: configuration, setup, pieces, commands, events, violations, views.
//!
//! These types are stored (setup, events) and sent over the wire (commands, views), so they are plain serde data,
//! meant to stay stable once events are stored.

use super::data;
use crate::game::Seat;
use crate::violation::violations;
use serde::{Deserialize, Serialize};

/// What the creator chooses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// 2, 3 or 4. Seat 0 plays red, 1 blue, 2 green, 3 yellow (the colours fix the start squares).
    pub players: u8,
}

/// The public, resolved setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: u8,
    /// Who rolled highest and starts (seed: everyone rolls, the highest starts; drawn once here).
    pub first_player: Seat,
}

/// The kinds of building. Player buildings carry their owner's colour; neutral ones may be built by anyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BuildingKind {
    /// Start building, 1 square, pays influence. Never built from the supply; placed again when built over.
    SmallCottage,
    /// Start building, 1 column x 2 rows, pays gold. Never built from the supply; placed again when built over.
    LargeCottage,
    /// Player building, 2 columns x 1 row.
    MerchantHouse,
    /// Player building, 1 column x 2 rows.
    Workshop,
    /// Neutral, 1 square.
    Well,
    /// Neutral, 2 columns x 1 row.
    MarketStall,
    /// Neutral, 2 x 2, pays gold.
    Shop,
    /// Neutral, 2 x 2, pays influence.
    Tavern,
    /// Neutral, 2 columns x 3 rows (assembly hall, prince's seat and trade house share one pile): no income.
    TradeHouse,
}

/// The three colours of influence cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum InfluenceColor {
    Red,
    Green,
    Blue,
}

impl InfluenceColor {
    pub const ALL: [InfluenceColor; 3] = [
        InfluenceColor::Red,
        InfluenceColor::Green,
        InfluenceColor::Blue,
    ];
}

/// A bundle of cards: a hand, a payment, a draw, the bank. Missing fields read as zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Cards {
    pub gold: u8,
    pub red: u8,
    pub green: u8,
    pub blue: u8,
}

/// A square of the grid: `col` 0 is by the sea, `row` is the row label (2-6, 8-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

/// The three sides of the city wall. North and South are the cheap sides (between a gate and the sea), East the
/// dear side between the two gates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WallSide {
    North,
    East,
    South,
}

/// A place for one wall piece. North and South: `index` is the column the piece borders (0 by the sea, the
/// highest next to the gate). East: `index` 0 borders row 3 (next to the north gate), 7 borders row 11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WallSlot {
    pub side: WallSide,
    pub index: u8,
}

/// One building piece: `PieceId`s index [`State::pieces`] (and the same list in views). Neutral pieces come
/// first, then each seat's four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PieceId(pub u8);

impl PieceId {
    /// The piece's kind and the seat whose colour it has (`None` for a neutral building), by the numbering of
    /// [`State::pieces`]: the neutral buildings kind by kind, then each seat's four in the order of
    /// [`data::BUILDINGS`]. The same for every table size, as the numbering is.
    pub fn identity(self) -> (BuildingKind, Option<Seat>) {
        let mut next = 0u32;
        for spec in data::BUILDINGS.iter().filter(|s| s.neutral) {
            next += u32::from(spec.copies);
            if u32::from(self.0) < next {
                return (spec.kind, None);
            }
        }
        let own: Vec<&data::BuildingSpec> = data::BUILDINGS.iter().filter(|s| !s.neutral).collect();
        let index = (u32::from(self.0) - next) as usize;
        (
            own[index % own.len()].kind,
            Some(Seat((index / own.len()) as u8)),
        )
    }
}

/// A building piece and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub kind: BuildingKind,
    /// The colour of a player building; `None` for neutral buildings.
    pub colour: Option<Seat>,
    pub place: Place,
}

/// Where a building piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// In its owner's supply (player buildings) or the general supply (neutral ones).
    Supply,
    /// On the board with its top-left square at `at`, owned by `owner`, carrying `cubes` of the owner's cubes.
    Board { at: Square, owner: Seat, cubes: u8 },
    /// Out of the game: a worker cottage that found no free square when it had to move.
    Retired,
}

/// What lies on one square of the building area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    #[default]
    Empty,
    Permit {
        seat: Seat,
        value: u8,
    },
    Building {
        piece: PieceId,
    },
    Church {
        tile: u8,
        /// The builder, whose cube stands on the tile (if they had one left).
        seat: Seat,
        cubes: u8,
    },
}

/// A worker cottage waiting to be placed again by its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CottageWait {
    pub seat: Seat,
    pub piece: PieceId,
}

/// A built wall piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallPiece {
    pub seat: Seat,
    /// 1..=9: the builder's wall stack is taken from the top, 1 first.
    pub number: u8,
    /// A watch tower with the builder's cube on it.
    pub tower_cube: bool,
}

/// Per-seat state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub hand: Cards,
    /// Bit `v` set: the permit of value `v` is in the player's supply.
    pub permits: u8,
    /// Wall pieces built so far (the next one is `walls_built + 1`).
    pub walls_built: u8,
    /// Windmills under the player's buildings.
    pub trade_points: u8,
    /// Cubes on the trade track's flags.
    pub track_cubes: u8,
}

/// Where the turn is. Phases run Roll -> (ship choice | pirate) -> Build -> Permit -> Special.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The current player must roll.
    Roll,
    /// The roll named the ship's own row and both rows two away exist: the roller picks one.
    ChooseShipRow { options: [u8; 2] },
    /// A 7: the roller moves the pirate to any other row.
    ChoosePirateRow,
    /// Players with cubes in the pirate's row discard; `owed[seat]` cards still to discard.
    PirateDiscard { owed: Vec<u8> },
    /// The roller takes `count` cards from the discards (one per watch tower).
    PirateTake { count: u8 },
    /// Phase 2: `done` builds so far (at most 2).
    Build { done: u8 },
    /// The first church builder drew two tiles and keeps one.
    ChooseChurchTile { tiles: [u8; 2], done: u8 },
    /// Phase 3: place a permit or take 2 gold (mandatory).
    Permit,
    /// Phase 4: one optional special action, or end the turn.
    Special,
    /// The game has ended.
    Over { winner: Seat },
}

/// The full state. Contains hidden facts (hands, the church bottom tile, the drawn church tiles): never send it
/// to a client, send [`StateView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: u8,
    pub current: Seat,
    pub phase: Phase,
    /// The trade ship's row label; `None` before the first roll.
    pub ship_row: Option<u8>,
    pub pirate: bool,
    /// Whether the starting influence cards have been dealt (done by the first command of the game).
    pub dealt: bool,
    /// `ROWS * MAX_COLS` cells, row-major; columns beyond the city are never used.
    pub cells: Vec<Cell>,
    /// North slots, then East, then South (see [`WallSlot`]).
    pub walls: Vec<Option<WallPiece>>,
    pub pieces: Vec<Piece>,
    pub seats: Vec<PlayerState>,
    /// Gold and influence cards the bank holds (the influence deck, drawn uniformly at random).
    pub bank: Cards,
    /// Cards discarded to the pirate, waiting for the roller's watch towers.
    pub discards: Cards,
    /// Church tiles still in the stack, as a bit set, not counting `church_bottom`.
    pub church_stack: u16,
    /// The tile the first builder put under the stack: drawn last.
    pub church_bottom: Option<u8>,
    /// Who built the first church tile (and knows the bottom tile).
    pub church_first_builder: Option<Seat>,
    /// Column and row index of the church drawing's top-left square, fixed by the first tile.
    pub church_origin: Option<(u8, u8)>,
    /// Worker cottages built over, waiting to be placed again by their owners in this order. While it is not
    /// empty only its head may act (seed: the turn goes on once they are back on the board).
    pub cottage_queue: Vec<CottageWait>,
    /// Turns started so far.
    pub turn: u32,
}

/// What a player sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Phase 1: roll the dice.
    Roll,
    /// After rolling the ship's own row: move it two rows up or down.
    MoveShip { row: u8 },
    /// After a 7: move the pirate ship to another row.
    MovePirate { row: u8 },
    /// Discard to the pirate exactly the cards owed.
    Discard { cards: Cards },
    /// Take cards from the pirate's discards, one per own watch tower.
    TakeDiscards { cards: Cards },
    /// Phase 2: build a building with its top-left square at `at`. `overbuild_with` pays three influence cards of
    /// that colour to build over buildings of the same size.
    Build {
        building: BuildingKind,
        at: Square,
        overbuild_with: Option<InfluenceColor>,
    },
    /// Phase 2: build the next wall piece.
    BuildWall { slot: WallSlot },
    /// Phase 2: build a church tile (the first builder then chooses with `KeepChurchTile`).
    BuildChurch,
    /// The first church builder keeps one of the two tiles drawn.
    KeepChurchTile { tile: u8 },
    /// Place a worker cottage that was built over (top square for the large cottage).
    PlaceCottage { at: Square },
    /// End phase 2 before two builds.
    EndBuilding,
    /// Phase 3: place a permit from the supply, paying its value. `anywhere_with` pays two influence cards of one
    /// colour to ignore the ship's row.
    PlacePermit {
        value: u8,
        at: Square,
        anywhere_with: Option<InfluenceColor>,
    },
    /// Phase 3: take 2 gold instead.
    TakeTwoGold,
    /// Phase 4: move an own permit to any free square (two influence cards of one colour).
    MovePermit {
        from: Square,
        to: Square,
        pay: InfluenceColor,
    },
    /// Phase 4: swap an own permit for a higher one from the supply (two influence cards of one colour plus the
    /// difference in gold).
    UpgradePermit {
        at: Square,
        value: u8,
        pay: InfluenceColor,
    },
    /// Phase 4: place a permit on any free square (one influence card of each colour plus its value in gold).
    PlacePermitAnywhere { value: u8, at: Square },
    /// Phase 4: take 2 gold for one influence card of each colour.
    BuyTwoGold,
    /// Phase 4: end the turn (after or instead of the special action).
    EndTurn,
}

/// What happened. Events are facts: `evolve` folds them without checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Each seat's starting influence card, drawn from the deck (hidden from other seats).
    StartingInfluenceDealt {
        colors: Vec<InfluenceColor>,
    },
    DiceRolled {
        seat: Seat,
        dice: [u8; 2],
    },
    ShipMoved {
        row: u8,
    },
    /// The ship became a pirate ship in `row`: no income there this turn.
    PirateMoved {
        row: u8,
    },
    /// Income of the ship's row, per seat (influence colours hidden from other seats).
    IncomeCollected {
        row: u8,
        cards: Vec<Cards>,
    },
    /// The bank could not pay a round's `gold` (or influence) income: nobody got it, and each seat returned half
    /// its cards of that kind to the bank (`returned`, per seat).
    BankShortage {
        gold: bool,
        returned: Vec<Cards>,
    },
    CardsDiscarded {
        seat: Seat,
        cards: Cards,
    },
    DiscardsTaken {
        seat: Seat,
        cards: Cards,
    },
    /// A permit went back to its owner: built over (with `compensation` gold from the builder, the current
    /// player) or covered by a church tile or a worker cottage (no compensation).
    PermitReturned {
        at: Square,
        seat: Seat,
        value: u8,
        compensation: u8,
    },
    /// A building left the board: back to its supply, its cubes back to its owner. A worker cottage waits to be
    /// placed again (in the order these events come).
    BuildingRemoved {
        piece: PieceId,
    },
    BuildingBuilt {
        seat: Seat,
        piece: PieceId,
        at: Square,
        paid: Cards,
        cubes: u8,
    },
    WallBuilt {
        seat: Seat,
        slot: WallSlot,
        number: u8,
        paid: Cards,
        tower_cube: bool,
    },
    /// Cards drawn from the bank (influence colours hidden from other seats).
    CardsDrawn {
        seat: Seat,
        cards: Cards,
    },
    /// The first church builder drew these two tiles (hidden from other seats).
    ChurchTilesDrawn {
        seat: Seat,
        tiles: [u8; 2],
    },
    /// The first church builder kept `kept` and put `returned` under the stack (hidden from other seats).
    ChurchTileReturned {
        seat: Seat,
        kept: u8,
        returned: u8,
    },
    ChurchTileBuilt {
        seat: Seat,
        tile: u8,
        at: Square,
        paid: Cards,
        cubes: u8,
    },
    CottagePlaced {
        seat: Seat,
        piece: PieceId,
        at: Square,
    },
    /// A worker cottage found no free square and left the game.
    CottageRetired {
        seat: Seat,
        piece: PieceId,
    },
    TradePointsChanged {
        seat: Seat,
        points: u8,
        track_cubes: u8,
    },
    PermitPlaced {
        seat: Seat,
        value: u8,
        at: Square,
        paid: Cards,
    },
    PermitMoved {
        seat: Seat,
        from: Square,
        to: Square,
        paid: Cards,
    },
    PermitUpgraded {
        seat: Seat,
        at: Square,
        from: u8,
        to: u8,
        paid: Cards,
    },
    /// Gold from the bank (phase 3, or the special action paid with `paid`).
    GoldTaken {
        seat: Seat,
        gold: u8,
        paid: Cards,
    },
    /// Phase 2 ended (by choice or after two builds).
    BuildingEnded,
    TurnEnded {
        next: Seat,
    },
    /// `seat` began their turn with all ten cubes on the board.
    GameWon {
        seat: Seat,
    },
    /// The game reached [`data::TURN_LIMIT`] turns without a winner (a city can fill up so that nobody can build
    /// again): `winner` has the most cubes on the board (then trade points, then turn order).
    TurnLimitReached {
        winner: Seat,
    },
}

violations! {
    /// Why a command was refused. See `docs/rules/elasund.md` for each rule ID.
    pub enum Violation {
        BadPlayerCount => "ELA-SETUP-01", "Elasund is played by 2, 3 or 4 players.";
        GameOver => "ELA-END-02", "The game is over.";
        NotYourTurn => "ELA-TURN-01", "It is not your turn to act.";
        WrongPhase => "ELA-TURN-01", "That action does not belong to this phase of the turn.";
        NoSuchSquare => "ELA-BOARD-01", "That square is not on the board.";
        NoSuchRow => "ELA-BOARD-01", "There is no such row (rows are 2-6 and 8-12).";
        ShipRowNotOffered => "ELA-SHIP-02", "The ship must move exactly two rows up or down from its row.";
        PirateMustMove => "ELA-PIRATE-01", "The pirate ship must move to another row.";
        WrongDiscardCount => "ELA-PIRATE-02", "You must discard exactly one card per cube you have in the pirate's row.";
        CardsNotHeld => "ELA-CARDS-01", "You do not hold those cards.";
        NotInDiscards => "ELA-PIRATE-03", "Those cards are not among the discards.";
        WrongTakeCount => "ELA-PIRATE-03", "Take exactly one discarded card per watch tower.";
        NotEnoughGold => "ELA-CARDS-01", "You do not have enough gold.";
        NeedTwoIdentical => "ELA-CARDS-02", "This needs two influence cards of one colour.";
        NeedThreeIdentical => "ELA-CARDS-02", "This needs three influence cards of one colour.";
        NeedOneOfEach => "ELA-CARDS-02", "This needs one influence card of each colour.";
        BuildLimitReached => "ELA-BUILD-01", "You may build at most twice per turn.";
        BuildingNotInSupply => "ELA-BUILD-02", "No such building is left in your supply or the general supply.";
        StartBuildingNotBuildable => "ELA-BUILD-02", "Worker cottages are never built from the supply.";
        OutsideCity => "ELA-BUILD-08", "Buildings stand inside the city walls.";
        TooFewPermits => "ELA-BUILD-03", "The area holds fewer building permits than the building needs.";
        NoOwnPermit => "ELA-BUILD-04", "You need a building permit of your own in the area.";
        PermitTie => "ELA-BUILD-04", "Permit values in the area are tied: nobody may build there.";
        PermitOutvalued => "ELA-BUILD-04", "Another player's permits in the area are worth more than yours.";
        CannotBuildOverLarger => "ELA-BUILD-06", "A building can never be built over a larger one.";
        SameSizeNeedsInfluence => "ELA-BUILD-07", "Building over a building of the same size costs three identical influence cards.";
        CannotBuildOverChurch => "ELA-BUILD-08", "Nothing is ever built over a church tile.";
        FoundationReserved => "ELA-CHURCH-03", "The church foundation square is kept free for the first church tile.";
        NoWallPiecesLeft => "ELA-WALL-01", "You have built all your wall pieces.";
        NoSuchWallSlot => "ELA-WALL-02", "There is no such wall space in this city.";
        WallSlotTaken => "ELA-WALL-02", "That wall space is taken.";
        WallNotConnected => "ELA-WALL-02", "A wall piece goes next to a city gate or a built wall piece.";
        ChurchComplete => "ELA-CHURCH-01", "The church is complete.";
        TileNotDrawn => "ELA-CHURCH-02", "Keep one of the two church tiles you drew.";
        SquareNotFree => "ELA-PERMIT-01", "That square is not free.";
        PermitNotInSupply => "ELA-PERMIT-01", "That building permit is not in your supply.";
        PermitRowNotAllowed => "ELA-PERMIT-01", "Permits go in the ship's row (or a neighbouring row when it is full) unless you pay influence.";
        NotYourPermit => "ELA-SPECIAL-01", "You have no building permit there.";
        UpgradeMustBeHigher => "ELA-SPECIAL-02", "An upgrade swaps a permit for a higher one.";
        CottageSquareNotAllowed => "ELA-COTTAGE-01", "A worker cottage goes on free squares without windmills or other players' permits.";
        PaymentNotNeeded => "ELA-CARDS-02", "No influence payment is needed for that.";
    }
}

/// A bundle of cards as a viewer sees it: counts always, colours only when the viewer may see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardsSeen {
    pub gold: u8,
    pub influence: u8,
    /// The exact cards, present only for their holder (and the omniscient viewer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Cards>,
}

/// One seat as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub hand: CardsSeen,
    /// Permit values still in the supply.
    pub permits: Vec<u8>,
    pub walls_built: u8,
    pub trade_points: u8,
    pub track_cubes: u8,
    pub cubes_on_board: u8,
}

/// The phase as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum PhaseView {
    Roll,
    ChooseShipRow {
        options: [u8; 2],
    },
    ChoosePirateRow,
    PirateDiscard {
        owed: Vec<u8>,
    },
    PirateTake {
        count: u8,
    },
    Build {
        done: u8,
    },
    /// `tiles` only for the chooser.
    ChooseChurchTile {
        done: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        tiles: Option<[u8; 2]>,
    },
    Permit,
    Special,
    Over {
        winner: Seat,
    },
}

/// The state as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateView {
    pub players: u8,
    /// Columns of this city (5, 7 or 9).
    pub columns: u8,
    pub current: Seat,
    pub phase: PhaseView,
    pub ship_row: Option<u8>,
    pub pirate: bool,
    /// `10 * 9` cells, row-major from row 2, column 0 by the sea; columns beyond `columns` are always empty.
    pub cells: Vec<Cell>,
    pub walls: Vec<Option<WallPiece>>,
    pub pieces: Vec<Piece>,
    pub seats: Vec<SeatView>,
    pub bank_gold: u8,
    pub influence_deck: u8,
    pub discards: Cards,
    /// Tiles left to build (the stack, including the bottom tile).
    pub church_tiles_left: u8,
    /// The tile under the stack, shown only to the first church builder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub church_bottom: Option<u8>,
    pub church_first_builder: Option<Seat>,
    /// Worker cottages waiting to be placed again, in order.
    pub cottage_queue: Vec<CottageWait>,
    pub turn: u32,
}

/// An event as one viewer may see it: most events are public and shown whole; the ones that carry hidden cards
/// or tiles have their own redacted shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EventView {
    Public {
        event: Event,
    },
    StartingInfluenceDealt {
        colors: Vec<Option<InfluenceColor>>,
    },
    IncomeCollected {
        row: u8,
        cards: Vec<CardsSeen>,
    },
    BankShortage {
        gold: bool,
        returned: Vec<CardsSeen>,
    },
    CardsDrawn {
        seat: Seat,
        cards: CardsSeen,
    },
    ChurchTilesDrawn {
        seat: Seat,
        #[serde(skip_serializing_if = "Option::is_none")]
        tiles: Option<[u8; 2]>,
    },
    ChurchTileReturned {
        seat: Seat,
        kept: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        returned: Option<u8>,
    },
}

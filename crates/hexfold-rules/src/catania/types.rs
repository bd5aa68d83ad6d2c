//! The public data of Catania: configuration, setup, commands, events, violations, views.
//!
//! Catania's types compose Cities & Knights' instead of copying them: a command is one of the layer's
//! ([`Command::Ck`], as far as Catania keeps it) or one of Catania's own (ships, ship moves, landing places, the
//! pirate, gold, development cards, the chase of a knight), an event likewise, and the view is the layer's view
//! beside what only Catania has. Development cards are base Catan's ([`DevCard`], [`DevCards`]). These types are
//! stored (setup, events) and sent over the wire (commands, views), so they are plain serde data: externally
//! tagged enums with named fields.

use crate::catan::{DevCard, DevCards};
use crate::catania::map::Force;
use crate::cities_knights::{
    self as ck, Good, Hand, SeatCount, SeatHand, Violation as CkViolation,
};
use crate::hex::{
    ChipBag, EdgeId, HexId, HexViolation, Landing, Layout, Resource, Resources, RoadView, VertexId,
};
use crate::violation::violations;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// What the creator of a game chooses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// 3 to 6.
    pub seats: u8,
    /// Points needed to win: 20 by the seed ([`crate::catania::POINTS_TO_WIN`]); 5..=25 as a house rule.
    #[serde(default = "default_points_to_win")]
    pub points_to_win: u8,
}

pub(crate) fn default_points_to_win() -> u8 {
    crate::catania::POINTS_TO_WIN
}

/// The resolved, public setup: the map and the starting seat. Nothing hidden is in here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub seats: u8,
    pub layout: Layout,
    /// The seat that places first and begins (the seed's highest roll, drawn once at setup).
    pub first: Seat,
    #[serde(default = "default_points_to_win")]
    pub points_to_win: u8,
}

/// Which of the two thieves a 7, a knight card or a knight's chase moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bandit {
    /// On land; robs a seat with a building on its hex.
    Robber,
    /// At sea; robs a seat with a ship on a side of its hex.
    Pirate,
}

/// A road or ship a natural force destroyed, which its owner must rebuild before building anything else (seed
/// lines 42 and 45, spec D-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Repair {
    pub seat: Seat,
    pub edge: EdgeId,
    pub ship: bool,
}

/// A road or ship destroyed by a natural force: `repair` unless it was the open end of its line (seed line 42).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wreck {
    pub seat: Seat,
    pub edge: EdgeId,
    pub ship: bool,
    pub repair: bool,
}

/// A building at a glacier's foot an avalanche laid on its side (seed line 85): it yields nothing, on a 7 neither,
/// until the next doubles; the same doubles (`sum`) again destroy it, other doubles stand it up (spec D-24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tilt {
    pub seat: Seat,
    pub vertex: VertexId,
    /// The sum of the doubles that tilted it.
    pub sum: u8,
}

/// What struck a building down: an avalanche from a glacier or the volcano's eruption (seed lines 85, 87-88).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Blow {
    Avalanche,
    Eruption,
    /// The merchants' guild: a warned station building that cannot exchange on a 7 again is downgraded, wholesale
    /// to retail and retail off the board (seed line 80).
    Guild,
}

/// What a blow left of a building (seed lines 85, 87): a settlement is removed; a city becomes a settlement, or is
/// removed when its owner has no settlement left in supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ruin {
    SettlementRemoved,
    CityReduced,
    CityRemoved,
}

/// The conquest point of an island outside Catan, earned by the first settlement built on it (seed line 152).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Conquest {
    pub seat: Seat,
    /// Where the settlement was built (the point stays if it is later destroyed, spec D-42).
    pub vertex: VertexId,
    /// The island's label, as `hex::islands` numbers the map's land masses.
    pub island: u8,
}

/// A seat's building at a trading station: a retail post (a settlement piece) or a wholesale house (a city piece),
/// on a corner of a station hex (seed line 77).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Post {
    pub seat: Seat,
    pub vertex: VertexId,
}

/// What the temple asks of a seat (seed lines 95-96, spec D-27), settled in turn as obligations are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TempleDue {
    /// On doubles: `from` gives one resource of its choice to `to`, whose sacrificial site touches a hex with the
    /// doubles' number.
    Tribute { from: Seat, to: Seat },
    /// A tribute `from` could not pay: two resources of its choice to `to`, called once `from` holds two.
    Debt { from: Seat, to: Seat },
    /// `seat` received `resources`, a debt's two, and gives one of them back to the bank (to the gods).
    Offering { seat: Seat, resources: Resources },
}

/// A card in the barbarian castle's face-down pile, with the seat that put it there: only that seat saw it (seed
/// line 31, spec D-29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PileCard {
    pub seat: Seat,
    pub good: Good,
}

/// One of the five wonders of Catan (seed lines 149-150; spec D-07: Seafarers' "The Wonders of Catan" as
/// JSettlers2 encodes them, `SOCSpecialItem`). Each has one builder, its condition to start and the resources of
/// each of its four levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Wonder {
    /// Two cities; a level is 1 brick, 1 lumber, 3 wool.
    Theater,
    /// A building on one of the two strait corners of (11,1); a level is 3 lumber, 1 wool, 1 grain.
    GreatBridge,
    /// A city at a harbor and a trade route of 5; a level is 3 grain, 2 ore.
    Monument,
    /// A building on a corner of the East island's desert (13,6); a level is 3 brick, 1 lumber, 1 grain.
    GreatWall,
    /// A city and 6 points every player sees; a level is 1 brick, 1 grain, 3 ore.
    Cathedral,
}

impl Wonder {
    pub const ALL: [Wonder; 5] = [
        Wonder::Theater,
        Wonder::GreatBridge,
        Wonder::Monument,
        Wonder::GreatWall,
        Wonder::Cathedral,
    ];

    /// What each of its levels costs (JSettlers2 `SOCSpecialItem.COST_SC_WOND`; seed line 150: resources).
    pub const fn level_cost(self) -> Resources {
        match self {
            Wonder::Theater => Resources::new(1, 1, 3, 0, 0),
            Wonder::GreatBridge => Resources::new(0, 3, 1, 1, 0),
            Wonder::Monument => Resources::new(0, 0, 0, 3, 2),
            Wonder::GreatWall => Resources::new(3, 1, 0, 1, 0),
            Wonder::Cathedral => Resources::new(1, 0, 0, 1, 3),
        }
    }
}

/// A wonder under construction or complete: its builder and the levels built, 1 to 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WonderBuild {
    pub wonder: Wonder,
    pub seat: Seat,
    pub level: u8,
}

/// The corners a wonder's condition names (the map's wonder tokens, seed line 14; spec D-18), empty for a
/// wonder whose condition names no corner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WonderSite {
    pub wonder: Wonder,
    pub vertices: Vec<VertexId>,
}

/// A free road or ship of a road building card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoutePiece {
    pub edge: EdgeId,
    /// A ship; a road if false.
    pub ship: bool,
}

/// A number chip laid on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexChip {
    pub hex: HexId,
    pub number: u8,
}

/// What a seat may send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// A command of Cities & Knights' layer: the opening's `PlaceSettlement` (both rounds) and `PlaceRoad`, the
    /// roll, the robber, obligations, roads, settlements, cities, walls, knights, improvements, trade, progress
    /// cards and the end of the turn. Refused with `NotInCatania`: `PlaceCity` (two settlements open the game),
    /// `ChaseRobber` (a knight chases with [`Command::ChaseBandit`]) and the road building progress card's
    /// road-only form (played as [`Command::PlayProgressRoadBuilding`]).
    Ck(ck::Command),
    /// The opening: a ship instead of a road beside the settlement just placed.
    PlaceShip {
        edge: EdgeId,
    },
    /// A ship (1 lumber, 1 wool) on a side of a sea hex, joined to your ship or building, or to your road at a
    /// landing place.
    BuildShip {
        edge: EdgeId,
    },
    /// Once a turn: move the end ship of an open line of yours (not one built this turn, nor one next to the
    /// pirate) to another side where it joins your network.
    MoveShip {
        from: EdgeId,
        to: EdgeId,
    },
    /// A landing place (1 brick, 1 lumber, 1 ore) on a free coastal corner where your road or ship ends: your
    /// roads and ships meet there.
    BuildLandingPlace {
        vertex: VertexId,
    },
    /// After a 7, instead of the robber: the pirate to another sea hex, robbing a seat with a ship there.
    MovePirate {
        hex: HexId,
        victim: Option<Seat>,
    },
    /// Take the resources your gold fields gave you, of your choice.
    ChooseGold {
        resources: Resources,
    },
    /// 1 ore, 1 wool, 1 grain.
    BuyDevelopmentCard,
    /// Move the robber (to land) or the pirate (to sea) and rob; counts for the largest army.
    PlayKnight {
        bandit: Bandit,
        hex: HexId,
        victim: Option<Seat>,
    },
    /// Two free roads or ships (the second may be left out only when none fits).
    PlayRoadBuilding {
        first: RoutePiece,
        second: Option<RoutePiece>,
    },
    PlayYearOfPlenty {
        first: Resource,
        second: Resource,
    },
    PlayMonopoly {
        resource: Resource,
    },
    /// The road building progress card, with roads or ships as the development card.
    PlayProgressRoadBuilding {
        first: RoutePiece,
        second: Option<RoutePiece>,
    },
    /// An active knight next to the robber's or the pirate's hex moves it elsewhere and robs there (seed line 162).
    ChaseBandit {
        knight: VertexId,
        bandit: Bandit,
        hex: HexId,
        victim: Option<Seat>,
    },
    /// The compulsory exchange of your station building on a 7 (seed lines 78-79): at a retail post one resource
    /// for two resources of other kinds; at a wholesale house one commodity for three resources, or two resources
    /// for four resources of other kinds.
    ExchangeAtStation {
        give: Hand,
        take: Resources,
    },
    /// Settle what the temple asks of you: a tribute (one resource), a debt (two) or the offering (one of the two
    /// a debt brought you, back to the bank).
    PayTemple {
        resources: Resources,
    },
    /// The barbarians raided Catan, or your debt to them fell due: one card of your choice (a resource or a
    /// commodity) face down into the barbarian castle.
    DepositAtCastle {
        card: Good,
    },
    /// Claim a wonder nobody builds yet, if you build none and meet its condition: a ship from your supply marks
    /// it as yours and its first level is paid and built at once.
    StartWonder {
        wonder: Wonder,
    },
    /// The next level of your wonder, paid in its resources; several in one turn.
    BuildWonderLevel,
}

/// A fact. Costs paid are in the events or fixed by the rules, so `evolve` never recomputes a price.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A fact of Cities & Knights' layer, folded by it.
    Ck(ck::Event),
    ShipPlaced {
        seat: Seat,
        edge: EdgeId,
    },
    /// `free`: by a road building card.
    ShipBuilt {
        seat: Seat,
        edge: EdgeId,
        free: bool,
    },
    ShipMoved {
        seat: Seat,
        from: EdgeId,
        to: EdgeId,
    },
    /// The diplomat took it off the board.
    ShipRemoved {
        seat: Seat,
        edge: EdgeId,
    },
    LandingPlaceBuilt {
        seat: Seat,
        vertex: VertexId,
    },
    PirateMoved {
        seat: Seat,
        hex: HexId,
    },
    /// `seat`'s knight on `knight` chased the pirate to `hex` and turned passive.
    PirateChased {
        seat: Seat,
        knight: VertexId,
        hex: HexId,
    },
    /// `seat`'s new settlement reached island hexes without a number: these chips were drawn for them, in hex
    /// order, uniformly from the bag as it was at each draw.
    ChipsDrawn {
        seat: Seat,
        chips: Vec<HexChip>,
    },
    /// Gold fields gave these seats this many resources of their choice, to be chosen in this (clockwise) order.
    /// A seat owed gold got something from the roll, so its aqueduct claim, if it had one, lapses.
    GoldDue {
        owed: Vec<SeatCount>,
    },
    GoldChosen {
        seat: Seat,
        resources: Resources,
    },
    /// The active seat built or bought for the first time this turn: the trade phase is over (seed lines 25-26).
    TradePhaseEnded {
        seat: Seat,
    },
    /// Hidden from the other seats.
    DevelopmentCardBought {
        seat: Seat,
        card: DevCard,
    },
    DevelopmentCardPlayed {
        seat: Seat,
        card: DevCard,
    },
    LargestArmyChanged {
        holder: Seat,
        knights: u8,
    },
    /// The barbarians took a city whose owner had no settlement left: the corner is cleared, and with it the
    /// seat's roads and ships that led only there (seed line 34).
    CornerCleared {
        seat: Seat,
        vertex: VertexId,
        removed: Vec<EdgeId>,
    },
    /// A natural force took its step of the roll from `from` to `to` (the same hex when the iceberg ran against
    /// land) and destroyed `wrecks` on the sides it crossed (seed section 6).
    ForceMoved {
        force: Force,
        from: HexId,
        to: HexId,
        wrecks: Vec<Wreck>,
    },
    /// Doubles of `sum` set off an avalanche that laid `seat`'s building on `vertex`, at a glacier's foot and
    /// beside a hex numbered `sum`, on its side (seed line 85).
    BuildingTilted {
        seat: Seat,
        vertex: VertexId,
        sum: u8,
    },
    /// Other doubles than those that tilted it: `seat`'s building on `vertex` stands again (seed line 85).
    BuildingRighted {
        seat: Seat,
        vertex: VertexId,
    },
    /// Double 1 or double 6: the volcano on `hex` erupted towards its corner `vertex`, which the extra die `die`
    /// chose (die d, corner d - 1: 1 north, clockwise to 6 north-west; seed line 87, spec D-05).
    VolcanoErupted {
        hex: HexId,
        die: u8,
        vertex: VertexId,
    },
    /// A blow struck `seat`'s building on `vertex` down to `ruin`; `wall`: the city's wall was lost with it (seed
    /// lines 85, 87-88). A metropolis on the city leaves it (the layer's `MetropolisPlaced` may follow, onto
    /// another city of the seat).
    BuildingRuined {
        seat: Seat,
        vertex: VertexId,
        blow: Blow,
        ruin: Ruin,
        wall: bool,
    },
    /// The specialist card of `resource` went to `holder`, or back to the bank on a tie or with nobody at that
    /// resource (seed lines 102-103, spec D-10).
    SpecialistChanged {
        resource: Resource,
        holder: Option<Seat>,
    },
    /// The roller holds these specialists: one extra card of each of their resources, after the roll's yields, as
    /// far as the bank holds them (seed line 102, spec D-10). A seat paid so got something from the roll, so its
    /// aqueduct claim, if it had one, lapses.
    SpecialistsPaid {
        seat: Seat,
        resources: Resources,
    },
    /// `seat`'s settlement on `vertex` is the first on `island`, outside Catan: a conquest point (seed line 152).
    IslandConquered {
        seat: Seat,
        vertex: VertexId,
        island: u8,
    },
    /// The yields of a 7 (the glaciers' feet's other hexes), paid clockwise from the roller as the bank can (seed
    /// lines 24, 84; spec D-41); `withheld`: goods some seat got less of than its share. Unlike the layer's
    /// `ResourcesProduced` it leaves the 7's robber phase and discards as they are, and gives no aqueduct.
    SevenYielded {
        gains: Vec<SeatHand>,
        withheld: Vec<ck::Good>,
    },
    /// A 7: these station buildings must exchange, in this (clockwise) order, once the gold of the roll is chosen
    /// (seed lines 78-82); a station under the robber, the hurricane or the storm cloud asks for none (spec D-30).
    StationExchangesDue {
        posts: Vec<Post>,
    },
    /// `seat`'s station building on `vertex` gave `gave` to the bank for `took`; a warning on it is lifted (seed
    /// line 81).
    StationExchanged {
        seat: Seat,
        vertex: VertexId,
        gave: Hand,
        took: Resources,
    },
    /// `seat` could not exchange at its station building on `vertex`: the guild warns it, the piece is laid on
    /// its side (seed line 80). A second time it is downgraded instead (`BuildingRuined` by the guild).
    StationWarned {
        seat: Seat,
        vertex: VertexId,
    },
    /// `seat` held what an exchange needs but the bank lacked every exchange it could make: no exchange, and no
    /// warning, as it is not the seat's doing (spec D-09).
    StationExcused {
        seat: Seat,
        vertex: VertexId,
    },
    /// A sacrificial site at the temple, a settlement piece at twice a settlement's cost (seed lines 94-95).
    SacrificialSiteBuilt {
        seat: Seat,
        vertex: VertexId,
    },
    /// Doubles: these tributes are owed, in this order, once the roll's yields and gold are in (seed line 95).
    TributesDue {
        dues: Vec<TempleDue>,
    },
    /// `from` paid `to` its tribute, or its debt; a debt's two resources make `to` owe the gods one of them.
    TemplePaid {
        from: Seat,
        to: Seat,
        resources: Resources,
    },
    /// `from` held no resource for its tribute to `to`: it owes two instead, when it next can (seed line 96).
    TributeDefaulted {
        from: Seat,
        to: Seat,
    },
    /// `from` holds two resources again: its debt to `to` falls due now.
    DebtCalled {
        from: Seat,
        to: Seat,
    },
    /// `seat` gave `resources`, one of a debt's two, back to the bank to appease the gods (seed line 96).
    GodsAppeased {
        seat: Seat,
        resources: Resources,
    },
    /// A step of the barbarian ship returned `card`, drawn uniformly from the castle's pile, to the bank (seed
    /// line 31). Public, as the bank is.
    CastleCardReturned {
        card: Good,
    },
    /// The barbarian ship arrived: each of `seats` owes the castle one card of its choice (seed line 31).
    CastleRaided {
        seats: Vec<Seat>,
    },
    /// `seat` put `card` face down into the castle's pile: the card is seen by `seat` only.
    CastleDeposited {
        seat: Seat,
        card: Good,
    },
    /// `seat` holds no card for the deposit it owes: it owes one from its next yield instead (seed line 31).
    CastleDefaulted {
        seat: Seat,
    },
    /// A yield gave `seat`, a debtor of the castle, a card: one deposit falls due now.
    CastleDebtCalled {
        seat: Seat,
    },
    /// On a 7 `seat`, a settler at the castle, took `card`, drawn uniformly from the pile (seed line 91): the card
    /// is seen by `seat` only.
    CastleLooted {
        seat: Seat,
        card: Good,
    },
    /// `seat` claimed `wonder`, marking it with a ship from its supply (its first level follows).
    WonderStarted {
        seat: Seat,
        wonder: Wonder,
    },
    /// `seat` paid `wonder`'s level cost and built its level `level`; the fourth completes it, worth 4 points.
    WonderLevelBuilt {
        seat: Seat,
        wonder: Wonder,
        level: u8,
    },
}

violations! {
    /// Why a command was refused. Each maps to a rule ID in `docs/rules/catania.md`.
    pub enum Violation {
        InvalidSeatCount => "CAT-SETUP-01", "Catania is played by 3 to 6 players.";
        MapGenerationFailed => "CAT-MAP-01", "The map could not be laid out.";
        InvalidPointsToWin => "CAT-END-01", "The points needed to win must be between 5 and 25.";
        GameOver => "CAT-END-01", "The game has ended.";
        NotYourTurn => "CAT-TURN-12", "It is not your turn to act.";
        WrongPhase => "CAT-TURN-13", "That cannot be done at this point of the turn.";
        NoSuchSeat => "CAT-TURN-14", "There is no such seat.";
        NoSuchHex => "CAT-TURN-14", "There is no such hex on this board.";
        NoSuchVertex => "CAT-TURN-14", "There is no such corner on this board.";
        NoSuchEdge => "CAT-TURN-14", "There is no such side on this board.";
        ObligationsPending => "CAT-TURN-15", "Play waits until the pending obligations are settled.";
        NoSuchObligation => "CAT-TURN-15", "You owe nothing of that kind.";
        NotInCatania => "CAT-TURN-16", "Catania plays that with a command of its own, or not at all.";
        TradePhaseOver => "CAT-TURN-09", "Trading ends with your first build or purchase of the turn.";
        NotOnCatan => "CAT-SETUP-09", "Starting settlements go on Catan, the main island.";
        GlacierCorner => "CAT-SETUP-13", "No starting settlement on a glacier's corners.";
        RoadNotAtNewBuilding => "CAT-SETUP-10", "The starting road or ship must touch the settlement you just placed.";
        VertexOccupied => "CAT-BUILD-04", "A building or knight already stands there.";
        DistanceRule => "CAT-BUILD-04", "A building needs all three neighbouring corners free.";
        NotOnLand => "CAT-BUILD-18", "A settlement needs a corner that touches land.";
        CastleGuardTooWeak => "CAT-CASTLE-03", "A castle settlement needs knights of strength 3 on the board (two knights may make it up).";
        NoCityAtCastle => "CAT-CASTLE-01", "A settlement at the barbarian castle is not upgraded to a city.";
        TempleGuardTooWeak => "CAT-TEMPLE-02", "A sacrificial site needs knights of strength 2 on the board (two knights may make it up).";
        NoCityAtTemple => "CAT-TEMPLE-01", "A sacrificial site is not upgraded to a city.";
        NotFromTheDebt => "CAT-TEMPLE-07", "The gods get one of the two resources the debt brought you.";
        OnePostPerSeat => "CAT-STATION-01", "Each player has at most one building at the trading stations.";
        NoWallAtStation => "CAT-STATION-03", "No city wall goes under a wholesale house.";
        InvalidExchange => "CAT-STATION-04", "A retail post gives one resource for two of other kinds; a wholesale house one commodity for three resources, or two resources for four of other kinds.";
        StationBuildingWarned => "CAT-STATION-07", "A warned station building cannot be upgraded until its honour is restored.";
        SettlementNotConnected => "CAT-BUILD-18", "A settlement must touch one of your roads or ships.";
        NotYourSettlement => "CAT-BUILD-03", "A city can only replace one of your settlements.";
        NoPiecesLeft => "CAT-SETUP-01", "You have no piece of that kind left.";
        CannotAfford => "CAT-BUILD-02", "You cannot pay for that.";
        NotYourCity => "CAT-BUILD-07", "That must be one of your cities.";
        WallLimit => "CAT-BUILD-07", "You have no city wall left (at most 3).";
        WallAlreadyBuilt => "CAT-BUILD-07", "That city already has a wall.";
        NoCity => "CAT-BUILD-10", "City improvements need at least one city.";
        TrackComplete => "CAT-BUILD-10", "That track is complete.";
        NoMetropolisDue => "CAT-BUILD-15", "This improvement wins no metropolis, so no city can be named for one.";
        MetropolisCityRequired => "CAT-BUILD-17", "Level 4 or 5 needs a city that is not yet a metropolis.";
        EdgeOccupied => "CAT-SHIP-02", "A road or ship already lies there.";
        NotARoadSide => "CAT-SHIP-02", "A road lies on a side of a land hex.";
        NotAShipSide => "CAT-SHIP-02", "A ship sails a side of a sea hex.";
        RoadNotConnected => "CAT-SHIP-03", "A road must join your road or building, or your ship at a landing place, not through another's piece.";
        ShipNotConnected => "CAT-SHIP-03", "A ship must join your ship or building, or your road at a landing place, not through another's piece.";
        ShipNotMovable => "CAT-SHIP-04", "Only the end ship of one of your open shipping lines can move.";
        ShipBuiltThisTurn => "CAT-SHIP-04", "A ship built this turn cannot move until your next turn.";
        ShipMovedThisTurn => "CAT-SHIP-04", "You have moved a ship this turn already.";
        LandingSiteInvalid => "CAT-SHIP-05", "A landing place goes on a free coastal corner where your road or ship ends.";
        PirateBlocksSide => "CAT-PIRATE-03", "No ship is built on or moved from or to a side of the pirate's hex.";
        PirateMustMove => "CAT-PIRATE-01", "The pirate must move to another sea hex.";
        RobberNotInPlay => "CAT-ROBBER-01", "The robber is not in play.";
        RobberMustMove => "CAT-ROBBER-02", "The robber must move to another land hex.";
        InvalidVictim => "CAT-ROBBER-03", "You can only rob an opponent on that hex.";
        VictimRequired => "CAT-ROBBER-03", "An opponent on that hex holds cards: choose whom to rob.";
        BankLacks => "CAT-TRADE-02", "The bank does not have those cards.";
        InvalidTrade => "CAT-TRADE-05", "Both sides must give something (no gifts), and no good on both sides.";
        NoOpenOffer => "CAT-TRADE-05", "There is no open offer for you to answer.";
        NoSuchCounterOffer => "CAT-TRADE-05", "That player has no open counter-offer.";
        PartnerCannotPay => "CAT-TRADE-05", "The other side no longer holds those cards.";
        OfferNotBinding => "CAT-TRADE-13", "The active player has acted since that offer was made: it no longer binds and cannot be accepted as it stands.";
        OfferLimitReached => "CAT-TRADE-12", "You have made the maximum number of offers this turn.";
        NotYourTurnToAnswer => "CAT-TRADE-06", "Trade goes clockwise: the seats before you answer first.";
        CardsNotHeld => "CAT-HAND-01", "You do not hold those cards.";
        WrongCardCount => "CAT-HAND-01", "Give or take exactly the number of cards due.";
        KnightSiteInvalid => "CAT-KNIGHT-02", "A knight stands on a free corner touching your road or ship.";
        NotYourKnight => "CAT-KNIGHT-04", "There is no knight of yours there.";
        KnightAlreadyActive => "CAT-KNIGHT-04", "That knight is already active.";
        KnightPromotedThisTurn => "CAT-KNIGHT-06", "A knight can be promoted only once per turn.";
        KnightMaxStrength => "CAT-KNIGHT-06", "That knight is already mighty.";
        FortressRequired => "CAT-KNIGHT-06", "Mighty knights need the fortress (politics level 3).";
        KnightNotActive => "CAT-KNIGHT-07", "Only an active knight can act.";
        KnightActedOrActivated => "CAT-KNIGHT-07", "A knight activated this turn cannot act this turn.";
        KnightPathBlocked => "CAT-KNIGHT-08", "The knight moves along your connected roads and ships to a free corner.";
        KnightNotStronger => "CAT-KNIGHT-11", "Only a weaker enemy knight can be displaced.";
        InvalidRetreat => "CAT-KNIGHT-12", "A displaced knight retreats to a free corner its owner's roads and ships lead to.";
        RobberNotAdjacent => "CAT-KNIGHT-13", "That thief is not on a hex next to the knight.";
        CommittedKnightInvalid => "CAT-EVENT-07", "Commit only your own active knights, each once.";
        DeckEmpty => "CAT-EVENT-12", "That progress deck is empty.";
        NoSuchProgressCard => "CAT-CARD-01", "You hold no such progress card.";
        AlchemistOnlyBeforeRoll => "CAT-CARD-01", "Only the alchemist may be played before the roll, and only then.";
        ProgressAfterRoll => "CAT-CARD-01", "Progress cards other than the alchemist are played after the roll.";
        TooManyProgressCards => "CAT-CARD-03", "Return progress cards down to 4 before ending your turn.";
        DevDeckEmpty => "CAT-CARD-06", "The development deck is empty.";
        CardBoughtThisTurn => "CAT-CARD-07", "A development card bought this turn can be played from your next turn.";
        OneCardPerTurn => "CAT-CARD-08", "You have played a development card this turn already.";
        NoSuchCard => "CAT-CARD-08", "You hold no such development card.";
        InvalidDice => "CAT-CARD-10", "Dice show 1 to 6.";
        InvalidNumberSwap => "CAT-CARD-10", "The inventor swaps two tokens other than 2, 6, 7, 8 and 12.";
        NotAnOpenRoad => "CAT-CARD-10", "The diplomat removes an open road or the end ship of an open line.";
        InvalidCardTarget => "CAT-CARD-10", "That card cannot be played that way now.";
        RoadBuildingIncomplete => "CAT-CARD-10", "Road building places two legal pieces, or one if no second fits.";
        WonderTaken => "CAT-WONDER-02", "Another player builds that wonder.";
        OneWonderPerSeat => "CAT-WONDER-02", "Each player builds one wonder only.";
        WonderConditionUnmet => "CAT-WONDER-04", "You do not meet that wonder's condition.";
        NoWonderStarted => "CAT-WONDER-05", "You build no wonder: start one first.";
        WonderComplete => "CAT-WONDER-03", "Your wonder is complete at its fourth level.";
        WonderLevelUnpaid => "CAT-WONDER-05", "You do not hold the resources of a level of your wonder.";
        RepairFirst => "CAT-ICE-07", "Rebuild the road or ship a natural force destroyed before building anything else.";
    }
    from HexViolation {
        InvalidSeatCount, InvalidPointsToWin, MapGenerationFailed, GameOver, NotYourTurn, WrongPhase,
        NoSuchSeat, NoSuchHex, NoSuchVertex, NoSuchEdge, VertexOccupied, DistanceRule, SettlementNotConnected,
        EdgeOccupied, RoadNotConnected, RoadNotAtNewBuilding, NotYourSettlement, NoPiecesLeft, CannotAfford,
        BankLacks, RobberMustMove, InvalidVictim, VictimRequired, RoadBuildingIncomplete,
    }
    from CkViolation {
        InvalidSeatCount, MapGenerationFailed, InvalidPointsToWin, GameOver, NotYourTurn, WrongPhase,
        NoSuchSeat, NoSuchHex, NoSuchVertex, NoSuchEdge, VertexOccupied, DistanceRule, SettlementNotConnected,
        EdgeOccupied, RoadNotConnected, RoadNotAtNewBuilding, NotYourSettlement, NotYourCity, NoPiecesLeft,
        CannotAfford, BankLacks, CardsNotHeld, WrongCardCount, ObligationsPending, NoSuchObligation,
        RobberNotInPlay, RobberMustMove, InvalidVictim, VictimRequired, WallLimit, WallAlreadyBuilt,
        KnightSiteInvalid, NotYourKnight, KnightAlreadyActive, KnightNotActive, KnightActedOrActivated,
        KnightPromotedThisTurn, KnightMaxStrength, FortressRequired, KnightPathBlocked, KnightNotStronger,
        RobberNotAdjacent, NoCity, TrackComplete, MetropolisCityRequired, InvalidTrade, NoOpenOffer,
        NoSuchCounterOffer, OfferLimitReached, PartnerCannotPay, OfferNotBinding, NoSuchProgressCard, AlchemistOnlyBeforeRoll,
        ProgressAfterRoll, InvalidDice, InvalidNumberSwap, NotAnOpenRoad, InvalidCardTarget, NoMetropolisDue,
        TooManyProgressCards, RoadBuildingIncomplete, DeckEmpty, InvalidRetreat, CommittedKnightInvalid,
    }
}

/// What only Catania keeps of a seat, as a viewer sees it. `None` fields are hidden from this viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SailorView {
    pub seat: Seat,
    pub ships_left: u8,
    pub landing_places_left: u8,
    /// Development cards in hand, playable and bought this turn together.
    pub development_card_count: u8,
    /// For the seat itself and the omniscient viewer.
    pub development_cards: Option<DevCards>,
    /// Bought this turn (not yet playable): for the seat itself and the omniscient viewer.
    pub development_cards_new: Option<DevCards>,
    pub knights_played: u8,
    /// Every point the viewer may see: the public ones, plus the seat's own hidden victory point cards for the
    /// seat itself and the omniscient viewer, and for everyone once the game has ended.
    pub points: u8,
}

/// The state as one viewer sees it: the layer's view (its `roads` only roads) beside Catania's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateView {
    pub ck: ck::StateView,
    pub ships: Vec<RoadView>,
    pub landing_places: Vec<Landing>,
    /// `None` while the pirate is off the board.
    pub pirate: Option<HexId>,
    pub sailors: Vec<SailorView>,
    pub development_cards_left: u8,
    pub largest_army: Option<Seat>,
    /// Number chips still in the bag (public: a draw takes any of them alike).
    pub chip_bag: ChipBag,
    /// Gold still to be chosen, in the order it is chosen.
    pub gold_owed: Vec<SeatCount>,
    /// Whether the active seat has built this turn, which ended its trading.
    pub trade_phase_over: bool,
    pub development_card_played: bool,
    pub ship_moved: bool,
    pub ships_built_this_turn: Vec<EdgeId>,
    /// The natural forces' hexes (`None` for one not on the board).
    pub iceberg: Option<HexId>,
    pub hurricane: Option<HexId>,
    pub storm_cloud: Option<HexId>,
    /// Roads and ships the forces destroyed that their owners must rebuild first, in the order destroyed.
    pub repairs: Vec<Repair>,
    /// Buildings an avalanche laid on their side, in the order tilted.
    pub tilted: Vec<Tilt>,
    /// The holder of each resource's specialist card (brick, lumber, wool, grain, ore), `None` in the bank.
    pub specialists: [Option<Seat>; 5],
    /// The islands conquered, in the order conquered.
    pub conquests: Vec<Conquest>,
    /// Station buildings still to exchange on this 7, in the order they exchange.
    pub station_exchanges_due: Vec<Post>,
    /// Station buildings the guild warned, laid on their side.
    pub warned_posts: Vec<Post>,
    /// What the temple asks, in the order it is settled.
    pub temple_due: Vec<TempleDue>,
    /// Tributes not paid, owed twice over once the debtor holds two resources.
    pub temple_debts: Vec<TempleDue>,
    /// Cards in the barbarian castle's face-down pile.
    pub castle_pile: u16,
    /// The pile's cards: for the omniscient viewer only.
    pub castle_cards: Option<Hand>,
    /// Seats that owe the castle a card now.
    pub castle_deposits_due: Vec<Seat>,
    /// Seats that owe the castle a card from their next yield, once for each time listed.
    pub castle_debts: Vec<Seat>,
    /// The wonders started, in the order started, with their builders and levels.
    pub wonders: Vec<WonderBuild>,
    /// The corners the Great Bridge's and the Great Wall's conditions name.
    pub wonder_sites: Vec<WonderSite>,
}

/// An event as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EventView {
    /// A fact of the layer, as the layer shows it.
    Ck(ck::EventView),
    /// `card` for the buyer and the omniscient viewer.
    DevelopmentCardBought { seat: Seat, card: Option<DevCard> },
    /// `card` for the depositor and the omniscient viewer.
    CastleDeposited { seat: Seat, card: Option<Good> },
    /// `card` for the looter and the omniscient viewer.
    CastleLooted { seat: Seat, card: Option<Good> },
    /// Everyone may see every field of this event.
    Public(Event),
}

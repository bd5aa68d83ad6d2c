//! The public data of base Catan: configuration, setup, commands, events, violations, views.
//!
//! These types are stored (setup, events) and sent over the wire (commands, views), so they are plain serde data:
//! externally tagged enums with named fields, and they are meant to stay stable once events are stored.

use crate::hex::HexViolation;
pub use crate::hex::{BoardView, MapKind, RoadView};
use crate::hex::{Dice, EdgeId, HexId, Layout, Resource, Resources, VertexId};
use crate::violation::violations;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// What the creator of a game chooses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// 3 or 4.
    pub seats: u8,
    pub map: MapKind,
    /// Points needed to win: 10 by the rules ([`crate::catan::POINTS_TO_WIN`]); 3..=20 accepted as a house rule
    /// (BASE-END-03).
    #[serde(default = "default_points_to_win")]
    pub points_to_win: u8,
}

pub(crate) fn default_points_to_win() -> u8 {
    crate::catan::POINTS_TO_WIN
}

/// The resolved, public setup: the map is drawn, nothing hidden is in here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub seats: u8,
    pub layout: Layout,
    /// Absent in setups stored before the option existed: the rules' 10.
    #[serde(default = "default_points_to_win")]
    pub points_to_win: u8,
}

/// A development card kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DevCard {
    Knight,
    VictoryPoint,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
}

impl DevCard {
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::VictoryPoint,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ];
}

/// A count of each development card kind: a hand, the deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DevCards {
    #[serde(default)]
    pub knight: u8,
    #[serde(default)]
    pub victory_point: u8,
    #[serde(default)]
    pub road_building: u8,
    #[serde(default)]
    pub year_of_plenty: u8,
    #[serde(default)]
    pub monopoly: u8,
}

impl DevCards {
    /// The full deck: 14 knights, 5 victory points, 2 each of road building, year of plenty and monopoly.
    pub const DECK: DevCards = DevCards {
        knight: 14,
        victory_point: 5,
        road_building: 2,
        year_of_plenty: 2,
        monopoly: 2,
    };

    pub fn get(self, c: DevCard) -> u8 {
        match c {
            DevCard::Knight => self.knight,
            DevCard::VictoryPoint => self.victory_point,
            DevCard::RoadBuilding => self.road_building,
            DevCard::YearOfPlenty => self.year_of_plenty,
            DevCard::Monopoly => self.monopoly,
        }
    }

    pub fn get_mut(&mut self, c: DevCard) -> &mut u8 {
        match c {
            DevCard::Knight => &mut self.knight,
            DevCard::VictoryPoint => &mut self.victory_point,
            DevCard::RoadBuilding => &mut self.road_building,
            DevCard::YearOfPlenty => &mut self.year_of_plenty,
            DevCard::Monopoly => &mut self.monopoly,
        }
    }

    pub fn total(self) -> u8 {
        DevCard::ALL.iter().map(|&c| self.get(c)).sum()
    }

    pub fn plus(self, other: DevCards) -> DevCards {
        let mut x = self;
        for c in DevCard::ALL {
            *x.get_mut(c) += other.get(c);
        }
        x
    }

    /// One of these cards, uniformly: the same as drawing the top of a shuffled deck, with no order kept in the
    /// state (base Catan's and Catania's purchase). `None` if there are none.
    pub fn draw(self, rng: &mut impl rand::Rng) -> Option<DevCard> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut k = rng.gen_range(0..total);
        for c in DevCard::ALL {
            let n = self.get(c);
            if k < n {
                return Some(c);
            }
            k -= n;
        }
        None
    }
}

/// The terms of a domestic trade (offer or counter-offer), from the proposer's point of view: `give` is what the
/// proposer hands over, `receive` what it gets.
pub type TradeTerms = crate::hex::Terms<Resources>;

/// A seat and a set of resources (one line of a production or a monopoly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResources {
    pub seat: Seat,
    pub resources: Resources,
}

/// A seat and a number (cards owed, cards taken, hidden points revealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCount {
    pub seat: Seat,
    pub count: u8,
}

/// Where the game stands. Public: every viewer sees the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Every seat that still has to roll for the starting player does so (`RollDice`); the highest sum starts,
    /// a tie for highest re-rolls among the tied seats.
    StartingRoll,
    /// Placement step `index` (0-based, `2 * seats` steps in snake order): the active seat places a settlement.
    PlaceSettlement { index: u8 },
    /// Placement step `index`: the active seat places a road next to `settlement`.
    PlaceRoad { index: u8, settlement: VertexId },
    /// The active seat must roll (or may first play a knight).
    Roll,
    /// Seats owing cards after a 7 discard them, in any order, concurrently.
    Discard,
    /// The active seat moves the robber and steals.
    Robber,
    /// After the roll: trade, build, buy, play cards, end the turn.
    Main,
    /// The game is over; every command is refused.
    Ended { winner: Seat },
}

/// What a seat may send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Roll both dice: in the starting roll to decide who begins, or at the start of your turn for production.
    RollDice,
    /// Setup: place a starting settlement on a free vertex respecting the distance rule (free of charge).
    PlaceSettlement { vertex: VertexId },
    /// Setup: place a starting road on a side touching the settlement you just placed (free of charge).
    PlaceRoad { edge: EdgeId },
    /// After a 7: discard exactly the cards you owe (half your hand, rounded down), chosen by you.
    Discard { resources: Resources },
    /// After a 7 or a knight: move the robber to another hex and name the seat to rob (`None` only when no
    /// opponent with a building on that hex holds a card).
    MoveRobber { hex: HexId, victim: Option<Seat> },
    /// Pay 1 brick + 1 lumber and build a road connected to your network.
    BuildRoad { edge: EdgeId },
    /// Pay 1 brick, 1 lumber, 1 wool, 1 grain and build a settlement on your road network.
    BuildSettlement { vertex: VertexId },
    /// Pay 2 grain + 3 ore and upgrade one of your settlements to a city.
    BuildCity { vertex: VertexId },
    /// Pay 1 wool, 1 grain, 1 ore and draw a random development card.
    BuyDevelopmentCard,
    /// Play a knight (like every development card, also allowed before rolling): then move the robber.
    PlayKnight,
    /// Play road building: build `first` and then `second` for free. `second` may be `None` only if no second
    /// road can be placed (no piece left or no legal side).
    PlayRoadBuilding {
        first: EdgeId,
        second: Option<EdgeId>,
    },
    /// Play year of plenty: take `first` and `second` from the bank.
    PlayYearOfPlenty { first: Resource, second: Resource },
    /// Play monopoly: every other seat hands you all its cards of `resource`.
    PlayMonopoly { resource: Resource },
    /// Trade with the bank: give 4 (3 at a generic harbor, 2 at that resource's harbor) of `give` for one `receive`.
    MaritimeTrade { give: Resource, receive: Resource },
    /// Active seat: offer a trade to all other seats (replaces your previous offer).
    OfferTrade { give: Resources, receive: Resources },
    /// Other seat: propose different terms to the active seat (terms from your point of view).
    CounterOffer { give: Resources, receive: Resources },
    /// Other seat: accept the active seat's open offer; the trade happens at once.
    AcceptTrade,
    /// Other seat: decline the active seat's open offer.
    RejectTrade,
    /// Active seat: accept `seat`'s counter-offer; the trade happens at once.
    AcceptCounterOffer { seat: Seat },
    /// Active seat: decline `seat`'s counter-offer.
    RejectCounterOffer { seat: Seat },
    /// Active seat: withdraw your open offer (counter-offers to it lapse too).
    WithdrawTrade,
    /// End your turn; the next seat clockwise becomes active.
    EndTurn,
}

/// What happened. Events are facts: every random outcome is written in them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A seat rolled for the starting player.
    StartingRollMade { seat: Seat, dice: Dice },
    /// Several seats tied for the highest starting roll; they roll again.
    StartingRollTied { seats: Vec<Seat> },
    /// The seat with the highest starting roll begins the placement.
    StartingPlayerChosen { seat: Seat },
    /// A starting settlement was placed.
    SettlementPlaced { seat: Seat, vertex: VertexId },
    /// A starting road was placed.
    RoadPlaced { seat: Seat, edge: EdgeId },
    /// A seat took one card per producing terrain next to its second settlement.
    StartingResourcesTaken { seat: Seat, resources: Resources },
    /// The active seat rolled for production.
    DiceRolled { seat: Seat, dice: Dice },
    /// Cards handed out for a roll. `withheld` lists resources nobody got because the bank could not pay everyone.
    ResourcesProduced {
        gains: Vec<SeatResources>,
        withheld: Vec<Resource>,
    },
    /// After a 7, these seats owe these many cards.
    DiscardsRequired { discards: Vec<SeatCount> },
    /// A seat discarded these cards to the bank.
    Discarded { seat: Seat, resources: Resources },
    /// The robber was moved.
    RobberMoved { seat: Seat, hex: HexId },
    /// `thief` took one random card from `victim`.
    ResourceStolen {
        thief: Seat,
        victim: Seat,
        resource: Resource,
    },
    /// A road was built (`free` for road building).
    RoadBuilt {
        seat: Seat,
        edge: EdgeId,
        free: bool,
    },
    /// A settlement was built (paid).
    SettlementBuilt { seat: Seat, vertex: VertexId },
    /// A settlement was upgraded to a city (paid).
    CityBuilt { seat: Seat, vertex: VertexId },
    /// A development card was bought; `card` was drawn uniformly from the remaining deck.
    DevelopmentCardBought { seat: Seat, card: DevCard },
    /// A knight was played (the robber move follows).
    KnightPlayed { seat: Seat },
    /// Road building was played (the free roads follow as `RoadBuilt`).
    RoadBuildingPlayed { seat: Seat },
    /// Year of plenty was played and the two cards taken.
    YearOfPlentyPlayed {
        seat: Seat,
        first: Resource,
        second: Resource,
    },
    /// Monopoly was played; `taken` says how many cards each other seat handed over.
    MonopolyPlayed {
        seat: Seat,
        resource: Resource,
        taken: Vec<SeatCount>,
    },
    /// A maritime trade with the bank.
    MaritimeTraded {
        seat: Seat,
        give: Resource,
        give_count: u8,
        receive: Resource,
    },
    /// The active seat offered a trade to everyone.
    TradeOffered {
        seat: Seat,
        give: Resources,
        receive: Resources,
    },
    /// Another seat proposed different terms (from its point of view).
    CounterOffered {
        seat: Seat,
        give: Resources,
        receive: Resources,
    },
    /// Another seat declined the open offer.
    TradeRejected { seat: Seat },
    /// The active seat declined `seat`'s counter-offer.
    CounterOfferRejected { seat: Seat },
    /// The active seat withdrew its offer.
    TradeWithdrawn { seat: Seat },
    /// Cards changed hands: `active` gave `given` to `partner` and received `received`.
    TradeCompleted {
        active: Seat,
        partner: Seat,
        given: Resources,
        received: Resources,
    },
    /// The longest road card moved (`holder: None`: set aside).
    LongestRoadChanged { holder: Option<Seat>, length: u8 },
    /// The largest army card moved.
    LargestArmyChanged { holder: Seat, knights: u8 },
    /// The turn passed to `next`.
    TurnEnded { seat: Seat, next: Seat },
    /// `seat` reached the target on its own turn and won; every seat's victory point cards are revealed.
    GameWon {
        seat: Seat,
        points: u8,
        victory_point_cards: Vec<SeatCount>,
    },
}

violations! {
    /// Why a command was refused. Each maps to a rule ID in `docs/rules/catan.md`.
    pub enum Violation {
        /// The configuration asks for other than 3 or 4 seats.
        InvalidSeatCount => "BASE-SETUP-01", "Catan is played by 3 or 4 players.";
        /// The variable map could not be drawn.
        MapGenerationFailed => "BASE-BOARD-03", "The variable map could not be drawn.";
        /// The configuration asks for a points target outside 3..=20.
        InvalidPointsToWin => "BASE-END-03", "The points needed to win must be between 3 and 20.";
        /// The game has ended.
        GameOver => "BASE-END-02", "The game has ended.";
        /// The seat is not the one that may act now.
        NotYourTurn => "BASE-TURN-01", "It is not your turn to act.";
        /// The command does not fit the current phase.
        WrongPhase => "BASE-TURN-02", "That cannot be done at this point of the turn.";
        /// A seat number outside the table.
        NoSuchSeat => "BASE-BOARD-04", "There is no such seat.";
        /// A hex id outside the board.
        NoSuchHex => "BASE-BOARD-04", "There is no such hex on this board.";
        /// A vertex id outside the board.
        NoSuchVertex => "BASE-BOARD-04", "There is no such corner on this board.";
        /// An edge id outside the board.
        NoSuchEdge => "BASE-BOARD-04", "There is no such side on this board.";
        /// A building already stands on the vertex.
        VertexOccupied => "BASE-BUILD-01", "A building already stands there.";
        /// A neighbouring vertex holds a building.
        DistanceRule => "BASE-BUILD-02", "A settlement needs all three neighbouring corners free.";
        /// A new settlement must touch one of your roads.
        SettlementNotConnected => "BASE-BUILD-03", "A settlement must touch one of your roads.";
        /// A road already lies on the edge.
        EdgeOccupied => "BASE-BUILD-04", "A road already lies there.";
        /// A new road must touch your road, settlement or city.
        RoadNotConnected => "BASE-BUILD-05", "A road must connect to your road, settlement or city.";
        /// A starting road must touch the settlement just placed.
        RoadNotAtNewSettlement => "BASE-SETUP-05", "The starting road must touch the settlement you just placed.";
        /// A city replaces one of your own settlements.
        NotYourSettlement => "BASE-BUILD-06", "A city can only replace one of your settlements.";
        /// No piece of that kind left in your supply.
        NoPiecesLeft => "BASE-BUILD-07", "You have no piece of that kind left.";
        /// You cannot pay the cost.
        CannotAfford => "BASE-BUILD-08", "You cannot pay for that.";
        /// The development deck is empty.
        DeckEmpty => "BASE-DEV-01", "No development cards are left.";
        /// You hold no playable card of that kind.
        NoSuchCard => "BASE-DEV-02", "You hold no playable card of that kind.";
        /// Cards bought this turn cannot be played this turn.
        CardBoughtThisTurn => "BASE-DEV-03", "A card bought this turn cannot be played this turn.";
        /// Only one knight or progress card per turn.
        OneCardPerTurn => "BASE-DEV-04", "Only one development card may be played per turn.";
        /// Road building needs a legal road (and a second one whenever one is possible).
        RoadBuildingIncomplete => "BASE-DEV-07", "Road building places two legal roads, or one if no second fits.";
        /// The bank does not hold the cards asked for.
        BankLacks => "BASE-BANK-01", "The bank does not have those cards.";
        /// The robber must move to another hex.
        RobberMustMove => "BASE-ROBBER-03", "The robber must move to a different hex.";
        /// The victim must be an opponent with a building on the hex (one holding no card included).
        InvalidVictim => "BASE-ROBBER-04", "You can only rob an opponent with a building on that hex.";
        /// Some opponent on the hex holds a card, so a victim must be named.
        VictimRequired => "BASE-ROBBER-05", "An opponent on that hex holds cards: choose whom to rob.";
        /// A discard must be exactly the number of cards owed.
        WrongDiscardCount => "BASE-ROBBER-02", "Discard exactly the number of cards you owe.";
        /// This seat owes no discard.
        NoDiscardOwed => "BASE-ROBBER-02", "You do not owe a discard.";
        /// You do not hold those cards.
        ResourcesNotHeld => "BASE-HAND-01", "You do not hold those cards.";
        /// Only the active seat trades with others, and others only with it.
        TradeNotWithActivePlayer => "BASE-TRADE-01", "Only the active player trades with the others.";
        /// Each side must give something and no resource may appear on both sides.
        InvalidTradeTerms => "BASE-TRADE-03", "Both sides must give something, and no resource on both sides.";
        /// No open offer to answer.
        NoOpenOffer => "BASE-TRADE-02", "There is no open offer.";
        /// That seat has no counter-offer open.
        NoSuchCounterOffer => "BASE-TRADE-02", "That player has no open counter-offer.";
        /// Offers and counter-offers per seat per turn are capped.
        OfferLimitReached => "BASE-TRADE-04", "You have made the maximum number of offers this turn.";
        /// The trade partner does not hold the cards.
        PartnerCannotPay => "BASE-TRADE-05", "Your trade partner no longer holds those cards.";
        /// The active seat acted otherwise since the offer or counter-offer was made.
        OfferNotBinding => "BASE-TRADE-07", "The active player has acted since that offer was made: it no longer binds and cannot be accepted as it stands.";
    }
    from HexViolation {
        InvalidSeatCount, InvalidPointsToWin, MapGenerationFailed, GameOver, NotYourTurn, WrongPhase,
        NoSuchSeat, NoSuchHex, NoSuchVertex, NoSuchEdge, VertexOccupied, DistanceRule, SettlementNotConnected,
        EdgeOccupied, RoadNotConnected, RoadNotAtNewBuilding => RoadNotAtNewSettlement, NotYourSettlement,
        NoPiecesLeft, CannotAfford, BankLacks, RobberMustMove, InvalidVictim, VictimRequired,
        RoadBuildingIncomplete,
    }
}

/// A building on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BuildingView {
    pub vertex: VertexId,
    pub seat: Seat,
    pub city: bool,
}

/// One seat as a viewer sees it. Fields that are `None` are hidden from this viewer; counts are always public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub resource_count: u8,
    /// The hand: only for the seat itself and the omniscient viewer.
    pub resources: Option<Resources>,
    pub development_card_count: u8,
    /// Development cards in hand (playable and bought this turn): only for the seat itself and the omniscient
    /// viewer.
    pub development_cards: Option<DevCards>,
    /// Of those, bought this turn (not playable yet): same visibility.
    pub development_cards_new: Option<DevCards>,
    pub knights_played: u8,
    pub settlements_left: u8,
    pub cities_left: u8,
    pub roads_left: u8,
    /// Length of this seat's longest road.
    pub road_length: u8,
    /// Points everyone can see: buildings, longest road, largest army.
    pub public_points: u8,
    /// Victory point cards in hand: for the seat itself, the omniscient viewer, and everyone once the game ended.
    pub victory_point_cards: Option<u8>,
    /// Cards this seat still has to discard after a 7.
    pub discard_owed: u8,
    /// This seat's open counter-offer to the active seat.
    pub counter_offer: Option<TradeTerms>,
    /// Whether this seat declined the open offer.
    pub rejected_offer: bool,
}

/// The state as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateView {
    pub board: BoardView,
    pub seats: u8,
    /// Points needed to win.
    pub points_to_win: u8,
    pub phase: Phase,
    pub active: Seat,
    /// Turns played since the first production turn (0 during setup).
    pub turn: u16,
    pub rolled: bool,
    pub development_card_played: bool,
    pub robber: HexId,
    /// The bank's resource cards (public: the supply lies face up).
    pub bank: Resources,
    pub development_cards_left: u8,
    pub last_roll: Option<Dice>,
    pub players: Vec<PlayerView>,
    pub buildings: Vec<BuildingView>,
    pub roads: Vec<RoadView>,
    pub longest_road: Option<Seat>,
    pub largest_army: Option<Seat>,
    /// The active seat's open offer.
    pub offer: Option<TradeTerms>,
    pub winner: Option<Seat>,
}

/// An event as one viewer sees it: the same facts as [`Event`], except that a stolen card and a drawn
/// development card are `None` for viewers who may not see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EventView {
    StartingRollMade {
        seat: Seat,
        dice: Dice,
    },
    StartingRollTied {
        seats: Vec<Seat>,
    },
    StartingPlayerChosen {
        seat: Seat,
    },
    SettlementPlaced {
        seat: Seat,
        vertex: VertexId,
    },
    RoadPlaced {
        seat: Seat,
        edge: EdgeId,
    },
    StartingResourcesTaken {
        seat: Seat,
        resources: Resources,
    },
    DiceRolled {
        seat: Seat,
        dice: Dice,
    },
    ResourcesProduced {
        gains: Vec<SeatResources>,
        withheld: Vec<Resource>,
    },
    DiscardsRequired {
        discards: Vec<SeatCount>,
    },
    Discarded {
        seat: Seat,
        resources: Resources,
    },
    RobberMoved {
        seat: Seat,
        hex: HexId,
    },
    /// `resource` only for thief, victim and the omniscient viewer.
    ResourceStolen {
        thief: Seat,
        victim: Seat,
        resource: Option<Resource>,
    },
    RoadBuilt {
        seat: Seat,
        edge: EdgeId,
        free: bool,
    },
    SettlementBuilt {
        seat: Seat,
        vertex: VertexId,
    },
    CityBuilt {
        seat: Seat,
        vertex: VertexId,
    },
    /// `card` only for the buyer and the omniscient viewer.
    DevelopmentCardBought {
        seat: Seat,
        card: Option<DevCard>,
    },
    KnightPlayed {
        seat: Seat,
    },
    RoadBuildingPlayed {
        seat: Seat,
    },
    YearOfPlentyPlayed {
        seat: Seat,
        first: Resource,
        second: Resource,
    },
    MonopolyPlayed {
        seat: Seat,
        resource: Resource,
        taken: Vec<SeatCount>,
    },
    MaritimeTraded {
        seat: Seat,
        give: Resource,
        give_count: u8,
        receive: Resource,
    },
    TradeOffered {
        seat: Seat,
        give: Resources,
        receive: Resources,
    },
    CounterOffered {
        seat: Seat,
        give: Resources,
        receive: Resources,
    },
    TradeRejected {
        seat: Seat,
    },
    CounterOfferRejected {
        seat: Seat,
    },
    TradeWithdrawn {
        seat: Seat,
    },
    TradeCompleted {
        active: Seat,
        partner: Seat,
        given: Resources,
        received: Resources,
    },
    LongestRoadChanged {
        holder: Option<Seat>,
        length: u8,
    },
    LargestArmyChanged {
        holder: Seat,
        knights: u8,
    },
    TurnEnded {
        seat: Seat,
        next: Seat,
    },
    GameWon {
        seat: Seat,
        points: u8,
        victory_point_cards: Vec<SeatCount>,
    },
}

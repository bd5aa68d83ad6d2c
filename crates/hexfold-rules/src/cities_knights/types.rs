//! The public data of Cities & Knights: configuration, setup, commands, events, violations, views.
//!
//! These types are stored (setup, events) and sent over the wire (commands, views), so they are plain serde data:
//! externally tagged enums with named fields, counts as named fields. Board ids, resources, dice and the layout
//! come from [`crate::hex`], and so do the board and road views.

use crate::hex::HexViolation;
use crate::hex::{BoardView, MapKind, RoadView};
use crate::hex::{EdgeId, HexId, Layout, Resource, Resources, Terms, VertexId};
use crate::violation::violations;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// What the creator of a game chooses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// 3 or 4.
    pub seats: u8,
    pub map: MapKind,
    /// The seed's variant for experienced players: when the barbarians land, every seat declares which of its
    /// active knights defend, and only those count and are deactivated (CK-VAR-01).
    #[serde(default)]
    pub negotiated_defence: bool,
    /// Points needed to win: 13 by the rules ([`crate::cities_knights::POINTS_TO_WIN`]); 5..=25 accepted as a
    /// house rule (CK-END-02).
    #[serde(default = "default_points_to_win")]
    pub points_to_win: u8,
}

pub(crate) fn default_points_to_win() -> u8 {
    crate::cities_knights::POINTS_TO_WIN
}

/// The resolved, public setup: the map is drawn and the starting seat chosen; nothing hidden is in here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub seats: u8,
    pub layout: Layout,
    /// The seat that places first (the seed's highest roll, drawn once at setup).
    pub first: Seat,
    pub negotiated_defence: bool,
    /// Absent in setups stored before the option existed: the rules' 13.
    #[serde(default = "default_points_to_win")]
    pub points_to_win: u8,
}

/// A commodity card: what a city next to mountains, forest or pasture yields besides one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Commodity {
    /// From mountains; pays the politics (blue) track.
    Coin,
    /// From forest; pays the science (green) track.
    Paper,
    /// From pasture; pays the trade (yellow) track.
    Cloth,
}

impl Commodity {
    pub const ALL: [Commodity; 3] = [Commodity::Coin, Commodity::Paper, Commodity::Cloth];
}

/// A count of each commodity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Commodities {
    #[serde(default)]
    pub coin: u8,
    #[serde(default)]
    pub paper: u8,
    #[serde(default)]
    pub cloth: u8,
}

/// Any card of the hand: a resource or a commodity. Used where one kind is named (bank trade, monopoly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Good {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
    Coin,
    Paper,
    Cloth,
}

/// Resource and commodity cards together: a hand, the bank, a cost, one side of a trade.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand {
    #[serde(default)]
    pub resources: Resources,
    #[serde(default)]
    pub commodities: Commodities,
}

/// The terms of a domestic trade (offer or counter-offer), from the proposer's point of view: `give` is what the
/// proposer hands over, `receive` what it gets.
pub type TradeTerms = Terms<Hand>;

/// One of the three city improvement tracks, named by the colour of its progress cards and city gate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Track {
    /// Yellow, paid with cloth; level 3 is the trading house (2:1 commodities).
    Trade,
    /// Blue, paid with coin; level 3 is the fortress (mighty knights).
    Politics,
    /// Green, paid with paper; level 3 is the aqueduct (a resource when a roll gives nothing).
    Science,
}

impl Track {
    pub const ALL: [Track; 3] = [Track::Trade, Track::Politics, Track::Science];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The commodity that pays for this track's improvements.
    pub fn commodity(self) -> Commodity {
        match self {
            Track::Trade => Commodity::Cloth,
            Track::Politics => Commodity::Coin,
            Track::Science => Commodity::Paper,
        }
    }
}

/// A level on each track, 0..=5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Improvements {
    #[serde(default)]
    pub trade: u8,
    #[serde(default)]
    pub politics: u8,
    #[serde(default)]
    pub science: u8,
}

/// What the event die shows: the barbarian ship (3 faces) or a city gate of one track's colour (1 face each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventDie {
    Ship,
    Gate { track: Track },
}

/// One roll of the white, red and event dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    pub white: u8,
    pub red: u8,
    pub event: EventDie,
}

/// A progress card. Science (green): alchemist to smith; trade (yellow): commercial harbor to trade monopoly;
/// politics (blue): bishop to wedding. Printer and constitution are victory points, revealed when drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ProgressCard {
    Alchemist,
    Crane,
    Engineer,
    Inventor,
    Irrigation,
    Medicine,
    Mining,
    Printer,
    RoadBuilding,
    Smith,
    CommercialHarbor,
    MasterMerchant,
    Merchant,
    MerchantFleet,
    ResourceMonopoly,
    TradeMonopoly,
    Bishop,
    Constitution,
    Deserter,
    Diplomat,
    Intrigue,
    Saboteur,
    Spy,
    Warlord,
    Wedding,
}

/// A seat and a number (cards owed, knight strength contributed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCount {
    pub seat: Seat,
    pub count: u8,
}

/// A seat and a set of cards (one line of a production).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatHand {
    pub seat: Seat,
    pub cards: Hand,
}

/// One line of a commercial harbor: the resource offered to `seat`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HarborOffer {
    pub seat: Seat,
    pub resource: Resource,
}

/// How a progress card is played, with the choices it needs. Printer and constitution are never played: they
/// are revealed as soon as they are drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProgressPlay {
    /// Before your roll: choose the white and red dice (1..=6); the event die is rolled.
    Alchemist { white: u8, red: u8 },
    /// Build a city improvement for one commodity less; `metropolis` as for [`Command::ImproveCity`].
    Crane {
        track: Track,
        #[serde(default)]
        metropolis: Option<VertexId>,
    },
    /// Build a city wall on your city for free.
    Engineer { vertex: VertexId },
    /// Swap two number tokens; neither may be 2, 6, 8 or 12.
    Inventor { first: HexId, second: HexId },
    /// 2 grain for each fields hex next to at least one of your buildings.
    Irrigation,
    /// Upgrade a settlement to a city for 2 ore and 1 grain.
    Medicine { vertex: VertexId },
    /// 2 ore for each mountains hex next to at least one of your buildings.
    Mining,
    /// Build up to two roads for free (the second may be omitted only when none fits).
    RoadBuilding {
        first: EdgeId,
        second: Option<EdgeId>,
    },
    /// Promote up to two of your knights for free (mighty only with the fortress).
    Smith {
        first: VertexId,
        second: Option<VertexId>,
    },
    /// Offer opponents one resource each; each who holds a commodity must give you one of their choice.
    CommercialHarbor { offers: Vec<HarborOffer> },
    /// Look at the hand of a seat with more points than you and take 2 cards of your choice.
    MasterMerchant { victim: Seat },
    /// Place the merchant next to your building: 2:1 for that hex's resource, 1 point while you hold it.
    Merchant { hex: HexId },
    /// For the rest of this turn trade one good of your choice 2:1 with the bank.
    MerchantFleet { good: Good },
    /// Each opponent gives you up to 2 of the named resource.
    ResourceMonopoly { resource: Resource },
    /// Each opponent gives you up to 1 of the named commodity.
    TradeMonopoly { commodity: Commodity },
    /// Move the robber and steal 1 random card from each seat with a building on that hex.
    Bishop { hex: HexId },
    /// The victim removes one knight of their choice; you may place one of equal strength for free.
    Deserter { victim: Seat },
    /// Remove an open road; if it was yours you may place it again at `relocate` for free.
    Diplomat {
        edge: EdgeId,
        relocate: Option<EdgeId>,
    },
    /// Displace an opponent's knight standing on a corner touched by your road.
    Intrigue { vertex: VertexId },
    /// Every seat with at least your points discards half their cards (rounded down).
    Saboteur,
    /// Look at a seat's progress cards and take one.
    Spy { victim: Seat },
    /// Activate all your knights for free.
    Warlord,
    /// Every seat with more points than you gives you 2 cards of their choice.
    Wedding,
}

/// What a seat may send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Setup, first round: a settlement on a free corner respecting the distance rule.
    PlaceSettlement {
        vertex: VertexId,
    },
    /// Setup, second round: a city on a free corner respecting the distance rule; it yields starting resources.
    PlaceCity {
        vertex: VertexId,
    },
    /// Setup: a road touching the building just placed.
    PlaceRoad {
        edge: EdgeId,
    },
    /// Roll the white, red and event dice.
    RollDice,
    /// After a 7 (once the barbarians have attacked once): move the robber and steal from `victim`.
    MoveRobber {
        hex: HexId,
        victim: Option<Seat>,
    },
    /// Pay what you owe after a 7 or a saboteur.
    Discard {
        cards: Hand,
    },
    /// Give the cards a wedding or commercial harbor demands of you.
    GiveCards {
        cards: Hand,
    },
    /// The barbarians won and you contributed least: reduce this city of yours to a settlement.
    ChooseCityToLose {
        vertex: VertexId,
    },
    /// Your displaced knight retreats to this free corner on your roads.
    RetreatKnight {
        vertex: VertexId,
    },
    /// A deserter was played against you: remove this knight of yours.
    RemoveKnight {
        vertex: VertexId,
    },
    /// You hold a fifth progress card: put this one back under its deck.
    ReturnProgressCard {
        card: ProgressCard,
    },
    /// Negotiated defence: the active knights of yours that defend.
    CommitKnights {
        vertices: Vec<VertexId>,
    },
    /// A tied defender of Catan draws a progress card from the chosen deck.
    ChooseProgressDeck {
        track: Track,
    },
    /// The aqueduct: take a resource of your choice because the roll gave you nothing.
    TakeAqueductResource {
        resource: Resource,
    },
    /// The master merchant: take these 2 cards from the revealed hand.
    TakeCards {
        cards: Hand,
    },
    /// The spy: take this card from the revealed progress cards.
    TakeProgressCard {
        card: ProgressCard,
    },
    BuildRoad {
        edge: EdgeId,
    },
    BuildSettlement {
        vertex: VertexId,
    },
    BuildCity {
        vertex: VertexId,
    },
    /// A city wall (2 brick) under one of your cities; at most 3.
    BuildCityWall {
        vertex: VertexId,
    },
    /// A basic knight (1 ore, 1 wool), inactive, on a free corner touching your road.
    BuildKnight {
        vertex: VertexId,
    },
    /// The deserter's free knight, of the strength the victim removed.
    PlaceDeserterKnight {
        vertex: VertexId,
    },
    /// Activate a knight (1 grain).
    ActivateKnight {
        vertex: VertexId,
    },
    /// Promote a knight one step (1 ore, 1 wool); each knight once per turn; mighty needs the fortress.
    PromoteKnight {
        vertex: VertexId,
    },
    /// Move an active knight along your roads to a free corner, or onto a weaker enemy knight to displace it.
    MoveKnight {
        from: VertexId,
        to: VertexId,
    },
    /// An active knight next to the robber's hex sends the robber back to the desert.
    ChaseRobber {
        knight: VertexId,
    },
    /// Build the next level of a track with its commodity. If it wins a metropolis, it goes on `metropolis` (one of
    /// your cities without one), or on your lowest-numbered such city when `None`.
    ImproveCity {
        track: Track,
        #[serde(default)]
        metropolis: Option<VertexId>,
    },
    /// Trade with the bank at your best ratio for `give`.
    BankTrade {
        give: Good,
        receive: Good,
    },
    /// The active seat offers a trade to all others (replacing its open offer); the first to accept trades.
    OfferTrade {
        give: Hand,
        receive: Hand,
    },
    /// Another seat accepts the active seat's open offer; the trade happens at once.
    AcceptTrade,
    /// Another seat declines the active seat's open offer.
    RejectTrade,
    /// The active seat withdraws its open offer (counter-offers to it lapse too).
    WithdrawTrade,
    /// Another seat proposes different terms to the active seat (terms from its own point of view), as in base
    /// Catan.
    CounterOffer {
        give: Hand,
        receive: Hand,
    },
    /// The active seat accepts `seat`'s counter-offer; the trade happens at once.
    AcceptCounterOffer {
        seat: Seat,
    },
    /// The active seat declines `seat`'s counter-offer.
    RejectCounterOffer {
        seat: Seat,
    },
    PlayProgressCard {
        play: ProgressPlay,
    },
    EndTurn,
}

/// Something a seat must do before play goes on. Public: everyone sees who is being waited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obligation {
    Discard {
        seat: Seat,
        count: u8,
    },
    /// Give `count` cards (commodities only if so) to `to`.
    Give {
        seat: Seat,
        to: Seat,
        count: u8,
        commodities_only: bool,
    },
    LoseCity {
        seat: Seat,
    },
    /// A displaced knight off the board, retreating from `from`.
    Retreat {
        seat: Seat,
        from: VertexId,
        strength: u8,
        active: bool,
    },
    /// Remove a knight for a deserter played by `to`.
    RemoveKnight {
        seat: Seat,
        to: Seat,
    },
    ReturnProgressCard {
        seat: Seat,
    },
    CommitKnights {
        seat: Seat,
    },
    DrawProgressCard {
        seat: Seat,
    },
    AqueductResource {
        seat: Seat,
    },
    TakeCards {
        seat: Seat,
        from: Seat,
        count: u8,
    },
    TakeProgressCard {
        seat: Seat,
        from: Seat,
    },
}

impl Obligation {
    pub fn seat(&self) -> Seat {
        match *self {
            Obligation::Discard { seat, .. }
            | Obligation::Give { seat, .. }
            | Obligation::LoseCity { seat }
            | Obligation::Retreat { seat, .. }
            | Obligation::RemoveKnight { seat, .. }
            | Obligation::ReturnProgressCard { seat }
            | Obligation::CommitKnights { seat }
            | Obligation::DrawProgressCard { seat }
            | Obligation::AqueductResource { seat }
            | Obligation::TakeCards { seat, .. }
            | Obligation::TakeProgressCard { seat, .. } => seat,
        }
    }
}

/// How a barbarian attack ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackResult {
    /// Knights at least as strong: the single top contributor is the defender of Catan (1 point); tied top
    /// contributors each draw a progress card instead.
    CatanWon {
        defender: Option<Seat>,
        tied: Vec<Seat>,
    },
    /// Barbarians stronger: each of `losers` (least contribution, holding a city that is not a metropolis) loses
    /// a city.
    BarbariansWon { losers: Vec<Seat> },
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Setup step `index` (snake order, `2 * seats` steps): the first round places settlements, the second cities.
    PlaceBuilding {
        index: u8,
    },
    /// Setup step `index`: a road touching `vertex`.
    PlaceRoad {
        index: u8,
        vertex: VertexId,
    },
    /// The active seat rolls (or first plays the alchemist).
    Roll,
    /// The roll is being resolved: waiting for the obligations it raised (defence, lost cities).
    Resolving,
    /// After a 7 once the robber is in play: the active seat moves the robber.
    Robber,
    /// After the roll: trade, build, knights, progress cards, end the turn.
    Main,
    Ended {
        winner: Seat,
    },
}

/// A fact. Costs paid are in the events so `evolve` never recomputes a price.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    SettlementPlaced {
        seat: Seat,
        vertex: VertexId,
    },
    CityPlaced {
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
    /// `alchemist`: the white and red dice were chosen by an alchemist.
    DiceRolled {
        seat: Seat,
        roll: Roll,
        alchemist: bool,
    },
    /// Negotiated defence: these seats must declare their defending knights.
    DefenceCalled {
        seats: Vec<Seat>,
    },
    KnightsCommitted {
        seat: Seat,
        vertices: Vec<VertexId>,
    },
    BarbariansAttacked {
        barbarians: u8,
        knights: u8,
        contributions: Vec<SeatCount>,
        result: AttackResult,
    },
    CityLost {
        seat: Seat,
        vertex: VertexId,
        wall: bool,
    },
    ProgressCardDrawn {
        seat: Seat,
        track: Track,
        card: ProgressCard,
    },
    /// A fifth card goes back under its deck.
    ProgressCardReturned {
        seat: Seat,
        card: ProgressCard,
    },
    ResourcesProduced {
        gains: Vec<SeatHand>,
        /// Goods the bank could not pay everyone, so nobody got them.
        withheld: Vec<Good>,
    },
    SevenRolled {
        discards: Vec<SeatCount>,
    },
    DiscardsRequired {
        discards: Vec<SeatCount>,
    },
    Discarded {
        seat: Seat,
        cards: Hand,
    },
    RobberMoved {
        seat: Seat,
        hex: HexId,
    },
    CardStolen {
        thief: Seat,
        victim: Seat,
        good: Good,
    },
    AqueductTaken {
        seat: Seat,
        resource: Resource,
    },
    RoadBuilt {
        seat: Seat,
        edge: EdgeId,
        free: bool,
    },
    RoadRemoved {
        seat: Seat,
        edge: EdgeId,
    },
    SettlementBuilt {
        seat: Seat,
        vertex: VertexId,
    },
    CityBuilt {
        seat: Seat,
        vertex: VertexId,
        paid: Resources,
    },
    CityWallBuilt {
        seat: Seat,
        vertex: VertexId,
        free: bool,
    },
    KnightBuilt {
        seat: Seat,
        vertex: VertexId,
        strength: u8,
        free: bool,
    },
    KnightActivated {
        seat: Seat,
        vertex: VertexId,
        free: bool,
    },
    KnightPromoted {
        seat: Seat,
        vertex: VertexId,
        free: bool,
    },
    KnightMoved {
        seat: Seat,
        from: VertexId,
        to: VertexId,
    },
    /// `by` displaced `seat`'s knight from `vertex` (with a knight from `from`, or by intrigue when `None`).
    KnightDisplaced {
        by: Seat,
        from: Option<VertexId>,
        seat: Seat,
        vertex: VertexId,
    },
    KnightRetreated {
        seat: Seat,
        vertex: VertexId,
    },
    /// A displaced knight found no free corner on its roads and left the board.
    KnightLeftBoard {
        seat: Seat,
    },
    /// Removed for a deserter played by `to`, who may place a knight of `strength` for free.
    KnightDeserted {
        seat: Seat,
        vertex: VertexId,
        strength: u8,
        to: Seat,
    },
    RobberChased {
        seat: Seat,
        knight: VertexId,
        hex: HexId,
    },
    CityImproved {
        seat: Seat,
        track: Track,
        level: u8,
        paid: Commodities,
    },
    MetropolisPlaced {
        seat: Seat,
        track: Track,
        vertex: VertexId,
        from: Option<Seat>,
    },
    BankTraded {
        seat: Seat,
        give: Good,
        give_count: u8,
        receive: Good,
    },
    TradeOffered {
        seat: Seat,
        give: Hand,
        receive: Hand,
    },
    TradeRejected {
        seat: Seat,
    },
    TradeWithdrawn {
        seat: Seat,
    },
    /// Another seat proposed different terms to the active seat (from its own point of view).
    CounterOffered {
        seat: Seat,
        give: Hand,
        receive: Hand,
    },
    /// The active seat declined `seat`'s counter-offer.
    CounterOfferRejected {
        seat: Seat,
    },
    TradeCompleted {
        active: Seat,
        partner: Seat,
        given: Hand,
        received: Hand,
    },
    ProgressCardPlayed {
        seat: Seat,
        card: ProgressCard,
    },
    /// Cards from the bank (irrigation, mining).
    CardsFromBank {
        seat: Seat,
        cards: Hand,
    },
    /// Cards from one seat to another, in public (monopolies, commercial harbor, wedding).
    CardsTransferred {
        from: Seat,
        to: Seat,
        cards: Hand,
    },
    /// A seat settled a wedding or commercial harbor demand with cards of its choice.
    CardsGiven {
        seat: Seat,
        to: Seat,
        cards: Hand,
    },
    /// Wedding or commercial harbor: these seats owe cards of their choice.
    CardsDemanded {
        to: Seat,
        demands: Vec<SeatCount>,
        commodities_only: bool,
    },
    NumbersSwapped {
        first: HexId,
        second: HexId,
    },
    MerchantPlaced {
        seat: Seat,
        hex: HexId,
    },
    MerchantFleetChosen {
        seat: Seat,
        good: Good,
    },
    KnightRemovalDemanded {
        seat: Seat,
        to: Seat,
    },
    /// Master merchant: `seat` sees `victim`'s hand and takes `count` cards.
    HandRevealed {
        seat: Seat,
        victim: Seat,
        count: u8,
    },
    /// Spy: `seat` sees `victim`'s progress cards and takes one.
    ProgressCardsRevealed {
        seat: Seat,
        victim: Seat,
    },
    ProgressCardTaken {
        seat: Seat,
        victim: Seat,
        card: ProgressCard,
    },
    /// Master merchant: `seat` took these cards from `victim`'s revealed hand.
    CardsTaken {
        seat: Seat,
        victim: Seat,
        cards: Hand,
    },
    LongestRoadChanged {
        holder: Option<Seat>,
        length: u8,
    },
    TurnEnded {
        seat: Seat,
        next: Seat,
    },
    GameWon {
        seat: Seat,
        points: u8,
    },
}

violations! {
    /// Why a command was refused. Each maps to a rule ID in `docs/rules/cities_knights.md`.
    pub enum Violation {
        InvalidSeatCount => "CK-SETUP-01", "Cities & Knights is played by 3 or 4 players.";
        MapGenerationFailed => "CK-SETUP-01", "The variable map could not be drawn.";
        InvalidPointsToWin => "CK-END-02", "The points needed to win must be between 5 and 25.";
        GameOver => "CK-END-01", "The game has ended.";
        NotYourTurn => "CK-TURN-01", "It is not your turn to act.";
        WrongPhase => "CK-TURN-02", "That cannot be done at this point of the turn.";
        NoSuchSeat => "CK-TURN-03", "There is no such seat.";
        NoSuchHex => "CK-TURN-03", "There is no such hex on this board.";
        NoSuchVertex => "CK-TURN-03", "There is no such corner on this board.";
        NoSuchEdge => "CK-TURN-03", "There is no such side on this board.";
        VertexOccupied => "CK-BUILD-01", "A building or knight already stands there.";
        DistanceRule => "CK-BUILD-01", "A building needs all three neighbouring corners free.";
        SettlementNotConnected => "CK-BUILD-02", "A settlement must touch one of your roads.";
        EdgeOccupied => "CK-BUILD-03", "A road already lies there.";
        RoadNotConnected => "CK-BUILD-03", "A road must connect to your road or building, not through another's piece.";
        RoadNotAtNewBuilding => "CK-SETUP-02", "The starting road must touch the building you just placed.";
        NotYourSettlement => "CK-BUILD-04", "A city can only replace one of your settlements.";
        NotYourCity => "CK-WALL-01", "That must be one of your cities.";
        NoPiecesLeft => "CK-BUILD-05", "You have no piece of that kind left.";
        CannotAfford => "CK-BUILD-06", "You cannot pay for that.";
        BankLacks => "CK-TRADE-01", "The bank does not have those cards.";
        CardsNotHeld => "CK-HAND-01", "You do not hold those cards.";
        WrongCardCount => "CK-HAND-02", "Give exactly the number of cards asked for.";
        ObligationsPending => "CK-TURN-04", "Play waits until the pending obligations are settled.";
        NoSuchObligation => "CK-TURN-04", "You owe nothing of that kind.";
        RobberNotInPlay => "CK-ROBBER-01", "The robber stays in the desert until the barbarians have attacked once.";
        RobberMustMove => "CK-ROBBER-02", "The robber must move to a different hex.";
        InvalidVictim => "CK-ROBBER-02", "You can only rob an opponent with a building on that hex.";
        VictimRequired => "CK-ROBBER-02", "An opponent on that hex holds cards: choose whom to rob.";
        WallLimit => "CK-WALL-01", "You have no city wall left (at most 3).";
        WallAlreadyBuilt => "CK-WALL-01", "That city already has a wall.";
        KnightSiteInvalid => "CK-KNIGHT-01", "A knight stands on a free corner touching your road.";
        NotYourKnight => "CK-KNIGHT-02", "There is no knight of yours there.";
        KnightAlreadyActive => "CK-KNIGHT-02", "That knight is already active.";
        KnightNotActive => "CK-KNIGHT-04", "Only an active knight can act.";
        KnightActedOrActivated => "CK-KNIGHT-04", "A knight activated this turn cannot act this turn.";
        KnightPromotedThisTurn => "CK-KNIGHT-03", "A knight can be promoted only once per turn.";
        KnightMaxStrength => "CK-KNIGHT-03", "That knight is already mighty.";
        FortressRequired => "CK-KNIGHT-03", "Mighty knights need the fortress (politics level 3).";
        KnightPathBlocked => "CK-KNIGHT-05", "The knight can only move along your connected roads to a free corner.";
        KnightNotStronger => "CK-KNIGHT-06", "Only a weaker enemy knight can be displaced.";
        RobberNotAdjacent => "CK-KNIGHT-07", "The robber is not on a hex next to that knight.";
        NoCity => "CK-IMPROVE-01", "City improvements need at least one city.";
        TrackComplete => "CK-IMPROVE-01", "That track is complete.";
        MetropolisCityRequired => "CK-METRO-03", "Level 4 or 5 needs a city that is not yet a metropolis.";
        InvalidTrade => "CK-TRADE-02", "Both sides must give something, and no good on both sides.";
        NoOpenOffer => "CK-TRADE-03", "There is no open offer for you to answer.";
        NoSuchCounterOffer => "CK-TRADE-05", "That player has no open counter-offer.";
        OfferLimitReached => "CK-TRADE-03", "You have made the maximum number of offers this turn.";
        PartnerCannotPay => "CK-TRADE-03", "The other side no longer holds those cards.";
        OfferNotBinding => "CK-TRADE-06", "The active player has acted since that offer was made: it no longer binds and cannot be accepted as it stands.";
        NoSuchProgressCard => "CK-PROG-03", "You hold no such progress card.";
        AlchemistOnlyBeforeRoll => "CK-PROG-04", "Only the alchemist may be played before the roll, and only then.";
        ProgressAfterRoll => "CK-PROG-04", "Progress cards other than the alchemist are played after the roll.";
        InvalidDice => "CK-PROG-05", "Dice show 1 to 6.";
        InvalidNumberSwap => "CK-PROG-05", "The inventor swaps two tokens other than 2, 6, 8 and 12.";
        NotAnOpenRoad => "CK-PROG-05", "The diplomat removes a road with a free end.";
        InvalidCardTarget => "CK-PROG-05", "That card cannot be played that way now.";
        NoMetropolisDue => "CK-METRO-01", "This improvement wins no metropolis, so no city can be named for one.";
        TooManyProgressCards => "CK-PROG-02", "Return progress cards down to 4 before ending your turn.";
        RoadBuildingIncomplete => "CK-PROG-05", "Road building places two legal roads, or one if no second fits.";
        DeckEmpty => "CK-PROG-01", "That progress deck is empty.";
        InvalidRetreat => "CK-KNIGHT-09", "A displaced knight retreats to a free corner its owner's roads lead to, passing no other seat's building or knight.";
        CommittedKnightInvalid => "CK-VAR-01", "Commit only your own active knights, each once.";
    }
    from HexViolation {
        InvalidSeatCount, InvalidPointsToWin, MapGenerationFailed, GameOver, NotYourTurn, WrongPhase,
        NoSuchSeat, NoSuchHex, NoSuchVertex, NoSuchEdge, VertexOccupied, DistanceRule, SettlementNotConnected,
        EdgeOccupied, RoadNotConnected, RoadNotAtNewBuilding, NotYourSettlement, NoPiecesLeft, CannotAfford,
        BankLacks, RobberMustMove, InvalidVictim, VictimRequired, RoadBuildingIncomplete,
    }
}

/// A building on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BuildingView {
    pub vertex: VertexId,
    pub seat: Seat,
    pub city: bool,
    pub wall: bool,
    /// The track whose metropolis stands on this city.
    pub metropolis: Option<Track>,
}

/// A knight on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnightView {
    pub vertex: VertexId,
    pub seat: Seat,
    /// 1 basic, 2 strong, 3 mighty.
    pub strength: u8,
    pub active: bool,
    /// Activated this turn: cannot act this turn.
    pub activated_this_turn: bool,
    pub promoted_this_turn: bool,
}

/// One seat as a viewer sees it. `None` fields are hidden from this viewer; counts are always public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub card_count: u8,
    /// Resources and commodities: for the seat itself, the omniscient viewer, and the master merchant's player
    /// while they choose.
    pub hand: Option<Hand>,
    pub progress_card_count: u8,
    /// Progress cards in hand: for the seat itself, the omniscient viewer, and a spy's player while they choose.
    pub progress_cards: Option<Vec<ProgressCard>>,
    /// Victory point progress cards (printer, constitution): public, revealed when drawn.
    pub victory_point_cards: Vec<ProgressCard>,
    pub defender_cards: u8,
    pub improvements: Improvements,
    pub settlements_left: u8,
    pub cities_left: u8,
    pub roads_left: u8,
    pub walls_left: u8,
    /// Knights not on the board, by strength: basic, strong, mighty.
    pub knights_left: [u8; 3],
    pub road_length: u8,
    /// Every point counts publicly in Cities & Knights.
    pub points: u8,
    /// Hand limit on a 7: 7 plus 2 per city wall.
    pub hand_limit: u8,
    /// This seat's open counter-offer to the active seat (offers are public).
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
    pub turn: u16,
    pub robber: HexId,
    /// Whether the robber may be moved (after the first barbarian attack).
    pub robber_in_play: bool,
    /// Barbarian ship position, 0 (start) to `BARBARIAN_TRACK_LEN` (attack).
    pub barbarians: u8,
    pub barbarian_attacks: u16,
    pub bank: Hand,
    /// Progress cards left per deck: trade, politics, science.
    pub progress_cards_left: [u8; 3],
    pub defender_cards_left: u8,
    pub last_roll: Option<Roll>,
    pub players: Vec<PlayerView>,
    pub buildings: Vec<BuildingView>,
    pub roads: Vec<RoadView>,
    pub knights: Vec<KnightView>,
    /// Metropolis holders: trade, politics, science.
    pub metropolises: [Option<Seat>; 3],
    pub merchant: Option<(Seat, HexId)>,
    pub longest_road: Option<Seat>,
    /// The active seat's open offer.
    pub offer: Option<TradeTerms>,
    pub obligations: Vec<Obligation>,
    /// The deserter's free knight the active seat may still place (strength).
    pub deserter_knight: Option<u8>,
    pub merchant_fleet: Option<Good>,
    pub winner: Option<Seat>,
}

/// An event as one viewer sees it: public events whole, and hidden cards `None` for viewers who may not see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EventView {
    /// Everyone may see every field of this event.
    Public(Event),
    /// `card` for the drawer, the omniscient viewer, and everyone for victory point cards.
    ProgressCardDrawn {
        seat: Seat,
        track: Track,
        card: Option<ProgressCard>,
    },
    /// `card` for the seat and the omniscient viewer.
    ProgressCardReturned {
        seat: Seat,
        card: Option<ProgressCard>,
    },
    /// `good` for thief, victim and the omniscient viewer.
    CardStolen {
        thief: Seat,
        victim: Seat,
        good: Option<Good>,
    },
    /// `cards` for both seats and the omniscient viewer.
    CardsTaken {
        seat: Seat,
        victim: Seat,
        cards: Option<Hand>,
    },
    /// `card` for both seats and the omniscient viewer.
    ProgressCardTaken {
        seat: Seat,
        victim: Seat,
        card: Option<ProgressCard>,
    },
}

//! The refusals the hex machine's checks produce, shared by every game on it.
//!
//! A game never reports these as they are: each game's violation table (see [`crate::violation`]) lists the
//! variant that stands for each of them, with the game's own rule ID and sentence, and converts with `From`. So
//! the checks are written once here while the wire keeps each game's names and rule IDs.

/// Why the hex machine refused a command or a configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexViolation {
    /// The configuration asks for a seat count outside the game's range.
    InvalidSeatCount,
    /// The configuration asks for a points target outside the game's range.
    InvalidPointsToWin,
    /// The random map could not be drawn within its attempts.
    MapGenerationFailed,
    /// The game has ended.
    GameOver,
    /// The seat is not the one that may act now.
    NotYourTurn,
    /// The command does not fit the current phase.
    WrongPhase,
    /// A seat number outside the table.
    NoSuchSeat,
    /// A hex id outside the board.
    NoSuchHex,
    /// A vertex id outside the board.
    NoSuchVertex,
    /// An edge id outside the board.
    NoSuchEdge,
    /// A piece already stands on the corner.
    VertexOccupied,
    /// A neighbouring corner holds a building.
    DistanceRule,
    /// A new settlement must touch one of the seat's roads.
    SettlementNotConnected,
    /// A piece already lies on the edge.
    EdgeOccupied,
    /// A new road must touch the seat's road or building, not through another seat's piece.
    RoadNotConnected,
    /// An opening road must touch the building just placed.
    RoadNotAtNewBuilding,
    /// A city replaces one of the seat's own settlements.
    NotYourSettlement,
    /// No piece of that kind left in the seat's supply.
    NoPiecesLeft,
    /// The seat cannot pay the cost.
    CannotAfford,
    /// The bank does not hold the cards asked for.
    BankLacks,
    /// The robber must move to another land hex.
    RobberMustMove,
    /// The victim must be an opponent with a building on the hex (one holding no card included).
    InvalidVictim,
    /// Some opponent on the hex holds a card, so a victim must be named.
    VictimRequired,
    /// Road building places two legal roads, or one when no second fits.
    RoadBuildingIncomplete,
}

//! Base Catan on the hex engine, as a Decider.
//!
//! The rules are those of the seed `003_fd662f163aa3be17.txt` (Danish) and, where it is silent, the official
//! CATAN 5th edition rules; `docs/rules/catan.md` lists every rule with its ID, source and tests. This module owns
//! the game's state machine and nothing about I/O. It is the hex machine ([`crate::hex`]) configured by [`RULES`]
//! (seats, points, pieces, costs, bank, map) plus what only the base game has: development cards, the largest
//! army, the starting roll and its maritime and domestic trade events. Board, map kinds and board views, the
//! shared checks and refusals, production, robber moves, harbor ratios and the longest road come from the machine;
//! it must not depend on any other game module.
//!
//! - [`types`]: the public, serialized data (config, setup, commands, events, violations, views).
//! - `decide`: checks a command and returns the events that follow.
//! - `evolve`: folds one event into the state.
//! - `legal`: `legal_actions` and `seats_to_act`.
//! - `view`: what each viewer may see.
//! - `random`: a random-but-sensible player for tests, bots and benchmarks ([`random_command`]).
//! - `redeal`: what a seat may not see, dealt again ([`crate::redeal::Redeal`]).

mod decide;
mod evolve;
mod legal;
mod random;
pub(crate) mod redeal;
mod timeout;
mod trade;
pub mod types;
mod view;

pub use random::random_command;
pub use types::*;

use crate::hex::{
    robber_start, standard_layout, Board, BoardRef, Costs, Dice, EdgePiece, HexId, HexRules,
    Negotiation, Pieces, Resources, VertexPiece,
};
use crate::{Game, GameRng, Outcome, Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Points needed to win (seed line 3).
pub const POINTS_TO_WIN: u8 = 10;
/// Offers plus counter-offers one seat may make per turn (BASE-TRADE-04), shared with Cities & Knights.
pub use crate::hex::OFFERS_PER_TURN_MAX;
/// Each resource's supply (seed: 19 of each).
pub const BANK_PER_RESOURCE: u8 = 19;

/// Road cost: 1 brick, 1 lumber.
pub const ROAD_COST: Resources = Resources::new(1, 1, 0, 0, 0);
/// Settlement cost: 1 brick, 1 lumber, 1 wool, 1 grain.
pub const SETTLEMENT_COST: Resources = Resources::new(1, 1, 1, 1, 0);
/// City cost: 2 grain, 3 ore.
pub const CITY_COST: Resources = Resources::new(0, 0, 0, 2, 3);
/// Development card cost: 1 wool, 1 grain, 1 ore.
pub const DEV_CARD_COST: Resources = Resources::new(0, 0, 1, 1, 1);

/// Base Catan as the hex machine's data: 3 or 4 seats (seed), 10 points (3..=20 as a house rule, BASE-END-03),
/// 5 settlements, 4 cities and 15 roads a seat, 19 cards of each resource, the 19-hex frame's two maps, the robber
/// in the desert.
pub const RULES: HexRules = HexRules {
    seats: (3, 4),
    points_to_win: POINTS_TO_WIN,
    points_range: (3, 20),
    pieces: Pieces {
        settlements: 5,
        cities: 4,
        roads: 15,
    },
    costs: Costs {
        road: ROAD_COST,
        settlement: SETTLEMENT_COST,
        city: CITY_COST,
    },
    bank_per_resource: BANK_PER_RESOURCE,
    hand_limit: 7,
    layout: standard_layout,
    robber_start,
};

/// Base Catan.
pub struct Catan;

/// One seat's private and public counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub(crate) hand: Resources,
    /// Development cards that may be played (bought before this turn), and victory point cards.
    pub(crate) dev: DevCards,
    /// Development cards bought this turn: not playable until the next turn.
    pub(crate) dev_new: DevCards,
    pub(crate) knights: u8,
    pub(crate) settlements_left: u8,
    pub(crate) cities_left: u8,
    pub(crate) roads_left: u8,
    pub(crate) road_length: u8,
    pub(crate) discard_owed: u8,
    /// Still taking part in the starting roll.
    pub(crate) start_pending: bool,
    pub(crate) start_roll: Option<u8>,
}

impl PlayerState {
    fn new(pieces: Pieces) -> Self {
        PlayerState {
            hand: Resources::ZERO,
            dev: DevCards::default(),
            dev_new: DevCards::default(),
            knights: 0,
            settlements_left: pieces.settlements,
            cities_left: pieces.cities,
            roads_left: pieces.roads,
            road_length: 0,
            discard_owed: 0,
            start_pending: true,
            start_roll: None,
        }
    }

    fn vp_cards(&self) -> u8 {
        self.dev.victory_point + self.dev_new.victory_point
    }
}

/// The whole game state. Compact: pieces are one byte per vertex and edge, players a short vector.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub(crate) board: BoardRef,
    pub(crate) seats: u8,
    #[serde(default = "types::default_points_to_win")]
    pub(crate) points_to_win: u8,
    pub(crate) phase: Phase,
    pub(crate) active: Seat,
    pub(crate) first: Seat,
    pub(crate) turn: u16,
    pub(crate) rolled: bool,
    pub(crate) dev_played: bool,
    pub(crate) robber: HexId,
    pub(crate) bank: Resources,
    pub(crate) deck: DevCards,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) vertices: Vec<VertexPiece>,
    pub(crate) edges: Vec<EdgePiece>,
    pub(crate) longest_road: Option<Seat>,
    pub(crate) largest_army: Option<Seat>,
    /// The domestic trade of this turn: offer, counter-offers, refusals, offers made.
    pub(crate) trade: Negotiation<Resources>,
    pub(crate) last_roll: Option<Dice>,
}

impl State {
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn active(&self) -> Seat {
        self.active
    }
    pub fn seats(&self) -> u8 {
        self.seats
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn bank(&self) -> Resources {
        self.bank
    }
    pub fn deck(&self) -> DevCards {
        self.deck
    }
    /// Turns since the first production turn.
    pub fn turn(&self) -> u16 {
        self.turn
    }
    /// A seat's hand (hidden information: for tests and trusted callers only).
    pub fn hand(&self, seat: Seat) -> Resources {
        self.players[seat.index()].hand
    }
    /// A seat's development cards in hand, playable plus bought this turn (hidden information).
    pub fn dev_cards(&self, seat: Seat) -> DevCards {
        let p = &self.players[seat.index()];
        p.dev.plus(p.dev_new)
    }
    pub fn knights_played(&self, seat: Seat) -> u8 {
        self.players[seat.index()].knights
    }

    /// The board and pieces as the hex machine reads them.
    pub(crate) fn table(&self) -> crate::hex::Table<'_> {
        crate::hex::Table {
            board: &self.board,
            vertices: &self.vertices,
            edges: &self.edges,
            seats: self.seats,
            robber: self.robber,
        }
    }

    pub(crate) fn seat_iter(&self) -> impl Iterator<Item = Seat> {
        (0..self.seats).map(Seat)
    }

    /// Points visible to all: buildings, longest road, largest army.
    pub fn public_points(&self, seat: Seat) -> u8 {
        let p = &self.players[seat.index()];
        let pieces = RULES.pieces;
        let mut pts =
            (pieces.settlements - p.settlements_left) + 2 * (pieces.cities - p.cities_left);
        if self.longest_road == Some(seat) {
            pts += 2;
        }
        if self.largest_army == Some(seat) {
            pts += 2;
        }
        pts
    }

    /// All points including hidden victory point cards.
    pub fn points(&self, seat: Seat) -> u8 {
        self.public_points(seat) + self.players[seat.index()].vp_cards()
    }

    /// The seat placing at placement step `index`: clockwise from the first seat, then back (snake order).
    pub(crate) fn placement_seat(&self, index: u8) -> Seat {
        crate::hex::snake_seat(self.first, self.seats, index)
    }

    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.seats)
    }
}

impl Game for Catan {
    const NAME: &'static str = "catan";
    type Config = Config;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Violation = Violation;
    type StateView = StateView;
    type EventView = EventView;

    fn setup(config: &Config, rng: &mut GameRng) -> Result<Setup, Violation> {
        let layout = RULES.setup(config.seats, config.points_to_win, config.map, rng)?;
        Ok(Setup {
            seats: config.seats,
            layout,
            points_to_win: config.points_to_win,
        })
    }

    /// The topology is built here once per game and shared by every later state through the `Arc` in
    /// [`BoardRef`]; `evolve` and `decide` never rebuild it.
    fn initial_state(setup: &Setup) -> State {
        // A setup comes from `setup` or from storage written by it; a malformed one is a programming error.
        let board = Board::new(setup.layout.clone()).expect("a setup's layout is a valid board");
        let robber = (RULES.robber_start)(&board);
        let (nv, ne) = (
            board.topology().vertex_count(),
            board.topology().edge_count(),
        );
        State {
            board: BoardRef(Arc::new(board)),
            seats: setup.seats,
            points_to_win: setup.points_to_win,
            phase: Phase::StartingRoll,
            active: Seat(0),
            first: Seat(0),
            turn: 0,
            rolled: false,
            dev_played: false,
            robber,
            bank: RULES.bank(),
            deck: DevCards::DECK,
            players: (0..setup.seats)
                .map(|_| PlayerState::new(RULES.pieces))
                .collect(),
            vertices: vec![VertexPiece::EMPTY; nv],
            edges: vec![EdgePiece::EMPTY; ne],
            longest_road: None,
            largest_army: None,
            trade: Negotiation::new(setup.seats),
            last_roll: None,
        }
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &Command,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, Violation> {
        decide::decide(state, actor, command, rng)
    }

    fn evolve(state: State, event: &Event) -> State {
        evolve::evolve(state, event)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Command> {
        legal::legal_actions(state, seat)
    }

    fn seats_to_act(state: &State) -> Vec<Seat> {
        legal::seats_to_act(state)
    }

    fn waiting_for(state: &State) -> Vec<Seat> {
        legal::waiting_for(state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        match state.phase {
            Phase::Ended { winner } => Some(Outcome { winner }),
            _ => None,
        }
    }

    fn view_state(state: &State, viewer: Viewer) -> StateView {
        view::view_state(state, viewer)
    }

    fn view_event(state: &State, event: &Event, viewer: Viewer) -> EventView {
        view::view_event(state, event, viewer)
    }
}

impl crate::playout::RandomPlayer for Catan {
    fn command_weight(command: &Command) -> u32 {
        random::command_weight(command)
    }

    const SEATS: (u8, u8) = RULES.seats;

    const COMMAND_LIMIT: u64 = 100_000;

    fn random_command(state: &State, seat: Seat, rng: &mut GameRng) -> Option<Command> {
        random_command(state, seat, rng)
    }

    fn random_config(seats: u8, beginner_map: bool) -> Config {
        Config {
            seats,
            map: MapKind::of_choice(beginner_map),
            points_to_win: POINTS_TO_WIN,
        }
    }

    fn turns(state: &State) -> u64 {
        state.turn().into()
    }
}

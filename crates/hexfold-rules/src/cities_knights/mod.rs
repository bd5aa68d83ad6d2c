//! Catan: Cities & Knights on the hex engine, as a Decider.
//!
//! The rules are those of the seed `000_2d8f7ffa8528fc19.txt` (Danish) and, where it is silent, the official
//! Cities & Knights rules; `docs/rules/cities_knights.md` lists every rule with its ID, source and tests.
//!
//! This module is the hex machine ([`crate::hex`]) configured by [`RULES`] plus a layer of its own, and copies
//! nothing of the machine: the board, map kinds, layouts and board views, dice faces, resource counts, the shared
//! checks and refusals, production (the machine's, with a yield hook that turns one of a city's cards into a
//! commodity) and its bank-shortage rule, the opening's snake order and starting resources, robber moves and
//! victims, harbor ratios, the building, road and road-building checks (with knights as extra blockers), the
//! longest road and its card, the victory threshold and the random player's choosing step all come from there.
//! What is new lives here: commodities, city walls, knights, city improvements, metropolises, progress cards, the
//! barbarians and the obligations that other seats must settle (discards, gifts, retreats). The layer's numbers
//! are data too ([`CkRules`]), carried by the state, so another scenario (Catania) can run the layer on its own
//! map, seat range, pieces and points through [`CitiesKnights::initial_state_with`]. It depends on no other game
//! module.
//!
//! The seams such a scenario uses: its rules as data (a [`CkRules`] value: seats, pieces, supplies, whether the
//! robber waits for the first attack); Seafarers' pieces on the board (`State::sea`: ships lie in the edge array,
//! landing places and the pirate there; when present, knights travel and routes count by the machine's Seafarers
//! rules, `hex::route_reach` and `hex::route_length`, and the pirate blocks its harbor); the largest army card of a
//! development deck played beside the layer (`State::largest_army`, counted in [`State::points`]); and
//! `decide::Host`, the context `decide`'s steps emit into, which a scenario implements to fold the events into its
//! own state, attach its own consequences and produce by its own table. Cities & Knights itself has no sea and no
//! largest army (neither enters its stored form), and its `decide` runs on its own context, so its behaviour and
//! speed are what they were.
//!
//! - [`types`]: the public, serialized data.
//! - `decide`: checks a command and returns the events that follow. It folds each event into a scratch copy of
//!   the state as it goes, so later steps of one command (the roll's barbarians, then gates, then production)
//!   see the effect of earlier ones without re-deriving them.
//! - `evolve`: folds one event into the state.
//! - `legal`: `legal_actions` and `seats_to_act`.
//! - `view`: what each viewer may see.
//! - `random`: a random-but-sensible player ([`random_command`]).
//! - `redeal`: what a seat may not see, dealt again ([`crate::redeal::Redeal`]).

mod cards;
pub(crate) mod decide;
pub(crate) mod evolve;
pub(crate) mod legal;
pub(crate) mod progress;
pub(crate) mod random;
mod redeal;
mod timeout;
mod trade;
pub mod types;
pub(crate) mod view;

pub use random::random_command;
pub use types::*;

use crate::hex::{
    robber_start, standard_layout, Board, BoardRef, Costs, EdgePiece, HexId, HexRules, Negotiation,
    Pieces, Resources, Sea, Terrain, VertexId, VertexPiece,
};
use crate::{Game, GameRng, Outcome, Seat, Viewer};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Points needed to win (seed: "Den spiller, der først får 13 sejrspoint har vundet").
pub const POINTS_TO_WIN: u8 = 13;
/// Each resource's supply, as in the base game.
pub const BANK_PER_RESOURCE: u8 = 19;
/// Each commodity's supply (official: 12 cards of each commodity).
pub const BANK_PER_COMMODITY: u8 = 12;
/// Moves of the barbarian ship from the start to the attack space (official board: 7 steps).
pub const BARBARIAN_TRACK_LEN: u8 = 7;
/// "Defender of Catan" point cards in the box (official: 6).
pub const DEFENDER_CARDS: u8 = 6;
/// Progress cards a seat may hold, victory point cards excluded (seed).
pub const PROGRESS_HAND_MAX: usize = 4;
/// City walls per seat (seed: 3).
pub const WALLS_PER_SEAT: u8 = 3;
/// Offers plus counter-offers one seat may make per turn (CK-TRADE-03), as in base Catan.
pub use crate::hex::OFFERS_PER_TURN_MAX;

pub const ROAD_COST: Resources = Resources::new(1, 1, 0, 0, 0);
pub const SETTLEMENT_COST: Resources = Resources::new(1, 1, 1, 1, 0);
pub const CITY_COST: Resources = Resources::new(0, 0, 0, 2, 3);
/// Medicine: a city for 2 ore and 1 grain.
pub const MEDICINE_CITY_COST: Resources = Resources::new(0, 0, 0, 1, 2);
/// City wall: 2 brick.
pub const WALL_COST: Resources = Resources::new(2, 0, 0, 0, 0);
/// Building or promoting a knight: 1 wool, 1 ore.
pub const KNIGHT_COST: Resources = Resources::new(0, 0, 1, 0, 1);
/// Activating a knight: 1 grain.
pub const ACTIVATE_COST: Resources = Resources::new(0, 0, 0, 1, 0);

/// Cities & Knights' layer as data: the hex machine's rules and the numbers of the pieces and decks only this
/// layer has. A scenario reusing the layer writes its own value.
#[derive(Clone, Copy, Debug)]
pub struct CkRules {
    /// Which scenario these are, for people reading a state's debug form.
    pub name: &'static str,
    pub hex: HexRules,
    /// Cards of each commodity in the bank at the start.
    pub bank_per_commodity: u8,
    pub walls_per_seat: u8,
    /// Knights of each strength (basic, strong, mighty) in each seat's supply.
    pub knights_per_strength: [u8; 3],
    /// Moves of the barbarian ship from the start to the attack space.
    pub barbarian_track_len: u8,
    pub defender_cards: u8,
    /// Progress cards a seat may hold, victory point cards excluded.
    pub progress_hand_max: usize,
    pub wall_cost: Resources,
    /// Building or promoting a knight.
    pub knight_cost: Resources,
    pub activate_cost: Resources,
    /// Whether the robber moves from the first 7 on; Cities & Knights keeps it in the desert until the first
    /// barbarian attack (CK-ROBBER-01).
    pub robber_from_start: bool,
}

/// Cities & Knights as printed: 3 or 4 seats, 13 points (5..=25 as a house rule, CK-END-02), base Catan's pieces,
/// costs, bank and maps, the robber in the desert; 12 of each commodity, 3 walls, two knights of each strength, a
/// barbarian track of 7, 6 defender cards, 4 progress cards in hand.
pub const RULES: CkRules = CkRules {
    name: "cities-knights",
    hex: HexRules {
        seats: (3, 4),
        points_to_win: POINTS_TO_WIN,
        points_range: (5, 25),
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
    },
    bank_per_commodity: BANK_PER_COMMODITY,
    walls_per_seat: WALLS_PER_SEAT,
    knights_per_strength: [2, 2, 2],
    barbarian_track_len: BARBARIAN_TRACK_LEN,
    defender_cards: DEFENDER_CARDS,
    progress_hand_max: PROGRESS_HAND_MAX,
    wall_cost: WALL_COST,
    knight_cost: KNIGHT_COST,
    activate_cost: ACTIVATE_COST,
    robber_from_start: false,
};

/// The layer's rules a state runs under. Not stored: a state decoded from storage runs under [`RULES`], and a
/// scenario with rules of its own puts them back with [`State::with_rules`]. Two states compare equal only under
/// the same rules value.
#[derive(Clone, Copy)]
pub(crate) struct Rules(&'static CkRules);

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules(&RULES)
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

/// Cities & Knights.
pub struct CitiesKnights;

impl CitiesKnights {
    /// The state at event index 0 of a game of this layer under `rules`: for scenarios that run the layer with
    /// their own numbers (the layout is the setup's, so any map works).
    pub fn initial_state_with(setup: &Setup, rules: &'static CkRules) -> State {
        // A setup comes from `setup` or from storage written by it; a malformed one is a programming error.
        let board = Board::new(setup.layout.clone()).expect("a setup's layout is a valid board");
        Self::initial_state_on(setup, rules, BoardRef(Arc::new(board)))
    }

    /// [`CitiesKnights::initial_state_with`] on `board`, already built from `setup`'s layout (a scenario's one
    /// map, built once).
    pub fn initial_state_on(setup: &Setup, rules: &'static CkRules, board: BoardRef) -> State {
        let desert = (rules.hex.robber_start)(&board);
        let (nv, ne) = (
            board.topology().vertex_count(),
            board.topology().edge_count(),
        );
        let first = Seat(setup.first.0 % setup.seats.max(1));
        State {
            rules: Rules(rules),
            board,
            seats: setup.seats,
            first,
            negotiated: setup.negotiated_defence,
            points_to_win: setup.points_to_win,
            phase: Phase::PlaceBuilding { index: 0 },
            active: first,
            turn: 0,
            robber: desert,
            desert,
            barbarians: 0,
            attacks: 0,
            bank: Hand {
                resources: rules.hex.bank(),
                commodities: Commodities {
                    coin: rules.bank_per_commodity,
                    paper: rules.bank_per_commodity,
                    cloth: rules.bank_per_commodity,
                },
            },
            decks: Track::ALL.map(full_deck),
            bottoms: Default::default(),
            defender_left: rules.defender_cards,
            players: (0..setup.seats).map(|_| PlayerState::new(rules)).collect(),
            vertices: vec![VertexPiece::EMPTY; nv],
            edges: vec![EdgePiece::EMPTY; ne],
            knights: vec![None; nv],
            walls: vec![false; nv],
            metropolis: [None; 3],
            merchant: None,
            longest_road: None,
            trade: Negotiation::new(setup.seats),
            pending: Vec::new(),
            roll: None,
            last_roll: None,
            deserter_knight: None,
            merchant_fleet: None,
            sea: None,
            largest_army: None,
        }
    }
}

/// A knight on a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knight {
    pub(crate) seat: Seat,
    /// 1 basic, 2 strong, 3 mighty.
    pub(crate) strength: u8,
    pub(crate) active: bool,
    /// Activated (or placed active) this turn: may not act this turn (seed).
    pub(crate) fresh: bool,
    pub(crate) promoted: bool,
    /// Negotiated defence: declared as a defender of the current attack.
    pub(crate) committed: bool,
}

/// One seat's counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub(crate) hand: Hand,
    /// Progress cards in hand (hidden), at most a handful.
    pub(crate) progress: Vec<ProgressCard>,
    /// Revealed victory point progress cards (public).
    pub(crate) vp_cards: Vec<ProgressCard>,
    pub(crate) defender: u8,
    pub(crate) improvements: Improvements,
    pub(crate) roads_left: u8,
    pub(crate) walls_left: u8,
    /// Knights off the board by strength (index 0 basic).
    pub(crate) knights_left: [u8; 3],
    pub(crate) road_length: u8,
}

impl PlayerState {
    fn new(rules: &CkRules) -> Self {
        PlayerState {
            hand: Hand::default(),
            progress: Vec::new(),
            vp_cards: Vec::new(),
            defender: 0,
            improvements: Improvements::default(),
            roads_left: rules.hex.pieces.roads,
            walls_left: rules.walls_per_seat,
            knights_left: rules.knights_per_strength,
            road_length: 0,
        }
    }
}

/// A roll being resolved: the barbarians first, then gates and production.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingRoll {
    pub(crate) roll: Roll,
    /// The ship reached Catan and the attack has not been resolved yet.
    pub(crate) attack_due: bool,
    /// Negotiated defence: the seats have been asked to declare their defenders.
    pub(crate) defence_called: bool,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    #[serde(skip)]
    pub(crate) rules: Rules,
    pub(crate) board: BoardRef,
    pub(crate) seats: u8,
    pub(crate) first: Seat,
    pub(crate) negotiated: bool,
    #[serde(default = "types::default_points_to_win")]
    pub(crate) points_to_win: u8,
    pub(crate) phase: Phase,
    pub(crate) active: Seat,
    pub(crate) turn: u16,
    pub(crate) robber: HexId,
    pub(crate) desert: HexId,
    pub(crate) barbarians: u8,
    pub(crate) attacks: u16,
    pub(crate) bank: Hand,
    /// Per track (trade, politics, science): the shuffled part of the deck, as an unordered multiset; a draw takes
    /// a uniformly random card of it, which is the same as taking the top of a shuffled pile.
    pub(crate) decks: [Vec<ProgressCard>; 3],
    /// Per track: cards put back under the deck, in order; drawn once the shuffled part is empty.
    pub(crate) bottoms: [Vec<ProgressCard>; 3],
    pub(crate) defender_left: u8,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) vertices: Vec<VertexPiece>,
    pub(crate) edges: Vec<EdgePiece>,
    pub(crate) knights: Vec<Option<Knight>>,
    pub(crate) walls: Vec<bool>,
    pub(crate) metropolis: [Option<(Seat, VertexId)>; 3],
    pub(crate) merchant: Option<(Seat, HexId)>,
    pub(crate) longest_road: Option<Seat>,
    /// The domestic trade of this turn: offer, counter-offers, refusals, offers made.
    pub(crate) trade: Negotiation<Hand>,
    pub(crate) pending: Vec<Obligation>,
    pub(crate) roll: Option<PendingRoll>,
    pub(crate) last_roll: Option<Roll>,
    pub(crate) deserter_knight: Option<u8>,
    pub(crate) merchant_fleet: Option<Good>,
    /// Seafarers' pieces besides ships, for a scenario that sails (Catania); Cities & Knights has none, and its
    /// stored form never carries the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) sea: Option<Sea>,
    /// The largest army card, for a scenario that plays development cards beside the layer (Catania); never held
    /// in Cities & Knights, whose stored form never carries the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) largest_army: Option<Seat>,
}

impl State {
    /// The rules this game runs under.
    pub fn rules(&self) -> &'static CkRules {
        self.rules.0
    }
    /// This state under `rules`: for a scenario that runs the layer with rules of its own, after decoding one of
    /// its stored states (which run under [`RULES`] until then).
    pub fn with_rules(self, rules: &'static CkRules) -> State {
        State {
            rules: Rules(rules),
            ..self
        }
    }
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
    pub fn bank(&self) -> Hand {
        self.bank
    }
    pub fn turn(&self) -> u16 {
        self.turn
    }
    pub fn robber(&self) -> HexId {
        self.robber
    }
    pub fn barbarians(&self) -> u8 {
        self.barbarians
    }
    pub fn barbarian_attacks(&self) -> u16 {
        self.attacks
    }
    /// Whether a 7 or the bishop moves the robber: after the first barbarian attack, or from the start under rules
    /// that say so.
    pub fn robber_in_play(&self) -> bool {
        self.rules().robber_from_start || self.attacks > 0
    }
    /// Seafarers' pieces on the board, if the game sails.
    pub fn sea(&self) -> Option<&Sea> {
        self.sea.as_ref()
    }
    pub fn largest_army(&self) -> Option<Seat> {
        self.largest_army
    }
    pub fn obligations(&self) -> &[Obligation] {
        &self.pending
    }
    /// A seat's resources and commodities (hidden information: tests and trusted callers only).
    pub fn hand(&self, seat: Seat) -> Hand {
        self.players[seat.index()].hand
    }
    /// A seat's progress cards in hand (hidden information).
    pub fn progress_cards(&self, seat: Seat) -> &[ProgressCard] {
        &self.players[seat.index()].progress
    }
    pub fn victory_point_cards(&self, seat: Seat) -> &[ProgressCard] {
        &self.players[seat.index()].vp_cards
    }
    pub fn improvements(&self, seat: Seat) -> Improvements {
        self.players[seat.index()].improvements
    }
    pub fn defender_cards(&self, seat: Seat) -> u8 {
        self.players[seat.index()].defender
    }
    /// Every progress card not in a hand or revealed: shuffled part plus the ones under it, per track.
    pub fn deck_cards(&self, track: Track) -> Vec<ProgressCard> {
        let mut v = self.decks[track.index()].clone();
        v.extend_from_slice(&self.bottoms[track.index()]);
        v
    }
    pub fn knight_at(&self, v: VertexId) -> Option<(Seat, u8, bool)> {
        self.knights[v.index()].map(|k| (k.seat, k.strength, k.active))
    }
    pub fn metropolis(&self, track: Track) -> Option<(Seat, VertexId)> {
        self.metropolis[track.index()]
    }
    pub fn vertices(&self) -> &[VertexPiece] {
        &self.vertices
    }
    pub fn edges(&self) -> &[EdgePiece] {
        &self.edges
    }
    pub fn wall_at(&self, v: VertexId) -> bool {
        self.walls[v.index()]
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

    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.seats)
    }

    /// Seats clockwise starting with `seat`.
    pub(crate) fn clockwise_from(&self, seat: Seat) -> impl Iterator<Item = Seat> {
        let n = self.seats;
        (0..n).map(move |k| Seat((seat.0 + k) % n))
    }

    /// The seat placing at setup step `index`: clockwise from the first seat, then back (snake order).
    pub(crate) fn placement_seat(&self, index: u8) -> Seat {
        crate::hex::snake_seat(self.first, self.seats, index)
    }

    /// Cities of `seat` (metropolises included).
    pub(crate) fn cities_of(&self, seat: Seat) -> impl Iterator<Item = VertexId> + '_ {
        self.board.topology().vertices().filter(move |v| {
            let p = self.vertices[v.index()];
            p.is_city() && p.owner() == Some(seat)
        })
    }

    pub(crate) fn is_metropolis(&self, v: VertexId) -> bool {
        self.metropolis.iter().flatten().any(|&(_, m)| m == v)
    }

    pub(crate) fn metropolis_count(&self, seat: Seat) -> u8 {
        self.metropolis
            .iter()
            .flatten()
            .filter(|&&(s, _)| s == seat)
            .count() as u8
    }

    /// Every point is public in Cities & Knights: buildings, metropolises, defender cards, victory point
    /// progress cards, the merchant and the longest road (and the largest army where a scenario has one).
    pub fn points(&self, seat: Seat) -> u8 {
        let p = &self.players[seat.index()];
        let (settlements, cities) = self.buildings_of(seat);
        let mut pts = settlements + 2 * cities;
        pts += 2 * self.metropolis_count(seat);
        pts += p.defender + p.vp_cards.len() as u8;
        if matches!(self.merchant, Some((s, _)) if s == seat) {
            pts += 1;
        }
        if self.longest_road == Some(seat) {
            pts += 2;
        }
        if self.largest_army == Some(seat) {
            pts += 2;
        }
        pts
    }

    /// Settlements and cities of `seat` on the board. Piece supplies are derived from these rather than stored:
    /// a city pillaged when its owner has no settlement piece left still becomes a settlement (official FAQ: turn
    /// the city on its side), so the board may briefly hold six settlements of one seat.
    pub(crate) fn buildings_of(&self, seat: Seat) -> (u8, u8) {
        let (mut s, mut c) = (0, 0);
        for p in &self.vertices {
            if p.owner() == Some(seat) {
                if p.is_city() {
                    c += 1;
                } else {
                    s += 1;
                }
            }
        }
        (s, c)
    }

    pub(crate) fn settlements_left(&self, seat: Seat) -> u8 {
        self.rules()
            .hex
            .pieces
            .settlements
            .saturating_sub(self.buildings_of(seat).0)
    }

    pub(crate) fn cities_left(&self, seat: Seat) -> u8 {
        self.rules()
            .hex
            .pieces
            .cities
            .saturating_sub(self.buildings_of(seat).1)
    }

    pub(crate) fn hand_limit(&self, seat: Seat) -> u8 {
        let walls = self.rules().walls_per_seat;
        self.rules().hex.hand_limit + 2 * (walls - self.players[seat.index()].walls_left.min(walls))
    }

    /// The vertex pieces as the road rules see them for `seat`: another seat's knight cuts roads exactly like
    /// another seat's building (seed: "En ridder kapper en vej over"), so those knights are written in as
    /// settlements of their owner. Knights stand only on corners without a building, so nothing is overwritten.
    pub(crate) fn road_blockers(&self, seat: Seat) -> Vec<VertexPiece> {
        let mut v = self.vertices.clone();
        for (i, k) in self.knights.iter().enumerate() {
            if let Some(k) = k {
                if k.seat != seat {
                    v[i] = VertexPiece::settlement(k.seat);
                }
            }
        }
        v
    }
}

/// The official progress decks (18 cards each).
pub fn full_deck(track: Track) -> Vec<ProgressCard> {
    use ProgressCard::*;
    let counts: &[(ProgressCard, u8)] = match track {
        Track::Science => &[
            (Alchemist, 2),
            (Crane, 2),
            (Engineer, 1),
            (Inventor, 2),
            (Irrigation, 2),
            (Medicine, 2),
            (Mining, 2),
            (Printer, 1),
            (RoadBuilding, 2),
            (Smith, 2),
        ],
        Track::Trade => &[
            (CommercialHarbor, 2),
            (MasterMerchant, 2),
            (Merchant, 6),
            (MerchantFleet, 2),
            (ResourceMonopoly, 4),
            (TradeMonopoly, 2),
        ],
        Track::Politics => &[
            (Bishop, 2),
            (Constitution, 1),
            (Deserter, 2),
            (Diplomat, 2),
            (Intrigue, 2),
            (Saboteur, 2),
            (Spy, 3),
            (Warlord, 2),
            (Wedding, 2),
        ],
    };
    counts
        .iter()
        .flat_map(|&(c, n)| std::iter::repeat_n(c, usize::from(n)))
        .collect()
}

impl Game for CitiesKnights {
    const NAME: &'static str = "cities_knights";
    type Config = Config;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;
    type Violation = Violation;
    type StateView = StateView;
    type EventView = EventView;

    fn setup(config: &Config, rng: &mut GameRng) -> Result<Setup, Violation> {
        let layout = RULES
            .hex
            .setup(config.seats, config.points_to_win, config.map, rng)?;
        Ok(Setup {
            seats: config.seats,
            layout,
            first: Seat(rng.gen_range(0..config.seats)),
            negotiated_defence: config.negotiated_defence,
            points_to_win: config.points_to_win,
        })
    }

    fn initial_state(setup: &Setup) -> State {
        CitiesKnights::initial_state_with(setup, &RULES)
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

impl crate::playout::RandomPlayer for CitiesKnights {
    fn command_weight(command: &Command) -> u32 {
        random::command_weight(command)
    }

    const SEATS: (u8, u8) = RULES.hex.seats;

    const COMMAND_LIMIT: u64 = 100_000;

    fn random_command(state: &State, seat: Seat, rng: &mut GameRng) -> Option<Command> {
        random_command(state, seat, rng)
    }

    fn random_config(seats: u8, beginner_map: bool) -> Config {
        Config {
            seats,
            map: crate::hex::MapKind::of_choice(beginner_map),
            negotiated_defence: false,
            points_to_win: POINTS_TO_WIN,
        }
    }

    fn turns(state: &State) -> u64 {
        state.turn().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::beginner_layout;
    use crate::playout::{Playout, Stop};
    use rand::SeedableRng;

    /// The layer under rules of another scenario: five seats, fewer pieces and walls, a longer barbarian track.
    static FIVE: CkRules = CkRules {
        name: "five seats",
        hex: HexRules {
            seats: (3, 6),
            pieces: Pieces {
                settlements: 4,
                cities: 3,
                roads: 14,
            },
            ..RULES.hex
        },
        walls_per_seat: 2,
        knights_per_strength: [3, 2, 1],
        barbarian_track_len: 9,
        ..RULES
    };

    fn five_seats() -> Setup {
        Setup {
            seats: 5,
            layout: beginner_layout(),
            first: Seat(4),
            negotiated_defence: false,
            points_to_win: 8,
        }
    }

    #[test]
    fn a_scenario_runs_the_layer_under_its_own_rules() {
        let state = CitiesKnights::initial_state_with(&five_seats(), &FIVE);
        assert_eq!(state.rules().name, "five seats");
        assert_eq!(state.players.len(), 5);
        for seat in state.seat_iter() {
            let p = &state.players[seat.index()];
            assert_eq!((p.roads_left, p.walls_left), (14, 2));
            assert_eq!(p.knights_left, [3, 2, 1]);
            assert_eq!(state.settlements_left(seat), 4);
            assert_eq!(state.cities_left(seat), 3);
            assert_eq!(state.hand_limit(seat), 7);
        }
        // The rules are not stored: a decoded state runs under the classic rules until the scenario puts its own
        // back.
        let json = serde_json::to_string(&state).unwrap();
        let decoded: State = serde_json::from_str(&json).unwrap();
        assert_eq!(decoded.rules().name, RULES.name);
        assert_ne!(decoded, state);
        assert_eq!(decoded.with_rules(&FIVE), state);
    }

    #[test]
    fn five_seats_play_the_layer_to_the_end() {
        for seed in 0..3 {
            let state = CitiesKnights::initial_state_with(&five_seats(), &FIVE);
            let mut playout =
                Playout::<CitiesKnights>::from_state(state, GameRng::seed_from_u64(seed))
                    .command_limit(30_000);
            let stop = playout.run(|_| {});
            let state = playout.state();
            assert!(matches!(stop, Stop::Ended(_)), "seed {seed}: {stop:?}");
            let winner = CitiesKnights::outcome(state).unwrap().winner;
            assert!(state.points(winner) >= 8);
            // Cities only come from the supply (settlements may briefly exceed theirs, see `buildings_of`).
            for seat in state.seat_iter() {
                assert!(
                    state.buildings_of(seat).1 <= 3,
                    "seat {seat:?} over its cities"
                );
            }
        }
    }
}

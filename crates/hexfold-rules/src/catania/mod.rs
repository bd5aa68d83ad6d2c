//! Catania, a fan scenario for 3 to 6 players (seed `002_a47bcc0041ee787a.txt`, German): Seafarers and Cities &
//! Knights with base Catan's development cards, on a 195-hex world; part 1 of its rules and, of part 2, the roll in
//! the seed's order with the natural forces (iceberg, hurricane, storm cloud) wandering over the map read as a
//! torus and the repairs their damage makes due, the doubles' avalanches and eruptions, the 7-hexes' yields, the
//! specialists, the conquest points, the trading stations, the temple, the barbarian castle and the wonders
//! (`docs/rules/catania.md` lists every rule with its ID, source and tests).
//!
//! Catania is configuration plus modules of its own, not a copy of a game module. Its [`State`] holds a Cities &
//! Knights state run under Catania's [`RULES`] (a `CkRules`: 3-6 seats, the seed's pieces, the 5-6 player
//! supplies, the robber in play from the first 7), with Seafarers' pieces on its board, beside what only Catania
//! has: ships in supply, landing places, development cards, the largest army, gold owed, the chip bag, the
//! hurricane and the storm cloud (the iceberg sails in the layer's sea, where it blocks harbors), the repairs owed,
//! and whether the trade phase is over. Its commands and events are the layer's ([`Command::Ck`], [`Event::Ck`])
//! plus its own. `decide` decides a layer command by the layer's own code (`cities_knights::decide::command_events`,
//! through a context that folds each event into Catania's state and attaches Catania's consequences) unless
//! Catania rules it differently, and runs the layer's roll (barbarians, gates, the 7) with Catania's forces and
//! production; the Seafarers mechanics (ship sides, routes, open lines, the pirate, islands, the chip bag) are the
//! hex machine's (`hex::sea`), and so is the torus the forces move on (`hex::Torus`). This module depends on the
//! Cities & Knights layer and on base Catan's development card types; no other game depends on it.
//!
//! A decoded state runs under Catania's rules again at once: its layer state is read back through
//! `State::with_rules`.
//!
//! - [`map`]: the map as one table.
//! - [`types`]: the public, serialized data.
//! - `decide`, `evolve`, `legal`, `view`: as in the other games. `random`: the random player ([`random_command`]).
//! - `station`, `temple`, `castle`: the trading stations', the temple's and the barbarian castle's rules, which
//!   `decide` and `legal` call.
//! - [`wonder`]: the five wonders, their conditions, levels and points.

mod castle;
mod decide;
mod evolve;
mod legal;
pub mod map;
mod random;
mod redeal;
mod station;
mod temple;
mod timeout;
pub mod types;
mod view;
pub mod wonder;

pub use map::Force;
pub use random::random_command;
pub use types::*;

use crate::catan::{DevCard, DevCards};
use crate::cities_knights::{self as ck, CitiesKnights, CkRules};
use crate::hex::{
    islands, Board, ChipBag, Costs, HexId, HexRules, Layout, MapKind, Pieces, Resource, Resources,
    Sea, Terrain,
};
use crate::{Game, GameRng, Outcome, Seat, Viewer};
use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize};

/// Points needed to win (seed line 177: "mind. 20 Siegpunkte").
pub const POINTS_TO_WIN: u8 = 20;
/// A ship: 1 lumber, 1 wool (official Seafarers).
pub const SHIP_COST: Resources = Resources::new(0, 1, 1, 0, 0);
/// A landing place: 1 brick, 1 lumber, 1 ore (seed line 121).
pub const LANDING_COST: Resources = Resources::new(1, 1, 0, 0, 1);
/// A development card: 1 ore, 1 wool, 1 grain (seed line 119).
pub const DEV_CARD_COST: Resources = Resources::new(0, 0, 1, 1, 1);
/// Ships per seat (seed line 6).
pub const SHIPS_PER_SEAT: u8 = 30;
/// Landing places per seat: the seed gives no number; five bound them (spec decision D-17).
pub const LANDINGS_PER_SEAT: u8 = 5;
/// The development deck for 3-4 seats (base Catan) and for 5-6 (the 5-6 player extension adds 6 knights and one
/// of each progress card): spec decision D-08.
pub const DEV_DECK_SMALL: DevCards = DevCards::DECK;
pub const DEV_DECK_LARGE: DevCards = DevCards {
    knight: 20,
    victory_point: 5,
    road_building: 3,
    year_of_plenty: 3,
    monopoly: 3,
};
/// Knight cards played that first take the largest army (seed line 172).
pub const LARGEST_ARMY_MIN: u8 = 3;

/// The chips of the 5-6 player set: 2 and 12 twice, 3-6 and 8-11 three times (28 chips).
const FIVE_SIX_SET: [u8; 13] = [0, 0, 2, 3, 3, 3, 3, 0, 3, 3, 3, 3, 2];

/// The bag the islands draw from: two 5-6 player sets (spec decision D-16; the seed names no set).
pub fn chip_bag() -> ChipBag {
    ChipBag::new(FIVE_SIX_SET.map(|n| 2 * n))
}

/// Catania's layer rules: 3 to 6 seats, 20 points, the seed's pieces (8 cities, 9 settlements, 21 roads, 3 walls,
/// 6 knights: two of each strength), 24 cards of each resource and 18 of each commodity and 8 defender cards for
/// up to six seats (spec D-17), the fixed map, the robber on Catan's desert and in play from the first 7 (D-31).
/// A static, not a constant: states compare their rules by address.
pub static RULES: CkRules = CkRules {
    name: "catania",
    hex: HexRules {
        seats: (3, 6),
        points_to_win: POINTS_TO_WIN,
        points_range: (5, 25),
        pieces: Pieces {
            settlements: 9,
            cities: 8,
            roads: 21,
        },
        costs: Costs {
            road: ck::ROAD_COST,
            settlement: ck::SETTLEMENT_COST,
            city: ck::CITY_COST,
        },
        bank_per_resource: 24,
        hand_limit: 7,
        layout: the_map,
        robber_start: catan_desert,
    },
    bank_per_commodity: 18,
    walls_per_seat: 3,
    knights_per_strength: [2, 2, 2],
    barbarian_track_len: ck::BARBARIAN_TRACK_LEN,
    defender_cards: 8,
    progress_hand_max: ck::PROGRESS_HAND_MAX,
    wall_cost: ck::WALL_COST,
    knight_cost: ck::KNIGHT_COST,
    activate_cost: ck::ACTIVATE_COST,
    robber_from_start: true,
};

/// One map whatever the kind asked for.
fn the_map(_: MapKind, _: &mut GameRng) -> Option<Layout> {
    map::board().map(|b| b.layout().clone())
}

/// Catan, the main island, among the islands `labels` names (as [`islands`] gives them): the largest.
pub fn catan_island(labels: &[Option<u8>]) -> Option<u8> {
    let mut size = [0u16; 256];
    for &l in labels.iter().flatten() {
        size[usize::from(l)] += 1;
    }
    (0..=u8::MAX)
        .filter(|&i| size[usize::from(i)] > 0)
        .max_by_key(|&i| size[usize::from(i)])
}

/// Where the robber starts: Catan's desert (seed section 2), else the machine's first desert.
pub fn catan_desert(board: &Board) -> HexId {
    let labels = islands(board);
    let catan = catan_island(&labels);
    board
        .topology()
        .hexes()
        .find(|&h| board.terrain(h) == Terrain::Desert && labels[h.index()] == catan)
        .unwrap_or_else(|| crate::hex::robber_start(board))
}

/// What only Catania keeps of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sailor {
    pub(crate) ships_left: u8,
    pub(crate) landings_left: u8,
    /// Playable development cards (hidden).
    pub(crate) dev: DevCards,
    /// Bought this turn: playable from the next (hidden).
    pub(crate) dev_new: DevCards,
    pub(crate) knights_played: u8,
}

impl Sailor {
    fn new() -> Self {
        Sailor {
            ships_left: SHIPS_PER_SEAT,
            landings_left: LANDINGS_PER_SEAT,
            dev: DevCards::default(),
            dev_new: DevCards::default(),
            knights_played: 0,
        }
    }

    /// Victory point cards, hidden until the game ends (base Catan), counted as soon as bought.
    pub(crate) fn hidden_points(&self) -> u8 {
        self.dev.victory_point + self.dev_new.victory_point
    }
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The Cities & Knights layer with Catania's board, pieces (ships among the edges, landing places and the
    /// pirate in its sea) and the largest army.
    #[serde(deserialize_with = "layer_under_catania")]
    pub(crate) ck: ck::State,
    pub(crate) sailors: Vec<Sailor>,
    /// The development deck: an unordered multiset, drawn from uniformly.
    pub(crate) deck: DevCards,
    /// Whether the active seat played a development card this turn.
    pub(crate) dev_played: bool,
    /// Whether the active seat built or bought this turn, which ends its trade phase.
    pub(crate) building: bool,
    /// Gold owed, in the order it is chosen.
    pub(crate) gold: Vec<ck::SeatCount>,
    pub(crate) bag: ChipBag,
    /// The hurricane's and the storm cloud's hexes (the iceberg sails in `ck.sea`, where it blocks harbors as the
    /// pirate does). `None` in a state stored before the forces moved (part 1), which plays on without them.
    #[serde(default)]
    pub(crate) hurricane: Option<HexId>,
    #[serde(default)]
    pub(crate) cloud: Option<HexId>,
    /// Roads and ships the forces destroyed, still to be rebuilt by their owners first (spec D-21).
    #[serde(default)]
    pub(crate) repairs: Vec<Repair>,
    /// Buildings at a glacier's foot an avalanche laid on their side, in the order tilted (seed line 85).
    #[serde(default)]
    pub(crate) tilted: Vec<Tilt>,
    /// Each resource's specialist card (in `Resource::ALL` order): its holder, `None` in the bank (seed line 102).
    #[serde(default)]
    pub(crate) specialists: [Option<Seat>; 5],
    /// The islands conquered, each by its first settlement (seed line 152).
    #[serde(default)]
    pub(crate) conquests: Vec<Conquest>,
    /// Station buildings that must still exchange on this 7, in order (seed lines 78-82).
    #[serde(default)]
    pub(crate) posts_due: Vec<Post>,
    /// Station buildings the guild warned (seed line 80).
    #[serde(default)]
    pub(crate) warned: Vec<Post>,
    /// What the temple asks now, in order (seed lines 95-96).
    #[serde(default)]
    pub(crate) temple_due: Vec<TempleDue>,
    /// Tributes not paid: `TempleDue::Debt`s, called when their debtors hold two resources.
    #[serde(default)]
    pub(crate) debts: Vec<TempleDue>,
    /// The barbarian castle's face-down pile (seed lines 31, 91), drawn from uniformly.
    #[serde(default)]
    pub(crate) castle: Vec<PileCard>,
    /// Seats that owe the castle a card now, settled in any order (seed line 31).
    #[serde(default)]
    pub(crate) castle_due: Vec<Seat>,
    /// Seats that owe the castle a card from their next yield, once for each time listed.
    #[serde(default)]
    pub(crate) castle_debts: Vec<Seat>,
    /// The wonders started, in the order started (seed lines 149-150).
    #[serde(default)]
    pub(crate) wonders: Vec<WonderBuild>,
}

/// A stored layer state runs under Cities & Knights' rules until told otherwise: put Catania's back.
fn layer_under_catania<'de, D: Deserializer<'de>>(d: D) -> Result<ck::State, D::Error> {
    ck::State::deserialize(d).map(|s| s.with_rules(&RULES))
}

impl State {
    /// The Cities & Knights layer's state.
    pub fn ck(&self) -> &ck::State {
        &self.ck
    }
    pub fn seats(&self) -> u8 {
        self.ck.seats()
    }
    pub fn phase(&self) -> ck::Phase {
        self.ck.phase()
    }
    pub fn active(&self) -> Seat {
        self.ck.active()
    }
    pub fn turn(&self) -> u16 {
        self.ck.turn()
    }
    pub fn board(&self) -> &Board {
        self.ck.board()
    }
    pub(crate) fn sea(&self) -> &Sea {
        self.ck.sea.as_ref().expect("a Catania state has a sea")
    }
    pub(crate) fn sea_mut(&mut self) -> &mut Sea {
        self.ck.sea.get_or_insert_with(Sea::default)
    }
    pub fn pirate(&self) -> Option<HexId> {
        self.sea().pirate
    }
    pub fn ships_left(&self, seat: Seat) -> u8 {
        self.sailors[seat.index()].ships_left
    }
    pub fn landings_left(&self, seat: Seat) -> u8 {
        self.sailors[seat.index()].landings_left
    }
    /// A seat's development cards, playable and bought this turn (hidden information).
    pub fn development_cards(&self, seat: Seat) -> (DevCards, DevCards) {
        let s = &self.sailors[seat.index()];
        (s.dev, s.dev_new)
    }
    pub fn development_deck(&self) -> DevCards {
        self.deck
    }
    pub fn chip_bag(&self) -> ChipBag {
        self.bag
    }
    pub fn gold_owed(&self) -> &[ck::SeatCount] {
        &self.gold
    }
    /// The hex of a natural force, `None` if it is not on the board.
    pub fn force(&self, force: Force) -> Option<HexId> {
        match force {
            Force::Iceberg => self.sea().iceberg,
            Force::Hurricane => self.hurricane,
            Force::StormCloud => self.cloud,
        }
    }
    /// Destroyed roads and ships still to be rebuilt first, in the order destroyed.
    pub fn repairs(&self) -> &[Repair] {
        &self.repairs
    }
    /// Buildings an avalanche laid on their side, in the order tilted.
    pub fn tilted(&self) -> &[Tilt] {
        &self.tilted
    }
    /// The holder of `resource`'s specialist card, `None` if it is in the bank.
    pub fn specialist(&self, resource: Resource) -> Option<Seat> {
        self.specialists[resource.index()]
    }
    /// The islands conquered, in the order conquered.
    pub fn conquests(&self) -> &[Conquest] {
        &self.conquests
    }
    /// Station buildings that must still exchange on this 7, in the order they exchange.
    pub fn station_exchanges_due(&self) -> &[Post] {
        &self.posts_due
    }
    /// Station buildings the guild warned.
    pub fn warned_posts(&self) -> &[Post] {
        &self.warned
    }
    /// What the temple asks now, in the order it is settled.
    pub fn temple_due(&self) -> &[TempleDue] {
        &self.temple_due
    }
    /// Tributes not paid, owed twice over once their debtors hold two resources.
    pub fn temple_debts(&self) -> &[TempleDue] {
        &self.debts
    }
    /// The wonders started, in the order started.
    pub fn wonders(&self) -> &[WonderBuild] {
        &self.wonders
    }
    /// Cards in the barbarian castle's pile (their kinds are hidden).
    pub fn castle_pile(&self) -> usize {
        self.castle.len()
    }
    /// The castle pile's cards, each with the seat that put it there (hidden information).
    pub fn castle_cards(&self) -> &[PileCard] {
        &self.castle
    }
    /// Whether `v` is a corner of the barbarian castle.
    pub fn is_castle_corner(&self, v: crate::hex::VertexId) -> bool {
        self.board().topology().vertex(v.index()).is_some()
            && castle::castle_of(self.board(), v).is_some()
    }
    /// Seats that owe the castle a card now.
    pub fn castle_deposits_due(&self) -> &[Seat] {
        &self.castle_due
    }
    /// Seats that owe the castle a card from their next yield.
    pub fn castle_debts(&self) -> &[Seat] {
        &self.castle_debts
    }
    /// Whether an obligation of Catania's own (gold, a station's exchange, the temple's due, a deposit at the
    /// castle) holds play up.
    pub(crate) fn owes(&self) -> bool {
        !self.gold.is_empty()
            || !self.posts_due.is_empty()
            || !self.temple_due.is_empty()
            || !self.castle_due.is_empty()
    }
    /// The points of `seat` every viewer sees: the layer's, a point per specialist card and per conquest point,
    /// 4 for a complete wonder (seed lines 102, 149, 152, 178-190).
    pub fn public_points(&self, seat: Seat) -> u8 {
        let specialists = self
            .specialists
            .iter()
            .filter(|&&h| h == Some(seat))
            .count();
        let conquests = self.conquests.iter().filter(|c| c.seat == seat).count();
        self.ck.points(seat) + specialists as u8 + conquests as u8 + wonder::points(self, seat)
    }
    /// Every point of `seat`: the public ones and its hidden victory point cards.
    pub fn points(&self, seat: Seat) -> u8 {
        self.public_points(seat) + self.sailors[seat.index()].hidden_points()
    }
}

/// Catania.
pub struct Catania;

impl Catania {
    /// The development deck for `seats`.
    pub fn deck_for(seats: u8) -> DevCards {
        if seats >= 5 {
            DEV_DECK_LARGE
        } else {
            DEV_DECK_SMALL
        }
    }
}

impl Game for Catania {
    const NAME: &'static str = "catania";
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
            .setup(config.seats, config.points_to_win, MapKind::Beginner, rng)?;
        Ok(Setup {
            seats: config.seats,
            layout,
            first: Seat(rng.gen_range(0..config.seats)),
            points_to_win: config.points_to_win,
        })
    }

    fn initial_state(setup: &Setup) -> State {
        let layer_setup = ck::Setup {
            seats: setup.seats,
            layout: setup.layout.clone(),
            first: setup.first,
            negotiated_defence: false,
            points_to_win: setup.points_to_win,
        };
        // Every setup `setup` makes is on the table's board, built once; a stored one is checked against it.
        let mut layer = match map::board() {
            Some(board) if *board.layout() == setup.layout => {
                CitiesKnights::initial_state_on(&layer_setup, &RULES, board.clone())
            }
            _ => CitiesKnights::initial_state_with(&layer_setup, &RULES),
        };
        // Seed section 2: the forces start on their start hexes (map legend, lines 192-194).
        let start = |force| {
            let t = layer.board().topology();
            map::start_hexes()
                .into_iter()
                .find(|&(f, _)| f == force)
                .and_then(|(_, c)| t.hex_at(c))
        };
        let (iceberg, hurricane, cloud) = (
            start(Force::Iceberg),
            start(Force::Hurricane),
            start(Force::StormCloud),
        );
        layer.sea = Some(Sea {
            iceberg,
            ..Sea::default()
        });
        State {
            ck: layer,
            sailors: (0..setup.seats).map(|_| Sailor::new()).collect(),
            deck: Catania::deck_for(setup.seats),
            dev_played: false,
            building: false,
            gold: Vec::new(),
            bag: chip_bag(),
            hurricane,
            cloud,
            repairs: Vec::new(),
            tilted: Vec::new(),
            specialists: [None; 5],
            conquests: Vec::new(),
            posts_due: Vec::new(),
            warned: Vec::new(),
            temple_due: Vec::new(),
            debts: Vec::new(),
            castle: Vec::new(),
            castle_due: Vec::new(),
            castle_debts: Vec::new(),
            wonders: Vec::new(),
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

    fn evolve(mut state: State, event: &Event) -> State {
        evolve::apply(&mut state, event);
        state
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
        match state.ck.phase() {
            ck::Phase::Ended { winner } => Some(Outcome { winner }),
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

impl crate::playout::RandomPlayer for Catania {
    fn command_weight(command: &Command) -> u32 {
        random::command_weight(command)
    }

    // `RULES.hex.seats`, which a static cannot lend a constant.
    const SEATS: (u8, u8) = (3, 6);
    // 195 hexes: a command costs several times one of base Catan's.
    const COST: u64 = 4;

    const COMMAND_LIMIT: u64 = 100_000;

    fn random_command(state: &State, seat: Seat, rng: &mut GameRng) -> Option<Command> {
        random_command(state, seat, rng)
    }

    /// Catania has one map, the spec's table, so `beginner_map` changes nothing.
    fn random_config(seats: u8, _beginner_map: bool) -> Config {
        Config {
            seats,
            points_to_win: POINTS_TO_WIN,
        }
    }

    fn turns(state: &State) -> u64 {
        state.turn().into()
    }
}

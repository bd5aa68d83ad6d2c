//! The observations of the three hex games, written once: the board every hex game shares (tiles, robber,
//! harbours, buildings, roads), base Catan's, Cities & Knights', and Catania's, which is Cities & Knights' layer
//! with its own blocks after it. Tiles, corners and sides are in the board's id order (`board.layout.hexes`,
//! `board.vertices`, `board.edges` of the view). See `layout.rs` for the conventions.

use crate::layout::Enc;
use hexfold_rules::catan::{self, DevCards};
use hexfold_rules::catania;
use hexfold_rules::cities_knights::{self as ck, Good, Hand, Obligation};
use hexfold_rules::hex::{BoardView, HexId, Resources, RoadView, Terrain};
use hexfold_rules::Seat;

/// The terrains of base Catan's and Cities & Knights' island.
const ISLAND: [Terrain; 6] = [
    Terrain::Hills,
    Terrain::Forest,
    Terrain::Pasture,
    Terrain::Fields,
    Terrain::Mountains,
    Terrain::Desert,
];

/// Every terrain Catania's world holds.
const WORLD: [Terrain; 14] = [
    Terrain::Hills,
    Terrain::Forest,
    Terrain::Pasture,
    Terrain::Fields,
    Terrain::Mountains,
    Terrain::Desert,
    Terrain::Sea,
    Terrain::Gold,
    Terrain::Glacier,
    Terrain::Volcano,
    Terrain::Temple,
    Terrain::Castle,
    Terrain::Station,
    Terrain::DoubleField,
];

fn resources(r: Resources) -> [u8; 5] {
    r.to_array()
}

fn goods(h: Hand) -> [u8; 8] {
    let [a, b, c, d, e] = h.resources.to_array();
    let m = h.commodities;
    [a, b, c, d, e, m.coin, m.paper, m.cloth]
}

fn dev_cards(d: DevCards) -> [u8; 5] {
    [
        d.knight,
        d.victory_point,
        d.road_building,
        d.year_of_plenty,
        d.monopoly,
    ]
}

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

/// A one-hot block over the board's tiles (all zero for `None`).
fn tile(
    e: &mut Enc<'_>,
    name: &'static str,
    meaning: &'static str,
    tiles: usize,
    at: Option<HexId>,
) {
    e.one_hot(name, tiles, meaning, at.map(|h| h.index()));
}

/// The board: tiles, robber and harbours (the buildings and roads are each game's).
fn board(e: &mut Enc<'_>, board: &BoardView, terrains: &[Terrain], robber: Option<HexId>) {
    let hexes = &board.layout.hexes;
    let width = terrains.len();
    let block = e.block(
        "tile.terrain",
        hexes.len() * width,
        "per tile, its terrain one-hot (the terrains in the order the README lists above the tables)",
    );
    for (i, h) in hexes.iter().enumerate() {
        if let Some(k) = terrains.iter().position(|&t| t == h.terrain) {
            block[i * width + k] = 1.0;
        }
    }
    let block = e.block(
        "tile.number",
        hexes.len(),
        "per tile, its number token (2..12), 0 for none",
    );
    for (slot, h) in block.iter_mut().zip(hexes) {
        *slot = h.number.map_or(0.0, f32::from);
    }
    tile(
        e,
        "tile.robber",
        "1 on the tile the robber stands on",
        hexes.len(),
        robber,
    );
    let block = e.block(
        "corner.harbour",
        board.vertices.len() * 6,
        "per corner, the harbour it gives access to: 3:1, then 2:1 brick, lumber, wool, grain, ore",
    );
    for h in &board.layout.harbors {
        let k = h.resource.map_or(0, |r| 1 + r.index());
        for v in board.edges[h.edge.index()] {
            block[v.index() * 6 + k] = 1.0;
        }
    }
}

/// The seat's development cards (base Catan's and Catania's): in hand, and of those bought this turn.
fn own_dev_cards(e: &mut Enc<'_>, all: Option<DevCards>, new: Option<DevCards>) {
    e.counts(
        "own.development_cards",
        "the seat's development cards in hand (bought this turn included): knight, victory point, road building, year of plenty, monopoly",
        &dev_cards(all.unwrap_or_default()),
    );
    e.counts(
        "own.development_cards_new",
        "of those, bought this turn (not playable yet), in the same order",
        &dev_cards(new.unwrap_or_default()),
    );
}

/// Roads or ships: per side of the board, per seat, 1 where the seat's piece is.
fn sides(
    e: &mut Enc<'_>,
    name: &'static str,
    meaning: &'static str,
    board: &BoardView,
    pieces: &[RoadView],
) {
    let n = board.edges.len();
    e.item_seat(
        name,
        n,
        1,
        meaning,
        pieces.iter().map(|r| (r.edge.index(), r.seat, 0, 1.0)),
    );
}

/// A roll of two dice: the first, the second, their sum (all 0 before the first roll).
fn dice(
    e: &mut Enc<'_>,
    first: u8,
    second: u8,
    names: [&'static str; 3],
    meanings: [&'static str; 3],
) {
    e.one(names[0], meanings[0], f32::from(first));
    e.one(names[1], meanings[1], f32::from(second));
    e.one(names[2], meanings[2], f32::from(first + second));
}

pub fn catan(v: &catan::StateView, e: &mut Enc<'_>) {
    use catan::Phase;
    board(e, &v.board, &ISLAND, Some(v.robber));
    let corners = v.board.vertices.len();
    e.item_seat(
        "corner.building",
        corners,
        2,
        "per corner, per seat: settlement, city",
        v.buildings
            .iter()
            .map(|b| (b.vertex.index(), b.seat, usize::from(b.city), 1.0)),
    );
    sides(
        e,
        "side.road",
        "per side, per seat: 1 if the seat's road is there",
        &v.board,
        &v.roads,
    );
    let me = &v.players[e.seat.index()];
    e.counts(
        "own.hand",
        "the seat's resource cards: brick, lumber, wool, grain, ore",
        &resources(me.resources.unwrap_or_default()),
    );
    own_dev_cards(e, me.development_cards, me.development_cards_new);
    let players = &v.players;
    let per = |f: fn(&catan::PlayerView) -> f32| players.iter().map(move |p| (p.seat, f(p)));
    e.per_seat(
        "seat.cards",
        "per seat: resource cards in hand",
        per(|p| f32::from(p.resource_count)),
    );
    e.per_seat(
        "seat.development_cards",
        "per seat: development cards in hand",
        per(|p| f32::from(p.development_card_count)),
    );
    e.per_seat(
        "seat.knights_played",
        "per seat: knights played",
        per(|p| f32::from(p.knights_played)),
    );
    e.per_seat(
        "seat.road_length",
        "per seat: its longest road's length",
        per(|p| f32::from(p.road_length)),
    );
    e.per_seat(
        "seat.points",
        "per seat: the points every seat sees (buildings, longest road, largest army)",
        per(|p| f32::from(p.public_points)),
    );
    e.per_seat(
        "seat.settlements_left",
        "per seat: settlements not built",
        per(|p| f32::from(p.settlements_left)),
    );
    e.per_seat(
        "seat.cities_left",
        "per seat: cities not built",
        per(|p| f32::from(p.cities_left)),
    );
    e.per_seat(
        "seat.roads_left",
        "per seat: roads not built",
        per(|p| f32::from(p.roads_left)),
    );
    e.per_seat(
        "seat.discard_owed",
        "per seat: cards it still has to discard after a 7",
        per(|p| f32::from(p.discard_owed)),
    );
    e.per_seat(
        "seat.rejected_offer",
        "per seat: 1 if it declined the open offer",
        per(|p| flag(p.rejected_offer)),
    );
    e.seat_one_hot(
        "seat.active",
        "the seat whose turn it is, one-hot over the seats",
        Some(v.active),
    );
    e.seat_one_hot(
        "seat.longest_road",
        "the holder of the longest road, one-hot (none: all 0)",
        v.longest_road,
    );
    e.seat_one_hot(
        "seat.largest_army",
        "the holder of the largest army, one-hot (none: all 0)",
        v.largest_army,
    );
    e.counts(
        "bank",
        "the bank's resource cards: brick, lumber, wool, grain, ore",
        &resources(v.bank),
    );
    e.one(
        "development_cards_left",
        "development cards in the deck",
        f32::from(v.development_cards_left),
    );
    let phase = match v.phase {
        Phase::StartingRoll => 0,
        Phase::PlaceSettlement { .. } => 1,
        Phase::PlaceRoad { .. } => 2,
        Phase::Roll => 3,
        Phase::Discard => 4,
        Phase::Robber => 5,
        Phase::Main => 6,
        Phase::Ended { .. } => 7,
    };
    e.one_hot(
        "phase",
        8,
        "one-hot: starting roll, place settlement, place road, roll, discard, robber, main, ended",
        Some(phase),
    );
    e.one(
        "rolled",
        "1 once the active seat has rolled this turn",
        flag(v.rolled),
    );
    e.one(
        "development_card_played",
        "1 once the active seat has played a development card this turn",
        flag(v.development_card_played),
    );
    e.one(
        "turn",
        "turns played since the first production turn",
        f32::from(v.turn),
    );
    e.one(
        "points_to_win",
        "points needed to win",
        f32::from(v.points_to_win),
    );
    let roll = v.last_roll.map_or((0, 0), |d| (d.first, d.second));
    dice(
        e,
        roll.0,
        roll.1,
        ["dice.first", "dice.second", "dice.sum"],
        [
            "the last roll's first die (0 before any roll)",
            "its second die",
            "their sum",
        ],
    );
    let (give, receive) = v
        .offer
        .map_or((Resources::default(), Resources::default()), |t| {
            (t.give, t.receive)
        });
    e.counts(
        "offer.give",
        "the active seat's open offer: what it gives, by resource (all 0: no offer)",
        &resources(give),
    );
    e.counts(
        "offer.receive",
        "what it asks for, by resource",
        &resources(receive),
    );
    counters(
        e,
        players.iter().map(|p| {
            (
                p.seat,
                p.counter_offer
                    .map(|t| (resources(t.give), resources(t.receive))),
            )
        }),
    );
}

/// Each seat's counter-offer to the active seat: what it gives and what it asks for.
fn counters<const N: usize>(
    e: &mut Enc<'_>,
    offers: impl Iterator<Item = (Seat, Option<([u8; N], [u8; N])>)> + Clone,
) {
    let give = offers.clone().flat_map(|(s, t)| {
        let t = t.map_or([0; N], |t| t.0);
        (0..N).map(move |k| (0, s, k, f32::from(t[k])))
    });
    e.item_seat(
        "counter.give",
        1,
        N,
        "per seat, its counter-offer to the active seat: what it gives, by card kind",
        give,
    );
    let receive = offers.flat_map(|(s, t)| {
        let t = t.map_or([0; N], |t| t.1);
        (0..N).map(move |k| (0, s, k, f32::from(t[k])))
    });
    e.item_seat(
        "counter.receive",
        1,
        N,
        "per seat: what its counter-offer asks for, by card kind",
        receive,
    );
}

/// Cities & Knights' observation on a board of `terrains`; Catania's layer too.
fn ck_layer(v: &ck::StateView, terrains: &[Terrain], e: &mut Enc<'_>) {
    use ck::Phase;
    board(e, &v.board, terrains, Some(v.robber));
    e.one(
        "robber_in_play",
        "1 once the robber may be moved (after the first barbarian attack)",
        flag(v.robber_in_play),
    );
    let corners = v.board.vertices.len();
    let buildings = v.buildings.iter().flat_map(|b| {
        let i = b.vertex.index();
        [
            Some((i, b.seat, usize::from(b.city), 1.0)),
            b.wall.then_some((i, b.seat, 2, 1.0)),
            b.metropolis.map(|_| (i, b.seat, 3, 1.0)),
        ]
        .into_iter()
        .flatten()
    });
    e.item_seat(
        "corner.building",
        corners,
        4,
        "per corner, per seat: settlement, city, city wall, metropolis",
        buildings,
    );
    let knights = v.knights.iter().flat_map(|k| {
        let i = k.vertex.index();
        let level = usize::from(k.strength.clamp(1, 3)) - 1;
        [
            Some((i, k.seat, level, 1.0)),
            k.active.then_some((i, k.seat, 3, 1.0)),
        ]
        .into_iter()
        .flatten()
    });
    e.item_seat(
        "corner.knight",
        corners,
        4,
        "per corner, per seat: a basic, strong or mighty knight (one-hot), then 1 if active",
        knights,
    );
    sides(
        e,
        "side.road",
        "per side, per seat: 1 if the seat's road is there",
        &v.board,
        &v.roads,
    );
    let me = &v.players[e.seat.index()];
    e.counts(
        "own.hand",
        "the seat's cards: brick, lumber, wool, grain, ore, coin, paper, cloth",
        &goods(me.hand.unwrap_or_default()),
    );
    let block = e.block(
        "own.progress_cards",
        25,
        "the seat's progress cards in hand, by kind in the rules' order (alchemist .. wedding, as the README lists them above the tables)",
    );
    for card in me.progress_cards.iter().flatten() {
        block[*card as usize] += 1.0;
    }
    let players = &v.players;
    let per = |f: fn(&ck::PlayerView) -> f32| players.iter().map(move |p| (p.seat, f(p)));
    e.per_seat(
        "seat.cards",
        "per seat: cards in hand (resources and commodities)",
        per(|p| f32::from(p.card_count)),
    );
    e.per_seat(
        "seat.progress_cards",
        "per seat: progress cards in hand",
        per(|p| f32::from(p.progress_card_count)),
    );
    e.per_seat(
        "seat.victory_point_cards",
        "per seat: printer and constitution cards (public)",
        per(|p| p.victory_point_cards.len() as f32),
    );
    e.per_seat(
        "seat.defender_cards",
        "per seat: defender of Catan cards",
        per(|p| f32::from(p.defender_cards)),
    );
    e.per_seat(
        "seat.improvement.trade",
        "per seat: its trade city improvement level",
        per(|p| f32::from(p.improvements.trade)),
    );
    e.per_seat(
        "seat.improvement.politics",
        "per seat: its politics city improvement level",
        per(|p| f32::from(p.improvements.politics)),
    );
    e.per_seat(
        "seat.improvement.science",
        "per seat: its science city improvement level",
        per(|p| f32::from(p.improvements.science)),
    );
    e.per_seat(
        "seat.settlements_left",
        "per seat: settlements not built",
        per(|p| f32::from(p.settlements_left)),
    );
    e.per_seat(
        "seat.cities_left",
        "per seat: cities not built",
        per(|p| f32::from(p.cities_left)),
    );
    e.per_seat(
        "seat.roads_left",
        "per seat: roads not built",
        per(|p| f32::from(p.roads_left)),
    );
    e.per_seat(
        "seat.walls_left",
        "per seat: city walls not built",
        per(|p| f32::from(p.walls_left)),
    );
    e.item_seat(
        "seat.knights_left",
        1,
        3,
        "per seat: knights not on the board, basic, strong, mighty",
        players
            .iter()
            .flat_map(|p| (0..3).map(move |k| (0, p.seat, k, f32::from(p.knights_left[k])))),
    );
    e.per_seat(
        "seat.road_length",
        "per seat: its longest road's length",
        per(|p| f32::from(p.road_length)),
    );
    e.per_seat(
        "seat.points",
        "per seat: its points (all public in Cities & Knights)",
        per(|p| f32::from(p.points)),
    );
    e.per_seat(
        "seat.hand_limit",
        "per seat: its hand limit on a 7",
        per(|p| f32::from(p.hand_limit)),
    );
    e.per_seat(
        "seat.rejected_offer",
        "per seat: 1 if it declined the open offer",
        per(|p| flag(p.rejected_offer)),
    );
    e.per_seat(
        "seat.obligations",
        "per seat: the obligations it owes now (discards, gifts, retreats, ...)",
        players.iter().map(|p| {
            (
                p.seat,
                v.obligations.iter().filter(|o| o.seat() == p.seat).count() as f32,
            )
        }),
    );
    e.per_seat(
        "seat.discard_owed",
        "per seat: cards it has to discard after a 7",
        v.obligations.iter().filter_map(|o| match *o {
            Obligation::Discard { seat, count } => Some((seat, f32::from(count))),
            _ => None,
        }),
    );
    e.seat_one_hot(
        "seat.active",
        "the seat whose turn it is, one-hot over the seats",
        Some(v.active),
    );
    e.seat_one_hot(
        "seat.longest_road",
        "the holder of the longest road, one-hot (none: all 0)",
        v.longest_road,
    );
    e.item_seat(
        "seat.metropolis",
        1,
        3,
        "per seat: 1 if it holds the trade, politics, science metropolis",
        v.metropolises
            .iter()
            .enumerate()
            .filter_map(|(k, s)| s.map(|s| (0, s, k, 1.0))),
    );
    e.seat_one_hot(
        "merchant.seat",
        "the merchant's owner, one-hot (none: all 0)",
        v.merchant.map(|m| m.0),
    );
    tile(
        e,
        "merchant.tile",
        "1 on the tile the merchant stands on",
        v.board.layout.hexes.len(),
        v.merchant.map(|m| m.1),
    );
    e.counts(
        "bank",
        "the bank's cards: brick, lumber, wool, grain, ore, coin, paper, cloth",
        &goods(v.bank),
    );
    e.counts(
        "progress_cards_left",
        "progress cards left in the trade, politics, science decks",
        &v.progress_cards_left,
    );
    e.one(
        "defender_cards_left",
        "defender of Catan cards left",
        f32::from(v.defender_cards_left),
    );
    e.one(
        "barbarians",
        "the barbarian ship's position on its track (0: start)",
        f32::from(v.barbarians),
    );
    e.one(
        "barbarian_attacks",
        "barbarian attacks so far",
        f32::from(v.barbarian_attacks),
    );
    let phase = match v.phase {
        Phase::PlaceBuilding { .. } => 0,
        Phase::PlaceRoad { .. } => 1,
        Phase::Roll => 2,
        Phase::Resolving => 3,
        Phase::Robber => 4,
        Phase::Main => 5,
        Phase::Ended { .. } => 6,
    };
    e.one_hot(
        "phase",
        7,
        "one-hot: place building, place road, roll, resolving, robber, main, ended",
        Some(phase),
    );
    e.one("turn", "turns played", f32::from(v.turn));
    e.one(
        "points_to_win",
        "points needed to win",
        f32::from(v.points_to_win),
    );
    let (white, red) = v.last_roll.map_or((0, 0), |r| (r.white, r.red));
    dice(
        e,
        white,
        red,
        ["dice.white", "dice.red", "dice.sum"],
        [
            "the last roll's white die (0 before any roll)",
            "its red die",
            "their sum",
        ],
    );
    let event = v.last_roll.map(|r| match r.event {
        ck::EventDie::Ship => 0,
        ck::EventDie::Gate { track } => 1 + track.index(),
    });
    e.one_hot(
        "dice.event",
        4,
        "the last roll's event die, one-hot: ship, trade gate, politics gate, science gate",
        event,
    );
    let (give, receive) = v
        .offer
        .map_or((Hand::default(), Hand::default()), |t| (t.give, t.receive));
    e.counts(
        "offer.give",
        "the active seat's open offer: what it gives, by card as in own.hand (all 0: no offer)",
        &goods(give),
    );
    e.counts(
        "offer.receive",
        "what it asks for, by card",
        &goods(receive),
    );
    counters(
        e,
        players.iter().map(|p| {
            (
                p.seat,
                p.counter_offer.map(|t| (goods(t.give), goods(t.receive))),
            )
        }),
    );
    let block = e.block(
        "own.obligations",
        11,
        "the seat's obligations now, by kind: discard, give, lose city, retreat, remove knight, return progress card, commit knights, draw progress card, aqueduct resource, take cards, take progress card",
    );
    for o in v.obligations.iter().filter(|o| o.seat() == me.seat) {
        block[obligation_kind(o)] += 1.0;
    }
    e.one(
        "deserter_knight",
        "strength of the deserter's free knight the active seat may still place (0: none)",
        v.deserter_knight.map_or(0.0, f32::from),
    );
    let fleet = v
        .merchant_fleet
        .map(|g| Good::ALL.iter().position(|&x| x == g).unwrap_or(0));
    e.one_hot(
        "merchant_fleet",
        8,
        "the good the active seat trades 2:1 this turn (merchant fleet), one-hot as in own.hand",
        fleet,
    );
}

fn obligation_kind(o: &Obligation) -> usize {
    match o {
        Obligation::Discard { .. } => 0,
        Obligation::Give { .. } => 1,
        Obligation::LoseCity { .. } => 2,
        Obligation::Retreat { .. } => 3,
        Obligation::RemoveKnight { .. } => 4,
        Obligation::ReturnProgressCard { .. } => 5,
        Obligation::CommitKnights { .. } => 6,
        Obligation::DrawProgressCard { .. } => 7,
        Obligation::AqueductResource { .. } => 8,
        Obligation::TakeCards { .. } => 9,
        Obligation::TakeProgressCard { .. } => 10,
    }
}

pub fn cities_knights(v: &ck::StateView, e: &mut Enc<'_>) {
    ck_layer(v, &ISLAND, e);
}

pub fn catania(v: &catania::StateView, e: &mut Enc<'_>) {
    ck_layer(&v.ck, &WORLD, e);
    let board = &v.ck.board;
    let (tiles, corners) = (board.layout.hexes.len(), board.vertices.len());
    sides(
        e,
        "side.ship",
        "per side, per seat: 1 if the seat's ship is there",
        board,
        &v.ships,
    );
    e.item_seat(
        "corner.landing",
        corners,
        1,
        "per corner, per seat: 1 if the seat's landing place is there",
        v.landing_places
            .iter()
            .map(|l| (l.vertex.index(), l.seat, 0, 1.0)),
    );
    tile(
        e,
        "tile.pirate",
        "1 on the tile the pirate is on",
        tiles,
        v.pirate,
    );
    tile(
        e,
        "tile.iceberg",
        "1 on the iceberg's tile",
        tiles,
        v.iceberg,
    );
    tile(
        e,
        "tile.hurricane",
        "1 on the hurricane's tile",
        tiles,
        v.hurricane,
    );
    tile(
        e,
        "tile.storm_cloud",
        "1 on the storm cloud's tile",
        tiles,
        v.storm_cloud,
    );
    e.item_seat(
        "corner.tilted",
        corners,
        1,
        "per corner, per seat: 1 if the seat's building there lies on its side (avalanche)",
        v.tilted.iter().map(|t| (t.vertex.index(), t.seat, 0, 1.0)),
    );
    e.item_seat(
        "corner.station_warned",
        corners,
        1,
        "per corner, per seat: 1 if the seat's station building there was warned by the guild",
        v.warned_posts
            .iter()
            .map(|p| (p.vertex.index(), p.seat, 0, 1.0)),
    );
    let me = &v.sailors[e.seat.index()];
    own_dev_cards(e, me.development_cards, me.development_cards_new);
    let sailors = &v.sailors;
    let per = |f: fn(&catania::SailorView) -> f32| sailors.iter().map(move |p| (p.seat, f(p)));
    e.per_seat(
        "seat.ships_left",
        "per seat: ships not built",
        per(|p| f32::from(p.ships_left)),
    );
    e.per_seat(
        "seat.landing_places_left",
        "per seat: landing places not built",
        per(|p| f32::from(p.landing_places_left)),
    );
    e.per_seat(
        "seat.development_cards",
        "per seat: development cards in hand",
        per(|p| f32::from(p.development_card_count)),
    );
    e.per_seat(
        "seat.knights_played",
        "per seat: knight cards played",
        per(|p| f32::from(p.knights_played)),
    );
    e.per_seat(
        "seat.catania_points",
        "per seat: its points as the observer may see them (its own hidden ones for the observer itself)",
        per(|p| f32::from(p.points)),
    );
    e.seat_one_hot(
        "seat.largest_army",
        "the holder of the largest army, one-hot (none: all 0)",
        v.largest_army,
    );
    let count = |seats: &mut dyn Iterator<Item = (Seat, u8)>| {
        let mut n = [0f32; 8];
        for (s, c) in seats {
            n[s.index()] += f32::from(c);
        }
        n
    };
    let gold = count(&mut v.gold_owed.iter().map(|g| (g.seat, g.count)));
    e.per_seat(
        "seat.gold_owed",
        "per seat: gold resources it still chooses",
        seat_values(sailors, &gold),
    );
    let repairs = count(&mut v.repairs.iter().map(|r| (r.seat, 1)));
    e.per_seat(
        "seat.repairs",
        "per seat: roads and ships it must rebuild first",
        seat_values(sailors, &repairs),
    );
    let conquests = count(&mut v.conquests.iter().map(|c| (c.seat, 1)));
    e.per_seat(
        "seat.conquests",
        "per seat: islands it conquered",
        seat_values(sailors, &conquests),
    );
    let exchanges = count(&mut v.station_exchanges_due.iter().map(|p| (p.seat, 1)));
    e.per_seat(
        "seat.station_exchanges_due",
        "per seat: its station buildings still to exchange on this 7",
        seat_values(sailors, &exchanges),
    );
    let deposits = count(&mut v.castle_deposits_due.iter().map(|&s| (s, 1)));
    e.per_seat(
        "seat.castle_deposits_due",
        "per seat: cards it owes the barbarian castle now",
        seat_values(sailors, &deposits),
    );
    let debts = count(&mut v.castle_debts.iter().map(|&s| (s, 1)));
    e.per_seat(
        "seat.castle_debts",
        "per seat: cards it owes the castle from its next yield",
        seat_values(sailors, &debts),
    );
    let owes = count(
        &mut v
            .temple_due
            .iter()
            .chain(&v.temple_debts)
            .map(|t| (temple_from(t), 1)),
    );
    e.per_seat(
        "seat.temple_owes",
        "per seat: tributes, debts and offerings it owes (the temple)",
        seat_values(sailors, &owes),
    );
    e.item_seat(
        "seat.specialist",
        1,
        5,
        "per seat: 1 if it holds the brick, lumber, wool, grain, ore specialist",
        v.specialists
            .iter()
            .enumerate()
            .filter_map(|(k, s)| s.map(|s| (0, s, k, 1.0))),
    );
    e.item_seat(
        "seat.wonder",
        1,
        5,
        "per seat: its level of theater, great bridge, monument, great wall, cathedral (0: not started)",
        v.wonders.iter().map(|w| (0, w.seat, w.wonder as usize, f32::from(w.level))),
    );
    e.one(
        "development_cards_left",
        "development cards in the deck",
        f32::from(v.development_cards_left),
    );
    let chips: Vec<u8> = (2..=12)
        .filter(|&n| n != 7)
        .map(|n| v.chip_bag.count(n))
        .collect();
    e.counts(
        "chip_bag",
        "number chips left in the bag: 2, 3, 4, 5, 6, 8, 9, 10, 11, 12",
        &chips,
    );
    e.one(
        "trade_phase_over",
        "1 once the active seat has built this turn (its trading is over)",
        flag(v.trade_phase_over),
    );
    e.one(
        "development_card_played",
        "1 once the active seat has played a development card this turn",
        flag(v.development_card_played),
    );
    e.one(
        "ship_moved",
        "1 once the active seat has moved a ship this turn",
        flag(v.ship_moved),
    );
    e.one(
        "ships_built_this_turn",
        "ships the active seat built this turn",
        v.ships_built_this_turn.len() as f32,
    );
    e.one(
        "castle_pile",
        "cards in the barbarian castle's face-down pile",
        f32::from(v.castle_pile),
    );
}

fn temple_from(t: &catania::TempleDue) -> Seat {
    match *t {
        catania::TempleDue::Tribute { from, .. } | catania::TempleDue::Debt { from, .. } => from,
        catania::TempleDue::Offering { seat, .. } => seat,
    }
}

/// `values` (indexed by absolute seat) as (seat, value) pairs for every seat at the table.
fn seat_values<'a>(
    sailors: &'a [catania::SailorView],
    values: &'a [f32; 8],
) -> impl Iterator<Item = (Seat, f32)> + 'a {
    sailors.iter().map(|p| (p.seat, values[p.seat.index()]))
}

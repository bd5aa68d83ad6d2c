//! A random but sensible player, for property tests, bots and benchmarks, as the layer's: a kind of command is
//! drawn with a weight that favours growth (cities and settlements, improvements, ships towards the islands,
//! development cards), then a uniformly random command of that kind. In the active seat's main phase the kind is
//! drawn before anything is listed and only that kind is listed; elsewhere the whole listing is built and
//! [`crate::hex::pick_by_key`] chooses from it, telling the layer's kinds apart inside [`Command::Ck`]. The temple,
//! the castle, the stations and the wonders, which that would seldom reach, have preferences of their own: a seat
//! heads for its goal (the temple or the castle), gathers the knights a site there needs and saves for it; builds
//! on a station's corner its network reaches; and, when an empty hand would matter (another seat's sacrificial site
//! may ask it a tribute, its station building owes an exchange on a 7), spends what it can before ending its turn,
//! so that the rules reading an empty hand (a debt, a warning, a downgrade) come up too. It chooses only among the
//! commands listed for its seat, from the state as the seat may read it: its own hand and the public board.

use super::legal::{kind_actions, legal_actions, Kind};
use super::*;
use crate::cities_knights::legal::MainKind;
use crate::cities_knights::Command as K;
use std::mem::{discriminant, Discriminant};

/// How likely each kind of the main phase is picked, relative to the other kinds that list something now.
fn main_weight(st: &State, kind: Kind, temple: Temple) -> u32 {
    use MainKind as M;
    match kind {
        // A seat whose roads or ships reach the temple or the castle gathers the knights a site there needs.
        Kind::Layer(M::BuildKnight | M::PromoteKnight) if temple == Temple::Unguarded => 200,
        Kind::BuildSettlement | Kind::Layer(M::BuildCity) => 200,
        Kind::Layer(M::ImproveCity) => 150,
        Kind::Layer(M::BuildKnight | M::ActivateKnight) => {
            if st.ck.barbarians() + 2 >= RULES.barbarian_track_len {
                80
            } else {
                15
            }
        }
        Kind::Layer(M::PromoteKnight | M::BuildCityWall) => 15,
        Kind::BuildShip | Kind::BuyDevelopmentCard | Kind::PlayDevelopmentCard => 40,
        Kind::BuildRoad => 30,
        // Claims and levels are `wonder_preference`'s alone.
        Kind::Wonder => 0,
        Kind::BuildLandingPlace | Kind::Diplomat => 10,
        Kind::MoveShip | Kind::ChaseBandit | Kind::Layer(M::MoveKnight | M::ChaseRobber) => 5,
        Kind::Layer(M::PlayProgressCard) | Kind::ProgressRoadBuilding => 25,
        Kind::Layer(M::BankTrade) => 20,
        // Offers are rare: each one makes the others answer in turn.
        Kind::Layer(M::OfferTrade) => 2,
        Kind::Layer(M::AcceptCounterOffer) => 10,
        Kind::Layer(M::RejectCounterOffer | M::WithdrawTrade) => 20,
        Kind::Layer(M::EndTurn) => 25,
        Kind::Layer(M::ReturnProgressCard | M::PlaceDeserterKnight) => 10,
        Kind::Layer(M::BuildRoad | M::BuildSettlement) => 0,
    }
}

/// The weight of a command outside the main phase: the answers to an offer as the layer weighs them, the
/// alchemist as a progress card, 10 for the rest (the opening, the roll, the thieves, obligations, gold).
fn weight(c: &Command) -> u32 {
    match c {
        Command::Ck(K::CounterOffer { .. }) => 2,
        Command::Ck(K::RejectTrade) => 20,
        Command::Ck(K::PlayProgressCard { .. }) => 25,
        _ => 10,
    }
}

/// A command's kind: its own variant, or the layer's inside [`Command::Ck`].
#[derive(Clone, Copy, PartialEq)]
enum Key {
    Own(Discriminant<Command>),
    Layer(Discriminant<K>),
}

fn key(c: &Command) -> Key {
    match c {
        Command::Ck(k) => Key::Layer(discriminant(k)),
        c => Key::Own(discriminant(c)),
    }
}

/// A random legal command for `seat`, or `None` if the seat has nothing to do now.
pub fn random_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let free = state.ck.obligations().is_empty() && !state.owes();
    if state.phase() == ck::Phase::Main && seat == state.active() && free {
        return main_command(state, seat, rng);
    }
    let mut legal = legal_actions(state, seat);
    // Gold fields are few and uniform openings rarely touch one, so the gold rules (CAT-GOLD) would go
    // unexercised: one opening settlement in four goes beside gold when a free corner there allows it.
    if rng.gen_ratio(1, 4) {
        let board = state.board();
        let beside_gold = |c: &Command| match c {
            Command::Ck(K::PlaceSettlement { vertex }) => board
                .topology()
                .vertex_hexes(*vertex)
                .iter()
                .any(|&h| board.terrain(h) == Terrain::Gold),
            _ => false,
        };
        if legal.iter().any(beside_gold) {
            legal.retain(beside_gold);
        }
    }
    // A wholesale house's exchange of a commodity is one of many listed exchanges, and the few wholesale houses of
    // random play would rarely make it: one time in two it is chosen when listed.
    let commodity = |c: &Command| match c {
        Command::ExchangeAtStation { give, .. } => give.commodities.total() > 0,
        _ => false,
    };
    if legal.iter().any(commodity) && rng.gen_ratio(1, 2) {
        legal.retain(commodity);
    }
    crate::hex::pick_by_key(legal, key, weight, rng)
}

/// The special site a seat seeks, which uniform play would rarely reach: the temple (its isle lies off Catan, a
/// site costs twice a settlement and needs knights of strength 2) for even seats, the barbarian castle (an islet
/// reached by ship, its settlements need knights of strength 3) for odd ones, so random games reach both.
fn goal(seat: Seat) -> Terrain {
    if seat.0 % 2 == 0 {
        Terrain::Temple
    } else {
        Terrain::Castle
    }
}

/// The knight strength a settlement on a corner of `goal` needs.
fn guard_min(goal: Terrain) -> u8 {
    if goal == Terrain::Castle {
        super::castle::GUARD_MIN
    } else {
        super::temple::GUARD_MIN
    }
}

/// Whether `v` is a corner of a `goal` hex.
fn at_goal(board: &Board, goal: Terrain, v: crate::hex::VertexId) -> bool {
    board
        .topology()
        .vertex_hexes(v)
        .iter()
        .any(|&h| board.terrain(h) == goal)
}

/// How a seat stands to its goal ([`goal`]): the random player seeks it once its network is there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Temple {
    /// No free corner of the goal beside the seat's roads or ships.
    Far,
    /// Beside one, without the knights a site needs.
    Unguarded,
    /// Beside one, with the knights.
    Guarded,
}

fn temple_reach(st: &State, seat: Seat) -> Temple {
    let near = reaches(st, seat, goal(seat));
    // The guard walks every corner of the board for knights: only a seat near its goal needs it.
    if !near {
        Temple::Far
    } else if super::temple::guard(st, seat) >= guard_min(goal(seat)) {
        Temple::Guarded
    } else {
        Temple::Unguarded
    }
}

/// Whether a free corner of a `terrain` hex (a 7-hex: the temple, the castle, a station), with no building beside
/// it, touches the seat's road or ship: a settlement there is listed if the seat can pay.
fn reaches(st: &State, seat: Seat, terrain: Terrain) -> bool {
    let board = st.board();
    let t = board.topology();
    board
        .hexes_with_number(7)
        .iter()
        .filter(|&&h| board.terrain(h) == terrain)
        .flat_map(|&h| t.hex_vertices(h).iter().copied())
        .any(|v| {
            let edges = t.vertex_edges(v);
            st.ck.vertices[v.index()].is_empty()
                && edges
                    .iter()
                    .any(|e| st.ck.edges[e.index()].owner() == Some(seat))
                && edges.iter().all(|&e| {
                    t.edge_vertices(e)
                        .iter()
                        .all(|w| st.ck.vertices[w.index()].is_empty())
                })
        })
}

/// Each corner's distance in sides to the nearest of `targets`.
fn distance_to(board: &Board, targets: impl IntoIterator<Item = crate::hex::VertexId>) -> Vec<u16> {
    let t = board.topology();
    let mut d = vec![u16::MAX; t.vertex_count()];
    let mut queue = std::collections::VecDeque::new();
    for v in targets {
        d[v.index()] = 0;
        queue.push_back(v);
    }
    while let Some(v) = queue.pop_front() {
        for &e in t.vertex_edges(v) {
            for w in t.edge_vertices(e) {
                if d[w.index()] == u16::MAX {
                    d[w.index()] = d[v.index()] + 1;
                    queue.push_back(w);
                }
            }
        }
    }
    d
}

/// Each corner's distance in sides to the nearest corner of `goal` (the temple or the castle). Catania has one map
/// and the distance follows only its topology, so it is computed once for the process.
fn temple_distance(board: &Board, goal: Terrain) -> &'static [u16] {
    static TEMPLE: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    static CASTLE: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    let cell = if goal == Terrain::Castle {
        &CASTLE
    } else {
        &TEMPLE
    };
    cell.get_or_init(|| {
        let t = board.topology();
        let sites = board
            .hexes_with_number(7)
            .iter()
            .filter(|&&h| board.terrain(h) == goal);
        distance_to(
            board,
            sites.flat_map(|&h| t.hex_vertices(h).iter().copied()),
        )
    })
}

/// Each corner's distance in sides to the nearest site of the Great Bridge (`bridge`) or of the Great Wall, once
/// for the process as the temple's.
fn wonder_site_distance(board: &Board, bridge: bool) -> &'static [u16] {
    static DISTANCE: [std::sync::OnceLock<Vec<u16>>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    let wonder = if bridge {
        Wonder::GreatBridge
    } else {
        Wonder::GreatWall
    };
    DISTANCE[usize::from(bridge)]
        .get_or_init(|| distance_to(board, super::wonder::sites(board, wonder)))
}

/// The listed road or ship whose nearer corner is closest to the seat's goal (the temple or the castle), if it
/// comes closer than the seat's
/// network does now.
fn towards_temple(st: &State, seat: Seat) -> Option<Command> {
    towards(st, seat, temple_distance(st.board(), goal(seat)))
}

/// The listed road or ship whose nearer corner is closest by `d`, if it comes closer than the seat's network does
/// now.
fn towards(st: &State, seat: Seat, d: &[u16]) -> Option<Command> {
    let t = st.board().topology();
    let edge_distance = |e: crate::hex::EdgeId| {
        t.edge_vertices(e)
            .into_iter()
            .map(|v| d[v.index()])
            .min()
            .unwrap_or(u16::MAX)
    };
    let now = t
        .edges()
        .filter(|e| st.ck.edges[e.index()].owner() == Some(seat))
        .map(edge_distance)
        .min()?;
    let mut steps = Vec::new();
    kind_actions(st, seat, Kind::BuildRoad, &mut steps);
    kind_actions(st, seat, Kind::BuildShip, &mut steps);
    steps
        .into_iter()
        .filter_map(|c| match c {
            Command::Ck(K::BuildRoad { edge }) | Command::BuildShip { edge } => {
                Some((edge_distance(edge), c))
            }
            _ => None,
        })
        .filter(|&(n, _)| n < now)
        .min_by_key(|&(n, _)| n)
        .map(|(_, c)| c)
}

/// The main phase's choice, one kind at a time ([`crate::hex::pick_kind_first`]): a kind is drawn by weight
/// among those not yet found empty and listed, and the command is then uniform within the kind. A seat guarded at
/// its goal builds a settlement there whenever it can pay for one.
fn main_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let temple = temple_reach(state, seat);
    let goal = goal(seat);
    let cost = if goal == Terrain::Castle {
        RULES.hex.costs.settlement
    } else {
        super::temple::site_cost()
    };
    if temple == Temple::Guarded && state.ck.hand(seat).resources.contains(cost) {
        let mut sites = Vec::new();
        kind_actions(state, seat, Kind::BuildSettlement, &mut sites);
        let board = state.board();
        if let Some(site) = sites.into_iter().find(|c| {
            matches!(c, Command::Ck(K::BuildSettlement { vertex }) if at_goal(board, goal, *vertex))
        }) {
            return Some(site);
        }
    } else if temple == Temple::Guarded && state.ck.settlements_left(seat) > 0 {
        // The site's cards (a sacrificial site's eight) seldom meet in a random hand that keeps spending: a guarded
        // seat with a settlement to build trades towards them, and else saves what it holds, ending its turn three
        // times in four.
        if let Some(trade) = trade_towards(state, seat, cost, rng) {
            return Some(trade);
        }
        if rng.gen_ratio(3, 4) {
            let mut end = Vec::new();
            kind_actions(state, seat, Kind::Layer(MainKind::EndTurn), &mut end);
            if let Some(end) = end.pop() {
                return Some(end);
            }
        }
    }
    // Random play rarely turns a retail post into a wholesale house, whose exchanges on a 7 would then go unplayed:
    // a seat with a retail post upgrades it one time in two when it can.
    let post = super::station::post_of(state, seat);
    // Nor does it often build on a station's corner, one of many it may settle: a seat without a station building
    // whose network reaches a free one builds there one time in two when it can pay.
    if post.is_none()
        && reaches(state, seat, Terrain::Station)
        && state
            .ck
            .hand(seat)
            .resources
            .contains(RULES.hex.costs.settlement)
        && rng.gen_ratio(1, 2)
    {
        let mut sites = Vec::new();
        kind_actions(state, seat, Kind::BuildSettlement, &mut sites);
        let board = state.board();
        if let Some(site) = sites.into_iter().find(|c| {
            matches!(c, Command::Ck(K::BuildSettlement { vertex }) if at_goal(board, Terrain::Station, *vertex))
        }) {
            return Some(site);
        }
    }
    if let Some(post) = post {
        if !state.ck.vertices[post.index()].is_city() && rng.gen_ratio(1, 2) {
            let mut cities = Vec::new();
            kind_actions(state, seat, Kind::Layer(MainKind::BuildCity), &mut cities);
            let upgrade = Command::Ck(K::BuildCity { vertex: post });
            if cities.contains(&upgrade) {
                return Some(upgrade);
            }
        }
    }
    // Now and then a seat far from its goal lays the road or ship that brings it closest, if any comes closer; the
    // temple's seats twice as often, as its isle lies farther off than the castle's islet.
    let odds = if goal == Terrain::Temple { 2 } else { 4 };
    if temple == Temple::Far && rng.gen_ratio(1, odds) {
        if let Some(step) = towards_temple(state, seat) {
            return Some(step);
        }
    }
    if let Some(c) = wonder_preference(state, seat, rng) {
        return Some(c);
    }
    let mut kinds = Kind::ALL.map(|k| (k, main_weight(state, k, temple)));
    let chosen = crate::hex::pick_kind_first(&mut kinds, rng, |kind, out| {
        kind_actions(state, seat, kind, out)
    });
    // A thrifty seat (below) about to end its turn spends first, three times in four.
    if chosen == Some(Command::Ck(K::EndTurn)) {
        let thrift = thrift(state, seat, post);
        if thrift != Thrift::Nothing && rng.gen_ratio(3, 4) {
            if let Some(spend) = spend(state, seat, thrift, rng) {
                return Some(spend);
            }
        }
    }
    chosen
}

/// What a seat would rather not hold once its turn ends, which random play seldom leaves it without: the rules
/// that read an empty hand (a tribute's debt, a station building's warning and downgrade) would otherwise go
/// unplayed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Thrift {
    /// Nothing: the seat keeps what it holds.
    Nothing,
    /// Resources: another seat's sacrificial site may ask it a tribute, which a seat holding no resource owes as a
    /// debt (CAT-TEMPLE-06), and a retail post holding none is warned on a 7 (CAT-STATION-07).
    Resources,
    /// Every card: a wholesale house holding no commodity and fewer than two resources is warned (CAT-STATION-07).
    Goods,
}

/// The seat's thrift, given its station building `post` if it has one.
fn thrift(st: &State, seat: Seat, post: Option<crate::hex::VertexId>) -> Thrift {
    match post {
        Some(v) if st.ck.vertices[v.index()].is_city() => Thrift::Goods,
        Some(_) => Thrift::Resources,
        None if taxed(st, seat) => Thrift::Resources,
        None => Thrift::Nothing,
    }
}

/// Whether another seat has a sacrificial site, so that doubles may ask `seat` a tribute.
fn taxed(st: &State, seat: Seat) -> bool {
    let board = st.board();
    board
        .hexes_with_number(7)
        .iter()
        .filter(|&&h| board.terrain(h) == Terrain::Temple)
        .flat_map(|&h| board.topology().hex_vertices(h).iter())
        .any(|v| st.ck.vertices[v.index()].owner().is_some_and(|o| o != seat))
}

/// A thrifty seat about to end its turn spends first, while it can: a listed bank trade that leaves it fewer of
/// the cards its thrift counts (resources for a commodity; at a wholesale house any trade, each giving more than
/// it takes), else one of the cheap builds (knights, roads, ships, a development card, a wall, an improvement).
fn spend(st: &State, seat: Seat, thrift: Thrift, rng: &mut impl Rng) -> Option<Command> {
    let hand = st.ck.hand(seat);
    let holds = match thrift {
        Thrift::Nothing => false,
        Thrift::Resources => hand.resources.total() > 0,
        Thrift::Goods => hand.total() > 0,
    };
    if !holds {
        return None;
    }
    let mut trades = Vec::new();
    kind_actions(st, seat, Kind::Layer(MainKind::BankTrade), &mut trades);
    trades.retain(|c| match c {
        Command::Ck(K::BankTrade { give, receive }) => {
            thrift == Thrift::Goods || (give.resource().is_some() && receive.commodity().is_some())
        }
        _ => false,
    });
    if !trades.is_empty() {
        return Some(trades.swap_remove(rng.gen_range(0..trades.len())));
    }
    let mut kinds = [
        Kind::Layer(MainKind::BuildKnight),
        Kind::Layer(MainKind::ActivateKnight),
        Kind::Layer(MainKind::PromoteKnight),
        Kind::Layer(MainKind::BuildCityWall),
        Kind::Layer(MainKind::ImproveCity),
        Kind::BuildRoad,
        Kind::BuildShip,
        Kind::BuyDevelopmentCard,
    ]
    .map(|k| (k, 1));
    crate::hex::pick_kind_first(&mut kinds, rng, |kind, out| {
        kind_actions(st, seat, kind, out)
    })
}

/// A listed bank trade of one resource the seat holds two more of than `cost` asks for another it lacks, at
/// random, if any.
fn trade_towards(st: &State, seat: Seat, cost: Resources, rng: &mut impl Rng) -> Option<Command> {
    let hand = st.ck.hand(seat).resources;
    let mut trades = Vec::new();
    kind_actions(st, seat, Kind::Layer(MainKind::BankTrade), &mut trades);
    trades.retain(|c| match c {
        Command::Ck(K::BankTrade { give, receive }) => {
            let (Some(give), Some(receive)) = (give.resource(), receive.resource()) else {
                return false;
            };
            hand.get(receive) < cost.get(receive) && hand.get(give) >= cost.get(give) + 2
        }
        _ => false,
    });
    (!trades.is_empty()).then(|| trades.swap_remove(rng.gen_range(0..trades.len())))
}

/// The wonders, which uniform play would seldom finish (four levels of one wonder's own resources) and whose Great
/// Bridge and Great Wall need a building on a few corners of the map: a seat builds a level whenever it can, trades
/// with the bank towards the next level now and then, claims the Great Bridge, the Great Wall or the Monument when
/// it can, the Theater a third of the time and the Cathedral, which most seats can claim first, an eighth, and
/// neither while its network nears a free site of the other two; while those are free and it builds none, it
/// takes a listed settlement on their sites and now and then lays the road or ship that brings it closest to one.
fn wonder_preference(st: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    use super::wonder;
    let mut listed = Vec::new();
    kind_actions(st, seat, Kind::Wonder, &mut listed);
    if let Some(w) = wonder::of(st, seat) {
        if let Some(level) = listed.pop() {
            return Some(level);
        }
        if w.level >= wonder::WONDER_LEVELS || !rng.gen_ratio(1, 2) {
            return None;
        }
        return trade_towards(st, seat, w.wonder.level_cost(), rng);
    }
    let free = |w| !st.wonders.iter().any(|b| b.wonder == w);
    let board = st.board();
    // A seat whose network comes within a few sides of a free site keeps itself for that wonder.
    let t = board.topology();
    let near = |bridge: bool| {
        let d = wonder_site_distance(board, bridge);
        t.edges()
            .filter(|e| st.ck.edges[e.index()].owner() == Some(seat))
            .flat_map(|e| t.edge_vertices(e))
            .any(|v| d[v.index()] <= 4)
    };
    let saving =
        (free(Wonder::GreatBridge) && near(true)) || (free(Wonder::GreatWall) && near(false));
    // The rarest first, and the common ones not always, so that a seat may still reach a rarer one.
    const RAREST: [(Wonder, u32); 5] = [
        (Wonder::GreatBridge, 1),
        (Wonder::GreatWall, 1),
        (Wonder::Monument, 1),
        (Wonder::Theater, 3),
        (Wonder::Cathedral, 8),
    ];
    for (wonder, odds) in RAREST {
        let common = odds > 1;
        if listed.contains(&Command::StartWonder { wonder })
            && !(common && saving)
            && rng.gen_ratio(1, odds)
        {
            return Some(Command::StartWonder { wonder });
        }
    }
    if !free(Wonder::GreatBridge) && !free(Wonder::GreatWall) {
        return None;
    }
    let sites: Vec<crate::hex::VertexId> = [Wonder::GreatBridge, Wonder::GreatWall]
        .into_iter()
        .filter(|&w| free(w))
        .flat_map(|w| wonder::sites(board, w))
        .collect();
    let mut settlements = Vec::new();
    // Listed only when the seat can pay: the listing walks the whole network.
    if st
        .ck
        .hand(seat)
        .resources
        .contains(RULES.hex.costs.settlement)
    {
        kind_actions(st, seat, Kind::BuildSettlement, &mut settlements);
    }
    if let Some(site) = settlements
        .into_iter()
        .find(|c| matches!(c, Command::Ck(K::BuildSettlement { vertex }) if sites.contains(vertex)))
    {
        return Some(site);
    }
    if rng.gen_ratio(1, 8) {
        let bridge = match (free(Wonder::GreatBridge), free(Wonder::GreatWall)) {
            (true, true) => rng.gen_bool(0.5),
            (bridge, _) => bridge,
        };
        return towards(st, seat, wonder_site_distance(board, bridge));
    }
    None
}

/// A random client's weight of a command's kind (`RandomPlayer::command_weight`): the layer's commands as in
/// Cities & Knights, ships and development cards often, ship moves and chases rarely.
pub(crate) fn command_weight(command: &Command) -> u32 {
    match command {
        Command::Ck(layer) => crate::cities_knights::random::command_weight(layer),
        Command::BuildShip { .. } | Command::BuyDevelopmentCard => 40,
        Command::PlayKnight { .. }
        | Command::PlayRoadBuilding { .. }
        | Command::PlayYearOfPlenty { .. }
        | Command::PlayMonopoly { .. } => 40,
        Command::PlayProgressRoadBuilding { .. } => 25,
        Command::BuildLandingPlace { .. } => 10,
        Command::MoveShip { .. } | Command::ChaseBandit { .. } => 5,
        _ => 10,
    }
}

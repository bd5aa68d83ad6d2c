//! `legal_actions` and `seats_to_act`.
//!
//! As in the layer: board commands and single choices are listed completely; card sets (gold, discards, gifts)
//! as a sample of different ways to choose, offers as one card for one card, and a road building card with one
//! second piece per first piece (the layer's own listing for its obligations, the roll, the answers to an offer
//! and the main-phase kinds Catania keeps). Listing reuses `decide`'s predicates and never runs a trial `decide`.
//! The active seat's main phase is listed kind by kind ([`Kind`]), so the random player can draw a kind first
//! and list only that one ([`kind_actions`]).

use super::decide::{
    answerer, due_repairs, landing_site, open_road, open_ships_of, opening_site, settlement_cost,
    settlement_site, waits_for_repair, Routes,
};
use super::*;
use crate::catan::DevCard;
use crate::cities_knights::legal::{legal_actions as layer_actions, main_kind_actions, MainKind};
use crate::cities_knights::{Command as K, Phase, ProgressCard, ProgressPlay};
use crate::hex::{
    opening_road_sites, pirate_may_move, pirate_victims, road_edge, robber_may_move, ship_edge,
    trade, EdgeId, EdgePiece, Resource, VertexId, Victims,
};

/// [`seats_to_act`] without the answer to an open offer, which the game does not wait for: whether the answerer
/// can answer depends on its hand, which the other seats do not see.
pub(super) fn waiting_for(st: &State) -> Vec<Seat> {
    match st.phase() {
        Phase::Main if st.ck.obligations().is_empty() && !st.owes() => vec![st.active()],
        _ => seats_to_act(st),
    }
}

pub(super) fn seats_to_act(st: &State) -> Vec<Seat> {
    if let Phase::Ended { .. } = st.phase() {
        return Vec::new();
    }
    let ck = &st.ck;
    if !ck.obligations().is_empty() || st.owes() {
        let mut seats: Vec<Seat> = Vec::new();
        // A station's exchange waits for the gold (seed line 82: the roll's goods count for it).
        let station = st.posts_due.first().filter(|_| st.gold.is_empty());
        let owing = ck
            .obligations()
            .iter()
            .map(|o| o.seat())
            .chain(st.gold.first().map(|g| g.seat))
            .chain(station.map(|p| p.seat))
            .chain(temple::waiting(st))
            .chain(st.castle_due.iter().copied());
        for s in owing {
            if !seats.contains(&s) {
                seats.push(s);
            }
        }
        return seats;
    }
    let mut seats = vec![st.active()];
    if st.phase() == Phase::Main && ck.trade.offer().is_some() {
        if let Some(a) = answerer(st) {
            if trade::can_respond(&ck.trade, st.active(), a, |s| ck.hand(s)) {
                seats.push(a);
            }
        }
    }
    seats
}

pub(super) fn legal_actions(st: &State, seat: Seat) -> Vec<Command> {
    let mut out = Vec::new();
    if matches!(st.phase(), Phase::Ended { .. }) || seat.0 >= st.seats() {
        return out;
    }
    let layer = |out: &mut Vec<Command>| {
        out.extend(layer_actions(&st.ck, seat).into_iter().map(Command::Ck));
    };
    if !st.ck.obligations().is_empty() || st.owes() {
        if st.ck.obligations().iter().any(|o| o.seat() == seat) {
            layer(&mut out);
        }
        if st.gold.first().is_some_and(|g| g.seat == seat) {
            gold_choices(st, seat, &mut out);
        }
        station::exchange_choices(st, seat, &mut out);
        temple::choices(st, seat, &mut out);
        castle::choices(st, seat, &mut out);
        return out;
    }
    let active = seat == st.active();
    match st.phase() {
        Phase::PlaceBuilding { .. } if active => {
            let board = st.board();
            let labels = islands(board);
            let catan = catan_island(&labels);
            for v in board.topology().vertices() {
                if ckd_site_ok(st, v) && opening_site(board, catan, &labels, v).is_ok() {
                    out.push(Command::Ck(K::PlaceSettlement { vertex: v }));
                }
            }
        }
        Phase::PlaceRoad { vertex, .. } if active => {
            let board = st.board();
            for edge in opening_road_sites(board, &st.ck.edges, vertex) {
                if road_edge(board, edge) {
                    out.push(Command::Ck(K::PlaceRoad { edge }));
                }
                if ship_edge(board, edge) && !st.sea().pirate_blocks(board, edge) {
                    out.push(Command::PlaceShip { edge });
                }
            }
        }
        Phase::Roll if active => layer(&mut out),
        Phase::Robber if active => {
            bandit_moves(st, seat, Bandit::Robber, |hex, victim| {
                out.push(Command::Ck(K::MoveRobber { hex, victim }))
            });
            bandit_moves(st, seat, Bandit::Pirate, |hex, victim| {
                out.push(Command::MovePirate { hex, victim })
            });
        }
        Phase::Main if active => {
            for kind in Kind::ALL {
                kind_actions(st, seat, kind, &mut out);
            }
        }
        // The answers to an offer, from the seat whose turn it is to answer (clockwise).
        Phase::Main if answerer(st) == Some(seat) => layer(&mut out),
        _ => {}
    }
    out
}

fn ckd_site_ok(st: &State, v: VertexId) -> bool {
    crate::cities_knights::decide::site_ok(&st.ck, v).is_ok()
}

/// A kind of command of the active seat's main phase: the layer's kinds Catania keeps as they are, and Catania's
/// own. Every command the main phase lists is of one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Layer(MainKind),
    BuildRoad,
    BuildSettlement,
    BuildShip,
    MoveShip,
    BuildLandingPlace,
    BuyDevelopmentCard,
    PlayDevelopmentCard,
    ChaseBandit,
    ProgressRoadBuilding,
    Diplomat,
    /// Claiming a wonder or building its next level.
    Wonder,
}

impl Kind {
    pub(super) const ALL: [Kind; 27] = {
        use MainKind as M;
        [
            Kind::Layer(M::ReturnProgressCard),
            Kind::Layer(M::EndTurn),
            Kind::BuildRoad,
            Kind::BuildShip,
            Kind::MoveShip,
            Kind::BuildLandingPlace,
            Kind::BuildSettlement,
            Kind::Layer(M::BuildCity),
            Kind::Layer(M::BuildCityWall),
            Kind::Layer(M::BuildKnight),
            Kind::Layer(M::PlaceDeserterKnight),
            Kind::Layer(M::ActivateKnight),
            Kind::Layer(M::PromoteKnight),
            Kind::Layer(M::MoveKnight),
            Kind::ChaseBandit,
            Kind::Layer(M::ImproveCity),
            Kind::Layer(M::BankTrade),
            Kind::Layer(M::OfferTrade),
            Kind::Layer(M::WithdrawTrade),
            Kind::Layer(M::AcceptCounterOffer),
            Kind::Layer(M::RejectCounterOffer),
            Kind::BuyDevelopmentCard,
            Kind::PlayDevelopmentCard,
            Kind::Layer(M::PlayProgressCard),
            Kind::ProgressRoadBuilding,
            Kind::Diplomat,
            Kind::Wonder,
        ]
    };
}

/// The commands of one kind of the active seat's main phase (no obligation pending), without the builds a repair
/// due makes wait (`decide`'s own predicate).
pub(super) fn kind_actions(st: &State, seat: Seat, kind: Kind, out: &mut Vec<Command>) {
    let start = out.len();
    list_kind(st, seat, kind, out);
    let due = due_repairs(st, seat);
    if !due.is_empty() {
        let listed = out.split_off(start);
        out.extend(listed.into_iter().filter(|c| !waits_for_repair(&due, c)));
    }
}

fn list_kind(st: &State, seat: Seat, kind: Kind, out: &mut Vec<Command>) {
    let ck = &st.ck;
    let t = st.board().topology();
    let hand = ck.hand(seat).resources;
    match kind {
        Kind::Layer(k) => {
            let trading = matches!(
                k,
                MainKind::BankTrade | MainKind::OfferTrade | MainKind::AcceptCounterOffer
            );
            if trading && st.building {
                return;
            }
            let mut layer = Vec::new();
            main_kind_actions(ck, seat, k, &mut layer);
            // No wall at a station; a warned station building, a sacrificial site and a castle settlement are not
            // upgraded, by a build or by the medicine (decide's checks).
            let board = st.board();
            layer.retain(|c| match *c {
                K::BuildCityWall { vertex }
                | K::PlayProgressCard {
                    play: ProgressPlay::Engineer { vertex },
                } => station::station_of(board, vertex).is_none(),
                K::BuildCity { vertex }
                | K::PlayProgressCard {
                    play: ProgressPlay::Medicine { vertex },
                } => {
                    !station::is_warned(st, vertex)
                        && temple::temple_of(board, vertex).is_none()
                        && castle::castle_of(board, vertex).is_none()
                }
                _ => true,
            });
            // The road building and diplomat cards are listed with ships, as Catania plays them.
            out.extend(
                layer
                    .into_iter()
                    .filter(|c| {
                        !matches!(
                            c,
                            K::PlayProgressCard {
                                play: ProgressPlay::RoadBuilding { .. }
                                    | ProgressPlay::Diplomat { .. }
                            }
                        )
                    })
                    .map(Command::Ck),
            );
        }
        Kind::BuildRoad => {
            if ck.players[seat.index()].roads_left == 0 || !hand.contains(RULES.hex.costs.road) {
                return;
            }
            let routes = Routes::new(st, seat);
            for edge in Network::of(st, seat).frontier(t) {
                if routes.ok(&ck.edges, edge, false) {
                    out.push(Command::Ck(K::BuildRoad { edge }));
                }
            }
        }
        Kind::BuildShip => {
            if st.ships_left(seat) == 0 || !hand.contains(SHIP_COST) {
                return;
            }
            let routes = Routes::new(st, seat);
            for edge in Network::of(st, seat).frontier(t) {
                if routes.ok(&ck.edges, edge, true) {
                    out.push(Command::BuildShip { edge });
                }
            }
        }
        Kind::MoveShip => {
            let sea = st.sea();
            if sea.moved_this_turn {
                return;
            }
            let routes = Routes::new(st, seat);
            let frontier = Network::of(st, seat).frontier(t);
            for from in open_ships_of(st, seat) {
                // The rest of `ship_may_move`: the ship is the seat's and open.
                if sea.built_this_turn.contains(&from) || sea.pirate_blocks(st.board(), from) {
                    continue;
                }
                let mut edges = ck.edges.clone();
                edges[from.index()] = EdgePiece::EMPTY;
                for &to in &frontier {
                    if to != from && routes.ok(&edges, to, true) {
                        out.push(Command::MoveShip { from, to });
                    }
                }
            }
        }
        Kind::BuildLandingPlace => {
            if st.landings_left(seat) == 0 || !hand.contains(LANDING_COST) {
                return;
            }
            for vertex in Network::of(st, seat).corners {
                if landing_site(st, seat, vertex) {
                    out.push(Command::BuildLandingPlace { vertex });
                }
            }
        }
        Kind::BuildSettlement => {
            if ck.settlements_left(seat) == 0 || !hand.contains(RULES.hex.costs.settlement) {
                return;
            }
            for vertex in Network::of(st, seat).corners {
                if settlement_site(st, seat, vertex).is_ok()
                    && hand.contains(settlement_cost(st.board(), vertex))
                {
                    out.push(Command::Ck(K::BuildSettlement { vertex }));
                }
            }
        }
        Kind::BuyDevelopmentCard => {
            if st.deck.total() > 0 && hand.contains(DEV_CARD_COST) {
                out.push(Command::BuyDevelopmentCard);
            }
        }
        Kind::PlayDevelopmentCard => {
            if st.dev_played {
                return;
            }
            let dev = st.sailors[seat.index()].dev;
            if dev.knight > 0 {
                for bandit in [Bandit::Robber, Bandit::Pirate] {
                    bandit_moves(st, seat, bandit, |hex, victim| {
                        out.push(Command::PlayKnight {
                            bandit,
                            hex,
                            victim,
                        })
                    });
                }
            }
            if dev.road_building > 0 {
                road_building_plays(st, seat, |first, second| {
                    out.push(Command::PlayRoadBuilding { first, second })
                });
            }
            if dev.year_of_plenty > 0 {
                let bank = ck.bank().resources;
                for first in Resource::ALL {
                    for second in Resource::ALL {
                        let want = Resources::one(first, 1).plus(Resources::one(second, 1));
                        if bank.contains(want) {
                            out.push(Command::PlayYearOfPlenty { first, second });
                        }
                    }
                }
            }
            if dev.get(DevCard::Monopoly) > 0 {
                for resource in Resource::ALL {
                    out.push(Command::PlayMonopoly { resource });
                }
            }
        }
        Kind::ChaseBandit => {
            for v in t.vertices() {
                if crate::cities_knights::decide::ready_knight(ck, seat, v).is_err() {
                    continue;
                }
                let hexes = t.vertex_hexes(v);
                for bandit in [Bandit::Robber, Bandit::Pirate] {
                    let at = match bandit {
                        Bandit::Robber => Some(ck.robber()),
                        Bandit::Pirate => st.pirate(),
                    };
                    if at.is_some_and(|h| hexes.contains(&h)) {
                        bandit_moves(st, seat, bandit, |hex, victim| {
                            out.push(Command::ChaseBandit {
                                knight: v,
                                bandit,
                                hex,
                                victim,
                            })
                        });
                    }
                }
            }
        }
        Kind::ProgressRoadBuilding => {
            if !ck
                .progress_cards(seat)
                .contains(&ProgressCard::RoadBuilding)
            {
                return;
            }
            road_building_plays(st, seat, |first, second| {
                out.push(Command::PlayProgressRoadBuilding { first, second })
            });
        }
        Kind::Wonder => wonder::choices(st, seat, out),
        Kind::Diplomat => {
            if !ck.progress_cards(seat).contains(&ProgressCard::Diplomat) {
                return;
            }
            let routes = Routes::new(st, seat);
            let frontier = Network::of(st, seat).frontier(t);
            let open_ships: Vec<Vec<EdgeId>> =
                st.ck.seat_iter().map(|s| open_ships_of(st, s)).collect();
            let mut edges = ck.edges.clone();
            for edge in t.edges() {
                let p = ck.edges[edge.index()];
                let Some(owner) = p.owner() else { continue };
                let open = if p.is_ship() {
                    open_ships[owner.index()].contains(&edge)
                } else {
                    open_road(st, owner, edge)
                };
                if !open {
                    continue;
                }
                let play = |relocate| {
                    Command::Ck(K::PlayProgressCard {
                        play: ProgressPlay::Diplomat { edge, relocate },
                    })
                };
                out.push(play(None));
                if owner == seat {
                    edges[edge.index()] = EdgePiece::EMPTY;
                    if let Some(&r) = frontier
                        .iter()
                        .find(|&&r| r != edge && routes.ok(&edges, r, p.is_ship()))
                    {
                        out.push(play(Some(r)));
                    }
                    edges[edge.index()] = p;
                }
            }
        }
    }
}

/// Where the seat's network reaches: the corners its roads and ships touch (where its settlements and landing places
/// may go) and the corners of its buildings. A new road or ship joins the network only at one of them, so the
/// listings ask about the sides there and no others.
struct Network {
    /// Corners of the seat's roads and ships, in corner order.
    corners: Vec<VertexId>,
    /// Those and the corners of its buildings.
    reach: Vec<VertexId>,
}

impl Network {
    fn of(st: &State, seat: Seat) -> Network {
        let t = st.board().topology();
        let mut corners: Vec<VertexId> = t
            .edges()
            .filter(|e| st.ck.edges[e.index()].owner() == Some(seat))
            .flat_map(|e| t.edge_vertices(e))
            .collect();
        corners.sort_unstable();
        corners.dedup();
        let mut reach = corners.clone();
        reach.extend(
            t.vertices()
                .filter(|v| st.ck.vertices[v.index()].owner() == Some(seat)),
        );
        reach.sort_unstable();
        reach.dedup();
        Network { corners, reach }
    }

    /// Every side at a corner the network reaches, in edge order.
    fn frontier(&self, t: &crate::hex::Topology) -> Vec<EdgeId> {
        let mut sides: Vec<EdgeId> = self
            .reach
            .iter()
            .flat_map(|&v| t.vertex_edges(v).iter().copied())
            .collect();
        sides.sort_unstable();
        sides.dedup();
        sides
    }
}

/// Every way to move the robber or the pirate now (the layer's robber rules; the pirate to another sea hex,
/// robbing a ship owner there), with each victim choice [`Victims`] allows.
fn bandit_moves(st: &State, seat: Seat, bandit: Bandit, mut push: impl FnMut(HexId, Option<Seat>)) {
    let ck = &st.ck;
    let board = st.board();
    let has_cards = |s: Seat| ck.hand(s).total() > 0;
    for hex in board.topology().hexes() {
        let victims = match bandit {
            Bandit::Robber if robber_may_move(board, ck.robber(), hex) => {
                Victims::of_robber(board, &ck.vertices, hex, seat, has_cards)
            }
            Bandit::Pirate if pirate_may_move(board, st.pirate(), hex) => {
                Victims::new(pirate_victims(board, &ck.edges, hex, seat), has_cards)
            }
            _ => continue,
        };
        for victim in victims.choices() {
            push(hex, victim);
        }
    }
}

/// The plays of a road building card: every legal first piece (road or ship), each with the first legal second
/// piece on the board with it, or none when no second fits (the layer's listing, with ships).
fn road_building_plays(
    st: &State,
    seat: Seat,
    mut push: impl FnMut(RoutePiece, Option<RoutePiece>),
) {
    let ck = &st.ck;
    let t = st.board().topology();
    let routes = Routes::new(st, seat);
    let left = [ck.players[seat.index()].roads_left, st.ships_left(seat)];
    let mut edges = ck.edges.clone();
    let frontier = Network::of(st, seat).frontier(t);
    for &e in &frontier {
        for ship in [false, true] {
            if left[usize::from(ship)] == 0 || !routes.ok(&ck.edges, e, ship) {
                continue;
            }
            let first = RoutePiece { edge: e, ship };
            edges[e.index()] = if ship {
                EdgePiece::ship(seat)
            } else {
                EdgePiece::road(seat)
            };
            let mut after = left;
            after[usize::from(ship)] -= 1;
            // The second piece joins where the network reached or at the first piece's corners.
            let mut near: Vec<EdgeId> = t
                .edge_vertices(e)
                .into_iter()
                .flat_map(|v| t.vertex_edges(v).iter().copied())
                .chain(frontier.iter().copied())
                .collect();
            near.sort_unstable();
            near.dedup();
            let second = near.into_iter().find_map(|x| {
                [false, true]
                    .into_iter()
                    .find(|&s| after[usize::from(s)] > 0 && routes.ok(&edges, x, s))
                    .map(|s| RoutePiece { edge: x, ship: s })
            });
            edges[e.index()] = EdgePiece::EMPTY;
            push(first, second);
        }
    }
}

/// A few different choices of the gold owed: round robin over the resources the bank holds from each starting
/// resource, and as many of one resource as the bank allows.
fn gold_choices(st: &State, seat: Seat, out: &mut Vec<Command>) {
    let Some(owed) = st.gold.first().filter(|g| g.seat == seat) else {
        return;
    };
    let bank = st.ck.bank().resources;
    let need = u16::from(owed.count).min(bank.total());
    let mut picks: Vec<Resources> = Vec::new();
    for start in 0..Resource::ALL.len() {
        let mut left = bank;
        let mut pick = Resources::ZERO;
        let mut i = start;
        while pick.total() < need {
            let r = Resource::ALL[i % Resource::ALL.len()];
            if left.get(r) > 0 {
                *left.get_mut(r) -= 1;
                *pick.get_mut(r) += 1;
            }
            i += 1;
        }
        if !picks.contains(&pick) {
            picks.push(pick);
        }
    }
    for r in Resource::ALL {
        let pick = Resources::one(r, need.min(u16::from(bank.get(r))) as u8);
        if pick.total() == need && !picks.contains(&pick) {
            picks.push(pick);
        }
    }
    out.extend(
        picks
            .into_iter()
            .map(|resources| Command::ChooseGold { resources }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{Playout, RandomPlayer};

    /// Found by trying the CLI as a spectator: with an offer open, "waiting for" named the answerer only when its
    /// hidden hand could pay, so every viewer learnt something of that hand.
    #[test]
    fn an_open_offer_adds_nobody_to_whom_the_game_waits_for() {
        let mut found = 0;
        for seed in 0..40 {
            let (_, mut playout) =
                Playout::<Catania>::seeded(&Catania::random_config(4, false), seed).unwrap();
            while playout.step(|_| {}).is_ok() {
                let st = playout.state();
                let open = st.phase() == Phase::Main && st.ck.trade.offer().is_some();
                if open
                    && seats_to_act(st).len() > 1
                    && st.ck.obligations().is_empty()
                    && !st.owes()
                {
                    assert_eq!(waiting_for(st), vec![st.active()], "seed {seed}");
                    found += 1;
                }
            }
        }
        assert!(
            found > 0,
            "no random game reached an offer its answerer could take"
        );
    }
}

//! Catania's greedy bot: the layer's commands scored by the Cities & Knights bot on the layer's state, and
//! Catania's own (ships, the pirate, gold, development cards, wonders) by the same shared hex evaluation.

use super::cities_knights as ck;
use super::expert::Expert;
use super::hex;
use super::Bot;
use crate::catania::{Catania, Command, State};
use crate::cities_knights::{Command as K, Hand};
use crate::hex::{EdgeId, HexId, Resources};
use crate::Seat;

/// What a castle settlement adds to the layer's score of a settlement: a point that no barbarian takes and a
/// share of the pile on every 7 while the ship is under way.
const CASTLE_SETTLEMENT: i32 = 150;

/// Public points of every seat, by Catania's count.
fn points(state: &State) -> Vec<u8> {
    (0..state.ck.seats)
        .map(|s| state.public_points(Seat(s)))
        .collect()
}

/// What a road or ship on `e` is worth now: much while the seat has settlements but no free site to put them
/// on, little otherwise.
fn route(state: &State, seat: Seat, e: EdgeId) -> i32 {
    let layer = &state.ck;
    let prospect = hex::road_prospect(&layer.board, &layer.vertices, seat, e);
    if layer.settlements_left(seat) > 0
        && !hex::has_site(&layer.board, &layer.vertices, &layer.edges, seat)
    {
        450 + prospect
    } else {
        10
    }
}

fn bandit(state: &State, seat: Seat, at: HexId, victim: Option<Seat>) -> i32 {
    let points = points(state);
    let layer = &state.ck;
    hex::robber_value(&layer.board, &layer.vertices, seat, at, &points) * 4
        + hex::victim_value(victim, &points)
}

/// How much more (or less) the seat's hand is worth after handing over `give` and receiving `receive`.
fn hand_change(state: &State, seat: Seat, give: Hand, receive: Hand) -> i32 {
    let layer = &state.ck;
    let hand = layer.players[seat.index()].hand;
    ck::hand_value(layer, seat, hand.minus(give).plus(receive)) - ck::hand_value(layer, seat, hand)
}

fn resources(r: Resources) -> Hand {
    Hand {
        resources: r,
        commodities: Default::default(),
    }
}

impl Bot for Catania {
    fn greedy_score(state: &State, seat: Seat, command: &Command) -> i32 {
        let layer = &state.ck;
        match command {
            // A castle settlement produces nothing on a number, so the layer's score misses its loot on a 7.
            Command::Ck(c @ K::BuildSettlement { vertex }) if state.is_castle_corner(*vertex) => {
                ck::score(layer, seat, c) + CASTLE_SETTLEMENT
            }
            Command::Ck(c) => ck::score(layer, seat, c),
            Command::PlaceShip { edge } => {
                hex::road_prospect(&layer.board, &layer.vertices, seat, *edge)
            }
            Command::BuildShip { edge } => route(state, seat, *edge),
            Command::MoveShip { .. } => 0,
            Command::BuildLandingPlace { .. } => 200,
            Command::MovePirate { hex, victim } => bandit(state, seat, *hex, *victim),
            Command::ChooseGold { resources: r } => {
                100 + ck::hand_value(
                    layer,
                    seat,
                    layer.players[seat.index()].hand.plus(resources(*r)),
                )
            }
            Command::BuyDevelopmentCard => 400,
            Command::PlayKnight { hex, victim, .. } => 300 + bandit(state, seat, *hex, *victim),
            Command::ChaseBandit { hex, victim, .. } => 350 + bandit(state, seat, *hex, *victim),
            Command::PlayRoadBuilding { first, second }
            | Command::PlayProgressRoadBuilding { first, second } => {
                350 + route(state, seat, first.edge)
                    + second.map_or(0, |p| route(state, seat, p.edge))
            }
            Command::PlayYearOfPlenty { first, second } => {
                let take = Resources::one(*first, 1).plus(Resources::one(*second, 1));
                700 + ck::gain(layer, seat, Hand::default(), resources(take)).unwrap_or(0)
            }
            Command::PlayMonopoly { .. } => 300,
            // Obligations: of the exchanges or payments allowed, the one that leaves the most useful hand.
            Command::ExchangeAtStation { give, take } => {
                hand_change(state, seat, *give, resources(*take))
            }
            Command::PayTemple { resources: r } => {
                hand_change(state, seat, resources(*r), Hand::default())
            }
            Command::DepositAtCastle { card } => {
                hand_change(state, seat, Hand::one(*card, 1), Hand::default())
            }
            // A wonder's four levels are 4 points, so a level is worth about a settlement's point, and more the
            // nearer it brings the wonder to completion.
            Command::StartWonder { .. } => 700,
            Command::BuildWonderLevel => {
                let level = state
                    .wonders()
                    .iter()
                    .find(|w| w.seat == seat)
                    .map_or(0, |w| w.level);
                800 + 100 * i32::from(level)
            }
        }
    }
}

impl Expert for Catania {
    fn standing(state: &State, seat: Seat) -> f64 {
        let layer = &state.ck;
        super::catan::hex_standing(
            state.points(seat),
            hex::production(&layer.board, &layer.vertices, seat),
            layer.players[seat.index()].hand.total(),
        )
    }

    fn target(state: &State) -> f64 {
        f64::from(state.ck.points_to_win)
    }

    fn seats(state: &State) -> u8 {
        state.ck.seats
    }

    fn offer_gain(state: &State, seat: Seat, command: &Command) -> Option<i32> {
        match command {
            Command::Ck(K::OfferTrade { give, receive } | K::CounterOffer { give, receive }) => {
                ck::gain(&state.ck, seat, *give, *receive)
            }
            _ => None,
        }
    }
}

//! Base Catan's greedy bot: the shared hex evaluation over base Catan's commands.

use super::expert::Expert;
use super::hex::{self, Goal};
use super::Bot;
use crate::catan::{
    Catan, Command, Phase, State, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST,
};
use crate::hex::{Resource, Resources, VertexId};
use crate::Seat;

/// Scores of the commands that need no evaluation, on one scale with the evaluated ones: a build beats a card,
/// a card beats ending the turn, and ending the turn beats anything that only spends.
const CITY: i32 = 1_000;
const SETTLEMENT: i32 = 900;
const TRADE_TO_BUILD: i32 = 650;
const DEV_CARD: i32 = 400;
const ROAD_TOWARDS_SITE: i32 = 450;
const END_TURN: i32 = 100;

/// Public points of every seat.
pub(super) fn points(state: &State) -> Vec<u8> {
    state.seat_iter().map(|s| state.public_points(s)).collect()
}

/// What `seat` saves for now, by what it may still build.
fn goals(state: &State, seat: Seat) -> Vec<Goal> {
    let p = &state.players[seat.index()];
    let mut goals = Vec::new();
    let settlements_on_board = state
        .vertices
        .iter()
        .any(|v| v.is_owned_by(seat) && !v.is_city());
    if p.cities_left > 0 && settlements_on_board {
        goals.push(Goal {
            cost: CITY_COST,
            weight: 3,
        });
    }
    if p.settlements_left > 0 {
        goals.push(Goal {
            cost: SETTLEMENT_COST,
            weight: 3,
        });
        if p.roads_left > 0 {
            goals.push(Goal {
                cost: ROAD_COST,
                weight: 1,
            });
        }
    }
    if state.deck.total() > 0 {
        goals.push(Goal {
            cost: DEV_CARD_COST,
            weight: 1,
        });
    }
    goals
}

fn hand_value(state: &State, seat: Seat, hand: Resources) -> i32 {
    hex::hand_value(hand, &goals(state, seat), 7)
}

fn corner(state: &State, seat: Seat, v: VertexId) -> i32 {
    hex::corner_value(&state.board, &state.vertices, seat, v)
}

/// The value of a trade for `seat` that hands over `give` for `receive`, or `None` if it does not help.
fn trade_gain(state: &State, seat: Seat, give: Resources, receive: Resources) -> Option<i32> {
    let hand = state.players[seat.index()].hand;
    if !hand.contains(give) {
        return None;
    }
    let gain =
        hand_value(state, seat, hand.minus(give).plus(receive)) - hand_value(state, seat, hand);
    (gain > 0).then_some(gain)
}

impl Bot for Catan {
    fn greedy_score(state: &State, seat: Seat, command: &Command) -> i32 {
        let p = &state.players[seat.index()];
        let points = points(state);
        match command {
            Command::RollDice => 500,
            Command::PlaceSettlement { vertex } => corner(state, seat, *vertex),
            Command::BuildRoad { edge } => {
                if p.settlements_left > 0
                    && !hex::has_site(&state.board, &state.vertices, &state.edges, seat)
                {
                    ROAD_TOWARDS_SITE
                        + hex::road_prospect(&state.board, &state.vertices, seat, *edge)
                } else {
                    // A road that opens nothing only spends what a settlement or a city needs.
                    10
                }
            }
            Command::PlaceRoad { edge } => {
                hex::road_prospect(&state.board, &state.vertices, seat, *edge)
            }
            Command::BuildCity { vertex } => CITY + corner(state, seat, *vertex),
            Command::BuildSettlement { vertex } => SETTLEMENT + corner(state, seat, *vertex),
            Command::BuyDevelopmentCard => DEV_CARD,
            Command::PlayKnight => {
                if hex::robbed(&state.board, &state.vertices, state.robber, seat) {
                    600
                } else if state.phase == Phase::Main {
                    300
                } else {
                    0
                }
            }
            Command::PlayRoadBuilding { first, second } => {
                if p.settlements_left > 0
                    && !hex::has_site(&state.board, &state.vertices, &state.edges, seat)
                {
                    350 + hex::road_prospect(&state.board, &state.vertices, seat, *first)
                        + second.map_or(0, |e| {
                            hex::road_prospect(&state.board, &state.vertices, seat, e)
                        })
                } else {
                    50
                }
            }
            Command::PlayYearOfPlenty { first, second } => {
                let take = Resources::one(*first, 1).plus(Resources::one(*second, 1));
                700 + trade_gain(state, seat, Resources::ZERO, take).unwrap_or(0)
            }
            Command::PlayMonopoly { resource } => {
                // What the others hold is hidden; what the bot lacks most is not.
                let lacking = Resource::ALL
                    .iter()
                    .filter(|&&r| p.hand.get(r) == 0)
                    .count() as i32;
                300 + if p.hand.get(*resource) == 0 {
                    lacking * 10
                } else {
                    0
                }
            }
            Command::MaritimeTrade { give, receive } => {
                let ratio = crate::hex::best_ratio(&state.board, &state.vertices, seat, *give);
                let gain = trade_gain(
                    state,
                    seat,
                    Resources::one(*give, ratio),
                    Resources::one(*receive, 1),
                );
                match gain {
                    Some(g) if g >= 30 => TRADE_TO_BUILD + g,
                    _ => 0,
                }
            }
            // Offers are not made: answering them is where a trade helps without giving the initiative away.
            Command::OfferTrade { .. } | Command::CounterOffer { .. } => 0,
            Command::AcceptTrade => {
                let Some(terms) = state.trade.offer() else {
                    return 0;
                };
                let from = state.active;
                match trade_gain(state, seat, terms.receive, terms.give) {
                    Some(_) if !hex::feeds_leader(&points, state.points_to_win, seat, from) => 200,
                    _ => 0,
                }
            }
            Command::AcceptCounterOffer { seat: other } => {
                let Some(terms) = state.trade.counter(*other) else {
                    return 0;
                };
                match trade_gain(state, seat, terms.receive, terms.give) {
                    Some(_) if !hex::feeds_leader(&points, state.points_to_win, seat, *other) => {
                        200
                    }
                    _ => 0,
                }
            }
            Command::RejectTrade | Command::RejectCounterOffer { .. } | Command::WithdrawTrade => {
                END_TURN
            }
            Command::Discard { resources } => {
                END_TURN + hand_value(state, seat, p.hand.minus(*resources))
            }
            Command::MoveRobber { hex, victim } => {
                hex::robber_value(&state.board, &state.vertices, seat, *hex, &points) * 4
                    + hex::victim_value(*victim, &points)
            }
            Command::EndTurn => END_TURN,
        }
    }
}

/// Points, and a little for what the seat's buildings yield (a settlement's yield is worth about a third of its
/// point) and for the cards in hand up to the limit a 7 halves.
pub(super) fn hex_standing(points: u8, production: [i32; 5], hand: u16) -> f64 {
    let pips: i32 = production.iter().sum();
    f64::from(points) + 0.03 * f64::from(pips) + 0.04 * f64::from(hand.min(7))
}

impl Expert for Catan {
    const HORIZON: u32 = 16;

    fn standing(state: &State, seat: Seat) -> f64 {
        hex_standing(
            state.points(seat),
            hex::production(&state.board, &state.vertices, seat),
            state.players[seat.index()].hand.total(),
        )
    }

    fn target(state: &State) -> f64 {
        f64::from(state.points_to_win)
    }

    fn seats(state: &State) -> u8 {
        state.seats
    }

    fn offer_gain(state: &State, seat: Seat, command: &Command) -> Option<i32> {
        match command {
            Command::OfferTrade { give, receive } | Command::CounterOffer { give, receive } => {
                trade_gain(state, seat, *give, *receive)
            }
            _ => None,
        }
    }
}

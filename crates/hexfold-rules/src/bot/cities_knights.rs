//! The greedy bot of the Cities & Knights layer: the shared hex evaluation over the layer's commands, for Cities &
//! Knights itself and for Catania's commands of the layer (`catania.rs`), under whichever rules the state carries.

use super::expert::Expert;
use super::hex::{self, Goal};
use super::Bot;
use crate::cities_knights::{CitiesKnights, Command, Good, Hand, State};
use crate::hex::{Resources, VertexId};
use crate::Seat;

const END_TURN: i32 = 100;

/// Public points of every seat.
pub(super) fn points(state: &State) -> Vec<u8> {
    state.seat_iter().map(|s| state.points(s)).collect()
}

/// Whether the barbarians are two moves or less from their attack.
fn barbarians_near(state: &State) -> bool {
    state.barbarians + 2 >= state.rules().barbarian_track_len
}

fn goals(state: &State, seat: Seat) -> Vec<Goal> {
    let costs = state.rules().hex.costs;
    let mut goals = Vec::new();
    if state.cities_left(seat) > 0
        && state.settlements_left(seat) < state.rules().hex.pieces.settlements
    {
        goals.push(Goal {
            cost: costs.city,
            weight: 3,
        });
    }
    if state.settlements_left(seat) > 0 {
        goals.push(Goal {
            cost: costs.settlement,
            weight: 3,
        });
        goals.push(Goal {
            cost: costs.road,
            weight: 1,
        });
    }
    goals.push(Goal {
        cost: state.rules().knight_cost,
        weight: if barbarians_near(state) { 3 } else { 1 },
    });
    goals
}

/// A hand's worth: its resources towards the goals, and each commodity (the improvements' currency) at a fixed
/// price.
pub(super) fn hand_value(state: &State, seat: Seat, hand: Hand) -> i32 {
    let limit = u16::from(state.hand_limit(seat));
    let commodities = i32::from(hand.commodities.total());
    let mut value = hex::hand_value(hand.resources, &goals(state, seat), limit) + 14 * commodities;
    if hand.total() > limit {
        value -= commodities;
    }
    value
}

/// The gain of a hand change for `seat`, if it helps.
pub(super) fn gain(state: &State, seat: Seat, give: Hand, receive: Hand) -> Option<i32> {
    let hand = state.players[seat.index()].hand;
    if !hand.contains(give) {
        return None;
    }
    let g = hand_value(state, seat, hand.minus(give).plus(receive)) - hand_value(state, seat, hand);
    (g > 0).then_some(g)
}

fn corner(state: &State, seat: Seat, v: VertexId) -> i32 {
    hex::corner_value(&state.board, &state.vertices, seat, v)
}

/// What a bank trade hands over: four of a kind, or the seat's harbor ratio for a resource (commodities at the
/// trading house's ratio are not looked up: four is the most it can cost).
fn bank_give(state: &State, seat: Seat, good: Good) -> Hand {
    let n = match good.resource() {
        Some(r) => crate::hex::best_ratio(&state.board, &state.vertices, seat, r),
        None => 4,
    };
    Hand::one(good, n)
}

/// The score of one of the layer's commands for `seat`.
pub(super) fn score(state: &State, seat: Seat, command: &Command) -> i32 {
    let points = points(state);
    let hand = state.players[seat.index()].hand;
    let near = barbarians_near(state);
    match command {
        Command::RollDice => 500,
        Command::PlaceSettlement { vertex } | Command::PlaceCity { vertex } => {
            corner(state, seat, *vertex)
        }
        Command::PlaceRoad { edge } => {
            hex::road_prospect(&state.board, &state.vertices, seat, *edge)
        }
        Command::BuildRoad { edge } => {
            if state.settlements_left(seat) > 0
                && !hex::has_site(&state.board, &state.vertices, &state.edges, seat)
            {
                450 + hex::road_prospect(&state.board, &state.vertices, seat, *edge)
            } else {
                10
            }
        }
        Command::BuildSettlement { vertex } => 900 + corner(state, seat, *vertex),
        Command::BuildCity { vertex } => 1_000 + corner(state, seat, *vertex),
        Command::ImproveCity { track, .. } => {
            // One track at a time reaches a metropolis sooner.
            let level = state.players[seat.index()].improvements.get(*track);
            800 + 30 * i32::from(level)
        }
        Command::BuildKnight { .. } => {
            if near {
                700
            } else {
                250
            }
        }
        Command::ActivateKnight { .. } => {
            if near {
                720
            } else {
                150
            }
        }
        Command::PromoteKnight { .. } => 300,
        Command::BuildCityWall { .. } => 220,
        Command::ChaseRobber { .. } => {
            if hex::robbed(&state.board, &state.vertices, state.robber, seat) {
                450
            } else {
                0
            }
        }
        Command::MoveKnight { .. } | Command::PlaceDeserterKnight { .. } => 0,
        Command::PlayProgressCard { .. } => 500,
        Command::BankTrade { give, receive } => {
            match gain(
                state,
                seat,
                bank_give(state, seat, *give),
                Hand::one(*receive, 1),
            ) {
                Some(g) if g >= 30 => 650 + g,
                _ => 0,
            }
        }
        Command::OfferTrade { .. } | Command::CounterOffer { .. } => 0,
        Command::AcceptTrade => match state.trade.offer() {
            Some(t)
                if gain(state, seat, t.receive, t.give).is_some()
                    && !hex::feeds_leader(&points, state.points_to_win, seat, state.active) =>
            {
                200
            }
            _ => 0,
        },
        Command::AcceptCounterOffer { seat: other } => match state.trade.counter(*other) {
            Some(t)
                if gain(state, seat, t.receive, t.give).is_some()
                    && !hex::feeds_leader(&points, state.points_to_win, seat, *other) =>
            {
                200
            }
            _ => 0,
        },
        Command::RejectTrade | Command::RejectCounterOffer { .. } | Command::WithdrawTrade => {
            END_TURN
        }
        Command::EndTurn => END_TURN,
        Command::Discard { cards } | Command::GiveCards { cards } => {
            END_TURN + hand_value(state, seat, hand.minus(*cards))
        }
        Command::TakeCards { cards } => END_TURN + hand_value(state, seat, hand.plus(*cards)),
        Command::TakeAqueductResource { resource } => {
            END_TURN
                + hand_value(
                    state,
                    seat,
                    hand.plus(Hand {
                        resources: Resources::one(*resource, 1),
                        commodities: Default::default(),
                    }),
                )
        }
        Command::ChooseCityToLose { vertex } => END_TURN - corner(state, seat, *vertex),
        Command::CommitKnights { vertices } => END_TURN + vertices.len() as i32,
        Command::MoveRobber { hex, victim } => {
            hex::robber_value(&state.board, &state.vertices, seat, *hex, &points) * 4
                + hex::victim_value(*victim, &points)
        }
        Command::RetreatKnight { .. }
        | Command::RemoveKnight { .. }
        | Command::ReturnProgressCard { .. }
        | Command::ChooseProgressDeck { .. }
        | Command::TakeProgressCard { .. } => END_TURN,
    }
}

impl Bot for CitiesKnights {
    fn greedy_score(state: &State, seat: Seat, command: &Command) -> i32 {
        score(state, seat, command)
    }
}

impl Expert for CitiesKnights {
    fn standing(state: &State, seat: Seat) -> f64 {
        super::catan::hex_standing(
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
                gain(state, seat, *give, *receive)
            }
            _ => None,
        }
    }
}

//! `legal_actions` and `seats_to_act`.
//!
//! What is listed: every command a seat may send now, with every parameter choice, except domestic trade offers
//! and counter-offers, which are listed one card for one card only (any larger offer that passes the trade rules is
//! accepted too). The checks reuse `decide`'s predicates so the list and the decision cannot drift apart; trade is
//! listed by [`crate::hex::trade`], which also decides it.

use super::decide::{road_site_ok, settlement_site_ok};
use super::*;
use crate::hex::{best_ratio, robber_may_move, trade, Resource, Victims};

pub(super) fn legal_actions(state: &State, seat: Seat) -> Vec<Command> {
    let mut out = Vec::new();
    if seat.0 >= state.seats {
        return out;
    }
    let p = &state.players[seat.index()];
    let t = state.board.topology();
    let is_active = seat == state.active;
    match state.phase {
        Phase::Ended { .. } => {}
        Phase::StartingRoll if p.start_pending && p.start_roll.is_none() => {
            out.push(Command::RollDice)
        }
        Phase::PlaceSettlement { .. } if is_active => {
            out.extend(
                t.vertices()
                    .filter(|&v| settlement_site_ok(state, v).is_ok())
                    .map(|vertex| Command::PlaceSettlement { vertex }),
            );
        }
        Phase::PlaceRoad { settlement, .. } if is_active => {
            out.extend(
                crate::hex::opening_road_sites(&state.board, &state.edges, settlement)
                    .map(|edge| Command::PlaceRoad { edge }),
            );
        }
        Phase::Roll if is_active => {
            out.push(Command::RollDice);
            dev_card_actions(state, seat, &mut out);
        }
        Phase::Discard if p.discard_owed > 0 => discards(p.hand, p.discard_owed, &mut out),
        Phase::Robber if is_active => {
            for hex in t
                .hexes()
                .filter(|&h| robber_may_move(&state.board, state.robber, h))
            {
                let victims = Victims::of_robber(&state.board, &state.vertices, hex, seat, |s| {
                    state.players[s.index()].hand.total() > 0
                });
                out.extend(
                    victims
                        .choices()
                        .map(|victim| Command::MoveRobber { hex, victim }),
                );
            }
        }
        Phase::Main if is_active => main_actions(state, seat, &mut out),
        Phase::Main => {
            trade::responder_actions(&state.trade, state.active, seat, hand(state), |c| {
                out.push(super::trade::command(c))
            });
        }
        _ => {}
    }
    out
}

fn main_actions(state: &State, seat: Seat, out: &mut Vec<Command>) {
    let p = &state.players[seat.index()];
    let t = state.board.topology();
    out.push(Command::EndTurn);
    if p.roads_left > 0 && p.hand.contains(ROAD_COST) {
        out.extend(
            t.edges()
                .filter(|&e| road_site_ok(state, &state.edges, seat, e).is_ok())
                .map(|edge| Command::BuildRoad { edge }),
        );
    }
    if p.settlements_left > 0 && p.hand.contains(SETTLEMENT_COST) {
        for v in t.vertices() {
            let connected = t
                .vertex_edges(v)
                .iter()
                .any(|e| state.edges[e.index()].is_owned_by(seat));
            if connected && settlement_site_ok(state, v).is_ok() {
                out.push(Command::BuildSettlement { vertex: v });
            }
        }
    }
    if p.cities_left > 0 && p.hand.contains(CITY_COST) {
        for v in t.vertices() {
            let piece = state.vertices[v.index()];
            if piece.is_owned_by(seat) && !piece.is_city() {
                out.push(Command::BuildCity { vertex: v });
            }
        }
    }
    if state.deck.total() > 0 && p.hand.contains(DEV_CARD_COST) {
        out.push(Command::BuyDevelopmentCard);
    }
    dev_card_actions(state, seat, out);
    trade::bank_trades(
        p.hand,
        state.bank,
        |give| best_ratio(&state.board, &state.vertices, seat, give),
        |give, receive| out.push(Command::MaritimeTrade { give, receive }),
    );
    trade::active_actions(&state.trade, seat, hand(state), |c| {
        out.push(super::trade::command(c))
    });
}

/// Development cards the active seat may play now (one per turn, none bought this turn), with every parameter.
fn dev_card_actions(state: &State, seat: Seat, out: &mut Vec<Command>) {
    let p = &state.players[seat.index()];
    let t = state.board.topology();
    if state.dev_played {
        return;
    }
    if p.dev.knight > 0 {
        out.push(Command::PlayKnight);
    }
    if p.dev.road_building > 0 && p.roads_left > 0 {
        let mut edges = state.edges.clone();
        for first in t.edges() {
            if road_site_ok(state, &state.edges, seat, first).is_err() {
                continue;
            }
            edges[first.index()] = EdgePiece::road(seat);
            let before = out.len();
            if p.roads_left >= 2 {
                for second in t.edges() {
                    if road_site_ok(state, &edges, seat, second).is_ok() {
                        out.push(Command::PlayRoadBuilding {
                            first,
                            second: Some(second),
                        });
                    }
                }
            }
            if out.len() == before {
                out.push(Command::PlayRoadBuilding {
                    first,
                    second: None,
                });
            }
            edges[first.index()] = EdgePiece::EMPTY;
        }
    }
    if p.dev.year_of_plenty > 0 {
        for first in Resource::ALL {
            for second in Resource::ALL {
                let want = Resources::one(first, 1).plus(Resources::one(second, 1));
                if state.bank.contains(want) {
                    out.push(Command::PlayYearOfPlenty { first, second });
                }
            }
        }
    }
    if p.dev.monopoly > 0 {
        out.extend(Resource::ALL.map(|resource| Command::PlayMonopoly { resource }));
    }
}

/// Each seat's hand, as the shared trade rules ask for it.
fn hand(state: &State) -> impl Fn(Seat) -> Resources + '_ {
    |s| state.players[s.index()].hand
}

/// Every way to discard exactly `owed` cards from `hand`.
fn discards(hand: Resources, owed: u8, out: &mut Vec<Command>) {
    fn go(hand: &[u8; 5], i: usize, left: u8, cur: &mut [u8; 5], out: &mut Vec<Command>) {
        if i == 5 {
            if left == 0 {
                out.push(Command::Discard {
                    resources: Resources::from_array(*cur),
                });
            }
            return;
        }
        // Cards still available in later kinds bound how few we may take here.
        let later: u16 = hand[i + 1..].iter().map(|&n| u16::from(n)).sum();
        let min = u16::from(left).saturating_sub(later) as u8;
        for k in min..=hand[i].min(left) {
            cur[i] = k;
            go(hand, i + 1, left - k, cur, out);
        }
        cur[i] = 0;
    }
    go(&hand.to_array(), 0, owed, &mut [0; 5], out);
}

/// [`seats_to_act`] without the answers to an open offer, which the game does not wait for.
pub(super) fn waiting_for(state: &State) -> Vec<Seat> {
    match state.phase {
        Phase::Main => vec![state.active],
        _ => seats_to_act(state),
    }
}

pub(super) fn seats_to_act(state: &State) -> Vec<Seat> {
    match state.phase {
        Phase::Ended { .. } => Vec::new(),
        Phase::StartingRoll => state
            .seat_iter()
            .filter(|s| {
                let p = &state.players[s.index()];
                p.start_pending && p.start_roll.is_none()
            })
            .collect(),
        Phase::Discard => state
            .seat_iter()
            .filter(|s| state.players[s.index()].discard_owed > 0)
            .collect(),
        Phase::Main if state.trade.offer().is_some() => {
            let mut v = vec![state.active];
            v.extend(state.seat_iter().filter(|&s| {
                s != state.active && trade::can_respond(&state.trade, state.active, s, hand(state))
            }));
            v
        }
        _ => vec![state.active],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discards_enumerate_every_choice() {
        let mut out = Vec::new();
        discards(Resources::new(2, 1, 0, 0, 1), 2, &mut out);
        // Choose 2 from {B,B,L,O} as multisets: BB, BL, BO, LO.
        assert_eq!(out.len(), 4);
        for c in &out {
            let Command::Discard { resources } = c else {
                panic!("not a discard")
            };
            assert_eq!(resources.total(), 2);
        }
    }
}

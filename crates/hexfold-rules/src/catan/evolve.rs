//! `evolve`: fold one event into the state. Events are facts; this never fails and never draws randomness.
//!
//! Arithmetic saturates rather than panics: an event stream produced by `decide` never under- or overflows, and a
//! corrupt stream must not crash the process that folds it.

use super::*;
use crate::hex::longest_road;

fn pay(state: &mut State, seat: Seat, cost: Resources) {
    let p = &mut state.players[seat.index()];
    p.hand = p.hand.minus(cost);
    state.bank = state.bank.plus(cost);
}

fn take(state: &mut State, seat: Seat, got: Resources) {
    let p = &mut state.players[seat.index()];
    p.hand = p.hand.plus(got);
    state.bank = state.bank.minus(got);
}

fn recompute_length(state: &mut State, seat: Seat) {
    let len = longest_road(&state.board, &state.vertices, &state.edges, seat);
    state.players[seat.index()].road_length = len;
}

/// After a settlement at `v`: only seats with a road ending there can have been cut.
fn recompute_cut_lengths(state: &mut State, v: crate::hex::VertexId, builder: Seat) {
    let mask = super::decide::roads_cut_by(state, v, builder);
    for s in 0..state.seats {
        if mask & (1 << s) != 0 {
            recompute_length(state, Seat(s));
        }
    }
}

fn dec(x: &mut u8) {
    *x = x.saturating_sub(1);
}

fn play_card(state: &mut State, seat: Seat, card: DevCard) {
    dec(state.players[seat.index()].dev.get_mut(card));
    state.dev_played = true;
}

fn player(state: &mut State, seat: Seat) -> &mut PlayerState {
    // A seat out of range can only come from a corrupt stream; fold it into the last seat rather than panic.
    let i = seat.index().min(state.players.len() - 1);
    &mut state.players[i]
}

pub(super) fn evolve(mut state: State, event: &Event) -> State {
    // The negotiation folds its own facts (offers, answers, the end of a trade); the match folds everything else,
    // including the cards a completed trade moves. Anything else that happens while an offer is open is the active
    // seat's doing (the others only answer it), and stops every open offer and counter-offer binding
    // (BASE-TRADE-07).
    if let Some(step) = super::trade::step(event) {
        state.trade.apply(&step);
    } else {
        state.trade.unbind();
    }
    match *event {
        Event::StartingRollMade { seat, dice } => {
            player(&mut state, seat).start_roll = Some(dice.sum());
        }
        Event::StartingRollTied { ref seats } => {
            for (i, p) in state.players.iter_mut().enumerate() {
                p.start_roll = None;
                p.start_pending = seats.iter().any(|s| s.index() == i);
            }
        }
        Event::StartingPlayerChosen { seat } => {
            for p in &mut state.players {
                p.start_pending = false;
            }
            state.first = seat;
            state.active = seat;
            state.phase = Phase::PlaceSettlement { index: 0 };
        }
        Event::SettlementPlaced { seat, vertex } => {
            state.vertices[vertex.index()] = VertexPiece::settlement(seat);
            dec(&mut player(&mut state, seat).settlements_left);
            if let Phase::PlaceSettlement { index } = state.phase {
                state.phase = Phase::PlaceRoad {
                    index,
                    settlement: vertex,
                };
            }
            recompute_cut_lengths(&mut state, vertex, seat);
        }
        Event::StartingResourcesTaken { seat, resources } => take(&mut state, seat, resources),
        Event::RoadPlaced { seat, edge } => {
            state.edges[edge.index()] = EdgePiece::road(seat);
            dec(&mut player(&mut state, seat).roads_left);
            recompute_length(&mut state, seat);
            if let Phase::PlaceRoad { index, .. } = state.phase {
                let next = index + 1;
                if next >= 2 * state.seats {
                    state.phase = Phase::Roll;
                    state.active = state.first;
                    state.turn = 1;
                } else {
                    state.phase = Phase::PlaceSettlement { index: next };
                    state.active = state.placement_seat(next);
                }
            }
        }
        Event::DiceRolled { dice, .. } => {
            state.last_roll = Some(dice);
            state.rolled = true;
            state.phase = if dice.sum() == 7 {
                Phase::Robber
            } else {
                Phase::Main
            };
        }
        Event::ResourcesProduced { ref gains, .. } => {
            for g in gains {
                take(&mut state, g.seat, g.resources);
            }
        }
        Event::DiscardsRequired { ref discards } => {
            for d in discards {
                player(&mut state, d.seat).discard_owed = d.count;
            }
            state.phase = Phase::Discard;
        }
        Event::Discarded { seat, resources } => {
            pay(&mut state, seat, resources);
            player(&mut state, seat).discard_owed = 0;
            if state.players.iter().all(|p| p.discard_owed == 0) {
                state.phase = Phase::Robber;
            }
        }
        Event::RobberMoved { hex, .. } => {
            state.robber = hex;
            state.phase = if state.rolled {
                Phase::Main
            } else {
                Phase::Roll
            };
        }
        Event::ResourceStolen {
            thief,
            victim,
            resource,
        } => {
            let one = Resources::one(resource, 1);
            let v = player(&mut state, victim);
            v.hand = v.hand.minus(one);
            let t = player(&mut state, thief);
            t.hand = t.hand.plus(one);
        }
        Event::RoadBuilt { seat, edge, free } => {
            state.edges[edge.index()] = EdgePiece::road(seat);
            dec(&mut player(&mut state, seat).roads_left);
            if !free {
                pay(&mut state, seat, ROAD_COST);
            }
            recompute_length(&mut state, seat);
        }
        Event::SettlementBuilt { seat, vertex } => {
            state.vertices[vertex.index()] = VertexPiece::settlement(seat);
            dec(&mut player(&mut state, seat).settlements_left);
            pay(&mut state, seat, SETTLEMENT_COST);
            // A settlement can cut other seats' roads.
            recompute_cut_lengths(&mut state, vertex, seat);
        }
        Event::CityBuilt { seat, vertex } => {
            state.vertices[vertex.index()] = VertexPiece::city(seat);
            let p = player(&mut state, seat);
            dec(&mut p.cities_left);
            // Seed line 43: the settlement goes back to the supply.
            p.settlements_left += 1;
            pay(&mut state, seat, CITY_COST);
        }
        Event::DevelopmentCardBought { seat, card } => {
            dec(state.deck.get_mut(card));
            *player(&mut state, seat).dev_new.get_mut(card) += 1;
            pay(&mut state, seat, DEV_CARD_COST);
        }
        Event::KnightPlayed { seat } => {
            play_card(&mut state, seat, DevCard::Knight);
            player(&mut state, seat).knights += 1;
            state.phase = Phase::Robber;
        }
        Event::RoadBuildingPlayed { seat } => play_card(&mut state, seat, DevCard::RoadBuilding),
        Event::YearOfPlentyPlayed {
            seat,
            first,
            second,
        } => {
            play_card(&mut state, seat, DevCard::YearOfPlenty);
            take(
                &mut state,
                seat,
                Resources::one(first, 1).plus(Resources::one(second, 1)),
            );
        }
        Event::MonopolyPlayed {
            seat,
            resource,
            ref taken,
        } => {
            play_card(&mut state, seat, DevCard::Monopoly);
            let mut total = 0u8;
            for t in taken {
                let v = player(&mut state, t.seat);
                let n = v.hand.get(resource).min(t.count);
                v.hand.set(resource, v.hand.get(resource) - n);
                total = total.saturating_add(n);
            }
            let p = player(&mut state, seat);
            p.hand = p.hand.plus(Resources::one(resource, total));
        }
        Event::MaritimeTraded {
            seat,
            give,
            give_count,
            receive,
        } => {
            pay(&mut state, seat, Resources::one(give, give_count));
            take(&mut state, seat, Resources::one(receive, 1));
        }
        Event::TradeOffered { .. }
        | Event::CounterOffered { .. }
        | Event::TradeRejected { .. }
        | Event::CounterOfferRejected { .. }
        | Event::TradeWithdrawn { .. } => {}
        Event::TradeCompleted {
            active,
            partner,
            given,
            received,
        } => {
            let a = player(&mut state, active);
            a.hand = a.hand.minus(given).plus(received);
            let b = player(&mut state, partner);
            b.hand = b.hand.minus(received).plus(given);
        }
        Event::LongestRoadChanged { holder, .. } => state.longest_road = holder,
        Event::LargestArmyChanged { holder, .. } => state.largest_army = Some(holder),
        Event::TurnEnded { seat, next } => {
            let p = player(&mut state, seat);
            p.dev = p.dev.plus(p.dev_new);
            p.dev_new = DevCards::default();
            state.trade.end_turn();
            state.active = next;
            state.phase = Phase::Roll;
            state.rolled = false;
            state.dev_played = false;
            state.turn = state.turn.saturating_add(1);
        }
        Event::GameWon { seat, .. } => state.phase = Phase::Ended { winner: seat },
    }
    state
}

//! What each viewer may see. Hidden facts are `None` in the view types, filled only for a viewer entitled to them:
//! a hand and development cards for their own seat; a stolen card for thief and victim; a drawn development card
//! for the buyer; victory point cards for their owner, and for everyone once the game has ended.

use super::*;
use crate::hex::{board_view, road_views};

pub(super) fn view_state(state: &State, viewer: Viewer) -> StateView {
    let t = state.board.topology();
    let ended = matches!(state.phase, Phase::Ended { .. });
    let players = state
        .seat_iter()
        .map(|s| {
            let p = &state.players[s.index()];
            let own = viewer.sees(s);
            let all_dev = p.dev.plus(p.dev_new);
            PlayerView {
                seat: s,
                resource_count: p.hand.total() as u8,
                resources: own.then_some(p.hand),
                development_card_count: all_dev.total(),
                development_cards: own.then_some(all_dev),
                development_cards_new: own.then_some(p.dev_new),
                knights_played: p.knights,
                settlements_left: p.settlements_left,
                cities_left: p.cities_left,
                roads_left: p.roads_left,
                road_length: p.road_length,
                public_points: state.public_points(s),
                victory_point_cards: (own || ended).then_some(p.vp_cards()),
                discard_owed: p.discard_owed,
                counter_offer: state.trade.counter(s),
                rejected_offer: state.trade.rejected(s),
            }
        })
        .collect();
    let buildings = t
        .vertices()
        .filter_map(|v| {
            let piece = state.vertices[v.index()];
            piece.owner().map(|seat| BuildingView {
                vertex: v,
                seat,
                city: piece.is_city(),
            })
        })
        .collect();
    let roads = road_views(&state.board, &state.edges);
    StateView {
        points_to_win: state.points_to_win,
        board: board_view(&state.board),
        seats: state.seats,
        phase: state.phase,
        active: state.active,
        turn: state.turn,
        rolled: state.rolled,
        development_card_played: state.dev_played,
        robber: state.robber,
        bank: state.bank,
        development_cards_left: state.deck.total(),
        last_roll: state.last_roll,
        players,
        buildings,
        roads,
        longest_road: state.longest_road,
        largest_army: state.largest_army,
        offer: state.trade.offer(),
        winner: match state.phase {
            Phase::Ended { winner } => Some(winner),
            _ => None,
        },
    }
}

pub(super) fn view_event(_state: &State, event: &Event, viewer: Viewer) -> EventView {
    match event.clone() {
        Event::StartingRollMade { seat, dice } => EventView::StartingRollMade { seat, dice },
        Event::StartingRollTied { seats } => EventView::StartingRollTied { seats },
        Event::StartingPlayerChosen { seat } => EventView::StartingPlayerChosen { seat },
        Event::SettlementPlaced { seat, vertex } => EventView::SettlementPlaced { seat, vertex },
        Event::RoadPlaced { seat, edge } => EventView::RoadPlaced { seat, edge },
        Event::StartingResourcesTaken { seat, resources } => {
            EventView::StartingResourcesTaken { seat, resources }
        }
        Event::DiceRolled { seat, dice } => EventView::DiceRolled { seat, dice },
        Event::ResourcesProduced { gains, withheld } => {
            EventView::ResourcesProduced { gains, withheld }
        }
        Event::DiscardsRequired { discards } => EventView::DiscardsRequired { discards },
        Event::Discarded { seat, resources } => EventView::Discarded { seat, resources },
        Event::RobberMoved { seat, hex } => EventView::RobberMoved { seat, hex },
        Event::ResourceStolen {
            thief,
            victim,
            resource,
        } => EventView::ResourceStolen {
            thief,
            victim,
            resource: (viewer.sees(thief) || viewer.sees(victim)).then_some(resource),
        },
        Event::RoadBuilt { seat, edge, free } => EventView::RoadBuilt { seat, edge, free },
        Event::SettlementBuilt { seat, vertex } => EventView::SettlementBuilt { seat, vertex },
        Event::CityBuilt { seat, vertex } => EventView::CityBuilt { seat, vertex },
        Event::DevelopmentCardBought { seat, card } => EventView::DevelopmentCardBought {
            seat,
            card: viewer.sees(seat).then_some(card),
        },
        Event::KnightPlayed { seat } => EventView::KnightPlayed { seat },
        Event::RoadBuildingPlayed { seat } => EventView::RoadBuildingPlayed { seat },
        Event::YearOfPlentyPlayed {
            seat,
            first,
            second,
        } => EventView::YearOfPlentyPlayed {
            seat,
            first,
            second,
        },
        Event::MonopolyPlayed {
            seat,
            resource,
            taken,
        } => EventView::MonopolyPlayed {
            seat,
            resource,
            taken,
        },
        Event::MaritimeTraded {
            seat,
            give,
            give_count,
            receive,
        } => EventView::MaritimeTraded {
            seat,
            give,
            give_count,
            receive,
        },
        Event::TradeOffered {
            seat,
            give,
            receive,
        } => EventView::TradeOffered {
            seat,
            give,
            receive,
        },
        Event::CounterOffered {
            seat,
            give,
            receive,
        } => EventView::CounterOffered {
            seat,
            give,
            receive,
        },
        Event::TradeRejected { seat } => EventView::TradeRejected { seat },
        Event::CounterOfferRejected { seat } => EventView::CounterOfferRejected { seat },
        Event::TradeWithdrawn { seat } => EventView::TradeWithdrawn { seat },
        Event::TradeCompleted {
            active,
            partner,
            given,
            received,
        } => EventView::TradeCompleted {
            active,
            partner,
            given,
            received,
        },
        Event::LongestRoadChanged { holder, length } => {
            EventView::LongestRoadChanged { holder, length }
        }
        Event::LargestArmyChanged { holder, knights } => {
            EventView::LargestArmyChanged { holder, knights }
        }
        Event::TurnEnded { seat, next } => EventView::TurnEnded { seat, next },
        Event::GameWon {
            seat,
            points,
            victory_point_cards,
        } => EventView::GameWon {
            seat,
            points,
            victory_point_cards,
        },
    }
}

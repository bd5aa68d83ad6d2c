//! What each viewer may see. Progress cards in hand and resource hands are hidden except for their counts; the
//! master merchant's and the spy's player see the victim's hand or progress cards while they choose; victory
//! point progress cards are public; drawn, returned, stolen and taken cards are hidden from the other seats.

use super::*;
use crate::hex::{board_view, road_views};

/// Whether `viewer` currently looks into `seat`'s hand (resources) or progress cards through a card effect.
pub(crate) fn peeks(state: &State, viewer: Viewer, seat: Seat, progress: bool) -> bool {
    let Viewer::Seat(v) = viewer else {
        return false;
    };
    state.pending.iter().any(|o| match *o {
        Obligation::TakeCards { seat: s, from, .. } => !progress && s == v && from == seat,
        Obligation::TakeProgressCard { seat: s, from } => progress && s == v && from == seat,
        _ => false,
    })
}

pub(super) fn view_state(state: &State, viewer: Viewer) -> StateView {
    let t = state.board.topology();
    let players = state
        .seat_iter()
        .map(|s| {
            let p = &state.players[s.index()];
            let own = viewer.sees(s);
            PlayerView {
                seat: s,
                card_count: p.hand.total().min(255) as u8,
                hand: (own || peeks(state, viewer, s, false)).then_some(p.hand),
                progress_card_count: p.progress.len() as u8,
                progress_cards: (own || peeks(state, viewer, s, true)).then(|| p.progress.clone()),
                victory_point_cards: p.vp_cards.clone(),
                defender_cards: p.defender,
                improvements: p.improvements,
                settlements_left: state.settlements_left(s),
                cities_left: state.cities_left(s),
                roads_left: p.roads_left,
                walls_left: p.walls_left,
                knights_left: p.knights_left,
                road_length: p.road_length,
                points: state.points(s),
                hand_limit: state.hand_limit(s),
                counter_offer: state.trade.counter(s),
                rejected_offer: state.trade.rejected(s),
            }
        })
        .collect();
    let metro_of = |v: VertexId| {
        Track::ALL
            .into_iter()
            .find(|tr| matches!(state.metropolis[tr.index()], Some((_, m)) if m == v))
    };
    let buildings = t
        .vertices()
        .filter_map(|v| {
            let piece = state.vertices[v.index()];
            piece.owner().map(|seat| BuildingView {
                vertex: v,
                seat,
                city: piece.is_city(),
                wall: state.walls[v.index()],
                metropolis: metro_of(v),
            })
        })
        .collect();
    let roads = road_views(&state.board, &state.edges);
    let knights = t
        .vertices()
        .filter_map(|v| {
            state.knights[v.index()].map(|k| KnightView {
                vertex: v,
                seat: k.seat,
                strength: k.strength,
                active: k.active,
                activated_this_turn: k.fresh,
                promoted_this_turn: k.promoted,
            })
        })
        .collect();
    StateView {
        points_to_win: state.points_to_win,
        board: board_view(&state.board),
        seats: state.seats,
        phase: state.phase,
        active: state.active,
        turn: state.turn,
        robber: state.robber,
        robber_in_play: state.robber_in_play(),
        barbarians: state.barbarians,
        barbarian_attacks: state.attacks,
        bank: state.bank,
        progress_cards_left: Track::ALL
            .map(|tr| (state.decks[tr.index()].len() + state.bottoms[tr.index()].len()) as u8),
        defender_cards_left: state.defender_left,
        last_roll: state.last_roll,
        players,
        buildings,
        roads,
        knights,
        metropolises: state.metropolis.map(|m| m.map(|(s, _)| s)),
        merchant: state.merchant,
        longest_road: state.longest_road,
        offer: state.trade.offer(),
        obligations: state.pending.clone(),
        deserter_knight: state.deserter_knight,
        merchant_fleet: state.merchant_fleet,
        winner: match state.phase {
            Phase::Ended { winner } => Some(winner),
            _ => None,
        },
    }
}

pub(super) fn view_event(state: &State, event: &Event, viewer: Viewer) -> EventView {
    let _ = state;
    match *event {
        Event::ProgressCardDrawn { seat, track, card } => EventView::ProgressCardDrawn {
            seat,
            track,
            card: (viewer.sees(seat) || card.is_victory_point()).then_some(card),
        },
        Event::ProgressCardReturned { seat, card } => EventView::ProgressCardReturned {
            seat,
            card: viewer.sees(seat).then_some(card),
        },
        Event::CardStolen {
            thief,
            victim,
            good,
        } => EventView::CardStolen {
            thief,
            victim,
            good: (viewer.sees(thief) || viewer.sees(victim)).then_some(good),
        },
        Event::ProgressCardTaken { seat, victim, card } => EventView::ProgressCardTaken {
            seat,
            victim,
            card: (viewer.sees(seat) || viewer.sees(victim)).then_some(card),
        },
        Event::CardsTaken {
            seat,
            victim,
            cards,
        } => EventView::CardsTaken {
            seat,
            victim,
            cards: (viewer.sees(seat) || viewer.sees(victim)).then_some(cards),
        },
        ref e => EventView::Public(e.clone()),
    }
}

//! What each viewer may see: the layer's view (hands, progress cards and the drawn, stolen and taken cards hidden
//! from other seats), with ships apart from roads, and Catania's own: development cards are counts for other
//! seats and the card bought is hidden from them, and so are the points of hidden victory point cards until the
//! game ends. The chip bag, the gold owed, the natural forces, the repairs owed, the tilted buildings, the
//! specialists, the conquests, the station exchanges due, the warned station buildings, the temple's dues and
//! debts and the wonders are public. The barbarian castle's pile is face down: every viewer sees how many cards
//! it holds and who owes it one, the card a seat deposits or loots is seen by that seat only, and the card a step
//! of the ship returns to the (public) bank by everyone.

use super::*;
use crate::hex::{road_views, RoadView};

pub(super) fn view_state(state: &State, viewer: Viewer) -> StateView {
    let edges = &state.ck.edges;
    let mut layer = CitiesKnights::view_state(&state.ck, viewer);
    let (ships, roads): (Vec<RoadView>, Vec<RoadView>) = road_views(state.board(), edges)
        .into_iter()
        .partition(|r| edges[r.edge.index()].is_ship());
    layer.roads = roads;
    let sea = state.sea();
    // At the end every point is shown, the hidden victory point cards too (base Catan).
    let ended = matches!(state.phase(), ck::Phase::Ended { .. });
    let sailors = state
        .ck
        .seat_iter()
        .map(|seat| {
            let s = &state.sailors[seat.index()];
            let own = viewer.sees(seat);
            SailorView {
                seat,
                ships_left: s.ships_left,
                landing_places_left: s.landings_left,
                development_card_count: s.dev.total() + s.dev_new.total(),
                development_cards: own.then_some(s.dev),
                development_cards_new: own.then_some(s.dev_new),
                knights_played: s.knights_played,
                points: if own || ended {
                    state.points(seat)
                } else {
                    state.public_points(seat)
                },
            }
        })
        .collect();
    StateView {
        ck: layer,
        ships,
        landing_places: sea.landings.clone(),
        pirate: sea.pirate,
        sailors,
        development_cards_left: state.deck.total(),
        largest_army: state.ck.largest_army(),
        chip_bag: state.bag,
        gold_owed: state.gold.clone(),
        trade_phase_over: state.building,
        development_card_played: state.dev_played,
        ship_moved: sea.moved_this_turn,
        ships_built_this_turn: sea.built_this_turn.clone(),
        iceberg: sea.iceberg,
        hurricane: state.hurricane,
        storm_cloud: state.cloud,
        repairs: state.repairs.clone(),
        tilted: state.tilted.clone(),
        specialists: state.specialists,
        conquests: state.conquests.clone(),
        station_exchanges_due: state.posts_due.clone(),
        warned_posts: state.warned.clone(),
        temple_due: state.temple_due.clone(),
        temple_debts: state.debts.clone(),
        castle_pile: state.castle.len().min(usize::from(u16::MAX)) as u16,
        castle_cards: (viewer == Viewer::Omniscient).then(|| castle::pile_hand(&state.castle)),
        castle_deposits_due: state.castle_due.clone(),
        castle_debts: state.castle_debts.clone(),
        wonders: state.wonders.clone(),
        wonder_sites: wonder::all_sites(state.board()),
    }
}

pub(super) fn view_event(state: &State, event: &Event, viewer: Viewer) -> EventView {
    match *event {
        Event::Ck(ref e) => EventView::Ck(CitiesKnights::view_event(&state.ck, e, viewer)),
        Event::DevelopmentCardBought { seat, card } => EventView::DevelopmentCardBought {
            seat,
            card: viewer.sees(seat).then_some(card),
        },
        Event::CastleDeposited { seat, card } => EventView::CastleDeposited {
            seat,
            card: viewer.sees(seat).then_some(card),
        },
        Event::CastleLooted { seat, card } => EventView::CastleLooted {
            seat,
            card: viewer.sees(seat).then_some(card),
        },
        ref e => EventView::Public(e.clone()),
    }
}

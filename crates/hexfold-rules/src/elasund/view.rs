//! Views: what one viewer may see. Hidden facts are left out of the view types, not blanked.

use super::board::{columns, cubes_on_board, influence_total};
use super::data;
use super::{Cards, CardsSeen, Event, EventView, Phase, PhaseView, SeatView, State, StateView};
use crate::game::{Seat, Viewer};

fn seen(cards: &Cards, visible: bool) -> CardsSeen {
    CardsSeen {
        gold: cards.gold,
        influence: influence_total(cards),
        detail: visible.then_some(*cards),
    }
}

pub fn view_state(s: &State, viewer: Viewer) -> StateView {
    let phase = match &s.phase {
        Phase::Roll => PhaseView::Roll,
        Phase::ChooseShipRow { options } => PhaseView::ChooseShipRow { options: *options },
        Phase::ChoosePirateRow => PhaseView::ChoosePirateRow,
        Phase::PirateDiscard { owed } => PhaseView::PirateDiscard { owed: owed.clone() },
        Phase::PirateTake { count } => PhaseView::PirateTake { count: *count },
        Phase::Build { done } => PhaseView::Build { done: *done },
        Phase::ChooseChurchTile { tiles, done } => PhaseView::ChooseChurchTile {
            done: *done,
            tiles: viewer.sees(s.current).then_some(*tiles),
        },
        Phase::Permit => PhaseView::Permit,
        Phase::Special => PhaseView::Special,
        Phase::Over { winner } => PhaseView::Over { winner: *winner },
    };
    let seats = s
        .seats
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            SeatView {
                seat,
                hand: seen(&p.hand, viewer.sees(seat)),
                permits: (0..data::PERMIT_VALUES)
                    .filter(|v| p.permits & (1 << v) != 0)
                    .collect(),
                walls_built: p.walls_built,
                trade_points: p.trade_points,
                track_cubes: p.track_cubes,
                cubes_on_board: cubes_on_board(s, seat),
            }
        })
        .collect();
    let bottom_visible = s.church_first_builder.is_some_and(|b| viewer.sees(b));
    StateView {
        players: s.players,
        columns: columns(s.players),
        current: s.current,
        phase,
        ship_row: s.ship_row,
        pirate: s.pirate,
        cells: s.cells.clone(),
        walls: s.walls.clone(),
        pieces: s.pieces.clone(),
        seats,
        bank_gold: s.bank.gold,
        influence_deck: influence_total(&s.bank),
        discards: s.discards,
        church_tiles_left: (s.church_stack.count_ones() + u32::from(s.church_bottom.is_some()))
            as u8,
        church_bottom: if bottom_visible {
            s.church_bottom
        } else {
            None
        },
        church_first_builder: s.church_first_builder,
        cottage_queue: s.cottage_queue.clone(),
        turn: s.turn,
    }
}

/// Every event is classified here, one arm per variant, so a new event cannot slip through as public by default.
pub fn view_event(_s: &State, event: &Event, viewer: Viewer) -> EventView {
    let public = || EventView::Public {
        event: event.clone(),
    };
    match event {
        Event::StartingInfluenceDealt { colors } => EventView::StartingInfluenceDealt {
            colors: colors
                .iter()
                .enumerate()
                .map(|(i, c)| viewer.sees(Seat(i as u8)).then_some(*c))
                .collect(),
        },
        Event::IncomeCollected { row, cards } => EventView::IncomeCollected {
            row: *row,
            cards: cards
                .iter()
                .enumerate()
                .map(|(i, c)| seen(c, viewer.sees(Seat(i as u8))))
                .collect(),
        },
        Event::BankShortage { gold, returned } => EventView::BankShortage {
            gold: *gold,
            returned: returned
                .iter()
                .enumerate()
                .map(|(i, c)| seen(c, viewer.sees(Seat(i as u8))))
                .collect(),
        },
        Event::CardsDrawn { seat, cards } => EventView::CardsDrawn {
            seat: *seat,
            cards: seen(cards, viewer.sees(*seat)),
        },
        Event::ChurchTilesDrawn { seat, tiles } => EventView::ChurchTilesDrawn {
            seat: *seat,
            tiles: viewer.sees(*seat).then_some(*tiles),
        },
        Event::ChurchTileReturned {
            seat,
            kept,
            returned,
        } => EventView::ChurchTileReturned {
            seat: *seat,
            kept: *kept,
            returned: viewer.sees(*seat).then_some(*returned),
        },
        // Cards played, discarded to the pirate or taken from the discards lie face up on the table; tiles and
        // pieces on the board are public.
        Event::DiceRolled { .. }
        | Event::ShipMoved { .. }
        | Event::PirateMoved { .. }
        | Event::CardsDiscarded { .. }
        | Event::DiscardsTaken { .. }
        | Event::PermitReturned { .. }
        | Event::BuildingRemoved { .. }
        | Event::BuildingBuilt { .. }
        | Event::WallBuilt { .. }
        | Event::ChurchTileBuilt { .. }
        | Event::CottagePlaced { .. }
        | Event::CottageRetired { .. }
        | Event::TradePointsChanged { .. }
        | Event::PermitPlaced { .. }
        | Event::PermitMoved { .. }
        | Event::PermitUpgraded { .. }
        | Event::GoldTaken { .. }
        | Event::BuildingEnded
        | Event::TurnEnded { .. }
        | Event::GameWon { .. }
        | Event::TurnLimitReached { .. } => public(),
    }
}

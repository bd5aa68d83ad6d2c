//! Elasund's observation: the building grid square by square (permits, buildings with their owners and cubes,
//! the church), the wall, the seats' public counts, the seat's own cards, the phase. Squares are in the view's
//! order: `cells[row * 9 + column]`, rows by their labels 2-6, 8-12, column 0 by the sea; the columns a smaller
//! table does not use stay 0. See `layout.rs` for the conventions.

use crate::layout::Enc;
use hexfold_rules::elasund::types::{Cell, PhaseView, Place, StateView};

/// Building kinds, in the rules' order.
const KINDS: usize = 9;

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

pub fn encode(v: &StateView, e: &mut Enc<'_>) {
    let cells = v.cells.len();
    let piece = |id: usize| &v.pieces[id];
    e.item_seat(
        "square.permit",
        cells,
        1,
        "per square, per seat: the value + 1 of the seat's permit lying there (0: none)",
        v.cells.iter().enumerate().filter_map(|(i, c)| match *c {
            Cell::Permit { seat, value } => Some((i, seat, 0, f32::from(value) + 1.0)),
            _ => None,
        }),
    );
    let block = e.block(
        "square.building",
        cells * KINDS,
        "per square, the kind of building covering it, one-hot: small cottage, large cottage, merchant house, workshop, well, market stall, shop, tavern, trade house",
    );
    for (i, c) in v.cells.iter().enumerate() {
        if let Cell::Building { piece: id } = *c {
            block[i * KINDS + piece(usize::from(id.0)).kind as usize] = 1.0;
        }
    }
    e.item_seat(
        "square.owner",
        cells,
        1,
        "per square, per seat: 1 if the seat owns the building or church tile covering it",
        v.cells.iter().enumerate().filter_map(|(i, c)| match *c {
            Cell::Building { piece: id } => match piece(usize::from(id.0)).place {
                Place::Board { owner, .. } => Some((i, owner, 0, 1.0)),
                _ => None,
            },
            Cell::Church { seat, .. } => Some((i, seat, 0, 1.0)),
            _ => None,
        }),
    );
    let block = e.block(
        "square.cubes",
        cells,
        "per square, the cubes on the building or church tile covering it",
    );
    for (slot, c) in block.iter_mut().zip(&v.cells) {
        *slot = match *c {
            Cell::Building { piece: id } => match piece(usize::from(id.0)).place {
                Place::Board { cubes, .. } => f32::from(cubes),
                _ => 0.0,
            },
            Cell::Church { cubes, .. } => f32::from(cubes),
            _ => 0.0,
        };
    }
    let block = e.block(
        "square.church",
        cells,
        "per square, the number + 1 of the church tile on it (0: none)",
    );
    for (slot, c) in block.iter_mut().zip(&v.cells) {
        if let Cell::Church { tile, .. } = *c {
            *slot = f32::from(tile) + 1.0;
        }
    }
    let walls = v.walls.len();
    e.item_seat(
        "wall",
        walls,
        2,
        "per wall place (north, east, south), per seat: its wall piece, then 1 if a watch tower with its cube",
        v.walls.iter().enumerate().filter_map(|(i, w)| w.map(|w| (i, w.seat, 0, 1.0))).chain(
            v.walls
                .iter()
                .enumerate()
                .filter_map(|(i, w)| w.filter(|w| w.tower_cube).map(|w| (i, w.seat, 1, 1.0))),
        ),
    );
    let me = &v.seats[e.seat.index()];
    let own = me.hand.detail.unwrap_or_default();
    e.counts(
        "own.cards",
        "the seat's cards: gold, red, green, blue influence",
        &[own.gold, own.red, own.green, own.blue],
    );
    let seats = &v.seats;
    let per = |f: fn(&hexfold_rules::elasund::types::SeatView) -> f32| {
        seats.iter().map(move |s| (s.seat, f(s)))
    };
    e.per_seat(
        "seat.gold",
        "per seat: gold cards in hand",
        per(|s| f32::from(s.hand.gold)),
    );
    e.per_seat(
        "seat.influence",
        "per seat: influence cards in hand",
        per(|s| f32::from(s.hand.influence)),
    );
    e.per_seat(
        "seat.walls_built",
        "per seat: wall pieces built",
        per(|s| f32::from(s.walls_built)),
    );
    e.per_seat(
        "seat.trade_points",
        "per seat: windmills under its buildings",
        per(|s| f32::from(s.trade_points)),
    );
    e.per_seat(
        "seat.track_cubes",
        "per seat: cubes on the trade track's flags",
        per(|s| f32::from(s.track_cubes)),
    );
    e.per_seat(
        "seat.cubes_on_board",
        "per seat: its cubes on the board (the victory count)",
        per(|s| f32::from(s.cubes_on_board)),
    );
    e.item_seat(
        "seat.permits",
        1,
        5,
        "per seat: 1 for each permit value 0..4 still in its supply",
        seats.iter().flat_map(|s| {
            s.permits
                .iter()
                .map(move |&p| (0, s.seat, usize::from(p).min(4), 1.0))
        }),
    );
    e.seat_one_hot(
        "seat.current",
        "the seat whose turn it is, one-hot",
        Some(v.current),
    );
    e.seat_one_hot(
        "seat.church_first_builder",
        "who built the first church tile, one-hot (none: all 0)",
        v.church_first_builder,
    );
    e.per_seat(
        "seat.cottages_waiting",
        "per seat: its worker cottages waiting to be placed again",
        seats.iter().map(|s| {
            (
                s.seat,
                v.cottage_queue.iter().filter(|w| w.seat == s.seat).count() as f32,
            )
        }),
    );
    let (phase, options, owed, count, done, tiles) = match &v.phase {
        PhaseView::Roll => (0, [0, 0], None, 0, 0, None),
        PhaseView::ChooseShipRow { options } => (1, *options, None, 0, 0, None),
        PhaseView::ChoosePirateRow => (2, [0, 0], None, 0, 0, None),
        PhaseView::PirateDiscard { owed } => (3, [0, 0], Some(owed), 0, 0, None),
        PhaseView::PirateTake { count } => (4, [0, 0], None, *count, 0, None),
        PhaseView::Build { done } => (5, [0, 0], None, 0, *done, None),
        PhaseView::ChooseChurchTile { done, tiles } => (6, [0, 0], None, 0, *done, *tiles),
        PhaseView::Permit => (7, [0, 0], None, 0, 0, None),
        PhaseView::Special => (8, [0, 0], None, 0, 0, None),
        PhaseView::Over { .. } => (9, [0, 0], None, 0, 0, None),
    };
    e.one_hot(
        "phase",
        10,
        "one-hot: roll, choose ship row, choose pirate row, pirate discard, pirate take, build, choose church tile, permit, special, over",
        Some(phase),
    );
    e.counts(
        "phase.ship_row_options",
        "the two rows the trade ship may go to (choose ship row; else 0)",
        &options,
    );
    e.per_seat(
        "phase.discard_owed",
        "per seat: cards it still discards to the pirate",
        seats.iter().map(|s| {
            (
                s.seat,
                owed.and_then(|o| o.get(s.seat.index()))
                    .map_or(0.0, |&n| f32::from(n)),
            )
        }),
    );
    e.one(
        "phase.take",
        "cards the pirate's roller still takes",
        f32::from(count),
    );
    e.one(
        "phase.done",
        "buildings done this build phase",
        f32::from(done),
    );
    let tiles = tiles.map_or([0.0, 0.0], |t| {
        [f32::from(t[0]) + 1.0, f32::from(t[1]) + 1.0]
    });
    e.many(
        "phase.church_tiles",
        "the two church tiles drawn, number + 1, for the seat that drew them (else 0)",
        &tiles,
    );
    e.one(
        "ship_row",
        "the trade ship's row label (0 before the first roll)",
        v.ship_row.map_or(0.0, f32::from),
    );
    e.one("pirate", "1 while the pirate is in play", flag(v.pirate));
    e.one(
        "bank_gold",
        "gold cards in the bank",
        f32::from(v.bank_gold),
    );
    e.one(
        "influence_deck",
        "influence cards in the deck",
        f32::from(v.influence_deck),
    );
    let d = v.discards;
    e.counts(
        "discards",
        "the discard pile: gold, red, green, blue",
        &[d.gold, d.red, d.green, d.blue],
    );
    e.one(
        "church_tiles_left",
        "church tiles not built",
        f32::from(v.church_tiles_left),
    );
    e.one(
        "church_bottom",
        "the bottom church tile's number + 1, for the seat that built the first tile (else 0)",
        v.church_bottom.map_or(0.0, |t| f32::from(t) + 1.0),
    );
    e.one("turn", "turns played", v.turn as f32);
}

//! `evolve`: the state after an event. Events are facts: folding one never fails.

use super::board::*;
use super::data::building;
use super::decide::{church_square, ship_options};
use super::{Cards, Cell, CottageWait, Event, Phase, Place, State, WallPiece};
use crate::game::Seat;

fn after_build(phase: &Phase) -> Phase {
    match *phase {
        Phase::Build { done } | Phase::ChooseChurchTile { done, .. } if done + 1 < 2 => {
            Phase::Build { done: done + 1 }
        }
        _ => Phase::Permit,
    }
}

fn pay(s: &mut State, seat: Seat, paid: &Cards) {
    sub(&mut s.seats[seat.index()].hand, paid);
    add(&mut s.bank, paid);
}

fn set_cells(s: &mut State, piece: usize, cell: Cell) {
    if let Some(fp) = piece_footprint(s, piece) {
        for (c, r) in fp.cells() {
            s.cells[cell_index(c, r)] = cell;
        }
    }
}

/// After discards change: once nobody owes cards, the roller takes one per watch tower, and what is left goes
/// back to the bank.
fn settle_discards(s: &mut State) {
    let Phase::PirateDiscard { owed } = &s.phase else {
        return;
    };
    if owed.iter().any(|&o| o > 0) {
        return;
    }
    let count = towers(s, s.current).min(total(&s.discards));
    if count > 0 {
        s.phase = Phase::PirateTake { count };
    } else {
        let d = std::mem::take(&mut s.discards);
        add(&mut s.bank, &d);
        s.phase = Phase::Build { done: 0 };
    }
}

pub fn evolve(mut s: State, event: &Event) -> State {
    match event {
        Event::StartingInfluenceDealt { colors } => {
            for (seat, &c) in colors.iter().enumerate() {
                let card = of_colour(c, 1);
                add(&mut s.seats[seat].hand, &card);
                sub(&mut s.bank, &card);
            }
            s.dealt = true;
        }
        Event::DiceRolled { dice, .. } => {
            let sum = dice[0] + dice[1];
            if sum == 7 {
                s.phase = Phase::ChoosePirateRow;
            } else if s.ship_row == Some(sum) {
                if let [a, b] = ship_options(sum)[..] {
                    s.phase = Phase::ChooseShipRow { options: [a, b] };
                }
            }
        }
        Event::ShipMoved { row } => {
            s.ship_row = Some(*row);
            s.pirate = false;
            s.phase = Phase::Build { done: 0 };
        }
        Event::PirateMoved { row } => {
            s.ship_row = Some(*row);
            s.pirate = true;
            let r = row_index(*row).unwrap_or(0);
            let owed = (0..s.players)
                .map(|seat| {
                    cubes_in_row(&s, Seat(seat), r).min(total(&s.seats[usize::from(seat)].hand))
                })
                .collect();
            s.phase = Phase::PirateDiscard { owed };
            settle_discards(&mut s);
        }
        Event::IncomeCollected { cards, .. } => {
            for (seat, c) in cards.iter().enumerate() {
                add(&mut s.seats[seat].hand, c);
                sub(&mut s.bank, c);
            }
        }
        Event::BankShortage { returned, .. } => {
            for (seat, c) in returned.iter().enumerate() {
                sub(&mut s.seats[seat].hand, c);
                add(&mut s.bank, c);
            }
        }
        Event::CardsDiscarded { seat, cards } => {
            sub(&mut s.seats[seat.index()].hand, cards);
            add(&mut s.discards, cards);
            if let Phase::PirateDiscard { owed } = &mut s.phase {
                owed[seat.index()] = 0;
            }
            settle_discards(&mut s);
        }
        Event::DiscardsTaken { seat, cards } => {
            add(&mut s.seats[seat.index()].hand, cards);
            sub(&mut s.discards, cards);
            let d = std::mem::take(&mut s.discards);
            add(&mut s.bank, &d);
            s.phase = Phase::Build { done: 0 };
        }
        Event::PermitReturned {
            at,
            seat,
            value,
            compensation,
        } => {
            if let Some((c, r)) = locate(&s, *at) {
                s.cells[cell_index(c, r)] = Cell::Empty;
            }
            s.seats[seat.index()].permits |= 1 << value;
            let payer = s.current;
            s.seats[payer.index()].hand.gold -= compensation;
            s.seats[seat.index()].hand.gold += compensation;
        }
        Event::BuildingRemoved { piece } => {
            let i = usize::from(piece.0);
            set_cells(&mut s, i, Cell::Empty);
            let p = &mut s.pieces[i];
            if let Place::Board { owner, .. } = p.place {
                p.place = Place::Supply;
                if building(p.kind).start {
                    s.cottage_queue.push(CottageWait {
                        seat: owner,
                        piece: *piece,
                    });
                }
            }
        }
        Event::BuildingBuilt {
            seat,
            piece,
            at,
            paid,
            cubes,
        } => {
            pay(&mut s, *seat, paid);
            let i = usize::from(piece.0);
            s.pieces[i].place = Place::Board {
                at: *at,
                owner: *seat,
                cubes: *cubes,
            };
            set_cells(&mut s, i, Cell::Building { piece: *piece });
            s.phase = after_build(&s.phase);
        }
        Event::WallBuilt {
            seat,
            slot,
            number,
            paid,
            tower_cube,
        } => {
            pay(&mut s, *seat, paid);
            if let Some(k) = wall_index(s.players, *slot) {
                s.walls[k] = Some(WallPiece {
                    seat: *seat,
                    number: *number,
                    tower_cube: *tower_cube,
                });
            }
            s.seats[seat.index()].walls_built = *number;
            s.phase = after_build(&s.phase);
        }
        Event::CardsDrawn { seat, cards } => {
            add(&mut s.seats[seat.index()].hand, cards);
            sub(&mut s.bank, cards);
        }
        Event::ChurchTilesDrawn { tiles, .. } => {
            for t in tiles {
                s.church_stack &= !(1 << t);
            }
            if let Phase::Build { done } = s.phase {
                s.phase = Phase::ChooseChurchTile {
                    tiles: *tiles,
                    done,
                };
            }
        }
        Event::ChurchTileReturned { returned, .. } => {
            s.church_bottom = Some(*returned);
        }
        Event::ChurchTileBuilt {
            seat,
            tile,
            at,
            paid,
            cubes,
        } => {
            pay(&mut s, *seat, paid);
            s.church_stack &= !(1 << tile);
            if s.church_bottom == Some(*tile) {
                s.church_bottom = None;
            }
            if s.church_origin.is_none() {
                let (c, r) = church_square(&s, *tile);
                s.church_origin = Some((
                    (c - usize::from(tile % 3)) as u8,
                    (r - usize::from(tile / 3)) as u8,
                ));
                s.church_first_builder = Some(*seat);
            }
            if let Some((c, r)) = locate(&s, *at) {
                s.cells[cell_index(c, r)] = Cell::Church {
                    tile: *tile,
                    seat: *seat,
                    cubes: *cubes,
                };
            }
            s.phase = after_build(&s.phase);
        }
        Event::CottagePlaced { seat, piece, at } => {
            if !s.cottage_queue.is_empty() {
                s.cottage_queue.remove(0);
            }
            let i = usize::from(piece.0);
            s.pieces[i].place = Place::Board {
                at: *at,
                owner: *seat,
                cubes: 0,
            };
            set_cells(&mut s, i, Cell::Building { piece: *piece });
        }
        Event::CottageRetired { piece, .. } => {
            if !s.cottage_queue.is_empty() {
                s.cottage_queue.remove(0);
            }
            s.pieces[usize::from(piece.0)].place = Place::Retired;
        }
        Event::TradePointsChanged {
            seat,
            points,
            track_cubes,
        } => {
            let p = &mut s.seats[seat.index()];
            p.trade_points = *points;
            p.track_cubes = *track_cubes;
        }
        Event::PermitPlaced {
            seat,
            value,
            at,
            paid,
        } => {
            pay(&mut s, *seat, paid);
            s.seats[seat.index()].permits &= !(1 << value);
            if let Some((c, r)) = locate(&s, *at) {
                s.cells[cell_index(c, r)] = Cell::Permit {
                    seat: *seat,
                    value: *value,
                };
            }
            if matches!(s.phase, Phase::Build { .. } | Phase::Permit) {
                s.phase = Phase::Special;
            }
        }
        Event::PermitMoved {
            seat,
            from,
            to,
            paid,
        } => {
            pay(&mut s, *seat, paid);
            if let (Some((fc, fr)), Some((tc, tr))) = (locate(&s, *from), locate(&s, *to)) {
                let cell = std::mem::take(&mut s.cells[cell_index(fc, fr)]);
                s.cells[cell_index(tc, tr)] = cell;
            }
        }
        Event::PermitUpgraded {
            seat,
            at,
            from,
            to,
            paid,
        } => {
            pay(&mut s, *seat, paid);
            let p = &mut s.seats[seat.index()];
            p.permits |= 1 << from;
            p.permits &= !(1 << to);
            if let Some((c, r)) = locate(&s, *at) {
                s.cells[cell_index(c, r)] = Cell::Permit {
                    seat: *seat,
                    value: *to,
                };
            }
        }
        Event::GoldTaken { seat, gold, paid } => {
            pay(&mut s, *seat, paid);
            s.seats[seat.index()].hand.gold += gold;
            s.bank.gold -= gold;
            if matches!(s.phase, Phase::Build { .. } | Phase::Permit) {
                s.phase = Phase::Special;
            }
        }
        Event::BuildingEnded => s.phase = Phase::Permit,
        Event::TurnEnded { next } => {
            s.current = *next;
            s.phase = Phase::Roll;
            s.turn += 1;
        }
        Event::GameWon { seat } => s.phase = Phase::Over { winner: *seat },
        Event::TurnLimitReached { winner } => s.phase = Phase::Over { winner: *winner },
    }
    s
}

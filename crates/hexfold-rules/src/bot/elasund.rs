//! Elasund's greedy bot: build whenever it can (the larger building first, victory flags most), place permits
//! where they make a building site its own, keep gold over influence cards when it must give some up.
//!
//! Permits are scored by the sites they open: every rectangle a building of the seat's supply could cover over
//! the permit's square is rated by what building there would give (cubes, windmills, income) against what it
//! would cost (price and compensation), and by how far it is from buildable (permits still missing, the majority
//! held or lost). A permit is worth the best site it improves, so the bot gathers permits where a trade house or
//! a shop by the sea will stand rather than just next to its own.

use super::expert::Expert;
use super::Bot;
use crate::elasund::board::{
    cell_index, columns, cubes_in_supply, flags_reached, footprint, is_reserved, locate, windmills,
    Footprint,
};
use crate::elasund::data::{self, BuildingSpec, Income, BUILDINGS, ROWS};
use crate::elasund::{near_own_permit, Cell, Command, Elasund, Phase, Place, Square, State};
use crate::{Game, GameRng, Seat, Viewer};
use rand::SeedableRng;

const END: i32 = 100;

/// A cube a site would put out (a building's flags, or a flag reached on the trade track).
const SITE_CUBE: i32 = 100;
/// A windmill under a site: trade points towards the next flag.
const SITE_WINDMILL: i32 = 15;
/// A site whose building pays income when the ship stops in its rows.
const SITE_INCOME: i32 = 20;
/// A gold piece a site's building costs (its price and the other permits' compensation).
const SITE_GOLD: i32 = 12;
/// What a site is still worth, in percent, for each permit it lacks.
const SITE_PER_MISSING_PERMIT: i32 = 50;
/// A permit from the ship's row, before the site it improves and its price.
const PERMIT: i32 = 300;
/// A gold piece a permit costs.
const PERMIT_GOLD: i32 = 10;
/// A permit next to one of the seat's own, besides the site.
const PERMIT_NEAR_OWN: i32 = 20;

/// How much a building kind is worth: its victory flags first, then its price (a dearer building earns more).
fn building_value(kind: crate::elasund::BuildingKind) -> i32 {
    data::BUILDINGS
        .iter()
        .find(|b| b.kind == kind)
        .map_or(0, |b| {
            60 * i32::from(b.flags) + 10 * i32::from(b.price) + 5 * i32::from(b.permits)
        })
}

/// What a build changes for `seat`, as it sees the result: its cubes on the board (ten win), its trade points
/// (cubes on the trade track), and the cubes it takes off the others' buildings. A build draws nothing, so its
/// result is the same whatever the generator; it is decided on what the seat sees, and the redeal property
/// (`tests/it/bots.rs`) holds it to that.
fn build_gain(state: &State, seat: Seat, command: &Command) -> i32 {
    let Ok(events) = Elasund::decide(state, seat, command, &mut GameRng::seed_from_u64(0)) else {
        return 0;
    };
    let after = events.iter().fold(state.clone(), Elasund::evolve);
    let (before, after) = (
        Elasund::view_state(state, Viewer::Seat(seat)),
        Elasund::view_state(&after, Viewer::Seat(seat)),
    );
    let mut gain = 0;
    for (b, a) in before.seats.iter().zip(&after.seats) {
        let cubes = i32::from(a.cubes_on_board) - i32::from(b.cubes_on_board);
        if a.seat == seat {
            gain += 150 * cubes + 30 * (i32::from(a.trade_points) - i32::from(b.trade_points));
        } else {
            gain -= 60 * cubes;
        }
    }
    gain
}

/// Whether `seat` still has a piece of `spec` to build.
fn in_supply(state: &State, seat: Seat, spec: &BuildingSpec) -> bool {
    state.pieces.iter().any(|p| {
        p.kind == spec.kind && p.place == Place::Supply && (spec.neutral || p.colour == Some(seat))
    })
}

/// What building `spec` on `fp` would be worth to `seat` in the end: the building's gains less its cost, scaled
/// down by how far the site is from buildable; `None` if it can never stand there (a church tile, the reserved
/// foundation, a building as large or larger, or too few squares left for the permits it needs) or another seat
/// holds the majority.
fn site_worth(state: &State, seat: Seat, spec: &BuildingSpec, fp: Footprint) -> Option<i32> {
    let size = spec.cols * spec.rows;
    let mut sums = [0i32; 4];
    let (mut permits, mut mine, mut empty, mut mills, mut compensation) = (0, 0, 0, 0, 0);
    let mut removed = 0u64;
    let mut lost = 0;
    for (c, r) in fp.cells() {
        if is_reserved(state, c, r) {
            return None;
        }
        // A windmill under a piece of the seat's own that the building would replace counts here although its
        // point is already held: a simplification that costs a little precision on rare overbuilds.
        mills += i32::from(windmills(state.players, c, r));
        match state.cells[cell_index(c, r)] {
            Cell::Empty => empty += 1,
            Cell::Church { .. } => return None,
            Cell::Permit { seat: owner, value } => {
                permits += 1;
                sums[owner.index()] += i32::from(value);
                if owner == seat {
                    mine += 1;
                } else {
                    compensation += i32::from(value);
                }
            }
            Cell::Building { piece } => {
                let bit = 1u64 << piece.0;
                if removed & bit == 0 {
                    removed |= bit;
                    let p = &state.pieces[usize::from(piece.0)];
                    let other = data::building(p.kind);
                    if other.cols * other.rows >= size {
                        return None;
                    }
                    if let Place::Board { owner, cubes, .. } = p.place {
                        if owner == seat {
                            // Building over its own piece loses that piece's cubes.
                            lost += SITE_CUBE * i32::from(cubes);
                        }
                    }
                }
            }
        }
    }
    let need = i32::from(spec.permits);
    if permits + empty < need || mine == 0 {
        return None;
    }
    let best_other = (0..usize::from(state.players))
        .filter(|&o| o != seat.index())
        .map(|o| sums[o])
        .max()
        .unwrap_or(0);
    if best_other >= sums[seat.index()] {
        return None;
    }
    let flags = if spec.neutral {
        i32::from(spec.flags.min(cubes_in_supply(state, seat)))
    } else {
        0
    };
    let points = state.seats[seat.index()].trade_points;
    let track =
        i32::from(flags_reached(points.saturating_add(mills as u8)) - flags_reached(points));
    let income = if spec.income == Income::None { 0 } else { 1 };
    let gain = SITE_CUBE * (flags + track) + SITE_WINDMILL * mills + SITE_INCOME * income
        - SITE_GOLD * (i32::from(spec.price) + compensation)
        - lost;
    if gain <= 0 {
        return None;
    }
    let missing = (need - permits).max(0);
    let mut worth = gain;
    for _ in 0..missing {
        worth = worth * SITE_PER_MISSING_PERMIT / 100;
    }
    Some(worth)
}

/// The best site for `seat` that covers (`c`, `r`): the largest [`site_worth`] of every building of its supply
/// over every rectangle containing the square.
fn best_site(state: &State, seat: Seat, c: usize, r: usize) -> i32 {
    let cols = usize::from(columns(state.players));
    let mut best = 0;
    for spec in BUILDINGS.iter().filter(|b| !b.start) {
        if !in_supply(state, seat, spec) {
            continue;
        }
        let (w, h) = (usize::from(spec.cols), usize::from(spec.rows));
        for top in r.saturating_sub(h - 1)..=r.min(ROWS - h) {
            for left in c.saturating_sub(w - 1)..=c.min(cols.saturating_sub(w)) {
                if let Some(fp) = footprint(state, spec, left, top) {
                    if let Some(worth) = site_worth(state, seat, spec, fp) {
                        best = best.max(worth);
                    }
                }
            }
        }
    }
    best
}

/// How much a permit of `value` for `seat` on `at` (taken from `from`, for a move) improves its best site there.
fn permit_gain(state: &State, seat: Seat, value: u8, at: &Square, from: Option<&Square>) -> i32 {
    let Some((c, r)) = locate(state, *at) else {
        return 0;
    };
    let before = best_site(state, seat, c, r);
    let mut after_state = state.clone();
    let mut lost = 0;
    if let Some((fc, fr)) = from.and_then(|f| locate(state, *f)) {
        lost = best_site(state, seat, fc, fr);
        after_state.cells[cell_index(fc, fr)] = Cell::Empty;
    }
    after_state.cells[cell_index(c, r)] = Cell::Permit { seat, value };
    let after = best_site(&after_state, seat, c, r);
    after - before - lost
}

impl Bot for Elasund {
    fn greedy_score(state: &State, seat: Seat, command: &Command) -> i32 {
        match command {
            Command::Roll => 500,
            Command::Build { building, .. } => {
                800 + building_value(*building) + build_gain(state, seat, command)
            }
            Command::BuildChurch => 900,
            Command::BuildWall { .. } => 700 + build_gain(state, seat, command),
            Command::PlacePermit {
                value,
                at,
                anywhere_with,
            } => {
                let near = if near_own_permit(state, seat, at, None) {
                    PERMIT_NEAR_OWN
                } else {
                    0
                };
                // Paying two influence cards to place anywhere is worth it only for a good site.
                let paid = if anywhere_with.is_some() { 150 } else { 0 };
                PERMIT + near - paid + permit_gain(state, seat, *value, at, None)
                    - PERMIT_GOLD * i32::from(*value)
            }
            Command::PlacePermitAnywhere { value, at } => {
                150 + permit_gain(state, seat, *value, at, None) - PERMIT_GOLD * i32::from(*value)
            }
            Command::MovePermit { from, to, .. } => {
                let value = match locate(state, *from).map(|(c, r)| state.cells[cell_index(c, r)]) {
                    Some(Cell::Permit { value, .. }) => value,
                    _ => 0,
                };
                permit_gain(state, seat, value, to, Some(from)) - 100
            }
            Command::UpgradePermit { value, .. } => 120 + i32::from(*value),
            Command::TakeTwoGold => 250,
            Command::BuyTwoGold => 200,
            // Gold builds; influence cards only place permits and pay for specials.
            Command::Discard { cards } => {
                END - 3 * i32::from(cards.gold) - i32::from(cards.red + cards.green + cards.blue)
            }
            Command::TakeDiscards { cards } => {
                END + 3 * i32::from(cards.gold) + i32::from(cards.red + cards.green + cards.blue)
            }
            Command::EndBuilding => {
                if matches!(state.phase, Phase::Build { .. }) {
                    END
                } else {
                    0
                }
            }
            Command::MoveShip { .. }
            | Command::MovePirate { .. }
            | Command::KeepChurchTile { .. }
            | Command::PlaceCottage { .. }
            | Command::EndTurn => END,
        }
    }
}

impl Expert for Elasund {
    /// Cubes on the board, and a little for gold (what the next buildings are paid with).
    fn standing(state: &State, seat: Seat) -> f64 {
        f64::from(crate::elasund::board::cubes_on_board(state, seat))
            + 0.05 * f64::from(state.seats[seat.index()].hand.gold)
    }

    fn target(_state: &State) -> f64 {
        f64::from(data::CUBES)
    }

    fn seats(state: &State) -> u8 {
        state.players
    }
}

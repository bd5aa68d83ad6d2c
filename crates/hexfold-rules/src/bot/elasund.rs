//! Elasund's greedy bot: build whenever it can (the larger building first, victory flags most), gather permits
//! next to its own so that buildings fit, keep gold over influence cards when it must give some up.

use super::Bot;
use crate::elasund::{data, near_own_permit, Command, Elasund, Phase, State};
use crate::{Game, GameRng, Seat, Viewer};
use rand::SeedableRng;

const END: i32 = 100;

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
                    200
                } else {
                    0
                };
                // Paying an influence card to place anywhere is worth it only next to the seat's own permits.
                let paid = if anywhere_with.is_some() { 150 } else { 0 };
                // The higher permits win the majorities that decide who builds on an area.
                300 + near - paid + 20 * i32::from(*value)
            }
            Command::PlacePermitAnywhere { value, at } => {
                let near = if near_own_permit(state, seat, at, None) {
                    250
                } else {
                    0
                };
                150 + near + i32::from(*value)
            }
            Command::MovePermit { from, to, .. } => {
                if near_own_permit(state, seat, to, Some(from))
                    && !near_own_permit(state, seat, from, None)
                {
                    260
                } else {
                    0
                }
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

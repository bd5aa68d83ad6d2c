//! A random but sensible player, for property tests, bots and benchmarks: a kind of move first, then a command
//! of that kind, so random games make progress and end.

use super::board::{cell_index, columns, square};
use super::data::{self, ROWS};
use super::legal::legal_actions;
use super::{Cell, Command, Phase, Square, State};
use crate::game::{GameRng, Seat};
use rand::seq::SliceRandom;
use rand::Rng;

/// A random legal command for `seat`, or `None` if the seat may not act. Not uniform over `legal_actions`: it
/// first picks a kind of move (building is favoured, permit shuffles are rare) and likes permits next to its own
/// permits (so areas with enough permits for the large buildings form), so random games make progress and end.
pub fn random_command(
    state: &State,
    seat: Seat,
    rng: &mut GameRng,
) -> Option<crate::elasund::Command> {
    let actions = legal_actions(state, seat);
    if actions.is_empty() {
        return None;
    }
    if !state.cottage_queue.is_empty() {
        return actions.choose(rng).cloned();
    }
    let near = |sq: &Square, except: Option<&Square>| near_own_permit(state, seat, sq, except);
    let pick = |v: Vec<&Command>, rng: &mut GameRng| v.choose(rng).map(|c| (*c).clone());
    match state.phase {
        Phase::Build { .. } => {
            let builds: Vec<&Command> = actions
                .iter()
                .filter(|c| {
                    matches!(
                        c,
                        Command::Build { .. } | Command::BuildWall { .. } | Command::BuildChurch
                    )
                })
                .collect();
            if !builds.is_empty() && rng.gen_bool(0.85) {
                return pick(builds, rng);
            }
            permit_choice(&actions, &near, rng)
        }
        Phase::Permit => permit_choice(&actions, &near, rng),
        Phase::Special => {
            if rng.gen_bool(0.3) {
                let gathering: Vec<&Command> = actions
                    .iter()
                    .filter(|c| match c {
                        Command::MovePermit { from, to, .. } => near(to, Some(from)),
                        Command::PlacePermitAnywhere { at, .. } => near(at, None),
                        _ => false,
                    })
                    .collect();
                if !gathering.is_empty() && rng.gen_bool(0.7) {
                    return pick(gathering, rng);
                }
                let specials: Vec<&Command> =
                    actions.iter().filter(|c| **c != Command::EndTurn).collect();
                if !specials.is_empty() {
                    return pick(specials, rng);
                }
            }
            Some(Command::EndTurn)
        }
        _ => actions.choose(rng).cloned(),
    }
}

/// True if `sq` touches (also diagonally) one of `seat`'s permits other than the one at `except`.
pub(crate) fn near_own_permit(
    state: &State,
    seat: Seat,
    sq: &Square,
    except: Option<&Square>,
) -> bool {
    let Some(r) = data::ROW_LABELS.iter().position(|&l| l == sq.row) else {
        return false;
    };
    let (c, cols) = (usize::from(sq.col), usize::from(columns(state.players)));
    (r.saturating_sub(1)..(r + 2).min(ROWS)).any(|rr| {
        (c.saturating_sub(1)..(c + 2).min(cols)).any(|cc| {
            (rr, cc) != (r, c)
                && except.is_none_or(|e| square(cc, rr) != *e)
                && matches!(state.cells[cell_index(cc, rr)], Cell::Permit { seat: o, .. } if o == seat)
        })
    })
}

fn permit_choice(
    actions: &[Command],
    near: &dyn Fn(&Square, Option<&Square>) -> bool,
    rng: &mut GameRng,
) -> Option<Command> {
    let placements = |paid: bool| -> Vec<&Command> {
        actions
            .iter()
            .filter(|c| matches!(c, Command::PlacePermit { anywhere_with, .. } if anywhere_with.is_some() == paid))
            .collect()
    };
    let roll: f64 = rng.gen();
    let list = if roll < 0.6 {
        placements(false)
    } else if roll < 0.75 {
        placements(true)
    } else {
        Vec::new()
    };
    let close: Vec<&Command> = list
        .iter()
        .copied()
        .filter(|c| matches!(c, Command::PlacePermit { at, .. } if near(at, None)))
        .collect();
    let chosen = if !close.is_empty() && rng.gen_bool(0.6) {
        close.choose(rng).copied()
    } else {
        list.choose(rng).copied()
    };
    Some(chosen.cloned().unwrap_or(Command::TakeTwoGold))
}

/// A random client's weight of a command's kind (`RandomPlayer::command_weight`): building first, permit
/// shuffles rare.
pub(crate) fn command_weight(command: &Command) -> u32 {
    match command {
        Command::Build { .. } => 120,
        Command::BuildWall { .. } | Command::BuildChurch => 60,
        Command::PlacePermit {
            anywhere_with: None,
            ..
        } => 60,
        Command::PlacePermit { .. } => 10,
        Command::TakeTwoGold => 25,
        Command::EndTurn => 40,
        Command::MovePermit { .. }
        | Command::UpgradePermit { .. }
        | Command::PlacePermitAnywhere { .. }
        | Command::BuyTwoGold => 3,
        Command::EndBuilding => 5,
        _ => 10,
    }
}

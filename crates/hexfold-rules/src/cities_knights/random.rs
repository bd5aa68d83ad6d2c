//! A random but sensible player, for property tests, bots and benchmarks.
//!
//! Picks a kind of command with a weight that favours growth (cities, improvements, knights before an attack),
//! then a uniformly random command of that kind, so long lists (70 road sites) do not drown out ending the turn
//! and games end in a few hundred commands while every listed command keeps a chance.
//!
//! In the active seat's main phase, where the lists are long (56 one-for-one offers, the road sites, every
//! corner), the kind is drawn before anything is listed and only that kind is listed (`main_command`); elsewhere
//! the whole listing is built and [`crate::hex::pick_by_kind`] chooses from it. Both give every command the same
//! chance.

use super::legal::{main_kind_actions, MainKind};
use super::*;

/// How likely each kind of the main phase is picked, relative to the other kinds that are legal now. Knights are
/// favoured once the barbarians are two moves from the attack, on the track of the rules the state runs under.
pub(super) fn main_weight(state: &State, kind: MainKind) -> u32 {
    use MainKind as K;
    match kind {
        K::BuildCity | K::BuildSettlement => 200,
        K::ImproveCity => 150,
        K::BuildKnight | K::ActivateKnight => {
            if state.barbarians + 2 >= state.rules().barbarian_track_len {
                80
            } else {
                15
            }
        }
        K::PromoteKnight | K::BuildCityWall => 15,
        K::BuildRoad => 30,
        K::MoveKnight | K::ChaseRobber => 5,
        K::PlayProgressCard => 25,
        K::BankTrade => 20,
        // Offers are rare: each one makes every other seat answer.
        K::OfferTrade => 2,
        K::AcceptCounterOffer => 10,
        K::RejectCounterOffer | K::WithdrawTrade => 20,
        K::EndTurn => 25,
        K::ReturnProgressCard | K::PlaceDeserterKnight => 10,
    }
}

/// The weight of any command: its main-phase kind's, or one for the answers to an offer, and 10 for the rest
/// (obligations, the opening, the roll, the robber).
pub(super) fn weight(state: &State, c: &Command) -> u32 {
    if let Some(kind) = MainKind::of(c) {
        return main_weight(state, kind);
    }
    match c {
        Command::CounterOffer { .. } => 2,
        Command::AcceptTrade => 10,
        Command::RejectTrade => 20,
        _ => 10,
    }
}

/// A random legal command for `seat`, or `None` if the seat has nothing to do now.
pub fn random_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    if state.phase == Phase::Main && seat == state.active && state.pending.is_empty() {
        return main_command(state, seat, rng);
    }
    let legal = legal::legal_actions(state, seat);
    crate::hex::pick_by_kind(legal, |c| weight(state, c), rng)
}

/// The main phase's choice, listing one kind at a time ([`crate::hex::pick_kind_first`]): each kind that lists
/// something is picked with its weight over theirs, and the command is then uniform within the kind, as in
/// [`crate::hex::pick_by_kind`]. An unaffordable kind is found empty at once (`legal::main_kind_possible`):
/// setting such kinds aside before the first draw cost as much as it saved (callgrind).
fn main_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let mut kinds = MainKind::ALL.map(|k| (k, main_weight(state, k)));
    crate::hex::pick_kind_first(&mut kinds, rng, |kind, out| {
        main_kind_actions(state, seat, kind, out)
    })
}

/// A random client's weight of a command's kind (`RandomPlayer::command_weight`): cities, settlements and
/// improvements first.
pub(crate) fn command_weight(command: &Command) -> u32 {
    match command {
        Command::BuildCity { .. } | Command::BuildSettlement { .. } => 200,
        Command::ImproveCity { .. } => 150,
        Command::BuildKnight { .. } | Command::ActivateKnight { .. } => 30,
        Command::PromoteKnight { .. } | Command::BuildCityWall { .. } => 15,
        Command::BuildRoad { .. } => 30,
        Command::MoveKnight { .. } | Command::ChaseRobber { .. } => 5,
        Command::PlayProgressCard { .. } => 25,
        Command::BankTrade { .. } => 20,
        Command::OfferTrade { .. } => 2,
        Command::AcceptTrade => 10,
        Command::RejectTrade | Command::WithdrawTrade => 20,
        Command::EndTurn => 25,
        _ => 10,
    }
}

//! A random but sensible player, for property tests, bots and benchmarks.
//!
//! Picks a kind of command with a weight that favours growth (cities, improvements, knights before an attack),
//! then a uniformly random command of that kind, so long lists (70 road sites) do not drown out ending the turn
//! and games end in a few hundred commands while every listed command keeps a chance.

use super::*;

fn weight(state: &State, c: &Command) -> u32 {
    match c {
        Command::BuildCity { .. } | Command::BuildSettlement { .. } => 200,
        Command::ImproveCity { .. } => 150,
        Command::BuildKnight { .. } | Command::ActivateKnight { .. } => {
            if state.barbarians + 2 >= BARBARIAN_TRACK_LEN {
                80
            } else {
                15
            }
        }
        Command::PromoteKnight { .. } | Command::BuildCityWall { .. } => 15,
        Command::BuildRoad { .. } => 30,
        Command::MoveKnight { .. } | Command::ChaseRobber { .. } => 5,
        Command::PlayProgressCard { .. } => 25,
        Command::BankTrade { .. } => 20,
        // Offers and counter-offers are rare: each one makes every other seat answer.
        Command::OfferTrade { .. } | Command::CounterOffer { .. } => 2,
        Command::AcceptTrade | Command::AcceptCounterOffer { .. } => 10,
        Command::RejectTrade | Command::RejectCounterOffer { .. } | Command::WithdrawTrade => 20,
        Command::EndTurn => 25,
        _ => 10,
    }
}

/// A random legal command for `seat`, or `None` if the seat has nothing to do now.
pub fn random_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let legal = legal::legal_actions(state, seat);
    crate::hex::pick_by_kind(legal, |c| weight(state, c), rng)
}

//! A random but sensible player, for property tests, bots and benchmarks.
//!
//! A uniformly random player in Catan offers trades and builds roads to nowhere for a very long time; weighting
//! the choice towards growth (cities, settlements, cards) makes games end in a few hundred commands while every
//! legal command still has a chance to be chosen.

use super::*;
use rand::Rng;

/// How likely each kind of command is picked, relative to the others that are legal now.
fn weight(state: &State, seat: Seat, c: &Command) -> u32 {
    let p = &state.players[seat.index()];
    match c {
        Command::BuildCity { .. } | Command::BuildSettlement { .. } => 200,
        Command::BuyDevelopmentCard => 30,
        Command::BuildRoad { .. } => {
            if p.settlements_left > 0 {
                40
            } else {
                2
            }
        }
        Command::PlayKnight => 20,
        Command::PlayRoadBuilding { .. }
        | Command::PlayYearOfPlenty { .. }
        | Command::PlayMonopoly { .. } => 10,
        Command::MaritimeTrade { .. } => 15,
        Command::OfferTrade { .. } | Command::CounterOffer { .. } => 2,
        Command::AcceptTrade | Command::AcceptCounterOffer { .. } => 10,
        Command::RejectTrade | Command::RejectCounterOffer { .. } | Command::WithdrawTrade => 20,
        Command::EndTurn => 20,
        _ => 10,
    }
}

/// A random legal command for `seat`, or `None` if the seat has nothing to do. Commands of one kind share the
/// kind's weight, so e.g. 70 road sites do not drown out ending the turn.
pub fn random_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let legal = legal::legal_actions(state, seat);
    crate::hex::pick_by_kind(legal, |c| weight(state, seat, c), rng)
}

/// A random client's weight of a command's kind (`RandomPlayer::command_weight`).
pub(crate) fn command_weight(command: &Command) -> u32 {
    match command {
        Command::BuildCity { .. } | Command::BuildSettlement { .. } => 200,
        Command::BuyDevelopmentCard => 30,
        Command::BuildRoad { .. } => 25,
        Command::PlayKnight => 20,
        Command::PlayRoadBuilding { .. }
        | Command::PlayYearOfPlenty { .. }
        | Command::PlayMonopoly { .. } => 10,
        Command::MaritimeTrade { .. } => 15,
        Command::OfferTrade { .. } | Command::CounterOffer { .. } => 2,
        Command::AcceptTrade | Command::AcceptCounterOffer { .. } => 10,
        Command::RejectTrade | Command::RejectCounterOffer { .. } | Command::WithdrawTrade => 20,
        Command::EndTurn => 20,
        _ => 10,
    }
}

//! Base Catan's timeout actions (rule BASE-TIMEOUT-01): what the server plays for a seat whose time ran out.

use super::{Catan, Command};
use crate::timeout::{Timeout, RANK_ANY};

impl Timeout for Catan {
    fn timeout_rank(command: &Command) -> u32 {
        match command {
            // Nothing given up: the turn goes on or ends, an offer is declined or taken back.
            Command::RollDice
            | Command::EndTurn
            | Command::RejectTrade
            | Command::RejectCounterOffer { .. }
            | Command::WithdrawTrade => 0,
            // Owed whatever is chosen; the cards are drawn among the listed discards.
            Command::Discard { .. } => 1,
            Command::MoveRobber { .. } => 2,
            // The opening must place its pieces; the site is drawn among the legal ones.
            Command::PlaceSettlement { .. } | Command::PlaceRoad { .. } => 3,
            _ => RANK_ANY,
        }
    }
}

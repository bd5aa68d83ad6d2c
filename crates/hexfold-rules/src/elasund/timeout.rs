//! Elasund's timeout actions (rule ELA-TIMEOUT-01): what the server plays for a seat whose time ran out.

use super::{Command, Elasund};
use crate::timeout::{Timeout, RANK_ANY};

impl Timeout for Elasund {
    fn timeout_rank(command: &Command) -> u32 {
        match command {
            // The phases pass without anything built or spent; the third phase's alternative to a permit is the
            // two gold it always allows.
            Command::Roll | Command::EndBuilding | Command::EndTurn => 0,
            Command::TakeTwoGold => 1,
            // Owed or offered whatever is chosen: drawn among the listed ones.
            Command::Discard { .. }
            | Command::TakeDiscards { .. }
            | Command::KeepChurchTile { .. }
            | Command::PlaceCottage { .. } => 2,
            Command::MoveShip { .. } | Command::MovePirate { .. } => 3,
            _ => RANK_ANY,
        }
    }
}

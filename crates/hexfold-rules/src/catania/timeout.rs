//! Catania's timeout actions (rule CAT-TIMEOUT-01): what the server plays for a seat whose time ran out. The
//! layer's commands rank as in Cities & Knights.

use super::{Catania, Command};
use crate::cities_knights::CitiesKnights;
use crate::timeout::{Timeout, RANK_ANY};

impl Timeout for Catania {
    fn timeout_rank(command: &Command) -> u32 {
        match command {
            Command::Ck(layer) => CitiesKnights::timeout_rank(layer),
            // Owed whatever is chosen: the gold's resources, a station's exchange, a temple's payment, a card
            // for the castle's pile.
            Command::ChooseGold { .. }
            | Command::ExchangeAtStation { .. }
            | Command::PayTemple { .. }
            | Command::DepositAtCastle { .. } => 1,
            Command::MovePirate { .. } => 20,
            Command::PlaceShip { .. } => 30,
            _ => RANK_ANY,
        }
    }
}

//! Cities & Knights' timeout actions (rule CK-TIMEOUT-01): what the server plays for a seat whose time ran out.

use super::{CitiesKnights, Command};
use crate::timeout::{Timeout, RANK_ANY};

impl Timeout for CitiesKnights {
    fn timeout_rank(command: &Command) -> u32 {
        match command {
            Command::RollDice
            | Command::EndTurn
            | Command::RejectTrade
            | Command::RejectCounterOffer { .. }
            | Command::WithdrawTrade => 0,
            // Obligations the seat cannot refuse: the choice is drawn among the listed ones. Committing knights
            // ranks by how many are committed, so committing none is preferred when it is allowed.
            Command::CommitKnights { vertices } => 1 + vertices.len() as u32,
            Command::Discard { .. }
            | Command::GiveCards { .. }
            | Command::ChooseCityToLose { .. }
            | Command::RetreatKnight { .. }
            | Command::RemoveKnight { .. }
            | Command::ReturnProgressCard { .. }
            | Command::ChooseProgressDeck { .. }
            | Command::TakeAqueductResource { .. }
            | Command::TakeCards { .. }
            | Command::TakeProgressCard { .. } => 1,
            Command::MoveRobber { .. } => 20,
            Command::PlaceSettlement { .. }
            | Command::PlaceCity { .. }
            | Command::PlaceRoad { .. } => 30,
            _ => RANK_ANY,
        }
    }
}

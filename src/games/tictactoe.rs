//! Tic-tac-toe over gRPC, the toy game of the tests (`toy-game` feature): conversions between
//! `hexfold_rules::tictactoe` and `tests/toy/proto/hexfold/v1/tictactoe/tictactoe.proto`. A square travels as a
//! plain integer; whether the board has it is the rules' business (FAILED_PRECONDITION with the rule id).

use super::convert::{FromProto, ToProto};
use crate::engine::EngineError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::tictactoe::{Command, Config, Event, State, TicTacToe};
use pb::tictactoe as t;

impl FromProto<t::command::Command> for Command {
    fn from_proto(what: &str, command: t::command::Command) -> Result<Self, EngineError> {
        match command {
            t::command::Command::Mark(m) => Ok(Command::Mark {
                square: u8::from_proto(&format!("{what}.square"), m.square)?,
            }),
        }
    }
}

impl ToProto<Option<t::command::Command>> for Command {
    fn to_proto(&self) -> Option<t::command::Command> {
        let Command::Mark { square } = *self;
        Some(t::command::Command::Mark(t::Mark {
            square: square.into(),
        }))
    }
}

impl ToProto<Option<t::event::Event>> for Event {
    fn to_proto(&self) -> Option<t::event::Event> {
        Some(match *self {
            Event::Marked { seat, square } => t::event::Event::Marked(t::Marked {
                seat: seat.to_proto(),
                square: square.into(),
            }),
            Event::GameWon { seat } => t::event::Event::GameWon(t::GameWon {
                seat: seat.to_proto(),
            }),
        })
    }
}

impl ToProto<t::State> for State {
    fn to_proto(&self) -> t::State {
        t::State {
            board: self
                .board
                .iter()
                .map(|mark| t::Square {
                    seat: mark.map(|s| s.to_proto()),
                })
                .collect(),
            next: self.next.to_proto(),
            winner: self.winner.map(|s| s.to_proto()),
        }
    }
}

impl ProtoGame for TicTacToe {
    const VARIANT: pb::Variant = pb::Variant::Tictactoe;
    const SHIPPED: bool = false;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, EngineError> {
        if !matches!(
            super::convert::map_kind(options)?,
            pb::MapKind::Unspecified | pb::MapKind::Beginner
        ) || options.victory_points != 0
        {
            return Err(EngineError::Malformed(
                "tic-tac-toe has one board and no points: map and victory_points must be unset"
                    .into(),
            ));
        }
        let players = u8::try_from(seats)
            .map_err(|_| EngineError::Malformed("tic-tac-toe is played by 2 players".into()))?;
        Ok(Config { players })
    }

    wire! { Tictactoe, t, "command must hold a tictactoe command for a tictactoe game" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::convert::tests::check_random_game;

    #[test]
    fn commands_round_trip_and_views_convert_over_a_random_game() {
        let checked = check_random_game::<TicTacToe>(2, 20, 100, |_| {});
        assert!(checked.len() >= 5, "a game takes five marks at least");
    }
}

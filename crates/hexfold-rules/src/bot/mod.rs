//! Bots: a seat played by the program, for the server's bot seats, the CLI's `bot`, and `selfplay`.
//!
//! A strategy is a pure function from a state, a seat and a generator to one of the seat's legal commands
//! ([`command`]). It reads only what the seat may see: the board and pieces, every public count, and its own
//! hand. The property test `tests/it/bots.rs` checks that over random games with each game's
//! [`crate::redeal::Redeal`]: a bot's choice for a seat is the same in every state the seat cannot tell apart, with
//! the same generator.
//!
//! Two strategies exist for every game ([`Strategy`]): `random`, the game's [`RandomPlayer`] (weighted towards
//! growth, every legal command keeps a chance), and `greedy`, which lists the seat's legal actions and takes the
//! one its game scores highest ([`Bot::greedy_score`]), breaking ties with the generator. The hex games' scores
//! share one evaluation of corners, hands, robber hexes and trades (`hex.rs`); each game maps its own commands onto
//! it; a game off the hex machine scores its own. Each game's scoring is `<game>.rs` here.
//!
//! A third, [`expert`], searches: it deals again what its seat cannot see and plays greedy games on from each
//! candidate command, within a [`Budget`] of simulations and think time ([`expert::command`]). Each game says how
//! to score an unfinished playout and which trade offers help it ([`Expert`], next to its greedy score). Its host
//! chooses the budget, so it is a [`Player`] beside the two strategies rather than a [`Strategy`]: the server's bot
//! seats and `selfplay` name a seat's player by [`Player::name`].

pub mod expert;
mod hex;

/// Each game's scoring, `<game>.rs` here: one module per game of [`crate::for_each_game!`], named as the game's.
macro_rules! scoring_modules {
    ($($module:ident: $game:ty,)*) => {
        $(mod $module;)*
    };
}
crate::for_each_game!(scoring_modules);

pub use expert::{Budget, Expert};

use crate::playout::RandomPlayer;
use crate::{GameRng, Seat};
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// How a bot chooses its commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The game's random player: a random legal command, weighted towards growth.
    Random,
    /// The highest scored legal command, by the game's own scoring (see the module docs).
    Greedy,
}

impl Strategy {
    /// Every strategy, in the order `--help` texts list them.
    pub const ALL: [Strategy; 2] = [Strategy::Random, Strategy::Greedy];

    /// The name clients and flags use: `random`, `greedy`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Greedy => "greedy",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What plays a bot seat: one of the [`Strategy`]s, or the [`expert`] search within a [`Budget`] its host sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Plain(Strategy),
    Expert,
}

impl Player {
    /// Every player, in the order `--help` texts list them.
    pub const ALL: [Player; 3] = [
        Player::Plain(Strategy::Random),
        Player::Plain(Strategy::Greedy),
        Player::Expert,
    ];

    /// The name clients, flags and stored games use: `random`, `greedy`, `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Plain(s) => s.name(),
            Player::Expert => "expert",
        }
    }

    /// The command this player chooses for `seat` in `state`, drawing from `rng`; the expert searches within
    /// `budget`, which the strategies ignore. `None` if the seat has nothing to do.
    pub fn command<G: Expert>(
        self,
        state: &G::State,
        seat: Seat,
        budget: Budget,
        rng: &mut GameRng,
    ) -> Option<G::Command> {
        match self {
            Player::Plain(strategy) => command::<G>(strategy, state, seat, rng),
            Player::Expert => expert::command::<G>(state, seat, budget, rng),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        Player::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Player::ALL.iter().map(|p| p.name()).collect();
                format!(
                    "unknown strategy {s:?}; the strategies are {}",
                    names.join(", ")
                )
            })
    }
}

/// A name that is not a strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = Strategy::ALL.iter().map(|s| s.name()).collect();
        write!(
            f,
            "unknown strategy {:?}; the strategies are {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownStrategy {}

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(s: &str) -> Result<Strategy, UnknownStrategy> {
        Strategy::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| UnknownStrategy(s.to_string()))
    }
}

/// A game that bots can play: its random player, and the score of the greedy strategy.
pub trait Bot: RandomPlayer {
    /// How much `seat` wants to send `command`, one of its legal actions in `state`: higher is better. Reads only
    /// what `seat` may see.
    fn greedy_score(state: &Self::State, seat: Seat, command: &Self::Command) -> i32;
}

/// The command `strategy` chooses for `seat` in `state`, drawing from `rng`; `None` if the seat has nothing to do.
pub fn command<G: Bot>(
    strategy: Strategy,
    state: &G::State,
    seat: Seat,
    rng: &mut GameRng,
) -> Option<G::Command> {
    match strategy {
        Strategy::Random => G::random_command(state, seat, rng),
        Strategy::Greedy => best(G::legal_actions(state, seat), rng, |c| {
            G::greedy_score(state, seat, c)
        }),
    }
}

/// The item of `items` with the highest score, one of the tied ones uniformly (a reservoir draw, so the list is
/// walked once). The timeout actions use it too, with the lowest rank as the highest score.
pub(crate) fn best<C, S: Ord>(
    items: Vec<C>,
    rng: &mut GameRng,
    mut score: impl FnMut(&C) -> S,
) -> Option<C> {
    let mut top: Option<(S, C)> = None;
    let mut tied = 0u32;
    for item in items {
        let s = score(&item);
        match &top {
            Some((t, _)) if s < *t => {}
            Some((t, _)) if s == *t => {
                tied += 1;
                if rng.gen_range(0..tied) == 0 {
                    top = Some((s, item));
                }
            }
            _ => {
                tied = 1;
                top = Some((s, item));
            }
        }
    }
    top.map(|(_, item)| item)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn strategies_parse_from_their_names() {
        for s in Strategy::ALL {
            assert_eq!(s.name().parse::<Strategy>(), Ok(s));
        }
        let err = "smart".parse::<Strategy>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown strategy \"smart\"; the strategies are random, greedy"
        );
    }

    #[test]
    fn players_parse_from_their_names() {
        for p in Player::ALL {
            assert_eq!(p.name().parse::<Player>(), Ok(p));
        }
        assert_eq!(
            "smart".parse::<Player>().unwrap_err(),
            "unknown strategy \"smart\"; the strategies are random, greedy, expert"
        );
    }

    #[test]
    fn the_best_item_wins_and_ties_are_drawn() {
        let mut rng = GameRng::seed_from_u64(3);
        assert_eq!(best(vec![1, 5, 3], &mut rng, |&x| x), Some(5));
        assert_eq!(best(Vec::<i32>::new(), &mut rng, |&x| x), None);
        let mut seen = [false; 3];
        for _ in 0..100 {
            let i = best(vec![0, 1, 2], &mut rng, |_| 7).unwrap();
            seen[i] = true;
        }
        assert_eq!(seen, [true; 3], "every tied item is drawn now and then");
    }
}

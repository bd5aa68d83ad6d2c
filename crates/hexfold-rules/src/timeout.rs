//! Turn timers' timeout actions: what the server plays for a seat the game waits for when its time runs out.
//!
//! Each game ranks its own commands by how much they change ([`Timeout::timeout_rank`], beside the game's rules in
//! `<game>/timeout.rs`): ending the turn, rolling, declining and withdrawing rank lowest, the obligations a seat
//! cannot refuse (a discard, a card to give, a city to lose) next, a robber or pirate move after them, the opening
//! placements after those, and everything else (building, playing a card, accepting a trade) last. The timeout
//! action is the lowest ranked of the seat's legal actions, one of the tied ones drawn from the generator
//! ([`command`]). The rank reads only the command, and the legal actions depend only on what the seat may see, so
//! the choice reveals nothing hidden; the server draws it from the game's seed and version (its own stream), so
//! every server makes the same choice and `verify` can tell it is the one the rules give.

use crate::{Game, GameRng, Seat};

/// The rank of a command that is none of a game's cheap ones: building, buying, playing a card, accepting.
pub const RANK_ANY: u32 = 100;

/// A game whose seats can be timed: how little each command changes, as the timeout action.
pub trait Timeout: Game {
    /// How consequential `command` is as a timeout action: lower is chosen first. Reads only the command, so the
    /// choice depends on nothing but the seat's legal actions.
    fn timeout_rank(command: &Self::Command) -> u32;
}

/// The timeout action of `seat` in `state`: its least consequential legal command, ties drawn from `rng`; `None`
/// if the seat has no legal action.
pub fn command<G: Timeout>(state: &G::State, seat: Seat, rng: &mut GameRng) -> Option<G::Command> {
    crate::bot::best(G::legal_actions(state, seat), rng, |c| {
        std::cmp::Reverse(G::timeout_rank(c))
    })
}

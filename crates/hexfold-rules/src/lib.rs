//! Pure rules of the hexfold games.
//!
//! This crate owns every rule of every game and nothing else: it does no I/O and knows nothing of tokio, sled,
//! tonic or prost. Each game is a [`Game`]: a Decider in Chassaing's sense. `decide` checks a command against the
//! current state and returns the events that follow (or a typed violation), `evolve` folds an event into the state
//! and cannot fail, and the views remove what a viewer may not see.
//!
//! Randomness is data: `decide` receives a [`GameRng`] seeded by the caller, and every random outcome (dice, a
//! stolen card, a drawn card, a random map) is written into an event or into the game's [`Game::Setup`], so a
//! replay never draws again.
//!
//! Module map:
//! - [`game`]: the shared interface ([`Game`], [`Seat`], [`Viewer`], [`RuleViolation`]).
//! - `violation`: the `violations!` table every game declares its refusals with.
//! - [`hex`]: the hex machine shared by base Catan, Cities & Knights and Catania: board and maps, the shared
//!   refusals and checks, production, robber, trade, longest road, and each game's rules as data.
//! - [`catan`]: the base game on the hex machine. [`cities_knights`]: Cities & Knights, the machine plus its layer.
//! - [`catania`]: Catania, the Cities & Knights layer on a Seafarers map of 195 hexes with development cards.
//! - [`elasund`]: Elasund, a grid game.
//! - [`playout`]: seeded random games step by step, for tests and benchmarks.
//! - [`bot`]: the bots' strategies (`random`, `greedy`, and the `expert` search), pure functions of a state, a
//!   seat and a generator that read only what the seat may see.
//! - [`timeout`]: the turn timers' timeout actions, the least consequential legal command of a seat.
//! - [`redeal`]: what a seat cannot see, dealt again, for the property that its legal actions and refusals depend
//!   only on what it sees.

pub mod game;
mod violation;

pub use game::{Game, GameRng, Outcome, RuleViolation, Seat, Viewer};
pub mod bot;
pub mod catan;
pub mod catania;
pub mod cities_knights;
pub mod elasund;
pub mod hex;
pub mod playout;
pub mod redeal;
#[cfg(feature = "toy-game")]
pub mod tictactoe;
pub mod timeout;

/// The list of every game of this crate, the one place a game is registered in it: `for_each_game!(callback)`
/// expands to `callback! { name: path::Type, ... }` (the name is the game's `Game::NAME`), which whatever iterates
/// the games turns into what it needs (selfplay's table, the fuzz targets, the property tests run for every
/// game). A game's module above and its line here are all a new game adds to this crate's wiring. With the
/// `toy-game` feature (the tests' only) the list ends with tic-tac-toe ([`with_toy_game!`]).
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $crate::with_toy_game! { $callback:
            catan: $crate::catan::Catan,
            cities_knights: $crate::cities_knights::CitiesKnights,
            catania: $crate::catania::Catania,
            elasund: $crate::elasund::Elasund,
        }
    };
}

/// The toy game as the rules crate's `toy-game` feature has it, for the crates above, which cannot read another
/// crate's features: `with_toy_game! { items }` is the items with the feature and nothing without, and
/// `with_toy_game! { callback: list }` calls `callback! { list }` with tic-tac-toe appended when the feature is on.
#[cfg(feature = "toy-game")]
#[macro_export]
macro_rules! with_toy_game {
    ($callback:ident: $($games:tt)*) => {
        $callback! { $($games)* tictactoe: $crate::tictactoe::TicTacToe, }
    };
    ($($items:item)*) => {
        $($items)*
    };
}

/// See the `toy-game` version above.
#[cfg(not(feature = "toy-game"))]
#[macro_export]
macro_rules! with_toy_game {
    ($callback:ident: $($games:tt)*) => {
        $callback! { $($games)* }
    };
    ($($items:item)*) => {};
}

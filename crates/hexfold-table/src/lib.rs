//! The table: the platform's rules, written once above every game.
//!
//! A game's own rules live in `hexfold-rules`; what holds for every game, whatever its rules, lives here, as
//! plain functions over the rules crate's types:
//! - the command path's checks around [`Game::decide`]: the expected version (a conflict names the expected and
//!   the actual one) and the end of the game ([`decide`]), with the generator the [`Seed`] derives for the
//!   version;
//! - the fold of an accepted batch: its versions, which of them get a snapshot ([`Snapshots`]), and the reveal of
//!   the seed with the events that end the game ([`accept`]);
//! - the table's event beside the game's ([`TableEvent`]), its fold ([`evolve`]) and its views ([`view_event`]),
//!   and who sees what: a seat or a spectator before the end, everyone everything after ([`viewer`]);
//! - the timeout action a turn timer plays for a seat at a version ([`timeout_action`], from [`TIMEOUT_STREAM`]);
//! - the verification of a finished game from its revealed seed and recorded commands ([`verify`]), through the
//!   same functions as the live command path, so each of these rules exists once.
//!
//! This crate is pure: no I/O, no clock, no operating-system randomness (the server draws a new game's seed and
//! hands it over). It depends on the rules crate's `Game` interface and small pure crates (serde, sha2,
//! rand_chacha, hex, thiserror), and must not depend on tokio, tonic, prost, sled, or on any one game.
//!
//! [`Game::decide`]: hexfold_rules::Game::decide

mod event;
mod replay;
mod seed;
mod table;
#[cfg(test)]
mod testing;

pub use event::{evolve, view_event, viewer, TableEvent, TableEventView};
pub use replay::{verify, RecordedCommand, Replay, ReplayError, ReplayStep, Verified};
pub use seed::{Seed, TIMEOUT_STREAM};
pub use table::{
    accept, decide, ensure_open, revealed_seed, timeout_action, Accepted, Observer, Refusal,
    Snapshots, TableViolation,
};

//! Games as the server sees them: each game's protobuf adapter ([`ProtoGame`]), the one generic wrapper that puts
//! an engine behind the API for every game ([`ProtoEngine`], the object-safe [`DynGame`]), the verification of a
//! published replay ([`verify_replay`]), and the registry of the games this build serves ([`GAMES`]).
//!
//! Adding a game to the server means: its messages in `proto/hexfold/v1/<game>/<game>.proto` (plus its `Variant` value,
//! its import and one field in each `oneof` of `hexfold.proto`), a module here implementing [`ProtoGame`] with its
//! `mod` line below, and one line in the `games!` registry. Everything else (storage, randomness, authentication,
//! views, streams, `Play` sessions, replays, the CLI's variants) is generic code, written once for every game.

#[macro_use]
mod convert;

pub mod catan;
pub mod catania;
pub mod cities_knights;
pub mod elasund;
#[cfg(feature = "toy-game")]
pub mod tictactoe;

mod edge;
mod replay;

pub use edge::{DynGame, ProtoEngine, ProtoTurn, TurnFeed};
pub use replay::{verify_replay, ReplayError, ReplayReport, ReplayStep};

use crate::engine::EngineError;
use crate::engine::Shared;
use crate::proto::v1 as pb;
use crate::stored::StoredGame;
use hexfold_rules::playout::RandomPlayer;
use hexfold_rules::Game;
use std::sync::Arc;

/// Maps one rules [`Game`] to its protobuf messages. Implemented on the rules type itself.
///
/// Conversions from proto are checked (a message that names an impossible vertex, an unknown enum value, a
/// missing `oneof`, ... is INVALID_ARGUMENT); conversions to proto are total.
pub trait ProtoGame: Game + Sized {
    const VARIANT: pb::Variant;

    /// Whether the shipped API has the game: `false` for the tests' toy game, which only a `toy-game` build has
    /// (build.rs enters it in `hexfold.proto`'s lists), so the web app, the clients and the API files never see it.
    const SHIPPED: bool = true;

    /// The game's configuration for these creation options and this many seats.
    fn config(options: &pb::GameOptions, seats: usize) -> Result<Self::Config, EngineError>;

    fn command_from_proto(command: pb::Command) -> Result<Self::Command, EngineError>;

    fn command_to_proto(command: &Self::Command) -> pb::Command;

    fn event_to_proto(event: &Self::EventView) -> pb::Event;

    fn state_to_proto(state: &Self::StateView) -> pb::GameState;
}

/// A game this build serves, as the rest of the server finds it.
pub struct Registered {
    /// The rules' `Game::NAME`: the `variant` of its stored records, and the prefix of the ids of games stored
    /// before `id_prefix` (which [`Registered::owns_game_id`] still routes here).
    pub name: &'static str,
    /// The prefix of new games' ids: [`StoredGame::ID_PREFIX`], the game's name in the command line's words.
    pub id_prefix: &'static str,
    pub variant: pb::Variant,
    /// [`ProtoGame::SHIPPED`]: whether the web app, the clients and the proto files on disk have the game.
    pub shipped: bool,
    engine: fn(&Arc<Shared>) -> Arc<dyn DynGame>,
    verify: replay::Verify,
    records: &'static dyn crate::export::Records,
    /// The CLI's summary of the game's state in words (and its board drawn), `None` for another game's state.
    pub(crate) text: crate::cli::StateText,
    weight: fn(pb::Command) -> Option<u32>,
    seats: (u8, u8),
    test_seats: u8,
    /// The digest of the stored state's form, and the one pinned beside the schema in `games!`.
    #[cfg(test)]
    state_fingerprint: (fn() -> String, &'static str),
}

impl Registered {
    /// The game's name in the command line's words: `VARIANT_CITIES_AND_KNIGHTS` is `cities-and-knights`.
    pub fn cli_name(&self) -> String {
        cli_name(self.variant)
    }

    /// Whether `game_id` is one of this game's: `<id_prefix>-…`, or `<name>-…` as stored before.
    pub fn owns_game_id(&self, game_id: &str) -> bool {
        crate::stored::id_has_prefix(game_id, &[self.id_prefix, self.name])
    }

    /// The game's records in and out of the export format.
    pub fn records(&self) -> &'static dyn crate::export::Records {
        self.records
    }

    /// How likely a random client picks a command of this kind among a seat's legal actions (the rules'
    /// `RandomPlayer::command_weight`); `None` for another game's command, or one that does not convert.
    pub fn command_weight(&self, command: &pb::Command) -> Option<u32> {
        (self.weight)(command.clone())
    }

    /// The fewest and the most seats the game is played with.
    pub fn seats(&self) -> (u8, u8) {
        self.seats
    }

    /// The table a test plays a random game of it at (the rules' `RandomPlayer::test_seats`).
    pub fn test_seats(&self) -> u8 {
        self.test_seats
    }
}

fn weight_of<G: ProtoGame + RandomPlayer>(command: pb::Command) -> Option<u32> {
    G::command_from_proto(command)
        .ok()
        .map(|c| G::command_weight(&c))
}

/// A variant's name in the command line's words (see [`Registered::cli_name`]), for any variant the API names.
pub fn cli_name(variant: pb::Variant) -> String {
    let name = variant.as_str_name();
    name.strip_prefix("VARIANT_")
        .unwrap_or(name)
        .to_ascii_lowercase()
        .replace('_', "-")
}

fn engine_of<G: ProtoGame + StoredGame>(shared: &Arc<Shared>) -> Arc<dyn DynGame> {
    Arc::new(ProtoEngine::<G>::new(Arc::clone(shared)))
}

/// The registry: one entry per served game, `rules type => { fingerprint: "...", text: module }`. The prefix of new
/// games' ids is the game's [`StoredGame::ID_PREFIX`] (in `hexfold-engine`'s `stored.rs`), its [`cli_name`]
/// (`tests::id_prefixes_are_the_command_lines_names`). The CLI shows the game's state with the `describe` of `text`,
/// its module under `src/cli/`, declared there by `text_modules!()`. The fingerprint pins the form of its stored
/// state (see `tests::state_schemas_match_their_fingerprints`): when that test fails, the stored state changed, so
/// bump the game's [`StoredGame::STATE_SCHEMA`] (in `hexfold-engine`'s `stored.rs`; old snapshots are then folded
/// again instead of trusted) and put the new fingerprint here.
macro_rules! games {
    ($($(#[$cfg:meta])* $game:ty => { fingerprint: $print:literal, text: $text:ident }),+ $(,)?) => {
        /// Every game this build serves, in registry order.
        pub static GAMES: &[Registered] = &[$(
            $(#[$cfg])*
            Registered {
                name: <$game as Game>::NAME,
                id_prefix: <$game as StoredGame>::ID_PREFIX,
                variant: <$game as ProtoGame>::VARIANT,
                shipped: <$game as ProtoGame>::SHIPPED,
                engine: engine_of::<$game>,
                verify: replay::verify::<$game>,
                records: &crate::export::Typed::<$game>::RECORDS,
                text: crate::cli::$text::describe,
                weight: weight_of::<$game>,
                seats: <$game as RandomPlayer>::SEATS,
                test_seats: <$game as RandomPlayer>::TEST_SEATS,
                #[cfg(test)]
                state_fingerprint: (tests::state_fingerprint::<$game>, $print),
            }
        ),+];

        /// The `mod` line of each game's state as text in the CLI (`src/cli/<game>_text.rs`), which `cli`
        /// declares with `text_modules!()`: its `games!` entry is the one place it is named.
        macro_rules! text_modules {
            () => {
                $($(#[$cfg])* pub(crate) mod $text;)+
            };
        }
        pub(crate) use text_modules;
    };
}

games! {
    hexfold_rules::catan::Catan => {
        fingerprint: "44955339cb84b53b", text: catan_text
    },
    // Ids of games created before this prefix begin `cities_knights-` (the rules' name) and still route here.
    hexfold_rules::cities_knights::CitiesKnights => {
        fingerprint: "7751111405faf429", text: cities_knights_text
    },
    hexfold_rules::catania::Catania => {
        fingerprint: "381783c042da82cd", text: catania_text
    },
    hexfold_rules::elasund::Elasund => {
        fingerprint: "af304209c2501f58", text: elasund_text
    },
    // The tests' toy game (`toy-game`), never a shipped build's.
    #[cfg(feature = "toy-game")]
    hexfold_rules::tictactoe::TicTacToe => {
        fingerprint: "2b790b86520238c9", text: tictactoe_text
    },
}

/// One engine per served game, dispatched by variant (at creation) or by the game id's prefix (afterwards).
pub(crate) fn engines(shared: &Arc<Shared>) -> Vec<Arc<dyn DynGame>> {
    GAMES.iter().map(|game| (game.engine)(shared)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::playout::{CommandChoice, Playout, RandomPlayer, SeatChoice, Stop};
    use sha2::{Digest, Sha256};
    use std::collections::BTreeSet;

    /// Every JSON path (object keys, `[]` for array items) of `value`, into `out`.
    fn paths(value: &serde_json::Value, at: &str, out: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, item) in map {
                    let path = format!("{at}.{key}");
                    paths(item, &path, out);
                    out.insert(path);
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    paths(item, &format!("{at}[]"), out);
                }
            }
            _ => {}
        }
    }

    /// A digest of the stored form of `G::State`: the paths of every fifth state a seeded random game of four seats
    /// (or as near as the game allows) passes through (uniform legal actions, seats in turn when several may act), and of its last, sorted and
    /// hashed. The game is played exactly as the pinned fingerprints were taken: a step without a command, or with
    /// a refused one, still counts.
    pub(super) fn state_fingerprint<G: ProtoGame + RandomPlayer>() -> String {
        let (fewest, most) = G::SEATS;
        let config = G::config(
            &pb::GameOptions::default(),
            usize::from(4.clamp(fewest, most)),
        )
        .expect("a game at four seats, or as near as the game allows");
        let (_, playout) = Playout::<G>::seeded(&config, 5).expect("a setup");
        let mut playout = playout
            .seat_choice(SeatChoice::RoundRobin)
            .command_choice(CommandChoice::UniformLegal);
        let mut seen = BTreeSet::new();
        let mut sample = |state: &G::State| {
            paths(
                &serde_json::to_value(state).expect("state to JSON"),
                "",
                &mut seen,
            )
        };
        while playout.tried() < 3000 {
            if playout.tried() % 5 == 0 {
                sample(playout.state());
            }
            match playout.step(|_| {}) {
                Ok(()) | Err(Stop::NoCommand(_) | Stop::Refused { .. }) => {}
                Err(Stop::Ended(_) | Stop::NobodyToAct) => break,
                Err(Stop::CommandLimit) => unreachable!("the playout has no command limit"),
            }
        }
        sample(playout.state());
        let digest = Sha256::digest(seen.into_iter().collect::<Vec<_>>().join("\n"));
        hex::encode(&digest[..8])
    }

    /// Pins each game's state schema to the form of its state. When this fails, the stored state changed: bump
    /// that game's schema in `games!` (old snapshots are then folded again instead of trusted) and put the new
    /// fingerprint beside it. A change the random game cannot reach, or one of meaning only, is not caught.
    #[test]
    fn state_schemas_match_their_fingerprints() {
        let found: Vec<(&str, String)> = GAMES
            .iter()
            .map(|g| (g.name, (g.state_fingerprint.0)()))
            .collect();
        let pinned: Vec<(&str, String)> = GAMES
            .iter()
            .map(|g| (g.name, g.state_fingerprint.1.to_string()))
            .collect();
        assert_eq!(
            found, pinned,
            "a stored state changed: bump its STATE_SCHEMA (hexfold-engine's stored.rs) and pin the new fingerprint in `games!`"
        );
    }

    #[test]
    fn every_served_game_has_a_variant_a_name_and_a_command_line_word_of_its_own() {
        let names: BTreeSet<&str> = GAMES.iter().map(|g| g.name).collect();
        let variants: BTreeSet<i32> = GAMES.iter().map(|g| g.variant as i32).collect();
        let words: BTreeSet<String> = GAMES.iter().map(Registered::cli_name).collect();
        let n = GAMES.len();
        assert_eq!((names.len(), variants.len(), words.len()), (n, n, n));
        assert!(!variants.contains(&(pb::Variant::Unspecified as i32)));
        assert_eq!(
            cli_name(pb::Variant::CitiesAndKnights),
            "cities-and-knights"
        );
        assert_eq!(cli_name(pb::Variant::Catania), "catania");
    }

    /// New ids begin with the game's command-line name, and every id, new or stored under the rules' name before,
    /// routes to its own game only.
    #[test]
    fn id_prefixes_are_the_command_lines_names_and_old_ids_still_route() {
        for game in GAMES {
            assert_eq!(game.id_prefix, game.cli_name(), "{}", game.name);
            for id in [
                format!("{}-0a1b", game.id_prefix),
                format!("{}-0a1b", game.name),
            ] {
                let owners: Vec<&str> = GAMES
                    .iter()
                    .filter(|g| g.owns_game_id(&id))
                    .map(|g| g.name)
                    .collect();
                assert_eq!(owners, [game.name], "{id}");
            }
        }
        let ck = GAMES
            .iter()
            .find(|g| g.variant == pb::Variant::CitiesAndKnights)
            .unwrap();
        assert!(
            ck.owns_game_id("cities_knights-00ff") && ck.owns_game_id("cities-and-knights-00ff")
        );
        assert!(!ck.owns_game_id("cities-00ff") && !ck.owns_game_id("cities_knights"));
        assert!(crate::stored::owns_game_id::<
            hexfold_rules::cities_knights::CitiesKnights,
        >("cities_knights-00ff"));
    }
}

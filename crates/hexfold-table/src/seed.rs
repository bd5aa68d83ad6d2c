//! The secret seed of a game and the generators derived from it.
//!
//! Each game gets 32 random bytes when it is created (the server draws them from the operating system; this crate
//! does no I/O, so it only takes them). Players receive only the commitment, the lowercase hex SHA-256 of the seed;
//! the seed itself is stored with the game's meta and revealed by a `SeedRevealed` event in the batch that ends the
//! game. Every generator the rules receive is derived from the seed, a domain and an event index:
//!
//! `ChaCha8Rng::from_seed(SHA-256(seed || domain || index as u64 little-endian))`
//!
//! with the domain `hexfold/v1/setup` (index 0) for the game's setup, and `hexfold/v1/command` with index `n` for
//! the command decided against the state at version `n` (the one whose events start at version `n + 1`). The seed
//! and the index have fixed lengths, so the concatenation is unambiguous. A timeout action draws from the command
//! generator's stream [`TIMEOUT_STREAM`] of its version (the game's `decide` uses stream 0). Once the seed is
//! revealed, anyone can replay every die and shuffle of the game from the recorded commands and check the commitment.

use hexfold_rules::GameRng;
use rand_chacha::rand_core::SeedableRng;
use sha2::{Digest, Sha256};
use std::fmt;

const SETUP_DOMAIN: &[u8] = b"hexfold/v1/setup";
const COMMAND_DOMAIN: &[u8] = b"hexfold/v1/command";

/// The stream of a version's command generator that timeout actions draw from: the table's [`decide`] uses stream
/// 0, the server's bots a stream of their own.
///
/// [`decide`]: crate::decide
pub const TIMEOUT_STREAM: u64 = 0x7469_6d65; // "time"

/// A game's secret seed. `Debug` does not print it.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(<secret>)")
    }
}

impl Seed {
    pub fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// Parses the lowercase (or uppercase) hex form; `None` unless it is exactly 32 bytes.
    pub fn from_hex(text: &str) -> Option<Seed> {
        let bytes = hex::decode(text).ok()?;
        Some(Seed(bytes.try_into().ok()?))
    }

    /// The lowercase hex form: how the seed is stored and revealed.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// Lowercase hex SHA-256 of the seed: what players are given at creation.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }

    /// The generator for the game's setup (a random map, the initial shuffles).
    pub fn setup_rng(&self) -> GameRng {
        self.derive(SETUP_DOMAIN, 0)
    }

    /// The generator for the command decided against the state at `version`.
    pub fn command_rng(&self, version: u64) -> GameRng {
        self.derive(COMMAND_DOMAIN, version)
    }

    /// The generator the timeout action at `version` draws from: [`TIMEOUT_STREAM`] of the command generator.
    pub fn timeout_rng(&self, version: u64) -> GameRng {
        let mut rng = self.command_rng(version);
        rng.set_stream(TIMEOUT_STREAM);
        rng
    }

    fn derive(&self, domain: &[u8], index: u64) -> GameRng {
        let mut hasher = Sha256::new();
        hasher.update(self.0);
        hasher.update(domain);
        hasher.update(index.to_le_bytes());
        GameRng::from_seed(hasher.finalize().into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn commitment_is_the_sha256_of_the_seed() {
        let seed = Seed::from_bytes([7; 32]);
        assert_eq!(seed.commitment(), hex::encode(Sha256::digest([7u8; 32])));
        assert_eq!(Seed::from_hex(&seed.to_hex()), Some(seed.clone()));
        assert_eq!(Seed::from_hex("abcd"), None);
        assert!(!format!("{seed:?}").contains(&seed.to_hex()));
    }

    #[test]
    fn generators_differ_by_domain_and_index_and_repeat_exactly() {
        let seed = Seed::from_bytes([1; 32]);
        let draw = |mut rng: GameRng| -> u64 { rng.gen() };
        assert_eq!(draw(seed.command_rng(5)), draw(seed.command_rng(5)));
        assert_ne!(draw(seed.command_rng(5)), draw(seed.command_rng(6)));
        assert_ne!(draw(seed.command_rng(0)), draw(seed.setup_rng()));
    }
}

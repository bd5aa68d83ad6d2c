//! Seat authentication: who a caller is, from the bearer token they present, matched in constant time against the
//! hashes stored with the game. Tokens are hashed as soon as they are read and never kept.

use super::cache::Meta;
use crate::EngineError;
use hexfold_rules::{Game, Seat};
use hexfold_table::Seed;
use rand::{rngs::OsRng, RngCore};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Who is calling: the SHA-256 of the bearer token they presented, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    Anonymous,
    Token([u8; 32]),
}

impl Credential {
    pub fn from_token(token: &str) -> Credential {
        Credential::Token(Sha256::digest(token.as_bytes()).into())
    }
}

/// Refuses an anonymous caller of a call that acts for a seat, with that call's `refusal`.
pub(super) fn require_token(cred: Credential, refusal: &'static str) -> Result<(), EngineError> {
    match cred {
        Credential::Anonymous => Err(EngineError::Unidentified(refusal)),
        Credential::Token(_) => Ok(()),
    }
}

/// The seat whose token the caller presented. An anonymous caller has none; a token that is not one of this
/// game's is refused rather than downgraded to a spectator, so a mistyped token is noticed. The hashes are
/// compared in constant time.
pub(super) fn seat_of<G: Game>(
    meta: &Meta<G>,
    cred: Credential,
) -> Result<Option<Seat>, EngineError> {
    match cred {
        Credential::Anonymous => Ok(None),
        Credential::Token(hash) => {
            let mut found = None;
            for (i, stored) in meta.token_sha256.iter().enumerate() {
                if bool::from(hash.ct_eq(stored)) {
                    found = Some(Seat(i as u8));
                }
            }
            found.map(Some).ok_or(EngineError::Unidentified(
                "the token is not a seat token of this game",
            ))
        }
    }
}

/// The seat of a caller that `require_token` let through.
pub(super) fn seat_of_token<G: Game>(
    meta: &Meta<G>,
    cred: Credential,
) -> Result<Seat, EngineError> {
    Ok(seat_of(meta, cred)?.expect("a token credential names a seat or is refused"))
}

/// `bytes` random bytes from the operating system, in hex.
pub(super) fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex::encode(buf)
}

/// One fresh secret token per seat, and the hashes the game keeps of them.
pub(super) fn issue_tokens(seats: usize) -> (Vec<String>, Vec<[u8; 32]>) {
    let tokens: Vec<String> = (0..seats).map(|_| random_hex(32)).collect();
    let hashes = tokens
        .iter()
        .map(|t| Sha256::digest(t.as_bytes()).into())
        .collect();
    (tokens, hashes)
}

/// A fresh seed for a new game, from the operating system (the table takes seeds, it draws none).
pub(super) fn fresh_seed() -> Seed {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    Seed::from_bytes(bytes)
}

//! Catan: Cities & Knights on the hex engine.
//!
//! [`types`] holds the public, serialized data (config, setup, commands, events, violations, views); the rules
//! follow in their own modules.

mod cards;
pub mod types;

pub use types::*;

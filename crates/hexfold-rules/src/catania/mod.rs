//! Catania, a fan scenario for 3 to 6 players (seed `002_a47bcc0041ee787a.txt`, German): Seafarers and Cities &
//! Knights on a 195-hex wrap-around world.
//!
//! - [`map`]: the map as one table.

pub mod map;

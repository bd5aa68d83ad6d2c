//! The hex engine shared by base Catan, Cities & Knights and Catania.
//!
//! It owns what every game on a Catan-style board needs and nothing game-specific: the board topology (hexes,
//! their corners and sides) built from any list of hex coordinates, terrains and the resources they yield, number
//! tokens, harbors, dice, resource counts, the opening (snake order, starting resources, the robber's start),
//! production and its bank-shortage rule, the robber's moves and victims, maritime trade ratios, domestic trade
//! negotiation and the bank-trade check ([`trade`]), the longest road and who holds its card, and the random
//! players' choosing step. Game modules keep their own state and call these functions over a [`Board`] and their
//! piece arrays, so Cities & Knights and Catania extend this module (more terrains, sea hexes, ships) instead of
//! copying it.
//!
//! Pieces on the board are passed in as two slices indexed by id: `vertices[v]` is a [`VertexPiece`] and
//! `edges[e]` a [`EdgePiece`]. Games with more piece kinds (knights, ships) keep them in their own arrays.

mod board;
mod layout;
mod random;
mod resources;
mod rules;
mod setup;
pub mod trade;

pub use board::{
    Board, BoardRef, EdgeId, HexCoord, HexId, Topology, VertexCorner, VertexId, VertexKey,
};
pub use layout::{
    beginner_layout, standard_coords, variable_layout, Harbor, HexTile, Layout, Terrain,
};
pub(crate) use random::pick_by_kind;
pub use resources::{Dice, Resource, Resources};
pub use rules::{
    best_ratio, building_site, longest_road, producing_hexes, production, road_connects,
    robber_victims, EdgePiece, SiteError, VertexPiece,
};
pub(crate) use rules::{
    discard_owed, longest_road_holder, robbable, robber_may_move, withhold_short,
};
pub(crate) use setup::{
    opening_road_site, opening_road_sites, robber_start, snake_seat, starting_resources,
    OpeningRoadError,
};
pub use trade::{Cards, Negotiation, Terms, OFFERS_PER_TURN_MAX};

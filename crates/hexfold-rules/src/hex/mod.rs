//! The hex machine: every mechanic of the games on a Catan-style board, written once, for base Catan, Cities &
//! Knights and the scenarios to come (Catania).
//!
//! It owns what those games share and nothing game-specific: the board topology built from any list of hex
//! coordinates (the 19-hex frame is one layout among others; sea hexes frame the larger ones), terrains and the
//! resources they yield, number tokens, harbors, map kinds and the board views; dice and resource counts; a game's
//! rules as data ([`HexRules`]: seat range, points target, pieces, costs, bank, hand limit, map source, robber
//! start); the opening (snake order, starting resources, the robber's start); the shared refusals
//! ([`HexViolation`]) and the checks that produce them (whose turn, ids on the board, building, city, road and
//! opening-road sites, robber moves, road building); production with a yield hook and the bank-shortage rule;
//! robber victims; maritime ratios; domestic trade and the bank-trade check ([`trade`]); the longest road and who
//! holds its card; the victory threshold; the random players' choosing step; and movement over a rectangular
//! board read as a torus, for pieces that wrap around its edges ([`Torus`]).
//!
//! Game modules keep their own state and call these functions over a [`Board`] and their piece arrays: pieces on
//! the board are passed in as two slices indexed by id, `vertices[v]` a [`VertexPiece`] and `edges[e]` an
//! [`EdgePiece`] (a road or a ship). What a game adds that blocks or yields differently (Cities & Knights' knights
//! and commodities) comes in as a parameter or a closure, never as a branch in here. This module depends on no game
//! module.

mod board;
mod build;
mod layout;
mod random;
mod resources;
mod rules;
mod scenario;
mod sea;
mod setup;
mod table;
mod torus;
pub mod trade;
mod view;
mod violation;

pub use board::{
    Board, BoardRef, EdgeId, HexCoord, HexId, Point, Topology, VertexCorner, VertexId, VertexKey,
};
pub(crate) use build::{
    afford, check_edge, check_hex, check_seat, check_vertex, city_site, opening_road_site,
    opening_road_sites, piece_left, require_active, road_building, road_site, robber_move,
    settlement_site, site, touches_own_road,
};
pub use layout::{
    beginner_layout, standard_coords, standard_layout, variable_layout, Harbor, HexTile, Layout,
    MapKind, Terrain,
};
pub(crate) use random::{command_kinds, pick_by_key, pick_by_kind, pick_kind_first};
pub use resources::{Dice, Resource, Resources};
pub use rules::{
    best_ratio, best_ratio_where, building_site, longest_road, produce_into, road_connects,
    robber_victims, EdgePiece, SiteError, VertexPiece,
};
pub(crate) use rules::{
    discard_owed, longest_road_change, pay_in_turn, road_lengths_after, robber_may_move,
    roll_production, Victims,
};
pub(crate) use scenario::has_won;
pub use scenario::{Costs, HexRules, Pieces};
pub use sea::{
    awaiting_chips, edge_hexes, harbor_hex, islands, links, open_ships, pirate_may_move,
    pirate_victims, road_edge, route_length, route_reach, ship_edge, touches_land, ChipBag,
    Landing, Sea,
};
pub use setup::robber_start;
pub(crate) use setup::{snake_seat, starting_resources};
pub(crate) use table::Table;
pub use torus::{Step, Torus};
pub use trade::{Cards, Negotiation, Terms, OFFERS_PER_TURN_MAX};
pub use view::{board_view, road_views, BoardView, RoadView};
pub use violation::HexViolation;

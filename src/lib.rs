//! The hexfold server: the rules crate's games as event-sourced aggregates behind a gRPC API.
//!
//! This crate is the edge between the wire and the engine: the protobuf edge of each game and the registry of
//! served games ([`games`]); the one mapping of the engine's errors to statuses ([`error`]); the tonic service with
//! its `Play` sessions ([`service`]) and its server ([`server`]); games as JSON lines for export and import
//! ([`export`]); the one place that names a store backend ([`store`]); and the terminal client ([`cli`]). Rules
//! live in `hexfold-rules` (no I/O), the platform's rules above every game in `hexfold-table` (pure: versions, the
//! end of a game, the seed and its reveal, replays), the log's trait in `hexfold-store` (no games, no protobuf) and
//! its backends in `hexfold-sled` and `hexfold-postgres` (the cargo features `sled` and `postgres`), and the
//! generic engine that holds the games' heads and locks, appends, snapshots, projects and streams, with the
//! stored encoding, in `hexfold-engine` ([`engine`], [`stored`]: rules types only, no protocol, which its crate's
//! dependencies hold). `games` builds on `engine`, and `service` on both.

/// Generated gRPC code for `proto/hexfold/v1`: the API's package, and one module per game's package (see
/// `build.rs`).
pub mod proto {
    #![allow(clippy::all, missing_docs, unreachable_pub)]
    pub mod v1 {
        tonic::include_proto!("hexfold.v1");
        include!(concat!(env!("OUT_DIR"), "/hexfold.v1.games.rs"));
        /// Encoded file descriptor set, for server reflection.
        pub const FILE_DESCRIPTOR_SET: &[u8] =
            tonic::include_file_descriptor_set!("hexfold_descriptor");
    }
}

pub mod cli;
pub mod codec;
pub use hexfold_engine as engine;
pub use hexfold_engine::stored;
pub mod error;
pub mod export;
pub mod games;
pub mod gate;
pub mod metrics;
pub mod net;
pub mod observe;
pub mod server;
pub mod service;
pub mod store;
pub mod tls;
pub mod web;

//! The hexfold server: the rules crate's games as event-sourced aggregates behind a gRPC API.
//!
//! This crate owns everything between the wire and the store: the generic engine that holds the games' heads and
//! locks, appends, snapshots, projects and streams, in rules types only ([`engine`]); the protobuf edge of each
//! game and the registry of served games ([`games`]); the stored encoding ([`stored`]); the one mapping of errors
//! to statuses ([`error`]); the tonic service with its `Play` sessions ([`service`]) and its server ([`server`]);
//! games as JSON lines for export and import ([`export`]); the one place that names a store backend
//! ([`store`]); and the terminal client ([`cli`]). Rules live in `hexfold-rules` (no I/O), the platform's rules
//! above every game in `hexfold-table` (pure: versions, the end of a game, the seed and its reveal, replays), the
//! log's trait in `hexfold-store` (no games, no protobuf) and its backends in `hexfold-sled` and
//! `hexfold-postgres` (the cargo features `sled` and `postgres`).
//!
//! Within this crate, `engine` imports neither `games`, `service` nor any protobuf or tonic type; `games` builds on
//! `engine`, and `service` on both.

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
pub mod engine;
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
pub mod stored;
pub mod tls;
pub mod web;

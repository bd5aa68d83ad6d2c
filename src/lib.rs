//! The hexfold server: the rules crate's games as event-sourced aggregates behind a gRPC API.
//!
//! This crate owns everything between the wire and the store: the protobuf mapping of each game
//! ([`games`]), the generic engine that decides, appends, folds, snapshots and projects ([`engine`]), the stored
//! encoding ([`stored`]), the seeds and derived generators ([`seed`]), the one mapping of errors to statuses
//! ([`error`]), the tonic service ([`service`]) and its server ([`server`]), and the terminal client ([`cli`]).
//! Rules live in `hexfold-rules` (no I/O), the log in `hexfold-store` (no games, no protobuf).

/// Generated gRPC code for `proto/hexfold/v1`.
pub mod proto {
    #![allow(clippy::all, missing_docs, unreachable_pub)]
    pub mod v1 {
        tonic::include_proto!("hexfold.v1");
        pub mod catan {
            tonic::include_proto!("hexfold.v1.catan");
        }
        pub mod cities_knights {
            tonic::include_proto!("hexfold.v1.cities_knights");
        }
        pub mod elasund {
            tonic::include_proto!("hexfold.v1.elasund");
        }
        /// Encoded file descriptor set, for server reflection.
        pub const FILE_DESCRIPTOR_SET: &[u8] =
            tonic::include_file_descriptor_set!("hexfold_descriptor");
    }
}

pub mod cli;
pub mod codec;
pub mod engine;
pub mod error;
pub mod games;
pub mod net;
pub mod seed;
pub mod server;
pub mod service;
pub mod stored;

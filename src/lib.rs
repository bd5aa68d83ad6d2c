//! The hexfold server: gRPC API over the rules crate and the event store.

/// Generated gRPC code for `proto/hexfold/v1`.
pub mod proto {
    #![allow(clippy::all, missing_docs, unreachable_pub)]
    pub mod v1 {
        tonic::include_proto!("hexfold.v1");
        pub mod catan {
            tonic::include_proto!("hexfold.v1.catan");
        }
        pub mod elasund {
            tonic::include_proto!("hexfold.v1.elasund");
        }
        /// Encoded file descriptor set, for server reflection.
        pub const FILE_DESCRIPTOR_SET: &[u8] = tonic::include_file_descriptor_set!("hexfold_descriptor");
    }
}

//! Generates the gRPC server and client from `proto/` with `protox` (a pure-Rust protobuf compiler), so building
//! needs no system `protoc`. The encoded descriptor set is also written out for server reflection.

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = [
        "proto/hexfold/v1/hexfold.proto",
        "proto/hexfold/v1/catan.proto",
        "proto/hexfold/v1/cities_knights.proto",
        "proto/hexfold/v1/elasund.proto",
    ];
    println!("cargo:rerun-if-changed=proto");
    let descriptors = protox::compile(files, ["proto"])?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(
        out.join("hexfold_descriptor.bin"),
        prost::Message::encode_to_vec(&descriptors),
    )?;
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        // Malformed requests are INVALID_ARGUMENT, not tonic's INTERNAL: see src/codec.rs.
        .codec_path("crate::codec::StrictCodec")
        .compile_fds(descriptors)?;
    Ok(())
}

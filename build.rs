//! Generates the gRPC server and client from `proto/` with `protox` (a pure-Rust protobuf compiler), so building
//! needs no system `protoc`. The encoded descriptor set is also written out for server reflection.
//!
//! Every `.proto` under `proto/hexfold/v1/` is compiled: the API's `hexfold.proto`, and each game's package
//! `hexfold.v1.<game>` in `<game>/<game>.proto` (one directory per package, as buf's lint wants). Each game's
//! package gets its module `crate::proto::v1::<game>` (written to `$OUT_DIR/hexfold.v1.games.rs`, included by
//! `src/lib.rs`), so a new game's proto file needs no line here or there.

use std::fmt::Write as _;
use std::path::PathBuf;

const DIR: &str = "proto/hexfold/v1";
const PACKAGE: &str = "hexfold.v1";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=proto");
    let mut files = Vec::new();
    proto_files(DIR.as_ref(), &mut files)?;
    // Directory order is the file system's; the generated code should not depend on it.
    files.sort();
    let descriptors = protox::compile(&files, ["proto"])?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(
        out.join("hexfold_descriptor.bin"),
        prost::Message::encode_to_vec(&descriptors),
    )?;

    let mut games: Vec<&str> = descriptors
        .file
        .iter()
        .filter_map(|file| {
            file.package
                .as_deref()?
                .strip_prefix(PACKAGE)?
                .strip_prefix('.')
        })
        .collect();
    games.sort_unstable();
    games.dedup();
    let mut modules = String::new();
    for game in games {
        writeln!(
            modules,
            "pub mod {game} {{ tonic::include_proto!(\"{PACKAGE}.{game}\"); }}"
        )?;
    }
    std::fs::write(out.join("hexfold.v1.games.rs"), modules)?;

    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        // Malformed requests are INVALID_ARGUMENT, not tonic's INTERNAL: see src/codec.rs.
        .codec_path("crate::codec::StrictCodec")
        .compile_fds(descriptors)?;
    Ok(())
}

/// Every `.proto` under `dir`: the API's own file, and each game's in its package's directory (`<game>/`).
fn proto_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            proto_files(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            out.push(path);
        }
    }
    Ok(())
}

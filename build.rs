//! Generates the gRPC server and client from `proto/` with `protox` (a pure-Rust protobuf compiler), so building
//! needs no system `protoc`. The encoded descriptor set is also written out, with its custom options, for server
//! reflection and for the CLI's words (`src/cli/words.rs`).
//!
//! Every `.proto` under `proto/hexfold/v1/` is compiled: the API's `hexfold.proto`, the options of
//! `words/words.proto`, and each game's package `hexfold.v1.<game>` in `<game>/<game>.proto` (one directory per
//! package, as buf's lint wants). Each game's
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
    let mut compiler = protox::Compiler::new(["proto"])?;
    compiler.include_source_info(true).include_imports(true);
    compiler.open_files(&files)?;
    let descriptors = compiler.file_descriptor_set();
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    // Encoded by the compiler itself, which keeps the custom options (`words.proto`: the API's words, read by the
    // CLI) that the `prost_types` form of the set drops.
    std::fs::write(
        out.join("hexfold_descriptor.bin"),
        compiler.encode_file_descriptor_set(),
    )?;

    // A package of messages is a game's; `hexfold.v1.words` holds only the options that give messages their words.
    let mut games: Vec<&str> = descriptors
        .file
        .iter()
        .filter(|file| !file.message_type.is_empty())
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
        // `prost::Name` on every message: the CLI finds a message's descriptor, and so its words, by its type.
        .compile_fds_with_config(descriptors, {
            let mut config = tonic_prost_build::Config::new();
            config.enable_type_names();
            config
        })?;
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

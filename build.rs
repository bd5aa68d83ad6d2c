//! Generates the gRPC server and client from `proto/` with `protox` (a pure-Rust protobuf compiler), so building
//! needs no system `protoc`. The encoded descriptor set is also written out, with its custom options, for server
//! reflection and for the CLI's words (`src/cli/words.rs`).
//!
//! Every `.proto` under `proto/hexfold/v1/` is compiled: the API's `hexfold.proto`, the options of
//! `words/words.proto`, and each game's package `hexfold.v1.<game>` in `<game>/<game>.proto` (one directory per
//! package, as buf's lint wants). Each game's
//! package gets its module `crate::proto::v1::<game>` (written to `$OUT_DIR/hexfold.v1.games.rs`, included by
//! `src/lib.rs`), so a new game's proto file needs no line here or there.
//!
//! With the `toy-game` feature (the tests' only), the toy game's packages under `tests/toy/proto/` are compiled
//! too, and entered in `hexfold.proto`'s lists as it is read ([`with_test_games`]): the file on disk, which the
//! web app and the clients generate from, never names them.

use std::fmt::Write as _;
use std::path::PathBuf;

const DIR: &str = "proto/hexfold/v1";
const PACKAGE: &str = "hexfold.v1";
/// The include root of the toy game's protos, `<root>/hexfold/v1/<game>/<game>.proto`.
const TEST_GAMES: &str = "tests/toy/proto";
/// The first number a test game takes in hexfold.proto's lists, far above the served games'.
const TEST_GAME_NUMBER: usize = 1000;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=proto");
    println!("cargo:rerun-if-changed={TEST_GAMES}");
    let mut files = Vec::new();
    proto_files(DIR.as_ref(), &mut files)?;
    let mut resolver = protox::file::ChainFileResolver::new();
    if std::env::var_os("CARGO_FEATURE_TOY_GAME").is_some() {
        let mut test_games = Vec::new();
        proto_files(
            &std::path::Path::new(TEST_GAMES).join("hexfold/v1"),
            &mut test_games,
        )?;
        let names: Vec<String> = test_games
            .iter()
            .filter_map(|path| Some(path.file_stem()?.to_str()?.to_string()))
            .collect();
        let api = std::fs::read_to_string(format!("{DIR}/hexfold.proto"))?;
        resolver.add(Spliced {
            name: "hexfold/v1/hexfold.proto",
            source: with_test_games(&api, &names),
        });
        resolver.add(protox::file::IncludeFileResolver::new(TEST_GAMES.into()));
        files.extend(test_games);
    }
    resolver.add(protox::file::IncludeFileResolver::new("proto".into()));
    resolver.add(protox::file::GoogleFileResolver::new());
    // Directory order is the file system's; the generated code should not depend on it.
    files.sort();
    let mut compiler = protox::Compiler::with_file_resolver(resolver);
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

/// `hexfold.proto` with each of the test `games` entered in its lists as a served game is: its import, its `Variant`
/// value, and its `Command`, `Event` and `State` in the `oneof`s of `Command`, `Event` and `GameState`.
fn with_test_games(api: &str, games: &[String]) -> String {
    let mut out = String::new();
    let mut block = "";
    let mut entered = 0;
    for line in api.lines() {
        let closes = |indent: &str| line.strip_prefix(indent) == Some("}");
        let entries: Vec<String> = match block {
            "enum Variant" if closes("") => games
                .iter()
                .enumerate()
                .map(|(i, g)| format!("  VARIANT_{} = {};", g.to_uppercase(), TEST_GAME_NUMBER + i))
                .collect(),
            "message Command" | "message Event" | "message GameState" if closes("  ") => {
                let message = match block {
                    "message GameState" => "State",
                    other => other.trim_start_matches("message "),
                };
                games
                    .iter()
                    .enumerate()
                    .map(|(i, g)| {
                        format!(
                            "    {PACKAGE}.{g}.{message} {g} = {};",
                            TEST_GAME_NUMBER + i
                        )
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        entered += usize::from(!entries.is_empty());
        for entry in entries {
            writeln!(out, "{entry}").unwrap();
        }
        writeln!(out, "{line}").unwrap();
        if let Some(name) = line.strip_suffix(" {").filter(|_| !line.starts_with(' ')) {
            block = [
                "enum Variant",
                "message Command",
                "message Event",
                "message GameState",
            ]
            .into_iter()
            .find(|b| *b == name)
            .unwrap_or("");
        }
        if line.starts_with("package ") {
            for g in games {
                writeln!(out, "import \"hexfold/v1/{g}/{g}.proto\";").unwrap();
            }
        }
    }
    assert_eq!(
        entered, 4,
        "hexfold.proto's four lists of games were not all found"
    );
    out
}

/// A file given by its source instead of read from disk.
struct Spliced {
    name: &'static str,
    source: String,
}

impl protox::file::FileResolver for Spliced {
    fn open_file(&self, name: &str) -> Result<protox::file::File, protox::Error> {
        if name == self.name {
            protox::file::File::from_source(name, &self.source)
        } else {
            Err(protox::Error::file_not_found(name))
        }
    }
}

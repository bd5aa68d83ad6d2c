//! ARCHITECTURE.md is a map of the code, and a map that names what is not there misleads: it stays short enough
//! to read in one sitting, and every repository path it names exists.

use std::path::Path;

/// The length the map may grow to; past it, detail belongs in the module docs or a README.
const MAX_LINES: usize = 300;

/// The repository's top-level folders a path in the map may start with.
const ROOTS: [&str; 9] = [
    "crates/", "src/", "proto/", "web/", "clients/", "tests/", "deploy/", "docs/", "fuzz/",
];

#[test]
fn the_architecture_map_is_short_and_names_only_paths_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let lines = map.lines().count();
    assert!(
        lines <= MAX_LINES,
        "ARCHITECTURE.md has {lines} lines, more than {MAX_LINES}"
    );

    let missing: Vec<&str> = quoted_paths(&map)
        .filter(|path| !root.join(path).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {missing:?}"
    );
}

/// The spans in backquotes that are repository paths: they start with a top-level folder and hold no
/// placeholder (`<game>`) or glob.
fn quoted_paths(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2).filter(|span| {
        ROOTS.iter().any(|root| span.starts_with(root)) && !span.contains(['<', '*', ' '])
    })
}

#[test]
fn quoted_paths_are_found_and_placeholders_skipped() {
    let text =
        "see `src/server.rs`, `crates/<game>/x.rs`, `tests/it/` and `cargo test` or `src/a b`";
    let found: Vec<&str> = quoted_paths(text).collect();
    assert_eq!(found, ["src/server.rs", "tests/it/"]);
}

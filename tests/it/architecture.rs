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

/// `HEXFOLD_SOAK` has one reading (README, "Tests"): the one helper in `tests/soak.rs` reads it, and no other source
/// file of the repository reads the variable itself, in whatever language.
#[test]
fn hexfold_soak_is_read_by_the_one_helper_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut readers = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy();
            if path.is_dir() {
                if !name.starts_with('.') && !["target", "node_modules", "dist"].contains(&&*name) {
                    dirs.push(path);
                }
            } else if ["rs", "py", "ts", "mjs", "sh"]
                .iter()
                .any(|ext| name.ends_with(&format!(".{ext}")))
            {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if reads_soak(&text) {
                    readers.push(path.strip_prefix(root).unwrap().display().to_string());
                }
            }
        }
    }
    assert_eq!(readers, ["tests/soak.rs"]);
}

/// Whether `text` reads `HEXFOLD_SOAK` from the environment (Rust, Python, shell or JavaScript).
fn reads_soak(text: &str) -> bool {
    // Spelled in two parts, so that this file does not hold what it looks for.
    let var = ["HEXFOLD", "_SOAK"].concat();
    [
        format!("var(\"{var}\")"),
        format!("var_os(\"{var}\")"),
        format!("getenv(\"{var}\""),
        format!("environ.get(\"{var}\""),
        format!("environ[\"{var}\"]"),
        format!("${var}"),
        format!("${{{var}"),
        format!("env.{var}"),
    ]
    .iter()
    .any(|read| text.contains(read.as_str()))
}

#[test]
fn a_read_of_hexfold_soak_is_seen_in_each_language() {
    let var = ["HEXFOLD", "_SOAK"].concat();
    for text in [
        "std::env::var_os(\"VAR\")",
        "os.environ.get(\"VAR\", \"\")",
        "if [ -n \"$VAR\" ]",
        "process.env.VAR",
    ] {
        assert!(reads_soak(&text.replace("VAR", &var)), "{text}");
    }
    assert!(!reads_soak(&format!("{var}=1 cargo xtask test")));
}

/// Where the tests' toy game keeps what a served game keeps under `proto/` (build.rs's include root for it).
const TOY_PROTO: &str = "tests/toy/proto/";

/// "Adding a game" in the map names a game's own paths (with `<game>`, its `Game::NAME`) and the lists a game is
/// entered in. For every game the server registers, each of those paths exists and each list names it (in any
/// spelling: `cities_knights`, `CitiesKnights`, `citiesKnights`), and the rules crate's list holds the same games
/// as the server's: the list in the map and the code cannot drift apart.
#[test]
fn every_registered_game_is_in_each_place_adding_a_game_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = map
        .split_once("## Adding a game")
        .and_then(|(_, rest)| rest.split("\n## ").next())
        .expect("an \"Adding a game\" section");
    let spans: Vec<&str> = section.split('`').skip(1).step_by(2).collect();
    let own: Vec<&str> = spans
        .iter()
        .copied()
        .filter(|span| ROOTS.iter().any(|r| span.starts_with(r)) && span.contains("<game>"))
        .collect();
    let lists: Vec<&str> = quoted_paths(section)
        .filter(|path| root.join(path).is_file())
        .collect();
    assert!(own.len() >= 6, "too few own paths read: {own:?}");
    assert!(lists.len() >= 8, "too few lists read: {lists:?}");

    macro_rules! names {
        ($($module:ident: $game:ty),+ $(,)?) => {
            vec![$(<$game as hexfold_rules::Game>::NAME),+]
        };
    }
    let rules: Vec<&str> = hexfold_rules::for_each_game!(names);
    let served: Vec<&str> = hexfold::games::GAMES.iter().map(|g| g.name).collect();
    assert_eq!(rules, served, "the rules crate's games and the server's");

    let squash = |text: &str| text.to_ascii_lowercase().replace(['_', '-'], "");
    let mut missing = Vec::new();
    for game in hexfold::games::GAMES {
        // The tests' toy game has its protos under `TOY_PROTO` instead of `proto/`, entered in `hexfold.proto`'s
        // lists by build.rs, and no place in the web app or the clients, which never see it.
        let proto = |path: &str| match path.strip_prefix("proto/") {
            Some(rest) if !game.shipped => format!("{TOY_PROTO}{rest}"),
            _ => path.to_string(),
        };
        for path in &own {
            let path = proto(&path.replace("<game>", game.name));
            if !root.join(&path).exists() {
                missing.push(path);
            }
        }
        for list in &lists {
            let api = ["proto/", "web/", "clients/"];
            if !game.shipped && api.iter().any(|a| list.starts_with(a)) {
                continue;
            }
            let text = std::fs::read_to_string(root.join(list)).unwrap();
            if !squash(&text).contains(&squash(game.name)) {
                missing.push(format!("{list} naming {}", game.name));
            }
        }
        let proto_file = proto(&format!("proto/hexfold/v1/{0}/{0}.proto", game.name));
        let words = std::fs::read_to_string(root.join(&proto_file)).unwrap_or_default();
        if !words.contains("(hexfold.v1.words.") {
            missing.push(format!("{proto_file}'s words"));
        }
        if !game.shipped {
            continue;
        }
        let variant = game.variant.as_str_name();
        let api = std::fs::read_to_string(root.join("proto/hexfold/v1/hexfold.proto")).unwrap();
        if !api.contains(&format!("  {variant} = ")) {
            missing.push(format!("hexfold.proto's {variant}"));
        }
        let web = std::fs::read_to_string(root.join("web/src/games.ts")).unwrap();
        let web_variant = variant.strip_prefix("VARIANT_").unwrap_or(variant);
        if !web.contains(&format!("variant: Variant.{web_variant},")) {
            missing.push(format!("web/src/games.ts's entry for {web_variant}"));
        }
    }
    assert!(
        missing.is_empty(),
        "\"Adding a game\" names what is not there: {missing:?}"
    );
}

/// The files besides the lists "Adding a game" names that name the newest game outside its own paths, one by one:
/// each layer's test binary's `mod` line for its tests of what only that game does.
const ELSEWHERE: [&str; 2] = ["crates/hexfold-rules/tests/it/main.rs", "tests/it/main.rs"];

/// The newest game's own modules whose file names do not say the game: the web app's drawing of a grid.
const OWN_UNNAMED: [&str; 1] = ["web/src/grid.ts"];

/// Whether `path` is a source file in a language the naming test reads.
fn is_source(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    [".rs", ".ts", ".mjs", ".py"]
        .iter()
        .any(|x| name.ends_with(x))
}

/// Every source file below `dir`, without generated code, build output, bundles and dependencies.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if ![
                "target",
                "node_modules",
                "gen",
                "_gen",
                "dist",
                "build",
                ".venv",
            ]
            .contains(&name.as_ref())
            {
                sources(&path, out);
            }
        } else if is_source(&path) {
            out.push(path);
        }
    }
}

/// The newest game (the registry's last shipped one, the model of a fifth: the hex scenarios before it share the
/// hex machine, whose docs and tests name them) is named only in its own paths (the map's `<game>` paths, files
/// whose names say it, [`OWN_UNNAMED`]), in exactly the lists the map names, and in exactly [`ELSEWHERE`]. A new
/// file naming it fails here, and so does one of these that stops: it belongs in the game's own modules, in a list
/// the map names, or nowhere.
#[test]
fn a_game_is_named_only_in_its_own_paths_and_the_lists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let game = hexfold::games::GAMES
        .iter()
        .rfind(|g| g.shipped)
        .expect("a shipped game");
    let squash = |text: &str| text.to_ascii_lowercase().replace(['_', '-'], "");
    let name = squash(game.name);
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let section = map.split_once("## Adding a game").unwrap().1;
    let section = section.split("\n## ").next().unwrap();
    let own_paths: Vec<String> = section
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| ROOTS.iter().any(|r| span.starts_with(r)) && span.contains("<game>"))
        .map(|span| span.replace("<game>", game.name))
        .collect();
    let own = |path: &str| {
        own_paths
            .iter()
            .any(|q| path == q || (q.ends_with('/') && path.starts_with(q.as_str())))
            || squash(path.rsplit('/').next().unwrap()).contains(&name)
            || OWN_UNNAMED.contains(&path)
    };
    let mut files = Vec::new();
    for dir in ["src", "crates", "tests", "web/src", "clients", "fuzz"] {
        sources(&root.join(dir), &mut files);
    }
    let sourced = files.len();
    assert!(sourced > 100, "only {sourced} source files read");
    let mut named: Vec<String> = files
        .iter()
        .filter(|path| {
            std::fs::read_to_string(path).is_ok_and(|text| squash(&text).contains(&name))
        })
        .map(|path| {
            path.strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|path| !own(path))
        .collect();
    named.sort();
    let mut allowed: Vec<String> = quoted_paths(section)
        .filter(|path| root.join(path).is_file() && is_source(Path::new(path)))
        .chain(ELSEWHERE)
        .map(String::from)
        .collect();
    allowed.sort();
    assert_eq!(
        named, allowed,
        "the files naming {} outside its own paths, and the lists of the map and ELSEWHERE",
        game.name
    );
}

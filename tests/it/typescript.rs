//! TypeScript against the real server, through the client package `clients/typescript` (`@hexfold/client`), as
//! its folder holds it:
//! - its generated code (`src/gen/`) is what `npm run generate` makes from `proto/` now, run in a scratch copy;
//! - it builds (`npm run build`: `tsc`, strict) and passes its own test suite (`npm test`: Node's test runner)
//!   against a server of this test's, one over TLS with a CA made at run time, and a server the suite starts and
//!   restarts itself for the reconnecting subscriptions; the suite also calls through the browser's transport (gRPC-Web over fetch) and bundles the
//!   browser's entry point for the browser;
//! - the example `tests/ts/play.ts`, which installs the package from its folder (`tests/ts/package.json`),
//!   type-checks against its declarations and plays a game to its end.
//!
//! Node.js 20 and the packages `cargo xtask test` installs (`npm ci --prefix clients/typescript`, then
//! `--prefix tests/ts`); a machine without them fails this test rather than skipping it.

use crate::support::{self, succeed, succeed_async};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, by its path relative to it, with its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, base, out);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.push((path.strip_prefix(base).unwrap().to_path_buf(), bytes));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The package's folder, its generated code checked and `dist/` built from its sources as they are now; once per
/// test process.
fn package() -> &'static Path {
    static PACKAGE: OnceLock<PathBuf> = OnceLock::new();
    PACKAGE.get_or_init(|| {
        let package = root().join("clients/typescript");
        let modules = package.join("node_modules");
        assert!(
            modules.join(".bin/buf").exists() && modules.join(".bin/tsc").exists(),
            "{} is missing: run `npm ci --prefix clients/typescript`",
            modules.display()
        );
        // `npm run generate` as it stands, in a scratch checkout of the two folders it reads.
        let scratch = tempfile::tempdir().unwrap();
        let copy = scratch.path().join("clients/typescript");
        std::fs::create_dir_all(&copy).unwrap();
        for file in ["package.json", "buf.gen.yaml"] {
            std::fs::copy(package.join(file), copy.join(file)).unwrap();
        }
        std::os::unix::fs::symlink(&modules, copy.join("node_modules")).unwrap();
        std::os::unix::fs::symlink(root().join("proto"), scratch.path().join("proto")).unwrap();
        succeed(
            Command::new("npm")
                .current_dir(&copy)
                .args(["run", "--silent", "generate"]),
            "npm run generate (CI runs `npm ci --prefix clients/typescript`)",
        );
        let (fresh, committed) = (files(&copy.join("src/gen")), files(&package.join("src/gen")));
        let names = |files: &[(PathBuf, Vec<u8>)]| -> Vec<PathBuf> {
            files.iter().map(|(name, _)| name.clone()).collect()
        };
        assert_eq!(names(&committed), names(&fresh), "clients/typescript/src/gen's files");
        for ((name, now), (_, then)) in fresh.iter().zip(&committed) {
            assert!(
                now == then,
                "clients/typescript/src/gen/{} differs from what proto/ generates: run `npm run generate` in \
                 clients/typescript and commit the result",
                name.display()
            );
        }
        succeed(
            Command::new("npm")
                .current_dir(&package)
                .args(["run", "--silent", "build"]),
            "npm run build in clients/typescript",
        );
        package
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_typescript_client_package_is_current_and_passes_its_tests_against_the_server() {
    let package = package();
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    // A second server over TLS, with a CA made now, for the Node.js transport's https:// connections.
    let pki = crate::tls::Pki::new("typescript client");
    let tls_dir = tempfile::tempdir().unwrap();
    let tls_server = crate::tls::start_tls(tls_dir.path(), pki.server_tls(None)).await;
    let stdout = succeed_async(
        tokio::process::Command::new("node")
            .current_dir(package)
            .args(["--import", "tsx", "--test", "test/client.test.ts"])
            .env("HEXFOLD_SERVER", format!("http://{}", server.addr))
            .env("HEXFOLD_BIN", env!("CARGO_BIN_EXE_hexfold"))
            .env("HEXFOLD_TLS_SERVER", format!("https://{}", tls_server.addr))
            .env("HEXFOLD_TLS_CA", pki.write("ca.pem", &pki.ca_pem())),
        "the package's tests (node --test)",
    )
    .await;
    assert!(
        stdout.contains("\n# fail 0\n")
            && stdout.contains("\n# skipped 0\n")
            && !stdout.contains("\n# pass 0\n"),
        "{stdout}"
    );
    server.stop().await;
    tls_server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typescript_client_plays_a_game_to_its_end_and_decodes_error_info() {
    package();
    let example = root().join("tests/ts");
    let bin = example.join("node_modules/.bin");
    assert!(
        example.join("node_modules/@hexfold/client").exists() && bin.join("tsx").exists(),
        "{} is missing: run `npm ci --prefix tests/ts`",
        example.join("node_modules").display()
    );
    succeed(
        Command::new(bin.join("tsc"))
            .current_dir(&example)
            .args(["-p", "tsconfig.json"]),
        "tsc of tests/ts/play.ts",
    );

    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let stdout = succeed_async(
        tokio::process::Command::new(bin.join("tsx"))
            .current_dir(&example)
            .arg("play.ts")
            .arg(format!("http://{}", server.addr)),
        "tests/ts/play.ts",
    )
    .await;
    assert!(
        stdout.contains("typescript client: all checks passed"),
        "{stdout}"
    );
    server.stop().await;
}

/// The Node.js the project's machines have (README.md: Debian 12 with Node.js 20), the lowest that every
/// package.json's `engines` admits.
const PROJECT_NODE: [u64; 3] = [20, 0, 0];

/// Locked packages that declare a newer Node.js and are kept all the same (npm warns `EBADENGINE` when it installs
/// them), by folder; the folder's README.md says why.
const NEWER_NODE: &[(&str, &str)] = &[("web", "node_modules/@bufbuild/protoc-gen-es")];

/// Whether the npm `engines` range `range` (comparators joined by spaces, alternatives by `||`: `>=20`,
/// `^8.16.0 || >=11.0.0`, `>=14.17`) admits `version`.
fn admits(range: &str, version: [u64; 3]) -> bool {
    let parse = |text: &str| -> ([u64; 3], usize) {
        let parts: Vec<u64> = text
            .split('.')
            .map(|part| {
                part.parse()
                    .unwrap_or_else(|_| panic!("a version, not {text:?}, in {range:?}"))
            })
            .collect();
        assert!((1..=3).contains(&parts.len()), "{range:?}");
        let mut full = [0; 3];
        full[..parts.len()].copy_from_slice(&parts);
        (full, parts.len())
    };
    range.split("||").any(|alternative| {
        alternative.split_whitespace().all(|comparator| {
            let (op, rest) = match comparator.find(|c: char| c.is_ascii_digit()) {
                Some(at) => comparator.split_at(at),
                None => panic!("an unknown comparator {comparator:?} in {range:?}"),
            };
            let (bound, given) = parse(rest);
            // The version bumped at the last part given: `^8.16.0` is below 9, `~14.17` below 14.18, `20` is 20.x.
            let above = |at: usize| {
                let mut next = bound;
                next[at] += 1;
                next[at + 1..].iter_mut().for_each(|part| *part = 0);
                next
            };
            match op {
                ">=" => version >= bound,
                ">" => version > bound,
                "<=" => version <= bound,
                "<" => version < bound,
                "^" => {
                    let at = bound
                        .iter()
                        .position(|&part| part != 0)
                        .unwrap_or(given - 1);
                    version >= bound && version < above(at.min(given - 1))
                }
                "~" => version >= bound && version < above(if given > 1 { 1 } else { 0 }),
                "" | "=" => version >= bound && version < above(given - 1),
                _ => panic!("an unknown comparator {comparator:?} in {range:?}"),
            }
        })
    })
}

#[test]
fn npm_engine_ranges_read_as_npm_reads_them() {
    for (range, version, admitted) in [
        (">=20", [20, 0, 0], true),
        (">=22", [20, 20, 2], false),
        (">=14.17", [14, 16, 9], false),
        ("^8.16.0 || ^10.6.0 || >=11.0.0", [9, 0, 0], false),
        ("^8.16.0 || ^10.6.0 || >=11.0.0", [20, 0, 0], true),
        ("^0.2.3", [0, 3, 0], false),
        ("~14.17", [14, 18, 0], false),
        (">=18 <21", [20, 1, 0], true),
        ("20", [21, 0, 0], false),
    ] {
        assert_eq!(admits(range, version), admitted, "{range} and {version:?}");
    }
}

/// `npm ci` installs every folder's locked packages on the project's Node.js without an `EBADENGINE` warning
/// (issue 34: the example once needed Node.js 22 where the READMEs said 20), but for the exceptions listed in
/// [`NEWER_NODE`]; the packages' own `engines` name that Node.js.
#[test]
fn every_locked_npm_package_runs_on_the_projects_node() {
    for folder in ["clients/typescript", "tests/ts", "web"] {
        let read = |file: &str| -> serde_json::Value {
            let path = root().join(folder).join(file);
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        let own = read("package.json");
        if let Some(range) = own["engines"]["node"].as_str() {
            assert_eq!(range, ">=20", "{folder}/package.json's engines");
        }
        let lock = read("package-lock.json");
        let packages = lock["packages"]
            .as_object()
            .expect("lockfileVersion 2 or 3");
        let mut newer = Vec::new();
        for (path, package) in packages {
            let Some(range) = package["engines"]["node"].as_str() else {
                continue;
            };
            if !admits(range, PROJECT_NODE) {
                newer.push(path.as_str());
            }
        }
        let allowed: Vec<&str> = NEWER_NODE
            .iter()
            .filter(|(at, _)| *at == folder)
            .map(|(_, path)| *path)
            .collect();
        assert_eq!(
            newer, allowed,
            "{folder}/package-lock.json: the locked packages whose engines do not admit Node.js {PROJECT_NODE:?}"
        );
    }
    for (folder, path) in NEWER_NODE {
        let readme = std::fs::read_to_string(root().join(folder).join("README.md")).unwrap();
        let name = path.rsplit('/').next().unwrap();
        assert!(
            readme.contains(name),
            "{folder}/README.md says nothing of {name}"
        );
    }
}

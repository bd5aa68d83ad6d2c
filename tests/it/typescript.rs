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

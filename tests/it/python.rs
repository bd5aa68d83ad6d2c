//! Python against the real server, through the client package `clients/python` (`hexfold-client`), built and
//! installed from its folder into a venv of the test's own under target/ (stock Debian's pip refuses installs
//! outside one, PEP 668), with the versions pinned in its requirements files:
//! - the package's generated modules are what `proto/` generates now (`generate.py --check`);
//! - the package's own test suite (pytest) against a server of this test's, one over TLS with a CA made at run
//!   time, and a server it starts and restarts itself for the reconnecting subscriptions;
//! - the examples on the package: `tests/python/play.py` (gRPC with grpcio), `tests/python/bot.py` (a bot over
//!   `Play`) and `tests/python/grpc_web.py` (gRPC-Web over HTTP/1.1, as a browser sends it);
//! - `tests/python/readme_grpcurl.py`: README.md's grpcurl bodies are requests the server takes (the `bots` shape).
//!
//! Needs `python3` with its `venv` module (Debian's `python3-venv`, which `cargo xtask test` installs where it is
//! missing) and PyPI, the first time only: the venv is kept while the requirements files are unchanged. A machine
//! without them fails these tests rather than skipping them.

use crate::support::{self, succeed, succeed_async};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A venv at `target/<tmp>/<name>` with the pinned requirements files of the package in `package` (made again when
/// they change; the last file is the one pip installs, naming the others with `-r`), and the package installed from
/// its folder as it is now, dependencies already pinned, without build isolation (the build backend is among the
/// requirements). `env` is set for pip (and so for the package's build). Returns its python.
pub(crate) fn package_venv(
    package: &Path,
    name: &str,
    requirements: &[&str],
    env: &[(&str, &std::ffi::OsStr)],
) -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let python = venv.join("bin/python");
    let stamp = venv.join("hexfold-requirements");
    let pinned = requirements
        .iter()
        .map(|file| std::fs::read_to_string(package.join(file)).unwrap())
        .collect::<String>();
    let mut path = std::ffi::OsString::from(venv.join("bin"));
    if let Some(caller) = std::env::var_os("PATH") {
        path.push(":");
        path.push(caller);
    }
    // `--isolated`: no pip configuration or PIP_* variable of the caller's applies.
    let pip = |args: &[&str], what: &str| {
        let mut command = Command::new(&python);
        command
            .args([
                "-m",
                "pip",
                "--isolated",
                "--disable-pip-version-check",
                "-q",
            ])
            .args(args)
            .current_dir(package)
            // The venv's tools first, as if it were active: a build backend such as maturin runs its own
            // executable by name.
            .env("PATH", &path);
        for (key, value) in env {
            command.env(key, value);
        }
        succeed(&mut command, what)
    };
    let last = requirements.last().expect("a requirements file");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(pinned.as_str()) {
        let _ = std::fs::remove_dir_all(&venv);
        succeed(
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
            "python3 -m venv (Debian: apt-get install python3-venv)",
        );
        pip(
            &["install", "-r", last],
            &format!("pip install -r {}/{last}", package.display()),
        );
        std::fs::write(&stamp, &pinned).unwrap();
    }
    pip(
        &[
            "install",
            "--no-deps",
            "--no-build-isolation",
            "--force-reinstall",
            ".",
        ],
        &format!("pip install {}", package.display()),
    );
    python
}

/// The test's venv, with `clients/python`'s pinned requirements and the package installed from its folder as it
/// is now; made once per test process. Returns its python.
fn venv_python() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        package_venv(
            &root().join("clients/python"),
            "python-venv",
            &["requirements.txt", "requirements-dev.txt"],
            &[],
        )
    })
}

/// A Python command in the venv, writing no bytecode into the source tree.
fn python(args: &[&std::ffi::OsStr]) -> tokio::process::Command {
    let mut command = tokio::process::Command::new(venv_python());
    command
        .args(args)
        .current_dir(root())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env_remove("PYTHONPATH");
    command
}

/// Runs `tests/python/<script>` against a fresh server, with the address in the CLI's form, and checks it printed
/// `<passed>`.
async fn run_script(script: &str, passed: &str) {
    venv_python();
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let path = root().join("tests/python").join(script);
    let url = format!("http://{}", server.addr);
    let stdout = succeed_async(&mut python(&[path.as_os_str(), url.as_ref()]), script).await;
    assert!(stdout.contains(passed), "{stdout}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_client_package_is_current_and_passes_its_tests_against_the_server() {
    venv_python();
    let package = root().join("clients/python");
    let check = succeed_async(
        &mut python(&[package.join("generate.py").as_os_str(), "--check".as_ref()]),
        "clients/python/generate.py --check",
    )
    .await;
    assert!(check.contains("generated modules match proto/"), "{check}");

    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    // A second server over TLS, with a CA made now, for the package's https:// connections.
    let pki = crate::tls::Pki::new("python client");
    let tls_dir = tempfile::tempdir().unwrap();
    let tls_server = crate::tls::start_tls(tls_dir.path(), pki.server_tls(None)).await;
    let mut pytest = python(&[
        "-m".as_ref(),
        "pytest".as_ref(),
        "-p".as_ref(),
        "no:cacheprovider".as_ref(),
        package.join("tests").as_os_str(),
    ]);
    pytest
        .current_dir(&package)
        .env("HEXFOLD_SERVER", format!("http://{}", server.addr))
        .env("HEXFOLD_BIN", env!("CARGO_BIN_EXE_hexfold"))
        .env("HEXFOLD_TLS_SERVER", format!("https://{}", tls_server.addr))
        .env("HEXFOLD_TLS_CA", pki.write("ca.pem", &pki.ca_pem()));
    let stdout = succeed_async(&mut pytest, "pytest clients/python/tests").await;
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(
        summary.contains(" passed") && !summary.contains("skipped") && !summary.contains("failed"),
        "{stdout}"
    );
    server.stop().await;
    tls_server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_python_client_plays_turns_and_a_whole_game() {
    run_script("play.py", "python client: all checks passed").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_style_grpc_web_client_plays_and_reads() {
    run_script("grpc_web.py", "grpc-web client: all checks passed").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_python_bot_plays_a_seat_with_three_server_bots_to_the_end() {
    run_script("bot.py", "python bot: all checks passed").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readmes_grpcurl_bodies_parse_and_its_bots_shape_creates_bot_seats() {
    run_script("readme_grpcurl.py", "readme grpcurl: all checks passed").await;
}

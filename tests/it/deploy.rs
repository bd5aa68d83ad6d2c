//! The files of `deploy/` name only what the server has: every flag they pass to `hexfold serve` and every
//! `HEXFOLD_*` variable they set is one `hexfold serve --help` lists. No container engine runs here, so this
//! (with the linters `cargo xtask ci` runs on them) is what keeps the Dockerfile, the compose file and the Kubernetes
//! manifests in step with the tested server.

use std::collections::BTreeSet;
use std::path::Path;

/// Flags the manifests use that another branch adds to `serve`. Once `serve --help` lists one, the test fails
/// until it is taken off this list, so it cannot outlive its reason. (`--metrics-listen`, the probes' address, has
/// landed.)
const PENDING_FLAGS: &[&str] = &[];

fn deploy_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("deploy")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a file without their comments (`#` to the end of the line, outside quotes: no value here holds
/// a `#`).
fn code_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.split(" #").next().unwrap_or(line))
        .filter(|line| !line.trim_start().starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The `--flags` on `lines`, each cut at its `=` or its closing quote.
fn flags_in<'a>(lines: impl Iterator<Item = &'a String>) -> BTreeSet<String> {
    let mut flags = BTreeSet::new();
    for line in lines {
        for token in line.split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']') {
            let token = token.trim_matches('"');
            if let Some(name) = token.strip_prefix("--") {
                let name = name.split('=').next().unwrap();
                flags.insert(format!("--{name}"));
            }
        }
    }
    flags
}

/// The `HEXFOLD_*` variables `lines` set (`NAME=`, `NAME:` or `name: NAME`), not those they only read from the
/// shell (`${NAME...}`).
fn variables_set<'a>(lines: impl Iterator<Item = &'a String>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in lines {
        let mut rest = line.as_str();
        while let Some(at) = rest.find("HEXFOLD_") {
            let before = &rest[..at];
            let tail = &rest[at..];
            let end = tail
                .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
                .unwrap_or(tail.len());
            let (name, after) = tail.split_at(end);
            let sets = after.starts_with('=')
                || after.starts_with(':')
                || (before.trim_end().ends_with("name:") && after.trim().is_empty());
            if sets && !before.ends_with("${") {
                names.insert(name.to_string());
            }
            rest = after;
        }
    }
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deploy_files_name_only_flags_and_variables_that_serve_has() {
    let help = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["serve", "--help"])
        .output()
        .await
        .expect("run hexfold serve --help");
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    let known_flags: BTreeSet<String> = flags_in(code_lines(&help).iter());
    let known_variables: BTreeSet<String> = help
        .split("[env: ")
        .skip(1)
        .map(|rest| rest.split(['=', ']']).next().unwrap().to_string())
        .collect();
    assert!(known_flags.contains("--data-dir") && known_variables.contains("HEXFOLD_DATA_DIR"));

    let dockerfile = code_lines(&deploy_file("Dockerfile"));
    let compose = code_lines(&deploy_file("compose.yaml"));
    let statefulset = code_lines(&deploy_file("k8s/statefulset.yaml"));
    let unit = code_lines(&deploy_file("hexfold.service"));
    // The server's arguments: the image's CMD, compose's `command:` lists that run `serve`, the StatefulSet's
    // `args:` items.
    let serve_lines = dockerfile
        .iter()
        .filter(|l| l.starts_with("CMD "))
        .chain(compose.iter().filter(|l| l.contains("command: [\"serve\"")))
        .chain(
            statefulset
                .iter()
                .filter(|l| l.trim_start().starts_with("- --")),
        );
    let used_flags = flags_in(serve_lines);
    let used_variables = variables_set(
        dockerfile
            .iter()
            .chain(&compose)
            .chain(&statefulset)
            .chain(&unit),
    );
    assert!(
        used_flags.contains("--metrics-listen") && used_flags.contains("--durability"),
        "the scan found the manifests' flags: {used_flags:?}"
    );
    assert!(
        used_variables.contains("HEXFOLD_OPERATOR_TOKEN")
            && used_variables.contains("HEXFOLD_STORE"),
        "the scan found the manifests' variables: {used_variables:?}"
    );
    // Acknowledged means it survives a power loss: `fsync` is the default, and no deployment opts out of it.
    assert!(
        help.contains("[default: fsync]"),
        "`hexfold serve --help` gives fsync as the durability default"
    );
    for (file, lines) in [
        ("Dockerfile", &dockerfile),
        ("compose.yaml", &compose),
        ("k8s/statefulset.yaml", &statefulset),
        ("hexfold.service", &unit),
    ] {
        for line in lines.iter() {
            let line = line.replace(' ', "");
            assert!(
                !(line.contains("DURABILITY=flush")
                    || line.contains("DURABILITY:flush")
                    || line.contains("--durability=flush")),
                "deploy/{file} chooses --durability flush, which loses acknowledged commands in a power loss: {line}"
            );
        }
    }
    for flag in &used_flags {
        let pending = PENDING_FLAGS.contains(&flag.as_str());
        let known = known_flags.contains(flag);
        assert!(
            known || pending,
            "deploy/ passes {flag}, which `hexfold serve` does not have"
        );
        assert!(
            !(known && pending),
            "`hexfold serve` has {flag} now: take it off PENDING_FLAGS"
        );
    }
    for name in &used_variables {
        assert!(
            known_variables.contains(name),
            "deploy/ sets {name}, which `hexfold serve` does not read"
        );
    }
}

/// The compose file's two profiles resolve, each to its services, as the Compose specification interpolates
/// (every service's variables before profiles apply, as `docker compose` does) and as Debian's docker-compose 1.29
/// loads it (its own schema check, interpolation and profile test): `tests/deploy/compose_check.py`, with Debian's
/// python3, which has docker-compose's package. No engine is needed for either; neither starts a container.
#[test]
fn both_compose_profiles_resolve_with_compose_v2_semantics_and_debians_docker_compose() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = std::process::Command::new("/usr/bin/python3")
        .arg(root.join("tests/deploy/compose_check.py"))
        .arg(root.join("deploy/compose.yaml"))
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .output()
        .expect("Debian's python3 (CI installs Debian's docker-compose for it)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("compose: all checks passed"), "{stdout}");
}

/// The Docker build context leaves out build directories and data: the same patterns in the root's
/// `.dockerignore` (the classic builder's, docker-compose 1.29's) and `deploy/Dockerfile.dockerignore`
/// (BuildKit's, which prefers it), the quickstart's store directory and exports among them.
#[test]
fn the_docker_build_context_leaves_out_build_and_data_directories() {
    let patterns = |path: &Path| -> Vec<String> {
        code_lines(&std::fs::read_to_string(path).unwrap())
            .into_iter()
            .filter(|line| !line.trim().is_empty())
            .collect()
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let buildkit = patterns(&root.join("deploy/Dockerfile.dockerignore"));
    assert_eq!(patterns(&root.join(".dockerignore")), buildkit);
    for needed in [
        "**/target",
        "**/node_modules",
        "**/hexfold-data",
        "**/*.jsonl",
        ".git",
    ] {
        assert!(
            buildkit.iter().any(|p| p == needed),
            "{needed}: {buildkit:?}"
        );
    }
}

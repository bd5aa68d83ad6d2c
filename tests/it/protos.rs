//! The protos as other toolchains take them, with the commands README.md gives, run as written:
//! - `protoc` with the Go, Java and C# generators on `proto/` with no flag beyond the include path and the output
//!   directories, one Go package per proto package (they all define `Command`, `Event` and `State`, so sharing one
//!   would not), and the generated Go compiles;
//! - the README's Go commands (read from the block after its `<!-- go-client -->` marker, so the two cannot
//!   drift): the messages and the service stubs generated with Debian's protoc 3.21, `protoc-gen-go` and
//!   `protoc-gen-go-grpc`, built in GOPATH mode against Debian's gocode (no network), into `clients/go/main.go`,
//!   which then makes real calls against the real server: CreateGame, a Subscribe stream, SubmitCommand and the
//!   google.rpc.ErrorInfo of a refusal.
//!
//! Needs the Debian packages the README's Go section names, which `cargo xtask test` installs (the test checks that
//! its list names each of them). A machine without them fails these tests rather than skipping them.

use crate::support::{self, succeed, succeed_async};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The proto packages under `hexfold/v1/`: the API's own (`""`) and one per game the server registers, named as
/// the game's rules module.
fn packages() -> impl Iterator<Item = &'static str> {
    std::iter::once("").chain(
        hexfold::games::GAMES
            .iter()
            .filter(|game| game.shipped)
            .map(|game| game.name),
    )
}

/// How README.md lists the proto files to protoc (Debian's protoc 3.21 refuses `./`-prefixed paths).
const PROTO_FILES: &str = "$(cd proto && find hexfold -name '*.proto')";

/// The fenced block that follows the line `marker` in README.md.
fn readme_block(marker: &str) -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let after = &readme[readme
        .find(marker)
        .unwrap_or_else(|| panic!("README.md has no {marker}"))..];
    let start = after.find("```sh\n").expect("a sh block after the marker") + "```sh\n".len();
    let len = after[start..].find("```").expect("the block's end");
    after[start..start + len].to_string()
}

#[test]
fn protoc_generates_go_java_and_csharp_without_extra_flags_and_the_go_compiles() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let documented = format!("protoc -Iproto --go_out=… --java_out=… --csharp_out=… {PROTO_FILES}");
    assert!(
        readme.contains(&documented),
        "README.md no longer shows `{documented}`"
    );
    let tmp = tempfile::tempdir().unwrap();
    let (gopath, java, csharp) = (
        tmp.path().join("go"),
        tmp.path().join("java"),
        tmp.path().join("cs"),
    );
    for dir in [gopath.join("src"), java.clone(), csharp.clone()] {
        std::fs::create_dir_all(dir).unwrap();
    }
    succeed(
        Command::new("bash")
            .current_dir(root())
            .arg("-c")
            .arg(format!(
                "protoc -Iproto --go_out=\"$GO\" --java_out=\"$JAVA\" --csharp_out=\"$CS\" {PROTO_FILES}"
            ))
            .env("GO", gopath.join("src"))
            .env("JAVA", &java)
            .env("CS", &csharp),
        "protoc (install the packages README.md names under \"Go\")",
    );

    // Each proto package is its own Go package, in the directory its go_package names.
    let go_root = gopath.join("src/github.com/hexfold/hexfold/gen/go/hexfold/v1");
    for dir in packages() {
        let name = if dir.is_empty() { "hexfold" } else { dir };
        let package = format!("{}v1", name.replace('_', ""));
        let source =
            std::fs::read_to_string(go_root.join(dir).join(format!("{name}.pb.go"))).unwrap();
        assert!(
            source.contains(&format!("\npackage {package}\n")),
            "{dir}: not package {package}"
        );
    }
    // GOPATH mode finds the protobuf runtime where Debian's golang-google-protobuf-dev puts it, so the build
    // needs no network.
    succeed(
        Command::new("go")
            .current_dir(tmp.path())
            .args(["build", "github.com/hexfold/hexfold/gen/go/hexfold/v1/..."])
            .env("GOPATH", format!("{}:/usr/share/gocode", gopath.display()))
            .env("GO111MODULE", "off")
            .env("GOCACHE", tmp.path().join("cache"))
            .env("GOFLAGS", ""),
        "go build of the generated code",
    );

    // Java and C# get one namespace per package too.
    for package in packages() {
        let dir = java.join("dev/hexfold/v1").join(package);
        assert!(
            dir.join("Command.java").exists() || package.is_empty(),
            "{}",
            dir.display()
        );
    }
    let cs: Vec<String> = std::fs::read_dir(&csharp)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for package in packages() {
        let name = if package.is_empty() {
            "hexfold"
        } else {
            package
        };
        let file: String = name
            .split('_')
            .map(|word| word[..1].to_ascii_uppercase() + &word[1..])
            .collect::<String>()
            + ".cs";
        assert!(cs.contains(&file), "{file}: {cs:?}");
    }
    let catan = std::fs::read_to_string(csharp.join("Catan.cs")).unwrap();
    assert!(catan.contains("namespace Hexfold.V1.Catan"));
}

/// Where README.md's Go client is served in its commands; the test puts its own server's address there.
const README_SERVER: &str = "http://127.0.0.1:50051";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readme_go_commands_build_a_client_that_calls_the_server() {
    let packages = readme_block("<!-- go-packages -->");
    let list = std::fs::read_to_string(root().join("crates/xtask/debian-packages.txt")).unwrap();
    let installed: Vec<&str> = list
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    let named: Vec<&str> = packages
        .split_whitespace()
        .filter(|word| word.starts_with("golang-") || word.starts_with("proto"))
        .collect();
    assert!(
        named.contains(&"golang-github-golang-protobuf-1-5-dev"),
        "{named:?}"
    );
    for package in &named {
        assert!(
            installed.contains(package),
            "crates/xtask/debian-packages.txt does not name {package}, which README.md names"
        );
    }

    let commands = readme_block("<!-- go-client -->");
    assert!(
        commands.contains(PROTO_FILES) && commands.contains(README_SERVER),
        "{commands}"
    );
    // The commands run from a checkout's root: a scratch one holding the two directories they read, so that
    // what they write (go/, the binary) stays out of the source tree.
    let work = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("proto"), work.path().join("proto")).unwrap();
    std::fs::create_dir(work.path().join("clients")).unwrap();
    std::os::unix::fs::symlink(root().join("clients/go"), work.path().join("clients/go")).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let script = commands.replace(README_SERVER, &format!("http://{}", server.addr));
    // Go's build cache is kept between runs beside the other test scratch; nothing else comes from the caller.
    let stdout = succeed_async(
        tokio::process::Command::new("bash")
            .current_dir(work.path())
            .args(["-euo", "pipefail", "-c", &script])
            .env(
                "GOCACHE",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("go-build-cache"),
            )
            .env("GOFLAGS", "")
            .env_remove("GOROOT"),
        "the README's Go commands (with Debian's packages, golang-google-grpc-dev pulls in \
         golang-github-golang-protobuf-1-3-dev unless -1-5-dev is named)",
    )
    .await;
    for check in [
        "CreateGame gives three seat tokens",
        "a new game's stream starts with the caught-up marker",
        "the refusal's ErrorInfo names the violation and its rule",
        "the stream delivers event 1 live",
        "go client: all checks passed",
    ] {
        assert!(stdout.contains(check), "{check}:\n{stdout}");
    }
    server.stop().await;
}

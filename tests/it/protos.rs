//! The protos as other toolchains take them: `protoc` with the Go, Java and C# generators runs on `proto/` with no
//! flag beyond the include path and the output directories, and the generated Go compiles, one package per proto
//! package (they all define `Command`, `Event` and `State`, so sharing one would not).
//!
//! Needs Debian's `protobuf-compiler`, `protoc-gen-go`, `golang-go` and `golang-google-protobuf-dev`, which
//! `.ci/run` installs. A machine without them fails these tests rather than skipping them.

use std::path::{Path, PathBuf};
use std::process::Command;

fn proto_files() -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "proto") {
                out.push(path.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("proto");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    files
}

fn run(command: &mut Command, what: &str) {
    let out = command.output().unwrap_or_else(|e| {
        panic!("{what}: {e} (install the packages named in tests/it/protos.rs)")
    });
    assert!(
        out.status.success(),
        "{what} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn protoc_generates_go_java_and_csharp_without_extra_flags_and_the_go_compiles() {
    let tmp = tempfile::tempdir().unwrap();
    let (gopath, java, csharp) = (
        tmp.path().join("go"),
        tmp.path().join("java"),
        tmp.path().join("cs"),
    );
    for dir in [gopath.join("src"), java.clone(), csharp.clone()] {
        std::fs::create_dir_all(dir).unwrap();
    }
    let files = proto_files();
    assert!(files.len() >= 5, "{files:?}");
    run(
        Command::new("protoc")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .arg("-Iproto")
            .arg(format!("--go_out={}", gopath.join("src").display()))
            .arg(format!("--java_out={}", java.display()))
            .arg(format!("--csharp_out={}", csharp.display()))
            .args(&files),
        "protoc",
    );

    // Each proto package is its own Go package, in the directory its go_package names.
    let go_root = gopath.join("src/github.com/hexfold/hexfold/gen/go/hexfold/v1");
    for (dir, package) in [
        ("", "hexfoldv1"),
        ("catan", "catanv1"),
        ("catania", "cataniav1"),
        ("cities_knights", "citiesknightsv1"),
        ("elasund", "elasundv1"),
    ] {
        let name = if dir.is_empty() { "hexfold" } else { dir };
        let source =
            std::fs::read_to_string(go_root.join(dir).join(format!("{name}.pb.go"))).unwrap();
        assert!(
            source.contains(&format!("\npackage {package}\n")),
            "{dir}: not package {package}"
        );
    }
    // GOPATH mode finds the protobuf runtime where Debian's golang-google-protobuf-dev puts it, so the build
    // needs no network.
    run(
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
    for package in ["", "catan", "catania", "cities_knights", "elasund"] {
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
    for file in [
        "Hexfold.cs",
        "Catan.cs",
        "Catania.cs",
        "CitiesKnights.cs",
        "Elasund.cs",
    ] {
        assert!(cs.contains(&file.to_string()), "{cs:?}");
    }
    let catan = std::fs::read_to_string(csharp.join("Catan.cs")).unwrap();
    assert!(catan.contains("namespace Hexfold.V1.Catan"));
}

//! A TypeScript client on Node.js against the real server: `tests/ts/play.ts` (Connect's gRPC transport), with
//! its code generated from `proto/` here, before the run, by the npm packages pinned in `tests/ts/package.json`
//! (protobuf-es through buf; google.rpc's ErrorInfo from googleapis' own protos in `google-proto-files`). The
//! generated code also passes `tsc` in strict mode. CI runs `npm ci --prefix tests/ts`; a machine without it fails
//! this test rather than skipping it.

use crate::support;
use std::path::Path;
use std::process::Command;

fn run(command: &mut Command, what: &str) -> String {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: {e} (CI runs `npm ci --prefix tests/ts`)"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typescript_client_plays_a_game_to_its_end_and_decodes_error_info() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ts = root.join("tests/ts");
    let modules = ts.join("node_modules");
    assert!(
        modules.join(".bin/buf").exists(),
        "{} is missing: run `npm ci --prefix tests/ts`",
        modules.display()
    );
    // The client and its generated code live together in a scratch directory, so the run writes nothing into
    // the source tree; the packages are the pinned ones, linked in.
    let work = tempfile::tempdir().unwrap();
    for file in ["play.ts", "tsconfig.json", "buf.gen.yaml"] {
        std::fs::copy(ts.join(file), work.path().join(file)).unwrap();
    }
    std::os::unix::fs::symlink(&modules, work.path().join("node_modules")).unwrap();
    let bin = |tool: &str| modules.join(".bin").join(tool);
    let generate = |input: &Path, only: Option<&str>| {
        let mut command = Command::new(bin("buf"));
        command.current_dir(work.path()).arg("generate").arg(input);
        if let Some(path) = only {
            command.args(["--path", path]);
        }
        run(command.args(["--template", "buf.gen.yaml"]), "buf generate");
    };
    generate(&root.join("proto"), None);
    let googleapis = modules.join("google-proto-files");
    generate(
        &googleapis,
        Some(
            googleapis
                .join("google/rpc/error_details.proto")
                .to_str()
                .unwrap(),
        ),
    );
    run(
        Command::new(bin("tsc"))
            .current_dir(work.path())
            .args(["-p", "tsconfig.json"]),
        "tsc",
    );

    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut client = tokio::process::Command::new(bin("tsx"));
    client
        .current_dir(work.path())
        .arg("play.ts")
        .arg(server.addr.to_string());
    let output = client.output().await.expect("run tsx");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "play.ts failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("typescript client: all checks passed"),
        "{stdout}"
    );
    server.stop().await;
}

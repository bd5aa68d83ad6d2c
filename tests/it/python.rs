//! A client in another language: `tests/python/play.py` (grpcio, stubs generated from `proto/` during the run)
//! against the real server. CI installs `tests/python/requirements.txt`; a machine without them fails this test
//! rather than skipping it, so a missing dependency cannot pass silently.

use crate::support;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_python_client_plays_a_few_turns() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/play.py");
    let output = tokio::process::Command::new("python3")
        .arg(script)
        .arg(server.addr.to_string())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .await
        .expect(
            "python3 must be installed (CI runs `pip install -r tests/python/requirements.txt`)",
        );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "play.py failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    assert!(
        stdout.contains("python client: all checks passed"),
        "{stdout}"
    );
    server.stop().await;
}

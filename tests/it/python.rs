//! Clients in another language, against the real server: `tests/python/play.py` (gRPC with grpcio) and
//! `tests/python/grpc_web.py` (gRPC-Web over HTTP/1.1, as a browser sends it), both with message classes generated
//! from `proto/` during the run. CI installs `tests/python/requirements.txt`; a machine without them fails these
//! tests rather than skipping them, so a missing dependency cannot pass silently.

use crate::support;

/// Runs `tests/python/<script>` against a fresh server and checks it printed `<passed>`.
async fn run_script(script: &str, passed: &str) {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let path = format!("{}/tests/python/{script}", env!("CARGO_MANIFEST_DIR"));
    let output = tokio::process::Command::new("python3")
        .arg(&path)
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
        "{script} failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    assert!(stdout.contains(passed), "{stdout}");
    server.stop().await;
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

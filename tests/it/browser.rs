//! A real browser against the real server: headless Chromium loads `tests/browser/index.html` from one origin and
//! calls the API, on another origin, with gRPC-Web, so the browser itself enforces CORS (the preflight for the
//! `authorization` header, which response headers the page may read). The page reports its outcome by POSTing JSON
//! back to the origin that served it, which is this test.
//!
//! `cargo xtask test` installs Debian's `chromium`; a machine without it fails this test rather than skipping it.

use crate::support;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

const PAGE: &str = include_str!("../browser/index.html");

/// Reads one HTTP/1.1 request: its request line and its body (by `content-length`).
async fn read_request(stream: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    let length = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let line = head.lines().next().unwrap_or_default().to_string();
    Some((line, buf[head_end..head_end + length].to_vec()))
}

/// Serves the page at `/` and passes every `/report` body to `reports`, until the test ends.
async fn serve_page(listener: TcpListener, reports: mpsc::Sender<Vec<u8>>) {
    loop {
        let Ok((mut stream, _)) = listener.accept().await else {
            return;
        };
        let reports = reports.clone();
        tokio::spawn(async move {
            let Some((line, body)) = read_request(&mut stream).await else {
                return;
            };
            let (status, content) = if line.starts_with("GET / ") || line.starts_with("GET /?") {
                ("200 OK", PAGE)
            } else if line.starts_with("POST /report ") {
                let _ = reports.send(body).await;
                ("200 OK", "")
            } else {
                ("404 Not Found", "")
            };
            let answer = format!(
                "HTTP/1.1 {status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\n\
                 connection: close\r\n\r\n{content}",
                content.len()
            );
            let _ = stream.write_all(answer.as_bytes()).await;
        });
    }
}

/// Loads the page in headless Chromium, from an origin of its own, against the API at `api`; returns what the
/// page reported.
async fn run_page(api: std::net::SocketAddr) -> serde_json::Value {
    let page = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let page_addr = page.local_addr().unwrap();
    let (reports, mut reported) = mpsc::channel(4);
    let pages = tokio::spawn(serve_page(page, reports));
    let profile = tempfile::tempdir().unwrap();
    // Flags as the machine's notes give them for headless Chromium as root on a closed network.
    let mut chromium = tokio::process::Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("http://{page_addr}/?api=http://{api}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("chromium must be installed (CI runs `apt-get install chromium`)");
    let report = tokio::select! {
        report = reported.recv() => report.expect("the page server stopped"),
        status = chromium.wait() => panic!("chromium exited before the page reported: {status:?}"),
        _ = tokio::time::sleep(std::time::Duration::from_secs(60)) => {
            panic!("the page did not report within 60 s")
        }
    };
    let _ = chromium.kill().await;
    pages.abort();
    serde_json::from_slice(&report).expect("the report is JSON")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_in_chromium_calls_the_api_from_another_origin() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let outcome = run_page(server.addr).await;
    assert_eq!(outcome.get("error"), None, "the page failed: {outcome}");
    assert!(
        outcome["gameId"]
            .as_str()
            .is_some_and(|id| id.starts_with("catan-")),
        "{outcome}"
    );
    assert_eq!(outcome["seats"], 3, "{outcome}");
    assert!(
        outcome["commands"].as_u64().is_some_and(|n| n > 0),
        "seat 0 has legal actions: {outcome}"
    );
    assert!(
        outcome["refused"]
            .as_str()
            .is_some_and(|m| m.contains("grpc-status 3 ")),
        "a command-less submit is INVALID_ARGUMENT, and the page can read that: {outcome}"
    );
    server.stop().await;
}

/// With `--allow-origin` naming other pages, the browser itself refuses to let this page call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chromium_keeps_a_page_of_an_unlisted_origin_out() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start_with(hexfold::server::Config {
        allowed_origins: vec!["https://play.example".to_string()],
        ..support::config(dir.path())
    })
    .await;
    let outcome = run_page(server.addr).await;
    assert!(
        outcome["error"]
            .as_str()
            .is_some_and(|e| e.contains("Failed to fetch")),
        "the browser let the page call: {outcome}"
    );
    server.stop().await;
}

//! What operators and orchestrators see of a running `hexfold serve` binary: the log lines of refused requests,
//! the one error of a locked data directory, and the metrics address (`--metrics-listen`: `/metrics` scraped
//! over plain HTTP/1.1, `/healthz`, `/readyz`).

use crate::support::{self, authed};
use hexfold::proto::v1 as pb;
use pb::catan as c;
use std::net::SocketAddr;
use std::path::Path;
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _};
use tonic::Code;

/// A `hexfold serve` child on `127.0.0.1:0` with `args`, its stderr into `stderr` (a file: not a terminal), killed
/// when dropped. Returns it with its API address, its metrics address if it printed one, and its stdout (kept
/// open so the server never writes into a closed pipe).
pub(crate) async fn serve(
    args: &[&std::ffi::OsStr],
    stderr: std::process::Stdio,
) -> (
    tokio::process::Child,
    SocketAddr,
    Option<SocketAddr>,
    tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
) {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(args)
        .env_remove("HEXFOLD_LISTEN")
        .env_remove("HEXFOLD_DATA_DIR")
        .env_remove("HEXFOLD_STORE")
        .env_remove("HEXFOLD_METRICS_LISTEN")
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .kill_on_drop(true)
        .spawn()
        .expect("spawn hexfold serve");
    let mut stdout = tokio::io::BufReader::new(child.stdout.take().expect("piped")).lines();
    let address = |line: Option<String>, prefix: &str| -> SocketAddr {
        let line = line.unwrap_or_else(|| panic!("the server printed no {prefix:?} line"));
        line.strip_prefix(prefix)
            .unwrap_or_else(|| panic!("unexpected line {line:?}"))
            .parse()
            .expect("an address")
    };
    let api = address(stdout.next_line().await.unwrap(), "listening on ");
    let wants_metrics = args.iter().any(|a| *a == "--metrics-listen");
    // The web app's line comes between the two addresses.
    let metrics = if wants_metrics {
        let mut line = stdout.next_line().await.unwrap();
        while line
            .as_deref()
            .is_some_and(|l| l.starts_with("web app at "))
        {
            line = stdout.next_line().await.unwrap();
        }
        Some(address(line, "metrics on "))
    } else {
        None
    };
    (child, api, metrics, stdout)
}

/// `GET path` over a plain HTTP/1.1 connection: the status code and the body.
pub(crate) async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").expect("headers end");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {head:?}"));
    (status, body.to_string())
}

/// The value of the series `series` (its name and labels exactly as rendered) in a Prometheus text page.
pub(crate) fn value(page: &str, series: &str) -> Option<f64> {
    page.lines().find_map(|line| {
        let rest = line.strip_prefix(series)?.strip_prefix(' ')?;
        rest.parse().ok()
    })
}

fn roll() -> pb::Command {
    pb::Command {
        game: Some(pb::command::Game::Catan(c::Command {
            command: Some(c::command::Command::RollDice(c::RollDice {})),
        })),
    }
}

fn submit(game_id: &str, command_id: &str, expected: Option<u64>) -> pb::SubmitCommandRequest {
    pb::SubmitCommandRequest {
        game_id: game_id.to_string(),
        command_id: command_id.to_string(),
        expected_version: expected,
        command: Some(roll()),
        ..Default::default()
    }
}

fn data_dir(dir: &Path) -> [&std::ffi::OsStr; 2] {
    ["--data-dir".as_ref(), dir.as_os_str()]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_data_directory_is_one_clear_error_before_anything_says_listening() {
    let dir = tempfile::tempdir().unwrap();
    let (_first, _, _, _stdout) = serve(&data_dir(dir.path()), std::process::Stdio::null()).await;
    let second = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env_remove("HEXFOLD_LISTEN")
        .env_remove("HEXFOLD_STORE")
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .output()
        .await
        .expect("run a second hexfold serve");
    assert!(!second.status.success());
    assert_eq!(
        String::from_utf8_lossy(&second.stdout),
        "",
        "nothing on stdout"
    );
    let stderr = String::from_utf8_lossy(&second.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with("error: "), "{stderr}");
    assert!(lines[0].contains("in use by another process"), "{stderr}");
    assert!(!lines[0].contains("listening"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_refused_request_is_one_info_line_with_method_code_and_reason_and_no_secret() {
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("server.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let data = dir.path().join("data");
    let (_child, addr, _, _stdout) = serve(&data_dir(&data), log.into()).await;
    let mut client = support::connect(addr).await;
    let game = support::create_catan(&mut client, 3).await;
    let tokens: Vec<String> = game.seats.iter().map(|s| s.token.clone()).collect();

    // Seat 0 rolls for the start and may not roll again, a stranger's token is no seat's, and an unknown game is
    // none.
    client
        .submit_command(authed(submit(&game.game_id, "a", None), &tokens[0]))
        .await
        .expect("seat 0 rolls");
    let refusals = [
        (
            client
                .submit_command(authed(submit(&game.game_id, "b", None), &tokens[0]))
                .await,
            "method=\"/hexfold.v1.Hexfold/SubmitCommand\" code=\"FAILED_PRECONDITION\" reason=\"NotYourTurn\"",
        ),
        (
            client
                .submit_command(authed(submit(&game.game_id, "c", None), "not-a-seat-token"))
                .await,
            "method=\"/hexfold.v1.Hexfold/SubmitCommand\" code=\"UNAUTHENTICATED\"",
        ),
        (
            client
                .submit_command(authed(submit("catan-0000", "d", None), &tokens[0]))
                .await,
            "method=\"/hexfold.v1.Hexfold/SubmitCommand\" code=\"NOT_FOUND\"",
        ),
    ];
    for (result, _) in &refusals {
        assert!(result.is_err(), "{result:?}");
    }
    // One refused inside a Play stream: its result is a refusal, and its line names Play.
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    tx.send(pb::PlayRequest {
        request: Some(pb::play_request::Request::Open(pb::PlayOpen {
            game_id: game.game_id.clone(),
        })),
    })
    .await
    .unwrap();
    let mut play = client
        .play(authed(
            tokio_stream::wrappers::ReceiverStream::new(rx),
            &tokens[0],
        ))
        .await
        .expect("Play opens")
        .into_inner();
    tx.send(pb::PlayRequest {
        request: Some(pb::play_request::Request::Submit(submit(
            &game.game_id,
            "e",
            None,
        ))),
    })
    .await
    .unwrap();
    loop {
        let update = play.message().await.unwrap().expect("an answer");
        if let Some(pb::play_update::Update::Result(result)) = update.update {
            assert!(matches!(
                result.outcome,
                Some(pb::command_result::Outcome::Refused(_))
            ));
            break;
        }
    }

    // Every line is written before its answer leaves the server, so the file holds them all now.
    let text = std::fs::read_to_string(&log_path).unwrap();
    assert!(!text.contains('\u{1b}'), "no ANSI codes in a file:\n{text}");
    let refused: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("request refused"))
        .collect();
    assert_eq!(refused.len(), refusals.len() + 1, "one line each:\n{text}");
    for (_, expected) in &refusals {
        assert!(
            refused
                .iter()
                .any(|l| l.contains(" INFO ") && l.contains(expected)),
            "no line with {expected}:\n{text}"
        );
    }
    assert!(
        refused.iter().any(|l| l
            .contains("method=\"/hexfold.v1.Hexfold/Play\" code=\"FAILED_PRECONDITION\" reason=\"NotYourTurn\"")),
        "{text}"
    );
    for token in tokens
        .iter()
        .map(String::as_str)
        .chain(["not-a-seat-token"])
    {
        assert!(!text.contains(token), "a token in the log:\n{text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_address_serves_prometheus_health_and_readiness() {
    let dir = tempfile::tempdir().unwrap();
    let [flag, path] = data_dir(dir.path());
    let args = [
        flag,
        path,
        "--metrics-listen".as_ref(),
        "127.0.0.1:0".as_ref(),
        // One cached game, so that a second game evicts the first and reading the first again misses.
        "--cached-games".as_ref(),
        "1".as_ref(),
        "--max-streams".as_ref(),
        "1".as_ref(),
    ];
    let (_child, addr, metrics, _stdout) = serve(&args, std::process::Stdio::null()).await;
    let metrics = metrics.expect("a metrics address");
    assert_eq!(get(metrics, "/healthz").await, (200, "ok\n".into()));
    assert_eq!(get(metrics, "/readyz").await, (200, "ready\n".into()));
    assert_eq!(get(metrics, "/nope").await.0, 404);

    let mut client = support::connect(addr).await;
    let first = support::create_catan(&mut client, 3).await;
    let token = |seat: usize| first.seats[seat].token.clone();
    let id = first.game_id.clone();
    client
        .submit_command(authed(submit(&id, "a", None), &token(0)))
        .await
        .expect("accepted");
    let again = client
        .submit_command(authed(submit(&id, "a", None), &token(0)))
        .await
        .expect("the same command id again")
        .into_inner();
    assert!(again.duplicate);
    let refused = client
        .submit_command(authed(submit(&id, "b", None), &token(0)))
        .await;
    support::assert_code(refused, Code::FailedPrecondition);
    let stale = client
        .submit_command(authed(submit(&id, "c", Some(0)), &token(0)))
        .await;
    support::assert_code(stale, Code::Aborted);
    let stranger = client
        .submit_command(authed(submit(&id, "d", None), "not-a-token"))
        .await;
    support::assert_code(stranger, Code::Unauthenticated);

    // A stream open, and a second refused at the limit of one.
    let subscribe = || pb::SubscribeRequest {
        game_id: id.clone(),
        after_version: 0,
    };
    let _open = client
        .subscribe(subscribe())
        .await
        .expect("a stream")
        .into_inner();
    let shed = client.subscribe(subscribe()).await;
    support::assert_code(shed, Code::ResourceExhausted);

    // A second game takes the only cache slot; reading the first again is a miss.
    support::create_catan(&mut client, 3).await;
    client
        .get_state(pb::GetStateRequest {
            game_id: id.clone(),
            at_version: None,
        })
        .await
        .expect("the first game's state");

    // A Cities & Knights game's command: its variant as the command line and its ids spell it.
    let mut knights = support::Table::create(
        addr,
        pb::Variant::CitiesAndKnights,
        3,
        support::variant_options(pb::Variant::CitiesAndKnights),
    )
    .await;
    assert!(knights.game_id.starts_with("cities-and-knights-"));
    knights
        .step(&mut <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1))
        .await
        .expect("a first command");

    let (status, page) = get(metrics, "/metrics").await;
    assert_eq!(status, 200);
    let expect = |series: &str, wanted: f64| {
        assert_eq!(value(&page, series), Some(wanted), "{series} in\n{page}");
    };
    // Accepted (and its retry), refused by the rules, refused as stale: by code and reason.
    for (code, reason, n) in [
        ("OK", "", 2.0),
        ("FAILED_PRECONDITION", "NotYourTurn", 1.0),
        ("ABORTED", "VersionConflict", 1.0),
    ] {
        expect(
            &format!(
                "hexfold_commands_total{{variant=\"catan\",code=\"{code}\",reason=\"{reason}\"}}"
            ),
            n,
        );
    }
    expect("hexfold_command_retries_total{variant=\"catan\"}", 1.0);
    expect(
        "hexfold_commands_total{variant=\"cities-and-knights\",code=\"OK\",reason=\"\"}",
        1.0,
    );
    assert!(!page.contains("cities_knights"), "{page}");
    // A command without a valid token did not reach the game: counted by its call's code only.
    assert!(!page.contains("UNAUTHENTICATED\",reason"), "{page}");
    assert!(!page.contains("game=\""), "{page}");
    let submit_calls = |code: &str| {
        format!(
            "hexfold_rpc_duration_seconds_count{{service=\"hexfold.v1.Hexfold\",method=\"SubmitCommand\",code=\"{code}\"}}"
        )
    };
    expect(&submit_calls("OK"), 3.0);
    expect(&submit_calls("ABORTED"), 1.0);
    expect(&submit_calls("UNAUTHENTICATED"), 1.0);
    expect(
        "hexfold_rpc_duration_seconds_count{service=\"hexfold.v1.Hexfold\",method=\"CreateGame\",code=\"OK\"}",
        3.0,
    );
    expect("hexfold_open_streams{kind=\"subscribe\"}", 1.0);
    expect("hexfold_open_streams{kind=\"play\"}", 0.0);
    expect("hexfold_load_shed_total{limit=\"streams\"}", 1.0);
    expect("hexfold_load_shed_total{limit=\"requests\"}", 0.0);
    expect("hexfold_cached_games{variant=\"catan\"}", 1.0);
    expect("hexfold_cache_misses_total{variant=\"catan\"}", 1.0);
    // Two commands reached the store (the duplicate, the refusal and the conflict were answered before it); with
    // the three games created, five writes were made durable in groups, each fsynced (the default durability).
    expect("hexfold_store_append_seconds_count{backend=\"sled\"}", 2.0);
    assert_store_series(&page, "sled", 5.0);
    assert!(
        value(&page, "hexfold_store_fsync_seconds_count{backend=\"sled\"}")
            .is_some_and(|n| n >= 1.0),
        "{page}"
    );
    assert!(!page.contains("backend=\"postgres\""), "{page}");
    for (name, _) in hexfold::metrics::NAMES {
        assert!(
            page.contains(&format!("# HELP {name} ")),
            "{name} in\n{page}"
        );
    }
}

/// The store's group commits in `page` under `backend`: at least one durable write (flush or transaction) and
/// at least `writes` writes in groups.
fn assert_store_series(page: &str, backend: &str, writes: f64) {
    let groups = value(
        page,
        &format!("hexfold_store_group_appends_sum{{backend=\"{backend}\"}}"),
    );
    assert!(groups.is_some_and(|n| n >= writes), "{page}");
    let flushes = value(
        page,
        &format!("hexfold_store_flush_seconds_count{{backend=\"{backend}\"}}"),
    );
    assert!(flushes.is_some_and(|n| n >= 1.0), "{page}");
}

/// On a PostgreSQL store the store's series carry `backend="postgres"`, and only those it records: appends,
/// transactions and their groups, no fsync, nothing under sled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_metrics_of_a_postgres_server_carry_its_backend() {
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let args = [
        "--store".as_ref(),
        url.as_ref(),
        "--metrics-listen".as_ref(),
        "127.0.0.1:0".as_ref(),
    ];
    let (_child, addr, metrics, _stdout) = serve(&args, std::process::Stdio::null()).await;
    let metrics = metrics.expect("a metrics address");
    let mut client = support::connect(addr).await;
    let game = support::create_catan(&mut client, 3).await;
    client
        .submit_command(authed(
            submit(&game.game_id, "a", None),
            &game.seats[0].token,
        ))
        .await
        .expect("accepted");
    let (status, page) = get(metrics, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(
        value(
            &page,
            "hexfold_store_append_seconds_count{backend=\"postgres\"}"
        ),
        Some(1.0),
        "{page}"
    );
    // The command's append, in a group commit of its own (PostgreSQL creates a game in a transaction outside them).
    assert_store_series(&page, "postgres", 1.0);
    assert!(
        !page.contains("hexfold_store_fsync_seconds_count{"),
        "{page}"
    );
    assert!(!page.contains("backend=\"sled\""), "{page}");
}

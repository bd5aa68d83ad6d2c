//! `hexfold export`, `import` and `backup`, run as the real binary against real servers: the JSON lines a server
//! exports, who may export what, an import into an empty store that the real server then serves and verifies,
//! export → import → export giving the same bytes, the precise refusal of every damaged or inconsistent line, and
//! a backup taken while the server takes commands, restored by serving the copy.

use crate::support::{self, assert_code, authed, Table, OPERATOR_TOKEN};
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, SeedableRng};
use serde_json::Value;
use std::path::Path;
use std::process::Output;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tonic::Code;

/// Runs `hexfold ARGS...` with none of the client's settings taken from this process's environment.
async fn hexfold(args: &[&std::ffi::OsStr]) -> Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(args)
        .env_remove("HEXFOLD_SERVER")
        .env_remove("HEXFOLD_OPERATOR_TOKEN")
        .env_remove("HEXFOLD_TOKEN")
        .env_remove("RUST_BACKTRACE")
        .output()
        .await
        .expect("run the hexfold binary")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The output of a command that must succeed.
async fn ok(args: &[&std::ffi::OsStr]) -> String {
    let output = hexfold(args).await;
    assert!(
        output.status.success(),
        "hexfold {args:?} failed: {}\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    text(&output.stdout)
}

/// The error output of a command that must fail.
async fn fails(args: &[&std::ffi::OsStr]) -> String {
    let output = hexfold(args).await;
    assert!(
        !output.status.success(),
        "hexfold {args:?} should fail: {}",
        text(&output.stdout)
    );
    text(&output.stderr)
}

fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
    args.iter().map(Into::into).collect()
}

fn refs(args: &[std::ffi::OsString]) -> Vec<&std::ffi::OsStr> {
    args.iter().map(|a| a.as_os_str()).collect()
}

/// `hexfold export` from the server at `addr` into `file`, with the operator token or without one.
async fn export_to(addr: std::net::SocketAddr, operator: bool, file: &Path) {
    let mut args = os(&["export", "--server", &addr.to_string(), "--output"]);
    args.push(file.into());
    if operator {
        args.extend(os(&["--token", OPERATOR_TOKEN]));
    }
    ok(&refs(&args)).await;
}

/// `hexfold import FILE --data-dir DIR`: its stdout, or its error output.
async fn import(file: &Path, dir: &Path) -> Result<String, String> {
    let args = vec![
        "import".into(),
        file.as_os_str().to_owned(),
        "--data-dir".into(),
        dir.as_os_str().to_owned(),
    ];
    let output = hexfold(&refs(&args)).await;
    if output.status.success() {
        Ok(text(&output.stdout))
    } else {
        Err(text(&output.stderr))
    }
}

/// Plays random legal commands until the game ends, or for at most `steps` commands.
async fn play(table: &mut Table, rng: &mut StdRng, steps: usize) {
    for _ in 0..steps {
        if table.step(rng).await.is_none() {
            return;
        }
    }
}

async fn play_to_end(table: &mut Table, rng: &mut StdRng) {
    play(table, rng, 20_000).await;
    assert!(
        table.step(rng).await.is_none(),
        "the random game does not end"
    );
}

fn lines(bytes: &[u8]) -> Vec<Value> {
    text(bytes)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every exported line is JSON"))
        .collect()
}

/// Every event of the table's game as `seat` reads it, without the store's global positions.
async fn events_of(table: &mut Table, seat: usize) -> Vec<(u64, Option<pb::Event>)> {
    table
        .events(Some(seat))
        .await
        .into_iter()
        .map(|e| (e.version, e.event))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_imports_into_an_empty_store_that_serves_verifies_and_exports_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let original = support::start(&dir.path().join("original")).await;
    let mut rng = StdRng::seed_from_u64(19);
    let mut finished = Table::new(original.addr, 3).await;
    play_to_end(&mut finished, &mut rng).await;
    let mut running = Table::new(original.addr, 4).await;
    play(&mut running, &mut rng, 40).await;
    let mut fresh = Table::new(original.addr, 3).await;

    let full = dir.path().join("full.jsonl");
    export_to(original.addr, true, &full).await;
    let bytes = std::fs::read(&full).unwrap();
    let exported = lines(&bytes);
    // Three games, each its game line, one line per command and its game_end line, then the export_end line.
    let kinds: Vec<&str> = exported
        .iter()
        .map(|l| l["line"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "game").count(), 3);
    assert_eq!(
        kinds.iter().filter(|k| **k == "append").count(),
        finished.commands + running.commands
    );
    assert_eq!(
        exported.last().unwrap(),
        &serde_json::json!({"v": 1, "line": "export_end", "games": 3})
    );
    assert!(exported.iter().all(|l| l["v"] == 1));
    let first_append = exported.iter().find(|l| l["line"] == "append").unwrap();
    let fields: Vec<&str> = first_append
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for field in [
        "game",
        "command_id",
        "seat",
        "command",
        "first_version",
        "last_version",
        "events",
    ] {
        assert!(
            fields.contains(&field),
            "{field} missing from {first_append}"
        );
    }

    // Into an empty directory; the real server then serves the copy.
    let copy_dir = dir.path().join("copy");
    let imported = import(&full, &copy_dir).await.expect("the import");
    assert!(
        imported.contains(&format!(
            "imported 3 games, {} commands",
            finished.commands + running.commands
        )),
        "{imported}"
    );
    // A store that holds games is refused.
    let again = import(&full, &copy_dir).await.unwrap_err();
    assert!(again.contains("not empty"), "{again}");
    let copy = support::start(&copy_dir).await;
    let again = dir.path().join("again.jsonl");
    export_to(copy.addr, true, &again).await;
    assert!(
        std::fs::read(&again).unwrap() == bytes,
        "export, import and export again must give the same bytes"
    );

    // The finished game verifies on the copy (every command decided again from the revealed seed).
    let verified = ok(&refs(&os(&[
        "verify",
        &finished.game_id,
        "--server",
        &copy.addr.to_string(),
    ])))
    .await;
    assert!(verified.starts_with("OK "), "{verified}");
    // Each seat reads the same history and the same state of the game in progress on the copy.
    let mut at_original = Vec::new();
    for seat in 0..4 {
        let state = running.state(Some(seat), None).await.unwrap();
        at_original.push((events_of(&mut running, seat).await, state));
    }
    running.reconnect(copy.addr).await;
    for (seat, original) in at_original.into_iter().enumerate() {
        let state = running.state(Some(seat), None).await.unwrap();
        assert!(
            (events_of(&mut running, seat).await, state) == original,
            "seat {seat} sees another game on the copy"
        );
    }
    let before = running.head().await;
    play(&mut running, &mut rng, 5).await;
    assert!(running.head().await > before, "the imported game plays on");
    fresh.reconnect(copy.addr).await;
    assert_eq!(fresh.head().await, 0);
    play(&mut fresh, &mut rng, 3).await;

    copy.stop().await;
    original.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_progress_is_exported_only_with_the_operator_token() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut rng = StdRng::seed_from_u64(3);
    let mut finished = Table::new(server.addr, 3).await;
    play_to_end(&mut finished, &mut rng).await;
    let mut running = Table::new(server.addr, 3).await;
    play(&mut running, &mut rng, 10).await;
    let mut client = server.client().await;
    let export = |game: &str| pb::ExportGamesRequest {
        game_id: game.to_string(),
    };

    // One game in progress: refused without the operator token, and with a seat's token.
    assert_code(
        client.export_games(export(&running.game_id)).await,
        Code::PermissionDenied,
    );
    assert_code(
        client
            .export_games(authed(export(&running.game_id), &running.tokens[0]))
            .await,
        Code::PermissionDenied,
    );
    assert_code(
        client.export_games(export("catan-0123")).await,
        Code::NotFound,
    );
    assert_code(
        client.export_games(export("nosuchgame")).await,
        Code::NotFound,
    );
    // Every game without the token: the finished one only, its token hashes blanked, its seed revealed.
    let public = dir.path().join("public.jsonl");
    export_to(server.addr, false, &public).await;
    let exported = lines(&std::fs::read(&public).unwrap());
    let games: Vec<&Value> = exported.iter().filter(|l| l["line"] == "game").collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["game"], finished.game_id.as_str());
    let meta = &games[0]["meta"];
    assert!(meta["token_sha256"].as_array().unwrap().iter().all(|h| h
        .as_str()
        .unwrap()
        .bytes()
        .all(|b| b == b'0')));
    assert_eq!(meta["seed"].as_str().unwrap().len(), 64);
    assert!(exported
        .iter()
        .all(|l| l["game"] != running.game_id.as_str()));
    // The same game by id, without a token, gives the same lines.
    let mut stream = client
        .export_games(export(&finished.game_id))
        .await
        .expect("a finished game is public")
        .into_inner();
    let mut one = Vec::new();
    while let Some(message) = stream.message().await.unwrap() {
        one.extend(message.lines);
    }
    let text_public = text(&std::fs::read(&public).unwrap());
    assert_eq!(one.join("\n") + "\n", text_public);
    // With the operator token the game in progress is exported whole: the token hashes are the real ones.
    let mut stream = client
        .export_games(authed(export(&running.game_id), OPERATOR_TOKEN))
        .await
        .expect("the operator exports a game in progress")
        .into_inner();
    let mut lines_in_progress = Vec::new();
    while let Some(message) = stream.message().await.unwrap() {
        lines_in_progress.extend(message.lines);
    }
    let game: Value = serde_json::from_str(&lines_in_progress[0]).unwrap();
    assert_eq!(game["line"], "game");
    let hashes = game["meta"]["token_sha256"].as_array().unwrap();
    assert!(hashes.iter().all(|h| h.as_str().unwrap() != "0".repeat(64)));
    assert_eq!(lines_in_progress.len(), running.commands + 3);

    // A public export imports too: the finished game verifies, and no seat token opens it.
    let copy_dir = dir.path().join("copy");
    import(&public, &copy_dir).await.expect("import");
    let copy = support::start(&copy_dir).await;
    ok(&refs(&os(&[
        "verify",
        &finished.game_id,
        "--server",
        &copy.addr.to_string(),
    ])))
    .await;
    finished.reconnect(copy.addr).await;
    assert_code(finished.state(Some(0), None).await, Code::Unauthenticated);
    copy.stop().await;
    server.stop().await;
}

/// Writes `lines` (without their newlines) as an export file.
fn write_lines(path: &Path, lines: &[String]) {
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(path, text).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn import_refuses_every_damaged_or_inconsistent_line_by_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(&dir.path().join("original")).await;
    let mut rng = StdRng::seed_from_u64(5);
    let mut table = Table::new(server.addr, 3).await;
    play(&mut table, &mut rng, 12).await;
    let full = dir.path().join("full.jsonl");
    export_to(server.addr, true, &full).await;
    server.stop().await;
    let good: Vec<String> = text(&std::fs::read(&full).unwrap())
        .lines()
        .map(str::to_string)
        .collect();
    let n = good.len();
    // Line 1 is the game, lines 2..n-2 the appends, then game_end and export_end.
    let mut cases: Vec<(&str, Vec<String>, String)> = Vec::new();
    let edit = |index: usize, change: &dyn Fn(&mut Value)| {
        let mut lines = good.clone();
        let mut value: Value = serde_json::from_str(&lines[index]).unwrap();
        change(&mut value);
        lines[index] = value.to_string();
        lines
    };
    // The first roll's dice (the game's first event) changed: deciding the command again gives other events.
    cases.push((
        "an event changed",
        edit(1, &|v| {
            let events = v["events"].as_array_mut().unwrap();
            events[0] = serde_json::json!({"SeedRevealed": {"seed": "00"}});
        }),
        "line 2: holds events that differ from".into(),
    ));
    cases.push((
        "another seat's command",
        edit(1, &|v| v["seat"] = (v["seat"].as_u64().unwrap() + 1).into()),
        "line 2: holds events that differ from".into(),
    ));
    cases.push((
        "a seat the game does not have",
        edit(1, &|v| v["seat"] = 9.into()),
        "line 2: names seat 9, which the game does not have".into(),
    ));
    // Building a city in the starting roll.
    cases.push((
        "a command refused where it stands",
        edit(1, &|v| {
            v["command"] = serde_json::json!({"BuildCity": {"vertex": 0}})
        }),
        "line 2: holds a command the rules refuse when it is decided again".into(),
    ));
    cases.push((
        "a seed that is not the commitment's",
        edit(0, &|v| v["meta"]["seed"] = "11".repeat(32).into()),
        "line 1: has a seed whose SHA-256 is not the game's commitment".into(),
    ));
    cases.push((
        "a setup the seed does not give",
        edit(0, &|v| {
            let seed = v["meta"]["seed"].as_str().unwrap().to_string();
            let commitment = {
                use sha2::Digest as _;
                hex::encode(sha2::Sha256::digest(hex::decode("22".repeat(32)).unwrap()))
            };
            assert_ne!(seed, "22".repeat(32));
            v["meta"]["seed"] = "22".repeat(32).into();
            v["meta"]["seed_commitment"] = commitment.into();
        }),
        "line 1: has a setup that is not the one its seed and configuration give".into(),
    ));
    let mut missing = good.clone();
    missing.remove(3);
    cases.push((
        "an append missing",
        missing,
        "line 4: starts at version".into(),
    ));
    let mut repeated = good.clone();
    repeated.insert(3, good[2].clone());
    cases.push((
        "an append repeated",
        repeated,
        "line 4: starts at version".into(),
    ));
    let mut no_end = good.clone();
    no_end.pop();
    cases.push((
        "the export_end line missing",
        no_end,
        format!("line {n}: is missing"),
    ));
    let mut cut = good.clone();
    cut.truncate(n - 3);
    cut.push(good[n - 1].clone());
    cases.push((
        "the last appends and the game_end missing",
        cut,
        format!("line {}: is a export_end line", n - 2),
    ));
    cases.push((
        "the game_end's counts",
        edit(n - 2, &|v| {
            v["appends"] = (v["appends"].as_u64().unwrap() + 1).into()
        }),
        format!("line {}: says game", n - 1),
    ));
    cases.push((
        "the export_end's count",
        edit(n - 1, &|v| v["games"] = 2.into()),
        format!("line {n}: says the export holds 2 games"),
    ));
    cases.push((
        "a future format",
        edit(2, &|v| v["v"] = 2.into()),
        "line 3: has format version 2".into(),
    ));
    cases.push((
        "an unknown field",
        edit(2, &|v| v["extra"] = 1.into()),
        "line 3: is not an append line".into(),
    ));
    let mut garbage = good.clone();
    garbage[2] = "{\"v\":1,\"line\":\"append\",".into();
    cases.push(("a line cut in two", garbage, "line 3: is not".into()));
    for (i, (what, lines, expected)) in cases.into_iter().enumerate() {
        let file = dir.path().join(format!("case-{i}.jsonl"));
        write_lines(&file, &lines);
        let err = import(&file, &dir.path().join(format!("store-{i}")))
            .await
            .expect_err(what);
        assert!(
            err.contains(&expected),
            "{what}: expected {expected:?} in {err}"
        );
    }
    // A file cut in the middle of a line.
    let file = dir.path().join("cut.jsonl");
    let mut bytes = std::fs::read(&full).unwrap();
    bytes.truncate(bytes.len() - 5);
    std::fs::write(&file, bytes).unwrap();
    let err = import(&file, &dir.path().join("store-cut"))
        .await
        .unwrap_err();
    assert!(
        err.contains(&format!("line {n}: ends without a newline")),
        "{err}"
    );
    // The honest file still imports.
    import(&full, &dir.path().join("store-good"))
        .await
        .expect("the honest export imports");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_while_the_server_takes_commands_is_a_consistent_copy_that_serves() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(&dir.path().join("live")).await;
    let mut rng = StdRng::seed_from_u64(11);
    let mut tables = Vec::new();
    for seats in [3, 4, 3, 4] {
        let mut table = Table::new(server.addr, seats).await;
        play(&mut table, &mut rng, 30).await;
        tables.push(table);
    }
    let mut ended = Table::new(server.addr, 3).await;
    play_to_end(&mut ended, &mut rng).await;
    // Everything acknowledged before the backup starts: each game's head.
    let mut acknowledged = Vec::new();
    for table in &mut tables {
        acknowledged.push(table.head().await);
    }
    // Writers keep playing every game while the backup runs, each for at most `WRITES` commands: far fewer than a
    // random game takes to end, since once a game has ended every seat reads it whole (hidden cards included) and
    // the live history would no longer be the one the copy's seats read.
    const WRITES: u32 = 60;
    let accepted = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut writers = Vec::new();
    for (i, mut table) in tables.into_iter().enumerate() {
        let (accepted, stop) = (Arc::clone(&accepted), Arc::clone(&stop));
        writers.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(100 + i as u64);
            for _ in 0..WRITES {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let played = table.step(&mut rng).await;
                assert!(
                    played.is_some(),
                    "game {} ended while written",
                    table.game_id
                );
                accepted.fetch_add(1, Ordering::Relaxed);
            }
            table
        }));
    }
    // The backup starts once the writers are under way.
    while accepted.load(Ordering::Relaxed) < 4 {
        tokio::task::yield_now().await;
    }
    let backup_dir = dir.path().join("backup");
    let before = accepted.load(Ordering::Relaxed);
    let out = ok(&refs(&[
        "backup".into(),
        "--server".into(),
        server.addr.to_string().into(),
        "--token".into(),
        OPERATOR_TOKEN.into(),
        backup_dir.as_os_str().to_owned(),
    ]))
    .await;
    let during = accepted.load(Ordering::Relaxed) - before;
    stop.store(true, Ordering::Relaxed);
    let mut tables = Vec::new();
    for writer in writers {
        tables.push(writer.await.unwrap());
    }
    assert!(out.contains("backed up 5 games"), "{out}");
    assert!(during > 0, "the server took no command during the backup");
    assert!(!dir.path().join("backup.partial").exists());

    // The copy passes the operator's check, and the real server serves it.
    let check = ok(&refs(&["check".into(), backup_dir.as_os_str().to_owned()])).await;
    assert!(check.contains("intact"), "{check}");
    let copy = support::start(&backup_dir).await;
    for (table, acknowledged) in tables.iter_mut().zip(acknowledged) {
        let live_head = table.head().await;
        let mut live = Vec::new();
        for seat in 0..table.tokens.len() {
            live.push(events_of(table, seat).await);
        }
        table.reconnect(copy.addr).await;
        let copied_head = table.head().await;
        assert!(
            (acknowledged..=live_head).contains(&copied_head),
            "game {}: the copy is at {copied_head}, acknowledged {acknowledged} before the backup, live {live_head}",
            table.game_id
        );
        // Every seat reads a prefix of the live history in the copy: the same events, cut after a command.
        for (seat, live) in live.into_iter().enumerate() {
            let copied = events_of(table, seat).await;
            assert_eq!(copied.len() as u64, copied_head);
            assert_eq!(
                copied[..],
                live[..copied.len()],
                "game {} seat {seat}",
                table.game_id
            );
        }
        // And plays on from there.
        let mut rng = StdRng::seed_from_u64(1);
        if table.step(&mut rng).await.is_some() {
            assert!(table.head().await > copied_head);
        }
    }
    ended.reconnect(copy.addr).await;
    ok(&refs(&os(&[
        "verify",
        &ended.game_id,
        "--server",
        &copy.addr.to_string(),
    ])))
    .await;
    // A second backup into the same directory is refused: it is not empty.
    let err = fails(&refs(&[
        "backup".into(),
        "--server".into(),
        server.addr.to_string().into(),
        "--token".into(),
        OPERATOR_TOKEN.into(),
        backup_dir.as_os_str().to_owned(),
    ]))
    .await;
    assert!(err.contains("not empty"), "{err}");
    // Without the operator token there is no backup.
    let err = fails(&refs(&[
        "backup".into(),
        "--server".into(),
        server.addr.to_string().into(),
        dir.path().join("other").into_os_string(),
    ]))
    .await;
    assert!(err.contains("operator token"), "{err}");
    copy.stop().await;
    server.stop().await;
}

/// An export from a sled store imports into a PostgreSQL database (a move from one store to the other), which
/// servers on that database serve and export byte for byte as the sled server did.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_moves_games_from_sled_to_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(&dir.path().join("sled")).await;
    let mut rng = StdRng::seed_from_u64(23);
    let mut finished = Table::new(server.addr, 3).await;
    play_to_end(&mut finished, &mut rng).await;
    let mut running = Table::new(server.addr, 4).await;
    play(&mut running, &mut rng, 25).await;
    let file = dir.path().join("sled.jsonl");
    export_to(server.addr, true, &file).await;
    server.stop().await;

    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let import_pg = |url: String| {
        let file = file.clone();
        async move {
            hexfold(&refs(&[
                "import".into(),
                file.into_os_string(),
                "--store".into(),
                url.into(),
            ]))
            .await
        }
    };
    let output = import_pg(url.clone()).await;
    assert!(output.status.success(), "{}", text(&output.stderr));
    let output = import_pg(url.clone()).await;
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("not empty"),
        "{}",
        text(&output.stderr)
    );

    let unused = dir.path().join("unused");
    let postgres = support::start_with(hexfold::server::Config {
        postgres: Some(hexfold_postgres::PgConfig::new(url)),
        ..support::config(&unused)
    })
    .await;
    let again = dir.path().join("postgres.jsonl");
    export_to(postgres.addr, true, &again).await;
    assert!(std::fs::read(&again).unwrap() == std::fs::read(&file).unwrap());
    ok(&refs(&os(&[
        "verify",
        &finished.game_id,
        "--server",
        &postgres.addr.to_string(),
    ])))
    .await;
    running.reconnect(postgres.addr).await;
    let before = running.head().await;
    play(&mut running, &mut rng, 3).await;
    assert!(running.head().await > before);
    postgres.stop().await;
}

/// An export is of the store as of one global position: the appends after it are left out, whole, and the games
/// keep every append before it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_stops_at_its_global_position() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut rng = StdRng::seed_from_u64(29);
    let mut first = Table::new(server.addr, 3).await;
    play(&mut first, &mut rng, 15).await;
    let mut second = Table::new(server.addr, 3).await;
    play(&mut second, &mut rng, 15).await;
    let cut = second.events(Some(0)).await.last().unwrap().global_position;
    let (first_at_cut, second_at_cut) = (first.head().await, second.head().await);
    play(&mut first, &mut rng, 10).await;
    play(&mut second, &mut rng, 10).await;
    assert!(first.head().await > first_at_cut && second.head().await > second_at_cut);
    server.stop().await;

    let store = hexfold_sled::SledStore::open(dir.path(), Default::default()).unwrap();
    let (tx, mut rx) =
        tokio::sync::mpsc::channel::<Result<pb::ExportGamesResponse, tonic::Status>>(1024);
    let (_running, shutdown) = tokio::sync::watch::channel(false);
    let mut out = hexfold::export::Batcher::new(&tx, shutdown);
    hexfold::export::export(&store, None, true, cut, &mut out)
        .await
        .expect("export");
    drop(out);
    drop(tx);
    let mut lines = Vec::new();
    while let Some(message) = rx.recv().await {
        lines.extend(message.unwrap().lines);
    }
    let ends: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["line"] == "game_end")
        .collect();
    let version_of = |game: &str| {
        ends.iter()
            .find(|e| e["game"] == game)
            .unwrap_or_else(|| panic!("{game} is exported"))["version"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(version_of(&first.game_id), first_at_cut);
    assert_eq!(version_of(&second.game_id), second_at_cut);
}

/// Every other game goes through export and import the same way: the same bytes again, and the same state for
/// every seat on the copy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_exports_and_imports_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(&dir.path().join("original")).await;
    let mut rng = StdRng::seed_from_u64(31);
    let mut tables = Vec::new();
    let others = hexfold::games::GAMES
        .iter()
        .filter(|g| g.variant != pb::Variant::Catan);
    for game in others {
        // Three seats, or as near as the game allows.
        let seats = usize::from(3.clamp(game.seats().0, game.seats().1));
        let options = pb::GameOptions::default();
        let mut table = Table::create(server.addr, game.variant, seats, options).await;
        play(&mut table, &mut rng, 60).await;
        assert!(table.head().await > 0);
        tables.push(table);
    }
    let file = dir.path().join("games.jsonl");
    export_to(server.addr, true, &file).await;
    let copy_dir = dir.path().join("copy");
    import(&file, &copy_dir).await.expect("the import");
    let copy = support::start(&copy_dir).await;
    let again = dir.path().join("again.jsonl");
    export_to(copy.addr, true, &again).await;
    assert!(std::fs::read(&again).unwrap() == std::fs::read(&file).unwrap());
    for table in &mut tables {
        let mut original = Vec::new();
        for seat in 0..table.seats.len() {
            original.push(table.state(Some(seat), None).await.unwrap());
        }
        table.reconnect(copy.addr).await;
        for (seat, original) in original.into_iter().enumerate() {
            let state = table.state(Some(seat), None).await.unwrap();
            assert!(state == original, "{} seat {seat}", table.game_id);
        }
        table.reconnect(server.addr).await;
    }
    copy.stop().await;
    server.stop().await;
}

/// PostgreSQL rows deleted or changed under the store are never served as whole: with an event row deleted, a
/// stream's head set one lower, another's one higher, every read that meets them, the game's next command,
/// `ListGames`, the export of each game and `hexfold export` of every game answer DATA_LOSS (the CLI exits
/// non-zero), never a shorter or shifted history and never UNAVAILABLE; `hexfold check --store` names each and
/// exits 3, where it called the store intact before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn damaged_postgres_rows_are_data_loss_for_reads_exports_commands_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let config = || hexfold::server::Config {
        postgres: Some(hexfold_postgres::PgConfig::new(url.clone())),
        ..support::config(&dir.path().join("unused"))
    };
    let server = support::start_with(config()).await;
    let mut rng = StdRng::seed_from_u64(29);
    let mut games = Vec::new();
    for _ in 0..3 {
        let mut table = Table::new(server.addr, 3).await;
        play(&mut table, &mut rng, 8).await;
        games.push(table);
    }
    let check = |url: String| async move { hexfold(&refs(&os(&["check", "--store", &url]))).await };
    let intact = check(url.clone()).await;
    assert!(intact.status.success(), "{}", text(&intact.stderr));
    assert!(text(&intact.stdout).contains("intact"));
    server.stop().await;

    let (db, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    for (table, sql) in games.iter().zip([
        "DELETE FROM hexfold.events WHERE stream = $1 AND version = 3",
        "UPDATE hexfold.streams SET head = head - 1 WHERE name = $1",
        "UPDATE hexfold.streams SET head = head + 1 WHERE name = $1",
    ]) {
        let changed = db.execute(sql, &[&table.game_id.as_bytes()]).await.unwrap();
        assert_eq!(changed, 1, "{sql}");
    }

    let server = support::start_with(config()).await;
    let mut operator = support::connect(server.addr).await;
    let data_loss = |what: &str, status: tonic::Status| {
        assert_eq!(status.code(), Code::DataLoss, "{what}: {status:?}");
    };
    for table in &mut games {
        table.reconnect(server.addr).await;
        let id = table.game_id.clone();
        data_loss(&id, table.state(None, None).await.unwrap_err());
        // Readers could not even fold the game: a seat's next command meets the same damage.
        match table.try_step(&mut rng).await {
            Err(status) => data_loss(&format!("{id}: the next command"), status),
            Ok(step) => panic!("{id}: a command on a damaged game: {step:?}"),
        }
        let export = async {
            let mut stream = operator
                .export_games(authed(
                    pb::ExportGamesRequest {
                        game_id: id.clone(),
                    },
                    OPERATOR_TOKEN,
                ))
                .await?
                .into_inner();
            while stream.message().await?.is_some() {}
            Ok::<_, tonic::Status>(())
        };
        data_loss(&format!("{id}: ExportGames"), export.await.unwrap_err());
    }
    // ListGames lists none of the three damaged games (a deleted event row, whose count no longer meets the sealed
    // head, and the heads set back or forward): each is named by a DATA_LOSS `GameDamaged`, and a client that asks
    // on past each (its id as the page token) sees every other game.
    let mut named = Vec::new();
    let mut page_token = String::new();
    for _ in 0..20 {
        let request = pb::ListGamesRequest {
            page_token: page_token.clone(),
            ..Default::default()
        };
        match operator.list_games(request).await {
            Ok(page) => {
                let page = page.into_inner();
                for game in &page.games {
                    assert!(games.iter().all(|t| t.game_id != game.game_id), "{game:?}");
                }
                if page.next_page_token.is_empty() {
                    break;
                }
                page_token = page.next_page_token;
            }
            Err(status) => {
                use tonic_types::StatusExt as _;
                let info = status.get_details_error_info().expect("an ErrorInfo");
                assert_eq!(info.reason, "GameDamaged");
                page_token = info.metadata["game_id"].clone();
                named.push(page_token.clone());
                data_loss("ListGames", status);
            }
        }
    }
    let mut damaged: Vec<String> = games.iter().map(|t| t.game_id.clone()).collect();
    damaged.sort();
    named.sort();
    assert_eq!(named, damaged);
    let file = dir.path().join("export.jsonl");
    let mut args = os(&["export", "--server", &server.addr.to_string(), "--output"]);
    args.push(file.into());
    args.extend(os(&["--token", OPERATOR_TOKEN]));
    let error = fails(&refs(&args)).await;
    assert!(error.to_lowercase().contains("data"), "{error}");

    let damaged = check(url).await;
    assert_eq!(damaged.status.code(), Some(3), "{}", text(&damaged.stderr));
    let report = text(&damaged.stdout);
    for table in &games {
        assert!(
            report
                .lines()
                .any(|l| l.starts_with("damaged: ") && l.contains(&table.game_id)),
            "{} is not named:\n{report}",
            table.game_id
        );
    }
    server.stop().await;
}

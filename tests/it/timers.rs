//! Turn timers (issue 17): a game created with `turn_seconds` plays the timeout action of a waited-for seat whose
//! time ran out, marked by a `TimedOut` event. The server runs on a manual clock that each test advances, so
//! nothing waits on time: a test moves the clock past a deadline and then waits for the event on a stream.
//!
//! For every game: a timeout fires once and is marked (on `Subscribe`, in the history and in the replay), and
//! `GetState` and the `Play` prompt name the deadline; a game of one seat that never acts and bots finishes,
//! every one of that seat's commands a timeout, and verifies. For base Catan also: a command that races the
//! timeout at its deadline wins or loses whole (one of the two, never both), a command before the deadline
//! restarts the seat's time, the reserve is spent by a slow decision, and a timer survives a restart on the same
//! sled directory, firing at once what came due while the server was down.

use crate::support::{self, authed, Table, TestServer};
use hexfold::cli::verify_replay;
use hexfold::engine::{Clock as _, ManualClock};
use hexfold::proto::v1 as pb;
use hexfold::server::Config;
use std::path::Path;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Code;

/// Where every test's clock starts: a plausible Unix time in milliseconds.
const START_MS: u64 = 1_800_000_000_000;

const TURN_SECONDS: u32 = 30;

/// A server over `dir` whose turn timers run on `clock`.
async fn start(dir: &Path, clock: &Arc<ManualClock>) -> TestServer {
    let mut config = support::config(dir);
    config.clock = Arc::clone(clock) as Arc<dyn hexfold::engine::Clock>;
    support::start_with(config).await
}

/// The create request of a timed game of `variant`: `seats` seats, those in `bots` played by the server.
fn request(
    variant: pb::Variant,
    seats: usize,
    bots: &[u32],
    reserve_seconds: u32,
) -> pb::CreateGameRequest {
    let options = pb::GameOptions {
        turn_seconds: TURN_SECONDS,
        reserve_seconds,
        ..support::variant_options(variant)
    };
    let bots: Vec<_> = bots
        .iter()
        .map(|&seat| (seat, pb::BotStrategy::Greedy))
        .collect();
    support::game_request(variant, seats, options, &bots)
}

/// Creates the game and returns it as a [`Table`] (one client per seat).
async fn create(server: &TestServer, request: pb::CreateGameRequest) -> Table {
    Table::create_from(server.addr, request).await.0
}

fn timed_out_seat(event: &pb::EventEnvelope) -> Option<u32> {
    match event.event.as_ref().and_then(|e| e.body.as_ref()) {
        Some(pb::event::Body::TimedOut(t)) => Some(t.seat),
        _ => None,
    }
}

/// Reads `stream` up to the next `TimedOut` event: its version and seat.
async fn next_timeout(stream: &mut tonic::Streaming<pb::SubscribeResponse>) -> (u64, u32) {
    while let Some(item) = stream.message().await.expect("subscribe stream") {
        if let Some(pb::subscribe_response::Item::Event(e)) = item.item {
            if let Some(seat) = timed_out_seat(&e) {
                return (e.version, seat);
            }
        }
    }
    panic!("the stream ended before a timeout");
}

/// The deadlines `GetState` names, one per waited-for seat in `waiting_for`'s order.
async fn deadlines(table: &mut Table) -> Vec<pb::SeatDeadline> {
    let state = table.state(None, None).await.expect("state");
    let seats: Vec<u32> = state.deadlines.iter().map(|d| d.seat).collect();
    assert_eq!(seats, state.waiting_for, "{state:?}");
    state.deadlines
}

/// A timed game with nobody acting: its first deadline passes, the server plays the waited-for seat's timeout
/// action once, marked, and every reader tells it from a choice.
async fn a_timeout_fires_once_and_is_marked_in(variant: pb::Variant, seats: usize) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let server = start(dir.path(), &clock).await;
    let mut table = create(&server, request(variant, seats, &[], 0)).await;
    let mut stream = server.subscribe(&table.game_id, None).await;
    let state = table.state(None, None).await.expect("state");
    assert!(!state.waiting_for.is_empty());
    for (deadline, seat) in state.deadlines.iter().zip(&state.waiting_for) {
        assert_eq!(deadline.seat, *seat);
        assert_eq!(
            deadline.deadline_unix_ms,
            START_MS + u64::from(TURN_SECONDS) * 1000
        );
    }
    clock.advance(u64::from(TURN_SECONDS) * 1000);
    let (version, seat) = next_timeout(&mut stream).await;
    assert_eq!(version, 1, "the first batch is the timeout");
    assert!(
        state.waiting_for.contains(&seat),
        "{seat} was not waited for"
    );
    // The clock has not moved since, so no other deadline has passed: the timeouts of any other seat waited
    // for at version 0 fire too (each once), and then nothing more.
    let others = state.waiting_for.len();
    let mut timed_out = vec![seat];
    while timed_out.len() < others {
        timed_out.push(next_timeout(&mut stream).await.1);
    }
    timed_out.sort_unstable();
    let mut expected = state.waiting_for.clone();
    expected.sort_unstable();
    assert_eq!(timed_out, expected, "each waited-for seat timed out once");
    // The history shows the mark where the stream did; the replay marks the command and names it by its id.
    let head = table.head().await;
    let events = table.events(None).await;
    assert_eq!(events.len() as u64, head);
    let marks: Vec<u32> = events.iter().filter_map(timed_out_seat).collect();
    assert_eq!(marks.len(), others, "{marks:?}");
    let replay = table.spectator.get_replay(pb::GetReplayRequest {
        game_id: table.game_id.clone(),
    });
    // The game is not over, so its replay is not published: the mark is checked on the finished games below.
    support::assert_code(replay.await, Code::FailedPrecondition);
    // The seats waited for now have new deadlines, a whole decision from the moment of the timeout.
    let now = START_MS + u64::from(TURN_SECONDS) * 1000;
    let after = table.state(None, None).await.expect("state");
    for deadline in &after.deadlines {
        assert_eq!(
            deadline.deadline_unix_ms,
            now + u64::from(TURN_SECONDS) * 1000
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_fires_once_and_is_marked() {
    support::for_every_game(|game| {
        a_timeout_fires_once_and_is_marked_in(game.variant, game.test_seats().into())
    })
    .await;
}

/// Plays seat 0 of a timed game over `Play` without ever choosing: at each prompt that names its deadline, the
/// clock is moved to it and the server's timeout action follows. Returns once the game has ended.
async fn time_out_seat_zero(table: &mut Table, clock: &ManualClock) -> usize {
    let mut client = table.seats[0].clone();
    let (tx, rx) = mpsc::channel(4);
    tx.send(pb::PlayRequest {
        request: Some(pb::play_request::Request::Open(pb::PlayOpen {
            game_id: table.game_id.clone(),
        })),
    })
    .await
    .unwrap();
    let mut updates = client
        .play(authed(ReceiverStream::new(rx), &table.tokens[0]))
        .await
        .expect("Play")
        .into_inner();
    let mut prompts = 0;
    loop {
        let update = updates
            .message()
            .await
            .expect("Play stream")
            .expect("the stream ends after the game");
        match update.update {
            Some(pb::play_update::Update::YourTurn(turn)) => {
                // A prompt without a deadline is an offer seat 0 may answer but is not waited for.
                if let Some(deadline) = turn.deadline {
                    assert_eq!(deadline.seat, 0);
                    prompts += 1;
                    assert!(prompts < 5_000, "the game does not end");
                    let now = clock.now_ms();
                    clock.advance(deadline.deadline_unix_ms.saturating_sub(now));
                }
            }
            Some(pb::play_update::Update::Ended(_)) => return prompts,
            other => panic!("seat 0 sent nothing, yet got {other:?}"),
        }
    }
}

/// One seat that never acts and bots in the others: the game still ends, every command of that seat a timeout,
/// and the finished game verifies with them. Returns the server (still running over `dir`) and the game.
async fn a_timed_out_seat_and_bots_finish(
    dir: &Path,
    variant: pb::Variant,
    seats: usize,
) -> (TestServer, Table) {
    let clock = ManualClock::new(START_MS);
    let server = start(dir, &clock).await;
    let bots: Vec<u32> = (1..seats as u32).collect();
    let mut table = create(&server, request(variant, seats, &bots, 0)).await;
    let prompts = time_out_seat_zero(&mut table, &clock).await;
    assert!(prompts > 0);
    let replay = table.replay().await;
    let events = table.events(None).await;
    verify_replay(&replay, &events, None).expect("the game verifies");
    let ours: Vec<_> = replay.commands.iter().filter(|c| c.seat == 0).collect();
    assert!(!ours.is_empty());
    for command in &ours {
        assert!(command.timed_out, "{command:?}");
        let prefix = format!("timeout/0/{}", command.first_version - 1);
        assert_eq!(command.command_id, prefix);
        let first = events
            .iter()
            .find(|e| e.version == command.first_version)
            .unwrap();
        assert_eq!(timed_out_seat(first), Some(0));
    }
    // Every mark in the log belongs to a command the replay calls a timeout.
    let marked = events
        .iter()
        .filter(|e| timed_out_seat(e).is_some())
        .count();
    let timed = replay.commands.iter().filter(|c| c.timed_out).count();
    assert_eq!(marked, timed);
    (server, table)
}

/// `hexfold export` of every game at `addr`, with the operator token, into `file`.
pub async fn export(addr: std::net::SocketAddr, file: &Path) {
    let url = format!("http://{addr}");
    let file = file.to_str().expect("a UTF-8 temporary path");
    let token = support::OPERATOR_TOKEN;
    support::hexfold_cli(&url, &["export", "--token", token, "--output", file]).await;
}

/// For every game: a game whose seat 0 only ever times out, the others bots, finishes; its export carries the
/// marks and the clocks, imports (every timeout re-decided with its mark) and exports again byte for byte.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_a_timed_out_seat_and_bots_finishes_and_exports() {
    support::for_every_game(|game| async move {
        let dir = tempfile::tempdir().unwrap();
        let original = dir.path().join("original");
        let seats = game.test_seats().into();
        let (server, _) = a_timed_out_seat_and_bots_finish(&original, game.variant, seats).await;
        let file = dir.path().join("games.jsonl");
        export(server.addr, &file).await;
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.contains(r#""timed_out":true"#),
            "no timeout in the export"
        );
        assert!(
            text.contains(r#""TimedOut":{"seat":0}"#),
            "no mark in the export"
        );
        assert!(
            text.contains(r#""clock":{"since_ms":"#),
            "no clocks in the export"
        );
        let copy_dir = dir.path().join("copy");
        let (file_arg, copy_arg) = (file.to_str().unwrap(), copy_dir.to_str().unwrap());
        support::hexfold_cli("", &["import", file_arg, "--data-dir", copy_arg]).await;
        let copy = start(&copy_dir, &ManualClock::new(START_MS)).await;
        let again = dir.path().join("again.jsonl");
        export(copy.addr, &again).await;
        assert!(std::fs::read(&again).unwrap() == std::fs::read(&file).unwrap());
        copy.stop().await;
        server.stop().await;
    })
    .await;
}

/// A client's command and the timeout at the same version, racing at the deadline: exactly one of them is
/// applied, and the client is told which. Base Catan starts with every seat's starting roll, all due at once;
/// seat 0's comes first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_racing_the_timeout_wins_or_loses_whole() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let server = start(dir.path(), &clock).await;
    for _ in 0..8 {
        let mut table = create(&server, request(pb::Variant::Catan, 3, &[], 0)).await;
        let due = deadlines(&mut table).await;
        assert_eq!(due.len(), 3, "every seat makes its starting roll");
        let legal = table.legal(0).await.expect("legal actions");
        assert_eq!(legal.deadline, Some(due[0]));
        let command = legal.commands[0].clone();
        clock.advance(due[0].deadline_unix_ms - clock.now_ms());
        let answer = table.submit(0, command, Some(0)).await;
        // Seats 1 and 2 time out after the winner; seat 0 is not waited for again until a new decision of a
        // whole turn, so the log holds seat 0's mark only if the timeout won.
        let mut stream = server.subscribe(&table.game_id, None).await;
        let expected = match &answer {
            Ok(accepted) => {
                assert_eq!(accepted.events[0].version, 1);
                vec![1, 2]
            }
            Err(status) => {
                assert_eq!(status.code(), Code::Aborted, "{status:?}");
                vec![0, 1, 2]
            }
        };
        let mut streamed = Vec::new();
        for _ in &expected {
            streamed.push(next_timeout(&mut stream).await.1);
        }
        streamed.sort_unstable();
        assert_eq!(streamed, expected, "each seat timed out at most once");
        let events = table.events(None).await;
        let first_is_timeout = timed_out_seat(&events[0]) == Some(0);
        assert_eq!(first_is_timeout, answer.is_err(), "{:?}", events[0]);
        let mut logged: Vec<u32> = events.iter().filter_map(timed_out_seat).collect();
        logged.sort_unstable();
        assert_eq!(logged, expected);
    }
    server.stop().await;
}

/// A command before the deadline is the seat's own, and its overtime is spent from its reserve; the seats still
/// waited for keep their deadlines, and time out at them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_before_the_deadline_wins_and_overtime_spends_the_reserve() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let server = start(dir.path(), &clock).await;
    let reserve_ms = 60_000;
    let turn_ms = u64::from(TURN_SECONDS) * 1000;
    let mut table = create(&server, request(pb::Variant::Catan, 3, &[], 60)).await;
    let mut stream = server.subscribe(&table.game_id, None).await;
    for deadline in deadlines(&mut table).await {
        assert_eq!(deadline.deadline_unix_ms, START_MS + turn_ms + reserve_ms);
        assert_eq!(deadline.reserve_ms, reserve_ms);
    }
    // 40 s into a 30 s decision: 10 s come from seat 0's reserve, and the roll is its own choice.
    clock.advance(turn_ms + 10_000);
    let legal = table.legal(0).await.expect("legal actions");
    let answer = table
        .submit(0, legal.commands[0].clone(), Some(legal.version))
        .await
        .expect("a command before the deadline is accepted");
    let events = table.events(None).await;
    assert!(events.iter().all(|e| timed_out_seat(e).is_none()));
    let rest = deadlines(&mut table).await;
    assert_eq!(rest.iter().map(|d| d.seat).collect::<Vec<_>>(), vec![1, 2]);
    for deadline in &rest {
        assert_eq!(deadline.deadline_unix_ms, START_MS + turn_ms + reserve_ms);
    }
    // At their deadline seats 1 and 2 time out, spending their whole reserves.
    let at = rest[0].deadline_unix_ms;
    clock.advance(at - clock.now_ms());
    let first = next_timeout(&mut stream).await;
    let second = next_timeout(&mut stream).await;
    assert_eq!((first.0, first.1), (answer.version + 1, 1));
    assert_eq!(second.1, 2);
    // What the game waits for next (the highest roller's first placement, or a re-roll of the tied) waits from
    // now, with what is left of each reserve: seat 0's less its overtime, the others' none.
    let next = deadlines(&mut table).await;
    assert!(!next.is_empty());
    for deadline in next {
        let left = if deadline.seat == 0 {
            reserve_ms - 10_000
        } else {
            0
        };
        assert_eq!(deadline.reserve_ms, left);
        assert_eq!(deadline.deadline_unix_ms, at + turn_ms + left);
    }
    server.stop().await;
}

/// A server that stops with deadlines running finds them again when it starts on the same sled directory, and
/// fires at once what came due while it was down.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    a_timer_survives_a_restart_on(support::config(dir.path())).await;
}

/// The same on a throw-away PostgreSQL database (the store crate's test cluster), where the clocks are read back
/// from the database's command records.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_survives_a_restart_on_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    a_timer_survives_a_restart_on(Config {
        postgres: Some(hexfold_postgres::PgConfig::new(url)),
        ..support::config(&dir.path().join("unused"))
    })
    .await;
}

/// Stops and starts a server on `config`'s store around a running deadline, then again past it.
async fn a_timer_survives_a_restart_on(mut config: Config) {
    let clock = ManualClock::new(START_MS);
    config.clock = Arc::clone(&clock) as Arc<dyn hexfold::engine::Clock>;
    let server = support::start_with(config.clone()).await;
    let mut table = create(&server, request(pb::Variant::Catan, 3, &[], 0)).await;
    // One decision first, so the deadlines come from a stored command rather than the creation time.
    clock.advance(5_000);
    let legal = table.legal(0).await.expect("legal actions");
    table
        .submit(0, legal.commands[0].clone(), Some(0))
        .await
        .expect("accepted");
    let before = deadlines(&mut table).await;
    assert_eq!(before.len(), 2, "{before:?}");
    let version = table.head().await;
    server.stop().await;

    let server = support::start_with(config.clone()).await;
    table.reconnect(server.addr).await;
    assert_eq!(deadlines(&mut table).await, before, "the same deadlines");
    server.stop().await;

    // Down past the deadlines: the timeouts fire when the server starts, without a client asking.
    clock.advance(before[0].deadline_unix_ms - clock.now_ms() + 1_000);
    let server = support::start_with(config).await;
    table.reconnect(server.addr).await;
    let mut stream = server.subscribe(&table.game_id, None).await;
    let (at, seat) = next_timeout(&mut stream).await;
    assert_eq!((at, seat), (version + 1, before[0].seat));
    server.stop().await;
}

/// At a terminal: `create --turn-seconds --reserve-seconds` makes a timed game, `state` prints each waited-for
/// seat's deadline and reserve, and `follow` names the timeout when it comes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_creates_a_timed_game_and_shows_its_deadlines_and_timeouts() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let server = start(dir.path(), &clock).await;
    let url = format!("http://{}", server.addr);
    let created = support::hexfold_cli(
        &url,
        &[
            "create",
            "--turn-seconds",
            "30",
            "--reserve-seconds",
            "60",
            "ann",
            "bob",
            "cat",
        ],
    )
    .await;
    let game = created
        .lines()
        .find_map(|l| l.strip_prefix("game "))
        .expect("a game id")
        .trim()
        .to_string();
    let state = support::hexfold_cli(&url, &["state", &game]).await;
    let deadline = START_MS + 90_000;
    for seat in ["ann (seat 0)", "bob (seat 1)", "cat (seat 2)"] {
        let line = format!("deadline of {seat}: ");
        let shown = state
            .lines()
            .find(|l| l.starts_with(&line))
            .unwrap_or_else(|| panic!("no deadline of {seat}: {state}"));
        assert!(
            shown.ends_with(&format!("(unix ms {deadline}), reserve 60.0 s left")),
            "{shown}"
        );
    }
    let mut stream = server.subscribe(&game, None).await;
    clock.advance(90_000);
    let (version, seat) = next_timeout(&mut stream).await;
    assert_eq!(
        (version, seat),
        (1, 0),
        "seat 0's starting roll times out first"
    );
    let followed = support::hexfold_cli(&url, &["follow", &game, "--no-live"]).await;
    assert!(
        followed.contains("ann (seat 0)'s time ran out; the server plays for them"),
        "{followed}"
    );
    server.stop().await;
}

/// Issue 29's reproduction: in a 3-seat base Catan game with `turn_seconds=1`, seat 0 makes its starting roll with
/// `expected_version=0` under `timeout/1/1`, the id of the timeout the server would play next. The id is the
/// server's: INVALID_ARGUMENT, through `SubmitCommand` and `Play` alike, and nothing is applied; at the deadline
/// the server plays every seat's timeout, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_cannot_take_the_id_of_the_servers_next_timeout_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let server = start(dir.path(), &clock).await;
    let mut create_request = request(pb::Variant::Catan, 3, &[], 0);
    create_request.options.as_mut().unwrap().turn_seconds = 1;
    let mut table = create(&server, create_request).await;
    let roll = table.legal(0).await.expect("legal actions").commands[0].clone();
    let submit = |command_id: &str| pb::SubmitCommandRequest {
        game_id: table.game_id.clone(),
        command_id: command_id.to_string(),
        expected_version: Some(0),
        command: Some(roll.clone()),
        with_legal_actions: false,
    };
    for id in ["timeout/1/1", "timeout/0/0", "bot/1/0", "bot/"] {
        let refused = table.seats[0]
            .submit_command(authed(submit(id), &table.tokens[0]))
            .await;
        let status = support::assert_code(refused, Code::InvalidArgument);
        assert!(
            status.message().contains("server's own"),
            "{id}: {}",
            status.message()
        );
    }
    // The same over `Play`: refused in the stream's result, which goes on.
    let (tx, mut updates) = table.play(0).await;
    let in_play = pb::play_request::Request::Submit(submit("timeout/1/1"));
    tx.send(pb::PlayRequest {
        request: Some(in_play),
    })
    .await
    .unwrap();
    loop {
        let update = updates.message().await.expect("Play").expect("an update");
        if let Some(pb::play_update::Update::Result(result)) = update.update {
            assert_eq!(result.command_id, "timeout/1/1");
            match result.outcome {
                Some(pb::command_result::Outcome::Refused(refused)) => {
                    assert_eq!(refused.code, Code::InvalidArgument as i32, "{refused:?}")
                }
                other => panic!("a server's id was not refused: {other:?}"),
            }
            break;
        }
    }
    drop(tx);
    assert_eq!(table.head().await, 0, "nothing was applied");
    // Past the deadline the server plays each seat's starting roll, and the game moves on from there.
    let mut stream = server.subscribe(&table.game_id, None).await;
    clock.advance(1_000);
    let mut timed_out = Vec::new();
    for _ in 0..3 {
        timed_out.push(next_timeout(&mut stream).await.1);
    }
    timed_out.sort_unstable();
    assert_eq!(timed_out, vec![0, 1, 2]);
    assert!(!deadlines(&mut table).await.is_empty(), "the game waits on");
    server.stop().await;
}

/// The `append` lines of an export (`hexfold export`'s output): each command's id, seat and line.
pub fn appends(export: &str) -> Vec<(String, u64, String)> {
    export
        .lines()
        .filter_map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            (value["line"] == "append").then(|| {
                let id = value["command_id"].as_str().unwrap().to_string();
                (id, value["seat"].as_u64().unwrap(), line.to_string())
            })
        })
        .collect()
}

/// The export of one game cut after its first `keep` commands, with the command id `from` renamed `to`: what the
/// store of an older build held (a client's command under an id that build's server was about to use), in the
/// format `hexfold import` reads.
pub fn doctored_export(export: &str, keep: usize, from: &str, to: &str) -> String {
    let mut out = String::new();
    let mut kept = 0;
    let mut version = 0;
    let mut game = String::new();
    for line in export.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        match value["line"].as_str().unwrap() {
            "game" => {
                game = value["game"].as_str().unwrap().to_string();
                out.push_str(line);
            }
            "append" if kept < keep => {
                kept += 1;
                version = value["last_version"].as_u64().unwrap();
                let renamed = format!(r#""command_id":"{to}","#);
                out.push_str(&line.replace(&format!(r#""command_id":"{from}","#), &renamed));
            }
            "append" => continue,
            "game_end" => {
                let end = serde_json::json!({"v": 1, "line": "game_end", "game": game, "version": version, "appends": kept});
                out.push_str(&end.to_string());
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// Exports every game of `server` and imports `doctored(export)` into `dir`, as a store an older build left.
pub async fn old_store(
    server: &TestServer,
    scratch: &Path,
    dir: &Path,
    doctored: impl FnOnce(&str) -> String,
) {
    let file = scratch.join("games.jsonl");
    export(server.addr, &file).await;
    let text = std::fs::read_to_string(&file).unwrap();
    let old = scratch.join("old.jsonl");
    std::fs::write(&old, doctored(&text)).unwrap();
    let (old_arg, dir_arg) = (old.to_str().unwrap(), dir.to_str().unwrap());
    support::hexfold_cli("", &["import", old_arg, "--data-dir", dir_arg]).await;
}

/// A store written before the server's ids were reserved, where seat 0's starting roll took `timeout/1/1`, the
/// id of the timeout the server was to play next (that build's timer then stopped for good): served by this
/// build, the timer finds its id taken, plays the timeout under `timeout/1/1/1`, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_timer_an_old_store_stopped_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let server = start(&dir.path().join("new"), &clock).await;
    let mut create_request = request(pb::Variant::Catan, 3, &[], 0);
    create_request.options.as_mut().unwrap().turn_seconds = 1;
    let mut table = create(&server, create_request).await;
    let roll = table.legal(0).await.expect("legal actions").commands[0].clone();
    table.submit(0, roll, Some(0)).await.expect("seat 0 rolls");
    let first_id = format!("{}-1", table.game_id);
    let old = dir.path().join("old");
    old_store(&server, dir.path(), &old, |export| {
        doctored_export(export, 1, &first_id, "timeout/1/1")
    })
    .await;
    server.stop().await;

    // Restarted past seats 1's and 2's deadlines.
    let clock = ManualClock::new(START_MS + 1_000);
    let server = start(&old, &clock).await;
    table.reconnect(server.addr).await;
    let mut stream = server.subscribe(&table.game_id, None).await;
    let first = next_timeout(&mut stream).await;
    let second = next_timeout(&mut stream).await;
    assert_eq!((first.1, second.1), (1, 2));
    assert_eq!(first.0, 2, "seat 1's timeout came first, at version 1");
    let file = dir.path().join("after.jsonl");
    export(server.addr, &file).await;
    let ids: Vec<(String, u64)> = appends(&std::fs::read_to_string(&file).unwrap())
        .into_iter()
        .map(|(id, seat, _)| (id, seat))
        .collect();
    let expected = vec![
        ("timeout/1/1".to_string(), 0),
        ("timeout/1/1/1".to_string(), 1),
        (format!("timeout/2/{}", second.0 - 1), 2),
    ];
    assert_eq!(ids, expected);
    server.stop().await;
}

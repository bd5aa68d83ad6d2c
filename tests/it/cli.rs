//! The `hexfold` client subcommands, run as the real binary against a real server: what a person at a terminal
//! types, and what a script reads back (`--json`, exit statuses, error names).

use crate::support::{self, Table};
use hexfold::cli::{verify_replay, Mismatch};
use hexfold::games::ReplayError;
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, SeedableRng};
use serde_json::Value;
use std::process::Output;
use tokio::io::{AsyncBufReadExt as _, BufReader};

/// Runs `hexfold ARGS... --server URL` (the server flag goes last so it follows trailing command words only when
/// there are none).
async fn hexfold(server: &str, args: &[&str]) -> Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(args)
        .env("HEXFOLD_SERVER", server)
        .env_remove("HEXFOLD_TOKEN")
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .await
        .expect("run the hexfold binary")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The output of a command that must succeed.
pub(crate) async fn ok(server: &str, args: &[&str]) -> String {
    let output = hexfold(server, args).await;
    assert!(
        output.status.success(),
        "hexfold {args:?} failed: {}\n{}",
        stdout(&output),
        stderr(&output)
    );
    stdout(&output)
}

/// The error output of a command that must fail.
pub(crate) async fn fails(server: &str, args: &[&str]) -> String {
    let output = hexfold(server, args).await;
    assert!(
        !output.status.success(),
        "hexfold {args:?} should fail: {}",
        stdout(&output)
    );
    stderr(&output)
}

/// The numbered lines of `actions`' output (`   1  roll`): the legal actions, not the header or, when there are
/// none, the line that says whom the game waits for.
pub(crate) fn numbered(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .skip(1)
        .filter(|line| line.trim_start().starts_with(|c: char| c.is_ascii_digit()))
}

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

pub(crate) struct Created {
    pub(crate) game: String,
    pub(crate) tokens: Vec<String>,
}

/// Parses `create`'s output: `game ID`, `seed commitment HEX`, then `seat N NAME token TOKEN` lines, then the
/// same as shell assignments to paste, with the next command.
pub(crate) fn parse_created(text: &str) -> Created {
    let mut game = None;
    let mut tokens = Vec::new();
    let mut shell = None;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["game", id] => game = Some(id.to_string()),
            ["seed", "commitment", hex] => assert_eq!(hex.len(), 64, "{line}"),
            ["seat", n, _name, "token", token] => {
                assert_eq!(n.parse::<usize>().unwrap(), tokens.len(), "{line}");
                tokens.push(token.to_string());
            }
            [first, ..] if first.starts_with("G=") => shell = Some(line.to_string()),
            _ => panic!("unexpected line from create: {line:?}"),
        }
    }
    let game = game.expect("a game line");
    let assignments: Vec<String> = std::iter::once(format!("G={game}"))
        .chain(
            tokens
                .iter()
                .enumerate()
                .map(|(seat, t)| format!("T{seat}={t}")),
        )
        .collect();
    assert_eq!(
        shell,
        Some(format!(
            "{}  # then: hexfold actions $G --token $T0",
            assignments.join("; ")
        )),
        "{text}"
    );
    // Pasted into a shell, it sets the variables.
    let pasted = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{}\necho \"$G $T0\"", shell.unwrap()))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&pasted.stdout).trim(),
        format!("{game} {}", tokens[0])
    );
    Created { game, tokens }
}

/// A `state --board` map of a 19-hex game against the state `GetState` gave as JSON (`state` is the game's case
/// of it): every vertex id and edge id drawn once, and each building, road and knight after the id it stands on
/// (`17s0`, `/12r1/`, `33K2.2`).
fn check_drawn_pieces(board: &str, state: &Value) {
    let lines: Vec<&str> = board
        .lines()
        .skip_while(|l| !l.starts_with("board ("))
        .skip(1)
        .take_while(|l| !l.starts_with("  ids: "))
        .collect();
    assert!(lines.iter().all(|l| l.len() <= 120), "{board}");
    let map: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
    let number = |v: &Value, field: &str| v[field].as_u64().unwrap_or(0);
    let list = |field: &str| state[field].as_array().cloned().unwrap_or_default();
    let (mut vertices, mut edges) = (Vec::new(), Vec::new());
    for word in &map {
        let (edge, inner) = match word.chars().next().unwrap() {
            s @ ('/' | '\\' | '|') if word.len() > 2 && word.ends_with(s) => {
                (true, &word[1..word.len() - 1])
            }
            _ => (false, *word),
        };
        let digits = inner.len() - inner.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let mark = &inner[digits..];
        if digits > 0 && (mark.is_empty() || mark.starts_with(|c: char| c.is_ascii_alphabetic())) {
            let id: u64 = inner[..digits].parse().unwrap();
            if edge { &mut edges } else { &mut vertices }.push((id, mark.to_string()));
        }
    }
    let board_json = &state["board"];
    for (drawn, field) in [(&mut vertices, "vertices"), (&mut edges, "edges")] {
        drawn.sort();
        let ids: Vec<u64> = drawn.iter().map(|(id, _)| *id).collect();
        let all: Vec<u64> = (0..board_json[field].as_array().unwrap().len() as u64).collect();
        assert_eq!(ids, all, "every one of the {field} once in\n{board}");
    }
    let mark_of = |drawn: &[(u64, String)], id: u64| drawn[id as usize].1.clone();
    for b in list("buildings") {
        let kind = if b["city"].as_bool().unwrap_or(false) {
            'c'
        } else {
            's'
        };
        let expected = format!("{kind}{}", number(&b, "seat"));
        let mark = mark_of(&vertices, number(&b, "vertex"));
        assert!(
            mark.starts_with(&expected),
            "{b} drawn as {mark:?} in\n{board}"
        );
    }
    for n in list("knights") {
        let kind = if n["active"].as_bool().unwrap_or(false) {
            'K'
        } else {
            'k'
        };
        let expected = format!("{kind}{}.{}", number(&n, "seat"), number(&n, "strength"));
        assert_eq!(
            mark_of(&vertices, number(&n, "vertex")),
            expected,
            "{n} in\n{board}"
        );
    }
    for r in list("roads") {
        let expected = format!("r{}", number(&r, "seat"));
        assert_eq!(
            mark_of(&edges, number(&r, "edge")),
            expected,
            "{r} in\n{board}"
        );
    }
    let pieces = list("buildings").len() + list("knights").len();
    assert_eq!(
        vertices.iter().filter(|(_, m)| !m.is_empty()).count(),
        pieces,
        "{board}"
    );
    assert_eq!(
        edges.iter().filter(|(_, m)| !m.is_empty()).count(),
        list("roads").len(),
        "{board}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_creates_inspects_and_plays_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let url = url.as_str();

    let created = parse_created(
        &ok(
            url,
            &[
                "create", "--map", "beginner", "--vp", "10", "ann", "bob", "cat",
            ],
        )
        .await,
    );
    assert_eq!(created.tokens.len(), 3);
    let game = created.game.as_str();
    let token = |seat: usize| created.tokens[seat].as_str();

    // The starting roll: everyone may roll, numbered for --pick.
    let actions = ok(url, &["actions", game, "--token", token(0)]).await;
    assert!(
        actions.contains("seat 0 at version 0: 1 legal action(s)"),
        "{actions}"
    );
    assert!(actions.contains("   1  roll"), "{actions}");
    let submitted = ok(url, &["submit", game, "--token", token(0), "--pick", "1"]).await;
    assert!(submitted.starts_with("roll -> version 1"), "{submitted}");
    assert!(submitted.contains("ann rolled"), "{submitted}");
    // The state says whom the game waits for: the two who have not rolled, and no seat's turn yet.
    let state = ok(url, &["state", game]).await;
    let waiting = state.lines().find(|l| l.starts_with("waiting for: "));
    assert_eq!(
        waiting,
        Some("waiting for: bob (seat 1), cat (seat 2)"),
        "{state}"
    );
    assert!(
        state.contains("\n  0 ann"),
        "nobody is marked active: {state}"
    );
    assert!(
        state.contains("phase: starting roll; active: -;"),
        "{state}"
    );
    // Ann, who has rolled, has nothing to do: `actions` says whom the game waits for instead.
    let idle = ok(url, &["actions", game, "--token", token(0)]).await;
    assert!(idle.contains(": 0 legal action(s)"), "{idle}");
    assert!(
        idle.contains("the game waits for bob (seat 1), cat (seat 2)"),
        "{idle}"
    );

    // Errors name the status code and, for rule violations, the violation and its rule id.
    let refused = fails(url, &["submit", game, "--token", token(0), "roll"]).await;
    assert!(
        refused.contains("FAILED_PRECONDITION NotYourTurn [BASE-TURN-01]"),
        "{refused}"
    );
    // Options may also follow the command words, and a mistyped word gets the nearest one.
    let after = fails(url, &["submit", game, "roll", "--token", token(0)]).await;
    assert!(after.contains("NotYourTurn [BASE-TURN-01]"), "{after}");
    let typo = fails(url, &["submit", game, "rol", "--token", token(0)]).await;
    assert!(typo.contains("did you mean `roll`?"), "{typo}");
    let forged = fails(url, &["actions", game, "--token", "not-a-token"]).await;
    assert!(
        forged.contains("UNAUTHENTICATED") || forged.contains("PERMISSION_DENIED"),
        "{forged}"
    );
    let unknown = fails(url, &["state", "catan-00000000000000000000000000000000"]).await;
    assert!(unknown.contains("NOT_FOUND"), "{unknown}");
    let garbled = fails(
        url,
        &["submit", game, "--token", token(1), "build-road", "twelve"],
    )
    .await;
    assert!(garbled.contains("must be a number"), "{garbled}");
    let past = fails(url, &["submit", game, "--token", token(1), "--pick", "9"]).await;
    assert!(past.contains("there are 1 legal action(s)"), "{past}");

    // Play on by typing back what `actions` prints, until every seat has placed its first settlement and road.
    let mut version = 1;
    let mut placements = 0;
    for _ in 0..60 {
        if placements == 4 {
            break;
        }
        let mut moved = false;
        for seat in 0..3 {
            let listed = json(&ok(url, &["actions", game, "--token", token(seat), "--json"]).await);
            if listed["commands"].as_array().unwrap().is_empty() {
                continue;
            }
            let text = ok(url, &["actions", game, "--token", token(seat)]).await;
            let first = text
                .lines()
                .nth(1)
                .expect("one numbered action")
                .trim_start();
            let typed = first
                .split_once("  ")
                .expect("number, two spaces, command")
                .1;
            let words: Vec<&str> = typed.split_whitespace().collect();
            let mut args = vec!["submit", game, "--token", token(seat), "--expect-version"];
            let expected = version.to_string();
            args.push(&expected);
            args.extend(&words);
            let out = ok(url, &args).await;
            assert!(out.starts_with(&format!("{typed} -> version ")), "{out}");
            placements += usize::from(typed.starts_with("place-"));
            version = json(&ok(url, &["state", game, "--json"]).await)["version"]
                .as_u64()
                .unwrap();
            moved = true;
            break;
        }
        assert!(moved, "nobody could act at version {version}");
    }
    assert_eq!(
        placements, 4,
        "two settlements and two roads placed by typed commands"
    );

    // State: readable for a seat, JSON for scripts, and at an earlier index.
    let state = ok(url, &["state", game, "--token", token(1)]).await;
    assert!(
        state.contains(&format!("at version {version} of {version}")),
        "{state}"
    );
    assert!(state.contains("you are bob (seat 1)"), "{state}");
    assert!(state.contains("settlements at ["), "{state}");
    let board = ok(url, &["state", game, "--board"]).await;
    assert!(
        board.contains("you are a spectator") && board.contains("robber"),
        "{board}"
    );
    assert_eq!(
        board
            .lines()
            .filter(|l| l.trim_start().starts_with("hex "))
            .count(),
        19,
        "{board}"
    );
    assert!(board.contains("harbors: edge "), "{board}");
    let spectator = json(&ok(url, &["state", game, "--json"]).await);
    check_drawn_pieces(&board, &spectator["state"]["catan"]);
    let seat_json = json(&ok(url, &["state", game, "--token", token(1), "--json"]).await);
    assert_eq!(seat_json["viewer_seat"], 1);
    assert_eq!(seat_json["summary"]["variant"], "VARIANT_CATAN");
    let players = seat_json["state"]["catan"]["players"].as_array().unwrap();
    assert!(
        players[1].get("resources").is_some() && players[0].get("resources").is_none(),
        "{players:?}"
    );
    let at_zero = json(&ok(url, &["state", game, "--at", "0", "--json"]).await);
    assert_eq!(at_zero["version"], 0);
    assert!(at_zero.get("viewer_seat").is_none());
    let beyond = fails(url, &["state", game, "--at", "999"]).await;
    assert!(
        beyond.contains("OUT_OF_RANGE") || beyond.contains("INVALID_ARGUMENT"),
        "{beyond}"
    );

    // The game is listed; following it replays every event, then the caught-up marker.
    let listed = ok(url, &["list"]).await;
    assert!(
        listed
            .lines()
            .any(|l| l.starts_with(game) && l.contains("in progress")),
        "{listed}"
    );
    let listed_json: Vec<Value> = ok(url, &["list", "--json"])
        .await
        .lines()
        .map(json)
        .collect();
    assert!(
        listed_json
            .iter()
            .any(|g| g["game_id"] == game && g["status"] == "GAME_STATUS_IN_PROGRESS"),
        "{listed_json:?}"
    );
    let followed_json: Vec<Value> = ok(url, &["follow", game, "--no-live", "--json"])
        .await
        .lines()
        .map(json)
        .collect();
    assert_eq!(
        followed_json.len() as u64,
        version + 1,
        "every event and the marker"
    );
    assert_eq!(
        followed_json.last().unwrap()["caught_up"]["version"],
        version
    );
    let created_json = json(&ok(url, &["create", "--json", "x", "y", "z", "w"]).await);
    assert_eq!(created_json["seats"].as_array().unwrap().len(), 4);
    assert_eq!(created_json["seed_commitment"].as_str().unwrap().len(), 64);
    let followed = ok(url, &["follow", game, "--no-live"]).await;
    let numbered = followed
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(numbered as u64, version, "{followed}");
    assert!(
        followed.ends_with(&format!(
            "-- caught up at version {version}; live from here --\n"
        )),
        "{followed}"
    );

    // Following live: the recorded events, the marker, then an event submitted meanwhile as it happens.
    let mut follower = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args([
            "follow",
            game,
            "--server",
            url,
            "--after",
            &(version - 1).to_string(),
        ])
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("start follow");
    let mut lines = BufReader::new(follower.stdout.take().unwrap()).lines();
    let mut caught_up = false;
    while let Some(line) = lines.next_line().await.unwrap() {
        if line.starts_with("-- caught up") {
            caught_up = true;
            break;
        }
    }
    assert!(caught_up, "follow ended before catching up");
    let mut live_seat = None;
    for seat in 0..3 {
        let listed = json(&ok(url, &["actions", game, "--token", token(seat), "--json"]).await);
        if !listed["commands"].as_array().unwrap().is_empty() {
            live_seat = Some(seat);
            break;
        }
    }
    let live_seat = live_seat.expect("someone may act");
    ok(
        url,
        &["submit", game, "--token", token(live_seat), "--pick", "1"],
    )
    .await;
    let live = lines.next_line().await.unwrap().expect("a live event line");
    assert!(
        live.trim_start().starts_with(&(version + 1).to_string()),
        "{live}"
    );
    follower.kill().await.unwrap();

    // A game in progress cannot be verified yet: its seed is secret.
    let early = fails(url, &["verify", game]).await;
    assert!(early.contains("FAILED_PRECONDITION"), "{early}");
    server.stop().await;
}

/// Plays a random 4-seat game to its end through the generated client.
async fn finished_game(table: &mut Table) {
    let mut rng = StdRng::seed_from_u64(7);
    let mut steps = 0;
    while table.step(&mut rng).await.is_some() {
        steps += 1;
        assert!(steps < 20_000, "the random game does not end");
    }
}

async fn replay_and_events(table: &mut Table) -> (pb::GetReplayResponse, Vec<pb::EventEnvelope>) {
    let replay = table.replay().await;
    (replay, table.events(None).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_accepts_a_finished_game_and_pinpoints_any_difference() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let mut table = Table::new(server.addr, 4).await;
    finished_game(&mut table).await;

    let verified = ok(&url, &["verify", &table.game_id]).await;
    assert!(
        verified.starts_with(&format!(
            "OK {}: seed matches the commitment",
            table.game_id
        )),
        "{verified}"
    );

    // The same check in-process, then on doctored copies of what the server returned.
    let (replay, events) = replay_and_events(&mut table).await;
    let head = table.state(None, None).await.unwrap().state;
    let report =
        verify_replay(&replay, &events, head.as_ref()).expect("the honest record verifies");
    assert_eq!(report.events, events.len() as u64);
    assert_eq!(
        report.winner,
        table
            .state(None, None)
            .await
            .unwrap()
            .summary
            .unwrap()
            .winner
    );

    let mut wrong_seed = replay.clone();
    wrong_seed.seed = "00".repeat(32);
    assert!(matches!(
        verify_replay(&wrong_seed, &events, None),
        Err(Mismatch::Replay(ReplayError::CommitmentMismatch { .. }))
    ));

    // Swap two recorded events: the first differing version is reported.
    let mut swapped = events.clone();
    let (a, b) = (4, 5);
    let (ea, eb) = (swapped[a].event.clone(), swapped[b].event.clone());
    assert_ne!(ea, eb, "the fixture needs two different events");
    swapped[a].event = eb;
    swapped[b].event = ea;
    match verify_replay(&replay, &swapped, None) {
        Err(Mismatch::Event { version, .. }) => assert_eq!(version, a as u64 + 1),
        other => panic!("expected an event mismatch at {}, got {other:?}", a + 1),
    }

    let mut short = events.clone();
    short.pop();
    assert!(matches!(
        verify_replay(&replay, &short, None),
        Err(Mismatch::EventCount { .. })
    ));

    let mut gap = events.clone();
    gap.remove(2);
    assert!(matches!(
        verify_replay(&replay, &gap, None),
        Err(Mismatch::RecordedVersion { index: 2, .. })
    ));

    let mut other_state = head.clone();
    if let Some(pb::game_state::Game::Catan(state)) =
        other_state.as_mut().and_then(|s| s.game.as_mut())
    {
        state.turn += 1;
    }
    assert!(matches!(
        verify_replay(&replay, &events, other_state.as_ref()),
        Err(Mismatch::FinalState { .. })
    ));

    // A recorded command that the rules refuse (here: one dropped from the log) fails the replay.
    let mut dropped = replay.clone();
    dropped.commands.remove(1);
    assert!(matches!(
        verify_replay(&dropped, &events, None),
        Err(Mismatch::Replay(ReplayError::Command { .. }))
    ));
    server.stop().await;
}

/// A six-seat Catania game at the terminal: created with `--variant catania`, listed, played by typing back what
/// `actions` prints (ships among the opening's pieces), shown as text (the seat's own cards, the barbarians, the
/// thieves, the pieces, the map), refused with its rule ID; then a finished game followed event by event in words
/// and verified.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_catania_game_reads_and_plays_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let url = url.as_str();
    let names = ["ann", "bob", "cat", "dan", "eve", "fay"];
    let mut create = vec!["create", "--variant", "catania"];
    create.extend(names);
    let created = parse_created(&ok(url, &create).await);
    assert_eq!(created.tokens.len(), 6);
    let game = created.game.as_str();
    assert!(game.starts_with("catania-"), "{game}");
    let token = |seat: usize| created.tokens[seat].as_str();
    let listed = ok(url, &["list"]).await;
    assert!(
        listed
            .lines()
            .any(|l| l.starts_with(game) && l.contains("catania") && l.contains("fay")),
        "{listed}"
    );
    let help = ok(url, &["submit", "--help"]).await;
    assert!(
        help.contains("place-ship EDGE") && help.contains("play CARD"),
        "{help}"
    );

    // The opening, typed back from `actions`: the first seat's settlement, then its road or ship, and so on.
    let mut version = 0;
    let mut refused = false;
    for _ in 0..8 {
        let mut moved = false;
        for (seat, name) in names.iter().enumerate() {
            let text = ok(url, &["actions", game, "--token", token(seat)]).await;
            let Some(first) = numbered(&text).next() else {
                if !refused {
                    let out = fails(
                        url,
                        &[
                            "submit",
                            game,
                            "--token",
                            token(seat),
                            "place-settlement",
                            "0",
                        ],
                    )
                    .await;
                    assert!(
                        out.contains("FAILED_PRECONDITION NotYourTurn [CAT-TURN-12]"),
                        "{out}"
                    );
                    refused = true;
                }
                continue;
            };
            let typed = first.trim_start().split_once("  ").unwrap().1;
            assert!(
                ["place-settlement ", "place-road ", "place-ship "]
                    .iter()
                    .any(|verb| typed.starts_with(verb)),
                "{text}"
            );
            let mut args = vec!["submit", game, "--token", token(seat)];
            args.extend(typed.split_whitespace());
            let out = ok(url, &args).await;
            // A command may append more than one event (a settlement can move a specialist card): the version it
            // reports has moved past them all.
            let now: u64 = out
                .strip_prefix(&format!("{typed} -> version "))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{out}"));
            assert!(now > version, "{out}");
            version = now;
            assert!(out.contains(&format!("{name} placed a ")), "{out}");
            moved = true;
            break;
        }
        assert!(moved, "nobody could act at version {version}");
    }
    assert!(refused, "no seat was waiting");

    let state = ok(url, &["state", game, "--token", token(0)]).await;
    for part in [
        "you are ann (seat 0)",
        "opening step 5: place a settlement on Catan",
        "barbarians 0 of 7 steps",
        "pirate ",
        "seats (20 points to win):",
        "pieces:",
        "  fay: settlements [",
    ] {
        assert!(state.contains(part), "{part:?} in {state}");
    }
    assert!(!state.contains('{') && !state.contains("Some("), "{state}");
    let board = ok(url, &["state", game, "--board"]).await;
    assert!(board.contains("you are a spectator"), "{board}");
    assert!(board.contains("~ sea; ? a chip not drawn yet"), "{board}");
    assert!(board.contains("harbors: edge "), "{board}");
    // The whole map is too wide for a terminal; the part around a settlement fits 80 columns and shows it.
    let json_state = json(&ok(url, &["state", game, "--json"]).await);
    let building = &json_state["state"]["catania"]["layer"]["buildings"][0];
    let vertex = building["vertex"].as_u64().unwrap_or(0);
    let seat = building["seat"].as_u64().unwrap_or(0);
    let focus = format!("vertex:{vertex}");
    let around = ok(
        url,
        &["state", game, "--board-around", &focus, "--radius", "1"],
    )
    .await;
    let map: Vec<&str> = around
        .lines()
        .skip_while(|l| !l.starts_with("board around "))
        .take_while(|l| !l.starts_with("  ids: "))
        .collect();
    assert!(
        map[0].starts_with(&format!(
            "board around vertex {vertex}, radius 1 (7 of 195 hexes"
        )),
        "{around}"
    );
    assert!(map.iter().all(|l| l.len() <= 80), "{around}");
    let piece = format!("{vertex}s{seat}");
    assert_eq!(
        map.iter()
            .flat_map(|l| l.split_whitespace())
            .filter(|w| *w == piece)
            .count(),
        1,
        "{piece} in {around}"
    );
    let wrong = fails(url, &["state", game, "--board-around", "hex:999"]).await;
    assert!(
        wrong.contains("no hex 999 on this board (it has 195 hexes"),
        "{wrong}"
    );
    let wrong = fails(url, &["state", game, "--radius", "2"]).await;
    assert!(wrong.contains("--board-around"), "{wrong}");

    // A whole game, then what a person reads of it: every event a sentence, and the replay verified.
    let mut table = Table::create(
        server.addr,
        pb::Variant::Catania,
        3,
        pb::GameOptions::default(),
    )
    .await;
    finished_game(&mut table).await;
    let followed = ok(url, &["follow", &table.game_id, "--no-live"]).await;
    let head = table.head().await;
    let lines: Vec<&str> = followed
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(lines.len() as u64, head, "{followed}");
    for line in &lines {
        assert!(
            !line.contains('{') && !line.contains("Some(") && !line.contains('?'),
            "{line}"
        );
    }
    assert!(
        lines.last().unwrap().contains("seed revealed"),
        "{followed}"
    );
    let verified = ok(url, &["verify", &table.game_id]).await;
    assert!(
        verified.starts_with(&format!(
            "OK {}: seed matches the commitment",
            table.game_id
        )),
        "{verified}"
    );
    server.stop().await;
}

/// The address as `serve` prints it (no scheme) is accepted, and a reader that closes the pipe before the output
/// arrives (`hexfold list | head -1` where head has already gone) ends the command quietly: no panic, exit 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_without_scheme_works_and_a_closed_stdout_is_no_panic() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let bare = server.addr.to_string();
    let created = parse_created(&ok(&bare, &["create", "ann", "bob", "cat"]).await);
    let game = created.game.as_str();
    assert!(ok(&bare, &["list"]).await.contains(game));

    // The pipe's reading end is closed before the child starts, so its first write meets a broken pipe, every run.
    let (reader, writer) = rustix::pipe::pipe().expect("a pipe");
    drop(reader);
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["actions", game, "--token", &created.tokens[0]])
        .env("HEXFOLD_SERVER", &bare)
        .env_remove("RUST_BACKTRACE")
        .stdout(std::process::Stdio::from(writer))
        .stderr(std::process::Stdio::piped())
        // Not `output()`: tokio's pipes stdout itself there, whatever was configured.
        .spawn()
        .expect("run the hexfold binary")
        .wait_with_output()
        .await
        .expect("wait for the hexfold binary");
    let err = stderr(&output);
    assert!(!err.contains("panicked"), "{err}");
    assert!(output.status.success(), "{:?}: {err}", output.status);
    server.stop().await;
}

/// Logs written anywhere but a terminal (a file, a pipe to a collector) carry no colour escape codes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_logs_into_a_pipe_are_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env_remove("HEXFOLD_STORE")
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn hexfold serve");
    let mut log = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    // The start logs at info level, ending with the line that says where it serves.
    while let Some(line) = log.next_line().await.unwrap() {
        let serving = line.contains("serving");
        seen.push(line);
        if serving {
            break;
        }
    }
    assert!(seen.iter().any(|l| l.contains("serving")), "{seen:?}");
    for line in &seen {
        assert!(!line.contains('\u{1b}'), "an escape code in {line:?}");
    }
    child.start_kill().unwrap();
    child.wait().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cities_and_knights_game_reads_and_plays_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let url = url.as_str();
    let created = parse_created(
        &ok(
            url,
            &[
                "create",
                "--variant",
                "cities-and-knights",
                "ann",
                "bob",
                "cat",
            ],
        )
        .await,
    );
    let game = created.game.as_str();
    assert!(game.starts_with("cities-and-knights-"), "{game}");
    let token = |seat: usize| created.tokens[seat].as_str();
    // With a base game beside it, whose id is shorter, `list` keeps its columns: every row's variant, status and
    // seats start where the header's do.
    ok(url, &["create", "dan", "eve", "fay"]).await;
    let listed = ok(url, &["list"]).await;
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 3, "{listed}");
    for column in ["variant", "status", "seats"] {
        let at = lines[0].find(column).unwrap();
        for row in &lines[1..] {
            assert!(
                at > 0 && row.as_bytes()[at - 1] == b' ' && row.as_bytes()[at] != b' ',
                "{column} at {at}:\n{listed}"
            );
        }
    }

    // The opening and the first roll, typed back from what `actions` prints.
    let mut typed_verbs = Vec::new();
    for _ in 0..13 {
        let mut moved = false;
        for seat in 0..3 {
            let text = ok(url, &["actions", game, "--token", token(seat)]).await;
            let Some(first) = numbered(&text).next() else {
                continue;
            };
            let typed = first.trim_start().split_once("  ").unwrap().1.to_string();
            assert!(!typed.contains('{') && !typed.contains('('), "{text}");
            let mut args = vec!["submit", game, "--token", token(seat)];
            args.extend(typed.split_whitespace());
            let out = ok(url, &args).await;
            assert!(out.starts_with(&format!("{typed} -> version ")), "{out}");
            assert!(!out.contains('{') && !out.contains("Some("), "{out}");
            typed_verbs.push(typed.split_whitespace().next().unwrap().to_string());
            moved = true;
            break;
        }
        assert!(moved, "nobody could act");
    }
    for verb in ["place-settlement", "place-city", "place-road", "roll"] {
        assert!(
            typed_verbs.iter().any(|v| v == verb),
            "{verb} in {typed_verbs:?}"
        );
    }

    let state = ok(url, &["state", game, "--token", token(0)]).await;
    for part in [
        "you are ann (seat 0)",
        "phase: ",
        "last roll ",
        "event die ",
        "steps on (attacks so far 0)",
        "seats (13 points to win):",
        "improvements trade 0 politics 0 science 0",
        "pieces:",
        "  cat: settlements [",
    ] {
        assert!(state.contains(part), "{part:?} in {state}");
    }
    assert!(!state.contains('{') && !state.contains("Some("), "{state}");
    let board = ok(url, &["state", game, "--board"]).await;
    assert!(
        board.contains("board (19 hexes") && board.contains("harbors:"),
        "{board}"
    );
    let spectator = json(&ok(url, &["state", game, "--json"]).await);
    check_drawn_pieces(&board, &spectator["state"]["cities_knights"]);
    let typo = fails(
        url,
        &["submit", game, "--token", token(0), "bild-knight", "3"],
    )
    .await;
    assert!(typo.contains("did you mean `build-knight`?"), "{typo}");
    server.stop().await;
}

/// A store written when Cities & Knights ids began `cities_knights-` (the fixture of `compat.rs`): beside a new
/// `cities-and-knights-` game, `list` keeps its columns, and the old game reads, lists its actions and takes a
/// command typed back through the CLI, which finds the game by either prefix.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_cities_knights_id_reads_and_plays_through_the_cli_beside_a_new_one() {
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/store-58cf777");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture.join("expected.json")).unwrap())
            .unwrap();
    let old = expected["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| {
            g["game_id"]
                .as_str()
                .unwrap()
                .starts_with("cities_knights-")
                && !g["finished"].as_bool().unwrap()
        })
        .unwrap();
    let old_id = old["game_id"].as_str().unwrap();
    let seat = old["legal"]["seat"].as_u64().unwrap() as usize;
    let token = old["tokens"][seat].as_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    support::copy_dir(&fixture.join("data"), dir.path());
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let url = url.as_str();
    let created = parse_created(
        &ok(
            url,
            &[
                "create",
                "--variant",
                "cities-and-knights",
                "ann",
                "bob",
                "cat",
            ],
        )
        .await,
    );
    assert!(
        created.game.starts_with("cities-and-knights-"),
        "{}",
        created.game
    );

    let listed = ok(url, &["list"]).await;
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 8, "{listed}");
    for id in [old_id, created.game.as_str()] {
        let row = lines
            .iter()
            .find(|l| l.starts_with(id))
            .unwrap_or_else(|| panic!("{id} in {listed}"));
        assert!(row.contains("cities-and-knights"), "{row}");
    }
    for column in ["variant", "status", "version", "seats"] {
        let at = lines[0].find(column).unwrap();
        for row in &lines[1..] {
            assert!(
                row.as_bytes()[at - 1] == b' ',
                "{column} at {at}:\n{listed}"
            );
        }
    }

    let state = ok(url, &["state", old_id, "--token", token]).await;
    assert!(state.contains(&format!("(seat {seat})")), "{state}");
    let actions = ok(url, &["actions", old_id, "--token", token]).await;
    let first = numbered(&actions)
        .next()
        .unwrap_or_else(|| panic!("{actions}"));
    let typed = first.trim_start().split_once("  ").unwrap().1.to_string();
    let mut args = vec!["submit", old_id, "--token", token];
    args.extend(typed.split_whitespace());
    let out = ok(url, &args).await;
    assert!(out.starts_with(&format!("{typed} -> version ")), "{out}");
    server.stop().await;
}

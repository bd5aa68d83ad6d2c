//! The toy game, tic-tac-toe, wired through every list "Adding a game" (ARCHITECTURE.md) names, in the tests'
//! build only (the `toy-game` feature): played to a win over gRPC on the real server, and proved absent from what
//! ships.

use crate::support::{self, assert_code, Table};
use hexfold::proto::v1 as pb;
use pb::tictactoe as t;
use tonic::Code;
use tonic_types::StatusExt;

fn mark(square: u32) -> pb::Command {
    pb::Command {
        game: Some(pb::command::Game::Tictactoe(t::Command {
            command: Some(t::command::Command::Mark(t::Mark { square })),
        })),
    }
}

fn board(state: &pb::GetStateResponse) -> (Vec<Option<u32>>, Option<u32>) {
    let Some(pb::game_state::Game::Tictactoe(state)) =
        state.state.as_ref().and_then(|s| s.game.as_ref())
    else {
        panic!("not a tic-tac-toe state: {state:?}")
    };
    (state.board.iter().map(|s| s.seat).collect(), state.winner)
}

/// Created over gRPC on `127.0.0.1:0`, played to seat 0's win on the top row; a mark on a marked square is
/// FAILED_PRECONDITION with its rule ID and changes nothing; the spectator's `Subscribe` stream carries every
/// event; `GetState` at an earlier index shows the board as it was; the finished game's replay verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tic_tac_toe_is_played_over_grpc_like_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::create(
        server.addr,
        pb::Variant::Tictactoe,
        2,
        pb::GameOptions::default(),
    )
    .await;
    assert!(table.game_id.starts_with("tictactoe-"), "{}", table.game_id);
    let mut stream = server.subscribe(&table.game_id, None).await;

    let status = assert_code(
        table.submit(1, mark(4), None).await,
        Code::FailedPrecondition,
    );
    let info = status.get_details_error_info().expect("an ErrorInfo");
    assert_eq!(
        (info.reason.as_str(), info.metadata["rule_id"].as_str()),
        ("NotYourTurn", "TTT-TURN-01")
    );

    // X: 0, 1, 2 (the top row); O: 4, 5.
    for (seat, square) in [(0, 0), (1, 4), (0, 1)] {
        table.submit(seat, mark(square), None).await.unwrap();
    }
    let before = table.head().await;
    let status = assert_code(
        table.submit(1, mark(0), None).await,
        Code::FailedPrecondition,
    );
    let info = status.get_details_error_info().expect("an ErrorInfo");
    assert_eq!(
        (info.reason.as_str(), info.metadata["rule_id"].as_str()),
        ("SquareTaken", "TTT-MARK-02")
    );
    assert_eq!(table.head().await, before, "a refused mark changes nothing");
    for (seat, square) in [(1, 5), (0, 2)] {
        table.submit(seat, mark(square), None).await.unwrap();
    }

    let end = server.ended(&table.game_id).await;
    let state = table.state(None, None).await.unwrap();
    assert_eq!(
        state.summary.as_ref().unwrap().status(),
        pb::GameStatus::Finished
    );
    let x = Some(0);
    let o = Some(1);
    assert_eq!(
        board(&state),
        (vec![x, x, x, None, o, o, None, None, None], Some(0))
    );

    // The spectator's stream: five marks, the win, the seed revealed.
    let mut streamed = Vec::new();
    while let Some(item) = stream.message().await.unwrap() {
        if let Some(pb::subscribe_response::Item::Event(e)) = item.item {
            let body = e.event.and_then(|e| e.body);
            let done = matches!(body, Some(pb::event::Body::SeedRevealed(_)));
            streamed.push(body);
            if done {
                break;
            }
        }
    }
    let marks: Vec<(u32, u32)> = streamed
        .iter()
        .filter_map(|body| match body {
            Some(pb::event::Body::Tictactoe(t::Event {
                event: Some(t::event::Event::Marked(m)),
            })) => Some((m.seat, m.square)),
            _ => None,
        })
        .collect();
    assert_eq!(marks, [(0, 0), (1, 4), (0, 1), (1, 5), (0, 2)]);
    assert!(streamed.iter().any(|body| matches!(
        body,
        Some(pb::event::Body::Tictactoe(t::Event {
            event: Some(t::event::Event::GameWon(t::GameWon { seat: 0 }))
        }))
    )));
    assert_eq!(streamed.len() as u64, end, "one streamed event per version");

    // The state at the second mark's index: X on 0, O on 4, nothing else.
    let at_two = table.state(None, Some(2)).await.unwrap();
    assert_eq!(at_two.version, 2);
    assert_eq!(
        board(&at_two),
        (vec![x, None, None, None, o, None, None, None, None], None)
    );

    let replay = table.replay().await;
    let report = hexfold::games::verify_replay(&replay, &mut |_| {}).expect("the replay verifies");
    assert_eq!(report.version, end);
    server.stop().await;
}

/// What ships has no tic-tac-toe: a build without the tests' dev-dependencies (`cargo build`, `--release`, the
/// dist profile) does not turn on `toy-game` on this crate or the rules crate, as `cargo tree` resolves it; the
/// proto files on disk, which the web app and the clients generate from, do not name it; and the web app's
/// registry and the clients' lists do not either.
#[test]
fn the_toy_game_is_not_shipped() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tree = |edges: &str| {
        let out = std::process::Command::new(std::env::var_os("CARGO").unwrap_or("cargo".into()))
            .current_dir(root)
            .args(["tree", "--package", "hexfold", "--edges", edges])
            .args([
                "--prefix",
                "none",
                "--format",
                "{p} {f}",
                "--locked",
                "--offline",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let shipped = tree("normal,build");
    assert!(shipped.contains("hexfold-rules v"), "{shipped}");
    assert!(
        !shipped.contains("toy-game"),
        "a shipped build has the toy game:\n{shipped}"
    );
    // The check sees the feature where it is on: the tests' build, with dev-dependencies.
    assert!(tree("normal,build,dev").contains("toy-game"));

    for file in [
        "proto/hexfold/v1/hexfold.proto",
        "web/src/games.ts",
        "clients/python/src/hexfold_client/__init__.py",
        "clients/typescript/src/index.ts",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(
            !text.to_ascii_lowercase().contains("tictactoe"),
            "{file} names the toy game"
        );
    }
    assert!(!root.join("proto/hexfold/v1/tictactoe").exists());
    // This build has it, entered in the lists by build.rs.
    assert_eq!(pb::Variant::Tictactoe.as_str_name(), "VARIANT_TICTACTOE");
    assert!(hexfold::games::GAMES
        .iter()
        .any(|g| !g.shipped && g.name == "tictactoe"));
}

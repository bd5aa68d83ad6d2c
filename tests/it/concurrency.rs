//! Optimistic concurrency and idempotency.

use crate::support::{self, assert_code, authed, connect, Table};
use hexfold::proto::v1 as pb;
use pb::catan as c;
use tonic::Code;
use tonic_types::StatusExt;

fn roll() -> pb::Command {
    pb::Command {
        game: Some(pb::command::Game::Catan(c::Command {
            command: Some(c::command::Command::RollDice(c::RollDice {})),
        })),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_submits_with_the_same_expected_version_have_exactly_one_winner() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    // In the starting roll every seat may roll, so all of these are legal at version 0.
    let mut tasks = Vec::new();
    for i in 0..12 {
        let seat = i % 4;
        let token = table.tokens[seat].clone();
        let game_id = table.game_id.clone();
        let mut client = connect(server.addr).await;
        tasks.push(tokio::spawn(async move {
            let request = pb::SubmitCommandRequest {
                game_id,
                command_id: format!("race-{i}"),
                expected_version: Some(0),
                command: Some(roll()),
                ..Default::default()
            };
            client
                .submit_command(authed(request, &token))
                .await
                .map(|r| r.into_inner())
        }));
    }
    let mut winners = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(response) => winners.push(response),
            Err(status) => {
                assert_eq!(status.code(), Code::Aborted, "{status:?}");
                let info = status.get_details_error_info().expect("error info");
                assert_eq!(info.reason, "VersionConflict");
                assert_eq!(info.metadata["expected_version"], "0");
            }
        }
    }
    assert_eq!(winners.len(), 1, "exactly one submit wins");
    let head = table.head().await;
    assert_eq!(head, winners[0].version);
    assert_eq!(table.events(None).await.len() as u64, head);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_command_id_twice_writes_one_set_of_events() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let submit = |expected: Option<u64>| pb::SubmitCommandRequest {
        game_id: table.game_id.clone(),
        command_id: "roll-once".into(),
        expected_version: expected,
        command: Some(roll()),
        ..Default::default()
    };
    let token = table.tokens[0].clone();
    let first = table.seats[0]
        .submit_command(authed(submit(Some(0)), &token))
        .await
        .unwrap()
        .into_inner();
    assert!(!first.duplicate);
    assert!(first.version >= 1);
    // Again, as is; and again with the now stale expected version: the original result both times.
    for expected in [Some(0), None] {
        let again = table.seats[0]
            .submit_command(authed(submit(expected), &token))
            .await
            .unwrap()
            .into_inner();
        assert!(again.duplicate);
        assert_eq!(again.version, first.version);
        assert_eq!(again.events, first.events);
    }
    // Concurrent retries of one new id: one writes, the others get its result.
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let token = table.tokens[1].clone();
        let game_id = table.game_id.clone();
        let mut client = connect(server.addr).await;
        tasks.push(tokio::spawn(async move {
            let request = pb::SubmitCommandRequest {
                game_id,
                command_id: "roll-seat-1".into(),
                expected_version: None,
                command: Some(roll()),
                ..Default::default()
            };
            client
                .submit_command(authed(request, &token))
                .await
                .unwrap()
                .into_inner()
        }));
    }
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    assert_eq!(results.iter().filter(|r| !r.duplicate).count(), 1);
    assert!(results
        .iter()
        .all(|r| r.version == results[0].version && r.events == results[0].events));
    let head = table.head().await;
    assert_eq!(head, results[0].version);
    assert_eq!(table.events(None).await.len() as u64, head);
    // A different seat reusing the id of a refused command is not a duplicate of anything.
    let refused = table.seats[0]
        .submit_command(authed(
            pb::SubmitCommandRequest {
                game_id: table.game_id.clone(),
                command_id: "never-applied".into(),
                expected_version: None,
                command: Some(roll()),
                ..Default::default()
            },
            &token,
        ))
        .await;
    assert_code(refused, Code::FailedPrecondition);
    assert_eq!(table.head().await, head);
    server.stop().await;
}

/// A command id cannot mislead: only the same command from the same seat under it is answered with the original
/// result; another seat's command, or another command of the same seat, is refused with ALREADY_EXISTS and its own
/// reason, and nothing is appended (before, both got `duplicate` with the first command's events and were silently
/// not applied).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_id_answers_only_its_own_seat_and_command() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let end_turn = pb::Command {
        game: Some(pb::command::Game::Catan(c::Command {
            command: Some(c::command::Command::EndTurn(c::EndTurn {})),
        })),
    };
    let (game_id, tokens) = (table.game_id.clone(), table.tokens.clone());
    let submit = |seat: usize, command: pb::Command| {
        authed(
            pb::SubmitCommandRequest {
                game_id: game_id.clone(),
                command_id: "same-1".into(),
                command: Some(command),
                ..Default::default()
            },
            &tokens[seat],
        )
    };
    let first = table.seats[0]
        .submit_command(submit(0, roll()))
        .await
        .unwrap()
        .into_inner();
    assert!(!first.duplicate);
    let head = table.head().await;
    let events = table.events(None).await;

    // Seat 1 may roll too (the starting roll): its legal roll under seat 0's id, and an illegal command.
    assert!(table.legal(1).await.unwrap().commands.contains(&roll()));
    for command in [roll(), end_turn.clone()] {
        let status = assert_code(
            table.seats[1].submit_command(submit(1, command)).await,
            Code::AlreadyExists,
        );
        let info = status.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "CommandIdOfAnotherSeat");
        assert_eq!(info.metadata["command_id"], "same-1");
    }
    // Seat 0 with another command under its own id, refused by the rules or not.
    let mut others = vec![end_turn];
    others.extend(
        table
            .legal(0)
            .await
            .unwrap()
            .commands
            .into_iter()
            .filter(|c| *c != roll()),
    );
    for command in others {
        let status = assert_code(
            table.seats[0].submit_command(submit(0, command)).await,
            Code::AlreadyExists,
        );
        let info = status.get_details_error_info().expect("error info");
        assert_eq!(info.reason, "CommandIdReused");
    }
    assert_eq!(table.head().await, head);
    assert_eq!(table.events(None).await, events);
    // Seat 1's roll under an id of its own is applied: it was never taken.
    let mut fresh = submit(1, roll());
    fresh.get_mut().command_id = "same-2".into();
    assert!(
        !table.seats[1]
            .submit_command(fresh)
            .await
            .unwrap()
            .into_inner()
            .duplicate
    );
    // The same seat, id and command: the original result, still.
    let again = table.seats[0]
        .submit_command(submit(0, roll()))
        .await
        .unwrap()
        .into_inner();
    assert!(again.duplicate);
    assert_eq!((again.version, again.events), (first.version, first.events));
    server.stop().await;
}

//! A complete random 4-player game through gRPC, checked against a local replay at every index.

use crate::support::{self, assert_code, Table};
use hexfold::games::verify_replay;
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, Rng, SeedableRng};
use sha2::{Digest, Sha256};
use tonic::Code;
use tonic_types::StatusExt;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_four_player_game_through_grpc_matches_the_local_fold_at_every_index() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let mut rng = StdRng::seed_from_u64(11);

    // While the game runs: seat 0's view at every head, and now and then the same version read back later.
    let mut seat0_views: Vec<pb::GetStateResponse> =
        vec![table.state(Some(0), None).await.unwrap()];
    let mut steps = 0;
    while let Some((_, response)) = table.step(&mut rng).await {
        steps += 1;
        assert!(steps < 5000, "the random game did not end");
        let view = table.state(Some(0), None).await.unwrap();
        assert_eq!(view.version, response.version);
        if view.summary.as_ref().unwrap().status() == pb::GameStatus::Finished {
            continue;
        }
        seat0_views.push(view);
        if steps % 10 == 0 {
            let old = &seat0_views[rng.gen_range(0..seat0_views.len())];
            let again = table.state(Some(0), Some(old.version)).await.unwrap();
            assert_eq!(
                again.state, old.state,
                "seat 0's view at version {} changed",
                old.version
            );
        }
    }

    let head_state = table.state(None, None).await.unwrap();
    let head = head_state.version;
    let summary = head_state.summary.clone().unwrap();
    assert_eq!(summary.status(), pb::GameStatus::Finished);
    let winner = summary.winner.expect("a winner");

    // The local fold: replay every recorded command from the revealed seed with the rules crate.
    let replay = table.replay().await;
    assert_eq!(
        hex::encode(Sha256::digest(hex::decode(&replay.seed).unwrap())),
        replay.seed_commitment
    );
    let mut replayed = Vec::new();
    let report =
        verify_replay(&replay, &mut |step| replayed.push(step)).expect("the replay verifies");
    assert_eq!(report.version, head);
    assert_eq!(report.winner, Some(winner));
    assert_eq!(replayed.len() as u64, head + 1);

    // Every event read back is the replayed one, and the last reveals the seed.
    let events = table.events(None).await;
    assert_eq!(events.len() as u64, head);
    for (event, step) in events.iter().zip(&replayed[1..]) {
        assert_eq!(event.version, step.version);
        assert_eq!(
            event.event, step.event,
            "event {} differs from the replay",
            step.version
        );
    }
    match events
        .last()
        .and_then(|e| e.event.as_ref())
        .and_then(|e| e.body.as_ref())
    {
        Some(pb::event::Body::SeedRevealed(revealed)) => assert_eq!(revealed.seed, replay.seed),
        other => panic!("the last event is not SeedRevealed: {other:?}"),
    }
    let globals: Vec<u64> = events.iter().map(|e| e.global_position).collect();
    assert!(globals.windows(2).all(|w| w[0] < w[1]));

    // GetState at every index equals the replayed state (snapshots every 64 plus at most 63 folds).
    for step in &replayed {
        let got = table.state(Some(2), Some(step.version)).await.unwrap();
        assert_eq!(got.version, step.version);
        assert_eq!(
            got.state.as_ref(),
            Some(&step.state),
            "state at {} differs from the fold",
            step.version
        );
    }

    // Backwards reads give the same events in reverse; a limited read gives the newest ones.
    let mut backwards = table
        .spectator
        .read_events(pb::ReadEventsRequest {
            game_id: table.game_id.clone(),
            from_version: 1,
            to_version: None,
            backwards: true,
            limit: 300,
        })
        .await
        .unwrap()
        .into_inner();
    let mut newest = Vec::new();
    while let Some(e) = backwards.message().await.unwrap() {
        newest.push(e);
    }
    let expected: Vec<_> = events.iter().rev().take(300).cloned().collect();
    assert_eq!(newest, expected);

    // After the end: no legal actions, commands refused with the platform's precondition, nothing written.
    let legal = table.legal(0).await.unwrap();
    assert!(legal.commands.is_empty());
    let end_turn = pb::Command {
        game: Some(pb::command::Game::Catan(pb::catan::Command {
            command: Some(pb::catan::command::Command::EndTurn(pb::catan::EndTurn {})),
        })),
    };
    let status = assert_code(
        table.submit(winner as usize, end_turn, None).await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().unwrap().reason,
        "GameFinished"
    );
    assert_eq!(table.head().await, head);

    // The listing shows the finished game and its winner.
    let listed = table
        .spectator
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    let game = listed
        .games
        .iter()
        .find(|g| g.game_id == table.game_id)
        .unwrap();
    assert_eq!(game.status(), pb::GameStatus::Finished);
    assert_eq!((game.version, game.winner), (head, Some(winner)));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_games_pages_through_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut client = server.client().await;
    let mut created = Vec::new();
    for _ in 0..7 {
        created.push(support::create_catan(&mut client, 3).await.game_id);
    }
    created.sort();
    let mut listed = Vec::new();
    let mut token = String::new();
    loop {
        let page = client
            .list_games(pb::ListGamesRequest {
                page_size: 3,
                page_token: token.clone(),
            })
            .await
            .unwrap()
            .into_inner();
        assert!(page.games.len() <= 3);
        for g in &page.games {
            assert_eq!(g.status(), pb::GameStatus::InProgress);
            assert_eq!(g.seats.len(), 3);
            assert_eq!(g.variant(), pb::Variant::Catan);
        }
        listed.extend(page.games.into_iter().map(|g| g.game_id));
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    assert_eq!(listed, created);
    assert_code(
        client
            .list_games(pb::ListGamesRequest {
                page_size: 501,
                page_token: String::new(),
            })
            .await,
        Code::InvalidArgument,
    );
    server.stop().await;
}

//! A child `hexfold serve` killed with SIGKILL during concurrent submits loses no acknowledged command.

use crate::support::{self, Step, Table};
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, SeedableRng};
use std::collections::HashMap;
use tokio::sync::mpsc;

/// Acknowledged commands to collect before the kill.
const ACKS_BEFORE_KILL: usize = 120;
const GAMES: usize = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_during_concurrent_submits_keeps_every_acknowledged_command() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr, _stdout) =
        support::serve_binary(&["--data-dir".as_ref(), dir.path().as_os_str()]).await;

    // Several games played at once; every acknowledged command is reported.
    let (acks_tx, mut acks_rx) = mpsc::unbounded_channel::<(String, Vec<String>, Step)>();
    let mut players = Vec::new();
    for g in 0..GAMES {
        let mut table = Table::new(addr, 4).await;
        let acks = acks_tx.clone();
        players.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(g as u64);
            // Ends with an error once the server is gone.
            while let Ok(Some(step)) = table.try_step(&mut rng).await {
                let _ = acks.send((table.game_id.clone(), table.tokens.clone(), step));
            }
        }));
    }
    drop(acks_tx);
    let mut acked = Vec::new();
    while acked.len() < ACKS_BEFORE_KILL {
        acked.push(acks_rx.recv().await.expect("the games keep going"));
    }
    child.start_kill().expect("SIGKILL");
    child.wait().await.unwrap();
    for player in players {
        player.await.unwrap();
    }
    // Acknowledgements that arrived between the count and the kill count too.
    while let Some(ack) = acks_rx.recv().await {
        acked.push(ack);
    }

    let server = support::start(dir.path()).await;
    let mut client = server.client().await;
    let mut highest: HashMap<String, u64> = HashMap::new();
    for (game_id, tokens, step) in &acked {
        support::assert_in_log(&mut client, game_id, tokens, step).await;
        let h = highest.entry(game_id.clone()).or_default();
        *h = (*h).max(step.response.version);
    }
    // Each log is gapless and folds to a state.
    for (game_id, acked_version) in highest {
        let mut events = client
            .read_events(pb::ReadEventsRequest {
                game_id: game_id.clone(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        let mut versions = Vec::new();
        while let Some(e) = events.message().await.unwrap() {
            versions.push(e.version);
        }
        assert_eq!(versions, (1..=versions.len() as u64).collect::<Vec<_>>());
        assert!(versions.len() as u64 >= acked_version);
        let state = client
            .get_state(pb::GetStateRequest {
                game_id,
                at_version: None,
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(state.version, versions.len() as u64);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_ends_streams_flushes_and_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr, _stdout) =
        support::serve_binary(&["--data-dir".as_ref(), dir.path().as_os_str()]).await;
    let mut table = Table::new(addr, 3).await;
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..10 {
        table.step(&mut rng).await.unwrap();
    }
    let head = table.head().await;
    let mut stream = table
        .spectator
        .subscribe(pb::SubscribeRequest {
            game_id: table.game_id.clone(),
            after_version: head,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(matches!(
        stream.message().await.unwrap().unwrap().item,
        Some(pb::subscribe_response::Item::CaughtUp(_))
    ));
    let pid = child.id().expect("running").to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    // The live stream is ended with UNAVAILABLE rather than left hanging, and the process exits with success.
    let ended = stream.message().await.unwrap_err();
    assert_eq!(ended.code(), tonic::Code::Unavailable, "{ended:?}");
    assert!(child.wait().await.unwrap().success());

    let server = support::start(dir.path()).await;
    table.reconnect(server.addr).await;
    assert_eq!(table.head().await, head);
    server.stop().await;
}

//! Faults with several servers on one PostgreSQL database: a server process SIGKILLed under load loses no
//! acknowledged command, applies none twice, and the other server goes on serving its games.

use crate::support::{self, authed, Step, Table};
use hexfold::proto::v1 as pb;
use hexfold::server::Config;
use rand::{rngs::StdRng, SeedableRng};
use std::collections::HashMap;
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::mpsc;

/// Acknowledged commands to collect (from both servers) before the kill.
const ACKS_BEFORE_KILL: usize = 160;
/// Games per server.
const GAMES: usize = 3;

/// One acknowledged command: its game, the game's tokens, and the step.
type Ack = (String, Vec<String>, Step);

/// Plays `GAMES` games on `addr` at once, reporting every acknowledged command, until the server is gone.
async fn play_on(addr: std::net::SocketAddr, seed: u64, acks: mpsc::UnboundedSender<Ack>) {
    let mut players = Vec::new();
    for g in 0..GAMES {
        let mut table = Table::new(addr, 4).await;
        let acks = acks.clone();
        players.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(seed + g as u64);
            // Ends with an error once the server is gone (or the game ends).
            while let Ok(Some(step)) = table.try_step(&mut rng).await {
                let _ = acks.send((table.game_id.clone(), table.tokens.clone(), step));
            }
        }));
    }
    for player in players {
        player.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_under_load_loses_nothing_acknowledged_and_the_other_serves_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--store",
            &url,
            "--data-dir",
        ])
        .arg(dir.path().join("unused-a"))
        .env_remove("HEXFOLD_LISTEN")
        .env_remove("HEXFOLD_STORE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn hexfold serve");
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = stdout
        .next_line()
        .await
        .unwrap()
        .expect("the server prints its address");
    let killed_addr: std::net::SocketAddr = line
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .unwrap();
    let survivor = support::start_with(Config {
        postgres: Some(hexfold_postgres::PgConfig::new(url)),
        ..support::config(&dir.path().join("unused-b"))
    })
    .await;

    let (acks_tx, mut acks_rx) = mpsc::unbounded_channel::<Ack>();
    let on_killed = tokio::spawn(play_on(killed_addr, 0, acks_tx.clone()));
    let on_survivor = tokio::spawn(play_on(survivor.addr, 100, acks_tx));
    let mut acked = Vec::new();
    while acked.len() < ACKS_BEFORE_KILL {
        acked.push(acks_rx.recv().await.expect("the games keep going"));
    }
    child.start_kill().expect("SIGKILL");
    child.wait().await.unwrap();
    on_killed.await.unwrap();
    // The survivor's games go on meanwhile; collect what they acknowledge for a while longer, then let them end.
    while acked.len() < 2 * ACKS_BEFORE_KILL {
        match acks_rx.recv().await {
            Some(ack) => acked.push(ack),
            None => break,
        }
    }
    on_survivor.abort();
    let _ = on_survivor.await;
    while let Ok(ack) = acks_rx.try_recv() {
        acked.push(ack);
    }

    // Every acknowledged command, from either server, is in the log once: retried through the survivor it is a
    // duplicate answered with its original version and events.
    let mut client = survivor.client().await;
    let mut highest: HashMap<String, (Vec<String>, u64)> = HashMap::new();
    for (game_id, tokens, step) in &acked {
        let again = client
            .submit_command(authed(
                pb::SubmitCommandRequest {
                    game_id: game_id.clone(),
                    command_id: step.command_id.clone(),
                    expected_version: None,
                    command: Some(step.command.clone()),
                    ..Default::default()
                },
                &tokens[step.seat],
            ))
            .await
            .unwrap_or_else(|s| panic!("acknowledged command {} is lost: {s:?}", step.command_id))
            .into_inner();
        assert!(again.duplicate, "{} was not in the log", step.command_id);
        assert_eq!(again.version, step.response.version);
        assert_eq!(again.events, step.response.events);
        let entry = highest
            .entry(game_id.clone())
            .or_insert_with(|| (tokens.clone(), 0));
        entry.1 = entry.1.max(step.response.version);
    }
    assert!(
        highest.len() > GAMES,
        "both servers' games were acknowledged"
    );
    // Each log is gapless, holds each applied command once, and every game, the killed server's included, goes
    // on through the survivor.
    let mut rng = StdRng::seed_from_u64(7);
    for (game_id, (tokens, acked_version)) in highest {
        let mut table = Table {
            game_id: game_id.clone(),
            tokens,
            seats: vec![client.clone(); 4],
            spectator: client.clone(),
            commands: 1_000_000,
        };
        // The head first: a write the aborted players left in flight may still land (writes run in tasks of
        // their own), so the events read after it reach at least that far.
        let head = table.head().await;
        let events = table.events(None).await;
        let versions: Vec<u64> = events.iter().map(|e| e.version).collect();
        assert_eq!(versions, (1..=versions.len() as u64).collect::<Vec<_>>());
        assert!(head >= acked_version);
        assert!(versions.len() as u64 >= head);
        let head = versions.len() as u64;
        // Once more if the write left in flight took the version first (then the second reads past it).
        let next = match table.try_step(&mut rng).await {
            Err(status) if status.code() == tonic::Code::Aborted => table.try_step(&mut rng).await,
            other => other,
        };
        if let Some(step) = next.unwrap_or_else(|s| panic!("{game_id} does not go on: {s:?}")) {
            assert!(step.response.version > head);
        }
    }
    survivor.stop().await;
}

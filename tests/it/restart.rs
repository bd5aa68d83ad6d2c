//! Durability across a graceful restart, on sled and on PostgreSQL.

use crate::support::{self, authed, Table};
use hexfold::proto::v1 as pb;
use hexfold::server::Config;
use rand::{rngs::StdRng, SeedableRng};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_on_the_same_directory_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    a_restart_keeps_everything(support::config(dir.path())).await;
}

/// The same on a throw-away PostgreSQL database (the store crate's test cluster, started on first use and
/// gone with the test process): the server creates its tables at the first start and finds everything at
/// the second, and never touches its data directory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_on_the_same_postgres_database_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let unused = dir.path().join("unused");
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    a_restart_keeps_everything(Config {
        postgres: Some(hexfold_postgres::PgConfig::new(url)),
        ..support::config(&unused)
    })
    .await;
    assert!(!unused.exists(), "the server wrote a sled directory");
}

/// Plays part of a game, restarts the server on the same store, and checks that events, states (the head
/// and an older one), the listing and command ids are unchanged, and that the game goes on.
async fn a_restart_keeps_everything(config: Config) {
    let server = support::start_with(config.clone()).await;
    let mut table = Table::new(server.addr, 3).await;
    let mut rng = StdRng::seed_from_u64(5);
    let mut steps = Vec::new();
    for _ in 0..80 {
        match table.try_step(&mut rng).await.unwrap() {
            Some(step) => steps.push(step),
            None => break,
        }
    }
    let events = table.events(Some(1)).await;
    let state = table.state(Some(1), None).await.unwrap();
    let old_state = table.state(Some(1), Some(state.version / 2)).await.unwrap();
    let mut lister = server.client().await;
    let listed = lister
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    server.stop().await;

    let server = support::start_with(config).await;
    table.reconnect(server.addr).await;
    assert_eq!(table.events(Some(1)).await, events);
    assert_eq!(table.state(Some(1), None).await.unwrap(), state);
    assert_eq!(
        table.state(Some(1), Some(state.version / 2)).await.unwrap(),
        old_state
    );
    let mut lister = server.client().await;
    assert_eq!(
        lister
            .list_games(pb::ListGamesRequest::default())
            .await
            .unwrap()
            .into_inner(),
        listed
    );
    // Command ids survive too: an old one is still a duplicate.
    let old = &steps[steps.len() / 2];
    let again = table.seats[old.seat]
        .submit_command(authed(
            pb::SubmitCommandRequest {
                game_id: table.game_id.clone(),
                command_id: old.command_id.clone(),
                expected_version: None,
                command: Some(old.command.clone()),
                ..Default::default()
            },
            &table.tokens[old.seat],
        ))
        .await
        .unwrap()
        .into_inner();
    assert!(again.duplicate);
    assert_eq!(again.version, old.response.version);
    // And the game goes on.
    for _ in 0..10 {
        if table.step(&mut rng).await.is_none() {
            break;
        }
    }
    assert!(table.head().await > state.version);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_undecodable_record_is_data_loss_and_harms_nothing_else() {
    use hexfold_sled::{SledConfig, SledStore};
    use hexfold_store::{AppendRequest, EventStore};
    use tonic::Code;
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 3).await;
    let mut healthy = Table::new(server.addr, 3).await;
    let mut rng = StdRng::seed_from_u64(8);
    for _ in 0..5 {
        table.step(&mut rng).await.unwrap();
        healthy.step(&mut rng).await.unwrap();
    }
    let good = table.head().await;
    assert!(good > 0);
    server.stop().await;

    // Someone writes a record this server cannot read.
    let store = SledStore::open(dir.path(), SledConfig::default()).unwrap();
    store
        .append(AppendRequest {
            stream: table.game_id.clone(),
            expected_version: Some(good),
            command_id: "garbage".into(),
            command: b"{}".to_vec(),
            events: vec![b"\x00 not an envelope".to_vec()],
            summary: None,
            snapshots: Vec::new(),
        })
        .await
        .unwrap();
    drop(store);

    let server = support::start(dir.path()).await;
    table.reconnect(server.addr).await;
    healthy.reconnect(server.addr).await;
    support::assert_code(table.state(None, None).await, Code::DataLoss);
    support::assert_code(table.legal(0).await, Code::DataLoss);
    // Reads of that game fail the same way, before streaming anything.
    let read = table
        .spectator
        .read_events(pb::ReadEventsRequest {
            game_id: table.game_id.clone(),
            ..Default::default()
        })
        .await;
    support::assert_code(read, Code::DataLoss);
    // Other games are untouched.
    healthy.step(&mut rng).await.unwrap();
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_one_game_cache_and_frequent_snapshots_every_state_is_rebuilt_exactly() {
    use hexfold::engine::Limits;
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.limits = Limits {
        cached_games: 1,
        snapshot_every: 5,
        ..Limits::default()
    };
    let server = support::start_with(config).await;
    let mut tables = [
        Table::new(server.addr, 3).await,
        Table::new(server.addr, 4).await,
    ];
    let mut rng = StdRng::seed_from_u64(13);
    // Seat 0's view after every command, while two games take turns evicting each other's head from the cache.
    let mut views: [Vec<pb::GetStateResponse>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..60 {
        for (table, views) in tables.iter_mut().zip(views.iter_mut()) {
            if table.step(&mut rng).await.is_some() {
                views.push(table.state(Some(0), None).await.unwrap());
            }
        }
    }
    for (table, views) in tables.iter_mut().zip(views.iter()) {
        for view in views
            .iter()
            .filter(|v| v.summary.as_ref().unwrap().status() != pb::GameStatus::Finished)
        {
            let again = table.state(Some(0), Some(view.version)).await.unwrap();
            assert_eq!(again.state, view.state, "state at {} differs", view.version);
        }
    }
    server.stop().await;
}

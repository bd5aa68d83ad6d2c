//! Faults with several servers on one PostgreSQL database: a server process SIGKILLed under load loses no
//! acknowledged command, applies none twice, and the other server goes on serving its games; PostgreSQL
//! stopped under load answers callers UNAVAILABLE within their deadline, and once it is back the servers go
//! on by themselves, with nothing acknowledged lost; meanwhile readiness (`/readyz`, gRPC health) says the store
//! cannot be reached, and liveness does not.

use crate::support::{self, Step, Table, TestServer};
use hexfold::server::Config;
use hexfold_postgres::test_support::PrivateCluster;
use rand::{rngs::StdRng, SeedableRng};
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tonic::Code;

/// Acknowledged commands to collect (from both servers) before the kill.
const ACKS_BEFORE_KILL: usize = 160;
/// Games per server.
const GAMES: usize = 3;

/// One acknowledged command: its game, the game's tokens, and the step.
type Ack = (String, Vec<String>, Step);

/// Plays `GAMES` games on `addr` at once, reporting every acknowledged command, until the server is gone (or
/// this future is dropped, which stops every player: they are in a `JoinSet`).
async fn play_on(addr: std::net::SocketAddr, seed: u64, acks: mpsc::UnboundedSender<Ack>) {
    let mut players = tokio::task::JoinSet::new();
    for g in 0..GAMES {
        let mut table = Table::new(addr, 4).await;
        let acks = acks.clone();
        players.spawn(async move {
            let mut rng = StdRng::seed_from_u64(seed + g as u64);
            // Ends with an error once the server is gone (or the game ends).
            while let Ok(Some(step)) = table.try_step(&mut rng).await {
                let _ = acks.send((table.game_id.clone(), table.tokens.clone(), step));
            }
        });
    }
    while let Some(player) = players.join_next().await {
        player.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_under_load_loses_nothing_acknowledged_and_the_other_serves_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let unused = dir.path().join("unused-a");
    let (mut child, killed_addr, _stdout) = support::serve_binary(&[
        "--store".as_ref(),
        url.as_ref(),
        "--data-dir".as_ref(),
        unused.as_os_str(),
    ])
    .await;
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

    let games: std::collections::HashSet<&str> = acked.iter().map(|a| a.0.as_str()).collect();
    assert!(games.len() > GAMES, "both servers' games were acknowledged");
    assert_acknowledged_once(&survivor, &acked, 0).await;
    survivor.stop().await;
}

/// Every acknowledged command is in the log once: retried through `server` it is a duplicate answered with its
/// original version and events. Each game's log is gapless, and every game goes on through `server`.
async fn assert_acknowledged_once(server: &TestServer, acked: &[Ack], round: usize) {
    let mut client = server.client().await;
    let mut highest: HashMap<String, (Vec<String>, u64)> = HashMap::new();
    for (game_id, tokens, step) in acked {
        support::assert_in_log(&mut client, game_id, tokens, step).await;
        let entry = highest
            .entry(game_id.clone())
            .or_insert_with(|| (tokens.clone(), 0));
        entry.1 = entry.1.max(step.response.version);
    }
    let mut rng = StdRng::seed_from_u64(7);
    for (game_id, (tokens, acked_version)) in highest {
        let mut table = Table {
            game_id: game_id.clone(),
            tokens,
            seats: vec![client.clone(); 4],
            spectator: client.clone(),
            // Command ids of their own, whichever round this is.
            commands: 1_000_000 * (round + 1),
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
        let next = match next {
            Ok(next) => next,
            Err(s) => {
                let now = table.head().await;
                let legal = table.legal(0).await;
                panic!("{game_id} does not go on: {s:?}; head now {now}, {legal:?}")
            }
        };
        if let Some(step) = next {
            assert!(step.response.version > head);
        }
    }
}

/// Longest a call may take while PostgreSQL is down before it counts as a hang: the store gives up within
/// `timeout + connect_timeout` (3 s below).
const CALL_DEADLINE: Duration = Duration::from_secs(6);
/// Longest the servers may take to serve again once PostgreSQL is back.
const RECOVERY: Duration = Duration::from_secs(60);
/// Failed calls to see while the database is down, and accepted commands per game once it is back.
const WHILE_DOWN: usize = 6;
const ONCE_BACK: usize = 3;

/// Where the database stands while a call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Up,
    Down,
    /// From just before the restart until a command has been accepted after it.
    Starting,
    Back,
}

/// One step's outcome on game `game`, with the phase it ran in (`None` if the phase changed meanwhile).
struct Outcome {
    game: usize,
    phase: Option<Phase>,
    result: Result<Option<Step>, tonic::Status>,
}

/// Checks one outcome: never INTERNAL or any code but those expected, only UNAVAILABLE for a call that ran
/// entirely while the database was down, and nothing accepted then. Keeps what was acknowledged.
fn check(outcome: &Outcome, tables: &[(String, Vec<String>)], acked: &mut Vec<Ack>) {
    match (&outcome.result, outcome.phase) {
        (Ok(Some(step)), phase) => {
            assert_ne!(
                phase,
                Some(Phase::Down),
                "accepted while the database was down: {step:?}"
            );
            let (game_id, tokens) = &tables[outcome.game];
            acked.push((game_id.clone(), tokens.clone(), step.clone()));
        }
        (Ok(None), _) => {}
        (Err(status), Some(Phase::Down)) => {
            assert_eq!(status.code(), Code::Unavailable, "{status:?}")
        }
        // Around a change, and after it, a command may also be ABORTED: a command whose answer was lost with
        // its connection may have committed, and the seat's next decision, read before, saw the game moved.
        (Err(status), _) => assert!(
            matches!(status.code(), Code::Unavailable | Code::Aborted),
            "{status:?}"
        ),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_under_load_answers_unavailable_and_the_servers_recover_by_themselves() {
    let mut cluster = PrivateCluster::start();
    let url = cluster.cluster().create_database().await;
    let dir = tempfile::tempdir().unwrap();
    let mut postgres = hexfold_postgres::PgConfig::new(url);
    postgres.timeout = Duration::from_secs(2);
    postgres.connect_timeout = Duration::from_secs(1);
    let config = Config {
        postgres: Some(postgres),
        ..support::config(&dir.path().join("unused"))
    };
    let servers = [
        support::start_with(config.clone()).await,
        support::start_with(config).await,
    ];

    // One game per server, each played by a task of its own that reports every step.
    let (phase_tx, phase_rx) = watch::channel(Phase::Up);
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Outcome>();
    let mut tables = Vec::new();
    let mut players = Vec::new();
    for (game, server) in servers.iter().enumerate() {
        let mut table = Table::new(server.addr, 4).await;
        tables.push((table.game_id.clone(), table.tokens.clone()));
        let (phase, out) = (phase_rx.clone(), out_tx.clone());
        players.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(game as u64);
            loop {
                let before = *phase.borrow();
                let result = tokio::time::timeout(CALL_DEADLINE, table.try_step(&mut rng))
                    .await
                    .unwrap_or_else(|_| panic!("a call outlived its deadline ({before:?})"));
                let ended = matches!(result, Ok(None));
                let after = *phase.borrow();
                let outcome = Outcome {
                    game,
                    phase: (before == after).then_some(before),
                    result,
                };
                if out.send(outcome).is_err() || ended {
                    return;
                }
            }
        }));
    }
    drop(out_tx);
    let mut acked = Vec::new();

    // Up: some commands through each server.
    let mut per_game = [0; 2];
    while per_game.iter().any(|n| *n < ONCE_BACK) {
        let outcome = out_rx.recv().await.expect("the games go on");
        check(&outcome, &tables, &mut acked);
        if matches!(outcome.result, Ok(Some(_))) {
            per_game[outcome.game] += 1;
        }
    }

    // Down: `pg_ctl stop -m fast`, then calls that ran entirely while it was down.
    let mut stopped = tokio::task::spawn_blocking(move || {
        cluster.stop();
        cluster
    })
    .await
    .unwrap();
    phase_tx.send_replace(Phase::Down);
    let mut failed_while_down = 0;
    while failed_while_down < WHILE_DOWN {
        let outcome = out_rx.recv().await.expect("the games go on");
        check(&outcome, &tables, &mut acked);
        if outcome.phase == Some(Phase::Down) {
            failed_while_down += 1;
        }
    }

    // Back: started again on the same data; the same servers, never restarted, accept commands again. The
    // phase leaves Down before the restart begins: the database accepts connections before `restart` returns
    // and long before this task runs again on a loaded machine, so a step begun while the phase still said
    // Down could be accepted on the restarted database.
    phase_tx.send_replace(Phase::Starting);
    let _cluster = tokio::task::spawn_blocking(move || {
        stopped.restart();
        stopped
    })
    .await
    .unwrap();
    // Back only once a command has been accepted since the restart, so every run crosses the window between
    // the database being up and this task hearing of it with steps in flight (which the phase must cover).
    let first_accepted = async {
        loop {
            let outcome = out_rx.recv().await.expect("the games go on");
            check(&outcome, &tables, &mut acked);
            if matches!(outcome.result, Ok(Some(_))) {
                return;
            }
        }
    };
    tokio::time::timeout(RECOVERY, first_accepted)
        .await
        .expect("a command is accepted once the database is back");
    phase_tx.send_replace(Phase::Back);
    let recovered = async {
        let mut per_game = [0; 2];
        while per_game.iter().any(|n| *n < ONCE_BACK) {
            let outcome = out_rx.recv().await.expect("the games go on");
            check(&outcome, &tables, &mut acked);
            if outcome.phase == Some(Phase::Back) && matches!(outcome.result, Ok(Some(_))) {
                per_game[outcome.game] += 1;
            }
        }
    };
    tokio::time::timeout(RECOVERY, recovered)
        .await
        .expect("the servers serve again once the database is back");
    drop(out_rx);
    for player in players {
        player.await.unwrap();
    }

    // Nothing acknowledged before, during or after is lost or applied twice.
    for (round, server) in servers.iter().enumerate() {
        assert_acknowledged_once(server, &acked, round).await;
    }
    for server in servers {
        server.stop().await;
    }
}

/// `/readyz` and the gRPC health service follow the database: with PostgreSQL stopped they answer 503 and
/// NOT_SERVING (load balancers take the server out), while `/healthz` (liveness) stays 200, so nothing restarts
/// the server; once PostgreSQL is started again both come back by themselves. Polled with a deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_and_grpc_health_follow_a_stopped_and_restarted_postgres() {
    use tonic_health::pb::{
        health_check_response::ServingStatus, health_client::HealthClient, HealthCheckRequest,
    };
    let cluster = PrivateCluster::start();
    let url = cluster.cluster().create_database().await;
    let dir = tempfile::tempdir().unwrap();
    let mut postgres = hexfold_postgres::PgConfig::new(url);
    postgres.timeout = Duration::from_secs(2);
    postgres.connect_timeout = Duration::from_secs(1);
    postgres.probe_every = Duration::from_millis(100);
    let store = std::sync::Arc::new(
        hexfold_postgres::PgStore::open(postgres.clone())
            .await
            .unwrap(),
    );
    let api = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let metrics = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let (addr, ops) = (api.local_addr().unwrap(), metrics.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(hexfold::server::serve(
        hexfold::server::Listeners {
            api,
            web: None,
            metrics: Some(metrics),
        },
        store,
        Config {
            postgres: Some(postgres),
            ..support::config(&dir.path().join("unused"))
        },
        async {
            let _ = stopped.await;
        },
    ));
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let health = HealthClient::new(channel);
    // What an orchestrator sees: readiness, the API's health, liveness.
    let seen = || {
        let mut health = health.clone();
        async move {
            let status = health
                .check(HealthCheckRequest {
                    service: "hexfold.v1.Hexfold".into(),
                })
                .await
                .unwrap()
                .into_inner()
                .status();
            let ready = crate::ops::get(ops, "/readyz").await.0;
            let live = crate::ops::get(ops, "/healthz").await.0;
            (ready, status, live)
        }
    };
    let until = async |want: (u16, ServingStatus, u16)| {
        let deadline = tokio::time::Instant::now() + RECOVERY;
        loop {
            let now = seen().await;
            if now == want {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "still {now:?}, waiting for {want:?}"
            );
            tokio::task::yield_now().await;
        }
    };
    until((200, ServingStatus::Serving, 200)).await;

    let mut cluster = tokio::task::spawn_blocking(move || {
        let mut cluster = cluster;
        cluster.stop();
        cluster
    })
    .await
    .unwrap();
    until((503, ServingStatus::NotServing, 200)).await;

    let _cluster = tokio::task::spawn_blocking(move || {
        cluster.restart();
        cluster
    })
    .await
    .unwrap();
    until((200, ServingStatus::Serving, 200)).await;
    let _ = stop.send(());
    server.await.unwrap().unwrap();
}

/// The start's scan for bots and turn timers to resume outlives a store that answers the listing itself with an
/// error (issue 29): while the restarted server's database role may not read `hexfold.streams`, every listing
/// fails, which it logs at `warn` and counts; once the role may read it again, the scan tries again after its
/// pause and the bots of a game stopped mid-play move again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_listing_at_start_is_tried_again_and_the_bots_resume() {
    use hexfold::proto::v1 as pb;
    use tokio::io::AsyncBufReadExt as _;
    let dir = tempfile::tempdir().unwrap();
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let server = support::start_with(Config {
        postgres: Some(hexfold_postgres::PgConfig::new(url.clone())),
        ..support::config(&dir.path().join("unused"))
    })
    .await;
    let bots: Vec<_> = (0..4).map(|s| (s, pb::BotStrategy::Greedy)).collect();
    let request = support::game_request(
        pb::Variant::Catan,
        4,
        support::variant_options(pb::Variant::Catan),
        &bots,
    );
    let (game, _) = Table::create_from(server.addr, request).await;
    server.stop().await;

    // The restarted server connects as a role that may do everything the store does but read the streams'
    // table, so every listing fails (permissions are checked when a statement runs, not when it is prepared).
    let (db, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    let connection = tokio::spawn(connection);
    db.batch_execute(
        "CREATE ROLE resume_scan LOGIN;
         DO $$ BEGIN EXECUTE format('GRANT CREATE ON DATABASE %I TO resume_scan', current_database()); END $$;
         GRANT USAGE, CREATE ON SCHEMA hexfold TO resume_scan;
         GRANT ALL ON ALL TABLES IN SCHEMA hexfold TO resume_scan;
         REVOKE SELECT ON hexfold.streams FROM resume_scan;",
    )
    .await
    .unwrap();
    let waiting = url.replacen("postgres://postgres@", "postgres://resume_scan@", 1);
    assert_ne!(waiting, url);
    let unused = dir.path().join("unused");
    let args: [&std::ffi::OsStr; 6] = [
        "--store".as_ref(),
        waiting.as_ref(),
        "--data-dir".as_ref(),
        unused.as_os_str(),
        "--metrics-listen".as_ref(),
        "127.0.0.1:0".as_ref(),
    ];
    let (mut child, addr, metrics, _stdout) =
        crate::ops::serve(&args, std::process::Stdio::piped()).await;
    let metrics = metrics.expect("a metrics address");
    let mut log = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
    loop {
        let line = next_line(&mut log).await;
        assert!(!line.contains("bot drivers resumed"), "{line}");
        // Each game's engine scans for itself; this one is base Catan's (`"catania"` is another).
        if line.contains("WARN")
            && line.contains("could not list the games to resume")
            && line.contains("\"catan\"")
        {
            assert!(line.contains("trying again"), "{line}");
            break;
        }
    }
    let (status, page) = crate::ops::get(metrics, "/metrics").await;
    assert_eq!(status, 200);
    let series = "hexfold_resume_listing_failures_total{variant=\"catan\"}";
    let failures = crate::ops::value(&page, series).unwrap_or(0.0);
    assert!(failures >= 1.0, "{page}");

    // The store answers again: the scan finds the game and its bots move on from where the first server left it.
    db.batch_execute("GRANT SELECT ON hexfold.streams TO resume_scan")
        .await
        .unwrap();
    loop {
        if next_line(&mut log).await.contains("bot drivers resumed") {
            break;
        }
    }
    let mut client = support::connect(addr).await;
    let head = client
        .get_state(pb::GetStateRequest {
            game_id: game.game_id.clone(),
            at_version: None,
        })
        .await
        .unwrap()
        .into_inner()
        .version;
    let mut stream = client
        .subscribe(pb::SubscribeRequest {
            game_id: game.game_id.clone(),
            after_version: head,
        })
        .await
        .unwrap()
        .into_inner();
    let moved = async {
        loop {
            let item = stream.message().await.unwrap().expect("the bots play on");
            if let Some(pb::subscribe_response::Item::Event(e)) = item.item {
                return e.version;
            }
        }
    };
    let moved = tokio::time::timeout(RECOVERY, moved)
        .await
        .expect("the bots move again");
    assert!(moved > head);
    drop(db);
    connection.await.unwrap().unwrap();
    child.kill().await.unwrap();
}

/// The server's next line on stderr, within [`RECOVERY`].
async fn next_line(
    log: &mut tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStderr>>,
) -> String {
    tokio::time::timeout(RECOVERY, log.next_line())
        .await
        .expect("a log line in time")
        .unwrap()
        .expect("the server goes on logging")
}

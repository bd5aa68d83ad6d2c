//! Two servers on one PostgreSQL database (a throw-away one of the store crate's test cluster), each a real
//! server on its own port: either serves any game, whichever wrote it; a race for one version has one winner;
//! and one server's streams carry what the other writes. Every wait is on a stream with a deadline.

use crate::support::{self, authed, Client, Table, TestServer, OPERATOR_TOKEN};
use hexfold::proto::v1 as pb;
use hexfold::server::Config;
use rand::{rngs::StdRng, SeedableRng};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Code;

/// How long a stream may take to deliver what the other server wrote: generous for a loaded machine, and
/// still a failure rather than a hang.
const DEADLINE: Duration = Duration::from_secs(10);

/// Two servers on one fresh database.
async fn two_servers() -> (TestServer, TestServer, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let config = Config {
        postgres: Some(hexfold_postgres::PgConfig::new(url)),
        ..support::config(&dir.path().join("unused"))
    };
    let a = support::start_with(config.clone()).await;
    let b = support::start_with(config).await;
    (a, b, dir)
}

/// The first seat with legal actions at the head, as `table`'s server sees it, with them.
async fn acting(table: &mut Table) -> Option<(usize, pb::LegalActionsResponse)> {
    for seat in 0..table.tokens.len() {
        let legal = table.legal(seat).await.unwrap();
        if !legal.commands.is_empty() {
            return Some((seat, legal));
        }
    }
    None
}

/// A table on server `b` for the game `table` plays on its own server: the same seats and tokens.
async fn beside(table: &Table, b: &TestServer) -> Table {
    let mut seats = Vec::new();
    for _ in &table.tokens {
        seats.push(b.client().await);
    }
    Table {
        game_id: table.game_id.clone(),
        tokens: table.tokens.clone(),
        seats,
        spectator: b.client().await,
        commands: 1_000_000,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_racing_for_one_version_accept_exactly_one_command() {
    let (a, b, _dir) = two_servers().await;
    let mut on_a = Table::new(a.addr, 3).await;
    let mut on_b = beside(&on_a, &b).await;
    for round in 0..12 {
        let (seat, legal) = acting(&mut on_a).await.expect("the game goes on");
        let command = legal.commands[0].clone();
        // Both servers hold the game's head at this version before the race.
        assert_eq!(on_b.head().await, legal.version);
        let (from_a, from_b) = tokio::join!(
            on_a.submit(seat, command.clone(), Some(legal.version)),
            on_b.submit(seat, command.clone(), Some(legal.version)),
        );
        let (won, lost) = match (from_a, from_b) {
            (Ok(won), Err(lost)) | (Err(lost), Ok(won)) => (won, lost),
            other => panic!("round {round}: not exactly one winner: {other:?}"),
        };
        assert_eq!(lost.code(), Code::Aborted, "round {round}: {lost:?}");
        assert!(!won.duplicate);
        assert_eq!(on_a.head().await.max(on_b.head().await), won.version);
    }
    // Both servers read the same history, gapless.
    let history = on_a.events(None).await;
    assert_eq!(on_b.events(None).await, history);
    let versions: Vec<u64> = history.iter().map(|e| e.version).collect();
    assert_eq!(versions, (1..=versions.len() as u64).collect::<Vec<_>>());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_behind_the_other_never_accepts_a_command_on_the_old_state() {
    let (a, b, _dir) = two_servers().await;
    let mut on_a = Table::new(a.addr, 3).await;
    let mut on_b = beside(&on_a, &b).await;
    let mut rng = StdRng::seed_from_u64(3);
    // B's reads come from its cache, which its follower brings forward: B steps once its stream has what A wrote.
    let mut on_b_stream = b.subscribe(&on_a.game_id, None).await;
    for _ in 0..20 {
        // A has the game cached at this version; B moves it on.
        let (seat, old) = acting(&mut on_a).await.expect("the game goes on");
        let step = on_b.step(&mut rng).await.expect("the game goes on");
        let moved = step.1.version;
        // A command A's old head allows, without an expected version: decided on the head B left, whether A's
        // follower has brought A there yet or not. Accepted only right after B's batch, or refused.
        match on_a.submit(seat, old.commands[0].clone(), None).await {
            Ok(accepted) => {
                assert_eq!(accepted.events[0].version, moved + 1);
                assert_eq!(on_a.head().await, accepted.version);
                events_until(&mut on_b_stream, accepted.version).await;
            }
            Err(refused) => assert!(
                matches!(refused.code(), Code::FailedPrecondition | Code::Aborted),
                "{refused:?}"
            ),
        }
        // What B wrote is in A's history as B wrote it. (B's own reads may not have A's last batch yet: a server
        // reads from its cache, which its follower brings forward.)
        let on_a_events = on_a.events(None).await;
        let on_b_events = on_b.events(None).await;
        assert!(on_b_events.len() as u64 >= moved);
        assert_eq!(on_b_events[..], on_a_events[..on_b_events.len()]);
    }
}

/// Collects `Subscribe` events until `version`, failing past the deadline.
async fn events_until(
    stream: &mut tonic::Streaming<pb::SubscribeResponse>,
    version: u64,
) -> Vec<pb::EventEnvelope> {
    let mut events = Vec::new();
    let collect = async {
        while events
            .last()
            .is_none_or(|e: &pb::EventEnvelope| e.version < version)
        {
            let item = stream.message().await.unwrap().expect("the stream ended");
            if let Some(pb::subscribe_response::Item::Event(event)) = item.item {
                events.push(event);
            }
        }
    };
    tokio::time::timeout(DEADLINE, collect)
        .await
        .unwrap_or_else(|_| panic!("no event {version} within {DEADLINE:?}"));
    events
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscribe_and_play_on_one_server_deliver_what_the_other_writes() {
    let (a, b, _dir) = two_servers().await;
    let mut on_a = Table::new(a.addr, 3).await;
    let mut on_b = beside(&on_a, &b).await;
    let mut stream = a.subscribe(&on_a.game_id, None).await;
    let mut stream_b = b.subscribe(&on_a.game_id, None).await;
    let mut rng = StdRng::seed_from_u64(8);
    let mut head = 0;
    let (mut seen, mut seen_b) = (Vec::new(), Vec::new());
    // Commands on both servers, interleaved: each server's subscriber gets each batch once and in order, whoever
    // wrote it. A server answers reads from its cache, which its follower brings forward (before it publishes),
    // so each step waits for the last batch to reach both streams first; a command is decided on the stored
    // head either way.
    for i in 0..30 {
        let table = if i % 3 == 0 { &mut on_a } else { &mut on_b };
        head = table
            .step(&mut rng)
            .await
            .expect("the game goes on")
            .1
            .version;
        seen.extend(events_until(&mut stream, head).await);
        seen_b.extend(events_until(&mut stream_b, head).await);
    }
    let history = on_b.events(None).await;
    assert_eq!(seen, history);
    assert_eq!(seen_b, history);

    // A `Play` session on A for the seat that may act next, after a command written through B: A prompts it.
    let (seat, _) = acting(&mut on_b).await.expect("the game goes on");
    let mut session = play(&mut a.client().await, &on_a.tokens[seat], &on_a.game_id).await;
    let opened = next_turn(&mut session).await;
    assert_eq!(opened.version, head);
    let step = loop {
        let step = on_b.step(&mut rng).await.expect("the game goes on");
        if acting(&mut on_b)
            .await
            .is_some_and(|(next, _)| next == seat)
        {
            break step;
        }
    };
    // The seat may also have been prompted at versions in between (when it could act among others, as in a
    // starting roll, without being the first `acting` finds); the prompt that counts is the one for B's write.
    // `next_turn` fails the test if none comes within the deadline.
    loop {
        let prompt = next_turn(&mut session).await;
        if prompt.version >= step.1.version {
            break;
        }
    }
}

/// A `Play` session's inbound stream, kept open by holding its sender.
struct Session {
    _requests: mpsc::Sender<pb::PlayRequest>,
    updates: tonic::Streaming<pb::PlayUpdate>,
}

async fn play(client: &mut Client, token: &str, game_id: &str) -> Session {
    let (tx, rx) = mpsc::channel(4);
    let open = pb::play_request::Request::Open(pb::PlayOpen {
        game_id: game_id.to_string(),
    });
    tx.send(pb::PlayRequest {
        request: Some(open),
    })
    .await
    .unwrap();
    let updates = client
        .play(authed(ReceiverStream::new(rx), token))
        .await
        .expect("play")
        .into_inner();
    Session {
        _requests: tx,
        updates,
    }
}

/// The session's next prompt, failing past the deadline.
async fn next_turn(session: &mut Session) -> pb::LegalActionsResponse {
    let wait = async {
        loop {
            let update = session.updates.message().await.unwrap().expect("open");
            if let Some(pb::play_update::Update::YourTurn(turn)) = update.update {
                return turn;
            }
        }
    };
    tokio::time::timeout(DEADLINE, wait)
        .await
        .unwrap_or_else(|_| panic!("no prompt within {DEADLINE:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_games_and_subscribe_all_on_one_server_see_the_other_servers_games() {
    let (a, b, _dir) = two_servers().await;
    let mut on_a = Table::new(a.addr, 3).await;
    let mut on_b = Table::new(b.addr, 3).await;
    let mut rng = StdRng::seed_from_u64(1);
    on_a.step(&mut rng).await.unwrap();
    let written = on_b.step(&mut rng).await.unwrap().1;

    let listed = a
        .client()
        .await
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    let mut ids: Vec<&str> = listed.games.iter().map(|g| g.game_id.as_str()).collect();
    ids.sort_unstable();
    let mut expected = vec![on_a.game_id.as_str(), on_b.game_id.as_str()];
    expected.sort_unstable();
    assert_eq!(ids, expected);

    let mut all = a
        .client()
        .await
        .subscribe_all(authed(pb::SubscribeAllRequest::default(), OPERATOR_TOKEN))
        .await
        .unwrap()
        .into_inner();
    let wait = async {
        loop {
            let item = all.message().await.unwrap().expect("open");
            if let Some(pb::subscribe_all_response::Item::Event(e)) = item.item {
                if e.game_id == on_b.game_id && e.version == written.version {
                    return;
                }
            }
        }
    };
    tokio::time::timeout(DEADLINE, wait)
        .await
        .expect("B's event on A's global stream");
}

/// Writers on both servers, each game played on both in turn, and a follower on one server: A's
/// `SubscribeAll` delivers every global position once and in order, and every batch either server
/// acknowledged is in it where its answer placed it. A short run by default; `HEXFOLD_SOAK=1` plays many
/// more games and commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writers_on_two_servers_give_a_follower_every_position_once_in_order() {
    let (games, commands) = if support::soak() { (24, 600) } else { (4, 30) };
    let (a, b, _dir) = two_servers().await;
    let all = a
        .client()
        .await
        .subscribe_all(authed(pb::SubscribeAllRequest::default(), OPERATOR_TOKEN))
        .await
        .unwrap()
        .into_inner();
    // The follower reads as the writers write (a subscriber that falls too far behind is ended), up to the
    // last position acknowledged, which it learns once the writers are done.
    let (last_tx, last_rx) = tokio::sync::watch::channel(u64::MAX);
    let follower = tokio::spawn(follow_all(all, last_rx));

    let mut writers = Vec::new();
    for g in 0..games {
        let on_a = Table::new(a.addr, 3).await;
        let on_b = beside(&on_a, &b).await;
        writers.push(tokio::spawn(async move {
            let mut tables = [on_a, on_b];
            let mut rng = StdRng::seed_from_u64(g);
            let mut acknowledged = Vec::new();
            let mut turn = 0;
            while acknowledged.len() < commands {
                turn += 1;
                let table = &mut tables[turn % 2];
                match table.try_step(&mut rng).await {
                    Ok(Some(step)) => acknowledged.extend(
                        step.response
                            .events
                            .iter()
                            .map(|e| (e.global_position, e.game_id.clone(), e.version)),
                    ),
                    Ok(None) => break,
                    // This server's cache was behind the other's write (its legal actions were for the old
                    // version): the command was decided again on the stored head and refused there.
                    Err(s) if s.code() == Code::Aborted => {}
                    Err(s) => panic!("game {g}: {s:?}"),
                }
            }
            acknowledged
        }));
    }
    let mut acknowledged = Vec::new();
    for writer in writers {
        acknowledged.extend(writer.await.unwrap());
    }
    let last = acknowledged
        .iter()
        .map(|(global, _, _)| *global)
        .max()
        .unwrap();
    last_tx.send(last).unwrap();
    let followed = tokio::time::timeout(DEADLINE, follower)
        .await
        .unwrap_or_else(|_| panic!("the follower did not reach {last} within {DEADLINE:?}"))
        .unwrap();

    let positions: Vec<u64> = followed.iter().map(|(global, _, _)| *global).collect();
    assert_eq!(
        positions,
        (1..=last).collect::<Vec<_>>(),
        "every position once, in order"
    );
    for event in &acknowledged {
        assert_eq!(
            &followed[event.0 as usize - 1],
            event,
            "an acknowledged event as answered"
        );
    }
    // Each game's versions are gapless in the global order.
    let mut heads = std::collections::HashMap::new();
    for (_, game, version) in &followed {
        let head = heads.entry(game).or_insert(0);
        assert_eq!(*version, *head + 1, "game {game}");
        *head = *version;
    }
}

/// `SubscribeAll`'s events as (global position, game, version), until the position `last` says.
async fn follow_all(
    mut all: tonic::Streaming<pb::SubscribeAllResponse>,
    mut last: tokio::sync::watch::Receiver<u64>,
) -> Vec<(u64, String, u64)> {
    let mut seen = Vec::new();
    while seen
        .last()
        .is_none_or(|(global, _, _)| *global < *last.borrow())
    {
        tokio::select! {
            item = all.message() => {
                let item = item.unwrap().expect("the global stream ended");
                if let Some(pb::subscribe_all_response::Item::Event(e)) = item.item {
                    seen.push((e.global_position, e.game_id, e.version));
                }
            }
            // The last position is known now: it may have arrived already.
            changed = last.changed() => changed.expect("the test holds the sender"),
        }
    }
    seen
}

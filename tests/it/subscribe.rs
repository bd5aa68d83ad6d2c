//! Live streams: per-game subscriptions and the operator's global stream.

use crate::support::{self, assert_code, authed, Table, OPERATOR_TOKEN};
use hexfold::engine::Limits;
use hexfold::proto::v1 as pb;
use pb::subscribe_response::Item;
use rand::{rngs::StdRng, SeedableRng};
use tonic::Code;

async fn next_item(stream: &mut tonic::Streaming<pb::SubscribeResponse>) -> Item {
    stream
        .message()
        .await
        .expect("stream")
        .expect("open")
        .item
        .expect("item")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscribe_delivers_history_then_the_caught_up_marker_then_live_events() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..15 {
        table.step(&mut rng).await.unwrap();
    }
    let before = table.head().await;
    let mut client = server.client().await;
    let mut stream = client
        .subscribe(authed(
            pb::SubscribeRequest {
                game_id: table.game_id.clone(),
                after_version: 0,
            },
            &table.tokens[1],
        ))
        .await
        .unwrap()
        .into_inner();
    let mut received = Vec::new();
    loop {
        match next_item(&mut stream).await {
            Item::Event(e) => received.push(e),
            Item::CaughtUp(marker) => {
                assert_eq!(marker.version, before);
                break;
            }
        }
    }
    assert_eq!(received.len() as u64, before);
    for _ in 0..15 {
        table.step(&mut rng).await.unwrap();
    }
    let after = table.head().await;
    while received.last().map_or(0, |e| e.version) < after {
        match next_item(&mut stream).await {
            Item::Event(e) => received.push(e),
            Item::CaughtUp(_) => panic!("a second caught-up marker"),
        }
    }
    // Exactly the events seat 1 reads back, in order, without gaps or repeats.
    assert_eq!(received, table.events(Some(1)).await);

    // A subscription from the middle starts right after it.
    let mut late = client
        .subscribe(pb::SubscribeRequest {
            game_id: table.game_id.clone(),
            after_version: 5,
        })
        .await
        .unwrap()
        .into_inner();
    match next_item(&mut late).await {
        Item::Event(e) => assert_eq!(e.version, 6),
        other => panic!("expected event 6, got {other:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscriber_that_falls_behind_is_ended_with_resource_exhausted() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.limits = Limits {
        subscriber_buffer: 2,
        ..Limits::default()
    };
    let server = support::start_with(config).await;
    let mut table = Table::new(server.addr, 4).await;
    // A tiny HTTP/2 window, so that a client that does not read stalls the server's sends quickly.
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .initial_stream_window_size(Some(256))
        .connect()
        .await
        .unwrap();
    let mut client = pb::hexfold_client::HexfoldClient::new(channel);
    let mut stream = client
        .subscribe(pb::SubscribeRequest {
            game_id: table.game_id.clone(),
            after_version: 0,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(matches!(next_item(&mut stream).await, Item::CaughtUp(_)));
    // Not reading while the game moves on: the transport's buffers fill, then the subscriber's own.
    let mut rng = StdRng::seed_from_u64(4);
    let mut ended = None;
    // About 50 commands are enough (2 batches of buffer, 16 queued items, a 256-byte window); 200 leave margin.
    for _ in 0..200 {
        if table.step(&mut rng).await.is_none() {
            break;
        }
    }
    let mut delivered = 0;
    loop {
        match stream.message().await {
            Ok(Some(_)) => delivered += 1,
            Ok(None) => break,
            Err(status) => {
                ended = Some(status);
                break;
            }
        }
    }
    let status = ended.expect("the slow subscriber was ended");
    assert!(
        delivered < table.head().await,
        "it was ended before the end of the log"
    );
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    assert!(status.message().contains("fell"), "{status:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_global_stream_is_for_the_operator_and_carries_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut a = Table::new(server.addr, 3).await;
    let mut b = Table::new(server.addr, 4).await;
    let mut rng = StdRng::seed_from_u64(2);
    for _ in 0..5 {
        a.step(&mut rng).await.unwrap();
        b.step(&mut rng).await.unwrap();
    }
    let mut client = server.client().await;
    let request = pb::SubscribeAllRequest { after_position: 0 };
    assert_code(client.subscribe_all(request).await, Code::Unauthenticated);
    assert_code(
        client.subscribe_all(authed(request, &a.tokens[0])).await,
        Code::PermissionDenied,
    );
    let mut stream = client
        .subscribe_all(authed(request, OPERATOR_TOKEN))
        .await
        .unwrap()
        .into_inner();
    let total = a.head().await + b.head().await;
    let mut globals = Vec::new();
    loop {
        match stream.message().await.unwrap().unwrap().item.unwrap() {
            pb::subscribe_all_response::Item::Event(e) => globals.push(e),
            pb::subscribe_all_response::Item::CaughtUp(marker) => {
                assert_eq!(marker.version, total);
                break;
            }
        }
    }
    assert_eq!(globals.len() as u64, total);
    assert!(globals
        .iter()
        .enumerate()
        .all(|(i, e)| e.global_position == i as u64 + 1));
    let (_, live) = a.step(&mut rng).await.unwrap();
    let next = match stream.message().await.unwrap().unwrap().item.unwrap() {
        pb::subscribe_all_response::Item::Event(e) => e,
        other => panic!("expected a live event, got {other:?}"),
    };
    assert_eq!(next.game_id, a.game_id);
    assert_eq!(next.version, live.events[0].version);
    // A resume position past everything, the largest there is included, is caught up at once (and then waits).
    let request = pb::SubscribeAllRequest {
        after_position: u64::MAX,
    };
    let mut far = client
        .subscribe_all(authed(request, OPERATOR_TOKEN))
        .await
        .unwrap()
        .into_inner();
    match far.message().await.unwrap().unwrap().item.unwrap() {
        pb::subscribe_all_response::Item::CaughtUp(marker) => assert_eq!(marker.version, u64::MAX),
        other => panic!("expected the caught-up marker, got {other:?}"),
    }
    server.stop().await;
}

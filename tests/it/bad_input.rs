//! The bad-input matrix: each bad request gets its precise status, and nothing changes.

use crate::support::{self, assert_code, authed, Table};
use hexfold::proto::v1 as pb;
use pb::catan as c;
use tonic::{Code, Request};
use tonic_types::StatusExt;

fn catan(command: c::command::Command) -> pb::Command {
    pb::Command {
        game: Some(pb::command::Game::Catan(c::Command {
            command: Some(command),
        })),
    }
}

fn submit(
    game_id: &str,
    command_id: &str,
    command: Option<pb::Command>,
) -> pb::SubmitCommandRequest {
    pb::SubmitCommandRequest {
        game_id: game_id.to_string(),
        command_id: command_id.to_string(),
        expected_version: None,
        command,
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_request_gets_its_precise_status_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let other = Table::new(server.addr, 3).await;
    let game = table.game_id.clone();
    let token = table.tokens[0].clone();
    let roll = catan(c::command::Command::RollDice(c::RollDice {}));
    // One accepted command, so there is history to protect.
    table.submit(0, roll.clone(), Some(0)).await.unwrap();
    let head = table.head().await;
    let events = table.events(None).await;
    let mut client = server.client().await;

    // Malformed requests.
    let cases: Vec<(&str, pb::SubmitCommandRequest)> = vec![
        ("no command", submit(&game, "m1", None)),
        (
            "empty command",
            submit(&game, "m2", Some(pb::Command::default())),
        ),
        (
            "empty catan command",
            submit(
                &game,
                "m3",
                Some(pb::Command {
                    game: Some(pb::command::Game::Catan(c::Command { command: None })),
                }),
            ),
        ),
        (
            "another game's command for a catan game",
            submit(
                &game,
                "m4",
                Some(pb::Command {
                    game: Some(pb::command::Game::CitiesKnights(
                        pb::cities_knights::Command::default(),
                    )),
                }),
            ),
        ),
        (
            "a vertex id that fits no vertex type",
            submit(
                &game,
                "m5",
                Some(catan(c::command::Command::BuildSettlement(
                    c::BuildSettlement { vertex: 1 << 20 },
                ))),
            ),
        ),
        (
            "an unspecified resource",
            submit(
                &game,
                "m6",
                Some(catan(c::command::Command::PlayMonopoly(c::PlayMonopoly {
                    resource: 0,
                }))),
            ),
        ),
        ("an empty command id", submit(&game, "", Some(roll.clone()))),
        (
            "a command id over 128 bytes",
            submit(&game, &"x".repeat(129), Some(roll.clone())),
        ),
        ("no game id", submit("", "m9", Some(roll.clone()))),
    ];
    for (what, request) in cases {
        let status = assert_code(
            client.submit_command(authed(request, &token)).await,
            Code::InvalidArgument,
        );
        assert!(!status.message().is_empty(), "{what}");
    }
    let bad_creates = [
        pb::CreateGameRequest {
            variant: pb::Variant::Unspecified as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: None,
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: 99,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: None,
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec![],
            options: None,
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), " ".into(), "c".into()],
            options: None,
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into()],
            options: None,
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            // Outside the 3..=20 points target the rules accept (BASE-END-03).
            options: Some(pb::GameOptions {
                map: 0,
                victory_points: 21,
                negotiated_defence: false,
                ..Default::default()
            }),
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: Some(pb::GameOptions {
                map: 0,
                victory_points: 300,
                negotiated_defence: false,
                ..Default::default()
            }),
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: Some(pb::GameOptions {
                map: 0,
                victory_points: 0,
                negotiated_defence: true,
                ..Default::default()
            }),
            ..Default::default()
        },
        // A turn timer past its bounds, and a reserve without one.
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: Some(pb::GameOptions {
                turn_seconds: hexfold::engine::MAX_TURN_SECONDS + 1,
                ..Default::default()
            }),
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: Some(pb::GameOptions {
                turn_seconds: 30,
                reserve_seconds: hexfold::engine::MAX_RESERVE_SECONDS + 1,
                ..Default::default()
            }),
            ..Default::default()
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: Some(pb::GameOptions {
                reserve_seconds: 60,
                ..Default::default()
            }),
            ..Default::default()
        },
    ];
    for request in bad_creates {
        assert_code(client.create_game(request).await, Code::InvalidArgument);
    }
    let too_few = client
        .create_game(pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into()],
            options: None,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(
        too_few.get_details_error_info().unwrap().reason,
        "InvalidSeatCount"
    );

    // Unknown games.
    for unknown in [
        "catan-00000000000000000000000000000000",
        "nosuchgame-1",
        "catan",
    ] {
        assert_code(
            client
                .submit_command(authed(submit(unknown, "u", Some(roll.clone())), &token))
                .await,
            Code::NotFound,
        );
        let state = client
            .get_state(pb::GetStateRequest {
                game_id: unknown.into(),
                at_version: None,
            })
            .await;
        assert_code(state, Code::NotFound);
        let subscribe = client
            .subscribe(pb::SubscribeRequest {
                game_id: unknown.into(),
                after_version: 0,
            })
            .await;
        assert_code(subscribe, Code::NotFound);
        let replay = client
            .get_replay(pb::GetReplayRequest {
                game_id: unknown.into(),
            })
            .await;
        assert_code(replay, Code::NotFound);
    }

    // Missing, malformed and foreign tokens.
    assert_code(
        client
            .submit_command(submit(&game, "t1", Some(roll.clone())))
            .await,
        Code::Unauthenticated,
    );
    assert_code(
        client
            .legal_actions(pb::LegalActionsRequest {
                game_id: game.clone(),
            })
            .await,
        Code::Unauthenticated,
    );
    let mut basic = Request::new(submit(&game, "t2", Some(roll.clone())));
    basic
        .metadata_mut()
        .insert("authorization", "Basic abc".parse().unwrap());
    assert_code(client.submit_command(basic).await, Code::Unauthenticated);
    let foreign = other.tokens[0].clone();
    assert_code(
        client
            .submit_command(authed(submit(&game, "t3", Some(roll.clone())), &foreign))
            .await,
        Code::Unauthenticated,
    );
    let state = client
        .get_state(authed(
            pb::GetStateRequest {
                game_id: game.clone(),
                at_version: None,
            },
            "not-a-token",
        ))
        .await;
    assert_code(state, Code::Unauthenticated);

    // The wrong seat: seat 0 has rolled already; the rules refuse with their violation in the details.
    let status = assert_code(
        table.submit(0, roll.clone(), None).await,
        Code::FailedPrecondition,
    );
    let info = status.get_details_error_info().expect("error info");
    assert_eq!(info.domain, "hexfold");
    assert!(!info.reason.is_empty());
    assert!(info.metadata["rule_id"].starts_with("BASE-"), "{info:?}");
    assert!(!info.metadata["message"].is_empty());
    let settle = catan(c::command::Command::PlaceSettlement(c::PlaceSettlement {
        vertex: 0,
    }));
    assert_code(
        table.submit(1, settle, None).await,
        Code::FailedPrecondition,
    );

    // A stale expected version.
    let stale = pb::SubmitCommandRequest {
        expected_version: Some(head + 5),
        ..submit(&game, "s1", Some(roll.clone()))
    };
    let status = assert_code(
        client.submit_command(authed(stale, &table.tokens[1])).await,
        Code::Aborted,
    );
    assert_eq!(
        status.get_details_error_info().unwrap().metadata["actual_version"],
        head.to_string()
    );

    // Out-of-range indexes.
    assert_code(table.state(None, Some(head + 1)).await, Code::OutOfRange);
    let read = client
        .read_events(pb::ReadEventsRequest {
            game_id: game.clone(),
            from_version: 1,
            to_version: Some(head + 1),
            ..Default::default()
        })
        .await;
    assert_code(read, Code::OutOfRange);
    let subscribe = client
        .subscribe(pb::SubscribeRequest {
            game_id: game.clone(),
            after_version: head + 1,
        })
        .await;
    assert_code(subscribe, Code::OutOfRange);

    // The replay of a running game is refused.
    let status = assert_code(
        client
            .get_replay(pb::GetReplayRequest {
                game_id: game.clone(),
            })
            .await,
        Code::FailedPrecondition,
    );
    assert_eq!(
        status.get_details_error_info().unwrap().reason,
        "GameNotFinished"
    );

    // Nothing changed.
    assert_eq!(table.head().await, head);
    assert_eq!(table.events(None).await, events);
    server.stop().await;
}

/// Sends raw bytes as request messages, to test what the server does with bytes that are not protobuf (and with a
/// request that never finishes arriving).
struct RawCodec<D>(std::marker::PhantomData<D>);

fn raw<D>() -> RawCodec<D> {
    RawCodec(std::marker::PhantomData)
}

struct RawEncoder;

impl tonic::codec::Encoder for RawEncoder {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn encode(
        &mut self,
        item: Vec<u8>,
        buf: &mut tonic::codec::EncodeBuf<'_>,
    ) -> Result<(), tonic::Status> {
        prost::bytes::BufMut::put_slice(buf, &item);
        Ok(())
    }
}

impl<D: prost::Message + Default + Send + 'static> tonic::codec::Codec for RawCodec<D> {
    type Encode = Vec<u8>;
    type Decode = D;
    type Encoder = RawEncoder;
    type Decoder = tonic_prost::ProstDecoder<D>;

    fn encoder(&mut self) -> RawEncoder {
        RawEncoder
    }

    fn decoder(&mut self) -> Self::Decoder {
        tonic_prost::ProstCodec::<pb::SubmitCommandRequest, D>::raw_decoder(
            tonic::codec::BufferSettings::default(),
        )
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bytes_that_are_not_protobuf_are_refused_before_any_handler_runs() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 3).await;
    let head = table.head().await;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut grpc = tonic::client::Grpc::new(channel);
    // A truncated length prefix, and a string field that is not UTF-8.
    for garbage in [vec![0x0a, 0xff], vec![0x0a, 0x02, 0xff, 0xfe]] {
        grpc.ready().await.unwrap();
        let path = tonic::codegen::http::uri::PathAndQuery::from_static(
            "/hexfold.v1.Hexfold/SubmitCommand",
        );
        let result = grpc
            .unary(
                authed(garbage, &table.tokens[0]),
                path,
                raw::<pb::SubmitCommandResponse>(),
            )
            .await
            .map(|r| r.into_inner());
        // A malformed request is the client's error: INVALID_ARGUMENT (src/codec.rs), not INTERNAL.
        assert_code(result, Code::InvalidArgument);
    }
    assert_eq!(table.head().await, head);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_over_the_concurrency_limit_are_shed_with_resource_exhausted() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.max_concurrent_requests = 1;
    let server = support::start_with(config).await;
    let mut clients = Vec::new();
    for _ in 0..4 {
        clients.push(server.client().await);
    }
    // One slot, and bursts of concurrent requests over four connections: while one holds the slot the others are
    // refused at once. (A request whose body never arrives holds no slot: see `abuse.rs`.)
    let mut shed = None;
    'bursts: for _ in 0..200 {
        let mut calls = Vec::new();
        for i in 0..64 {
            let mut client = clients[i % 4].clone();
            calls.push(tokio::spawn(async move {
                client.list_games(pb::ListGamesRequest::default()).await
            }));
        }
        for call in calls {
            if let Err(status) = call.await.unwrap() {
                shed = Some(status);
                break 'bursts;
            }
        }
    }
    let status = shed.expect("a request was shed");
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    server.stop().await;
}

/// A message over the size limit can never be accepted: INVALID_ARGUMENT, on a unary call and as the status a
/// `Play` stream ends with (before: OUT_OF_RANGE, "retrying later may succeed", and a `Play` stream that ended OK
/// with no message at all).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_over_the_size_limit_are_invalid_arguments_on_unary_calls_and_play() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let table = Table::new(server.addr, 3).await;
    let mut client = server.client().await;
    let status = assert_code(
        client
            .get_state(pb::GetStateRequest {
                game_id: "x".repeat(100 << 10),
                at_version: None,
            })
            .await,
        Code::InvalidArgument,
    );
    assert!(status.message().contains("over the limit"), "{status:?}");

    let open = pb::PlayRequest {
        request: Some(pb::play_request::Request::Open(pb::PlayOpen {
            game_id: format!("{}{}", table.game_id, "x".repeat(10 << 20)),
        })),
    };
    let request = authed(futures::stream::iter([open]), &table.tokens[0]);
    let outcome = match client.play(request).await {
        Err(status) => Err(status),
        Ok(response) => match response.into_inner().message().await {
            Ok(Some(update)) => panic!("an update for an oversized open: {update:?}"),
            Ok(None) => Ok(()),
            Err(status) => Err(status),
        },
    };
    let status = outcome.expect_err("the stream ends with a status");
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    server.stop().await;
}

/// Malformed gRPC framing is the client's error: INVALID_ARGUMENT on every RPC, the health check included, never
/// INTERNAL (src/gate.rs), and nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_framing_is_invalid_argument_on_every_rpc() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 3).await;
    let head = table.head().await;
    let addr = server.addr;
    let mut send = crate::abuse::raw_h2(addr).await;
    let paths = [
        "/hexfold.v1.Hexfold/SubmitCommand",
        "/hexfold.v1.Hexfold/GetState",
        "/hexfold.v1.Hexfold/ListGames",
        "/hexfold.v1.Hexfold/Subscribe",
        "/grpc.health.v1.Health/Check",
    ];
    let cases: [(&str, &[u8]); 5] = [
        ("an empty body", &[]),
        ("a cut-short prefix", &[0, 0, 0]),
        ("a truncated message", &[0, 0, 0, 0, 9, 0x0a, 0x01]),
        (
            "the compressed flag without grpc-encoding",
            &[1, 0, 0, 0, 0],
        ),
        ("two messages", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ];
    for path in paths {
        for (what, body) in cases {
            let (code, message) = crate::abuse::call_raw(&mut send, addr, path, &[], body).await;
            assert_eq!(
                code,
                Code::InvalidArgument as i32,
                "{what} on {path}: {message}"
            );
        }
    }
    // A health check whose message is not protobuf (a string field that is not UTF-8).
    let (code, message) = crate::abuse::call_raw(
        &mut send,
        addr,
        "/grpc.health.v1.Health/Check",
        &[],
        &[0, 0, 0, 0, 4, 0x0a, 0x02, 0xff, 0xfe],
    )
    .await;
    assert_eq!(code, Code::InvalidArgument as i32, "{message}");

    // gRPC-Web text whose body is not base64, over plain HTTP/1.1 as a browser sends it.
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = "!!not base64!!";
    let request = format!(
        "POST /hexfold.v1.Hexfold/ListGames HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/grpc-web-text\r\n\
         x-grpc-web: 1\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    assert!(answer.contains("grpc-status: 3"), "{answer}");

    assert_eq!(table.head().await, head);
    server.stop().await;
}

/// An enum number the API does not name is refused at creation for every game (never read as the default map),
/// and a corner outside the board is malformed input whether its number fits the id type (54 on the 54-corner
/// board, refused by the rules' check, with its rule ID) or not (2^32-1, refused at the edge).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_enum_values_and_ids_off_the_board_are_invalid_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut client = server.client().await;
    for variant in hexfold::games::GAMES.iter().map(|g| g.variant) {
        for map in [99, -5] {
            let status = assert_code(
                client
                    .create_game(pb::CreateGameRequest {
                        variant: variant as i32,
                        seats: vec!["a".into(), "b".into(), "c".into()],
                        options: Some(pb::GameOptions {
                            map,
                            ..Default::default()
                        }),
                        ..Default::default()
                    })
                    .await,
                Code::InvalidArgument,
            );
            assert!(status.message().contains("MapKind"), "{status:?}");
        }
    }
    assert!(client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner()
        .games
        .is_empty());

    // Play the starting rolls until a seat may place its first settlement, then name corners off the board.
    let mut table = Table::new(server.addr, 4).await;
    let placer = 'found: {
        for _ in 0..64 {
            for seat in 0..4 {
                let legal = table.legal(seat).await.unwrap();
                let place = legal.commands.iter().any(|c| {
                    matches!(
                        &c.game,
                        Some(pb::command::Game::Catan(c::Command {
                            command: Some(c::command::Command::PlaceSettlement(_))
                        }))
                    )
                });
                if place {
                    break 'found seat;
                }
                if let Some(first) = legal.commands.first() {
                    table.submit(seat, first.clone(), None).await.unwrap();
                    break;
                }
            }
        }
        panic!("no seat came to place a settlement");
    };
    let head = table.head().await;
    let place = |vertex| {
        catan(c::command::Command::PlaceSettlement(c::PlaceSettlement {
            vertex,
        }))
    };
    let status = assert_code(
        table.submit(placer, place(54), None).await,
        Code::InvalidArgument,
    );
    let info = status.get_details_error_info().expect("error info");
    assert_eq!(info.reason, "NoSuchVertex");
    assert_eq!(info.metadata["rule_id"], "BASE-BOARD-04");
    assert_code(
        table.submit(placer, place(u32::MAX), None).await,
        Code::InvalidArgument,
    );
    // Corner 53 exists: whatever the rules say of it, it is not malformed.
    let last = table.submit(placer, place(53), None).await;
    assert!(
        last.as_ref()
            .map_or_else(|s| s.code() == Code::FailedPrecondition, |_| true),
        "{last:?}"
    );
    if last.is_err() {
        assert_eq!(table.head().await, head);
    }
    server.stop().await;
}

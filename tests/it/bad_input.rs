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
            "an elasund command for a catan game",
            submit(
                &game,
                "m4",
                Some(pb::Command {
                    game: Some(pb::command::Game::Elasund(pb::elasund::Command::default())),
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
        },
        pb::CreateGameRequest {
            variant: 99,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: None,
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec![],
            options: None,
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), " ".into(), "c".into()],
            options: None,
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into()],
            options: None,
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            // Outside the 3..=20 points target the rules accept (BASE-END-03).
            options: Some(pb::GameOptions {
                map: 0,
                victory_points: 21,
                negotiated_defence: false,
            }),
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: Some(pb::GameOptions {
                map: 0,
                victory_points: 300,
                negotiated_defence: false,
            }),
        },
        pb::CreateGameRequest {
            variant: pb::Variant::Catan as i32,
            seats: vec!["a".into(), "b".into(), "c".into()],
            options: Some(pb::GameOptions {
                map: 0,
                victory_points: 0,
                negotiated_defence: true,
            }),
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
    let endpoint =
        tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr)).unwrap();
    let mut client = server.client().await;
    let path =
        || tonic::codegen::http::uri::PathAndQuery::from_static("/hexfold.v1.Hexfold/ListGames");
    // A request whose message never arrives holds the only slot until the request timeout; meanwhile every other
    // request is refused at once. It may itself be shed if it arrives while a probe holds the slot: then it is
    // sent again.
    let mut holder: Option<tokio::task::JoinHandle<()>> = None;
    let mut shed = None;
    for _ in 0..10_000 {
        if holder.as_ref().is_none_or(|h| h.is_finished()) {
            let channel = endpoint.connect().await.unwrap();
            holder = Some(tokio::spawn(async move {
                let mut grpc = tonic::client::Grpc::new(channel);
                grpc.ready().await.unwrap();
                let never = futures::stream::pending::<Vec<u8>>();
                let _ = grpc
                    .client_streaming(Request::new(never), path(), raw::<pb::ListGamesResponse>())
                    .await;
            }));
        }
        match client.list_games(pb::ListGamesRequest::default()).await {
            Ok(_) => continue,
            Err(status) => {
                shed = Some(status);
                break;
            }
        }
    }
    let status = shed.expect("a request was shed");
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    holder.unwrap().abort();
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
    for variant in [
        pb::Variant::Catan,
        pb::Variant::CitiesAndKnights,
        pb::Variant::Catania,
        pb::Variant::Elasund,
    ] {
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

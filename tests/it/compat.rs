//! A data directory written by an older build opens and serves every game as that build did
//! (`tests/fixtures/store-58cf777/README.md`).

use crate::support::{self, authed, Client};
use hexfold::proto::v1 as pb;
use prost::{Message, Name};
use prost_reflect::{DescriptorPool, DynamicMessage, Value as ReflectValue};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/store-58cf777")
}

fn decode<M: Message + Default>(hex_bytes: &Value) -> M {
    let bytes = hex::decode(hex_bytes.as_str().expect("hex string")).expect("hex");
    M::decode(bytes.as_slice()).expect("a recorded message")
}

fn request<T>(message: T, tokens: &[Value], viewer: &Value) -> tonic::Request<T> {
    match viewer.as_u64() {
        Some(seat) => authed(message, tokens[seat as usize].as_str().unwrap()),
        None => tonic::Request::new(message),
    }
}

async fn read_all(
    client: &mut Client,
    request: tonic::Request<pb::ReadEventsRequest>,
) -> Vec<pb::EventEnvelope> {
    let mut stream = client
        .read_events(request)
        .await
        .expect("read events")
        .into_inner();
    let mut out = Vec::new();
    while let Some(event) = stream.message().await.expect("event stream") {
        out.push(event);
    }
    out
}

/// `message` as a client of the fixture's build reads it: decoded by that build's API (`api.binpb`), so the fields
/// added since (`waiting_for`, the boards' drawing points, the names of pieces in events, ...) are unknown to it
/// and dropped, then encoded again.
fn as_the_old_build_reads<M: Message + Name + Default>(message: &M) -> M {
    static OLD_API: OnceLock<DescriptorPool> = OnceLock::new();
    let api = OLD_API.get_or_init(|| {
        let bytes = std::fs::read(fixture().join("api.binpb")).expect("the fixture's API");
        DescriptorPool::decode(bytes.as_slice()).expect("a file descriptor set")
    });
    let old = api
        .get_message_by_name(&M::full_name())
        .expect("a message the old API has");
    let mut read = DynamicMessage::decode(old, message.encode_to_vec().as_slice())
        .expect("the old API reads the current build's message");
    drop_unknown_fields(&mut read);
    M::decode(read.encode_to_vec().as_slice()).expect("the old API's message")
}

fn drop_unknown_fields(message: &mut DynamicMessage) {
    message.take_unknown_fields().for_each(drop);
    for (_, value) in message.fields_mut() {
        drop_unknown_in(value);
    }
}

fn drop_unknown_in(value: &mut ReflectValue) {
    match value {
        ReflectValue::Message(message) => drop_unknown_fields(message),
        ReflectValue::List(items) => items.iter_mut().for_each(drop_unknown_in),
        ReflectValue::Map(entries) => entries.values_mut().for_each(drop_unknown_in),
        _ => {}
    }
}

/// Checks the hex boards' drawing points in `state`, which the web app draws with: one per hex and per vertex.
fn check_drawing_points(state: &pb::GetStateResponse) {
    use pb::game_state::Game;
    let counts = |b: &pb::catan::Board| {
        assert_eq!(
            (b.hex_centers.len(), b.vertex_points.len()),
            (b.hexes.len(), b.vertices.len())
        )
    };
    match state.state.as_ref().and_then(|s| s.game.as_ref()) {
        Some(Game::Catan(pb::catan::State { board: Some(b), .. }))
        | Some(Game::CitiesKnights(pb::cities_knights::State { board: Some(b), .. })) => counts(b),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_written_by_the_build_before_the_redesign_serves_every_game_as_it_did() {
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture().join("expected.json")).unwrap())
            .unwrap();
    let dir = tempfile::tempdir().unwrap();
    // The fixture must never be written to: sled opens its files read-write.
    support::copy_dir(&fixture().join("data"), dir.path());
    let server = support::start(dir.path()).await;
    let mut client = server.client().await;

    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        listed,
        decode::<pb::ListGamesResponse>(&expected["list_games"])
    );
    let games = expected["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    for game in games {
        let id = game["game_id"].as_str().unwrap().to_string();
        let tokens = game["tokens"].as_array().unwrap();
        for case in game["states"].as_array().unwrap() {
            let message = pb::GetStateRequest {
                game_id: id.clone(),
                at_version: case["at"].as_u64(),
            };
            let got = client
                .get_state(request(message, tokens, &case["viewer"]))
                .await
                .unwrap()
                .into_inner();
            // The fields added since are checked by the tests of what they say (`waiting_for` by the CLI's and the
            // hidden-information tests; the drawing points here against the board's tables, and by the web tests
            // against the drawing).
            check_drawing_points(&got);
            let got = as_the_old_build_reads(&got);
            let want: pb::GetStateResponse = decode(&case["response"]);
            assert_eq!(
                got, want,
                "{id}: state at {} for viewer {}",
                case["at"], case["viewer"]
            );
        }
        for case in game["events"].as_array().unwrap() {
            let message = pb::ReadEventsRequest {
                game_id: id.clone(),
                ..Default::default()
            };
            let got: Vec<pb::EventEnvelope> =
                read_all(&mut client, request(message, tokens, &case["viewer"]))
                    .await
                    .iter()
                    .map(as_the_old_build_reads)
                    .collect();
            let want: Vec<pb::EventEnvelope> = case["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(decode)
                .collect();
            assert_eq!(got.len() as u64, game["head"].as_u64().unwrap(), "{id}");
            assert_eq!(got, want, "{id}: events for viewer {}", case["viewer"]);
        }
        if game["finished"].as_bool().unwrap() {
            let replay = client
                .get_replay(pb::GetReplayRequest {
                    game_id: id.clone(),
                })
                .await
                .unwrap()
                .into_inner();
            assert_eq!(
                replay,
                decode::<pb::GetReplayResponse>(&game["replay"]),
                "{id}"
            );
            let report =
                hexfold::games::verify_replay(&replay, &mut |_| {}).expect("the old game verifies");
            assert_eq!(report.version, game["head"].as_u64().unwrap());
        } else {
            let seat = game["legal"]["seat"].as_u64().unwrap() as usize;
            let token = tokens[seat].as_str().unwrap();
            let message = pb::LegalActionsRequest {
                game_id: id.clone(),
            };
            let legal = client
                .legal_actions(authed(message, token))
                .await
                .unwrap()
                .into_inner();
            assert_eq!(
                legal,
                decode::<pb::LegalActionsResponse>(&game["legal"]["response"]),
                "{id}"
            );
            let head = game["head"].as_u64().unwrap();
            let accepted = client
                .submit_command(authed(
                    pb::SubmitCommandRequest {
                        game_id: id.clone(),
                        command_id: "after-the-upgrade".into(),
                        expected_version: Some(head),
                        command: Some(legal.commands[0].clone()),
                        with_legal_actions: false,
                    },
                    token,
                ))
                .await
                .expect("the old game takes its next command")
                .into_inner();
            assert!(
                accepted.version > head && !accepted.duplicate,
                "{id}: {accepted:?}"
            );
        }
    }
    server.stop().await;
}

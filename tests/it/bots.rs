//! Bot seats (issue 17): the server plays the seats a game was created with as bots, through the same command path
//! as a client's. For every game, a game of bots alone plays to its end and verifies; a person plays with bots
//! through the API (a `Play` stream) and through the CLI (`hexfold bot` for the person's seat, with the other
//! seats the server's bots); a bot seat gets no token and nobody sees its hand; a server that stops while bots
//! are to move resumes them when it starts again.

use crate::support::{self, authed, Client, Table};
use hexfold::cli::verify_replay;
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, SeedableRng};
use std::path::Path;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Code;

/// The create request of a game of `variant` with `seats` seats, the seats in `bots` played by the server.
fn request(
    variant: pb::Variant,
    seats: usize,
    bots: &[(u32, pb::BotStrategy)],
) -> pb::CreateGameRequest {
    let map = match variant {
        pb::Variant::Catan | pb::Variant::CitiesAndKnights => pb::MapKind::Random,
        _ => pb::MapKind::Unspecified,
    };
    pb::CreateGameRequest {
        variant: variant as i32,
        seats: (0..seats).map(|i| format!("player {i}")).collect(),
        options: Some(pb::GameOptions {
            map: map as i32,
            ..Default::default()
        }),
        bots: bots
            .iter()
            .map(|&(seat, strategy)| pb::BotSeat {
                seat,
                strategy: strategy as i32,
            })
            .collect(),
    }
}

/// Creates the game and returns it as a [`Table`] (one client per seat), with the create response.
async fn create(
    addr: std::net::SocketAddr,
    request: pb::CreateGameRequest,
) -> (Table, pb::CreateGameResponse) {
    let mut spectator = support::connect(addr).await;
    let created = spectator
        .create_game(request)
        .await
        .expect("create game")
        .into_inner();
    let mut seats = Vec::new();
    for _ in &created.seats {
        seats.push(support::connect(addr).await);
    }
    let table = Table {
        game_id: created.game_id.clone(),
        tokens: created.seats.iter().map(|s| s.token.clone()).collect(),
        seats,
        spectator,
        commands: 0,
    };
    (table, created)
}

/// Waits for the game's end on a spectator's `Subscribe` stream: the `SeedRevealed` event. Returns the version it
/// ended at.
async fn ended(server: &support::TestServer, game_id: &str) -> u64 {
    let mut stream = server.subscribe(game_id, None).await;
    while let Some(item) = stream.message().await.expect("subscribe stream") {
        if let Some(pb::subscribe_response::Item::Event(e)) = item.item {
            let revealed = matches!(
                e.event.as_ref().and_then(|e| e.body.as_ref()),
                Some(pb::event::Body::SeedRevealed(_))
            );
            if revealed {
                return e.version;
            }
        }
    }
    panic!("the stream of {game_id} ended before the game");
}

/// The finished game's record checks out: every command re-decided from the revealed seed gives the recorded
/// events; returns the commands of each seat.
async fn verified(table: &mut Table, seats: usize) -> Vec<usize> {
    let replay = table.replay().await;
    let events = table.events(None).await;
    verify_replay(&replay, &events, None).expect("the game verifies");
    let mut per_seat = vec![0; seats];
    for c in &replay.commands {
        per_seat[c.seat as usize] += 1;
    }
    per_seat
}

async fn all_bots_finish(dir: &Path, variant: pb::Variant, seats: usize) {
    let server = support::start(dir).await;
    let bots: Vec<_> = (0..seats as u32)
        .map(|s| {
            let strategy = if s % 2 == 0 {
                pb::BotStrategy::Greedy
            } else {
                pb::BotStrategy::Random
            };
            (s, strategy)
        })
        .collect();
    let (mut table, created) = create(server.addr, request(variant, seats, &bots)).await;
    for seat in &created.seats {
        assert!(seat.bot, "seat {} is a bot", seat.seat);
        assert!(seat.token.is_empty(), "a bot seat's token is never issued");
    }
    let version = ended(&server, &table.game_id).await;
    let per_seat = verified(&mut table, seats).await;
    assert!(
        per_seat.iter().all(|&n| n > 0),
        "every bot played: {per_seat:?}"
    );
    assert!(version > 20, "a whole game: {version} events");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_base_catan_game_of_bots_plays_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    all_bots_finish(dir.path(), pb::Variant::Catan, 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cities_and_knights_game_of_bots_plays_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    all_bots_finish(dir.path(), pb::Variant::CitiesAndKnights, 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_catania_game_of_bots_plays_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    all_bots_finish(dir.path(), pb::Variant::Catania, 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_elasund_game_of_bots_plays_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    all_bots_finish(dir.path(), pb::Variant::Elasund, 4).await;
}

/// Plays `seat` of a base Catan game over a `Play` stream with random legal actions until the game ends, and at each
/// of its turns reads the state as that seat: every other seat's hand and development cards are hidden from it.
/// Returns how many of its commands were accepted.
async fn play_seat(table: &mut Table, seat: usize) -> usize {
    let mut client: Client = table.seats[seat].clone();
    let (game_id, token) = (table.game_id.clone(), table.tokens[seat].clone());
    let (tx, rx) = mpsc::channel(4);
    tx.send(pb::PlayRequest {
        request: Some(pb::play_request::Request::Open(pb::PlayOpen {
            game_id: game_id.to_string(),
        })),
    })
    .await
    .unwrap();
    let mut updates = client
        .play(authed(ReceiverStream::new(rx), &token))
        .await
        .expect("Play")
        .into_inner();
    let mut rng = StdRng::seed_from_u64(5);
    let (mut sent, mut accepted) = (0, 0);
    loop {
        let update = updates
            .message()
            .await
            .expect("Play stream")
            .expect("the stream ends after the game");
        let turn = match update.update {
            Some(pb::play_update::Update::YourTurn(turn)) => turn,
            Some(pb::play_update::Update::Result(result)) => match result.outcome {
                Some(pb::command_result::Outcome::Accepted(a)) => {
                    accepted += 1;
                    match a.legal_actions {
                        Some(turn) => turn,
                        None => continue,
                    }
                }
                Some(pb::command_result::Outcome::Refused(r)) => {
                    // Only a version conflict may refuse a listed command: a bot answered an offer first.
                    assert_eq!(r.code, Code::Aborted as i32, "{r:?}");
                    continue;
                }
                None => panic!("a result without an outcome"),
            },
            Some(pb::play_update::Update::Ended(_)) => return accepted,
            None => panic!("an empty update"),
        };
        let state = table.state(Some(seat), None).await.expect("state");
        let catan = support::catan_state(&state);
        // Once the game has ended everything is shown (a bot may have won while the seat was prompted).
        for p in catan.players.iter().filter(|_| catan.winner.is_none()) {
            if p.seat as usize != seat {
                assert!(p.resources.is_none(), "seat {}'s hand shown", p.seat);
                assert!(
                    p.development_cards.is_none(),
                    "seat {}'s cards shown",
                    p.seat
                );
            }
        }
        let command = support::pick(&turn.commands, &mut rng);
        sent += 1;
        assert!(sent < 5_000, "the game does not end");
        let submit = pb::SubmitCommandRequest {
            command_id: format!("person-{sent}"),
            expected_version: Some(turn.version),
            command: Some(command),
            with_legal_actions: true,
            ..Default::default()
        };
        let message = pb::PlayRequest {
            request: Some(pb::play_request::Request::Submit(submit)),
        };
        if tx.send(message).await.is_err() {
            panic!("the Play stream closed before the game ended");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_base_catan_with_three_bots_over_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let bots = [1, 2, 3].map(|s| (s, pb::BotStrategy::Unspecified));
    let (mut table, created) = create(server.addr, request(pb::Variant::Catan, 4, &bots)).await;
    assert!(!created.seats[0].bot && !created.seats[0].token.is_empty());
    let sent = play_seat(&mut table, 0).await;
    let per_seat = verified(&mut table, 4).await;
    assert_eq!(
        per_seat[0], sent,
        "the person's commands, all accepted once"
    );
    assert!(per_seat[1..].iter().all(|&n| n > 0), "{per_seat:?}");
    // Nobody holds a bot seat's token, and the empty one it was given is no credential.
    let empty = table.seats[1]
        .legal_actions(authed(
            pb::LegalActionsRequest {
                game_id: table.game_id.clone(),
            },
            "",
        ))
        .await;
    assert!(empty.is_err(), "an empty token is refused");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_to_move_when_the_server_stops_move_when_it_starts_again() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let bots = [0, 1, 2].map(|s| (s, pb::BotStrategy::Greedy));
    let (_, created) = create(
        server.addr,
        request(pb::Variant::CitiesAndKnights, 3, &bots),
    )
    .await;
    let game_id = created.game_id;
    server.stop().await;
    // The stopped store holds the game unfinished: a game of bots takes far longer than a graceful stop.
    let stopped_at = {
        let store = hexfold_store::Store::open(dir.path(), hexfold_store::StoreConfig::default())
            .expect("open the stopped store");
        let listing = hexfold_store::EventStore::list_streams(&store, None, 10)
            .await
            .expect("list");
        let game = listing
            .iter()
            .find(|g| g.name == game_id)
            .expect("the game");
        assert!(game.summary.is_none(), "the game ended before the stop");
        game.head
    };
    let server = support::start(dir.path()).await;
    let version = ended(&server, &game_id).await;
    assert!(version > stopped_at, "the bots played on after the restart");
    server.stop().await;
}

/// Bad bot seats are malformed requests, and create nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_seats_the_game_does_not_have_are_invalid_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut client = server.client().await;
    for bots in [
        vec![(3, pb::BotStrategy::Greedy)],
        vec![(1, pb::BotStrategy::Greedy), (1, pb::BotStrategy::Random)],
    ] {
        let refused = client
            .create_game(request(pb::Variant::Catan, 3, &bots))
            .await;
        support::assert_code(refused, Code::InvalidArgument);
    }
    let mut unknown = request(pb::Variant::Catan, 3, &[]);
    unknown.bots.push(pb::BotSeat {
        seat: 0,
        strategy: 42,
    });
    support::assert_code(client.create_game(unknown).await, Code::InvalidArgument);
    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert!(listed.games.is_empty(), "{listed:?}");
    server.stop().await;
}

/// Runs the `hexfold` binary against `server` and returns its standard output; it must succeed.
async fn hexfold(server: &str, args: &[&str]) -> String {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(args)
        .env("HEXFOLD_SERVER", server)
        .env_remove("HEXFOLD_TOKEN")
        .output()
        .await
        .expect("run the hexfold binary");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "hexfold {args:?} failed: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// A person at a terminal creates a game with three of the server's bots and plays their own seat with `hexfold
/// bot` to the end; `verify` then re-decides every command, the bots' included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_with_three_bots_from_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let created = hexfold(
        &url,
        &[
            "create", "--map", "random", "--bot", "1", "--bot", "2:random", "--bot", "3:greedy",
            "ann", "bob", "cat", "dan",
        ],
    )
    .await;
    let mut game = None;
    let mut token = None;
    let mut bots = 0;
    for line in created.lines() {
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["game", id] => game = Some(id.to_string()),
            ["seat", "0", "ann", "token", t] => token = Some(t.to_string()),
            ["seat", _, _, "bot"] => bots += 1,
            _ => {}
        }
    }
    assert_eq!(bots, 3, "{created}");
    let (game, token) = (game.expect("a game id"), token.expect("ann's token"));
    let played = hexfold(
        &url,
        &["bot", "--game", &game, "--token", &token, "--seed", "4"],
    )
    .await;
    assert!(
        played
            .lines()
            .any(|l| l.starts_with("game ended at version")),
        "{played}"
    );
    assert!(played.contains(" accepted at version "), "{played}");
    let verified = hexfold(&url, &["verify", &game]).await;
    assert!(!verified.trim().is_empty());
    server.stop().await;
}

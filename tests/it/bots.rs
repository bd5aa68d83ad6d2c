//! Bot seats (issue 17): the server plays the seats a game was created with as bots, through the same command path
//! as a client's. For every game, a game of bots alone plays to its end and verifies; a person plays with bots
//! through the API (a `Play` stream) and through the CLI (`hexfold bot` for the person's seat, with the other
//! seats the server's bots); a bot seat gets no token and nobody sees its hand; a server that stops while bots
//! are to move resumes them when it starts again.

use crate::hidden;
use crate::support::{self, authed, Client, Table};
use hexfold::cli::verify_replay;
use hexfold::proto::v1 as pb;
use pb::catan as c;
use rand::{rngs::StdRng, SeedableRng};
use std::path::Path;
use tokio::sync::{mpsc, watch};
use tokio_stream::wrappers::ReceiverStream;
use tonic::Code;

/// The create request of a game of `variant` with `seats` seats, the seats in `bots` played by the server.
fn request(
    variant: pb::Variant,
    seats: usize,
    bots: &[(u32, pb::BotStrategy)],
) -> pb::CreateGameRequest {
    support::game_request(variant, seats, support::variant_options(variant), bots)
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
    let (mut table, created) =
        Table::create_from(server.addr, request(variant, seats, &bots)).await;
    for seat in &created.seats {
        assert!(seat.bot, "seat {} is a bot", seat.seat);
        assert!(seat.token.is_empty(), "a bot seat's token is never issued");
    }
    let version = server.ended(&table.game_id).await;
    let per_seat = verified(&mut table, seats).await;
    assert!(
        per_seat.iter().all(|&n| n > 0),
        "every bot played: {per_seat:?}"
    );
    assert!(version > 20, "a whole game: {version} events");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_bots_plays_to_its_end() {
    support::for_every_game(|game| async move {
        let dir = tempfile::tempdir().unwrap();
        all_bots_finish(dir.path(), game.variant, game.test_seats().into()).await;
    })
    .await;
}

/// A game of expert bots alone plays to its end through the server for every game and verifies: each seat's
/// search runs on the server's bot thread (one here), outside the game's lock, within a small simulation budget.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_expert_bots_plays_to_its_end() {
    support::for_every_game(|game| async move {
        let dir = tempfile::tempdir().unwrap();
        let mut config = support::config(dir.path());
        config.limits.bot_budget = hexfold_rules::bot::Budget {
            sims: 2,
            think: None,
            turns: Some(1),
        };
        config.limits.bot_threads = 1;
        let server = support::start_with(config).await;
        let seats = usize::from(game.test_seats());
        let bots: Vec<_> = (0..seats as u32)
            .map(|s| (s, pb::BotStrategy::Expert))
            .collect();
        let (mut table, created) =
            Table::create_from(server.addr, request(game.variant, seats, &bots)).await;
        assert!(created.seats.iter().all(|s| s.bot && s.token.is_empty()));
        let version = server.ended(&table.game_id).await;
        let per_seat = verified(&mut table, seats).await;
        assert!(
            per_seat.iter().all(|&n| n > 0),
            "every expert played: {per_seat:?}"
        );
        assert!(version > 20, "a whole game: {version} events");
        server.stop().await;
    })
    .await;
}

/// Whether a base Catan state shows the game over (from then on every hand is shown).
fn catan_over(state: &pb::GetStateResponse) -> bool {
    support::catan_state(state).winner.is_some()
}

/// Plays `seat` of a game of `variant` over a `Play` stream with random legal actions until the game ends, and
/// returns how many of its commands were accepted. In base Catan it also reads the state at each of its turns, as
/// that seat and as a spectator, and checks that no other seat's hand or development cards show
/// ([`hidden::check_state`]).
async fn play_seat(table: &mut Table, seat: usize, variant: pb::Variant) -> usize {
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
        if variant == pb::Variant::Catan {
            // Once the game has ended everything is shown (a bot may have won while the seat was prompted).
            let own = table.state(Some(seat), None).await.expect("state");
            if !catan_over(&own) {
                hidden::check_state(Some(seat as u32), &own);
            }
            let spectator = table.state(None, None).await.expect("state");
            if !catan_over(&spectator) {
                hidden::check_state(None, &spectator);
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
            // A bot's move may end the game after the prompt: the server then sends `Ended` and closes the call,
            // whose request side no longer takes the command. What is left on the stream must end with `Ended`.
            while let Some(update) = updates.message().await.expect("Play stream") {
                if let Some(pb::play_update::Update::Ended(_)) = update.update {
                    return accepted;
                }
            }
            panic!("the Play stream closed before the game ended");
        }
    }
}

/// A person plays seat 0 of a 4-seat game of `variant` over the API with three of the server's bots (the game's
/// stronger strategy by default, `random`, `greedy`); the game ends and verifies, and the bot seats were issued
/// no token.
async fn a_person_plays_with_three_bots_over_the_api_in(variant: pb::Variant) {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let bots = [
        (1, pb::BotStrategy::Unspecified),
        (2, pb::BotStrategy::Random),
        (3, pb::BotStrategy::Greedy),
    ];
    let (mut table, created) = Table::create_from(server.addr, request(variant, 4, &bots)).await;
    assert!(!created.seats[0].bot && !created.seats[0].token.is_empty());
    for seat in &created.seats[1..] {
        assert!(seat.bot && seat.token.is_empty(), "{seat:?}");
    }
    let sent = play_seat(&mut table, 0, variant).await;
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
async fn a_person_plays_with_three_bots_over_the_api() {
    support::for_every_game(|game| a_person_plays_with_three_bots_over_the_api_in(game.variant))
        .await;
}

/// The bots' hidden cards in base Catan stay hidden from the person and from spectators: the events the person's
/// seat and a spectator receive while the game runs show a bought development card only to its buyer and a
/// stolen card only to thief and victim ([`hidden::check_event`]), the states they read show no bot's hand
/// ([`play_seat`]), and at least one bot's secret (a card it bought, or a card stolen between bots) went by
/// unseen. That a bot's choices depend only on what its seat sees is the rules crate's property test
/// (`crates/hexfold-rules/tests/it/bots.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_hidden_cards_reach_neither_the_person_nor_spectators() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let bots = [1, 2, 3].map(|s| (s, pb::BotStrategy::Greedy));
    let (mut table, _) =
        Table::create_from(server.addr, request(pb::Variant::Catan, 4, &bots)).await;
    // Both streams start before the person's first command, so the game is running and they are read as their
    // viewer throughout (a subscription begun after the end would show everything).
    let (last_tx, last_rx) = watch::channel(0u64);
    let mut watchers = Vec::new();
    for viewer in [Some(0u32), None] {
        let token = viewer.map(|seat| table.tokens[seat as usize].clone());
        let stream = server.subscribe(&table.game_id, token.as_deref()).await;
        watchers.push((
            viewer,
            tokio::spawn(hidden::collect(stream, last_rx.clone())),
        ));
    }
    play_seat(&mut table, 0, pb::Variant::Catan).await;
    let end = server.ended(&table.game_id).await;
    last_tx.send(end).unwrap();
    // The command that ends the game is shown to everyone whole, as the whole game is from then on (a knight that
    // wins by the largest army shows its theft): only the events before it must hide the bots' cards.
    let replay = server
        .client()
        .await
        .get_replay(pb::GetReplayRequest {
            game_id: table.game_id.clone(),
        })
        .await
        .unwrap()
        .into_inner();
    let last_command = replay.commands.last().expect("a finished game's commands");
    for (viewer, watcher) in watchers {
        let events = watcher.await.unwrap();
        assert!(
            events.last().is_some_and(|e| e.version >= end),
            "{viewer:?} saw the whole game"
        );
        let mut bots_secrets = 0;
        for event in events
            .iter()
            .filter(|e| e.version < last_command.first_version)
        {
            hidden::check_event(viewer, event);
            bots_secrets += u32::from(match support::catan_event(event) {
                Some(c::event::Event::DevelopmentCardBought(b)) => b.seat != 0,
                Some(c::event::Event::ResourceStolen(s)) => s.thief != 0 && s.victim != 0,
                _ => false,
            });
        }
        assert!(
            bots_secrets > 0,
            "{viewer:?}: no bot bought a card or robbed another bot"
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_to_move_when_the_server_stops_move_when_it_starts_again() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let bots = [0, 1, 2].map(|s| (s, pb::BotStrategy::Greedy));
    let (_, created) = Table::create_from(
        server.addr,
        request(pb::Variant::CitiesAndKnights, 3, &bots),
    )
    .await;
    let game_id = created.game_id;
    server.stop().await;
    // The stopped store holds the game unfinished: a game of bots takes far longer than a graceful stop.
    let stopped_at = {
        let store = hexfold_sled::SledStore::open(dir.path(), hexfold_sled::SledConfig::default())
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
    let version = server.ended(&game_id).await;
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

/// A person at a terminal creates a game of `variant` (the CLI's name) with three of the server's bots and plays
/// their own seat with `hexfold bot` to the end; `verify` then re-decides every command, the bots' included.
async fn a_person_plays_with_three_bots_from_the_cli_in(variant: &str) {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let mut create = vec!["create", "--variant", variant];
    if variant == "catan" {
        create.extend(["--map", "random"]);
    }
    create.extend([
        "--bot", "1", "--bot", "2:random", "--bot", "3:greedy", "ann", "bob", "cat", "dan",
    ]);
    let created = support::hexfold_cli(&url, &create).await;
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
    // The game id positionally, as every other subcommand takes it. Racing the server's bots makes version
    // conflicts, which the bot takes in its stride: they are not printed.
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args([
            "bot",
            game.as_str(),
            "--token",
            token.as_str(),
            "--seed",
            "4",
        ])
        .env("HEXFOLD_SERVER", &url)
        .env_remove("HEXFOLD_TOKEN")
        .output()
        .await
        .unwrap();
    let played = String::from_utf8_lossy(&output.stdout);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{played}\n{errors}");
    assert!(!errors.contains("VersionConflict"), "{errors}");
    assert!(
        played
            .lines()
            .any(|l| l.starts_with("game ended at version")),
        "{played}"
    );
    assert!(played.contains(" accepted at version "), "{played}");
    let verified = support::hexfold_cli(&url, &["verify", &game]).await;
    assert!(!verified.trim().is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_with_three_bots_from_the_cli() {
    support::for_every_game(|game| async move {
        a_person_plays_with_three_bots_from_the_cli_in(&game.cli_name()).await;
    })
    .await;
}

/// The next prompt of a `Play` stream (from a `YourTurn` or an accepted command's legal actions), skipping
/// refusals; `None` once the game has ended.
async fn next_prompt(
    updates: &mut tonic::Streaming<pb::PlayUpdate>,
) -> Option<pb::LegalActionsResponse> {
    loop {
        let update = updates
            .message()
            .await
            .expect("Play stream")
            .expect("an update");
        match update.update {
            Some(pb::play_update::Update::YourTurn(turn)) => return Some(turn),
            Some(pb::play_update::Update::Result(result)) => match result.outcome {
                Some(pb::command_result::Outcome::Accepted(a)) => {
                    if let Some(turn) = a.legal_actions {
                        return Some(turn);
                    }
                }
                Some(pb::command_result::Outcome::Refused(r)) => {
                    assert_eq!(r.code, Code::Aborted as i32, "{r:?}");
                }
                None => panic!("a result without an outcome"),
            },
            Some(pb::play_update::Update::Ended(_)) => return None,
            None => panic!("an empty update"),
        }
    }
}

/// A store written before the server's ids were reserved, where a person's command took `bot/<seat>/<version>`,
/// the id of the bot command the server was to play next (that build's driver then stopped for good): served by
/// this build, the driver finds its id taken, plays the same command under `bot/<seat>/<version>/1`, and the
/// game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_bots_an_old_store_stopped_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(&dir.path().join("new")).await;
    let bots = [(1, pb::BotStrategy::Greedy), (2, pb::BotStrategy::Greedy)];
    let (mut table, _) =
        Table::create_from(server.addr, request(pb::Variant::Catan, 3, &bots)).await;
    // Seat 0 plays its first legal action at each prompt until the bots have played after one of its commands:
    // a prompt that is no command's answer.
    let (tx, mut updates) = table.play(0).await;
    let mut sent = 0;
    let mut turn = next_prompt(&mut updates).await.expect("the game goes on");
    loop {
        sent += 1;
        assert!(sent < 200, "the bots never played after seat 0");
        let submit = pb::SubmitCommandRequest {
            command_id: format!("person-{sent}"),
            expected_version: Some(turn.version),
            command: Some(turn.commands[0].clone()),
            with_legal_actions: true,
            ..Default::default()
        };
        tx.send(pb::PlayRequest {
            request: Some(pb::play_request::Request::Submit(submit)),
        })
        .await
        .unwrap();
        // The start roll is open to every seat at once, so a bot may move first: a prompt that comes before the
        // answer is kept, and a version conflict sends seat 0 to it (or to the next one).
        let mut newer = None;
        let answer = loop {
            let update = updates.message().await.expect("Play").expect("an update");
            match update.update {
                Some(pb::play_update::Update::Result(result)) => break result.outcome,
                Some(pb::play_update::Update::YourTurn(prompt)) => newer = Some(prompt),
                _ => {}
            }
        };
        match answer {
            Some(pb::command_result::Outcome::Accepted(a)) => match a.legal_actions {
                Some(next) => turn = next,
                None => break,
            },
            Some(pb::command_result::Outcome::Refused(r)) if r.code == Code::Aborted as i32 => {
                turn = match newer.filter(|p| p.version > turn.version) {
                    Some(prompt) => prompt,
                    None => next_prompt(&mut updates).await.expect("the game goes on"),
                }
            }
            other => panic!("seat 0's listed command was refused: {other:?}"),
        }
    }
    next_prompt(&mut updates).await.expect("the bots play on");
    drop(tx);
    // In the log: the first command of seat 0 that a bot's follows.
    let scratch = dir.path();
    let file = scratch.join("before.jsonl");
    crate::timers::export(server.addr, &file).await;
    let lines = crate::timers::appends(&std::fs::read_to_string(&file).unwrap());
    let at = (0..lines.len() - 1)
        .find(|&i| lines[i].1 == 0 && lines[i + 1].0.starts_with("bot/"))
        .expect("a bot's command after seat 0's");
    let person_id = lines[at].0.clone();
    let (bot_id, bot_seat, _) = lines[at + 1].clone();
    let old = dir.path().join("old");
    crate::timers::old_store(&server, scratch, &old, |export| {
        crate::timers::doctored_export(export, at + 1, &person_id, &bot_id)
    })
    .await;
    server.stop().await;

    let server = support::start(&old).await;
    table.reconnect(server.addr).await;
    let version: u64 = bot_id.rsplit('/').next().unwrap().parse().unwrap();
    let mut stream = server.subscribe(&table.game_id, None).await;
    loop {
        let item = stream
            .message()
            .await
            .expect("stream")
            .expect("live events");
        if let Some(pb::subscribe_response::Item::Event(e)) = item.item {
            if e.version > version {
                break;
            }
        }
    }
    let file = scratch.join("after.jsonl");
    crate::timers::export(server.addr, &file).await;
    let lines = crate::timers::appends(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(
        (&lines[at].0, lines[at].1),
        (&bot_id, 0),
        "the person's command"
    );
    assert_eq!(
        (&lines[at + 1].0, lines[at + 1].1),
        (&format!("{bot_id}/1"), bot_seat),
        "the bot's command under the next free id"
    );
    server.stop().await;
}

/// A person's starting roll racing the bots' at version 0, game after game: whichever lands first, the other is
/// refused (the person with ABORTED; the bot driver with a version conflict, or it decides again on a head where
/// the person has rolled), and the bots play on until the person is to move again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_command_racing_the_bots_leaves_the_game_going() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let bots = [(1, pb::BotStrategy::Greedy), (2, pb::BotStrategy::Random)];
    let mut roll: Option<pb::Command> = None;
    let mut person_lost = 0;
    for round in 0..8 {
        let (mut table, _) =
            Table::create_from(server.addr, request(pb::Variant::Catan, 3, &bots)).await;
        // The starting roll is the same command in every game: known after the first, sent at once.
        let command = match &roll {
            Some(command) => command.clone(),
            None => table.legal(0).await.expect("legal actions").commands[0].clone(),
        };
        roll = Some(command.clone());
        let mut expected = 0;
        for tries in 1.. {
            match table.submit(0, command.clone(), Some(expected)).await {
                Ok(_) => break,
                Err(status) => {
                    // A bot rolled first: the person rolls again on the head it finds.
                    assert_eq!(status.code(), Code::Aborted, "{status:?}");
                    assert!(tries < 3, "three seats roll once each: {status:?}");
                    person_lost += 1;
                    expected = table.legal(0).await.expect("legal actions").version;
                }
            }
        }
        // The bots roll too (and place, if one of them rolled highest) until seat 0 is to move: its next prompt.
        let (_tx, mut updates) = table.play(0).await;
        let turn = next_prompt(&mut updates).await.expect("the game goes on");
        assert!(
            turn.version >= 3,
            "round {round}: every seat rolled: {turn:?}"
        );
    }
    eprintln!("the person lost {person_lost} races in 8 games");
    server.stop().await;
}

/// Games of bots on a PostgreSQL store that stops while they play: every bot command then fails (UNAVAILABLE),
/// and once the database is back each game's driver, which paused instead of stopping, plays on by itself to the
/// end, without a command from outside or a restart of the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_of_bots_go_on_by_themselves_after_their_store_was_down() {
    let mut cluster = hexfold_postgres::test_support::PrivateCluster::start();
    let url = cluster.cluster().create_database().await;
    let dir = tempfile::tempdir().unwrap();
    let mut postgres = hexfold_postgres::PgConfig::new(url);
    postgres.timeout = std::time::Duration::from_secs(2);
    postgres.connect_timeout = std::time::Duration::from_secs(1);
    let server = support::start_with(hexfold::server::Config {
        postgres: Some(postgres),
        ..support::config(&dir.path().join("unused"))
    })
    .await;
    let bots = [0, 1, 2].map(|s| (s, pb::BotStrategy::Greedy));
    let mut games = Vec::new();
    for _ in 0..4 {
        let (table, _) = Table::create_from(
            server.addr,
            request(pb::Variant::CitiesAndKnights, 3, &bots),
        )
        .await;
        games.push(table.game_id);
    }
    // Stopped while the games play: a game of bots takes far longer than its creation and a stop.
    let mut client = server.client().await;
    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .expect("list")
        .into_inner();
    let playing = (listed.games.iter())
        .filter(|g| g.status() != pb::GameStatus::Finished)
        .count();
    assert!(playing > 0, "every game ended before the stop: {listed:?}");
    let mut cluster = tokio::task::spawn_blocking(move || {
        cluster.stop();
        cluster
    })
    .await
    .unwrap();
    let refused = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .expect_err("the store is down");
    assert_eq!(refused.code(), Code::Unavailable, "{refused:?}");
    let _cluster = tokio::task::spawn_blocking(move || {
        cluster.restart();
        cluster
    })
    .await
    .unwrap();
    for game in &games {
        let ended = tokio::time::timeout(std::time::Duration::from_secs(180), server.ended(game));
        ended.await.expect("the bots play on to the end");
    }
    server.stop().await;
}

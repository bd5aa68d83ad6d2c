//! `Play`: a seat's command stream. Four bots, one stream each, play a whole game from the prompts alone; bad
//! openings end the stream with their status; a refused command is answered in the stream and changes nothing;
//! and `with_legal_actions` on the unary call answers what `LegalActions` would.

use crate::support::{self, authed, pick, Client, Table};
use hexfold::proto::v1 as pb;
use pb::play_update::Update;
use rand::{rngs::StdRng, SeedableRng};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Code, Streaming};

/// One open `Play` stream, as a client holds it.
struct Session {
    requests: mpsc::Sender<pb::PlayRequest>,
    updates: Streaming<pb::PlayUpdate>,
}

impl Session {
    async fn open(client: &mut Client, token: Option<&str>, game_id: &str) -> Session {
        let (requests, rx) = mpsc::channel(8);
        let open = pb::PlayRequest {
            request: Some(pb::play_request::Request::Open(pb::PlayOpen {
                game_id: game_id.to_string(),
            })),
        };
        requests.send(open).await.expect("queue open");
        let outbound = ReceiverStream::new(rx);
        let response = match token {
            Some(token) => client.play(authed(outbound, token)).await,
            None => client.play(outbound).await,
        };
        Session {
            requests,
            updates: response.expect("Play answers with a stream").into_inner(),
        }
    }

    /// Sends a command; `false` if the call is already over (the game ended while the command was chosen).
    async fn submit(&self, command_id: &str, expected: Option<u64>, command: pb::Command) -> bool {
        let submit = pb::SubmitCommandRequest {
            command_id: command_id.to_string(),
            expected_version: expected,
            command: Some(command),
            ..Default::default()
        };
        self.try_send(pb::play_request::Request::Submit(submit))
            .await
    }

    async fn try_send(&self, request: pb::play_request::Request) -> bool {
        self.requests
            .send(pb::PlayRequest {
                request: Some(request),
            })
            .await
            .is_ok()
    }

    async fn send(&self, request: pb::play_request::Request) {
        assert!(self.try_send(request).await, "the stream is open");
    }

    async fn next(&mut self) -> Update {
        self.updates
            .message()
            .await
            .expect("a healthy stream")
            .expect("the stream goes on")
            .update
            .expect("an update")
    }

    /// The status the stream ends with, which must come first.
    async fn end_status(&mut self) -> tonic::Status {
        match self.updates.message().await {
            Ok(Some(update)) => panic!("expected the stream to end, got {update:?}"),
            Ok(None) => panic!("the stream ended OK"),
            Err(status) => status,
        }
    }
}

/// What one bot saw in a whole game.
#[derive(Debug, Default)]
struct BotLog {
    accepted: usize,
    conflicts: usize,
    ended: Option<pb::GameEnded>,
}

/// Plays one seat from its stream: answers every prompt (or result carrying legal actions) with a random listed
/// command at that version, until the game ends.
async fn bot(mut session: Session, seat: usize, seed: u64) -> BotLog {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut log = BotLog::default();
    let mut told: Option<u64> = None;
    let mut sent = 0;
    loop {
        let actions = match session.next().await {
            Update::YourTurn(actions) => Some(actions),
            Update::Result(result) => match result.outcome.expect("an outcome") {
                pb::command_result::Outcome::Accepted(accepted) => {
                    log.accepted += 1;
                    assert!(!accepted.duplicate);
                    accepted.legal_actions
                }
                pb::command_result::Outcome::Refused(refused) => {
                    // Several seats may act at once (discards): another seat's command can win the version.
                    assert_eq!(refused.code, Code::Aborted as i32, "{refused:?}");
                    assert_eq!(refused.reason, "VersionConflict");
                    log.conflicts += 1;
                    None
                }
            },
            Update::Ended(ended) => {
                log.ended = Some(ended);
                return log;
            }
        };
        if let Some(actions) = actions {
            assert_eq!(actions.seat as usize, seat);
            assert!(!actions.commands.is_empty(), "a prompt lists commands");
            assert!(
                told.is_none_or(|t| t < actions.version),
                "seat {seat} was told twice about version {}",
                actions.version
            );
            told = Some(actions.version);
            sent += 1;
            let command = pick(&actions.commands, &mut rng);
            session
                .submit(
                    &format!("seat{seat}-{sent}"),
                    Some(actions.version),
                    command,
                )
                .await;
        }
    }
}

/// Plays a whole game of `variant` with one bot per seat, each on its own `Play` stream, and checks that every
/// seat is told the end and that the log holds exactly the accepted commands.
async fn bots_play_a_whole_game(variant: pb::Variant, seats: usize, options: pb::GameOptions) {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::create(server.addr, variant, seats, options).await;
    let mut bots = Vec::new();
    for seat in 0..seats {
        let session = Session::open(
            &mut table.seats[seat],
            Some(&table.tokens[seat]),
            &table.game_id,
        )
        .await;
        bots.push(tokio::spawn(bot(session, seat, 40 + seat as u64)));
    }
    let mut logs = Vec::new();
    for bot in bots {
        logs.push(bot.await.expect("bot task"));
    }

    let state = table.state(None, None).await.unwrap();
    let summary = state.summary.unwrap();
    assert_eq!(summary.status(), pb::GameStatus::Finished);
    for log in &logs {
        let ended = log
            .ended
            .as_ref()
            .expect("every seat is told the game ended");
        assert_eq!(ended.version, state.version);
        assert_eq!(ended.winner, summary.winner);
    }
    // Every accepted command is in the log, and nothing else is: one command record per accepted result.
    let accepted: usize = logs.iter().map(|l| l.accepted).sum();
    let replay = table.replay().await;
    assert_eq!(replay.commands.len(), accepted, "{logs:?}");
    assert!(
        accepted > 50,
        "a whole game takes more than {accepted} commands"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_a_whole_game_from_their_play_streams() {
    support::for_every_game(|game| {
        let options = support::variant_options(game.variant);
        bots_play_a_whole_game(game.variant, game.test_seats().into(), options)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_ends_bad_openings_with_their_status_and_answers_refused_commands_in_the_stream() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let mut other = Table::new(server.addr, 4).await;
    let game = table.game_id.clone();
    let mut client = server.client().await;

    // Openings that end the stream at once.
    let mut s = Session::open(&mut client, None, &game).await;
    assert_eq!(s.end_status().await.code(), Code::Unauthenticated);
    let mut s = Session::open(&mut client, Some(&other.tokens[0]), &game).await;
    assert_eq!(s.end_status().await.code(), Code::Unauthenticated);
    let mut s = Session::open(&mut client, Some(&table.tokens[0]), "catan-0000").await;
    assert_eq!(s.end_status().await.code(), Code::NotFound);
    let mut s = Session::open(&mut client, Some(&table.tokens[0]), "").await;
    assert_eq!(s.end_status().await.code(), Code::InvalidArgument);
    let mut s = Session::open(&mut client, Some(&table.tokens[0]), &game).await;
    s.send(pb::play_request::Request::Open(pb::PlayOpen {
        game_id: game.clone(),
    }))
    .await;
    // The first prompt may or may not come before the second `open` is read: skip it.
    let status = loop {
        match s.updates.message().await {
            Ok(Some(pb::PlayUpdate {
                update: Some(Update::YourTurn(_)),
            })) => continue,
            Ok(other) => panic!("expected the stream to end, got {other:?}"),
            Err(status) => break status,
        }
    };
    assert_eq!(status.code(), Code::InvalidArgument);

    // A seat that may act is prompted at once with what LegalActions says.
    let starter = {
        let mut found = None;
        for seat in 0..4 {
            if !table.legal(seat).await.unwrap().commands.is_empty() {
                found = Some(seat);
            }
        }
        found.expect("someone may act first")
    };
    let legal = table.legal(starter).await.unwrap();
    let mut s = Session::open(&mut other.seats[0], Some(&table.tokens[starter]), &game).await;
    let Update::YourTurn(prompt) = s.next().await else {
        panic!("the seat to act is prompted first")
    };
    assert_eq!(prompt, legal);

    // Refusals come back as results, in order, and change nothing.
    let head = table.head().await;
    let foreign = pb::SubmitCommandRequest {
        game_id: other.game_id.clone(),
        command_id: "foreign".into(),
        command: Some(legal.commands[0].clone()),
        ..Default::default()
    };
    s.send(pb::play_request::Request::Submit(foreign)).await;
    assert!(
        s.submit("stale", Some(head + 3), legal.commands[0].clone())
            .await
    );
    let end_turn = pb::Command {
        game: Some(pb::command::Game::Catan(pb::catan::Command {
            command: Some(pb::catan::command::Command::EndTurn(
                pb::catan::EndTurn::default(),
            )),
        })),
    };
    assert!(s.submit("too-early", None, end_turn).await);
    let mut refusals = Vec::new();
    for _ in 0..3 {
        let Update::Result(result) = s.next().await else {
            panic!("only results are due")
        };
        let Some(pb::command_result::Outcome::Refused(refused)) = result.outcome else {
            panic!("{} was accepted", result.command_id)
        };
        refusals.push((result.command_id, refused));
    }
    assert_eq!(refusals[0].0, "foreign");
    assert_eq!(refusals[0].1.code, Code::InvalidArgument as i32);
    assert_eq!(refusals[1].0, "stale");
    assert_eq!(refusals[1].1.code, Code::Aborted as i32);
    assert_eq!(refusals[1].1.reason, "VersionConflict");
    assert_eq!(refusals[1].1.metadata["actual_version"], head.to_string());
    assert_eq!(refusals[2].0, "too-early");
    assert_eq!(refusals[2].1.code, Code::FailedPrecondition as i32);
    assert!(!refusals[2].1.reason.is_empty());
    assert!(refusals[2].1.metadata.contains_key("rule_id"));
    assert_eq!(table.head().await, head, "refusals changed the game");
    assert_eq!(other.head().await, 0);

    // The stream is still good: a listed command is accepted.
    assert!(
        s.submit("listed", Some(head), legal.commands[0].clone())
            .await
    );
    let Update::Result(result) = s.next().await else {
        panic!("a result is due")
    };
    assert!(matches!(
        result.outcome,
        Some(pb::command_result::Outcome::Accepted(_))
    ));
    assert!(table.head().await > head);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn submit_with_legal_actions_answers_what_legal_actions_would() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..60 {
        let mut acting = None;
        for seat in 0..4 {
            let legal = table.legal(seat).await.unwrap();
            if !legal.commands.is_empty() {
                acting = Some((seat, legal));
                break;
            }
        }
        let Some((seat, legal)) = acting else { break };
        table.commands += 1;
        let request = pb::SubmitCommandRequest {
            game_id: table.game_id.clone(),
            command_id: format!("c{}", table.commands),
            expected_version: Some(legal.version),
            command: Some(pick(&legal.commands, &mut rng)),
            with_legal_actions: true,
        };
        let response = table.seats[seat]
            .submit_command(authed(request, &table.tokens[seat]))
            .await
            .unwrap()
            .into_inner();
        let now = table.legal(seat).await.unwrap();
        assert_eq!(now.version, response.version);
        match response.legal_actions {
            Some(inline) => assert_eq!(inline, now),
            None => assert!(now.commands.is_empty(), "{now:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_streams_count_against_the_server_stream_limit() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.limits.max_subscribers = 1;
    let server = support::start_with(config).await;
    let mut table = Table::new(server.addr, 4).await;
    let mut first =
        Session::open(&mut table.seats[0], Some(&table.tokens[0]), &table.game_id).await;
    // The first session runs (everyone may roll for the start at once, so it is prompted)...
    assert!(matches!(first.next().await, Update::YourTurn(_)));
    // ...and holds the only stream slot: a second one is refused at once.
    let (requests, rx) = mpsc::channel(1);
    requests
        .send(pb::PlayRequest {
            request: Some(pb::play_request::Request::Open(pb::PlayOpen {
                game_id: table.game_id.clone(),
            })),
        })
        .await
        .unwrap();
    let second = table.seats[1]
        .play(authed(ReceiverStream::new(rx), &table.tokens[1]))
        .await;
    support::assert_code(second, Code::ResourceExhausted);
}

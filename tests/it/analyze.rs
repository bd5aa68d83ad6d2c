//! Game analysis (issue 32): `Analyze` gives each seat's chance to win at an event index and the playouts behind
//! it, from the full state once a game has ended and from what a spectator sees while it is in progress (that a
//! spectator's estimate ignores the hidden hands is proved in the rules crate, `tests/it/expert.rs`, over every
//! game); `hexfold analyze` prints a finished game's curve with its largest moves marked.

use crate::support::{self, assert_code, authed, Client, Table};
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, SeedableRng};
use std::path::Path;
use tonic::Code;

/// A server whose analysis is bounded by simulations only, so the same request gets the same answer.
async fn server(dir: &Path) -> support::TestServer {
    let mut config = support::config(dir);
    config.limits.analysis_budget.think = None;
    support::start_with(config).await
}

async fn analyze(
    client: &mut Client,
    game_id: &str,
    at: Option<u64>,
    sims: u32,
) -> Result<pb::AnalyzeResponse, tonic::Status> {
    client
        .analyze(pb::AnalyzeRequest {
            game_id: game_id.to_string(),
            at_version: at,
            sims,
        })
        .await
        .map(|r| r.into_inner())
}

fn sums_to_one(answer: &pb::AnalyzeResponse) {
    let sum: f64 = answer.win_chances.iter().sum();
    assert!((sum - 1.0).abs() < 1e-9, "{answer:?}");
}

/// A finished game of four greedy bots: the full state is read at every index; the last index gives its winner
/// everything without a playout; an index past the head and an unknown game are refused precisely; the CLI
/// prints the curve.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_from_its_full_state() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let bots: Vec<_> = (0..4).map(|s| (s, pb::BotStrategy::Greedy)).collect();
    let request = support::game_request(pb::Variant::Catan, 4, support::catan_options(), &bots);
    let (table, _) = Table::create_from(server.addr, request).await;
    let head = server.ended(&table.game_id).await;
    let mut client = server.client().await;
    let state = client
        .get_state(pb::GetStateRequest {
            game_id: table.game_id.clone(),
            at_version: None,
        })
        .await
        .unwrap()
        .into_inner();
    let winner = state.summary.unwrap().winner.expect("a winner") as usize;

    let start = analyze(&mut client, &table.game_id, Some(0), 3)
        .await
        .unwrap();
    assert_eq!((start.version, start.sims), (0, 3));
    assert!(start.full_information, "the game is over");
    assert_eq!(start.win_chances.len(), 4);
    sums_to_one(&start);

    let end = analyze(&mut client, &table.game_id, None, 3).await.unwrap();
    assert_eq!((end.version, end.sims), (head, 0));
    assert_eq!(end.win_chances[winner], 1.0, "{end:?}");

    let past = analyze(&mut client, &table.game_id, Some(head + 1), 3).await;
    assert_code(past, Code::OutOfRange);
    let unknown = analyze(&mut client, "catan-0123456789abcdef", None, 3).await;
    assert_code(unknown, Code::NotFound);

    let every = (head / 4).max(1).to_string();
    let addr = format!("http://{}", server.addr);
    let curve = support::hexfold_cli(
        &addr,
        &[
            "analyze",
            &table.game_id,
            "--sims",
            "2",
            "--every",
            &every,
            "--marks",
            "2",
        ],
    )
    .await;
    let lines: Vec<&str> = curve.lines().collect();
    assert!(lines[0].starts_with("index"), "{curve}");
    assert!(
        lines
            .iter()
            .any(|l| l.trim_start().starts_with(&format!("{head} "))),
        "the last index is analysed: {curve}"
    );
    let marks = curve
        .split("largest moves")
        .nth(1)
        .expect("the marked moves");
    assert!(marks.contains(" * seat "), "{curve}");
    server.stop().await;
}

/// A game in progress is analysed from what a spectator sees, with the playouts asked for; a seat's token changes
/// nothing, and the same request gets the same answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_is_analysed_as_a_spectator_sees_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let mut rng = StdRng::seed_from_u64(32);
    for _ in 0..40 {
        table.step(&mut rng).await;
    }
    let head = table.head().await;
    let mut client = server.client().await;
    let answer = analyze(&mut client, &table.game_id, None, 4).await.unwrap();
    assert_eq!((answer.version, answer.sims), (head, 4));
    assert!(!answer.full_information, "the game is in progress");
    sums_to_one(&answer);
    let again = analyze(&mut client, &table.game_id, Some(head), 4)
        .await
        .unwrap();
    assert_eq!(again, answer);
    let as_seat = client
        .analyze(authed(
            pb::AnalyzeRequest {
                game_id: table.game_id.clone(),
                at_version: Some(head),
                sims: 4,
            },
            &table.tokens[0],
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        as_seat, answer,
        "a seat's token reads no more than a spectator"
    );
    server.stop().await;
}

//! `hexfold analyze`: the curve of a game, each seat's estimated chance to win after every event (or every `n`th),
//! from the server's `Analyze` rpc, with the events that moved it most marked.
//!
//! One line per analysed index: the index, each seat's chance in percent, the simulations behind it, and the event
//! that led there in words; the `--marks` lines whose chances moved most since the previous line (the largest
//! change of any seat's chance) carry a `*` and the move, and are listed again at the end. While the game is in
//! progress the server estimates from what a spectator sees; after its end from the full state. A call the server
//! refuses as busy (RESOURCE_EXHAUSTED) is tried again after a pause that doubles up to two seconds.

use super::{connect, describe_event, rpc, seat_names, ServerArgs};
use crate::proto::v1 as pb;
use clap::Args;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    /// The game id (from `create` or `list`).
    pub game: String,
    /// Simulations per analysed index (0: the server's limit, `serve --analysis-sims`).
    #[arg(long, default_value_t = 40)]
    pub sims: u32,
    /// Analyse every this many events (and always the last).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// How many of the largest moves to mark.
    #[arg(long, default_value_t = 5)]
    pub marks: usize,
}

/// One analysed index of the curve.
struct Point {
    version: u64,
    chances: Vec<f64>,
    sims: u32,
    full: bool,
    /// The events since the previous point, in words.
    what: String,
    /// The largest change of any seat's chance since the previous point, and that seat.
    moved: (f64, usize),
}

pub async fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let seats = seat_names(&mut client, &args.game, None).await;
    let mut stream = client
        .read_events(pb::ReadEventsRequest {
            game_id: args.game.clone(),
            from_version: 1,
            to_version: None,
            backwards: false,
            limit: 0,
        })
        .await
        .map_err(rpc("ReadEvents"))?
        .into_inner();
    let mut events = Vec::new();
    while let Some(envelope) = stream.message().await.map_err(rpc("ReadEvents"))? {
        let text = envelope
            .event
            .as_ref()
            .map(|e| describe_event(e, &seats))
            .unwrap_or_default();
        events.push(text);
    }
    let head = events.len() as u64;
    let mut indexes: Vec<u64> = (0..=head).step_by(args.every as usize).collect();
    if indexes.last() != Some(&head) {
        indexes.push(head);
    }
    let mut points: Vec<Point> = Vec::with_capacity(indexes.len());
    outln!(
        "{:>5}  {}  {:>5}  event",
        "index",
        seats
            .iter()
            .map(|s| format!("{:>6}", short(s)))
            .collect::<Vec<_>>()
            .join(" "),
        "sims"
    )?;
    for at in indexes {
        let answer = analyze(&mut client, &args.game, at, args.sims).await?;
        let from = points.last().map_or(0, |p| p.version);
        let what = events[from as usize..at as usize].join("; ");
        let moved = points.last().map_or((0.0, 0), |p| {
            p.chances
                .iter()
                .zip(&answer.win_chances)
                .map(|(a, b)| b - a)
                .enumerate()
                .fold((0.0f64, 0usize), |best, (s, d)| {
                    if d.abs() > best.0.abs() {
                        (d, s)
                    } else {
                        best
                    }
                })
        });
        let point = Point {
            version: at,
            chances: answer.win_chances,
            sims: answer.sims,
            full: answer.full_information,
            what,
            moved,
        };
        outln!("{}", line(&point, false))?;
        points.push(point);
    }
    let mut biggest: Vec<&Point> = points.iter().filter(|p| p.moved.0 != 0.0).collect();
    biggest.sort_by(|a, b| b.moved.0.abs().total_cmp(&a.moved.0.abs()));
    biggest.truncate(args.marks);
    biggest.sort_by_key(|p| p.version);
    let full = points.last().is_some_and(|p| p.full);
    outln!(
        "-- the {} largest moves ({}) --",
        biggest.len(),
        if full {
            "from the full state: the game is over"
        } else {
            "from what a spectator sees"
        }
    )?;
    for p in biggest {
        outln!("{}", line(p, true))?;
    }
    Ok(())
}

/// A point as a line of the curve; `marked` adds the seat whose chance moved most and by how much.
fn line(p: &Point, marked: bool) -> String {
    let chances: Vec<String> = p
        .chances
        .iter()
        .map(|c| format!("{:>5.1}%", c * 100.0))
        .collect();
    let mark = if marked {
        format!(" * seat {} {:+.1} points:", p.moved.1, p.moved.0 * 100.0)
    } else {
        String::new()
    };
    format!(
        "{:>5}  {}  {:>5}{mark}  {}",
        p.version,
        chances.join(" "),
        p.sims,
        p.what
    )
}

/// A seat's name cut to the width of a column.
fn short(name: &str) -> String {
    name.chars().take(6).collect()
}

/// One `Analyze` call, tried again while the server's analysis threads are busy.
async fn analyze(
    client: &mut pb::hexfold_client::HexfoldClient<tonic::transport::Channel>,
    game: &str,
    at: u64,
    sims: u32,
) -> anyhow::Result<pb::AnalyzeResponse> {
    let mut pause = Duration::from_millis(50);
    loop {
        let request = pb::AnalyzeRequest {
            game_id: game.to_string(),
            at_version: Some(at),
            sims,
        };
        match client.analyze(request).await {
            Ok(answer) => return Ok(answer.into_inner()),
            Err(status) if status.code() == tonic::Code::ResourceExhausted => {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(2));
            }
            Err(status) => return Err(rpc("Analyze")(status)),
        }
    }
}

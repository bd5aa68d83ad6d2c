//! `hexfold bot`: plays one seat over a `Play` stream from outside the server, for bot authors and for load.
//!
//! Outside the server a bot knows what the API tells its seat: here, the legal actions each prompt carries. So its
//! strategies choose among those by the kind of each command (its message's name, `BuildCity`, `EndTurn`, ...),
//! written once for every game: `uniform` draws a kind uniformly, then a command of it; `builder` weighs the kinds
//! that build (cities, settlements, improvements, knights, permits) over the rest and never offers a trade. The
//! server's own bot seats (`CreateGame`'s `bots`, `create --bot`) play with the rules crate's players, `random`,
//! `greedy` and `expert`, on the whole state, which only the server may read; the names differ so that a word
//! means one strategy wherever a user meets it.

use super::{connect, rpc, with_token, ServerArgs, TokenArgs};
use crate::proto::v1 as pb;
use anyhow::{bail, Context as _};
use clap::Args;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

/// How the CLI's bot chooses among its seat's legal actions (by command kind: not the server's `random`, `greedy`
/// and `expert`, which read the whole state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum WireStrategy {
    /// A kind of command uniformly, then one command of that kind.
    Uniform,
    /// Building first, ending the turn rather than offering a trade.
    Builder,
}

#[derive(Debug, Args)]
pub struct BotArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    /// The game id (from `create` or `list`).
    #[arg(required_unless_present = "game_flag")]
    pub game: Option<String>,
    /// The game id as an option, as earlier versions took it.
    #[arg(
        long = "game",
        hide = true,
        conflicts_with = "game",
        value_name = "GAME"
    )]
    pub game_flag: Option<String>,
    /// How the bot chooses among its seat's legal actions, by command kind (the server's bot seats play `random`,
    /// `greedy` or `expert` instead, see `create --bot`).
    #[arg(long, value_enum, default_value = "builder")]
    pub strategy: WireStrategy,
    /// Seed of the bot's own generator (random when absent).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Stop after this many commands even if the game goes on.
    #[arg(long, default_value_t = 100_000)]
    pub max_commands: u64,
}

/// The kind of a command: the name of the innermost message case of its game's command, e.g. `BuildRoad` (for a
/// Catania command of the Cities & Knights layer, the layer's case).
pub fn kind(command: &pb::Command) -> String {
    // The debug form names each oneof case as `Some(Case(`; the first is the game, the next the command (or
    // Catania's `Ck` and then the layer's command).
    let text = format!("{command:?}");
    let cases: Vec<&str> = text
        .split("Some(")
        .skip(1)
        .filter_map(|part| {
            let name = part.split('(').next()?;
            (name.starts_with(char::is_uppercase) && name.chars().all(char::is_alphanumeric))
                .then_some(name)
        })
        .collect();
    cases
        .iter()
        .skip(1)
        .find(|&&c| c != "Ck")
        .unwrap_or(&"")
        .to_string()
}

/// How much `strategy` wants a command of `kind`.
fn weight(strategy: WireStrategy, kind: &str) -> u32 {
    if strategy == WireStrategy::Uniform {
        return 1;
    }
    let k = kind.to_ascii_lowercase();
    if k.contains("offer") {
        0
    } else if ["city", "settlement", "improve", "church", "wall"]
        .iter()
        .any(|w| k.contains(w))
    {
        40
    } else if ["build", "place", "knight", "buy", "permit", "roll"]
        .iter()
        .any(|w| k.contains(w))
    {
        10
    } else if k.contains("end") {
        4
    } else {
        2
    }
}

/// One of `commands` as `strategy` chooses: a kind by its weight (uniformly if every kind weighs nothing), then a
/// command of that kind uniformly.
pub fn choose<'a>(
    strategy: WireStrategy,
    commands: &'a [pb::Command],
    rng: &mut impl Rng,
) -> Option<&'a pb::Command> {
    let kinds: Vec<String> = commands.iter().map(kind).collect();
    let mut distinct: Vec<&str> = Vec::new();
    for k in &kinds {
        if !distinct.contains(&k.as_str()) {
            distinct.push(k);
        }
    }
    let weights: Vec<u32> = distinct.iter().map(|k| weight(strategy, k)).collect();
    let total: u32 = weights.iter().sum();
    let chosen = if total == 0 {
        distinct.get(rng.gen_range(0..distinct.len().max(1)))?
    } else {
        let mut pick = rng.gen_range(0..total);
        let mut at = 0;
        while pick >= weights[at] {
            pick -= weights[at];
            at += 1;
        }
        &distinct[at]
    };
    let of_kind: Vec<&pb::Command> = commands
        .iter()
        .zip(&kinds)
        .filter(|(_, k)| k == chosen)
        .map(|(c, _)| c)
        .collect();
    of_kind.get(rng.gen_range(0..of_kind.len())).copied()
}

/// Plays the token's seat until the game ends (or `--max-commands`); prints one line per command and the end.
pub async fn run(args: BotArgs) -> anyhow::Result<()> {
    let Some(token) = args.token.token.clone() else {
        bail!("`bot` plays a seat: give its token with --token or HEXFOLD_TOKEN");
    };
    let Some(game) = args.game.clone().or(args.game_flag.clone()) else {
        bail!("give the game id");
    };
    let mut client = connect(&args.server).await?;
    let mut rng = match args.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_entropy(),
    };
    let (tx, rx) = mpsc::channel(4);
    let open = pb::PlayRequest {
        request: Some(pb::play_request::Request::Open(pb::PlayOpen {
            game_id: game,
        })),
    };
    tx.send(open).await.expect("the receiver is held below");
    let request = with_token(ReceiverStream::new(rx), Some(&token))?;
    let mut updates = client
        .play(request)
        .await
        .map_err(rpc("Play"))?
        .into_inner();
    let mut sent = 0u64;
    // The actions of the seat's last prompt that were not refused yet: a refused command is replaced by another,
    // since the server prompts only at a version it has not told about.
    let mut open_actions: Vec<pb::Command> = Vec::new();
    let mut version = 0;
    loop {
        let update = updates
            .message()
            .await
            .map_err(rpc("Play"))?
            .context("the server ended the Play stream before the game ended")?;
        match update.update {
            Some(pb::play_update::Update::YourTurn(turn)) => {
                version = turn.version;
                open_actions = turn.commands;
            }
            Some(pb::play_update::Update::Result(result)) => match result.outcome {
                Some(pb::command_result::Outcome::Accepted(accepted)) => {
                    outln!(
                        "{} accepted at version {}",
                        result.command_id,
                        accepted.version
                    )?;
                    open_actions.clear();
                    if let Some(turn) = accepted.legal_actions {
                        version = turn.version;
                        open_actions = turn.commands;
                    }
                }
                // ABORTED (a version conflict): the game moved on before the command arrived, as it does when
                // the server's bots or other players act in the same moment. Nothing to report: the server prompts
                // again if the seat may still act, and the bot chooses from that prompt.
                Some(pb::command_result::Outcome::Refused(refused))
                    if refused.code == tonic::Code::Aborted as i32 =>
                {
                    open_actions.clear();
                }
                Some(pb::command_result::Outcome::Refused(refused)) => {
                    eprintln!(
                        "{} refused: {} {}",
                        result.command_id, refused.reason, refused.message
                    );
                }
                None => bail!("a command result without an outcome"),
            },
            Some(pb::play_update::Update::Ended(ended)) => {
                match ended.winner {
                    Some(w) => outln!("game ended at version {}: seat {w} won", ended.version)?,
                    None => outln!("game ended at version {}", ended.version)?,
                }
                return Ok(());
            }
            None => bail!("an empty Play update"),
        }
        if open_actions.is_empty() {
            continue;
        }
        if sent >= args.max_commands {
            outln!("stopping after {sent} commands")?;
            return Ok(());
        }
        let Some(command) = choose(args.strategy, &open_actions, &mut rng).cloned() else {
            continue;
        };
        open_actions.retain(|c| *c != command);
        sent += 1;
        let submit = pb::PlayRequest {
            request: Some(pb::play_request::Request::Submit(
                pb::SubmitCommandRequest {
                    game_id: String::new(),
                    command_id: format!("cli-bot/{version}/{sent}"),
                    expected_version: Some(version),
                    command: Some(command),
                    with_legal_actions: true,
                },
            )),
        };
        if tx.send(submit).await.is_err() {
            bail!("the Play stream closed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::v1::catan;

    fn catan_command(c: catan::command::Command) -> pb::Command {
        pb::Command {
            game: Some(pb::command::Game::Catan(catan::Command {
                command: Some(c),
            })),
        }
    }

    #[test]
    fn a_command_s_kind_is_its_message_case() {
        let road = catan_command(catan::command::Command::BuildRoad(catan::BuildRoad {
            edge: 3,
        }));
        assert_eq!(kind(&road), "BuildRoad");
        let end = catan_command(catan::command::Command::EndTurn(catan::EndTurn {}));
        assert_eq!(kind(&end), "EndTurn");
    }

    /// A strategy's name means one thing wherever a user meets it: the outside bot's names are none of the
    /// server's bot strategies (`create --bot SEAT:STRATEGY`, `CreateGame`'s `bots`).
    #[test]
    fn the_outside_bot_s_strategies_are_not_named_like_the_server_s() {
        use clap::ValueEnum as _;
        for wire in WireStrategy::value_variants() {
            let name = wire
                .to_possible_value()
                .expect("listed")
                .get_name()
                .to_string();
            assert!(
                name.parse::<hexfold_rules::bot::Player>().is_err(),
                "`hexfold bot --strategy {name}` is also a server strategy"
            );
        }
    }

    #[test]
    fn the_builder_builds_before_it_ends_the_turn() {
        let commands = [
            catan_command(catan::command::Command::EndTurn(catan::EndTurn {})),
            catan_command(catan::command::Command::BuildCity(catan::BuildCity {
                vertex: 4,
            })),
        ];
        let mut rng = StdRng::seed_from_u64(1);
        let cities = (0..100)
            .filter(|_| {
                kind(choose(WireStrategy::Builder, &commands, &mut rng).unwrap()) == "BuildCity"
            })
            .count();
        assert!(cities > 80, "{cities} cities of 100");
    }
}

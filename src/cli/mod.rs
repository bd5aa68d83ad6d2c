//! The terminal client: subcommands of `hexfold` other than `serve`, for a person at a terminal. They speak the
//! public gRPC API through the generated client, like any other client.

use crate::proto::v1 as pb;
use anyhow::Context;
use pb::hexfold_client::HexfoldClient;

/// Client subcommands (flattened into the binary's top-level commands).
#[derive(Clone, Debug, clap::Subcommand)]
pub enum ClientCommand {
    /// Create a game and print its id and one secret token per seat.
    Create(CreateArgs),
}

#[derive(Clone, Debug, clap::Args)]
pub struct CreateArgs {
    /// Server address.
    #[arg(long, env = "HEXFOLD_SERVER", default_value = "http://127.0.0.1:50051")]
    pub server: String,
    /// Game variant: catan.
    #[arg(long, default_value = "catan")]
    pub variant: String,
    /// Draw a random map instead of the beginner map.
    #[arg(long)]
    pub random_map: bool,
    /// Seat names, in seat order.
    #[arg(required = true)]
    pub seats: Vec<String>,
}

pub async fn run(command: ClientCommand) -> anyhow::Result<()> {
    match command {
        ClientCommand::Create(args) => create(args).await,
    }
}

async fn create(args: CreateArgs) -> anyhow::Result<()> {
    let variant =
        pb::Variant::from_str_name(&format!("VARIANT_{}", args.variant.to_ascii_uppercase()))
            .with_context(|| format!("unknown variant {:?}", args.variant))?;
    let mut client = HexfoldClient::connect(args.server.clone())
        .await
        .with_context(|| format!("cannot connect to {}", args.server))?;
    let created = client
        .create_game(pb::CreateGameRequest {
            variant: variant as i32,
            seats: args.seats,
            options: Some(pb::GameOptions {
                map: if args.random_map {
                    pb::MapKind::Random
                } else {
                    pb::MapKind::Beginner
                } as i32,
                victory_points: 0,
            }),
        })
        .await?
        .into_inner();
    println!("game {}", created.game_id);
    println!("seed commitment {}", created.seed_commitment);
    for seat in created.seats {
        println!("seat {} {} token {}", seat.seat, seat.name, seat.token);
    }
    Ok(())
}

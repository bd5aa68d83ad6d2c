//! The client subcommands of the `hexfold` binary, for a person at a terminal (and for scripts: `--json`,
//! `--pick N`, and a non-zero exit status on every failure).
//!
//! Every client subcommand speaks the public gRPC API through the generated client, exactly as a client in another
//! language would; nothing of theirs reaches into the server's storage. The operator's `check` and `salvage`
//! (`store.rs`) are the exception: they read a stopped server's data directory; so is `import` (`export.rs`), which
//! writes into a store no server is using yet. The only server-side code the
//! client shares is the pure replay path used by `verify` (the seed derivation and the proto conversions), so that
//! verification cannot drift from what the server does.
//!
//! A session (the server address comes from `--server` or `HEXFOLD_SERVER`, the seat token from `--token` or
//! `HEXFOLD_TOKEN`; options go before the command words):
//!
//! ```text
//! hexfold create ann bob cat dan             # game id, one token per seat, the seed commitment
//! hexfold actions GAME --token T0            # numbered legal actions, written as `submit` accepts them
//! hexfold submit GAME --token T0 roll        # or --pick 1
//! hexfold submit GAME --token T2 place-settlement 17
//! hexfold state GAME --token T0 [--at N] [--board | --board-around vertex:17 [--radius 2]] [--json]
//! hexfold follow GAME                        # recorded events, a caught-up marker, then live events
//! hexfold list
//! hexfold verify GAME                        # once finished: seed vs commitment, every event re-derived
//! ```
//!
//! Every game is shown and typed in words: its commands (the `submit` grammar, both ways) and events (sentences)
//! in the words its proto file sets as options (`proto/hexfold/v1/words/words.proto`), read from the compiled-in
//! descriptors by `words.rs`, which names no game. What a game must lay out itself is its state in words, in its own
//! module `<game>_text.rs`, declared by its entry in the `games!` registry (Catania's over the Cities & Knights
//! layer's); `hex_map.rs` draws the hex boards for `state --board` (or the part of one around a hex,
//! `--board-around`): the 19-hex board of base Catan and Cities & Knights, and Catania's sea map (`catania_map.rs`).

/// `println!` that returns the write's error instead of panicking: a reader that goes away early (`hexfold actions
/// ... | head -1`) closes the pipe, and `main` ends quietly on that error rather than printing a panic.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

/// `print!` with the same treatment as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)
    }};
}

mod analyze;
mod bot;
mod catania_map;
pub mod export;
mod hex_map;
mod json;
pub mod store;
mod verify;
pub mod words;
crate::games::text_modules!();

use crate::games;
use crate::proto::v1 as pb;
use anyhow::{bail, Context as _};
use clap::{Args, Subcommand};
use pb::hexfold_client::HexfoldClient;
use std::fmt;
use tonic::transport::Channel;

pub use hex_map::{Focus, Window};
pub use verify::{verify_replay, Mismatch, Verified};

/// The client subcommands, flattened into the binary's top-level command next to `serve`.
#[derive(Debug, Subcommand)]
pub enum ClientCommand {
    /// Create a game; prints its id, one secret token per seat and the commitment to its random seed.
    Create(CreateArgs),
    /// Show the state of a game (at the head, or at an event index) as the token's seat or a spectator sees it.
    State(StateArgs),
    /// Print a game's events as they happen (recorded ones first), until interrupted or the stream ends.
    Follow(FollowArgs),
    /// List the commands the token's seat may submit now, numbered for `submit --pick`.
    Actions(ActionsArgs),
    /// Submit a command for the token's seat, written readably (`roll`, `build-road 12`, ...) or picked by number.
    Submit(SubmitArgs),
    /// List the games on the server.
    List(ListArgs),
    /// Check a finished game: the revealed seed matches the commitment and replaying every recorded command
    /// through the rules reproduces every recorded event.
    Verify(VerifyArgs),
    /// Play the token's seat over a `Play` stream until the game ends, choosing among its legal actions.
    Bot(bot::BotArgs),
    /// Print each seat's estimated chance to win after every event of a game (from what a spectator sees while
    /// it is in progress, from the full state after its end), marking the events that moved it most.
    Analyze(analyze::AnalyzeArgs),
}

/// Where the server is, and the TLS to reach it with.
#[derive(Debug, Clone, Args)]
pub struct ServerArgs {
    /// The server's address: `http://HOST:PORT`, or `https://HOST:PORT` for a server with TLS (`serve
    /// --tls-cert`), whose certificate must name HOST.
    #[arg(long, env = "HEXFOLD_SERVER", default_value = "http://127.0.0.1:50051")]
    pub server: String,
    /// The CA certificates (PEM) to trust for an https:// server instead of the system's CA bundle: the CA that
    /// signed the server's certificate, or the certificate itself if it is self-signed.
    #[arg(long, env = "HEXFOLD_CA_CERT", value_name = "PEM")]
    pub ca_cert: Option<std::path::PathBuf>,
    /// This client's certificate (PEM), for a server that requires one (`serve --tls-client-ca`); with
    /// --client-key.
    #[arg(
        long,
        env = "HEXFOLD_CLIENT_CERT",
        value_name = "PEM",
        requires = "client_key"
    )]
    pub client_cert: Option<std::path::PathBuf>,
    /// The key (PEM) of --client-cert.
    #[arg(
        long,
        env = "HEXFOLD_CLIENT_KEY",
        value_name = "PEM",
        requires = "client_cert"
    )]
    pub client_key: Option<std::path::PathBuf>,
}

/// A seat's secret token, if the caller holds one.
#[derive(Debug, Clone, Args)]
pub struct TokenArgs {
    /// A seat token from `create` (without it you are a spectator).
    #[arg(long, env = "HEXFOLD_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MapArg {
    Beginner,
    Random,
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    /// The game to play.
    // One of the games this build serves: the registry (`crate::games::GAMES`) is the only list.
    #[arg(long, default_value = "catan", value_parser = variant_parser())]
    pub variant: pb::Variant,
    /// One name per seat, in seat order.
    #[arg(required = true)]
    pub seats: Vec<String>,
    /// The map (the game's default when absent: the beginner layout for Catan).
    #[arg(long, value_enum)]
    pub map: Option<MapArg>,
    /// Victory points to win (the game's default when absent).
    #[arg(long)]
    pub vp: Option<u32>,
    /// Cities & Knights: players choose which active knights defend against the barbarians (rule CK-VAR-01).
    #[arg(long)]
    pub negotiated_defence: bool,
    /// Turn timer: seconds per decision for each seat the game waits for (1..=604800); when they run out the
    /// server plays the seat's timeout action. No timer when absent.
    #[arg(long, value_name = "SECONDS")]
    pub turn_seconds: Option<u32>,
    /// Turn timer: a reserve per seat in seconds (0..=2592000), spent by decisions longer than --turn-seconds.
    #[arg(long, value_name = "SECONDS", requires = "turn_seconds")]
    pub reserve_seconds: Option<u32>,
    /// A seat the server plays itself, as `SEAT` (`greedy`) or `SEAT:STRATEGY` (`random`, `greedy`, or `expert`,
    /// a search within the think time the server allows); repeat for more. A bot seat gets no token.
    #[arg(long = "bot", value_name = "SEAT[:STRATEGY]", value_parser = parse_bot_seat)]
    pub bots: Vec<pb::BotSeat>,
    /// Print the response as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `--bot`'s value: a seat number, and optionally a strategy after a colon.
fn parse_bot_seat(text: &str) -> Result<pb::BotSeat, String> {
    let (seat, strategy) = text.split_once(':').unwrap_or((text, ""));
    let seat: u32 = seat
        .parse()
        .map_err(|_| format!("{seat:?} is not a seat number"))?;
    let strategy = match strategy {
        "" => pb::BotStrategy::Unspecified,
        name => {
            use hexfold_rules::bot::{Player, Strategy};
            match name.parse::<Player>()? {
                Player::Plain(Strategy::Random) => pb::BotStrategy::Random,
                Player::Plain(Strategy::Greedy) => pb::BotStrategy::Greedy,
                Player::Expert => pb::BotStrategy::Expert,
            }
        }
    };
    Ok(pb::BotSeat {
        seat,
        strategy: strategy.into(),
    })
}

#[derive(Debug, Args)]
pub struct StateArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    /// The game id (from `create` or `list`).
    pub game: String,
    /// The event index to show (0 is the state right after creation); the head when absent.
    #[arg(long)]
    pub at: Option<u64>,
    /// Also show the board: a hex game's drawn as a map with every hex, vertex and edge id and the pieces on them,
    /// then the harbors by edge (and base Catan's and Cities & Knights' hexes by id); a grid game's squares. Catania's
    /// whole map is about 250 columns wide: see --board-around.
    #[arg(long)]
    pub board: bool,
    /// Draw only the part of a hex game's map around a hex (`N` or `hex:N`), or around the first hex with vertex N
    /// (`vertex:N`) or edge N (`edge:N`): the hexes at most --radius steps from it. Implies --board.
    #[arg(long, value_name = "[hex:|vertex:|edge:]N")]
    pub board_around: Option<Focus>,
    /// The steps from --board-around's hex to the edge of the drawing: 1 fits 80 columns, 3 fits 120.
    #[arg(long, default_value_t = 2, requires = "board_around", value_parser = clap::value_parser!(u32).range(0..=12))]
    pub radius: u32,
    /// Print the response as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct FollowArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    /// The game id (from `create` or `list`).
    pub game: String,
    /// Start after this version (0 replays the whole game first).
    #[arg(long, default_value_t = 0)]
    pub after: u64,
    /// Stop once caught up instead of waiting for live events.
    #[arg(long)]
    pub no_live: bool,
    /// Print one JSON object per line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ActionsArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    /// The game id (from `create` or `list`).
    pub game: String,
    /// Print the response as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(after_help = grammar())]
pub struct SubmitArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub token: TokenArgs,
    /// The game id (from `create` or `list`).
    pub game: String,
    /// Submit the N-th legal action as numbered by `actions` (1-based).
    #[arg(long, conflicts_with = "command")]
    pub pick: Option<usize>,
    /// Refuse (ABORTED) unless the game is at exactly this version.
    #[arg(long)]
    pub expect_version: Option<u64>,
    /// The command id (random when absent); reuse one to retry a submit safely.
    #[arg(long)]
    pub command_id: Option<String>,
    /// Print the response as JSON.
    #[arg(long)]
    pub json: bool,
    /// The command in words, e.g. `roll`, `build-road 12`, `trade-bank wool:4 ore:1` (listed below). Options may
    /// come before or after it; no command word begins with a dash.
    pub command: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    /// Games per request (the listing follows every page).
    #[arg(long, default_value_t = 100)]
    pub page_size: u32,
    /// Print one JSON object per game per line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    /// The game id (from `create` or `list`).
    pub game: String,
}

/// Runs one client subcommand, printing to stdout. Any failure (including a verification mismatch) is an error, so
/// the binary exits non-zero.
pub async fn run(command: ClientCommand) -> anyhow::Result<()> {
    match command {
        ClientCommand::Create(args) => create(args).await,
        ClientCommand::State(args) => state(args).await,
        ClientCommand::Follow(args) => follow(args).await,
        ClientCommand::Actions(args) => actions(args).await,
        ClientCommand::Submit(args) => submit(args).await,
        ClientCommand::List(args) => list(args).await,
        ClientCommand::Verify(args) => verify(args).await,
        ClientCommand::Bot(args) => bot::run(args).await,
        ClientCommand::Analyze(args) => analyze::run(args).await,
    }
}

/// A failed call, shown with its canonical status code and, for rule violations, the violation name and rule id
/// the server puts in the `google.rpc.ErrorInfo` details.
#[derive(Debug)]
pub struct RpcError {
    pub call: &'static str,
    pub status: tonic::Status,
}

impl RpcError {
    /// The violation name (`ErrorInfo.reason`) and rule id (`ErrorInfo.metadata["rule_id"]`), if present.
    pub fn violation(&self) -> Option<(String, Option<String>)> {
        use tonic_types::StatusExt as _;
        let info = self.status.get_details_error_info()?;
        let rule_id = info.metadata.get("rule_id").cloned();
        Some((info.reason, rule_id))
    }
}

impl fmt::Display for RpcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} failed: {}", self.call, code_name(self.status.code()))?;
        if let Some((reason, rule_id)) = self.violation() {
            write!(f, " {reason}")?;
            if let Some(rule_id) = rule_id {
                write!(f, " [{rule_id}]")?;
            }
        }
        if !self.status.message().is_empty() {
            write!(f, ": {}", self.status.message())?;
        }
        // A call that failed on the connection (`UNKNOWN` or `CANCELLED` with a transport error, not a status the
        // server sent) says what the connection's error was, and the usual cause: TLS, or a client certificate,
        // the server wants.
        let mut cause = std::error::Error::source(&self.status);
        if cause.is_none() {
            return Ok(());
        }
        let mut said = self.status.message().to_string();
        while let Some(error) = cause {
            let text = error.to_string();
            if !said.contains(&text) {
                write!(f, ": {text}")?;
                said = text;
            }
            cause = error.source();
        }
        write!(
            f,
            " (the connection failed before an answer: a server with TLS takes --server https://HOST:PORT, and \
             one that requires client certificates --client-cert and --client-key)"
        )
    }
}

impl std::error::Error for RpcError {}

/// The canonical upper-case name of a status code, as grpcurl and other languages print it.
pub fn code_name(code: tonic::Code) -> &'static str {
    use tonic::Code::*;
    match code {
        Ok => "OK",
        Cancelled => "CANCELLED",
        Unknown => "UNKNOWN",
        InvalidArgument => "INVALID_ARGUMENT",
        DeadlineExceeded => "DEADLINE_EXCEEDED",
        NotFound => "NOT_FOUND",
        AlreadyExists => "ALREADY_EXISTS",
        PermissionDenied => "PERMISSION_DENIED",
        ResourceExhausted => "RESOURCE_EXHAUSTED",
        FailedPrecondition => "FAILED_PRECONDITION",
        Aborted => "ABORTED",
        OutOfRange => "OUT_OF_RANGE",
        Unimplemented => "UNIMPLEMENTED",
        Internal => "INTERNAL",
        Unavailable => "UNAVAILABLE",
        DataLoss => "DATA_LOSS",
        Unauthenticated => "UNAUTHENTICATED",
    }
}

fn rpc(call: &'static str) -> impl FnOnce(tonic::Status) -> anyhow::Error {
    move |status| RpcError { call, status }.into()
}

/// The one way every client subcommand reaches the server: plain HTTP/2 for `http://`, TLS for `https://`,
/// trusting `--ca-cert` or else the system's CA bundle, and presenting `--client-cert` when given.
async fn connect(server: &ServerArgs) -> anyhow::Result<HexfoldClient<Channel>> {
    // `serve` prints its address without a scheme (`listening on 127.0.0.1:50051`); take it as typed.
    let address = if server.server.contains("://") {
        server.server.clone()
    } else {
        format!("http://{}", server.server)
    };
    let mut endpoint = Channel::from_shared(address.clone())
        .with_context(|| format!("bad server address {:?}", server.server))?;
    if address.starts_with("https://") {
        endpoint = endpoint
            .tls_config(client_tls(server)?)
            .with_context(|| format!("TLS for {}", server.server))?;
    } else if server.ca_cert.is_some() || server.client_cert.is_some() {
        bail!(
            "--ca-cert and --client-cert are for an https:// server, and {} is not one",
            server.server
        );
    }
    let channel = endpoint
        .connect()
        .await
        .with_context(|| format!("cannot connect to {}", server.server))?;
    Ok(HexfoldClient::new(channel))
}

/// The client's TLS configuration from `--ca-cert` and `--client-cert/--client-key`.
fn client_tls(server: &ServerArgs) -> anyhow::Result<tonic::transport::ClientTlsConfig> {
    use tonic::transport::{Certificate, ClientTlsConfig, Identity};
    let read = |path: &std::path::Path| {
        std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
    };
    let mut config = ClientTlsConfig::new();
    config = match &server.ca_cert {
        Some(path) => config.ca_certificate(Certificate::from_pem(read(path)?)),
        None => config.with_native_roots(),
    };
    if let (Some(cert), Some(key)) = (&server.client_cert, &server.client_key) {
        config = config.identity(Identity::from_pem(read(cert)?, read(key)?));
    }
    Ok(config)
}

/// Wraps a message in a request carrying the seat token, if any, as `authorization: Bearer <token>`.
pub fn with_token<T>(message: T, token: Option<&str>) -> anyhow::Result<tonic::Request<T>> {
    let mut request = tonic::Request::new(message);
    if let Some(token) = token {
        // The token is secret: the error names the problem, never the value.
        let value = format!("Bearer {token}").parse().map_err(|_| {
            anyhow::anyhow!("the token contains characters not allowed in a header")
        })?;
        request.metadata_mut().insert("authorization", value);
    }
    Ok(request)
}

/// Reads `--variant` as one of the served games' names (`cities-and-knights` for `VARIANT_CITIES_AND_KNIGHTS`),
/// so the registry is the only list of games.
fn variant_parser() -> impl clap::builder::TypedValueParser<Value = pb::Variant> {
    use clap::builder::TypedValueParser as _;
    let names: Vec<String> = games::GAMES
        .iter()
        .map(games::Registered::cli_name)
        .collect();
    clap::builder::PossibleValuesParser::new(names).map(|name| {
        games::GAMES
            .iter()
            .find(|game| game.cli_name() == name)
            .map(|game| game.variant)
            .expect("clap accepts only the names it was given")
    })
}

/// A variant in the command line's words, for any variant the API names (a newer server may serve more games than
/// this build).
fn variant_name(variant: i32) -> String {
    match pb::Variant::try_from(variant) {
        Ok(pb::Variant::Unspecified) | Err(_) => "unknown".to_string(),
        Ok(variant) => games::cli_name(variant),
    }
}

fn status_name(status: i32) -> &'static str {
    match pb::GameStatus::try_from(status) {
        Ok(pb::GameStatus::InProgress) => "in progress",
        Ok(pb::GameStatus::Finished) => "finished",
        Ok(pb::GameStatus::Unspecified) | Err(_) => "unknown",
    }
}

async fn create(args: CreateArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let variant = args.variant;
    let map = match args.map {
        None => pb::MapKind::Unspecified,
        Some(MapArg::Beginner) => pb::MapKind::Beginner,
        Some(MapArg::Random) => pb::MapKind::Random,
    };
    let request = pb::CreateGameRequest {
        variant: variant.into(),
        seats: args.seats,
        options: Some(pb::GameOptions {
            map: map.into(),
            victory_points: args.vp.unwrap_or(0),
            negotiated_defence: args.negotiated_defence,
            turn_seconds: args.turn_seconds.unwrap_or(0),
            reserve_seconds: args.reserve_seconds.unwrap_or(0),
        }),
        bots: args.bots,
    };
    let response = client
        .create_game(request)
        .await
        .map_err(rpc("CreateGame"))?
        .into_inner();
    if args.json {
        outln!("{}", json::to_json(&response)?)?;
        return Ok(());
    }
    outln!("game {}", response.game_id)?;
    outln!("seed commitment {}", response.seed_commitment)?;
    for seat in &response.seats {
        if seat.bot {
            outln!("seat {} {:<12} bot", seat.seat, seat.name)?;
        } else {
            outln!("seat {} {:<12} token {}", seat.seat, seat.name, seat.token)?;
        }
    }
    outln!("{}", shell_line(&response))?;
    Ok(())
}

/// `create`'s last line, to paste into a shell: the game id as `G` and each person's token as `T<seat>`, then the
/// next command as a comment.
fn shell_line(response: &pb::CreateGameResponse) -> String {
    let mut line = format!("G={}", response.game_id);
    let mut first = None;
    for seat in response.seats.iter().filter(|seat| !seat.bot) {
        line.push_str(&format!("; T{}={}", seat.seat, seat.token));
        first.get_or_insert(seat.seat);
    }
    match first {
        Some(seat) => line.push_str(&format!("  # then: hexfold actions $G --token $T{seat}")),
        None => line.push_str("  # then: hexfold follow $G"),
    }
    line
}

async fn state(args: StateArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let request = pb::GetStateRequest {
        game_id: args.game,
        at_version: args.at,
    };
    let request = with_token(request, args.token.token.as_deref())?;
    let response = client
        .get_state(request)
        .await
        .map_err(rpc("GetState"))?
        .into_inner();
    if args.json {
        outln!("{}", json::to_json(&response)?)?;
        return Ok(());
    }
    let board = match args.board_around {
        Some(focus) => ShowBoard::Around(Window {
            focus,
            radius: args.radius,
        }),
        None if args.board => ShowBoard::Whole,
        None => ShowBoard::No,
    };
    out!("{}", describe_state_response(&response, board)?)?;
    Ok(())
}

/// Whether `state` draws the board, and how much of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowBoard {
    No,
    Whole,
    /// A hex game's map around one hex; a game drawn otherwise draws its whole board.
    Around(Window),
}

impl ShowBoard {
    /// `None` when no board is drawn; else the window, if only part of a map is asked for.
    fn window(self) -> Option<Option<Window>> {
        match self {
            ShowBoard::No => None,
            ShowBoard::Whole => Some(None),
            ShowBoard::Around(window) => Some(Some(window)),
        }
    }
}

/// A game's state in words, its entry in the registry (`games!`): the summary (and the board, when asked) of its
/// own game's state, and `None` for another's.
pub(crate) type StateText =
    fn(&pb::game_state::Game, &[String], ShowBoard) -> Option<anyhow::Result<String>>;

/// The readable form of a `GetState` response: a header common to every game, then the game's own summary, then
/// the board when asked for. An error when the board's window is centred on an id the board does not have.
pub fn describe_state_response(
    response: &pb::GetStateResponse,
    board: ShowBoard,
) -> anyhow::Result<String> {
    use fmt::Write as _;
    let mut out = String::new();
    let seats: Vec<String> = response
        .summary
        .as_ref()
        .map(|s| s.seats.clone())
        .unwrap_or_default();
    if let Some(summary) = &response.summary {
        let _ = writeln!(
            out,
            "game {} ({}, {}) at version {} of {}",
            summary.game_id,
            variant_name(summary.variant),
            status_name(summary.status),
            response.version,
            summary.version
        );
        if let Some(winner) = summary.winner {
            let _ = writeln!(out, "winner: {}", seat_label(&seats, winner));
        }
    }
    match response.viewer_seat {
        Some(seat) => {
            let _ = writeln!(out, "you are {}", seat_label(&seats, seat));
        }
        None => {
            let _ = writeln!(out, "you are a spectator");
        }
    }
    if !response.waiting_for.is_empty() {
        let waiting: Vec<String> = response
            .waiting_for
            .iter()
            .map(|&seat| seat_label(&seats, seat))
            .collect();
        let _ = writeln!(out, "waiting for: {}", waiting.join(", "));
    }
    if !response.deadlines.is_empty() {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        for deadline in &response.deadlines {
            let _ = writeln!(out, "{}", describe_deadline(deadline, &seats, now));
        }
    }
    match response.state.as_ref().and_then(|s| s.game.as_ref()) {
        Some(game) => match games::GAMES
            .iter()
            .find_map(|g| (g.text)(game, &seats, board))
        {
            Some(text) => out.push_str(&text?),
            None => out.push_str("(a game this build does not know)\n"),
        },
        None => out.push_str("(no state)\n"),
    }
    Ok(out)
}

/// A seat's turn-timer deadline as a line: when (Unix milliseconds, and how far from `now_ms`), and the reserve left.
fn describe_deadline(deadline: &pb::SeatDeadline, seats: &[String], now_ms: u64) -> String {
    let at = deadline.deadline_unix_ms;
    let when = if at >= now_ms {
        format!("in {:.1} s", (at - now_ms) as f64 / 1000.0)
    } else {
        format!("{:.1} s ago", (now_ms - at) as f64 / 1000.0)
    };
    let mut line = format!(
        "deadline of {}: {when} (unix ms {at})",
        seat_label(seats, deadline.seat)
    );
    if deadline.reserve_ms > 0 {
        line.push_str(&format!(
            ", reserve {:.1} s left",
            deadline.reserve_ms as f64 / 1000.0
        ));
    }
    line
}

fn seat_label(seats: &[String], seat: u32) -> String {
    match seats.get(seat as usize) {
        Some(name) => format!("{name} (seat {seat})"),
        None => format!("seat {seat}"),
    }
}

/// One event as a line of text, in the words of the API's descriptors (`words.rs`).
pub fn describe_event(event: &pb::Event, seats: &[String]) -> String {
    words::words().event(event, seats)
}

/// One command in the `submit` grammar, so what `actions` prints can be typed back.
pub fn describe_command(command: &pb::Command) -> String {
    words::words().command(command)
}

/// The `submit` grammars of every game, shown by `hexfold submit --help`.
fn grammar() -> String {
    words::words().grammar()
}

/// Parses a command typed in the `submit` grammar of the game `game_id` names: its id begins with its rules' name
/// (`catan-...`), which is the game's case of `hexfold.v1.Command`.
pub fn parse_command(game_id: &str, words: &[String]) -> anyhow::Result<pb::Command> {
    words::words().parse_command(game_id, words)
}

/// Seat names of a game, for readable output; empty when the game cannot be read (output falls back to numbers).
async fn seat_names(
    client: &mut HexfoldClient<Channel>,
    game: &str,
    token: Option<&str>,
) -> Vec<String> {
    let request = match with_token(
        pb::GetStateRequest {
            game_id: game.to_string(),
            at_version: Some(0),
        },
        token,
    ) {
        Ok(request) => request,
        Err(_) => return Vec::new(),
    };
    match client.get_state(request).await {
        Ok(response) => response
            .into_inner()
            .summary
            .map(|s| s.seats)
            .unwrap_or_default(),
        Err(_) => Vec::new(),
    }
}

async fn follow(args: FollowArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let token = args.token.token.as_deref();
    let seats = seat_names(&mut client, &args.game, token).await;
    let request = pb::SubscribeRequest {
        game_id: args.game.clone(),
        after_version: args.after,
    };
    let mut stream = client
        .subscribe(with_token(request, token)?)
        .await
        .map_err(rpc("Subscribe"))?
        .into_inner();
    while let Some(item) = stream.message().await.map_err(rpc("Subscribe"))? {
        if args.json {
            outln!("{}", json::to_json(&item)?)?;
        }
        match item.item {
            Some(pb::subscribe_response::Item::Event(envelope)) if !args.json => {
                let text = envelope
                    .event
                    .as_ref()
                    .map(|e| describe_event(e, &seats))
                    .unwrap_or_default();
                outln!("{:>5}  {text}", envelope.version)?;
            }
            Some(pb::subscribe_response::Item::CaughtUp(caught_up)) => {
                if !args.json {
                    outln!(
                        "-- caught up at version {}; live from here --",
                        caught_up.version
                    )?;
                }
                if args.no_live {
                    break;
                }
            }
            Some(pb::subscribe_response::Item::Event(_)) | None => {}
        }
    }
    Ok(())
}

async fn legal_actions(
    client: &mut HexfoldClient<Channel>,
    game: &str,
    token: Option<&str>,
) -> anyhow::Result<pb::LegalActionsResponse> {
    let request = with_token(
        pb::LegalActionsRequest {
            game_id: game.to_string(),
        },
        token,
    )?;
    Ok(client
        .legal_actions(request)
        .await
        .map_err(rpc("LegalActions"))?
        .into_inner())
}

async fn actions(args: ActionsArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let response = legal_actions(&mut client, &args.game, args.token.token.as_deref()).await?;
    if args.json {
        outln!("{}", json::to_json(&response)?)?;
        return Ok(());
    }
    outln!(
        "seat {} at version {}: {} legal action(s)",
        response.seat,
        response.version,
        response.commands.len()
    )?;
    for (i, command) in response.commands.iter().enumerate() {
        outln!("{:>4}  {}", i + 1, describe_command(command))?;
    }
    if response.commands.is_empty() {
        outln!(
            "{}",
            waiting_for(&mut client, &args.game, args.token.token.as_deref()).await?
        )?;
    }
    Ok(())
}

/// Whom the game waits for at its head, in a sentence: for a seat with nothing to do.
async fn waiting_for(
    client: &mut HexfoldClient<Channel>,
    game: &str,
    token: Option<&str>,
) -> anyhow::Result<String> {
    let request = pb::GetStateRequest {
        game_id: game.to_string(),
        at_version: None,
    };
    let state = client
        .get_state(with_token(request, token)?)
        .await
        .map_err(rpc("GetState"))?
        .into_inner();
    let summary = state.summary.unwrap_or_default();
    if summary.status == pb::GameStatus::Finished as i32 {
        return Ok(match summary.winner {
            Some(winner) => format!(
                "the game has ended: {} won",
                seat_label(&summary.seats, winner)
            ),
            None => "the game has ended".to_string(),
        });
    }
    let seats: Vec<String> = state
        .waiting_for
        .iter()
        .map(|&seat| seat_label(&summary.seats, seat))
        .collect();
    Ok(if seats.is_empty() {
        "the game waits for no seat".to_string()
    } else {
        format!("the game waits for {}", seats.join(", "))
    })
}

async fn submit(args: SubmitArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let token = args.token.token.as_deref();
    if token.is_none() {
        bail!("submit needs a seat token (--token or HEXFOLD_TOKEN)");
    }
    let command = match args.pick {
        Some(n) => {
            let legal = legal_actions(&mut client, &args.game, token).await?;
            let count = legal.commands.len();
            match n
                .checked_sub(1)
                .and_then(|i| legal.commands.into_iter().nth(i))
            {
                Some(command) => command,
                None => bail!("--pick {n}: there are {count} legal action(s), numbered from 1"),
            }
        }
        None if args.command.is_empty() => {
            bail!("give a command (see `hexfold submit --help`) or --pick N")
        }
        None => parse_command(&args.game, &args.command)?,
    };
    let text = describe_command(&command);
    let command_id = args.command_id.unwrap_or_else(new_command_id);
    let request = pb::SubmitCommandRequest {
        game_id: args.game.clone(),
        command_id,
        expected_version: args.expect_version,
        command: Some(command),
        with_legal_actions: false,
    };
    let response = client
        .submit_command(with_token(request, token)?)
        .await
        .map_err(rpc("SubmitCommand"))?
        .into_inner();
    if args.json {
        outln!("{}", json::to_json(&response)?)?;
        return Ok(());
    }
    let seats = seat_names(&mut client, &args.game, token).await;
    let note = if response.duplicate {
        " (already submitted; original result)"
    } else {
        ""
    };
    outln!("{text} -> version {}{note}", response.version)?;
    for envelope in &response.events {
        let text = envelope
            .event
            .as_ref()
            .map(|e| describe_event(e, &seats))
            .unwrap_or_default();
        outln!("{:>5}  {text}", envelope.version)?;
    }
    Ok(())
}

/// A fresh command id: 16 random bytes in hex, so retries with the same id are the caller's choice, not an
/// accident.
fn new_command_id() -> String {
    use rand::RngCore as _;
    let mut bytes = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut bytes);
    format!("cli-{}", hex::encode(bytes))
}

async fn list(args: ListArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let mut page_token = String::new();
    // The rows of every page, printed at the end in columns as wide as their widest cell (ids differ in length
    // by their game's name).
    let mut rows: Vec<[String; 6]> = Vec::new();
    // Games the server names as damaged (DATA_LOSS `GameDamaged`): listed as such, and the listing goes on past
    // each (its id is the next page's token), then the command fails.
    let mut damaged = Vec::new();
    loop {
        let request = pb::ListGamesRequest {
            page_size: args.page_size,
            page_token: page_token.clone(),
        };
        let response = match client.list_games(request).await {
            Ok(response) => response.into_inner(),
            Err(status) => {
                let error = RpcError {
                    call: "ListGames",
                    status,
                };
                let Some(game_id) = damaged_game(&error) else {
                    return Err(error.into());
                };
                if args.json {
                    outln!(
                        "{}",
                        serde_json::json!({"game_id": game_id, "damaged": error.status.message()})
                    )?;
                } else {
                    let none = || "-".to_string();
                    rows.push([
                        game_id.clone(),
                        none(),
                        "DAMAGED".into(),
                        none(),
                        none(),
                        none(),
                    ]);
                }
                damaged.push(error.to_string());
                page_token = game_id;
                continue;
            }
        };
        for game in &response.games {
            if args.json {
                outln!("{}", json::to_json(game)?)?;
                continue;
            }
            let winner = game
                .winner
                .map(|w| seat_label(&game.seats, w))
                .unwrap_or_else(|| "-".to_string());
            rows.push([
                game.game_id.clone(),
                variant_name(game.variant),
                status_name(game.status).to_string(),
                game.version.to_string(),
                winner,
                game.seats.join(", "),
            ]);
        }
        if response.next_page_token.is_empty() {
            break;
        }
        page_token = response.next_page_token;
    }
    if !args.json {
        if rows.is_empty() {
            outln!("no games")?;
        } else {
            out!(
                "{}",
                columns(
                    ["game", "variant", "status", "version", "winner", "seats"],
                    &rows
                )
            )?;
        }
    }
    if !damaged.is_empty() {
        bail!(
            "{} damaged game(s), not listed whole (`hexfold check` names the damage):\n{}",
            damaged.len(),
            damaged.join("\n")
        );
    }
    Ok(())
}

/// The id of the game a `ListGames` refusal names as damaged (DATA_LOSS, `ErrorInfo` reason `GameDamaged`).
fn damaged_game(error: &RpcError) -> Option<String> {
    use tonic_types::StatusExt as _;
    if error.status.code() != tonic::Code::DataLoss {
        return None;
    }
    let info = error.status.get_details_error_info()?;
    (info.reason == crate::error::GAME_DAMAGED)
        .then(|| info.metadata.get("game_id").cloned())
        .flatten()
}

/// A table: the header and the rows, each column as wide as its widest cell, two spaces apart; the fourth column
/// (a number) is right-aligned, the last is not padded.
fn columns<const N: usize>(header: [&str; N], rows: &[[String; N]]) -> String {
    let mut widths = header.map(str::len);
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; N]| {
        let mut text = String::new();
        for (i, (cell, width)) in cells.iter().zip(widths).enumerate() {
            if i + 1 == N {
                text.push_str(cell);
            } else if i == 3 {
                text.push_str(&format!("{cell:>width$}  "));
            } else {
                text.push_str(&format!("{cell:<width$}  "));
            }
        }
        text.push('\n');
        text
    };
    let mut text = line(header);
    for row in rows {
        text.push_str(&line(row.each_ref().map(String::as_str)));
    }
    text
}

async fn verify(args: VerifyArgs) -> anyhow::Result<()> {
    let mut client = connect(&args.server).await?;
    let replay = client
        .get_replay(pb::GetReplayRequest {
            game_id: args.game.clone(),
        })
        .await
        .map_err(rpc("GetReplay"))?
        .into_inner();
    // After the end every reader sees every event and the whole state (the seed is public by then), so spectator
    // reads are the full record.
    let request = pb::ReadEventsRequest {
        game_id: args.game.clone(),
        from_version: 1,
        to_version: None,
        backwards: false,
        limit: 0,
    };
    let mut stream = client
        .read_events(request)
        .await
        .map_err(rpc("ReadEvents"))?
        .into_inner();
    let mut recorded = Vec::new();
    while let Some(envelope) = stream.message().await.map_err(rpc("ReadEvents"))? {
        recorded.push(envelope);
    }
    let head = client
        .get_state(pb::GetStateRequest {
            game_id: args.game.clone(),
            at_version: None,
        })
        .await
        .map_err(rpc("GetState"))?
        .into_inner();
    match verify_replay(&replay, &recorded, head.state.as_ref()) {
        Ok(verified) => {
            outln!("OK {}: {verified}", args.game)?;
            Ok(())
        }
        Err(mismatch) => bail!("verification of {} FAILED: {mismatch}", args.game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_reads_as_how_far_off_it_is_and_the_reserve_left() {
        let seats = vec!["ann".to_string(), "bob".to_string()];
        let deadline = pb::SeatDeadline {
            seat: 1,
            deadline_unix_ms: 12_500,
            reserve_ms: 30_000,
        };
        assert_eq!(
            describe_deadline(&deadline, &seats, 10_000),
            "deadline of bob (seat 1): in 2.5 s (unix ms 12500), reserve 30.0 s left"
        );
        let passed = pb::SeatDeadline {
            reserve_ms: 0,
            ..deadline
        };
        assert_eq!(
            describe_deadline(&passed, &seats, 13_500),
            "deadline of bob (seat 1): 1.0 s ago (unix ms 12500)"
        );
    }
}

//! Shared helpers: a real server on 127.0.0.1:0 over a temporary sled directory, authenticated requests, and a
//! table of clients (one per seat) that plays random legal commands chosen from `LegalActions`.

use futures::FutureExt;
use hexfold::games::{Registered, GAMES};
use hexfold::proto::v1 as pb;
use hexfold::server::{self, Config, ServeError};
use pb::catan as c;
use pb::hexfold_client::HexfoldClient;
use rand::{rngs::StdRng, Rng};
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};

pub const OPERATOR_TOKEN: &str = "operator-secret-for-tests";

pub type Client = HexfoldClient<Channel>;

pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), ServeError>>>,
}

#[path = "../soak.rs"]
mod soak_env;
pub use soak_env::soak;

/// Runs `body` for every shipped game the server registers ([`GAMES`], in registry order), one after another: the
/// one test body of a test that holds for every game, instead of a copy per game. A failure names the game. The
/// tests' toy game is left out: these bodies play tables of four and games of dozens of events, and `toy.rs`
/// plays it.
pub async fn for_every_game<F, Fut>(body: F)
where
    F: Fn(&'static Registered) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for game in GAMES.iter().filter(|g| g.shipped) {
        if let Err(panic) = AssertUnwindSafe(body(game)).catch_unwind().await {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(a panic without a message)");
            panic!("{}: {message}", game.name);
        }
    }
}

pub fn config(dir: &Path) -> Config {
    Config {
        data_dir: dir.to_path_buf(),
        operator_token: Some(OPERATOR_TOKEN.to_string()),
        ..Config::default()
    }
}

pub async fn start(dir: &Path) -> TestServer {
    start_with(config(dir)).await
}

pub async fn start_with(config: Config) -> TestServer {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("local addr");
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(server::run(listener, config, async {
        let _ = stopped.await;
    }));
    TestServer {
        addr,
        stop: Some(stop),
        task: Some(task),
    }
}

impl TestServer {
    pub async fn client(&self) -> Client {
        connect(self.addr).await
    }

    /// A `Subscribe` stream of `game_id` from its start on a connection of its own, as the holder of `token` (a
    /// spectator without one).
    pub async fn subscribe(
        &self,
        game_id: &str,
        token: Option<&str>,
    ) -> tonic::Streaming<pb::SubscribeResponse> {
        let request = pb::SubscribeRequest {
            game_id: game_id.to_string(),
            after_version: 0,
        };
        let mut client = self.client().await;
        match token {
            Some(token) => client.subscribe(authed(request, token)).await,
            None => client.subscribe(request).await,
        }
        .expect("subscribe")
        .into_inner()
    }

    /// Waits for the game's end on a spectator's `Subscribe` stream: the `SeedRevealed` event. Returns the
    /// version it ended at.
    pub async fn ended(&self, game_id: &str) -> u64 {
        let mut stream = self.subscribe(game_id, None).await;
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

    /// Graceful shutdown; returns once the store is flushed and closed.
    pub async fn stop(mut self) {
        let _ = self.stop.take().expect("running").send(());
        self.task
            .take()
            .expect("running")
            .await
            .expect("server task")
            .expect("server stopped cleanly");
    }
}

pub async fn connect(addr: SocketAddr) -> Client {
    HexfoldClient::connect(format!("http://{addr}"))
        .await
        .expect("connect")
}

/// A request carrying `authorization: Bearer <token>`.
pub fn authed<T>(message: T, token: &str) -> Request<T> {
    let mut request = Request::new(message);
    request.metadata_mut().insert(
        "authorization",
        format!("Bearer {token}").parse().expect("ascii token"),
    );
    request
}

pub fn catan_options() -> pb::GameOptions {
    pb::GameOptions {
        map: pb::MapKind::Random as i32,
        victory_points: 0,
        negotiated_defence: false,
        ..Default::default()
    }
}

/// The options a test game of `variant` starts from: a random map for the games that have a choice of maps.
pub fn variant_options(variant: pb::Variant) -> pb::GameOptions {
    let map = match variant {
        pb::Variant::Catan | pb::Variant::CitiesAndKnights => pb::MapKind::Random,
        _ => pb::MapKind::Unspecified,
    };
    pb::GameOptions {
        map: map as i32,
        ..Default::default()
    }
}

/// The create request of a game of `variant` with `seats` seats named `player <i>`, the seats in `bots` played
/// by the server with their strategies.
pub fn game_request(
    variant: pb::Variant,
    seats: usize,
    options: pb::GameOptions,
    bots: &[(u32, pb::BotStrategy)],
) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        variant: variant as i32,
        seats: (0..seats).map(|i| format!("player {i}")).collect(),
        options: Some(options),
        bots: bots
            .iter()
            .map(|&(seat, strategy)| pb::BotSeat {
                seat,
                strategy: strategy as i32,
            })
            .collect(),
    }
}

pub async fn create_catan(client: &mut Client, seats: usize) -> pb::CreateGameResponse {
    client
        .create_game(game_request(
            pb::Variant::Catan,
            seats,
            catan_options(),
            &[],
        ))
        .await
        .expect("create game")
        .into_inner()
}

pub fn catan_event(event: &pb::EventEnvelope) -> Option<&c::event::Event> {
    match event.event.as_ref().and_then(|e| e.body.as_ref()) {
        Some(pb::event::Body::Catan(c::Event { event: Some(e) })) => Some(e),
        _ => None,
    }
}

pub fn catan_state(state: &pb::GetStateResponse) -> &c::State {
    match state.state.as_ref().and_then(|s| s.game.as_ref()) {
        Some(pb::game_state::Game::Catan(s)) => s,
        other => panic!("not a catan state: {other:?}"),
    }
}

/// A command's kind (its message in the API: the layer's commands of Catania are the layer's kinds) and how
/// likely a random client picks it among the legal kinds (the rules' `RandomPlayer::command_weight`, through the
/// registry): tilted towards growth so random games end in a few hundred commands.
fn kind_of(command: &pb::Command) -> (String, u32) {
    let kind = hexfold::cli::words::words()
        .command_kind(command)
        .unwrap_or_else(|| panic!("an empty command: {command:?}"));
    let weight = hexfold::games::GAMES
        .iter()
        .find_map(|game| game.command_weight(command))
        .unwrap_or_else(|| panic!("a command of no served game: {command:?}"));
    // A kind whose commands weigh differently (a permit paid for or not) is one kind per weight.
    (format!("{kind} {weight}"), weight)
}

/// Picks one command: a kind by weight, then uniformly within the kind.
pub fn pick(commands: &[pb::Command], rng: &mut StdRng) -> pb::Command {
    let mut kinds: Vec<(String, u32)> = Vec::new();
    for command in commands {
        let (k, w) = kind_of(command);
        if !kinds.iter().any(|(d, _)| *d == k) {
            kinds.push((k, w));
        }
    }
    let total: u32 = kinds.iter().map(|(_, w)| w).sum();
    let mut roll = rng.gen_range(0..total);
    let mut chosen = kinds[0].0.clone();
    for (k, w) in &kinds {
        if roll < *w {
            chosen = k.clone();
            break;
        }
        roll -= w;
    }
    let of_kind: Vec<&pb::Command> = commands.iter().filter(|c| kind_of(c).0 == chosen).collect();
    of_kind[rng.gen_range(0..of_kind.len())].clone()
}

/// One accepted command of [`Table::try_step`].
#[derive(Clone, Debug)]
pub struct Step {
    pub seat: usize,
    pub command_id: String,
    pub command: pb::Command,
    pub response: pb::SubmitCommandResponse,
}

/// Submits an acknowledged `step` of game `game_id` again under its command id, and checks that the answer is the
/// original result: the command was in the log, once, with the events it was acknowledged with.
pub async fn assert_in_log(client: &mut Client, game_id: &str, tokens: &[String], step: &Step) {
    let again = submit_again(client, game_id, tokens, step).await;
    assert_eq!(again.events, step.response.events);
}

/// Submits an acknowledged `step` of game `game_id` again under its command id, checks that it comes back as a
/// duplicate at the version it was acknowledged with, and returns the answer.
pub async fn submit_again(
    client: &mut Client,
    game_id: &str,
    tokens: &[String],
    step: &Step,
) -> pb::SubmitCommandResponse {
    let again = client
        .submit_command(authed(
            pb::SubmitCommandRequest {
                game_id: game_id.to_string(),
                command_id: step.command_id.clone(),
                expected_version: None,
                command: Some(step.command.clone()),
                ..Default::default()
            },
            &tokens[step.seat],
        ))
        .await
        .unwrap_or_else(|s| panic!("acknowledged command {} is lost: {s:?}", step.command_id))
        .into_inner();
    assert!(
        again.duplicate,
        "acknowledged command {} was not in the log",
        step.command_id
    );
    assert_eq!(again.version, step.response.version);
    again
}

/// One game and one client per seat.
pub struct Table {
    pub game_id: String,
    pub tokens: Vec<String>,
    pub seats: Vec<Client>,
    pub spectator: Client,
    pub commands: usize,
}

impl Table {
    pub async fn new(addr: SocketAddr, seats: usize) -> Table {
        Table::create(addr, pb::Variant::Catan, seats, catan_options()).await
    }

    pub async fn create(
        addr: SocketAddr,
        variant: pb::Variant,
        seats: usize,
        options: pb::GameOptions,
    ) -> Table {
        let (table, _) = Table::create_from(addr, game_request(variant, seats, options, &[])).await;
        table
    }

    /// Creates the game `request` describes and returns it with the create response, one client per seat.
    pub async fn create_from(
        addr: SocketAddr,
        request: pb::CreateGameRequest,
    ) -> (Table, pb::CreateGameResponse) {
        let mut spectator = connect(addr).await;
        let created = spectator
            .create_game(request)
            .await
            .expect("create game")
            .into_inner();
        let mut clients = Vec::new();
        for _ in &created.seats {
            clients.push(connect(addr).await);
        }
        let table = Table {
            game_id: created.game_id.clone(),
            tokens: created.seats.iter().map(|s| s.token.clone()).collect(),
            seats: clients,
            spectator,
            commands: 0,
        };
        (table, created)
    }

    /// Opens a `Play` stream for `seat`: the sender of its commands (the stream ends when it is dropped) and its
    /// updates.
    pub async fn play(
        &self,
        seat: usize,
    ) -> (
        tokio::sync::mpsc::Sender<pb::PlayRequest>,
        tonic::Streaming<pb::PlayUpdate>,
    ) {
        let (tx, rx) = tokio::sync::mpsc::channel(4);
        let open = pb::play_request::Request::Open(pb::PlayOpen {
            game_id: self.game_id.clone(),
        });
        tx.send(pb::PlayRequest {
            request: Some(open),
        })
        .await
        .unwrap();
        let mut client = self.seats[seat].clone();
        let updates = client
            .play(authed(
                tokio_stream::wrappers::ReceiverStream::new(rx),
                &self.tokens[seat],
            ))
            .await
            .expect("Play")
            .into_inner();
        (tx, updates)
    }

    pub async fn legal(&mut self, seat: usize) -> Result<pb::LegalActionsResponse, Status> {
        let request = authed(
            pb::LegalActionsRequest {
                game_id: self.game_id.clone(),
            },
            &self.tokens[seat],
        );
        Ok(self.seats[seat].legal_actions(request).await?.into_inner())
    }

    pub async fn submit(
        &mut self,
        seat: usize,
        command: pb::Command,
        expected_version: Option<u64>,
    ) -> Result<pb::SubmitCommandResponse, Status> {
        self.commands += 1;
        let request = authed(
            pb::SubmitCommandRequest {
                game_id: self.game_id.clone(),
                command_id: format!("{}-{}", self.game_id, self.commands),
                expected_version,
                command: Some(command),
                ..Default::default()
            },
            &self.tokens[seat],
        );
        Ok(self.seats[seat].submit_command(request).await?.into_inner())
    }

    /// Asks every seat for its legal actions and submits one random legal command of a random seat that has
    /// some. `Ok(None)` when nobody may act (the game has ended).
    pub async fn try_step(&mut self, rng: &mut StdRng) -> Result<Option<Step>, Status> {
        let mut options = Vec::new();
        for seat in 0..self.tokens.len() {
            let legal = self.legal(seat).await?;
            if !legal.commands.is_empty() {
                options.push((seat, legal));
            }
        }
        if options.is_empty() {
            return Ok(None);
        }
        let (seat, legal) = options.swap_remove(rng.gen_range(0..options.len()));
        let command = pick(&legal.commands, rng);
        let response = self
            .submit(seat, command.clone(), Some(legal.version))
            .await?;
        Ok(Some(Step {
            seat,
            command_id: format!("{}-{}", self.game_id, self.commands),
            command,
            response,
        }))
    }

    /// `try_step`, where every failure is a test failure (a listed command must be accepted).
    pub async fn step(&mut self, rng: &mut StdRng) -> Option<(usize, pb::SubmitCommandResponse)> {
        let step = self
            .try_step(rng)
            .await
            .unwrap_or_else(|s| panic!("a listed command was refused: {s:?}"))?;
        assert!(!step.response.duplicate);
        Some((step.seat, step.response))
    }

    /// Points every client at another server (after a restart).
    pub async fn reconnect(&mut self, addr: SocketAddr) {
        self.spectator = connect(addr).await;
        for client in &mut self.seats {
            *client = connect(addr).await;
        }
    }

    pub async fn state(
        &mut self,
        viewer: Option<usize>,
        at: Option<u64>,
    ) -> Result<pb::GetStateResponse, Status> {
        let message = pb::GetStateRequest {
            game_id: self.game_id.clone(),
            at_version: at,
        };
        Ok(match viewer {
            Some(seat) => {
                self.seats[seat]
                    .get_state(authed(message, &self.tokens[seat]))
                    .await?
            }
            None => self.spectator.get_state(message).await?,
        }
        .into_inner())
    }

    pub async fn events(&mut self, viewer: Option<usize>) -> Vec<pb::EventEnvelope> {
        self.events_after(viewer, 0).await
    }

    /// The events after version `after`, up to the head, as `viewer` reads them.
    pub async fn events_after(
        &mut self,
        viewer: Option<usize>,
        after: u64,
    ) -> Vec<pb::EventEnvelope> {
        let message = pb::ReadEventsRequest {
            game_id: self.game_id.clone(),
            from_version: after + 1,
            ..Default::default()
        };
        let mut stream = match viewer {
            Some(seat) => {
                self.seats[seat]
                    .read_events(authed(message, &self.tokens[seat]))
                    .await
            }
            None => self.spectator.read_events(message).await,
        }
        .expect("read events")
        .into_inner();
        let mut out = Vec::new();
        while let Some(event) = stream.message().await.expect("event stream") {
            out.push(event);
        }
        out
    }

    /// The replay of the finished game (its commands and revealed seed), as a spectator gets it.
    pub async fn replay(&mut self) -> pb::GetReplayResponse {
        self.spectator
            .get_replay(pb::GetReplayRequest {
                game_id: self.game_id.clone(),
            })
            .await
            .expect("replay of a finished game")
            .into_inner()
    }

    pub async fn head(&mut self) -> u64 {
        self.state(None, None).await.expect("state").version
    }
}

/// Asserts a status code, with the message on failure.
pub fn assert_code<T: std::fmt::Debug>(result: Result<T, Status>, code: Code) -> Status {
    match result {
        Ok(value) => panic!("expected {code:?}, got Ok({value:?})"),
        Err(status) => {
            assert_eq!(status.code(), code, "{status:?}");
            status
        }
    }
}

/// Runs the `hexfold` binary against `server` (an operator's subcommand ignores it; no token from this process's
/// environment) and returns its standard output; it must succeed.
pub async fn hexfold_cli(server: &str, args: &[&str]) -> String {
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

/// A `hexfold serve` child process on `127.0.0.1:0` with `args` after `--listen` (its data directory or store),
/// none of the server's settings taken from this process's environment, killed when dropped. Returns it with the
/// address it printed, and its stdout, which the caller keeps open so that the server never writes into a closed
/// pipe.
pub async fn serve_binary(
    args: &[&std::ffi::OsStr],
) -> (
    tokio::process::Child,
    SocketAddr,
    tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
) {
    use tokio::io::AsyncBufReadExt as _;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(args)
        .env_remove("HEXFOLD_LISTEN")
        .env_remove("HEXFOLD_DATA_DIR")
        .env_remove("HEXFOLD_STORE")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn hexfold serve");
    let mut stdout = tokio::io::BufReader::new(child.stdout.take().expect("piped")).lines();
    let line = stdout
        .next_line()
        .await
        .expect("read the server's stdout")
        .expect("the server prints its address");
    let addr = line
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .expect("an address");
    (child, addr, stdout)
}

/// Copies a directory tree, such as a store's data directory (a copy to damage, or a fixture that must never be
/// written to: sled opens its files read-write).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs a program to its end and returns its stdout; panics with its status and both outputs unless it succeeded,
/// and names `what` (say there how to install a program that may be missing).
pub fn succeed(command: &mut std::process::Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    checked(output, what)
}

/// `succeed` for a program run beside a server on this test's runtime.
pub async fn succeed_async(command: &mut tokio::process::Command, what: &str) -> String {
    let output = command
        .output()
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    checked(output, what)
}

fn checked(output: std::process::Output, what: &str) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

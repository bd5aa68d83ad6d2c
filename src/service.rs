//! The `hexfold.v1.Hexfold` gRPC service: authentication, dispatch to the game's engine, and the game-independent
//! calls (`ListGames`, `SubscribeAll`, `ExportGames`).

use crate::engine::EngineError;
use crate::engine::{self, Credential, Shared};
use crate::export;
use crate::games::{self, DynGame};
use crate::metrics::StreamKind;
use crate::proto::v1 as pb;
use crate::stored::{self, StoredMetaHead, StoredSummary};
use futures::StreamExt as _;
use hexfold_rules::bot::{Player, Strategy};
use hexfold_store::StreamListing;
use std::sync::Arc;
use subtle::ConstantTimeEq;
use tokio::sync::{mpsc, RwLock};
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status, Streaming};

/// Items buffered between a stream's task and the connection.
const STREAM_CHANNEL: usize = 16;
/// The same for `ExportGames`, whose messages hold up to `export::BATCH_BYTES` (256 KiB) of lines: an export
/// that its client reads slowly holds two of them queued and one being filled, not sixteen (4 MiB).
const EXPORT_CHANNEL: usize = 2;
/// Default and largest `ListGames` page.
const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 500;
/// Store reads of one `ListGames` page in flight at once: a game without a summary yet (one in progress) needs its
/// meta, and each read is a hop to one of the store's reader threads (a round trip for a database), so a page of
/// them is read a few at a time rather than one after the other. Small, so that one listing leaves the store's
/// read slots to the games being played.
const LIST_READS_IN_FLIGHT: usize = 8;
/// Events read from the global log per step of `SubscribeAll`.
const GLOBAL_CHUNK: usize = 512;

pub type EventStream<T> = ReceiverStream<Result<T, Status>>;

impl From<Vec<String>> for pb::ExportGamesResponse {
    fn from(lines: Vec<String>) -> Self {
        pb::ExportGamesResponse {
            as_of_position: 0,
            lines,
        }
    }
}

#[derive(Clone)]
pub struct HexfoldService {
    inner: Arc<Inner>,
}

struct Inner {
    games: Vec<Arc<dyn DynGame>>,
    shared: Arc<Shared>,
    /// SHA-256 of the operator token, if one is configured.
    operator_sha256: Option<[u8; 32]>,
    /// Every write runs in its own task holding a read guard, so a client that goes away or a request timeout
    /// cannot cut an append between the store and the cache; shutdown takes the write guard to wait for them.
    writes: Arc<RwLock<()>>,
}

impl HexfoldService {
    pub fn new(
        shared: Arc<Shared>,
        operator_token: Option<&str>,
        writes: Arc<RwLock<()>>,
    ) -> HexfoldService {
        let operator_sha256 = match Credential::from_token(operator_token.unwrap_or_default()) {
            Credential::Token(hash) if operator_token.is_some_and(|t| !t.is_empty()) => Some(hash),
            _ => None,
        };
        HexfoldService {
            inner: Arc::new(Inner {
                games: games::engines(&shared),
                shared,
                operator_sha256,
                writes,
            }),
        }
    }
}

impl HexfoldService {
    /// The follower of a store shared with other servers, to be spawned beside the service: it reads the global
    /// order from the position the store has announced now, woken by `watch_position`, and hands each game's
    /// runs of events to its engine (`Engine::follow`), so this server's caches, `Play` sessions and
    /// subscribers see what other servers append. It ends when the server begins to shut down. A store only this
    /// server writes needs none: every batch then passes through this server's command path.
    pub fn follower(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let inner = Arc::clone(&self.inner);
        async move { inner.follow().await }
    }
}

/// The follower's wait before reading again after a store error (a database that is down, say), doubled up to
/// [`FOLLOW_BACKOFF_MAX`] while the errors last.
const FOLLOW_BACKOFF: std::time::Duration = std::time::Duration::from_millis(50);
const FOLLOW_BACKOFF_MAX: std::time::Duration = std::time::Duration::from_secs(2);

impl Inner {
    async fn follow(&self) {
        let store = &*self.shared.store;
        let mut announced = store.watch_position();
        let mut shutdown = self.shared.shutdown.clone();
        let mut position = announced.current();
        let mut backoff = FOLLOW_BACKOFF;
        loop {
            match self.follow_step(&mut position).await {
                Ok(()) => {
                    backoff = FOLLOW_BACKOFF;
                    // Once past what has been announced, asking again would only hear "caught up" (one query
                    // per wake-up on a database): anything committed since is announced past `position`, so
                    // wait for that. Short of it, more is readable now.
                    if position < announced.current() {
                        continue;
                    }
                    tokio::select! {
                        past = announced.wait_past(position) => if past.is_err() { return },
                        _ = shutdown.wait_for(|s| *s) => return,
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, position, "following the shared store failed; retrying");
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = shutdown.wait_for(|s| *s) => return,
                    }
                    backoff = (backoff * 2).min(FOLLOW_BACKOFF_MAX);
                }
            }
        }
    }

    /// Reads one chunk of the global order's index past `position` (positions, games and versions: no
    /// payloads, which the engine reads only for the games someone here watches) and hands each game's runs
    /// on, moving `position` past each run taken in. An unavailable store fails the step, to be retried from
    /// the run it stopped at; a run that cannot be taken in for another reason is logged and passed over, since
    /// reading it again would fail the same way (the engine reloads that game from the store on its next use).
    async fn follow_step(&self, position: &mut u64) -> Result<(), EngineError> {
        let entries = self
            .shared
            .store
            .read_global_index(position.saturating_add(1), GLOBAL_CHUNK)
            .await?;
        for run in runs(entries, |e| (&e.stream, e.version)) {
            let game_id = run[0].stream.clone();
            let last = run[run.len() - 1].global;
            if let Ok(engine) = self.by_game(&game_id) {
                match engine.follow(game_id.clone(), run).await {
                    Ok(()) => {}
                    Err(e @ EngineError::Unavailable(_)) => return Err(e),
                    Err(e) => {
                        tracing::error!(game_id, error = %e, "a followed batch was not taken in")
                    }
                }
            }
            *position = last;
        }
        Ok(())
    }
}

impl Inner {
    fn by_variant(&self, variant: i32) -> Result<&Arc<dyn DynGame>, EngineError> {
        let named = pb::Variant::try_from(variant).map_err(|_| {
            EngineError::Malformed(format!("variant {variant} must name a Variant"))
        })?;
        if named == pb::Variant::Unspecified {
            return Err(EngineError::Malformed("variant is required".into()));
        }
        self.games
            .iter()
            .find(|g| g.variant() == named)
            .ok_or_else(|| {
                EngineError::Malformed(format!("{} is not served here", named.as_str_name()))
            })
    }

    /// The engine of a game id: ids are `<game's id prefix>-<random hex>` (or, stored before, `<game name>-…`).
    fn by_game(&self, game_id: &str) -> Result<&Arc<dyn DynGame>, EngineError> {
        crate::engine::check_game_id(game_id)?;
        self.games
            .iter()
            .find(|g| g.owns_game_id(game_id))
            .ok_or(EngineError::UnknownGame)
    }

    fn by_name(&self, name: &str) -> Option<&Arc<dyn DynGame>> {
        self.games.iter().find(|g| g.name() == name)
    }

    /// Runs a write in a task of its own (see `writes`): a request future can be dropped midway, that task cannot.
    async fn write<T: Send + 'static>(
        &self,
        work: impl std::future::Future<Output = Result<T, EngineError>> + Send + 'static,
    ) -> Result<T, EngineError> {
        let guard = Arc::clone(&self.writes).read_owned().await;
        tokio::spawn(async move {
            let result = work.await;
            drop(guard);
            result
        })
        .await
        .map_err(|e| EngineError::Bug(format!("the command task failed: {e}")))?
    }

    /// Runs a write in the caller's task, holding the shutdown guard. Only for callers that nothing can cancel
    /// midway, i.e. tasks of our own such as a `Play` session (which saves a task per command).
    async fn write_here<T>(
        &self,
        work: impl std::future::Future<Output = Result<T, EngineError>>,
    ) -> Result<T, EngineError> {
        let _guard = self.writes.read().await;
        work.await
    }

    async fn list_games(
        &self,
        req: pb::ListGamesRequest,
    ) -> Result<pb::ListGamesResponse, EngineError> {
        let size = match req.page_size as usize {
            0 => DEFAULT_PAGE,
            n if n <= MAX_PAGE => n,
            n => {
                return Err(EngineError::Malformed(format!(
                    "page_size {n} is over the limit of {MAX_PAGE}"
                )))
            }
        };
        let after = (!req.page_token.is_empty()).then_some(req.page_token.as_str());
        let mut rows = self.shared.store.list_streams(after, size + 1).await?;
        let more = rows.len() > size;
        rows.truncate(size);
        // In page order (`buffered` keeps it), and the first failure in that order decides, as if the rows were
        // read one after the other. The futures are made before the stream (not by a `map` on it) so that the
        // request's future stays provably `Send`: a closure over a borrowed row trips the compiler's check.
        let rows_read: Vec<_> = rows.iter().map(|row| self.game_summary(row)).collect();
        let mut reads = futures::stream::iter(rows_read).buffered(LIST_READS_IN_FLIGHT);
        let mut games = Vec::with_capacity(rows.len());
        while let Some(read) = reads.next().await {
            let problem = match read {
                Ok(game) => {
                    games.push(game);
                    continue;
                }
                Err(EngineError::Damaged(problem)) => problem,
                Err(e) => return Err(e),
            };
            // A damaged game is never listed as if it were whole, and neither hides the games beside it: the page
            // ends before it (its token is the game before), and a page that starts with it is DATA_LOSS naming it
            // (`page_token` = its id lists on past it). See the README, "Any language: the gRPC API".
            let at = games.len();
            if at == 0 {
                let game_id = rows[0].name.clone();
                return Err(EngineError::DamagedGame {
                    message: format!(
                        "game {game_id} is damaged and not listed ({problem}); the next page after it starts at \
                         page_token {game_id:?}"
                    ),
                    game_id,
                });
            }
            return Ok(pb::ListGamesResponse {
                games,
                next_page_token: rows[at - 1].name.clone(),
            });
        }
        let next_page_token = match (more, rows.last()) {
            (true, Some(last)) => last.name.clone(),
            _ => String::new(),
        };
        Ok(pb::ListGamesResponse {
            games,
            next_page_token,
        })
    }

    /// One `ListGames` row: the stored summary (which changes only when the game ends), or, for a game that has
    /// none yet, its seats from its meta; the version is always the durable head.
    async fn game_summary(&self, row: &StreamListing) -> Result<pb::GameSummary, EngineError> {
        let game_id = &row.name;
        if let Some(problem) = &row.damaged {
            return Err(EngineError::Damaged(format!(
                "the stored records of game {game_id} are damaged: {problem}"
            )));
        }
        let mut summary = match &row.summary {
            Some(bytes) => {
                let s: StoredSummary = stored::decode("summary", game_id, bytes)?;
                let engine = self.by_name(&s.variant).ok_or_else(|| {
                    EngineError::Damaged(format!(
                        "game {game_id} is of unknown variant {}",
                        s.variant
                    ))
                })?;
                pb::GameSummary {
                    game_id: game_id.clone(),
                    variant: engine.variant() as i32,
                    seats: s.seats,
                    status: if s.finished {
                        pb::GameStatus::Finished
                    } else {
                        pb::GameStatus::InProgress
                    } as i32,
                    version: s.version,
                    winner: s.winner.map(u32::from),
                }
            }
            None => {
                let engine = self.by_game(game_id)?;
                let bytes = self.shared.store.meta(game_id).await?;
                let meta: StoredMetaHead = stored::decode("meta", game_id, &bytes)?;
                pb::GameSummary {
                    game_id: game_id.clone(),
                    variant: engine.variant() as i32,
                    seats: meta.seats,
                    status: pb::GameStatus::InProgress as i32,
                    version: 0,
                    winner: None,
                }
            }
        };
        summary.version = row.head;
        Ok(summary)
    }

    fn check_operator(&self, cred: Credential) -> Result<(), EngineError> {
        match (cred, self.operator_sha256) {
            (Credential::Anonymous, _) => Err(EngineError::Unidentified(
                "SubscribeAll needs the operator token in `authorization: Bearer <token>`",
            )),
            (Credential::Token(hash), Some(operator)) if bool::from(hash.ct_eq(&operator)) => {
                Ok(())
            }
            (Credential::Token(_), _) => Err(EngineError::Forbidden(
                "SubscribeAll is reserved to the operator token",
            )),
        }
    }

    /// Whether an `ExportGames` caller is the operator: anonymous callers are not (they export finished games
    /// only), and a token that is not the operator's is refused, as export knows no other token.
    fn is_operator(&self, cred: Credential) -> Result<bool, EngineError> {
        match (cred, self.operator_sha256) {
            (Credential::Anonymous, _) => Ok(false),
            (Credential::Token(hash), Some(operator)) if bool::from(hash.ct_eq(&operator)) => {
                Ok(true)
            }
            (Credential::Token(_), _) => Err(EngineError::Forbidden(
                "ExportGames takes only the operator token; export a finished game without one",
            )),
        }
    }

    /// The global stream: reads the log from the store at its own pace (so it cannot fall behind a buffer), and
    /// when it has caught up waits for the store to announce a position past the last one it sent.
    async fn subscribe_all(
        self: Arc<Self>,
        after: u64,
        tx: &mpsc::Sender<Result<pb::SubscribeAllResponse, Status>>,
    ) -> Result<(), EngineError> {
        use pb::subscribe_all_response::Item;
        let store = &*self.shared.store;
        let mut announced = store.watch_position();
        let mut shutdown = self.shared.shutdown.clone();
        let mut position = after;
        let mut caught_up = false;
        loop {
            // Saturating: a client may start from any position, `u64::MAX` included (then it only waits).
            let records = store
                .read_global(position.saturating_add(1), GLOBAL_CHUNK)
                .await?;
            if records.is_empty() {
                if !caught_up {
                    caught_up = true;
                    let item = Item::CaughtUp(pb::CaughtUp { version: position });
                    if tx
                        .send(Ok(pb::SubscribeAllResponse { item: Some(item) }))
                        .await
                        .is_err()
                    {
                        return Ok(());
                    }
                }
                // Nothing past `position` was readable at the read, and an event committed since is announced past
                // it, so this returns at once for it: no wake-up is lost between the read and the wait.
                tokio::select! {
                    // An error: the store has closed, which only happens once the server has stopped.
                    past = announced.wait_past(position) => if past.is_err() { return Ok(()) },
                    _ = tx.closed() => return Ok(()),
                    _ = shutdown.wait_for(|s| *s) => {
                        return Err(EngineError::Unavailable("the server is shutting down".into()))
                    }
                }
                continue;
            }
            for run in runs(records, |r| (&r.stream, r.version)) {
                let game_id = run[0].stream.clone();
                let last = run[run.len() - 1].global;
                let engine = self.by_game(&game_id).map_err(|_| {
                    EngineError::Damaged(format!("the log holds events of unknown game {game_id}"))
                })?;
                for event in engine.omniscient(game_id, run).await? {
                    let item = Item::Event(event);
                    let sent = tokio::select! {
                        sent = tx.send(Ok(pb::SubscribeAllResponse { item: Some(item) })) => sent.is_ok(),
                        _ = shutdown.wait_for(|s| *s) => false,
                    };
                    if !sent {
                        return Ok(());
                    }
                }
                position = last;
            }
        }
    }
}

impl Inner {
    /// One `Play` session: opens on the game named by the first message, then alternates between answering the
    /// seat's commands (in order, each through [`Inner::write`] like `SubmitCommand`) and telling it when it may
    /// act. `told` is the newest version at which the seat has been given its legal actions, by a prompt or inside
    /// a result, so each version is announced at most once.
    async fn play(
        &self,
        cred: Credential,
        inbound: &mut Streaming<pb::PlayRequest>,
        tx: &mpsc::Sender<Result<pb::PlayUpdate, Status>>,
    ) -> Result<(), EngineError> {
        use pb::play_request::Request as In;
        use pb::play_update::Update as Out;
        let mut sending = self.shared.shutdown.clone();
        let game_id = match next_request(inbound).await? {
            Some(In::Open(open)) => open.game_id,
            Some(In::Submit(_)) => {
                return Err(EngineError::Malformed(
                    "the first message of Play must be `open`".into(),
                ))
            }
            None => return Ok(()),
        };
        let engine = Arc::clone(self.by_game(&game_id)?);
        let mut turn = engine.watch_turn(cred, game_id.clone()).await?;
        let mut shutdown = self.shared.shutdown.clone();
        let stopping = async move {
            // Only the moment matters, not the flag's guard (which must not live across the loop's awaits).
            let _ = shutdown.wait_for(|s| *s).await;
        };
        tokio::pin!(stopping);
        let mut told: Option<u64> = None;
        loop {
            let now = turn.unseen(told);
            if let Some(ended) = now.ended {
                deliver(tx, Out::Ended(ended), &mut sending).await?;
                return Ok(());
            }
            if let Some(actions) = now.actions {
                told = Some(actions.version);
                if !deliver(tx, Out::YourTurn(actions), &mut sending).await? {
                    return Ok(());
                }
            }
            tokio::select! {
                _ = &mut stopping => {
                    return Err(EngineError::Unavailable("the server is shutting down".into()))
                }
                request = next_request(inbound) => {
                    let mut req = match request? {
                        Some(In::Submit(req)) => req,
                        Some(In::Open(_)) => {
                            return Err(EngineError::Malformed(
                                "`open` is the first message of Play and only the first".into(),
                            ))
                        }
                        None => return Ok(()),
                    };
                    let command_id = req.command_id.clone();
                    let outcome = if !req.game_id.is_empty() && req.game_id != game_id {
                        Err(EngineError::Malformed(
                            "a command in Play must name the stream's game or none".into(),
                        ))
                    } else {
                        req.game_id = game_id.clone();
                        req.with_legal_actions = true;
                        self.write_here(engine.submit(cred, req)).await
                    };
                    let outcome = match outcome {
                        Ok(accepted) => {
                            if let Some(actions) = &accepted.legal_actions {
                                told = told.max(Some(actions.version));
                            }
                            pb::command_result::Outcome::Accepted(accepted)
                        }
                        Err(e) => {
                            crate::observe::stream_refusal(PLAY, &e);
                            pb::command_result::Outcome::Refused(crate::error::refusal(e))
                        }
                    };
                    let result = pb::CommandResult {
                        command_id,
                        outcome: Some(outcome),
                    };
                    if !deliver(tx, Out::Result(result), &mut sending).await? {
                        return Ok(());
                    }
                }
                alive = std::future::poll_fn(|cx| turn.poll_changed(cx)) => if !alive { return Ok(()) },
            }
        }
    }
}

/// Sends one `Play` update. It waits for room in the client's buffer, but not past the start of a shutdown (a client
/// that stops reading must not hold the server up): then UNAVAILABLE. `Ok(false)` when the client has gone.
async fn deliver(
    tx: &mpsc::Sender<Result<pb::PlayUpdate, Status>>,
    update: pb::play_update::Update,
    shutdown: &mut tokio::sync::watch::Receiver<bool>,
) -> Result<bool, EngineError> {
    let item = Ok(pb::PlayUpdate {
        update: Some(update),
    });
    if engine::send(tx, item, shutdown).await {
        Ok(true)
    } else if *shutdown.borrow() {
        Err(EngineError::Unavailable(
            "the server is shutting down".into(),
        ))
    } else {
        Ok(false)
    }
}

/// The next request of a client stream: `None` when the client has finished sending. A message that does not
/// decode is INVALID_ARGUMENT; a client that went away ends the session quietly.
async fn next_request(
    inbound: &mut Streaming<pb::PlayRequest>,
) -> Result<Option<pb::play_request::Request>, EngineError> {
    match inbound.message().await {
        Ok(Some(pb::PlayRequest { request: Some(r) })) => Ok(Some(r)),
        Ok(Some(pb::PlayRequest { request: None })) => Err(EngineError::Malformed(
            "a Play message must hold `open` or `submit`".into(),
        )),
        Ok(None) => Ok(None),
        // tonic reports a message over the size limit as OUT_OF_RANGE and broken framing (a truncated message,
        // the compressed flag without an encoding) as INTERNAL: both are the client's, and retrying cannot help.
        Err(status)
            if matches!(
                status.code(),
                tonic::Code::InvalidArgument | tonic::Code::OutOfRange | tonic::Code::Internal
            ) =>
        {
            Err(EngineError::Malformed(status.message().to_string()))
        }
        // The client went away (reset or cancelled): there is nobody to answer.
        Err(_) => Ok(None),
    }
}

/// Splits global records (whole or their index, `key` naming each one's game and version) into runs of
/// consecutive events of one game.
fn runs<T>(records: Vec<T>, key: impl Fn(&T) -> (&str, u64)) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = Vec::new();
    for record in records {
        match out.last_mut() {
            Some(run)
                if run.last().is_some_and(|prev| {
                    let ((prev_stream, prev_version), (stream, version)) =
                        (key(prev), key(&record));
                    prev_stream == stream && prev_version + 1 == version
                }) =>
            {
                run.push(record)
            }
            _ => out.push(vec![record]),
        }
    }
    out
}

/// Reads `authorization: Bearer <token>` and hashes the token at once; it is never logged or kept.
fn credential<T>(req: &Request<T>) -> Result<Credential, EngineError> {
    let Some(value) = req.metadata().get("authorization") else {
        return Ok(Credential::Anonymous);
    };
    let malformed = EngineError::Unidentified("the authorization header must be `Bearer <token>`");
    let value = value.to_str().map_err(|_| malformed.clone())?;
    let (scheme, token) = value.split_once(' ').ok_or_else(|| malformed.clone())?;
    let token = token.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() {
        return Err(malformed);
    }
    Ok(Credential::from_token(token))
}

/// The path of `Play`, for the log lines of what its stream carries.
const PLAY: &str = "/hexfold.v1.Hexfold/Play";

/// Turns a handler's answer into tonic's. A refusal is logged by `crate::observe`, which sees every call's status
/// (those of the gate and the limits too), so it is not logged here.
fn reply<T>(result: Result<T, EngineError>) -> Result<Response<T>, Status> {
    result.map(Response::new).map_err(crate::error::status)
}

#[tonic::async_trait]
impl pb::hexfold_server::Hexfold for HexfoldService {
    async fn create_game(
        &self,
        request: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        let inner = Arc::clone(&self.inner);
        let req = request.into_inner();
        let result = async {
            let engine = Arc::clone(inner.by_variant(req.variant)?);
            inner.write(async move { engine.create(req).await }).await
        }
        .await;
        reply(result)
    }

    async fn submit_command(
        &self,
        request: Request<pb::SubmitCommandRequest>,
    ) -> Result<Response<pb::SubmitCommandResponse>, Status> {
        let inner = Arc::clone(&self.inner);
        let result = async {
            let cred = credential(&request)?;
            let req = request.into_inner();
            let engine = Arc::clone(inner.by_game(&req.game_id)?);
            inner
                .write(async move { engine.submit(cred, req).await })
                .await
        }
        .await;
        reply(result)
    }

    async fn get_state(
        &self,
        request: Request<pb::GetStateRequest>,
    ) -> Result<Response<pb::GetStateResponse>, Status> {
        let result = async {
            let cred = credential(&request)?;
            let req = request.into_inner();
            self.inner.by_game(&req.game_id)?.get_state(cred, req).await
        }
        .await;
        reply(result)
    }

    type ReadEventsStream = EventStream<pb::EventEnvelope>;

    async fn read_events(
        &self,
        request: Request<pb::ReadEventsRequest>,
    ) -> Result<Response<Self::ReadEventsStream>, Status> {
        let result = async {
            let cred = credential(&request)?;
            let req = request.into_inner();
            let (tx, rx) = mpsc::channel(STREAM_CHANNEL);
            self.inner
                .by_game(&req.game_id)?
                .read_events(cred, req, tx)
                .await?;
            Ok(ReceiverStream::new(rx))
        }
        .await;
        reply(result)
    }

    type SubscribeStream = EventStream<pb::SubscribeResponse>;

    async fn subscribe(
        &self,
        request: Request<pb::SubscribeRequest>,
    ) -> Result<Response<Self::SubscribeStream>, Status> {
        let result = async {
            let cred = credential(&request)?;
            let req = request.into_inner();
            let (tx, rx) = mpsc::channel(STREAM_CHANNEL);
            self.inner
                .by_game(&req.game_id)?
                .subscribe(cred, req, tx)
                .await?;
            Ok(ReceiverStream::new(rx))
        }
        .await;
        reply(result)
    }

    async fn legal_actions(
        &self,
        request: Request<pb::LegalActionsRequest>,
    ) -> Result<Response<pb::LegalActionsResponse>, Status> {
        let result = async {
            let cred = credential(&request)?;
            let req = request.into_inner();
            self.inner
                .by_game(&req.game_id)?
                .legal_actions(cred, req)
                .await
        }
        .await;
        reply(result)
    }

    async fn list_games(
        &self,
        request: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        reply(self.inner.list_games(request.into_inner()).await)
    }

    type SubscribeAllStream = EventStream<pb::SubscribeAllResponse>;

    async fn subscribe_all(
        &self,
        request: Request<pb::SubscribeAllRequest>,
    ) -> Result<Response<Self::SubscribeAllStream>, Status> {
        let result = (|| {
            self.inner.check_operator(credential(&request)?)?;
            let permit = self.inner.shared.stream_permit(StreamKind::SubscribeAll)?;
            let after = request.into_inner().after_position;
            let (tx, rx) = mpsc::channel(STREAM_CHANNEL);
            let inner = Arc::clone(&self.inner);
            tokio::spawn(async move {
                let _permit = permit;
                if let Err(e) = inner.subscribe_all(after, &tx).await {
                    crate::observe::stream_refusal("/hexfold.v1.Hexfold/SubscribeAll", &e);
                    // A full buffer means a slow client; do not wait for it to deliver the farewell.
                    let _ = tx.try_send(Err(crate::error::status(e)));
                }
            });
            Ok(ReceiverStream::new(rx))
        })();
        reply(result)
    }

    type ExportGamesStream = EventStream<pb::ExportGamesResponse>;

    async fn export_games(
        &self,
        request: Request<pb::ExportGamesRequest>,
    ) -> Result<Response<Self::ExportGamesStream>, Status> {
        let result = async {
            let operator = self.inner.is_operator(credential(&request)?)?;
            let game_id = Some(request.into_inner().game_id).filter(|id| !id.is_empty());
            let store = Arc::clone(&self.inner.shared.store);
            // Every append acknowledged before this call is announced by now, so the export holds all of them.
            let as_of = store.watch_position().current();
            if let Some(id) = &game_id {
                export::check_one(&*store, id, operator, as_of).await?;
            }
            let permit = self.inner.shared.stream_permit(StreamKind::Export)?;
            let (tx, rx) = mpsc::channel(EXPORT_CHANNEL);
            let shutdown = self.inner.shared.shutdown.clone();
            tokio::spawn(async move {
                let _permit = permit;
                let first = pb::ExportGamesResponse {
                    as_of_position: as_of,
                    lines: Vec::new(),
                };
                if tx.send(Ok(first)).await.is_err() {
                    return;
                }
                let mut out = export::Batcher::new(&tx, shutdown.clone());
                let exported =
                    export::export(&*store, game_id.as_deref(), operator, as_of, &mut out).await;
                let Err(e) = exported else { return };
                match e {
                    // The client went away, or the server is shutting down: nothing is wrong with the store.
                    EngineError::Unavailable(_) => {
                        tracing::debug!(method = "ExportGames", error = %e, "export ended early")
                    }
                    _ => {
                        tracing::warn!(method = "ExportGames", code = ?crate::error::code(&e), error = %e, "export failed")
                    }
                }
                // Waits for room unless the server is stopping (then the client may be why there is none, and the
                // missing export_end line tells it the export is incomplete).
                if let Err(mpsc::error::TrySendError::Full(item)) = tx.try_send(Err(crate::error::status(e))) {
                    let mut shutdown = shutdown;
                    engine::send(&tx, item, &mut shutdown).await;
                }
            });
            Ok(ReceiverStream::new(rx))
        }
        .await;
        reply(result)
    }

    type PlayStream = EventStream<pb::PlayUpdate>;

    async fn play(
        &self,
        request: Request<Streaming<pb::PlayRequest>>,
    ) -> Result<Response<Self::PlayStream>, Status> {
        let result = (|| {
            let cred = credential(&request)?;
            let permit = self.inner.shared.stream_permit(StreamKind::Play)?;
            let mut inbound = request.into_inner();
            let (tx, rx) = mpsc::channel(STREAM_CHANNEL);
            let inner = Arc::clone(&self.inner);
            tokio::spawn(async move {
                let _permit = permit;
                if let Err(e) = inner.play(cred, &mut inbound, &tx).await {
                    crate::observe::stream_refusal(PLAY, &e);
                    // A full buffer means a slow client; do not wait for it to deliver the farewell.
                    let _ = tx.try_send(Err(crate::error::status(e)));
                }
            });
            Ok(ReceiverStream::new(rx))
        })();
        reply(result)
    }

    async fn get_replay(
        &self,
        request: Request<pb::GetReplayRequest>,
    ) -> Result<Response<pb::GetReplayResponse>, Status> {
        let req = request.into_inner();
        let result = async { self.inner.by_game(&req.game_id)?.replay(req.clone()).await }.await;
        reply(result)
    }

    async fn analyze(
        &self,
        request: Request<pb::AnalyzeRequest>,
    ) -> Result<Response<pb::AnalyzeResponse>, Status> {
        let req = request.into_inner();
        let result = async { self.inner.by_game(&req.game_id)?.analyze(req.clone()).await }.await;
        reply(result)
    }
}

/// A `CreateGameRequest`'s bot seats in rules types: an unknown strategy value is INVALID_ARGUMENT, and
/// unspecified is the game's stronger strategy.
pub(crate) fn bot_seats(
    bots: &[pb::BotSeat],
    seats: &engine::SeatNames,
) -> Result<engine::BotSeats, EngineError> {
    let bots = bots
        .iter()
        .map(|b| {
            let strategy = match pb::BotStrategy::try_from(b.strategy) {
                Ok(pb::BotStrategy::Random) => Player::Plain(Strategy::Random),
                Ok(pb::BotStrategy::Greedy | pb::BotStrategy::Unspecified) => {
                    Player::Plain(Strategy::Greedy)
                }
                Ok(pb::BotStrategy::Expert) => Player::Expert,
                Err(_) => {
                    return Err(EngineError::Malformed(format!(
                        "bot seat {}: unknown strategy {}",
                        b.seat, b.strategy
                    )))
                }
            };
            Ok((b.seat, strategy))
        })
        .collect::<Result<Vec<_>, _>>()?;
    engine::BotSeats::new(bots, seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pb::play_update::Update;

    fn ended() -> Update {
        Update::Ended(pb::GameEnded {
            version: 1,
            winner: None,
        })
    }

    #[tokio::test]
    async fn a_play_update_waits_for_a_slow_client_but_not_past_the_start_of_a_shutdown() {
        let (tx, mut rx) = mpsc::channel(1);
        let (stop, mut stopping) = tokio::sync::watch::channel(false);
        assert_eq!(deliver(&tx, ended(), &mut stopping).await, Ok(true));
        // The buffer is full and nobody reads: the next update waits...
        let blocked = tokio::spawn(async move { deliver(&tx, ended(), &mut stopping).await });
        tokio::task::yield_now().await;
        assert!(!blocked.is_finished());
        // ...until the server starts to shut down, which ends the session with UNAVAILABLE.
        stop.send_replace(true);
        let outcome = tokio::time::timeout(std::time::Duration::from_secs(10), blocked)
            .await
            .expect("the update gave up when the shutdown began")
            .unwrap();
        assert!(
            matches!(outcome, Err(EngineError::Unavailable(_))),
            "{outcome:?}"
        );
        assert!(rx.recv().await.is_some());
    }

    #[tokio::test]
    async fn a_play_update_to_a_client_that_has_gone_is_not_an_error() {
        let (tx, rx) = mpsc::channel(1);
        let (_stop, mut stopping) = tokio::sync::watch::channel(false);
        drop(rx);
        assert_eq!(deliver(&tx, ended(), &mut stopping).await, Ok(false));
    }

    /// The server's follower reads the global order's index, never the events of a game nobody on this server
    /// watches, and asks the store once per wake-up: after a read that reached what was announced it waits for the
    /// next announcement instead of reading again to hear that it has caught up.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_follower_reads_only_the_index_and_once_per_wake_up() {
        use crate::engine::testing::{acting, catan_game, sled_store, submit, Counting, Plain};
        use crate::engine::Limits;
        use hexfold_store::EventStore;
        use tokio::sync::{watch, Semaphore};
        let dir = tempfile::tempdir().unwrap();
        let store = sled_store(dir.path());
        let (writer, id, creds) = catan_game(Arc::clone(&store)).await;
        let counting = Arc::new(Counting::new(Arc::clone(&store)));
        let (stop, shutdown) = watch::channel(false);
        let shared = Arc::new(Shared {
            store: Arc::clone(&counting) as Arc<dyn EventStore>,
            limits: Limits::default(),
            streams: Arc::new(Semaphore::new(16)),
            shutdown,
            other_writers: true,
            clock: Arc::new(crate::engine::SystemClock),
            thinkers: crate::engine::Thinkers::new(&Limits::default()),
        });
        let service = HexfoldService::new(shared, None, Default::default());
        let mut reads = counting.global_reads.subscribe();
        let patience = std::time::Duration::from_secs(30);
        let following = tokio::spawn(service.follower());
        // The follower's first read, from where the store stood when it started.
        tokio::time::timeout(patience, reads.wait_for(|r| r.calls > 0))
            .await
            .unwrap()
            .unwrap();
        for step in 0..4 {
            let (seat, actions) = acting(&writer, &id, &creds).await;
            let command = actions.commands[0].clone();
            let expected = Some(actions.version);
            writer
                .submit::<Plain>(creds[seat], submit(&id, step, expected, command))
                .await
                .unwrap();
            let position = store.watch_position().current();
            tokio::time::timeout(patience, reads.wait_for(|r| r.reached >= position))
                .await
                .unwrap()
                .unwrap();
        }
        stop.send_replace(true);
        tokio::time::timeout(patience, following)
            .await
            .unwrap()
            .unwrap();
        // (The engines also looked for games whose bots or timers to resume when they were made.)
        let calls = counting.methods();
        assert!(calls.contains(&"read_global_index"), "{calls:?}");
        assert!(
            !calls.iter().any(|m| ["read_global", "read"].contains(m)),
            "{calls:?}"
        );
        let reads = *reads.borrow();
        assert_eq!(
            reads.empty, 1,
            "only the first read found nothing: {reads:?}"
        );
    }
}

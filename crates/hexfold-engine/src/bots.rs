//! Bot seats: the server plays the seats a game was created with as bots, through the same command path as a
//! client's seat (`Engine::submit_as`: the lock, the table's `decide` with the expected version, the append under
//! a command id, the publication to subscribers and `Play` sessions). Each bot command is decided, recorded and
//! shown like any other, so `verify` re-decides it like any other.
//!
//! After every accepted command (and after a game is created) the command path asks, under the game's lock,
//! whether a bot seat may act in the new state ([`Engine::bots_due`]); if so it wakes the game's driver: one task
//! per game at most, which plays bot commands until no bot may act, then ends (deciding that under the lock, so a
//! command that gives a bot something to do afterwards always finds the driver gone and starts a new one).
//!
//! Choices: among the bot seats that may act (`Game::seats_to_act`, so bots also answer trade offers), one is
//! drawn, and its player (`hexfold_rules::bot::Player`: a strategy, or the expert search) chooses its command, with a generator derived from the game's
//! secret seed and version: stream [`BOT_STREAM`] of the ChaCha generator the table uses for the command decided at
//! that version, so a bot's draws are independent of the dice and the seed never leaves the server. The same game
//! at the same version makes the same choice, on any server: its command id is `bot/<seat>/<version>`, an id no
//! client may use (`retry.rs`), so two servers on one store that both play it append it once (the second is a
//! duplicate), and no client can take it first.
//!
//! Limits. A bot that the game does not wait for (`Game::waiting_for`: it only may act, such as answering an
//! offer) acts at most [`OPTIONAL_MAX`] times in a row, so bots cannot keep a game busy while a person is to
//! move. Every bot command of the engine takes one of [`BOT_COMMANDS_AT_ONCE`] permits of a fair (first come,
//! first served) semaphore and yields after it, so games of bots take turns with each other one command at a
//! time and leave the workers to clients' commands in between: a game of four bots is one more writer among
//! the others, never a loop that starves them. A driver stops at shutdown and when no bot may act; a refused
//! command never stops it: it decides again on the head it finds, at once or after a pause that grows up to a
//! minute and ends early when the game's head changes (`retry.rs`). At start, the engine looks through the store's
//! unfinished games of its variant for bot seats and wakes each game's driver ([`Engine::resume_bots`]): one
//! meta read per unfinished game, in the background.
//!
//! An expert seat searches: it is not decided under the game's lock nor on an async worker. The driver takes a
//! copy of the head state, lets go of the lock and of its command permit, and waits for one of the engine's
//! `bot_threads` permits (`Limits`, `Thinkers`); with it, the search runs on a blocking thread within
//! `Limits::bot_budget` (think time and simulations), and its command is then submitted like any bot command,
//! with the version it was decided at (a client's command meanwhile makes it a conflict, decided again at once).
//! So at most `bot_threads` cores think for bots, whatever the number of games, and a client's command never
//! waits for a search: it takes the game's lock, which no search holds. A search bounded by its think time is not
//! repeatable; with `--bot-think-ms 0` only the simulation count bounds it, and two servers make the same choice.

use super::cache::{head, Head, Meta};
use super::command::{Actor, Answer, Submit};
use super::read::Update;
use super::retry::{pause, Driver, Next, Outcome, Retry, Running};
use super::storage::EventAt;
use super::turns::Actions;
use super::{Engine, Wire};
use crate::stored::StoredGame;
use crate::EngineError;
use hexfold_rules::bot::{self, Player};
use hexfold_rules::{Game, GameRng, Seat};
use rand::Rng;
use std::sync::Arc;
use tokio::sync::{Notify, Semaphore};

/// The stream of the ChaCha generator for a version that bots draw from; the table's `decide` uses stream 0.
pub const BOT_STREAM: u64 = 0x626f_7473; // "bots"

/// Bot commands a seat the game does not wait for may send in a row before only waited-for seats are played.
pub const OPTIONAL_MAX: u32 = 8;

/// Bot commands of one engine in flight at once, over all its games.
pub const BOT_COMMANDS_AT_ONCE: usize = 2;

/// The engine's bot drivers: which games have one running (each with the signal that its game's head changed),
/// and the permits their commands take.
pub(super) struct Drivers {
    running: Running,
    permits: Semaphore,
}

impl Default for Drivers {
    fn default() -> Self {
        Drivers {
            running: Running::default(),
            permits: Semaphore::new(BOT_COMMANDS_AT_ONCE),
        }
    }
}

/// The answers of bot commands: nobody reads them, so nothing is converted.
pub(super) struct Unanswered;

impl Drivers {
    /// One of the permits every command the server plays (a bot's, a timeout's) takes.
    pub(super) async fn permit(&self) -> tokio::sync::SemaphorePermit<'_> {
        self.permits
            .acquire()
            .await
            .expect("the semaphore is never closed")
    }
}

impl<G: StoredGame> Wire<G> for Unanswered {
    type Event = ();
    type Update = ();
    type Actions = ();
    type Error = EngineError;

    fn event(_: &str, _: EventAt<G::EventView>) {}
    fn update(_: Update<()>) {}
    fn actions(_: &Actions<G::Command>) {}
    fn farewell(_: crate::metrics::StreamKind, error: EngineError) -> EngineError {
        error
    }
}

/// The generator a bot draws from at `version` of a game with `meta`'s seed.
fn bot_rng<G: Game>(meta: &Meta<G>, version: u64) -> GameRng {
    let mut rng = meta.seed.command_rng(version);
    rng.set_stream(BOT_STREAM);
    rng
}

/// What a bot seat that may act at a head does: play a strategy's command at once, or search (an expert seat,
/// with a copy of the state and its generator, outside the game's lock).
enum Due<G: Game> {
    Now(Seat, G::Command),
    Think(Seat, Box<(G::State, GameRng)>),
}

/// The bot command due at `head`, if a bot seat may act. `optional` counts the bot commands in a row by seats the
/// game did not wait for.
fn due<G: StoredGame>(head: &Head<G>, optional: u32) -> Option<Due<G>> {
    let bots = &head.meta.bots;
    if bots.iter().all(Option::is_none) || G::outcome(&head.state).is_some() {
        return None;
    }
    let waited = G::waiting_for(&head.state);
    let mut seats: Vec<Seat> = G::seats_to_act(&head.state)
        .into_iter()
        .filter(|s| bots.get(s.index()).copied().flatten().is_some())
        .filter(|s| optional < OPTIONAL_MAX || waited.contains(s))
        .collect();
    let mut rng = bot_rng(&head.meta, head.version);
    while !seats.is_empty() {
        let seat = seats.swap_remove(rng.gen_range(0..seats.len()));
        match bots[seat.index()].expect("filtered to bot seats") {
            Player::Plain(strategy) => {
                if let Some(command) = bot::command::<G>(strategy, &head.state, seat, &mut rng) {
                    return Some(Due::Now(seat, command));
                }
            }
            Player::Expert => {
                if !G::legal_actions(&head.state, seat).is_empty() {
                    return Some(Due::Think(seat, Box::new((head.state.clone(), rng))));
                }
            }
        }
    }
    None
}

impl<G: StoredGame> Engine<G> {
    /// Whether a bot seat may act at `head`: called under the game's lock after every change of its head, and
    /// wakes the game's driver if so.
    pub(super) fn bots_due(&self, meta: &Arc<Meta<G>>, version: u64, state: &G::State) {
        if meta.bots.iter().all(Option::is_none) || G::outcome(state).is_some() {
            return;
        }
        let bots = &meta.bots;
        let any = G::seats_to_act(state)
            .iter()
            .any(|s| bots.get(s.index()).copied().flatten().is_some());
        if any {
            self.wake_bots(&meta.id, version);
        }
    }

    /// Starts the game's driver unless one runs; wakes it if it does (it may be pausing after a refusal).
    fn wake_bots(&self, id: &str, version: u64) {
        let Some(me) = self.me.upgrade() else {
            // An engine outside an `Arc` (some unit tests) plays no bots.
            return;
        };
        let Some(changed) = self.drivers.running.wake_or_register(id) else {
            return;
        };
        tracing::debug!(game_id = %id, version, "bot driver started");
        let id = id.to_string();
        tokio::spawn(async move { me.drive(id, changed).await });
    }

    /// Plays the game's bot commands until none is due (see the module docs); after a refusal it decides again
    /// on the head it then finds (`retry.rs`).
    async fn drive(self: Arc<Self>, id: String, changed: Arc<Notify>) {
        let mut optional = 0;
        let mut retry = Retry::default();
        let mut shutdown = self.shared.shutdown.clone();
        let clock = Arc::clone(&self.shared.clock);
        loop {
            if *shutdown.borrow_and_update() {
                break;
            }
            let permit = tokio::select! {
                permit = self.drivers.permit() => permit,
                _ = shutdown.wait_for(|stopping| *stopping) => break,
            };
            let guard = match self.lock_head(&id).await {
                Ok(guard) => guard,
                Err(e) => {
                    drop(permit);
                    let ms = retry.failed();
                    tracing::warn!(game_id = %id, error = %e, pause_ms = ms, "bot driver could not load the game; trying again");
                    if !pause(&*clock, ms, &changed, &mut shutdown).await {
                        break;
                    }
                    continue;
                }
            };
            let current = head(&guard);
            let Some(due) = due(current, optional) else {
                // Under the lock: a command that makes a bot due later finds no driver and starts one.
                self.drivers.running.remove(&id);
                return;
            };
            let version = current.version;
            let waiting = G::waiting_for(&current.state);
            drop(guard);
            let (seat, command, permit) = match due {
                Due::Now(seat, command) => (seat, command, permit),
                Due::Think(seat, search) => {
                    let (state, rng) = *search;
                    drop(permit);
                    let command = tokio::select! {
                        command = self.think(seat, state, rng) => command,
                        _ = shutdown.wait_for(|stopping| *stopping) => break,
                    };
                    let Some(command) = command else {
                        tracing::warn!(game_id = %id, seat = seat.0, version, "an expert bot found no command; its driver stops until the game moves");
                        break;
                    };
                    let permit = tokio::select! {
                        permit = self.drivers.permit() => permit,
                        _ = shutdown.wait_for(|stopping| *stopping) => break,
                    };
                    (seat, command, permit)
                }
            };
            let waited = waiting.contains(&seat);
            let submit = Submit {
                game_id: id.clone(),
                command_id: retry.command_id(Driver::Bot, seat, version),
                expected_version: Some(version),
                command,
                with_legal_actions: false,
            };
            let command_id = submit.command_id.clone();
            let answer: Result<Answer<(), ()>, EngineError> =
                self.submit_as::<Unanswered>(Actor::Bot(seat), submit).await;
            drop(permit);
            let outcome = Outcome::of(answer.as_ref().map(|a| a.duplicate));
            if outcome == Outcome::Applied {
                optional = if waited { 0 } else { optional + 1 };
            }
            // Whatever happened, the next round decides on the head it finds then.
            if let Next::Pause(ms) = retry.answered(version, outcome) {
                let error = answer.err().map(|e| e.to_string()).unwrap_or_default();
                tracing::warn!(game_id = %id, seat = seat.0, version, command_id = command_id.as_str(), %error, pause_ms = ms, "bot command refused; deciding again after a pause");
                if !pause(&*clock, ms, &changed, &mut shutdown).await {
                    break;
                }
            }
            tokio::task::yield_now().await;
        }
        self.drivers.running.remove(&id);
    }

    /// The expert's command for `seat` in `state`, searched on a blocking thread once one of the engine's bot
    /// thread permits is free, within the engine's bot budget; `None` if it found none.
    async fn think(&self, seat: Seat, state: G::State, mut rng: GameRng) -> Option<G::Command> {
        let permit = Arc::clone(&self.shared.thinkers.bots)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let budget = self.shared.limits.bot_budget;
        let search = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            Player::Expert.command::<G>(&state, seat, budget, &mut rng)
        });
        search.await.ok().flatten()
    }

    /// Wakes the drivers of the store's unfinished games of this variant that have bot seats, and the timers of
    /// those with a turn timer: for a server that starts on a store where bots were to move or deadlines were
    /// running. Scans the games under each of the variant's id prefixes (see `resume_under`). A game whose
    /// records are damaged is logged at `warn` (its id and the store's problem, which names records, never their
    /// bytes), counted in [`crate::metrics::RESUME_DAMAGED`], and passed: the scan goes on to the others. A
    /// listing the store answers with an error (it cannot be reached, the query fails) is logged at `warn`,
    /// counted in [`crate::metrics::RESUME_LISTING_FAILED`] and tried again from the same place after a pause
    /// that doubles from [`BACKOFF_FIRST_MS`](crate::BACKOFF_FIRST_MS) to
    /// [`BACKOFF_MAX_MS`](crate::BACKOFF_MAX_MS) (`retry.rs`), until the store answers or the server shuts down:
    /// the games found before the failure are resumed already, the others once the store answers.
    pub async fn resume_bots(self: Arc<Self>) {
        let (mut resumed, mut timed, mut damaged) = (0u64, 0u64, 0u64);
        self.metrics.resume_listing_failed(0);
        for prefix in crate::stored::game_id_prefixes::<G>() {
            self.resume_under(prefix, &mut resumed, &mut timed, &mut damaged)
                .await;
        }
        self.metrics.resume_damaged(damaged);
        if resumed > 0 {
            tracing::info!(
                variant = G::ID_PREFIX,
                games = resumed,
                "bot drivers resumed"
            );
        }
        if timed > 0 {
            tracing::info!(variant = G::ID_PREFIX, games = timed, "turn timers resumed");
        }
    }

    /// [`Engine::resume_bots`] for the games whose ids begin `<prefix>-`: reads the meta of each unfinished one,
    /// one at a time (and a timed game's head, which its timer loads). A damaged game is passed (and counted in
    /// `damaged`); a failure of the listing itself is logged, counted and tried again after a pause (see
    /// `resume_bots`). Returns early only when the server shuts down.
    async fn resume_under(
        &self,
        prefix: &str,
        resumed: &mut u64,
        timed: &mut u64,
        damaged: &mut u64,
    ) {
        let prefix = format!("{prefix}-");
        let mut after = prefix.clone();
        let (mut retry, never, mut shutdown) = (
            Retry::default(),
            tokio::sync::Notify::new(),
            self.shared.shutdown.clone(),
        );
        loop {
            let page = match self
                .shared
                .store
                .list_streams(Some(&after), hexfold_store::MAX_LIST_STREAMS)
                .await
            {
                Ok(page) => {
                    retry = Retry::default();
                    page
                }
                Err(e) => {
                    self.metrics.resume_listing_failed(1);
                    let ms = retry.failed();
                    tracing::warn!(variant = G::ID_PREFIX, error = %e, pause_ms = ms, "could not list the games to resume bots and timers; trying again");
                    if !pause(&*self.shared.clock, ms, &never, &mut shutdown).await {
                        return;
                    }
                    continue;
                }
            };
            let Some(last) = page.last() else { break };
            after = last.name.clone();
            for game in page.iter().take_while(|g| g.name.starts_with(&prefix)) {
                if let Some(problem) = &game.damaged {
                    *damaged += 1;
                    tracing::warn!(game_id = %game.name, %problem, "a damaged game's bots and timer stay stopped");
                    continue;
                }
                if game.summary.is_some() {
                    continue;
                }
                let meta = match self.load_meta(&game.name).await {
                    Ok(meta) => meta,
                    Err(e) => {
                        if matches!(e, EngineError::Damaged(_)) {
                            *damaged += 1;
                        }
                        tracing::warn!(game_id = %game.name, error = %e, "could not read a game's meta");
                        continue;
                    }
                };
                if meta.bots.iter().any(Option::is_some) {
                    *resumed += 1;
                    self.wake_bots(&game.name, game.head);
                }
                if meta.timer.is_some() {
                    *timed += 1;
                    // The timer loads the game's head (and its clocks) under the lock, and ends if it is over.
                    self.wake_timer(&game.name);
                }
            }
            if !after.starts_with(&prefix) {
                break;
            }
        }
    }
}

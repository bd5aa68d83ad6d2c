//! The command path: creating a game, and submitting a command (a retried command id is answered with its original
//! result). The platform's rules are the table's (`hexfold_table::decide` and `accept`); what is here is the I/O
//! around them: the lock, the append, the cache and the publication.

use super::auth::{fresh_seed, issue_tokens, random_hex, require_token, seat_of_token};
use super::cache::{head, Head, HeadGuard, Meta};
use super::clock::{deadlines, Timer};
use super::storage::EventAt;
use super::storage::{fold_to, read_views};
use super::turns::{legal_actions_of, Listed};
use super::{Credential, Engine, Wire};
use crate::stored::{StoredBot, StoredClock, StoredCommand, StoredGame, StoredMeta, StoredOptions};
use crate::EngineError;
use hexfold_rules::bot::Player;
use hexfold_rules::{Outcome, Seat, Viewer};
use hexfold_store::{Appended, MAX_COMMAND_ID_BYTES};
use hexfold_table::{self as table, Accepted, Observer, TableEvent, TableEventView};
use std::sync::Arc;

/// How many times one command is decided again, each time on the head reloaded from the store, because another
/// server had moved the game past the cached head (its append failed on the expected version, or the rules refused
/// it while the store's head was elsewhere). Each reload means another command was accepted meanwhile, so the bound
/// only matters for a game that many servers write at once; past it the last answer stands (a version conflict for
/// an append that failed).
const MAX_RELOADS: u32 = 3;

/// Longest seat name, in bytes.
pub const MAX_SEAT_NAME_BYTES: usize = 64;

/// The seat names of a new game, checked: 1..=255 seats, each name 1..=[`MAX_SEAT_NAME_BYTES`] bytes and not
/// blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatNames(Vec<String>);

impl SeatNames {
    pub fn new(names: Vec<String>) -> Result<SeatNames, EngineError> {
        if names.is_empty() || names.len() > usize::from(u8::MAX) {
            return Err(EngineError::Malformed(
                "seats must name 1..=255 seats".into(),
            ));
        }
        for name in &names {
            if name.trim().is_empty() || name.len() > MAX_SEAT_NAME_BYTES {
                return Err(EngineError::Malformed(format!(
                    "seat names must be 1..={MAX_SEAT_NAME_BYTES} bytes and not blank"
                )));
            }
        }
        Ok(SeatNames(names))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The bot seats of a new game, checked against its seat count: each seat at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotSeats(Vec<(Seat, Player)>);

impl BotSeats {
    pub fn new(bots: Vec<(u32, Player)>, seats: &SeatNames) -> Result<BotSeats, EngineError> {
        let mut out: Vec<(Seat, Player)> = Vec::with_capacity(bots.len());
        for (seat, strategy) in bots {
            if seat as usize >= seats.len() {
                return Err(EngineError::Malformed(format!(
                    "bot seat {seat} is not one of the game's {} seats",
                    seats.len()
                )));
            }
            let seat = Seat(seat as u8);
            if out.iter().any(|(s, _)| *s == seat) {
                return Err(EngineError::Malformed(format!(
                    "bot seat {} is listed twice",
                    seat.0
                )));
            }
            out.push((seat, strategy));
        }
        Ok(BotSeats(out))
    }
}

/// Who sends a command: a client, by the token it presented, one of the game's bot seats, played by the server
/// (`bots.rs`), or the turn timer of a seat whose time ran out (`timers.rs`).
#[derive(Clone, Copy, Debug)]
pub(super) enum Actor {
    Client(Credential),
    Bot(Seat),
    Timeout(Seat),
}

/// The beginnings of the command ids that are the server's own: its bot seats' commands and its turn timeouts
/// (see `retry.rs`). A client's id may not begin with one ([`CommandId::of_client`]), so no client can take the
/// id the server will play under next.
pub const SERVER_COMMAND_ID_PREFIXES: [&str; 2] = ["bot/", "timeout/"];

/// An id for one command, checked: 1..=`MAX_COMMAND_ID_BYTES` bytes. Ids are per game. The same id from the same
/// seat with the same command again is answered with the original result and writes nothing; the same id with
/// anything else is refused (see `Engine::retried`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandId(String);

impl CommandId {
    /// Any id as stored: the server's own, or one read back from a store or an export.
    pub fn new(id: String) -> Result<CommandId, EngineError> {
        if id.is_empty() || id.len() > MAX_COMMAND_ID_BYTES {
            return Err(EngineError::Malformed(format!(
                "command_id must be 1..={MAX_COMMAND_ID_BYTES} bytes"
            )));
        }
        Ok(CommandId(id))
    }

    /// A client's id: also refused as malformed when it begins with one of
    /// [`SERVER_COMMAND_ID_PREFIXES`].
    pub fn of_client(id: String) -> Result<CommandId, EngineError> {
        if let Some(prefix) = SERVER_COMMAND_ID_PREFIXES
            .iter()
            .find(|p| id.starts_with(*p))
        {
            return Err(EngineError::Malformed(format!(
                "command_id may not begin with `{prefix}`: ids beginning with `bot/` or `timeout/` are the \
                 server's own (its bot seats' commands and its turn timeouts); choose another id"
            )));
        }
        CommandId::new(id)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A game just created: its id, each seat's name with its secret token (in seat order; empty for a bot seat, which
/// nobody but the server plays), and the commitment to its seed.
#[derive(Debug)]
pub struct Created {
    pub game_id: String,
    pub seats: Vec<(String, String)>,
    pub seed_commitment: String,
}

/// One command of a seat, as submitted.
#[derive(Clone, Debug)]
pub struct Submit<C> {
    pub game_id: String,
    pub command_id: CommandId,
    /// Refused with a conflict unless the game is at exactly this version.
    pub expected_version: Option<u64>,
    pub command: C,
    /// Also answer with the caller's legal actions at the new version, if its seat may act there.
    pub with_legal_actions: bool,
}

/// The answer to an accepted command (or to a retry of one), in the wire's types.
#[derive(Debug)]
pub struct Answer<E, A> {
    /// The game's version after the command.
    pub version: u64,
    /// The command's events, as the caller may see them.
    pub events: Vec<E>,
    /// Whether the command id had been submitted before and this is the original result.
    pub duplicate: bool,
    pub legal_actions: Option<A>,
}

/// The table's decision on the head: the expected version, the end of the game, then the game's rules, with the
/// generator of the head's version.
fn decide_on<G: StoredGame>(
    current: &Head<G>,
    seat: Seat,
    submit: &Submit<G::Command>,
) -> Result<Vec<G::Event>, table::Refusal<G::Violation>> {
    table::decide::<G>(
        &current.state,
        current.version,
        &current.meta.seed,
        seat,
        &submit.command,
        submit.expected_version,
    )
}

/// A decided command folded into the head it was decided on, not yet durable.
struct Applied<G: StoredGame> {
    meta: Arc<Meta<G>>,
    seat: Seat,
    /// The version it was decided at.
    before: u64,
    /// Whether a turn timer played it.
    timed_out: bool,
    accepted: Accepted<G>,
    folding: Folding<G>,
    /// The seats' clocks after it, in a timed game.
    clock: Option<StoredClock>,
}

/// What the command path keeps of a batch while the table folds it: the events as the caller is answered with
/// them, and the snapshots due.
struct Folding<G: StoredGame> {
    viewer: Viewer,
    views: Vec<TableEventView<G::EventView>>,
    snapshots: Vec<(u64, Vec<u8>)>,
}

impl<G: StoredGame> Observer<G> for Folding<G> {
    fn event(&mut self, state: &G::State, _: u64, event: &TableEvent<G::Event>) {
        self.views
            .push(table::view_event::<G>(state, event, self.viewer));
    }

    fn folded(&mut self, state: &G::State, version: u64, snapshot: bool) {
        if snapshot {
            let bytes = crate::stored::encode_snapshot(G::STATE_SCHEMA, state);
            self.snapshots.push((version, bytes));
        }
    }
}

impl<G: StoredGame> Engine<G> {
    /// Creates a game for these seats with `config`, what the creator's `options` resolve to; the server plays
    /// the `bots` seats.
    pub async fn create(
        &self,
        seats: SeatNames,
        bots: BotSeats,
        options: StoredOptions,
        config: G::Config,
    ) -> Result<Created, EngineError> {
        let timer = Timer::checked(&options)?;
        let created_ms = timer.map(|_| self.shared.clock.now_ms());
        let seed = fresh_seed();
        let setup =
            G::setup(&config, &mut seed.setup_rng()).map_err(EngineError::invalid_config)?;
        let (tokens, token_sha256) = issue_tokens(seats.len());
        let id = format!("{}-{}", G::ID_PREFIX, random_hex(16));
        let commitment = seed.commitment();
        let stored = StoredMeta {
            variant: G::NAME.to_string(),
            seats: seats.0,
            options,
            config,
            setup,
            token_sha256: token_sha256.iter().map(hex::encode).collect(),
            seed: seed.to_hex(),
            seed_commitment: commitment.clone(),
            bots: bots
                .0
                .iter()
                .map(|&(seat, strategy)| StoredBot {
                    seat: seat.0,
                    strategy: strategy.name().to_string(),
                })
                .collect(),
            created_ms,
        };
        self.create_stream(&id, &stored).await?;
        let state = G::initial_state(&stored.setup);
        let meta_seats = stored.seats.len();
        let meta = Arc::new(Meta::<G> {
            id: id.clone(),
            seats: stored.seats,
            options: stored.options,
            setup: stored.setup,
            token_sha256,
            seed,
            commitment: commitment.clone(),
            bots: {
                let mut per_seat = vec![None; meta_seats];
                for &(seat, strategy) in &bots.0 {
                    per_seat[seat.index()] = Some(strategy);
                }
                per_seat
            },
            timer,
            created_ms,
        });
        tracing::info!(game_id = %id, variant = G::ID_PREFIX, seats = meta.seats.len(), "game created");
        // A bot seat's token is drawn like any other and its hash kept, but nobody is told it: only the server
        // plays the seat, and nobody sees its hand.
        let seats = (meta.seats.iter().cloned().zip(tokens).enumerate())
            .map(|(i, (name, token))| match meta.bots[i] {
                Some(_) => (name, String::new()),
                None => (name, token),
            })
            .collect();
        // Cached first: a driver started before would load the head from the store, and this would overwrite
        // what it played.
        let created = Arc::clone(&meta);
        let clock = timer
            .zip(created_ms)
            .map(|(timer, now)| timer.start(meta_seats, &G::waiting_for(&state), now));
        self.insert_head(Head {
            meta,
            version: 0,
            state,
            clock,
        })
        .await;
        if let Some(slot) = self.cached_slot(&id) {
            let guard = slot.lock().await;
            if let Some(head) = guard.as_ref() {
                self.bots_due(&created, head.version, &head.state);
                self.timers_due(&created, &head.state);
            }
        }
        Ok(Created {
            game_id: id,
            seats,
            seed_commitment: commitment,
        })
    }

    /// Decides and applies one command of the caller's seat: the table decides against the head and folds the
    /// batch into it in place; the batch is appended with its snapshots, the head put back, and the batch
    /// published. If another server has moved the game past the cached head, the command is decided again on the
    /// stored head (see [`MAX_RELOADS`]).
    pub async fn submit<W: Wire<G>>(
        &self,
        cred: Credential,
        submit: Submit<G::Command>,
    ) -> Result<Answer<W::Event, W::Actions>, EngineError> {
        require_token(
            cred,
            "SubmitCommand needs a seat token in `authorization: Bearer <token>`",
        )?;
        self.submit_as::<W>(Actor::Client(cred), submit).await
    }

    /// [`Engine::submit`] for a client that presented a token, a bot seat, or a turn timer; fmodel's `handle`:
    /// load the head, decide, append, answer. Under the game's lock: the acting seat ([`Engine::acting_seat`],
    /// where a timeout checks the clocks), the table's decision on the head, the batch folded into it with the
    /// clocks after it ([`Engine::apply`]), and its append with the version it was decided at. Another writer
    /// having moved the game sends the command back to be decided on the reloaded head ([`Engine::reload`]); a
    /// refusal or an append the store found already made is answered from the command id's first use
    /// ([`Engine::answer_retry`]); anything else is answered with the batch ([`Engine::answer`]).
    pub(super) async fn submit_as<W: Wire<G>>(
        &self,
        actor: Actor,
        submit: Submit<G::Command>,
    ) -> Result<Answer<W::Event, W::Actions>, EngineError> {
        let mut guard = self.lock_head(&submit.game_id).await?;
        let mut reloads = 0;
        let (applied, appended) = loop {
            let current = head(&guard);
            let seat = self.acting_seat(current, actor, &submit)?;
            let events = match decide_on(current, seat, &submit) {
                Ok(events) => events,
                Err(refusal) => {
                    if self.moved_past(current, reloads).await? {
                        self.reload(&mut guard, &submit.game_id, &mut reloads)
                            .await?;
                        continue;
                    }
                    let meta = Arc::clone(&current.meta);
                    drop(guard);
                    return self
                        .answer_retry::<W>(&meta, seat, &submit, refusal.into())
                        .await;
                }
            };
            let mut applied = self.apply(&mut guard, seat, actor, events).await?;
            match self.append_applied(&mut applied, &submit).await {
                // Decided on old state: decided again on the head the store has now (where an expected version the
                // caller gave is checked again, and a conflict if another command took it).
                Err(EngineError::VersionConflict { .. }) if reloads < MAX_RELOADS => {
                    self.reload(&mut guard, &submit.game_id, &mut reloads)
                        .await?;
                }
                Err(e) => return Err(e),
                Ok(appended) => break (applied, appended),
            }
        };
        if appended.duplicate {
            drop(guard);
            let command_id = submit.command_id.as_str();
            // The store said the id was taken; it has not forgotten it since.
            let lost = EngineError::Bug(format!(
                "command id {command_id} was reported applied and then not found"
            ));
            return self
                .answer_retry::<W>(&applied.meta, applied.seat, &submit, lost)
                .await;
        }
        Ok(self.answer::<W>(guard, applied, &appended, &submit))
    }

    /// The seat a command is decided for: the token's, the bot's, or the timed-out seat's. A timeout is answered
    /// as a conflict unless the clocks here say the seat's deadline has passed on this head: the timer saw it pass
    /// at the version it expects, and if the head moved on (or the time was set back), it computes the deadlines
    /// again.
    fn acting_seat(
        &self,
        current: &Head<G>,
        actor: Actor,
        submit: &Submit<G::Command>,
    ) -> Result<Seat, EngineError> {
        match actor {
            Actor::Client(cred) => seat_of_token(&current.meta, cred),
            Actor::Bot(seat) => Ok(seat),
            Actor::Timeout(seat) => {
                let now = self.shared.clock.now_ms();
                let due =
                    deadlines::<G>(current.meta.timer, current.clock.as_ref(), &current.state)
                        .iter()
                        .any(|d| d.seat == seat && d.at_ms <= now);
                if !due {
                    return Err(EngineError::VersionConflict {
                        expected: submit.expected_version.unwrap_or(current.version),
                        actual: current.version,
                    });
                }
                Ok(seat)
            }
        }
    }

    /// Whether the command should be decided again because other servers on the store have moved the game past
    /// the cached head `current` that refused it (at most [`MAX_RELOADS`] times).
    async fn moved_past(&self, current: &Head<G>, reloads: u32) -> Result<bool, EngineError> {
        Ok(self.shared.other_writers
            && reloads < MAX_RELOADS
            && self.stored_head(&current.meta.id).await? != current.version)
    }

    /// Puts game `id`'s head as the store has it now under the lock (whose slot may be empty: the head left it
    /// for a batch the store refused), counting one more of the [`MAX_RELOADS`].
    async fn reload(
        &self,
        guard: &mut HeadGuard<G>,
        id: &str,
        reloads: &mut u32,
    ) -> Result<(), EngineError> {
        *reloads += 1;
        **guard = Some(self.load_head(id).await?);
        Ok(())
    }

    /// Folds the decided `events` into the head, which leaves its slot: the state evolves in place instead of being
    /// cloned for every command, and if anything after this fails or is cancelled, the slot stays empty and the
    /// next lock reloads the head from the store, so the cache never holds a state the store does not. The clocks
    /// after the command are computed here too (an untimed game, most, reads no clock).
    async fn apply(
        &self,
        guard: &mut HeadGuard<G>,
        seat: Seat,
        actor: Actor,
        events: Vec<G::Event>,
    ) -> Result<Applied<G>, EngineError> {
        let Head {
            meta,
            version: before,
            state,
            clock,
        } = guard.take().expect("lock_head loads the head");
        let timed_out = matches!(actor, Actor::Timeout(_)).then_some(seat);
        let (accepted, folding) = self
            .fold(&meta, seat, before, state, events, timed_out)
            .await?;
        let clock = meta.timer.zip(clock.as_ref()).map(|(timer, clock)| {
            let now = self.shared.clock.now_ms();
            timer.next(clock, seat, &G::waiting_for(&accepted.state), now)
        });
        Ok(Applied {
            meta,
            seat,
            before,
            timed_out: timed_out.is_some(),
            accepted,
            folding,
            clock,
        })
    }

    /// Appends an applied batch with its snapshots (handed over, not copied), expecting the version it was
    /// decided at.
    async fn append_applied(
        &self,
        applied: &mut Applied<G>,
        submit: &Submit<G::Command>,
    ) -> Result<Appended, EngineError> {
        let command = StoredCommand {
            seat: applied.seat,
            command: &submit.command,
            timed_out: applied.timed_out,
            clock: applied.clock.clone(),
        };
        self.append(
            &applied.meta,
            submit.command_id.as_str(),
            command,
            applied.before,
            &applied.accepted,
            std::mem::take(&mut applied.folding.snapshots),
        )
        .await
    }

    /// The answer to a durable batch: the head put back and the batch published ([`Engine::commit`]), then the
    /// events as the caller may see them, and its legal actions if it asked.
    fn answer<W: Wire<G>>(
        &self,
        mut guard: HeadGuard<G>,
        applied: Applied<G>,
        appended: &Appended,
        submit: &Submit<G::Command>,
    ) -> Answer<W::Event, W::Actions> {
        let Applied {
            meta,
            seat,
            before,
            accepted,
            folding,
            clock,
            ..
        } = applied;
        debug_assert_eq!(appended.last_version, before + accepted.events.len() as u64);
        let (legal_actions, outcome) = self.commit(
            &mut guard,
            meta,
            seat,
            appended,
            (accepted, clock),
            submit.with_legal_actions,
        );
        drop(guard);
        let id = &submit.game_id;
        let last = appended.last_version;
        // Debug, not info: one line per command would cost more than the command at full load.
        tracing::debug!(
            game_id = %id,
            seat = seat.0,
            command_id = submit.command_id.as_str(),
            version = last,
            finished = outcome.is_some(),
            "command accepted"
        );
        if let Some(outcome) = &outcome {
            tracing::info!(game_id = %id, version = last, winner = outcome.winner.0, "game finished");
        }
        let events = folding.views.into_iter().enumerate().map(|(i, event)| {
            let at = EventAt {
                version: appended.first_version + i as u64,
                global: appended.first_global + i as u64,
                event,
            };
            W::event(id, at)
        });
        Answer {
            version: last,
            events: events.collect(),
            duplicate: false,
            legal_actions: legal_actions.as_deref().map(W::actions),
        }
    }

    /// Duplicate detection: a command refused (or an append the store reports already made) is answered with the
    /// original result if it retries a command applied under its id ([`Engine::retried`]), and with `otherwise`
    /// if the id was never used.
    async fn answer_retry<W: Wire<G>>(
        &self,
        meta: &Arc<Meta<G>>,
        seat: Seat,
        submit: &Submit<G::Command>,
        otherwise: EngineError,
    ) -> Result<Answer<W::Event, W::Actions>, EngineError> {
        match self.retried(meta, seat, submit).await? {
            Some((first, last)) => self.duplicate::<W>(meta, seat, first, last).await,
            None => Err(otherwise),
        }
    }

    /// Lets the table fold the decided `events` into `state` (the state at `before`), keeping the acting seat's
    /// views and the snapshots due. A batch that ends the game is answered as everyone sees it from then on (the
    /// table's viewer rule), so its views are computed again from the state before it: that happens once per
    /// game, so the state is folded again from the store rather than cloned for every command.
    async fn fold(
        &self,
        meta: &Meta<G>,
        seat: Seat,
        before: u64,
        state: G::State,
        events: Vec<G::Event>,
        timed_out: Option<Seat>,
    ) -> Result<(Accepted<G>, Folding<G>), EngineError> {
        let mut folding = Folding::<G> {
            viewer: Viewer::Seat(seat),
            views: Vec::with_capacity(events.len() + 1),
            snapshots: Vec::new(),
        };
        let snapshots = self.shared.snapshots();
        let accepted = table::accept::<G>(
            state,
            before,
            events,
            &meta.seed,
            timed_out,
            snapshots,
            &mut folding,
        );
        let viewer = table::viewer(Some(seat), accepted.outcome.is_some());
        if viewer != folding.viewer {
            folding.views.clear();
            let mut state = fold_to(&self.shared, meta, before).await?;
            for event in &accepted.events {
                folding
                    .views
                    .push(table::view_event::<G>(&state, event, viewer));
                state = table::evolve::<G>(state, event);
            }
        }
        Ok((accepted, folding))
    }

    /// Once the batch is durable, under the game's lock: tells the `Play` sessions where the game stands, puts the
    /// new head back and publishes the batch to the subscribers. Returns the acting seat's legal actions at the new
    /// version (if it asked for them and may act) and the game's outcome, if the batch ended it.
    fn commit(
        &self,
        guard: &mut HeadGuard<G>,
        meta: Arc<Meta<G>>,
        seat: Seat,
        appended: &Appended,
        (accepted, clock): (Accepted<G>, Option<StoredClock>),
        with_legal_actions: bool,
    ) -> (Listed<G::Command>, Option<Outcome>) {
        let Accepted {
            events,
            state,
            outcome,
        } = accepted;
        let deadlines = deadlines::<G>(meta.timer, clock.as_ref(), &state);
        let last = appended.last_version;
        if self.shared.other_writers {
            let end = appended.first_global + (last - appended.first_version);
            self.own.wrote(appended.first_global, end);
        }
        let legal_actions = (with_legal_actions && outcome.is_none())
            .then(|| legal_actions_of::<G>(&state, last, seat, &deadlines).map(Arc::new))
            .flatten();
        let known = with_legal_actions.then_some((seat, &legal_actions));
        self.publish_turn(&meta.id, last, &state, known, &deadlines);
        self.bots_due(&meta, last, &state);
        self.timers_due(&meta, &state);
        self.publish(
            &meta.id,
            appended.first_version,
            appended.first_global,
            events,
        );
        **guard = Some(Head {
            meta,
            version: last,
            state,
            clock,
        });
        (legal_actions, outcome)
    }

    /// Whether `submit` retries a command already applied to the game under its command id: the versions of the
    /// original if it does, `None` if the id was never used. The same id from another seat, or with another
    /// command from the same seat, is refused ([`EngineError::CommandIdReused`]: `CommandIdOfAnotherSeat` or
    /// `CommandIdReused`) and appends nothing: answering it with the original result would tell the caller its command was applied when
    /// it was not, and would hand one seat another's events. Compared in rules types, decoded from the store's copy
    /// of the command, so a command stored by an older build compares equal to the same command now.
    async fn retried(
        &self,
        meta: &Meta<G>,
        seat: Seat,
        submit: &Submit<G::Command>,
    ) -> Result<Option<(u64, u64)>, EngineError> {
        let command_id = submit.command_id.as_str();
        let Some((original, first, last)) = self.find_command(&meta.id, command_id).await? else {
            return Ok(None);
        };
        if original.seat != seat {
            return Err(EngineError::CommandIdReused {
                reason: "CommandIdOfAnotherSeat",
                command_id: command_id.to_string(),
                message: format!(
                    "command id {command_id} was used by another seat of this game; choose a new id"
                ),
            });
        }
        if original.command != submit.command {
            return Err(EngineError::CommandIdReused {
                reason: "CommandIdReused",
                command_id: command_id.to_string(),
                message: format!(
                    "command id {command_id} was used for another command of this seat; choose a new id"
                ),
            });
        }
        Ok(Some((first, last)))
    }

    /// The answer to a repeated command id: the original events, as the caller may see them now.
    async fn duplicate<W: Wire<G>>(
        &self,
        meta: &Arc<Meta<G>>,
        seat: Seat,
        first: u64,
        last: u64,
    ) -> Result<Answer<W::Event, W::Actions>, EngineError> {
        let (_, _, finished) = self.peek(&meta.id).await?;
        let viewer = table::viewer(Some(seat), finished);
        let state = fold_to(&self.shared, meta, first.saturating_sub(1)).await?;
        let (_, events) =
            read_views::<G, W>(&self.shared, meta, viewer, state, first, last).await?;
        Ok(Answer {
            version: last,
            events,
            duplicate: true,
            legal_actions: None,
        })
    }
}

//! The protobuf edge of every engine: [`ProtoEngine`] puts an [`Engine`] behind the object-safe [`DynGame`] the
//! service dispatches to, written once for every [`ProtoGame`]. Requests are read into rules types with the game's
//! conversions, the engine answers in rules types, and [`Proto`] (the engine's [`Wire`]) turns its views and lists
//! back into messages, outside the game's lock.

use super::ProtoGame;
use crate::engine::EngineError;
use crate::engine::{
    Actions, Credential, Deadline, Engine, EventAt, ReadRange, SeatNames, Shared, StreamTx, Submit,
    Summary, TurnWatch, Update, Wire,
};
use crate::metrics::{CommandMetrics, StreamKind};
use crate::proto::v1 as pb;
use crate::stored::{StoredGame, StoredOptions};
use hexfold_store::{GlobalEntry, GlobalRecord};
use hexfold_table::TableEventView;
use std::sync::Arc;
use std::task::{Context, Poll};
use tonic::Status;

/// The object-safe face of an engine, one per game, in protobuf: what the gRPC service dispatches to.
#[tonic::async_trait]
pub trait DynGame: Send + Sync {
    fn name(&self) -> &'static str;
    /// Whether `game_id` is one of this game's (by its new prefix or the one stored before it).
    fn owns_game_id(&self, game_id: &str) -> bool;
    fn variant(&self) -> pb::Variant;
    async fn create(
        &self,
        req: pb::CreateGameRequest,
    ) -> Result<pb::CreateGameResponse, EngineError>;
    async fn submit(
        &self,
        cred: Credential,
        req: pb::SubmitCommandRequest,
    ) -> Result<pb::SubmitCommandResponse, EngineError>;
    async fn get_state(
        &self,
        cred: Credential,
        req: pb::GetStateRequest,
    ) -> Result<pb::GetStateResponse, EngineError>;
    async fn legal_actions(
        &self,
        cred: Credential,
        req: pb::LegalActionsRequest,
    ) -> Result<pb::LegalActionsResponse, EngineError>;
    async fn read_events(
        &self,
        cred: Credential,
        req: pb::ReadEventsRequest,
        tx: StreamTx<pb::EventEnvelope, Status>,
    ) -> Result<(), EngineError>;
    async fn subscribe(
        &self,
        cred: Credential,
        req: pb::SubscribeRequest,
        tx: StreamTx<pb::SubscribeResponse, Status>,
    ) -> Result<(), EngineError>;
    async fn replay(&self, req: pb::GetReplayRequest)
        -> Result<pb::GetReplayResponse, EngineError>;
    /// Each seat's chance to win at an index, from what a spectator sees (the full state once the game is over).
    async fn analyze(&self, req: pb::AnalyzeRequest) -> Result<pb::AnalyzeResponse, EngineError>;
    /// Watches where game `game_id` stands, for the seat of `cred` (a seat token is required).
    async fn watch_turn(
        &self,
        cred: Credential,
        game_id: String,
    ) -> Result<Box<dyn TurnFeed>, EngineError>;
    /// Omniscient views of consecutive events `records` of one game (for the operator's global stream).
    async fn omniscient(
        &self,
        game_id: String,
        records: Vec<GlobalRecord>,
    ) -> Result<Vec<pb::EventEnvelope>, EngineError>;
    /// Takes in consecutive events of one game, named by `entries` of a shared store's global index (see
    /// `Engine::follow`).
    async fn follow(&self, game_id: String, entries: Vec<GlobalEntry>) -> Result<(), EngineError>;
}

/// Where a game stands for one seat, for its `Play` session, in protobuf: the seat's legal actions if it may act
/// at a version it has not been told about, or the end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProtoTurn {
    pub actions: Option<pb::LegalActionsResponse>,
    pub ended: Option<pb::GameEnded>,
}

/// A seat's turns, for its `Play` session, converted in the session's own task.
pub trait TurnFeed: Send {
    /// The latest turn, marked seen, with its actions only if they are newer than version `told`.
    fn unseen(&mut self, told: Option<u64>) -> ProtoTurn;
    /// Ready once there is a turn not seen yet (`true`), or the engine has gone (`false`). A poll rather than a
    /// future, so that waiting through the trait object allocates nothing per turn.
    fn poll_changed(&mut self, cx: &mut Context<'_>) -> Poll<bool>;
}

/// The protobuf wire: how every engine's answers travel.
pub struct Proto;

impl<G: ProtoGame + StoredGame> Wire<G> for Proto {
    type Event = pb::EventEnvelope;
    type Update = pb::SubscribeResponse;
    type Actions = pb::LegalActionsResponse;
    type Error = Status;

    fn event(game_id: &str, at: EventAt<G::EventView>) -> pb::EventEnvelope {
        pb::EventEnvelope {
            game_id: game_id.to_string(),
            version: at.version,
            global_position: at.global,
            event: Some(event_to_proto::<G>(at.event)),
        }
    }

    fn update(update: Update<pb::EventEnvelope>) -> pb::SubscribeResponse {
        use pb::subscribe_response::Item;
        let item = match update {
            Update::Event(event) => Item::Event(event),
            Update::CaughtUp(version) => Item::CaughtUp(pb::CaughtUp { version }),
        };
        pb::SubscribeResponse { item: Some(item) }
    }

    fn farewell(kind: StreamKind, error: EngineError) -> Status {
        crate::observe::stream_refusal(crate::metrics::stream_method(kind), &error);
        crate::error::status(error)
    }

    fn actions(actions: &Actions<G::Command>) -> pb::LegalActionsResponse {
        pb::LegalActionsResponse {
            version: actions.version,
            seat: u32::from(actions.seat.0),
            commands: actions.commands.iter().map(G::command_to_proto).collect(),
            deadline: actions.deadline.map(deadline_to_proto),
        }
    }
}

/// An event view in protobuf: the game's through its adapter, the table's as it is.
pub(super) fn event_to_proto<G: ProtoGame>(event: TableEventView<G::EventView>) -> pb::Event {
    let body = match event {
        TableEventView::Game(view) => return G::event_to_proto(&view),
        TableEventView::SeedRevealed { seed } => {
            pb::event::Body::SeedRevealed(pb::SeedRevealed { seed })
        }
        TableEventView::TimedOut { seat } => pb::event::Body::TimedOut(pb::TimedOut {
            seat: u32::from(seat.0),
        }),
    };
    pb::Event { body: Some(body) }
}

fn deadline_to_proto(deadline: Deadline) -> pb::SeatDeadline {
    pb::SeatDeadline {
        seat: u32::from(deadline.seat.0),
        deadline_unix_ms: deadline.at_ms,
        reserve_ms: deadline.reserve_ms,
    }
}

fn summary_to_proto<G: ProtoGame>(summary: Summary) -> pb::GameSummary {
    pb::GameSummary {
        game_id: summary.game_id,
        variant: G::VARIANT as i32,
        seats: summary.seats,
        status: if summary.outcome.is_some() {
            pb::GameStatus::Finished
        } else {
            pb::GameStatus::InProgress
        } as i32,
        version: summary.version,
        winner: summary.outcome.map(|o| u32::from(o.winner.0)),
    }
}

/// The creation options as stored: the map by its enum name, so the record reads without the API's numbering.
fn stored_options(options: &pb::GameOptions) -> StoredOptions {
    StoredOptions {
        map: options.map().as_str_name().to_string(),
        victory_points: options.victory_points,
        negotiated_defence: options.negotiated_defence,
        turn_seconds: options.turn_seconds,
        reserve_seconds: options.reserve_seconds,
    }
}

fn options_to_proto(options: &StoredOptions) -> pb::GameOptions {
    pb::GameOptions {
        map: pb::MapKind::from_str_name(&options.map).unwrap_or(pb::MapKind::Unspecified) as i32,
        victory_points: options.victory_points,
        negotiated_defence: options.negotiated_defence,
        turn_seconds: options.turn_seconds,
        reserve_seconds: options.reserve_seconds,
    }
}

/// A seat's [`TurnWatch`], in protobuf.
struct ProtoTurns<G: StoredGame>(TurnWatch<G::Command>);

impl<G: ProtoGame + StoredGame> TurnFeed for ProtoTurns<G> {
    fn unseen(&mut self, told: Option<u64>) -> ProtoTurn {
        let turn = self.0.unseen(told);
        ProtoTurn {
            actions: turn.actions.as_deref().map(<Proto as Wire<G>>::actions),
            ended: turn.ended.map(|ended| pb::GameEnded {
                version: ended.version,
                winner: Some(u32::from(ended.winner.0)),
            }),
        }
    }

    fn poll_changed(&mut self, cx: &mut Context<'_>) -> Poll<bool> {
        self.0.poll_changed(cx)
    }
}

/// An [`Engine`] behind the API.
pub struct ProtoEngine<G: StoredGame> {
    engine: Arc<Engine<G>>,
    /// Its commands' answers, counted by status code.
    commands: CommandMetrics,
}

impl<G: ProtoGame + StoredGame> ProtoEngine<G> {
    pub fn new(shared: Arc<Shared>) -> ProtoEngine<G> {
        ProtoEngine {
            engine: Engine::new_shared(shared),
            commands: CommandMetrics::new(G::ID_PREFIX),
        }
    }
}

#[tonic::async_trait]
impl<G: ProtoGame + StoredGame> DynGame for ProtoEngine<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn owns_game_id(&self, game_id: &str) -> bool {
        crate::stored::owns_game_id::<G>(game_id)
    }

    fn variant(&self) -> pb::Variant {
        G::VARIANT
    }

    async fn create(
        &self,
        req: pb::CreateGameRequest,
    ) -> Result<pb::CreateGameResponse, EngineError> {
        let seats = SeatNames::new(req.seats)?;
        let bots = crate::service::bot_seats(&req.bots, &seats)?;
        let options = req.options.unwrap_or_default();
        let config = G::config(&options, seats.len())?;
        let bot_at: Vec<bool> = (0..seats.len())
            .map(|i| req.bots.iter().any(|b| b.seat as usize == i))
            .collect();
        let created = self
            .engine
            .create(seats, bots, stored_options(&options), config)
            .await?;
        let seats = created.seats.into_iter().enumerate();
        Ok(pb::CreateGameResponse {
            game_id: created.game_id,
            seats: seats
                .map(|(i, (name, token))| pb::SeatToken {
                    seat: i as u32,
                    name,
                    token,
                    bot: bot_at[i],
                })
                .collect(),
            seed_commitment: created.seed_commitment,
        })
    }

    async fn submit(
        &self,
        cred: Credential,
        req: pb::SubmitCommandRequest,
    ) -> Result<pb::SubmitCommandResponse, EngineError> {
        let command_id = crate::engine::CommandId::of_client(req.command_id)?;
        let command = req
            .command
            .ok_or_else(|| EngineError::Malformed("command is required".into()))?;
        let submit = Submit {
            game_id: req.game_id,
            command_id,
            expected_version: req.expected_version,
            command: G::command_from_proto(command)?,
            with_legal_actions: req.with_legal_actions,
        };
        let answer = self.engine.submit::<Proto>(cred, submit).await;
        self.commands
            .command(answer.as_ref().map(|answer| answer.duplicate));
        let answer = answer?;
        Ok(pb::SubmitCommandResponse {
            version: answer.version,
            events: answer.events,
            duplicate: answer.duplicate,
            legal_actions: answer.legal_actions,
        })
    }

    async fn get_state(
        &self,
        cred: Credential,
        req: pb::GetStateRequest,
    ) -> Result<pb::GetStateResponse, EngineError> {
        let at = self
            .engine
            .state(cred, &req.game_id, req.at_version)
            .await?;
        Ok(pb::GetStateResponse {
            version: at.version,
            summary: Some(summary_to_proto::<G>(at.summary)),
            state: Some(G::state_to_proto(&at.state)),
            viewer_seat: at.seat.map(|s| u32::from(s.0)),
            waiting_for: at.waiting_for.iter().map(|s| u32::from(s.0)).collect(),
            deadlines: at.deadlines.into_iter().map(deadline_to_proto).collect(),
        })
    }

    async fn legal_actions(
        &self,
        cred: Credential,
        req: pb::LegalActionsRequest,
    ) -> Result<pb::LegalActionsResponse, EngineError> {
        let actions = self.engine.legal_actions(cred, &req.game_id).await?;
        Ok(<Proto as Wire<G>>::actions(&actions))
    }

    async fn read_events(
        &self,
        cred: Credential,
        req: pb::ReadEventsRequest,
        tx: StreamTx<pb::EventEnvelope, Status>,
    ) -> Result<(), EngineError> {
        let range = ReadRange {
            game_id: req.game_id,
            from: req.from_version,
            to: req.to_version,
            backwards: req.backwards,
            limit: req.limit,
        };
        self.engine.read_events::<Proto>(cred, range, tx).await
    }

    async fn subscribe(
        &self,
        cred: Credential,
        req: pb::SubscribeRequest,
        tx: StreamTx<pb::SubscribeResponse, Status>,
    ) -> Result<(), EngineError> {
        self.engine
            .subscribe::<Proto>(cred, &req.game_id, req.after_version, tx)
            .await
    }

    async fn replay(
        &self,
        req: pb::GetReplayRequest,
    ) -> Result<pb::GetReplayResponse, EngineError> {
        let game = self.engine.replay(&req.game_id).await?;
        let commands = game.commands.into_iter().map(|c| pb::RecordedCommand {
            command_id: c.command_id,
            seat: u32::from(c.seat.0),
            command: Some(G::command_to_proto(&c.command)),
            first_version: c.first_version,
            last_version: c.last_version,
            timed_out: c.timed_out,
        });
        Ok(pb::GetReplayResponse {
            variant: G::VARIANT as i32,
            seats: game.seats,
            options: Some(options_to_proto(&game.options)),
            seed_commitment: game.seed_commitment,
            seed: game.seed,
            commands: commands.collect(),
        })
    }

    async fn analyze(&self, req: pb::AnalyzeRequest) -> Result<pb::AnalyzeResponse, EngineError> {
        let analysis = self
            .engine
            .analyze(&req.game_id, req.at_version, req.sims)
            .await?;
        Ok(pb::AnalyzeResponse {
            version: analysis.version,
            win_chances: analysis.chances,
            sims: analysis.sims,
            full_information: analysis.full_information,
        })
    }

    async fn watch_turn(
        &self,
        cred: Credential,
        game_id: String,
    ) -> Result<Box<dyn TurnFeed>, EngineError> {
        let watch = self.engine.watch_turn(cred, game_id).await?;
        Ok(Box::new(ProtoTurns::<G>(watch)))
    }

    async fn omniscient(
        &self,
        game_id: String,
        records: Vec<GlobalRecord>,
    ) -> Result<Vec<pb::EventEnvelope>, EngineError> {
        self.engine.omniscient::<Proto>(&game_id, records).await
    }

    async fn follow(&self, game_id: String, entries: Vec<GlobalEntry>) -> Result<(), EngineError> {
        self.engine.follow(&game_id, entries).await
    }
}

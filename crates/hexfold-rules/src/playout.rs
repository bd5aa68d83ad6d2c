//! Seeded random games, played step by step: the one loop behind the property tests, the server's adapter and
//! state-fingerprint tests, and the self-play benchmark.
//!
//! A step is what a server does per command, minus I/O: ask `seats_to_act`, choose a seat, let a player choose a
//! command, `decide`, `evolve`. [`Playout`] owns the state and the generator, shows each step to the caller (the
//! state before it, the seat, the command, the events and, when asked, the seat's legal actions) and says why play
//! stopped ([`Stop`]). The choices are plain settings ([`SeatChoice`], [`CommandChoice`]), so a caller that needs a
//! game to be played exactly as it was before (a pinned fingerprint) gets the same draws from the same seed.
//!
//! This module depends only on the [`Game`] trait and on [`RandomPlayer`], which each game implements next to its
//! random player; it knows no game.

use crate::{Game, GameRng, Outcome, Seat};
use rand::{Rng, SeedableRng};
use std::fmt;

/// A game's random player: a random but sensible legal command, for tests, bots and benchmarks, and what it takes
/// to play whole random games of the game (a configuration, a bound on a game's length, its turn count), so a
/// benchmark or a test can play any game from its type alone.
pub trait RandomPlayer: Game {
    /// Commands a random game may take before it is declared stuck: far above any game's real length.
    const COMMAND_LIMIT: u64;

    /// A command for `seat` among its legal actions, or `None` if the seat has nothing to do.
    fn random_command(state: &Self::State, seat: Seat, rng: &mut GameRng) -> Option<Self::Command>;

    /// The configuration of a random game of `seats` players, with the game's own points target, on its fixed
    /// beginner map if `beginner_map` and it has one (a variable map otherwise).
    fn random_config(seats: u8, beginner_map: bool) -> Self::Config;

    /// Turns played so far.
    fn turns(state: &Self::State) -> u64;

    /// How likely a random client of the API picks a command of this kind among a seat's legal actions, relative
    /// to the other kinds it may send (the server's tests play random games over the API with it): tilted towards
    /// growth so random games end, as the random player is. 10 unless the game says otherwise.
    fn command_weight(_command: &Self::Command) -> u32 {
        10
    }

    /// The fewest and the most seats the game is played with.
    const SEATS: (u8, u8);

    /// A random game's cost next to base Catan's, roughly: the tests that play every game divide their counts of
    /// random games by it, and play a costly game at its smallest table.
    const COST: u64 = 1;

    /// The table a test plays a random game at: four seats, or the game's smallest if it is costly, within its
    /// range.
    const TEST_SEATS: u8 = if Self::COST > 1 {
        Self::SEATS.0
    } else if Self::SEATS.1 < 4 {
        Self::SEATS.1
    } else if Self::SEATS.0 > 4 {
        Self::SEATS.0
    } else {
        4
    };
}

/// Which seat acts when several may (all owe a discard, say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// One of them uniformly, from the game's generator.
    Random,
    /// The first the game lists.
    First,
    /// The one at the step's number, counted over every step tried, modulo how many may act.
    RoundRobin,
}

/// Who chooses the command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandChoice {
    /// The game's [`RandomPlayer`].
    RandomPlayer,
    /// One of the seat's legal actions, uniformly.
    UniformLegal,
}

/// One accepted command, as the caller sees it before its events are folded in.
pub struct Step<'a, G: Game> {
    /// The state the command was decided against.
    pub before: &'a G::State,
    pub seat: Seat,
    pub command: &'a G::Command,
    pub events: &'a [G::Event],
    /// The seat's legal actions in `before`, if the playout was asked to list them.
    pub legal: Option<&'a [G::Command]>,
}

impl<G: Game> Step<'_, G> {
    /// Calls `f` with each event and the state just before it, so an event view sees what a live viewer sees.
    pub fn each_event(&self, mut f: impl FnMut(&G::State, &G::Event)) {
        let mut state = self.before.clone();
        for e in self.events {
            f(&state, e);
            state = G::evolve(state, e);
        }
    }
}

/// Why a step played nothing.
pub enum Stop<G: Game> {
    /// The game has ended.
    Ended(Outcome),
    /// The playout's limit of accepted commands is reached.
    CommandLimit,
    /// The game is running but no seat may act.
    NobodyToAct,
    /// The chosen seat has no command (no legal action, or the random player found none).
    NoCommand(Seat),
    /// The chosen command was refused.
    Refused {
        seat: Seat,
        command: G::Command,
        violation: G::Violation,
    },
}

impl<G: Game> fmt::Debug for Stop<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Ended(o) => write!(f, "ended: {} won", o.winner.0),
            Stop::CommandLimit => f.write_str("command limit reached"),
            Stop::NobodyToAct => f.write_str("nobody may act before the end"),
            Stop::NoCommand(seat) => write!(f, "seat {} to act has no command", seat.0),
            Stop::Refused {
                seat,
                command,
                violation,
            } => write!(f, "{command:?} by seat {} refused: {violation:?}", seat.0),
        }
    }
}

/// A seeded random game in progress.
pub struct Playout<G: Game> {
    /// Always `Some` between calls; taken only while a step folds its events in.
    state: Option<G::State>,
    rng: GameRng,
    seat_choice: SeatChoice,
    command_choice: CommandChoice,
    list_legal: bool,
    log: Option<Vec<G::Event>>,
    command_limit: u64,
    tried: u64,
    played: u64,
}

impl<G: RandomPlayer> Playout<G> {
    /// A game from `setup`, played with `rng`: random seats, the random player, no limit, no log.
    pub fn new(setup: &G::Setup, rng: GameRng) -> Self {
        Playout::from_state(G::initial_state(setup), rng)
    }

    /// A game played on from `state` (a scenario's position) with `rng`, with the settings of [`Playout::new`].
    pub fn from_state(state: G::State, rng: GameRng) -> Self {
        Playout {
            state: Some(state),
            rng,
            seat_choice: SeatChoice::Random,
            command_choice: CommandChoice::RandomPlayer,
            list_legal: false,
            log: None,
            command_limit: u64::MAX,
            tried: 0,
            played: 0,
        }
    }

    /// The game of `seed`: the generator `GameRng::seed_from_u64(seed)` draws the setup from `config` and then
    /// plays, as every random game of this project has done. Returns the setup too, for replays.
    pub fn seeded(config: &G::Config, seed: u64) -> Result<(G::Setup, Self), G::Violation> {
        let mut rng = GameRng::seed_from_u64(seed);
        let setup = G::setup(config, &mut rng)?;
        let playout = Playout::new(&setup, rng);
        Ok((setup, playout))
    }

    pub fn seat_choice(mut self, choice: SeatChoice) -> Self {
        self.seat_choice = choice;
        self
    }

    pub fn command_choice(mut self, choice: CommandChoice) -> Self {
        self.command_choice = choice;
        self
    }

    /// Lists the acting seat's legal actions in every step (at the cost of computing them).
    pub fn list_legal(mut self) -> Self {
        self.list_legal = true;
        self
    }

    /// Keeps every event, for replays ([`Playout::log`]).
    pub fn keep_log(mut self) -> Self {
        self.log = Some(Vec::new());
        self
    }

    /// Stops with [`Stop::CommandLimit`] once `n` commands were accepted.
    pub fn command_limit(mut self, n: u64) -> Self {
        self.command_limit = n;
        self
    }

    pub fn state(&self) -> &G::State {
        self.state
            .as_ref()
            .expect("the state is back after every step")
    }

    pub fn into_state(self) -> G::State {
        self.state.expect("the state is back after every step")
    }

    /// Every event so far (empty unless [`Playout::keep_log`]).
    pub fn log(&self) -> &[G::Event] {
        self.log.as_deref().unwrap_or_default()
    }

    /// Accepted commands so far.
    pub fn played(&self) -> u64 {
        self.played
    }

    /// Steps that reached the choice of a seat so far, accepted or not: the number [`SeatChoice::RoundRobin`]
    /// counts with.
    pub fn tried(&self) -> u64 {
        self.tried
    }

    /// Plays one command: shows it to `visit` before folding its events in, or says why nothing was played. A
    /// refused command or a seat without one leaves the game as it was, so the caller may step again.
    pub fn step(&mut self, visit: impl FnOnce(&Step<'_, G>)) -> Result<(), Stop<G>> {
        self.step_inner(
            None::<fn(&G::State, Seat, &mut GameRng) -> Option<G::Command>>,
            visit,
        )
    }

    /// [`Playout::step`] with the command chosen by `choose` (the state, the seat chosen to act, the playout's
    /// generator) instead of the playout's [`CommandChoice`]: for bots of several strategies at one table.
    pub fn step_by(
        &mut self,
        choose: impl FnOnce(&G::State, Seat, &mut GameRng) -> Option<G::Command>,
        visit: impl FnOnce(&Step<'_, G>),
    ) -> Result<(), Stop<G>> {
        self.step_inner(Some(choose), visit)
    }

    fn step_inner(
        &mut self,
        choose: Option<impl FnOnce(&G::State, Seat, &mut GameRng) -> Option<G::Command>>,
        visit: impl FnOnce(&Step<'_, G>),
    ) -> Result<(), Stop<G>> {
        let state = self
            .state
            .as_ref()
            .expect("the state is back after every step");
        if let Some(outcome) = G::outcome(state) {
            return Err(Stop::Ended(outcome));
        }
        if self.played >= self.command_limit {
            return Err(Stop::CommandLimit);
        }
        let seats = G::seats_to_act(state);
        if seats.is_empty() {
            return Err(Stop::NobodyToAct);
        }
        let n = self.tried;
        self.tried += 1;
        let seat = match self.seat_choice {
            SeatChoice::Random => seats[self.rng.gen_range(0..seats.len())],
            SeatChoice::First => seats[0],
            SeatChoice::RoundRobin => seats[(n % seats.len() as u64) as usize],
        };
        let uniform = self.command_choice == CommandChoice::UniformLegal;
        let legal = (self.list_legal || uniform).then(|| G::legal_actions(state, seat));
        let command = match (choose, &legal, uniform) {
            (Some(choose), _, _) => choose(state, seat, &mut self.rng),
            (None, Some(legal), true) if !legal.is_empty() => {
                Some(legal[self.rng.gen_range(0..legal.len())].clone())
            }
            (None, _, true) => None,
            (None, _, false) => G::random_command(state, seat, &mut self.rng),
        };
        let Some(command) = command else {
            return Err(Stop::NoCommand(seat));
        };
        let events = match G::decide(state, seat, &command, &mut self.rng) {
            Ok(events) => events,
            Err(violation) => {
                return Err(Stop::Refused {
                    seat,
                    command,
                    violation,
                })
            }
        };
        self.played += 1;
        visit(&Step {
            before: state,
            seat,
            command: &command,
            events: &events,
            legal: legal.as_deref(),
        });
        let mut state = self
            .state
            .take()
            .expect("the state is back after every step");
        for e in &events {
            state = G::evolve(state, e);
        }
        self.state = Some(state);
        if let Some(log) = &mut self.log {
            log.extend(events);
        }
        Ok(())
    }

    /// Plays until a step plays nothing, showing each step to `visit`; returns why it stopped.
    pub fn run(&mut self, mut visit: impl FnMut(&Step<'_, G>)) -> Stop<G> {
        loop {
            if let Err(stop) = self.step(&mut visit) {
                return stop;
            }
        }
    }

    /// Whether folding the log from `setup`'s initial state gives the live state (needs [`Playout::keep_log`]).
    pub fn replay_matches(&self, setup: &G::Setup) -> bool {
        self.log().iter().fold(G::initial_state(setup), G::evolve) == *self.state()
    }
}

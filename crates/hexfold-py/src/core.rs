//! One game in process, for the Python environments: the rules crate's state, the generator its dice draw from,
//! and the encodings of a seat's view (observation) and of its legal actions (action mask). Generic over the
//! rules' [`Game`]; the Python class [`crate::Env`] holds one behind [`Table`] so a single class serves every game.

use crate::layout::{self, Enc, Field};
use hexfold_rules::bot::{self, expert, Budget, Expert, Strategy};
use hexfold_rules::{GameRng, RuleViolation, Seat, Viewer};
use rand::SeedableRng;
use serde::Serialize;
use std::collections::VecDeque;

/// What the environments need of a game beyond the rules crate's traits.
pub trait PyGame: Expert {
    /// The name Python uses: the server's and the command line's name of the game (`cities-and-knights`).
    const PY_NAME: &'static str;
    /// The size of the `Discrete` action space: the most legal actions a seat is offered (see [`Core::legal`]).
    const ACTIONS: usize;
    /// Writes the observation's blocks after the header from `view`, the observer's view (see `layout.rs`).
    fn encode(view: &Self::StateView, e: &mut Enc<'_>);
    /// The seat's score for the shaped reward, as the seat itself knows it (its victory points, hidden ones
    /// included, or the game's own count of progress: the cubes on the board of a grid game).
    fn points(state: &Self::State, seat: Seat) -> f32;

    /// Whether `command`, the active seat's, offers a trade to every other seat: the environment then asks each
    /// of them to answer it (see [`Core::next_turn`]). `false` in a game without offers.
    fn opens_offer(_command: &Self::Command) -> bool {
        false
    }

    /// Whether `command`, an answer to the open offer, accepts it: the trade happens at once and the offer is
    /// closed, so the seats after it are not asked.
    fn accepts_offer(_command: &Self::Command) -> bool {
        false
    }
}

/// The JSON of the action that lets an open offer pass unanswered: index 0 of every answer turn.
pub const PASS: &str = "\"Pass\"";

/// Who plays a seat for the environment (the Gymnasium wrapper's other seats): one of the rules crate's strategies,
/// or its expert searching a fixed number of simulations per decision (no clock, so a seed gives the same game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Strategy(Strategy),
    Expert { sims: u32 },
}

/// The expert's simulations per decision when its name gives none: about 3 ms of CPU a decision in base Catan
/// (measured on the project machine, 2026-12-07).
pub const EXPERT_SIMS: u32 = 50;

/// The most simulations an `expert:N` may ask for per decision.
pub const EXPERT_SIMS_MAX: u32 = 100_000;

impl std::str::FromStr for Opponent {
    type Err = String;

    /// `random`, `greedy`, `expert` or `expert:N` (N simulations per decision, 1 to [`EXPERT_SIMS_MAX`]).
    fn from_str(name: &str) -> Result<Opponent, String> {
        if name == "expert" {
            return Ok(Opponent::Expert { sims: EXPERT_SIMS });
        }
        if let Some(n) = name.strip_prefix("expert:") {
            return match n.parse::<u32>() {
                Ok(sims) if (1..=EXPERT_SIMS_MAX).contains(&sims) => Ok(Opponent::Expert { sims }),
                _ => Err(format!(
                    "expert:N takes N simulations from 1 to {EXPERT_SIMS_MAX}, not {n:?}"
                )),
            };
        }
        name.parse::<Strategy>()
            .map(Opponent::Strategy)
            .map_err(|e| format!("{e}; or expert, expert:N"))
    }
}

/// A failure the Python side reports as `ValueError`.
#[derive(Debug)]
pub struct Refused(pub String);

/// The object-safe face of [`Core`], one per game behind the Python class.
pub trait Table: Send + Sync {
    fn game(&self) -> &'static str;
    fn seats(&self) -> u8;
    fn actions(&self) -> usize;
    fn obs_len(&self) -> usize;
    fn reset(&mut self, seed: u64) -> Result<(), Refused>;
    fn actor(&self) -> Option<u8>;
    fn winner(&self) -> Option<u8>;
    fn commands(&self) -> u64;
    fn points(&self, seat: u8) -> f32;
    fn observe_into(&mut self, seat: u8, obs: &mut [f32], mask: &mut [u8]);
    fn legal_json(&mut self, seat: u8) -> Vec<String>;
    fn view_json(&self, seat: u8) -> String;
    fn observation_layout(&self) -> &[Field];
    fn step(&mut self, action: usize) -> Result<(), Refused>;
    fn bot_action(&mut self, opponent: Opponent) -> Option<usize>;
    fn redealt(&self, seat: u8, seed: u64) -> Box<dyn Table>;
    fn boxed_clone(&self) -> Box<dyn Table>;
}

pub struct Core<G: PyGame> {
    config: G::Config,
    /// Always `Some` but inside [`Table::step`], which folds events into it by value.
    state: Option<G::State>,
    /// Draws the dice and every other random outcome of `decide`.
    rng: GameRng,
    /// Draws the bots' choices, apart from the dice so a bot's draw does not change the game's luck.
    bot_rng: GameRng,
    seats: u8,
    commands: u64,
    /// The seat to act and its legal actions, computed once per state.
    turn: Option<(Seat, Vec<G::Command>)>,
    /// The observation's blocks, the same for every seat and state of this game (see `layout.rs`).
    layout: Vec<Field>,
    /// Whether that turn is an answer to the open offer: action 0 is then the pass, and action `i` the legal
    /// command `i - 1`.
    answer: bool,
    /// The seats still to be asked to answer the open offer, the next first.
    answering: VecDeque<Seat>,
}

impl<G: PyGame> Clone for Core<G> {
    fn clone(&self) -> Self {
        Core {
            config: self.config.clone(),
            state: self.state.clone(),
            rng: self.rng.clone(),
            bot_rng: self.bot_rng.clone(),
            seats: self.seats,
            commands: self.commands,
            turn: self.turn.clone(),
            layout: self.layout.clone(),
            answer: self.answer,
            answering: self.answering.clone(),
        }
    }
}

impl<G: PyGame> Core<G> {
    pub fn new(config: G::Config, seats: u8, seed: u64) -> Result<Self, Refused> {
        let mut rng = GameRng::seed_from_u64(seed);
        let setup = G::setup(&config, &mut rng)
            .map_err(|v| Refused(format!("{}: {}", v.rule_id(), v.message())))?;
        let mut core = Core {
            config,
            state: Some(G::initial_state(&setup)),
            rng,
            bot_rng: GameRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
            seats,
            commands: 0,
            turn: None,
            layout: Vec::new(),
            answer: false,
            answering: VecDeque::new(),
        };
        core.describe();
        core.next_turn();
        Ok(core)
    }

    /// The seat to act. After the active seat's trade offer ([`PyGame::opens_offer`]), every other seat in seat
    /// order after it, each once, answers the offer or passes (action 0): every seat is asked, whether or not its
    /// hand lets it answer, since the seat to act is shown to every seat and must not tell whose hand can; one
    /// that cannot has the pass alone. An accepted offer is closed, and the seats after are not asked. Otherwise,
    /// of the seats the game waits for ([`hexfold_rules::Game::waiting_for`], which every seat may see), the one
    /// at the command count modulo how many they are (so seats that must all act, such as every seat owing a
    /// discard, take turns), skipping a seat without a legal action. `None` once the game has ended.
    fn next_turn(&mut self) {
        self.turn = None;
        self.answer = false;
        if G::outcome(self.st()).is_some() {
            self.answering.clear();
            return;
        }
        if let Some(&seat) = self.answering.front() {
            self.turn = Some((seat, G::legal_actions(self.st(), seat)));
            self.answer = true;
            return;
        }
        let seats = G::waiting_for(self.st());
        let n = seats.len();
        for k in 0..n {
            let seat = seats[(self.commands as usize + k) % n];
            let legal = G::legal_actions(self.st(), seat);
            if !legal.is_empty() {
                self.turn = Some((seat, legal));
                return;
            }
        }
    }

    /// A game at the start of a recorded setup (a replay: its events are folded in as recorded, see `replay.rs`).
    pub fn from_setup(config: G::Config, setup: &G::Setup, seats: u8) -> Self {
        let mut core = Core {
            config,
            state: Some(G::initial_state(setup)),
            rng: GameRng::seed_from_u64(0),
            bot_rng: GameRng::seed_from_u64(0),
            seats,
            commands: 0,
            turn: None,
            layout: Vec::new(),
            answer: false,
            answering: VecDeque::new(),
        };
        core.describe();
        core.next_turn();
        core
    }

    /// Lists the observation's blocks by writing seat 0's observation once into a scratch buffer.
    fn describe(&mut self) {
        let mut scratch = vec![0.0; 1 << 18];
        let mut fields = Vec::new();
        let mut e = Enc::new(&mut scratch, Seat(0), self.seats, Some(&mut fields));
        self.encode(Seat(0), &mut e);
        self.layout = fields;
    }

    /// Writes `seat`'s whole observation, header first.
    fn encode(&self, seat: Seat, e: &mut Enc<'_>) {
        let legal = self.actions_now(seat);
        let winner = G::outcome(self.st()).map(|o| o.winner);
        let header = layout::Header {
            seats: self.seats,
            seat: seat.0,
            legal,
            actions: G::ACTIONS,
            commands: self.commands,
            ended: winner.is_some(),
            won: winner == Some(seat),
            points: G::points(self.st(), seat),
        };
        layout::header(e, &header);
        G::encode(&G::view_state(self.st(), Viewer::Seat(seat)), e);
    }

    fn obs_len(&self) -> usize {
        self.layout.last().map_or(0, |f| f.offset + f.len)
    }

    /// Writes `seat`'s observation as `observe_into` does, and returns how many entries its encoder wrote.
    #[cfg(test)]
    pub fn encoded_len(&mut self, seat: u8, out: &mut [f32], mask: &mut [u8]) -> usize {
        Table::observe_into(self, seat, out, mask);
        out.fill(0.0);
        let mut e = Enc::new(out, Seat(seat), self.seats, None);
        self.encode(Seat(seat), &mut e);
        e.written()
    }

    /// `seat`'s observation and mask as the environment shows them when `seat` is to act now, and `command`'s
    /// index among its legal actions (`None` if they do not hold it within the action space).
    pub fn observe_recorded(
        &mut self,
        seat: u8,
        command: &G::Command,
    ) -> (Vec<f32>, Vec<u8>, Option<usize>) {
        let legal = G::legal_actions(self.st(), Seat(seat));
        // A command of a seat the game does not wait for answers an offer: after the pass, as the env shows it.
        self.answer = !G::waiting_for(self.st()).contains(&Seat(seat));
        let offset = usize::from(self.answer);
        let action = legal
            .iter()
            .position(|c| c == command)
            .map(|i| i + offset)
            .filter(|&i| i < G::ACTIONS);
        self.turn = Some((Seat(seat), legal));
        let mut obs = vec![0.0; Core::obs_len(self)];
        let mut mask = vec![0; G::ACTIONS];
        self.observe_into(seat, &mut obs, &mut mask);
        (obs, mask, action)
    }

    /// Folds a recorded command's events in.
    pub fn fold_recorded(&mut self, events: &[G::Event]) {
        let mut state = self.state.take().expect("state present");
        for event in events {
            state = G::evolve(state, event);
        }
        self.state = Some(state);
        self.commands += 1;
        self.next_turn();
    }

    pub fn winner_seat(&self) -> Option<u8> {
        G::outcome(self.st()).map(|o| o.winner.0)
    }

    fn st(&self) -> &G::State {
        self.state.as_ref().expect("state present")
    }

    fn legal_for(&self, seat: Seat) -> Vec<G::Command> {
        match &self.turn {
            Some((s, legal)) if *s == seat => legal.clone(),
            _ => Vec::new(),
        }
    }

    /// How many actions the seat to act has: its legal commands, and the pass on an answer turn.
    fn actions_now(&self, seat: Seat) -> usize {
        match &self.turn {
            Some((s, legal)) if *s == seat => legal.len() + usize::from(self.answer),
            _ => 0,
        }
    }
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("rules types serialise")
}

impl<G: PyGame> Table for Core<G>
where
    G::Config: Send + Sync,
{
    fn game(&self) -> &'static str {
        G::PY_NAME
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn actions(&self) -> usize {
        G::ACTIONS
    }

    fn obs_len(&self) -> usize {
        Core::obs_len(self)
    }

    fn reset(&mut self, seed: u64) -> Result<(), Refused> {
        *self = Core::new(self.config.clone(), self.seats, seed)?;
        Ok(())
    }

    fn actor(&self) -> Option<u8> {
        self.turn.as_ref().map(|(s, _)| s.0)
    }

    fn winner(&self) -> Option<u8> {
        G::outcome(self.st()).map(|o| o.winner.0)
    }

    fn commands(&self) -> u64 {
        self.commands
    }

    fn points(&self, seat: u8) -> f32 {
        G::points(self.st(), Seat(seat))
    }

    fn observe_into(&mut self, seat: u8, out: &mut [f32], mask: &mut [u8]) {
        let s = Seat(seat);
        out.fill(0.0);
        let mut e = Enc::new(out, s, self.seats, None);
        self.encode(s, &mut e);
        debug_assert_eq!(
            e.written(),
            Core::obs_len(self),
            "{}: the observation's length moved",
            G::PY_NAME
        );
        let legal = self.actions_now(s);
        mask.fill(0);
        mask[..legal.min(G::ACTIONS)].fill(1);
    }

    fn legal_json(&mut self, seat: u8) -> Vec<String> {
        let pass = (self.answer && self.actions_now(Seat(seat)) > 0).then(|| PASS.to_string());
        pass.into_iter()
            .chain(self.legal_for(Seat(seat)).iter().map(json))
            .take(G::ACTIONS)
            .collect()
    }

    fn view_json(&self, seat: u8) -> String {
        json(&G::view_state(self.st(), Viewer::Seat(Seat(seat))))
    }

    fn observation_layout(&self) -> &[Field] {
        &self.layout
    }

    fn step(&mut self, action: usize) -> Result<(), Refused> {
        let Some((seat, legal)) = self.turn.take() else {
            return Err(Refused("the game has ended: no seat may act".into()));
        };
        let offset = usize::from(self.answer);
        let shown = (legal.len() + offset).min(G::ACTIONS);
        let index = action % shown;
        if self.answer {
            self.answering.pop_front();
            if index == 0 {
                self.next_turn();
                return Ok(());
            }
        }
        let command = &legal[index - offset];
        if self.answer && G::accepts_offer(command) {
            self.answering.clear();
        }
        if !self.answer && G::opens_offer(command) {
            let n = self.seats;
            self.answering = (1..n).map(|k| Seat((seat.0 + k) % n)).collect();
        }
        let state = self.state.as_ref().expect("state present");
        let events = G::decide(state, seat, command, &mut self.rng).map_err(|v| {
            Refused(format!(
                "a legal action was refused ({}: {}): a bug in the rules crate",
                v.rule_id(),
                v.name()
            ))
        })?;
        self.fold_recorded(&events);
        Ok(())
    }

    fn bot_action(&mut self, opponent: Opponent) -> Option<usize> {
        let (seat, legal) = self.turn.as_ref()?;
        let state = self.state.as_ref().expect("state present");
        let offset = usize::from(self.answer);
        let rng = &mut self.bot_rng;
        let chosen = match opponent {
            Opponent::Strategy(strategy) => bot::command::<G>(strategy, state, *seat, rng),
            Opponent::Expert { sims } => {
                expert::command::<G>(state, *seat, Budget::sims(sims), rng)
            }
        };
        // On an answer turn, a strategy with nothing to say lets the offer pass.
        let Some(command) = chosen else {
            return self.answer.then_some(0);
        };
        let index = legal.iter().position(|c| *c == command)? + offset;
        (index < G::ACTIONS).then_some(index)
    }

    fn redealt(&self, seat: u8, seed: u64) -> Box<dyn Table> {
        let mut copy = self.clone();
        copy.state = Some(G::redeal(
            self.st(),
            Seat(seat),
            &mut GameRng::seed_from_u64(seed),
        ));
        copy.next_turn();
        Box::new(copy)
    }

    fn boxed_clone(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }
}

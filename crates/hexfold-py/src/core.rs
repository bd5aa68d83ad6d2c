//! One game in process, for the Python environments: the rules crate's state, the generator its dice draw from,
//! and the encodings of a seat's view (observation) and of its legal actions (action mask). Generic over the
//! rules' [`Game`]; the Python class [`crate::Env`] holds one behind [`Table`] so a single class serves every game.

use crate::obs;
use hexfold_rules::bot::{self, Bot, Strategy};
use hexfold_rules::redeal::Redeal;
use hexfold_rules::{GameRng, RuleViolation, Seat, Viewer};
use rand::SeedableRng;
use serde::Serialize;

/// What the environments need of a game beyond the rules crate's traits.
pub trait PyGame: Bot + Redeal {
    /// The name Python uses: `catan`, `cities-knights`, `catania`, `elasund`.
    const PY_NAME: &'static str;
    /// The size of the `Discrete` action space: the most legal actions a seat is offered (see [`Core::legal`]).
    const ACTIONS: usize;
    /// Hashed buckets of the observation after its header (see `obs.rs`).
    const BUCKETS: usize;
    /// The seat's score for the shaped reward, as the seat itself knows it (its victory points, hidden ones
    /// included; Elasund: its cubes on the board).
    fn points(state: &Self::State, seat: Seat) -> f32;
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
    fn observation_paths(&self, seat: u8) -> Vec<(String, usize)>;
    fn step(&mut self, action: usize) -> Result<(), Refused>;
    fn bot_action(&mut self, strategy: Strategy) -> Option<usize>;
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
        };
        core.next_turn();
        Ok(core)
    }

    /// The seat to act: of the seats the game waits for ([`hexfold_rules::Game::waiting_for`], which every seat may see), the one
    /// at the command count modulo how many they are (so seats that must all act, such as every seat owing a
    /// discard, take turns), skipping a seat without a legal action. `None` once the game has ended. The seats
    /// that may act without being waited for (the answers to an open trade offer) are not asked: whether one of
    /// them may answer can depend on its hidden hand, and the seat to act is shown to every seat.
    fn next_turn(&mut self) {
        self.turn = None;
        if G::outcome(self.st()).is_some() {
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
        };
        core.next_turn();
        core
    }

    /// `seat`'s observation and mask as the environment shows them when `seat` is to act now, and `command`'s
    /// index among its legal actions (`None` if they do not hold it within the action space).
    pub fn observe_recorded(
        &mut self,
        seat: u8,
        command: &G::Command,
    ) -> (Vec<f32>, Vec<u8>, Option<usize>) {
        let legal = G::legal_actions(self.st(), Seat(seat));
        let action = legal
            .iter()
            .position(|c| c == command)
            .filter(|&i| i < G::ACTIONS);
        self.turn = Some((Seat(seat), legal));
        let mut obs = vec![0.0; obs::HEADER + G::BUCKETS];
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
        obs::HEADER + G::BUCKETS
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
        let view = G::view_state(self.st(), Viewer::Seat(s));
        let legal = match &self.turn {
            Some((a, legal)) if *a == s => legal.len(),
            _ => 0,
        };
        let winner = G::outcome(self.st()).map(|o| o.winner);
        let header = obs::Header {
            seats: self.seats,
            seat,
            to_act: legal > 0,
            legal,
            actions: G::ACTIONS,
            commands: self.commands,
            ended: winner.is_some(),
            won: winner == Some(s),
            points: G::points(self.st(), s),
        };
        obs::encode(&header, &view, out);
        mask.fill(0);
        mask[..legal.min(G::ACTIONS)].fill(1);
    }

    fn legal_json(&mut self, seat: u8) -> Vec<String> {
        self.legal_for(Seat(seat))
            .iter()
            .take(G::ACTIONS)
            .map(json)
            .collect()
    }

    fn view_json(&self, seat: u8) -> String {
        json(&G::view_state(self.st(), Viewer::Seat(Seat(seat))))
    }

    fn observation_paths(&self, seat: u8) -> Vec<(String, usize)> {
        obs::paths(
            &G::view_state(self.st(), Viewer::Seat(Seat(seat))),
            G::BUCKETS,
        )
    }

    fn step(&mut self, action: usize) -> Result<(), Refused> {
        let Some((seat, legal)) = self.turn.take() else {
            return Err(Refused("the game has ended: no seat may act".into()));
        };
        let shown = legal.len().min(G::ACTIONS);
        let command = &legal[action % shown];
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

    fn bot_action(&mut self, strategy: Strategy) -> Option<usize> {
        let (seat, legal) = self.turn.as_ref()?;
        let state = self.state.as_ref().expect("state present");
        let command = bot::command::<G>(strategy, state, *seat, &mut self.bot_rng)?;
        let index = legal.iter().position(|c| *c == command)?;
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

//! The expert bot plays fair (`hexfold_rules::bot::expert`): over games of greedy bots of every game, at sampled
//! states and for each seat that may act, the expert's decision with a fixed generator and simulation count is the
//! same in the state and in states where everything the seat cannot see was permuted consistently with its view
//! (the other seats' hands, the decks' orders, the castle's pile: a [`hexfold_rules::redeal::Redeal`] of the state
//! for the seat). And the expert plays a whole game of each against greedy bots, every command accepted. Game
//! analysis for a spectator ([`expert::chances`] from public information) is fair the same way: the same estimate
//! in states that differ only in what a spectator cannot see.

use hexfold_rules::bot::expert::{self, Budget, Expert};
use hexfold_rules::bot::{self, Strategy};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::redeal::OUTSIDE;
use hexfold_rules::{GameRng, Viewer};
use rand::{Rng, SeedableRng};

/// States of a game checked: one in this many commands, up to [`STATES`] of them (more under `HEXFOLD_SOAK=1`).
const EVERY: u64 = 23;
const STATES: u32 = 25;
/// Permutations of the hidden information per state and seat.
const PERMUTATIONS: u32 = 3;

/// A small budget, so the test runs in seconds: the decision is deterministic at any count.
const BUDGET: Budget = Budget {
    sims: 16,
    think: None,
    turns: Some(1),
};

/// Plays a game of greedy bots of `G` at `seats` and checks the expert's decisions at sampled states. Returns how
/// many decisions were compared and how many permutations changed the state.
fn fair<G: Expert>(seats: u8) -> (u32, u32) {
    let states = if crate::soak() { STATES * 10 } else { STATES };
    let mut games = Greedy::<G>::new(seats, 5);
    let mut rng = GameRng::seed_from_u64(11);
    let (mut compared, mut permuted, mut checked) = (0, 0, 0);
    while checked < states {
        if games.steps % EVERY == EVERY - 1 {
            checked += 1;
            let state = games.playout.state().clone();
            for seat in G::seats_to_act(&state) {
                let draw: u64 = rng.gen();
                let decide = |s: &G::State| {
                    expert::command::<G>(s, seat, BUDGET, &mut GameRng::seed_from_u64(draw))
                };
                let here = decide(&state);
                for _ in 0..PERMUTATIONS {
                    let other = G::redeal(&state, seat, &mut rng);
                    permuted += u32::from(other != state);
                    compared += 1;
                    assert_eq!(
                        here,
                        decide(&other),
                        "{}: command {}, seat {}: the expert's decision depends on what it cannot see",
                        G::NAME,
                        games.steps,
                        seat.0
                    );
                }
            }
        }
        games.step();
    }
    assert!(compared > 0, "{}: nothing compared", G::NAME);
    redeals_changed::<G>(permuted, compared);
    (compared, permuted)
}

/// That a redeal changed at least half of the `compared` states, in a game that hides anything; none otherwise.
fn redeals_changed<G: Expert>(permuted: u32, compared: u32) {
    if G::HIDES {
        assert!(
            permuted * 2 >= compared,
            "{}: only {permuted} of {compared} permutations changed the state",
            G::NAME
        );
    } else {
        assert_eq!(
            permuted,
            0,
            "{} hides nothing, yet redeals changed states",
            G::NAME
        );
    }
}

/// Greedy games of `G` one after another from a seed on, with the commands played over all of them counted, so
/// that a game shorter than a test's sampling period is sampled too.
struct Greedy<G: Expert> {
    config: G::Config,
    seed: u64,
    /// Commands played so far, in every game.
    steps: u64,
    playout: Playout<G>,
}

impl<G: Expert> Greedy<G> {
    fn new(seats: u8, seed: u64) -> Greedy<G> {
        let config = G::random_config(seats, false);
        let playout = Greedy::<G>::game(&config, seed);
        Greedy {
            config,
            seed,
            steps: 0,
            playout,
        }
    }

    fn game(config: &G::Config, seed: u64) -> Playout<G> {
        let (_, playout) = Playout::<G>::seeded(config, seed).expect("a setup");
        playout.command_limit(G::COMMAND_LIMIT)
    }

    /// One greedy command, or the next game once this one has ended.
    fn step(&mut self) {
        if !greedy_step(&mut self.playout) {
            self.seed += 1;
            self.playout = Greedy::<G>::game(&self.config, self.seed);
        }
        self.steps += 1;
    }
}

/// Plays one command of a greedy bot; `false` once the game has ended.
fn greedy_step<G: Expert>(playout: &mut Playout<G>) -> bool {
    let step = playout.step_by(
        |state, seat, rng| bot::command::<G>(Strategy::Greedy, state, seat, rng),
        |_| {},
    );
    match step {
        Ok(()) => true,
        Err(Stop::Ended(_)) => false,
        Err(stop) => panic!("{}: {stop:?}", G::NAME),
    }
}

/// Plays a game of `G` at `seats` with the expert in the first seat and greedy bots in the others, every command
/// through the rules' `decide` (a refused one stops the game), and checks that it ends within the game's command
/// limit. Returns the number of commands played.
fn expert_game<G: Expert>(seats: u8) -> u64 {
    let config = G::random_config(seats, false);
    let (_, playout) = Playout::<G>::seeded(&config, 3).expect("a setup");
    let mut playout = playout.command_limit(G::COMMAND_LIMIT);
    let budget = Budget {
        sims: 8,
        think: None,
        turns: Some(2),
    };
    let mut searched = 0u32;
    loop {
        let step = playout.step_by(
            |state, seat, rng| {
                if seat.0 == 0 {
                    let decision = expert::search::<G>(state, seat, budget, rng)?;
                    searched += u32::from(decision.sims > 0);
                    Some(decision.command)
                } else {
                    bot::command::<G>(Strategy::Greedy, state, seat, rng)
                }
            },
            |_| {},
        );
        match step {
            Ok(()) => {}
            Err(Stop::Ended(_)) => break,
            Err(stop) => panic!("{}: {stop:?}", G::NAME),
        }
    }
    assert!(searched > 0, "{}: the expert never searched", G::NAME);
    playout.played()
}

/// Plays a game of greedy bots of `G` and, at sampled states, checks that a spectator's analysis is the same in
/// states a spectator cannot tell apart (every hidden hand and deck dealt again: [`OUTSIDE`]'s redeal, whose
/// spectator view is checked to be the same). Returns how many permutations changed the state.
fn analysis_fair<G: Expert>(seats: u8) -> u32 {
    let mut games = Greedy::<G>::new(seats, 8);
    let mut rng = GameRng::seed_from_u64(12);
    let budget = Budget::sims(4);
    let (mut compared, mut permuted) = (0, 0);
    while compared < 12 {
        if games.steps % (EVERY * 2) == EVERY {
            let state = games.playout.state().clone();
            let draw: u64 = rng.gen();
            let analyse = |s: &G::State| {
                expert::chances::<G>(s, true, budget, &mut GameRng::seed_from_u64(draw))
            };
            let here = analyse(&state);
            let other = G::redeal(&state, OUTSIDE, &mut rng);
            assert!(
                G::view_state(&other, Viewer::Spectator)
                    == G::view_state(&state, Viewer::Spectator),
                "{}: command {}: the spectator's redeal changed what a spectator sees",
                G::NAME,
                games.steps
            );
            permuted += u32::from(other != state);
            compared += 1;
            assert_eq!(
                here,
                analyse(&other),
                "{}: command {}: the analysis depends on what a spectator cannot see",
                G::NAME,
                games.steps
            );
        }
        games.step();
    }
    redeals_changed::<G>(permuted, compared);
    permuted
}

macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        $(mod $game {
            use hexfold_rules::playout::RandomPlayer;

            #[test]
            fn the_experts_decision_ignores_what_its_seat_cannot_see() {
                super::fair::<$type>(<$type>::TEST_SEATS);
            }

            #[test]
            fn a_spectators_analysis_ignores_what_a_spectator_cannot_see() {
                super::analysis_fair::<$type>(<$type>::TEST_SEATS);
            }

            #[test]
            fn an_expert_plays_a_legal_game_to_its_end() {
                super::expert_game::<$type>(<$type>::TEST_SEATS);
            }
        })*
    };
}

hexfold_rules::for_each_game!(every_game);

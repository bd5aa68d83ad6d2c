//! The bots (`hexfold_rules::bot`): they play only legal commands, whole games of bots end, and a bot sees only
//! what its seat may see: over random games of every game, at sampled states and for every seat, the command each
//! strategy chooses is the same in the state and in a [`Redeal`] of it for that seat (what the seat may not see
//! dealt again), drawn with the same generator.

use hexfold_rules::bot::{self, Bot, Strategy};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::redeal::Redeal;
use hexfold_rules::{GameRng, Seat};
use rand::{Rng, SeedableRng};

/// Of a game's states, the share checked for every seat: one in this many.
const CHECK_ONE_STATE_IN: u32 = 4;

/// Random games per game: a few by default, many more under `HEXFOLD_SOAK=1`.
fn games() -> u64 {
    if crate::soak() {
        60
    } else {
        4
    }
}

/// Plays games of `G` where every seat is a bot of `strategies[seat % len]`, checking at sampled states that each
/// strategy's choice for every seat survives a redeal for that seat and is accepted by `decide`. Returns how many
/// (state, seat, strategy) choices were compared and how many of those redeals changed the state.
fn property<G: Bot + Redeal>(seats: u8, strategies: &[Strategy]) -> (u64, u64) {
    let config = G::random_config(seats, false);
    let mut rng = GameRng::seed_from_u64(17);
    let (mut compared, mut redealt) = (0, 0);
    for seed in 0..games() {
        let (_, playout) = Playout::<G>::seeded(&config, seed).expect("a setup");
        let mut playout = playout.command_limit(G::COMMAND_LIMIT);
        let at = |p: &Playout<G>| format!("{} seats, game {seed}, command {}", seats, p.played());
        loop {
            if rng.gen_ratio(1, CHECK_ONE_STATE_IN) {
                let state = playout.state();
                for seat in (0..seats).map(Seat) {
                    let other = G::redeal(state, seat, &mut rng);
                    redealt += u64::from(other != *state);
                    for &strategy in &Strategy::ALL {
                        let draw = rng.gen::<u64>();
                        let here = bot::command::<G>(
                            strategy,
                            state,
                            seat,
                            &mut GameRng::seed_from_u64(draw),
                        );
                        let there = bot::command::<G>(
                            strategy,
                            &other,
                            seat,
                            &mut GameRng::seed_from_u64(draw),
                        );
                        compared += 1;
                        assert_eq!(
                            here,
                            there,
                            "{}, seat {}: {strategy} chose differently in a redeal",
                            at(&playout),
                            seat.0
                        );
                        if let Some(command) = &here {
                            let decided =
                                G::decide(state, seat, command, &mut GameRng::seed_from_u64(draw));
                            assert!(
                                decided.is_ok(),
                                "{}, seat {}: {strategy} chose {command:?}, refused: {decided:?}",
                                at(&playout),
                                seat.0
                            );
                        }
                    }
                }
            }
            let n = strategies.len();
            let step = playout.step_by(
                |state, seat, rng| {
                    bot::command::<G>(strategies[seat.index() % n], state, seat, rng)
                },
                |_| {},
            );
            match step {
                Ok(()) => {}
                Err(Stop::Ended(_)) => break,
                Err(stop) => panic!("{}: {stop:?}", at(&playout)),
            }
        }
    }
    if G::HIDES {
        assert!(
            redealt * 3 > compared / Strategy::ALL.len() as u64,
            "{}: only {redealt} redeals changed anything",
            G::NAME
        );
    } else {
        assert_eq!(
            redealt,
            0,
            "{} hides nothing, yet redeals changed states",
            G::NAME
        );
    }
    (compared, redealt)
}

const MIXED: [Strategy; 2] = [Strategy::Greedy, Strategy::Random];

/// For every game of the crate's list: mixed bots at a table of four (or the game's largest, if smaller), and
/// greedy bots alone at its smallest.
macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        $(mod $game {
            use super::{property, Strategy, MIXED};
            use hexfold_rules::playout::RandomPlayer;

            #[test]
            fn bots_see_only_their_seat() {
                let (fewest, most) = <$type>::SEATS;
                property::<$type>(most.min(4).max(fewest), &MIXED);
            }

            #[test]
            fn games_of_greedy_bots_end() {
                property::<$type>(<$type>::SEATS.0, &[Strategy::Greedy]);
            }
        })*
    };
}

hexfold_rules::for_each_game!(every_game);

//! The turn timers' timeout actions (`hexfold_rules::timeout`, rules BASE-TIMEOUT-01, CK-TIMEOUT-01,
//! CAT-TIMEOUT-01, ELA-TIMEOUT-01): over random games of every game, at every state and for every seat the game
//! waits for, the timeout action exists, is accepted by `decide`, is of the lowest rank among the seat's legal
//! actions, and is the same in a [`Redeal`] of the state for that seat (what the seat may not see dealt again),
//! drawn with the same generator: a timeout reveals nothing hidden.

use hexfold_rules::bot::{self, Bot, Strategy};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::redeal::Redeal;
use hexfold_rules::timeout::{self, Timeout};
use hexfold_rules::GameRng;
use rand::{Rng, SeedableRng};

/// Random games per game: a few by default, more under `HEXFOLD_SOAK=1`.
fn games() -> u64 {
    if crate::soak() {
        40
    } else {
        3
    }
}

/// Plays random games of `G` with random bots, checking every waited-for seat's timeout action at every state.
/// Returns how many timeout actions were checked.
fn property<G: Bot + Redeal + Timeout>(seats: u8) -> u64 {
    let config = G::random_config(seats, false);
    let mut rng = GameRng::seed_from_u64(23);
    let mut checked = 0;
    for seed in 0..games() {
        let (_, playout) = Playout::<G>::seeded(&config, seed).expect("a setup");
        let mut playout = playout.command_limit(G::COMMAND_LIMIT);
        loop {
            let state = playout.state();
            for seat in G::waiting_for(state) {
                let at = format!(
                    "{} seats, game {seed}, command {}, seat {}",
                    seats,
                    playout.played(),
                    seat.0
                );
                let draw = rng.gen::<u64>();
                let chosen = timeout::command::<G>(state, seat, &mut GameRng::seed_from_u64(draw))
                    .unwrap_or_else(|| panic!("{at}: a waited-for seat has no timeout action"));
                let lowest = G::legal_actions(state, seat)
                    .iter()
                    .map(G::timeout_rank)
                    .min()
                    .expect("a legal action");
                assert_eq!(G::timeout_rank(&chosen), lowest, "{at}: {chosen:?}");
                let decided = G::decide(state, seat, &chosen, &mut GameRng::seed_from_u64(draw));
                assert!(decided.is_ok(), "{at}: {chosen:?} refused: {decided:?}");
                let other = G::redeal(state, seat, &mut rng);
                let there = timeout::command::<G>(&other, seat, &mut GameRng::seed_from_u64(draw));
                assert_eq!(
                    Some(&chosen),
                    there.as_ref(),
                    "{at}: chosen differently in a redeal"
                );
                checked += 1;
            }
            let step = playout.step_by(
                |state, seat, rng| bot::command::<G>(Strategy::Random, state, seat, rng),
                |_| {},
            );
            match step {
                Ok(()) => {}
                Err(Stop::Ended(_)) => break,
                Err(stop) => panic!("{} seats, game {seed}: {stop:?}", seats),
            }
        }
    }
    assert!(checked > 0);
    checked
}

/// The property for every game of the crate's list, at its test table.
macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        $(mod $game {
            use hexfold_rules::playout::RandomPlayer;

            #[test]
            fn timeouts_are_the_least_consequential_legal_command() {
                super::property::<$type>(<$type>::TEST_SEATS);
            }
        })*
    };
}

hexfold_rules::for_each_game!(every_game);

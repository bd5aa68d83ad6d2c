//! The rules fuzz targets' harness (`fuzz/src/lib.rs`, included here by path, as the fuzz workspace builds it) run
//! on stable Rust as a short corpus run: every saved input under `fuzz/regressions/rules_<game>/`, then inputs drawn
//! from a seeded generator. libFuzzer's coverage-guided search needs nightly (see `fuzz/README.md`); this keeps the
//! harness's checks, and each input a fuzzer once crashed on, in every CI run.

#[allow(dead_code)] // the harness's helpers that only the fuzz targets call
#[path = "../../../../fuzz/src/lib.rs"]
mod harness;

use hexfold_rules::playout::RandomPlayer;
use hexfold_rules::Game;
use rand::{Rng, SeedableRng};
use std::path::Path;

/// Runs `harness::play::<G>` on the saved inputs of `target` and on `generated` seeded random inputs.
fn corpus<G: Game + RandomPlayer>(target: &str, generated: u64) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut saved = 0;
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries {
            let path = entry.unwrap().path();
            harness::play::<G>(&std::fs::read(&path).unwrap());
            saved += 1;
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x00f0_22ed);
    for _ in 0..generated {
        let len = rng.gen_range(0..512);
        let data: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
        harness::play::<G>(&data);
    }
    saved
}

fn generated() -> u64 {
    if crate::soak() {
        20_000
    } else {
        300
    }
}

/// For every game of the crate's list, its saved inputs (`fuzz/regressions/rules_<name>/`) and generated ones, fewer
/// for a costly game.
macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        $(mod $game {
            use hexfold_rules::playout::RandomPlayer;
            use hexfold_rules::Game;

            #[test]
            fn the_rules_fuzz_harness_holds_on_its_saved_and_generated_inputs() {
                let target = format!("rules_{}", <$type>::NAME);
                super::corpus::<$type>(&target, super::generated() / <$type>::COST);
            }
        })*
    };
}

hexfold_rules::for_each_game!(every_game);

/// The inputs the fuzzer once crashed a game's rules on (a wall slot index that overflowed) are among the saved
/// ones the test above replays.
#[test]
fn the_saved_inputs_are_there() {
    let saved = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions");
    assert!(std::fs::read_dir(saved).unwrap().count() >= 1);
}

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

#[test]
fn the_rules_fuzz_harness_holds_on_its_saved_and_generated_inputs() {
    use hexfold_rules::{
        catan::Catan, catania::Catania, cities_knights::CitiesKnights, elasund::Elasund,
    };
    corpus::<Catan>("rules_catan", generated());
    corpus::<CitiesKnights>("rules_cities_knights", generated());
    corpus::<Catania>("rules_catania", generated() / 4);
    // The Elasund input the fuzzer crashed on (a wall slot index that overflowed) is among the saved ones.
    assert!(corpus::<Elasund>("rules_elasund", generated()) >= 1);
}

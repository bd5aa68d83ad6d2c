//! `decide` and `evolve` of cities_knights over command sequences the fuzzer chooses (see `hexfold_fuzz::play`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hexfold_fuzz::play::<hexfold_rules::cities_knights::CitiesKnights>(data);
});

//! `decide` and `evolve` of catan over command sequences the fuzzer chooses (see `hexfold_fuzz::play`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hexfold_fuzz::play::<hexfold_rules::catan::Catan>(data);
});

//! `decide` and `evolve` of every game of the rules crate's list over command sequences the fuzzer chooses: the
//! first byte picks the game, the rest drives it (see `hexfold_fuzz::play`). An input that crashes game `<name>` is
//! saved without its first byte under `regressions/rules_<name>/`, which the rules crate's tests replay.
#![no_main]

macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        const GAMES: &[fn(&[u8])] = &[$(hexfold_fuzz::play::<$type>),*];
    };
}
hexfold_rules::for_each_game!(every_game);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some((&game, rest)) = data.split_first() {
        GAMES[usize::from(game) % GAMES.len()](rest);
    }
});

//! One test binary for the rules crate (one link step). Each module covers one game; `check` runs the rule tests
//! that are stored as data under `tests/data/<game>/`; `docs` checks `docs/rules/` against those cases and the code.

mod bots;
mod catan;
mod catan_props;
mod catania_props;
mod catania_scenarios;
mod check;
mod ck_props;
mod ck_scenarios;
mod docs;
mod elasund;
mod elasund_scenarios;
mod expert;
mod fuzz_corpus;
mod hidden;
mod pieces;
mod refusal;
mod timeouts;

#[path = "../../../../tests/soak.rs"]
mod soak;
use soak::soak;

/// Random games a property test plays: 200, or 3 000 under `HEXFOLD_SOAK=1`.
fn random_games() -> u64 {
    if soak() {
        3_000
    } else {
        200
    }
}

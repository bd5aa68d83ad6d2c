//! The one reading of `HEXFOLD_SOAK`, which asks the tests for their slow soak runs: on with `1` only; unset, empty,
//! `0` or any other value runs the default suite (README, "Tests"). Every test crate that has soak runs includes this
//! file (`#[path]`), so no crate reads the variable another way.

/// Whether the slow soak runs are asked for: `HEXFOLD_SOAK=1`.
pub fn soak() -> bool {
    std::env::var_os("HEXFOLD_SOAK").is_some_and(|v| v == "1")
}

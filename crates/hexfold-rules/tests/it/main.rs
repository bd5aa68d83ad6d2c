//! One test binary for the rules crate (one link step). Each module covers one game; `check` runs the rule tests
//! that are stored as data under `tests/data/<game>/`; `docs` checks `docs/rules/` against those cases and the code.

mod catan;
mod catan_props;
mod check;
mod ck_props;
mod ck_rules;
mod ck_scenarios;
mod docs;
mod elasund;
mod elasund_scenarios;

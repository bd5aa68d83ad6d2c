//! Base Catan: rule tests stored as data under `tests/data/catan/`, plus checks that need code.

use crate::check::check_dir;
use hexfold_rules::catan::Catan;

#[test]
fn rule_cases() {
    check_dir::<Catan>("catan");
}

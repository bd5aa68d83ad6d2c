//! Catania rule tests stored as data under `tests/data/catania/`.

use hexfold_rules::catania::Catania;

#[test]
fn rule_cases() {
    crate::check::check_dir::<Catania>("catania");
}

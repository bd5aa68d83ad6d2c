//! Cities & Knights rule tests stored as data under `tests/data/cities_knights/`.

use hexfold_rules::cities_knights::CitiesKnights;

#[test]
fn rule_cases() {
    crate::check::check_dir::<CitiesKnights>("cities_knights");
}

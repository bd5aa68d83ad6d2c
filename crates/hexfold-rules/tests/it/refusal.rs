//! The refusal property every game shares, checked wherever the property tests try commands that may be illegal:
//! a refused command returns a violation, is refused the same way again, is not among the seat's legal actions,
//! and leaves the state as it was: the state the caller holds and its stored form.

use hexfold_rules::{Game, GameRng, RuleViolation, Seat};

/// Decides `command` from `seat` against `state` and, if it is refused, checks the refusal. `thorough` adds the
/// costly checks (the stored form, the legal actions), for callers that can afford them on every refusal.
pub fn decide_checked<G: Game>(
    state: &G::State,
    seat: Seat,
    command: &G::Command,
    rng: &mut GameRng,
    thorough: bool,
) -> Result<Vec<G::Event>, G::Violation> {
    let before = state.clone();
    let stored = thorough.then(|| serde_json::to_string(state).expect("a state serializes"));
    let retry = rng.clone();
    let result = G::decide(state, seat, command, rng);
    if let Err(v) = &result {
        assert!(
            !v.name().is_empty() && !v.rule_id().is_empty(),
            "{v:?} names no rule"
        );
        assert_eq!(state, &before, "refused {command:?} changed the state");
        assert_eq!(
            G::decide(state, seat, command, &mut retry.clone()).err(),
            Some(*v),
            "{command:?} is not refused the same way twice"
        );
        if let Some(stored) = stored {
            assert_eq!(
                serde_json::to_string(state).expect("a state serializes"),
                stored,
                "refused {command:?} changed the stored state"
            );
            assert!(
                !G::legal_actions(state, seat).contains(command),
                "listed {command:?} by {seat:?} refused: {v:?}"
            );
        }
    }
    result
}

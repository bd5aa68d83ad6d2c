//! Rule tests as data: given events, when a command, then events or a violation.
//!
//! Each file under `tests/data/<game>/` is a JSON array of cases:
//!
//! ```json
//! [{
//!   "name": "settlement too close",
//!   "rule": "BASE-BUILD-02",
//!   "config": { ... },            // the game's Config; the setup is drawn from it with setup_seed
//!   "setup_seed": 0,              // optional, default 0
//!   "given_fixture": "S",         // optional: a named opening from fixtures.json, folded first
//!   "given": [ ... events ... ],  // optional: folded onto initial_state(setup), after the fixture's events
//!   "when": { "seat": 0, "command": { ... } },
//!   "rng_seed": 0,                // optional, default 0: seeds the generator handed to decide
//!   "then": { "events": [ ... ] } or { "violation": "DistanceRule" }
//! }]
//! ```
//!
//! `tests/data/<game>/fixtures.json` (optional, and the one file there that holds no cases) names the openings
//! that many cases share, so each is written once:
//!
//! ```json
//! { "S": { "about": "what the position is, for people", "events": [ ... ] } }
//! ```
//!
//! A case naming a fixture is the same case as one whose `given` starts with the fixture's events; an unknown
//! name fails the case.
//!
//! A case may instead give `"setup_violation": "<name>"`: the setup drawn from `config` must be refused so.
//!
//! A case may omit `when`/`then` and give `"then_state"`: a JSON object whose fields must match (as a subset) the
//! serialized state after the given events; this checks `evolve` alone.
//!
//! A case may instead give `"steps"`: a play of several commands after the given events, each step checked in the
//! state the steps before it left. A step is an object of one kind (an optional `"about"` says why, for people):
//!
//! ```json
//! { "given": [ ... events ... ] }                      // facts folded, as in `given`
//! { "seat": 0, "command": { ... }, "rng_seed": 0,      // decided (rng_seed optional, default 0), then either
//!   "events": [ ... ] }                                //   exactly these events, folded (unless "fold": false)
//! { "seat": 0, "command": { ... }, "violation": "DistanceRule", "rule": "BASE-BUILD-02" }  // or refused so
//! { "state": { ... } }                                 // the serialized state, as a subset
//! { "seats_to_act": [1] }                              // exactly these seats are waited for
//! { "legal": { "seat": 0, "has": [p], "lacks": [p], "only": [p] } }  // legal actions: each of `has` matches one,
//!                                                      //   none matches a `lacks`, each matches an `only`
//!                                                      //   (a pattern that reads as a whole command is it)
//! { "view": { "viewer": "Spectator", "state": { ... } } }  // the viewer's view of the state, as a subset
//! { "view_event": { "viewer": { "Seat": 1 }, "event": { ... }, "is": { ... } } }  // an event as a viewer sees it
//! { "outcome": null }                                  // the outcome, exactly (`{"winner": 0}` once won)
//! { "stored": true }                                   // the state written as JSON and read back is the same
//!                                                      //   state; the steps after it go on from the one read
//! { "branch": [ ... steps ... ] }                      // steps from here whose state is then dropped
//! ```
//!
//! Patterns (`p`) and expected states match as subsets (below); an object matches an array by the indices it names
//! (`{"207": ...}` is element 207). A step with a key it does not know fails the case, so no check is skipped by a
//! typo.

use hexfold_rules::{Game, GameRng, RuleViolation, Seat, Viewer};
use rand::SeedableRng;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The file of a game's data folder that names its fixtures instead of holding cases.
const FIXTURES: &str = "fixtures.json";

/// The case files of `tests/data/<dir>/`, sorted: every `*.json` but the fixtures.
pub fn case_files(dir: &str) -> Vec<PathBuf> {
    let root = data_dir(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("reading {}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| p.file_name().is_none_or(|n| n != FIXTURES))
        .collect();
    files.sort();
    files
}

fn data_dir(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir)
}

/// The named openings of `tests/data/<dir>/fixtures.json` (none if the file is absent).
fn fixtures(dir: &str) -> Map<String, Value> {
    let path = data_dir(dir).join(FIXTURES);
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Map::new(),
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// Runs every case in every `*.json` file of `tests/data/<dir>/` against game `G`; panics with all failures listed.
pub fn check_dir<G: Game>(dir: &str) {
    let files = case_files(dir);
    assert!(!files.is_empty(), "no rule test files in tests/data/{dir}");
    let fixtures = fixtures(dir);
    let mut failures = Vec::new();
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let cases: Vec<Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for case in cases {
            count += 1;
            let name = case["name"].as_str().unwrap_or("<unnamed>").to_string();
            if let Err(msg) = run_case::<G>(&case, &fixtures) {
                failures.push(format!("{} / {name}: {msg}", file.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} rule cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn parse<T: DeserializeOwned>(v: &Value, what: &str) -> Result<T, String> {
    serde_json::from_value(v.clone()).map_err(|e| format!("cannot parse {what}: {e}\n{v:#}"))
}

fn seed_of(case: &Value, key: &str) -> u64 {
    case.get(key).and_then(Value::as_u64).unwrap_or(0)
}

/// The events a case folds before `when`: its fixture's, then its own `given`.
fn given_events(case: &Value, fixtures: &Map<String, Value>) -> Result<Vec<Value>, String> {
    let mut events = Vec::new();
    if let Some(name) = case.get("given_fixture") {
        let name = name.as_str().ok_or("given_fixture must be a string")?;
        let fixture = fixtures
            .get(name)
            .ok_or_else(|| format!("no fixture {name:?} in {FIXTURES}"))?;
        let listed = fixture["events"]
            .as_array()
            .ok_or_else(|| format!("fixture {name:?} has no events"))?;
        events.extend(listed.iter().cloned());
    }
    if let Some(given) = case.get("given") {
        let given = given.as_array().ok_or("given must be an array of events")?;
        events.extend(given.iter().cloned());
    }
    Ok(events)
}

/// The state a case would decide its command in: the setup drawn from `case`'s config, then its fixture's and its
/// own given events, from the data folder `dir`. For Rust tests that start where a data case would.
pub fn given_state<G: Game>(dir: &str, case: &Value) -> G::State {
    let config: G::Config = parse(&case["config"], "config").unwrap();
    let setup = G::setup(
        &config,
        &mut GameRng::seed_from_u64(seed_of(case, "setup_seed")),
    )
    .unwrap_or_else(|v| panic!("setup refused: {}", v.name()));
    let events = given_events(case, &fixtures(dir)).unwrap();
    let given: Vec<G::Event> = parse(&Value::Array(events), "given").unwrap();
    given.iter().fold(G::initial_state(&setup), G::evolve)
}

fn run_case<G: Game>(case: &Value, fixtures: &Map<String, Value>) -> Result<(), String> {
    let config: G::Config = parse(&case["config"], "config")?;
    let drawn = G::setup(
        &config,
        &mut GameRng::seed_from_u64(seed_of(case, "setup_seed")),
    );
    let setup = match (drawn, case.get("setup_violation").and_then(Value::as_str)) {
        (Ok(setup), None) => setup,
        (Err(v), None) => return Err(format!("setup refused: {}", v.name())),
        (Err(v), Some(expected)) if v.name() == expected => return Ok(()),
        (Err(v), Some(expected)) => {
            return Err(format!(
                "expected setup violation {expected}, got {}",
                v.name()
            ))
        }
        (Ok(_), Some(expected)) => {
            return Err(format!(
                "expected setup violation {expected}, setup succeeded"
            ))
        }
    };
    let mut state = G::initial_state(&setup);
    let given: Vec<G::Event> = parse(&Value::Array(given_events(case, fixtures)?), "given")?;
    for event in &given {
        state = G::evolve(state, event);
    }
    if let Some(steps) = case.get("steps") {
        return run_steps::<G>(state, steps).map(drop);
    }
    if let Some(expected) = case.get("then_state") {
        let actual = serde_json::to_value(&state).unwrap();
        return subset(expected, &actual, "state");
    }
    let when = &case["when"];
    let seat = Seat(parse(&when["seat"], "when.seat")?);
    let command: G::Command = parse(&when["command"], "when.command")?;
    let mut rng = GameRng::seed_from_u64(seed_of(case, "rng_seed"));
    let result = G::decide(&state, seat, &command, &mut rng);
    let then = &case["then"];
    match (result, then.get("violation"), then.get("events")) {
        (Ok(events), None, Some(expected)) => {
            let expected: Vec<G::Event> = parse(expected, "then.events")?;
            if events != expected {
                return Err(format!("expected events {expected:?}\n got {events:?}"));
            }
            // Events are facts: folding them must not panic.
            for event in &events {
                state = G::evolve(state, event);
            }
            if let Some(after) = then.get("state") {
                subset(after, &serde_json::to_value(&state).unwrap(), "state after")?;
            }
            Ok(())
        }
        (Err(v), Some(expected), None) => {
            let expected = expected.as_str().ok_or("then.violation must be a string")?;
            if v.name() != expected {
                return Err(format!(
                    "expected violation {expected}, got {} ({})",
                    v.name(),
                    v.rule_id()
                ));
            }
            if let Some(rule) = case.get("rule").and_then(Value::as_str) {
                if v.rule_id() != rule {
                    return Err(format!(
                        "violation {} carries rule {}, case says {rule}",
                        v.name(),
                        v.rule_id()
                    ));
                }
            }
            Ok(())
        }
        (Ok(events), _, _) => Err(format!("expected {then}, got events {events:?}")),
        (Err(v), _, _) => Err(format!(
            "expected {then}, got violation {} ({})",
            v.name(),
            v.rule_id()
        )),
    }
}

/// Runs a case's `steps` (see the module docs) from `state`.
fn run_steps<G: Game>(mut state: G::State, steps: &Value) -> Result<G::State, String> {
    let steps = steps.as_array().ok_or("steps must be an array")?;
    for (i, step) in steps.iter().enumerate() {
        state = run_step::<G>(state, step).map_err(|e| format!("step {i}: {e}"))?;
    }
    Ok(state)
}

/// An error if `object` has a key outside `allowed` (besides `about`), so that no check is skipped by a typo.
fn known_keys(object: &Value, allowed: &[&str]) -> Result<(), String> {
    let map = object
        .as_object()
        .ok_or_else(|| format!("not an object: {object}"))?;
    match map
        .keys()
        .find(|k| *k != "about" && !allowed.contains(&k.as_str()))
    {
        Some(k) => Err(format!("unknown key {k:?} in {object}")),
        None => Ok(()),
    }
}

fn run_step<G: Game>(state: G::State, step: &Value) -> Result<G::State, String> {
    let only = |allowed: &[&str]| known_keys(step, allowed);
    if let Some(given) = step.get("given") {
        only(&["given"])?;
        let events: Vec<G::Event> = parse(given, "given")?;
        return Ok(events.iter().fold(state, G::evolve));
    }
    if let Some(command) = step.get("command") {
        only(&[
            "seat",
            "command",
            "rng_seed",
            "events",
            "fold",
            "violation",
            "rule",
        ])?;
        let seat = Seat(parse(&step["seat"], "seat")?);
        let command: G::Command = parse(command, "command")?;
        let mut rng = GameRng::seed_from_u64(seed_of(step, "rng_seed"));
        return match (
            G::decide(&state, seat, &command, &mut rng),
            step.get("events"),
            step.get("violation"),
        ) {
            (Ok(events), Some(expected), None) => {
                let expected: Vec<G::Event> = parse(expected, "events")?;
                if events != expected {
                    return Err(format!("expected events {expected:?}\n got {events:?}"));
                }
                if step.get("fold") == Some(&Value::Bool(false)) {
                    return Ok(state);
                }
                Ok(events.iter().fold(state, G::evolve))
            }
            (Err(v), None, Some(expected)) => {
                let rule = step.get("rule").and_then(Value::as_str);
                if Some(v.name()) != expected.as_str() || rule.is_some_and(|r| r != v.rule_id()) {
                    return Err(format!(
                        "expected violation {expected} ({}), got {} ({})",
                        rule.unwrap_or("any rule"),
                        v.name(),
                        v.rule_id()
                    ));
                }
                Ok(state)
            }
            (Ok(events), _, _) => Err(format!("{command:?}: got events {events:?}")),
            (Err(v), _, _) => Err(format!(
                "{command:?}: got violation {} ({})",
                v.name(),
                v.rule_id()
            )),
        };
    }
    if let Some(expected) = step.get("state") {
        only(&["state"])?;
        subset(expected, &serde_json::to_value(&state).unwrap(), "state")?;
    } else if let Some(expected) = step.get("seats_to_act") {
        only(&["seats_to_act"])?;
        let expected: Vec<Seat> = parse(expected, "seats_to_act")?;
        let actual = G::seats_to_act(&state);
        if actual != expected {
            return Err(format!(
                "seats to act: expected {expected:?}, got {actual:?}"
            ));
        }
    } else if let Some(legal) = step.get("legal") {
        only(&["legal"])?;
        known_keys(legal, &["seat", "has", "lacks", "only"])?;
        check_legal::<G>(&state, legal)?;
    } else if let Some(view) = step.get("view") {
        only(&["view"])?;
        known_keys(view, &["viewer", "state"])?;
        let viewer: Viewer = parse(&view["viewer"], "view.viewer")?;
        let actual = serde_json::to_value(G::view_state(&state, viewer)).unwrap();
        subset(&view["state"], &actual, "view")?;
    } else if let Some(view) = step.get("view_event") {
        only(&["view_event"])?;
        known_keys(view, &["viewer", "event", "is"])?;
        let viewer: Viewer = parse(&view["viewer"], "view_event.viewer")?;
        let event: G::Event = parse(&view["event"], "view_event.event")?;
        let actual = serde_json::to_value(G::view_event(&state, &event, viewer)).unwrap();
        subset(&view["is"], &actual, "view_event")?;
    } else if let Some(expected) = step.get("outcome") {
        only(&["outcome"])?;
        let actual = serde_json::to_value(G::outcome(&state)).unwrap();
        if &actual != expected {
            return Err(format!("outcome: expected {expected}, got {actual}"));
        }
    } else if let Some(stored) = step.get("stored") {
        only(&["stored"])?;
        if stored != &Value::Bool(true) {
            return Err(format!("`stored` takes true, not {stored}"));
        }
        let json = serde_json::to_string(&state).map_err(|e| format!("storing the state: {e}"))?;
        let back: G::State =
            serde_json::from_str(&json).map_err(|e| format!("reading the stored state: {e}"))?;
        if back != state {
            return Err(format!("the stored state reads back as another: {back:?}"));
        }
        return Ok(back);
    } else if let Some(steps) = step.get("branch") {
        only(&["branch"])?;
        run_steps::<G>(state.clone(), steps).map_err(|e| format!("in the branch, {e}"))?;
    } else {
        return Err(format!("a step of no known kind: {step}"));
    }
    Ok(state)
}

/// A `legal` step: the seat's legal actions hold each `has` pattern, no `lacks` pattern, and only `only` patterns.
fn check_legal<G: Game>(state: &G::State, legal: &Value) -> Result<(), String> {
    let seat = Seat(parse(&legal["seat"], "legal.seat")?);
    let listed: Vec<(G::Command, Value)> = G::legal_actions(state, seat)
        .into_iter()
        .map(|c| {
            let json = serde_json::to_value(&c).unwrap();
            (c, json)
        })
        .collect();
    let patterns = |key: &str| {
        legal
            .get(key)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    // A pattern that reads as a whole command is that command; any other matches as a subset.
    let matches = |p: &Value, (command, json): &(G::Command, Value)| match serde_json::from_value::<
        G::Command,
    >(p.clone())
    {
        Ok(whole) => whole == *command,
        Err(_) => subset(p, json, "").is_ok(),
    };
    for p in patterns("has") {
        if !listed.iter().any(|c| matches(&p, c)) {
            return Err(format!("no legal action of seat {} matches {p}", seat.0));
        }
    }
    for p in patterns("lacks") {
        if let Some((_, c)) = listed.iter().find(|c| matches(&p, c)) {
            return Err(format!("legal action {c} of seat {} matches {p}", seat.0));
        }
    }
    if legal.get("only").is_some() {
        let only = patterns("only");
        if let Some((_, c)) = listed.iter().find(|c| !only.iter().any(|p| matches(p, c))) {
            return Err(format!(
                "legal action {c} of seat {} matches no `only`",
                seat.0
            ));
        }
    }
    Ok(())
}

/// Every field in `expected` must equal the same field in `actual` (recursively for objects, element by element for
/// arrays of the same length, and by index for an object against an array).
fn subset(expected: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let av = a.get(k).ok_or_else(|| format!("{path}.{k} missing"))?;
                subset(ev, av, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        (Value::Object(e), Value::Array(a)) => {
            for (k, ev) in e {
                let av = k
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| a.get(i))
                    .ok_or_else(|| format!("{path}[{k}] missing"))?;
                subset(ev, av, &format!("{path}[{k}]"))?;
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                subset(ev, av, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        _ if expected == actual => Ok(()),
        _ => Err(format!("{path}: expected {expected}, got {actual}")),
    }
}

/// The rule cases of every game of the crate's list, each under `tests/data/<game>/` (its `Game::NAME`).
macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        mod rule_cases {
            $(#[test]
            fn $game() {
                super::check_dir::<$type>(<$type as hexfold_rules::Game>::NAME);
            })*
        }
    };
}

hexfold_rules::for_each_game!(every_game);

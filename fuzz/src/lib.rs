//! What the fuzz targets share: [`play`], one game driven by the fuzzer's bytes, and the checks that hold after
//! every step. The targets in `fuzz_targets/` are one call each.

use hexfold_rules::playout::RandomPlayer;
use hexfold_rules::{Game, GameRng, RuleViolation, Seat, Viewer};
use rand::SeedableRng;

/// The fuzzer's bytes, read front to back; zeros once they run out.
pub struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes(data)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |n, _| (n << 8) | u64::from(self.byte()))
    }
}

/// Plays one game of `G` as the bytes say: its seat count, map and seed, then step by step which seat sends what,
/// chosen among that seat's legal actions, among another seat's (mostly refused), as a legal command with its
/// numbers changed, or as the game's random player's choice. After each step:
/// - `decide` is deterministic: the same state, seat, command and generator give the same answer;
/// - a command the seat's legal actions list is accepted;
/// - a refusal names a rule ID;
/// - `evolve` folds every accepted event, and every viewer's view of each event and of the state builds;
/// - the state survives its stored form (serde JSON) unchanged: decoded and encoded again, the same JSON.
pub fn play<G: Game + RandomPlayer>(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let seats = 3 + bytes.byte() % 2;
    let config = G::random_config(seats, bytes.byte() % 2 == 0);
    let mut rng = GameRng::seed_from_u64(bytes.u64());
    let Ok(setup) = G::setup(&config, &mut rng) else {
        return;
    };
    let mut state = G::initial_state(&setup);
    let viewers: Vec<Viewer> = (0..seats)
        .map(|s| Viewer::Seat(Seat(s)))
        .chain([Viewer::Spectator, Viewer::Omniscient])
        .collect();
    let mut steps = 0;
    while !bytes.is_empty() && steps < 2_000 && G::outcome(&state).is_none() {
        steps += 1;
        let op = bytes.byte();
        // One past the table now and then: a seat the game does not have.
        let seat = Seat(bytes.byte() % (seats + 1));
        let listed_for = Seat(if op & 0x10 == 0 {
            seat.0 % seats
        } else {
            (seat.0 + 1) % seats
        });
        let legal = G::legal_actions(&state, listed_for);
        let pick = usize::from(bytes.byte());
        let command = match op % 4 {
            0 | 1 if !legal.is_empty() => legal[pick % legal.len()].clone(),
            2 if !legal.is_empty() => match mutated::<G>(&legal[pick % legal.len()], &mut bytes) {
                Some(command) => command,
                None => continue,
            },
            _ => match G::random_command(&state, Seat(seat.0 % seats), &mut rng) {
                Some(command) => command,
                None => continue,
            },
        };
        let mut again = rng.clone();
        let decided = G::decide(&state, seat, &command, &mut rng);
        assert_eq!(
            decided,
            G::decide(&state, seat, &command, &mut again),
            "decide is not deterministic"
        );
        match decided {
            Ok(events) => {
                for event in &events {
                    for &viewer in &viewers {
                        let _ = G::view_event(&state, event, viewer);
                    }
                    state = G::evolve(state, event);
                }
                for &viewer in &viewers {
                    let _ = G::view_state(&state, viewer);
                }
            }
            Err(violation) => {
                assert!(
                    !(listed_for == seat && legal.contains(&command)),
                    "a listed command was refused: {command:?} from {seat:?}: {}",
                    violation.name()
                );
                assert!(!violation.rule_id().is_empty());
            }
        }
    }
    // Compared in the stored form: Cities & Knights' states hold their rules by address, which a decoded state
    // reattaches to `RULES`, a `const` whose address may differ between uses, so `==` on the states can fail for
    // equal states.
    let stored = serde_json::to_value(&state).expect("a state serialises");
    let back: G::State = serde_json::from_value(stored.clone()).expect("a stored state decodes");
    let again = serde_json::to_value(&back).expect("a decoded state serialises");
    assert_eq!(again, stored, "the state changed through its stored form");
}

/// `command` with some of its numbers replaced as the bytes say (through its serde form), if it still decodes.
fn mutated<G: Game>(command: &G::Command, bytes: &mut Bytes<'_>) -> Option<G::Command> {
    fn walk(value: &mut serde_json::Value, bytes: &mut Bytes<'_>) {
        match value {
            serde_json::Value::Number(n) => {
                let b = bytes.byte();
                if b % 2 == 1 {
                    *n = match b % 8 {
                        1 => u64::from(bytes.byte()),
                        3 => u64::from(u16::from_be_bytes([bytes.byte(), bytes.byte()])),
                        5 => 255,
                        _ => bytes.u64() % 1024,
                    }
                    .into();
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk(v, bytes)),
            serde_json::Value::Object(map) => map.values_mut().for_each(|v| walk(v, bytes)),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(command).ok()?;
    walk(&mut value, bytes);
    serde_json::from_value(value).ok()
}

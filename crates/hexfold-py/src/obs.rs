//! The observation: a fixed-length `float32` vector made from one seat's view and nothing else.
//!
//! Layout (also in the package README, "Observation"):
//! - `[0..HEADER)`: the header, one field each, in [`Header`]'s order;
//! - `[HEADER..HEADER + buckets)`: the seat's view of the state (the rules crate's `view_state` for that seat, the
//!   same the server sends it) flattened into hashed buckets. Every leaf of the view's JSON form has a path (object
//!   keys and list positions from the root, e.g. `players/2/resource_count`); a number adds its value to the
//!   bucket of its path, `true` adds 1 there, and a string (an enum's variant name) adds 1 to the bucket of
//!   `path=name`; `null` and `false` add nothing. The bucket of a path is its FNV-1a hash modulo the bucket count,
//!   so two paths may share a bucket (their values then add up); `Env.observation_paths(agent)` lists every path
//!   of the current view with its bucket.
//!
//! Since the vector is computed from the seat's view alone (and the header from public facts and the seat's own
//! legal actions), it holds nothing the seat may not see: the server's views are the rules' redaction.

use serde::Serialize;
use serde_json::Value;

/// The header's length.
pub const HEADER: usize = 10;

/// The header fields, in their order in the vector.
pub struct Header {
    /// `[0]` seats at the table.
    pub seats: u8,
    /// `[1]` the observing seat's index.
    pub seat: u8,
    /// `[2]` 1 if the seat is to act now.
    pub to_act: bool,
    /// `[3]` how many legal actions the seat has now (0 unless to act).
    pub legal: usize,
    /// `[4]` whether its legal actions were more than the action space holds (1: only the first were offered).
    pub actions: usize,
    /// `[5]` commands played so far in the game, divided by 1000.
    pub commands: u64,
    /// `[6]` 1 once the game has ended.
    pub ended: bool,
    /// `[7]` 1 if the game has ended and this seat won.
    pub won: bool,
    /// `[8]` the seat's own points as it knows them (victory points, its hidden ones included; Elasund: its cubes
    /// on the board). `[9]` is 1: a constant for linear policies.
    pub points: f32,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

fn mix(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(FNV_PRIME);
    }
    hash
}

/// The hash of `parent/segment`.
pub(crate) fn child(parent: u64, segment: &[u8]) -> u64 {
    mix(mix(parent, b"/"), segment)
}

/// The hash of `parent/index`, the index in decimal.
pub(crate) fn index_segment(parent: u64, index: usize) -> u64 {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = index;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    child(parent, &digits[at..])
}

/// The hash of a string leaf `path=text`.
pub(crate) fn leaf_string(path: u64, text: &str) -> u64 {
    mix(mix(path, b"="), text.as_bytes())
}

/// Writes the header and the hashed view into `out` (of length `HEADER + buckets`).
pub fn encode<V: Serialize>(header: &Header, view: &V, out: &mut [f32]) {
    out.fill(0.0);
    out[0] = f32::from(header.seats);
    out[1] = f32::from(header.seat);
    out[2] = f32::from(u8::from(header.to_act));
    out[3] = header.legal as f32;
    out[4] = f32::from(u8::from(header.legal > header.actions));
    out[5] = header.commands as f32 / 1000.0;
    out[6] = f32::from(u8::from(header.ended));
    out[7] = f32::from(u8::from(header.won));
    out[8] = header.points;
    out[9] = 1.0;
    view.serialize(crate::hash_ser::Hasher {
        out: &mut out[HEADER..],
        hash: FNV_OFFSET,
    })
    .expect("views serialise");
}

/// Every leaf path of `view` with the bucket (an index into the whole vector) it lands in.
pub fn paths<V: Serialize>(view: &V, buckets: usize) -> Vec<(String, usize)> {
    let value = serde_json::to_value(view).expect("views serialise");
    let mut out = Vec::new();
    let mut scratch = vec![0.0; buckets];
    walk_named(&value, FNV_OFFSET, String::new(), &mut scratch, &mut out);
    out
}

fn bucket(hash: u64, n: usize) -> usize {
    (hash % n as u64) as usize
}

/// The buckets by way of the view's JSON: what [`encode`] computes without building it (the test compares them).
#[cfg(test)]
fn walk(value: &Value, hash: u64, out: &mut [f32]) {
    match value {
        Value::Null | Value::Bool(false) => {}
        Value::Bool(true) => out[bucket(hash, out.len())] += 1.0,
        Value::Number(n) => out[bucket(hash, out.len())] += n.as_f64().unwrap_or(0.0) as f32,
        Value::String(s) => {
            let h = leaf_string(hash, s);
            out[bucket(h, out.len())] += 1.0;
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, index_segment(hash, i), out);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                walk(item, child(hash, key.as_bytes()), out);
            }
        }
    }
}

fn walk_named(
    value: &Value,
    hash: u64,
    path: String,
    out: &mut [f32],
    named: &mut Vec<(String, usize)>,
) {
    let n = out.len();
    match value {
        Value::Null | Value::Bool(_) | Value::Number(_) => {
            named.push((path, HEADER + bucket(hash, n)));
        }
        Value::String(s) => {
            let h = leaf_string(hash, s);
            named.push((format!("{path}={s}"), HEADER + bucket(h, n)));
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let p = if path.is_empty() {
                    i.to_string()
                } else {
                    format!("{path}/{i}")
                };
                walk_named(item, index_segment(hash, i), p, out, named);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                let p = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}/{key}")
                };
                walk_named(item, child(hash, key.as_bytes()), p, out, named);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_lands_in_the_bucket_its_listing_names() {
        let view = serde_json::json!({"players": [{"count": 3}, {"count": 5}], "phase": "Roll", "on": true});
        let header = Header {
            seats: 2,
            seat: 1,
            to_act: true,
            legal: 4,
            actions: 3,
            commands: 2500,
            ended: false,
            won: false,
            points: 2.0,
        };
        let mut out = vec![0.0; HEADER + 4096];
        encode(&header, &view, &mut out);
        assert_eq!(
            &out[..HEADER],
            &[2.0, 1.0, 1.0, 4.0, 1.0, 2.5, 0.0, 0.0, 2.0, 1.0]
        );
        let listed = paths(&view, 4096);
        let names: Vec<&str> = listed.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            names,
            ["on", "phase=Roll", "players/0/count", "players/1/count"]
        );
        let at = |name: &str| listed.iter().find(|(p, _)| p == name).unwrap().1;
        assert_eq!(out[at("players/0/count")], 3.0);
        assert_eq!(out[at("players/1/count")], 5.0);
        assert_eq!(out[at("phase=Roll")], 1.0);
        assert_eq!(out[at("on")], 1.0);
        assert_eq!(
            out.iter().sum::<f32>(),
            2.0 + 1.0 + 1.0 + 4.0 + 1.0 + 2.5 + 2.0 + 1.0 + 10.0
        );
    }

    /// The buckets written straight from each game's views are the ones their JSON gives, along random games.
    #[test]
    fn hashing_a_view_directly_matches_hashing_its_json() {
        use hexfold_rules::playout::RandomPlayer;
        use hexfold_rules::{GameRng, Seat, Viewer};
        use rand::{Rng, SeedableRng};

        fn check<G: RandomPlayer>(seats: u8) {
            let mut rng = GameRng::seed_from_u64(9);
            let setup = G::setup(&G::random_config(seats, false), &mut rng).unwrap();
            let mut state = G::initial_state(&setup);
            for step in 0..300 {
                let viewer = Seat((step % usize::from(seats)) as u8);
                let view = G::view_state(&state, Viewer::Seat(viewer));
                let mut direct = vec![0.0; 4096];
                let hasher = crate::hash_ser::Hasher {
                    out: &mut direct,
                    hash: FNV_OFFSET,
                };
                view.serialize(hasher).unwrap();
                let mut via_json = vec![0.0; 4096];
                walk(
                    &serde_json::to_value(&view).unwrap(),
                    FNV_OFFSET,
                    &mut via_json,
                );
                assert_eq!(direct, via_json, "{} step {step}", G::NAME);
                let to_act = G::seats_to_act(&state);
                if to_act.is_empty() {
                    break;
                }
                let seat = to_act[rng.gen_range(0..to_act.len())];
                let Some(command) = G::random_command(&state, seat, &mut rng) else {
                    break;
                };
                for e in G::decide(&state, seat, &command, &mut rng).unwrap() {
                    state = G::evolve(state, &e);
                }
            }
        }
        check::<hexfold_rules::catan::Catan>(4);
        check::<hexfold_rules::cities_knights::CitiesKnights>(4);
        check::<hexfold_rules::catania::Catania>(3);
        check::<hexfold_rules::elasund::Elasund>(3);
    }
}

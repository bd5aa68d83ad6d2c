//! The page and the terminal say the same thing: the CLI's words (`src/cli/words.rs`, prost-reflect) and the web
//! app's (`web/src/words.ts`, protobuf-es) render the same templates of the protos' options, each with its own
//! code. Both render a corpus of seeded random games of every shipped game, played to the end through the real
//! server (every event as each seat and a spectator read it, each seat's legal commands at every step, and every
//! part of the state with words of its own, as each seat and a spectator see it every few commands: the bank, the
//! hands, the dice), and every line must be the same. `tests/web/words.ts` is the web's side, bundled by the web
//! app's esbuild.
//!
//! Node.js 20 and the web app's packages (`npm ci --prefix web`, which `cargo xtask setup` runs); a machine without
//! them fails this test rather than skipping it.

use crate::support::{self, pick, succeed, Table};
use base64::Engine as _;
use hexfold::cli::words::words;
use hexfold::proto::v1 as pb;
use prost::Message as _;
use prost_reflect::{DynamicMessage, MessageDescriptor, ReflectMessage as _, Value};
use rand::{rngs::StdRng, Rng as _, SeedableRng as _};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::process::Command;

/// The seats' names the corpus is rendered with: one seat fewer than the games have, so a seat without a name
/// (`seat 3`) is said too.
const SEATS: [&str; 3] = ["ann", "bob", "cat"];

/// How many commands a game may take before the corpus stops it (random games end in a few hundred).
const STEPS: usize = 5_000;

/// How often the corpus takes the states of every viewer: every this many commands, and at the end.
const STATES_EVERY: usize = 10;

/// One thing to say: an event, a command or a part of a state, as the API encodes it.
enum Item {
    Event(pb::Event),
    Command(pb::Command),
    Part(DynamicMessage),
}

impl Item {
    fn json(&self) -> serde_json::Value {
        let (kind, bytes) = match self {
            Item::Event(event) => ("event", event.encode_to_vec()),
            Item::Command(command) => ("command", command.encode_to_vec()),
            Item::Part(part) => ("message", part.encode_to_vec()),
        };
        serde_json::json!({
            "kind": kind,
            "type": self.kind(),
            "bytes": base64::engine::general_purpose::STANDARD.encode(bytes),
            "seats": SEATS,
        })
    }

    /// What the CLI says of it.
    fn cli(&self) -> String {
        let seats: Vec<String> = SEATS.map(String::from).into();
        match self {
            Item::Event(event) => words().event(event, &seats),
            Item::Command(command) => words().command(command),
            Item::Part(part) => words().message_text(part, &seats),
        }
    }

    /// The kind of event or command, or the part's type.
    fn kind(&self) -> String {
        let dynamic = match self {
            Item::Event(event) => words().dynamic(event),
            Item::Command(command) => words().dynamic(command),
            Item::Part(part) => return part.descriptor().full_name().to_string(),
        };
        words().kind(&dynamic).unwrap_or_else(|| "(empty)".into())
    }
}

/// Whether a message has words of its own: a sentence, counts or a word (`words.proto`).
fn has_words(message: &MessageDescriptor) -> bool {
    let pool = message.parent_pool();
    let options = message.options();
    ["sentence", "counts", "word"].iter().any(|name| {
        pool.get_extension_by_name(&format!("hexfold.v1.words.{name}"))
            .is_some_and(|option| options.has_extension(&option))
    })
}

/// Every message with words inside `message` (itself included), each set field and list item looked into.
fn parts(message: &DynamicMessage, out: &mut Vec<DynamicMessage>) {
    if has_words(&message.descriptor()) {
        out.push(message.clone());
    }
    for (_, value) in message.fields() {
        let items = match value {
            Value::List(items) => items.as_slice(),
            value => std::slice::from_ref(value),
        };
        for item in items {
            if let Value::Message(inner) = item {
                parts(inner, out);
            }
        }
    }
}

/// Every event and every legal command of one random game of each registered game, each once.
async fn corpus(addr: std::net::SocketAddr) -> Vec<Item> {
    let mut items = Vec::new();
    let mut seen = HashSet::new();
    let mut add = |item: Item, bytes: Vec<u8>, items: &mut Vec<Item>| {
        if seen.insert(bytes) {
            items.push(item);
        }
    };
    for game in hexfold::games::GAMES.iter().filter(|g| g.shipped) {
        let mut rng = StdRng::seed_from_u64(30);
        let seats = SEATS.len() + 1;
        let mut table = Table::create(
            addr,
            game.variant,
            seats,
            support::variant_options(game.variant),
        )
        .await;
        let mut ended = false;
        for step in 0..=STEPS {
            let mut options = Vec::new();
            for seat in 0..seats {
                let legal = table.legal(seat).await.expect("legal actions");
                for command in &legal.commands {
                    add(
                        Item::Command(command.clone()),
                        command.encode_to_vec(),
                        &mut items,
                    );
                }
                if !legal.commands.is_empty() {
                    options.push((seat, legal));
                }
            }
            if step % STATES_EVERY == 0 || options.is_empty() {
                let viewers = std::iter::once(None).chain((0..seats).map(Some));
                for viewer in viewers {
                    let state = table.state(viewer, None).await.expect("state");
                    let mut found = Vec::new();
                    parts(&words().dynamic(&state), &mut found);
                    for part in found {
                        let mut key = part.descriptor().full_name().as_bytes().to_vec();
                        key.extend(part.encode_to_vec());
                        add(Item::Part(part), key, &mut items);
                    }
                }
            }
            if options.is_empty() {
                ended = true;
                break;
            }
            let (seat, legal) = options.swap_remove(rng.gen_range(0..options.len()));
            let command = pick(&legal.commands, &mut rng);
            table
                .submit(seat, command, Some(legal.version))
                .await
                .expect("a listed command is accepted");
        }
        assert!(
            ended,
            "{}: the random game did not end in {STEPS} commands",
            game.name
        );
        let viewers = std::iter::once(None).chain((0..seats).map(Some));
        for viewer in viewers {
            for envelope in table.events(viewer).await {
                let event = envelope.event.expect("an event");
                add(
                    Item::Event(event.clone()),
                    event.encode_to_vec(),
                    &mut items,
                );
            }
        }
    }
    items
}

/// What the web app's words say of each item, in order: `tests/web/words.ts` bundled and run by Node.js.
fn web(items: &[Item]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let modules = root.join("web/node_modules");
    assert!(
        modules.join(".bin/esbuild").exists(),
        "{} is missing: run `npm ci --prefix web` (or `cargo xtask setup`)",
        modules.display()
    );
    let scratch = tempfile::tempdir().unwrap();
    let (script, corpus) = (
        scratch.path().join("words.mjs"),
        scratch.path().join("corpus.json"),
    );
    succeed(
        Command::new(modules.join(".bin/esbuild"))
            .env("NODE_PATH", &modules)
            .arg(root.join("tests/web/words.ts"))
            .args([
                "--bundle",
                "--platform=node",
                "--format=esm",
                "--log-level=warning",
            ])
            .arg(format!("--outfile={}", script.display())),
        "bundling tests/web/words.ts with the web app's esbuild",
    );
    let json: Vec<serde_json::Value> = items.iter().map(Item::json).collect();
    std::fs::write(&corpus, serde_json::to_vec(&json).unwrap()).unwrap();
    let out = succeed(
        Command::new("node").arg(&script).arg(&corpus),
        "node tests/web/words.ts (Node.js 20)",
    );
    serde_json::from_str(&out).expect("the script prints a JSON array of strings")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_the_terminal_word_every_event_and_command_alike() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let items = corpus(server.addr).await;
    server.stop().await;
    let web = web(&items);
    assert_eq!(web.len(), items.len(), "one line of the web's per item");

    // Every kind of event and command met, and how many of its lines differ.
    let mut kinds: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut differences = Vec::new();
    for (item, web) in items.iter().zip(&web) {
        let cli = item.cli();
        let count = kinds.entry(item.kind()).or_default();
        count.0 += 1;
        if cli != *web {
            count.1 += 1;
            if count.1 <= 2 {
                differences.push(format!("{}\n  cli: {cli}\n  web: {web}", item.kind()));
            }
        }
    }
    let count = |f: fn(&Item) -> bool| items.iter().filter(|i| f(i)).count();
    println!(
        "{} items ({} events, {} commands, {} parts of states) of {} kinds",
        items.len(),
        count(|i| matches!(i, Item::Event(_))),
        count(|i| matches!(i, Item::Command(_))),
        count(|i| matches!(i, Item::Part(_))),
        kinds.len()
    );
    // The corpus reaches far: most of the API's kinds, from every game.
    assert!(kinds.len() > 150, "{} kinds: {kinds:?}", kinds.len());
    let differing: Vec<String> = kinds
        .iter()
        .filter(|(_, (_, bad))| *bad > 0)
        .map(|(kind, (all, bad))| format!("{kind}: {bad} of {all}"))
        .collect();
    assert!(
        differing.is_empty(),
        "the web's words differ from the CLI's:\n{}\n\nfirst lines of each:\n{}",
        differing.join("\n"),
        differences.join("\n")
    );
}

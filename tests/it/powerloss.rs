//! Power losses under load: the real `hexfold serve` on a file system that holds writes in its own cache until they
//! are fsynced (`crates/hexfold-lazyfs`, after Jepsen's LazyFS), its power cut while games are created and played,
//! the server SIGKILLed at that moment, the power restored, and the server started again on what reached the disk.
//! In both modes the cuts take turns: the oldest part of what was not synced written back (in the order it was
//! written, up to a random point, the last page torn), everything not synced dropped, and a random part written
//! back (pages torn and out of order).
//!
//! - `--durability fsync` (the default): every restart serves every acknowledged game and command.
//! - `--durability flush`: a restart serves everything acknowledged, or refuses the store with exit code 3 and a
//!   message that points at `hexfold salvage`; never less without a word. The cuts that write back the oldest
//!   part come at least [`FLUSH_LOAD`] after the first acknowledgement, so sled's files often keep more than a
//!   mark synced once a second (the build before every group's mark was synced) named, and less than was
//!   acknowledged. After a refusal `hexfold check` exits 3 as well, and
//!   `hexfold salvage` copies what is left into a new directory, both as it is and with sled's `conf` damaged so
//!   that sled cannot open it and everything comes from the raw scan of its log. Each copy must hold nothing that
//!   contradicts what was acknowledged, and, after a cut that dropped everything (so sled's files are as the last
//!   open synced them), every game and command acknowledged before the cycle. The next cycle serves the copy.
//!
//! Three cycles per mode by default (some seconds each); fifteen with `HEXFOLD_SOAK=1`. Without FUSE (no
//! /dev/fuse, not root) the tests say loudly that they skipped, except under CI, where they must run.

use crate::support::{self, Step, Table};
use hexfold::proto::v1 as pb;
use hexfold_lazyfs::{Cut, Mounted};
use rand::{rngs::StdRng, Rng as _, SeedableRng};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _};
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

/// Games created and played at once in each cycle.
const GAMES: usize = 4;
/// In Flush mode, a cut that writes back the oldest part of the cache comes at least this long after the first
/// acknowledgement of the cycle.
const FLUSH_LOAD: Duration = Duration::from_millis(2500);

/// A game the server acknowledged, and its commands that it acknowledged.
#[derive(Clone)]
struct Acked {
    game_id: String,
    tokens: Vec<String>,
    steps: Vec<Step>,
}

enum Ack {
    Created(String, Vec<String>),
    Step(String, Box<Step>),
}

/// A started server, or its refusal: exit code and standard error.
enum Started {
    Serving(Child, SocketAddr),
    Refused(Option<i32>, String),
}

fn cycles() -> usize {
    if support::soak() {
        15
    } else {
        3
    }
}

/// `hexfold serve` on `dir` with `--durability durability`; none of the server's settings from this process's
/// environment.
async fn serve(dir: &Path, durability: &str) -> Started {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--durability",
            durability,
        ])
        .arg("--data-dir")
        .arg(dir)
        .env_remove("HEXFOLD_LISTEN")
        .env_remove("HEXFOLD_DATA_DIR")
        .env_remove("HEXFOLD_STORE")
        .env_remove("HEXFOLD_DURABILITY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn hexfold serve");
    let mut stdout = tokio::io::BufReader::new(child.stdout.take().expect("piped")).lines();
    let mut stderr = child.stderr.take().expect("piped");
    match stdout.next_line().await.expect("read the server's stdout") {
        Some(line) => {
            let addr = line
                .strip_prefix("listening on ")
                .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
                .parse()
                .expect("an address");
            // Both pipes are read to their end, so the server never blocks on a full one.
            tokio::spawn(async move { while let Ok(Some(_)) = stdout.next_line().await {} });
            tokio::spawn(async move {
                let mut sink = Vec::new();
                let _ = stderr.read_to_end(&mut sink).await;
            });
            Started::Serving(child, addr)
        }
        None => {
            let mut text = String::new();
            stderr.read_to_string(&mut text).await.unwrap();
            let status = child.wait().await.unwrap();
            Started::Refused(status.code(), text)
        }
    }
}

/// Runs `hexfold ARGS` and returns its exit code and its output.
async fn hexfold(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(args)
        .output()
        .await
        .expect("run hexfold");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), text)
}

/// Plays `GAMES` new games on `addr` until `acks` acknowledgements (creations and commands) came back and `load`
/// passed since the first, then cuts the power and kills the server. Returns every acknowledgement, those that
/// arrived after the cut included.
async fn load_then_cut(
    mut child: Child,
    addr: SocketAddr,
    fs: &Mounted,
    cut: Cut,
    (acks, load): (usize, Duration),
    seed: u64,
) -> Vec<Ack> {
    let (tx, mut rx) = mpsc::unbounded_channel::<Ack>();
    let mut players = Vec::new();
    for g in 0..GAMES {
        let tx = tx.clone();
        players.push(tokio::spawn(async move {
            let Some(mut spectator) = try_connect(addr).await else {
                return;
            };
            let Ok(created) = spectator
                .create_game(support::game_request(
                    pb::Variant::Catan,
                    4,
                    support::catan_options(),
                    &[],
                ))
                .await
            else {
                return;
            };
            let created = created.into_inner();
            let tokens: Vec<String> = created.seats.iter().map(|s| s.token.clone()).collect();
            let _ = tx.send(Ack::Created(created.game_id.clone(), tokens.clone()));
            let mut seats = Vec::new();
            for _ in 0..tokens.len() {
                let Some(client) = try_connect(addr).await else {
                    return;
                };
                seats.push(client);
            }
            let mut table = Table {
                game_id: created.game_id.clone(),
                tokens,
                seats,
                spectator,
                commands: 0,
            };
            let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(31).wrapping_add(g as u64));
            // Ends with an error once the disk or the server is gone.
            while let Ok(Some(step)) = table.try_step(&mut rng).await {
                let _ = tx.send(Ack::Step(table.game_id.clone(), Box::new(step)));
            }
        }));
    }
    drop(tx);
    let mut got = Vec::new();
    let mut first: Option<Instant> = None;
    while got.len() < acks || first.is_none_or(|at| at.elapsed() < load) {
        match rx.recv().await {
            Some(ack) => got.push(ack),
            None => panic!("the games stopped before {acks} acknowledgements"),
        }
        first.get_or_insert_with(Instant::now);
    }
    fs.cut_power(cut);
    child.start_kill().expect("SIGKILL");
    child.wait().await.unwrap();
    for player in players {
        player.await.unwrap();
    }
    while let Some(ack) = rx.recv().await {
        got.push(ack);
    }
    got
}

/// A client, or `None` once the server is gone.
async fn try_connect(addr: SocketAddr) -> Option<support::Client> {
    pb::hexfold_client::HexfoldClient::connect(format!("http://{addr}"))
        .await
        .ok()
}

/// Every acknowledged game is there, and every acknowledged command is in its log with the events it was
/// acknowledged with.
async fn assert_everything_served(addr: SocketAddr, ledger: &[Acked]) {
    let mut client = support::connect(addr).await;
    for game in ledger {
        let state = client
            .get_state(pb::GetStateRequest {
                game_id: game.game_id.clone(),
                at_version: None,
            })
            .await
            .unwrap_or_else(|s| panic!("acknowledged game {} is lost: {s:?}", game.game_id))
            .into_inner();
        let acked = game.steps.iter().map(|s| s.response.version).max();
        assert!(state.version >= acked.unwrap_or(0));
        for step in &game.steps {
            support::assert_in_log(&mut client, &game.game_id, &game.tokens, step).await;
        }
    }
}

fn record(ledger: &mut Vec<Acked>, acks: Vec<Ack>) -> usize {
    let mut steps = 0;
    for ack in acks {
        match ack {
            Ack::Created(game_id, tokens) => ledger.push(Acked {
                game_id,
                tokens,
                steps: Vec::new(),
            }),
            Ack::Step(game_id, step) => {
                steps += 1;
                let game = ledger
                    .iter_mut()
                    .find(|g| g.game_id == game_id)
                    .expect("a command of a created game");
                game.steps.push(*step);
            }
        }
    }
    steps
}

/// Serves the salvaged store in `dir` and returns what it holds of `ledger`: the games it serves, each with its
/// acknowledged commands up to the version it serves, every one of which it must hold with the events it was
/// acknowledged with (nothing that contradicts an acknowledgement). A game it does not serve is left out.
async fn salvaged_ledger(dir: &Path, durability: &str, ledger: &[Acked]) -> Vec<Acked> {
    let (mut child, addr) = match serve(dir, durability).await {
        Started::Serving(child, addr) => (child, addr),
        Started::Refused(code, stderr) => {
            panic!(
                "the salvaged copy {} is refused ({code:?}): {stderr}",
                dir.display()
            )
        }
    };
    let mut client = support::connect(addr).await;
    let mut kept = Vec::new();
    for game in ledger {
        let state = match client
            .get_state(pb::GetStateRequest {
                game_id: game.game_id.clone(),
                at_version: None,
            })
            .await
        {
            Ok(state) => state.into_inner(),
            Err(s) if s.code() == tonic::Code::NotFound => continue,
            Err(s) => panic!("salvaged game {}: {s:?}", game.game_id),
        };
        let mut game = game.clone();
        game.steps.retain(|s| s.response.version <= state.version);
        // Salvage numbers the global positions anew; everything else of the events is as acknowledged.
        let local = |events: &[pb::EventEnvelope]| {
            let mut events = events.to_vec();
            events.iter_mut().for_each(|e| e.global_position = 0);
            events
        };
        for step in &mut game.steps {
            let again = support::submit_again(&mut client, &game.game_id, &game.tokens, step).await;
            assert_eq!(local(&again.events), local(&step.response.events));
            step.response = again;
        }
        kept.push(game);
    }
    child.start_kill().unwrap();
    child.wait().await.unwrap();
    kept
}

/// Every game of `before`, with all its commands, is in `kept`.
fn assert_holds_all(kept: &[Acked], before: &[Acked], what: &str) {
    for game in before {
        let held = kept
            .iter()
            .find(|k| k.game_id == game.game_id)
            .map_or(0, |k| k.steps.len());
        assert!(
            held >= game.steps.len(),
            "{what}: game {} holds {held} of the {} commands acknowledged before the cycle",
            game.game_id,
            game.steps.len()
        );
    }
}

fn commands(ledger: &[Acked]) -> usize {
    ledger.iter().map(|g| g.steps.len()).sum()
}

/// The cycles of one mode: load, cut, restart, check; in Flush mode, after a refusal, check and salvage.
async fn power_losses(durability: &str, test: &str) {
    let root = tempfile::tempdir().unwrap();
    let (backing, mnt) = (root.path().join("backing"), root.path().join("mnt"));
    std::fs::create_dir(&backing).unwrap();
    std::fs::create_dir(&mnt).unwrap();
    let Some(fs) = Mounted::mount_for_test(&backing, &mnt, test) else {
        return;
    };
    let mut dir: PathBuf = mnt.join("store-0");
    let mut ledger: Vec<Acked> = Vec::new();
    let mut rng = StdRng::seed_from_u64(u64::from(std::process::id()));
    let (mut served, mut refused, mut acknowledged) = (0, 0, 0);
    let mut salvages = Vec::new();
    for cycle in 0..cycles() {
        let (child, addr) = match serve(&dir, durability).await {
            Started::Serving(child, addr) => (child, addr),
            Started::Refused(code, stderr) => {
                panic!("cycle {cycle}: the server would not start ({code:?}): {stderr}")
            }
        };
        let before = ledger.clone();
        let cut = match cycle % 3 {
            0 => Cut::WriteBackOldest { seed: rng.gen() },
            1 => Cut::DropAll,
            _ => Cut::WriteBackSome { seed: rng.gen() },
        };
        let load = match cut {
            Cut::WriteBackOldest { .. } if durability == "flush" => FLUSH_LOAD,
            _ => Duration::ZERO,
        };
        let acks = rng.gen_range(20..120);
        let got = load_then_cut(child, addr, &fs, cut, (acks, load), rng.gen()).await;
        acknowledged += record(&mut ledger, got);
        fs.restore_power();

        match serve(&dir, durability).await {
            Started::Serving(mut child, addr) => {
                assert_everything_served(addr, &ledger).await;
                served += 1;
                child.start_kill().unwrap();
                child.wait().await.unwrap();
            }
            Started::Refused(code, stderr) => {
                assert_eq!(
                    durability, "flush",
                    "cycle {cycle} ({cut:?}): the store was refused after a power loss in fsync mode: {stderr}"
                );
                assert_eq!(code, Some(3), "cycle {cycle}: {stderr}");
                assert!(
                    stderr.contains("hexfold salvage"),
                    "cycle {cycle}: the refusal names salvage: {stderr}"
                );
                // The refused store as the power left it, with its `conf` damaged so that sled refuses it: what
                // `salvage` gets from it comes from its raw scan of sled's log alone.
                let unopenable = root.path().join(format!("unopenable-{cycle}"));
                support::copy_dir(&dir, &unopenable);
                let mut conf = std::fs::read(unopenable.join("conf")).unwrap();
                conf[0] ^= 0x20;
                std::fs::write(unopenable.join("conf"), &conf).unwrap();

                let (code, report) = hexfold(&["check".as_ref(), dir.as_os_str()]).await;
                assert_eq!(code, Some(3), "cycle {cycle}: check: {report}");
                let salvaged = mnt.join(format!("store-{}", cycle + 1));
                let (code, report) =
                    hexfold(&["salvage".as_ref(), dir.as_os_str(), salvaged.as_os_str()]).await;
                assert_eq!(code, Some(0), "cycle {cycle}: salvage: {report}");
                let raw = root.path().join(format!("raw-{cycle}"));
                let (code, raw_report) =
                    hexfold(&["salvage".as_ref(), unopenable.as_os_str(), raw.as_os_str()]).await;
                assert_eq!(code, Some(0), "cycle {cycle}: raw salvage: {raw_report}");
                assert!(
                    raw_report.contains("sled could not open the files"),
                    "cycle {cycle}: {raw_report}"
                );
                let kept = salvaged_ledger(&salvaged, durability, &ledger).await;
                let raw_kept = salvaged_ledger(&raw, durability, &ledger).await;
                if matches!(cut, Cut::DropAll) {
                    // sled's files are as the last open synced them: everything acknowledged before is there.
                    assert_holds_all(&kept, &before, &format!("cycle {cycle}: salvage"));
                    assert_holds_all(&raw_kept, &before, &format!("cycle {cycle}: raw salvage"));
                }
                salvages.push(format!(
                    "{cut:?}: {} of {} games and {} of {} commands through sled, {} games and {} commands by \
                     the raw scan alone ({} games and {} commands acknowledged before the cycle)",
                    kept.len(),
                    ledger.len(),
                    commands(&kept),
                    commands(&ledger),
                    raw_kept.len(),
                    commands(&raw_kept),
                    before.len(),
                    commands(&before)
                ));
                // What the salvaged copy holds is what the next cycles must keep.
                dir = salvaged;
                ledger = kept;
                refused += 1;
            }
        }
    }
    eprintln!(
        "{test}: {} power losses: {served} restarts served everything acknowledged ({acknowledged} commands \
         acknowledged in all), {refused} refused with exit code 3; {} bytes fsynced through the lazy file system",
        cycles(),
        fs.synced_bytes()
    );
    for line in salvages {
        eprintln!("{test}: salvaged after a refusal, {line}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fsync_mode_loses_no_acknowledged_game_or_command_in_a_power_loss() {
    power_losses(
        "fsync",
        "fsync_mode_loses_no_acknowledged_game_or_command_in_a_power_loss",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flush_mode_after_a_power_loss_serves_everything_acknowledged_or_refuses() {
    power_losses(
        "flush",
        "flush_mode_after_a_power_loss_serves_everything_acknowledged_or_refuses",
    )
    .await;
}

//! Damaged data directories: copies of a real store, stopped cleanly, are damaged the ways a disk or an
//! operator damages them (one bit flipped in sled's `db` file, a 4 KiB page zeroed, the file cut short), and
//! the real server binary is started on each. It must serve the whole history, or refuse to start with one
//! clear error line and the damaged-store exit code, or answer DATA_LOSS for reads that meet the damage:
//! never a shorter history, never a panic.
//!
//! The default run damages a few copies (a few seconds); `HEXFOLD_SOAK=1` damages many more. The outcome
//! counts are printed (`--nocapture`). Also here: `hexfold check` and `salvage` on a damaged copy, and a disk
//! that fills under a running server.

use crate::support::{self, Table};
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _};
use tonic::Code;
use tonic_health::pb::{
    health_check_response::ServingStatus, health_client::HealthClient, HealthCheckRequest,
};

/// The exit code `hexfold serve` documents for a damaged store.
const EXIT_DAMAGED_STORE: i32 = hexfold::cli::store::EXIT_DAMAGED_STORE as i32;

/// What a spectator reads of every game: the listing, and each game's state and events.
#[derive(Debug, PartialEq)]
struct History {
    games: Vec<pb::GameSummary>,
    states: Vec<pb::GetStateResponse>,
    events: Vec<Vec<pb::EventEnvelope>>,
}

/// A read either answers or meets the damage, which it must say is DATA_LOSS.
#[derive(Debug)]
enum Read {
    Whole(Box<History>),
    DataLoss(String),
}

async fn read_history(addr: std::net::SocketAddr, ids: &[String]) -> Result<Read, tonic::Status> {
    let mut client = support::connect(addr).await;
    let data_loss = |s: tonic::Status| -> Result<Read, tonic::Status> {
        if s.code() == Code::DataLoss {
            Ok(Read::DataLoss(s.message().to_string()))
        } else {
            Err(s)
        }
    };
    // Every page: a page ends before a damaged game, and the next one is DATA_LOSS naming it.
    let mut games = Vec::new();
    let mut page_token = String::new();
    loop {
        let request = pb::ListGamesRequest {
            page_token,
            ..Default::default()
        };
        match client.list_games(request).await {
            Ok(r) => {
                let page = r.into_inner();
                games.extend(page.games);
                if page.next_page_token.is_empty() {
                    break;
                }
                page_token = page.next_page_token;
            }
            Err(s) => return data_loss(s),
        }
    }
    let mut states = Vec::new();
    let mut events = Vec::new();
    for id in ids {
        let request = pb::GetStateRequest {
            game_id: id.clone(),
            at_version: None,
        };
        match client.get_state(request).await {
            Ok(r) => states.push(r.into_inner()),
            Err(s) => return data_loss(s),
        }
        let request = pb::ReadEventsRequest {
            game_id: id.clone(),
            ..Default::default()
        };
        let mut stream = match client.read_events(request).await {
            Ok(r) => r.into_inner(),
            Err(s) => return data_loss(s),
        };
        let mut game = Vec::new();
        loop {
            match stream.message().await {
                Ok(Some(event)) => game.push(event),
                Ok(None) => break,
                Err(s) => return data_loss(s),
            }
        }
        events.push(game);
    }
    Ok(Read::Whole(Box::new(History {
        games,
        states,
        events,
    })))
}

/// Plays a few games on an in-process server over `dir`, reads what a spectator sees of them, and stops the
/// server cleanly. Returns the games' ids and their history.
async fn write_store(dir: &Path) -> (Vec<String>, Box<History>) {
    let server = support::start(dir).await;
    let mut ids = Vec::new();
    for g in 0..3u64 {
        let mut table = Table::new(server.addr, 3).await;
        let mut rng = StdRng::seed_from_u64(g);
        for _ in 0..60 {
            if table.step(&mut rng).await.is_none() {
                break;
            }
        }
        ids.push(table.game_id.clone());
    }
    let read = read_history(server.addr, &ids).await.unwrap();
    server.stop().await;
    match read {
        Read::Whole(history) => (ids, history),
        Read::DataLoss(m) => panic!("the intact store: {m}"),
    }
}

/// Reads the `listening on ADDR` line `hexfold serve` prints first, a byte at a time so that nothing after it
/// is read (the caller keeps the pipe open, so the server never writes into a closed one). `None` when stdout
/// ends without one: the server refused its store, which it opens before it listens.
async fn address_line(stdout: &mut tokio::process::ChildStdout) -> Option<std::net::SocketAddr> {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while stdout.read(&mut byte).await.unwrap() == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    if line.is_empty() {
        return None;
    }
    let line = String::from_utf8(line).unwrap();
    let addr = line
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .unwrap();
    Some(addr)
}

#[derive(Debug, Clone, Copy)]
enum Damage {
    FlipBit { at: usize, bit: u8 },
    ZeroPage { page: usize },
    Truncate { len: usize },
}

impl Damage {
    fn random(rng: &mut StdRng, len: usize) -> Damage {
        match rng.gen_range(0..3) {
            0 => Damage::FlipBit {
                at: rng.gen_range(0..len),
                bit: rng.gen_range(0..8),
            },
            1 => Damage::ZeroPage {
                page: rng.gen_range(0..len.div_ceil(4096)),
            },
            _ => Damage::Truncate {
                len: rng.gen_range(0..len),
            },
        }
    }

    fn apply(self, bytes: &mut Vec<u8>) {
        match self {
            Damage::FlipBit { at, bit } => bytes[at] ^= 1 << bit,
            Damage::ZeroPage { page } => {
                let end = (page * 4096 + 4096).min(bytes.len());
                bytes[page * 4096..end].fill(0);
            }
            Damage::Truncate { len } => bytes.truncate(len),
        }
    }
}

#[derive(Debug, Default)]
struct Outcomes {
    whole: usize,
    data_loss: usize,
    /// Refusals by what the error line names: less than the mark, a record failing its check (or
    /// otherwise malformed), sled panicking on its files, anything else sled reports.
    short_of_mark: usize,
    record: usize,
    sled_panic: usize,
    other_refusal: usize,
}

/// Starts the binary on a damaged copy and classifies what it does; panics on any outcome the issue forbids.
async fn trial(dir: &Path, ids: &[String], want: &History, damage: Damage, out: &mut Outcomes) {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir)
        .env_remove("HEXFOLD_LISTEN")
        .env_remove("HEXFOLD_DATA_DIR")
        .env_remove("HEXFOLD_STORE")
        .env("HEXFOLD_LOG_FORMAT", "text")
        .env("RUST_LOG", "off")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn hexfold serve");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    // The store is opened before the address line: no line, and the process ends refusing it; otherwise the
    // health check answers SERVING, or the process ends meanwhile.
    let addr = address_line(&mut stdout).await;
    let serving = async {
        let Some(addr) = addr else {
            return std::future::pending().await;
        };
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
            .unwrap()
            .connect()
            .await?;
        let status = HealthClient::new(channel)
            .check(HealthCheckRequest {
                service: "hexfold.v1.Hexfold".into(),
            })
            .await
            .map_err(|s| anyhow::anyhow!("{s:?}"))?
            .into_inner();
        anyhow::Ok(status.status())
    };
    let outcome = tokio::select! {
        status = child.wait() => Err(status.unwrap()),
        serving = serving => Ok(serving),
    };
    // A process that exits while the health check waits resets its connection first.
    let outcome = match outcome {
        Ok(Err(_)) => Err(child.wait().await.unwrap()),
        other => other,
    };
    match outcome {
        Err(status) => {
            let mut err = String::new();
            stderr.read_to_string(&mut err).await.unwrap();
            assert_eq!(
                status.code(),
                Some(EXIT_DAMAGED_STORE),
                "{damage:?}: exit {status:?}, stderr {err:?}"
            );
            assert!(!err.contains("panicked at"), "{damage:?}: {err}");
            let lines: Vec<&str> = err.lines().collect();
            assert!(
                lines.len() == 1 && lines[0].starts_with("error: cannot open the event store: "),
                "{damage:?}: one clear line expected, got {err:?}"
            );
            if err.contains("acknowledged and are missing") {
                out.short_of_mark += 1;
            } else if err.contains("sled) panicked") {
                out.sled_panic += 1;
            } else if err.contains("corrupt record: ") {
                out.record += 1;
            } else {
                out.other_refusal += 1;
            }
        }
        Ok(Ok(ServingStatus::Serving)) => {
            let addr = addr.expect("a serving server printed its address");
            match read_history(addr, ids).await {
                Ok(Read::Whole(got)) => assert!(
                    *got == *want,
                    "{damage:?}: the server answers a different (shorter?) history"
                ),
                Ok(Read::DataLoss(_)) => out.data_loss += 1,
                Err(status) => panic!("{damage:?}: a read answered {status:?}"),
            }
            out.whole += 1;
            child.start_kill().unwrap();
            let _ = child.wait().await;
        }
        Ok(other) => panic!("{damage:?}: health answered {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_store_is_served_whole_or_refused_never_shorter() {
    let base = tempfile::tempdir().unwrap();
    // Written by one server that then stopped, as a store is between two runs.
    let (ids, want) = write_store(base.path()).await;
    assert_eq!(want.games.len(), ids.len());
    // The same store after one more start and clean stop: sled then also keeps a snapshot of its page
    // table, and recovers damage differently (it reports more of it itself).
    let reopened = tempfile::tempdir().unwrap();
    support::copy_dir(base.path(), reopened.path());
    support::start(reopened.path()).await.stop().await;
    let bases = [base.path(), reopened.path()];
    let trials = if support::soak() { 200 } else { 12 };
    let mut rng = StdRng::seed_from_u64(20);
    let mut out = Outcomes::default();
    for i in 0..trials {
        let base = bases[i % 2];
        let db = std::fs::read(base.join("db")).unwrap();
        let copy = tempfile::tempdir().unwrap();
        support::copy_dir(base, copy.path());
        let damage = Damage::random(&mut rng, db.len());
        let mut bytes = db;
        damage.apply(&mut bytes);
        std::fs::write(copy.path().join("db"), &bytes).unwrap();
        tokio::time::timeout(
            Duration::from_secs(60),
            trial(copy.path(), &ids, &want, damage, &mut out),
        )
        .await
        .unwrap_or_else(|_| panic!("{damage:?}: the server neither served nor exited"));
    }
    eprintln!(
        "{trials} damaged copies of stores of {} events, half of them opened once more: {} served whole ({} of them answering DATA_LOSS \
         for a read that met the damage); refused with exit code {EXIT_DAMAGED_STORE}: {} holding less \
         than the mark, {} as damaged (sled found its files damaged, or a record failed its check), {} where sled \
         panicked, {} other",
        want.events.iter().map(Vec::len).sum::<usize>(),
        out.whole,
        out.data_loss,
        out.short_of_mark,
        out.record,
        out.sled_panic,
        out.other_refusal
    );
}

/// `hexfold` with `args`, its exit code, and its stdout followed by its stderr.
async fn run_cli(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .expect("run hexfold");
    let mut text = String::from_utf8(output.stdout).unwrap();
    text.push_str(&String::from_utf8(output.stderr).unwrap());
    (output.status.code(), text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_names_the_damage_and_salvage_copies_what_is_intact() {
    let base = tempfile::tempdir().unwrap();
    let (ids, want) = write_store(base.path()).await;
    // A copy cut in half below, taken first: opening a store (`check` too) lets sled rewrite its own files.
    let copy = tempfile::tempdir().unwrap();
    support::copy_dir(base.path(), copy.path());
    let (code, out) = run_cli(&["check".as_ref(), base.path().as_os_str()]).await;
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("3 games") && out.ends_with("\nintact\n"),
        "{out}"
    );

    // Cut in half: sled recovers an older prefix, which the server refuses.
    let db = copy.path().join("db");
    let len = std::fs::metadata(&db).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&db)
        .unwrap()
        .set_len(len / 2)
        .unwrap();
    let (code, out) = run_cli(&["check".as_ref(), copy.path().as_os_str()]).await;
    assert_eq!(code, Some(EXIT_DAMAGED_STORE), "{out}");
    assert!(out.contains("damaged: the high-water mark says"), "{out}");

    let target = tempfile::tempdir().unwrap();
    let salvaged = target.path().join("salvaged");
    let (code, out) = run_cli(&[
        "salvage".as_ref(),
        copy.path().as_os_str(),
        salvaged.as_os_str(),
    ])
    .await;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("copied "), "{out}");
    let (code, out) = run_cli(&["check".as_ref(), salvaged.as_os_str()]).await;
    assert_eq!(code, Some(0), "{out}");

    // What the salvaged store serves of each game is the start of its history (global positions aside), or
    // nothing.
    let server = support::start(&salvaged).await;
    let mut client = server.client().await;
    let mut kept = 0;
    for (id, want) in ids.iter().zip(&want.events) {
        let request = pb::ReadEventsRequest {
            game_id: id.clone(),
            ..Default::default()
        };
        let mut stream = match client.read_events(request).await {
            Ok(r) => r.into_inner(),
            Err(s) if s.code() == Code::NotFound => continue,
            Err(s) => panic!("{s:?}"),
        };
        let mut got = Vec::new();
        while let Some(event) = stream.message().await.unwrap() {
            got.push(event);
        }
        // Global positions are renumbered by the copy (documented); everything else is the same.
        let strip = |events: &[pb::EventEnvelope]| -> Vec<pb::EventEnvelope> {
            events
                .iter()
                .map(|e| pb::EventEnvelope {
                    global_position: 0,
                    ..e.clone()
                })
                .collect()
        };
        assert!(
            got.len() <= want.len() && strip(&got) == strip(&want[..got.len()]),
            "{id}: the salvaged events are not the start of the original ones"
        );
        kept += got.len();
    }
    server.stop().await;
    assert!(kept > 0, "half the store holds some events");
}

/// A disk that fills under a running server, for real: the server runs with a file size limit (`ulimit -f`,
/// SIGXFSZ ignored, so a write past it fails with EFBIG as one past a full disk fails with ENOSPC). Commands
/// then answer UNAVAILABLE naming the full disk, never INTERNAL; health says NOT_SERVING; and after a restart
/// with room again every acknowledged command is there. (A disk short of the store's free-space reserve,
/// which the store recovers from without a restart, is tested in the sled crate.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_is_unavailable_and_not_serving_and_loses_nothing_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    // A store with its files created, so that the limit only stops their growth.
    support::start(dir.path()).await.stop().await;
    let size: u64 = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .max()
        .unwrap();
    let mut child = tokio::process::Command::new("bash")
        .arg("-c")
        .arg(
            r#"trap '' XFSZ; ulimit -f "$2"; exec "$0" serve --listen 127.0.0.1:0 --data-dir "$1""#,
        )
        .arg(env!("CARGO_BIN_EXE_hexfold"))
        .arg(dir.path())
        // `ulimit -f` counts KiB blocks in bash. sled writes its log in segments of 512 KiB, and must be able to
        // start the one after the last at open; then the largest file may grow by about two more.
        .arg(((size / 1024).max(512) + 1024).to_string())
        .env_remove("HEXFOLD_LISTEN")
        .env_remove("HEXFOLD_DATA_DIR")
        .env_remove("HEXFOLD_STORE")
        .env("RUST_LOG", "off")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn bash");
    let mut stdout = child.stdout.take().unwrap();
    let addr = address_line(&mut stdout).await.expect("the server listens");

    let mut rng = StdRng::seed_from_u64(7);
    let mut acked: Vec<(String, u64)> = Vec::new();
    let refused = 'play: loop {
        let mut table = Table::new(addr, 3).await;
        loop {
            match table.try_step(&mut rng).await {
                Ok(Some(step)) => acked.push((table.game_id.clone(), step.response.version)),
                Ok(None) => break,
                Err(status) => break 'play status,
            }
        }
        assert!(
            acked.len() < 50_000,
            "the file size limit never stopped a write"
        );
    };
    assert_eq!(refused.code(), Code::Unavailable, "{refused:?}");
    assert!(refused.message().contains("full"), "{refused:?}");
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .unwrap()
        .connect()
        .await
        .unwrap();
    // The health service learns of the full disk from the store's writable flag, on a task of its own, so it may
    // answer a moment after the refused command: watch it (its first answer is the current status) until it says
    // NOT_SERVING, or fail if it does not within the deadline.
    let mut statuses = HealthClient::new(channel)
        .watch(HealthCheckRequest {
            service: "hexfold.v1.Hexfold".into(),
        })
        .await
        .unwrap()
        .into_inner();
    let not_serving = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(health) = statuses.message().await.unwrap() {
            if health.status() == ServingStatus::NotServing {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(not_serving, Ok(true), "health never said NOT_SERVING");
    child.start_kill().unwrap();
    child.wait().await.unwrap();

    let server = support::start(dir.path()).await;
    let mut client = server.client().await;
    for (game_id, version) in &acked {
        let state = client
            .get_state(pb::GetStateRequest {
                game_id: game_id.clone(),
                at_version: None,
            })
            .await
            .unwrap()
            .into_inner();
        assert!(
            state.version >= *version,
            "{game_id}: acknowledged {version}, holds {}",
            state.version
        );
    }
    server.stop().await;
    eprintln!(
        "{} commands acknowledged before the disk was full",
        acked.len()
    );
}

/// Where [`one_damaged_game_hides_no_other_and_stops_no_bots`] keeps its games.
enum Backend {
    Sled,
    /// The database's URL and the statement that damages the game named `$1`.
    Postgres(String, &'static str),
}

/// One game's stored records damaged while the server is stopped (sled: its meta record cut by a byte;
/// PostgreSQL: the statement given, such as its head raised by one or an event row deleted), beside games of people and a game of bots. The server started again
/// (the binary, with its metrics) resumes the bots' game, logs the damaged game at `warn` and counts it;
/// `ListGames`, paged as a client does, lists every other game and names the damaged one with DATA_LOSS
/// `GameDamaged`; `hexfold list` shows it as `DAMAGED` and fails; its own reads are DATA_LOSS.
async fn one_damaged_game_hides_no_other_and_stops_no_bots(backend: Backend) {
    use tonic_types::StatusExt as _;
    let dir = tempfile::tempdir().unwrap();
    let config = || match &backend {
        Backend::Sled => support::config(dir.path()),
        Backend::Postgres(url, _) => hexfold::server::Config {
            postgres: Some(hexfold_postgres::PgConfig::new(url.clone())),
            ..support::config(&dir.path().join("unused"))
        },
    };
    let server = support::start_with(config()).await;
    let mut rng = StdRng::seed_from_u64(34);
    let mut ids = Vec::new();
    for _ in 0..4 {
        let mut table = Table::new(server.addr, 3).await;
        for _ in 0..6 {
            table.step(&mut rng).await;
        }
        ids.push(table.game_id.clone());
    }
    let bots: Vec<_> = (0..4).map(|s| (s, pb::BotStrategy::Greedy)).collect();
    let request = support::game_request(
        pb::Variant::Catan,
        4,
        support::variant_options(pb::Variant::Catan),
        &bots,
    );
    let (bots_game, _) = Table::create_from(server.addr, request).await;
    let bots_id = bots_game.game_id.clone();
    server.stop().await;
    // Ids are random, so the damaged game falls anywhere in the order among the others.
    let damaged = ids[1].clone();
    ids.push(bots_id.clone());

    let mut args: Vec<std::ffi::OsString> = vec!["--metrics-listen".into(), "127.0.0.1:0".into()];
    match &backend {
        Backend::Sled => {
            // The stopped server's last tasks (its bots' drivers) may hold the store a moment longer.
            let deadline = std::time::Instant::now() + Duration::from_secs(20);
            let db = loop {
                match sled::open(dir.path()) {
                    Err(sled::Error::Io(e))
                        if e.to_string().contains("could not acquire lock")
                            && std::time::Instant::now() < deadline =>
                    {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    other => break other.expect("open the stopped server's sled files"),
                }
            };
            // The meta record of a stream: `M` and its name (crates/hexfold-store/src/codec.rs).
            let key = [b"M".as_slice(), damaged.as_bytes()].concat();
            let mut value = db.get(&key).unwrap().expect("the game's meta").to_vec();
            value.truncate(value.len() - 1);
            db.insert(key, value).unwrap();
            db.flush().unwrap();
            drop(db);
            args.extend(["--data-dir".into(), dir.path().into()]);
        }
        Backend::Postgres(url, sql) => {
            let (db, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
                .await
                .unwrap();
            let connection = tokio::spawn(connection);
            assert_eq!(db.execute(*sql, &[&damaged.as_bytes()]).await.unwrap(), 1);
            drop(db);
            connection.await.unwrap().unwrap();
            let unused = dir.path().join("unused");
            args.extend([
                "--store".into(),
                url.into(),
                "--data-dir".into(),
                unused.into(),
            ]);
        }
    }
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let (mut child, addr, metrics, _stdout) =
        crate::ops::serve(&args, std::process::Stdio::piped()).await;
    let metrics = metrics.expect("a metrics address");

    // The start's scan goes past the damaged game, names it at `warn`, and resumes the bots' game.
    let mut log = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let mut warned = None;
    loop {
        let line = log
            .next_line()
            .await
            .unwrap()
            .expect("the server logs the bots it resumed");
        if line.contains("WARN") && line.contains(&damaged) {
            warned = Some(line.clone());
        }
        if line.contains("bot drivers resumed") {
            assert!(line.contains("games=1"), "{line}");
            break;
        }
    }
    let warned = warned.expect("a warning naming the damaged game");
    assert!(
        warned.contains("damaged") || warned.contains("corrupt"),
        "{warned}"
    );
    let (status, page) = crate::ops::get(metrics, "/metrics").await;
    assert_eq!(status, 200);
    let series = "hexfold_resume_damaged_games_total{variant=\"catan\"}";
    assert_eq!(crate::ops::value(&page, series), Some(1.0), "{page}");
    // Its bots play on: a live event of the game after its head.
    let mut client = support::connect(addr).await;
    let head = client
        .get_state(pb::GetStateRequest {
            game_id: bots_id.clone(),
            at_version: None,
        })
        .await
        .unwrap()
        .into_inner()
        .version;
    let mut stream = client
        .subscribe(pb::SubscribeRequest {
            game_id: bots_id.clone(),
            after_version: head,
        })
        .await
        .unwrap()
        .into_inner();
    loop {
        let item = stream.message().await.unwrap().expect("the bots play on");
        if let Some(pb::subscribe_response::Item::Event(e)) = item.item {
            assert!(e.version > head);
            break;
        }
    }

    // ListGames, paged as a client does: every other game listed, the damaged one named, once.
    for page_size in [0, 2] {
        let (mut listed, mut named, mut token) = (Vec::new(), Vec::new(), String::new());
        for _ in 0..20 {
            let request = pb::ListGamesRequest {
                page_size,
                page_token: token.clone(),
            };
            match client.list_games(request).await {
                Ok(page) => {
                    let page = page.into_inner();
                    listed.extend(page.games.into_iter().map(|g| g.game_id));
                    if page.next_page_token.is_empty() {
                        break;
                    }
                    token = page.next_page_token;
                }
                Err(status) => {
                    assert_eq!(status.code(), Code::DataLoss, "{status:?}");
                    let info = status.get_details_error_info().expect("an ErrorInfo");
                    assert_eq!(info.reason, "GameDamaged");
                    token = info.metadata["game_id"].clone();
                    assert!(status.message().contains(&token), "{status:?}");
                    named.push(token.clone());
                }
            }
        }
        let mut others: Vec<String> = ids.iter().filter(|id| **id != damaged).cloned().collect();
        others.sort();
        assert_eq!(listed, others, "page size {page_size}");
        assert_eq!(
            named,
            std::slice::from_ref(&damaged),
            "page size {page_size}"
        );
    }
    let state = client
        .get_state(pb::GetStateRequest {
            game_id: damaged.clone(),
            at_version: None,
        })
        .await
        .unwrap_err();
    assert_eq!(state.code(), Code::DataLoss, "{state:?}");

    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["list", "--server", &format!("http://{addr}")])
        .env_remove("HEXFOLD_TOKEN")
        .output()
        .await
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(!output.status.success(), "{stdout}");
    assert_eq!(stdout.lines().count(), ids.len() + 1, "{stdout}");
    let row = stdout.lines().find(|l| l.starts_with(&damaged)).unwrap();
    assert!(row.contains("DAMAGED"), "{stdout}");
    assert!(
        stderr.contains("1 damaged game") && stderr.contains(&damaged),
        "{stderr}"
    );
    child.start_kill().unwrap();
    child.wait().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_damaged_game_on_sled_hides_no_other_and_stops_no_bots() {
    one_damaged_game_hides_no_other_and_stops_no_bots(Backend::Sled).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_damaged_game_on_postgres_hides_no_other_and_stops_no_bots() {
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let raised = "UPDATE hexfold.streams SET head = head + 1 WHERE name = $1";
    one_damaged_game_hides_no_other_and_stops_no_bots(Backend::Postgres(url, raised)).await;
}

/// An event row deleted in the middle of a game's sealed stream (issue 29): the head counts the rows against
/// itself, so the game is refused as DATA_LOSS on every read, passed and counted by the start's resume scan and
/// named damaged by `ListGames`, never listed or served as whole. The stream-level case where the row lies before
/// the newest snapshot is `a_row_gone_before_the_newest_snapshot_makes_the_head_corrupt` in the PostgreSQL
/// crate's tests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_event_row_on_postgres_hides_no_other_and_stops_no_bots() {
    let url = hexfold_postgres::test_support::cluster()
        .create_database()
        .await;
    let deleted = "DELETE FROM hexfold.events WHERE stream = $1 AND version = 2";
    one_damaged_game_hides_no_other_and_stops_no_bots(Backend::Postgres(url, deleted)).await;
}

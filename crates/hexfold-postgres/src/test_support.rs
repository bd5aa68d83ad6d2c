//! A throw-away PostgreSQL cluster for tests: [`cluster`] starts one per test process (the first call
//! starts it, later calls share it), and [`Cluster::create_database`] gives each test a fresh database.
//!
//! The cluster lives in a temporary directory (`hexfold-pg-*` under the system's temp dir): `initdb` with
//! trust authentication, then `postgres` listening only on a unix socket in that directory, so no port
//! is taken and nothing outside the machine can connect. PostgreSQL refuses to run as root, so when the
//! tests run as root (as CI does) the directory is given to `nobody` and both programs run as `nobody`
//! through `setpriv`. Readiness is a connection that succeeds, polled until a deadline.
//!
//! The cluster dies with the test process, however that ends: `postgres` is started through `setpriv
//! --pdeathsig INT` from a thread that exits only after the postmaster has, so when the process exits or
//! is killed, the kernel sends the postmaster SIGINT (a fast shutdown: clients cut, shared memory
//! released) and its backends follow it. [`PrivateCluster`] is one test's own cluster, which it may stop
//! (`pg_ctl stop -m fast`) and start again on the same data. Rust runs no destructor for statics at exit, so the directory itself is left behind and
//! removed by the next start's sweep, which deletes every `hexfold-pg-*` directory whose owning test
//! process is gone (killing a postmaster still running in it).
//!
//! The binaries come from `$HEXFOLD_PG_BIN` if set, else from `PATH`, else from the newest
//! `/usr/lib/postgresql/<version>/bin` (where Debian's `postgresql` package puts them). Without them
//! [`cluster`] panics, naming the package to install.

use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The name of the socket's "port": the socket is `<dir>/.s.PGSQL.5432`, private to the cluster.
const PORT: u16 = 5432;
/// How long the cluster may take to accept its first connection.
const READY_WITHIN: Duration = Duration::from_secs(60);
/// The prefix of every cluster directory, which the sweep looks for.
const DIR_PREFIX: &str = "hexfold-pg-";

/// A running throw-away cluster.
#[derive(Debug)]
pub struct Cluster {
    /// The cluster's directory: `data/`, the socket, `owner` (the test process's id) and the logs.
    dir: PathBuf,
    databases: AtomicU64,
    bin: PathBuf,
    user: Option<(u32, u32)>,
}

/// A cluster of one test's own, which it may stop and start again (the shared one of [`cluster`] serves
/// every test of the process, so none may stop it). It stops with the test process like the shared one.
#[derive(Debug)]
pub struct PrivateCluster {
    cluster: Cluster,
    /// Answers once the running postmaster has exited (its thread reaps it).
    exited: Option<std::sync::mpsc::Receiver<()>>,
}

impl PrivateCluster {
    /// Starts a cluster of its own, in a directory of its own.
    pub fn start() -> PrivateCluster {
        let started = (|| {
            sweep_stale_clusters();
            let bin = postgres_bin()?;
            let (dir, user) = init(&bin)?;
            let exited = launch(&bin, &dir, user)?;
            Ok::<_, String>(PrivateCluster {
                cluster: Cluster {
                    dir,
                    databases: AtomicU64::new(0),
                    bin,
                    user,
                },
                exited: Some(exited),
            })
        })();
        started.unwrap_or_else(|e| panic!("cannot start a private PostgreSQL cluster: {e}"))
    }

    /// The cluster, to create databases on.
    pub fn cluster(&self) -> &Cluster {
        &self.cluster
    }

    /// Stops the postmaster as `pg_ctl stop -m fast` does (clients cut, committed data kept) and returns
    /// once it has exited. Blocking: call it from `spawn_blocking` in async code.
    pub fn stop(&mut self) {
        let Some(exited) = self.exited.take() else {
            return;
        };
        let status = command(&self.cluster.bin.join("pg_ctl"), self.cluster.user, None)
            .args(["stop", "-m", "fast", "-w", "-D"])
            .arg(self.cluster.dir.join("data"))
            .current_dir(&self.cluster.dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("run pg_ctl");
        assert!(status.success(), "pg_ctl stop failed: {status}");
        let _ = exited.recv();
    }

    /// Starts the postmaster again on the same data and returns once it accepts connections. Blocking, like
    /// [`stop`](Self::stop).
    pub fn restart(&mut self) {
        assert!(self.exited.is_none(), "the cluster is running");
        let exited = launch(&self.cluster.bin, &self.cluster.dir, self.cluster.user)
            .unwrap_or_else(|e| panic!("cannot start the private cluster again: {e}"));
        self.exited = Some(exited);
    }
}

/// The test process's cluster, started on first use.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(|| match Cluster::start() {
        Ok(cluster) => cluster,
        Err(e) => panic!("cannot start the test PostgreSQL cluster: {e}"),
    })
}

impl Cluster {
    /// A URL for `database` on this cluster, over its unix socket.
    pub fn url(&self, database: &str) -> String {
        format!(
            "postgres://postgres@/{database}?host={}&port={PORT}",
            self.dir.display()
        )
    }

    /// Creates an empty database of its own for one test and returns its URL.
    pub async fn create_database(&self) -> String {
        let n = self.databases.fetch_add(1, Ordering::Relaxed);
        let name = format!("test_{n}");
        let (client, connection) =
            tokio_postgres::connect(&self.url("postgres"), tokio_postgres::NoTls)
                .await
                .expect("connect to the test cluster");
        let task = tokio::spawn(connection);
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("create a test database");
        drop(client);
        let _ = task.await;
        self.url(&name)
    }

    fn start() -> Result<Cluster, String> {
        sweep_stale_clusters();
        let bin = postgres_bin()?;
        let (dir, user) = init(&bin)?;
        // The postmaster runs as long as the test process: nobody stops the shared cluster.
        let exited = launch(&bin, &dir, user)?;
        std::mem::forget(exited);
        Ok(Cluster {
            dir,
            databases: AtomicU64::new(0),
            bin,
            user,
        })
    }
}

/// The directory holding `initdb` and `postgres`.
fn postgres_bin() -> Result<PathBuf, String> {
    let has_both = |dir: &Path| dir.join("initdb").is_file() && dir.join("postgres").is_file();
    if let Some(dir) = std::env::var_os("HEXFOLD_PG_BIN") {
        let dir = PathBuf::from(dir);
        return if has_both(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "HEXFOLD_PG_BIN={} has no initdb and postgres",
                dir.display()
            ))
        };
    }
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    if let Some(dir) = on_path.into_iter().find(|d| has_both(d)) {
        return Ok(dir);
    }
    // Debian's layout: /usr/lib/postgresql/<major>/bin, the newest major first.
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let major = e.file_name().to_str()?.parse().ok()?;
            Some((major, e.path().join("bin")))
        })
        .filter(|(_, bin)| has_both(bin))
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).ok_or_else(|| {
        "no initdb and postgres on PATH or under /usr/lib/postgresql: install Debian's `postgresql` \
         package (`apt-get install postgresql`; cargo xtask test does), or set HEXFOLD_PG_BIN"
            .to_string()
    })
}

/// The user and group PostgreSQL runs as when the tests run as root.
fn unprivileged() -> Result<Option<(u32, u32)>, String> {
    let me = std::fs::metadata("/proc/self").map_err(|e| format!("/proc/self: {e}"))?;
    if me.uid() != 0 {
        return Ok(None);
    }
    let id = |flag: &str| -> Result<u32, String> {
        let out = Command::new("id")
            .args([flag, "nobody"])
            .output()
            .map_err(|e| format!("id {flag} nobody: {e}"))?;
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .map_err(|_| format!("id {flag} nobody: no number"))
    };
    Ok(Some((id("-u")?, id("-g")?)))
}

/// `program` run through setpriv: as `user` when given, with `pdeathsig` when given.
fn command(program: &Path, user: Option<(u32, u32)>, pdeathsig: Option<&str>) -> Command {
    let mut setpriv = Command::new("setpriv");
    if let Some(signal) = pdeathsig {
        setpriv.arg(format!("--pdeathsig={signal}"));
    }
    if let Some((uid, gid)) = user {
        setpriv.args([
            format!("--reuid={uid}"),
            format!("--regid={gid}"),
            "--clear-groups".into(),
        ]);
    }
    setpriv.arg(program);
    setpriv
}

/// Creates the cluster's directory and runs initdb in it; returns the directory and the user PostgreSQL
/// runs as.
fn init(bin: &Path) -> Result<(PathBuf, Option<(u32, u32)>), String> {
    let dir = tempfile::Builder::new()
        .prefix(DIR_PREFIX)
        .tempdir()
        .map_err(|e| format!("cannot create the cluster's directory: {e}"))?
        .keep();
    std::fs::write(dir.join("owner"), std::process::id().to_string())
        .map_err(|e| format!("cannot write the owner file: {e}"))?;
    let user = unprivileged()?;
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
            .map_err(|e| format!("cannot give the cluster's directory to nobody: {e}"))?;
    }
    let data = dir.join("data");

    let initdb_log = log(&dir, "initdb.log")?;
    let status = command(&bin.join("initdb"), user, None)
        .arg("--pgdata")
        .arg(&data)
        .args([
            "--username=postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            // The data directory is thrown away with the test run: initdb need not fsync it. The server
            // itself runs with fsync and synchronous_commit on, as in production.
            "--no-sync",
        ])
        .current_dir(&dir)
        .stdout(initdb_log.try_clone().map_err(|e| e.to_string())?)
        .stderr(initdb_log)
        .status()
        .map_err(|e| format!("cannot run setpriv/initdb: {e}"))?;
    if !status.success() {
        return Err(format!(
            "initdb failed ({status}): {}",
            tail(&dir.join("initdb.log"))
        ));
    }

    Ok((dir, user))
}

/// Creates a log file of the cluster.
fn log(dir: &Path, name: &str) -> Result<std::fs::File, String> {
    std::fs::File::create(dir.join(name)).map_err(|e| format!("cannot create {name}: {e}"))
}

/// Starts postgres on the cluster in `dir` from a thread of its own and waits until it accepts a connection.
/// The postmaster's parent-death signal fires when that thread ends, and the thread ends only once the
/// postmaster has exited (it waits for it), so the postmaster lives until it is stopped or the test process
/// ends. The receiver answers once it has exited.
fn launch(
    bin: &Path,
    dir: &Path,
    user: Option<(u32, u32)>,
) -> Result<std::sync::mpsc::Receiver<()>, String> {
    let (sender, started) = std::sync::mpsc::channel();
    let (exited_tx, exited) = std::sync::mpsc::channel();
    let (bin_owned, dir_owned) = (bin.to_path_buf(), dir.to_path_buf());
    std::thread::Builder::new()
        .name("postgres-test-cluster".into())
        .spawn(move || {
            let mut child = match spawn_postgres(&bin_owned, &dir_owned, user) {
                Ok(child) => child,
                Err(e) => return drop(sender.send(Err(e))),
            };
            // Ready is polled here, outside any runtime the caller may be on.
            let ready = wait_ready(&dir_url(&dir_owned), &dir_owned, &mut child);
            if ready.is_err() {
                let _ = child.kill();
            }
            let _ = sender.send(ready);
            let _ = child.wait();
            let _ = exited_tx.send(());
        })
        .map_err(|e| format!("cannot start the cluster's thread: {e}"))?;
    started
        .recv()
        .map_err(|_| "the cluster's thread died".to_string())??;
    Ok(exited)
}

/// The maintenance database's URL, with a short connect timeout for the readiness poll.
fn dir_url(dir: &Path) -> String {
    format!(
        "postgres://postgres@/postgres?host={}&port={PORT}&connect_timeout=2",
        dir.display()
    )
}

/// Starts the postmaster on the cluster in `dir`.
fn spawn_postgres(bin: &Path, dir: &Path, user: Option<(u32, u32)>) -> Result<Child, String> {
    let data = dir.join("data");
    let postgres_log = log(dir, "postgres.log")?;
    command(&bin.join("postgres"), user, Some("INT"))
        .arg("-D")
        .arg(&data)
        .arg("-k")
        .arg(dir)
        .args([
            "-p",
            &PORT.to_string(),
            "-c",
            "listen_addresses=",
            "-c",
            "max_connections=400",
            "-c",
            "fsync=on",
            "-c",
            "synchronous_commit=on",
        ])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(postgres_log.try_clone().map_err(|e| e.to_string())?)
        .stderr(postgres_log)
        .spawn()
        .map_err(|e| format!("cannot start postgres: {e}"))
}

/// Polls until the cluster accepts a connection, failing if the postmaster exits first or the deadline
/// passes.
fn wait_ready(url: &str, dir: &Path, child: &mut Child) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot build a runtime: {e}"))?;
    let deadline = Instant::now() + READY_WITHIN;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!(
                "postgres exited at start ({status}): {}",
                tail(&dir.join("postgres.log"))
            ));
        }
        let connected = runtime.block_on(async {
            let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
            let task = tokio::spawn(connection);
            client.simple_query("SELECT 1").await?;
            drop(client);
            let _ = task.await;
            Ok::<_, tokio_postgres::Error>(())
        });
        match connected {
            Ok(()) => return Ok(()),
            Err(_) if Instant::now() < deadline => {
                // Polling for readiness: the socket appears, then the server leaves recovery.
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                return Err(format!(
                    "postgres was not ready within {READY_WITHIN:?} ({e}): {}",
                    tail(&dir.join("postgres.log"))
                ));
            }
        }
    }
}

/// The end of a log, for an error message.
fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(15)..].join("\n")
}

fn process_alive(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Removes the cluster directories of test processes that are gone, stopping any postmaster still
/// running in one.
fn sweep_stale_clusters() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with(DIR_PREFIX) {
            continue;
        }
        let dir = entry.path();
        let owner = std::fs::read_to_string(dir.join("owner"))
            .ok()
            .and_then(|s| s.trim().parse::<u32>().ok());
        match owner {
            Some(pid) if process_alive(pid) => continue,
            Some(_) => {}
            // A directory whose owner file is missing is either being set up this instant or was
            // abandoned before it was written: only an old one is removed.
            None => {
                let young = entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_none_or(|age| age < Duration::from_secs(600));
                if young {
                    continue;
                }
            }
        }
        let postmaster = std::fs::read_to_string(dir.join("data/postmaster.pid"))
            .ok()
            .and_then(|s| s.lines().next()?.trim().parse::<u32>().ok());
        let is_postgres = |pid: u32| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|c| c.trim() == "postgres")
        };
        if let Some(pid) = postmaster.filter(|&pid| is_postgres(pid)) {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! The operator's subcommands that move games between stores: `hexfold export` writes games from a running
//! server as JSON lines (the `ExportGames` call; the format is `crate::export`'s), `hexfold import` loads such a
//! file into an empty store (a sled directory or a PostgreSQL database, with no server on it), and `hexfold backup
//! DIR` does both at once: a consistent copy of every game of a running server into a new sled directory, which a
//! server can serve as it is.

use super::{connect, rpc, with_token, ServerArgs};
use crate::export::{self, Imported};
use crate::proto::v1 as pb;
use crate::store::{open_store, StoreAt};
use anyhow::{bail, Context as _};
use clap::{Args, Subcommand};
use hexfold_store::EventStore;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

/// The largest message the client takes from `ExportGames`: the server sends about 256 KiB of lines at a time,
/// but one append (up to the store's 4 MiB) travels whole.
const MAX_EXPORT_MESSAGE: usize = 64 << 20;

/// The subcommands, flattened into the binary's top-level command.
#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// Write a game, or every game, from a running server as JSON lines. Finished games are public; games in
    /// progress need the operator token.
    Export(ExportArgs),
    /// Load an export into an empty store (a sled directory or a PostgreSQL database no server is using),
    /// checking every line: every command is decided again and must give its recorded events.
    Import(ImportArgs),
    /// Copy every game of a running server, as of the moment it starts, into a new sled data directory that
    /// `hexfold serve --data-dir DIR` serves as it is. Needs the operator token.
    #[cfg(feature = "sled")]
    Backup(BackupArgs),
}

/// The operator token, for games in progress.
#[derive(Debug, Clone, Args)]
pub struct OperatorTokenArgs {
    /// The server's operator token (its `--operator-token`). Without it only finished games are exported.
    #[arg(long, env = "HEXFOLD_OPERATOR_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub token: OperatorTokenArgs,
    /// The game to export; every game when absent (without the token, every finished game).
    pub game: Option<String>,
    /// Write into this file instead of standard output.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

/// Where an import writes: a sled directory or a PostgreSQL database.
#[derive(Debug, Clone, Args)]
#[group(required = true, multiple = false)]
pub struct TargetArgs {
    /// A sled data directory (new, or holding an empty store) to serve with `hexfold serve --data-dir`.
    #[cfg(feature = "sled")]
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// A PostgreSQL database holding no games, as `hexfold serve --store` takes it.
    #[cfg(feature = "postgres")]
    #[arg(long = "store", value_name = "postgres://…", value_parser = crate::server::postgres_url)]
    pub store: Option<String>,
}

impl TargetArgs {
    /// The store the flags name (clap requires exactly one). A sled directory acknowledges each append once
    /// sled has flushed it (`Durability::Flush`): an import stands or falls as a whole, so a crash midway costs
    /// nothing but a new import, and [`sync_tree`] makes the finished store survive a power loss too.
    fn store_at(&self) -> anyhow::Result<StoreAt> {
        #[cfg(feature = "sled")]
        if let Some(dir) = &self.data_dir {
            return Ok(sled_at(dir));
        }
        #[cfg(feature = "postgres")]
        if let Some(url) = &self.store {
            return Ok(StoreAt::Postgres(crate::store::PgConfig::new(url.as_str())));
        }
        bail!("name the store to import into: --data-dir DIR or --store postgres://…")
    }
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The export to load (`-` for standard input).
    pub file: PathBuf,
    #[command(flatten)]
    pub target: TargetArgs,
}

#[derive(Debug, Args)]
#[cfg(feature = "sled")]
pub struct BackupArgs {
    #[command(flatten)]
    pub server: ServerArgs,
    #[command(flatten)]
    pub token: OperatorTokenArgs,
    /// The new data directory (it must not exist, or be empty).
    pub dir: PathBuf,
}

pub async fn run(command: ExportCommand) -> anyhow::Result<()> {
    match command {
        ExportCommand::Export(args) => export(args).await,
        ExportCommand::Import(args) => import(args).await,
        #[cfg(feature = "sled")]
        ExportCommand::Backup(args) => backup(args).await,
    }
}

/// Starts an `ExportGames` stream; returns the position it is as of and the stream.
async fn start_export(
    server: &ServerArgs,
    token: Option<&str>,
    game: Option<String>,
) -> anyhow::Result<(u64, tonic::Streaming<pb::ExportGamesResponse>)> {
    let mut client = connect(server)
        .await?
        .max_decoding_message_size(MAX_EXPORT_MESSAGE);
    let request = pb::ExportGamesRequest {
        game_id: game.unwrap_or_default(),
    };
    let mut stream = client
        .export_games(with_token(request, token)?)
        .await
        .map_err(rpc("ExportGames"))?
        .into_inner();
    let first = stream
        .message()
        .await
        .map_err(rpc("ExportGames"))?
        .context("the export ended before it began")?;
    Ok((first.as_of_position, stream))
}

/// The lines of an `ExportGames` stream, as `export::import` reads them.
#[cfg(feature = "sled")]
fn stream_lines(
    stream: tonic::Streaming<pb::ExportGamesResponse>,
) -> impl futures::Stream<Item = Result<String, export::ImportError>> + Unpin {
    use futures::StreamExt as _;
    stream
        .map(|message| match message {
            Ok(message) => futures::stream::iter(message.lines.into_iter().map(Ok)).left_stream(),
            Err(status) => {
                let failed = super::RpcError {
                    call: "ExportGames",
                    status,
                };
                futures::stream::once(std::future::ready(Err(export::ImportError::Source(
                    failed.to_string(),
                ))))
                .right_stream()
            }
        })
        .flatten()
}

async fn export(args: ExportArgs) -> anyhow::Result<()> {
    let (as_of, mut stream) =
        start_export(&args.server, args.token.token.as_deref(), args.game).await?;
    let mut out: Box<dyn std::io::Write> = match &args.output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create {}", path.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let mut lines = 0u64;
    let mut last = None;
    while let Some(message) = stream.message().await.map_err(rpc("ExportGames"))? {
        for line in message.lines {
            out.write_all(line.as_bytes())?;
            out.write_all(b"\n")?;
            lines += 1;
            last = Some(line);
        }
    }
    out.flush()?;
    drop(out);
    // A server that stops while its client lags may end the stream without the status saying so: only the last
    // line tells a whole export.
    if !last.as_deref().is_some_and(export::is_export_end) {
        bail!("the export ended before its last line (the server stopped?): it is incomplete");
    }
    // On stderr: standard output may be the export itself.
    eprintln!("exported {lines} lines as of global position {as_of}");
    Ok(())
}

/// A sled store in `dir` for an import or a backup, acknowledging each append once sled has flushed it
/// (`Durability::Flush`); [`sync_tree`] makes the finished store survive a power loss. Syncing each append
/// instead costs an fsync per command, one at a time: importing 694 commands took 10.2, 13.4 and 10.8 s that way
/// against 0.25, 0.35 and 0.69 s like this (three alternating pairs, debug builds, this machine).
#[cfg(feature = "sled")]
fn sled_at(dir: &std::path::Path) -> StoreAt {
    StoreAt::Sled {
        dir: dir.to_path_buf(),
        durability: crate::store::Durability::Flush,
    }
}

/// Opens (or creates) the store at `at` for an import or a backup.
async fn open_target(at: &StoreAt) -> anyhow::Result<Arc<dyn EventStore>> {
    open_store(at)
        .await
        .with_context(|| format!("cannot open the store ({})", at.describe()))
}

/// fsyncs every file under `dir` and the directories themselves, so a finished import survives a power loss.
#[cfg(feature = "sled")]
fn sync_tree(dir: &std::path::Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            sync_tree(&entry.path())?;
        } else {
            std::fs::File::open(entry.path())?.sync_all()?;
        }
    }
    std::fs::File::open(dir)?.sync_all()
}

fn print_imported(done: &Imported) -> std::io::Result<()> {
    outln!(
        "imported {} games, {} commands, {} events",
        done.games,
        done.appends,
        done.events
    )
}

async fn import(args: ImportArgs) -> anyhow::Result<()> {
    let at = args.target.store_at()?;
    let store = open_target(&at).await?;
    let done = if args.file.as_os_str() == "-" {
        export::import(&*store, export::read_lines(std::io::stdin().lock())).await
    } else {
        let file = std::fs::File::open(&args.file)
            .with_context(|| format!("cannot open {}", args.file.display()))?;
        export::import(&*store, export::read_lines(std::io::BufReader::new(file))).await
    }
    .with_context(|| format!("cannot import {}", args.file.display()))?;
    // Closed first: sled writes its last buffers and the high-water mark as it closes.
    drop(store);
    // Irrefutable in a build with sled alone.
    #[cfg(feature = "sled")]
    #[allow(irrefutable_let_patterns)]
    if let StoreAt::Sled { dir, .. } = &at {
        sync_tree(dir).with_context(|| format!("cannot sync {}", dir.display()))?;
    }
    print_imported(&done)?;
    Ok(())
}

/// A backup is a sled directory: a build without sled has no `backup`.
#[cfg(feature = "sled")]
async fn backup(args: BackupArgs) -> anyhow::Result<()> {
    let Some(token) = args.token.token.as_deref() else {
        bail!("a backup holds the games in progress: it needs the operator token (--token or HEXFOLD_OPERATOR_TOKEN)");
    };
    if args.dir.exists()
        && std::fs::read_dir(&args.dir)
            .with_context(|| format!("cannot read {}", args.dir.display()))?
            .next()
            .is_some()
    {
        bail!(
            "{} is not empty: a backup goes into a new directory",
            args.dir.display()
        );
    }
    // Written beside the target and renamed into place once whole, so a directory under the target's name is
    // always a complete backup.
    let partial = partial_dir(&args.dir)?;
    if partial.exists() {
        bail!(
            "{} exists, left by a backup that did not finish: remove it first",
            partial.display()
        );
    }
    let (as_of, stream) = start_export(&args.server, Some(token), None).await?;
    let store = open_target(&sled_at(&partial)).await?;
    let done = export::import(&*store, stream_lines(stream))
        .await
        .with_context(|| format!("the backup into {} failed", partial.display()))?;
    drop(store);
    sync_tree(&partial).with_context(|| format!("cannot sync {}", partial.display()))?;
    std::fs::rename(&partial, &args.dir).with_context(|| {
        format!(
            "cannot rename {} to {}",
            partial.display(),
            args.dir.display()
        )
    })?;
    // The rename itself, in the parent directory.
    if let Some(parent) = args.dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::File::open(parent)
            .and_then(|d| d.sync_all())
            .with_context(|| format!("cannot sync {}", parent.display()))?;
    }
    outln!(
        "backed up {} games ({} commands, {} events) as of global position {as_of} into {}",
        done.games,
        done.appends,
        done.events,
        args.dir.display()
    )?;
    Ok(())
}

/// `DIR.partial` beside `DIR`.
#[cfg(feature = "sled")]
fn partial_dir(dir: &std::path::Path) -> anyhow::Result<PathBuf> {
    let name = dir
        .file_name()
        .with_context(|| format!("{} names no directory", dir.display()))?;
    let mut partial = name.to_os_string();
    partial.push(".partial");
    Ok(dir.with_file_name(partial))
}

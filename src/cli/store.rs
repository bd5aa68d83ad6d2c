//! The operator's subcommands for a sled data directory, run on the machine that holds it with the server
//! stopped: `hexfold check DIR` verifies every record and the high-water mark, `hexfold salvage DIR OUT`
//! copies what is intact into a new directory. `hexfold check --store postgres://...` verifies every row of a
//! PostgreSQL store, servers running or not. Unlike the client subcommands they read the store's files, not
//! the API: they are for a store the server refuses to serve.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use hexfold_store::{CheckReport, StoreConfig, StoreError};

/// The exit code of `hexfold serve` when it refuses a damaged store (a record that fails its check, a store
/// holding less than it acknowledged, sled panicking on its files), and of `hexfold check` when it finds
/// damage. Restarting does not help: the deploy unit's `RestartPreventExitStatus=` names it.
pub const EXIT_DAMAGED_STORE: u8 = 3;

/// The operator's subcommands, flattened into the binary's top-level command next to `serve`.
#[derive(Debug, Subcommand)]
pub enum StoreCommand {
    /// Verify a stopped server's sled data directory: every record's checksum and form, gapless versions per
    /// game and a gapless global order, and the high-water mark of what was acknowledged. With `--store
    /// postgres://...`, every row of a PostgreSQL store against its checksum or seal and against the others
    /// (servers may keep running). Exits 3 on damage.
    Check(CheckArgs),
    /// Copy what is intact in a damaged sled data directory into a new one: every game up to its first
    /// damaged or missing append, read through sled and by a raw scan of sled's log (which also reads files sled
    /// itself refuses). Serve the new directory once you have read the summary.
    Salvage(SalvageArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The data directory (`--data-dir` of `hexfold serve`).
    #[arg(required_unless_present = "store", conflicts_with = "store")]
    pub dir: Option<PathBuf>,
    /// A PostgreSQL store's URL (`--store` of `hexfold serve`) instead of a directory.
    #[arg(long, value_name = "postgres://…")]
    pub store: Option<String>,
}

#[derive(Debug, Args)]
pub struct SalvageArgs {
    /// The damaged data directory; only read (sled's recovery may rewrite its own files, so copy it first to
    /// keep the damaged bytes).
    pub dir: PathBuf,
    /// A new directory for the copy; it must not hold a store.
    pub out: PathBuf,
}

/// The process ends with [`EXIT_DAMAGED_STORE`] on this error.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct DamagedStore(pub String);

pub async fn run(command: StoreCommand) -> anyhow::Result<()> {
    match command {
        StoreCommand::Check(CheckArgs {
            store: Some(url), ..
        }) => check_postgres(&url).await,
        StoreCommand::Check(CheckArgs { dir: Some(dir), .. }) => check(dir),
        StoreCommand::Check(_) => anyhow::bail!("name a data directory or --store postgres://…"),
        StoreCommand::Salvage(args) => salvage(args).await,
    }
}

fn check(dir: PathBuf) -> anyhow::Result<()> {
    // Damage that keeps the store from being read at all (sled refusing or panicking) is damage too; a
    // directory that is not a store, or cannot be opened, is an ordinary failure.
    let report = hexfold_store::check(&dir).map_err(|e| match e {
        StoreError::Corrupt(_) => anyhow::Error::new(DamagedStore(format!(
            "cannot check: {e} (`hexfold salvage` can still read what is intact in sled's log)"
        ))),
        other => anyhow::anyhow!("cannot check {}: {other}", dir.display()),
    })?;
    print_report(&report)?;
    verdict(&report, &dir.display().to_string())
}

/// Checks a PostgreSQL store: every row, read without changing anything.
async fn check_postgres(url: &str) -> anyhow::Result<()> {
    let config = hexfold_postgres::PgConfig::new(url);
    let report = hexfold_postgres::check(&config)
        .await
        .map_err(|e| anyhow::anyhow!("cannot check {}: {e}", config.describe()))?;
    if let Some(version) = report.layout {
        outln!("schema version {version}")?;
    }
    print_counts(&report)?;
    print_problems(&report)?;
    verdict(&report, &config.describe())
}

/// "intact", or the error that exits with [`EXIT_DAMAGED_STORE`].
fn verdict(report: &CheckReport, store: &str) -> anyhow::Result<()> {
    if report.is_intact() {
        outln!("intact")?;
        Ok(())
    } else {
        Err(DamagedStore(format!(
            "{} problems found in {store}",
            report.problem_count
        ))
        .into())
    }
}

fn print_report(report: &CheckReport) -> std::io::Result<()> {
    match report.layout {
        Some(layout) => outln!("layout {layout}")?,
        None => outln!("no layout marker")?,
    }
    print_counts(report)?;
    if report.unchecked_records > 0 {
        outln!(
            "{} records written before checksums (checked for their form only)",
            report.unchecked_records
        )?;
    }
    match &report.mark {
        Some(mark) => match &mark.last {
            Some(last) => outln!(
                "acknowledged: global positions up to {}, the last write {} at version {}",
                mark.global,
                last.stream,
                last.version
            )?,
            None => outln!("acknowledged: global positions up to {}", mark.global)?,
        },
        None => outln!("no high-water mark")?,
    }
    print_problems(report)
}

fn print_counts(report: &CheckReport) -> std::io::Result<()> {
    outln!(
        "{} games, {} appends, {} events, global positions up to {}",
        report.streams,
        report.appends,
        report.events,
        report.last_global
    )
}

/// The problems, the first [`hexfold_store::MAX_LISTED_PROBLEMS`] one by one.
fn print_problems(report: &CheckReport) -> std::io::Result<()> {
    for problem in &report.problems {
        outln!("damaged: {problem}")?;
    }
    let unlisted = report.problem_count - report.problems.len() as u64;
    if unlisted > 0 {
        outln!("... and {unlisted} more")?;
    }
    Ok(())
}

async fn salvage(args: SalvageArgs) -> anyhow::Result<()> {
    let report = hexfold_store::salvage(&args.dir, &args.out, StoreConfig::default())
        .await
        .map_err(|e| anyhow::anyhow!("cannot salvage {}: {e}", args.dir.display()))?;
    match &report.sled_refused {
        Some(why) => {
            outln!("sled could not open the files ({why}); everything below comes from a raw scan")?
        }
        None => print_report(&report.check)?,
    }
    outln!(
        "raw scan of sled's log: {} messages read whole, {} bytes unreadable; {} games taken from it",
        report.raw_messages,
        report.raw_skipped_bytes,
        report.from_raw_scan.len()
    )?;
    outln!(
        "copied {} events: {} games whole, {} cut short, {} lost",
        report.events,
        report.whole,
        report.cut.len(),
        report.lost.len()
    )?;
    for (game, kept, claimed) in &report.cut {
        outln!("cut short: {game} kept versions 1..={kept} of {claimed}")?;
    }
    for game in &report.lost {
        outln!("lost: {game} (its creation record is damaged)")?;
    }
    outln!("wrote {}", args.out.display())?;
    Ok(())
}

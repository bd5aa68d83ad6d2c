//! The operator's subcommands for a sled data directory, run on the machine that holds it with the server
//! stopped: `hexfold check DIR` verifies every record and the high-water mark, `hexfold salvage DIR OUT`
//! copies what is intact into a new directory. `hexfold check --store postgres://...` verifies every row of a
//! PostgreSQL store, servers running or not. Unlike the client subcommands they read the store's files, not
//! the API: they are for a store the server refuses to serve.

use crate::store::StoreAt;
use clap::{Args, Subcommand};
use hexfold_store::CheckReport;

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
    #[cfg(feature = "sled")]
    Salvage(SalvageArgs),
}

#[derive(Debug, Args)]
#[group(required = true, multiple = false)]
pub struct CheckArgs {
    /// The data directory (`--data-dir` of `hexfold serve`).
    #[cfg(feature = "sled")]
    pub dir: Option<std::path::PathBuf>,
    /// A PostgreSQL store's URL (`--store` of `hexfold serve`) instead of a directory.
    #[cfg(feature = "postgres")]
    #[arg(long, value_name = "postgres://…", value_parser = crate::server::postgres_url)]
    pub store: Option<String>,
}

impl CheckArgs {
    /// The store to check, as the flags name it (clap requires exactly one).
    fn store_at(&self) -> anyhow::Result<StoreAt> {
        #[cfg(feature = "postgres")]
        if let Some(url) = &self.store {
            return Ok(StoreAt::Postgres(crate::store::PgConfig::new(url)));
        }
        #[cfg(feature = "sled")]
        if let Some(dir) = &self.dir {
            return Ok(StoreAt::Sled {
                dir: dir.clone(),
                durability: Default::default(),
            });
        }
        anyhow::bail!("name a data directory or --store postgres://…")
    }
}

#[derive(Debug, Args)]
#[cfg(feature = "sled")]
pub struct SalvageArgs {
    /// The damaged data directory; only read (sled's recovery may rewrite its own files, so copy it first to
    /// keep the damaged bytes).
    pub dir: std::path::PathBuf,
    /// A new directory for the copy; it must not hold a store.
    pub out: std::path::PathBuf,
}

/// The process ends with [`EXIT_DAMAGED_STORE`] on this error.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct DamagedStore(pub String);

pub async fn run(command: StoreCommand) -> anyhow::Result<()> {
    match command {
        StoreCommand::Check(args) => check(&args.store_at()?).await,
        #[cfg(feature = "sled")]
        StoreCommand::Salvage(args) => salvage(args).await,
    }
}

/// Checks every record of a stopped server's sled directory, or every row of a PostgreSQL store (read without
/// changing anything).
async fn check(at: &StoreAt) -> anyhow::Result<()> {
    let report = crate::store::check(at).await.map_err(|e| match (at, e) {
        // Damage that keeps sled's files from being read at all (sled refusing or panicking) is damage too; a
        // directory that is not a store, or cannot be opened, is an ordinary failure.
        #[cfg(feature = "sled")]
        (StoreAt::Sled { .. }, e @ hexfold_store::StoreError::Corrupt(_)) => {
            anyhow::Error::new(DamagedStore(format!(
                "cannot check: {e} (`hexfold salvage` can still read what is intact in sled's log)"
            )))
        }
        (_, e) => anyhow::anyhow!("cannot check {}: {e}", name(at)),
    })?;
    match at {
        #[cfg(feature = "sled")]
        StoreAt::Sled { .. } => print_report(&report)?,
        #[cfg(feature = "postgres")]
        StoreAt::Postgres(_) => {
            if let Some(version) = report.layout {
                outln!("schema version {version}")?;
            }
            print_counts(&report)?;
            print_problems(&report)?;
        }
    }
    verdict(&report, &name(at))
}

/// The directory, or the database without its password.
fn name(at: &StoreAt) -> String {
    match at {
        #[cfg(feature = "sled")]
        StoreAt::Sled { dir, .. } => dir.display().to_string(),
        #[cfg(feature = "postgres")]
        StoreAt::Postgres(config) => config.describe(),
    }
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

#[cfg(feature = "sled")]
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

#[cfg(feature = "sled")]
async fn salvage(args: SalvageArgs) -> anyhow::Result<()> {
    let report = crate::store::salvage(&args.dir, &args.out)
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

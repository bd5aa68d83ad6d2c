//! The one place that names a store backend. Everything else holds the store as `Arc<dyn EventStore>` from
//! [`open_store`] on: `hexfold serve`, `import` and `backup` open theirs here, `hexfold check` checks through
//! [`check`] and `hexfold salvage` (sled's alone) through [`salvage`].
//!
//! Each backend is a crate of its own behind a cargo feature of this crate: `sled` (`crates/hexfold-sled`) and
//! `postgres` (`crates/hexfold-postgres`), both on by default. A build with one of them compiles nothing of
//! the other (`cargo build --no-default-features --features postgres` has no sled in its `cargo tree`), and
//! a [`StoreAt`] can only name a backend the build has.

#[cfg(not(any(feature = "sled", feature = "postgres")))]
compile_error!(
    "hexfold needs a store: build it with the `sled` feature, the `postgres` feature, or both"
);

use std::sync::Arc;

use hexfold_store::{CheckReport, EventStore, StoreError};

#[cfg(feature = "postgres")]
pub use hexfold_postgres::PgConfig;
#[cfg(feature = "sled")]
pub use hexfold_sled::{Durability, SalvageReport};

/// Where a store keeps its events: a backend and what it needs to open them.
#[derive(Clone, Debug)]
pub enum StoreAt {
    /// A sled data directory (created if missing), acknowledging writes as `durability` says.
    #[cfg(feature = "sled")]
    Sled {
        dir: std::path::PathBuf,
        durability: Durability,
    },
    /// A PostgreSQL database (its tables created or migrated at open); several servers may share it.
    #[cfg(feature = "postgres")]
    Postgres(PgConfig),
}

impl StoreAt {
    /// The store for the logs and messages, without a password.
    pub fn describe(&self) -> String {
        match self {
            #[cfg(feature = "sled")]
            StoreAt::Sled { dir, .. } => format!("sled in {}", dir.display()),
            #[cfg(feature = "postgres")]
            StoreAt::Postgres(config) => config.describe(),
        }
    }

    /// Whether other servers may append to the store while this one serves it (a shared PostgreSQL
    /// database); their events then reach this server only through the global order.
    pub fn is_shared(&self) -> bool {
        match self {
            #[cfg(feature = "sled")]
            StoreAt::Sled { .. } => false,
            #[cfg(feature = "postgres")]
            StoreAt::Postgres(_) => true,
        }
    }
}

/// Opens (or creates) the store at `at`. A store it cannot have (damaged, locked by another server, a database
/// that refuses) is its one error.
pub async fn open_store(at: &StoreAt) -> Result<Arc<dyn EventStore>, StoreError> {
    Ok(match at {
        #[cfg(feature = "sled")]
        StoreAt::Sled { dir, durability } => Arc::new(hexfold_sled::SledStore::open(
            dir,
            hexfold_sled::SledConfig {
                durability: *durability,
            },
        )?),
        // Connects, and creates or migrates the tables.
        #[cfg(feature = "postgres")]
        StoreAt::Postgres(config) => {
            Arc::new(hexfold_postgres::PgStore::open(config.clone()).await?)
        }
    })
}

/// Verifies every record of the store at `at` without writing anything of its own: sled's directory with
/// its server stopped (sled's recovery may still rewrite sled's own files), a PostgreSQL database with its
/// servers running or not.
pub async fn check(at: &StoreAt) -> Result<CheckReport, StoreError> {
    match at {
        #[cfg(feature = "sled")]
        StoreAt::Sled { dir, .. } => hexfold_sled::check(dir),
        #[cfg(feature = "postgres")]
        StoreAt::Postgres(config) => hexfold_postgres::check(config).await,
    }
}

/// Copies what is intact in the damaged sled directory `dir` into a new store in `out`.
#[cfg(feature = "sled")]
pub async fn salvage(
    dir: &std::path::Path,
    out: &std::path::Path,
) -> Result<SalvageReport, StoreError> {
    hexfold_sled::salvage(dir, out, hexfold_sled::SledConfig::default()).await
}

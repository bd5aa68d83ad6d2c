//! The tables, and their creation and migration at open.
//!
//! Everything lives in the PostgreSQL schema `hexfold`, so the store can share a database with other
//! software. `hexfold.schema_version` holds one row, the version of the tables; [`migrate`] runs the
//! missing steps of [`MIGRATIONS`] in one transaction under an advisory lock (several servers starting at
//! once migrate once, the others wait and find the work done), and refuses a database whose version is
//! newer than this build knows. The crate README documents each table.
//!
//! Names and command ids are `bytea`, not `text`: `text` cannot hold a NUL character (the trait takes any
//! Rust string), and its order depends on the database's collation, while `bytea` orders bytewise, which
//! is the order `list_streams` promises.

use tokio_postgres::Client;

use hexfold_store::StoreError;

use crate::error::pg;

/// The schema version this build writes: the number of entries of [`MIGRATIONS`].
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Step `i` takes the tables from version `i` to `i + 1`. Steps are only ever appended.
const MIGRATIONS: &[&str] = &[
    // 1: the first layout.
    "
    CREATE TABLE hexfold.streams (
        name bytea PRIMARY KEY,
        meta bytea NOT NULL,
        head bigint NOT NULL DEFAULT 0,
        commands bigint NOT NULL DEFAULT 0,
        summary bytea
    );
    CREATE TABLE hexfold.events (
        global bigint PRIMARY KEY,
        stream bytea NOT NULL,
        version bigint NOT NULL,
        payload bytea NOT NULL,
        checksum integer NOT NULL,
        UNIQUE (stream, version)
    );
    CREATE TABLE hexfold.commands (
        stream bytea NOT NULL,
        command_id bytea NOT NULL,
        seq bigint NOT NULL,
        command bytea NOT NULL,
        first_version bigint NOT NULL,
        last_version bigint NOT NULL,
        first_global bigint NOT NULL,
        PRIMARY KEY (stream, command_id),
        UNIQUE (stream, seq)
    );
    CREATE TABLE hexfold.snapshots (
        stream bytea NOT NULL,
        version bigint NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (stream, version)
    );
    CREATE TABLE hexfold.global_position (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        position bigint NOT NULL
    );
    INSERT INTO hexfold.global_position (position) VALUES (0);
    ",
    // 2: seals on every row besides the events' (which had their checksum from the start), computed for the
    // rows there are. See `crate::seal` for the encoding, which `hexfold.part` and `hexfold.seal` spell in SQL.
    "
    CREATE FUNCTION hexfold.part(b bytea) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT int8send(coalesce(length(b), -1)::int8) || coalesce(b, ''::bytea) $$;
    CREATE FUNCTION hexfold.seal(b bytea) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT ('x' || left(md5(b), 8))::bit(32)::integer $$;
    ALTER TABLE hexfold.streams
        ADD COLUMN seal integer, ADD COLUMN meta_seal integer, ADD COLUMN summary_seal integer;
    UPDATE hexfold.streams SET
        seal = hexfold.seal(hexfold.part(name) || int8send(head) || int8send(commands)),
        meta_seal = hexfold.seal(hexfold.part(name) || hexfold.part(meta)),
        summary_seal = hexfold.seal(hexfold.part(name) || hexfold.part(summary));
    ALTER TABLE hexfold.streams ALTER COLUMN seal SET NOT NULL, ALTER COLUMN meta_seal SET NOT NULL,
        ALTER COLUMN summary_seal SET NOT NULL;
    ALTER TABLE hexfold.commands ADD COLUMN seal integer;
    UPDATE hexfold.commands SET seal = hexfold.seal(
        hexfold.part(stream) || hexfold.part(command_id) || int8send(seq) || hexfold.part(command)
        || int8send(first_version) || int8send(last_version) || int8send(first_global));
    ALTER TABLE hexfold.commands ALTER COLUMN seal SET NOT NULL;
    ALTER TABLE hexfold.snapshots ADD COLUMN seal integer;
    UPDATE hexfold.snapshots SET seal = hexfold.seal(hexfold.part(stream) || int8send(version) || hexfold.part(bytes));
    ALTER TABLE hexfold.snapshots ALTER COLUMN seal SET NOT NULL;
    ",
];

/// The key of the advisory lock that serialises migrations of one database ("hexfold" in ASCII).
const MIGRATION_LOCK: i64 = 0x0068_6578_666f_6c64;

/// Creates or migrates the tables to [`SCHEMA_VERSION`]; refuses a newer version.
pub(crate) async fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(pg)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(pg)?;
    tx.batch_execute(
        "CREATE SCHEMA IF NOT EXISTS hexfold;
         CREATE TABLE IF NOT EXISTS hexfold.schema_version (version integer NOT NULL);",
    )
    .await
    .map_err(pg)?;
    let rows = tx
        .query("SELECT version FROM hexfold.schema_version", &[])
        .await
        .map_err(pg)?;
    let found: i32 = match rows.as_slice() {
        [] => 0,
        [row] => row.get(0),
        _ => {
            return Err(StoreError::Corrupt(
                "hexfold.schema_version has more than one row".into(),
            ))
        }
    };
    if found > SCHEMA_VERSION {
        return Err(StoreError::Io(format!(
            "the database's hexfold schema is version {found}, newer than this build's {SCHEMA_VERSION}: \
             run a newer hexfold (or restore a matching backup)"
        )));
    }
    if found == SCHEMA_VERSION {
        return tx.commit().await.map_err(pg);
    }
    for (from, step) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tracing::info!(from, to = from + 1, "migrating the hexfold schema");
        tx.batch_execute(step).await.map_err(pg)?;
    }
    tx.execute("DELETE FROM hexfold.schema_version", &[])
        .await
        .map_err(pg)?;
    tx.execute(
        "INSERT INTO hexfold.schema_version (version) VALUES ($1)",
        &[&SCHEMA_VERSION],
    )
    .await
    .map_err(pg)?;
    tx.commit().await.map_err(pg)
}

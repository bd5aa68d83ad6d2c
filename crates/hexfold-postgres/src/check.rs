//! `hexfold check --store postgres://...`: every row of the store checked, against its checksum or seal and
//! against the others (see `seal`), without changing anything (no migration, no writer), into the store crate's
//! [`CheckReport`]. It may run while servers append: each stream is read in one snapshot, and the global checks in
//! another.

use tokio_postgres::{Client, IsolationLevel};

use hexfold_store::{CheckReport, StoreError};

use crate::error::pg;
use crate::{check_commands, command, connect, event, seal, utf8, PgConfig, SCHEMA_VERSION};

/// Streams read per page, and events per statement.
const PAGE: i64 = 1000;

/// Checks the store at `config.url` (see the module docs). Fails only when it cannot check: the database cannot
/// be reached, or its schema is not this build's (older: a server migrates it at start; newer: a newer build
/// checks it).
pub async fn check(config: &PgConfig) -> Result<CheckReport, StoreError> {
    let mut client = connect(&config.client_config()?).await?;
    let exists: bool = client
        .query_one(
            "SELECT to_regclass('hexfold.schema_version') IS NOT NULL",
            &[],
        )
        .await
        .map_err(pg)?
        .get(0);
    let version: Option<i32> = if exists {
        client
            .query_opt("SELECT version FROM hexfold.schema_version", &[])
            .await
            .map_err(pg)?
            .map(|row| row.get(0))
    } else {
        None
    };
    if version != Some(SCHEMA_VERSION) {
        return Err(StoreError::Io(format!(
            "the database's hexfold schema is version {}, this build checks version {SCHEMA_VERSION} \
             (a server of this build migrates an older one when it starts)",
            version.map_or("none".into(), |v| v.to_string())
        )));
    }
    let mut report = CheckReport {
        layout: u8::try_from(SCHEMA_VERSION).ok(),
        ..CheckReport::default()
    };
    global(&mut client, &mut report).await?;
    let mut after: Vec<u8> = Vec::new();
    loop {
        let names: Vec<Vec<u8>> = client
            .query(
                "SELECT name FROM hexfold.streams WHERE name > $1 ORDER BY name LIMIT $2",
                &[&after, &PAGE],
            )
            .await
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect();
        let Some(last) = names.last() else { break };
        after = last.clone();
        for name in names {
            report.streams += 1;
            match utf8(name, "a stored stream name") {
                Ok(name) => stream(&mut client, &name, &mut report).await?,
                Err(e) => report.problem(e.to_string()),
            }
        }
    }
    Ok(report)
}

/// A read-only transaction that sees one snapshot throughout.
async fn snapshot(client: &mut Client) -> Result<tokio_postgres::Transaction<'_>, StoreError> {
    client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await
        .map_err(pg)
}

/// The global order and the rows of no stream, in one snapshot.
async fn global(client: &mut Client, report: &mut CheckReport) -> Result<(), StoreError> {
    let tx = snapshot(client).await?;
    let row = tx
        .query_one(
            "SELECT (SELECT position FROM hexfold.global_position),
                    (SELECT count(*) FROM hexfold.events),
                    (SELECT coalesce(min(global), 1) FROM hexfold.events),
                    (SELECT coalesce(max(global), 0) FROM hexfold.events),
                    (SELECT count(*) FROM hexfold.events e
                     WHERE NOT EXISTS (SELECT 1 FROM hexfold.streams s WHERE s.name = e.stream)),
                    (SELECT count(*) FROM hexfold.commands c
                     WHERE NOT EXISTS (SELECT 1 FROM hexfold.streams s WHERE s.name = c.stream)),
                    (SELECT count(*) FROM hexfold.snapshots n
                     WHERE NOT EXISTS (SELECT 1 FROM hexfold.streams s WHERE s.name = n.stream))",
            &[],
        )
        .await
        .map_err(pg)?;
    let (counter, count, min, max): (i64, i64, i64, i64) =
        (row.get(0), row.get(1), row.get(2), row.get(3));
    report.last_global = u64::try_from(max).unwrap_or(0);
    if counter != max {
        report.problem(format!(
            "the global counter is at {counter} but the newest event is at global position {max}"
        ));
    }
    if min != 1 || count != max {
        report.problem(format!(
            "the global order has gaps: {count} events at positions {min}..={max}"
        ));
    }
    for (i, table) in [(4, "events"), (5, "commands"), (6, "snapshots")] {
        let orphans: i64 = row.get(i);
        if orphans > 0 {
            report.problem(format!("{orphans} rows of {table} belong to no stream"));
        }
    }
    tx.commit().await.map_err(pg)
}

/// One stream's rows, in one snapshot: its own row's seals, its events, its commands and its snapshots.
async fn stream(
    client: &mut Client,
    name: &str,
    report: &mut CheckReport,
) -> Result<(), StoreError> {
    let tx = snapshot(client).await?;
    let key = name.as_bytes();
    let Some(row) = tx
        .query_opt(
            "SELECT head, commands, seal, meta, meta_seal, summary, summary_seal
             FROM hexfold.streams WHERE name = $1",
            &[&key],
        )
        .await
        .map_err(pg)?
    else {
        // Gone since it was listed (the store never removes a stream: a hand at work).
        report.problem(format!("stream {name} vanished while it was checked"));
        return tx.commit().await.map_err(pg);
    };
    let meta: Vec<u8> = row.get("meta");
    let summary: Option<Vec<u8>> = row.get("summary");
    for damage in [
        seal::check_bytes(name, "meta", Some(&meta), row.get("meta_seal")),
        seal::check_bytes(name, "summary", summary.as_deref(), row.get("summary_seal")),
    ] {
        if let Err(e) = damage {
            report.problem(e.to_string());
        }
    }
    let head = match seal::head(name, &row) {
        Ok(head) => head,
        Err(e) => {
            // Unsealed, the head and count are still the best guess of what the rows should hold.
            report.problem(e.to_string());
            let (head, commands): (i64, i64) = (row.get("head"), row.get("commands"));
            seal::Head {
                head: head.max(0) as u64,
                commands: commands.max(0) as u64,
            }
        }
    };

    // Events, a page at a time: each against its checksum, the versions exactly 1..=head.
    let mut next = 1u64;
    loop {
        let rows = tx
            .query(
                "SELECT version, global, payload, checksum FROM hexfold.events
                 WHERE stream = $1 AND version >= $2 ORDER BY version LIMIT $3",
                &[&key, &crate::int8(next), &PAGE],
            )
            .await
            .map_err(pg)?;
        let Some(last) = rows.last() else { break };
        let last: i64 = last.get("version");
        for row in &rows {
            report.events += 1;
            let version: i64 = row.get("version");
            if let Err(e) = event(name, row) {
                report.problem(e.to_string());
            }
            if version as u64 > head.head {
                report.problem(format!(
                    "event {name}@{version} is past the stream's head {}",
                    head.head
                ));
            } else if version as u64 != next {
                report.problem(format!("events {name}@{next}..{version} are missing"));
            }
            next = (version as u64).max(next) + 1;
        }
        next = next.max(last as u64 + 1);
    }
    if next <= head.head {
        report.problem(format!(
            "events {name}@{next}..={} are missing (the head)",
            head.head
        ));
    }

    // Commands, each against its seal, then against each other and the head; the first global position of each
    // against its first event's.
    let rows = tx
        .query(
            "SELECT seq, command_id, command, first_version, last_version, first_global,
                    seal AS command_seal
             FROM hexfold.commands WHERE stream = $1 ORDER BY seq",
            &[&key],
        )
        .await
        .map_err(pg)?;
    report.appends += rows.len() as u64;
    let mut commands = Vec::with_capacity(rows.len());
    for row in &rows {
        match command(row, name) {
            Ok(c) => commands.push(c),
            Err(e) => report.problem(e.to_string()),
        }
    }
    if commands.len() == rows.len() {
        if let Err(e) = check_commands(name, head, &commands, false, head.commands) {
            report.problem(e.to_string());
        }
    }
    let misplaced: i64 = tx
        .query_one(
            "SELECT count(*) FROM hexfold.commands c
             JOIN hexfold.events e ON e.stream = c.stream AND e.version = c.first_version
             WHERE c.stream = $1 AND c.first_version <= c.last_version AND e.global <> c.first_global",
            &[&key],
        )
        .await
        .map_err(pg)?
        .get(0);
    if misplaced > 0 {
        report.problem(format!(
            "{misplaced} commands of {name} name another global position than their first event's"
        ));
    }

    // Snapshots: each against its seal, none past the head.
    let rows = tx
        .query(
            "SELECT version, bytes, seal FROM hexfold.snapshots WHERE stream = $1 ORDER BY version",
            &[&key],
        )
        .await
        .map_err(pg)?;
    for row in &rows {
        let (version, bytes, stored): (i64, Vec<u8>, i32) = (row.get(0), row.get(1), row.get(2));
        let sealed = seal::seal(&[
            seal::Part::Bytes(Some(key)),
            seal::Part::Int(version),
            seal::Part::Bytes(Some(&bytes)),
        ]);
        if sealed != stored {
            report.problem(format!("snapshot {name}@{version} fails its seal"));
        } else if version < 0 || version as u64 > head.head {
            report.problem(format!(
                "snapshot {name}@{version} is past the stream's head {}",
                head.head
            ));
        }
    }
    tx.commit().await.map_err(pg)
}

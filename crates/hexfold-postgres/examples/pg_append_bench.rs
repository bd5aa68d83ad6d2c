//! Durable appends per second through the trait with N concurrent writers on PostgreSQL, and what a group
//! looks like (appends per transaction): the workload of the sled crate's `examples/workload/append.rs`,
//! the one its `append_bench` runs on sled, included by path so both measure the same thing.
//!
//! Every append is acknowledged only after its COMMIT. Each case runs on a fresh database of a throw-away
//! cluster this example starts (the tests' `test_support`, so it needs the `test-support` feature), or on
//! `--url`'s database, whose `hexfold` schema must then be empty or absent.
//!
//! ```text
//! cargo run --release -p hexfold-postgres --features test-support --example pg_append_bench -- \
//!     [--writers 1,64] [--seconds 3] [--events 2] [--payload 200] [--summary-every 0] [--url postgres://...]
//! ```

#[path = "../../hexfold-sled/examples/workload/append.rs"]
mod workload;

use std::sync::Arc;

use hexfold_postgres::{test_support, PgConfig, PgStore};
use hexfold_store::EventStore;
use workload::Workload;

fn usage(problem: &str) -> ! {
    eprintln!(
        "{problem}\nusage: pg_append_bench {} [--url postgres://...]",
        workload::FLAGS
    );
    std::process::exit(2)
}

async fn run_case(work: &Workload, url: Option<&str>, writers: usize) {
    let url = match url {
        Some(url) => url.to_string(),
        None => test_support::cluster().create_database().await,
    };
    let store = PgStore::open(PgConfig::new(url)).await.expect("open store");
    let shared: Arc<dyn EventStore> = Arc::new(store.clone());
    // Streams of their own per case, so a `--url` database can hold several cases.
    let case = format!("bench-{writers}-{}", std::process::id());
    work.create(&*shared, &case, writers).await;
    let (groups_before, _) = store.group_stats();
    let run = work.run(shared, &case, writers).await;
    let (groups, _) = store.group_stats();
    println!(
        "{}",
        run.line("postgres", "transaction", groups - groups_before)
    );
}

fn main() {
    let mut work = Workload::new(vec![1, 64]);
    let mut url = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        match work.take_flag(&flag, &value) {
            Ok(true) => continue,
            Ok(false) => {}
            Err(problem) => usage(&problem),
        }
        match flag.as_str() {
            "--url" => url = Some(value),
            _ => usage(&format!("unknown flag {flag}")),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    println!("{}", work.describe("pg_append_bench"));
    for &writers in &work.writers {
        runtime.block_on(run_case(&work, url.as_deref(), writers));
    }
}

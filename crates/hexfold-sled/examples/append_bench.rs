//! Durable appends per second and their latency, with N concurrent writers, in Flush and Fsync modes: the
//! workload of `workload/append.rs` (shared with the PostgreSQL crate's `pg_append_bench`) on sled, on a
//! fresh temporary directory per case, with the appends per flush.
//!
//! ```text
//! cargo run --release -p hexfold-sled --example append_bench -- [--writers 1,16,128] [--modes flush,fsync]
//!     [--seconds 3] [--events 2] [--payload 200] [--summary-every 0] [--dir PATH]
//! ```

#[path = "workload/append.rs"]
mod workload;

use std::path::PathBuf;
use std::sync::Arc;

use hexfold_sled::{Durability, SledConfig, SledStore};
use hexfold_store::EventStore;
use workload::Workload;

fn usage(problem: &str) -> ! {
    eprintln!(
        "{problem}\nusage: append_bench {} [--modes flush,fsync] [--dir PATH]",
        workload::FLAGS
    );
    std::process::exit(2)
}

fn main() {
    let mut work = Workload::new(vec![1, 16, 128]);
    let mut modes = vec![Durability::Flush, Durability::Fsync];
    let mut dir: Option<PathBuf> = None;
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
            "--modes" => {
                modes = value
                    .split(',')
                    .map(|m| match m {
                        "flush" => Durability::Flush,
                        "fsync" => Durability::Fsync,
                        _ => usage(&format!("unknown mode {m}")),
                    })
                    .collect()
            }
            "--dir" => dir = Some(PathBuf::from(value)),
            _ => usage(&format!("unknown flag {flag}")),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    println!("{}", work.describe("append_bench"));
    for &mode in &modes {
        for &writers in &work.writers {
            let dir = match &dir {
                Some(parent) => tempfile::tempdir_in(parent),
                None => tempfile::tempdir(),
            }
            .expect("temporary directory");
            let store =
                SledStore::open(dir.path(), SledConfig { durability: mode }).expect("open store");
            let shared: Arc<dyn EventStore> = Arc::new(store.clone());
            runtime.block_on(work.create(&*shared, "bench", writers));
            let before = store.flush_count();
            let run = runtime.block_on(work.run(shared, "bench", writers));
            let flushes = store.flush_count() - before;
            println!("{}", run.line(&format!("{mode:?}"), "flush", flushes));
        }
    }
}

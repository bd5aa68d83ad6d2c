//! The server's memory and threads under concurrent reads (issue 29, points 2 and 7): the real `hexfold serve` as
//! a child process, its resident set and threads read from `/proc/<pid>/status` (Linux). The bounds are generous
//! (the figures are in crates/hexfold-bench/README.md, from the `rss` bench); nothing here is timed.
//!
//! Both run after a restart of the server on a store of 600 games in progress, so that every read has to go to
//! the store (nothing of the games is cached yet), as after a deploy with clients reconnecting.

use crate::support::{self, connect};
use hexfold::proto::v1 as pb;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

const GAMES: usize = 600;

/// `VmRSS` (KiB) and `Threads` of a process.
fn status(pid: u32) -> (u64, u64) {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc/<pid>/status");
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status"))
    };
    (field("VmRSS:"), field("Threads:"))
}

/// A store of `GAMES` new four-seat games, written by a server that is then killed; returns their ids.
async fn store_of_new_games(dir: &Path) -> Vec<String> {
    let (mut child, addr, _stdout) =
        support::serve_binary(&["--data-dir".as_ref(), dir.as_os_str()]).await;
    let mut tasks = Vec::new();
    for t in 0..16 {
        let mut client = connect(addr).await;
        tasks.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for _ in (t..GAMES).step_by(16) {
                ids.push(support::create_catan(&mut client, 4).await.game_id);
            }
            ids
        }));
    }
    let mut ids = Vec::new();
    for task in tasks {
        ids.extend(task.await.unwrap());
    }
    child.start_kill().unwrap();
    child.wait().await.unwrap();
    ids
}

/// The highest resident set (KiB) and thread count of `pid`, sampled until `stop` turns true.
fn sample(pid: u32, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<(u64, u64)> {
    tokio::spawn(async move {
        let (rss, threads) = (AtomicU64::new(0), AtomicU64::new(0));
        while !stop.load(Ordering::Relaxed) {
            let (r, t) = status(pid);
            rss.fetch_max(r, Ordering::Relaxed);
            threads.fetch_max(t, Ordering::Relaxed);
            tokio::task::yield_now().await;
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        (rss.into_inner(), threads.into_inner())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_listings_and_subscribers_keep_memory_and_threads_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let ids = store_of_new_games(dir.path()).await;
    let (child, addr, _stdout) =
        support::serve_binary(&["--data-dir".as_ref(), dir.path().as_os_str()]).await;
    let pid = child.id().unwrap();
    let mut clients = Vec::new();
    for _ in 0..48 {
        clients.push(connect(addr).await);
    }
    let (started, _) = status(pid);

    // 48 callers listing 500 games each, five times over.
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = sample(pid, Arc::clone(&stop));
    let mut calls = Vec::new();
    for client in &clients {
        let mut client = client.clone();
        calls.push(tokio::spawn(async move {
            for _ in 0..5 {
                let page = client
                    .list_games(pb::ListGamesRequest {
                        page_size: 500,
                        page_token: String::new(),
                    })
                    .await
                    .expect("ListGames")
                    .into_inner();
                assert_eq!(page.games.len(), 500);
            }
        }));
    }
    for call in calls {
        call.await.unwrap();
    }
    stop.store(true, Ordering::Relaxed);
    let (peak, _) = sampler.await.unwrap();
    let (after, _) = status(pid);
    let mib = |kib: u64| kib / 1024;
    // The deploy manifest caps the pod at 1 GiB; 48 answers of 500 rows are a few MiB.
    assert!(
        peak < 384 << 10,
        "48 concurrent ListGames took the server from {} to {} MiB",
        mib(started),
        mib(peak)
    );
    assert!(
        after < started + (128 << 10),
        "after 48 concurrent ListGames the server kept {} MiB (it started at {} MiB)",
        mib(after),
        mib(started)
    );

    // 300 subscribers, each to a game whose head is read from the store, all caught up and held open.
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = sample(pid, Arc::clone(&stop));
    let mut subscribers = Vec::new();
    for (i, id) in ids.iter().take(300).enumerate() {
        let mut client = clients[i % clients.len()].clone();
        let id = id.clone();
        subscribers.push(tokio::spawn(async move {
            let mut stream = client
                .subscribe(pb::SubscribeRequest {
                    game_id: id,
                    after_version: 0,
                })
                .await
                .expect("Subscribe")
                .into_inner();
            let first = stream.message().await.expect("stream").expect("an item");
            assert!(matches!(
                first.item,
                Some(pb::subscribe_response::Item::CaughtUp(_))
            ));
            stream
        }));
    }
    let mut open = Vec::new();
    for subscriber in subscribers {
        open.push(subscriber.await.unwrap());
    }
    stop.store(true, Ordering::Relaxed);
    let (_, peak_threads) = sampler.await.unwrap();
    let (_, threads) = status(pid);
    // The runtime's workers (one per core), the store's readers (hexfold_sled::MAX_CONCURRENT_READS), its log
    // and sync threads, sled's own, the main thread and a few of tokio's: not one per subscriber or per read.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let bound = cores + hexfold_sled::MAX_CONCURRENT_READS as u64 + 16;
    assert!(
        peak_threads.max(threads) <= bound,
        "300 subscribers: the server ran {peak_threads} threads at most, {threads} with all caught up \
         (bound {bound})"
    );
    drop(open);
}

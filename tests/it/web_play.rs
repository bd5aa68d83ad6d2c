//! A person plays each game on the web page against three of the server's bots, from the lobby to the end, in
//! Debian's Chromium driven by playwright-core (`tests/web/play.mjs`, which clicks only controls found by their
//! role and visible text); then a spectator replays the game. The real server runs on `127.0.0.1:0`. Screenshots of
//! the start, mid-game, the end and the replay go to `target/web-artefacts/play-<game>-*.png`.
//!
//! Node.js 20 and `npm ci --prefix tests/web` (which `cargo xtask test` runs); a machine without them fails these
//! tests rather than skipping them.

use crate::support;
use crate::web_views::node;
use serde_json::Value;

/// The most moves the person makes before the test gives up on the game ending: far above the 60 to 100 a game
/// against the bots takes.
const MOVES_MAX: u32 = 3000;

/// One game of `game` (as the lobby names it) played by the person on the page: the script's report.
pub(crate) async fn play(game: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let report = node("play.mjs", server.addr, &[game, &MOVES_MAX.to_string()]).await;
    server.stop().await;
    // Played to the end, the winner and the final scores on the page, nothing raw, no script error, and the
    // spectator's replay reached the middle of the log.
    assert_eq!(report["ended"], true, "{report}");
    assert!(
        report["winner"]
            .as_str()
            .unwrap()
            .ends_with(" won the game"),
        "{report}"
    );
    assert!(
        report["scores"].as_str().unwrap().starts_with("final "),
        "{report}"
    );
    // The finished game's summary, one block per seat (play.mjs checks its numbers: see `mismatches`).
    assert_eq!(
        report["summary"]["seats"].as_array().map(Vec::len),
        Some(4),
        "{report}"
    );
    // Every bank trade's ratio as the page stated it is the one the server's event reports.
    assert_eq!(report["mismatches"], serde_json::json!([]), "{report}");
    assert!(report["replayLines"].as_u64().unwrap() > 10, "{report}");
    // The replay played on from the middle and paused there, before the last event.
    let played = &report["replayPlayed"];
    let (from, paused) = (
        played["from"].as_u64().unwrap(),
        played["paused"].as_u64().unwrap(),
    );
    assert!(
        paused >= from + 3 && paused < report["replayLines"].as_u64().unwrap(),
        "{report}"
    );
    report
}

/// Base Catan, in as many games as it takes (at most four) for the person to have traded, discarded and played a
/// development card: whether a 7 comes while the person holds more than seven cards is the dice's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_catan_against_three_bots_to_the_end_with_a_trade_a_discard_and_a_card() {
    let mut seen = [0, 0, 0];
    for _ in 0..4 {
        let report = play("Catan").await;
        for (n, kind) in seen.iter_mut().zip(["trades", "discards", "cards"]) {
            *n += report["done"][kind].as_u64().unwrap();
        }
        if seen.iter().all(|&n| n > 0) {
            return;
        }
    }
    panic!("in four games: trades, discards, cards played {seen:?}");
}

/// The barbarians and city improvements panel as the person saw it at the start: the ship's distance, the strength
/// it meets, a row per commodity track.
fn assert_ck_panel(report: &Value) {
    let panel = report["ckPanel"].as_str().unwrap();
    for words in [
        "The barbarians' ship is",
        "(one per city on the board) against the active knights' 0",
        "trade (cloth)",
        "politics (coin)",
        "science (paper)",
        "level 1 costs 1",
    ] {
        assert!(panel.contains(words), "{words:?} is not in {panel:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_cities_and_knights_against_three_bots_to_the_end() {
    let report = play("Cities & Knights").await;
    assert_ck_panel(&report);
}

/// Catania, in as many games as it takes (at most three) for the person to have played a card (a development or
/// a progress card): whether one comes to hand and can be played is the deck's and the dice's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_catania_against_three_bots_to_the_end_with_a_card() {
    let mut cards = 0;
    for _ in 0..3 {
        let report = play("Catania").await;
        assert_ck_panel(&report);
        // The log's own words: `Robin played a knight card`, `Robin played the alchemist`.
        cards += report["cardsPlayed"].as_array().unwrap().len();
        if cards > 0 {
            return;
        }
    }
    panic!("in three games of Catania the person played no card");
}

/// The most rounds (each person's move, or a wait for the bots) before the two people's test gives up on their
/// three answers: a game against two bots gives each person a turn every four, and each turn a chance to offer.
const ROUNDS_MAX: u32 = 2000;

/// Two people at one base Catan table with two bots, each in their own browser: the game made in the lobby's form,
/// each person on their own seat's link. One offers a trade in the trade panel; the other answers it in the
/// Offers panel, first declining, then countering (which the offer's maker accepts), then accepting; each answer
/// and each trade is then in words on both pages, the same words. An offer a bot accepts first leaves its answer
/// for a later offer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_answer_each_others_offers_decline_counter_and_accept() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let report = node("offers.mjs", server.addr, &[&ROUNDS_MAX.to_string()]).await;
    server.stop().await;
    assert_eq!(report["problems"], serde_json::json!([]), "{report}");
    let shown = report["shown"].as_array().unwrap();
    let answers: Vec<&str> = shown
        .iter()
        .map(|s| s["answer"].as_str().unwrap())
        .collect();
    assert_eq!(answers, ["decline", "counter", "accept"], "{report}");
    let said = |i: usize, key: &str| shown[i][key].as_str().unwrap().to_owned();
    for i in 0..3 {
        assert!(said(i, "offered").contains(" offers "), "{report}");
    }
    assert!(
        said(0, "answered").ends_with(" rejected the offer"),
        "{report}"
    );
    assert!(
        said(1, "countered").contains(" counters: gives "),
        "{report}"
    );
    for i in [1, 2] {
        assert!(said(i, "answered").contains(" gave "), "{report}");
    }
}

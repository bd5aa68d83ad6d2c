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

/// The moves the person must be seen to make in a game (play.mjs `want`): each kind (`trade`, `discard`, `card`)
/// with the pattern of the log's sentence that says the person made it; and whether the person holds its cards
/// (a city its one building, no card bought, one trade) until it has discarded once, so that a 7 finds more than
/// seven cards in hand.
pub(crate) struct Proofs {
    pub hold: bool,
    pub want: &'static [(&'static str, &'static str)],
}

/// The log's sentence of a trade with the bank (or a harbour), the same in the three hex games.
pub(crate) const BANK_TRADE: (&str, &str) = (
    "trade",
    r"^\d+ Robin traded \d+ \w+ with the bank for 1 \w+$",
);

/// One game of `game` (as the lobby names it) played by the person on the page: the script's report.
pub(crate) async fn play(game: &str, proofs: &Proofs) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let want: serde_json::Map<String, Value> = proofs
        .want
        .iter()
        .map(|(kind, pattern)| (kind.to_string(), Value::from(*pattern)))
        .collect();
    let arg = serde_json::json!({ "hold": proofs.hold, "want": want }).to_string();
    let report = node(
        "play.mjs",
        server.addr,
        &[game, &MOVES_MAX.to_string(), &arg],
    )
    .await;
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

/// Plays `game` until the person has been seen to make each kind of move `proofs` wants, in at most `games`
/// games (the first game that shows a kind proves it): each kind's first sentence in the log, and the person's
/// cards on the board before and after its event bearing it out (a bank trade's cards given and received, a
/// discard's cards gone, a card played gone from the cards held). Whether a 7 comes while the person holds more
/// than seven cards, and a card to play, is the dice's and the deck's. The reports, for the game's own assertions.
pub(crate) async fn play_until_proved(game: &str, proofs: &Proofs, games: usize) -> Vec<Value> {
    let mut reports = Vec::new();
    let mut proved = serde_json::Map::new();
    for _ in 0..games {
        // Holding cards for a discard only until one has been seen: the next game builds and buys freely.
        let hold = proofs.hold && !proved.contains_key("discard");
        let report = play(
            game,
            &Proofs {
                hold,
                want: proofs.want,
            },
        )
        .await;
        for (kind, proof) in report["proved"].as_object().unwrap() {
            assert_eq!(proof["problem"], Value::Null, "{kind}: {proof}");
            proved.entry(kind.clone()).or_insert(proof.clone());
        }
        reports.push(report);
        if proofs
            .want
            .iter()
            .all(|(kind, _)| proved.contains_key(*kind))
        {
            return reports;
        }
    }
    let done: Vec<&Value> = reports.iter().map(|r| &r["done"]).collect();
    panic!("in {games} games of {game} the person was seen to make only {proved:?}; moves made: {done:?}");
}

/// Base Catan: a bank trade, a discard (the person holds its cards until a 7 makes it discard), a development
/// card played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_catan_against_three_bots_to_the_end_with_a_trade_a_discard_and_a_card() {
    let proofs = Proofs {
        hold: true,
        want: &[
            BANK_TRADE,
            ("discard", r"^\d+ Robin discarded "),
            ("card", r"^\d+ Robin played "),
        ],
    };
    play_until_proved("Catan", &proofs, 3).await;
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

/// Cities & Knights: a bank trade, a discard on a 7 (the person holds its cards until then; the robber does not
/// steal before the barbarians' first attack), a progress card played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_cities_and_knights_against_three_bots_to_the_end_with_a_trade_a_discard_and_a_card(
) {
    let proofs = Proofs {
        hold: true,
        want: &[
            BANK_TRADE,
            ("discard", r"^\d+ Robin discarded "),
            ("card", r"^\d+ Robin played the "),
        ],
    };
    for report in play_until_proved("Cities & Knights", &proofs, 3).await {
        assert_ck_panel(&report);
    }
}

/// Catania: a bank trade, a discard on a 7, a card played (a development or a progress card), in at most four
/// games: its person, on two settlements in a 195-hex world against bots that reach 20 points, produces little.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_catania_against_three_bots_to_the_end_with_a_trade_a_discard_and_a_card() {
    let proofs = Proofs {
        hold: true,
        want: &[
            BANK_TRADE,
            ("discard", r"^\d+ Robin discarded "),
            ("card", r"^\d+ Robin played (a .+ card|the )"),
        ],
    };
    for report in play_until_proved("Catania", &proofs, 4).await {
        assert_ck_panel(&report);
    }
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

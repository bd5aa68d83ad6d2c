//! The board and the replay as a person reads them, in Debian's Chromium driven by playwright-core against the real
//! server on `127.0.0.1:0` (`tests/web/board.mjs`, `tests/web/chances.mjs`, which find controls by role and visible
//! text): Catania's board zoomed, panned and explained (issue 31), and the chances to win under a finished game's
//! replay, compared with what `Analyze` answers (issue 32). Screenshots go to `target/web-artefacts/`.
//!
//! Node.js 20 and `npm ci --prefix tests/web`; a machine without them fails these tests rather than skipping them.

use crate::support::{self, Table};
use hexfold::proto::v1 as pb;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `tests/web/<script>` with the page's address, the artefacts' folder and `args`, and returns its report (its
/// last line), which must list no raw text and no script error.
pub(crate) async fn node(script: &str, addr: std::net::SocketAddr, args: &[&str]) -> Value {
    let folder = root().join("tests/web");
    assert!(
        folder.join("node_modules/playwright-core").exists(),
        "{} is missing: run `npm ci --prefix tests/web`",
        folder.join("node_modules").display()
    );
    let artefacts: PathBuf = root().join("target/web-artefacts");
    std::fs::create_dir_all(&artefacts).unwrap();
    let output = tokio::process::Command::new("node")
        .arg(folder.join(script))
        .arg(format!("http://{addr}/"))
        .arg(&artefacts)
        .args(args)
        .current_dir(&folder)
        .kill_on_drop(true)
        .output()
        .await
        .expect("node must be installed");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{script}: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_str(stdout.lines().last().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{script}: the report: {e}: {stdout}"));
    println!("{report}");
    assert_eq!(report["raw"], serde_json::json!([]), "{report}");
    assert_eq!(report["errors"], serde_json::json!([]), "{report}");
    report
}

/// A view box's four numbers.
fn view(v: &Value) -> [f64; 4] {
    let n: Vec<f64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    [n[0], n[1], n[2], n[3]]
}

/// The zoom's words as a percentage (100 for the whole board).
fn zoom(v: &Value) -> u32 {
    let words = v.as_str().unwrap();
    if words == "the whole board" {
        return 100;
    }
    words
        .strip_prefix("zoom ")
        .and_then(|w| w.strip_suffix(" %"))
        .unwrap_or_else(|| panic!("the zoom's words: {words:?}"))
        .parse()
        .unwrap()
}

/// A person opens a Catania game against three bots: the board starts zoomed in so its pieces are readable on a
/// desktop and on a 375 px phone; the buttons zoom in and out by the same step, a drag pans without zooming, the
/// wheel zooms in; a legal place is clicked while zoomed and the move is made; each kind of special hex reached by
/// the keyboard is brought into view and explained in the rules' words; from the board's one Tab stop the arrow
/// keys walk every explained hex, row by row, each marked, brought into view and read in the caption (the fifty-odd
/// island hexes without a number among them), and Shift with an arrow pans; the robber, the temple's 7, an island
/// hex without a number, a wonder and a specialist pointed at are explained, and on a phone the temple tapped and
/// the board pinched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catanias_board_zooms_pans_and_explains_its_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let r = node("board.mjs", server.addr, &[]).await;
    server.stop().await;

    let start = zoom(&r["start"]["zoom"]);
    assert!(start > 100, "the first view is zoomed in: {r}");
    let whole = view(&r["whole"]["viewBox"]);
    assert_eq!(zoom(&r["whole"]["zoom"]), 100, "{r}");
    let [_, _, w0, h0] = view(&r["start"]["viewBox"]);
    assert!((whole[2] / w0 * 100.0 - start as f64).abs() < 1.0, "{r}");
    let [_, _, w1, h1] = view(&r["zoomedIn"]["viewBox"]);
    assert!(
        (w0 / w1 - 1.5).abs() < 0.01 && (h0 / h1 - 1.5).abs() < 0.01,
        "{r}"
    );
    assert_eq!(view(&r["zoomedOut"]["viewBox"])[2], w0, "{r}");
    let (before, after) = (view(&r["panned"]["before"]), view(&r["panned"]["after"]));
    assert!(
        before[..2] != after[..2] && before[2..] == after[2..],
        "{r}"
    );
    assert!(view(&r["wheel"]["viewBox"])[2] < after[2], "{r}");
    assert!(
        r["placed"]["label"]
            .as_str()
            .unwrap()
            .starts_with("place settlement"),
        "{r}"
    );
    let log: Vec<&str> = r["placed"]["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        log.iter().any(|l| l.contains("Robin placed a settlement")),
        "{log:?}"
    );
    for (kind, words) in [
        ("^Glacier, 7", "avalanche"),
        ("^Volcano, 7", "erupts"),
        ("^Temple, 7", "sacrificial sites"),
        ("^The barbarians' castle, 7", "only settlements"),
        ("^Trading station, 7", "retail post"),
    ] {
        let seen = &r["focused"]["explained"][kind];
        let caption = seen["caption"].as_str().unwrap();
        assert!(
            caption.starts_with(&kind[1..]) && caption.contains(words),
            "{kind}: {seen}"
        );
        assert_eq!(seen["inView"], true, "{kind}: {seen}");
    }
    assert!(zoom(&r["focused"]["zoom"]) > 100, "{r}");
    // The board is one stop of the Tab key, not one per hex, and its arrows reached every explained hex (each
    // marked, read in the caption and brought into view), the island hexes without a number among them.
    let walk = &r["walk"];
    assert_eq!(walk["focused"], true, "{walk}");
    assert!(
        walk["name"]
            .as_str()
            .unwrap()
            .contains("arrow keys go from hex to hex"),
        "{walk}"
    );
    assert_eq!(walk["problems"], serde_json::json!([]), "{walk}");
    let count = |k: &str| walk[k].as_u64().unwrap();
    assert!(count("hexes") >= 190 && count("explained") >= 100, "{walk}");
    assert!(count("stops") < 60, "{walk}");
    assert_eq!(count("visited"), count("explained"), "{walk}");
    assert!(count("islands") >= 40, "{walk}");
    assert_eq!(count("islandsRead"), count("islands"), "{walk}");
    assert_eq!(walk["shiftPans"], true, "{walk}");
    let hovered = &r["hovered"];
    for (kind, words) in [
        ("^The robber", "its hex yields nothing"),
        ("^Temple, 7", "no number roll ever asks for it"),
        ("seven", "7: no number roll ever asks for it"),
        ("with no number yet", "draws its number chip from the bag"),
    ] {
        let caption = hovered[kind].as_str().unwrap_or_default();
        assert!(caption.contains(words), "{kind}: {hovered}");
    }
    assert!(
        r["rows"]["wonder"]
            .as_str()
            .unwrap()
            .starts_with("Theater: nobody builds it yet. A player who builds no wonder claims it with two cities"),
        "{r}"
    );
    assert!(
        r["rows"]["specialist"]
            .as_str()
            .unwrap()
            .starts_with("The brick specialist"),
        "{r}"
    );
    // The phone starts zoomed in further (its board is narrower), a tap explains, two fingers spread zoom in.
    assert!(zoom(&r["phone"]["zoom"]) > start, "{r}");
    assert!(
        r["phone"]["tapped"]
            .as_str()
            .unwrap()
            .starts_with("Temple, 7"),
        "{r}"
    );
    assert!(
        view(&r["pinch"]["after"])[2] < view(&r["pinch"]["before"])[2],
        "{r}"
    );
}

/// A finished game of four greedy bots watched: the graph under the replay has a line per seat and its three
/// largest moves marked and named; a click on the graph shows the board at that index, and the text under the
/// graph there is what `Analyze` answers for that index with the page's playouts (the same request gets the same
/// answer on a server bounded by playouts only).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_draws_each_seats_chance_to_win_with_the_largest_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.limits.analysis_budget.think = None;
    let server = support::start_with(config).await;
    let bots: Vec<_> = (0..4).map(|s| (s, pb::BotStrategy::Greedy)).collect();
    let request = support::game_request(pb::Variant::Catan, 4, support::catan_options(), &bots);
    let (table, _) = Table::create_from(server.addr, request).await;
    let head = server.ended(&table.game_id).await;
    let r = node("chances.mjs", server.addr, &[&table.game_id, "Catan"]).await;

    assert_eq!(r["lines"], 4, "{r}");
    let end = r["atEnd"].as_str().unwrap();
    assert!(
        end.starts_with(&format!("at event {head}: ")) && end.ends_with("(the game has ended)"),
        "{end}"
    );
    let marks = r["marks"].as_array().unwrap();
    assert_eq!(marks.len(), 3, "{r}");
    for mark in marks {
        let mark = mark.as_str().unwrap();
        let (event, rest) = mark.split_once(": ").unwrap();
        assert!(event.starts_with("event "), "{mark}");
        assert!(
            rest.contains("player ") && rest.contains("'s chance ") && rest.ends_with(" %"),
            "{mark}"
        );
    }
    let clicked: u64 = r["mark"]["text"].as_str().unwrap()["event ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        r["mark"]["version"], clicked,
        "a mark clicked shows its event: {r}"
    );

    let at = r["clicked"]["version"].as_u64().unwrap();
    assert!(at < head, "{r}");
    let text = r["clicked"]["text"].as_str().unwrap();
    let sims: u32 = text
        .rsplit_once(" (")
        .and_then(|(_, basis)| basis.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the playouts in {text:?}"));
    let answer = server
        .client()
        .await
        .analyze(pb::AnalyzeRequest {
            game_id: table.game_id.clone(),
            at_version: Some(at),
            sims,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.sims, sims);
    let chances: Vec<String> = answer
        .win_chances
        .iter()
        .enumerate()
        .map(|(seat, c)| format!("player {seat} {} %", (c * 100.0).round()))
        .collect();
    assert_eq!(
        text,
        format!(
            "at event {at}: {} ({sims} playouts, from the full state)",
            chances.join(", ")
        )
    );
    server.stop().await;
}

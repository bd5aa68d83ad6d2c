//! The web app (`web/`, served by `src/web.rs`) in headless Chromium against the real server: the files on the API's
//! port, each game's board drawn with the right number of hexes or squares and pieces, the replay slider showing
//! what `GetState(N)` says, and a base Catan game played to its end by clicks on the page (the other seats played
//! through the API). Screenshots are saved under `target/web-artefacts/` and checked by structure.
//!
//! `cargo xtask test` installs Debian's `chromium`; a machine without it fails these tests rather than skipping them.

use crate::chromium::{png_size, Browser, VIEWPORT};
use crate::support::{self, Table};
use hexfold::proto::v1 as pb;
use pb::catan as c;
use rand::{rngs::StdRng, SeedableRng};
use serde_json::Value;
use std::collections::BTreeSet;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A bound on a random game's commands, far above what the weighted random choice needs to end one.
const COMMANDS_MAX: usize = 5000;

/// One HTTP/1.1 request on a fresh connection; the whole answer as text.
async fn http(addr: std::net::SocketAddr, request: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_serves_the_app_on_its_api_port() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    for file in hexfold::web::FILES {
        let answer = http(
            server.addr,
            &format!(
                "GET {} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
                file.path
            ),
        )
        .await;
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 200"), "{}: {head}", file.path);
        let lower = head.to_ascii_lowercase();
        assert!(
            lower.contains(&format!("content-type: {}", file.content_type)),
            "{head}"
        );
        // The security headers, on every file.
        for header in [
            format!(
                "content-security-policy: {}",
                hexfold::web::CONTENT_SECURITY_POLICY
            ),
            "x-frame-options: deny".to_string(),
            "referrer-policy: no-referrer".to_string(),
            "x-content-type-options: nosniff".to_string(),
        ] {
            assert!(
                lower.contains(&header),
                "{}: no {header}: {head}",
                file.path
            );
        }
        assert_eq!(body.as_bytes(), file.bytes, "{}", file.path);
    }
    let policy = hexfold::web::CONTENT_SECURITY_POLICY;
    for directive in [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    ] {
        assert!(policy.contains(directive), "{policy}");
    }
    assert!(!policy.contains("unsafe"), "{policy}");
    // The page needs nothing inline, and links its icon, which is answered where browsers look unasked too.
    let page = std::str::from_utf8(hexfold::web::file("/").unwrap().bytes).unwrap();
    assert!(
        !page.contains("<style") && !page.contains(" style="),
        "{page}"
    );
    assert_eq!(
        page.matches("<script").count(),
        page.matches(r#"<script type="module" src="/app.js"></script>"#)
            .count(),
        "{page}"
    );
    assert!(
        page.contains(r#"<link rel="icon" href="/favicon.svg""#),
        "{page}"
    );
    for path in ["/favicon.svg", "/favicon.ico"] {
        let icon = hexfold::web::file(path).expect("an icon");
        assert_eq!(icon.content_type, "image/svg+xml");
        assert!(icon.bytes.starts_with(b"<svg"), "{path}");
    }
    let head = http(
        server.addr,
        "HEAD /app.js HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    )
    .await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.ends_with("\r\n\r\n"),
        "a HEAD answer has no body: {head}"
    );
    // Anything else is still the API's: a path that is no file is not answered with the page.
    let other = http(
        server.addr,
        "GET /hexfold.v1.Hexfold/ListGames HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    )
    .await;
    assert!(!other.contains("<title>hexfold</title>"), "{other}");
    // And the API answers on the same port as before.
    let mut client = server.client().await;
    support::create_catan(&mut client, 3).await;
    server.stop().await;
}

/// `hexfold serve` prints the app's address after its own, and the page is there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_prints_the_web_app_url() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (_child, addr, mut stdout) =
        support::serve_binary(&["--data-dir".as_ref(), data.as_os_str()]).await;
    let line = stdout.next_line().await.unwrap().expect("a second line");
    assert_eq!(line, format!("web app at http://{addr}/"));
    let page = http(
        addr,
        "GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    )
    .await;
    assert!(
        page.starts_with("HTTP/1.1 200") && page.contains("<title>hexfold</title>"),
        "{page}"
    );
}

/// `serve --web ADDR` prints the second address on a line of its own and answers there as on the API's port: the
/// page to a plain HTTP/1.1 client, and the API itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_with_a_web_address_serves_the_app_there_too() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (_child, addr, mut stdout) = support::serve_binary(&[
        "--data-dir".as_ref(),
        data.as_os_str(),
        "--web".as_ref(),
        "127.0.0.1:0".as_ref(),
    ])
    .await;
    let line = stdout.next_line().await.unwrap().expect("a second line");
    assert_eq!(line, format!("web app at http://{addr}/"));
    let line = stdout.next_line().await.unwrap().expect("a third line");
    let web: std::net::SocketAddr = line
        .strip_prefix("web app also at http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected line {line:?}"))
        .parse()
        .expect("an address");
    assert_ne!(web, addr);
    let page = http(
        web,
        "GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    )
    .await;
    assert!(
        page.starts_with("HTTP/1.1 200") && page.contains("<title>hexfold</title>"),
        "{page}"
    );
    let mut client = pb::hexfold_client::HexfoldClient::connect(format!("http://{web}"))
        .await
        .expect("connect to the web address");
    let game = support::create_catan(&mut client, 3).await.game_id;
    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert!(listed.games.iter().any(|g| g.game_id == game), "{listed:?}");
}

/// The pieces the page drew, as sets of `(kind, id, seat)` and the robber's hex, read from the SVG's `data-*`.
async fn drawn_pieces(browser: &mut Browser) -> (BTreeSet<(String, u32, u32)>, Vec<u32>) {
    let drawn = browser
        .eval(
            "[...document.querySelectorAll('.board svg [data-kind]')].flatMap((el) => { \
               const k = el.dataset.kind, d = el.dataset; \
               if (k === 'settlement' || k === 'city') return [[k, Number(d.vertex), Number(d.seat)]]; \
               if (k === 'road') return [[k, Number(d.edge), Number(d.seat)]]; \
               if (k === 'robber') return [[k, Number(d.hex), 0]]; \
               return []; })",
        )
        .await;
    let mut pieces = BTreeSet::new();
    let mut robbers = Vec::new();
    for item in drawn.as_array().unwrap() {
        let kind = item[0].as_str().unwrap().to_string();
        let id = item[1].as_u64().unwrap() as u32;
        if kind == "robber" {
            robbers.push(id);
        } else {
            pieces.insert((kind, id, item[2].as_u64().unwrap() as u32));
        }
    }
    (pieces, robbers)
}

/// The same sets from a state the API answered.
fn state_pieces(state: &c::State) -> BTreeSet<(String, u32, u32)> {
    let buildings = state.buildings.iter().map(|b| {
        let kind = if b.city { "city" } else { "settlement" };
        (kind.to_string(), b.vertex, b.seat)
    });
    let roads = state
        .roads
        .iter()
        .map(|r| ("road".to_string(), r.edge, r.seat));
    buildings.chain(roads).collect()
}

/// How many elements of `selector` the page has.
async fn count(browser: &mut Browser, selector: &str) -> u64 {
    let selector = serde_json::to_string(selector).unwrap();
    browser
        .eval(&format!("document.querySelectorAll({selector}).length"))
        .await
        .as_u64()
        .unwrap()
}

/// Waits until the page has drawn event index `version` (or, `from`, any later one) and settled. The page
/// reports what it shows instead if that takes more than 30 s, so a failure says where the page was.
async fn wait_for_page(browser: &mut Browser, version: u64, from: bool) {
    let outcome = browser
        .eval(&format!(
            "Promise.race([window.hexfold.drawn({version}, {from}).then(() => 'ok'), new Promise((resolve) => \
             setTimeout(() => resolve(`the page shows ${{document.querySelector('.board svg')?.dataset.version}}, \
             status: ${{document.getElementById('status').textContent}}`), 30000))])"
        ))
        .await;
    assert_eq!(outcome, "ok", "waiting for event {version}");
}

async fn wait_drawn(browser: &mut Browser, version: u64) {
    wait_for_page(browser, version, false).await;
}

async fn wait_drawn_from(browser: &mut Browser, version: u64) {
    wait_for_page(browser, version, true).await;
}

/// Plays `steps` random legal commands (or to the end), through the API.
async fn play(table: &mut Table, rng: &mut StdRng, steps: usize) {
    for _ in 0..steps {
        if table.step(rng).await.is_none() {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catan_board_draws_every_hex_harbor_and_piece() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let mut rng = StdRng::seed_from_u64(18);
    play(&mut table, &mut rng, 120).await;
    let head = table.head().await;
    let state = table.state(None, None).await.unwrap();
    let catan = support::catan_state(&state);
    let board = catan.board.as_ref().unwrap();
    assert!(catan.buildings.len() >= 8, "the opening is over: {catan:?}");

    let mut browser = Browser::launch().await;
    browser
        .open(&format!("http://{}/#/game/{}", server.addr, table.game_id))
        .await;
    wait_drawn(&mut browser, head).await;
    assert_eq!(count(&mut browser, "svg [data-kind=hex]").await, 19);
    let numbered = board.hexes.iter().filter(|h| h.number.is_some()).count() as u64;
    assert_eq!(numbered, 18, "one desert");
    assert_eq!(
        count(&mut browser, "svg [data-kind=number]").await,
        numbered
    );
    assert_eq!(count(&mut browser, "svg [data-kind=harbor]").await, 9);
    assert_eq!(
        count(&mut browser, "svg [data-target^='vertex:']").await,
        54
    );
    assert_eq!(count(&mut browser, "svg [data-target^='edge:']").await, 72);
    let (pieces, robbers) = drawn_pieces(&mut browser).await;
    assert_eq!(pieces, state_pieces(catan));
    assert_eq!(robbers, vec![catan.robber]);
    // Each hex is drawn where the API puts its centre, with the terrain the state names.
    let drawn_terrains = browser
        .eval("[...document.querySelectorAll('svg [data-kind=hex]')].map((h) => h.dataset.terrain)")
        .await;
    let terrains: Vec<Value> = board
        .hexes
        .iter()
        .map(|h| {
            let name = c::Terrain::try_from(h.terrain).unwrap().as_str_name();
            Value::from(name.strip_prefix("TERRAIN_").unwrap().to_ascii_lowercase())
        })
        .collect();
    assert_eq!(drawn_terrains, Value::from(terrains));
    // Every seat is listed, as a spectator sees them.
    assert_eq!(count(&mut browser, ".players [data-seat]").await, 4);
    let (path, png) = browser.screenshot("catan-board").await;
    assert_eq!(png_size(&png), VIEWPORT, "{}", path.display());
    server.stop().await;
}

/// Moves the page's replay slider to `version`, as dragging it does (the page listens to `input`).
async fn slide_to(browser: &mut Browser, version: u64) {
    browser
        .eval(&format!(
            "(() => {{ const s = document.querySelector('.replay input[type=range]'); s.value = '{version}'; \
             s.dispatchEvent(new Event('input', {{ bubbles: true }})); }})()"
        ))
        .await;
    wait_drawn(browser, version).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_slider_at_each_index_shows_what_get_state_answers() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 3).await;
    let mut rng = StdRng::seed_from_u64(7);
    play(&mut table, &mut rng, COMMANDS_MAX).await;
    let head = table.head().await;
    let finished = table.state(None, None).await.unwrap();
    assert_eq!(
        finished.summary.as_ref().unwrap().status,
        pb::GameStatus::Finished as i32,
        "the game ended within {COMMANDS_MAX} commands"
    );

    let mut browser = Browser::launch().await;
    browser
        .open(&format!("http://{}/#/game/{}", server.addr, table.game_id))
        .await;
    wait_drawn(&mut browser, head).await;
    assert_eq!(
        count(&mut browser, ".log [data-version]").await,
        head,
        "the log lists every event"
    );
    let mut indexes: Vec<u64> = vec![0, 1, 5, head / 3, head / 2, head - 1, head];
    indexes.extend((0..8).map(|i| (i * 7919 + 13) % (head + 1)));
    for n in indexes {
        slide_to(&mut browser, n).await;
        let at = table.state(None, Some(n)).await.unwrap();
        let state = support::catan_state(&at);
        let (pieces, robbers) = drawn_pieces(&mut browser).await;
        assert_eq!(pieces, state_pieces(state), "at event {n}");
        assert_eq!(robbers, vec![state.robber], "at event {n}");
        let current = browser
            .eval("document.querySelector('.log .current')?.dataset.version ?? null")
            .await;
        let expected = if n == 0 {
            Value::Null
        } else {
            Value::from(n.to_string())
        };
        assert_eq!(current, expected, "the log marks event {n}");
    }
    // The step buttons, clicked: from the middle one back and two on.
    let middle = head / 2;
    slide_to(&mut browser, middle).await;
    for (button, expect) in [
        ("previous", middle - 1),
        ("next", middle),
        ("next", middle + 1),
        ("first", 0),
        ("last", head),
    ] {
        browser.click(&format!("button.step-{button}")).await;
        wait_drawn(&mut browser, expect).await;
        let at = table.state(None, Some(expect)).await.unwrap();
        assert_eq!(
            drawn_pieces(&mut browser).await.0,
            state_pieces(support::catan_state(&at))
        );
    }
    slide_to(&mut browser, middle).await;
    let (_, png) = browser.screenshot("catan-replay").await;
    assert_eq!(png_size(&png), VIEWPORT);
    server.stop().await;
}

/// A page left open follows the game: what is played through the API meanwhile arrives on its stream, the log
/// grows by each event, and the board is redrawn at the new head without a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_page_follows_a_game_live() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 3).await;
    let mut rng = StdRng::seed_from_u64(44);
    play(&mut table, &mut rng, 10).await;
    let mut browser = Browser::launch().await;
    browser
        .open(&format!("http://{}/#/game/{}", server.addr, table.game_id))
        .await;
    wait_drawn(&mut browser, table.head().await).await;
    for _ in 0..5 {
        play(&mut table, &mut rng, 15).await;
        let state = table.state(None, None).await.unwrap();
        wait_drawn(&mut browser, state.version).await;
        assert_eq!(
            count(&mut browser, ".log [data-version]").await,
            state.version
        );
        let (pieces, robbers) = drawn_pieces(&mut browser).await;
        let catan = support::catan_state(&state);
        assert_eq!(pieces, state_pieces(catan));
        assert_eq!(robbers, vec![catan.robber]);
    }
    server.stop().await;
}

/// How the page offered an action that was done.
#[derive(Debug, PartialEq)]
enum Control {
    /// A click on its place on the board (and, where the place takes several, a pick in the picker).
    Board,
    /// A button among the actions (opening the fold it is in).
    Button,
    /// A choice in a drop-down and its button.
    Chooser,
    /// The discard picker's steppers and its button.
    Counts,
}

/// The cards of a discard command, by name, in the counts message's order.
fn discard_counts(command: &pb::Command) -> Option<Vec<(&'static str, u32)>> {
    let Some(pb::command::Game::Catan(c::Command {
        command: Some(c::command::Command::Discard(discard)),
    })) = &command.game
    else {
        return None;
    };
    let r = discard.resources.clone().unwrap_or_default();
    Some(vec![
        ("brick", r.brick),
        ("lumber", r.lumber),
        ("wool", r.wool),
        ("grain", r.grain),
        ("ore", r.ore),
    ])
}

/// Does action `index` of `commands` on the page as a person would: on the board where it has a place there, else
/// with the control the page shows for it (a button, a drop-down, the discard picker).
async fn do_action(browser: &mut Browser, commands: &[pb::Command], index: usize) -> Control {
    let found = browser
        .eval(&format!(
            "(() => {{ const e = document.querySelector(`.actions [data-index='{index}']`); \
               return e ? [e.tagName, e.dataset.target ?? null, e.textContent] : null; }})()"
        ))
        .await;
    if found.is_null() {
        let counts = discard_counts(&commands[index])
            .expect("an action the page shows no button for is a discard");
        for (name, n) in counts {
            for _ in 0..n {
                browser
                    .click(&format!(
                        ".counts-picker button[aria-label='one {name} more']"
                    ))
                    .await;
            }
        }
        browser.click(".counts-picker button.go").await;
        return Control::Counts;
    }
    let (tag, target, label) = (
        found[0].as_str().unwrap(),
        found[1].as_str(),
        found[2].as_str().unwrap().to_string(),
    );
    if tag == "OPTION" {
        browser
            .eval(&format!(
                "(() => {{ const o = document.querySelector(`.actions option[data-index='{index}']`); \
                   o.parentElement.value = o.value; }})()"
            ))
            .await;
        browser
            .click(&format!(
                ".chooser:has(option[data-index='{index}']) button.go"
            ))
            .await;
        return Control::Chooser;
    }
    if let Some(target) = target {
        browser
            .click(&format!(".board svg [data-target='{target}']"))
            .await;
        let picks = browser
            .eval("[...document.querySelectorAll('.picker:not([hidden]) button.pick')].map((b) => b.textContent)")
            .await;
        let picks = picks.as_array().unwrap();
        if !picks.is_empty() {
            let k = picks
                .iter()
                .position(|p| p == &label)
                .expect("the picker offers the action");
            browser
                .click(&format!(".picker button.pick:nth-of-type({})", k + 1))
                .await;
        }
        return Control::Board;
    }
    browser
        .eval("document.querySelectorAll('.actions details').forEach((d) => (d.open = true))")
        .await;
    browser
        .click(&format!(".actions button.action[data-index='{index}']"))
        .await;
    Control::Button
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_base_catan_game_is_played_to_its_end_by_clicks_on_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut browser = Browser::launch().await;

    // The lobby creates the game: its form's defaults are a base Catan game for three seats.
    browser.open(&format!("http://{}/", server.addr)).await;
    browser.click("form.create button[type=submit]").await;
    browser.eval("window.hexfold.settled()").await;
    let links = browser
        .eval("[...document.querySelectorAll('a.seat-link')].map((a) => a.getAttribute('href'))")
        .await;
    let links: Vec<String> = links
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_string())
        .collect();
    assert_eq!(links.len(), 3, "one link per seat");
    let parse = |link: &str| {
        let (game, token) = link
            .strip_prefix("#/game/")
            .and_then(|rest| rest.split_once("?token="))
            .unwrap_or_else(|| panic!("a seat link: {link}"));
        (game.to_string(), token.to_string())
    };
    let game_id = parse(&links[0]).0;
    let tokens: Vec<String> = links.iter().map(|l| parse(l).1).collect();
    let (_, png) = browser.screenshot("lobby").await;
    assert_eq!(png_size(&png), VIEWPORT);
    // The lobby lists it after a reload.
    browser.open(&format!("http://{}/", server.addr)).await;
    let listed = browser
        .eval("[...document.querySelectorAll('tr.game-row a')].map((a) => a.textContent)")
        .await;
    assert_eq!(listed, Value::from(vec![game_id.clone()]));

    // Seat 0 plays on the page, opened by clicking its link; the other two through the API.
    browser.open(&format!("http://{}/", server.addr)).await;
    browser.eval("location.hash = ''").await;
    browser
        .open(&format!("http://{}/{}", server.addr, links[0]))
        .await;
    let mut seats = Vec::new();
    for _ in 0..3 {
        seats.push(support::connect(server.addr).await);
    }
    let mut table = Table {
        game_id: game_id.clone(),
        tokens,
        seats,
        spectator: support::connect(server.addr).await,
        commands: 0,
    };
    let mut rng = StdRng::seed_from_u64(2026);
    let mut clicked = Vec::new();
    let (mut on_board, mut in_list) = (0, 0);
    for _ in 0..COMMANDS_MAX {
        let mut options = Vec::new();
        for seat in 0..3 {
            let legal = table.legal(seat).await.unwrap();
            if !legal.commands.is_empty() {
                options.push((seat, legal));
            }
        }
        if options.is_empty() {
            break;
        }
        let (seat, legal) = options.swap_remove(rand::Rng::gen_range(&mut rng, 0..options.len()));
        let command = support::pick(&legal.commands, &mut rng);
        if seat != 0 {
            table
                .submit(seat, command, Some(legal.version))
                .await
                .expect("a listed command is accepted");
            continue;
        }
        // The page, at the same event, offers the same actions; the chosen one is done with its control.
        wait_drawn(&mut browser, legal.version).await;
        assert_eq!(
            browser
                .eval("Number(document.querySelector('.actions').dataset.count)")
                .await,
            legal.commands.len() as u64,
            "at event {}",
            legal.version
        );
        let index = legal.commands.iter().position(|c| *c == command).unwrap();
        match do_action(&mut browser, &legal.commands, index).await {
            Control::Board => on_board += 1,
            _ => in_list += 1,
        }
        clicked.push(command);
        // The page drew what its command did, brought back by its live stream.
        wait_drawn_from(&mut browser, legal.version + 1).await;
        if clicked.len() == 12 {
            let (_, png) = browser.screenshot("catan-play-opening").await;
            assert_eq!(png_size(&png), VIEWPORT);
            // The seat's own hand is on the page as its five kinds of cards, and each seat's count of cards.
            let hands = browser
                .eval("[document.querySelectorAll('.hand .card').length, \
                       [0, 1, 2].map((s) => document.querySelector(`.players [data-seat='${s}']`).textContent.includes('cards in hand'))]")
                .await;
            assert_eq!(hands, serde_json::json!([5, [true, true, true]]));
        }
    }
    let finished = table.state(None, None).await.unwrap();
    assert_eq!(
        finished.summary.as_ref().unwrap().status,
        pb::GameStatus::Finished as i32,
        "the game ended within {COMMANDS_MAX} commands"
    );
    // Every command of seat 0 in the log is one the test clicked, in order: the page sent them all.
    let replay = table.replay().await;
    let sent: Vec<pb::Command> = replay
        .commands
        .into_iter()
        .filter(|c| c.seat == 0)
        .map(|c| c.command.unwrap())
        .collect();
    assert_eq!(sent, clicked);
    assert!(
        on_board >= 4 && in_list >= 4,
        "clicks on the board {on_board}, in the list {in_list}"
    );
    // The page followed to the end: its log has every event, and it offers nothing more.
    wait_drawn(&mut browser, finished.version).await;
    assert_eq!(
        count(&mut browser, ".log [data-version]").await,
        finished.version
    );
    assert_eq!(
        browser
            .eval("document.querySelector('.actions').dataset.count")
            .await,
        "0"
    );
    let (_, png) = browser.screenshot("catan-play-end").await;
    assert_eq!(png_size(&png), VIEWPORT);
    server.stop().await;
}

/// Every drawn thing on the board with its `data-*` attributes, by `data-kind`.
pub(crate) async fn drawn_items(browser: &mut Browser) -> Vec<serde_json::Map<String, Value>> {
    let items = browser
        .eval("[...document.querySelectorAll('.board svg [data-kind]')].map((el) => ({ ...el.dataset }))")
        .await;
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_object().unwrap().clone())
        .collect()
}

/// The `(a, b, c)` numbers of attributes `keys` of every drawn item of `kind`, as a sorted list.
pub(crate) fn of_kind(
    items: &[serde_json::Map<String, Value>],
    kind: &str,
    keys: &[&str],
) -> Vec<Vec<u32>> {
    let mut found: Vec<Vec<u32>> = items
        .iter()
        .filter(|i| i["kind"] == kind)
        .map(|i| {
            keys.iter()
                .map(|k| i[*k].as_str().unwrap().parse().unwrap())
                .collect()
        })
        .collect();
    found.sort();
    found
}

pub(crate) fn sorted(mut rows: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    rows.sort();
    rows
}

/// A game of `variant` played with random legal commands through the API until `enough` holds of its state,
/// and that state. The dice come from the server's random seed, so a game may end before it gets there: then
/// another game is played, up to five.
pub(crate) async fn game_reaching(
    addr: std::net::SocketAddr,
    variant: pb::Variant,
    seats: usize,
    seed: u64,
    enough: impl Fn(&pb::GetStateResponse) -> bool,
) -> (Table, pb::GetStateResponse) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut lengths = Vec::new();
    for _ in 0..5 {
        let mut table = Table::create(addr, variant, seats, pb::GameOptions::default()).await;
        for steps in 0..COMMANDS_MAX {
            let state = table.state(None, None).await.unwrap();
            if enough(&state) {
                return (table, state);
            }
            if table.step(&mut rng).await.is_none() {
                lengths.push(steps);
                break;
            }
        }
    }
    panic!("five {variant:?} games ended ({lengths:?} commands) before reaching the state the test needs")
}

/// Opens the game's page as a spectator and waits until it shows `state`'s event.
pub(crate) async fn open_game(
    browser: &mut Browser,
    addr: std::net::SocketAddr,
    table: &Table,
    state: &pb::GetStateResponse,
) {
    browser
        .open(&format!("http://{addr}/#/game/{}", table.game_id))
        .await;
    wait_drawn(browser, state.version).await;
}

/// The hex board's pieces of a Cities & Knights layer state, as the page should draw them.
fn ck_expected(layer: &pb::cities_knights::State, items: &[serde_json::Map<String, Value>]) {
    use pb::cities_knights::Track;
    let kind_of = |b: &pb::cities_knights::Building| {
        if b.metropolis.is_some_and(|m| m != Track::Unspecified as i32) {
            "metropolis"
        } else if b.city {
            "city"
        } else {
            "settlement"
        }
    };
    for kind in ["settlement", "city", "metropolis"] {
        let want: Vec<Vec<u32>> = layer
            .buildings
            .iter()
            .filter(|b| kind_of(b) == kind)
            .map(|b| vec![b.vertex, b.seat])
            .collect();
        assert_eq!(
            of_kind(items, kind, &["vertex", "seat"]),
            sorted(want),
            "{kind}"
        );
    }
    let walls: Vec<Vec<u32>> = layer
        .buildings
        .iter()
        .filter(|b| b.wall)
        .map(|b| vec![b.vertex, b.seat])
        .collect();
    assert_eq!(of_kind(items, "wall", &["vertex", "seat"]), sorted(walls));
    let knights: Vec<Vec<u32>> = layer
        .knights
        .iter()
        .map(|k| vec![k.vertex, k.seat, k.strength])
        .collect();
    assert_eq!(
        of_kind(items, "knight", &["vertex", "seat", "strength"]),
        sorted(knights)
    );
    let roads: Vec<Vec<u32>> = layer.roads.iter().map(|r| vec![r.edge, r.seat]).collect();
    assert_eq!(of_kind(items, "road", &["edge", "seat"]), sorted(roads));
    assert_eq!(of_kind(items, "robber", &["hex"]), vec![vec![layer.robber]]);
    assert_eq!(
        of_kind(items, "barbarian-ship", &["position"]),
        vec![vec![layer.barbarians]]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cities_and_knights_board_draws_its_buildings_knights_walls_and_barbarian_track() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let ck = |s: &pb::GetStateResponse| match s.state.as_ref().and_then(|s| s.game.as_ref()) {
        Some(pb::game_state::Game::CitiesKnights(k)) => k.clone(),
        other => panic!("not a Cities & Knights state: {other:?}"),
    };
    let (table, state) = game_reaching(server.addr, pb::Variant::CitiesAndKnights, 4, 31, |s| {
        let k = ck(s);
        !k.knights.is_empty() && k.buildings.iter().any(|b| b.wall)
    })
    .await;
    let layer = ck(&state);
    assert!(
        !layer.knights.is_empty() && layer.buildings.iter().any(|b| b.wall),
        "{layer:?}"
    );

    let mut browser = Browser::launch().await;
    open_game(&mut browser, server.addr, &table, &state).await;
    let items = drawn_items(&mut browser).await;
    assert_eq!(items.iter().filter(|i| i["kind"] == "hex").count(), 19);
    assert_eq!(items.iter().filter(|i| i["kind"] == "harbor").count(), 9);
    // The track's spaces, 0 (the start) to the attack space.
    assert_eq!(
        items
            .iter()
            .filter(|i| i["kind"] == "barbarian-space")
            .count(),
        8
    );
    ck_expected(&layer, &items);
    let (_, png) = browser.screenshot("cities-knights-board").await;
    assert_eq!(png_size(&png), VIEWPORT);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catania_board_draws_its_sea_map_ships_and_forces() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let catania = |s: &pb::GetStateResponse| match s.state.as_ref().and_then(|s| s.game.as_ref()) {
        Some(pb::game_state::Game::Catania(c)) => c.clone(),
        other => panic!("not a Catania state: {other:?}"),
    };
    let (table, state) = game_reaching(server.addr, pb::Variant::Catania, 6, 5, |s| {
        catania(s).ships.len() >= 2
    })
    .await;
    let cn = catania(&state);
    assert!(cn.ships.len() >= 2, "{cn:?}");
    let board = cn.board.as_ref().unwrap();

    let mut browser = Browser::launch().await;
    open_game(&mut browser, server.addr, &table, &state).await;
    let items = drawn_items(&mut browser).await;
    assert_eq!(
        items.iter().filter(|i| i["kind"] == "hex").count(),
        board.hexes.len()
    );
    assert_eq!(board.hexes.len(), 195);
    assert_eq!(
        items.iter().filter(|i| i["kind"] == "number").count(),
        board.hexes.iter().filter(|h| h.number.is_some()).count()
    );
    assert_eq!(
        items.iter().filter(|i| i["kind"] == "harbor").count(),
        board.harbors.len()
    );
    let ships: Vec<Vec<u32>> = cn.ships.iter().map(|s| vec![s.edge, s.seat]).collect();
    assert_eq!(of_kind(&items, "ship", &["edge", "seat"]), sorted(ships));
    for (kind, hex) in [
        ("pirate", cn.pirate),
        ("iceberg", cn.iceberg),
        ("hurricane", cn.hurricane),
        ("storm_cloud", cn.storm_cloud),
    ] {
        assert_eq!(
            of_kind(&items, kind, &["hex"]),
            hex.map(|h| vec![h]).into_iter().collect::<Vec<_>>(),
            "{kind}"
        );
    }
    let layer = cn.layer.as_ref().unwrap();
    ck_expected(layer, &items);
    assert_eq!(
        items
            .iter()
            .filter(|i| i["kind"] == "barbarian-space")
            .count() as u32,
        cn.barbarian_track_length + 1
    );
    // The Great Bridge's two sites and the Great Wall's six, and a row of the five wonders with their levels.
    let sites: Vec<Vec<u32>> = cn
        .wonder_sites
        .iter()
        .flat_map(|s| s.vertices.iter().map(|&v| vec![v]))
        .collect();
    assert_eq!(sites.len(), 8, "{:?}", cn.wonder_sites);
    assert_eq!(of_kind(&items, "wonder-site", &["vertex"]), sorted(sites));
    let wonders: Vec<_> = items.iter().filter(|i| i["kind"] == "wonder").collect();
    assert_eq!(wonders.len(), 5);
    let levels: u32 = wonders
        .iter()
        .map(|i| i["level"].as_str().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(levels, cn.wonders.iter().map(|w| w.level).sum::<u32>());
    let (_, png) = browser.screenshot("catania-board").await;
    assert_eq!(png_size(&png), VIEWPORT);
    server.stop().await;
}

/// The id of the game the lobby's form just created, from the link it shows.
async fn created_game(browser: &mut Browser) -> String {
    let href = browser
        .eval("document.querySelector('.created a').getAttribute('href')")
        .await;
    href.as_str()
        .and_then(|h| h.strip_prefix("#/game/"))
        .unwrap_or_else(|| panic!("a game link: {href}"))
        .to_string()
}

/// The lobby's bot seats: a game whose three seats the server plays, created through the form, issues no seat
/// link, plays to its end by itself, and the page opened on it follows every event live.
#[tokio::test]
async fn a_game_of_bots_created_in_the_lobby_plays_to_its_end_on_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut browser = Browser::launch().await;

    browser.open(&format!("http://{}/", server.addr)).await;
    // A word that is not a seat number is refused on the page, and nothing is created.
    browser
        .eval("document.querySelector('form.create input[name=bots]').value = '0, one'")
        .await;
    browser.click("form.create button[type=submit]").await;
    browser.eval("window.hexfold.settled()").await;
    let said = browser
        .eval("document.getElementById('status').textContent")
        .await;
    assert!(
        said.as_str().unwrap().contains("\"one\" is not one"),
        "{said}"
    );
    let mut client = server.client().await;
    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert!(listed.games.is_empty(), "nothing was created");

    browser
        .eval("document.querySelector('form.create input[name=bots]').value = '0, 1, 2'")
        .await;
    browser.click("form.create button[type=submit]").await;
    browser.eval("window.hexfold.settled()").await;
    let seats = browser
        .eval("[document.querySelectorAll('a.seat-link').length, document.querySelectorAll('.bot-seat').length]")
        .await;
    assert_eq!(seats, serde_json::json!([0, 3]), "no token for a bot seat");
    let game_id = created_game(&mut browser).await;

    browser
        .open(&format!("http://{}/#/game/{game_id}", server.addr))
        .await;
    let version = server.ended(&game_id).await;
    wait_drawn(&mut browser, version).await;
    assert_eq!(count(&mut browser, ".log [data-version]").await, version);
    let (_, png) = browser.screenshot("catan-bots-end").await;
    assert_eq!(png_size(&png), VIEWPORT);
    server.stop().await;
}

/// The lobby creates a timed game: a word where seconds belong is refused on the page and the server's refusal of
/// a reserve without a turn time is shown, neither creating anything; a game with a turn time and a reserve is
/// timed (GetState names each waited-for seat's deadline) and its page shows those deadlines and the reserve.
#[tokio::test]
async fn the_lobby_creates_a_timed_game_and_its_page_shows_the_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut browser = Browser::launch().await;
    let mut client = server.client().await;
    browser.open(&format!("http://{}/", server.addr)).await;

    let fill = |turn: &str, reserve: &str| {
        format!(
            "document.querySelector('form.create input[name=turn-seconds]').value = '{turn}';\
             document.querySelector('form.create input[name=reserve-seconds]').value = '{reserve}'"
        )
    };
    for (turn, reserve, expected) in [
        ("soon", "", "\"soon\" is not one"),
        ("", "60", "reserve_seconds needs turn_seconds"),
    ] {
        browser.eval(&fill(turn, reserve)).await;
        browser.click("form.create button[type=submit]").await;
        browser.eval("window.hexfold.settled()").await;
        let said = browser
            .eval("document.getElementById('status').textContent")
            .await;
        assert!(said.as_str().unwrap().contains(expected), "{said}");
        let listed = client
            .list_games(pb::ListGamesRequest::default())
            .await
            .unwrap()
            .into_inner();
        assert!(listed.games.is_empty(), "nothing was created: {turn:?}");
    }

    // Ten minutes a turn, so no timeout fires while the test looks.
    browser.eval(&fill("600", "90")).await;
    browser.click("form.create button[type=submit]").await;
    browser.eval("window.hexfold.settled()").await;
    let game_id = created_game(&mut browser).await;
    let state = client
        .get_state(pb::GetStateRequest {
            game_id: game_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    // The starting roll waits for every seat.
    let seats: Vec<u32> = state.deadlines.iter().map(|d| d.seat).collect();
    assert_eq!(seats, state.waiting_for);
    assert_eq!(seats, [0, 1, 2]);
    assert!(state.deadlines.iter().all(|d| d.reserve_ms == 90_000));

    browser
        .open(&format!("http://{}/#/game/{game_id}", server.addr))
        .await;
    let version = state.version;
    wait_drawn(&mut browser, version).await;
    let shown = browser
        .eval("Array.from(document.querySelectorAll('.deadline'), (d) => d.textContent)")
        .await;
    let shown = shown.as_array().unwrap();
    assert_eq!(shown.len(), 3, "{shown:?}");
    for (text, name) in shown.iter().zip(["ann", "bob", "cat"]) {
        let text = text.as_str().unwrap();
        assert!(
            text.starts_with(&format!("{name}: "))
                && text.contains(" left to act")
                && text.ends_with("reserve 90 s left"),
            "{text}"
        );
    }
    server.stop().await;
}

/// The open page plays the seat of `token` in `game_id`, and its address (`page`) names the game without the
/// token.
async fn seat_page(browser: &mut Browser, page: &str, game_id: &str, token: &str) {
    let seen = browser
        .eval(
            "[location.href, document.querySelector('h2').textContent, \
             document.querySelectorAll('.actions button').length]",
        )
        .await;
    assert_eq!(
        seen[0],
        format!("{page}#/game/{game_id}?play"),
        "the address"
    );
    assert!(!seen[0].as_str().unwrap().contains(token));
    assert_eq!(seen[1], "Catan: you play player 0");
    assert!(seen[2].as_u64().unwrap() > 0, "the seat's actions: {seen}");
}

/// A seat's link: once the page has read the token, the address (and so the browser's history) no longer holds
/// it, the page plays the seat, and a reload still does (the tab keeps the token). Throughout, the console shows
/// no error: no Content-Security-Policy violation (the page's own script, style, icon and gRPC-Web calls are all
/// within the policy), no failed icon load, and `securitypolicyviolation` never fires.
#[tokio::test]
async fn a_seat_link_keeps_the_token_out_of_the_address_and_the_console_clean() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut client = server.client().await;
    let created = support::create_catan(&mut client, 3).await;
    let (game_id, token) = (created.game_id.clone(), created.seats[0].token.clone());
    let mut browser = Browser::launch().await;
    browser
        .call(
            "Page.addScriptToEvaluateOnNewDocument",
            serde_json::json!({ "source": "window.violations = []; \
                addEventListener('securitypolicyviolation', (e) => \
                window.violations.push(e.violatedDirective + ' ' + e.blockedURI));" }),
        )
        .await;
    let page = format!("http://{}/", server.addr);
    browser
        .open(&format!("{page}#/game/{game_id}?token={token}"))
        .await;
    seat_page(&mut browser, &page, &game_id, &token).await;
    let stored = browser
        .eval(&format!(
            "sessionStorage.getItem('hexfold-token:{game_id}')"
        ))
        .await;
    assert_eq!(stored, token.as_str());
    // Loaded again in the same tab (another URL of the page, so the protocol waits for the new document, as a
    // reload would load it): still the seat, from the tab's storage.
    let again = format!("{page}?again");
    browser.open(&format!("{again}#/game/{game_id}?play")).await;
    seat_page(&mut browser, &again, &game_id, &token).await;
    // The game's address without `?play` (a spectator's link, the lobby's) watches, though this tab holds the
    // seat's token.
    let watch = format!("{page}?watch");
    browser.open(&format!("{watch}#/game/{game_id}")).await;
    browser.eval("window.hexfold.settled()").await;
    let watched = browser
        .eval("[document.querySelector('h2').textContent, document.querySelectorAll('.actions button').length]")
        .await;
    assert_eq!(watched, serde_json::json!(["Catan: watching", 0]));
    browser.open(&format!("{again}#/game/{game_id}?play")).await;
    seat_page(&mut browser, &again, &game_id, &token).await;
    // The icon loads as an image (img-src) and is answered at /favicon.ico (connect-src: the page's own origin).
    let icon = browser
        .eval(
            "Promise.all([ \
               new Promise((ok) => { const i = new Image(); i.onload = () => ok(i.naturalWidth > 0); \
                 i.onerror = () => ok(false); i.src = document.querySelector('link[rel=icon]').href; }), \
               fetch('/favicon.ico').then((r) => [r.status, r.headers.get('content-type')]) ])",
        )
        .await;
    assert_eq!(icon, serde_json::json!([true, [200, "image/svg+xml"]]));
    // A command from the page goes through (gRPC-Web to the page's origin).
    browser.click(".actions button").await;
    browser.eval("window.hexfold.settled()").await;
    let mut table_client = server.client().await;
    let state = table_client
        .get_state(pb::GetStateRequest {
            game_id: game_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(state.version, 1, "the seat's roll from the page");
    let violations = browser.eval("window.violations").await;
    assert_eq!(violations, serde_json::json!([]));
    let console = browser.console();
    let errors: Vec<_> = console
        .iter()
        .filter(|m| {
            m["level"] == "error"
                || m["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Content Security Policy"))
        })
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The check sees what it looks for: an image the server does not have is a failed load in the console, as a
    // missing icon was, and a script's error is there too.
    browser
        .eval(
            "new Promise((done) => { const i = new Image(); i.onerror = done; i.src = '/no-such-image.png'; })\
             .then(() => console.error('probe'))",
        )
        .await;
    browser.eval("window.hexfold.settled()").await;
    let console = browser.console();
    let failed = |m: &&Value| {
        m["level"] == "error" && m["url"].as_str().is_some_and(|u| u.ends_with(".png"))
    };
    assert!(console.iter().any(|m| failed(&m)), "{console:?}");
    assert!(console.iter().any(|m| m["text"] == "probe"), "{console:?}");
    server.stop().await;
}

/// What of the page's visible text looks like a program's rather than a person's: each offending line with the
/// pattern it matched. Raw is a camelCase or snake_case identifier, an enum's SCREAMING_CASE name, JSON's braces
/// and quotes, `key=value`, a count as the command line types it (`brick:13`, where words say `13 brick`), a
/// stringified object or an undefined value; and a log line the page cuts off with an ellipsis. Dice sums (`4+4=8`)
/// are words: `=` counts only after a name; so are ratios (`3:1`) and clocks (`1:05 left`): `:` only after a name.
const RAW_TEXT: &str = "(() => { \
    const patterns = [[/\\b[a-z]+[A-Z][A-Za-z]*\\b/, 'camelCase'], [/\\b[a-z]+_[a-z_]+\\b/, 'snake_case'], \
      [/\\b[A-Z]{2,}_[A-Z_]+\\b/, 'ENUM_NAME'], [/[{}\"]/, 'JSON'], [/\\b[A-Za-z_]+=/, 'key=value'], \
      [/\\b[A-Za-z-]+:\\d/, 'word:number'], \
      [/\\[object |\\bundefined\\b|\\bNaN\\b/, 'unset value']]; \
    const found = []; \
    for (const line of document.body.innerText.split('\\n')) \
      for (const [re, what] of patterns) if (re.test(line)) found.push(`${what}: ${line}`); \
    for (const line of document.querySelectorAll('.log [data-version]')) \
      if (getComputedStyle(line).textOverflow === 'ellipsis') found.push(`cut off: ${line.textContent}`); \
    return found; })()";

/// The page's visible text holds nothing raw (see [`RAW_TEXT`]); `where` names the page for the failure.
async fn assert_nothing_raw(browser: &mut Browser, place: &str) {
    let found = browser.eval(RAW_TEXT).await;
    assert_eq!(
        found,
        serde_json::json!([]),
        "raw text on the page: {place}"
    );
}

/// Every game's page, for a seat and for a spectator, at the start, mid-game, back in the replay and at the end,
/// shows words: no field names, JSON, `key=value` or enum spellings in the panels, actions, log or status. The
/// check itself is shown to see what it looks for. Screenshots of each game's table go to `target/web-artefacts/`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_games_page_shows_words_and_nothing_raw() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut browser = Browser::launch().await;
    let page = format!("http://{}/", server.addr);

    // The check sees what it looks for.
    browser.open(&page).await;
    browser
        .eval("document.getElementById('status').textContent = 'offerTrade give={\"brick\":0} PHASE_KIND_MAIN rejected_offer'")
        .await;
    let found = browser.eval(RAW_TEXT).await;
    assert_eq!(found.as_array().unwrap().len(), 5, "{found}");
    browser
        .eval("document.getElementById('status').textContent = 'the bank holds brick:13 lumber:12'")
        .await;
    let found = browser.eval(RAW_TEXT).await;
    let found: Vec<&str> = found
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert!(
        matches!(found[..], [line] if line.starts_with("word:number: ") && line.ends_with("brick:13 lumber:12")),
        "{found:?}"
    );

    for game in hexfold::games::GAMES.iter().filter(|g| g.shipped) {
        let (variant, name) = (game.variant, game.cli_name());
        let mut rng = StdRng::seed_from_u64(31);
        let mut table =
            Table::create(server.addr, variant, 4, support::variant_options(variant)).await;
        let token = table.tokens[0].clone();
        browser
            .open(&format!("{page}#/game/{}?token={token}", table.game_id))
            .await;
        wait_drawn(&mut browser, table.head().await).await;
        assert_nothing_raw(&mut browser, &format!("{name} at the start")).await;
        browser.screenshot(&format!("words-{name}-start")).await;
        play(&mut table, &mut rng, 150).await;
        let head = table.head().await;
        wait_drawn(&mut browser, head).await;
        assert_nothing_raw(&mut browser, &format!("{name} mid-game, seat 0")).await;
        browser.screenshot(&format!("words-{name}-mid")).await;
        // Back in the replay the page says it is showing an earlier board, not that the game ended.
        slide_to(&mut browser, head / 2).await;
        assert_nothing_raw(&mut browser, &format!("{name} replayed at {}", head / 2)).await;
        let text = browser
            .eval("document.querySelector('.info').innerText")
            .await;
        assert!(text.as_str().unwrap().contains("replay"), "{text}");
        // A spectator's page of the same game, in the same tab that played a seat: it watches.
        browser
            .open(&format!("{page}?watch#/game/{}", table.game_id))
            .await;
        wait_drawn(&mut browser, head).await;
        let title = browser
            .eval("document.querySelector('h2').textContent")
            .await;
        assert!(title.as_str().unwrap().ends_with("watching"), "{title}");
        assert_nothing_raw(&mut browser, &format!("{name} watched")).await;
    }
    server.stop().await;
}

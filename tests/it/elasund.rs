//! Elasund through the real server: a whole random game over gRPC checked against a local replay at every index
//! (and each seat seeing only its own cards), a game read and played with the CLI, its board drawn on the web page,
//! and a person playing it on the page against three bots. The layers' generic tests run it with every other game.

use crate::chromium::{png_size, Browser, VIEWPORT};
use crate::cli::{fails, numbered, ok, parse_created};
use crate::support::{self, Table};
use crate::web::{drawn_items, game_reaching, of_kind, open_game, sorted};
use hexfold::games::verify_replay;
use hexfold::proto::v1 as pb;
use rand::{rngs::StdRng, SeedableRng};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_elasund_game_through_grpc_matches_the_local_fold_at_every_index() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::create(
        server.addr,
        pb::Variant::Elasund,
        3,
        pb::GameOptions::default(),
    )
    .await;
    let mut rng = StdRng::seed_from_u64(21);
    let mut steps = 0;
    while table.step(&mut rng).await.is_some() {
        steps += 1;
        assert!(steps < 6000, "the random game did not end");
        // While the game runs, a seat sees only its own cards and a spectator none.
        if steps % 10 == 0 {
            for viewer in [Some(0), None] {
                let view = table.state(viewer, None).await.unwrap();
                if view.summary.as_ref().unwrap().status() == pb::GameStatus::Finished {
                    continue;
                }
                let Some(pb::game_state::Game::Elasund(state)) = view.state.and_then(|s| s.game)
                else {
                    panic!("not elasund")
                };
                for seat in &state.seats {
                    let own = viewer == Some(seat.seat as usize);
                    assert_eq!(
                        seat.hand.unwrap().detail.is_some(),
                        own,
                        "viewer {viewer:?}, seat {}",
                        seat.seat
                    );
                }
            }
        }
    }
    let head = table.head().await;
    let replay = table.replay().await;
    assert_eq!(replay.variant(), pb::Variant::Elasund);
    let mut replayed = Vec::new();
    let report =
        verify_replay(&replay, &mut |step| replayed.push(step)).expect("the replay verifies");
    assert_eq!(report.version, head);
    let events = table.events(None).await;
    for (event, step) in events.iter().zip(&replayed[1..]) {
        assert_eq!(
            event.event, step.event,
            "event {} differs from the replay",
            step.version
        );
    }
    for step in replayed.iter().step_by(7).chain(replayed.last()) {
        let got = table.state(None, Some(step.version)).await.unwrap();
        assert_eq!(
            got.state.as_ref(),
            Some(&step.state),
            "state at {} differs from the fold",
            step.version
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_elasund_game_reads_and_plays_through_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let url = format!("http://{}", server.addr);
    let url = url.as_str();
    let created = parse_created(
        &ok(
            url,
            &["create", "--variant", "elasund", "ann", "bob", "cat"],
        )
        .await,
    );
    let game = created.game.as_str();
    assert!(game.starts_with("elasund-"), "{game}");
    let token = |seat: usize| created.tokens[seat].as_str();
    let debug_free =
        |text: &str| !text.contains('{') && !text.contains("Some(") && !text.contains("::");

    // The opening turns, typed back from what `actions` prints: the first listed action of whoever may act.
    let mut typed_verbs = Vec::new();
    for _ in 0..24 {
        let mut moved = false;
        for seat in 0..3 {
            let text = ok(url, &["actions", game, "--token", token(seat)]).await;
            assert!(debug_free(&text), "{text}");
            let Some(first) = numbered(&text).next() else {
                continue;
            };
            let typed = first.trim_start().split_once("  ").unwrap().1.to_string();
            let mut args = vec!["submit", game, "--token", token(seat)];
            args.extend(typed.split_whitespace());
            let out = ok(url, &args).await;
            assert!(out.starts_with(&format!("{typed} -> version ")), "{out}");
            assert!(debug_free(&out), "{out}");
            typed_verbs.push(typed.split_whitespace().next().unwrap().to_string());
            moved = true;
            break;
        }
        assert!(moved, "nobody could act");
    }
    for verb in ["roll", "place-permit", "end"] {
        assert!(
            typed_verbs.iter().any(|v| v == verb),
            "{verb} in {typed_verbs:?}"
        );
    }

    let state = ok(url, &["state", game, "--token", token(0), "--board"]).await;
    for part in [
        "you are ann (seat 0)",
        "phase: ",
        "the city: 7 columns, a (by the sea) to g",
        "seats:",
        "ann's small cottage at d4",
        "permits: ",
        "walls: ",
        "city (7 columns",
        "north wall",
        "south wall",
    ] {
        assert!(state.contains(part), "{part:?} in {state}");
    }
    assert!(debug_free(&state), "{state}");
    // Ann sees her own colours, and only counts of the others'.
    let seat_line = |name: &str| {
        state
            .lines()
            .find(|l| l.len() > 4 && l[4..].starts_with(name))
            .unwrap_or_else(|| panic!("no line for {name} in {state}"))
    };
    assert!(seat_line("ann").contains(" influence ["), "{state}");
    assert!(!seat_line("bob").contains(" influence ["), "{state}");
    let events = ok(url, &["follow", game, "--no-live"]).await;
    assert!(debug_free(&events), "{events}");
    assert!(
        events.contains("starting influence dealt: ann one card, bob one card"),
        "{events}"
    );
    let typo = fails(
        url,
        &["submit", game, "--token", token(0), "buidl", "shop", "d8"],
    )
    .await;
    assert!(typo.contains("did you mean `build`?"), "{typo}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_elasund_board_draws_its_squares_permits_buildings_ship_and_walls() {
    use pb::elasund::{cell, piece};
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let elasund = |s: &pb::GetStateResponse| match s.state.as_ref().and_then(|s| s.game.as_ref()) {
        Some(pb::game_state::Game::Elasund(e)) => e.clone(),
        other => panic!("not an Elasund state: {other:?}"),
    };
    let (table, state) = game_reaching(server.addr, pb::Variant::Elasund, 4, 12, |s| {
        let e = elasund(s);
        e.walls.iter().any(|w| w.piece.is_some())
            && e.cells
                .iter()
                .any(|c| matches!(c.content, Some(cell::Content::Permit(_))))
            && e.pieces
                .iter()
                .filter(|p| matches!(p.place, Some(piece::Place::Board(_))))
                .count()
                > 3
    })
    .await;
    let e = elasund(&state);

    let mut browser = Browser::launch().await;
    open_game(&mut browser, server.addr, &table, &state).await;
    let items = drawn_items(&mut browser).await;
    assert_eq!(items.iter().filter(|i| i["kind"] == "square").count(), 90);
    let permits: Vec<Vec<u32>> = e
        .cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match &c.content {
            Some(cell::Content::Permit(p)) => Some(vec![i as u32, p.seat]),
            _ => None,
        })
        .collect();
    assert!(!permits.is_empty());
    assert_eq!(of_kind(&items, "permit", &["id", "seat"]), sorted(permits));
    let churches = e
        .cells
        .iter()
        .filter(|c| matches!(c.content, Some(cell::Content::Church(_))))
        .count();
    assert_eq!(
        items.iter().filter(|i| i["kind"] == "church").count(),
        churches
    );
    let buildings: Vec<Vec<u32>> = e
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(id, p)| match &p.place {
            Some(piece::Place::Board(b)) => Some(vec![id as u32, b.owner]),
            _ => None,
        })
        .collect();
    assert!(buildings.len() > 3);
    assert_eq!(
        of_kind(&items, "building", &["piece", "owner"]),
        sorted(buildings)
    );
    let covered = e
        .cells
        .iter()
        .filter(|c| matches!(c.content, Some(cell::Content::Building(_))))
        .count();
    assert_eq!(
        items
            .iter()
            .filter(|i| i["kind"] == "building-square")
            .count(),
        covered
    );
    let walls = e.walls.iter().filter(|w| w.piece.is_some()).count();
    assert!(walls > 0);
    assert_eq!(items.iter().filter(|i| i["kind"] == "wall").count(), walls);
    assert_eq!(
        items.iter().filter(|i| i["kind"] == "wall-place").count(),
        e.walls.len() - walls
    );
    assert_eq!(
        of_kind(&items, "ship", &["row"]),
        e.ship_row.map(|r| vec![r]).into_iter().collect::<Vec<_>>()
    );
    // Each building's name fits inside the squares it covers, so no two names run into each other (they did:
    // "workshopworkshop" where two one-column workshops stood side by side).
    let misfits = browser
        .eval(
            "[...document.querySelectorAll('.board svg text.building-name')].flatMap((t) => { \
               const squares = [...document.querySelectorAll(`.board svg [data-kind=building-square][data-piece='${t.dataset.piece}']`)].map((r) => r.getBBox()); \
               const b = t.getBBox(); \
               const [x0, y0] = [Math.min(...squares.map((s) => s.x)), Math.min(...squares.map((s) => s.y))]; \
               const [x1, y1] = [Math.max(...squares.map((s) => s.x + s.width)), Math.max(...squares.map((s) => s.y + s.height))]; \
               const inside = squares.length > 0 && b.x >= x0 - 0.01 && b.y >= y0 - 0.01 && b.x + b.width <= x1 + 0.01 && b.y + b.height <= y1 + 0.01; \
               return inside ? [] : [`${t.dataset.kindName} ${t.dataset.piece}: ${b.x.toFixed(2)},${b.y.toFixed(2)} ${b.width.toFixed(2)}x${b.height.toFixed(2)} in ${x0},${y0}-${x1},${y1}`]; })",
        )
        .await;
    assert_eq!(
        misfits,
        serde_json::json!([]),
        "names outside their buildings"
    );
    let (_, png) = browser.screenshot("elasund-board").await;
    assert_eq!(png_size(&png), VIEWPORT);
    server.stop().await;
}

/// A person plays Elasund on the web page against three bots (tests/it/web_play.rs): a discard to the pirate and
/// influence cards played for a special action or a permit placed anywhere (the seed: "du må spille ut
/// innflytelseskort", you must play influence cards). Elasund has no trade: no player trades cards with another or
/// with a bank (docs/rules/elasund.md has no such rule; its "trade" is the trade track's points from windmills,
/// ELA-TRADE-01/02), so none is asked for. Its one discard is the pirate's (ELA-PIRATE-02): one card per cube of the
/// seat's in the pirate's row, so the person must have built where the pirate goes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_elasund_against_three_bots_to_the_end_with_a_discard_and_influence_played()
{
    let proofs = crate::web_play::Proofs {
        hold: false,
        want: &[
            ("discard", r"^\d+ Robin discarded .+ to the pirate$"),
            (
                "card",
                r"^\d+ Robin (placed permit|moved a permit|upgraded permit|took \d+ gold)\b.* for .*\b(red|green|blue)\b",
            ),
        ],
    };
    crate::web_play::play_until_proved("Elasund", &proofs, 3).await;
}

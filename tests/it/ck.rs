//! A complete random Cities & Knights game through gRPC: one client per seat playing from `LegalActions`, hidden
//! progress cards and hands checked per viewer while it runs, and the recorded game checked against a local replay.

use crate::support::{self, Table};
use hexfold::games::verify_replay;
use hexfold::proto::v1 as pb;
use pb::cities_knights as k;
use rand::{rngs::StdRng, SeedableRng};

fn ck_state(view: pb::GetStateResponse) -> k::State {
    match view.state.and_then(|s| s.game) {
        Some(pb::game_state::Game::CitiesKnights(state)) => state,
        other => panic!("not a Cities & Knights state: {other:?}"),
    }
}

/// Whether `viewer` looks into `seat`'s progress cards (`progress`) or hand through a spy or master merchant.
pub(crate) fn peeks(state: &k::State, viewer: Option<u32>, seat: u32, progress: bool) -> bool {
    use k::obligation::Obligation as O;
    state
        .obligations
        .iter()
        .any(|o| match o.obligation.as_ref() {
            Some(O::TakeCards(t)) => !progress && Some(t.seat) == viewer && t.from == seat,
            Some(O::TakeProgressCard(t)) => progress && Some(t.seat) == viewer && t.from == seat,
            _ => false,
        })
}

/// While the game runs, `viewer` (a seat, or the spectator) sees its own hand and progress cards and nobody
/// else's, and no other seat's drawn, returned or stolen card.
async fn check_hidden(table: &mut Table, viewer: Option<usize>) -> bool {
    let view = table.state(viewer, None).await.unwrap();
    if view.summary.as_ref().unwrap().status() == pb::GameStatus::Finished {
        return false;
    }
    let state = ck_state(view);
    let me = viewer.map(|v| v as u32);
    for p in &state.players {
        let own = me == Some(p.seat);
        assert_eq!(
            p.hand.is_some(),
            own || peeks(&state, me, p.seat, false),
            "viewer {viewer:?} and seat {}'s hand",
            p.seat
        );
        assert_eq!(
            p.progress_cards.is_some(),
            own || peeks(&state, me, p.seat, true),
            "viewer {viewer:?} and seat {}'s progress cards",
            p.seat
        );
        if let Some(cards) = &p.progress_cards {
            assert_eq!(cards.cards.len() as u32, p.progress_card_count);
        }
    }
    let victory_points = [
        k::ProgressCard::Printer as i32,
        k::ProgressCard::Constitution as i32,
    ];
    let mut hidden_draws = 0;
    for envelope in table.events(viewer).await {
        use k::event::Event as E;
        let Some(pb::event::Body::CitiesKnights(k::Event { event: Some(event) })) =
            envelope.event.and_then(|e| e.body)
        else {
            continue;
        };
        match event {
            E::ProgressCardDrawn(d) if me != Some(d.seat) => {
                hidden_draws += 1;
                assert!(
                    d.card.is_none_or(|c| victory_points.contains(&c)),
                    "viewer {viewer:?} sees seat {}'s drawn card",
                    d.seat
                );
            }
            E::ProgressCardReturned(r) if me != Some(r.seat) => assert!(r.card.is_none()),
            E::CardStolen(s) if me != Some(s.thief) && me != Some(s.victim) => {
                assert!(s.good.is_none())
            }
            E::ProgressCardTaken(t) if me != Some(t.seat) && me != Some(t.victim) => {
                assert!(t.card.is_none())
            }
            E::CardsTaken(t) if me != Some(t.seat) && me != Some(t.victim) => {
                assert!(t.cards.is_none())
            }
            _ => {}
        }
    }
    hidden_draws > 0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_cities_and_knights_game_through_grpc_matches_the_local_fold() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::create(
        server.addr,
        pb::Variant::CitiesAndKnights,
        4,
        pb::GameOptions::default(),
    )
    .await;
    let mut rng = StdRng::seed_from_u64(31);
    let mut steps = 0;
    let mut hidden_draws_seen = false;
    while table.step(&mut rng).await.is_some() {
        steps += 1;
        assert!(steps < 10_000, "the random game did not end");
        if steps % 150 == 0 {
            for viewer in [Some(0), Some(3), None] {
                hidden_draws_seen |= check_hidden(&mut table, viewer).await;
            }
        }
    }
    assert!(
        hidden_draws_seen,
        "no progress card was drawn by another seat"
    );

    let head_state = table.state(None, None).await.unwrap();
    let head = head_state.version;
    let summary = head_state.summary.clone().unwrap();
    assert_eq!(summary.status(), pb::GameStatus::Finished);
    assert_eq!(summary.variant(), pb::Variant::CitiesAndKnights);
    let replay = table.replay().await;
    let mut replayed = Vec::new();
    let report =
        verify_replay(&replay, &mut |step| replayed.push(step)).expect("the replay verifies");
    assert_eq!(report.version, head);
    assert_eq!(report.winner, summary.winner);
    assert_eq!(replayed.len() as u64, head + 1);
    let events = table.events(None).await;
    assert_eq!(events.len() as u64, head);
    for (event, step) in events.iter().zip(&replayed[1..]) {
        assert_eq!(
            event.event, step.event,
            "event {} differs from the replay",
            step.version
        );
    }
    for step in replayed.iter().step_by(7).chain(replayed.last()) {
        let got = table.state(Some(1), Some(step.version)).await.unwrap();
        assert_eq!(
            got.state.as_ref(),
            Some(&step.state),
            "state at {} differs from the fold",
            step.version
        );
    }
    server.stop().await;
}

//! Hidden information: a seat's state, events and stream never show another seat's cards; a spectator sees none.

use crate::support::{self, catan_event, catan_state, Table};
use hexfold::proto::v1 as pb;
use pb::catan as c;
use rand::{rngs::StdRng, SeedableRng};
use tokio::sync::watch;

/// Checks one event as seen by `viewer` (`None`: spectator) while the game runs; returns which hidden-card
/// events it was (stolen card, bought card), so the test can insist that both happened.
pub(crate) fn check_event(viewer: Option<u32>, event: &pb::EventEnvelope) -> (bool, bool) {
    match catan_event(event) {
        Some(c::event::Event::ResourceStolen(s)) => {
            let entitled = viewer == Some(s.thief) || viewer == Some(s.victim);
            assert_eq!(
                s.resource.is_some(),
                entitled,
                "viewer {viewer:?} and stolen card {s:?}"
            );
            (true, false)
        }
        Some(c::event::Event::DevelopmentCardBought(b)) => {
            assert_eq!(
                b.card.is_some(),
                viewer == Some(b.seat),
                "viewer {viewer:?} and bought card {b:?}"
            );
            (false, true)
        }
        _ => (false, false),
    }
}

/// Checks a running base Catan game's state as `viewer` (`None`: spectator) reads it: only the viewer's own hand
/// and development cards are shown.
pub(crate) fn check_state(viewer: Option<u32>, state: &pb::GetStateResponse) {
    assert_eq!(state.viewer_seat, viewer);
    for p in &catan_state(state).players {
        let own = viewer == Some(p.seat);
        assert_eq!(
            p.resources.is_some(),
            own,
            "viewer {viewer:?} sees the hand of seat {}",
            p.seat
        );
        assert_eq!(p.development_cards.is_some(), own);
        assert_eq!(p.development_cards_new.is_some(), own);
        assert_eq!(p.victory_point_cards.is_some(), own);
        if let Some(hand) = &p.resources {
            let total = hand.brick + hand.lumber + hand.wool + hand.grain + hand.ore;
            assert_eq!(total, p.resource_count);
        }
    }
}

/// Collects a subscription's events until `last` says where to stop (or the stream ends with the game).
pub(crate) async fn collect(
    mut stream: tonic::Streaming<pb::SubscribeResponse>,
    mut last: watch::Receiver<u64>,
) -> Vec<pb::EventEnvelope> {
    let mut events: Vec<pb::EventEnvelope> = Vec::new();
    loop {
        let stop = *last.borrow();
        if stop > 0 && events.last().is_some_and(|e| e.version >= stop) {
            return events;
        }
        tokio::select! {
            message = stream.message() => match message.expect("stream") {
                Some(pb::SubscribeResponse { item: Some(pb::subscribe_response::Item::Event(e)) }) => events.push(e),
                Some(_) => {}
                None => return events,
            },
            _ = last.changed() => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_and_spectators_never_see_hidden_cards() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::new(server.addr, 4).await;
    let (last_tx, last_rx) = watch::channel(0u64);
    let mut watchers = Vec::new();
    for viewer in [Some(1u32), None] {
        let token = viewer.map(|seat| table.tokens[seat as usize].as_str());
        let stream = server.subscribe(&table.game_id, token).await;
        watchers.push((viewer, tokio::spawn(collect(stream, last_rx.clone()))));
    }

    let mut rng = StdRng::seed_from_u64(3);
    let (mut stolen, mut bought) = (false, false);
    let mut steps = 0;
    let mut head = 0;
    while steps < 150 || !(stolen && bought) {
        let Some((seat, response)) = table.step(&mut rng).await else {
            break;
        };
        steps += 1;
        if table
            .state(None, None)
            .await
            .unwrap()
            .summary
            .unwrap()
            .status()
            == pb::GameStatus::Finished
        {
            // From here on everything is public; the checks below are about a running game.
            break;
        }
        head = response.version;
        for event in &response.events {
            let (s, b) = check_event(Some(seat as u32), event);
            stolen |= s;
            bought |= b;
        }
        for viewer in 0..4 {
            check_state(
                Some(viewer),
                &table.state(Some(viewer as usize), None).await.unwrap(),
            );
        }
        check_state(None, &table.state(None, None).await.unwrap());
    }
    assert!(
        stolen && bought,
        "the game showed no stolen or bought card to check ({steps} commands)"
    );
    for viewer in [Some(0u32), Some(3), None] {
        let events = table.events(viewer.map(|v| v as usize)).await;
        for event in events.iter().filter(|e| e.version <= head) {
            check_event(viewer, event);
        }
    }
    last_tx.send(head).unwrap();
    for (viewer, watcher) in watchers {
        let events = watcher.await.unwrap();
        assert!(events.len() as u64 >= head);
        for event in events.iter().filter(|e| e.version <= head) {
            check_event(viewer, event);
        }
    }
    server.stop().await;
}

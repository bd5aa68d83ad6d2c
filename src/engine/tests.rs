//! The engine driven directly, in rules types, over a real store in a temporary directory.

use super::*;
use crate::stored;
use hexfold_rules::catan::{Catan, Command, EventView};
use hexfold_rules::Game;
use hexfold_store::{Durability, StoreConfig};
use hexfold_table::TableEventView;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The engine's answers as they are, in rules types: the wire of an in-process caller.
struct Plain;

impl<G: StoredGame> Wire<G> for Plain {
    type Event = EventAt<G::EventView>;
    type Update = Update<EventAt<G::EventView>>;
    type Actions = Actions<G::Command>;
    type Error = ApiError;

    fn event(_: &str, at: EventAt<G::EventView>) -> Self::Event {
        at
    }

    fn update(update: Update<Self::Event>) -> Self::Update {
        update
    }

    fn actions(actions: &Actions<G::Command>) -> Self::Actions {
        actions.clone()
    }
}

fn is_response(command: &Command) -> bool {
    matches!(
        command,
        Command::AcceptTrade | Command::RejectTrade | Command::CounterOffer { .. }
    )
}

fn submit(game_id: &str, step: u64, expected: Option<u64>, command: Command) -> Submit<Command> {
    Submit {
        game_id: game_id.to_string(),
        command_id: CommandId::new(format!("c{step}")).unwrap(),
        expected_version: expected,
        command,
        with_legal_actions: false,
    }
}

/// An engine for base Catan over a store in `dir`, and a new four-seat game: its id and the seats' credentials.
async fn catan_game(dir: &std::path::Path) -> (Engine<Catan>, String, Vec<Credential>) {
    let store = Store::open(
        dir,
        StoreConfig {
            durability: Durability::Flush,
        },
    )
    .unwrap();
    // The shutdown signal's sender goes at once: only stream tasks watch it, and these tests open none.
    let (_, shutdown) = watch::channel(false);
    let engine = Engine::<Catan>::new(Arc::new(Shared {
        store,
        limits: Limits::default(),
        streams: Arc::new(Semaphore::new(16)),
        shutdown,
    }));
    let seats = SeatNames::new(["a", "b", "c", "d"].map(String::from).to_vec()).unwrap();
    let options = stored::StoredOptions {
        map: "MAP_KIND_UNSPECIFIED".into(),
        victory_points: 0,
        negotiated_defence: false,
    };
    // What the API's default options resolve to for four seats.
    let config = hexfold_rules::catan::Config {
        seats: 4,
        map: hexfold_rules::catan::MapKind::Beginner,
        points_to_win: hexfold_rules::catan::POINTS_TO_WIN,
    };
    let created = engine.create(seats, options, config).await.unwrap();
    let creds = created
        .seats
        .iter()
        .map(|(_, token)| Credential::from_token(token))
        .collect();
    (engine, created.game_id, creds)
}

/// Every seat asked to answer a trade offer has a turn with actions; once one of them takes the offer, the
/// others' turns must say they may not act, or a session that had not yet sent its prompt would send a stale
/// one (see `publish_turn`). Plays a seeded random game over the engine (real store in a temporary directory)
/// until such an offer is taken.
#[tokio::test]
async fn the_prompts_of_an_offer_taken_by_another_seat_are_withdrawn() {
    let dir = tempfile::tempdir().unwrap();
    let (engine, id, creds) = catan_game(dir.path()).await;
    let mut watches = Vec::new();
    for cred in &creds {
        watches.push(engine.watch_turn(*cred, id.clone()).await.unwrap());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for step in 0..20_000 {
        let turns: Vec<Turn<Command>> = watches.iter_mut().map(|w| w.unseen(None)).collect();
        assert!(
            turns[0].ended.is_none(),
            "the game ended before an offer was taken"
        );
        let responders: Vec<usize> = (0..turns.len())
            .filter(|&s| {
                turns[s]
                    .actions
                    .as_ref()
                    .is_some_and(|a| a.commands.iter().any(is_response))
            })
            .collect();
        let taker = responders.iter().copied().find(|&s| {
            let actions = turns[s].actions.as_ref().unwrap();
            actions.commands.contains(&Command::AcceptTrade)
        });
        let (seat, command) = match taker {
            Some(taker) if responders.len() >= 2 => (taker, Command::AcceptTrade),
            _ => {
                // Any seat that may act, any of its actions; an active seat that may offer a trade does so
                // half of the time, and nobody answers an offer before it can be taken.
                let acting: Vec<usize> = (0..turns.len())
                    .filter(|&s| turns[s].actions.is_some() && !responders.contains(&s))
                    .collect();
                let seat = acting[rng.gen_range(0..acting.len())];
                let commands = &turns[seat].actions.as_ref().unwrap().commands;
                let offers: Vec<&Command> = commands
                    .iter()
                    .filter(|cmd| matches!(cmd, Command::OfferTrade { .. }))
                    .collect();
                let command = if !offers.is_empty() && rng.gen_bool(0.5) {
                    offers[rng.gen_range(0..offers.len())].clone()
                } else {
                    commands[rng.gen_range(0..commands.len())].clone()
                };
                (seat, command)
            }
        };
        let is_take = taker == Some(seat) && responders.len() >= 2;
        let accepted = engine
            .submit::<Plain>(creds[seat], submit(&id, step, None, command))
            .await
            .unwrap();
        if is_take {
            assert!(accepted.events.iter().any(|e| matches!(
                e.event,
                TableEventView::Game(EventView::TradeCompleted { .. })
            )));
            for &other in responders.iter().filter(|&&s| s != seat) {
                let turn = watches[other].unseen(None);
                assert!(
                    turn.actions.is_none(),
                    "seat {other} may still answer an offer seat {seat} took: {:?}",
                    turn.actions
                );
            }
            return;
        }
    }
    panic!("no offer was taken in 20 000 commands");
}

/// A snapshot written by a build whose state had another schema (here: one from before schemas were
/// recorded, holding a wrong state) is not trusted: the state is folded from the events, and the snapshot is
/// rewritten in the current schema.
#[tokio::test]
async fn a_snapshot_of_another_schema_is_folded_again_and_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let (engine, id, creds) = catan_game(dir.path()).await;
    let k = engine.shared.limits.snapshot_every;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut version = 0;
    while version < k + 5 {
        let mut submitted = false;
        for cred in &creds {
            let Ok(legal) = engine.legal_actions(*cred, &id).await else {
                continue;
            };
            if legal.commands.is_empty() {
                continue;
            }
            let command = legal.commands[rng.gen_range(0..legal.commands.len())].clone();
            let accepted = engine
                .submit::<Plain>(*cred, submit(&id, version, Some(legal.version), command))
                .await
                .unwrap();
            version = accepted.version;
            submitted = true;
            break;
        }
        assert!(submitted, "no seat could act at version {version}");
    }
    let expected = engine
        .state(Credential::Anonymous, &id, Some(k))
        .await
        .unwrap();
    let shared = Arc::clone(&engine.shared);
    let (meta, _, _) = engine.peek(&id).await.unwrap();
    let wrong = stored::encode(&Catan::initial_state(&meta.setup));
    shared.store.put_snapshot(&id, k, wrong).unwrap();

    let fresh = Engine::<Catan>::new(Arc::clone(&shared));
    let got = fresh
        .state(Credential::Anonymous, &id, Some(k))
        .await
        .unwrap();
    assert_eq!(got, expected);
    let (written_at, bytes) = shared.store.snapshot_at_or_before(&id, k).unwrap().unwrap();
    assert_eq!(written_at, k);
    let rewritten: Option<hexfold_rules::catan::State> =
        stored::decode_snapshot(&id, Catan::STATE_SCHEMA, &bytes).unwrap();
    assert!(rewritten.is_some(), "the stale snapshot was not rewritten");
}

/// A fresh game's seed comes from the operating system: two are never the same.
#[test]
fn fresh_seeds_differ() {
    assert_ne!(auth::fresh_seed(), auth::fresh_seed());
}

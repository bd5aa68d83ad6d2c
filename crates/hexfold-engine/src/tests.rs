//! The engine driven directly, in rules types, over a real store in a temporary directory: sled's, held as the
//! trait as the server holds it, and sled's behind a wrapper that counts the engine's calls.

use super::*;
use crate::stored;
use crate::testing::*;
use hexfold_rules::catan::{Catan, Command, EventView};
use hexfold_rules::Game;
use hexfold_store::GlobalEntry;
use hexfold_table::TableEventView;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn is_response(command: &Command) -> bool {
    matches!(
        command,
        Command::AcceptTrade | Command::RejectTrade | Command::CounterOffer { .. }
    )
}

/// Every seat asked to answer a trade offer has a turn with actions; once one of them takes the offer, the
/// others' turns must say they may not act, or a session that had not yet sent its prompt would send a stale
/// one (see `publish_turn`). Plays a seeded random game over the engine (real store in a temporary directory)
/// until such an offer is taken.
#[tokio::test]
async fn the_prompts_of_an_offer_taken_by_another_seat_are_withdrawn() {
    let dir = tempfile::tempdir().unwrap();
    let (engine, id, creds) = catan_game(sled_store(dir.path())).await;
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
    let (engine, id, creds) = catan_game(sled_store(dir.path())).await;
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
    shared.store.put_snapshot(&id, k, wrong).await.unwrap();

    let fresh = Engine::<Catan>::new(Arc::clone(&shared));
    let got = fresh
        .state(Credential::Anonymous, &id, Some(k))
        .await
        .unwrap();
    assert_eq!(got, expected);
    let (written_at, bytes) = shared
        .store
        .snapshot_at_or_before(&id, k)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(written_at, k);
    let rewritten: Option<hexfold_rules::catan::State> =
        stored::decode_snapshot(&id, Catan::STATE_SCHEMA, &bytes).unwrap();
    assert!(rewritten.is_some(), "the stale snapshot was not rewritten");
}

/// The engine runs over any `Arc<dyn EventStore>`, and its command path costs the store what it should: an
/// accepted command exactly one call, its append (the head is cached, snapshots travel inside the append, and
/// asking for the legal actions reads nothing); a refused command one `find_command`, answered from memory
/// without reaching sled; only a retry of an applied command reads (the original's events). A second engine
/// over the same store then rebuilds the same state from it.
#[tokio::test]
async fn the_command_path_makes_one_store_call_per_accepted_command_and_none_reaching_sled_per_refusal(
) {
    let dir = tempfile::tempdir().unwrap();
    let counting = Arc::new(Counting::new(sled_store(dir.path())));
    let (engine, id, creds) = catan_game(Arc::clone(&counting) as Arc<dyn EventStore>).await;
    assert_eq!(counting.methods(), ["create_stream"]);
    let k = engine.shared.limits.snapshot_every;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut version = 0;
    let mut accepted_commands = 0;
    // Past a snapshot version, so that one append carries a snapshot.
    while version < 2 * k {
        let mut acted = false;
        for (seat, cred) in creds.iter().enumerate() {
            let legal = engine.legal_actions(*cred, &id).await.unwrap();
            assert_eq!(counting.take(), [], "legal actions read the store");
            if legal.commands.is_empty() {
                continue;
            }
            // A stale expected version, under an id never used: refused, and ruled out as a retry from memory.
            // (Before the game's first append sled's writer does not hold the stream yet, and it reads instead.)
            let stale = Submit {
                command_id: CommandId::new(format!("stale-{version}-{seat}")).unwrap(),
                ..submit(&id, 0, Some(version + 1), legal.commands[0].clone())
            };
            let refused = engine.submit::<Plain>(*cred, stale).await.unwrap_err();
            assert!(
                matches!(refused, EngineError::VersionConflict { .. }),
                "{refused:?}"
            );
            let calls = counting.take();
            if version > 0 {
                assert_eq!(calls, [("find_command", true)], "at version {version}");
            } else {
                assert_eq!(calls.len(), 1, "{calls:?}");
                assert_eq!(calls[0].0, "find_command");
            }

            let command = legal.commands[rng.gen_range(0..legal.commands.len())].clone();
            let step = accepted_commands;
            let answer = engine
                .submit::<Plain>(*cred, submit(&id, step, Some(version), command))
                .await
                .unwrap();
            assert!(!answer.duplicate);
            let calls = counting.methods();
            let (_, _, finished) = engine.peek(&id).await.unwrap();
            assert_eq!(counting.take(), [], "a cached head read the store");
            // The batch that ends a game reads too (it is answered as everyone sees it from then on, from the
            // state before it folded again from the store), so this seed must not end the game this early.
            assert!(!finished, "the game ended at version {}", answer.version);
            assert_eq!(calls, ["append"], "at version {version}");
            version = answer.version;
            accepted_commands += 1;
            acted = true;
            break;
        }
        assert!(acted, "no seat could act at version {version}");
    }

    // A retry of an applied command whose command the rules now refuse (its expected version is stale): the id
    // is known, so the store reads its record, and the original's events are read to answer with them.
    let first = engine
        .submit::<Plain>(creds[0], submit(&id, 0, Some(0), Command::RollDice))
        .await
        .unwrap();
    assert!(first.duplicate);
    let calls = counting.methods();
    assert_eq!(calls.first(), Some(&"find_command"), "{calls:?}");
    assert!(calls.contains(&"read"), "{calls:?}");

    // Nothing is cached in a new engine: it loads the head through the same store, to the same state.
    let expected = engine
        .state(Credential::Anonymous, &id, None)
        .await
        .unwrap();
    let fresh = Engine::<Catan>::new(Arc::clone(&engine.shared));
    let got = fresh.state(Credential::Anonymous, &id, None).await.unwrap();
    assert_eq!(got, expected);
    // The newest snapshot, then the events after it (none if the head is a snapshot's version).
    let loaded = counting.methods();
    assert_eq!(
        loaded[..3],
        ["meta", "head", "snapshot_at_or_before"],
        "{loaded:?}"
    );
    assert!(loaded[3..].iter().all(|&m| m == "read"), "{loaded:?}");
}

/// Several servers on one store, each an engine with its own cache: a server whose cached head another has moved
/// past never accepts a command decided on the old state. The append's expected version catches a command the
/// old state allows, even with the refusal check off; with it on, a command only the new state allows, and an
/// expected version only the new head has, are decided again on the stored head and accepted there.
#[tokio::test]
async fn a_server_whose_cached_head_is_behind_decides_again_on_the_stored_head() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, id, creds) = catan_game(sled_store(dir.path())).await;
    let store = Arc::clone(&writer.shared.store);
    let unchecked = Engine::<Catan>::new(shared_over(Arc::clone(&store), false));
    let late = Engine::<Catan>::new(shared_over(Arc::clone(&store), true));
    let expecting = Engine::<Catan>::new(shared_over(Arc::clone(&store), true));
    for engine in [&writer, &unchecked, &late, &expecting] {
        let cached = engine
            .state(Credential::Anonymous, &id, None)
            .await
            .unwrap();
        assert_eq!(cached.version, 0);
    }
    let (seat, first) = acting(&writer, &id, &creds).await;
    let old = first.commands[0].clone();
    let accepted = writer
        .submit::<Plain>(creds[seat], submit(&id, 0, None, old.clone()))
        .await
        .unwrap();
    let moved = accepted.version;
    assert!(
        !writer
            .legal_actions(creds[seat], &id)
            .await
            .unwrap()
            .commands
            .contains(&old),
        "the test needs a command the new head refuses"
    );

    // Legal on the stale head, not on the stored one: the append fails on its expected version, the command is
    // decided again on the reloaded head and refused there. Nothing is written.
    let refused = unchecked
        .submit::<Plain>(creds[seat], submit(&id, 1, None, old.clone()))
        .await
        .unwrap_err();
    assert!(
        matches!(refused, EngineError::Violation { .. }),
        "{refused:?}"
    );
    assert_eq!(store.head(&id).await.unwrap(), moved);

    // Legal on the stored head: whatever the stale head's rules say, it is decided there and accepted.
    let (seat, second) = acting(&writer, &id, &creds).await;
    let answer = late
        .submit::<Plain>(
            creds[seat],
            submit(&id, 2, None, second.commands[0].clone()),
        )
        .await
        .unwrap();
    assert!(!answer.duplicate);
    assert_eq!(answer.events[0].version, moved + 1);
    let head = store.head(&id).await.unwrap();
    assert_eq!(answer.version, head);

    // An expected version only the stored head has: refused as a conflict on the stale head, then accepted.
    // (The writer is behind now too; `late` wrote the head.)
    let (seat, third) = acting(&late, &id, &creds).await;
    assert_eq!(third.version, head);
    let answer = expecting
        .submit::<Plain>(
            creds[seat],
            submit(&id, 3, Some(head), third.commands[0].clone()),
        )
        .await
        .unwrap();
    assert_eq!(answer.events[0].version, head + 1);

    // Each engine's view of the game is the stored one.
    let expected = Engine::<Catan>::new(shared_over(Arc::clone(&store), true))
        .state(Credential::Anonymous, &id, None)
        .await
        .unwrap();
    let got = expecting
        .state(Credential::Anonymous, &id, None)
        .await
        .unwrap();
    assert_eq!(got, expected);
}

/// Following another server's game that nobody here watches reads none of its events: one this engine does not
/// cache costs no store call at all, and one it caches has its head dropped, so its next use loads the new head.
#[tokio::test]
async fn a_followed_game_nobody_here_watches_costs_no_read_of_its_events() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, id, creds) = catan_game(sled_store(dir.path())).await;
    let store = Arc::clone(&writer.shared.store);
    let counting = Arc::new(Counting::new(Arc::clone(&store)));
    let follower = Engine::<Catan>::new(shared_over(
        Arc::clone(&counting) as Arc<dyn EventStore>,
        true,
    ));
    let mut followed = 0;
    let mut play_one = async |step: u64| {
        let (seat, actions) = acting(&writer, &id, &creds).await;
        let command = actions.commands[0].clone();
        let expected = Some(actions.version);
        writer
            .submit::<Plain>(creds[seat], submit(&id, step, expected, command))
            .await
            .unwrap();
        let run: Vec<GlobalEntry> = store.read_global_index(followed + 1, 100).await.unwrap();
        followed = run.last().unwrap().global;
        run
    };

    let run = play_one(0).await;
    follower.follow(&id, run).await.unwrap();
    assert_eq!(counting.methods(), Vec::<&str>::new(), "a game not cached");

    let cached = follower
        .state(Credential::Anonymous, &id, None)
        .await
        .unwrap();
    assert_eq!(cached.version, store.head(&id).await.unwrap());
    counting.take();
    let run = play_one(1).await;
    let last = run.last().unwrap().version;
    follower.follow(&id, run).await.unwrap();
    assert_eq!(counting.methods(), Vec::<&str>::new(), "a game only cached");
    let now = follower
        .state(Credential::Anonymous, &id, None)
        .await
        .unwrap();
    assert_eq!(now.version, last, "the dropped head is loaded again");
    assert!(counting.methods().contains(&"head"));
}

/// A timed game's clocks are in its commands. Another server loading its head reads the newest few commands,
/// not the whole list (which made a long game cost more at every batch another server followed), and gets the
/// deadlines the writing server has.
#[tokio::test]
async fn a_timed_games_clocks_are_read_from_its_newest_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, id, creds) = catan_game_timed(sled_store(dir.path()), 600).await;
    play_first(&writer, &id, &creds, 24).await;
    let store = Arc::clone(&writer.shared.store);
    assert!(store.commands(&id).await.unwrap().len() > super::storage::CLOCK_LOOKBACK);
    let counting = Arc::new(Counting::new(Arc::clone(&store)));
    let other = Engine::<Catan>::new(shared_over(
        Arc::clone(&counting) as Arc<dyn EventStore>,
        true,
    ));
    let there = other.state(Credential::Anonymous, &id, None).await.unwrap();
    let here = writer
        .state(Credential::Anonymous, &id, None)
        .await
        .unwrap();
    assert!(!here.deadlines.is_empty());
    assert_eq!(there.deadlines, here.deadlines);
    let calls = counting.methods();
    assert!(calls.contains(&"last_commands"), "{calls:?}");
    assert!(!calls.contains(&"commands"), "{calls:?}");
}

/// A fresh game's seed comes from the operating system: two are never the same.
#[test]
fn fresh_seeds_differ() {
    assert_ne!(auth::fresh_seed(), auth::fresh_seed());
}

/// Unknown game ids leave nothing in the cache: thousands of lookups of ids that carry a game's prefix are
/// unknown games (malformed past the length bound), the cache holds none of them afterwards, and the real games
/// it held are still cached (before, each unknown id got a slot, evicting a real game once the cache was full).
#[tokio::test]
async fn unknown_game_ids_are_not_cached_and_evict_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (_, shutdown) = watch::channel(false);
    let shared = Arc::new(Shared {
        store: sled_store(dir.path()),
        limits: Limits {
            cached_games: 4,
            ..Limits::default()
        },
        streams: Arc::new(Semaphore::new(16)),
        shutdown,
        other_writers: false,
        clock: Arc::new(super::SystemClock),
        thinkers: super::Thinkers::new(&Limits::default()),
    });
    let engine = Engine::<Catan>::new(shared);
    let mut games = Vec::new();
    for _ in 0..4 {
        let seats = SeatNames::new(["a", "b", "c"].map(String::from).to_vec()).unwrap();
        let options = stored::StoredOptions {
            map: "MAP_KIND_UNSPECIFIED".into(),
            victory_points: 0,
            negotiated_defence: false,
            turn_seconds: 0,
            reserve_seconds: 0,
        };
        let config = hexfold_rules::catan::Config {
            seats: 3,
            map: hexfold_rules::catan::MapKind::Beginner,
            points_to_win: hexfold_rules::catan::POINTS_TO_WIN,
        };
        games.push(
            engine
                .create(seats, Default::default(), options, config)
                .await
                .unwrap()
                .game_id,
        );
    }
    assert_eq!(engine.cached_games(), 4);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for i in 0..3000 {
        let suffix: String = (0..MAX_GAME_ID_BYTES - "catan-".len())
            .map(|_| char::from(b'a' + rng.gen_range(0..26)))
            .collect();
        let id = format!("catan-{suffix}");
        let refused = engine.state(Credential::Anonymous, &id, None).await;
        assert_eq!(refused.err(), Some(EngineError::UnknownGame));
        if i % 100 == 0 {
            let long = format!("{id}x");
            let refused = engine.state(Credential::Anonymous, &long, None).await;
            assert!(
                matches!(refused, Err(EngineError::Malformed(_))),
                "{refused:?}"
            );
        }
    }
    assert_eq!(engine.cached_games(), 4);
    for id in &games {
        assert!(engine.cached_slot(id).is_some(), "{id} was evicted");
        engine.state(Credential::Anonymous, id, None).await.unwrap();
    }
    // A real game that is not cached still loads: the lookup only keeps out what the store does not know.
    let fresh = Engine::<Catan>::new(Arc::clone(&engine.shared));
    fresh
        .state(Credential::Anonymous, &games[0], None)
        .await
        .unwrap();
    assert_eq!(fresh.cached_games(), 1);
}

/// A person's commands are answered while every bot thread is taken (here by the test): an expert seat's search
/// waits for a thread outside the game's lock, so the person's commands in the same game go through meanwhile
/// (a refused one, as it is a bot's turn) and a command of another game is applied; once the threads are free,
/// the bots play on to the person's next turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_commands_are_answered_while_the_bot_threads_are_taken() {
    use hexfold_rules::bot::{Budget, Player};
    let dir = tempfile::tempdir().unwrap();
    let store = sled_store(dir.path());
    // The sender lives as long as the test: a driver stops when it is dropped (as at shutdown).
    let (_stop, shutdown) = watch::channel(false);
    let limits = Limits {
        bot_budget: Budget {
            sims: 4,
            think: None,
            turns: Some(1),
        },
        bot_threads: 1,
        ..Limits::default()
    };
    let shared = Arc::new(Shared {
        store: Arc::clone(&store),
        thinkers: Thinkers::new(&limits),
        limits,
        streams: Arc::new(Semaphore::new(16)),
        shutdown,
        other_writers: false,
        clock: Arc::new(super::SystemClock),
    });
    let held = Arc::clone(&shared.thinkers.bots)
        .acquire_owned()
        .await
        .unwrap();
    let engine = Engine::<Catan>::new_shared(Arc::clone(&shared));
    let seats = SeatNames::new(["me", "b1", "b2", "b3"].map(String::from).to_vec()).unwrap();
    let bots = BotSeats::new((1..4).map(|s| (s, Player::Expert)).collect(), &seats).unwrap();
    let options = stored::StoredOptions {
        map: "MAP_KIND_UNSPECIFIED".into(),
        victory_points: 0,
        negotiated_defence: false,
        turn_seconds: 0,
        reserve_seconds: 0,
    };
    let config = hexfold_rules::catan::Config {
        seats: 4,
        map: hexfold_rules::catan::MapKind::Beginner,
        points_to_win: hexfold_rules::catan::POINTS_TO_WIN,
    };
    let created = engine.create(seats, bots, options, config).await.unwrap();
    let (id, me) = (created.game_id, Credential::from_token(&created.seats[0].1));
    let mut turn = engine.watch_turn(me, id.clone()).await.unwrap();
    // The opening: the person places a settlement and a road, then the bots' turns come.
    let mut step = 0;
    let mut commands = 0;
    loop {
        let actions = engine.legal_actions(me, &id).await.unwrap();
        if actions.commands.is_empty() {
            break;
        }
        let command = actions.commands[0].clone();
        engine
            .submit::<Plain>(me, submit(&id, step, Some(actions.version), command))
            .await
            .unwrap();
        step += 1;
        commands += 1;
    }
    assert!(commands > 0, "the person opened the game");
    let after_me = engine.state(me, &id, None).await.unwrap().version;
    // Seat 1's search waits for the one bot thread, which the test holds: the person is answered meanwhile.
    let (_, other, other_creds) = catan_game(Arc::clone(&store)).await;
    let (seat, actions) = acting(&engine, &other, &other_creds).await;
    engine
        .submit::<Plain>(
            other_creds[seat],
            submit(
                &other,
                0,
                Some(actions.version),
                actions.commands[0].clone(),
            ),
        )
        .await
        .expect("another game's command is applied");
    let early = Command::EndTurn;
    let refused = engine
        .submit::<Plain>(me, submit(&id, step, None, early))
        .await
        .expect_err("not the person's turn");
    assert!(
        matches!(refused, EngineError::Violation { .. }),
        "{refused:?}"
    );
    let state = engine.state(me, &id, None).await.unwrap();
    assert_eq!(
        state.version, after_me,
        "no bot played while its thread was taken"
    );
    drop(held);
    // The bots search and play until the person may act again.
    loop {
        if turn.unseen(Some(after_me)).actions.is_some() {
            break;
        }
        assert!(turn.changed().await, "the engine is alive");
    }
    let state = engine.state(me, &id, None).await.unwrap();
    assert!(state.version > after_me, "the bots played");
}

/// `analyze` answers from what a spectator sees in a game in progress, with the playouts asked for; refuses at
/// once as overloaded while every analysis thread is taken, an index past the head, and an unknown game; and
/// gives the same answer to the same request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_is_bounded_and_refuses_precisely() {
    let dir = tempfile::tempdir().unwrap();
    let (engine, id, creds) = catan_game(sled_store(dir.path())).await;
    play_first(&engine, &id, &creds, 6).await;
    let head = engine.state(creds[0], &id, None).await.unwrap().version;
    let held = Arc::clone(&engine.shared.thinkers.analysis)
        .acquire_many_owned(engine.shared.limits.analysis_threads as u32)
        .await
        .unwrap();
    let busy = engine.analyze(&id, None, 2).await.unwrap_err();
    assert!(matches!(busy, EngineError::Overloaded(_)), "{busy:?}");
    drop(held);
    let analysis = engine.analyze(&id, Some(head), 3).await.unwrap();
    assert_eq!(analysis.version, head);
    assert_eq!(analysis.sims, 3);
    assert!(!analysis.full_information, "the game is in progress");
    assert_eq!(analysis.chances.len(), 4);
    assert!((analysis.chances.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert_eq!(engine.analyze(&id, Some(head), 3).await.unwrap(), analysis);
    let past = engine.analyze(&id, Some(head + 1), 3).await.unwrap_err();
    assert!(matches!(past, EngineError::PastHead(_)), "{past:?}");
    let unknown = engine.analyze("catan-00", None, 3).await.unwrap_err();
    assert!(matches!(unknown, EngineError::UnknownGame), "{unknown:?}");
}

/// An index inside a command (a roll before its production, a settlement before its starting resources) is
/// analysed as that command's end: nobody can act between a command's events, so the estimate there is the one
/// at its last event, not one from playouts that would go on without the rest of the command.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_index_inside_a_command_is_analysed_as_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let (engine, id, creds) = catan_game(sled_store(dir.path())).await;
    play_first(&engine, &id, &creds, 24).await;
    let commands = engine.shared.store.commands(&id).await.unwrap();
    let inside: Vec<_> = commands
        .iter()
        .filter(|c| c.last_version > c.first_version)
        .collect();
    assert!(
        inside.len() >= 2,
        "the setup has commands of several events (a second settlement and its starting resources)"
    );
    for command in inside {
        let end = engine
            .analyze(&id, Some(command.last_version), 8)
            .await
            .unwrap();
        for at in command.first_version..command.last_version {
            let analysis = engine.analyze(&id, Some(at), 8).await.unwrap();
            assert_eq!(analysis.version, at, "the answer names the index asked for");
            assert_eq!(
                analysis.chances, end.chances,
                "index {at} of the command {}..={}",
                command.first_version, command.last_version
            );
        }
    }
}

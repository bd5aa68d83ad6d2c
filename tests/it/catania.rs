//! Catania through the real server, over six seats: a whole random game played from `LegalActions`, during which
//! every seat and the spectator are checked to see only what they may (their states, the events of each reply,
//! `ReadEvents`, `Subscribe` streams, their legal actions and their refusals), then the recorded game checked
//! against a local replay at every index; and the opening's refusals with their rule IDs.

use crate::ck::peeks;
use crate::hidden::collect;
use crate::support::{self, Table};
use hexfold::games::{verify_replay, ReplayStep};
use hexfold::proto::v1 as pb;
use hexfold_rules::catania::Violation;
use hexfold_rules::RuleViolation;
use pb::catan as c;
use pb::catania as cn;
use pb::cities_knights as k;
use rand::{rngs::StdRng, SeedableRng};
use tokio::sync::{mpsc, watch};
use tonic::Code;
use tonic_types::StatusExt as _;

const SEATS: usize = 6;
/// Every viewer's state, legal actions and reads are checked every this many commands (each check costs about
/// twenty calls and seven 195-hex states; a game takes one to two thousand commands).
const CHECK_EVERY: usize = 10;

/// Every viewer: the six seats, then the spectator (`None`).
fn viewers() -> impl Iterator<Item = Option<u32>> + Clone {
    (0..SEATS as u32).map(Some).chain([None])
}

fn catania(view: &pb::GetStateResponse) -> &cn::State {
    match view.state.as_ref().and_then(|s| s.game.as_ref()) {
        Some(pb::game_state::Game::Catania(state)) => state,
        other => panic!("not a Catania state: {other:?}"),
    }
}

fn layer(state: &cn::State) -> &k::State {
    state.layer.as_ref().expect("the layer's state")
}

fn catania_command(command: &pb::Command) -> &cn::command::Command {
    match &command.game {
        Some(pb::command::Game::Catania(cn::Command { command: Some(c) })) => c,
        other => panic!("not a Catania command: {other:?}"),
    }
}

/// A hand as eight counts: the five resources, then coin, paper and cloth (the order of `Good`'s numbers).
fn cards(hand: &k::Hand) -> [u32; 8] {
    let r = hand.resources.unwrap_or_default();
    let m = hand.commodities.unwrap_or_default();
    [
        r.brick, r.lumber, r.wool, r.grain, r.ore, m.coin, m.paper, m.cloth,
    ]
}

/// Whether `part` holds no more of any card than `whole`.
fn within(part: &Option<k::Hand>, whole: &k::Hand) -> bool {
    let part = part.as_ref().map(cards).unwrap_or_default();
    part.iter().zip(cards(whole)).all(|(p, w)| *p <= w)
}

/// The progress card a play plays.
fn played(play: &Option<k::ProgressPlay>) -> k::ProgressCard {
    use k::progress_play::Card as P;
    use k::ProgressCard as Card;
    match play.as_ref().and_then(|p| p.card.as_ref()).expect("a play") {
        P::Alchemist(_) => Card::Alchemist,
        P::Crane(_) => Card::Crane,
        P::Engineer(_) => Card::Engineer,
        P::Inventor(_) => Card::Inventor,
        P::Irrigation(_) => Card::Irrigation,
        P::Medicine(_) => Card::Medicine,
        P::Mining(_) => Card::Mining,
        P::RoadBuilding(_) => Card::RoadBuilding,
        P::Smith(_) => Card::Smith,
        P::CommercialHarbor(_) => Card::CommercialHarbor,
        P::MasterMerchant(_) => Card::MasterMerchant,
        P::Merchant(_) => Card::Merchant,
        P::MerchantFleet(_) => Card::MerchantFleet,
        P::ResourceMonopoly(_) => Card::ResourceMonopoly,
        P::TradeMonopoly(_) => Card::TradeMonopoly,
        P::Bishop(_) => Card::Bishop,
        P::Deserter(_) => Card::Deserter,
        P::Diplomat(_) => Card::Diplomat,
        P::Intrigue(_) => Card::Intrigue,
        P::Saboteur(_) => Card::Saboteur,
        P::Spy(_) => Card::Spy,
        P::Warlord(_) => Card::Warlord,
        P::Wedding(_) => Card::Wedding,
    }
}

/// What `viewer` sees while the game runs: its own resources, commodities, progress and development cards and
/// the points of its hidden victory point cards, and of the other seats only counts and public points (their hand
/// or progress cards only while a master merchant or spy of the viewer's looks into them).
fn check_state(viewer: Option<u32>, view: &pb::GetStateResponse) {
    assert_eq!(view.viewer_seat, viewer);
    let state = catania(view);
    let layer = layer(state);
    assert!(layer.board.is_none() && state.board.is_some());
    // The castle's pile is face down while the game runs: a count for everyone, its cards for nobody.
    assert!(
        state.castle_cards.is_none(),
        "viewer {viewer:?} sees the castle's cards"
    );
    for p in &layer.players {
        let own = viewer == Some(p.seat);
        assert_eq!(
            p.hand.is_some(),
            own || peeks(layer, viewer, p.seat, false),
            "viewer {viewer:?} and seat {}'s hand",
            p.seat
        );
        if let Some(hand) = &p.hand {
            assert_eq!(cards(hand).iter().sum::<u32>(), p.card_count);
        }
        assert_eq!(
            p.progress_cards.is_some(),
            own || peeks(layer, viewer, p.seat, true),
            "viewer {viewer:?} and seat {}'s progress cards",
            p.seat
        );
        if let Some(progress) = &p.progress_cards {
            assert_eq!(progress.cards.len() as u32, p.progress_card_count);
        }
    }
    for s in &state.sailors {
        let own = viewer == Some(s.seat);
        // The layer's points, and Catania's public ones: a point per specialist card and per conquest point.
        let cards = state
            .specialists
            .iter()
            .filter(|c| c.holder == Some(s.seat))
            .count();
        let conquests = state.conquests.iter().filter(|q| q.seat == s.seat).count();
        let public = layer.players[s.seat as usize].points + (cards + conquests) as u32;
        assert_eq!(s.development_cards.is_some(), own, "viewer {viewer:?}");
        assert_eq!(s.development_cards_new.is_some(), own, "viewer {viewer:?}");
        match (s.development_cards, s.development_cards_new) {
            (Some(dev), Some(new)) => {
                let total = |d: c::DevCards| {
                    d.knight + d.victory_point + d.road_building + d.year_of_plenty + d.monopoly
                };
                assert_eq!(total(dev) + total(new), s.development_card_count);
                assert_eq!(s.points, public + dev.victory_point + new.victory_point);
            }
            _ => assert_eq!(
                s.points, public,
                "viewer {viewer:?} sees seat {}'s hidden points",
                s.seat
            ),
        }
    }
}

/// Which hidden cards an event showed to whom, for the test to insist that each kind happened.
#[derive(Default)]
struct Seen {
    /// A card stolen from or by another seat, or taken by a master merchant or spy.
    stolen: bool,
    /// A development card bought by another seat.
    bought: bool,
    /// A progress card drawn or returned by another seat.
    drawn: bool,
    /// A card another seat put into the barbarian castle's pile or looted from it.
    castle: bool,
}

/// Checks one event as `viewer` got it while the game ran: each hidden card is there exactly for those who may
/// see it (victory point progress cards are public).
fn check_event(viewer: Option<u32>, envelope: &pb::EventEnvelope, seen: &mut Seen) {
    use k::event::Event as E;
    let Some(pb::event::Body::Catania(cn::Event { event: Some(event) })) =
        envelope.event.as_ref().and_then(|e| e.body.as_ref())
    else {
        panic!("not a Catania event while the game runs: {envelope:?}")
    };
    let own = |seat: u32| viewer == Some(seat);
    let both = |a: u32, b: u32| own(a) || own(b);
    let public = [
        k::ProgressCard::Printer as i32,
        k::ProgressCard::Constitution as i32,
    ];
    // Whether the event holds its hidden card, whether this viewer may see it, and what it counts for.
    let (present, entitled, hidden) = match event {
        cn::event::Event::DevelopmentCardBought(b) => {
            (b.card.is_some(), own(b.seat), &mut seen.bought)
        }
        cn::event::Event::CastleDeposited(d) => (d.card.is_some(), own(d.seat), &mut seen.castle),
        cn::event::Event::CastleLooted(l) => (l.card.is_some(), own(l.seat), &mut seen.castle),
        cn::event::Event::Ck(k::Event { event: Some(layer) }) => match layer {
            E::ProgressCardDrawn(d) => (
                d.card.is_some(),
                own(d.seat) || d.card.is_some_and(|c| public.contains(&c)),
                &mut seen.drawn,
            ),
            E::ProgressCardReturned(r) => (r.card.is_some(), own(r.seat), &mut seen.drawn),
            E::CardStolen(s) => (s.good.is_some(), both(s.thief, s.victim), &mut seen.stolen),
            E::ProgressCardTaken(t) => (t.card.is_some(), both(t.seat, t.victim), &mut seen.stolen),
            E::CardsTaken(t) => (t.cards.is_some(), both(t.seat, t.victim), &mut seen.stolen),
            _ => return,
        },
        _ => return,
    };
    assert_eq!(present, entitled, "viewer {viewer:?} and {event:?}");
    *hidden |= !entitled;
}

/// The legal actions of `seat` name only what its view (`state`) shows: cards it gives or plays are in its own
/// hand, cards it takes are in a hand or among progress cards its view reveals, development cards it plays are
/// its own playable ones, and a seat it robs holds cards by the public count.
fn check_legal(seat: u32, state: &cn::State, legal: &[pb::Command]) {
    use cn::command::Command as C;
    use k::command::Command as K;
    use k::obligation::Obligation as O;
    let layer = layer(state);
    let me = &layer.players[seat as usize];
    let hand = me.hand.as_ref().expect("a seat sees its own hand");
    let progress = &me
        .progress_cards
        .as_ref()
        .expect("and its progress cards")
        .cards;
    let sailor = &state.sailors[seat as usize];
    let dev = sailor.development_cards.expect("and its development cards");
    // Any other seat may be named, one holding no card included (CAT-ROBBER-03; the steal then takes nothing).
    let robbable =
        |victim: Option<u32>| victim.is_none_or(|v| v != seat && v < layer.players.len() as u32);
    // The seat a master merchant or spy of this seat's looks into, as its obligation (public) names it.
    let peeked = |progress: bool| {
        layer
            .obligations
            .iter()
            .find_map(|o| match o.obligation.as_ref()? {
                O::TakeCards(t) if !progress && t.seat == seat => Some(t.from),
                O::TakeProgressCard(t) if progress && t.seat == seat => Some(t.from),
                _ => None,
            })
    };
    let playable = |n: u32| n > 0 && !state.development_card_played;
    for command in legal {
        let fits = match catania_command(command) {
            C::Ck(k::Command {
                command: Some(layer_command),
            }) => match layer_command {
                K::Discard(k::Discard { cards }) | K::GiveCards(k::GiveCards { cards }) => {
                    within(cards, hand)
                }
                K::OfferTrade(k::OfferTrade { give, .. })
                | K::CounterOffer(k::CounterOffer { give, .. }) => within(give, hand),
                K::AcceptTrade(_) => layer
                    .offer
                    .as_ref()
                    .is_some_and(|o| within(&o.receive, hand)),
                K::BankTrade(t) => cards(hand)[(t.give - 1) as usize] >= 2,
                K::TakeCards(k::TakeCards { cards }) => peeked(false).is_some_and(|victim| {
                    layer.players[victim as usize]
                        .hand
                        .as_ref()
                        .is_some_and(|h| within(cards, h))
                }),
                K::TakeProgressCard(t) => peeked(true).is_some_and(|victim| {
                    layer.players[victim as usize]
                        .progress_cards
                        .as_ref()
                        .is_some_and(|p| p.cards.contains(&t.card))
                }),
                K::ReturnProgressCard(r) => progress.contains(&r.card),
                K::PlayProgressCard(p) => progress.contains(&(played(&p.play) as i32)),
                K::MoveRobber(m) => robbable(m.victim),
                _ => true,
            },
            C::BuyDevelopmentCard(_) => state.development_cards_left > 0,
            C::PlayKnight(p) => playable(dev.knight) && robbable(p.victim),
            C::PlayRoadBuilding(_) => playable(dev.road_building),
            C::PlayYearOfPlenty(_) => playable(dev.year_of_plenty),
            C::PlayMonopoly(_) => playable(dev.monopoly),
            C::MovePirate(m) => robbable(m.victim),
            C::ChaseBandit(ch) => robbable(ch.victim),
            C::ChooseGold(_) => state.gold_owed.iter().any(|g| g.seat == seat),
            C::DepositAtCastle(d) => {
                state.castle_deposits_due.contains(&seat)
                    && d.card >= 1
                    && cards(hand)[(d.card - 1) as usize] > 0
            }
            // One wonder per seat and one builder per wonder, as the public list of wonders shows.
            C::StartWonder(w) => state
                .wonders
                .iter()
                .all(|b| b.seat != seat && b.wonder != w.wonder),
            C::BuildWonderLevel(_) => state.wonders.iter().any(|b| b.seat == seat && b.level < 4),
            _ => true,
        };
        assert!(
            fits,
            "seat {seat} is offered {command:?}, which its view does not allow"
        );
    }
}

/// A refusal tells nothing but a line of the rules' violation table: its reason, rule ID and fixed message.
fn check_refusal(status: &tonic::Status) {
    let info = status.get_details_error_info().expect("error info");
    // A corner, side, hex or seat the game does not have is malformed input (src/error.rs, OFF_THE_TABLE).
    let code = if hexfold::error::OFF_THE_TABLE.contains(&info.reason.as_str()) {
        Code::InvalidArgument
    } else {
        Code::FailedPrecondition
    };
    assert_eq!(status.code(), code, "{status:?}");
    let line = Violation::ALL
        .iter()
        .find(|v| v.name() == info.reason)
        .unwrap_or_else(|| panic!("{} is not a Catania violation", info.reason));
    assert_eq!(info.metadata.len(), 2, "{info:?}");
    assert_eq!(info.metadata["rule_id"], line.rule_id());
    assert_eq!(info.metadata["message"], line.message());
    assert_eq!(status.message(), line.message());
}

/// Every viewer at the head: its state (checked), then each seat's legal actions against its own view, and a
/// command some seat may send, sent by each seat that may not act: refused with a line of the table, and nothing
/// recorded. `read` is how far each viewer's `ReadEvents` has been checked.
async fn check_viewers(table: &mut Table, read: &mut [u64], seen: &mut Seen) {
    let mut views = Vec::new();
    for viewer in viewers() {
        let view = table.state(viewer.map(|v| v as usize), None).await.unwrap();
        check_state(viewer, &view);
        views.push(view);
    }
    let head = views[0].version;
    let mut legal = Vec::new();
    for (seat, view) in views.iter().take(SEATS).enumerate() {
        let actions = table.legal(seat).await.unwrap();
        assert_eq!(actions.version, head);
        check_legal(seat as u32, catania(view), &actions.commands);
        legal.push(actions.commands);
    }
    let listed = legal
        .iter()
        .flatten()
        .next()
        .expect("someone may act")
        .clone();
    for seat in (0..SEATS).filter(|&s| legal[s].is_empty()) {
        let refused = table.submit(seat, listed.clone(), Some(head)).await;
        check_refusal(&refused.expect_err("a seat that may not act is refused"));
    }
    assert_eq!(
        table.head().await,
        head,
        "a refused command recorded something"
    );
    for (viewer, read) in viewers().zip(read.iter_mut()) {
        let events = table.events_after(viewer.map(|v| v as usize), *read).await;
        for event in &events {
            check_event(viewer, event, seen);
        }
        *read = events.last().map_or(*read, |e| e.version);
        assert_eq!(*read, head);
    }
}

fn ended(response: &pb::SubmitCommandResponse) -> bool {
    response.events.iter().any(|e| {
        matches!(
            e.event.as_ref().and_then(|e| e.body.as_ref()),
            Some(pb::event::Body::SeedRevealed(_))
        )
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_six_seat_game_shows_each_viewer_only_its_own_cards_and_matches_the_local_fold_at_every_index(
) {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::create(
        server.addr,
        pb::Variant::Catania,
        SEATS,
        pb::GameOptions::default(),
    )
    .await;
    // One stream per viewer from the start; each is checked up to the last version before the end.
    let (last_tx, last_rx) = watch::channel(0u64);
    let mut watchers = Vec::new();
    for viewer in viewers() {
        let token = viewer.map(|seat| table.tokens[seat as usize].as_str());
        let stream = server.subscribe(&table.game_id, token).await;
        watchers.push((viewer, tokio::spawn(collect(stream, last_rx.clone()))));
    }

    let mut rng = StdRng::seed_from_u64(14);
    let mut seen = Seen::default();
    let mut read = [0u64; SEATS + 1];
    let mut running_head = 0;
    let mut steps = 0;
    while let Some((seat, response)) = table.step(&mut rng).await {
        steps += 1;
        assert!(steps < 20_000, "the random game did not end");
        if ended(&response) {
            continue;
        }
        running_head = response.version;
        for event in &response.events {
            check_event(Some(seat as u32), event, &mut seen);
        }
        if steps % CHECK_EVERY == 0 {
            check_viewers(&mut table, &mut read, &mut seen).await;
        }
    }
    assert!(
        seen.stolen && seen.bought && seen.drawn && seen.castle,
        "the game hid no stolen, bought, drawn or castle card from someone ({steps} commands)"
    );
    last_tx.send(running_head).unwrap();
    for (viewer, watcher) in watchers {
        let events = watcher.await.unwrap();
        assert!(
            events.len() as u64 >= running_head,
            "viewer {viewer:?}'s stream ended early"
        );
        for (i, event) in events.iter().enumerate().take(running_head as usize) {
            assert_eq!(event.version, i as u64 + 1);
            check_event(viewer, event, &mut seen);
        }
    }

    // The finished game, replayed locally from its commands and revealed seed: every recorded event and the state
    // at every index, read by each viewer in turn (all see everything now), equal the replay's.
    let head_state = table.state(None, None).await.unwrap();
    let head = head_state.version;
    let summary = head_state.summary.clone().unwrap();
    assert_eq!(summary.status(), pb::GameStatus::Finished);
    assert_eq!(summary.variant(), pb::Variant::Catania);
    // Once the game is over everyone sees the hidden victory points: the winner's reach the target.
    let winner = summary.winner.expect("a winner") as usize;
    let last = catania(&head_state);
    assert!(last.sailors[winner].points >= layer(last).points_to_win);
    let events = table.events(None).await;
    assert_eq!(events.len() as u64, head);
    let replay = table.replay().await;
    assert_eq!(replay.seats.len(), SEATS);
    // The replay's states are large (a 195-hex board each), so they are compared as they come, not collected.
    let (steps_tx, mut steps_rx) = mpsc::channel::<ReplayStep>(16);
    let replaying = tokio::task::spawn_blocking(move || {
        verify_replay(&replay, &mut |step| {
            steps_tx
                .blocking_send(step)
                .expect("the test reads every step")
        })
    });
    let mut compared = 0;
    let mut viewer = viewers().cycle();
    while let Some(step) = steps_rx.recv().await {
        assert_eq!(step.version, compared);
        if step.version > 0 {
            assert_eq!(
                events[step.version as usize - 1].event,
                step.event,
                "event {} differs from the replay",
                step.version
            );
        }
        let got = table
            .state(
                viewer.next().unwrap().map(|v| v as usize),
                Some(step.version),
            )
            .await
            .unwrap();
        assert_eq!(
            got.state.as_ref(),
            Some(&step.state),
            "state at {} differs from the fold",
            step.version
        );
        compared += 1;
    }
    let report = replaying.await.unwrap().expect("the replay verifies");
    assert_eq!((report.version, compared), (head, head + 1));
    assert_eq!(report.winner, summary.winner);
    server.stop().await;
}

/// The opening through the server: each refusal carries its violation, rule ID and message in the status, and
/// every corner the first seat is not offered is refused (some for lying off Catan, some on a glacier's corners).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_refusals_carry_their_rule_ids() {
    use cn::command::Command as C;
    use k::command::Command as K;
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let mut table = Table::create(
        server.addr,
        pb::Variant::Catania,
        SEATS,
        pb::GameOptions::default(),
    )
    .await;
    let layer_command = |command| pb::Command {
        game: Some(pb::command::Game::Catania(cn::Command {
            command: Some(C::Ck(k::Command {
                command: Some(command),
            })),
        })),
    };
    let settle = |vertex| layer_command(K::PlaceSettlement(k::PlaceSettlement { vertex }));
    let view = table.state(None, None).await.unwrap();
    let first = layer(catania(&view)).active as usize;
    let offered = table.legal(first).await.unwrap().commands;
    let other = (first + 1) % SEATS;

    let expect = |result: Result<pb::SubmitCommandResponse, tonic::Status>,
                  violation: Violation| {
        let status = result.expect_err("refused");
        check_refusal(&status);
        let info = status.get_details_error_info().unwrap();
        assert_eq!(
            (info.reason.as_str(), info.metadata["rule_id"].as_str()),
            (violation.name(), violation.rule_id())
        );
    };
    expect(
        table.submit(other, offered[0].clone(), None).await,
        Violation::NotYourTurn,
    );
    let C::Ck(k::Command {
        command: Some(K::PlaceSettlement(offered_site)),
    }) = catania_command(&offered[0])
    else {
        panic!("the opening offers settlements: {offered:?}")
    };
    expect(
        table
            .submit(
                first,
                layer_command(K::PlaceCity(k::PlaceCity {
                    vertex: offered_site.vertex,
                })),
                None,
            )
            .await,
        Violation::NotInCatania,
    );
    // A wonder is claimed in the main phase only, and one must be named.
    let claim = |wonder: cn::Wonder| pb::Command {
        game: Some(pb::command::Game::Catania(cn::Command {
            command: Some(C::StartWonder(cn::StartWonder {
                wonder: wonder as i32,
            })),
        })),
    };
    expect(
        table.submit(first, claim(cn::Wonder::Theater), None).await,
        Violation::WrongPhase,
    );
    let unnamed = table
        .submit(first, claim(cn::Wonder::Unspecified), None)
        .await
        .expect_err("no wonder named");
    assert_eq!(unnamed.code(), Code::InvalidArgument, "{unnamed:?}");
    expect(
        table.submit(first, settle(60_000), None).await,
        Violation::NoSuchVertex,
    );

    let corners = catania(&view).board.as_ref().unwrap().vertices.len() as u32;
    let mut reasons = std::collections::BTreeSet::new();
    for vertex in 0..corners {
        let command = settle(vertex);
        if offered.contains(&command) {
            continue;
        }
        let status = table
            .submit(first, command, None)
            .await
            .expect_err("an unlisted opening corner is refused");
        check_refusal(&status);
        reasons.insert(status.get_details_error_info().unwrap().reason);
    }
    for violation in [Violation::NotOnCatan, Violation::GlacierCorner] {
        assert!(reasons.contains(violation.name()), "{reasons:?}");
    }
    assert_eq!(
        table.head().await,
        0,
        "a refused command recorded something"
    );
    server.stop().await;
}

//! The project's rule on hidden information (issue 20): a seat's legal actions, and the answer to every command it
//! sends, depend only on what that seat may see.
//!
//! The property, over random games of every game (the shared [`Playout`]): at sampled states and for every seat S,
//! the game's [`Redeal`] builds a second state that S cannot tell from the first, with what S may not see dealt
//! again (the other seats' hidden cards, keeping their counts; the face-down decks). Then
//! - S's view of both states is the same (the redeal's promise, checked, so that a redeal that gave something away
//!   cannot make the property pass);
//! - S has the same legal actions in both;
//! - a sample of commands from S gets the same answer in both, decided with the same generator: refused with the
//!   same violation, or accepted with the same events as S sees them (`view_event`) before the first event that
//!   follows from something the command drew or uncovered that S could not see ([`Redeal::drawn_at`]: a drawn or
//!   stolen card, a monopoly's take, a win's hidden points).
//!   The sample holds commands listed for S in either state, commands listed for the other seats (mostly not S's
//!   to send), and listed commands with one number changed at random (other ids, counts and seats, often
//!   malformed).
//!
//! The checks draw from a generator of their own, so each game is played exactly as its random player plays it.
//! Two tests beside the property rebuild the two leaks the issue reports from given events, one twin state each.

use crate::check::given_state;
use hexfold_rules::playout::{Playout, RandomPlayer, Stop};
use hexfold_rules::redeal::Redeal;
use hexfold_rules::{catan, cities_knights, Game, GameRng, Seat, Viewer};
use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Of a game's states, the share checked for every seat: one in this many.
const CHECK_ONE_STATE_IN: u32 = 3;
/// Failures quoted in full when the property fails; all are counted by kind.
const FAILURES_QUOTED_MAX: usize = 12;

/// Random games per game and configuration: a few by default, many more under `HEXFOLD_SOAK=1`.
fn games() -> u64 {
    if crate::soak() {
        100
    } else {
        8
    }
}

/// What the property saw, and what it found.
#[derive(Default)]
struct Tally {
    /// (state, seat) pairs checked.
    checked: u64,
    /// Of those, how many redeals changed the state (the rest had nothing hidden from the seat to deal).
    redealt: u64,
    accepted: u64,
    refused: u64,
    /// Failures by kind of finding and of command.
    kinds: BTreeMap<String, u64>,
    quoted: Vec<String>,
}

impl Tally {
    fn fail(&mut self, kind: String, detail: String) {
        *self.kinds.entry(kind).or_default() += 1;
        if self.quoted.len() < FAILURES_QUOTED_MAX {
            self.quoted.push(detail);
        }
    }

    /// Panics with every failure counted, unless there is none; and checks that the run was not vacuous.
    fn finish(self, game: &str, hides: bool) {
        // Shown with `--nocapture`: how much the run covered.
        println!(
            "{game}: {} seats checked, {} redealt, {} commands accepted and {} refused in both states",
            self.checked, self.redealt, self.accepted, self.refused
        );
        let failures: u64 = self.kinds.values().sum();
        assert!(
            failures == 0,
            "{game}: {failures} findings over {} checked seats: {:#?}\n{}",
            self.checked,
            self.kinds,
            self.quoted.join("\n")
        );
        if hides {
            assert!(
                self.redealt * 2 > self.checked,
                "{game}: only {} of {} redeals changed anything",
                self.redealt,
                self.checked
            );
        } else {
            assert_eq!(
                self.redealt, 0,
                "{game} hides nothing, yet redeals changed states"
            );
        }
        assert!(
            self.accepted > 100 && self.refused > 100,
            "{game}: {} accepted and {} refused commands are too few",
            self.accepted,
            self.refused
        );
    }
}

/// The command's name as its wire form spells it, with a progress card's play: `BuildRoad`,
/// `PlayProgressCard/CommercialHarbor`.
fn kind<C: Serialize>(command: &C) -> String {
    let mut names = Vec::new();
    let mut v = serde_json::to_value(command).expect("a command serializes");
    loop {
        match v {
            Value::String(s) => {
                names.push(s);
                break;
            }
            Value::Object(map) if map.len() == 1 => {
                let (k, inner) = map.into_iter().next().expect("one field");
                if k.starts_with(char::is_uppercase) {
                    names.push(k);
                }
                v = inner;
            }
            _ => break,
        }
    }
    names.join("/")
}

/// `command` with one of its numbers set to a random small value, if it has one and the result still parses.
fn mutated<C: Serialize + DeserializeOwned>(command: &C, rng: &mut GameRng) -> Option<C> {
    fn numbers(v: &Value, at: String, out: &mut Vec<String>) {
        match v {
            Value::Number(_) => out.push(at),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    numbers(item, format!("{at}/{i}"), out);
                }
            }
            Value::Object(map) => {
                for (k, item) in map {
                    numbers(item, format!("{at}/{k}"), out);
                }
            }
            _ => {}
        }
    }
    let mut v = serde_json::to_value(command).ok()?;
    let mut at = Vec::new();
    numbers(&v, String::new(), &mut at);
    if at.is_empty() {
        return None;
    }
    let pointer = &at[rng.gen_range(0..at.len())];
    *v.pointer_mut(pointer)? = json!(rng.gen_range(0..80));
    serde_json::from_value(v).ok()
}

/// Up to `n` commands of `list`, at random.
fn sample<C: Clone>(list: &[C], n: usize, rng: &mut GameRng) -> Vec<C> {
    (0..n.min(list.len()))
        .map(|_| list[rng.gen_range(0..list.len())].clone())
        .collect()
}

/// The events of one command as `seat` sees them in each state agree before the first that follows from a draw.
fn same_events<G: Redeal>(
    (mut a, ea): (G::State, &[G::Event]),
    (mut b, eb): (G::State, &[G::Event]),
    seat: Seat,
) -> Result<(), String> {
    let (na, nb) = (G::drawn_at(ea), G::drawn_at(eb));
    if na != nb && (na == ea.len() || nb == eb.len()) {
        return Err(format!(
            "{na} of {} events before a draw, {nb} of {} in the redealt state: {ea:?} / {eb:?}",
            ea.len(),
            eb.len()
        ));
    }
    for (i, (x, y)) in ea.iter().zip(eb).take(na.min(nb)).enumerate() {
        let (vx, vy) = (
            G::view_event(&a, x, Viewer::Seat(seat)),
            G::view_event(&b, y, Viewer::Seat(seat)),
        );
        if vx != vy {
            return Err(format!("event {i} seen as {vx:?}, redealt {vy:?}"));
        }
        a = G::evolve(a, x);
        b = G::evolve(b, y);
    }
    Ok(())
}

/// Checks `seat` at `state` against one redeal, adding what it found to `tally`. `at` says where, for messages.
fn check_seat<G: RandomPlayer + Redeal>(
    state: &G::State,
    seats: u8,
    seat: Seat,
    rng: &mut GameRng,
    at: &str,
    tally: &mut Tally,
) {
    let other = G::redeal(state, seat, rng);
    let viewer = Viewer::Seat(seat);
    assert_eq!(
        G::view_state(state, viewer),
        G::view_state(&other, viewer),
        "{at}: the redeal for seat {} changed its view",
        seat.0
    );
    tally.checked += 1;
    tally.redealt += u64::from(other != *state);
    // Every viewer is told whom the game waits for, so a redeal for any seat must not change it.
    if G::waiting_for(state) != G::waiting_for(&other) {
        tally.fail(
            "waiting_for differs".to_string(),
            format!(
                "{at}, seat {}: waiting for {:?}, in the redealt state {:?}",
                seat.0,
                G::waiting_for(state),
                G::waiting_for(&other)
            ),
        );
    }

    let here = G::legal_actions(state, seat);
    let there = G::legal_actions(&other, seat);
    if here != there {
        let only_here: Vec<_> = here.iter().filter(|c| !there.contains(c)).collect();
        let only_there: Vec<_> = there.iter().filter(|c| !here.contains(c)).collect();
        let sample = only_here.first().or(only_there.first());
        let what = sample.map_or("order".to_string(), |c| kind(*c));
        tally.fail(
            format!("legal actions differ: {what}"),
            format!(
                "{at}, seat {}: listed only here {only_here:?}, only in the redealt state {only_there:?}",
                seat.0
            ),
        );
    }

    let mut commands = sample(&here, 6, rng);
    commands.extend(sample(&there, 2, rng));
    commands.extend(G::random_command(state, seat, &mut rng.clone()));
    for s in (0..seats).map(Seat).filter(|&s| s != seat) {
        commands.extend(sample(&G::legal_actions(state, s), 2, rng));
    }
    let mutants: Vec<G::Command> = sample(&commands, 4, rng)
        .iter()
        .filter_map(|c| mutated(c, rng))
        .collect();
    commands.extend(mutants);

    for command in &commands {
        let seed = rng.gen::<u64>();
        let a = G::decide(state, seat, command, &mut GameRng::seed_from_u64(seed));
        let b = G::decide(&other, seat, command, &mut GameRng::seed_from_u64(seed));
        let found = match (&a, &b) {
            (Ok(ea), Ok(eb)) => {
                tally.accepted += 1;
                same_events::<G>((state.clone(), ea), (other.clone(), eb), seat).err()
            }
            (Err(x), Err(y)) => {
                tally.refused += 1;
                (x != y).then(|| format!("refused with {x:?} here, {y:?} in the redealt state"))
            }
            (Ok(_), Err(y)) => Some(format!(
                "accepted here, refused with {y:?} in the redealt state"
            )),
            (Err(x), Ok(_)) => Some(format!(
                "refused with {x:?} here, accepted in the redealt state"
            )),
        };
        if let Some(found) = found {
            let outcome = match (&a, &b) {
                (Ok(_), Ok(_)) => "events",
                (Err(_), Err(_)) => "refusal",
                _ => "answer",
            };
            tally.fail(
                format!("{outcome} differs: {}", kind(command)),
                format!("{at}, seat {}, {command:?}: {found}", seat.0),
            );
        }
    }
}

/// Plays random games of `G` under each configuration and checks every seat at one state in
/// [`CHECK_ONE_STATE_IN`]; panics with the findings.
fn property<G: RandomPlayer + Redeal>(configs: &[(u8, G::Config)]) {
    let mut tally = Tally::default();
    let mut rng = GameRng::seed_from_u64(20);
    for (seats, config) in configs {
        for seed in 0..games() {
            let (_, mut playout) = Playout::<G>::seeded(config, seed).expect("a setup");
            loop {
                if rng.gen_ratio(1, CHECK_ONE_STATE_IN) {
                    let at = format!("{seats} seats, game {seed}, command {}", playout.played());
                    for seat in (0..*seats).map(Seat) {
                        check_seat::<G>(playout.state(), *seats, seat, &mut rng, &at, &mut tally);
                    }
                }
                match playout.step(|_| {}) {
                    Ok(()) => {}
                    Err(Stop::Ended(_)) => break,
                    Err(stop) => panic!("{seats} seats, game {seed}: {stop:?}"),
                }
            }
        }
    }
    tally.finish(G::NAME, G::HIDES);
}

/// The tables a game is checked at: every seat count of its range (the smallest and the largest for a costly
/// game), each on the beginner map and a variable one where the two differ.
fn configs<G: RandomPlayer>() -> Vec<(u8, G::Config)> {
    let (fewest, most) = G::SEATS;
    let seats: Vec<u8> = if G::COST > 1 {
        vec![fewest, most]
    } else {
        (fewest..=most).collect()
    };
    let mut configs: Vec<(u8, G::Config)> = Vec::new();
    for n in seats {
        for beginner in [true, false] {
            let config = G::random_config(n, beginner);
            let json = serde_json::to_value(&config).unwrap();
            if !configs
                .iter()
                .any(|(m, c)| *m == n && serde_json::to_value(c).unwrap() == json)
            {
                configs.push((n, config));
            }
        }
    }
    configs
}

/// The property for every game of the crate's list.
macro_rules! every_game {
    ($($game:ident: $type:ty),* $(,)?) => {
        $(mod $game {
            #[test]
            fn seats_act_on_what_they_see() {
                crate::hidden::property::<$type>(&crate::hidden::configs::<$type>());
            }
        })*
    };
}

/// Apart from the named games' own tests below.
mod every {
    hexfold_rules::for_each_game!(every_game);
}

/// Asserts that `seat` cannot tell `a` from `b`, and then that it may do the same in both and that `command` gets
/// the same answer in both.
fn twins<G: Game>(a: &G::State, b: &G::State, seat: Seat, command: &G::Command) {
    let viewer = Viewer::Seat(seat);
    assert_eq!(G::view_state(a, viewer), G::view_state(b, viewer));
    assert_ne!(a, b, "the twins differ in what the seat may not see");
    assert_eq!(G::legal_actions(a, seat), G::legal_actions(b, seat));
    let decide = |s: &G::State| G::decide(s, seat, command, &mut GameRng::seed_from_u64(0)).err();
    assert_eq!(decide(a), decide(b), "{command:?}");
}

/// Decides `command` from `seat` and folds its events.
fn play<G: Game>(state: G::State, seat: Seat, command: &G::Command) -> G::State {
    let events = G::decide(&state, seat, command, &mut GameRng::seed_from_u64(0))
        .unwrap_or_else(|v| panic!("{command:?} refused: {v:?}"));
    events.iter().fold(state, G::evolve)
}

/// Issue 20's first leak: the active seat offers its brick for a grain and then spends the brick on a road. Seat
/// 2, who holds grain, must not learn from its answers whether seat 0 still holds a brick, which its view hides.
#[test]
fn an_offer_whose_cards_the_offerer_spends_tells_the_others_nothing() {
    use catan::{Catan, Command};
    use hexfold_rules::hex::Resources;
    let (brick, grain) = (Resources::new(1, 0, 0, 0, 0), Resources::new(0, 0, 0, 1, 0));
    let given = |seat0: Resources, seat3: Resources| {
        given_state::<Catan>(
            "catan",
            &json!({
                "config": { "seats": 4, "map": "Beginner" },
                "given_fixture": "S",
                "given": [
                    { "StartingResourcesTaken": { "seat": 0, "resources": seat0 } },
                    { "StartingResourcesTaken": { "seat": 3, "resources": seat3 } },
                    { "DiceRolled": { "seat": 0, "dice": { "first": 6, "second": 6 } } }
                ]
            }),
        )
    };
    // Seat 0 holds a lumber and an ore from the opening and gets two cards more, seat 3 one, the same three cards
    // from the bank in both twins: after the road seat 0 holds a grain besides its ore, or a brick.
    let spent = |seat0, seat3| {
        let offer = Command::OfferTrade {
            give: brick,
            receive: grain,
        };
        let state = play::<Catan>(given(seat0, seat3), Seat(0), &offer);
        let road = Catan::legal_actions(&state, Seat(0))
            .into_iter()
            .find(|c| matches!(c, Command::BuildRoad { .. }))
            .expect("a road site");
        play::<Catan>(state, Seat(0), &road)
    };
    let a = spent(brick.plus(grain), brick);
    let b = spent(brick.plus(brick), grain);
    twins::<Catan>(&a, &b, Seat(2), &Command::AcceptTrade);
}

/// Issue 20's second leak: seat 0 holds a commercial harbor. Which of its opponents holds a commodity is hidden from
/// it until it plays the card, so the plays it is listed must not depend on it.
#[test]
fn a_commercial_harbor_lists_its_targets_without_looking_into_hands() {
    use cities_knights::{CitiesKnights, Command};
    let given = |seat1: Value, seat2: Value| {
        given_state::<CitiesKnights>(
            "cities_knights",
            &json!({
                "config": { "seats": 3, "map": "Beginner", "negotiated_defence": false },
                "given_fixture": "K",
                "given": [
                    { "ProgressCardDrawn": { "seat": 0, "track": "Trade", "card": "CommercialHarbor" } },
                    { "CardsFromBank": { "seat": 0, "cards": { "resources": { "brick": 2 } } } },
                    { "CardsFromBank": { "seat": 1, "cards": seat1 } },
                    { "CardsFromBank": { "seat": 2, "cards": seat2 } },
                    { "DiceRolled": { "seat": 0, "roll": { "white": 1, "red": 1, "event": "Ship" }, "alchemist": false } },
                    { "ResourcesProduced": { "gains": [], "withheld": [] } }
                ]
            }),
        )
    };
    let coin = json!({ "commodities": { "coin": 1 } });
    let wool = json!({ "resources": { "wool": 1 } });
    let a = given(coin.clone(), wool.clone());
    let b = given(wool, coin);
    let play = CitiesKnights::legal_actions(&a, Seat(0))
        .into_iter()
        .find(|c| matches!(c, Command::PlayProgressCard { .. }))
        .expect("the harbor is listed");
    twins::<CitiesKnights>(&a, &b, Seat(0), &play);
}

//! Catania's state for a terminal. The state is text, not a drawing of the board: a player at a terminal needs
//! their hand and cards, every other seat's public counts, the barbarians, the robber's and the pirate's hexes, who
//! is waited for and what is open (offers, obligations, gold), and the ids to type: so the state is a few
//! paragraphs (the turn, the table of seats, each seat's pieces by id), over the Cities & Knights layer's words
//! (`cities_knights_text.rs`), and `--board` adds the map (`catania_map.rs`). Commands and events read in the words of
//! `proto/hexfold/v1/catania/catania.proto` (`words.rs`), like every game's.

use super::catan_text::resource_name;
use super::cities_knights_text::{self, format_hand};
use super::words::{who, words};
use super::{catania_map, ShowBoard};
use crate::proto::v1::catania as cn;
use crate::proto::v1::{self as pb, cities_knights as k};
use std::fmt::Write as _;

/// The state and, when asked, the board: `None` for another game's state.
pub(crate) fn describe(
    state: &pb::game_state::Game,
    seats: &[String],
    board: ShowBoard,
) -> Option<anyhow::Result<String>> {
    let pb::game_state::Game::Catania(state) = state else {
        return None;
    };
    let mut out = describe_state(state, seats);
    if let Some(window) = board.window() {
        match catania_map::describe_board(state, window) {
            Ok(text) => out.push_str(&text),
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(out))
}

fn wonder_name(wonder: i32) -> String {
    words().enum_word("hexfold.v1.catania.Wonder", wonder)
}

fn dev_cards_text(cards: &crate::proto::v1::catan::DevCards) -> String {
    words().text(cards, &[])
}

fn temple_due_text(due: &cn::TempleDue, seats: &[String]) -> String {
    words().text(due, seats)
}

fn seat_counts(seats: &[String], list: &[crate::proto::v1::catan::SeatCount]) -> String {
    if list.is_empty() {
        return "none".to_string();
    }
    let items: Vec<String> = list.iter().map(|c| words().text(c, seats)).collect();
    items.join(", ")
}

fn phase_text(state: &k::State, seats: &[String]) -> String {
    cities_knights_text::phase_text(
        state,
        seats,
        &cities_knights_text::PhaseWords {
            building: "a settlement on Catan",
            road: "a road or a ship",
            thief: "the robber or the pirate",
        },
    )
}

fn terrain_of(hexes: &[cn::HexTile], hex: u32) -> String {
    hexes
        .get(hex as usize)
        .map(|h| words().enum_word("hexfold.v1.catania.Terrain", h.terrain))
        .unwrap_or_else(|| "?".to_string())
}

fn ids(list: impl IntoIterator<Item = String>) -> String {
    let list: Vec<String> = list.into_iter().collect();
    format!("[{}]", list.join(" "))
}

/// The state as a few readable paragraphs: the turn and who is waited for, the thieves, barbarians and holders,
/// the bank and decks, the table of seats (hands where the viewer may see them), the pieces by id.
pub fn describe_state(state: &cn::State, seats: &[String]) -> String {
    let mut out = String::new();
    let w = |seat: u32| who(seats, seat);
    let holder = |s: Option<u32>| s.map(w).unwrap_or_else(|| "nobody".to_string());
    let default_layer = k::State::default();
    let layer = state.layer.as_ref().unwrap_or(&default_layer);
    let hexes = state.board.as_ref().map_or(&[][..], |b| &b.hexes[..]);

    let roll = cities_knights_text::roll_text(layer);
    let _ = writeln!(
        out,
        "phase: {}; active: {}; turn {}; last roll {roll}",
        phase_text(layer, seats),
        w(layer.active),
        layer.turn
    );
    let mut waiting: Vec<String> = layer
        .obligations
        .iter()
        .map(|o| cities_knights_text::describe_obligation(o, seats))
        .collect();
    if !state.gold_owed.is_empty() {
        waiting.push(format!(
            "gold to choose, in order: {}",
            seat_counts(seats, &state.gold_owed)
        ));
    }
    if !waiting.is_empty() {
        let _ = writeln!(out, "waiting for: {}", waiting.join("; "));
    }
    let mut turn = Vec::new();
    for (done, what) in [
        (state.trade_phase_over, "trading over (built or bought)"),
        (state.development_card_played, "development card played"),
        (state.ship_moved, "ship moved"),
    ] {
        if done {
            turn.push(what.to_string());
        }
    }
    if !state.ships_built_this_turn.is_empty() {
        turn.push(format!(
            "ships built on edges {}",
            ids(state.ships_built_this_turn.iter().map(u32::to_string))
        ));
    }
    if !turn.is_empty() {
        let _ = writeln!(out, "this turn: {}", turn.join("; "));
    }
    let pirate = match state.pirate {
        Some(hex) => format!("hex {hex}"),
        None => "off the board".to_string(),
    };
    let _ = writeln!(
        out,
        "robber on hex {} ({}{}); pirate {pirate}; barbarians {} of {} steps to their attack (attacks so far {})",
        layer.robber,
        terrain_of(hexes, layer.robber),
        if layer.robber_in_play { "" } else { ", not in play yet" },
        layer.barbarians,
        state.barbarian_track_length,
        layer.barbarian_attacks
    );
    let at = |hex: Option<u32>| hex.map_or("off the board".to_string(), |h| format!("hex {h}"));
    let _ = writeln!(
        out,
        "iceberg {}; hurricane {}; storm cloud {}",
        at(state.iceberg),
        at(state.hurricane),
        at(state.storm_cloud)
    );
    if !state.tilted.is_empty() {
        let tilted = state.tilted.iter().map(|t| {
            format!(
                "{} on vertex {} (doubles of {})",
                w(t.seat),
                t.vertex,
                t.sum
            )
        });
        let _ = writeln!(
            out,
            "tilted by an avalanche: {}",
            tilted.collect::<Vec<_>>().join("; ")
        );
    }
    let posts = |list: &[cn::Post]| {
        list.iter()
            .map(|p| format!("{} on vertex {}", w(p.seat), p.vertex))
            .collect::<Vec<_>>()
            .join("; ")
    };
    if !state.station_exchanges_due.is_empty() {
        let _ = writeln!(
            out,
            "trading stations to exchange on this 7, in order: {}",
            posts(&state.station_exchanges_due)
        );
    }
    for (what, list) in [
        ("the temple asks, in order", &state.temple_due),
        ("temple debts", &state.temple_debts),
    ] {
        if !list.is_empty() {
            let dues: Vec<String> = list.iter().map(|d| temple_due_text(d, seats)).collect();
            let _ = writeln!(out, "{what}: {}", dues.join("; "));
        }
    }
    if !state.warned_posts.is_empty() {
        let _ = writeln!(out, "warned by the guild: {}", posts(&state.warned_posts));
    }
    let listed = |list: &[u32]| list.iter().map(|&s| w(s)).collect::<Vec<_>>().join(", ");
    let _ = write!(
        out,
        "barbarian castle: {} cards face down",
        state.castle_pile
    );
    if let Some(cards) = &state.castle_cards {
        let _ = write!(out, " ({})", format_hand(&Some(*cards)));
    }
    if !state.castle_deposits_due.is_empty() {
        let _ = write!(out, "; owed now by {}", listed(&state.castle_deposits_due));
    }
    if !state.castle_debts.is_empty() {
        let _ = write!(
            out,
            "; owed from the next yield by {}",
            listed(&state.castle_debts)
        );
    }
    out.push('\n');
    if !state.repairs.is_empty() {
        let repairs = state.repairs.iter().map(|r| {
            let piece = if r.ship { "ship" } else { "road" };
            format!("{} a {piece} on edge {}", w(r.seat), r.edge)
        });
        let _ = writeln!(
            out,
            "to rebuild first: {}",
            repairs.collect::<Vec<_>>().join("; ")
        );
    }
    let (metropolises, merchant) = cities_knights_text::metropolises_and_merchant(layer, seats);
    let _ = writeln!(
        out,
        "longest road: {}; largest army: {}; metropolises: {metropolises}; merchant: {merchant}",
        holder(layer.longest_road),
        holder(state.largest_army),
    );
    let specialists: Vec<String> = state
        .specialists
        .iter()
        .map(|s| format!("{} {}", resource_name(s.resource), holder(s.holder)))
        .collect();
    let _ = writeln!(out, "specialists: {}", specialists.join(", "));
    if !state.wonders.is_empty() {
        let wonders = state.wonders.iter().map(|b| {
            format!(
                "{} by {} (level {} of 4)",
                wonder_name(b.wonder),
                w(b.seat),
                b.level
            )
        });
        let _ = writeln!(out, "wonders: {}", wonders.collect::<Vec<_>>().join("; "));
    }
    let sites: Vec<String> = state
        .wonder_sites
        .iter()
        .map(|s| {
            let vertices: Vec<String> = s.vertices.iter().map(u32::to_string).collect();
            format!(
                "{} at vertices {}",
                wonder_name(s.wonder),
                vertices.join(" ")
            )
        })
        .collect();
    if !sites.is_empty() {
        let _ = writeln!(out, "wonder sites: {}", sites.join("; "));
    }
    if !state.conquests.is_empty() {
        let conquests = state
            .conquests
            .iter()
            .map(|q| format!("island {} by {} (vertex {})", q.island, w(q.seat), q.vertex));
        let _ = writeln!(
            out,
            "conquest points: {}",
            conquests.collect::<Vec<_>>().join("; ")
        );
    }
    if let Some(good) = layer.merchant_fleet {
        let _ = writeln!(
            out,
            "{} trades {} 2:1 this turn (merchant fleet)",
            w(layer.active),
            cities_knights_text::good_name(good)
        );
    }
    if let Some(strength) = layer.deserter_knight {
        let _ = writeln!(
            out,
            "{} may place a {} knight for the deserter",
            w(layer.active),
            cities_knights_text::strength_name(strength)
        );
    }
    let _ = writeln!(
        out,
        "bank {}; progress cards left: trade {}, politics {}, science {}; development cards left {}; defender cards \
         left {}",
        format_hand(&layer.bank),
        layer.trade_cards_left,
        layer.politics_cards_left,
        layer.science_cards_left,
        state.development_cards_left,
        layer.defender_cards_left
    );
    let bag: Vec<String> = state
        .chip_bag
        .iter()
        .map(|chip| format!("{}:{}", chip.number, chip.count))
        .collect();
    let _ = writeln!(
        out,
        "chips in the bag ({}): {}",
        state.chip_bag.iter().map(|chip| chip.count).sum::<u32>(),
        bag.join(" ")
    );
    cities_knights_text::describe_offer(layer, seats, &mut out);

    let _ = writeln!(out, "seats ({} points to win):", layer.points_to_win);
    for p in &layer.players {
        let sailor = state.sailors.iter().find(|s| s.seat == p.seat);
        let marker = if p.seat == layer.active { "*" } else { " " };
        let points = match sailor {
            Some(s) if s.points > p.points => {
                format!(
                    "points {} ({} from hidden cards)",
                    s.points,
                    s.points - p.points
                )
            }
            _ => format!("points {}", p.points),
        };
        let hand = cities_knights_text::hand_text(p);
        let progress = cities_knights_text::progress_text(p);
        let development = match sailor {
            Some(cn::Sailor {
                development_card_count,
                development_cards: Some(playable),
                development_cards_new,
                ..
            }) => {
                let new = development_cards_new
                    .as_ref()
                    .map(dev_cards_text)
                    .filter(|t| t != "nothing")
                    .map(|t| format!("; new {t}"))
                    .unwrap_or_default();
                format!(
                    "{development_card_count} [{}{new}]",
                    dev_cards_text(playable)
                )
            }
            Some(s) => s.development_card_count.to_string(),
            None => "?".to_string(),
        };
        let _ = writeln!(
            out,
            " {marker}{} {:<10} {points}; cards {hand}; progress {progress}; development {development}",
            p.seat,
            w(p.seat)
        );
        let improvements = p.improvements.unwrap_or_default();
        let extra = cities_knights_text::honours_text(p);
        let (ships, landings, knights_played) = sailor.map_or((0, 0, 0), |s| {
            (s.ships_left, s.landing_places_left, s.knights_played)
        });
        let _ = writeln!(
            out,
            "     improvements trade {} politics {} science {}; route {}; hand limit {}; knight cards played \
             {knights_played}{extra}",
            improvements.trade, improvements.politics, improvements.science, p.road_length, p.hand_limit
        );
        let _ = writeln!(
            out,
            "     left: {} settlements, {} cities, {} roads, {ships} ships, {} walls, knights {}/{}/{} \
             (basic/strong/mighty), {landings} landing places",
            p.settlements_left,
            p.cities_left,
            p.roads_left,
            p.walls_left,
            p.basic_knights_left,
            p.strong_knights_left,
            p.mighty_knights_left
        );
        if let Some(counter) = &p.counter_offer {
            let _ = writeln!(
                out,
                "     counter-offer: gives {} for {}",
                format_hand(&counter.give),
                format_hand(&counter.receive)
            );
        }
    }

    let _ = writeln!(out, "pieces:");
    for p in &layer.players {
        let seat = p.seat;
        // The layer's pieces, with the ships and landing places before the knights.
        let mut parts = cities_knights_text::building_parts(layer, seat);
        let ships = ids(state
            .ships
            .iter()
            .filter(|r| r.seat == seat)
            .map(|r| r.edge.to_string()));
        let landings = ids(state
            .landing_places
            .iter()
            .filter(|l| l.seat == seat)
            .map(|l| l.vertex.to_string()));
        parts.insert(3, format!("ships {ships}"));
        parts.insert(4, format!("landing places {landings}"));
        let _ = writeln!(out, "  {}: {}", w(seat), parts.join("; "));
    }
    out
}

/// What the temple asks of a seat, in words.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ProtoGame;
    use crate::proto::v1::catan as c;
    use cn::command::Command as C;
    use hexfold_rules::catania::Catania;
    use hexfold_rules::playout::{Playout, SeatChoice};
    use hexfold_rules::{Game, Seat, Viewer};

    fn parse(text: &str) -> anyhow::Result<cn::Command> {
        match words()
            .parse_command("catania-test", &[text.to_string()])?
            .game
        {
            Some(pb::command::Game::Catania(command)) => Ok(command),
            other => panic!("not a Catania command: {other:?}"),
        }
    }

    fn wrap(command: C) -> cn::Command {
        cn::Command {
            command: Some(command),
        }
    }

    fn piece(edge: u32, ship: bool) -> Option<cn::RoutePiece> {
        Some(cn::RoutePiece { edge, ship })
    }

    fn hand(counts: [u32; 8]) -> Option<k::Hand> {
        let [brick, lumber, wool, grain, ore, coin, paper, cloth] = counts;
        Some(k::Hand {
            resources: Some(c::Resources {
                brick,
                lumber,
                wool,
                grain,
                ore,
            }),
            commodities: Some(k::Commodities { coin, paper, cloth }),
        })
    }

    #[test]
    fn readable_forms_and_aliases() {
        let layer = |command| {
            wrap(C::Ck(k::Command {
                command: Some(command),
            }))
        };
        let cases = [
            (
                "trade-bank sheep:4 coin:1",
                layer(k::command::Command::BankTrade(k::BankTrade {
                    give: k::Good::Wool as i32,
                    receive: k::Good::Coin as i32,
                })),
            ),
            (
                "play road-building road:4 ship:9",
                wrap(C::PlayProgressRoadBuilding(cn::PlayProgressRoadBuilding {
                    first: piece(4, false),
                    second: piece(9, true),
                })),
            ),
            (
                // With plain edges the progress card is the layer's form (which Catania refuses, naming its rule).
                "play road-building 4 9",
                layer(k::command::Command::PlayProgressCard(k::PlayProgressCard {
                    play: Some(k::ProgressPlay {
                        card: Some(k::progress_play::Card::RoadBuilding(k::RoadBuilding {
                            first: 4,
                            second: Some(9),
                        })),
                    }),
                })),
            ),
            (
                "KNIGHT Pirate 7",
                wrap(C::PlayKnight(cn::PlayKnight {
                    bandit: cn::Bandit::Pirate as i32,
                    hex: 7,
                    victim: None,
                })),
            ),
            (
                "play-knight pirate 52 3",
                wrap(C::PlayKnight(cn::PlayKnight {
                    bandit: cn::Bandit::Pirate as i32,
                    hex: 52,
                    victim: Some(3),
                })),
            ),
            (
                "discard wool:2,coin cloth",
                layer(k::command::Command::Discard(k::Discard {
                    cards: hand([0, 0, 2, 0, 0, 1, 0, 1]),
                })),
            ),
            (
                "deposit sheep",
                wrap(C::DepositAtCastle(cn::DepositAtCastle {
                    card: k::Good::Wool as i32,
                })),
            ),
            (
                "choose_gold ore wood",
                wrap(C::ChooseGold(cn::ChooseGold {
                    resources: Some(c::Resources {
                        lumber: 1,
                        ore: 1,
                        ..Default::default()
                    }),
                })),
            ),
            (
                "exchange nothing for nothing",
                wrap(C::ExchangeAtStation(cn::ExchangeAtStation {
                    give: hand([0; 8]),
                    take: Some(c::Resources::default()),
                })),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(parse(text).unwrap(), expected, "{text}");
        }
    }

    #[test]
    fn malformed_commands_are_refused_with_a_reason() {
        let cases = [
            ("", "empty command"),
            ("fly 3", "unknown command"),
            ("build-ship", "takes 1"),
            ("build-ship one", "must be a number"),
            ("play-knight dragon 4", "unknown bandit"),
            ("play-knight robber", "takes 2 to 3"),
            ("play-road-building 4", "PIECE is written like ship:12"),
            ("play-road-building boat:4", "PIECE is written like ship:12"),
            ("play road-building road:x", "PIECE is written like ship:12"),
            ("chase 3 robber", "takes 3 to 4"),
            ("discard gold:2", "unknown card"),
            ("offer wool for", "expected cards"),
            ("play printer", "unknown card \"printer\""),
            ("play juggler", "unknown card"),
            ("play", "missing CARD"),
            ("improve fishing", "unknown track"),
            ("play commercial-harbor wool", "SEAT:RESOURCE"),
            ("choose-gold", "expected resources"),
            ("deposit", "takes 1"),
            ("deposit gold", "unknown good"),
        ];
        for (text, reason) in cases {
            let err = parse(text).expect_err(text).to_string();
            assert!(
                err.contains(reason),
                "{text:?}: {err:?} should mention {reason:?}"
            );
        }
    }

    /// A seeded six-seat random game through the adapter, as seat 0 sees it: every legal action of the seat to
    /// act prints in the grammar and parses back to itself, every event reads as a sentence, and the state reads
    /// as text (seat 0's cards in full, the others' as counts).
    #[test]
    fn a_random_game_reads_as_text_and_its_actions_type_back() {
        let seats: Vec<String> = ["ann", "bob", "cat", "dan", "eve", "fay"]
            .map(String::from)
            .to_vec();
        let config = Catania::config(&pb::GameOptions::default(), 6).unwrap();
        let (_, playout) = Playout::<Catania>::seeded(&config, 9).unwrap();
        let mut playout = playout
            .seat_choice(SeatChoice::First)
            .list_legal()
            .command_limit(1500);
        let me = Viewer::Seat(Seat(0));
        let mut typed = 0;
        let mut sentences = Vec::new();
        while playout
            .step(|step| {
                for legal in step.legal.unwrap() {
                    let command = Catania::command_to_proto(legal);
                    let text = words().command(&command);
                    let back = words().parse_command("catania-test", std::slice::from_ref(&text));
                    assert_eq!(back.unwrap(), command, "{text}");
                    typed += 1;
                }
                step.each_event(|state, event| {
                    let event = Catania::event_to_proto(&Catania::view_event(state, event, me));
                    sentences.push(words().event(&event, &seats));
                });
            })
            .is_ok()
        {}
        assert!(typed > 1000, "{typed}");
        for sentence in &sentences {
            assert!(
                !sentence.contains(['{', '?']) && !sentence.contains("Some("),
                "{sentence}"
            );
        }
        let Some(pb::game_state::Game::Catania(view)) =
            Catania::state_to_proto(&Catania::view_state(playout.state(), me)).game
        else {
            panic!("not a Catania state")
        };
        let text = describe_state(&view, &seats);
        assert!(
            !text.contains(['{', '?']) && !text.contains("Some("),
            "{text}"
        );
        for name in &seats {
            assert!(text.contains(&format!("  {name}: settlements [")), "{text}");
        }
        // The castle's pile as a count, its cards hidden from a seat.
        let castle = text
            .lines()
            .find(|l| l.starts_with("barbarian castle: "))
            .unwrap_or_else(|| panic!("no castle line: {text}"));
        assert!(
            castle.contains(&format!("{} cards face down", view.castle_pile))
                && !castle.contains('('),
            "{castle}"
        );
        // Seat 0's cards are listed, the others' are counts only.
        let line = |seat: usize| {
            text.lines()
                .find(|l| {
                    l.starts_with(&format!("  {seat} {}", seats[seat]))
                        || l.starts_with(&format!(" *{seat} {}", seats[seat]))
                })
                .unwrap_or_else(|| panic!("no line for seat {seat}: {text}"))
                .to_string()
        };
        assert!(
            line(0).contains("cards ") && line(0).contains('['),
            "{}",
            line(0)
        );
        for seat in 1..6 {
            assert!(!line(seat).contains('['), "{}", line(seat));
        }
    }
}

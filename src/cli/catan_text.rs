//! Base Catan's state for a terminal: a few paragraphs (the turn, the table of players with the hands the viewer may
//! see, the pieces by id), and the board drawn by `hex_map.rs`, which Cities & Knights shares. Commands and events
//! read in the words of `proto/hexfold/v1/catan/catan.proto` (`words.rs`), like every game's.

use super::hex_map::{self, Map, Marks, Window};
use super::words::{who, words};
use super::ShowBoard;
use crate::proto::v1::{self as pb, catan as c};
use std::fmt::Write as _;

/// The state and, when asked, the board: `None` for another game's state.
pub(crate) fn describe(
    state: &pb::game_state::Game,
    seats: &[String],
    board: ShowBoard,
) -> Option<anyhow::Result<String>> {
    let pb::game_state::Game::Catan(state) = state else {
        return None;
    };
    let mut out = describe_state(state, seats);
    if let Some(window) = board.window() {
        let marks = Marks::pieces(&state.buildings, &state.roads, state.robber);
        match describe_board(&state.board, &marks, state.robber, window) {
            Ok(text) => out.push_str(&text),
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(out))
}

/// Counts (resources, development cards) in words, `2 wool, 1 ore`, or `nothing`.
pub(super) fn counts<M: prost::Name + Default + Clone>(counts: &Option<M>) -> String {
    words().text(&counts.clone().unwrap_or_default(), &[])
}

/// A resource's word.
pub(super) fn resource_name(resource: i32) -> String {
    words().enum_phrase("hexfold.v1.catan.Resource", resource)
}

/// A terrain's word.
pub(super) fn terrain_name(terrain: i32) -> String {
    words().enum_phrase("hexfold.v1.catan.Terrain", terrain)
}

fn dice(d: &c::Dice) -> String {
    words().text(d, &[])
}

fn phase_text(phase: &Option<c::Phase>, seats: &[String]) -> String {
    let Some(phase) = phase else {
        return "?".to_string();
    };
    match c::PhaseKind::try_from(phase.kind) {
        Ok(c::PhaseKind::StartingRoll) => "starting roll".to_string(),
        Ok(c::PhaseKind::PlaceSettlement) => format!(
            "setup step {}: place a settlement",
            phase.placement_index + 1
        ),
        Ok(c::PhaseKind::PlaceRoad) => match phase.settlement {
            Some(v) => format!(
                "setup step {}: place a road next to vertex {v}",
                phase.placement_index + 1
            ),
            None => format!("setup step {}: place a road", phase.placement_index + 1),
        },
        Ok(c::PhaseKind::Roll) => "roll the dice".to_string(),
        Ok(c::PhaseKind::Discard) => "discard after a 7".to_string(),
        Ok(c::PhaseKind::Robber) => "move the robber".to_string(),
        Ok(c::PhaseKind::Main) => "trade and build".to_string(),
        Ok(c::PhaseKind::Ended) => match phase.winner {
            Some(w) => format!("ended, {} won", who(seats, w)),
            None => "ended".to_string(),
        },
        Ok(c::PhaseKind::Unspecified) | Err(_) => "?".to_string(),
    }
}

/// The state as a few readable paragraphs: the turn, the table of players (hands where the viewer may see them),
/// the pieces on the board.
pub fn describe_state(state: &c::State, seats: &[String]) -> String {
    let mut out = String::new();
    let w = |seat: u32| who(seats, seat);
    // Nobody's turn has begun during the starting roll: the seats still to roll are those waited for.
    let starting = state
        .phase
        .as_ref()
        .is_some_and(|p| p.kind == c::PhaseKind::StartingRoll as i32);
    let _ = writeln!(
        out,
        "phase: {}; active: {}; turn {}; last roll {}",
        phase_text(&state.phase, seats),
        if starting {
            "-".to_string()
        } else {
            w(state.active)
        },
        state.turn,
        state
            .last_roll
            .as_ref()
            .map(dice)
            .unwrap_or_else(|| "-".to_string())
    );
    let _ = writeln!(
        out,
        "robber on hex {}; bank {}; development cards left {}",
        state.robber,
        counts(&state.bank),
        state.development_cards_left
    );
    let holder = |s: Option<u32>| s.map(w).unwrap_or_else(|| "nobody".to_string());
    let _ = writeln!(
        out,
        "longest road: {}; largest army: {}",
        holder(state.longest_road),
        holder(state.largest_army)
    );
    if let Some(offer) = &state.offer {
        let _ = writeln!(
            out,
            "open offer by {}: {} for {}",
            w(state.active),
            counts(&offer.give),
            counts(&offer.receive)
        );
    }
    let _ = writeln!(out, "players:");
    for p in &state.players {
        let hand = match &p.resources {
            Some(r) => format!("{} [{}]", p.resource_count, words().text(r, &[])),
            None => format!("{}", p.resource_count),
        };
        let dev = match &p.development_cards {
            Some(d) => format!("{} [{}]", p.development_card_count, words().text(d, &[])),
            None => format!("{}", p.development_card_count),
        };
        let vp_cards = p
            .victory_point_cards
            .map(|n| format!(" (+{n} hidden)"))
            .unwrap_or_default();
        let marker = if p.seat == state.active && !starting {
            "*"
        } else {
            " "
        };
        let _ = writeln!(
            out,
            " {marker}{} {:<10} points {}{vp_cards}; cards {hand}; development {dev}; knights {}; road {}; left: \
             {} settlements, {} cities, {} roads{}",
            p.seat,
            w(p.seat),
            p.public_points,
            p.knights_played,
            p.road_length,
            p.settlements_left,
            p.cities_left,
            p.roads_left,
            if p.discard_owed > 0 { format!("; owes {} cards", p.discard_owed) } else { String::new() },
        );
        if let Some(counter) = &p.counter_offer {
            let _ = writeln!(
                out,
                "     counter-offer: gives {} for {}",
                counts(&counter.give),
                counts(&counter.receive)
            );
        }
    }
    let seat_count = state.players.len().max(seats.len());
    for seat in 0..seat_count as u32 {
        let mut settlements = Vec::new();
        let mut cities = Vec::new();
        for b in state.buildings.iter().filter(|b| b.seat == seat) {
            if b.city {
                cities.push(b.vertex.to_string());
            } else {
                settlements.push(b.vertex.to_string());
            }
        }
        let roads: Vec<String> = state
            .roads
            .iter()
            .filter(|r| r.seat == seat)
            .map(|r| r.edge.to_string())
            .collect();
        if settlements.is_empty() && cities.is_empty() && roads.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "{}: settlements at [{}], cities at [{}], roads on [{}]",
            w(seat),
            settlements.join(" "),
            cities.join(" "),
            roads.join(" ")
        );
    }
    out
}

/// The board of base Catan, which Cities & Knights shares: drawn as a map with `marks` on it (the pieces and the
/// robber), whole or the `window` of it, then its hexes by id (with their coordinates, terrain and number), then
/// the harbors. An error when the window's focus is not on the board.
pub(super) fn describe_board(
    board: &Option<c::Board>,
    marks: &Marks,
    robber: u32,
    window: Option<Window>,
) -> anyhow::Result<String> {
    let Some(board) = board else {
        return Ok(String::new());
    };
    let mut out = hex_map::draw(&Map::catan(board), marks, window)?;
    for (id, hex) in board.hexes.iter().enumerate() {
        let (q, r) = hex.coord.map(|c| (c.q, c.r)).unwrap_or_default();
        let number = hex
            .number
            .map(|n| n.to_string())
            .unwrap_or_else(|| "-".to_string());
        let robber = if id as u32 == robber { "  robber" } else { "" };
        let _ = writeln!(
            out,
            "  hex {id:>2} ({q:>2},{r:>2}) {:<9} {number:>2}{robber}",
            terrain_name(hex.terrain)
        );
    }
    let harbors: Vec<String> = board
        .harbors
        .iter()
        .map(|h| format!("edge {} {}", h.edge, hex_map::harbor_text(h)))
        .collect();
    let _ = writeln!(out, "harbors: {}", harbors.join("; "));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> anyhow::Result<c::Command> {
        match words()
            .parse_command("catan-test", &[text.to_string()])?
            .game
        {
            Some(pb::command::Game::Catan(command)) => Ok(command),
            other => panic!("not a catan command: {other:?}"),
        }
    }

    fn res(brick: u32, lumber: u32, wool: u32, grain: u32, ore: u32) -> Option<c::Resources> {
        Some(c::Resources {
            brick,
            lumber,
            wool,
            grain,
            ore,
        })
    }

    #[test]
    fn readable_forms_and_aliases() {
        use c::command::Command as C;
        let cases: [(&str, C); 7] = [
            (
                "trade-bank wool:4 ore:1",
                C::MaritimeTrade(c::MaritimeTrade {
                    give: 3,
                    receive: 5,
                }),
            ),
            (
                "trade_bank sheep wheat",
                C::MaritimeTrade(c::MaritimeTrade {
                    give: 3,
                    receive: 4,
                }),
            ),
            (
                "discard wool:2,ore ore",
                C::Discard(c::Discard {
                    resources: res(0, 0, 2, 0, 2),
                }),
            ),
            (
                "offer brick for grain:2",
                C::OfferTrade(c::OfferTrade {
                    give: res(1, 0, 0, 0, 0),
                    receive: res(0, 0, 0, 2, 0),
                }),
            ),
            ("END", C::EndTurn(c::EndTurn {})),
            ("roll-dice", C::RollDice(c::RollDice {})),
            (
                "robber 7 2",
                C::MoveRobber(c::MoveRobber {
                    hex: 7,
                    victim: Some(2),
                }),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                parse(text).unwrap(),
                c::Command {
                    command: Some(expected)
                },
                "{text}"
            );
        }
        // Words may come split, as a shell passes them.
        let split: Vec<String> = ["build-road", "12"].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            words().parse_command("catan-test", &split).unwrap(),
            words()
                .parse_command("catan-test", &["build-road 12".to_string()])
                .unwrap()
        );
    }

    #[test]
    fn malformed_commands_are_refused_with_a_reason() {
        let cases = [
            ("", "empty command"),
            ("fly 3", "unknown command"),
            ("build-road", "takes 1"),
            ("build-road twelve", "must be a number"),
            ("build-road 1 2", "takes 1"),
            ("discard", "expected resources"),
            ("discard gold:2", "unknown resource"),
            ("discard wool:x", "bad count"),
            ("offer wool:1 grain:1", "expected `for RESOURCES`"),
            ("offer for grain", "expected resources"),
            ("roll 6", "takes 0"),
            ("play-monopoly", "takes 1"),
        ];
        for (text, reason) in cases {
            let err = parse(text).expect_err(text).to_string();
            assert!(
                err.contains(reason),
                "{text:?}: {err:?} should mention {reason:?}"
            );
        }
    }

    #[test]
    fn hidden_fields_are_described_only_when_present() {
        let seats = vec!["ann".to_string(), "bob".to_string()];
        let stolen = |resource| pb::Event {
            body: Some(pb::event::Body::Catan(c::Event {
                event: Some(c::event::Event::ResourceStolen(c::ResourceStolen {
                    thief: 0,
                    victim: 1,
                    resource,
                })),
            })),
        };
        assert_eq!(
            words().event(&stolen(None), &seats),
            "ann stole a card from bob"
        );
        assert_eq!(
            words().event(&stolen(Some(c::Resource::Ore as i32)), &seats),
            "ann stole ore from bob"
        );
    }
}

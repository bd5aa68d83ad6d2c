//! Cities & Knights' state for a terminal, for its own games and as the layer Catania plays: its state as
//! paragraphs, and the words a state of the layer needs (cards, tracks, obligations, knights, the seats' pieces),
//! which Catania's state (`catania_text.rs`) composes as its types compose the layer's. The board is base Catan's
//! (`catan_text.rs`), with the layer's pieces marked. Commands and events read in the words of
//! `proto/hexfold/v1/cities_knights/cities_knights.proto` (`words.rs`), like every game's.

use super::catan_text;
use super::hex_map::Marks;
use super::words::{who, words};
use super::ShowBoard;
use crate::proto::v1::{self as pb, cities_knights as k};
use std::fmt::Write as _;

/// The state and, when asked, the board: `None` for another game's state.
pub(crate) fn describe(
    state: &pb::game_state::Game,
    seats: &[String],
    board: ShowBoard,
) -> Option<anyhow::Result<String>> {
    let pb::game_state::Game::CitiesKnights(state) = state else {
        return None;
    };
    let mut out = describe_state(state, seats);
    if let Some(window) = board.window() {
        let marks = board_marks(state);
        match catan_text::describe_board(&state.board, &marks, state.robber, window) {
            Ok(text) => out.push_str(&text),
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(out))
}

/// Cards in words, `2 wool, 1 coin`, or `nothing`.
pub(super) fn format_hand(hand: &Option<k::Hand>) -> String {
    catan_text::counts(hand)
}

/// An enum value of the layer's proto as a word (`master-merchant`).
fn layer_word(enumeration: &str, value: i32) -> String {
    words().enum_word(&format!("hexfold.v1.cities_knights.{enumeration}"), value)
}

pub(super) fn card_name(card: i32) -> String {
    layer_word("ProgressCard", card)
}

pub(super) fn track_name(track: i32) -> String {
    layer_word("Track", track)
}

pub(super) fn good_name(good: i32) -> String {
    layer_word("Good", good)
}

pub(super) fn strength_name(strength: u32) -> &'static str {
    match strength {
        1 => "basic",
        2 => "strong",
        3 => "mighty",
        _ => "?",
    }
}

pub(super) fn seat_list(seats: &[String], list: &[u32]) -> String {
    if list.is_empty() {
        return "nobody".to_string();
    }
    let names: Vec<String> = list.iter().map(|s| who(seats, *s)).collect();
    names.join(", ")
}

/// What an obligation asks of whom, as a phrase: `ann to discard 4`.
pub(super) fn describe_obligation(obligation: &k::Obligation, seats: &[String]) -> String {
    words().text(obligation, seats)
}

/// A knight as `33 strong active`.
pub(super) fn describe_knight(knight: &k::Knight) -> String {
    words().text(knight, &[])
}

/// What a game composing the layer calls the pieces its phases ask for.
pub(super) struct PhaseWords<'a> {
    /// What the opening places: `a settlement on Catan` in Catania, a settlement then a city in C&K.
    pub building: &'a str,
    /// What the opening lays beside it: `a road`, or `a road or a ship`.
    pub road: &'a str,
    /// What a 7 moves: `the robber`, or `the robber or the pirate`.
    pub thief: &'a str,
}

/// The phase of the layer's state in words.
pub(super) fn phase_text(state: &k::State, seats: &[String], words: &PhaseWords<'_>) -> String {
    let PhaseWords {
        building,
        road,
        thief,
    } = words;
    let Some(phase) = &state.phase else {
        return "?".to_string();
    };
    let step = phase.placement_index + 1;
    match k::PhaseKind::try_from(phase.kind) {
        Ok(k::PhaseKind::PlaceBuilding) => format!("opening step {step}: place {building}"),
        Ok(k::PhaseKind::PlaceRoad) => match phase.vertex {
            Some(v) => format!("opening step {step}: place {road} next to vertex {v}"),
            None => format!("opening step {step}: place {road}"),
        },
        Ok(k::PhaseKind::Roll) => "roll the dice".to_string(),
        Ok(k::PhaseKind::Resolving) => "settling what the roll asks".to_string(),
        Ok(k::PhaseKind::Robber) => format!("move {thief}"),
        Ok(k::PhaseKind::Main) => "trade, then build".to_string(),
        Ok(k::PhaseKind::Ended) => match phase.winner {
            Some(winner) => format!("ended, {} won", who(seats, winner)),
            None => "ended".to_string(),
        },
        Ok(k::PhaseKind::Unspecified) | Err(_) => "?".to_string(),
    }
}

fn phase_step(state: &k::State) -> u32 {
    state.phase.as_ref().map_or(0, |p| p.placement_index + 1)
}

/// The last roll's three dice, or `-`.
pub(super) fn roll_text(state: &k::State) -> String {
    match &state.last_roll {
        Some(roll) => words().text(roll, &[]),
        None => "-".to_string(),
    }
}

/// The active seat's open offer and who declined it, as lines.
pub(super) fn describe_offer(state: &k::State, seats: &[String], out: &mut String) {
    let Some(offer) = &state.offer else { return };
    let _ = writeln!(
        out,
        "open offer by {}: {} for {}",
        who(seats, state.active),
        format_hand(&offer.give),
        format_hand(&offer.receive)
    );
    let declined: Vec<u32> = state
        .players
        .iter()
        .filter(|p| p.rejected_offer)
        .map(|p| p.seat)
        .collect();
    if !declined.is_empty() {
        let _ = writeln!(out, "  declined by {}", seat_list(seats, &declined));
    }
}

/// A seat's progress cards: the count, and the cards where the viewer may see them.
pub(super) fn progress_text(p: &k::Player) -> String {
    match &p.progress_cards {
        Some(cards) => format!(
            "{} [{}]",
            p.progress_card_count,
            cards
                .cards
                .iter()
                .map(|card| card_name(*card))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        None => p.progress_card_count.to_string(),
    }
}

/// A seat's cards in hand: the count, and the cards where the viewer may see them.
pub(super) fn hand_text(p: &k::Player) -> String {
    match &p.hand {
        Some(_) => format!("{} [{}]", p.card_count, format_hand(&p.hand)),
        None => p.card_count.to_string(),
    }
}

/// A seat's shown progress victory points and defender cards, as `; ...` clauses.
pub(super) fn honours_text(p: &k::Player) -> String {
    let mut extra = String::new();
    if !p.victory_point_cards.is_empty() {
        let cards: Vec<String> = p
            .victory_point_cards
            .iter()
            .map(|card| card_name(*card))
            .collect();
        let _ = write!(extra, "; shown {}", cards.join(" "));
    }
    if p.defender_cards > 0 {
        let _ = write!(extra, "; defender of Catan {}", p.defender_cards);
    }
    extra
}

/// A seat's settlements, cities (with walls and metropolises) and knights on the board, by id.
pub(super) fn building_parts(state: &k::State, seat: u32) -> Vec<String> {
    let ids = |list: Vec<String>| format!("[{}]", list.join(" "));
    let buildings = state.buildings.iter().filter(|b| b.seat == seat);
    let settlements = ids(buildings
        .clone()
        .filter(|b| !b.city)
        .map(|b| b.vertex.to_string())
        .collect());
    let cities = ids(buildings
        .filter(|b| b.city)
        .map(|b| {
            let mut text = b.vertex.to_string();
            if b.wall {
                text.push_str(" (wall)");
            }
            if let Some(track) = b.metropolis {
                let _ = write!(text, " ({} metropolis)", track_name(track));
            }
            text
        })
        .collect());
    let roads = ids(state
        .roads
        .iter()
        .filter(|r| r.seat == seat)
        .map(|r| r.edge.to_string())
        .collect());
    let knights: Vec<String> = state
        .knights
        .iter()
        .filter(|n| n.seat == seat)
        .map(describe_knight)
        .collect();
    vec![
        format!("settlements {settlements}"),
        format!("cities {cities}"),
        format!("roads {roads}"),
        format!("knights [{}]", knights.join(", ")),
    ]
}

/// The layer's pieces as marks on the drawn board: base Catan's, a `w` after a walled city, `m` after a metropolis,
/// a knight as `k` (`K` when active) with its seat and strength, the robber and the merchant with its holder.
pub(super) fn board_marks(state: &k::State) -> Marks {
    let mut marks = Marks::default();
    for b in &state.buildings {
        let mut mark = format!("{}{}", if b.city { 'c' } else { 's' }, b.seat);
        if b.wall {
            mark.push('w');
        }
        if b.metropolis.is_some() {
            mark.push('m');
        }
        marks.vertices.insert(b.vertex, mark);
    }
    for n in &state.knights {
        let kind = if n.active { 'K' } else { 'k' };
        marks
            .vertices
            .insert(n.vertex, format!("{kind}{}.{}", n.seat, n.strength));
    }
    for r in &state.roads {
        marks.edges.insert(r.edge, format!("r{}", r.seat));
    }
    marks.hex(state.robber, "R".to_string());
    if let Some(m) = &state.merchant {
        marks.hex(m.hex, format!("M{}", m.seat));
    }
    marks.legend.push(
        "w a city's wall, m a metropolis; k0.2 a passive knight of seat 0 of strength 2, K when active; M0 seat 0's \
         merchant",
    );
    marks
}

/// Who holds each track's metropolis, and where the merchant stands, in words.
pub(super) fn metropolises_and_merchant(state: &k::State, seats: &[String]) -> (String, String) {
    let holder = |s: Option<u32>| s.map_or("nobody".to_string(), |s| who(seats, s));
    let metropolises = [
        ("trade", state.trade_metropolis),
        ("politics", state.politics_metropolis),
        ("science", state.science_metropolis),
    ]
    .map(|(track, seat)| format!("{track} {}", holder(seat)))
    .join(", ");
    let merchant = match &state.merchant {
        Some(m) => format!("{} on hex {}", who(seats, m.seat), m.hex),
        None => "nobody".to_string(),
    };
    (metropolises, merchant)
}

/// A Cities & Knights state as a few readable paragraphs, as `catan_text::describe_state` gives base Catan's: the
/// turn and who is waited for, the robber, barbarians and holders, the bank and decks, the table of seats (hands
/// where the viewer may see them), the pieces by id.
pub fn describe_state(state: &k::State, seats: &[String]) -> String {
    let mut out = String::new();
    let w = |seat: u32| who(seats, seat);
    let holder = |s: Option<u32>| s.map(w).unwrap_or_else(|| "nobody".to_string());
    let _ = writeln!(
        out,
        "phase: {}; active: {}; turn {}; last roll {}",
        phase_text(
            state,
            seats,
            &PhaseWords {
                // The first round places settlements, the second cities.
                building: if phase_step(state) <= state.players.len() as u32 {
                    "a settlement"
                } else {
                    "a city"
                },
                road: "a road",
                thief: "the robber",
            }
        ),
        w(state.active),
        state.turn,
        roll_text(state)
    );
    let waiting: Vec<String> = state
        .obligations
        .iter()
        .map(|o| describe_obligation(o, seats))
        .collect();
    if !waiting.is_empty() {
        let _ = writeln!(out, "obligations: {}", waiting.join("; "));
    }
    let _ = writeln!(
        out,
        "robber on hex {}{}; barbarians {} steps on (attacks so far {})",
        state.robber,
        if state.robber_in_play {
            ""
        } else {
            " (not in play yet)"
        },
        state.barbarians,
        state.barbarian_attacks
    );
    let (metropolises, merchant) = metropolises_and_merchant(state, seats);
    let _ = writeln!(
        out,
        "longest road: {}; metropolises: {metropolises}; merchant: {merchant}",
        holder(state.longest_road),
    );
    let _ = writeln!(
        out,
        "bank {}; progress cards left: trade {}, politics {}, science {}; defender cards left {}",
        format_hand(&state.bank),
        state.trade_cards_left,
        state.politics_cards_left,
        state.science_cards_left,
        state.defender_cards_left
    );
    describe_offer(state, seats, &mut out);
    let _ = writeln!(out, "seats ({} points to win):", state.points_to_win);
    for p in &state.players {
        let marker = if p.seat == state.active { "*" } else { " " };
        let _ = writeln!(
            out,
            " {marker}{} {:<10} points {}; cards {}; progress {}{}",
            p.seat,
            w(p.seat),
            p.points,
            hand_text(p),
            progress_text(p),
            honours_text(p)
        );
        let improvements = p.improvements.unwrap_or_default();
        let _ = writeln!(
            out,
            "     improvements trade {} politics {} science {}; road {}; hand limit {}; left: {} settlements, {} \
             cities, {} roads, {} walls, knights {}/{}/{} (basic/strong/mighty)",
            improvements.trade,
            improvements.politics,
            improvements.science,
            p.road_length,
            p.hand_limit,
            p.settlements_left,
            p.cities_left,
            p.roads_left,
            p.walls_left,
            p.basic_knights_left,
            p.strong_knights_left,
            p.mighty_knights_left
        );
    }
    let _ = writeln!(out, "pieces:");
    for p in &state.players {
        let _ = writeln!(
            out,
            "  {}: {}",
            w(p.seat),
            building_parts(state, p.seat).join("; ")
        );
    }
    out
}

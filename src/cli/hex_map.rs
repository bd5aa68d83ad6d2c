//! The board of a 19-hex game (base Catan, Cities & Knights) drawn in the terminal: every hex with its terrain,
//! number and id, every vertex id at its corner and every edge id on its side, the pieces beside the ids they
//! stand on, and the harbors out at sea beside their edges, so a person can find vertex 17.
//!
//! Which corner of which hex a vertex is comes from the rules' geometry ([`HexCoord::corner`]) and the vertex keys
//! the board view names; this module only decides where on the screen each hex's centre and corners go. The map is
//! pointy-topped, as the rules' coordinates are: each hex is [`HEX_WIDTH`] columns wide and rows of hexes are six
//! lines apart. The 19-hex board draws at most 108 columns wide with its indent (2:1 harbors out west and east of the
//! middle row). Catania's 195 hexes would take more than twice that, so its map (`catania_text.rs`) shows hexes only.

use super::catan_text::{resource_name, terrain_name};
use crate::proto::v1::catan as c;
use hexfold_rules::hex::{HexCoord, VertexCorner, VertexKey};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// Columns from one hex's centre to the next one's in a row. A multiple of four, so that every side's middle
/// falls on a column: a corner is half a hex from the centre sideways, a slanted side's middle a quarter.
const HEX_WIDTH: i32 = 16;

/// Where corner `k` of a hex (0 = north, then clockwise, as [`HexCoord::corner`] numbers them) is drawn, from the
/// hex's centre: columns right, lines down.
const CORNER_OFFSETS: [(i32, i32); 6] = [
    (0, -4),
    (HEX_WIDTH / 2, -2),
    (HEX_WIDTH / 2, 2),
    (0, 4),
    (-HEX_WIDTH / 2, 2),
    (-HEX_WIDTH / 2, -2),
];

/// How side `k` of a hex (0 = north-east, clockwise) is drawn on either side of its id.
const SIDE_STROKES: [char; 6] = ['\\', '|', '/', '\\', '|', '/'];

/// What the map explains below itself, before the game's own pieces: one line each.
const LEGEND: [&str; 2] = [
    "ids: a number at a corner is a vertex, /N/ \\N\\ |N| on a side an edge, #N in a hex the hex, (N) its number",
    "pieces follow the id they stand on, with the seat: s settlement, c city, r road (17s0, /12r1/); R the robber",
];

/// What stands on the board beside its ids: text to follow a vertex's or an edge's id (`s0`, `c2w`, `r1`) and
/// words to add to a hex's number line (`R` for the robber).
#[derive(Default)]
pub(super) struct Marks {
    pub vertices: HashMap<u32, String>,
    pub edges: HashMap<u32, String>,
    pub hexes: HashMap<u32, Vec<String>>,
    /// The legend's line for what a game adds to the base pieces, if anything.
    pub legend: Option<&'static str>,
}

impl Marks {
    /// Base Catan's settlements, cities and roads, each followed by its seat, and the robber.
    pub fn pieces(buildings: &[c::Building], roads: &[c::Road], robber: u32) -> Marks {
        let mut marks = Marks::default();
        for b in buildings {
            let kind = if b.city { 'c' } else { 's' };
            marks.vertices.insert(b.vertex, format!("{kind}{}", b.seat));
        }
        for r in roads {
            marks.edges.insert(r.edge, format!("r{}", r.seat));
        }
        marks.hex(robber, "R".to_string());
        marks
    }

    /// Adds a word to a hex's number line.
    pub fn hex(&mut self, hex: u32, mark: String) {
        self.hexes.entry(hex).or_default().push(mark);
    }
}

/// A point of the screen: a column and a line.
type Point = (i32, i32);

/// A piece of text centred on a point of the screen.
struct Label {
    x: i32,
    y: i32,
    text: String,
}

/// The board drawn as lines of text, each indented by two spaces, under a line with its size and above the
/// legend; empty when there is no board.
pub(super) fn draw(board: &Option<c::Board>, marks: &Marks) -> String {
    let mut out = String::new();
    let Some(board) = board else {
        return out;
    };
    let vertex_ids: HashMap<VertexKey, u32> = board
        .vertices
        .iter()
        .zip(0..)
        .filter_map(|(key, id)| Some((vertex_key(key)?, id)))
        .collect();
    let edge_ids: HashMap<(u32, u32), u32> = board
        .edges
        .iter()
        .zip(0..)
        .map(|(ends, id)| ((ends.a.min(ends.b), ends.a.max(ends.b)), id))
        .collect();
    let mut labels = Vec::new();
    let mut placed = HashSet::new();
    // Each edge's middle and the centre of the land hex it was first drawn with, for the harbors out at sea.
    let mut sides: HashMap<u32, (Point, Point)> = HashMap::new();
    for (hex, id) in board.hexes.iter().zip(0u32..) {
        let coord = hex.coord.unwrap_or_default();
        let (Ok(q), Ok(r)) = (i8::try_from(coord.q), i8::try_from(coord.r)) else {
            continue;
        };
        let coord = HexCoord::new(q, r);
        let (x, y) = (
            HEX_WIDTH * i32::from(q) + HEX_WIDTH / 2 * i32::from(r),
            6 * i32::from(r),
        );
        let mut number = hex.number.map(|n| format!("({n})")).unwrap_or_default();
        for mark in marks.hexes.get(&id).into_iter().flatten() {
            number = format!("{number} {mark}").trim_start().to_string();
        }
        let lines = [
            terrain_name(hex.terrain).to_string(),
            number,
            format!("#{id}"),
        ];
        for (dy, text) in (-1..=1).zip(lines) {
            labels.push(Label { x, y: y + dy, text });
        }
        let corners: [Option<u32>; 6] =
            std::array::from_fn(|k| vertex_ids.get(&coord.corner(k)).copied());
        for (k, corner) in corners.iter().enumerate() {
            let (dx, dy) = CORNER_OFFSETS[k];
            if let Some(v) = corner.filter(|&v| placed.insert(Place::Vertex(v))) {
                let mark = marks.vertices.get(&v).map_or("", String::as_str);
                labels.push(Label {
                    x: x + dx,
                    y: y + dy,
                    text: format!("{v}{mark}"),
                });
            }
            // Side k joins corners k and k + 1.
            let (Some(a), Some(b)) = (*corner, corners[(k + 1) % 6]) else {
                continue;
            };
            let Some(&e) = edge_ids.get(&(a.min(b), a.max(b))) else {
                continue;
            };
            if !placed.insert(Place::Edge(e)) {
                continue;
            }
            let (ex, ey) = CORNER_OFFSETS[(k + 1) % 6];
            let middle = (x + (dx + ex) / 2, y + (dy + ey) / 2);
            sides.insert(e, (middle, (x, y)));
            let mark = marks.edges.get(&e).map_or("", String::as_str);
            let stroke = SIDE_STROKES[k];
            if stroke == '|' {
                // A vertical side is three lines tall: its strokes above and below the id.
                for dy in [-1, 1] {
                    labels.push(Label {
                        x: middle.0,
                        y: middle.1 + dy,
                        text: "|".to_string(),
                    });
                }
            }
            labels.push(Label {
                x: middle.0,
                y: middle.1,
                text: format!("{stroke}{e}{mark}{stroke}"),
            });
        }
    }
    // A harbor's ratio is written in the sea hex across its side: the land hex's centre mirrored through the
    // side's middle. Two harbors facing one sea hex take a line each.
    let mut at_sea: HashMap<Point, i32> = HashMap::new();
    for harbor in &board.harbors {
        let Some(&((x, y), (cx, cy))) = sides.get(&harbor.edge) else {
            continue;
        };
        let sea = (2 * x - cx, 2 * y - cy);
        let taken = at_sea.entry(sea).or_insert(0);
        labels.push(Label {
            x: sea.0,
            y: sea.1 + *taken,
            text: harbor_text(harbor),
        });
        *taken += 1;
    }
    let _ = writeln!(
        out,
        "board ({} hexes, {} vertices, {} edges):",
        board.hexes.len(),
        board.vertices.len(),
        board.edges.len()
    );
    for line in render(&labels) {
        let _ = writeln!(out, "{}", format!("  {line}").trim_end());
    }
    for line in LEGEND.iter().chain(&marks.legend) {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// An id already drawn: every vertex and edge is drawn once, with the first hex that has it.
#[derive(PartialEq, Eq, Hash)]
enum Place {
    Vertex(u32),
    Edge(u32),
}

/// A harbor as its ratio: `3:1`, or `2:1 ore`.
pub(super) fn harbor_text(harbor: &c::Harbor) -> String {
    match harbor.resource {
        Some(r) => format!("2:1 {}", resource_name(r)),
        None => "3:1".to_string(),
    }
}

/// The rules' name of a vertex from the board view's, if the view's is well formed.
fn vertex_key(key: &c::VertexKey) -> Option<VertexKey> {
    let corner = match c::Corner::try_from(key.corner) {
        Ok(c::Corner::N) => VertexCorner::N,
        Ok(c::Corner::S) => VertexCorner::S,
        Ok(c::Corner::Unspecified) | Err(_) => return None,
    };
    Some(VertexKey {
        q: i8::try_from(key.q).ok()?,
        r: i8::try_from(key.r).ok()?,
        corner,
    })
}

/// The labels laid out on a grid of characters, the top-left label at the first line's first column, each line's
/// trailing blanks trimmed. A label is centred on its point (one column left of centre when its width is even).
fn render(labels: &[Label]) -> Vec<String> {
    let left = |l: &Label| l.x - l.text.len() as i32 / 2;
    let (Some(x0), Some(y0), Some(y1)) = (
        labels.iter().map(left).min(),
        labels.iter().map(|l| l.y).min(),
        labels.iter().map(|l| l.y).max(),
    ) else {
        return Vec::new();
    };
    let mut grid: Vec<Vec<char>> = vec![Vec::new(); (y1 - y0 + 1) as usize];
    for label in labels {
        let row = &mut grid[(label.y - y0) as usize];
        let start = (left(label) - x0) as usize;
        if row.len() < start + label.text.len() {
            row.resize(start + label.text.len(), ' ');
        }
        for (i, ch) in label.text.chars().enumerate() {
            row[start + i] = ch;
        }
    }
    grid.into_iter()
        .map(|row| row.into_iter().collect::<String>().trim_end().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ck_text;
    use crate::games::ProtoGame;
    use crate::proto::v1 as pb;
    use hexfold_rules::catan::Catan;
    use hexfold_rules::cities_knights::CitiesKnights;
    use hexfold_rules::playout::Playout;
    use hexfold_rules::Game;

    /// A word of the map and the point it is centred on (line, column), as `render` centres it.
    struct Word<'a> {
        text: &'a str,
        at: (i32, i32),
    }

    /// The map's words: the lines between the size line and the legend, split at blanks.
    fn words(drawing: &str) -> Vec<Word<'_>> {
        let lines = drawing
            .lines()
            .skip(1)
            .take_while(|l| !l.starts_with("  ids: "));
        let mut words = Vec::new();
        for (line, text) in (0..).zip(lines) {
            let mut column = 0;
            for word in text.split(' ') {
                if !word.is_empty() {
                    words.push(Word {
                        text: word,
                        at: (line, column + word.len() as i32 / 2),
                    });
                }
                column += word.len() as i32 + 1;
            }
        }
        words
    }

    /// A word split into its id and the mark after it: `17s0` is vertex 17 with `s0`; `/12r1/` edge 12 with `r1`.
    fn id_and_mark(word: &str) -> Option<(bool, u32, &str)> {
        let (edge, inner) = match word.chars().next()? {
            stroke @ ('/' | '\\' | '|') if word.len() > 2 && word.ends_with(stroke) => {
                (true, &word[1..word.len() - 1])
            }
            _ => (false, word),
        };
        let digits = inner.len() - inner.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let mark = &inner[digits..];
        if digits == 0 || !(mark.is_empty() || mark.starts_with(|c: char| c.is_ascii_alphabetic()))
        {
            return None;
        }
        Some((edge, inner[..digits].parse().ok()?, mark))
    }

    /// Every vertex and edge of the board is drawn once, with the mark `expected` gives it; each edge's id sits
    /// half-way between its two vertices' (so each vertex is at its corner); the robber is in its hex.
    fn check_drawing(
        board: &c::Board,
        drawing: &str,
        robber: u32,
        expected: impl Fn(bool, u32) -> String,
    ) {
        let words = words(drawing);
        let mut vertices = HashMap::new();
        let mut edges = HashMap::new();
        for word in &words {
            let Some((edge, id, mark)) = id_and_mark(word.text) else {
                continue;
            };
            assert_eq!(mark, expected(edge, id), "{} in\n{drawing}", word.text);
            let seen = if edge { &mut edges } else { &mut vertices };
            assert!(
                seen.insert(id, word.at).is_none(),
                "{} twice in\n{drawing}",
                word.text
            );
        }
        assert_eq!(vertices.len(), board.vertices.len(), "{drawing}");
        assert_eq!(edges.len(), board.edges.len(), "{drawing}");
        for (id, ends) in (0..).zip(&board.edges) {
            let (a, b) = (vertices[&ends.a], vertices[&ends.b]);
            assert_eq!(
                edges[&id],
                ((a.0 + b.0) / 2, (a.1 + b.1) / 2),
                "edge {id} between vertices {} and {} in\n{drawing}",
                ends.a,
                ends.b
            );
        }
        let hex = words
            .iter()
            .find(|w| w.text == format!("#{robber}"))
            .unwrap_or_else(|| panic!("no hex {robber} in\n{drawing}"));
        assert!(
            words
                .iter()
                .any(|w| w.text == "R" && w.at.0 == hex.at.0 - 1 && (w.at.1 - hex.at.1).abs() < 6),
            "no robber on hex {robber} in\n{drawing}"
        );
        let width = drawing.lines().map(str::len).max().unwrap_or(0);
        assert!(width <= 120, "{width} columns:\n{drawing}");
    }

    #[test]
    fn a_catan_board_draws_every_id_once_at_its_place_with_the_pieces_on_it() {
        let config = Catan::config(&pb::GameOptions::default(), 4).unwrap();
        let (_, playout) = Playout::<Catan>::seeded(&config, 3).unwrap();
        let mut playout = playout.command_limit(400);
        while playout.step(|_| {}).is_ok() {}
        let Some(pb::game_state::Game::Catan(state)) = Catan::state_to_proto(&Catan::view_state(
            playout.state(),
            hexfold_rules::Viewer::Spectator,
        ))
        .game
        else {
            panic!("not a Catan state")
        };
        assert!(
            state.roads.len() > 8 && state.buildings.iter().any(|b| b.city),
            "{state:?}"
        );
        let board = state.board.clone().unwrap();
        let marks = Marks::pieces(&state.buildings, &state.roads, state.robber);
        let drawing = draw(&state.board, &marks);
        check_drawing(&board, &drawing, state.robber, |edge, id| {
            if edge {
                state
                    .roads
                    .iter()
                    .find(|r| r.edge == id)
                    .map_or(String::new(), |r| format!("r{}", r.seat))
            } else {
                state
                    .buildings
                    .iter()
                    .find(|b| b.vertex == id)
                    .map_or(String::new(), |b| {
                        format!("{}{}", if b.city { 'c' } else { 's' }, b.seat)
                    })
            }
        });
        for harbor in &board.harbors {
            assert!(drawing.contains(&harbor_text(harbor)), "{drawing}");
        }
        assert_eq!(
            drawing.matches("2:1 ").count() + drawing.matches("3:1").count(),
            board.harbors.len(),
            "{drawing}"
        );
    }

    #[test]
    fn a_cities_and_knights_board_draws_its_knights_walls_and_merchant() {
        let config = CitiesKnights::config(&pb::GameOptions::default(), 3).unwrap();
        let (_, playout) = Playout::<CitiesKnights>::seeded(&config, 5).unwrap();
        let mut playout = playout.command_limit(1500);
        while playout.step(|_| {}).is_ok() {}
        let view = CitiesKnights::view_state(playout.state(), hexfold_rules::Viewer::Spectator);
        let Some(pb::game_state::Game::CitiesKnights(state)) =
            CitiesKnights::state_to_proto(&view).game
        else {
            panic!("not a Cities & Knights state")
        };
        assert!(
            !state.knights.is_empty() && state.buildings.iter().any(|b| b.wall),
            "{state:?}"
        );
        let drawing = draw(&state.board, &ck_text::board_marks(&state));
        let board = state.board.clone().unwrap();
        check_drawing(&board, &drawing, state.robber, |edge, id| {
            if edge {
                return state
                    .roads
                    .iter()
                    .find(|r| r.edge == id)
                    .map_or(String::new(), |r| format!("r{}", r.seat));
            }
            if let Some(n) = state.knights.iter().find(|n| n.vertex == id) {
                let kind = if n.active { 'K' } else { 'k' };
                return format!("{kind}{}.{}", n.seat, n.strength);
            }
            state
                .buildings
                .iter()
                .find(|b| b.vertex == id)
                .map_or(String::new(), |b| {
                    let wall = if b.wall { "w" } else { "" };
                    let metropolis = if b.metropolis.is_some() { "m" } else { "" };
                    format!(
                        "{}{}{wall}{metropolis}",
                        if b.city { 'c' } else { 's' },
                        b.seat
                    )
                })
        });
        if let Some(merchant) = &state.merchant {
            assert!(
                drawing.contains(&format!(" M{}", merchant.seat)),
                "{drawing}"
            );
        }
        assert!(drawing.contains("  w a city's wall"), "{drawing}");
    }
}

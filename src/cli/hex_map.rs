//! A hex board drawn in the terminal: every hex with its terrain, number and id, every vertex id at its corner and
//! every edge id on its side, the pieces beside the ids they stand on, and the harbors at sea beside their edges,
//! so a person can find vertex 17. The 19-hex games (base Catan, Cities & Knights) and Catania's 195-hex sea map
//! share it: each game describes its board as a [`Map`] (its hexes, vertex keys, edges and harbors, in the board
//! view's order) and its pieces as [`Marks`], and [`draw`] lays them out, whole or as a [`Window`] around a hex.
//!
//! Which corner of which hex a vertex is comes from the rules' geometry ([`HexCoord::corner`]) and the vertex keys
//! the board view names; this module only decides where on the screen each hex's centre and corners go. The map is
//! pointy-topped, as the rules' coordinates are: each hex is [`HEX_WIDTH`] columns wide and rows of hexes are six
//! lines apart. The 19-hex board draws at most 108 columns wide with its indent (2:1 harbors out west and east of the
//! middle row); Catania's whole map is about 250, so `state --board-around` draws the hexes within a radius of one
//! hex: radius 1 fits 80 columns, radius 3 fits 120.

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
    /// The legend's lines for what a game adds to the base pieces, if anything.
    pub legend: Vec<&'static str>,
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

/// One hex as the map writes it.
pub(super) struct Hex {
    pub coord: c::HexCoord,
    /// Its terrain in a word (`forest`), or `~` for the sea.
    pub terrain: String,
    /// Its number chip, or `(?)` for a hex whose chip is still to be drawn.
    pub number: Option<String>,
    /// A sea hex: a harbor facing it is written inside it, in place of its terrain.
    pub sea: bool,
}

/// A hex board as the map needs it, each list in the board view's order (index = id).
pub(super) struct Map<'a> {
    pub hexes: Vec<Hex>,
    pub vertices: &'a [c::VertexKey],
    pub edges: &'a [c::EdgeEnds],
    pub harbors: &'a [c::Harbor],
}

impl<'a> Map<'a> {
    /// The 19-hex board of base Catan and Cities & Knights, whose sea is not on the board: its harbors are
    /// written out beyond the coast.
    pub fn catan(board: &'a c::Board) -> Map<'a> {
        let hexes = board
            .hexes
            .iter()
            .map(|hex| Hex {
                coord: hex.coord.unwrap_or_default(),
                terrain: terrain_name(hex.terrain),
                number: hex.number.map(|n| format!("({n})")),
                sea: false,
            })
            .collect();
        Map {
            hexes,
            vertices: &board.vertices,
            edges: &board.edges,
            harbors: &board.harbors,
        }
    }
}

/// What a window of the map is centred on: a hex, or the first hex (by id) with a vertex or an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Hex(u32),
    Vertex(u32),
    Edge(u32),
}

impl std::str::FromStr for Focus {
    type Err = String;

    /// `N` or `hex:N`, `vertex:N`, `edge:N`.
    fn from_str(text: &str) -> Result<Focus, String> {
        let (kind, id) = text.split_once(':').unwrap_or(("hex", text));
        let id: u32 = id
            .parse()
            .map_err(|_| format!("{id:?} is not an id (a number from 0)"))?;
        match kind {
            "hex" => Ok(Focus::Hex(id)),
            "vertex" => Ok(Focus::Vertex(id)),
            "edge" => Ok(Focus::Edge(id)),
            _ => Err(format!(
                "{kind:?}: write N for hex N, or hex:N, vertex:N, edge:N"
            )),
        }
    }
}

impl std::fmt::Display for Focus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Focus::Hex(id) => write!(f, "hex {id}"),
            Focus::Vertex(id) => write!(f, "vertex {id}"),
            Focus::Edge(id) => write!(f, "edge {id}"),
        }
    }
}

/// A part of the map: the hexes at most `radius` steps from the focus's hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub focus: Focus,
    pub radius: u32,
}

/// A point of the screen: a column and a line.
type Point = (i32, i32);

/// A piece of text centred on a point of the screen.
struct Label {
    x: i32,
    y: i32,
    text: String,
}

/// Steps between two hexes of the axial grid.
fn distance(a: c::HexCoord, b: c::HexCoord) -> u64 {
    // In 64 bits: the coordinates are the server's, and no pair of them may overflow the sum.
    let (dq, dr) = (
        i64::from(a.q) - i64::from(b.q),
        i64::from(a.r) - i64::from(b.r),
    );
    (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2
}

/// A hex's corners as vertex ids and its sides as edge ids, where the board has them.
struct Outline {
    centre: Point,
    corners: [Option<u32>; 6],
    sides: [Option<u32>; 6],
}

/// The board (or the window of it) drawn as lines of text, each indented by two spaces, under a line with its size
/// and above the legend. An error when the window's focus is not on the board.
pub(super) fn draw(map: &Map<'_>, marks: &Marks, window: Option<Window>) -> anyhow::Result<String> {
    let vertex_ids: HashMap<VertexKey, u32> = map
        .vertices
        .iter()
        .zip(0..)
        .filter_map(|(key, id)| Some((vertex_key(key)?, id)))
        .collect();
    let edge_ids: HashMap<(u32, u32), u32> = map
        .edges
        .iter()
        .zip(0..)
        .map(|(ends, id)| ((ends.a.min(ends.b), ends.a.max(ends.b)), id))
        .collect();
    let outlines: Vec<Option<Outline>> = map
        .hexes
        .iter()
        .map(|hex| {
            let (q, r) = (
                i8::try_from(hex.coord.q).ok()?,
                i8::try_from(hex.coord.r).ok()?,
            );
            let coord = HexCoord::new(q, r);
            let corners: [Option<u32>; 6] =
                std::array::from_fn(|k| vertex_ids.get(&coord.corner(k)).copied());
            // Side k joins corners k and k + 1.
            let sides = std::array::from_fn(|k| {
                let (a, b) = (corners[k]?, corners[(k + 1) % 6]?);
                edge_ids.get(&(a.min(b), a.max(b))).copied()
            });
            let centre = (
                HEX_WIDTH * i32::from(q) + HEX_WIDTH / 2 * i32::from(r),
                6 * i32::from(r),
            );
            Some(Outline {
                centre,
                corners,
                sides,
            })
        })
        .collect();
    let drawn: Vec<bool> = match window {
        None => vec![true; map.hexes.len()],
        Some(window) => {
            let has = |outline: &Option<Outline>| match window.focus {
                Focus::Hex(_) => false,
                Focus::Vertex(v) => outline
                    .as_ref()
                    .is_some_and(|o| o.corners.contains(&Some(v))),
                Focus::Edge(e) => outline.as_ref().is_some_and(|o| o.sides.contains(&Some(e))),
            };
            let centre = match window.focus {
                Focus::Hex(h) => map.hexes.get(h as usize),
                _ => outlines.iter().position(has).map(|h| &map.hexes[h]),
            };
            let Some(centre) = centre else {
                anyhow::bail!(
                    "no {} on this board (it has {} hexes, {} vertices and {} edges, numbered from 0)",
                    window.focus,
                    map.hexes.len(),
                    map.vertices.len(),
                    map.edges.len()
                );
            };
            map.hexes
                .iter()
                .map(|hex| distance(hex.coord, centre.coord) <= u64::from(window.radius))
                .collect()
        }
    };
    // The hexes each edge is a side of, for the harbors.
    let mut touching: HashMap<u32, Vec<usize>> = HashMap::new();
    for (hex, outline) in outlines.iter().enumerate() {
        for e in outline.iter().flat_map(|o| o.sides).flatten() {
            touching.entry(e).or_default().push(hex);
        }
    }
    // A harbor's ratio is written in the sea hex across its side: in the board's own sea hex when it has one,
    // else (the 19-hex board) where that hex would be, the land hex's centre mirrored through the side's middle.
    // Two harbors facing one hex beyond the board take a line each.
    let mut harbor_marks: HashMap<usize, Vec<String>> = HashMap::new();
    let mut labels = Vec::new();
    let mut beyond: HashMap<Point, i32> = HashMap::new();
    for harbor in map.harbors {
        let mut near = touching
            .get(&harbor.edge)
            .into_iter()
            .flatten()
            .copied()
            .filter(|&h| drawn[h]);
        let Some(first) = near.next() else {
            continue;
        };
        let sea = std::iter::once(first)
            .chain(near)
            .find(|&h| map.hexes[h].sea);
        if let Some(sea) = sea {
            harbor_marks
                .entry(sea)
                .or_default()
                .push(harbor_text(harbor));
            continue;
        }
        let Some(outline) = &outlines[first] else {
            continue;
        };
        let Some(k) = outline.sides.iter().position(|&e| e == Some(harbor.edge)) else {
            continue;
        };
        let (cx, cy) = outline.centre;
        let ((ax, ay), (bx, by)) = (CORNER_OFFSETS[k], CORNER_OFFSETS[(k + 1) % 6]);
        let sea = (cx + ax + bx, cy + ay + by);
        let taken = beyond.entry(sea).or_insert(0);
        let text = harbor_text(harbor);
        // The sea point lies on a row's middle line, beside the id of the nearest land hex's side, whose marks
        // widen it (`|19r1|`): the ratio starts (east) or ends (west) at the sea point, reaching away from the
        // board, so the two never touch.
        let width = text.len() as i32;
        let x = if sea.0 < cx {
            sea.0 + 1 - width + width / 2
        } else {
            sea.0 + width / 2
        };
        labels.push(Label {
            x,
            y: sea.1 + *taken,
            text,
        });
        *taken += 1;
    }
    let mut placed = HashSet::new();
    let (mut hex_count, mut vertex_count, mut edge_count) = (0, 0, 0);
    for (id, (hex, outline)) in (0u32..).zip(map.hexes.iter().zip(&outlines)) {
        let Some(outline) = outline.as_ref().filter(|_| drawn[id as usize]) else {
            continue;
        };
        hex_count += 1;
        let (x, y) = outline.centre;
        let number = hex
            .number
            .iter()
            .chain(marks.hexes.get(&id).into_iter().flatten())
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ");
        // A sea hex facing harbors has their ratios in place of its `~`: the terrain line is the widest free line
        // of a hex (its number line is narrowed by the ids of the vertical sides).
        let terrain = match harbor_marks.get(&(id as usize)) {
            Some(harbors) => harbors.join(" "),
            None => hex.terrain.to_string(),
        };
        let lines = [terrain, number, format!("#{id}")];
        for (dy, text) in (-1..=1).zip(lines) {
            labels.push(Label { x, y: y + dy, text });
        }
        for (k, corner) in outline.corners.iter().enumerate() {
            let (dx, dy) = CORNER_OFFSETS[k];
            if let Some(v) = corner.filter(|&v| placed.insert(Place::Vertex(v))) {
                vertex_count += 1;
                let mark = marks.vertices.get(&v).map_or("", String::as_str);
                labels.push(Label {
                    x: x + dx,
                    y: y + dy,
                    text: format!("{v}{mark}"),
                });
            }
            let Some(e) = outline.sides[k].filter(|&e| placed.insert(Place::Edge(e))) else {
                continue;
            };
            edge_count += 1;
            let (ex, ey) = CORNER_OFFSETS[(k + 1) % 6];
            let middle = (x + (dx + ex) / 2, y + (dy + ey) / 2);
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
    let mut out = String::new();
    match window {
        None => {
            let _ = writeln!(
                out,
                "board ({hex_count} hexes, {vertex_count} vertices, {edge_count} edges):"
            );
        }
        Some(window) => {
            let _ = writeln!(
                out,
                "board around {}, radius {} ({hex_count} of {} hexes, {vertex_count} vertices, {edge_count} edges):",
                window.focus,
                window.radius,
                map.hexes.len()
            );
        }
    }
    for line in render(&labels) {
        let _ = writeln!(out, "{}", format!("  {line}").trim_end());
    }
    for line in LEGEND.iter().chain(&marks.legend) {
        let _ = writeln!(out, "  {line}");
    }
    Ok(out)
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
pub(super) mod tests {
    use super::*;
    use crate::cli::cities_knights_text;
    use crate::games::ProtoGame;
    use crate::proto::v1 as pb;
    use hexfold_rules::catan::Catan;
    use hexfold_rules::cities_knights::CitiesKnights;
    use hexfold_rules::playout::Playout;
    use hexfold_rules::Game;

    /// A word of the map and the point it is centred on (line, column), as `render` centres it.
    pub(in crate::cli) struct Word<'a> {
        pub text: &'a str,
        pub at: (i32, i32),
    }

    /// The map's words: the lines between the size line and the legend, split at blanks.
    pub(in crate::cli) fn words(drawing: &str) -> Vec<Word<'_>> {
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

    /// Each id's place in a drawing: (line, column).
    pub(in crate::cli) type Places = HashMap<u32, (i32, i32)>;

    /// Where the drawing puts each vertex id and each edge id (line, column), each drawn once with the mark
    /// `expected` gives it, and each edge's id half-way between its two vertices' (so each vertex is at its
    /// corner).
    pub(in crate::cli) fn drawn_ids(
        edges_ends: &[c::EdgeEnds],
        drawing: &str,
        expected: impl Fn(bool, u32) -> String,
    ) -> (Places, Places) {
        let mut vertices = HashMap::new();
        let mut edges = HashMap::new();
        for word in &words(drawing) {
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
        for (&id, &at) in &edges {
            let ends = &edges_ends[id as usize];
            let (a, b) = (vertices[&ends.a], vertices[&ends.b]);
            assert_eq!(
                at,
                ((a.0 + b.0) / 2, (a.1 + b.1) / 2),
                "edge {id} between vertices {} and {} in\n{drawing}",
                ends.a,
                ends.b
            );
        }
        (vertices, edges)
    }

    /// Every vertex and edge of the board is drawn once, with the mark `expected` gives it, at its place; the
    /// robber is in its hex.
    fn check_drawing(
        board: &c::Board,
        drawing: &str,
        robber: u32,
        expected: impl Fn(bool, u32) -> String,
    ) {
        let (vertices, edges) = drawn_ids(&board.edges, drawing, expected);
        assert_eq!(vertices.len(), board.vertices.len(), "{drawing}");
        assert_eq!(edges.len(), board.edges.len(), "{drawing}");
        let words = words(drawing);
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
        let drawing = draw(&Map::catan(&board), &marks, None).unwrap();
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
        let board = state.board.clone().unwrap();
        let drawing = draw(
            &Map::catan(&board),
            &cities_knights_text::board_marks(&state),
            None,
        )
        .unwrap();
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

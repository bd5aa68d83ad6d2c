//! Catania's 195-hex sea map for `state --board`, drawn by the hex map the 19-hex games use (`hex_map.rs`): every
//! hex with its terrain, number and id (the sea as `~`, with the harbors facing it written inside), every vertex
//! and edge id, and the pieces beside them: the layer's buildings, knights and roads, the ships and landing places,
//! a building tilted by an avalanche, and on the hexes the robber, the pirate, the merchant and the natural forces.
//! A harbor's ratio is written in the sea hex it faces.
//! The whole map is about 250 columns wide, so `--board-around` draws the hexes near one hex, vertex or edge.

use super::cities_knights_text;
use super::hex_map::{self, Hex, Map, Window};
use crate::proto::v1::catania as cn;
use std::fmt::Write as _;

/// What Catania adds to the layer's legend, a line each.
const LEGEND: [&str; 2] = [
    "h a ship (/12h1/), l a landing place, t tilted by an avalanche; P the pirate, I the iceberg, H the hurricane, C \
     the storm cloud",
    "~ sea; ? a chip not drawn yet; a harbor's ratio is in the sea hex it faces; a temple's or a station's corners \
     are its sites",
];

/// How wide the list of harbors below the map may run before it takes another line.
const LIST_WIDTH: usize = 110;

/// A terrain as the map writes it: its name, the sea as `~` so the land stands out.
fn terrain_name(terrain: cn::Terrain) -> &'static str {
    use cn::Terrain as T;
    match terrain {
        T::Forest => "forest",
        T::Pasture => "pasture",
        T::Fields => "fields",
        T::Hills => "hills",
        T::Mountains => "mountains",
        T::Gold => "gold",
        T::Desert => "desert",
        T::Glacier => "glacier",
        T::Volcano => "volcano",
        T::Temple => "temple",
        T::Castle => "castle",
        T::Station => "station",
        T::DoubleField => "double-field",
        T::Sea => "~",
        T::Unspecified => "?",
    }
}

/// Whether a hex of this terrain takes a number chip: the five resources and gold.
fn yields(terrain: cn::Terrain) -> bool {
    use cn::Terrain as T;
    matches!(
        terrain,
        T::Forest | T::Pasture | T::Fields | T::Hills | T::Mountains | T::Gold
    )
}

/// The pieces on Catania's board, beside the ids they stand on.
fn marks(state: &cn::State) -> hex_map::Marks {
    let layer = state.layer.clone().unwrap_or_default();
    let mut marks = cities_knights_text::board_marks(&layer);
    for ship in &state.ships {
        marks.edges.insert(ship.edge, format!("h{}", ship.seat));
    }
    // A landing place or a tilt adds to what else the vertex shows.
    for landing in &state.landing_places {
        let mark = marks.vertices.entry(landing.vertex).or_default();
        let _ = write!(mark, "l{}", landing.seat);
    }
    for tilt in &state.tilted {
        marks.vertices.entry(tilt.vertex).or_default().push('t');
    }
    for (hex, mark) in [
        (state.pirate, "P"),
        (state.iceberg, "I"),
        (state.hurricane, "H"),
        (state.storm_cloud, "C"),
    ] {
        if let Some(hex) = hex {
            marks.hex(hex, mark.to_string());
        }
    }
    marks.legend.extend(LEGEND);
    marks
}

/// The map, whole or the `window` of it, then the harbors by edge. An error when the window's focus is not on the
/// board.
pub fn describe_board(state: &cn::State, window: Option<Window>) -> anyhow::Result<String> {
    let Some(board) = &state.board else {
        return Ok(String::new());
    };
    let hexes = board
        .hexes
        .iter()
        .map(|hex| {
            let terrain = hex.terrain();
            Hex {
                coord: hex.coord.unwrap_or_default(),
                terrain: terrain_name(terrain).to_string(),
                number: match hex.number {
                    Some(n) => Some(format!("({n})")),
                    None if yields(terrain) => Some("(?)".to_string()),
                    None => None,
                },
                sea: terrain == cn::Terrain::Sea,
            }
        })
        .collect();
    let map = Map {
        hexes,
        vertices: &board.vertices,
        edges: &board.edges,
        harbors: &board.harbors,
    };
    let mut out = hex_map::draw(&map, &marks(state), window)?;
    let harbors: Vec<String> = board
        .harbors
        .iter()
        .map(|h| format!("edge {} {}", h.edge, hex_map::harbor_text(h)))
        .collect();
    // Catania's 29 harbors make a long list: it runs on over lines of a terminal's width.
    let mut line = "harbors:".to_string();
    for (i, harbor) in harbors.iter().enumerate() {
        let separator = if i + 1 < harbors.len() { ";" } else { "" };
        if line.len() + 1 + harbor.len() + separator.len() > LIST_WIDTH {
            let _ = writeln!(out, "{line}");
            line = " ".to_string();
        }
        let _ = write!(line, " {harbor}{separator}");
    }
    let _ = writeln!(out, "{line}");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::hex_map::tests::{drawn_ids, words};
    use crate::cli::Focus;
    use crate::games::ProtoGame;
    use crate::proto::v1 as pb;
    use hexfold_rules::catania::Catania;
    use hexfold_rules::playout::Playout;
    use hexfold_rules::{Game, Viewer};
    use std::collections::{BTreeSet, HashMap};

    /// The mark the map must give vertex or edge `id` of `state`: its building or knight, landing place and tilt;
    /// its road or ship.
    fn expected(state: &cn::State, edge: bool, id: u32) -> String {
        let layer = state.layer.as_ref().unwrap();
        if edge {
            let road = layer
                .roads
                .iter()
                .chain(&state.ships)
                .find(|r| r.edge == id);
            return road.map_or(String::new(), |r| {
                let kind = if state.ships.contains(r) { 'h' } else { 'r' };
                format!("{kind}{}", r.seat)
            });
        }
        let mut mark = String::new();
        if let Some(b) = layer.buildings.iter().find(|b| b.vertex == id) {
            let kind = if b.city { 'c' } else { 's' };
            mark = format!("{kind}{}", b.seat);
            mark += if b.wall { "w" } else { "" };
            mark += if b.metropolis.is_some() { "m" } else { "" };
        }
        if let Some(n) = layer.knights.iter().find(|n| n.vertex == id) {
            let kind = if n.active { 'K' } else { 'k' };
            mark = format!("{kind}{}.{}", n.seat, n.strength);
        }
        if let Some(l) = state.landing_places.iter().find(|l| l.vertex == id) {
            mark += &format!("l{}", l.seat);
        }
        if state.tilted.iter().any(|t| t.vertex == id) {
            mark.push('t');
        }
        mark
    }

    /// A six-seat random game far enough on to have ships, landing places and knights, as a spectator sees it,
    /// with the rules' own state for its topology.
    fn game() -> (hexfold_rules::catania::State, cn::State) {
        let config = Catania::config(&pb::GameOptions::default(), 6).unwrap();
        let (_, playout) = Playout::<Catania>::seeded(&config, 9).unwrap();
        let mut playout = playout.command_limit(1500);
        while playout.step(|_| {}).is_ok() {}
        let view = Catania::view_state(playout.state(), Viewer::Spectator);
        let Some(pb::game_state::Game::Catania(state)) = Catania::state_to_proto(&view).game else {
            panic!("not a Catania state")
        };
        let layer = state.layer.as_ref().unwrap();
        assert!(
            !state.ships.is_empty() && !layer.knights.is_empty() && !layer.buildings.is_empty(),
            "{state:?}"
        );
        (playout.state().clone(), state)
    }

    #[test]
    fn the_whole_sea_map_draws_every_id_once_with_its_pieces_and_every_harbor_at_sea() {
        let (rules, state) = game();
        let board = state.board.as_ref().unwrap();
        let drawing = describe_board(&state, None).unwrap();
        let (vertices, edges) = drawn_ids(&board.edges, &drawing, |edge, id| {
            expected(&state, edge, id)
        });
        assert_eq!(vertices.len(), board.vertices.len(), "{drawing}");
        assert_eq!(edges.len(), board.edges.len(), "{drawing}");
        let words = words(&drawing);
        let hexes: BTreeSet<&str> = words
            .iter()
            .filter_map(|w| w.text.strip_prefix('#'))
            .collect();
        assert_eq!(hexes.len(), board.hexes.len(), "{drawing}");
        let at = |text: &str| {
            words
                .iter()
                .find(|w| w.text == text)
                .unwrap_or_else(|| panic!("no {text} in\n{drawing}"))
                .at
        };
        // Each harbor is written once, on the terrain line of the sea hex across its side (by the rules'
        // topology); the list below the map names them all.
        assert_eq!(
            drawing.matches("2:1 ").count() + drawing.matches("3:1").count(),
            2 * board.harbors.len(),
            "{drawing}"
        );
        let topology = rules.board().topology();
        let mut facing: HashMap<u32, usize> = HashMap::new();
        for harbor in &board.harbors {
            let sea = topology
                .hexes()
                .filter(|&h| board.hexes[h.index()].terrain() == cn::Terrain::Sea)
                .find(|&h| {
                    topology
                        .hex_edges(h)
                        .iter()
                        .any(|e| e.index() as u32 == harbor.edge)
                })
                .unwrap_or_else(|| panic!("no sea beside harbor {harbor:?}"));
            *facing.entry(sea.index() as u32).or_default() += 1;
        }
        for (sea, count) in facing {
            let hex = at(&format!("#{sea}"));
            let written = words
                .iter()
                .filter(|w| {
                    ["2:1", "3:1"].contains(&w.text)
                        && w.at.0 == hex.0 - 2
                        && (w.at.1 - hex.1).abs() <= 7
                })
                .count();
            assert_eq!(written, count, "harbors of sea hex {sea} in\n{drawing}");
        }
        let pirate = state.pirate.expect("the pirate is on the board");
        let hex = at(&format!("#{pirate}"));
        assert!(
            words
                .iter()
                .any(|w| w.text == "P" && w.at.0 == hex.0 - 1 && (w.at.1 - hex.1).abs() < 7),
            "no pirate on hex {pirate} in\n{drawing}"
        );
        let width = drawing.lines().map(str::len).max().unwrap();
        assert!((200..=260).contains(&width), "{width} columns");
    }

    /// A window around a vertex draws exactly the vertices and edges of the hexes within the radius of the first
    /// hex with that vertex (by the rules' topology), each once with its pieces, and fits the terminal.
    #[test]
    fn a_window_draws_the_ids_of_its_hexes_once_and_fits_the_terminal() {
        let (rules, state) = game();
        let topology = rules.board().topology();
        let board = state.board.as_ref().unwrap();
        let settled = state.layer.as_ref().unwrap().buildings[0].vertex;
        for (radius, columns) in [(1, 80), (2, 100), (3, 120)] {
            let window = Window {
                focus: Focus::Vertex(settled),
                radius,
            };
            let drawing = describe_board(&state, Some(window)).unwrap();
            let vertex = topology.vertex(settled as usize).unwrap();
            let centre = topology
                .vertex_hexes(vertex)
                .iter()
                .min_by_key(|h| h.index())
                .copied()
                .unwrap();
            let (mut want_vertices, mut want_edges) = (BTreeSet::new(), BTreeSet::new());
            let mut want_hexes = 0;
            for hex in topology.hexes() {
                let (a, b) = (topology.coord(hex), topology.coord(centre));
                let (dq, dr) = (i32::from(a.q - b.q), i32::from(a.r - b.r));
                if (dq.abs() + dr.abs() + (dq + dr).abs()) / 2 > radius as i32 {
                    continue;
                }
                want_hexes += 1;
                want_vertices.extend(topology.hex_vertices(hex).iter().map(|v| v.index() as u32));
                want_edges.extend(topology.hex_edges(hex).iter().map(|e| e.index() as u32));
            }
            let (vertices, edges) = drawn_ids(&board.edges, &drawing, |edge, id| {
                expected(&state, edge, id)
            });
            assert_eq!(
                vertices.keys().copied().collect::<BTreeSet<_>>(),
                want_vertices,
                "{drawing}"
            );
            assert_eq!(
                edges.keys().copied().collect::<BTreeSet<_>>(),
                want_edges,
                "{drawing}"
            );
            assert!(
                drawing.starts_with(&format!(
                    "board around vertex {settled}, radius {radius} ({want_hexes} of 195 hexes"
                )),
                "{drawing}"
            );
            let width = drawing
                .lines()
                .take_while(|l| !l.starts_with("  ids: "))
                .map(str::len)
                .max()
                .unwrap();
            assert!(
                width <= columns,
                "radius {radius}: {width} columns\n{drawing}"
            );
        }
        let wrong = describe_board(
            &state,
            Some(Window {
                focus: Focus::Edge(board.edges.len() as u32),
                radius: 1,
            }),
        )
        .unwrap_err();
        assert!(
            wrong
                .to_string()
                .starts_with(&format!("no edge {} on this board", board.edges.len())),
            "{wrong}"
        );
    }
}

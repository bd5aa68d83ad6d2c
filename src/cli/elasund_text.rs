//! Elasund's state for a terminal: a few paragraphs (the turn, the ship, the bank and the church, the table of
//! seats with the viewer's own colours where it may see them, the city by square) and its city drawn as a grid.
//! Commands and events read in the words of `proto/hexfold/v1/elasund/elasund.proto` (`words.rs`), like every
//! game's: a square is written as players read the board, its column as a letter (`a` by the sea, then `b`, ... to
//! the gates) and its row by its label (2-6 and 8-12, north to south), so column 3 of row 8 is `d8`.

use super::words::{who, words};
use super::ShowBoard;
use crate::proto::v1::{self as pb, elasund as e};
use std::fmt::Write as _;

/// The state and, when asked, the grid: `None` for another game's state.
pub(crate) fn describe(
    state: &pb::game_state::Game,
    seats: &[String],
    board: ShowBoard,
) -> Option<anyhow::Result<String>> {
    let pb::game_state::Game::Elasund(state) = state else {
        return None;
    };
    let mut out = describe_state(state, seats);
    if let Some(window) = board.window() {
        if window.is_some() {
            out.push_str("(Elasund's board is a grid of squares: drawn whole)\n");
        }
        out.push_str(&describe_board(state));
    }
    Some(Ok(out))
}

/// A square as `d8`: the column's letter, then the row's label.
fn square_text(square: &Option<e::Square>) -> String {
    words().text(&square.unwrap_or_default(), &[])
}

/// A column's letter, `a` by the sea.
fn column_letter(col: u32) -> String {
    super::words::letter(i64::from(col))
}

/// Cards in words, `2 gold, 1 red`, or `nothing`.
fn cards_text(cards: &Option<e::Cards>) -> String {
    words().text(&cards.unwrap_or_default(), &[])
}

fn slot_text(slot: &Option<e::WallSlot>) -> String {
    words().text(&slot.unwrap_or_default(), &[])
}

/// A piece of the state by its id: `the shop`, or `bob's workshop`.
fn piece_name(state: &e::State, piece: u32, seats: &[String]) -> String {
    let Some(piece) = state.pieces.get(piece as usize) else {
        return format!("piece {piece}");
    };
    let kind = words().enum_phrase("hexfold.v1.elasund.BuildingKind", piece.kind);
    match piece.colour {
        Some(seat) => format!("{}'s {kind}", who(seats, seat)),
        None => format!("the {kind}"),
    }
}

/// The phase in words, with what it waits for.
fn phase_text(state: &e::State, seats: &[String]) -> String {
    let Some(phase) = &state.phase else {
        return "unknown".to_string();
    };
    let list = |rows: &[u32]| {
        rows.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" or ")
    };
    match e::PhaseKind::try_from(phase.kind) {
        Ok(e::PhaseKind::Roll) => "roll the dice".to_string(),
        Ok(e::PhaseKind::ChooseShipRow) => {
            format!("move the ship to row {}", list(&phase.ship_row_options))
        }
        Ok(e::PhaseKind::ChoosePirateRow) => "move the pirate ship to another row".to_string(),
        Ok(e::PhaseKind::PirateDiscard) => {
            let owed: Vec<String> = (0..)
                .zip(&phase.owed)
                .filter(|(_, n)| **n > 0)
                .map(|(seat, n)| format!("{} {n}", who(seats, seat)))
                .collect();
            format!("discard to the pirate (owed: {})", owed.join(", "))
        }
        Ok(e::PhaseKind::PirateTake) => {
            format!("take {} cards from the pirate's discards", phase.count)
        }
        Ok(e::PhaseKind::Build) => format!("build ({} of 2 done)", phase.done),
        Ok(e::PhaseKind::ChooseChurchTile) => match &phase.tiles {
            Some(t) => format!("keep church tile {} or {}", t.first, t.second),
            None => "keep one of the two church tiles drawn".to_string(),
        },
        Ok(e::PhaseKind::Permit) => "place a permit or take 2 gold".to_string(),
        Ok(e::PhaseKind::Special) => "a special action, or end the turn".to_string(),
        Ok(e::PhaseKind::Over) => match phase.winner {
            Some(winner) => format!("over, {} won", who(seats, winner)),
            None => "over".to_string(),
        },
        Ok(e::PhaseKind::Unspecified) | Err(_) => "unknown".to_string(),
    }
}

/// Rows of the grid, north to south, by label: there is no row 7.
const ROWS: [u32; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];

/// The stored grid's width: cells are row-major over nine columns whatever the city's width.
const GRID_COLUMNS: usize = 9;

/// The cells of the city with their squares, row by row.
fn cells(state: &e::State) -> impl Iterator<Item = (e::Square, &e::Cell)> {
    (0..).zip(&state.cells).filter_map(move |(i, cell)| {
        let (row, col) = (i / GRID_COLUMNS, i % GRID_COLUMNS);
        Some((
            e::Square {
                col: col as u32,
                row: *ROWS.get(row)?,
            },
            cell,
        ))
    })
}

/// The East side's wall places, beside rows 3 to 11 (the proto's `WallSlot`: slot 0 borders row 3).
const EAST_SLOTS: usize = 8;

/// The wall places with their slots, in the state's order: North's (one per column but the last, where the gate
/// stands), then East's, then South's.
fn wall_slots(state: &e::State) -> impl Iterator<Item = (e::WallSlot, &e::WallPiece)> {
    let side_slots = state.columns.saturating_sub(1) as usize;
    state
        .walls
        .iter()
        .enumerate()
        .filter_map(move |(i, place)| {
            let (side, index) = if i < side_slots {
                (e::WallSide::North, i)
            } else if i < side_slots + EAST_SLOTS {
                (e::WallSide::East, i - side_slots)
            } else {
                (e::WallSide::South, i - side_slots - EAST_SLOTS)
            };
            let slot = e::WallSlot {
                side: side as i32,
                index: index as u32,
            };
            place.piece.as_ref().map(|piece| (slot, piece))
        })
}

/// The state as a few readable paragraphs: the turn, the ship, the bank and the church, the table of seats (the
/// viewer's own colours where it may see them), then the city by square: buildings, permits, church tiles, walls.
pub fn describe_state(state: &e::State, seats: &[String]) -> String {
    let mut out = String::new();
    let w = |seat: u32| who(seats, seat);
    let _ = writeln!(
        out,
        "phase: {}; current: {}; turn {}",
        phase_text(state, seats),
        w(state.current),
        state.turn
    );
    let ship = match state.ship_row {
        Some(row) if state.pirate => {
            format!("a pirate ship in row {row}: no income there this turn")
        }
        Some(row) => format!("in row {row}"),
        None => "beside the board".to_string(),
    };
    let _ = writeln!(
        out,
        "the city: {} columns, a (by the sea) to {}; the ship {ship}",
        state.columns,
        column_letter(state.columns.saturating_sub(1))
    );
    let _ = writeln!(
        out,
        "bank: {} gold, {} influence cards in the deck; the pirate's discards: {}",
        state.bank_gold,
        state.influence_deck,
        cards_text(&state.discards)
    );
    let mut church = format!("church: {} tiles left", state.church_tiles_left);
    if let Some(first) = state.church_first_builder {
        let _ = write!(church, "; first built by {}", w(first));
    }
    if let Some(bottom) = state.church_bottom {
        let _ = write!(church, "; tile {bottom} lies under the stack");
    }
    let _ = writeln!(out, "{church}");
    if !state.cottage_queue.is_empty() {
        let queue: Vec<String> = state
            .cottage_queue
            .iter()
            .map(|q| piece_name(state, q.piece, seats))
            .collect();
        let _ = writeln!(out, "worker cottages to place again: {}", queue.join(", "));
    }
    let _ = writeln!(out, "seats:");
    for s in &state.seats {
        let hand = s.hand.unwrap_or_default();
        let colours = hand
            .detail
            .map(|d| format!(" [{}]", cards_text(&Some(d))))
            .unwrap_or_default();
        let permits: Vec<String> = s.permits.iter().map(u32::to_string).collect();
        let marker = if s.seat == state.current { '*' } else { ' ' };
        let _ = writeln!(
            out,
            " {marker}{} {:<10} {} gold, {} influence{colours}; permits in supply [{}]",
            s.seat,
            w(s.seat),
            hand.gold,
            hand.influence,
            permits.join(" "),
        );
        let _ = writeln!(
            out,
            "     trade points {}; walls built {}; cubes: {} on the track, {} on the board",
            s.trade_points, s.walls_built, s.track_cubes, s.cubes_on_board
        );
    }
    let _ = writeln!(out, "buildings:");
    for (id, piece) in (0..).zip(&state.pieces) {
        let Some(e::piece::Place::Board(board)) = &piece.place else {
            continue;
        };
        let mut text = format!(
            "  {} at {}",
            piece_name(state, id, seats),
            square_text(&board.at)
        );
        if piece.colour.is_none() {
            let _ = write!(text, ", built by {}", w(board.owner));
        }
        if board.cubes > 0 {
            let _ = write!(text, " with {} cube(s)", board.cubes);
        }
        let _ = writeln!(out, "{text}");
    }
    let retired: Vec<String> = (0..)
        .zip(&state.pieces)
        .filter(|(_, p)| matches!(p.place, Some(e::piece::Place::Retired(_))))
        .map(|(id, _)| piece_name(state, id, seats))
        .collect();
    if !retired.is_empty() {
        let _ = writeln!(out, "  out of the game: {}", retired.join(", "));
    }
    let mut permits = Vec::new();
    let mut church = Vec::new();
    for (square, cell) in cells(state) {
        match &cell.content {
            Some(e::cell::Content::Permit(p)) => permits.push(format!(
                "{} {} at {}",
                w(p.seat),
                p.value,
                square_text(&Some(square))
            )),
            Some(e::cell::Content::Church(t)) => church.push(format!(
                "tile {} at {} by {}{}",
                t.tile,
                square_text(&Some(square)),
                w(t.seat),
                if t.cubes > 0 {
                    format!(" with {} cube(s)", t.cubes)
                } else {
                    String::new()
                }
            )),
            Some(e::cell::Content::Building(_)) | None => {}
        }
    }
    wrapped(&mut out, "permits", &permits);
    wrapped(&mut out, "church tiles built", &church);
    let walls: Vec<String> = wall_slots(state)
        .map(|(slot, piece)| {
            format!(
                "{} {}'s piece {}{}",
                slot_text(&Some(slot)),
                w(piece.seat),
                piece.number,
                if piece.tower_cube { " (tower)" } else { "" }
            )
        })
        .collect();
    wrapped(&mut out, "walls", &walls);
    out
}

/// `HEAD: item, item, ...` (or `none`), wrapped before 120 columns with the continuation lines indented.
fn wrapped(out: &mut String, head: &str, items: &[String]) {
    let mut line = format!("{head}:");
    if items.is_empty() {
        line.push_str(" none");
    }
    for (i, item) in items.iter().enumerate() {
        let comma = if i + 1 < items.len() { "," } else { "" };
        if line.len() + 1 + item.len() + comma.len() > 118 {
            let _ = writeln!(out, "{line}");
            line = "   ".to_string();
        }
        let _ = write!(line, " {item}{comma}");
    }
    let _ = writeln!(out, "{line}");
}

/// A building kind's two letters on the grid.
fn kind_code(kind: i32) -> &'static str {
    use e::BuildingKind as K;
    match K::try_from(kind) {
        Ok(K::SmallCottage) => "sc",
        Ok(K::LargeCottage) => "lc",
        Ok(K::MerchantHouse) => "mh",
        Ok(K::Workshop) => "ws",
        Ok(K::Well) => "we",
        Ok(K::MarketStall) => "ms",
        Ok(K::Shop) => "sh",
        Ok(K::Tavern) => "tv",
        Ok(K::TradeHouse) => "th",
        Ok(K::Unspecified) | Err(_) => "??",
    }
}

/// What the grid explains below itself, a line each.
const LEGEND: [&str; 3] = [
    "a square: . empty, p0:3 seat 0's permit of value 3, ch1 a church tile built by seat 1, or a building and the",
    "seat that built it: sc small cottage, lc large cottage, mh merchant house, ws workshop, we well, ms market",
    "stall, sh shop, tv tavern, th trade house; a wall piece: 0#3 seat 0's third, T a watch tower",
];

/// The columns before the first square of a line of the grid: the ship, the row's label and the city's edge.
const MARGIN: usize = 15;

/// Each square's text on the grid.
const CELL: usize = 6;

/// The city drawn as its grid: a line per row (its label, the ship beside it by the sea, the squares, the east
/// wall's piece beside it), the north wall above and the south wall below, each piece under its column.
pub fn describe_board(state: &e::State) -> String {
    let mut out = String::new();
    let columns = (state.columns as usize).min(GRID_COLUMNS);
    let piece_text = |id: u32| {
        let piece = state.pieces.get(id as usize);
        let kind = piece.map_or("??", |p| kind_code(p.kind));
        match piece.and_then(|p| p.place.as_ref()) {
            Some(e::piece::Place::Board(board)) => format!("{kind}{}", board.owner),
            _ => kind.to_string(),
        }
    };
    let wall_text = |piece: &e::WallPiece| {
        format!(
            "{}#{}{}",
            piece.seat,
            piece.number,
            if piece.tower_cube { "T" } else { "" }
        )
    };
    let mut grid = vec![vec![".".to_string(); columns]; ROWS.len()];
    for (square, cell) in cells(state) {
        let (Some(row), col) = (
            ROWS.iter().position(|&r| r == square.row),
            square.col as usize,
        ) else {
            continue;
        };
        if col >= columns {
            continue;
        }
        grid[row][col] = match &cell.content {
            Some(e::cell::Content::Permit(p)) => format!("p{}:{}", p.seat, p.value),
            Some(e::cell::Content::Building(b)) => piece_text(b.piece),
            Some(e::cell::Content::Church(t)) => format!("ch{}", t.seat),
            None => ".".to_string(),
        };
    }
    let mut north = vec![String::new(); columns];
    let mut south = vec![String::new(); columns];
    let mut east = vec![String::new(); ROWS.len()];
    for (slot, piece) in wall_slots(state) {
        let index = slot.index as usize;
        match e::WallSide::try_from(slot.side) {
            Ok(e::WallSide::North) if index < columns => north[index] = wall_text(piece),
            Ok(e::WallSide::South) if index < columns => south[index] = wall_text(piece),
            // East slot 0 is beside row 3, the second row.
            Ok(e::WallSide::East) if index + 1 < ROWS.len() => east[index + 1] = wall_text(piece),
            _ => {}
        }
    }
    let row_cells = |cells: &[String]| {
        cells
            .iter()
            .map(|c| format!("{c:<CELL$}"))
            .collect::<String>()
    };
    let _ = writeln!(
        out,
        "city ({columns} columns; the sea to the west, the gates to the east):"
    );
    let letters: Vec<String> = (0..columns as u32).map(column_letter).collect();
    let line =
        |margin: &str, cells: &str| format!("{margin:<MARGIN$}{cells}").trim_end().to_string();
    let _ = writeln!(out, "{}", line("", &row_cells(&letters)));
    let _ = writeln!(out, "{}", line("  north wall", &row_cells(&north)));
    for (i, label) in ROWS.iter().enumerate() {
        let ship = match state.ship_row {
            Some(row) if row == *label && state.pirate => "pirate",
            Some(row) if row == *label => "ship",
            _ => "",
        };
        let margin = format!("  {ship:>6} {label:>3} |");
        let _ = writeln!(
            out,
            "{}",
            line(&margin, &format!("{}| {}", row_cells(&grid[i]), east[i]))
        );
    }
    let _ = writeln!(out, "{}", line("  south wall", &row_cells(&south)));
    for legend in LEGEND {
        let _ = writeln!(out, "  {legend}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ProtoGame;
    use e::command::Command as C;
    use hexfold_rules::elasund::Elasund;
    use hexfold_rules::playout::{Playout, SeatChoice};
    use hexfold_rules::{Game, Seat, Viewer};

    fn parse(text: &str) -> anyhow::Result<e::Command> {
        match words()
            .parse_command("elasund-test", &[text.to_string()])?
            .game
        {
            Some(pb::command::Game::Elasund(command)) => Ok(command),
            other => panic!("not an Elasund command: {other:?}"),
        }
    }

    fn sq(col: u32, row: u32) -> Option<e::Square> {
        Some(e::Square { col, row })
    }

    fn cards(gold: u32, red: u32, green: u32, blue: u32) -> Option<e::Cards> {
        Some(e::Cards {
            gold,
            red,
            green,
            blue,
        })
    }

    #[test]
    fn readable_forms_and_aliases() {
        let cases: [(&str, C); 6] = [
            (
                "BUILD shop D8 over red",
                C::Build(e::Build {
                    building: e::BuildingKind::Shop as i32,
                    at: sq(3, 8),
                    overbuild_with: Some(e::InfluenceColor::Red as i32),
                }),
            ),
            (
                "discard gold:2,red blue",
                C::Discard(e::Discard {
                    cards: cards(2, 1, 0, 1),
                }),
            ),
            (
                "take nothing",
                C::TakeDiscards(e::TakeDiscards {
                    cards: cards(0, 0, 0, 0),
                }),
            ),
            (
                "permit 3 b4",
                C::PlacePermit(e::PlacePermit {
                    value: 3,
                    at: sq(1, 4),
                    anywhere_with: None,
                }),
            ),
            (
                "build-wall east 0",
                C::BuildWall(e::BuildWall {
                    slot: Some(e::WallSlot {
                        side: e::WallSide::East as i32,
                        index: 0,
                    }),
                }),
            ),
            ("end_turn", C::EndTurn(e::EndTurn {})),
        ];
        for (text, expected) in cases {
            assert_eq!(
                parse(text).unwrap(),
                e::Command {
                    command: Some(expected)
                },
                "{text}"
            );
        }
    }

    #[test]
    fn malformed_commands_are_refused_with_a_reason() {
        let cases = [
            ("", "empty command"),
            ("fly", "unknown command"),
            ("buidl shop d8", "did you mean `build`?"),
            ("build castle d8", "unknown building"),
            ("build shop 38", "SQUARE is written like d12"),
            ("build shop d8 over", "missing COLOR"),
            ("build shop d8 over purple", "unknown influence color"),
            ("place-permit 3 d8 over red", "unexpected \"over\""),
            ("build-wall west 2", "unknown wall side"),
            ("discard gold:x", "bad count"),
            ("discard wood", "unknown card"),
            ("move-ship", "takes 1"),
            ("roll 7", "takes 0"),
            ("move-permit d8 e9", "takes 3"),
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
    fn cards_another_seat_holds_read_as_counts() {
        let seen = |gold, influence, detail| e::CardsSeen {
            gold,
            influence,
            detail,
        };
        let text = |cards: e::CardsSeen| words().text(&cards, &[]);
        assert_eq!(text(seen(0, 1, None)), "1 influence");
        assert_eq!(text(seen(2, 1, None)), "2 gold and 1 influence");
        assert_eq!(text(seen(0, 0, None)), "nothing");
        assert_eq!(text(seen(1, 1, cards(1, 0, 1, 0))), "1 gold, 1 green");
    }

    #[test]
    fn pieces_are_named_by_kind_and_colour() {
        let seats = ["ann", "bob"].map(String::from).to_vec();
        let removed = |kind: e::BuildingKind, owner| pb::Event {
            body: Some(pb::event::Body::Elasund(e::Event {
                event: Some(e::event::Event::BuildingRemoved(e::BuildingRemoved {
                    piece: 0,
                    kind: kind as i32,
                    owner,
                })),
            })),
        };
        assert_eq!(
            words().event(&removed(e::BuildingKind::TradeHouse, None), &seats),
            "the trade house was built over"
        );
        assert_eq!(
            words().event(&removed(e::BuildingKind::Workshop, Some(1)), &seats),
            "bob's workshop was built over"
        );
    }

    /// A seeded three-seat random game through the adapter, as seat 0 sees it: every legal action of the seat to
    /// act prints in the grammar and parses back to itself, every event reads as a sentence, and the state and
    /// the grid read as text, with seat 0's colours and only counts for the others.
    #[test]
    fn a_random_game_reads_as_text_and_its_actions_type_back() {
        let seats: Vec<String> = ["ann", "bob", "cat"].map(String::from).to_vec();
        let config = Elasund::config(&pb::GameOptions::default(), 3).unwrap();
        let (_, playout) = Playout::<Elasund>::seeded(&config, 4).unwrap();
        let mut playout = playout
            .seat_choice(SeatChoice::First)
            .list_legal()
            .command_limit(600);
        let me = Viewer::Seat(Seat(0));
        let mut typed = 0;
        let mut sentences = Vec::new();
        while playout
            .step(|step| {
                for legal in step.legal.unwrap() {
                    let command = Elasund::command_to_proto(legal);
                    let text = words().command(&command);
                    let back = words().parse_command("elasund-test", std::slice::from_ref(&text));
                    assert_eq!(back.unwrap(), command, "{text}");
                    typed += 1;
                }
                step.each_event(|state, event| {
                    let event = Elasund::event_to_proto(&Elasund::view_event(state, event, me));
                    sentences.push(words().event(&event, &seats));
                });
            })
            .is_ok()
        {}
        assert!(typed > 1000, "{typed}");
        for sentence in &sentences {
            assert!(
                !sentence.contains(['{', '?'])
                    && !sentence.contains("Some(")
                    && !sentence.contains("::"),
                "{sentence}"
            );
        }
        for kind in ["rolled", "built", "placed permit", "row ", "the turn ended"] {
            assert!(sentences.iter().any(|s| s.contains(kind)), "{kind}");
        }
        let Some(pb::game_state::Game::Elasund(view)) =
            Elasund::state_to_proto(&Elasund::view_state(playout.state(), me)).game
        else {
            panic!("not an Elasund state")
        };
        let text = describe_state(&view, &seats) + &describe_board(&view);
        assert!(
            !text.contains(['{', '?']) && !text.contains("Some(") && !text.contains("::"),
            "{text}"
        );
        let line = |seat: usize| {
            text.lines()
                .find(|l| l[2..].starts_with(&format!("{seat} {}", seats[seat])))
                .unwrap_or_else(|| panic!("no line for seat {seat}: {text}"))
                .to_string()
        };
        assert!(line(0).contains(" influence ["), "{}", line(0));
        for seat in 1..3 {
            assert!(!line(seat).contains(" influence ["), "{}", line(seat));
        }
        // The grid has a line per row, each as wide as the city, and every building on the board is drawn on
        // its square.
        let grid: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("city ("))
            .filter(|l| l.contains(" | "))
            .collect();
        assert_eq!(grid.len(), 10, "{text}");
        for (id, piece) in view.pieces.iter().enumerate() {
            let Some(e::piece::Place::Board(board)) = &piece.place else {
                continue;
            };
            let at = board.at.unwrap();
            let row = ROWS.iter().position(|&r| r == at.row).unwrap();
            let cell = &grid[row][MARGIN + CELL * at.col as usize..][..CELL];
            assert_eq!(
                cell.trim(),
                format!("{}{}", kind_code(piece.kind), board.owner),
                "piece {id} at {} in\n{text}",
                square_text(&board.at)
            );
        }
        // Every wall piece built is drawn, on its side of the city.
        let drawn_walls = text
            .lines()
            .skip_while(|l| !l.starts_with("city ("))
            .take_while(|l| !l.starts_with("  a square:"))
            .flat_map(str::split_whitespace)
            .filter(|w| w.contains('#'))
            .count();
        let built = view.walls.iter().filter(|w| w.piece.is_some()).count();
        assert!(built > 10, "{text}");
        assert_eq!(drawn_walls, built, "{text}");
        assert!(text.lines().all(|l| l.len() <= 120), "{text}");
    }
}

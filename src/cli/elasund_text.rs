//! Elasund in words: the `submit` grammar (parsed into, and printed from, `hexfold.v1.elasund.Command`), its events
//! as sentences, its state as paragraphs and its city drawn as a grid.
//!
//! As in `ck_text.rs`, the grammar is the same in both directions, so a line `actions` prints can be typed back.
//! A square is written as players read the board: its column as a letter (`a` by the sea, then `b`, ... to the
//! gates) and its row by its label (2-6 and 8-12, north to south), so column 3 of row 8 is `d8`. Enum values are
//! written by their proto names in lower case with dashes (`BUILDING_KIND_MARKET_STALL` is `market-stall`).

use super::catan_text::{expect_arity, who};
use super::ck_text::{arg, none, one, parse_word, word};
use crate::proto::v1::elasund::{self as e, command::Command as C, event::Event as E};
use anyhow::{anyhow, bail, Context as _};
use hexfold_rules::elasund::{data, BuildingKind};
use std::fmt::Write as _;

/// The grammar, shown by `hexfold submit --help`.
pub const GRAMMAR: &str = "\
Elasund (game ids elasund-...; SQUARE is a column letter, a by the sea, and a row label, e.g. d8; CARDS are
gold:N red:N green:N blue:N items, or nothing; COLOR is red, green or blue):
  roll                                          phase 1: roll the dice
  move-ship ROW | move-pirate ROW               after rolling the ship's row: move it; after a 7: the pirate ship
  discard CARDS | take CARDS                    cards owed to the pirate; cards from its discards (your towers)
  build KIND SQUARE [over COLOR]                phase 2, at the building's top-left square; KIND is small-cottage,
                                                large-cottage, merchant-house, workshop, well, market-stall, shop,
                                                tavern or trade-house; `over red` pays three red to build over one
                                                of the same size
  build-wall SIDE INDEX                         the next wall piece, SIDE north, east or south: `build-wall east 0`
  build-church | keep-tile TILE | place-cottage SQUARE | end-building
  place-permit VALUE SQUARE [anywhere COLOR]    phase 3, e.g. `place-permit 3 d8`; `anywhere red` pays two red to
                                                ignore the ship's row
  take-gold                                     phase 3: 2 gold instead of a permit
  move-permit FROM TO COLOR | upgrade-permit SQUARE VALUE COLOR | permit-anywhere VALUE SQUARE | buy-gold
                                                phase 4's special actions
  end                                           end your turn
";

/// A square as `d8`: the column's letter, then the row's label.
fn square_text(square: &Option<e::Square>) -> String {
    let square = square.unwrap_or_default();
    format!("{}{}", column_letter(square.col), square.row)
}

/// A column's letter, `a` by the sea.
fn column_letter(col: u32) -> String {
    match u8::try_from(col) {
        Ok(col) if col < 26 => char::from(b'a' + col).to_string(),
        _ => format!("[column {col}]"),
    }
}

/// A square typed as `d8`.
fn parse_square(text: &str) -> anyhow::Result<e::Square> {
    let mut chars = text.chars();
    let square = match (chars.next(), chars.as_str().parse::<u32>()) {
        (Some(letter @ 'a'..='z'), Ok(row)) => Some(e::Square {
            col: u32::from(letter) - u32::from('a'),
            row,
        }),
        (Some(letter @ 'A'..='Z'), Ok(row)) => Some(e::Square {
            col: u32::from(letter) - u32::from('A'),
            row,
        }),
        _ => None,
    };
    square.with_context(|| format!("a square is a column letter and a row, e.g. d8, not {text:?}"))
}

fn square_arg(args: &[&str], i: usize, what: &str) -> anyhow::Result<Option<e::Square>> {
    let text = args.get(i).with_context(|| format!("missing {what}"))?;
    parse_square(text).map(Some)
}

fn kind_name(kind: i32) -> String {
    word(
        e::BuildingKind::try_from(kind)
            .ok()
            .map(|k| k.as_str_name()),
        "BUILDING_KIND",
    )
}

fn color_name(color: i32) -> String {
    word(
        e::InfluenceColor::try_from(color)
            .ok()
            .map(|c| c.as_str_name()),
        "INFLUENCE_COLOR",
    )
}

fn side_name(side: i32) -> String {
    word(
        e::WallSide::try_from(side).ok().map(|s| s.as_str_name()),
        "WALL_SIDE",
    )
}

fn parse_color(text: &str) -> anyhow::Result<i32> {
    parse_word(
        "colour (red, green, blue)",
        text,
        "INFLUENCE_COLOR",
        e::InfluenceColor::from_str_name,
    )
    .map(|c| c as i32)
}

fn color_arg(args: &[&str], i: usize) -> anyhow::Result<i32> {
    parse_color(args.get(i).context("missing COLOR")?)
}

/// Cards as `gold:2 red:1` (the `submit` form), or `nothing`.
fn cards_text(cards: &Option<e::Cards>) -> String {
    let c = cards.unwrap_or_default();
    let items: Vec<String> = [
        ("gold", c.gold),
        ("red", c.red),
        ("green", c.green),
        ("blue", c.blue),
    ]
    .iter()
    .filter(|(_, n)| *n > 0)
    .map(|(name, n)| format!("{name}:{n}"))
    .collect();
    if items.is_empty() {
        "nothing".to_string()
    } else {
        items.join(" ")
    }
}

/// `COLOR:N ...` words (comma-joined or not; `nothing` for none) into cards.
fn parse_cards(words: &[&str]) -> anyhow::Result<e::Cards> {
    let items: Vec<&str> = words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        bail!("expected cards like gold:2 red:1");
    }
    let mut cards = e::Cards::default();
    if items == ["nothing"] {
        return Ok(cards);
    }
    for item in items {
        let (name, count) = match item.split_once(':') {
            Some((name, count)) => (
                name,
                count
                    .parse()
                    .with_context(|| format!("bad count in {item:?}"))?,
            ),
            None => (item, 1),
        };
        let slot = match name.to_ascii_lowercase().as_str() {
            "gold" => &mut cards.gold,
            "red" => &mut cards.red,
            "green" => &mut cards.green,
            "blue" => &mut cards.blue,
            _ => bail!("unknown card {name:?} (gold, red, green, blue)"),
        };
        *slot = slot
            .checked_add(count)
            .ok_or_else(|| anyhow!("card count overflows"))?;
    }
    Ok(cards)
}

/// `over COLOR` or `anywhere COLOR` after a command's own arguments, if given.
fn paying(args: &[&str], at: usize, keyword: &str) -> anyhow::Result<Option<i32>> {
    match &args[at.min(args.len())..] {
        [] => Ok(None),
        [word, color] if word.eq_ignore_ascii_case(keyword) => parse_color(color).map(Some),
        _ => bail!("expected `{keyword} COLOR` after the square"),
    }
}

/// Parses a command in the grammar above. Words may also arrive as one string (`submit G "build shop d8"`).
pub fn parse_command(words: &[String]) -> anyhow::Result<e::Command> {
    let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    let Some(verb) = words.first() else {
        bail!("empty command")
    };
    let verb = verb.to_ascii_lowercase().replace('_', "-");
    let args = &words[1..];
    let command = match verb.as_str() {
        "roll" | "roll-dice" => {
            none(&words)?;
            C::Roll(e::Roll {})
        }
        "move-ship" => C::MoveShip(e::MoveShip {
            row: one(&words, "ROW")?,
        }),
        "move-pirate" => C::MovePirate(e::MovePirate {
            row: one(&words, "ROW")?,
        }),
        "discard" => C::Discard(e::Discard {
            cards: Some(parse_cards(args)?),
        }),
        "take" | "take-discards" => C::TakeDiscards(e::TakeDiscards {
            cards: Some(parse_cards(args)?),
        }),
        "build" => {
            expect_arity(&words, 2, 4)?;
            let kind = parse_word(
                "building",
                args[0],
                "BUILDING_KIND",
                e::BuildingKind::from_str_name,
            )?;
            C::Build(e::Build {
                building: kind as i32,
                at: square_arg(args, 1, "SQUARE")?,
                overbuild_with: paying(args, 2, "over")?,
            })
        }
        "build-wall" => {
            expect_arity(&words, 2, 2)?;
            let side = parse_word(
                "wall side",
                args[0],
                "WALL_SIDE",
                e::WallSide::from_str_name,
            )?;
            C::BuildWall(e::BuildWall {
                slot: Some(e::WallSlot {
                    side: side as i32,
                    index: arg(args, 1, "INDEX")?,
                }),
            })
        }
        "build-church" => {
            none(&words)?;
            C::BuildChurch(e::BuildChurch {})
        }
        "keep-tile" | "keep-church-tile" => C::KeepChurchTile(e::KeepChurchTile {
            tile: one(&words, "TILE")?,
        }),
        "place-cottage" => {
            expect_arity(&words, 1, 1)?;
            C::PlaceCottage(e::PlaceCottage {
                at: square_arg(args, 0, "SQUARE")?,
            })
        }
        "end-building" => {
            none(&words)?;
            C::EndBuilding(e::EndBuilding {})
        }
        "place-permit" | "permit" => {
            expect_arity(&words, 2, 4)?;
            C::PlacePermit(e::PlacePermit {
                value: arg(args, 0, "VALUE")?,
                at: square_arg(args, 1, "SQUARE")?,
                anywhere_with: paying(args, 2, "anywhere")?,
            })
        }
        "take-gold" | "take-two-gold" => {
            none(&words)?;
            C::TakeTwoGold(e::TakeTwoGold {})
        }
        "move-permit" => {
            expect_arity(&words, 3, 3)?;
            C::MovePermit(e::MovePermit {
                from: square_arg(args, 0, "FROM")?,
                to: square_arg(args, 1, "TO")?,
                pay: color_arg(args, 2)?,
            })
        }
        "upgrade-permit" => {
            expect_arity(&words, 3, 3)?;
            C::UpgradePermit(e::UpgradePermit {
                at: square_arg(args, 0, "SQUARE")?,
                value: arg(args, 1, "VALUE")?,
                pay: color_arg(args, 2)?,
            })
        }
        "permit-anywhere" | "place-permit-anywhere" => {
            expect_arity(&words, 2, 2)?;
            C::PlacePermitAnywhere(e::PlacePermitAnywhere {
                value: arg(args, 0, "VALUE")?,
                at: square_arg(args, 1, "SQUARE")?,
            })
        }
        "buy-gold" | "buy-two-gold" => {
            none(&words)?;
            C::BuyTwoGold(e::BuyTwoGold {})
        }
        "end" | "end-turn" => {
            none(&words)?;
            C::EndTurn(e::EndTurn {})
        }
        other => return Err(super::unknown_command(other, &[GRAMMAR])),
    };
    Ok(e::Command {
        command: Some(command),
    })
}

/// ` KEYWORD COLOR` for an optional payment, or nothing.
fn with_color(keyword: &str, color: Option<i32>) -> String {
    color.map_or(String::new(), |c| format!(" {keyword} {}", color_name(c)))
}

/// A command in the `submit` grammar.
pub fn format_command(command: &e::Command) -> String {
    let Some(command) = &command.command else {
        return "(empty command)".to_string();
    };
    match command {
        C::Roll(_) => "roll".to_string(),
        C::MoveShip(m) => format!("move-ship {}", m.row),
        C::MovePirate(m) => format!("move-pirate {}", m.row),
        C::Discard(m) => format!("discard {}", cards_text(&m.cards)),
        C::TakeDiscards(m) => format!("take {}", cards_text(&m.cards)),
        C::Build(m) => format!(
            "build {} {}{}",
            kind_name(m.building),
            square_text(&m.at),
            with_color("over", m.overbuild_with)
        ),
        C::BuildWall(m) => {
            let slot = m.slot.unwrap_or_default();
            format!("build-wall {} {}", side_name(slot.side), slot.index)
        }
        C::BuildChurch(_) => "build-church".to_string(),
        C::KeepChurchTile(m) => format!("keep-tile {}", m.tile),
        C::PlaceCottage(m) => format!("place-cottage {}", square_text(&m.at)),
        C::EndBuilding(_) => "end-building".to_string(),
        C::PlacePermit(m) => format!(
            "place-permit {} {}{}",
            m.value,
            square_text(&m.at),
            with_color("anywhere", m.anywhere_with)
        ),
        C::TakeTwoGold(_) => "take-gold".to_string(),
        C::MovePermit(m) => format!(
            "move-permit {} {} {}",
            square_text(&m.from),
            square_text(&m.to),
            color_name(m.pay)
        ),
        C::UpgradePermit(m) => format!(
            "upgrade-permit {} {} {}",
            square_text(&m.at),
            m.value,
            color_name(m.pay)
        ),
        C::PlacePermitAnywhere(m) => {
            format!("permit-anywhere {} {}", m.value, square_text(&m.at))
        }
        C::BuyTwoGold(_) => "buy-gold".to_string(),
        C::EndTurn(_) => "end".to_string(),
    }
}

/// The proto's number for a kind of the rules' buildings table. The match is exhaustive, so a new kind in the rules
/// stops the build here until it has its proto name.
fn proto_kind(kind: BuildingKind) -> i32 {
    use e::BuildingKind as P;
    let kind = match kind {
        BuildingKind::SmallCottage => P::SmallCottage,
        BuildingKind::LargeCottage => P::LargeCottage,
        BuildingKind::MerchantHouse => P::MerchantHouse,
        BuildingKind::Workshop => P::Workshop,
        BuildingKind::Well => P::Well,
        BuildingKind::MarketStall => P::MarketStall,
        BuildingKind::Shop => P::Shop,
        BuildingKind::Tavern => P::Tavern,
        BuildingKind::TradeHouse => P::TradeHouse,
    };
    kind as i32
}

/// A piece by its id, as the rules number them (the neutral buildings by kind, then each seat's four in the
/// order of the buildings table): `the shop`, or `bob's workshop`.
fn piece_name(piece: u32, seats: &[String]) -> String {
    let mut id = 0;
    for spec in data::BUILDINGS.iter().filter(|s| s.neutral) {
        id += u32::from(spec.copies);
        if piece < id {
            return format!("the {}", kind_name(proto_kind(spec.kind)).replace('-', " "));
        }
    }
    let own: Vec<_> = data::BUILDINGS.iter().filter(|s| !s.neutral).collect();
    let (seat, index) = (
        (piece - id) / own.len() as u32,
        (piece - id) as usize % own.len(),
    );
    let kind = kind_name(proto_kind(own[index].kind)).replace('-', " ");
    format!("{}'s {kind}", who(seats, seat))
}

/// Cards as a viewer sees them: the colours when shown, else the counts.
fn seen_text(cards: &Option<e::CardsSeen>) -> String {
    let c = cards.unwrap_or_default();
    match c.detail {
        Some(detail) => cards_text(&Some(detail)),
        None => {
            let parts: Vec<String> = [(c.gold, "gold"), (c.influence, "influence")]
                .iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, what)| format!("{n} {what}"))
                .collect();
            if parts.is_empty() {
                "nothing".to_string()
            } else {
                parts.join(" and ")
            }
        }
    }
}

/// ` for CARDS`, or nothing when nothing was paid.
fn paid(cards: &Option<e::Cards>) -> String {
    match cards_text(cards).as_str() {
        "nothing" => String::new(),
        text => format!(" for {text}"),
    }
}

/// `, placing N cube(s)`, or nothing.
fn cubes(n: u32) -> String {
    match n {
        0 => String::new(),
        1 => ", placing 1 cube".to_string(),
        n => format!(", placing {n} cubes"),
    }
}

fn slot_text(slot: &Option<e::WallSlot>) -> String {
    let slot = slot.unwrap_or_default();
    format!("{} {}", side_name(slot.side), slot.index)
}

/// What each seat got or gave, from a list indexed by seat: `ann gold:1, bob 1 gold and 0 influence`.
fn per_seat(cards: &[e::CardsSeen], seats: &[String]) -> String {
    let items: Vec<String> = (0..)
        .zip(cards)
        .filter(|(_, c)| c.gold + c.influence > 0)
        .map(|(seat, c)| format!("{} {}", who(seats, seat), seen_text(&Some(*c))))
        .collect();
    if items.is_empty() {
        "nobody".to_string()
    } else {
        items.join(", ")
    }
}

/// One event as a sentence.
pub fn describe_event(event: &e::Event, seats: &[String]) -> String {
    let w = |seat: u32| who(seats, seat);
    let Some(event) = &event.event else {
        return "(empty event)".to_string();
    };
    match event {
        E::StartingInfluenceDealt(m) => {
            let dealt: Vec<String> = (0..)
                .zip(&m.cards)
                .map(|(seat, card)| match card.color {
                    Some(color) => format!("{} {}", w(seat), color_name(color)),
                    None => format!("{} one card", w(seat)),
                })
                .collect();
            format!("starting influence dealt: {}", dealt.join(", "))
        }
        E::DiceRolled(m) => format!(
            "{} rolled {}+{}={}",
            w(m.seat),
            m.first,
            m.second,
            m.first + m.second
        ),
        E::ShipMoved(m) => format!("the ship sailed to row {}", m.row),
        E::PirateMoved(m) => format!(
            "the pirate ship sailed to row {}: no income there this turn",
            m.row
        ),
        E::IncomeCollected(m) => format!("row {} paid: {}", m.row, per_seat(&m.cards, seats)),
        E::BankShortage(m) => format!(
            "the bank ran short of {}; each seat returned half of it: {}",
            if m.gold { "gold" } else { "influence" },
            per_seat(&m.returned, seats)
        ),
        E::CardsDiscarded(m) => format!(
            "{} discarded {} to the pirate",
            w(m.seat),
            cards_text(&m.cards)
        ),
        E::DiscardsTaken(m) => format!(
            "{} took {} from the pirate's discards",
            w(m.seat),
            cards_text(&m.cards)
        ),
        E::PermitReturned(m) => format!(
            "{}'s permit {} on {} went back to the supply ({} gold in return)",
            w(m.seat),
            m.value,
            square_text(&m.at),
            m.compensation
        ),
        E::BuildingRemoved(m) => format!("{} was built over", piece_name(m.piece, seats)),
        E::BuildingBuilt(m) => format!(
            "{} built {} at {}{}{}",
            w(m.seat),
            piece_name(m.piece, seats),
            square_text(&m.at),
            paid(&m.paid),
            cubes(m.cubes)
        ),
        E::WallBuilt(m) => format!(
            "{} built wall piece {} at {}{}{}",
            w(m.seat),
            m.number,
            slot_text(&m.slot),
            paid(&m.paid),
            if m.tower_cube {
                ", a watch tower with a cube"
            } else {
                ""
            }
        ),
        E::CardsDrawn(m) => format!("{} drew {}", w(m.seat), seen_text(&m.cards)),
        E::ChurchTilesDrawn(m) => match &m.tiles {
            Some(t) => format!(
                "{} drew church tiles {} and {}",
                w(m.seat),
                t.first,
                t.second
            ),
            None => format!("{} drew two church tiles", w(m.seat)),
        },
        E::ChurchTileReturned(m) => match m.returned {
            Some(returned) => format!(
                "{} kept church tile {} and put {returned} under the stack",
                w(m.seat),
                m.kept
            ),
            None => format!(
                "{} kept church tile {} and put the other under the stack",
                w(m.seat),
                m.kept
            ),
        },
        E::ChurchTileBuilt(m) => format!(
            "{} built church tile {} at {}{}{}",
            w(m.seat),
            m.tile,
            square_text(&m.at),
            paid(&m.paid),
            cubes(m.cubes)
        ),
        E::CottagePlaced(m) => format!(
            "{} placed {} again at {}",
            w(m.seat),
            piece_name(m.piece, seats),
            square_text(&m.at)
        ),
        E::CottageRetired(m) => format!(
            "{} found no room: it is out of the game",
            piece_name(m.piece, seats)
        ),
        E::TradePointsChanged(m) => format!(
            "{} has {} trade points ({} cubes on the track)",
            w(m.seat),
            m.points,
            m.track_cubes
        ),
        E::PermitPlaced(m) => format!(
            "{} placed permit {} at {}{}",
            w(m.seat),
            m.value,
            square_text(&m.at),
            paid(&m.paid)
        ),
        E::PermitMoved(m) => format!(
            "{} moved a permit from {} to {}{}",
            w(m.seat),
            square_text(&m.from),
            square_text(&m.to),
            paid(&m.paid)
        ),
        E::PermitUpgraded(m) => format!(
            "{} upgraded permit {} at {} to {}{}",
            w(m.seat),
            m.from,
            square_text(&m.at),
            m.to,
            paid(&m.paid)
        ),
        E::GoldTaken(m) => format!("{} took {} gold{}", w(m.seat), m.gold, paid(&m.paid)),
        E::BuildingEnded(_) => "building ended".to_string(),
        E::TurnEnded(m) => format!("the turn ended; {} is next", w(m.next)),
        E::GameWon(m) => format!("{} won", w(m.seat)),
        E::TurnLimitReached(m) => format!(
            "the turn limit ended the game; {} won (most cubes on the board)",
            w(m.winner)
        ),
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
            .map(|q| piece_name(q.piece, seats))
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
        let mut text = format!("  {} at {}", piece_name(id, seats), square_text(&board.at));
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
        .map(|(id, _)| piece_name(id, seats))
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
    use crate::proto::v1 as pb;
    use hexfold_rules::elasund::Elasund;
    use hexfold_rules::playout::{Playout, SeatChoice};
    use hexfold_rules::{Game, Seat, Viewer};

    fn parse(text: &str) -> anyhow::Result<e::Command> {
        parse_command(&[text.to_string()])
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

    /// One of every command, with the optional fields both set and unset.
    fn every_command() -> Vec<C> {
        use e::{BuildingKind as K, InfluenceColor as Colour};
        vec![
            C::Roll(e::Roll {}),
            C::MoveShip(e::MoveShip { row: 10 }),
            C::MovePirate(e::MovePirate { row: 3 }),
            C::Discard(e::Discard {
                cards: cards(1, 2, 0, 1),
            }),
            C::TakeDiscards(e::TakeDiscards {
                cards: cards(0, 0, 1, 0),
            }),
            C::Build(e::Build {
                building: K::MarketStall as i32,
                at: sq(3, 8),
                overbuild_with: None,
            }),
            C::Build(e::Build {
                building: K::TradeHouse as i32,
                at: sq(0, 2),
                overbuild_with: Some(Colour::Blue as i32),
            }),
            C::BuildWall(e::BuildWall {
                slot: Some(e::WallSlot {
                    side: e::WallSide::East as i32,
                    index: 0,
                }),
            }),
            C::BuildWall(e::BuildWall {
                slot: Some(e::WallSlot {
                    side: e::WallSide::South as i32,
                    index: 5,
                }),
            }),
            C::BuildChurch(e::BuildChurch {}),
            C::KeepChurchTile(e::KeepChurchTile { tile: 7 }),
            C::PlaceCottage(e::PlaceCottage { at: sq(8, 12) }),
            C::EndBuilding(e::EndBuilding {}),
            C::PlacePermit(e::PlacePermit {
                value: 0,
                at: sq(1, 5),
                anywhere_with: None,
            }),
            C::PlacePermit(e::PlacePermit {
                value: 4,
                at: sq(6, 11),
                anywhere_with: Some(Colour::Red as i32),
            }),
            C::TakeTwoGold(e::TakeTwoGold {}),
            C::MovePermit(e::MovePermit {
                from: sq(2, 3),
                to: sq(4, 9),
                pay: Colour::Green as i32,
            }),
            C::UpgradePermit(e::UpgradePermit {
                at: sq(2, 6),
                value: 3,
                pay: Colour::Red as i32,
            }),
            C::PlacePermitAnywhere(e::PlacePermitAnywhere {
                value: 2,
                at: sq(5, 4),
            }),
            C::BuyTwoGold(e::BuyTwoGold {}),
            C::EndTurn(e::EndTurn {}),
        ]
    }

    #[test]
    fn every_printed_command_parses_back_to_itself() {
        let commands = every_command();
        for command in &commands {
            let command = e::Command {
                command: Some(*command),
            };
            let text = format_command(&command);
            assert_eq!(parse(&text).unwrap(), command, "{text}");
            assert!(!text.contains(['{', '?']) && !text.contains("::"), "{text}");
        }
        // Every kind of command is in the list: a new one in the proto fails here until it has words.
        let kinds: std::collections::HashSet<_> =
            commands.iter().map(std::mem::discriminant).collect();
        assert_eq!(kinds.len(), 18);
    }

    #[test]
    fn readable_forms_and_aliases() {
        let cases: [(&str, C); 5] = [
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
            ("build shop 38", "a square is a column letter and a row"),
            ("build shop d8 over", "expected `over COLOR`"),
            ("build shop d8 over purple", "unknown colour"),
            ("place-permit 3 d8 over red", "expected `anywhere COLOR`"),
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
        let seen = |gold, influence, detail| {
            Some(e::CardsSeen {
                gold,
                influence,
                detail,
            })
        };
        assert_eq!(seen_text(&seen(0, 1, None)), "1 influence");
        assert_eq!(seen_text(&seen(2, 1, None)), "2 gold and 1 influence");
        assert_eq!(seen_text(&seen(0, 0, None)), "nothing");
        assert_eq!(seen_text(&seen(1, 1, cards(1, 0, 1, 0))), "gold:1 green:1");
    }

    #[test]
    fn pieces_are_named_by_the_rules_numbering() {
        let seats = ["ann", "bob"].map(String::from).to_vec();
        assert_eq!(piece_name(0, &seats), "the well");
        assert_eq!(piece_name(8, &seats), "the shop");
        assert_eq!(piece_name(20, &seats), "the trade house");
        assert_eq!(piece_name(21, &seats), "ann's small cottage");
        assert_eq!(piece_name(28, &seats), "bob's workshop");
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
                    let Some(pb::command::Game::Elasund(command)) =
                        Elasund::command_to_proto(legal).game
                    else {
                        panic!("not an Elasund command")
                    };
                    let text = format_command(&command);
                    assert_eq!(parse(&text).unwrap(), command, "{text}");
                    typed += 1;
                }
                step.each_event(|state, event| {
                    let Some(pb::event::Body::Elasund(event)) =
                        Elasund::event_to_proto(&Elasund::view_event(state, event, me)).body
                    else {
                        panic!("not an Elasund event")
                    };
                    sentences.push(describe_event(&event, &seats));
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

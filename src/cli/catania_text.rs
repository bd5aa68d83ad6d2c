//! Catania in words: the `submit` grammar of Catania's own commands beside the layer's (`ck_text.rs`), its events
//! as sentences, and a readable state for a terminal.
//!
//! The state is text, not a drawing of the board. A player at a terminal needs their hand and cards, every other
//! seat's public counts, the barbarians, the robber's and the pirate's hexes, who is waited for and what is open
//! (offers, obligations, gold), and the ids to type: so the state is a few paragraphs (the turn, the table of
//! seats, each seat's pieces by id), and `--board` adds the map (`catania_map.rs`).

use super::catan_text::{
    dev_card_name, dev_cards_text, expect_arity, format_opt_resources, parse_resource,
    parse_resources, produced, resource_name, seat_counts, who,
};
use super::ck_text::{
    self, arg, format_hand, good_name, none, one, opt, parse_good, parse_hand, parse_word, word,
};
use crate::proto::v1::catan as c;
use crate::proto::v1::catania::{self as cn, command::Command as C, event::Event as E};
use crate::proto::v1::cities_knights as k;
use anyhow::{bail, Context as _};
use std::fmt::Write as _;

/// Catania's own part of the grammar, shown by `hexfold submit --help` before the layer's.
pub const GRAMMAR: &str = "\
Catania (game ids catania-...): the Cities & Knights layer's commands below, and its own:
  place-ship EDGE                   the opening: a ship instead of a road beside the settlement just placed
  build-ship EDGE | move-ship FROM TO | build-landing VERTEX
  move-pirate HEX [SEAT]            after a 7: the pirate instead of the robber, robbing SEAT
  choose-gold RES:N ...             the resources your gold fields gave you
  buy-card                          a development card
  play-knight robber|pirate HEX [SEAT]
  play-road-building PIECE [PIECE]  PIECE is road:EDGE or ship:EDGE; the progress card's is
                                    `play road-building PIECE [PIECE]`
  play-year-of-plenty RES RES | play-monopoly RES
  chase KNIGHT robber|pirate HEX [SEAT]   an active knight next to a thief sends it to HEX
  exchange CARDS for RES:N ...      a 7's exchange at your trading station (retail: 1 resource for 2 others;
                                    wholesale: 1 commodity for 3, or 2 resources for 4 others);
                                    `exchange nothing for nothing` when you cannot
  pay-temple RES:N ...|nothing      what the temple asks of you: a tribute (1), a debt (2), the gods' share (1);
                                    `nothing` for a tribute when you hold no resource
  deposit CARD                      one card (a resource or a commodity) face down into the barbarian castle,
                                    after a raid or when your debt to it falls due
                                    (a castle settlement is `build-settlement VERTEX` on one of its corners)
  start-wonder WONDER               claim theater, great-bridge, monument, great-wall or cathedral (its
                                    condition met, a ship as its marker) and build its first level
  build-wonder                      the next level of your wonder
";

fn wonder_name(wonder: i32) -> String {
    word(
        cn::Wonder::try_from(wonder).ok().map(|w| w.as_str_name()),
        "WONDER",
    )
}

fn bandit_name(bandit: i32) -> String {
    word(
        cn::Bandit::try_from(bandit).ok().map(|b| b.as_str_name()),
        "BANDIT",
    )
}

fn parse_bandit(text: &str) -> anyhow::Result<i32> {
    parse_word(
        "thief (robber or pirate)",
        text,
        "BANDIT",
        cn::Bandit::from_str_name,
    )
    .map(|b| b as i32)
}

/// A road building card's piece: `road:EDGE` or `ship:EDGE`.
fn parse_piece(text: &str) -> anyhow::Result<cn::RoutePiece> {
    let (kind, edge) = text
        .split_once(':')
        .with_context(|| format!("expected road:EDGE or ship:EDGE, got {text:?}"))?;
    let ship = match kind.to_ascii_lowercase().as_str() {
        "road" => false,
        "ship" => true,
        _ => bail!("expected road:EDGE or ship:EDGE, got {text:?}"),
    };
    Ok(cn::RoutePiece {
        edge: edge
            .parse()
            .with_context(|| format!("EDGE must be a number, got {text:?}"))?,
        ship,
    })
}

fn format_piece(piece: &Option<cn::RoutePiece>) -> String {
    match piece {
        Some(p) => format!("{}:{}", if p.ship { "ship" } else { "road" }, p.edge),
        None => "?".to_string(),
    }
}

/// `verb PIECE [PIECE]` into the two pieces.
fn parse_pieces(
    words: &[&str],
) -> anyhow::Result<(Option<cn::RoutePiece>, Option<cn::RoutePiece>)> {
    expect_arity(words, 1, 2)?;
    Ok((
        Some(parse_piece(words[1])?),
        words.get(2).map(|w| parse_piece(w)).transpose()?,
    ))
}

fn format_pieces(
    verb: &str,
    first: &Option<cn::RoutePiece>,
    second: &Option<cn::RoutePiece>,
) -> String {
    match second {
        Some(_) => format!("{verb} {} {}", format_piece(first), format_piece(second)),
        None => format!("{verb} {}", format_piece(first)),
    }
}

/// `HEX [SEAT]` after the words before them.
fn victim_at(args: &[&str], i: usize) -> anyhow::Result<(u32, Option<u32>)> {
    Ok((arg(args, i, "HEX")?, opt(args, i + 1, "SEAT")?))
}

fn with_victim(text: String, victim: Option<u32>) -> String {
    match victim {
        Some(victim) => format!("{text} {victim}"),
        None => text,
    }
}

/// Parses a command in Catania's grammar: its own words first, then the layer's. Words may also arrive as one
/// string (`submit G "build-ship 12"`).
pub fn parse_command(words: &[String]) -> anyhow::Result<cn::Command> {
    let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    let Some(verb) = words.first() else {
        bail!("empty command")
    };
    let verb = verb.to_ascii_lowercase().replace('_', "-");
    let words = words.as_slice();
    let args = &words[1..];
    let command = match verb.as_str() {
        "place-ship" => C::PlaceShip(cn::PlaceShip {
            edge: one(words, "EDGE")?,
        }),
        "build-ship" => C::BuildShip(cn::BuildShip {
            edge: one(words, "EDGE")?,
        }),
        "move-ship" => {
            expect_arity(words, 2, 2)?;
            C::MoveShip(cn::MoveShip {
                from: arg(args, 0, "FROM")?,
                to: arg(args, 1, "TO")?,
            })
        }
        "build-landing" | "build-landing-place" => C::BuildLandingPlace(cn::BuildLandingPlace {
            vertex: one(words, "VERTEX")?,
        }),
        "move-pirate" | "pirate" => {
            expect_arity(words, 1, 2)?;
            let (hex, victim) = victim_at(args, 0)?;
            C::MovePirate(cn::MovePirate { hex, victim })
        }
        "choose-gold" => C::ChooseGold(cn::ChooseGold {
            resources: Some(parse_resources(args)?),
        }),
        "buy-card" | "buy-development-card" => {
            none(words)?;
            C::BuyDevelopmentCard(c::BuyDevelopmentCard {})
        }
        "play-knight" | "knight" => {
            expect_arity(words, 2, 3)?;
            let (hex, victim) = victim_at(args, 1)?;
            C::PlayKnight(cn::PlayKnight {
                bandit: parse_bandit(args[0])?,
                hex,
                victim,
            })
        }
        "play-road-building" => {
            let (first, second) = parse_pieces(words)?;
            C::PlayRoadBuilding(cn::PlayRoadBuilding { first, second })
        }
        // The progress card with pieces is Catania's own command; with plain edges it is the layer's (which
        // Catania refuses, naming the rule).
        "play" | "play-progress"
            if args
                .first()
                .is_some_and(|a| a.eq_ignore_ascii_case("road-building"))
                && args.get(1).is_some_and(|a| a.contains(':')) =>
        {
            let (first, second) = parse_pieces(args)?;
            C::PlayProgressRoadBuilding(cn::PlayProgressRoadBuilding { first, second })
        }
        "play-year-of-plenty" => {
            expect_arity(words, 2, 2)?;
            C::PlayYearOfPlenty(c::PlayYearOfPlenty {
                first: parse_resource(args[0])? as i32,
                second: parse_resource(args[1])? as i32,
            })
        }
        "play-monopoly" => {
            expect_arity(words, 1, 1)?;
            C::PlayMonopoly(c::PlayMonopoly {
                resource: parse_resource(args[0])? as i32,
            })
        }
        "chase" | "chase-bandit" => {
            expect_arity(words, 3, 4)?;
            let (hex, victim) = victim_at(args, 2)?;
            C::ChaseBandit(cn::ChaseBandit {
                knight: arg(args, 0, "KNIGHT")?,
                bandit: parse_bandit(args[1])?,
                hex,
                victim,
            })
        }
        "start-wonder" => {
            expect_arity(words, 1, 1)?;
            C::StartWonder(cn::StartWonder {
                wonder: parse_word("wonder", args[0], "WONDER", cn::Wonder::from_str_name)? as i32,
            })
        }
        "build-wonder" | "build-wonder-level" => {
            expect_arity(words, 0, 0)?;
            C::BuildWonderLevel(cn::BuildWonderLevel {})
        }
        "pay-temple" => C::PayTemple(cn::PayTemple {
            resources: Some(resources_or_nothing(args)?),
        }),
        "deposit" | "deposit-at-castle" => {
            expect_arity(words, 1, 1)?;
            C::DepositAtCastle(cn::DepositAtCastle {
                card: parse_good(args[0])? as i32,
            })
        }
        "exchange" | "exchange-at-station" => {
            let split = args
                .iter()
                .position(|w| w.eq_ignore_ascii_case("for"))
                .context("expected exchange CARDS for RES:N ...")?;
            C::ExchangeAtStation(cn::ExchangeAtStation {
                give: Some(parse_hand(&args[..split])?),
                take: Some(resources_or_nothing(&args[split + 1..])?),
            })
        }
        _ => match ck_text::parse_command(&verb, words)? {
            Some(layer) => C::Ck(layer),
            None => return Err(super::unknown_command(&verb, &[GRAMMAR, ck_text::GRAMMAR])),
        },
    };
    Ok(cn::Command {
        command: Some(command),
    })
}

/// `RES:N ...` words, or `nothing`: the empty exchange and the empty tribute say "I cannot".
fn resources_or_nothing(words: &[&str]) -> anyhow::Result<c::Resources> {
    if let [word] = words {
        if word.eq_ignore_ascii_case("nothing") {
            return Ok(c::Resources::default());
        }
    }
    parse_resources(words)
}

/// A command in Catania's `submit` grammar.
pub fn format_command(command: &cn::Command) -> String {
    let Some(command) = &command.command else {
        return "(empty command)".to_string();
    };
    match command {
        C::Ck(layer) => ck_text::format_command(layer),
        C::PlaceShip(m) => format!("place-ship {}", m.edge),
        C::BuildShip(m) => format!("build-ship {}", m.edge),
        C::MoveShip(m) => format!("move-ship {} {}", m.from, m.to),
        C::BuildLandingPlace(m) => format!("build-landing {}", m.vertex),
        C::MovePirate(m) => with_victim(format!("move-pirate {}", m.hex), m.victim),
        C::ChooseGold(m) => format!("choose-gold {}", format_opt_resources(&m.resources)),
        C::BuyDevelopmentCard(_) => "buy-card".to_string(),
        C::PlayKnight(m) => with_victim(
            format!("play-knight {} {}", bandit_name(m.bandit), m.hex),
            m.victim,
        ),
        C::PlayRoadBuilding(m) => format_pieces("play-road-building", &m.first, &m.second),
        C::PlayYearOfPlenty(m) => format!(
            "play-year-of-plenty {} {}",
            resource_name(m.first),
            resource_name(m.second)
        ),
        C::PlayMonopoly(m) => format!("play-monopoly {}", resource_name(m.resource)),
        C::PlayProgressRoadBuilding(m) => format_pieces("play road-building", &m.first, &m.second),
        C::ChaseBandit(m) => with_victim(
            format!("chase {} {} {}", m.knight, bandit_name(m.bandit), m.hex),
            m.victim,
        ),
        C::PayTemple(m) => format!("pay-temple {}", format_opt_resources(&m.resources)),
        C::DepositAtCastle(m) => format!("deposit {}", good_name(m.card)),
        C::StartWonder(m) => format!("start-wonder {}", wonder_name(m.wonder)),
        C::BuildWonderLevel(_) => "build-wonder".to_string(),
        C::ExchangeAtStation(m) => format!(
            "exchange {} for {}",
            format_hand(&m.give),
            format_opt_resources(&m.take)
        ),
    }
}

/// One event as a sentence.
pub fn describe_event(event: &cn::Event, seats: &[String]) -> String {
    let w = |seat: u32| who(seats, seat);
    let Some(event) = &event.event else {
        return "(empty event)".to_string();
    };
    match event {
        E::Ck(layer) => ck_text::describe_event(layer, seats),
        E::ShipPlaced(e) => format!("{} placed a ship on edge {}", w(e.seat), e.edge),
        E::ShipBuilt(e) => format!(
            "{} built a ship on edge {}{}",
            w(e.seat),
            e.edge,
            if e.free { " (free)" } else { "" }
        ),
        E::ShipMoved(e) => format!(
            "{} moved a ship from edge {} to edge {}",
            w(e.seat),
            e.from,
            e.to
        ),
        E::ShipRemoved(e) => format!("{}'s ship on edge {} was removed", w(e.seat), e.edge),
        E::LandingPlaceBuilt(e) => {
            format!("{} built a landing place on vertex {}", w(e.seat), e.vertex)
        }
        E::PirateMoved(e) => format!("{} moved the pirate to hex {}", w(e.seat), e.hex),
        E::PirateChased(e) => format!(
            "{}'s knight on vertex {} chased the pirate to hex {}",
            w(e.seat),
            e.knight,
            e.hex
        ),
        E::ChipsDrawn(e) => {
            let chips: Vec<String> = e
                .chips
                .iter()
                .map(|chip| format!("hex {} a {}", chip.hex, chip.number))
                .collect();
            format!(
                "chips drawn for {}'s settlement: {}",
                w(e.seat),
                chips.join(", ")
            )
        }
        E::GoldDue(e) => format!("gold to choose, in order: {}", seat_counts(seats, &e.owed)),
        E::GoldChosen(e) => format!(
            "{} took {} for gold",
            w(e.seat),
            format_opt_resources(&e.resources)
        ),
        E::TradePhaseEnded(e) => format!("{}'s trading is over for the turn", w(e.seat)),
        E::DevelopmentCardBought(e) => match e.card {
            Some(card) => format!(
                "{} bought a development card: {}",
                w(e.seat),
                dev_card_name(card)
            ),
            None => format!("{} bought a development card", w(e.seat)),
        },
        E::DevelopmentCardPlayed(e) => {
            format!("{} played a {} card", w(e.seat), dev_card_name(e.card))
        }
        E::LargestArmyChanged(e) => format!(
            "{} holds the largest army ({} knights)",
            w(e.holder),
            e.knights
        ),
        E::CornerCleared(e) => {
            let removed = if e.removed.is_empty() {
                String::new()
            } else {
                format!(" and the roads and ships on edges {:?}", e.removed)
            };
            format!("{}'s vertex {} was cleared{removed}", w(e.seat), e.vertex)
        }
        E::ForceMoved(e) => {
            let force = force_name(e.force);
            let moved = if e.from == e.to {
                format!("the {force} ran against land and stayed on hex {}", e.to)
            } else {
                format!("the {force} moved from hex {} to hex {}", e.from, e.to)
            };
            let wrecks: Vec<String> = e
                .wrecks
                .iter()
                .map(|x| {
                    let piece = if x.ship { "ship" } else { "road" };
                    let owed = if x.repair {
                        ", to be rebuilt first"
                    } else {
                        ""
                    };
                    format!("{}'s {piece} on edge {}{owed}", w(x.seat), x.edge)
                })
                .collect();
            if wrecks.is_empty() {
                moved
            } else {
                format!("{moved}, destroying {}", wrecks.join(" and "))
            }
        }
        E::BuildingTilted(e) => format!(
            "an avalanche on doubles of {} tilted {}'s building on vertex {}",
            e.sum,
            w(e.seat),
            e.vertex
        ),
        E::BuildingRighted(e) => {
            format!(
                "{}'s building on vertex {} stands again",
                w(e.seat),
                e.vertex
            )
        }
        E::VolcanoErupted(e) => format!(
            "the volcano on hex {} erupted towards vertex {} (die {})",
            e.hex, e.vertex, e.die
        ),
        E::BuildingRuined(e) => {
            let blow = match cn::Blow::try_from(e.blow) {
                Ok(cn::Blow::Avalanche) => "an avalanche",
                Ok(cn::Blow::Eruption) => "the eruption",
                Ok(cn::Blow::Guild) => "the merchants' guild",
                _ => "a blow",
            };
            let ruin = match cn::Ruin::try_from(e.ruin) {
                Ok(cn::Ruin::SettlementRemoved) => "removed the settlement",
                Ok(cn::Ruin::CityReduced) => "reduced the city to a settlement",
                Ok(cn::Ruin::CityRemoved) => "removed the city (no settlement left)",
                _ => "struck the building",
            };
            let wall = if e.wall { ", its wall lost" } else { "" };
            format!(
                "{blow} {ruin} of {} on vertex {}{wall}",
                w(e.seat),
                e.vertex
            )
        }
        E::SpecialistChanged(e) => match e.holder {
            Some(seat) => format!(
                "{} holds the {} specialist",
                w(seat),
                resource_name(e.resource)
            ),
            None => format!(
                "the {} specialist went back to the bank",
                resource_name(e.resource)
            ),
        },
        E::SpecialistsPaid(e) => format!(
            "{}'s specialists paid {}",
            w(e.seat),
            format_opt_resources(&e.resources)
        ),
        E::IslandConquered(e) => format!(
            "{} conquered island {} with the settlement on vertex {}: a conquest point",
            w(e.seat),
            e.island,
            e.vertex
        ),
        E::StationExchangesDue(e) => format!(
            "the 7 asks the trading stations to exchange: {}",
            e.posts
                .iter()
                .map(|p| format!("{} (vertex {})", w(p.seat), p.vertex))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        E::StationExchanged(e) => format!(
            "{} exchanged {} for {} at the trading station on vertex {}",
            w(e.seat),
            format_hand(&e.gave),
            format_opt_resources(&e.took),
            e.vertex
        ),
        E::StationWarned(e) => format!(
            "{} could not exchange at the trading station on vertex {}: the guild warned it",
            w(e.seat),
            e.vertex
        ),
        E::StationExcused(e) => format!(
            "the bank could not pay {}'s exchange at the trading station on vertex {}: excused",
            w(e.seat),
            e.vertex
        ),
        E::SacrificialSiteBuilt(e) => format!(
            "{} built a sacrificial site at the temple on vertex {}",
            w(e.seat),
            e.vertex
        ),
        E::TributesDue(e) => format!(
            "the gods ask tributes: {}",
            e.dues
                .iter()
                .map(|d| temple_due_text(d, seats))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        E::TemplePaid(e) => format!(
            "{} paid {} to {} for the temple",
            w(e.from),
            format_opt_resources(&e.resources),
            w(e.to)
        ),
        E::TributeDefaulted(e) => format!(
            "{} held no resource for its tribute to {}: it owes two when it can",
            w(e.from),
            w(e.to)
        ),
        E::DebtCalled(e) => format!(
            "{} holds two resources: its debt to {} falls due",
            w(e.from),
            w(e.to)
        ),
        E::GodsAppeased(e) => format!(
            "{} gave {} back to the bank to appease the gods",
            w(e.seat),
            format_opt_resources(&e.resources)
        ),
        E::CastleCardReturned(e) => format!(
            "the barbarian ship's step returned {} from the castle to the bank",
            good_name(e.card)
        ),
        E::CastleRaided(e) => format!(
            "the barbarians raid Catan: {} each owe the castle a card",
            e.seats.iter().map(|&s| w(s)).collect::<Vec<_>>().join(", ")
        ),
        E::CastleDeposited(e) => match e.card {
            Some(card) => format!(
                "{} put {} face down into the castle",
                w(e.seat),
                good_name(card)
            ),
            None => format!("{} put a card face down into the castle", w(e.seat)),
        },
        E::CastleDefaulted(e) => format!(
            "{} holds no card for the castle: it owes one from its next yield",
            w(e.seat)
        ),
        E::CastleDebtCalled(e) => format!(
            "{} got a yield: its debt to the castle falls due",
            w(e.seat)
        ),
        E::CastleLooted(e) => match e.card {
            Some(card) => format!("{} looted {} from the castle", w(e.seat), good_name(card)),
            None => format!("{} looted a card from the castle", w(e.seat)),
        },
        E::WonderStarted(e) => format!(
            "{} started the {} (a ship marks it)",
            w(e.seat),
            wonder_name(e.wonder)
        ),
        E::WonderLevelBuilt(e) => format!(
            "{} built level {} of the {}{}",
            w(e.seat),
            e.level,
            wonder_name(e.wonder),
            if e.level >= 4 {
                ": complete, 4 points"
            } else {
                ""
            }
        ),
        E::SevenYielded(e) => format!(
            "the 7 {}",
            produced(
                e.gains
                    .iter()
                    .map(|g| format!("{} {}", w(g.seat), format_hand(&g.cards))),
                e.withheld.iter().map(|g| good_name(*g)),
            )
        ),
    }
}

fn force_name(force: i32) -> &'static str {
    match cn::Force::try_from(force) {
        Ok(cn::Force::Iceberg) => "iceberg",
        Ok(cn::Force::Hurricane) => "hurricane",
        Ok(cn::Force::StormCloud) => "storm cloud",
        _ => "natural force",
    }
}

fn phase_text(state: &k::State, seats: &[String]) -> String {
    ck_text::phase_text(
        state,
        seats,
        &ck_text::PhaseWords {
            building: "a settlement on Catan",
            road: "a road or a ship",
            thief: "the robber or the pirate",
        },
    )
}

fn terrain_of(hexes: &[cn::HexTile], hex: u32) -> String {
    hexes
        .get(hex as usize)
        .map(|h| word(Some(h.terrain().as_str_name()), "TERRAIN"))
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

    let roll = ck_text::roll_text(layer);
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
        .map(|o| ck_text::describe_obligation(o, seats))
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
    let (metropolises, merchant) = ck_text::metropolises_and_merchant(layer, seats);
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
            ck_text::good_name(good)
        );
    }
    if let Some(strength) = layer.deserter_knight {
        let _ = writeln!(
            out,
            "{} may place a {} knight for the deserter",
            w(layer.active),
            ck_text::strength_name(strength)
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
    ck_text::describe_offer(layer, seats, &mut out);

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
        let hand = ck_text::hand_text(p);
        let progress = ck_text::progress_text(p);
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
                    .filter(|t| t != "none")
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
        let extra = ck_text::honours_text(p);
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
        let mut parts = ck_text::building_parts(layer, seat);
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
fn temple_due_text(due: &cn::TempleDue, seats: &[String]) -> String {
    use cn::temple_due::Due;
    match &due.due {
        Some(Due::Tribute(t)) => {
            format!("{} owes {} a tribute", who(seats, t.from), who(seats, t.to))
        }
        Some(Due::Debt(t)) => format!(
            "{} owes {} two resources",
            who(seats, t.from),
            who(seats, t.to)
        ),
        Some(Due::Offering(o)) => format!(
            "{} gives the gods one of {}",
            who(seats, o.seat),
            format_opt_resources(&o.resources)
        ),
        None => "(nothing)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ProtoGame;
    use crate::proto::v1 as pb;
    use hexfold_rules::catania::Catania;
    use hexfold_rules::playout::{Playout, SeatChoice};
    use hexfold_rules::{Game, Seat, Viewer};

    fn parse(text: &str) -> anyhow::Result<cn::Command> {
        parse_command(&[text.to_string()])
    }

    fn wrap(command: C) -> cn::Command {
        cn::Command {
            command: Some(command),
        }
    }

    fn piece(edge: u32, ship: bool) -> Option<cn::RoutePiece> {
        Some(cn::RoutePiece { edge, ship })
    }

    /// One of each of Catania's own commands, with the optional fields both set and unset, then every command of
    /// the layer.
    fn every_command() -> Vec<C> {
        let resources = Some(c::Resources {
            brick: 1,
            ore: 1,
            ..Default::default()
        });
        let mut commands = vec![
            C::PlaceShip(cn::PlaceShip { edge: 3 }),
            C::BuildShip(cn::BuildShip { edge: 600 }),
            C::MoveShip(cn::MoveShip { from: 5, to: 9 }),
            C::BuildLandingPlace(cn::BuildLandingPlace { vertex: 40 }),
            C::MovePirate(cn::MovePirate {
                hex: 52,
                victim: Some(5),
            }),
            C::MovePirate(cn::MovePirate {
                hex: 52,
                victim: None,
            }),
            C::ChooseGold(cn::ChooseGold { resources }),
            C::BuyDevelopmentCard(c::BuyDevelopmentCard {}),
            C::PlayKnight(cn::PlayKnight {
                bandit: cn::Bandit::Pirate as i32,
                hex: 7,
                victim: Some(1),
            }),
            C::PlayKnight(cn::PlayKnight {
                bandit: cn::Bandit::Robber as i32,
                hex: 97,
                victim: None,
            }),
            C::PlayRoadBuilding(cn::PlayRoadBuilding {
                first: piece(10, false),
                second: piece(11, true),
            }),
            C::PlayRoadBuilding(cn::PlayRoadBuilding {
                first: piece(10, true),
                second: None,
            }),
            C::PlayYearOfPlenty(c::PlayYearOfPlenty {
                first: c::Resource::Wool as i32,
                second: c::Resource::Ore as i32,
            }),
            C::PlayMonopoly(c::PlayMonopoly {
                resource: c::Resource::Brick as i32,
            }),
            C::PlayProgressRoadBuilding(cn::PlayProgressRoadBuilding {
                first: piece(20, true),
                second: piece(21, false),
            }),
            C::PlayProgressRoadBuilding(cn::PlayProgressRoadBuilding {
                first: piece(20, false),
                second: None,
            }),
            C::ChaseBandit(cn::ChaseBandit {
                knight: 33,
                bandit: cn::Bandit::Robber as i32,
                hex: 90,
                victim: Some(2),
            }),
            C::ChaseBandit(cn::ChaseBandit {
                knight: 33,
                bandit: cn::Bandit::Pirate as i32,
                hex: 12,
                victim: None,
            }),
            C::ExchangeAtStation(cn::ExchangeAtStation {
                give: Some(k::Hand {
                    resources: Some(c::Resources::default()),
                    commodities: Some(k::Commodities {
                        coin: 1,
                        ..Default::default()
                    }),
                }),
                take: resources,
            }),
            C::PayTemple(cn::PayTemple { resources }),
            // "I cannot", at a station and at the temple.
            C::ExchangeAtStation(cn::ExchangeAtStation {
                give: Some(ck_text::parse_hand(&["nothing"]).unwrap()),
                take: Some(c::Resources::default()),
            }),
            C::PayTemple(cn::PayTemple {
                resources: Some(c::Resources::default()),
            }),
            C::DepositAtCastle(cn::DepositAtCastle {
                card: k::Good::Paper as i32,
            }),
            C::DepositAtCastle(cn::DepositAtCastle {
                card: k::Good::Grain as i32,
            }),
            C::StartWonder(cn::StartWonder {
                wonder: cn::Wonder::GreatBridge as i32,
            }),
            C::StartWonder(cn::StartWonder {
                wonder: cn::Wonder::Cathedral as i32,
            }),
            C::BuildWonderLevel(cn::BuildWonderLevel {}),
        ];
        commands.extend(ck_text::tests::every_command().into_iter().map(|command| {
            C::Ck(k::Command {
                command: Some(command),
            })
        }));
        commands
    }

    #[test]
    fn every_printed_command_parses_back_to_itself() {
        for command in every_command() {
            let command = wrap(command);
            let text = format_command(&command);
            assert_eq!(parse(&text).unwrap(), command, "{text}");
        }
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
                "discard wool:2,coin cloth",
                layer(k::command::Command::Discard(k::Discard {
                    cards: ck_text::tests::hand([0, 0, 2, 0, 0, 1, 0, 1]),
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
            ("play-knight dragon 4", "unknown thief"),
            ("play-knight robber", "takes 2 to 3"),
            ("play-road-building 4", "road:EDGE or ship:EDGE"),
            ("play-road-building boat:4", "road:EDGE or ship:EDGE"),
            ("play road-building road:x", "must be a number"),
            ("chase 3 robber", "takes 3 to 4"),
            ("discard gold:2", "unknown card"),
            ("offer wool for", "expected cards"),
            ("play printer", "revealed when drawn"),
            ("play juggler", "unknown progress card"),
            ("play", "takes a progress card"),
            ("improve fishing", "unknown track"),
            ("play commercial-harbor wool", "SEAT:RES"),
            ("choose-gold", "expected resources"),
            ("deposit", "takes 1"),
            ("deposit gold", "unknown card"),
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
                    let Some(pb::command::Game::Catania(command)) =
                        Catania::command_to_proto(legal).game
                    else {
                        panic!("not a Catania command")
                    };
                    let text = format_command(&command);
                    assert_eq!(parse(&text).unwrap(), command, "{text}");
                    typed += 1;
                }
                step.each_event(|state, event| {
                    let Some(pb::event::Body::Catania(event)) =
                        Catania::event_to_proto(&Catania::view_event(state, event, me)).body
                    else {
                        panic!("not a Catania event")
                    };
                    sentences.push(describe_event(&event, &seats));
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

//! Catan in words: the `submit` grammar (parsed into, and printed from, the `hexfold.v1.catan.Command` message) and
//! readable renderings of the state and event views.
//!
//! The grammar is the same in both directions: `actions` prints every legal command in the form `submit` accepts,
//! so a person can copy a line. Ids (vertex, edge, hex) are the board's indexes, as in the proto.

use super::hex_map::{self, Map, Marks, Window};
use crate::proto::v1::catan::{self as c, command::Command as C, event::Event as E};
use anyhow::{anyhow, bail, Context as _};
use std::fmt::Write as _;

/// The grammar, shown by `hexfold submit --help`.
pub const GRAMMAR: &str = "\
Commands (ids are board indexes; SEAT is a seat number; resources are brick, lumber, wool, grain, ore):
  roll                              roll the dice (starting roll or production)
  place-settlement VERTEX           setup: place a starting settlement
  place-road EDGE                   setup: place a starting road
  discard RES:N ...                 after a 7: discard these cards, e.g. `discard wool:2 ore:1`
  move-robber HEX [SEAT]            move the robber and rob SEAT (omit SEAT when nobody there can be robbed)
  build-road EDGE | build-settlement VERTEX | build-city VERTEX
  buy-card                          buy a development card
  play-knight
  play-road-building EDGE [EDGE]
  play-year-of-plenty RES RES
  play-monopoly RES
  trade-bank GIVE RECEIVE           maritime trade, e.g. `trade-bank wool ore` (also `trade-bank wool:4 ore:1`;
                                    the counts are informative: your harbors decide the rate)
  offer RES:N ... for RES:N ...     active seat: offer a trade (what you give `for` what you get)
  counter RES:N ... for RES:N ...   another seat: propose other terms to the active seat
  accept | reject                   another seat: answer the active seat's offer
  accept-counter SEAT | reject-counter SEAT
  withdraw                          active seat: withdraw your offer
  end                               end your turn
RES:N may be written RES (one card); several may be joined with commas.
";

const RESOURCES: [(&str, c::Resource); 5] = [
    ("brick", c::Resource::Brick),
    ("lumber", c::Resource::Lumber),
    ("wool", c::Resource::Wool),
    ("grain", c::Resource::Grain),
    ("ore", c::Resource::Ore),
];

pub(super) fn resource_name(r: i32) -> &'static str {
    RESOURCES
        .iter()
        .find(|(_, res)| *res as i32 == r)
        .map(|(name, _)| *name)
        .unwrap_or("?")
}

pub(super) fn parse_resource(word: &str) -> anyhow::Result<c::Resource> {
    let word = word.to_ascii_lowercase();
    // Common other names of the cards, so a person need not remember ours.
    let canonical = match word.as_str() {
        "wood" => "lumber",
        "sheep" => "wool",
        "wheat" => "grain",
        "clay" => "brick",
        "stone" => "ore",
        other => other,
    };
    RESOURCES
        .iter()
        .find(|(name, _)| *name == canonical)
        .map(|(_, r)| *r)
        .ok_or_else(|| anyhow!("unknown resource {word:?} (brick, lumber, wool, grain, ore)"))
}

fn add(resources: &mut c::Resources, r: c::Resource, n: u32) -> anyhow::Result<()> {
    let slot = match r {
        c::Resource::Brick => &mut resources.brick,
        c::Resource::Lumber => &mut resources.lumber,
        c::Resource::Wool => &mut resources.wool,
        c::Resource::Grain => &mut resources.grain,
        c::Resource::Ore => &mut resources.ore,
        c::Resource::Unspecified => bail!("unspecified resource"),
    };
    *slot = slot
        .checked_add(n)
        .ok_or_else(|| anyhow!("resource count overflows"))?;
    Ok(())
}

/// One `RES` or `RES:N` item.
fn parse_item(item: &str) -> anyhow::Result<(c::Resource, u32)> {
    match item.split_once(':') {
        Some((name, n)) => {
            let n: u32 = n
                .parse()
                .with_context(|| format!("bad count in {item:?}"))?;
            Ok((parse_resource(name)?, n))
        }
        None => Ok((parse_resource(item)?, 1)),
    }
}

/// `RES:N ...` words (comma-joined or not) into a count per resource.
pub(super) fn parse_resources(words: &[&str]) -> anyhow::Result<c::Resources> {
    let mut resources = c::Resources::default();
    let mut any = false;
    for item in words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|s| !s.is_empty())
    {
        let (r, n) = parse_item(item)?;
        add(&mut resources, r, n)?;
        any = true;
    }
    if !any {
        bail!("expected resources like wool:2 ore:1");
    }
    Ok(resources)
}

/// `RES:N ... for RES:N ...` into (give, receive).
fn parse_terms(words: &[&str]) -> anyhow::Result<(c::Resources, c::Resources)> {
    let split = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("for"))
        .context("expected GIVE... for RECEIVE...")?;
    Ok((
        parse_resources(&words[..split])?,
        parse_resources(&words[split + 1..])?,
    ))
}

pub(super) fn parse_u32(what: &str, word: Option<&&str>) -> anyhow::Result<u32> {
    let word = word.with_context(|| format!("missing {what}"))?;
    word.parse()
        .with_context(|| format!("{what} must be a number, got {word:?}"))
}

pub(super) fn expect_arity(words: &[&str], min: usize, max: usize) -> anyhow::Result<()> {
    let n = words.len() - 1;
    if n < min || n > max {
        let wanted = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        bail!("`{}` takes {wanted} argument(s), got {n}", words[0]);
    }
    Ok(())
}

/// Parses a command in the grammar above. Words may also arrive as one string (`submit G "build-road 12"`).
pub fn parse_command(words: &[String]) -> anyhow::Result<c::Command> {
    let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    let Some(verb) = words.first() else {
        bail!("empty command")
    };
    let verb = verb.to_ascii_lowercase().replace('_', "-");
    let args = &words[1..];
    let command = match verb.as_str() {
        "roll" | "roll-dice" => {
            expect_arity(&words, 0, 0)?;
            C::RollDice(c::RollDice {})
        }
        "place-settlement" => {
            expect_arity(&words, 1, 1)?;
            C::PlaceSettlement(c::PlaceSettlement {
                vertex: parse_u32("VERTEX", args.first())?,
            })
        }
        "place-road" => {
            expect_arity(&words, 1, 1)?;
            C::PlaceRoad(c::PlaceRoad {
                edge: parse_u32("EDGE", args.first())?,
            })
        }
        "discard" => C::Discard(c::Discard {
            resources: Some(parse_resources(args)?),
        }),
        "move-robber" | "robber" => {
            expect_arity(&words, 1, 2)?;
            let victim = args
                .get(1)
                .map(|_| parse_u32("SEAT", args.get(1)))
                .transpose()?;
            C::MoveRobber(c::MoveRobber {
                hex: parse_u32("HEX", args.first())?,
                victim,
            })
        }
        "build-road" => {
            expect_arity(&words, 1, 1)?;
            C::BuildRoad(c::BuildRoad {
                edge: parse_u32("EDGE", args.first())?,
            })
        }
        "build-settlement" => {
            expect_arity(&words, 1, 1)?;
            C::BuildSettlement(c::BuildSettlement {
                vertex: parse_u32("VERTEX", args.first())?,
            })
        }
        "build-city" => {
            expect_arity(&words, 1, 1)?;
            C::BuildCity(c::BuildCity {
                vertex: parse_u32("VERTEX", args.first())?,
            })
        }
        "buy-card" | "buy-development-card" => {
            expect_arity(&words, 0, 0)?;
            C::BuyDevelopmentCard(c::BuyDevelopmentCard {})
        }
        "play-knight" | "knight" => {
            expect_arity(&words, 0, 0)?;
            C::PlayKnight(c::PlayKnight {})
        }
        "play-road-building" => {
            expect_arity(&words, 1, 2)?;
            let second = args
                .get(1)
                .map(|_| parse_u32("EDGE", args.get(1)))
                .transpose()?;
            C::PlayRoadBuilding(c::PlayRoadBuilding {
                first: parse_u32("EDGE", args.first())?,
                second,
            })
        }
        "play-year-of-plenty" => {
            expect_arity(&words, 2, 2)?;
            C::PlayYearOfPlenty(c::PlayYearOfPlenty {
                first: parse_resource(args[0])? as i32,
                second: parse_resource(args[1])? as i32,
            })
        }
        "play-monopoly" => {
            expect_arity(&words, 1, 1)?;
            C::PlayMonopoly(c::PlayMonopoly {
                resource: parse_resource(args[0])? as i32,
            })
        }
        "trade-bank" | "maritime-trade" => {
            expect_arity(&words, 2, 2)?;
            C::MaritimeTrade(c::MaritimeTrade {
                give: parse_item(args[0])?.0 as i32,
                receive: parse_item(args[1])?.0 as i32,
            })
        }
        "offer" | "offer-trade" => {
            let (give, receive) = parse_terms(args)?;
            C::OfferTrade(c::OfferTrade {
                give: Some(give),
                receive: Some(receive),
            })
        }
        "counter" | "counter-offer" => {
            let (give, receive) = parse_terms(args)?;
            C::CounterOffer(c::CounterOffer {
                give: Some(give),
                receive: Some(receive),
            })
        }
        "accept" | "accept-trade" => {
            expect_arity(&words, 0, 0)?;
            C::AcceptTrade(c::AcceptTrade {})
        }
        "reject" | "reject-trade" => {
            expect_arity(&words, 0, 0)?;
            C::RejectTrade(c::RejectTrade {})
        }
        "accept-counter" | "accept-counter-offer" => {
            expect_arity(&words, 1, 1)?;
            C::AcceptCounterOffer(c::AcceptCounterOffer {
                seat: parse_u32("SEAT", args.first())?,
            })
        }
        "reject-counter" | "reject-counter-offer" => {
            expect_arity(&words, 1, 1)?;
            C::RejectCounterOffer(c::RejectCounterOffer {
                seat: parse_u32("SEAT", args.first())?,
            })
        }
        "withdraw" | "withdraw-trade" => {
            expect_arity(&words, 0, 0)?;
            C::WithdrawTrade(c::WithdrawTrade {})
        }
        "end" | "end-turn" => {
            expect_arity(&words, 0, 0)?;
            C::EndTurn(c::EndTurn {})
        }
        other => return Err(super::unknown_command(other, &[GRAMMAR])),
    };
    Ok(c::Command {
        command: Some(command),
    })
}

/// Resources as `wool:2 ore:1` (the `submit` form), or `nothing`.
pub fn format_resources(r: &c::Resources) -> String {
    let counts = [r.brick, r.lumber, r.wool, r.grain, r.ore];
    let items: Vec<String> = RESOURCES
        .iter()
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|((name, _), n)| format!("{name}:{n}"))
        .collect();
    if items.is_empty() {
        "nothing".to_string()
    } else {
        items.join(" ")
    }
}

pub(super) fn format_opt_resources(r: &Option<c::Resources>) -> String {
    format_resources(&r.unwrap_or_default())
}

/// A command in the `submit` grammar.
pub fn format_command(command: &c::Command) -> String {
    let Some(command) = &command.command else {
        return "(empty command)".to_string();
    };
    match command {
        C::RollDice(_) => "roll".to_string(),
        C::PlaceSettlement(m) => format!("place-settlement {}", m.vertex),
        C::PlaceRoad(m) => format!("place-road {}", m.edge),
        C::Discard(m) => format!("discard {}", format_opt_resources(&m.resources)),
        C::MoveRobber(m) => match m.victim {
            Some(victim) => format!("move-robber {} {victim}", m.hex),
            None => format!("move-robber {}", m.hex),
        },
        C::BuildRoad(m) => format!("build-road {}", m.edge),
        C::BuildSettlement(m) => format!("build-settlement {}", m.vertex),
        C::BuildCity(m) => format!("build-city {}", m.vertex),
        C::BuyDevelopmentCard(_) => "buy-card".to_string(),
        C::PlayKnight(_) => "play-knight".to_string(),
        C::PlayRoadBuilding(m) => match m.second {
            Some(second) => format!("play-road-building {} {second}", m.first),
            None => format!("play-road-building {}", m.first),
        },
        C::PlayYearOfPlenty(m) => {
            format!(
                "play-year-of-plenty {} {}",
                resource_name(m.first),
                resource_name(m.second)
            )
        }
        C::PlayMonopoly(m) => format!("play-monopoly {}", resource_name(m.resource)),
        C::MaritimeTrade(m) => format!(
            "trade-bank {} {}",
            resource_name(m.give),
            resource_name(m.receive)
        ),
        C::OfferTrade(m) => {
            format!(
                "offer {} for {}",
                format_opt_resources(&m.give),
                format_opt_resources(&m.receive)
            )
        }
        C::CounterOffer(m) => {
            format!(
                "counter {} for {}",
                format_opt_resources(&m.give),
                format_opt_resources(&m.receive)
            )
        }
        C::AcceptTrade(_) => "accept".to_string(),
        C::RejectTrade(_) => "reject".to_string(),
        C::AcceptCounterOffer(m) => format!("accept-counter {}", m.seat),
        C::RejectCounterOffer(m) => format!("reject-counter {}", m.seat),
        C::WithdrawTrade(_) => "withdraw".to_string(),
        C::EndTurn(_) => "end".to_string(),
    }
}

pub(super) fn who(seats: &[String], seat: u32) -> String {
    match seats.get(seat as usize) {
        Some(name) => name.clone(),
        None => format!("seat {seat}"),
    }
}

fn dice(d: &Option<c::Dice>) -> String {
    match d {
        Some(d) => format!("{}+{}={}", d.first, d.second, d.first + d.second),
        None => "?".to_string(),
    }
}

pub(super) fn seat_counts(seats: &[String], counts: &[c::SeatCount]) -> String {
    let items: Vec<String> = counts
        .iter()
        .map(|sc| format!("{} {}", who(seats, sc.seat), sc.count))
        .collect();
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

pub(super) fn dev_card_name(card: i32) -> &'static str {
    match c::DevCard::try_from(card) {
        Ok(c::DevCard::Knight) => "knight",
        Ok(c::DevCard::VictoryPoint) => "victory point",
        Ok(c::DevCard::RoadBuilding) => "road building",
        Ok(c::DevCard::YearOfPlenty) => "year of plenty",
        Ok(c::DevCard::Monopoly) => "monopoly",
        Ok(c::DevCard::Unspecified) | Err(_) => "?",
    }
}

/// A roll's production as a sentence: each seat's gains, and what the bank could not pay.
pub(super) fn produced(
    gains: impl Iterator<Item = String>,
    withheld: impl Iterator<Item = String>,
) -> String {
    let gains: Vec<String> = gains.collect();
    let mut text = if gains.is_empty() {
        "nobody produced".to_string()
    } else {
        format!("produced: {}", gains.join("; "))
    };
    let withheld: Vec<String> = withheld.collect();
    if !withheld.is_empty() {
        let _ = write!(text, " (bank short of {})", withheld.join(", "));
    }
    text
}

/// One event as a sentence.
pub fn describe_event(event: &c::Event, seats: &[String]) -> String {
    let w = |seat: u32| who(seats, seat);
    let Some(event) = &event.event else {
        return "(empty event)".to_string();
    };
    match event {
        E::StartingRollMade(e) => format!("{} rolled {} for the start", w(e.seat), dice(&e.dice)),
        E::StartingRollTied(e) => {
            let tied: Vec<String> = e.seats.iter().map(|s| w(*s)).collect();
            format!(
                "tie for the start between {}: they roll again",
                tied.join(", ")
            )
        }
        E::StartingPlayerChosen(e) => format!("{} begins", w(e.seat)),
        E::SettlementPlaced(e) => {
            format!("{} placed a settlement on vertex {}", w(e.seat), e.vertex)
        }
        E::RoadPlaced(e) => format!("{} placed a road on edge {}", w(e.seat), e.edge),
        E::StartingResourcesTaken(e) => {
            format!(
                "{} took starting resources {}",
                w(e.seat),
                format_opt_resources(&e.resources)
            )
        }
        E::DiceRolled(e) => format!("{} rolled {}", w(e.seat), dice(&e.dice)),
        E::ResourcesProduced(e) => produced(
            e.gains
                .iter()
                .map(|g| format!("{} {}", w(g.seat), format_opt_resources(&g.resources))),
            e.withheld.iter().map(|r| resource_name(*r).to_string()),
        ),
        E::DiscardsRequired(e) => format!("discards owed: {}", seat_counts(seats, &e.discards)),
        E::Discarded(e) => format!(
            "{} discarded {}",
            w(e.seat),
            format_opt_resources(&e.resources)
        ),
        E::RobberMoved(e) => format!("{} moved the robber to hex {}", w(e.seat), e.hex),
        E::ResourceStolen(e) => match e.resource {
            Some(r) => format!(
                "{} stole {} from {}",
                w(e.thief),
                resource_name(r),
                w(e.victim)
            ),
            None => format!("{} stole a card from {}", w(e.thief), w(e.victim)),
        },
        E::RoadBuilt(e) => {
            let free = if e.free { " (free)" } else { "" };
            format!("{} built a road on edge {}{free}", w(e.seat), e.edge)
        }
        E::SettlementBuilt(e) => format!("{} built a settlement on vertex {}", w(e.seat), e.vertex),
        E::CityBuilt(e) => format!("{} built a city on vertex {}", w(e.seat), e.vertex),
        E::DevelopmentCardBought(e) => match e.card {
            Some(card) => format!(
                "{} bought a development card: {}",
                w(e.seat),
                dev_card_name(card)
            ),
            None => format!("{} bought a development card", w(e.seat)),
        },
        E::KnightPlayed(e) => format!("{} played a knight", w(e.seat)),
        E::RoadBuildingPlayed(e) => format!("{} played road building", w(e.seat)),
        E::YearOfPlentyPlayed(e) => format!(
            "{} played year of plenty: {} and {}",
            w(e.seat),
            resource_name(e.first),
            resource_name(e.second)
        ),
        E::MonopolyPlayed(e) => format!(
            "{} played monopoly on {}: took {}",
            w(e.seat),
            resource_name(e.resource),
            seat_counts(seats, &e.taken)
        ),
        E::MaritimeTraded(e) => format!(
            "{} traded {} {} with the bank for 1 {}",
            w(e.seat),
            e.give_count,
            resource_name(e.give),
            resource_name(e.receive)
        ),
        E::TradeOffered(e) => format!(
            "{} offers {} for {}",
            w(e.seat),
            format_opt_resources(&e.give),
            format_opt_resources(&e.receive)
        ),
        E::CounterOffered(e) => format!(
            "{} counters: gives {} for {}",
            w(e.seat),
            format_opt_resources(&e.give),
            format_opt_resources(&e.receive)
        ),
        E::TradeRejected(e) => format!("{} rejected the offer", w(e.seat)),
        E::CounterOfferRejected(e) => format!("{}'s counter-offer was rejected", w(e.seat)),
        E::TradeWithdrawn(e) => format!("{} withdrew the offer", w(e.seat)),
        E::TradeCompleted(e) => format!(
            "{} gave {} to {} for {}",
            w(e.active),
            format_opt_resources(&e.given),
            w(e.partner),
            format_opt_resources(&e.received)
        ),
        E::LongestRoadChanged(e) => match e.holder {
            Some(holder) => format!("{} holds the longest road ({})", w(holder), e.length),
            None => "the longest road card is set aside".to_string(),
        },
        E::LargestArmyChanged(e) => format!(
            "{} holds the largest army ({} knights)",
            w(e.holder),
            e.knights
        ),
        E::TurnEnded(e) => format!("{} ended the turn; {} is next", w(e.seat), w(e.next)),
        E::GameWon(e) => format!(
            "{} won with {} points (victory point cards: {})",
            w(e.seat),
            e.points,
            seat_counts(seats, &e.victory_point_cards)
        ),
    }
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

pub(super) fn dev_cards_text(d: &c::DevCards) -> String {
    let items: Vec<String> = [
        ("knight", d.knight),
        ("victory-point", d.victory_point),
        ("road-building", d.road_building),
        ("year-of-plenty", d.year_of_plenty),
        ("monopoly", d.monopoly),
    ]
    .iter()
    .filter(|(_, n)| *n > 0)
    .map(|(name, n)| format!("{name}:{n}"))
    .collect();
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(" ")
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
            .map(|d| dice(&Some(*d)))
            .unwrap_or_else(|| "-".to_string())
    );
    let _ = writeln!(
        out,
        "robber on hex {}; bank {}; development cards left {}",
        state.robber,
        format_opt_resources(&state.bank),
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
            format_opt_resources(&offer.give),
            format_opt_resources(&offer.receive)
        );
    }
    let _ = writeln!(out, "players:");
    for p in &state.players {
        let hand = match &p.resources {
            Some(r) => format!("{} [{}]", p.resource_count, format_resources(r)),
            None => format!("{}", p.resource_count),
        };
        let dev = match &p.development_cards {
            Some(d) => format!("{} [{}]", p.development_card_count, dev_cards_text(d)),
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
                format_opt_resources(&counter.give),
                format_opt_resources(&counter.receive)
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

pub(super) fn terrain_name(terrain: i32) -> &'static str {
    match c::Terrain::try_from(terrain) {
        Ok(c::Terrain::Hills) => "hills",
        Ok(c::Terrain::Forest) => "forest",
        Ok(c::Terrain::Pasture) => "pasture",
        Ok(c::Terrain::Fields) => "fields",
        Ok(c::Terrain::Mountains) => "mountains",
        Ok(c::Terrain::Desert) => "desert",
        Ok(c::Terrain::Unspecified) | Err(_) => "?",
    }
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
        parse_command(&[text.to_string()])
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

    /// One of every command, with the optional fields both set and unset.
    fn every_command() -> Vec<C> {
        vec![
            C::RollDice(c::RollDice {}),
            C::PlaceSettlement(c::PlaceSettlement { vertex: 17 }),
            C::PlaceRoad(c::PlaceRoad { edge: 3 }),
            C::Discard(c::Discard {
                resources: res(1, 0, 2, 0, 1),
            }),
            C::MoveRobber(c::MoveRobber {
                hex: 4,
                victim: Some(2),
            }),
            C::MoveRobber(c::MoveRobber {
                hex: 0,
                victim: None,
            }),
            C::BuildRoad(c::BuildRoad { edge: 71 }),
            C::BuildSettlement(c::BuildSettlement { vertex: 53 }),
            C::BuildCity(c::BuildCity { vertex: 0 }),
            C::BuyDevelopmentCard(c::BuyDevelopmentCard {}),
            C::PlayKnight(c::PlayKnight {}),
            C::PlayRoadBuilding(c::PlayRoadBuilding {
                first: 5,
                second: Some(6),
            }),
            C::PlayRoadBuilding(c::PlayRoadBuilding {
                first: 5,
                second: None,
            }),
            C::PlayYearOfPlenty(c::PlayYearOfPlenty {
                first: c::Resource::Ore as i32,
                second: c::Resource::Brick as i32,
            }),
            C::PlayMonopoly(c::PlayMonopoly {
                resource: c::Resource::Grain as i32,
            }),
            C::MaritimeTrade(c::MaritimeTrade {
                give: c::Resource::Wool as i32,
                receive: c::Resource::Lumber as i32,
            }),
            C::OfferTrade(c::OfferTrade {
                give: res(0, 1, 0, 0, 0),
                receive: res(0, 0, 0, 2, 1),
            }),
            C::CounterOffer(c::CounterOffer {
                give: res(1, 0, 0, 0, 0),
                receive: res(0, 0, 1, 0, 0),
            }),
            C::AcceptTrade(c::AcceptTrade {}),
            C::RejectTrade(c::RejectTrade {}),
            C::AcceptCounterOffer(c::AcceptCounterOffer { seat: 3 }),
            C::RejectCounterOffer(c::RejectCounterOffer { seat: 1 }),
            C::WithdrawTrade(c::WithdrawTrade {}),
            C::EndTurn(c::EndTurn {}),
        ]
    }

    #[test]
    fn every_printed_command_parses_back_to_itself() {
        for command in every_command() {
            let command = c::Command {
                command: Some(command),
            };
            let text = format_command(&command);
            assert_eq!(parse(&text).unwrap(), command, "{text}");
        }
    }

    #[test]
    fn readable_forms_and_aliases() {
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
            parse_command(&split).unwrap(),
            parse("build-road 12").unwrap()
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
            ("offer wool:1 grain:1", "for RECEIVE"),
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
        let stolen = |resource| c::Event {
            event: Some(E::ResourceStolen(c::ResourceStolen {
                thief: 0,
                victim: 1,
                resource,
            })),
        };
        assert_eq!(
            describe_event(&stolen(None), &seats),
            "ann stole a card from bob"
        );
        assert_eq!(
            describe_event(&stolen(Some(c::Resource::Ore as i32)), &seats),
            "ann stole ore from bob"
        );
    }
}

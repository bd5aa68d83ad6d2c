//! Cities & Knights in words, for its own games and as the layer Catania plays: the `submit` grammar of its
//! commands (parsed into, and printed from, `hexfold.v1.cities_knights.Command`), its events as sentences, its state
//! as paragraphs, and the words a state of the layer needs (cards, tracks, obligations, knights, the seats' pieces).
//! Catania's own words and its state are in `catania_text.rs`, which composes these as its types compose the layer's.
//!
//! As in `catan_text.rs`, the grammar is the same in both directions, so a line printed by `actions` can be typed
//! back; ids are board indexes. Enum values are written by their proto names in lower case with dashes
//! (`PROGRESS_CARD_MASTER_MERCHANT` is `master-merchant`), so no list of names here can drift from the proto.

use super::catan_text::{
    expect_arity, format_opt_resources, parse_resource, parse_u32, produced, resource_name,
    seat_counts, who,
};
use super::hex_map::Marks;
use crate::proto::v1::catan as c;
use crate::proto::v1::cities_knights::{self as k, command::Command as K, event::Event as E};
use anyhow::{anyhow, bail, Context as _};
use std::fmt::Write as _;

/// The layer's part of the grammar, shown by `hexfold submit --help` under Catania's.
pub const GRAMMAR: &str = "\
Cities & Knights (game ids cities_knights-...), and the layer Catania plays (CARDS are GOOD:N items: brick,
lumber, wool, grain, ore, coin, paper, cloth; TRACK is trade, politics or science):
  place-settlement VERTEX | place-road EDGE      the opening (in Catania both settlements, each with a road or a ship)
  place-city VERTEX | chase-robber KNIGHT        Cities & Knights only: the opening's city; a knight chasing the robber
  roll                                          roll the white, red and event dice
  move-robber HEX [SEAT]                        after a 7: the robber, robbing SEAT
  discard CARDS | give CARDS | take-cards CARDS
                                                what a 7, a wedding or a commercial harbor, a master merchant ask
  lose-city VERTEX | retreat-knight VERTEX | remove-knight VERTEX | commit-knights VERTEX...
  return-progress CARD | take-progress CARD | choose-deck TRACK | take-aqueduct RES
  build-road EDGE | build-settlement VERTEX | build-city VERTEX | build-wall VERTEX
  build-knight VERTEX | activate-knight VERTEX | promote-knight VERTEX | place-deserter-knight VERTEX
  move-knight FROM TO                           along your roads and ships, or onto a weaker knight
  improve TRACK [VERTEX]                        a city improvement; VERTEX for the metropolis it may win
  trade-bank GOOD GOOD                          give at your best ratio for one, e.g. `trade-bank wool ore`
  offer CARDS for CARDS | counter CARDS for CARDS | accept | reject | withdraw
  accept-counter SEAT | reject-counter SEAT
  play CARD [ARGS]                              a progress card, e.g. `play spy 2`, `play crane trade`,
                                                `play alchemist 3 4`, `play commercial-harbor 1:wool 2:ore`
  end                                           end your turn
";

/// An enum value of the proto in the command line's words: its name without `PREFIX_`, in lower case, with
/// dashes; `?` for a number the proto does not name.
pub(super) fn word(name: Option<&str>, prefix: &str) -> String {
    name.and_then(|n| n.strip_prefix(prefix))
        .and_then(|n| n.strip_prefix('_'))
        .map(|n| n.to_ascii_lowercase().replace('_', "-"))
        .unwrap_or_else(|| "?".to_string())
}

/// The enum value a word names (the inverse of [`word`]).
pub(super) fn parse_word<T>(
    what: &str,
    text: &str,
    prefix: &str,
    from_name: fn(&str) -> Option<T>,
) -> anyhow::Result<T> {
    let name = format!("{prefix}_{}", text.to_ascii_uppercase().replace('-', "_"));
    match from_name(&name) {
        Some(value) if !name.ends_with("_UNSPECIFIED") => Ok(value),
        _ => bail!("unknown {what} {text:?}"),
    }
}

pub(super) fn good_name(good: i32) -> String {
    word(
        k::Good::try_from(good).ok().map(|g| g.as_str_name()),
        "GOOD",
    )
}

pub(super) fn card_name(card: i32) -> String {
    word(
        k::ProgressCard::try_from(card)
            .ok()
            .map(|c| c.as_str_name()),
        "PROGRESS_CARD",
    )
}

pub(super) fn track_name(track: i32) -> String {
    word(
        k::Track::try_from(track).ok().map(|t| t.as_str_name()),
        "TRACK",
    )
}

fn commodity_name(commodity: i32) -> String {
    word(
        k::Commodity::try_from(commodity)
            .ok()
            .map(|c| c.as_str_name()),
        "COMMODITY",
    )
}

/// A good: a resource (with `catan_text`'s other names for them) or a commodity.
pub(super) fn parse_good(text: &str) -> anyhow::Result<k::Good> {
    if let Ok(resource) = parse_resource(text) {
        // The goods begin with the five resources, in the same order.
        return Ok(k::Good::try_from(resource as i32).expect("a resource is a good"));
    }
    parse_word("card", text, "GOOD", k::Good::from_str_name).map_err(|_| {
        anyhow!("unknown card {text:?} (brick, lumber, wool, grain, ore, coin, paper, cloth)")
    })
}

fn parse_card(text: &str) -> anyhow::Result<i32> {
    parse_word(
        "progress card",
        text,
        "PROGRESS_CARD",
        k::ProgressCard::from_str_name,
    )
    .map(|c| c as i32)
}

fn parse_track(text: &str) -> anyhow::Result<i32> {
    parse_word("track", text, "TRACK", k::Track::from_str_name).map(|t| t as i32)
}

/// A hand as eight counts: the five resources, then coin, paper and cloth (the order of `Good`'s numbers).
fn counts(hand: &k::Hand) -> [u32; 8] {
    let r = hand.resources.unwrap_or_default();
    let m = hand.commodities.unwrap_or_default();
    [
        r.brick, r.lumber, r.wool, r.grain, r.ore, m.coin, m.paper, m.cloth,
    ]
}

/// Cards as `wool:2 coin:1` (the `submit` form), or `nothing`.
pub(super) fn format_hand(hand: &Option<k::Hand>) -> String {
    let items: Vec<String> = counts(&hand.unwrap_or_default())
        .iter()
        .zip(1..)
        .filter(|(n, _)| **n > 0)
        .map(|(n, good)| format!("{}:{n}", good_name(good)))
        .collect();
    if items.is_empty() {
        "nothing".to_string()
    } else {
        items.join(" ")
    }
}

/// `GOOD:N ...` words (comma-joined or not; `nothing` for none) into a hand.
pub(super) fn parse_hand(words: &[&str]) -> anyhow::Result<k::Hand> {
    let mut n = [0u32; 8];
    let items: Vec<&str> = words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        bail!("expected cards like wool:2 coin:1");
    }
    if items != ["nothing"] {
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
            let slot = &mut n[parse_good(name)? as usize - 1];
            *slot = slot
                .checked_add(count)
                .ok_or_else(|| anyhow!("card count overflows"))?;
        }
    }
    let [brick, lumber, wool, grain, ore, coin, paper, cloth] = n;
    Ok(k::Hand {
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

/// `CARDS for CARDS` into (give, receive).
fn parse_terms(words: &[&str]) -> anyhow::Result<(Option<k::Hand>, Option<k::Hand>)> {
    let split = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("for"))
        .context("expected GIVE... for RECEIVE...")?;
    Ok((
        Some(parse_hand(&words[..split])?),
        Some(parse_hand(&words[split + 1..])?),
    ))
}

/// The `i`-th argument, a number.
pub(super) fn arg(args: &[&str], i: usize, what: &str) -> anyhow::Result<u32> {
    parse_u32(what, args.get(i))
}

/// The `i`-th argument, a number, if there is one.
pub(super) fn opt(args: &[&str], i: usize, what: &str) -> anyhow::Result<Option<u32>> {
    args.get(i).map(|_| arg(args, i, what)).transpose()
}

/// One word and a number: `verb N`.
pub(super) fn one(words: &[&str], what: &str) -> anyhow::Result<u32> {
    expect_arity(words, 1, 1)?;
    arg(&words[1..], 0, what)
}

/// A verb without arguments.
pub(super) fn none(words: &[&str]) -> anyhow::Result<()> {
    expect_arity(words, 0, 0)
}

/// Parses a command of the layer, given as words (the verb first, as the caller lowered it): `None` if the verb
/// is not one of the layer's.
pub(super) fn parse_command(verb: &str, words: &[&str]) -> anyhow::Result<Option<k::Command>> {
    let args = &words[1..];
    let vertex = || one(words, "VERTEX");
    let edge = || one(words, "EDGE");
    let command = match verb {
        "place-settlement" => K::PlaceSettlement(k::PlaceSettlement { vertex: vertex()? }),
        "place-city" => K::PlaceCity(k::PlaceCity { vertex: vertex()? }),
        "place-road" => K::PlaceRoad(k::PlaceRoad { edge: edge()? }),
        "roll" | "roll-dice" => {
            none(words)?;
            K::RollDice(k::RollDice {})
        }
        "move-robber" | "robber" => {
            expect_arity(words, 1, 2)?;
            K::MoveRobber(k::MoveRobber {
                hex: arg(args, 0, "HEX")?,
                victim: opt(args, 1, "SEAT")?,
            })
        }
        "discard" => K::Discard(k::Discard {
            cards: Some(parse_hand(args)?),
        }),
        "give" | "give-cards" => K::GiveCards(k::GiveCards {
            cards: Some(parse_hand(args)?),
        }),
        "take-cards" => K::TakeCards(k::TakeCards {
            cards: Some(parse_hand(args)?),
        }),
        "lose-city" => K::ChooseCityToLose(k::ChooseCityToLose { vertex: vertex()? }),
        "retreat-knight" => K::RetreatKnight(k::RetreatKnight { vertex: vertex()? }),
        "remove-knight" => K::RemoveKnight(k::RemoveKnight { vertex: vertex()? }),
        "return-progress" => {
            expect_arity(words, 1, 1)?;
            K::ReturnProgressCard(k::ReturnProgressCard {
                card: parse_card(args[0])?,
            })
        }
        "take-progress" => {
            expect_arity(words, 1, 1)?;
            K::TakeProgressCard(k::TakeProgressCard {
                card: parse_card(args[0])?,
            })
        }
        "commit-knights" => K::CommitKnights(k::CommitKnights {
            vertices: (0..args.len())
                .map(|i| arg(args, i, "VERTEX"))
                .collect::<anyhow::Result<_>>()?,
        }),
        "choose-deck" => {
            expect_arity(words, 1, 1)?;
            K::ChooseProgressDeck(k::ChooseProgressDeck {
                track: parse_track(args[0])?,
            })
        }
        "take-aqueduct" => {
            expect_arity(words, 1, 1)?;
            K::TakeAqueductResource(k::TakeAqueductResource {
                resource: parse_resource(args[0])? as i32,
            })
        }
        "build-road" => K::BuildRoad(k::BuildRoad { edge: edge()? }),
        "build-settlement" => K::BuildSettlement(k::BuildSettlement { vertex: vertex()? }),
        "build-city" => K::BuildCity(k::BuildCity { vertex: vertex()? }),
        "build-wall" | "build-city-wall" => {
            K::BuildCityWall(k::BuildCityWall { vertex: vertex()? })
        }
        "build-knight" => K::BuildKnight(k::BuildKnight { vertex: vertex()? }),
        "place-deserter-knight" => {
            K::PlaceDeserterKnight(k::PlaceDeserterKnight { vertex: vertex()? })
        }
        "activate-knight" => K::ActivateKnight(k::ActivateKnight { vertex: vertex()? }),
        "promote-knight" => K::PromoteKnight(k::PromoteKnight { vertex: vertex()? }),
        "move-knight" => {
            expect_arity(words, 2, 2)?;
            K::MoveKnight(k::MoveKnight {
                from: arg(args, 0, "FROM")?,
                to: arg(args, 1, "TO")?,
            })
        }
        "chase-robber" => K::ChaseRobber(k::ChaseRobber {
            knight: one(words, "KNIGHT")?,
        }),
        "improve" | "improve-city" => {
            expect_arity(words, 1, 2)?;
            K::ImproveCity(k::ImproveCity {
                track: parse_track(args[0])?,
                metropolis: opt(args, 1, "VERTEX")?,
            })
        }
        "trade-bank" | "bank-trade" => {
            expect_arity(words, 2, 2)?;
            // Counts are allowed as in base Catan's grammar (`wool:4`) and ignored: the ratio is the rules'.
            let good = |w: &str| parse_good(w.split(':').next().unwrap_or(w));
            K::BankTrade(k::BankTrade {
                give: good(args[0])? as i32,
                receive: good(args[1])? as i32,
            })
        }
        "offer" | "offer-trade" => {
            let (give, receive) = parse_terms(args)?;
            K::OfferTrade(k::OfferTrade { give, receive })
        }
        "counter" | "counter-offer" => {
            let (give, receive) = parse_terms(args)?;
            K::CounterOffer(k::CounterOffer { give, receive })
        }
        "accept" | "accept-trade" => {
            none(words)?;
            K::AcceptTrade(k::AcceptTrade {})
        }
        "reject" | "reject-trade" => {
            none(words)?;
            K::RejectTrade(k::RejectTrade {})
        }
        "withdraw" | "withdraw-trade" => {
            none(words)?;
            K::WithdrawTrade(k::WithdrawTrade {})
        }
        "accept-counter" => K::AcceptCounterOffer(c::AcceptCounterOffer {
            seat: one(words, "SEAT")?,
        }),
        "reject-counter" => K::RejectCounterOffer(c::RejectCounterOffer {
            seat: one(words, "SEAT")?,
        }),
        "play" | "play-progress" => K::PlayProgressCard(k::PlayProgressCard {
            play: Some(k::ProgressPlay {
                card: Some(parse_play(args)?),
            }),
        }),
        "end" | "end-turn" => {
            none(words)?;
            K::EndTurn(k::EndTurn {})
        }
        _ => return Ok(None),
    };
    Ok(Some(k::Command {
        command: Some(command),
    }))
}

/// A progress card's play: its name, then its choices.
fn parse_play(words: &[&str]) -> anyhow::Result<k::progress_play::Card> {
    use k::progress_play::Card as P;
    let Some(name) = words.first() else {
        bail!("`play` takes a progress card and its choices, e.g. `play spy 2`")
    };
    let args = &words[1..];
    let card = k::ProgressCard::try_from(parse_card(name)?).expect("a parsed card");
    let seat = || one(words, "SEAT");
    let hex = || one(words, "HEX");
    let vertex = || one(words, "VERTEX");
    let plain = || none(words);
    use k::ProgressCard as Card;
    Ok(match card {
        Card::Alchemist => {
            expect_arity(words, 2, 2)?;
            P::Alchemist(k::Alchemist {
                white: arg(args, 0, "WHITE")?,
                red: arg(args, 1, "RED")?,
            })
        }
        Card::Crane => {
            expect_arity(words, 1, 2)?;
            P::Crane(k::Crane {
                track: parse_track(args[0])?,
                metropolis: opt(args, 1, "VERTEX")?,
            })
        }
        Card::Engineer => P::Engineer(k::Engineer { vertex: vertex()? }),
        Card::Inventor => {
            expect_arity(words, 2, 2)?;
            P::Inventor(k::Inventor {
                first: arg(args, 0, "HEX")?,
                second: arg(args, 1, "HEX")?,
            })
        }
        Card::Irrigation => {
            plain()?;
            P::Irrigation(k::Irrigation {})
        }
        Card::Medicine => P::Medicine(k::Medicine { vertex: vertex()? }),
        Card::Mining => {
            plain()?;
            P::Mining(k::Mining {})
        }
        Card::RoadBuilding => {
            expect_arity(words, 1, 2)?;
            P::RoadBuilding(k::RoadBuilding {
                first: arg(args, 0, "EDGE")?,
                second: opt(args, 1, "EDGE")?,
            })
        }
        Card::Smith => {
            expect_arity(words, 1, 2)?;
            P::Smith(k::Smith {
                first: arg(args, 0, "VERTEX")?,
                second: opt(args, 1, "VERTEX")?,
            })
        }
        Card::CommercialHarbor => P::CommercialHarbor(k::CommercialHarbor {
            offers: args
                .iter()
                .map(|item| {
                    let (seat, resource) = item
                        .split_once(':')
                        .with_context(|| format!("expected SEAT:RES, got {item:?}"))?;
                    Ok(k::HarborOffer {
                        seat: parse_u32("SEAT", Some(&seat))?,
                        resource: parse_resource(resource)? as i32,
                    })
                })
                .collect::<anyhow::Result<_>>()?,
        }),
        Card::MasterMerchant => P::MasterMerchant(k::MasterMerchant { victim: seat()? }),
        Card::Merchant => P::Merchant(k::Merchant { hex: hex()? }),
        Card::MerchantFleet => {
            expect_arity(words, 1, 1)?;
            P::MerchantFleet(k::MerchantFleet {
                good: parse_good(args[0])? as i32,
            })
        }
        Card::ResourceMonopoly => {
            expect_arity(words, 1, 1)?;
            P::ResourceMonopoly(k::ResourceMonopoly {
                resource: parse_resource(args[0])? as i32,
            })
        }
        Card::TradeMonopoly => {
            expect_arity(words, 1, 1)?;
            P::TradeMonopoly(k::TradeMonopoly {
                commodity: parse_word(
                    "commodity",
                    args[0],
                    "COMMODITY",
                    k::Commodity::from_str_name,
                )? as i32,
            })
        }
        Card::Bishop => P::Bishop(k::Bishop { hex: hex()? }),
        Card::Deserter => P::Deserter(k::Deserter { victim: seat()? }),
        Card::Diplomat => {
            expect_arity(words, 1, 2)?;
            P::Diplomat(k::Diplomat {
                edge: arg(args, 0, "EDGE")?,
                relocate: opt(args, 1, "EDGE")?,
            })
        }
        Card::Intrigue => P::Intrigue(k::Intrigue { vertex: vertex()? }),
        Card::Saboteur => {
            plain()?;
            P::Saboteur(k::Saboteur {})
        }
        Card::Spy => P::Spy(k::Spy { victim: seat()? }),
        Card::Warlord => {
            plain()?;
            P::Warlord(k::Warlord {})
        }
        Card::Wedding => {
            plain()?;
            P::Wedding(k::Wedding {})
        }
        Card::Printer | Card::Constitution | Card::Unspecified => {
            bail!("the {name} is revealed when drawn, never played")
        }
    })
}

/// Words and optional last words, as the grammar writes them: `verb a [b]`.
fn with_opt(verb: &str, first: u32, second: Option<u32>) -> String {
    match second {
        Some(second) => format!("{verb} {first} {second}"),
        None => format!("{verb} {first}"),
    }
}

fn format_play(play: &Option<k::ProgressPlay>) -> String {
    use k::progress_play::Card as P;
    let Some(card) = play.as_ref().and_then(|p| p.card.as_ref()) else {
        return "play (no card)".to_string();
    };
    match card {
        P::Alchemist(m) => format!("play alchemist {} {}", m.white, m.red),
        P::Crane(m) => match m.metropolis {
            Some(v) => format!("play crane {} {v}", track_name(m.track)),
            None => format!("play crane {}", track_name(m.track)),
        },
        P::Engineer(m) => format!("play engineer {}", m.vertex),
        P::Inventor(m) => format!("play inventor {} {}", m.first, m.second),
        P::Irrigation(_) => "play irrigation".to_string(),
        P::Medicine(m) => format!("play medicine {}", m.vertex),
        P::Mining(_) => "play mining".to_string(),
        P::RoadBuilding(m) => with_opt("play road-building", m.first, m.second),
        P::Smith(m) => with_opt("play smith", m.first, m.second),
        P::CommercialHarbor(m) => {
            let mut text = "play commercial-harbor".to_string();
            for offer in &m.offers {
                let _ = write!(text, " {}:{}", offer.seat, resource_name(offer.resource));
            }
            text
        }
        P::MasterMerchant(m) => format!("play master-merchant {}", m.victim),
        P::Merchant(m) => format!("play merchant {}", m.hex),
        P::MerchantFleet(m) => format!("play merchant-fleet {}", good_name(m.good)),
        P::ResourceMonopoly(m) => {
            format!("play resource-monopoly {}", resource_name(m.resource))
        }
        P::TradeMonopoly(m) => format!("play trade-monopoly {}", commodity_name(m.commodity)),
        P::Bishop(m) => format!("play bishop {}", m.hex),
        P::Deserter(m) => format!("play deserter {}", m.victim),
        P::Diplomat(m) => with_opt("play diplomat", m.edge, m.relocate),
        P::Intrigue(m) => format!("play intrigue {}", m.vertex),
        P::Saboteur(_) => "play saboteur".to_string(),
        P::Spy(m) => format!("play spy {}", m.victim),
        P::Warlord(_) => "play warlord".to_string(),
        P::Wedding(_) => "play wedding".to_string(),
    }
}

/// A command of the layer in the `submit` grammar.
pub(super) fn format_command(command: &k::Command) -> String {
    let Some(command) = &command.command else {
        return "(empty command)".to_string();
    };
    let terms = |verb: &str, give: &Option<k::Hand>, receive: &Option<k::Hand>| {
        format!("{verb} {} for {}", format_hand(give), format_hand(receive))
    };
    match command {
        K::PlaceSettlement(m) => format!("place-settlement {}", m.vertex),
        K::PlaceCity(m) => format!("place-city {}", m.vertex),
        K::PlaceRoad(m) => format!("place-road {}", m.edge),
        K::RollDice(_) => "roll".to_string(),
        K::MoveRobber(m) => match m.victim {
            Some(victim) => format!("move-robber {} {victim}", m.hex),
            None => format!("move-robber {}", m.hex),
        },
        K::Discard(m) => format!("discard {}", format_hand(&m.cards)),
        K::GiveCards(m) => format!("give {}", format_hand(&m.cards)),
        K::TakeCards(m) => format!("take-cards {}", format_hand(&m.cards)),
        K::ChooseCityToLose(m) => format!("lose-city {}", m.vertex),
        K::RetreatKnight(m) => format!("retreat-knight {}", m.vertex),
        K::RemoveKnight(m) => format!("remove-knight {}", m.vertex),
        K::ReturnProgressCard(m) => format!("return-progress {}", card_name(m.card)),
        K::TakeProgressCard(m) => format!("take-progress {}", card_name(m.card)),
        K::CommitKnights(m) => {
            let mut text = "commit-knights".to_string();
            for v in &m.vertices {
                let _ = write!(text, " {v}");
            }
            text
        }
        K::ChooseProgressDeck(m) => format!("choose-deck {}", track_name(m.track)),
        K::TakeAqueductResource(m) => format!("take-aqueduct {}", resource_name(m.resource)),
        K::BuildRoad(m) => format!("build-road {}", m.edge),
        K::BuildSettlement(m) => format!("build-settlement {}", m.vertex),
        K::BuildCity(m) => format!("build-city {}", m.vertex),
        K::BuildCityWall(m) => format!("build-wall {}", m.vertex),
        K::BuildKnight(m) => format!("build-knight {}", m.vertex),
        K::PlaceDeserterKnight(m) => format!("place-deserter-knight {}", m.vertex),
        K::ActivateKnight(m) => format!("activate-knight {}", m.vertex),
        K::PromoteKnight(m) => format!("promote-knight {}", m.vertex),
        K::MoveKnight(m) => format!("move-knight {} {}", m.from, m.to),
        K::ChaseRobber(m) => format!("chase-robber {}", m.knight),
        K::ImproveCity(m) => match m.metropolis {
            Some(v) => format!("improve {} {v}", track_name(m.track)),
            None => format!("improve {}", track_name(m.track)),
        },
        K::BankTrade(m) => format!("trade-bank {} {}", good_name(m.give), good_name(m.receive)),
        K::OfferTrade(m) => terms("offer", &m.give, &m.receive),
        K::CounterOffer(m) => terms("counter", &m.give, &m.receive),
        K::AcceptTrade(_) => "accept".to_string(),
        K::RejectTrade(_) => "reject".to_string(),
        K::WithdrawTrade(_) => "withdraw".to_string(),
        K::AcceptCounterOffer(m) => format!("accept-counter {}", m.seat),
        K::RejectCounterOffer(m) => format!("reject-counter {}", m.seat),
        K::PlayProgressCard(m) => format_play(&m.play),
        K::EndTurn(_) => "end".to_string(),
    }
}

pub(super) fn seat_list(seats: &[String], list: &[u32]) -> String {
    if list.is_empty() {
        return "nobody".to_string();
    }
    let names: Vec<String> = list.iter().map(|s| who(seats, *s)).collect();
    names.join(", ")
}

pub(super) fn strength_name(strength: u32) -> &'static str {
    match strength {
        1 => "basic",
        2 => "strong",
        3 => "mighty",
        _ => "?",
    }
}

pub(super) fn event_die(face: i32) -> String {
    match k::EventDie::try_from(face) {
        Ok(k::EventDie::Ship) => "the ship".to_string(),
        Ok(gate) => format!(
            "a {} gate",
            word(Some(gate.as_str_name()), "EVENT_DIE").trim_end_matches("-gate")
        ),
        Err(_) => "?".to_string(),
    }
}

/// One event of the layer as a sentence.
pub(super) fn describe_event(event: &k::Event, seats: &[String]) -> String {
    let w = |seat: u32| who(seats, seat);
    let free = |free: bool| if free { " (free)" } else { "" };
    let Some(event) = &event.event else {
        return "(empty event)".to_string();
    };
    match event {
        E::SettlementPlaced(e) => {
            format!("{} placed a settlement on vertex {}", w(e.seat), e.vertex)
        }
        E::CityPlaced(e) => format!("{} placed a city on vertex {}", w(e.seat), e.vertex),
        E::RoadPlaced(e) => format!("{} placed a road on edge {}", w(e.seat), e.edge),
        E::StartingResourcesTaken(e) => format!(
            "{} took starting resources {}",
            w(e.seat),
            format_opt_resources(&e.resources)
        ),
        E::DiceRolled(e) => {
            let roll = e.roll.unwrap_or_default();
            format!(
                "{} rolled {}+{}={}, event die {}{}",
                w(e.seat),
                roll.white,
                roll.red,
                roll.white + roll.red,
                event_die(roll.event),
                if e.alchemist { " (alchemist)" } else { "" }
            )
        }
        E::DefenceCalled(e) => format!(
            "defence called: {} declare knights",
            seat_list(seats, &e.seats)
        ),
        E::KnightsCommitted(e) => {
            format!("{} committed the knights on {:?}", w(e.seat), e.vertices)
        }
        E::BarbariansAttacked(e) => {
            use k::barbarians_attacked::Result as R;
            let result = match &e.result {
                Some(R::CatanWon(won)) => match won.defender {
                    Some(defender) => {
                        format!("Catan won; {} is the defender of Catan", w(defender))
                    }
                    None => format!(
                        "Catan won; tied, each draws a progress card: {}",
                        seat_list(seats, &won.tied)
                    ),
                },
                Some(R::BarbariansWon(won)) => format!(
                    "the barbarians won; a city lost by {}",
                    seat_list(seats, &won.losers)
                ),
                None => "?".to_string(),
            };
            format!(
                "the barbarians attacked, {} against knights {} ({}): {result}",
                e.barbarians,
                e.knights,
                seat_counts(seats, &e.contributions)
            )
        }
        E::CityLost(e) => format!(
            "{} lost the city on vertex {}{}",
            w(e.seat),
            e.vertex,
            if e.wall { " and its wall" } else { "" }
        ),
        E::ProgressCardDrawn(e) => match e.card {
            Some(card) => format!(
                "{} drew a {} progress card: {}",
                w(e.seat),
                track_name(e.track),
                card_name(card)
            ),
            None => format!("{} drew a {} progress card", w(e.seat), track_name(e.track)),
        },
        E::ProgressCardReturned(e) => match e.card {
            Some(card) => format!(
                "{} returned a progress card: {}",
                w(e.seat),
                card_name(card)
            ),
            None => format!("{} returned a progress card", w(e.seat)),
        },
        E::ResourcesProduced(e) => produced(
            e.gains
                .iter()
                .map(|g| format!("{} {}", w(g.seat), format_hand(&g.cards))),
            e.withheld.iter().map(|g| good_name(*g)),
        ),
        E::SevenRolled(e) => format!("a 7: discards owed by {}", seat_counts(seats, &e.discards)),
        E::DiscardsRequired(e) => format!("discards owed: {}", seat_counts(seats, &e.discards)),
        E::Discarded(e) => format!("{} discarded {}", w(e.seat), format_hand(&e.cards)),
        E::RobberMoved(e) => format!("{} moved the robber to hex {}", w(e.seat), e.hex),
        E::CardStolen(e) => match e.good {
            Some(good) => format!(
                "{} stole {} from {}",
                w(e.thief),
                good_name(good),
                w(e.victim)
            ),
            None => format!("{} stole a card from {}", w(e.thief), w(e.victim)),
        },
        E::AqueductTaken(e) => format!(
            "{} took {} by the aqueduct",
            w(e.seat),
            resource_name(e.resource)
        ),
        E::RoadBuilt(e) => format!(
            "{} built a road on edge {}{}",
            w(e.seat),
            e.edge,
            free(e.free)
        ),
        E::RoadRemoved(e) => format!("{}'s road on edge {} was removed", w(e.seat), e.edge),
        E::SettlementBuilt(e) => format!("{} built a settlement on vertex {}", w(e.seat), e.vertex),
        E::CityBuilt(e) => format!(
            "{} built a city on vertex {} for {}",
            w(e.seat),
            e.vertex,
            format_opt_resources(&e.paid)
        ),
        E::CityWallBuilt(e) => {
            format!(
                "{} built a city wall on vertex {}{}",
                w(e.seat),
                e.vertex,
                free(e.free)
            )
        }
        E::KnightBuilt(e) => format!(
            "{} built a {} knight on vertex {}{}",
            w(e.seat),
            strength_name(e.strength),
            e.vertex,
            free(e.free)
        ),
        E::KnightActivated(e) => {
            format!(
                "{} activated the knight on vertex {}{}",
                w(e.seat),
                e.vertex,
                free(e.free)
            )
        }
        E::KnightPromoted(e) => {
            format!(
                "{} promoted the knight on vertex {}{}",
                w(e.seat),
                e.vertex,
                free(e.free)
            )
        }
        E::KnightMoved(e) => format!(
            "{} moved a knight from vertex {} to {}",
            w(e.seat),
            e.from,
            e.to
        ),
        E::KnightDisplaced(e) => format!(
            "{} displaced {}'s knight from vertex {} {}",
            w(e.by),
            w(e.seat),
            e.vertex,
            match e.from {
                Some(from) => format!("with the knight from vertex {from}"),
                None => "by intrigue".to_string(),
            }
        ),
        E::KnightRetreated(e) => format!("{}'s knight retreated to vertex {}", w(e.seat), e.vertex),
        E::KnightLeftBoard(e) => format!("{}'s displaced knight left the board", w(e.seat)),
        E::KnightDeserted(e) => format!(
            "{}'s {} knight on vertex {} deserted to {}",
            w(e.seat),
            strength_name(e.strength),
            e.vertex,
            w(e.to)
        ),
        E::RobberChased(e) => format!(
            "{}'s knight on vertex {} chased the robber to hex {}",
            w(e.seat),
            e.knight,
            e.hex
        ),
        E::CityImproved(e) => format!(
            "{} improved {} to level {} for {}",
            w(e.seat),
            track_name(e.track),
            e.level,
            format_hand(&Some(k::Hand {
                resources: None,
                commodities: e.paid,
            }))
        ),
        E::MetropolisPlaced(e) => format!(
            "{} holds the {} metropolis on vertex {}{}",
            w(e.seat),
            track_name(e.track),
            e.vertex,
            e.from
                .map(|from| format!(", taken from {}", w(from)))
                .unwrap_or_default()
        ),
        E::BankTraded(e) => format!(
            "{} traded {} {} with the bank for 1 {}",
            w(e.seat),
            e.give_count,
            good_name(e.give),
            good_name(e.receive)
        ),
        E::TradeOffered(e) => format!(
            "{} offers {} for {}",
            w(e.seat),
            format_hand(&e.give),
            format_hand(&e.receive)
        ),
        E::TradeRejected(e) => format!("{} declined the offer", w(e.seat)),
        E::TradeWithdrawn(e) => format!("{} withdrew the offer", w(e.seat)),
        E::CounterOffered(e) => format!(
            "{} counters: gives {} for {}",
            w(e.seat),
            format_hand(&e.give),
            format_hand(&e.receive)
        ),
        E::CounterOfferRejected(e) => format!("{}'s counter-offer was rejected", w(e.seat)),
        E::TradeCompleted(e) => format!(
            "{} gave {} to {} for {}",
            w(e.active),
            format_hand(&e.given),
            w(e.partner),
            format_hand(&e.received)
        ),
        E::ProgressCardPlayed(e) => format!("{} played the {}", w(e.seat), card_name(e.card)),
        E::CardsFromBank(e) => {
            format!("{} took {} from the bank", w(e.seat), format_hand(&e.cards))
        }
        E::CardsTransferred(e) => format!(
            "{} handed {} to {}",
            w(e.from),
            format_hand(&e.cards),
            w(e.to)
        ),
        E::CardsGiven(e) => format!(
            "{} gave {} to {}",
            w(e.seat),
            format_hand(&e.cards),
            w(e.to)
        ),
        E::CardsDemanded(e) => format!(
            "{} is owed {}: {}",
            w(e.to),
            if e.commodities_only {
                "commodities"
            } else {
                "cards"
            },
            seat_counts(seats, &e.demands)
        ),
        E::NumbersSwapped(e) => format!(
            "the numbers of hexes {} and {} were swapped",
            e.first, e.second
        ),
        E::MerchantPlaced(e) => format!("{} placed the merchant on hex {}", w(e.seat), e.hex),
        E::MerchantFleetChosen(e) => {
            format!("{} trades {} 2:1 this turn", w(e.seat), good_name(e.good))
        }
        E::KnightRemovalDemanded(e) => format!(
            "{} must remove a knight for {}'s deserter",
            w(e.seat),
            w(e.to)
        ),
        E::HandRevealed(e) => format!(
            "{} shows their hand to {}, who takes {}",
            w(e.victim),
            w(e.seat),
            e.count
        ),
        E::ProgressCardsRevealed(e) => format!(
            "{} shows their progress cards to {}",
            w(e.victim),
            w(e.seat)
        ),
        E::ProgressCardTaken(e) => match e.card {
            Some(card) => format!(
                "{} took the {} from {}",
                w(e.seat),
                card_name(card),
                w(e.victim)
            ),
            None => format!("{} took a progress card from {}", w(e.seat), w(e.victim)),
        },
        E::CardsTaken(e) => match &e.cards {
            Some(_) => format!(
                "{} took {} from {}",
                w(e.seat),
                format_hand(&e.cards),
                w(e.victim)
            ),
            None => format!("{} took cards from {}", w(e.seat), w(e.victim)),
        },
        E::LongestRoadChanged(e) => match e.holder {
            Some(holder) => format!("{} holds the longest road ({})", w(holder), e.length),
            None => "the longest road card is set aside".to_string(),
        },
        E::TurnEnded(e) => format!("{} ended the turn; {} is next", w(e.seat), w(e.next)),
        E::GameWon(e) => format!("{} won with {} points", w(e.seat), e.points),
    }
}

/// What an obligation asks of whom, as a phrase: `ann to discard 4`.
pub(super) fn describe_obligation(obligation: &k::Obligation, seats: &[String]) -> String {
    use k::obligation::Obligation as O;
    let w = |seat: u32| who(seats, seat);
    match &obligation.obligation {
        Some(O::Discard(o)) => format!("{} to discard {}", w(o.seat), o.count),
        Some(O::Give(o)) => format!(
            "{} to give {} {} to {}",
            w(o.seat),
            o.count,
            if o.commodities_only {
                "commodities"
            } else {
                "cards"
            },
            w(o.to)
        ),
        Some(O::LoseCity(o)) => format!("{} to choose a city to lose", w(o.seat)),
        Some(O::Retreat(o)) => format!(
            "{} to retreat the {} knight displaced from vertex {}",
            w(o.seat),
            strength_name(o.strength),
            o.from
        ),
        Some(O::RemoveKnight(o)) => format!("{} to remove a knight for {}", w(o.seat), w(o.to)),
        Some(O::ReturnProgressCard(o)) => format!("{} to return a progress card", w(o.seat)),
        Some(O::CommitKnights(o)) => format!("{} to commit knights", w(o.seat)),
        Some(O::DrawProgressCard(o)) => format!("{} to choose a progress deck", w(o.seat)),
        Some(O::AqueductResource(o)) => format!("{} to take a resource by the aqueduct", w(o.seat)),
        Some(O::TakeCards(o)) => {
            format!("{} to take {} cards from {}", w(o.seat), o.count, w(o.from))
        }
        Some(O::TakeProgressCard(o)) => {
            format!("{} to take a progress card from {}", w(o.seat), w(o.from))
        }
        None => "?".to_string(),
    }
}

/// A knight as `33 strong active`.
pub(super) fn describe_knight(knight: &k::Knight) -> String {
    format!(
        "{} {} {}",
        knight.vertex,
        strength_name(knight.strength),
        if knight.active { "active" } else { "passive" }
    )
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
    match state.last_roll {
        Some(r) => format!(
            "{}+{}={}, event die {}",
            r.white,
            r.red,
            r.white + r.red,
            event_die(r.event)
        ),
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

/// Parses a command typed in the layer's grammar, for a Cities & Knights game.
pub fn parse_game_command(words: &[String]) -> anyhow::Result<k::Command> {
    let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
    let Some(verb) = words.first() else {
        bail!("empty command")
    };
    let verb = verb.to_ascii_lowercase().replace('_', "-");
    match parse_command(&verb, &words)? {
        Some(command) => Ok(command),
        None => Err(super::unknown_command(&verb, &[GRAMMAR])),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) fn hand(counts: [u32; 8]) -> Option<k::Hand> {
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

    /// One of every progress card play, with the optional fields both set and unset.
    pub(crate) fn every_play() -> Vec<k::progress_play::Card> {
        use k::progress_play::Card as P;
        vec![
            P::Alchemist(k::Alchemist { white: 3, red: 6 }),
            P::Crane(k::Crane {
                track: k::Track::Science as i32,
                metropolis: Some(40),
            }),
            P::Crane(k::Crane {
                track: k::Track::Trade as i32,
                metropolis: None,
            }),
            P::Engineer(k::Engineer { vertex: 5 }),
            P::Inventor(k::Inventor {
                first: 7,
                second: 9,
            }),
            P::Irrigation(k::Irrigation {}),
            P::Medicine(k::Medicine { vertex: 12 }),
            P::Mining(k::Mining {}),
            P::RoadBuilding(k::RoadBuilding {
                first: 3,
                second: Some(4),
            }),
            P::RoadBuilding(k::RoadBuilding {
                first: 3,
                second: None,
            }),
            P::Smith(k::Smith {
                first: 10,
                second: None,
            }),
            P::CommercialHarbor(k::CommercialHarbor {
                offers: vec![
                    k::HarborOffer {
                        seat: 1,
                        resource: c::Resource::Wool as i32,
                    },
                    k::HarborOffer {
                        seat: 4,
                        resource: c::Resource::Ore as i32,
                    },
                ],
            }),
            P::CommercialHarbor(k::CommercialHarbor { offers: vec![] }),
            P::MasterMerchant(k::MasterMerchant { victim: 2 }),
            P::Merchant(k::Merchant { hex: 100 }),
            P::MerchantFleet(k::MerchantFleet {
                good: k::Good::Cloth as i32,
            }),
            P::ResourceMonopoly(k::ResourceMonopoly {
                resource: c::Resource::Grain as i32,
            }),
            P::TradeMonopoly(k::TradeMonopoly {
                commodity: k::Commodity::Paper as i32,
            }),
            P::Bishop(k::Bishop { hex: 8 }),
            P::Deserter(k::Deserter { victim: 5 }),
            P::Diplomat(k::Diplomat {
                edge: 600,
                relocate: Some(601),
            }),
            P::Intrigue(k::Intrigue { vertex: 1 }),
            P::Saboteur(k::Saboteur {}),
            P::Spy(k::Spy { victim: 0 }),
            P::Warlord(k::Warlord {}),
            P::Wedding(k::Wedding {}),
        ]
    }

    /// One of every command of the layer, with the optional fields both set and unset.
    pub(crate) fn every_command() -> Vec<K> {
        let mut commands = vec![
            K::PlaceSettlement(k::PlaceSettlement { vertex: 17 }),
            K::PlaceCity(k::PlaceCity { vertex: 18 }),
            K::PlaceRoad(k::PlaceRoad { edge: 3 }),
            K::RollDice(k::RollDice {}),
            K::MoveRobber(k::MoveRobber {
                hex: 4,
                victim: Some(2),
            }),
            K::MoveRobber(k::MoveRobber {
                hex: 0,
                victim: None,
            }),
            K::Discard(k::Discard {
                cards: hand([1, 0, 2, 0, 0, 1, 0, 3]),
            }),
            K::GiveCards(k::GiveCards {
                cards: hand([0, 0, 0, 0, 0, 0, 2, 0]),
            }),
            K::ChooseCityToLose(k::ChooseCityToLose { vertex: 9 }),
            K::RetreatKnight(k::RetreatKnight { vertex: 10 }),
            K::RemoveKnight(k::RemoveKnight { vertex: 11 }),
            K::ReturnProgressCard(k::ReturnProgressCard {
                card: k::ProgressCard::MasterMerchant as i32,
            }),
            K::CommitKnights(k::CommitKnights {
                vertices: vec![4, 8],
            }),
            K::CommitKnights(k::CommitKnights { vertices: vec![] }),
            K::ChooseProgressDeck(k::ChooseProgressDeck {
                track: k::Track::Politics as i32,
            }),
            K::TakeAqueductResource(k::TakeAqueductResource {
                resource: c::Resource::Brick as i32,
            }),
            K::TakeCards(k::TakeCards {
                cards: hand([0, 1, 0, 0, 0, 0, 0, 1]),
            }),
            K::TakeProgressCard(k::TakeProgressCard {
                card: k::ProgressCard::Spy as i32,
            }),
            K::BuildRoad(k::BuildRoad { edge: 71 }),
            K::BuildSettlement(k::BuildSettlement { vertex: 53 }),
            K::BuildCity(k::BuildCity { vertex: 0 }),
            K::BuildCityWall(k::BuildCityWall { vertex: 1 }),
            K::BuildKnight(k::BuildKnight { vertex: 2 }),
            K::PlaceDeserterKnight(k::PlaceDeserterKnight { vertex: 3 }),
            K::ActivateKnight(k::ActivateKnight { vertex: 4 }),
            K::PromoteKnight(k::PromoteKnight { vertex: 5 }),
            K::MoveKnight(k::MoveKnight { from: 6, to: 7 }),
            K::ChaseRobber(k::ChaseRobber { knight: 8 }),
            K::ImproveCity(k::ImproveCity {
                track: k::Track::Trade as i32,
                metropolis: Some(30),
            }),
            K::ImproveCity(k::ImproveCity {
                track: k::Track::Science as i32,
                metropolis: None,
            }),
            K::BankTrade(k::BankTrade {
                give: k::Good::Paper as i32,
                receive: k::Good::Ore as i32,
            }),
            K::OfferTrade(k::OfferTrade {
                give: hand([0, 1, 0, 0, 0, 0, 0, 0]),
                receive: hand([0, 0, 0, 0, 0, 1, 0, 0]),
            }),
            K::CounterOffer(k::CounterOffer {
                give: hand([0, 0, 0, 2, 0, 0, 0, 0]),
                receive: hand([0, 0, 0, 0, 1, 0, 0, 0]),
            }),
            K::AcceptTrade(k::AcceptTrade {}),
            K::RejectTrade(k::RejectTrade {}),
            K::WithdrawTrade(k::WithdrawTrade {}),
            K::AcceptCounterOffer(c::AcceptCounterOffer { seat: 3 }),
            K::RejectCounterOffer(c::RejectCounterOffer { seat: 5 }),
            K::EndTurn(k::EndTurn {}),
        ];
        commands.extend(every_play().into_iter().map(|card| {
            K::PlayProgressCard(k::PlayProgressCard {
                play: Some(k::ProgressPlay { card: Some(card) }),
            })
        }));
        commands
    }
}

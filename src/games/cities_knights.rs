//! Cities & Knights over gRPC: conversions between `hexfold_rules::cities_knights` and
//! `proto/hexfold/v1/cities_knights.proto`.
//!
//! The board, resources and ids are base Catan's, so their conversions are [`super::catan`]'s. As there, an id is
//! only checked to fit its Rust type; whether it exists on this board is the rules' business.

use super::catan::{
    board_to, count, id, index_u32, resource_from, resource_to, resources_from, resources_to, seat,
    seat_to,
};
use crate::error::ApiError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::catan::MapKind;
use hexfold_rules::cities_knights::{
    AttackResult, CitiesKnights, Command, Commodities, Commodity, Config, Event, EventDie,
    EventView, Good, Hand, Improvements, Obligation, Phase, PlayerView, ProgressCard, ProgressPlay,
    Roll, SeatCount, SeatHand, StateView, Track, TradeTerms, POINTS_TO_WIN,
};
use hexfold_rules::hex::{EdgeId, HexId, VertexId};
use pb::catan as c;
use pb::cities_knights as k;

fn required<T>(what: &str, value: Option<T>) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::InvalidArgument(format!("{what} is required")))
}

fn vertex(what: &str, n: u32) -> Result<VertexId, ApiError> {
    id(what, n)
}

fn edge(what: &str, n: u32) -> Result<EdgeId, ApiError> {
    id(what, n)
}

fn hex(what: &str, n: u32) -> Result<HexId, ApiError> {
    id(what, n)
}

fn hand_from(what: &str, h: Option<k::Hand>) -> Result<Hand, ApiError> {
    let h = required(what, h)?;
    let m = h.commodities.unwrap_or_default();
    Ok(Hand {
        resources: resources_from(
            &format!("{what}.resources"),
            Some(h.resources.unwrap_or_default()),
        )?,
        commodities: Commodities {
            coin: count("coin", m.coin)?,
            paper: count("paper", m.paper)?,
            cloth: count("cloth", m.cloth)?,
        },
    })
}

enum_conversions!(track_from, track_to: Track <=> k::Track, "a track", [Trade, Politics, Science]);
enum_conversions!(commodity_from, commodity_to: Commodity <=> k::Commodity, "a commodity", [Coin, Paper, Cloth]);
enum_conversions!(good_from, good_to: Good <=> k::Good, "a good",
    [Brick, Lumber, Wool, Grain, Ore, Coin, Paper, Cloth]);
enum_conversions!(card_from, card_to: ProgressCard <=> k::ProgressCard, "a progress card", [
    Alchemist, Crane, Engineer, Inventor, Irrigation, Medicine, Mining, Printer, RoadBuilding, Smith,
    CommercialHarbor, MasterMerchant, Merchant, MerchantFleet, ResourceMonopoly, TradeMonopoly,
    Bishop, Constitution, Deserter, Diplomat, Intrigue, Saboteur, Spy, Warlord, Wedding,
]);

fn small(what: &str, n: u32) -> Result<u8, ApiError> {
    u8::try_from(n).map_err(|_| ApiError::InvalidArgument(format!("{what} {n} is out of range")))
}

fn play_from(p: Option<k::ProgressPlay>) -> Result<ProgressPlay, ApiError> {
    use k::progress_play::Card as P;
    let card = required("play", p)?.card;
    Ok(match required("play.card", card)? {
        P::Alchemist(m) => ProgressPlay::Alchemist {
            white: small("white die", m.white)?,
            red: small("red die", m.red)?,
        },
        P::Crane(m) => ProgressPlay::Crane {
            track: track_from("track", m.track)?,
            metropolis: m.metropolis.map(|v| vertex("metropolis", v)).transpose()?,
        },
        P::Engineer(m) => ProgressPlay::Engineer {
            vertex: vertex("vertex", m.vertex)?,
        },
        P::Inventor(m) => ProgressPlay::Inventor {
            first: hex("first hex", m.first)?,
            second: hex("second hex", m.second)?,
        },
        P::Irrigation(_) => ProgressPlay::Irrigation,
        P::Medicine(m) => ProgressPlay::Medicine {
            vertex: vertex("vertex", m.vertex)?,
        },
        P::Mining(_) => ProgressPlay::Mining,
        P::RoadBuilding(m) => ProgressPlay::RoadBuilding {
            first: edge("first edge", m.first)?,
            second: m.second.map(|e| edge("second edge", e)).transpose()?,
        },
        P::Smith(m) => ProgressPlay::Smith {
            first: vertex("first knight", m.first)?,
            second: m.second.map(|v| vertex("second knight", v)).transpose()?,
        },
        P::CommercialHarbor(m) => ProgressPlay::CommercialHarbor {
            offers: m
                .offers
                .into_iter()
                .map(|o| {
                    Ok(hexfold_rules::cities_knights::HarborOffer {
                        seat: seat("seat", o.seat)?,
                        resource: resource_from("resource", o.resource)?,
                    })
                })
                .collect::<Result<_, ApiError>>()?,
        },
        P::MasterMerchant(m) => ProgressPlay::MasterMerchant {
            victim: seat("victim", m.victim)?,
        },
        P::Merchant(m) => ProgressPlay::Merchant {
            hex: hex("hex", m.hex)?,
        },
        P::MerchantFleet(m) => ProgressPlay::MerchantFleet {
            good: good_from("good", m.good)?,
        },
        P::ResourceMonopoly(m) => ProgressPlay::ResourceMonopoly {
            resource: resource_from("resource", m.resource)?,
        },
        P::TradeMonopoly(m) => ProgressPlay::TradeMonopoly {
            commodity: commodity_from("commodity", m.commodity)?,
        },
        P::Bishop(m) => ProgressPlay::Bishop {
            hex: hex("hex", m.hex)?,
        },
        P::Deserter(m) => ProgressPlay::Deserter {
            victim: seat("victim", m.victim)?,
        },
        P::Diplomat(m) => ProgressPlay::Diplomat {
            edge: edge("edge", m.edge)?,
            relocate: m.relocate.map(|e| edge("relocate", e)).transpose()?,
        },
        P::Intrigue(m) => ProgressPlay::Intrigue {
            vertex: vertex("vertex", m.vertex)?,
        },
        P::Saboteur(_) => ProgressPlay::Saboteur,
        P::Spy(m) => ProgressPlay::Spy {
            victim: seat("victim", m.victim)?,
        },
        P::Warlord(_) => ProgressPlay::Warlord,
        P::Wedding(_) => ProgressPlay::Wedding,
    })
}

fn v(x: VertexId) -> u32 {
    index_u32(x.index())
}

fn e(x: EdgeId) -> u32 {
    index_u32(x.index())
}

fn h(x: HexId) -> u32 {
    index_u32(x.index())
}

fn commodities_to(m: Commodities) -> k::Commodities {
    k::Commodities {
        coin: m.coin.into(),
        paper: m.paper.into(),
        cloth: m.cloth.into(),
    }
}

fn hand_to(h: Hand) -> k::Hand {
    k::Hand {
        resources: Some(resources_to(h.resources)),
        commodities: Some(commodities_to(h.commodities)),
    }
}

fn terms_to(t: TradeTerms) -> k::TradeTerms {
    k::TradeTerms {
        give: Some(hand_to(t.give)),
        receive: Some(hand_to(t.receive)),
    }
}

fn improvements_to(i: Improvements) -> k::Improvements {
    k::Improvements {
        trade: i.trade.into(),
        politics: i.politics.into(),
        science: i.science.into(),
    }
}

fn roll_to(r: Roll) -> k::Roll {
    k::Roll {
        white: r.white.into(),
        red: r.red.into(),
        event: (match r.event {
            EventDie::Ship => k::EventDie::Ship,
            EventDie::Gate {
                track: Track::Trade,
            } => k::EventDie::TradeGate,
            EventDie::Gate {
                track: Track::Politics,
            } => k::EventDie::PoliticsGate,
            EventDie::Gate {
                track: Track::Science,
            } => k::EventDie::ScienceGate,
        }) as i32,
    }
}

fn seat_counts_to(s: &[SeatCount]) -> Vec<c::SeatCount> {
    s.iter()
        .map(|s| c::SeatCount {
            seat: seat_to(s.seat),
            count: s.count.into(),
        })
        .collect()
}

fn seat_hands_to(s: &[SeatHand]) -> Vec<k::SeatHand> {
    s.iter()
        .map(|s| k::SeatHand {
            seat: seat_to(s.seat),
            cards: Some(hand_to(s.cards)),
        })
        .collect()
}

fn seats_to(s: &[hexfold_rules::Seat]) -> Vec<u32> {
    s.iter().copied().map(seat_to).collect()
}

fn wrap(command: k::command::Command) -> pb::Command {
    pb::Command {
        game: Some(pb::command::Game::CitiesKnights(k::Command {
            command: Some(command),
        })),
    }
}

fn play_to(p: &ProgressPlay) -> k::ProgressPlay {
    use k::progress_play::Card as P;
    let card = match p {
        ProgressPlay::Alchemist { white, red } => P::Alchemist(k::Alchemist {
            white: (*white).into(),
            red: (*red).into(),
        }),
        ProgressPlay::Crane { track, metropolis } => P::Crane(k::Crane {
            track: track_to(*track),
            metropolis: metropolis.map(v),
        }),
        ProgressPlay::Engineer { vertex } => P::Engineer(k::Engineer { vertex: v(*vertex) }),
        ProgressPlay::Inventor { first, second } => P::Inventor(k::Inventor {
            first: h(*first),
            second: h(*second),
        }),
        ProgressPlay::Irrigation => P::Irrigation(k::Irrigation {}),
        ProgressPlay::Medicine { vertex } => P::Medicine(k::Medicine { vertex: v(*vertex) }),
        ProgressPlay::Mining => P::Mining(k::Mining {}),
        ProgressPlay::RoadBuilding { first, second } => P::RoadBuilding(k::RoadBuilding {
            first: e(*first),
            second: second.map(e),
        }),
        ProgressPlay::Smith { first, second } => P::Smith(k::Smith {
            first: v(*first),
            second: second.map(v),
        }),
        ProgressPlay::CommercialHarbor { offers } => P::CommercialHarbor(k::CommercialHarbor {
            offers: offers
                .iter()
                .map(|o| k::HarborOffer {
                    seat: seat_to(o.seat),
                    resource: resource_to(o.resource),
                })
                .collect(),
        }),
        ProgressPlay::MasterMerchant { victim } => P::MasterMerchant(k::MasterMerchant {
            victim: seat_to(*victim),
        }),
        ProgressPlay::Merchant { hex } => P::Merchant(k::Merchant { hex: h(*hex) }),
        ProgressPlay::MerchantFleet { good } => P::MerchantFleet(k::MerchantFleet {
            good: good_to(*good),
        }),
        ProgressPlay::ResourceMonopoly { resource } => P::ResourceMonopoly(k::ResourceMonopoly {
            resource: resource_to(*resource),
        }),
        ProgressPlay::TradeMonopoly { commodity } => P::TradeMonopoly(k::TradeMonopoly {
            commodity: commodity_to(*commodity),
        }),
        ProgressPlay::Bishop { hex } => P::Bishop(k::Bishop { hex: h(*hex) }),
        ProgressPlay::Deserter { victim } => P::Deserter(k::Deserter {
            victim: seat_to(*victim),
        }),
        ProgressPlay::Diplomat { edge, relocate } => P::Diplomat(k::Diplomat {
            edge: e(*edge),
            relocate: relocate.map(e),
        }),
        ProgressPlay::Intrigue { vertex } => P::Intrigue(k::Intrigue { vertex: v(*vertex) }),
        ProgressPlay::Saboteur => P::Saboteur(k::Saboteur {}),
        ProgressPlay::Spy { victim } => P::Spy(k::Spy {
            victim: seat_to(*victim),
        }),
        ProgressPlay::Warlord => P::Warlord(k::Warlord {}),
        ProgressPlay::Wedding => P::Wedding(k::Wedding {}),
    };
    k::ProgressPlay { card: Some(card) }
}

/// Every event as the omniscient viewer sees it; the hidden-card variants of [`EventView`] reuse these messages
/// with the hidden field unset.
fn public_event(event: &Event) -> k::event::Event {
    use k::event::Event as K;
    match event {
        Event::SettlementPlaced { seat, vertex } => K::SettlementPlaced(k::SettlementPlaced {
            seat: seat_to(*seat),
            vertex: v(*vertex),
        }),
        Event::CityPlaced { seat, vertex } => K::CityPlaced(k::CityPlaced {
            seat: seat_to(*seat),
            vertex: v(*vertex),
        }),
        Event::RoadPlaced { seat, edge } => K::RoadPlaced(c::RoadPlaced {
            seat: seat_to(*seat),
            edge: e(*edge),
        }),
        Event::StartingResourcesTaken { seat, resources } => {
            K::StartingResourcesTaken(k::StartingResourcesTaken {
                seat: seat_to(*seat),
                resources: Some(resources_to(*resources)),
            })
        }
        Event::DiceRolled {
            seat,
            roll,
            alchemist,
        } => K::DiceRolled(k::DiceRolled {
            seat: seat_to(*seat),
            roll: Some(roll_to(*roll)),
            alchemist: *alchemist,
        }),
        Event::DefenceCalled { seats } => K::DefenceCalled(k::DefenceCalled {
            seats: seats_to(seats),
        }),
        Event::KnightsCommitted { seat, vertices } => K::KnightsCommitted(k::KnightsCommitted {
            seat: seat_to(*seat),
            vertices: vertices.iter().copied().map(v).collect(),
        }),
        Event::BarbariansAttacked {
            barbarians,
            knights,
            contributions,
            result,
        } => K::BarbariansAttacked(k::BarbariansAttacked {
            barbarians: (*barbarians).into(),
            knights: (*knights).into(),
            contributions: seat_counts_to(contributions),
            result: Some(match result {
                AttackResult::CatanWon { defender, tied } => {
                    k::barbarians_attacked::Result::CatanWon(k::CatanWon {
                        defender: defender.map(seat_to),
                        tied: seats_to(tied),
                    })
                }
                AttackResult::BarbariansWon { losers } => {
                    k::barbarians_attacked::Result::BarbariansWon(k::BarbariansWon {
                        losers: seats_to(losers),
                    })
                }
            }),
        }),
        Event::CityLost { seat, vertex, wall } => K::CityLost(k::CityLost {
            seat: seat_to(*seat),
            vertex: v(*vertex),
            wall: *wall,
        }),
        Event::ProgressCardDrawn { seat, track, card } => {
            K::ProgressCardDrawn(k::ProgressCardDrawn {
                seat: seat_to(*seat),
                track: track_to(*track),
                card: Some(card_to(*card)),
            })
        }
        Event::ProgressCardReturned { seat, card } => {
            K::ProgressCardReturned(k::ProgressCardReturned {
                seat: seat_to(*seat),
                card: Some(card_to(*card)),
            })
        }
        Event::ResourcesProduced { gains, withheld } => {
            K::ResourcesProduced(k::ResourcesProduced {
                gains: seat_hands_to(gains),
                withheld: withheld.iter().copied().map(good_to).collect(),
            })
        }
        Event::SevenRolled { discards } => K::SevenRolled(k::SevenRolled {
            discards: seat_counts_to(discards),
        }),
        Event::DiscardsRequired { discards } => K::DiscardsRequired(k::DiscardsRequired {
            discards: seat_counts_to(discards),
        }),
        Event::Discarded { seat, cards } => K::Discarded(k::Discarded {
            seat: seat_to(*seat),
            cards: Some(hand_to(*cards)),
        }),
        Event::RobberMoved { seat, hex } => K::RobberMoved(c::RobberMoved {
            seat: seat_to(*seat),
            hex: h(*hex),
        }),
        Event::CardStolen {
            thief,
            victim,
            good,
        } => K::CardStolen(k::CardStolen {
            thief: seat_to(*thief),
            victim: seat_to(*victim),
            good: Some(good_to(*good)),
        }),
        Event::AqueductTaken { seat, resource } => K::AqueductTaken(k::AqueductTaken {
            seat: seat_to(*seat),
            resource: resource_to(*resource),
        }),
        Event::RoadBuilt { seat, edge, free } => K::RoadBuilt(c::RoadBuilt {
            seat: seat_to(*seat),
            edge: e(*edge),
            free: *free,
        }),
        Event::RoadRemoved { seat, edge } => K::RoadRemoved(k::RoadRemoved {
            seat: seat_to(*seat),
            edge: e(*edge),
        }),
        Event::SettlementBuilt { seat, vertex } => K::SettlementBuilt(c::SettlementBuilt {
            seat: seat_to(*seat),
            vertex: v(*vertex),
        }),
        Event::CityBuilt { seat, vertex, paid } => K::CityBuilt(k::CityBuilt {
            seat: seat_to(*seat),
            vertex: v(*vertex),
            paid: Some(resources_to(*paid)),
        }),
        Event::CityWallBuilt { seat, vertex, free } => K::CityWallBuilt(k::CityWallBuilt {
            seat: seat_to(*seat),
            vertex: v(*vertex),
            free: *free,
        }),
        Event::KnightBuilt {
            seat,
            vertex,
            strength,
            free,
        } => K::KnightBuilt(k::KnightBuilt {
            seat: seat_to(*seat),
            vertex: v(*vertex),
            strength: (*strength).into(),
            free: *free,
        }),
        Event::KnightActivated { seat, vertex, free } => K::KnightActivated(k::KnightActivated {
            seat: seat_to(*seat),
            vertex: v(*vertex),
            free: *free,
        }),
        Event::KnightPromoted { seat, vertex, free } => K::KnightPromoted(k::KnightPromoted {
            seat: seat_to(*seat),
            vertex: v(*vertex),
            free: *free,
        }),
        Event::KnightMoved { seat, from, to } => K::KnightMoved(k::KnightMoved {
            seat: seat_to(*seat),
            from: v(*from),
            to: v(*to),
        }),
        Event::KnightDisplaced {
            by,
            from,
            seat,
            vertex,
        } => K::KnightDisplaced(k::KnightDisplaced {
            by: seat_to(*by),
            from: from.map(v),
            seat: seat_to(*seat),
            vertex: v(*vertex),
        }),
        Event::KnightRetreated { seat, vertex } => K::KnightRetreated(k::KnightRetreated {
            seat: seat_to(*seat),
            vertex: v(*vertex),
        }),
        Event::KnightLeftBoard { seat } => K::KnightLeftBoard(k::KnightLeftBoard {
            seat: seat_to(*seat),
        }),
        Event::KnightDeserted {
            seat,
            vertex,
            strength,
            to,
        } => K::KnightDeserted(k::KnightDeserted {
            seat: seat_to(*seat),
            vertex: v(*vertex),
            strength: (*strength).into(),
            to: seat_to(*to),
        }),
        Event::RobberChased { seat, knight, hex } => K::RobberChased(k::RobberChased {
            seat: seat_to(*seat),
            knight: v(*knight),
            hex: h(*hex),
        }),
        Event::CityImproved {
            seat,
            track,
            level,
            paid,
        } => K::CityImproved(k::CityImproved {
            seat: seat_to(*seat),
            track: track_to(*track),
            level: (*level).into(),
            paid: Some(commodities_to(*paid)),
        }),
        Event::MetropolisPlaced {
            seat,
            track,
            vertex,
            from,
        } => K::MetropolisPlaced(k::MetropolisPlaced {
            seat: seat_to(*seat),
            track: track_to(*track),
            vertex: v(*vertex),
            from: from.map(seat_to),
        }),
        Event::BankTraded {
            seat,
            give,
            give_count,
            receive,
        } => K::BankTraded(k::BankTraded {
            seat: seat_to(*seat),
            give: good_to(*give),
            give_count: (*give_count).into(),
            receive: good_to(*receive),
        }),
        Event::TradeOffered {
            seat,
            give,
            receive,
        } => K::TradeOffered(k::TradeOffered {
            seat: seat_to(*seat),
            give: Some(hand_to(*give)),
            receive: Some(hand_to(*receive)),
        }),
        Event::TradeRejected { seat } => K::TradeRejected(k::TradeRejected {
            seat: seat_to(*seat),
        }),
        Event::TradeWithdrawn { seat } => K::TradeWithdrawn(k::TradeWithdrawn {
            seat: seat_to(*seat),
        }),
        Event::CounterOffered {
            seat,
            give,
            receive,
        } => K::CounterOffered(k::CounterOffered {
            seat: seat_to(*seat),
            give: Some(hand_to(*give)),
            receive: Some(hand_to(*receive)),
        }),
        Event::CounterOfferRejected { seat } => K::CounterOfferRejected(c::CounterOfferRejected {
            seat: seat_to(*seat),
        }),
        Event::TradeCompleted {
            active,
            partner,
            given,
            received,
        } => K::TradeCompleted(k::TradeCompleted {
            active: seat_to(*active),
            partner: seat_to(*partner),
            given: Some(hand_to(*given)),
            received: Some(hand_to(*received)),
        }),
        Event::ProgressCardPlayed { seat, card } => K::ProgressCardPlayed(k::ProgressCardPlayed {
            seat: seat_to(*seat),
            card: card_to(*card),
        }),
        Event::CardsFromBank { seat, cards } => K::CardsFromBank(k::CardsFromBank {
            seat: seat_to(*seat),
            cards: Some(hand_to(*cards)),
        }),
        Event::CardsTransferred { from, to, cards } => K::CardsTransferred(k::CardsTransferred {
            from: seat_to(*from),
            to: seat_to(*to),
            cards: Some(hand_to(*cards)),
        }),
        Event::CardsGiven { seat, to, cards } => K::CardsGiven(k::CardsGiven {
            seat: seat_to(*seat),
            to: seat_to(*to),
            cards: Some(hand_to(*cards)),
        }),
        Event::CardsDemanded {
            to,
            demands,
            commodities_only,
        } => K::CardsDemanded(k::CardsDemanded {
            to: seat_to(*to),
            demands: seat_counts_to(demands),
            commodities_only: *commodities_only,
        }),
        Event::NumbersSwapped { first, second } => K::NumbersSwapped(k::NumbersSwapped {
            first: h(*first),
            second: h(*second),
        }),
        Event::MerchantPlaced { seat, hex } => K::MerchantPlaced(k::MerchantPlaced {
            seat: seat_to(*seat),
            hex: h(*hex),
        }),
        Event::MerchantFleetChosen { seat, good } => {
            K::MerchantFleetChosen(k::MerchantFleetChosen {
                seat: seat_to(*seat),
                good: good_to(*good),
            })
        }
        Event::KnightRemovalDemanded { seat, to } => {
            K::KnightRemovalDemanded(k::KnightRemovalDemanded {
                seat: seat_to(*seat),
                to: seat_to(*to),
            })
        }
        Event::HandRevealed {
            seat,
            victim,
            count,
        } => K::HandRevealed(k::HandRevealed {
            seat: seat_to(*seat),
            victim: seat_to(*victim),
            count: (*count).into(),
        }),
        Event::ProgressCardsRevealed { seat, victim } => {
            K::ProgressCardsRevealed(k::ProgressCardsRevealed {
                seat: seat_to(*seat),
                victim: seat_to(*victim),
            })
        }
        Event::ProgressCardTaken { seat, victim, card } => {
            K::ProgressCardTaken(k::ProgressCardTaken {
                seat: seat_to(*seat),
                victim: seat_to(*victim),
                card: Some(card_to(*card)),
            })
        }
        Event::CardsTaken {
            seat,
            victim,
            cards,
        } => K::CardsTaken(k::CardsTaken {
            seat: seat_to(*seat),
            victim: seat_to(*victim),
            cards: Some(hand_to(*cards)),
        }),
        Event::LongestRoadChanged { holder, length } => {
            K::LongestRoadChanged(c::LongestRoadChanged {
                holder: holder.map(seat_to),
                length: (*length).into(),
            })
        }
        Event::TurnEnded { seat, next } => K::TurnEnded(c::TurnEnded {
            seat: seat_to(*seat),
            next: seat_to(*next),
        }),
        Event::GameWon { seat, points } => K::GameWon(k::GameWon {
            seat: seat_to(*seat),
            points: (*points).into(),
        }),
    }
}

fn phase_to(p: Phase) -> k::Phase {
    let kind = |x: k::PhaseKind| x as i32;
    match p {
        Phase::PlaceBuilding { index } => k::Phase {
            kind: kind(k::PhaseKind::PlaceBuilding),
            placement_index: index.into(),
            ..Default::default()
        },
        Phase::PlaceRoad { index, vertex } => k::Phase {
            kind: kind(k::PhaseKind::PlaceRoad),
            placement_index: index.into(),
            vertex: Some(v(vertex)),
            ..Default::default()
        },
        Phase::Roll => k::Phase {
            kind: kind(k::PhaseKind::Roll),
            ..Default::default()
        },
        Phase::Resolving => k::Phase {
            kind: kind(k::PhaseKind::Resolving),
            ..Default::default()
        },
        Phase::Robber => k::Phase {
            kind: kind(k::PhaseKind::Robber),
            ..Default::default()
        },
        Phase::Main => k::Phase {
            kind: kind(k::PhaseKind::Main),
            ..Default::default()
        },
        Phase::Ended { winner } => k::Phase {
            kind: kind(k::PhaseKind::Ended),
            winner: Some(seat_to(winner)),
            ..Default::default()
        },
    }
}

fn obligation_to(o: Obligation) -> k::Obligation {
    use k::obligation::Obligation as O;
    let o = match o {
        Obligation::Discard { seat, count } => O::Discard(k::DiscardOwed {
            seat: seat_to(seat),
            count: count.into(),
        }),
        Obligation::Give {
            seat,
            to,
            count,
            commodities_only,
        } => O::Give(k::GiveOwed {
            seat: seat_to(seat),
            to: seat_to(to),
            count: count.into(),
            commodities_only,
        }),
        Obligation::LoseCity { seat } => O::LoseCity(k::LoseCityOwed {
            seat: seat_to(seat),
        }),
        Obligation::Retreat {
            seat,
            from,
            strength,
            active,
        } => O::Retreat(k::RetreatOwed {
            seat: seat_to(seat),
            from: v(from),
            strength: strength.into(),
            active,
        }),
        Obligation::RemoveKnight { seat, to } => O::RemoveKnight(k::RemoveKnightOwed {
            seat: seat_to(seat),
            to: seat_to(to),
        }),
        Obligation::ReturnProgressCard { seat } => {
            O::ReturnProgressCard(k::ReturnProgressCardOwed {
                seat: seat_to(seat),
            })
        }
        Obligation::CommitKnights { seat } => O::CommitKnights(k::CommitKnightsOwed {
            seat: seat_to(seat),
        }),
        Obligation::DrawProgressCard { seat } => O::DrawProgressCard(k::DrawProgressCardOwed {
            seat: seat_to(seat),
        }),
        Obligation::AqueductResource { seat } => O::AqueductResource(k::AqueductResourceOwed {
            seat: seat_to(seat),
        }),
        Obligation::TakeCards { seat, from, count } => O::TakeCards(k::TakeCardsOwed {
            seat: seat_to(seat),
            from: seat_to(from),
            count: count.into(),
        }),
        Obligation::TakeProgressCard { seat, from } => {
            O::TakeProgressCard(k::TakeProgressCardOwed {
                seat: seat_to(seat),
                from: seat_to(from),
            })
        }
    };
    k::Obligation {
        obligation: Some(o),
    }
}

fn player_to(p: &PlayerView) -> k::Player {
    k::Player {
        seat: seat_to(p.seat),
        card_count: p.card_count.into(),
        hand: p.hand.map(hand_to),
        progress_card_count: p.progress_card_count.into(),
        progress_cards: p.progress_cards.as_ref().map(|cards| k::ProgressCards {
            cards: cards.iter().copied().map(card_to).collect(),
        }),
        victory_point_cards: p.victory_point_cards.iter().copied().map(card_to).collect(),
        defender_cards: p.defender_cards.into(),
        improvements: Some(improvements_to(p.improvements)),
        settlements_left: p.settlements_left.into(),
        cities_left: p.cities_left.into(),
        roads_left: p.roads_left.into(),
        walls_left: p.walls_left.into(),
        basic_knights_left: p.knights_left[0].into(),
        strong_knights_left: p.knights_left[1].into(),
        mighty_knights_left: p.knights_left[2].into(),
        road_length: p.road_length.into(),
        points: p.points.into(),
        hand_limit: p.hand_limit.into(),
        counter_offer: p.counter_offer.map(terms_to),
        rejected_offer: p.rejected_offer,
    }
}

impl ProtoGame for CitiesKnights {
    const VARIANT: pb::Variant = pb::Variant::CitiesAndKnights;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, ApiError> {
        let map = match options.map() {
            pb::MapKind::Unspecified | pb::MapKind::Beginner => MapKind::Beginner,
            pb::MapKind::Random => MapKind::Variable,
        };
        let seats = u8::try_from(seats).map_err(|_| {
            ApiError::InvalidArgument("Cities & Knights is played by 3 or 4 players".into())
        })?;
        Ok(Config {
            seats,
            map,
            negotiated_defence: options.negotiated_defence,
            points_to_win: super::catan::points_to_win(options, POINTS_TO_WIN)?,
        })
    }

    fn command_from_proto(command: pb::Command) -> Result<Command, ApiError> {
        use k::command::Command as K;
        let Some(pb::command::Game::CitiesKnights(k::Command {
            command: Some(command),
        })) = command.game
        else {
            return Err(ApiError::InvalidArgument(
                "command must hold a cities_knights command for a Cities & Knights game".into(),
            ));
        };
        Ok(match command {
            K::PlaceSettlement(m) => Command::PlaceSettlement {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::PlaceCity(m) => Command::PlaceCity {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::PlaceRoad(m) => Command::PlaceRoad {
                edge: edge("edge", m.edge)?,
            },
            K::RollDice(_) => Command::RollDice,
            K::MoveRobber(m) => Command::MoveRobber {
                hex: hex("hex", m.hex)?,
                victim: m.victim.map(|s| seat("victim", s)).transpose()?,
            },
            K::Discard(m) => Command::Discard {
                cards: hand_from("cards", m.cards)?,
            },
            K::GiveCards(m) => Command::GiveCards {
                cards: hand_from("cards", m.cards)?,
            },
            K::ChooseCityToLose(m) => Command::ChooseCityToLose {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::RetreatKnight(m) => Command::RetreatKnight {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::RemoveKnight(m) => Command::RemoveKnight {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::ReturnProgressCard(m) => Command::ReturnProgressCard {
                card: card_from("card", m.card)?,
            },
            K::CommitKnights(m) => Command::CommitKnights {
                vertices: m
                    .vertices
                    .into_iter()
                    .map(|x| vertex("vertex", x))
                    .collect::<Result<_, _>>()?,
            },
            K::ChooseProgressDeck(m) => Command::ChooseProgressDeck {
                track: track_from("track", m.track)?,
            },
            K::TakeAqueductResource(m) => Command::TakeAqueductResource {
                resource: resource_from("resource", m.resource)?,
            },
            K::TakeCards(m) => Command::TakeCards {
                cards: hand_from("cards", m.cards)?,
            },
            K::TakeProgressCard(m) => Command::TakeProgressCard {
                card: card_from("card", m.card)?,
            },
            K::BuildRoad(m) => Command::BuildRoad {
                edge: edge("edge", m.edge)?,
            },
            K::BuildSettlement(m) => Command::BuildSettlement {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::BuildCity(m) => Command::BuildCity {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::BuildCityWall(m) => Command::BuildCityWall {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::BuildKnight(m) => Command::BuildKnight {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::PlaceDeserterKnight(m) => Command::PlaceDeserterKnight {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::ActivateKnight(m) => Command::ActivateKnight {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::PromoteKnight(m) => Command::PromoteKnight {
                vertex: vertex("vertex", m.vertex)?,
            },
            K::MoveKnight(m) => Command::MoveKnight {
                from: vertex("from", m.from)?,
                to: vertex("to", m.to)?,
            },
            K::ChaseRobber(m) => Command::ChaseRobber {
                knight: vertex("knight", m.knight)?,
            },
            K::ImproveCity(m) => Command::ImproveCity {
                track: track_from("track", m.track)?,
                metropolis: m.metropolis.map(|x| vertex("metropolis", x)).transpose()?,
            },
            K::BankTrade(m) => Command::BankTrade {
                give: good_from("give", m.give)?,
                receive: good_from("receive", m.receive)?,
            },
            K::OfferTrade(m) => Command::OfferTrade {
                give: hand_from("give", m.give)?,
                receive: hand_from("receive", m.receive)?,
            },
            K::AcceptTrade(_) => Command::AcceptTrade,
            K::RejectTrade(_) => Command::RejectTrade,
            K::WithdrawTrade(_) => Command::WithdrawTrade,
            K::CounterOffer(m) => Command::CounterOffer {
                give: hand_from("give", m.give)?,
                receive: hand_from("receive", m.receive)?,
            },
            K::AcceptCounterOffer(m) => Command::AcceptCounterOffer {
                seat: seat("seat", m.seat)?,
            },
            K::RejectCounterOffer(m) => Command::RejectCounterOffer {
                seat: seat("seat", m.seat)?,
            },
            K::PlayProgressCard(m) => Command::PlayProgressCard {
                play: play_from(m.play)?,
            },
            K::EndTurn(_) => Command::EndTurn,
        })
    }

    fn command_to_proto(command: &Command) -> pb::Command {
        use k::command::Command as K;
        wrap(match command {
            Command::PlaceSettlement { vertex } => {
                K::PlaceSettlement(k::PlaceSettlement { vertex: v(*vertex) })
            }
            Command::PlaceCity { vertex } => K::PlaceCity(k::PlaceCity { vertex: v(*vertex) }),
            Command::PlaceRoad { edge } => K::PlaceRoad(k::PlaceRoad { edge: e(*edge) }),
            Command::RollDice => K::RollDice(k::RollDice {}),
            Command::MoveRobber { hex, victim } => K::MoveRobber(k::MoveRobber {
                hex: h(*hex),
                victim: victim.map(seat_to),
            }),
            Command::Discard { cards } => K::Discard(k::Discard {
                cards: Some(hand_to(*cards)),
            }),
            Command::GiveCards { cards } => K::GiveCards(k::GiveCards {
                cards: Some(hand_to(*cards)),
            }),
            Command::ChooseCityToLose { vertex } => {
                K::ChooseCityToLose(k::ChooseCityToLose { vertex: v(*vertex) })
            }
            Command::RetreatKnight { vertex } => {
                K::RetreatKnight(k::RetreatKnight { vertex: v(*vertex) })
            }
            Command::RemoveKnight { vertex } => {
                K::RemoveKnight(k::RemoveKnight { vertex: v(*vertex) })
            }
            Command::ReturnProgressCard { card } => K::ReturnProgressCard(k::ReturnProgressCard {
                card: card_to(*card),
            }),
            Command::CommitKnights { vertices } => K::CommitKnights(k::CommitKnights {
                vertices: vertices.iter().copied().map(v).collect(),
            }),
            Command::ChooseProgressDeck { track } => K::ChooseProgressDeck(k::ChooseProgressDeck {
                track: track_to(*track),
            }),
            Command::TakeAqueductResource { resource } => {
                K::TakeAqueductResource(k::TakeAqueductResource {
                    resource: resource_to(*resource),
                })
            }
            Command::TakeCards { cards } => K::TakeCards(k::TakeCards {
                cards: Some(hand_to(*cards)),
            }),
            Command::TakeProgressCard { card } => K::TakeProgressCard(k::TakeProgressCard {
                card: card_to(*card),
            }),
            Command::BuildRoad { edge } => K::BuildRoad(k::BuildRoad { edge: e(*edge) }),
            Command::BuildSettlement { vertex } => {
                K::BuildSettlement(k::BuildSettlement { vertex: v(*vertex) })
            }
            Command::BuildCity { vertex } => K::BuildCity(k::BuildCity { vertex: v(*vertex) }),
            Command::BuildCityWall { vertex } => {
                K::BuildCityWall(k::BuildCityWall { vertex: v(*vertex) })
            }
            Command::BuildKnight { vertex } => {
                K::BuildKnight(k::BuildKnight { vertex: v(*vertex) })
            }
            Command::PlaceDeserterKnight { vertex } => {
                K::PlaceDeserterKnight(k::PlaceDeserterKnight { vertex: v(*vertex) })
            }
            Command::ActivateKnight { vertex } => {
                K::ActivateKnight(k::ActivateKnight { vertex: v(*vertex) })
            }
            Command::PromoteKnight { vertex } => {
                K::PromoteKnight(k::PromoteKnight { vertex: v(*vertex) })
            }
            Command::MoveKnight { from, to } => K::MoveKnight(k::MoveKnight {
                from: v(*from),
                to: v(*to),
            }),
            Command::ChaseRobber { knight } => {
                K::ChaseRobber(k::ChaseRobber { knight: v(*knight) })
            }
            Command::ImproveCity { track, metropolis } => K::ImproveCity(k::ImproveCity {
                track: track_to(*track),
                metropolis: metropolis.map(v),
            }),
            Command::BankTrade { give, receive } => K::BankTrade(k::BankTrade {
                give: good_to(*give),
                receive: good_to(*receive),
            }),
            Command::OfferTrade { give, receive } => K::OfferTrade(k::OfferTrade {
                give: Some(hand_to(*give)),
                receive: Some(hand_to(*receive)),
            }),
            Command::AcceptTrade => K::AcceptTrade(k::AcceptTrade {}),
            Command::RejectTrade => K::RejectTrade(k::RejectTrade {}),
            Command::WithdrawTrade => K::WithdrawTrade(k::WithdrawTrade {}),
            Command::CounterOffer { give, receive } => K::CounterOffer(k::CounterOffer {
                give: Some(hand_to(*give)),
                receive: Some(hand_to(*receive)),
            }),
            Command::AcceptCounterOffer { seat } => K::AcceptCounterOffer(c::AcceptCounterOffer {
                seat: seat_to(*seat),
            }),
            Command::RejectCounterOffer { seat } => K::RejectCounterOffer(c::RejectCounterOffer {
                seat: seat_to(*seat),
            }),
            Command::PlayProgressCard { play } => K::PlayProgressCard(k::PlayProgressCard {
                play: Some(play_to(play)),
            }),
            Command::EndTurn => K::EndTurn(k::EndTurn {}),
        })
    }

    fn event_to_proto(event: &EventView) -> pb::Event {
        use k::event::Event as K;
        let event = match event {
            EventView::Public(event) => public_event(event),
            EventView::ProgressCardDrawn { seat, track, card } => {
                K::ProgressCardDrawn(k::ProgressCardDrawn {
                    seat: seat_to(*seat),
                    track: track_to(*track),
                    card: card.map(card_to),
                })
            }
            EventView::ProgressCardReturned { seat, card } => {
                K::ProgressCardReturned(k::ProgressCardReturned {
                    seat: seat_to(*seat),
                    card: card.map(card_to),
                })
            }
            EventView::CardStolen {
                thief,
                victim,
                good,
            } => K::CardStolen(k::CardStolen {
                thief: seat_to(*thief),
                victim: seat_to(*victim),
                good: good.map(good_to),
            }),
            EventView::CardsTaken {
                seat,
                victim,
                cards,
            } => K::CardsTaken(k::CardsTaken {
                seat: seat_to(*seat),
                victim: seat_to(*victim),
                cards: cards.map(hand_to),
            }),
            EventView::ProgressCardTaken { seat, victim, card } => {
                K::ProgressCardTaken(k::ProgressCardTaken {
                    seat: seat_to(*seat),
                    victim: seat_to(*victim),
                    card: card.map(card_to),
                })
            }
        };
        pb::Event {
            body: Some(pb::event::Body::CitiesKnights(k::Event {
                event: Some(event),
            })),
        }
    }

    fn state_to_proto(state: &StateView) -> pb::GameState {
        let s = state;
        let [trade_left, politics_left, science_left] = s.progress_cards_left;
        let [trade_metro, politics_metro, science_metro] = s.metropolises;
        let state = k::State {
            board: Some(board_to(s.board.clone())),
            seats: s.seats.into(),
            points_to_win: s.points_to_win.into(),
            phase: Some(phase_to(s.phase)),
            active: seat_to(s.active),
            turn: s.turn.into(),
            robber: h(s.robber),
            robber_in_play: s.robber_in_play,
            barbarians: s.barbarians.into(),
            barbarian_attacks: s.barbarian_attacks.into(),
            bank: Some(hand_to(s.bank)),
            trade_cards_left: trade_left.into(),
            politics_cards_left: politics_left.into(),
            science_cards_left: science_left.into(),
            defender_cards_left: s.defender_cards_left.into(),
            last_roll: s.last_roll.map(roll_to),
            players: s.players.iter().map(player_to).collect(),
            buildings: s
                .buildings
                .iter()
                .map(|b| k::Building {
                    vertex: v(b.vertex),
                    seat: seat_to(b.seat),
                    city: b.city,
                    wall: b.wall,
                    metropolis: b.metropolis.map(track_to),
                })
                .collect(),
            roads: s
                .roads
                .iter()
                .map(|r| c::Road {
                    edge: e(r.edge),
                    seat: seat_to(r.seat),
                })
                .collect(),
            knights: s
                .knights
                .iter()
                .map(|x| k::Knight {
                    vertex: v(x.vertex),
                    seat: seat_to(x.seat),
                    strength: x.strength.into(),
                    active: x.active,
                    activated_this_turn: x.activated_this_turn,
                    promoted_this_turn: x.promoted_this_turn,
                })
                .collect(),
            trade_metropolis: trade_metro.map(seat_to),
            politics_metropolis: politics_metro.map(seat_to),
            science_metropolis: science_metro.map(seat_to),
            merchant: s.merchant.map(|(seat, hex)| k::MerchantPosition {
                seat: seat_to(seat),
                hex: h(hex),
            }),
            longest_road: s.longest_road.map(seat_to),
            offer: s.offer.map(terms_to),
            obligations: s.obligations.iter().copied().map(obligation_to).collect(),
            deserter_knight: s.deserter_knight.map(u32::from),
            merchant_fleet: s.merchant_fleet.map(good_to),
            winner: s.winner.map(seat_to),
        };
        pb::GameState {
            game: Some(pb::game_state::Game::CitiesKnights(state)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::{Game, GameRng, Viewer};
    use rand::SeedableRng;

    /// Every listed command survives the trip to proto and back, every view converts, and the spectator sees no
    /// hand and no progress card in hand, over random games.
    #[test]
    fn commands_round_trip_and_views_convert_over_random_games() {
        let mut seen = 0;
        let mut plays = 0;
        for game in 0..3u64 {
            let config = CitiesKnights::config(&pb::GameOptions::default(), 4).unwrap();
            let mut rng = GameRng::seed_from_u64(11 + game);
            let setup = CitiesKnights::setup(&config, &mut rng).unwrap();
            let mut state = CitiesKnights::initial_state(&setup);
            for _ in 0..3000 {
                if CitiesKnights::outcome(&state).is_some() {
                    break;
                }
                let Some(&seat) = CitiesKnights::seats_to_act(&state).first() else {
                    break;
                };
                for legal in CitiesKnights::legal_actions(&state, seat) {
                    let back =
                        CitiesKnights::command_from_proto(CitiesKnights::command_to_proto(&legal))
                            .unwrap();
                    assert_eq!(back, legal);
                    plays += usize::from(matches!(legal, Command::PlayProgressCard { .. }));
                    seen += 1;
                }
                let command =
                    hexfold_rules::cities_knights::random_command(&state, seat, &mut rng).unwrap();
                for event in CitiesKnights::decide(&state, seat, &command, &mut rng).unwrap() {
                    for viewer in [Viewer::Seat(seat), Viewer::Spectator, Viewer::Omniscient] {
                        let _ = CitiesKnights::event_to_proto(&CitiesKnights::view_event(
                            &state, &event, viewer,
                        ));
                    }
                    state = CitiesKnights::evolve(state, &event);
                }
                let spectator = CitiesKnights::state_to_proto(&CitiesKnights::view_state(
                    &state,
                    Viewer::Spectator,
                ));
                let Some(pb::game_state::Game::CitiesKnights(view)) = spectator.game else {
                    panic!("not cities & knights")
                };
                assert!(view
                    .players
                    .iter()
                    .all(|p| p.hand.is_none() && p.progress_cards.is_none()));
            }
        }
        assert!(seen > 1000);
        assert!(plays > 0, "no progress card play was round-tripped");
    }

    /// Offers are public: a spectator's view carries the open offer, each seat's counter-offer and refusal, and the
    /// counter-offer events convert to their own oneof cases, while hands stay hidden.
    #[test]
    fn counter_offers_are_public_in_views_and_events() {
        use hexfold_rules::hex::Resources;
        let config = CitiesKnights::config(&pb::GameOptions::default(), 3).unwrap();
        let setup = CitiesKnights::setup(&config, &mut GameRng::seed_from_u64(1)).unwrap();
        let brick = Hand::of_resources(Resources::new(1, 0, 0, 0, 0));
        let coin = Hand::of_commodities(Commodities {
            coin: 1,
            ..Commodities::default()
        });
        let grain = Hand::of_resources(Resources::new(0, 0, 0, 1, 0));
        let events = [
            Event::TurnEnded {
                seat: hexfold_rules::Seat(2),
                next: hexfold_rules::Seat(0),
            },
            Event::CardsFromBank {
                seat: hexfold_rules::Seat(0),
                cards: brick,
            },
            Event::DiceRolled {
                seat: hexfold_rules::Seat(0),
                roll: Roll {
                    white: 1,
                    red: 1,
                    event: EventDie::Ship,
                },
                alchemist: false,
            },
            Event::ResourcesProduced {
                gains: Vec::new(),
                withheld: Vec::new(),
            },
            Event::TradeOffered {
                seat: hexfold_rules::Seat(0),
                give: brick,
                receive: grain,
            },
            Event::CounterOffered {
                seat: hexfold_rules::Seat(1),
                give: coin,
                receive: brick,
            },
            Event::TradeRejected {
                seat: hexfold_rules::Seat(2),
            },
        ];
        let state = events
            .iter()
            .fold(CitiesKnights::initial_state(&setup), CitiesKnights::evolve);
        let view =
            CitiesKnights::state_to_proto(&CitiesKnights::view_state(&state, Viewer::Spectator));
        let Some(pb::game_state::Game::CitiesKnights(view)) = view.game else {
            panic!("not cities & knights")
        };
        assert_eq!(view.offer.and_then(|t| t.give), Some(hand_to(brick)));
        let counter = view.players[1].counter_offer.as_ref().unwrap();
        assert_eq!(counter.give, Some(hand_to(coin)));
        assert_eq!(counter.receive, Some(hand_to(brick)));
        assert!(view.players[2].rejected_offer && !view.players[1].rejected_offer);
        assert!(view.players.iter().all(|p| p.hand.is_none()));
        let kind = |e: &Event| {
            let Some(pb::event::Body::CitiesKnights(k::Event { event: Some(e) })) =
                CitiesKnights::event_to_proto(&CitiesKnights::view_event(
                    &state,
                    e,
                    Viewer::Spectator,
                ))
                .body
            else {
                panic!("not a cities & knights event")
            };
            e
        };
        assert!(matches!(
            kind(&events[5]),
            k::event::Event::CounterOffered(k::CounterOffered { seat: 1, .. })
        ));
        assert!(matches!(
            kind(&Event::CounterOfferRejected {
                seat: hexfold_rules::Seat(1)
            }),
            k::event::Event::CounterOfferRejected(c::CounterOfferRejected { seat: 1 })
        ));
    }

    #[test]
    fn bad_enums_ids_and_missing_oneofs_are_invalid_arguments() {
        use k::command::Command as K;
        let bad = [
            wrap(K::ImproveCity(k::ImproveCity {
                track: 0,
                metropolis: None,
            })),
            wrap(K::ImproveCity(k::ImproveCity {
                track: k::Track::Trade as i32,
                metropolis: Some(1 << 20),
            })),
            wrap(K::MoveRobber(k::MoveRobber {
                hex: 300,
                victim: None,
            })),
            wrap(K::BankTrade(k::BankTrade {
                give: 42,
                receive: k::Good::Coin as i32,
            })),
            wrap(K::Discard(k::Discard { cards: None })),
            wrap(K::PlayProgressCard(k::PlayProgressCard { play: None })),
            wrap(K::PlayProgressCard(k::PlayProgressCard {
                play: Some(k::ProgressPlay { card: None }),
            })),
            wrap(K::ReturnProgressCard(k::ReturnProgressCard { card: 0 })),
            pb::Command {
                game: Some(pb::command::Game::CitiesKnights(k::Command {
                    command: None,
                })),
            },
            pb::Command::default(),
        ];
        for command in bad {
            assert_eq!(
                CitiesKnights::command_from_proto(command.clone())
                    .unwrap_err()
                    .code(),
                tonic::Code::InvalidArgument,
                "{command:?}"
            );
        }
        let options = pb::GameOptions {
            map: 0,
            victory_points: 10,
            negotiated_defence: false,
        };
        assert_eq!(
            CitiesKnights::config(&options, 4).unwrap().points_to_win,
            10
        );
        let options = pb::GameOptions {
            map: 0,
            victory_points: 0,
            negotiated_defence: true,
        };
        assert!(
            CitiesKnights::config(&options, 4)
                .unwrap()
                .negotiated_defence
        );
    }
}

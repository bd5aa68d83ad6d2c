//! Base Catan over gRPC: conversions between `hexfold_rules::catan` and `proto/hexfold/v1/catan.proto`.
//!
//! Ids travel as plain integers; whether one exists on this board is the rules' business (`NoSuchVertex` and
//! friends are FAILED_PRECONDITION with the rule id), so here an id is only checked to fit its Rust type.

use crate::error::ApiError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::catan::{
    BoardView, Catan, Command, Config, DevCard, DevCards, EventView, MapKind, Phase, PlayerView,
    SeatCount, SeatResources, StateView, TradeTerms, POINTS_TO_WIN,
};
use hexfold_rules::hex::{Dice, Resource, Resources, Terrain, VertexCorner};
use hexfold_rules::Seat;
use pb::catan as c;
use serde::de::{value, DeserializeOwned, IntoDeserializer};

/// Builds an id newtype from its wire integer through its (transparent) serde form, which checks that the number
/// fits the id's integer type.
pub(crate) fn id<T: DeserializeOwned>(what: &str, n: u32) -> Result<T, ApiError> {
    T::deserialize(IntoDeserializer::<value::Error>::into_deserializer(n))
        .map_err(|_| ApiError::InvalidArgument(format!("{what} {n} is out of range")))
}

pub(crate) fn seat(what: &str, n: u32) -> Result<Seat, ApiError> {
    u8::try_from(n)
        .map(Seat)
        .map_err(|_| ApiError::InvalidArgument(format!("{what} {n} is out of range")))
}

pub(crate) fn count(what: &str, n: u32) -> Result<u8, ApiError> {
    u8::try_from(n).map_err(|_| ApiError::InvalidArgument(format!("{what} count {n} is over 255")))
}

pub(crate) fn resources_from(what: &str, r: Option<c::Resources>) -> Result<Resources, ApiError> {
    let r = r.ok_or_else(|| ApiError::InvalidArgument(format!("{what} is required")))?;
    Ok(Resources::new(
        count("brick", r.brick)?,
        count("lumber", r.lumber)?,
        count("wool", r.wool)?,
        count("grain", r.grain)?,
        count("ore", r.ore)?,
    ))
}

enum_conversions!(pub(crate) resource_from, resource_to: Resource <=> c::Resource, "a resource",
    [Brick, Lumber, Wool, Grain, Ore]);

pub(crate) fn resources_to(r: Resources) -> c::Resources {
    c::Resources {
        brick: r.brick.into(),
        lumber: r.lumber.into(),
        wool: r.wool.into(),
        grain: r.grain.into(),
        ore: r.ore.into(),
    }
}

fn dev_card_to(d: DevCard) -> i32 {
    (match d {
        DevCard::Knight => c::DevCard::Knight,
        DevCard::VictoryPoint => c::DevCard::VictoryPoint,
        DevCard::RoadBuilding => c::DevCard::RoadBuilding,
        DevCard::YearOfPlenty => c::DevCard::YearOfPlenty,
        DevCard::Monopoly => c::DevCard::Monopoly,
    }) as i32
}

fn dev_cards_to(d: DevCards) -> c::DevCards {
    c::DevCards {
        knight: d.knight.into(),
        victory_point: d.victory_point.into(),
        road_building: d.road_building.into(),
        year_of_plenty: d.year_of_plenty.into(),
        monopoly: d.monopoly.into(),
    }
}

fn dice_to(d: Dice) -> c::Dice {
    c::Dice {
        first: d.first.into(),
        second: d.second.into(),
    }
}

fn terms_to(t: TradeTerms) -> c::TradeTerms {
    c::TradeTerms {
        give: Some(resources_to(t.give)),
        receive: Some(resources_to(t.receive)),
    }
}

pub(crate) fn seat_to(s: Seat) -> u32 {
    s.0.into()
}

fn seat_counts_to(v: Vec<SeatCount>) -> Vec<c::SeatCount> {
    v.into_iter()
        .map(|s| c::SeatCount {
            seat: seat_to(s.seat),
            count: s.count.into(),
        })
        .collect()
}

fn seat_resources_to(v: Vec<SeatResources>) -> Vec<c::SeatResources> {
    v.into_iter()
        .map(|s| c::SeatResources {
            seat: seat_to(s.seat),
            resources: Some(resources_to(s.resources)),
        })
        .collect()
}

fn terrain_to(t: Terrain) -> i32 {
    (match t {
        Terrain::Hills => c::Terrain::Hills,
        Terrain::Forest => c::Terrain::Forest,
        Terrain::Pasture => c::Terrain::Pasture,
        Terrain::Fields => c::Terrain::Fields,
        Terrain::Mountains => c::Terrain::Mountains,
        Terrain::Desert => c::Terrain::Desert,
        // No game on the wire has sea hexes yet; Catania's proto will give them a value of their own.
        Terrain::Sea => c::Terrain::Unspecified,
    }) as i32
}

pub(crate) fn index_u32(i: usize) -> u32 {
    u32::try_from(i).expect("board ids fit in u32")
}

pub(crate) fn board_to(b: BoardView) -> c::Board {
    c::Board {
        hexes: b
            .layout
            .hexes
            .iter()
            .map(|h| c::HexTile {
                coord: Some(c::HexCoord {
                    q: h.coord.q.into(),
                    r: h.coord.r.into(),
                }),
                terrain: terrain_to(h.terrain),
                number: h.number.map(u32::from),
            })
            .collect(),
        harbors: b
            .layout
            .harbors
            .iter()
            .map(|h| c::Harbor {
                edge: index_u32(h.edge.index()),
                resource: h.resource.map(resource_to),
            })
            .collect(),
        vertices: b
            .vertices
            .iter()
            .map(|v| c::VertexKey {
                q: v.q.into(),
                r: v.r.into(),
                corner: match v.corner {
                    VertexCorner::N => c::Corner::N,
                    VertexCorner::S => c::Corner::S,
                } as i32,
            })
            .collect(),
        edges: b
            .edges
            .iter()
            .map(|[a, b]| c::EdgeEnds {
                a: index_u32(a.index()),
                b: index_u32(b.index()),
            })
            .collect(),
    }
}

fn phase_to(p: Phase) -> c::Phase {
    let kind = |k: c::PhaseKind| k as i32;
    match p {
        Phase::StartingRoll => c::Phase {
            kind: kind(c::PhaseKind::StartingRoll),
            ..Default::default()
        },
        Phase::PlaceSettlement { index } => c::Phase {
            kind: kind(c::PhaseKind::PlaceSettlement),
            placement_index: index.into(),
            ..Default::default()
        },
        Phase::PlaceRoad { index, settlement } => c::Phase {
            kind: kind(c::PhaseKind::PlaceRoad),
            placement_index: index.into(),
            settlement: Some(index_u32(settlement.index())),
            ..Default::default()
        },
        Phase::Roll => c::Phase {
            kind: kind(c::PhaseKind::Roll),
            ..Default::default()
        },
        Phase::Discard => c::Phase {
            kind: kind(c::PhaseKind::Discard),
            ..Default::default()
        },
        Phase::Robber => c::Phase {
            kind: kind(c::PhaseKind::Robber),
            ..Default::default()
        },
        Phase::Main => c::Phase {
            kind: kind(c::PhaseKind::Main),
            ..Default::default()
        },
        Phase::Ended { winner } => c::Phase {
            kind: kind(c::PhaseKind::Ended),
            winner: Some(seat_to(winner)),
            ..Default::default()
        },
    }
}

fn player_to(p: &PlayerView) -> c::Player {
    c::Player {
        seat: seat_to(p.seat),
        resource_count: p.resource_count.into(),
        resources: p.resources.map(resources_to),
        development_card_count: p.development_card_count.into(),
        development_cards: p.development_cards.map(dev_cards_to),
        development_cards_new: p.development_cards_new.map(dev_cards_to),
        knights_played: p.knights_played.into(),
        settlements_left: p.settlements_left.into(),
        cities_left: p.cities_left.into(),
        roads_left: p.roads_left.into(),
        road_length: p.road_length.into(),
        public_points: p.public_points.into(),
        victory_point_cards: p.victory_point_cards.map(u32::from),
        discard_owed: p.discard_owed.into(),
        counter_offer: p.counter_offer.map(terms_to),
        rejected_offer: p.rejected_offer,
    }
}

fn wrap(command: c::command::Command) -> pb::Command {
    pb::Command {
        game: Some(pb::command::Game::Catan(c::Command {
            command: Some(command),
        })),
    }
}

/// The creator's points target: 0 means the rules' `default`; the rules crate checks the range at setup.
pub(crate) fn points_to_win(options: &pb::GameOptions, default: u8) -> Result<u8, ApiError> {
    match options.victory_points {
        0 => Ok(default),
        n => u8::try_from(n)
            .map_err(|_| ApiError::InvalidArgument(format!("victory_points {n} is out of range"))),
    }
}

impl ProtoGame for Catan {
    const VARIANT: pb::Variant = pb::Variant::Catan;
    const STATE_SCHEMA: u32 = 1;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, ApiError> {
        let map = match options.map() {
            pb::MapKind::Unspecified | pb::MapKind::Beginner => MapKind::Beginner,
            pb::MapKind::Random => MapKind::Variable,
        };
        if options.negotiated_defence {
            return Err(ApiError::InvalidArgument(
                "negotiated_defence is an option of Cities & Knights, not of base Catan".into(),
            ));
        }
        let seats = u8::try_from(seats)
            .map_err(|_| ApiError::InvalidArgument("Catan is played by 3 or 4 players".into()))?;
        Ok(Config {
            seats,
            map,
            points_to_win: points_to_win(options, POINTS_TO_WIN)?,
        })
    }

    fn command_from_proto(command: pb::Command) -> Result<Command, ApiError> {
        use c::command::Command as K;
        let Some(pb::command::Game::Catan(c::Command {
            command: Some(command),
        })) = command.game
        else {
            return Err(ApiError::InvalidArgument(
                "command must hold a catan command for a catan game".into(),
            ));
        };
        Ok(match command {
            K::RollDice(_) => Command::RollDice,
            K::PlaceSettlement(m) => Command::PlaceSettlement {
                vertex: id("vertex", m.vertex)?,
            },
            K::PlaceRoad(m) => Command::PlaceRoad {
                edge: id("edge", m.edge)?,
            },
            K::Discard(m) => Command::Discard {
                resources: resources_from("resources", m.resources)?,
            },
            K::MoveRobber(m) => Command::MoveRobber {
                hex: id("hex", m.hex)?,
                victim: m.victim.map(|v| seat("victim", v)).transpose()?,
            },
            K::BuildRoad(m) => Command::BuildRoad {
                edge: id("edge", m.edge)?,
            },
            K::BuildSettlement(m) => Command::BuildSettlement {
                vertex: id("vertex", m.vertex)?,
            },
            K::BuildCity(m) => Command::BuildCity {
                vertex: id("vertex", m.vertex)?,
            },
            K::BuyDevelopmentCard(_) => Command::BuyDevelopmentCard,
            K::PlayKnight(_) => Command::PlayKnight,
            K::PlayRoadBuilding(m) => Command::PlayRoadBuilding {
                first: id("first edge", m.first)?,
                second: m.second.map(|e| id("second edge", e)).transpose()?,
            },
            K::PlayYearOfPlenty(m) => Command::PlayYearOfPlenty {
                first: resource_from("first", m.first)?,
                second: resource_from("second", m.second)?,
            },
            K::PlayMonopoly(m) => Command::PlayMonopoly {
                resource: resource_from("resource", m.resource)?,
            },
            K::MaritimeTrade(m) => Command::MaritimeTrade {
                give: resource_from("give", m.give)?,
                receive: resource_from("receive", m.receive)?,
            },
            K::OfferTrade(m) => Command::OfferTrade {
                give: resources_from("give", m.give)?,
                receive: resources_from("receive", m.receive)?,
            },
            K::CounterOffer(m) => Command::CounterOffer {
                give: resources_from("give", m.give)?,
                receive: resources_from("receive", m.receive)?,
            },
            K::AcceptTrade(_) => Command::AcceptTrade,
            K::RejectTrade(_) => Command::RejectTrade,
            K::AcceptCounterOffer(m) => Command::AcceptCounterOffer {
                seat: seat("seat", m.seat)?,
            },
            K::RejectCounterOffer(m) => Command::RejectCounterOffer {
                seat: seat("seat", m.seat)?,
            },
            K::WithdrawTrade(_) => Command::WithdrawTrade,
            K::EndTurn(_) => Command::EndTurn,
        })
    }

    fn command_to_proto(command: &Command) -> pb::Command {
        use c::command::Command as K;
        let edge = |e: hexfold_rules::hex::EdgeId| index_u32(e.index());
        let vertex = |v: hexfold_rules::hex::VertexId| index_u32(v.index());
        wrap(match *command {
            Command::RollDice => K::RollDice(c::RollDice {}),
            Command::PlaceSettlement { vertex: v } => {
                K::PlaceSettlement(c::PlaceSettlement { vertex: vertex(v) })
            }
            Command::PlaceRoad { edge: e } => K::PlaceRoad(c::PlaceRoad { edge: edge(e) }),
            Command::Discard { resources } => K::Discard(c::Discard {
                resources: Some(resources_to(resources)),
            }),
            Command::MoveRobber { hex, victim } => K::MoveRobber(c::MoveRobber {
                hex: index_u32(hex.index()),
                victim: victim.map(seat_to),
            }),
            Command::BuildRoad { edge: e } => K::BuildRoad(c::BuildRoad { edge: edge(e) }),
            Command::BuildSettlement { vertex: v } => {
                K::BuildSettlement(c::BuildSettlement { vertex: vertex(v) })
            }
            Command::BuildCity { vertex: v } => K::BuildCity(c::BuildCity { vertex: vertex(v) }),
            Command::BuyDevelopmentCard => K::BuyDevelopmentCard(c::BuyDevelopmentCard {}),
            Command::PlayKnight => K::PlayKnight(c::PlayKnight {}),
            Command::PlayRoadBuilding { first, second } => {
                K::PlayRoadBuilding(c::PlayRoadBuilding {
                    first: edge(first),
                    second: second.map(edge),
                })
            }
            Command::PlayYearOfPlenty { first, second } => {
                K::PlayYearOfPlenty(c::PlayYearOfPlenty {
                    first: resource_to(first),
                    second: resource_to(second),
                })
            }
            Command::PlayMonopoly { resource } => K::PlayMonopoly(c::PlayMonopoly {
                resource: resource_to(resource),
            }),
            Command::MaritimeTrade { give, receive } => K::MaritimeTrade(c::MaritimeTrade {
                give: resource_to(give),
                receive: resource_to(receive),
            }),
            Command::OfferTrade { give, receive } => K::OfferTrade(c::OfferTrade {
                give: Some(resources_to(give)),
                receive: Some(resources_to(receive)),
            }),
            Command::CounterOffer { give, receive } => K::CounterOffer(c::CounterOffer {
                give: Some(resources_to(give)),
                receive: Some(resources_to(receive)),
            }),
            Command::AcceptTrade => K::AcceptTrade(c::AcceptTrade {}),
            Command::RejectTrade => K::RejectTrade(c::RejectTrade {}),
            Command::AcceptCounterOffer { seat } => K::AcceptCounterOffer(c::AcceptCounterOffer {
                seat: seat_to(seat),
            }),
            Command::RejectCounterOffer { seat } => K::RejectCounterOffer(c::RejectCounterOffer {
                seat: seat_to(seat),
            }),
            Command::WithdrawTrade => K::WithdrawTrade(c::WithdrawTrade {}),
            Command::EndTurn => K::EndTurn(c::EndTurn {}),
        })
    }

    fn event_to_proto(event: &EventView) -> pb::Event {
        use c::event::Event as K;
        let e = match event.clone() {
            EventView::StartingRollMade { seat, dice } => {
                K::StartingRollMade(c::StartingRollMade {
                    seat: seat_to(seat),
                    dice: Some(dice_to(dice)),
                })
            }
            EventView::StartingRollTied { seats } => K::StartingRollTied(c::StartingRollTied {
                seats: seats.into_iter().map(seat_to).collect(),
            }),
            EventView::StartingPlayerChosen { seat } => {
                K::StartingPlayerChosen(c::StartingPlayerChosen {
                    seat: seat_to(seat),
                })
            }
            EventView::SettlementPlaced { seat, vertex } => {
                K::SettlementPlaced(c::SettlementPlaced {
                    seat: seat_to(seat),
                    vertex: index_u32(vertex.index()),
                })
            }
            EventView::RoadPlaced { seat, edge } => K::RoadPlaced(c::RoadPlaced {
                seat: seat_to(seat),
                edge: index_u32(edge.index()),
            }),
            EventView::StartingResourcesTaken { seat, resources } => {
                K::StartingResourcesTaken(c::StartingResourcesTaken {
                    seat: seat_to(seat),
                    resources: Some(resources_to(resources)),
                })
            }
            EventView::DiceRolled { seat, dice } => K::DiceRolled(c::DiceRolled {
                seat: seat_to(seat),
                dice: Some(dice_to(dice)),
            }),
            EventView::ResourcesProduced { gains, withheld } => {
                K::ResourcesProduced(c::ResourcesProduced {
                    gains: seat_resources_to(gains),
                    withheld: withheld.into_iter().map(resource_to).collect(),
                })
            }
            EventView::DiscardsRequired { discards } => K::DiscardsRequired(c::DiscardsRequired {
                discards: seat_counts_to(discards),
            }),
            EventView::Discarded { seat, resources } => K::Discarded(c::Discarded {
                seat: seat_to(seat),
                resources: Some(resources_to(resources)),
            }),
            EventView::RobberMoved { seat, hex } => K::RobberMoved(c::RobberMoved {
                seat: seat_to(seat),
                hex: index_u32(hex.index()),
            }),
            EventView::ResourceStolen {
                thief,
                victim,
                resource,
            } => K::ResourceStolen(c::ResourceStolen {
                thief: seat_to(thief),
                victim: seat_to(victim),
                resource: resource.map(resource_to),
            }),
            EventView::RoadBuilt { seat, edge, free } => K::RoadBuilt(c::RoadBuilt {
                seat: seat_to(seat),
                edge: index_u32(edge.index()),
                free,
            }),
            EventView::SettlementBuilt { seat, vertex } => K::SettlementBuilt(c::SettlementBuilt {
                seat: seat_to(seat),
                vertex: index_u32(vertex.index()),
            }),
            EventView::CityBuilt { seat, vertex } => K::CityBuilt(c::CityBuilt {
                seat: seat_to(seat),
                vertex: index_u32(vertex.index()),
            }),
            EventView::DevelopmentCardBought { seat, card } => {
                K::DevelopmentCardBought(c::DevelopmentCardBought {
                    seat: seat_to(seat),
                    card: card.map(dev_card_to),
                })
            }
            EventView::KnightPlayed { seat } => K::KnightPlayed(c::KnightPlayed {
                seat: seat_to(seat),
            }),
            EventView::RoadBuildingPlayed { seat } => {
                K::RoadBuildingPlayed(c::RoadBuildingPlayed {
                    seat: seat_to(seat),
                })
            }
            EventView::YearOfPlentyPlayed {
                seat,
                first,
                second,
            } => K::YearOfPlentyPlayed(c::YearOfPlentyPlayed {
                seat: seat_to(seat),
                first: resource_to(first),
                second: resource_to(second),
            }),
            EventView::MonopolyPlayed {
                seat,
                resource,
                taken,
            } => K::MonopolyPlayed(c::MonopolyPlayed {
                seat: seat_to(seat),
                resource: resource_to(resource),
                taken: seat_counts_to(taken),
            }),
            EventView::MaritimeTraded {
                seat,
                give,
                give_count,
                receive,
            } => K::MaritimeTraded(c::MaritimeTraded {
                seat: seat_to(seat),
                give: resource_to(give),
                give_count: give_count.into(),
                receive: resource_to(receive),
            }),
            EventView::TradeOffered {
                seat,
                give,
                receive,
            } => K::TradeOffered(c::TradeOffered {
                seat: seat_to(seat),
                give: Some(resources_to(give)),
                receive: Some(resources_to(receive)),
            }),
            EventView::CounterOffered {
                seat,
                give,
                receive,
            } => K::CounterOffered(c::CounterOffered {
                seat: seat_to(seat),
                give: Some(resources_to(give)),
                receive: Some(resources_to(receive)),
            }),
            EventView::TradeRejected { seat } => K::TradeRejected(c::TradeRejected {
                seat: seat_to(seat),
            }),
            EventView::CounterOfferRejected { seat } => {
                K::CounterOfferRejected(c::CounterOfferRejected {
                    seat: seat_to(seat),
                })
            }
            EventView::TradeWithdrawn { seat } => K::TradeWithdrawn(c::TradeWithdrawn {
                seat: seat_to(seat),
            }),
            EventView::TradeCompleted {
                active,
                partner,
                given,
                received,
            } => K::TradeCompleted(c::TradeCompleted {
                active: seat_to(active),
                partner: seat_to(partner),
                given: Some(resources_to(given)),
                received: Some(resources_to(received)),
            }),
            EventView::LongestRoadChanged { holder, length } => {
                K::LongestRoadChanged(c::LongestRoadChanged {
                    holder: holder.map(seat_to),
                    length: length.into(),
                })
            }
            EventView::LargestArmyChanged { holder, knights } => {
                K::LargestArmyChanged(c::LargestArmyChanged {
                    holder: seat_to(holder),
                    knights: knights.into(),
                })
            }
            EventView::TurnEnded { seat, next } => K::TurnEnded(c::TurnEnded {
                seat: seat_to(seat),
                next: seat_to(next),
            }),
            EventView::GameWon {
                seat,
                points,
                victory_point_cards,
            } => K::GameWon(c::GameWon {
                seat: seat_to(seat),
                points: points.into(),
                victory_point_cards: seat_counts_to(victory_point_cards),
            }),
        };
        pb::Event {
            body: Some(pb::event::Body::Catan(c::Event { event: Some(e) })),
        }
    }

    fn state_to_proto(state: &StateView) -> pb::GameState {
        let s = state.clone();
        let state = c::State {
            board: Some(board_to(s.board)),
            seats: s.seats.into(),
            points_to_win: s.points_to_win.into(),
            phase: Some(phase_to(s.phase)),
            active: seat_to(s.active),
            turn: s.turn.into(),
            rolled: s.rolled,
            development_card_played: s.development_card_played,
            robber: index_u32(s.robber.index()),
            bank: Some(resources_to(s.bank)),
            development_cards_left: s.development_cards_left.into(),
            last_roll: s.last_roll.map(dice_to),
            players: s.players.iter().map(player_to).collect(),
            buildings: s
                .buildings
                .iter()
                .map(|b| c::Building {
                    vertex: index_u32(b.vertex.index()),
                    seat: seat_to(b.seat),
                    city: b.city,
                })
                .collect(),
            roads: s
                .roads
                .iter()
                .map(|r| c::Road {
                    edge: index_u32(r.edge.index()),
                    seat: seat_to(r.seat),
                })
                .collect(),
            longest_road: s.longest_road.map(seat_to),
            largest_army: s.largest_army.map(seat_to),
            offer: s.offer.map(terms_to),
            winner: s.winner.map(seat_to),
        };
        pb::GameState {
            game: Some(pb::game_state::Game::Catan(state)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::{Game, GameRng};
    use rand::SeedableRng;

    /// Every command a random game produces survives the trip to proto and back.
    #[test]
    fn commands_round_trip_through_proto() {
        let config = Catan::config(&pb::GameOptions::default(), 4).unwrap();
        let mut rng = GameRng::seed_from_u64(7);
        let setup = Catan::setup(&config, &mut rng).unwrap();
        let mut state = Catan::initial_state(&setup);
        let mut seen = 0;
        for _ in 0..2000 {
            if Catan::outcome(&state).is_some() {
                break;
            }
            let seat = Catan::seats_to_act(&state)[0];
            for legal in Catan::legal_actions(&state, seat) {
                let back = Catan::command_from_proto(Catan::command_to_proto(&legal)).unwrap();
                assert_eq!(back, legal);
                seen += 1;
            }
            let command = hexfold_rules::catan::random_command(&state, seat, &mut rng).unwrap();
            for event in Catan::decide(&state, seat, &command, &mut rng).unwrap() {
                state = Catan::evolve(state, &event);
            }
        }
        assert!(seen > 100);
    }

    #[test]
    fn out_of_range_ids_and_missing_fields_are_invalid_arguments() {
        let command = wrap(c::command::Command::MoveRobber(c::MoveRobber {
            hex: 300,
            victim: None,
        }));
        assert_eq!(
            Catan::command_from_proto(command).unwrap_err().code(),
            tonic::Code::InvalidArgument
        );
        let command = wrap(c::command::Command::Discard(c::Discard { resources: None }));
        assert_eq!(
            Catan::command_from_proto(command).unwrap_err().code(),
            tonic::Code::InvalidArgument
        );
        let command = wrap(c::command::Command::PlayMonopoly(c::PlayMonopoly {
            resource: 0,
        }));
        assert_eq!(
            Catan::command_from_proto(command).unwrap_err().code(),
            tonic::Code::InvalidArgument
        );
        assert!(Catan::command_from_proto(pb::Command::default()).is_err());
        let options = pb::GameOptions {
            map: 0,
            victory_points: 12,
            negotiated_defence: false,
        };
        assert_eq!(Catan::config(&options, 4).unwrap().points_to_win, 12);
        let options = pb::GameOptions {
            map: 0,
            victory_points: 0,
            negotiated_defence: false,
        };
        assert_eq!(
            Catan::config(&options, 4).unwrap().points_to_win,
            POINTS_TO_WIN
        );
        let options = pb::GameOptions {
            map: 0,
            victory_points: 256,
            negotiated_defence: false,
        };
        assert!(Catan::config(&options, 4).is_err());
        let options = pb::GameOptions {
            map: 0,
            victory_points: 0,
            negotiated_defence: true,
        };
        assert!(Catan::config(&options, 4).is_err());
    }
}

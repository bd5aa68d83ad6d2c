//! Base Catan over gRPC: conversions between `hexfold_rules::catan` and `proto/hexfold/v1/catan/catan.proto`, and the
//! conversions of the hex board's shared types, which Cities & Knights reuses.
//!
//! Ids travel as plain integers; whether one exists on this board is the rules' business (`NoSuchVertex` and
//! friends are FAILED_PRECONDITION with the rule id), so here an id is only checked to fit its Rust type.

use super::convert::{count, ToProto};
use crate::engine::EngineError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::catan::{
    BoardView, BuildingView, Catan, Command, Config, DevCard, DevCards, EventView, MapKind, Phase,
    PlayerView, RoadView, SeatCount, SeatResources, StateView, TradeTerms, POINTS_TO_WIN,
};
use hexfold_rules::hex::{
    Dice, Harbor, HexCoord, HexTile, Layout, Point, Resource, Resources, Terrain, VertexCorner,
    VertexId, VertexKey,
};
use pb::catan as c;

enums!(Resource <=> c::Resource, "a resource", [Brick, Lumber, Wool, Grain, Ore]);
enums!(DevCard => c::DevCard, [Knight, VictoryPoint, RoadBuilding, YearOfPlenty, Monopoly]);
// Written out rather than by `enums!`: no game on the wire has sea or Catania's hexes yet (the machine has them for
// Catania, whose proto will give them values of their own), so they have no name in `catan.proto`.
impl ToProto<i32> for Terrain {
    #[inline]
    fn to_proto(&self) -> i32 {
        (match self {
            Terrain::Hills => c::Terrain::Hills,
            Terrain::Forest => c::Terrain::Forest,
            Terrain::Pasture => c::Terrain::Pasture,
            Terrain::Fields => c::Terrain::Fields,
            Terrain::Mountains => c::Terrain::Mountains,
            Terrain::Desert => c::Terrain::Desert,
            Terrain::Sea
            | Terrain::Gold
            | Terrain::Glacier
            | Terrain::Volcano
            | Terrain::Temple
            | Terrain::Castle
            | Terrain::Station
            | Terrain::DoubleField => c::Terrain::Unspecified,
        }) as i32
    }
}
enums!(VertexCorner => c::Corner, [N, S]);

message!(Resources <=> c::Resources { brick, lumber, wool, grain, ore } via count);
message!(DevCards => c::DevCards { knight, victory_point, road_building, year_of_plenty, monopoly });
message!(Dice => c::Dice { first, second });
message!(TradeTerms => c::TradeTerms { give, receive });
message!(SeatResources => c::SeatResources { seat, resources });
message!(SeatCount => c::SeatCount { seat, count });
message!(HexCoord => c::HexCoord { q, r });
message!(HexTile => c::HexTile { coord, terrain, number });
message!(Harbor => c::Harbor { edge, resource });
message!(VertexKey => c::VertexKey { q, r, corner });
// Narrowed to the wire's single precision, which drawing needs no more than.
impl ToProto<c::Point> for Point {
    fn to_proto(&self) -> c::Point {
        c::Point {
            x: self.x as f32,
            y: self.y as f32,
        }
    }
}
message!([VertexId; 2] => c::EdgeEnds = [a, b]);
message!(BuildingView => c::Building { vertex, seat, city });
message!(RoadView => c::Road { edge, seat });
message!(PlayerView => c::Player {
    seat, resource_count, resources, development_card_count, development_cards, development_cards_new,
    knights_played, settlements_left, cities_left, roads_left, road_length, public_points, victory_point_cards,
    discard_owed, counter_offer, rejected_offer,
});
message!(StateView => c::State {
    board, seats, points_to_win, phase, active, turn, rolled, development_card_played, robber, bank,
    development_cards_left, last_roll, players, buildings, roads, longest_road, largest_army, offer, winner,
});

// The board message flattens the layout into the view's other tables.
impl ToProto<c::Board> for BoardView {
    fn to_proto(&self) -> c::Board {
        let BoardView {
            layout: Layout { hexes, harbors },
            vertices,
            edges,
        } = self;
        c::Board {
            hexes: hexes.to_proto(),
            harbors: harbors.to_proto(),
            vertices: vertices.to_proto(),
            edges: edges.to_proto(),
            hex_centers: hexes
                .iter()
                .map(|tile| tile.coord.center().to_proto())
                .collect(),
            vertex_points: vertices.iter().map(|key| key.point().to_proto()).collect(),
        }
    }
}

present!(BoardView => c::Board);

phase!(Phase => c::Phase, c::PhaseKind {
    StartingRoll,
    PlaceSettlement { placement_index: index },
    PlaceRoad { placement_index: index, settlement },
    Roll, Discard, Robber, Main,
    Ended { winner },
});

oneof!(Command <=> c::command::Command, in c {
    RollDice,
    PlaceSettlement { vertex },
    PlaceRoad { edge },
    Discard { resources },
    MoveRobber { hex, victim },
    BuildRoad { edge },
    BuildSettlement { vertex },
    BuildCity { vertex },
    BuyDevelopmentCard,
    PlayKnight,
    PlayRoadBuilding { first as "first edge", second as "second edge" },
    PlayYearOfPlenty { first, second },
    PlayMonopoly { resource },
    MaritimeTrade { give, receive },
    OfferTrade { give, receive },
    CounterOffer { give, receive },
    AcceptTrade,
    RejectTrade,
    AcceptCounterOffer { seat },
    RejectCounterOffer { seat },
    WithdrawTrade,
    EndTurn,
});

oneof!(EventView => c::event::Event, in c {
    StartingRollMade { seat, dice },
    StartingRollTied { seats },
    StartingPlayerChosen { seat },
    SettlementPlaced { seat, vertex },
    RoadPlaced { seat, edge },
    StartingResourcesTaken { seat, resources },
    DiceRolled { seat, dice },
    ResourcesProduced { gains, withheld },
    DiscardsRequired { discards },
    Discarded { seat, resources },
    RobberMoved { seat, hex },
    ResourceStolen { thief, victim, resource },
    RoadBuilt { seat, edge, free },
    SettlementBuilt { seat, vertex },
    CityBuilt { seat, vertex },
    DevelopmentCardBought { seat, card },
    KnightPlayed { seat },
    RoadBuildingPlayed { seat },
    YearOfPlentyPlayed { seat, first, second },
    MonopolyPlayed { seat, resource, taken },
    MaritimeTraded { seat, give, give_count, receive },
    TradeOffered { seat, give, receive },
    CounterOffered { seat, give, receive },
    TradeRejected { seat },
    CounterOfferRejected { seat },
    TradeWithdrawn { seat },
    TradeCompleted { active, partner, given, received },
    LongestRoadChanged { holder, length },
    LargestArmyChanged { holder, knights },
    TurnEnded { seat, next },
    GameWon { seat, points, victory_point_cards },
});

/// The map the creator chose (the beginner map unless asked otherwise).
pub(super) fn map_kind(options: &pb::GameOptions) -> Result<MapKind, EngineError> {
    Ok(match super::convert::map_kind(options)? {
        pb::MapKind::Unspecified | pb::MapKind::Beginner => MapKind::Beginner,
        pb::MapKind::Random => MapKind::Variable,
    })
}

/// The creator's points target: 0 means the rules' `default`; the rules crate checks the range at setup.
pub(super) fn points_to_win(options: &pb::GameOptions, default: u8) -> Result<u8, EngineError> {
    match options.victory_points {
        0 => Ok(default),
        n => u8::try_from(n)
            .map_err(|_| EngineError::Malformed(format!("victory_points {n} is out of range"))),
    }
}

impl ProtoGame for Catan {
    const VARIANT: pb::Variant = pb::Variant::Catan;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, EngineError> {
        if options.negotiated_defence {
            return Err(EngineError::Malformed(
                "negotiated_defence is an option of Cities & Knights, not of base Catan".into(),
            ));
        }
        let seats = u8::try_from(seats)
            .map_err(|_| EngineError::Malformed("Catan is played by 3 or 4 players".into()))?;
        Ok(Config {
            seats,
            map: map_kind(options)?,
            points_to_win: points_to_win(options, POINTS_TO_WIN)?,
        })
    }

    wire! { Catan, c, "command must hold a catan command for a catan game" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::convert::tests::{assert_invalid, check_random_game, options};

    fn wrap(command: c::command::Command) -> pb::Command {
        pb::Command {
            game: Some(pb::command::Game::Catan(c::Command {
                command: Some(command),
            })),
        }
    }

    /// Every command a random game lists survives the trip to proto and back, and every view converts.
    #[test]
    fn commands_round_trip_and_views_convert_over_a_random_game() {
        let checked = check_random_game::<Catan>(4, 7, 2000, |_| {});
        assert!(checked.len() > 100);
    }

    #[test]
    fn out_of_range_ids_and_missing_fields_are_invalid_arguments() {
        use c::command::Command as K;
        assert_invalid::<Catan>([
            wrap(K::MoveRobber(c::MoveRobber {
                hex: 300,
                victim: None,
            })),
            wrap(K::Discard(Default::default())),
            wrap(K::PlayMonopoly(Default::default())),
            pb::Command::default(),
        ]);
        let points = |options| Catan::config(&options, 4).map(|c| c.points_to_win);
        assert_eq!(points(options(12, false)), Ok(12));
        assert_eq!(points(options(0, false)), Ok(POINTS_TO_WIN));
        assert!(points(options(256, false)).is_err());
        assert!(points(options(0, true)).is_err());
    }
}

//! Elasund over gRPC: conversions between `hexfold_rules::elasund` and `proto/hexfold/v1/elasund/elasund.proto`.
//!
//! Squares, rows, values and tiles travel as plain integers; whether they exist in this city is the rules'
//! business (FAILED_PRECONDITION with the rule id), so here a number is only checked to fit its Rust type.

use super::convert::ToProto;
use crate::engine::EngineError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::elasund::{
    BuildingKind, Cards, CardsSeen, Cell, Command, Config, CottageWait, Elasund, Event, EventView,
    InfluenceColor, PhaseView, Piece, PieceId, Place, SeatView, Square, StateView, WallPiece,
    WallSide, WallSlot,
};
use pb::elasund as e;

enums!(InfluenceColor <=> e::InfluenceColor, "an influence colour", [Red, Green, Blue]);
enums!(BuildingKind <=> e::BuildingKind, "a building kind", [
    SmallCottage, LargeCottage, MerchantHouse, Workshop, Well, MarketStall, Shop, Tavern, TradeHouse,
]);
enums!(WallSide <=> e::WallSide, "a wall side", [North, East, South]);

message!(Cards <=> e::Cards { gold, red, green, blue });
message!(Square <=> e::Square { col as "column", row });
message!(WallSlot <=> e::WallSlot { side as "slot.side", index as "wall index" });
message!(CardsSeen => e::CardsSeen { gold, influence, detail });
message!([u8; 2] => e::TilePair = [first, second]);
message!(WallPiece => e::WallPiece { seat, number, tower_cube });
message!(CottageWait => e::QueuedCottage { seat, piece });
message!(Piece => e::Piece { kind, colour, place });
message!(Cell => e::Cell { content: self });
message!(Option<WallPiece> => e::WallPlace { piece: self });
// A starting influence card, its colour shown or not.
message!(InfluenceColor => e::DealtCard { color: self });
message!(Option<InfluenceColor> => e::DealtCard { color: self });
message!(SeatView => e::SeatView { seat, hand, permits, walls_built, trade_points, track_cubes, cubes_on_board });
message!(StateView => e::State {
    players, columns, current, phase, ship_row, pirate, cells, walls, pieces, seats, bank_gold, influence_deck,
    discards, church_tiles_left, church_bottom, church_first_builder, cottage_queue, turn,
});

impl ToProto<u32> for PieceId {
    fn to_proto(&self) -> u32 {
        self.0.into()
    }
}

/// Cards shown whole, in an event the rules classify as public.
impl ToProto<e::CardsSeen> for Cards {
    fn to_proto(&self) -> e::CardsSeen {
        e::CardsSeen {
            gold: self.gold.into(),
            influence: u32::from(self.red) + u32::from(self.green) + u32::from(self.blue),
            detail: self.to_proto(),
        }
    }
}

present!(Cards => e::CardsSeen);

phase!(PhaseView => e::Phase, e::PhaseKind {
    Roll,
    ChooseShipRow { ship_row_options: options },
    ChoosePirateRow,
    PirateDiscard { owed },
    PirateTake { count },
    Build { done },
    ChooseChurchTile { done, tiles },
    Permit, Special,
    Over { winner },
});

oneof!(Cell => e::cell::Content, in e {
    [Cell::Empty => None]
    Permit = e::CellPermit { seat, value },
    Building = e::CellBuilding { piece },
    Church = e::CellChurch { tile, seat, cubes },
});

oneof!(Place => e::piece::Place, in e {
    Supply = e::PieceInSupply,
    Board = e::PieceOnBoard { at, owner, cubes },
    Retired = e::PieceRetired,
});

oneof!(Command <=> e::command::Command, in e {
    Roll,
    MoveShip { row },
    MovePirate { row },
    Discard { cards },
    TakeDiscards { cards },
    Build { building, at, overbuild_with },
    BuildWall { slot },
    BuildChurch,
    KeepChurchTile { tile },
    PlaceCottage { at },
    EndBuilding,
    PlacePermit { value, at, anywhere_with },
    TakeTwoGold,
    MovePermit { from, to, pay },
    UpgradePermit { at, value, pay },
    PlacePermitAnywhere { value, at },
    BuyTwoGold,
    EndTurn,
});

// An event the rules show whole to this viewer.
oneof!(Event => e::event::Event, in e {
    [
        Event::DiceRolled { seat, dice: [first, second] } => Some(e::event::Event::DiceRolled(e::DiceRolled {
            seat: seat.to_proto(),
            first: first.to_proto(),
            second: second.to_proto(),
        })),
        // A piece is named for people by its kind and colour, which its number gives.
        Event::BuildingRemoved { piece } => Some(e::event::Event::BuildingRemoved(e::BuildingRemoved {
            piece: piece.to_proto(),
            kind: piece.identity().0.to_proto(),
            owner: piece.identity().1.to_proto(),
        })),
        Event::BuildingBuilt { seat, piece, at, paid, cubes } => {
            Some(e::event::Event::BuildingBuilt(e::BuildingBuilt {
                seat: seat.to_proto(),
                piece: piece.to_proto(),
                at: at.to_proto(),
                paid: paid.to_proto(),
                cubes: cubes.to_proto(),
                kind: piece.identity().0.to_proto(),
                owner: piece.identity().1.to_proto(),
            }))
        },
        Event::CottagePlaced { seat, piece, at } => Some(e::event::Event::CottagePlaced(e::CottagePlaced {
            seat: seat.to_proto(),
            piece: piece.to_proto(),
            at: at.to_proto(),
            kind: piece.identity().0.to_proto(),
            owner: piece.identity().1.to_proto(),
        })),
        Event::CottageRetired { seat, piece } => Some(e::event::Event::CottageRetired(e::CottageRetired {
            seat: seat.to_proto(),
            piece: piece.to_proto(),
            kind: piece.identity().0.to_proto(),
            owner: piece.identity().1.to_proto(),
        })),
    ]
    StartingInfluenceDealt { cards: colors },
    ShipMoved { row },
    PirateMoved { row },
    IncomeCollected { row, cards },
    BankShortage { gold, returned },
    CardsDiscarded { seat, cards },
    DiscardsTaken { seat, cards },
    PermitReturned { at, seat, value, compensation },
    WallBuilt { seat, slot, number, paid, tower_cube },
    CardsDrawn { seat, cards },
    ChurchTilesDrawn { seat, tiles },
    ChurchTileReturned { seat, kept, returned },
    ChurchTileBuilt { seat, tile, at, paid, cubes },
    TradePointsChanged { seat, points, track_cubes },
    PermitPlaced { seat, value, at, paid },
    PermitMoved { seat, from, to, paid },
    PermitUpgraded { seat, at, from, to, paid },
    GoldTaken { seat, gold, paid },
    BuildingEnded,
    TurnEnded { next },
    GameWon { seat },
    TurnLimitReached { winner },
});

oneof!(EventView => e::event::Event, in e {
    [EventView::Public { event } => event.to_proto()]
    StartingInfluenceDealt { cards: colors },
    IncomeCollected { row, cards },
    BankShortage { gold, returned },
    CardsDrawn { seat, cards },
    ChurchTilesDrawn { seat, tiles },
    ChurchTileReturned { seat, kept, returned },
});

impl ProtoGame for Elasund {
    const VARIANT: pb::Variant = pb::Variant::Elasund;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, EngineError> {
        if !matches!(
            super::convert::map_kind(options)?,
            pb::MapKind::Unspecified | pb::MapKind::Beginner
        ) {
            return Err(EngineError::Malformed(
                "Elasund has a single city layout".into(),
            ));
        }
        if options.victory_points != 0 {
            return Err(EngineError::Malformed(
                "Elasund is won by placing all ten victory cubes; victory_points must be 0".into(),
            ));
        }
        if options.negotiated_defence {
            return Err(EngineError::Malformed(
                "negotiated_defence is an option of Cities & Knights, not of Elasund".into(),
            ));
        }
        let players = u8::try_from(seats)
            .map_err(|_| EngineError::Malformed("Elasund is played by 2 to 4 players".into()))?;
        Ok(Config { players })
    }

    wire! { Elasund, e, "command must hold an elasund command for an elasund game" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::convert::tests::check_random_game;

    /// Every listed command survives the trip to proto and back, and every view converts, over a random game; a
    /// spectator sees no hand's colours.
    #[test]
    fn commands_round_trip_and_views_convert_over_a_random_game() {
        let checked = check_random_game::<Elasund>(4, 3, 1500, |spectator| {
            let Some(pb::game_state::Game::Elasund(view)) = spectator.game else {
                panic!("not elasund")
            };
            assert!(view.seats.iter().all(|s| s.hand.unwrap().detail.is_none()));
        });
        assert!(checked.len() > 100);
    }
}

//! Elasund over gRPC: conversions between `hexfold_rules::elasund` and `proto/hexfold/v1/elasund.proto`.
//!
//! Squares, rows, values and tiles travel as plain integers; whether they exist in this city is the rules'
//! business (FAILED_PRECONDITION with the rule id), so here a number is only checked to fit its Rust type.

use crate::error::ApiError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::elasund::{
    BuildingKind, Cards, CardsSeen, Cell, Command, Config, Elasund, Event, EventView,
    InfluenceColor, PhaseView, Piece, PieceId, Place, SeatView, Square, StateView, WallPiece,
    WallSide, WallSlot,
};
use hexfold_rules::Seat;
use pb::elasund as e;

fn small(what: &str, n: u32) -> Result<u8, ApiError> {
    u8::try_from(n).map_err(|_| ApiError::InvalidArgument(format!("{what} {n} is out of range")))
}

fn required<T>(what: &str, value: Option<T>) -> Result<T, ApiError> {
    value.ok_or_else(|| ApiError::InvalidArgument(format!("{what} is required")))
}

fn cards_from(what: &str, c: Option<e::Cards>) -> Result<Cards, ApiError> {
    let c = required(what, c)?;
    Ok(Cards {
        gold: small("gold", c.gold)?,
        red: small("red", c.red)?,
        green: small("green", c.green)?,
        blue: small("blue", c.blue)?,
    })
}

fn square_from(what: &str, s: Option<e::Square>) -> Result<Square, ApiError> {
    let s = required(what, s)?;
    Ok(Square {
        col: small("column", s.col)?,
        row: small("row", s.row)?,
    })
}

enum_conversions!(color_from, color_to: InfluenceColor <=> e::InfluenceColor, "an influence colour",
    [Red, Green, Blue]);
enum_conversions!(kind_from, kind_to: BuildingKind <=> e::BuildingKind, "a building kind", [
    SmallCottage, LargeCottage, MerchantHouse, Workshop, Well, MarketStall, Shop, Tavern, TradeHouse,
]);

fn slot_from(s: Option<e::WallSlot>) -> Result<WallSlot, ApiError> {
    let s = required("slot", s)?;
    let side = match e::WallSide::try_from(s.side) {
        Ok(e::WallSide::North) => WallSide::North,
        Ok(e::WallSide::East) => WallSide::East,
        Ok(e::WallSide::South) => WallSide::South,
        _ => {
            return Err(ApiError::InvalidArgument(
                "slot.side must name a wall side".into(),
            ))
        }
    };
    Ok(WallSlot {
        side,
        index: small("wall index", s.index)?,
    })
}

fn cards_to(c: Cards) -> e::Cards {
    e::Cards {
        gold: c.gold.into(),
        red: c.red.into(),
        green: c.green.into(),
        blue: c.blue.into(),
    }
}

fn seen_to(c: CardsSeen) -> e::CardsSeen {
    e::CardsSeen {
        gold: c.gold.into(),
        influence: c.influence.into(),
        detail: c.detail.map(cards_to),
    }
}

/// Cards shown whole (an event the rules classify as public).
fn seen_whole(c: Cards) -> e::CardsSeen {
    e::CardsSeen {
        gold: c.gold.into(),
        influence: u32::from(c.red) + u32::from(c.green) + u32::from(c.blue),
        detail: Some(cards_to(c)),
    }
}

fn square_to(s: Square) -> e::Square {
    e::Square {
        col: s.col.into(),
        row: s.row.into(),
    }
}

fn slot_to(s: WallSlot) -> e::WallSlot {
    e::WallSlot {
        side: match s.side {
            WallSide::North => e::WallSide::North,
            WallSide::East => e::WallSide::East,
            WallSide::South => e::WallSide::South,
        } as i32,
        index: s.index.into(),
    }
}

fn seat_to(s: Seat) -> u32 {
    s.0.into()
}

fn piece_to(p: PieceId) -> u32 {
    p.0.into()
}

fn tiles_to(t: [u8; 2]) -> e::TilePair {
    e::TilePair {
        first: t[0].into(),
        second: t[1].into(),
    }
}

fn wrap(command: e::command::Command) -> pb::Command {
    pb::Command {
        game: Some(pb::command::Game::Elasund(e::Command {
            command: Some(command),
        })),
    }
}

/// An event the rules show whole to this viewer.
fn public_event(event: &Event) -> e::event::Event {
    use e::event::Event as K;
    match event.clone() {
        Event::StartingInfluenceDealt { colors } => {
            K::StartingInfluenceDealt(e::StartingInfluenceDealt {
                cards: colors
                    .into_iter()
                    .map(|c| e::DealtCard {
                        color: Some(color_to(c)),
                    })
                    .collect(),
            })
        }
        Event::DiceRolled { seat, dice } => K::DiceRolled(e::DiceRolled {
            seat: seat_to(seat),
            first: dice[0].into(),
            second: dice[1].into(),
        }),
        Event::ShipMoved { row } => K::ShipMoved(e::ShipMoved { row: row.into() }),
        Event::PirateMoved { row } => K::PirateMoved(e::PirateMoved { row: row.into() }),
        Event::IncomeCollected { row, cards } => K::IncomeCollected(e::IncomeCollected {
            row: row.into(),
            cards: cards.into_iter().map(seen_whole).collect(),
        }),
        Event::BankShortage { gold, returned } => K::BankShortage(e::BankShortage {
            gold,
            returned: returned.into_iter().map(seen_whole).collect(),
        }),
        Event::CardsDiscarded { seat, cards } => K::CardsDiscarded(e::CardsDiscarded {
            seat: seat_to(seat),
            cards: Some(cards_to(cards)),
        }),
        Event::DiscardsTaken { seat, cards } => K::DiscardsTaken(e::DiscardsTaken {
            seat: seat_to(seat),
            cards: Some(cards_to(cards)),
        }),
        Event::PermitReturned {
            at,
            seat,
            value,
            compensation,
        } => K::PermitReturned(e::PermitReturned {
            at: Some(square_to(at)),
            seat: seat_to(seat),
            value: value.into(),
            compensation: compensation.into(),
        }),
        Event::BuildingRemoved { piece } => K::BuildingRemoved(e::BuildingRemoved {
            piece: piece_to(piece),
        }),
        Event::BuildingBuilt {
            seat,
            piece,
            at,
            paid,
            cubes,
        } => K::BuildingBuilt(e::BuildingBuilt {
            seat: seat_to(seat),
            piece: piece_to(piece),
            at: Some(square_to(at)),
            paid: Some(cards_to(paid)),
            cubes: cubes.into(),
        }),
        Event::WallBuilt {
            seat,
            slot,
            number,
            paid,
            tower_cube,
        } => K::WallBuilt(e::WallBuilt {
            seat: seat_to(seat),
            slot: Some(slot_to(slot)),
            number: number.into(),
            paid: Some(cards_to(paid)),
            tower_cube,
        }),
        Event::CardsDrawn { seat, cards } => K::CardsDrawn(e::CardsDrawn {
            seat: seat_to(seat),
            cards: Some(seen_whole(cards)),
        }),
        Event::ChurchTilesDrawn { seat, tiles } => K::ChurchTilesDrawn(e::ChurchTilesDrawn {
            seat: seat_to(seat),
            tiles: Some(tiles_to(tiles)),
        }),
        Event::ChurchTileReturned {
            seat,
            kept,
            returned,
        } => K::ChurchTileReturned(e::ChurchTileReturned {
            seat: seat_to(seat),
            kept: kept.into(),
            returned: Some(returned.into()),
        }),
        Event::ChurchTileBuilt {
            seat,
            tile,
            at,
            paid,
            cubes,
        } => K::ChurchTileBuilt(e::ChurchTileBuilt {
            seat: seat_to(seat),
            tile: tile.into(),
            at: Some(square_to(at)),
            paid: Some(cards_to(paid)),
            cubes: cubes.into(),
        }),
        Event::CottagePlaced { seat, piece, at } => K::CottagePlaced(e::CottagePlaced {
            seat: seat_to(seat),
            piece: piece_to(piece),
            at: Some(square_to(at)),
        }),
        Event::CottageRetired { seat, piece } => K::CottageRetired(e::CottageRetired {
            seat: seat_to(seat),
            piece: piece_to(piece),
        }),
        Event::TradePointsChanged {
            seat,
            points,
            track_cubes,
        } => K::TradePointsChanged(e::TradePointsChanged {
            seat: seat_to(seat),
            points: points.into(),
            track_cubes: track_cubes.into(),
        }),
        Event::PermitPlaced {
            seat,
            value,
            at,
            paid,
        } => K::PermitPlaced(e::PermitPlaced {
            seat: seat_to(seat),
            value: value.into(),
            at: Some(square_to(at)),
            paid: Some(cards_to(paid)),
        }),
        Event::PermitMoved {
            seat,
            from,
            to,
            paid,
        } => K::PermitMoved(e::PermitMoved {
            seat: seat_to(seat),
            from: Some(square_to(from)),
            to: Some(square_to(to)),
            paid: Some(cards_to(paid)),
        }),
        Event::PermitUpgraded {
            seat,
            at,
            from,
            to,
            paid,
        } => K::PermitUpgraded(e::PermitUpgraded {
            seat: seat_to(seat),
            at: Some(square_to(at)),
            from: from.into(),
            to: to.into(),
            paid: Some(cards_to(paid)),
        }),
        Event::GoldTaken { seat, gold, paid } => K::GoldTaken(e::GoldTaken {
            seat: seat_to(seat),
            gold: gold.into(),
            paid: Some(cards_to(paid)),
        }),
        Event::BuildingEnded => K::BuildingEnded(e::BuildingEnded {}),
        Event::TurnEnded { next } => K::TurnEnded(e::TurnEnded {
            next: seat_to(next),
        }),
        Event::GameWon { seat } => K::GameWon(e::GameWon {
            seat: seat_to(seat),
        }),
        Event::TurnLimitReached { winner } => K::TurnLimitReached(e::TurnLimitReached {
            winner: seat_to(winner),
        }),
    }
}

fn phase_to(p: &PhaseView) -> e::Phase {
    use e::PhaseKind as K;
    let of = |k: K| e::Phase {
        kind: k as i32,
        ..Default::default()
    };
    match p {
        PhaseView::Roll => of(K::Roll),
        PhaseView::ChooseShipRow { options } => e::Phase {
            ship_row_options: options.iter().map(|&r| r.into()).collect(),
            ..of(K::ChooseShipRow)
        },
        PhaseView::ChoosePirateRow => of(K::ChoosePirateRow),
        PhaseView::PirateDiscard { owed } => e::Phase {
            owed: owed.iter().map(|&o| o.into()).collect(),
            ..of(K::PirateDiscard)
        },
        PhaseView::PirateTake { count } => e::Phase {
            count: (*count).into(),
            ..of(K::PirateTake)
        },
        PhaseView::Build { done } => e::Phase {
            done: (*done).into(),
            ..of(K::Build)
        },
        PhaseView::ChooseChurchTile { done, tiles } => e::Phase {
            done: (*done).into(),
            tiles: tiles.map(tiles_to),
            ..of(K::ChooseChurchTile)
        },
        PhaseView::Permit => of(K::Permit),
        PhaseView::Special => of(K::Special),
        PhaseView::Over { winner } => e::Phase {
            winner: Some(seat_to(*winner)),
            ..of(K::Over)
        },
    }
}

fn cell_to(c: &Cell) -> e::Cell {
    use e::cell::Content;
    e::Cell {
        content: match *c {
            Cell::Empty => None,
            Cell::Permit { seat, value } => Some(Content::Permit(e::CellPermit {
                seat: seat_to(seat),
                value: value.into(),
            })),
            Cell::Building { piece } => Some(Content::Building(e::CellBuilding {
                piece: piece_to(piece),
            })),
            Cell::Church { tile, seat, cubes } => Some(Content::Church(e::CellChurch {
                tile: tile.into(),
                seat: seat_to(seat),
                cubes: cubes.into(),
            })),
        },
    }
}

fn wall_to(w: &Option<WallPiece>) -> e::WallPlace {
    e::WallPlace {
        piece: w.map(|w| e::WallPiece {
            seat: seat_to(w.seat),
            number: w.number.into(),
            tower_cube: w.tower_cube,
        }),
    }
}

fn piece_view_to(p: &Piece) -> e::Piece {
    use e::piece::Place as P;
    e::Piece {
        kind: kind_to(p.kind),
        colour: p.colour.map(seat_to),
        place: Some(match p.place {
            Place::Supply => P::Supply(e::PieceInSupply {}),
            Place::Board { at, owner, cubes } => P::Board(e::PieceOnBoard {
                at: Some(square_to(at)),
                owner: seat_to(owner),
                cubes: cubes.into(),
            }),
            Place::Retired => P::Retired(e::PieceRetired {}),
        }),
    }
}

fn seat_view_to(s: &SeatView) -> e::SeatView {
    e::SeatView {
        seat: seat_to(s.seat),
        hand: Some(seen_to(s.hand)),
        permits: s.permits.iter().map(|&p| p.into()).collect(),
        walls_built: s.walls_built.into(),
        trade_points: s.trade_points.into(),
        track_cubes: s.track_cubes.into(),
        cubes_on_board: s.cubes_on_board.into(),
    }
}

impl ProtoGame for Elasund {
    const VARIANT: pb::Variant = pb::Variant::Elasund;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, ApiError> {
        if !matches!(
            options.map(),
            pb::MapKind::Unspecified | pb::MapKind::Beginner
        ) {
            return Err(ApiError::InvalidArgument(
                "Elasund has a single city layout".into(),
            ));
        }
        if options.victory_points != 0 {
            return Err(ApiError::InvalidArgument(
                "Elasund is won by placing all ten victory cubes; victory_points must be 0".into(),
            ));
        }
        if options.negotiated_defence {
            return Err(ApiError::InvalidArgument(
                "negotiated_defence is an option of Cities & Knights, not of Elasund".into(),
            ));
        }
        let players = u8::try_from(seats)
            .map_err(|_| ApiError::InvalidArgument("Elasund is played by 2 to 4 players".into()))?;
        Ok(Config { players })
    }

    fn command_from_proto(command: pb::Command) -> Result<Command, ApiError> {
        use e::command::Command as K;
        let Some(pb::command::Game::Elasund(e::Command {
            command: Some(command),
        })) = command.game
        else {
            return Err(ApiError::InvalidArgument(
                "command must hold an elasund command for an elasund game".into(),
            ));
        };
        Ok(match command {
            K::Roll(_) => Command::Roll,
            K::MoveShip(m) => Command::MoveShip {
                row: small("row", m.row)?,
            },
            K::MovePirate(m) => Command::MovePirate {
                row: small("row", m.row)?,
            },
            K::Discard(m) => Command::Discard {
                cards: cards_from("cards", m.cards)?,
            },
            K::TakeDiscards(m) => Command::TakeDiscards {
                cards: cards_from("cards", m.cards)?,
            },
            K::Build(m) => Command::Build {
                building: kind_from("building", m.building)?,
                at: square_from("at", m.at)?,
                overbuild_with: m
                    .overbuild_with
                    .map(|c| color_from("overbuild_with", c))
                    .transpose()?,
            },
            K::BuildWall(m) => Command::BuildWall {
                slot: slot_from(m.slot)?,
            },
            K::BuildChurch(_) => Command::BuildChurch,
            K::KeepChurchTile(m) => Command::KeepChurchTile {
                tile: small("tile", m.tile)?,
            },
            K::PlaceCottage(m) => Command::PlaceCottage {
                at: square_from("at", m.at)?,
            },
            K::EndBuilding(_) => Command::EndBuilding,
            K::PlacePermit(m) => Command::PlacePermit {
                value: small("value", m.value)?,
                at: square_from("at", m.at)?,
                anywhere_with: m
                    .anywhere_with
                    .map(|c| color_from("anywhere_with", c))
                    .transpose()?,
            },
            K::TakeTwoGold(_) => Command::TakeTwoGold,
            K::MovePermit(m) => Command::MovePermit {
                from: square_from("from", m.from)?,
                to: square_from("to", m.to)?,
                pay: color_from("pay", m.pay)?,
            },
            K::UpgradePermit(m) => Command::UpgradePermit {
                at: square_from("at", m.at)?,
                value: small("value", m.value)?,
                pay: color_from("pay", m.pay)?,
            },
            K::PlacePermitAnywhere(m) => Command::PlacePermitAnywhere {
                value: small("value", m.value)?,
                at: square_from("at", m.at)?,
            },
            K::BuyTwoGold(_) => Command::BuyTwoGold,
            K::EndTurn(_) => Command::EndTurn,
        })
    }

    fn command_to_proto(command: &Command) -> pb::Command {
        use e::command::Command as K;
        wrap(match *command {
            Command::Roll => K::Roll(e::Roll {}),
            Command::MoveShip { row } => K::MoveShip(e::MoveShip { row: row.into() }),
            Command::MovePirate { row } => K::MovePirate(e::MovePirate { row: row.into() }),
            Command::Discard { cards } => K::Discard(e::Discard {
                cards: Some(cards_to(cards)),
            }),
            Command::TakeDiscards { cards } => K::TakeDiscards(e::TakeDiscards {
                cards: Some(cards_to(cards)),
            }),
            Command::Build {
                building,
                at,
                overbuild_with,
            } => K::Build(e::Build {
                building: kind_to(building),
                at: Some(square_to(at)),
                overbuild_with: overbuild_with.map(color_to),
            }),
            Command::BuildWall { slot } => K::BuildWall(e::BuildWall {
                slot: Some(slot_to(slot)),
            }),
            Command::BuildChurch => K::BuildChurch(e::BuildChurch {}),
            Command::KeepChurchTile { tile } => {
                K::KeepChurchTile(e::KeepChurchTile { tile: tile.into() })
            }
            Command::PlaceCottage { at } => K::PlaceCottage(e::PlaceCottage {
                at: Some(square_to(at)),
            }),
            Command::EndBuilding => K::EndBuilding(e::EndBuilding {}),
            Command::PlacePermit {
                value,
                at,
                anywhere_with,
            } => K::PlacePermit(e::PlacePermit {
                value: value.into(),
                at: Some(square_to(at)),
                anywhere_with: anywhere_with.map(color_to),
            }),
            Command::TakeTwoGold => K::TakeTwoGold(e::TakeTwoGold {}),
            Command::MovePermit { from, to, pay } => K::MovePermit(e::MovePermit {
                from: Some(square_to(from)),
                to: Some(square_to(to)),
                pay: color_to(pay),
            }),
            Command::UpgradePermit { at, value, pay } => K::UpgradePermit(e::UpgradePermit {
                at: Some(square_to(at)),
                value: value.into(),
                pay: color_to(pay),
            }),
            Command::PlacePermitAnywhere { value, at } => {
                K::PlacePermitAnywhere(e::PlacePermitAnywhere {
                    value: value.into(),
                    at: Some(square_to(at)),
                })
            }
            Command::BuyTwoGold => K::BuyTwoGold(e::BuyTwoGold {}),
            Command::EndTurn => K::EndTurn(e::EndTurn {}),
        })
    }

    fn event_to_proto(event: &EventView) -> pb::Event {
        use e::event::Event as K;
        let event = match event {
            EventView::Public { event } => public_event(event),
            EventView::StartingInfluenceDealt { colors } => {
                K::StartingInfluenceDealt(e::StartingInfluenceDealt {
                    cards: colors
                        .iter()
                        .map(|c| e::DealtCard {
                            color: c.map(color_to),
                        })
                        .collect(),
                })
            }
            EventView::IncomeCollected { row, cards } => K::IncomeCollected(e::IncomeCollected {
                row: (*row).into(),
                cards: cards.iter().map(|&c| seen_to(c)).collect(),
            }),
            EventView::BankShortage { gold, returned } => K::BankShortage(e::BankShortage {
                gold: *gold,
                returned: returned.iter().map(|&c| seen_to(c)).collect(),
            }),
            EventView::CardsDrawn { seat, cards } => K::CardsDrawn(e::CardsDrawn {
                seat: seat_to(*seat),
                cards: Some(seen_to(*cards)),
            }),
            EventView::ChurchTilesDrawn { seat, tiles } => {
                K::ChurchTilesDrawn(e::ChurchTilesDrawn {
                    seat: seat_to(*seat),
                    tiles: tiles.map(tiles_to),
                })
            }
            EventView::ChurchTileReturned {
                seat,
                kept,
                returned,
            } => K::ChurchTileReturned(e::ChurchTileReturned {
                seat: seat_to(*seat),
                kept: (*kept).into(),
                returned: returned.map(u32::from),
            }),
        };
        pb::Event {
            body: Some(pb::event::Body::Elasund(e::Event { event: Some(event) })),
        }
    }

    fn state_to_proto(state: &StateView) -> pb::GameState {
        let s = state;
        let state = e::State {
            players: s.players.into(),
            columns: s.columns.into(),
            current: seat_to(s.current),
            phase: Some(phase_to(&s.phase)),
            ship_row: s.ship_row.map(u32::from),
            pirate: s.pirate,
            cells: s.cells.iter().map(cell_to).collect(),
            walls: s.walls.iter().map(wall_to).collect(),
            pieces: s.pieces.iter().map(piece_view_to).collect(),
            seats: s.seats.iter().map(seat_view_to).collect(),
            bank_gold: s.bank_gold.into(),
            influence_deck: s.influence_deck.into(),
            discards: Some(cards_to(s.discards)),
            church_tiles_left: s.church_tiles_left.into(),
            church_bottom: s.church_bottom.map(u32::from),
            church_first_builder: s.church_first_builder.map(seat_to),
            cottage_queue: s
                .cottage_queue
                .iter()
                .map(|w| e::QueuedCottage {
                    seat: seat_to(w.seat),
                    piece: piece_to(w.piece),
                })
                .collect(),
            turn: s.turn,
        };
        pb::GameState {
            game: Some(pb::game_state::Game::Elasund(state)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfold_rules::{Game, GameRng, Viewer};
    use rand::SeedableRng;

    /// Every listed command survives the trip to proto and back, and every view converts, over a random game.
    #[test]
    fn commands_round_trip_and_views_convert_over_a_random_game() {
        let config = Elasund::config(&pb::GameOptions::default(), 4).unwrap();
        let mut rng = GameRng::seed_from_u64(3);
        let setup = Elasund::setup(&config, &mut rng).unwrap();
        let mut state = Elasund::initial_state(&setup);
        let mut seen = 0;
        for _ in 0..1500 {
            if Elasund::outcome(&state).is_some() {
                break;
            }
            let Some(&seat) = Elasund::seats_to_act(&state).first() else {
                break;
            };
            for legal in Elasund::legal_actions(&state, seat) {
                let back = Elasund::command_from_proto(Elasund::command_to_proto(&legal)).unwrap();
                assert_eq!(back, legal);
                seen += 1;
            }
            let Some(command) = hexfold_rules::elasund::random_command(&state, seat, &mut rng)
            else {
                break;
            };
            for event in Elasund::decide(&state, seat, &command, &mut rng).unwrap() {
                for viewer in [Viewer::Seat(seat), Viewer::Spectator, Viewer::Omniscient] {
                    let _ = Elasund::event_to_proto(&Elasund::view_event(&state, &event, viewer));
                }
                state = Elasund::evolve(state, &event);
            }
            let spectator =
                Elasund::state_to_proto(&Elasund::view_state(&state, Viewer::Spectator));
            let Some(pb::game_state::Game::Elasund(view)) = spectator.game else {
                panic!("not elasund")
            };
            assert!(view.seats.iter().all(|s| s.hand.unwrap().detail.is_none()));
        }
        assert!(seen > 100);
    }
}

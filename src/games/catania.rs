//! Catania over gRPC: conversions between `hexfold_rules::catania` and `proto/hexfold/v1/catania/catania.proto`.
//!
//! Catania composes the Cities & Knights layer, and so does this adapter: a layer command, event or state view is
//! converted by [`super::cities_knights`]'s conversions into the layer's messages, which Catania's messages carry;
//! resources, development cards, roads and harbors are [`super::catan`]'s. What is Catania's own is converted
//! here: ships, landing places, the pirate, the natural forces and their wrecks, the avalanches and the
//! eruptions, the specialists and the conquest points, the stations, the temple, the barbarian castle's pile
//! (counts, and the cards a seat deposits or loots for that seat only), the wonders, gold, the chip bag, development
//! cards beside progress cards, and the board, whose terrains (sea, gold, the special hexes) base Catan's
//! `Terrain` has no names for. As in the other adapters, an id is only checked to fit its Rust type; whether it
//! exists on this board is the rules' business.

use super::catan::points_to_win;
use super::convert::{FromProto, ToProto};
use crate::engine::EngineError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::catania::{
    Bandit, Blow, Catania, Command, Config, Conquest, Event, EventView, Force, HexChip, Post,
    Repair, RoutePiece, Ruin, SailorView, StateView, TempleDue, Tilt, Wonder, WonderBuild,
    WonderSite, Wreck, POINTS_TO_WIN, RULES,
};
use hexfold_rules::hex::{BoardView, ChipBag, HexTile, Landing, Layout, Resource, Terrain};
use pb::catan as c;
use pb::catania as cn;
use pb::cities_knights as k;

enums!(Bandit <=> cn::Bandit, "a bandit", [Robber, Pirate]);
enums!(Force => cn::Force, [Iceberg, Hurricane, StormCloud]);
enums!(Blow => cn::Blow, [Avalanche, Eruption, Guild]);
enums!(Ruin => cn::Ruin, [SettlementRemoved, CityReduced, CityRemoved]);
enums!(Wonder <=> cn::Wonder, "a wonder", [Theater, GreatBridge, Monument, GreatWall, Cathedral]);

// Written out rather than by `enums!`: base Catan's adapter already gives `Terrain` its number in `catan.proto`,
// where the sea and Catania's hexes have none, so Catania's numbering is a function of its own.
fn terrain(terrain: Terrain) -> cn::Terrain {
    match terrain {
        Terrain::Hills => cn::Terrain::Hills,
        Terrain::Forest => cn::Terrain::Forest,
        Terrain::Pasture => cn::Terrain::Pasture,
        Terrain::Fields => cn::Terrain::Fields,
        Terrain::Mountains => cn::Terrain::Mountains,
        Terrain::Desert => cn::Terrain::Desert,
        Terrain::Sea => cn::Terrain::Sea,
        Terrain::Gold => cn::Terrain::Gold,
        Terrain::Glacier => cn::Terrain::Glacier,
        Terrain::Volcano => cn::Terrain::Volcano,
        Terrain::Temple => cn::Terrain::Temple,
        Terrain::Castle => cn::Terrain::Castle,
        Terrain::Station => cn::Terrain::Station,
        Terrain::DoubleField => cn::Terrain::DoubleField,
    }
}

impl ToProto<cn::HexTile> for HexTile {
    fn to_proto(&self) -> cn::HexTile {
        let HexTile {
            coord,
            terrain: t,
            number,
        } = self;
        cn::HexTile {
            coord: coord.to_proto(),
            terrain: terrain(*t) as i32,
            number: number.to_proto(),
        }
    }
}

// The board message flattens the layout into the view's other tables, as base Catan's does.
impl ToProto<cn::Board> for BoardView {
    fn to_proto(&self) -> cn::Board {
        let BoardView {
            layout: Layout { hexes, harbors },
            vertices,
            edges,
        } = self;
        cn::Board {
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

/// The bag as one count per number a chip can show (2..=12 but 7), zeros included, so the list always has the
/// same ten numbers in order.
impl ToProto<Vec<cn::ChipCount>> for ChipBag {
    fn to_proto(&self) -> Vec<cn::ChipCount> {
        (2..=12u8)
            .filter(|&n| n != 7)
            .map(|number| cn::ChipCount {
                number: number.into(),
                count: self.count(number).into(),
            })
            .collect()
    }
}

message!(HexChip => cn::HexChip { hex, number });
message!(Wreck => cn::Wreck { seat, edge, ship, repair });
message!(Repair => cn::Repair { seat, edge, ship });
message!(Tilt => cn::Tilt { seat, vertex, sum });
message!(Conquest => cn::Conquest { seat, vertex, island });
message!(Post => cn::Post { seat, vertex });

// By hand: a Rust enum with fields is a oneof of messages on the wire, which `message!` does not write.
impl ToProto<cn::TempleDue> for TempleDue {
    fn to_proto(&self) -> cn::TempleDue {
        use cn::temple_due::Due;
        let tribute = |from: &hexfold_rules::Seat, to: &hexfold_rules::Seat| cn::TempleTribute {
            from: from.to_proto(),
            to: to.to_proto(),
        };
        let due = match self {
            TempleDue::Tribute { from, to } => Due::Tribute(tribute(from, to)),
            TempleDue::Debt { from, to } => Due::Debt(tribute(from, to)),
            TempleDue::Offering { seat, resources } => Due::Offering(cn::TempleOffering {
                seat: seat.to_proto(),
                resources: resources.to_proto(),
            }),
        };
        cn::TempleDue { due: Some(due) }
    }
}

/// The five cards in `Resource::ALL` order, each named with its resource so the list reads without an index.
fn specialists(holders: &[Option<hexfold_rules::Seat>; 5]) -> Vec<cn::Specialist> {
    Resource::ALL
        .into_iter()
        .map(|r| cn::Specialist {
            resource: r.to_proto(),
            holder: holders[r.index()].to_proto(),
        })
        .collect()
}
message!(Landing => cn::LandingPlace { vertex, seat });
message!(WonderBuild => cn::WonderBuild { wonder, seat, level });
message!(WonderSite => cn::WonderSite { wonder, vertices });
message!(RoutePiece => cn::RoutePiece { edge, ship });
message!(SailorView => cn::Sailor {
    seat, ships_left, landing_places_left, development_card_count, development_cards, development_cards_new,
    knights_played, points,
});

// `bool` has no checked conversion (nothing to check), so the piece is read by hand.
impl FromProto<cn::RoutePiece> for RoutePiece {
    fn from_proto(what: &str, piece: cn::RoutePiece) -> Result<Self, EngineError> {
        Ok(RoutePiece {
            edge: FromProto::from_proto(what, piece.edge)?,
            ship: piece.ship,
        })
    }
}

required!(cn::RoutePiece => RoutePiece);

// The layer's view holds base Catan's board message, whose terrains cannot name the sea, gold or the special
// hexes: the layer goes out without it and Catania's own board beside it. Converting the layer's board only to drop
// it costs a copy of the id tables per state view; the alternative, the layer's two dozen fields listed again here,
// would drift from `cities_knights.rs`.
impl ToProto<cn::State> for StateView {
    fn to_proto(&self) -> cn::State {
        let StateView {
            ck,
            ships,
            landing_places,
            pirate,
            sailors,
            development_cards_left,
            largest_army,
            chip_bag,
            gold_owed,
            trade_phase_over,
            development_card_played,
            ship_moved,
            ships_built_this_turn,
            iceberg,
            hurricane,
            storm_cloud,
            repairs,
            tilted,
            specialists: holders,
            conquests,
            station_exchanges_due,
            warned_posts,
            temple_due,
            temple_debts,
            castle_pile,
            castle_cards,
            castle_deposits_due,
            castle_debts,
            wonders,
            wonder_sites,
        } = self;
        let mut layer: k::State = ck.to_proto();
        layer.board = None;
        cn::State {
            layer: Some(layer),
            board: Some(ck.board.to_proto()),
            ships: ships.to_proto(),
            landing_places: landing_places.to_proto(),
            pirate: pirate.to_proto(),
            sailors: sailors.to_proto(),
            development_cards_left: development_cards_left.to_proto(),
            largest_army: largest_army.to_proto(),
            chip_bag: chip_bag.to_proto(),
            gold_owed: gold_owed.to_proto(),
            trade_phase_over: trade_phase_over.to_proto(),
            development_card_played: development_card_played.to_proto(),
            ship_moved: ship_moved.to_proto(),
            ships_built_this_turn: ships_built_this_turn.to_proto(),
            // Not in the view: the track's length is Catania's rules, not its state, and clients draw the track.
            barbarian_track_length: RULES.barbarian_track_len.into(),
            iceberg: iceberg.to_proto(),
            hurricane: hurricane.to_proto(),
            storm_cloud: storm_cloud.to_proto(),
            repairs: repairs.to_proto(),
            tilted: tilted.to_proto(),
            specialists: specialists(holders),
            conquests: conquests.to_proto(),
            station_exchanges_due: station_exchanges_due.to_proto(),
            warned_posts: warned_posts.to_proto(),
            temple_due: temple_due.to_proto(),
            temple_debts: temple_debts.to_proto(),
            castle_pile: castle_pile.to_proto(),
            castle_cards: castle_cards.to_proto(),
            castle_deposits_due: castle_deposits_due.to_proto(),
            castle_debts: castle_debts.to_proto(),
            wonders: wonders.to_proto(),
            wonder_sites: wonder_sites.to_proto(),
        }
    }
}

oneof!(Command => cn::command::Command, in cn {
    [Command::Ck(command) => Some(cn::command::Command::Ck(k::Command { command: command.to_proto() }))]
    PlaceShip { edge },
    BuildShip { edge },
    MoveShip { from, to },
    BuildLandingPlace { vertex },
    MovePirate { hex, victim },
    ChooseGold { resources },
    BuyDevelopmentCard = c::BuyDevelopmentCard,
    PlayKnight { bandit, hex, victim },
    PlayRoadBuilding { first, second },
    PlayYearOfPlenty = c::PlayYearOfPlenty { first, second },
    PlayMonopoly = c::PlayMonopoly { resource },
    PlayProgressRoadBuilding { first, second },
    ChaseBandit { knight, bandit, hex, victim },
    ExchangeAtStation { give, take },
    PayTemple { resources },
    DepositAtCastle { card },
    StartWonder { wonder },
    BuildWonderLevel,
});

// By hand, unlike the other games' commands: `oneof!` reads only variants with named fields, and the layer's
// commands arrive as one tuple variant (`Command::Ck`). Each field is checked by its type's `FromProto` as there.
impl FromProto<cn::command::Command> for Command {
    fn from_proto(_: &str, command: cn::command::Command) -> Result<Self, EngineError> {
        use cn::command::Command as C;
        fn get<T: FromProto<U>, U>(what: &str, value: U) -> Result<T, EngineError> {
            T::from_proto(what, value)
        }
        Ok(match command {
            C::Ck(k::Command { command }) => Command::Ck(get("command", command)?),
            C::PlaceShip(cn::PlaceShip { edge }) => Command::PlaceShip {
                edge: get("edge", edge)?,
            },
            C::BuildShip(cn::BuildShip { edge }) => Command::BuildShip {
                edge: get("edge", edge)?,
            },
            C::MoveShip(cn::MoveShip { from, to }) => Command::MoveShip {
                from: get("from", from)?,
                to: get("to", to)?,
            },
            C::BuildLandingPlace(cn::BuildLandingPlace { vertex }) => Command::BuildLandingPlace {
                vertex: get("vertex", vertex)?,
            },
            C::MovePirate(cn::MovePirate { hex, victim }) => Command::MovePirate {
                hex: get("hex", hex)?,
                victim: get("victim", victim)?,
            },
            C::ChooseGold(cn::ChooseGold { resources }) => Command::ChooseGold {
                resources: get("resources", resources)?,
            },
            C::BuyDevelopmentCard(c::BuyDevelopmentCard {}) => Command::BuyDevelopmentCard,
            C::PlayKnight(cn::PlayKnight {
                bandit,
                hex,
                victim,
            }) => Command::PlayKnight {
                bandit: get("bandit", bandit)?,
                hex: get("hex", hex)?,
                victim: get("victim", victim)?,
            },
            C::PlayRoadBuilding(cn::PlayRoadBuilding { first, second }) => {
                Command::PlayRoadBuilding {
                    first: get("first piece", first)?,
                    second: get("second piece", second)?,
                }
            }
            C::PlayYearOfPlenty(c::PlayYearOfPlenty { first, second }) => {
                Command::PlayYearOfPlenty {
                    first: get("first", first)?,
                    second: get("second", second)?,
                }
            }
            C::PlayMonopoly(c::PlayMonopoly { resource }) => Command::PlayMonopoly {
                resource: get("resource", resource)?,
            },
            C::PlayProgressRoadBuilding(cn::PlayProgressRoadBuilding { first, second }) => {
                Command::PlayProgressRoadBuilding {
                    first: get("first piece", first)?,
                    second: get("second piece", second)?,
                }
            }
            C::ChaseBandit(cn::ChaseBandit {
                knight,
                bandit,
                hex,
                victim,
            }) => Command::ChaseBandit {
                knight: get("knight", knight)?,
                bandit: get("bandit", bandit)?,
                hex: get("hex", hex)?,
                victim: get("victim", victim)?,
            },
            C::PayTemple(cn::PayTemple { resources }) => Command::PayTemple {
                resources: get("resources", resources)?,
            },
            C::DepositAtCastle(cn::DepositAtCastle { card }) => Command::DepositAtCastle {
                card: get("card", card)?,
            },
            C::StartWonder(cn::StartWonder { wonder }) => Command::StartWonder {
                wonder: get("wonder", wonder)?,
            },
            C::BuildWonderLevel(cn::BuildWonderLevel {}) => Command::BuildWonderLevel,
            C::ExchangeAtStation(cn::ExchangeAtStation { give, take }) => {
                Command::ExchangeAtStation {
                    give: get("give", give)?,
                    take: get("take", take)?,
                }
            }
        })
    }
}

// Every event as the omniscient viewer sees it; `EventView` reuses these messages with the hidden field unset.
oneof!(Event => cn::event::Event, in cn {
    [Event::Ck(event) => Some(cn::event::Event::Ck(k::Event { event: event.to_proto() }))]
    ShipPlaced { seat, edge },
    ShipBuilt { seat, edge, free },
    ShipMoved { seat, from, to },
    ShipRemoved { seat, edge },
    LandingPlaceBuilt { seat, vertex },
    PirateMoved { seat, hex },
    PirateChased { seat, knight, hex },
    ChipsDrawn { seat, chips },
    GoldDue { owed },
    GoldChosen { seat, resources },
    TradePhaseEnded { seat },
    DevelopmentCardBought = c::DevelopmentCardBought { seat, card },
    DevelopmentCardPlayed { seat, card },
    LargestArmyChanged = c::LargestArmyChanged { holder, knights },
    CornerCleared { seat, vertex, removed },
    ForceMoved { force, from, to, wrecks },
    BuildingTilted { seat, vertex, sum },
    BuildingRighted { seat, vertex },
    VolcanoErupted { hex, die, vertex },
    BuildingRuined { seat, vertex, blow, ruin, wall },
    SevenYielded { gains, withheld },
    SpecialistChanged { resource, holder },
    SpecialistsPaid { seat, resources },
    IslandConquered { seat, vertex, island },
    StationExchangesDue { posts },
    StationExchanged { seat, vertex, gave, took },
    StationWarned { seat, vertex },
    StationExcused { seat, vertex },
    SacrificialSiteBuilt { seat, vertex },
    TributesDue { dues },
    TemplePaid { from, to, resources },
    TributeDefaulted { from, to },
    DebtCalled { from, to },
    GodsAppeased { seat, resources },
    CastleCardReturned { card },
    CastleRaided { seats },
    CastleDeposited { seat, card },
    CastleDefaulted { seat },
    CastleDebtCalled { seat },
    CastleLooted { seat, card },
    WonderStarted { seat, wonder },
    WonderLevelBuilt { seat, wonder, level },
});

oneof!(EventView => cn::event::Event, in cn {
    [
        EventView::Ck(event) => Some(cn::event::Event::Ck(k::Event { event: event.to_proto() })),
        EventView::Public(event) => event.to_proto(),
    ]
    DevelopmentCardBought = c::DevelopmentCardBought { seat, card },
    CastleDeposited { seat, card },
    CastleLooted { seat, card },
});

impl ProtoGame for Catania {
    const VARIANT: pb::Variant = pb::Variant::Catania;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, EngineError> {
        if !matches!(
            super::convert::map_kind(options)?,
            pb::MapKind::Unspecified | pb::MapKind::Beginner
        ) {
            return Err(EngineError::Malformed(
                "Catania is played on its one 195-hex map".into(),
            ));
        }
        if options.negotiated_defence {
            return Err(EngineError::Malformed(
                "negotiated_defence is an option of Cities & Knights, not of Catania".into(),
            ));
        }
        let seats = u8::try_from(seats)
            .map_err(|_| EngineError::Malformed("Catania is played by 3 to 6 players".into()))?;
        Ok(Config {
            seats,
            points_to_win: points_to_win(options, POINTS_TO_WIN)?,
        })
    }

    wire! { Catania, cn, "command must hold a catania command for a Catania game" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::convert::tests::{assert_invalid, check_random_game, options};
    use hexfold_rules::{Game, GameRng, Viewer};
    use rand::SeedableRng;

    fn wrap(command: cn::command::Command) -> pb::Command {
        pb::Command {
            game: Some(pb::command::Game::Catania(cn::Command {
                command: Some(command),
            })),
        }
    }

    fn catania(state: pb::GameState) -> cn::State {
        match state.game {
            Some(pb::game_state::Game::Catania(state)) => state,
            other => panic!("not catania: {other:?}"),
        }
    }

    /// Every listed command survives the trip to proto and back and every view converts, over random games of
    /// three and six seats; a spectator sees no hand, no progress card and no development card, and the state
    /// carries Catania's board (every terrain named) instead of the layer's.
    #[test]
    fn commands_round_trip_and_views_convert_over_random_games() {
        let mut checked = Vec::new();
        for (seats, seed) in [(6, 1), (3, 2)] {
            checked.extend(check_random_game::<Catania>(
                seats,
                seed,
                2500,
                |spectator| {
                    let view = catania(spectator);
                    let layer = view.layer.expect("the layer's state");
                    assert!(layer.board.is_none());
                    assert!(layer
                        .players
                        .iter()
                        .all(|p| p.hand.is_none() && p.progress_cards.is_none()));
                    assert!(view.sailors.iter().all(
                        |s| s.development_cards.is_none() && s.development_cards_new.is_none()
                    ));
                    let board = view.board.expect("Catania's board");
                    assert_eq!(board.hexes.len(), 195);
                    assert!(board
                        .hexes
                        .iter()
                        .all(|h| h.terrain() != cn::Terrain::Unspecified));
                    assert_eq!(view.chip_bag.len(), 10);
                },
            ));
        }
        let count = |pick: fn(&Command) -> bool| checked.iter().filter(|c| pick(c)).count();
        assert!(checked.len() > 2000, "{}", checked.len());
        assert!(count(|c| matches!(c, Command::Ck(_))) > 0);
        assert!(count(|c| matches!(c, Command::BuildShip { .. })) > 0);
        assert!(count(|c| matches!(c, Command::MovePirate { .. })) > 0);
        assert!(count(|c| matches!(c, Command::BuyDevelopmentCard)) > 0);
    }

    /// A bought development card is the buyer's: the other seats and the spectator get the event without it.
    #[test]
    fn a_bought_card_is_sent_only_to_its_buyer() {
        let config = Catania::config(&pb::GameOptions::default(), 6).unwrap();
        let setup = Catania::setup(&config, &mut GameRng::seed_from_u64(3)).unwrap();
        let state = Catania::initial_state(&setup);
        let bought = Event::DevelopmentCardBought {
            seat: hexfold_rules::Seat(4),
            card: hexfold_rules::catan::DevCard::Monopoly,
        };
        let card = |viewer| {
            let event = Catania::event_to_proto(&Catania::view_event(&state, &bought, viewer));
            match event.body {
                Some(pb::event::Body::Catania(cn::Event {
                    event: Some(cn::event::Event::DevelopmentCardBought(b)),
                })) => {
                    assert_eq!(b.seat, 4);
                    b.card
                }
                other => panic!("not a bought card: {other:?}"),
            }
        };
        let monopoly = Some(c::DevCard::Monopoly as i32);
        assert_eq!(card(Viewer::Seat(hexfold_rules::Seat(4))), monopoly);
        assert_eq!(card(Viewer::Omniscient), monopoly);
        assert_eq!(card(Viewer::Seat(hexfold_rules::Seat(0))), None);
        assert_eq!(card(Viewer::Spectator), None);
    }

    #[test]
    fn bad_enums_ids_missing_pieces_and_options_are_invalid_arguments() {
        use cn::command::Command as C;
        let piece = |edge| cn::RoutePiece { edge, ship: true };
        assert_invalid::<Catania>([
            wrap(C::PlayKnight(cn::PlayKnight {
                bandit: cn::Bandit::Unspecified as i32,
                hex: 3,
                victim: None,
            })),
            wrap(C::PlayKnight(cn::PlayKnight {
                bandit: 9,
                hex: 3,
                victim: None,
            })),
            wrap(C::MovePirate(cn::MovePirate {
                hex: 300,
                victim: None,
            })),
            wrap(C::MovePirate(cn::MovePirate {
                hex: 3,
                victim: Some(256),
            })),
            wrap(C::BuildShip(cn::BuildShip { edge: 1 << 20 })),
            wrap(C::PlayRoadBuilding(cn::PlayRoadBuilding {
                first: None,
                second: Some(piece(1)),
            })),
            wrap(C::PlayProgressRoadBuilding(cn::PlayProgressRoadBuilding {
                first: Some(piece(1)),
                second: Some(piece(1 << 20)),
            })),
            wrap(C::ChooseGold(cn::ChooseGold { resources: None })),
            wrap(C::PlayMonopoly(Default::default())),
            wrap(C::Ck(k::Command { command: None })),
            wrap(C::Ck(k::Command {
                command: Some(k::command::Command::PlaceSettlement(k::PlaceSettlement {
                    vertex: 1 << 20,
                })),
            })),
            pb::Command {
                game: Some(pb::command::Game::Catania(Default::default())),
            },
            pb::Command {
                game: Some(pb::command::Game::CitiesKnights(k::Command {
                    command: Some(k::command::Command::EndTurn(k::EndTurn {})),
                })),
            },
            pb::Command::default(),
        ]);
        let config = |options, seats| Catania::config(&options, seats).map(|c| c.points_to_win);
        assert_eq!(config(options(0, false), 6), Ok(POINTS_TO_WIN));
        assert_eq!(config(options(15, false), 3), Ok(15));
        for refused in [
            config(options(0, true), 4),
            config(options(256, false), 4),
            config(options(0, false), 300),
            Catania::config(
                &pb::GameOptions {
                    map: pb::MapKind::Random as i32,
                    ..Default::default()
                },
                4,
            )
            .map(|c| c.points_to_win),
        ] {
            assert_eq!(
                refused.map_err(|e| crate::error::code(&e)),
                Err(tonic::Code::InvalidArgument)
            );
        }
    }
}

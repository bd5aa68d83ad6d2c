//! Cities & Knights over gRPC: conversions between `hexfold_rules::cities_knights` and
//! `proto/hexfold/v1/cities_knights/cities_knights.proto`.
//!
//! The board, resources and ids are base Catan's, so their conversions are [`super::catan`]'s. As there, an id is
//! only checked to fit its Rust type; whether it exists on this board is the rules' business.

use super::catan::{map_kind, points_to_win};
use super::convert::{count, FromProto, ToProto};
use crate::engine::EngineError;
use crate::games::ProtoGame;
use crate::proto::v1 as pb;
use hexfold_rules::cities_knights::{
    AttackResult, BuildingView, CitiesKnights, Command, Commodities, Commodity, Config, Event,
    EventDie, EventView, Good, Hand, HarborOffer, Improvements, KnightView, Obligation, Phase,
    PlayerView, ProgressCard, ProgressPlay, Roll, SeatCount, SeatHand, StateView, Track,
    TradeTerms, POINTS_TO_WIN,
};
use hexfold_rules::hex::{HexId, Resources};
use hexfold_rules::Seat;
use pb::catan as c;
use pb::cities_knights as k;

enums!(Track <=> k::Track, "a track", [Trade, Politics, Science]);
enums!(Commodity <=> k::Commodity, "a commodity", [Coin, Paper, Cloth]);
enums!(Good <=> k::Good, "a good", [Brick, Lumber, Wool, Grain, Ore, Coin, Paper, Cloth]);
enums!(ProgressCard <=> k::ProgressCard, "a progress card", [
    Alchemist, Crane, Engineer, Inventor, Irrigation, Medicine, Mining, Printer, RoadBuilding, Smith,
    CommercialHarbor, MasterMerchant, Merchant, MerchantFleet, ResourceMonopoly, TradeMonopoly,
    Bishop, Constitution, Deserter, Diplomat, Intrigue, Saboteur, Spy, Warlord, Wedding,
]);

// The event die's gates carry their track in the rules and are faces of their own on the wire.
impl ToProto<i32> for EventDie {
    fn to_proto(&self) -> i32 {
        (match self {
            EventDie::Ship => k::EventDie::Ship,
            EventDie::Gate { track } => match track {
                Track::Trade => k::EventDie::TradeGate,
                Track::Politics => k::EventDie::PoliticsGate,
                Track::Science => k::EventDie::ScienceGate,
            },
        }) as i32
    }
}

message!(Commodities <=> k::Commodities { coin, paper, cloth } via count);
message!(Hand => k::Hand { resources, commodities });
message!(HarborOffer <=> k::HarborOffer { seat, resource });
message!(TradeTerms => k::TradeTerms { give, receive });
message!(Improvements => k::Improvements { trade, politics, science });
message!(Roll => k::Roll { white, red, event });
message!(SeatCount => c::SeatCount { seat, count });
message!(SeatHand => k::SeatHand { seat, cards });
message!(BuildingView => k::Building { vertex, seat, city, wall, metropolis });
message!(KnightView => k::Knight { vertex, seat, strength, active, activated_this_turn, promoted_this_turn });
message!((Seat, HexId) => k::MerchantPosition = (seat, hex));
message!(Obligation => k::Obligation { obligation: self });
message!(ProgressPlay => k::ProgressPlay { card: self });
present!(ProgressPlay => k::ProgressPlay);
message!(Vec<ProgressCard> => k::ProgressCards { cards: self });
message!(PlayerView => k::Player {
    seat, card_count, hand, progress_card_count, progress_cards, victory_point_cards, defender_cards, improvements,
    settlements_left, cities_left, roads_left, walls_left, road_length, points, hand_limit, counter_offer,
    rejected_offer,
} knights_left: [basic_knights_left, strong_knights_left, mighty_knights_left]);
message!(StateView => k::State {
    board, seats, points_to_win, phase, active, turn, robber, robber_in_play, barbarians, barbarian_attacks, bank,
    defender_cards_left, last_roll, players, buildings, roads, knights, merchant, longest_road, offer, obligations,
    deserter_knight, merchant_fleet, winner,
} progress_cards_left: [trade_cards_left, politics_cards_left, science_cards_left]
  metropolises: [trade_metropolis, politics_metropolis, science_metropolis]);

// A hand may leave out either half: an absent half holds no cards.
impl FromProto<k::Hand> for Hand {
    fn from_proto(_: &str, hand: k::Hand) -> Result<Self, EngineError> {
        Ok(Hand {
            resources: Resources::from_proto("resources", hand.resources.unwrap_or_default())?,
            commodities: Commodities::from_proto(
                "commodities",
                hand.commodities.unwrap_or_default(),
            )?,
        })
    }
}

required!(k::Hand => Hand);

// The play's oneof sits one message deeper than a command's, and the error names the whole path.
impl FromProto<k::ProgressPlay> for ProgressPlay {
    fn from_proto(_: &str, play: k::ProgressPlay) -> Result<Self, EngineError> {
        Self::from_proto("play.card", play.card)
    }
}

required!(k::ProgressPlay => ProgressPlay);

phase!(Phase => k::Phase, k::PhaseKind {
    PlaceBuilding { placement_index: index },
    PlaceRoad { placement_index: index, vertex },
    Roll, Resolving, Robber, Main,
    Ended { winner },
});

oneof!(ProgressPlay <=> k::progress_play::Card, in k {
    Alchemist { white as "white die", red as "red die" },
    Crane { track, metropolis },
    Engineer { vertex },
    Inventor { first as "first hex", second as "second hex" },
    Irrigation,
    Medicine { vertex },
    Mining,
    RoadBuilding { first as "first edge", second as "second edge" },
    Smith { first as "first knight", second as "second knight" },
    CommercialHarbor { offers },
    MasterMerchant { victim },
    Merchant { hex },
    MerchantFleet { good },
    ResourceMonopoly { resource },
    TradeMonopoly { commodity },
    Bishop { hex },
    Deserter { victim },
    Diplomat { edge, relocate },
    Intrigue { vertex },
    Saboteur,
    Spy { victim },
    Warlord,
    Wedding,
});

oneof!(Command <=> k::command::Command, in k {
    PlaceSettlement { vertex },
    PlaceCity { vertex },
    PlaceRoad { edge },
    RollDice,
    MoveRobber { hex, victim },
    Discard { cards },
    GiveCards { cards },
    ChooseCityToLose { vertex },
    RetreatKnight { vertex },
    RemoveKnight { vertex },
    ReturnProgressCard { card },
    CommitKnights { vertices as "vertex" },
    ChooseProgressDeck { track },
    TakeAqueductResource { resource },
    TakeCards { cards },
    TakeProgressCard { card },
    BuildRoad { edge },
    BuildSettlement { vertex },
    BuildCity { vertex },
    BuildCityWall { vertex },
    BuildKnight { vertex },
    PlaceDeserterKnight { vertex },
    ActivateKnight { vertex },
    PromoteKnight { vertex },
    MoveKnight { from, to },
    ChaseRobber { knight },
    ImproveCity { track, metropolis },
    BankTrade { give, receive },
    OfferTrade { give, receive },
    AcceptTrade,
    RejectTrade,
    WithdrawTrade,
    CounterOffer { give, receive },
    AcceptCounterOffer = c::AcceptCounterOffer { seat },
    RejectCounterOffer = c::RejectCounterOffer { seat },
    PlayProgressCard { play },
    EndTurn,
});

// Every event as the omniscient viewer sees it; the hidden-card variants of `EventView` reuse these messages with
// the hidden field unset.
oneof!(Event => k::event::Event, in k {
    SettlementPlaced { seat, vertex },
    CityPlaced { seat, vertex },
    RoadPlaced = c::RoadPlaced { seat, edge },
    StartingResourcesTaken { seat, resources },
    DiceRolled { seat, roll, alchemist },
    DefenceCalled { seats },
    KnightsCommitted { seat, vertices },
    BarbariansAttacked { barbarians, knights, contributions, result },
    CityLost { seat, vertex, wall },
    ProgressCardDrawn { seat, track, card },
    ProgressCardReturned { seat, card },
    ResourcesProduced { gains, withheld },
    SevenRolled { discards },
    DiscardsRequired { discards },
    Discarded { seat, cards },
    RobberMoved = c::RobberMoved { seat, hex },
    CardStolen { thief, victim, good },
    AqueductTaken { seat, resource },
    RoadBuilt = c::RoadBuilt { seat, edge, free },
    RoadRemoved { seat, edge },
    SettlementBuilt = c::SettlementBuilt { seat, vertex },
    CityBuilt { seat, vertex, paid },
    CityWallBuilt { seat, vertex, free },
    KnightBuilt { seat, vertex, strength, free },
    KnightActivated { seat, vertex, free },
    KnightPromoted { seat, vertex, free },
    KnightMoved { seat, from, to },
    KnightDisplaced { by, from, seat, vertex },
    KnightRetreated { seat, vertex },
    KnightLeftBoard { seat },
    KnightDeserted { seat, vertex, strength, to },
    RobberChased { seat, knight, hex },
    CityImproved { seat, track, level, paid },
    MetropolisPlaced { seat, track, vertex, from },
    BankTraded { seat, give, give_count, receive },
    TradeOffered { seat, give, receive },
    TradeRejected { seat },
    TradeWithdrawn { seat },
    CounterOffered { seat, give, receive },
    CounterOfferRejected = c::CounterOfferRejected { seat },
    TradeCompleted { active, partner, given, received },
    ProgressCardPlayed { seat, card },
    CardsFromBank { seat, cards },
    CardsTransferred { from, to, cards },
    CardsGiven { seat, to, cards },
    CardsDemanded { to, demands, commodities_only },
    NumbersSwapped { first, second },
    MerchantPlaced { seat, hex },
    MerchantFleetChosen { seat, good },
    KnightRemovalDemanded { seat, to },
    HandRevealed { seat, victim, count },
    ProgressCardsRevealed { seat, victim },
    ProgressCardTaken { seat, victim, card },
    CardsTaken { seat, victim, cards },
    LongestRoadChanged = c::LongestRoadChanged { holder, length },
    TurnEnded = c::TurnEnded { seat, next },
    GameWon { seat, points },
});

oneof!(EventView => k::event::Event, in k {
    [EventView::Public(event) => event.to_proto()]
    ProgressCardDrawn { seat, track, card },
    ProgressCardReturned { seat, card },
    CardStolen { thief, victim, good },
    CardsTaken { seat, victim, cards },
    ProgressCardTaken { seat, victim, card },
});

oneof!(AttackResult => k::barbarians_attacked::Result, in k {
    CatanWon { defender, tied },
    BarbariansWon { losers },
});

oneof!(Obligation => k::obligation::Obligation, in k {
    Discard = k::DiscardOwed { seat, count },
    Give = k::GiveOwed { seat, to, count, commodities_only },
    LoseCity = k::LoseCityOwed { seat },
    Retreat = k::RetreatOwed { seat, from, strength, active },
    RemoveKnight = k::RemoveKnightOwed { seat, to },
    ReturnProgressCard = k::ReturnProgressCardOwed { seat },
    CommitKnights = k::CommitKnightsOwed { seat },
    DrawProgressCard = k::DrawProgressCardOwed { seat },
    AqueductResource = k::AqueductResourceOwed { seat },
    TakeCards = k::TakeCardsOwed { seat, from, count },
    TakeProgressCard = k::TakeProgressCardOwed { seat, from },
});

impl ProtoGame for CitiesKnights {
    const VARIANT: pb::Variant = pb::Variant::CitiesAndKnights;

    fn config(options: &pb::GameOptions, seats: usize) -> Result<Config, EngineError> {
        let seats = u8::try_from(seats).map_err(|_| {
            EngineError::Malformed("Cities & Knights is played by 3 or 4 players".into())
        })?;
        Ok(Config {
            seats,
            map: map_kind(options)?,
            negotiated_defence: options.negotiated_defence,
            points_to_win: points_to_win(options, POINTS_TO_WIN)?,
        })
    }

    wire! {
        CitiesKnights, k, "command must hold a cities_knights command for a Cities & Knights game"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::convert::tests::{assert_invalid, check_random_game, options};
    use hexfold_rules::{Game, GameRng, Viewer};
    use rand::SeedableRng;

    fn wrap(command: k::command::Command) -> pb::Command {
        pb::Command {
            game: Some(pb::command::Game::CitiesKnights(k::Command {
                command: Some(command),
            })),
        }
    }

    /// Every listed command survives the trip to proto and back, every view converts, and the spectator sees no
    /// hand and no progress card in hand, over random games.
    #[test]
    fn commands_round_trip_and_views_convert_over_random_games() {
        let mut seen = 0;
        let mut plays = 0;
        for game in 0..3u64 {
            let checked = check_random_game::<CitiesKnights>(4, 11 + game, 3000, |spectator| {
                let Some(pb::game_state::Game::CitiesKnights(view)) = spectator.game else {
                    panic!("not cities & knights")
                };
                assert!(view
                    .players
                    .iter()
                    .all(|p| p.hand.is_none() && p.progress_cards.is_none()));
            });
            seen += checked.len();
            plays += checked
                .iter()
                .filter(|c| matches!(c, Command::PlayProgressCard { .. }))
                .count();
        }
        assert!(seen > 1000);
        assert!(plays > 0, "no progress card play was round-tripped");
    }

    /// Offers are public: a spectator's view carries the open offer, each seat's counter-offer and refusal, and the
    /// counter-offer events convert to their own oneof cases, while hands stay hidden.
    #[test]
    fn counter_offers_are_public_in_views_and_events() {
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
                seat: Seat(2),
                next: Seat(0),
            },
            Event::CardsFromBank {
                seat: Seat(0),
                cards: brick,
            },
            Event::DiceRolled {
                seat: Seat(0),
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
                seat: Seat(0),
                give: brick,
                receive: grain,
            },
            Event::CounterOffered {
                seat: Seat(1),
                give: coin,
                receive: brick,
            },
            Event::TradeRejected { seat: Seat(2) },
        ];
        let state = events
            .iter()
            .fold(CitiesKnights::initial_state(&setup), CitiesKnights::evolve);
        let view =
            CitiesKnights::state_to_proto(&CitiesKnights::view_state(&state, Viewer::Spectator));
        let Some(pb::game_state::Game::CitiesKnights(view)) = view.game else {
            panic!("not cities & knights")
        };
        assert_eq!(view.offer.and_then(|t| t.give), Some(brick.to_proto()));
        let counter = view.players[1].counter_offer.as_ref().unwrap();
        assert_eq!(counter.give, Some(coin.to_proto()));
        assert_eq!(counter.receive, Some(brick.to_proto()));
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
            kind(&Event::CounterOfferRejected { seat: Seat(1) }),
            k::event::Event::CounterOfferRejected(c::CounterOfferRejected { seat: 1 })
        ));
    }

    #[test]
    fn bad_enums_ids_and_missing_oneofs_are_invalid_arguments() {
        use k::command::Command as K;
        let bad = [
            wrap(K::ImproveCity(Default::default())),
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
            wrap(K::Discard(Default::default())),
            wrap(K::PlayProgressCard(Default::default())),
            wrap(K::PlayProgressCard(k::PlayProgressCard {
                play: Some(Default::default()),
            })),
            wrap(K::ReturnProgressCard(Default::default())),
            pb::Command {
                game: Some(pb::command::Game::CitiesKnights(Default::default())),
            },
            pb::Command::default(),
        ];
        assert_invalid::<CitiesKnights>(bad);
        assert_eq!(
            CitiesKnights::config(&options(10, false), 4).map(|c| c.points_to_win),
            Ok(10)
        );
        assert!(CitiesKnights::config(&options(0, true), 4).is_ok_and(|c| c.negotiated_defence));
    }
}

from hexfold_client._gen.hexfold.v1.catan import catan_pb2 as _catan_pb2
from hexfold_client._gen.hexfold.v1.words import words_pb2 as _words_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Commodity(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    COMMODITY_UNSPECIFIED: _ClassVar[Commodity]
    COMMODITY_COIN: _ClassVar[Commodity]
    COMMODITY_PAPER: _ClassVar[Commodity]
    COMMODITY_CLOTH: _ClassVar[Commodity]

class Good(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOOD_UNSPECIFIED: _ClassVar[Good]
    GOOD_BRICK: _ClassVar[Good]
    GOOD_LUMBER: _ClassVar[Good]
    GOOD_WOOL: _ClassVar[Good]
    GOOD_GRAIN: _ClassVar[Good]
    GOOD_ORE: _ClassVar[Good]
    GOOD_COIN: _ClassVar[Good]
    GOOD_PAPER: _ClassVar[Good]
    GOOD_CLOTH: _ClassVar[Good]

class Track(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRACK_UNSPECIFIED: _ClassVar[Track]
    TRACK_TRADE: _ClassVar[Track]
    TRACK_POLITICS: _ClassVar[Track]
    TRACK_SCIENCE: _ClassVar[Track]

class ProgressCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PROGRESS_CARD_UNSPECIFIED: _ClassVar[ProgressCard]
    PROGRESS_CARD_ALCHEMIST: _ClassVar[ProgressCard]
    PROGRESS_CARD_CRANE: _ClassVar[ProgressCard]
    PROGRESS_CARD_ENGINEER: _ClassVar[ProgressCard]
    PROGRESS_CARD_INVENTOR: _ClassVar[ProgressCard]
    PROGRESS_CARD_IRRIGATION: _ClassVar[ProgressCard]
    PROGRESS_CARD_MEDICINE: _ClassVar[ProgressCard]
    PROGRESS_CARD_MINING: _ClassVar[ProgressCard]
    PROGRESS_CARD_PRINTER: _ClassVar[ProgressCard]
    PROGRESS_CARD_ROAD_BUILDING: _ClassVar[ProgressCard]
    PROGRESS_CARD_SMITH: _ClassVar[ProgressCard]
    PROGRESS_CARD_COMMERCIAL_HARBOR: _ClassVar[ProgressCard]
    PROGRESS_CARD_MASTER_MERCHANT: _ClassVar[ProgressCard]
    PROGRESS_CARD_MERCHANT: _ClassVar[ProgressCard]
    PROGRESS_CARD_MERCHANT_FLEET: _ClassVar[ProgressCard]
    PROGRESS_CARD_RESOURCE_MONOPOLY: _ClassVar[ProgressCard]
    PROGRESS_CARD_TRADE_MONOPOLY: _ClassVar[ProgressCard]
    PROGRESS_CARD_BISHOP: _ClassVar[ProgressCard]
    PROGRESS_CARD_CONSTITUTION: _ClassVar[ProgressCard]
    PROGRESS_CARD_DESERTER: _ClassVar[ProgressCard]
    PROGRESS_CARD_DIPLOMAT: _ClassVar[ProgressCard]
    PROGRESS_CARD_INTRIGUE: _ClassVar[ProgressCard]
    PROGRESS_CARD_SABOTEUR: _ClassVar[ProgressCard]
    PROGRESS_CARD_SPY: _ClassVar[ProgressCard]
    PROGRESS_CARD_WARLORD: _ClassVar[ProgressCard]
    PROGRESS_CARD_WEDDING: _ClassVar[ProgressCard]

class EventDie(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVENT_DIE_UNSPECIFIED: _ClassVar[EventDie]
    EVENT_DIE_SHIP: _ClassVar[EventDie]
    EVENT_DIE_TRADE_GATE: _ClassVar[EventDie]
    EVENT_DIE_POLITICS_GATE: _ClassVar[EventDie]
    EVENT_DIE_SCIENCE_GATE: _ClassVar[EventDie]

class PhaseKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_KIND_UNSPECIFIED: _ClassVar[PhaseKind]
    PHASE_KIND_PLACE_BUILDING: _ClassVar[PhaseKind]
    PHASE_KIND_PLACE_ROAD: _ClassVar[PhaseKind]
    PHASE_KIND_ROLL: _ClassVar[PhaseKind]
    PHASE_KIND_RESOLVING: _ClassVar[PhaseKind]
    PHASE_KIND_ROBBER: _ClassVar[PhaseKind]
    PHASE_KIND_MAIN: _ClassVar[PhaseKind]
    PHASE_KIND_ENDED: _ClassVar[PhaseKind]
COMMODITY_UNSPECIFIED: Commodity
COMMODITY_COIN: Commodity
COMMODITY_PAPER: Commodity
COMMODITY_CLOTH: Commodity
GOOD_UNSPECIFIED: Good
GOOD_BRICK: Good
GOOD_LUMBER: Good
GOOD_WOOL: Good
GOOD_GRAIN: Good
GOOD_ORE: Good
GOOD_COIN: Good
GOOD_PAPER: Good
GOOD_CLOTH: Good
TRACK_UNSPECIFIED: Track
TRACK_TRADE: Track
TRACK_POLITICS: Track
TRACK_SCIENCE: Track
PROGRESS_CARD_UNSPECIFIED: ProgressCard
PROGRESS_CARD_ALCHEMIST: ProgressCard
PROGRESS_CARD_CRANE: ProgressCard
PROGRESS_CARD_ENGINEER: ProgressCard
PROGRESS_CARD_INVENTOR: ProgressCard
PROGRESS_CARD_IRRIGATION: ProgressCard
PROGRESS_CARD_MEDICINE: ProgressCard
PROGRESS_CARD_MINING: ProgressCard
PROGRESS_CARD_PRINTER: ProgressCard
PROGRESS_CARD_ROAD_BUILDING: ProgressCard
PROGRESS_CARD_SMITH: ProgressCard
PROGRESS_CARD_COMMERCIAL_HARBOR: ProgressCard
PROGRESS_CARD_MASTER_MERCHANT: ProgressCard
PROGRESS_CARD_MERCHANT: ProgressCard
PROGRESS_CARD_MERCHANT_FLEET: ProgressCard
PROGRESS_CARD_RESOURCE_MONOPOLY: ProgressCard
PROGRESS_CARD_TRADE_MONOPOLY: ProgressCard
PROGRESS_CARD_BISHOP: ProgressCard
PROGRESS_CARD_CONSTITUTION: ProgressCard
PROGRESS_CARD_DESERTER: ProgressCard
PROGRESS_CARD_DIPLOMAT: ProgressCard
PROGRESS_CARD_INTRIGUE: ProgressCard
PROGRESS_CARD_SABOTEUR: ProgressCard
PROGRESS_CARD_SPY: ProgressCard
PROGRESS_CARD_WARLORD: ProgressCard
PROGRESS_CARD_WEDDING: ProgressCard
EVENT_DIE_UNSPECIFIED: EventDie
EVENT_DIE_SHIP: EventDie
EVENT_DIE_TRADE_GATE: EventDie
EVENT_DIE_POLITICS_GATE: EventDie
EVENT_DIE_SCIENCE_GATE: EventDie
PHASE_KIND_UNSPECIFIED: PhaseKind
PHASE_KIND_PLACE_BUILDING: PhaseKind
PHASE_KIND_PLACE_ROAD: PhaseKind
PHASE_KIND_ROLL: PhaseKind
PHASE_KIND_RESOLVING: PhaseKind
PHASE_KIND_ROBBER: PhaseKind
PHASE_KIND_MAIN: PhaseKind
PHASE_KIND_ENDED: PhaseKind

class Commodities(_message.Message):
    __slots__ = ("coin", "paper", "cloth")
    COIN_FIELD_NUMBER: _ClassVar[int]
    PAPER_FIELD_NUMBER: _ClassVar[int]
    CLOTH_FIELD_NUMBER: _ClassVar[int]
    coin: int
    paper: int
    cloth: int
    def __init__(self, coin: _Optional[int] = ..., paper: _Optional[int] = ..., cloth: _Optional[int] = ...) -> None: ...

class Hand(_message.Message):
    __slots__ = ("resources", "commodities")
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    COMMODITIES_FIELD_NUMBER: _ClassVar[int]
    resources: _catan_pb2.Resources
    commodities: Commodities
    def __init__(self, resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ..., commodities: _Optional[_Union[Commodities, _Mapping]] = ...) -> None: ...

class Improvements(_message.Message):
    __slots__ = ("trade", "politics", "science")
    TRADE_FIELD_NUMBER: _ClassVar[int]
    POLITICS_FIELD_NUMBER: _ClassVar[int]
    SCIENCE_FIELD_NUMBER: _ClassVar[int]
    trade: int
    politics: int
    science: int
    def __init__(self, trade: _Optional[int] = ..., politics: _Optional[int] = ..., science: _Optional[int] = ...) -> None: ...

class Roll(_message.Message):
    __slots__ = ("white", "red", "event")
    WHITE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    white: int
    red: int
    event: EventDie
    def __init__(self, white: _Optional[int] = ..., red: _Optional[int] = ..., event: _Optional[_Union[EventDie, str]] = ...) -> None: ...

class SeatHand(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: Hand
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class HarborOffer(_message.Message):
    __slots__ = ("seat", "resource")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resource: _catan_pb2.Resource
    def __init__(self, seat: _Optional[int] = ..., resource: _Optional[_Union[_catan_pb2.Resource, str]] = ...) -> None: ...

class Command(_message.Message):
    __slots__ = ("place_settlement", "place_city", "place_road", "roll_dice", "move_robber", "discard", "give_cards", "choose_city_to_lose", "retreat_knight", "remove_knight", "return_progress_card", "commit_knights", "choose_progress_deck", "take_aqueduct_resource", "take_cards", "take_progress_card", "build_road", "build_settlement", "build_city", "build_city_wall", "build_knight", "place_deserter_knight", "activate_knight", "promote_knight", "move_knight", "chase_robber", "improve_city", "bank_trade", "offer_trade", "accept_trade", "reject_trade", "withdraw_trade", "play_progress_card", "end_turn", "counter_offer", "accept_counter_offer", "reject_counter_offer")
    PLACE_SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    PLACE_CITY_FIELD_NUMBER: _ClassVar[int]
    PLACE_ROAD_FIELD_NUMBER: _ClassVar[int]
    ROLL_DICE_FIELD_NUMBER: _ClassVar[int]
    MOVE_ROBBER_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARDS_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CITY_TO_LOSE_FIELD_NUMBER: _ClassVar[int]
    RETREAT_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    REMOVE_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    RETURN_PROGRESS_CARD_FIELD_NUMBER: _ClassVar[int]
    COMMIT_KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_PROGRESS_DECK_FIELD_NUMBER: _ClassVar[int]
    TAKE_AQUEDUCT_RESOURCE_FIELD_NUMBER: _ClassVar[int]
    TAKE_CARDS_FIELD_NUMBER: _ClassVar[int]
    TAKE_PROGRESS_CARD_FIELD_NUMBER: _ClassVar[int]
    BUILD_ROAD_FIELD_NUMBER: _ClassVar[int]
    BUILD_SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    BUILD_CITY_FIELD_NUMBER: _ClassVar[int]
    BUILD_CITY_WALL_FIELD_NUMBER: _ClassVar[int]
    BUILD_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    PLACE_DESERTER_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    PROMOTE_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    MOVE_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    CHASE_ROBBER_FIELD_NUMBER: _ClassVar[int]
    IMPROVE_CITY_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_TRADE_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_TRADE_FIELD_NUMBER: _ClassVar[int]
    REJECT_TRADE_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_TRADE_FIELD_NUMBER: _ClassVar[int]
    PLAY_PROGRESS_CARD_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    REJECT_COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    place_settlement: PlaceSettlement
    place_city: PlaceCity
    place_road: PlaceRoad
    roll_dice: RollDice
    move_robber: MoveRobber
    discard: Discard
    give_cards: GiveCards
    choose_city_to_lose: ChooseCityToLose
    retreat_knight: RetreatKnight
    remove_knight: RemoveKnight
    return_progress_card: ReturnProgressCard
    commit_knights: CommitKnights
    choose_progress_deck: ChooseProgressDeck
    take_aqueduct_resource: TakeAqueductResource
    take_cards: TakeCards
    take_progress_card: TakeProgressCard
    build_road: BuildRoad
    build_settlement: BuildSettlement
    build_city: BuildCity
    build_city_wall: BuildCityWall
    build_knight: BuildKnight
    place_deserter_knight: PlaceDeserterKnight
    activate_knight: ActivateKnight
    promote_knight: PromoteKnight
    move_knight: MoveKnight
    chase_robber: ChaseRobber
    improve_city: ImproveCity
    bank_trade: BankTrade
    offer_trade: OfferTrade
    accept_trade: AcceptTrade
    reject_trade: RejectTrade
    withdraw_trade: WithdrawTrade
    play_progress_card: PlayProgressCard
    end_turn: EndTurn
    counter_offer: CounterOffer
    accept_counter_offer: _catan_pb2.AcceptCounterOffer
    reject_counter_offer: _catan_pb2.RejectCounterOffer
    def __init__(self, place_settlement: _Optional[_Union[PlaceSettlement, _Mapping]] = ..., place_city: _Optional[_Union[PlaceCity, _Mapping]] = ..., place_road: _Optional[_Union[PlaceRoad, _Mapping]] = ..., roll_dice: _Optional[_Union[RollDice, _Mapping]] = ..., move_robber: _Optional[_Union[MoveRobber, _Mapping]] = ..., discard: _Optional[_Union[Discard, _Mapping]] = ..., give_cards: _Optional[_Union[GiveCards, _Mapping]] = ..., choose_city_to_lose: _Optional[_Union[ChooseCityToLose, _Mapping]] = ..., retreat_knight: _Optional[_Union[RetreatKnight, _Mapping]] = ..., remove_knight: _Optional[_Union[RemoveKnight, _Mapping]] = ..., return_progress_card: _Optional[_Union[ReturnProgressCard, _Mapping]] = ..., commit_knights: _Optional[_Union[CommitKnights, _Mapping]] = ..., choose_progress_deck: _Optional[_Union[ChooseProgressDeck, _Mapping]] = ..., take_aqueduct_resource: _Optional[_Union[TakeAqueductResource, _Mapping]] = ..., take_cards: _Optional[_Union[TakeCards, _Mapping]] = ..., take_progress_card: _Optional[_Union[TakeProgressCard, _Mapping]] = ..., build_road: _Optional[_Union[BuildRoad, _Mapping]] = ..., build_settlement: _Optional[_Union[BuildSettlement, _Mapping]] = ..., build_city: _Optional[_Union[BuildCity, _Mapping]] = ..., build_city_wall: _Optional[_Union[BuildCityWall, _Mapping]] = ..., build_knight: _Optional[_Union[BuildKnight, _Mapping]] = ..., place_deserter_knight: _Optional[_Union[PlaceDeserterKnight, _Mapping]] = ..., activate_knight: _Optional[_Union[ActivateKnight, _Mapping]] = ..., promote_knight: _Optional[_Union[PromoteKnight, _Mapping]] = ..., move_knight: _Optional[_Union[MoveKnight, _Mapping]] = ..., chase_robber: _Optional[_Union[ChaseRobber, _Mapping]] = ..., improve_city: _Optional[_Union[ImproveCity, _Mapping]] = ..., bank_trade: _Optional[_Union[BankTrade, _Mapping]] = ..., offer_trade: _Optional[_Union[OfferTrade, _Mapping]] = ..., accept_trade: _Optional[_Union[AcceptTrade, _Mapping]] = ..., reject_trade: _Optional[_Union[RejectTrade, _Mapping]] = ..., withdraw_trade: _Optional[_Union[WithdrawTrade, _Mapping]] = ..., play_progress_card: _Optional[_Union[PlayProgressCard, _Mapping]] = ..., end_turn: _Optional[_Union[EndTurn, _Mapping]] = ..., counter_offer: _Optional[_Union[CounterOffer, _Mapping]] = ..., accept_counter_offer: _Optional[_Union[_catan_pb2.AcceptCounterOffer, _Mapping]] = ..., reject_counter_offer: _Optional[_Union[_catan_pb2.RejectCounterOffer, _Mapping]] = ...) -> None: ...

class PlaceSettlement(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class PlaceCity(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class PlaceRoad(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class RollDice(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MoveRobber(_message.Message):
    __slots__ = ("hex", "victim")
    HEX_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    hex: int
    victim: int
    def __init__(self, hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class Discard(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: Hand
    def __init__(self, cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class GiveCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: Hand
    def __init__(self, cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class ChooseCityToLose(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class RetreatKnight(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class RemoveKnight(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class ReturnProgressCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: ProgressCard
    def __init__(self, card: _Optional[_Union[ProgressCard, str]] = ...) -> None: ...

class CommitKnights(_message.Message):
    __slots__ = ("vertices",)
    VERTICES_FIELD_NUMBER: _ClassVar[int]
    vertices: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, vertices: _Optional[_Iterable[int]] = ...) -> None: ...

class ChooseProgressDeck(_message.Message):
    __slots__ = ("track",)
    TRACK_FIELD_NUMBER: _ClassVar[int]
    track: Track
    def __init__(self, track: _Optional[_Union[Track, str]] = ...) -> None: ...

class TakeAqueductResource(_message.Message):
    __slots__ = ("resource",)
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    resource: _catan_pb2.Resource
    def __init__(self, resource: _Optional[_Union[_catan_pb2.Resource, str]] = ...) -> None: ...

class TakeCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: Hand
    def __init__(self, cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class TakeProgressCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: ProgressCard
    def __init__(self, card: _Optional[_Union[ProgressCard, str]] = ...) -> None: ...

class BuildRoad(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class BuildSettlement(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class BuildCity(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class BuildCityWall(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class BuildKnight(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class PlaceDeserterKnight(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class ActivateKnight(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class PromoteKnight(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class MoveKnight(_message.Message):
    __slots__ = ("to",)
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ..., **kwargs) -> None: ...

class ChaseRobber(_message.Message):
    __slots__ = ("knight",)
    KNIGHT_FIELD_NUMBER: _ClassVar[int]
    knight: int
    def __init__(self, knight: _Optional[int] = ...) -> None: ...

class ImproveCity(_message.Message):
    __slots__ = ("track", "metropolis")
    TRACK_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    track: Track
    metropolis: int
    def __init__(self, track: _Optional[_Union[Track, str]] = ..., metropolis: _Optional[int] = ...) -> None: ...

class BankTrade(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Good
    receive: Good
    def __init__(self, give: _Optional[_Union[Good, str]] = ..., receive: _Optional[_Union[Good, str]] = ...) -> None: ...

class OfferTrade(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Hand
    receive: Hand
    def __init__(self, give: _Optional[_Union[Hand, _Mapping]] = ..., receive: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class AcceptTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RejectTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WithdrawTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CounterOffer(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Hand
    receive: Hand
    def __init__(self, give: _Optional[_Union[Hand, _Mapping]] = ..., receive: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class PlayProgressCard(_message.Message):
    __slots__ = ("play",)
    PLAY_FIELD_NUMBER: _ClassVar[int]
    play: ProgressPlay
    def __init__(self, play: _Optional[_Union[ProgressPlay, _Mapping]] = ...) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ProgressPlay(_message.Message):
    __slots__ = ("alchemist", "crane", "engineer", "inventor", "irrigation", "medicine", "mining", "road_building", "smith", "commercial_harbor", "master_merchant", "merchant", "merchant_fleet", "resource_monopoly", "trade_monopoly", "bishop", "deserter", "diplomat", "intrigue", "saboteur", "spy", "warlord", "wedding")
    ALCHEMIST_FIELD_NUMBER: _ClassVar[int]
    CRANE_FIELD_NUMBER: _ClassVar[int]
    ENGINEER_FIELD_NUMBER: _ClassVar[int]
    INVENTOR_FIELD_NUMBER: _ClassVar[int]
    IRRIGATION_FIELD_NUMBER: _ClassVar[int]
    MEDICINE_FIELD_NUMBER: _ClassVar[int]
    MINING_FIELD_NUMBER: _ClassVar[int]
    ROAD_BUILDING_FIELD_NUMBER: _ClassVar[int]
    SMITH_FIELD_NUMBER: _ClassVar[int]
    COMMERCIAL_HARBOR_FIELD_NUMBER: _ClassVar[int]
    MASTER_MERCHANT_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_FLEET_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    TRADE_MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    BISHOP_FIELD_NUMBER: _ClassVar[int]
    DESERTER_FIELD_NUMBER: _ClassVar[int]
    DIPLOMAT_FIELD_NUMBER: _ClassVar[int]
    INTRIGUE_FIELD_NUMBER: _ClassVar[int]
    SABOTEUR_FIELD_NUMBER: _ClassVar[int]
    SPY_FIELD_NUMBER: _ClassVar[int]
    WARLORD_FIELD_NUMBER: _ClassVar[int]
    WEDDING_FIELD_NUMBER: _ClassVar[int]
    alchemist: Alchemist
    crane: Crane
    engineer: Engineer
    inventor: Inventor
    irrigation: Irrigation
    medicine: Medicine
    mining: Mining
    road_building: RoadBuilding
    smith: Smith
    commercial_harbor: CommercialHarbor
    master_merchant: MasterMerchant
    merchant: Merchant
    merchant_fleet: MerchantFleet
    resource_monopoly: ResourceMonopoly
    trade_monopoly: TradeMonopoly
    bishop: Bishop
    deserter: Deserter
    diplomat: Diplomat
    intrigue: Intrigue
    saboteur: Saboteur
    spy: Spy
    warlord: Warlord
    wedding: Wedding
    def __init__(self, alchemist: _Optional[_Union[Alchemist, _Mapping]] = ..., crane: _Optional[_Union[Crane, _Mapping]] = ..., engineer: _Optional[_Union[Engineer, _Mapping]] = ..., inventor: _Optional[_Union[Inventor, _Mapping]] = ..., irrigation: _Optional[_Union[Irrigation, _Mapping]] = ..., medicine: _Optional[_Union[Medicine, _Mapping]] = ..., mining: _Optional[_Union[Mining, _Mapping]] = ..., road_building: _Optional[_Union[RoadBuilding, _Mapping]] = ..., smith: _Optional[_Union[Smith, _Mapping]] = ..., commercial_harbor: _Optional[_Union[CommercialHarbor, _Mapping]] = ..., master_merchant: _Optional[_Union[MasterMerchant, _Mapping]] = ..., merchant: _Optional[_Union[Merchant, _Mapping]] = ..., merchant_fleet: _Optional[_Union[MerchantFleet, _Mapping]] = ..., resource_monopoly: _Optional[_Union[ResourceMonopoly, _Mapping]] = ..., trade_monopoly: _Optional[_Union[TradeMonopoly, _Mapping]] = ..., bishop: _Optional[_Union[Bishop, _Mapping]] = ..., deserter: _Optional[_Union[Deserter, _Mapping]] = ..., diplomat: _Optional[_Union[Diplomat, _Mapping]] = ..., intrigue: _Optional[_Union[Intrigue, _Mapping]] = ..., saboteur: _Optional[_Union[Saboteur, _Mapping]] = ..., spy: _Optional[_Union[Spy, _Mapping]] = ..., warlord: _Optional[_Union[Warlord, _Mapping]] = ..., wedding: _Optional[_Union[Wedding, _Mapping]] = ...) -> None: ...

class Alchemist(_message.Message):
    __slots__ = ("white", "red")
    WHITE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    white: int
    red: int
    def __init__(self, white: _Optional[int] = ..., red: _Optional[int] = ...) -> None: ...

class Crane(_message.Message):
    __slots__ = ("track", "metropolis")
    TRACK_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    track: Track
    metropolis: int
    def __init__(self, track: _Optional[_Union[Track, str]] = ..., metropolis: _Optional[int] = ...) -> None: ...

class Engineer(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class Inventor(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: int
    second: int
    def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class Irrigation(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Medicine(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class Mining(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RoadBuilding(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: int
    second: int
    def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class Smith(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: int
    second: int
    def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class CommercialHarbor(_message.Message):
    __slots__ = ("offers",)
    OFFERS_FIELD_NUMBER: _ClassVar[int]
    offers: _containers.RepeatedCompositeFieldContainer[HarborOffer]
    def __init__(self, offers: _Optional[_Iterable[_Union[HarborOffer, _Mapping]]] = ...) -> None: ...

class MasterMerchant(_message.Message):
    __slots__ = ("victim",)
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    victim: int
    def __init__(self, victim: _Optional[int] = ...) -> None: ...

class Merchant(_message.Message):
    __slots__ = ("hex",)
    HEX_FIELD_NUMBER: _ClassVar[int]
    hex: int
    def __init__(self, hex: _Optional[int] = ...) -> None: ...

class MerchantFleet(_message.Message):
    __slots__ = ("good",)
    GOOD_FIELD_NUMBER: _ClassVar[int]
    good: Good
    def __init__(self, good: _Optional[_Union[Good, str]] = ...) -> None: ...

class ResourceMonopoly(_message.Message):
    __slots__ = ("resource",)
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    resource: _catan_pb2.Resource
    def __init__(self, resource: _Optional[_Union[_catan_pb2.Resource, str]] = ...) -> None: ...

class TradeMonopoly(_message.Message):
    __slots__ = ("commodity",)
    COMMODITY_FIELD_NUMBER: _ClassVar[int]
    commodity: Commodity
    def __init__(self, commodity: _Optional[_Union[Commodity, str]] = ...) -> None: ...

class Bishop(_message.Message):
    __slots__ = ("hex",)
    HEX_FIELD_NUMBER: _ClassVar[int]
    hex: int
    def __init__(self, hex: _Optional[int] = ...) -> None: ...

class Deserter(_message.Message):
    __slots__ = ("victim",)
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    victim: int
    def __init__(self, victim: _Optional[int] = ...) -> None: ...

class Diplomat(_message.Message):
    __slots__ = ("edge", "relocate")
    EDGE_FIELD_NUMBER: _ClassVar[int]
    RELOCATE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    relocate: int
    def __init__(self, edge: _Optional[int] = ..., relocate: _Optional[int] = ...) -> None: ...

class Intrigue(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class Saboteur(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Spy(_message.Message):
    __slots__ = ("victim",)
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    victim: int
    def __init__(self, victim: _Optional[int] = ...) -> None: ...

class Warlord(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Wedding(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Event(_message.Message):
    __slots__ = ("settlement_placed", "city_placed", "road_placed", "starting_resources_taken", "dice_rolled", "defence_called", "knights_committed", "barbarians_attacked", "city_lost", "progress_card_drawn", "progress_card_returned", "resources_produced", "seven_rolled", "discards_required", "discarded", "robber_moved", "card_stolen", "aqueduct_taken", "road_built", "road_removed", "settlement_built", "city_built", "city_wall_built", "knight_built", "knight_activated", "knight_promoted", "knight_moved", "knight_displaced", "knight_retreated", "knight_left_board", "knight_deserted", "robber_chased", "city_improved", "metropolis_placed", "bank_traded", "trade_offered", "trade_rejected", "trade_withdrawn", "trade_completed", "progress_card_played", "cards_from_bank", "cards_transferred", "cards_given", "cards_demanded", "numbers_swapped", "merchant_placed", "merchant_fleet_chosen", "knight_removal_demanded", "hand_revealed", "progress_cards_revealed", "progress_card_taken", "cards_taken", "longest_road_changed", "turn_ended", "game_won", "counter_offered", "counter_offer_rejected")
    SETTLEMENT_PLACED_FIELD_NUMBER: _ClassVar[int]
    CITY_PLACED_FIELD_NUMBER: _ClassVar[int]
    ROAD_PLACED_FIELD_NUMBER: _ClassVar[int]
    STARTING_RESOURCES_TAKEN_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    DEFENCE_CALLED_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_COMMITTED_FIELD_NUMBER: _ClassVar[int]
    BARBARIANS_ATTACKED_FIELD_NUMBER: _ClassVar[int]
    CITY_LOST_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_CARD_RETURNED_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_PRODUCED_FIELD_NUMBER: _ClassVar[int]
    SEVEN_ROLLED_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    ROBBER_MOVED_FIELD_NUMBER: _ClassVar[int]
    CARD_STOLEN_FIELD_NUMBER: _ClassVar[int]
    AQUEDUCT_TAKEN_FIELD_NUMBER: _ClassVar[int]
    ROAD_BUILT_FIELD_NUMBER: _ClassVar[int]
    ROAD_REMOVED_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_BUILT_FIELD_NUMBER: _ClassVar[int]
    CITY_BUILT_FIELD_NUMBER: _ClassVar[int]
    CITY_WALL_BUILT_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_BUILT_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_ACTIVATED_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_PROMOTED_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_MOVED_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_DISPLACED_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_RETREATED_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_LEFT_BOARD_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_DESERTED_FIELD_NUMBER: _ClassVar[int]
    ROBBER_CHASED_FIELD_NUMBER: _ClassVar[int]
    CITY_IMPROVED_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_PLACED_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADED_FIELD_NUMBER: _ClassVar[int]
    TRADE_OFFERED_FIELD_NUMBER: _ClassVar[int]
    TRADE_REJECTED_FIELD_NUMBER: _ClassVar[int]
    TRADE_WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    TRADE_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    CARDS_FROM_BANK_FIELD_NUMBER: _ClassVar[int]
    CARDS_TRANSFERRED_FIELD_NUMBER: _ClassVar[int]
    CARDS_GIVEN_FIELD_NUMBER: _ClassVar[int]
    CARDS_DEMANDED_FIELD_NUMBER: _ClassVar[int]
    NUMBERS_SWAPPED_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_PLACED_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_FLEET_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_REMOVAL_DEMANDED_FIELD_NUMBER: _ClassVar[int]
    HAND_REVEALED_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_CARDS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_CARD_TAKEN_FIELD_NUMBER: _ClassVar[int]
    CARDS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_CHANGED_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_WON_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFERED_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFER_REJECTED_FIELD_NUMBER: _ClassVar[int]
    settlement_placed: SettlementPlaced
    city_placed: CityPlaced
    road_placed: _catan_pb2.RoadPlaced
    starting_resources_taken: StartingResourcesTaken
    dice_rolled: DiceRolled
    defence_called: DefenceCalled
    knights_committed: KnightsCommitted
    barbarians_attacked: BarbariansAttacked
    city_lost: CityLost
    progress_card_drawn: ProgressCardDrawn
    progress_card_returned: ProgressCardReturned
    resources_produced: ResourcesProduced
    seven_rolled: SevenRolled
    discards_required: DiscardsRequired
    discarded: Discarded
    robber_moved: _catan_pb2.RobberMoved
    card_stolen: CardStolen
    aqueduct_taken: AqueductTaken
    road_built: _catan_pb2.RoadBuilt
    road_removed: RoadRemoved
    settlement_built: _catan_pb2.SettlementBuilt
    city_built: CityBuilt
    city_wall_built: CityWallBuilt
    knight_built: KnightBuilt
    knight_activated: KnightActivated
    knight_promoted: KnightPromoted
    knight_moved: KnightMoved
    knight_displaced: KnightDisplaced
    knight_retreated: KnightRetreated
    knight_left_board: KnightLeftBoard
    knight_deserted: KnightDeserted
    robber_chased: RobberChased
    city_improved: CityImproved
    metropolis_placed: MetropolisPlaced
    bank_traded: BankTraded
    trade_offered: TradeOffered
    trade_rejected: TradeRejected
    trade_withdrawn: TradeWithdrawn
    trade_completed: TradeCompleted
    progress_card_played: ProgressCardPlayed
    cards_from_bank: CardsFromBank
    cards_transferred: CardsTransferred
    cards_given: CardsGiven
    cards_demanded: CardsDemanded
    numbers_swapped: NumbersSwapped
    merchant_placed: MerchantPlaced
    merchant_fleet_chosen: MerchantFleetChosen
    knight_removal_demanded: KnightRemovalDemanded
    hand_revealed: HandRevealed
    progress_cards_revealed: ProgressCardsRevealed
    progress_card_taken: ProgressCardTaken
    cards_taken: CardsTaken
    longest_road_changed: _catan_pb2.LongestRoadChanged
    turn_ended: _catan_pb2.TurnEnded
    game_won: GameWon
    counter_offered: CounterOffered
    counter_offer_rejected: _catan_pb2.CounterOfferRejected
    def __init__(self, settlement_placed: _Optional[_Union[SettlementPlaced, _Mapping]] = ..., city_placed: _Optional[_Union[CityPlaced, _Mapping]] = ..., road_placed: _Optional[_Union[_catan_pb2.RoadPlaced, _Mapping]] = ..., starting_resources_taken: _Optional[_Union[StartingResourcesTaken, _Mapping]] = ..., dice_rolled: _Optional[_Union[DiceRolled, _Mapping]] = ..., defence_called: _Optional[_Union[DefenceCalled, _Mapping]] = ..., knights_committed: _Optional[_Union[KnightsCommitted, _Mapping]] = ..., barbarians_attacked: _Optional[_Union[BarbariansAttacked, _Mapping]] = ..., city_lost: _Optional[_Union[CityLost, _Mapping]] = ..., progress_card_drawn: _Optional[_Union[ProgressCardDrawn, _Mapping]] = ..., progress_card_returned: _Optional[_Union[ProgressCardReturned, _Mapping]] = ..., resources_produced: _Optional[_Union[ResourcesProduced, _Mapping]] = ..., seven_rolled: _Optional[_Union[SevenRolled, _Mapping]] = ..., discards_required: _Optional[_Union[DiscardsRequired, _Mapping]] = ..., discarded: _Optional[_Union[Discarded, _Mapping]] = ..., robber_moved: _Optional[_Union[_catan_pb2.RobberMoved, _Mapping]] = ..., card_stolen: _Optional[_Union[CardStolen, _Mapping]] = ..., aqueduct_taken: _Optional[_Union[AqueductTaken, _Mapping]] = ..., road_built: _Optional[_Union[_catan_pb2.RoadBuilt, _Mapping]] = ..., road_removed: _Optional[_Union[RoadRemoved, _Mapping]] = ..., settlement_built: _Optional[_Union[_catan_pb2.SettlementBuilt, _Mapping]] = ..., city_built: _Optional[_Union[CityBuilt, _Mapping]] = ..., city_wall_built: _Optional[_Union[CityWallBuilt, _Mapping]] = ..., knight_built: _Optional[_Union[KnightBuilt, _Mapping]] = ..., knight_activated: _Optional[_Union[KnightActivated, _Mapping]] = ..., knight_promoted: _Optional[_Union[KnightPromoted, _Mapping]] = ..., knight_moved: _Optional[_Union[KnightMoved, _Mapping]] = ..., knight_displaced: _Optional[_Union[KnightDisplaced, _Mapping]] = ..., knight_retreated: _Optional[_Union[KnightRetreated, _Mapping]] = ..., knight_left_board: _Optional[_Union[KnightLeftBoard, _Mapping]] = ..., knight_deserted: _Optional[_Union[KnightDeserted, _Mapping]] = ..., robber_chased: _Optional[_Union[RobberChased, _Mapping]] = ..., city_improved: _Optional[_Union[CityImproved, _Mapping]] = ..., metropolis_placed: _Optional[_Union[MetropolisPlaced, _Mapping]] = ..., bank_traded: _Optional[_Union[BankTraded, _Mapping]] = ..., trade_offered: _Optional[_Union[TradeOffered, _Mapping]] = ..., trade_rejected: _Optional[_Union[TradeRejected, _Mapping]] = ..., trade_withdrawn: _Optional[_Union[TradeWithdrawn, _Mapping]] = ..., trade_completed: _Optional[_Union[TradeCompleted, _Mapping]] = ..., progress_card_played: _Optional[_Union[ProgressCardPlayed, _Mapping]] = ..., cards_from_bank: _Optional[_Union[CardsFromBank, _Mapping]] = ..., cards_transferred: _Optional[_Union[CardsTransferred, _Mapping]] = ..., cards_given: _Optional[_Union[CardsGiven, _Mapping]] = ..., cards_demanded: _Optional[_Union[CardsDemanded, _Mapping]] = ..., numbers_swapped: _Optional[_Union[NumbersSwapped, _Mapping]] = ..., merchant_placed: _Optional[_Union[MerchantPlaced, _Mapping]] = ..., merchant_fleet_chosen: _Optional[_Union[MerchantFleetChosen, _Mapping]] = ..., knight_removal_demanded: _Optional[_Union[KnightRemovalDemanded, _Mapping]] = ..., hand_revealed: _Optional[_Union[HandRevealed, _Mapping]] = ..., progress_cards_revealed: _Optional[_Union[ProgressCardsRevealed, _Mapping]] = ..., progress_card_taken: _Optional[_Union[ProgressCardTaken, _Mapping]] = ..., cards_taken: _Optional[_Union[CardsTaken, _Mapping]] = ..., longest_road_changed: _Optional[_Union[_catan_pb2.LongestRoadChanged, _Mapping]] = ..., turn_ended: _Optional[_Union[_catan_pb2.TurnEnded, _Mapping]] = ..., game_won: _Optional[_Union[GameWon, _Mapping]] = ..., counter_offered: _Optional[_Union[CounterOffered, _Mapping]] = ..., counter_offer_rejected: _Optional[_Union[_catan_pb2.CounterOfferRejected, _Mapping]] = ...) -> None: ...

class SettlementPlaced(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class CityPlaced(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class StartingResourcesTaken(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: _catan_pb2.Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class DiceRolled(_message.Message):
    __slots__ = ("seat", "roll", "alchemist")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    ALCHEMIST_FIELD_NUMBER: _ClassVar[int]
    seat: int
    roll: Roll
    alchemist: bool
    def __init__(self, seat: _Optional[int] = ..., roll: _Optional[_Union[Roll, _Mapping]] = ..., alchemist: _Optional[bool] = ...) -> None: ...

class DefenceCalled(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class KnightsCommitted(_message.Message):
    __slots__ = ("seat", "vertices")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTICES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertices: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., vertices: _Optional[_Iterable[int]] = ...) -> None: ...

class CatanWon(_message.Message):
    __slots__ = ("defender", "tied")
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    TIED_FIELD_NUMBER: _ClassVar[int]
    defender: int
    tied: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, defender: _Optional[int] = ..., tied: _Optional[_Iterable[int]] = ...) -> None: ...

class BarbariansWon(_message.Message):
    __slots__ = ("losers",)
    LOSERS_FIELD_NUMBER: _ClassVar[int]
    losers: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, losers: _Optional[_Iterable[int]] = ...) -> None: ...

class BarbariansAttacked(_message.Message):
    __slots__ = ("barbarians", "knights", "contributions", "catan_won", "barbarians_won")
    BARBARIANS_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    CONTRIBUTIONS_FIELD_NUMBER: _ClassVar[int]
    CATAN_WON_FIELD_NUMBER: _ClassVar[int]
    BARBARIANS_WON_FIELD_NUMBER: _ClassVar[int]
    barbarians: int
    knights: int
    contributions: _containers.RepeatedCompositeFieldContainer[_catan_pb2.SeatCount]
    catan_won: CatanWon
    barbarians_won: BarbariansWon
    def __init__(self, barbarians: _Optional[int] = ..., knights: _Optional[int] = ..., contributions: _Optional[_Iterable[_Union[_catan_pb2.SeatCount, _Mapping]]] = ..., catan_won: _Optional[_Union[CatanWon, _Mapping]] = ..., barbarians_won: _Optional[_Union[BarbariansWon, _Mapping]] = ...) -> None: ...

class CityLost(_message.Message):
    __slots__ = ("seat", "vertex", "wall")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    wall: bool
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., wall: _Optional[bool] = ...) -> None: ...

class ProgressCardDrawn(_message.Message):
    __slots__ = ("seat", "track", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    track: Track
    card: ProgressCard
    def __init__(self, seat: _Optional[int] = ..., track: _Optional[_Union[Track, str]] = ..., card: _Optional[_Union[ProgressCard, str]] = ...) -> None: ...

class ProgressCardReturned(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: ProgressCard
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[ProgressCard, str]] = ...) -> None: ...

class ResourcesProduced(_message.Message):
    __slots__ = ("gains", "withheld")
    GAINS_FIELD_NUMBER: _ClassVar[int]
    WITHHELD_FIELD_NUMBER: _ClassVar[int]
    gains: _containers.RepeatedCompositeFieldContainer[SeatHand]
    withheld: _containers.RepeatedScalarFieldContainer[Good]
    def __init__(self, gains: _Optional[_Iterable[_Union[SeatHand, _Mapping]]] = ..., withheld: _Optional[_Iterable[_Union[Good, str]]] = ...) -> None: ...

class SevenRolled(_message.Message):
    __slots__ = ("discards",)
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    discards: _containers.RepeatedCompositeFieldContainer[_catan_pb2.SeatCount]
    def __init__(self, discards: _Optional[_Iterable[_Union[_catan_pb2.SeatCount, _Mapping]]] = ...) -> None: ...

class DiscardsRequired(_message.Message):
    __slots__ = ("discards",)
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    discards: _containers.RepeatedCompositeFieldContainer[_catan_pb2.SeatCount]
    def __init__(self, discards: _Optional[_Iterable[_Union[_catan_pb2.SeatCount, _Mapping]]] = ...) -> None: ...

class Discarded(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: Hand
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class CardStolen(_message.Message):
    __slots__ = ("thief", "victim", "good")
    THIEF_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    GOOD_FIELD_NUMBER: _ClassVar[int]
    thief: int
    victim: int
    good: Good
    def __init__(self, thief: _Optional[int] = ..., victim: _Optional[int] = ..., good: _Optional[_Union[Good, str]] = ...) -> None: ...

class AqueductTaken(_message.Message):
    __slots__ = ("seat", "resource")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resource: _catan_pb2.Resource
    def __init__(self, seat: _Optional[int] = ..., resource: _Optional[_Union[_catan_pb2.Resource, str]] = ...) -> None: ...

class RoadRemoved(_message.Message):
    __slots__ = ("seat", "edge")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ...) -> None: ...

class CityBuilt(_message.Message):
    __slots__ = ("seat", "vertex", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    paid: _catan_pb2.Resources
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., paid: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class CityWallBuilt(_message.Message):
    __slots__ = ("seat", "vertex", "free")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    free: bool
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., free: _Optional[bool] = ...) -> None: ...

class KnightBuilt(_message.Message):
    __slots__ = ("seat", "vertex", "strength", "free")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    strength: int
    free: bool
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., strength: _Optional[int] = ..., free: _Optional[bool] = ...) -> None: ...

class KnightActivated(_message.Message):
    __slots__ = ("seat", "vertex", "free")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    free: bool
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., free: _Optional[bool] = ...) -> None: ...

class KnightPromoted(_message.Message):
    __slots__ = ("seat", "vertex", "free")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    free: bool
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., free: _Optional[bool] = ...) -> None: ...

class KnightMoved(_message.Message):
    __slots__ = ("seat", "to")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: int
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., **kwargs) -> None: ...

class KnightDisplaced(_message.Message):
    __slots__ = ("by", "seat", "vertex")
    BY_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    by: int
    seat: int
    vertex: int
    def __init__(self, by: _Optional[int] = ..., seat: _Optional[int] = ..., vertex: _Optional[int] = ..., **kwargs) -> None: ...

class KnightRetreated(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class KnightLeftBoard(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class KnightDeserted(_message.Message):
    __slots__ = ("seat", "vertex", "strength", "to")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    strength: int
    to: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., strength: _Optional[int] = ..., to: _Optional[int] = ...) -> None: ...

class RobberChased(_message.Message):
    __slots__ = ("seat", "knight", "hex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    knight: int
    hex: int
    def __init__(self, seat: _Optional[int] = ..., knight: _Optional[int] = ..., hex: _Optional[int] = ...) -> None: ...

class CityImproved(_message.Message):
    __slots__ = ("seat", "track", "level", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    track: Track
    level: int
    paid: Commodities
    def __init__(self, seat: _Optional[int] = ..., track: _Optional[_Union[Track, str]] = ..., level: _Optional[int] = ..., paid: _Optional[_Union[Commodities, _Mapping]] = ...) -> None: ...

class MetropolisPlaced(_message.Message):
    __slots__ = ("seat", "track", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    seat: int
    track: Track
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., track: _Optional[_Union[Track, str]] = ..., vertex: _Optional[int] = ..., **kwargs) -> None: ...

class BankTraded(_message.Message):
    __slots__ = ("seat", "give", "give_count", "receive")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    GIVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    give: Good
    give_count: int
    receive: Good
    def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[Good, str]] = ..., give_count: _Optional[int] = ..., receive: _Optional[_Union[Good, str]] = ...) -> None: ...

class TradeOffered(_message.Message):
    __slots__ = ("seat", "give", "receive")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    give: Hand
    receive: Hand
    def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[Hand, _Mapping]] = ..., receive: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class TradeRejected(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class TradeWithdrawn(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CounterOffered(_message.Message):
    __slots__ = ("seat", "give", "receive")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    give: Hand
    receive: Hand
    def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[Hand, _Mapping]] = ..., receive: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class TradeCompleted(_message.Message):
    __slots__ = ("active", "partner", "given", "received")
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    GIVEN_FIELD_NUMBER: _ClassVar[int]
    RECEIVED_FIELD_NUMBER: _ClassVar[int]
    active: int
    partner: int
    given: Hand
    received: Hand
    def __init__(self, active: _Optional[int] = ..., partner: _Optional[int] = ..., given: _Optional[_Union[Hand, _Mapping]] = ..., received: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class ProgressCardPlayed(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: ProgressCard
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[ProgressCard, str]] = ...) -> None: ...

class CardsFromBank(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: Hand
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class CardsTransferred(_message.Message):
    __slots__ = ("to", "cards")
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    to: int
    cards: Hand
    def __init__(self, to: _Optional[int] = ..., cards: _Optional[_Union[Hand, _Mapping]] = ..., **kwargs) -> None: ...

class CardsGiven(_message.Message):
    __slots__ = ("seat", "to", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: int
    cards: Hand
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class CardsDemanded(_message.Message):
    __slots__ = ("to", "demands", "commodities_only")
    TO_FIELD_NUMBER: _ClassVar[int]
    DEMANDS_FIELD_NUMBER: _ClassVar[int]
    COMMODITIES_ONLY_FIELD_NUMBER: _ClassVar[int]
    to: int
    demands: _containers.RepeatedCompositeFieldContainer[_catan_pb2.SeatCount]
    commodities_only: bool
    def __init__(self, to: _Optional[int] = ..., demands: _Optional[_Iterable[_Union[_catan_pb2.SeatCount, _Mapping]]] = ..., commodities_only: _Optional[bool] = ...) -> None: ...

class NumbersSwapped(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: int
    second: int
    def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class MerchantPlaced(_message.Message):
    __slots__ = ("seat", "hex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hex: int
    def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ...) -> None: ...

class MerchantFleetChosen(_message.Message):
    __slots__ = ("seat", "good")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GOOD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    good: Good
    def __init__(self, seat: _Optional[int] = ..., good: _Optional[_Union[Good, str]] = ...) -> None: ...

class KnightRemovalDemanded(_message.Message):
    __slots__ = ("seat", "to")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: int
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ...) -> None: ...

class HandRevealed(_message.Message):
    __slots__ = ("seat", "victim", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    victim: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class ProgressCardsRevealed(_message.Message):
    __slots__ = ("seat", "victim")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    seat: int
    victim: int
    def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class ProgressCardTaken(_message.Message):
    __slots__ = ("seat", "victim", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    victim: int
    card: ProgressCard
    def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., card: _Optional[_Union[ProgressCard, str]] = ...) -> None: ...

class CardsTaken(_message.Message):
    __slots__ = ("seat", "victim", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    victim: int
    cards: Hand
    def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., cards: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class GameWon(_message.Message):
    __slots__ = ("seat", "points")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    points: int
    def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class Phase(_message.Message):
    __slots__ = ("kind", "placement_index", "vertex", "winner")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_INDEX_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    kind: PhaseKind
    placement_index: int
    vertex: int
    winner: int
    def __init__(self, kind: _Optional[_Union[PhaseKind, str]] = ..., placement_index: _Optional[int] = ..., vertex: _Optional[int] = ..., winner: _Optional[int] = ...) -> None: ...

class Obligation(_message.Message):
    __slots__ = ("discard", "give", "lose_city", "retreat", "remove_knight", "return_progress_card", "commit_knights", "draw_progress_card", "aqueduct_resource", "take_cards", "take_progress_card")
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    LOSE_CITY_FIELD_NUMBER: _ClassVar[int]
    RETREAT_FIELD_NUMBER: _ClassVar[int]
    REMOVE_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    RETURN_PROGRESS_CARD_FIELD_NUMBER: _ClassVar[int]
    COMMIT_KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    DRAW_PROGRESS_CARD_FIELD_NUMBER: _ClassVar[int]
    AQUEDUCT_RESOURCE_FIELD_NUMBER: _ClassVar[int]
    TAKE_CARDS_FIELD_NUMBER: _ClassVar[int]
    TAKE_PROGRESS_CARD_FIELD_NUMBER: _ClassVar[int]
    discard: DiscardOwed
    give: GiveOwed
    lose_city: LoseCityOwed
    retreat: RetreatOwed
    remove_knight: RemoveKnightOwed
    return_progress_card: ReturnProgressCardOwed
    commit_knights: CommitKnightsOwed
    draw_progress_card: DrawProgressCardOwed
    aqueduct_resource: AqueductResourceOwed
    take_cards: TakeCardsOwed
    take_progress_card: TakeProgressCardOwed
    def __init__(self, discard: _Optional[_Union[DiscardOwed, _Mapping]] = ..., give: _Optional[_Union[GiveOwed, _Mapping]] = ..., lose_city: _Optional[_Union[LoseCityOwed, _Mapping]] = ..., retreat: _Optional[_Union[RetreatOwed, _Mapping]] = ..., remove_knight: _Optional[_Union[RemoveKnightOwed, _Mapping]] = ..., return_progress_card: _Optional[_Union[ReturnProgressCardOwed, _Mapping]] = ..., commit_knights: _Optional[_Union[CommitKnightsOwed, _Mapping]] = ..., draw_progress_card: _Optional[_Union[DrawProgressCardOwed, _Mapping]] = ..., aqueduct_resource: _Optional[_Union[AqueductResourceOwed, _Mapping]] = ..., take_cards: _Optional[_Union[TakeCardsOwed, _Mapping]] = ..., take_progress_card: _Optional[_Union[TakeProgressCardOwed, _Mapping]] = ...) -> None: ...

class DiscardOwed(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class GiveOwed(_message.Message):
    __slots__ = ("seat", "to", "count", "commodities_only")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    COMMODITIES_ONLY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: int
    count: int
    commodities_only: bool
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., count: _Optional[int] = ..., commodities_only: _Optional[bool] = ...) -> None: ...

class LoseCityOwed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class RetreatOwed(_message.Message):
    __slots__ = ("seat", "strength", "active")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    strength: int
    active: bool
    def __init__(self, seat: _Optional[int] = ..., strength: _Optional[int] = ..., active: _Optional[bool] = ..., **kwargs) -> None: ...

class RemoveKnightOwed(_message.Message):
    __slots__ = ("seat", "to")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: int
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ...) -> None: ...

class ReturnProgressCardOwed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CommitKnightsOwed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class DrawProgressCardOwed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class AqueductResourceOwed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class TakeCardsOwed(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., **kwargs) -> None: ...

class TakeProgressCardOwed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ..., **kwargs) -> None: ...

class Player(_message.Message):
    __slots__ = ("seat", "card_count", "hand", "progress_card_count", "progress_cards", "victory_point_cards", "defender_cards", "improvements", "settlements_left", "cities_left", "roads_left", "walls_left", "basic_knights_left", "strong_knights_left", "mighty_knights_left", "road_length", "points", "hand_limit", "counter_offer", "rejected_offer")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_CARDS_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINT_CARDS_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_CARDS_FIELD_NUMBER: _ClassVar[int]
    IMPROVEMENTS_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    CITIES_LEFT_FIELD_NUMBER: _ClassVar[int]
    ROADS_LEFT_FIELD_NUMBER: _ClassVar[int]
    WALLS_LEFT_FIELD_NUMBER: _ClassVar[int]
    BASIC_KNIGHTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    STRONG_KNIGHTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    MIGHTY_KNIGHTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    ROAD_LENGTH_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    HAND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    REJECTED_OFFER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card_count: int
    hand: Hand
    progress_card_count: int
    progress_cards: ProgressCards
    victory_point_cards: _containers.RepeatedScalarFieldContainer[ProgressCard]
    defender_cards: int
    improvements: Improvements
    settlements_left: int
    cities_left: int
    roads_left: int
    walls_left: int
    basic_knights_left: int
    strong_knights_left: int
    mighty_knights_left: int
    road_length: int
    points: int
    hand_limit: int
    counter_offer: TradeTerms
    rejected_offer: bool
    def __init__(self, seat: _Optional[int] = ..., card_count: _Optional[int] = ..., hand: _Optional[_Union[Hand, _Mapping]] = ..., progress_card_count: _Optional[int] = ..., progress_cards: _Optional[_Union[ProgressCards, _Mapping]] = ..., victory_point_cards: _Optional[_Iterable[_Union[ProgressCard, str]]] = ..., defender_cards: _Optional[int] = ..., improvements: _Optional[_Union[Improvements, _Mapping]] = ..., settlements_left: _Optional[int] = ..., cities_left: _Optional[int] = ..., roads_left: _Optional[int] = ..., walls_left: _Optional[int] = ..., basic_knights_left: _Optional[int] = ..., strong_knights_left: _Optional[int] = ..., mighty_knights_left: _Optional[int] = ..., road_length: _Optional[int] = ..., points: _Optional[int] = ..., hand_limit: _Optional[int] = ..., counter_offer: _Optional[_Union[TradeTerms, _Mapping]] = ..., rejected_offer: _Optional[bool] = ...) -> None: ...

class ProgressCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[ProgressCard]
    def __init__(self, cards: _Optional[_Iterable[_Union[ProgressCard, str]]] = ...) -> None: ...

class Building(_message.Message):
    __slots__ = ("vertex", "seat", "city", "wall", "metropolis")
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    seat: int
    city: bool
    wall: bool
    metropolis: Track
    def __init__(self, vertex: _Optional[int] = ..., seat: _Optional[int] = ..., city: _Optional[bool] = ..., wall: _Optional[bool] = ..., metropolis: _Optional[_Union[Track, str]] = ...) -> None: ...

class Knight(_message.Message):
    __slots__ = ("vertex", "seat", "strength", "active", "activated_this_turn", "promoted_this_turn")
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    ACTIVATED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    PROMOTED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    seat: int
    strength: int
    active: bool
    activated_this_turn: bool
    promoted_this_turn: bool
    def __init__(self, vertex: _Optional[int] = ..., seat: _Optional[int] = ..., strength: _Optional[int] = ..., active: _Optional[bool] = ..., activated_this_turn: _Optional[bool] = ..., promoted_this_turn: _Optional[bool] = ...) -> None: ...

class MerchantPosition(_message.Message):
    __slots__ = ("seat", "hex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hex: int
    def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ...) -> None: ...

class TradeTerms(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Hand
    receive: Hand
    def __init__(self, give: _Optional[_Union[Hand, _Mapping]] = ..., receive: _Optional[_Union[Hand, _Mapping]] = ...) -> None: ...

class State(_message.Message):
    __slots__ = ("board", "seats", "phase", "active", "turn", "robber", "robber_in_play", "barbarians", "barbarian_attacks", "bank", "trade_cards_left", "politics_cards_left", "science_cards_left", "defender_cards_left", "last_roll", "players", "buildings", "roads", "knights", "trade_metropolis", "politics_metropolis", "science_metropolis", "merchant", "longest_road", "offer", "obligations", "deserter_knight", "merchant_fleet", "winner", "points_to_win")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ROBBER_FIELD_NUMBER: _ClassVar[int]
    ROBBER_IN_PLAY_FIELD_NUMBER: _ClassVar[int]
    BARBARIANS_FIELD_NUMBER: _ClassVar[int]
    BARBARIAN_ATTACKS_FIELD_NUMBER: _ClassVar[int]
    BANK_FIELD_NUMBER: _ClassVar[int]
    TRADE_CARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    POLITICS_CARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    SCIENCE_CARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_CARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    LAST_ROLL_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    ROADS_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    TRADE_METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    POLITICS_METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    SCIENCE_METROPOLIS_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    OBLIGATIONS_FIELD_NUMBER: _ClassVar[int]
    DESERTER_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_FLEET_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    POINTS_TO_WIN_FIELD_NUMBER: _ClassVar[int]
    board: _catan_pb2.Board
    seats: int
    phase: Phase
    active: int
    turn: int
    robber: int
    robber_in_play: bool
    barbarians: int
    barbarian_attacks: int
    bank: Hand
    trade_cards_left: int
    politics_cards_left: int
    science_cards_left: int
    defender_cards_left: int
    last_roll: Roll
    players: _containers.RepeatedCompositeFieldContainer[Player]
    buildings: _containers.RepeatedCompositeFieldContainer[Building]
    roads: _containers.RepeatedCompositeFieldContainer[_catan_pb2.Road]
    knights: _containers.RepeatedCompositeFieldContainer[Knight]
    trade_metropolis: int
    politics_metropolis: int
    science_metropolis: int
    merchant: MerchantPosition
    longest_road: int
    offer: TradeTerms
    obligations: _containers.RepeatedCompositeFieldContainer[Obligation]
    deserter_knight: int
    merchant_fleet: Good
    winner: int
    points_to_win: int
    def __init__(self, board: _Optional[_Union[_catan_pb2.Board, _Mapping]] = ..., seats: _Optional[int] = ..., phase: _Optional[_Union[Phase, _Mapping]] = ..., active: _Optional[int] = ..., turn: _Optional[int] = ..., robber: _Optional[int] = ..., robber_in_play: _Optional[bool] = ..., barbarians: _Optional[int] = ..., barbarian_attacks: _Optional[int] = ..., bank: _Optional[_Union[Hand, _Mapping]] = ..., trade_cards_left: _Optional[int] = ..., politics_cards_left: _Optional[int] = ..., science_cards_left: _Optional[int] = ..., defender_cards_left: _Optional[int] = ..., last_roll: _Optional[_Union[Roll, _Mapping]] = ..., players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., buildings: _Optional[_Iterable[_Union[Building, _Mapping]]] = ..., roads: _Optional[_Iterable[_Union[_catan_pb2.Road, _Mapping]]] = ..., knights: _Optional[_Iterable[_Union[Knight, _Mapping]]] = ..., trade_metropolis: _Optional[int] = ..., politics_metropolis: _Optional[int] = ..., science_metropolis: _Optional[int] = ..., merchant: _Optional[_Union[MerchantPosition, _Mapping]] = ..., longest_road: _Optional[int] = ..., offer: _Optional[_Union[TradeTerms, _Mapping]] = ..., obligations: _Optional[_Iterable[_Union[Obligation, _Mapping]]] = ..., deserter_knight: _Optional[int] = ..., merchant_fleet: _Optional[_Union[Good, str]] = ..., winner: _Optional[int] = ..., points_to_win: _Optional[int] = ...) -> None: ...

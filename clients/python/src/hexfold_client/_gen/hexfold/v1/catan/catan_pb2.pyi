from hexfold_client._gen.hexfold.v1.words import words_pb2 as _words_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Resource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RESOURCE_UNSPECIFIED: _ClassVar[Resource]
    RESOURCE_BRICK: _ClassVar[Resource]
    RESOURCE_LUMBER: _ClassVar[Resource]
    RESOURCE_WOOL: _ClassVar[Resource]
    RESOURCE_GRAIN: _ClassVar[Resource]
    RESOURCE_ORE: _ClassVar[Resource]

class Terrain(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERRAIN_UNSPECIFIED: _ClassVar[Terrain]
    TERRAIN_HILLS: _ClassVar[Terrain]
    TERRAIN_FOREST: _ClassVar[Terrain]
    TERRAIN_PASTURE: _ClassVar[Terrain]
    TERRAIN_FIELDS: _ClassVar[Terrain]
    TERRAIN_MOUNTAINS: _ClassVar[Terrain]
    TERRAIN_DESERT: _ClassVar[Terrain]

class DevCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DEV_CARD_UNSPECIFIED: _ClassVar[DevCard]
    DEV_CARD_KNIGHT: _ClassVar[DevCard]
    DEV_CARD_VICTORY_POINT: _ClassVar[DevCard]
    DEV_CARD_ROAD_BUILDING: _ClassVar[DevCard]
    DEV_CARD_YEAR_OF_PLENTY: _ClassVar[DevCard]
    DEV_CARD_MONOPOLY: _ClassVar[DevCard]

class Corner(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CORNER_UNSPECIFIED: _ClassVar[Corner]
    CORNER_N: _ClassVar[Corner]
    CORNER_S: _ClassVar[Corner]

class PhaseKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_KIND_UNSPECIFIED: _ClassVar[PhaseKind]
    PHASE_KIND_STARTING_ROLL: _ClassVar[PhaseKind]
    PHASE_KIND_PLACE_SETTLEMENT: _ClassVar[PhaseKind]
    PHASE_KIND_PLACE_ROAD: _ClassVar[PhaseKind]
    PHASE_KIND_ROLL: _ClassVar[PhaseKind]
    PHASE_KIND_DISCARD: _ClassVar[PhaseKind]
    PHASE_KIND_ROBBER: _ClassVar[PhaseKind]
    PHASE_KIND_MAIN: _ClassVar[PhaseKind]
    PHASE_KIND_ENDED: _ClassVar[PhaseKind]
RESOURCE_UNSPECIFIED: Resource
RESOURCE_BRICK: Resource
RESOURCE_LUMBER: Resource
RESOURCE_WOOL: Resource
RESOURCE_GRAIN: Resource
RESOURCE_ORE: Resource
TERRAIN_UNSPECIFIED: Terrain
TERRAIN_HILLS: Terrain
TERRAIN_FOREST: Terrain
TERRAIN_PASTURE: Terrain
TERRAIN_FIELDS: Terrain
TERRAIN_MOUNTAINS: Terrain
TERRAIN_DESERT: Terrain
DEV_CARD_UNSPECIFIED: DevCard
DEV_CARD_KNIGHT: DevCard
DEV_CARD_VICTORY_POINT: DevCard
DEV_CARD_ROAD_BUILDING: DevCard
DEV_CARD_YEAR_OF_PLENTY: DevCard
DEV_CARD_MONOPOLY: DevCard
CORNER_UNSPECIFIED: Corner
CORNER_N: Corner
CORNER_S: Corner
PHASE_KIND_UNSPECIFIED: PhaseKind
PHASE_KIND_STARTING_ROLL: PhaseKind
PHASE_KIND_PLACE_SETTLEMENT: PhaseKind
PHASE_KIND_PLACE_ROAD: PhaseKind
PHASE_KIND_ROLL: PhaseKind
PHASE_KIND_DISCARD: PhaseKind
PHASE_KIND_ROBBER: PhaseKind
PHASE_KIND_MAIN: PhaseKind
PHASE_KIND_ENDED: PhaseKind

class Resources(_message.Message):
    __slots__ = ("brick", "lumber", "wool", "grain", "ore")
    BRICK_FIELD_NUMBER: _ClassVar[int]
    LUMBER_FIELD_NUMBER: _ClassVar[int]
    WOOL_FIELD_NUMBER: _ClassVar[int]
    GRAIN_FIELD_NUMBER: _ClassVar[int]
    ORE_FIELD_NUMBER: _ClassVar[int]
    brick: int
    lumber: int
    wool: int
    grain: int
    ore: int
    def __init__(self, brick: _Optional[int] = ..., lumber: _Optional[int] = ..., wool: _Optional[int] = ..., grain: _Optional[int] = ..., ore: _Optional[int] = ...) -> None: ...

class DevCards(_message.Message):
    __slots__ = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
    KNIGHT_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINT_FIELD_NUMBER: _ClassVar[int]
    ROAD_BUILDING_FIELD_NUMBER: _ClassVar[int]
    YEAR_OF_PLENTY_FIELD_NUMBER: _ClassVar[int]
    MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    knight: int
    victory_point: int
    road_building: int
    year_of_plenty: int
    monopoly: int
    def __init__(self, knight: _Optional[int] = ..., victory_point: _Optional[int] = ..., road_building: _Optional[int] = ..., year_of_plenty: _Optional[int] = ..., monopoly: _Optional[int] = ...) -> None: ...

class Dice(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: int
    second: int
    def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class TradeTerms(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Resources
    receive: Resources
    def __init__(self, give: _Optional[_Union[Resources, _Mapping]] = ..., receive: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class SeatResources(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class SeatCount(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class Command(_message.Message):
    __slots__ = ("roll_dice", "place_settlement", "place_road", "discard", "move_robber", "build_road", "build_settlement", "build_city", "buy_development_card", "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly", "maritime_trade", "offer_trade", "counter_offer", "accept_trade", "reject_trade", "accept_counter_offer", "reject_counter_offer", "withdraw_trade", "end_turn")
    ROLL_DICE_FIELD_NUMBER: _ClassVar[int]
    PLACE_SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    PLACE_ROAD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    MOVE_ROBBER_FIELD_NUMBER: _ClassVar[int]
    BUILD_ROAD_FIELD_NUMBER: _ClassVar[int]
    BUILD_SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    BUILD_CITY_FIELD_NUMBER: _ClassVar[int]
    BUY_DEVELOPMENT_CARD_FIELD_NUMBER: _ClassVar[int]
    PLAY_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    PLAY_ROAD_BUILDING_FIELD_NUMBER: _ClassVar[int]
    PLAY_YEAR_OF_PLENTY_FIELD_NUMBER: _ClassVar[int]
    PLAY_MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    MARITIME_TRADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_TRADE_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_TRADE_FIELD_NUMBER: _ClassVar[int]
    REJECT_TRADE_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    REJECT_COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_TRADE_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    roll_dice: RollDice
    place_settlement: PlaceSettlement
    place_road: PlaceRoad
    discard: Discard
    move_robber: MoveRobber
    build_road: BuildRoad
    build_settlement: BuildSettlement
    build_city: BuildCity
    buy_development_card: BuyDevelopmentCard
    play_knight: PlayKnight
    play_road_building: PlayRoadBuilding
    play_year_of_plenty: PlayYearOfPlenty
    play_monopoly: PlayMonopoly
    maritime_trade: MaritimeTrade
    offer_trade: OfferTrade
    counter_offer: CounterOffer
    accept_trade: AcceptTrade
    reject_trade: RejectTrade
    accept_counter_offer: AcceptCounterOffer
    reject_counter_offer: RejectCounterOffer
    withdraw_trade: WithdrawTrade
    end_turn: EndTurn
    def __init__(self, roll_dice: _Optional[_Union[RollDice, _Mapping]] = ..., place_settlement: _Optional[_Union[PlaceSettlement, _Mapping]] = ..., place_road: _Optional[_Union[PlaceRoad, _Mapping]] = ..., discard: _Optional[_Union[Discard, _Mapping]] = ..., move_robber: _Optional[_Union[MoveRobber, _Mapping]] = ..., build_road: _Optional[_Union[BuildRoad, _Mapping]] = ..., build_settlement: _Optional[_Union[BuildSettlement, _Mapping]] = ..., build_city: _Optional[_Union[BuildCity, _Mapping]] = ..., buy_development_card: _Optional[_Union[BuyDevelopmentCard, _Mapping]] = ..., play_knight: _Optional[_Union[PlayKnight, _Mapping]] = ..., play_road_building: _Optional[_Union[PlayRoadBuilding, _Mapping]] = ..., play_year_of_plenty: _Optional[_Union[PlayYearOfPlenty, _Mapping]] = ..., play_monopoly: _Optional[_Union[PlayMonopoly, _Mapping]] = ..., maritime_trade: _Optional[_Union[MaritimeTrade, _Mapping]] = ..., offer_trade: _Optional[_Union[OfferTrade, _Mapping]] = ..., counter_offer: _Optional[_Union[CounterOffer, _Mapping]] = ..., accept_trade: _Optional[_Union[AcceptTrade, _Mapping]] = ..., reject_trade: _Optional[_Union[RejectTrade, _Mapping]] = ..., accept_counter_offer: _Optional[_Union[AcceptCounterOffer, _Mapping]] = ..., reject_counter_offer: _Optional[_Union[RejectCounterOffer, _Mapping]] = ..., withdraw_trade: _Optional[_Union[WithdrawTrade, _Mapping]] = ..., end_turn: _Optional[_Union[EndTurn, _Mapping]] = ...) -> None: ...

class RollDice(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlaceSettlement(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class PlaceRoad(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class Discard(_message.Message):
    __slots__ = ("resources",)
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    resources: Resources
    def __init__(self, resources: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class MoveRobber(_message.Message):
    __slots__ = ("hex", "victim")
    HEX_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    hex: int
    victim: int
    def __init__(self, hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

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

class BuyDevelopmentCard(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlayKnight(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlayRoadBuilding(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: int
    second: int
    def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class PlayYearOfPlenty(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: Resource
    second: Resource
    def __init__(self, first: _Optional[_Union[Resource, str]] = ..., second: _Optional[_Union[Resource, str]] = ...) -> None: ...

class PlayMonopoly(_message.Message):
    __slots__ = ("resource",)
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    resource: Resource
    def __init__(self, resource: _Optional[_Union[Resource, str]] = ...) -> None: ...

class MaritimeTrade(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Resource
    receive: Resource
    def __init__(self, give: _Optional[_Union[Resource, str]] = ..., receive: _Optional[_Union[Resource, str]] = ...) -> None: ...

class OfferTrade(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Resources
    receive: Resources
    def __init__(self, give: _Optional[_Union[Resources, _Mapping]] = ..., receive: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class CounterOffer(_message.Message):
    __slots__ = ("give", "receive")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    give: Resources
    receive: Resources
    def __init__(self, give: _Optional[_Union[Resources, _Mapping]] = ..., receive: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class AcceptTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RejectTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AcceptCounterOffer(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class RejectCounterOffer(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class WithdrawTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Event(_message.Message):
    __slots__ = ("starting_roll_made", "starting_roll_tied", "starting_player_chosen", "settlement_placed", "road_placed", "starting_resources_taken", "dice_rolled", "resources_produced", "discards_required", "discarded", "robber_moved", "resource_stolen", "road_built", "settlement_built", "city_built", "development_card_bought", "knight_played", "road_building_played", "year_of_plenty_played", "monopoly_played", "maritime_traded", "trade_offered", "counter_offered", "trade_rejected", "counter_offer_rejected", "trade_withdrawn", "trade_completed", "longest_road_changed", "largest_army_changed", "turn_ended", "game_won")
    STARTING_ROLL_MADE_FIELD_NUMBER: _ClassVar[int]
    STARTING_ROLL_TIED_FIELD_NUMBER: _ClassVar[int]
    STARTING_PLAYER_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_PLACED_FIELD_NUMBER: _ClassVar[int]
    ROAD_PLACED_FIELD_NUMBER: _ClassVar[int]
    STARTING_RESOURCES_TAKEN_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_PRODUCED_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    ROBBER_MOVED_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_STOLEN_FIELD_NUMBER: _ClassVar[int]
    ROAD_BUILT_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_BUILT_FIELD_NUMBER: _ClassVar[int]
    CITY_BUILT_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARD_BOUGHT_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_PLAYED_FIELD_NUMBER: _ClassVar[int]
    ROAD_BUILDING_PLAYED_FIELD_NUMBER: _ClassVar[int]
    YEAR_OF_PLENTY_PLAYED_FIELD_NUMBER: _ClassVar[int]
    MONOPOLY_PLAYED_FIELD_NUMBER: _ClassVar[int]
    MARITIME_TRADED_FIELD_NUMBER: _ClassVar[int]
    TRADE_OFFERED_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFERED_FIELD_NUMBER: _ClassVar[int]
    TRADE_REJECTED_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFER_REJECTED_FIELD_NUMBER: _ClassVar[int]
    TRADE_WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    TRADE_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_CHANGED_FIELD_NUMBER: _ClassVar[int]
    LARGEST_ARMY_CHANGED_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_WON_FIELD_NUMBER: _ClassVar[int]
    starting_roll_made: StartingRollMade
    starting_roll_tied: StartingRollTied
    starting_player_chosen: StartingPlayerChosen
    settlement_placed: SettlementPlaced
    road_placed: RoadPlaced
    starting_resources_taken: StartingResourcesTaken
    dice_rolled: DiceRolled
    resources_produced: ResourcesProduced
    discards_required: DiscardsRequired
    discarded: Discarded
    robber_moved: RobberMoved
    resource_stolen: ResourceStolen
    road_built: RoadBuilt
    settlement_built: SettlementBuilt
    city_built: CityBuilt
    development_card_bought: DevelopmentCardBought
    knight_played: KnightPlayed
    road_building_played: RoadBuildingPlayed
    year_of_plenty_played: YearOfPlentyPlayed
    monopoly_played: MonopolyPlayed
    maritime_traded: MaritimeTraded
    trade_offered: TradeOffered
    counter_offered: CounterOffered
    trade_rejected: TradeRejected
    counter_offer_rejected: CounterOfferRejected
    trade_withdrawn: TradeWithdrawn
    trade_completed: TradeCompleted
    longest_road_changed: LongestRoadChanged
    largest_army_changed: LargestArmyChanged
    turn_ended: TurnEnded
    game_won: GameWon
    def __init__(self, starting_roll_made: _Optional[_Union[StartingRollMade, _Mapping]] = ..., starting_roll_tied: _Optional[_Union[StartingRollTied, _Mapping]] = ..., starting_player_chosen: _Optional[_Union[StartingPlayerChosen, _Mapping]] = ..., settlement_placed: _Optional[_Union[SettlementPlaced, _Mapping]] = ..., road_placed: _Optional[_Union[RoadPlaced, _Mapping]] = ..., starting_resources_taken: _Optional[_Union[StartingResourcesTaken, _Mapping]] = ..., dice_rolled: _Optional[_Union[DiceRolled, _Mapping]] = ..., resources_produced: _Optional[_Union[ResourcesProduced, _Mapping]] = ..., discards_required: _Optional[_Union[DiscardsRequired, _Mapping]] = ..., discarded: _Optional[_Union[Discarded, _Mapping]] = ..., robber_moved: _Optional[_Union[RobberMoved, _Mapping]] = ..., resource_stolen: _Optional[_Union[ResourceStolen, _Mapping]] = ..., road_built: _Optional[_Union[RoadBuilt, _Mapping]] = ..., settlement_built: _Optional[_Union[SettlementBuilt, _Mapping]] = ..., city_built: _Optional[_Union[CityBuilt, _Mapping]] = ..., development_card_bought: _Optional[_Union[DevelopmentCardBought, _Mapping]] = ..., knight_played: _Optional[_Union[KnightPlayed, _Mapping]] = ..., road_building_played: _Optional[_Union[RoadBuildingPlayed, _Mapping]] = ..., year_of_plenty_played: _Optional[_Union[YearOfPlentyPlayed, _Mapping]] = ..., monopoly_played: _Optional[_Union[MonopolyPlayed, _Mapping]] = ..., maritime_traded: _Optional[_Union[MaritimeTraded, _Mapping]] = ..., trade_offered: _Optional[_Union[TradeOffered, _Mapping]] = ..., counter_offered: _Optional[_Union[CounterOffered, _Mapping]] = ..., trade_rejected: _Optional[_Union[TradeRejected, _Mapping]] = ..., counter_offer_rejected: _Optional[_Union[CounterOfferRejected, _Mapping]] = ..., trade_withdrawn: _Optional[_Union[TradeWithdrawn, _Mapping]] = ..., trade_completed: _Optional[_Union[TradeCompleted, _Mapping]] = ..., longest_road_changed: _Optional[_Union[LongestRoadChanged, _Mapping]] = ..., largest_army_changed: _Optional[_Union[LargestArmyChanged, _Mapping]] = ..., turn_ended: _Optional[_Union[TurnEnded, _Mapping]] = ..., game_won: _Optional[_Union[GameWon, _Mapping]] = ...) -> None: ...

class StartingRollMade(_message.Message):
    __slots__ = ("seat", "dice")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    dice: Dice
    def __init__(self, seat: _Optional[int] = ..., dice: _Optional[_Union[Dice, _Mapping]] = ...) -> None: ...

class StartingRollTied(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class StartingPlayerChosen(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class SettlementPlaced(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class RoadPlaced(_message.Message):
    __slots__ = ("seat", "edge")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ...) -> None: ...

class StartingResourcesTaken(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class DiceRolled(_message.Message):
    __slots__ = ("seat", "dice")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    dice: Dice
    def __init__(self, seat: _Optional[int] = ..., dice: _Optional[_Union[Dice, _Mapping]] = ...) -> None: ...

class ResourcesProduced(_message.Message):
    __slots__ = ("gains", "withheld")
    GAINS_FIELD_NUMBER: _ClassVar[int]
    WITHHELD_FIELD_NUMBER: _ClassVar[int]
    gains: _containers.RepeatedCompositeFieldContainer[SeatResources]
    withheld: _containers.RepeatedScalarFieldContainer[Resource]
    def __init__(self, gains: _Optional[_Iterable[_Union[SeatResources, _Mapping]]] = ..., withheld: _Optional[_Iterable[_Union[Resource, str]]] = ...) -> None: ...

class DiscardsRequired(_message.Message):
    __slots__ = ("discards",)
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    discards: _containers.RepeatedCompositeFieldContainer[SeatCount]
    def __init__(self, discards: _Optional[_Iterable[_Union[SeatCount, _Mapping]]] = ...) -> None: ...

class Discarded(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class RobberMoved(_message.Message):
    __slots__ = ("seat", "hex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hex: int
    def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ...) -> None: ...

class ResourceStolen(_message.Message):
    __slots__ = ("thief", "victim", "resource")
    THIEF_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    thief: int
    victim: int
    resource: Resource
    def __init__(self, thief: _Optional[int] = ..., victim: _Optional[int] = ..., resource: _Optional[_Union[Resource, str]] = ...) -> None: ...

class RoadBuilt(_message.Message):
    __slots__ = ("seat", "edge", "free")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    free: bool
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., free: _Optional[bool] = ...) -> None: ...

class SettlementBuilt(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class CityBuilt(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class DevelopmentCardBought(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: DevCard
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[DevCard, str]] = ...) -> None: ...

class KnightPlayed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class RoadBuildingPlayed(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class YearOfPlentyPlayed(_message.Message):
    __slots__ = ("seat", "first", "second")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    first: Resource
    second: Resource
    def __init__(self, seat: _Optional[int] = ..., first: _Optional[_Union[Resource, str]] = ..., second: _Optional[_Union[Resource, str]] = ...) -> None: ...

class MonopolyPlayed(_message.Message):
    __slots__ = ("seat", "resource", "taken")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resource: Resource
    taken: _containers.RepeatedCompositeFieldContainer[SeatCount]
    def __init__(self, seat: _Optional[int] = ..., resource: _Optional[_Union[Resource, str]] = ..., taken: _Optional[_Iterable[_Union[SeatCount, _Mapping]]] = ...) -> None: ...

class MaritimeTraded(_message.Message):
    __slots__ = ("seat", "give", "give_count", "receive")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    GIVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    give: Resource
    give_count: int
    receive: Resource
    def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[Resource, str]] = ..., give_count: _Optional[int] = ..., receive: _Optional[_Union[Resource, str]] = ...) -> None: ...

class TradeOffered(_message.Message):
    __slots__ = ("seat", "give", "receive")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    give: Resources
    receive: Resources
    def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[Resources, _Mapping]] = ..., receive: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class CounterOffered(_message.Message):
    __slots__ = ("seat", "give", "receive")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    give: Resources
    receive: Resources
    def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[Resources, _Mapping]] = ..., receive: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class TradeRejected(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CounterOfferRejected(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class TradeWithdrawn(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class TradeCompleted(_message.Message):
    __slots__ = ("active", "partner", "given", "received")
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    GIVEN_FIELD_NUMBER: _ClassVar[int]
    RECEIVED_FIELD_NUMBER: _ClassVar[int]
    active: int
    partner: int
    given: Resources
    received: Resources
    def __init__(self, active: _Optional[int] = ..., partner: _Optional[int] = ..., given: _Optional[_Union[Resources, _Mapping]] = ..., received: _Optional[_Union[Resources, _Mapping]] = ...) -> None: ...

class LongestRoadChanged(_message.Message):
    __slots__ = ("holder", "length")
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    LENGTH_FIELD_NUMBER: _ClassVar[int]
    holder: int
    length: int
    def __init__(self, holder: _Optional[int] = ..., length: _Optional[int] = ...) -> None: ...

class LargestArmyChanged(_message.Message):
    __slots__ = ("holder", "knights")
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    holder: int
    knights: int
    def __init__(self, holder: _Optional[int] = ..., knights: _Optional[int] = ...) -> None: ...

class TurnEnded(_message.Message):
    __slots__ = ("seat", "next")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NEXT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    next: int
    def __init__(self, seat: _Optional[int] = ..., next: _Optional[int] = ...) -> None: ...

class GameWon(_message.Message):
    __slots__ = ("seat", "points", "victory_point_cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINT_CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    points: int
    victory_point_cards: _containers.RepeatedCompositeFieldContainer[SeatCount]
    def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ..., victory_point_cards: _Optional[_Iterable[_Union[SeatCount, _Mapping]]] = ...) -> None: ...

class HexCoord(_message.Message):
    __slots__ = ("q", "r")
    Q_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    q: int
    r: int
    def __init__(self, q: _Optional[int] = ..., r: _Optional[int] = ...) -> None: ...

class HexTile(_message.Message):
    __slots__ = ("coord", "terrain", "number")
    COORD_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    coord: HexCoord
    terrain: Terrain
    number: int
    def __init__(self, coord: _Optional[_Union[HexCoord, _Mapping]] = ..., terrain: _Optional[_Union[Terrain, str]] = ..., number: _Optional[int] = ...) -> None: ...

class Harbor(_message.Message):
    __slots__ = ("edge", "resource")
    EDGE_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    resource: Resource
    def __init__(self, edge: _Optional[int] = ..., resource: _Optional[_Union[Resource, str]] = ...) -> None: ...

class VertexKey(_message.Message):
    __slots__ = ("q", "r", "corner")
    Q_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    CORNER_FIELD_NUMBER: _ClassVar[int]
    q: int
    r: int
    corner: Corner
    def __init__(self, q: _Optional[int] = ..., r: _Optional[int] = ..., corner: _Optional[_Union[Corner, str]] = ...) -> None: ...

class EdgeEnds(_message.Message):
    __slots__ = ("a", "b")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...

class Point(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: float
    y: float
    def __init__(self, x: _Optional[float] = ..., y: _Optional[float] = ...) -> None: ...

class Board(_message.Message):
    __slots__ = ("hexes", "harbors", "vertices", "edges", "hex_centers", "vertex_points")
    HEXES_FIELD_NUMBER: _ClassVar[int]
    HARBORS_FIELD_NUMBER: _ClassVar[int]
    VERTICES_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    HEX_CENTERS_FIELD_NUMBER: _ClassVar[int]
    VERTEX_POINTS_FIELD_NUMBER: _ClassVar[int]
    hexes: _containers.RepeatedCompositeFieldContainer[HexTile]
    harbors: _containers.RepeatedCompositeFieldContainer[Harbor]
    vertices: _containers.RepeatedCompositeFieldContainer[VertexKey]
    edges: _containers.RepeatedCompositeFieldContainer[EdgeEnds]
    hex_centers: _containers.RepeatedCompositeFieldContainer[Point]
    vertex_points: _containers.RepeatedCompositeFieldContainer[Point]
    def __init__(self, hexes: _Optional[_Iterable[_Union[HexTile, _Mapping]]] = ..., harbors: _Optional[_Iterable[_Union[Harbor, _Mapping]]] = ..., vertices: _Optional[_Iterable[_Union[VertexKey, _Mapping]]] = ..., edges: _Optional[_Iterable[_Union[EdgeEnds, _Mapping]]] = ..., hex_centers: _Optional[_Iterable[_Union[Point, _Mapping]]] = ..., vertex_points: _Optional[_Iterable[_Union[Point, _Mapping]]] = ...) -> None: ...

class Phase(_message.Message):
    __slots__ = ("kind", "placement_index", "settlement", "winner")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_INDEX_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    kind: PhaseKind
    placement_index: int
    settlement: int
    winner: int
    def __init__(self, kind: _Optional[_Union[PhaseKind, str]] = ..., placement_index: _Optional[int] = ..., settlement: _Optional[int] = ..., winner: _Optional[int] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("seat", "resource_count", "resources", "development_card_count", "development_cards", "development_cards_new", "knights_played", "settlements_left", "cities_left", "roads_left", "road_length", "public_points", "victory_point_cards", "discard_owed", "counter_offer", "rejected_offer")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_COUNT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARDS_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARDS_NEW_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    CITIES_LEFT_FIELD_NUMBER: _ClassVar[int]
    ROADS_LEFT_FIELD_NUMBER: _ClassVar[int]
    ROAD_LENGTH_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_POINTS_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINT_CARDS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_OWED_FIELD_NUMBER: _ClassVar[int]
    COUNTER_OFFER_FIELD_NUMBER: _ClassVar[int]
    REJECTED_OFFER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resource_count: int
    resources: Resources
    development_card_count: int
    development_cards: DevCards
    development_cards_new: DevCards
    knights_played: int
    settlements_left: int
    cities_left: int
    roads_left: int
    road_length: int
    public_points: int
    victory_point_cards: int
    discard_owed: int
    counter_offer: TradeTerms
    rejected_offer: bool
    def __init__(self, seat: _Optional[int] = ..., resource_count: _Optional[int] = ..., resources: _Optional[_Union[Resources, _Mapping]] = ..., development_card_count: _Optional[int] = ..., development_cards: _Optional[_Union[DevCards, _Mapping]] = ..., development_cards_new: _Optional[_Union[DevCards, _Mapping]] = ..., knights_played: _Optional[int] = ..., settlements_left: _Optional[int] = ..., cities_left: _Optional[int] = ..., roads_left: _Optional[int] = ..., road_length: _Optional[int] = ..., public_points: _Optional[int] = ..., victory_point_cards: _Optional[int] = ..., discard_owed: _Optional[int] = ..., counter_offer: _Optional[_Union[TradeTerms, _Mapping]] = ..., rejected_offer: _Optional[bool] = ...) -> None: ...

class Building(_message.Message):
    __slots__ = ("vertex", "seat", "city")
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    seat: int
    city: bool
    def __init__(self, vertex: _Optional[int] = ..., seat: _Optional[int] = ..., city: _Optional[bool] = ...) -> None: ...

class Road(_message.Message):
    __slots__ = ("edge", "seat")
    EDGE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    edge: int
    seat: int
    def __init__(self, edge: _Optional[int] = ..., seat: _Optional[int] = ...) -> None: ...

class State(_message.Message):
    __slots__ = ("board", "seats", "phase", "active", "turn", "rolled", "development_card_played", "robber", "bank", "development_cards_left", "last_roll", "players", "buildings", "roads", "longest_road", "largest_army", "offer", "winner", "points_to_win")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ROLLED_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    ROBBER_FIELD_NUMBER: _ClassVar[int]
    BANK_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    LAST_ROLL_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    ROADS_FIELD_NUMBER: _ClassVar[int]
    LONGEST_ROAD_FIELD_NUMBER: _ClassVar[int]
    LARGEST_ARMY_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    POINTS_TO_WIN_FIELD_NUMBER: _ClassVar[int]
    board: Board
    seats: int
    phase: Phase
    active: int
    turn: int
    rolled: bool
    development_card_played: bool
    robber: int
    bank: Resources
    development_cards_left: int
    last_roll: Dice
    players: _containers.RepeatedCompositeFieldContainer[Player]
    buildings: _containers.RepeatedCompositeFieldContainer[Building]
    roads: _containers.RepeatedCompositeFieldContainer[Road]
    longest_road: int
    largest_army: int
    offer: TradeTerms
    winner: int
    points_to_win: int
    def __init__(self, board: _Optional[_Union[Board, _Mapping]] = ..., seats: _Optional[int] = ..., phase: _Optional[_Union[Phase, _Mapping]] = ..., active: _Optional[int] = ..., turn: _Optional[int] = ..., rolled: _Optional[bool] = ..., development_card_played: _Optional[bool] = ..., robber: _Optional[int] = ..., bank: _Optional[_Union[Resources, _Mapping]] = ..., development_cards_left: _Optional[int] = ..., last_roll: _Optional[_Union[Dice, _Mapping]] = ..., players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., buildings: _Optional[_Iterable[_Union[Building, _Mapping]]] = ..., roads: _Optional[_Iterable[_Union[Road, _Mapping]]] = ..., longest_road: _Optional[int] = ..., largest_army: _Optional[int] = ..., offer: _Optional[_Union[TradeTerms, _Mapping]] = ..., winner: _Optional[int] = ..., points_to_win: _Optional[int] = ...) -> None: ...

from hexfold_client._gen.hexfold.v1.catan import catan_pb2 as _catan_pb2
from hexfold_client._gen.hexfold.v1.cities_knights import cities_knights_pb2 as _cities_knights_pb2
from hexfold_client._gen.hexfold.v1.words import words_pb2 as _words_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Terrain(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERRAIN_UNSPECIFIED: _ClassVar[Terrain]
    TERRAIN_HILLS: _ClassVar[Terrain]
    TERRAIN_FOREST: _ClassVar[Terrain]
    TERRAIN_PASTURE: _ClassVar[Terrain]
    TERRAIN_FIELDS: _ClassVar[Terrain]
    TERRAIN_MOUNTAINS: _ClassVar[Terrain]
    TERRAIN_DESERT: _ClassVar[Terrain]
    TERRAIN_SEA: _ClassVar[Terrain]
    TERRAIN_GOLD: _ClassVar[Terrain]
    TERRAIN_GLACIER: _ClassVar[Terrain]
    TERRAIN_VOLCANO: _ClassVar[Terrain]
    TERRAIN_TEMPLE: _ClassVar[Terrain]
    TERRAIN_CASTLE: _ClassVar[Terrain]
    TERRAIN_STATION: _ClassVar[Terrain]
    TERRAIN_DOUBLE_FIELD: _ClassVar[Terrain]

class Wonder(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WONDER_UNSPECIFIED: _ClassVar[Wonder]
    WONDER_THEATER: _ClassVar[Wonder]
    WONDER_GREAT_BRIDGE: _ClassVar[Wonder]
    WONDER_MONUMENT: _ClassVar[Wonder]
    WONDER_GREAT_WALL: _ClassVar[Wonder]
    WONDER_CATHEDRAL: _ClassVar[Wonder]

class Bandit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BANDIT_UNSPECIFIED: _ClassVar[Bandit]
    BANDIT_ROBBER: _ClassVar[Bandit]
    BANDIT_PIRATE: _ClassVar[Bandit]

class Force(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORCE_UNSPECIFIED: _ClassVar[Force]
    FORCE_ICEBERG: _ClassVar[Force]
    FORCE_HURRICANE: _ClassVar[Force]
    FORCE_STORM_CLOUD: _ClassVar[Force]

class Blow(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BLOW_UNSPECIFIED: _ClassVar[Blow]
    BLOW_AVALANCHE: _ClassVar[Blow]
    BLOW_ERUPTION: _ClassVar[Blow]
    BLOW_GUILD: _ClassVar[Blow]

class Ruin(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RUIN_UNSPECIFIED: _ClassVar[Ruin]
    RUIN_SETTLEMENT_REMOVED: _ClassVar[Ruin]
    RUIN_CITY_REDUCED: _ClassVar[Ruin]
    RUIN_CITY_REMOVED: _ClassVar[Ruin]
TERRAIN_UNSPECIFIED: Terrain
TERRAIN_HILLS: Terrain
TERRAIN_FOREST: Terrain
TERRAIN_PASTURE: Terrain
TERRAIN_FIELDS: Terrain
TERRAIN_MOUNTAINS: Terrain
TERRAIN_DESERT: Terrain
TERRAIN_SEA: Terrain
TERRAIN_GOLD: Terrain
TERRAIN_GLACIER: Terrain
TERRAIN_VOLCANO: Terrain
TERRAIN_TEMPLE: Terrain
TERRAIN_CASTLE: Terrain
TERRAIN_STATION: Terrain
TERRAIN_DOUBLE_FIELD: Terrain
WONDER_UNSPECIFIED: Wonder
WONDER_THEATER: Wonder
WONDER_GREAT_BRIDGE: Wonder
WONDER_MONUMENT: Wonder
WONDER_GREAT_WALL: Wonder
WONDER_CATHEDRAL: Wonder
BANDIT_UNSPECIFIED: Bandit
BANDIT_ROBBER: Bandit
BANDIT_PIRATE: Bandit
FORCE_UNSPECIFIED: Force
FORCE_ICEBERG: Force
FORCE_HURRICANE: Force
FORCE_STORM_CLOUD: Force
BLOW_UNSPECIFIED: Blow
BLOW_AVALANCHE: Blow
BLOW_ERUPTION: Blow
BLOW_GUILD: Blow
RUIN_UNSPECIFIED: Ruin
RUIN_SETTLEMENT_REMOVED: Ruin
RUIN_CITY_REDUCED: Ruin
RUIN_CITY_REMOVED: Ruin

class HexTile(_message.Message):
    __slots__ = ("coord", "terrain", "number")
    COORD_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    coord: _catan_pb2.HexCoord
    terrain: Terrain
    number: int
    def __init__(self, coord: _Optional[_Union[_catan_pb2.HexCoord, _Mapping]] = ..., terrain: _Optional[_Union[Terrain, str]] = ..., number: _Optional[int] = ...) -> None: ...

class Board(_message.Message):
    __slots__ = ("hexes", "harbors", "vertices", "edges", "hex_centers", "vertex_points")
    HEXES_FIELD_NUMBER: _ClassVar[int]
    HARBORS_FIELD_NUMBER: _ClassVar[int]
    VERTICES_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    HEX_CENTERS_FIELD_NUMBER: _ClassVar[int]
    VERTEX_POINTS_FIELD_NUMBER: _ClassVar[int]
    hexes: _containers.RepeatedCompositeFieldContainer[HexTile]
    harbors: _containers.RepeatedCompositeFieldContainer[_catan_pb2.Harbor]
    vertices: _containers.RepeatedCompositeFieldContainer[_catan_pb2.VertexKey]
    edges: _containers.RepeatedCompositeFieldContainer[_catan_pb2.EdgeEnds]
    hex_centers: _containers.RepeatedCompositeFieldContainer[_catan_pb2.Point]
    vertex_points: _containers.RepeatedCompositeFieldContainer[_catan_pb2.Point]
    def __init__(self, hexes: _Optional[_Iterable[_Union[HexTile, _Mapping]]] = ..., harbors: _Optional[_Iterable[_Union[_catan_pb2.Harbor, _Mapping]]] = ..., vertices: _Optional[_Iterable[_Union[_catan_pb2.VertexKey, _Mapping]]] = ..., edges: _Optional[_Iterable[_Union[_catan_pb2.EdgeEnds, _Mapping]]] = ..., hex_centers: _Optional[_Iterable[_Union[_catan_pb2.Point, _Mapping]]] = ..., vertex_points: _Optional[_Iterable[_Union[_catan_pb2.Point, _Mapping]]] = ...) -> None: ...

class TempleDue(_message.Message):
    __slots__ = ("tribute", "debt", "offering")
    TRIBUTE_FIELD_NUMBER: _ClassVar[int]
    DEBT_FIELD_NUMBER: _ClassVar[int]
    OFFERING_FIELD_NUMBER: _ClassVar[int]
    tribute: TempleTribute
    debt: TempleTribute
    offering: TempleOffering
    def __init__(self, tribute: _Optional[_Union[TempleTribute, _Mapping]] = ..., debt: _Optional[_Union[TempleTribute, _Mapping]] = ..., offering: _Optional[_Union[TempleOffering, _Mapping]] = ...) -> None: ...

class TempleTribute(_message.Message):
    __slots__ = ("to",)
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ..., **kwargs) -> None: ...

class TempleOffering(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: _catan_pb2.Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class RoutePiece(_message.Message):
    __slots__ = ("edge", "ship")
    EDGE_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    edge: int
    ship: bool
    def __init__(self, edge: _Optional[int] = ..., ship: _Optional[bool] = ...) -> None: ...

class HexChip(_message.Message):
    __slots__ = ("hex", "number")
    HEX_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    hex: int
    number: int
    def __init__(self, hex: _Optional[int] = ..., number: _Optional[int] = ...) -> None: ...

class Wreck(_message.Message):
    __slots__ = ("seat", "edge", "ship", "repair")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    REPAIR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    ship: bool
    repair: bool
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., ship: _Optional[bool] = ..., repair: _Optional[bool] = ...) -> None: ...

class Repair(_message.Message):
    __slots__ = ("seat", "edge", "ship")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    ship: bool
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., ship: _Optional[bool] = ...) -> None: ...

class Tilt(_message.Message):
    __slots__ = ("seat", "vertex", "sum")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    SUM_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    sum: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., sum: _Optional[int] = ...) -> None: ...

class Specialist(_message.Message):
    __slots__ = ("resource", "holder")
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    resource: _catan_pb2.Resource
    holder: int
    def __init__(self, resource: _Optional[_Union[_catan_pb2.Resource, str]] = ..., holder: _Optional[int] = ...) -> None: ...

class Conquest(_message.Message):
    __slots__ = ("seat", "vertex", "island")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    ISLAND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    island: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., island: _Optional[int] = ...) -> None: ...

class Post(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class ChipCount(_message.Message):
    __slots__ = ("number", "count")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    number: int
    count: int
    def __init__(self, number: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class Command(_message.Message):
    __slots__ = ("ck", "place_ship", "build_ship", "move_ship", "build_landing_place", "move_pirate", "choose_gold", "buy_development_card", "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly", "play_progress_road_building", "chase_bandit", "exchange_at_station", "pay_temple", "deposit_at_castle", "start_wonder", "build_wonder_level")
    CK_FIELD_NUMBER: _ClassVar[int]
    PLACE_SHIP_FIELD_NUMBER: _ClassVar[int]
    BUILD_SHIP_FIELD_NUMBER: _ClassVar[int]
    MOVE_SHIP_FIELD_NUMBER: _ClassVar[int]
    BUILD_LANDING_PLACE_FIELD_NUMBER: _ClassVar[int]
    MOVE_PIRATE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_GOLD_FIELD_NUMBER: _ClassVar[int]
    BUY_DEVELOPMENT_CARD_FIELD_NUMBER: _ClassVar[int]
    PLAY_KNIGHT_FIELD_NUMBER: _ClassVar[int]
    PLAY_ROAD_BUILDING_FIELD_NUMBER: _ClassVar[int]
    PLAY_YEAR_OF_PLENTY_FIELD_NUMBER: _ClassVar[int]
    PLAY_MONOPOLY_FIELD_NUMBER: _ClassVar[int]
    PLAY_PROGRESS_ROAD_BUILDING_FIELD_NUMBER: _ClassVar[int]
    CHASE_BANDIT_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_AT_STATION_FIELD_NUMBER: _ClassVar[int]
    PAY_TEMPLE_FIELD_NUMBER: _ClassVar[int]
    DEPOSIT_AT_CASTLE_FIELD_NUMBER: _ClassVar[int]
    START_WONDER_FIELD_NUMBER: _ClassVar[int]
    BUILD_WONDER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    ck: _cities_knights_pb2.Command
    place_ship: PlaceShip
    build_ship: BuildShip
    move_ship: MoveShip
    build_landing_place: BuildLandingPlace
    move_pirate: MovePirate
    choose_gold: ChooseGold
    buy_development_card: _catan_pb2.BuyDevelopmentCard
    play_knight: PlayKnight
    play_road_building: PlayRoadBuilding
    play_year_of_plenty: _catan_pb2.PlayYearOfPlenty
    play_monopoly: _catan_pb2.PlayMonopoly
    play_progress_road_building: PlayProgressRoadBuilding
    chase_bandit: ChaseBandit
    exchange_at_station: ExchangeAtStation
    pay_temple: PayTemple
    deposit_at_castle: DepositAtCastle
    start_wonder: StartWonder
    build_wonder_level: BuildWonderLevel
    def __init__(self, ck: _Optional[_Union[_cities_knights_pb2.Command, _Mapping]] = ..., place_ship: _Optional[_Union[PlaceShip, _Mapping]] = ..., build_ship: _Optional[_Union[BuildShip, _Mapping]] = ..., move_ship: _Optional[_Union[MoveShip, _Mapping]] = ..., build_landing_place: _Optional[_Union[BuildLandingPlace, _Mapping]] = ..., move_pirate: _Optional[_Union[MovePirate, _Mapping]] = ..., choose_gold: _Optional[_Union[ChooseGold, _Mapping]] = ..., buy_development_card: _Optional[_Union[_catan_pb2.BuyDevelopmentCard, _Mapping]] = ..., play_knight: _Optional[_Union[PlayKnight, _Mapping]] = ..., play_road_building: _Optional[_Union[PlayRoadBuilding, _Mapping]] = ..., play_year_of_plenty: _Optional[_Union[_catan_pb2.PlayYearOfPlenty, _Mapping]] = ..., play_monopoly: _Optional[_Union[_catan_pb2.PlayMonopoly, _Mapping]] = ..., play_progress_road_building: _Optional[_Union[PlayProgressRoadBuilding, _Mapping]] = ..., chase_bandit: _Optional[_Union[ChaseBandit, _Mapping]] = ..., exchange_at_station: _Optional[_Union[ExchangeAtStation, _Mapping]] = ..., pay_temple: _Optional[_Union[PayTemple, _Mapping]] = ..., deposit_at_castle: _Optional[_Union[DepositAtCastle, _Mapping]] = ..., start_wonder: _Optional[_Union[StartWonder, _Mapping]] = ..., build_wonder_level: _Optional[_Union[BuildWonderLevel, _Mapping]] = ...) -> None: ...

class DepositAtCastle(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: _cities_knights_pb2.Good
    def __init__(self, card: _Optional[_Union[_cities_knights_pb2.Good, str]] = ...) -> None: ...

class StartWonder(_message.Message):
    __slots__ = ("wonder",)
    WONDER_FIELD_NUMBER: _ClassVar[int]
    wonder: Wonder
    def __init__(self, wonder: _Optional[_Union[Wonder, str]] = ...) -> None: ...

class BuildWonderLevel(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PayTemple(_message.Message):
    __slots__ = ("resources",)
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    resources: _catan_pb2.Resources
    def __init__(self, resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class ExchangeAtStation(_message.Message):
    __slots__ = ("give", "take")
    GIVE_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    give: _cities_knights_pb2.Hand
    take: _catan_pb2.Resources
    def __init__(self, give: _Optional[_Union[_cities_knights_pb2.Hand, _Mapping]] = ..., take: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class PlaceShip(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class BuildShip(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: int
    def __init__(self, edge: _Optional[int] = ...) -> None: ...

class MoveShip(_message.Message):
    __slots__ = ("to",)
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ..., **kwargs) -> None: ...

class BuildLandingPlace(_message.Message):
    __slots__ = ("vertex",)
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    def __init__(self, vertex: _Optional[int] = ...) -> None: ...

class MovePirate(_message.Message):
    __slots__ = ("hex", "victim")
    HEX_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    hex: int
    victim: int
    def __init__(self, hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class ChooseGold(_message.Message):
    __slots__ = ("resources",)
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    resources: _catan_pb2.Resources
    def __init__(self, resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class PlayKnight(_message.Message):
    __slots__ = ("bandit", "hex", "victim")
    BANDIT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    bandit: Bandit
    hex: int
    victim: int
    def __init__(self, bandit: _Optional[_Union[Bandit, str]] = ..., hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class PlayRoadBuilding(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: RoutePiece
    second: RoutePiece
    def __init__(self, first: _Optional[_Union[RoutePiece, _Mapping]] = ..., second: _Optional[_Union[RoutePiece, _Mapping]] = ...) -> None: ...

class PlayProgressRoadBuilding(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: RoutePiece
    second: RoutePiece
    def __init__(self, first: _Optional[_Union[RoutePiece, _Mapping]] = ..., second: _Optional[_Union[RoutePiece, _Mapping]] = ...) -> None: ...

class ChaseBandit(_message.Message):
    __slots__ = ("knight", "bandit", "hex", "victim")
    KNIGHT_FIELD_NUMBER: _ClassVar[int]
    BANDIT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    knight: int
    bandit: Bandit
    hex: int
    victim: int
    def __init__(self, knight: _Optional[int] = ..., bandit: _Optional[_Union[Bandit, str]] = ..., hex: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("ck", "ship_placed", "ship_built", "ship_moved", "ship_removed", "landing_place_built", "pirate_moved", "pirate_chased", "chips_drawn", "gold_due", "gold_chosen", "trade_phase_ended", "development_card_bought", "development_card_played", "largest_army_changed", "corner_cleared", "force_moved", "building_tilted", "building_righted", "volcano_erupted", "building_ruined", "seven_yielded", "specialist_changed", "specialists_paid", "island_conquered", "station_exchanges_due", "station_exchanged", "station_warned", "station_excused", "sacrificial_site_built", "tributes_due", "temple_paid", "tribute_defaulted", "debt_called", "gods_appeased", "castle_card_returned", "castle_raided", "castle_deposited", "castle_defaulted", "castle_debt_called", "castle_looted", "wonder_started", "wonder_level_built")
    CK_FIELD_NUMBER: _ClassVar[int]
    SHIP_PLACED_FIELD_NUMBER: _ClassVar[int]
    SHIP_BUILT_FIELD_NUMBER: _ClassVar[int]
    SHIP_MOVED_FIELD_NUMBER: _ClassVar[int]
    SHIP_REMOVED_FIELD_NUMBER: _ClassVar[int]
    LANDING_PLACE_BUILT_FIELD_NUMBER: _ClassVar[int]
    PIRATE_MOVED_FIELD_NUMBER: _ClassVar[int]
    PIRATE_CHASED_FIELD_NUMBER: _ClassVar[int]
    CHIPS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    GOLD_DUE_FIELD_NUMBER: _ClassVar[int]
    GOLD_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    TRADE_PHASE_ENDED_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARD_BOUGHT_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    LARGEST_ARMY_CHANGED_FIELD_NUMBER: _ClassVar[int]
    CORNER_CLEARED_FIELD_NUMBER: _ClassVar[int]
    FORCE_MOVED_FIELD_NUMBER: _ClassVar[int]
    BUILDING_TILTED_FIELD_NUMBER: _ClassVar[int]
    BUILDING_RIGHTED_FIELD_NUMBER: _ClassVar[int]
    VOLCANO_ERUPTED_FIELD_NUMBER: _ClassVar[int]
    BUILDING_RUINED_FIELD_NUMBER: _ClassVar[int]
    SEVEN_YIELDED_FIELD_NUMBER: _ClassVar[int]
    SPECIALIST_CHANGED_FIELD_NUMBER: _ClassVar[int]
    SPECIALISTS_PAID_FIELD_NUMBER: _ClassVar[int]
    ISLAND_CONQUERED_FIELD_NUMBER: _ClassVar[int]
    STATION_EXCHANGES_DUE_FIELD_NUMBER: _ClassVar[int]
    STATION_EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    STATION_WARNED_FIELD_NUMBER: _ClassVar[int]
    STATION_EXCUSED_FIELD_NUMBER: _ClassVar[int]
    SACRIFICIAL_SITE_BUILT_FIELD_NUMBER: _ClassVar[int]
    TRIBUTES_DUE_FIELD_NUMBER: _ClassVar[int]
    TEMPLE_PAID_FIELD_NUMBER: _ClassVar[int]
    TRIBUTE_DEFAULTED_FIELD_NUMBER: _ClassVar[int]
    DEBT_CALLED_FIELD_NUMBER: _ClassVar[int]
    GODS_APPEASED_FIELD_NUMBER: _ClassVar[int]
    CASTLE_CARD_RETURNED_FIELD_NUMBER: _ClassVar[int]
    CASTLE_RAIDED_FIELD_NUMBER: _ClassVar[int]
    CASTLE_DEPOSITED_FIELD_NUMBER: _ClassVar[int]
    CASTLE_DEFAULTED_FIELD_NUMBER: _ClassVar[int]
    CASTLE_DEBT_CALLED_FIELD_NUMBER: _ClassVar[int]
    CASTLE_LOOTED_FIELD_NUMBER: _ClassVar[int]
    WONDER_STARTED_FIELD_NUMBER: _ClassVar[int]
    WONDER_LEVEL_BUILT_FIELD_NUMBER: _ClassVar[int]
    ck: _cities_knights_pb2.Event
    ship_placed: ShipPlaced
    ship_built: ShipBuilt
    ship_moved: ShipMoved
    ship_removed: ShipRemoved
    landing_place_built: LandingPlaceBuilt
    pirate_moved: PirateMoved
    pirate_chased: PirateChased
    chips_drawn: ChipsDrawn
    gold_due: GoldDue
    gold_chosen: GoldChosen
    trade_phase_ended: TradePhaseEnded
    development_card_bought: _catan_pb2.DevelopmentCardBought
    development_card_played: DevelopmentCardPlayed
    largest_army_changed: _catan_pb2.LargestArmyChanged
    corner_cleared: CornerCleared
    force_moved: ForceMoved
    building_tilted: BuildingTilted
    building_righted: BuildingRighted
    volcano_erupted: VolcanoErupted
    building_ruined: BuildingRuined
    seven_yielded: SevenYielded
    specialist_changed: SpecialistChanged
    specialists_paid: SpecialistsPaid
    island_conquered: IslandConquered
    station_exchanges_due: StationExchangesDue
    station_exchanged: StationExchanged
    station_warned: StationWarned
    station_excused: StationExcused
    sacrificial_site_built: SacrificialSiteBuilt
    tributes_due: TributesDue
    temple_paid: TemplePaid
    tribute_defaulted: TributeDefaulted
    debt_called: DebtCalled
    gods_appeased: GodsAppeased
    castle_card_returned: CastleCardReturned
    castle_raided: CastleRaided
    castle_deposited: CastleDeposited
    castle_defaulted: CastleDefaulted
    castle_debt_called: CastleDebtCalled
    castle_looted: CastleLooted
    wonder_started: WonderStarted
    wonder_level_built: WonderLevelBuilt
    def __init__(self, ck: _Optional[_Union[_cities_knights_pb2.Event, _Mapping]] = ..., ship_placed: _Optional[_Union[ShipPlaced, _Mapping]] = ..., ship_built: _Optional[_Union[ShipBuilt, _Mapping]] = ..., ship_moved: _Optional[_Union[ShipMoved, _Mapping]] = ..., ship_removed: _Optional[_Union[ShipRemoved, _Mapping]] = ..., landing_place_built: _Optional[_Union[LandingPlaceBuilt, _Mapping]] = ..., pirate_moved: _Optional[_Union[PirateMoved, _Mapping]] = ..., pirate_chased: _Optional[_Union[PirateChased, _Mapping]] = ..., chips_drawn: _Optional[_Union[ChipsDrawn, _Mapping]] = ..., gold_due: _Optional[_Union[GoldDue, _Mapping]] = ..., gold_chosen: _Optional[_Union[GoldChosen, _Mapping]] = ..., trade_phase_ended: _Optional[_Union[TradePhaseEnded, _Mapping]] = ..., development_card_bought: _Optional[_Union[_catan_pb2.DevelopmentCardBought, _Mapping]] = ..., development_card_played: _Optional[_Union[DevelopmentCardPlayed, _Mapping]] = ..., largest_army_changed: _Optional[_Union[_catan_pb2.LargestArmyChanged, _Mapping]] = ..., corner_cleared: _Optional[_Union[CornerCleared, _Mapping]] = ..., force_moved: _Optional[_Union[ForceMoved, _Mapping]] = ..., building_tilted: _Optional[_Union[BuildingTilted, _Mapping]] = ..., building_righted: _Optional[_Union[BuildingRighted, _Mapping]] = ..., volcano_erupted: _Optional[_Union[VolcanoErupted, _Mapping]] = ..., building_ruined: _Optional[_Union[BuildingRuined, _Mapping]] = ..., seven_yielded: _Optional[_Union[SevenYielded, _Mapping]] = ..., specialist_changed: _Optional[_Union[SpecialistChanged, _Mapping]] = ..., specialists_paid: _Optional[_Union[SpecialistsPaid, _Mapping]] = ..., island_conquered: _Optional[_Union[IslandConquered, _Mapping]] = ..., station_exchanges_due: _Optional[_Union[StationExchangesDue, _Mapping]] = ..., station_exchanged: _Optional[_Union[StationExchanged, _Mapping]] = ..., station_warned: _Optional[_Union[StationWarned, _Mapping]] = ..., station_excused: _Optional[_Union[StationExcused, _Mapping]] = ..., sacrificial_site_built: _Optional[_Union[SacrificialSiteBuilt, _Mapping]] = ..., tributes_due: _Optional[_Union[TributesDue, _Mapping]] = ..., temple_paid: _Optional[_Union[TemplePaid, _Mapping]] = ..., tribute_defaulted: _Optional[_Union[TributeDefaulted, _Mapping]] = ..., debt_called: _Optional[_Union[DebtCalled, _Mapping]] = ..., gods_appeased: _Optional[_Union[GodsAppeased, _Mapping]] = ..., castle_card_returned: _Optional[_Union[CastleCardReturned, _Mapping]] = ..., castle_raided: _Optional[_Union[CastleRaided, _Mapping]] = ..., castle_deposited: _Optional[_Union[CastleDeposited, _Mapping]] = ..., castle_defaulted: _Optional[_Union[CastleDefaulted, _Mapping]] = ..., castle_debt_called: _Optional[_Union[CastleDebtCalled, _Mapping]] = ..., castle_looted: _Optional[_Union[CastleLooted, _Mapping]] = ..., wonder_started: _Optional[_Union[WonderStarted, _Mapping]] = ..., wonder_level_built: _Optional[_Union[WonderLevelBuilt, _Mapping]] = ...) -> None: ...

class WonderStarted(_message.Message):
    __slots__ = ("seat", "wonder")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WONDER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    wonder: Wonder
    def __init__(self, seat: _Optional[int] = ..., wonder: _Optional[_Union[Wonder, str]] = ...) -> None: ...

class WonderLevelBuilt(_message.Message):
    __slots__ = ("seat", "wonder", "level")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WONDER_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    wonder: Wonder
    level: int
    def __init__(self, seat: _Optional[int] = ..., wonder: _Optional[_Union[Wonder, str]] = ..., level: _Optional[int] = ...) -> None: ...

class ShipPlaced(_message.Message):
    __slots__ = ("seat", "edge")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ...) -> None: ...

class ShipBuilt(_message.Message):
    __slots__ = ("seat", "edge", "free")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    free: bool
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ..., free: _Optional[bool] = ...) -> None: ...

class ShipMoved(_message.Message):
    __slots__ = ("seat", "to")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: int
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., **kwargs) -> None: ...

class ShipRemoved(_message.Message):
    __slots__ = ("seat", "edge")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: int
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[int] = ...) -> None: ...

class LandingPlaceBuilt(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class PirateMoved(_message.Message):
    __slots__ = ("seat", "hex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hex: int
    def __init__(self, seat: _Optional[int] = ..., hex: _Optional[int] = ...) -> None: ...

class PirateChased(_message.Message):
    __slots__ = ("seat", "knight", "hex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KNIGHT_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    knight: int
    hex: int
    def __init__(self, seat: _Optional[int] = ..., knight: _Optional[int] = ..., hex: _Optional[int] = ...) -> None: ...

class ChipsDrawn(_message.Message):
    __slots__ = ("seat", "chips")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    chips: _containers.RepeatedCompositeFieldContainer[HexChip]
    def __init__(self, seat: _Optional[int] = ..., chips: _Optional[_Iterable[_Union[HexChip, _Mapping]]] = ...) -> None: ...

class GoldDue(_message.Message):
    __slots__ = ("owed",)
    OWED_FIELD_NUMBER: _ClassVar[int]
    owed: _containers.RepeatedCompositeFieldContainer[_catan_pb2.SeatCount]
    def __init__(self, owed: _Optional[_Iterable[_Union[_catan_pb2.SeatCount, _Mapping]]] = ...) -> None: ...

class GoldChosen(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: _catan_pb2.Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class TradePhaseEnded(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class DevelopmentCardPlayed(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: _catan_pb2.DevCard
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_catan_pb2.DevCard, str]] = ...) -> None: ...

class CornerCleared(_message.Message):
    __slots__ = ("seat", "vertex", "removed")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    removed: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., removed: _Optional[_Iterable[int]] = ...) -> None: ...

class ForceMoved(_message.Message):
    __slots__ = ("force", "to", "wrecks")
    FORCE_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    WRECKS_FIELD_NUMBER: _ClassVar[int]
    force: Force
    to: int
    wrecks: _containers.RepeatedCompositeFieldContainer[Wreck]
    def __init__(self, force: _Optional[_Union[Force, str]] = ..., to: _Optional[int] = ..., wrecks: _Optional[_Iterable[_Union[Wreck, _Mapping]]] = ..., **kwargs) -> None: ...

class BuildingTilted(_message.Message):
    __slots__ = ("seat", "vertex", "sum")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    SUM_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    sum: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., sum: _Optional[int] = ...) -> None: ...

class BuildingRighted(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class VolcanoErupted(_message.Message):
    __slots__ = ("hex", "die", "vertex")
    HEX_FIELD_NUMBER: _ClassVar[int]
    DIE_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    hex: int
    die: int
    vertex: int
    def __init__(self, hex: _Optional[int] = ..., die: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class BuildingRuined(_message.Message):
    __slots__ = ("seat", "vertex", "blow", "ruin", "wall")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    BLOW_FIELD_NUMBER: _ClassVar[int]
    RUIN_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    blow: Blow
    ruin: Ruin
    wall: bool
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., blow: _Optional[_Union[Blow, str]] = ..., ruin: _Optional[_Union[Ruin, str]] = ..., wall: _Optional[bool] = ...) -> None: ...

class SevenYielded(_message.Message):
    __slots__ = ("gains", "withheld")
    GAINS_FIELD_NUMBER: _ClassVar[int]
    WITHHELD_FIELD_NUMBER: _ClassVar[int]
    gains: _containers.RepeatedCompositeFieldContainer[_cities_knights_pb2.SeatHand]
    withheld: _containers.RepeatedScalarFieldContainer[_cities_knights_pb2.Good]
    def __init__(self, gains: _Optional[_Iterable[_Union[_cities_knights_pb2.SeatHand, _Mapping]]] = ..., withheld: _Optional[_Iterable[_Union[_cities_knights_pb2.Good, str]]] = ...) -> None: ...

class SpecialistChanged(_message.Message):
    __slots__ = ("resource", "holder")
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    resource: _catan_pb2.Resource
    holder: int
    def __init__(self, resource: _Optional[_Union[_catan_pb2.Resource, str]] = ..., holder: _Optional[int] = ...) -> None: ...

class SpecialistsPaid(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: _catan_pb2.Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class IslandConquered(_message.Message):
    __slots__ = ("seat", "vertex", "island")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    ISLAND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    island: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., island: _Optional[int] = ...) -> None: ...

class StationExchangesDue(_message.Message):
    __slots__ = ("posts",)
    POSTS_FIELD_NUMBER: _ClassVar[int]
    posts: _containers.RepeatedCompositeFieldContainer[Post]
    def __init__(self, posts: _Optional[_Iterable[_Union[Post, _Mapping]]] = ...) -> None: ...

class StationExchanged(_message.Message):
    __slots__ = ("seat", "vertex", "gave", "took")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    GAVE_FIELD_NUMBER: _ClassVar[int]
    TOOK_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    gave: _cities_knights_pb2.Hand
    took: _catan_pb2.Resources
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ..., gave: _Optional[_Union[_cities_knights_pb2.Hand, _Mapping]] = ..., took: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class StationWarned(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class StationExcused(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class SacrificialSiteBuilt(_message.Message):
    __slots__ = ("seat", "vertex")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vertex: int
    def __init__(self, seat: _Optional[int] = ..., vertex: _Optional[int] = ...) -> None: ...

class TributesDue(_message.Message):
    __slots__ = ("dues",)
    DUES_FIELD_NUMBER: _ClassVar[int]
    dues: _containers.RepeatedCompositeFieldContainer[TempleDue]
    def __init__(self, dues: _Optional[_Iterable[_Union[TempleDue, _Mapping]]] = ...) -> None: ...

class TemplePaid(_message.Message):
    __slots__ = ("to", "resources")
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    to: int
    resources: _catan_pb2.Resources
    def __init__(self, to: _Optional[int] = ..., resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ..., **kwargs) -> None: ...

class TributeDefaulted(_message.Message):
    __slots__ = ("to",)
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ..., **kwargs) -> None: ...

class DebtCalled(_message.Message):
    __slots__ = ("to",)
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ..., **kwargs) -> None: ...

class GodsAppeased(_message.Message):
    __slots__ = ("seat", "resources")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    resources: _catan_pb2.Resources
    def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[_catan_pb2.Resources, _Mapping]] = ...) -> None: ...

class CastleCardReturned(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: _cities_knights_pb2.Good
    def __init__(self, card: _Optional[_Union[_cities_knights_pb2.Good, str]] = ...) -> None: ...

class CastleRaided(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class CastleDeposited(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: _cities_knights_pb2.Good
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cities_knights_pb2.Good, str]] = ...) -> None: ...

class CastleDefaulted(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CastleDebtCalled(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CastleLooted(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: _cities_knights_pb2.Good
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cities_knights_pb2.Good, str]] = ...) -> None: ...

class LandingPlace(_message.Message):
    __slots__ = ("vertex", "seat")
    VERTEX_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    vertex: int
    seat: int
    def __init__(self, vertex: _Optional[int] = ..., seat: _Optional[int] = ...) -> None: ...

class Sailor(_message.Message):
    __slots__ = ("seat", "ships_left", "landing_places_left", "development_card_count", "development_cards", "development_cards_new", "knights_played", "points")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SHIPS_LEFT_FIELD_NUMBER: _ClassVar[int]
    LANDING_PLACES_LEFT_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARDS_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARDS_NEW_FIELD_NUMBER: _ClassVar[int]
    KNIGHTS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    ships_left: int
    landing_places_left: int
    development_card_count: int
    development_cards: _catan_pb2.DevCards
    development_cards_new: _catan_pb2.DevCards
    knights_played: int
    points: int
    def __init__(self, seat: _Optional[int] = ..., ships_left: _Optional[int] = ..., landing_places_left: _Optional[int] = ..., development_card_count: _Optional[int] = ..., development_cards: _Optional[_Union[_catan_pb2.DevCards, _Mapping]] = ..., development_cards_new: _Optional[_Union[_catan_pb2.DevCards, _Mapping]] = ..., knights_played: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class State(_message.Message):
    __slots__ = ("layer", "board", "ships", "landing_places", "pirate", "sailors", "development_cards_left", "largest_army", "chip_bag", "gold_owed", "trade_phase_over", "development_card_played", "ship_moved", "ships_built_this_turn", "barbarian_track_length", "iceberg", "hurricane", "storm_cloud", "repairs", "tilted", "specialists", "conquests", "station_exchanges_due", "warned_posts", "temple_due", "temple_debts", "castle_pile", "castle_cards", "castle_deposits_due", "castle_debts", "wonders", "wonder_sites")
    LAYER_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    SHIPS_FIELD_NUMBER: _ClassVar[int]
    LANDING_PLACES_FIELD_NUMBER: _ClassVar[int]
    PIRATE_FIELD_NUMBER: _ClassVar[int]
    SAILORS_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    LARGEST_ARMY_FIELD_NUMBER: _ClassVar[int]
    CHIP_BAG_FIELD_NUMBER: _ClassVar[int]
    GOLD_OWED_FIELD_NUMBER: _ClassVar[int]
    TRADE_PHASE_OVER_FIELD_NUMBER: _ClassVar[int]
    DEVELOPMENT_CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    SHIP_MOVED_FIELD_NUMBER: _ClassVar[int]
    SHIPS_BUILT_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    BARBARIAN_TRACK_LENGTH_FIELD_NUMBER: _ClassVar[int]
    ICEBERG_FIELD_NUMBER: _ClassVar[int]
    HURRICANE_FIELD_NUMBER: _ClassVar[int]
    STORM_CLOUD_FIELD_NUMBER: _ClassVar[int]
    REPAIRS_FIELD_NUMBER: _ClassVar[int]
    TILTED_FIELD_NUMBER: _ClassVar[int]
    SPECIALISTS_FIELD_NUMBER: _ClassVar[int]
    CONQUESTS_FIELD_NUMBER: _ClassVar[int]
    STATION_EXCHANGES_DUE_FIELD_NUMBER: _ClassVar[int]
    WARNED_POSTS_FIELD_NUMBER: _ClassVar[int]
    TEMPLE_DUE_FIELD_NUMBER: _ClassVar[int]
    TEMPLE_DEBTS_FIELD_NUMBER: _ClassVar[int]
    CASTLE_PILE_FIELD_NUMBER: _ClassVar[int]
    CASTLE_CARDS_FIELD_NUMBER: _ClassVar[int]
    CASTLE_DEPOSITS_DUE_FIELD_NUMBER: _ClassVar[int]
    CASTLE_DEBTS_FIELD_NUMBER: _ClassVar[int]
    WONDERS_FIELD_NUMBER: _ClassVar[int]
    WONDER_SITES_FIELD_NUMBER: _ClassVar[int]
    layer: _cities_knights_pb2.State
    board: Board
    ships: _containers.RepeatedCompositeFieldContainer[_catan_pb2.Road]
    landing_places: _containers.RepeatedCompositeFieldContainer[LandingPlace]
    pirate: int
    sailors: _containers.RepeatedCompositeFieldContainer[Sailor]
    development_cards_left: int
    largest_army: int
    chip_bag: _containers.RepeatedCompositeFieldContainer[ChipCount]
    gold_owed: _containers.RepeatedCompositeFieldContainer[_catan_pb2.SeatCount]
    trade_phase_over: bool
    development_card_played: bool
    ship_moved: bool
    ships_built_this_turn: _containers.RepeatedScalarFieldContainer[int]
    barbarian_track_length: int
    iceberg: int
    hurricane: int
    storm_cloud: int
    repairs: _containers.RepeatedCompositeFieldContainer[Repair]
    tilted: _containers.RepeatedCompositeFieldContainer[Tilt]
    specialists: _containers.RepeatedCompositeFieldContainer[Specialist]
    conquests: _containers.RepeatedCompositeFieldContainer[Conquest]
    station_exchanges_due: _containers.RepeatedCompositeFieldContainer[Post]
    warned_posts: _containers.RepeatedCompositeFieldContainer[Post]
    temple_due: _containers.RepeatedCompositeFieldContainer[TempleDue]
    temple_debts: _containers.RepeatedCompositeFieldContainer[TempleDue]
    castle_pile: int
    castle_cards: _cities_knights_pb2.Hand
    castle_deposits_due: _containers.RepeatedScalarFieldContainer[int]
    castle_debts: _containers.RepeatedScalarFieldContainer[int]
    wonders: _containers.RepeatedCompositeFieldContainer[WonderBuild]
    wonder_sites: _containers.RepeatedCompositeFieldContainer[WonderSite]
    def __init__(self, layer: _Optional[_Union[_cities_knights_pb2.State, _Mapping]] = ..., board: _Optional[_Union[Board, _Mapping]] = ..., ships: _Optional[_Iterable[_Union[_catan_pb2.Road, _Mapping]]] = ..., landing_places: _Optional[_Iterable[_Union[LandingPlace, _Mapping]]] = ..., pirate: _Optional[int] = ..., sailors: _Optional[_Iterable[_Union[Sailor, _Mapping]]] = ..., development_cards_left: _Optional[int] = ..., largest_army: _Optional[int] = ..., chip_bag: _Optional[_Iterable[_Union[ChipCount, _Mapping]]] = ..., gold_owed: _Optional[_Iterable[_Union[_catan_pb2.SeatCount, _Mapping]]] = ..., trade_phase_over: _Optional[bool] = ..., development_card_played: _Optional[bool] = ..., ship_moved: _Optional[bool] = ..., ships_built_this_turn: _Optional[_Iterable[int]] = ..., barbarian_track_length: _Optional[int] = ..., iceberg: _Optional[int] = ..., hurricane: _Optional[int] = ..., storm_cloud: _Optional[int] = ..., repairs: _Optional[_Iterable[_Union[Repair, _Mapping]]] = ..., tilted: _Optional[_Iterable[_Union[Tilt, _Mapping]]] = ..., specialists: _Optional[_Iterable[_Union[Specialist, _Mapping]]] = ..., conquests: _Optional[_Iterable[_Union[Conquest, _Mapping]]] = ..., station_exchanges_due: _Optional[_Iterable[_Union[Post, _Mapping]]] = ..., warned_posts: _Optional[_Iterable[_Union[Post, _Mapping]]] = ..., temple_due: _Optional[_Iterable[_Union[TempleDue, _Mapping]]] = ..., temple_debts: _Optional[_Iterable[_Union[TempleDue, _Mapping]]] = ..., castle_pile: _Optional[int] = ..., castle_cards: _Optional[_Union[_cities_knights_pb2.Hand, _Mapping]] = ..., castle_deposits_due: _Optional[_Iterable[int]] = ..., castle_debts: _Optional[_Iterable[int]] = ..., wonders: _Optional[_Iterable[_Union[WonderBuild, _Mapping]]] = ..., wonder_sites: _Optional[_Iterable[_Union[WonderSite, _Mapping]]] = ...) -> None: ...

class WonderBuild(_message.Message):
    __slots__ = ("wonder", "seat", "level")
    WONDER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    wonder: Wonder
    seat: int
    level: int
    def __init__(self, wonder: _Optional[_Union[Wonder, str]] = ..., seat: _Optional[int] = ..., level: _Optional[int] = ...) -> None: ...

class WonderSite(_message.Message):
    __slots__ = ("wonder", "vertices")
    WONDER_FIELD_NUMBER: _ClassVar[int]
    VERTICES_FIELD_NUMBER: _ClassVar[int]
    wonder: Wonder
    vertices: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, wonder: _Optional[_Union[Wonder, str]] = ..., vertices: _Optional[_Iterable[int]] = ...) -> None: ...

from hexfold_client._gen.hexfold.v1.words import words_pb2 as _words_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BuildingKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BUILDING_KIND_UNSPECIFIED: _ClassVar[BuildingKind]
    BUILDING_KIND_SMALL_COTTAGE: _ClassVar[BuildingKind]
    BUILDING_KIND_LARGE_COTTAGE: _ClassVar[BuildingKind]
    BUILDING_KIND_MERCHANT_HOUSE: _ClassVar[BuildingKind]
    BUILDING_KIND_WORKSHOP: _ClassVar[BuildingKind]
    BUILDING_KIND_WELL: _ClassVar[BuildingKind]
    BUILDING_KIND_MARKET_STALL: _ClassVar[BuildingKind]
    BUILDING_KIND_SHOP: _ClassVar[BuildingKind]
    BUILDING_KIND_TAVERN: _ClassVar[BuildingKind]
    BUILDING_KIND_TRADE_HOUSE: _ClassVar[BuildingKind]

class InfluenceColor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INFLUENCE_COLOR_UNSPECIFIED: _ClassVar[InfluenceColor]
    INFLUENCE_COLOR_RED: _ClassVar[InfluenceColor]
    INFLUENCE_COLOR_GREEN: _ClassVar[InfluenceColor]
    INFLUENCE_COLOR_BLUE: _ClassVar[InfluenceColor]

class WallSide(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WALL_SIDE_UNSPECIFIED: _ClassVar[WallSide]
    WALL_SIDE_NORTH: _ClassVar[WallSide]
    WALL_SIDE_EAST: _ClassVar[WallSide]
    WALL_SIDE_SOUTH: _ClassVar[WallSide]

class PhaseKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_KIND_UNSPECIFIED: _ClassVar[PhaseKind]
    PHASE_KIND_ROLL: _ClassVar[PhaseKind]
    PHASE_KIND_CHOOSE_SHIP_ROW: _ClassVar[PhaseKind]
    PHASE_KIND_CHOOSE_PIRATE_ROW: _ClassVar[PhaseKind]
    PHASE_KIND_PIRATE_DISCARD: _ClassVar[PhaseKind]
    PHASE_KIND_PIRATE_TAKE: _ClassVar[PhaseKind]
    PHASE_KIND_BUILD: _ClassVar[PhaseKind]
    PHASE_KIND_CHOOSE_CHURCH_TILE: _ClassVar[PhaseKind]
    PHASE_KIND_PERMIT: _ClassVar[PhaseKind]
    PHASE_KIND_SPECIAL: _ClassVar[PhaseKind]
    PHASE_KIND_OVER: _ClassVar[PhaseKind]
BUILDING_KIND_UNSPECIFIED: BuildingKind
BUILDING_KIND_SMALL_COTTAGE: BuildingKind
BUILDING_KIND_LARGE_COTTAGE: BuildingKind
BUILDING_KIND_MERCHANT_HOUSE: BuildingKind
BUILDING_KIND_WORKSHOP: BuildingKind
BUILDING_KIND_WELL: BuildingKind
BUILDING_KIND_MARKET_STALL: BuildingKind
BUILDING_KIND_SHOP: BuildingKind
BUILDING_KIND_TAVERN: BuildingKind
BUILDING_KIND_TRADE_HOUSE: BuildingKind
INFLUENCE_COLOR_UNSPECIFIED: InfluenceColor
INFLUENCE_COLOR_RED: InfluenceColor
INFLUENCE_COLOR_GREEN: InfluenceColor
INFLUENCE_COLOR_BLUE: InfluenceColor
WALL_SIDE_UNSPECIFIED: WallSide
WALL_SIDE_NORTH: WallSide
WALL_SIDE_EAST: WallSide
WALL_SIDE_SOUTH: WallSide
PHASE_KIND_UNSPECIFIED: PhaseKind
PHASE_KIND_ROLL: PhaseKind
PHASE_KIND_CHOOSE_SHIP_ROW: PhaseKind
PHASE_KIND_CHOOSE_PIRATE_ROW: PhaseKind
PHASE_KIND_PIRATE_DISCARD: PhaseKind
PHASE_KIND_PIRATE_TAKE: PhaseKind
PHASE_KIND_BUILD: PhaseKind
PHASE_KIND_CHOOSE_CHURCH_TILE: PhaseKind
PHASE_KIND_PERMIT: PhaseKind
PHASE_KIND_SPECIAL: PhaseKind
PHASE_KIND_OVER: PhaseKind

class Cards(_message.Message):
    __slots__ = ("gold", "red", "green", "blue")
    GOLD_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    GREEN_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    gold: int
    red: int
    green: int
    blue: int
    def __init__(self, gold: _Optional[int] = ..., red: _Optional[int] = ..., green: _Optional[int] = ..., blue: _Optional[int] = ...) -> None: ...

class CardsSeen(_message.Message):
    __slots__ = ("gold", "influence", "detail")
    GOLD_FIELD_NUMBER: _ClassVar[int]
    INFLUENCE_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    gold: int
    influence: int
    detail: Cards
    def __init__(self, gold: _Optional[int] = ..., influence: _Optional[int] = ..., detail: _Optional[_Union[Cards, _Mapping]] = ...) -> None: ...

class Square(_message.Message):
    __slots__ = ("col", "row")
    COL_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    col: int
    row: int
    def __init__(self, col: _Optional[int] = ..., row: _Optional[int] = ...) -> None: ...

class WallSlot(_message.Message):
    __slots__ = ("side", "index")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    side: WallSide
    index: int
    def __init__(self, side: _Optional[_Union[WallSide, str]] = ..., index: _Optional[int] = ...) -> None: ...

class Command(_message.Message):
    __slots__ = ("roll", "move_ship", "move_pirate", "discard", "take_discards", "build", "build_wall", "build_church", "keep_church_tile", "place_cottage", "end_building", "place_permit", "take_two_gold", "move_permit", "upgrade_permit", "place_permit_anywhere", "buy_two_gold", "end_turn")
    ROLL_FIELD_NUMBER: _ClassVar[int]
    MOVE_SHIP_FIELD_NUMBER: _ClassVar[int]
    MOVE_PIRATE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    TAKE_DISCARDS_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    BUILD_WALL_FIELD_NUMBER: _ClassVar[int]
    BUILD_CHURCH_FIELD_NUMBER: _ClassVar[int]
    KEEP_CHURCH_TILE_FIELD_NUMBER: _ClassVar[int]
    PLACE_COTTAGE_FIELD_NUMBER: _ClassVar[int]
    END_BUILDING_FIELD_NUMBER: _ClassVar[int]
    PLACE_PERMIT_FIELD_NUMBER: _ClassVar[int]
    TAKE_TWO_GOLD_FIELD_NUMBER: _ClassVar[int]
    MOVE_PERMIT_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_PERMIT_FIELD_NUMBER: _ClassVar[int]
    PLACE_PERMIT_ANYWHERE_FIELD_NUMBER: _ClassVar[int]
    BUY_TWO_GOLD_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    roll: Roll
    move_ship: MoveShip
    move_pirate: MovePirate
    discard: Discard
    take_discards: TakeDiscards
    build: Build
    build_wall: BuildWall
    build_church: BuildChurch
    keep_church_tile: KeepChurchTile
    place_cottage: PlaceCottage
    end_building: EndBuilding
    place_permit: PlacePermit
    take_two_gold: TakeTwoGold
    move_permit: MovePermit
    upgrade_permit: UpgradePermit
    place_permit_anywhere: PlacePermitAnywhere
    buy_two_gold: BuyTwoGold
    end_turn: EndTurn
    def __init__(self, roll: _Optional[_Union[Roll, _Mapping]] = ..., move_ship: _Optional[_Union[MoveShip, _Mapping]] = ..., move_pirate: _Optional[_Union[MovePirate, _Mapping]] = ..., discard: _Optional[_Union[Discard, _Mapping]] = ..., take_discards: _Optional[_Union[TakeDiscards, _Mapping]] = ..., build: _Optional[_Union[Build, _Mapping]] = ..., build_wall: _Optional[_Union[BuildWall, _Mapping]] = ..., build_church: _Optional[_Union[BuildChurch, _Mapping]] = ..., keep_church_tile: _Optional[_Union[KeepChurchTile, _Mapping]] = ..., place_cottage: _Optional[_Union[PlaceCottage, _Mapping]] = ..., end_building: _Optional[_Union[EndBuilding, _Mapping]] = ..., place_permit: _Optional[_Union[PlacePermit, _Mapping]] = ..., take_two_gold: _Optional[_Union[TakeTwoGold, _Mapping]] = ..., move_permit: _Optional[_Union[MovePermit, _Mapping]] = ..., upgrade_permit: _Optional[_Union[UpgradePermit, _Mapping]] = ..., place_permit_anywhere: _Optional[_Union[PlacePermitAnywhere, _Mapping]] = ..., buy_two_gold: _Optional[_Union[BuyTwoGold, _Mapping]] = ..., end_turn: _Optional[_Union[EndTurn, _Mapping]] = ...) -> None: ...

class Roll(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MoveShip(_message.Message):
    __slots__ = ("row",)
    ROW_FIELD_NUMBER: _ClassVar[int]
    row: int
    def __init__(self, row: _Optional[int] = ...) -> None: ...

class MovePirate(_message.Message):
    __slots__ = ("row",)
    ROW_FIELD_NUMBER: _ClassVar[int]
    row: int
    def __init__(self, row: _Optional[int] = ...) -> None: ...

class Discard(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: Cards
    def __init__(self, cards: _Optional[_Union[Cards, _Mapping]] = ...) -> None: ...

class TakeDiscards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: Cards
    def __init__(self, cards: _Optional[_Union[Cards, _Mapping]] = ...) -> None: ...

class Build(_message.Message):
    __slots__ = ("building", "at", "overbuild_with")
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    OVERBUILD_WITH_FIELD_NUMBER: _ClassVar[int]
    building: BuildingKind
    at: Square
    overbuild_with: InfluenceColor
    def __init__(self, building: _Optional[_Union[BuildingKind, str]] = ..., at: _Optional[_Union[Square, _Mapping]] = ..., overbuild_with: _Optional[_Union[InfluenceColor, str]] = ...) -> None: ...

class BuildWall(_message.Message):
    __slots__ = ("slot",)
    SLOT_FIELD_NUMBER: _ClassVar[int]
    slot: WallSlot
    def __init__(self, slot: _Optional[_Union[WallSlot, _Mapping]] = ...) -> None: ...

class BuildChurch(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class KeepChurchTile(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: int
    def __init__(self, tile: _Optional[int] = ...) -> None: ...

class PlaceCottage(_message.Message):
    __slots__ = ("at",)
    AT_FIELD_NUMBER: _ClassVar[int]
    at: Square
    def __init__(self, at: _Optional[_Union[Square, _Mapping]] = ...) -> None: ...

class EndBuilding(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlacePermit(_message.Message):
    __slots__ = ("value", "at", "anywhere_with")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    ANYWHERE_WITH_FIELD_NUMBER: _ClassVar[int]
    value: int
    at: Square
    anywhere_with: InfluenceColor
    def __init__(self, value: _Optional[int] = ..., at: _Optional[_Union[Square, _Mapping]] = ..., anywhere_with: _Optional[_Union[InfluenceColor, str]] = ...) -> None: ...

class TakeTwoGold(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MovePermit(_message.Message):
    __slots__ = ("to", "pay")
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    to: Square
    pay: InfluenceColor
    def __init__(self, to: _Optional[_Union[Square, _Mapping]] = ..., pay: _Optional[_Union[InfluenceColor, str]] = ..., **kwargs) -> None: ...

class UpgradePermit(_message.Message):
    __slots__ = ("at", "value", "pay")
    AT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    at: Square
    value: int
    pay: InfluenceColor
    def __init__(self, at: _Optional[_Union[Square, _Mapping]] = ..., value: _Optional[int] = ..., pay: _Optional[_Union[InfluenceColor, str]] = ...) -> None: ...

class PlacePermitAnywhere(_message.Message):
    __slots__ = ("value", "at")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    value: int
    at: Square
    def __init__(self, value: _Optional[int] = ..., at: _Optional[_Union[Square, _Mapping]] = ...) -> None: ...

class BuyTwoGold(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Event(_message.Message):
    __slots__ = ("starting_influence_dealt", "dice_rolled", "ship_moved", "pirate_moved", "income_collected", "bank_shortage", "cards_discarded", "discards_taken", "permit_returned", "building_removed", "building_built", "wall_built", "cards_drawn", "church_tiles_drawn", "church_tile_returned", "church_tile_built", "cottage_placed", "cottage_retired", "trade_points_changed", "permit_placed", "permit_moved", "permit_upgraded", "gold_taken", "building_ended", "turn_ended", "game_won", "turn_limit_reached")
    STARTING_INFLUENCE_DEALT_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    SHIP_MOVED_FIELD_NUMBER: _ClassVar[int]
    PIRATE_MOVED_FIELD_NUMBER: _ClassVar[int]
    INCOME_COLLECTED_FIELD_NUMBER: _ClassVar[int]
    BANK_SHORTAGE_FIELD_NUMBER: _ClassVar[int]
    CARDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    PERMIT_RETURNED_FIELD_NUMBER: _ClassVar[int]
    BUILDING_REMOVED_FIELD_NUMBER: _ClassVar[int]
    BUILDING_BUILT_FIELD_NUMBER: _ClassVar[int]
    WALL_BUILT_FIELD_NUMBER: _ClassVar[int]
    CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    CHURCH_TILES_DRAWN_FIELD_NUMBER: _ClassVar[int]
    CHURCH_TILE_RETURNED_FIELD_NUMBER: _ClassVar[int]
    CHURCH_TILE_BUILT_FIELD_NUMBER: _ClassVar[int]
    COTTAGE_PLACED_FIELD_NUMBER: _ClassVar[int]
    COTTAGE_RETIRED_FIELD_NUMBER: _ClassVar[int]
    TRADE_POINTS_CHANGED_FIELD_NUMBER: _ClassVar[int]
    PERMIT_PLACED_FIELD_NUMBER: _ClassVar[int]
    PERMIT_MOVED_FIELD_NUMBER: _ClassVar[int]
    PERMIT_UPGRADED_FIELD_NUMBER: _ClassVar[int]
    GOLD_TAKEN_FIELD_NUMBER: _ClassVar[int]
    BUILDING_ENDED_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_WON_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_REACHED_FIELD_NUMBER: _ClassVar[int]
    starting_influence_dealt: StartingInfluenceDealt
    dice_rolled: DiceRolled
    ship_moved: ShipMoved
    pirate_moved: PirateMoved
    income_collected: IncomeCollected
    bank_shortage: BankShortage
    cards_discarded: CardsDiscarded
    discards_taken: DiscardsTaken
    permit_returned: PermitReturned
    building_removed: BuildingRemoved
    building_built: BuildingBuilt
    wall_built: WallBuilt
    cards_drawn: CardsDrawn
    church_tiles_drawn: ChurchTilesDrawn
    church_tile_returned: ChurchTileReturned
    church_tile_built: ChurchTileBuilt
    cottage_placed: CottagePlaced
    cottage_retired: CottageRetired
    trade_points_changed: TradePointsChanged
    permit_placed: PermitPlaced
    permit_moved: PermitMoved
    permit_upgraded: PermitUpgraded
    gold_taken: GoldTaken
    building_ended: BuildingEnded
    turn_ended: TurnEnded
    game_won: GameWon
    turn_limit_reached: TurnLimitReached
    def __init__(self, starting_influence_dealt: _Optional[_Union[StartingInfluenceDealt, _Mapping]] = ..., dice_rolled: _Optional[_Union[DiceRolled, _Mapping]] = ..., ship_moved: _Optional[_Union[ShipMoved, _Mapping]] = ..., pirate_moved: _Optional[_Union[PirateMoved, _Mapping]] = ..., income_collected: _Optional[_Union[IncomeCollected, _Mapping]] = ..., bank_shortage: _Optional[_Union[BankShortage, _Mapping]] = ..., cards_discarded: _Optional[_Union[CardsDiscarded, _Mapping]] = ..., discards_taken: _Optional[_Union[DiscardsTaken, _Mapping]] = ..., permit_returned: _Optional[_Union[PermitReturned, _Mapping]] = ..., building_removed: _Optional[_Union[BuildingRemoved, _Mapping]] = ..., building_built: _Optional[_Union[BuildingBuilt, _Mapping]] = ..., wall_built: _Optional[_Union[WallBuilt, _Mapping]] = ..., cards_drawn: _Optional[_Union[CardsDrawn, _Mapping]] = ..., church_tiles_drawn: _Optional[_Union[ChurchTilesDrawn, _Mapping]] = ..., church_tile_returned: _Optional[_Union[ChurchTileReturned, _Mapping]] = ..., church_tile_built: _Optional[_Union[ChurchTileBuilt, _Mapping]] = ..., cottage_placed: _Optional[_Union[CottagePlaced, _Mapping]] = ..., cottage_retired: _Optional[_Union[CottageRetired, _Mapping]] = ..., trade_points_changed: _Optional[_Union[TradePointsChanged, _Mapping]] = ..., permit_placed: _Optional[_Union[PermitPlaced, _Mapping]] = ..., permit_moved: _Optional[_Union[PermitMoved, _Mapping]] = ..., permit_upgraded: _Optional[_Union[PermitUpgraded, _Mapping]] = ..., gold_taken: _Optional[_Union[GoldTaken, _Mapping]] = ..., building_ended: _Optional[_Union[BuildingEnded, _Mapping]] = ..., turn_ended: _Optional[_Union[TurnEnded, _Mapping]] = ..., game_won: _Optional[_Union[GameWon, _Mapping]] = ..., turn_limit_reached: _Optional[_Union[TurnLimitReached, _Mapping]] = ...) -> None: ...

class DealtCard(_message.Message):
    __slots__ = ("color",)
    COLOR_FIELD_NUMBER: _ClassVar[int]
    color: InfluenceColor
    def __init__(self, color: _Optional[_Union[InfluenceColor, str]] = ...) -> None: ...

class StartingInfluenceDealt(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[DealtCard]
    def __init__(self, cards: _Optional[_Iterable[_Union[DealtCard, _Mapping]]] = ...) -> None: ...

class DiceRolled(_message.Message):
    __slots__ = ("seat", "first", "second")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    first: int
    second: int
    def __init__(self, seat: _Optional[int] = ..., first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class ShipMoved(_message.Message):
    __slots__ = ("row",)
    ROW_FIELD_NUMBER: _ClassVar[int]
    row: int
    def __init__(self, row: _Optional[int] = ...) -> None: ...

class PirateMoved(_message.Message):
    __slots__ = ("row",)
    ROW_FIELD_NUMBER: _ClassVar[int]
    row: int
    def __init__(self, row: _Optional[int] = ...) -> None: ...

class IncomeCollected(_message.Message):
    __slots__ = ("row", "cards")
    ROW_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    row: int
    cards: _containers.RepeatedCompositeFieldContainer[CardsSeen]
    def __init__(self, row: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[CardsSeen, _Mapping]]] = ...) -> None: ...

class BankShortage(_message.Message):
    __slots__ = ("gold", "returned")
    GOLD_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    gold: bool
    returned: _containers.RepeatedCompositeFieldContainer[CardsSeen]
    def __init__(self, gold: _Optional[bool] = ..., returned: _Optional[_Iterable[_Union[CardsSeen, _Mapping]]] = ...) -> None: ...

class CardsDiscarded(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: Cards
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Union[Cards, _Mapping]] = ...) -> None: ...

class DiscardsTaken(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: Cards
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Union[Cards, _Mapping]] = ...) -> None: ...

class PermitReturned(_message.Message):
    __slots__ = ("at", "seat", "value", "compensation")
    AT_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    COMPENSATION_FIELD_NUMBER: _ClassVar[int]
    at: Square
    seat: int
    value: int
    compensation: int
    def __init__(self, at: _Optional[_Union[Square, _Mapping]] = ..., seat: _Optional[int] = ..., value: _Optional[int] = ..., compensation: _Optional[int] = ...) -> None: ...

class BuildingRemoved(_message.Message):
    __slots__ = ("piece", "kind", "owner")
    PIECE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    piece: int
    kind: BuildingKind
    owner: int
    def __init__(self, piece: _Optional[int] = ..., kind: _Optional[_Union[BuildingKind, str]] = ..., owner: _Optional[int] = ...) -> None: ...

class BuildingBuilt(_message.Message):
    __slots__ = ("seat", "piece", "at", "paid", "cubes", "kind", "owner")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PIECE_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    CUBES_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    piece: int
    at: Square
    paid: Cards
    cubes: int
    kind: BuildingKind
    owner: int
    def __init__(self, seat: _Optional[int] = ..., piece: _Optional[int] = ..., at: _Optional[_Union[Square, _Mapping]] = ..., paid: _Optional[_Union[Cards, _Mapping]] = ..., cubes: _Optional[int] = ..., kind: _Optional[_Union[BuildingKind, str]] = ..., owner: _Optional[int] = ...) -> None: ...

class WallBuilt(_message.Message):
    __slots__ = ("seat", "slot", "number", "paid", "tower_cube")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    TOWER_CUBE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    slot: WallSlot
    number: int
    paid: Cards
    tower_cube: bool
    def __init__(self, seat: _Optional[int] = ..., slot: _Optional[_Union[WallSlot, _Mapping]] = ..., number: _Optional[int] = ..., paid: _Optional[_Union[Cards, _Mapping]] = ..., tower_cube: _Optional[bool] = ...) -> None: ...

class CardsDrawn(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: CardsSeen
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Union[CardsSeen, _Mapping]] = ...) -> None: ...

class TilePair(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: int
    second: int
    def __init__(self, first: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class ChurchTilesDrawn(_message.Message):
    __slots__ = ("seat", "tiles")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    tiles: TilePair
    def __init__(self, seat: _Optional[int] = ..., tiles: _Optional[_Union[TilePair, _Mapping]] = ...) -> None: ...

class ChurchTileReturned(_message.Message):
    __slots__ = ("seat", "kept", "returned")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KEPT_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kept: int
    returned: int
    def __init__(self, seat: _Optional[int] = ..., kept: _Optional[int] = ..., returned: _Optional[int] = ...) -> None: ...

class ChurchTileBuilt(_message.Message):
    __slots__ = ("seat", "tile", "at", "paid", "cubes")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    CUBES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    tile: int
    at: Square
    paid: Cards
    cubes: int
    def __init__(self, seat: _Optional[int] = ..., tile: _Optional[int] = ..., at: _Optional[_Union[Square, _Mapping]] = ..., paid: _Optional[_Union[Cards, _Mapping]] = ..., cubes: _Optional[int] = ...) -> None: ...

class CottagePlaced(_message.Message):
    __slots__ = ("seat", "piece", "at", "kind", "owner")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PIECE_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    piece: int
    at: Square
    kind: BuildingKind
    owner: int
    def __init__(self, seat: _Optional[int] = ..., piece: _Optional[int] = ..., at: _Optional[_Union[Square, _Mapping]] = ..., kind: _Optional[_Union[BuildingKind, str]] = ..., owner: _Optional[int] = ...) -> None: ...

class CottageRetired(_message.Message):
    __slots__ = ("seat", "piece", "kind", "owner")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PIECE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    piece: int
    kind: BuildingKind
    owner: int
    def __init__(self, seat: _Optional[int] = ..., piece: _Optional[int] = ..., kind: _Optional[_Union[BuildingKind, str]] = ..., owner: _Optional[int] = ...) -> None: ...

class TradePointsChanged(_message.Message):
    __slots__ = ("seat", "points", "track_cubes")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    TRACK_CUBES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    points: int
    track_cubes: int
    def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ..., track_cubes: _Optional[int] = ...) -> None: ...

class PermitPlaced(_message.Message):
    __slots__ = ("seat", "value", "at", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    value: int
    at: Square
    paid: Cards
    def __init__(self, seat: _Optional[int] = ..., value: _Optional[int] = ..., at: _Optional[_Union[Square, _Mapping]] = ..., paid: _Optional[_Union[Cards, _Mapping]] = ...) -> None: ...

class PermitMoved(_message.Message):
    __slots__ = ("seat", "to", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: Square
    paid: Cards
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[_Union[Square, _Mapping]] = ..., paid: _Optional[_Union[Cards, _Mapping]] = ..., **kwargs) -> None: ...

class PermitUpgraded(_message.Message):
    __slots__ = ("seat", "at", "to", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    at: Square
    to: int
    paid: Cards
    def __init__(self, seat: _Optional[int] = ..., at: _Optional[_Union[Square, _Mapping]] = ..., to: _Optional[int] = ..., paid: _Optional[_Union[Cards, _Mapping]] = ..., **kwargs) -> None: ...

class GoldTaken(_message.Message):
    __slots__ = ("seat", "gold", "paid")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    gold: int
    paid: Cards
    def __init__(self, seat: _Optional[int] = ..., gold: _Optional[int] = ..., paid: _Optional[_Union[Cards, _Mapping]] = ...) -> None: ...

class BuildingEnded(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TurnEnded(_message.Message):
    __slots__ = ("next",)
    NEXT_FIELD_NUMBER: _ClassVar[int]
    next: int
    def __init__(self, next: _Optional[int] = ...) -> None: ...

class GameWon(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class TurnLimitReached(_message.Message):
    __slots__ = ("winner",)
    WINNER_FIELD_NUMBER: _ClassVar[int]
    winner: int
    def __init__(self, winner: _Optional[int] = ...) -> None: ...

class Phase(_message.Message):
    __slots__ = ("kind", "ship_row_options", "owed", "count", "done", "tiles", "winner")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SHIP_ROW_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    OWED_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    kind: PhaseKind
    ship_row_options: _containers.RepeatedScalarFieldContainer[int]
    owed: _containers.RepeatedScalarFieldContainer[int]
    count: int
    done: int
    tiles: TilePair
    winner: int
    def __init__(self, kind: _Optional[_Union[PhaseKind, str]] = ..., ship_row_options: _Optional[_Iterable[int]] = ..., owed: _Optional[_Iterable[int]] = ..., count: _Optional[int] = ..., done: _Optional[int] = ..., tiles: _Optional[_Union[TilePair, _Mapping]] = ..., winner: _Optional[int] = ...) -> None: ...

class CellPermit(_message.Message):
    __slots__ = ("seat", "value")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    value: int
    def __init__(self, seat: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...

class CellBuilding(_message.Message):
    __slots__ = ("piece",)
    PIECE_FIELD_NUMBER: _ClassVar[int]
    piece: int
    def __init__(self, piece: _Optional[int] = ...) -> None: ...

class CellChurch(_message.Message):
    __slots__ = ("tile", "seat", "cubes")
    TILE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CUBES_FIELD_NUMBER: _ClassVar[int]
    tile: int
    seat: int
    cubes: int
    def __init__(self, tile: _Optional[int] = ..., seat: _Optional[int] = ..., cubes: _Optional[int] = ...) -> None: ...

class Cell(_message.Message):
    __slots__ = ("permit", "building", "church")
    PERMIT_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    CHURCH_FIELD_NUMBER: _ClassVar[int]
    permit: CellPermit
    building: CellBuilding
    church: CellChurch
    def __init__(self, permit: _Optional[_Union[CellPermit, _Mapping]] = ..., building: _Optional[_Union[CellBuilding, _Mapping]] = ..., church: _Optional[_Union[CellChurch, _Mapping]] = ...) -> None: ...

class WallPiece(_message.Message):
    __slots__ = ("seat", "number", "tower_cube")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    TOWER_CUBE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    number: int
    tower_cube: bool
    def __init__(self, seat: _Optional[int] = ..., number: _Optional[int] = ..., tower_cube: _Optional[bool] = ...) -> None: ...

class WallPlace(_message.Message):
    __slots__ = ("piece",)
    PIECE_FIELD_NUMBER: _ClassVar[int]
    piece: WallPiece
    def __init__(self, piece: _Optional[_Union[WallPiece, _Mapping]] = ...) -> None: ...

class PieceInSupply(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PieceOnBoard(_message.Message):
    __slots__ = ("at", "owner", "cubes")
    AT_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    CUBES_FIELD_NUMBER: _ClassVar[int]
    at: Square
    owner: int
    cubes: int
    def __init__(self, at: _Optional[_Union[Square, _Mapping]] = ..., owner: _Optional[int] = ..., cubes: _Optional[int] = ...) -> None: ...

class PieceRetired(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Piece(_message.Message):
    __slots__ = ("kind", "colour", "supply", "board", "retired")
    KIND_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    RETIRED_FIELD_NUMBER: _ClassVar[int]
    kind: BuildingKind
    colour: int
    supply: PieceInSupply
    board: PieceOnBoard
    retired: PieceRetired
    def __init__(self, kind: _Optional[_Union[BuildingKind, str]] = ..., colour: _Optional[int] = ..., supply: _Optional[_Union[PieceInSupply, _Mapping]] = ..., board: _Optional[_Union[PieceOnBoard, _Mapping]] = ..., retired: _Optional[_Union[PieceRetired, _Mapping]] = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ("seat", "hand", "permits", "walls_built", "trade_points", "track_cubes", "cubes_on_board")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PERMITS_FIELD_NUMBER: _ClassVar[int]
    WALLS_BUILT_FIELD_NUMBER: _ClassVar[int]
    TRADE_POINTS_FIELD_NUMBER: _ClassVar[int]
    TRACK_CUBES_FIELD_NUMBER: _ClassVar[int]
    CUBES_ON_BOARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand: CardsSeen
    permits: _containers.RepeatedScalarFieldContainer[int]
    walls_built: int
    trade_points: int
    track_cubes: int
    cubes_on_board: int
    def __init__(self, seat: _Optional[int] = ..., hand: _Optional[_Union[CardsSeen, _Mapping]] = ..., permits: _Optional[_Iterable[int]] = ..., walls_built: _Optional[int] = ..., trade_points: _Optional[int] = ..., track_cubes: _Optional[int] = ..., cubes_on_board: _Optional[int] = ...) -> None: ...

class QueuedCottage(_message.Message):
    __slots__ = ("seat", "piece")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PIECE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    piece: int
    def __init__(self, seat: _Optional[int] = ..., piece: _Optional[int] = ...) -> None: ...

class State(_message.Message):
    __slots__ = ("players", "columns", "current", "phase", "ship_row", "pirate", "cells", "walls", "pieces", "seats", "bank_gold", "influence_deck", "discards", "church_tiles_left", "church_bottom", "church_first_builder", "cottage_queue", "turn")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    SHIP_ROW_FIELD_NUMBER: _ClassVar[int]
    PIRATE_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    PIECES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    BANK_GOLD_FIELD_NUMBER: _ClassVar[int]
    INFLUENCE_DECK_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    CHURCH_TILES_LEFT_FIELD_NUMBER: _ClassVar[int]
    CHURCH_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    CHURCH_FIRST_BUILDER_FIELD_NUMBER: _ClassVar[int]
    COTTAGE_QUEUE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    players: int
    columns: int
    current: int
    phase: Phase
    ship_row: int
    pirate: bool
    cells: _containers.RepeatedCompositeFieldContainer[Cell]
    walls: _containers.RepeatedCompositeFieldContainer[WallPlace]
    pieces: _containers.RepeatedCompositeFieldContainer[Piece]
    seats: _containers.RepeatedCompositeFieldContainer[SeatView]
    bank_gold: int
    influence_deck: int
    discards: Cards
    church_tiles_left: int
    church_bottom: int
    church_first_builder: int
    cottage_queue: _containers.RepeatedCompositeFieldContainer[QueuedCottage]
    turn: int
    def __init__(self, players: _Optional[int] = ..., columns: _Optional[int] = ..., current: _Optional[int] = ..., phase: _Optional[_Union[Phase, _Mapping]] = ..., ship_row: _Optional[int] = ..., pirate: _Optional[bool] = ..., cells: _Optional[_Iterable[_Union[Cell, _Mapping]]] = ..., walls: _Optional[_Iterable[_Union[WallPlace, _Mapping]]] = ..., pieces: _Optional[_Iterable[_Union[Piece, _Mapping]]] = ..., seats: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ..., bank_gold: _Optional[int] = ..., influence_deck: _Optional[int] = ..., discards: _Optional[_Union[Cards, _Mapping]] = ..., church_tiles_left: _Optional[int] = ..., church_bottom: _Optional[int] = ..., church_first_builder: _Optional[int] = ..., cottage_queue: _Optional[_Iterable[_Union[QueuedCottage, _Mapping]]] = ..., turn: _Optional[int] = ...) -> None: ...

from hexfold_client._gen.hexfold.v1.catan import catan_pb2 as _catan_pb2
from hexfold_client._gen.hexfold.v1.catania import catania_pb2 as _catania_pb2
from hexfold_client._gen.hexfold.v1.cities_knights import cities_knights_pb2 as _cities_knights_pb2
from hexfold_client._gen.hexfold.v1.elasund import elasund_pb2 as _elasund_pb2
from hexfold_client._gen.hexfold.v1.words import words_pb2 as _words_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Variant(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VARIANT_UNSPECIFIED: _ClassVar[Variant]
    VARIANT_CATAN: _ClassVar[Variant]
    VARIANT_CITIES_AND_KNIGHTS: _ClassVar[Variant]
    VARIANT_CATANIA: _ClassVar[Variant]
    VARIANT_ELASUND: _ClassVar[Variant]

class MapKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MAP_KIND_UNSPECIFIED: _ClassVar[MapKind]
    MAP_KIND_BEGINNER: _ClassVar[MapKind]
    MAP_KIND_RANDOM: _ClassVar[MapKind]

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_IN_PROGRESS: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]

class BotStrategy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOT_STRATEGY_UNSPECIFIED: _ClassVar[BotStrategy]
    BOT_STRATEGY_RANDOM: _ClassVar[BotStrategy]
    BOT_STRATEGY_GREEDY: _ClassVar[BotStrategy]
    BOT_STRATEGY_EXPERT: _ClassVar[BotStrategy]
VARIANT_UNSPECIFIED: Variant
VARIANT_CATAN: Variant
VARIANT_CITIES_AND_KNIGHTS: Variant
VARIANT_CATANIA: Variant
VARIANT_ELASUND: Variant
MAP_KIND_UNSPECIFIED: MapKind
MAP_KIND_BEGINNER: MapKind
MAP_KIND_RANDOM: MapKind
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_IN_PROGRESS: GameStatus
GAME_STATUS_FINISHED: GameStatus
BOT_STRATEGY_UNSPECIFIED: BotStrategy
BOT_STRATEGY_RANDOM: BotStrategy
BOT_STRATEGY_GREEDY: BotStrategy
BOT_STRATEGY_EXPERT: BotStrategy

class GameOptions(_message.Message):
    __slots__ = ("map", "victory_points", "negotiated_defence", "turn_seconds", "reserve_seconds")
    MAP_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINTS_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATED_DEFENCE_FIELD_NUMBER: _ClassVar[int]
    TURN_SECONDS_FIELD_NUMBER: _ClassVar[int]
    RESERVE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    map: MapKind
    victory_points: int
    negotiated_defence: bool
    turn_seconds: int
    reserve_seconds: int
    def __init__(self, map: _Optional[_Union[MapKind, str]] = ..., victory_points: _Optional[int] = ..., negotiated_defence: _Optional[bool] = ..., turn_seconds: _Optional[int] = ..., reserve_seconds: _Optional[int] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("variant", "seats", "options", "bots")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    variant: Variant
    seats: _containers.RepeatedScalarFieldContainer[str]
    options: GameOptions
    bots: _containers.RepeatedCompositeFieldContainer[BotSeat]
    def __init__(self, variant: _Optional[_Union[Variant, str]] = ..., seats: _Optional[_Iterable[str]] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., bots: _Optional[_Iterable[_Union[BotSeat, _Mapping]]] = ...) -> None: ...

class BotSeat(_message.Message):
    __slots__ = ("seat", "strategy")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STRATEGY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    strategy: BotStrategy
    def __init__(self, seat: _Optional[int] = ..., strategy: _Optional[_Union[BotStrategy, str]] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "name", "token", "bot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    token: str
    bot: bool
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ..., token: _Optional[str] = ..., bot: _Optional[bool] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "seats", "seed_commitment")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatToken]
    seed_commitment: str
    def __init__(self, game_id: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., seed_commitment: _Optional[str] = ...) -> None: ...

class Command(_message.Message):
    __slots__ = ("catan", "cities_knights", "catania", "elasund")
    CATAN_FIELD_NUMBER: _ClassVar[int]
    CITIES_KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    CATANIA_FIELD_NUMBER: _ClassVar[int]
    ELASUND_FIELD_NUMBER: _ClassVar[int]
    catan: _catan_pb2.Command
    cities_knights: _cities_knights_pb2.Command
    catania: _catania_pb2.Command
    elasund: _elasund_pb2.Command
    def __init__(self, catan: _Optional[_Union[_catan_pb2.Command, _Mapping]] = ..., cities_knights: _Optional[_Union[_cities_knights_pb2.Command, _Mapping]] = ..., catania: _Optional[_Union[_catania_pb2.Command, _Mapping]] = ..., elasund: _Optional[_Union[_elasund_pb2.Command, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("catan", "cities_knights", "catania", "elasund", "seed_revealed", "timed_out")
    CATAN_FIELD_NUMBER: _ClassVar[int]
    CITIES_KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    CATANIA_FIELD_NUMBER: _ClassVar[int]
    ELASUND_FIELD_NUMBER: _ClassVar[int]
    SEED_REVEALED_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    catan: _catan_pb2.Event
    cities_knights: _cities_knights_pb2.Event
    catania: _catania_pb2.Event
    elasund: _elasund_pb2.Event
    seed_revealed: SeedRevealed
    timed_out: TimedOut
    def __init__(self, catan: _Optional[_Union[_catan_pb2.Event, _Mapping]] = ..., cities_knights: _Optional[_Union[_cities_knights_pb2.Event, _Mapping]] = ..., catania: _Optional[_Union[_catania_pb2.Event, _Mapping]] = ..., elasund: _Optional[_Union[_elasund_pb2.Event, _Mapping]] = ..., seed_revealed: _Optional[_Union[SeedRevealed, _Mapping]] = ..., timed_out: _Optional[_Union[TimedOut, _Mapping]] = ...) -> None: ...

class TimedOut(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class SeatDeadline(_message.Message):
    __slots__ = ("seat", "deadline_unix_ms", "reserve_ms")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    RESERVE_MS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    deadline_unix_ms: int
    reserve_ms: int
    def __init__(self, seat: _Optional[int] = ..., deadline_unix_ms: _Optional[int] = ..., reserve_ms: _Optional[int] = ...) -> None: ...

class SeedRevealed(_message.Message):
    __slots__ = ("seed",)
    SEED_FIELD_NUMBER: _ClassVar[int]
    seed: str
    def __init__(self, seed: _Optional[str] = ...) -> None: ...

class EventEnvelope(_message.Message):
    __slots__ = ("game_id", "version", "global_position", "event")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GLOBAL_POSITION_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    global_position: int
    event: Event
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., global_position: _Optional[int] = ..., event: _Optional[_Union[Event, _Mapping]] = ...) -> None: ...

class SubmitCommandRequest(_message.Message):
    __slots__ = ("game_id", "command_id", "expected_version", "command", "with_legal_actions")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    WITH_LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    command_id: str
    expected_version: int
    command: Command
    with_legal_actions: bool
    def __init__(self, game_id: _Optional[str] = ..., command_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., with_legal_actions: _Optional[bool] = ...) -> None: ...

class SubmitCommandResponse(_message.Message):
    __slots__ = ("version", "events", "duplicate", "legal_actions")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[EventEnvelope]
    duplicate: bool
    legal_actions: LegalActionsResponse
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[EventEnvelope, _Mapping]]] = ..., duplicate: _Optional[bool] = ..., legal_actions: _Optional[_Union[LegalActionsResponse, _Mapping]] = ...) -> None: ...

class GetStateRequest(_message.Message):
    __slots__ = ("game_id", "at_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at_version: int
    def __init__(self, game_id: _Optional[str] = ..., at_version: _Optional[int] = ...) -> None: ...

class AnalyzeRequest(_message.Message):
    __slots__ = ("game_id", "at_version", "sims")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SIMS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at_version: int
    sims: int
    def __init__(self, game_id: _Optional[str] = ..., at_version: _Optional[int] = ..., sims: _Optional[int] = ...) -> None: ...

class AnalyzeResponse(_message.Message):
    __slots__ = ("version", "win_chances", "sims", "full_information")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    WIN_CHANCES_FIELD_NUMBER: _ClassVar[int]
    SIMS_FIELD_NUMBER: _ClassVar[int]
    FULL_INFORMATION_FIELD_NUMBER: _ClassVar[int]
    version: int
    win_chances: _containers.RepeatedScalarFieldContainer[float]
    sims: int
    full_information: bool
    def __init__(self, version: _Optional[int] = ..., win_chances: _Optional[_Iterable[float]] = ..., sims: _Optional[int] = ..., full_information: _Optional[bool] = ...) -> None: ...

class GameState(_message.Message):
    __slots__ = ("catan", "cities_knights", "catania", "elasund")
    CATAN_FIELD_NUMBER: _ClassVar[int]
    CITIES_KNIGHTS_FIELD_NUMBER: _ClassVar[int]
    CATANIA_FIELD_NUMBER: _ClassVar[int]
    ELASUND_FIELD_NUMBER: _ClassVar[int]
    catan: _catan_pb2.State
    cities_knights: _cities_knights_pb2.State
    catania: _catania_pb2.State
    elasund: _elasund_pb2.State
    def __init__(self, catan: _Optional[_Union[_catan_pb2.State, _Mapping]] = ..., cities_knights: _Optional[_Union[_cities_knights_pb2.State, _Mapping]] = ..., catania: _Optional[_Union[_catania_pb2.State, _Mapping]] = ..., elasund: _Optional[_Union[_elasund_pb2.State, _Mapping]] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "variant", "seats", "status", "version", "winner")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    variant: Variant
    seats: _containers.RepeatedScalarFieldContainer[str]
    status: GameStatus
    version: int
    winner: int
    def __init__(self, game_id: _Optional[str] = ..., variant: _Optional[_Union[Variant, str]] = ..., seats: _Optional[_Iterable[str]] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., winner: _Optional[int] = ...) -> None: ...

class GetStateResponse(_message.Message):
    __slots__ = ("version", "summary", "state", "viewer_seat", "waiting_for", "deadlines")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWER_SEAT_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FIELD_NUMBER: _ClassVar[int]
    DEADLINES_FIELD_NUMBER: _ClassVar[int]
    version: int
    summary: GameSummary
    state: GameState
    viewer_seat: int
    waiting_for: _containers.RepeatedScalarFieldContainer[int]
    deadlines: _containers.RepeatedCompositeFieldContainer[SeatDeadline]
    def __init__(self, version: _Optional[int] = ..., summary: _Optional[_Union[GameSummary, _Mapping]] = ..., state: _Optional[_Union[GameState, _Mapping]] = ..., viewer_seat: _Optional[int] = ..., waiting_for: _Optional[_Iterable[int]] = ..., deadlines: _Optional[_Iterable[_Union[SeatDeadline, _Mapping]]] = ...) -> None: ...

class ReadEventsRequest(_message.Message):
    __slots__ = ("game_id", "from_version", "to_version", "backwards", "limit")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    BACKWARDS_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    to_version: int
    backwards: bool
    limit: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., to_version: _Optional[int] = ..., backwards: _Optional[bool] = ..., limit: _Optional[int] = ...) -> None: ...

class SubscribeRequest(_message.Message):
    __slots__ = ("game_id", "after_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_version: int
    def __init__(self, game_id: _Optional[str] = ..., after_version: _Optional[int] = ...) -> None: ...

class CaughtUp(_message.Message):
    __slots__ = ("version",)
    VERSION_FIELD_NUMBER: _ClassVar[int]
    version: int
    def __init__(self, version: _Optional[int] = ...) -> None: ...

class SubscribeResponse(_message.Message):
    __slots__ = ("event", "caught_up")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    CAUGHT_UP_FIELD_NUMBER: _ClassVar[int]
    event: EventEnvelope
    caught_up: CaughtUp
    def __init__(self, event: _Optional[_Union[EventEnvelope, _Mapping]] = ..., caught_up: _Optional[_Union[CaughtUp, _Mapping]] = ...) -> None: ...

class LegalActionsRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class LegalActionsResponse(_message.Message):
    __slots__ = ("version", "seat", "commands", "deadline")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMANDS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    commands: _containers.RepeatedCompositeFieldContainer[Command]
    deadline: SeatDeadline
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., commands: _Optional[_Iterable[_Union[Command, _Mapping]]] = ..., deadline: _Optional[_Union[SeatDeadline, _Mapping]] = ...) -> None: ...

class PlayRequest(_message.Message):
    __slots__ = ("open", "submit")
    OPEN_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_FIELD_NUMBER: _ClassVar[int]
    open: PlayOpen
    submit: SubmitCommandRequest
    def __init__(self, open: _Optional[_Union[PlayOpen, _Mapping]] = ..., submit: _Optional[_Union[SubmitCommandRequest, _Mapping]] = ...) -> None: ...

class PlayOpen(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class PlayUpdate(_message.Message):
    __slots__ = ("your_turn", "result", "ended")
    YOUR_TURN_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    your_turn: LegalActionsResponse
    result: CommandResult
    ended: GameEnded
    def __init__(self, your_turn: _Optional[_Union[LegalActionsResponse, _Mapping]] = ..., result: _Optional[_Union[CommandResult, _Mapping]] = ..., ended: _Optional[_Union[GameEnded, _Mapping]] = ...) -> None: ...

class CommandResult(_message.Message):
    __slots__ = ("command_id", "accepted", "refused")
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    command_id: str
    accepted: SubmitCommandResponse
    refused: CommandRefused
    def __init__(self, command_id: _Optional[str] = ..., accepted: _Optional[_Union[SubmitCommandResponse, _Mapping]] = ..., refused: _Optional[_Union[CommandRefused, _Mapping]] = ...) -> None: ...

class CommandRefused(_message.Message):
    __slots__ = ("code", "message", "reason", "metadata")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    code: int
    message: str
    reason: str
    metadata: _containers.ScalarMap[str, str]
    def __init__(self, code: _Optional[int] = ..., message: _Optional[str] = ..., reason: _Optional[str] = ..., metadata: _Optional[_Mapping[str, str]] = ...) -> None: ...

class GameEnded(_message.Message):
    __slots__ = ("version", "winner")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    version: int
    winner: int
    def __init__(self, version: _Optional[int] = ..., winner: _Optional[int] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class SubscribeAllRequest(_message.Message):
    __slots__ = ("after_position",)
    AFTER_POSITION_FIELD_NUMBER: _ClassVar[int]
    after_position: int
    def __init__(self, after_position: _Optional[int] = ...) -> None: ...

class SubscribeAllResponse(_message.Message):
    __slots__ = ("event", "caught_up")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    CAUGHT_UP_FIELD_NUMBER: _ClassVar[int]
    event: EventEnvelope
    caught_up: CaughtUp
    def __init__(self, event: _Optional[_Union[EventEnvelope, _Mapping]] = ..., caught_up: _Optional[_Union[CaughtUp, _Mapping]] = ...) -> None: ...

class GetReplayRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RecordedCommand(_message.Message):
    __slots__ = ("command_id", "seat", "command", "first_version", "last_version", "timed_out")
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    FIRST_VERSION_FIELD_NUMBER: _ClassVar[int]
    LAST_VERSION_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    command_id: str
    seat: int
    command: Command
    first_version: int
    last_version: int
    timed_out: bool
    def __init__(self, command_id: _Optional[str] = ..., seat: _Optional[int] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., first_version: _Optional[int] = ..., last_version: _Optional[int] = ..., timed_out: _Optional[bool] = ...) -> None: ...

class GetReplayResponse(_message.Message):
    __slots__ = ("variant", "seats", "options", "seed_commitment", "seed", "commands")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    COMMANDS_FIELD_NUMBER: _ClassVar[int]
    variant: Variant
    seats: _containers.RepeatedScalarFieldContainer[str]
    options: GameOptions
    seed_commitment: str
    seed: str
    commands: _containers.RepeatedCompositeFieldContainer[RecordedCommand]
    def __init__(self, variant: _Optional[_Union[Variant, str]] = ..., seats: _Optional[_Iterable[str]] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., seed_commitment: _Optional[str] = ..., seed: _Optional[str] = ..., commands: _Optional[_Iterable[_Union[RecordedCommand, _Mapping]]] = ...) -> None: ...

class ExportGamesRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ExportGamesResponse(_message.Message):
    __slots__ = ("as_of_position", "lines")
    AS_OF_POSITION_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    as_of_position: int
    lines: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, as_of_position: _Optional[int] = ..., lines: _Optional[_Iterable[str]] = ...) -> None: ...

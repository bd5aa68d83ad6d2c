"""A client of the hexfold gRPC API: the generated protobuf and gRPC modules of proto/, and typed helpers for what
every client needs.

- `connect(server, token=None)`: a channel to `http://HOST:PORT`, `https://HOST:PORT` or `HOST:PORT`, with the
  token, if given, sent on every call as `authorization: Bearer` metadata (`bearer(token)` for one call).
- `Refusal`: a refused call's `google.rpc.ErrorInfo` as an exception (code, reason, rule id, message); `refusals()`
  turns the `grpc.RpcError`s that carry one into it.
- `PlayStream` and `play_seat`: one seat's `Play` stream, and a loop that plays the seat to the game's end.
- `subscribe`: a game's events from `Subscribe`, resumed after the last event received, with backoff, when the
  stream is cut.

The messages are `hexfold_pb2` (the service's envelope) and one module per game (`catan_pb2`,
`cities_knights_pb2`, `catania_pb2`, `elasund_pb2`); the service's client is `HexfoldStub`.
"""

from hexfold_client._gen.hexfold.v1 import hexfold_pb2, hexfold_pb2_grpc
from hexfold_client._gen.hexfold.v1.catan import catan_pb2
from hexfold_client._gen.hexfold.v1.catania import catania_pb2
from hexfold_client._gen.hexfold.v1.cities_knights import cities_knights_pb2
from hexfold_client._gen.hexfold.v1.elasund import elasund_pb2
from hexfold_client.connection import bearer, connect, parse_server, with_token
from hexfold_client.errors import Refusal, error_info, refusals
from hexfold_client.play import Played, PlayStream, play_seat
from hexfold_client.subscribe import Backoff, subscribe

HexfoldStub = hexfold_pb2_grpc.HexfoldStub

__all__ = [
    "Backoff", "HexfoldStub", "PlayStream", "Played", "Refusal", "bearer", "catan_pb2", "catania_pb2",
    "cities_knights_pb2", "connect", "elasund_pb2", "error_info", "hexfold_pb2", "hexfold_pb2_grpc",
    "parse_server", "play_seat", "refusals", "subscribe", "with_token",
]

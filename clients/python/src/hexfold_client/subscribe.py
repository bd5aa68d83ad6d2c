"""A game's events from `Subscribe`, resumed after the last event received when the stream is cut."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import grpc

from hexfold_client._gen.hexfold.v1 import hexfold_pb2 as pb
from hexfold_client.connection import bearer

# What a retry can mend: the server unreachable or shutting down (UNAVAILABLE), and a subscriber the server ended
# for falling more than its buffer behind (RESOURCE_EXHAUSTED), which resumes from where it got to. Anything else
# (an unknown game, a bad token, a deadline) is the caller's to see.
RETRYABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED})


@dataclass(frozen=True)
class Backoff:
    """Waits between attempts: `initial` seconds after the first failure, times `multiplier` after each further
    one up to `maximum`, each drawn uniformly from ±`jitter` of itself (so clients cut off together do not come
    back together). `attempts` bounds the failures in a row before the error is raised (None: no bound); a
    stream that delivers anything starts the count again."""

    initial: float = 0.1
    maximum: float = 5.0
    multiplier: float = 2.0
    jitter: float = 0.2
    attempts: int | None = None

    def delay(self, failures: int) -> float:
        base = min(self.maximum, self.initial * self.multiplier ** (failures - 1))
        return base * random.uniform(1 - self.jitter, 1 + self.jitter)


def subscribe(stub, game_id: str, *, after_version: int = 0, token: str | None = None,
              backoff: Backoff = Backoff(),
              on_retry: Callable[[grpc.RpcError, float], None] | None = None) -> Iterator[pb.SubscribeResponse]:
    """The game's `SubscribeResponse`s after `after_version` (0: from its start), as the token's seat sees them (a
    spectator without one): the catch-up, a `caught_up` marker, then live events, until the stream ends OK after
    the events that end the game.

    When the stream fails with a status in RETRYABLE, it is opened again after the last event received, once the
    backoff's delay has passed (`on_retry(error, delay)` is told first), so every event comes exactly once and in
    order; each resumption yields a `caught_up` marker of its own. Closing the iterator cancels the stream."""
    version = after_version
    failures = 0
    metadata = bearer(token) if token else None
    while True:
        call = stub.Subscribe(pb.SubscribeRequest(game_id=game_id, after_version=version), metadata=metadata)
        try:
            for item in call:
                failures = 0
                if item.HasField("event"):
                    version = item.event.version
                yield item
            return
        except grpc.RpcError as err:
            if err.code() not in RETRYABLE:
                raise
            failures += 1
            if backoff.attempts is not None and failures > backoff.attempts:
                raise
            delay = backoff.delay(failures)
            if on_retry is not None:
                on_retry(err, delay)
            time.sleep(delay)
        finally:
            call.cancel()

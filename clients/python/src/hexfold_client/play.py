"""One seat's `Play` stream: the server sends the seat's legal actions whenever it may act, the client sends
commands, and each command is answered in order with its result or its refusal."""

from __future__ import annotations

import queue
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import grpc

from hexfold_client._gen.hexfold.v1 import hexfold_pb2 as pb
from hexfold_client.connection import bearer
from hexfold_client.errors import Refusal

_CLOSE = object()


class PlayStream:
    """A seat's Play stream. Iterate it for the server's updates (`PlayUpdate`: `your_turn`, `result`, `ended`);
    `submit` queues a command from any thread. `close()` ends the requests (the server answers what it has and
    then ends the stream OK); leaving a `with` block closes it, and cancels it when the block raised.

    The stream's seat is the token's; the game is `game_id`. `timeout` is the whole stream's deadline in seconds
    (None: none)."""

    def __init__(self, stub, game_id: str, token: str, *, timeout: float | None = None):
        self.game_id = game_id
        self._requests: queue.Queue = queue.Queue()
        self._requests.put(pb.PlayRequest(open=pb.PlayOpen(game_id=game_id)))
        self._call = stub.Play(self._outbound(), metadata=bearer(token), timeout=timeout)

    def _outbound(self) -> Iterator[pb.PlayRequest]:
        while True:
            item = self._requests.get()
            if item is _CLOSE:
                return
            yield item

    def submit(self, command: pb.Command, *, command_id: str | None = None,
               expected_version: int | None = None) -> str:
        """Queues a command; returns its command id (a random UUID unless given: ids are per game, so seats must
        not share them), which its result names."""
        command_id = command_id or str(uuid.uuid4())
        request = pb.SubmitCommandRequest(command_id=command_id, command=command)
        if expected_version is not None:
            request.expected_version = expected_version
        self._requests.put(pb.PlayRequest(submit=request))
        return command_id

    def __iter__(self) -> Iterator[pb.PlayUpdate]:
        return iter(self._call)

    def close(self) -> None:
        self._requests.put(_CLOSE)

    def cancel(self) -> None:
        self._requests.put(_CLOSE)
        self._call.cancel()

    def __enter__(self) -> PlayStream:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None:
            self.close()
        else:
            self.cancel()


@dataclass
class Played:
    """How a seat's game went: the end the stream was told, the seat's accepted commands, and those that lost a
    race for a version to another seat (refused ABORTED `VersionConflict`; the next prompt came at once)."""

    ended: pb.GameEnded
    accepted: int
    conflicts: int


def play_seat(stub, game_id: str, token: str, choose: Callable[[pb.LegalActionsResponse], pb.Command | None], *,
              timeout: float | None = None, max_commands: int | None = None) -> Played:
    """Plays the token's seat over a Play stream until the game ends.

    Each time the seat may act, `choose` gets its legal actions and returns one of them (None: pass this prompt).
    The command is sent at the prompt's version, so a command that another seat's beat to that version is refused
    as a conflict and the stream's next prompt comes with the new version; any other refusal is raised as a
    `Refusal`, and a stream that ends before the game does raises RuntimeError. At most `max_commands` are sent
    (RuntimeError after: the game is not progressing)."""
    sent = accepted = conflicts = 0
    with PlayStream(stub, game_id, token, timeout=timeout) as stream:
        for update in stream:
            which = update.WhichOneof("update")
            if which == "ended":
                return Played(update.ended, accepted, conflicts)
            if which == "your_turn":
                prompt = update.your_turn
            else:
                result = update.result
                if result.WhichOneof("outcome") == "refused":
                    refusal = Refusal.from_refused(result.refused)
                    if refusal.code != grpc.StatusCode.ABORTED:
                        raise refusal
                    conflicts += 1
                    continue
                accepted += 1
                if not result.accepted.HasField("legal_actions"):
                    continue
                prompt = result.accepted.legal_actions
            command = choose(prompt) if prompt.commands else None
            if command is None:
                continue
            sent += 1
            if max_commands is not None and sent > max_commands:
                raise RuntimeError(f"more than {max_commands} commands and the game has not ended")
            stream.submit(command, expected_version=prompt.version)
    raise RuntimeError("the Play stream ended before the game did")

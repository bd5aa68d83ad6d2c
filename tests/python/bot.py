#!/usr/bin/env python3
"""An example bot in Python: plays one seat of a hexfold game over a Play stream until the game ends.

Usage: bot.py HOST:PORT [GAME_ID TOKEN]

With a game id and a seat token it plays that seat. With the address alone it shows the whole round: it creates a
base Catan game of four seats, three of them the server's own bots (CreateGameRequest.bots), plays the fourth
itself, and checks what a bot author relies on: the bot seats get no token, every prompt is for its own seat, each
of its commands is answered in order, the game ends with a winner, and GetState then agrees.

The stubs are generated from proto/ at run time (grpcio-tools, as tests/python/play.py does). The bot's choice is
the simplest that finishes games: among its legal actions it prefers the kinds that build, then rolling, then the
rest, never offers a trade, and draws among equals at random.
"""

import importlib
import pathlib
import queue
import random
import sys
import tempfile

import grpc
from grpc_tools import protoc

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROTO_DIR = ROOT / "proto"

# A game that needs more commands than this from one seat is not progressing.
MAX_COMMANDS = 5000
# Seconds a Play stream may stay silent before the bot gives up.
DEADLINE = 600

PREFERENCES = [
    ("city", 40), ("settlement", 40), ("improve", 40),
    ("build", 10), ("place", 10), ("knight", 10), ("buy", 10), ("permit", 10), ("roll", 10),
    ("end", 4),
]


def generate_stubs(out_dir):
    """Compiles every .proto under proto/ into out_dir; returns the API's modules."""
    files = sorted(str(p.relative_to(PROTO_DIR)) for p in PROTO_DIR.rglob("*.proto"))
    include = pathlib.Path(protoc.__file__).parent / "_proto"
    args = ["grpc_tools.protoc", f"-I{PROTO_DIR}", f"-I{include}",
            f"--python_out={out_dir}", f"--grpc_python_out={out_dir}", *files]
    if protoc.main(args) != 0:
        raise SystemExit(f"protoc failed on {files}")
    sys.path.insert(0, str(out_dir))
    return (importlib.import_module("hexfold.v1.hexfold_pb2"),
            importlib.import_module("hexfold.v1.hexfold_pb2_grpc"))


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok: {what}")


def kind(command):
    """The command's kind: the set case of its game message's oneof (Catania's layer commands: the layer's)."""
    inner = getattr(command, command.WhichOneof("game"))
    case = inner.WhichOneof(inner.DESCRIPTOR.oneofs[0].name)
    if case == "ck":
        layer = inner.ck
        case = layer.WhichOneof(layer.DESCRIPTOR.oneofs[0].name)
    return case


def weight(k):
    if "offer" in k:
        return 0
    for word, w in PREFERENCES:
        if word in k:
            return w
    return 2


def choose(commands, rng):
    """A kind by its weight (uniformly if none weighs anything), then a command of that kind uniformly."""
    kinds = sorted({kind(c) for c in commands})
    weights = [weight(k) for k in kinds]
    chosen = rng.choices(kinds, weights=weights)[0] if sum(weights) else rng.choice(kinds)
    return rng.choice([c for c in commands if kind(c) == chosen])


def play_seat(pb, stub, game_id, token, rng):
    """Plays the token's seat until the game ends; returns (its commands accepted, the GameEnded message)."""
    outbox = queue.Queue()

    def requests():
        yield pb.PlayRequest(open=pb.PlayOpen(game_id=game_id))
        while True:
            item = outbox.get()
            if item is None:
                return
            yield item

    updates = stub.Play(requests(), metadata=(("authorization", f"Bearer {token}"),), timeout=DEADLINE)
    sent = accepted = 0
    try:
        for update in updates:
            which = update.WhichOneof("update")
            if which == "ended":
                return accepted, update.ended
            if which == "your_turn":
                turn = update.your_turn
            else:
                result = update.result
                if result.WhichOneof("outcome") == "refused":
                    # Only a version conflict may refuse a listed command: another seat acted first.
                    if result.refused.code != grpc.StatusCode.ABORTED.value[0]:
                        raise AssertionError(f"refused: {result.refused}")
                    continue
                accepted += 1
                if not result.accepted.HasField("legal_actions"):
                    continue
                turn = result.accepted.legal_actions
            if turn.commands and sent < MAX_COMMANDS:
                sent += 1
                command = choose(list(turn.commands), rng)
                outbox.put(pb.PlayRequest(submit=pb.SubmitCommandRequest(
                    command_id=f"py-bot-{sent}", expected_version=turn.version, command=command,
                    with_legal_actions=True)))
        raise AssertionError("the Play stream ended before the game")
    finally:
        outbox.put(None)


def demo(pb, stub):
    created = stub.CreateGame(pb.CreateGameRequest(
        variant=pb.VARIANT_CATAN, seats=["py", "bot a", "bot b", "bot c"],
        options=pb.GameOptions(map=pb.MAP_KIND_RANDOM),
        bots=[pb.BotSeat(seat=s, strategy=pb.BOT_STRATEGY_GREEDY) for s in (1, 2, 3)]))
    seats = {s.seat: s for s in created.seats}
    check(all(seats[s].bot and not seats[s].token for s in (1, 2, 3)), "bot seats are marked and get no token")
    check(not seats[0].bot and seats[0].token, "the person's seat gets its token")
    accepted, ended = play_seat(pb, stub, created.game_id, seats[0].token, random.Random(3))
    check(accepted > 0, f"{accepted} of the bot's commands were accepted")
    check(ended.HasField("winner"), f"the game ended at version {ended.version}, seat {ended.winner} won")
    state = stub.GetState(pb.GetStateRequest(game_id=created.game_id))
    check(state.version == ended.version, "GetState ends where the stream said")
    replay = stub.GetReplay(pb.GetReplayRequest(game_id=created.game_id))
    by_seat = {}
    for c in replay.commands:
        by_seat[c.seat] = by_seat.get(c.seat, 0) + 1
    check(by_seat.get(0) == accepted, "every accepted command of the Python bot is in the record once")
    check(all(by_seat.get(s, 0) > 0 for s in (1, 2, 3)), f"the server's bots played: {by_seat}")


def main():
    if len(sys.argv) not in (2, 4):
        raise SystemExit("usage: bot.py HOST:PORT [GAME_ID TOKEN]")
    with tempfile.TemporaryDirectory() as tmp:
        pb, rpc = generate_stubs(tmp)
        with grpc.insecure_channel(sys.argv[1]) as channel:
            grpc.channel_ready_future(channel).result(timeout=30)
            stub = rpc.HexfoldStub(channel)
            if len(sys.argv) == 4:
                accepted, ended = play_seat(pb, stub, sys.argv[2], sys.argv[3], random.Random())
                print(f"game ended at version {ended.version} after {accepted} commands")
                return
            demo(pb, stub)
    print("python bot: all checks passed")


if __name__ == "__main__":
    main()

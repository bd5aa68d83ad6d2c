#!/usr/bin/env python3
"""An example bot in Python: plays one seat of a hexfold game over a Play stream until the game ends.

Usage: bot.py http://HOST:PORT [GAME_ID TOKEN]   (or HOST:PORT, as the other scripts)

With a game id and a seat token it plays that seat. With the address alone it shows the whole round: it creates a
base Catan game of four seats, three of them the server's own bots (CreateGameRequest.bots), plays the fourth
itself, and checks what a bot author relies on: the bot seats get no token, every prompt is for its own seat, each
of its commands is answered in order, the game ends with a winner, and GetState then agrees.

It uses the client package, clients/python (`pip install ./clients/python`), whose `play_seat` runs the Play
stream: the bot is only its choice, the simplest that finishes games: among its legal actions it prefers the kinds that build, then rolling, then the
rest, never offers a trade, and draws among equals at random.
"""

import random
import sys

import grpc

import hexfold_client as hx
from hexfold_client import hexfold_pb2 as pb

# A game that needs more commands than this from one seat is not progressing.
MAX_COMMANDS = 5000
# Seconds a Play stream may stay silent before the bot gives up.
DEADLINE = 600

PREFERENCES = [
    ("city", 40), ("settlement", 40), ("improve", 40),
    ("build", 10), ("place", 10), ("knight", 10), ("buy", 10), ("permit", 10), ("roll", 10),
    ("end", 4),
]


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


def play_seat(stub, game_id, token, rng):
    """Plays the token's seat until the game ends; returns hexfold_client's Played (the end, the commands
    accepted). Only a version conflict may refuse a listed command (another seat acted first); any other refusal
    is raised."""
    return hx.play_seat(stub, game_id, token, lambda prompt: choose(list(prompt.commands), rng),
                        timeout=DEADLINE, max_commands=MAX_COMMANDS)


def demo(stub):
    created = stub.CreateGame(pb.CreateGameRequest(
        variant=pb.VARIANT_CATAN, seats=["py", "bot a", "bot b", "bot c"],
        options=pb.GameOptions(map=pb.MAP_KIND_RANDOM),
        bots=[pb.BotSeat(seat=s, strategy=pb.BOT_STRATEGY_GREEDY) for s in (1, 2, 3)]))
    seats = {s.seat: s for s in created.seats}
    check(all(seats[s].bot and not seats[s].token for s in (1, 2, 3)), "bot seats are marked and get no token")
    check(not seats[0].bot and seats[0].token, "the person's seat gets its token")
    played = play_seat(stub, created.game_id, seats[0].token, random.Random(3))
    accepted, ended = played.accepted, played.ended
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
        raise SystemExit("usage: bot.py http://HOST:PORT [GAME_ID TOKEN]")
    with hx.connect(sys.argv[1]) as channel:
        grpc.channel_ready_future(channel).result(timeout=30)
        stub = hx.HexfoldStub(channel)
        if len(sys.argv) == 4:
            played = play_seat(stub, sys.argv[2], sys.argv[3], random.Random())
            print(f"game ended at version {played.ended.version} after {played.accepted} commands")
            return
        demo(stub)
    print("python bot: all checks passed")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A Python client of the hexfold gRPC API: proves a game can be played from another language.

Usage: play.py HOST:PORT

The stubs are generated from proto/ into a temporary directory at run time (grpcio-tools, pinned in
requirements.txt), so this script depends on the proto files only, as any third-party client would. It creates a
base Catan game, plays the starting rolls, every setup placement, a production roll and the end of a turn, each
seat with its own token as `authorization: Bearer` metadata and each command taken from LegalActions, checks
GetState for a seat and a spectator, and checks that bad or missing tokens and out-of-turn commands are refused
with the right status codes. Exits non-zero on the first failed check.
"""

import importlib
import pathlib
import sys
import tempfile
import uuid

import grpc
from grpc_tools import protoc

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROTO_DIR = ROOT / "proto"

# Enough for the starting rolls (re-rolls on ties), 8 placements, a roll, a possible discard/robber, end turn and a
# second turn; a game that needs more than this is not progressing.
MAX_COMMANDS = 200


# The two google.rpc messages the server puts in a status's details (`grpc-status-details-bin`), written out here
# because grpcio-tools ships only google/protobuf. Field numbers as published in googleapis' google/rpc/*.proto.
RPC_DETAILS_PROTO = """
syntax = "proto3";
package google.rpc;
import "google/protobuf/any.proto";
message Status {
  int32 code = 1;
  string message = 2;
  repeated google.protobuf.Any details = 3;
}
message ErrorInfo {
  string reason = 1;
  string domain = 2;
  map<string, string> metadata = 3;
}
"""


def generate_stubs(out_dir):
    """Compiles every .proto under proto/ (and the status details) into out_dir; returns the modules."""
    files = sorted(str(p.relative_to(PROTO_DIR)) for p in PROTO_DIR.rglob("*.proto"))
    include = pathlib.Path(protoc.__file__).parent / "_proto"
    details_dir = pathlib.Path(out_dir) / "details"
    (details_dir / "google" / "rpc").mkdir(parents=True)
    (details_dir / "google" / "rpc" / "details.proto").write_text(RPC_DETAILS_PROTO)
    args = ["grpc_tools.protoc", f"-I{PROTO_DIR}", f"-I{details_dir}", f"-I{include}",
            f"--python_out={out_dir}", f"--grpc_python_out={out_dir}", *files, "google/rpc/details.proto"]
    if protoc.main(args) != 0:
        raise SystemExit(f"protoc failed on {files}")
    sys.path.insert(0, str(out_dir))
    pb = importlib.import_module("hexfold.v1.hexfold_pb2")
    rpc = importlib.import_module("hexfold.v1.hexfold_pb2_grpc")
    details = importlib.import_module("google.rpc.details_pb2")
    return pb, rpc, details


def error_info(details, err):
    """The google.rpc.ErrorInfo in a failed call's details, or None."""
    for key, value in err.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            status = details.Status.FromString(value)
            for any_detail in status.details:
                info = details.ErrorInfo()
                if any_detail.Unpack(info):
                    return info
    return None


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok: {what}")


def expect_code(call, codes, what):
    """Runs call() and checks it fails with one of the given status codes."""
    try:
        call()
    except grpc.RpcError as err:
        check(err.code() in codes, f"{what}: {err.code().name} in {[c.name for c in codes]}")
        return err
    raise AssertionError(f"{what}: expected {[c.name for c in codes]}, the call succeeded")


def bearer(token):
    return (("authorization", f"Bearer {token}"),)


def command_kind(command):
    """The name of the set member of the game command's oneof, e.g. `roll_dice`."""
    game = command.WhichOneof("game")
    inner = getattr(command, game)
    oneofs = inner.DESCRIPTOR.oneofs
    if not oneofs:
        raise AssertionError(f"the {game} command message has no oneof")
    return inner.WhichOneof(oneofs[0].name)


def choose(commands):
    """Moves the game forward deterministically: end the turn when possible, roll when possible, else the first
    legal command (a placement, a discard, a robber move)."""
    kinds = [command_kind(c) for c in commands]
    for wanted in ("end_turn", "roll_dice"):
        if wanted in kinds:
            return commands[kinds.index(wanted)]
    return commands[0]


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: play.py HOST:PORT")
    address = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        pb, rpc, details = generate_stubs(tmp)
        with grpc.insecure_channel(address) as channel:
            grpc.channel_ready_future(channel).result(timeout=30)
            play(pb, details, rpc.HexfoldStub(channel))
    print("python client: all checks passed")


def play(pb, details, stub):
    names = ["ada", "brian", "chen", "dora"]
    created = stub.CreateGame(pb.CreateGameRequest(
        variant=pb.VARIANT_CATAN, seats=names,
        options=pb.GameOptions(map=pb.MAP_KIND_BEGINNER, victory_points=10)))
    game = created.game_id
    check(len(created.seats) == 4, "CreateGame returns one token per seat")
    check(len(created.seed_commitment) == 64, "the seed commitment is a hex SHA-256")
    tokens = {s.seat: s.token for s in created.seats}
    check(len(set(tokens.values())) == 4, "seat tokens are distinct")

    # A seat's state at version 0 shows the seat; a spectator's shows none.
    seat_state = stub.GetState(pb.GetStateRequest(game_id=game), metadata=bearer(tokens[0]))
    check(seat_state.HasField("viewer_seat") and seat_state.viewer_seat == 0, "GetState with seat 0's token")
    check(seat_state.version == 0, "a new game is at version 0")
    spectator = stub.GetState(pb.GetStateRequest(game_id=game))
    check(not spectator.HasField("viewer_seat"), "GetState without a token is a spectator view")
    check(spectator.summary.seats == names, "the summary lists the seat names")

    # Bad credentials.
    expect_code(lambda: stub.LegalActions(pb.LegalActionsRequest(game_id=game), metadata=bearer("not-a-token")),
                {grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED}, "a forged token")
    expect_code(lambda: stub.LegalActions(pb.LegalActionsRequest(game_id=game),
                                          metadata=(("authorization", "Basic abc"),)),
                {grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.INVALID_ARGUMENT}, "a non-bearer credential")
    some_command = None

    version = 0
    submitted = []
    end_turns = 0
    while end_turns < 2:
        if len(submitted) >= MAX_COMMANDS:
            raise AssertionError(f"no end of turn after {MAX_COMMANDS} commands: {submitted}")
        acting = []
        for seat, token in tokens.items():
            legal = stub.LegalActions(pb.LegalActionsRequest(game_id=game), metadata=bearer(token))
            if legal.seat != seat:
                raise AssertionError(f"LegalActions answered for seat {legal.seat}, asked for {seat}")
            if legal.commands:
                acting.append((seat, legal))
        if not acting:
            raise AssertionError(f"no seat may act at version {version}")
        seat, legal = acting[0]
        command = choose(list(legal.commands))
        kind = command_kind(command)
        if some_command is None:
            some_command = command
            # Another seat's token cannot submit this seat's command: it is not that seat's turn (the starting
            # rolls are the one time everyone may act, so pick a seat that has nothing to do, if any).
            idle = [s for s in tokens if s not in {a for a, _ in acting}]
            if idle:
                expect_code(lambda: stub.SubmitCommand(pb.SubmitCommandRequest(
                    game_id=game, command_id=str(uuid.uuid4()), command=command),
                    metadata=bearer(tokens[idle[0]])),
                    {grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.PERMISSION_DENIED},
                    "a command from a seat that may not act")
            expect_code(lambda: stub.SubmitCommand(pb.SubmitCommandRequest(
                game_id=game, command_id=str(uuid.uuid4()), command=command)),
                {grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED}, "a command without a token")
        command_id = str(uuid.uuid4())
        request = pb.SubmitCommandRequest(game_id=game, command_id=command_id, command=command,
                                          expected_version=version)
        response = stub.SubmitCommand(request, metadata=bearer(tokens[seat]))
        if response.version <= version or not response.events:
            raise AssertionError(f"{kind} by seat {seat}: version {response.version} after {version}")
        if [e.version for e in response.events] != list(range(version + 1, response.version + 1)):
            raise AssertionError(f"{kind}: event versions {[e.version for e in response.events]} are not gapless")
        version = response.version
        submitted.append((seat, kind))
        if kind == "end_turn":
            end_turns += 1

        if len(submitted) == 1:
            # The same command id again is the original result, and writes nothing.
            again = stub.SubmitCommand(request, metadata=bearer(tokens[seat]))
            check(again.duplicate and again.version == version, "a repeated command id returns the original result")
            # A stale expected version is a conflict.
            expect_code(lambda: stub.SubmitCommand(pb.SubmitCommandRequest(
                game_id=game, command_id=str(uuid.uuid4()), command=command, expected_version=0),
                metadata=bearer(tokens[seat])), {grpc.StatusCode.ABORTED}, "a stale expected_version")
            # The same seat rolling twice for the start breaks a rule: the details name the violation and its rule.
            err = expect_code(lambda: stub.SubmitCommand(pb.SubmitCommandRequest(
                game_id=game, command_id=str(uuid.uuid4()), command=command),
                metadata=bearer(tokens[seat])), {grpc.StatusCode.FAILED_PRECONDITION}, "a second starting roll")
            info = error_info(details, err)
            check(info is not None and info.reason == "NotYourTurn" and info.metadata["rule_id"] == "BASE-TURN-01",
                  f"the status details carry the violation and rule id ({info.reason if info else None})")

    kinds = [k for _, k in submitted]
    print(f"played {len(submitted)} commands: {kinds}")
    check(kinds.count("place_settlement") == 8 and kinds.count("place_road") == 8, "all eight setup placements")
    # Rolls after the last placement are production rolls (the ones before it decided the starting player).
    last_placement = max(i for i, k in enumerate(kinds) if k == "place_road")
    check("roll_dice" in kinds[last_placement:], "a production roll")

    # The head state as a seat and as a spectator, and the state at an earlier index.
    head = stub.GetState(pb.GetStateRequest(game_id=game), metadata=bearer(tokens[1]))
    check(head.version == version and head.summary.version == version, f"GetState at the head is version {version}")
    check(head.viewer_seat == 1, "the head state is seat 1's view")
    players = head.state.catan.players
    check(players[1].HasField("resources") and not players[0].HasField("resources"),
          "seat 1 sees its own hand and not seat 0's")
    check(sum(p.resource_count for p in players) > 0, "the starting resources were handed out")
    watcher = stub.GetState(pb.GetStateRequest(game_id=game))
    check(not any(p.HasField("resources") for p in watcher.state.catan.players), "a spectator sees no hand")
    check(head.summary.status == pb.GAME_STATUS_IN_PROGRESS, "the game is in progress")
    earlier = stub.GetState(pb.GetStateRequest(game_id=game, at_version=3))
    check(earlier.version == 3, "GetState at an earlier index")
    expect_code(lambda: stub.GetState(pb.GetStateRequest(game_id=game, at_version=version + 1)),
                {grpc.StatusCode.OUT_OF_RANGE, grpc.StatusCode.INVALID_ARGUMENT}, "an index past the head")
    expect_code(lambda: stub.GetState(pb.GetStateRequest(game_id="no-such-game")),
                {grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT}, "an unknown game")

    # The recorded events, read back as a spectator, are exactly the versions written.
    events = list(stub.ReadEvents(pb.ReadEventsRequest(game_id=game, from_version=1)))
    check([e.version for e in events] == list(range(1, version + 1)), "ReadEvents returns every version in order")

    listed = stub.ListGames(pb.ListGamesRequest(page_size=500))
    check(any(g.game_id == game for g in listed.games), "ListGames lists the game")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)

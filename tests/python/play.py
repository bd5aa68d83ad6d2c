#!/usr/bin/env python3
"""A Python client of the hexfold gRPC API: proves a game can be played from another language.

Usage: play.py http://HOST:PORT (or HOST:PORT)

It uses the client package, clients/python (`pip install ./clients/python`): its generated stubs, `bearer` for the
seat tokens and `error_info` for the status details. It has three parts, each on its own base Catan game:

1. Unary calls: the starting rolls, every setup placement, a production roll and the end of a turn, each seat with
   its own token as `authorization: Bearer` metadata and each command taken from LegalActions (and the legal actions
   SubmitCommand returns with `with_legal_actions` checked against LegalActions); GetState for a seat and a
   spectator; bad or missing tokens and out-of-turn commands refused with the right status codes.
2. Bidirectional streaming: one Play stream per seat, each fed from a queue by its own thread, the seats playing
   from the server's prompts alone until two turns have ended. Every prompt is for the stream's seat, each stream's
   accepted versions increase and together they account for every version written, two deliberately bad commands
   come back as `result.refused` and the stream goes on, a forged token ends the stream with UNAUTHENTICATED, and
   GetState ends at the last accepted version.
3. A whole game: three seats to 3 points, played to its end over Play streams; every stream is told of the end and
   the same winner, and GetState agrees.

Exits non-zero on the first failed check; every stream has a deadline, so a server that stops answering fails the
run instead of hanging it.
"""

import queue
import random
import sys
import threading
import uuid

import grpc

import hexfold_client as hx
from hexfold_client import bearer, error_info

# Enough for the starting rolls (re-rolls on ties), 8 placements, a roll, a possible discard/robber, end turn and a
# second turn; a game that needs more than this is not progressing.
MAX_COMMANDS = 200


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
        raise SystemExit("usage: play.py http://HOST:PORT")
    pb = hx.hexfold_pb2
    with hx.connect(sys.argv[1]) as channel:
        grpc.channel_ready_future(channel).result(timeout=30)
        stub = hx.HexfoldStub(channel)
        play(pb, stub)
        play_streams(pb, stub)
        play_to_the_end(pb, stub)
    print("python client: all checks passed")


def play(pb, stub):
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
    # The seat that submitted last and the legal actions SubmitCommand returned with them (None: may not act).
    inline = None
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
            if inline is not None and inline[0] == seat:
                expected = legal if legal.commands else None
                if inline[1] != expected:
                    raise AssertionError(f"with_legal_actions answered {inline[1]} for seat {seat}, "
                                         f"LegalActions {legal}")
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
                                          expected_version=version, with_legal_actions=True)
        response = stub.SubmitCommand(request, metadata=bearer(tokens[seat]))
        inline = (seat, response.legal_actions if response.HasField("legal_actions") else None)
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
            info = error_info(err)
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


# Part 2: Play streams.

# The deadline of every Play stream and the bound on each wait for the seats; far above what two turns take, so
# reaching one means the server stopped answering.
STREAM_DEADLINE_S = 60
# Commands the four seats may submit in all, counting those that lose a race for a version.
MAX_STREAM_COMMANDS = 400
# A random game of base Catan to 3 points (part 3) ends well within this.
MAX_GAME_COMMANDS = 20_000
# The command ids of seat 0's deliberately bad commands.
NOT_LISTED = "seat0-not-listed"
STALE = "seat0-stale"


def event_kind(envelope):
    """The name of the set member of a game event's oneof, e.g. `turn_ended` (or the platform event's name)."""
    body = envelope.event.WhichOneof("body")
    inner = getattr(envelope.event, body)
    oneofs = inner.DESCRIPTOR.oneofs
    return inner.WhichOneof(oneofs[0].name) if oneofs else body


def status_code_number(code):
    return code.value[0]


class Table:
    """What the four seat threads share: the accepted results, the ends of turns, the first failure, and the moment
    to stop submitting."""

    def __init__(self, until_end=False):
        # With until_end the seats play until the game ends (each stream is told so, then ends OK); otherwise
        # until two turns have ended.
        self.until_end = until_end
        self.winners = {}  # seat -> the winner its stream was told of
        self.lock = threading.Lock()
        self.accepted = []  # (seat, kind, SubmitCommandResponse), in no particular order across seats
        self.end_turns = 0
        self.submitted = 0
        self.failures = []
        self.stop = threading.Event()

    def fail(self, what):
        with self.lock:
            self.failures.append(what)
        self.stop.set()


class SeatStream:
    """One seat's Play stream: requests go through a queue that a generator hands to grpcio; one thread reads the
    updates and answers each prompt with a chosen legal command."""

    def __init__(self, pb, stub, game, seat, token, table):
        self.pb = pb
        self.seat = seat
        self.table = table
        self.rng = random.Random(seat)
        self.requests = queue.Queue()
        self.sent = 0
        self.kinds = {}  # command id -> command kind, for the results
        self.told = []  # versions of the legal actions this seat was given, in order
        self.accepted_versions = []
        self.refused = {}  # command id -> CommandRefused
        self.accepted_after_refusals = 0
        self.stale_expected = None  # the expected_version of the STALE command
        self.ended_ok = False
        self.requests.put(pb.PlayRequest(open=pb.PlayOpen(game_id=game)))
        self.call = stub.Play(self._outbound(), metadata=bearer(token), timeout=STREAM_DEADLINE_S)
        self.thread = threading.Thread(target=self._run, name=f"seat{seat}", daemon=True)

    def _outbound(self):
        # Bounded: a client that is never closed stops sending after the deadline instead of holding grpcio's
        # request thread forever.
        while True:
            try:
                item = self.requests.get(timeout=STREAM_DEADLINE_S)
            except queue.Empty:
                return
            if item is None:
                return
            yield item

    def close(self):
        """Ends the requests: the server answers what it has received, then ends the stream OK."""
        self.requests.put(None)

    def submit(self, command_id, command, expected_version=None):
        request = self.pb.SubmitCommandRequest(command_id=command_id, command=command)
        if expected_version is not None:
            request.expected_version = expected_version
        self.kinds[command_id] = command_kind(command)
        self.requests.put(self.pb.PlayRequest(submit=request))

    def _run(self):
        try:
            for update in self.call:
                self._on(update)
            if self.table.until_end:
                if self.seat not in self.table.winners:
                    raise AssertionError(f"seat {self.seat}'s stream ended without the game's end")
            elif not self.table.stop.is_set():
                raise AssertionError(f"seat {self.seat}'s stream ended before it was closed")
            self.ended_ok = True
        except grpc.RpcError as err:
            self.table.fail(f"seat {self.seat}'s stream failed: {err.code().name} {err.details()}")
        except AssertionError as failure:
            self.table.fail(str(failure))
            self.call.cancel()

    def _on(self, update):
        kind = update.WhichOneof("update")
        if kind == "your_turn":
            self._act(update.your_turn)
        elif kind == "result":
            self._on_result(update.result)
        elif kind == "ended" and self.table.until_end:
            with self.table.lock:
                self.table.winners[self.seat] = update.ended.winner if update.ended.HasField("winner") else None
        else:
            raise AssertionError(f"seat {self.seat}: unexpected {kind} two turns into a game: {update}")

    def _on_result(self, result):
        kind = self.kinds.get(result.command_id)
        if kind is None:
            raise AssertionError(f"seat {self.seat}: a result for a command it did not send: {result.command_id}")
        outcome = result.WhichOneof("outcome")
        if outcome == "refused":
            refused = result.refused
            self.refused[result.command_id] = refused
            if result.command_id not in (NOT_LISTED, STALE):
                # Several seats may act at once (the starting rolls, discards), so another seat can take the version
                # a command was chosen at; that, and nothing else, may refuse a listed command.
                if refused.code != status_code_number(grpc.StatusCode.ABORTED) or refused.reason != "VersionConflict":
                    raise AssertionError(f"seat {self.seat}: {kind} refused: {refused}")
            return
        accepted = result.accepted
        if accepted.duplicate or not accepted.events:
            raise AssertionError(f"seat {self.seat}: {kind} accepted without events or as a duplicate: {accepted}")
        if self.accepted_versions and accepted.version <= self.accepted_versions[-1]:
            raise AssertionError(f"seat {self.seat}: accepted version {accepted.version} after "
                                 f"{self.accepted_versions[-1]}")
        self.accepted_versions.append(accepted.version)
        if NOT_LISTED in self.refused and STALE in self.refused:
            self.accepted_after_refusals += 1
        with self.table.lock:
            self.table.accepted.append((self.seat, kind, accepted))
            if kind == "end_turn":
                self.table.end_turns += 1
                if self.table.end_turns >= 2 and not self.table.until_end:
                    self.table.stop.set()
        if accepted.HasField("legal_actions"):
            self._act(accepted.legal_actions)

    def _act(self, actions):
        if actions.seat != self.seat:
            raise AssertionError(f"seat {self.seat}'s stream was prompted for seat {actions.seat}")
        if not actions.commands:
            raise AssertionError(f"seat {self.seat} was prompted with no commands at version {actions.version}")
        if self.told and actions.version <= self.told[-1]:
            raise AssertionError(f"seat {self.seat} was told about version {actions.version} after {self.told[-1]}")
        self.told.append(actions.version)
        if self.table.stop.is_set():
            return
        with self.table.lock:
            self.table.submitted += 1
            limit = MAX_GAME_COMMANDS if self.table.until_end else MAX_STREAM_COMMANDS
            if self.table.submitted > limit:
                raise AssertionError(f"the seats' goal was not reached within {limit} commands")
        commands = list(actions.commands)
        # A whole game needs building, so it chooses at random (seeded per seat); two turns need only choose().
        command = self.rng.choice(commands) if self.table.until_end else choose(commands)
        if self.seat == 0 and not self.table.until_end and not self.refused and NOT_LISTED not in self.kinds:
            # Two bad commands before the real one, in the same stream: one the rules forbid now (ending the turn
            # is never legal at a seat's first prompt) and one at a version the game is not at.
            if "end_turn" in [command_kind(c) for c in commands]:
                raise AssertionError(f"end_turn is legal at seat 0's first prompt: {actions}")
            end_turn = self.pb.Command()
            end_turn.catan.end_turn.SetInParent()
            self.submit(NOT_LISTED, end_turn)
            self.stale_expected = actions.version + 1000
            self.submit(STALE, command, expected_version=self.stale_expected)
        self.sent += 1
        self.submit(f"seat{self.seat}-{self.sent}", command, expected_version=actions.version)


def play_streams(pb, stub):
    names = ["eve", "farid", "gita", "hugo"]
    created = stub.CreateGame(pb.CreateGameRequest(
        variant=pb.VARIANT_CATAN, seats=names,
        options=pb.GameOptions(map=pb.MAP_KIND_BEGINNER, victory_points=10)))
    game = created.game_id
    tokens = {s.seat: s.token for s in created.seats}

    # A forged token of the right shape: the server reads `open`, finds no such seat and ends the stream, while the
    # client still holds its request stream open.
    forged = SeatStream(pb, stub, game, 0, "f" * len(tokens[0]), Table())
    try:
        expect_code(lambda: list(forged.call), {grpc.StatusCode.UNAUTHENTICATED}, "Play with a forged token")
    finally:
        forged.close()
        forged.call.cancel()

    table = Table()
    seats = [SeatStream(pb, stub, game, seat, token, table) for seat, token in sorted(tokens.items())]
    try:
        for s in seats:
            s.thread.start()
        if not table.stop.wait(timeout=STREAM_DEADLINE_S):
            table.fail(f"two turns did not end within {STREAM_DEADLINE_S} s")
    finally:
        for s in seats:
            s.close()
        for s in seats:
            s.thread.join(timeout=STREAM_DEADLINE_S)
            if s.thread.is_alive():
                table.fail(f"seat {s.seat}'s stream did not end once closed")
                s.call.cancel()
    if table.failures:
        raise AssertionError("; ".join(table.failures))

    for s in seats:
        check(s.ended_ok, f"seat {s.seat}'s stream ended OK once closed, after {len(s.told)} prompts and "
                          f"{len(s.accepted_versions)} accepted commands")
    seat0 = seats[0]
    not_listed = seat0.refused.get(NOT_LISTED)
    check(not_listed is not None and not_listed.code == status_code_number(grpc.StatusCode.FAILED_PRECONDITION)
          and not_listed.reason and "rule_id" in not_listed.metadata,
          f"an end_turn not in the list is refused in the stream with FAILED_PRECONDITION and a rule id "
          f"({not_listed.reason if not_listed else None}, {not_listed.metadata.get('rule_id') if not_listed else None})")
    stale = seat0.refused.get(STALE)
    check(stale is not None and stale.code == status_code_number(grpc.StatusCode.ABORTED)
          and stale.reason == "VersionConflict" and "actual_version" in stale.metadata
          and stale.metadata.get("expected_version") == str(seat0.stale_expected),
          "a stale expected_version is refused in the stream with ABORTED VersionConflict")
    check(seat0.accepted_after_refusals > 0, "the stream went on after the refusals: seat 0's later commands were "
                                             f"accepted ({seat0.accepted_after_refusals})")

    accepted = sorted(table.accepted, key=lambda a: a[2].version)
    versions = [a[2].version for a in accepted]
    check(len(set(versions)) == len(versions), f"{len(versions)} accepted results, each at its own version")
    event_versions = [e.version for _, _, a in accepted for e in a.events]
    check(event_versions == list(range(1, versions[-1] + 1)),
          "the accepted results' events are every version from 1, gapless: nothing refused was written")
    kinds = [k for _, k, _ in accepted]
    turns_ended = sum(1 for _, _, a in accepted for e in a.events if event_kind(e) == "turn_ended")
    check(kinds.count("end_turn") >= 2 and turns_ended >= 2, f"two turns ended ({turns_ended} TurnEnded events)")
    head = stub.GetState(pb.GetStateRequest(game_id=game))
    check(head.version == versions[-1], f"GetState is at the last accepted version {versions[-1]}")
    print(f"streams played {len(versions)} commands: {kinds}")


def play_to_the_end(pb, stub):
    """Part 3: a three-seat game to 3 points (one building more than the opening gives), played to its end over
    one Play stream per seat from the server's prompts alone."""
    created = stub.CreateGame(pb.CreateGameRequest(
        variant=pb.VARIANT_CATAN, seats=["ivo", "jun", "kai"], options=pb.GameOptions(victory_points=3)))
    table = Table(until_end=True)
    seats = [SeatStream(pb, stub, created.game_id, s.seat, s.token, table) for s in created.seats]
    for s in seats:
        s.thread.start()
    for s in seats:
        s.thread.join(timeout=STREAM_DEADLINE_S)
        if s.thread.is_alive():
            table.fail(f"seat {s.seat}'s stream did not see the game's end")
            s.call.cancel()
    for s in seats:
        s.close()
    if table.failures:
        raise AssertionError("; ".join(table.failures))
    winners = set(table.winners.values())
    check(len(table.winners) == len(seats) and len(winners) == 1 and None not in winners,
          f"every seat's stream was told of the end and the same winner ({table.winners})")
    head = stub.GetState(pb.GetStateRequest(game_id=created.game_id))
    check(head.summary.status == pb.GAME_STATUS_FINISHED and head.summary.winner == winners.pop(),
          f"GetState says finished, with that winner, at version {head.version}")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)

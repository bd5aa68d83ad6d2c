"""hexfold_client against a real server: addresses, tokens, refusals, Play streams and subscriptions."""

import pathlib
import random
import socket
import threading

import grpc
import pytest

import hexfold_client as hx
from hexfold_client import hexfold_pb2 as pb

DEADLINE = 60


def new_game(stub, seats=("ann", "bob", "cat"), victory_points=None):
    options = pb.GameOptions(victory_points=victory_points) if victory_points else None
    return stub.CreateGame(pb.CreateGameRequest(variant=pb.VARIANT_CATAN, seats=list(seats), options=options),
                           timeout=DEADLINE)


def roll():
    command = pb.Command()
    command.catan.roll_dice.SetInParent()
    return command


def step(stub, game_id, tokens):
    """One legal command of the first seat that may act; returns the new version. The calls wait for the channel
    to be ready: after a restart of the server, grpcio reconnects after a backoff of its own."""
    for token in tokens:
        legal = stub.LegalActions(pb.LegalActionsRequest(game_id=game_id), metadata=hx.bearer(token),
                                  wait_for_ready=True, timeout=DEADLINE)
        if legal.commands:
            return stub.SubmitCommand(pb.SubmitCommandRequest(
                game_id=game_id, command_id=f"step-{legal.version}", command=legal.commands[0],
                expected_version=legal.version), metadata=hx.bearer(token), wait_for_ready=True,
                timeout=DEADLINE).version
    raise AssertionError("no seat may act")


@pytest.mark.parametrize("given, target, tls", [
    ("http://127.0.0.1:50051", "127.0.0.1:50051", False),
    ("127.0.0.1:50051", "127.0.0.1:50051", False),
    ("https://play.example:443", "play.example:443", True),
    ("http://[::1]:7/", "[::1]:7", False),
])
def test_server_addresses_in_the_clis_form_and_bare(given, target, tls):
    assert hx.parse_server(given) == (target, tls)


@pytest.mark.parametrize("given", ["ftp://h:1", "http://h", "http://h:1/path", "h:port"])
def test_other_addresses_are_refused(given):
    with pytest.raises(ValueError):
        hx.parse_server(given)


def test_a_channel_with_a_token_acts_as_its_seat(server):
    with hx.connect(server) as channel:
        created = new_game(hx.HexfoldStub(channel))
    with hx.connect(server, token=created.seats[1].token) as channel:
        stub = hx.HexfoldStub(channel)
        state = stub.GetState(pb.GetStateRequest(game_id=created.game_id), timeout=DEADLINE)
        assert state.HasField("viewer_seat") and state.viewer_seat == 1
        # A call's own authorization wins over the channel's.
        legal = stub.LegalActions(pb.LegalActionsRequest(game_id=created.game_id),
                                  metadata=hx.bearer(created.seats[2].token), timeout=DEADLINE)
        assert legal.seat == 2


def test_an_https_server_is_reached_over_tls_verified_against_the_given_roots(tls_server):
    url, ca = tls_server
    with hx.connect(url, root_certificates=ca) as channel:
        created = new_game(hx.HexfoldStub(channel))
    with hx.connect(url, token=created.seats[0].token, root_certificates=ca) as channel:
        state = hx.HexfoldStub(channel).GetState(pb.GetStateRequest(game_id=created.game_id), timeout=DEADLINE)
        assert state.viewer_seat == 0
    # The system's roots do not hold the test's CA, and plain HTTP/2 is no TLS: neither connects.
    for plain in (url, url.replace("https://", "http://")):
        with hx.connect(plain) as channel, pytest.raises(grpc.RpcError) as err:
            hx.HexfoldStub(channel).ListGames(pb.ListGamesRequest(), timeout=5)
        assert err.value.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED), plain


def test_a_rule_violation_is_a_refusal_with_its_reason_and_rule(stub):
    created = new_game(stub)
    game, ann = created.game_id, hx.bearer(created.seats[0].token)
    stub.SubmitCommand(pb.SubmitCommandRequest(game_id=game, command_id="a1", command=roll()), metadata=ann)
    with pytest.raises(hx.Refusal) as refused, hx.refusals():
        stub.SubmitCommand(pb.SubmitCommandRequest(game_id=game, command_id="a2", command=roll()), metadata=ann)
    refusal = refused.value
    assert refusal.code == grpc.StatusCode.FAILED_PRECONDITION
    assert (refusal.reason, refusal.rule_id, refusal.domain) == ("NotYourTurn", "BASE-TURN-01", "hexfold")
    assert refusal.message == "It is not your turn to act."
    assert isinstance(refusal.__cause__, grpc.RpcError)
    assert str(refusal) == "FAILED_PRECONDITION NotYourTurn [BASE-TURN-01]: It is not your turn to act."

    # A stale expected version: ABORTED VersionConflict, with both versions.
    with pytest.raises(hx.Refusal) as conflict, hx.refusals():
        stub.SubmitCommand(pb.SubmitCommandRequest(game_id=game, command_id="b1", command=roll(),
                                                   expected_version=0), metadata=hx.bearer(created.seats[1].token))
    assert conflict.value.code == grpc.StatusCode.ABORTED and conflict.value.reason == "VersionConflict"
    assert conflict.value.rule_id is None
    assert conflict.value.metadata["expected_version"] == "0" and conflict.value.metadata["actual_version"] == "1"


def test_an_error_without_error_info_passes_unchanged(stub):
    created = new_game(stub)
    with pytest.raises(grpc.RpcError) as err, hx.refusals():
        stub.LegalActions(pb.LegalActionsRequest(game_id=created.game_id), metadata=hx.bearer("f" * 43))
    assert not isinstance(err.value, hx.Refusal)
    assert err.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert hx.error_info(err.value) is None and hx.Refusal.from_error(err.value) is None


def test_a_play_stream_answers_each_command_in_order_with_its_result_or_refusal(stub):
    created = new_game(stub)
    end_turn = pb.Command()
    end_turn.catan.end_turn.SetInParent()
    with hx.PlayStream(stub, created.game_id, created.seats[0].token, timeout=DEADLINE) as stream:
        updates = iter(stream)
        first = next(updates)
        assert first.WhichOneof("update") == "your_turn" and first.your_turn.seat == 0
        refused_id = stream.submit(end_turn)
        accepted_id = stream.submit(roll(), expected_version=first.your_turn.version)
        refused, accepted = next(updates).result, next(updates).result
        assert (refused.command_id, accepted.command_id) == (refused_id, accepted_id)
        assert refused.WhichOneof("outcome") == "refused" and accepted.WhichOneof("outcome") == "accepted"
        refusal = hx.Refusal.from_refused(refused.refused)
        assert refusal.code == grpc.StatusCode.FAILED_PRECONDITION and refusal.rule_id.startswith("BASE-")
        assert accepted.accepted.version == 1


def test_play_seat_plays_every_seat_to_the_end(stub):
    created = new_game(stub, victory_points=3)
    played, failures = {}, []

    def seat(s):
        rng = random.Random(s.seat)
        try:
            played[s.seat] = hx.play_seat(stub, created.game_id, s.token, lambda p: rng.choice(list(p.commands)),
                                          timeout=DEADLINE, max_commands=5000)
        except Exception as err:  # noqa: BLE001 - reported below, with the seat
            failures.append(f"seat {s.seat}: {err!r}")

    threads = [threading.Thread(target=seat, args=(s,)) for s in created.seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join(DEADLINE)
    assert not failures, failures
    winners = {p.ended.winner for p in played.values()}
    assert len(played) == 3 and len(winners) == 1
    assert sum(p.accepted for p in played.values()) > 0
    state = stub.GetState(pb.GetStateRequest(game_id=created.game_id), timeout=DEADLINE)
    assert state.summary.status == pb.GAME_STATUS_FINISHED and state.summary.winner == winners.pop()
    assert state.version == next(iter(played.values())).ended.version


def test_subscribe_resumes_after_the_last_event_when_the_server_restarts(own_server):
    first = own_server[0]
    received, retries, done = [], [], threading.Event()
    with hx.connect(first.url) as channel:
        stub = hx.HexfoldStub(channel)
        created = new_game(stub)
        tokens = [s.token for s in created.seats]
        version = step(stub, created.game_id, tokens)

        def follow():
            try:
                for item in hx.subscribe(stub, created.game_id, backoff=hx.Backoff(initial=0.05, maximum=0.5),
                                         on_retry=lambda err, delay: retries.append(err.code())):
                    received.append(item)
                    if item.HasField("event") and item.event.version == 4:
                        return
            finally:
                done.set()

        follower = threading.Thread(target=follow)
        follower.start()
        # The restart waits for the follower to have caught up, so the cut falls after a delivered event.
        while not any(i.HasField("caught_up") for i in received) and not done.is_set():
            done.wait(0.01)
        first.stop()
        second = first.restart()
        own_server.append(second)
        while version < 4:
            version = step(stub, created.game_id, tokens)
        follower.join(DEADLINE)
    assert done.is_set() and not follower.is_alive()
    events = [i.event.version for i in received if i.HasField("event")]
    assert events == [1, 2, 3, 4], events
    assert retries and set(retries) <= {grpc.StatusCode.UNAVAILABLE}, retries


def test_subscribe_gives_up_after_the_backoffs_attempts_and_never_retries_a_final_error(stub):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}"
    delays = []
    with hx.connect(closed) as channel:
        with pytest.raises(grpc.RpcError) as err:
            list(hx.subscribe(hx.HexfoldStub(channel), "any", backoff=hx.Backoff(initial=0.01, jitter=0, attempts=3),
                              on_retry=lambda e, delay: delays.append(delay)))
    assert err.value.code() == grpc.StatusCode.UNAVAILABLE
    assert delays == [0.01, 0.02, 0.04]

    with pytest.raises(grpc.RpcError) as unknown:
        list(hx.subscribe(stub, "catan-no-such-game", on_retry=lambda e, d: delays.append(d)))
    assert unknown.value.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT)
    assert len(delays) == 3


def test_the_readmes_first_game_runs_as_written(server, capsys):
    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    code = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert "http://127.0.0.1:50051" in code
    exec(compile(code.replace("http://127.0.0.1:50051", server), "README.md", "exec"), {})  # noqa: S102
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].endswith("is at version 1") and printed[1] == "NotYourTurn BASE-TURN-01", printed

#!/usr/bin/env python3
"""A browser's view of the hexfold API: gRPC-Web over plain HTTP/1.1, as a web page's `fetch` sends it.

Usage: grpc_web.py http://HOST:PORT (or HOST:PORT)

Browsers cannot speak gRPC itself (they give pages no HTTP/2 trailers), so the server also accepts gRPC-Web. This
script sends exactly what a browser's gRPC-Web client sends, with Python's standard HTTP/1.1 client and the message
classes of the client package, clients/python (as in play.py):

- the CORS preflight a browser makes before its first cross-origin call, and the CORS headers on the answers;
- unary calls (CreateGame, LegalActions, SubmitCommand with seat tokens) through the setup of a base Catan game;
- a server-streaming call (ReadEvents) delivering one message per event, then the trailers;
- errors as gRPC statuses in the trailers: an unknown game (NOT_FOUND), a missing token (UNAUTHENTICATED).

Exits non-zero on the first failed check.
"""

import http.client
import pathlib
import struct
import sys

import hexfold_client as hx

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from play import check, choose  # noqa: E402

ORIGIN = "http://table.example"
SERVICE = "/hexfold.v1.Hexfold/"


def frame(message):
    """One gRPC-Web data frame: flag 0, big-endian length, the message."""
    body = message.SerializeToString()
    return b"\x00" + struct.pack(">I", len(body)) + body


def call(address, method, request, token=None):
    """POSTs one gRPC-Web call; returns (the HTTP response, its data frames, its trailers as a dict)."""
    host, port = address.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {
        "content-type": "application/grpc-web+proto",
        "accept": "application/grpc-web+proto",
        "x-grpc-web": "1",
        "origin": ORIGIN,
    }
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    connection.request("POST", SERVICE + method, body=frame(request), headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    messages, trailers, at = [], {}, 0
    while at < len(body):
        if at + 5 > len(body):
            raise AssertionError(f"{method}: a truncated frame header at byte {at}")
        flag, length = body[at], struct.unpack(">I", body[at + 1:at + 5])[0]
        payload = body[at + 5:at + 5 + length]
        if len(payload) != length:
            raise AssertionError(f"{method}: a truncated frame at byte {at}")
        at += 5 + length
        if flag & 0x80:
            for line in payload.decode().split("\r\n"):
                if line:
                    key, value = line.split(":", 1)
                    trailers[key.strip().lower()] = value.strip()
        else:
            messages.append(payload)
    # A call that fails before any message may answer "trailers only": the status in the HTTP headers.
    for key in ("grpc-status", "grpc-message"):
        if key not in trailers and response.getheader(key) is not None:
            trailers[key] = response.getheader(key)
    return response, messages, trailers


def unary(address, method, request, reply_type, token=None):
    """A unary call that must succeed; returns the decoded reply."""
    response, messages, trailers = call(address, method, request, token)
    if response.status != 200 or trailers.get("grpc-status") != "0" or len(messages) != 1:
        raise AssertionError(f"{method}: HTTP {response.status}, trailers {trailers}, {len(messages)} messages")
    return reply_type.FromString(messages[0])


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: grpc_web.py http://HOST:PORT")
    address, tls = hx.parse_server(sys.argv[1])
    if tls:
        raise SystemExit("grpc_web.py speaks plain HTTP/1.1: give an http:// address")
    pb = hx.hexfold_pb2
    preflight(address)
    game, tokens, version = play_setup(pb, address)
    read_back(pb, address, game, version)
    errors(pb, address, game, tokens)
    print("grpc-web client: all checks passed")


def preflight(address):
    host, port = address.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("OPTIONS", SERVICE + "CreateGame", headers={
        "origin": ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type,x-grpc-web",
    })
    response = connection.getresponse()
    response.read()
    connection.close()
    check(response.status in (200, 204), f"the CORS preflight is answered (HTTP {response.status})")
    check(response.getheader("access-control-allow-origin") in ("*", ORIGIN),
          "the preflight allows the page's origin")
    allowed = (response.getheader("access-control-allow-headers") or "").lower()
    check("authorization" in allowed and "x-grpc-web" in allowed,
          "the preflight allows the authorization and x-grpc-web headers")


def play_setup(pb, address):
    """Creates a game and plays its starting rolls and the first placements, each command from LegalActions."""
    response, messages, trailers = call(address, "CreateGame", pb.CreateGameRequest(
        variant=pb.VARIANT_CATAN, seats=["ada", "brian", "chen", "dora"],
        options=pb.GameOptions(map=pb.MAP_KIND_BEGINNER)))
    check(response.status == 200 and trailers.get("grpc-status") == "0" and len(messages) == 1,
          "CreateGame over gRPC-Web")
    check(response.getheader("access-control-allow-origin") in ("*", ORIGIN), "the answer carries CORS headers")
    exposed = (response.getheader("access-control-expose-headers") or "").lower()
    check("grpc-status" in exposed, "a page may read grpc-status")
    created = pb.CreateGameResponse.FromString(messages[0])
    game = created.game_id
    tokens = {s.seat: s.token for s in created.seats}
    check(len(tokens) == 4, "one token per seat")

    version = 0
    for step in range(12):
        acting = []
        for seat, token in tokens.items():
            legal = unary(address, "LegalActions", pb.LegalActionsRequest(game_id=game), pb.LegalActionsResponse,
                          token)
            if legal.commands:
                acting.append((seat, legal))
        if not acting:
            raise AssertionError(f"no seat may act at version {version}")
        seat, legal = acting[0]
        reply = unary(address, "SubmitCommand", pb.SubmitCommandRequest(
            game_id=game, command_id=f"web-{step}", expected_version=legal.version,
            command=choose(list(legal.commands))), pb.SubmitCommandResponse, tokens[seat])
        if reply.version <= version:
            raise AssertionError(f"SubmitCommand went from version {version} to {reply.version}")
        version = reply.version
    check(version >= 12, f"twelve commands submitted over gRPC-Web, the game is at version {version}")
    return game, tokens, version


def read_back(pb, address, game, version):
    response, messages, trailers = call(address, "ReadEvents", pb.ReadEventsRequest(game_id=game, from_version=1))
    check(response.status == 200 and trailers.get("grpc-status") == "0", "ReadEvents streams over gRPC-Web")
    events = [pb.EventEnvelope.FromString(m) for m in messages]
    check([e.version for e in events] == list(range(1, version + 1)),
          f"one message per event, versions 1..={version} in order")


def errors(pb, address, game, tokens):
    _response, messages, trailers = call(address, "GetState", pb.GetStateRequest(game_id="catan-no-such-game"))
    check(trailers.get("grpc-status") == "5" and not messages, "an unknown game is NOT_FOUND in the trailers")
    legal = [unary(address, "LegalActions", pb.LegalActionsRequest(game_id=game), pb.LegalActionsResponse, token)
             for token in tokens.values()]
    command = next(list(l.commands) for l in legal if l.commands)[0]
    _response, messages, trailers = call(address, "SubmitCommand", pb.SubmitCommandRequest(
        game_id=game, command_id="no-token", command=command))
    check(trailers.get("grpc-status") == "16" and not messages, "a legal command without a token is UNAUTHENTICATED")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)

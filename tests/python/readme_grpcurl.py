#!/usr/bin/env python3
"""README.md's grpcurl examples say what the server takes: every single-quoted JSON body (`-d '{...}'`) parses, as
grpcurl parses it (protobuf's JSON mapping), into its method's request message, and each CreateGame among them
creates the game it describes on a real server (the bot seats marked and given no token).

Usage: readme_grpcurl.py http://HOST:PORT
"""

import pathlib
import re
import sys

from google.protobuf import json_format

import hexfold_client as hx
from hexfold_client import hexfold_pb2 as pb

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
# `grpcurl ... -d '<json>' ... hexfold.v1.Hexfold/<Method>`, the JSON across lines if it must.
CALL = re.compile(r"grpcurl[^\n]*?-d '([^']*)'.*?hexfold\.v1\.Hexfold/(\w+)", re.DOTALL)


def main():
    calls = CALL.findall(README.read_text())
    bots = 0
    with hx.connect(sys.argv[1]) as channel:
        stub = hx.HexfoldStub(channel)
        for body, method in calls:
            request = json_format.Parse(body, getattr(pb, f"{method}Request")())
            print(f"ok: {method} {body.split()!r} parses")
            if method == "CreateGame":
                created = stub.CreateGame(request, timeout=30)
                asked = {b.seat for b in request.bots}
                given = {s.seat for s in created.seats if s.bot and not s.token}
                if asked != given or len(created.seats) != len(request.seats):
                    raise AssertionError(f"{body}: bot seats {given}, asked for {asked}")
                bots += len(asked)
                print(f"ok: CreateGame made {created.game_id} with bot seats {sorted(given)}")
    if not any(m == "CreateGame" for _, m in calls) or not bots:
        raise AssertionError(f"README.md shows no CreateGame with bots for grpcurl: {calls}")
    print("readme grpcurl: all checks passed")


if __name__ == "__main__":
    main()

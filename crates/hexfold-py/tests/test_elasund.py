"""Elasund's own observation blocks, read against the seat's view as the server sends it (the blocks every game
shares are `test_layout.py`'s)."""

import json

from conftest import command_of, play_checking


ROW_LABELS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
KINDS = ["SmallCottage", "LargeCottage", "MerchantHouse", "Workshop", "Well", "MarketStall", "Shop", "Tavern",
         "TradeHouse"]


def test_elasund_blocks_move_with_buildings_permits_rolls_and_cards():
    players = 3
    seen = {"build": 0, "roll": 0}

    def check(env, seat, command, before, after):
        name, fields = command_of(command)
        view = json.loads(env.core.view(seat))
        d = view["seats"][seat]["hand"]["detail"]
        assert list(after["own.cards"]) == [d["gold"], d["red"], d["green"], d["blue"]]
        assert list(after["seat.gold"]) == [view["seats"][(seat + k) % players]["hand"]["gold"] for k in range(players)]
        if name == "Build":
            at = fields["at"]
            cell = ROW_LABELS.index(at["row"]) * 9 + at["col"]
            kind = KINDS.index(fields["building"])
            assert after["square.building"][cell * 9 + kind] == 1
            assert after["square.owner"][cell * players] == 1
            seen["build"] += 1
        if name == "Roll":
            assert after["ship_row"][0] == (view["ship_row"] or 0)
            assert after["phase"][0] == 0 or view["phase"] != "Roll"
            seen["roll"] += 1
        return 1

    assert play_checking("elasund", players, 3, check, steps=3000) > 100
    assert seen["build"] > 3 and seen["roll"] > 10, seen

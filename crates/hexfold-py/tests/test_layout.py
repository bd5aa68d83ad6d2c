"""The observation's layout: the README's tables are the code's, the blocks tile the vector at the same offsets
for every seat and step, and each block moves when what it describes changes (a building, a ship, a roll, a
hand), read against the seat's view as the server sends it."""

import json
import re
from pathlib import Path

import hexfold
import numpy as np
import pytest
from conftest import command_of, play_checking, random_legal
from hexfold.layout import README_PLAYERS, markdown

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.parametrize("game", [g for g, _, _ in hexfold.GAMES])
def test_the_readme_table_is_the_layout(game):
    text = README.read_text(encoding="utf-8")
    found = re.search(rf"<!-- layout {re.escape(game)} -->\n(.*?)\n<!-- /layout -->", text, re.S)
    assert found, f"the README has no layout table for {game}: run python -m hexfold.layout"
    assert found.group(1) == markdown(game, README_PLAYERS), f"{game}: regenerate with python -m hexfold.layout"


def test_the_blocks_tile_the_vector_the_same_for_every_seat_and_step(table):
    game, players = table
    env = hexfold.env(game=game, players=players, max_commands=200)
    env.reset(seed=4)
    layout = env.observation_layout()
    names = [f.name for f in layout]
    assert len(set(names)) == len(names), "two blocks share a name"
    offset = 0
    for f in layout:
        assert f.offset == offset and f.length > 0 and f.meaning, f
        offset += f.length
    assert offset == env.observation_space("player_0")["observation"].shape[0]
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert obs["observation"].shape == (offset,)
        env.step(random_legal(obs["action_mask"], rng))
    assert env.observation_layout() == layout


def hex_players(view):
    return view["ck"]["players"] if "ck" in view else view["players"]


def own_hand(game, view, seat):
    """The seat's hand in its view, in the order of the block `own.hand`."""
    p = hex_players(view)[seat]
    if game == "catan":
        r = p["resources"]
        return [r["brick"], r["lumber"], r["wool"], r["grain"], r["ore"]]
    r, c = p["hand"]["resources"], p["hand"]["commodities"]
    return [r["brick"], r["lumber"], r["wool"], r["grain"], r["ore"], c["coin"], c["paper"], c["cloth"]]


def last_dice(view):
    if "ck" in view:
        view = view["ck"]
    roll = view["last_roll"]
    if roll is None:
        return None
    return (roll["first"], roll["second"]) if "first" in roll else (roll["white"], roll["red"])


#: Commands that put a building on a corner, with its slot in `corner.building`: settlement 0, city 1.
BUILDINGS = {"PlaceSettlement": 0, "BuildSettlement": 0, "PlaceCity": 1, "BuildCity": 1}


@pytest.mark.parametrize("game", ["catan", "cities-and-knights", "catania"])
def test_hex_blocks_move_with_buildings_rolls_and_hands(game):
    players = 4
    width = 2 if game == "catan" else 4  # per corner and seat: settlement, city (and wall, metropolis)
    roll = "RollDice"
    seen = {"settlement": 0, "roll": 0, "ship": 0}

    def check(env, seat, command, before, after):
        name, fields = command_of(command)
        view = json.loads(env.core.view(seat))
        assert list(after["own.hand"]) == own_hand(game, view, seat)
        cards = "resource_count" if game == "catan" else "card_count"
        ps = hex_players(view)
        assert list(after["seat.cards"]) == [ps[(seat + k) % players][cards] for k in range(players)]
        if name in BUILDINGS:
            v = fields["vertex"]
            at = (v * players + 0) * width + BUILDINGS[name]
            assert before["corner.building"][at] == 0 and after["corner.building"][at] == 1
            # Another seat sees it at the builder's place relative to itself.
            other = (seat + 1) % players
            seen_by = env.observation_blocks(env.observe(f"player_{other}"))["corner.building"]
            assert seen_by[(v * players + (players - 1)) * width + BUILDINGS[name]] == 1
            seen["settlement"] += 1
        if name == roll:
            # A starting roll (base Catan's, for the first player) leaves the last production roll unset.
            dice = last_dice(view) or (0, 0)
            first, second, total = [n for n in after if n.startswith("dice.") and n != "dice.event"]
            assert (after[first][0], after[second][0]) == dice and after[total][0] == sum(dice)
            seen["roll"] += dice != (0, 0)
        if name in ("PlaceShip", "BuildShip"):
            e = fields["edge"]
            assert before["side.ship"][e * players] == 0 and after["side.ship"][e * players] == 1
            seen["ship"] += 1
        return 1

    assert play_checking(game, players, 8, check) > 100
    assert seen["settlement"] >= players * 2 and seen["roll"] > 5, seen
    if game == "catania":
        assert seen["ship"] > 0, seen

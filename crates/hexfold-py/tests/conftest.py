import json

import hexfold
import numpy as np
import pytest

#: Every game at every table size it is played with.
TABLES = [(game, n) for game, low, high in hexfold.GAMES for n in range(low, high + 1)]


def random_legal(mask, rng):
    """A uniformly random action among the mask's legal ones."""
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.fixture(params=TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def table(request):
    return request.param


def command_of(text):
    """A command's name and fields, with Catania's wrapper of Cities & Knights' commands taken off."""
    c = json.loads(text)
    if isinstance(c, dict) and "Ck" in c:
        c = c["Ck"]
    if isinstance(c, str):
        return c, {}
    (name, fields), = c.items()
    return name, fields if isinstance(fields, dict) else {}


def play_checking(game, players, seed, check, steps=1500):
    """Plays random legal actions; `check(env, seat, command, before, after)` sees each acting seat's blocks before
    and after its action, and the command it played. Returns how many commands `check` counted."""
    env = hexfold.env(game=game, players=players, max_commands=steps)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    counted = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = env.seat(agent)
        action = random_legal(obs["action_mask"], rng)
        command = env.legal_commands(agent)[action]
        before = env.observation_blocks(obs["observation"].copy())
        env.step(action)
        after = env.observation_blocks(env.observe(agent)["observation"].copy())
        counted += check(env, seat, command, before, after)
    return counted

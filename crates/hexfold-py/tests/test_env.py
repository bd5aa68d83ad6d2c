"""The AEC and Gymnasium environments: PettingZoo's and Gymnasium's own API checks for every game and table
size, the documented spaces, reproducibility by seed, rewards, and the batch form."""

import re
from pathlib import Path

import hexfold
import numpy as np
import pytest
from conftest import random_legal
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test


def test_pettingzoo_api_test_passes(table):
    game, players = table
    api_test(hexfold.env(game=game, players=players, seed=7), num_cycles=300)


@pytest.mark.parametrize("game", [g for g, _, _ in hexfold.GAMES])
def test_gymnasium_check_env_passes(game):
    low = next(lo for g, lo, _ in hexfold.GAMES if g == game)
    for opponents in ["random", "greedy", "expert:5"]:
        check_env(hexfold.gym_env(game=game, players=low, opponents=opponents), skip_render_check=True)


def play(env, seed, policy_seed):
    """A whole game with random legal actions: the list of (agent, action, observation checksum)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    trace = []
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        action = random_legal(obs["action_mask"], rng)
        trace.append((agent, action, float(obs["observation"].sum())))
        env.step(action)
    return trace


@pytest.mark.parametrize("game", [g for g, _, _ in hexfold.GAMES])
def test_a_seed_gives_the_same_game_and_another_seed_another(game):
    players = next(lo for g, lo, _ in hexfold.GAMES if g == game)
    env = hexfold.env(game=game, players=players, max_commands=400)
    first = play(env, 11, 0)
    assert play(env, 11, 0) == first
    assert play(hexfold.env(game=game, players=players, max_commands=400), 11, 0) == first
    assert play(env, 12, 0) != first


README = Path(__file__).resolve().parents[1] / "README.md"


def documented_actions(game):
    """The action space size of `game` in the README's table of sizes (its last column)."""
    found = re.search(rf"^\| {re.escape(game)} \| [^|\n]* \| (\d+) \|$", README.read_text(encoding="utf-8"), re.M)
    assert found, f"the README's table of sizes has no row for {game}"
    return int(found.group(1))


def test_the_spaces_are_the_documented_ones(table):
    game, players = table
    env = hexfold.env(game=game, players=players)
    env.reset(seed=1)
    actions = documented_actions(game)
    length = sum(f.length for f in env.observation_layout())
    for agent in env.possible_agents:
        assert env.action_space(agent).n == actions
        assert env.observation_space(agent)["observation"].shape == (length,)
    agent = env.agent_selection
    obs = env.observe(agent)
    legal = env.legal_commands(agent)
    header = env.observation_blocks(obs)
    assert header["seats"] == players and header["seat"] == env.seat(agent) and header["to_act"] == 1
    assert header["legal"] == len(legal) == obs["action_mask"].sum() and header["bias"] == 1
    assert obs["action_mask"][: len(legal)].all() and not obs["action_mask"][len(legal) :].any()
    for other in env.agents:
        if other != agent:
            assert not env.observe(other)["action_mask"].any() and env.legal_commands(other) == []


def test_cities_and_knights_answers_to_both_its_names():
    assert hexfold.env(game="cities-knights", players=3).game == "cities-and-knights"
    assert hexfold.gym_env(game="cities-knights", players=3).game == "cities-and-knights"
    assert ("cities-knights", "cities-and-knights") in hexfold.ALIASES
    assert "cities-and-knights" in [g for g, _, _ in hexfold.GAMES]


def test_an_action_plays_the_legal_command_at_its_index():
    env = hexfold.env(game="catan", players=4)
    env.reset(seed=5)
    core = env.core
    for _ in range(200):
        agent = env.agent_selection
        legal = env.legal_commands(agent)
        action = len(legal) - 1
        before = core.copy()
        env.step(action)
        # The same command, found by its JSON in the copy's list, gives the same game.
        assert before.legal(env.seat(agent))[action] == legal[action]
        before.step(action)
        assert before.view(0) == core.view(0)


def test_the_winner_gets_plus_one_and_the_others_minus_one_and_shaping_adds_points():
    env = hexfold.env(game="catan", players=3, config={"points_to_win": 5}, vp_shaping=0.1)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(random_legal(obs["action_mask"], rng))
    winner = env.core.winner()
    assert winner is not None
    for i, agent in enumerate(env.possible_agents):
        shaped = 0.1 * env.core.points(i)
        assert totals[agent] == pytest.approx(shaped + (1.0 if i == winner else -1.0), abs=1e-4)


def test_the_gym_env_plays_to_the_end_against_bots_and_reports_the_result():
    env = hexfold.gym_env(game="catan", players=3, opponents="greedy", config={"points_to_win": 5})
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        assert obs["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(random_legal(obs["action_mask"], rng))
        done = terminated or truncated
    assert terminated and info["winner"] >= 0
    assert reward == (1.0 if info["winner"] == 0 else -1.0)


def test_the_expert_plays_the_other_seats_and_bad_names_are_refused():
    env = hexfold.gym_env(game="catan", players=3, seat=2, opponents="expert:20", max_commands=300)
    obs, info = env.reset(seed=6)
    rng = np.random.default_rng(6)
    played = info["commands"]
    assert played > 0, "seats 0 and 1, the experts, roll first for the start"
    for _ in range(20):
        obs, _, term, trunc, info = env.step(random_legal(obs["action_mask"], rng))
        if term or trunc:
            break
    assert info["commands"] > played + 20
    with pytest.raises(ValueError, match="expert:N"):
        hexfold.gym_env(game="catan", players=3, opponents="expert:0")
    with pytest.raises(ValueError, match="unknown"):
        hexfold.gym_env(game="catan", players=3, opponents=["random", "chess", "greedy"])


def test_the_vector_env_steps_a_batch():
    # The game played at the smallest table, whose random games end soonest.
    game, players, _ = min(hexfold.GAMES, key=lambda g: g[1])
    env = hexfold.vector_env(game, players, num_envs=3)
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == (3, hexfold.env(game, players).observation_space("player_0")["observation"].shape[0])
    assert obs["action_mask"].shape == (3, documented_actions(game))
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        actions = np.array([random_legal(m, rng) if m.any() else 0 for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, _ = env.step(actions)
        ended += int(terminated.sum())
    assert ended > 0, f"no game of {game} ended in 400 batched steps"
    env.close()


def test_the_action_space_cap_is_rarely_reached(table):
    game, players = table
    env = hexfold.env(game=game, players=players, max_commands=3000)
    env.reset(seed=21)
    rng = np.random.default_rng(21)
    capped = steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        capped += int(obs["observation"][4])  # the header's "capped"
        steps += 1
        env.step(random_legal(obs["action_mask"], rng))
    assert capped <= steps // 1000, f"{capped} of {steps} steps offered more legal actions than the space"


def test_unknown_games_and_table_sizes_are_refused():
    with pytest.raises(ValueError, match="unknown game"):
        hexfold.env(game="chess")
    for game, low, high in hexfold.GAMES:
        with pytest.raises(ValueError, match=f"{game} is played by {low} to {high} players, not {high + 1}"):
            hexfold.env(game=game, players=high + 1)


#: The JSON of a trade offer and of its acceptance in each game that has offers, as `legal_commands` lists them.
OFFERS = {
    "catan": ('{"OfferTrade"', '"AcceptTrade"'),
    "cities-and-knights": ('{"OfferTrade"', '"AcceptTrade"'),
    "catania": ('{"Ck":{"OfferTrade"', '{"Ck":"AcceptTrade"}'),
}


@pytest.mark.parametrize("game", sorted(OFFERS))
def test_after_an_offer_every_other_seat_in_turn_answers_it_or_passes(game):
    offer, accept = OFFERS[game]
    players = next(lo for g, lo, _ in hexfold.GAMES if g == game)
    env = hexfold.env(game=game, players=players, max_commands=4000)
    rng = np.random.default_rng(2)
    rounds = answers = 0
    for seed in range(6):
        env.reset(seed=seed)
        asking = []  # the seats still to be asked about the open offer
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = env.seat(agent)
            legal = env.legal_commands(agent)
            mask = obs["action_mask"]
            if asking:
                assert seat == asking.pop(0), f"{game}: seat {seat} asked out of turn"
                assert legal[0] == '"Pass"' and mask[0] == 1 and mask.sum() == len(legal)
                answers += len(legal) > 1
            else:
                assert '"Pass"' not in legal
            action = random_legal(mask, rng)
            chosen = legal[action]
            if chosen.startswith(offer):
                rounds += 1
                assert not asking
                asking = [(seat + k) % players for k in range(1, players)]
            elif chosen == accept:
                asking = []
            env.step(action)
    assert rounds > 5, f"{game}: {rounds} offers"
    assert answers > 0, f"{game}: no seat could answer"


def test_the_learning_seat_answers_the_offers_of_the_strategies_seats():
    env = hexfold.gym_env(game="catan", players=3, seat=0, opponents="random", max_commands=3000)
    rng = np.random.default_rng(4)
    obs, _ = env.reset(seed=4)
    asked = 0
    for _ in range(20_000):
        legal = env.core.legal(0)
        asked += legal[0] == '"Pass"'
        obs, _, term, trunc, _ = env.step(random_legal(obs["action_mask"], rng))
        if term or trunc:
            obs, _ = env.reset()
        if asked >= 3:
            break
    assert asked >= 3, "the random seats' offers never reached the learning seat"

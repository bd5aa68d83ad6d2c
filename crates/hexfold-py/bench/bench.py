"""Environment steps per CPU-second: hexfold's AEC environments with random legal actions, for every game, against
Catanatron's Gymnasium environment (`catanatron-gym` from PyPI) in the same run, and the batch rate of hexfold's
vector form.

    python crates/hexfold-py/bench/bench.py --catanatron-python /path/to/venv/bin/python [--seconds 5] [--rounds 3]

Catanatron's environment needs gymnasium 0.29 and PettingZoo needs gymnasium 1.x, so it runs in a venv of its own
(`pip install catanatron==3.2.1 catanatron-gym==4.0.0`), as a child process that this script starts round after
round, alternating with hexfold's measurements, so both see the same machine. Each measurement is the CPU time of
its own process (`time.process_time`), not the wall clock.

Units. A hexfold AEC step is one command of one seat. A Catanatron env step is one action of the learning seat
followed by every enemy action until its next turn; the script also counts every action its game took ("game
actions"), the unit that matches hexfold's step. Both ratios are printed; the README quotes the smaller.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time


def catanatron_worker(seconds: float, seed: int) -> None:
    """Runs in Catanatron's venv: random valid actions through its Gymnasium env, 4 players (3 random enemies)."""
    import random

    import gymnasium
    from catanatron import Color, RandomPlayer

    import catanatron_gym  # noqa: F401  (registers the env)

    enemies = [RandomPlayer(c) for c in (Color.RED, Color.WHITE, Color.ORANGE)]
    env = gymnasium.make("catanatron-v1", config={"enemies": enemies})
    rng = random.Random(seed)
    steps = actions = episodes = 0
    obs, info = env.reset(seed=seed)
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, reward, terminated, truncated, info = env.step(rng.choice(info["valid_actions"]))
        steps += 1
        if terminated or truncated:
            actions += len(env.unwrapped.game.state.actions)
            episodes += 1
            obs, info = env.reset(seed=rng.randrange(2**31))
    actions += len(env.unwrapped.game.state.actions)
    cpu = time.process_time() - start
    print(json.dumps({"steps": steps, "actions": actions, "episodes": episodes, "cpu": cpu}))


def hexfold_aec(game: str, players: int, seconds: float, seed: int) -> float:
    """AEC steps per CPU-second: `env.last()`, a random legal action from its mask, `env.step()`."""
    import numpy as np

    import hexfold

    env = hexfold.env(game=game, players=players)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if steps % 256 == 0 and time.process_time() - start >= seconds:
                break
        else:
            env.reset(seed=int(rng.integers(2**31)))
    return steps / (time.process_time() - start)


def hexfold_batch(game: str, players: int, num_envs: int, seconds: float, seed: int) -> float:
    """Environment steps per CPU-second through the vector form (each call steps `num_envs` games)."""
    import numpy as np

    import hexfold

    env = hexfold.vector_env(game, players, num_envs=num_envs, opponents="random")
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        masks = obs["action_mask"]
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        obs, *_ = env.step(np.array(actions))
        steps += num_envs
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catanatron-python", help="python of a venv with catanatron and catanatron-gym")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--num-envs", type=int, default=16)
    parser.add_argument("--catanatron-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.catanatron_worker:
        catanatron_worker(args.seconds, args.seed)
        return

    import hexfold

    tables = [(game, min(max(4, low), high)) for game, low, high in hexfold.GAMES]
    rates: dict[str, list[float]] = {}
    cat_steps: list[float] = []
    cat_actions: list[float] = []
    for r in range(args.rounds):
        for game, players in tables:
            rates.setdefault(f"{game}-{players}", []).append(
                hexfold_aec(game, players, args.seconds, args.seed + r)
            )
        rates.setdefault(f"catan-4 vector x{args.num_envs} (seat 0 random, 3 random bots)", []).append(
            hexfold_batch("catan", 4, args.num_envs, args.seconds, args.seed + r)
        )
        if args.catanatron_python:
            out = subprocess.run(
                [args.catanatron_python, __file__, "--catanatron-worker", "--seconds", str(args.seconds),
                 "--seed", str(args.seed + r)],
                check=True, capture_output=True, text=True,
            ).stdout
            m = json.loads(out.strip().splitlines()[-1])
            cat_steps.append(m["steps"] / m["cpu"])
            cat_actions.append(m["actions"] / m["cpu"])
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)

    print(f"median of {args.rounds} rounds of {args.seconds:g} CPU-s each")
    print(f"{'hexfold AEC, random legal actions':<58} steps/CPU-s")
    for name, values in rates.items():
        print(f"  {name:<56} {statistics.median(values):>10,.0f}")
    if cat_steps:
        steps, actions = statistics.median(cat_steps), statistics.median(cat_actions)
        base = statistics.median(rates["catan-4"])
        print("Catanatron gym env (catanatron-v1, 4 players: 3 RandomPlayer enemies), random valid actions")
        print(f"  {'env steps':<56} {steps:>10,.0f}")
        print(f"  {'game actions through the env':<56} {actions:>10,.0f}")
        print(f"hexfold catan-4 AEC / Catanatron: {base / steps:.1f}x its env steps, {base / actions:.1f}x its game actions")


if __name__ == "__main__":
    main()

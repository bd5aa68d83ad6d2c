"""Trains a tiny numpy policy for base Catan against the rules crate's random seats, on one core, and shows that
it beats them.

    python crates/hexfold-py/examples/train_policy.py [--minutes 3] [--players 3] [--eval-games 300]

The policy is a softmax over the seat's legal actions with one learned weight per kind of command (the command's
name, e.g. "BuildCity", read from `env.core.legal(seat)`), trained by REINFORCE with a running baseline on the
Gymnasium wrapper's reward (+1 win, -1 loss, plus a little shaping on its victory points). It knows nothing of the
board; what it learns is which kinds of command to prefer, which is enough to win more often than the random
seats, which pick among their legal actions with weights tilted towards growth. At the end it plays
`--eval-games` games with the learned weights and as many with a uniform policy (all weights 0), against the same
opponents and seeds, and prints both win rates next to the share an equal seat would win (1 / players).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import hexfold


def kind(command: str) -> str:
    """The command's name: the first key of its JSON form (two levels for Catania's wrapped commands)."""
    head = command.split('"', 3)[1] if command.startswith('{"') else command.strip('"')
    if head in ("Ck", "Base") and command.count('"') >= 4:
        return head + "." + command.split('"', 5)[3]
    return head


class Policy:
    def __init__(self, rng: np.random.Generator):
        self.index: dict[str, int] = {}
        self.w = np.zeros(256)
        self.rng = rng

    def kinds(self, env) -> np.ndarray:
        return np.array([self.index.setdefault(kind(c), len(self.index)) for c in env.core.legal(env.seat)])

    def act(self, env, greedy: bool = False) -> tuple[int, np.ndarray, np.ndarray]:
        ks = self.kinds(env)
        logits = self.w[ks]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        a = int(np.argmax(p)) if greedy else int(self.rng.choice(len(ks), p=p))
        return a, ks, p


def play(env, policy: Policy, seed: int, learn: list | None = None) -> float:
    """One game; returns the agent's total reward. With `learn`, records (kinds, probabilities, action)."""
    obs, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        a, ks, p = policy.act(env)
        if learn is not None:
            learn.append((ks, p, a))
        obs, reward, terminated, truncated, info = env.step(a)
        total += reward
        done = terminated or truncated
    return total if learn is not None else float(info["winner"] == env.seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = hexfold.gym_env(game="catan", players=args.players, opponents="random", vp_shaping=0.1)
    rng = np.random.default_rng(args.seed)
    policy = Policy(rng)
    baseline, games, start = 0.0, 0, time.process_time()
    while time.process_time() - start < args.minutes * 60:
        trace: list = []
        ret = play(env, policy, seed=1_000_000 + games, learn=trace)
        advantage = ret - baseline
        baseline += 0.05 * (ret - baseline)
        grad = np.zeros_like(policy.w)
        for ks, p, a in trace:
            # d log softmax / d w: the chosen kind's indicator minus the probabilities, summed per kind.
            np.add.at(grad, ks, -p)
            grad[ks[a]] += 1.0
        policy.w += args.lr * advantage * grad / max(1, len(trace)) ** 0.5
        games += 1
        if games % 50 == 0:
            print(f"{games} games, {time.process_time() - start:.0f} CPU-s, baseline return {baseline:+.2f}", flush=True)

    names = sorted(policy.index, key=lambda k: -policy.w[policy.index[k]])
    print("learned preferences:", ", ".join(f"{k} {policy.w[policy.index[k]]:+.2f}" for k in names))
    learned = sum(play(env, policy, seed=s) for s in range(args.eval_games)) / args.eval_games
    uniform = Policy(np.random.default_rng(args.seed))
    uniform.index = policy.index
    uniform.w = np.zeros_like(policy.w)
    flat = sum(play(env, uniform, seed=s) for s in range(args.eval_games)) / args.eval_games
    print(
        f"after {games} training games: the learned policy won {learned:.1%} of {args.eval_games} games against "
        f"{args.players - 1} random seats; a uniform policy {flat:.1%}; an equal seat's share {1 / args.players:.1%}"
    )


if __name__ == "__main__":
    main()

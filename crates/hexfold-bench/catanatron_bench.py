"""Catanatron baseline for the self-play benchmark: N games of 4 RandomPlayers, games/s and actions/s.

Run: pip install catanatron==3.2.1 && python3 crates/hexfold-bench/catanatron_bench.py --games 200
An action is one entry of the game's action log (state.actions), the same unit hexfold's selfplay counts
(one accepted command).
"""

import argparse
import random
import time

from catanatron import Color, Game, RandomPlayer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    actions = 0
    turns = 0
    winners = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for i in range(args.games):
        random.seed(args.seed + i)
        players = [RandomPlayer(c) for c in colors]
        game = Game(players, seed=args.seed + i)
        winner = game.play()
        actions += len(game.state.actions)
        turns += game.state.num_turns
        winners += winner is not None
    secs = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(
        f"{args.games} games ({winners} with a winner), {actions} actions "
        f"({actions / args.games:.1f} per game, {turns / args.games:.1f} turns per game) in {secs:.3f} s: "
        f"{args.games / secs:.2f} games/s, {actions / secs:.0f} actions/s"
    )
    # On a shared machine wall time includes waiting for a core; CPU time is what the engine itself costs.
    print(
        f"process CPU time {cpu:.3f} s: {args.games / cpu:.2f} games/s, "
        f"{actions / cpu:.0f} actions/s per CPU-second"
    )


if __name__ == "__main__":
    main()

"""The observation's layout: named blocks at fixed offsets (`Env.observation_layout()`), the blocks of an
observation by name, and the package README's tables, which are generated from the layout (`main()` prints them;
`tests/test_layout.py` checks that the README holds exactly these)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Field(NamedTuple):
    name: str
    offset: int
    length: int
    meaning: str


def fields(core) -> list[Field]:
    """The blocks of a game's observation (`hexfold._hexfold.Env`), in their order."""
    return [Field(*f) for f in core.observation_layout()]


def blocks(core, observation: np.ndarray) -> dict[str, np.ndarray]:
    """The observation cut into its blocks, by name (views into it, not copies)."""
    return {f.name: observation[f.offset : f.offset + f.length] for f in fields(core)}


#: The table size each README table is shown for.
README_PLAYERS = 4


def markdown(game: str, players: int = README_PLAYERS) -> str:
    """The README's table of `game`'s observation at `players` seats."""
    from hexfold._hexfold import Env

    core = Env(game, players, 0, False, None)
    rows = ["| block | offset | length | meaning |", "| --- | --- | --- | --- |"]
    rows += [f"| `{f.name}` | {f.offset} | {f.length} | {f.meaning} |" for f in fields(core)]
    rows.append(f"| (total) | | {core.obs_len} | |")
    return "\n".join(rows)


def main() -> None:
    from hexfold._hexfold import GAMES

    for game, _, _ in GAMES:
        print(f"<!-- layout {game} -->\n{markdown(game)}\n<!-- /layout -->\n")


if __name__ == "__main__":
    main()

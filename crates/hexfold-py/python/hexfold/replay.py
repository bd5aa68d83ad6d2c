"""Games exported by the server (`hexfold export`) as training data: per recorded command, the acting seat's
observation and action mask as the environment would have shown them, and the action index it chose."""

from __future__ import annotations

import json
from dataclasses import dataclass
from os import PathLike

import numpy as np

from hexfold import _hexfold


@dataclass
class Step:
    agent: str
    observation: dict
    #: The command's index among the seat's legal actions, or None where the rules' list does not hold it (a
    #: trade with terms of the player's own, say).
    action: int | None
    command: dict


@dataclass
class Recording:
    id: str
    game: str
    seats: int
    names: list[str]
    winner: int | None
    steps: list[Step]

    def per_agent(self) -> dict[str, list[Step]]:
        """The steps grouped by the agent that acted."""
        out: dict[str, list[Step]] = {f"player_{i}": [] for i in range(self.seats)}
        for step in self.steps:
            out[step.agent].append(step)
        return out


def replay_export(text: str) -> list[Recording]:
    """The games of an export given as its text (JSON lines)."""
    out = []
    for game in _hexfold.replay_export(text):
        steps = [
            Step(
                agent=f"player_{seat}",
                observation={
                    "observation": np.frombuffer(obs, dtype=np.float32),
                    "action_mask": np.frombuffer(mask, dtype=np.int8),
                },
                action=action,
                command=json.loads(command),
            )
            for seat, obs, mask, action, command in game["steps"]
        ]
        out.append(
            Recording(
                id=game["id"],
                game=game["game"],
                seats=game["seats"],
                names=game["names"],
                winner=game["winner"],
                steps=steps,
            )
        )
    return out


def load_export(path: str | PathLike) -> list[Recording]:
    """The games of an export file written by `hexfold export -o FILE`."""
    with open(path, encoding="utf-8") as f:
        return replay_export(f.read())

"""An export of the real server (`hexfold export`, made by tests/it/python_package.rs and named by HEXFOLD_EXPORT)
replayed as training data: one step per recorded command, each with the acting seat's observation and mask and
the index of its command among its legal actions."""

import json
import os

import hexfold
import numpy as np
import pytest

EXPORT = os.environ.get("HEXFOLD_EXPORT")
needs_export = pytest.mark.skipif(EXPORT is None, reason="HEXFOLD_EXPORT names no export of the server")


@needs_export
def test_an_export_replays_as_observations_and_actions_per_seat():
    lines = [json.loads(line) for line in open(EXPORT, encoding="utf-8")]
    games = [line for line in lines if line["line"] == "game"]
    recordings = hexfold.load_export(EXPORT)
    assert [r.id for r in recordings] == [g["game"] for g in games] and len(recordings) >= 2
    for recording in recordings:
        appends = [line for line in lines if line["line"] == "append" and line["game"] == recording.id]
        assert len(recording.steps) == len(appends) > 0
        assert recording.winner is not None, "the exported games were played to their end"
        env = hexfold.env(game=recording.game, players=recording.seats)
        space = env.observation_space("player_0")
        found = 0
        for step, append in zip(recording.steps, appends):
            assert step.agent == f"player_{append['seat']}" and step.command == append["command"]
            assert space.contains(step.observation)
            header = step.observation["observation"][:10]
            assert header[1] == append["seat"]
            if step.action is not None:
                assert step.observation["action_mask"][step.action] == 1
                found += 1
        # Random clients of the API send the rules' listed commands, so nearly every one is found.
        assert found >= 0.9 * len(appends), f"{recording.game}: {found} of {len(appends)} commands found"
        per_agent = recording.per_agent()
        assert sum(len(s) for s in per_agent.values()) == len(recording.steps)
        # The last step's observation shows the game still going; the winner's is the game's result.
        last = recording.steps[-1].observation["observation"]
        assert last[6] == 0


def test_an_export_with_a_damaged_line_is_refused_with_its_number():
    with pytest.raises(ValueError, match="export line 2"):
        hexfold.replay_export('{"v":1,"line":"export_end","games":0}\n{"v":1,"line":"append"}\n')
    with pytest.raises(ValueError, match="ends inside a game"):
        hexfold.replay_export('{"v":1,"line":"game","game":"g","meta":{"variant":"catan"}}\n')
    with pytest.raises(ValueError, match="unknown variant"):
        hexfold.replay_export(
            '{"v":1,"line":"game","game":"g","meta":{"variant":"chess"}}\n'
            '{"v":1,"line":"game_end","game":"g","version":0,"appends":0}\n'
        )

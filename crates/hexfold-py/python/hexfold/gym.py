"""The Gymnasium single-agent wrapper: one learning seat, the other seats played in process by the rules crate's
bots (`random`, `greedy`, or the expert: `expert`, `expert:N`), and its vectorised form."""

from __future__ import annotations

import json

import gymnasium
import numpy as np
from gymnasium import spaces

from hexfold._hexfold import Env as _CoreEnv, check_opponent
from hexfold.aec import LOSS, OBS_BOUND, WIN
from hexfold.layout import Field, fields


class HexfoldGym(gymnasium.Env):
    """`game` at `players` seats; the agent plays `seat`, every other seat plays `opponents` (a strategy name:
    "random", "greedy", "expert" (50 simulations a decision) or "expert:N" (N); or a list with one per seat, the
    agent's own entry ignored). Observation and action space as in the AEC
    environment: Dict(observation, action_mask) and Discrete(actions), an action being an index into the agent's
    legal actions (an index past them, i.e. outside the mask, is taken modulo their count). Reward: +1 for a win,
    -1 for a loss at the end, plus `vp_shaping` times the change of the agent's points on every step. Truncated
    after `max_commands` commands."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str = "catan",
        players: int = 4,
        seat: int = 0,
        opponents: str | list[str] = "random",
        beginner_map: bool = False,
        config: dict | None = None,
        vp_shaping: float = 0.0,
        max_commands: int = 20_000,
        render_mode: str | None = None,
    ):
        self._core = _CoreEnv(game, players, 0, beginner_map, json.dumps(config) if config else None)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not at a table of {players}")
        self.game = self._core.game
        self.seat = seat
        strategies = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if len(strategies) != players:
            raise ValueError(f"opponents needs one strategy per seat ({players})")
        for i, name in enumerate(strategies):
            if i != seat:
                check_opponent(name)
        self._strategies = strategies
        self.vp_shaping = float(vp_shaping)
        self.max_commands = int(max_commands)
        self.render_mode = render_mode
        n = self._core.actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (self._core.obs_len,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)

    @property
    def core(self) -> _CoreEnv:
        return self._core

    def observation_layout(self) -> list[Field]:
        """The observation's blocks as (name, offset, length, meaning), in order (see the AEC environment)."""
        return fields(self._core)

    def _obs(self):
        obs, mask = self._core.observe(self.seat)
        return {
            "observation": np.frombuffer(obs, dtype=np.float32),
            "action_mask": np.frombuffer(mask, dtype=np.int8),
        }

    def _play_others(self) -> None:
        core = self._core
        while True:
            actor = core.actor()
            if actor is None or actor == self.seat or core.commands() >= self.max_commands:
                return
            action = core.bot_action(self._strategies[actor])
            core.step(0 if action is None else action)

    def _info(self):
        # The winner's seat, -1 while the game goes on (an int either way, so the vector form can batch it).
        winner = self._core.winner()
        return {"commands": self._core.commands(), "winner": -1 if winner is None else winner}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._core.reset(int(self.np_random.integers(0, 2**63)))
        self._play_others()
        self._points = self._core.points(self.seat)
        return self._obs(), self._info()

    def step(self, action):
        core = self._core
        if core.actor() != self.seat:
            raise RuntimeError("step() after the episode ended: call reset()")
        core.step(int(action))
        self._play_others()
        reward = 0.0
        if self.vp_shaping:
            points = core.points(self.seat)
            reward += self.vp_shaping * (points - self._points)
            self._points = points
        winner = core.winner()
        terminated = winner is not None
        if terminated:
            reward += WIN if winner == self.seat else LOSS
        truncated = not terminated and core.commands() >= self.max_commands
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return self._core.view(self.seat)
        return None


def gym_env(game: str = "catan", players: int = 4, **options) -> HexfoldGym:
    """The single-agent Gymnasium environment (see `HexfoldGym`)."""
    return HexfoldGym(game=game, players=players, **options)


def vector_env(
    game: str = "catan", players: int = 4, num_envs: int = 8, mode: str = "sync", **options
) -> gymnasium.vector.VectorEnv:
    """`num_envs` copies of the Gymnasium environment as one batch (Gymnasium's vector API, autoreset on): `mode`
    "sync" steps them in this process, "async" in one worker process each (for more than one core)."""
    fns = [lambda: HexfoldGym(game=game, players=players, **options) for _ in range(num_envs)]
    if mode == "sync":
        return gymnasium.vector.SyncVectorEnv(fns)
    if mode == "async":
        return gymnasium.vector.AsyncVectorEnv(fns)
    raise ValueError(f"mode is 'sync' or 'async', not {mode!r}")

"""The PettingZoo AEC environment, with the conventions of PettingZoo's classic games: agents `player_0` ..
`player_{N-1}` are the seats, `observe(agent)` gives {"observation": float32 vector of named blocks at fixed offsets
(`observation_layout()`), "action_mask": int8 vector},
the action space is Discrete(actions) and an action is an index into the acting seat's legal actions."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hexfold._hexfold import Env as _CoreEnv
from hexfold.layout import Field, blocks, fields

#: Rewards at the end of a game: the winner's and every other seat's.
WIN, LOSS = 1.0, -1.0

#: The observation space's bounds: far above any sum a view's numbers reach.
OBS_BOUND = 1e9


def _seed_from(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**63))


class HexfoldAEC(AECEnv):
    """One game of `game` at a table of `players` seats. Options:

    - `seed`: the default seed of `reset()` without one;
    - `beginner_map`: the game's fixed beginner map where it has one (a random map otherwise);
    - `config`: a dict of the rules' configuration fields put over the default (e.g. {"points_to_win": 5});
    - `vp_shaping`: a coefficient; each step then also rewards every seat with that much of the change in its own
      points (victory points as the seat knows them, or the game's own count of progress);
    - `max_commands`: the game is truncated for every seat after that many commands (default 20,000).
    """

    metadata = {"render_modes": ["ansi"], "name": "hexfold_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "catan",
        players: int = 4,
        seed: int | None = None,
        beginner_map: bool = False,
        config: dict | None = None,
        vp_shaping: float = 0.0,
        max_commands: int = 20_000,
        render_mode: str | None = None,
    ):
        super().__init__()
        import json

        self._config = json.dumps(config) if config else None
        self._beginner_map = beginner_map
        self._core = _CoreEnv(game, players, 0, beginner_map, self._config)
        #: The game's canonical name (`cities-and-knights` also when asked for as `cities-knights`).
        self.game = self._core.game
        self.vp_shaping = float(vp_shaping)
        self.max_commands = int(max_commands)
        self.render_mode = render_mode
        self._default_seed = seed
        self.metadata = dict(self.metadata, name=f"hexfold_{self.game.replace('-', '_')}_v0")
        n = self._core.seats
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.num_actions = self._core.actions
        obs_len = self._core.obs_len
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (obs_len,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._np_random = np.random.default_rng(seed)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def core(self) -> _CoreEnv:
        """The game itself (`hexfold._hexfold.Env`): its views, legal commands as JSON, bots and redeal."""
        return self._core

    def seat(self, agent: str) -> int:
        return self._seat_of[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = self._default_seed if self._default_seed is not None else _seed_from(self._np_random)
            self._default_seed = None
        self._core.reset(int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._points = [self._core.points(i) for i in range(len(self.agents))]
        self.agent_selection = self.possible_agents[self._core.actor()]

    def observe(self, agent: str):
        obs, mask = self._core.observe(self._seat_of[agent])
        return {
            "observation": np.frombuffer(obs, dtype=np.float32),
            "action_mask": np.frombuffer(mask, dtype=np.int8),
        }

    def observation_layout(self, agent: str | None = None) -> list[Field]:
        """The observation's blocks as (name, offset, length, meaning), in order: the same for every agent and every
        step of this environment (the README's tables show them)."""
        return fields(self._core)

    def observation_blocks(self, observation) -> dict:
        """An observation vector (or the dict `observe` returns) cut into its blocks, by name."""
        if isinstance(observation, dict):
            observation = observation["observation"]
        return blocks(self._core, observation)

    def legal_commands(self, agent: str) -> list[str]:
        """The agent's legal commands as JSON, in the order of the action indices (empty unless it is to act; on an
        answer turn to another seat's trade offer, `"Pass"` first, at index 0)."""
        return self._core.legal(self._seat_of[agent])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._core.step(int(action))
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.vp_shaping:
            for i, a in enumerate(self.agents):
                points = self._core.points(i)
                self.rewards[a] += self.vp_shaping * (points - self._points[i])
                self._points[i] = points
        actor = self._core.actor()
        if actor is None:
            winner = self._core.winner()
            for i, a in enumerate(self.agents):
                self.rewards[a] += WIN if i == winner else LOSS
                self.terminations[a] = True
            self.agent_selection = agent
        else:
            if self._core.commands() >= self.max_commands:
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self.possible_agents[actor]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            actor = self._core.actor()
            return (
                f"{self.game}: {self._core.commands()} commands, "
                + (f"seat {actor} to act" if actor is not None else f"won by seat {self._core.winner()}")
            )
        return None

    def close(self) -> None:
        pass


def env(game: str = "catan", players: int = 4, **options) -> HexfoldAEC:
    """The AEC environment of `game` (one of `hexfold.GAMES`; "cities-knights" is accepted for
    "cities-and-knights") at `players` seats."""
    return HexfoldAEC(game=game, players=players, **options)

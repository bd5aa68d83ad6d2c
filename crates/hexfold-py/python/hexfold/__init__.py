"""hexfold for bot and reinforcement-learning authors: the games of the hexfold server as PettingZoo AEC
environments and a Gymnasium single-agent wrapper, with the Rust rules crate running in this process (no server,
no network).

    import hexfold
    env = hexfold.env(game="catan", players=4)          # PettingZoo AEC
    gym_env = hexfold.gym_env(game="catan", players=4)  # Gymnasium: seat 0 learns, the others are bots

Games: `hexfold.GAMES` names them, with their seats ("cities-and-knights" is also accepted as "cities-knights").
See the package README for the observation's layout, the action space and the options.
"""

from hexfold._hexfold import ALIASES, GAMES, Env as _CoreEnv
from hexfold.aec import HexfoldAEC, env
from hexfold.layout import Field
from hexfold.gym import HexfoldGym, gym_env, vector_env
from hexfold.replay import load_export, replay_export

__all__ = [
    "ALIASES",
    "Field",
    "GAMES",
    "HexfoldAEC",
    "HexfoldGym",
    "env",
    "gym_env",
    "vector_env",
    "load_export",
    "replay_export",
    "_CoreEnv",
]

import hexfold
import pytest

#: Every game at every table size it is played with.
TABLES = [(game, n) for game, low, high in hexfold.GAMES for n in range(low, high + 1)]


def random_legal(mask, rng):
    """A uniformly random action among the mask's legal ones."""
    import numpy as np

    return int(rng.choice(np.flatnonzero(mask)))


@pytest.fixture(params=TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def table(request):
    return request.param

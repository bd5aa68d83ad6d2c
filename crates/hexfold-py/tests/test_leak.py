"""No hidden card leaks into a seat's observation or action mask: along random games, what each seat cannot see
(the other seats' hands, the face-down decks) is dealt again consistently with its view (the rules crate's
`Redeal`, the same the server's property tests use), and the seat's observation, action mask and legal commands
must be the same in the redealt game. The test also checks that the redeal changed something the seat does not
see, so that it could fail."""

import hexfold
import numpy as np
from conftest import random_legal


def test_a_seats_observation_and_mask_do_not_depend_on_what_it_cannot_see(table):
    game, players = table
    env = hexfold.env(game=game, players=players, max_commands=600)
    env.reset(seed=5)
    core = env.core
    rng = np.random.default_rng(5)
    compared = hidden_changed = 0
    step = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if step % 7 == 0:
            for seat in range(players):
                mine = core.observe(seat)
                legal = core.legal(seat)
                for k in range(2):
                    other = core.redealt(seat, step * 31 + k)
                    assert other.observe(seat) == mine, f"{game}: seat {seat}'s observation changed at step {step}"
                    assert other.legal(seat) == legal, f"{game}: seat {seat}'s legal actions changed at step {step}"
                    assert other.actor() == core.actor()
                    compared += 1
                    # Something the seat may not see moved: another seat's own view differs.
                    hidden_changed += any(
                        other.view(s) != core.view(s) for s in range(players) if s != seat
                    )
        step += 1
        env.step(random_legal(obs["action_mask"], rng))
    assert compared > 50
    assert hidden_changed > compared // 4, f"{game}: the redeal moved hidden cards in {hidden_changed} of {compared}"

"""A training loop's skeleton on hupai.VecGame: every seat of every game is played by one
policy (here a random one over the legal actions; put a model in `policy`), the observations
and masks come back in the same numpy arrays each step, and a finished game's results (points
in thousands, uma and oka included) are the rewards. No ML library is needed to run it.

    python examples/train_loop.py        # 64 games, 100,000 steps
"""

import time

import numpy as np

import hupai


def policy(obs: np.ndarray, masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The action of each row: a uniform pick among its legal actions."""
    return (rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int64)


def main(n: int = 64, steps: int = 100_000) -> None:
    games = hupai.VecGame(n, seed=0)
    obs, masks, seats = games.observe()
    rng = np.random.default_rng(0)
    returns = []
    start = time.perf_counter()
    for _ in range(steps // n):
        actions = policy(obs, masks, rng)
        obs, masks, seats, rewards, dones = games.step(actions)
        # Learn here: (obs, actions, rewards[np.arange(n), seats], dones) …
        returns.extend(rewards[dones].ravel().tolist())
    took = time.perf_counter() - start
    print(f"{steps // n * n} steps in {took:.2f} s ({steps // n * n / took:,.0f} steps/s), "
          f"{games.games_finished} games finished")


if __name__ == "__main__":
    main()

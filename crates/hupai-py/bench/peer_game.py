"""The table side by side with a peer game engine from Python, same machine, same run:
riichienv (Rust core, Gym-style Python API; PyPI, pinned by bench/peer-game) and hupai.Game,
each playing four-player hanchan under its default riichi rules with uniform random legal
actions picked in Python (the same loop: ask the legal actions, pick, step), then
hupai.VecGame(1024) with the picks made by numpy. A decision is one seat's answer.

    crates/hupai-py/bench/peer-game          # makes the venv, then runs this
"""

import random
import sys
import time

import numpy as np

import hupai

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0


def riichienv_games():
    import riichienv

    rng = random.Random(1)
    start, decisions, games = time.perf_counter(), 0, 0
    while time.perf_counter() - start < SECONDS:
        env = riichienv.RiichiEnv(game_mode=2, skip_mjai_logging=True, seed=games)
        obs = env.reset()
        while not env.done():
            actions = {seat: rng.choice(o.legal_actions()) for seat, o in obs.items()}
            decisions += len(actions)
            obs = env.step(actions)
        games += 1
    return decisions, games, time.perf_counter() - start


def hupai_games():
    rng = random.Random(1)
    start, decisions, games = time.perf_counter(), 0, 0
    while time.perf_counter() - start < SECONDS:
        game = hupai.Game(seed=games)
        while seats := game.to_act():
            for seat in seats:
                game.step(seat, rng.choice(game.legal(seat)))
                decisions += 1
        games += 1
    return decisions, games, time.perf_counter() - start


def hupai_vec():
    games = hupai.VecGame(1024, seed=0)
    rng = np.random.default_rng(1)
    obs, masks, seats = games.observe()
    start, decisions, done = time.perf_counter(), 0, 0
    while time.perf_counter() - start < SECONDS:
        # A uniform legal pick per game: the argmax of random keys on the legal actions.
        keys = rng.random(masks.shape) * masks
        obs, masks, seats, rewards, dones = games.step(keys.argmax(axis=1))
        decisions += len(keys)
        done += int(dones.sum())
    return decisions, done, time.perf_counter() - start


def main():
    rows = []
    try:
        import riichienv  # noqa: F401

        rows.append(("riichienv " + getattr(riichienv, "__version__", "0.4.11"), riichienv_games()))
    except ImportError:
        print("peer-game: riichienv is not installed (bench/peer-game installs it)", file=sys.stderr)
    rows.append(("hupai.Game", hupai_games()))
    rows.append(("hupai.VecGame(1024)", hupai_vec()))
    print(f"| one core, random legal actions | decisions/s | hanchan/s | decisions a hanchan |")
    print("|---|---:|---:|---:|")
    for name, (decisions, games, seconds) in rows:
        # VecGame's decisions include those of the games still in play when time is up.
        per = "—" if name.startswith("hupai.VecGame") else f"{decisions / games:,.0f}"
        print(f"| {name} | {decisions / seconds:,.0f} | {games / seconds:,.1f} | {per} |")


if __name__ == "__main__":
    main()

"""Shanten on the same random 13-tile riichi hands: hupai's vectorised call (threads=1 and 2),
hupai per hand, the `xiangting` wheel per hand in a loop, and the `mahjong` package per hand.

    python bench/bench.py                 # 1M hands (mahjong on the first 20,000: ~1 s)
    python bench/bench.py --hands 100000 --mahjong-hands 0

Prints a Markdown table: time per hand and how many times faster hupai's vectorised call is.
Every tool's answers are checked against hupai's on the hands it ran.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable, List

import numpy as np

import hupai


def random_hands(n: int, seed: int = 1) -> np.ndarray:
    """`n` hands of 13 tiles drawn from a full wall (136 tiles), as (n, 34) uint8 counts."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    for start in range(0, n, 100_000):
        m = min(100_000, n - start)
        tiles = rng.random((m, 136)).argpartition(13, axis=1)[:, :13] // 4
        rows = np.repeat(np.arange(m), 13)
        np.add.at(out[start : start + m], (rows, tiles.ravel()), 1)
    return out


def best_of(runs: int, f: Callable[[], object]) -> float:
    """Fewest seconds of `runs` runs of `f`."""
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=1_000_000)
    p.add_argument("--mahjong-hands", type=int, default=20_000)
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    counts = random_hands(a.hands)
    lists: List[List[int]] = counts.tolist()
    texts = hupai.to_text(counts)
    engine = hupai.Engine("riichi")
    ours = engine.shanten(counts)
    rows = []  # (what, hands, seconds)
    for threads in (1, 2):
        s = best_of(a.runs, lambda: engine.shanten(counts, threads=threads))
        rows.append((f"hupai `engine.shanten(array, threads={threads})`", a.hands, s))
    n = min(a.hands, 200_000)
    s = best_of(1, lambda: [engine.shanten(h) for h in lists[:n]])
    rows.append(("hupai `engine.shanten(list)` per hand", n, s))
    s = best_of(1, lambda: [engine.shanten(t) for t in texts[:n]])
    rows.append(("hupai `engine.shanten(str)` per hand", n, s))
    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        calc = xiangting.calculate_replacement_number
        theirs = []
        s = best_of(1, lambda: theirs.extend(calc(h, four) for h in lists))
        assert np.array_equal(np.array(theirs[: a.hands]) - 1, ours), "xiangting disagrees"
        rows.append(("`xiangting` wheel per hand (loop)", a.hands, s))
    except ImportError:
        print("xiangting is not installed: pip install xiangting")
    if a.mahjong_hands:
        try:
            from mahjong.shanten import Shanten

            sh = Shanten()
            m = min(a.mahjong_hands, a.hands)
            theirs = []
            s = best_of(1, lambda: theirs.extend(sh.calculate_shanten(h) for h in lists[:m]))
            assert np.array_equal(np.array(theirs), ours[:m]), "mahjong disagrees"
            rows.append(("`mahjong` package per hand (loop)", m, s))
        except ImportError:
            print("mahjong is not installed: pip install mahjong")
    base = rows[0][2] / rows[0][1]
    print(f"Shanten of {a.hands:,} random 13-tile riichi hands (numpy uint8 counts), best of "
          f"{a.runs} for the vectorised calls:\n")
    print("| call | hands | ns a hand | hupai vectorised (threads=1) is |")
    print("|---|---:|---:|---:|")
    for what, hands, seconds in rows:
        per = seconds / hands
        print(f"| {what} | {hands:,} | {per * 1e9:,.1f} | {per / base:,.1f}× faster |")


if __name__ == "__main__":
    main()

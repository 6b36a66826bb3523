"""Shanten on the same random 13-tile riichi hands: hupai's vectorised call (threads=1 and 2),
hupai per hand, the `xiangting` wheel per hand in a loop, and the `mahjong` package per hand.

    python bench/bench.py                 # 1M hands (mahjong on the first 20,000: ~1 s)
    python bench/bench.py --hands 100000 --mahjong-hands 0 --rounds 5

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
    p.add_argument("--rounds", type=int, default=3, help="rounds of hupai then xiangting")
    a = p.parse_args()
    counts = random_hands(a.hands)
    lists: List[List[int]] = counts.tolist()
    texts = hupai.to_text(counts)
    engine = hupai.Engine("riichi")
    ours = engine.shanten(counts)
    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        calc = xiangting.calculate_replacement_number
        theirs = np.array([calc(h, four) for h in lists[:10_000]]) - 1
        assert np.array_equal(theirs, ours[:10_000]), "xiangting disagrees"
    except ImportError:
        xiangting = None
        print("xiangting is not installed: pip install xiangting")
    # The machine's speed moves: hupai and xiangting in turn, a ratio per round.
    times = {"hupai1": [], "hupai2": [], "xiangting": [], "xiangting_from_array": []}
    for _ in range(a.rounds):
        times["hupai1"].append(best_of(1, lambda: engine.shanten(counts, threads=1)))
        times["hupai2"].append(best_of(1, lambda: engine.shanten(counts, threads=2)))
        if xiangting:
            times["xiangting"].append(best_of(1, lambda: [calc(h, four) for h in lists]))
    if xiangting:
        # As a pipeline holding the same numpy array would call it: a list per row.
        times["xiangting_from_array"].append(
            best_of(1, lambda: [calc(row.tolist(), four) for row in counts])
        )
    n = min(a.hands, 200_000)
    per_list = best_of(1, lambda: [engine.shanten(h) for h in lists[:n]]) / n
    per_text = best_of(1, lambda: [engine.shanten(t) for t in texts[:n]]) / n
    mahjong = None
    if a.mahjong_hands:
        try:
            from mahjong.shanten import Shanten

            sh = Shanten()
            m = min(a.mahjong_hands, a.hands)
            found: List[int] = []
            mahjong = best_of(1, lambda: found.extend(sh.calculate_shanten(h) for h in lists[:m])) / m
            assert np.array_equal(np.array(found), ours[:m]), "mahjong disagrees"
        except ImportError:
            print("mahjong is not installed: pip install mahjong")
    ns = lambda seconds: seconds / a.hands * 1e9  # noqa: E731
    base = [ns(t) for t in times["hupai1"]]
    print(f"Shanten of {a.hands:,} random 13-tile riichi hands (numpy uint8 counts), "
          f"{a.rounds} rounds (ns a hand per round; ratios against hupai's vectorised call "
          f"with threads=1 in the same round):\n")
    print("| call | ns a hand | hupai vectorised (threads=1) is |")
    print("|---|---|---|")

    def row(what: str, values: List[float], ratios: bool = True) -> None:
        cells = " / ".join(f"{v:,.1f}" for v in values)
        if ratios:
            r = [v / b for v, b in zip(values, base)]
            median = sorted(r)[len(r) // 2]
            ratio = " / ".join(f"{x:,.1f}×" for x in r) + f" (median {median:,.1f}×)"
        else:
            ratio = "—"
        print(f"| {what} | {cells} | {ratio} |")

    row("hupai `engine.shanten(array, threads=1)`", base, ratios=False)
    row("hupai `engine.shanten(array, threads=2)`", [ns(t) for t in times["hupai2"]], ratios=False)
    if xiangting:
        row("`xiangting` wheel per hand in a loop (lists made beforehand)", [ns(t) for t in times["xiangting"]])
        x = ns(times["xiangting_from_array"][0])
        print(f"| `xiangting` per hand from the array (`row.tolist()` each) | {x:,.1f} | {x / base[-1]:,.1f}× (last round) |")
    print(f"| hupai `engine.shanten(list)` per hand ({n:,} hands) | {per_list * 1e9:,.1f} | — |")
    print(f"| hupai `engine.shanten(str)` per hand ({n:,} hands) | {per_text * 1e9:,.1f} | — |")
    if mahjong is not None:
        m_ns = mahjong * 1e9
        print(f"| `mahjong` package per hand ({m:,} hands) | {m_ns:,.1f} | "
              f"{m_ns / max(base):,.0f}× (against the slowest round) |")


if __name__ == "__main__":
    main()

"""Riichi scoring per hand from Python, in one script: the `mahjong` package (2.1.0), hupai's
`Engine.score` one hand at a time, and `Engine.score_many` over all of them, on the same
random winning hands (tests/riichi_peer.py makes them). Numbers for docs/PERFORMANCE.md.

    target/py-venv/bin/python crates/hupai-py/bench/score.py [hands]
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import hupai  # noqa: E402
import riichi_peer  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rng = random.Random(5)
    cases = [riichi_peer.random_case(rng) for _ in range(n)]
    reqs = [json.loads(riichi_peer.hupai_request(c)) for c in cases]
    wins = []
    for r in reqs:
        s = dict(r["score"])
        wins.append({"hand": r["hand"], "calls": r["melds"], **s})
    engine = hupai.Engine("riichi")

    t = time.perf_counter()
    for c in cases:
        riichi_peer.peer_score(c)
    peer = (time.perf_counter() - t) / n

    t = time.perf_counter()
    for w in wins:
        kw = dict(w)
        hand = kw.pop("hand")
        try:
            engine.score(hand, **kw)
        except hupai.NoYakuError:
            pass
    one = (time.perf_counter() - t) / n

    t = time.perf_counter()
    engine.score_many(wins)
    many = (time.perf_counter() - t) / n

    print(f"{n} random riichi wins, per hand:")
    print(f"  mahjong 2.1.0 estimate_hand_value  {peer * 1e6:9.1f} µs")
    print(f"  hupai Engine.score (one call)      {one * 1e6:9.1f} µs   ({peer / one:.0f}x)")
    print(f"  hupai Engine.score_many            {many * 1e6:9.1f} µs   ({peer / many:.0f}x)")


if __name__ == "__main__":
    main()

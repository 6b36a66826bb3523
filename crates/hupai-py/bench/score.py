"""Scoring per hand from Python, in one script: riichi against the `mahjong` package (2.1.0)
and MCR against `pymahjonggb` (1.4.0), each beside hupai's `Engine.score` one hand at a time
and `Engine.score_many` over all of them, on the same random winning hands
(tests/riichi_peer.py and tests/mcr_peer.py make them). Numbers for docs/PERFORMANCE.md.

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

try:
    import mcr_peer  # noqa: E402
except ImportError:  # pymahjonggb missing
    mcr_peer = None


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
    if mcr_peer is None:
        return
    rng = random.Random(6)
    cases = [mcr_peer.random_case(rng) for _ in range(n)]
    reqs = [json.loads(mcr_peer.hupai_request(c)) for c in cases]
    wins = [{"hand": r["hand"], "calls": r["melds"], **r["score"]} for r in reqs]
    engine = hupai.Engine("guobiao")
    t = time.perf_counter()
    for c in cases:
        mcr_peer.peer_score(c)
    peer = (time.perf_counter() - t) / n
    t = time.perf_counter()
    for w in wins:
        kw = dict(w)
        hand = kw.pop("hand")
        engine.score(hand, **kw)
    one = (time.perf_counter() - t) / n
    t = time.perf_counter()
    engine.score_many(wins)
    many = (time.perf_counter() - t) / n
    print(f"{n} random MCR wins, per hand:")
    print(f"  pymahjonggb 1.4.0 (C++ from Python)  {peer * 1e6:9.1f} µs")
    print(f"  hupai Engine.score (one call)        {one * 1e6:9.1f} µs")
    print(f"  hupai Engine.score_many              {many * 1e6:9.1f} µs")


if __name__ == "__main__":
    main()

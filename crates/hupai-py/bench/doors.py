"""What a call costs through the Python door, beside the engine's own time: `Engine.score`
one win at a time, `Engine.score_many` per row and the memory it holds a row (peak resident
memory over the list of wins already built), and `Engine.analyse` one hand at a time. Run it
with two installs (before and after a change) in one session for the figures of
docs/PERFORMANCE.md ("Through the doors").

    python crates/hupai-py/bench/doors.py [wins]
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


def peak_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def reset_peak() -> None:
    # Linux: writing 5 to clear_refs resets the peak resident set size (VmHWM).
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def best(f, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rng = random.Random(5)
    reqs = [json.loads(riichi_peer.hupai_request(riichi_peer.random_case(rng))) for _ in range(n)]
    wins = [{"hand": r["hand"], "calls": r["melds"], **r["score"]} for r in reqs]
    engine = hupai.Engine("riichi")

    def one_by_one() -> None:
        for w in wins:
            kw = dict(w)
            hand = kw.pop("hand")
            try:
                engine.score(hand, **kw)
            except hupai.NoYakuError:
                pass

    one = best(one_by_one) / n
    many = best(lambda: engine.score_many(wins)) / n
    big = wins * (200_000 // n + 1)
    reset_peak()
    before = peak_kb()
    engine.score_many(big)
    held = (peak_kb() - before) * 1024 / len(big)
    hands = [r["hand"] for r in reqs if sum(c.isdigit() for c in r["hand"]) == 14][:5000] or ["123m456p789s11222z"]
    an = best(lambda: [engine.analyse(h) for h in hands]) / len(hands)
    print(f"hupai {getattr(hupai, '__version__', '?')}: {n} random riichi wins")
    print(f"  Engine.score, one call           {one * 1e6:8.2f} µs")
    print(f"  Engine.score_many, a row         {many * 1e6:8.2f} µs")
    print(f"  Engine.score_many, held a row    {held:8.0f} bytes (peak over {len(big)} rows)")
    print(f"  Engine.analyse (14 tiles), a call {an * 1e6:7.2f} µs")


if __name__ == "__main__":
    main()

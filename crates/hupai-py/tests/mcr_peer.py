"""MCR (Chinese Official, guobiao) scoring against `pymahjonggb` (the fan calculator of
ChineseOfficialMahjongHelper): random winning hands of every form — the standard form with
0–4 calls (chi, pon, open and concealed kongs), seven pairs, thirteen orphans, knitted
straight (组合龙, with a call or none), 全不靠 and 七星不靠 — with random flowers, winds and
every winning-tile flag (自摸, 和绝张, 杠上开花 / 抢杠和, 妙手回春 / 海底捞月), scored by both.

The pytest module test_score_mcr.py runs a bounded sample; the full sweep runs as

    python crates/hupai-py/tests/mcr_peer.py --hands 1000000 --bin target/release/hupai
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import MahjongGB

SUITS = "mpsz"
# pymahjonggb's tile names: W 万 (m), B 饼 (p), T 条 (s), F winds 1-4, J dragons 1 中 2 发 3 白.
PEER_HONORS = {27: "F1", 28: "F2", 29: "F3", 30: "F4", 31: "J3", 32: "J2", 33: "J1"}


def peer_tile(i: int) -> str:
    if i >= 27:
        return PEER_HONORS[i]
    return "WBT"[i // 9] + str(i % 9 + 1)


def name(i: int) -> str:
    return f"{i % 9 + 1 if i < 27 else i - 26}{SUITS[i // 9]}"


KNITS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


def knitted(order: tuple[int, int, int]) -> list[int]:
    """The nine tiles of a knitted arrangement: 147 of one suit, 258 of the next, 369."""
    return [9 * order[k] + n - 1 for k, ns in enumerate([(1, 4, 7), (2, 5, 8), (3, 6, 9)]) for n in ns]


def random_hand(rng: random.Random) -> dict[str, Any] | None:
    """Counts of the concealed tiles (the winning tile among them), calls [(kind, tile)], the
    winning tile."""
    counts = [0] * 34
    form = rng.choices(
        ["standard", "seven_pairs", "orphans", "knitted_straight", "quanbukao", "qixing",
         "nine_gates", "terminal_chows"],
        [78, 7, 3, 4, 3, 3, 1, 1],
    )[0]
    calls: list[tuple[str, int]] = []
    if form == "nine_gates":
        s = 9 * rng.randrange(3)
        for n, c in enumerate([3, 1, 1, 1, 1, 1, 1, 1, 3]):
            counts[s + n] = c
        counts[s + rng.randrange(9)] += 1
    elif form == "terminal_chows":
        # 123 and 789 twice around a pair of fives: one suit (一色双龙会) or two and a third
        # suit's pair (三色双龙会).
        suits = [rng.randrange(3)] * 4 if rng.random() < 0.5 else None
        if suits is None:
            a, b, c = rng.sample(range(3), 3)
            suits, pair_suit = [a, a, b, b], c
        else:
            pair_suit = suits[0]
        for k, s in enumerate(suits):
            start = 9 * s + (0 if k % 2 == 0 else 6)
            for j in range(3):
                counts[start + j] += 1
        counts[9 * pair_suit + 4] += 2
    elif form == "orphans":
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        for i in orphans:
            counts[i] = 1
        counts[rng.choice(orphans)] += 1
    elif form == "seven_pairs":
        kinds = rng.sample(range(34), 7) if rng.random() < 0.7 else None
        if kinds is None:  # a run of pairs in one suit (连七对) or a four as two pairs
            s = 9 * rng.randrange(3)
            start = rng.randrange(3)
            kinds = [s + start + k for k in range(7)]
        for i in kinds:
            counts[i] += 2
        if rng.random() < 0.15:
            i = rng.choice(kinds)
            j = rng.choice([k for k in kinds if k != i])
            counts[i] += 2
            counts[j] -= 2
    elif form in ("quanbukao", "qixing"):
        tiles = knitted(rng.choice(KNITS))
        honors = list(range(27, 34))
        take = 7 if form == "qixing" else rng.choice([5, 6])
        suited = rng.sample(tiles, 14 - take)
        for i in suited + rng.sample(honors, take):
            counts[i] = 1
    else:
        used = [0] * 34
        n_calls = rng.choices([0, 1, 2, 3, 4], [40, 25, 18, 12, 5])[0]
        sets: list[tuple[str, int]] = []
        if form == "knitted_straight":
            for i in knitted(rng.choice(KNITS)):
                counts[i] += 1
                used[i] += 1
            n_calls = min(n_calls, 1)
            needed = 1
        else:
            needed = 4
        pool = list(range(34))
        theme = rng.random()
        if theme < 0.05:  # terminals only (清幺九), or the fives' sets (全带五)
            pool = [0, 8, 9, 17, 18, 26] if rng.random() < 0.5 else [2, 3, 4, 11, 12, 13, 20, 21, 22]
        elif theme < 0.4:  # one suit and perhaps honors
            s = 9 * rng.randrange(3)
            pool = list(range(s, s + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])
        for k in range(needed):
            for _ in range(30):
                i = rng.choice(pool)
                chow = i < 27 and i % 9 <= 6 and rng.random() < 0.55 and all(j in pool for j in (i + 1, i + 2))
                cells = [i, i + 1, i + 2] if chow else [i, i, i]
                kong = not chow and rng.random() < 0.2
                if kong:
                    cells = [i] * 4
                if any(used[c] + cells.count(c) > 4 for c in set(cells)):
                    continue
                for c in cells:
                    used[c] += 1
                if k < n_calls:
                    kind = "chi" if chow else ("kan" if kong and rng.random() < 0.6 else "ankan" if kong else "pon")
                    calls.append((kind, i))
                else:
                    if kong:  # a concealed kong is a call too (declared)
                        calls.append(("ankan", i))
                    else:
                        for c in cells:
                            counts[c] += 1
                break
            else:
                return None
        pairs = [i for i in pool if used[i] <= 2]
        if not pairs:
            return None
        counts[rng.choice(pairs)] += 2
    held = [i for i in range(34) if counts[i]]
    if not held or any(c > 4 for c in counts):
        return None
    return {"counts": counts, "calls": calls, "win": rng.choice(held), "form": form}


def random_case(rng: random.Random) -> dict[str, Any]:
    while True:
        h = random_hand(rng)
        if h is not None:
            break
    kong = any("kan" in k for k, _ in h["calls"])
    in_calls = any(h["win"] in ([i, i + 1, i + 2] if k == "chi" else [i]) for k, i in h["calls"])
    tsumo = rng.random() < 0.5
    flags = {
        "tsumo": tsumo,
        "seat": name(27 + rng.randrange(4)),
        "round": name(27 + rng.randrange(4)),
        "flowers": rng.choice([0, 0, 0, 1, 2, 3, 8]),
        # 和绝张: the winning tile's last copy (only when the hand holds one of it).
        "last_copy": h["counts"][h["win"]] == 1 and rng.random() < 0.1,
        "wall_last": rng.random() < 0.08,
        # 杠上开花 (tsumo after a kong) / 抢杠和 (ron on a kong's tile)
        "kong": (kong if tsumo else h["counts"][h["win"]] == 1 and not in_calls) and rng.random() < 0.1,
    }
    h.update(flags)
    return h


def peer_score(case: dict[str, Any]) -> dict[str, Any]:
    """The peer's fans as {name: points × count}, and the total."""
    packs = []
    for kind, i in case["calls"]:
        if kind == "chi":
            packs.append(("CHI", peer_tile(i + 1), 1))
        elif kind == "pon":
            packs.append(("PENG", peer_tile(i), 1))
        else:
            packs.append(("GANG", peer_tile(i), 0 if kind == "ankan" else 1))
    counts = list(case["counts"])
    counts[case["win"]] -= 1
    hand = tuple(peer_tile(i) for i in range(34) for _ in range(counts[i]))
    try:
        fans = MahjongGB.MahjongFanCalculator(
            tuple(packs), hand, peer_tile(case["win"]), case["flowers"], case["tsumo"],
            case["last_copy"], case["kong"], case["wall_last"],
            int(case["seat"][0]) - 1, int(case["round"][0]) - 1, True,
        )
    except Exception as e:  # noqa: BLE001 - the peer raises TypeError for a hand it refuses
        return {"error": str(e)}
    table = {en: points * cnt for points, cnt, _, en in fans}
    return {"fans": table, "total": sum(table.values())}


def hupai_request(case: dict[str, Any]) -> str:
    melds = []
    for kind, i in case["calls"]:
        cells = [i, i + 1, i + 2] if kind == "chi" else [i] * (4 if "kan" in kind else 3)
        melds.append(f"{kind} " + "".join(name(c)[0] for c in cells) + SUITS[i // 9])
    hand = ""
    for s in range(4):
        digits = "".join(str(n + 1) * case["counts"][9 * s + n] for n in range(9 if s < 3 else 7))
        if digits:
            hand += digits + SUITS[s]
    score = {k: case[k] for k in ("tsumo", "seat", "round", "flowers", "last_copy")}
    if case["wall_last"]:
        score["haitei" if case["tsumo"] else "houtei"] = True
    if case["kong"]:
        score["rinshan" if case["tsumo"] else "chankan"] = True
    score["win"] = name(case["win"])
    return json.dumps({"hand": hand, "rules": "guobiao", "melds": melds, "score": score})


def run(n: int, seed: int, binary: str, show: int = 10) -> tuple[int, Counter]:
    """Scores `n` random wins with both; returns the number of differences and the fans
    reached (the peer's names)."""
    rng = random.Random(seed)
    cases = [random_case(rng) for _ in range(n)]
    peers = [peer_score(c) for c in cases]
    lines = "\n".join(hupai_request(c) for c in cases) + "\n"
    out = subprocess.run([binary, "batch"], input=lines, capture_output=True, text=True, check=True)
    answers = out.stdout.splitlines()
    assert len(answers) == n
    fans: Counter = Counter()
    bad = 0
    for c, p, line in zip(cases, peers, answers):
        ours = json.loads(line).get("score", {})
        mine = {f["name"]: f["points"] * f["count"] for f in ours.get("fans", [])}
        fans.update(mine.keys())
        if "error" in p or mine != p["fans"] or ours.get("total") != p["total"]:
            bad += 1
            if bad <= show:
                print("DIFF", hupai_request(c), "\n  hupai:", mine, ours.get("total"),
                      ours.get("error", ""), "\n  peer: ", p, file=sys.stderr)
    return bad, fans


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default="target/release/hupai")
    a = ap.parse_args()
    bad, fans = run(a.hands, a.seed, a.bin)
    print(f"{a.hands} hands, {bad} differences; fans reached: {len(fans)}")
    print(", ".join(f"{k} {v}" for k, v in sorted(fans.items())))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

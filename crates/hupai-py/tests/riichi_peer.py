"""Riichi scoring against the `mahjong` package (2.1.0, pinned in requirements-dev.txt): random
winning hands with random situations and rule options, scored by both; every difference is
reported. The pytest module test_score_riichi.py runs a bounded sample; the full sweep runs as

    python crates/hupai-py/tests/riichi_peer.py --hands 1000000 --bin target/release/hupai

Hands come from themes (plain, one suit, honors, terminals, green, triplets, seven pairs,
thirteen orphans, nine gates) so that every yaku and yakuman is reached; calls are chi, pon,
open and closed kans; red fives are marked at random. A situation never breaks the rules a
scorer checks (riichi only closed, rinshan only with a kan, chankan on a lone tile…): both
scorers refuse those, and hupai's refusals have their own tests.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import subprocess
import sys
from collections import Counter
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

SUITS = "mpsz"

# The mahjong package's yaku names, as hupai's ids.
PEER_YAKU = {
    "tsumo": "menzen_tsumo", "riichi": "riichi", "daburu_riichi": "double_riichi",
    "ippatsu": "ippatsu", "chankan": "chankan", "rinshan": "rinshan", "haitei": "haitei",
    "houtei": "houtei", "pinfu": "pinfu", "tanyao": "tanyao", "iipeiko": "iipeikou",
    "haku": "haku", "hatsu": "hatsu", "chun": "chun", "sanshoku": "sanshoku", "ittsu": "ittsu",
    "chantai": "chanta", "chiitoitsu": "chiitoitsu", "toitoi": "toitoi", "sanankou": "sanankou",
    "sankantsu": "sankantsu", "sanshoku_douko": "sanshoku_doukou", "honroto": "honroutou",
    "shosangen": "shousangen", "honitsu": "honitsu", "junchan": "junchan",
    "ryanpeiko": "ryanpeikou", "chinitsu": "chinitsu", "renhou": "renhou", "dora": "dora",
    "aka_dora": "aka_dora", "ura_dora": "ura_dora", "kokushi": "kokushi_musou",
    "daburu_kokushi": "kokushi_juusanmen", "chuuren_poutou": "chuuren_poutou",
    "daburu_chuuren_poutou": "junsei_chuuren_poutou", "suuankou": "suuankou",
    "suuankou_tanki": "suuankou_tanki", "daisangen": "daisangen", "shosuushi": "shousuushii",
    "daisuushi": "daisuushii", "ryuisou": "ryuuiisou", "tsuisou": "tsuuiisou",
    "chinroto": "chinroutou", "suukantsu": "suukantsu", "tenhou": "tenhou",
    "chiihou": "chiihou", "renhou_yakuman": "renhou_yakuman",
}
for wind in ("east", "south", "west", "north"):
    PEER_YAKU[f"seat_wind_{wind}"] = "seat_wind"
    PEER_YAKU[f"round_wind_{wind}"] = "round_wind"

THEMES = {
    "plain": list(range(34)),
    "one_suit": None,  # one suit and the honors, picked per hand
    "pure": None,  # one suit alone
    "honors": list(range(27, 34)),
    "orphans": [0, 8, 9, 17, 18, 26] + list(range(27, 34)),
    "terminals": [0, 8, 9, 17, 18, 26],
    "green": [19, 20, 21, 23, 25, 32],
    "simples": [i for i in range(27) if i % 9 not in (0, 8)],
    "outside": [i for i in range(27) if i % 9 in (0, 1, 2, 6, 7, 8)] + list(range(27, 34)),
    "winds_dragons": [27, 28, 29, 30, 31, 32, 33, 0, 9, 18],
}


def name(i: int) -> str:
    return f"{i % 9 + 1 if i < 27 else i - 26}{SUITS[i // 9]}"


def random_hand(rng: random.Random) -> dict[str, Any] | None:
    """A random winning hand: concealed counts, calls [(kind, lowest tile)], the winning tile."""
    counts = [0] * 34
    form = rng.choices(["standard", "seven_pairs", "orphans", "nine_gates"], [90, 6, 2, 2])[0]
    if form == "orphans":
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        for i in orphans:
            counts[i] = 1
        counts[rng.choice(orphans)] += 1
        return {"counts": counts, "calls": [], "win": rng.choice([i for i in range(34) if counts[i]])}
    if form == "nine_gates":
        s = 9 * rng.randrange(3)
        for n, c in enumerate([3, 1, 1, 1, 1, 1, 1, 1, 3]):
            counts[s + n] = c
        counts[s + rng.randrange(9)] += 1
        return {"counts": counts, "calls": [], "win": rng.choice([i for i in range(34) if counts[i]])}
    theme = rng.choice(list(THEMES))
    pool = THEMES[theme]
    if theme in ("one_suit", "pure"):
        s = 9 * rng.randrange(3)
        pool = list(range(s, s + 9)) + (list(range(27, 34)) if theme == "one_suit" else [])
    if form == "seven_pairs":
        if len(pool) < 7:
            return None
        for i in rng.sample(pool, 7):
            counts[i] = 2
        return {"counts": counts, "calls": [], "win": rng.choice([i for i in range(34) if counts[i]])}
    used = [0] * 34
    n_calls = rng.choices([0, 1, 2, 3, 4], [45, 25, 15, 10, 5])[0]
    triplet_bias = rng.random() < 0.3
    calls = []
    # Some hands start from the sets of a yaku that random sets seldom make: a straight, the
    # same run in three suits, three pungs of one number, terminal runs.
    s0, n0 = 9 * rng.randrange(3), rng.randrange(7)
    seeds = rng.choice([
        [], [], [], [],
        [("c", s0), ("c", s0 + 3), ("c", s0 + 6)],
        [("c", n0), ("c", 9 + n0), ("c", 18 + n0)],
        [("p", n0), ("p", 9 + n0), ("p", 18 + n0)],
        [("c", 9 * rng.randrange(3) + rng.choice([0, 6])) for _ in range(3)],
        [("c", s0 + rng.choice([1, 2, 3, 4, 5])) for _ in range(2)],
    ])
    rng.shuffle(seeds)
    for k in range(4):
        for attempt in range(20):
            if k < len(seeds) and attempt == 0:
                shape0, i = seeds[k]
                pool_ok = True
            else:
                shape0, i = None, rng.choice(pool)
                pool_ok = False
            if shape0 == "c" and pool_ok:
                if all(used[j] < 4 for j in (i, i + 1, i + 2)):
                    cells = [i, i + 1, i + 2]
                    for j in cells:
                        used[j] += 1
                    if k < n_calls:
                        calls.append(("chi", i))
                    else:
                        for j in cells:
                            counts[j] += 1
                    break
                continue
            if shape0 == "p" and pool_ok and used[i] <= 1:
                for _ in range(3):
                    used[i] += 1
                if k < n_calls:
                    calls.append(("pon", i))
                else:
                    counts[i] += 3
                break
            chow_ok = i < 27 and i % 9 <= 6 and all(j in pool for j in (i, i + 1, i + 2))
            shape = "chow" if chow_ok and not triplet_bias and rng.random() < 0.6 else "pung"
            if shape == "chow" and all(used[j] < 4 for j in (i, i + 1, i + 2)):
                cells = [i, i + 1, i + 2]
            elif shape == "pung" and used[i] <= 1:
                cells = [i, i, i]
                if k < n_calls and rng.random() < 0.35 and used[i] == 0:
                    cells = [i, i, i, i]
            else:
                continue
            for j in cells:
                used[j] += 1
            if k < n_calls:
                if len(cells) == 4:
                    kind = rng.choice(["kan", "ankan"])
                else:
                    kind = "chi" if cells[0] != cells[1] else "pon"
                calls.append((kind, i))
            else:
                for j in cells:
                    counts[j] += 1
            break
        else:
            return None
    pairs = [i for i in pool if used[i] <= 2]
    if rng.random() < 0.2:
        pairs = [i for i in range(34) if used[i] <= 2]
    if not pairs:
        return None
    p = rng.choice(pairs)
    counts[p] += 2
    concealed = [i for i in range(34) if counts[i]]
    return {"counts": counts, "calls": calls, "win": rng.choice(concealed)}


def indicators(rng: random.Random, left: list[int], n: int) -> list[str]:
    """`n` indicator tiles drawn from the copies `left` (which they then use up)."""
    out = []
    for _ in range(n):
        i = rng.choice([k for k in range(34) if left[k] > 0])
        left[i] -= 1
        out.append(name(i))
    return out


def random_case(rng: random.Random) -> dict[str, Any]:
    while True:
        hand = random_hand(rng)
        if hand is not None:
            break
    calls = hand["calls"]
    counts = hand["counts"]
    all_counts = counts[:]
    for kind, i in calls:
        cells = [i, i + 1, i + 2] if kind == "chi" else [i] * (4 if "kan" in kind else 3)
        for j in cells:
            all_counts[j] += 1
    open_hand = any(k != "ankan" for k, _ in calls)
    has_kan = any("kan" in k for k, _ in calls)
    # Red fives: for each suit holding a five, sometimes one copy is red (concealed or called).
    red_concealed = [False] * 3
    red_call = [None, None, None]
    for s in range(3):
        five = 9 * s + 4
        # Four fives of a suit hold its red one (the usual set has one red five a suit).
        if all_counts[five] == 4 or (all_counts[five] and rng.random() < 0.5):
            holders = (["hand"] if counts[five] else []) + [
                ci for ci, (k, i) in enumerate(calls) if five in ([i, i + 1, i + 2] if k == "chi" else [i])
            ]
            h = rng.choice(holders)
            if h == "hand":
                red_concealed[s] = True
            else:
                red_call[s] = h
    # The indicators are tiles in play too: each is drawn from the copies the hand leaves.
    left = [4 - c for c in all_counts]
    tsumo = rng.random() < 0.5
    seat = rng.randrange(4)
    situ: dict[str, Any] = {
        "tsumo": tsumo,
        "seat": name(27 + seat),
        "round": name(27 + rng.randrange(4)),
    }
    if not open_hand and rng.random() < 0.5:
        if rng.random() < 0.15:
            situ["double_riichi"] = True
        else:
            situ["riichi"] = True
        if rng.random() < 0.25:
            situ["ippatsu"] = True
        situ["ura_dora"] = indicators(rng, left, rng.randrange(0, 3))
    r = rng.random()
    if tsumo:
        if r < 0.08:
            situ["haitei"] = True
        elif r < 0.16 and has_kan and not situ.get("ippatsu"):
            # The winner's own kan, which rinshan follows, ends ippatsu.
            situ["rinshan"] = True
    else:
        if r < 0.08:
            situ["houtei"] = True
        elif r < 0.16 and counts[hand["win"]] == 1:
            situ["chankan"] = True
    # Tenhou, chiihou and renhou come before the winner's first discard: no riichi.
    riichi = situ.get("riichi") or situ.get("double_riichi")
    if not calls and not riichi and rng.random() < 0.03:
        if seat == 0 and tsumo:
            situ["tenhou"] = True
        elif seat != 0 and tsumo:
            situ["chiihou"] = True
        elif seat != 0:
            situ["renhou"] = True
    # One ura-dora indicator lies under each dora indicator.
    ura = len(situ.get("ura_dora", []))
    situ["dora"] = indicators(rng, left, ura if ura else rng.randrange(0, 4))
    situ["honba"] = rng.choice([0, 0, 1, 2, 5])
    situ["riichi_sticks"] = rng.choice([0, 0, 1, 3])
    options = {
        "open_tanyao": rng.random() < 0.5,
        "red_fives": rng.random() < 0.5,
        "kiriage": rng.random() < 0.3,
        "kazoe": rng.choice(["yakuman", "sanbaiman", "unlimited"]),
        "double_yakuman": rng.random() < 0.5,
        "renhou_yakuman": rng.random() < 0.5,
    }
    return {
        "counts": counts, "calls": calls, "win": hand["win"], "red_concealed": red_concealed,
        "red_call": red_call, "situation": situ, "options": options,
    }


def mpsz(counts: list[int], red: list[bool]) -> str:
    out = ""
    for s in range(4):
        digits = ""
        for n in range(9 if s < 3 else 7):
            i = 9 * s + n
            c = counts[i]
            if s < 3 and n == 4 and red[s] and c:
                digits += "0" + "5" * (c - 1)
            else:
                digits += str(n + 1) * c
        if digits:
            out += digits + SUITS[s]
    return out


def hupai_request(case: dict[str, Any]) -> str:
    melds = []
    for ci, (kind, i) in enumerate(case["calls"]):
        cells = [i, i + 1, i + 2] if kind == "chi" else [i] * (4 if "kan" in kind else 3)
        red = [False] * 3
        s = i // 9
        if s < 3 and case["red_call"][s] == ci:
            red[s] = True
        c = [0] * 34
        for j in cells:
            c[j] += 1
        melds.append(f"{kind} {mpsz(c, red)}")
    score = dict(case["situation"])
    score.update(case["options"])
    score["win"] = name(case["win"])
    return json.dumps({
        "hand": mpsz(case["counts"], case["red_concealed"]), "rules": "riichi", "melds": melds,
        "score": score,
    })


def peer_score(case: dict[str, Any]) -> dict[str, Any]:
    """The mahjong package's answer, in hupai's terms."""
    # Every tile as (kind, red), calls first; then 136 ids: a red five is copy 0 of its kind
    # (16, 52, 88), the other copies go 1, 2, 3 and then 0.
    wanted: list[tuple[int, bool]] = []
    spans = []
    for ci, (kind, i) in enumerate(case["calls"]):
        cells = [i, i + 1, i + 2] if kind == "chi" else [i] * (4 if "kan" in kind else 3)
        red_here = i // 9 < 3 and case["red_call"][i // 9] == ci
        start = len(wanted)
        for j in cells:
            red = red_here and j % 9 == 4 and j < 27 and not any(w == (j, True) for w in wanted[start:])
            wanted.append((j, red))
        spans.append((kind, start, len(wanted)))
    hand_start = len(wanted)
    for i in range(34):
        for c in range(case["counts"][i]):
            s = i // 9
            wanted.append((i, s < 3 and i % 9 == 4 and case["red_concealed"][s] and c == 0))
    free = {i: [1, 2, 3, 0] for i in range(34)}
    ids = [0] * len(wanted)
    for k, (i, red) in enumerate(wanted):
        if red:
            free[i].remove(0)
            ids[k] = i * 4
    for k, (i, red) in enumerate(wanted):
        if not red:
            ids[k] = i * 4 + free[i].pop(0)
    melds = []
    for kind, a, b in spans:
        mtype = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "ankan": Meld.KAN}[kind]
        melds.append(Meld(meld_type=mtype, tiles=ids[a:b], opened=kind != "ankan"))
    tiles = ids
    win136 = next(ids[k] for k in range(hand_start, len(ids)) if wanted[k][0] == case["win"])
    s = case["situation"]
    o = case["options"]
    kazoe = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
             "unlimited": HandConstants.KAZOE_NO_LIMIT}[o["kazoe"]]
    wind = lambda t: EAST + int(t[0]) - 1  # noqa: E731
    config = HandConfig(
        is_tsumo=s["tsumo"], is_riichi=s.get("riichi", False) or s.get("double_riichi", False),
        is_daburu_riichi=s.get("double_riichi", False), is_ippatsu=s.get("ippatsu", False),
        is_haitei=s.get("haitei", False), is_houtei=s.get("houtei", False),
        is_rinshan=s.get("rinshan", False), is_chankan=s.get("chankan", False),
        is_tenhou=s.get("tenhou", False), is_chiihou=s.get("chiihou", False),
        is_renhou=s.get("renhou", False), player_wind=wind(s["seat"]), round_wind=wind(s["round"]),
        tsumi_number=s["honba"], kyoutaku_number=s["riichi_sticks"],
        options=OptionalRules(
            has_open_tanyao=o["open_tanyao"], has_aka_dora=o["red_fives"], kiriage=o["kiriage"],
            kazoe_limit=kazoe, has_double_yakuman=o["double_yakuman"],
            renhou_as_yakuman=o["renhou_yakuman"],
        ),
    )
    ind = lambda names: [(27 + int(n[0]) - 1 if n[1] == "z" else "mps".index(n[1]) * 9 + int(n[0]) - 1) * 4 + 3 for n in names]  # noqa: E731
    r = HandCalculator.estimate_hand_value(
        tiles, win136, melds=melds, dora_indicators=ind(s["dora"]), config=config,
        ura_dora_indicators=ind(s.get("ura_dora", [])),
    )
    if r.error:
        return {"error": r.error}
    cost = r.cost
    yaku = sorted((peer_id(y), h) for y, h in yaku_han(r))
    if s["tsumo"]:
        is_dealer = s["seat"] == "1z"
        payment = {"dealer": 0 if is_dealer else cost["main"] + cost["main_bonus"],
                   "non_dealer": cost["additional"] + cost["additional_bonus"]}
    else:
        payment = {"ron": cost["main"] + cost["main_bonus"]}
    return {"han": r.han, "fu": r.fu, "total": cost["total"], "payment": payment, "yaku": yaku}


_NAME_TO_ID: dict[str, str] = {}


def peer_id(y: Any) -> str:
    if not _NAME_TO_ID:
        from mahjong.hand_calculating.yaku_config import YakuConfig
        for attr, obj in vars(YakuConfig()).items():
            if attr in PEER_YAKU:
                _NAME_TO_ID[obj.name] = PEER_YAKU[attr]
    return _NAME_TO_ID[y.name]


def yaku_han(r: Any) -> list[tuple[Any, int]]:
    open_hand = r.is_open_hand
    return [(y, y.han_open if open_hand and y.han_open else y.han_closed) for y in r.yaku]


def ours(answer: dict[str, Any]) -> dict[str, Any]:
    s = answer["score"]
    if "error" in s:
        return {"error": "no_yaku" if s["error"].startswith("no yaku") else s["error"]}
    yaku = sorted((y["yaku"], y["han"]) for y in s["yaku"])
    return {"han": s["han"], "fu": s["fu"], "total": s["total"], "payment": s["payment"], "yaku": yaku}


def comparable(ans: dict[str, Any]) -> dict[str, Any]:
    # Fu are not read for a yakuman (the package gives thirteen orphans 0, others their fu).
    if "yaku" in ans and any(h >= 13 for _, h in ans["yaku"]) and ans["han"] >= 13:
        if all(h >= 13 for _, h in ans["yaku"]):
            return {k: v for k, v in ans.items() if k != "fu"}
    return ans


def run(n: int, seed: int, binary: str, jobs: int = 2, show: int = 10) -> tuple[int, Counter]:
    rng = random.Random(seed)
    cases = [random_case(rng) for _ in range(n)]
    lines = "\n".join(hupai_request(c) for c in cases) + "\n"
    out = subprocess.run([binary, "batch"], input=lines, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == n
    with multiprocessing.Pool(jobs) as pool:
        peers = pool.map(peer_score, cases, chunksize=500)
    kinds: Counter = Counter()
    shown = 0
    bad = 0
    for case, ans, peer in zip(cases, answers, peers):
        if "error" in ans:
            raise AssertionError(f"hupai refused {hupai_request(case)}: {ans['error']}")
        mine = ours(ans)
        for y, _ in mine.get("yaku", []):
            kinds[y] += 1
        if comparable(mine) != comparable(peer):
            bad += 1
            if shown < show:
                shown += 1
                print("DIFF", hupai_request(case), "\n  hupai:", mine, "\n  peer: ", peer, file=sys.stderr)
    return bad, kinds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default="target/release/hupai")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    bad, kinds = run(a.hands, a.seed, a.bin, a.jobs)
    print(f"{a.hands} hands, {bad} differences; yaku seen: {len(kinds)}")
    print(", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

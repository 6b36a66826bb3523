"""The expected answers of the Lua tests: random hands of every preset (10,000 each, 13 and 14
tiles, some near a win, Nanchang with a 精), answered by `hupai batch`, as tab-separated lines
the Lua test reads: preset, jing (or -), hand, win (0/1), shanten, waits (or -), ukeire count
(or -1 for 14 tiles).

    python3 expected.py HUPAI_BIN OUT.tsv [HANDS_PER_PRESET]
"""

import json
import random
import subprocess
import sys

PRESETS = ["riichi", "chinese", "nanchang", "sichuan", "hongzhong", "changsha", "guobiao"]
SUITS_ONLY = {"sichuan", "changsha"}
JINGS = [None, "1z", "5m", "9s"]


def kinds(preset):
    if preset in SUITS_ONLY:
        return list(range(27))
    if preset == "hongzhong":
        return list(range(27)) + [33]
    return list(range(34))


def text(counts):
    out = ""
    for s, lo, hi in (("m", 0, 9), ("p", 9, 18), ("s", 18, 27), ("z", 27, 34)):
        part = "".join(str(i - lo + 1) * counts[i] for i in range(lo, hi))
        if part:
            out += part + s
    return out


def hand(rng, allowed):
    size = rng.choice((13, 14))
    c = [0] * 34
    if rng.random() < 0.4:
        while sum(c) < 12:
            if rng.random() < 0.5:
                s, k = rng.randrange(3), rng.randrange(7)
                group = [s * 9 + k, s * 9 + k + 1, s * 9 + k + 2]
            else:
                group = [rng.choice(allowed)] * 3
            if all(i in allowed and c[i] + group.count(i) <= 4 for i in group):
                for i in group:
                    c[i] += 1
        p = rng.choice(allowed)
        if c[p] <= 2:
            c[p] += 2
        while sum(c) > size:
            i = rng.randrange(34)
            if c[i]:
                c[i] -= 1
    while sum(c) < size:
        i = rng.choice(allowed)
        if c[i] < 4:
            c[i] += 1
    return c


def main():
    binary, out = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    rng = random.Random(42)
    rows, lines = [], []
    for preset in PRESETS:
        allowed = kinds(preset)
        for _ in range(n):
            counts = hand(rng, allowed)
            jing = rng.choice(JINGS) if preset == "nanchang" else None
            req = {"hand": text(counts), "rules": preset}
            if jing:
                req["jing"] = jing
            rows.append((preset, jing or "-", counts))
            lines.append(json.dumps(req))
    answers = subprocess.run(
        [binary, "batch"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert len(answers) == len(rows)
    with open(out, "w") as f:
        for (preset, jing, counts), a in zip(rows, answers):
            a = json.loads(a)
            if "error" in a:
                continue
            waits = ",".join(a["waits"]) if a.get("waits") else "-"
            ukeire = a["ukeire_count"] if "ukeire_count" in a else -1
            f.write(f"{preset}\t{jing}\t{a['hand']}\t{int(a['win'])}\t{a['shanten']}\t{waits}\t{ukeire}\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""`hupai batch` as a co-process from Python: round trips one request at a time.

    python3 scripts/coprocess.py target/release/hupai [ROUND_TRIPS]

Starts one `hupai batch`, then for each request writes one line and waits (with a timeout)
for its answer before writing the next; the input never ends while it waits. It checks a
Nanchang hand with a jing indicator (win, and what each wildcard stood for), a riichi shanten
with its waits and ukeire, an error that keeps its id, and that every answer echoes its id.
Prints the p50 and p99 round-trip latency. Standard library only.
"""

import json
import os
import select
import subprocess
import sys
import time

PATIENCE = 20.0  # seconds before an answer counts as missing


class CoProcess:
    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.pending = b""

    def ask(self, request):
        line = request if isinstance(request, str) else json.dumps(request)
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + PATIENCE
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(left, 0))
            if not ready:
                sys.exit(f"no answer to {line!r} while the input stays open")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                sys.exit(f"hupai batch ended before answering {line!r}")
            self.pending += chunk
        answer, self.pending = self.pending.split(b"\n", 1)
        return json.loads(answer)

    def finish(self):
        self.proc.stdin.close()
        if self.proc.wait(timeout=PATIENCE) != 0:
            sys.exit(f"hupai batch exited with {self.proc.returncode}")


def check(cond, what):
    if not cond:
        sys.exit(f"FAILED: {what}")


def main():
    binary = sys.argv[1]
    trips = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    batch = CoProcess(binary)

    # Jing 1z makes 1z and 2z wild: 123m 456p 789s, 45m + a wildcard, 5m + a wildcard.
    a = batch.ask({"hand": "123m456p789s455m12z", "rules": "nanchang", "jing": "1z",
                   "decompositions": True, "id": "nanchang"})
    check(a["win"] is True and a["id"] == "nanchang", f"nanchang win: {a}")
    roles = set()
    for d in a["decompositions"]:
        r = sorted(f'{w["tile"]}={w["as"]}' for s in d["sets"] for w in s["wildcards"])
        roles.add(" ".join(r))
    check({"1z=3m 2z=5m", "1z=6m 2z=5m"} <= roles, f"wildcard roles: {roles}")

    # Riichi: 34m123456789s33z is tenpai on 2m and 5m, 4 + 4 tiles left.
    a = batch.ask({"hand": "34m123456789s33z", "rules": "riichi", "id": 2})
    check((a["shanten"], a["waits"], a["ukeire_count"]) == (0, ["2m", "5m"], 8), f"riichi: {a}")

    # An error keeps its id; the pipe goes on.
    a = batch.ask({"hand": "123q", "id": "bad"})
    check("error" in a and a["id"] == "bad" and a["line"] == 3, f"error: {a}")

    hands = ["123m456p789s1122z", "1119m2345678p99s", "19m19p19s1234567z", "23569m456p789s11z"]
    latency = []
    for i in range(trips):
        start = time.perf_counter()
        a = batch.ask({"hand": hands[i % len(hands)], "id": i})
        latency.append(time.perf_counter() - start)
        check(a.get("id") == i and "shanten" in a, f"round trip {i}: {a}")
    batch.finish()
    latency.sort()
    at = lambda q: latency[int((len(latency) - 1) * q)] * 1e6
    print(f"python co-process: {trips} round trips one at a time: "
          f"p50 {at(0.5):.0f} us, p99 {at(0.99):.0f} us")


if __name__ == "__main__":
    main()

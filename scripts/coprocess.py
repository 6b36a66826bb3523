#!/usr/bin/env python3
"""`hupai batch` as a co-process from Python: round trips one request at a time.

    python3 scripts/coprocess.py target/release/hupai [ROUND_TRIPS]

Starts one `hupai batch`, then for each request writes one line and waits (with a timeout)
for its answer before writing the next; the input never ends while it waits. It checks a
Nanchang hand with a jing indicator (win, and what each wildcard stood for), a riichi shanten
with its waits and ukeire, an error that keeps its id, that every answer echoes its id, and
that a co-process killed under it is restarted (`CoProcess.ask(…, retries=1)`). Prints the p50
and p99 round-trip latency. Standard library only.

To copy into a server: `CoProcess` (with `BatchDied` and `restart`) is the part to take.
Requests are answered independently, so resending one after a restart is safe.
"""

import json
import os
import select
import subprocess
import sys
import time

PATIENCE = 20.0  # seconds before an answer counts as missing


class BatchDied(RuntimeError):
    """`hupai batch` ended (killed, crashed, or its input closed) before answering."""


class CoProcess:
    """One long-lived `hupai batch`: `ask` writes a request line and reads its answer."""

    def __init__(self, binary, *args):
        self.command = [binary, "batch", *args]
        self.restarts = 0
        self._start()

    def _start(self):
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pending = b""

    def restart(self):
        """A new `hupai batch` in place of the old one (which is killed if still running)."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.restarts += 1
        self._start()

    def _died(self, line):
        try:
            code = self.proc.wait(timeout=1)  # it closed its end: its exit code follows
        except subprocess.TimeoutExpired:
            code = None
        how = "is gone" if code is None else f"exited with code {code}"
        return BatchDied(f"hupai batch {how} before answering {line!r}")

    def ask(self, request, retries=0):
        """The answer to one request (a dict or a request line). If the co-process has died,
        it is restarted and the request sent again, up to `retries` times; then `BatchDied`."""
        line = request if isinstance(request, str) else json.dumps(request)
        for attempt in range(retries + 1):
            try:
                return self._ask_once(line)
            except BatchDied:
                if attempt == retries:
                    raise
                self.restart()
        raise AssertionError("unreachable")

    def _ask_once(self, line):
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):  # the child is gone, or its stdin closed
            raise self._died(line) from None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + PATIENCE
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(left, 0))
            if not ready:
                raise BatchDied(f"no answer to {line!r} within {PATIENCE} s while the input stays open")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise self._died(line)
            self.pending += chunk
        answer, self.pending = self.pending.split(b"\n", 1)
        return json.loads(answer)

    def finish(self):
        self.proc.stdin.close()
        if self.proc.wait(timeout=PATIENCE) != 0:
            raise BatchDied(f"hupai batch exited with {self.proc.returncode}")


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
    # The co-process dies under a server: a clear error, or a restart and the request again.
    batch.proc.kill()
    batch.proc.wait()
    try:
        batch.ask({"hand": hands[0]})
        check(False, "a dead co-process answered")
    except BatchDied as e:
        check("exited with code" in str(e), f"the error says what happened: {e}")
    a = batch.ask({"hand": hands[0], "id": "again"}, retries=1)
    check(a["id"] == "again" and batch.restarts == 1, f"restarted: {a}")
    batch.finish()
    latency.sort()
    at = lambda q: latency[int((len(latency) - 1) * q)] * 1e6
    print(f"python co-process: {trips} round trips one at a time: "
          f"p50 {at(0.5):.0f} us, p99 {at(0.99):.0f} us")


if __name__ == "__main__":
    try:
        main()
    except BatchDied as e:
        sys.exit(f"coprocess: {e}")

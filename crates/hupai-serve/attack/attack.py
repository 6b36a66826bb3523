"""The attack suite of `hupai serve` (run by ./run; loopback only, bounded, stops by itself).

While the attacks below run for WINDOW seconds, a probe in its own process sends normal
13-tile /v1/analyse requests (every other one on a new connection) and records each status
and latency. The attacks, each in a loop that reconnects when the server closes it:

* 8 heavy batches at once: 10,000 lines of 11 wild kinds with decompositions (~1.3 MB sent,
  ~350 MB of answer were it all computed); 4 read their answers, 4 hang up after a few KB;
* 4 heavy reviews at once: game records of 100 rounds (the most the server takes), 2 in full
  (odds for every decision), 2 quick, each read to its end;
* 2 heavy games at once: a whole hanchan against the odds players played again to its end
  (every move of it, found through the API before the window), each read to its end;
* 300 connections that send a request head, then one body byte every 3 s;
* 1,000 connections that send a request head one byte every 2 s;
* 2,000 connections that open and send nothing.

Before the attack the probe runs alone for BASELINE seconds: its p99 then is the machine's
own (CI's machine may be busy with other work), and the bound under attack is the larger of
P99_MS and BUSY_FACTOR times it — an attack that starves normal requests pushes their p99
to seconds either way.

Then it checks: every probe answer a 200 and their p99 within that bound; the server's peak RSS
(VmHWM) within the bound given; after the attackers leave, the server burns no CPU (its work
stopped with its answers) and its RSS returns near idle; /metrics counted the refusals; and,
with a half-sent request head still open, the server exits within EXIT_S of SIGTERM.

    python3 attack.py PORT PID --rss-bound-mb 256 [--window 25]
"""

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import random
import resource
import signal
import socket
import statistics
import sys
import time

HEAVY_LINE = json.dumps(
    {
        "hand": "11122233344455m",
        "wild": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p"],
        "decompositions": True,
        "rules": "sichuan",
    },
    separators=(",", ":"),
)


def rss_kb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def random_hands(n, seed=7):
    rng = random.Random(seed)
    kinds = [f"{d}{s}" for s in "mps" for d in range(1, 10)] + [f"{d}z" for d in range(1, 8)]
    hands = []
    for _ in range(n):
        wall = [k for k in kinds for _ in range(4)]
        hand = sorted(rng.sample(wall, 13), key=kinds.index)
        groups = {}
        for t in hand:
            groups.setdefault(t[1], []).append(t[0])
        hands.append("".join("".join(groups[s]) + s for s in "mpsz" if s in groups))
    return hands


def probe(port, stop, out):
    """Normal clients: one request every 20 ms, every other one on a new connection."""
    hands = random_hands(500)
    results = []
    conn = None
    i = 0
    while not stop.is_set():
        body = json.dumps({"hand": hands[i % len(hands)], "rules": "riichi"})
        fresh = i % 2 == 1
        t0 = time.perf_counter()
        status = 0
        try:
            if conn is None or fresh:
                if conn is not None:
                    conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("POST", "/v1/analyse", body, {"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            status = r.status
        except Exception as e:  # a refused or reset connection is a failure, recorded
            status = -1
            conn = None
            print(f"probe: {type(e).__name__}: {e}", file=sys.stderr)
        results.append((status, (time.perf_counter() - t0) * 1000))
        i += 1
        time.sleep(0.02)
    out.put(results)


def p99_of(results):
    """The 99th percentile of the probe's latencies (ms)."""
    lat = sorted(ms for _, ms in results)
    return lat[min(len(lat) - 1, int(len(lat) * 0.99))]


async def open_conn(port):
    return await asyncio.open_connection("127.0.0.1", port)


def long_record():
    """A tenhou.net/6 record of 100 rounds: the fuzz corpus's small round, again and again."""
    seed = os.path.join(os.path.dirname(__file__), "../../../fuzz/corpus/records/seed_small.json")
    with open(seed) as f:
        game = json.load(f)
    game["log"] = game["log"] * 100
    return json.dumps(game, separators=(",", ":")).encode()


def long_game(port):
    """A /v1/game body of a whole hanchan against the odds players (the heaviest game a
    request may ask): the player's moves found through the API, the last legal action each."""
    game = {"seed": 11, "east": False, "agents": "odds", "moves": []}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while True:
        conn.request("POST", "/v1/game", json.dumps(game), {"Content-Type": "application/json"})
        table = json.loads(conn.getresponse().read())
        if table["over"]:
            return json.dumps(game).encode()
        game["moves"].append(table["legal"][-1]["action"])


async def heavy_batch(port, reads, until, stats, path="/v1/batch", body=None, kind="application/x-ndjson"):
    if body is None:
        body = ("\n".join([HEAVY_LINE] * 10_000) + "\n").encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {kind}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    while time.monotonic() < until:
        try:
            r, w = await open_conn(port)
            w.write(head + body)
            await w.drain()
            got = 0
            while time.monotonic() < until:
                chunk = await asyncio.wait_for(r.read(65536), timeout=until - time.monotonic())
                if not chunk:
                    break
                got += len(chunk)
                if not reads and got > 4096:
                    break
            stats["heavy_bytes"] += got
            w.close()
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.2)
        stats["heavy_sent"] += 1


async def trickle(port, head, body, every, until, stats, key):
    """Sends `head` (bytes) one byte every `every` s if body is None, else `head` at once and
    then `body` one byte every `every` s; reconnects when the server closes."""
    while time.monotonic() < until:
        try:
            r, w = await open_conn(port)
            stats[key] += 1
            slow = head if body is None else body
            if body is not None:
                w.write(head)
                await w.drain()
            for b in slow:
                w.write(bytes([b]))
                await w.drain()
                if r.at_eof():
                    break
                try:
                    data = await asyncio.wait_for(r.read(4096), timeout=every)
                    if data == b"" or data:
                        break  # closed, or answered (408): done with this connection
                except asyncio.TimeoutError:
                    pass
                if time.monotonic() >= until:
                    break
            w.close()
        except OSError:
            await asyncio.sleep(0.5)


async def idle(port, until, stats):
    while time.monotonic() < until:
        try:
            r, w = await open_conn(port)
            stats["idle_opened"] += 1
            try:
                await asyncio.wait_for(r.read(1), timeout=max(0.1, until - time.monotonic()))
            except asyncio.TimeoutError:
                pass
            w.close()
        except OSError:
            await asyncio.sleep(0.5)


async def sample_rss(pid, until, peak):
    while time.monotonic() < until:
        peak[0] = max(peak[0], rss_kb(pid))
        await asyncio.sleep(0.1)


async def attack(port, pid, window):
    game = long_game(port)
    until = time.monotonic() + window
    stats = {k: 0 for k in ["heavy_sent", "heavy_bytes", "body_trickle", "head_trickle", "idle_opened"]}
    body_head = (
        b"POST /v1/analyse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n"
    )
    slow_head = b"POST /v1/analyse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Pad: " + b"a" * 200
    peak = [0]
    tasks = [sample_rss(pid, until + 2, peak)]
    tasks += [heavy_batch(port, i < 4, until, stats) for i in range(8)]
    record = long_record()
    tasks += [heavy_batch(port, True, until, stats, "/v1/review" + ("?quick=true" if i % 2 else ""), record) for i in range(4)]
    tasks += [heavy_batch(port, True, until, stats, "/v1/game", game, "application/json") for _ in range(2)]
    tasks += [trickle(port, body_head, b"{" * 1000, 3.0, until, stats, "body_trickle") for _ in range(300)]
    tasks += [trickle(port, slow_head, None, 2.0, until, stats, "head_trickle") for _ in range(1000)]
    tasks += [idle(port, until, stats) for _ in range(2000)]
    await asyncio.gather(*tasks)
    return stats, peak[0]


def metrics(port):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    rejected = {}
    for line in text.splitlines():
        if line.startswith("hupai_rejected_total{"):
            reason = line.split('reason="')[1].split('"')[0]
            rejected[reason] = int(float(line.split()[-1]))
    return rejected


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("port", type=int)
    ap.add_argument("pid", type=int)
    ap.add_argument("--rss-bound-mb", type=float, default=256)
    ap.add_argument("--window", type=float, default=25)
    ap.add_argument("--p99-ms", type=float, default=50)
    ap.add_argument("--baseline", type=float, default=5)
    ap.add_argument("--busy-factor", type=float, default=25)
    ap.add_argument("--exit-s", type=float, default=5)
    a = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < 4000:
        sys.exit(f"attack: the open-file limit ({hard}) is below the 3,300 connections of the attack")

    idle_rss = rss_kb(a.pid)
    print(f"attack: server idle RSS {idle_rss / 1024:.1f} MB; window {a.window:.0f} s")
    # The probe alone: the machine's own p99 sets the bound's floor under attack.
    quiet, quiet_out = multiprocessing.Event(), multiprocessing.Queue()
    alone = multiprocessing.Process(target=probe, args=(a.port, quiet, quiet_out))
    alone.start()
    time.sleep(a.baseline)
    quiet.set()
    base = quiet_out.get(timeout=30)
    alone.join()
    base_p99 = p99_of(base)
    bound = max(a.p99_ms, a.busy_factor * base_p99)
    print(f"attack: probe alone {len(base)} requests, p99 {base_p99:.1f} ms; "
          f"bound under attack {bound:.1f} ms")
    stop = multiprocessing.Event()
    out = multiprocessing.Queue()
    prober = multiprocessing.Process(target=probe, args=(a.port, stop, out))
    prober.start()
    time.sleep(0.5)
    stats, peak_sampled = asyncio.run(attack(a.port, a.pid, a.window))
    stop.set()
    results = out.get(timeout=30)
    prober.join()
    peak = max(peak_sampled, rss_kb(a.pid, "VmHWM"))

    # After the attackers have gone: no work left burning CPU, memory back near idle.
    time.sleep(2)
    cpu0 = cpu_seconds(a.pid)
    time.sleep(3)
    cpu_after = cpu_seconds(a.pid) - cpu0
    rss_after = rss_kb(a.pid)
    rejected = metrics(a.port)

    # SIGTERM with a half-sent request head open.
    half = socket.create_connection(("127.0.0.1", a.port))
    half.sendall(b"POST /v1/analyse HTTP/1.1\r\nHost: x\r\nContent-Le")
    time.sleep(0.2)
    t0 = time.monotonic()
    os.kill(a.pid, signal.SIGTERM)
    exit_s = None
    while time.monotonic() - t0 < a.exit_s + 5:
        try:
            os.kill(a.pid, 0)
            with open(f"/proc/{a.pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    exit_s = time.monotonic() - t0
                    break
        except (ProcessLookupError, FileNotFoundError):
            exit_s = time.monotonic() - t0
            break
        time.sleep(0.02)
    half.close()

    statuses = {}
    for s, _ in results:
        statuses[s] = statuses.get(s, 0) + 1
    lat = sorted(ms for _, ms in results)
    p50 = statistics.median(lat)
    p99 = p99_of(results)
    print(f"attack: attackers {stats}")
    print(f"attack: probe {len(results)} requests, statuses {statuses}, "
          f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lat[-1]:.1f} ms")
    print(f"attack: server peak RSS {peak / 1024:.1f} MB (bound {a.rss_bound_mb:.0f} MB); "
          f"after the attack {rss_after / 1024:.1f} MB (idle {idle_rss / 1024:.1f} MB); "
          f"CPU burnt 2-5 s after {cpu_after:.2f} s")
    print(f"attack: refused or closed by reason {rejected}")
    print(f"attack: exit {('%.2f s' % exit_s) if exit_s is not None else 'not seen'} after SIGTERM")

    failures = []
    if statuses.get(200, 0) != len(results) or len(results) < 100:
        failures.append(f"probe answers not all 200 ({statuses})")
    if any(s != 200 for s, _ in base):
        failures.append("probe answers not all 200 before the attack")
    if p99 > bound:
        failures.append(f"probe p99 {p99:.1f} ms > {bound:.1f} ms")
    if peak / 1024 > a.rss_bound_mb:
        failures.append(f"peak RSS {peak / 1024:.1f} MB > {a.rss_bound_mb} MB")
    if cpu_after > 0.5:
        failures.append(f"{cpu_after:.2f} s of CPU burnt after the attackers left")
    if rss_after > idle_rss + 48 * 1024:
        failures.append(f"RSS {rss_after / 1024:.1f} MB after the attack, idle was {idle_rss / 1024:.1f} MB")
    for reason in ["header_timeout", "body_timeout"]:
        if rejected.get(reason, 0) == 0:
            failures.append(f"no {reason} counted")
    if exit_s is None or exit_s > a.exit_s:
        failures.append(f"no exit within {a.exit_s} s of SIGTERM")
    if failures:
        print("attack: FAILED: " + "; ".join(failures))
        sys.exit(1)
    print("attack: passed")


if __name__ == "__main__":
    main()

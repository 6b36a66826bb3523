"""An mjai bot for the tests of `hupai game play`: it discards what it draws and passes every
claim. Usage: tsumogiri.py [MODE] SEAT, MODE one of `ok` (default), `garbage` (answers what is
not JSON at its first turn), `slow` (never answers its first turn), `illegal` (discards a tile
it does not hold at its first turn), `endless` (an answer line that never ends)."""
import json
import sys

mode, seat = (sys.argv[1], int(sys.argv[2])) if len(sys.argv) > 2 else ("ok", int(sys.argv[1]))
for line in sys.stdin:
    events = json.loads(line)
    last = events[-1]
    if last["type"] == "tsumo" and last["actor"] == seat:
        if mode == "garbage":
            print("what is this", flush=True)
            continue
        if mode == "slow":
            continue
        if mode == "endless":
            while True:
                sys.stdout.write("x" * 65536)
                sys.stdout.flush()
        if mode == "illegal":
            pai = "1m" if last["pai"] != "1m" else "9p"
            print(json.dumps({"type": "dahai", "actor": seat, "pai": "C" if pai == "C" else pai,
                              "tsumogiri": False}), flush=True)
            mode = "ok"
            continue
        print(json.dumps({"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}),
              flush=True)
    else:
        print(json.dumps({"type": "none"}), flush=True)

"""A room bot for the tests of `hupai game play --rules ROOM`: it is sent the table as its seat
sees it (one JSON object a line) and answers its first legal action, a win when it may.
Usage: room_first.py [MODE] SEAT, MODE one of `ok` (default), `garbage` (answers what is not
JSON at its first turn), `slow` (never answers its first turn), `illegal` (answers an action
that is not legal at its first turn), `endless` (an answer line that never ends)."""
import json
import sys

mode, seat = (sys.argv[1], int(sys.argv[2])) if len(sys.argv) > 2 else ("ok", int(sys.argv[1]))
for line in sys.stdin:
    table = json.loads(line)
    assert table["seat"] == seat, table
    legal = table["legal"]
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
        taken = {a["action"] for a in legal}
        print(json.dumps({"action": next(n for n in range(112) if n not in taken)}), flush=True)
        mode = "ok"
        continue
    wins = [a for a in legal if a["name"] == "win"]
    print(json.dumps({"action": (wins or legal)[0]["action"]}), flush=True)

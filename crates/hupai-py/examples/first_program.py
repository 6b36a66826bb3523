"""A first program with the installed wheel: the shanten and ukeire of each hand of a file
(MPSZ, one a line), as JSON lines. scripts/package-check runs it in a clean environment and
compares its answers with `hupai batch`.

    python first_program.py hands.txt
"""

import json
import sys

import hupai

engine = hupai.Engine("riichi")
with open(sys.argv[1]) as f:
    hands = f.read().split()
# All at once: one vectorised call per question, the GIL released.
counts = hupai.to_counts(hands)
shanten = engine.shanten(counts)
for hand, s in zip(hands, shanten.tolist()):
    row = {"hand": hand, "shanten": s}
    if len(hand.replace("m", "").replace("p", "").replace("s", "").replace("z", "")) == 13:
        row["ukeire"] = engine.ukeire(hand).count
    print(json.dumps(row))

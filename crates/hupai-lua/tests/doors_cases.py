"""The doors' common cases (tests/doors/cases.jsonl) as Lua source for tests/doors.lua, which
has no JSON library: `return { {what = "analyse", request = {...}, code = "..."}, ... }`.

    python3 doors_cases.py CASES.jsonl OUT.lua
"""

import json
import sys


def lua(v):
    if v is None:
        return "nil"
    if v is True or v is False:
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        # Byte by byte: printable ASCII as it is, any other byte as Lua's \ddd.
        out = "".join(
            chr(b) if 32 <= b < 127 and chr(b) not in "\"\\" else "\\%03d" % b
            for b in v.encode("utf-8")
        )
        return '"' + out + '"'
    if isinstance(v, list):
        return "{" + ", ".join(lua(x) for x in v) + "}"
    return "{" + ", ".join("[%s] = %s" % (lua(k), lua(x)) for k, x in v.items()) + "}"


def main():
    src, out = sys.argv[1], sys.argv[2]
    cases = [json.loads(l) for l in open(src, encoding="utf-8") if l.strip()]
    cases = [c for c in cases if "lua" not in c.get("not", [])]
    with open(out, "w", encoding="utf-8") as f:
        f.write("return {\n")
        for c in cases:
            f.write("  " + lua(c) + ",\n")
        f.write("}\n")


if __name__ == "__main__":
    main()

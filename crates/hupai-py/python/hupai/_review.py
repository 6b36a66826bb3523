"""Game review: ``hupai.review(path_or_text)`` — every decision of a played game beside the
best discard, as rows (dicts) ready for ``pandas.DataFrame``.

>>> import hupai, pandas  # doctest: +SKIP
>>> rows = hupai.review("game.mjlog", seat=0)  # doctest: +SKIP
>>> df = pandas.DataFrame([r for r in rows if "discard" in r])  # doctest: +SKIP
>>> df.groupby("round").win_loss.mean()  # doctest: +SKIP
"""

import gzip
import os
from typing import Any, Dict, List, Optional, Union

from hupai._hupai import HupaiError, _review

# The largest record read, bytes (after gunzip), as ``hupai review`` reads.
MAX_RECORD = 16 << 20


def _text(record: Union[str, bytes, "os.PathLike[str]"]) -> "tuple[str, str]":
    """A record's text and name: a path (gzip or not), bytes, or the text itself."""
    if isinstance(record, bytes):
        data, name = record, "<bytes>"
    elif isinstance(record, os.PathLike) or (
        isinstance(record, str) and "\n" not in record and not record.lstrip().startswith(("{", "<"))
    ):
        name = os.fspath(record)
        with open(name, "rb") as f:
            data = f.read(MAX_RECORD + 1)
    elif isinstance(record, str):
        return record, "<text>"
    else:
        raise TypeError(f"a record is a path, text or bytes, not {type(record).__name__}")
    if data[:2] == b"\x1f\x8b":
        with gzip.GzipFile(fileobj=__import__("io").BytesIO(data)) as g:
            data = g.read(MAX_RECORD + 1)
    if len(data) > MAX_RECORD:
        raise HupaiError(f"{name}: larger than {MAX_RECORD >> 20} MiB: not a game record")
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError:
        raise HupaiError(f"{name}: not UTF-8 text") from None


def review(
    record: Union[str, bytes, "os.PathLike[str]"],
    *,
    seat: Optional[int] = None,
    quick: bool = False,
    max_shanten: int = 3,
    budget: float = 5.0,
    extra: int = 0,
    strict: bool = False,
) -> List[Dict[str, Any]]:
    """Review a game record: a path (tenhou.net/6 JSON, mjai or hupai's JSON lines, Tenhou's
    mjlog XML, gzipped or not; or a Chinese room's record, reviewed at its table by
    efficiency alone, a sum a hand), or the record's text or bytes.

    Returns rows (dicts) for ``pandas.DataFrame``, as ``hupai review --json`` writes them: a
    row a decision (round, turn, nth, seat, hand, discard, shanten, ukeire, best…, and unless
    ``quick`` the odds: draws, win, best_win_tile, best_win, win_loss, points, best_points…),
    a row a call the seat could make (``call_chance`` True) and a recorded win checked
    (``win_check`` True), each round's sum (``summary`` True, ``round`` set), then the record's sum (``summary``
    True; ``wins_checked``, ``wins_agree``). Every row has ``record``: the path, or
    ``<text>``.

    ``seat`` reviews one seat (0–3); ``max_shanten`` the farthest hand the odds judge;
    ``budget`` the odds' safety stop in seconds a decision (the answers are decided by a
    state budget, the same on every run; decisions past this stop are counted apart in
    ``odds_timed_out``); ``extra`` how far the odds follow detours. A record whose last round
    was cut off is reviewed up to the cut (the record's sum says ``rounds_cut``); with
    ``strict`` it is refused. Raises RecordError (with ``round`` and ``turn``) for a record
    that breaks a rule.
    Ctrl-C stops it.

    >>> rows = review('{"log": []}')  # doctest: +SKIP
    """
    text, name = _text(record)
    return _review(
        text,
        name,
        seat=seat,
        quick=quick,
        max_shanten=max_shanten,
        budget=budget,
        extra=extra,
        strict=strict,
    )

"""Engine.odds: the same numbers as `hupai batch`'s "odds" (every preset, with and without
wildcards), numpy vectors, and clear errors for bad options."""

from __future__ import annotations

import json
import random
import zlib

import numpy as np
import pytest

import hupai
from conftest import batch, kinds_in_play, random_hands, text_of

PRESETS = ["riichi", "chinese", "nanchang", "sichuan", "hongzhong", "changsha", "guobiao"]
OPTS = {"draws": 6, "max_states": 4000}


@pytest.mark.parametrize("preset", PRESETS)
def test_odds_equal_batch(preset: str) -> None:
    # A stable seed (str hashes change with every process), and enough hands that several fit
    # the state budget: about half of random 13-14 tile hands pass 4,000 states in 6 draws.
    rng = random.Random(zlib.crc32(preset.encode()))
    engine = hupai.Engine(preset)
    hands = random_hands(rng, 40, kinds=kinds_in_play(engine))
    lines = [json.dumps({"hand": text_of(h), "rules": preset, "odds": OPTS}) for h in hands]
    answers = batch(lines)
    compared = 0
    for h, a in zip(hands, answers):
        assert "error" not in a, a
        want = a["odds"]
        try:
            got = engine.odds(h, **OPTS)
        except hupai.OddsError as e:
            assert want == {"error": str(e), "code": e.code}
            continue
        assert got.to_dict() == want
        for row in got.rows:
            assert isinstance(row.win, np.ndarray) and row.win.dtype == np.float64
            assert np.all((row.win >= 0) & (row.win <= row.tenpai + 1e-15) & (row.tenpai <= 1))
            assert np.all(np.diff(row.win) >= -1e-15)
        compared += 1
    assert compared >= 8, compared


def test_odds_with_wildcards_equal_batch() -> None:
    engine = hupai.Engine("nanchang", jing="1z")
    line = json.dumps({"hand": "1z2z3m4m5m6p7p8p9s9s1s", "rules": "nanchang", "jing": "1z",
                       "melds": [], "odds": OPTS})
    # 11 tiles and no melds is no hand: the batch says so, and so does Python.
    assert "error" in batch([line])[0]
    with pytest.raises(hupai.HandError):
        engine.odds("1z2z3m4m5m6p7p8p9s9s1s", **OPTS)
    hand = "12z345m678p99s1357m"
    want = batch([json.dumps({"hand": hand, "rules": "nanchang", "jing": "1z", "odds": OPTS})])[0]
    assert engine.odds(hand, **OPTS).to_dict() == want["odds"]


def test_the_simulator_model_closed_form() -> None:
    # 123m456p789s1122z, 3 winning tiles live of 122 unseen (one 1z seen): the simulator's
    # tenpai check gives 1 - prod_{t=1..17} (1 - 3 / (122 - t)).
    o = hupai.Engine("riichi").odds("123m456p789s1122z", seen="1z", model="simulator")
    want = 1 - np.prod([1 - 3 / (122 - t) for t in range(1, 18)])
    assert o.wall == 122
    assert abs(o.win[16] - want) < 1e-9
    assert abs(want - 0.367651) < 1e-6


def test_bad_options_are_value_errors() -> None:
    e = hupai.Engine("riichi")
    for kw in ({"draws": 0}, {"draws": -1}, {"extra": 9}, {"model": "wall"}, {"max_states": 0}):
        with pytest.raises(ValueError):
            e.odds("123m456p789s1122z", **kw)
    with pytest.raises(hupai.OddsError, match="more than 10 hands"):
        e.odds("13m24679p13468s15z", max_states=10)
    with pytest.raises(TypeError):
        e.odds(None)


def test_odds_stop_at_a_signal() -> None:
    """Long odds run without the GIL yet stop at Ctrl-C (here a timer's signal)."""
    import signal
    import time

    class Stop(Exception):
        pass

    def handler(signum, frame):  # type: ignore[no-untyped-def]
        raise Stop()

    old = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        start = time.monotonic()
        with pytest.raises(Stop):
            # ~16 s and ~600 MB to the end: far past the timer, within a raised budget.
            hupai.Engine("riichi").odds("13m24679p13468s15z", max_bytes=4 << 30)
        assert time.monotonic() - start < 5
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_odds_default_budget_and_misplaced_draws() -> None:
    with pytest.raises(hupai.OddsError, match="256 MiB"):
        hupai.Engine("riichi").odds("13m24679p13468s15z")
    with pytest.raises(TypeError, match="draws by name"):
        hupai.Engine("riichi").odds("123m456p789s1122z", 17)  # type: ignore[arg-type]


def test_threads_give_the_same_odds() -> None:
    """A large graph's solving split between threads answers the same bits."""
    engine = hupai.Engine("riichi")
    one = engine.odds("13m2469p1357s123z", threads=1)
    two = engine.odds("13m2469p1357s123z", threads=2)
    assert one.states > 8192
    assert one.to_dict() == two.to_dict()
    with pytest.raises(ValueError, match="threads"):
        engine.odds("13m2469p1357s123z", threads=0)

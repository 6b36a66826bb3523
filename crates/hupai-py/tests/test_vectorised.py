"""The vectorised calls equal the per-hand ones, whatever the array's layout, dtype or
threads; strings equal counts; the GIL is released while they work."""

from __future__ import annotations

import random
import threading
import time

import numpy as np
import pytest

import hupai
from conftest import PRESETS, kinds_in_play, random_hands


def rows(preset: str, n: int, seed: str = "") -> np.ndarray:
    engine = hupai.Engine(preset)
    rng = random.Random(f"vector-{preset}-{seed}")
    return np.array(random_hands(rng, n, kinds=kinds_in_play(engine)), dtype=np.uint8)


@pytest.mark.parametrize("preset", PRESETS)
def test_vectorised_equals_per_hand(preset: str) -> None:
    for wild in (None, "5m"):
        engine = hupai.Engine(preset, wild=wild)
        counts = rows(preset, 1500, str(wild))
        shanten = engine.shanten(counts)
        win = engine.is_win(counts)
        needed = engine.wildcards_needed(counts)
        count, mask = engine.ukeire(counts)
        assert shanten.dtype == np.int8 and shanten.shape == (len(counts),)
        assert win.dtype == np.bool_ and needed.dtype == np.int8
        assert count.dtype == np.uint16 and mask.dtype == np.uint64
        assert win.sum() > 50, "the hands hold wins"
        for i, row in enumerate(counts):
            hand = row.tolist()
            assert shanten[i] == engine.shanten(hand)
            assert win[i] == engine.is_win(hand)
            n = engine.wildcards_needed(hand)
            assert needed[i] == (-1 if n is None else n)
            if sum(hand) % 3 == 2:
                # A 14-tile row is 0 in the columns; one such hand alone is an error.
                assert (count[i], mask[i]) == (0, 0)
                with pytest.raises(hupai.HandError, match="13 tiles"):
                    engine.ukeire(hand)
                continue
            u = engine.ukeire(hand)
            assert (count[i], mask[i]) == (u.count, u.mask)


@pytest.mark.parametrize("preset", ["riichi", "nanchang"])
def test_layouts_dtypes_threads_and_strings_agree(preset: str) -> None:
    engine = hupai.Engine(preset, jing="1z" if preset == "nanchang" else None)
    counts = rows(preset, 20000)
    want = engine.shanten(counts)
    assert np.array_equal(engine.shanten(counts, threads=2), want)
    assert np.array_equal(engine.shanten(counts, threads=0), want)
    assert np.array_equal(engine.shanten(np.asfortranarray(counts)), want)
    assert np.array_equal(engine.shanten(counts[::-1]), want[::-1])
    assert np.array_equal(engine.shanten(counts[::3]), want[::3])
    wide = np.zeros((len(counts), 68), dtype=np.uint8)
    wide[:, 1::2] = counts
    assert np.array_equal(engine.shanten(wide[:, 1::2]), want)
    for dtype in (np.int8, np.int16, np.int64, np.uint32):
        assert np.array_equal(engine.shanten(counts.astype(dtype)), want)
    texts = hupai.to_text(counts)
    assert texts[0] == hupai.Hand(counts[0].tolist()).tiles
    assert np.array_equal(engine.shanten(texts), want)
    assert np.array_equal(engine.shanten(np.array(texts)), want)
    assert np.array_equal(engine.shanten(np.array(texts, dtype=object)), want)
    assert np.array_equal(hupai.to_counts(texts), counts)
    assert np.array_equal(engine.shanten(counts.tolist()), want)
    for call in (engine.is_win, engine.wildcards_needed):
        assert np.array_equal(call(counts, threads=2), call(counts))
    c1, m1 = engine.ukeire(counts)
    c2, m2 = engine.ukeire(counts, threads=2)
    assert np.array_equal(c1, c2) and np.array_equal(m1, m2)


def test_seen_per_row_and_for_all() -> None:
    engine = hupai.Engine("riichi")
    counts = rows("riichi", 300)
    counts = counts[counts.sum(axis=1) == 13]
    seen_one = [0] * 34
    seen_one[27] = 1
    seen_rows = np.zeros_like(counts)
    for i, row in enumerate(counts):
        k = (i * 7) % 34
        if row[k] < 4:
            seen_rows[i, k] = 1
    c_all, _ = engine.ukeire(counts, seen_one)
    c_rows, _ = engine.ukeire(counts, seen_rows)
    for i, row in enumerate(counts):
        if row[27] < 4:
            assert c_all[i] == engine.ukeire(row.tolist(), seen_one).count
        assert c_rows[i] == engine.ukeire(row.tolist(), seen_rows[i].tolist()).count


def test_a_bad_row_is_named_and_valid_marks_it() -> None:
    engine = hupai.Engine("riichi")
    counts = rows("riichi", 10000)
    counts[7123] = 0
    counts[7123, :3] = 5
    with pytest.raises(hupai.HandError) as err:
        engine.shanten(counts, threads=2)
    assert err.value.row == 7123 and "row 7123" in str(err.value)
    assert isinstance(err.value, ValueError)
    # One thread: the rows go to the engine 4,096 at a time; the first bad row is named
    # however many come after it, by each batched call.
    later = counts.copy()
    later[9500] = 5
    for call in (engine.shanten, engine.is_win):
        with pytest.raises(hupai.HandError) as err:
            call(later, threads=1)
        assert err.value.row == 7123, call
    counts[9000, 0] = 0  # 12 or 13 tiles: 12 is no hand
    ok = engine.valid(counts)
    assert ok.dtype == np.bool_ and not ok[7123]
    assert ok.sum() >= len(counts) - 2
    good = counts[ok]
    assert len(engine.shanten(good)) == len(good)
    texts = ["123m456p789s1122z", "123m", "12x"]
    assert engine.valid(texts).tolist() == [True, False, False]
    with pytest.raises(hupai.HandError) as err:
        engine.shanten(texts)
    assert err.value.row == 1


def test_the_gil_is_released() -> None:
    """A Python thread keeps running while a big batch is answered."""
    engine = hupai.Engine("nanchang", jing="1z")
    counts = np.repeat(rows("nanchang", 2000), 150, axis=0)
    ticks = []
    done = threading.Event()

    def tick() -> None:
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)  # the ticker's beat: what must go on during the call

    t = threading.Thread(target=tick)
    t.start()
    # The ticker is running before the call (a condition with a deadline, not a fixed sleep).
    deadline = time.monotonic() + 30
    while not ticks and time.monotonic() < deadline:
        time.sleep(0.001)
    assert ticks, "the ticker started"
    # A batch long enough to tell, however fast the machine: doubled until one call lasts
    # 0.2 s (at most 6 times); with the GIL held the ticker could not tick at all inside it.
    for _ in range(7):
        start = time.perf_counter()
        engine.ukeire(counts)
        end = time.perf_counter()
        if end - start >= 0.2:
            break
        counts = np.concatenate([counts, counts])
    done.set()
    t.join()
    during = [x for x in ticks if start < x < end]
    assert end - start >= 0.2, "the batch grew long enough to tell"
    assert len(during) >= 3, (len(during), end - start)


def test_one_engine_shared_by_threads() -> None:
    engine = hupai.Engine("chinese", wild="5m")
    counts = rows("chinese", 4000)
    want = engine.shanten(counts)
    results = [None] * 4

    def work(k: int) -> None:
        results[k] = [engine.shanten(r.tolist()) for r in counts[k::4]]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(4):
        assert results[k] == want[k::4].tolist()

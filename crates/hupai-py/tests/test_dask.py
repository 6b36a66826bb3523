"""The Dask example on a small generated Parquet file, with a 2-worker local cluster: its
columns equal the per-hand answers, for MPSZ text and for 34 count columns."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import hupai
from conftest import CRATE, random_hands

pd = pytest.importorskip("pandas")
pytest.importorskip("dask.dataframe")
pytest.importorskip("distributed")
pytest.importorskip("pyarrow")

EXAMPLE = CRATE / "examples" / "dask_parquet.py"
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


@pytest.mark.parametrize("layout", ["text", "counts"])
def test_dask_example_adds_the_answers(tmp_path: Path, layout: str) -> None:
    counts = np.array(random_hands(random.Random(f"dask-{layout}"), 6000), dtype=np.uint8)
    if layout == "text":
        frame = pd.DataFrame({"game": np.arange(len(counts)), "hand": hupai.to_text(counts)})
    else:
        frame = pd.DataFrame(counts, columns=TILES)
        frame["game"] = np.arange(len(counts))
    source = tmp_path / "hands.parquet"
    # Several row groups, so that Dask reads several partitions.
    frame.to_parquet(source, row_group_size=1000)
    target = tmp_path / "answers"
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), str(source), str(target), "--workers", "2", "--rules", "nanchang", "--jing", "5m"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert f"{len(counts)} hands answered" in run.stderr
    out = pd.read_parquet(target).sort_values("game").reset_index(drop=True)
    assert len(out) == len(counts)
    engine = hupai.Engine("nanchang", jing="5m")
    for i in range(0, len(counts), 7):
        hand = counts[out["game"][i]].tolist()
        assert out["shanten"][i] == engine.shanten(hand)
        assert out["win"][i] == engine.is_win(hand)
        if sum(hand) % 3 == 2:
            # The columns hold 0 for a 14-tile hand (one such hand alone is an error).
            assert (out["ukeire_count"][i], out["ukeire_mask"][i]) == (0, 0)
            continue
        u = engine.ukeire(hand)
        assert (out["ukeire_count"][i], out["ukeire_mask"][i]) == (u.count, u.mask)
    assert out["win"].sum() > 100
    assert str(out["shanten"].dtype) == "int8"

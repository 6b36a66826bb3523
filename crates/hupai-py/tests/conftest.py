"""Shared fixtures: the `hupai` binary to compare with, random hands of every preset, and the
public sample of `hupai batch` cases."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import Dict, Iterable, List, Optional

import pytest

import hupai

CRATE = Path(__file__).resolve().parent.parent
ROOT = CRATE.parent.parent
SAMPLE = ROOT.parent / "shared" / "oracle" / "sample.jsonl"
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def hupai_bin() -> Path:
    """The command line built from this checkout (run-tests builds it)."""
    return Path(os.environ.get("HUPAI_BIN", ROOT / "target" / "release" / "hupai"))


def batch(lines: Iterable[str], *args: str) -> List[Dict]:
    """Each request line through `hupai batch`, its answers as dicts."""
    text = "".join(line + "\n" for line in lines)
    out = subprocess.run(
        [str(hupai_bin()), "batch", *args],
        input=text.encode(),
        stdout=subprocess.PIPE,
        check=True,
    ).stdout.decode()
    return [json.loads(a) for a in out.splitlines()]


def text_of(counts: List[int]) -> str:
    return hupai.to_text(counts)


def kinds_in_play(engine: hupai.Engine) -> List[int]:
    """The tile indices an engine's rules play (a pair of each beside four pungs)."""
    base = hupai.to_counts("111m222m333p444p")
    out = []
    for i in range(34):
        counts = list(base)
        counts[i] += 2
        if counts[i] <= 4 and engine.valid(counts):
            out.append(i)
    return out


def random_hands(
    rng: random.Random, n: int, size: int = 0, kinds: Optional[List[int]] = None
) -> List[List[int]]:
    """`n` hands of 13 or 14 tiles (or `size`) drawn from a full wall of `kinds` (all 34 by
    default): most random, some one tile from a complete hand, so that wins and tenpai hands
    are common."""
    kinds = kinds or list(range(34))
    allowed = set(kinds)
    out = []
    for _ in range(n):
        tiles = size or rng.choice((13, 14))
        counts = [0] * 34
        if rng.random() < 0.4:
            # Near-complete: four sets and a pair, then a tile swapped or taken.
            while sum(counts) < 12:
                if rng.random() < 0.5:
                    s, k = rng.randrange(3), rng.randrange(7)
                    group = [s * 9 + k, s * 9 + k + 1, s * 9 + k + 2]
                else:
                    group = [rng.randrange(34)] * 3
                if all(counts[i] + group.count(i) <= 4 and i in allowed for i in group):
                    for i in group:
                        counts[i] += 1
            pair = rng.choice(kinds)
            if counts[pair] <= 2:
                counts[pair] += 2
            while sum(counts) > tiles:
                i = rng.randrange(34)
                if counts[i]:
                    counts[i] -= 1
        while sum(counts) < tiles:
            i = rng.choice(kinds)
            if counts[i] < 4:
                counts[i] += 1
        out.append(counts)
    return out


@pytest.fixture(scope="session")
def sample_cases() -> List[Dict]:
    if not SAMPLE.exists():
        pytest.skip(f"{SAMPLE} is not beside this checkout")
    return [json.loads(line) for line in SAMPLE.read_text().splitlines() if line.strip()]


PRESETS = hupai.presets()

"""Differential tests on random riichi hands: hupai against the `xiangting` wheel (shanten and
the tiles that lower it) and the `mahjong` package (shanten), both as test dependencies."""

from __future__ import annotations

import random

import numpy as np
import pytest

import hupai
from conftest import random_hands

xiangting = pytest.importorskip("xiangting")
mahjong_shanten = pytest.importorskip("mahjong.shanten")

ENGINE = hupai.Engine("riichi")


def hands(n: int, seed: str) -> np.ndarray:
    return np.array(random_hands(random.Random(seed), n), dtype=np.uint8)


def test_shanten_equals_xiangting() -> None:
    counts = hands(50_000, "xiangting")
    ours = ENGINE.shanten(counts)
    for row, s in zip(counts, ours):
        theirs = xiangting.calculate_replacement_number(row.tolist(), xiangting.PlayerCount.FOUR)
        assert s == theirs - 1, hupai.to_text(row)
    assert len(set(ours.tolist())) >= 5, "the hands span many distances"


def test_ukeire_kinds_equal_xiangting_necessary_tiles() -> None:
    counts = hands(30_000, "xiangting-necessary")
    counts = counts[counts.sum(axis=1) == 13]
    _, masks = ENGINE.ukeire(counts)
    for row, mask in zip(counts, masks):
        _, necessary = xiangting.calculate_necessary_tiles(row.tolist(), xiangting.PlayerCount.FOUR)
        # hupai lists kinds left to draw: a kind held 4 times cannot be drawn.
        held4 = sum(1 << i for i in range(34) if row[i] == 4)
        assert int(mask) == necessary & ~held4, hupai.to_text(row)


def test_shanten_equals_the_mahjong_package() -> None:
    shanten = mahjong_shanten.Shanten()
    counts = hands(20_000, "mahjong")
    ours = ENGINE.shanten(counts)
    for row, s in zip(counts, ours):
        assert s == shanten.calculate_shanten(row.tolist()), hupai.to_text(row)

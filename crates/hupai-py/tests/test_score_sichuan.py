"""Engine.score under Sichuan 血战到底: the SichuanScore dataclass equals `hupai batch`'s
"score" object on the table's hands, score_many fills the fans and the gain, and bad input
is refused as the batch refuses it."""

from __future__ import annotations

import json

import pytest

import hupai
from conftest import batch

ENGINE = hupai.Engine("sichuan")

HANDS = [
    ("123m456m789p234p55p", "5p", [], {}),
    ("11122233355577m", "7m", [], {"tsumo": True}),
    ("1111m33m55m77m99m22m", "2m", [], {"tsumo": True, "cap": 4, "payers": 2, "stake": 5}),
    ("234m567m99m", "9m", ["kan 1111p", "pon 555p"], {"tsumo": True, "rinshan": True}),
    ("55p", "5p", ["pon 222m", "pon 555m", "pon 888m", "pon 222p"], {"self_draw": "stake", "tsumo": True}),
    ("11m33m55m77p99p22p44p", "4p", [], {"kong_discard": True}),
]


@pytest.mark.parametrize("hand,win,calls,situation", HANDS)
def test_score_equals_batch(hand: str, win: str, calls: list, situation: dict) -> None:
    line = {"hand": hand, "rules": "sichuan", "melds": calls, "score": {"win": win, **situation}}
    want = batch([json.dumps(line)])[0]["score"]
    got = ENGINE.score(hand, win=win, calls=calls, **situation)
    assert isinstance(got, hupai.SichuanScore)
    assert got.to_dict() == want
    assert hupai.SichuanScore.from_dict(want) == got
    assert got.total == got.each * got.payers


def test_score_many_fills_fans_and_gain() -> None:
    wins = [{"hand": h, "win": w, "calls": c, **s} for h, w, c, s in HANDS]
    cols = ENGINE.score_many(wins)
    for i, (h, w, c, s) in enumerate(HANDS):
        one = ENGINE.score(h, win=w, calls=c, **s)
        assert (cols["status"][i], cols["han"][i], cols["total"][i]) == (0, one.fan, one.total)


def test_refusals() -> None:
    with pytest.raises(hupai.ScoreError, match="not a win"):
        ENGINE.score("123m456p789s23455s", win="5s")
    with pytest.raises(hupai.HandError, match="chi is not a Sichuan call"):
        ENGINE.score("456m789m11m", win="1m", calls=["chi 123p", "pon 555p"])
    with pytest.raises(ValueError, match="payers"):
        ENGINE.score("123m456m789p234p55p", win="5p", tsumo=True, payers=4)
    with pytest.raises(hupai.ScoreError, match="not Sichuan's"):
        ENGINE.score("123m456m789p234p55p", win="5p", riichi=True)

"""Engine.score under the rooms with wildcards and big wins (红中麻将, 长沙麻将, 南昌麻将): the
RoomScore dataclass equals `hupai batch`'s "score" object, with what each wildcard stood for,
score_many fills the fans and the gain, and bad input is refused as the batch refuses it."""

from __future__ import annotations

import json

import pytest

import hupai
from conftest import batch

CASES = [
    # rules, jing, hand, win, calls, situation
    ("hongzhong", None, "1122334455667m7z", "7m", [], {"tsumo": True, "birds": 1}),
    ("hongzhong", None, "1112223334445s7z", "5s", [], {}),
    ("hongzhong", None, "123456789m3s11p77z", "1p", [], {"tsumo": True, "payers": 2}),
    ("changsha", None, "11112233445566m", "6m", [], {"tsumo": True}),
    ("changsha", None, "123m456m789p234s55s", "5s", [], {"birds": 2}),
    ("changsha", None, "2s2s", "2s", ["pon 222m", "pon 555p", "kan 8888s", "pon 555s"], {}),
    ("nanchang", "5m", "123m456p789s1z5m", "1z", ["pon 777p"], {}),
    ("nanchang", "5m", "1122334455667z6m", "6m", [], {"tsumo": True}),
    ("nanchang", "5m", "345m456p789s11z567z", "3m", [], {}),
]


@pytest.mark.parametrize("rules,jing,hand,win,calls,situation", CASES)
def test_score_equals_batch(rules: str, jing, hand: str, win: str, calls: list, situation: dict) -> None:
    line = {"hand": hand, "rules": rules, "melds": calls, "score": {"win": win, **situation}}
    if jing:
        line["jing"] = jing
    want = batch([json.dumps(line)])[0]["score"]
    engine = hupai.Engine(rules, jing=jing) if jing else hupai.Engine(rules)
    got = engine.score(hand, win=win, calls=calls, **situation)
    assert isinstance(got, hupai.RoomScore)
    assert got.to_dict() == want
    assert hupai.RoomScore.from_dict(want) == got
    assert got.total == got.each * got.payers


def test_the_wildcards_reading_is_said() -> None:
    s = hupai.Engine("hongzhong").score("1122334455667m7z", win="7m", tsumo=True)
    assert [f.chinese for f in s.fans] == ["七对", "清一色"]
    assert [(w.wildcard, w.stood_for) for w in s.wildcards] == [("7z", "7m")]
    s = hupai.Engine("nanchang", jing="5m").score("123m456p789s1z5m", win="1z", calls=["pon 777p"])
    assert [f.chinese for f in s.fans] == ["平胡", "精钓"]
    assert [(w.wildcard, w.stood_for) for w in s.wildcards] == [("5m", "1z")]


def test_score_many_fills_fans_and_gain() -> None:
    for rules in ("hongzhong", "changsha"):
        rows = [c for c in CASES if c[0] == rules]
        engine = hupai.Engine(rules)
        cols = engine.score_many([{"hand": h, "win": w, "calls": c, **s} for _, _, h, w, c, s in rows])
        for i, (_, _, h, w, c, s) in enumerate(rows):
            one = engine.score(h, win=w, calls=c, **s)
            assert (cols["status"][i], cols["han"][i], cols["total"][i]) == (0, one.fan, one.total)


def test_refusals() -> None:
    with pytest.raises(hupai.HandError, match="chi is not a Hongzhong call"):
        hupai.Engine("hongzhong").score("456m789m123p1s7z", win="1s", calls=["chi 123m"])
    with pytest.raises(hupai.ScoreError, match="not a win"):
        hupai.Engine("changsha").score("123m456m789p234s66s", win="6s")
    with pytest.raises(ValueError, match="birds"):
        hupai.Engine("changsha").score("123m456m789p234s55s", win="5s", birds=99)
    with pytest.raises(hupai.HupaiError, match="not an option of nanchang") as e:
        hupai.Engine("nanchang").score("345m456p789s11z567z", win="3m", birds=1)
    assert e.value.code == "BAD_ARGUMENT"
    with pytest.raises(hupai.HandError, match="wildcards"):
        hupai.Engine("riichi", wild="5s").score("123m456m789p234s55s", win="5s", tsumo=True)


def test_jing_settlement() -> None:
    rows = hupai.jing_settlement(["5555m6m", "123p"], "5m")
    assert [(r["points"], r["multiplier"], r["value"], r["net"]) for r in rows] == [(9, 12, 108, 108), (0, 1, 0, -108)]
    rows = hupai.jing_settlement(["5m6m", "6m", "123p", "9s"], "5m")
    assert sum(r["net"] for r in rows) == 0
    with pytest.raises(ValueError, match="four"):
        hupai.jing_settlement(["555m", "55m"], "5m")
    with pytest.raises(ValueError):
        hupai.jing_settlement(["5m"], "5m")

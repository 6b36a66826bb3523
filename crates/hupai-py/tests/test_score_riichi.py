"""Riichi scoring from Python: `Engine.score` and `Engine.score_many` equal `hupai batch`'s
`score`, and hupai equals the `mahjong` package (2.1.0) on random wins (riichi_peer.py; the
million-hand sweep is the same script with --hands 1000000)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import hupai
from conftest import batch, hupai_bin

riichi_peer = pytest.importorskip("riichi_peer", reason="needs the mahjong package")

ENGINE = hupai.Engine("riichi")


def cases(n: int, seed: int) -> list:
    rng = random.Random(seed)
    return [json.loads(riichi_peer.hupai_request(riichi_peer.random_case(rng))) for _ in range(n)]


def as_kwargs(req: dict) -> dict:
    situation = dict(req["score"])
    win = situation.pop("win")
    return {"win": win, "calls": req["melds"], **situation}


def test_score_equals_hupai_batch() -> None:
    reqs = cases(600, 7)
    answers = batch(json.dumps(r) for r in reqs)
    scored = no_yaku = 0
    for req, ans in zip(reqs, answers):
        expected = ans["score"]
        try:
            ours = ENGINE.score(req["hand"], **as_kwargs(req)).to_dict()
        except hupai.NoYakuError as e:
            assert expected == {"error": str(e), "code": e.code}, req
            no_yaku += 1
            continue
        assert ours == expected, req
        scored += 1
    assert scored > 500 and no_yaku > 0, (scored, no_yaku)


def test_score_many_equals_one_at_a_time() -> None:
    reqs = cases(400, 8)
    wins = [{"hand": r["hand"], **as_kwargs(r)} for r in reqs]
    cols = ENGINE.score_many(wins)
    assert set(cols) == {"han", "fu", "base", "total", "yakuman", "status"}
    assert cols["han"].dtype == np.int32 and cols["status"].dtype == np.uint8
    for i, w in enumerate(wins):
        kw = dict(w)
        hand = kw.pop("hand")
        try:
            s = ENGINE.score(hand, **kw)
        except hupai.NoYakuError:
            assert hupai.STATUS[cols["status"][i]] == "NO_YAKU"
            continue
        assert cols["status"][i] == 0
        assert (cols["han"][i], cols["fu"][i], cols["base"][i], cols["total"][i]) == (
            s.han, s.fu, s.base, s.total,
        )


def test_differential_against_the_mahjong_package() -> None:
    bad, kinds = riichi_peer.run(20_000, 2026, str(hupai_bin()), jobs=2, show=5)
    assert bad == 0, f"{bad} differences with the mahjong package (printed above)"
    # The sample reaches every yaku and yakuman hupai scores but the rarest: check it spans.
    assert len(kinds) >= 45, sorted(kinds)


def test_refusals() -> None:
    with pytest.raises(hupai.NoYakuError):
        ENGINE.score("123m456p789s23455s", win="5s")
    with pytest.raises(hupai.ScoreError, match="not a win"):
        ENGINE.score("123456m1239p55s11z", win="1z")
    with pytest.raises(hupai.ScoreError, match="closed hand"):
        ENGINE.score("234456m66p444s", win="4s", calls=["chi 123s"], riichi=True)
    with pytest.raises(hupai.HupaiError, match="unknown score field") as e:
        ENGINE.score("234456m66p123444s", win="4s", tsumoo=True)
    assert e.value.code == "BAD_ARGUMENT"
    with pytest.raises(hupai.ScoreError, match="score no wins"):
        hupai.Engine("chinese").score("234456m66p123444s", win="4s")
    with pytest.raises(ValueError):
        ENGINE.score("234456m66p123444s", win="4s", honba=-1)
    cols = ENGINE.score_many([{"hand": "123m"}, {"hand": "123m456p789s23455s", "win": "5s"}, 3])
    assert [hupai.STATUS[s] for s in cols["status"]] == ["BAD_WIN", "NO_YAKU", "BAD_WIN"]
    with pytest.raises(hupai.NoYakuError) as err:
        ENGINE.score("123m456p789s23455s", win="5s")
    assert err.value.code == "NO_YAKU"
    with pytest.raises(hupai.ScoreError, match="1-shanten") as err:
        ENGINE.score("123m456p789s12355z", win="5z")
    assert err.value.code == "NOT_A_WIN"


def test_odds_expected_score_equals_hupai_batch() -> None:
    situation = {"seat": "east", "riichi": True, "dora": "3p"}
    for hand, melds in [("12455m34567p6777s", []), ("123m456p11z789s", ["ankan 1111s"])]:
        line = {"hand": hand, "rules": "riichi", "melds": melds,
                "odds": {"draws": 6, "backward": False, "sideways": False, "score": situation}}
        expected = batch([json.dumps(line)])[0]["odds"]
        o = ENGINE.odds(hand if not melds else hupai.Hand(hand, melds=["1111s"]), draws=6,
                        backward=False, sideways=False, score=situation, calls=melds)
        assert o.to_dict() == expected
        assert o.expected[-1] > 0
    # A red five in the text: more points than the plain five, the same in both doors; two
    # red fives of a suit are refused by both.
    plain, red = "12455m34567p6777s", "12405m34567p6777s"
    opts = {"draws": 6, "backward": False, "sideways": False, "score": situation}
    answers = batch([json.dumps({"hand": h, "rules": "riichi", "odds": opts}) for h in (plain, red)])
    for h, want in zip((plain, red), answers):
        assert ENGINE.odds(h, **opts).to_dict() == want["odds"]
    assert answers[1]["odds"]["expected"][-1] > answers[0]["odds"]["expected"][-1]
    assert answers[1]["odds"]["win"] == answers[0]["odds"]["win"]
    with pytest.raises(hupai.OddsError, match="one red five"):
        ENGINE.odds("12400m34567p6777s", **opts)
    two = json.dumps({"hand": "12400m34567p6777s", "rules": "riichi", "odds": opts})
    assert "one red five" in batch([two])[0]["odds"]["error"]
    with pytest.raises(hupai.OddsError, match="score no wins"):
        hupai.Engine("chinese").odds("123m456p789s1122z", draws=3, score={})
    with pytest.raises(ValueError, match="unknown odds.score field"):
        ENGINE.odds("123m456p789s1122z", draws=3, score={"tsumo": True})


def test_score_many_takes_columns() -> None:
    """A dict of columns (lists or numpy arrays) answers as the list of dicts it holds."""
    reqs = cases(300, 9)
    wins = [{"hand": r["hand"], **as_kwargs(r)} for r in reqs]
    # The fields every random win has (the generator always names them), as columns.
    keys = ["hand", "win", "calls", "tsumo", "seat", "round", "dora", "honba", "riichi_sticks",
            "open_tanyao", "red_fives", "kiriage", "kazoe", "double_yakuman"]
    full = [{k: w[k] for k in keys} for w in wins]
    columns = {k: [w[k] for w in full] for k in keys}
    for k in ("tsumo", "open_tanyao", "red_fives", "kiriage", "double_yakuman"):
        columns[k] = np.array(columns[k], dtype=bool)
    columns["honba"] = np.array(columns["honba"], dtype=np.int64)
    by_rows = ENGINE.score_many(full)
    by_columns = ENGINE.score_many(columns)
    for name in by_rows:
        assert by_rows[name].tolist() == by_columns[name].tolist(), name
    with pytest.raises(hupai.ScoreError, match="hand column"):
        ENGINE.score_many({"win": ["1m"]})
    with pytest.raises(hupai.ScoreError, match="rows"):
        ENGINE.score_many({"hand": ["123m"], "win": ["1m", "2m"]})


def test_impossible_situations_are_refused() -> None:
    """Issue 51's list, refused here as in every front end."""
    closed = "234456m66p123444s"
    # More copies in play than the set holds: TOO_MANY_COPIES, as in every door.
    with pytest.raises(hupai.HandError, match="5 copies of 1m") as e:
        ENGINE.score(closed, win="4s", riichi=True, dora="11111m")
    assert e.value.code == "TOO_MANY_COPIES"
    with pytest.raises(hupai.HandError, match="6 copies of 1m"):
        ENGINE.score("111122223333m44p", win="4p", riichi=True, dora="1m", ura_dora="1m")
    with pytest.raises(hupai.HandError, match="one red five"):
        ENGINE.score("000m123p456s789s11z", win="1z")
    with pytest.raises(hupai.ScoreError, match="red 0m"):
        ENGINE.score("123p456s789s11z", win="1z", calls=["ankan 5555m"], tsumo=True)
    with pytest.raises(hupai.ScoreError, match="chankan and houtei"):
        ENGINE.score(closed, win="4s", chankan=True, houtei=True)
    with pytest.raises(hupai.ScoreError, match="riichi"):
        ENGINE.score(closed, win="4s", riichi=True, renhou=True)
    # Full-width digits read as the command line reads them.
    assert ENGINE.score("２３４４５６m66p123444s", win="4s", riichi=True).han == ENGINE.score(
        closed, win="4s", riichi=True).han


def test_scores_are_the_dataclasses_their_dicts_make() -> None:
    """Built as pickle builds them (no __init__): equal, hashable and shown as the ones
    `from_dict` makes, every field there."""
    import dataclasses
    import pickle

    for s in [
        ENGINE.score("234m345m567p22s789s", win="5m", tsumo=True, riichi=True, dora="1p"),
        ENGINE.score("567p333555s77z", win="3s", calls=["ankan 4444s"], riichi=True),
        hupai.Engine("guobiao").score("19m19p19s12345677z", win="7z"),
    ]:
        made = type(s).from_dict(s.to_dict())
        assert s == made and repr(s) == repr(made)
        assert pickle.loads(pickle.dumps(s)) == s
        for f in dataclasses.fields(s):
            getattr(s, f.name)
        with pytest.raises(dataclasses.FrozenInstanceError):
            s.total = 0  # type: ignore[misc]

"""Per-hand calls on worked examples: what each answer says, the Hand object, rules given as
switches, table sets from disk, pickling."""

from __future__ import annotations

import pickle
import subprocess

import pytest

import hupai
from conftest import hupai_bin


def test_riichi_worked_example() -> None:
    # No rules is the batch's default in every front end: chinese.
    assert hupai.Engine().rules == "chinese"
    engine = hupai.Engine("riichi")
    assert engine.rules == "riichi"
    hand = "23569m456p789s11z"
    assert engine.shanten(hand) == 1
    assert engine.ukeire(hand) == hupai.Ukeire(tiles=("1m", "4m", "7m"), count=12)
    assert engine.ukeire(hand).mask == (1 << 0) | (1 << 3) | (1 << 6)
    assert engine.ukeire(hand, seen="1m4m4m").count == 9
    assert engine.waits(hand) == []
    assert engine.form_shanten(hand) == {"Standard": 1, "SevenPairs": 5, "ThirteenOrphans": 9}
    improvements = engine.improvements(hand)
    assert all(isinstance(i, hupai.Improvement) and i.count > 12 for i in improvements)
    report = engine.discards(hand + "7z")
    assert [d.tile for d in report[:2]] == ["9m", "7z"]
    assert report[0].to_dict() == {"tile": "9m", "shanten": 1, "ukeire": ["1m", "4m", "7m"], "ukeire_count": 12}
    assert [d.shanten for d in report] == sorted(d.shanten for d in report)


def test_wins_wildcards_and_readings() -> None:
    chinese = hupai.Engine("chinese")
    hand = hupai.Hand("1111m456789p1239s", wild="9s")
    assert chinese.is_win(hand) and chinese.shanten(hand) == -1
    assert chinese.wildcards_needed(hand) == 1
    assert chinese.wildcards_needed("123m456p789s11222z") == 0  # a win without one
    assert chinese.wildcards_needed("123m456p789s1122z") is None  # 13 tiles: a draw, not a wildcard
    readings = chinese.decompositions(hand)
    assert readings and all(r.form == "Standard" for r in readings)
    assert any(("9s", "1m") in r.wild_roles() for r in readings)
    d = readings[0].to_dict()
    assert set(d) == {"form", "sets"} and {"kind", "tiles", "wildcards", "declared"} <= set(d["sets"][0])
    assert "[1m]" in str(readings[0]) or any("[1m]" in str(r) for r in readings)
    assert chinese.decompositions("123m456p789s1122z") == []
    # Engine-wide wild kinds and a hand's own add up.
    assert hupai.Engine("chinese", wild="9s").is_win("1111m456789p1239s")
    nanchang = hupai.Engine("nanchang", jing="1z")
    assert nanchang.wild == ["1z", "2z"]
    assert nanchang.is_win("12355m99m456p789s1z")


def test_hand_object() -> None:
    hand = hupai.Hand("11m234p567s", melds=["555z", "789s"], seen="1z1z", wild=["9s"])
    assert (hand.tiles, hand.melds, hand.seen, hand.wild, len(hand)) == (
        "11m234p567s", ["555z", "789s"], "11z", ["9s"], 8,
    )
    assert hand.counts == hupai.to_counts("11m234p567s")
    assert hupai.Hand(hand.counts, melds=hand.melds, seen=hand.seen, wild="9s") == hand
    assert hand.to_dict() == {"hand": "11m234p567s", "melds": ["555z", "789s"], "seen": "11z", "wild": ["9s"]}
    assert repr(hand) == "Hand('11m234p567s', melds=['555z', '789s'], seen='11z', wild=['9s'])"
    engine = hupai.Engine("riichi")
    assert engine.shanten(hand) == -1 and engine.is_win(hand)
    # Waits, ukeire and improvements are a 13-tile hand's; the discard report a 14-tile one's.
    for ask in (engine.waits, engine.ukeire, engine.improvements):
        with pytest.raises(hupai.HandError, match="asked of a hand of 13 tiles"):
            ask(hand)
    with pytest.raises(hupai.HandError, match="asked of a hand of 14 tiles"):
        engine.discards("23569m456p789s11z")
    assert hupai.Hand("11m234p567s", melds=["555z", "789s"]) != hand  # no seen, no wild
    jing = hupai.Hand("123m456p789s1122z", jing="9s")
    assert jing.wild == ["1s", "9s"]
    with pytest.raises(hupai.HandError, match="seen is given twice"):
        engine.ukeire(hupai.Hand("123m456p789s1122z", seen="1z"), seen="2z")


def test_rules_as_switches_and_patterns() -> None:
    strict = hupai.Engine({"preset": "changsha", "patterns": []})
    changsha = hupai.Engine("changsha")
    hand = "22255588m258p258s"  # 将将胡: no meld shape at all
    assert changsha.is_win(hand) and not strict.is_win(hand)
    assert changsha.form_shanten(hand)["all_258"] == -1
    assert "all_258" not in strict.form_shanten(hand)
    [reading] = [r for r in changsha.decompositions(hand) if r.form == "all_258"]
    assert reading.patterns == ("all_258",)
    assert changsha.analyse(hand)["patterns"] == ["all_258"]
    # A declared chow rules all pungs out.
    chow = hupai.Hand("11123m555p999s", melds=["789m"])
    assert changsha.form_shanten(chow)["all_pungs"] is None
    big_only = hupai.Engine({"preset": "chinese", "plain_win": False, "patterns": ["one_suit"]})
    assert not big_only.is_win("123456789m123p55p")
    assert big_only.is_win("11123456789999m")


def test_analyse_is_the_batch_answer() -> None:
    engine = hupai.Engine("nanchang", jing="5m")
    hand = hupai.Hand("12355m99m456p789s1z", seen="9m")
    line = '{"hand": "12355m99m456p789s1z", "rules": "nanchang", "jing": "5m", "seen": "9m", "decompositions": true}'
    out = subprocess.run([str(hupai_bin()), "batch"], input=line + "\n", capture_output=True, text=True, check=True)
    import json

    assert engine.analyse(hand, decompositions=True) == json.loads(out.stdout)


def test_tables_from_disk(tmp_path) -> None:
    subprocess.run(
        [str(hupai_bin()), "tables", "generate", "--rules", "riichi", "--out", str(tmp_path), "-q"],
        check=True,
    )
    disk = hupai.Engine("riichi", tables=tmp_path)
    again = hupai.Engine("riichi", tables=str(tmp_path))  # the set is loaded once
    compiled = hupai.Engine("riichi")
    for hand in ("23569m456p789s11z", "123m456p789s1122z", "19m19p19s1234567z"):
        assert disk.shanten(hand) == again.shanten(hand) == compiled.shanten(hand)
        assert disk.ukeire(hand) == compiled.ukeire(hand)
    with pytest.raises(hupai.TablesError):
        hupai.Engine("nanchang", tables=tmp_path)  # a riichi-only set lacks nanchang's tables
    (tmp_path / "manifest.json").write_text("{}")
    with pytest.raises(hupai.TablesError, match="manifest"):
        hupai.Engine("guobiao", tables=tmp_path)


def test_pickling() -> None:
    engine = hupai.Engine({"preset": "chinese", "patterns": ["one_suit"]}, wild="5m")
    back = pickle.loads(pickle.dumps(engine))
    assert back.rules == engine.rules and back.wild == engine.wild
    assert back.is_win("11123456789999m") == engine.is_win("11123456789999m")
    hand = hupai.Hand("11m234p567s", melds=["555z", "789s"], seen="1z", wild=["9s"])
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_presets_and_tiles() -> None:
    assert hupai.presets() == ["riichi", "chinese", "nanchang", "sichuan", "hongzhong", "changsha", "guobiao"]
    assert [hupai.tile_index(t) for t in ("1m", "9m", "1p", "1s", "1z", "7z")] == [0, 8, 9, 18, 27, 33]
    assert hupai.KINDS == 34
    assert hupai.to_text(hupai.to_counts("7z1m2m")) == "12m7z"
    assert isinstance(hupai.__version__, str)

"""No input from Python crashes the interpreter: each bad one raises an exception that says what
is wrong. Every call runs in this process, so a crash would end the test run."""

from __future__ import annotations

import json

import numpy as np
import pytest

import hupai
from conftest import batch

ENGINE = hupai.Engine("riichi")
GOOD = np.array(hupai.to_counts("123m456p789s1122z"), dtype=np.uint8)


@pytest.mark.parametrize(
    "bad, error, words",
    [
        (None, TypeError, "a hand is MPSZ text"),
        (3, TypeError, "a hand is MPSZ text"),
        (3.5, TypeError, "a hand is MPSZ text"),
        ({"hand": "1m"}, TypeError, "got dict"),
        (object(), TypeError, "a hand is MPSZ text"),
        (b"123m456p789s1122z", TypeError, "bytes"),
        ("", hupai.HandError, "tile count"),
        ("123m456p789s1122q", hupai.HandError, "q"),
        ("11111m456p789s122z", hupai.HandError, "copies"),
        ("123m456p789s11223z4", hupai.HandError, ""),
        ("123456789m123456p", hupai.HandError, "15"),
        ("1" * 10_000_000 + "m", hupai.HandError, "at most"),
        ("\x00\xff🀄", hupai.HandError, ""),
        ([1] * 33, hupai.HandError, "34 counts"),
        ([1] * 35, hupai.HandError, "34 counts"),
        ([5] + [0] * 33, hupai.HandError, "0 to 4"),
        ([-1] + [1] * 14 + [0] * 19, hupai.HandError, "0 to 4"),
        ([2**70] + [0] * 33, TypeError, ""),
        ([1.5] * 34, TypeError, ""),
        (["1m"] * 34 + [3], TypeError, "row 34"),
        ([None, "1m"], TypeError, "MPSZ strings"),
        (np.zeros((2, 33), np.uint8), hupai.HandError, "shape"),
        (np.zeros((2, 34, 1), np.uint8), hupai.HandError, "shape"),
        (np.zeros((), np.uint8), hupai.HandError, ""),
        (np.zeros(34, np.float64), TypeError, "dtype"),
        (np.zeros((2, 34), np.float32), TypeError, "float32"),
        (np.zeros((2, 34), bool), TypeError, "bool"),
        (np.zeros((2, 34), np.complex64), TypeError, "complex64"),
        (np.zeros((1, 34), np.uint8), hupai.HandError, "row 0"),
        (np.full((1, 34), 5, np.uint8), hupai.HandError, "row 0"),
        (np.full((1, 34), 300, np.int64), hupai.HandError, "row 0"),
        (np.full((3, 34), -1, np.int8), hupai.HandError, "row 0"),
        (np.vstack([GOOD, GOOD + 1]), hupai.HandError, "row 1"),
        (np.array([[1] * 15 + [0] * 19], np.uint8), hupai.HandError, "15"),
        (np.array([["1m"] * 2] * 2), hupai.HandError, "1-D"),
        (np.zeros((2, 34), object), TypeError, "dtype object"),
        (np.array([[1] * 14 + [0] * 20], dtype=object), TypeError, "dtype object"),
        ("123m\udc80", hupai.HandError, "surrogate"),
        (["123m456p789s1122z", "1m\ud800"], hupai.HandError, "surrogate"),
        (np.array(["123m456p789s1122z", "\udcff"], dtype=object), hupai.HandError, "surrogate"),
        (np.array(["1" * 1000 + "m"]), hupai.HandError, "row 0"),
    ],
)
def test_each_bad_input_raises(bad, error, words) -> None:
    for call in (ENGINE.shanten, ENGINE.is_win, ENGINE.wildcards_needed, ENGINE.ukeire):
        with pytest.raises(error) as e:
            call(bad)
        assert words in str(e.value), (call, str(e.value))


def test_bad_arguments_raise() -> None:
    with pytest.raises(hupai.RulesError, match="riich"):
        hupai.Engine("riich")
    with pytest.raises(TypeError):
        hupai.Engine(3)
    with pytest.raises(hupai.RulesError, match="switch"):
        hupai.Engine({"preset": "riichi", "no_such_switch": True})
    with pytest.raises(hupai.HandError, match="56m"):
        hupai.Engine("chinese", wild=["56m"])
    with pytest.raises(hupai.HandError, match="twice"):
        hupai.Engine("chinese", wild=["5m", "5m"])
    with pytest.raises(TypeError):
        hupai.Engine("chinese", wild=5)
    with pytest.raises(hupai.RulesError, match="not in play"):
        hupai.Engine("sichuan", wild="1z")
    with pytest.raises(hupai.HandError, match="jing"):
        hupai.Engine("nanchang", jing="1x")
    with pytest.raises(hupai.TablesError, match="no/such/dir"):
        hupai.Engine("riichi", tables="no/such/dir")
    with pytest.raises(hupai.HupaiError, match="threads is -1"):
        ENGINE.shanten(GOOD, threads=-1)
    with pytest.raises(hupai.HupaiError, match="1 to 1024"):
        ENGINE.shanten(np.vstack([GOOD]), threads=10**6)
    with pytest.raises(TypeError):
        ENGINE.shanten(np.vstack([GOOD]), threads="2")
    with pytest.raises(hupai.HandError, match="seen has 3 rows"):
        ENGINE.ukeire(np.vstack([GOOD, GOOD]), np.zeros((3, 34), np.uint8))
    with pytest.raises(hupai.HandError, match="more than 4"):
        ENGINE.ukeire("123m456p789s1122z", "1z1z1z")
    with pytest.raises(hupai.HandError, match="twice"):
        ENGINE.ukeire(hupai.Hand("123m456p789s1122z", seen="1z"), "2z")
    with pytest.raises(TypeError, match="one hand"):
        ENGINE.discards(np.vstack([GOOD]))
    with pytest.raises(hupai.HandError, match="4z is not in play"):
        hupai.Engine("sichuan").waits(hupai.Hand("123m456p789s1122m", seen="4z"))


def test_bad_hands_raise() -> None:
    with pytest.raises(hupai.HandError, match="tile count"):
        hupai.Hand("11m234p", melds=["555z", "789s"])
    with pytest.raises(hupai.HandError):
        hupai.Hand("11m234p567s", melds=["579s", "555z"])
    with pytest.raises(TypeError):
        hupai.Hand("11m234p567s", melds="555z")
    with pytest.raises(TypeError):
        hupai.Hand(None)
    with pytest.raises(hupai.HandError, match="at most"):
        hupai.Hand("123m456p789s1122z", seen="1" * 100_000 + "m")
    with pytest.raises(hupai.HandError, match="more than 4"):
        hupai.Hand("123m456p789s1122z", seen="1111m")
    with pytest.raises(hupai.HandError):
        hupai.to_counts(["1m", "1x"])
    with pytest.raises(TypeError):
        hupai.to_counts([1, 2])


@pytest.mark.parametrize(
    "request_",
    [
        {"hand": "11111m456p789s122z"},
        {"hand": "123m456p789s1122q"},
        {"hand": "123m456p789s11223z4"},
        {"hand": "123m456p789s1122z", "wild": ["56m"]},
        {"hand": "123m456p789s1122z", "rules": "riich"},
        {"hand": "11m234p567s", "melds": ["579s", "555z"]},
    ],
)
def test_errors_are_value_errors_with_the_cli_messages(request_) -> None:
    """The messages are those of `hupai batch` (the command line's machine interface; its
    human subcommands add a hint about the notation)."""
    assert issubclass(hupai.HupaiError, ValueError)
    for sub in (hupai.HandError, hupai.RulesError, hupai.TablesError):
        assert issubclass(sub, hupai.HupaiError)
    [answer] = batch([json.dumps(request_)])
    with pytest.raises(ValueError) as e:
        hand = hupai.Hand(request_["hand"], melds=request_.get("melds"))
        engine = hupai.Engine(request_.get("rules", "chinese"), wild=request_.get("wild"))
        engine.shanten(hand)
    assert e.value.row is None
    assert str(e.value) == answer["error"]


def test_odd_arguments_raise_the_documented_exceptions() -> None:
    hand = "123m456p789s1122z"
    with pytest.raises(ValueError, match="0 or more") as e:
        ENGINE.decompositions("11123456789999m", limit=-1)
    assert not isinstance(e.value, OverflowError)
    assert ENGINE.decompositions("11123456789999m", limit=0) == []
    for call in (
        lambda: hupai.Hand(hand, seen="1z\udc80"),
        lambda: hupai.Hand(hand, wild="\udc80"),
        lambda: hupai.Hand(hand, jing="\udc80"),
        lambda: hupai.Engine("nanchang", jing="\udc80"),
        lambda: hupai.tile_index("\udc80"),
        lambda: ENGINE.ukeire(hand, "\udc80"),
    ):
        with pytest.raises(hupai.HandError, match="surrogate"):
            call()


def test_jing_only_under_rules_that_play_it_with_the_message_of_every_front_end() -> None:
    hand = "123m456p789s1122z"
    # hupai batch (the protocol, as the HTTP API) refuses it; its message is the one.
    (answer,) = batch([json.dumps({"hand": hand, "rules": "riichi", "jing": "1z"})])
    message = answer["error"]
    assert "not played under these rules" in message
    for rules in ("riichi", "chinese", "sichuan", "guobiao", {"preset": "nanchang", "jing": False}):
        with pytest.raises(hupai.RulesError) as e:
            hupai.Engine(rules, jing="1z")
        assert str(e.value) == message
    # A hand's own indicator: refused by an engine whose rules do not play it, taken by one
    # whose rules do, as if the engine had it.
    own = hupai.Hand(hand, jing="1z")
    assert own.jing == "1z" and own.to_dict()["jing"] == "1z"
    with pytest.raises(hupai.RulesError) as e:
        ENGINE.shanten(own)
    assert str(e.value) == message
    nanchang = hupai.Engine("nanchang")
    assert nanchang.shanten(own) == hupai.Engine("nanchang", jing="1z").shanten(hand) == 0
    (answer,) = batch([json.dumps({**own.to_dict(), "rules": "nanchang"})])
    assert answer["shanten"] == 0
    assert hupai.Engine({"preset": "chinese", "jing": True}, jing="1z").wild == ["1z", "2z"]
    import pickle

    assert pickle.loads(pickle.dumps(own)) == own
    assert "jing='1z'" in repr(own)


def test_wild_kinds_out_of_play_are_each_named_as_by_batch() -> None:
    (answer,) = batch([json.dumps({"hand": "123m456p789s1155s", "rules": "sichuan", "wild": ["1z", "2z"]})])
    assert answer["error"] == "wild kinds 1z, 2z are not in play under these rules"
    with pytest.raises(hupai.RulesError) as e:
        hupai.Engine("sichuan", wild=["1z", "2z"])
    assert str(e.value) == answer["error"]
    with pytest.raises(hupai.RulesError, match="^wild kind 5z is not in play"):
        hupai.Engine("sichuan", wild="5z")

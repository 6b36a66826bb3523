"""Python answers equal `hupai batch`: on the public sample of batch cases, and on random hands
of every preset (with wild kinds, declared melds and seen tiles)."""

from __future__ import annotations

import json
import random
from typing import Any, Dict, Optional

import pytest

import hupai
from conftest import PRESETS, batch, kinds_in_play, random_hands, text_of

PATTERNS = {"all_pungs", "one_suit", "one_suit_honors", "all_258", "all_honors", "four_wild"}


def typed_answer(engine: hupai.Engine, hand: hupai.Hand) -> Dict[str, Any]:
    """The batch answer's fields, each from the typed per-hand call that gives it."""
    out: Dict[str, Any] = {
        "tiles": len(hand),
        "win": engine.is_win(hand),
        "shanten": engine.shanten(hand),
    }
    if out["win"]:
        played = {p: s for p, s in engine.form_shanten(hand).items() if p in PATTERNS}
        if played:
            # Under rules that play patterns, the ones the win holds (maybe none).
            out["patterns"] = [p for p, s in played.items() if s == -1]
        out["decompositions"] = [d.to_dict() for d in engine.decompositions(hand)]
    if len(hand) % 3 == 1:
        out["waits"] = engine.waits(hand)
        out.update(engine.ukeire(hand).to_dict())
    else:
        out["discards"] = [d.to_dict() for d in engine.discards(hand)]
    return out


def compare(engine: hupai.Engine, hand: hupai.Hand, answer: Dict[str, Any], context: str) -> None:
    assert "error" not in answer, (context, answer)
    typed = typed_answer(engine, hand)
    expected = {k: answer[k] for k in typed if k in answer}
    if "decompositions" in typed:
        # The batch lists readings only when asked.
        expected.setdefault("decompositions", typed["decompositions"])
    for k in ("patterns",):
        if k in answer or k in typed:
            expected[k] = answer.get(k)
            typed[k] = typed.get(k)
    assert typed == expected, context
    # The whole answer, as one call.
    whole = engine.analyse(hand, decompositions="decompositions" in answer)
    assert whole == answer, context


def request_of(preset: str, hand: hupai.Hand) -> str:
    req = hand.to_dict()
    req["rules"] = preset
    req["decompositions"] = True
    return json.dumps(req)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_hands_equal_batch(preset: str) -> None:
    rng = random.Random(f"batch-{preset}")
    engine = hupai.Engine(preset)
    hands = []
    kinds = kinds_in_play(engine)
    for counts in random_hands(rng, 400, kinds=kinds):
        melds, seen, wild = [], "", None
        r = rng.random()
        if r < 0.25:
            # Declare a pung of the hand as a meld.
            triples = [i for i in range(34) if counts[i] >= 3]
            if triples:
                i = rng.choice(triples)
                counts[i] -= 3
                melds = [hupai.to_text([3 if k == i else 0 for k in range(34)])]
        elif r < 0.5 and preset in ("chinese", "nanchang", "guobiao"):
            wild = [rng.choice(["5m", "1z", "9s", "7z"])]
        if rng.random() < 0.3:
            left = [i for i in kinds if counts[i] < 4]
            pick = [0] * 34
            for i in rng.sample(left, 3):
                pick[i] = 1
            seen = text_of(pick)
        try:
            hand = hupai.Hand(counts, melds=melds, seen=seen, wild=wild)
        except hupai.HandError:
            continue
        if not engine.valid(hand):
            # A kind the preset leaves out of play: the batch refuses it too.
            with pytest.raises(hupai.HandError):
                engine.shanten(hand)
            continue
        hands.append(hand)
    answers = batch((request_of(preset, h) for h in hands))
    assert len(answers) == len(hands) > 200
    for hand, answer in zip(hands, answers):
        compare(engine, hand, answer, f"{preset} {hand!r}")


def sample_call(req: Dict[str, Any]) -> Optional[tuple]:
    """The Engine and Hand of a sample request, or None where the request is about the
    protocol itself (unknown fields, an id), which Python has no call for."""
    if set(req) - {"hand", "rules", "wild", "jing", "melds", "seen"}:
        return None
    engine = hupai.Engine(req.get("rules") or "chinese")
    hand = hupai.Hand(
        req["hand"],
        melds=req.get("melds"),
        seen=req.get("seen"),
        wild=req.get("wild"),
        jing=req.get("jing"),
    )
    return engine, hand


def test_public_sample_equals_batch(sample_cases) -> None:
    answers = batch(c["request"] for c in sample_cases)
    checked = errors = 0
    for case, answer in zip(sample_cases, answers):
        line = case["request"]
        try:
            req = json.loads(line) if line.lstrip().startswith("{") else {"hand": line}
        except json.JSONDecodeError:
            continue
        if not isinstance(req, dict) or not isinstance(req.get("hand"), str):
            continue
        if "error" in case["expect"]:
            assert "error" in answer
            with pytest.raises((hupai.HupaiError, TypeError)):
                call = sample_call(req)
                if call is None:
                    raise hupai.HupaiError("protocol-only request")
                engine, hand = call
                engine.analyse(hand)
            errors += 1
            continue
        call = sample_call(req)
        if call is None:
            continue
        engine, hand = call
        compare(engine, hand, answer, line)
        # And the sample's own expectation, field by field.
        whole = engine.analyse(hand)
        for k, v in case["expect"].items():
            assert whole.get(k) == v, (line, k)
        checked += 1
    assert checked >= 60 and errors >= 1, (checked, errors)

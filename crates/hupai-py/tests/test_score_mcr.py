"""MCR (guobiao) scoring from Python: `Engine.score` equals `hupai batch`'s `score`, and
hupai equals `pymahjonggb` (1.4.0, the fan calculator of ChineseOfficialMahjongHelper) on random
wins of every form (mcr_peer.py; the million-hand sweep is the same script with --hands
1000000)."""

from __future__ import annotations

import json
import random

import pytest

import hupai
from conftest import batch, hupai_bin

mcr_peer = pytest.importorskip("mcr_peer", reason="needs pymahjonggb")

ENGINE = hupai.Engine("guobiao")


def test_differential_against_pymahjonggb() -> None:
    bad, fans = mcr_peer.run(20_000, 2026, str(hupai_bin()), show=5)
    assert bad == 0, f"{bad} differences with pymahjonggb (printed above)"
    assert len(fans) >= 78, sorted(fans)


def test_score_equals_hupai_batch() -> None:
    rng = random.Random(11)
    reqs = [json.loads(mcr_peer.hupai_request(mcr_peer.random_case(rng))) for _ in range(400)]
    answers = batch(json.dumps(r) for r in reqs)
    for req, ans in zip(reqs, answers):
        situation = dict(req["score"])
        win = situation.pop("win")
        s = ENGINE.score(req["hand"], win=win, calls=req["melds"], **situation)
        assert isinstance(s, hupai.McrScore)
        assert s.to_dict() == ans["score"], req
    cols = ENGINE.score_many([{"hand": r["hand"], "calls": r["melds"], **r["score"]} for r in reqs])
    for i, ans in enumerate(answers):
        assert cols["total"][i] == ans["score"]["total"]
        assert hupai.STATUS[cols["status"][i]] == ("OK" if ans["score"]["meets_minimum"] else "NO_YAKU")

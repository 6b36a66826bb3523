"""The doors' common cases (tests/doors/cases.jsonl at the root, sent to every door) through
Python: requests as dicts to ``Engine.analyse``, wins to ``Engine.score``, engines built of
their rules, wild kinds and 精. A refusal is the exception of its stable code, with the code's
name as ``exc.code`` — the same code every other door gives."""

import json
import pathlib

import hupai
import pytest

CASES = [
    json.loads(line)
    for line in (pathlib.Path(__file__).parents[3] / "tests/doors/cases.jsonl").read_text().splitlines()
    if line.strip()
]


def holds(got, want):
    return all(got.get(k) == v for k, v in want.items())


def answer(case):
    """What the case's call answers (a dict), or raises."""
    what = case["what"]
    if what == "analyse":
        return hupai.Engine().analyse(case["request"])
    if what == "score":
        fields = dict(case["win"])
        hand, win = fields.pop("hand"), fields.pop("win")
        # The win names its rules, as in every door: the engine's are only its default.
        return hupai.Engine().score(hand, win=win, **fields).to_dict()
    if what == "hand":
        # The string path: the text straight to the engine of the rules.
        return {"shanten": hupai.Engine(case["rules"]).shanten(case["hand"])}
    engine = hupai.Engine(case.get("rules"), wild=case.get("wild"), jing=case.get("jing"))
    return engine.switches


@pytest.mark.parametrize("case", [c for c in CASES if "python" not in c.get("not", [])], ids=json.dumps)
def test_every_case_answers_as_in_every_door(case):
    if "code" in case:
        with pytest.raises(hupai.HupaiError) as err:
            answer(case)
        assert err.value.code == case["code"], str(err.value)
    else:
        assert holds(answer(case), case["expect"])


@pytest.mark.parametrize("case", [c for c in CASES if c["what"] == "hand"], ids=json.dumps)
def test_a_hand_s_object_form_answers_as_its_string_form(case):
    request = {"hand": case["hand"], "rules": case["rules"]}
    if "code" in case:
        with pytest.raises(hupai.HupaiError) as err:
            hupai.Engine().analyse(request)
        assert err.value.code == case["code"], str(err.value)
    else:
        assert holds(hupai.Engine().analyse(request), case["expect"])


def test_the_codes_are_numbered_as_every_door_numbers_them():
    assert hupai.STATUS[0] == "OK" and hupai.STATUS[8] == "NO_YAKU"
    assert len(set(hupai.STATUS)) == len(hupai.STATUS)


def test_a_hand_as_text_is_refused_with_the_reader_s_code():
    """The string path says what every door says of the same text (BAD_TILE, not BAD_HAND)."""
    engine = hupai.Engine("riichi")
    for call in (engine.shanten, engine.waits, engine.is_win):
        with pytest.raises(hupai.HandError) as err:
            call("12q")
        assert err.value.code == "BAD_TILE"
    with pytest.raises(hupai.HandError) as err:
        engine.shanten("11111m23p")
    assert err.value.code == "TOO_MANY_COPIES"


def test_score_many_reads_a_row_s_id_and_codes_each_fault():
    engine = hupai.Engine("riichi")
    rows = [
        {"hand": "234m345m567p22s789s", "win": "5m", "tsumo": True, "id": 7},
        {"hand": "234m345m567p22s789s", "win": "5m", "tsumo": True, "id": 1.5},
        {"hand": "456p789s11z", "calls": ["pon 111m", "pon 111m"], "win": "1z"},
        {"hand": "234m345m567p22s789s", "win": "5m", "stake": 2},
    ]
    cols = engine.score_many(rows)
    assert [hupai.STATUS[s] for s in cols["status"]] == [
        "OK",
        "BAD_ARGUMENT",
        "TOO_MANY_COPIES",
        "BAD_ARGUMENT",
    ]

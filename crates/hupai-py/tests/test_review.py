"""``hupai.review``: a game record's decisions as rows, equal to ``hupai review --json``; a
path, gzip, text or bytes; a broken record raises RecordError with where; and the Dask
example over a folder (a 2-worker local cluster), a bad record reported, the rest reviewed."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

import hupai
from conftest import CRATE, ROOT, hupai_bin

SEEDS = ROOT / "fuzz" / "corpus" / "records"
LOGS = ROOT.parent / "shared" / "logs"


def cli_rows(path: Path, *args: str) -> list:
    run = subprocess.run(
        [str(hupai_bin()), "review", "--json", *args, str(path)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.mark.parametrize("ext", ["json", "mjai", "jsonl", "mjlog"])
def test_rows_equal_the_command_line(ext: str) -> None:
    path = SEEDS / f"seed_small.{ext}"
    rows = hupai.review(path)
    assert rows == cli_rows(path)
    assert rows[-1]["summary"] is True and "round" not in rows[-1]
    assert rows[-1]["decisions"] == sum(1 for r in rows if "discard" in r)
    # One seat, quick: no odds columns.
    quick = hupai.review(str(path), seat=1, quick=True)
    assert quick == cli_rows(path, "--seat", "1", "--quick")
    assert all(r["seat"] == 1 and "win" not in r for r in quick if "discard" in r)


def test_text_bytes_and_gzip_read_alike(tmp_path: Path) -> None:
    path = SEEDS / "seed_small.mjlog"
    text = path.read_text()
    gz = tmp_path / "game.mjlog"
    gz.write_bytes(gzip.compress(text.encode()))
    strip = lambda rows: [{k: v for k, v in r.items() if k != "record"} for r in rows]
    a, b, c = hupai.review(text), hupai.review(text.encode()), hupai.review(gz)
    assert strip(a) == strip(b) == strip(c)
    assert a[0]["record"] == "<text>" and c[0]["record"] == str(gz)


def test_a_broken_record_raises_with_where() -> None:
    text = (SEEDS / "seed_small.json").read_text().replace("[43, 31]", "[46, 31]")
    with pytest.raises(hupai.RecordError) as e:
        hupai.review(text)
    assert (e.value.round, e.value.turn, e.value.code) == (0, 3, "BAD_ARGUMENT")
    assert "not held" in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(hupai.HupaiError):
        hupai.review(SEEDS / "seed_small.json", seat=5)
    with pytest.raises(TypeError):
        hupai.review(42)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        hupai.review("no-such-record.json")


def test_a_cut_record_is_reviewed_up_to_the_cut_and_refused_when_strict(tmp_path: Path) -> None:
    record = json.loads((SEEDS / "seed_small.json").read_text())
    cut = list(record["log"][0][:-1])  # the round again, its result cut off
    record["log"].append(cut)
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(record))
    rows = hupai.review(path, quick=True)
    assert rows == cli_rows(path, "--quick")
    assert rows[-1]["rounds_cut"] == 1 and rows[-1]["rounds"] == 1
    with pytest.raises(hupai.RecordError) as e:
        hupai.review(path, quick=True, strict=True)
    assert e.value.round == 1 and "cut off" in str(e.value)


def test_rows_make_a_frame() -> None:
    pd = pytest.importorskip("pandas")
    rows = hupai.review(SEEDS / "seed_small.json")
    frame = pd.DataFrame([r for r in rows if "discard" in r])
    assert {"hand", "discard", "best", "win_loss", "points_loss"} <= set(frame.columns)
    assert (frame["win"] <= frame["best_win"] + 1e-9).all()


def test_dask_example_reviews_a_folder(tmp_path: Path) -> None:
    pd = pytest.importorskip("pandas")
    pytest.importorskip("distributed")
    pytest.importorskip("pyarrow")
    source = tmp_path / "records"
    source.mkdir()
    records = sorted(LOGS.glob("*.json")) if LOGS.exists() else sorted(SEEDS.glob("seed_small.*"))
    for p in records:
        (source / p.name).write_bytes(p.read_bytes())
    (source / "broken.json").write_text((SEEDS / "seed_small.json").read_text().replace("[43, 31]", "[46, 31]"))
    target = tmp_path / "review"
    run = subprocess.run(
        [sys.executable, str(CRATE / "examples" / "dask_review.py"), str(source), str(target), "--workers", "2", "--seat", "0", "--chunk", "4"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 1, run.stderr  # one record refused
    assert f"{len(records)} records reviewed" in run.stderr and "1 refused" in run.stderr
    errors = [json.loads(l) for l in (target / "errors.jsonl").read_text().splitlines()]
    assert [Path(e["record"]).name for e in errors] == ["broken.json"]
    assert (errors[0]["round"], errors[0]["turn"]) == (0, 3)
    decisions = pd.read_parquet(target / "decisions")
    summaries = pd.read_parquet(target / "summaries")
    assert len(summaries) == len(records)
    # The same rows as hupai.review, record by record.
    for p in records[:5]:
        mine = [r for r in hupai.review(source / p.name, seat=0) if "discard" in r]
        theirs = decisions[decisions["record"] == str(source / p.name)].sort_values("turn")
        assert list(theirs["discard"]) == [r["discard"] for r in mine]
        assert list(theirs["best_win"].fillna(-1)) == [r.get("best_win", -1) for r in mine]


def test_a_rooms_record_is_reviewed_at_its_table_as_the_command_line_does(tmp_path: Path) -> None:
    # A 长沙 game written as a room's record (docs/RECORDS.md): the room line, then the events.
    game = hupai.RoomGame("changsha", seed=6, hands=2)
    while game.to_act():
        seat = game.to_act()[0]
        game.step(seat, game.legal(seat)[0])
    path = tmp_path / "changsha.jsonl"
    header = json.dumps({"type": "room", "rules": "changsha", "switches": "hands=2"})
    path.write_text(header + "\n" + "\n".join(game.events()) + "\n")
    rows = hupai.review(path)
    decisions = [r for r in rows if not r.get("summary")]
    assert decisions and all(r["record"] == str(path) for r in rows)
    assert rows[-1]["rounds"] == 2 and rows[-1]["decisions"] == len(decisions)
    cli = subprocess.run(
        [str(hupai_bin()), "review", "--json", str(path)], stdout=subprocess.PIPE, check=True
    ).stdout.decode()
    assert [json.loads(line) for line in cli.splitlines()] == rows
    assert all(r["seat"] == 1 for r in hupai.review(path, seat=1) if not r.get("summary"))

"""Review a folder of game records with Dask, on one machine or many: each decision beside the
best discard, into Parquet.

    python dask_review.py records/ review/                        # a 2-worker local cluster
    python dask_review.py records/ review/ --workers 8 --seat 0 --quick
    python dask_review.py /shared/records/ /shared/review/ --scheduler tcp://10.0.0.1:8786

The records are any files ``hupai.review`` reads (tenhou.net/6 JSON, mjai or hupai's JSON
lines, Tenhou's mjlog XML, gzipped or not). The output folder gets ``decisions/`` (a row a
decision) and ``summaries/`` (a row a record: rounds, decisions, agreement, mean losses,
recorded wins checked and agreeing), one Parquet part per chunk of records, written by the
workers themselves: the driver holds only counts, so millions of records fit. A record that
cannot be read is listed in ``errors.jsonl`` with its round, turn and reason; the others go on.
With ``--scheduler`` every worker machine needs hupai installed and the paths reachable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Dict, List, Optional

import pandas as pd

import hupai


def review_chunk(
    paths: List[str], out: str, part: int, seat: Optional[int], quick: bool
) -> Dict[str, object]:
    """Reviews a chunk of records on a worker and writes its Parquet parts."""
    decisions: List[dict] = []
    summaries: List[dict] = []
    errors: List[dict] = []
    for path in paths:
        try:
            rows = hupai.review(path, seat=seat, quick=quick)
        except (hupai.HupaiError, OSError) as e:
            errors.append(
                {"record": path, "error": str(e), "round": getattr(e, "round", None), "turn": getattr(e, "turn", None)}
            )
            continue
        for row in rows:
            if "discard" in row:
                decisions.append(row)
            elif row.get("summary") and "round" not in row:
                summaries.append(row)
    for name, rows in (("decisions", decisions), ("summaries", summaries)):
        if rows:
            folder = Path(out, name)
            folder.mkdir(parents=True, exist_ok=True)
            pd.DataFrame(rows).to_parquet(folder / f"part-{part:06d}.parquet", index=False)
    return {"records": len(paths) - len(errors), "decisions": len(decisions), "errors": errors}


def run(
    source: str,
    target: str,
    *,
    scheduler: Optional[str] = None,
    workers: int = 2,
    seat: Optional[int] = None,
    quick: bool = False,
    chunk: int = 50,
) -> Dict[str, int]:
    """Reviews every file of `source` into `target`; returns the counts."""
    from distributed import Client, LocalCluster, as_completed

    paths = sorted(str(p) for p in Path(source).iterdir() if p.is_file())
    os.makedirs(target, exist_ok=True)
    if scheduler:
        client, cluster = Client(scheduler), None
    else:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    totals = {"records": 0, "decisions": 0, "errors": 0}
    try:
        futures = [
            client.submit(review_chunk, paths[i : i + chunk], target, i // chunk, seat, quick, pure=False)
            for i in range(0, len(paths), chunk)
        ]
        with open(Path(target, "errors.jsonl"), "w", encoding="utf-8") as errors:
            for done, future in enumerate(as_completed(futures), 1):
                r = future.result()
                totals["records"] += r["records"]
                totals["decisions"] += r["decisions"]
                for e in r["errors"]:
                    totals["errors"] += 1
                    errors.write(json.dumps(e, ensure_ascii=False) + "\n")
                    print(f"{e['record']}: {e['error']}", file=sys.stderr)
                print(f"\r{done}/{len(futures)} chunks", end="", file=sys.stderr)
        print(file=sys.stderr)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return totals


def main(argv: Optional[list] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("source", help="folder of game records")
    p.add_argument("target", help="folder to write (decisions/, summaries/, errors.jsonl)")
    p.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786)")
    p.add_argument("--workers", type=int, default=2, help="local workers (no --scheduler)")
    p.add_argument("--seat", type=int, choices=range(4), help="review one seat (0-3)")
    p.add_argument("--quick", action="store_true", help="efficiency only (no odds)")
    p.add_argument("--chunk", type=int, default=50, help="records a task")
    a = p.parse_args(argv)
    t = run(a.source, a.target, scheduler=a.scheduler, workers=a.workers, seat=a.seat, quick=a.quick, chunk=a.chunk)
    print(
        f"{t['records']} records reviewed, {t['decisions']} decisions, {t['errors']} refused",
        file=sys.stderr,
    )
    return 1 if t["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())

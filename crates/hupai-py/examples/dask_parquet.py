"""Shanten, ukeire and win columns for a Parquet file of hands, with Dask: one machine or many.

    python dask_parquet.py hands.parquet answers.parquet                  # a 2-worker local cluster
    python dask_parquet.py hands.parquet answers.parquet --workers 8 --rules nanchang --jing 1z
    python dask_parquet.py s3://bucket/hands/ s3://bucket/out/ --scheduler tcp://10.0.0.1:8786

The input holds the hands as MPSZ text in one column (``--column``, "hand" by default) or as
34 count columns named "1m" … "9m", "1p" … "9p", "1s" … "9s", "1z" … "7z". The output is the
input with four columns added: ``shanten`` (int8), ``win`` (bool), ``ukeire_count`` (uint16)
and ``ukeire_mask`` (uint64: bit i is tile index i, 1m = 0 … 7z = 33; 0 for 14-tile hands).

Each partition is answered in one vectorised call per column (the GIL released), so a worker
spends its time in hupai, not in Python. With ``--scheduler`` the same code runs on a cluster
started elsewhere: every worker machine needs hupai installed (``pip install ./crates/hupai-py``)
and the paths reachable (a shared file system, or s3://… with s3fs).
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional

import numpy as np
import pandas as pd

import hupai

TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
OUTPUT = {"shanten": "int8", "win": "bool", "ukeire_count": "uint16", "ukeire_mask": "uint64"}


def answer_partition(
    part: pd.DataFrame, rules: str, wild: Optional[str], jing: Optional[str], column: str
) -> pd.DataFrame:
    """The partition with the answer columns added (runs on a worker)."""
    # Engines are cheap to make (the tables are decoded once per process) and not pickled.
    engine = hupai.Engine(rules, wild=wild, jing=jing)
    if all(t in part.columns for t in TILES):
        hands = np.ascontiguousarray(part[TILES].to_numpy(dtype=np.uint8))
    else:
        hands = part[column].astype(str).to_numpy(dtype=object)
    out = part.copy()
    if len(part) == 0:
        for name, dtype in OUTPUT.items():
            out[name] = pd.Series(dtype=dtype)
        return out
    out["shanten"] = engine.shanten(hands)
    out["win"] = engine.is_win(hands)
    count, mask = engine.ukeire(hands)
    out["ukeire_count"] = count
    out["ukeire_mask"] = mask
    return out


def run(
    source: str,
    target: str,
    *,
    scheduler: Optional[str] = None,
    workers: int = 2,
    rules: str = "riichi",
    wild: Optional[str] = None,
    jing: Optional[str] = None,
    column: str = "hand",
) -> int:
    """Reads `source`, writes `target`; returns the number of hands answered."""
    import dask.dataframe as dd
    from distributed import Client, LocalCluster

    if scheduler:
        client = Client(scheduler)
        cluster = None
    else:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    try:
        frame = dd.read_parquet(source)
        meta = frame._meta.copy()
        for name, dtype in OUTPUT.items():
            meta[name] = pd.Series(dtype=dtype)
        answered = frame.map_partitions(
            answer_partition, rules, wild, jing, column, meta=meta
        )
        answered.to_parquet(target, write_index=False)
        return int(dd.read_parquet(target).shape[0].compute())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv: Optional[list] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("source", help="Parquet file or directory of hands")
    p.add_argument("target", help="Parquet directory to write")
    p.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786)")
    p.add_argument("--workers", type=int, default=2, help="local workers (no --scheduler)")
    p.add_argument("--rules", default="riichi", help=f"preset: {', '.join(hupai.presets())}")
    p.add_argument("--wild", help="a wild kind, such as 5m")
    p.add_argument("--jing", help="a Nanchang indicator tile (精)")
    p.add_argument("--column", default="hand", help="the MPSZ column (default: hand)")
    a = p.parse_args(argv)
    n = run(
        a.source,
        a.target,
        scheduler=a.scheduler,
        workers=a.workers,
        rules=a.rules,
        wild=a.wild,
        jing=a.jing,
        column=a.column,
    )
    print(f"{n} hands answered into {a.target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

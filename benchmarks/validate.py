"""Benchmark: replay a corpus several times in one process; print games and hands per second.

Beside it, the figure for merely parsing the same files with lxml (the floor any
reader pays) and for our readers alone, so the cost of each layer is visible; last,
the whole ``paifu validate`` path serial against ``--jobs N`` (process start-up included).

    python benchmarks/validate.py [PATH ...] [--repeat N] [--rules SPEC] [--jobs N]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import os
import time
from pathlib import Path

from lxml import etree

from paifu.formats import iter_record_files, read_path
from paifu.parallel import replay_paths_parallel, resolve_jobs
from paifu.pipeline import replay_paths, replay_record
from paifu.rules import load_rules


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=[str(Path(__file__).resolve().parents[2] / "shared/corpus/tenhou_xml")])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rules", help="force a ruleset, as paifu validate --rules")
    ap.add_argument("--jobs", type=int, default=0, help="processes for the parallel figure (0 = all cores)")
    args = ap.parse_args()
    rules = load_rules(args.rules) if args.rules else None
    jobs = resolve_jobs(args.jobs)
    files = list(iter_record_files(args.paths))
    blobs = [Path(f).read_bytes() for f in files]
    xml_blobs = [gzip.decompress(b) if b[:2] == b"\x1f\x8b" else b for b in blobs]

    t = time.perf_counter()
    for _ in range(args.repeat):
        for b in xml_blobs:
            if b.lstrip()[:1] == b"<":
                with contextlib.suppress(etree.XMLSyntaxError):
                    etree.fromstring(b, etree.XMLParser(recover=True))
    lxml_s = time.perf_counter() - t

    t = time.perf_counter()
    records = []
    for _ in range(args.repeat):
        records = [r for f in files for r in read_path(f)]
    read_s = time.perf_counter() - t

    games = len(records)
    hands = 0
    t = time.perf_counter()
    for _ in range(args.repeat):
        hands = sum(len(replay_record(r, rules).hands) for r in records)
    replay_s = time.perf_counter() - t

    t = time.perf_counter()
    for _ in range(args.repeat):
        for r in records:
            replay_record(r, rules, score=False, check_wall=False)
    legality_s = time.perf_counter() - t

    n = args.repeat
    print(f"{len(files)} files, {games} games, {hands} hands, x{n}")
    print(f"lxml parse only      : {games * n / lxml_s:8.0f} games/s")
    print(f"read (our readers)   : {games * n / read_s:8.0f} games/s")
    print(f"replay, legality only: {games * n / legality_s:8.0f} games/s  {hands * n / legality_s:8.0f} hands/s")
    print(f"replay, full checks  : {games * n / replay_s:8.0f} games/s  {hands * n / replay_s:8.0f} hands/s"
          "  (wall + scoring)")
    total = read_s + replay_s
    print(f"read + full replay   : {games * n / total:8.0f} games/s  {hands * n / total:8.0f} hands/s")

    t = time.perf_counter()
    for _ in range(args.repeat):
        for _item in replay_paths(args.paths, rules):
            pass
    serial_s = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(args.repeat):
        for _item in replay_paths_parallel(args.paths, rules, jobs=jobs):
            pass
    par_s = time.perf_counter() - t
    print(f"validate, serial     : {games * n / serial_s:8.0f} games/s")
    print(f"validate, --jobs {jobs:<3} : {games * n / par_s:8.0f} games/s  x{serial_s / par_s:.2f}"
          f"  ({os.cpu_count()} cores; pool start-up included)")


if __name__ == "__main__":
    main()

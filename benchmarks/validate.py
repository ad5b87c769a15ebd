"""Benchmark: replay a corpus several times in one process; print games and hands per second.

Beside it, the figure for merely parsing the same files with lxml (the floor any
reader pays) and for our readers alone, so the cost of each layer is visible.

    python benchmarks/validate.py [PATH ...] [--repeat N]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import time
from pathlib import Path

from lxml import etree

from paifu.formats import iter_record_files, read_path
from paifu.replay import replay_record


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=[str(Path(__file__).resolve().parents[2] / "shared/corpus/tenhou_xml")])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
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
        hands = sum(len(replay_record(r).hands) for r in records)
    replay_s = time.perf_counter() - t

    t = time.perf_counter()
    for _ in range(args.repeat):
        for r in records:
            replay_record(r, score=False, check_wall=False)
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


if __name__ == "__main__":
    main()

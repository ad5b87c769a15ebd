"""Benchmark: what ``paifu show`` costs on one game: CPU seconds per stage and the page's size.

Each run is a fresh process (no cache warmed by an earlier run); each figure is the best of
``--runs`` such processes, the one least disturbed by other load on a shared machine. Start-up
(imports) is paid before the clock starts. The stages: the replay with a table per event
(``GameView``), the page (the discard review and every table drawn; the review alone in another
process), and both (``show``, what ``paifu show`` does but writing the file).
The issue's targets: under 1 s of CPU and under 1.5 MB for a phoenix hanchan.

    python benchmarks/show.py [RECORD] [--game N] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared/corpus"
DEFAULT = CORPUS / "tenhou_xml/mjx/tests_py/resources/mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog"

_SCRIPT = """
import json, sys, time
import pandas  # noqa: F401 - start-up, as every import below
import paifu.formats, paifu.pipeline, paifu.view, paifu.view.html
from paifu.view import GameView
from paifu.view.html import viewer_html
clock = time.process_time
t0 = clock()
game = GameView.open(sys.argv[1], int(sys.argv[2]))
t1 = clock()
if sys.argv[3] == "review":
    rows = game.discards()
    print(json.dumps({"review": clock() - t1, "discards": len(rows)}))
else:
    page = viewer_html(game)  # the discard review, then every table drawn
    t2 = clock()
    print(json.dumps({"replay": t1 - t0, "page": t2 - t1, "show": t2 - t0,
                      "bytes": len(page.encode("utf-8")), "events": len(game)}))
"""


def run_once(record: str, game: int, mode: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT, record, str(game), mode], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("record", nargs="?", default=str(DEFAULT))
    ap.add_argument("--game", type=int, default=0)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    runs = [
        run_once(args.record, args.game, m) | run_once(args.record, args.game, "review")
        for m in ["show"] * args.runs
    ]
    best = {k: min(r[k] for r in runs) for k in runs[0]}
    print(f"{args.record} game {args.game}: {best['events']:.0f} events, {best['discards']:.0f} discards")
    print("  replay: the tables of every event; page: the discard review (alone: review) and the drawing")
    for k in ("replay", "review", "page", "show"):
        print(f"  {k:7s} {best[k]:6.2f} s CPU (best of {args.runs})")
    print(f"  page    {best['bytes'] / 1e6:6.2f} MB")


if __name__ == "__main__":
    main()

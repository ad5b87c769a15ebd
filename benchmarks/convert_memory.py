"""Benchmark: ``paifu convert``'s peak memory and time over a few files and over all of them, per format.

Convert streams (each game read, written and dropped before the next), so the peak resident memory
must not grow with the number of games. Each run is a fresh process (``paifu convert --to FMT -q -o
DIR``), measured by a parent of its own (``RUSAGE_CHILDREN``'s peak is that one child's).

    python benchmarks/convert_memory.py [PATH ...] [--few 10] [--to tenhou-xml,mjai,...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

_MEASURE = """
import resource, subprocess, sys, time
t = time.monotonic()
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.monotonic() - t, rc)
"""


def _peak(argv: list[str]) -> tuple[int, float]:
    """Peak resident KB and wall seconds of one process running ``argv``."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, *argv], capture_output=True, text=True, check=True)
    kb, secs, _ = out.stdout.split()
    return int(kb), float(secs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "paths", nargs="*", default=[str(Path(__file__).resolve().parents[1].parent / "shared" / "corpus")]
    )
    ap.add_argument("--few", type=int, default=10, help="files in the small run, spread over the inputs")
    ap.add_argument("--to", default="tenhou-xml,tenhou-json,mjai,majiang")
    args = ap.parse_args()
    from paifu.formats import iter_record_files

    files = list(iter_record_files(args.paths))
    few = files[:: max(1, len(files) // args.few)][: args.few]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in args.to.split(","):
            for label, inputs in ((f"{len(few)} files", few), (f"{len(files)} files", files)):
                out = os.path.join(tmp, f"{fmt}-{len(inputs)}")
                kb, secs = _peak(["paifu", "convert", "--to", fmt, "-q", "-o", out, *inputs])
                games = len(os.listdir(out)) if os.path.isdir(out) else 0
                rows.append(
                    {
                        "to": fmt,
                        "inputs": label,
                        "games": games,
                        "peak_mb": round(kb / 1024, 1),
                        "s": round(secs, 1),
                    }
                )
                print(json.dumps(rows[-1]), flush=True)


if __name__ == "__main__":
    main()

"""Benchmark: peak memory of ``paifu validate`` as the number of files grows (1x to 64x the inputs).

Each scale is the inputs copied that many times as distinct files (real copies, not links: the walk
remembers a file that can be reached under two names) under one folder, given as that one folder
(no list of files on the command line), and run in a fresh process whose peak resident memory is
measured by a parent of its own (``RUSAGE_CHILDREN``: that one child's). The growth per file is the
difference between the largest and the smallest scale, over the files added.

    python benchmarks/scaling.py files [PATH ...] [--scales 1,4,16,64] [--pythonpath DIR]

``--pythonpath``: run another copy of paifu (an older checkout, to compare) with the same inputs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

_MEASURE = """
import resource, subprocess, sys, time
t = time.monotonic()
with open(sys.argv[1], "wb") as out:
    rc = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.monotonic() - t, rc)
"""


def peak(argv: list[str], out: Path, env: dict[str, str]) -> tuple[float, float]:
    """Peak resident MiB and wall seconds of one process running ``argv`` (its output in ``out``)."""
    res = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(out), *argv], capture_output=True, text=True, check=True, env=env
    )
    kib, secs, _ = res.stdout.split()
    return int(kib) / 1024, float(secs)


def copy_tree(paths: list[str], scale: int, root: Path) -> Path:
    """``scale`` distinct copies of ``paths`` under ``root/inputs`` (added to what is there)."""
    base = root / "inputs"
    for i in range(scale):
        for j, path in enumerate(paths):
            dest = base / f"copy{i:03}" / f"{j}-{Path(path).name}"
            if not dest.exists():
                dest.parent.mkdir(parents=True, exist_ok=True)
                (shutil.copytree if Path(path).is_dir() else shutil.copy2)(path, dest)
    return base


def files(args: argparse.Namespace) -> None:
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath
        env["PAIFU_PURE"] = "1"
    rows = []
    print("paifu validate -q --json FOLDER: peak RSS against the number of files")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for scale in args.scales:
            folder = copy_tree(args.paths, scale, root)
            out = root / f"out-{scale}.jsonl"
            mib, secs = peak([sys.executable, "-m", "paifu", "validate", "-q", "--json", str(folder)], out, env)
            summary = json.loads(out.read_text().splitlines()[-1])
            rows.append((scale, summary["files"], summary["games"], mib, secs))
            print(
                f"  {scale:>3}x: {summary['files']:7,d} files {summary['games']:7,d} games  "
                f"peak RSS {mib:7.1f} MiB  ({secs:.1f} s)",
                flush=True,
            )
    (s0, f0, _, m0, _), (s1, f1, _, m1, _) = rows[0], rows[-1]
    if f1 > f0:
        print(f"  growth {s0}x->{s1}x: {(m1 - m0) * 1024 / (f1 - f0):.3f} KiB a file")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["files"])
    ap.add_argument("paths", nargs="*", default=[str(CORPUS / "tenhou_xml")])
    ap.add_argument("--scales", default="1,4,16,64", type=lambda s: [int(x) for x in s.split(",")])
    ap.add_argument("--pythonpath", help="run the paifu found here instead (pure Python)")
    args = ap.parse_args()
    if args.what == "files":
        files(args)


if __name__ == "__main__":
    main()

"""Instructions the Tenhou XML reader executes on its own (``read_tenhou_xml`` of every unique file),
ours against a baseline commit: the reader's share of ``instructions.py``'s end to end, which on a
loaded machine CPU seconds cannot show.

    python benchmarks/reader_instructions.py [PATH ...] [--baseline REF [--pure-baseline]] [--keep DIR]

Each tree runs, under ``valgrind --tool=callgrind``, one script that imports what ``paifu validate``
uses and loads every file's bytes into memory, and one that then also reads each with
``read_tenhou_xml``: the difference is the reader's work alone (no start-up, no file system).
``--keep DIR`` also writes the reading run's callgrind file there, for ``callgrind_annotate
--inclusive=yes`` (where the reader's instructions go, by function).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from instructions import counted  # noqa: E402
from validate import CORPUS, baseline_tree, unique_files  # noqa: E402

_SCRIPT = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[4]]  # the code tree measured, then this folder (validate.py)
from validate import _start_up
_start_up()
from paifu.formats.tenhou_xml import read_tenhou_xml
names = open(sys.argv[2]).read().split("\\n")
data = [open(name, "rb").read() for name in names]
if sys.argv[3] == "run":
    games = 0
    for name, raw in zip(names, data):
        try:
            games += len(read_tenhou_xml(raw, name))
        except Exception:
            pass
    print("games", games, file=sys.stderr)
"""


def instructions(root: Path, listing: Path, mode: str, keep: Path | None = None) -> int:
    """Instructions callgrind counts for ``_SCRIPT`` in ``mode`` ("load" or "run") under ``root``, after
    one uncounted run that writes the bytecode caches."""
    here = str(Path(__file__).resolve().parent)
    cmd = [sys.executable, "-c", _SCRIPT, str(root), str(listing), mode, here]
    subprocess.run(cmd, cwd=root, capture_output=True, check=False)
    if keep is None:
        return counted(cmd, root)
    out = keep / f"callgrind.{root.name}.{mode}"
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
        capture_output=True,
        text=True,
        check=False,
        cwd=root,
    )
    found = [line for line in proc.stderr.splitlines() if "Collected :" in line]
    if not found:
        raise SystemExit(f"callgrind failed under {root}: {proc.stderr.strip()[-600:]}")
    return int(found[-1].split(":")[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(CORPUS / "tenhou_xml")])
    ap.add_argument("--baseline", metavar="REF", help="also count the code of this git commit")
    ap.add_argument("--pure-baseline", action="store_true", help="the baseline as pure Python (not compiled)")
    ap.add_argument("--keep", metavar="DIR", type=Path, help="write the reading runs' callgrind files here")
    args = ap.parse_args()
    files = unique_files(args.paths)
    ours = Path(__file__).resolve().parents[1]
    with (
        tempfile.NamedTemporaryFile("w", suffix=".txt") as listing,
        baseline_tree(args.baseline, args.pure_baseline) as base,
    ):
        listing.write("\n".join(files))
        listing.flush()
        counts = {}
        for label, root in [("ours", ours)] + ([("baseline", base)] if base is not None else []):
            start = instructions(root, Path(listing.name), "load")
            counts[label] = instructions(root, Path(listing.name), "run", args.keep) - start
            print(f"{label:<9} {counts[label] / 1e6:10,.0f} M instructions to read {len(files)} files")
    if "baseline" in counts:
        print(f"baseline / ours: {counts['baseline'] / counts['ours']:.2f}x")


if __name__ == "__main__":
    main()

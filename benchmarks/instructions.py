"""Instructions executed by the end-to-end path or the legality-only replay, ours against a baseline commit.

The end-to-end path reads and fully replays every file; ``--stage legality`` counts the replay alone.

CPU seconds on a shared machine swing by 25% and more between runs; instructions executed do not.
For each code tree this runs, under ``valgrind --tool=callgrind``, one script that imports what
``paifu validate`` uses and stops, and one that then reads and replays every unique file: the
difference is the work on the games themselves (start-up excluded, as in ``validate.py``).

``--stage legality`` counts ``validate.py``'s legality-only stage instead: both scripts read every
file first, and one of them then replays each record with no wall and no scoring (``replay_record(...,
score=False, check_wall=False)``), so the difference is the replay alone, as that stage times it.

    python benchmarks/instructions.py [PATH ...] [--stage legality] [--baseline REF [--pure-baseline]] [--startup]

The baseline is built compiled, as ours is (``validate.baseline_tree``), unless ``--pure-baseline``.

``--startup`` also counts one whole ``paifu validate`` process of the smallest file (start-up and
exit included), beside a bare interpreter.

It takes minutes (callgrind runs Python some 50 times slower).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from validate import CORPUS, baseline_tree, smallest, startup_command, unique_files  # noqa: E402

_SCRIPT = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[4]]  # the code tree measured, then this folder (validate.py)
from validate import _start_up
_start_up()
files = open(sys.argv[2]).read().split("\\n")
if sys.argv[3] == "run":
    import paifu.pipeline as pipeline
    games = sum(1 for item in pipeline.replay_paths(files) if not hasattr(item, "reason"))
    print("games", games, file=sys.stderr)
elif sys.argv[3].startswith("legality"):  # the records read in both; replayed in "legality-run" only
    from validate import _read
    from paifu.pipeline import replay_record
    records = _read(files, None)
    if sys.argv[3] == "legality-run":
        hands = sum(len(replay_record(r, None, score=False, check_wall=False).hands) for r in records)
        print("hands", hands, file=sys.stderr)
"""


def counted(cmd: list[str], root: Path, env: dict[str, str] | None = None) -> int:
    """Instructions callgrind counts for the process ``cmd`` (the code under ``root``)."""
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=root,  # ``python -m`` puts the working folder first on the path: the tree's own
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode not in (0, 1) or found is None:  # validate exits 1 on findings
        raise SystemExit(f"callgrind failed under {root}: {proc.stderr.strip()[-600:]}")
    return int(found.group(1))


def instructions(root: Path, listing: Path, mode: str) -> int:
    """Instructions callgrind counts for ``_SCRIPT`` in ``mode`` ("import" or "run"; "legality-read" or
    "legality-run") under ``root``; the
    imports are ``validate.py``'s ``_start_up``, so both benchmarks exclude the same start-up. Each
    script first runs once uncounted, with bytecode caches allowed: in a fresh tree (a baseline's) the
    first import also compiles every pure module, and counted so it made the baseline's subtraction
    360 M too small (ours had its caches written long before)."""
    here = str(Path(__file__).resolve().parent)
    cmd = [sys.executable, "-c", _SCRIPT, str(root), str(listing), mode, here]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, cwd=root, env=env, capture_output=True, check=False)  # the caches, uncounted
    return counted(cmd, root, env)


def startup(root: Path, record: str) -> int:
    """Instructions of ``paifu validate RECORD`` as a whole process (start-up and exit included), with
    the bytecode caches written by a first run."""
    cmd, env = startup_command(root, record)
    subprocess.run(cmd, env=env, cwd=root, capture_output=True, check=False)
    return counted(cmd, root, env)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(CORPUS / "tenhou_xml")])
    ap.add_argument("--baseline", metavar="REF", help="also count the code of this git commit")
    ap.add_argument("--pure-baseline", action="store_true", help="the baseline as pure Python (not compiled)")
    ap.add_argument("--startup", action="store_true", help="also count a whole validate of the smallest file")
    ap.add_argument(
        "--stage",
        choices=("end-to-end", "legality"),
        default="end-to-end",
        help="what is counted: read + full replay (default), or the legality-only replay of records read first",
    )
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
            before, run = (
                ("import", "run") if args.stage == "end-to-end" else ("legality-read", "legality-run")
            )
            start = instructions(root, Path(listing.name), before)
            counts[label] = instructions(root, Path(listing.name), run) - start
            print(
                f"{label:<9} {counts[label] / 1e6:10,.0f} M instructions for {len(files)} files ({args.stage})"
            )
        if args.startup:
            record = smallest(files)
            bare = counted([sys.executable, "-c", "pass"], ours)
            print(f"start-up: paifu validate {record} as a process (bare interpreter: {bare / 1e6:,.0f} M)")
            for label, root in [("ours", ours)] + ([("baseline", base)] if base is not None else []):
                print(f"{label:<9} {startup(root, record) / 1e6:10,.0f} M instructions")
    if "baseline" in counts:
        print(f"baseline / ours: {counts['baseline'] / counts['ours']:.2f}x")


if __name__ == "__main__":
    main()

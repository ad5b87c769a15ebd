"""Benchmark: what each layer of ``paifu validate`` costs, how it scales, and ``report``'s memory.

One run prints, on unique games (files deduplicated by content; every stage in a freshly
forked process, so no stage finds caches warmed by another or by an earlier copy of a game;
each figure the best of ``--runs`` such processes, the one least disturbed by other load):

* games per CPU-second of the bare parse floor (lxml for XML, ``json`` for JSON), our readers,
  the legality-only replay, the full replay (wall, scoring, rank points) and the end-to-end
  path (read + full replay, as ``validate`` does), each also as a ratio to the floor;
* ``--jobs N`` scaling of the end-to-end path in wall-clock games per second (pool start-up
  included) against the serial path, and, with ``--dask``, a local Dask cluster of N workers;
* the peak resident memory of ``paifu report`` (with ``--out``, ``--html`` and ``--games``) over
  the inputs given 1x, 4x and 16x (copies of the inputs, as distinct files: ``paifu`` reads a file
  given twice once; uniqueness of content matters for speed, not for memory).

With ``--baseline REF`` (a git commit, e.g. ``HEAD~3`` or a tag) every stage also runs on the
code of that commit (checked out in a temporary worktree and built compiled, as a wheel, unless
``--pure-baseline``), interleaved with ours on the same inputs, so one run shows the before, the
after and the speed-up under the same load.

Start-up (imports of paifu, lxml, the ``mahjong`` package) happens before each clock starts: it is
paid once per process, not per game.

    python benchmarks/validate.py [PATH ...] [--rules SPEC] [--jobs N] [--dask] [--runs 3] [--peers]
                                  [--baseline REF [--pure-baseline]] [--memory-scales 1,4,16] [--no-memory]

``--peers`` also prints ``peers.py``'s table (riichienv on the four-player games, beside the floor and
our end to end on the same games) in the same run, so one command gives every figure of the README.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "shared/corpus"


def unique_files(paths: list[str]) -> list[str]:
    """Record files under ``paths``, the first of each content only."""
    from paifu.formats import iter_record_files

    seen: set[bytes] = set()
    out = []
    for f in iter_record_files(paths):
        digest = hashlib.sha1(Path(f).read_bytes()).digest()
        if digest not in seen:
            seen.add(digest)
            out.append(f)
    return out


# ---------------------------------------------------------------------- stages (each in a fresh process)
def _floor(files: list[str], _rules: Any) -> int:
    """Parse every file with the bare parser of its syntax; returns files parsed."""
    from lxml import etree

    for f in files:
        data = Path(f).read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        if data.lstrip()[:1] == b"<":
            with contextlib.suppress(etree.XMLSyntaxError):
                etree.fromstring(data, etree.XMLParser(recover=True, huge_tree=True))
        else:
            with contextlib.suppress(ValueError):
                for line in data.splitlines() if b"\n{" in data else [data]:
                    if line.strip():
                        json.loads(line)
    return len(files)


def _read(files: list[str], _rules: Any) -> list[Any]:
    from paifu.formats import read_path

    out = []
    for f in files:
        with contextlib.suppress(Exception):
            out.extend(read_path(f))
    return out


def _start_up() -> None:
    """Import what the stages use before any clock starts: start-up is paid once per process, not
    per game, so it is no part of a throughput (``paifu --version`` shows what it costs)."""
    import importlib

    import paifu.pipeline as pipeline

    for reader in ("tenhou_xml", "tenhou_json", "mjai", "majiang"):  # readers load on first use
        with contextlib.suppress(ImportError):
            importlib.import_module(f"paifu.formats.{reader}")
    for lazy in ("_scorer", "_wall_factory"):  # the scorer and the wall import their libraries late
        getattr(pipeline, lazy, lambda: None)()


def _stage(name: str, files: list[str], rules: Any) -> tuple[float, int, int]:
    """CPU seconds of one stage (in this process only), games and hands it covered."""
    from paifu.pipeline import replay_paths, replay_record

    _start_up()

    if name in ("legality", "full replay"):
        records = _read(files, rules)
        kwargs = {"score": False, "check_wall": False} if name == "legality" else {}
        t = time.process_time()
        hands = sum(len(replay_record(r, rules, **kwargs).hands) for r in records)
        return time.process_time() - t, len(records), hands
    t = time.process_time()
    if name == "floor":
        _floor(files, rules)
        return time.process_time() - t, 0, 0
    if name == "read":
        n = len(_read(files, rules))
        return time.process_time() - t, n, 0
    games = hands = 0
    for item in replay_paths(files, rules):
        if not hasattr(item, "reason"):
            games += 1
            hands += len(item.hands)
    return time.process_time() - t, games, hands


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (a pool's workers, once shut down)."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _worker_cpu() -> float:
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def _wall(how: str, files: list[str], rules: Any, jobs: int) -> tuple[float, float, float]:
    """Wall seconds of the end-to-end path (serial, a process pool, or a local Dask cluster) and the CPU
    seconds it took in every process, then in this one (the parent's part: a pool's workers cannot go
    faster than it): what parallel work costs beyond the serial (start-up, pickling the results, chunking,
    the parent's merging) is the difference, whatever the machine's load. Each path yields what
    ``paifu validate`` reads, each game's verdict (``keep``: made where the game is replayed)."""
    from paifu.engine.verdict import verdict

    t, cpu, own = time.perf_counter(), _cpu(), _worker_cpu()
    if how == "serial":
        from paifu.pipeline import replay_paths

        for _ in map(verdict, replay_paths(files, rules)):
            pass
    elif how == "jobs":
        from paifu.parallel import replay_paths_parallel

        for _ in replay_paths_parallel(files, rules, jobs=jobs, keep=verdict):
            pass
    else:
        from paifu.dask import connect, replay_items

        with connect("dask", jobs) as client:
            client.wait_for_workers(jobs)
            before = sum(client.run(_worker_cpu).values())
            t, cpu, own = (
                time.perf_counter(),
                _cpu(),
                _worker_cpu(),
            )  # the cluster's start-up is not the replay's
            for _ in replay_items(client, files, rules, keep=verdict):
                pass
            wall = time.perf_counter() - t
            workers = sum(client.run(_worker_cpu).values()) - before
            own = _worker_cpu() - own  # the client's, with the local scheduler's
            return wall, _cpu() - cpu + workers, own
    return time.perf_counter() - t, _cpu() - cpu, _worker_cpu() - own


def _child(conn: Any, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    conn.send(fn(*args))
    conn.close()


def stage_in_subprocess(name: str, files: Path, rules: str | None, root: Path) -> tuple[float, int, int]:
    """``_stage`` in a new interpreter running the code under ``root`` (ours or a baseline's)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--stage", name, "--files", str(files)]
    if rules:
        cmd += ["--rules", rules]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.run(cmd, env=env, cwd=root, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"benchmark stage {name} under {root} failed: {proc.stderr.strip()[-800:]}")
    cpu, games, hands = json.loads(proc.stdout.strip().splitlines()[-1])
    return float(cpu), int(games), int(hands)


@contextlib.contextmanager
def baseline_tree(ref: str | None, pure: bool = False) -> Any:
    """The code of ``ref`` (None: no baseline), as ours runs: compiled by default (a wheel built from a
    temporary git worktree, with mypyc as ``pip install`` builds it, unpacked; minutes), or with
    ``pure`` the worktree itself, pure Python (a worktree has no compiled modules: measured so, a
    baseline looked slower than it is against our compiled build)."""
    if ref is None:
        yield None
        return
    repo = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory(prefix="paifu-baseline-") as tmp:
        where = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(repo), "worktree", "add", "--detach", str(where), ref],
            check=True,
            capture_output=True,
        )
        try:
            yield where if pure else _compiled(where, Path(tmp))
        finally:
            subprocess.run(
                ["git", "-C", str(repo), "worktree", "remove", "--force", str(where)], capture_output=True
            )


def _compiled(tree: Path, tmp: Path) -> Path:
    """``tree`` built as a wheel (``pip wheel``: ``setup.py build_ext --inplace`` fails with the venv's
    setuptools) and unpacked into a folder to put first on the path."""
    import zipfile

    wheels = tmp / "wheel"
    print(f"building the baseline {tree} compiled (a few minutes) ...", file=sys.stderr, flush=True)
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(tree), "-w", str(wheels)],
        capture_output=True,
        text=True,
        check=False,
    )
    built = sorted(wheels.glob("paifu-*.whl"))
    if proc.returncode != 0 or not built:
        raise SystemExit(f"the baseline did not build: {proc.stderr.strip()[-800:]}")
    unpacked = tmp / "built"
    with zipfile.ZipFile(built[0]) as wheel:
        wheel.extractall(unpacked)
    return unpacked


def fresh(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` in a newly forked process (not a daemon: it may start workers of its own),
    so caches start cold, as for games never seen."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, fn, args))
    proc.start()
    child.close()
    try:
        return parent.recv()
    except EOFError:
        raise SystemExit(f"benchmark stage {fn.__name__}{args[:1]} failed (exit {proc.exitcode})") from None
    finally:
        proc.join()


# ---------------------------------------------------------------------- start-up
def smallest(files: list[str]) -> str:
    """The smallest record among ``files``: the start-up figures validate it."""
    return min(files, key=lambda f: (os.path.getsize(f), f))


def startup_command(root: Path, record: str) -> tuple[list[str], dict[str, str]]:
    """``paifu validate RECORD`` as a fresh process on the code under ``root``, with bytecode caches
    allowed (as an installed ``paifu`` has them), and its environment; run it in ``root`` (``-m`` puts
    the working folder before ``PYTHONPATH``)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return [sys.executable, "-m", "paifu", "validate", record], env


def process_cpu(cmd: list[str], env: dict[str, str], runs: int, cwd: Path | None = None) -> float:
    """CPU seconds (user + system) of ``cmd`` as a process, the best of ``runs`` (after one run that
    writes the bytecode caches), run in ``cwd`` (a code tree's: ``python -m`` puts the working folder
    first on the path, so elsewhere a baseline's start-up would import ours)."""
    import resource

    best = float("inf")
    for i in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if i:
            best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def startup(files: list[str], trees: list[tuple[str, Path]], runs: int) -> list[str]:
    """Lines giving the CPU seconds of ``paifu validate`` of the smallest record, as a process, beside
    a bare interpreter (measured while every tree exists, printed after the stages' table)."""
    record = smallest(files)
    bare = process_cpu([sys.executable, "-c", "pass"], dict(os.environ), runs * 3)
    lines = [f"\nstart-up: paifu validate {record} ({os.path.getsize(record):,} bytes) as a process, CPU s"]
    lines.append(f"  bare interpreter (python -c pass): {bare:.3f}")
    for label, root in trees:
        cpu = process_cpu(*startup_command(root, record), runs * 3, cwd=root)
        lines.append(f"  {label}: {cpu:.3f} ({cpu / bare:.1f}x the bare interpreter)")
    return lines


# ---------------------------------------------------------------------- report memory
_RSS = """
import os, resource, sys
from paifu.cli import main
with open(os.devnull, "w") as null:
    code = main(sys.argv[1:], out=null)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, code)
"""


def copies(paths: list[str], scale: int, tmp: Path) -> list[str]:
    """``paths`` as ``scale`` distinct copies (the walk reads a file reached twice once, by inode)."""
    import shutil

    out = []
    for i in range(scale):
        for j, path in enumerate(paths):
            dest = tmp / "inputs" / str(i) / f"{j}-{Path(path).name}"
            if not dest.exists():
                dest.parent.mkdir(parents=True, exist_ok=True)
                (shutil.copytree if Path(path).is_dir() else shutil.copy2)(path, dest)
            out.append(str(dest))
    return out


def report_peak_rss(paths: list[str], scale: int, tmp: Path) -> tuple[int, float, float]:
    """Games, peak RSS (MiB) and wall seconds of ``paifu report`` over ``scale`` copies of ``paths``."""
    out = tmp / f"x{scale}"
    argv = [
        "report",
        *copies(paths, scale, tmp),
        "--out",
        str(out / "ds"),
        "--html",
        str(out / "r.html"),
        "--games",
        str(out / "g.parquet"),
    ]
    out.mkdir()
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _RSS, *argv], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t
    if proc.returncode != 0:
        raise SystemExit(f"paifu report failed at {scale}x: {proc.stderr.strip()[-500:]}")
    kib = int(proc.stdout.split()[0])
    import pyarrow.dataset as ds

    games = ds.dataset(out / "ds" / "games", partitioning="hive").count_rows()  # counted, not assumed
    return games, kib / 1024, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(CORPUS / "tenhou_xml")])
    ap.add_argument("--rules", help="force a ruleset, as paifu validate --rules")
    ap.add_argument("--jobs", type=int, default=0, help="processes for the scaling figure (0 = all cores)")
    ap.add_argument("--dask", action="store_true", help="also time a local Dask cluster of --jobs workers")
    ap.add_argument(
        "--memory-scales", default="1,4,16", help="report's peak RSS over the inputs this many times"
    )
    ap.add_argument("--runs", type=int, default=3, help="fresh runs per speed figure; the best is shown")
    ap.add_argument("--no-memory", action="store_true", help="skip the report memory measurement")
    ap.add_argument("--memory-only", action="store_true", help="only the report memory measurement")
    ap.add_argument("--baseline", metavar="REF", help="also time the code of this git commit, interleaved")
    ap.add_argument("--pure-baseline", action="store_true", help="the baseline as pure Python (not compiled)")
    ap.add_argument(
        "--peers", action="store_true", help="also run peers.py (riichienv beside its own floor) in this run"
    )
    ap.add_argument("--stage", help=argparse.SUPPRESS)  # internal: one stage, printed as JSON
    ap.add_argument("--files", help=argparse.SUPPRESS)
    args = ap.parse_args()
    from paifu.rules import load_rules

    rules = load_rules(args.rules) if args.rules else None
    if args.stage:
        print(json.dumps(_stage(args.stage, Path(args.files).read_text().splitlines(), rules)))
        return
    from paifu.parallel import resolve_jobs

    jobs = resolve_jobs(args.jobs)
    if not args.memory_only:
        speed(args.paths, args.rules, rules, jobs, args.dask, args.runs, args.baseline, args.pure_baseline)
    if args.peers:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from peers import measure

        print("\npeers.py: " + "\n".join(measure(args.paths, args.runs)))
    if not args.no_memory:
        memory(args.paths, [int(s) for s in args.memory_scales.split(",")])


def build_of(root: Path) -> str:
    """Which build of paifu a stage under ``root`` runs ("compiled with mypyc: ..." or "pure Python")."""
    code = "import paifu; print(getattr(paifu, 'BUILD', 'pure Python'))"
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True)
    return proc.stdout.strip() or "unknown"


def speed(
    paths: list[str],
    spec: str | None,
    rules: Any,
    jobs: int,
    dask: bool,
    runs: int,
    baseline: str | None,
    pure_baseline: bool = False,
) -> None:
    """The per-stage table and the scaling lines; each figure the best of ``runs`` fresh processes
    (the least disturbed by other load; every run still meets each game for the first time)."""
    files = unique_files(paths)
    ours = Path(__file__).resolve().parents[1]
    print(
        f"{len(files)} unique files under {' '.join(paths)}; one core, CPU time of each stage "
        f"in a fresh process, best of {runs} (python {sys.version.split()[0]}, {os.cpu_count()} cores)"
    )
    stages = ("floor", "read", "legality", "full replay", "end to end")
    best: dict[tuple[str, str], tuple[float, int, int]] = {}
    with (
        tempfile.NamedTemporaryFile("w", suffix=".txt") as listing,
        baseline_tree(baseline, pure_baseline) as base,
    ):
        listing.write("\n".join(files))
        listing.flush()
        trees = [("ours", ours)] + ([("base", base)] if base is not None else [])
        for label, root in trees:
            print(f"{label}: {root} ({build_of(root)})")
        for _ in range(runs):
            for name in stages:
                for label, root in trees:
                    got = stage_in_subprocess(name, Path(listing.name), spec, root)
                    if (label, name) not in best or got[0] < best[label, name][0]:
                        best[label, name] = got
        started = startup(files, trees, runs)  # while the baseline's tree still exists
    games, hands = best["ours", "end to end"][1], best["ours", "end to end"][2]
    floor = games / best["ours", "floor"][0]
    print(f"{games} games, {hands} hands" + (f"; baseline: {baseline}" if baseline else "") + "\n")
    head = f"{'stage':<38}{'games/CPU-s':>12}{'hands/CPU-s':>13}{'x floor':>9}"
    print(head + (f"{'baseline':>10}{'speed-up':>10}" if baseline else ""))
    labels = {
        "floor": "parse floor (lxml / json)",
        "read": "read (our readers)",
        "legality": "replay, legality only",
        "full replay": "replay, full (wall, scoring, ranks)",
        "end to end": "end to end (read + full replay)",
    }
    for name in stages:
        cpu, _, h = best["ours", name]
        rate = games / cpu
        per_hand = f"{hands / cpu:13.0f}" if h else f"{'':13}"
        line = f"{labels[name]:<38}{rate:12.1f}{per_hand}{rate / floor:9.3f}"
        if baseline:
            base_cpu = best["base", name][0]
            line += f"{games / base_cpu:10.1f}{base_cpu / cpu:9.2f}x"
        print(line)

    print("\n".join(started))

    serial, serial_cpu, _ = min(fresh(_wall, "serial", files, rules, 1) for _ in range(runs))
    print(
        f"\nend to end, wall clock: serial {games / serial:.1f} games/s "
        f"({serial_cpu / games * 1e3:.2f} CPU-ms a game)"
    )

    def parallel(label: str, how: str, note: str) -> None:
        wall, cpu, own = min(fresh(_wall, how, files, rules, jobs) for _ in range(runs))
        extra = (cpu - serial_cpu) / games * 1e3
        print(
            f"  {label}: {games / wall:.1f} games/s, x{serial / wall:.2f} ({note}); "
            f"{cpu / games * 1e3:.2f} CPU-ms a game in all processes ({extra:+.2f} over serial), "
            f"{own / games * 1e3:.2f} of them in the parent; on {jobs} idle cores at most "
            f"x{serial_cpu / max(cpu / jobs, own):.2f}"
        )

    parallel(f"--jobs {jobs}", "jobs", "pool start-up included")
    if dask:
        parallel(f"--scheduler dask, {jobs} workers", "dask", "cluster start-up excluded")


def memory(paths: list[str], scales: list[int]) -> None:
    """Peak RSS of ``paifu report`` at each scale of the inputs."""
    print("\npaifu report --out --html --games: peak RSS against the number of games")
    with tempfile.TemporaryDirectory() as tmp:
        for scale in scales:
            n, mib, wall = report_peak_rss(paths, scale, Path(tmp))
            print(f"  {scale:>3}x: {n:6d} games  peak RSS {mib:7.1f} MiB  ({wall:.1f} s)")


if __name__ == "__main__":
    main()

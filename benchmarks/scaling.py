"""Benchmark: how ``paifu validate`` scales: peak memory against the number of files, and Dask's client.

``table``: the one scaling table: the peak memory of ``validate``, ``report`` (``--out --games
--players``) and ``convert`` (to tenhou.net/6 JSON, into a folder) over the unit copied 1x to 64x
(``--games``: more games and files, the same players) and copied 1x to 16x with every copy's players
renamed (``--players``: more distinct players), each command a fresh process; then the growth a game
(a file) and a player from the smallest scale to the largest, and the range of each command's peaks.
``--unit N``: the first N record files of the inputs as the unit (the whole corpus 64 times over is
28,864 games: hours of ``report`` on a loaded machine).

    python benchmarks/scaling.py table [PATH ...] [--unit N] [--games 1,4,16,64] [--players 1,4,16]

``files``: peak memory of ``validate`` and ``convert`` (to tenhou.net/6 JSON, into a folder) as the
number of files grows (1x to 64x the inputs).

Each scale is the inputs copied that many times as distinct files (real copies, not links: the walk
remembers a file that can be reached under two names) under one folder, given as that one folder
(no list of files on the command line), and run in a fresh process whose peak resident memory is
measured by a parent of its own (``RUSAGE_CHILDREN``: that one child's). The growth per file is the
difference between the largest and the smallest scale, over the files added.

    python benchmarks/scaling.py files [PATH ...] [--scales 1,4,16,64] [--commands validate,convert]
                                        [--pythonpath DIR]
    python benchmarks/scaling.py dask [PATH ...] [--copies 4] [--jobs 2] [--repeat 3]
    python benchmarks/scaling.py players [PATH ...] [--scales 1,2,4,8,16] [--html]

``players``: peak memory as the number of distinct players grows. Each scale is the inputs copied
that many times, every copy's players renamed in its bytes (Tenhou XML, gzipped or not: a suffix
``-c<N>`` on every name but the placeholders for guests), so a copy is new players, not more games of
the same ones. ``paifu report`` (with ``--out``, ``--games`` and ``--players``; ``--html``: that too,
with its page per player) and ``paifu validate`` run over each, and the growth per player is the difference between the largest
and the smallest scale, over the players added.

``dask``: ``paifu validate --json`` over the inputs copied ``--copies`` times, serially, with
``--jobs N`` and on a Dask cluster of N workers (a scheduler and the workers each a process of their
own, started before the clock): wall seconds, the CPU a game of the process that runs the command,
and whether the outputs are identical. For Dask, the client's CPU a game (the part no number of
workers can share) is the difference between a run over every copy and one over the first copy,
over the games added (so connecting and the first graph's one-time costs are not counted as the
games'), less its event loop's own upkeep while it waits; ``--repeat`` runs each, for the spread.

``--pythonpath``: run another copy of paifu (an older checkout, to compare) with the same inputs.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
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


_UN = re.compile(rb"<UN\b[^>]*>")
_NAME = re.compile(rb'\b(n[0-3])="([^"]*)"')
_GUESTS = {b"", b"NoName", b"%4E%6F%4E%61%6D%65"}  # paifu.analysis.counters.ANONYMOUS_NAMES


def renamed(data: bytes, copy: int) -> bytes:
    """A Tenhou XML record (gzipped or not) with every named player renamed ``<name>-c<copy>``."""
    if data[:2] == b"\x1f\x8b":
        return gzip.compress(renamed(gzip.decompress(data), copy), mtime=0)

    def name(m: re.Match[bytes]) -> bytes:
        if m[2] in _GUESTS:
            return m[0]
        return m[1] + b'="' + m[2] + b"-c%d" % copy + b'"'

    out, n = _UN.subn(lambda m: _NAME.sub(name, m[0]), data)
    if not n:
        raise SystemExit("players: only Tenhou XML records can be renamed (no <UN> element found)")
    return out


def renamed_tree(paths: list[str], scale: int, root: Path) -> Path:
    """``scale`` copies of ``paths`` under ``root/players``, copy ``i``'s players renamed ``-c<i>``."""
    base = root / "players"
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise SystemExit(f"players: no such input: {', '.join(missing)}")
    for i in range(scale):
        for j, path in enumerate(paths):
            src = Path(path)
            for file in sorted(src.rglob("*")) if src.is_dir() else [src]:
                if not file.is_file():
                    continue
                rel = file.relative_to(src) if src.is_dir() else Path(file.name)
                dest = base / f"copy{i:03}" / f"{j}-{src.name}" / rel
                if not dest.exists():
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    dest.write_bytes(renamed(file.read_bytes(), i))
    return base


def players(args: argparse.Namespace) -> None:
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath
        env["PAIFU_PURE"] = "1"
    rows = []
    html = " --html" if args.html else ""
    print(f"paifu report (--out --games --players{html}) and validate: peak RSS against distinct players")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for scale in args.scales:
            folder = renamed_tree(args.paths, scale, root)
            out = root / f"report-{scale}"
            argv = [sys.executable, "-m", "paifu", "report", "-q", str(folder), "--out", str(out / "ds")]
            argv += ["--games", str(out / "g.parquet"), "--players", str(out / "p.csv")]
            if args.html:  # a page per player too: slow, a few players a second
                argv += ["--html", str(out / "r.html")]
            report_mib, report_secs = peak(argv, root / f"report-{scale}.txt", env)
            import pandas as pd

            if not (out / "p.csv").exists():
                raise SystemExit(f"players: paifu report wrote no --players table at {scale}x")
            named = pd.read_csv(out / "p.csv", usecols=["player"])["player"].nunique()
            shutil.rmtree(out)
            val = root / f"validate-{scale}.jsonl"
            validate_mib, _ = peak(
                [sys.executable, "-m", "paifu", "validate", "-q", "--json", str(folder)], val, env
            )
            games = json.loads(val.read_text().splitlines()[-1])["games"]
            rows.append((scale, named, report_mib, validate_mib))
            print(
                f"  {scale:>3}x: {games:7,d} games {named:7,d} players  report peak RSS {report_mib:7.1f} MiB "
                f"({report_secs:.1f} s)  validate {validate_mib:7.1f} MiB",
                flush=True,
            )
    (s0, p0, r0, v0), (s1, p1, r1, v1) = rows[0], rows[-1]
    if p1 > p0:
        print(
            f"  growth {s0}x->{s1}x: report {(r1 - r0) * 1024 / (p1 - p0):.2f} KiB a player, "
            f"validate {(v1 - v0) * 1024 / (p1 - p0):.2f} KiB a player"
        )


def files(args: argparse.Namespace) -> None:
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath
        env["PAIFU_PURE"] = "1"
    rows: dict[str, list[tuple[int, int, float]]] = {c: [] for c in args.commands}
    print(f"paifu {' and '.join(args.commands)} FOLDER: peak RSS against the number of files")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for scale in args.scales:
            folder = copy_tree(args.paths, scale, root)
            out = root / f"out-{scale}.jsonl"
            mib, secs = peak(
                [sys.executable, "-m", "paifu", "validate", "-q", "--json", str(folder)], out, env
            )
            summary = json.loads(out.read_text().splitlines()[-1])
            n_files, games = summary["files"], summary["games"]
            if "validate" in rows:
                rows["validate"].append((scale, n_files, mib))
                print(
                    f"  {scale:>3}x: {n_files:7,d} files {games:7,d} games  validate peak RSS {mib:7.1f} MiB  "
                    f"({secs:.1f} s)",
                    flush=True,
                )
            if "convert" in rows:
                written = root / f"converted-{scale}"
                mib, secs = peak(
                    [sys.executable, "-m", "paifu", "convert", "-q", str(folder), "--to", "tenhou-json"]
                    + ["-o", str(written)],
                    out,
                    env,
                )
                made = sum(1 for _ in written.iterdir()) if written.exists() else 0
                shutil.rmtree(written, ignore_errors=True)
                rows["convert"].append((scale, n_files, mib))
                print(
                    f"  {scale:>3}x: {n_files:7,d} files {made:7,d} written   convert peak RSS {mib:7.1f} MiB  "
                    f"({secs:.1f} s)",
                    flush=True,
                )
    for command, got in rows.items():
        (s0, f0, m0), (s1, f1, m1) = got[0], got[-1]
        if f1 > f0:
            print(f"  {command} growth {s0}x->{s1}x: {(m1 - m0) * 1024 / (f1 - f0):.3f} KiB a file")


def _subset(paths: list[str], unit: int | None, root: Path) -> list[str]:
    """The first ``unit`` record files of ``paths`` (in the walk's order), linked under ``root/unit``
    as one folder; all of ``paths`` when ``unit`` is None."""
    if unit is None:
        return paths
    from paifu.formats import iter_record_files

    base = root / "unit"
    for i, file in enumerate(iter_record_files(paths)):
        if i >= unit:
            break
        dest = base / f"{i:05}-{Path(file).name}"
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(file, dest)
    return [str(base)]


def _measure_all(folder: Path, root: Path, tag: str, env: dict[str, str]) -> dict[str, float | int]:
    """validate, report and convert over ``folder``, each a fresh process: their peak RSS (MiB) and
    wall seconds, with the files, games and distinct players they saw (counted from their outputs)."""
    got: dict[str, float | int] = {}
    val = root / f"{tag}-validate.jsonl"
    got["validate"], got["validate_s"] = peak(
        [sys.executable, "-m", "paifu", "validate", "-q", "--json", str(folder)], val, env
    )
    summary = json.loads(val.read_text().splitlines()[-1])
    got["files"], got["games"] = summary["files"], summary["games"]
    out = root / f"{tag}-report"
    argv = [sys.executable, "-m", "paifu", "report", "-q", str(folder), "--out", str(out / "ds")]
    argv += ["--games", str(out / "g.parquet"), "--players", str(out / "p.csv")]
    got["report"], got["report_s"] = peak(argv, root / f"{tag}-report.txt", env)
    if not (out / "p.csv").exists():
        raise SystemExit(f"table: paifu report wrote no --players table for {tag}")
    import pandas as pd

    got["players"] = int(pd.read_csv(out / "p.csv", usecols=["player"])["player"].nunique())
    shutil.rmtree(out)
    written = root / f"{tag}-converted"
    argv = [sys.executable, "-m", "paifu", "convert", "-q", str(folder), "--to", "tenhou-json"]
    got["convert"], got["convert_s"] = peak([*argv, "-o", str(written)], root / f"{tag}-convert.txt", env)
    made = sum(1 for _ in written.iterdir()) if written.exists() else 0
    shutil.rmtree(written, ignore_errors=True)
    if made != got["games"]:
        raise SystemExit(f"table: convert wrote {made} games of {got['games']} for {tag}")
    return got


def table(args: argparse.Namespace) -> None:
    """One table: validate, report and convert peak RSS as the games and files grow (copies of the
    unit, the same players) and as the distinct players grow (copies, each copy's players renamed)."""
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = args.pythonpath
        env["PAIFU_PURE"] = "1"
    cols = ("validate", "report", "convert")
    rows: dict[str, list[dict[str, float | int]]] = {"games": [], "players": []}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        unit = _subset(args.paths, args.unit, root)
        print(
            "peak RSS (MiB) of paifu validate -q --json, report -q --out --games --players and convert -q "
            "--to tenhou-json -o DIR, each a fresh process; the unit: "
            + (f"the first {args.unit} record files of " if args.unit else "")
            + ", ".join(args.paths)
        )
        print(
            f"  {'axis':<8}{'scale':>6}{'files':>8}{'games':>8}{'players':>9}"
            + "".join(f"{c:>10}" for c in cols)
            + "  seconds (validate/report/convert)"
        )
        for axis, scales, make in (
            ("games", args.games, copy_tree),
            ("players", args.players, renamed_tree),
        ):
            for scale in scales:
                folder = make(unit, scale, root)
                got = _measure_all(folder, root, f"{axis}-{scale}", env)
                rows[axis].append({"scale": scale, **got})
                print(
                    f"  {axis:<8}{str(scale) + 'x':>6}{got['files']:>8,}{got['games']:>8,}{got['players']:>9,}"
                    + "".join(f"{got[c]:>10.1f}" for c in cols)
                    + "  "
                    + "/".join(f"{got[c + '_s']:.0f}" for c in cols),
                    flush=True,
                )
            shutil.rmtree(folder)
    same = all(r["files"] == r["games"] for r in rows["games"])  # a Tenhou XML record is one game a file
    for axis, per in (("games", "games"), ("games", "files"), ("players", "players")):
        if same and per == "files":
            continue
        got = rows[axis]
        if len(got) < 2 or got[-1][per] <= got[0][per]:
            continue
        a, b = got[0], got[-1]
        added = float(b[per]) - float(a[per])
        spread = "; ".join(
            f"{c} {(float(b[c]) - float(a[c])) * 1024 / added:+.3f} KiB a {per[:-1]} "
            f"(range {min(float(r[c]) for r in got):.1f}-{max(float(r[c]) for r in got):.1f} MiB)"
            for c in cols
        )
        each = " (a file each)" if same and per == "games" else ""
        print(f"  {axis} {a['scale']}x->{b['scale']}x, growth{each}: {spread}")
    # the same games with renamed players against the same players: what the players alone add
    games_at = {r["scale"]: r for r in rows["games"]}
    for r in rows["players"]:
        g = games_at.get(r["scale"])
        if g is None or r["players"] <= g["players"]:
            continue
        added = float(r["players"]) - float(g["players"])
        print(
            f"  players {r['scale']}x against games {r['scale']}x (the same {r['games']:,} games, "
            f"{r['players']:,} players, not {g['players']:,}): "
            + "; ".join(
                f"{c} {float(r[c]) - float(g[c]):+.1f} MiB ({(float(r[c]) - float(g[c])) * 1024 / added:+.3f} KiB a player)"
                for c in cols
            )
        )


def _cpu_self() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _run_validate(argv: list[str]) -> tuple[str, float, float, float]:
    """``paifu validate`` in this process: its output, wall seconds, this process's CPU seconds and
    those of its main thread (for Dask: the walk, the batches' graphs and their answers, without the
    client's event loop, which runs in a thread of its own)."""
    import contextlib
    import io
    import time

    from paifu.cli import main as paifu

    out = io.StringIO()
    t, cpu, main = time.perf_counter(), _cpu_self(), time.thread_time()
    with contextlib.redirect_stdout(out):
        paifu(["validate", "--json", *argv])
    return out.getvalue(), time.perf_counter() - t, _cpu_self() - cpu, time.thread_time() - main


@contextlib.contextmanager
def cluster(workers: int, tmp: Path) -> Iterator[str]:
    """A Dask scheduler and ``workers`` single-thread worker processes, each a process of its own,
    as on a real cluster (a local cluster would host the scheduler in the client's process)."""
    file = tmp / "scheduler.json"
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "distributed.cli.dask_scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--dashboard-address",
                ":0",
                "--scheduler-file",
                str(file),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        while not file.exists():
            time.sleep(0.1)
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "distributed.cli.dask_worker",
                    "--scheduler-file",
                    str(file),
                    "--nworkers",
                    str(workers),
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        import distributed

        time.sleep(0.5)
        address = json.loads(file.read_text())["address"]
        with distributed.Client(address) as client:
            client.wait_for_workers(workers)
            client.run(lambda: __import__("paifu.parallel") and None)  # imports: start-up, not the run
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
            proc.wait()


def _walk_cpu(folder: str, jobs: int) -> tuple[int, float]:
    """Files and CPU seconds of the client's walk and cutting into batches, measured alone (the
    plan's: its runs of names are counted as their files, which the workers look at)."""
    from paifu.dask import batches

    try:
        from paifu.formats.walk_plan import Names, Plan
    except ImportError:  # an older paifu (PYTHONPATH=its checkout): the client stats every file
        try:
            from paifu.formats import walk_sized as walked
        except ImportError:
            from paifu.formats import walk_inputs as walked
        cpu = _cpu_self()
        files = sum(len(b) for b in batches(walked([folder]), jobs))
        return files, _cpu_self() - cpu
    cpu = _cpu_self()
    files = sum(len(e) if isinstance(e, Names) else 1 for b in batches(Plan([folder]), jobs) for e in b)
    return files, _cpu_self() - cpu


def _spread(values: list[float]) -> str:
    v = sorted(values)
    return f"{v[len(v) // 2]:.4f} (min {v[0]:.4f}, max {v[-1]:.4f}, {len(v)} runs)"


def dask(args: argparse.Namespace) -> None:
    """The client's CPU a game on a Dask cluster, its output against the serial run's, and its
    speed against ``--jobs``; the Dask run and the walk measured ``--repeat`` times, for the spread."""
    import paifu.dask  # noqa: F401 - imports are start-up, not the run's

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder = str(copy_tree(args.paths, args.copies, root))
        one = str(Path(folder) / "copy000")  # the first copy: the run's fixed part, measured apart
        rows = {}
        for how, extra in (("serial", ["--jobs", "1"]), ("jobs", ["--jobs", str(args.jobs)])):
            rows[how] = _run_validate([folder, *extra])
        runs = []
        with cluster(args.jobs, root) as address:
            small = []
            for _ in range(args.repeat):  # one copy, then all: the difference is the client's a game
                small.append(_run_validate([one, "--scheduler", address]))
                runs.append(_run_validate([folder, "--scheduler", address]))
            import distributed

            with distributed.Client(address):  # a client that only waits: its event loop's own cost
                t, cpu = time.perf_counter(), _cpu_self()
                time.sleep(args.idle)
                idle = (_cpu_self() - cpu) / (time.perf_counter() - t)
        rows["dask"] = min(runs, key=lambda r: r[1])
        games = json.loads(rows["serial"][0].splitlines()[-1])["games"]
        for how, (_, wall, own, _) in rows.items():
            print(
                f"  {how:<6}: {games:6,d} games  wall {wall:6.1f} s ({games / wall:6.1f} games/s)  "
                f"this process {own / games * 1e3:.4f} CPU-ms a game"
                + (" (the fastest Dask run)" if how == "dask" else ""),
                flush=True,
            )
        walks = [_walk_cpu(folder, args.jobs) for _ in range(args.repeat)]
        files = walks[0][0]
        one_games = json.loads(small[0][0].splitlines()[-1])["games"]
        added = games - one_games
        client, own_thread = [], []
        for i, ((_, d_wall, d_own, d_main), (_, f_wall, f_own, f_main)) in enumerate(
            zip(runs, small, strict=True)
        ):
            loop = idle * (d_wall - f_wall)
            beyond = d_own - f_own - loop
            client.append(beyond / added * 1e3)
            own_thread.append((d_main - f_main) / added * 1e3)
            print(
                f"  Dask run {i + 1}: client {d_own:.3f} CPU-s over {games:,d} games, {f_own:.3f} over one copy "
                f"({one_games:,d} games: connecting, and the first graphs' one-time costs); of the "
                f"difference, {loop:.3f} its event loop's own ({idle * 1e3:.2f} CPU-ms a second while it only "
                f"waits, {args.idle:g} s measured), {beyond:.3f} the batches' ({beyond / added * 1e3:.4f} "
                f"CPU-ms a game); its own thread {d_main - f_main:.3f} CPU-s; wall {d_wall:.1f} s"
            )
        print(f"  Dask client CPU-ms a game (the batches'): median {_spread(client)}")
        print(f"  Dask client's own thread (its loop apart), CPU-ms a game: median {_spread(own_thread)}")
        print(
            f"  the walk and the cutting into batches, measured alone, CPU-ms a file: median "
            f"{_spread([w / f * 1e3 for f, w in walks])} over {files:,d} files"
        )
        same = all(r[0] == rows["serial"][0] for r in runs) and rows["jobs"][0] == rows["serial"][0]
        s, j, d = (rows[h][1] for h in ("serial", "jobs", "dask"))
        print(
            f"  outputs identical to the serial run (--jobs and every Dask run): {same}; speed-up over serial: "
            f"--jobs {args.jobs} x{s / j:.2f}, Dask {args.jobs} workers x{s / d:.2f} (its fastest run)"
        )


def _scales(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["table", "files", "dask", "players"])
    ap.add_argument("paths", nargs="*", default=[str(CORPUS / "tenhou_xml")])
    ap.add_argument("--scales", type=lambda s: [int(x) for x in s.split(",")])
    ap.add_argument("--pythonpath", help="run the paifu found here instead (pure Python)")
    ap.add_argument(
        "--commands",
        default="validate,convert",
        type=lambda s: s.split(","),
        help="files: the commands measured (validate, convert)",
    )
    ap.add_argument("--jobs", type=int, default=2, help="dask: workers (and --jobs) to compare")
    ap.add_argument("--copies", type=int, default=4, help="dask: copies of the inputs, as distinct files")
    ap.add_argument("--html", action="store_true", help="players: the report writes its HTML pages too")
    ap.add_argument("--idle", type=float, default=20.0, help="dask: seconds a waiting client is measured")
    ap.add_argument(
        "--repeat", type=int, default=3, help="dask: runs on the cluster (and walks), for the spread"
    )
    ap.add_argument(
        "--unit", type=int, default=None, help="table: the first N record files of the inputs as the unit"
    )
    ap.add_argument(
        "--games", default=[1, 4, 16, 64], type=_scales, help="table: copies of the unit (the same players)"
    )
    ap.add_argument(
        "--players", default=[1, 4, 16], type=_scales, help="table: copies of the unit, players renamed"
    )
    args = ap.parse_args()
    if args.what == "table":
        table(args)
        return
    if args.scales is None:
        args.scales = [1, 2, 4, 8, 16] if args.what == "players" else [1, 4, 16, 64]
    if args.what == "files":
        files(args)
    elif args.what == "players":
        players(args)
    else:
        dask(args)


if __name__ == "__main__":
    main()

"""Fuzz every command as a user runs it: records from ``../shared/corpus`` and ``../shared/platforms``
(Tenhou XML and JSON, mjai, 電脳麻将, Mahjong Soul, Riichi City, Tenhou lobby JSON, wrapped mjai)
mutated, truncated, gzipped, their names lengthened, then ``validate``, ``report``, ``convert``,
``show`` or ``tournament`` run on them as a ``paifu`` process, a third of the runs stopped by a
signal (SIGTERM, SIGHUP, SIGINT, SIGKILL, SIGQUIT or SIGUSR1) at a random point (from paifu's first
line on, when the stop signals' handlers are in place; SIGKILL at any moment).

    python scripts/fuzz_run.py [--seconds 600] [--cases N] [--seed N] [--keep DIR]

A seed and a case count (``--cases``) make the same cases again on any machine (the signals' moments
are wall time, so where a run is stopped depends on the machine's speed); ``--seconds`` alone stops
after that long, whatever case it has come to.

Each run must keep every promise of ``docs/guarantees.md`` about its surroundings:

- no traceback on standard error, and an exit status the command defines (0, 1, 2, 128 + the
  signal sent; -9 after SIGKILL);
- no hang: each run ends within ``--run-timeout`` seconds (a run still going is killed and counted);
- no partial output: no ``.paifu-*.part`` file or folder anywhere in the run's folders once it has
  ended (after SIGKILL the watcher has a second to remove them), a run that was stopped leaves no
  report, and every file it did leave is whole (pages end with ``</html>``, converted games read back);
- no process behind: none of the run's session (its workers) lives on after it, nor its watcher.

Lines about internal errors (``internal error``: a reader or the engine slipped on a record) are
counted apart: they are one line each, as promised, but each is a bug to look at. Exit status: 0 when
every run kept its promises, 1 when one did not (each such case is kept under ``--keep``).
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
#: record files above this size are not fuzzed (each run reads its case whole)
MAX_BYTES = 2 * 2**20
SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGKILL, signal.SIGQUIT, signal.SIGUSR1)
FORMATS = ("tenhou-xml", "tenhou-json", "mjai", "majiang")


def records() -> list[Path]:
    out = []
    for top in (SHARED / "corpus", SHARED / "platforms"):
        for p in sorted(top.rglob("*")):
            if p.is_file() and p.suffix.lower() not in (".md", ".csv") and p.stat().st_size <= MAX_BYTES:
                out.append(p)
    return out


# ---------------------------------------------------------------------- mutations
_NAME_FIELDS = re.compile(
    rb'("(?:name|names|player|players|nickname|nickName|playerName|accountName|screen_name)"\s*:\s*)'
    rb'(\[[^\]]*\]|"[^"]*")'
)
_XML_NAMES = re.compile(rb'(n[0-3]=")([^"]*)(")')
_NUMBER = re.compile(rb"-?\d+")


def _long_name(rng: random.Random) -> str:
    return rng.choice(["麻雀", "東", "<img src=x onerror=alert(1)>", "\x1b[2J", "=cmd|x", "A"]) * rng.choice(
        [300, 3000, 10_000]
    )


def lengthen_names(data: bytes, rng: random.Random) -> bytes:
    """Every player's name (Tenhou XML ``n0``..``n3``, JSON name fields) made very long."""
    import json
    from urllib.parse import quote

    name = _long_name(rng)
    out = _XML_NAMES.sub(lambda m: m[1] + quote(name).encode() + m[3], data)

    def json_names(m: re.Match[bytes]) -> bytes:
        try:
            value = json.loads(m[2])
        except ValueError:
            return m[0]
        if isinstance(value, list):
            value = [name if isinstance(v, str) else v for v in value]
        elif isinstance(value, str):
            value = name
        return m[1] + json.dumps(value, ensure_ascii=False).encode()

    return _NAME_FIELDS.sub(json_names, out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def flip(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if b:
            b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def cut_span(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + data[i + rng.randint(1, 400) :]


def repeat_span(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    span = data[i : i + rng.randint(1, 2000)]
    return data[:i] + span * rng.randint(2, 50) + data[i:]


def numbers(data: bytes, rng: random.Random) -> bytes:
    """A few numbers replaced by huge, negative or fractional ones."""
    spots = list(_NUMBER.finditer(data))
    if not spots:
        return data
    chosen = {m.start(): m for m in rng.sample(spots, min(len(spots), rng.randint(1, 5)))}
    out, last = [], 0
    for start in sorted(chosen):
        m = chosen[start]
        out += [data[last:start], rng.choice([b"99999999999999999999", b"-1", b"1.5", b"1e308", b"0"])]
        last = m.end()
    return b"".join(out) + data[last:]


def unchanged(data: bytes, rng: random.Random) -> bytes:
    return data


MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "unchanged": unchanged,
    "truncate": truncate,
    "flip": flip,
    "cut": cut_span,
    "repeat": repeat_span,
    "numbers": numbers,
    "names": lengthen_names,
}


def _plain(data: bytes) -> bytes:
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


# ---------------------------------------------------------------------- one run
@dataclass
class Outcome:
    case: str
    argv: list[str]
    sent: int | None
    code: int | None
    seconds: float
    problems: list[str] = field(default_factory=list)
    internal: int = 0


def _session_processes(sid: int) -> list[int]:
    found = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(d.name))
    return found


def _watchers_since(pid_floor: int, run: Path) -> list[int]:
    """Watcher processes (``paifu.outfiles``) of this run still alive: they hold no path of ours
    once the run is gone, and end when its pipe closes."""
    found = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit() or int(d.name) < pid_floor:
            continue
        try:
            cmd = (d / "cmdline").read_bytes()
            state = (d / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b".paifu-" in cmd and b"-S\x00-c" in cmd and state != "Z":
            found.append(int(d.name))
    return found


def _takes_stop_signals(pid: int) -> bool:
    """Whether the process has its stop signals' handlers (``SigCgt`` holds SIGTERM): the first line of
    ``paifu/__init__.py`` installs them. Before it, only the interpreter's own start-up has run, which
    a signal ends as its default does (nothing of the run exists yet)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    except (OSError, ValueError, IndexError):
        pass
    return False


def _argv(rng: random.Random, inputs: Path, files: list[Path], out: Path) -> list[str]:
    command = rng.choice(
        ["validate", "validate-jobs", "report", "report-jobs", "convert", "show", "tournament"]
    )
    if command.startswith("validate"):
        return ["validate", str(inputs), *rng.choice([[], ["-q"], ["--json"]])] + (
            ["--jobs", "2"] if command.endswith("jobs") else []
        )
    if command.startswith("report"):
        return [
            "report",
            str(inputs),
            "-q",
            "--html",
            str(out / "r.html"),
            "--games",
            str(out / "g.csv"),
            "--out",
            str(out / "ds"),
        ] + (["--jobs", "2"] if command.endswith("jobs") else [])
    if command == "convert":
        return ["convert", str(inputs), "--to", rng.choice(FORMATS), "-o", str(out / "conv"), "-q"]
    if command == "show":
        return ["show", str(rng.choice(files)), "-o", str(out / "p.html")]
    return ["tournament", str(inputs), "--table", str(out / "t.csv"), "--html", str(out / "t.html")]


def _whole(out: Path, argv: list[str], stopped: bool, problems: list[str]) -> None:
    """Every output left is whole; a stopped report, tournament or show leaves none."""
    leftovers = [str(p.relative_to(out.parent)) for p in out.parent.rglob(".paifu-*")]  # inputs too
    if leftovers:
        problems.append(f"temporary files left: {leftovers[:5]}")
    command = argv[0]
    if stopped and command in ("report", "tournament", "show") and any(out.iterdir()):
        problems.append(f"a stopped {command} left {sorted(p.name for p in out.iterdir())}")
    for page in [*out.glob("*.html")]:
        if not page.read_bytes().rstrip().endswith(b"</html>"):
            problems.append(f"{page.name} is not whole")
    conv = out / "conv"
    if command == "convert" and conv.is_dir():
        from paifu.formats import read_path
        from paifu.formats.base import RecordError

        for f in conv.iterdir():
            try:
                read_path(f, argv[3])
            except RecordError as e:
                if "cut short" in e.reason or "not valid JSON" in e.reason:
                    problems.append(f"{f.name} is not whole: {e.reason[:100]}")


def run_case(rng: random.Random, sources: list[Path], work: Path, n: int, run_timeout: float) -> Outcome:
    case = work / f"case{n:05d}"
    inputs, out = case / "in", case / "out"
    inputs.mkdir(parents=True)
    out.mkdir()
    files = []
    notes = []
    for k in range(rng.randint(1, 3)):
        src = rng.choice(sources)
        how = rng.choice(list(MUTATIONS))
        data = MUTATIONS[how](_plain(src.read_bytes()), rng)
        name = f"f{k}{''.join(src.suffixes[-1:]) or '.json'}"
        if rng.random() < 0.1:
            data, name = gzip.compress(data), name + ".gz"
        (inputs / name).write_bytes(data)
        files.append(inputs / name)
        notes.append(f"{src.relative_to(SHARED)} {how}")
    (case / "what.txt").write_text("\n".join(notes) + "\n", encoding="utf-8")
    argv = _argv(rng, inputs, files, out)
    sig = rng.choice(SIGNALS) if rng.random() < 1 / 3 else None
    delay = rng.uniform(0.2, 3.0)
    to_pid = rng.random() < 0.5  # drawn whether or not the run lasts that long: the next case is the same
    with open(case / "what.txt", "a", encoding="utf-8") as fh:
        fh.write(f"paifu {' '.join(argv)}\n" + (f"signal {sig} after {delay:.2f} s\n" if sig else ""))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    floor = max(int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit())
    started = time.monotonic()
    p = subprocess.Popen(
        [sys.executable, "-m", "paifu", *argv],
        cwd=case,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    sent = None
    outcome = Outcome(case.name, argv, None, None, 0.0)
    try:
        if sig is not None:
            try:
                p.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                # not before paifu's first line (SIGKILL: at any moment)
                while sig != signal.SIGKILL and p.poll() is None and not _takes_stop_signals(p.pid):
                    time.sleep(0.01)
                if p.poll() is None:
                    if to_pid:
                        p.send_signal(sig)  # as ``kill PID`` or a supervisor sends it
                    else:
                        os.killpg(p.pid, sig)  # as a terminal sends it, to the whole process group
                    sent = sig
        stdout, stderr = p.communicate(timeout=run_timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        stdout, stderr = p.communicate()
        outcome.problems.append(f"hang: still running after {run_timeout:g} s")
    except KeyboardInterrupt:  # the fuzz run itself is stopped: its run goes too
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        raise
    outcome.seconds = time.monotonic() - started
    outcome.sent, outcome.code = sent, p.returncode
    err = stderr.decode("utf-8", "replace")
    (case / "stderr.txt").write_text(err, encoding="utf-8")
    if "Traceback" in err:
        outcome.problems.append("traceback: " + err.strip().splitlines()[-1][:200])
    outcome.internal = err.count("internal error") + stdout.count(b"internal error")
    allowed = {0, 1, 2}
    if sent is not None:
        allowed |= {128 + sent, -signal.SIGKILL if sent == signal.SIGKILL else 128 + sent}
    if p.returncode not in allowed:
        outcome.problems.append(f"exit status {p.returncode}")
    end = time.monotonic() + (3 if sent == signal.SIGKILL else 1)
    while time.monotonic() < end and (
        bool(_session_processes(p.pid) or _watchers_since(floor, case)) or any(case.rglob(".paifu-*"))
    ):
        time.sleep(0.05)
    behind = _session_processes(p.pid)
    if behind:
        outcome.problems.append(f"processes left behind: {behind}")
        for pid in behind:
            os.kill(pid, signal.SIGKILL)
    watchers = _watchers_since(floor, case)
    if watchers:
        outcome.problems.append(f"watcher still running: {watchers}")
    stopped = sent is not None and p.returncode not in (0, 1, 2)
    _whole(out, argv, stopped, outcome.problems)
    return outcome


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=600, help="how long to fuzz (default 600)")
    ap.add_argument(
        "--cases", type=int, default=None, help="stop after this many runs (default: --seconds decides)"
    )
    ap.add_argument("--seed", type=int, default=None, help="the random seed (printed; default: a new one)")
    ap.add_argument("--run-timeout", type=float, default=180, help="seconds a run may take (default 180)")
    ap.add_argument(
        "--keep", type=Path, default=None, help="a folder to keep the cases that broke a promise in"
    )
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    sources = records()
    if not sources:
        print(f"no records under {SHARED}", file=sys.stderr)
        return 2
    budget = f"{args.seconds:g} s" + (f" or {args.cases} runs" if args.cases is not None else "")
    print(f"seed {seed}: {len(sources)} records to mutate, {budget}", flush=True)
    for sig in (signal.SIGTERM, signal.SIGHUP):  # the fuzz run itself stopped: its summary so far

        def stop(signum: int, frame: object) -> None:
            raise KeyboardInterrupt(signum)

        signal.signal(sig, stop)
    end = time.monotonic() + args.seconds
    counts: Counter[str] = Counter()
    bad: list[Outcome] = []
    internal = 0
    with tempfile.TemporaryDirectory(prefix="paifu-fuzz-") as tmp:
        work = Path(tmp)
        n = 0
        while time.monotonic() < end and (args.cases is None or n < args.cases):
            try:
                outcome = run_case(rng, sources, work, n, args.run_timeout)
            except KeyboardInterrupt as e:
                print(f"fuzz run stopped ({e.args[0] if e.args else 'Ctrl-C'}) during case {n}", flush=True)
                break
            counts[outcome.argv[0] + (" (signalled)" if outcome.sent else "")] += 1
            internal += outcome.internal
            if outcome.internal and not outcome.problems:  # one line, as promised, but a bug to look at
                lines = (work / outcome.case / "stderr.txt").read_text(encoding="utf-8").splitlines()
                said = next((x for x in lines if "internal error" in x), "(on standard output)")
                print(f"{outcome.case}: {outcome.argv[0]}: internal error: {said[-200:]}", flush=True)
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    shutil.copytree(work / outcome.case, args.keep / outcome.case, symlinks=True)
            if outcome.problems:
                bad.append(outcome)
                print(
                    f"{outcome.case}: {' '.join(outcome.argv[:1])}: {'; '.join(outcome.problems)}", flush=True
                )
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    shutil.copytree(work / outcome.case, args.keep / outcome.case, symlinks=True)
            else:
                shutil.rmtree(work / outcome.case, ignore_errors=True)
            n += 1
    print(
        f"{n} runs ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}); "
        f"{len(bad)} broke a promise; {internal} internal-error lines"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

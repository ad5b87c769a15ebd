"""Signals other than Ctrl-C, worker processes and pipes (round three of the hostile tests): every
signal a user or supervisor sends ends the run as Ctrl-C does (exit 128 + the signal, one line,
workers gone, no partial output under a final name, no temporary file left), ``kill -9`` leaves no
worker and no temporary file behind, a Dask cluster whose only worker dies is given up after
``--timeout``, and a reader that closes the pipe (``| head -1``) never turns findings into exit 0.

Each run is a ``paifu`` process of its own, stopped at a known point (``/proc``): Linux only."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES

pytestmark = [
    pytest.mark.usefixtures("default_limits"),
    pytest.mark.skipif(not Path("/proc/self/syscall").exists(), reason="needs Linux /proc"),
]

XML = SAMPLES / "tenhou-xml" / "chankan.xml"
#: the same game with a win's value changed: one points-mismatch finding
FLAWED = XML.read_bytes().replace(b'ten="40,1300,0"', b'ten="40,1400,0"')


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}


def _start(argv: list[str], cwd: Path, stdout: int = subprocess.PIPE) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "paifu", *argv],
        cwd=cwd,
        env=_env(),
        stdin=subprocess.PIPE,
        stdout=stdout,
        stderr=subprocess.PIPE,
    )


def _records(folder: Path, n: int, data: bytes | None = None) -> Path:
    """``n`` records of their own (copies, not links: a link is one file read once)."""
    folder.mkdir()
    body = XML.read_bytes() if data is None else data
    for i in range(n):
        (folder / f"g{i:05d}.xml").write_bytes(body)
    return folder


def _children(pid: int) -> list[int]:
    kids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    kids.append(int(d.name))
            except (OSError, ValueError, IndexError):
                pass
    return kids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _until(p: subprocess.Popen[bytes], ready: Callable[[], bool], timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert p.poll() is None, p.communicate()
        if ready():
            return
        time.sleep(0.01)
    p.kill()
    raise AssertionError("the run never reached the point to stop it at")


def _reading_stdin(pid: int) -> bool:
    """Blocked in read(0, ...): the command has come to the ``-`` input."""
    try:
        return Path(f"/proc/{pid}/syscall").read_text().startswith("0 0x0 ")
    except OSError:
        return False


def _leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".paifu-*"))


def _gone(pids: list[int], within: float) -> list[int]:
    """The ``pids`` still alive after ``within`` seconds (killed then, so no test leaves one behind)."""
    end = time.monotonic() + within
    while time.monotonic() < end and any(_alive(w) for w in pids):
        time.sleep(0.05)
    left = [w for w in pids if _alive(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    return left


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_no_worker_outlives_its_run(tmp_path: Path, sig: int) -> None:
    folder = _records(tmp_path / "in", 3000)
    p = _start(["validate", str(folder), "--jobs", "2", "-q"], tmp_path)
    _until(p, lambda: len(_children(p.pid)) >= 2)
    workers = _children(p.pid)
    time.sleep(0.2)
    p.send_signal(sig)
    _, err = p.communicate(timeout=120)
    assert _gone(workers, 10) == []
    if sig == signal.SIGKILL:
        return
    assert p.returncode == 128 + sig, err
    text = err.decode()
    assert "Traceback" not in text
    assert (
        text.strip()
        .splitlines()[-1]
        .startswith(f"paifu validate: interrupted ({signal.Signals(sig).name}): ")
    )


@pytest.mark.parametrize(
    "sig", [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow), signal.SIGKILL]
)
def test_a_stopped_report_leaves_no_dataset_and_no_temporary_file(tmp_path: Path, sig: int) -> None:
    """600 games are replayed (two chunks of rows written) before the run waits on standard input;
    the signal comes then: nothing of the report is left, under its names or temporary ones. SIGHUP
    (the slow tier) stops the run through the handler SIGTERM's case runs in the fast tier."""
    folder = _records(tmp_path / "in", 600)
    out = tmp_path / "out"
    out.mkdir()
    argv = [
        "report",
        str(folder),
        "-",
        "--out",
        str(out / "ds"),
        "--html",
        str(out / "r.html"),
        "--games",
        str(out / "g.csv"),
        "-q",
    ]
    p = _start(argv, tmp_path)
    _until(p, lambda: _reading_stdin(p.pid))
    p.send_signal(sig)
    _, err = p.communicate(timeout=120)
    if sig != signal.SIGKILL:
        assert p.returncode == 128 + sig, err
        assert b"no report written" in err and b"Traceback" not in err
    end = time.monotonic() + 10  # after kill -9 the watcher removes the temporary files
    while time.monotonic() < end and list(out.iterdir()):
        time.sleep(0.05)
    assert list(out.iterdir()) == []
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_a_report_stopped_outside_the_replay_leaves_nothing_either(tmp_path: Path, sig: int) -> None:
    """A signal while the page is drawn (after the replay, the tables beside it complete): none of
    the report's files is left, so no part of it passes for the whole."""
    folder = _records(tmp_path / "in", 3)
    out = tmp_path / "out"
    out.mkdir()
    p = _start(["report", str(folder), "--html", str(out / "r.html"), "-q"], tmp_path)

    def drawing() -> bool:  # the replay is over and the page's plots are being drawn
        try:
            return "matplotlib" in Path(f"/proc/{p.pid}/maps").read_text()
        except OSError:
            return False

    _until(p, drawing)
    p.send_signal(sig)
    _, err = p.communicate(timeout=120)
    if sig == signal.SIGTERM:
        assert p.returncode == 143 and b"interrupted (SIGTERM)" in err, err
    end = time.monotonic() + 10  # after kill -9 the watcher removes the temporary files
    while time.monotonic() < end and list(out.iterdir()):
        time.sleep(0.05)
    assert list(out.iterdir()) == []


@pytest.mark.parametrize(
    "sig",
    [
        getattr(signal, name)
        for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGXCPU")
        if hasattr(signal, name)
    ],
)
def test_show_stopped_by_any_stop_signal_writes_no_page(tmp_path: Path, sig: int) -> None:
    """Each signal a user or a supervisor sends to stop a run (SIGQUIT and SIGXCPU would dump core,
    SIGUSR1/2 end the process on the spot) ends it as Ctrl-C does: one line naming it, 128 + N."""
    p = _start(["show", "-"], tmp_path)
    _until(p, lambda: _reading_stdin(p.pid))
    p.send_signal(sig)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 128 + sig and err.count(b"\n") == 1 and b"not written" in err, err
    assert f"interrupted ({signal.Signals(sig).name})".encode() in err
    assert not (tmp_path / "viewer").exists() and list(tmp_path.iterdir()) == []


def test_convert_stopped_by_sigterm_keeps_whole_files_only(tmp_path: Path) -> None:
    folder = _records(tmp_path / "in", 2)
    out = tmp_path / "out"
    files = [str(p) for p in sorted(folder.iterdir())]
    p = _start(["convert", files[0], "-", files[1], "--to", "mjai", "-o", str(out), "-q"], tmp_path)
    _until(p, lambda: _reading_stdin(p.pid))
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 143, err
    assert b"interrupted (SIGTERM): 2 of 3 files converted, 1 game written" in err
    assert [q.name for q in out.iterdir()] == ["g00000.mjson"]


def test_a_closed_pipe_never_turns_findings_into_success(tmp_path: Path) -> None:
    """``set -o pipefail; paifu validate DIR | head -1``: the reader goes after one line; the run
    cannot say "everything valid" (exit 0): it ends as SIGPIPE would end it, 141, silently."""
    folder = _records(tmp_path / "in", 2000, FLAWED)
    p = _start(["validate", str(folder)], tmp_path)
    assert p.stdout is not None
    first = p.stdout.readline()
    p.stdout.close()
    _, err = p.communicate(timeout=120)
    assert b"points-mismatch" in first or b"finding" in first
    assert p.returncode == 141, err
    assert b"Traceback" not in err and b"Exception ignored" not in err
    shell = shutil.which("bash")
    if shell:
        done = subprocess.run(
            [shell, "-c", f"set -o pipefail; {sys.executable} -m paifu validate {folder} | head -1"],
            env=_env(),
            capture_output=True,
            timeout=120,
        )
        assert done.returncode != 0 and done.stdout.count(b"\n") == 1


@pytest.mark.slow
def test_a_dask_cluster_whose_only_worker_dies_is_given_up_after_the_timeout(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    folder = _records(tmp_path / "in", 20000)
    sched_file = tmp_path / "scheduler.json"
    run = [sys.executable, "-m"]
    scheduler = subprocess.Popen(
        [*run, "distributed.cli.dask_scheduler", "--port", "0", "--dashboard-address", ":0"]
        + ["--scheduler-file", str(sched_file)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = None
    try:
        end = time.monotonic() + 60
        while not sched_file.exists() and time.monotonic() < end:
            time.sleep(0.1)
        import json

        time.sleep(0.5)
        address = json.loads(sched_file.read_text())["address"]
        worker = subprocess.Popen(
            [*run, "distributed.cli.dask_worker", "--scheduler-file", str(sched_file)]
            + ["--nthreads", "1", "--no-nanny"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(5)
        p = _start(["validate", str(folder), "-q", "--scheduler", address, "--timeout", "10"], tmp_path)
        time.sleep(6)  # connected, tasks running
        assert p.poll() is None
        worker.kill()
        worker.wait()
        started = time.monotonic()
        try:
            _, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            raise AssertionError("the run waited past --timeout for a worker") from None
        assert p.returncode == 2 and b"no workers for 10 s" in err, err
        assert time.monotonic() - started < 30
    finally:
        for proc in (worker, scheduler):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()


def test_a_signal_that_python_wraps_in_another_error_still_stops_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A signal met while a class is made (pandas' ``IOArgs``, imported by ``report``) reaches the
    command as ``RuntimeError: Error calling __set_name__``, its ``Stopped`` the cause: the run ends
    as the signal ends it, one line and 128 + N, not a traceback (found by the fuzz run, seed 50)."""
    from conftest import run_cli

    import paifu.cli.show
    from paifu.stopping import Stopped, stop_behind

    class Field:
        def __set_name__(self, owner: type, name: str) -> None:
            raise Stopped(signal.SIGUSR1)

    def importing(args: object, out: object) -> int:
        class Options:  # as a module's dataclass is made while it is imported
            field = Field()

        return 0

    monkeypatch.setattr(paifu.cli.show, "run_show", importing)
    code, out, err = run_cli("show", str(XML))
    assert code == 128 + signal.SIGUSR1 and out == "", err
    assert err.count("\n") == 1 and "paifu show: interrupted (SIGUSR1)" in err
    try:
        raise RuntimeError("wrapped") from Stopped(signal.SIGTERM)
    except RuntimeError as e:
        assert stop_behind(e) == signal.SIGTERM
    assert stop_behind(RuntimeError("no signal")) is None


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_while_the_package_loads_ends_the_run_in_one_line(tmp_path: Path, sig: int) -> None:
    """``python -m paifu`` imports the package before the command's first line: a signal then (sent
    here by an import hook as ``paifu.api`` is looked for) killed the process (SIGTERM, SIGHUP) or
    printed a traceback (Ctrl-C). The package takes the stop signals first when it is the command."""
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(
        "import os, sys\n"
        "class _Finder:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'paifu.api':\n"
        f"            os.kill(os.getpid(), {int(sig)})\n"
        "        return None\n"
        "sys.meta_path.insert(0, _Finder())\n",
        encoding="utf-8",
    )
    env = {**_env(), "PYTHONPATH": f"{hook}{os.pathsep}{ROOT}"}
    done = subprocess.run(
        [sys.executable, "-m", "paifu", "validate", str(XML)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
    )
    err = done.stderr.decode()
    assert done.returncode == 128 + sig, err
    name = "Ctrl-C" if sig == signal.SIGINT else signal.Signals(sig).name
    assert err.splitlines()[-1] == f"paifu: interrupted ({name}) while starting: nothing done", err
    assert "Traceback" not in err and done.stdout == b""
    # a program that imports paifu keeps its own handlers: Ctrl-C there is its KeyboardInterrupt
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import signal, paifu; print(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)",
        ],
        env=_env(),
        capture_output=True,
        timeout=120,
    )
    assert done.stdout.strip() == b"True", done.stderr

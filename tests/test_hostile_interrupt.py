"""Ctrl-C in every batch command: one line saying what was finished, exit 130, no
traceback, and no file left half-written (each output complete or absent).

Each run is stopped at a known point: a record read from standard input comes between two files,
and the signal is sent while the command waits on that read (``/proc/PID/syscall``), so what was
finished is known exactly. Linux only (``/proc``)."""

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


def _start(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "paifu", *argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _until(
    p: subprocess.Popen[str], ready: Callable[[int], bool], timeout: float = 120, every: float = 0.05
) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert p.poll() is None, p.communicate()
        try:
            if ready(p.pid):
                return
        except OSError:
            pass
        time.sleep(every)
    p.kill()
    raise AssertionError("the run never reached the point to stop it at")


def _reading_stdin(pid: int) -> bool:
    """Blocked in read(0, ...): the command has come to the ``-`` input."""
    return Path(f"/proc/{pid}/syscall").read_text().startswith("0 0x0 ")


def _interrupt(
    p: subprocess.Popen[str], ready: Callable[[int], bool], every: float = 0.05
) -> tuple[int, str, str]:
    """Ctrl-C once ``ready`` (asked ``every`` seconds); standard input then ends (a record that is
    not one)."""
    _until(p, ready, every=every)
    p.send_signal(signal.SIGINT)
    time.sleep(0.2)
    out, err = p.communicate(timeout=120)
    return p.returncode, out, err


def _records(folder: Path, n: int) -> list[str]:
    folder.mkdir()
    paths = [folder / f"g{i}.xml" for i in range(n)]
    for path in paths:
        shutil.copyfile(XML, path)
    return [str(p) for p in paths]


def _no_partial_files(folder: Path) -> None:
    assert not [p.name for p in folder.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]


def _last_line(err: str, command: str) -> str:
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    line = err.strip().splitlines()[-1]
    assert line.startswith(f"paifu {command}: interrupted (Ctrl-C): "), err
    return line


def test_report_says_how_many_games_and_writes_nothing(tmp_path: Path) -> None:
    a, b = _records(tmp_path / "in", 2)
    out = tmp_path / "out"
    out.mkdir()
    argv = ["report", a, "-", b, "--html", str(out / "r.html"), "--games", str(out / "g.csv"), "-q"]
    code, stdout, err = _interrupt(_start(argv, tmp_path), _reading_stdin)
    assert code == 130 and stdout == ""
    assert "1 game replayed; no report written" in _last_line(err, "report")
    assert list(out.iterdir()) == []


def test_convert_says_what_it_wrote_and_each_file_is_whole(tmp_path: Path) -> None:
    a, b = _records(tmp_path / "in", 2)
    out = tmp_path / "out"
    out.mkdir()
    argv = ["convert", a, "-", b, "--to", "mjai", "-o", str(out), "-q"]
    code, _, err = _interrupt(_start(argv, tmp_path), _reading_stdin)
    assert code == 130
    assert "2 of 3 files converted, 1 game written" in _last_line(err, "convert")
    assert [p.name for p in out.iterdir()] == ["g0.mjson"]
    assert '"type":"end_game"' in (out / "g0.mjson").read_text(encoding="utf-8").splitlines()[-1]
    _no_partial_files(out)


def test_show_writes_no_page(tmp_path: Path) -> None:
    code, stdout, err = _interrupt(_start(["show", "-"], tmp_path), _reading_stdin)
    assert code == 130 and stdout == "" and err.count("\n") == 1
    assert "not written" in _last_line(err, "show")
    assert not (tmp_path / "viewer").exists()


def test_tournament_says_how_many_tables_and_writes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    _records(folder, 1000)
    page = tmp_path / "t.html"

    records = sorted(folder.iterdir())
    for path in records:  # an access time at the epoch: the first read of a record sets it
        os.utime(path, (0, path.stat().st_mtime))

    def replaying(pid: int) -> bool:
        """A table's record has been read: its access time moved (relatime updates an access
        time older than the change), or, where the mount keeps none, a record is open now (a
        moment that polling can miss under load)."""
        if any(path.stat().st_atime > 0 for path in records):
            return True
        fds = Path(f"/proc/{pid}/fd")
        return any(os.readlink(fd).startswith(str(folder)) for fd in fds.iterdir())

    argv = ["tournament", str(folder), "--html", str(page), "--table", str(tmp_path / "t.csv")]
    code, stdout, err = _interrupt(_start(argv, tmp_path), replaying, every=0.01)
    assert code == 130 and err.count("\n") == 1
    assert "tables replayed; nothing written" in _last_line(err, "tournament")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tables"]

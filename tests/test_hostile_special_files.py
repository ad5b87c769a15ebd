"""Outputs that are not regular files (round three of the hostile tests): a device, a FIFO or
standard output named as an output is written into as that kind of file allows, or refused, and
never replaced by a regular file (the atomic write's rename would, as root, destroy the machine's
``/dev/null``); ``-o -`` is standard output; a player's name is escaped in every page.

Devices are made by each test in its own folder (``os.mknod``; skipped where that is not
permitted), never the system's."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, run_cli

from paifu.api import write
from paifu.formats import read_path

pytestmark = pytest.mark.usefixtures("default_limits")  # tests/conftest.py

XML = SAMPLES / "tenhou-xml" / "chankan.xml"


def _null(folder: Path) -> Path:
    """A character device like ``/dev/null`` (major 1, minor 3), made in ``folder``."""
    path = folder / "null"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError) as e:
        pytest.skip(f"cannot make a device node here: {e}")
    return path


def _is_device(path: Path) -> bool:
    return stat.S_ISCHR(os.lstat(path).st_mode) and os.stat(path).st_rdev == os.makedev(1, 3)


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "{x}", "-o", "{dev}"],
        ["convert", "{x}", "--to", "mjai", "-o", "{dev}", "-q"],
        ["convert", "{x}", "{x2}", "--to", "tenhou-json", "-o", "{dev}", "-q"],  # two games: one device
        ["report", "{x}", "--games", "{dev}", "-q"],
        ["report", "{x}", "--players", "{dev}", "-q"],
        ["tournament", "{x}", "--table", "{dev}"],
        ["tournament", "{x}", "--html", "{dev}"],
    ],
)
def test_a_device_output_is_written_into_never_replaced(tmp_path: Path, argv: list[str]) -> None:
    dev = _null(tmp_path)
    x2 = tmp_path / "other.xml"
    x2.write_bytes(XML.read_bytes())
    code, _, err = run_cli(*(a.format(x=XML, x2=x2, dev=dev) for a in argv))
    assert code in (0, 1), err
    assert "Traceback" not in err
    assert _is_device(dev)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "other.xml"]  # nothing beside it


def test_an_html_report_on_a_device_is_refused(tmp_path: Path) -> None:
    """The report's tables go beside its page (``NAME-games.csv``): a device has no such place."""
    dev = _null(tmp_path)
    code, out, err = run_cli("report", str(XML), "--html", str(dev), "-q")
    assert code == 2 and err.count("\n") == 1 and "character device" in err and "--html" in err
    assert out == "" and _is_device(dev) and [p.name for p in tmp_path.iterdir()] == ["null"]


def test_a_block_device_is_refused(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    try:
        os.mknod(disk, stat.S_IFBLK | 0o600, os.makedev(7, 200))  # a loop device number; never opened
    except (PermissionError, AttributeError) as e:
        pytest.skip(f"cannot make a device node here: {e}")
    for argv in (
        ["show", str(XML), "-o", str(disk)],
        ["convert", str(XML), "--to", "mjai", "-o", str(disk), "-q"],
        ["report", str(XML), "--games", str(disk), "-q"],
    ):
        code, _, err = run_cli(*argv)
        assert code == 2 and "block device" in err and err.count("\n") == 1, err
        assert stat.S_ISBLK(os.lstat(disk).st_mode)


def _read_fifo(path: Path, into: list[bytes]) -> threading.Thread:
    def read() -> None:
        with open(path, "rb") as fh:
            into.append(fh.read())

    t = threading.Thread(target=read, daemon=True)
    t.start()
    return t


def test_a_fifo_gets_the_whole_output_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    code, out, err = run_cli("show", str(XML), "-o", str(fifo))
    reader.join(30)
    assert code == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got and got[0].startswith(b"<!doctype html>") and got[0].rstrip().endswith(b"</html>")
    # every game of a convert goes into the one FIFO, each whole, in input order
    x2 = tmp_path / "other.xml"
    x2.write_bytes(XML.read_bytes())
    got.clear()
    reader = _read_fifo(fifo, got)
    code, _, err = run_cli("convert", str(XML), str(x2), "--to", "mjai", "-o", str(fifo), "-q")
    reader.join(30)
    assert code == 0, err
    lines = got[0].decode().splitlines()
    assert [json.loads(line)["type"] for line in lines].count("end_game") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.xml", "pipe"]


def _unblock(path: Path, reader: threading.Thread) -> None:
    """A reader still waiting in ``open`` (nothing was written to the FIFO) let go: a writer comes
    and goes, so the reader sees the end of the stream. Until the reader's thread has come to its
    ``open``, a writer's is refused (ENXIO), so it is tried again until the reader has ended."""
    end = time.monotonic() + 30
    while reader.is_alive() and time.monotonic() < end:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        except OSError as e:
            if e.errno != errno.ENXIO:
                raise
        reader.join(0.05)


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["report", "{x}", "--games", "{fifo}", "-q"], b"source,"),
        (["report", "{x}", "--players", "{fifo}", "-q"], b"players,"),
        (["tournament", "{x}", "--table", "{fifo}"], b""),
    ],
)
def test_a_fifo_takes_a_table_whole_and_stays_a_fifo(tmp_path: Path, argv: list[str], first: bytes) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    try:
        code, _, err = run_cli(*(a.format(x=XML, fifo=fifo) for a in argv))
    finally:
        _unblock(fifo, reader)
    assert code in (0, 1), err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got and got[0].startswith(first) and got[0].endswith(b"\n") and got[0].count(b"\n") >= 2, got
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_an_html_report_on_a_fifo_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    """Refused in one line without waiting for a reader (opening a FIFO to write blocks until one
    comes): the report's tables would go beside it."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    try:
        code, out, err = run_cli("report", str(XML), "--html", str(fifo), "-q")
    finally:
        _unblock(fifo, reader)
    assert code == 2 and out == "" and err.count("\n") == 1 and "a FIFO" in err and "--html" in err, err
    assert got == [b""]  # the reader was let go by the test, never written to
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_dash_o_dash_is_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("show", str(XML), "-o", "-")
    assert code == 0 and out.startswith("<!doctype html>") and out.rstrip().endswith("</html>")
    assert "game 0, 2 hands" in err  # the line about the page, not in the page
    code, out, _ = run_cli("convert", str(XML), "--to", "mjai", "-o", "-", "-q")
    assert code == 0 and json.loads(out.splitlines()[-1])["type"] == "end_game"
    for argv in (["report", str(XML), "--html", "-"], ["tournament", str(XML), "--table", "-"]):
        code, out, err = run_cli(*argv)
        assert code == 2 and "standard output" in err and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []  # no file named "-", nor "--games.csv"


def test_a_link_to_standard_output_takes_the_page_after_what_was_printed(tmp_path: Path) -> None:
    """``-o /dev/stdout`` is a link to the process's descriptor 1: the page goes where standard output
    goes, here a file the shell opened, and nothing is renamed over the link. The link is one this
    test makes in its own folder (to ``/proc/self/fd/1``, as ``/dev/stdout`` is): code that renamed
    over it would replace the system's ``/dev/stdout``."""
    link = tmp_path / "stdout"
    os.symlink("/proc/self/fd/1", link)
    page = tmp_path / "page.html"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    with open(page, "wb") as fh:
        fh.write(b"<!-- before -->\n")
        fh.flush()
        done = subprocess.run(
            [sys.executable, "-m", "paifu", "show", str(XML), "-o", str(link)],
            stdout=fh,
            stderr=subprocess.PIPE,
            env=env,
            cwd=tmp_path,
            timeout=300,
        )
    assert done.returncode == 0, done.stderr
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!-- before -->\n<!doctype html>") and text.rstrip().endswith("</html>")
    assert b"game 0, 2 hands" in done.stderr
    assert os.readlink(link) == "/proc/self/fd/1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html", "stdout"]


def test_a_players_name_is_escaped_in_the_statistics_table(tmp_path: Path) -> None:
    name = "<img src=x onerror=alert(1)>"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = json.loads(write(read_path(XML)[0], "tenhou-json"))
    doc["name"][0] = name
    record = tmp_path / "g.json"
    record.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    html = tmp_path / "r.html"
    code, _, err = run_cli("report", str(record), "--player", name, "--html", str(html), "-q")
    assert code == 0, err
    page = html.read_text(encoding="utf-8")
    assert "<img src=x" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page

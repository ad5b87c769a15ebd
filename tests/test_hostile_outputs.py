"""Hostile and unlucky outputs: no input overwritten, outputs complete or absent, no
link followed out of an output folder, no two outputs under one name, long names never fatal."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, run_cli

pytestmark = pytest.mark.usefixtures("default_limits")  # tests/conftest.py

XML = SAMPLES / "tenhou-xml" / "chankan.xml"


def _record(folder: Path, name: str = "x.xml") -> Path:
    path = folder / name
    shutil.copyfile(XML, path)
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["report", "{x}", "--html", "{x}", "-q"],
        ["show", "{x}", "-o", "{x}"],
        ["tournament", "{x}", "--html", "{x}"],
        ["tournament", "{x}", "--table", "{x}"],
        ["report", "{dir}", "--html", "{x}", "-q"],  # a record inside an input folder
        ["tournament", "{x}", "--entrants", "{x}", "--html", "{x}"],
    ],
)
def test_no_command_writes_over_an_input(tmp_path: Path, argv: list[str]) -> None:
    x = _record(tmp_path)
    before = x.read_bytes()
    code, _, err = run_cli(*(a.format(x=x, dir=tmp_path) for a in argv))
    assert code == 2 and "never overwritten" in err and err.count("\n") == 1
    assert x.read_bytes() == before


def test_an_html_report_beside_its_records_is_no_input(tmp_path: Path) -> None:
    _record(tmp_path)
    code, _, err = run_cli("report", str(tmp_path), "--html", str(tmp_path / "r.html"), "-q")
    assert code == 0 and (tmp_path / "r.html").is_file() and (tmp_path / "r-games.csv").is_file()
    code, _, err = run_cli("report", str(tmp_path), "--html", str(tmp_path / "r.html"), "-q")  # again
    assert code == 0, err


def _capped(argv: list[str], cwd: Path, fsize: int) -> subprocess.CompletedProcess[str]:
    """``paifu ARGV`` in a process whose files may not grow past ``fsize`` bytes (a full disk)."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "paifu", *argv],
        cwd=cwd,
        env=env,
        preexec_fn=cap,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("argv", "outputs"),
    [
        (["convert", "{x}", "--to", "tenhou-json", "-o", "out.json"], ["out.json"]),
        (["convert", "{x}", "--to", "mjai", "-o", "dir/"], ["dir/x.mjson"]),
        (["show", "{x}", "-o", "page.html"], ["page.html"]),
        (["report", "{x}", "--html", "r.html", "-q"], ["r.html", "r-games.csv", "r-players.csv"]),
        (["report", "{x}", "--games", "g.parquet", "-q"], ["g.parquet"]),
        (["tournament", "{x}", "--html", "t.html"], ["t.html"]),
    ],
)
def test_a_full_disk_leaves_no_truncated_output(tmp_path: Path, argv: list[str], outputs: list[str]) -> None:
    x = _record(tmp_path)
    (tmp_path / "dir").mkdir()
    args = [a.format(x=x) for a in argv]
    res = _capped(args, tmp_path, 400)
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr and "cannot write" in res.stderr
    left = sorted(p.name for p in tmp_path.rglob("*") if p.is_file() and p.name != "x.xml")
    assert not [n for n in left if n in {Path(o).name for o in outputs} or n.endswith(".part")], left
    again = _capped(args, tmp_path, resource.RLIM_INFINITY)  # a rerun is not refused by a broken file
    assert again.returncode in (0, 1), again.stderr
    assert all((tmp_path / o).stat().st_size > 0 for o in outputs)


def test_convert_follows_no_link_out_of_its_folder(tmp_path: Path) -> None:
    x = _record(tmp_path)
    out, outside = tmp_path / "out", tmp_path / "outside"
    out.mkdir()
    outside.mkdir()
    (out / "x.json").symlink_to(outside / "planted.json")  # dangling
    code, _, err = run_cli("convert", str(x), "--to", "tenhou-json", "-o", str(out) + "/")
    assert code == 2 and "symbolic link" in err and not (outside / "planted.json").exists()
    (outside / "planted.json").write_text("keep")
    code, _, err = run_cli("convert", str(x), "--to", "tenhou-json", "-o", str(out) + "/", "--overwrite")
    assert code == 2 and (outside / "planted.json").read_text() == "keep"


@pytest.mark.parametrize(
    "options",
    [
        ["--html", "r.html", "--games", "r-games.csv"],
        ["--html", "r.html", "--players", "r-players.csv"],
        ["--players", "t.csv", "--games", "t.csv"],
        ["--players", "t.csv", "--games", "./t.csv"],
    ],
)
def test_two_outputs_of_one_run_never_share_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    x = _record(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("report", str(x), *options)
    assert code == 2 and "same file" in err and out == ""
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "t.csv").exists()


@pytest.mark.parametrize(
    "names",
    [("東風戦.xml", "南風戦.xml"), ("a.b.xml", "a.c.xml"), ("a b.xml", "a_b.xml"), ("g.xml", "g.mjlog")],
)
def test_every_input_name_gets_its_own_viewer_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, names: tuple[str, str]
) -> None:
    from paifu.view.names import page_name

    assert page_name(names[0], 0) != page_name(names[1], 0) or names == ("g.xml", "g.mjlog")
    monkeypatch.chdir(tmp_path)
    first = _record(tmp_path, names[0])
    code, out, _ = run_cli("show", str(first))
    assert code == 0 and (tmp_path / out.split(":")[0]).is_file()


def test_long_names_are_shortened_never_fatal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    long = _record(tmp_path, "x" * 250 + ".xml")  # 254 bytes: the input's own name is fine
    short = _record(tmp_path, "y.xml")
    (tmp_path / "out").mkdir()
    code, _, err = run_cli("convert", str(long), str(short), "--to", "mjai", "-o", "out")
    assert code == 0, err
    assert len(list((tmp_path / "out").iterdir())) == 2
    code, out, err = run_cli("show", str(long))
    assert code == 0 and (tmp_path / out.split(":")[0]).is_file()
    folder = tmp_path / ("東風戦の記録" * 5)  # 30 characters: 270 bytes percent-encoded
    folder.mkdir()
    _record(folder)
    code, _, err = run_cli("report", str(folder), "--out", str(tmp_path / "ds"), "-q")
    assert code == 0, err
    import pandas as pd

    assert len(pd.read_parquet(tmp_path / "ds" / "games")) == 1

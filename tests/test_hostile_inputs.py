"""Hostile and unlucky inputs: one line per problem and never a traceback, no hang,
bounded memory, wrong value types refused, and nothing from a record forging output."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tracemalloc
import warnings
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, run_cli

from paifu.api import write
from paifu.formats import read_bytes, read_path
from paifu.formats.base import RecordError
from paifu.view.html import page_data

pytestmark = pytest.mark.usefixtures("default_limits")  # tests/conftest.py

XML = SAMPLES / "tenhou-xml" / "chankan.xml"


def _as(fmt: str) -> bytes:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return write(read_path(XML)[0], fmt)


def _t6() -> dict:
    return json.loads(_as("tenhou-json"))


def _mjai() -> list[dict]:
    return [json.loads(line) for line in _as("mjai").decode().splitlines()]


def _save_mjai(events: list[dict], path: Path) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def _env() -> dict[str, str]:
    # strict UTF-8 on standard output, as a terminal under a UTF-8 locale has it
    return {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONPATH": str(ROOT)}


def _paifu(*argv: str, cwd: Path, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paifu", *argv], cwd=cwd, env=_env(), capture_output=True, text=True, **kw
    )


# ------------------------------------------------------------------ tracebacks


@pytest.mark.parametrize(("where", "char"), [("name", "\udfff"), ("ref", "\ud800")])
def test_a_lone_surrogate_is_one_line_and_the_batch_goes_on(tmp_path: Path, where: str, char: str) -> None:
    doc = _t6()
    if where == "name":
        doc["name"][1] = "Ben" + char
    else:
        doc["ref"] = "id" + char
    (tmp_path / "a.json").write_text(json.dumps(doc), encoding="ascii")  # \\udfff as JSON writes it
    shutil.copyfile(XML, tmp_path / "b.xml")
    code, out, _ = run_cli("validate", str(tmp_path))
    assert code == 2 and "lone surrogate" in out and "b.xml: " in out  # the file after it is reported
    code, _, err = run_cli("report", str(tmp_path), "--html", str(tmp_path / "r.html"), "-q")
    assert code == 2 and "lone surrogate" in err and (tmp_path / "r.html").is_file()
    code, _, err = run_cli("show", str(tmp_path / "a.json"), "-o", str(tmp_path / "a.html"))
    assert code == 2 and err.count("\n") == 1 and not (tmp_path / "a.html").exists()


@pytest.mark.parametrize("raw", [b"caf\xe9", "東風戦".encode("cp932")])
def test_file_names_that_are_not_utf8(tmp_path: Path, raw: bytes) -> None:
    folder = tmp_path / "round"
    folder.mkdir()
    name = os.fsdecode(raw + b".xml")
    shutil.copyfile(XML, folder / name)
    res = _paifu("validate", "round", "--json", cwd=tmp_path)
    assert res.returncode == 0 and "Traceback" not in res.stderr
    assert all(json.loads(line) for line in res.stdout.splitlines())
    code, _, err = run_cli(
        "report", str(folder), "--html", str(tmp_path / "r.html"), "--out", str(tmp_path / "ds"), "-q"
    )
    assert code == 0, err
    shown = "café" if raw == b"caf\xe9" else "東風戦"  # the bytes decoded as meant, for the tables
    assert f"{shown}.xml" in (tmp_path / "r-games.csv").read_text(encoding="utf-8")
    code, _, err = run_cli("tournament", str(folder), "--table", str(tmp_path / "t.csv"))
    assert code in (0, 1) and shown in (tmp_path / "t.csv").read_text(encoding="utf-8"), err


@pytest.mark.parametrize("address", ["tcp://host:notaport", "tcp://[::1", "inproc://x", "tcp://"])
def test_a_malformed_scheduler_address_is_one_line(tmp_path: Path, address: str) -> None:
    pytest.importorskip("distributed")
    # a process of its own, with a bound: in this one, after other tests' Dask clients, the
    # ``inproc://`` address once waited for ever (an in-process registry the earlier clients left)
    res = _paifu("validate", str(XML), "--scheduler", address, "--timeout", "5", cwd=tmp_path, timeout=120)
    err = res.stderr
    assert res.returncode == 2 and err.startswith("paifu: ") and err.count("\n") == 1, err


def test_a_scheduler_with_no_workers_times_out(tmp_path: Path) -> None:
    """A scheduler of its own process (an in-process LocalCluster, after the other tests' clients,
    could hang the test process itself), with no worker ever."""
    pytest.importorskip("distributed")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    argv = [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1"]
    argv += ["--port", str(port), "--dashboard-address", ":0"]
    sched = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:  # until it listens
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        start = time.monotonic()
        res = _paifu(
            "validate",
            str(XML),
            "--scheduler",
            f"tcp://127.0.0.1:{port}",
            "--timeout",
            "2",
            cwd=tmp_path,
            timeout=120,
        )
    finally:
        sched.kill()
        sched.wait(timeout=30)
    assert res.returncode == 2 and "no workers after 2 s" in res.stderr and "Traceback" not in res.stderr
    assert time.monotonic() - start < 60


def test_ctrl_c_prints_one_line_and_the_summary_so_far(tmp_path: Path) -> None:
    for i in range(400):
        shutil.copyfile(XML, tmp_path / f"g{i:03d}.xml")
    p = subprocess.Popen(
        [sys.executable, "-m", "paifu", "validate", str(tmp_path)],
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert p.stdout is not None
    p.stdout.readline()  # the first game is out: the run is under way
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130 and "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.count("\n") == 1 and "interrupted" in err
    summary = out.strip().splitlines()[-1]
    games = int(re.search(r"files?, ([\d,]+) games?", summary)[1].replace(",", ""))
    assert 0 < games < 400


@pytest.mark.parametrize("rule", [{"赤牌": 5}, {"配給原点": "x"}, {"場数": 99}])
def test_a_records_own_bad_rule_object_is_no_internal_error(tmp_path: Path, rule: dict) -> None:
    doc = json.loads(_as("majiang"))
    doc["rule"] = rule
    (tmp_path / "g.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run_cli("validate", str(tmp_path / "g.json"))
    assert code == 2 and "internal error" not in out and next(iter(rule)) in out


@pytest.mark.parametrize("extra", [7, 200])
def test_show_draws_a_hand_of_20_or_more_tiles(tmp_path: Path, extra: int) -> None:
    doc = _t6()
    doc["log"][0][4] = doc["log"][0][4] + [11] * extra
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run_cli("show", str(path), "-o", str(tmp_path / "big.html"))
    assert code == 0 and err == "" and (tmp_path / "big.html").stat().st_size > 0


def test_the_scorer_is_given_only_what_a_hand_can_be() -> None:
    from paifu.rules import preset
    from paifu.scoring import WinContext, value_win

    rules = preset("tenhou")
    for concealed, win in (
        ((0,) * 200, 0),
        ((500,) * 14, 500),
        ((-1,) * 14, -1),
        (tuple(range(0, 56, 4)), 0),
    ):
        val = value_win(WinContext(rules, concealed, (), win, True, 0, 0, True))
        assert not val.ok and val.error


# ------------------------------------------------------------------ hangs and side files


def test_side_files_are_never_waited_on_nor_read_without_limit(tmp_path: Path) -> None:
    fifo = tmp_path / "entrants.fifo"
    os.mkfifo(fifo)
    for option, path in (("--entrants", str(fifo)), ("--claimed", "/dev/zero")):
        res = _paifu("tournament", str(XML), option, path, cwd=tmp_path, timeout=60)
        assert res.returncode == 2 and "not a regular file" in res.stderr and "Traceback" not in res.stderr
    big = tmp_path / "claimed.txt"
    big.write_text("x\n" * 2**20)
    code, _, err = run_cli("tournament", str(XML), "--claimed", str(big), "--max-size", "1M")
    assert code == 2 and "--max-size" in err


@pytest.mark.parametrize("command", ["validate", "convert", "report"])
def test_standard_input_is_read_within_max_size(tmp_path: Path, command: str) -> None:
    argv = [command, "-", "--max-size", "1M"] + (["--to", "mjai"] if command == "convert" else [])
    with open("/dev/zero", "rb") as zero:
        res = _paifu(*argv, cwd=tmp_path, stdin=zero, timeout=60)
    assert res.returncode == 2 and "1M" in (res.stdout + res.stderr) and "Traceback" not in res.stderr


# ------------------------------------------------------------------ memory


def _peak(data: bytes) -> int:
    tracemalloc.start()
    try:
        with pytest.raises(RecordError):
            read_bytes(data, "x.mjson")
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reading_a_bad_file_costs_a_small_multiple_of_its_size() -> None:
    braces = b"{}\n" * (4 * 2**20 // 3)  # mjai lines with no event: line 1 is bad
    assert _peak(braces) < 4 * len(braces)
    game = json.dumps({"title": "", "player": ["a", "b", "c", "d"], "qijia": 0, "log": []})
    empty = ("[" + ",".join([game] * (4 * 2**20 // len(game))) + "]").encode()  # 電脳麻将 games of no hand
    assert _peak(empty) < 8 * len(empty)


def test_show_refuses_a_game_longer_than_it_can_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    from paifu.view import GameView, ViewError
    from paifu.view import game as view_game

    monkeypatch.setattr(view_game, "MAX_EVENTS", 20)
    with pytest.raises(ViewError, match="events, more than the viewer draws"):
        GameView.open(str(XML))


# ------------------------------------------------------------------ wrong values


def _t6_case(path: Path, change: str) -> Path:
    doc = _t6()
    h = doc["log"][0]
    if change == "string score":
        h[1][0] = "25000"
    elif change == "fraction score":
        h[1][0], h[1][1] = 25000.7, 24999.3
    elif change == "kyoku 1.9":
        h[0][0] = 1.9
    elif change == "honba 0.5":
        h[0][1] = 0.5
    elif change == "five scores":
        h[1] = [25000] * 5
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _mjai_case(path: Path, change: str) -> Path:
    events = copy.deepcopy(_mjai())
    start = next(e for e in events if e["type"] == "start_kyoku")
    key, value = {
        "string score": ("scores", ["25000", 25000, 25000, 25000]),
        "fraction score": ("scores", [25000.7, 25000, 25000, 24999.3]),
        "kyoku 1.9": ("kyoku", 1.9),
        "oya 0.5": ("oya", 0.5),
        "oya false": ("oya", False),
        "five scores": ("scores", [25000] * 5),
    }[change]
    start[key] = value
    return _save_mjai(events, path)


@pytest.mark.parametrize(
    ("fmt", "change", "field"),
    [
        ("t6", "string score", "start scores"),
        ("t6", "fraction score", "start scores"),
        ("t6", "kyoku 1.9", "kyoku"),
        ("t6", "honba 0.5", "honba"),
        ("t6", "five scores", "start scores"),
        ("mjai", "string score", "start scores"),
        ("mjai", "fraction score", "start scores"),
        ("mjai", "kyoku 1.9", "kyoku"),
        ("mjai", "oya 0.5", "oya"),
        ("mjai", "oya false", "oya"),
        ("mjai", "five scores", "start scores"),
    ],
)
def test_readers_take_only_the_types_their_format_defines(
    tmp_path: Path, fmt: str, change: str, field: str
) -> None:
    path = (_t6_case if fmt == "t6" else _mjai_case)(
        tmp_path / f"g.{'json' if fmt == 't6' else 'mjson'}", change
    )
    code, out, _ = run_cli("validate", str(path))
    assert code == 2 and "UNREADABLE" in out and field in out


def test_five_init_scores_are_refused(tmp_path: Path) -> None:
    text = XML.read_text(encoding="utf-8")
    ten = re.search(r'<INIT [^>]*ten="([^"]*)"', text)[1]
    path = tmp_path / "five.xml"
    path.write_text(text.replace(f'ten="{ten}"', f'ten="{ten},250"', 1), encoding="utf-8")
    code, out, _ = run_cli("validate", str(path))
    assert code == 2 and "ten=" in out and "5 values" in out


# ------------------------------------------------------------------ escaping


def _tournament_names(tmp_path: Path, names: list[str]) -> Path:
    doc = _t6()
    doc["name"] = names
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def test_tournament_text_cannot_be_forged_and_its_csv_holds_no_formula(tmp_path: Path) -> None:
    names = ["Aoi\nchampion: Mallory", "\x1b[2J=HYPERLINK(1)", "=cmd|' /C calc'!A0", "Dan"]
    path = _tournament_names(tmp_path, names)
    code, out, _ = run_cli("tournament", str(path), "--table", str(tmp_path / "b.csv"), "--seed", "1")
    assert code in (0, 1)
    assert "\x1b" not in out and not any(line.startswith("champion: Mallory") for line in out.splitlines())
    import pandas as pd

    players = pd.read_csv(tmp_path / "b.csv", dtype=str)["player"].tolist()
    assert not any(p.startswith(("=", "+", "-", "@")) for p in players)


def test_a_scheme_files_name_is_printed_escaped(tmp_path: Path) -> None:
    scheme = tmp_path / "s.toml"
    scheme.write_text('base = "tenhou"\nname = "mine\\u001b[31m\\nflagged: none"\n', encoding="utf-8")
    code, out, _ = run_cli("report", str(XML), "--scheme", str(scheme), "-q")
    assert code in (0, 1) and "\x1b" not in out and "\\x1b" in out
    assert sum(line.startswith("flagged:") for line in out.splitlines()) == 1


def test_json_in_the_viewer_page_escapes_every_lt(tmp_path: Path) -> None:
    path = _tournament_names(tmp_path, ["<!--<script>", "</script><b>", "Chie", "Dan"])
    code, _, err = run_cli("show", str(path), "-o", str(tmp_path / "p.html"))
    assert code == 0, err
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    # the data travels as base64 of gzip, so no name can end or open an element inside the script
    script = re.search(r'<script id="paifu-data" type="application/octet-stream">(.*?)</script>', page, re.S)
    assert script is not None and re.fullmatch(r"[A-Za-z0-9+/=]*", script[1])
    assert "<!--<script>" in json.dumps(page_data(page), ensure_ascii=False)  # the name, as it was


# ------------------------------------------------------------------ settings


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["tournament", str(XML), "--prizes", "-500"], "--prizes"),
        (["tournament", str(XML), "--prizes", "take-all:-1"], "--prizes"),
        (["validate", str(XML), "--rules", "{rules}"], "rank_scheme"),
        (["validate", str(XML), "--rules", "{dead}"], "dead_wall"),
        (["validate", str(XML), "--rules", "{honba}"], "honba_value"),
    ],
)
def test_bad_prizes_schemes_and_dead_walls_are_refused(tmp_path: Path, argv: list[str], says: str) -> None:
    files = {
        "rules": 'base = "tenhou"\nrank_scheme = "nonsense"\n',
        "dead": 'base = "tenhou"\ndead_wall = -14\n',
        "honba": 'base = "tenhou"\nhonba_value = -300\n',
    }
    paths = {}
    for key, text in files.items():
        paths[key] = tmp_path / f"{key}.toml"
        paths[key].write_text(text, encoding="utf-8")
    code, out, err = run_cli(*(a.format(**paths) for a in argv))
    assert code == 2 and says in err and err.count("\n") == 1 and out == ""

"""Hostile and broken input: no hang, no traceback, no lost file, bounded memory, no injected output.

Every input here is small and generated in ``tmp_path`` from our own sample logs (nothing large
is committed): a limit is proved by lowering it (``--max-size 1M``) rather than by a big file.
Each class of hostile input has its tests; the last test runs one folder holding all of them.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from paifu import limits
from paifu.api import write
from paifu.formats import iter_record_files, read_bytes, read_path
from paifu.formats.base import RecordError
from paifu.formats.detect import detect_format
from paifu.formats.walk import Skipped
from paifu.pipeline import replay_record
from paifu.safety import csv_cell, printable

XML = (SAMPLES / "tenhou-xml" / "chankan.xml").read_bytes()


def _tenhou_json() -> dict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return json.loads(write(read_bytes(XML, "chankan.xml")[0], "tenhou-json"))


def _mjai_events() -> list[dict]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = write(read_bytes(XML, "chankan.xml")[0], "mjai").decode()
    return [json.loads(line) for line in text.splitlines()]


def _json(doc: object) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


run = run_cli  # tests/conftest.py


pytestmark = pytest.mark.usefixtures("default_limits")  # tests/conftest.py


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (instead of hanging the suite) when the block takes longer than ``seconds``."""

    def fail(*_: object) -> None:
        raise TimeoutError(f"took more than {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# ------------------------------------------------------------------ hangs


def test_detection_is_linear_in_comments() -> None:
    """Empty comments before a non-record once doubled the regex's time each (40 of them: days)."""
    for n in (40, 20_000):
        data = b"<!---->" * n + b"x"
        start = time.perf_counter()
        assert detect_format(data) is None
        assert time.perf_counter() - start < 0.5
    assert (
        detect_format(b"<?xml version='1.0'?>\n<!-- a -->\n<!-- b -->" + XML[XML.index(b"<mjloggm") :])
        == "tenhou-xml"
    )


def test_a_fifo_in_a_folder_is_unreadable_not_waited_on(tmp_path: Path) -> None:
    (tmp_path / "game.xml").write_bytes(XML)
    os.mkfifo(tmp_path / "pipe.xml")
    with deadline(30):
        code, out, _ = run("validate", str(tmp_path))
    assert code == 2
    assert f"{tmp_path / 'pipe.xml'}: UNREADABLE" in out and "FIFO" in out
    assert "1 valid game," in out


# ------------------------------------------------------------------ files lost or miscounted


def test_deep_json_in_a_folder_is_one_unreadable_file(tmp_path: Path) -> None:
    (tmp_path / "deep.json").write_text("[" * 1500 + "]" * 1500)
    (tmp_path / "deep-rule.json").write_text('{"rule": ' + "[" * 1500 + "]" * 1500 + "}")
    (tmp_path / "game.xml").write_bytes(XML)
    code, out, err = run("validate", str(tmp_path))
    assert code == 2 and "Traceback" not in out + err
    assert "deep.json: UNREADABLE" in out and "nested too deeply" in out
    assert "deep-rule.json: UNREADABLE" in out
    assert "1 valid game," in out
    with pytest.raises(RecordError, match="nested too deeply"):  # the library says the same
        read_bytes(b"[" * 5000 + b"]" * 5000, "deep.json")


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.jsonl", "", "holds no game record"),
        ("list.json", "[]", "holds no game record"),
        ("hello.jsonl", '{"type": "hello"}\n', "no hand"),
        ("nolog.json", '{"name": ["a", "b", "c", "d"], "log": []}', "no hand"),
    ],
)
def test_a_file_of_no_games_is_unreadable(tmp_path: Path, name: str, content: str, reason: str) -> None:
    (tmp_path / name).write_text(content)
    code, out, _ = run("validate", str(tmp_path))
    assert code == 2
    assert f"{name}: UNREADABLE" in out and reason in out
    assert "0 valid games" in out and "1 unreadable" in out


def test_an_unlistable_subfolder_is_unreadable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Root lists anything, so the refusal is simulated: the folder is named, not dropped."""
    locked = tmp_path / "locked"
    locked.mkdir()
    (tmp_path / "game.xml").write_bytes(XML)
    real_scandir, real_listdir = os.scandir, os.listdir

    def refuse(real):  # noqa: ANN001, ANN202
        def call(path=".", *a):  # noqa: ANN001, ANN002, ANN202
            if os.fspath(path) == str(locked):
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, *a)

        return call

    monkeypatch.setattr(os, "scandir", refuse(real_scandir))
    monkeypatch.setattr(os, "listdir", refuse(real_listdir))
    code, out, _ = run("validate", str(tmp_path))
    assert code == 2
    assert f"{locked}: UNREADABLE" in out and "cannot list" in out and "Permission denied" in out


def test_symlinked_folders_are_walked_once(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (real / "game.xml").write_bytes(XML)
    top = tmp_path / "top"
    top.mkdir()
    (top / "linked").symlink_to(real)
    (top / "loop").symlink_to(top)
    skipped: list[Skipped] = []
    files = list(iter_record_files([top], skipped))
    assert files == [str(top / "linked" / "game.xml")]
    assert [s.file for s in skipped] == [str(top / "loop")]
    assert "link loop" in skipped[0].reason


def test_one_file_is_read_once_under_any_spelling(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "x.xml").write_bytes(XML)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("validate", "sub/x.xml", "./sub/x.xml", "sub", "sub/x.xml")
    assert code == 0, out
    assert "1 file, 1 game," in out and "3 skipped" in out
    assert "./sub/x.xml: skipped: the same file as sub/x.xml" in out


def test_records_are_found_by_content_and_the_rest_is_listed(tmp_path: Path) -> None:
    """Issue 10: Tenhou XML saved as .txt is read; a README, an image, a table are skipped by name."""
    (tmp_path / "game.txt").write_bytes(XML)
    (tmp_path / "game-no-extension").write_bytes(_json(_tenhou_json()))
    (tmp_path / "notes.txt").write_text("just notes")
    (tmp_path / "README.md").write_text("# records")
    (tmp_path / "table.csv").write_text("a,b\n")
    (tmp_path / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "rule.json").write_text('{"rule": {"赤牌": [1, 1, 1]}}')
    (tmp_path / ".hidden.xml").write_bytes(XML)
    code, out, _ = run("validate", str(tmp_path))
    assert code == 0, out
    assert "2 files, 2 games" in out and "6 skipped" in out
    for name, why in (
        ("notes.txt", "no known format"),
        ("README.md", "md file"),
        ("table.csv", "csv file"),
        ("picture.png", "png file"),
        ("rule.json", "rule object"),
        (".hidden.xml", "hidden file"),
    ):
        assert f"{tmp_path / name}: skipped: " in out and why in out, name
    code, out, _ = run("validate", "--json", str(tmp_path))
    lines = [json.loads(x) for x in out.splitlines()]
    assert sum(x["kind"] == "skipped" for x in lines) == 6 and lines[-1]["skipped"] == 6


# ------------------------------------------------------------------ memory


def test_size_limits_name_the_limit(tmp_path: Path) -> None:
    (tmp_path / "bomb.xml.gz").write_bytes(gzip.compress(b"<mjloggm>" + b" " * (3 * 2**20)))
    (tmp_path / "big.xml").write_bytes(XML + b" " * (2 * 2**20))
    (tmp_path / "game.xml").write_bytes(XML)
    code, out, _ = run("validate", "--max-size", "1M", str(tmp_path))
    assert code == 2
    assert "bomb.xml.gz: UNREADABLE" in out and "more than 1M bytes (the --max-size limit)" in out
    assert "big.xml: UNREADABLE" in out and "over the --max-size limit of 1M" in out
    assert "1 valid game," in out
    code, out, _ = run("validate", "--max-size", "8M", str(tmp_path))  # raised: all three read
    assert "bomb.xml.gz: UNREADABLE" in out and "big.xml: big: 2 hands" in out
    assert run("validate", "--max-size", "lots", str(tmp_path))[0] == 2


def test_a_long_name_is_over_the_field_limit(tmp_path: Path) -> None:
    i = XML.index(b'n0="') + 4
    (tmp_path / "name.mjlog").write_bytes(XML[:i] + b"%41" * 40_000 + XML[i:])
    doc = _tenhou_json()
    doc["name"][1] = "B" * 20_000
    (tmp_path / "name.json").write_bytes(_json(doc))
    code, out, _ = run("validate", str(tmp_path))
    assert code == 2
    assert out.count("over the --max-field limit of 10,000") == 2, out
    code, out, _ = run("validate", "--max-field", "50000", str(tmp_path))
    assert code == 0, out


def test_devices_are_not_read() -> None:
    with deadline(30):
        code, out, _ = run("validate", "/dev/zero")
    assert code == 2 and "not a regular file (a character device)" in out


def test_sizes_parse() -> None:
    assert limits.parse_size("64M") == 64 * 2**20
    assert limits.parse_size("1.5k") == 1536
    assert limits.parse_size("100") == 100
    for bad in ("", "x", "-1", "0"):
        with pytest.raises(ValueError):
            limits.parse_size(bad)


def test_limits_reach_worker_processes(tmp_path: Path) -> None:
    for i in range(3):
        (tmp_path / f"g{i}.xml").write_bytes(XML)
    (tmp_path / "big.xml").write_bytes(XML + b" " * 200_000)
    code, out, _ = run("validate", "--jobs", "2", "--max-size", "100K", str(tmp_path))
    assert code == 2 and "big.xml: UNREADABLE" in out and "--max-size limit of 100K" in out
    assert "3 valid games" in out


# ------------------------------------------------------------------ crashes outside validate


def _writer_breakers() -> dict[str, bytes]:
    """Records that read (with findings) but once crashed a writer."""
    cases = {}
    doc = _tenhou_json()
    doc["log"][0][0][0] = 16
    cases["kyoku16.json"] = _json(doc)
    doc = _tenhou_json()
    doc["log"][0][1] = doc["log"][0][1][:3]
    cases["three-scores.json"] = _json(doc)
    doc = _tenhou_json()
    doc["rate"] = 1000000
    cases["rate.json"] = _json(doc)
    events = _mjai_events()
    pon = next(e for e in events if e["type"] in ("pon", "chi", "daiminkan"))
    pon["target"] = pon["actor"]
    cases["self-pon.mjson"] = b"\n".join(_json(e) for e in events)
    return cases


@pytest.mark.parametrize("to", ["tenhou-xml", "tenhou-json", "mjai", "majiang"])
def test_writers_fail_per_game_with_a_record_error(to: str) -> None:
    for name, data in _writer_breakers().items():
        (rec,) = read_bytes(data, name)
        replay_record(rec)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out = write(rec, to)
            except RecordError as e:
                assert str(e).startswith(name) and "cannot say (" not in str(e), str(e)  # not the safety net
                continue
        assert isinstance(out, bytes)


def test_convert_goes_on_past_bad_inputs_and_unwritable_games(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "a-good.xml").write_bytes(XML)
    (src / "corrupt.xml.gz").write_bytes(gzip.compress(XML)[:-30])
    (src / "deep.json").write_text("[" * 2000 + "]" * 2000)
    for name, data in _writer_breakers().items():
        (src / name).write_bytes(data)
    code, _, err = run("convert", str(src), "--to", "tenhou-xml", "-o", str(tmp_path / "out"))
    assert code == 2 and "Traceback" not in err
    assert "corrupt.xml.gz: UNREADABLE" in err and "deep.json: UNREADABLE" in err
    assert "self-pon.mjson: game 0: cannot write as tenhou-xml" in err
    assert (tmp_path / "out" / "a-good.xml").exists()
    for written in (tmp_path / "out").iterdir():  # what convert writes, paifu reads back
        read_path(written)


def test_report_survives_huge_numbers_and_tex_in_names(tmp_path: Path) -> None:
    doc = _tenhou_json()
    doc["log"][0][0][1] = 2**63
    (tmp_path / "honba.json").write_bytes(_json(doc))
    doc = _tenhou_json()
    doc["log"][0][1][0] = 10**30
    (tmp_path / "score.json").write_bytes(_json(doc))
    doc = _tenhou_json()
    doc["name"] = ["$\\foo{$", "$x^$", "=1+1", "@SUM(A1)"]
    doc["ref"] = "$\\bad$"
    (tmp_path / "tex.json").write_bytes(_json(doc))
    html, players = tmp_path / "r.html", tmp_path / "p.csv"
    code, out, err = run("report", str(tmp_path), "--html", str(html), "--players", str(players))
    assert code == 2 and "Traceback" not in out + err
    assert "honba.json: UNREADABLE" in err and "out of range" in err
    assert "score.json: UNREADABLE" in err
    assert html.stat().st_size > 1000
    cells = players.read_text()
    assert "'=1+1" in cells and "'@SUM(A1)" in cells
    assert "\n=1+1" not in cells and ",=1+1" not in cells


BAD_RULES = {
    "nan-uma.toml": 'base = "tenhou"\numa = [nan, 10, -10, -20]\n',
    "inf-start.toml": 'base = "tenhou"\nstart_points = 1e400\n',
    "text-red.toml": 'base = "tenhou"\nred_fives = "x"\n',
    "binary.toml": b"\xff\xfe\x00",
    "bad-toml.toml": "x = [[[[",
    "deep.toml": "x = " + "[" * 3000 + "]" * 3000 + "\n",
    "huge.toml": 'base = "tenhou"\nstart_points = 100000000000000000000000\n',
    "decimals.toml": 'base = "tenhou"\ndecimals = 100000\n',
    "rule.json": '{"rule": 5}',
    "short-uma.toml": 'base = "tenhou"\numa = [10, -10]\n',
    "bad-renchan.toml": 'base = "tenhou"\nrenchan = "sometimes"\n',
    "deep.json": "[" * 3000 + "]" * 3000,
}


@pytest.mark.parametrize("name", sorted(BAD_RULES))
def test_malformed_settings_files_are_one_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    content = BAD_RULES[name]
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    (tmp_path / "game.xml").write_bytes(XML)
    for argv in (["validate", "--rules", str(path), str(tmp_path / "game.xml")], ["rules", str(path)]):
        code, out, err = run(*argv)
        assert code == 2, (argv, out, err)
        assert err.count("\n") == 1 and err.startswith(f"paifu: {path}: ") and "Traceback" not in err, err
    if name.endswith(".toml"):
        code, _, err = run("report", str(tmp_path / "game.xml"), "--scheme", str(path))
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
        assert err.startswith(f"paifu: {path}: "), err


def test_library_errors_are_record_errors() -> None:
    """zlib, recursion and number errors reach library callers as RecordError naming the file."""
    for data in (gzip.compress(XML)[:-30], b"\x1f\x8b" + b"\0" * 20, b"[" * 5000 + b"]" * 5000):
        with pytest.raises(RecordError, match="^x.gz: "):
            read_bytes(data, "x.gz")


def test_closed_standard_output_is_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "game.xml").write_bytes(XML)
    cmd = [sys.executable, "-m", "paifu", "validate", str(tmp_path)]
    closed = subprocess.run(
        cmd,
        cwd=ROOT,
        capture_output=False,
        stdout=None,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert closed.returncode == 2 and "Traceback" not in closed.stderr and "closed" in closed.stderr
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head` that has already gone: every write is a broken pipe
    try:
        piped = subprocess.run(
            cmd, cwd=ROOT, stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in piped.stderr and "Exception ignored" not in piped.stderr, piped.stderr


# ------------------------------------------------------------------ data loss and injection


def test_convert_never_overwrites_without_being_asked(tmp_path: Path) -> None:
    src, out = tmp_path / "records", tmp_path / "out"
    src.mkdir()
    out.mkdir()
    (src / "game.xml").write_bytes(XML)
    (src / "game.json").write_text("precious")
    (out / "game.json").write_text("precious too")
    code, _, err = run("convert", str(src), "--to", "tenhou-json", "-o", str(src))  # a folder into itself
    assert code == 2 and "game.json is an input of this run" in err
    assert (src / "game.json").read_text() == "precious" and (src / "game.xml").read_bytes() == XML
    code, _, err = run("convert", str(src / "game.xml"), "--to", "tenhou-json", "-o", str(out))
    assert code == 2 and "exists (--overwrite to replace it)" in err
    assert (out / "game.json").read_text() == "precious too"
    code, _, err = run("convert", str(src / "game.xml"), "--to", "tenhou-xml", "-o", str(src), "--overwrite")
    assert code == 2 and "is an input of this run" in err and (src / "game.xml").read_bytes() == XML
    code, _, err = run("convert", str(src / "game.xml"), "--to", "tenhou-json", "-o", str(src), "--overwrite")
    assert code == 0 and json.loads((src / "game.json").read_text())["log"]


def test_names_and_ids_cannot_forge_output_lines(tmp_path: Path) -> None:
    doc = _tenhou_json()
    doc["ref"] = "id\n\nfake.xml: game: 9 hands, rules tenhou: ok\x1b[2J"
    doc["name"][0] = "A\x1b]0;title\x07"
    (tmp_path / "forged.json").write_bytes(_json(doc))
    code, out, _ = run("validate", str(tmp_path))
    assert "\x1b" not in out and "\x07" not in out
    assert len(out.strip().splitlines()) == 3  # the game, a blank line, the summary
    assert "\\x0a\\x0afake.xml" in out and "\\x1b[2J" in out
    assert printable("a\u202eb") == "a\\u202eb"
    assert csv_cell("-2+3") == "'-2+3" and csv_cell(-2) == -2


def test_xml_writer_output_reads_back_with_control_characters() -> None:
    doc = _tenhou_json()
    doc["title"] = "cup\x01\x02 round\t1\n"
    doc["lobby"] = "L\x0bX"  # no number: Tenhou XML's lobby is one, so it is not written
    (rec,) = read_bytes(_json(doc), "ctrl.json")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = write(rec, "tenhou-xml")
    assert any("control characters" in str(w.message) for w in caught)
    (back,) = read_bytes(out, "ctrl.xml")
    assert back.start.players == rec.start.players


def test_non_finite_claims_never_pass_or_reach_json(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        paipu = json.loads(write(read_bytes(XML, "chankan.xml")[0], "majiang"))
    paipu["point"][0] = float("nan")
    (tmp_path / "nan.json").write_text(json.dumps(paipu))
    paipu["point"][0] = float("inf")
    (tmp_path / "inf.json").write_text(json.dumps(paipu))
    doc = _tenhou_json()
    doc["sc"][1] = float("nan")
    (tmp_path / "sc-nan.json").write_text(json.dumps(doc))
    code, out, _ = run("validate", "--json", str(tmp_path))
    assert code == 2

    def bare(token: str) -> None:
        raise AssertionError(f"bare {token} in JSON output")

    lines = [json.loads(x, parse_constant=bare) for x in out.splitlines()]
    assert [x["kind"] for x in lines] == ["error"] * 3 + ["summary"]


def test_mjloggm_in_a_json_nickname_stays_json() -> None:
    doc = _tenhou_json()
    doc["name"][0] = "<mjloggm"
    data = _json(doc)
    assert detect_format(data) == "tenhou-json"
    assert read_bytes(data, "nick.json")[0].start.players[0] == "<mjloggm"


def test_a_garbled_shuffle_seed_is_a_note() -> None:
    at = XML.index(b"<GO")
    data = XML[:at] + b'<SHUFFLE seed="mt19937ar-sha512-n288-base64,@@not-base64@@" ref=""/>' + XML[at:]
    (rec,) = read_bytes(data, "seed.xml")
    res = replay_record(rec)
    assert not res.wall_checked
    assert any("SHUFFLE seed cannot be read" in n for n in res.notes), res.notes


def test_five_players_are_an_error_not_cut_to_four() -> None:
    doc = _tenhou_json()
    doc["name"] = ["a", "b", "c", "d", "e"]
    with pytest.raises(RecordError, match="5 names"):
        read_bytes(_json(doc), "five.json")
    doc = _tenhou_json()
    doc["log"][0][1].append(25000)
    with pytest.raises(RecordError, match="5 start scores"):
        read_bytes(_json(doc), "five.json")
    events = _mjai_events()
    start = next(e for e in events if e["type"] == "start_game")
    start["names"] = ["a", "b", "c", "d", "e"]
    with pytest.raises(RecordError, match="5 names"):
        read_bytes(b"\n".join(_json(e) for e in events), "five.mjson")


# ------------------------------------------------------------------ all of it at once


def hostile_folder(root: Path) -> set[str]:
    """A folder with one of everything above; returns every path a run must account for."""
    root.mkdir()
    files = {
        "comments.xml": b"<!---->" * 40 + b"x",
        "deep.json": b"[" * 1500 + b"]" * 1500,
        "empty.jsonl": b"",
        "list.json": b"[]",
        "hello.jsonl": b'{"type": "hello"}\n',
        "bomb.xml.gz": gzip.compress(b"<mjloggm>" + b" " * (3 * 2**20)),
        "corrupt.xml.gz": gzip.compress(XML)[:-30],
        "game.txt": XML,
        "notes.txt": b"notes",
        "README.md": b"# readme",
        "five.json": _json({**_tenhou_json(), "name": list("abcde")}),
        **_writer_breakers(),
    }
    for name, data in files.items():
        (root / name).write_bytes(data)
    os.mkfifo(root / "pipe.xml")
    (root / "loop").symlink_to(root)
    return {str(root / n) for n in [*files, "pipe.xml", "loop"]}


def test_a_folder_of_everything_is_fully_accounted_for(tmp_path: Path) -> None:
    expected = hostile_folder(tmp_path / "hostile")
    start = time.perf_counter()
    with deadline(60):
        code, out, err = run("validate", "--max-size", "1M", str(tmp_path / "hostile"))
    assert time.perf_counter() - start < 30
    assert code == 2 and "Traceback" not in out + err
    seen = [line.split(": ")[0] for line in out.splitlines() if line and not line.startswith(" ")]
    summary = seen.pop()
    assert len(seen) == len(set(seen)) and set(seen) == expected, set(seen) ^ expected
    assert summary.startswith(f"{len(expected) - 3} files")  # 3 skipped: notes.txt, README.md, the loop


# ------------------------------------------------------------------ arbitrary input


#: keys that steer the readers (mjai types, tenhou.net/6 and 電脳麻将 fields)
KEYS = (
    "type",
    "log",
    "name",
    "rule",
    "qijia",
    "player",
    "title",
    "sc",
    "defen",
    "point",
    "actor",
    "pai",
    "tehais",
    "scores",
    "names",
    "disp",
    "qipai",
    "hule",
    "pingju",
    "start_game",
    "start_kyoku",
    "dahai",
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), inner, max_size=5)
    ),
    max_leaves=40,
)


_PAI = st.sampled_from(["1m", "5mr", "9p", "E", "C", "?", "0z", "5sr"]) | st.integers(-2, 140)
_SEAT = st.integers(-1, 5) | st.none()
MJAI_EVENT = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "start_game",
                "start_kyoku",
                "tsumo",
                "dahai",
                "pon",
                "chi",
                "daiminkan",
                "ankan",
                "kakan",
                "reach",
                "reach_accepted",
                "dora",
                "hora",
                "ryukyoku",
                "end_kyoku",
                "end_game",
                "none",
            ]
        )
    },
    optional={
        "actor": _SEAT,
        "target": _SEAT,
        "oya": _SEAT,
        "pai": _PAI,
        "dora_marker": _PAI,
        "consumed": st.lists(_PAI, max_size=4),
        "tsumogiri": st.booleans(),
        "tehais": st.lists(st.lists(_PAI, min_size=13, max_size=13), min_size=3, max_size=5),
        "scores": st.lists(st.integers(-(10**6), 10**20), min_size=3, max_size=5),
        "deltas": st.lists(st.integers(-(10**6), 10**6), min_size=3, max_size=5),
        "names": st.lists(st.text(max_size=8), max_size=5),
        "bakaze": st.sampled_from(["E", "S", "W", "N", "x"]),
        "kyoku": st.integers(-1, 20),
        "honba": st.integers(-1, 2**64),
        "kyotaku": st.integers(-1, 10),
    },
)


_ANY_BYTES = (
    st.binary(max_size=3000)
    | JSON_VALUES.map(lambda v: json.dumps(v).encode())
    | st.lists(MJAI_EVENT, max_size=30).map(lambda evs: b"\n".join(json.dumps(e).encode() for e in evs))
)


@pytest.mark.slow
@settings(max_examples=300, derandomize=True, deadline=None)
@given(data=_ANY_BYTES)
def test_many_arbitrary_bytes_read_or_fail_located(data: bytes) -> None:
    _read_or_fail_located(data)


@settings(max_examples=80, derandomize=True, deadline=None)
@given(data=_ANY_BYTES)
def test_arbitrary_bytes_read_or_fail_located(data: bytes) -> None:
    """Any bytes, and any JSON built from the keys our formats use: records or a located RecordError
    (80 draws here, 300 in the slow tier's ``test_many_arbitrary_bytes_read_or_fail_located``)."""
    _read_or_fail_located(data)


def _read_or_fail_located(data: bytes) -> None:
    for blob in (data, gzip.compress(data)):
        try:
            records = read_bytes(blob, "any.bin")
        except RecordError as e:
            assert str(e).startswith("any.bin") and not e.reason.startswith("cannot read as"), str(e)
            continue
        for rec in records:
            replay_record(rec)
            for to in ("tenhou-xml", "tenhou-json", "mjai", "majiang"):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        write(rec, to)
                    except RecordError as e:  # refused by the writer itself, not by the safety net
                        assert "cannot say (" not in str(e), str(e)

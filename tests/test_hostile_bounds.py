"""What the loaders accept must run, and every input is bounded (round three of the hostile tests):
rule values with a range and a type checked at load, ``--max-size`` never allocated up front,
settings files bounded, a JSON document of millions of empty objects refused in little memory,
``show`` bounded whatever the names, and no traceback from a report of a broken record, a folder
1,200 levels deep or a NUL byte in a path."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
import tracemalloc
import warnings
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, corpus_dir, run_cli

from paifu.api import write
from paifu.formats import read_bytes, read_path
from paifu.formats.base import RecordError

pytestmark = pytest.mark.usefixtures("default_limits")  # tests/conftest.py

XML = SAMPLES / "tenhou-xml" / "chankan.xml"


def _paifu(
    *argv: str, cwd: Path, limit_as: int | None = None, stdin: bytes | None = None
) -> subprocess.CompletedProcess[str]:
    def cap() -> None:
        if limit_as is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "paifu", *argv],
        cwd=cwd,
        env=env,
        preexec_fn=cap,
        input=stdin.decode() if stdin is not None else None,
        capture_output=True,
        text=True,
        timeout=300,
    )


# ------------------------------------------------------------------ rule values


@pytest.mark.parametrize(
    ("override", "says"),
    [
        ("rank_decimals=40", "rank_decimals = 40; expected 0 to 10"),
        ("red_fives=[-1,0,0]", "red_fives = [-1, 0, 0]; each value 0 to 4"),
        ("red_fives=[9,9,9]", "red_fives = [9, 9, 9]; each value 0 to 4"),
        ("start_points=true", "start_points = True"),
        ("uma=[true,false,0,0]", "uma = (True, False, 0, 0)"),
        ("rank_unit=0", "rank_unit = 0; expected 1 to"),
        ("extension_rounds=9", "extension_rounds = 9; expected 0 to 3"),
        ("start_points=10000000000", "start_points = 10000000000; expected 0 to 1,000,000,000"),
        ("uma=[2000000,0,0,-2000000]", "each value -1,000,000 to 1,000,000"),
    ],
)
def test_a_rule_value_out_of_range_or_type_is_one_line(override: str, says: str) -> None:
    code, out, err = run_cli("validate", str(XML), "--rules", f"tenhou:{override}")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert says in err


def test_a_rules_file_with_true_for_a_number_is_refused(tmp_path: Path) -> None:
    rules = tmp_path / "r.toml"
    rules.write_text('base = "tenhou"\nnoten_payment = true\n', encoding="utf-8")
    code, _, err = run_cli("validate", str(XML), "--rules", str(rules))
    assert code == 2 and "noten_payment = True" in err and str(rules) in err and err.count("\n") == 1


def test_every_value_in_range_replays() -> None:
    """The ends of each range run: no internal error in any game (rank points to 10 places of
    scores up to a billion stay within decimal arithmetic)."""
    spec = (
        "tenhou:rank_decimals=10,start_points=1000000000,return_points=1000000000,"
        "uma=[1000000,0,0,-1000000],red_fives=[4,4,4],rank_unit=1"
    )
    code, out, err = run_cli("validate", str(SAMPLES), "--rules", spec)
    assert code in (0, 1), err
    assert "internal error" not in out + err


# ------------------------------------------------------------------ sizes


@pytest.mark.parametrize("limit", ["3G", "200G"])
def test_max_size_is_never_allocated_up_front(tmp_path: Path, limit: str) -> None:
    """Under a 2 GB address-space limit, ``--max-size 3G`` or ``200G`` reads an 8 KB file (it was
    "internal error: MemoryError" for every file: the read asked for the whole limit)."""
    two_gb = 2 * 2**30
    res = _paifu("validate", str(XML), "--max-size", limit, cwd=tmp_path, limit_as=two_gb)
    assert res.returncode == 0, res.stdout + res.stderr
    res = _paifu("validate", "-", "--max-size", limit, cwd=tmp_path, limit_as=two_gb, stdin=XML.read_bytes())
    assert res.returncode == 0, res.stdout + res.stderr


def test_settings_files_are_bounded(tmp_path: Path) -> None:
    """A 20 MB rule object or scheme file is refused before it is parsed (it took 600 MB)."""
    rule = tmp_path / "rule.json"
    rule.write_text(json.dumps({"rule": {"x": list(range(2_500_000))}}), encoding="utf-8")
    scheme = tmp_path / "s.toml"
    scheme.write_text('base = "tenhou"\n' + "#" * 2**21 + "\n", encoding="utf-8")
    started = time.monotonic()
    for argv in (
        ["validate", str(XML), "--rules", str(rule)],
        ["validate", str(XML), "--rules", str(scheme)],
        ["report", str(XML), "--scheme", str(scheme), "-q"],
        ["rules", str(scheme)],
    ):
        code, _, err = run_cli(*argv)
        assert code == 2 and err.count("\n") == 1 and "over the limit of a settings file, 1M" in err, err
    assert time.monotonic() - started < 30


def test_max_size_lowers_the_bound_of_a_settings_file(tmp_path: Path) -> None:
    """``--max-size`` bounds side files too: a 300 KB rules or scheme file (within the 1 MiB of any
    settings file) is refused under ``--max-size 100K``, read without it."""
    rules = tmp_path / "r.toml"
    rules.write_text('base = "tenhou"\n' + ("#" * 99 + "\n") * 3000, encoding="utf-8")
    code, _, err = run_cli("validate", str(XML), "--rules", str(rules))  # first: --max-size stays set
    assert code == 0, err
    for argv in (
        ["validate", str(XML), "--rules", str(rules)],
        ["report", str(XML), "--scheme", str(rules), "-q"],
    ):
        code, _, err = run_cli(*argv, "--max-size", "100K")
        assert code == 2 and err.count("\n") == 1 and "over the limit of a settings file, 100K" in err, err
        assert str(rules) in err


def test_a_json_document_of_millions_of_empty_objects_is_refused_in_little_memory() -> None:
    """``[{},{},...]`` is no record; telling so once parsed it whole (20 million objects for 60 MB:
    1.6 GB, 26 times its size)."""
    data = b"[" + b",".join([b"{}"] * (8 * 2**20 // 3)) + b"]"
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match="not a game record"):
            read_bytes(data, "x.json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * len(data)
    half = data[: len(data) // 2]
    with pytest.raises(RecordError, match="cut short"):  # a long one cut short still says so
        read_bytes(half[: half.rindex(b",") + 1], "x.json")


@pytest.mark.parametrize("item", [b'{"log":[]}', b'{"log":[[]]}', b'{"x":["a"],"log":[[]]}'])
def test_a_long_list_of_small_objects_that_no_format_claims_is_refused_in_little_memory(item: bytes) -> None:
    """Its first object, whole within the start detection reads, is no record: the rest is not parsed
    to look for a signature (60 MB of ``[{"log":[[]]},...]``, a paipu of empty games, took 1.85 GB,
    31 times its size, to be told no record)."""
    data = b"[" + b",".join([item] * (8 * 2**20 // (len(item) + 1))) + b"]"
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match="not a game record"):
            read_bytes(data, "x.json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * len(data)


# ------------------------------------------------------------------ show


def _named(tmp_path: Path, n: int) -> Path:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = json.loads(write(read_path(XML)[0], "tenhou-json"))
    doc = {"log": doc.pop("log"), **doc}
    doc["name"] = [("東南西北"[i] + "麻雀" * n)[:n] for i in range(4)]
    path = tmp_path / f"names-{n}.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def test_show_costs_the_same_whatever_the_names(tmp_path: Path) -> None:
    """Four names of 3,000 CJK characters (within --max-field) were drawn glyph by glyph at every
    event: 1.8 GB, 177 s and a 69 MB page for a hanchan. Shown cut to ``NAME_CHARS``, the page is
    the size it is with names of 40 characters."""
    from paifu.view.names import NAME_CHARS

    sizes = {}
    for n in (40, 3000, 10_000):
        page = tmp_path / f"p{n}.html"
        started = time.monotonic()
        code, _, err = run_cli("show", str(_named(tmp_path, n)), "-o", str(page))
        assert code == 0, err
        assert time.monotonic() - started < 60
        sizes[n] = page.stat().st_size
    assert sizes[3000] == sizes[40] == sizes[10_000]
    from paifu.view.html import page_data

    shown = page_data((tmp_path / "p3000.html").read_text(encoding="utf-8"))["players"]
    assert shown[0] == ("東" + "麻雀" * NAME_CHARS)[: NAME_CHARS - 1] + "…"


# ------------------------------------------------------------------ no traceback


def test_a_report_of_a_record_missing_a_hand_start_has_no_traceback(tmp_path: Path) -> None:
    """bug3.xml with one INIT dropped: validate reads it with findings; the report counted two wins
    of one seat in one hand, more wins than hands ("math domain error")."""
    data = corpus_dir("tenhou_xml", "tenhou", "log", "test_data", "bug3.xml").read_text(encoding="utf-8")
    inits = [m.start() for m in re.finditer(r"<INIT ", data)]
    for k in (3, 4):
        i = inits[k]
        cut = tmp_path / f"bug3-no-init-{k}.xml"
        cut.write_text(data[:i] + data[data.index("/>", i) + 2 :], encoding="utf-8")
        code, out, err = run_cli("report", str(cut), "-q", "--html", str(tmp_path / f"r{k}.html"))
        assert code == 1 and "Traceback" not in err and "internal error" not in err, err


def test_a_seat_counts_one_win_a_hand() -> None:
    from paifu.analysis.stats import count_game, stats_frame
    from paifu.pipeline import replay_record

    result = replay_record(read_path(XML)[0])
    win = result.hands[0].wins[0]
    result.hands[0].wins.extend([win, win])  # the same seat wins three times in one hand
    counters = count_game(result, None, None)
    seat = counters[win.seat]
    assert seat.wins == 1 and seat.wins <= seat.hands
    stats_frame({"x": seat})  # rates whose counts stay within their denominators


def test_a_seat_is_hit_by_one_tsumo_a_hand() -> None:
    from paifu.analysis.stats import count_game, stats_frame
    from paifu.pipeline import replay_record

    result = replay_record(read_path(SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml")[0])
    hand = next(h for h in result.hands if any(w.tsumo for w in h.wins))
    win = next(w for w in hand.wins if w.tsumo)
    hand.wins.extend([win, win])  # one tsumo said three times in one hand
    counters = count_game(result, None, None)
    for s, c in enumerate(counters):
        if s != win.seat:
            assert c.tsumo_hit_dealer + c.tsumo_hit_nondealer == 1, s
        stats_frame({"x": c})  # rates whose counts stay within their denominators


def test_a_folder_1200_levels_deep_is_walked(tmp_path: Path) -> None:
    """Made outside pytest's folders and removed here whatever happens: pytest's own clean-up of
    old temporary folders recurses, and a tree this deep would break it for every later run."""
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="paifu-deep-")) / "deep"
    try:
        root.mkdir()
        (root / "top.xml").write_bytes(XML.read_bytes())
        fd = os.open(root, os.O_RDONLY)
        try:
            for _ in range(1200):
                os.mkdir("d", dir_fd=fd)
                inner = os.open("d", os.O_RDONLY, dir_fd=fd)
                os.close(fd)
                fd = inner
            w = os.open("g.xml", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
            os.write(w, XML.read_bytes())
            os.close(w)
        finally:
            os.close(fd)
        code, out, err = run_cli("validate", str(root))
        assert code == 0 and "2 files, 2 games" in out, out + err
        code, out, err = run_cli("report", str(root), "-q")
        assert code == 0 and "games: 2" in out, err
        code, _, err = run_cli("convert", str(root), "--to", "mjai", "-o", str(tmp_path / "out"), "-q")
        assert code == 0, err
        assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["g.mjson", "top.mjson"]
    finally:
        _remove_deep(root)


def _remove_deep(root: Path) -> None:
    """The deep tree removed bottom up, and the folder that holds it."""
    levels = [root]
    while (levels[-1] / "d").is_dir():
        levels.append(levels[-1] / "d")
    for level in reversed(levels):
        if level.is_dir():
            for child in level.iterdir():
                if not child.is_dir():
                    child.unlink()
            level.rmdir()
    root.parent.rmdir()


def test_a_nul_byte_in_a_path_is_an_unreadable_item() -> None:
    import paifu

    items = list(paifu.validate([str(XML), "a\x00b.xml", str(SAMPLES / "tenhou-xml" / "chankan.xml")]))
    kinds = [type(x).__name__ for x in items]
    assert kinds[:2] == ["GameResult", "Unreadable"]
    assert "NUL byte" in items[1].reason
    with pytest.raises(RecordError, match="NUL byte"):
        paifu.read("a\x00b.xml")

"""``paifu validate``: exit codes, JSON Lines shape, and bad inputs that never stop a batch."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES

from paifu.cli import main

GOOD = SAMPLES / "tenhou-xml" / "chankan.xml"
SUMMARY_FIELDS = {
    "kind",
    "files",
    "games",
    "hands",
    "valid_games",
    "findings",
    "unreadable",
    "wins_checked",
    "draws_checked",
    "rank_points_checked",
}
FINDING_FIELDS = {
    "kind",
    "code",
    "message",
    "file",
    "game_id",
    "game_index",
    "hand",
    "event_index",
    "seat",
    "expected",
    "actual",
    "detail",
}  # detail: the readable "the record says ..." text


def run(*argv: str) -> tuple[int, str]:
    out = StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture
def good(tmp_path: Path) -> Path:
    p = tmp_path / "good.xml"
    p.write_bytes(GOOD.read_bytes())
    return p


@pytest.fixture
def wrong_final(tmp_path: Path) -> Path:
    """The chankan sample with seat 0's final score raised by 1,000: one finding."""
    text = GOOD.read_text()
    assert text.count('owari="250,') == 1
    p = tmp_path / "wrong-final.xml"
    p.write_text(text.replace('owari="250,', 'owari="260,'))
    return p


def _bad_inputs(d: Path) -> dict[str, str]:
    """file name -> a phrase its error message must contain."""
    sample = GOOD.read_text()
    first_draw = sample[sample.index("<T") :].split("/>")[0] + "/>"
    files = {
        "empty.xml": (b"", "empty"),
        "not-xml.xml": (b"hello, world\n", "XML"),
        "cut.xml.gz": (gzip.compress(GOOD.read_bytes())[:200], "gzip"),
        "tile-200.xml": (sample.replace(first_draw, "<T200/>", 1).encode(), "200"),
        "unknown-tag.xml": (sample.replace(first_draw, "<FOO/>" + first_draw, 1).encode(), "FOO"),
        "no-init.xml": (
            b'<mjloggm ver="2.3"><GO type="161"/><UN n0="A" n1="B" n2="C" n3="D"/>'
            b'<TAIKYOKU oya="0"/></mjloggm>',
            "INIT",
        ),
    }
    for name, (data, _) in files.items():
        (d / name).write_bytes(data)
    return {name: phrase for name, (_, phrase) in files.items()}


def test_valid_files_exit_0(good: Path) -> None:
    code, text = run("validate", str(good))
    assert code == 0
    assert "ok" in text and "1 valid game, 0 findings, 0 unreadable" in text


def test_a_finding_exits_1(good: Path, wrong_final: Path) -> None:
    code, text = run("validate", str(good), str(wrong_final))
    assert code == 1
    assert "final-score-mismatch" in text


def test_json_lines_shape(good: Path, wrong_final: Path, tmp_path: Path) -> None:
    (tmp_path / "empty.xml").write_bytes(b"")
    code, text = run("validate", "--json", str(tmp_path))
    assert code == 2  # unreadable wins over findings
    lines = json_lines(text)
    assert lines[-1]["kind"] == "summary"
    summary = lines[-1]
    assert set(summary) >= SUMMARY_FIELDS
    assert (summary["files"], summary["games"], summary["valid_games"], summary["unreadable"]) == (3, 2, 1, 1)
    assert summary["findings"] == sum(1 for x in lines if x["kind"] == "finding") >= 1
    findings = [x for x in lines if x["kind"] == "finding"]
    assert all(set(f) == FINDING_FIELDS for f in findings)
    f = next(f for f in findings if f["code"] == "final-score-mismatch")
    assert f["file"] == str(wrong_final) and f["expected"][0] == 25000 and f["actual"][0] == 26000
    assert (
        f["detail"].startswith("the record says final scores seat 0 26,000")
        and "the rules give seat 0 25,000" in f["detail"]
    )
    errors = [x for x in lines if x["kind"] == "error"]
    assert errors == [{"kind": "error", "file": str(tmp_path / "empty.xml"), "message": errors[0]["message"]}]


def test_bad_inputs_are_named_and_the_batch_goes_on(tmp_path: Path) -> None:
    phrases = _bad_inputs(tmp_path)
    (tmp_path / "zz-good.xml").write_bytes(GOOD.read_bytes())
    code, text = run("validate", "--json", str(tmp_path))
    assert code == 2
    lines = json_lines(text)
    errors = {Path(x["file"]).name: x["message"] for x in lines if x["kind"] == "error"}
    assert set(errors) == set(phrases)
    for name, phrase in phrases.items():
        assert name in errors[name] and phrase in errors[name], errors[name]
        assert "Traceback" not in errors[name]
    summary = lines[-1]
    assert (summary["files"], summary["games"], summary["valid_games"], summary["unreadable"]) == (7, 1, 1, 6)


def test_bad_input_text_output(tmp_path: Path, good: Path) -> None:
    (tmp_path / "empty.xml").write_bytes(b"")
    code, text = run("validate", str(tmp_path / "empty.xml"), str(good))
    assert code == 2
    assert f"{tmp_path / 'empty.xml'}: UNREADABLE:" in text
    assert f"{good}: good: 2 hands" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["validate"],  # no paths
        ["validate", "--rules", "no-such-preset", str(GOOD)],
        ["frobnicate"],
    ],
)
def test_argument_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*argv)[0] == 2


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    code, text = run("validate", "--json", str(tmp_path / "nope.xml"))
    assert code == 2
    err = json_lines(text)[0]
    assert err["kind"] == "error" and "nope.xml" in err["message"]


def test_rules_option_changes_the_verdict(tmp_path: Path) -> None:
    """The double-ron sample is clean on Tenhou, and breaks a head-bump table's rules."""
    p = SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml"
    assert run("validate", str(p))[0] == 0
    code, text = run("validate", "--json", "--rules", "dora", str(p))
    assert code == 1
    assert "too-many-winners" in {x.get("code") for x in json_lines(text)}


def test_python_dash_m_paifu_on_the_sample_logs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "paifu", "validate", "--json", str(SAMPLES)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    summary = json.loads(out.stdout.splitlines()[-1])
    assert summary["kind"] == "summary" and summary["findings"] == 0 and summary["games"] >= 7
    assert summary["valid_games"] == summary["games"]
    # every complete sample that states rank points had them recomputed (the 3-player mjai ones state none)
    stated = sum(b"owari=" in p.read_bytes() for p in SAMPLES.rglob("*.xml"))
    assert summary["rank_points_checked"] == stated > 0


def test_an_internal_error_is_one_game_s_report_and_the_batch_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug of ours on one record (here injected) names the file and game; the rest is validated."""
    import paifu.pipeline as replay_mod

    for name in ("chankan.xml", "four-winds-abort.xml"):
        (tmp_path / name).write_bytes((SAMPLES / "tenhou-xml" / name).read_bytes())
    real = replay_mod.replay_record

    def flaky(rec, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if rec.source.endswith("chankan.xml"):
            raise KeyError("boom")
        return real(rec, *args, **kwargs)

    monkeypatch.setattr(replay_mod, "replay_record", flaky)
    items = list(replay_mod.replay_paths([str(tmp_path)]))
    assert [type(i).__name__ for i in items] == ["Unreadable", "GameResult"]
    assert "chankan.xml: game 0: internal error while replaying: KeyError" in items[0].reason
    code, text = run("validate", str(tmp_path))
    assert code == 2 and "UNREADABLE" in text and "four-winds-abort.xml" in text and "Traceback" not in text


def test_convert_never_makes_up_claims_and_reports_what_it_cannot_write(tmp_path: Path) -> None:
    """mjai states no fu, value or rank points: the JSON written from it states none either, and
    validates clean; a 3-player game has no 電脳麻将 form: named, exit 2, the rest still written."""
    out = tmp_path / "json"
    assert run("convert", str(SAMPLES / "sanma"), "--to", "tenhou-json", "-o", str(out))[0] == 0
    assert run("validate", str(out))[0] == 0
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    for p in [*sorted((SAMPLES / "sanma").iterdir())[:1], SAMPLES / "tenhou-xml" / "chankan.xml"]:
        (mixed / p.name).write_bytes(p.read_bytes())
    err = StringIO()
    old, sys.stderr = sys.stderr, err
    try:
        code, _ = run("convert", str(mixed), "--to", "majiang", "-o", str(tmp_path / "mj"))
        bad_to, _ = run("convert", str(mixed), "--to", "nonsense")
        bad_o, _ = run("convert", str(mixed), "--to", "mjai", "-o", str(tmp_path / "one.mjson"))
    finally:
        sys.stderr = old
    assert (code, bad_to, bad_o) == (2, 2, 2)
    assert "cannot write as majiang: 電脳麻将 paipu are 4-player only" in err.getvalue()
    assert "unknown format 'nonsense'" in err.getvalue() and "need a folder for -o" in err.getvalue()
    assert [p.name for p in (tmp_path / "mj").iterdir()] == ["chankan.json"]


def test_validate_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    assert run("validate", str(tmp_path))[0] == 2


def test_progress_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from paifu.pipeline import with_progress

    items = [1, 2, 3]
    assert with_progress(items) is items  # pytest's stderr is no terminal: output stays clean

    class Tty(StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert list(with_progress(items)) == items
    assert "games" in tty.getvalue()

"""The command line as a new user meets it: version, quiet modes, standard input,
output paths checked before the work, player names, counts in words, help as a reference."""

from __future__ import annotations

import argparse
import io
import sys
from io import StringIO
from pathlib import Path

import pytest
from conftest import SAMPLES, corpus_dir, run_cli

import paifu.cli.inputs as cli_inputs
from paifu.cli import build_parser, main

GOOD = SAMPLES / "tenhou-xml" / "chankan.xml"


run = run_cli  # tests/conftest.py


@pytest.fixture
def wrong_final(tmp_path: Path) -> Path:
    p = tmp_path / "wrong-final.xml"
    p.write_text(GOOD.read_text().replace('owari="250,', 'owari="260,'))
    return p


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("paifu ")


def test_quiet_validate_prints_only_findings_and_the_summary(wrong_final: Path) -> None:
    code, text, _ = run("validate", "-q", str(SAMPLES / "tenhou-xml"), str(wrong_final))
    lines = [line for line in text.splitlines() if line]
    assert code == 1
    assert not any(line.endswith(": ok") for line in lines)
    assert lines[0].startswith(f"{wrong_final}: ") and lines[0].endswith(": 2 findings")
    assert "final-score-mismatch" in text and lines[-1].startswith("8 files, 8 games")
    code, loud, _ = run("validate", str(SAMPLES / "tenhou-xml"))
    assert code == 0 and sum(line.endswith(": ok") for line in loud.splitlines()) == 7


def test_counts_are_in_words_not_1_hands(tmp_path: Path) -> None:
    assert "1 hands" not in run("validate", str(GOOD))[1]
    code, text, _ = run("validate", str(SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml"))
    assert (
        code == 0 and ": 1 hand, rules" in text and "1 file, 1 game, 1 hand: 1 valid game, 0 findings" in text
    )


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_validate_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch, wrong_final: Path) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(GOOD.read_bytes()))
    code, text, _ = run("validate", "-")
    assert code == 0 and text.startswith("<stdin>: ") and "1 valid game" in text
    monkeypatch.setattr(sys, "stdin", _Stdin(wrong_final.read_bytes()))
    code, text, _ = run("validate", str(GOOD), "-")
    assert code == 1 and text.index(str(GOOD)) < text.index("<stdin>") and "final-score-mismatch" in text
    monkeypatch.setattr(sys, "stdin", _Stdin(b"not a record"))
    code, text, _ = run("validate", "-")
    assert code == 2 and "<stdin>: UNREADABLE" in text


def test_output_paths_are_checked_before_any_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_work(*a: object, **k: object) -> None:
        raise AssertionError("replayed before checking the output path")

    monkeypatch.setattr(cli_inputs, "replay_inputs", no_work)  # where paifu report reads
    (tmp_path / "afile").write_text("not a folder", encoding="utf-8")
    for opt in ("--html", "--players", "--games"):
        target = str(tmp_path / "afile" / "sub" / ("x.html" if opt == "--html" else "x.csv"))
        code, _, err = run("report", str(GOOD), opt, target)
        assert (
            code == 2
            and err == f"paifu report: cannot write {target}: {tmp_path / 'afile'} is a file, not a folder\n"
        )
    code, _, err = run("report", str(GOOD), "--html", str(tmp_path))
    assert code == 2 and "is a folder, not a file" in err
    code, _, err = run("convert", str(GOOD), "--to", "mjai", "-o", str(tmp_path / "afile" / "x.mjson"))
    assert code == 2 and "is a file, not a folder" in err and "Errno" not in err
    target = str(tmp_path / "afile" / "x.html")
    code, _, err = run("show", str(GOOD), "-o", target)
    assert (
        code == 2
        and err == f"paifu show: cannot write {target}: {tmp_path / 'afile'} is a file, not a folder\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["report", "{x}", "-q", "--html", "new/a/r.html"],
        ["report", "{x}", "-q", "--games", "new/a/g.csv", "--players", "new/b/p.parquet"],
        ["show", "{x}", "-o", "new/a/g.html"],
        ["convert", "{x}", "--to", "mjai", "-q", "-o", "new/a/g.mjson"],
        ["convert", "{x}", "--to", "mjai", "-q", "-o", "new/a/"],
        ["tournament", "{x}", "--html", "new/a/t.html", "--table", "new/b/t.csv"],
    ],
)
def test_every_output_into_a_missing_folder_makes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """``--html`` into a missing folder once failed where ``convert -o`` made it: now all make it."""
    monkeypatch.chdir(tmp_path)
    code, _, err = run(*(a.format(x=GOOD) for a in argv))
    assert code in (0, 1), err
    wanted = [a for a in argv if a.startswith("new/")]
    assert all(Path(a).is_dir() if a.endswith("/") else Path(a).is_file() for a in wanted), err


def test_report_player_names(tmp_path: Path) -> None:
    folder = corpus_dir("tenhou6_json")
    code, out, err = run("report", "-q", str(folder), "--player", "nobody")
    assert code == 2 and "no player named 'nobody'" in err
    code, out, err = run("report", "-q", str(folder), "--player", "aさん")  # case-insensitive: Aさん
    assert code in (0, 1) and "Aさん: " in out
    code, out, err = run("report", "-q", str(folder), "--player", "さん")
    assert code == 2 and "did you mean" in err and "'Aさん'" in err


def test_report_quiet_has_no_line_per_flagged_game(wrong_final: Path) -> None:
    code, loud, _ = run("report", str(GOOD), str(wrong_final))
    code_q, quiet, _ = run("report", "-q", str(GOOD), str(wrong_final))
    assert code == code_q == 1
    assert "flagged: " in loud and "flagged: " not in quiet.replace("flagged: 1 of", "")
    assert quiet.startswith("games: 2 (")


def test_convert_quiet_sums_up_warnings_by_kind(tmp_path: Path) -> None:
    code, _, err = run("convert", str(SAMPLES / "tenhou-xml"), "--to", "mjai", "-o", str(tmp_path / "a"))
    assert code == 0 and err.count(": warning: ") > 7
    summary = err.splitlines()[-1]
    assert summary.startswith("paifu convert: 7 games, ") and "7 x mjai cannot carry dice" in summary
    code, _, err = run(
        "convert", "-q", str(SAMPLES / "tenhou-xml"), "--to", "mjai", "-o", str(tmp_path / "b")
    )
    assert code == 0 and err.splitlines() == [summary]
    code, _, err = run("convert", str(SAMPLES / "tenhou-xml"), "--to", "mjai", "-o", str(tmp_path / "b"))
    assert code == 2 and err.splitlines()[-1].startswith("paifu convert: 7 games (0 written), ")


def test_convert_warns_when_the_target_loses_the_table_s_rules(tmp_path: Path) -> None:
    """A ratio lobby starts at 1,000: as mjai (no lobby) it reads back as a 25,000 table, so its
    findings after conversion are the format's loss, and convert says so."""
    ratio = corpus_dir("tenhou_xml", "tenhou", "log", "test_data", "ratio.xml")
    code, _, err = run("convert", str(ratio), "--to", "mjai", "-o", str(tmp_path / "r.mjson"))
    assert code == 0 and "mjai cannot carry this table's rules (tenhou[type=2113])" in err
    assert "1 x mjai cannot carry the table's rules" in err.splitlines()[-1]
    assert run("validate", str(tmp_path / "r.mjson"))[0] == 1  # why the warning matters
    code, _, err = run("convert", str(GOOD), "--to", "mjai", "-o", str(tmp_path / "g.mjson"))
    assert code == 0 and "table's rules" not in err  # a plain Tenhou table survives


def test_progress_never_runs_into_result_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the counter (stderr) and the results (stdout) share a screen: each result line
    starts on a cleared line."""

    class Tty(StringIO):
        def isatty(self) -> bool:
            return True

    screen = Tty()
    monkeypatch.setattr(sys, "stderr", screen)
    assert main(["validate", str(SAMPLES / "tenhou-xml")], out=screen) == 0
    text = screen.getvalue()
    assert "replaying" in text
    results = [seg for line in text.split("\n") for seg in line.split("\r") if ": ok" in seg]
    assert len(results) == 7 and all(seg.startswith(str(SAMPLES)) for seg in results), results


def _actions(p: argparse.ArgumentParser) -> list[tuple[str, argparse.Action]]:
    out = []
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sp in a.choices.items():
                out += [(f"{name} {x}", y) for x, y in _actions(sp)]
        elif not isinstance(a, argparse._HelpAction):
            out.append(((a.option_strings or [a.dest])[0], a))
    return out


def test_every_option_has_help_text() -> None:
    missing = [name for name, a in _actions(build_parser()) if not a.help]
    assert missing == []
    text = build_parser().format_help()
    assert "exit status" in text and "validate" in text and "report" in text


def test_preset_descriptions_name_the_platform_s_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    text = capsys.readouterr().out
    assert "source 0" not in text and "DORA's published rules" in text


def test_report_lists_ten_flagged_games_and_counts_the_rest(tmp_path: Path, wrong_final: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(12):
        (folder / f"g{i:02}.xml").write_bytes(wrong_final.read_bytes())
    code, out, _ = run("report", str(folder))
    lines = out.splitlines()
    assert code == 1 and sum(line.startswith("flagged: /") for line in lines) == 10
    assert lines[-1] == "... and 2 more flagged games (all of them: --html, or paifu validate -q)"


def test_quiet_output_starts_with_its_first_line() -> None:
    """``validate -q`` on clean records once began with a blank line (the separator before the
    summary, printed with nothing above it); the blank line stays where it separates lines."""
    code, text, _ = run("validate", "-q", str(GOOD))
    assert code == 0 and text.startswith("1 file, 1 game") and text.count("\n") == 1
    code, text, _ = run("validate", str(GOOD))
    assert code == 0 and text.splitlines()[0].endswith(": ok") and text.splitlines()[1] == ""

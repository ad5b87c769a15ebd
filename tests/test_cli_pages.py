"""Viewer pages as a user reaches them from the report: ``paifu show`` writes the page a
``--viewer-links`` link opens, the report's command for a record read from standard input is no
broken ``paifu show <stdin>``, and a game whose record states no id (mjai) is named, never blank."""

from __future__ import annotations

import html
import re
import shlex
import shutil
import sys
from io import BytesIO
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES, run_cli

from paifu.cli import build_parser
from paifu.view.html import page_data
from paifu.view.names import page_name

GOOD = SAMPLES / "tenhou-xml" / "chankan.xml"


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = BytesIO(data)


run = run_cli  # tests/conftest.py


@pytest.fixture
def two_games(tmp_path: Path) -> Path:
    """One file of two games (the chankan sample twice), each with seat 0's final score raised: one
    finding per game, so the report links to the second game's page too."""
    text = GOOD.read_text(encoding="utf-8").replace('owari="250,', 'owari="260,')
    p = tmp_path / "records" / "two.games.xml"
    p.parent.mkdir()
    p.write_text(text + "\n" + text, encoding="utf-8")
    return p


@pytest.fixture
def mjai_record(tmp_path: Path) -> Path:
    """The chankan sample as mjai (no game id in that format) with a wrong final score."""
    code, text, _ = run("convert", str(GOOD), "--to", "mjai", "-q")
    assert code == 0 and '"end_game","scores":[25000' in text
    p = tmp_path / "records" / "table7.jsonl"
    p.parent.mkdir(exist_ok=True)
    p.write_text(text.replace('"end_game","scores":[25000', '"end_game","scores":[26000'), encoding="utf-8")
    return p


def _links_and_commands(page: str) -> list[tuple[str, str]]:
    """(href, command) of each finding's viewer cell of a report page."""
    cells = re.findall(
        r"<a href='(viewer/[^']*)'>view</a><details><summary>command</summary><code class='cmd'>([^<]*)", page
    )
    return [(html.unescape(h), html.unescape(c)) for h, c in cells]


def test_show_writes_the_page_a_report_link_opens(
    two_games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, _ = run("report", "-q", str(two_games), "--html", "league.html", "--viewer-links")
    assert code == 1
    cells = _links_and_commands((tmp_path / "league.html").read_text(encoding="utf-8"))
    names = [f"viewer/{page_name(str(two_games), g)}" for g in (0, 1)]
    assert sorted({h.split("#")[0] for h, _ in cells}) == names
    assert all(n.startswith("viewer/two.games~") for n in names)  # readable, with its path's hash
    for href, command in cells:
        argv = shlex.split(command)
        assert argv[:2] == ["paifu", "show"] and "-o" not in argv  # the default name is the linked one
        code, out, err = run(*argv[1:])
        assert code == 0 and err == "", err
        page = tmp_path / href.split("#")[0]
        assert out.startswith(f"{href.split('#')[0]}: game ") and page.is_file()
        game = int(href.split("-")[1].split(".")[0])
        assert f"<title>paifu: two.games#{game} (game {game})</title>" in page.read_text(encoding="utf-8")
    # the plain command, as a user types it, writes the same name
    (tmp_path / names[1]).unlink()
    assert run("show", str(two_games), "--game", "1")[0] == 0 and (tmp_path / names[1]).is_file()


def test_one_file_name_in_two_folders_gets_two_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``a/x.xml`` and ``b/x.xml`` in one report once shared ``viewer/x-0.html``: a link opened the
    other game. Each path has its own page, the same however the path is spelt."""
    monkeypatch.chdir(tmp_path)
    text = GOOD.read_text(encoding="utf-8").replace('owari="250,', 'owari="260,')
    for folder, player in (("a", "%41%6F%69"), ("b", "%42%6F%62")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.xml").write_text(text.replace("%41%6F%69", player), encoding="utf-8")
    assert page_name("a/x.xml", 0) == page_name("./a//x.xml", 0) != page_name("b/x.xml", 0)
    assert run("report", "-q", "a", "b", "--html", "r.html", "--viewer-links")[0] == 1
    cells = _links_and_commands((tmp_path / "r.html").read_text(encoding="utf-8"))
    pages = {h.split("#")[0]: shlex.split(c)[2] for h, c in cells}
    assert len(pages) == 2
    for page, source in pages.items():
        players = page_data((tmp_path / page).read_text(encoding="utf-8"))["players"]
        assert players[0] == ("Aoi" if source.startswith("a") else "Bob"), (page, source)


def test_report_writes_the_pages_it_links(
    two_games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every link opens straight after the report: its pages are written beside it, the same page
    ``paifu show`` writes, wherever the report goes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    assert run("report", "-q", str(two_games), "--html", "out/league.html", "--viewer-links")[0] == 1
    cells = _links_and_commands((tmp_path / "out" / "league.html").read_text(encoding="utf-8"))
    assert cells
    pages = {h.split("#")[0] for h, _ in cells}
    written = {h: page_data((tmp_path / "out" / h).read_text(encoding="utf-8")) for h in pages}
    for href, command in cells:
        page = tmp_path / "out" / href.split("#")[0]
        page.unlink()
        assert run(*shlex.split(command)[1:])[0] == 0
        again, first = page_data(page.read_text(encoding="utf-8")), dict(written[href.split("#")[0]])
        assert (
            again.pop("start") == int(href.split("=")[-1]) and first.pop("start") == 0
        )  # the link opens at #event
        assert again == first
    assert not list((tmp_path / "out" / "viewer").glob(".*.tmp"))


def test_report_elsewhere_gives_commands_that_write_beside_it(
    two_games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    assert run("report", "-q", str(two_games), "--html", "out/league.html", "--viewer-links")[0] == 1
    assert (tmp_path / "out" / "viewer").is_dir()  # made, so -o out/viewer/... can be written
    for href, command in _links_and_commands((tmp_path / "out" / "league.html").read_text(encoding="utf-8")):
        argv = shlex.split(command)
        assert argv[-2:] == ["-o", f"out/{href.split('#')[0]}"]
        assert run(*argv[1:])[0] == 0 and (tmp_path / "out" / href.split("#")[0]).is_file()


def test_show_default_name_is_in_its_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    show = build_parser()._subparsers._group_actions[0].choices["show"]  # type: ignore[union-attr]
    assert "viewer/<stem>-<N>.html" in " ".join(show.format_help().split())
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(GOOD, tmp_path / "chankan.xml")
    code, out, _ = run("show", "chankan.xml")  # a record here: its plain name
    assert code == 0 and out.startswith("viewer/chankan-0.html: game 0, 2 hands")
    assert (tmp_path / "viewer" / "chankan-0.html").is_file()
    code, out, _ = run("show", str(GOOD))  # one in another folder: with its path's hash
    assert code == 0 and re.match(r"viewer/chankan~[0-9a-f]{8}-0\.html: game 0", out)
    monkeypatch.chdir(tmp_path / "viewer")  # where "viewer" is a file: one line, no traceback
    (tmp_path / "viewer" / "viewer").write_text("a file", encoding="utf-8")
    code, _, err = run("show", str(GOOD))
    assert (
        code == 2
        and err
        == f"paifu show: cannot write viewer/{page_name(str(GOOD), 0)}: viewer is a file, not a folder\n"
    )


def test_a_record_from_standard_input_gets_a_command_that_works(
    two_games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    data = two_games.read_bytes()
    monkeypatch.setattr(sys, "stdin", _Stdin(data))
    assert run("report", "-q", "-", "--html", "league.html")[0] == 1
    page = (tmp_path / "league.html").read_text(encoding="utf-8")
    commands = [html.unescape(c) for c in re.findall(r"<code class='cmd'>([^<]*)", page)]
    assert commands and not any("<stdin>" in c for c in commands)
    assert "<td class='rec' title='&lt;stdin&gt;'>standard input<br>" in page
    games = set()
    for text in commands:
        assert text.startswith("read from standard input: pipe the record again into paifu show - ")
        argv = shlex.split(text.split(" into ", 1)[1])
        assert argv[:4] == ["paifu", "show", "-", "--game"]
        game = int(argv[4])
        games.add(game)
        monkeypatch.setattr(sys, "stdin", _Stdin(data))
        code, out, err = run(*argv[1:])
        assert code == 0 and out.startswith(f"viewer/stdin-{game}.html: ") and err == ""
    assert games == {0, 1}
    findings = pd.read_csv(tmp_path / "league-findings.csv")
    assert findings["view"].str.startswith("read from standard input").all()
    monkeypatch.setattr(sys, "stdin", _Stdin(b"not a record"))
    code, _, err = run("show", "-")
    assert code == 2 and err.startswith("paifu show: <stdin>: ") and err.count("\n") == 1


def test_a_game_without_an_id_is_named_by_its_file_and_index(
    mjai_record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("report", str(mjai_record), "--html", "league.html", "--games", "games.csv")
    assert code == 1 and f"flagged: {mjai_record} game table7#0: final-score-mismatch" in out
    assert (pd.read_csv(tmp_path / "games.csv")["game_id"] == "table7#0").all()
    assert (pd.read_csv(tmp_path / "league-findings.csv")["game_id"] == "table7#0").all()
    assert "<small>table7#0</small>" in (tmp_path / "league.html").read_text(encoding="utf-8")
    assert run("show", str(mjai_record))[0] == 0
    viewer = (tmp_path / "viewer" / page_name(str(mjai_record), 0)).read_text(encoding="utf-8")
    assert "<title>paifu: table7#0 (game 0)</title>" in viewer
    # the engine's own findings keep the record's id, which mjai does not state
    code, text, _ = run("validate", "--json", str(mjai_record))
    assert code == 1 and '"game_id": ""' in text

"""The all-players report as a league's players read it: summary first, honest
intervals, no merged nameless player, complete tables or a pointer to the full CSV, findings with
their text; and a screenshot of its first screen in a real browser."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES

from paifu.analysis.cli import run_report
from paifu.analysis.examples import example_game
from paifu.analysis.report import build_report, write_html
from paifu.findings import Finding


def test_unnamed_seats_are_not_one_player_who_plays_against_itself() -> None:
    games = [example_game("g1", players=("A", "", "", "D")), example_game("g2", players=("", "B", "", "D"))]
    r = build_report(games)
    assert "" not in set(r.stats["player"]) and set(r.stats["player"]) == {"A", "B", "D"}
    (key,) = r.table_keys()
    assert r.unnamed_seats == 4 and r.unnamed[key].games == 4
    assert r.field(key).games == 8  # every seat is in the field the players are compared with
    assert "4 seats without a name" in r.summary()


def test_summary_comes_first_and_says_what_a_reader_wants() -> None:
    r = build_report(
        [
            example_game("2010091009gm-00a9-0000-83af2648"),
            example_game("2012010203gm-00a9-0000-00000000", with_finding=True),
        ]
    )
    head = dict(r.headline())
    assert head["games"].startswith("2 (")
    assert head["dates"].startswith("2010-09-10 to 2012-01-02")
    assert head["flagged"].startswith("1 of 2 games (50.0%)")
    assert head["players"].startswith("4 named (0 with 10+ ranked games at a table)")
    assert head["tables"] == "四麻 4-player, tenhou south: 2"  # a record without a GO type names no lobby


def test_average_placement_interval_stays_within_the_places(tmp_path: Path) -> None:
    r = build_report([example_game(f"g{i}") for i in range(12)])
    low, high = r.stats["avg_placement_low"].dropna(), r.stats["avg_placement_high"].dropna()
    assert len(low) == 4 and (low >= 1).all() and (high <= 4).all()
    two = build_report([example_game("a"), example_game("b")])
    assert two.stats["avg_placement_low"].isna().all()  # 2 games: no interval, not 0.04-3.96


def test_html_sections_tables_and_side_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table longer than the page shows says so and names the CSV that has every row."""
    from paifu.analysis import html_findings

    monkeypatch.setattr(html_findings, "MAX_FINDINGS", 3)
    games = []
    for i in range(5):
        g = example_game(f"bad{i}", with_finding=True)
        f = Finding(
            "han-mismatch",
            "the han differ from the replay",
            file=g.source,
            game_id=g.game_id,
            hand="E2-0",
            event_index=40 + i,
            seat=1,
            expected=3,
            actual=4,
        )
        games.append(dataclasses.replace(g, findings=[f]))
    r = build_report(games + [example_game(f"ok{i}") for i in range(8)])
    page = write_html(r, tmp_path / "league.html").read_text(encoding="utf-8")
    assert page.index("class='league'") < page.index("id='games'") < page.index("id='findings'")
    assert "Showing 3 of 5 rows; all of them are in <a href='league-findings.csv'>" in page
    assert "the record says han 4; the rules give 3" in page and "paifu show" in page
    assert "&lt;NA&gt;" not in page and "<NA>" not in page
    full = pd.read_csv(tmp_path / "league-findings.csv")
    assert len(full) == 5 and set(full["code"]) == {"han-mismatch"}
    assert full["finding"].str.contains("the record says han 4").all()
    players = pd.read_csv(tmp_path / "league-players.csv")
    assert set(players["player"]) == {"A", "B", "C", "D"} and (players["games"] == 13).all()
    assert "四麻 4-player, tenhou south: 13 games, 4 players" in page
    league = pd.read_csv(tmp_path / "league-league.csv")
    assert list(league["player"]) == ["A", "B", "D", "C"]  # by total: +44.5, +9.4, -20.5, -33.4 a game
    assert list(league["total_points"]) == pytest.approx([13 * 44.5, 13 * 9.4, 13 * -20.5, 13 * -33.4])
    linked = write_html(r, tmp_path / "linked.html", viewer_links=True).read_text(encoding="utf-8")
    assert re.search(r"href='viewer/bad0-0\.html#event=40'", linked)


def _browser():  # noqa: ANN202
    webdriver = pytest.importorskip(
        "selenium.webdriver", reason="selenium not installed (pip install -e .[dev])"
    )
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if not (chromium and driver):
        pytest.skip("no chromium/chromedriver here (CI installs chromium and chromium-driver)")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,800",
    ):
        opts.add_argument(arg)
    opts.binary_location = chromium
    return webdriver.Chrome(service=Service(driver), options=opts)


def test_first_screen_in_a_browser(tmp_path: Path) -> None:
    """The first screen shows the title, the summary cards and the start of the standings, and
    nothing runs off the side of the page. The screenshot is kept in the test's tmp folder."""
    html = tmp_path / "report.html"
    assert run_report([str(SAMPLES)], html=str(html), quiet=True) == 0
    browser = _browser()
    try:
        browser.get(html.as_uri())
        shot = tmp_path / "first-screen.png"
        assert browser.save_screenshot(str(shot))
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20000
        js = browser.execute_script
        assert js("return document.documentElement.scrollWidth <= window.innerWidth + 1")
        height = js("return window.innerHeight")
        assert js("return document.querySelector('h1').textContent") == "Game report"
        cards = js(
            "return [...document.querySelectorAll('.card')].map(c => [c.innerText, "
            "c.getBoundingClientRect().bottom])"
        )
        labels = [text.split("\n")[0].lower() for text, _ in cards]
        assert labels[:5] == ["games", "tables", "players", "dates", "flagged"]
        assert all(bottom < height for _, bottom in cards)
        first_row = js(
            "return document.querySelector('h2.league ~ div.scroll tbody tr').getBoundingClientRect().bottom"
        )
        assert first_row < height  # the standings start on the first screen
        wide = js(
            "return [...document.querySelectorAll('table')].filter(t => t.getBoundingClientRect().right > "
            "window.innerWidth).length"
        )
        assert wide == 0
    finally:
        browser.quit()

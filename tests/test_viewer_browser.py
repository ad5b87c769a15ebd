"""The standalone viewer in a real headless browser (Debian's chromium + chromedriver, selenium).

The page must load without script errors, show the engine's tiles at each event, step one event
per key press and jump to a finding's event from its link. Screenshots go under the test's tmp_path.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import SAMPLES

from paifu.api import write
from paifu.cli import main
from paifu.events import HandStart
from paifu.formats import read_path
from paifu.view import GameView
from paifu.view.names import page_name

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
DRIVER = shutil.which("chromedriver")

TILES_JS = """
const out = [];
document.querySelectorAll('#table g.seat').forEach(g => {
  const s = Number(g.dataset.seat);
  const names = sel => Array.from(document.querySelectorAll(`#table g.${sel}[data-seat="${s}"] use`))
      .map(u => u.getAttribute('data-tile') || u.getAttribute('href').slice(4));
  out[s] = {hand: names('hand'), drawn: names('drawn'), river: names('river')};
});
return out;
"""


@pytest.fixture(scope="module")
def browser():  # noqa: ANN201
    required = bool(os.environ.get("PAIFU_REQUIRE_BROWSER"))  # set by .ci/run: CI must run this test
    if not (CHROMIUM and DRIVER):
        message = "no chromium/chromedriver on this machine (apt-get install chromium chromium-driver)"
        pytest.fail(message) if required else pytest.skip(message)
    if required:
        from selenium import webdriver
    else:
        webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1320,900",
    ):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    yield driver
    driver.quit()


def load(browser, url: str) -> None:  # noqa: ANN001
    """Open a viewer page and wait for its script to unpack the data and show the first table."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(url)
    WebDriverWait(browser, 20).until(lambda b: b.execute_script("return document.body.dataset.ready === '1'"))


def _game_with_a_finding(tmp_path: Path) -> tuple[Path, GameView]:
    """Our sample game with its second hand's start scores changed: one finding mid-game."""
    rec = read_path(str(SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml"))[0]
    starts = [i for i, ev in enumerate(rec.events) if isinstance(ev, HandStart)]
    assert len(starts) >= 2
    hs = rec.events[starts[1]]
    rec.events[starts[1]] = replace(hs, scores=(hs.scores[0] + 100, hs.scores[1] - 100, *hs.scores[2:]))
    path = tmp_path / "game.xml"
    path.write_bytes(write(rec, "tenhou-xml"))
    view = GameView.open(path)
    assert view.findings and view.finding_event(view.findings[0]) == starts[1]
    return path, view


def _tiles(view: GameView, i: int) -> list[dict[str, list[str]]]:
    return [
        {"hand": list(s.hand), "drawn": [s.drawn] if s.drawn else [], "river": [r.tile for r in s.river]}
        for s in view.tables[i].seats
    ]


def test_viewer_in_a_browser(browser, tmp_path: Path) -> None:  # noqa: ANN001
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record, view = _game_with_a_finding(tmp_path)
    page = tmp_path / "game.html"
    assert main(["show", str(record), "-o", str(page)]) == 0
    assert "http://" not in page.read_text(encoding="utf-8").replace("http://www.w3.org/", "")
    load(browser, page.as_uri())
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    table = browser.find_element(By.ID, "table")
    assert table.get_attribute("data-event") == "0"

    # step into the first hand and on: the tiles drawn are the engine's at each event
    body = browser.find_element(By.TAG_NAME, "body")
    for expect in range(1, 12):
        body.send_keys(Keys.ARROW_RIGHT)
        assert table.get_attribute("data-event") == str(expect)
        assert browser.execute_script(TILES_JS) == _tiles(view, expect)
    browser.save_screenshot(str(tmp_path / "after-steps.png"))
    body.send_keys(Keys.ARROW_LEFT)
    assert table.get_attribute("data-event") == "10"

    # a finding's link shows the table at the finding's event, with the finding written on it
    target = view.finding_event(view.findings[0])
    browser.find_element(By.CSS_SELECTOR, "#findings a.finding").click()
    assert table.get_attribute("data-event") == str(target)
    assert browser.execute_script(TILES_JS) == _tiles(view, target)
    assert view.findings[0].code in browser.find_element(By.CSS_SELECTOR, "#panel .header").text
    browser.save_screenshot(str(tmp_path / "finding.png"))

    # the hand list jumps, the down key goes to the next hand
    browser.find_element(By.CSS_SELECTOR, "#hands a").click()
    assert table.get_attribute("data-event") == str(view.hands[0].start)
    body.send_keys(Keys.ARROW_DOWN)
    assert table.get_attribute("data-event") == str(view.hands[1].start)
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert (tmp_path / "finding.png").stat().st_size > 10_000


def test_viewer_opens_at_the_event_in_its_address(browser, tmp_path: Path) -> None:  # noqa: ANN001
    """``#e16`` (the viewer's own) and ``#event=16`` (the report's --viewer-links) open event 16."""
    from selenium.webdriver.common.by import By

    page = tmp_path / "game.html"
    assert main(["show", str(SAMPLES / "tenhou-xml" / "chankan.xml"), "-o", str(page)]) == 0
    for fragment in ("#e16", "#event=16"):
        browser.get("about:blank")
        load(browser, page.as_uri() + fragment)
        assert browser.find_element(By.ID, "table").get_attribute("data-event") == "16", fragment


def test_a_report_link_opens_the_page_paifu_show_wrote(browser, tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """In the report (--viewer-links), the finding's link opens the page the report wrote, at the
    finding's event, with the hand list naming the players."""
    import re
    from io import StringIO

    from selenium.webdriver.common.by import By

    path, view = _game_with_a_finding(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["report", "-q", str(path), "--html", "league.html", "--viewer-links"], out=StringIO()) == 1
    browser.get((tmp_path / "league.html").as_uri())
    browser.find_element(By.LINK_TEXT, "view").click()
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 20).until(lambda b: b.execute_script("return document.body.dataset.ready === '1'"))
    event = str(view.finding_event(view.findings[0]))
    assert browser.current_url.split("#")[0] == (tmp_path / "viewer" / page_name(str(path), 0)).as_uri()
    assert browser.find_element(By.ID, "table").get_attribute("data-event") == event
    hands = browser.find_element(By.ID, "hands").text
    assert all(
        f"{name} (seat {s})" in hands or name not in hands for s, name in enumerate(view.result.players)
    )
    assert re.search(r"\w+ \(seat \d\) (tsumo|ron)", hands), hands
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def test_a_river_tile_click_and_the_keys_move_the_table(browser, tmp_path: Path) -> None:  # noqa: ANN001
    """Clicking a river tile shows the table right after that discard (that river as it was then,
    the tile just discarded outlined); page down/up and the arrows step hands and events."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml"
    view = GameView.open(record)
    page = tmp_path / "game.html"
    assert main(["show", str(record), "-o", str(page)]) == 0
    first = view.hands[0]
    load(browser, f"{page.as_uri()}#e{first.end}")
    table = browser.find_element(By.ID, "table")
    assert table.get_attribute("data-event") == str(first.end)
    seat = max(view.tables[first.end].seats, key=lambda s: len(s.river)).seat
    assert len(view.tables[first.end].seats[seat].river) >= 3  # a tile before the last one
    tiles = table.find_elements(By.CSS_SELECTOR, f"g.river[data-seat='{seat}'] use")
    tiles[1].click()
    shown = int(table.get_attribute("data-event"))
    ev = view.record.events[shown]
    assert type(ev).__name__ == "Discard" and ev.seat == seat  # type: ignore[attr-defined]
    assert (
        len(view.tables[shown].seats[seat].river) == 2 and len(view.tables[shown - 1].seats[seat].river) == 1
    )
    assert browser.execute_script(TILES_JS) == _tiles(view, shown)  # the tiles a person sees
    assert f"event {shown}" in browser.find_element(By.CSS_SELECTOR, "#panel .header").text
    assert table.find_elements(By.CSS_SELECTOR, f"g.river[data-seat='{seat}'] rect.last")
    browser.save_screenshot(str(tmp_path / "river-click.png"))

    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert table.get_attribute("data-event") == str(shown + 1)
    assert browser.execute_script(TILES_JS) == _tiles(view, shown + 1)
    body.send_keys(Keys.PAGE_DOWN)
    assert table.get_attribute("data-event") == str(view.hands[1].start)
    assert browser.execute_script(TILES_JS) == _tiles(view, view.hands[1].start)
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.PAGE_UP)  # back to this hand's start
    assert table.get_attribute("data-event") == str(view.hands[1].start)
    body.send_keys(Keys.PAGE_UP)  # from a hand's start: the hand before
    assert table.get_attribute("data-event") == str(first.start)
    assert browser.execute_script(TILES_JS) == _tiles(view, first.start)
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


HARNESS = """<!doctype html><html><body><div id="w"></div><script type="module">
// the notebook's side of anywidget, as little as the table's script asks of it
window.sent = [];
const state = {value: %(svg)s}, on = {};
const model = {get: k => state[k], on: (name, f) => { on[name] = f; }, send: m => window.sent.push(m)};
window.redraw = v => { state.value = v; on['change:value'](); };
const mod = await import('data:text/javascript;charset=utf-8,' + encodeURIComponent(%(esm)s));
mod.default.render({model, el: document.getElementById('w')});
document.body.dataset.ready = '1';
</script></body></html>"""


def test_the_notebook_table_takes_clicks_and_keys(browser, tmp_path: Path) -> None:  # noqa: ANN001
    """The widget's table script in a browser: a river tile clicked and keys pressed reach Python
    as messages, and the table Python draws back is the one at that discard, at that event."""
    import json

    pytest.importorskip("anywidget")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from paifu.view.widget import ESM

    game = GameView.open(SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml")
    first = game.hands[0]
    game.goto(first.end)
    *_, picture = game.widget().children
    page = tmp_path / "widget.html"
    page.write_text(HARNESS % {"svg": json.dumps(picture.value), "esm": json.dumps(ESM)}, encoding="utf-8")
    load(browser, page.as_uri())
    tiles_js = TILES_JS.replace("#table", "#w")

    def answer() -> int:
        """Hand the browser's messages to the widget, draw its table back, return the event shown."""
        for message in browser.execute_script("return window.sent.splice(0)"):
            picture._handle_custom_msg(message, [])
        browser.execute_script("window.redraw(arguments[0])", picture.value)
        return int(browser.find_element(By.CSS_SELECTOR, "#w svg").get_attribute("data-event"))

    seat = max(game.table.seats, key=lambda s: len(s.river)).seat
    browser.find_elements(By.CSS_SELECTOR, f"#w g.river[data-seat='{seat}'] use")[1].click()
    shown = answer()
    assert shown == game.position and len(game.tables[shown].seats[seat].river) == 2
    assert type(game.record.events[shown]).__name__ == "Discard"
    assert browser.execute_script(tiles_js) == _tiles(game, shown)
    box = browser.find_element(By.ID, "w")
    box.send_keys(Keys.ARROW_RIGHT)
    assert answer() == shown + 1
    assert browser.execute_script(tiles_js) == _tiles(game, shown + 1)
    box.send_keys(Keys.PAGE_DOWN)
    assert answer() == game.hands[1].start
    box.send_keys(Keys.ARROW_UP)
    assert answer() == first.start
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]

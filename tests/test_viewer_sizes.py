"""The viewer as a person sees it on a phone (400 x 800), a laptop (1280 x 720) and a large screen
(1920 x 1080), in a real browser with no CJK font, at a hand start, a ron, a draw and the game's end
of a real phoenix game with Japanese names, and at a finding: every tile inside the table and the
window, the panel beside the table where the window is wide and below it where it is narrow, no
text under 11 px at 1280 x 720, the names real text (a selection copies them, a search finds
them), the game-end panel's places and rank points the record's, and a finding's two values on
screen. Screenshots go under the test's tmp_path (``PAIFU_SCREENSHOTS=DIR`` keeps them in DIR).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import corpus_dir
from test_viewer_browser import _game_with_a_finding, browser, load  # noqa: F401 - the fixture

from paifu.events import GameEnd, HandStart, Win
from paifu.rank_points import placements
from paifu.view import GameView
from paifu.view.html import viewer_html

PHOENIX = ("tenhou_xml", "mjx", "tests_py", "resources", "mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")
SIZES = [(400, 800), (1280, 720), (1920, 1080)]
MIN_PX = 11  # at 1280 x 720 (docs/viewer.md)

LOOK_JS = """
const felt = document.querySelector('#table rect.felt').getBoundingClientRect();
const out = {tiles: 0, outside: [], small: [], smallest: 99};
document.querySelectorAll('#table use').forEach(u => {
  const r = u.getBoundingClientRect();
  out.tiles += 1;
  if (r.width < 3 || r.left < felt.left - 1 || r.right > felt.right + 1 || r.top < felt.top - 1 ||
      r.bottom > felt.bottom + 1 || r.right > window.innerWidth + 1) out.outside.push(u.getAttribute('href'));
});
out.felt = [felt.left, felt.top, felt.right, felt.bottom];
const panel = document.getElementById('panel').getBoundingClientRect();
out.panel = [panel.left, panel.top, panel.right, panel.bottom];
out.window = [window.innerWidth, window.innerHeight, document.documentElement.scrollWidth];
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  const el = n.parentElement;
  if (!n.textContent.trim() || el.closest('script,style,title,defs,option')) continue;
  if (!el.getClientRects().length) continue;  // not drawn: the other language, a closed list
  let size = parseFloat(getComputedStyle(el).fontSize);
  if (el instanceof SVGElement) { const m = el.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
  out.smallest = Math.min(out.smallest, size);
  if (size < arguments[0]) out.small.push([n.textContent.slice(0, 30), Math.round(size * 10) / 10]);
}
return out;
"""

SELECT_JS = """
const text = document.querySelector('#table g.seat.bottom .name text');
const range = document.createRange();
range.selectNodeContents(text);
const sel = window.getSelection();
sel.removeAllRanges();
sel.addRange(range);
const copied = sel.toString();
sel.removeAllRanges();
return [copied, window.find(arguments[0])];
"""


def _resize(driver, width: int, height: int) -> None:  # noqa: ANN001
    """The window's inner size (what a page lays out in) made ``width`` x ``height``."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])


def _stops() -> list[tuple[str, GameView, int]]:
    game = GameView.open(corpus_dir(*PHOENIX))
    events = game.record.events
    start = next(i for i, ev in enumerate(events) if isinstance(ev, HandStart))
    ron = next(i for i, ev in enumerate(events) if isinstance(ev, Win) and not ev.tsumo)
    draw = next(t.index for t in game.tables if t.draw == "exhaustive")
    end = len(events) - 1
    assert isinstance(events[end], GameEnd)
    return [("hand-start", game, start), ("ron", game, ron), ("draw", game, draw), ("game-end", game, end)]


def _record_end(game: GameView) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The places and rank points the record states (places by its final scores, where it states none)."""
    end = game.record.events[-1]
    assert isinstance(end, GameEnd) and end.final_scores and end.rank_points
    n = len(game.result.players)
    places = end.placements or placements(end.final_scores[:n], game.result.first_dealer)
    return tuple(places[:n]), tuple(end.rank_points[:n])


def test_the_viewer_at_three_window_sizes(browser, tmp_path: Path) -> None:  # noqa: ANN001, F811
    from selenium.webdriver.common.by import By

    out = Path(os.environ.get("PAIFU_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    _, with_finding = _game_with_a_finding(tmp_path)
    finding = with_finding.findings[0]
    stops = [*_stops(), ("finding", with_finding, with_finding.finding_event(finding))]
    pages: dict[int, Path] = {}
    for name, game, i in stops:
        page = pages.get(id(game))
        if page is None:
            page = pages[id(game)] = tmp_path / f"page-{len(pages)}.html"
            page.write_text(viewer_html(game, 0), encoding="utf-8")
        for width, height in SIZES:
            _resize(browser, width, height)
            browser.get("about:blank")
            load(browser, f"{page.as_uri()}#e{i}")
            assert browser.find_element(By.ID, "table").get_attribute("data-event") == str(i)
            look = browser.execute_script(LOOK_JS, MIN_PX)
            browser.save_screenshot(str(out / f"{name}-{width}x{height}.png"))
            where = f"{name} at {width}x{height}"
            assert look["window"][:2] == [width, height], where
            assert look["tiles"] > 0 and not look["outside"], (where, look["outside"])
            left, top, right, bottom = look["felt"]
            assert left >= 0 and right <= width and look["window"][2] <= width, where  # no sideways scroll
            if width > height:  # the panel beside the table, the whole table in the window
                assert look["panel"][0] >= right and bottom <= height, (where, look)
            else:  # below it
                assert look["panel"][1] >= bottom and right - left >= width - 40, (where, look)
            if (width, height) == (1280, 720):
                assert not look["small"], (where, look["small"])
            names = game.result.players
            bottom_name = names[0]
            copied, found = browser.execute_script(SELECT_JS, bottom_name)
            assert copied.startswith(bottom_name) and found, (where, copied)
            if name == "game-end":
                rows = browser.find_elements(By.CSS_SELECTOR, "#panel .end tr.end-row")
                shown = {
                    int(r.get_attribute("data-seat")): (
                        int(r.get_attribute("data-place")),
                        float(r.find_element(By.CSS_SELECTOR, ".points").get_attribute("data-points")),
                        r.find_element(By.CSS_SELECTOR, ".name").text,
                    )
                    for r in rows
                }
                places, points = _record_end(game)
                assert [shown[s][:2] for s in range(len(names))] == list(zip(places, points, strict=True))
                assert [shown[s][2] for s in range(len(names))] == list(names)  # drawn, and readable
            if name == "finding":
                record = browser.find_element(By.CSS_SELECTOR, "#panel .finding .rec")
                rules = browser.find_element(By.CSS_SELECTOR, "#panel .finding .rul")
                for element, values in ((record, finding.actual), (rules, finding.expected)):
                    box = element.rect
                    assert element.is_displayed() and box["y"] + box["height"] <= height, (where, box)
                    assert all(f"{v:,}" in element.text for v in values), (where, element.text, values)
                assert finding.actual != finding.expected


COLUMN_JS = """
const box = document.getElementById('cell').getBoundingClientRect();
const felt = document.querySelector('svg.paifu-table rect.felt').getBoundingClientRect();
const panel = document.querySelector('.pf-panel').getBoundingClientRect();
return {box: [box.left, box.right], felt: [felt.left, felt.right, felt.bottom], panel: [panel.left, panel.top, panel.right]};
"""


@pytest.mark.parametrize("column", [480, 1100])
def test_a_notebook_table_fits_its_column(browser, tmp_path: Path, column: int) -> None:  # noqa: ANN001, F811
    """A table drawn in a notebook cell (``TableView._repr_html_``) takes the column's width, at most
    760 px, with its panel beside it where the column is wide and below it where it is narrow."""
    game = GameView.open(corpus_dir(*PHOENIX))
    ron = next(i for i, ev in enumerate(game.record.events) if isinstance(ev, Win))
    cell = f"<!doctype html><html><body style='margin:0'><div id='cell' style='width:{column}px'>{game.tables[ron]._repr_html_()}</div><script>document.body.dataset.ready='1'</script></body></html>"
    page = tmp_path / "cell.html"
    page.write_text(cell, encoding="utf-8")
    _resize(browser, 1280, 720)
    load(browser, page.as_uri())
    got = browser.execute_script(COLUMN_JS)
    left, right = got["box"]
    assert left <= got["felt"][0] and got["felt"][1] <= right + 0.5  # never wider than the column
    if column < 760:
        assert got["felt"][1] - got["felt"][0] >= column - 2 and got["panel"][1] >= got["felt"][2]  # below
    else:
        assert got["felt"][1] - got["felt"][0] <= 760 and got["panel"][0] >= got["felt"][1]  # beside
    out = Path(os.environ.get("PAIFU_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(out / f"notebook-cell-{column}.png"))

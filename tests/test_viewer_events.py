"""The viewer in a real browser with no CJK font, at each kind of event a reviewer stops at: what a
person sees is read back from the page and compared with the record.

At a hand start, a call, a riichi, a ron, a tsumo, a double ron, an exhaustive draw, an abortive
draw, a finding and on a three-player game: every tile of every hand and river is on screen
inside the table; at a result the seats' scores are the paid ones (the record's, from the win's
own scores and deltas, or the next hand's start); the result panel's yaku, han, fu and points are
the record's; every character outside ASCII is in the font subset the page carries (which the
browser loaded), and every tile face and glyph drawn is defined.
Screenshots go under the test's tmp_path (``PAIFU_SCREENSHOTS=DIR`` keeps them in DIR).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import SAMPLES
from test_viewer_browser import _game_with_a_finding, browser, load  # noqa: F401 - the fixture

from paifu.events import HandStart, Win
from paifu.view import GameView
from paifu.view.html import viewer_html


def page_font(page: str) -> set[int]:
    """The code points the font subset a page carries maps (read back by fontTools)."""
    import base64
    import io
    import re

    from fontTools.ttLib import TTFont

    m = re.search(r"url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)", page)
    assert m, "the page carries no font"
    return set(TTFont(io.BytesIO(base64.b64decode(m[1]))).getBestCmap())


SEEN_JS = """
const felt = document.querySelector('#table rect.felt').getBoundingClientRect();
const out = {tiles: 0, outside: [], scores: {}, wins: [], text: [], undefined: []};
document.querySelectorAll('#table g.hand use, #table g.drawn use, #table g.melds use, #table g.river use')
  .forEach(u => {
    const r = u.getBoundingClientRect();
    out.tiles += 1;
    if (r.width < 5 || r.left < felt.left - 1 || r.right > felt.right + 1 || r.top < felt.top - 1 ||
        r.bottom > felt.bottom + 1 || r.right > window.innerWidth || r.bottom > window.innerHeight)
      out.outside.push(u.getAttribute('href'));
  });
document.querySelectorAll('#table g.label').forEach(g => {
  out.scores[g.dataset.seat] = Number(g.querySelector('.score').dataset.score);
});
document.querySelectorAll('#panel .result.win').forEach(g => out.wins.push({
  seat: Number(g.dataset.seat), han: Number(g.dataset.han), fu: g.dataset.fu, points: Number(g.dataset.points),
  yaku: Array.from(g.querySelectorAll('tr.yaku')).map(y => [y.dataset.name, Number(y.dataset.han)]),
}));
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  if (n.parentElement.closest('script') || n.parentElement.closest('title')) continue;
  if (/[^\\x00-\\x7e]/.test(n.textContent)) out.text.push(n.textContent);
}
out.family = getComputedStyle(document.querySelector('#table text')).fontFamily;
out.fonts = Array.from(document.fonts).map(f => [f.family.replace(/["']/g, ''), f.status]);
document.querySelectorAll('use').forEach(u => {
  const id = u.getAttribute('href').slice(1);
  if (!document.getElementById(id)) out.undefined.push(id);
});
return out;
"""


def _first(view: GameView, test: Callable[[GameView, int], bool]) -> int:
    return next(i for i in range(len(view)) if test(view, i))


def _kind(kind: str) -> Callable[[GameView, int], bool]:
    return lambda v, i: v.tables[i].kind == kind


def _win(tsumo: bool) -> Callable[[GameView, int], bool]:
    return lambda v, i: isinstance(v.record.events[i], Win) and v.record.events[i].tsumo == tsumo  # type: ignore[union-attr]


X = SAMPLES / "tenhou-xml"
#: (name, record, which event)
STOPS = [
    ("hand-start", X / "riichi-ippatsu-tsumo.xml", _kind("HandStart")),
    ("call", X / "kan-then-rinshan.xml", _kind("Call")),
    ("riichi", X / "riichi-ippatsu-tsumo.xml", _kind("RiichiDeclared")),
    ("ron", X / "chankan.xml", _win(False)),
    ("tsumo", X / "riichi-ippatsu-tsumo.xml", _win(True)),
    ("double-ron", X / "double-ron-head-bump-free.xml", lambda v, i: len(v.tables[i].wins) == 2),
    ("exhaustive-draw", X / "exhaustive-draw-tenpai.xml", lambda v, i: v.tables[i].draw == "exhaustive"),
    ("abortive-draw", X / "nine-terminals-abort.xml", lambda v, i: v.tables[i].draw == "nine_terminals"),
    ("three-player", SAMPLES / "sanma" / "kita-rinshan-tsumo.jsonl", _win(True)),
]


def _record_scores(view: GameView, i: int) -> tuple[int, ...] | None:
    """The scores the record states right after event ``i``: a win's own (before + deltas), or at a
    hand's last event the next hand's start."""
    ev = view.record.events[i]
    if isinstance(ev, Win) and ev.claimed.scores_before and ev.claimed.deltas:
        return tuple(a + b for a, b in zip(ev.claimed.scores_before, ev.claimed.deltas, strict=False))
    span = next(h for h in view.hands if h.start <= i <= h.end)
    nxt = next((e for e in view.record.events[span.end + 1 :] if isinstance(e, HandStart)), None)
    return tuple(nxt.scores[: len(view.tables[i].seats)]) if nxt is not None and i == span.end else None


def _check(browser, view: GameView, i: int, page: Path, shot: Path) -> dict:  # noqa: ANN001, F811
    page.write_text(viewer_html(view, i), encoding="utf-8")
    load(browser, page.as_uri())
    assert browser.find_element("id", "table").get_attribute("data-event") == str(i)
    seen = browser.execute_script(SEEN_JS)
    browser.save_screenshot(str(shot))
    tv = view.tables[i]
    expected_tiles = sum(
        len(s.hand) + bool(s.drawn) + len(s.river) + sum(len(m.tiles) + bool(m.added) for m in s.melds)
        for s in tv.seats
    )
    assert seen["tiles"] == expected_tiles and not seen["outside"], seen["outside"]
    covered = page_font(page.read_text(encoding="utf-8"))
    family = seen["family"].split(",")[0].strip("'\" ")
    assert [family, "loaded"] in seen["fonts"], (family, seen["fonts"])  # the table's text is in it
    missing = {c for t in seen["text"] for c in t if ord(c) > 0x7E and ord(c) not in covered}
    assert not missing, missing  # every character but ASCII drawn by the page's own font
    assert not seen["undefined"], seen["undefined"]
    shown = tuple(seen["scores"][str(s)] for s in range(len(tv.seats)))
    assert shown == tuple(s.score for s in tv.seats)
    stated = _record_scores(view, i)
    if stated is not None and tv.kind in ("Win", "Ryuukyoku"):
        assert shown == stated, (shown, stated)
    wins = (
        [e for e in view.record.events[: i + 1] if isinstance(e, Win)][-len(seen["wins"]) :]
        if seen["wins"]
        else []
    )
    for got, ev in zip(seen["wins"], wins, strict=True):
        c = ev.claimed
        assert got["seat"] == ev.seat
        if c.han is not None:
            assert got["han"] == c.han
        if c.fu:
            assert int(got["fu"]) == c.fu
        if c.points is not None:
            assert got["points"] == c.points
        if c.yaku:
            assert sorted(map(tuple, got["yaku"])) == sorted((y.name, y.han) for y in c.yaku if y.han)
    return seen


@pytest.mark.parametrize(("name", "record", "which"), STOPS, ids=[s[0] for s in STOPS])
def test_what_a_person_sees(browser, tmp_path: Path, name: str, record: Path, which) -> None:  # noqa: ANN001, F811
    view = GameView.open(record)
    i = _first(view, which)
    out = Path(os.environ.get("PAIFU_SCREENSHOTS") or tmp_path)
    seen = _check(browser, view, i, tmp_path / "page.html", out / f"{name}.png")
    assert seen["tiles"] > 0
    if name in ("ron", "tsumo", "double-ron", "three-player"):
        assert len(seen["wins"]) == len(view.tables[i].wins) >= (2 if name == "double-ron" else 1)


def test_what_a_person_sees_at_a_finding(browser, tmp_path: Path) -> None:  # noqa: ANN001, F811
    from selenium.webdriver.common.by import By

    _, view = _game_with_a_finding(tmp_path)
    i = view.finding_event(view.findings[0])
    out = Path(os.environ.get("PAIFU_SCREENSHOTS") or tmp_path)
    _check(browser, view, i, tmp_path / "page.html", out / "finding.png")
    panel = browser.find_element(By.CSS_SELECTOR, "#panel .finding")
    assert view.findings[0].code in panel.text

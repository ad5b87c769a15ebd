"""The standalone viewer: one HTML file, no network, the table drawn after every event.

The page carries the tile symbols once, a subset of the font for its text (``glyphs.font_css``),
the table of every event as SVG groups and its panel as HTML (the centre, the panel and three
groups per seat, each distinct group stored once: most events change one seat), the game's end,
the hand list, the findings, the review and the score curve. A small script steps through them:
arrow keys, buttons, links (``#e518`` shows event 518), and sizes the table to the window: beside
the panel on a wide screen, above it on a narrow one (``docs/viewer.md``).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from collections.abc import Sequence
from typing import Any

from paifu.safety import display_path
from paifu.view.board import S
from paifu.view.glyphs import font_css
from paifu.view.names import game_label, shown_names
from paifu.view.panels import CSS as PANEL_CSS
from paifu.view.panels import end_html, finding_html
from paifu.view.svg import HEIGHT, WIDTH, layout, score_curve_svg
from paifu.view.svg import defs as svg_defs
from paifu.view.verdicts import review_list, review_texts

esc = html.escape

CSS = """
html,body{margin:0}
body{padding:8px 12px;background:#fafaf7}
h1{font-size:17px;margin:0 0 4px;overflow-wrap:anywhere;font-weight:600}
h3{font-size:15px;margin:12px 0 4px}
#games{font-size:14px;margin:0 0 4px}
#bar{display:flex;gap:6px 10px;align-items:center;margin-bottom:6px;flex-wrap:wrap;font-size:14px}
#bar button{font-size:14px;padding:3px 10px}#bar input[type=number]{width:5em;font-size:14px}
#bar select,#bar input,#bar button{font-family:inherit}#bar select{font-size:14px;max-width:60vw}#slider{width:200px;max-width:40vw}
#wrap{display:flex;gap:16px;align-items:flex-start}
#board{flex:0 0 auto}#table{display:block;width:100%;height:auto}
#col{flex:1 1 0;min-width:0}
body.narrow #wrap{flex-direction:column}body.narrow #keys{display:none}body.narrow #board{width:100%!important}body.narrow #col{width:100%}
#side a{color:#1857a6;text-decoration:none}#side a:hover{text-decoration:underline}
#side ul{list-style:none;padding-left:0;margin:4px 0}#side li{margin:3px 0;overflow-wrap:anywhere}
#side li.here{background:#fff1b8}#side small{color:#555;font-size:13px}
#side .finding-item{color:#5a0010}#side a.finding{color:#b00020!important}
#side details>summary{cursor:pointer}
#review{margin-top:6px}
#table g.river use{cursor:pointer}
.paifu-scores{display:block}
body.small #table .name text{font-size:24px}body.small #table .score text{font-size:21px}
body.small #table .round text{font-size:24px}body.small #table .sticks text,body.small #table .left text{font-size:17px}
"""

JS = """
(async () => {
// the data is gzip'd JSON in base64 (a tenth of its size), unpacked by the browser's own gzip
const packed = atob(document.getElementById('paifu-data').textContent.trim());
const bytes = Uint8Array.from(packed, c => c.charCodeAt(0));
const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
const D = JSON.parse(await new Response(stream).text());
const table = document.getElementById('table'), panel = document.getElementById('panel');
const board = document.getElementById('board'), wrap = document.getElementById('wrap');
const n = D.players.length;
let cur = -1, bottom = D.bottom;
const ANGLES = [0, -90, 180, 90];
// the table fills the window's height beside the panel (at least SIDE px wide), or its width above it
const SIDE = 320, GAP = 16;
function fit() {
  const top = board.getBoundingClientRect().top + window.scrollY;
  const high = window.innerHeight - top - 10, wide = wrap.clientWidth;
  const beside = wide - high - GAP >= SIDE;
  document.body.classList.toggle('narrow', !beside);
  const size = beside ? high : wide;
  board.style.width = beside ? Math.max(280, size) + 'px' : '';
  document.body.classList.toggle('small', board.clientWidth < 560);
}
function pos(s) { const r = ((s - bottom) % n + n) % n; return n === 3 ? [0, 1, 3][r] : r; }
function handOf(i) { let h = 0; D.hands.forEach((s, k) => { if (s.start <= i) h = k; }); return h; }
function show(i) {
  i = Math.max(0, Math.min(D.frames.length - 1, i));
  cur = i;
  const f = D.frames[i];
  let svg = "<rect class='felt' x='0' y='0' width='" + D.side + "' height='" + D.side + "' rx='10'/>" + D.groups[f[0]];
  for (let s = 0; 2 + 3 * s < f.length; s++) {
    const p = pos(s), turn = p ? " transform='rotate(" + ANGLES[p] + " " + D.side / 2 + " " + D.side / 2 + ")'" : "";
    svg += "<g class='seat" + (p ? "" : " bottom") + "' data-seat='" + s + "' data-pos='" + p + "'" + turn + ">" +
      D.groups[f[2 + 3 * s]] + D.groups[f[3 + 3 * s]] + D.groups[f[4 + 3 * s]] + "</g>";
  }
  table.innerHTML = svg;
  table.setAttribute('data-event', i);
  panel.innerHTML = D.groups[f[1]];
  document.getElementById('end').hidden = !!panel.querySelector('.end');  // shown above: not twice
  document.getElementById('review').innerHTML = D.review[i] || '';
  const h = handOf(i), span = D.hands[h] || {start: 0, end: D.frames.length - 1};
  const slider = document.getElementById('slider');
  slider.min = span.start; slider.max = span.end; slider.value = i;
  document.getElementById('pos').value = i;
  document.querySelectorAll('#hands li').forEach((li, k) => li.classList.toggle('here', k === h));
  document.querySelectorAll('#side li[data-event]').forEach(li =>
    li.classList.toggle('here', Number(li.dataset.event) === i));
  if (location.hash !== '#e' + i) history.replaceState(null, '', '#e' + i);
}
function hand(step) {
  const h = handOf(cur);
  const target = step < 0 && D.hands.length && cur > D.hands[h].start ? h : h + step;
  if (target >= 0 && target < D.hands.length) show(D.hands[target].start);
}
function fromHash() {
  const m = /^#e(?:vent=)?(\\d+)$/.exec(location.hash);  // #e518, or #event=518 (the report's links)
  if (m) show(Number(m[1]));
}
document.addEventListener('keydown', e => {
  if (e.target.tagName === 'INPUT' && e.target.type !== 'range' || e.target.tagName === 'SELECT') return;
  const k = {ArrowRight: () => show(cur + 1), ArrowLeft: () => show(cur - 1), ArrowDown: () => hand(1),
             ArrowUp: () => hand(-1), PageDown: () => hand(1), PageUp: () => hand(-1),
             Home: () => show(0), End: () => show(D.frames.length - 1)}[e.key];
  if (k) { k(); e.preventDefault(); }
});
// a river tile: the event that discarded it (by its place in the river, as the table after it shows)
table.addEventListener('click', e => {
  const use = e.target.closest && e.target.closest('g.river use');
  if (!use) return;
  const river = use.closest('g.river');
  const k = Array.from(river.querySelectorAll('use')).indexOf(use);
  const at = ((D.discards[handOf(cur)] || [])[Number(river.dataset.seat)] || [])[k];
  if (at !== undefined) show(at);
});
document.getElementById('next').onclick = () => show(cur + 1);
document.getElementById('prev').onclick = () => show(cur - 1);
document.getElementById('nexth').onclick = () => hand(1);
document.getElementById('prevh').onclick = () => hand(-1);
document.getElementById('pos').onchange = e => show(Number(e.target.value));
document.getElementById('slider').oninput = e => show(Number(e.target.value));
document.getElementById('seat').onchange = e => { bottom = Number(e.target.value); show(cur); };
document.getElementById('english').onchange = e => document.body.classList.toggle('english', e.target.checked);
document.getElementById('closed').onchange = e => table.classList.toggle('closed', e.target.checked);
document.body.addEventListener('click', e => {
  const a = e.target.closest && e.target.closest('a[data-event]');
  if (a) { e.preventDefault(); show(Number(a.dataset.event)); }
});
window.addEventListener('hashchange', fromHash);
window.addEventListener('resize', fit);
fit();
if (/^#e(?:vent=)?\\d+$/.test(location.hash)) fromHash(); else show(D.start);
fit();
document.body.dataset.ready = '1';
})();
"""


def _review_rows(game: Any) -> tuple[list[dict[str, Any]], str]:
    """The discard review's rows, or none and why (the table still shows without a review)."""
    from paifu.view.review import discard_rows

    try:  # the rows themselves: the page needs no DataFrame (nor pandas, a third of a second to import)
        return discard_rows(game), ""
    except Exception as e:  # noqa: BLE001
        return [], f"discard review unavailable: {type(e).__name__}: {e}"


def viewer_data(
    game: Any, start: int = 0, review: list[dict[str, Any]] | None = None, bottom: int = 0
) -> dict[str, Any]:
    """The page's data: each distinct part once, each event's parts by number (``layout``)."""
    groups: list[str] = []
    index: dict[str, int] = {}
    frames = []
    seen: dict[tuple[int, bool, bool], Any] = {}
    for tv in game.tables:
        parts, _ = layout(tv, seen)
        ids = []
        for s in parts:
            k = index.get(s)
            if k is None:
                k = index[s] = len(groups)
                groups.append(s)
            ids.append(k)
        frames.append(ids)
    hands = [{"label": h.label, "start": h.start, "end": h.end, "result": h.result} for h in game.hands]
    return {
        "groups": groups,
        "frames": frames,
        "side": S,
        "players": list(shown_names(tuple(game.result.players))),
        "bottom": bottom,
        "hands": hands,
        "discards": game.river_events(),
        "review": review_texts(game, review if review is not None else _review_rows(game)[0]),
        "start": start,
    }


def page_data(page: str) -> dict[str, Any]:
    """The data a viewer page carries (``viewer_data``), read back from the page's text."""
    import re

    m = re.search(r'<script id="paifu-data" type="application/octet-stream">([^<]*)</script>', page)
    if m is None:
        raise ValueError("not a paifu viewer page")
    return dict(json.loads(gzip.decompress(base64.b64decode(m[1]))))


def _games_nav(game: Any, siblings: Sequence[tuple[str, str]] | None, count: int | None) -> str:
    """Which game of its file this page shows, and links to the others' pages where written."""
    r = game.result
    if siblings:
        links = " ".join(
            f"<b>{k}</b>" if k == r.game_index else f"<a href='{esc(href)}'>{k}</a>"
            for k, (href, _) in enumerate(siblings)
        )
        return f"<div id='games'>game {r.game_index} of {len(siblings)} in the file ({links}; <a href='{esc(siblings[0][1])}'>index</a>)</div>"
    if count and count > 1:
        return (
            f"<div id='games'>game {r.game_index} of the file's {count} (0..{count - 1}): "
            f"<code>paifu show FILE --game N</code> draws another, <code>--all</code> every one with an index</div>"
        )
    return ""


def viewer_html(
    game: Any, start: int = 0, siblings: Sequence[tuple[str, str]] | None = None, count: int | None = None
) -> str:
    """The whole page as a string; ``siblings``: (page, index page) of every game of the file where
    ``paifu show --all`` writes them, ``count``: how many games the file holds."""
    r = game.result
    rows, why = _review_rows(game)
    payload = viewer_data(game, start, rows)  # base64 of gzip: no < > & (nor a lone surrogate) in the script
    data = base64.b64encode(
        gzip.compress(json.dumps(payload, separators=(",", ":")).encode("utf-8"), compresslevel=6, mtime=0)
    ).decode("ascii")
    title = f"{game_label(r.game_id, display_path(r.source), r.game_index)} (game {r.game_index})"
    names = shown_names(tuple(r.players))  # cut: a name of 3,000 characters is a page of them
    hands = "".join(
        f"<li title='{esc(h.result)}'><a href='#e{h.start}' data-event='{h.start}'>{esc(h.label)}</a> "
        f"{esc(h.result)}<br><small>{' '.join(f'{d:+,}' for d in h.deltas)}</small></li>"
        for h in game.hands
    )
    findings = (
        "".join(
            f"<li class='finding-item' data-event='{v.event}'><a class='finding' href='#e{v.event}' "
            f"data-event='{v.event}'>{esc(v.where)}</a> {finding_html(v)}</li>"
            for v in game.finding_views
        )
        or "<li>none: every rule and number checked out</li>"
    )
    seats = "".join(f"<option value='{i}'>seat {i} {esc(name)}</option>" for i, name in enumerate(names))
    ending = game.ending
    end = end_html(ending) if ending is not None else "<p>the game does not reach its end</p>"
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>paifu: {esc(title)}</title><style>__PAIFU_FONT__{PANEL_CSS}{CSS}</style></head>
<body class="pf"__PAIFU_FAMILY__>
<svg width="0" height="0" style="position:absolute" aria-hidden="true">__PAIFU_DEFS__</svg>
<h1>{esc(title)} - {esc(r.rules.name)} - {esc(", ".join(names))}</h1>
{_games_nav(game, siblings, count)}
<div id="bar">
<button id="prevh" title="previous hand (up, page up)">&lt;&lt; hand</button><button id="prev" title="previous event (left)">&lt; event</button>
<button id="next" title="next event (right)">event &gt;</button><button id="nexth" title="next hand (down, page down)">hand &gt;&gt;</button>
<input id="slider" type="range" min="0" max="{len(game.tables) - 1}" title="the hand's events">
<span>event <input id="pos" type="number" min="0" max="{len(game.tables) - 1}"> / {len(game.tables) - 1}</span>
<label>bottom <select id="seat">{seats}</select></label>
<label><input id="closed" type="checkbox"> others closed</label>
<label><input id="english" type="checkbox"> English</label>
<span id="keys" title="left/right: one event; up/down, page up/down: one hand; a river tile: its discard">keys: arrows</span>
</div>
<div id="wrap">
<div id="board"><svg id="table" class="paifu-table" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"></svg></div>
<div id="col"><div id="panel" class="pf-panel"></div><div id="review"></div>
<div id="side">
<div id="end">{end}</div>
<h3>Hands</h3><ul id="hands">{hands}</ul>
<h3>Findings ({len(game.findings)})</h3><ul id="findings">{findings}</ul>
<h3>Review</h3>{review_list(game, rows, why)}
<h3>Scores</h3>{score_curve_svg(game, width=460)}
</div></div></div>
<script id="paifu-data" type="application/octet-stream">{data}</script>
<script>{JS}</script>
</body></html>
"""
    # the faces of every tile on the page, and the font subset of every text: the tables', the lists', the review's
    parts = [*payload["groups"], page, *payload["review"].values()]
    markup = "".join(parts)
    face, family = font_css(*parts)
    page = page.replace("__PAIFU_FONT__", face, 1)
    page = page.replace("__PAIFU_FAMILY__", f" style=\"--pf-font:'{family}'\"" if family else "", 1)
    return page.replace("__PAIFU_DEFS__", svg_defs(markup), 1)

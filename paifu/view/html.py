"""The standalone viewer: one HTML file, no network, the table drawn after every event.

The page carries the tile symbols once, the table of every event as SVG groups
(a header and one group per seat, each distinct group stored once: most events change
one seat), the hand list, the findings, the discard review and the score curve. A small
script steps through them: arrow keys, buttons, links (``#e518`` shows event 518).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from typing import Any

from paifu.safety import display_path
from paifu.view.board import S
from paifu.view.glyphs import html_text as jt
from paifu.view.names import game_label, shown_names
from paifu.view.svg import HEIGHT, WIDTH, layout, score_curve_svg
from paifu.view.svg import defs as svg_defs

CSS = """
body{font-family:'Noto Sans CJK JP','Hiragino Sans','Yu Gothic',sans-serif;margin:12px;color:#222;background:#fafaf7}
#bar{display:flex;gap:6px;align-items:center;margin-bottom:8px;flex-wrap:wrap}
#bar button{font-size:14px;padding:3px 10px}
#wrap{display:flex;gap:16px;align-items:flex-start}
#table{width:min(100%,calc((100vh - 96px) * 1.46));height:auto;max-width:1130px}
#main{flex:1 1 auto;min-width:0}
svg.jg{vertical-align:-.14em;fill:currentColor;overflow:visible}
#side{width:340px;flex:0 0 340px;font-size:13px;max-height:96vh;overflow:auto}
#side ol{padding-left:22px;margin:4px 0}
#side a{color:#1857a6;text-decoration:none}#side a:hover{text-decoration:underline}
#side li.here{background:#fff1b8}
.finding{color:#b00020!important}
#review{font-size:13px;min-height:1.4em;margin-top:4px}
#review .worse{color:#b00020}
#table g.river use{cursor:pointer}
h1{font-size:17px;margin:0 0 6px}h3{font-size:14px;margin:10px 0 2px}
"""

JS = """
(async () => {
// the data is gzip'd JSON in base64 (a tenth of its size), unpacked by the browser's own gzip
const packed = atob(document.getElementById('paifu-data').textContent.trim());
const bytes = Uint8Array.from(packed, c => c.charCodeAt(0));
const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
const D = JSON.parse(await new Response(stream).text());
const table = document.getElementById('table');
const n = D.players.length;
let cur = -1, bottom = D.bottom;
const ANGLES = [0, -90, 180, 90];
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
  table.innerHTML = svg + D.groups[f[1]];
  table.setAttribute('data-event', i);
  const h = handOf(i), span = D.hands[h] || {start: 0, end: D.frames.length - 1};
  const slider = document.getElementById('slider');
  slider.min = span.start; slider.max = span.end; slider.value = i;
  document.getElementById('pos').value = i;
  document.getElementById('review').innerHTML = D.review[i] || '';
  document.querySelectorAll('#hands li').forEach((li, k) => li.classList.toggle('here', k === h));
  document.querySelectorAll('#findings li').forEach(li =>
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
document.getElementById('english').onchange = e => table.classList.toggle('english', e.target.checked);
document.getElementById('closed').onchange = e => table.classList.toggle('closed', e.target.checked);
document.querySelectorAll('a[data-event]').forEach(a => a.addEventListener('click', e => {
  e.preventDefault(); show(Number(a.dataset.event));
}));
window.addEventListener('hashchange', fromHash);
if (/^#e(?:vent=)?\\d+$/.test(location.hash)) fromHash(); else show(D.start);
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


def _review_texts(rows: list[dict[str, Any]]) -> dict[int, str]:
    """For each discard event, one line of the discard review (as HTML)."""
    out = {}
    for r in rows:
        if _missing(r.get("ukeire")):
            continue
        sh = _sh(r["shanten_after"])
        made = f"{jt(str(r['player']))} discards {r['tile']}: {_sh(r['shanten_before'])} -&gt; {sh}, {r['ukeire']} tiles"
        best = f"best {r['best_tile']}: {_sh(r['best_shanten'])}, {r['best_ukeire']} tiles"
        cls = "" if r["best"] else " class='worse'"
        out[int(r["event_index"])] = (
            f"<span{cls}>{made}; {best}{' (forced: riichi)' if r['riichi'] else ''}</span>"
        )
    return out


def _review_list(rows: list[dict[str, Any]], why: str) -> str:
    """The discards that kept fewer improving tiles than the best one (riichi discards are forced)."""
    esc = html.escape
    worse = [r for r in rows if not _missing(r.get("best")) and not r["best"] and not r["riichi"]]
    items = "".join(
        f"<li><a href='#e{r['event_index']}' data-event='{r['event_index']}'>{esc(r['label'])} "
        f"{jt(str(r['player']))} {r['tile']}</a>: {r['ukeire']} vs {r['best_ukeire']} tiles "
        f"({_sh(r['shanten_after'])}; best {r['best_tile']})</li>"
        for r in worse
    )
    head = f"{len(worse)} of {len(rows)} discards kept fewer improving tiles than the best"
    return f"<details id='worse'><summary>{esc(why or head)}</summary><ol>{items}</ol></details>"


def _missing(v: Any) -> bool:
    """No value: the review row lacks it (``discard_rows``: None, or the key absent)."""
    return v is None


def _sh(v: Any) -> str:
    try:
        v = int(v)
    except (TypeError, ValueError):
        return "?"
    return "complete" if v < 0 else "tenpai" if v == 0 else f"{v}-shanten"


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
        "review": _review_texts(review if review is not None else _review_rows(game)[0]),
        "start": start,
    }


def page_data(page: str) -> dict[str, Any]:
    """The data a viewer page carries (``viewer_data``), read back from the page's text."""
    import re

    m = re.search(r'<script id="paifu-data" type="application/octet-stream">([^<]*)</script>', page)
    if m is None:
        raise ValueError("not a paifu viewer page")
    return dict(json.loads(gzip.decompress(base64.b64decode(m[1]))))


def viewer_html(game: Any, start: int = 0) -> str:
    """The whole page as a string."""
    esc = html.escape
    r = game.result
    rows, why = _review_rows(game)
    payload = viewer_data(game, start, rows)  # base64 of gzip: no < > & (nor a lone surrogate) in the script
    data = base64.b64encode(
        gzip.compress(json.dumps(payload, separators=(",", ":")).encode("utf-8"), compresslevel=6, mtime=0)
    ).decode("ascii")
    title = f"{game_label(r.game_id, display_path(r.source), r.game_index)} (game {r.game_index})"
    names = shown_names(tuple(r.players))  # cut: a name is drawn glyph by glyph
    finals = ", ".join(f"{jt(p)} {s:,}" for p, s in zip(names, r.final_scores or (), strict=False))
    hands = "".join(
        f"<li title='{esc(h.result)}'><a href='#e{h.start}' data-event='{h.start}'>{esc(h.label)}</a> "
        f"{jt(h.result if len(h.result) <= 90 else h.result[:87] + '...')}"
        f"<br><small>{' '.join(f'{d:+,}' for d in h.deltas)}</small></li>"
        for h in game.hands
    )
    findings = (
        "".join(
            f"<li data-event='{game.finding_event(f)}'><a class='finding' href='#e{game.finding_event(f)}' "
            f"data-event='{game.finding_event(f)}'>{esc(f.hand)} event {game.finding_event(f)}</a>: "
            f"[{esc(f.code)}] {jt(f.message)}</li>"
            for f in game.findings
        )
        or "<li>none: every rule and number checked out</li>"
    )
    seats = "".join(
        f"<option value='{i}'>seat {i}{' ' + esc(name) if name.isascii() else ''}</option>"
        for i, name in enumerate(names)
    )
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>paifu: {esc(title)}</title><style>{CSS}</style></head>
<body>
<svg width="0" height="0" style="position:absolute" aria-hidden="true">__PAIFU_DEFS__</svg>
<h1>{esc(title)} - {jt(r.rules.name)} - {jt(", ".join(names))}</h1>
<div id="bar">
<button id="prevh" title="previous hand (up)">&lt;&lt; hand</button><button id="prev" title="previous event (left)">&lt; event</button>
<button id="next" title="next event (right)">event &gt;</button><button id="nexth" title="next hand (down)">hand &gt;&gt;</button>
<input id="slider" type="range" min="0" max="{len(game.tables) - 1}" title="the hand's events" style="width:240px">
event <input id="pos" type="number" min="0" max="{len(game.tables) - 1}" style="width:5em"> / {len(game.tables) - 1}
<label>at the bottom <select id="seat">{seats}</select></label>
<label><input id="closed" type="checkbox"> others closed</label>
<label><input id="english" type="checkbox"> English</label>
<span style="color:#666">keys: left/right events, up/down (page up/down) hands; click a river tile: its discard</span>
</div>
<div id="wrap">
<div id="main"><svg id="table" class="paifu-table" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}"></svg>
<div id="review"></div></div>
<div id="side">
<div>final: {finals or "not reached"}</div>
<h3>Hands</h3><ol id="hands">{hands}</ol>
<h3>Findings ({len(game.findings)})</h3><ol id="findings">{findings}</ol>
<h3>Discard review</h3>{_review_list(rows, why)}
<h3>Scores</h3>{score_curve_svg(game, width=350)}
</div></div>
<script id="paifu-data" type="application/octet-stream">{data}</script>
<script>{JS}</script>
</body></html>
"""
    # the glyphs of every text on the page: the tables', the lists', the review's
    markup = "".join(payload["groups"]) + page + "".join(payload["review"].values())
    return page.replace("__PAIFU_DEFS__", svg_defs(markup), 1)

"""The HTML report: what a league's players want to read first, then the details.

Order: a summary (games, players, dates, flagged share), the standings of players with enough
games (key columns with 95% intervals), plots, the players with few games, then the findings
with their messages. Every table is complete, or says how many rows it shows and names the
CSV beside the HTML that holds all of them (``<name>-players.csv``, ``-games.csv``, ``-findings.csv``).
The page is drawn from the report's aggregates and bounded samples only (counts, curves, the first
findings), so it costs the same memory for a thousand games as for millions.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis.htmlparts import cards, esc, html_table
from paifu.analysis.htmlparts import img as _img
from paifu.analysis.model import MIN_GAMES, Report, side_files, write_table
from paifu.analysis.rating import rating_frame
from paifu.analysis.stats import yaku_frame
from paifu.findings import CODES, Code
from paifu.outfiles import atomic_path, staged_path, write_text
from paifu.view.names import STDIN, VIEWER_DIR

#: rows shown of a long table; the CSV beside the report has them all
MAX_ROWS = 300
_RATES = (("win_rate", "win"), ("deal_in_rate", "deal-in"), ("riichi_rate", "riichi"), ("call_rate", "call"))

CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
main{max-width:1080px;margin:0 auto;padding:1.2em 1.5em 3em}
h1{font-size:1.6em;margin:.2em 0 .1em}h2{font-size:1.25em;margin:1.6em 0 .4em;border-bottom:2px solid #d9dde3}
h3{font-size:1.05em}.sub{color:#5b6575;margin:0 0 1em}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(190px,1fr));gap:.6em}
.card{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:.55em .8em}
.card b{display:block;font-size:.75em;text-transform:uppercase;letter-spacing:.04em;color:#5b6575}
.card span{font-size:.95em}.card.flag span{color:#a4262c}
nav{margin:1em 0;font-size:.9em}nav a{margin-right:1.1em}
.scroll{overflow-x:auto;background:#fff;border:1px solid #d9dde3;border-radius:6px}
table{border-collapse:collapse;font-size:13px;width:100%}
th{background:#eef1f5;text-align:left;position:sticky;top:0}td,th{padding:4px 8px;border-bottom:1px solid #e6e9ee}
td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
td small,.few{color:#7a8494}.few{font-style:italic}
td.msg{min-width:300px}code{font-size:12px}td.code,td.nw,summary{white-space:nowrap}tr.me td{background:#fff6d6;font-weight:600}
.cmd{display:block;max-width:260px;overflow-wrap:anywhere;color:#5b6575}td.rec{overflow-wrap:anywhere;min-width:16em}summary{cursor:pointer;color:#2b5797}
.note{font-size:.88em;color:#5b6575}img{max-width:100%;background:#fff;border:1px solid #d9dde3;border-radius:6px}
.plots{display:grid;grid-template-columns:repeat(auto-fit,minmax(480px,1fr));gap:.8em}
"""


def _na(v: Any) -> bool:
    return v is None or v is pd.NA or (isinstance(v, float) and v != v)


def _est(row: Any, key: str, pct: bool, few: bool) -> str:
    """A value and its interval, or "few games" when the sample is too small to mean anything."""
    v = row[key]
    if _na(v):
        return "<td class='n'>–</td>"
    f = (
        (lambda x: f"{100 * float(x):.1f}")
        if pct
        else (lambda x: f"{float(x):+.1f}" if key.endswith("points") else f"{float(x):.2f}")
    )
    text = f(v) + ("%" if pct else "")
    lo, hi = row.get(f"{key}_low"), row.get(f"{key}_high")
    if few or _na(lo) or _na(hi):
        return f"<td class='n'>{text}</td>"
    return f"<td class='n'>{text} <small>{f(lo)}–{f(hi)}</small></td>"


def page(title: str, heading: str, sub: str, body: list[str]) -> str:
    """A whole self-contained page with the report's look (``CSS``): the report and the tournament
    bracket are both drawn in it. ``body``: HTML parts, in order."""
    return "\n".join(
        [
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'><title>{esc(title)}</title>"
            f"<style>{CSS}</style></head><body><main>",
            f"<h1>{esc(heading)}</h1>",
            f"<p class='sub'>{esc(sub)}</p>",
            *body,
            "</main></body></html>",
        ]
    )


def standings(
    stats: pd.DataFrame, few_games: bool, highlight: str | None = None
) -> tuple[list[str], list[str]]:
    """Key columns per player: games, average placement, rank points, four rates, flagged games."""
    head = [
        "player",
        "games",
        "avg placement",
        "rank points / game",
        *(f"{label} rate" for _, label in _RATES),
        "flagged games",
    ]
    rows = []
    for _, r in stats.iterrows():
        few = few_games or int(r["ranked_games"]) < MIN_GAMES
        games = f"{int(r['games'])}" + (
            f" <small>({int(r['ranked_games'])} ranked)</small>" if r["ranked_games"] != r["games"] else ""
        )
        cells = [
            f"<td>{esc(str(r['player']))}</td>",
            f"<td class='n'>{games}</td>",
            _est(r, "avg_placement", False, few),
            _est(r, "avg_rank_points", False, few),
        ]
        cells += [_est(r, key, True, few) for key, _ in _RATES]
        cells.append(f"<td class='n'>{int(r['flagged_games']) or ''}</td>")
        mark = " class='me'" if highlight is not None and r["player"] == highlight else ""
        rows.append(f"<tr{mark}>" + "".join(cells) + "</tr>")
    return head, rows


def _finding_kinds(report: Report) -> dict[str, tuple[int, int]]:
    """code: (games, findings), from the totals, or counted from a complete findings frame."""
    if report.totals is not None:
        return report.totals.finding_kinds
    f = report.findings
    kinds: dict[str, tuple[int, int]] = {}
    for code, group in f.groupby("code"):
        kinds[str(code)] = (
            len(set(zip(group["source"], group["game_index"], strict=True))),
            int(group["count"].sum()),
        )
    return kinds


def _findings_sections(
    report: Report, csv: str, viewer_links: bool, page_dir: str | None = None
) -> list[str]:
    """The findings by kind and one by one, each with the ``paifu show`` command of its game's page
    (``viewer_links``: a link to that page under ``viewer/`` beside the report, and the command that
    writes it there: ``-o page_dir/viewer/...`` when the report is not in the current folder)."""
    f = report.findings.head(MAX_ROWS)  # the report may hold only the first findings: the CSV has all
    parts = [f"<h2 id='findings'>Findings ({report.flagged_count:,} of {report.games:,} games flagged)</h2>"]
    if not report.findings_count:
        return [*parts, "<p>None: every game replays clean under its rules.</p>"]
    parts.append(
        "<p class='note'>A finding names what the record says and what the rules give. Flagged games stay "
        "in the statistics. Repeated consequences of one cause (a wall that does not match the seed) "
        "are one row with a count.</p>"
    )
    kinds = sorted(_finding_kinds(report).items(), key=lambda kv: (-kv[1][0], kv[0]))
    rows = [
        f"<tr><td><code>{esc(code)}</code></td><td>{esc(CODES[Code(code)] if code in CODES else '')}</td>"
        f"<td class='n'>{games}</td><td class='n'>{findings}</td></tr>"
        for code, (games, findings) in kinds
    ]
    parts += ["<h3>By kind</h3>", html_table(["code", "meaning", "games", "findings"], rows)]
    rows = []
    root = _common_folder([str(x) for x in f["source"]])
    for _, r in f.iterrows():
        name = os.path.relpath(str(r["source"]), root) if root else str(r["source"])
        if r["source"] == STDIN:
            name = "standard input"
        game = esc(str(r["game_id"]) or f"game {r['game_index']}")
        event = "" if _na(r["event_index"]) else int(r["event_index"])
        command = str(r["view"])
        if viewer_links:
            href = f"{VIEWER_DIR}/{r['viewer_page']}" + (f"#event={event}" if event != "" else "")
            if page_dir:
                command += " -o " + shlex.quote(f"{page_dir}/{VIEWER_DIR}/{r['viewer_page']}")
            view = f"<a href='{esc(href)}'>view</a>"
        else:
            view = ""
        view += f"<details><summary>command</summary><code class='cmd'>{esc(command)}</code></details>"
        seat = "" if _na(r["seat"]) else f"{int(r['seat'])} {esc(str(r['player']))}"
        more = (
            f"<br><small>{int(r['count']) - 1} more like it in this game: {esc(str(r['also_in']))}</small>"
            if r["count"] > 1
            else ""
        )
        rows.append(
            f"<tr><td class='rec' title='{esc(str(r['source']))}'>{esc(name)}<br><small>{game}</small></td>"
            f"<td class='nw'>{esc(str(r['hand'] or ''))}</td><td class='n'>{event}</td><td class='nw'>{seat}</td>"
            f"<td class='code'><code>{esc(str(r['code']))}</code></td><td class='msg'>{esc(str(r['finding']))}{more}</td>"
            f"<td>{view}</td></tr>"
        )
    where = f" Paths are under {esc(root)}." if root else ""
    parts += [
        "<h3>Each finding</h3>",
        "<p class='note'>Event numbers count the game's events from 0. "
        + (
            "The viewer column links to the game's page under viewer/ at that event (paifu report wrote "
            "it there); its command writes that page again (run it in the folder paifu report ran in). "
            if viewer_links
            else "The viewer column gives the paifu show command that writes the game's page "
            "(viewer/&lt;record&gt;-&lt;game&gt;.html in the folder it runs in) open at that event. "
        )
        + f"{where}</p>",
        html_table(
            ["record", "hand", "event", "seat", "code", "finding", "viewer"], rows, report.findings_count, csv
        ),
    ]
    return parts


def _common_folder(sources: list[str]) -> str:
    """The folder every source lies under (shown paths are relative to it), or "" when none."""
    try:
        return os.path.commonpath([os.path.dirname(x) for x in sources]) if sources else ""
    except ValueError:  # relative and absolute paths mixed
        return ""


def _plots(report: Report, regular: pd.DataFrame) -> list[str]:
    from paifu.analysis import plots

    top = regular if len(regular) else report.stats.sort_values("ranked_games", ascending=False).head(12)
    top = top[top["ranked_games"] > 0]
    names = [str(p) for p in top["player"]][:20]
    out = ["<h2 id='plots'>Plots</h2>", "<div class='plots'>"]
    if names:
        out.append(_img(plots.rank_points_by_player(top.head(20)), "average rank points per player"))
        shares = {n: report.counters[n].placements for n in names if n in report.counters}
        out.append(_img(plots.placement_share_bars(shares, names), "placements per player"))
        series = {n: report.plots.curves[n].series() for n in names[:10] if n in report.plots.curves}
        out.append(_img(plots.curves(series), "cumulative rank points"))
    out.append(_img(plots.points_histogram(report.plots.points), "rank-point distribution"))
    if len(report.results) == 1:
        out.append(_img(plots.game_scores(report.results[0]), "scores"))
    return [*out, "</div>"]


def _page_dir(report: Path) -> str | None:
    """The report's folder as ``paifu show -o`` needs it from the current folder (None: this one),
    with its ``viewer/`` made, so the commands beside the links write where the links point."""
    folder = report.resolve().parent
    with contextlib.suppress(OSError):  # a file named viewer: the links cannot work; the page still can
        (folder / VIEWER_DIR).mkdir(parents=True, exist_ok=True)  # the report's own folder may be new too
    try:
        rel = os.path.relpath(folder, Path.cwd().resolve())
    except ValueError:  # another drive
        return str(folder)
    return None if rel == "." else rel


def write_html(report: Report, path: str | Path, viewer_links: bool = False) -> Path:
    """The report as one self-contained HTML file (plots inline), its full tables as CSV beside it."""
    p = Path(path)
    files = side_files(p)
    complete = {
        "games": len(report.frames.games) == report.games,
        "findings": len(report.findings) == report.findings_count,
    }
    for key, table in (("games", report.frames.game_players), ("findings", report.findings)):
        done = report.streamed.get(key)  # complete already: the sink wrote it as the games came
        if done is None and not complete[key]:
            raise ValueError(
                f"{p}: the report holds a sample of its {key}, not all of them: "
                "make it with ReportSink(html=...) so the full table is written as games come"
            )
        if done is None:
            write_table(table, files[key])
        elif Path(done).resolve() != files[key].resolve():
            with atomic_path(files[key]) as tmp:
                shutil.copyfile(staged_path(done) or done, tmp)  # complete, maybe not yet under its name
    write_table(report.stats, files["players"])
    write_table(yaku_frame(report.counters), files["yaku"])
    if report.rating:
        write_table(rating_frame(report.rating), files["rating"])
    stats = report.stats.sort_values(["ranked_games", "games", "player"], ascending=[False, False, True])
    regular = stats[stats["ranked_games"] >= MIN_GAMES]
    occasional = stats[stats["ranked_games"] < MIN_GAMES]
    parts = [
        cards(report.headline(), "flagged" if report.flagged_count else None),
        "<nav><a href='#standings'>Standings</a><a href='#plots'>Plots</a>"
        + ("<a href='#player'>Player</a>" if report.player else "")
        + ("<a href='#others'>Other players</a>" if len(occasional) and len(regular) else "")
        + "<a href='#findings'>Findings</a><a href='#files'>Files</a></nav>",
    ]
    csv = {k: v.name for k, v in files.items()}
    if len(regular):
        head, rows = standings(regular, few_games=False, highlight=report.player)
        parts += [
            f"<h2 id='standings'>Standings: {len(regular)} players with {MIN_GAMES}+ ranked games</h2>",
            "<p class='note'>Small grey numbers: 95% intervals. Rates are per hand dealt; rank points "
            + (
                "under each game's own platform scheme"
                if report.scheme == "auto"
                else f"under scheme {esc(report.scheme)}"
            )
            + ".</p>",
            html_table(head, rows, csv=csv["players"]),
        ]
    else:
        head, rows = standings(stats.head(MAX_ROWS), few_games=True, highlight=report.player)
        parts += [
            "<h2 id='standings'>Players</h2>",
            f"<p class='note few'>No player has {MIN_GAMES} ranked games yet: values are shown without "
            "intervals, as too few games say little about a player.</p>",
            html_table(head, rows, len(stats), csv["players"]),
        ]
        occasional = occasional.iloc[0:0]
    parts += _plots(report, regular)
    if report.player is not None and report.player in report.counters:
        from paifu.analysis.player_page import player_section

        parts += player_section(report)
    if len(occasional):
        head, rows = standings(occasional.head(MAX_ROWS), few_games=True, highlight=report.player)
        parts += [
            f"<h2 id='others'>Other players ({len(occasional):,}, fewer than {MIN_GAMES} ranked games)</h2>",
            "<p class='note few'>Too few games for intervals; the values say little yet.</p>",
            html_table(head, rows, len(occasional), csv["players"]),
        ]
    parts += _findings_sections(report, csv["findings"], viewer_links, _page_dir(p) if viewer_links else None)
    if report.unreadable:
        rows = [f"<tr><td>{esc(f)}</td><td>{esc(r)}</td></tr>" for f, r in report.unreadable]
        parts += ["<h2>Unreadable inputs</h2>", html_table(["file", "reason"], rows)]
    parts += [
        "<h2 id='files'>Files</h2><ul>"
        f"<li><a href='{esc(csv['players'])}'>{esc(csv['players'])}</a>: every player, every statistic with "
        "its interval</li>"
        f"<li><a href='{esc(csv['games'])}'>{esc(csv['games'])}</a>: one row per game and seat</li>"
        f"<li><a href='{esc(csv['findings'])}'>{esc(csv['findings'])}</a>: every finding</li>"
        f"<li><a href='{esc(csv['yaku'])}'>{esc(csv['yaku'])}</a>: every player's yaku, share of wins</li>"
        + (
            f"<li><a href='{esc(csv['rating'])}'>{esc(csv['rating'])}</a>: the player's Tenhou R, game by game</li>"
            if report.rating
            else ""
        )
        + "</ul>",
    ]
    write_text(  # complete or absent
        p,
        page("paifu report", "Game report", f"{report.games:,} games replayed and checked by paifu.", parts),
    )
    return p

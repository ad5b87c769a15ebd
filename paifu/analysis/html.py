"""The HTML report: what a league's players want to read first, then the details.

Order: a summary (games, tables, players, dates, flagged share), then for every table key (four
players first, then three: never pooled) its league table sorted by total rank points and its
plots, the games list (each game linked to its viewer page), the players' index (every player has
a page of their own, ``paifu.analysis.player_page``), then the findings with their messages. Every
table is complete, or says how many rows it shows and names the CSV beside the HTML that holds all
of them (``<name>-players.csv``, ``-league.csv``, ``-games.csv``, ``-findings.csv``). The pages are
drawn from the report's aggregates and bounded samples only (counts, curves, the first games and
findings), so they cost the same memory for a thousand games as for millions, and carry the
glyphs of their Japanese text (``paifu.analysis.fonts``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis import html_findings
from paifu.analysis.finding_rows import show_command
from paifu.analysis.fonts import shareable
from paifu.analysis.html_findings import findings_sections
from paifu.analysis.htmlparts import CSS, cards, esc, html_table, page
from paifu.analysis.htmlparts import img as _img
from paifu.analysis.model import MIN_GAMES, Report
from paifu.analysis.parts import SEATS
from paifu.analysis.player_page import player_page, player_section
from paifu.analysis.ranks import standings_now
from paifu.analysis.rating import rating_frame
from paifu.analysis.rowfiles import side_files, write_table
from paifu.analysis.stats import yaku_frame
from paifu.analysis.tables import PLAYERS_LABEL, TableKey
from paifu.outfiles import atomic_path, name_hash, short_name, staged_path, write_text
from paifu.view.names import VIEWER_DIR, page_name

__all__ = ["CSS", "MAX_ROWS", "linked_games", "page", "player_files", "write_html"]

#: rows shown of a long table; the CSV beside the report has them all
MAX_ROWS = 300
#: games listed (each linked to its viewer page); the games CSV beside the report has them all
MAX_GAMES = 200
_RATES = (("win_rate", "win"), ("deal_in_rate", "deal-in"), ("riichi_rate", "riichi"), ("call_rate", "call"))


def _na(v: Any) -> bool:
    return v is None or v is pd.NA or v is pd.NaT or (isinstance(v, float) and v != v)


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


def league_table(
    report: Report, key: TableKey, links: dict[str, str] | None = None, limit: int | None = None
) -> tuple[list[str], list[str], int]:
    """The league table of one table key as (head, rows, total rows): rank, player, games, total and
    average rank points, placements, average placement, four rates, flagged games; sorted by total.
    Rows of players with fewer than ``MIN_GAMES`` ranked games are greyed, their intervals left out."""
    league = report.league(key)
    stats = report.stats
    stats = stats[key.mask(stats)].set_index("player")
    places = [f"{p}" for p in range(1, key.players + 1)]
    head = [
        "#",
        "player",
        "games",
        "total points",
        "points / game",
        *(f"{p}{'st' if p == '1' else 'nd' if p == '2' else 'rd' if p == '3' else 'th'}" for p in places),
        "avg placement",
        *(f"{label} rate" for _, label in _RATES),
        "flagged games",
    ]
    rows = []
    for _, r in league.head(MAX_ROWS if limit is None else limit).iterrows():
        name = str(r["player"])
        s: Any = stats.loc[name]
        few = int(r["ranked_games"]) < MIN_GAMES
        games = f"{int(r['games'])}" + (
            f" <small>({int(r['ranked_games'])} ranked)</small>" if r["ranked_games"] != r["games"] else ""
        )
        href = (links or {}).get(name)
        shown = f"<a href='{esc(href)}'>{esc(name)}</a>" if href else esc(name)
        total = "–" if _na(r["total_points"]) else f"{float(r['total_points']):+.1f}"
        cells = [
            f"<td class='n'>{int(r['rank'])}</td>",
            f"<td>{shown}</td>",
            f"<td class='n'>{games}</td>",
            f"<td class='n'><b>{total}</b></td>",
            _est(s, "avg_rank_points", False, few),
            *(f"<td class='n'>{int(r[f'placement_{p}'])}</td>" for p in places),
            _est(s, "avg_placement", False, few),
            *(_est(s, k, True, few) for k, _ in _RATES),
            f"<td class='n'>{int(s['flagged_games']) or ''}</td>",
        ]
        classes = [c for c in ("me" if name == report.player else "", "few" if few else "") if c]
        mark = f" class='{' '.join(classes)}'" if classes else ""
        rows.append(f"<tr{mark}>" + "".join(cells) + "</tr>")
    return head, rows, len(league)


def _table_plots(report: Report, key: TableKey) -> list[str]:
    from paifu.analysis import plots

    table = report.table(key)
    stats = report.stats
    stats = stats[key.mask(stats)]
    top = stats[stats["ranked_games"] >= MIN_GAMES]
    if not len(top):
        top = stats.sort_values("ranked_games", ascending=False).head(12)
    top = top[top["ranked_games"] > 0].sort_values(["ranked_games", "player"], ascending=[False, True])
    names = [str(p) for p in top["player"]][:20]
    data = report.plots.get(key)
    out = ["<div class='plots'>"]
    if names:
        out.append(_img(plots.rank_points_by_player(top.head(20)), "average rank points per player"))
        shares = {n: table[n].placements for n in names if n in table}
        out.append(_img(plots.placement_share_bars(shares, names, size=key.players), "placements per player"))
        if data is not None:
            series = {n: data.curves[n].series() for n in names[:10] if n in data.curves}
            out.append(_img(plots.curves(series), "cumulative rank points"))
    if data is not None:
        out.append(_img(plots.points_histogram(data.points), "rank-point distribution"))
    return [*out, "</div>"]


def _table_section(report: Report, key: TableKey, links: dict[str, str], csv: str) -> list[str]:
    games = report.totals.tables.get(key, 0) if report.totals is not None else 0
    head, rows, total = league_table(report, key, links)
    scheme = (
        "under each game's own platform scheme"
        if report.scheme == "auto"
        else f"under scheme {esc(report.scheme)}"
    )
    return [
        f"<h2 id='{esc(key.slug)}' class='league'>{esc(key.label)}: {games:,} games, {total:,} players</h2>",
        f"<p class='note'>Sorted by total rank points {scheme}; tied totals share a rank. Small grey numbers: "
        f"95% intervals; grey rows: fewer than {MIN_GAMES} ranked games. Rates are per hand dealt, compared "
        f"only with this table's field ({esc(PLAYERS_LABEL.get(key.players, ''))} never pools with another size).</p>",
        html_table(head, rows, total, csv),
        *_table_plots(report, key),
    ]


def _games_rows(report: Report) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The games the page lists (the first ``MAX_GAMES``), each with its seats' rows."""
    if report.results and len(report.frames.games) == len(report.results):  # ``build_report``: whole frames
        seats = report.frames.game_players
        out = []
        for _, g in report.frames.games.head(MAX_GAMES).iterrows():
            mine = seats[(seats["source"] == g["source"]) & (seats["game_index"] == g["game_index"])]
            out.append((dict(g), [dict(s) for _, s in mine.iterrows()]))
        return out
    return [(g, list(g.get(SEATS, []))) for g in report.games_sample[:MAX_GAMES]]


def _seat_order(s: dict[str, Any]) -> tuple[int, int, int]:
    """Seats in finishing order (games without final scores: by seat)."""
    place: Any = s.get("placement")
    seat: Any = s.get("seat")
    return (1 if _na(place) else 0, 0 if _na(place) else int(place), 0 if _na(seat) else int(seat))


def linked_games(report: Report) -> list[tuple[str, int]]:
    """The games the page links to viewer pages (``--viewer-links`` writes those): the listed games
    and the first findings' games, each once, in that order."""
    seen: dict[tuple[str, int], None] = {}
    for g, _ in _games_rows(report):
        seen[(str(g["source"]), int(g["game_index"]))] = None
    f = report.findings.head(html_findings.MAX_FINDINGS)
    for s, i in zip(f["source"], f["game_index"], strict=True):
        seen[(str(s), int(i))] = None
    return list(seen)


def _games_section(
    report: Report, csv: str, viewer_links: bool, links: dict[str, str], page_dir: str | None = None
) -> list[str]:
    """The first games, each with its seats in finishing order, its findings and its viewer page
    (``viewer_links``: a link, and the command that writes it there: ``-o page_dir/viewer/...``
    when the report is not in the current folder)."""
    rows = []
    for g, seats in _games_rows(report):
        source, index = str(g["source"]), int(g["game_index"])
        date = "" if _na(g.get("date")) else f"{pd.Timestamp(g['date']):%Y-%m-%d %H:00}"
        order = sorted(seats, key=_seat_order)
        who = []
        for s in order:
            name = str(s["player"]) if not _na(s["player"]) else ""
            href = links.get(name)
            shown = f"<a href='{esc(href)}'>{esc(name)}</a>" if href else esc(name or "–")
            pts = "" if _na(s.get("points")) else f" {float(s['points']):+.1f}"
            place = "" if _na(s.get("placement")) else f"{int(s['placement'])}. "
            who.append(f"{place}{shown}{pts}")
        page_file = page_name(source, index)
        command = show_command(
            source, index, output=f"{page_dir}/{VIEWER_DIR}/{page_file}" if page_dir else None
        )
        view = f"<a href='{esc(VIEWER_DIR)}/{esc(page_file)}'>open</a>" if viewer_links else ""
        view += f"<details><summary>command</summary><code class='cmd'>{esc(command)}</code></details>"
        flag = "" if _na(g.get("findings")) or not int(g["findings"]) else f"{int(g['findings'])}"
        rows.append(
            f"<tr><td class='nw'>{esc(date)}</td><td class='rec'>{esc(str(g['game_id']))}</td>"
            f"<td class='nw'>{esc(str(g.get('rules') or ''))}</td><td>{'<br>'.join(who)}</td>"
            f"<td class='n'>{flag}</td><td>{view}</td></tr>"
        )
    note = (
        "Each game links to its viewer page under viewer/ beside this report (paifu report wrote it there)."
        if viewer_links
        else "Each game's command writes its viewer page (add --viewer-links to have them written and linked)."
    )
    return [
        f"<h2 id='games'>Games ({report.games:,})</h2>",
        f"<p class='note'>{note} Seats in finishing order with their rank points.</p>",
        html_table(["date", "game", "rules", "players", "findings", "viewer"], rows, report.games, csv),
    ]


def player_files(report: Report) -> dict[str, str]:
    """Every player's page file name (inside ``<report>-players/``): the name with letters of any
    script, digits and ``_ . -`` kept, and a stable hash where anything else was lost or two names
    differ only in case (a case-blind file system would give them one file)."""
    names = report.players()
    folded: dict[str, int] = {}
    for n in names:
        folded[n.casefold()] = folded.get(n.casefold(), 0) + 1
    out = {}
    for n in names:
        stem = re.sub(r"[^\w.-]+|^[.-]", "_", n) or "player"
        if stem != n or folded[n.casefold()] > 1 or stem.casefold() == "index":
            stem += f"~{name_hash(n)}"
        out[n] = short_name(stem, ".html")
    return out


def _players_index(report: Report, files: dict[str, str], folder: str) -> tuple[list[str], list[str]]:
    """The players' index as table rows: each player's page and the tables they sat at."""
    head = ["player", "tables", "games", "R / dan now (peak)"]
    now: dict[str, dict[str, Any]] = {}
    for s in sorted(standings_now(report.rating), key=lambda s: -s["players"]):  # four players first
        now.setdefault(s["player"], s)
    rows = []
    for name in report.players():
        keys = report.keys_of(name)
        games = sum(report.counters[(k, name)].games for k in keys)
        held = now.get(name)
        standing = ""
        if held is not None and held.get("current_rate") is not None:
            standing = (
                f"{held['current_rate']:.0f} / {held.get('current_dan_name') or ''} "
                f"({held['peak_rate']:.0f} / {held.get('peak_dan_name') or ''})"
            )
        rows.append(
            f"<tr><td><a href='{esc(folder)}/{esc(files[name])}'>{esc(name)}</a></td>"
            f"<td>{'<br>'.join(esc(k.label) for k in keys)}</td><td class='n'>{games:,}</td>"
            f"<td class='nw'>{esc(standing)}</td></tr>"
        )
    return head, rows


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
    """The report as one self-contained HTML file (plots inline), a page per player with an index in
    ``<name>-players/``, and its full tables as CSV beside it."""
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
    write_table(report.league(), files["league"])
    write_table(yaku_frame(report.counters), files["yaku"])
    if report.rating:
        write_table(rating_frame(report.rating), files["rating"])
    csv = {k: v.name for k, v in files.items()}
    folder = files["pages"].parent
    pages = player_files(report)
    links = {name: f"{folder.name}/{f}" for name, f in pages.items()}
    keys = report.table_keys()
    parts = [
        cards(report.headline(), "flagged" if report.flagged_count else None),
        "<nav>"
        + "".join(f"<a href='#{esc(k.slug)}'>{esc(k.label)}</a>" for k in keys)
        + ("<a href='#player'>Player</a>" if report.player else "")
        + "<a href='#games'>Games</a><a href='#players'>Players</a>"
        + "<a href='#findings'>Findings</a><a href='#files'>Files</a></nav>",
    ]
    if not keys:
        parts.append("<h2 id='standings'>League table</h2><p>none: no game was selected.</p>")
    for table_key in keys:
        parts += _table_section(report, table_key, links, csv["league"])
    if report.player is not None and any(n == report.player for _, n in report.counters):
        parts += player_section(report)
    parts += _games_section(report, csv["games"], viewer_links, links, _page_dir(p) if viewer_links else None)
    head, rows = _players_index(report, pages, folder.name)
    parts += [
        f"<h2 id='players'>Players ({len(rows):,})</h2>",
        "<p class='note'>Each player's page has every statistic against each table's field, the yaku, the "
        f"records and the rating and rank over time. The index is also <a href='{esc(folder.name)}/index.html'>"
        f"{esc(folder.name)}/index.html</a>.</p>",
        html_table(head, rows),
    ]
    parts += findings_sections(report, csv["findings"], viewer_links, _page_dir(p) if viewer_links else None)
    if report.unreadable:
        rows = [f"<tr><td>{esc(f)}</td><td>{esc(r)}</td></tr>" for f, r in report.unreadable]
        parts += ["<h2>Unreadable inputs</h2>", html_table(["file", "reason"], rows)]
    parts += [
        "<h2 id='files'>Files</h2><ul>"
        f"<li><a href='{esc(csv['league'])}'>{esc(csv['league'])}</a>: the league table of every table</li>"
        f"<li><a href='{esc(csv['players'])}'>{esc(csv['players'])}</a>: every player at every table, every "
        "statistic with its interval</li>"
        f"<li><a href='{esc(csv['games'])}'>{esc(csv['games'])}</a>: one row per game and seat</li>"
        f"<li><a href='{esc(csv['findings'])}'>{esc(csv['findings'])}</a>: every finding</li>"
        f"<li><a href='{esc(csv['yaku'])}'>{esc(csv['yaku'])}</a>: every player's yaku, share of wins</li>"
        + (
            f"<li><a href='{esc(csv['rating'])}'>{esc(csv['rating'])}</a>: every player's stated R, dan and "
            "rank points, game by game, re-anchored on each record</li>"
            if report.rating
            else ""
        )
        + "</ul>",
    ]
    font_text = "".join([*report.players(), *(k.label for k in keys), _FIXED_TEXT])
    _write_player_pages(report, folder, pages, font_text if shareable(font_text) else None)
    write_text(  # complete or absent
        p,
        page(
            "paifu report",
            "Game report",
            f"{report.games:,} games replayed and checked by paifu.",
            parts,
            font_text="".join([font_text, *parts]),
        ),
    )
    return p


def _fixed_text() -> str:
    """The text outside ASCII every player page may hold besides names (one carried font serves all)."""
    from paifu.analysis.player_page import STATISTICS
    from paifu.analysis.ranks import DAN_NAMES

    labels = "最大連荘役満数えダブリー流し満貫最大翻数和了放銃最常同卓四麻三麻のレーティング段位再計算記録"
    return "".join([*(ja for _, _, ja, _ in STATISTICS), *DAN_NAMES, labels, "–—…×·、。（）：±"])


_FIXED_TEXT = _fixed_text()


def _write_player_pages(report: Report, folder: Path, files: dict[str, str], font_text: str | None) -> None:
    """A page per player and their index in ``folder`` (made if missing); each page complete or absent.
    ``font_text``: the characters of the font every page shares (None: each page carries its own)."""
    folder.mkdir(parents=True, exist_ok=True)

    def link(name: str) -> str | None:
        return files.get(name)

    for name, file in files.items():
        write_text(folder / file, player_page(report, name, link, "index.html", font_text))
    head, rows = _players_index(report, files, ".")
    index = page(
        "players - paifu report", "Players", f"{len(files):,} players.", [html_table(head, rows)], font_text
    )
    write_text(folder / "index.html", index)

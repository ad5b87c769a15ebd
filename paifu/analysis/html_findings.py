"""The HTML report's findings: by kind, then one by one, each with the ``paifu show`` command (and,
with ``--viewer-links``, the link) of its game's page at the finding's event."""

from __future__ import annotations

import os
import shlex
from typing import Any

import pandas as pd

from paifu.analysis.htmlparts import esc, html_table
from paifu.analysis.model import Report
from paifu.findings import CODES, Code
from paifu.view.names import STDIN, VIEWER_DIR

#: findings shown one by one; the findings CSV beside the report has them all
MAX_FINDINGS = 300


def _na(v: Any) -> bool:
    return v is None or v is pd.NA or v is pd.NaT or (isinstance(v, float) and v != v)


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


def findings_sections(report: Report, csv: str, viewer_links: bool, page_dir: str | None = None) -> list[str]:
    """The findings by kind and one by one, each with the ``paifu show`` command of its game's page
    (``viewer_links``: a link to that page under ``viewer/`` beside the report, and the command that
    writes it there: ``-o page_dir/viewer/...`` when the report is not in the current folder)."""
    f = report.findings.head(MAX_FINDINGS)  # the report may hold only the first findings: the CSV has all
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

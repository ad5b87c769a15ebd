"""The index ``paifu show --all`` writes beside a file's game pages: one row per game (its id, its
players by place with their final scores and rank points, its hands and findings) and a link to
its page; a game that could not be drawn says so in its row."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paifu.safety import display_path
from paifu.view.glyphs import font_css
from paifu.view.names import game_label, shown_names
from paifu.view.panels import CSS as PANEL_CSS

CSS = """
body{margin:0;padding:10px 14px;background:#fafaf7}h1{font-size:18px;margin:0 0 8px;overflow-wrap:anywhere}
table{border-collapse:collapse;font-size:14px}td,th{padding:3px 10px 3px 0;text-align:left;vertical-align:top}
th{color:#555;font-weight:normal;border-bottom:1px solid #ccc}tr:nth-child(even){background:#f0efe8}
a{color:#1857a6}.n{text-align:right}.bad{color:#b00020}.wrap{overflow-x:auto}
"""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the index shows of one game: kept instead of the game (a game's tables are its memory)."""

    label: str
    rules: str
    players: tuple[str, ...]
    ending: Any  # ``paifu.view.ending.EndTable`` or None
    hands: int
    findings: int


def summary(game: Any) -> GameSummary:
    """The index's row of a ``GameView``."""
    r = game.result
    label = game_label(r.game_id, display_path(r.source), r.game_index)
    return GameSummary(
        label, r.rules.name, tuple(r.players), game.ending, len(game.hands), len(game.findings)
    )


def _players(game: GameSummary) -> str:
    ending = game.ending
    if ending is None:
        return html.escape(", ".join(shown_names(game.players))) + " (no game end)"
    return "<br>".join(
        f"{r.place}. {html.escape(r.name or f'seat {r.seat}')} {r.score:,} ({html.escape(r.points_text)})"
        for r in ending.rows
    )


def index_html(source: str, games: Sequence[GameSummary | None], pages: Sequence[str]) -> str:
    """The index page: ``games`` (a ``summary``, or None for a game that could not be drawn) and
    their pages' file names, in the file's order."""
    esc = html.escape
    rows = []
    for k, (game, page) in enumerate(zip(games, pages, strict=True)):
        if game is None:
            rows.append(
                f"<tr><td>{k}</td><td colspan='4' class='bad'>not drawn: see the command's message</td></tr>"
            )
            continue
        found = f"<span class='bad'>{game.findings}</span>" if game.findings else "0"
        rows.append(
            f"<tr><td><a href='{esc(page)}'>{k}</a></td><td><a href='{esc(page)}'>{esc(game.label)}</a><br>"
            f"<small>{esc(game.rules)}</small></td><td>{_players(game)}</td>"
            f"<td class='n'>{game.hands}</td><td class='n'>{found}</td></tr>"
        )
    title = f"{display_path(source)}: {len(games)} games"
    body = (
        f"<h1>{esc(title)}</h1><div class='wrap'><table><tr><th>game</th><th>id, rules</th>"
        f"<th>places, final scores, rank points</th><th>hands</th><th>findings</th></tr>{''.join(rows)}</table></div>"
    )
    face, family = font_css(body)
    font = f" style=\"--pf-font:'{family}'\"" if family else ""
    return (
        f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'><meta name='viewport' "
        f"content='width=device-width, initial-scale=1'><title>paifu: {esc(title)}</title>"
        f"<style>{face}{PANEL_CSS}{CSS}</style></head><body class='pf'{font}>{body}</body></html>\n"
    )

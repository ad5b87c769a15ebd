"""The viewer pages a report links to (``paifu report --viewer-links``), written beside it.

Each linked game's page is the one ``paifu show FILE --game N`` writes, so a link opens without
running a command per game by hand. A record read from standard input cannot be read again: its
page is left out (the report gives the command that pipes it into ``paifu show -``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from paifu.outfiles import write_text
from paifu.view.names import STDIN, page_name

if TYPE_CHECKING:
    from paifu.rules import Ruleset


def write_pages(
    games: Iterable[tuple[str, int]], folder: str | Path, rules: Ruleset | None = None
) -> list[str]:
    """Write ``folder/<stem>-<N>.html`` for each (source, game index); return one line per game that
    could not be written (file, game and why), none when every page is there."""
    from paifu.formats import read_path
    from paifu.view.game import GameView

    out = Path(folder)
    by_source: dict[str, list[int]] = {}
    for source, game in games:
        if source != STDIN:
            by_source.setdefault(source, [])
            if game not in by_source[source]:
                by_source[source].append(game)
    problems: list[str] = []
    if by_source:
        out.mkdir(parents=True, exist_ok=True)
    for source, numbers in by_source.items():
        try:
            records = read_path(source)
        except Exception as e:  # noqa: BLE001 - one unreadable file leaves the others' pages
            problems.append(f"{source}: no viewer page: {type(e).__name__}: {e}")
            continue
        for game in numbers:
            try:
                view = GameView.of_records(records, source, game, rules)
                write_text(out / page_name(source, game), view.to_html())  # whole or not at all
            except Exception as e:  # noqa: BLE001
                problems.append(f"{source}: game {game}: no viewer page: {type(e).__name__}: {e}")
    return problems

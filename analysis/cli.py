"""``paifu report``: everything the command does, given its arguments (the CLI only parses)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from analysis.rank_points import SchemeError, get_scheme, rank_points

#: flagged games listed on standard output (the rest are counted)
FLAGGED_LINES = 10


def run_report(paths: Sequence[str], player: str | None = None, scheme: str = "auto", html: str | None = None,
               players_out: str | None = None, games_out: str | None = None, rules: Any = None,
               out: TextIO | None = None, jobs: int = 1, quiet: bool = False, viewer_links: bool = False) -> int:
    """Replay ``paths``, report, write the requested files; exit code like ``paifu validate``:
    0 all games clean, 1 some games have findings (flagged, still reported), 2 unreadable
    inputs, a bad scheme or no games at all. ``jobs`` != 1 replays on that many processes
    (0 = all cores) with the same results in the same order. Up to ``FLAGGED_LINES`` flagged games are
    listed (``quiet``: none).
    A ``--player`` that matches nobody (also ignoring case) is an error with the closest names."""
    from analysis.report import build_report, write_html, write_table
    from paifu.pipeline import Unreadable

    out = out or sys.stdout
    for table in (players_out, games_out):  # before the replay, not after it
        if table and Path(table).suffix.lower() not in (".csv", ".parquet", ".pq"):
            sys.stderr.write(f"paifu: {table}: write tables as .csv or .parquet\n")
            return 2
    if scheme != "auto":
        from paifu.safety import check_settings, printable

        try:
            chosen = get_scheme(scheme)
            check_settings(chosen)
            rank_points([chosen.start_points] * chosen.num_players, chosen)  # a scheme that cannot compute
        except SchemeError as e:
            sys.stderr.write(f"paifu: {printable(e)}\n")
            return 2
        except OSError as e:
            sys.stderr.write(f"paifu: {printable(scheme)}: cannot read: {e.strerror or e}\n")
            return 2
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError, RecursionError) as e:
            what = ("its numbers cannot be computed (decimals or unit too large?)" if isinstance(e, ArithmeticError)
                    else f"{type(e).__name__}: {printable(e)}")
            sys.stderr.write(f"paifu: {printable(scheme)}: not a valid scheme: {what}\n")
            return 2
    from paifu.safety import printable

    results, unreadable, skipped = [], [], []
    from paifu.cli import replay_inputs
    from paifu.pipeline import with_progress

    for item in with_progress(replay_inputs(paths, rules, jobs=jobs, skipped=skipped)):
        if isinstance(item, Unreadable):
            sys.stderr.write(printable(f"{item.file}: UNREADABLE: {item.reason}") + "\n")
            unreadable.append(item)
        else:
            results.append(item)
    for sk in skipped:  # found in a folder, deliberately not read: listed, never silent
        sys.stderr.write(printable(f"{sk.file}: skipped: {sk.reason}") + "\n")
    if not results:
        sys.stderr.write("paifu: no games found\n")
        return 2
    report = build_report(results, player=player, scheme=scheme, unreadable=unreadable)
    if player is not None:
        found, hints = report.find_player(player)
        if found is None:
            hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
            sys.stderr.write(f"paifu report: no player named {player!r} in {len(report.counters)} players{hint}\n")
            return 2
        report.player = found
    out.write(report.summary() + "\n")
    if scheme != "auto":
        unfit = sum(1 for r in results if len(r.players) != get_scheme(scheme).num_players)
        if unfit:
            sys.stderr.write(f"paifu: {unfit} games have another number of players than scheme {scheme!r}: "
                             "their rank points are left empty\n")
    if not quiet:  # a few examples; the HTML, its findings CSV and paifu validate -q have them all
        for _, row in report.flagged.head(FLAGGED_LINES).iterrows():
            out.write(printable(f"flagged: {row['source']} game {row['game_id'] or row['game_index']}: "
                                f"{row['finding_codes']}") + "\n")
        if len(report.flagged) > FLAGGED_LINES:
            out.write(f"... and {len(report.flagged) - FLAGGED_LINES:,} more flagged games "
                      "(all of them: --html, or paifu validate -q)\n")
    if html:
        write_html(report, html, viewer_links=viewer_links)
    if players_out:
        write_table(report.stats, players_out)
    if games_out:
        write_table(report.frames.game_players, games_out)
    if unreadable:
        return 2
    return 1 if len(report.flagged) else 0

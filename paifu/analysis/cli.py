"""``paifu report``: everything the command does, given its arguments (the CLI only parses)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from paifu.analysis.rank_points import SchemeError, get_scheme, rank_points
from paifu.analysis.tables import Selection

if TYPE_CHECKING:
    from paifu.analysis.model import Report
    from paifu.analysis.stream import ReportSink
    from paifu.rules import Ruleset
from paifu.cli.common import plural
from paifu.cli.interrupt import Interrupt

#: flagged games listed on standard output (the rest are counted)
FLAGGED_LINES = 10


def run_report(
    paths: Sequence[str],
    player: str | None = None,
    scheme: str = "auto",
    html: str | None = None,
    players_out: str | None = None,
    games_out: str | None = None,
    rules: Ruleset | None = None,
    out: TextIO | None = None,
    jobs: int | None = None,
    quiet: bool = False,
    viewer_links: bool = False,
    out_dir: str | None = None,
    partition: str = "source",
    scheduler: str | None = None,
    filters: dict[str, Any] | None = None,
    split: str = "table",
    convention: str = "paifu",
) -> int:
    """Replay ``paths``, report, write the requested files; exit code like ``paifu validate``:
    0 all games clean, 1 some games have findings (flagged, still reported), 2 unreadable
    inputs, a bad scheme or no games at all. ``jobs`` (other than None or 1) replays on that many
    processes (0 = all cores) with the same results in the same order; ``scheduler`` (``"dask"``:
    a local cluster of ``jobs`` workers, None or 0 = one per core; or a scheduler address)
    replays on Dask workers instead, again with the same output. Up to ``FLAGGED_LINES`` flagged
    games are listed (``quiet``: none). A ``--player`` that matches nobody (also ignoring case) is an
    error with the closest names. ``filters``: the command's filter options (``selection``), every
    one of which must hold; ``split`` and ``convention`` as ``ReportSink`` takes them. After the
    summary, each table's league table is printed as a table (``paifu.analysis.terminal``).

    Memory stays flat in the number of games (``paifu.analysis.stream``): rows go to ``out_dir`` (a Parquet
    dataset, ``partition`` by source folder or date), to ``games_out`` and to the tables beside
    ``html`` chunk by chunk, and the report is rendered from the aggregates."""
    from paifu.analysis.rowfiles import table_suffix_ok
    from paifu.analysis.stream import OutputError, ReportSink
    from paifu.outfiles import staged
    from paifu.safety import printable

    out = out or sys.stdout
    for table in (players_out, games_out):  # before the replay, not after it
        if table and not table_suffix_ok(table):
            sys.stderr.write(f"paifu: {table}: write tables as .csv or .parquet\n")
            return 2
    if scheme != "auto":
        from paifu.safety import check_settings

        try:
            chosen = get_scheme(scheme)
            check_settings(chosen)
            rank_points([chosen.start_points] * chosen.num_players, chosen)  # a scheme that cannot compute
        except SchemeError as e:
            named = not Path(scheme).is_file() or str(e).startswith(printable(scheme))
            sys.stderr.write(f"paifu: {'' if named else printable(scheme) + ': '}{printable(e)}\n")
            return 2
        except OSError as e:
            sys.stderr.write(f"paifu: {printable(scheme)}: cannot read: {e.strerror or e}\n")
            return 2
        except (
            ValueError,
            TypeError,
            KeyError,
            IndexError,
            AttributeError,
            ArithmeticError,
            RecursionError,
        ) as e:
            what = (
                "its numbers cannot be computed (decimals or unit too large?)"
                if isinstance(e, ArithmeticError)
                else f"{type(e).__name__}: {printable(e)}"
            )
            sys.stderr.write(f"paifu: {printable(scheme)}: not a valid scheme: {what}\n")
            return 2

    try:
        chosen_games = selection(filters or {})
    except (ValueError, OSError, UnicodeDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else e
        sys.stderr.write(printable(f"paifu report: {why}") + "\n")
        return 2

    def unreadable(file: str, reason: str) -> None:
        sys.stderr.write(printable(f"{file}: UNREADABLE: {reason}") + "\n")

    written = _outputs(html, players_out, games_out)
    before = {path: _identity(path) for path in written}
    try:
        sink = ReportSink(
            scheme,
            player,
            out_dir=out_dir,
            partition=partition,
            games_out=games_out,
            html=html,
            on_unreadable=unreadable,
            selection=chosen_games,
            split=split,
            convention=convention,
        )
    except (OutputError, ValueError) as e:
        sys.stderr.write(f"paifu: {printable(e)}\n")
        return 2
    skipped: list = []
    stop = Interrupt()
    try:
        with staged():  # every file of the report put under its name at the end, together
            read = _feed(sink, paths, rules, jobs, scheduler, skipped, stop)
            if stop.hit:  # Ctrl-C: a report of part of the games would pass for the whole
                sink.discard()
                return stop.say(
                    "report",
                    f"{plural(read, 'game')} replayed; no report written (its partial files removed)",
                )
            sink.close()
            return _finish(
                sink,
                skipped,
                player,
                scheme,
                quiet,
                html,
                viewer_links,
                players_out,
                rules,
                out,
                chosen_games,
            )
    except BaseException:  # stopped, or a file that cannot be written: no report of this run is left
        sink.discard()
        for path in written:
            if _identity(path) != before[path]:
                Path(path).unlink(missing_ok=True)
        raise


def _outputs(html: str | None, players_out: str | None, games_out: str | None) -> list[str]:
    """The files a report writes (the page, the tables beside it, ``--players``, ``--games``) that
    are regular files (a FIFO or a device written into is never removed)."""
    from paifu.analysis.html import side_files
    from paifu.outfiles import writes_into

    paths: list[str | None] = [html, *map(str, side_files(html).values())] if html else []
    paths += [players_out, games_out]
    return [p for p in paths if p and not writes_into(p)]


def _identity(path: str) -> tuple[int, int, int] | None:
    """Which file is at ``path`` (None: none): a file written by this run has another."""
    try:
        st = Path(path).stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_mtime_ns)


def _finish(
    sink: ReportSink,
    skipped: list,
    player: str | None,
    scheme: str,
    quiet: bool,
    html: str | None,
    viewer_links: bool,
    players_out: str | None,
    rules: Ruleset | None,
    out: TextIO,
    chosen: Selection,
) -> int:
    """The report of a complete run: its summary, the page and tables; the exit status."""
    from paifu.analysis.report import write_html
    from paifu.analysis.rowfiles import write_frames
    from paifu.safety import printable

    for sk in skipped:  # found in a folder, deliberately not read: listed, never silent
        sys.stderr.write(printable(f"{sk.file}: skipped: {sk.reason}") + "\n")
    report = sink.report()
    if not report.games:
        sink.discard()
        totals = report.totals
        left = totals.left_out if totals is not None else 0
        sys.stderr.write(
            f"paifu: no games found{'' if not left else f' ({left:,} left out by the filters: {chosen.describe()})'}\n"
        )
        return 2
    if player is not None:
        found, hints = report.find_player(player)
        if found is None:
            sink.discard()
            hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
            sys.stderr.write(
                printable(f"paifu report: no player named {player!r} in {len(report.counters)} players{hint}")
                + "\n"
            )
            return 2
        report.player = found
    from paifu.analysis.terminal import league_text

    out.write(report.summary() + "\n")
    league = league_text(report)
    if league:
        out.write("\n" + league + "\n\n")
    if scheme != "auto":
        n = get_scheme(scheme).num_players
        totals = report.totals
        assert totals is not None  # a sink's report has them
        unfit = sum(k for players, k in totals.players_per_game.items() if players != n)
        if unfit:
            sys.stderr.write(
                f"paifu: {unfit} games have another number of players than scheme {scheme!r}: "
                "their rank points are left empty\n"
            )
    if not quiet:  # a few examples; the HTML, its findings CSV and paifu validate -q have them all
        for _, row in report.flagged.head(FLAGGED_LINES).iterrows():
            out.write(
                printable(
                    f"flagged: {row['source']} game {row['game_id'] or row['game_index']}: "
                    f"{row['finding_codes']}"
                )
                + "\n"
            )
        if report.flagged_count > FLAGGED_LINES:
            out.write(
                f"... and {report.flagged_count - FLAGGED_LINES:,} more flagged games "
                "(all of them: --html, or paifu validate -q)\n"
            )
    if html:
        write_html(report, html, viewer_links=viewer_links)
        if viewer_links:
            _write_viewer_pages(report, html, rules)
    if players_out:  # a piece at a time: the whole table is not held (unless the HTML made it)
        write_frames(report.stats_pieces(), players_out)
    if report.unreadable:
        return 2
    return 1 if report.flagged_count else 0


def _write_viewer_pages(report: Report, html: str, rules: Ruleset | None) -> None:
    """The pages the report's findings link to, under ``viewer/`` beside it (``paifu.view.pages``)."""
    from paifu.analysis.html import linked_games
    from paifu.view.names import VIEWER_DIR
    from paifu.view.pages import write_pages

    games = linked_games(report)
    for problem in write_pages(games, Path(html).parent / VIEWER_DIR, rules):
        sys.stderr.write(f"paifu: {problem}\n")


def _feed(
    sink: ReportSink,
    paths: Sequence[str],
    rules: Ruleset | None,
    jobs: int | None,
    scheduler: str | None,
    skipped: list,
    stop: Interrupt,
) -> int:
    """Every game of ``paths`` into the sink, in input order, on the chosen engine, until Ctrl-C
    (``stop.hit``); returns how many games (and unreadable inputs) went in."""
    from paifu.cli.inputs import replay_inputs
    from paifu.pipeline import Unreadable, with_progress

    read = 0
    if scheduler:
        from paifu.dask import connect, report_parts

        with connect(scheduler, jobs or 0) as client, _counter() as progress:
            for part in stop.guard(report_parts(client, paths, sink.spec, rules, skipped=skipped)):
                sink.add_part(part)
                progress(part.games)
                read += part.games
        return read
    for item in stop.guard(with_progress(replay_inputs(paths, rules, jobs=jobs, skipped=skipped))):
        sink.add(item)
        read += not isinstance(item, Unreadable)
    return read


@contextlib.contextmanager
def _counter() -> Iterator[Callable[[int], Any]]:
    """A game counter on standard error (a terminal only), fed by chunks of games."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    from tqdm import tqdm

    with tqdm(unit=" games", desc="replaying", file=sys.stderr, leave=False) as bar:
        yield bar.update


def selection(filters: dict[str, Any]) -> Selection:
    """The ``Selection`` the filter options make (``ValueError`` naming the bad one)."""
    from paifu.analysis.tables import Selection, parse_list, parse_when, read_names

    members = frozenset(filters.get("member") or ())  # a name may hold a comma: one name an option
    if filters.get("members"):
        members |= read_names(filters["members"])
    return Selection(
        since=parse_when(filters["since"]) if filters.get("since") else None,
        until=parse_when(filters["until"], end=True) if filters.get("until") else None,
        last=filters.get("last"),
        lobbies=parse_list(filters.get("lobby")),
        lengths=parse_list(filters.get("length")),
        sizes=frozenset(filters.get("table_size") or ()),
        players=members,
    )

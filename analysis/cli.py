"""``paifu report``: everything the command does, given its arguments (the CLI only parses)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from analysis.rank_points import SchemeError, get_scheme


def run_report(paths: Sequence[str], player: str | None = None, scheme: str = "auto", html: str | None = None,
               players_out: str | None = None, games_out: str | None = None, rules: Any = None,
               out: TextIO | None = None, jobs: int | None = None, out_dir: str | None = None, partition: str = "source",
               scheduler: str | None = None) -> int:
    """Replay ``paths``, report, write the requested files; exit code like ``paifu validate``:
    0 all games clean, 1 some games have findings (flagged, still reported), 2 unreadable
    inputs, a bad scheme or no games at all. ``jobs`` (other than None or 1) replays on that many
    processes (0 = all cores) with the same results in the same order; ``scheduler`` (``"dask"``:
    a local cluster of ``jobs`` workers, None or 0 = one per core; or a scheduler address)
    replays on Dask workers instead, again with the same output.

    Memory stays flat in the number of games (``analysis.stream``): flagged games are printed as
    they finish, rows go to ``out_dir`` (a Parquet dataset, ``partition`` by source folder or
    date) and to ``games_out`` chunk by chunk, and the report is rendered from the aggregates."""
    from analysis.report import write_html, write_table
    from analysis.stream import OutputError, ReportSink

    out = out or sys.stdout
    for table in (players_out, games_out):  # before the replay, not after it
        if table and Path(table).suffix.lower() not in (".csv", ".parquet", ".pq"):
            sys.stderr.write(f"paifu: {table}: write tables as .csv or .parquet\n")
            return 2
    if scheme != "auto":
        try:
            get_scheme(scheme)
        except SchemeError as e:
            sys.stderr.write(f"paifu: {e}\n")
            return 2

    def flagged(row: dict[str, Any]) -> None:
        out.write(f"flagged: {row['source']} game {row['game_id'] or row['game_index']}: {row['finding_codes']}\n")

    def unreadable(file: str, reason: str) -> None:
        sys.stderr.write(f"{file}: UNREADABLE: {reason}\n")

    try:
        sink = ReportSink(scheme, player, out_dir=out_dir, partition=partition, games_out=games_out,
                          on_flagged=flagged, on_unreadable=unreadable)
    except (OutputError, ValueError) as e:
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    try:
        _feed(sink, paths, rules, jobs, scheduler)
    except BaseException:
        sink.discard()
        raise
    sink.close()
    report = sink.report()
    if not report.totals.games:
        sink.discard()
        sys.stderr.write("paifu: no games found\n")
        return 2
    out.write(report.summary() + "\n")
    if scheme != "auto":
        n = get_scheme(scheme).num_players
        unfit = sum(k for players, k in report.totals.players_per_game.items() if players != n)
        if unfit:
            sys.stderr.write(f"paifu: {unfit} games have another number of players than scheme {scheme!r}: "
                             "their rank points are left empty\n")
    if html:
        write_html(report, html)
    if players_out:
        write_table(report.stats, players_out)
    if report.unreadable:
        return 2
    return 1 if report.flagged_count else 0


def _feed(sink: Any, paths: Sequence[str], rules: Any, jobs: int | None, scheduler: str | None) -> None:
    """Every game of ``paths`` into the sink, in input order, on the chosen engine."""
    from paifu.replay import replay_paths, with_progress

    if scheduler:
        from paifu.dask import connect, report_parts

        with connect(scheduler, jobs or 0) as client, _counter() as progress:
            for part in report_parts(client, paths, sink.spec, rules):
                sink.add_part(part)
                progress(part.games)
        return
    if jobs not in (None, 1):
        from paifu.parallel import replay_paths_parallel

        items = replay_paths_parallel(paths, rules=rules, jobs=jobs)
    else:
        items = replay_paths(paths, rules=rules)
    for item in with_progress(items):
        sink.add(item)


@contextlib.contextmanager
def _counter() -> Iterator[Callable[[int], Any]]:
    """A game counter on standard error (a terminal only), fed by chunks of games."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    from tqdm import tqdm

    with tqdm(unit=" games", desc="replaying", file=sys.stderr, leave=False) as bar:
        yield bar.update

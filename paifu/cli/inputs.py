"""The games a command reads: files, folders and ``-`` (standard input), replayed serially,
in worker processes or on Dask, always in input order. ``paifu.analysis.cli`` (``paifu report``)
reads through ``replay_inputs`` too."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from paifu.rules import Ruleset


def _read_stdin(rules: Ruleset | None, fmt: str | None):  # noqa: ANN202 - a generator of results
    """``-`` as an input: the records on standard input, replayed like a file named ``<stdin>``."""
    from paifu.formats import read_bytes
    from paifu.formats.base import RecordError
    from paifu.limits import read_stdin
    from paifu.pipeline import Unreadable, replay_record

    try:
        records = read_bytes(read_stdin(), "<stdin>", fmt)
    except RecordError as e:
        yield Unreadable("<stdin>", str(e))
        return
    for i, rec in enumerate(records):
        rec.source = rec.source or "<stdin>"
        yield replay_record(rec, rules, game_index=i)


def replay_inputs(
    paths: Sequence[str],
    rules: Ruleset | None,
    fmt: str | None = None,  # noqa: ANN201
    jobs: int | None = 1,
    skipped: list | None = None,
    scheduler: str | None = None,
    keep: Callable[[Any], Any] | None = None,
):
    """Every game under ``paths`` in order (``-`` reads standard input; then the run is serial);
    files found in folders but not read go to ``skipped`` with the reason. ``jobs`` other than None
    or 1: that many worker processes; ``scheduler``: on Dask (``paifu.dask``), the same items.
    ``keep``: what of each item the command needs (``paifu.engine.verdict.verdict``), applied where
    the game is replayed, so that a worker sends back only that."""
    from paifu.pipeline import replay_paths

    if scheduler:
        if "-" in paths:
            from paifu.dask import DaskUnavailable

            raise DaskUnavailable(
                "--scheduler reads files on the workers: standard input (-) needs a run without --scheduler"
            )
        return _dask_items(paths, rules, fmt, jobs, skipped, scheduler, keep)
    if "-" not in paths:
        if jobs not in (None, 1):
            from paifu.parallel import replay_paths_parallel

            return replay_paths_parallel(paths, rules, fmt=fmt, jobs=jobs, skipped=skipped, keep=keep)
        items = replay_paths(paths, rules, fmt=fmt, skipped=skipped)
        return items if keep is None else map(keep, items)

    def chain():  # noqa: ANN202
        for path in paths:
            items = (
                _read_stdin(rules, fmt)
                if path == "-"
                else replay_paths([path], rules, fmt=fmt, skipped=skipped)
            )
            yield from items if keep is None else map(keep, items)

    return chain()


def _dask_items(
    paths: Sequence[str],
    rules: Ruleset | None,
    fmt: str | None,
    jobs: int | None,
    skipped: list | None,
    scheduler: str,
    keep: Callable[[Any], Any] | None,
) -> Iterator[Any]:
    """The replayed items from Dask workers, in input order (a local cluster lives as long as this)."""
    from paifu.dask import connect, replay_items

    with connect(scheduler, jobs or 0) as client:
        yield from replay_items(client, paths, rules, fmt=fmt, skipped=skipped, keep=keep)

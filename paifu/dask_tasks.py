"""What Dask's workers run for ``paifu.dask``: a batch's replay, ``validate`` text and counts or
``report`` part, the merges that join consecutive answers on the workers, and the library's
``replay_bag`` and ``reduce_report``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from paifu.engine.results import GameResult
from paifu.formats.walk_plan import entries
from paifu.parallel import Input, kept, replay_file
from paifu.pipeline import Skipped, Unreadable
from paifu.rules import Ruleset

Item = GameResult | Unreadable

#: files per partition of ``replay_bag``
FILES_PER_TASK = 8


class DaskUnavailable(RuntimeError):
    """Dask or distributed is not installed, or the scheduler cannot be reached."""


# ---------------------------------------------------------------------- tasks (run on workers)
def replay_files(
    files: Iterable[Any],
    rules: Ruleset | None = None,
    fmt: str | None = None,
    keep: Callable[[Item], Any] | None = None,
    **kwargs: bool,
) -> list[Any]:
    """The serial items of several files (a file's crash is its own ``Unreadable``; a file found in
    a folder whose content is no record its ``Skipped``), each through ``keep`` where one is given
    (what the client needs of it: less to send back). ``files``: paths, inputs, or a batch's elements
    (``paifu.formats.walk_plan.entries``: runs of names settled here, the walk's skips in place)."""
    items: list[Any] = []
    for entry in entries((f, False) if isinstance(f, str) else f for f in files):
        if isinstance(entry, Skipped):
            items.append(entry)
        else:
            items.extend(replay_file(entry[0], rules, fmt, entry[1], **kwargs))
    return kept(items, keep)


def validate_batch(
    inputs: Iterable[Any], as_json: bool, quiet: bool, rules: Ruleset | None = None, fmt: str | None = None
) -> tuple[str, Any, list[Skipped]]:
    """What ``paifu validate`` prints of a batch of files, its counts (``paifu.cli.tally.Tally``) and
    the files it skipped: the client writes the text and adds the counts, one answer a batch."""
    from paifu.cli.tally import Tally
    from paifu.engine.verdict import verdict

    tally, text, skipped = Tally(as_json, quiet), [], []
    for entry in entries(inputs):
        if isinstance(entry, Skipped):
            skipped.append(entry)
            continue
        for item in replay_file(entry[0], rules, fmt, entry[1]):
            if isinstance(item, Skipped):
                skipped.append(item)
            else:
                text.append(tally.add(verdict(item)))
    return "".join(text), tally, skipped


def report_files(
    files: Iterable[Any], spec: Any, rules: Ruleset | None = None, fmt: str | None = None
) -> tuple[Any, list[Skipped]]:
    """The ``ReportPart`` of several files, built on the worker with the client's ``PartSpec``, its
    rows already Arrow tables (no pandas work left for the client), and the files it skipped."""
    items = replay_files(files, rules, fmt)
    skipped = [i for i in items if isinstance(i, Skipped)]
    return spec.part([i for i in items if not isinstance(i, Skipped)]).columnar(spec.column), skipped


def merge_validate(answers: list[tuple[str, Any, list[Skipped]]]) -> tuple[str, Any, list[Skipped]]:
    """Consecutive ``validate_batch`` answers as one, in order (a merge of the workers' tree). The
    answers are left as they were: a task rerun after a lost worker may meet them again."""
    from paifu.cli.tally import Tally

    first = answers[0][1]
    tally = Tally(first.as_json, first.quiet)
    for _, part, _ in answers:
        tally.merge(part)
    return "".join(a[0] for a in answers), tally, [s for a in answers for s in a[2]]


def merge_report(answers: list[tuple[Any, list[Skipped]]]) -> tuple[Any, list[Skipped]]:
    """Consecutive ``report_files`` answers as one, in order: their parts merged into a new one
    (``ReportPart.merge``; the answers left as they were), nothing trimmed: the client's sink still
    sees every flagged game, finding and seat."""
    from paifu.analysis.parts import ReportPart

    part = ReportPart()
    for more, _ in answers:
        part.merge(more)
    return part, [s for a in answers for s in a[1]]


def _concat(answers: list[list[Any]]) -> list[Any]:
    return [item for items in answers for item in items]


# ---------------------------------------------------------------------- the library entry
def replay_bag(
    paths: Iterable[str],
    rules: Ruleset | None = None,
    fmt: str | None = None,
    *,
    files_per_partition: int = FILES_PER_TASK,
    **kwargs: bool,
) -> Any:
    """A ``dask.bag.Bag`` of every game under ``paths`` (``GameResult``, or ``Unreadable`` for a bad
    file), in input order: ``replay_bag(p).compute()`` equals ``list(replay_paths(p))``. The walk
    opens nothing: each worker reads its files once, and one found in a folder that is no record
    is left out, as the serial run leaves it out."""
    try:
        import dask.bag as db
    except ImportError as e:
        raise DaskUnavailable('replay_bag needs the dask extra: pip install -e ".[dask]"') from e
    from paifu.formats import walk_inputs

    inputs = list(walk_inputs(paths))
    if not inputs:
        return db.from_sequence([], npartitions=1)
    bag = db.from_sequence(inputs, partition_size=files_per_partition)
    return bag.map_partitions(_replayed, rules, fmt, **kwargs)


def _replayed(
    inputs: Sequence[Input], rules: Ruleset | None = None, fmt: str | None = None, **kwargs: bool
) -> list[Item]:
    """A partition's games and unreadable files (its files that are no record left out)."""
    return [i for i in replay_files(inputs, rules, fmt, None, **kwargs) if not isinstance(i, Skipped)]


def _merge_parts(parts: Iterable[Any]) -> Any:
    from paifu.analysis.stream import ReportPart

    out = ReportPart()
    for part in parts:
        out.merge(part)
        out.trim()
    return out


def reduce_report(bag: Any, scheme: Any = "auto", split_every: int = 8) -> Any:
    """Fold a bag of items into one ``ReportPart`` on the workers (a tree of merges, no rows kept):
    its ``counters`` are every player's statistics, exactly the serial run's."""
    from paifu.analysis.rank_points import get_scheme
    from paifu.analysis.stream import PartSpec, settle

    spec = PartSpec(scheme if scheme == "auto" else get_scheme(scheme))
    return settle(bag.reduction(spec.part, _merge_parts, split_every=split_every).compute())

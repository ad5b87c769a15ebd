"""Replay on Dask workers, beyond one machine (optional extra: ``pip install -e ".[dask]"``).

Two ways in:

* the library: ``replay_bag(paths)`` is a ``dask.bag.Bag`` of the serial items
  (``GameResult`` or ``Unreadable``, in input order), and ``reduce_report(bag)`` folds it into one
  ``paifu.analysis.stream.ReportPart`` with a tree reduction on the workers (parts merge associatively);
* the command line, ``--scheduler dask|tcp://host:port``: ``ordered_chunks`` sends chunks of files
  to the workers with a bounded number in flight and hands each chunk's answer back in input
  order, so ``validate`` prints and ``report`` writes exactly what the serial run does. For
  ``report`` a worker returns the chunk's ``ReportPart`` (counters, flagged games, rows), not
  the results themselves (~94 KB a game), so the client only merges and writes.

Workers open the paths themselves: every worker must see them under the same names (a shared
or network file system, or the same copy on every machine), and must have paifu installed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, TypeVar

from paifu.dask_cluster import (  # noqa: F401 - connect and set_timeout: the command line's entries, here as before
    _result,
    _threads,
    connect,
    set_timeout,
)
from paifu.dask_tasks import (  # noqa: F401 - the library's entries, here as before
    FILES_PER_TASK,
    DaskUnavailable,
    Item,
    _concat,
    merge_report,
    merge_validate,
    reduce_report,
    replay_bag,
    replay_files,
    report_files,
    validate_batch,
)
from paifu.parallel import Input, kept
from paifu.pipeline import Skipped, Unreadable
from paifu.rules import Ruleset

T = TypeVar("T")

#: input bytes a task reads: a batch of files cut by size, so the client's and the scheduler's work
#: per task (a few ms) is a small part of each game's, and a worker's answer is one merged result
BATCH_BYTES = 4 << 20
#: the least a batch holds where a short run is cut smaller (every worker gets several batches)
MIN_BATCH_BYTES = 64 << 10
#: tasks in flight per worker thread: keeps workers busy while the client's memory stays bounded
IN_FLIGHT_PER_WORKER = 4


class Batch:
    """A batch's inputs as one value: Dask sends it whole, where it would look into every file's
    name of a list for futures to wait on (most of the client's work a file)."""

    __slots__ = ("inputs",)

    def __init__(self, inputs: Sequence[Input]) -> None:
        self.inputs = inputs

    def __iter__(self) -> Iterator[Input]:
        return iter(self.inputs)

    def __len__(self) -> int:
        return len(self.inputs)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Batch, (self.inputs,))


def batches(inputs: Iterable[Any], threads: int, batch_bytes: int | None = None) -> Iterator[Any]:
    """The walk's items cut into batches of about ``batch_bytes`` of files each (a file is never cut),
    as the walk goes: inputs ``(path, found, size)`` (``walk_sized``'s, each with the size its own
    ``stat`` found), runs of names a worker settles (``Names``, a name counting ``Plan.NAME_BYTES``:
    no size is looked up), the walk's skips in place, and ``BARRIER`` passed on between batches. By
    default ``BATCH_BYTES``; a run found to be short (the items read ahead, at most ``threads *
    IN_FLIGHT_PER_WORKER`` batches' worth, end) is cut smaller, so every worker still gets work: what
    is held is that read-ahead, never the list of every file."""
    from paifu.formats.walk_plan import BARRIER, Names, Plan

    name_bytes = Plan.NAME_BYTES

    def size(item: Any) -> int:
        if isinstance(item, Names):
            return len(item.names) * name_bytes
        return item[2] if isinstance(item, tuple) else 0

    it = iter(inputs)
    ahead: list[Any] = []
    if batch_bytes is None:
        want, total = threads * IN_FLIGHT_PER_WORKER * BATCH_BYTES, 0
        for inp in it:
            ahead.append(inp)
            if inp is BARRIER:  # nothing is read past it before every earlier answer is in
                break
            total += size(inp)
            if total >= want:
                batch_bytes = BATCH_BYTES
                break
        if batch_bytes is None:
            batch_bytes = max(MIN_BATCH_BYTES, min(BATCH_BYTES, total // (threads * IN_FLIGHT_PER_WORKER)))
    batch: list[Any] = []
    n = 0
    for item in chain(ahead, it):
        if item is BARRIER:
            if batch:
                yield batch
                batch, n = [], 0
            yield item
        elif isinstance(item, Names):
            names, i = item.names, 0
            while i < len(names):
                room = max(1, -(-(batch_bytes - n) // name_bytes))
                batch.append(Names(item.prefix, names[i : i + room]) if i or room < len(names) else item)
                n += min(room, len(names) - i) * name_bytes
                i += room
                if n >= batch_bytes:
                    yield batch
                    batch, n = [], 0
        elif isinstance(item, tuple):
            batch.append(item[:2])
            n += item[2]
            if n >= batch_bytes:
                yield batch
                batch, n = [], 0
        else:
            batch.append(item)
    if batch:
        yield batch


def ordered_chunks(
    client: Any,
    task: Callable[..., T],
    chunks: Iterable[Any],
    *args: Any,
    failed: Callable[[str, str], T],
    merge: Callable[[list[T]], T] | None = None,
    plan: Any = None,
    **kwargs: Any,
) -> Iterator[T]:
    """``task(chunk, *args, **kwargs)`` on the workers for each chunk of inputs (pulled as they are
    submitted), answers in input order, a bounded number in flight.

    With ``merge`` (``merge([a, b, ...])``: the answer of those chunks in turn, associative), the
    chunks go in groups of ``GROUP_BATCHES``, each one graph: its tasks and a tree of merges
    (``SPLIT_EVERY`` answers a merge) run on the workers, and the client receives one answer a
    group, so its work is per group, not per batch. A group whose graph fails (a worker that died
    with it, an answer that would not come back, a run of names its worker could not settle) is
    settled by ``plan`` (``paifu.formats.walk_plan.Plan.settle``) and redone as a group of settled
    chunks, then chunk by chunk, and a chunk that fails alone file by file; a file that fails alone
    becomes ``failed(path, reason)``. At ``BARRIER`` every answer sent is awaited before more chunks
    are pulled (the plan's walk goes on only then)."""
    from paifu.formats.walk_plan import BARRIER, Unsettled

    todo = iter(chunks)
    threads = _threads(client)
    group = GROUP_BATCHES if merge is not None else 1
    # enough chunks in flight to keep every worker busy, and at least two groups
    window = max(2, -(-threads * IN_FLIGHT_PER_WORKER // group))
    pending: deque[tuple[list[Any], Any]] = deque()
    ended = barrier = False
    try:
        while True:
            while not ended and not barrier and len(pending) < window:
                got: list[Any] = []
                for chunk in todo:
                    if chunk is BARRIER:
                        barrier = True
                        break
                    got.append(chunk)
                    if len(got) == group:
                        break
                else:
                    ended = True
                if got:
                    pending.append((got, _submit_group(client, task, got, args, kwargs, merge)))
            if not pending:
                if barrier:
                    barrier = False
                    continue
                return
            got, fut = pending.popleft()
            try:
                yield _result(client, fut)
                continue
            except DaskUnavailable:
                raise
            except Unsettled:
                if plan is not None:
                    plan.want_client = True  # the rest of the walk on this side: no more runs to redo
            except Exception:  # noqa: BLE001 - redone below, each failure reported
                pass
            settled = [plan.settle(chunk) for chunk in got] if plan is not None else got
            if merge is not None and len(settled) > 1:
                try:
                    yield _result(client, _submit_group(client, task, settled, args, kwargs, merge))
                    continue
                except DaskUnavailable:
                    raise
                except Exception:  # noqa: BLE001 - chunk by chunk below
                    pass
            for chunk in settled:
                yield from _one_chunk(client, task, chunk, args, kwargs, failed)
    finally:
        for _, fut in pending:
            fut.cancel()


#: batches a group: the client submits them as one graph and receives one merged answer
GROUP_BATCHES = 16
#: answers a merge task takes (the depth of a group's tree is log of GROUP_BATCHES to this base)
SPLIT_EVERY = 4


def _submit_group(
    client: Any,
    task: Callable[..., Any],
    chunks: list[list[Input]],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    merge: Callable[[list[Any]], Any] | None,
) -> Any:
    """One future: a chunk's task, or a group's tasks under a tree of ``merge`` (one graph, one
    message to the scheduler)."""
    if merge is None or len(chunks) == 1:
        return client.submit(task, Batch(chunks[0]), *args, pure=False, **kwargs)
    from dask import delayed

    level = [delayed(task, pure=False)(Batch(chunk), *args, **kwargs) for chunk in chunks]
    while len(level) > 1:
        level = [
            delayed(merge, pure=False)(level[i : i + SPLIT_EVERY]) for i in range(0, len(level), SPLIT_EVERY)
        ]
    return client.compute(level[0])


def _one_chunk(
    client: Any,
    task: Callable[..., T],
    chunk: list[Input],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    failed: Callable[[str, str], T],
) -> Iterator[T]:
    """A chunk's answer on its own; if it fails, each of its files' (a crash is that file's)."""
    try:
        yield _result(client, client.submit(task, Batch(chunk), *args, pure=False, **kwargs))
        return
    except DaskUnavailable:
        raise
    except Exception:  # noqa: BLE001 - retried file by file, each failure reported
        pass
    for inp in chunk:
        try:
            yield _result(client, client.submit(task, [inp], *args, pure=False, **kwargs))
        except DaskUnavailable:
            raise
        except Exception as e:  # noqa: BLE001 - one file's report, the batch goes on
            path = inp[0] if isinstance(inp, tuple) else inp.file
            yield failed(path, f"{path}: failed on the Dask cluster: {type(e).__name__}: {e}")


def _walk(client: Any, paths: Iterable[str]) -> tuple[Any, Iterator[Any]]:
    """The walk's plan (the client lists folders, the workers look at their files) and its batches.
    The walk's skips travel in the batches, so they come back in the serial run's order."""
    from paifu.formats.walk_plan import Plan

    plan = Plan(paths)
    return plan, batches(plan, _threads(client))


def validate_batches(
    client: Any,
    paths: Iterable[str],
    tally: Any,
    rules: Ruleset | None = None,
    fmt: str | None = None,
    skipped: list | None = None,
) -> Iterator[tuple[str, Any]]:
    """``paifu validate`` on the cluster: each batch's text and counts (``validate_batch``), in input
    order; files found in folders but not read go to ``skipped``, as in the serial run."""
    from paifu.cli.tally import Tally

    def failed(path: str, reason: str) -> tuple[str, Any, list[Skipped]]:
        one = Tally(tally.as_json, tally.quiet)
        return one.add(Unreadable(path, reason)), one, []

    plan, chunks = _walk(client, paths)
    for text, part, skips in ordered_chunks(
        client,
        validate_batch,
        chunks,
        tally.as_json,
        tally.quiet,
        rules,
        fmt,
        failed=failed,
        merge=merge_validate,
        plan=plan,
    ):
        if skipped is not None:
            skipped.extend(skips)
        yield text, part


def replay_items(
    client: Any,
    paths: Iterable[str],
    rules: Ruleset | None = None,
    fmt: str | None = None,
    skipped: list | None = None,
    keep: Callable[[Item], Any] | None = None,
    **kwargs: bool,
) -> Iterator[Any]:
    """``paifu.pipeline.replay_paths`` on the cluster: the same items in the same order (files found
    in folders but not read go to ``skipped``, as there); ``keep``: as ``replay_paths_parallel``'s."""

    def failed(path: str, reason: str) -> list[Any]:
        return kept([Unreadable(path, reason)], keep)

    plan, chunks = _walk(client, paths)
    for items in ordered_chunks(
        client, replay_files, chunks, rules, fmt, keep, failed=failed, merge=_concat, plan=plan, **kwargs
    ):
        for item in items:
            if not isinstance(item, Skipped):
                yield item
            elif skipped is not None:
                skipped.append(item)


def report_parts(
    client: Any,
    paths: Iterable[str],
    spec: Any,
    rules: Ruleset | None = None,
    fmt: str | None = None,
    skipped: list | None = None,
) -> Iterator[Any]:
    """The ``ReportPart`` of each batch of files, in input order (for ``ReportSink.add_part``)."""
    plan, chunks = _walk(client, paths)
    for part, skips in ordered_chunks(
        client,
        report_files,
        chunks,
        spec,
        rules,
        fmt,
        failed=lambda p, r: (spec.part([Unreadable(p, r)]), []),
        merge=merge_report,
        plan=plan,
    ):
        if skipped is not None:
            skipped.extend(skips)
        yield part

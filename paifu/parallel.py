"""Replay many files on several cores, with exactly the serial output.

``replay_paths_parallel`` yields the same items, in the same order, as
``paifu.pipeline.replay_paths``: each worker runs the serial ``replay_paths`` on one
file at a time (so both paths cannot drift apart), and the parent hands results
back in input order. Work is cut per file, in chunks, with a bounded number of
chunks in flight so memory stays flat on a league's thousands of logs.

A file never takes the batch down: an unexpected exception while replaying it
becomes an ``Unreadable`` at its place (after the games it did produce), and a
worker process that dies (segfault, out of memory) is replaced; the files it may
have been holding are retried one by one in their own process, and the one that
kills its process again is reported as ``Unreadable``. Only workers that cannot start
at all (a broken environment, not a bad file: each pool first runs a no-op) stop the
run, with one ``PoolError``.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from paifu.engine.results import GameResult
from paifu.pipeline import Skipped, Unreadable, replay_walked
from paifu.rules import Ruleset

if TYPE_CHECKING:  # the pool's modules (and multiprocessing) load only when a pool starts
    from concurrent.futures import Future, ProcessPoolExecutor

Item = GameResult | Unreadable

#: chunks in flight per worker: enough to keep every core busy, few enough to bound memory
_IN_FLIGHT_PER_JOB = 4
_MAX_CHUNK = 16

#: what a worker sends back of each item (``keep``): the item itself, or a summary of it
Keep = Callable[[Item], Any] | None

# Set in each worker by ``_init_worker``: the arguments every file is replayed with.
_worker_args: tuple[Ruleset | None, str | None, dict[str, bool], Keep] = (None, None, {}, None)


def resolve_jobs(jobs: int) -> int:
    """``--jobs`` as a worker count: 0 means every core, negative is an error."""
    if jobs < 0:
        raise ValueError(f"--jobs must be 0 (all cores) or a positive number, not {jobs}")
    return jobs or os.cpu_count() or 1


#: the process that starts the pools (forked workers inherit it; 0 where they do not: their parent then)
_parent = 0
#: seconds between two looks at the parent, where the kernel cannot tell a worker its parent died
_PARENT_POLL = 1.0


def _init_worker(rules: Ruleset | None, fmt: str | None, kwargs: dict[str, bool], keep: Keep = None) -> None:
    global _worker_args
    import signal

    from paifu.stopping import STOP_SIGNALS

    for sig in STOP_SIGNALS:  # Ctrl-C, kill, a closed terminal: the parent's to handle (it shuts the pool)
        signal.signal(sig, signal.SIG_IGN)
    _end_with_parent(_parent or os.getppid())
    _worker_args = (rules, fmt, kwargs, keep)


def _end_with_parent(parent: int) -> None:
    """The worker ends when its parent does, however it ended (``kill -9`` too): an orphaned worker
    would wait on its task queue for ever. Linux tells it at once (``PR_SET_PDEATHSIG``); elsewhere a
    thread looks every ``_PARENT_POLL`` seconds."""
    import signal
    import sys

    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(1, int(signal.SIGKILL), 0, 0, 0) == 0:  # 1: PR_SET_PDEATHSIG
                if os.getppid() != parent:  # the parent died before the call: nobody will tell
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="paifu-parent-watch", daemon=True).start()


def replay_file(
    path: str, rules: Ruleset | None = None, fmt: str | None = None, found: bool = False, **kwargs: Any
) -> list[Item | Skipped]:
    """Every item the serial path yields for one file (``found``: met in a folder, so a file whose
    content is no record is its ``Skipped``); a crash becomes an ``Unreadable`` at the end.

    The serial path would propagate such an exception and stop; here it is reported
    like a file we could not read, naming the file and the exception, so one bad
    record does not cost the rest of the batch.
    """
    items: list[Item | Skipped] = []
    try:
        items.extend(replay_walked([(path, found)], rules, fmt, **kwargs))
    except Exception as e:  # noqa: BLE001 - any failure of one file is that file's report
        items.append(Unreadable(path, f"{path}: internal error while replaying: {type(e).__name__}: {e}"))
    return items


def kept(items: Iterable[Any], keep: Keep) -> list[Any]:
    """``keep`` of each item, a ``Skipped`` as it is (the walking process lists it)."""
    if keep is None:
        return list(items)
    return [item if isinstance(item, Skipped) else keep(item) for item in items]


def _replay_chunk(inputs: list[tuple[str, bool]]) -> list[list[Any]]:
    rules, fmt, kwargs, keep = _worker_args
    return [kept(replay_file(p, rules, fmt, found, **kwargs), keep) for p, found in inputs]


def _chunk_size(n_files: int, jobs: int) -> int:
    """Small enough that every worker gets several chunks, large enough to amortise pickling."""
    return max(1, min(_MAX_CHUNK, n_files // (jobs * _IN_FLIGHT_PER_JOB * 2)))


Input = tuple[str, bool]


def _chunks(files: list[Input], size: int, jobs: int) -> deque[list[Input]]:
    """``files`` in chunks of ``size``, shrinking towards the end (each at most half a worker's share of
    what is left): the last chunks finish together, and no core waits on another's long last chunk
    (on 451 games, 16-file chunks left one worker idle for up to 36 ms, 6% of the run)."""
    out: deque[list[Input]] = deque()
    i, n = 0, len(files)
    while i < n:
        step = min(size, max(1, -(-(n - i) // (2 * jobs))))
        out.append(files[i : i + step])
        i += step
    return out


def stream_chunks(inputs: Iterable[Input], jobs: int, chunk_size: int | None = None) -> Iterator[list[Input]]:
    """The chunks ``_chunks`` cuts of all the inputs, cut as the walk goes: no more than a few
    chunks' worth of inputs is held (``_lookahead``), never the list of every file. ``chunk_size``:
    exactly that many files a chunk."""
    it = iter(inputs)
    if chunk_size:
        while chunk := list(islice(it, chunk_size)):
            yield chunk
        return
    buf: deque[Input] = deque()
    done = False

    def fill(n: int) -> None:
        nonlocal done
        while not done and len(buf) < n:
            nxt = next(it, None)
            if nxt is None:
                done = True
            else:
                buf.append(nxt)

    fill(_lookahead(jobs))
    size = _chunk_size(len(buf), jobs) if done else _MAX_CHUNK
    while True:
        fill(size * (2 * jobs + 1))  # this many left: the next step is ``size`` whatever follows
        if done:
            yield from _chunks(list(buf), size, jobs)
            return
        yield [buf.popleft() for _ in range(size)]


def _lookahead(jobs: int) -> int:
    """Inputs past which ``_chunk_size`` is the largest chunk: what is read ahead to choose the size."""
    return _MAX_CHUNK * jobs * _IN_FLIGHT_PER_JOB * 2


class PoolError(RuntimeError):
    """The worker pool itself cannot run (not one file's fault)."""


def _probe() -> bool:
    return True


def _start_pool(workers: int, init: tuple[Any, ...]) -> ProcessPoolExecutor:
    """A pool whose workers are proved to start: after this, a worker that dies is its file's fault."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    global _parent
    _parent = os.getpid()
    ex = ProcessPoolExecutor(workers, initializer=_init_worker, initargs=init)
    try:
        ex.submit(_probe).result()
    except BrokenProcessPool as e:
        ex.shutdown(wait=True, cancel_futures=True)
        raise PoolError("worker processes cannot start; run without --jobs") from e
    return ex


def _isolated(paths: list[Input], init: tuple[Any, ...]) -> Iterator[list[Any]]:
    """Replay each file in a process of its own: who kills its process is the culprit (its report
    made here goes through the run's ``keep`` like the workers' items)."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    global _parent
    _parent = os.getpid()
    keep = init[3]
    for path, found in paths:
        with ProcessPoolExecutor(1, initializer=_init_worker, initargs=init) as ex:
            report = None
            try:
                items = ex.submit(_replay_chunk, [(path, found)]).result()[0]
            except BrokenProcessPool as e:
                report = Unreadable(
                    path, f"{path}: worker process died while replaying this file ({e or type(e).__name__})"
                )
            except Exception as e:  # noqa: BLE001 - the file's results could not come back
                report = Unreadable(
                    path, f"{path}: could not return the results from the worker: {type(e).__name__}: {e}"
                )
        if report is not None:
            items = [report if keep is None else keep(report)]
        yield items


def _preload() -> None:
    """Import what every replay imports lazily, once here: forked workers then start with it. Not the
    ``mahjong`` package (``paifu.scoring.package``, 15 ms): few games need it (19 of 451 in the corpus),
    and a worker that does imports it on its own core, where here the import held back every worker."""
    for name in ("paifu.scoring.valuation", "paifu.engine.wall"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


@contextlib.contextmanager
def _frozen_heap() -> Iterator[None]:
    """The parent's objects out of the collector's reach while the pool runs (``gc.freeze``, as the
    ``gc`` documentation advises before a fork): forked workers do not copy the pages a collection of
    the inherited heap would write, and the parent's own collections skip it. Unfrozen after, so
    garbage among those objects is collected again (1-2% of a 2-job run's CPU)."""
    import gc

    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def replay_paths_parallel(
    paths: Iterable[str],
    rules: Ruleset | None = None,
    fmt: str | None = None,
    *,
    jobs: int = 0,
    chunk_size: int | None = None,
    skipped: list[Skipped] | None = None,
    keep: Keep = None,
    **kwargs: Any,
) -> Iterator[Any]:
    """``replay_paths`` on ``jobs`` processes (0 = all cores), same items in the same order.

    With one job, or at most one file, it is the serial path itself (no process start-up).
    ``chunk_size``: files per task, exactly; by default up to 16, fewer towards the end.
    ``keep``: a module-level function the workers apply to each item, sending back only what it
    returns (``paifu.engine.verdict.verdict``: what validation reports, a tenth of the pickle).
    """
    from paifu.formats import walk_inputs

    jobs = resolve_jobs(jobs)
    inputs = walk_inputs(paths, skipped)
    first = list(islice(inputs, 2))
    if jobs == 1 or len(first) <= 1:
        for item in replay_walked([*first, *inputs], rules, fmt, **kwargs):
            if isinstance(item, Skipped):
                if skipped is not None:
                    skipped.append(item)
            else:
                yield item if keep is None else keep(item)
        return
    from concurrent.futures.process import BrokenProcessPool

    _preload()
    chunks = stream_chunks(chain(first, inputs), jobs, chunk_size)
    init = (rules, fmt, dict(kwargs), keep)
    window = jobs * _IN_FLIGHT_PER_JOB

    def out(items: list[Any]) -> Iterator[Any]:
        for item in items:
            if isinstance(item, Skipped):
                if skipped is not None:
                    skipped.append(item)
            else:
                yield item

    ahead: deque[list[Input]] = deque(islice(chunks, window))  # the first tasks, and the pool's size
    more = True

    def ready() -> bool:
        """Whether a chunk waits to be submitted (pulled from the walk as needed)."""
        nonlocal more
        if not ahead and more:
            nxt = next(chunks, None)
            if nxt is None:
                more = False
            else:
                ahead.append(nxt)
        return bool(ahead)

    with _frozen_heap():
        ex = _start_pool(min(jobs, len(ahead)), init)
        pending: deque[tuple[list[Input], Future[list[list[Any]]]]] = deque()
        try:
            while ready() or pending:
                try:
                    while len(pending) < window and ready():
                        fut = ex.submit(_replay_chunk, ahead[0])
                        pending.append((ahead.popleft(), fut))
                    chunk, fut = pending[0]
                    try:
                        per_file = fut.result()
                    except BrokenProcessPool:
                        raise
                    except Exception:  # noqa: BLE001 - e.g. a result that would not pickle
                        pending.popleft()
                        for items in _isolated(chunk, init):
                            yield from out(items)
                        continue
                except BrokenProcessPool:
                    # Any unfinished chunk may hold the culprit: retry those file by file,
                    # each in its own process (finished ones keep their results, in order),
                    # then go on with a fresh pool.
                    ex.shutdown(wait=True, cancel_futures=True)
                    for c, f in pending:
                        if f.done() and not f.cancelled() and f.exception() is None:
                            for items in f.result():
                                yield from out(items)
                        else:
                            for items in _isolated(c, init):
                                yield from out(items)
                    pending.clear()
                    ex = _start_pool(jobs if more else min(jobs, max(1, len(ahead))), init)
                    continue
                pending.popleft()
                for items in per_file:
                    yield from out(items)
        finally:
            # Waiting (for at most the chunks already running) also on an early stop: a pool left
            # behind with wait=False makes the interpreter's exit hook write to a closed pipe.
            ex.shutdown(wait=True, cancel_futures=True)

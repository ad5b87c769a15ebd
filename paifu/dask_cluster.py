"""The Dask cluster as the client sees it: joining or starting one (``connect``), the ``--timeout``
for a scheduler and its workers, and waiting on a task's answer while the cluster still has workers
(a cluster left with none would keep the task for ever)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

from paifu.dask_tasks import DaskUnavailable
from paifu.safety import printable


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError as e:
        raise DaskUnavailable('--scheduler dask needs the dask extra: pip install -e ".[dask]"') from e
    return distributed


@contextlib.contextmanager
def connect(scheduler: str, workers: int = 0) -> Iterator[Any]:
    """A ``distributed.Client``: ``"dask"`` starts a local cluster of ``workers`` processes (0 = one
    per core) for the duration; ``tcp://host:port`` (any scheduler address) joins an existing one."""
    import logging  # here, not at import: a serial run never needs it

    distributed = _import_distributed()
    if scheduler == "dask":
        cluster = distributed.LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )
        with cluster, distributed.Client(cluster) as client:
            yield client
        return
    shown = printable(scheduler)
    if "://" not in scheduler:
        raise DaskUnavailable(
            f"--scheduler: 'dask' or a scheduler address such as tcp://host:8786, not {shown!r}"
        )
    try:
        client = distributed.Client(scheduler, timeout=f"{TIMEOUT}s")
    except (OSError, ValueError, TypeError) as e:  # unreachable, or no address at all (tcp://host:x)
        raise DaskUnavailable(f"cannot reach the Dask scheduler at {shown}: {printable(e)}") from e
    except AssertionError as e:  # distributed's own loop did not start in its 10 s (a loaded machine)
        raise DaskUnavailable(
            f"cannot reach the Dask scheduler at {shown}: Dask's client did not start ({printable(e) or 'no reason given'})"
        ) from e
    with client:
        try:  # a scheduler with no workers would take the tasks and wait for ever
            client.wait_for_workers(1, timeout=TIMEOUT)
        except (TimeoutError, OSError) as e:
            raise DaskUnavailable(
                f"the Dask scheduler at {shown} has no workers after {TIMEOUT:g} s (--timeout to wait longer)"
            ) from e
        yield client


#: seconds to wait for a scheduler to answer, and for its first worker (``--timeout``)
TIMEOUT = 60.0


def set_timeout(seconds: float) -> None:
    """The ``--timeout`` of this run (the command line sets it, as ``paifu.limits.configure``)."""
    global TIMEOUT
    TIMEOUT = seconds


def _threads(client: Any) -> int:
    return max(1, sum(client.nthreads().values()))


#: seconds between two looks at the cluster while a task's answer is awaited, at most (a look is a
#: round trip to the scheduler: once a second it was a third of the client's CPU on a long run)
_POLL = 10.0


def _result(client: Any, fut: Any) -> Any:
    """A task's answer. The wait holds while the cluster has workers (a long task is no fault); once
    it has had none for ``--timeout`` seconds (its only worker died, a scheduler that went away) the
    run stops with ``DaskUnavailable``: the scheduler would keep the task and wait for ever."""
    import time

    alone: float | None = None
    while True:
        try:
            return fut.result(timeout=min(_POLL, max(0.25, TIMEOUT / 8)))
        except TimeoutError:
            pass
        workers = _has_workers(client)
        now = time.monotonic()
        if workers:
            alone = None
        elif alone is None:
            alone = now
        elif now - alone >= TIMEOUT:
            raise DaskUnavailable(
                f"the Dask cluster has had no workers for {TIMEOUT:g} s while a task waited "
                "(--timeout to wait longer)"
            )


def _has_workers(client: Any) -> bool:
    """Whether the cluster has workers, from what the client's own loop last heard of the scheduler
    (it asks every 2 s in any case): a question of our own was a round trip costing the client more
    CPU than the answers of a whole run's batches. Asked where that is not known, or the client is
    no longer connected."""
    known = getattr(client, "_scheduler_identity", None)
    if (
        getattr(client, "status", None) == "running"  # else its loop has lost the scheduler: ask
        and isinstance(known, dict)
        and ("n_workers" in known or known.get("workers"))
    ):
        return bool(known.get("n_workers") or known.get("workers"))
    try:
        return bool(client.nthreads())
    except Exception:  # noqa: BLE001 - a scheduler that does not answer has no workers for us
        return False

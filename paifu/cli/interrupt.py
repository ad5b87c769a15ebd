"""Ctrl-C, or any signal a user or supervisor sends to stop a run (``kill PID``, a closed terminal,
``systemctl stop``): no traceback, one line, the summary of what was done so far, no output
half-written, and exit status 128 + the signal (130 for Ctrl-C, 143 for SIGTERM), as a shell
reports a process the signal ended."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from paifu.stopping import STOP_SIGNALS, Stopped, signal_name, signum_of, stop_on_signals

__all__ = [
    "EXIT_INTERRUPTED",
    "STOP_SIGNALS",
    "Interrupt",
    "Stopped",
    "say_interrupted",
    "signal_name",
    "signum_of",
    "stop_on_signals",
]

T = TypeVar("T")

#: the exit status of a run stopped by Ctrl-C (128 + SIGINT)
EXIT_INTERRUPTED = 128 + signal.SIGINT


class Interrupt:
    """``guard(items)`` yields until a stop signal, then stops as if the items had ended; ``hit`` says
    so and ``signum`` which signal it was.

    The first signal only sets ``hit`` (the item being made is finished, so output lines and the
    summary stay whole); a second one stops at once (``Stopped``, one line from ``main``)."""

    def __init__(self) -> None:
        self.hit = False
        self.signum = int(signal.SIGINT)

    def _on_signal(self, signum: int, frame: object) -> None:
        if self.hit:
            raise Stopped(signum)
        self.hit = True
        self.signum = signum

    def guard(self, items: Iterable[T]) -> Iterator[T]:
        old: dict[int, Any] = {}
        for sig in STOP_SIGNALS:
            try:
                old[sig] = signal.signal(sig, self._on_signal)
            except (ValueError, OSError):  # not the main thread: signals stay as they were
                break
        it = iter(items)
        try:
            while not self.hit:
                try:
                    item = next(it)
                except StopIteration:
                    return
                except KeyboardInterrupt as e:
                    self.hit, self.signum = True, signum_of(e)
                    break
                yield item
            close = getattr(it, "close", None)
            if close is not None:  # worker pools and clusters shut down (a second signal ignored)
                with contextlib.suppress(Exception, KeyboardInterrupt):
                    close()
        finally:
            for sig, handler in old.items():
                signal.signal(sig, handler)

    def say(self, command: str, what: str) -> int:
        """``say_interrupted`` with the signal that hit."""
        return say_interrupted(command, what, self.signum)


def say_interrupted(command: str, what: str, signum: int = signal.SIGINT) -> int:
    """The one line of an interrupted run; returns its exit status (128 + the signal)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # a closed terminal (SIGHUP) takes no line
        sys.stderr.write(f"paifu {command}: interrupted ({signal_name(signum)}): {what}\n")
        sys.stderr.flush()
    return 128 + signum

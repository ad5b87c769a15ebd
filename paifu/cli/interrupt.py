"""Ctrl-C in a long run: no ``KeyboardInterrupt`` traceback, one line, the summary of what was
done so far, exit status 130 (as a shell reports a process ended by SIGINT)."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

#: the exit status of a run stopped by Ctrl-C (128 + SIGINT)
EXIT_INTERRUPTED = 130


class Interrupt:
    """``guard(items)`` yields until Ctrl-C, then stops as if the items had ended; ``hit`` says so.

    The first Ctrl-C only sets ``hit`` (the item being made is finished, so output lines and the
    summary stay whole); a second one stops at once (``KeyboardInterrupt``, one line from ``main``)."""

    def __init__(self) -> None:
        self.hit = False

    def _on_sigint(self, signum: int, frame: object) -> None:
        if self.hit:
            raise KeyboardInterrupt
        self.hit = True

    def guard(self, items: Iterable[T]) -> Iterator[T]:
        try:
            old = signal.signal(signal.SIGINT, self._on_sigint)
        except ValueError:  # not the main thread: Ctrl-C stays Python's own
            old = None
        it = iter(items)
        try:
            while not self.hit:
                try:
                    item = next(it)
                except StopIteration:
                    return
                except KeyboardInterrupt:
                    self.hit = True
                    break
                yield item
            close = getattr(it, "close", None)
            if close is not None:  # worker pools and clusters shut down (a second Ctrl-C ignored)
                with contextlib.suppress(Exception, KeyboardInterrupt):
                    close()
        finally:
            if old is not None:
                signal.signal(signal.SIGINT, old)


def say_interrupted(command: str, what: str) -> int:
    """The one line of an interrupted run; returns its exit status."""
    sys.stderr.write(f"paifu {command}: interrupted (Ctrl-C): {what}\n")
    return EXIT_INTERRUPTED

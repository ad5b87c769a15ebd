"""Ctrl-C in a long run: no ``KeyboardInterrupt`` traceback, one line, the summary of what was
done so far, exit status 130 (as a shell reports a process ended by SIGINT)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

#: the exit status of a run stopped by Ctrl-C (128 + SIGINT)
EXIT_INTERRUPTED = 130


class Interrupt:
    """``guard(items)`` yields until Ctrl-C, then stops as if the items had ended; ``hit`` says so."""

    def __init__(self) -> None:
        self.hit = False

    def guard(self, items: Iterable[T]) -> Iterator[T]:
        it = iter(items)
        while True:
            try:
                item = next(it)
            except StopIteration:
                return
            except KeyboardInterrupt:
                self.hit = True
                close = getattr(it, "close", None)
                if close is not None:  # worker pools and clusters shut down (a second Ctrl-C ignored)
                    with contextlib.suppress(Exception, KeyboardInterrupt):
                        close()
                return
            yield item


def say_interrupted(command: str, what: str) -> int:
    """The one line of an interrupted run; returns its exit status."""
    sys.stderr.write(f"paifu {command}: interrupted (Ctrl-C): {what}\n")
    return EXIT_INTERRUPTED

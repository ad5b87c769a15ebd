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

T = TypeVar("T")

#: the exit status of a run stopped by Ctrl-C (128 + SIGINT)
EXIT_INTERRUPTED = 128 + signal.SIGINT
#: the signals that ask a run to stop (each one's default would end the process on the spot, leaving
#: temporary files and worker processes behind); SIGKILL cannot be caught: ``paifu.parallel``'s
#: workers end with their parent, and ``paifu.outfiles`` has its temporary files removed after it
STOP_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGXCPU")
    if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """A stop signal other than the first Ctrl-C of a guarded loop: raised where the program is, as
    Python raises ``KeyboardInterrupt`` for Ctrl-C, so every ``finally`` runs (temporary files
    removed, worker pools shut down)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def signum_of(e: BaseException) -> int:
    """The signal that stopped the run (``Stopped``'s, or SIGINT for a plain ``KeyboardInterrupt``)."""
    return int(getattr(e, "signum", signal.SIGINT))


def _raise(signum: int, frame: object) -> None:
    raise Stopped(signum)


def stop_on_signals() -> None:
    """In the ``paifu`` process: every stop signal raises ``Stopped`` wherever the program is (Ctrl-C
    already raises ``KeyboardInterrupt``). ``Interrupt.guard`` handles them more gently inside its loop."""
    for sig in STOP_SIGNALS:
        if sig != signal.SIGINT:
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                signal.signal(sig, _raise)


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


def signal_name(signum: int) -> str:
    """``Ctrl-C`` for SIGINT, else the signal's name (``SIGTERM``)."""
    if signum == signal.SIGINT:
        return "Ctrl-C"
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def say_interrupted(command: str, what: str, signum: int = signal.SIGINT) -> int:
    """The one line of an interrupted run; returns its exit status (128 + the signal)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # a closed terminal (SIGHUP) takes no line
        sys.stderr.write(f"paifu {command}: interrupted ({signal_name(signum)}): {what}\n")
        sys.stderr.flush()
    return 128 + signum

"""The signals that stop a run, and how the ``paifu`` process meets them from its first moment.

Ctrl-C raises ``KeyboardInterrupt`` wherever Python is; every other signal a user or supervisor
sends to stop a run (``kill``'s SIGTERM, SIGHUP from a closed terminal ...) would end the process
on the spot, leaving temporary files and worker processes behind. ``stop_on_signals`` makes each
raise ``Stopped`` (a ``KeyboardInterrupt``) instead, so every ``finally`` runs; ``paifu.cli.interrupt``
turns them into one line and exit status 128 + the signal. Apart from ``paifu.cli`` so that the
command installs it before it imports anything else (``paifu.__main__``), and so that worker
processes (``paifu.parallel``) know which signals are their parent's to handle.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

#: the signals that ask a run to stop; SIGKILL cannot be caught (``paifu.parallel``'s workers end
#: with their parent, and ``paifu.leftovers`` removes the temporary files after it)
STOP_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGXCPU")
    if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """A stop signal, raised where the program is, as Python raises ``KeyboardInterrupt`` for Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def signum_of(e: BaseException) -> int:
    """The signal that stopped the run (``Stopped``'s, or SIGINT for a plain ``KeyboardInterrupt``)."""
    return int(getattr(e, "signum", signal.SIGINT))


def stop_behind(e: BaseException) -> int | None:
    """The stop signal behind an error raised in its place, or None. A signal that arrives while Python
    runs code that wraps what it raises (a class body's ``__set_name__``, met while pandas is imported,
    turns the ``KeyboardInterrupt`` into a ``RuntimeError``), or an error met while the run was being
    stopped, still ends the run as the signal does: the ``KeyboardInterrupt`` is in its chain."""
    seen: set[int] = set()
    x: BaseException | None = e
    while x is not None and id(x) not in seen:
        if isinstance(x, KeyboardInterrupt):
            return signum_of(x)
        seen.add(id(x))
        x = x.__cause__ or x.__context__
    return None


def signal_name(signum: int) -> str:
    """``Ctrl-C`` for SIGINT, else the signal's name (``SIGTERM``)."""
    if signum == signal.SIGINT:
        return "Ctrl-C"
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _raise(signum: int, frame: object) -> None:
    raise Stopped(signum)


def stop_on_signals() -> None:
    """In the ``paifu`` process: every stop signal raises ``Stopped`` wherever the program is (Ctrl-C
    already raises ``KeyboardInterrupt``)."""
    for sig in STOP_SIGNALS:
        if sig != signal.SIGINT:
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                signal.signal(sig, _raise)


def running_as_the_command() -> bool:
    """Whether this process is the ``paifu`` command (``python -m paifu ...``, or the ``paifu`` script):
    then the package's first line takes the stop signals (``paifu/__init__.py``), so that a signal
    while the package loads ends the run as one later does. A program that imports paifu keeps its own
    signal handlers."""
    args = list(getattr(sys, "orig_argv", ())[1:])
    while args:
        a = args.pop(0)
        if a == "-m":
            return args[:1] == ["paifu"]
        if a.startswith("-m"):
            return a == "-mpaifu"
        if a in ("-X", "-W", "--check-hash-based-pycs"):
            del args[:1]  # the option's value
        elif a == "-c" or a == "-" or not a.startswith("-"):
            break  # a command string or a script: see its name
    return os.path.basename(sys.argv[0]).removesuffix(".exe") == "paifu"


def stopped_while_starting(e: BaseException) -> None:
    """In the ``paifu`` command, a stop signal met while the package loads: one line, and the process
    ends with 128 + the signal (nothing was made yet, so nothing is left). Any other error is raised."""
    signum = stop_behind(e)
    if signum is None or not running_as_the_command():
        raise e
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(f"paifu: interrupted ({signal_name(signum)}) while starting: nothing done\n")
    raise SystemExit(128 + signum)

"""The ``paifu`` command: ``main`` parses the arguments and runs one command, turning the
errors every command can meet into a one-line message and exit status 2.

One module per command (``validate``, ``convert``, ``report`` with ``tournament``, ``show``,
``rules``), the parser and its help in ``parser``, what they share in ``common`` and
``inputs``. The help text and exit statuses are in ``parser.DESCRIPTION``.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from paifu.cli.common import output_problem, plural
from paifu.cli.inputs import replay_inputs
from paifu.cli.parser import build_parser
from paifu.rules import RulesetError

if TYPE_CHECKING:
    from paifu.api import rules_lost

__all__ = ["build_parser", "main", "output_problem", "plural", "replay_inputs", "rules_lost"]

#: each command's module (``paifu.cli.NAME``) and function: only the command that runs is imported, so
#: a ``validate`` loads neither the writers' output files (``tempfile``), the viewer nor the process pool
_COMMANDS = {
    "validate": ("validate", "run_validate"),
    "convert": ("convert", "run_convert"),
    "report": ("report", "run_report"),
    "rules": ("rules", "run_rules"),
    "show": ("show", "run_show"),
    "tournament": ("report", "run_tournament"),
}
#: the errors of workers that cannot run at all (not one file's fault), by the module raising each: one
#: not imported raised nothing, so it is not imported to be caught
_WORKER_ERRORS = (("paifu.parallel", "PoolError"), ("paifu.dask", "DaskUnavailable"))


def __getattr__(name: str) -> Any:
    """``rules_lost`` (``paifu.write``'s, which ``paifu convert`` warns with), imported on first use."""
    if name == "rules_lost":
        from paifu.api import rules_lost

        return rules_lost
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _cannot_run(e: RuntimeError) -> bool:
    loaded = tuple(getattr(sys.modules[m], cls) for m, cls in _WORKER_ERRORS if m in sys.modules)
    return isinstance(e, loaded)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    if argv is None:  # the ``paifu`` command itself: the process ends with this call
        return _as_process(out)
    return _main(argv, out)


#: the commands that write files: run as the ``paifu`` process, their temporary files are removed
#: even when it is killed (``paifu.leftovers.cleanup_after_kill``)
_WRITERS = frozenset({"convert", "report", "show", "tournament"})


def _main(argv: Sequence[str], out: TextIO | None, process: bool = False) -> int:
    out = out or sys.stdout
    if out is None:  # started with standard output closed (``>&-``)
        sys.stderr.write("paifu: standard output is closed\n")
        return 2
    # a file name that is no UTF-8 prints as \udce9, never a traceback
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser(argv[0] if argv and argv[0] in _COMMANDS else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0) and 2
    changes = {k: v for k in ("max_size", "max_field") if (v := getattr(args, k, None)) is not None}
    if changes:
        from paifu.limits import configure

        configure(**changes)
    if getattr(args, "scheduler", None):
        from paifu.dask import set_timeout

        set_timeout(args.timeout)
    if process and args.cmd in _WRITERS:
        from paifu.leftovers import cleanup_after_kill

        cleanup_after_kill()
    module, function = _COMMANDS[args.cmd]
    run = getattr(importlib.import_module(f"paifu.cli.{module}"), function)
    if process:  # its modules are in (``paifu/__init__.py`` turned the collector off for them)
        gc.freeze()
        gc.enable()
    try:
        return _stops_as_signals(run, args, out)
    except RulesetError as e:
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    except RuntimeError as e:
        if not _cannot_run(e):
            raise
        sys.stderr.write(f"paifu: {e}\n")  # the workers cannot run at all (not one file's fault)
        return 2
    except KeyboardInterrupt as e:  # a second Ctrl-C, or a signal outside a command's loop: one line
        from paifu.cli.interrupt import say_interrupted, signum_of

        return say_interrupted(args.cmd, "stopped; outputs not completed were removed", signum_of(e))
    except MemoryError:  # a memory limit (ulimit -v) met: one line, the partial outputs already removed
        sys.stderr.write(f"paifu {args.cmd}: out of memory (lower --max-size, or allow more memory)\n")
        return 2
    except BrokenPipeError:  # piped into head, or standard output closed: nothing more to say, and the
        _silence_stdout()  # run did not finish, so its status cannot say "valid": as if SIGPIPE ended it
        return EXIT_BROKEN_PIPE
    except OSError as e:  # an output path that cannot be written (no such folder, no permission, disk full)
        sys.stderr.write(f"paifu: {e}\n")
        if out is sys.stdout:
            _silence_stdout()
        return 2


def _stops_as_signals(run: Any, args: Any, out: TextIO | None) -> int:
    """``run(args, out)``, where an error that a stop signal caused (``paifu.stopping.stop_behind``)
    is that signal: one line and 128 + N, never a traceback."""
    from paifu.stopping import Stopped, stop_behind

    try:
        return int(run(args, out))
    except Exception as e:
        signum = stop_behind(e)
        if signum is None:
            raise
        raise Stopped(signum) from None


#: the exit status of a run whose standard output was closed by its reader (``| head``): 128 + SIGPIPE,
#: what the shell reports for a tool that SIGPIPE ended
EXIT_BROKEN_PIPE = 141


def _as_process(out: TextIO | None) -> int:
    """``main`` as the process: every stop signal ends the run as Ctrl-C does
    (``paifu.cli.interrupt.stop_on_signals``); the objects of every module imported so far are frozen
    (no collection walks them again), and at the end everything is, so the interpreter's collection at
    exit has nothing to walk (it was a tenth of a small record's run). A caller's ``main([...])``
    (tests, notebooks) keeps the usual collector and signal handlers: freezing there would keep its
    garbage for good."""
    from paifu.cli.interrupt import say_interrupted, signum_of, stop_on_signals

    stop_on_signals()
    gc.freeze()
    try:
        return _stops_as_signals(lambda argv, o: _main(argv, o, process=True), sys.argv[1:], out)
    except KeyboardInterrupt as e:  # before a command ran, or after it ended
        return say_interrupted((sys.argv[1:2] or ["run"])[0], "stopped", signum_of(e))
    finally:
        gc.freeze()


def _silence_stdout() -> None:
    """When standard output cannot take more, point it at /dev/null so the interpreter's exit
    flush does not fail again with a traceback-like message."""
    try:
        sys.stdout.flush()
        return
    except (OSError, AttributeError, ValueError):
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass

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
    module, function = _COMMANDS[args.cmd]
    run = getattr(importlib.import_module(f"paifu.cli.{module}"), function)
    try:
        return run(args, out)
    except RulesetError as e:
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    except RuntimeError as e:
        if not _cannot_run(e):
            raise
        sys.stderr.write(f"paifu: {e}\n")  # the workers cannot run at all (not one file's fault)
        return 2
    except KeyboardInterrupt:  # a second Ctrl-C: one line, no traceback (the first: each command's own line)
        from paifu.cli.interrupt import say_interrupted

        return say_interrupted(args.cmd, "stopped; outputs not completed were removed")
    except MemoryError:  # a memory limit (ulimit -v) met: one line, the partial outputs already removed
        sys.stderr.write(f"paifu {args.cmd}: out of memory (lower --max-size, or allow more memory)\n")
        return 2
    except BrokenPipeError:  # piped into head, or standard output closed: nothing more to say
        _silence_stdout()
        return 0
    except OSError as e:  # an output path that cannot be written (no such folder, no permission, disk full)
        sys.stderr.write(f"paifu: {e}\n")
        if out is sys.stdout:
            _silence_stdout()
        return 2


def _as_process(out: TextIO | None) -> int:
    """``main`` as the process: the objects of every module imported so far are frozen (no
    collection walks them again), and at the end everything is, so the interpreter's collection at
    exit has nothing to walk (it was a tenth of a small record's run). A caller's ``main([...])``
    (tests, notebooks) keeps the usual collector: freezing there would keep its garbage for good."""
    gc.freeze()
    try:
        return main(sys.argv[1:], out)
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

"""``paifu show``: one game as a self-contained HTML viewer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from paifu.cli.common import output_problem, plural, rules_option
from paifu.cli.guards import refuse_outputs
from paifu.cli.interrupt import say_interrupted, signum_of
from paifu.outfiles import descriptor, write_text
from paifu.rules import RulesetError
from paifu.safety import printable

if TYPE_CHECKING:
    from paifu.events import GameRecord


def run_show(args: argparse.Namespace, out: TextIO) -> int:
    """``paifu show FILE``: one game as a self-contained HTML viewer, written to ``-o`` or by default
    to ``viewer/<stem>-<N>.html`` (``paifu.view.names``), the page ``paifu report --viewer-links``
    links to."""
    from paifu.formats.base import RecordError
    from paifu.view import GameView, ViewError
    from paifu.view.names import STDIN, VIEWER_DIR, default_page

    source = STDIN if args.file == "-" else args.file
    to_stdout = args.output == "-"  # the page on standard output, the line about it on standard error
    dest = Path("<stdout>" if to_stdout else args.output or default_page(source, args.game))
    if problem := output_problem(args.output) if args.output else _default_problem(dest):
        sys.stderr.write(f"paifu show: {problem}\n")
        return 2
    if not to_stdout and refuse_outputs(
        "show", {"-o" if args.output else "the page": str(dest)}, [args.file]
    ):
        return 2
    try:
        rules = rules_option(args.rules)
        if args.file == "-":
            game = GameView.of_records(_stdin_records(), STDIN, args.game, rules)
        else:
            game = GameView.open(args.file, args.game, rules)
        start = 0
        if args.hand:
            start = game.hand(args.hand).index
        if args.event is not None:
            start = game.goto(args.event).index
        page = game.to_html(start)
    except (RecordError, ViewError, RulesetError) as e:
        sys.stderr.write(f"paifu show: {e}\n")
        return 2
    except KeyboardInterrupt as e:
        return say_interrupted(
            "show", f"{printable(dest)}: not written (stopped before the page was made)", signum_of(e)
        )
    except OSError as e:
        sys.stderr.write(f"paifu show: {source}: {e.strerror or e}\n")
        return 2
    except Exception as e:  # noqa: BLE001 - a reader or engine bug: name the game, no traceback
        sys.stderr.write(f"paifu show: {source}: game {args.game}: internal error: {type(e).__name__}: {e}\n")
        return 2
    said = f"{printable(dest)}: game {args.game}, {plural(len(game.hands), 'hand')}, {plural(len(game.findings), 'finding')}\n"
    if to_stdout:
        out.write(page)
        sys.stderr.write(said)
        return 0
    if not args.output:
        Path(VIEWER_DIR).mkdir(exist_ok=True)  # our own default folder: made, never a typo of the user's
    write_text(dest, page)  # complete or absent; a FIFO or a device written into, never replaced
    (sys.stderr if descriptor(dest) == 1 else out).write(said)  # -o /dev/stdout: the page alone there
    return 0


def _default_problem(dest: Path) -> str | None:
    """Why the default page (under ``viewer/``, made when missing) cannot be written, or None."""
    folder = dest.parent
    if folder.exists() and not folder.is_dir():
        return f"cannot write {dest}: {folder} is a file, not a folder"
    return output_problem(str(dest) if folder.exists() else str(folder))


def _stdin_records() -> list[GameRecord]:
    """The records on standard input, read no further than the ``--max-size`` limit."""
    from paifu.formats import read_bytes
    from paifu.limits import read_stdin
    from paifu.view.names import STDIN

    return read_bytes(read_stdin(), STDIN)

"""``paifu show``: one game as a self-contained HTML viewer (``--all``: every game, with an index)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from paifu.cli.common import output_problem, plural, rules_option
from paifu.cli.guards import refuse_outputs
from paifu.cli.interrupt import say_interrupted, signum_of
from paifu.outfiles import descriptor, write_text, writes_into
from paifu.rules import RulesetError
from paifu.safety import printable

if TYPE_CHECKING:
    from paifu.events import GameRecord


def run_show(args: argparse.Namespace, out: TextIO) -> int:
    """``paifu show FILE``: one game as a self-contained HTML viewer, written to ``-o`` or by default
    to ``viewer/<stem>-<N>.html`` (``paifu.view.names``), the page ``paifu report --viewer-links``
    links to; with ``--all``, every game of the file and an index of them."""
    from paifu.formats.base import RecordError
    from paifu.view import GameView, ViewError
    from paifu.view.names import STDIN, VIEWER_DIR, default_page, index_name

    source = STDIN if args.file == "-" else args.file
    to_stdout = args.output == "-"  # the page on standard output, the line about it on standard error
    if args.all and (args.hand or args.event is not None or args.game is not None):
        sys.stderr.write(
            "paifu show: --all draws every game from its start: no --game, --hand or --event with it\n"
        )
        return 2
    if args.all and (to_stdout or (args.output and writes_into(args.output))):
        sys.stderr.write(
            "paifu show: --all writes a page per game and their index into a folder: not to -o -, "
            "a FIFO or a device\n"
        )
        return 2
    number = args.game if args.game is not None else 0
    if to_stdout:
        dest = Path("<stdout>")
    elif args.all:
        dest = Path(args.output) if args.output else Path(VIEWER_DIR) / index_name(source)
    else:
        dest = Path(args.output or default_page(source, number))
    if problem := output_problem(args.output) if args.output else _default_problem(dest):
        sys.stderr.write(f"paifu show: {problem}\n")
        return 2
    if not to_stdout and refuse_outputs(
        "show", {"-o" if args.output else "the page": str(dest)}, [args.file]
    ):
        return 2
    try:
        rules = rules_option(args.rules)
        records = _stdin_records() if args.file == "-" else _file_records(args.file)
        if args.all:
            return _show_all(records, source, rules, dest, out)
        game = GameView.of_records(records, source, number, rules)
        start = 0
        if args.hand:
            start = game.hand(args.hand).index
        if args.event is not None:
            start = game.goto(args.event).index
        page = game.to_html(start, count=len(records))
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
        sys.stderr.write(f"paifu show: {source}: game {number}: internal error: {type(e).__name__}: {e}\n")
        return 2
    said = f"{printable(dest)}: game {number}, {plural(len(game.hands), 'hand')}, {plural(len(game.findings), 'finding')}\n"
    if len(records) > 1 and args.game is None:
        said += (
            f"{printable(source)} holds {len(records)} games; this page draws game {number}: --game N "
            f"(0..{len(records) - 1}) draws another, --all every one with an index\n"
        )
    if to_stdout:
        out.write(page)
        sys.stderr.write(said)
        return 0
    if not args.output:
        Path(VIEWER_DIR).mkdir(exist_ok=True)  # our own default folder: made, never a typo of the user's
    write_text(dest, page)  # complete or absent; a FIFO or a device written into, never replaced
    (sys.stderr if descriptor(dest) == 1 else out).write(said)  # -o /dev/stdout: the page alone there
    return 0


def _file_records(path: str) -> list[GameRecord]:
    from paifu.formats import read_path

    return read_path(path)


def _show_all(records: list[GameRecord], source: str, rules: Any, index: Path, out: TextIO) -> int:
    """Every game's page beside the index (``index``), each linking to the others; one line per game
    that cannot be drawn (named), the others written all the same."""
    from paifu.view import GameView, ViewError
    from paifu.view.index import index_html, summary
    from paifu.view.names import page_name

    folder = index.parent
    pages = [page_name(source, k) for k in range(len(records))]
    siblings = [(p, index.name) for p in pages]
    summaries: list[Any] = []
    failed = 0
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(len(records)):
        try:
            game = GameView.of_records(records, source, k, rules)
            write_text(folder / pages[k], game.to_html(0, siblings=siblings))
            summaries.append(summary(game))
            del game  # one game's tables at a time
        except (ViewError, ValueError) as e:
            sys.stderr.write(f"paifu show: {source}: game {k}: {e}\n")
            summaries.append(None)
            failed += 1
        except Exception as e:  # noqa: BLE001 - a reader or engine bug: name the game, go on with the others
            sys.stderr.write(f"paifu show: {source}: game {k}: internal error: {type(e).__name__}: {e}\n")
            summaries.append(None)
            failed += 1
    write_text(index, index_html(source, summaries, pages))
    written = len(records) - failed
    out.write(f"{printable(index)}: {plural(written, 'game')} of {len(records)}, each its page beside it\n")
    return 2 if failed else 0


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

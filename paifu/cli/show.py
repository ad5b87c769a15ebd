"""``paifu show``: one game as a self-contained HTML viewer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from paifu.cli.common import output_problem, plural, rules_option
from paifu.rules import RulesetError


def run_show(args: argparse.Namespace, out: TextIO) -> int:
    """``paifu show FILE``: one game as a self-contained HTML viewer."""
    from paifu.formats.base import RecordError
    from paifu.view import GameView, ViewError

    if problem := output_problem(args.output):
        sys.stderr.write(f"paifu show: {problem}\n")
        return 2
    try:
        game = GameView.open(args.file, args.game, rules_option(args.rules))
        start = 0
        if args.hand:
            start = game.hand(args.hand).index
        if args.event is not None:
            start = game.goto(args.event).index
        page = game.to_html(start)
    except (RecordError, ViewError, RulesetError) as e:
        sys.stderr.write(f"paifu show: {e}\n")
        return 2
    except OSError as e:
        sys.stderr.write(f"paifu show: {args.file}: {e.strerror or e}\n")
        return 2
    except Exception as e:  # noqa: BLE001 - a reader or engine bug: name the game, no traceback
        sys.stderr.write(
            f"paifu show: {args.file}: game {args.game}: internal error: {type(e).__name__}: {e}\n"
        )
        return 2
    dest = Path(
        args.output or f"{Path(args.file).name.split('.')[0]}{f'-game{args.game}' if args.game else ''}.html"
    )
    dest.write_text(page, encoding="utf-8")
    out.write(
        f"{dest}: game {args.game}, {plural(len(game.hands), 'hand')}, {plural(len(game.findings), 'finding')}\n"
    )
    return 0

"""What every command shares: the ``--rules`` option, one line of output, counts in words,
an output path checked before any work, and result lines beside a progress counter."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

from paifu.rules import Ruleset, RulesetError, load_rules


def rules_option(spec: str | None) -> Ruleset | None:
    """The ``--rules`` ruleset; a malformed file is one ``RulesetError`` naming it, never a traceback."""
    if not spec:
        return None
    from paifu.safety import check_settings, printable

    try:
        rules = load_rules(spec)
        check_settings(rules)
        _known_scheme(rules)
    except RulesetError as e:
        if Path(spec).is_file() and not str(e).startswith(printable(spec)):
            raise RulesetError(f"{printable(spec)}: {e}") from e  # every message names the file
        raise
    except OSError as e:
        raise RulesetError(f"{printable(spec)}: cannot read: {e.strerror or e}") from e
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        what = (
            "nested too deeply"
            if isinstance(e, RecursionError)
            else printable(e)
            if type(e) is ValueError
            else f"{type(e).__name__}: {printable(e)}"
        )
        raise RulesetError(f"{printable(spec)}: not a valid ruleset: {what}") from e
    return rules


def _known_scheme(rules: Ruleset) -> None:
    """A ruleset's ``rank_scheme`` names one of the schemes (an unknown one would be ignored)."""
    from paifu.rank_points import SCHEMES

    if rules.rank_scheme and rules.rank_scheme not in SCHEMES:
        raise RulesetError(f"rank_scheme = {rules.rank_scheme!r}; expected one of {', '.join(SCHEMES)}")


def write_line(out: TextIO, text: str) -> None:
    """One line of text output; control characters from records (names, ids) come out escaped."""
    from paifu.safety import printable

    out.write(printable(text) + "\n")


def plural(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def output_problem(path: str | None) -> str | None:
    """Why a file cannot be written at ``path`` (checked before any work), or None. A missing
    folder is no problem: it is made when the file is written (``paifu.outfiles.atomic``), for
    ``--html``, ``--games``, ``--players`` and ``-o`` alike, when the nearest folder that exists
    takes new entries."""
    if not path or path == "-":
        return None
    from paifu.outfiles import refused, writes_into

    if why := refused(path):
        return why
    if writes_into(path):  # a FIFO, a device, /dev/stdout: written into, never replaced
        return None if os.access(path, os.W_OK) else f"cannot write {path}: permission denied"
    p = Path(path)
    if p.is_dir():
        return f"{path} is a folder, not a file"
    parent = p.parent if str(p.parent) else Path(".")
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return f"cannot write {path}: {parent} is a file, not a folder"
    if not os.access(parent, os.W_OK):
        return f"cannot write {path}: folder {parent} is not writable"
    return None


class Writer:
    """Result lines to ``out``; while a progress counter runs on the same terminal, it is cleared
    around each line so the two never run into each other."""

    def __init__(self, out: TextIO, progress: object) -> None:
        self.out = out
        self.bar = progress if hasattr(progress, "clear") else None
        self.wrote = False  # any line yet: a summary after none needs no blank line above it

    def __call__(self, text: str) -> None:
        from paifu.safety import json_text

        self.wrote = self.wrote or bool(text)
        text = json_text(text)  # a file name that is no UTF-8, in a JSON line (text lines are printable)
        if self.bar is None:
            self.out.write(text)
            return
        from tqdm import tqdm

        tqdm.write(text, file=self.out, end="")

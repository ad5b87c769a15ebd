"""Help text as argparse prints it, paid for only when printed: descriptions filled to 80 columns at
printing, and the formatter's width found without ``shutil`` (argparse makes a formatter for every
argument added). Both were start-up costs of every run; the help is the same text.
"""

from __future__ import annotations

import argparse
import os
import sys


class _Unfilled(str):
    """A description or epilog whose paragraphs ``Formatter`` fills to 80 columns when help is printed
    (the raw formatter keeps our line breaks, and wraps nothing): ``textwrap`` and the filling were a
    third of a validate's parser, paid at every start."""

    __slots__ = ()

    def filled(self) -> str:
        import textwrap

        return "\n\n".join(textwrap.fill(" ".join(par.split()), 80) for par in self.split("\n\n"))


def wrap(text: str) -> str:
    """``text``, its paragraphs filled to 80 columns where help shows it (``_Unfilled``)."""
    return _Unfilled(text)


def _columns() -> int:
    """``shutil.get_terminal_size().columns``, as argparse asks it, without importing ``shutil``
    (with ``bz2``, ``lzma`` and ``fnmatch``): argparse makes a formatter for every argument added."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        if columns <= 0:
            columns = size.columns or 80
    return columns


class Formatter(argparse.RawDescriptionHelpFormatter):
    """The raw description formatter, its width found as argparse finds it (``_columns``), filling
    an ``_Unfilled`` text when help is printed."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _columns() - 2 if width is None else width
        )

    def _format_text(self, text: str) -> str:
        return super()._format_text(text.filled() if isinstance(text, _Unfilled) else text)

"""The markers a declaration in ``records/`` may use; ``scripts/gen_records.py`` reads them and writes
none of them out (nothing imports this module at run time: a declaration's imports from ``records`` are
not copied).

- ``rule(default, words, *readers)``, a field's default: the rule's default, how a reader names it
  (what a warning says), and who reads it as it is (``"board"``: ``TableRules`` copies it). The module
  gets ``RULE_WORDS`` and ``RULE_READERS`` from them. ``view_default=`` gives the readers' copy another
  default (``TableRules``' are the common Tenhou table's, where ``Ruleset``'s base differs).
- ``options_read_by("records/<declaration>.py", reader)``, a line among a record's fields: the fields
  that declaration marks for ``reader``, each with its type, default and comments, in their order.
- ``_: KW_ONLY`` before a record's fields (on ``paifu.frozen.Frozen``): those after it are keyword-only.
"""

from __future__ import annotations

from typing import Any, TypeVar

_T = TypeVar("_T")


class KW_ONLY:  # noqa: N801 - dataclasses' spelling
    """The fields after ``_: KW_ONLY`` are keyword-only in the written ``__init__``."""


def rule(default: _T, words: str, *readers: str, view_default: Any = None) -> _T:
    """A rule's default, its words and its readers (see the module's docstring)."""
    return default


def options_read_by(source: str, reader: str) -> None:
    """The fields ``source`` marks for ``reader``, declared here (see the module's docstring)."""

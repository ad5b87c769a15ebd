"""Text from records goes out safe, and settings from files come in sound.

Player names and game ids are whatever a record says: a newline in one would forge a summary
line, an escape sequence would reach the terminal, a CSV cell starting with ``=`` is a formula
in a spreadsheet. ``printable`` and ``csv_safe`` neutralise them where they are printed or
written (JSON output needs nothing: ``json.dumps`` escapes). ``check_settings`` holds a loaded
ruleset or scheme to the types its fields declare, so a NaN uma or a string where a number
belongs is an error naming the file and the field, not an internal error in every game later.
"""

from __future__ import annotations

import dataclasses
import math
import re
import typing
from typing import Any

from paifu.limits import MAX_NUMBER

#: C0 and C1 controls, DEL, line/paragraph separators and bidirectional overrides
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group(0))
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def printable(text: object) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\x0a``)."""
    return _UNSAFE.sub(_escape, str(text))


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula, quoted with a leading apostrophe."""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def csv_safe(df: Any) -> Any:
    """A copy of a pandas frame whose text cells cannot start a formula (numbers are left alone)."""
    out = df.copy()
    for col in out.columns:
        if out[col].dtype == object or str(out[col].dtype) in ("string", "category"):
            if str(out[col].dtype) == "category":
                out[col] = out[col].astype(object)
            out[col] = out[col].map(csv_cell)
    return out


def check_settings(obj: Any) -> None:
    """``ValueError`` naming the field when a loaded dataclass holds a value its
    field's type does not allow (a NaN or out-of-range number, a text for a number ...)."""
    hints = typing.get_type_hints(type(obj))
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if not _fits(value, hints.get(f.name, Any)):
            raise ValueError(
                f"{f.name} = {printable(repr(value))[:80]} is not a valid {_name(hints[f.name])}"
            )


def _name(tp: Any) -> str:
    return tp.__name__ if isinstance(tp, type) else str(tp).replace("typing.", "")


def _fits(value: Any, tp: Any) -> bool:
    if tp is Any:
        return True
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return any(_fits(value, a) for a in args)
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and -MAX_NUMBER <= value <= MAX_NUMBER
    if tp is float:
        return isinstance(value, int | float) and math.isfinite(value) and abs(value) <= MAX_NUMBER
    if tp is str:
        return isinstance(value, str)
    if origin in (tuple, frozenset, set, list):
        if not isinstance(value, origin):
            return False
        if origin is tuple and args and args[-1] is not Ellipsis:
            return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args, strict=True))
        inner = args[0] if args else Any
        return all(_fits(v, inner) for v in value)
    return True

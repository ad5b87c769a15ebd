"""Text from records goes out safe, and settings from files come in sound.

Player names and game ids are whatever a record says: a newline in one would forge a summary
line, an escape sequence would reach the terminal, a CSV cell starting with ``=`` is a formula
in a spreadsheet. ``printable`` and ``csv_safe`` neutralise them where they are printed or
written (JSON output needs nothing: ``json.dumps`` escapes). ``check_settings`` holds a loaded
ruleset or scheme to the types its fields declare, so a NaN uma or a string where a number
belongs is an error naming the file and the field, not an internal error in every game later.
"""

from __future__ import annotations

import math
import re
import typing
from typing import Any

from paifu.limits import MAX_NUMBER

#: C0 and C1 controls, DEL, line/paragraph separators, bidirectional overrides, and lone surrogates
#: (a file name that is no UTF-8 reaches Python as ``\\udce9``: no terminal or file can take it)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_SURROGATES = re.compile("[\ud800-\udfff]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group(0))
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def printable(text: object) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\x0a``)."""
    return _UNSAFE.sub(_escape, str(text))


def json_text(text: str) -> str:
    """JSON text (``ensure_ascii=False``) with lone surrogates as ``\\uXXXX`` escapes: still the
    same JSON, now writable as UTF-8 (they can only stand inside a JSON string)."""
    return _SURROGATES.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def display_path(path: str) -> str:
    """A file name as text for tables and pages: a name that is no UTF-8 (Latin-1, or Shift_JIS
    from a Windows archive) decoded as the bytes most likely meant, never a lone surrogate."""
    if path.isascii() or not _SURROGATES.search(path):
        return path
    raw = path.encode("utf-8", "surrogateescape") if _escaped_only(path) else None
    if raw is None:
        return _SURROGATES.sub("\ufffd", path)
    for codec in ("utf-8", "cp932"):
        try:
            return raw.decode(codec)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


def _escaped_only(path: str) -> bool:
    return all("\udc80" <= c <= "\udcff" for c in _SURROGATES.findall(path))


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula, quoted with a leading apostrophe; a
    cell that starts with an apostrophe gets one more, so reading takes exactly one off
    (``paifu.analysis.frames.read_table``) and every text comes back as it was."""
    if isinstance(value, str) and value.startswith((*_FORMULA, "'")):
        return "'" + value
    return value


def csv_safe(df: Any) -> Any:
    """A copy of a pandas frame whose text cells cannot start a formula (numbers are left alone)."""
    import pandas as pd

    out = df.copy()
    for col in out.columns:
        dtype = out[col].dtype
        if isinstance(dtype, pd.CategoricalDtype) or pd.api.types.is_string_dtype(dtype):
            # object, category, and pandas' string dtypes (``string``, ``string[pyarrow]``, ``str``)
            out[col] = out[col].astype(object).map(csv_cell)
    return out


def check_settings(obj: Any) -> None:
    """``ValueError`` naming the field when a loaded dataclass holds a value its
    field's type does not allow (a NaN or out-of-range number, a text for a number ...)."""
    import dataclasses  # here: only loaded settings are checked, and a validate imports this module

    hints = typing.get_type_hints(type(obj))
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if not fits(value, hints.get(f.name, Any)):
            raise ValueError(
                f"{f.name} = {printable(repr(value))[:80]} is not a valid {_name(hints[f.name])}"
            )


def _name(tp: Any) -> str:
    return tp.__name__ if isinstance(tp, type) else str(tp).replace("typing.", "")


def fits(value: Any, tp: Any) -> bool:
    """Whether ``value`` is one a field typed ``tp`` allows (finite, bounded numbers; a bool is no
    number; a tuple's items each of its type)."""
    if tp is Any:
        return True
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return any(fits(value, a) for a in args)
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if isinstance(value, bool):  # TOML's true and false are no numbers (Python's bool is an int)
        return False
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
            return len(value) == len(args) and all(fits(v, a) for v, a in zip(value, args, strict=True))
        inner = args[0] if args else Any
        return all(fits(v, inner) for v in value)
    return True

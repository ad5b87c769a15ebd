"""What detection knows of a JSON document, and the parse it hands to the document's reader.

Kept apart from ``detect`` (which asks the registry's entries) so that a reader can take the parse
without importing the registry that imports it: no import cycle.
"""

from __future__ import annotations

import json

_JSON_SPACE = " \t\n\r"
#: the record bytes whose whole document ``detect_format(..., keep=True)`` parsed last, and its
#: value: the reader takes it (``take_parsed``) instead of parsing the document a second time
_PARSED: tuple[bytes, object] | None = None
#: what ``take_parsed`` and ``Doc.get`` give when they have nothing
NOT_PARSED = object()


def _shape(v: object) -> str:
    """The first character JSON writes for a value ('0' for any number)."""
    if isinstance(v, dict):
        return "{"
    if isinstance(v, list):
        return "["
    if isinstance(v, str):
        return '"'
    if v is True:
        return "t"
    if v is False:
        return "f"
    if v is None:
        return "n"
    return "0"


class Doc:
    """A JSON document as detection knows it: its first object whole (``value``), or the keys of
    its first object read so far with their values' shapes (``keys``, for a document cut short).
    A document that is a list is judged by its first element (a list of games or of events)."""

    __slots__ = ("keys", "value")

    def __init__(self, value: object = NOT_PARSED, keys: dict[str, str] | None = None) -> None:
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = value[0]
        self.value = value
        self.keys = keys or {}

    @property
    def keys_only(self) -> bool:
        """Whether the document was cut short: only its first keys are known (``keys``)."""
        return self.value is NOT_PARSED

    def has(self, key: str) -> bool:
        v = self.value
        return key in v if isinstance(v, dict) else key in self.keys

    def get(self, key: str) -> object:
        """The key's value when the document was parsed, else ``NOT_PARSED``."""
        v = self.value
        return v.get(key, NOT_PARSED) if isinstance(v, dict) else NOT_PARSED

    def shape(self, key: str) -> str:
        """The key's value's shape (``_shape``); '' when the key is absent."""
        v = self.value
        if isinstance(v, dict):
            return _shape(v[key]) if key in v else ""
        s = self.keys.get(key, "")[:1]
        return "0" if s and (s.isdigit() or s == "-") else s

    def item_shape(self, key: str) -> str:
        """For a list value: its first element's shape, and that element's first element's when it is
        a list too (``"[{"``: hands of events; ``"[["``: lists of lists); '' otherwise."""
        v = self.value
        if isinstance(v, dict):
            items = v.get(key)
            if not isinstance(items, list) or not items:
                return ""
            first = items[0]
            inner = _shape(first[0]) if isinstance(first, list) and first else ""
            return _shape(first) + inner
        return self.keys.get(key, "")[1:]


def first_json_value(text: str, keep: bytes | None = None) -> object:
    """The first complete JSON value of the text (a whole document or its first line), or
    ``NOT_PARSED``; kept for ``take_parsed`` when ``keep`` is given and the value is what
    ``json.loads(text)`` gives (JSON space alone around it)."""
    global _PARSED
    stripped = text.lstrip()
    try:
        value, end = json.JSONDecoder().raw_decode(stripped)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than Python's stack
        return NOT_PARSED
    if (
        keep is not None
        and len(text.lstrip(_JSON_SPACE)) == len(stripped)
        and not stripped[end:].lstrip(_JSON_SPACE)
    ):
        _PARSED = (keep, value)
    return value


def take_parsed(data: bytes) -> object:
    """``json.loads`` of ``data``'s text when ``detect_format`` has just parsed exactly that (once:
    it is handed over, not shared); ``NOT_PARSED`` otherwise."""
    global _PARSED
    parsed = _PARSED
    if parsed is None or parsed[0] is not data:
        return NOT_PARSED
    _PARSED = None
    return parsed[1]

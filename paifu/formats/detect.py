"""Tell the four record formats apart by content (names are only a fallback).

Content wins because real files are misnamed: akochan writes mjai as ``.json``,
corpus XML comes as ``.xml``, ``.mjlog`` or ``.xml_``, and 電脳麻将 paipu is ``.json``
like tenhou.net/6.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable
from typing import Any

_SPACE = b" \t\r\n"


_JSON_SPACE = " \t\n\r"
#: how much of a record detection reads: a whole small document, the first line of JSON Lines
SNIFF_BYTES = 1 << 16
#: json's own value scanner (typeshed does not list the attribute)
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
#: the record bytes whose whole document ``detect_format(..., keep=True)`` parsed last, and its
#: value: the reader takes it (``take_parsed``) instead of parsing the document a second time
_PARSED: tuple[bytes, object] | None = None
#: what ``take_parsed`` gives when it has nothing
NOT_PARSED = object()


def _first_json_value(text: str, keep: bytes | None = None) -> object | None:
    """The first complete JSON value of the text (a whole document or its first line); kept for
    ``take_parsed`` when ``keep`` is given and the value is what ``json.loads(text)`` gives (JSON
    space alone around it)."""
    global _PARSED
    stripped = text.lstrip()
    try:
        value, end = json.JSONDecoder().raw_decode(stripped)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than Python's stack
        return None
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


def _classify_object(obj: object) -> str | None:
    if isinstance(obj, list):
        return _classify_object(obj[0]) if obj and isinstance(obj[0], dict) else None
    if not isinstance(obj, dict):
        return None
    if "type" in obj and isinstance(obj.get("type"), str):
        return "mjai"
    log = obj.get("log")
    if isinstance(log, list):
        if "qijia" in obj or "player" in obj:
            return "majiang"
        first = log[0] if log else None
        if isinstance(first, list) and first and isinstance(first[0], dict):
            return "majiang"
        if isinstance(first, list) and first and isinstance(first[0], list):
            return "tenhou-json"
        if "name" in obj or "rule" in obj:
            return "tenhou-json"
    return None


def looks_like_xml(head: bytes) -> bool:
    """Tenhou XML: ``<mjloggm`` after an optional declaration, comments and blank space.

    One pass over the head (linear: no regular expression that can backtrack), and only
    when the text starts with ``<``, so a JSON record whose player is nicknamed
    ``<mjloggm`` stays JSON. A start tag found later in an XML head (after an unknown
    element, e.g. a wrapper) still counts.
    """
    head = head.lstrip(b"\xef\xbb\xbf").lstrip(_SPACE)
    if not head.startswith(b"<"):
        return False
    i = 0
    if head.startswith(b"<?xml"):
        end = head.find(b"?>")
        if end < 0:
            return False
        i = end + 2
    while True:
        while i < len(head) and head[i] in _SPACE:
            i += 1
        if head.startswith(b"<!--", i):
            end = head.find(b"-->", i + 4)
            if end < 0:
                return False
            i = end + 3
            continue
        break
    return head.startswith(b"<mjloggm", i) or b"<mjloggm" in head


def detect_format(data: bytes, keep: bool = False) -> str | None:
    """The format name of (already decompressed) record bytes, or None when unrecognised.

    Only the first ``SNIFF_BYTES`` are looked at, so detection costs the same on a 60 MB document
    as on a small one (parsing a whole document took about six times its size). A document that
    fits is parsed; with ``keep`` its value is kept for its reader (``take_parsed``), so it is
    still parsed once. A longer one is classified by its first keys (``shallow_keys``)."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    if looks_like_xml(head):
        return "tenhou-xml"
    stripped = head.lstrip()
    if stripped[:1] not in (b"{", b"["):
        return None
    whole = len(data) <= SNIFF_BYTES
    try:
        text = codecs.getincrementaldecoder("utf-8-sig")().decode(data[:SNIFF_BYTES], final=whole)
    except UnicodeDecodeError:
        return None
    value = _first_json_value(text, data if keep and whole else None)
    if value is not None or whole:
        return _classify_object(value)
    return _classify_keys(shallow_keys(text))


def shallow_keys(text: str) -> dict[str, str]:
    """What the start of a JSON document cut short says about its first object (the document, or a
    list's first element): each key read so far with the first character of its value, and for
    ``log`` (a list) the first two characters of its first element (``"[{"``: hands of events, as
    電脳麻将 writes them; ``"[["``: tenhou.net/6). Values are skipped whole with ``json``'s own
    scanner; the walk stops where the text does."""
    i = _skip_space(text, 0)
    if text[i : i + 1] == "[":
        i = _skip_space(text, i + 1)
    if text[i : i + 1] != "{":
        return {}
    keys: dict[str, str] = {}
    i += 1
    try:
        while True:
            i = _skip_space(text, i)
            if text[i : i + 1] != '"':
                return keys
            key, i = _SCAN(text, i)
            i = _skip_space(text, i)
            if text[i : i + 1] != ":":
                return keys
            i = _skip_space(text, i + 1)
            if key == "log" and text[i : i + 1] == "[":
                j = _skip_space(text, i + 1)  # log[0]
                k = _skip_space(text, j + 1)  # log[0][0]
                keys[key] = "[" + text[j : j + 1] + text[k : k + 1]
            else:
                keys[key] = text[i : i + 1]
            _, i = _SCAN(text, i)
            i = _skip_space(text, i)
            if text[i : i + 1] != ",":
                return keys
            i += 1
    except (StopIteration, ValueError, RecursionError):  # the text ends inside a value
        return keys


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i] in _JSON_SPACE:
        i += 1
    return i


def _classify_keys(keys: dict[str, str]) -> str | None:
    """``_classify_object`` for what ``shallow_keys`` read of a document longer than the sniff."""
    if keys.get("type") == '"':
        return "mjai"
    log = keys.get("log", "")
    if not log.startswith("["):
        return None
    if "qijia" in keys or "player" in keys or log[1:] == "[{":
        return "majiang"
    if log[1:] == "[[" or "name" in keys or "rule" in keys:
        return "tenhou-json"
    return None


def format_from_name(name: str) -> str | None:
    """A guess from a file name alone (used only when the content says nothing)."""
    n = name.lower()
    if n.endswith(".gz"):
        n = n[:-3]
    if n.endswith((".mjlog", ".xml", ".xml_")):
        return "tenhou-xml"
    if n.endswith((".jsonl", ".mjson")):
        return "mjai"
    return None

"""Tell record formats apart by content (names are only a fallback); each format's own test is its
entry in ``registry.ENTRIES``.

Content wins because real files are misnamed: akochan writes mjai as ``.json``, corpus XML comes as
``.xml``, ``.mjlog`` or ``.xml_``, 電脳麻将 paipu is ``.json`` like tenhou.net/6, and a Mahjong Soul
record is saved under its bare uuid.

A JSON document is judged by its first value: a small one is parsed whole (and, on the read path,
handed to its reader: ``take_parsed``); a long one by the keys its first ``SNIFF_BYTES`` hold, so
detection costs the same on a 60 MB file as on a small one. Only where that start cannot tell (a
tenhou.net/6 file whose long names precede ``log``) and the bytes are about to be read is the whole
document parsed, once, and handed to its reader.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable
from typing import Any

_SPACE = b" \t\r\n"
_JSON_SPACE = " \t\n\r"
#: how much of a file detection reads when it is not about to be read whole
SNIFF_BYTES = 1 << 16
#: json's own value scanner (typeshed does not list the attribute)
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
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


def _first_json_value(text: str, keep: bytes | None = None) -> object:
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

    A document of up to ``SNIFF_BYTES`` is parsed whole (and with ``keep`` its value is kept for its
    reader); a longer one is first judged by the keys its start holds. Only where those cannot tell,
    and the bytes are about to be read (``keep``), is the whole document parsed, once, for its reader."""
    from paifu.formats.registry import ENTRIES

    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    for f in ENTRIES:
        if f.detect_bytes is not None and f.detect_bytes(head):
            return f.name
    if head.lstrip()[:1] not in (b"{", b"["):
        return None
    fmt = _classify(_doc(data, keep and len(data) <= SNIFF_BYTES, len(data) <= SNIFF_BYTES))
    if fmt is None and keep and len(data) > SNIFF_BYTES:
        fmt = _classify(_doc(data, True, True))  # a signature past the start (long names first)
    return fmt


def _classify(doc: Doc | None) -> str | None:
    from paifu.formats.registry import ENTRIES

    if doc is None:
        return None
    for f in ENTRIES:
        if f.detect is not None and f.detect(doc):
            return f.name
    return None


def _doc(data: bytes, keep: bool, whole: bool) -> Doc | None:
    """The document's first value (``whole``: all of the bytes; kept for the reader with ``keep``),
    or the keys of its first ``SNIFF_BYTES``."""
    try:
        text = codecs.getincrementaldecoder("utf-8-sig")().decode(
            data if whole else data[:SNIFF_BYTES], final=whole
        )
    except UnicodeDecodeError:
        return None
    value = _first_json_value(text, data if keep else None)
    if value is not NOT_PARSED:
        return Doc(value)
    if whole:
        return None
    return Doc(keys=shallow_keys(text))


def shallow_keys(text: str) -> dict[str, str]:
    """What the start of a JSON document cut short says about its first object (the document, or a
    list's first element): each key read so far with the first character of its value, and for a
    list the first characters of its first element and of that element's first element (``"[[{"``:
    hands of events, as 電脳麻将 writes ``log``; ``"[[["``: tenhou.net/6's). Values are skipped whole
    with ``json``'s own scanner; the walk stops where the text does."""
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
            if text[i : i + 1] == "[":
                j = _skip_space(text, i + 1)  # the list's first element
                k = _skip_space(text, j + 1) if text[j : j + 1] == "[" else j  # and its first
                keys[key] = "[" + text[j : j + 1] + (text[k : k + 1] if k != j else "")
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


def format_from_name(name: str) -> str | None:
    """A guess from a file name alone (used only when the content says nothing)."""
    from paifu.formats.registry import ENTRIES

    n = name.lower()
    if n.endswith(".gz"):
        n = n[:-3]
    for f in ENTRIES:
        if f.suffixes and n.endswith(f.suffixes):
            return f.name
    return None


def unsupported(data: bytes) -> str | None:
    """What a file we recognise but do not read is (``registry.UNSUPPORTED``), or None."""
    from paifu.formats.registry import UNSUPPORTED

    head = data[:SNIFF_BYTES]
    text = head.decode("utf-8", errors="replace")
    for u in UNSUPPORTED:
        message = u(head, text)
        if message:
            return message
    return None

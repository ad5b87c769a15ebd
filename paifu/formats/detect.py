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

from paifu.formats.registry import ENTRIES, UNSUPPORTED, looks_like_xml  # noqa: F401 - walk's name
from paifu.formats.sniff import NOT_PARSED, Doc, first_json_value, take_parsed  # noqa: F401 - public names

_JSON_SPACE = " \t\n\r"
#: how much of a file detection reads when it is not about to be read whole
SNIFF_BYTES = 1 << 16
#: json's own value scanner (typeshed does not list the attribute)
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def detect_format(data: bytes, keep: bool = False) -> str | None:
    """The format name of (already decompressed) record bytes, or None when unrecognised.

    A document of up to ``SNIFF_BYTES`` is parsed whole (and with ``keep`` its value is kept for its
    reader); a longer one is first judged by the keys its start holds. Only where those cannot tell,
    and the bytes are about to be read (``keep``), is the whole document parsed, once, for its reader."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    for f in ENTRIES:
        if f.detect_bytes is not None and f.detect_bytes(head):
            return f.name
    if head.lstrip()[:1] not in (b"{", b"["):
        return None
    fmt = _classify(_doc(data, keep and len(data) <= SNIFF_BYTES, len(data) <= SNIFF_BYTES))
    if fmt is None and keep and len(data) > SNIFF_BYTES and _cut_in_first_object(data):
        # a signature past the start (long names first): parsed whole, once, for its reader. A start
        # that names no key (a list of empty objects), or whose first object ends within it and is no
        # record, is not parsed: the rest cannot change what the first object is (60 MB of
        # ``[{"log":[[]]},...]`` took 1.85 GB to be told no record)
        fmt = _classify(_doc(data, True, True))
    return fmt


def _cut_in_first_object(data: bytes) -> bool:
    """Whether the document's first object (the document, or a list's first element) names a key
    within the first ``SNIFF_BYTES`` and goes on past them: only then can a key that tells the format
    come later. A first object complete within them was judged whole by ``_classify`` already (a
    document is judged by its first object, ``sniff.Doc``)."""
    doc = _doc(data, False, False)
    if doc is None or not doc.keys:
        return False
    try:
        text = codecs.getincrementaldecoder("utf-8-sig")().decode(data[:SNIFF_BYTES], final=False)
    except UnicodeDecodeError:
        return False
    i = _skip_space(text, 0)
    if text[i : i + 1] == "[":
        i = _skip_space(text, i + 1)
    try:
        first, _ = _SCAN(text, i)
    except (StopIteration, ValueError, RecursionError):  # cut short within the start
        return True
    return _classify(Doc(first)) is not None


def _classify(doc: Doc | None) -> str | None:
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
    value = first_json_value(text, data if keep else None)
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
    n = name.lower()
    if n.endswith(".gz"):
        n = n[:-3]
    for f in ENTRIES:
        if f.suffixes and n.endswith(f.suffixes):
            return f.name
    return None


def unsupported(data: bytes) -> str | None:
    """What a file we recognise but do not read is (``registry.UNSUPPORTED``), or None."""
    head = data[:SNIFF_BYTES]
    text = head.decode("utf-8", errors="replace")
    for u in UNSUPPORTED:
        message = u(head, text)
        if message:
            return message
    return None

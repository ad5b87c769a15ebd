"""Tell the four record formats apart by content (names are only a fallback).

Content wins because real files are misnamed: akochan writes mjai as ``.json``,
corpus XML comes as ``.xml``, ``.mjlog`` or ``.xml_``, and 電脳麻将 paipu is ``.json``
like tenhou.net/6.
"""

from __future__ import annotations

import json
import re

_XML_START = re.compile(rb"^\s*(<\?xml[^>]*>\s*)?(<!--.*?-->\s*)*<mjloggm\b", re.S)


def _first_json_value(text: str) -> object | None:
    """The first complete JSON value of the text (a whole document or its first line)."""
    try:
        value, _ = json.JSONDecoder().raw_decode(text.lstrip())
    except ValueError:
        return None
    return value


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


def detect_format(data: bytes) -> str | None:
    """The format name of (already decompressed) record bytes, or None when unrecognised."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    if _XML_START.match(head) or b"<mjloggm" in head:
        return "tenhou-xml"
    stripped = head.lstrip()
    if stripped[:1] not in (b"{", b"["):
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return _classify_object(_first_json_value(text))


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

"""How a Mahjong Soul record reaches a player's disk, to one shape: the header and the list of records.

The client has no export; downloaders fetch a game by its uuid and save it as:

- the decoded JSON, snake_case: ``{"head": {...}, "data": {"name": ".lq.GameDetailRecords",
  "data": {"records": [...]} or {"version", "actions": [...]}}}``;
- a header in protobuf's camelCase JSON with the body as base64 protobuf (``"data": "ChUubHEu..."``),
  sometimes with the same records decoded beside it (``details``: read only where ``data`` is absent);
- the body's raw protobuf bytes (a ``Wrapper`` of ``.lq.GameDetailRecords``, no header), or the
  whole ``ResGameRecord`` answer's bytes.

Older bodies list ``records`` (each a ``Wrapper``); newer ones (``version`` 210715 and later) list
``actions``, whose ``result`` is the ``Wrapper`` and whose other kinds (the players' inputs) hold no
record. Every message comes out as ``schema``'s plain dict.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from paifu.formats.base import RecordError
from paifu.formats.majsoul import schema

BODY = ".lq.GameDetailRecords"
#: records of the game's event modes (Sichuan, Shura, ...): rules paifu does not replay
EVENT_MODES = frozenset(
    {
        "RecordSelectGap",
        "RecordChangeTile",
        "RecordRevealTile",
        "RecordUnveilTile",
        "RecordLockTile",
        "RecordGangResult",
        "RecordGangResultEnd",
        "RecordHuleXueZhanMid",
        "RecordHuleXueZhanEnd",
        "RecordNewCard",
    }
)

Records = list[tuple[str, dict[str, Any]]]


def from_bytes(data: bytes, source: str) -> tuple[dict[str, Any] | None, Records]:
    """A file of protobuf bytes: the body's ``Wrapper`` (no header)."""
    try:
        wrapper = schema.decode("Wrapper", data)
    except ValueError as e:
        raise RecordError(f"a Mahjong Soul record whose bytes do not decode: {e}", file=source) from e
    return None, _body(wrapper, source)


def from_json(doc: object, source: str) -> tuple[dict[str, Any] | None, Records]:
    """A downloaded JSON document: its header (None where it has none) and its records."""
    if not isinstance(doc, dict):
        raise RecordError("a Mahjong Soul record is a JSON object", file=source)
    head = _head(doc.get("head"), source)
    body = doc.get("data")
    if isinstance(body, str) and body:
        try:
            raw = base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError) as e:
            raise RecordError(f"the record's 'data' is not base64: {e}", file=source) from e
        try:
            wrapper = schema.decode("Wrapper", raw)
        except ValueError as e:
            raise RecordError(f"the record's 'data' does not decode: {e}", file=source) from e
        return head, _body(wrapper, source)
    if isinstance(body, dict):
        if "name" in body and "data" in body:
            if body["name"] != BODY:
                raise RecordError(f"'data' holds {body['name']!r}, not {BODY}", file=source)
            body = body["data"]
        if isinstance(body, dict) and ("records" in body or "actions" in body):
            return head, _decoded_body(body, source)
    details = doc.get("details")
    if isinstance(details, list):  # the decoded records beside an empty body (``@type`` names each)
        return head, [
            _decoded(f".lq.{d.get('@type', '')}", d, source) for d in details if isinstance(d, dict)
        ]
    if doc.get("data_url") and not body:
        raise RecordError(
            "a Mahjong Soul header whose game body is not in the file (only its download address, "
            "'data_url'): download the body too",
            file=source,
        )
    raise RecordError("a Mahjong Soul header with no game body ('data') in it", file=source)


def _head(value: object, source: str) -> dict[str, Any] | None:
    if value is None:
        return None
    try:
        return schema.from_json("RecordGame", value)
    except ValueError as e:
        raise RecordError(f"the record's header: {e}", file=source) from e


def _body(wrapper: dict[str, Any], source: str) -> Records:
    if wrapper["name"] == ".lq.ResGameRecord":
        answer = schema.decode("ResGameRecord", wrapper["data"])
        wrapper = schema.decode("Wrapper", answer["data"])
    if wrapper["name"] != BODY:
        raise RecordError(f"a Mahjong Soul message {wrapper['name']!r}, not a game's records", file=source)
    try:
        body = schema.decode(BODY, wrapper["data"])
    except ValueError as e:
        raise RecordError(f"the game's records do not decode: {e}", file=source) from e
    items: list[bytes] = list(body["records"]) or [a["result"] for a in body["actions"] if a["result"]]
    out: Records = []
    for raw in items:
        try:
            inner = schema.decode("Wrapper", raw)
            out.append((_name(inner["name"], source), schema.decode(inner["name"], inner["data"])))
        except ValueError as e:
            raise RecordError(f"record {len(out)} does not decode: {e}", file=source, event=len(out)) from e
    return out


def _decoded_body(body: dict[str, Any], source: str) -> Records:
    items = body.get("records") or [a.get("result") for a in body.get("actions") or [] if isinstance(a, dict)]
    out: Records = []
    for item in items:
        if item is None:
            continue  # a player's input or a game event: no record
        if not isinstance(item, dict) or "name" not in item:
            raise RecordError(
                f"record {len(out)} is not a {{name, data}} object", file=source, event=len(out)
            )
        out.append(_decoded(item["name"], item.get("data") or {}, source, len(out)))
    return out


def _decoded(name: str, data: dict[str, Any], source: str, at: int = 0) -> tuple[str, dict[str, Any]]:
    name = _name(name, source)
    try:
        return name, schema.from_json(name, data)
    except ValueError as e:
        raise RecordError(f"record {at} ({name}): {e}", file=source, event=at) from e


def _name(name: str, source: str) -> str:
    short = name.rsplit(".", 1)[-1]
    if short in EVENT_MODES:
        raise RecordError(
            f"a Mahjong Soul event-mode game ({short}): its rules are not riichi's, and paifu does not "
            "replay them",
            file=source,
        )
    if schema.message_class(short) is None:
        raise RecordError(f"a Mahjong Soul record of a kind paifu does not know ({name!r})", file=source)
    return short

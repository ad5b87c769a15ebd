"""Mahjong Soul (雀魂) game records, as downloaders save them: read, never written.

The game's records are protobuf messages (``liqi.proto``: the subset of the game's own definitions
paifu reads, decoded by the protobuf library in ``schema``); ``layouts`` turns each form a player
holds (decoded JSON, a JSON header with the body in base64, the body's raw bytes) into the header and
the list of records, and ``reader`` turns those into events. Rules come from the header (room, mode,
a friend room's or contest's ``detail_rule``): ``paifu.rules.majsoul``.
"""

from __future__ import annotations

from paifu.events import GameRecord
from paifu.formats.base import RecordError
from paifu.formats.majsoul.names import FORMAT
from paifu.formats.sniff import NOT_PARSED, take_parsed


def read(data: bytes, source: str = "") -> list[GameRecord]:
    """The one game of a Mahjong Soul record file."""
    from paifu.formats.majsoul import layouts
    from paifu.formats.majsoul.reader import read_game

    if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):  # protobuf bytes, not JSON
        head, records = layouts.from_bytes(data, source)
    else:
        doc = take_parsed(data)
        if doc is NOT_PARSED:
            import json

            try:
                doc = json.loads(data.decode("utf-8-sig"))
            except (UnicodeDecodeError, ValueError) as e:
                raise RecordError(f"not valid JSON: {e}", file=source) from e
        head, records = layouts.from_json(doc, source)
    return [read_game(head, records, source)]


__all__ = ["FORMAT", "read"]

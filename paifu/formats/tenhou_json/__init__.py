"""tenhou.net/6 viewer JSON: reader and writer (formats.md section 2).

The format lists, per seat, what it took and what it let go, but not the turn
order: the reader replays turns (a seat whose next *take* is a call on the last
discard jumps in, pon/kan before chi; otherwise the next seat draws). When two
equal discards could have been called, the first is taken (tensoul issue 14).

Things the reader cannot know stay ``None`` (dice, per-winner sticks, scores
before a result, the scores after a riichi stick); the concealed hands of
winners and of tenpai seats are rebuilt by tracking the tiles.

A file holds one game, or JSON Lines of one-hand documents (mjx ``mjscore``):
consecutive lines of the same game are joined into one record; a document that
does not start at East 1 with even scores, or a lone one-hand document without
final scores, is an excerpt (``GameRecord.partial``).
"""

from typing import TYPE_CHECKING

from paifu.formats.tenhou_json.documents import read_tenhou_json
from paifu.formats.tenhou_json.names import (
    FORMAT,
    YAKU_JA,
    YAKU_NAMES,
    code_to_tile,
    disp_go_type,
    go_type_disp,
    tile_to_code,
    yaku_from_name,
)

#: the registry's names for this format's reader and writer (``paifu.formats.registry``)
read = read_tenhou_json

if TYPE_CHECKING:
    from paifu.formats.tenhou_json.writer import write_tenhou_json
    from paifu.formats.tenhou_json.writer import write_tenhou_json as write


def __getattr__(name: str) -> object:
    """The writer, imported on first use: a process that only reads never pays for it."""
    if name in ("write_tenhou_json", "write"):
        from paifu.formats.tenhou_json.writer import write_tenhou_json

        return write_tenhou_json
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "read",
    "write",
    "FORMAT",
    "YAKU_JA",
    "YAKU_NAMES",
    "code_to_tile",
    "disp_go_type",
    "go_type_disp",
    "read_tenhou_json",
    "tile_to_code",
    "write_tenhou_json",
    "yaku_from_name",
]

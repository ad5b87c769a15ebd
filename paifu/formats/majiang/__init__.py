"""電脳麻将 (kobalab majiang-core) paipu JSON: reader, and a writer (formats.md section 4).

Seats: our seat is the paipu's *player id* (the index of ``player``/``defen``/
``point``), and ``GameStart.first_dealer`` is ``qijia``. Player ids sit in turn
order, so seat s+1 plays after seat s as our events require. Inside ``log`` every
``l`` is relative to the hand's dealer: seat = (qijia + jushu + l) % 4.

A riichi discard (``*``) gives ``RiichiDeclared`` before the discard and
``RiichiAccepted`` after it unless the next event wins on it or is 三家和.
``fenpei`` becomes ``deltas``; top-level ``defen``/``point`` become ``GameEnd``.
Rules: ``rules_hint = (("majiang_rule", None),)`` (the engine's default rule
object) unless the paipu carries a ``rule`` object (then ``(("majiang_rule", its JSON text),)``:
hashable, and read back whole).

Layout: ``names`` (tiles, hands and melds as 電脳麻将 writes them, draw names), ``reader``,
``writer``.
"""

from typing import TYPE_CHECKING

from paifu.formats.majiang.names import FORMAT, pai_to_tile, parse_meld, parse_shoupai, tile_to_pai
from paifu.formats.majiang.reader import read_majiang

#: the registry's names for this format's reader and writer (``paifu.formats.registry``)
read = read_majiang

if TYPE_CHECKING:
    from paifu.formats.majiang.writer import write_majiang
    from paifu.formats.majiang.writer import write_majiang as write


def __getattr__(name: str) -> object:
    """The writer, imported on first use: a process that only reads never pays for it."""
    if name in ("write_majiang", "write"):
        from paifu.formats.majiang.writer import write_majiang

        return write_majiang
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "read",
    "write",
    "FORMAT",
    "pai_to_tile",
    "parse_meld",
    "parse_shoupai",
    "read_majiang",
    "tile_to_pai",
    "write_majiang",
]

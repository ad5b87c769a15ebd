"""mjai JSON lines: reader (every variant of formats.md section 3) and a Mortal-style writer.

The reader takes compact or spaced JSON in any key order, ignores ``meta`` and
protocol-only events, accepts ``kita``/``nukidora``, and treats every result field
as optional. A ``kakan`` names no supplier, so the reader takes it from the seat's
earlier pon. Mortal's ``ryukyoku`` does not say which draw it was: the reader
infers it from the hand (wall exhausted, nine-terminals declarer, four riichi,
four winds, four kans) and records an issue when it had to guess.

The writer emits the minimal Mortal/libriichi variant and always writes
``deltas`` on ``hora`` and ``ryukyoku``.

Layout: ``names`` (tiles, draw reasons and yaku as producers spell them), ``reader`` (lines to
games and events), ``results`` (wins and draws, and which draw a reason-less one was), ``writer``.
"""

from typing import TYPE_CHECKING

from paifu.formats.mjai.names import FORMAT, pai_to_tile, tile_to_pai
from paifu.formats.mjai.reader import read_mjai

#: the registry's names for this format's reader and writer (``paifu.formats.registry``)
read = read_mjai

if TYPE_CHECKING:
    from paifu.formats.mjai.writer import write_mjai
    from paifu.formats.mjai.writer import write_mjai as write


def __getattr__(name: str) -> object:
    """The writer, imported on first use: a process that only reads never pays for it."""
    if name in ("write_mjai", "write"):
        from paifu.formats.mjai.writer import write_mjai

        return write_mjai
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["read", "write", "FORMAT", "pai_to_tile", "read_mjai", "tile_to_pai", "write_mjai"]

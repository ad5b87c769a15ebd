"""Ready-made draw, discard and riichi events, one per seat, tile and tsumogiri flag, shared by the readers.

Draws and discards are nearly all of a game's events. Events are immutable, so one instance per
value can serve every game: a reader that has a seat (0..3) and a tile id (0..135) in hand looks
its event up instead of building it, and ``check_records`` skips these (``check.trust``) instead
of checking each use. A reader must look up only a plain ``int`` seat and tile within those
bounds (an index of -1 would find another tile).
"""

from __future__ import annotations

from paifu.events import Discard, Draw, RiichiDeclared
from paifu.formats.check import trust

#: ``DRAWS[seat][tile]``
DRAWS: tuple[tuple[Draw, ...], ...] = tuple(tuple(Draw(s, t) for t in range(136)) for s in range(4))
#: ``DISCARDS[tsumogiri][seat][tile]``, tsumogiri True, False or None (not stated)
DISCARDS: dict[bool | None, tuple[tuple[Discard, ...], ...]] = {
    flag: tuple(tuple(Discard(s, t, flag) for t in range(136)) for s in range(4))
    for flag in (True, False, None)
}
trust(ev for seat in DRAWS for ev in seat)
trust(ev for table in DISCARDS.values() for seat in table for ev in seat)
#: ``RIICHI[seat]``: a reader that appends only these can find a seat's riichi by identity
RIICHI: tuple[RiichiDeclared, ...] = tuple(RiichiDeclared(s) for s in range(4))
trust(RIICHI)

"""Ready-made draw, discard and riichi events, one per seat, tile and tsumogiri flag, shared by the readers.

Draws and discards are nearly all of a game's events. Events are immutable, so one instance per
value can serve every game: a reader that has a seat (0..3) and a tile id (0..135) in hand looks
its event up instead of building it, and ``check_records`` skips these (``check.trust``) instead
of checking each use. A reader must look up only a plain ``int`` seat and tile within those
bounds (an index of -1 would find another tile).
"""

from __future__ import annotations

from typing import Final

from paifu.events import Discard, Draw, RiichiDeclared
from paifu.formats.check import trust

#: each event made as its ``__init__`` makes it, without running it: the object, then each slot
#: set (``paifu.frozen.set_field`` does the same through ``object.__setattr__``); 2,180 ``__init__`` calls
#: were 10 M instructions of every start (issue 26). ``tests/test_formats_fast_paths.py`` compares
#: them with events made the usual way.
_new: Final = object.__new__
_SET_SEAT: Final = Draw.__dict__["seat"].__set__
_SET_TILE: Final = Draw.__dict__["tile"].__set__
_SET_DISCARD_SEAT: Final = Discard.__dict__["seat"].__set__
_SET_DISCARD_TILE: Final = Discard.__dict__["tile"].__set__
_SET_TSUMOGIRI: Final = Discard.__dict__["tsumogiri"].__set__


def _draw(seat: int, tile: int) -> Draw:
    ev = _new(Draw)
    _SET_SEAT(ev, seat)
    _SET_TILE(ev, tile)
    return ev


def _discard(seat: int, tile: int, tsumogiri: bool | None) -> Discard:
    ev = _new(Discard)
    _SET_DISCARD_SEAT(ev, seat)
    _SET_DISCARD_TILE(ev, tile)
    _SET_TSUMOGIRI(ev, tsumogiri)
    return ev


#: ``DRAWS[seat][tile]``
DRAWS: tuple[tuple[Draw, ...], ...] = tuple(tuple(_draw(s, t) for t in range(136)) for s in range(4))
#: ``DISCARDS[tsumogiri][seat][tile]``, tsumogiri True, False or None (not stated)
DISCARDS: dict[bool | None, tuple[tuple[Discard, ...], ...]] = {
    flag: tuple(tuple(_discard(s, t, flag) for t in range(136)) for s in range(4))
    for flag in (True, False, None)
}
trust(ev for seat in DRAWS for ev in seat)
trust(ev for table in DISCARDS.values() for seat in table for ev in seat)
#: ``RIICHI[seat]``: a reader that appends only these can find a seat's riichi by identity
RIICHI: tuple[RiichiDeclared, ...] = tuple(RiichiDeclared(s) for s in range(4))
trust(RIICHI)

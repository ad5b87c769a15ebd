"""Tenhou's packed 16-bit meld code (``N m=``, ``AGARI m=``), both directions.

Layout (formats.md 1.4): ``m & 3`` is the supplier's offset from the caller in
*four-seat* terms (1 shimocha, 2 toimen, 3 kamicha). Three-player logs keep that
four-seat arithmetic with seat 3 empty (in ``sanma2.xml`` seat 0 calls seat 2's
discard with offset 2), so the absolute supplier is always ``(who + off) % 4``.

Representation choices that keep ``encode(decode(m)) == m`` exact:

- chi: ``tiles`` lowest..highest, ``called`` the taken id, supplier always kamicha;
- pon: the three copies in ascending copy order;
- kakan: the pon's three tiles then the added tile; ``called``/``from_seat`` stay
  those of the original pon (Tenhou's kakan code is the pon code - 0x08 + 0x10);
- daiminkan: all four copies ascending, ``called`` the discarded id;
- ankan: ``tiles[0]`` is the id the code names (Tenhou writes copy 0 or 2), then
  the other three ascending; ``called``/``from_seat`` None;
- kita: one tile, ``called``/``from_seat`` None.
"""

from __future__ import annotations

from paifu.events import CallKind, Meld


class MeldCodeError(ValueError):
    """A meld code that does not decode to a meld (the reader adds file context)."""


def _supplier(who: int, off: int, num_players: int) -> int:
    seat = (who + off) % 4
    if seat >= num_players:
        raise MeldCodeError(f"meld supplier seat {seat} does not exist at a {num_players}-player table")
    return seat


def decode_meld(m: int, who: int, num_players: int = 4) -> Meld:
    """Decode Tenhou meld code ``m`` called by seat ``who`` into a :class:`Meld`."""
    if not 0 <= m < 1 << 16:
        raise MeldCodeError(f"meld code {m} is not a 16-bit value")
    off = m & 3
    if m & 0x4:  # chi
        if off != 3:
            raise MeldCodeError(f"chi code {m} does not come from kamicha")
        t = m >> 10
        called_i, b = t % 3, t // 3
        if b >= 21:
            raise MeldCodeError(f"chi code {m} names no suited run")
        k0 = (b // 7) * 9 + b % 7
        copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        tiles = tuple((k0 + i) * 4 + c for i, c in enumerate(copies))
        return Meld(CallKind.CHI, tiles, tiles[called_i], _supplier(who, off, num_players))
    if m & 0x18:  # pon (0x08) or kakan (0x10)
        if off == 0:
            raise MeldCodeError(f"pon/kakan code {m} has no supplier")
        t = m >> 9
        k, called_i = t // 3, t % 3
        if k >= 34:
            raise MeldCodeError(f"pon code {m} names tile kind {k}")
        unused = (m >> 5) & 3
        three = tuple(k * 4 + c for c in range(4) if c != unused)
        supplier = _supplier(who, off, num_players)
        if m & 0x8:
            return Meld(CallKind.PON, three, three[called_i], supplier)
        return Meld(CallKind.KAKAN, three + (k * 4 + unused,), three[called_i], supplier)
    if m & 0x20:  # kita
        t = m >> 8
        if t >> 2 != 30:
            raise MeldCodeError(f"kita code {m} names tile {t}, not a North")
        return Meld(CallKind.KITA, (t,))
    t = m >> 8
    if t >= 136:
        raise MeldCodeError(f"kan code {m} names tile {t}")
    k = t >> 2
    if off:
        return Meld(CallKind.DAIMINKAN, tuple(range(k * 4, k * 4 + 4)), t, _supplier(who, off, num_players))
    return Meld(CallKind.ANKAN, (t,) + tuple(x for x in range(k * 4, k * 4 + 4) if x != t))


def encode_meld(meld: Meld, who: int, num_players: int = 4) -> int:
    """The inverse of :func:`decode_meld`. ``num_players`` is accepted for symmetry."""
    del num_players  # offsets are four-seat in both table sizes
    kind = meld.kind
    tiles = meld.tiles

    def offset() -> int:
        if meld.from_seat is None:
            raise MeldCodeError(f"{kind.value} meld has no supplier")
        off = (meld.from_seat - who) % 4
        if off == 0:
            raise MeldCodeError(f"{kind.value} meld supplied by the caller itself")
        return off

    if kind is CallKind.CHI:
        ts = sorted(tiles)
        if len(ts) != 3 or meld.called not in ts:
            raise MeldCodeError(f"chi meld {tiles} is not three tiles incl. the called one")
        k0 = ts[0] >> 2
        b = (k0 // 9) * 7 + k0 % 9
        t = b * 3 + ts.index(meld.called)
        return (t << 10) | ((ts[2] & 3) << 7) | ((ts[1] & 3) << 5) | ((ts[0] & 3) << 3) | 0x4 | offset()
    if kind in (CallKind.PON, CallKind.KAKAN):
        k = tiles[0] >> 2
        if kind is CallKind.PON:
            used = {x & 3 for x in tiles}
            unused = ({0, 1, 2, 3} - used).pop()
        else:
            unused = tiles[3] & 3
        three = [k * 4 + c for c in range(4) if c != unused]
        if meld.called not in three:
            raise MeldCodeError(f"{kind.value} meld {tiles}: called tile {meld.called} not among them")
        t = k * 3 + three.index(meld.called)
        flag = 0x8 if kind is CallKind.PON else 0x10
        return (t << 9) | (unused << 5) | flag | offset()
    if kind is CallKind.KITA:
        return (tiles[0] << 8) | 0x20
    if kind is CallKind.DAIMINKAN:
        called = meld.called if meld.called is not None else tiles[0]
        return (called << 8) | offset()
    if kind is CallKind.ANKAN:
        return tiles[0] << 8
    raise MeldCodeError(f"unknown meld kind {kind!r}")

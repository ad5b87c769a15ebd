"""tenhou.net/6 call strings (``c123423``, ``4545p45``, ``34k343434``...) to melds, and which seats
could call a discard: the part of ``hands._HandReader`` that reads calls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paifu.events import CallKind, Meld
from paifu.formats.base import RecordError
from paifu.formats.tenhou_json.names import _tile_key, code_to_tile


class _Calls:
    """Call strings to melds, for the hand being read (a part of ``hands._HandReader``)."""

    n: int
    takes: list[list[object]]
    ti: list[int]
    parsed: dict[tuple[int, str], Meld]  # call strings read so far (not turn state: kept on backtracking)

    if TYPE_CHECKING:  # the hand reader's own

        def fail(self, msg: str) -> RecordError: ...

    def _source(self, seat: int, pos: int, kind: str) -> int:
        """Absolute supplier seat from the letter position of a pon/kan string."""
        table = {"p": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}, "k": {0: 3, 2: 2, 4: 1}}[kind]
        if pos not in table:
            raise self.fail(f"call letter {kind!r} at position {pos} names no seat")
        off = table[pos]
        if self.n == 4:
            return (seat + off) % 4
        # 3 players: Tenhou's own records and tensoul (``relativeseating``: ``(seat0 - seat1 + 3) % 4``,
        # "4 mult. works for sanma") count on four seats, so seats 0 and 2 are each other's toimen;
        # other writers (paifu's own until now) count on three. The two never disagree on a seat.
        four = (seat + off) % 4
        if four < 3:
            return four
        if off == 2:
            raise self.fail(f"a 3-player call by seat {seat} cannot come from toimen")
        return (seat + (2 if off == 3 else 1)) % 3

    # ------------------------------------------------------------ calls
    def _parse_call(self, seat: int, s: str) -> tuple[Meld, int]:
        """A call string -> (meld, letter position)."""
        letters = [i for i, ch in enumerate(s) if ch.isalpha()]
        if len(letters) != 1:
            raise self.fail(f"call string {s!r} should hold one letter")
        pos = letters[0]
        ch = s[pos]
        body = s[:pos] + s[pos + 1 :]
        codes = [int(body[i : i + 2]) for i in range(0, len(body), 2)]
        tiles = [code_to_tile(c) for c in codes]
        taken_index = pos // 2
        if ch == "c":
            if pos != 0 or len(tiles) != 3:
                raise self.fail(f"chi string {s!r} is malformed")
            called = tiles[0]
            meld = Meld(CallKind.CHI, tuple(sorted(tiles, key=_tile_key)), called, (seat - 1) % self.n)
        elif ch == "p":
            if len(tiles) != 3:
                raise self.fail(f"pon string {s!r} is malformed")
            called = tiles[taken_index]
            meld = Meld(CallKind.PON, tuple(tiles), called, self._source(seat, pos, "p"))
        elif ch == "m":
            if len(tiles) != 4:
                raise self.fail(f"daiminkan string {s!r} is malformed")
            called = tiles[taken_index]
            meld = Meld(CallKind.DAIMINKAN, tuple(tiles), called, self._source(seat, pos, "m"))
        elif ch == "k":
            if len(tiles) != 4:
                raise self.fail(f"kakan string {s!r} is malformed")
            added = tiles[taken_index]
            pon = tiles[:taken_index] + tiles[taken_index + 1 :]
            called = pon[taken_index]
            meld = Meld(CallKind.KAKAN, (*pon, added), called, self._source(seat, pos, "k"))
        elif ch == "a":
            if len(tiles) != 4:
                raise self.fail(f"ankan string {s!r} is malformed")
            meld = Meld(CallKind.ANKAN, tuple(tiles))
        elif ch == "f":
            if len(tiles) != 1:
                raise self.fail(f"kita string {s!r} is malformed")
            meld = Meld(CallKind.KITA, tuple(tiles))
        else:
            raise self.fail(f"unknown call letter {ch!r} in {s!r}")
        return meld, pos

    def _call_candidates(self, seat: int, tile: int) -> list[tuple[int, Meld]]:
        """Who could call this discard: pon/kan (nearest in turn first), then chi by the next seat."""
        out: list[tuple[int, Meld]] = []
        n, takes, ti = self.n, self.takes, self.ti
        for off in range(1, n):
            s2 = (seat + off) % n
            nxt = takes[s2][ti[s2]] if ti[s2] < len(takes[s2]) else None
            if isinstance(nxt, str) and ("p" in nxt or "m" in nxt):
                meld = self._parsed_call(s2, nxt)
                if meld.from_seat == seat and _tile_key(meld.called or 0) == _tile_key(tile):
                    out.append((s2, meld))
        s2 = (seat + 1) % n
        nxt = takes[s2][ti[s2]] if ti[s2] < len(takes[s2]) else None
        if isinstance(nxt, str) and nxt.startswith("c"):
            meld = self._parsed_call(s2, nxt)
            if _tile_key(meld.called or 0) == _tile_key(tile):
                out.append((s2, meld))
        return out

    def _parsed_call(self, seat: int, s: str) -> Meld:
        """``_parse_call``'s meld, worked out once per hand (each discard asks again)."""
        meld = self.parsed.get((seat, s))
        if meld is None:
            meld = self.parsed[seat, s] = self._parse_call(seat, s)[0]
        return meld

"""Pure checks of the table: may this seat win on that kind, is it tenpai, furiten, may it call so.

Functions of the table and the rule flags only (majiang-core's ``allow_*``): they change nothing
and report nothing, so the replayer, the viewer and a bot can all ask them. Who waits on an
offered kind, and who may rob a closed kan, the board asks itself (``paifu.board.seat``).
"""

from __future__ import annotations

from paifu.board.seat import SeatState, live_waits
from paifu.board.shape import shape_waits
from paifu.board.state import TableState
from paifu.rules.flags import RuleFlags
from paifu.tiles import SANMA_REMOVED_KINDS, YAOCHU_KINDS


def visible(table: TableState, seat_no: int, k: int) -> int:
    """Copies of kind ``k`` this seat can see: its hand, every river, every meld, the indicators."""
    n = table.seats[seat_no].counts[k]
    for s in table.seats:
        n += sum(1 for r in s.river if r.tile >> 2 == k and not r.called)
        n += sum(1 for m in s.melds for t in m.tiles if t >> 2 == k)
    n += sum(1 for t in table.dora_indicators if t >> 2 == k)
    return n


def is_tenpai(flags: RuleFlags, table: TableState, seat_no: int) -> bool:
    """Tenpai for riichi and exhaustive draws, under the ruleset's karaten rule."""
    seat = table.seats[seat_no]
    sanma = table.num_players == 3
    if flags.karaten_counts:  # a wait on tiles all in the own hand still counts
        return any(not (sanma and k in SANMA_REMOVED_KINDS) for k in seat.waits)
    live = live_waits(seat, sanma)
    if flags.karaten_visible:  # all four seen on the table or in the own hand
        return any(visible(table, seat_no, k) < 4 for k in live)
    return bool(live)


def is_furiten(seat: SeatState, sanma: bool) -> bool:
    """Furiten for this turn, for the riichi, or on a wait already in the own river."""
    if seat.furiten_temp or seat.furiten_riichi:
        return True
    return any(k in seat.river_kinds for k in live_waits(seat, sanma))


def is_run(kinds: list[int]) -> bool:
    """Three sorted kinds in a row of one suit (a chi)."""
    return (
        len(kinds) == 3
        and kinds[0] < 27
        and kinds[0] // 9 == kinds[2] // 9
        and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
    )


def yaochu_kinds(counts: list[int]) -> int:
    """Distinct terminal and honor kinds held (nine terminals needs 9)."""
    return sum(1 for k in YAOCHU_KINDS if counts[k])


def is_nagashi(seat: SeatState) -> bool:
    """Every discard a terminal or honor, none taken by a call."""
    river = seat.river
    return bool(river) and all((r.tile >> 2) in YAOCHU_KINDS and not r.called for r in river)


def waits_after_kan(counts: list[int]) -> frozenset[int]:
    """The waits of a hand after a closed kan (``counts`` without the four), fifth copies out."""
    return frozenset(w for w in shape_waits(counts, False) if counts[w] < 4)

"""Pure checks of the table: may this seat win on that kind, is it tenpai, furiten; and what is
wrong with a draw, a discard, a call or a riichi declaration (``check_*``).

Functions of the table, the event and the rule flags only (majiang-core's ``allow_*``): they change
nothing, and the ``check_*`` return their faults (``Fault``) instead of reporting them, so the
replayer, the viewer and a bot can all ask them. The replayer (``paifu.engine``) reports the faults
with the game, hand and event, then applies the event through the board, unless a fault says the
table cannot follow it (``Fault.blocks``). Who waits on an offered kind, and who may rob a closed
kan, the board asks itself (``paifu.board.seat``); how a hand starts and ends (a win, a drawn hand,
the hand start) is asked the same way in ``paifu.engine.outcomes``. Long because every play's
check is here, one place to ask what a seat may do next.
"""

from __future__ import annotations

from paifu.board.calls import added_tile, missing_tile, own_tiles, pon_of
from paifu.board.parts import YAOCHU_MASK
from paifu.board.phases import (
    ABORTS_A_CALL_MISSES,
    ACTION,
    AFTER_DISCARD,
    BETWEEN,
    HAND_OVER,
    NEED_DISCARD,
    NEED_DRAW,
)
from paifu.board.seat import SeatState, live_waits
from paifu.board.shape import is_complete_regular, shape_waits, with_kind
from paifu.board.state import TableState, tile_name
from paifu.engine.faults import Fault
from paifu.events import CallKind, Meld
from paifu.findings import Code
from paifu.rules.flags import RuleFlags
from paifu.tiles import SANMA_REMOVED_KINDS, YAOCHU_KINDS


def blocked(faults: tuple[Fault, ...]) -> bool:
    """Whether any of ``faults`` keeps the table from following the event."""
    return any(f.blocks for f in faults)


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
    if not river:
        return False
    for r in river:  # a loop and a mask: compiled, a generator and ``in`` a tuple went through Python
        k = r.tile >> 2
        if r.called or k < 0 or not YAOCHU_MASK >> k & 1:
            return False
    return True


def waits_after_kan(counts: list[int]) -> frozenset[int]:
    """The waits of a hand after a closed kan (``counts`` without the four), fifth copies out."""
    return frozenset(w for w in shape_waits(counts, False) if counts[w] < 4)


# ------------------------------------------------------------------ what is wrong with an event
def _red(table: TableState, tile: int) -> bool:
    return table.red_of[tile] if 0 <= tile < 136 else False


def check_tile_draw(table: TableState | None, seat_no: int, phase_before: int) -> tuple[Fault, ...]:
    """A draw, asked once the offered tile has passed (``board.pass_offer``): whose turn it is,
    and a tile left to draw. ``phase_before``: the phase before the pass (a hand that is over or
    not begun takes no draw)."""
    if phase_before == BETWEEN:
        return (Fault(Code.WRONG_TURN, "a draw outside a hand", seat_no, blocks=True),)
    if phase_before == HAND_OVER:
        return (Fault(Code.WRONG_TURN, "a draw after the hand ended", seat_no, blocks=True),)
    assert table is not None
    out: tuple[Fault, ...] = ()
    if table.phase != NEED_DRAW or seat_no != table.turn:
        out += (
            Fault(
                Code.WRONG_TURN,
                f"seat {seat_no} draws but it is seat {table.turn}'s turn to "
                f"{'draw' if table.phase == NEED_DRAW else 'discard'}",
                seat_no,
                table.turn,
                seat_no,
            ),
        )
    if table.live_left <= 0 and not table.rinshan_pending:
        out += (Fault(Code.WRONG_TURN, "a draw from an empty wall", seat_no),)
    return out


def check_discard(table: TableState | None, seat_no: int, tile: int, held: bool) -> tuple[Fault, ...]:
    """A discard: in a hand, in the seat's turn to discard, a tile it holds (``held``, asked by
    the caller, who hands it on to the board), not a swap-call, and in riichi the tile drawn."""
    if table is None or table.phase == BETWEEN or table.phase == HAND_OVER:
        return (Fault(Code.WRONG_TURN, "a discard outside a hand", seat_no, blocks=True),)
    out: tuple[Fault, ...] = ()
    phase = table.phase
    if (phase != ACTION and phase != NEED_DISCARD) or seat_no != table.turn:
        msg = f"seat {seat_no} discards but it is not its turn to discard"
        out += (Fault(Code.WRONG_TURN, msg, seat_no, table.turn, seat_no),)
    seat = table.seats[seat_no]
    if not held:
        out += (Fault(Code.TILE_NOT_IN_HAND, f"discards {tile_name(tile)} which it does not hold", seat_no),)
    k = tile >> 2
    if phase == NEED_DISCARD and k in seat.kuikae:
        msg = f"discards {tile_name(tile)} right after calling with it (swap-call)"
        out += (Fault(Code.KUIKAE, msg, seat_no),)
    drawn = seat.drawn
    if (
        seat.riichi_accepted
        and not (drawn is not None and (drawn >> 2) == k and _red(table, drawn) == _red(table, tile))
        and phase == ACTION
    ):
        out += (Fault(Code.RIICHI_DISCARD, "in riichi, discards a tile other than the one drawn", seat_no),)
    return out


def check_hand_size(table: TableState, seat_no: int) -> tuple[Fault, ...]:
    """After a discard: the concealed hand holds 13 tiles less three per meld (kita aside)."""
    seat = table.seats[seat_no]
    size = seat.held
    expected = 13 - 3 * (len(seat.melds) - seat.kita)
    if size == expected:
        return ()
    return (Fault(Code.HAND_SIZE, f"holds {size} tiles after discarding", seat_no, expected, size),)


def check_riichi(table: TableState | None, seat_no: int, flags: RuleFlags) -> tuple[Fault, ...]:
    """A riichi declaration: in the own turn, once, closed, with the points and a draw left."""
    out: tuple[Fault, ...] = ()
    if table is None or table.phase != ACTION or seat_no != table.turn:
        msg = "riichi declared outside the player's own turn"
        out += (Fault(Code.WRONG_TURN, msg, seat_no, blocks=table is None),)
        if table is None:
            return out
    seat = table.seats[seat_no]
    if seat.riichi:
        out += (Fault(Code.ILLEGAL_CALL, "riichi declared twice", seat_no, blocks=True),)
        return out
    if not seat.closed:
        out += (Fault(Code.RIICHI_NOT_CLOSED, "declares riichi with an open hand", seat_no),)
    score = table.scores[seat_no]
    if score < flags.riichi_min_points and flags.bust:
        msg = "declares riichi without enough points"
        out += (Fault(Code.RIICHI_INSUFFICIENT_POINTS, msg, seat_no, flags.riichi_min_points, score),)
    if table.live_left < flags.riichi_min_wall:
        msg = "declares riichi with too few tiles left in the wall"
        out += (Fault(Code.RIICHI_NO_DRAWS_LEFT, msg, seat_no, flags.riichi_min_wall, table.live_left),)
    return out


def check_riichi_discard(table: TableState, seat_no: int, flags: RuleFlags) -> tuple[Fault, ...]:
    """After the declaration's discard: tenpai, and (where the ruleset forbids it) not furiten."""
    out: tuple[Fault, ...] = ()
    if not is_tenpai(flags, table, seat_no):
        msg = "declares riichi on a hand that is not tenpai after the discard"
        out += (Fault(Code.RIICHI_NOT_TENPAI, msg, seat_no),)
    if not flags.furiten_riichi and is_furiten(table.seats[seat_no], table.num_players == 3):
        out += (Fault(Code.RIICHI_FURITEN, "declares riichi while furiten", seat_no),)
    return out


def _holds(
    table: TableState, seat_no: int, tiles: tuple[int, ...] | list[int], what: str | CallKind, blocks: bool
) -> tuple[Fault, ...]:
    missing = missing_tile(table.seats[seat_no], tiles, table.red_of)
    if missing is None:
        return ()
    label = what.value if isinstance(what, CallKind) else what  # a str enum is a str: test the enum first
    msg = f"{label} needs {tile_name(missing)} which the player does not hold"
    return (Fault(Code.ILLEGAL_CALL, msg, seat_no, blocks=blocks),)


def check_call_on_discard(table: TableState, caller: int, m: Meld, flags: RuleFlags) -> tuple[Fault, ...]:
    """A chi, pon or open kan: on the last discard, of another seat (chi: the one on the left), by
    a seat not in riichi, with tiles that make the meld and that it holds; the fifth kan, the
    hand's last discard and an abortive draw it should have been are faults too. Tiles the
    caller lacks do not block it: the ron window still closes (``board.call_on_discard``)."""
    # the kind's name only for a message: an enum member's ``value`` is a Python-level property
    # (8,700 reads in 451 games, nearly all for no message)
    if table.phase != AFTER_DISCARD or table.last_discard is None:
        return (Fault(Code.ILLEGAL_CALL, f"{m.kind.value} without a discard to call", caller, blocks=True),)
    src, tile = table.last_discard
    if m.called is not None and (
        (m.called >> 2) != (tile >> 2) or _red(table, m.called) != _red(table, tile)
    ):
        msg = f"{m.kind.value} on {tile_name(m.called)} but the last discard was {tile_name(tile)}"
        return (Fault(Code.ILLEGAL_CALL, msg, caller, blocks=True),)
    out: tuple[Fault, ...] = ()
    if m.from_seat is not None and m.from_seat != src:
        msg = "the call names a different discarder than the last discard"
        out += (Fault(Code.ILLEGAL_CALL, msg, caller, src, m.from_seat),)
    if caller == src:
        out += (Fault(Code.ILLEGAL_CALL, "calls its own discard", caller, blocks=True),)
        return out
    if table.live_left <= 0:
        out += (Fault(Code.ILLEGAL_CALL, "calls the last discard of the hand", caller),)
    if table.seats[caller].riichi:
        out += (Fault(Code.ILLEGAL_CALL, "calls while in riichi", caller),)
    kinds = sorted(t >> 2 for t in m.tiles)
    n = table.num_players
    if m.kind == CallKind.CHI:
        if not flags.chi:
            out += (Fault(Code.ILLEGAL_CALL, "chi is not allowed at this table", caller),)
        if caller != (src + 1) % n:
            out += (Fault(Code.ILLEGAL_CALL, "chi from a player who is not on the left", caller),)
        if not is_run(kinds):
            out += (Fault(Code.ILLEGAL_CALL, "chi tiles are not a run", caller, blocks=True),)
            return out
    elif m.kind == CallKind.PON:
        if len(kinds) != 3 or len(set(kinds)) != 1:
            out += (Fault(Code.ILLEGAL_CALL, "pon tiles are not three of a kind", caller, blocks=True),)
            return out
    else:
        if len(kinds) != 4 or len(set(kinds)) != 1:
            out += (Fault(Code.ILLEGAL_CALL, "open kan tiles are not four of a kind", caller, blocks=True),)
            return out
        if len(table.kans) >= 4:
            out += (Fault(Code.ILLEGAL_CALL, "a fifth kan", caller),)
    own = own_tiles(m, tile, table.red_of)
    if len(own) != len(m.tiles) - 1:
        msg = "the meld does not contain the called tile"
        out += (Fault(Code.ILLEGAL_CALL, msg, caller, blocks=True),)
        return out
    due = table.abort_due
    if due is not None and due in ABORTS_A_CALL_MISSES:
        out += (Fault(Code.ABORT_MISSED, f"the hand should have ended in {due.value}", caller),)
    return out + _holds(table, caller, own, m.kind, False)


def check_kan(table: TableState, caller: int, m: Meld) -> tuple[Fault, ...]:
    """A closed kan, or an added kan on the caller's own pon: in its turn, with a tile left to
    draw, no fifth kan, four of a kind it holds."""
    out: tuple[Fault, ...] = ()
    kind = m.kind.value
    if table.phase != ACTION or caller != table.turn:
        msg = f"{kind} outside the player's own turn"
        out += (Fault(Code.ILLEGAL_CALL, msg, caller, blocks=table.phase != ACTION),)
        if table.phase != ACTION:
            return out
    if table.live_left <= 0:
        out += (Fault(Code.ILLEGAL_CALL, "a kan with no tile left in the live wall", caller),)
    if len(table.kans) >= 4:
        out += (Fault(Code.ILLEGAL_CALL, "a fifth kan", caller),)
    kinds = {t >> 2 for t in m.tiles}
    if len(kinds) != 1 or len(m.tiles) != 4:
        out += (Fault(Code.ILLEGAL_CALL, f"{kind} tiles are not four of a kind", caller, blocks=True),)
        return out
    if m.kind == CallKind.ANKAN:
        return out + _holds(table, caller, m.tiles, "closed kan", True)
    seat = table.seats[caller]
    pon_i = pon_of(seat, next(iter(kinds)))
    if pon_i is None:
        out += (Fault(Code.ILLEGAL_CALL, "added kan without a pon of that kind", caller, blocks=True),)
        return out
    pon = seat.melds[pon_i]
    if m.from_seat is not None and pon.from_seat is not None and m.from_seat != pon.from_seat:
        # the added kan is its pon's: the tile it shows taken came from the pon's discarder
        msg = "added kan names another discarder than its pon"
        out += (Fault(Code.ILLEGAL_CALL, msg, caller, pon.from_seat, m.from_seat),)
    return out + _holds(table, caller, (added_tile(pon, m),), "added kan", True)


def check_kita(table: TableState, caller: int, tile: int, flags: RuleFlags) -> tuple[Fault, ...]:
    """A North set aside: at a three-player table whose rules have it, in the own turn, a North
    the caller holds."""
    out: tuple[Fault, ...] = ()
    if not flags.kita or table.num_players != 3:
        out += (Fault(Code.ILLEGAL_CALL, "kita is not part of this ruleset", caller),)
    phase = table.phase
    if phase != ACTION or caller != table.turn:
        blocks = phase != ACTION and phase != NEED_DISCARD
        out += (Fault(Code.ILLEGAL_CALL, "kita outside the player's own turn", caller, blocks=blocks),)
        if blocks:
            return out
    if tile >> 2 != 30:
        out += (Fault(Code.ILLEGAL_CALL, "kita with a tile that is not North", caller, blocks=True),)
        return out
    return out + _holds(table, caller, (tile,), "kita", True)


def check_riichi_kan(
    table: TableState, seat_no: int, k: int, before: frozenset[int], flags: RuleFlags
) -> tuple[Fault, ...]:
    """A closed kan of kind ``k`` after riichi, asked once made (``before``: the live waits before
    it): allowed at all, made with the drawn tile, and (as the ruleset says) keeping the wait, or
    the wait and every winning hand's shape."""
    code = Code.RIICHI_KAN_CHANGES_WAIT
    if flags.riichi_kan_forbidden:
        return (Fault(code, "a kan after riichi is not allowed by this ruleset", seat_no),)
    seat = table.seats[seat_no]
    out: tuple[Fault, ...] = ()
    drawn = seat.drawn
    if drawn is None or drawn >> 2 != k:
        out += (Fault(code, "a closed kan after riichi not made with the drawn tile", seat_no),)
    after = waits_after_kan(seat.counts)
    if after != before:
        msg = "the closed kan after riichi changes the wait"
        out += (Fault(code, msg, seat_no, sorted(before), sorted(after)),)
    elif flags.riichi_kan_same_shape:
        # every winning hand must use the kan kind as a triplet: removing it keeps the hand complete
        counts = list(seat.counts)
        counts[k] += 3
        for w in before:
            c = with_kind(counts, w)
            c2 = list(c)
            c2[k] -= 3
            if is_complete_regular(c) and not is_complete_regular(c2):
                out += (Fault(code, "the closed kan after riichi changes the hand's shape", seat_no),)
                break
    return out


def kan_dora_due(table: TableState, flags: RuleFlags) -> int:
    """The dora indicators the ruleset has turned by now: the first, a closed kan's at once, an open
    kan's at once or, where it turns after the discard, once the discard after its replacement
    draw is made."""
    due = 1 + table.kans_closed
    if flags.open_kan_dora_at_once:
        return due + table.kans_open_drawn + table.kans_open_pending
    return due + table.kans_open_due


def check_kan_dora_shown(
    table: TableState, flags: RuleFlags, missed: int, at_win: bool = False
) -> tuple[Fault, ...]:
    """By a discard (or a win), every kan's dora due (``kan_dora_due``) is shown. ``missed``: the
    indicators due when one was last found missing (each is a fault once). Late, it is found at
    the discard; never turned by the win, at its kan (the win would count a dora the table does
    not show)."""
    due = kan_dora_due(table, flags)
    shown = len(table.dora_indicators)
    if shown >= due or due <= missed:
        return ()
    msg = "a kan's dora is never revealed" if at_win else "a kan's dora is not revealed by the next discard"
    return (Fault(Code.KAN_DORA_TIMING, msg, None, due, shown),)


def check_new_dora(table: TableState | None, flags: RuleFlags) -> tuple[Fault, ...]:
    """A kan dora indicator turned: in a hand, under a ruleset with kan dora, one per kan, and an
    open kan's not before its replacement draw where the ruleset turns it after the discard."""
    if table is None or table.phase == BETWEEN:
        return (Fault(Code.ILLEGAL_CALL, "a new dora indicator outside a hand", blocks=True),)
    out: tuple[Fault, ...] = ()
    if not flags.kan_dora:
        out += (Fault(Code.ILLEGAL_CALL, "a kan dora indicator under a ruleset without kan dora"),)
    shown = len(table.dora_indicators)
    if shown > len(table.kans):
        out += (Fault(Code.ILLEGAL_CALL, "more dora indicators than kans"),)
    elif not flags.open_kan_dora_at_once and shown >= 1 + table.kans_closed + table.kans_open_drawn:
        msg = (
            "an open kan's dora is revealed before its replacement draw, where the "
            "ruleset reveals it after the discard"
        )
        out += (
            Fault(Code.KAN_DORA_TIMING, msg, None, 1 + table.kans_closed + table.kans_open_drawn, shown + 1),
        )
    return out

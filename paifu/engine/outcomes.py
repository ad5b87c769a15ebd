"""Pure checks of how a hand starts and ends: may this seat win here (``check_win``), is this drawn
hand right (``check_draw``: the exhaustive draw, nagashi mangan, the abortive draws), is this hand
start right (``check_hand_start``).

Like the play checks beside them (``paifu.engine.legality``, majiang-core's ``allow_hule`` and
``allow_pingju``) they are functions of the table, the event and the rule flags: they change nothing
and return their faults, which the handlers (``wins``, ``aborts``, ``flow``) report before they
apply the result through the board. What needs the scorer (is there a yaku on this tile?) comes in
as an answer or a function, so the checks stay free of scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from paifu.board.ends import four_riichi_due, ron_window
from paifu.board.phases import ACTION, AFTER_DISCARD, AFTER_KAN, BETWEEN, ROB_CLOSED
from paifu.board.seat import may_rob_closed_kan
from paifu.board.shape import is_complete, with_kind
from paifu.board.state import TableState, tile_name
from paifu.draws import ABORTIVE_DRAWS, AbortiveDraw, Condition
from paifu.engine.faults import DrawCheck, Fault, HandStartCheck
from paifu.engine.legality import is_furiten, is_nagashi, yaochu_kinds
from paifu.events import HandStart, RyuukyokuKind, Win
from paifu.findings import Code
from paifu.rules.flags import RuleFlags


def outside_hand(table: TableState | None) -> bool:
    """No hand is being played (none dealt yet, or between hands): a win or a drawn hand here is a
    fault that blocks, and nothing else about it can be asked."""
    return table is None or table.phase == BETWEEN


# ------------------------------------------------------------------ wins
def check_win(
    table: TableState | None,
    ev: Win,
    flags: RuleFlags,
    could_ron: Callable[[int, int], bool] | None = None,
) -> tuple[Fault, ...]:
    """May ``ev.seat`` win as ``ev`` says: a tsumo in its turn on the tile drawn, a ron on the last
    discard (or the kan tile on offer) from the seat that made it, not furiten, robbing a closed kan
    only as the ruleset allows, within the winners one tile may have (head-bump, three rons), with a
    complete hand. ``could_ron(seat, discarder)``: whether a nearer seat could ron too (a yaku on
    the tile: the scorer's answer; None takes every complete, not furiten hand for one)."""
    seat_no = ev.seat
    if outside_hand(table):
        return (Fault(Code.NOT_A_WINNING_HAND, "a win outside a hand", seat_no, blocks=True),)
    assert table is not None
    seat = table.seats[seat_no]
    out: tuple[Fault, ...] = ()
    if ev.tsumo:
        if table.phase != ACTION or seat_no != table.turn:
            out += (Fault(Code.WRONG_TURN, "tsumo outside the player's own turn", seat_no),)
        drawn = seat.drawn
        if drawn is not None and drawn >> 2 != ev.tile >> 2:
            msg = "tsumo on a tile that is not the one drawn"
            out += (Fault(Code.NOT_A_WINNING_HAND, msg, seat_no, tile_name(drawn), tile_name(ev.tile)),)
        complete = is_complete(seat.counts, seat.closed)
    else:
        discard = table.last_discard
        if discard is None or not ron_window(table):
            return (Fault(Code.WRONG_TURN, "ron without a discard to win on", seat_no, blocks=True),)
        src, tile = discard
        if ev.from_seat != src:
            msg = "ron names a different discarder than the last discard"
            out += (Fault(Code.WRONG_TURN, msg, seat_no, src, ev.from_seat),)
        if tile >> 2 != ev.tile >> 2:
            msg = "ron on a tile that is not the last discard"
            out += (Fault(Code.NOT_A_WINNING_HAND, msg, seat_no, tile_name(tile), tile_name(ev.tile)),)
        if table.kan_window and table.kakan_tile is not None:
            out += check_robbed_kan_dora(table, seat_no)
        counts = with_kind(seat.counts, tile >> 2)
        complete = is_complete(counts, seat.closed)
        robbed_closed = complete and table.kan_window and table.robbing == ROB_CLOSED
        if robbed_closed and not may_rob_closed_kan(flags.table.kokushi_chankan_ankan, counts):
            out += (_closed_kan_robbed(flags, seat_no),)
        if complete and is_furiten(seat, table.num_players == 3):
            kind = "riichi" if seat.furiten_riichi else "same-turn" if seat.furiten_temp else "discard"
            out += (Fault(Code.FURITEN_RON, f"ron while furiten ({kind})", seat_no),)
        if seat_no in table.winners_this_tile:
            out += (Fault(Code.TOO_MANY_WINNERS, "the same player wins twice on one tile", seat_no),)
        winners = len(table.winners_this_tile) + 1  # with this one
        most = flags.max_ron_winners
        if winners == 3 and abort_allowed(ABORTIVE_DRAWS[RyuukyokuKind.TRIPLE_RON], flags):
            # the abort comes first, however many may win
            msg = "three players ron one tile: the hand should abort"
            out += (Fault(Code.ABORT_MISSED, msg, seat_no),)
        elif winners > most:
            msg = f"{winners} winners on one tile; the ruleset allows {most}"
            out += (Fault(Code.TOO_MANY_WINNERS, msg, seat_no, most, winners),)
        elif most == 1 and winners == 1:
            out += check_head_bump(table, seat_no, src, could_ron)
    if not complete:
        out += (Fault(Code.NOT_A_WINNING_HAND, "wins with a hand that is not complete", seat_no),)
    return out


def check_robbed_kan_dora(table: TableState, seat_no: int) -> tuple[Fault, ...]:
    """A robbed added kan turns no kan dora (002: 「搶槓されたときの槓ドラは発生しません」); one
    turned for it is a fault (kan dora turn in kan order, so the robbed kan's is there when every
    kan has one). The board takes it back when the ron is applied (``board.ends.win``)."""
    if len(table.dora_indicators) > len(table.kans):
        msg = "a kan dora turned for an added kan that is robbed"
        return (Fault(Code.KAN_DORA_TIMING, msg, seat_no, len(table.kans), len(table.dora_indicators)),)
    return ()


def _closed_kan_robbed(flags: RuleFlags, seat_no: int) -> Fault:
    """A ron on a closed kan's tile that ``may_rob_closed_kan`` refuses (002: 「国士無双の場合のみ、暗カン
    した牌でロンすることが可能」; elsewhere no hand may)."""
    why = (
        "robs a closed kan with a hand that is not thirteen orphans (only thirteen orphans may)"
        if flags.table.kokushi_chankan_ankan
        else "robs a closed kan, which this ruleset lets no hand do"
    )
    return Fault(Code.CHANKAN_CLOSED_KAN, why, seat_no)


def check_head_bump(
    table: TableState, winner: int, src: int, could_ron: Callable[[int, int], bool] | None
) -> tuple[Fault, ...]:
    """Head-bump: of the players able to ron, only the nearest after the discarder wins."""
    n = table.num_players
    for s in ((src + i) % n for i in range(1, n)):
        if s == winner:
            return ()
        if (
            s in table.ron_candidates
            and not is_furiten(table.seats[s], n == 3)
            and (could_ron is None or could_ron(s, src))
        ):
            msg = "head-bump: a player nearer the discarder could ron first"
            return (Fault(Code.TOO_MANY_WINNERS, msg, winner, s, winner),)
    return ()


# ------------------------------------------------------------------ drawn hands
def nagashi_seats(table: TableState, flags: RuleFlags) -> list[int]:
    """The seats paid nagashi mangan at an exhaustive draw (none where it is not a rule)."""
    if not flags.nagashi_mangan:
        return []
    return [s for s in range(table.num_players) if is_nagashi(table.seats[s])]


def counted_tenpai(
    table: TableState, flags: RuleFlags, ours: tuple[int, ...], claimed: tuple[int, ...] | None
) -> tuple[int, ...]:
    """The tenpai seats that count at an exhaustive draw: the replay's (``ours``), except that where
    ``noten_declaration`` is a rule a tenpai seat not in riichi may declare noten (WRC §5.7.2)."""
    if claimed is None:
        return ours
    hidden = set(ours) - set(claimed)
    if (
        flags.noten_declaration
        and set(claimed) <= set(ours)
        and not any(table.seats[s].riichi_accepted for s in hidden)
    ):
        return claimed
    return ours


def abort_due(table: TableState, kind: RyuukyokuKind) -> RyuukyokuKind | None:
    """The abortive draw the table has due once ``kind`` is declared: four riichi puts down the
    pending riichi's stick first, which may make it due (``board.ends.four_riichi_due``, which
    ``accept_riichi`` asks once it is down)."""
    pending = table.riichi_pending
    if kind == RyuukyokuKind.FOUR_RIICHI and pending is not None and four_riichi_due(table, pending):
        return RyuukyokuKind.FOUR_RIICHI
    return table.abort_due


def check_draw(
    table: TableState | None,
    kind: RyuukyokuKind,
    flags: RuleFlags,
    tenpai: tuple[int, ...] = (),
    claimed_tenpai: tuple[int, ...] | None = None,
    rules_name: str = "this ruleset",
) -> DrawCheck:
    """Is this drawn hand right: an exhaustive draw with the wall empty, the tenpai seats the record
    names (``claimed_tenpai``, against the replay's ``tenpai``: asked of the scorer where an open
    hand needs a yaku), nagashi mangan where it is a rule and someone qualifies; an abortive draw
    the ruleset has (``paifu.draws.ABORTIVE_DRAWS``) whose condition holds on the table."""
    if outside_hand(table):
        return DrawCheck((Fault(Code.ABORT_CONDITION_NOT_MET, "a drawn hand outside a hand", blocks=True),))
    assert table is not None
    if kind != RyuukyokuKind.EXHAUSTIVE and kind != RyuukyokuKind.NAGASHI_MANGAN:
        return DrawCheck(check_abort(table, ABORTIVE_DRAWS[kind], flags, rules_name))
    out: tuple[Fault, ...] = ()
    if table.live_left > 0:
        msg = "an exhaustive draw with tiles left in the wall"
        out += (Fault(Code.ABORT_CONDITION_NOT_MET, msg, None, 0, table.live_left),)
    claimed = (
        tuple(sorted(set(claimed_tenpai)))
        if claimed_tenpai is not None and kind == RyuukyokuKind.EXHAUSTIVE
        else None
    )
    counted = counted_tenpai(table, flags, tenpai, claimed)
    if claimed is not None and counted != claimed:
        msg = "the tenpai players differ from the replay"
        out += (Fault(Code.TENPAI_MISMATCH, msg, None, tenpai, claimed),)
    nagashi = tuple(nagashi_seats(table, flags))
    if kind == RyuukyokuKind.NAGASHI_MANGAN:
        if not flags.nagashi_mangan:
            out += (Fault(Code.ABORT_CONDITION_NOT_MET, "nagashi mangan is not part of this ruleset"),)
        elif not nagashi:
            msg = "nagashi mangan but nobody discarded only terminals and honors with none called"
            out += (Fault(Code.ABORT_CONDITION_NOT_MET, msg),)
    return DrawCheck(out, counted, nagashi)


def abort_allowed(draw: AbortiveDraw, flags: RuleFlags) -> bool:
    """Whether the ruleset has this abortive draw: its switch, read where the engine reads it (one
    that falls due on the table is the board's, ``TableRules``; the others ``RuleFlags``')."""
    if draw.condition == Condition.DUE_ON_TABLE:
        return bool(getattr(flags.table, draw.switch))
    return bool(getattr(flags, draw.switch))


def check_abort(
    table: TableState, draw: AbortiveDraw, flags: RuleFlags, rules_name: str
) -> tuple[Fault, ...]:
    """An abortive draw: allowed by its switch, and its condition holds on the table."""
    kind = draw.kind
    if not abort_allowed(draw, flags):
        return (
            Fault(Code.ABORT_CONDITION_NOT_MET, f"{kind.value} is not an abortive draw under {rules_name}"),
        )
    condition = draw.condition
    if condition == Condition.FIRST_DRAW:
        s = table.turn
        seat = table.seats[s]
        counts = seat.counts
        dealt = flags.nine_terminals_dealt
        if (
            dealt and s != table.dealer and seat.drawn is not None
        ):  # 003 「配牌の時点で」: the draw is no deal
            counts = list(counts)
            counts[seat.drawn >> 2] -= 1
        kinds = yaochu_kinds(counts)
        if not (table.phase == ACTION and seat.discards == 0 and not table.any_call and kinds >= 9):
            msg = (
                "nine terminals declared without nine kinds in the deal"
                if dealt
                else "nine terminals declared without nine kinds on a first uninterrupted draw"
            )
            return (Fault(Code.ABORT_CONDITION_NOT_MET, msg, s, ">= 9", kinds),)
    elif condition == Condition.DUE_ON_TABLE:
        if abort_due(table, kind) != kind:
            return (
                Fault(Code.ABORT_CONDITION_NOT_MET, f"{kind.value} declared but its condition does not hold"),
            )
    elif condition == Condition.THREE_RONS:
        sanma = table.num_players == 3
        cands = {s for s in table.ron_candidates if not is_furiten(table.seats[s], sanma)}
        if (table.phase != AFTER_DISCARD and table.phase != AFTER_KAN) or len(cands) < 3:
            msg = "triple ron declared but three players could not ron"
            return (Fault(Code.ABORT_CONDITION_NOT_MET, msg, None, 3, len(cands)),)
    return ()


# ------------------------------------------------------------------ the hand start
def start_scores(
    ev: HandStart, prev_scores: Sequence[int] | None, start_points: int, n: int
) -> tuple[int, ...]:
    """The scores a hand starts with: the record's, or (where it states none, as mjai's original
    protocol) the replay's, or the table's start."""
    if ev.scores is not None:
        return tuple(ev.scores)
    return tuple(prev_scores) if prev_scores is not None else (start_points,) * n


def check_hand_start(
    ev: HandStart,
    flags: RuleFlags,
    expected: tuple[int, int, int, int, int] | None,
    prev_scores: Sequence[int] | None,
    first: bool,
    partial: bool,
) -> HandStartCheck:
    """Is this hand start right: round, hand, honba, sticks and dealer as the replay worked them out
    (``expected``; the first hand of a whole game at East 1), a score and a hand per seat, the
    scores the last hand left (the first hand: the ruleset's start points). ``first``: no hand
    before it in this record; ``partial``: the record starts in the middle of a game."""
    n = flags.table.num_players
    got = (ev.round_wind, ev.hand_number, ev.honba, ev.sticks, ev.dealer)
    out: tuple[Fault, ...] = ()
    if expected is not None and (not first or not partial) and got != expected:
        if not first:
            msg = "round, hand, honba, sticks or dealer differ from the replay"
            out += (Fault(Code.HAND_START_MISMATCH, msg, None, expected, got),)
        elif got[:2] == (0, 0):
            msg = "the first hand does not start at East 1, 0 honba"
            out += (Fault(Code.HAND_START_MISMATCH, msg, None, expected, got),)
    scores = start_scores(ev, prev_scores, flags.table.start_points, n)
    if len(scores) != n or len(ev.hands) != n:
        msg = f"hand start has {len(scores)} scores and {len(ev.hands)} hands for {n} players"
        out += (Fault(Code.HAND_SIZE, msg),)
    start = flags.start_points
    if prev_scores is not None and tuple(prev_scores) != scores[:n]:
        msg = "scores at the hand start differ from the replayed scores"
        out += (Fault(Code.HAND_START_MISMATCH, msg, None, tuple(prev_scores), scores),)
    elif (
        prev_scores is None
        and first
        and got[:3] == (0, 0, 0)
        and start
        and any(s != start for s in scores[:n])
    ):
        msg = "first hand scores differ from the ruleset's start points"
        out += (Fault(Code.HAND_START_MISMATCH, msg, None, tuple([start] * n), scores),)
    return HandStartCheck(out, scores)

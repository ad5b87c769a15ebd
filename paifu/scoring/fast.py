"""The fast path of ``value_win``: common wins valued without the ``mahjong`` package.

The package costs about a million instructions per win (a fresh config, its divider, objects per
yaku); valuing wins was a fifth of an end-to-end run. This module reads a hand as the package does
-- every decomposition and winning block, the package's fu and its yaku in its order, the package's
choice of the most valuable reading, yakuman included (``fast_yakuman``) -- and hands that reading
to ``completion`` like the package path does, so the ``Valuation`` is the same object. It answers
only where it is sure and returns None otherwise (the package path then runs): a 3-player hand
whose one yaku is three Norths, a blessing against its conditions, and malformed contexts. Blessings are
the package's: tenhou, chiihou and a yakuman renhou join every reading's yakuman; a renhou counted
as a limit is the better of the limit and the hand read without it.
tests/test_fast_value.py compares both paths on every corpus win and on generated hands.
"""

from __future__ import annotations

from typing import Final

from paifu.events import CallKind
from paifu.rules.flags import flags_of
from paifu.scoring.completion import complete, renhou_at_limit
from paifu.scoring.fast_shapes import (
    FIRST_DRAGON,
    FIRST_HONOR,
    PAIR,
    QUAD,
    SEQUENCE,
    TRIPLET,
    decompositions,
    is_terminal_or_honor,
    win_groups,
)
from paifu.scoring.fast_yaku import Reading, Shape, Table, read, reading
from paifu.scoring.fast_yakuman import blessings, thirteen_orphans, yakuman
from paifu.scoring.values import Valuation, WinContext
from paifu.tiles import NORTH

#: tile kinds of the package's fu table: [terminal or honor][kan][open] -> (fu, reason)
_SET_FU: Final = (
    (((4, "closed_pon"), (2, "open_pon")), ((16, "closed_kan"), (8, "open_kan"))),
    (
        ((8, "closed_terminal_pon"), (4, "open_terminal_pon")),
        ((32, "closed_terminal_kan"), (16, "open_terminal_kan")),
    ),
)
_OPENED: Final = 1
_KAN: Final = 2
# the call kinds, looked up once (an enum member's lookup is slow)
_CHI: Final = CallKind.CHI
_PON: Final = CallKind.PON
_DAIMINKAN: Final = CallKind.DAIMINKAN
_KAKAN: Final = CallKind.KAKAN
_ANKAN: Final = CallKind.ANKAN


def fast_value(ctx: WinContext) -> Valuation | None:
    """The ``Valuation`` the package path gives, or None when this path is not sure of it."""
    table = _table(ctx)
    if table is None:
        return None
    if ctx.tenhou or ctx.chiihou or ctx.renhou:
        flags = flags_of(ctx.rules)
        if ctx.renhou and flags.renhou_cumulative:
            return None  # a 5-han yaku among the others: the package's own renhou values it
        if not _add_blessings(ctx, table, flags.renhou_yakuman):
            return None  # a blessing the package rejects (a meld, a dealer's chiihou): its error says why
        if ctx.renhou and flags.renhou_limit:
            val = _value(ctx, table)  # the hand read without it: ok, or no yaku
            return None if val is None else renhou_at_limit(ctx, val)
    return _value(ctx, table)


def _add_blessings(ctx: WinContext, table: Table, renhou_yakuman: bool) -> bool:
    """Whether the package takes the context's blessings (the package's own conditions: no meld,
    closed kans included; tenhou the dealer's tsumo, chiihou another's, renhou another's ron), and if
    so the table holds those that are yakuman."""
    dealer = ctx.is_dealer
    tsumo = ctx.tsumo
    if table.melds or ctx.tenhou and not (dealer and tsumo) or ctx.chiihou and (dealer or not tsumo):
        return False
    if ctx.renhou and (dealer or tsumo):
        return False
    blessings(table, ctx.tenhou, ctx.chiihou, ctx.renhou and renhou_yakuman)
    return True


def _value(ctx: WinContext, table: Table) -> Valuation | None:
    best = _best_reading(table)
    if best is None:
        return None
    if not best.yaku:
        rules = ctx.rules
        if rules.sanma and rules.kita_yakuhai and _norths(ctx) >= 3:
            return None  # the package path values such a hand with a stand-in for the North yaku
        return Valuation(ok=False, error="no-yaku")
    return complete(ctx, best.yaku, best.fu, best.fu_details)


def _norths(ctx: WinContext) -> int:
    """North tiles in the hand and its melds (not the pulled ones), as the package path counts them."""
    n = 0
    for t in ctx.concealed:
        if t >> 2 == NORTH:
            n += 1
    for m in ctx.melds:
        for t in m.tiles:
            if t >> 2 == NORTH:
                n += 1
    return n


def _table(ctx: WinContext) -> Table | None:
    """The context's facts, or None for a context the package would reject or read otherwise."""
    melds = ctx.melds
    concealed = ctx.concealed
    if len(melds) > 4 or len(concealed) != 14 - 3 * len(melds) or ctx.win_tile not in concealed:
        return None
    if not (0 <= ctx.seat_wind < 4 and 0 <= ctx.round_wind < 4):
        return None
    open_hand = False
    for m in melds:
        if m.kind is not _ANKAN:
            open_hand = True
    tsumo = ctx.tsumo
    if (ctx.riichi or ctx.double_riichi) and open_hand or ctx.chankan and tsumo or ctx.rinshan and not tsumo:
        return None
    if ctx.haitei and not ctx.rinshan and not tsumo or ctx.houtei and not ctx.chankan and tsumo:
        return None
    table = Table(ctx, open_hand)
    counts = table.counts
    for t in concealed:
        if t < 0 or t > 135 or counts[t >> 2] == 4:
            return None
        counts[t >> 2] = counts[t >> 2] + 1  # an item's ``+=`` compiles to a generic add
    if not melds:
        return table
    totals = list(counts)
    for m in melds:
        kinds = sorted([t >> 2 for t in m.tiles])
        if not kinds or kinds[0] < 0 or kinds[-1] > 33:
            return None
        k = kinds[0]
        for x in kinds:
            if totals[x] == 4:
                return None
            totals[x] = totals[x] + 1
        kind = m.kind
        if kind is _CHI:
            if kinds != [k, k + 1, k + 2] or k >= FIRST_HONOR or k % 9 > 6:
                return None
            block = k * 4 + SEQUENCE
            table.chi_blocks.append(block)
        elif kind is _PON:
            if kinds != [k, k, k]:
                return None
            block = k * 4 + TRIPLET
            table.meld_state[k] = _OPENED
        elif kind is _ANKAN or kind is _DAIMINKAN or kind is _KAKAN:
            if kinds != [k, k, k, k]:
                return None
            block = k * 4 + QUAD
            table.kans += 1
            table.meld_state[k] = _KAN if kind is _ANKAN else _OPENED | _KAN
        else:
            return None  # kita: the package path explains
        table.meld_blocks.append(block)
        if kind is not _ANKAN:
            table.open_blocks.append(block)
    return table


def _best_reading(table: Table) -> Reading | None:
    """The package's choice among every (decomposition, winning block): the highest value, a
    yakuman over a counted one, then han, then fu, then the larger unrounded fu, then the first in
    its order (decompositions sorted as lists of blocks, winning blocks in hand order); thirteen
    orphans where no decomposition is; None if there is no reading."""
    splits = decompositions(table.counts, table.melds == 0)
    if not splits:
        orphans = thirteen_orphans(table)
        return reading(orphans, [], 0) if orphans else None  # fu 0, no breakdown
    melds = table.meld_blocks
    hands = [sorted(split + melds) for split in splits] if melds else splits
    if len(hands) > 1:
        hands.sort()
    best: Reading | None = None
    best_key = (0, 0, 0, 0, 0)
    for hand in hands:
        shape = Shape(hand)
        found = yakuman(table, shape)
        for group in win_groups(hand, table.win_kind, table.open_blocks):
            fu_details, fu, raw = _fu(table, hand, group)
            if found:
                this = reading(found, fu_details, fu)  # the package lists only the yakuman
                han = this.han
                key = (_total(table, han, fu, True), 1, han, fu, raw)
            else:
                this = read(table, shape, fu_details, fu)
                han = this.han
                key = (_total(table, han, fu, False) if han else -1, 0, han, fu, raw)
            if best is None or key > best_key:
                best, best_key = this, key
    return best


def _fu(table: Table, hand: list[int], group: int) -> tuple[list[tuple[str, int]], int, int]:
    """The package's ``FuCalculator.calculate_fu``: the breakdown in its order, the rounded fu and
    the unrounded sum."""
    if len(hand) == 7:
        return [("base", 25)], 25, 25
    win = table.win_kind
    details: list[tuple[str, int]] = []
    total = 0
    group_kind = group >> 2
    group_type = group & 3
    pair_kind = -1
    sets: list[int] = []
    same_runs = 0
    for b in hand:
        ty = b & 3
        if ty == PAIR:
            pair_kind = b >> 2
        elif ty != SEQUENCE:
            sets.append(b)
        elif b == group:
            same_runs += 1
    if group_type == SEQUENCE and same_runs > table.chi_blocks.count(group):
        start = group_kind % 9
        if (start == 0 and win == group_kind + 2) or (start == 6 and win == group_kind):
            details.append(("penchan", 2))
            total += 2
        if win == group_kind + 1:
            details.append(("kanchan", 2))
            total += 2
    if pair_kind >= 0:
        valued = int(pair_kind >= FIRST_DRAGON) + int(pair_kind == table.seat_wind)
        valued += int(pair_kind == table.round_wind)
        if valued == 1:
            details.append(("valued_pair", 2))
            total += 2
        elif valued >= 2:
            details.append(("double_valued_pair", 4))
            total += 4
    if group_type == PAIR:
        details.append(("pair_wait", 2))
        total += 2
    for b in sets:
        kind = b >> 2
        state = table.meld_state[kind]
        was_open = state & _OPENED != 0 or (not table.tsumo and b == group)  # a ron completes it
        kan = b & 3 == QUAD or state & _KAN != 0
        fu, reason = _SET_FU[int(is_terminal_or_honor(kind))][int(kan)][int(was_open)]
        details.append((reason, fu))
        total += fu
    if table.tsumo and total > 0:
        details.append(("tsumo", 2))
        total += 2
    if table.open_hand and total == 0:
        details.append(("hand_without_fu", 2))
        total += 2
    base = 20 if table.open_hand or table.tsumo else 30
    details.append(("base", base))
    total += base
    return details, (total + 9) // 10 * 10, total


def _ceil100(x: int) -> int:
    return (x + 99) // 100 * 100


def _total(table: Table, han: int, fu: int, is_yakuman: bool) -> int:
    """What the package ranks readings by: its ``ScoresCalculator`` total (yakuman multiples up to
    six, its default cap; counted ones at 13 or 12 han as the ruleset says)."""
    if han >= 13 and not is_yakuman:
        han = 13 if table.kazoe_yakuman else 12
    if han >= 5:
        if han >= 26:
            one = 8000 * min(han // 13, 6)
        elif han >= 13:
            one = 8000
        elif han >= 11:
            one = 6000
        elif han >= 8:
            one = 4000
        elif han >= 6:
            one = 3000
        else:
            one = 2000
        two, four, six = 2 * one, 4 * one, 6 * one
    else:
        base = fu * 2 ** (2 + han)
        one, two, four, six = _ceil100(base), _ceil100(2 * base), _ceil100(4 * base), _ceil100(6 * base)
        if one > 2000 or (table.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60))):
            one, two, four, six = 2000, 4000, 8000, 12000
    if table.tsumo:
        main = two
        other = main if table.dealer else one
    else:
        main = six if table.dealer else four
        other = 0
    return main + (1 if table.sanma else 2) * other

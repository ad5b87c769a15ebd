"""The yaku of one reading of a hand for the fast valuation path (``fast``): the ``mahjong``
package's tests (``HandCalculator.estimate_hand_value`` and its ``yaku_list``), in the order it
lists them, with its han, for the yaku that are not yakuman. ``fast`` never asks about a reading
that could be a yakuman, a blessing or a yaku the package is not configured for.
"""

from __future__ import annotations

from typing import Final

from paifu.scoring.fast_shapes import (
    ALL_GREEN,
    ALL_HONOR,
    ALL_TERMINAL,
    ALL_TERMINAL_OR_HONOR,
    FIRST_DRAGON,
    FIRST_HONOR,
    HAS_TERMINAL_OR_HONOR,
    PAIR,
    SEQUENCE,
    TERMINAL_AT_AN_END,
    is_set_of_one_kind,
)
from paifu.scoring.values import WinContext
from paifu.yaku import Yaku

# (the package's yaku id, name, han when open (0: closed only), han when closed), as the package's
# yaku objects have them; the package lists a hand's yaku by id
MENZEN_TSUMO: Final = (0, Yaku.MENZEN_TSUMO.value, 0, 1)
RIICHI: Final = (1, Yaku.RIICHI.value, 0, 1)
DOUBLE_RIICHI: Final = (8, Yaku.DOUBLE_RIICHI.value, 0, 2)
IPPATSU: Final = (3, Yaku.IPPATSU.value, 0, 1)
RINSHAN: Final = (5, Yaku.RINSHAN.value, 1, 1)
CHANKAN: Final = (4, Yaku.CHANKAN.value, 1, 1)
HAITEI: Final = (6, Yaku.HAITEI.value, 1, 1)
HOUTEI: Final = (7, Yaku.HOUTEI.value, 1, 1)
PINFU: Final = (12, Yaku.PINFU.value, 0, 1)
TANYAO: Final = (13, Yaku.TANYAO.value, 1, 1)
IIPEIKOU: Final = (14, Yaku.IIPEIKOU.value, 0, 1)
CHIITOITSU: Final = (34, Yaku.CHIITOITSU.value, 0, 2)
CHINITSU: Final = (39, Yaku.CHINITSU.value, 5, 6)
HONITSU: Final = (36, Yaku.HONITSU.value, 2, 3)
HONROUTOU: Final = (29, Yaku.HONROUTOU.value, 2, 2)
CHANTA: Final = (28, Yaku.CHANTA.value, 1, 2)
JUNCHAN: Final = (37, Yaku.JUNCHAN.value, 2, 3)
ITTSU: Final = (27, Yaku.ITTSU.value, 1, 2)
RYANPEIKOU: Final = (38, Yaku.RYANPEIKOU.value, 0, 3)
SANSHOKU: Final = (26, Yaku.SANSHOKU.value, 1, 2)
TOITOI: Final = (30, Yaku.TOITOI.value, 2, 2)
SANANKOU: Final = (31, Yaku.SANANKOU.value, 2, 2)
SANSHOKU_DOUKOU: Final = (33, Yaku.SANSHOKU_DOUKOU.value, 2, 2)
SHOUSANGEN: Final = (35, Yaku.SHOUSANGEN.value, 2, 2)
SANKANTSU: Final = (32, Yaku.SANKANTSU.value, 2, 2)
#: haku, hatsu, chun (ids 15-17); seat winds (18-21) and round winds (22-25) east..north (1 han)
DRAGONS: Final = (Yaku.HAKU.value, Yaku.HATSU.value, Yaku.CHUN.value)
SEAT_WINDS: Final = (
    Yaku.JIKAZE_EAST.value,
    Yaku.JIKAZE_SOUTH.value,
    Yaku.JIKAZE_WEST.value,
    Yaku.JIKAZE_NORTH.value,
)
ROUND_WINDS: Final = (
    Yaku.BAKAZE_EAST.value,
    Yaku.BAKAZE_SOUTH.value,
    Yaku.BAKAZE_WEST.value,
    Yaku.BAKAZE_NORTH.value,
)


class Table:
    """What reading one win needs from its context, computed once (the melds are filled in by
    ``fast``)."""

    def __init__(self, ctx: WinContext, open_hand: bool) -> None:
        rules = ctx.rules
        riichi = ctx.riichi or ctx.double_riichi
        self.tsumo = ctx.tsumo
        self.open_hand = open_hand
        self.kuitan = rules.kuitan
        self.riichi = riichi and not ctx.double_riichi
        self.double_riichi = ctx.double_riichi
        self.ippatsu = ctx.ippatsu and riichi and rules.ippatsu
        self.rinshan = ctx.rinshan
        self.chankan = ctx.chankan
        self.haitei = ctx.haitei and not ctx.rinshan
        self.houtei = ctx.houtei and not ctx.chankan
        self.seat_wind = FIRST_HONOR + ctx.seat_wind
        self.round_wind = FIRST_HONOR + ctx.round_wind
        self.win_kind = ctx.win_tile >> 2
        self.dealer = ctx.is_dealer
        self.kiriage = rules.kiriage
        self.kazoe_yakuman = rules.kazoe_yakuman
        self.sanma = rules.sanma
        self.counts = [0] * 34  # concealed tiles per kind
        self.meld_blocks: list[int] = []
        self.open_blocks: list[int] = []  # blocks of the called melds (not closed kans)
        self.chi_blocks: list[int] = []
        self.meld_state = [0] * 34  # per kind of a pon or kan meld: fast._OPENED, fast._KAN
        self.kans = 0  # kan melds, open or closed
        self.melds = len(ctx.melds)


class Reading:
    """One reading as the package reports it: yaku (name, han) without dora, their han, fu."""

    def __init__(self, yaku: list[tuple[str, int]], han: int, fu: int, fu_details: list[tuple[str, int]]):
        self.yaku = yaku
        self.han = han
        self.fu = fu
        self.fu_details = fu_details

    def same(self, other: Reading) -> bool:
        return self.yaku == other.yaku and self.fu == other.fu and self.fu_details == other.fu_details


class Shape:
    """What the yaku tests ask of one decomposition (sorted blocks), gathered in one pass."""

    def __init__(self, hand: list[int]) -> None:
        self.hand = hand
        self.seven_pairs = len(hand) == 7
        self.runs: list[int] = []
        self.sets: list[int] = []  # triplets and quads
        simples_only = all_terminal_or_honor = all_honor = all_terminal = all_green = True
        suits = honor_blocks = terminal_ends = dragon_blocks = dragon_sets = wind_sets = wind_pairs = 0
        for b in hand:
            kind = b >> 2
            ty = b & 3
            if ty == SEQUENCE:
                self.runs.append(b)
            elif ty == PAIR:
                if FIRST_HONOR <= kind < FIRST_DRAGON:
                    wind_pairs += 1
            else:
                self.sets.append(b)
                if kind >= FIRST_DRAGON:
                    dragon_sets += 1
                elif kind >= FIRST_HONOR:
                    wind_sets += 1
            if HAS_TERMINAL_OR_HONOR[b]:
                simples_only = False
            if not ALL_TERMINAL_OR_HONOR[b]:
                all_terminal_or_honor = False
            if not ALL_HONOR[b]:
                all_honor = False
            if not ALL_TERMINAL[b]:
                all_terminal = False
            if not ALL_GREEN[b]:
                all_green = False
            if TERMINAL_AT_AN_END[b]:
                terminal_ends += 1
            if kind >= FIRST_HONOR:
                honor_blocks += 1
                if kind >= FIRST_DRAGON:
                    dragon_blocks += 1
            else:
                suits |= 1 << (kind // 9)
        self.simples_only = simples_only
        self.all_terminal_or_honor = all_terminal_or_honor
        self.all_honor = all_honor
        self.all_terminal = all_terminal
        self.all_green = all_green
        self.suits = suits  # bits 1, 2, 4: man, pin, sou
        self.honor_blocks = honor_blocks
        self.terminal_ends = terminal_ends  # blocks whose first or last tile is a terminal
        self.dragon_blocks = dragon_blocks
        self.dragon_sets = dragon_sets
        self.wind_sets = wind_sets
        self.wind_pairs = wind_pairs


def read(table: Table, shape: Shape, fu_details: list[tuple[str, int]], fu: int) -> Reading:
    """The package's yaku of a decomposition with this fu breakdown (``fu_details`` as the
    package's fu calculator lists them; returned as its hand response sorts them)."""
    open_hand = table.open_hand
    yaku: list[tuple[int, str, int]] = []  # (package id, name, han)
    runs = shape.runs
    sets = shape.sets
    simples_only = shape.simples_only
    suits = shape.suits
    one_suit = suits == 1 or suits == 2 or suits == 4
    if table.tsumo and not open_hand:
        _add(yaku, open_hand, MENZEN_TSUMO)
    if len(fu_details) == 1 and not shape.seven_pairs and not open_hand:
        _add(yaku, open_hand, PINFU)
    if shape.seven_pairs:
        _add(yaku, open_hand, CHIITOITSU)
    if (not open_hand or table.kuitan) and simples_only:
        _add(yaku, open_hand, TANYAO)
    if table.riichi:
        _add(yaku, open_hand, RIICHI)
    if table.double_riichi:
        _add(yaku, open_hand, DOUBLE_RIICHI)
    if table.ippatsu:
        _add(yaku, open_hand, IPPATSU)
    if table.rinshan:
        _add(yaku, open_hand, RINSHAN)
    if table.chankan:
        _add(yaku, open_hand, CHANKAN)
    if table.haitei:
        _add(yaku, open_hand, HAITEI)
    if table.houtei:
        _add(yaku, open_hand, HOUTEI)
    if one_suit and shape.honor_blocks == 0:
        _add(yaku, open_hand, CHINITSU)
    elif one_suit:
        _add(yaku, open_hand, HONITSU)
    if not runs and not simples_only and shape.all_terminal_or_honor:
        _add(yaku, open_hand, HONROUTOU)
    if runs:
        if not simples_only:
            terminal_ends = shape.terminal_ends
            honor_blocks = shape.honor_blocks
            if terminal_ends + honor_blocks == 5 and terminal_ends and honor_blocks:
                _add(yaku, open_hand, CHANTA)
            if terminal_ends == 5:
                _add(yaku, open_hand, JUNCHAN)
            if _ittsu(runs):
                _add(yaku, open_hand, ITTSU)
        if not open_hand:
            repeats = _repeated_runs(runs)
            if repeats >= 2:
                _add(yaku, open_hand, RYANPEIKOU)
            elif repeats:
                _add(yaku, open_hand, IIPEIKOU)
        if suits == 7 and _same_in_three_suits(runs):
            _add(yaku, open_hand, SANSHOKU)
    if sets:
        if len(sets) == 4:
            _add(yaku, open_hand, TOITOI)
        if _three_concealed_sets(table, shape.hand):
            _add(yaku, open_hand, SANANKOU)
        if suits == 7 and _same_in_three_suits([b for b in sets if b >> 2 < FIRST_HONOR]):
            _add(yaku, open_hand, SANSHOKU_DOUKOU)
        if shape.honor_blocks:
            if shape.dragon_blocks == 3:
                _add(yaku, open_hand, SHOUSANGEN)
            for b in sets:
                kind = b >> 2
                if kind >= FIRST_DRAGON:
                    i = kind - FIRST_DRAGON
                    _add(yaku, open_hand, (15 + i, DRAGONS[i], 1, 1))
            for b in sets:
                if b >> 2 == table.seat_wind:
                    i = table.seat_wind - FIRST_HONOR
                    _add(yaku, open_hand, (18 + i, SEAT_WINDS[i], 1, 1))
            for b in sets:
                if b >> 2 == table.round_wind:
                    i = table.round_wind - FIRST_HONOR
                    _add(yaku, open_hand, (22 + i, ROUND_WINDS[i], 1, 1))
        if table.kans == 3:
            _add(yaku, open_hand, SANKANTSU)
    yaku.sort()  # the package's order: by its yaku id
    # and its fu breakdown by fu, larger first (a stable sort)
    fu_details = sorted(fu_details, key=_fu_of, reverse=True)
    return Reading([(name, han) for _, name, han in yaku], sum(h for _, _, h in yaku), fu, fu_details)


def _fu_of(detail: tuple[str, int]) -> int:
    return detail[1]


def _add(yaku: list[tuple[int, str, int]], open_hand: bool, entry: tuple[int, str, int, int]) -> None:
    yaku.append((entry[0], entry[1], entry[2] if open_hand and entry[2] else entry[3]))


def _ittsu(runs: list[int]) -> bool:
    masks = [0, 0, 0]
    for b in runs:
        kind = b >> 2
        rank = kind % 9
        if rank == 0 or rank == 3 or rank == 6:
            masks[kind // 9] |= 1 << (rank // 3)
    return 7 in masks


def _repeated_runs(runs: list[int]) -> int:
    """Pairs of equal runs (the package's iipeikou: one or more; ryanpeikou: two or more)."""
    seen: list[int] = []
    pairs = 0
    for b in runs:
        if b in seen:
            seen.remove(b)
            pairs += 1
        else:
            seen.append(b)
    return pairs


def _same_in_three_suits(blocks: list[int]) -> bool:
    """Blocks (all of one type, no honors) starting at the same rank in all three suits."""
    masks = [0, 0, 0]
    for b in blocks:
        kind = b >> 2
        masks[kind // 9] |= 1 << (kind % 9)
    return masks[0] & masks[1] & masks[2] != 0


def _three_concealed_sets(table: Table, hand: list[int]) -> bool:
    """The package's sanankou: sets not among the called melds, less one completed by a ron
    (unless a concealed run holds the winning tile)."""
    win = table.win_kind
    called = table.open_blocks
    concealed_sets = 0
    run_with_win = False
    for b in hand:
        if is_set_of_one_kind(b):
            if b not in called:
                concealed_sets += 1
        elif b & 3 == SEQUENCE and b >> 2 <= win <= (b >> 2) + 2 and b not in called:
            run_with_win = True
    if not table.tsumo and not run_with_win:
        for b in hand:
            if is_set_of_one_kind(b) and b >> 2 == win and b not in called:
                concealed_sets -= 1
                break
    return concealed_sets == 3

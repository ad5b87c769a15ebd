"""The yaku of one reading of a hand for the fast valuation path (``fast``): the ``mahjong``
package's tests (``HandCalculator.estimate_hand_value`` and its ``yaku_list``), in the order it
lists them, with its han, for the yaku that are not yakuman (``fast_yakuman`` has those). ``fast``
never asks about a blessing or a yaku the package is not configured for.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from paifu.scoring.fast_shapes import (
    ALL_FLAGS,
    ALL_GREEN,
    ALL_HONOR,
    ALL_TERMINAL,
    ALL_TERMINAL_OR_HONOR,
    BLOCK_FLAGS,
    DRAGON,
    FIRST_DRAGON,
    FIRST_HONOR,
    HONOR,
    PAIR,
    SEQUENCE,
    SUIT_SHIFT,
    TERMINAL_AT_AN_END,
    TERMINAL_OR_HONOR,
    WIND,
    is_set_of_one_kind,
)
from paifu.scoring.values import WinContext
from paifu.yaku import Yaku

Entry = tuple[int, str, int]  # (the package's yaku id, name, han)


def _entries(yaku_id: int, name: str, han_open: int, han_closed: int) -> tuple[Entry, Entry]:
    """A yaku's entries in a closed and in an open hand, from its han as the package's yaku object
    has them (``han_open`` 0: closed only; the package then counts the closed han)."""
    return (yaku_id, name, han_closed), (yaku_id, name, han_open or han_closed)


# the package lists a hand's yaku by id
MENZEN_TSUMO: Final = _entries(0, Yaku.MENZEN_TSUMO.value, 0, 1)
RIICHI: Final = _entries(1, Yaku.RIICHI.value, 0, 1)
DOUBLE_RIICHI: Final = _entries(8, Yaku.DOUBLE_RIICHI.value, 0, 2)
IPPATSU: Final = _entries(3, Yaku.IPPATSU.value, 0, 1)
RINSHAN: Final = _entries(5, Yaku.RINSHAN.value, 1, 1)
CHANKAN: Final = _entries(4, Yaku.CHANKAN.value, 1, 1)
HAITEI: Final = _entries(6, Yaku.HAITEI.value, 1, 1)
HOUTEI: Final = _entries(7, Yaku.HOUTEI.value, 1, 1)
PINFU: Final = _entries(12, Yaku.PINFU.value, 0, 1)
TANYAO: Final = _entries(13, Yaku.TANYAO.value, 1, 1)
IIPEIKOU: Final = _entries(14, Yaku.IIPEIKOU.value, 0, 1)
CHIITOITSU: Final = _entries(34, Yaku.CHIITOITSU.value, 0, 2)
CHINITSU: Final = _entries(39, Yaku.CHINITSU.value, 5, 6)
HONITSU: Final = _entries(36, Yaku.HONITSU.value, 2, 3)
HONROUTOU: Final = _entries(29, Yaku.HONROUTOU.value, 2, 2)
CHANTA: Final = _entries(28, Yaku.CHANTA.value, 1, 2)
JUNCHAN: Final = _entries(37, Yaku.JUNCHAN.value, 2, 3)
ITTSU: Final = _entries(27, Yaku.ITTSU.value, 1, 2)
RYANPEIKOU: Final = _entries(38, Yaku.RYANPEIKOU.value, 0, 3)
SANSHOKU: Final = _entries(26, Yaku.SANSHOKU.value, 1, 2)
TOITOI: Final = _entries(30, Yaku.TOITOI.value, 2, 2)
SANANKOU: Final = _entries(31, Yaku.SANANKOU.value, 2, 2)
SANSHOKU_DOUKOU: Final = _entries(33, Yaku.SANSHOKU_DOUKOU.value, 2, 2)
SHOUSANGEN: Final = _entries(35, Yaku.SHOUSANGEN.value, 2, 2)
SANKANTSU: Final = _entries(32, Yaku.SANKANTSU.value, 2, 2)
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


_BY_FU: Final = itemgetter(1)


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
        self.double_yakuman = rules.double_yakuman
        self.green_dragon_required = rules.green_dragon_required
        self.counts = [0] * 34  # concealed tiles per kind
        self.meld_blocks: list[int] = []
        self.open_blocks: list[int] = []  # blocks of the called melds (not closed kans)
        self.chi_blocks: list[int] = []
        self.meld_state = [0] * 34  # per kind of a pon or kan meld: fast._OPENED, fast._KAN
        self.kans = 0  # kan melds, open or closed
        self.melds = len(ctx.melds)
        self.blessings: list[Entry] = []  # tenhou, chiihou, renhou as a yakuman (``fast._add_blessings``)


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
        some = 0  # flags of any block
        every = ALL_FLAGS  # flags of every block
        honor_blocks = terminal_ends = dragon_blocks = dragon_sets = wind_sets = wind_pairs = 0
        for b in hand:
            f = BLOCK_FLAGS[b]
            some |= f
            every &= f
            ty = b & 3
            if ty == SEQUENCE:
                self.runs.append(b)
            elif ty == PAIR:
                if f & WIND:
                    wind_pairs += 1
            else:
                self.sets.append(b)
                if f & DRAGON:
                    dragon_sets += 1
                elif f & WIND:
                    wind_sets += 1
            if f & TERMINAL_AT_AN_END:
                terminal_ends += 1
            if f & HONOR:
                honor_blocks += 1
                if f & DRAGON:
                    dragon_blocks += 1
        self.simples_only = not some & TERMINAL_OR_HONOR
        self.all_terminal_or_honor = every & ALL_TERMINAL_OR_HONOR != 0
        self.all_honor = every & ALL_HONOR != 0
        self.all_terminal = every & ALL_TERMINAL != 0
        self.all_green = every & ALL_GREEN != 0
        self.suits = (some >> SUIT_SHIFT) & 7  # bits 1, 2, 4: man, pin, sou
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
    hand_open = 1 if open_hand else 0  # which of a yaku's entries: closed, open
    yaku: list[tuple[int, str, int]] = []  # (package id, name, han)
    runs = shape.runs
    sets = shape.sets
    simples_only = shape.simples_only
    suits = shape.suits
    one_suit = suits == 1 or suits == 2 or suits == 4
    if table.tsumo and not open_hand:
        yaku.append(MENZEN_TSUMO[hand_open])
    if len(fu_details) == 1 and not shape.seven_pairs and not open_hand:
        yaku.append(PINFU[hand_open])
    if shape.seven_pairs:
        yaku.append(CHIITOITSU[hand_open])
    if (not open_hand or table.kuitan) and simples_only:
        yaku.append(TANYAO[hand_open])
    if table.riichi:
        yaku.append(RIICHI[hand_open])
    if table.double_riichi:
        yaku.append(DOUBLE_RIICHI[hand_open])
    if table.ippatsu:
        yaku.append(IPPATSU[hand_open])
    if table.rinshan:
        yaku.append(RINSHAN[hand_open])
    if table.chankan:
        yaku.append(CHANKAN[hand_open])
    if table.haitei:
        yaku.append(HAITEI[hand_open])
    if table.houtei:
        yaku.append(HOUTEI[hand_open])
    if one_suit and shape.honor_blocks == 0:
        yaku.append(CHINITSU[hand_open])
    elif one_suit:
        yaku.append(HONITSU[hand_open])
    if not runs and not simples_only and shape.all_terminal_or_honor:
        yaku.append(HONROUTOU[hand_open])
    if runs:
        if not simples_only:
            terminal_ends = shape.terminal_ends
            honor_blocks = shape.honor_blocks
            if terminal_ends + honor_blocks == 5 and terminal_ends and honor_blocks:
                yaku.append(CHANTA[hand_open])
            if terminal_ends == 5:
                yaku.append(JUNCHAN[hand_open])
            if _ittsu(runs):
                yaku.append(ITTSU[hand_open])
        if not open_hand:
            repeats = _repeated_runs(runs)
            if repeats >= 2:
                yaku.append(RYANPEIKOU[hand_open])
            elif repeats:
                yaku.append(IIPEIKOU[hand_open])
        if suits == 7 and _same_in_three_suits(runs):
            yaku.append(SANSHOKU[hand_open])
    if sets:
        if len(sets) == 4:
            yaku.append(TOITOI[hand_open])
        if _three_concealed_sets(table, shape.hand):
            yaku.append(SANANKOU[hand_open])
        if suits == 7 and _same_in_three_suits([b for b in sets if b >> 2 < FIRST_HONOR]):
            yaku.append(SANSHOKU_DOUKOU[hand_open])
        if shape.honor_blocks:
            if shape.dragon_blocks == 3:
                yaku.append(SHOUSANGEN[hand_open])
            for b in sets:
                kind = b >> 2
                if kind >= FIRST_DRAGON:
                    i = kind - FIRST_DRAGON
                    yaku.append((15 + i, DRAGONS[i], 1))
            for b in sets:
                if b >> 2 == table.seat_wind:
                    i = table.seat_wind - FIRST_HONOR
                    yaku.append((18 + i, SEAT_WINDS[i], 1))
            for b in sets:
                if b >> 2 == table.round_wind:
                    i = table.round_wind - FIRST_HONOR
                    yaku.append((22 + i, ROUND_WINDS[i], 1))
        if table.kans == 3:
            yaku.append(SANKANTSU[hand_open])
    yaku.sort()  # the package's order: by its yaku id
    return reading(yaku, fu_details, fu)


def reading(yaku: list[Entry], fu_details: list[tuple[str, int]], fu: int) -> Reading:
    """The reading of these yaku (sorted by id) as the package's response has it: their han, and
    its fu breakdown by fu, larger first (a stable sort)."""
    han = 0
    for entry in yaku:
        han += entry[2]
    fu_details = sorted(fu_details, key=_BY_FU, reverse=True)
    return Reading([(entry[1], entry[2]) for entry in yaku], han, fu, fu_details)


def _ittsu(runs: list[int]) -> bool:
    masks = [0, 0, 0]
    for b in runs:
        kind = b >> 2
        rank = kind % 9
        if rank == 0 or rank == 3 or rank == 6:
            masks[kind // 9] = masks[kind // 9] | 1 << (rank // 3)  # native (an item's ``|=`` is not)
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
        masks[kind // 9] = masks[kind // 9] | 1 << (kind % 9)
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

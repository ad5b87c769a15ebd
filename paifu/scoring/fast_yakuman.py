"""The yakuman of one reading of a hand for the fast valuation path (``fast``): the ``mahjong``
package's yakuman tests, under the conditions its ``estimate_hand_value`` asks them (chuuren poutou
only in a decomposition with a set and no meld at all, suuankou only in a closed hand), with the
han ``package._config`` gives them per ruleset, and thirteen orphans as its own reading (fu 0, no
breakdown). With these the package is imported only for blessings and malformed contexts: a
yakuman's reading cost a process the package's import (80 modules) and a million instructions.
"""

from __future__ import annotations

from typing import Final

from paifu.scoring.fast_yaku import Entry, Shape, Table
from paifu.tiles import HATSU, YAOCHU_KINDS
from paifu.yaku import Yaku

# the package's yakuman: its id, our name, and the ``double_yakuman`` name under which a ruleset
# counts it twice (``package._config``; empty: never)
KOKUSHI: Final = (100, Yaku.KOKUSHI.value, "")
CHUUREN: Final = (101, Yaku.CHUUREN.value, "")
SUUANKOU: Final = (102, Yaku.SUUANKOU.value, "")
DAISANGEN: Final = (103, Yaku.DAISANGEN.value, "")
SHOUSUUSHII: Final = (104, Yaku.SHOUSUUSHII.value, "")
RYUUIISOU: Final = (105, Yaku.RYUUIISOU.value, "")
SUUKANTSU: Final = (106, Yaku.SUUKANTSU.value, "")
TSUUIISOU: Final = (107, Yaku.TSUUIISOU.value, "")
CHINROUTOU: Final = (108, Yaku.CHINROUTOU.value, "")
DAISUUSHII: Final = (111, Yaku.DAISUUSHII.value, "daisuushii")
KOKUSHI_13: Final = (112, Yaku.KOKUSHI_13.value, "kokushi-13")
SUUANKOU_TANKI: Final = (113, Yaku.SUUANKOU_TANKI.value, "suuankou-tanki")
JUNSEI_CHUUREN: Final = (114, Yaku.JUNSEI_CHUUREN.value, "junsei-chuuren")
# the blessings, which the package adds to every reading of a hand (after all others by id)
TENHOU: Final = (115, Yaku.TENHOU.value, "")
CHIIHOU: Final = (116, Yaku.CHIIHOU.value, "")
RENHOU_YAKUMAN: Final = (117, Yaku.RENHOU.value, "")


def blessings(table: Table, tenhou: bool, chiihou: bool, renhou_yakuman: bool) -> None:
    """Put the blessings the context claims among the table's yakuman (by id, as the package
    lists them)."""
    if tenhou:
        table.blessings.append(_entry(table, TENHOU))
    if chiihou:
        table.blessings.append(_entry(table, CHIIHOU))
    if renhou_yakuman:
        table.blessings.append(_entry(table, RENHOU_YAKUMAN))


def _entry(table: Table, yaku: tuple[int, str, str]) -> Entry:
    double = yaku[2]
    return (yaku[0], yaku[1], 26 if double and double in table.double_yakuman else 13)


def yakuman(table: Table, shape: Shape) -> list[Entry]:
    """The package's yakuman of a decomposition, by its yaku id (empty: none)."""
    found: list[Entry] = []
    sets = shape.sets
    if shape.all_honor:
        found.append(_entry(table, TSUUIISOU))
    if shape.all_terminal:
        found.append(_entry(table, CHINROUTOU))
    if shape.all_green and (not table.green_dragon_required or _holds_hatsu(shape.hand)):
        found.append(_entry(table, RYUUIISOU))
    if sets:
        if shape.honor_blocks:
            if shape.dragon_sets == 3:
                found.append(_entry(table, DAISANGEN))
            if shape.wind_sets == 3 and shape.wind_pairs == 1:
                found.append(_entry(table, SHOUSUUSHII))
            if shape.wind_sets == 4:
                found.append(_entry(table, DAISUUSHII))
        if (
            table.melds == 0
            and not shape.simples_only
            and shape.honor_blocks == 0
            and _nine_gates(table, shape)
        ):
            held = table.counts[table.win_kind]
            found.append(_entry(table, JUNSEI_CHUUREN if held == 2 or held == 4 else CHUUREN))
        if not table.open_hand and _four_concealed_sets(table, sets):
            found.append(_entry(table, SUUANKOU_TANKI if table.counts[table.win_kind] == 2 else SUUANKOU))
        if table.kans == 4:
            found.append(_entry(table, SUUKANTSU))
    if len(found) > 1:
        found.sort()
    if table.blessings:
        found.extend(table.blessings)
    return found


def thirteen_orphans(table: Table) -> list[Entry]:
    """Kokushi musou as the package reads it (every terminal and honor, one of them twice), or
    empty; asked only of a hand with no regular reading."""
    if table.open_hand or table.melds:
        return []
    counts = table.counts
    held = 0
    for k in YAOCHU_KINDS:
        c = counts[k]
        if not c:
            return []
        held += c
    if held != 14:
        return []
    return [_entry(table, KOKUSHI_13 if counts[table.win_kind] == 2 else KOKUSHI)] + table.blessings


def _holds_hatsu(hand: list[int]) -> bool:
    return any(b >> 2 == HATSU for b in hand)


def _nine_gates(table: Table, shape: Shape) -> bool:
    """The package's chuuren poutou: one suit, 1 and 9 three times or more, and with two of each
    taken away every rank once but one twice."""
    suits = shape.suits
    if suits != 1 and suits != 2 and suits != 4:
        return False
    low = (suits >> 1) * 9  # suit bits 1, 2, 4: first kinds 0, 9, 18
    counts = table.counts
    if counts[low] < 3 or counts[low + 8] < 3:
        return False
    twice = False
    for rank in range(9):
        c = counts[low + rank]
        if rank == 0 or rank == 8:
            c -= 2
        if c == 2:
            if twice:
                return False
            twice = True
        elif c != 1:
            return False
    return twice


def _four_concealed_sets(table: Table, sets: list[int]) -> bool:
    """The package's suuankou: four sets, less any a ron completed (those of the winning kind)."""
    n = len(sets)
    if n < 4:
        return False
    if not table.tsumo:
        win = table.win_kind
        for b in sets:
            if b >> 2 == win:
                n -= 1
    return n == 4

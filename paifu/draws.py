"""The abortive draws, in one table: each kind, what must hold on the table for it, the ``Ruleset``
switch that allows it, and how each record format spells it.

The board reads which ones fall due on the table and which a call on the discard misses
(``paifu.board``), the engine checks a declared one against its condition and switch
(``paifu.engine.outcomes.check_abort``), each format reads and writes the spelling named here, and
the viewer names them; a test holds every format's reader to this table. Adding an abortive draw
is a row here, its ``RyuukyokuKind`` and, where its condition is a new one, that check.
The exhaustive draw and nagashi mangan end a hand too but abort nothing: they are not here.

Plain data, no rules and no formats imported: both sides read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Final, NamedTuple

from paifu.events import RyuukyokuKind


class Condition(str, Enum):
    """What must hold on the table for an abortive draw."""

    #: declared by the seat in turn on its first, uninterrupted draw, with nine kinds of terminals
    #: and honours (``nine_terminals_dealt``: in the deal itself)
    FIRST_DRAW = "first-draw"
    #: falls due on the table once a discard passes (``TableState.abort_due``); a call on that
    #: discard misses it. Its switch is one the board reads (``TableRules``)
    DUE_ON_TABLE = "due-on-table"
    #: three seats could ron the discard (not furiten)
    THREE_RONS = "three-rons"


class AbortiveDraw(NamedTuple):
    """One abortive draw: its kind, its condition, the ``Ruleset`` option that allows it, what it
    is in words, and how each format spells it (the format's ``FORMAT`` name -> what it writes;
    Mahjong Soul and Riichi City: the type code their records carry)."""

    kind: RyuukyokuKind
    condition: Condition
    switch: str
    words: str
    spelled: Mapping[str, str | int]


ABORTIVE: Final[tuple[AbortiveDraw, ...]] = (
    AbortiveDraw(
        RyuukyokuKind.NINE_TERMINALS,
        Condition.FIRST_DRAW,
        "nine_terminals",
        "nine kinds of terminals and honours on the first uninterrupted draw (kyuushu kyuuhai)",
        {
            "tenhou-xml": "yao9",
            "tenhou-json": "九種九牌",
            "mjai": "kyushukyuhai",
            "majiang": "九種九牌",
            "majsoul": 1,
            "riichi-city": 6,
            "ja": "九種九牌",
            "en": "nine terminals (abortive)",
        },
    ),
    AbortiveDraw(
        RyuukyokuKind.FOUR_WINDS,
        Condition.DUE_ON_TABLE,
        "four_winds",
        "every seat's first discard the same wind, no call between (suufon renda; three winds at three)",
        {
            "tenhou-xml": "kaze4",
            "tenhou-json": "四風連打",
            "mjai": "sufonrenta",
            "majiang": "四風連打",
            "majsoul": 2,
            "riichi-city": 2,
            "ja": "四風連打",
            "en": "four winds (abortive)",
        },
    ),
    AbortiveDraw(
        RyuukyokuKind.FOUR_RIICHI,
        Condition.DUE_ON_TABLE,
        "four_riichi",
        "every seat's riichi accepted (suucha riichi)",
        {
            "tenhou-xml": "reach4",
            "tenhou-json": "四家立直",
            "mjai": "suchareach",
            "majiang": "四家立直",
            "majsoul": 4,
            "riichi-city": 4,
            "ja": "四家立直",
            "en": "four riichi (abortive)",
        },
    ),
    AbortiveDraw(
        RyuukyokuKind.FOUR_KANS,
        Condition.DUE_ON_TABLE,
        "four_kans",
        "four kans by more than one seat, once the discard after the fourth passes (suukaikan)",
        {
            "tenhou-xml": "kan4",
            "tenhou-json": "四槓散了",
            "mjai": "sukaikan",
            "majiang": "四開槓",
            "majsoul": 3,
            "riichi-city": 3,
            "ja": "四槓散了",
            "en": "four kans (abortive)",
        },
    ),
    AbortiveDraw(
        RyuukyokuKind.TRIPLE_RON,
        Condition.THREE_RONS,
        "triple_ron_abort",
        "three seats ron one discard (sanchahou)",
        {
            "tenhou-xml": "ron3",
            "tenhou-json": "三家和了",
            "mjai": "sanchaho",
            "majiang": "三家和",
            "majsoul": 5,
            "riichi-city": 5,
            "ja": "三家和了",
            "en": "triple ron (abortive)",
        },
    ),
)

#: each abortive draw by its kind
ABORTIVE_DRAWS: Final[Mapping[RyuukyokuKind, AbortiveDraw]] = {d.kind: d for d in ABORTIVE}
#: the abortive draws that fall due on the table, which a call on the discard misses
DUE_ON_TABLE: Final[tuple[RyuukyokuKind, ...]] = tuple(
    d.kind for d in ABORTIVE if d.condition == Condition.DUE_ON_TABLE
)


def spelled(name: str) -> dict[RyuukyokuKind, str]:
    """How the format (or language) ``name`` writes each abortive draw."""
    return {d.kind: str(d.spelled[name]) for d in ABORTIVE if name in d.spelled}


def codes(name: str) -> dict[int, RyuukyokuKind]:
    """The abortive draw each type code of the format ``name`` stands for."""
    return {c: d.kind for d in ABORTIVE if isinstance(c := d.spelled.get(name), int)}

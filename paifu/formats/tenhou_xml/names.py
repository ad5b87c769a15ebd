"""Tenhou XML's own words, shared by the reader and the writer: draw types, limit names, yaku ids,
the log-id pattern, the spelling of per-hand shuffle seeds, and the tags of draws and discards."""

from __future__ import annotations

import re
from typing import Any, Final

from paifu.draws import spelled
from paifu.events import Discard, Draw, RyuukyokuKind
from paifu.formats.plays import DISCARDS, DRAWS
from paifu.yaku import TENHOU_YAKU_IDS, YAKUMAN

INIT_SHUFFLE_PREFIX = "tenhou-init-shuffle;"  # paifu.engine.wall uses the same spelling (tested)
FORMAT = "tenhou-xml"
LIMIT_NAMES: Final = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
#: ``RYUUKYOKU``'s ``type``: none for an exhaustive draw, ``nm``, and the abortive draws' (``paifu.draws``)
_RYUU_KIND: Final[dict[str | None, RyuukyokuKind]] = {
    None: RyuukyokuKind.EXHAUSTIVE,
    **{word: kind for kind, word in spelled(FORMAT).items()},
    "nm": RyuukyokuKind.NAGASHI_MANGAN,
}
_RYUU_TYPE = {v: k for k, v in _RYUU_KIND.items()}
_YAKU_NAME_TO_ID = {y.value: i for i, y in enumerate(TENHOU_YAKU_IDS)}
_YAKUMAN_NAMES = frozenset(y.value for y in YAKUMAN)
_LOG_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}")


def _yaku_name(i: int) -> str:
    return TENHOU_YAKU_IDS[i].value if 0 <= i < len(TENHOU_YAKU_IDS) else f"unknown:{i}"


def plays_by_letter(plays: dict[str, Any]) -> list[list[Any]]:
    """``plays`` (tag -> play) as ``[letter][tile]`` (None where the table has no such tag)."""
    table: list[list[Any]] = [[None] * 136 for _ in range(8)]
    for tag, play in plays.items():
        table["TUVWDEFG".index(tag[0])][int(tag[1:])] = play
    return table


def _build_plays() -> dict[str, tuple[int, int, Draw | Discard, Discard | None]]:
    """Every draw/discard tag (``T12``, ``E135``) -> its seat, tile and ready-made events: a draw's,
    or a discard's as tsumogiri and as from the hand.

    Events are immutable, so one instance per (seat, tile) is shared: this keeps the hot loop to
    one dict lookup per tag (``paifu.formats.plays``).
    """
    plays: dict[str, tuple[int, int, Draw | Discard, Discard | None]] = {}
    for seat in range(4):
        for t in range(136):
            plays[f"{'TUVW'[seat]}{t}"] = (seat, t, DRAWS[seat][t], None)
            plays[f"{'DEFG'[seat]}{t}"] = (seat, t, DISCARDS[True][seat][t], DISCARDS[False][seat][t])
    return plays


_PLAYS: Final = _build_plays()
_PLAYS_3: Final = {tag: play for tag, play in _PLAYS.items() if play[0] < 3}  # seat 3 is empty at 3 players
_BY_LETTER: Final = plays_by_letter(_PLAYS)  # the same, by tag letter and tile (``scan``)
_BY_LETTER_3: Final = plays_by_letter(_PLAYS_3)

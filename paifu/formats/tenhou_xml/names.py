"""Tenhou XML's own words, shared by the reader and the writer: draw types, limit names, yaku ids,
the log-id pattern and the spelling of per-hand shuffle seeds."""

from __future__ import annotations

import re
from typing import Final

from paifu.events import RyuukyokuKind
from paifu.yaku import TENHOU_YAKU_IDS, YAKUMAN

INIT_SHUFFLE_PREFIX = "tenhou-init-shuffle;"  # paifu.engine.wall uses the same spelling (tested)
FORMAT = "tenhou-xml"
LIMIT_NAMES: Final = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_RYUU_KIND: Final = {
    None: RyuukyokuKind.EXHAUSTIVE,
    "yao9": RyuukyokuKind.NINE_TERMINALS,
    "reach4": RyuukyokuKind.FOUR_RIICHI,
    "ron3": RyuukyokuKind.TRIPLE_RON,
    "kan4": RyuukyokuKind.FOUR_KANS,
    "kaze4": RyuukyokuKind.FOUR_WINDS,
    "nm": RyuukyokuKind.NAGASHI_MANGAN,
}
_RYUU_TYPE = {v: k for k, v in _RYUU_KIND.items()}
_YAKU_NAME_TO_ID = {y.value: i for i, y in enumerate(TENHOU_YAKU_IDS)}
_YAKUMAN_NAMES = frozenset(y.value for y in YAKUMAN)
_LOG_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}")


def _yaku_name(i: int) -> str:
    return TENHOU_YAKU_IDS[i].value if 0 <= i < len(TENHOU_YAKU_IDS) else f"unknown:{i}"

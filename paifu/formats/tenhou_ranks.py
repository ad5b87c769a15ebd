"""Tenhou's ranks, the one table of them: its XML writes each player's dan as a number
(``UN dan="13,..."``), its tenhou.net/6 JSON as the rank's name (``"dan": ["四段", "６級", ...]``); the
same rank either way. The readers, the writers and the statistics (``paifu.analysis.ranks``) read it."""

from __future__ import annotations

#: Tenhou's dan numbers, 0 to 20, as its JSON names them (the kyu with full-width digits)
DAN_NAMES: tuple[str, ...] = (
    "新人",
    "９級",
    "８級",
    "７級",
    "６級",
    "５級",
    "４級",
    "３級",
    "２級",
    "１級",
    "初段",
    "二段",
    "三段",
    "四段",
    "五段",
    "六段",
    "七段",
    "八段",
    "九段",
    "十段",
    "天鳳位",
)
#: each name's number: the names above, and the kyu with kanji digits (九級 .. 一級), as other
#: writers spell them
DAN_NUMBERS: dict[str, int] = {
    **{name: i for i, name in enumerate(DAN_NAMES)},
    **{f"{k}級": i for i, k in enumerate("九八七六五四三二一", 1)},
}


def dan_names(dan: object) -> list[object] | None:
    """A record's ranks as tenhou.net/6 writes them: Tenhou numbers as its names, names (Tenhou's or
    another platform's: 雀豪★2) as they are; None for anything else."""
    if not isinstance(dan, tuple):
        return None
    out: list[object] = []
    for d in dan:
        if isinstance(d, int) and not isinstance(d, bool) and 0 <= d < len(DAN_NAMES):
            out.append(DAN_NAMES[d])
        elif isinstance(d, str):
            out.append(d)
        else:
            return None
    return out


def dan_numbers(dan: object) -> list[int] | None:
    """A record's ranks as Tenhou XML writes them (numbers), where each is a Tenhou rank; None where
    one is not (another platform's name, which XML cannot say)."""
    if not isinstance(dan, tuple):
        return None
    out: list[int] = []
    for d in dan:
        if isinstance(d, int) and not isinstance(d, bool):
            out.append(d)
        elif isinstance(d, str) and d in DAN_NUMBERS:
            out.append(DAN_NUMBERS[d])
        else:
            return None
    return out

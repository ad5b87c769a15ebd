"""Mahjong Soul's rank points (段位点): how a ranked game moves each player up or down its ladder.

The change is ``ceil((final score - base) / 1000 + uma) + the room's place bonus``, and the last place
also loses its rank level's penalty. Every table is the game's own configuration (``desktop.matchmode``
for the rooms, ``level_definition`` for the penalties), as dumped in Equim-chan/tensoul's
``data.json`` (identical on 2021-02-10 and 2022-09-05); the rounding up (``ceil``) is what the
stats site amae-koromo computes (``Math.ceil``) and the only rounding that reproduces every
``grading_score`` of the shared records (tests/test_majsoul.py). A record states each player's level
before the game (``accounts[].level``, ``level3`` for three players) and the change it gave
(``result.players[].grading_score``), so the change is checked like any number a record states.

Since 2021-08-26 a 魂天 (Celestial) player's level is counted in 魂珠 (levels 10701..10720 and
20701..20720); their change is no longer this formula, and no shared record shows it: not checked.
"""

from __future__ import annotations

#: ranked room by ``config.meta.mode_id``: (players, length, place bonus by place)
ROOMS: dict[int, tuple[int, str, tuple[int, ...]]] = {
    2: (4, "east", (10, 5, 0, 0)),  # 銅の間
    3: (4, "south", (20, 10, 0, 0)),
    5: (4, "east", (20, 10, 0, 0)),  # 銀の間
    6: (4, "south", (40, 20, 0, 0)),
    8: (4, "east", (40, 20, 0, 0)),  # 金の間
    9: (4, "south", (80, 40, 0, 0)),
    11: (4, "east", (55, 30, 0, 0)),  # 玉の間
    12: (4, "south", (110, 55, 0, 0)),
    15: (4, "east", (60, 30, 0, 0)),  # 王座の間
    16: (4, "south", (120, 60, 0, 0)),
    17: (3, "east", (15, 0, 0)),  # 銅の間 three-player
    18: (3, "south", (30, 0, 0)),
    19: (3, "east", (30, 0, 0)),  # 銀の間
    20: (3, "south", (60, 0, 0)),
    21: (3, "east", (55, 0, 0)),  # 金の間
    22: (3, "south", (105, 0, 0)),
    23: (3, "east", (75, 0, 0)),  # 玉の間
    24: (3, "south", (160, 0, 0)),
    25: (3, "east", (120, 0, 0)),  # 王座の間
    26: (3, "south", (240, 0, 0)),
}
ROOM_NAMES = {2: "銅の間", 5: "銀の間", 8: "金の間", 11: "玉の間", 15: "王座の間"}
ROOM_NAMES |= {k + 1: v for k, v in ROOM_NAMES.items()}
ROOM_NAMES |= {17: "銅の間", 18: "銅の間", 19: "銀の間", 20: "銀の間", 21: "金の間", 22: "金の間"}
ROOM_NAMES |= {23: "玉の間", 24: "玉の間", 25: "王座の間", 26: "王座の間"}
#: the score the change reckons from, and the uma by place
BASE = {4: 25000, 3: 35000}
UMA = {4: (15, 5, -5, -15), 3: (15, 0, -15)}
#: the last place's penalty by rank level: (east, south); four-player levels 10xxx, three-player 20xxx
PENALTY: dict[int, tuple[int, int]] = {
    10101: (0, 0),
    10102: (0, 0),
    10103: (0, 0),
    10201: (10, 20),
    10202: (20, 40),
    10203: (30, 60),
    10301: (40, 80),
    10302: (50, 100),
    10303: (60, 120),
    10401: (80, 165),
    10402: (90, 180),
    10403: (100, 195),
    10501: (110, 210),
    10502: (120, 225),
    10503: (130, 240),
    10601: (140, 255),  # 魂天 before the 魂珠 ladder
    20101: (0, 0),
    20102: (0, 0),
    20103: (0, 0),
    20201: (10, 20),
    20202: (20, 40),
    20203: (30, 60),
    20301: (40, 80),
    20302: (50, 100),
    20303: (60, 120),
    20401: (80, 165),
    20402: (95, 190),
    20403: (110, 215),
    20501: (125, 240),
    20502: (140, 265),
    20503: (160, 290),
    20601: (175, 320),
}


def rank_change(
    final_scores: tuple[int, ...], places: tuple[int, ...], mode_id: int, levels: tuple[int | None, ...]
) -> tuple[int | None, ...] | None:
    """Each seat's change of rank points in a ranked room (``places``: 1 = top, per seat); None for a
    room that is no ranked room; None for a seat whose level is unknown or on the 魂珠 ladder."""
    room = ROOMS.get(mode_id)
    if room is None:
        return None
    n, length, bonus = room
    if len(final_scores) != n or len(places) != n:
        return None
    out: list[int | None] = []
    for score, place, level in zip(final_scores, places, levels, strict=False):
        if level is None or level not in PENALTY:
            out.append(None)
            continue
        change = -(-(score - BASE[n] + 1000 * UMA[n][place - 1]) // 1000) + bonus[place - 1]  # rounded up
        if place == n:
            change -= PENALTY[level][0 if length == "east" else 1]
        out.append(change)
    return tuple(out)

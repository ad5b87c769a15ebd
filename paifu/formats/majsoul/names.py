"""Mahjong Soul's words: its tile strings, its fan (役) ids, its melds and its draws.

The fan ids are the game's own (its config table ``fan``, as dumped in Equim-chan/tensoul's
``data.json``; riichienv numbers its yaku the same way): the records name a win's yaku by id alone.
"""

from __future__ import annotations

from paifu.draws import codes
from paifu.tiles import canonical_id
from paifu.yaku import Yaku

FORMAT = "majsoul"

_SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}


def tile(text: str) -> int:
    """A tile string (``1m``..``9m``, ``0m`` the red five, ``1z``..``7z`` East..Chun) as a canonical id."""
    if len(text) != 2 or text[1] not in _SUITS or not text[0].isdigit():
        raise ValueError(f"{text!r} is not a Mahjong Soul tile")
    n, base = int(text[0]), _SUITS[text[1]]
    if text[1] == "z":
        if not 1 <= n <= 7:
            raise ValueError(f"{text!r} is not a Mahjong Soul tile")
        return canonical_id(base + n - 1)
    if n == 0:
        return canonical_id(base + 4, red=True)
    return canonical_id(base + n - 1)


def tiles(texts: list[str]) -> tuple[int, ...]:
    return tuple(tile(t) for t in texts)


def wall_tiles(paishan: str) -> tuple[int, ...]:
    """A wall string (``paishan``: two characters a tile) as canonical ids."""
    if len(paishan) % 2:
        raise ValueError(f"a wall of {len(paishan)} characters is no list of tiles")
    return tuple(tile(paishan[i : i + 2]) for i in range(0, len(paishan), 2))


#: fan id -> the yaku (``paifu.yaku``) its wins claim; a yakuman's ``val`` is its multiple
FANS: dict[int, Yaku] = {
    1: Yaku.MENZEN_TSUMO,
    2: Yaku.RIICHI,
    3: Yaku.CHANKAN,
    4: Yaku.RINSHAN,
    5: Yaku.HAITEI,
    6: Yaku.HOUTEI,
    7: Yaku.HAKU,
    8: Yaku.HATSU,
    9: Yaku.CHUN,
    # 10 and 11 (役牌:自風牌, 役牌:場風牌) name no wind: the hand's winds give it (``wind_fan``)
    12: Yaku.TANYAO,
    13: Yaku.IIPEIKOU,
    14: Yaku.PINFU,
    15: Yaku.CHANTA,
    16: Yaku.ITTSU,
    17: Yaku.SANSHOKU,
    18: Yaku.DOUBLE_RIICHI,
    19: Yaku.SANSHOKU_DOUKOU,
    20: Yaku.SANKANTSU,
    21: Yaku.TOITOI,
    22: Yaku.SANANKOU,
    23: Yaku.SHOUSANGEN,
    24: Yaku.HONROUTOU,
    25: Yaku.CHIITOITSU,
    26: Yaku.JUNCHAN,
    27: Yaku.HONITSU,
    28: Yaku.RYANPEIKOU,
    29: Yaku.CHINITSU,
    30: Yaku.IPPATSU,
    31: Yaku.DORA,
    32: Yaku.AKA_DORA,
    33: Yaku.URA_DORA,
    34: Yaku.KITA,
    35: Yaku.TENHOU,
    36: Yaku.CHIIHOU,
    37: Yaku.DAISANGEN,
    38: Yaku.SUUANKOU,
    39: Yaku.TSUUIISOU,
    40: Yaku.RYUUIISOU,
    41: Yaku.CHINROUTOU,
    42: Yaku.KOKUSHI,
    43: Yaku.SHOUSUUSHII,
    44: Yaku.SUUKANTSU,
    45: Yaku.CHUUREN,
    47: Yaku.JUNSEI_CHUUREN,
    48: Yaku.SUUANKOU_TANKI,
    49: Yaku.KOKUSHI_13,
    50: Yaku.DAISUUSHII,
    59: Yaku.RENHOU,
}
SEAT_WIND_FAN, ROUND_WIND_FAN = 10, 11
#: fans whose ``val`` is a count of yakuman, not han
YAKUMAN_FANS = frozenset({35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50})

#: a rank level's tier (its id's hundreds: 10402 is tier 4, star 2; 10xxx four-player, 20xxx three)
LEVEL_NAMES = {1: "初心", 2: "雀士", 3: "雀傑", 4: "雀豪", 5: "雀聖", 6: "魂天", 7: "魂天"}


def level_name(level: int) -> str:
    """A level id as players read it: 10402 is 雀豪★2; 10705 is 魂天 Lv5."""
    tier = level // 100 % 100
    star = level % 100
    name = LEVEL_NAMES.get(tier, str(level))
    return f"{name} Lv{star}" if tier == 7 else f"{name}★{star}" if tier != 6 else name


#: ``RecordChiPengGang.type``
CHI, PON, OPEN_KAN = 0, 1, 2
#: ``RecordAnGangAddGang.type``
ADDED_KAN, CLOSED_KAN = 2, 3
#: ``RecordLiuJu.type`` -> the abortive draw (type 5 for three rons is inferred; ranked 4-player
#: tables have no such draw)
LIUJU = {code: kind.value for code, kind in codes(FORMAT).items()}  # the codes: ``paifu.draws``
#: ``RecordNewRound.ju`` counts hands within the round; ``chang`` is the round wind
WINDS = "ESWN"

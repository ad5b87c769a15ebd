"""Yaku names: one vocabulary for every reader, the scorer and the reports.

Names are romaji, as the Python mahjong world writes them. Value tiles are split
by tile (``yakuhai-haku``) and seat/round winds by wind (``jikaze-east``,
``bakaze-south``), so a record's list and ours compare item by item.
"""

from __future__ import annotations

from enum import Enum


class Yaku(str, Enum):
    MENZEN_TSUMO = "menzen-tsumo"
    RIICHI = "riichi"
    IPPATSU = "ippatsu"
    CHANKAN = "chankan"
    RINSHAN = "rinshan"
    HAITEI = "haitei"
    HOUTEI = "houtei"
    PINFU = "pinfu"
    TANYAO = "tanyao"
    IIPEIKOU = "iipeikou"
    JIKAZE_EAST = "jikaze-east"
    JIKAZE_SOUTH = "jikaze-south"
    JIKAZE_WEST = "jikaze-west"
    JIKAZE_NORTH = "jikaze-north"
    BAKAZE_EAST = "bakaze-east"
    BAKAZE_SOUTH = "bakaze-south"
    BAKAZE_WEST = "bakaze-west"
    BAKAZE_NORTH = "bakaze-north"
    HAKU = "yakuhai-haku"
    HATSU = "yakuhai-hatsu"
    CHUN = "yakuhai-chun"
    KITA_YAKUHAI = "yakuhai-north"  # 3-player tables where a North kept in hand is a value tile
    DOUBLE_RIICHI = "double-riichi"
    CHIITOITSU = "chiitoitsu"
    CHANTA = "chanta"
    ITTSU = "ittsu"
    SANSHOKU = "sanshoku"
    SANSHOKU_DOUKOU = "sanshoku-doukou"
    SANKANTSU = "sankantsu"
    TOITOI = "toitoi"
    SANANKOU = "sanankou"
    SHOUSANGEN = "shousangen"
    HONROUTOU = "honroutou"
    RYANPEIKOU = "ryanpeikou"
    JUNCHAN = "junchan"
    HONITSU = "honitsu"
    CHINITSU = "chinitsu"
    RENHOU = "renhou"
    TENHOU = "tenhou"
    CHIIHOU = "chiihou"
    DAISANGEN = "daisangen"
    SUUANKOU = "suuankou"
    SUUANKOU_TANKI = "suuankou-tanki"
    TSUUIISOU = "tsuuiisou"
    RYUUIISOU = "ryuuiisou"
    CHINROUTOU = "chinroutou"
    CHUUREN = "chuuren"
    JUNSEI_CHUUREN = "junsei-chuuren"
    KOKUSHI = "kokushi"
    KOKUSHI_13 = "kokushi-13"
    DAISUUSHII = "daisuushii"
    SHOUSUUSHII = "shousuushii"
    SUUKANTSU = "suukantsu"
    NAGASHI_MANGAN = "nagashi-mangan"
    DORA = "dora"
    URA_DORA = "ura-dora"
    AKA_DORA = "aka-dora"
    KITA = "kita"  # pulled Norths (nukidora)

    @property
    def is_dora(self) -> bool:
        return self in (Yaku.DORA, Yaku.URA_DORA, Yaku.AKA_DORA, Yaku.KITA)


YAKUMAN = frozenset(
    {
        Yaku.TENHOU,
        Yaku.CHIIHOU,
        Yaku.DAISANGEN,
        Yaku.SUUANKOU,
        Yaku.SUUANKOU_TANKI,
        Yaku.TSUUIISOU,
        Yaku.RYUUIISOU,
        Yaku.CHINROUTOU,
        Yaku.CHUUREN,
        Yaku.JUNSEI_CHUUREN,
        Yaku.KOKUSHI,
        Yaku.KOKUSHI_13,
        Yaku.DAISUUSHII,
        Yaku.SHOUSUUSHII,
        Yaku.SUUKANTSU,
    }
)

#: Tenhou's yaku ids (mjlog ``AGARI yaku``/``yakuman``), index = id
TENHOU_YAKU_IDS: tuple[Yaku, ...] = (
    Yaku.MENZEN_TSUMO,
    Yaku.RIICHI,
    Yaku.IPPATSU,
    Yaku.CHANKAN,
    Yaku.RINSHAN,
    Yaku.HAITEI,
    Yaku.HOUTEI,
    Yaku.PINFU,
    Yaku.TANYAO,
    Yaku.IIPEIKOU,
    Yaku.JIKAZE_EAST,
    Yaku.JIKAZE_SOUTH,
    Yaku.JIKAZE_WEST,
    Yaku.JIKAZE_NORTH,
    Yaku.BAKAZE_EAST,
    Yaku.BAKAZE_SOUTH,
    Yaku.BAKAZE_WEST,
    Yaku.BAKAZE_NORTH,
    Yaku.HAKU,
    Yaku.HATSU,
    Yaku.CHUN,
    Yaku.DOUBLE_RIICHI,
    Yaku.CHIITOITSU,
    Yaku.CHANTA,
    Yaku.ITTSU,
    Yaku.SANSHOKU,
    Yaku.SANSHOKU_DOUKOU,
    Yaku.SANKANTSU,
    Yaku.TOITOI,
    Yaku.SANANKOU,
    Yaku.SHOUSANGEN,
    Yaku.HONROUTOU,
    Yaku.RYANPEIKOU,
    Yaku.JUNCHAN,
    Yaku.HONITSU,
    Yaku.CHINITSU,
    Yaku.RENHOU,
    Yaku.TENHOU,
    Yaku.CHIIHOU,
    Yaku.DAISANGEN,
    Yaku.SUUANKOU,
    Yaku.SUUANKOU_TANKI,
    Yaku.TSUUIISOU,
    Yaku.RYUUIISOU,
    Yaku.CHINROUTOU,
    Yaku.CHUUREN,
    Yaku.JUNSEI_CHUUREN,
    Yaku.KOKUSHI,
    Yaku.KOKUSHI_13,
    Yaku.DAISUUSHII,
    Yaku.SHOUSUUSHII,
    Yaku.SUUKANTSU,
    Yaku.DORA,
    Yaku.URA_DORA,
    Yaku.AKA_DORA,
)

#: the wind yaku by wind (0 = East): for records whose name says "seat wind" or "round wind" but
#: not which (Mahjong Soul's ``役牌:自風牌``, gimite's mjai ``jikaze``): the hand gives the wind
SEAT_WIND_YAKU = (Yaku.JIKAZE_EAST, Yaku.JIKAZE_SOUTH, Yaku.JIKAZE_WEST, Yaku.JIKAZE_NORTH)
ROUND_WIND_YAKU = (Yaku.BAKAZE_EAST, Yaku.BAKAZE_SOUTH, Yaku.BAKAZE_WEST, Yaku.BAKAZE_NORTH)


def wind_yaku(kind: str, round_wind: int | None, seat_wind: int | None) -> str | None:
    """``jikaze`` / ``bakaze`` (a wind yaku that names no wind) as the hand's wind's yaku."""
    wind, table = (seat_wind, SEAT_WIND_YAKU) if kind == "jikaze" else (round_wind, ROUND_WIND_YAKU)
    return table[wind].value if wind is not None and 0 <= wind < 4 else None

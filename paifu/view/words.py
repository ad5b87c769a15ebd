"""What the result panel calls yaku, limits and draws: in Japanese, as Tenhou and Mahjong Soul show
them, and in English (the viewer's switch). The Japanese names are the ones our tenhou.net/6 reader
reads (``YAKU_NAMES``), the first of each, so the two never disagree."""

from __future__ import annotations

from functools import lru_cache

from paifu.draws import spelled
from paifu.yaku import Yaku

LIMIT_JA = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満"}
#: drawn hands by ``RyuukyokuKind`` value (the abortive draws' names: ``paifu.draws``)
DRAW_JA = {
    "exhaustive": "流局",
    "nagashi_mangan": "流し満貫",
    **{kind.value: word for kind, word in spelled("ja").items()},
}
DRAW_EN = {
    "exhaustive": "exhaustive draw",
    "nagashi_mangan": "nagashi mangan",
    **{kind.value: word for kind, word in spelled("en").items()},
}
YAKU_EN = {
    "menzen-tsumo": "fully concealed tsumo",
    "riichi": "riichi",
    "ippatsu": "ippatsu",
    "chankan": "robbing a kan",
    "rinshan": "after a kan",
    "haitei": "last tile draw",
    "houtei": "last tile discard",
    "pinfu": "pinfu",
    "tanyao": "all simples",
    "iipeikou": "pure double run",
    "double-riichi": "double riichi",
    "chiitoitsu": "seven pairs",
    "chanta": "outside hand",
    "ittsu": "pure straight",
    "sanshoku": "mixed triple run",
    "sanshoku-doukou": "triple triplets",
    "sankantsu": "three kans",
    "toitoi": "all triplets",
    "sanankou": "three concealed triplets",
    "shousangen": "little three dragons",
    "honroutou": "all terminals and honours",
    "ryanpeikou": "twice pure double run",
    "junchan": "terminals in all sets",
    "honitsu": "half flush",
    "chinitsu": "full flush",
    "kokushi": "thirteen orphans",
    "kokushi-13": "thirteen orphans, 13 waits",
    "dora": "dora",
    "ura-dora": "ura dora",
    "aka-dora": "red fives",
    "kita": "north dora",
}


@lru_cache(maxsize=1)
def _japanese() -> dict[str, str]:
    from paifu.formats.tenhou_json.names import YAKU_NAMES

    out: dict[str, str] = {}
    for name, yaku in YAKU_NAMES.items():
        if not name.isascii():
            out.setdefault(yaku.value, name)
    return out


def yaku_ja(name: str) -> str:
    return _japanese().get(name, name)


def yaku_en(name: str) -> str:
    if name in YAKU_EN:
        return YAKU_EN[name]
    known = {y.value for y in Yaku}
    return name.replace("-", " ") if name in known else name


#: the honours as players name them (5z haku, 6z hatsu, 7z chun), in Japanese and English
HONOURS_JA = "東南西北白發中"
HONOURS_EN = ("East", "South", "West", "North", "Haku", "Hatsu", "Chun")


def tile_ja(tile: str) -> str:
    """A tile as a Japanese player writes it: ``5m``, ``赤5p`` (a red five), ``中`` (7z)."""
    n, suit = tile[0], tile[1:]
    if suit == "z" and n.isdigit() and 1 <= int(n) <= 7:
        return HONOURS_JA[int(n) - 1]
    return f"赤5{suit}" if n == "0" else tile


def tile_en(tile: str) -> str:
    """A tile as an English-speaking player writes it: ``5m``, ``red 5p``, ``Chun`` (7z)."""
    n, suit = tile[0], tile[1:]
    if suit == "z" and n.isdigit() and 1 <= int(n) <= 7:
        return HONOURS_EN[int(n) - 1]
    return f"red 5{suit}" if n == "0" else tile

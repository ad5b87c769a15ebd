"""電脳麻将's words: tiles (``m1``..``z7``, ``m0`` red), hand strings, meld strings, draw names."""

from __future__ import annotations

import re

from paifu.draws import spelled
from paifu.events import CallKind, Meld, RyuukyokuKind
from paifu.formats.tenhou_json.names import DRAW_NAMES
from paifu.tiles import canonical_id, is_red

FORMAT = "majiang"
_SUITS = "mpsz"
#: draw names: tenhou.net/6's (which kobalab's tenhou-log converter also writes: ``流局``, ``三家和了``),
#: plus 電脳麻将's own words for an exhaustive draw
_PINGJU = {
    **DRAW_NAMES,
    "荒牌平局": RyuukyokuKind.EXHAUSTIVE,
    "荒牌流局": RyuukyokuKind.EXHAUSTIVE,
}
#: what the writer names each drawn hand (``Majiang.Game``'s words; the abortive draws: ``paifu.draws``)
_PINGJU_WRITE = {
    RyuukyokuKind.EXHAUSTIVE: "荒牌平局",
    RyuukyokuKind.NAGASHI_MANGAN: "流し満貫",
    **spelled(FORMAT),
}
#: the paipu entry each call is written as (``fulou`` on a discard, ``gang`` in turn); no kita:
#: 電脳麻将 plays four-player only
CALL_KEYS = {
    CallKind.CHI: "fulou",
    CallKind.PON: "fulou",
    CallKind.DAIMINKAN: "fulou",
    CallKind.ANKAN: "gang",
    CallKind.KAKAN: "gang",
}
_MARK_OFFSET = {"+": 1, "=": 2, "-": 3}
_TILE = re.compile(r"^([mpsz])([0-9])")


def pai_to_tile(p: str) -> int:
    """``m1``..``z7``, ``m0`` red (suffixes already removed) -> canonical tile id."""
    if type(p) is str:
        tile = _PAI.get(p)
        if tile is not None:
            return tile
    return _pai_to_tile(p)


def _pai_to_tile(p: str) -> int:
    """``pai_to_tile`` worked out (or refused, naming the string)."""
    m = re.fullmatch(r"([mpsz])([0-9])", p)
    if not m:
        raise ValueError(f"tile {p!r} is not a 電脳麻将 tile")
    suit, d = _SUITS.index(m[1]), int(m[2])
    if suit == 3:
        if not 1 <= d <= 7:
            raise ValueError(f"tile {p!r}: honours are z1..z7")
        return canonical_id(27 + d - 1)
    if d == 0:
        return canonical_id(suit * 9 + 4, True)
    return canonical_id(suit * 9 + d - 1)


#: every tile string -> its id, worked out once
_PAI = {
    p: _pai_to_tile(p)
    for p in [*(f"{s}{d}" for s in "mps" for d in range(10)), *(f"z{d}" for d in range(1, 8))]
}


def tile_to_pai(tile: int, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    k = tile >> 2
    if k >= 27:
        return f"z{k - 26}"
    return f"{'mps'[k // 9]}{0 if is_red(tile, red) else k % 9 + 1}"


def parse_shoupai(text: str) -> tuple[list[int], list[str]]:
    """A hand string -> (concealed tile ids, meld strings); ``_`` hidden tiles are refused."""
    if not isinstance(text, str):
        raise ValueError(f"hand {text!r} is not a 電脳麻将 hand string")
    parts = text.split(",")
    head = parts[0].replace("*", "")
    tiles: list[int] = []
    suit = None
    for ch in head:
        if ch in _SUITS:
            suit = ch
        elif ch.isdigit() and suit is not None:
            tiles.append(pai_to_tile(suit + ch))
        elif ch == "_":
            raise ValueError(f"hand {text!r} has hidden tiles")
        else:
            raise ValueError(f"hand {text!r} is not a 電脳麻将 hand string")
    return tiles, [p for p in parts[1:] if p]


def parse_meld(m: str, seat: int, n: int = 4) -> Meld:
    """A meld string (``m7-89``, ``z444=``, ``s5505+``, ``m333-3``, ``m9999``) for the caller ``seat``."""
    if not m or m[0] not in _SUITS:
        raise ValueError(f"meld {m!r} has no suit")
    suit = m[0]
    body = m[1:]
    mark_pos = next((i for i, ch in enumerate(body) if ch in _MARK_OFFSET), None)
    if sum(ch in _MARK_OFFSET for ch in body) > 1:
        raise ValueError(f"meld {m!r} names more than one player it called from")
    digits = [ch for ch in body if ch.isdigit()]
    tiles = [pai_to_tile(suit + d) for d in digits]
    if not all(ch.isdigit() or ch in _MARK_OFFSET for ch in body):
        raise ValueError(f"meld {m!r} has unknown characters")
    if mark_pos is None:
        if len(tiles) != 4:
            raise ValueError(f"meld {m!r}: a closed kan needs four tiles")
        return Meld(CallKind.ANKAN, tuple(tiles))
    called = pai_to_tile(suit + body[mark_pos - 1])
    frm = (seat + _MARK_OFFSET[body[mark_pos]]) % n
    before = sum(ch.isdigit() for ch in body[:mark_pos])
    same = len({t >> 2 for t in tiles}) == 1
    if len(tiles) == 3 and not same:
        return Meld(CallKind.CHI, tuple(tiles), called, frm)
    if len(tiles) == 3:
        return Meld(CallKind.PON, tuple(tiles), called, frm)
    if len(tiles) == 4 and before == 4 or (len(tiles) == 4 and mark_pos == len(body) - 1):
        return Meld(CallKind.DAIMINKAN, tuple(tiles), called, frm)
    if len(tiles) == 4:  # kakan: the pon, its mark, then the added tile
        return Meld(CallKind.KAKAN, tuple(tiles), called, frm)
    raise ValueError(f"meld {m!r} is not a chi, pon or kan")


#: 電脳麻将's own yaku names, in the order its engine (majiang-core ``lib/hule.js``) lists them in a
#: ``hupai``: what kobalab's replay writes, so a paipu we write equals the one it makes of the same game
HUPAI_ORDER: tuple[tuple[str, str], ...] = (
    ("riichi", "立直"),
    ("double-riichi", "ダブル立直"),
    ("ippatsu", "一発"),
    ("haitei", "海底摸月"),
    ("houtei", "河底撈魚"),
    ("rinshan", "嶺上開花"),
    ("chankan", "槍槓"),
    ("tenhou", "天和"),
    ("chiihou", "地和"),
    ("menzen-tsumo", "門前清自摸和"),
    ("bakaze-east", "場風 東"),
    ("bakaze-south", "場風 南"),
    ("bakaze-west", "場風 西"),
    ("bakaze-north", "場風 北"),
    ("jikaze-east", "自風 東"),
    ("jikaze-south", "自風 南"),
    ("jikaze-west", "自風 西"),
    ("jikaze-north", "自風 北"),
    ("yakuhai-haku", "翻牌 白"),
    ("yakuhai-hatsu", "翻牌 發"),
    ("yakuhai-chun", "翻牌 中"),
    ("pinfu", "平和"),
    ("tanyao", "断幺九"),
    ("iipeikou", "一盃口"),
    ("sanshoku", "三色同順"),
    ("ittsu", "一気通貫"),
    ("chanta", "混全帯幺九"),
    ("chiitoitsu", "七対子"),
    ("toitoi", "対々和"),
    ("sanankou", "三暗刻"),
    ("sankantsu", "三槓子"),
    ("sanshoku-doukou", "三色同刻"),
    ("honroutou", "混老頭"),
    ("shousangen", "小三元"),
    ("honitsu", "混一色"),
    ("junchan", "純全帯幺九"),
    ("ryanpeikou", "二盃口"),
    ("chinitsu", "清一色"),
    ("kokushi-13", "国士無双十三面"),
    ("kokushi", "国士無双"),
    ("suuankou-tanki", "四暗刻単騎"),
    ("suuankou", "四暗刻"),
    ("daisangen", "大三元"),
    ("daisuushii", "大四喜"),
    ("shousuushii", "小四喜"),
    ("tsuuiisou", "字一色"),
    ("ryuuiisou", "緑一色"),
    ("chinroutou", "清老頭"),
    ("suukantsu", "四槓子"),
    ("junsei-chuuren", "純正九蓮宝燈"),
    ("chuuren", "九蓮宝燈"),
    ("dora", "ドラ"),
    ("aka-dora", "赤ドラ"),
    ("ura-dora", "裏ドラ"),
)
HUPAI_NAME = dict(HUPAI_ORDER)
HUPAI_RANK = {y: i for i, (y, _) in enumerate(HUPAI_ORDER)}

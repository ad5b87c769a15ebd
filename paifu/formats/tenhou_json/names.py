"""tenhou.net/6 vocabulary: yaku, limit and draw names, tile codes, score texts, and Tenhou's
table names as ``disp`` writes them (``鳳南喰赤``), shared with the 電脳麻将 reader and writer."""

from __future__ import annotations

import re

from paifu.draws import spelled
from paifu.events import CallKind, ClaimedYaku, RyuukyokuKind
from paifu.tiles import FIVE_KINDS, canonical_id, is_red
from paifu.yaku import YAKUMAN, Yaku, wind_yaku

FORMAT = "tenhou-json"
_UNSET = object()

# ---------------------------------------------------------------- names shared with 電脳麻将

#: Japanese (Tenhou / 電脳麻将 / Mahjong Soul) and English yaku names -> our vocabulary
YAKU_NAMES: dict[str, Yaku] = {
    "門前清自摸和": Yaku.MENZEN_TSUMO,
    "立直": Yaku.RIICHI,
    "一発": Yaku.IPPATSU,
    "槍槓": Yaku.CHANKAN,
    "嶺上開花": Yaku.RINSHAN,
    "海底摸月": Yaku.HAITEI,
    "河底撈魚": Yaku.HOUTEI,
    "平和": Yaku.PINFU,
    "断幺九": Yaku.TANYAO,
    "一盃口": Yaku.IIPEIKOU,
    "自風 東": Yaku.JIKAZE_EAST,
    "自風 南": Yaku.JIKAZE_SOUTH,
    "自風 西": Yaku.JIKAZE_WEST,
    "自風 北": Yaku.JIKAZE_NORTH,
    "場風 東": Yaku.BAKAZE_EAST,
    "場風 南": Yaku.BAKAZE_SOUTH,
    "場風 西": Yaku.BAKAZE_WEST,
    "場風 北": Yaku.BAKAZE_NORTH,
    "役牌 白": Yaku.HAKU,
    "役牌 發": Yaku.HATSU,
    "役牌 中": Yaku.CHUN,
    "翻牌 白": Yaku.HAKU,
    "翻牌 發": Yaku.HATSU,
    "翻牌 中": Yaku.CHUN,
    "役牌 北": Yaku.KITA_YAKUHAI,
    "両立直": Yaku.DOUBLE_RIICHI,
    "ダブル立直": Yaku.DOUBLE_RIICHI,
    "七対子": Yaku.CHIITOITSU,
    "混全帯幺九": Yaku.CHANTA,
    "一気通貫": Yaku.ITTSU,
    "三色同順": Yaku.SANSHOKU,
    "三色同刻": Yaku.SANSHOKU_DOUKOU,
    "三槓子": Yaku.SANKANTSU,
    "対々和": Yaku.TOITOI,
    "三暗刻": Yaku.SANANKOU,
    "小三元": Yaku.SHOUSANGEN,
    "混老頭": Yaku.HONROUTOU,
    "二盃口": Yaku.RYANPEIKOU,
    "純全帯幺九": Yaku.JUNCHAN,
    "混一色": Yaku.HONITSU,
    "清一色": Yaku.CHINITSU,
    "人和": Yaku.RENHOU,
    "天和": Yaku.TENHOU,
    "地和": Yaku.CHIIHOU,
    "大三元": Yaku.DAISANGEN,
    "四暗刻": Yaku.SUUANKOU,
    "四暗刻単騎": Yaku.SUUANKOU_TANKI,
    "四暗刻単騎待ち": Yaku.SUUANKOU_TANKI,
    "字一色": Yaku.TSUUIISOU,
    "緑一色": Yaku.RYUUIISOU,
    "清老頭": Yaku.CHINROUTOU,
    "九蓮宝燈": Yaku.CHUUREN,
    "純正九蓮宝燈": Yaku.JUNSEI_CHUUREN,
    "国士無双": Yaku.KOKUSHI,
    "国士無双１３面": Yaku.KOKUSHI_13,
    "国士無双13面": Yaku.KOKUSHI_13,
    "国士無双十三面": Yaku.KOKUSHI_13,
    "大四喜": Yaku.DAISUUSHII,
    "小四喜": Yaku.SHOUSUUSHII,
    "四槓子": Yaku.SUUKANTSU,
    "流し満貫": Yaku.NAGASHI_MANGAN,
    "ドラ": Yaku.DORA,
    "裏ドラ": Yaku.URA_DORA,
    "赤ドラ": Yaku.AKA_DORA,
    "抜きドラ": Yaku.KITA,
    "北ドラ": Yaku.KITA,
    # English spellings seen in converted logs
    "Riichi": Yaku.RIICHI,
    "Dora": Yaku.DORA,
    "Ura Dora": Yaku.URA_DORA,
    "Red Five": Yaku.AKA_DORA,
    "Fully Concealed Hand": Yaku.MENZEN_TSUMO,
    "Ippatsu": Yaku.IPPATSU,
    "Pinfu": Yaku.PINFU,
    "All Simples": Yaku.TANYAO,
    "Tanyao": Yaku.TANYAO,
    # Mahjong Soul's own names, Japanese (``name_jp``) and English (``name_en``), as tensoul writes
    # them (Equim-chan/tensoul data.json ``fan.fan.map_``, read by convert.js ``parsehule``)
    "国士無双十三面待ち": Yaku.KOKUSHI_13,
    "Robbing a Kan": Yaku.CHANKAN,
    "After a Kan": Yaku.RINSHAN,
    "Under the Sea": Yaku.HAITEI,
    "Under the River": Yaku.HOUTEI,
    "White Dragon": Yaku.HAKU,
    "Green Dragon": Yaku.HATSU,
    "Red Dragon": Yaku.CHUN,
    "Pure Double Sequence": Yaku.IIPEIKOU,
    "Half Outside Hand": Yaku.CHANTA,
    "Pure Straight": Yaku.ITTSU,
    "Mixed Triple Sequence": Yaku.SANSHOKU,
    "Double Riichi": Yaku.DOUBLE_RIICHI,
    "Triple Triplets": Yaku.SANSHOKU_DOUKOU,
    "Three Quads": Yaku.SANKANTSU,
    "All Triplets": Yaku.TOITOI,
    "Three Concealed Triplets": Yaku.SANANKOU,
    "Little Three Dragons": Yaku.SHOUSANGEN,
    "All Terminals and Honors": Yaku.HONROUTOU,
    "Seven Pairs": Yaku.CHIITOITSU,
    "Fully Outside Hand": Yaku.JUNCHAN,
    "Half Flush": Yaku.HONITSU,
    "Twice Pure Double Sequence": Yaku.RYANPEIKOU,
    "Full Flush": Yaku.CHINITSU,
    "Kita": Yaku.KITA,
    "Blessing of Heaven": Yaku.TENHOU,
    "Blessing of Earth": Yaku.CHIIHOU,
    "Hand of Man": Yaku.RENHOU,
    "Big Three Dragons": Yaku.DAISANGEN,
    "Four Concealed Triplets": Yaku.SUUANKOU,
    "Single-wait Four Concealed Triplets": Yaku.SUUANKOU_TANKI,
    "All Honors": Yaku.TSUUIISOU,
    "All Green": Yaku.RYUUIISOU,
    "All Terminals": Yaku.CHINROUTOU,
    "Nine Gates": Yaku.CHUUREN,
    "True Nine Gates": Yaku.JUNSEI_CHUUREN,
    "Thirteen Orphans": Yaku.KOKUSHI,
    "Thirteen-wait Thirteen Orphans": Yaku.KOKUSHI_13,
    "Four Big Winds": Yaku.DAISUUSHII,
    "Four Little Winds": Yaku.SHOUSUUSHII,
    "Four Quads": Yaku.SUUKANTSU,
}
#: Mahjong Soul's wind yaku name no wind (tensoul writes ``役牌:自風牌`` / ``役牌:場風牌``, in English
#: ``Seat Wind`` / ``Prevalent Wind``): the hand says which wind
WIND_YAKU_NAMES = {
    "役牌:自風牌": "jikaze",
    "Seat Wind": "jikaze",
    "役牌:場風牌": "bakaze",
    "Prevalent Wind": "bakaze",
}
#: the names we write (Tenhou's own)
YAKU_JA: dict[Yaku, str] = {}
for _name, _y in YAKU_NAMES.items():
    YAKU_JA.setdefault(_y, _name)


def yaku_from_name(name: str, round_wind: int | None = None, seat_wind: int | None = None) -> str:
    """Our name for a record's yaku name; a wind yaku that names no wind takes the hand's winds
    (``round_wind``, ``seat_wind``: 0 = East), or stays unknown where the caller knows none."""
    key = name.strip()
    y = YAKU_NAMES.get(key)
    if y is not None:
        return y.value
    generic = WIND_YAKU_NAMES.get(key)
    if generic is not None:
        return wind_yaku(generic, round_wind, seat_wind) or f"unknown:{name}"
    return f"unknown:{name}"


# ---------------------------------------------------------------- tiles


def code_to_tile(code: object) -> int:
    """A tenhou.net/6 tile code (11..47, 51..53) -> our canonical tile id."""
    if type(code) is int:
        tile = _CODE_TILE.get(code)
        if tile is not None:
            return tile
    return _code_to_tile(code)


def _code_to_tile(code: object) -> int:
    """``code_to_tile`` worked out (or refused, naming the code)."""
    if isinstance(code, str) and code.isdigit():
        code = int(code)
    if not isinstance(code, int) or isinstance(code, bool):
        raise ValueError(f"tile code {code!r} is not a number")
    if 51 <= code <= 53:
        return canonical_id(FIVE_KINDS[code - 51], True)
    suit, num = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= num <= 9:
        return canonical_id((suit - 1) * 9 + num - 1)
    if suit == 4 and 1 <= num <= 7:
        return canonical_id(26 + num)
    raise ValueError(f"tile code {code!r} is not a tile")


#: every tile code -> its id, worked out once
_CODE_TILE = {
    c: _code_to_tile(c) for c in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53]
}


def tile_to_code(tile: int, red: tuple[int, int, int]) -> int:
    k = tile >> 2
    if is_red(tile, red):
        return 51 + FIVE_KINDS.index(k)
    if k < 27:
        return (k // 9 + 1) * 10 + k % 9 + 1
    return 41 + k - 27


def _tile_key(tile: int) -> tuple[int, bool]:
    """Kind and colour under the usual one-red-per-suit ids (readers make canonical ids)."""
    return tile >> 2, (tile >> 2) in FIVE_KINDS and tile & 3 == 0


# ---------------------------------------------------------------- result texts

#: ``[fu符han飜][limit]points点[∀]``: Tenhou's own text, and tensoul's other spellings (convert.js
#: ``RUNES``: English limits with a trailing space, ``Mangan 2000-4000点``; ``Fu``/``Han`` units; with
#: its ``SHOWFU`` both the fu and han and the limit)
_SCORE_TEXT = re.compile(
    r"^(?:(?P<fu>\d+) ?(?:符|Fu) ?(?P<han>\d+) ?(?:飜|Han) ?)?"
    r"(?:(?P<lim>満貫|跳満|倍満|三倍満|数え役満|役満|切り上げ満貫|[0-9]*倍役満|(?:Kazoe |Counted )?Yakuman"
    r"|Sanbaiman|Baiman|Haneman|(?:Kiriage |Rounded )?Mangan) ?)?"
    r"(?P<a>\d+)(?:-(?P<b>\d+))?点(?P<all>∀)?$"
)
_LIMITS = {
    "満貫": "mangan",
    "切り上げ満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "数え役満": "yakuman",
    "役満": "yakuman",
    "Mangan": "mangan",
    "Kiriage Mangan": "mangan",
    "Rounded Mangan": "mangan",
    "Haneman": "haneman",
    "Baiman": "baiman",
    "Sanbaiman": "sanbaiman",
}


def limit_name(lim: str) -> str:
    """Our limit name for a score text's limit word (any yakuman word is ``yakuman``)."""
    return "yakuman" if "役満" in lim or "Yakuman" in lim else _LIMITS[lim]


_YAKU_TEXT = re.compile(r"^(?P<name>.*?)\((?P<val>[^()]*)\)$")
#: draw names: tenhou.net/6's, and 電脳麻将's spelling of the abortive draws that kobalab's converter
#: writes into tenhou.net/6 (``四開槓``, ``三家和``), from the table of abortive draws (``paifu.draws``)
DRAW_NAMES = {
    "流局": RyuukyokuKind.EXHAUSTIVE,
    "全員聴牌": RyuukyokuKind.EXHAUSTIVE,
    "全員不聴": RyuukyokuKind.EXHAUSTIVE,
    "流し満貫": RyuukyokuKind.NAGASHI_MANGAN,
    **{name: kind for fmt in (FORMAT, "majiang") for kind, name in spelled(fmt).items()},
    # three players: the abortive draw of as many winds, as many riichi
    "三風連打": RyuukyokuKind.FOUR_WINDS,
    "三家立直": RyuukyokuKind.FOUR_RIICHI,
    # tensoul's romaji and English draw names (convert.js ``RUNES``, tensoul-py-ng constants.py)
    "Ryuukyoku": RyuukyokuKind.EXHAUSTIVE,
    "Exhaustive Draw": RyuukyokuKind.EXHAUSTIVE,
    "All tempai": RyuukyokuKind.EXHAUSTIVE,
    "All noten": RyuukyokuKind.EXHAUSTIVE,
    "Nagashi Mangan": RyuukyokuKind.NAGASHI_MANGAN,
    "Mangan at Draw": RyuukyokuKind.NAGASHI_MANGAN,
    "Suukaikan": RyuukyokuKind.FOUR_KANS,
    "Four Kan Abortion": RyuukyokuKind.FOUR_KANS,
    "Sanchahou": RyuukyokuKind.TRIPLE_RON,
    "Three Ron Abortion": RyuukyokuKind.TRIPLE_RON,
    "Kyuushu Kyuuhai": RyuukyokuKind.NINE_TERMINALS,
    "Nine Terminal Abortion": RyuukyokuKind.NINE_TERMINALS,
    "Suufon Renda": RyuukyokuKind.FOUR_WINDS,
    "Four Wind Abortion": RyuukyokuKind.FOUR_WINDS,
    "Suucha Riichi": RyuukyokuKind.FOUR_RIICHI,
    "Four Riichi Abortion": RyuukyokuKind.FOUR_RIICHI,
}
#: the letter a call string carries (``c``hi, ``p``on, open kan ``m``, added ``k``an, closed kan ``a``,
#: kita ``f``), as Tenhou's tenhou.net/6 writes them
CALL_LETTERS = {
    CallKind.CHI: "c",
    CallKind.PON: "p",
    CallKind.DAIMINKAN: "m",
    CallKind.KAKAN: "k",
    CallKind.ANKAN: "a",
    CallKind.KITA: "f",
}
#: what the writer names each drawn hand (the abortive draws: ``paifu.draws``)
_DRAW_WRITE = {
    RyuukyokuKind.EXHAUSTIVE: "流局",
    RyuukyokuKind.NAGASHI_MANGAN: "流し満貫",
    **spelled(FORMAT),
}


#: Tenhou's table names as ``disp`` writes them ("鳳南喰赤", "三般東喰赤祝"): character -> GO type bit
_LOBBY_BITS = {"般": 0x00, "上": 0x80, "特": 0x20, "鳳": 0xA0}
_DISP_BITS = {"南": 0x08, "三": 0x10, "速": 0x40, "祝": 0x200, "光": 0x1000}


def disp_go_type(disp: str) -> int | None:
    """The GO type a Tenhou ``disp`` names (None for other platforms' names)."""
    lobby = next((c for c in disp if c in _LOBBY_BITS), None)
    if lobby is None or "の間" in disp:
        return None
    go = 0x01 | _LOBBY_BITS[lobby]
    for ch, bit in _DISP_BITS.items():
        if ch in disp:
            go |= bit
    if "喰" not in disp:
        go |= 0x04
    if "赤" not in disp:
        go |= 0x02
    if "－" in disp:  # kobalab's tenhou-log marks a table without the human bit (a demo game)
        go &= ~0x01
    return go


def go_type_disp(go: int) -> str:
    """``disp`` for a GO type: the inverse of ``disp_go_type`` on the bits a name can say."""
    lobby = next(c for c, bit in sorted(_LOBBY_BITS.items(), key=lambda kv: -kv[1]) if go & 0xA0 == bit)
    return (
        ("三" if go & 0x10 else "")
        + lobby
        + ("南" if go & 0x08 else "東")
        + ("喰" if not go & 0x04 else "")
        + ("赤" if not go & 0x02 else "")
        + ("速" if go & 0x40 else "")
        + ("祝" if go & 0x200 else "")
    )


#: a Mahjong Soul game id: date (YYMMDD) then a UUID
_MAJSOUL_REF = re.compile(r"^\d{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def _yaku_text(y: ClaimedYaku) -> str:
    """``name(N飜)``, or ``name(役満)`` for a yakuman (13 han per multiple)."""
    try:
        name = YAKU_JA[Yaku(y.name)]
    except ValueError:
        name = y.name.removeprefix("unknown:")
    if y.name in {v.value for v in _YAKUMAN_NAMES} and y.han >= 13:
        return f"{name}(ダブル役満)" if y.han >= 26 else f"{name}(役満)"
    return f"{name}({y.han}飜)"


_YAKUMAN_NAMES = YAKUMAN | {Yaku.RENHOU}  # renhou is a yakuman where the table says so

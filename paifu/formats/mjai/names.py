"""mjai's words: tiles (``5mr``, ``E``), the draw reasons and yaku names of each producer, seats."""

from __future__ import annotations

from paifu.draws import spelled
from paifu.events import CallKind, RyuukyokuKind
from paifu.tiles import FIVE_KINDS, canonical_id, is_red

FORMAT = "mjai"
_HONORS = "ESWNPFC"
_WINDS = "ESWN"
_IGNORED = {"hello", "join", "none", "error", "end_kyoku", "skip", "pass"}
#: events that are a seat's own action, so must name the seat
_ACTOR_EVENTS = frozenset(
    {
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kan",
        "kakan",
        "ankan",
        "kita",
        "nukidora",
        "reach",
        "reach_accepted",
        "hora",
    }
)
#: draw reasons as producers spell them, compared lower-case without "_", "-" or spaces:
#: gimite's mjai (fanpai, kyushukyuhai ...), Mortal/akochan, and riichienv (exhaustive_draw,
#: kyushu_kyuhai, sufuurenta, suucha_riichi, suukansansen ...); any other word is inferred
_REASONS = {
    "fanpai": RyuukyokuKind.EXHAUSTIVE,
    "howanpai": RyuukyokuKind.EXHAUSTIVE,
    "exhaustivedraw": RyuukyokuKind.EXHAUSTIVE,
    "exhaustive": RyuukyokuKind.EXHAUSTIVE,
    "ryuukyoku": RyuukyokuKind.EXHAUSTIVE,
    "ryukyoku": RyuukyokuKind.EXHAUSTIVE,
    "kyushukyuhai": RyuukyokuKind.NINE_TERMINALS,
    "kyuushukyuuhai": RyuukyokuKind.NINE_TERMINALS,
    "kyuushuukyuuhai": RyuukyokuKind.NINE_TERMINALS,
    "nineterminals": RyuukyokuKind.NINE_TERMINALS,
    "sufonrenta": RyuukyokuKind.FOUR_WINDS,
    "suufonrenda": RyuukyokuKind.FOUR_WINDS,
    "sufuurenta": RyuukyokuKind.FOUR_WINDS,
    "suufuurenda": RyuukyokuKind.FOUR_WINDS,
    "suufuurenta": RyuukyokuKind.FOUR_WINDS,
    "fourwinds": RyuukyokuKind.FOUR_WINDS,
    "sanfuurenta": RyuukyokuKind.FOUR_WINDS,
    "threewinds": RyuukyokuKind.FOUR_WINDS,
    "suchareach": RyuukyokuKind.FOUR_RIICHI,
    "suuchariichi": RyuukyokuKind.FOUR_RIICHI,
    "suucharichi": RyuukyokuKind.FOUR_RIICHI,
    "fourriichi": RyuukyokuKind.FOUR_RIICHI,
    "suurechi": RyuukyokuKind.FOUR_RIICHI,
    "suureachi": RyuukyokuKind.FOUR_RIICHI,
    "sanchaho": RyuukyokuKind.TRIPLE_RON,
    "sanchahou": RyuukyokuKind.TRIPLE_RON,
    "sanchahoo": RyuukyokuKind.TRIPLE_RON,
    "tripleron": RyuukyokuKind.TRIPLE_RON,
    "sukaikan": RyuukyokuKind.FOUR_KANS,
    "suukaikan": RyuukyokuKind.FOUR_KANS,
    "suukansansen": RyuukyokuKind.FOUR_KANS,
    "sukansanra": RyuukyokuKind.FOUR_KANS,
    "suukansanra": RyuukyokuKind.FOUR_KANS,
    "fourkans": RyuukyokuKind.FOUR_KANS,
    "nagashimangan": RyuukyokuKind.NAGASHI_MANGAN,
}


def _reason_key(reason: str) -> str:
    return "".join(c for c in reason.lower() if c not in "_- ")


#: the event type of each call, as Mortal's mjai (libriichi) writes it
CALL_TYPES = {
    CallKind.CHI: "chi",
    CallKind.PON: "pon",
    CallKind.DAIMINKAN: "daiminkan",
    CallKind.KAKAN: "kakan",
    CallKind.ANKAN: "ankan",
    CallKind.KITA: "kita",
}
#: the reason the writer gives each drawn hand (the abortive draws: ``paifu.draws``)
_REASON_WRITE = {
    RyuukyokuKind.EXHAUSTIVE: "fanpai",
    **spelled(FORMAT),
    RyuukyokuKind.NAGASHI_MANGAN: "nagashimangan",
}


def pai_to_tile(pai: object) -> int:
    """An mjai tile string (``5mr``, ``E``, ``P``...) -> canonical tile id."""
    if type(pai) is str:
        tile = _PAI.get(pai)
        if tile is not None:
            return tile
    return _pai_to_tile(pai)


def _pai_to_tile(pai: object) -> int:
    """``pai_to_tile`` worked out (or refused, naming the string)."""
    if not isinstance(pai, str):
        raise ValueError(f"tile {pai!r} is not a string")
    if len(pai) == 1 and pai in _HONORS:
        return canonical_id(27 + _HONORS.index(pai))
    red = pai.endswith("r")
    body = pai[:-1] if red else pai
    if len(body) == 2 and body[0] in "123456789" and body[1] in "mps":
        k = "mps".index(body[1]) * 9 + int(body[0]) - 1
        if red and k not in FIVE_KINDS:
            raise ValueError(f"tile {pai!r}: only fives can be red")
        return canonical_id(k, red)
    raise ValueError(f"tile {pai!r} is not an mjai tile")


#: every tile string -> its id, worked out once
_PAI = {
    p: _pai_to_tile(p)
    for p in [*_HONORS, *(f"{d}{s}" for s in "mps" for d in "123456789"), "5mr", "5pr", "5sr"]
}


def tile_to_pai(tile: int, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    k = tile >> 2
    if k >= 27:
        return _HONORS[k - 27]
    s = f"{k % 9 + 1}{'mps'[k // 9]}"
    return s + "r" if is_red(tile, red) else s


#: gimite's mjai server's yaku names (gimite/mjai lib/mjai/hora.rb ``add_yaku``; its logs, e.g. the
#: self-play log in Apricot-S/mjai-manue-go docs/, write them); ``jikaze``, ``bakaze`` and
#: ``sangenpai`` name no tile: ``_yaku_name`` and the hora reader give them the hand's
_GIMITE_YAKU = {
    "menzenchin_tsumoho": "menzen-tsumo",
    "reach": "riichi",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshankaiho": "rinshan",
    "haiteiraoyue": "haitei",
    "hoteiraoyui": "houtei",
    "pinfu": "pinfu",
    "tanyaochu": "tanyao",
    "ipeko": "iipeikou",
    "double_reach": "double-riichi",
    "chitoitsu": "chiitoitsu",
    "chanta": "chanta",
    "honchantaiyao": "chanta",
    "junchantaiyao": "junchan",
    "renho": "renhou",
    "ikkitsukan": "ittsu",
    "sanshokudojun": "sanshoku",
    "sanshokudoko": "sanshoku-doukou",
    "sankantsu": "sankantsu",
    "toitoiho": "toitoi",
    "sananko": "sanankou",
    "shosangen": "shousangen",
    "honroto": "honroutou",
    "ryanpeko": "ryanpeikou",
    "junchan": "junchan",
    "honiso": "honitsu",
    "chiniso": "chinitsu",
    "dora": "dora",
    "uradora": "ura-dora",
    "akadora": "aka-dora",
    "tenho": "tenhou",
    "chiho": "chiihou",
    "daisangen": "daisangen",
    "suanko": "suuankou",
    "tsuiso": "tsuuiisou",
    "ryuiso": "ryuuiisou",
    "chinroto": "chinroutou",
    "churenpoton": "chuuren",
    "kokushimuso": "kokushi",
    "daisushi": "daisuushii",
    "shosushi": "shousuushii",
    "sukantsu": "suukantsu",
    "haku": "yakuhai-haku",
    "hatsu": "yakuhai-hatsu",
    "chun": "yakuhai-chun",
}


def _yaku_name(name: object, round_wind: int | None = None, seat_wind: int | None = None) -> str:
    """Our name for an mjai yaku name (``jikaze``/``bakaze``: the wind the hand gives them)."""
    from paifu.yaku import Yaku, wind_yaku

    s = str(name)
    if s in _GIMITE_YAKU:
        return _GIMITE_YAKU[s]
    if s in ("jikaze", "bakaze"):
        return wind_yaku(s, round_wind, seat_wind) or f"unknown:{s}"
    try:
        return Yaku(s).value
    except ValueError:
        return f"unknown:{s}"

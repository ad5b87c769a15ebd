"""Riichi City's names: its numeric tile codes and wall letters, its action and end codes, and its
fan ids as yaku (formats.md section 6.2, docs/formats.md).

A tile code is ``suit << 4 | number`` with the red flag ``0x100``: suit 0 pin, 1 sou, 2 man, and the
honours one "suit" each from 3 (East, 0x31 = 49) to 9 (Chun, 0x91 = 145), number 1. The wall string
(``handCardEncode``) writes each tile as a digit and a letter (``m p s z``, ``0`` a red five).
"""

from __future__ import annotations

from paifu.draws import codes
from paifu.events import RyuukyokuKind
from paifu.tiles import canonical_id
from paifu.yaku import Yaku

FORMAT = "riichi-city"

#: the code's suit (code >> 4) to paifu's first kind of that suit (man 0, pin 9, sou 18)
_SUIT_BASE = {0: 9, 1: 18, 2: 0}
RED_FLAG = 0x100
#: the wall string's letters to paifu's first kind of that suit
_LETTER_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


def code_to_tile(code: object) -> int:
    """A tile code to our id (``canonical_id``: a red five is copy 0); ``ValueError`` if it is none."""
    if type(code) is not int or code < 0:
        raise ValueError(f"tile code {code!r} is not a tile")
    red = bool(code & RED_FLAG)
    rest = code & ~RED_FLAG
    suit, number = rest >> 4, rest & 0xF
    if rest > 0xFF:
        raise ValueError(f"tile code {code} is not a tile")
    if suit in _SUIT_BASE and 1 <= number <= 9 and (not red or number == 5):
        return canonical_id(_SUIT_BASE[suit] + number - 1, red)
    if 3 <= suit <= 9 and number == 1 and not red:
        return canonical_id(27 + suit - 3)
    raise ValueError(f"tile code {code} (0x{code:x}) is not a tile")


def wall_tiles(text: object) -> tuple[int, ...]:
    """The wall string (``"4z5s7z..."``) as tile ids; ``ValueError`` naming the first bad tile."""
    if not isinstance(text, str) or len(text) % 2:
        raise ValueError("handCardEncode is not a string of digit-letter pairs")
    out = []
    for i in range(0, len(text), 2):
        digit, letter = text[i], text[i + 1]
        if letter not in _LETTER_BASE or not digit.isdigit() or not digit.isascii():
            raise ValueError(f"handCardEncode tile {i // 2} {text[i : i + 2]!r} is not a tile")
        n = int(digit)
        if letter == "z":
            if not 1 <= n <= 7:
                raise ValueError(f"handCardEncode tile {i // 2} {text[i : i + 2]!r} is not a tile")
            out.append(canonical_id(27 + n - 1))
        elif n == 0:
            out.append(canonical_id(_LETTER_BASE[letter] + 4, True))
        else:
            out.append(canonical_id(_LETTER_BASE[letter] + n - 1))
    return tuple(out)


#: ``quan_feng`` / ``quanFeng`` (the round wind's tile code) to our round wind
ROUND_WINDS: dict[object, int] = {0x31: 0, 0x41: 1, 0x51: 2, 0x61: 3}

# eventType (``handEventRecord[].eventType``)
DEAL = 1  # one per seat: hand_cards, dealer_pos, dices, bao_pai_card, user_info_list
TURN = 2  # a seat's turn: in_card is the tile drawn (0: a turn without a draw, after a call)
OFFER = 3  # a discard others may call (out_card, action_list): no play
ACTION = 4  # a play: action, card, group_cards
RESULT = 5  # the hand's end: end_type, win_info, user_profit
GAME_END = 6  # user_data: final points and rank points (score, tenths)
NEW_DORA = 7  # cards: every dora indicator so far, the new one last
RIICHI_AFTER = 8  # after a riichi (is_auto_gang): no play
NO_WIN = 9  # a win passed up (furiten, no yaku): no play
TENPAI_INFO = 11  # a riichi seat's waits: no play
#: events that are the server's prompts and notes, not plays
SILENT = frozenset({OFFER, RIICHI_AFTER, NO_WIN, TENPAI_INFO})

# ``action`` of an ACTION event
CHI = frozenset({2, 3, 4})  # the called tile lowest, middle or highest
PON = 5
DAIMINKAN = 6
RON = 7
ANKAN = 8
KAKAN = 9
TSUMO = 10
DISCARD = 11
NINE_TERMINALS = 12
KITA = 13

# ``end_type`` of a RESULT event
END_RON = 0
END_TSUMO = 1
END_EXHAUSTIVE = 7
#: the abortive draws by their ``end_type`` (InjusticeJudge's reading of the codes, kept in the one
#: table of abortive draws, ``paifu.draws``; none is in the shared records)
ABORTIVE: dict[int, RyuukyokuKind] = codes(FORMAT)
#: the game ended in the middle of a hand (the room closed it): no result, the points as they were
END_CLOSED = 8

#: fan 54's name in a claim
OPEN_RIICHI_DEAL_IN = "open-riichi-deal-in"
#: ``fang_type`` to the yaku it names (RiichiCity-to-Tenhou-Log-Parser's table of the game's fan
#: names; those in the shared records are checked by their replay). None: a yaku paifu has no
#: name for (``unknown:fan <id>`` in the claim: the replay reports the yaku differ).
FANS: dict[int, str | None] = {
    0: Yaku.RIICHI.value,
    1: Yaku.MENZEN_TSUMO.value,
    2: Yaku.IPPATSU.value,
    3: Yaku.RINSHAN.value,
    4: Yaku.HAITEI.value,
    5: Yaku.HOUTEI.value,
    6: Yaku.CHANKAN.value,
    7: Yaku.CHUN.value,
    8: Yaku.HATSU.value,
    9: Yaku.HAKU.value,
    10: "bakaze",  # the round wind: named by the wind (``_wind_yaku``)
    11: "jikaze",  # the seat wind
    12: Yaku.IIPEIKOU.value,
    13: Yaku.PINFU.value,
    14: Yaku.TANYAO.value,
    15: Yaku.DOUBLE_RIICHI.value,
    16: Yaku.TOITOI.value,
    17: Yaku.CHIITOITSU.value,
    18: Yaku.SANANKOU.value,
    19: Yaku.SANKANTSU.value,
    20: Yaku.HONROUTOU.value,
    21: Yaku.CHANTA.value,
    22: Yaku.ITTSU.value,
    23: Yaku.SANSHOKU.value,
    24: Yaku.SHOUSANGEN.value,
    25: Yaku.SANSHOKU_DOUKOU.value,
    26: Yaku.JUNCHAN.value,
    27: Yaku.HONITSU.value,
    28: Yaku.RYANPEIKOU.value,
    29: Yaku.CHINITSU.value,
    30: Yaku.NAGASHI_MANGAN.value,
    31: Yaku.TENHOU.value,
    32: Yaku.CHIIHOU.value,
    33: Yaku.RENHOU.value,
    34: Yaku.KOKUSHI.value,
    35: Yaku.KOKUSHI_13.value,
    36: Yaku.CHUUREN.value,
    37: Yaku.JUNSEI_CHUUREN.value,
    38: Yaku.SUUANKOU.value,
    39: Yaku.SUUANKOU_TANKI.value,
    40: Yaku.SUUKANTSU.value,
    41: Yaku.CHINROUTOU.value,
    42: Yaku.TSUUIISOU.value,
    43: Yaku.DAISUUSHII.value,
    44: Yaku.SHOUSUUSHII.value,
    45: Yaku.DAISANGEN.value,
    46: Yaku.RYUUIISOU.value,
    47: Yaku.RYUUIISOU.value,  # all green without hatsu
    48: None,  # paarenchan (eight dealer wins in a row)
    49: Yaku.AKA_DORA.value,
    50: Yaku.DORA.value,
    51: Yaku.URA_DORA.value,
    52: Yaku.RIICHI.value,  # open riichi: a riichi with the hand shown, 2 han (``Ruleset.open_riichi``)
    53: Yaku.DOUBLE_RIICHI.value,  # open double riichi: 3 han
    #: a ron by an open riichi on the discard of a seat not in riichi, a yakuman (the game's fan table
    #: as Badtaro/RiichiCityTournamentBot scripts/yakus.js lists it: "Open Riichi Deal-in", marked
    #: yakuman; RiichiCity-to-Tenhou-Log-Parser names it 开立直 too). Not a yaku paifu values: a win
    #: that claims it is flagged, and a room playing open riichi says so in its summary
    54: OPEN_RIICHI_DEAL_IN,
    55: Yaku.KITA.value,
    56: Yaku.KITA_YAKUHAI.value,
}
#: fan ids that are yakuman (their ``fang_num`` counts multiples where the game doubles them)
YAKUMAN_FANS = frozenset(range(31, 49))

"""tenhou.net/6 viewer JSON: reader and writer (formats.md section 2).

The format lists, per seat, what it took and what it let go, but not the turn
order: the reader replays turns (a seat whose next *take* is a call on the last
discard jumps in, pon/kan before chi; otherwise the next seat draws). When two
equal discards could have been called, the first is taken (tensoul issue 14).

Things the reader cannot know stay ``None`` (dice, per-winner sticks, scores
before a result, the scores after a riichi stick); the concealed hands of
winners and of tenpai seats are rebuilt by tracking the tiles.

A file holds one game, or JSON Lines of one-hand documents (mjx ``mjscore``):
consecutive lines of the same game are joined into one record; a document that
does not start at East 1 with even scores, or a lone one-hand document without
final scores, is an excerpt (``GameRecord.partial``).
"""

from __future__ import annotations

import copy
import json
import math
import re
import warnings
from collections.abc import Sequence
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Draw,
    Event,
    GameEnd,
    GameRecord,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, hinted_red, hinted_rules, seats
from paifu.tiles import FIVE_KINDS, canonical_id, is_red
from paifu.yaku import Yaku

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
}
#: the names we write (Tenhou's own)
YAKU_JA: dict[Yaku, str] = {}
for _name, _y in YAKU_NAMES.items():
    YAKU_JA.setdefault(_y, _name)


def yaku_from_name(name: str) -> str:
    y = YAKU_NAMES.get(name.strip())
    return y.value if y is not None else f"unknown:{name}"


# ---------------------------------------------------------------- tiles


def code_to_tile(code: object) -> int:
    """A tenhou.net/6 tile code (11..47, 51..53) -> our canonical tile id."""
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


# ---------------------------------------------------------------- reading

_SCORE_TEXT = re.compile(
    r"^(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<lim>満貫|跳満|倍満|三倍満|数え役満|役満|切り上げ満貫|[0-9]*倍役満))?"
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
}
_YAKU_TEXT = re.compile(r"^(?P<name>.*?)\((?P<val>[^()]*)\)$")
_DRAW_NAMES = {
    "流局": RyuukyokuKind.EXHAUSTIVE,
    "全員聴牌": RyuukyokuKind.EXHAUSTIVE,
    "全員不聴": RyuukyokuKind.EXHAUSTIVE,
    "流し満貫": RyuukyokuKind.NAGASHI_MANGAN,
    "九種九牌": RyuukyokuKind.NINE_TERMINALS,
    "四風連打": RyuukyokuKind.FOUR_WINDS,
    "三風連打": RyuukyokuKind.FOUR_WINDS,
    "四家立直": RyuukyokuKind.FOUR_RIICHI,
    "三家立直": RyuukyokuKind.FOUR_RIICHI,
    "四槓散了": RyuukyokuKind.FOUR_KANS,
    "四開槓": RyuukyokuKind.FOUR_KANS,
    "三家和了": RyuukyokuKind.TRIPLE_RON,
    "三家和": RyuukyokuKind.TRIPLE_RON,
}
_DRAW_WRITE = {
    RyuukyokuKind.EXHAUSTIVE: "流局",
    RyuukyokuKind.NAGASHI_MANGAN: "流し満貫",
    RyuukyokuKind.NINE_TERMINALS: "九種九牌",
    RyuukyokuKind.FOUR_WINDS: "四風連打",
    RyuukyokuKind.FOUR_RIICHI: "四家立直",
    RyuukyokuKind.FOUR_KANS: "四槓散了",
    RyuukyokuKind.TRIPLE_RON: "三家和了",
}


def _load_docs(text: str, source: str) -> list[tuple[int, dict[str, Any]]]:
    """The documents of a file with their 1-based line numbers (one document: line 1)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        if "Extra data" not in e.msg:
            raise RecordError(f"not valid JSON: {e}", file=source) from e
        docs = []
        for no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                docs.append((no, json.loads(line)))
            except json.JSONDecodeError as e2:
                raise RecordError(f"line {no} is not valid JSON: {e2}", file=source) from e2
    else:
        docs = [(1, d) for d in doc] if isinstance(doc, list) else [(1, doc)]
    for no, d in docs:
        if not isinstance(d, dict) or not isinstance(d.get("log"), list):
            raise RecordError(f"line {no}: not a tenhou.net/6 document (no 'log' list)", file=source)
    return docs


def _fresh_start(doc: dict[str, Any]) -> bool:
    """Whether a document's first hand is the first hand of a game."""
    log = doc["log"]
    if not log or not isinstance(log[0], list) or len(log[0]) < 2:
        return False
    head, scores = log[0][0], log[0][1]
    try:
        return list(head[:3]) == [0, 0, 0] and len({s for s in scores if s}) == 1
    except TypeError:
        return False


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return all(a.get(k) == b.get(k) for k in ("title", "name", "rule", "ref")) and not _fresh_start(b)


def read_tenhou_json(data: bytes, source: str = "") -> list[GameRecord]:
    """Every game in a tenhou.net/6 file (one document, a list, or JSON Lines)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e}", file=source) from e
    docs = _load_docs(text, source)
    groups: list[list[tuple[int, dict[str, Any]]]] = []
    for item in docs:
        if groups and len(docs) > 1 and _same_game(groups[-1][-1][1], item[1]):
            groups[-1].append(item)
        else:
            groups.append([item])
    return [_read_game(g, source, gi) for gi, g in enumerate(groups)]


def _num_players(doc: dict[str, Any]) -> int:
    disp = str((doc.get("rule") or {}).get("disp", ""))
    names = doc.get("name") or []
    if "三" in disp or "3-Player" in disp or "3P" in disp:
        return 3
    if len(names) == 3 or (len(names) == 4 and names[3] == "" and all(names[:3])):
        return 3
    return 4


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


def _rules_hint(doc: dict[str, Any], n: int) -> tuple[tuple[str, object], ...]:
    rule = doc.get("rule") or {}
    disp = str(rule.get("disp", ""))
    # Mahjong Soul as its converters write it: a ranked room ("玉の間南喰", "Jade Room"), or a
    # contest or friendly table ("大会戦南喰", "友人戦") whose log id is Mahjong Soul's
    # ("240302-<uuid>"); such tables set their own start points and rank points
    contest = bool(_MAJSOUL_REF.match(str(doc.get("ref", "")))) and "の間" not in disp and "Room" not in disp
    majsoul = "の間" in disp or "Room" in disp or contest
    go = rule.get("type") if isinstance(rule.get("type"), int) else disp_go_type(disp)
    if go is not None and not majsoul and (3 if go & 0x10 else 4) != n:
        raise ValueError(
            f"the table {disp or go!r} is for {3 if go & 0x10 else 4} players, but the record has {n}"
        )
    table: tuple[str, object] = (
        ("tenhou_go_type", go)
        if go is not None and not majsoul
        else (
            "preset",
            (
                "mahjongsoul"
                if majsoul and n == 4
                else "mahjongsoul-sanma"
                if majsoul
                else "tenhou-sanma"
                if n == 3
                else "tenhou"
            ),
        )
    )
    hint: list[tuple[str, object]] = [table, ("num_players", n)]
    if contest:  # the record's first hand states the start; the scheme is the contest's own
        hint += [("start_points", 0), ("rank_scheme_known", False)]
    if isinstance(rule.get("tenhou_seed_form"), str):  # paifu's own: the era of an undated Tenhou log
        hint.append(("tenhou_seed_form", rule["tenhou_seed_form"]))
    if any(k in rule for k in ("aka51", "aka52", "aka53")):
        hint.append(("red_fives", tuple(int(rule.get(k, 0)) for k in ("aka51", "aka52", "aka53"))))
    elif "aka" in rule:
        a = int(rule["aka"])
        hint.append(("red_fives", (0, a, a) if n == 3 else (a, a, a)))
    if "東" in disp or "East" in disp:
        hint.append(("length", "east"))
    elif "南" in disp or "South" in disp:
        hint.append(("length", "south"))
    if "喰" in disp:
        hint.append(("kuitan", True))
    elif ("東" in disp or "南" in disp) and not majsoul:
        hint.append(("kuitan", False))
    return tuple(hint)


def _read_game(group: list[tuple[int, dict[str, Any]]], source: str, gi: int) -> GameRecord:
    first_line, doc = group[0]
    game_no = gi if len(group) == 1 and first_line == 1 else first_line
    try:  # the header: a wrong type here (a 'rule' that is no object, an 'aka' that is no number)
        n = _num_players(doc)
        names = [str(x) for x in seats(doc.get("name") or [], "names")][:n]
        names += [""] * (n - len(names))
        meta = tuple(
            (k, _freeze(doc[k]))
            for k in ("title", "lobby", "csrule", "dan", "rate", "sx", "ratingc", "ver", "ref")
            if k in doc
        )
        events: list[Event] = [
            GameStart(
                players=tuple(names),
                game_id=str(doc.get("ref", "")),
                first_dealer=0,
                rules_hint=_rules_hint(doc, n),
                meta=meta,
            )
        ]
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, OverflowError) as e:
        raise RecordError(f"bad header: {type(e).__name__}: {e}", file=source, game=game_no) from e
    hands = [(line, h) for line, d in group for h in d["log"]]
    for hi, (line, hand) in enumerate(hands):
        label = f"{hi + 1}" + (f" (line {line})" if len(group) > 1 else "")
        reader: _HandReader | None = None
        try:
            reader = _HandReader(hand, n)
            events.extend(reader.read())
        except RecordError as e:
            raise RecordError(e.reason, file=source, game=game_no, hand=label, event=e.event) from e
        except (ValueError, TypeError, IndexError, KeyError, OverflowError) as e:
            at = len(reader.events) if reader is not None else 0  # the event being built when it failed
            raise RecordError(
                f"{type(e).__name__}: {e}", file=source, game=game_no, hand=label, event=at
            ) from e
    last_doc = group[-1][1]
    partial = not _fresh_start(doc) or (len(hands) == 1 and "sc" not in last_doc)
    if not partial:
        events.append(_game_end(last_doc.get("sc"), n, source, game_no))
    return GameRecord(events=events, source=source, format=FORMAT, partial=partial)


def _freeze(v: object) -> object:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, _freeze(x)) for k, x in v.items())
    return v


def _game_end(sc: object, n: int, source: str, game: int) -> GameEnd:
    if sc is None:
        return GameEnd()
    if not isinstance(sc, list) or len(sc) < 2 * n:
        raise RecordError(f"'sc' should hold {2 * n} numbers, got {sc!r}", file=source, game=game)
    if not all(
        isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in sc[: 2 * n]
    ):
        raise RecordError(f"'sc' should hold {2 * n} numbers, got {sc!r}", file=source, game=game)
    finals = tuple(int(round(float(x))) for x in sc[0 : 2 * n : 2])
    points = sc[1 : 2 * n : 2]
    return GameEnd(
        final_scores=finals,
        rank_points=tuple(float(p) for p in points),
        rank_points_text=tuple(_num_text(p) for p in points),
    )


def _num_text(v: object) -> str:
    if isinstance(v, float) and v.is_integer() and not isinstance(v, bool):
        return repr(v)
    return str(v)


class _HandReader:
    """Replays one hand's take/discard lists into events (see the module docstring)."""

    def __init__(self, hand: list[Any], n: int) -> None:
        if not isinstance(hand, list) or len(hand) < 17:
            raise RecordError(
                f"a hand needs 17 elements, this one has {len(hand) if isinstance(hand, list) else hand!r}"
            )
        self.h = hand
        self.n = n
        self.events: list[Event] = []
        self.takes = [list(hand[5 + 3 * s]) for s in range(4)]
        self.discards = [list(hand[6 + 3 * s]) for s in range(4)]
        self.ti = [0] * 4
        self.di = [0] * 4
        self.concealed: list[list[int]] = [[code_to_tile(c) for c in hand[4 + 3 * s]] for s in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.last_draw: list[int | None] = [None] * n
        self.dora_queue = [code_to_tile(c) for c in hand[2][1:]]

    # ------------------------------------------------------------ helpers
    def fail(self, msg: str) -> RecordError:
        return RecordError(msg, event=len(self.events))

    def _remove(self, seat: int, tile: int) -> None:
        hand = self.concealed[seat]
        if tile in hand:
            hand.remove(tile)

    def _next_take(self, seat: int) -> Any:
        return self.takes[seat][self.ti[seat]] if self.ti[seat] < len(self.takes[seat]) else None

    def _flush_kan_dora(self) -> None:
        """Show the indicators of earlier open/added kans (Tenhou: before the next discard or kan)."""
        while self.kan_dora:
            self._pop_dora()
            self.kan_dora -= 1

    def _pop_dora(self) -> None:
        if self.dora_queue:
            self.events.append(NewDora(self.dora_queue.pop(0)))

    def _source(self, seat: int, pos: int, kind: str) -> int:
        """Absolute supplier seat from the letter position of a pon/kan string."""
        table = {"p": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}, "k": {0: 3, 2: 2, 4: 1}}[kind]
        if pos not in table:
            raise self.fail(f"call letter {kind!r} at position {pos} names no seat")
        off = table[pos]
        if self.n == 4:
            return (seat + off) % 4
        if off == 2:
            raise self.fail("a 3-player call cannot come from toimen")
        return (seat + (2 if off == 3 else 1)) % 3

    # ------------------------------------------------------------ calls
    def _parse_call(self, seat: int, s: str) -> tuple[Meld, int]:
        """A call string -> (meld, letter position)."""
        letters = [i for i, ch in enumerate(s) if ch.isalpha()]
        if len(letters) != 1:
            raise self.fail(f"call string {s!r} should hold one letter")
        pos = letters[0]
        ch = s[pos]
        body = s[:pos] + s[pos + 1 :]
        codes = [int(body[i : i + 2]) for i in range(0, len(body), 2)]
        tiles = [code_to_tile(c) for c in codes]
        taken_index = pos // 2
        if ch == "c":
            if pos != 0 or len(tiles) != 3:
                raise self.fail(f"chi string {s!r} is malformed")
            called = tiles[0]
            meld = Meld(CallKind.CHI, tuple(sorted(tiles, key=_tile_key)), called, (seat - 1) % self.n)
        elif ch == "p":
            if len(tiles) != 3:
                raise self.fail(f"pon string {s!r} is malformed")
            called = tiles[taken_index]
            meld = Meld(CallKind.PON, tuple(tiles), called, self._source(seat, pos, "p"))
        elif ch == "m":
            if len(tiles) != 4:
                raise self.fail(f"daiminkan string {s!r} is malformed")
            called = tiles[taken_index]
            meld = Meld(CallKind.DAIMINKAN, tuple(tiles), called, self._source(seat, pos, "m"))
        elif ch == "k":
            if len(tiles) != 4:
                raise self.fail(f"kakan string {s!r} is malformed")
            added = tiles[taken_index]
            pon = tiles[:taken_index] + tiles[taken_index + 1 :]
            called = pon[taken_index]
            meld = Meld(CallKind.KAKAN, (*pon, added), called, self._source(seat, pos, "k"))
        elif ch == "a":
            if len(tiles) != 4:
                raise self.fail(f"ankan string {s!r} is malformed")
            meld = Meld(CallKind.ANKAN, tuple(tiles))
        elif ch == "f":
            if len(tiles) != 1:
                raise self.fail(f"kita string {s!r} is malformed")
            meld = Meld(CallKind.KITA, tuple(tiles))
        else:
            raise self.fail(f"unknown call letter {ch!r} in {s!r}")
        return meld, pos

    def _call_candidates(self, seat: int, tile: int) -> list[tuple[int, Meld]]:
        """Who could call this discard: pon/kan (nearest in turn first), then chi by the next seat."""
        out: list[tuple[int, Meld]] = []
        for off in range(1, self.n):
            s2 = (seat + off) % self.n
            nxt = self._next_take(s2)
            if isinstance(nxt, str) and ("p" in nxt or "m" in nxt):
                meld, _ = self._parse_call(s2, nxt)
                if meld.from_seat == seat and _tile_key(meld.called or 0) == _tile_key(tile):
                    out.append((s2, meld))
        s2 = (seat + 1) % self.n
        nxt = self._next_take(s2)
        if isinstance(nxt, str) and nxt.startswith("c"):
            meld, _ = self._parse_call(s2, nxt)
            if _tile_key(meld.called or 0) == _tile_key(tile):
                out.append((s2, meld))
        return out

    # ------------------------------------------------------------ main loop
    _STATE = (
        "ti",
        "di",
        "concealed",
        "melds",
        "last_draw",
        "dora_queue",
        "seat",
        "state",
        "last_discard",
        "riichi_seat",
        "kan_dora",
        "robbed",
    )
    _MAX_TRIES = 2000

    def _snapshot(self) -> tuple[dict[str, Any], int]:
        return copy.deepcopy({k: getattr(self, k) for k in self._STATE}), len(self.events)

    def _restore(self, snap: tuple[dict[str, Any], int]) -> None:
        state, length = snap
        for k, v in copy.deepcopy(state).items():
            setattr(self, k, v)
        del self.events[length:]

    def read(self) -> list[Event]:
        """Replay the hand; when a call could belong to more than one discard, backtrack."""
        h, n = self.h, self.n
        kyoku, honba, sticks = (int(x) for x in h[0][:3])
        self.honba = honba
        scores = tuple(int(x) for x in seats(h[1], "start scores")[:n])
        if not h[2]:
            raise self.fail("no dora indicator")
        self.events.append(
            HandStart(
                round_wind=kyoku // 4,
                hand_number=kyoku % 4,
                honba=honba,
                sticks=sticks,
                dealer=kyoku % 4,
                scores=scores,
                dora_indicator=code_to_tile(h[2][0]),
                hands=tuple(tuple(c) for c in self.concealed),
            )
        )
        self.seat, self.state = kyoku % 4, "draw"
        if self.seat >= n:
            raise self.fail(f"kyoku {kyoku} has no dealer at a {n}-player table")
        self.last_discard: tuple[int, int] | None = None
        self.riichi_seat: int | None = None
        self.kan_dora = 0  # open/added kans whose new indicator is not shown yet
        self.robbed: int | None = None  # the added tile of a kakan left without a rinshan draw
        stack: list[tuple[tuple[dict[str, Any], int], list[Any]]] = []
        forced: Any = _UNSET
        first_error: RecordError | None = None
        for _ in range(self._MAX_TRIES):
            try:
                self._run(stack, forced)
                self._check_end()
                break
            except RecordError as e:
                if first_error is None:
                    first_error = e
                while stack and not stack[-1][1]:
                    stack.pop()
                if not stack:
                    raise first_error from None
                snap, alts = stack[-1]
                forced = alts.pop(0)
                self._restore(snap)
        else:
            raise first_error or self.fail("no consistent turn order found")
        if self.robbed is None:
            self._flush_kan_dora()
        self._result(self.last_discard, self.robbed)
        return self.events

    def _check_end(self) -> None:
        for s in range(self.n):
            if self.ti[s] < len(self.takes[s]) or self.di[s] < len(self.discards[s]):
                raise self.fail(f"the hand ends with seat {s}'s takes or discards left over")
        res = self.h[16]
        if isinstance(res, list) and res and res[0] == "和了":
            for det in res[2::2]:
                if len(det) < 2:
                    continue
                who, frm = det[0], det[1]
                if who == frm and (self.state != "act" or self.seat != who):
                    raise self.fail(f"seat {who} wins by tsumo but did not just draw")
                if who != frm:
                    target = (
                        self.seat
                        if self.robbed is not None
                        else (self.last_discard[0] if self.last_discard else None)
                    )
                    if target != frm:
                        raise self.fail(f"seat {who} rons seat {frm}, whose tile was not the last one out")

    def _run(self, stack: list[Any], forced: Any) -> None:
        n = self.n
        while True:
            seat, state = self.seat, self.state
            if state in ("draw", "rinshan"):
                item = self._next_take(seat)
                if item is None:
                    if (
                        state == "rinshan"
                        and self.melds[seat]
                        and self.melds[seat][-1].kind == CallKind.KAKAN
                    ):
                        self.robbed = self.melds[seat][-1].tiles[-1]
                    return
                if isinstance(item, str):
                    raise self.fail(f"seat {seat} should draw, record has call {item!r}")
                self.ti[seat] += 1
                tile = code_to_tile(item)
                self.events.append(Draw(seat, tile))
                self.concealed[seat].append(tile)
                self.last_draw[seat] = tile
                self.state = "act"
            elif state == "act":
                if self.di[seat] >= len(self.discards[seat]):
                    return
                item = self.discards[seat][self.di[seat]]
                self.di[seat] += 1
                if isinstance(item, str) and not item.startswith("r"):
                    meld, _ = self._parse_call(seat, item)
                    if meld.kind not in (CallKind.ANKAN, CallKind.KAKAN, CallKind.KITA):
                        raise self.fail(f"{meld.kind.value} {item!r} cannot be a self call")
                    self.events.append(Call(seat, meld))
                    if meld.kind != CallKind.KITA:
                        self._flush_kan_dora()
                    if meld.kind == CallKind.KAKAN:
                        self._remove(seat, meld.tiles[-1])
                        self.melds[seat] = [
                            m
                            for m in self.melds[seat]
                            if not (
                                m.kind == CallKind.PON and _tile_key(m.tiles[0]) == _tile_key(meld.tiles[0])
                            )
                        ]
                        self.kan_dora += 1
                    else:
                        for t in meld.tiles:
                            self._remove(seat, t)
                        if meld.kind == CallKind.ANKAN:
                            self._pop_dora()
                    self.melds[seat].append(meld)
                    self.last_draw[seat] = None
                    self.last_discard = None
                    self.state = "rinshan"
                    continue
                riichi = isinstance(item, str)
                code = int(item[1:]) if riichi else item
                if code == 60:
                    drawn = self.last_draw[seat]
                    if drawn is None:
                        raise self.fail(f"seat {seat} discards 60 (tsumogiri) without a draw")
                    tile = drawn
                    tsumogiri = True
                elif code == 0:
                    raise self.fail(f"seat {seat} has a placeholder 0 where a discard belongs")
                else:
                    tile, tsumogiri = code_to_tile(code), False
                self._flush_kan_dora()
                if riichi:
                    self.events.append(RiichiDeclared(seat))
                    self.riichi_seat = seat
                self.events.append(Discard(seat, tile, tsumogiri))
                self._remove(seat, tile)
                self.last_draw[seat] = None
                self.last_discard = (seat, tile)
                self.state = "after_discard"
            else:  # after_discard: a call, the next draw, or the end
                assert self.last_discard is not None
                who, tile = self.last_discard
                if forced is not _UNSET:
                    caller, forced = forced, _UNSET
                else:
                    options: list[Any] = [*self._call_candidates(who, tile), None]
                    caller = options[0]
                    if len(options) > 1:
                        stack.append((self._snapshot(), options[1:]))
                continues = caller is not None or self._next_take((who + 1) % n) is not None
                if self.riichi_seat is not None:
                    if continues or self._riichi_paid_at_end(who):
                        self.events.append(RiichiAccepted(self.riichi_seat))
                    self.riichi_seat = None
                if caller is None:
                    if not continues:
                        return
                    self.seat, self.state = (who + 1) % n, "draw"
                    continue
                seat, meld = caller
                self.ti[seat] += 1
                self.events.append(Call(seat, meld))
                own = list(meld.tiles)
                own.remove(meld.called)
                for t in own:
                    self._remove(seat, t)
                self.melds[seat].append(meld)
                self.seat = seat
                if meld.kind == CallKind.DAIMINKAN:
                    nxt = (
                        self.discards[seat][self.di[seat]]
                        if self.di[seat] < len(self.discards[seat])
                        else None
                    )
                    if nxt == 0:
                        self.di[seat] += 1
                    self.kan_dora += 1
                    self.state = "rinshan"
                else:
                    self.state = "act"
                self.last_discard = None

    def _riichi_paid_at_end(self, discarder: int) -> bool:
        """A riichi discard that ends the hand costs nothing only when it is won on."""
        res = self.h[16]
        name = res[0] if res else ""
        if name in ("三家和了", "三家和"):
            return False
        if name == "和了":
            for det in res[2::2]:
                if len(det) >= 2 and det[1] == discarder and det[0] != discarder:
                    return False
        return True

    # ------------------------------------------------------------ result
    def _result(self, last_discard: tuple[int, int] | None, robbed: int | None) -> None:
        res = self.h[16]
        n = self.n
        if not isinstance(res, list) or not res:
            raise self.fail(f"hand result {res!r} is not a list")
        name = res[0]
        if name == "和了":
            if len(res) < 3 or len(res) % 2 == 0:
                raise self.fail("和了 result should hold deltas/detail pairs")
            for deltas, detail in zip(res[1::2], res[2::2], strict=True):
                self.events.append(self._win(deltas, detail, last_discard, robbed))
            return
        if name not in _DRAW_NAMES:
            raise self.fail(f"unknown hand result {name!r}")
        kind = _DRAW_NAMES[name]
        deltas = (
            tuple(int(x) for x in seats(res[1], "score changes")[:n])
            if len(res) > 1 and isinstance(res[1], list)
            else None
        )
        tenpai: tuple[int, ...] | None = None
        shown: tuple[tuple[int, ...] | None, ...] | None = None
        if kind == RyuukyokuKind.EXHAUSTIVE:
            if name == "全員聴牌":
                tenpai = tuple(range(n))
            elif name == "全員不聴":
                tenpai = ()
            elif deltas is not None and any(deltas):
                tenpai = tuple(s for s in range(n) if deltas[s] > 0)
            if tenpai is not None:
                shown = tuple(tuple(self.concealed[s]) if s in tenpai else None for s in range(n))
            if deltas is None:
                deltas = (0,) * n
        elif kind == RyuukyokuKind.NINE_TERMINALS:
            declarer = next((s for s in range(n) if len(self.concealed[s]) == 14), None)
            if declarer is not None:
                tenpai = (declarer,)
                shown = tuple(tuple(self.concealed[s]) if s == declarer else None for s in range(n))
        self.events.append(Ryuukyoku(kind, tenpai=tenpai, deltas=deltas, honba=self.honba, shown=shown))

    def _win(
        self,
        deltas: Sequence[Any],
        detail: Sequence[Any],
        last_discard: tuple[int, int] | None,
        robbed: int | None,
    ) -> Win:
        n = self.n
        if len(detail) < 2:
            raise self.fail(f"win detail {detail!r} names no winner")
        who, frm = int(detail[0]), int(detail[1])
        pao = int(detail[2]) if len(detail) > 2 else who
        if not (0 <= who < n and 0 <= frm < n):
            raise self.fail(f"win detail {detail!r} names a seat outside the table")
        if who == frm:
            tile = self.last_draw[who]
            if tile is None:
                raise self.fail(f"seat {who} wins by tsumo without a draw")
            hand = tuple(self.concealed[who])
        else:
            if robbed is not None:
                tile = robbed
            elif last_discard is not None:
                tile = last_discard[1]
            else:
                raise self.fail(f"seat {who} wins by ron with no discard to win on")
            hand = (*self.concealed[who], tile)
        yaku: list[ClaimedYaku] = []
        n_yakuman = 0
        riichi = any(isinstance(e, RiichiDeclared) and e.seat == who for e in self.events)
        for y in detail[4:]:
            m = _YAKU_TEXT.match(str(y))
            if not m:
                raise self.fail(f"yaku text {y!r} is not 'name(value)'")
            name, val = m["name"], m["val"]
            if "役満" in val:
                mult = 2 if val.startswith(("ダブル", "2", "二")) else 1
                n_yakuman += mult
                han = 13 * mult
            else:
                han = int(re.sub(r"\D", "", val) or 0)
            yname = yaku_from_name(name)
            yaku.append(ClaimedYaku(yname, han))
        fu = han_total = points = None
        limit = None
        if len(detail) > 3 and detail[3] != "":  # "": a writer whose source stated no value
            text = str(detail[3])
            m = _SCORE_TEXT.match(text)
            if not m:
                raise self.fail(f"score text {text!r} is not understood")
            if m["fu"]:
                fu, han_total, limit = int(m["fu"]), int(m["han"]), ""
            elif m["lim"]:
                lim = m["lim"]
                limit = "yakuman" if "役満" in lim else _LIMITS[lim]
            # else points alone ("2600点∀"): what a writer states when its source had no fu or han
            a = int(m["a"])
            if who != frm:
                points = a
            elif m["b"] is not None:
                points = a * (n - 2) + int(m["b"])
            else:
                points = a * (n - 1)
        if han_total is None and yaku and not n_yakuman:
            han_total = sum(y.han for y in yaku)
        if len(deltas) < n:
            raise self.fail(f"win deltas {deltas!r} have fewer than {n} entries")
        claimed = ClaimedWin(
            fu=fu,
            han=han_total,
            points=points,
            limit=limit,
            # no yaku text at all: not stated (a converter from a format without yaku writes none)
            yaku=tuple(yaku) if yaku else None,
            yakuman_multiple=n_yakuman or None,
            dora_indicators=tuple(code_to_tile(c) for c in self.h[2]),
            ura_indicators=tuple(code_to_tile(c) for c in self.h[3]) if riichi else None,
            hand=hand,
            melds=tuple(self.melds[who]),
            honba=self.honba,
            deltas=tuple(int(x) for x in seats(deltas, "score changes")[:n]),
            pao_seat=pao if pao != who else None,
        )
        return Win(who, frm, tile, claimed)


# ---------------------------------------------------------------- writing


def write_tenhou_json(record: GameRecord) -> bytes:
    """One game as a tenhou.net/6 document (UTF-8, one line).

    Emits ``warnings.warn`` for what the format cannot carry (the README's Formats table).
    """
    start = record.start
    n = start.num_players
    if start.first_dealer != 0:
        raise RecordError("tenhou.net/6 JSON needs the first dealer in seat 0", file=record.source)
    rules = hinted_rules(start)
    red = hinted_red(start)
    w = _Writer(n, red)
    lost: set[str] = set()
    sc: list[Any] | None = None
    for ev in record.events[1:]:
        if isinstance(ev, GameEnd):
            if ev.final_scores is not None and ev.rank_points is None:
                lost.add("final scores without rank points (`sc` left out rather than made up)")
            elif ev.final_scores is not None:
                sc = []
                texts = ev.rank_points_text or tuple(str(p) for p in ev.rank_points or ())
                for s in range(4):
                    sc.append(ev.final_scores[s] if s < n else 0)
                    sc.append(_parse_num(texts[s]) if s < n else 0)
            continue
        w.feed(ev, lost)
    w.close()
    name = list(start.players) + [""] * (4 - n)
    go = dict(start.rules_hint).get("tenhou_go_type")
    if go is not None:  # the server's log id outranks a rewritten GO tag, as when reading
        from paifu.rules import tenhou_log_type

        go = tenhou_log_type(start.game_id) or go
    if go is None:  # no Tenhou table named: the general-lobby table of the record's rules
        from paifu.rules import table_go_type

        go = table_go_type(rules) if rules is not None else 0x09 | (0x10 if n == 3 else 0)
    rule: dict[str, Any] = {"disp": go_type_disp(int(go))}  # type: ignore[call-overload]
    if int(go) & ~0x12FF:  # type: ignore[call-overload]
        rule["type"] = int(go)  # type: ignore[call-overload]  # a lobby its name cannot say (ratio, tournament)
    if dict(start.rules_hint).get("tenhou_seed_form"):  # an undated log's era (its wall seed's form)
        rule["tenhou_seed_form"] = dict(start.rules_hint)["tenhou_seed_form"]
    if len(set(red)) == 1 and n == 4:
        rule["aka"] = red[0]
    else:
        rule.update({"aka51": red[0], "aka52": red[1], "aka53": red[2]})
    doc: dict[str, Any] = {"title": ["", ""], "name": name, "rule": rule, "log": w.log}
    if start.game_id:
        doc["ref"] = start.game_id
    meta = dict(start.meta)
    for key in ("lobby", "csrule"):  # the lobby's own rank point rule travels with the game
        if meta.get(key):
            doc[key] = meta[key]
    if sc is not None:
        doc["sc"] = sc
    for what in sorted(lost | w.lost):
        warnings.warn(f"tenhou.net/6 JSON cannot carry {what}", stacklevel=2)
    return (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _parse_num(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


class _Writer:
    """Builds the per-hand arrays from events."""

    def __init__(self, n: int, red: tuple[int, int, int]) -> None:
        self.n = n
        self.red = red
        self.log: list[list[Any]] = []
        self.cur: list[Any] | None = None
        self.lost: set[str] = set()

    def code(self, tile: int) -> int:
        return tile_to_code(tile, self.red)

    def close(self) -> None:
        if self.cur is not None and self.cur[16] is None:
            raise RecordError(f"hand {len(self.log)} has no result")
        self.cur = None

    def feed(self, ev: Event, lost: set[str]) -> None:
        if isinstance(ev, HandStart):
            self.close()
            if ev.dice is not None:
                lost.add("dice")
            hands: list[Any] = [[self.code(t) for t in ev.hands[s]] if s < self.n else [] for s in range(4)]
            scores = list(ev.scores or ()) + [0] * (4 - self.n)  # stated by with_stated_scores
            self.cur = [
                [ev.round_wind * 4 + ev.hand_number, ev.honba, ev.sticks],
                scores,
                [self.code(ev.dora_indicator)],
                [],
            ]
            for s in range(4):
                self.cur += [hands[s], [], []]
            self.cur.append(None)
            self.log.append(self.cur)
            self.riichi: int | None = None
            self.drawn: list[int | None] = [None] * 4
            self.results: list[Any] = []
            return
        h = self.cur
        if h is None:
            if isinstance(ev, (Win, Ryuukyoku)):
                raise RecordError("a result outside a hand")
            self.lost.add(type(ev).__name__ + " events")
            return
        if h[16] is not None and not isinstance(ev, Win):
            self.lost.add(type(ev).__name__ + " events after a result")
            return
        if isinstance(ev, Draw):
            h[5 + 3 * ev.seat].append(self.code(ev.tile))
            self.drawn[ev.seat] = ev.tile
        elif isinstance(ev, Discard):
            c: Any = self.code(ev.tile)
            drawn = self.drawn[ev.seat]
            if ev.tsumogiri:
                c = 60
            elif ev.tsumogiri is None and drawn is not None and self.code(drawn) == c:
                self.lost.add("unknown tsumogiri (written as a hand discard)")
            if self.riichi == ev.seat:
                c = f"r{c}"
                self.riichi = None
            h[6 + 3 * ev.seat].append(c)
            self.drawn[ev.seat] = None
        elif isinstance(ev, RiichiDeclared):
            self.riichi = ev.seat
        elif isinstance(ev, RiichiAccepted):
            if ev.scores is not None:
                self.lost.add("scores after a riichi stick")
        elif isinstance(ev, NewDora):
            h[2].append(self.code(ev.indicator))
        elif isinstance(ev, Call):
            self._call(h, ev)
        elif isinstance(ev, Win):
            self._win(h, ev)
        elif isinstance(ev, Ryuukyoku):
            self._draw(h, ev)
        else:
            self.lost.add(type(ev).__name__ + " events")

    def _call(self, h: list[Any], ev: Call) -> None:
        m, seat, n = ev.meld, ev.seat, self.n
        codes = [self.code(t) for t in m.tiles]
        self.drawn[seat] = None
        if m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN, CallKind.KAKAN):
            if m.called is None or m.from_seat is None:
                raise RecordError(f"{m.kind.value} by seat {seat} does not say which tile it took")
            pon_tiles = list(m.tiles[:3]) if m.kind == CallKind.KAKAN else list(m.tiles)
            taken = self.code(m.called)
            own = [self.code(t) for t in pon_tiles]
            own.remove(taken)
            off = (m.from_seat - seat) % n
            if n == 3:
                off = {2: 3, 1: 1}[off]
            if m.kind == CallKind.CHI:
                h[5 + 3 * seat].append("c" + "".join(f"{x}" for x in [taken, *own]))
                return
            letter = {CallKind.PON: "p", CallKind.DAIMINKAN: "m", CallKind.KAKAN: "k"}[m.kind]
            pos = {3: 0, 2: 1, 1: len(own)}[off]
            head = "".join(str(x) for x in own[:pos])
            tail = "".join(str(x) for x in own[pos:])
            mark = letter + (str(self.code(m.tiles[3])) if m.kind == CallKind.KAKAN else "") + str(taken)
            s = head + mark + tail
            if m.kind == CallKind.KAKAN:
                h[6 + 3 * seat].append(s)
            else:
                h[5 + 3 * seat].append(s)
                if m.kind == CallKind.DAIMINKAN:
                    h[6 + 3 * seat].append(0)
        elif m.kind == CallKind.ANKAN:
            h[6 + 3 * seat].append("".join(str(x) for x in codes[:3]) + "a" + str(codes[3]))
        elif m.kind == CallKind.KITA:
            h[6 + 3 * seat].append(f"f{codes[0]}")

    def _win(self, h: list[Any], ev: Win) -> None:
        c, n = ev.claimed, self.n
        if c.deltas is None:
            raise RecordError(f"win by seat {ev.seat} states no score changes; tenhou.net/6 needs them")
        if c.ura_indicators and not h[3]:
            h[3] = [self.code(t) for t in c.ura_indicators]
        deltas = list(c.deltas) + [0] * (4 - n)
        pao = c.pao_seat if c.pao_seat is not None else ev.seat
        detail: list[Any] = [ev.seat, ev.from_seat, pao, self._score_text(ev)]
        for y in c.yaku or ():
            detail.append(_yaku_text(y))
        if c.yaku is None:
            self.lost.add("a win without its yaku list")
        if c.fu is not None and c.limit not in (None, ""):
            self.lost.add("fu of a limit hand")
        if h[16] is None:
            h[16] = ["和了"]
        h[16] += [deltas, detail]
        self.results.append(ev)

    def _score_text(self, ev: Win) -> str:
        c, n = ev.claimed, self.n
        if c.limit:
            head = {
                "mangan": "満貫",
                "haneman": "跳満",
                "baiman": "倍満",
                "sanbaiman": "三倍満",
                "yakuman": "役満",
            }.get(c.limit, c.limit)
            if c.limit == "yakuman" and (c.yakuman_multiple or 1) > 1:
                head = "役満"
        elif c.fu is not None and c.han is not None:
            head = f"{c.fu}符{c.han}飜"
        else:
            head = ""
        if not ev.tsumo:
            # a source that states no value (mjai) gets no score text, not a made-up 0
            return f"{head}{c.points}点" if c.points is not None else ""
        honba = c.honba or 0
        deltas = c.deltas or ()
        if not deltas and c.points is None:
            return ""
        dealer = self.cur[0][0] % 4 if self.cur else 0
        payers = [s for s in range(n) if s != ev.seat]
        if deltas and c.pao_seat is None:
            pays = {s: -deltas[s] - 100 * honba for s in payers}
        else:  # liability moves the payments: split the value the usual way
            pts = c.points or 0
            pays = {
                s: pts // (n - 1) if ev.seat == dealer else pts // (2 if s == dealer else 4) for s in payers
            }
        if ev.seat == dealer:
            each = max(pays.values()) if pays else 0
            return f"{head}{each}点∀"
        child = max((pays[s] for s in payers if s != dealer), default=0)
        return f"{head}{child}-{pays.get(dealer, 0)}点"

    def _draw(self, h: list[Any], ev: Ryuukyoku) -> None:
        n = self.n
        deltas = list(ev.deltas or (0,) * n) + [0] * (4 - n)
        name = _DRAW_WRITE[ev.kind]
        if ev.kind == RyuukyokuKind.EXHAUSTIVE:
            if not any(deltas) and ev.tenpai is not None:
                name = "全員聴牌" if len(ev.tenpai) == n else "全員不聴" if not ev.tenpai else "流局"
            h[16] = [name, deltas]
        elif ev.kind == RyuukyokuKind.NAGASHI_MANGAN:
            h[16] = [name, deltas]
        else:
            if any(deltas):
                self.lost.add("score changes of an abortive draw")
            h[16] = [name]
        assert self.cur is not None  # a result closes the hand the writer is in
        self.cur[16] = h[16]


def _yaku_text(y: ClaimedYaku) -> str:
    """``name(N飜)``, or ``name(役満)`` for a yakuman (13 han per multiple)."""
    try:
        name = YAKU_JA[Yaku(y.name)]
    except ValueError:
        name = y.name.removeprefix("unknown:")
    if y.name in {v.value for v in _YAKUMAN_NAMES} and y.han >= 13:
        return f"{name}(ダブル役満)" if y.han >= 26 else f"{name}(役満)"
    return f"{name}({y.han}飜)"


_YAKUMAN_NAMES = {
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
    Yaku.RENHOU,
}

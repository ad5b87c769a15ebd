"""電脳麻将 (kobalab majiang-core) paipu JSON: reader, and a writer (formats.md section 4).

Seats: our seat is the paipu's *player id* (the index of ``player``/``defen``/
``point``), and ``GameStart.first_dealer`` is ``qijia``. Player ids sit in turn
order, so seat s+1 plays after seat s as our events require. Inside ``log`` every
``l`` is relative to the hand's dealer: seat = (qijia + jushu + l) % 4.

A riichi discard (``*``) gives ``RiichiDeclared`` before the discard and
``RiichiAccepted`` after it unless the next event wins on it or is 三家和.
``fenpei`` becomes ``deltas``; top-level ``defen``/``point`` become ``GameEnd``.
Rules: ``rules_hint = (("majiang_rule", None),)`` (the engine's default rule
object) unless the paipu carries a ``rule`` object.
"""

from __future__ import annotations

import json
import re
import warnings
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
from paifu.formats.base import RecordError, hinted_red, with_stated_scores
from paifu.formats.tenhou_json.names import DRAW_NAMES, disp_go_type, yaku_from_name
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
_PINGJU_WRITE = {
    RyuukyokuKind.EXHAUSTIVE: "荒牌平局",
    RyuukyokuKind.NAGASHI_MANGAN: "流し満貫",
    RyuukyokuKind.NINE_TERMINALS: "九種九牌",
    RyuukyokuKind.FOUR_WINDS: "四風連打",
    RyuukyokuKind.FOUR_RIICHI: "四家立直",
    RyuukyokuKind.TRIPLE_RON: "三家和",
    RyuukyokuKind.FOUR_KANS: "四開槓",
}
_MARK_OFFSET = {"+": 1, "=": 2, "-": 3}
_TILE = re.compile(r"^([mpsz])([0-9])")


def pai_to_tile(p: str) -> int:
    """``m1``..``z7``, ``m0`` red (suffixes already removed) -> canonical tile id."""
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


def read_majiang(data: bytes, source: str = "") -> list[GameRecord]:
    """Every game in a paipu file (one game object or a list of them)."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RecordError(f"not valid JSON: {e}", file=source) from e
    games = doc if isinstance(doc, list) else [doc]
    out = []
    for gi, g in enumerate(games):
        if not isinstance(g, dict) or not isinstance(g.get("log"), list):
            raise RecordError("not a 電脳麻将 paipu (no 'log' list)", file=source, game=gi)
        out.append(_read_game(g, source, gi))
    return out


def _tenhou_title(title: object) -> tuple[int | None, str]:
    """kobalab's tenhou-log writes a converted Tenhou game's ``title`` as the table's name (as
    tenhou.net/6 ``disp`` says it: ``四鳳東喰赤速``) and, on a second line, the log id."""
    if not isinstance(title, str) or not title:
        return None, ""
    first, _, rest = title.partition("\n")
    go = disp_go_type(first.strip().removeprefix("四")) if first.strip()[:1] in "四三" else None
    log_id = rest.strip() if go is not None else ""
    return go, log_id


def _read_game(g: dict[str, Any], source: str, gi: int) -> GameRecord:
    players = tuple(str(p) for p in (g.get("player") or ["", "", "", ""]))
    n = len(players)
    if n != 4:
        raise RecordError(f"{n} players; 電脳麻将 paipu are 4-player", file=source, game=gi)
    qijia = g.get("qijia", 0)
    if not isinstance(qijia, int) or isinstance(qijia, bool) or not 0 <= qijia < 4:
        raise RecordError(f"qijia {qijia!r} is not a seat 0..3", file=source, game=gi)
    rule = g.get("rule")
    hint: tuple[tuple[str, object], ...] = (
        ("majiang_rule", _freeze(rule) if isinstance(rule, dict) else None),
    )
    table, game_id = _tenhou_title(g.get("title"))
    if table is not None and not isinstance(rule, dict):  # a Tenhou game converted by kobalab's tenhou-log
        hint = (("tenhou_go_type", table),)
    meta = tuple((k, _freeze(g[k])) for k in ("title", "rank") if k in g)
    events: list[Event] = [
        GameStart(players=players, game_id=game_id, first_dealer=qijia, rules_hint=hint, meta=meta)
    ]
    for hi, hand in enumerate(g["log"]):
        label = str(hi + 1)
        try:
            events.extend(_read_hand(hand, qijia))
        except RecordError as e:
            raise RecordError(e.reason, file=source, game=gi, hand=label, event=e.event) from e
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as e:
            raise RecordError(f"{type(e).__name__}: {e}", file=source, game=gi, hand=label) from e
    partial = "defen" not in g
    if not partial:
        point = g.get("point")
        try:
            events.append(
                GameEnd(
                    final_scores=tuple(int(x) for x in _four(g["defen"], "defen")),
                    rank_points=tuple(float(p) for p in _four(point, "point")) if point is not None else None,
                    rank_points_text=tuple(str(p) for p in point) if point is not None else None,
                    placements=tuple(int(r) for r in _four(g["rank"], "rank")) if "rank" in g else None,
                )
            )
        except (ValueError, TypeError, OverflowError) as e:
            raise RecordError(f"game end: {e}", file=source, game=gi) from e
    return GameRecord(events=events, source=source, format=FORMAT, partial=partial)


def _four(values: object, what: str) -> list[Any]:
    """One value per seat: a list of four (a shorter list would leave seats unset)."""
    if not isinstance(values, list) or len(values) != 4:
        raise ValueError(f"{what} {values!r} is not a list of four values")
    return values


def _freeze(v: object) -> object:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, _freeze(x)) for k, x in v.items())
    return v


def _read_hand(hand: list[dict[str, Any]], qijia: int) -> list[Event]:
    if not isinstance(hand, list) or not hand or not isinstance(hand[0], dict) or "qipai" not in hand[0]:
        raise RecordError("a hand must start with qipai", event=0)
    q = hand[0]["qipai"]
    try:
        jushu = int(q["jushu"])
    except (ValueError, KeyError, TypeError, OverflowError) as err:
        raise RecordError(f"qipai: jushu: {err}", event=0) from err
    dealer = (qijia + jushu) % 4

    def seat(l_: Any) -> int:
        if not isinstance(l_, int) or not 0 <= l_ < 4:
            raise ValueError(f"l = {l_!r} is not 0..3")
        return (dealer + l_) % 4

    def by_seat(values: list[Any]) -> list[Any]:
        out = [None] * 4
        for l_, v in enumerate(_four(values, "per-seat list")):
            out[seat(l_)] = v
        return out

    try:
        scores = by_seat([int(x) for x in q["defen"]])
        hands = by_seat([parse_shoupai(s)[0] for s in q["shoupai"]])
        doras = [pai_to_tile(q["baopai"])]
        honba = int(q["changbang"])
        events: list[Event] = [
            HandStart(
                round_wind=int(q["zhuangfeng"]),
                hand_number=jushu,
                honba=honba,
                sticks=int(q["lizhibang"]),
                dealer=dealer,
                scores=tuple(scores),
                dora_indicator=doras[0],
                hands=tuple(tuple(h) for h in hands),
            )
        ]
    except (ValueError, KeyError, TypeError, OverflowError) as err:
        raise RecordError(f"qipai: {err}", event=0) from err
    last_draw: int | None = None
    last_out: tuple[int, int] | None = None  # a discard or an added kan tile, for ron
    pending_riichi: int | None = None
    for i, item in enumerate(hand[1:], 1):
        if not isinstance(item, dict) or len(item) != 1:
            raise RecordError(f"event {item!r} is not a one-key object", event=i)
        ((kind, e),) = item.items()
        if pending_riichi is not None:
            ronned = kind == "hule" and e.get("baojia") is not None
            if not ronned and not (kind == "pingju" and e.get("name") in ("三家和", "三家和了")):
                events.append(RiichiAccepted(pending_riichi))
            pending_riichi = None
        try:
            if kind in ("zimo", "gangzimo"):
                last_draw = pai_to_tile(e["p"])
                events.append(Draw(seat(e["l"]), last_draw))
            elif kind == "dapai":
                p = str(e["p"])
                s = seat(e["l"])
                m = _TILE.match(p)
                if not m:
                    raise ValueError(f"discard {p!r} is not a tile")
                rest = p[2:]
                if set(rest) - set("_*"):
                    raise ValueError(f"discard {p!r} has unknown marks")
                tile = pai_to_tile(p[:2])
                if "*" in rest:
                    events.append(RiichiDeclared(s))
                    pending_riichi = s
                events.append(Discard(s, tile, "_" in rest))
                last_out = (s, tile)
            elif kind == "fulou":
                s = seat(e["l"])
                meld = parse_meld(str(e["m"]), s)
                if meld.kind not in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
                    raise ValueError(f"fulou {e['m']!r} is not a chi, pon or open kan")
                events.append(Call(s, meld))
            elif kind == "gang":
                s = seat(e["l"])
                meld = parse_meld(str(e["m"]), s)
                if meld.kind not in (CallKind.ANKAN, CallKind.KAKAN):
                    raise ValueError(f"gang {e['m']!r} is not a closed or added kan")
                events.append(Call(s, meld))
                if meld.kind == CallKind.KAKAN:
                    last_out = (s, meld.tiles[-1])
            elif kind == "kaigang":
                t = pai_to_tile(e["baopai"])
                doras.append(t)
                events.append(NewDora(t))
            elif kind == "hule":
                events.append(_hule(e, seat, by_seat, doras, honba, last_draw, last_out))
            elif kind == "pingju":
                name = e.get("name")
                if name not in _PINGJU:
                    raise ValueError(f"unknown pingju {name!r}")
                rk = _PINGJU[name]
                shown_l = e.get("shoupai") or ["", "", "", ""]
                shown = by_seat([tuple(parse_shoupai(x)[0]) if x else None for x in shown_l])
                tenpai = None
                if rk in (RyuukyokuKind.EXHAUSTIVE, RyuukyokuKind.NINE_TERMINALS):
                    tenpai = tuple(s for s in range(4) if shown[s] is not None)
                fenpei = e.get("fenpei")
                events.append(
                    Ryuukyoku(
                        rk,
                        tenpai=tenpai,
                        deltas=tuple(by_seat([int(x) for x in fenpei])) if fenpei else None,
                        honba=honba,
                        shown=tuple(shown),
                    )
                )
            elif kind == "qipai":
                raise ValueError("a second qipai inside one hand")
            else:
                raise ValueError(f"unknown event {kind!r}")
        except (ValueError, KeyError, TypeError, OverflowError) as err:
            raise RecordError(f"{kind}: {err}", event=i) from err
    if pending_riichi is not None:
        events.append(RiichiAccepted(pending_riichi))
    return events


def _hule(
    e: dict[str, Any],
    seat: Any,
    by_seat: Any,
    doras: list[int],
    honba: int,
    last_draw: int | None,
    last_out: tuple[int, int] | None,
) -> Win:
    who = seat(e["l"])
    baojia = e.get("baojia")
    frm = who if baojia is None else seat(baojia)
    if frm == who:
        if last_draw is None:
            raise ValueError("tsumo without a draw")
        tile = last_draw
    else:
        if last_out is None or last_out[0] != frm:
            raise ValueError(f"ron on seat {frm}, whose tile was not the last one out")
        tile = last_out[1]
    concealed, meld_strs = parse_shoupai(str(e["shoupai"]))
    yaku = []
    pao = None
    n_yakuman = 0
    for y in e.get("hupai") or []:
        f = y.get("fanshu")
        if isinstance(f, str) and f.startswith("*"):
            han = 13 * len(f)
            n_yakuman += len(f)
        else:
            han = int(f)
        if y.get("baojia") is not None:  # the liable player, as a direction from the winner ("+" next)
            mark = y["baojia"]
            if mark not in _MARK_OFFSET:
                raise ValueError(f"hupai baojia {mark!r} is not '+', '=' or '-'")
            pao = (who + _MARK_OFFSET[mark]) % 4
        yaku.append(ClaimedYaku(yaku_from_name(str(y["name"])), han))
    fenpei = e.get("fenpei")
    ura = e.get("fubaopai")
    return Win(
        who,
        frm,
        tile,
        ClaimedWin(
            fu=_claimed_int(e, "fu"),
            han=_claimed_int(e, "fanshu"),
            points=_claimed_int(e, "defen"),
            yaku=tuple(yaku),
            yakuman_multiple=_claimed_int(e, "damanguan") or (n_yakuman or None),
            dora_indicators=tuple(doras),
            ura_indicators=tuple(pai_to_tile(p) for p in ura) if ura is not None else None,
            hand=tuple(concealed),
            melds=tuple(parse_meld(m, who) for m in meld_strs),
            honba=honba,
            deltas=tuple(by_seat([int(x) for x in fenpei])) if fenpei else None,
            pao_seat=pao,
        ),
    )


def _claimed_int(e: dict[str, Any], key: str) -> int | None:
    """A number the record claims (fu, han, points): an integer or absent, never another type."""
    v = e.get(key)
    if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
        raise ValueError(f"{key} {v!r} is not an integer")
    return v


# ---------------------------------------------------------------- writing

#: the yakuman whose hupai entry carries the liable player (``baojia``); 電脳麻将 has pao for these only
_PAO_YAKU = frozenset({"daisangen", "daisuushii"})


def write_majiang(record: GameRecord) -> bytes:
    """One game as a 電脳麻将 paipu object (4-player only). Warns about losses."""
    from paifu.formats.tenhou_json import YAKU_JA
    from paifu.yaku import Yaku

    record = with_stated_scores(record)  # a record that states no scores (mjai's original protocol)
    start = record.start
    if start.num_players != 4:
        raise RecordError("電脳麻将 paipu are 4-player only", file=record.source)
    red = hinted_red(start)
    P = lambda t: tile_to_pai(t, red)  # noqa: E731
    qijia = start.first_dealer
    lost: set[str] = set()
    log: list[list[dict[str, Any]]] = []
    hand: list[dict[str, Any]] | None = None
    dealer = 0
    riichi_next: int | None = None
    after_kan = False
    game: dict[str, Any] = {"title": "", "player": list(start.players), "qijia": qijia, "log": log}
    hint = dict(start.rules_hint)
    go = hint.get("tenhou_go_type")
    if (
        isinstance(go, int) and not go & ~0x12FF
    ):  # a Tenhou table: its name in the title, as kobalab's tenhou-log
        from paifu.formats.tenhou_json import go_type_disp

        game["title"] = "四" + go_type_disp(go) + (f"\n{start.game_id}" if start.game_id else "")
    elif "majiang_rule" not in hint and hint.get("preset") != "majiang":
        # a paipu states no rule: read back, it is judged by 電脳麻将's defaults (or --rules),
        # including the uma its `point` is checked against
        lost.add("the table's rules (read back as 電脳麻将's defaults unless --rules is given)")

    def L(s: int) -> int:
        return (s - dealer) % 4

    def by_l(vals: Any) -> list[Any]:
        return [vals[(dealer + l_) % 4] for l_ in range(4)]

    for ev in record.events[1:]:
        if isinstance(ev, HandStart):
            dealer = ev.dealer
            if ev.dice is not None:
                lost.add("dice")
            hand = [
                {
                    "qipai": {
                        "zhuangfeng": ev.round_wind,
                        "jushu": ev.hand_number,
                        "changbang": ev.honba,
                        "lizhibang": ev.sticks,
                        "defen": by_l(ev.scores),
                        "baopai": P(ev.dora_indicator),
                        "shoupai": [_shoupai(h, [], P) for h in by_l(ev.hands)],
                    }
                }
            ]
            log.append(hand)
            continue
        if isinstance(ev, GameEnd):
            if ev.final_scores is not None:
                game["defen"] = list(ev.final_scores)
                from paifu.rank_points import seat_order  # placements: ties go to the seat nearer qijia

                order = seat_order(ev.final_scores, qijia)
                game["rank"] = [order.index(s) + 1 for s in range(4)]
            if ev.rank_points_text is not None:
                game["point"] = list(ev.rank_points_text)
            continue
        if hand is None:
            lost.add(f"{type(ev).__name__} outside a hand")
            continue
        if isinstance(ev, Draw):
            hand.append({"gangzimo" if after_kan else "zimo": {"l": L(ev.seat), "p": P(ev.tile)}})
            after_kan = False
        elif isinstance(ev, RiichiDeclared):
            riichi_next = ev.seat
        elif isinstance(ev, Discard):
            p = P(ev.tile) + ("_" if ev.tsumogiri else "") + ("*" if riichi_next == ev.seat else "")
            riichi_next = None
            hand.append({"dapai": {"l": L(ev.seat), "p": p}})
        elif isinstance(ev, Call):
            m = ev.meld
            if m.kind == CallKind.KITA:
                raise RecordError("電脳麻将 has no kita", file=record.source)
            key = "gang" if m.kind in (CallKind.ANKAN, CallKind.KAKAN) else "fulou"
            after_kan = m.kind in (CallKind.ANKAN, CallKind.KAKAN, CallKind.DAIMINKAN)
            hand.append({key: {"l": L(ev.seat), "m": _meld_str(m, ev.seat, P)}})
        elif isinstance(ev, NewDora):
            hand.append({"kaigang": {"baopai": P(ev.indicator)}})
        elif isinstance(ev, RiichiAccepted):
            continue
        elif isinstance(ev, Win):
            c = ev.claimed
            hupai = []
            for y in c.yaku or ():
                try:
                    name = YAKU_JA[Yaku(y.name)]
                except ValueError:
                    name = y.name.removeprefix("unknown:")
                entry: dict[str, Any] = {
                    "name": name,
                    "fanshu": "*" * (y.han // 13) if c.yakuman_multiple else y.han,
                }
                if c.pao_seat is not None and y.name in _PAO_YAKU:  # the liable player, as a direction
                    entry["baojia"] = "+=-"[(c.pao_seat - ev.seat) % 4 - 1]
                hupai.append(entry)
            concealed = list(c.hand or ())
            hule = {
                "l": L(ev.seat),
                "shoupai": _shoupai(concealed, list(c.melds or ()), P, ev.seat),
                "baojia": None if ev.tsumo else L(ev.from_seat),
                "fubaopai": [P(t) for t in c.ura_indicators] if c.ura_indicators is not None else None,
                "fu": c.fu,
                "fanshu": c.han,
                "defen": c.points,
                "hupai": hupai,
                "fenpei": by_l(c.deltas) if c.deltas is not None else [0, 0, 0, 0],
            }
            if c.yakuman_multiple:
                hule["damanguan"] = c.yakuman_multiple
            hand.append({"hule": hule})
        elif isinstance(ev, Ryuukyoku):
            shown = by_l(ev.shown) if ev.shown is not None else [None] * 4
            hand.append(
                {
                    "pingju": {
                        "name": _PINGJU_WRITE[ev.kind],
                        "shoupai": [_shoupai(s, [], P) if s else "" for s in shown],
                        "fenpei": by_l(ev.deltas) if ev.deltas is not None else [0, 0, 0, 0],
                    }
                }
            )
        else:
            lost.add(f"{type(ev).__name__} events")
    for what in sorted(lost):
        warnings.warn(f"電脳麻将 paipu cannot carry {what}", stacklevel=2)
    return (json.dumps(game, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _shoupai(tiles: Any, melds: list[Meld], P: Any, seat: int = 0) -> str:
    groups: dict[str, list[str]] = {s: [] for s in _SUITS}
    for t in sorted(tiles, key=lambda t: (t >> 2, t & 3)):
        p = P(t)
        groups[p[0]].append(p[1])
    text = "".join(s + "".join(ds) for s, ds in groups.items() if ds)
    return ",".join([text, *(_meld_str(m, seat, P) for m in melds)])


def _meld_str(m: Meld, seat: int, P: Any) -> str:
    pais = [P(t) for t in m.tiles]
    suit = pais[0][0]
    if m.kind == CallKind.ANKAN:
        return suit + "".join(sorted((p[1] for p in pais), key=lambda d: (d == "0" and "5" or d, d != "0")))
    assert m.called is not None and m.from_seat is not None
    mark = {1: "+", 2: "=", 3: "-"}[(m.from_seat - seat) % 4]
    called = P(m.called)[1]
    key = lambda d: ("5" if d == "0" else d, d == "0")  # noqa: E731
    if m.kind == CallKind.CHI:
        ds = sorted((p[1] for p in pais), key=key)
        i = ds.index(called)
        return suit + "".join(ds[: i + 1]) + mark + "".join(ds[i + 1 :])
    if m.kind == CallKind.KAKAN:
        base = [p[1] for p in pais[:3]]
        base.remove(called)
        return suit + "".join(sorted(base, key=key)) + called + mark + pais[3][1]
    own = [p[1] for p in pais]
    own.remove(called)
    return suit + "".join(sorted(own, key=key)) + called + mark

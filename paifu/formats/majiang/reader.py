"""Reading 電脳麻将 paipu: each game's header and end, each hand's log (``qipai`` .. ``hule`` or
``pingju``) to events of :mod:`paifu.events`."""

from __future__ import annotations

import json
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    ClaimedWin,
    ClaimedYaku,
    Event,
    GameEnd,
    GameRecord,
    GameStart,
    HandStart,
    NewDora,
    RiichiAccepted,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, freeze, integer, integers
from paifu.formats.majiang.names import (
    _MARK_OFFSET,
    _PINGJU,
    _TILE,
    FORMAT,
    pai_to_tile,
    parse_meld,
    parse_shoupai,
)
from paifu.formats.plays import DISCARDS, DRAWS, RIICHI
from paifu.formats.sniff import NOT_PARSED, take_parsed
from paifu.formats.tenhou_json.names import disp_go_type, yaku_from_name


def read_majiang(data: bytes, source: str = "") -> list[GameRecord]:
    """Every game in a paipu file (one game object or a list of them)."""
    doc = take_parsed(data)  # detection parsed it already
    if doc is NOT_PARSED:
        try:
            doc = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise RecordError(f"not valid JSON: {e}", file=source) from e
    games = doc if isinstance(doc, list) else [doc]
    out = []
    for gi, g in enumerate(games):
        if not isinstance(g, dict) or not isinstance(g.get("log"), list):
            raise RecordError("not a 電脳麻将 paipu (no 'log' list)", file=source, game=gi)
        if not g["log"]:  # said now, not after a record for each of a million empty games
            raise RecordError("a game with no hand in it", file=source, game=gi)
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
        # as JSON text: hashable, and nothing lost (frozen, an object and a list were both tuples)
        ("majiang_rule", json.dumps(rule, ensure_ascii=False) if isinstance(rule, dict) else None),
    )
    table, game_id = _tenhou_title(g.get("title"))
    if table is not None and not isinstance(rule, dict):  # a Tenhou game converted by kobalab's tenhou-log
        hint = (("tenhou_go_type", table),)
    # a Tenhou table's name and log id in the title are the table's and the game's (hint and id)
    meta = tuple((k, freeze(g[k])) for k in ("title", "rank") if k in g and (k != "title" or table is None))
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
                    final_scores=integers(_four(g["defen"], "defen"), "defen", 4),
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


def _read_hand(hand: list[dict[str, Any]], qijia: int) -> list[Event]:
    if not isinstance(hand, list) or not hand or not isinstance(hand[0], dict) or "qipai" not in hand[0]:
        raise RecordError("a hand must start with qipai", event=0)
    q = hand[0]["qipai"]
    try:
        jushu = integer(q["jushu"], "jushu")
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
        scores = by_seat(list(integers(q["defen"], "defen", 4)))
        hands = by_seat([parse_shoupai(s)[0] for s in q["shoupai"]])
        doras = [pai_to_tile(q["baopai"])]
        honba = integer(q["changbang"], "changbang")
        events: list[Event] = [
            HandStart(
                round_wind=integer(q["zhuangfeng"], "zhuangfeng"),
                hand_number=jushu,
                honba=honba,
                sticks=integer(q["lizhibang"], "lizhibang"),
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
                events.append(DRAWS[seat(e["l"])][last_draw])  # a seat 0..3 and a tile id
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
                    events.append(RIICHI[s])
                    pending_riichi = s
                events.append(DISCARDS["_" in rest][s][tile])
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
            yaku=tuple(yaku) if "hupai" in e else None,  # a paipu that states no yaku claims none
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

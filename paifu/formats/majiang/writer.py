"""Writing 電脳麻将 paipu: one game object per record (4-player only), warning about losses."""

from __future__ import annotations

import dataclasses
import json
import warnings
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Draw,
    GameEnd,
    GameRecord,
    HandStart,
    Meld,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, TableFacts, with_stated_scores
from paifu.formats.kan_dora import at_reveal
from paifu.formats.majiang.names import _PINGJU_WRITE, _SUITS, HUPAI_NAME, HUPAI_RANK, tile_to_pai

#: the yakuman whose hupai entry carries the liable player (``baojia``); 電脳麻将 has pao for these only
_PAO_YAKU = frozenset({"daisangen", "daisuushii"})


def write_majiang(record: GameRecord, table: TableFacts | None = None) -> bytes:
    """One game as a 電脳麻将 paipu object (4-player only); ``table`` gives the red fives and
    start points (default: Tenhou's). Warns about losses."""

    table = table or TableFacts()
    # a record that states no scores (mjai's original protocol)
    record = with_stated_scores(record, table.start_points)
    start = record.start
    if start.num_players != 4:
        raise RecordError("電脳麻将 paipu are 4-player only", file=record.source)
    red = table.red_fives
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

    # each kan's new indicator where majiang-core reveals it
    for ev in at_reveal(record.events[1:], closed_after_draw=True):
        if isinstance(ev, HandStart):
            dealer = ev.dealer
            # a hand starts afresh: a hand that ended on a robbed kan leaves no rinshan draw pending
            after_kan = False
            riichi_next = None
            melds: list[list[Meld]] = [[] for _ in range(4)]
            riichi: set[int] = set()
            last_draw: dict[int, int] = {}
            # the concealed tiles as the events move them: the hands a record that shows none (mjai) has
            held = [list(h) for h in ev.hands]
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
                # placements: ties go to the seat nearer qijia (as paifu.rank_points.seat_order, which
                # formats do not import: its package reads rulesets)
                places = [(-v, (s - qijia) % 4) for s, v in enumerate(ev.final_scores)]
                order = sorted(range(4), key=places.__getitem__)
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
            last_draw[ev.seat] = ev.tile
            held[ev.seat].append(ev.tile)
        elif isinstance(ev, RiichiDeclared):
            riichi_next = ev.seat
        elif isinstance(ev, Discard):
            p = P(ev.tile) + ("_" if ev.tsumogiri else "") + ("*" if riichi_next == ev.seat else "")
            if riichi_next == ev.seat:
                riichi.add(ev.seat)
            riichi_next = None
            hand.append({"dapai": {"l": L(ev.seat), "p": p}})
            _take(held[ev.seat], [ev.tile])
        elif isinstance(ev, Call):
            m = ev.meld
            if m.kind == CallKind.KITA:
                raise RecordError("電脳麻将 has no kita", file=record.source)
            key = "gang" if m.kind in (CallKind.ANKAN, CallKind.KAKAN) else "fulou"
            after_kan = m.kind in (CallKind.ANKAN, CallKind.KAKAN, CallKind.DAIMINKAN)
            own = melds[ev.seat]
            _take(held[ev.seat], _from_hand(m))
            # an added kan takes the place of the pon it extends, as 電脳麻将 shows it
            pons = [
                i for i, x in enumerate(own) if x.kind == CallKind.PON and x.tiles[0] >> 2 == m.tiles[0] >> 2
            ]
            if m.kind == CallKind.KAKAN and pons:
                own[pons[0]] = m
            else:
                own.append(m)
            hand.append({key: {"l": L(ev.seat), "m": _meld_str(m, ev.seat, P)}})
        elif isinstance(ev, NewDora):
            hand.append({"kaigang": {"baopai": P(ev.indicator)}})
        elif isinstance(ev, RiichiAccepted):
            continue
        elif isinstance(ev, Win):
            if ev.claimed.hand is None:  # the record shows no winning hand: the one the events left
                tiles = held[ev.seat] + ([] if ev.tsumo else [ev.tile])
                ev = dataclasses.replace(ev, claimed=dataclasses.replace(ev.claimed, hand=tuple(tiles)))
            hand.append({"hule": _hule(ev, L, by_l, P, riichi, melds[ev.seat])})
        elif isinstance(ev, Ryuukyoku):
            shown: list[Any] = list(ev.shown) if ev.shown is not None else [None] * 4
            if ev.shown is None and ev.tenpai is not None and ev.kind == RyuukyokuKind.EXHAUSTIVE:
                shown = [held[s] if s in ev.tenpai else None for s in range(4)]  # what the tenpai seats hold
            elif ev.shown is None and ev.kind == RyuukyokuKind.FOUR_RIICHI:
                shown = held  # 電脳麻将 shows all four riichi hands
            elif ev.shown is None and ev.kind == RyuukyokuKind.NAGASHI_MANGAN:
                lost.add("the hands shown at a nagashi mangan (the record shows none: read back as noten)")
            texts = []
            for seat, tiles in enumerate(shown):
                # 電脳麻将 shows the nine-terminals declarer's draw last, as in its hand while drawn
                zimo = last_draw.get(seat) if ev.kind == RyuukyokuKind.NINE_TERMINALS else None
                texts.append(_shoupai(tiles, melds[seat], P, seat, zimo, seat in riichi) if tiles else "")
            hand.append(
                {
                    "pingju": {
                        "name": _PINGJU_WRITE[ev.kind],
                        "shoupai": by_l(texts),
                        "fenpei": by_l(ev.deltas) if ev.deltas is not None else [0, 0, 0, 0],
                    }
                }
            )
        else:
            lost.add(f"{type(ev).__name__} events")
    for what in sorted(lost):
        warnings.warn(f"電脳麻将 paipu cannot carry {what}", stacklevel=2)
    return (json.dumps(game, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _from_hand(m: Meld) -> list[int]:
    """The tiles a meld takes out of its caller's hand (all but the called one; an added kan its fourth)."""
    if m.kind == CallKind.KAKAN:
        return list(m.tiles[3:])
    tiles = list(m.tiles)
    if m.called is not None and m.called in tiles:
        tiles.remove(m.called)
    return tiles


def _take(held: list[int], tiles: list[int]) -> None:
    """Take ``tiles`` out of a hand: the same id, else the same kind (a record naming kinds only)."""
    for t in tiles:
        same = t if t in held else next((x for x in held if x >> 2 == t >> 2), None)
        if same is not None:
            held.remove(same)


def _hule(ev: Win, L: Any, by_l: Any, P: Any, riichi: set[int], melds: list[Meld]) -> dict[str, Any]:
    """A win as majiang-core writes it: its own yaku names in its order, the winning tile last in the
    hand, and no ``fu`` or ``fanshu`` for a yakuman (``damanguan`` instead)."""
    from paifu.formats.tenhou_json import YAKU_JA
    from paifu.yaku import Yaku

    c = ev.claimed
    hupai = []
    for y in sorted(c.yaku or (), key=lambda y: HUPAI_RANK.get(y.name, len(HUPAI_RANK))):
        if y.han == 0 and not c.yakuman_multiple:  # Tenhou lists a dora it did not find (ura 0): 電脳麻将 not
            continue
        name = HUPAI_NAME.get(y.name)
        if name is None:
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
    hule: dict[str, Any] = {
        "l": L(ev.seat),
        "shoupai": _shoupai(
            list(c.hand or ()),
            # in the order they were called, as 電脳麻将 lists them (Tenhou's AGARI has its own order)
            melds if c.melds is None or len(c.melds) == len(melds) else list(c.melds),
            P,
            ev.seat,
            ev.tile,
            ev.seat in riichi,
        ),
        "baojia": None if ev.tsumo else L(ev.from_seat),
        "fubaopai": [P(t) for t in c.ura_indicators] if c.ura_indicators is not None else None,
        "defen": c.points,
        "hupai": hupai,
        "fenpei": by_l(c.deltas) if c.deltas is not None else [0, 0, 0, 0],
    }
    if c.yaku is None:  # the record states no yaku (mjai): none claimed, rather than a claim of none
        del hule["hupai"]
    if c.points is None:
        del hule["defen"]
    if c.yakuman_multiple:
        hule["damanguan"] = c.yakuman_multiple
    else:  # a value the record does not state (tenhou.net/6 has no fu for a limit hand) is left out
        hule.update((k, v) for k, v in (("fu", c.fu), ("fanshu", c.han)) if v is not None)
    return hule


def _shoupai(
    tiles: Any, melds: list[Meld], P: Any, seat: int = 0, zimo: int | None = None, riichi: bool = False
) -> str:
    """A hand string as 電脳麻将 writes it: the concealed tiles by suit, then the tile just drawn or won
    (``zimo``), ``*`` for a riichi hand, then the melds."""
    tiles = list(tiles)
    if zimo is not None and zimo in tiles:
        tiles.remove(zimo)
    else:
        zimo = None
    groups: dict[str, list[str]] = {s: [] for s in _SUITS}
    for t in sorted(tiles, key=lambda t: (t >> 2, t & 3)):
        p = P(t)
        groups[p[0]].append(p[1])
    text = "".join(s + "".join(ds) for s, ds in groups.items() if ds)
    text += (P(zimo) if zimo is not None else "") + ("*" if riichi else "")
    return ",".join([text, *(_meld_str(m, seat, P) for m in melds)])


def _meld_str(m: Meld, seat: int, P: Any) -> str:
    pais = [P(t) for t in m.tiles]
    suit = pais[0][0]
    if m.kind == CallKind.ANKAN:
        # red fives after the plain ones, as 電脳麻将 spells a closed kan (``m5550``)
        return suit + "".join(sorted((p[1] for p in pais), key=lambda d: (d == "0" and "5" or d, d == "0")))
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

"""Writing 電脳麻将 paipu: one game object per record (4-player only), warning about losses."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Draw,
    Event,
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
from paifu.formats.base import RecordError, TableFacts, header_lost, with_stated_scores
from paifu.formats.hand_walker import HandWalker
from paifu.formats.kan_dora import moved_to_reveal
from paifu.formats.majiang.names import _PINGJU_WRITE, _SUITS, CALL_KEYS, HUPAI_NAME, HUPAI_RANK, tile_to_pai

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
    qijia = start.first_dealer
    w = _Writer(table.red_fives)
    game: dict[str, Any] = {"title": "", "player": list(start.players), "qijia": qijia, "log": w.log}
    hint = dict(start.rules_hint)
    go = hint.get("tenhou_go_type")
    own = _title(dict(start.meta).get("title"))
    if (
        isinstance(go, int) and not go & ~0x12FF
    ):  # a Tenhou table: its name in the title, as kobalab's tenhou-log
        from paifu.formats.tenhou_json import go_type_disp

        game["title"] = "四" + go_type_disp(go) + (f"\n{start.game_id}" if start.game_id else "")
        if own:
            w.lost.add("the game's own title (title): its place holds the Tenhou table's name and log id")
    else:
        game["title"] = own
        title = dict(start.meta).get("title")
        if isinstance(title, tuple) and own and (len(title) > 1 or not isinstance(title[0], str)):
            w.lost.add(
                "the game's title (title) in parts: written as one text, its parts on lines of their own"
            )
        if "majiang_rule" not in hint and hint.get("preset") != "majiang":
            # a paipu states no rule: read back, it is judged by 電脳麻将's defaults (or --rules),
            # including the uma its `point` is checked against
            w.lost.add("the table's rules (read back as 電脳麻将's defaults unless --rules is given)")
    if start.wall_seed:
        w.lost.add("the wall seed (SHUFFLE)")
    if (lost := header_lost(start.meta, {"title"})) is not None:
        w.lost.add(lost)
    # each kan's new indicator where majiang-core reveals it, unless the table shows an open kan's at
    # once (majiang-core's rule カンドラ後乗せ off): then where the record gives it
    events = record.events[1:]
    w.walk(events if table.open_kan_dora_at_once else moved_to_reveal(events, True, w.lost))
    if w.end is not None:
        game.update(_game_end(w.end, qijia))
    w.warn_lost("電脳麻将 paipu")
    return (json.dumps(game, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _title(title: object) -> str:
    """A game's own title as one text: tenhou.net/6's parts on lines of their own ("" for none)."""
    if isinstance(title, tuple):
        return "\n".join(str(p) for p in title) if any(str(p) for p in title) else ""
    return title if isinstance(title, str) else ""


def _game_end(ev: GameEnd, qijia: int) -> dict[str, Any]:
    """The paipu's final scores, placements and rank points."""
    out: dict[str, Any] = {}
    if ev.final_scores is not None:
        out["defen"] = list(ev.final_scores)
        # placements: ties go to the seat nearer qijia (as paifu.rank_points.seat_order, which
        # formats do not import: its package reads rulesets)
        places = [(-v, (s - qijia) % 4) for s, v in enumerate(ev.final_scores)]
        order = sorted(range(4), key=places.__getitem__)
        out["rank"] = [order.index(s) + 1 for s in range(4)]
    if ev.rank_points_text is not None:
        out["point"] = list(ev.rank_points_text)
    return out


class _Writer(HandWalker):
    """The paipu's hands, an event at a time; seats are written counted from the hand's dealer."""

    def __init__(self, red: tuple[int, int, int]) -> None:
        super().__init__(4)
        self.P = lambda t: tile_to_pai(t, red)
        self.log: list[list[dict[str, Any]]] = []
        self.hand: list[dict[str, Any]] = []
        self.end: GameEnd | None = None

    def L(self, s: int) -> int:
        return (s - self.table.dealer) % 4

    def by_l(self, vals: Any, dealer: int | None = None) -> list[Any]:
        """Per-seat values in the paipu's order: the hand's dealer first."""
        d = self.table.dealer if dealer is None else dealer
        return [vals[(d + l_) % 4] for l_ in range(4)]

    def walk(self, events: Iterable[Event]) -> None:
        super().walk(ev for ev in events if self._in_hand(ev))

    def _in_hand(self, ev: Event) -> bool:
        if self.log or isinstance(ev, (HandStart, GameEnd)):
            return True
        self.lost.add(f"{type(ev).__name__} outside a hand")
        return False

    def hand_start(self, ev: HandStart) -> None:
        P = self.P
        self.stated_wall(ev)
        if ev.dice is not None:
            self.lost.add("dice")
        if any([t >> 2 for t in h] != sorted(t >> 2 for t in h) for h in ev.hands):
            self.lost.add("the dealing order of the start hands (written sorted)")
        self.hand = [
            {
                "qipai": {
                    "zhuangfeng": ev.round_wind,
                    "jushu": ev.hand_number,
                    "changbang": ev.honba,
                    "lizhibang": ev.sticks,
                    "defen": self.by_l(ev.scores, ev.dealer),
                    "baopai": P(ev.dora_indicator),
                    "shoupai": [_shoupai(h, [], P) for h in self.by_l(ev.hands, ev.dealer)],
                }
            }
        ]
        self.log.append(self.hand)

    def game_end(self, ev: GameEnd) -> None:
        if ev.final_scores is None:  # a paipu without `defen` is an excerpt
            self.lost.add("a game end without final scores (read back as an excerpt)")
        self.end = ev

    def draw(self, ev: Draw) -> None:
        # no gangzimo for a hand's first draw after a hand that ended on a robbed kan: the table resets it
        key = "gangzimo" if self.table.after_kan else "zimo"
        self.hand.append({key: {"l": self.L(ev.seat), "p": self.P(ev.tile)}})

    def riichi_declared(self, ev: RiichiDeclared) -> None:
        self.open_riichi(ev)  # its discard says it (``*``)

    def riichi_accepted(self, ev: RiichiAccepted) -> None:
        if ev.scores is not None:  # 電脳麻将 pays the stick at the riichi discard and writes no scores
            self.lost.add("scores after a riichi stick")

    def discard(self, ev: Discard) -> None:
        riichi = self.table.riichi_discard(ev.seat)
        p = self.P(ev.tile) + ("_" if ev.tsumogiri else "") + ("*" if riichi else "")
        self.hand.append({"dapai": {"l": self.L(ev.seat), "p": p}})

    def call(self, ev: Call) -> None:
        m = ev.meld
        key = CALL_KEYS.get(m.kind)
        if key is None:
            raise RecordError(f"電脳麻将 has no {m.kind.value}")
        self.hand.append({key: {"l": self.L(ev.seat), "m": _meld_str(m, ev.seat, self.P)}})

    def new_dora(self, ev: NewDora) -> None:
        self.hand.append({"kaigang": {"baopai": self.P(ev.indicator)}})

    def win(self, ev: Win) -> None:
        t = self.table
        self.result_counts(ev)
        self._win_losses(ev)
        if ev.claimed.hand is None:  # the record shows no winning hand: the one the events left
            tiles = t.held(ev.seat) + ([] if ev.tsumo else [ev.tile])
            ev = dataclasses.replace(ev, claimed=dataclasses.replace(ev.claimed, hand=tuple(tiles)))
        self.hand.append(
            {"hule": _hule(ev, self.L, self.by_l, self.P, t.in_riichi(ev.seat), t.melds(ev.seat))}
        )

    def _win_losses(self, ev: Win) -> None:
        """What a win states that majiang-core's ``hule`` has no place for."""
        c = ev.claimed
        if c.limit:  # majiang-core writes the points only
            self.lost.add("limit names (mangan, haneman ...: read back as not stated)")
        if c.deltas is None:
            self.lost.add("a result without its score changes (fenpei written as no change)")
        if c.yakuman_multiple and c.fu:
            self.lost.add("fu of a yakuman (majiang-core writes none)")
        if c.yaku and not c.yakuman_multiple and any(y.han == 0 for y in c.yaku):
            self.lost.add("yaku of no han (Tenhou's dora 0: left out, as majiang-core writes)")

    def ryuukyoku(self, ev: Ryuukyoku) -> None:
        t = self.table
        self.result_counts(ev)
        if ev.deltas is None and not ev.kind.abortive:
            self.lost.add("a result without its score changes (fenpei written as no change)")
        shown: list[Any] = list(ev.shown) if ev.shown is not None else [None] * 4
        if ev.shown is None and ev.tenpai is not None and ev.kind == RyuukyokuKind.EXHAUSTIVE:
            shown = [t.held(s) if s in ev.tenpai else None for s in range(4)]  # what the tenpai seats hold
        elif ev.shown is None and ev.kind == RyuukyokuKind.FOUR_RIICHI:
            shown = [t.held(s) for s in range(4)]  # 電脳麻将 shows all four riichi hands
        elif ev.shown is None and ev.kind == RyuukyokuKind.TRIPLE_RON:
            # 電脳麻将 shows the three who would ron (lib/game.js: 「shoupai[l] = model.shoupai[l].toString()」
            # for each of this._hule): every seat but the discarder
            src = t.last_discarder
            shown = [t.held(s) if s != src else None for s in range(4)]
        elif ev.shown is None and ev.kind == RyuukyokuKind.NAGASHI_MANGAN:
            self.lost.add("the hands shown at a nagashi mangan (the record shows none: read back as noten)")
        texts = []
        for seat, tiles in enumerate(shown):
            # 電脳麻将 shows the nine-terminals declarer's draw last, as in its hand while drawn
            zimo = t.drawn(seat) if ev.kind == RyuukyokuKind.NINE_TERMINALS else None
            texts.append(
                _shoupai(tiles, t.melds(seat), self.P, seat, zimo, t.in_riichi(seat)) if tiles else ""
            )
        self.hand.append(
            {
                "pingju": {
                    "name": _PINGJU_WRITE[ev.kind],
                    "shoupai": self.by_l(texts),
                    "fenpei": self.by_l(ev.deltas) if ev.deltas is not None else [0, 0, 0, 0],
                }
            }
        )


def _hule(ev: Win, L: Any, by_l: Any, P: Any, riichi: bool, melds: list[Meld]) -> dict[str, Any]:
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
            riichi,
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

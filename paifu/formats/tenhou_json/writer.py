"""Writing tenhou.net/6: one game as one document; what the format cannot carry is warned about."""

from __future__ import annotations

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
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, TableFacts, header_lost, with_stated_scores
from paifu.formats.hand_walker import HandWalker
from paifu.formats.kan_dora import at_tenhou_json_read
from paifu.formats.seats import first_dealer_at_zero
from paifu.formats.tenhou_json.names import _DRAW_WRITE, CALL_LETTERS, _yaku_text, go_type_disp, tile_to_code
from paifu.formats.tenhou_ranks import dan_names


def write_tenhou_json(record: GameRecord, table: TableFacts | None = None) -> bytes:
    """One game as a tenhou.net/6 document (UTF-8, one line); ``table`` gives the red fives,
    start points and Tenhou table type (default: a general-lobby table with red fives).

    Emits ``warnings.warn`` for what the format cannot carry (docs/formats.md).
    """
    table = table or TableFacts()
    # a record that states no scores (mjai's original protocol)
    record = with_stated_scores(record, table.start_points)
    lost: set[str] = set()
    if record.start.first_dealer != 0:  # tenhou.net/6 has no word for it: its seat 0 deals first
        lost.add(
            f"a first dealer other than seat 0 (seats turned: seat {record.start.first_dealer} is seat 0)"
        )
        record = first_dealer_at_zero(record)
    start = record.start
    n = start.num_players
    red = table.red_fives
    if start.wall_seed:
        lost.add("the wall seed (SHUFFLE)")
    w = _Writer(n, red)
    w.lost |= lost
    if at_tenhou_json_read(record.events[1:]) != record.events[1:]:
        w.lost.add(
            "the moment a kan's new indicator was revealed (read back where Tenhou usually reveals it)"
        )
    w.walk(record.events[1:])
    w.close()
    name = list(start.players) + [""] * (4 - n)
    go = dict(start.rules_hint).get("tenhou_go_type")
    if go is not None:  # the server's log id outranks a rewritten GO tag, as when reading
        go = table.log_go_type or go
    if go is None:  # no Tenhou table named: the general-lobby table of the record's rules
        go = table.go_type if table.go_type is not None else 0x09 | (0x10 if n == 3 else 0)
    rule: dict[str, Any] = {"disp": go_type_disp(int(go))}  # type: ignore[call-overload]
    if int(go) & ~0x12FF:  # type: ignore[call-overload]
        rule["type"] = int(go)  # type: ignore[call-overload]  # a lobby its name cannot say (ratio, tournament)
    if dict(start.rules_hint).get("tenhou_seed_form"):  # an undated log's era (its wall seed's form)
        rule["tenhou_seed_form"] = dict(start.rules_hint)["tenhou_seed_form"]
    if len(set(red)) == 1 and n == 4:
        rule["aka"] = red[0]
    else:
        rule.update({"aka51": red[0], "aka52": red[1], "aka53": red[2]})
    meta = dict(start.meta)
    doc: dict[str, Any] = {"title": _title(meta.get("title")), "name": name, "rule": rule, "log": w.log}
    if start.game_id:
        doc["ref"] = start.game_id
    for key in ("lobby", "csrule"):  # the lobby's own rank point rule travels with the game
        if meta.get(key) is not None and meta.get(key) != "":  # lobby 0 is a lobby
            doc[key] = meta[key]
    # the players as Tenhou's own tenhou.net/6 states them: rank names, rates and sexes
    # (another platform's level names, as its converters write them: 雀豪★2)
    stated = meta.get("dan", meta.get("rank_level_name"))
    if (dan := dan_names(tuple(stated)[:n] if isinstance(stated, tuple) else None)) is not None:
        doc["dan"] = dan + [""] * (4 - len(dan))
    for key in ("rate", "sx"):
        if isinstance(value := meta.get(key), tuple):
            doc[key] = list(value)
    for key in ("ratingc", "ver"):
        if key in meta:
            doc[key] = meta[key]
    if "ver" not in doc and "mjlog_ver" in meta:  # Tenhou XML's version is tenhou.net/6's ver (a number)
        try:
            doc["ver"] = _parse_num(str(meta["mjlog_ver"]))
        except ValueError:
            doc["ver"] = meta["mjlog_ver"]
    carried = {"title", "lobby", "csrule", "dan", "rate", "sx", "ratingc", "ver", "mjlog_ver", "ref"}
    if "dan" in doc and "dan" not in meta:
        carried.add("rank_level_name")
    header = header_lost(start.meta, carried | {"shuffle_ref"} if start.wall_seed else carried)
    if header is not None:
        w.lost.add(header)
    if w.sc is not None:
        doc["sc"] = w.sc
    w.warn_lost("tenhou.net/6 JSON")
    return (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _title(title: object) -> object:
    """The document's ``title``: tenhou.net/6's two parts as the record gives them (Tenhou XML's
    title as one text, its parts on lines of their own where paifu's XML joined them)."""
    if isinstance(title, tuple):
        return list(title)
    if isinstance(title, str) and title:
        return title.split("\n") if "\n" in title else title
    return ["", ""]


def _parse_num(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


class _Writer(HandWalker):
    """Builds the per-hand arrays from events."""

    def __init__(self, n: int, red: tuple[int, int, int]) -> None:
        super().__init__(n)
        self.n = n
        self.red = red
        self.log: list[list[Any]] = []
        self.cur: list[Any] | None = None
        self.riichi: int | None = None
        self.sc: list[Any] | None = None  # the game end's final scores and rank points

    def code(self, tile: int) -> int:
        return tile_to_code(tile, self.red)

    def close(self) -> None:
        if self.cur is not None and self.cur[16] is None:
            raise RecordError(f"hand {len(self.log)} has no result")
        self.cur = None

    def walk(self, events: Iterable[Event]) -> None:
        super().walk(ev for ev in events if self._writable(ev))

    def _writable(self, ev: Event) -> bool:
        """A hand's events go into its arrays; what falls outside a hand, or after its result, is lost."""
        if isinstance(ev, (HandStart, GameEnd)):
            return True
        if self.cur is None:
            if isinstance(ev, (Win, Ryuukyoku)):
                raise RecordError("a result outside a hand")
            self.lost.add(type(ev).__name__ + " events")
            return False
        if self.cur[16] is not None and not isinstance(ev, Win):
            self.lost.add(type(ev).__name__ + " events after a result")
            return False
        return True

    def game_end(self, ev: GameEnd) -> None:
        if ev.final_scores is not None and ev.rank_points is None:
            self.lost.add("final scores without rank points (`sc` left out rather than made up)")
        elif ev.final_scores is not None:
            self.sc = []
            texts = ev.rank_points_text or tuple(str(p) for p in ev.rank_points or ())
            for s in range(4):
                self.sc.append(ev.final_scores[s] if s < self.n else 0)
                self.sc.append(_parse_num(texts[s]) if s < self.n else 0)

    def hand_start(self, ev: HandStart) -> None:
        self.close()
        self.stated_wall(ev)
        if ev.dice is not None:
            self.lost.add("dice")
        hands: list[Any] = [[self.code(t) for t in ev.hands[s]] if s < self.n else [] for s in range(4)]
        assert ev.scores is not None  # write_tenhou_json states every hand's (with_stated_scores)
        scores = list(ev.scores) + [0] * (4 - self.n)
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

    @property
    def h(self) -> list[Any]:
        assert self.cur is not None  # _writable lets no hand's event through outside a hand
        return self.cur

    def draw(self, ev: Draw) -> None:
        self.h[5 + 3 * ev.seat].append(self.code(ev.tile))

    def discard(self, ev: Discard) -> None:
        c: Any = self.code(ev.tile)
        drawn = self.table.drawn(ev.seat)
        if ev.tsumogiri:
            c = 60
        elif ev.tsumogiri is None and drawn is not None and self.code(drawn) == c:
            self.lost.add("unknown tsumogiri (written as a hand discard)")
        if self.table.riichi_discard(ev.seat):
            c = f"r{c}"
        self.h[6 + 3 * ev.seat].append(c)

    def riichi_declared(self, ev: RiichiDeclared) -> None:
        self.open_riichi(ev)  # its discard says it (``r``)

    def riichi_accepted(self, ev: RiichiAccepted) -> None:
        if ev.scores is not None:
            self.lost.add("scores after a riichi stick")

    def new_dora(self, ev: NewDora) -> None:
        self.h[2].append(self.code(ev.indicator))

    def call(self, ev: Call) -> None:
        self._call(self.h, ev)

    def win(self, ev: Win) -> None:
        self.result_counts(ev)
        self._win(self.h, ev)

    def ryuukyoku(self, ev: Ryuukyoku) -> None:
        self.result_counts(ev)
        self._draw(self.h, ev)

    def _call(self, h: list[Any], ev: Call) -> None:
        m, seat = ev.meld, ev.seat
        codes = [self.code(t) for t in m.tiles]
        if m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN, CallKind.KAKAN):
            if m.called is None or m.from_seat is None:
                raise RecordError(f"{m.kind.value} by seat {seat} does not say which tile it took")
            pon_tiles = list(m.tiles[:3]) if m.kind == CallKind.KAKAN else list(m.tiles)
            taken = self.code(m.called)
            own = [self.code(t) for t in pon_tiles]
            own.remove(taken)
            # seats counted on four, with three players too, as Tenhou and tensoul write them: seat 2's
            # tile called by seat 0 is from toimen (the empty fourth seat is seat 0's kamicha)
            off = (m.from_seat - seat) % 4
            letter = CALL_LETTERS[m.kind]
            if m.kind == CallKind.CHI:
                h[5 + 3 * seat].append(letter + "".join(f"{x}" for x in [taken, *own]))
                return
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
            h[6 + 3 * seat].append("".join(str(x) for x in codes[:3]) + CALL_LETTERS[m.kind] + str(codes[3]))
        elif m.kind == CallKind.KITA:
            h[6 + 3 * seat].append(f"{CALL_LETTERS[m.kind]}{codes[0]}")

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
        deltas = c.deltas or ()
        if not deltas and c.points is None:
            return ""
        dealer = self.cur[0][0] % 4 if self.cur else 0
        payers = [s for s in range(n) if s != ev.seat]
        if deltas and c.pao_seat is None:
            # what each payer adds for the honba, from the record's own numbers: the payments less the
            # value (a record that states no value: its honba at 100 per payer, Tenhou's count)
            paid = sum(-deltas[s] for s in payers)
            if c.points is not None:
                extra = (paid - c.points) // len(payers)
            else:
                extra = 100 * (c.honba if c.honba is not None else self.cur[0][1] if self.cur else 0)
            pays = {s: -deltas[s] - extra for s in payers}
        else:  # liability moves the payments (a yakuman: exact shares): the value split the usual way,
            # a child paying a share and the dealer two (three players: three shares in all)
            pts = c.points or 0
            share = pts // (n - 1) if ev.seat == dealer else pts // n
            pays = {s: share * (2 if s == dealer and ev.seat != dealer else 1) for s in payers}
        if ev.seat == dealer:
            each = max(pays.values()) if pays else 0
            return f"{head}{each}点∀"
        child = max((pays[s] for s in payers if s != dealer), default=0)
        return f"{head}{child}-{pays.get(dealer, 0)}点"

    def _draw(self, h: list[Any], ev: Ryuukyoku) -> None:
        n = self.n
        deltas = list(ev.deltas or (0,) * n) + [0] * (4 - n)
        name = _DRAW_WRITE[ev.kind]
        if ev.deltas is None and not ev.kind.abortive:
            self.lost.add("a draw without its score changes (written as no change)")
        if ev.kind is not RyuukyokuKind.EXHAUSTIVE and ev.shown is not None and any(ev.shown):
            self.lost.add("the hands shown at a nagashi mangan or an abortive draw")
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

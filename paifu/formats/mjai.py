"""mjai JSON lines: reader (every variant of formats.md section 3) and a Mortal-style writer.

The reader takes compact or spaced JSON in any key order, ignores ``meta`` and
protocol-only events, accepts ``kita``/``nukidora``, and treats every result field
as optional. A ``kakan`` names no supplier, so the reader takes it from the seat's
earlier pon. Mortal's ``ryukyoku`` does not say which draw it was: the reader
infers it from the hand (wall exhausted, nine-terminals declarer, four riichi,
four winds, four kans) and records an issue when it had to guess.

The writer emits the minimal Mortal/libriichi variant and always writes
``deltas`` on ``hora`` and ``ryukyoku``.
"""

from __future__ import annotations

import json
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
    RecordIssue,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, hinted_red, hinted_rules, seats
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


_REASON_WRITE = {
    RyuukyokuKind.EXHAUSTIVE: "fanpai",
    RyuukyokuKind.NINE_TERMINALS: "kyushukyuhai",
    RyuukyokuKind.FOUR_WINDS: "sufonrenta",
    RyuukyokuKind.FOUR_RIICHI: "suchareach",
    RyuukyokuKind.TRIPLE_RON: "sanchaho",
    RyuukyokuKind.FOUR_KANS: "sukaikan",
    RyuukyokuKind.NAGASHI_MANGAN: "nagashimangan",
}


def pai_to_tile(pai: object) -> int:
    """An mjai tile string (``5mr``, ``E``, ``P``...) -> canonical tile id."""
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


def tile_to_pai(tile: int, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    k = tile >> 2
    if k >= 27:
        return _HONORS[k - 27]
    s = f"{k % 9 + 1}{'mps'[k // 9]}"
    return s + "r" if is_red(tile, red) else s


def _lines(data: bytes, source: str) -> list[tuple[int, dict[str, Any]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e}", file=source) from e
    out = []
    stripped = text.strip()
    if stripped.startswith("["):  # a JSON array of events (some tools)
        try:
            arr = json.loads(stripped)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON: {e}", file=source) from e
        for i, ev in enumerate(arr):
            if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
                raise RecordError(
                    f"element {i + 1} is not an mjai event (no 'type')", file=source, event=i + 1
                )
        return [(i + 1, ev) for i, ev in enumerate(arr)]
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError as e:
            raise RecordError(f"line {no} is not valid JSON: {e}", file=source, event=no) from e
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError(f"line {no} is not an mjai event (no 'type')", file=source, event=no)
        out.append((no, ev))
    return out


def read_mjai(data: bytes, source: str = "") -> list[GameRecord]:
    """Every game (``start_game`` .. ``end_game``) in an mjai log."""
    lines = _lines(data, source)
    games: list[list[tuple[int, dict[str, Any]]]] = []
    for item in lines:
        if item[1].get("type") == "start_game" or not games:
            games.append([])
        games[-1].append(item)
    return [_Reader(g, source, gi).read() for gi, g in enumerate(games)]


class _Reader:
    def __init__(self, lines: list[tuple[int, dict[str, Any]]], source: str, game: int) -> None:
        self.lines = lines
        self.source = source
        self.game = game
        self.events: list[Event] = []
        self.issues: list[RecordIssue] = []
        self.hand_label: str | None = None

    def fail(self, msg: str, line: int | None) -> RecordError:
        return RecordError(msg, file=self.source, game=self.game, hand=self.hand_label, event=line)

    def read(self) -> GameRecord:
        first_no, first = self.lines[0]
        try:
            n = self._num_players()
            start = self._start(first, n) if first.get("type") == "start_game" else None
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as e:
            raise self.fail(f"{first.get('type')}: {type(e).__name__}: {e}", first_no) from e
        if start is not None:
            self.events.append(start)
            body = self.lines[1:]
        else:
            self.events.append(GameStart(players=("",) * n, rules_hint=(("num_players", n),)))
            body = self.lines
        self.n = n
        ended = False
        for no, ev in body:
            try:
                ended |= self._event(ev, no)
            except RecordError:
                raise
            except (ValueError, TypeError, KeyError, IndexError, OverflowError) as e:
                raise self.fail(f"{ev.get('type')}: {type(e).__name__}: {e}", no) from e
        if self.hand is not None:
            self._close_hand(None)
        partial = first.get("type") != "start_game"
        if not ended and not partial:
            self.issues.append(RecordIssue("truncated", "the log has no end_game", len(self.events)))
        return GameRecord(
            events=self.events, source=self.source, format=FORMAT, issues=self.issues, partial=partial
        )

    def _num_players(self) -> int:
        for _, ev in self.lines:
            if ev.get("type") == "start_kyoku":
                scores = ev.get("scores") or []
                tehais = ev.get("tehais") or []
                if len(scores) == 3 or (len(tehais) == 4 and not tehais[3]) or len(tehais) == 3:
                    return 3
                return 4
            if ev.get("type") == "start_game" and len(ev.get("names") or []) == 3:
                return 3
        return 4

    def _start(self, ev: dict[str, Any], n: int) -> GameStart:
        names = [str(x) for x in seats(ev.get("names") or [], "names")][:n]
        names += [""] * (n - len(names))
        hint: list[tuple[str, object]] = [
            ("preset", "tenhou-sanma" if n == 3 else "tenhou"),
            ("num_players", n),
        ]
        if "kyoku_first" in ev:
            # akochan's Game_Rule: the index of the first hand of a game that ends after South 4,
            # so 0 is a hanchan and 4 an east-only game (shared/formats.md has the two swapped).
            hint.append(("length", "south" if int(ev["kyoku_first"]) < 4 else "east"))
        if "aka_flag" in ev:
            hint.append(
                (
                    "red_fives",
                    (0, 1, 1) if n == 3 and ev["aka_flag"] else (1, 1, 1) if ev["aka_flag"] else (0, 0, 0),
                )
            )
        meta = tuple((k, _freeze(v)) for k, v in ev.items() if k not in ("type", "names", "meta"))
        return GameStart(
            players=tuple(names),
            game_id=str(ev.get("id") or ev.get("uri") or ""),
            rules_hint=tuple(hint),
            meta=meta,
        )

    hand: dict[str, Any] | None = None

    def _event(self, ev: dict[str, Any], no: int) -> bool:
        t = ev["type"]
        if t in _IGNORED:
            return False
        if t == "start_game":
            raise self.fail("a second start_game inside one game", no)
        if t == "end_game":
            if self.hand is not None:
                self._close_hand(no)
            scores = ev.get("scores")
            self.events.append(
                GameEnd(final_scores=tuple(int(x) for x in scores[: self.n]) if scores else None)
            )
            return True
        if t == "start_kyoku":
            if self.hand is not None:
                self._close_hand(no)
            self._start_kyoku(ev, no)
            return False
        h = self.hand
        if h is None:
            raise self.fail(f"{t} outside a hand", no)
        if h["done"] and t not in ("hora", "ryukyoku"):
            raise self.fail(f"{t} after the hand's result", no)
        actor_or_none = ev.get("actor")
        if (actor_or_none is not None or t in _ACTOR_EVENTS) and not self._is_seat(actor_or_none):
            raise self.fail(f"actor {actor_or_none!r} is not a seat", no)
        actor: int = actor_or_none if actor_or_none is not None else -1  # every actor event names a seat
        if "target" in ev and not self._is_seat(ev["target"]):
            raise self.fail(f"target {ev['target']!r} is not a seat", no)
        if t == "tsumo":
            tile = pai_to_tile(ev["pai"])
            self.events.append(Draw(actor, tile))
            h["draws"] += 1
            h["last_draw"] = (actor, tile)
            h["last_out"] = None
        elif t == "dahai":
            tile = pai_to_tile(ev["pai"])
            tg = ev.get("tsumogiri")
            if tg is not None and not isinstance(tg, bool):
                raise self.fail(f"tsumogiri {tg!r} is not true or false", no)
            self.events.append(Discard(actor, tile, bool(tg) if tg is not None else None))
            h["last_out"] = (actor, tile)
            h["discards"].append((actor, tile))
        elif t in ("chi", "pon", "daiminkan", "kan"):
            kind = {"chi": CallKind.CHI, "pon": CallKind.PON}.get(t, CallKind.DAIMINKAN)
            called = pai_to_tile(ev["pai"])
            consumed = [pai_to_tile(p) for p in ev["consumed"]]
            target = ev["target"]
            meld = Meld(kind, (*consumed, called), called, target)
            self.events.append(Call(actor, meld))
            h["calls"] += 1
            if kind == CallKind.PON:
                h["pons"][actor].append(meld)
            if kind == CallKind.DAIMINKAN:
                h["kans"] += 1
        elif t == "kakan":
            added = pai_to_tile(ev["pai"])
            kakan_own = [pai_to_tile(p) for p in ev["consumed"]]
            pon = next(
                (m for m in h["pons"][actor] if m.called is not None and m.called >> 2 == added >> 2), None
            )
            pon_tile: int | None = pon.called if pon else None
            frm: int | None = pon.from_seat if pon else None
            if pon is None:
                self.issues.append(
                    RecordIssue(
                        "kakan-without-pon",
                        f"line {no}: kakan by seat {actor} has no earlier pon",
                        len(self.events),
                    )
                )
            self.events.append(Call(actor, Meld(CallKind.KAKAN, (*kakan_own, added), pon_tile, frm)))
            h["last_out"] = (actor, added)
            h["kans"] += 1
        elif t == "ankan":
            closed = tuple(pai_to_tile(p) for p in ev["consumed"])
            self.events.append(Call(actor, Meld(CallKind.ANKAN, closed)))
            h["kans"] += 1
            if closed:  # thirteen orphans may rob a closed kan where the rules allow it
                h["last_out"] = (actor, closed[-1])
        elif t in ("kita", "nukidora"):
            north = pai_to_tile(ev.get("pai", "N"))
            self.events.append(Call(actor, Meld(CallKind.KITA, (north,))))
            h["last_out"] = (actor, north)  # a pulled North can be robbed (thirteen orphans)
        elif t == "dora":
            self.events.append(NewDora(pai_to_tile(ev["dora_marker"])))
        elif t == "reach":
            self.events.append(RiichiDeclared(actor))
        elif t == "reach_accepted":
            scores = ev.get("scores")
            self.events.append(
                RiichiAccepted(actor, tuple(int(x) for x in scores[: self.n]) if scores else None)
            )
            h["accepted"] += 1
        elif t == "hora":
            self.events.append(self._hora(ev, no))
            h["done"] = True
        elif t == "ryukyoku":
            self.events.append(self._ryukyoku(ev, no))
            h["done"] = True
        else:
            self.issues.append(
                RecordIssue("unknown-event", f"line {no}: ignored event type {t!r}", len(self.events))
            )
        return False

    def _is_seat(self, v: object) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < self.n

    def _start_kyoku(self, ev: dict[str, Any], no: int) -> None:
        n = self.n
        bakaze = ev["bakaze"]
        if bakaze not in _WINDS:
            raise self.fail(f"bakaze {bakaze!r} is not a wind", no)
        kyoku = int(ev["kyoku"])
        if not 1 <= kyoku <= 4:
            raise self.fail(f"kyoku {kyoku} is outside 1..4", no)
        self.hand_label = f"{bakaze}{kyoku}-{ev.get('honba', 0)}"
        tehais = seats(ev["tehais"], "start hands")
        if any(p == "?" for th in tehais for p in th):
            raise self.fail("hands are hidden ('?'): a player's view, not a full log", no)
        self.events.append(
            HandStart(
                round_wind=_WINDS.index(bakaze),
                hand_number=kyoku - 1,
                honba=int(ev.get("honba", 0)),
                sticks=int(ev.get("kyotaku", 0)),
                dealer=int(ev["oya"]),
                # the original protocol states no scores: the engine carries its own from the start points
                scores=tuple(int(x) for x in seats(ev["scores"], "start scores")[:n])
                if ev.get("scores") is not None
                else None,
                dora_indicator=pai_to_tile(ev["dora_marker"]),
                hands=tuple(tuple(pai_to_tile(p) for p in tehais[s]) for s in range(n)),
            )
        )
        self.hand = {
            "done": False,
            "draws": 0,
            "calls": 0,
            "kans": 0,
            "accepted": 0,
            "last_draw": None,
            "last_out": None,
            "discards": [],
            "pons": [[] for _ in range(n)],
            "honba": int(ev.get("honba", 0)),
            "start": len(self.events) - 1,
        }

    def _close_hand(self, no: int | None) -> None:
        h = self.hand
        assert h is not None
        if not h["done"]:
            self.issues.append(
                RecordIssue("truncated", f"hand {self.hand_label} has no result", len(self.events))
            )
        self.hand = None

    def _hora(self, ev: dict[str, Any], no: int) -> Win:
        h = self.hand
        assert h is not None
        who = ev["actor"]
        frm = ev.get("target", who)
        if "pai" in ev:
            tile = pai_to_tile(ev["pai"])
        elif who == frm:
            if not h["last_draw"] or h["last_draw"][0] != who:
                raise self.fail(f"seat {who} wins by tsumo without a draw", no)
            tile = h["last_draw"][1]
        else:
            if not h["last_out"] or h["last_out"][0] != frm:
                raise self.fail(f"seat {who} rons seat {frm}, who let no tile go", no)
            tile = h["last_out"][1]
        deltas = ev.get("deltas")
        scores = ev.get("scores")
        ura = ev.get("ura_markers", ev.get("uradora_markers"))
        yakus = ev.get("yakus", ev.get("yaku"))
        yaku = None
        if isinstance(yakus, list):
            yaku = tuple(
                ClaimedYaku(_yaku_name(y[0]), int(y[1]))
                for y in yakus
                if isinstance(y, (list, tuple)) and len(y) >= 2
            )
        for key in ("fu", "fan", "han", "hora_points"):
            v = ev.get(key)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                raise self.fail(f"hora {key} {v!r} is not an integer", no)
        pao = ev.get("pao")
        if pao is not None and not self._is_seat(pao):
            raise self.fail(f"hora pao {pao!r} is not a seat", no)
        claimed = ClaimedWin(
            fu=ev.get("fu"),
            han=ev.get("fan", ev.get("han")),
            points=ev.get("hora_points"),
            yaku=yaku,
            ura_indicators=tuple(pai_to_tile(p) for p in ura) if ura is not None else None,
            hand=tuple(pai_to_tile(p) for p in ev["hora_tehais"]) + ((tile,) if who != frm else ())
            if "hora_tehais" in ev
            else None,
            honba=h["honba"],
            deltas=tuple(int(x) for x in deltas[: self.n]) if deltas else None,
            scores_before=tuple(int(s) - int(d) for s, d in zip(scores, deltas, strict=False))[: self.n]
            if scores and deltas
            else None,
            pao_seat=pao,
            pao_stated="pao" in ev,
        )
        return Win(who, frm, tile, claimed)

    def _ryukyoku(self, ev: dict[str, Any], no: int) -> Ryuukyoku:
        h = self.hand
        assert h is not None
        n = self.n
        deltas = ev.get("deltas")
        deltas_t = tuple(int(x) for x in seats(deltas, "score changes")[:n]) if deltas else None
        reason = ev.get("reason")
        tenpai: tuple[int, ...] | None = None
        shown = None
        if isinstance(ev.get("tenpais"), list):
            tenpai = tuple(s for s, t in enumerate(ev["tenpais"][:n]) if t)
        if isinstance(ev.get("tehais"), list):
            shown = tuple(
                tuple(pai_to_tile(p) for p in th) if th and "?" not in th else None for th in ev["tehais"][:n]
            )
        if reason is not None and not isinstance(reason, str):
            raise self.fail(f"ryukyoku reason {reason!r} is not a word", no)
        if reason is not None and _reason_key(reason) in _REASONS:
            kind = _REASONS[_reason_key(reason)]
        else:  # no reason, or a word no producer we know uses: the hand tells which draw it was
            if reason is not None:
                self.issues.append(
                    RecordIssue(
                        "draw-kind-inferred",
                        f"line {no}: ryukyoku reason {reason[:40]!r} is not one we know; "
                        "the kind is inferred from the hand",
                        len(self.events),
                    )
                )
            kind, guessed_tenpai = self._guess_draw(deltas_t)
            if tenpai is None:
                tenpai = guessed_tenpai
        return Ryuukyoku(kind, tenpai=tenpai, deltas=deltas_t, honba=h["honba"], shown=shown)

    def _guess_draw(self, deltas: tuple[int, ...] | None) -> tuple[RyuukyokuKind, tuple[int, ...] | None]:
        """Which draw a reason-less ``ryukyoku`` was, from how the hand went."""
        h = self.hand
        assert h is not None
        n = self.n
        hand_events = self.events[h["start"] + 1 :]
        last = hand_events[-1] if hand_events else None
        wall = 70 if n == 4 else 55
        kind = RyuukyokuKind.EXHAUSTIVE
        tenpai: tuple[int, ...] | None = None
        if h["draws"] >= wall:
            kind = RyuukyokuKind.EXHAUSTIVE
        elif isinstance(last, Draw):
            kind, tenpai = RyuukyokuKind.NINE_TERMINALS, (last.seat,)
        elif h["accepted"] == 4 and n == 4:
            kind = RyuukyokuKind.FOUR_RIICHI
        elif (
            len(h["discards"]) == n
            and h["calls"] == 0
            and h["kans"] == 0
            and len({t >> 2 for _, t in h["discards"]}) == 1
            and h["discards"][0][1] >> 2 in range(27, 31)
        ):
            kind = RyuukyokuKind.FOUR_WINDS
        elif h["kans"] >= 4:
            kind = RyuukyokuKind.FOUR_KANS
        elif isinstance(last, Discard) and not any(deltas or ()):
            kind = RyuukyokuKind.TRIPLE_RON
        else:
            self.issues.append(
                RecordIssue(
                    "draw-kind-guessed",
                    f"hand {self.hand_label}: ryukyoku after {h['draws']} draws names no reason; read as exhaustive",
                    len(self.events),
                )
            )
        if kind == RyuukyokuKind.EXHAUSTIVE and deltas is not None and any(deltas):
            tenpai = tuple(s for s in range(n) if deltas[s] > 0)
        if kind != RyuukyokuKind.EXHAUSTIVE:
            self.issues.append(
                RecordIssue(
                    "draw-kind-inferred",
                    f"hand {self.hand_label}: ryukyoku without reason read as {kind.value}",
                    len(self.events),
                )
            )
        return kind, tenpai


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


def _yaku_name(name: object) -> str:
    from paifu.yaku import Yaku

    s = str(name)
    if s in _GIMITE_YAKU:
        return _GIMITE_YAKU[s]
    try:
        return Yaku(s).value
    except ValueError:
        return f"unknown:{s}"


def _freeze(v: object) -> object:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, _freeze(x)) for k, x in v.items())
    return v


# ---------------------------------------------------------------- writing


def write_mjai(record: GameRecord) -> bytes:
    """One game as Mortal-compatible mjai JSON lines (always with ``deltas`` on results).

    Warns about what mjai cannot carry (the README's Formats table).
    """

    start = record.start
    n = start.num_players
    red = hinted_red(start)
    P = lambda t: tile_to_pai(t, red)  # noqa: E731
    lost: set[str] = set()
    if start.wall_seed:
        lost.add("the wall seed (SHUFFLE)")
    if start.first_dealer != 0:
        lost.add("a first dealer other than seat 0 (mjai seats are only table positions)")
    out: list[dict[str, Any]] = [{"type": "start_game", "names": list(start.players)}]
    rules = hinted_rules(start)
    if rules is not None:
        out[0]["kyoku_first"] = 4 if rules.length == "east" else 0
        out[0]["aka_flag"] = any(rules.red_fives)
    in_hand = False
    last_out: tuple[int, int] | None = None
    for ev in record.events[1:]:
        if isinstance(ev, HandStart):
            if in_hand:
                out.append({"type": "end_kyoku"})
            in_hand = True
            if ev.dice is not None:
                lost.add("dice")
            kyoku: dict[str, Any] = {
                "type": "start_kyoku",
                "bakaze": _WINDS[ev.round_wind],
                "dora_marker": P(ev.dora_indicator),
                "kyoku": ev.hand_number + 1,
                "honba": ev.honba,
                "kyotaku": ev.sticks,
                "oya": ev.dealer,
            }
            if ev.scores is not None:  # a record that states none keeps stating none
                kyoku["scores"] = list(ev.scores)
            kyoku["tehais"] = [[P(t) for t in hand] for hand in ev.hands]
            out.append(kyoku)
        elif isinstance(ev, Draw):
            out.append({"type": "tsumo", "actor": ev.seat, "pai": P(ev.tile)})
        elif isinstance(ev, Discard):
            if ev.tsumogiri is None:
                lost.add("unknown tsumogiri (written as false)")
            out.append(
                {"type": "dahai", "actor": ev.seat, "pai": P(ev.tile), "tsumogiri": bool(ev.tsumogiri)}
            )
            last_out = (ev.seat, ev.tile)
        elif isinstance(ev, Call):
            out.append(_call(ev, P))
        elif isinstance(ev, NewDora):
            out.append({"type": "dora", "dora_marker": P(ev.indicator)})
        elif isinstance(ev, RiichiDeclared):
            out.append({"type": "reach", "actor": ev.seat})
        elif isinstance(ev, RiichiAccepted):
            accepted: dict[str, Any] = {"type": "reach_accepted", "actor": ev.seat}
            if ev.scores is not None:
                accepted["scores"] = list(ev.scores)
            out.append(accepted)
        elif isinstance(ev, Win):
            c = ev.claimed
            d: dict[str, Any] = {"type": "hora", "actor": ev.seat, "target": ev.from_seat}
            if c.deltas is not None:  # akochan's hora states none; Mortal's always does
                d["deltas"] = list(c.deltas)
            if c.pao_seat is not None:
                d["pao"] = c.pao_seat
            if c.ura_indicators is not None:
                d["ura_markers"] = [P(t) for t in c.ura_indicators]
            out.append(d)
            if c.yaku is not None or c.fu is not None:
                lost.add("claimed yaku, fu, han and points")
        elif isinstance(ev, Ryuukyoku):
            deltas = list(ev.deltas) if ev.deltas is not None else [0] * n
            out.append({"type": "ryukyoku", "deltas": deltas})
            if ev.kind != RyuukyokuKind.EXHAUSTIVE:
                lost.add("the kind of a draw (Mortal's ryukyoku has no reason)")
        elif isinstance(ev, GameEnd):
            if in_hand:
                out.append({"type": "end_kyoku"})
                in_hand = False
            d = {"type": "end_game"}
            if ev.final_scores is not None:
                d["scores"] = list(ev.final_scores)
            if ev.rank_points is not None:
                lost.add("rank points")
            out.append(d)
        else:
            lost.add(f"{type(ev).__name__} events")
    if in_hand:
        out.append({"type": "end_kyoku"})
    del last_out
    for what in sorted(lost):
        warnings.warn(f"mjai cannot carry {what}", stacklevel=2)
    return "".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in out).encode(
        "utf-8"
    )


def _call(ev: Call, P: Any) -> dict[str, Any]:
    m = ev.meld
    if m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
        consumed = list(m.tiles)
        consumed.remove(m.called)  # type: ignore[arg-type]
        return {
            "type": m.kind.value,
            "actor": ev.seat,
            "target": m.from_seat,
            "pai": P(m.called),
            "consumed": [P(t) for t in consumed],
        }
    if m.kind == CallKind.KAKAN:
        return {
            "type": "kakan",
            "actor": ev.seat,
            "pai": P(m.tiles[-1]),
            "consumed": [P(t) for t in m.tiles[:-1]],
        }
    if m.kind == CallKind.ANKAN:
        return {"type": "ankan", "actor": ev.seat, "consumed": [P(t) for t in m.tiles]}
    return {"type": "kita", "actor": ev.seat, "pai": P(m.tiles[0])}

"""Reading mjai: the lines of a file into games (``start_game`` .. ``end_game``), each event
into events of :mod:`paifu.events`; the hand's results are read by ``results``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    Event,
    GameEnd,
    GameRecord,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    RecordIssue,
    RiichiAccepted,
)
from paifu.findings import Code
from paifu.formats.base import RecordError, freeze, integer, integers, seats
from paifu.formats.detect import NOT_PARSED, take_parsed
from paifu.formats.mjai.names import _ACTOR_EVENTS, _IGNORED, _WINDS, FORMAT, pai_to_tile
from paifu.formats.mjai.results import _Results
from paifu.formats.plays import DISCARDS, DRAWS, RIICHI

#: json.loads' own scanner, called without loads' wrapping (typeshed does not list the attribute)
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _lines(data: bytes, source: str) -> list[tuple[int, dict[str, Any]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e}", file=source) from e
    out = []
    parsed = take_parsed(data)  # a whole document detection parsed (taken either way: not kept)
    if parsed is NOT_PARSED and _OBJECT.match(text) and _WRAPPED.search(text, 0, 4096):
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError:
            parsed = NOT_PARSED  # JSON lines: read line by line below
    if isinstance(parsed, dict) and isinstance(parsed.get("events"), list):
        return _wrapped(parsed, source)
    if _ARRAY.match(text):  # a JSON array of events (some tools)
        try:
            arr: Any = json.loads(text) if parsed is NOT_PARSED else parsed
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON: {e}", file=source) from e
        for i, ev in enumerate(arr):
            if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
                raise RecordError(
                    f"element {i + 1} is not an mjai event (no 'type')", file=source, event=i + 1
                )
        return [(i + 1, ev) for i, ev in enumerate(arr)]
    scan = _SCAN
    for no, line in enumerate(_split_lines(text), 1):
        try:  # the common line, one JSON object and nothing else: json.loads without its wrapping
            ev, end = scan(line, 0)
            if end == len(line) and type(ev) is dict and type(ev.get("type")) is str:
                out.append((no, ev))
                continue
        except (StopIteration, ValueError):
            pass  # json.loads below says what is wrong (or skips a blank line)
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


_ARRAY = re.compile(r"\s*\[")  # the text's start, without a stripped copy of it
_OBJECT = re.compile(r"\s*\{")
_WRAPPED = re.compile(r'"events"\s*:\s*\[')


def _wrapped(doc: dict[str, Any], source: str) -> list[tuple[int, dict[str, Any]]]:
    """Events inside one JSON object, as match servers return a game (``{"events": [...],
    "players": [{"screen_name", "rating"}, ...], "seatRank": [...], "started_at", ...}``). The
    server's list of who sat where names the seats (the events' own names, often placeholders, are
    kept as ``mjai_names``), with their ratings; ``seatRank`` is each seat's final place, checked
    against the final scores like any record's placements; its other facts go into the header."""
    events = doc["events"]
    players = doc.get("players")
    names = (
        [p.get("screen_name") for p in players]
        if isinstance(players, list) and all(isinstance(p, dict) for p in players)
        else []
    )
    facts: dict[str, Any] = {f"wrapper_{k}": v for k, v in doc.items() if type(v) in (str, int, float)}
    ranks = doc.get("seatRank")
    out: list[tuple[int, dict[str, Any]]] = []
    for i, ev in enumerate(events):
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError(f"events[{i}] is not an mjai event (no 'type')", file=source, event=i + 1)
        if ev["type"] == "start_game":
            ev = {**facts, **ev}
            if (
                names
                and all(isinstance(x, str) for x in names)
                and len(names) == len(ev.get("names") or names)
            ):
                ev["mjai_names"], ev["names"] = ev.get("names"), names
                ratings = [p.get("rating") for p in players]  # type: ignore[union-attr]
                if all(isinstance(r, int | float) for r in ratings):
                    ev["rate"] = ratings
        elif ev["type"] == "end_game" and isinstance(ranks, list):
            ev = {**ev, "wrapper_seatRank": ranks}
        out.append((i + 1, ev))
    return out


#: what ``str.splitlines`` ends a line at besides ``\n`` (a final ``\r`` aside)
_OTHER_BREAKS = re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _split_lines(text: str) -> Iterator[str]:
    """``text.splitlines()`` one line at a time: a bad first line is reported without a list of
    millions of lines made first (64 MiB of ``{}`` lines took 1.7 GB before saying line 1 is bad)."""
    pos, n = 0, len(text)
    while pos < n:
        end = text.find("\n", pos)
        if end < 0:
            end = n
        line = text[pos:end]
        body = line[:-1] if line.endswith("\r") else line
        if _OTHER_BREAKS.search(body):  # rare: splitlines itself, on this line and its own ending
            yield from text[pos : end + 1].splitlines()
        else:
            yield body
        pos = end + 1


def read_mjai(data: bytes, source: str = "") -> list[GameRecord]:
    """Every game (``start_game`` .. ``end_game``) in an mjai log."""
    lines = _lines(data, source)
    games: list[list[tuple[int, dict[str, Any]]]] = []
    for item in lines:
        if item[1].get("type") == "start_game" or not games:
            games.append([])
        games[-1].append(item)
    return [_Reader(g, source, gi).read() for gi, g in enumerate(games)]


class _Reader(_Results):
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
            self.issues.append(RecordIssue(Code.TRUNCATED, "the log has no end_game", len(self.events)))
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
        meta = tuple((k, freeze(v)) for k, v in ev.items() if k not in ("type", "names", "meta"))
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
                GameEnd(
                    final_scores=integers(scores, "end_game scores", self.n) if scores else None,
                    placements=(
                        integers(ev["wrapper_seatRank"], "seatRank", self.n)
                        if "wrapper_seatRank" in ev
                        else None
                    ),
                )
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
            self.events.append(DRAWS[actor][tile])  # a seat (checked above) and a tile id
            h["draws"] += 1
            h["last_draw"] = (actor, tile)
            h["last_out"] = None
        elif t == "dahai":
            tile = pai_to_tile(ev["pai"])
            tg = ev.get("tsumogiri")
            if tg is not None and not isinstance(tg, bool):
                raise self.fail(f"tsumogiri {tg!r} is not true or false", no)
            self.events.append(DISCARDS[tg][actor][tile])
            h["last_out"] = (actor, tile)
            h["discards"].append((actor, tile))
        elif t in ("chi", "pon", "daiminkan", "kan"):
            kind = {"chi": CallKind.CHI, "pon": CallKind.PON}.get(t, CallKind.DAIMINKAN)
            called = pai_to_tile(ev["pai"])
            consumed = [pai_to_tile(p) for p in ev["consumed"]]
            target = ev["target"]
            meld = Meld(kind, (*consumed, called), called, target)
            self.events.append(Call(actor, meld))
            h["shown"][actor] += meld.tiles
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
                        Code.KAKAN_WITHOUT_PON,
                        f"line {no}: kakan by seat {actor} has no earlier pon",
                        len(self.events),
                    )
                )
            self.events.append(Call(actor, Meld(CallKind.KAKAN, (*kakan_own, added), pon_tile, frm)))
            h["shown"][actor].append(added)
            h["last_out"] = (actor, added)
            h["kans"] += 1
        elif t == "ankan":
            closed = tuple(pai_to_tile(p) for p in ev["consumed"])
            self.events.append(Call(actor, Meld(CallKind.ANKAN, closed)))
            h["shown"][actor] += closed
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
            self.events.append(RIICHI[actor])
        elif t == "reach_accepted":
            scores = ev.get("scores")
            self.events.append(RiichiAccepted(actor, integers(scores, "scores", self.n) if scores else None))
            h["accepted"] += 1
        elif t == "hora":
            self.events.append(self._hora(ev, no))
            h["done"] = True
        elif t == "ryukyoku":
            self.events.append(self._ryukyoku(ev, no))
            h["done"] = True
        else:
            self.issues.append(
                RecordIssue(Code.UNKNOWN_EVENT, f"line {no}: ignored event type {t!r}", len(self.events))
            )
        return False

    def _is_seat(self, v: object) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < self.n

    def _start_kyoku(self, ev: dict[str, Any], no: int) -> None:
        n = self.n
        bakaze = ev["bakaze"]
        if bakaze not in _WINDS:
            raise self.fail(f"bakaze {bakaze!r} is not a wind", no)
        kyoku = integer(ev["kyoku"], "kyoku")
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
                honba=integer(ev.get("honba", 0), "honba"),
                sticks=integer(ev.get("kyotaku", 0), "kyotaku"),
                dealer=integer(ev["oya"], "oya"),
                # the original protocol states no scores: the engine carries its own from the start points
                scores=integers(ev["scores"], "start scores", n) if ev.get("scores") is not None else None,
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
            "shown": [[] for _ in range(n)],  # each seat's tiles in melds, for a yaku naming no tile
            "round_wind": _WINDS.index(bakaze),
            "dealer": int(ev["oya"]),
            "honba": int(ev.get("honba", 0)),
            "start": len(self.events) - 1,
        }

    def _close_hand(self, no: int | None) -> None:
        h = self.hand
        assert h is not None
        if not h["done"]:
            self.issues.append(
                RecordIssue(Code.TRUNCATED, f"hand {self.hand_label} has no result", len(self.events))
            )
        self.hand = None

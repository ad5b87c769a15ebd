"""Reading Riichi City's game record: the API's answer (``{"code", "data", "message"}``) or its
``data`` alone, into the events of :mod:`paifu.events`.

Seats are the players' ``position`` (0..n-1, in turn order); ``GameStart.first_dealer`` is the first
hand's ``dealer_pos``. Each hand's events (``handEventRecord``) carry their payload as a JSON string.
The hand's wall (``handCardEncode``) is laid out by ``wall.layout`` and given to the engine, which
checks every deal, draw and indicator against it; its SHA-256 (``handCardsSHA256``) is checked here.
"""

from __future__ import annotations

import json
from typing import Any

from paifu.events import (
    Event,
    GameEnd,
    GameRecord,
    GameStart,
    HandStart,
    RecordIssue,
    RiichiAccepted,
)
from paifu.findings import Code, Note
from paifu.formats.base import RecordError, freeze, integer
from paifu.formats.plays import DRAWS
from paifu.formats.riichi_city import names as nm
from paifu.formats.riichi_city.hand import Hand
from paifu.formats.riichi_city.settings import (
    LOCAL_RULES,
    STATED,
    STOP_ON_TENPAI,
    STOP_ON_WIN,
    THREE_TSUMO,
    preset_for,
    stated,
    unchecked,
)
from paifu.formats.riichi_city.wall import layout, sha256_matches
from paifu.formats.sniff import NOT_PARSED, take_parsed
from paifu.tiles import FIVE_KINDS, canonical_id

#: ``round``: an east game or a half game
_LENGTHS: dict[object, str] = {1: "east", 2: "south"}
#: the game's settings kept in its header, beside the players
_HEADER = (
    "gamePlay",
    "playerCount",
    "initPoints",
    "round",
    "fangFu",
    "stageType",
    "matchType",
    "matchStage",
    "northOperateType",
    "keyValue",
    "roomId",
    "nowTime",
    "remark",
    *LOCAL_RULES,
    *STATED,
    STOP_ON_WIN,
    STOP_ON_TENPAI,
    *THREE_TSUMO,
)


def read_riichi_city(data: bytes, source: str = "") -> list[GameRecord]:
    """The one game of a Riichi City record."""
    doc = take_parsed(data)
    if doc is NOT_PARSED:
        try:
            doc = json.loads(data.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
            raise RecordError(f"not valid JSON: {e}", file=source) from e
    if isinstance(doc, dict) and isinstance(doc.get("data"), dict) and "handRecord" not in doc:
        if doc.get("code") not in (0, None):
            raise RecordError(
                f"a Riichi City API answer with code {doc.get('code')!r} ({str(doc.get('message'))[:200]!r})",
                file=source,
            )
        doc = doc["data"]
    if not isinstance(doc, dict) or not isinstance(doc.get("handRecord"), list):
        keys = ", ".join(sorted(str(k) for k in doc)[:12]) if isinstance(doc, dict) else type(doc).__name__
        raise RecordError(
            f"a Riichi City API answer that holds no game record (no 'handRecord' list; it has {keys})",
            file=source,
        )
    if not doc["handRecord"]:
        raise RecordError("a Riichi City game with no hand in it", file=source, game=0)
    return [Reader(doc, source).read()]


class Reader:
    """One game's reading: its seats (by ``userId``), its events and what was noticed on the way."""

    def __init__(self, doc: dict[str, Any], source: str) -> None:
        self.doc = doc
        self.source = source
        self.events: list[Event] = []
        self.issues: list[RecordIssue] = []
        self.label: str | None = None
        self.seat_of: dict[int, int] = {}
        self.n = 0
        #: the server closed the game in the middle of a hand (``end_type`` 8)
        self.closed = False

    def fail(self, msg: str, event: int | None = None) -> RecordError:
        return RecordError(msg, file=self.source, game=0, hand=self.label, event=event)

    def read(self) -> GameRecord:
        doc = self.doc
        try:
            self.events.append(self._start())
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            raise self.fail(f"the game's players and settings: {type(e).__name__}: {e}") from e
        ended = False
        for hi, hand in enumerate(doc["handRecord"]):
            self.label = f"hand {hi + 1}"
            if not isinstance(hand, dict):
                raise self.fail("a hand that is not an object")
            ended = self._hand(hand) or ended
        if not ended:
            self.issues.append(RecordIssue(Code.TRUNCATED, "the record has no game end", len(self.events)))
        return GameRecord(
            events=self.events, source=self.source, format=nm.FORMAT, issues=self.issues, partial=self.closed
        )

    # -- the game ------------------------------------------------------------------------------

    def _start(self) -> GameStart:
        doc = self.doc
        first = doc["handRecord"][0]
        if not isinstance(first, dict):
            raise ValueError("the first hand is not an object")
        players = first.get("players")
        if not isinstance(players, list) or not players:
            raise ValueError("the first hand names no players")
        n = integer(doc.get("playerCount", len(players)), "playerCount")
        if n not in (3, 4):
            raise ValueError(f"playerCount {n}: Riichi City seats three or four")
        if len(players) != n:
            raise ValueError(f"{len(players)} players for playerCount {n}")
        names = [""] * n
        for p in players:
            pos = integer(p["position"], "position")
            if not 0 <= pos < n or names[pos]:
                raise ValueError(f"player position {pos!r} is not a free seat of {n}")
            names[pos] = str(p.get("nickname", ""))
            self.seat_of[integer(p["userId"], "userId")] = pos
        self.n = n
        deal = next(
            (_payload(e) for e in first.get("handEventRecord") or () if e.get("eventType") == nm.DEAL),
            None,
        )
        first_dealer = integer(deal["dealer_pos"], "dealer_pos") if isinstance(deal, dict) else 0
        hint: list[tuple[str, object]] = [("preset", preset_for(doc, n)), ("num_players", n)]
        if "initPoints" in doc:
            hint.append(("start_points", integer(doc["initPoints"], "initPoints")))
        length = _LENGTHS.get(doc.get("round"))
        if length is not None:
            hint.append(("length", length))
        reds = _red_fives(first.get("handCardEncode"))
        if reds is not None:
            hint.append(("red_fives", reds))
        hint += stated(doc)
        meta: list[tuple[str, object]] = [
            ("platform", "Riichi City"),
            *((k, freeze(doc[k])) for k in _HEADER if k in doc),
            ("user_ids", tuple(p.get("userId") for p in sorted(players, key=lambda p: p["position"]))),
        ]
        for said in unchecked(doc, n):
            self.issues.append(RecordIssue(Note.RULE_NOT_CHECKED, said, 0))
        return GameStart(
            players=tuple(names),
            game_id=str(doc.get("keyValue") or ""),
            first_dealer=first_dealer,
            rules_hint=tuple(hint),
            meta=tuple(meta),
        )

    def seat_of_user(self, user: object, event: int) -> int:
        """The seat of a player named by ``userId``; a ``RecordError`` naming the event if none."""
        if type(user) is not int or user not in self.seat_of:
            raise self.fail(f"user {user!r} sits at no seat", event)
        return self.seat_of[user]

    # -- a hand --------------------------------------------------------------------------------

    def _hand(self, hand: dict[str, Any]) -> bool:
        records = hand.get("handEventRecord")
        if not isinstance(records, list):
            raise self.fail("a hand with no handEventRecord list")
        items: list[tuple[int, int, Any, dict[str, Any]]] = []
        for i, e in enumerate(records):
            if not isinstance(e, dict) or type(e.get("eventType")) is not int:
                raise self.fail("an event with no eventType", i)
            try:
                items.append((i, e["eventType"], e.get("userId"), _payload(e)))
            except ValueError as err:
                raise self.fail(f"event type {e['eventType']}: {err}", i) from err
        deals = [(i, u, d) for i, t, u, d in items if t == nm.DEAL]
        if len(deals) != self.n:
            raise self.fail(f"{len(deals)} deals for {self.n} players")
        try:
            start, first_draw = self._deal(hand, deals)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            raise self.fail(f"the deal: {type(e).__name__}: {e}", deals[0][0]) from e
        self.events.append(start)
        self.events.append(DRAWS[start.dealer][first_draw])
        play = Hand(self, start, first_draw)
        ended = False
        for i, t, user, d in items:
            if t == nm.DEAL or t in nm.SILENT:
                continue
            try:
                if t == nm.GAME_END:
                    play.close(i)
                    end = self._game_end(d, i)
                    if self.closed:  # a closed game's points are those of the hand it stopped in
                        self._closed_end(play.begin, end)
                    else:
                        self.events.append(end)
                    ended = True
                else:
                    play.event(i, t, user, d)
            except RecordError:
                raise
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
                raise self.fail(f"event type {t}: {type(e).__name__}: {e}", i) from e
        play.close(None)
        return ended

    def _deal(
        self, hand: dict[str, Any], deals: list[tuple[int, Any, dict[str, Any]]]
    ) -> tuple[HandStart, int]:
        n = self.n
        d0 = deals[0][2]
        dealer = integer(d0["dealer_pos"], "dealer_pos")
        if not 0 <= dealer < n:
            raise ValueError(f"dealer_pos {dealer} is not a seat")
        wind = nm.ROUND_WINDS.get(d0.get("quan_feng", hand.get("quanFeng")))
        if wind is None:
            raise ValueError(f"quan_feng {d0.get('quan_feng')!r} is not a wind")
        number = integer(d0.get("chang_ci", hand.get("changCi")), "chang_ci") - 1
        if not 0 <= number < n:
            raise ValueError(f"chang_ci {number + 1} is not a hand of a {n}-player round")
        honba = integer(d0.get("ben_chang_num", hand.get("benChangNum", 0)), "ben_chang_num")
        sticks = integer(d0.get("li_zhi_bang_num", 0), "li_zhi_bang_num")
        self.label = f"{'ESWN'[wind]}{number + 1}-{honba}"
        hands: list[tuple[int, ...] | None] = [None] * n
        first_draw = -1
        for i, user, d in deals:
            seat = self.seat_of_user(user, i)
            tiles = tuple(nm.code_to_tile(c) for c in d["hand_cards"])
            if seat == dealer:
                if len(tiles) != 14:
                    raise ValueError(f"the dealer is dealt {len(tiles)} tiles, not 14")
                tiles, first_draw = tiles[:13], tiles[13]
            hands[seat] = tiles
        if any(h is None for h in hands):
            raise ValueError("a seat is dealt no hand")
        scores = [0] * n
        infos = d0.get("user_info_list")
        if not isinstance(infos, list) or len(infos) != n:
            raise ValueError("user_info_list does not list every player")
        for u in infos:
            scores[self.seat_of_user(u["user_id"], deals[0][0])] = integer(u["hand_points"], "hand_points")
        wall = None
        text = hand.get("handCardEncode")
        if text is not None:
            tiles_w = nm.wall_tiles(text)
            wall = layout(tiles_w, n, dealer)
            # the hash the hand states, and the one each seat was shown with its deal
            stated = [hand.get("handCardsSHA256")]
            stated += [d["hand_cards_sha_256"] for _, _, d in deals if d.get("hand_cards_sha_256")]
            if not all(sha256_matches(text, h) for h in stated):
                self.issues.append(
                    RecordIssue(
                        Code.WALL_HASH_MISMATCH,
                        f"hand {self.label}: the wall (handCardEncode) does not match the SHA-256 "
                        f"the record states ({', '.join(repr(str(h)[:64]) for h in stated)})",
                        len(self.events),
                    )
                )
            shan = hand.get("paiShan")
            if isinstance(shan, list) and shan:
                rest = tiles_w[13 * n + 1 :]
                if tuple(nm.code_to_tile(c) for c in shan) != rest:
                    self.issues.append(
                        RecordIssue(
                            Code.WALL_MISMATCH,
                            f"hand {self.label}: paiShan is not the wall after the deal (handCardEncode)",
                            len(self.events),
                        )
                    )
        start = HandStart(
            round_wind=wind,
            hand_number=number,
            honba=honba,
            sticks=sticks,
            dealer=dealer,
            scores=tuple(scores),
            dora_indicator=nm.code_to_tile(d0["bao_pai_card"]),
            hands=tuple(h for h in hands if h is not None),
            dice=_dice(d0.get("dices")),
            wall=wall,
        )
        return start, first_draw

    def _closed_end(self, begin: int, end: GameEnd) -> None:
        """A closed game's stated final points must be the points as they stood: the hand's start
        less the riichi sticks put down in it (the engine replays no game end for it)."""
        start = self.events[begin]
        assert isinstance(start, HandStart)
        if start.scores is None or end.final_scores is None:
            return
        stood = list(start.scores)
        for e in self.events[begin:]:
            if isinstance(e, RiichiAccepted):
                stood[e.seat] -= 1000
        if tuple(stood) != end.final_scores:
            self.issues.append(
                RecordIssue(
                    Code.FINAL_SCORE_MISMATCH,
                    f"hand {self.label}: the closed game's end states final points "
                    f"{', '.join(map(str, end.final_scores))}; the points stood at "
                    f"{', '.join(map(str, stood))}",
                    len(self.events),
                )
            )

    def _game_end(self, d: dict[str, Any], i: int) -> GameEnd:
        n = self.n
        final: list[int | None] = [None] * n
        points: list[float | None] = [None] * n
        texts: list[str] = [""] * n
        for u in d["user_data"]:
            seat = self.seat_of_user(u["user_id"], i)
            final[seat] = integer(u["point_num"], "point_num")
            score = integer(u["score"], "score")
            points[seat] = score / 10
            texts[seat] = f"{score / 10:.1f}"
        if any(x is None for x in final) or any(x is None for x in points):
            raise ValueError("user_data does not list every player")
        return GameEnd(
            final_scores=tuple(x for x in final if x is not None),
            rank_points=tuple(x for x in points if x is not None),
            rank_points_text=tuple(texts),
        )


def _payload(e: dict[str, Any]) -> dict[str, Any]:
    """An event's ``data``: a JSON string (as the API writes it) or the object itself."""
    d = e.get("data")
    if isinstance(d, str):
        try:
            d = json.loads(d) if d else {}
        except (json.JSONDecodeError, RecursionError) as err:
            raise ValueError(f"data is not JSON: {err}") from err
    if d is None:
        d = {}
    if not isinstance(d, dict):
        raise ValueError("data is not an object")
    return d


def _red_fives(text: object) -> tuple[int, int, int] | None:
    """The red fives per suit (m, p, s) of a hand's wall: a room's set is the same in every hand
    (the engine checks each hand's wall holds the set)."""
    if not isinstance(text, str):
        return None
    try:
        tiles = nm.wall_tiles(text)
    except ValueError:
        return None  # said when the hand is read
    counts = [sum(1 for t in tiles if t == canonical_id(k, True)) for k in FIVE_KINDS]
    return (counts[0], counts[1], counts[2])


def _dice(v: object) -> tuple[int, int] | None:
    if isinstance(v, list) and len(v) == 2 and all(type(x) is int and 1 <= x <= 6 for x in v):
        return (v[0], v[1])
    return None

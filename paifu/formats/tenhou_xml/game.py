"""One ``<mjloggm>`` root to events: the header tags (``header``), then every tag after the first
INIT, in one pass. Draws and discards, nearly all of a game's tags, are one dict lookup each into
ready-made shared events (``_PLAYS``); every other tag has a handler."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import Any, Final, cast

from lxml import etree

from paifu.events import (
    Call,
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Disconnect,
    Draw,
    Event,
    GameEnd,
    GameRecord,
    HandStart,
    Meld,
    NewDora,
    Reconnect,
    RiichiAccepted,
    Ryuukyoku,
    Win,
)
from paifu.formats.base import RecordError
from paifu.formats.check import bounded, trust
from paifu.formats.plays import RIICHI
from paifu.formats.tenhou_meld import decode_meld
from paifu.formats.tenhou_xml.attrs import _int, _int_attr, _ints, _need, _tile, _tiles
from paifu.formats.tenhou_xml.element import Element
from paifu.formats.tenhou_xml.header import game_start, table_size
from paifu.formats.tenhou_xml.names import (
    _BY_LETTER,
    _BY_LETTER_3,
    _PLAYS,
    _PLAYS_3,
    _RYUU_KIND,
    FORMAT,
    LIMIT_NAMES,
    _yaku_name,
)
from paifu.formats.tenhou_xml.scan import Head, Tag, scan_body
from paifu.limits import current

_RANK_TEXT: Final = re.compile(r"-?\d+(\.\d+)?$")
#: calls decoded so far, shared (events are immutable) and checked once; a bounded number, so that
#: a hostile file of distinct codes cannot fill the memory
_CALLS: Final[dict[tuple[int, int, int], Call]] = {}
_KEPT: Final = 20_000
_YAKU: Final[dict[tuple[int, int], ClaimedYaku]] = {}  # the same way
_HAI: Final = ("hai0", "hai1", "hai2", "hai3")
_SEATS: Final = {"0": 0, "1": 1, "2": 2, "3": 3}  # a seat attribute as Tenhou writes it, without int()


class _GameReader:
    """State for reading one ``<mjloggm>``: current hand label, last draws, events."""

    def __init__(self, root: Element, source: str, game: int, game_id: str) -> None:
        self.root = root  # the tree's root element, or the scan's root tag (``read_scanned``)
        self.source = source
        self.game = game
        self.game_id = game_id
        self.events: list[Event] = []
        self.hand: str | None = None
        self.n = 4
        #: each seat's tile just drawn, -1 for none (ints: compiled, compared natively per discard)
        self.last_draw: list[int] = [-1] * 4
        self.players: tuple[str, ...] = ()
        #: positions of the events holding values this reader has not bounded itself (``_add``):
        #: all that ``check_records`` needs to check
        self.fresh: list[int] = []
        self.max_field = current().max_field

    def _add(self, ev: Event) -> None:
        """Append an event for ``check_records`` to check (a number or text it may hold out of bounds)."""
        self.fresh.append(len(self.events))
        self.events.append(ev)

    def error(self, message: str) -> RecordError:
        return RecordError(message, file=self.source, game=self.game, hand=self.hand, event=len(self.events))

    def read(self) -> GameRecord:
        """The game from its tree: the header's elements, then every sibling from the first INIT."""
        root = cast(etree._Element, self.root)
        first = root.find("INIT")
        if first is None:
            raise self.error("no INIT tag: the record has no hand")
        header: list[Element] = []
        for el in root:
            if el is first:
                break
            if isinstance(el.tag, str):
                header.append(el)
        self._start(header, first, lambda: root.iterfind("INIT"))
        return self._walk(chain((first,), first.itersiblings()))

    def read_scanned(self, head: Head, raw: bytes, prove: bool = False) -> GameRecord | None:
        """The game from its bytes (``scan``), where they are its tree (``prove``: and are proved
        well-formed, to their end, before any tag is read); else None, with nothing read."""
        try:
            self.n = table_size(head.header, head.first)
        except (ValueError, TypeError):
            return None  # a header the walk reports on
        tags = scan_body(raw, head.at, _BY_LETTER if self.n == 4 else _BY_LETTER_3, prove)
        if tags is None:
            return None
        self._start(
            head.header, head.first, lambda: [t for t in tags if isinstance(t, Tag) and t.tag == "INIT"]
        )
        return self._walk(tags)

    def _start(
        self, header: Sequence[Element], first: Element, inits: Callable[[], Iterable[Element]]
    ) -> None:
        """The game's start from the header, then a player's leaving or coming back before the first deal."""
        try:
            self._add(game_start(self, header, first, inits))
            names = next((el for el in header if el.tag == "UN"), None)  # the player list
            for el in header:  # a player who left (and came back) before the first deal
                if el.tag == "BYE":
                    self._bye(el)
                elif el.tag == "UN" and el is not names:
                    self._un(el)
        except RecordError:
            raise
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise self.error(f"bad header: {e}") from e

    def _walk(self, siblings: Iterable[Any]) -> GameRecord:
        """Every tag from the first INIT: a draw or discard (a play the scan read, or an element named
        as one) appended at once, any other tag to its handler."""
        events = self.events
        n = self.n
        last_draw = self.last_draw
        plays = _PLAYS if n == 4 else _PLAYS_3
        handlers = _HANDLERS
        play: tuple[int, int, Draw | Discard, Discard | None] | None
        # Any: a comment's or instruction's tag is a function; lxml's stubs say str, and compiled code
        # checks what a str variable is given (a TypeError, where the reader should skip it)
        tag: Any
        for el in siblings:
            if isinstance(el, tuple):  # a draw or discard the scan read
                play = el
                tag = ""
            else:
                tag = el.tag
                if not isinstance(tag, str):
                    continue
                play = plays.get(tag)
            if play is not None:
                seat, tile, ev, tedashi = play
                if tedashi is None:  # a draw
                    last_draw[seat] = tile
                    events.append(ev)
                else:  # a discard: tsumogiri when it is the tile just drawn
                    events.append(ev if last_draw[seat] == tile else tedashi)
                    last_draw[seat] = -1
                continue
            try:
                handler = handlers.get(tag)
                if handler is None:
                    if tag in _PLAYS:
                        raise self.error(
                            f"bad <{tag}>: seat {_PLAYS[tag][0]} does not exist at a {n}-player table"
                        )
                    if tag[:1] in "TUVWDEFG" and tag[1:].isdigit():
                        raise ValueError(f"tile id {tag[1:]} is outside 0..135")
                    raise self.error(f"unknown tag <{tag}>")
                handler(self, el)
            except RecordError:
                raise
            except (ValueError, KeyError, IndexError, TypeError) as e:
                raise self.error(f"bad <{tag}>: {e}") from e
        return GameRecord(events=events, source=self.source, format=FORMAT)

    # -- tags

    def _seat(self, el: Element, name: str = "who") -> int:
        s = _SEATS.get(el.get(name, ""))
        if s is not None and s < self.n:
            return s
        s = _int_attr(el, name)
        if not 0 <= s < self.n:
            raise ValueError(f"{name}={s} is not a seat of a {self.n}-player table")
        return s

    def _scores(self, text: str, what: str) -> tuple[int, ...]:
        vals = _ints(text, what)
        if not self.n <= len(vals) <= 4:  # four for three players too (Tenhou writes the empty seat's 0)
            raise ValueError(f"{what}={text!r} holds {len(vals)} values for {self.n} players")
        return tuple([v * 100 for v in vals[: self.n]])  # points from the hundreds Tenhou writes

    def _sc(self, el: Element) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        text = el.get("sc")
        if text is None:
            return None, None
        vals = _ints(text, "sc")[:8]
        if len(vals) < 2 * self.n:
            raise ValueError(f"sc={text!r} has fewer than {2 * self.n} values")
        # scores and changes alternate; a comprehension, compiled, multiplies natively (a map of a
        # bound ``__mul__`` and a stepped slice went through Python's calls: 19 K instructions a tag)
        n = self.n
        return tuple([vals[2 * i] * 100 for i in range(n)]), tuple([vals[2 * i + 1] * 100 for i in range(n)])

    def _ba(self, el: Element) -> tuple[int | None, int | None]:
        text = el.get("ba")
        if text is None:
            return None, None
        vals = _ints(text, "ba")
        if len(vals) != 2:
            raise ValueError(f"ba={text!r} is not two numbers")
        return vals[0], vals[1]

    def _init(self, el: Element) -> None:
        seed = _ints(_need(el, "seed"), "seed")
        if len(seed) != 6:
            raise ValueError(f"seed={el.get('seed')!r} does not have 6 fields")
        rnd, honba, sticks, d1, d2, dora = seed
        wind, number = divmod(rnd, 4)
        self.hand = f"{'ESWN'[wind % 4]}{number + 1}-{honba}"
        if not (0 <= d1 < 6 and 0 <= d2 < 6):
            raise ValueError(f"dice {d1},{d2} outside 0..5")
        dealer = self._seat(el, "oya")
        hands = tuple([_tiles(_need(el, name), name) for name in _HAI[: self.n]])
        scores = self._scores(_need(el, "ten"), "ten")
        self.last_draw[:] = [-1] * 4
        start = HandStart(
            round_wind=wind,
            hand_number=number,
            honba=honba,
            sticks=sticks,
            dealer=dealer,
            scores=scores,
            dora_indicator=_tile(dora),
            hands=hands,
            dice=(d1 + 1, d2 + 1),
        )
        if bounded((rnd, honba, sticks, *scores)):  # the rest: a seat, tile ids, dice, all checked
            self.events.append(start)
        else:
            self._add(start)

    def _n(self, el: Element) -> None:
        who = self._seat(el)
        call = self._call(_int_attr(el, "m"), who)
        self.last_draw[who] = -1
        self.events.append(call)  # a seat, and a meld decoded from 16 bits: seats, tile ids, a kind

    def _call(self, m: int, who: int) -> Call:
        """The call of meld code ``m`` by ``who``: decoded once, then shared."""
        call = _CALLS.get((m, who, self.n))
        if call is None:
            call = Call(who, decode_meld(m, who, self.n))
            if len(_CALLS) < _KEPT:
                _CALLS[m, who, self.n] = call
        return call

    def _reach(self, el: Element) -> None:
        who = self._seat(el)
        step = _int_attr(el, "step")
        if step == 1:
            self.events.append(RIICHI[who])
        elif step == 2:
            ten = el.get("ten")
            scores = self._scores(ten, "ten") if ten is not None else None
            if scores is None or bounded(scores):
                self.events.append(RiichiAccepted(who, scores))
            else:
                self._add(RiichiAccepted(who, scores))
        else:
            raise ValueError(f"step={step} is neither 1 nor 2")

    def _dora(self, el: Element) -> None:
        self.events.append(_DORA[_tile(_int_attr(el, "hai"))])

    def _agari(self, el: Element) -> None:
        who = self._seat(el)
        from_who = self._seat(el, "fromWho")
        ten = _ints(_need(el, "ten"), "ten")
        if len(ten) != 3:
            raise ValueError(f"ten={el.get('ten')!r} is not fu,points,limit")
        fu: int | None
        points: int | None
        fu, points, limit = ten
        if not 0 <= limit < len(LIMIT_NAMES):
            raise ValueError(f"limit code {limit} is not 0..5")
        yaku: list[ClaimedYaku] = []
        han: int | None
        multiple: int | None = None
        yakuman = el.get("yakuman")
        if yakuman is not None:
            ids = _ints(yakuman, "yakuman")
            yaku = [_claimed_yaku(i, 13) for i in ids]
            han = None
            multiple = len(ids)
        else:
            pairs = _ints(el.get("yaku", ""), "yaku")
            if len(pairs) % 2:
                raise ValueError(f"yaku={el.get('yaku')!r} is not id,han pairs")
            yaku = [_claimed_yaku(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)]
            han = sum(y.han for y in yaku) if yaku else None
        if points == 0:  # Tenhou never writes a win worth nothing: a writer whose source stated no value
            fu = points = None
        melds: tuple[Meld, ...] = tuple(self._call(m, who).meld for m in _ints(el.get("m", ""), "m"))
        honba, sticks = self._ba(el)
        before, deltas = self._sc(el)
        ura = el.get("doraHaiUra")
        pao = el.get("paoWho")
        limit_name = LIMIT_NAMES[limit] if points is not None else None
        claimed = ClaimedWin(
            # Tenhou states fu 0 only for a yakuman; on a lesser hand 0 is a writer's "not stated"
            fu=None if fu == 0 and 0 < limit < 5 else fu,
            han=han,
            points=points,
            limit=limit_name,
            yaku=tuple(yaku) if yaku or el.get("yaku") is not None or yakuman is not None else None,
            yakuman_multiple=multiple,
            dora_indicators=_tiles(el.get("doraHai"), "doraHai"),
            ura_indicators=_tiles(ura, "doraHaiUra") if ura is not None else None,
            hand=_tiles(_need(el, "hai"), "hai"),
            melds=melds,
            honba=honba,
            sticks=sticks,
            deltas=deltas,
            scores_before=before,
            pao_seat=self._seat(el, "paoWho") if pao is not None else None,
        )
        win = Win(who, from_who, _tile(_int_attr(el, "machi")), claimed)
        ints = (fu or 0, points or 0, han or 0, honba or 0, sticks or 0, *(deltas or ()), *(before or ()))
        longest = max([len(limit_name or "")] + [len(y.name) for y in yaku])
        if bounded((*ints, *[y.han for y in yaku])) and longest <= self.max_field:
            self.events.append(win)  # the rest: seats, tile ids, melds decoded from 16 bits
        else:
            self._add(win)
        self._owari(el)

    def _ryuukyoku(self, el: Element) -> None:
        if el.get("owari") == "" and el.get("sc") is None and el.get("ba") is None:
            # a game cut off mid-hand (a bot's disconnected table): no result, nothing after it;
            # the replay reports the record as truncated there
            return
        typ = el.get("type")
        if typ not in _RYUU_KIND:
            raise ValueError(f"unknown draw type {typ!r}")
        kind = _RYUU_KIND[typ]
        shown = tuple(
            [_tiles(el.get(name), name) if el.get(name) is not None else None for name in _HAI[: self.n]]
        )
        seats = tuple(i for i, h in enumerate(shown) if h is not None)
        honba, sticks = self._ba(el)
        before, deltas = self._sc(el)
        # Tenhou always writes sc: with neither sc nor hands, who was tenpai is not stated
        tenpai = seats if seats or (not kind.abortive and deltas is not None) else None
        self._add(Ryuukyoku(kind, tenpai, deltas, before, honba, sticks, shown))
        self._owari(el)

    def _owari(self, el: Element) -> None:
        text = el.get("owari")
        if text is None:
            return
        parts = text.split(",")[:8]
        if len(parts) < 2 * self.n:
            raise ValueError(f"owari={text!r} has fewer than {2 * self.n} values")
        finals = tuple([_int(parts[2 * i]) * 100 for i in range(self.n)])
        rank_text = tuple(parts[1::2][: self.n])
        for t in rank_text:
            if not _RANK_TEXT.match(t):
                raise ValueError(f"owari rank points {t!r} are not a number")
        self._add(GameEnd(finals, tuple(float(t) for t in rank_text), rank_text))

    def _bye(self, el: Element) -> None:
        self._add(Disconnect(self._seat(el)))

    def _un(self, el: Element) -> None:
        if el.get("dan") is not None:
            return  # the player list sent again: not an event
        for i in range(self.n):
            if el.get(f"n{i}") is not None:
                self._add(Reconnect(i))

    def _header(self, el: Element) -> None:
        """SHUFFLE/GO/TAIKYOKU after the first INIT carry nothing new for the events."""


_DORA: Final = tuple(NewDora(tile) for tile in range(136))
trust(_DORA)


def _claimed_yaku(i: int, han: int) -> ClaimedYaku:
    """Yaku id ``i`` worth ``han``, as a shared event part (a bounded number of them are kept)."""
    y = _YAKU.get((i, han))
    if y is None:
        y = ClaimedYaku(_yaku_name(i), han)
        if len(_YAKU) < _KEPT and trust((y,)):
            _YAKU[i, han] = y
    return y


_HANDLERS: Final = {
    "INIT": _GameReader._init,
    "N": _GameReader._n,
    "REACH": _GameReader._reach,
    "DORA": _GameReader._dora,
    "AGARI": _GameReader._agari,
    "RYUUKYOKU": _GameReader._ryuukyoku,
    "BYE": _GameReader._bye,
    "UN": _GameReader._un,
    "SHUFFLE": _GameReader._header,
    "GO": _GameReader._header,
    "TAIKYOKU": _GameReader._header,
}

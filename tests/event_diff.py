"""Which event fields differ between a game and its A→B→A round trip, named ``Type.field``.

Tiles are compared as (kind, red): a format naming kinds only gives each tile a copy of its own when it
writes Tenhou XML, so ids need not come back. Hands are compared as sorted tiles (dealing order is a
separate field, ``HandStart.hands order``). New-dora indicators are compared per hand apart from the
other events, so that one revealed at another moment is ``NewDora.timing`` rather than a shifted hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from paifu.events import Disconnect, Event, GameRecord, GameStart, HandStart, NewDora, Reconnect
from paifu.tiles import is_red

_TILE = frozenset({"tile", "dora_indicator", "indicator", "called"})
_TILES = frozenset({"tiles", "dora_indicators", "ura_indicators", "hand"})
_PER_SEAT_TILES = frozenset({"hands", "shown"})
#: GameStart fields a game is the same game without (how its ids were made; its id, which each format
#: keeps its own way); its header (``meta``) is compared field by field, its hints by the rules they
#: give (``round_trip``)
_HEADER_IGNORED = frozenset({"meta", "rules_hint", "physical_ids", "game_id"})


def _says_nothing(v: Any) -> bool:
    """A header value that says nothing: an empty title (Tenhou XML's title="", tenhou.net/6's
    ["", ""]) is no title."""
    return v in ("", None) or (isinstance(v, tuple) and all(x in ("", None) for x in v))


def header_differences(before: GameRecord, after: GameRecord) -> set[str]:
    """``GameStart.meta.KEY`` for every header field ``after`` gives otherwise than ``before`` (one
    it lacks included); a value that says nothing is the same as none."""
    a = {k: v for k, v in before.start.meta if not _says_nothing(v)}
    b = {k: v for k, v in after.start.meta if not _says_nothing(v)}
    return {f"GameStart.meta.{k}" for k in a if b.get(k) != a[k]}


def _kind(t: int, red: tuple[int, int, int]) -> tuple[int, bool]:
    return t >> 2, is_red(t, red)


def _fields(obj: Any, red: tuple[int, int, int], prefix: str = "") -> Iterator[tuple[str, Any]]:
    def k(t: int) -> tuple[int, bool]:
        return _kind(t, red)

    def ks(ts: Any) -> Any:
        return None if ts is None else tuple(sorted(k(t) for t in ts))

    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        name = prefix + f.name
        if v is None:
            yield name, None
        elif f.name in _TILE:
            yield name, k(v)
        elif f.name in _TILES:
            yield name, ks(v)
        elif f.name in _PER_SEAT_TILES:
            yield name, tuple(ks(h) for h in v)
            if f.name == "hands":
                yield name + " order", tuple(tuple(t >> 2 for t in h) for h in v)  # of kinds
        elif f.name == "melds":
            yield name, tuple(sorted(tuple(_fields(m, red)) for m in v))
        elif f.name == "yaku":
            yield name, tuple(sorted((y.name, y.han) for y in v))
        elif dataclasses.is_dataclass(v):
            yield from _fields(v, red, name + ".")
        else:
            yield name, v


def _hands(events: list[Event]) -> list[list[Event]]:
    out: list[list[Event]] = [[]]
    for ev in events:
        if isinstance(ev, HandStart):
            out.append([])
        out[-1].append(ev)
    return out


def _doras(hand: list[Event]) -> list[tuple[int, NewDora]]:
    """Each indicator with its place among the hand's play (a dropped disconnection moves none)."""
    out, at = [], 0
    for e in hand:
        if isinstance(e, NewDora):
            out.append((at, e))
        elif not isinstance(e, (Disconnect, Reconnect)):
            at += 1
    return out


def event_differences(before: GameRecord, after: GameRecord, red: tuple[int, int, int]) -> set[str]:
    """``Type.field`` for every field of an event that ``after`` gives otherwise than ``before``;
    ``Type events`` where a hand's sequence of event kinds differs (an event lost or added)."""
    out: set[str] = header_differences(before, after)
    a_hands, b_hands = _hands(before.events), _hands(after.events)
    if len(a_hands) != len(b_hands):
        out.add("HandStart events")
    for a, b in zip(a_hands, b_hands, strict=False):
        a_dora, b_dora = _doras(a), _doras(b)
        if [_kind(e.indicator, red) for _, e in a_dora] != [_kind(e.indicator, red) for _, e in b_dora]:
            out.add("NewDora.indicator")
        elif [i for i, _ in a_dora] != [i for i, _ in b_dora]:
            out.add("NewDora.timing")
        a_rest = [e for e in a if not isinstance(e, NewDora)]
        b_rest = [e for e in b if not isinstance(e, NewDora)]
        if [type(e) for e in a_rest] != [type(e) for e in b_rest]:
            kinds_a, kinds_b = [type(e).__name__ for e in a_rest], [type(e).__name__ for e in b_rest]
            out |= {f"{t} events" for t in set(kinds_a) ^ set(kinds_b)} or {"event order"}
            for t in set(kinds_a) & set(kinds_b):
                if kinds_a.count(t) != kinds_b.count(t):
                    out.add(f"{t} events")
            continue
        for x, y in zip(a_rest, b_rest, strict=True):
            fx, fy = dict(_fields(x, red)), dict(_fields(y, red))
            for name, v in fx.items():
                if isinstance(x, GameStart) and name in _HEADER_IGNORED:
                    continue
                if fy.get(name) != v:
                    out.add(f"{type(x).__name__}.{name}")
    return out

"""Each new kan indicator at the moment a format's own producer reveals it.

Records disagree on when a kan's new indicator appears: Tenhou XML gives an open kan's before the
discard that follows the rinshan draw, Mortal's mjai (libriichi) after that discard, 電脳麻将
(majiang-core ``lib/game.js``) after it too, and its closed kan's after the rinshan draw where mjai and
Tenhou give it before. A writer hands its events here so that what it writes is what that program
itself writes and accepts; the indicators and their order are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Draw,
    Event,
    HandStart,
    NewDora,
    RiichiDeclared,
    Ryuukyoku,
    Win,
)

_KANS = (CallKind.ANKAN, CallKind.KAKAN, CallKind.DAIMINKAN)


def at_reveal(events: Iterable[Event], closed_after_draw: bool) -> list[Event]:
    """``events`` with every ``NewDora`` moved to its reveal: a closed kan's at the kan (or, with
    ``closed_after_draw``, after its rinshan draw), an open kan's after the next discard or at the next
    kan. An indicator the record gives later than that moment stays where it is; one a hand never
    reaches the moment of (a win on the rinshan draw) is written before the hand's result."""
    out: list[Event] = []
    queued: list[NewDora] = []  # indicators read, their moment not reached yet
    due = 0  # moments reached whose indicator the record has not given yet
    closed = opened = False  # a closed kan waits for its rinshan draw; an open one for a discard or kan

    def moment() -> None:
        nonlocal due
        if queued:
            out.append(queued.pop(0))
        else:
            due += 1

    for ev in events:
        if isinstance(ev, NewDora):
            if due:
                due -= 1
                out.append(ev)
            else:
                queued.append(ev)
            continue
        if isinstance(ev, (HandStart, Win, Ryuukyoku)):
            out.extend(queued)
            queued.clear()
            if isinstance(ev, HandStart):
                due, closed, opened = 0, False, False
        out.append(ev)
        if isinstance(ev, Call) and ev.meld.kind in _KANS:
            if opened:
                moment()
            is_closed = ev.meld.kind == CallKind.ANKAN
            closed, opened = is_closed and closed_after_draw, not is_closed
            if is_closed and not closed_after_draw:
                moment()
        elif isinstance(ev, Draw) and closed:
            closed = False
            moment()
        elif isinstance(ev, Discard) and opened:
            opened = False
            moment()
    out.extend(queued)
    return out


def moved_to_reveal(events: list[Event], closed_after_draw: bool, lost: set[str]) -> list[Event]:
    """``at_reveal``, noting in ``lost`` when an indicator had to move (its moment is not kept)."""
    out = at_reveal(events, closed_after_draw)
    if out != events:
        lost.add(
            "the moment a kan's new indicator was revealed (written where the format's program reveals it)"
        )
    return out


def at_tenhou_json_read(events: list[Event]) -> list[Event]:
    """Where tenhou.net/6's reader puts each new indicator (the format has no place for one): a closed
    kan's right after the kan, an open or added kan's before the next discard, kan or result (none
    before a robbed kan's ron). A writer compares this with the record to know the moment is lost."""
    out: list[Event] = []
    hands: list[list[Event]] = [[]]
    for ev in events:
        if isinstance(ev, HandStart):
            hands.append([])
        hands[-1].append(ev)
    for hand in hands:
        doras = [ev for ev in hand if isinstance(ev, NewDora)]
        pending = 0
        last: Event | None = None
        for ev in hand:
            if isinstance(ev, NewDora):
                continue
            robbed = isinstance(ev, Win) and isinstance(last, Call) and last.meld.kind in _KANS
            if isinstance(ev, (RiichiDeclared, Discard, Ryuukyoku)) or (isinstance(ev, Win) and not robbed):
                while pending and doras:
                    out.append(doras.pop(0))
                    pending -= 1
            out.append(ev)
            if isinstance(ev, Call) and ev.meld.kind in _KANS:
                while pending and doras:
                    out.append(doras.pop(0))
                    pending -= 1
                if ev.meld.kind == CallKind.ANKAN:
                    out.extend(doras[:1])
                    del doras[:1]
                else:
                    pending += 1
            last = ev
        out.extend(doras)
    return out

"""Settings a source leaves to the table, chosen by what a record states of itself.

Qdan (004) lets a table start at 25,000 or 30,000, play with three red fives or none, and choose
the game's length; the casual app (003) offers one hand, east-only or a half game. A preset lists
such options in ``Ruleset.open_settings``; here a record's own statements (its first hand's start
scores, the red fives it shows or its wins leave out, the rounds it plays and where it ends) pick
the value among those the source allows. What a record cannot tell keeps the source's default,
and a value the source does not allow is never picked: the replay then reports it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from paifu.events import Draw, Event, GameEnd, GameStart, HandStart, Win
from paifu.frozen import Frozen, set_field
from paifu.rules.ruleset import Ruleset
from paifu.tiles import is_red

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the same, without importing dataclasses (paifu.frozen; start-up, issue 26)
    from paifu.frozen import dataclass

__all__ = ["RecordFacts", "record_facts", "settle"]


@dataclass(init=False, repr=False, eq=False)
class RecordFacts(Frozen):
    """What a record states that a table's settings decide."""

    #: the first hand's scores, when the record starts at East 1 with no honba and no sticks
    start_scores: tuple[int, ...] | None
    rounds: int  # rounds reached (1: East only, 2: into South ...)
    hands: int
    ended: bool  # the record has its game end
    busted: bool  # a score below 0 at the end (the length then does not show)
    #: True: a red five is stated (a claimed aka-dora; a red tile in a record that names kinds);
    #: False: a win states its yaku and holds a five that would be red, without an aka-dora (or a
    #: record that names kinds shows no red tile at all); None: the record does not say
    red_fives: bool | None

    def __init__(
        self,
        start_scores: tuple[int, ...] | None = None,
        rounds: int = 0,
        hands: int = 0,
        ended: bool = False,
        busted: bool = False,
        red_fives: bool | None = None,
    ) -> None:
        set_field(self, "start_scores", start_scores)
        set_field(self, "rounds", rounds)
        set_field(self, "hands", hands)
        set_field(self, "ended", ended)
        set_field(self, "busted", busted)
        set_field(self, "red_fives", red_fives)


def _copy0(tile: int) -> bool:
    """Copy 0 of a five: the red one wherever a table has red fives (``paifu.tiles.is_red``)."""
    return 0 <= tile < 136 and is_red(tile)


def record_facts(events: Iterable[Event]) -> RecordFacts:
    """The facts of one game's events (a single pass, nothing kept but counters)."""
    start: tuple[int, ...] | None = None
    first = True
    rounds = hands = 0
    ended = busted = False
    physical = True
    red_tile = False
    aka_claimed = False
    red_unclaimed = False
    for ev in events:
        if isinstance(ev, GameStart):
            physical = ev.physical_ids
        elif isinstance(ev, HandStart):
            if first and (ev.round_wind, ev.hand_number, ev.honba, ev.sticks) == (0, 0, 0, 0) and ev.scores:
                start = tuple(ev.scores)
            first = False
            hands += 1
            rounds = max(rounds, ev.round_wind + 1)
            if not physical and not red_tile:
                red_tile = any(_copy0(t) for h in ev.hands for t in h)
        elif isinstance(ev, Draw):
            if not physical and not red_tile:
                red_tile = _copy0(ev.tile)
        elif isinstance(ev, Win) and ev.claimed is not None and ev.claimed.yaku is not None:
            c = ev.claimed
            yaku = ev.claimed.yaku
            if any(y.name == "aka-dora" and y.han > 0 for y in yaku):
                aka_claimed = True
            elif any(_copy0(t) for t in (*(c.hand or ()), ev.tile)):
                red_unclaimed = True
        elif isinstance(ev, GameEnd):
            ended = True
            busted = any(s < 0 for s in ev.final_scores or ())
    red: bool | None = None
    if aka_claimed or red_tile:
        red = True
    elif red_unclaimed or (not physical and hands):
        red = False
    return RecordFacts(start, rounds, hands, ended, busted, red)


def settle(rules: Ruleset, facts: RecordFacts) -> Ruleset:
    """``rules`` with each open setting chosen by the record's facts, among the allowed values."""
    chosen: dict[str, object] = {}
    for key, allowed in rules.open_settings:
        value = _choose(key, allowed, facts)
        if value is not None and value != getattr(rules, key):
            chosen[key] = value
    if not chosen:
        return rules
    said = ",".join(f"{k}={_word(v)}" for k, v in chosen.items())
    return rules.replace(name=f"{rules.name}[{said}]", **chosen)


def _choose(key: str, allowed: tuple[object, ...], f: RecordFacts) -> object | None:
    if key == "start_points" and f.start_scores and len(set(f.start_scores)) == 1:
        stated = f.start_scores[0]
        return stated if stated in allowed else None
    if key == "red_fives" and f.red_fives is not None:
        fits = [v for v in allowed if isinstance(v, tuple) and any(v) == f.red_fives]
        return fits[0] if len(fits) == 1 else None
    if key == "length":
        return _length(allowed, f)
    return None


def _length(allowed: tuple[object, ...], f: RecordFacts) -> object | None:
    """A game that plays the South round is a half game; one that ends in the East round without a
    bust is east-only, or one hand if it had one hand."""
    if f.rounds >= 2:
        stated: str | None = "south"
    elif f.ended and not f.busted and f.rounds == 1:
        stated = "one-hand" if f.hands == 1 else "east"
    else:
        stated = None
    return stated if stated in allowed else None


def _word(v: object) -> str:
    return "-".join(str(x) for x in v) if isinstance(v, tuple) else str(v)

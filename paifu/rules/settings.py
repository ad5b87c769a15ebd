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

from paifu.events import Call, CallKind, Discard, Draw, Event, GameEnd, GameStart, HandStart, NewDora, Win
from paifu.frozen import Frozen, dataclass, set_field
from paifu.rules.ruleset import Ruleset
from paifu.tiles import is_red

__all__ = ["RecordFacts", "record_facts", "settle"]


@dataclass(init=False, repr=False, eq=False)
class RecordFacts(Frozen):
    """What a record states that a table's settings decide."""

    #: the first hand's scores, when the record starts at East 1 with no honba and no sticks
    start_scores: tuple[int, ...] | None
    rounds: int  # rounds reached (1: East only, 2: into South ...)
    hands: int
    #: the last hand's round and number (South 1: 1, 0), and the seats dealt
    last_round: int
    last_number: int
    players: int
    #: every hand was the first hand (East 1, however many honba)
    first_hand_only: bool
    #: True: a kan turns a new indicator (one is shown); False: a kan's replacement discard is made
    #: and its hand shows no new indicator at all; None: the record does not say (or says both)
    kan_dora: bool | None
    #: True: a riichi win shows ura indicators; False: one shows none where the record states them
    ura_dora: bool | None
    #: True: a riichi win shows ura indicators under kan dora too; False: one with kan dora shows one
    kan_ura: bool | None
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
        last_round: int = 0,
        last_number: int = 0,
        players: int = 4,
        first_hand_only: bool = False,
        kan_dora: bool | None = None,
        ura_dora: bool | None = None,
        kan_ura: bool | None = None,
    ) -> None:
        set_field(self, "start_scores", start_scores)
        set_field(self, "rounds", rounds)
        set_field(self, "hands", hands)
        set_field(self, "last_round", last_round)
        set_field(self, "last_number", last_number)
        set_field(self, "players", players)
        set_field(self, "first_hand_only", first_hand_only)
        set_field(self, "kan_dora", kan_dora)
        set_field(self, "ura_dora", ura_dora)
        set_field(self, "kan_ura", kan_ura)
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
    last = (0, 0)
    players = 4
    first_hand_only = True
    ended = busted = False
    said: dict[str, set[bool]] = {"kan_dora": set(), "ura_dora": set(), "kan_ura": set()}
    kan_then_discard = shown = kan = False
    physical = True
    red_tile = False
    aka_claimed = False
    red_unclaimed = False
    for ev in events:
        if isinstance(ev, GameStart):
            physical = ev.physical_ids
            players = len(ev.players) or players
        elif isinstance(ev, HandStart):
            if kan_then_discard and not shown:
                said["kan_dora"].add(False)
            kan_then_discard = shown = kan = False
            if first and (ev.round_wind, ev.hand_number, ev.honba, ev.sticks) == (0, 0, 0, 0) and ev.scores:
                start = tuple(ev.scores)
            first = False
            hands += 1
            rounds = max(rounds, ev.round_wind + 1)
            last = (ev.round_wind, ev.hand_number)
            first_hand_only = first_hand_only and last == (0, 0)
            if not physical and not red_tile:
                red_tile = any(_copy0(t) for h in ev.hands for t in h)
        elif isinstance(ev, Draw):
            if not physical and not red_tile:
                red_tile = _copy0(ev.tile)
        elif isinstance(ev, Call):
            kan = kan or ev.meld.kind in _KANS
        elif isinstance(ev, Discard):
            kan_then_discard = kan_then_discard or kan
        elif isinstance(ev, NewDora):
            shown = True
            said["kan_dora"].add(True)
        elif isinstance(ev, Win) and ev.claimed is not None:
            _ura_said(ev, said)
            if ev.claimed.yaku is None:
                continue
            c = ev.claimed
            yaku = ev.claimed.yaku
            if any(y.name == "aka-dora" and y.han > 0 for y in yaku):
                aka_claimed = True
            elif any(_copy0(t) for t in (*(c.hand or ()), ev.tile)):
                red_unclaimed = True
        elif isinstance(ev, GameEnd):
            ended = True
            busted = any(s < 0 for s in ev.final_scores or ())
    if kan_then_discard and not shown:
        said["kan_dora"].add(False)
    red: bool | None = None
    if aka_claimed or red_tile:
        red = True
    elif red_unclaimed or (not physical and hands):
        red = False
    one = {k: next(iter(v)) if len(v) == 1 else None for k, v in said.items()}
    return RecordFacts(
        start,
        rounds,
        hands,
        ended,
        busted,
        red,
        last[0],
        last[1],
        players,
        first_hand_only and hands > 0,
        one["kan_dora"],
        one["ura_dora"],
        one["kan_ura"],
    )


_KANS = (CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.ANKAN)


def _ura_said(ev: Win, said: dict[str, set[bool]]) -> None:
    """What a riichi win that states its ura indicators says of ura and kan ura: shown or none
    (a format that states none at all says nothing)."""
    c = ev.claimed
    assert c is not None
    ura = c.ura_indicators
    if ura is None or not any(y.name in ("riichi", "double-riichi") for y in c.yaku or ()):
        return
    said["ura_dora"].add(bool(ura))
    if len(ura) > 1:
        said["kan_ura"].add(True)
    elif ura and len(c.dora_indicators or ()) > 1:
        said["kan_ura"].add(False)


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
    if key in ("kan_dora", "ura_dora", "kan_ura"):
        stated = getattr(f, key)
        return stated if stated is not None and stated in allowed else None
    return None


def _length(allowed: tuple[object, ...], f: RecordFacts) -> object | None:
    """The length the record's own end shows: a game that ends in the East round without a bust is
    east-only, or one hand if it never left East 1; one that plays the South round is a half game,
    unless it ends there before the South round's last hand without a bust, which no half game
    does: an east-only game extended into South (004: 「東風戦は南入」; Mahjong Soul's 南入)."""
    stated: str | None = None
    if f.rounds >= 2:
        stated = "south"
        if f.ended and not f.busted and f.last_round == 1 and f.last_number < f.players - 1:
            stated = "east"
    elif f.ended and not f.busted and f.rounds == 1:
        stated = "one-hand" if f.first_hand_only else "east"
    return stated if stated in allowed else None


def _word(v: object) -> str:
    return "-".join(str(x) for x in v) if isinstance(v, tuple) else str(v)

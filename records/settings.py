"""Settings a source leaves to the table, chosen by what a record states of itself.

Qdan (004) lets a table start at 25,000 or 30,000, play with three red fives or none, and choose
the game's length; the casual app (003) offers one hand, east-only or a half game. A preset lists
such options in ``Ruleset.open_settings``; here a record's own statements (its first hand's start
scores, the red fives it shows or its wins leave out, the rounds it plays and where it ends) pick
the value among those the source allows. What a record cannot tell keeps the source's default,
and a value the source does not allow is never picked: the replay then reports it.

A three-player room may pay a tsumo with the absent seat's share lost, split or paid evenly
(``Ruleset.sanma_tsumo``), and a record may not state which: there the payments of its tsumos
choose, and the game's summary says so (``settle_said``), whatever was chosen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from paifu.events import Call, CallKind, Discard, Draw, Event, GameEnd, GameStart, HandStart, NewDora, Win
from paifu.findings import Note
from paifu.frozen import Frozen, dataclass
from paifu.rules.ruleset import Ruleset
from paifu.tiles import is_red

__all__ = ["RecordFacts", "TsumoPaid", "record_facts", "settle", "settle_said"]


class TsumoPaid(NamedTuple):
    """A three-player tsumo's payments as the record states them, with what they depend on."""

    hand: str  # "E1-0"
    winner: int
    dealer: int
    honba: int
    dice: tuple[int, int] | None  # the hand's dice (a wareme seat is counted from them)
    han: int | None
    fu: int | None
    paid: tuple[int, ...]  # each seat's score change


@dataclass(init=False, repr=False, eq=False)
class RecordFacts(Frozen):
    """What a record states that a table's settings decide."""

    #: the first hand's scores, when the record starts at East 1 with no honba and no sticks
    start_scores: tuple[int, ...] | None = None
    rounds: int = 0  # rounds reached (1: East only, 2: into South ...)
    hands: int = 0
    #: the last hand's round and number (South 1: 1, 0), and the seats dealt
    last_round: int = 0
    last_number: int = 0
    players: int = 4
    #: every hand was the first hand (East 1, however many honba)
    first_hand_only: bool = False
    #: True: a kan turns a new indicator (one is shown); False: a kan's replacement discard is made
    #: and its hand shows no new indicator at all; None: the record does not say (or says both)
    kan_dora: bool | None = None
    #: True: a riichi win shows ura indicators; False: one shows none where the record states them
    ura_dora: bool | None = None
    #: True: a riichi win shows ura indicators under kan dora too; False: one with kan dora shows one
    kan_ura: bool | None = None
    ended: bool = False  # the record has its game end
    busted: bool = False  # a score below 0 at the end (the length then does not show)
    #: True: a red five is stated (a claimed aka-dora; a red tile in a record that names kinds);
    #: False: a win states its yaku and holds a five that would be red, without an aka-dora (or a
    #: record that names kinds shows no red tile at all); None: the record does not say
    red_fives: bool | None = None
    #: each three-player tsumo whose score changes the record states, in play order
    tsumos: tuple[TsumoPaid, ...] = ()


def _copy0(tile: int) -> bool:
    """Copy 0 of a five: the red one wherever a table has red fives (``paifu.tiles.is_red``)."""
    return 0 <= tile < 136 and is_red(tile)


def record_facts(events: Iterable[Event]) -> RecordFacts:
    """The facts of one game's events (a single pass, nothing kept but counters and the stated
    payments of its three-player tsumos)."""
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
    tsumos: list[TsumoPaid] = []
    hand: HandStart | None = None
    for ev in events:
        if isinstance(ev, GameStart):
            physical = ev.physical_ids
            players = len(ev.players) or players
        elif isinstance(ev, HandStart):
            hand = ev
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
            if ev.tsumo and players == 3 and hand is not None and ev.claimed.deltas is not None:
                tsumos.append(_tsumo_paid(ev, hand))
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
        start_scores=start,
        rounds=rounds,
        hands=hands,
        ended=ended,
        busted=busted,
        red_fives=red,
        last_round=last[0],
        last_number=last[1],
        players=players,
        first_hand_only=first_hand_only and hands > 0,
        kan_dora=one["kan_dora"],
        ura_dora=one["ura_dora"],
        kan_ura=one["kan_ura"],
        tsumos=tuple(tsumos),
    )


def _tsumo_paid(ev: Win, hand: HandStart) -> TsumoPaid:
    c = ev.claimed
    assert c is not None and c.deltas is not None
    label = f"{'ESWN'[hand.round_wind % 4]}{hand.hand_number + 1}-{hand.honba}"
    return TsumoPaid(label, ev.seat, hand.dealer, hand.honba, hand.dice, c.han, c.fu, tuple(c.deltas))


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
    return settle_said(rules, facts)[0]


def settle_said(rules: Ruleset, facts: RecordFacts) -> tuple[Ruleset, tuple[str, ...]]:
    """``settle``, and the notes for the game's summary on settings read from its play rather than
    stated (a three-player tsumo's payment, from the record's tsumos), each as ``[code] words``."""
    chosen: dict[str, object] = {}
    notes: list[str] = []
    for key, allowed in rules.open_settings:
        if key == "sanma_tsumo":
            value, note = _sanma_tsumo(rules, allowed, facts)
            notes.append(f"[{Note.RULE_FROM_PLAY}] {note}")
        else:
            value = _choose(key, allowed, facts)
        if value is not None and value != getattr(rules, key):
            chosen[key] = value
    if not chosen:
        return rules, tuple(notes)
    said = ",".join(f"{k}={_word(v)}" for k, v in chosen.items())
    return rules.replace(name=f"{rules.name}[{said}]", **chosen), tuple(notes)


#: every basic-points value a win can have (``fu * 2 ** (han + 2)`` below a mangan, the limits, up
#: to a sextuple yakuman), for a payment whose han and fu the record does not state
_ANY_BASIC = frozenset(
    {min(fu * 2 ** (han + 2), 2000) for han in range(1, 5) for fu in (20, 25, *range(30, 120, 10))}
    | {2000, 3000, 4000, 6000}
    | {8000 * k for k in range(1, 7)}
)


def _sanma_tsumo(rules: Ruleset, allowed: tuple[object, ...], f: RecordFacts) -> tuple[object | None, str]:
    """A three-player tsumo's payment, from the first of the record's tsumos that tells (with those
    before it, which may leave two values open: a dealer's tsumo pays the same split or even).
    Where none tells, or they contradict each other before one does, the table's own value stays
    (the replay then flags the tsumos it does not explain)."""
    what = "a 3-player tsumo's payment (sanma_tsumo: the absent seat's share lost, split or paid evenly)"
    open_ = [v for v in allowed if v in ("loss", "split", "even")]
    own = f"the {rules.name} table's {rules.sanma_tsumo!r}"
    if not f.tsumos:
        return None, f"{what} is not stated and no tsumo shows it: {own}"
    fits = set(open_)
    for t in f.tsumos:
        these = {v for v in open_ if _pays(rules, str(v), t)}
        if not these:
            continue  # a payment none explains (liability, a wrong number): the replay judges it
        if not fits & these:
            return None, f"{what} is not stated and its tsumos contradict each other (at {t.hand}): {own}"
        fits &= these
        if len(fits) == 1:
            (value,) = fits
            return value, f"{what} is not stated: read from the record's tsumo payments ({t.hand}): {value!r}"
    return None, f"{what} is not stated and its tsumo payments do not tell: {own}"


def _pays(rules: Ruleset, how: str, t: TsumoPaid) -> bool:
    """Whether a tsumo paid as ``how`` gives the payers the record's changes, for the basic points
    its han and fu give (with kiriage or without; any, where it states neither or a yakuman): each
    payer's share and honba, doubled on a wareme seat's payment or win (``paifu.scoring.payments``)."""
    from paifu.scoring.values import base_points, shares

    n = len(t.paid)
    if n != 3 or not 0 <= t.winner < n or not 0 <= t.dealer < n:
        return False
    as_paid = rules.replace(sanma_tsumo=how)
    if t.han is not None and t.fu is not None and 0 < t.han < 13:
        basics = {base_points(t.han, t.fu, as_paid.replace(kiriage=k))[0] for k in (False, True)}
    else:
        basics = set(_ANY_BASIC)
    wareme = (t.dealer + sum(t.dice) - 1) % n if rules.wareme and t.dice is not None else None
    honba = rules.honba_value * t.honba // (n - 1)
    dealer_wins = t.winner == t.dealer
    for a in basics:
        _, dealer_share, other_share = shares(a, as_paid, dealer_wins)
        expected = []
        for s in range(n):
            if s == t.winner:
                continue
            pay = (other_share if dealer_wins or s != t.dealer else dealer_share) + honba
            expected.append(-2 * pay if wareme in (s, t.winner) else -pay)
        if expected == [t.paid[s] for s in range(n) if s != t.winner]:
            return True
    return False


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

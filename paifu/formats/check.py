"""What every record must satisfy after reading, whatever its format, before anyone uses it.

Readers check what their format means; this checks what no format can mean and what would
break the code downstream: numbers beyond ``paifu.limits.MAX_NUMBER`` (a 2**63 honba
overflows pandas and the writers), NaN or infinite numbers (NaN passes every comparison,
Infinity is no JSON), text fields longer than the ``--max-field`` limit, and a game with no
hand at all (``{"type": "hello"}``, ``"log": []``) that would otherwise count as a valid
game of zero hands. Any of these makes the file unreadable, naming game, event and field.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from operator import attrgetter
from typing import Any, Final

from paifu.events import Discard, Draw, GameRecord, HandStart
from paifu.formats.base import RecordError
from paifu.frozen import field_names
from paifu.limits import MAX_NUMBER, current

#: half of a UTF-16 pair alone (``"\\udfff"`` in JSON): Python reads it, no encoder writes it
_SURROGATE: Final = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]")  # chr(): mypyc takes no such literal

_FIELDS: Final[dict[type, tuple[str, ...]]] = {}
_WALKS: Final[dict[type, Callable[[Any, int], str | None]]] = {}
#: shared immutable values checked once (see ``trust``): id -> the longest text they hold, and
#: the ids of those that hold none (skipped whatever the limit); the values themselves are kept
#: alive here, so that no other object can ever take one of their ids
_TRUSTED: Final[dict[int, int]] = {}
_PLAIN: Final[set[int]] = set()
_TRUSTED_KEPT: Final[list[object]] = []


def trust(values: Iterable[object]) -> bool:
    """Let ``check_records`` skip these shared, immutable values (a reader's ready-made draws and
    discards, decoded calls, yaku): checked once here instead of once per use. A value is taken
    only when it is in bounds under every text limit at least as long as its longest text;
    returns whether all were taken (a reader shares only those)."""
    values = list(values)
    if len(values) > 1 and _plain_columns(values):  # the readers' tables: draws, discards, dora
        _TRUSTED_KEPT.extend(values)
        _TRUSTED.update(dict.fromkeys(map(id, values), 0))
        _PLAIN.update(map(id, values))
        return True
    taken = True
    for v in values:
        longest = 0
        if _bad(v, 0) is not None:  # texts, or out of bounds (most hold no text: one walk)
            longest = _longest_text(v)
            if not longest or _bad(v, longest) is not None or _bad(v, longest - 1) is None:
                taken = False  # out of bounds, or texts not found where the walk finds them
                continue
        _TRUSTED_KEPT.append(v)
        _TRUSTED[id(v)] = longest
        if not longest:
            _PLAIN.add(id(v))
    return taken


def _plain_columns(values: list[Any]) -> bool:
    """Whether the values, all of one dataclass type, hold only in-bounds ints, flags and None:
    ``_bad(v, 0) is None`` for each, checked a field at a time over all of them (at C speed)."""
    if not values or len(set(map(type, values))) != 1:
        return False
    names = _fields(type(values[0]))
    if not names:
        return False
    for name in names:
        column = tuple(map(attrgetter(name), values))
        kinds = set(map(type, column))
        if kinds <= _FLAGS or (kinds == _INT_ONLY and _small_ints(column)):
            continue
        return False
    return True


def _longest_text(value: Any) -> int:
    """The length of the longest text in a value (the walk of ``_bad``; ``trust`` verifies it)."""
    if isinstance(value, Enum):
        return 0
    if isinstance(value, str):
        return len(value)
    if isinstance(value, tuple | list):
        return max(map(_longest_text, value), default=0)
    return max((_longest_text(getattr(value, name)) for name in _fields(type(value))), default=0)


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = field_names(cls)
    return names


def _walk(cls: type, names: tuple[str, ...]) -> Callable[[Any, int], str | None]:
    """``_bad`` of a dataclass: its fields in order, the first out of bounds named. Written out once
    per class (as ``dataclasses`` writes ``__init__``), each field read by name and its common values
    (a small int, None, a flag, an enum, a tuple of small ints) passed without a call."""
    lines = ["def walk(value, max_field):"]
    for name in names:
        lines += [
            f"    v = value.{name}",
            "    t = type(v)",
            "    if not ((t is int and -M <= v <= M) or v is None or t is bool or t in ENUMS"
            " or (t is tuple and small(v))):",
            "        why = bad(v, max_field)",
            "        if why:",
            f"            return {name + ': '!r} + why",
        ]
    lines.append("    return None")
    scope: dict[str, Any] = {"M": MAX_NUMBER, "ENUMS": _ENUMS, "small": _small_ints, "bad": _bad}
    exec("\n".join(lines), scope)  # noqa: S102 - field names of a dataclass, nothing from a record
    return scope["walk"]


def _bad(value: Any, max_field: int) -> str | None:
    """Why a value is out of bounds, or None (walks tuples and nested dataclasses; the common
    cases - small ints, short texts - are tested first: this runs on every event of every game)."""
    t = type(value)
    if t is int:
        return None if -MAX_NUMBER <= value <= MAX_NUMBER else f"the number {_short(value)} is out of range"
    if t is str:
        if len(value) > max_field:
            return f"a text of {len(value):,} characters, over the --max-field limit of {max_field:,}"
        if not value.isascii() and (m := _SURROGATE.search(value)):  # every print or file would fail
            return f"a text with a lone surrogate {ascii(m[0])} (half of a UTF-16 pair, no character)"
        return None
    if value is None or t is bool:
        return None
    if t is tuple or t is list:
        if t is tuple and _small_ints(value):  # scores, hands, indicators: no walk
            return None
        for v in value:
            why = _bad(v, max_field)
            if why:
                return why
        return None
    if t is float:
        if not math.isfinite(value):
            return f"{value} is not a finite number"
        return None if abs(value) <= MAX_NUMBER else f"the number {_short(value)} is out of range"
    if isinstance(value, Enum):
        _ENUMS.add(t)
        return None
    longest = _TRUSTED.get(id(value))
    if longest is not None and longest <= max_field:
        return None
    names = _FIELDS.get(t)
    if names is None:
        names = _fields(t)
    if names:
        walk = _WALKS.get(t)
        if walk is None:
            walk = _WALKS[t] = _walk(t, names)
        return walk(value, max_field)
    if isinstance(value, int | float | str | tuple):  # a subclass of a plain type
        return _bad(t.__mro__[-2](value) if not isinstance(value, tuple) else tuple(value), max_field)
    return None


_MAX: Final = MAX_NUMBER  # a native constant when compiled
_INT_ONLY: Final = {int}
_FLAGS: Final = {bool, type(None)}
_ENUMS: Final[set[type]] = set()  # the Enum types met so far: always in bounds


def _small_ints(value: tuple[Any, ...]) -> bool:
    """Whether a tuple holds only ints within bounds (False sends it to the walk). A plain loop: as
    quick as ``map``/``min``/``max`` in pure Python for the short tuples of records, and native compiled."""
    m = _MAX
    for v in value:  # noqa: SIM110 - all() of a generator: slower pure, not native compiled
        if type(v) is not int or not -m <= v <= m:
            return False
    return True


def bounded(values: tuple[Any, ...]) -> bool:
    """Whether a tuple holds only ints within bounds: a reader that builds an event of such values
    (and of values it has bounded itself: seats, tile ids) leaves it out of ``check_records``'
    ``fresh``, which the check would pass anyway."""
    return _small_ints(values)


def _short(value: int | float) -> str:
    text = (
        str(value)
        if not isinstance(value, int) or abs(value) < 10**30
        else f"about 10**{len(str(abs(value))) - 1}"
    )
    return text[:40]


def check_records(
    records: list[GameRecord], source: str, fresh: Sequence[Sequence[int]] | None = None
) -> None:
    """Raise ``RecordError`` for the first game that is empty or holds an out-of-bounds value.

    ``fresh``, when a reader gives it, is per record the ascending positions of the events it did
    not take from its trusted shared ones (``trust``): only those are checked (the Tenhou XML
    reader, whose games are nearly all shared draws and discards, is spared a walk over each)."""
    if not records:
        raise RecordError("holds no game record", file=source)
    max_field = current().max_field
    trusted = _PLAIN
    for gi, rec in enumerate(records):
        events = rec.events
        if not any(isinstance(ev, HandStart) for ev in events):
            raise RecordError("a game with no hand in it", file=source, game=gi)
        if fresh is not None:
            for ei in fresh[gi]:
                ev = events[ei]
                if id(ev) not in trusted:
                    why = _bad(ev, max_field)
                    if why:
                        raise RecordError(f"{type(ev).__name__}.{why}", file=source, game=gi, event=ei)
            continue
        for ei, ev in enumerate(events):
            if id(ev) in trusted:
                continue
            if (  # most events: a seat and a tile id, checked inline
                isinstance(ev, (Draw, Discard))
                and type(ev.tile) is int
                and type(ev.seat) is int
                and -MAX_NUMBER <= ev.tile <= MAX_NUMBER
                and -MAX_NUMBER <= ev.seat <= MAX_NUMBER
            ):
                continue
            why = _bad(ev, max_field)
            if why:
                raise RecordError(f"{type(ev).__name__}.{why}", file=source, game=gi, event=ei)


def check_writable(record: GameRecord) -> None:
    """``RecordError`` for what a reader may pass on (the replay flags it) but no format can say:
    a round or hand number past North 4, a dealer or caller that is no seat, a hand start
    without one score and one hand per seat, a call taken from oneself. Writers assume these."""
    from paifu.events import Call, CallKind, GameStart, Win

    if not record.events or not isinstance(record.events[0], GameStart):
        raise RecordError("no game start: nothing to write", file=record.source)
    n = record.events[0].num_players
    for ei, ev in enumerate(record.events):
        why = None
        if isinstance(ev, HandStart):
            if not (0 <= ev.round_wind <= 3 and 0 <= ev.hand_number <= 3):
                why = f"kyoku {ev.round_wind * 4 + ev.hand_number} is past North 4 (kyoku 15)"
            elif not 0 <= ev.dealer < n:
                why = f"dealer {ev.dealer} is not a seat"
            elif (ev.scores is not None and len(ev.scores) != n) or len(ev.hands) != n:
                why = f"{len(ev.scores or ())} scores and {len(ev.hands)} hands for {n} players"
        elif isinstance(ev, Call):
            m = ev.meld
            if not 0 <= ev.seat < n or (m.from_seat is not None and not 0 <= m.from_seat < n):
                why = "a call by or from a player who is not at the table"
            elif m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN) and m.from_seat == ev.seat:
                why = f"seat {ev.seat} calls a {m.kind.value} from itself"
        elif isinstance(ev, Win) and not (0 <= ev.seat < n and 0 <= ev.from_seat < n):
            why = "a win by or from a player who is not at the table"
        if why:
            raise RecordError(f"cannot be written: {why}", file=record.source, event=ei)

"""What every reader shares: the error type and where-in-the-file context, and the table facts a
writer is handed (``TableFacts``, declared in ``records/table_facts.py``)."""

from __future__ import annotations

from typing import Any

from paifu.formats.table_facts import TableFacts as TableFacts  # re-exported: the writers import it here


class RecordError(ValueError):
    """A record that cannot be read. The message names the file and the place that failed."""

    def __init__(
        self,
        message: str,
        *,
        file: str = "",
        game: int | None = None,
        hand: str | None = None,
        event: int | None = None,
    ) -> None:
        self.file = file
        self.game = game
        self.hand = hand
        self.event = event
        where = ", ".join(
            p
            for p in (
                file,
                f"game {game}" if game is not None else "",
                f"hand {hand}" if hand else "",
                f"event {event}" if event is not None else "",
            )
            if p
        )
        super().__init__(f"{where}: {message}" if where else message)
        self.reason = message


def with_stated_scores(record: Any, start_points: int = 25000) -> Any:
    """The record with a score at every hand start, for a writer whose format must state them.

    A record that states none (mjai's original protocol) gets ``start_points`` (the ones its
    hints name: ``TableFacts.start_points``) for the first hand, then the previous hand's
    scores carried forward by the record's own score changes (riichi sticks, win and draw deltas). Where a hand states no changes either,
    the scores are carried unchanged and the writer warns that it could not carry them."""
    import dataclasses
    import warnings

    from paifu.events import HandStart, RiichiAccepted, Ryuukyoku, Win

    if all(not isinstance(ev, HandStart) or ev.scores is not None for ev in record.events):
        return record
    n = len(record.events[0].players)
    running = [start_points] * n
    events, guessed = [], False
    for ev in record.events:
        if isinstance(ev, HandStart):
            if ev.scores is None:
                ev = dataclasses.replace(ev, scores=tuple(running))
            running = list(ev.scores or running)
        elif isinstance(ev, RiichiAccepted):
            running = (
                list(ev.scores)
                if ev.scores is not None
                else [v - 1000 * (s == ev.seat) for s, v in enumerate(running)]
            )
        elif isinstance(ev, (Win, Ryuukyoku)):
            deltas = ev.claimed.deltas if isinstance(ev, Win) else ev.deltas
            if deltas is None:
                guessed = True
            else:
                running = [v + d for v, d in zip(running, deltas, strict=False)]
        events.append(ev)
    if guessed:
        warnings.warn(
            "the record states neither scores nor score changes for some hands: "
            "their start scores are carried unchanged",
            stacklevel=3,
        )
    return dataclasses.replace(record, events=events)


#: the header fields readers keep in ``GameStart.meta``, as a reader knows them (each names its key)
HEADER_WORDS = {
    "dan": "the players' ranks (dan)",
    "rate": "the players' rates (rate)",
    "sx": "the players' sexes (sx)",
    "rc": "the players' rc (rc)",
    "gold": "the players' gold (gold)",
    "title": "the game's title (title)",
    "lobby": "the lobby (lobby)",
    "rule": "the lobby's rule string (rule)",
    "ranking": "the lobby's ranking (ranking)",
    "csrule": "the lobby's own rule (csrule)",
    "ratingc": "the rating class (ratingc)",
    "ver": "the record's format version (ver)",
    "mjlog_ver": "the record's format version (mjlog ver)",
    "ref": "the game's id (ref)",
    "shuffle_ref": "the wall seed's reference (shuffle_ref)",
}
#: header fields every writer gives back from the game's own events (電脳麻将's ``rank``: the
#: placements of the final scores)
DERIVED_HEADER = frozenset({"rank"})


def header_lost(meta: Any, carried: Any) -> str | None:
    """What a writer says it cannot carry of a record's header (``GameStart.meta``): the fields
    not among ``carried``, each named with its key; None where it carries them all."""
    lost = [k for k, _ in meta if k not in carried and k not in DERIVED_HEADER]
    if not lost:
        return None
    return "the header's " + ", ".join(dict.fromkeys(HEADER_WORDS.get(k, f"field ({k})") for k in lost))


def seats(values: Any, what: str) -> Any:
    """``values`` (one per seat); ``ValueError`` for more than four, which no table seats
    (they were once cut to four without a word)."""
    if hasattr(values, "__len__") and len(values) > 4:
        raise ValueError(f"{len(values)} {what}: a table seats at most 4 players")
    return values


def integer(value: Any, what: str) -> int:
    """A number the JSON formats write as an integer (a score, a kyoku, a seat): an int, or a float
    with no fraction (``25000.0``, as some tools write); never a string, a flag or ``25000.7``."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    raise ValueError(f"{what} = {value!r} is not an integer")


def integers(values: Any, what: str, n: int) -> tuple[int, ...]:
    """One ``integer`` per seat (``seats``: never more than four), the first ``n``."""
    if not isinstance(values, list | tuple):
        raise ValueError(f"{what} = {values!r} is not a list of numbers")
    return tuple(integer(v, what) for v in seats(values, what)[:n])


def freeze(v: object) -> object:
    """A JSON value as nested tuples (lists and objects alike), so record metadata is hashable."""
    if isinstance(v, list):
        return tuple(freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, freeze(x)) for k, x in v.items())
    return v

"""What every reader shares: the error type and where-in-the-file context."""

from __future__ import annotations

from typing import Any


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


def hinted_rules(start: Any) -> Any:
    """The ruleset a record's own hints name (``GameStart.rules_hint``), for a writer that must
    say it in its format; None when a hint cannot be read (the writer then uses its defaults)."""
    from paifu.rules import rules_from_hint

    try:
        return rules_from_hint(start.rules_hint)
    except Exception:  # noqa: BLE001 - any unreadable hint: the format's defaults
        return None


def hinted_red(start: Any) -> tuple[int, int, int]:
    """Red fives per suit the record's hints name; Tenhou's usual (1, 1, 1) when they name none."""
    rules = hinted_rules(start)
    return rules.red_fives if rules is not None else (1, 1, 1)


def with_stated_scores(record: Any) -> Any:
    """The record with a score at every hand start, for a writer whose format must state them.

    A record that states none (mjai's original protocol) gets the start points its hints name
    for the first hand, then the previous hand's scores carried forward by the record's own
    score changes (riichi sticks, win and draw deltas). Where a hand states no changes either,
    the scores are carried unchanged and the writer warns that it could not carry them."""
    import dataclasses
    import warnings

    from paifu.events import HandStart, RiichiAccepted, Ryuukyoku, Win

    if all(not isinstance(ev, HandStart) or ev.scores is not None for ev in record.events):
        return record
    start = record.events[0]
    rules = hinted_rules(start)
    n = len(start.players)
    running = [rules.start_points if rules is not None and rules.start_points else 25000] * n
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


def seats(values: Any, what: str) -> Any:
    """``values`` (one per seat); ``ValueError`` for more than four, which no table seats
    (they were once cut to four without a word)."""
    if hasattr(values, "__len__") and len(values) > 4:
        raise ValueError(f"{len(values)} {what}: a table seats at most 4 players")
    return values

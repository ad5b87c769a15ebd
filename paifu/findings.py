"""Findings: what the replay found wrong in a record, as data.

Codes are stable strings, each documented with an example in docs/findings.md (tests/test_finding_codes.py
keeps the two lists one); a finding never stops a batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from paifu.tiles import kinds_to_str, tile_to_str, tiles_to_str

#: every code the engine and readers can emit, with a one-line meaning
CODES: dict[str, str] = {
    "tile-not-in-hand": "a tile discarded or called from a hand that does not hold it",
    "tile-count-exceeded": "a fifth copy of a kind (or an extra red five) appeared",
    "wrong-turn": "a draw or discard by a player whose turn it was not",
    "illegal-call": "a chi/pon/kan/kita that the state or the rules do not allow",
    "kuikae": "a swap-call discard where the ruleset forbids it",
    "riichi-not-closed": "riichi with an open hand",
    "riichi-not-tenpai": "riichi declared on a hand that is not tenpai after the discard",
    "riichi-insufficient-points": "riichi without the points the ruleset requires",
    "riichi-no-draws-left": "riichi with too few draws left in the wall",
    "riichi-kan-changes-wait": "a kan after riichi that changes the wait",
    "riichi-furiten": "riichi declared while furiten where the ruleset forbids it",
    "riichi-discard": "a player in riichi discarded a tile other than the one drawn",
    "furiten-ron": "ron while furiten (discard, same-turn or riichi furiten)",
    "not-a-winning-hand": "a win on a hand that is not complete",
    "no-yaku": "a win with no yaku",
    "abort-condition-not-met": "an abortive draw whose condition does not hold or is not allowed",
    "abort-missed": "a hand that should have ended in an abortive draw went on",
    "too-many-winners": "more winners on one discard than the ruleset allows",
    "hand-start-mismatch": "a hand started with the wrong dealer, round, honba, sticks or scores",
    "game-end-mismatch": "a game went on after it should have ended, or stopped early",
    "truncated": "the record stops in the middle of a hand or game",
    "wall-mismatch": "a draw or dora indicator differs from the wall rebuilt from the seed",
    "hand-size": "a hand holds the wrong number of tiles",
    "yaku-mismatch": "the yaku the record claims differ from the recomputed ones",
    "han-mismatch": "the han the record claims differ from the recomputed han",
    "fu-mismatch": "the fu the record claims differ from the recomputed fu",
    "points-mismatch": "the hand value the record claims differs from the recomputed value",
    "score-delta-mismatch": "a score change differs from the recomputed one",
    "final-score-mismatch": "the final scores differ from the replayed scores",
    "pao-mismatch": "the liable player (pao) differs from the recomputed one",
    "tenpai-mismatch": "the tenpai players at an exhaustive draw differ from the recomputed ones",
    "rank-points-mismatch": "the rank points or placements the record claims differ from the record's scheme",
    "malformed-record": "the file was malformed but could be read (recovered)",
    "unsupported": "the record uses something this version cannot check",
    "kan-dora-timing": "a kan dora indicator revealed earlier or later than the ruleset reveals it",
    "draw-kind-guessed": "a draw before the wall ran out that names no reason and fits no abortive draw",
    "chankan-closed-kan": "a ron on a closed kan's tile by a hand (or under a ruleset) that may not rob it",
    "duplicate-tile": "one physical tile (the same id of the 136) dealt or drawn twice in a hand",
    "kakan-without-pon": "an added kan with no earlier pon of that tile",
    "unknown-event": "an event type the reader does not know was skipped",
}

#: what a reader noticed that is no fault of the record (reported as a note, not a finding)
NOTES = {
    "draw-kind-inferred": "a draw that names no reason, read as the one abortive draw its table shows",
}


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    file: str = ""
    game_id: str = ""
    game_index: int = 0
    hand: str = ""  # e.g. "E2-1": East 2, 1 honba
    event_index: int | None = None  # index into the game's event list
    seat: int | None = None
    expected: Any = None  # what the rules (our replay) give
    actual: Any = None  # what the record says
    #: red fives per suit of the table, to name tile ids (``0m`` is red); not part of the JSON
    red_fives: tuple[int, int, int] = field(default=(1, 1, 1), compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        del d["red_fives"]
        for key in ("expected", "actual"):
            v = d[key]
            if isinstance(v, tuple):
                d[key] = list(v)
        d["detail"] = self.detail()
        return d

    def where(self) -> str:
        """``game ID E2-1 event 605 seat 0``: enough to find the place in the record."""
        return " ".join(
            p
            for p in (
                f"game {self.game_id or self.game_index}",
                self.hand,
                f"event {self.event_index}" if self.event_index is not None else "",
                f"seat {self.seat}" if self.seat is not None else "",
            )
            if p
        )

    def detail(self) -> str:
        """``the record says <field> X; the rules give Y``, or "" when the finding carries no values."""
        if self.expected is None and self.actual is None:
            return ""
        label, fmt, ours = describe_values(self.code, self.message)
        record = fmt(self.actual, self.red_fives) if self.actual is not None else "nothing"
        rules = fmt(self.expected, self.red_fives) if self.expected is not None else "nothing"
        return f"the record says {label + ' ' if label else ''}{record}; {ours} {rules}"

    def text(self) -> str:
        """The message and its detail, without the place."""
        detail = self.detail()
        return f"{self.message}: {detail}" if detail else self.message

    def __str__(self) -> str:
        return f"{self.where()}: [{self.code}] {self.text()}"


def hand_label(round_wind: int, hand_number: int, honba: int) -> str:
    return f"{'ESWN'[round_wind % 4]}{hand_number + 1}-{honba}"


# ---------------------------------------------------------------------- naming the values of a finding
Formatter = Callable[[Any, tuple[int, int, int]], str]


def _plain(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    if isinstance(v, (tuple, list)):
        return ", ".join(_plain(x) for x in v) if v else "none"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def _tiles(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    """Tile ids as MPSZ text (``0p`` = red five); anything that is not a tile id stays as it is."""
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 136:
        return tile_to_str(v, red)
    if isinstance(v, (tuple, list)) and v and all(isinstance(t, int) and 0 <= t < 136 for t in v):
        return tiles_to_str(v, red) if len(v) > 1 else tile_to_str(v[0], red)
    return _plain(v)


def _tiles_in_order(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    """Indicators in the order they were shown (not sorted)."""
    if isinstance(v, (tuple, list)) and all(isinstance(t, int) and 0 <= t < 136 for t in v):
        return " ".join(tile_to_str(t, red) for t in v) if v else "none"
    return _tiles(v, red)


def _kinds(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    return kinds_to_str(v) if isinstance(v, (tuple, list)) and v else "none" if not v else _plain(v)


def _per_seat(v: Any, red: tuple[int, int, int] = (1, 1, 1), signed: bool = False) -> str:
    if not isinstance(v, (tuple, list)):
        return _plain(v)
    fmt = "{:+,}" if signed else "{:,}"
    return ", ".join(
        f"seat {i} {fmt.format(x) if isinstance(x, int) else _plain(x)}" for i, x in enumerate(v)
    )


def _deltas(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    return _per_seat(v, red, signed=True)


def _rank_points(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    if not isinstance(v, (tuple, list)) or not all(isinstance(x, (int, float)) for x in v):
        return _plain(v)
    return ", ".join(f"seat {i} {x:+.1f}" for i, x in enumerate(v))


def _seats(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    if isinstance(v, (tuple, list)):
        return ", ".join(f"seat {s}" for s in v) if v else "no seat"
    return "nobody" if v is None else f"seat {v}"


def _hand_start(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    """(round wind, hand number, honba, sticks, dealer) -> ``East 2, honba 1, 0 sticks, dealer seat 1``."""
    if not (isinstance(v, (tuple, list)) and len(v) == 5):
        return _plain(v)
    wind, number, honba, sticks, dealer = v
    return (
        f"{('East', 'South', 'West', 'North')[wind % 4]} {number + 1}, honba {honba}, {sticks} riichi "
        f"stick{'s' * (sticks != 1)}, dealer seat {dealer}"
    )


def _yaku(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
    if isinstance(v, (tuple, list)) and all(isinstance(y, (tuple, list)) and len(y) == 2 for y in v):
        return ", ".join(f"{name} {han}" for name, han in v) if v else "no yaku"
    return _plain(v)


def _unit(unit: str) -> Formatter:
    def fmt(v: Any, red: tuple[int, int, int] = (1, 1, 1)) -> str:
        return f"{v:,} {unit}" if isinstance(v, int) and not isinstance(v, bool) else f"{_plain(v)} {unit}"

    return fmt


RULES = "the rules give"
WALL = "the wall rebuilt from the seed gives"
#: per code: (words in the message, field name, formatter, who gives the other value); first match wins
_VALUES: dict[str, list[tuple[str, str, Formatter, str]]] = {
    "hand-start-mismatch": [("scores", "scores", _per_seat, RULES), ("", "", _hand_start, RULES)],
    "wall-mismatch": [
        ("dealt", "the deal", _tiles, WALL),
        ("dice", "dice", _plain, WALL),
        ("indicators", "indicators", _tiles_in_order, WALL),
        ("dora indicator", "indicator", _tiles, WALL),
        ("draw", "the tile", _tiles, WALL),
    ],
    "tile-count-exceeded": [
        ("red", "red copies", _plain, "the set holds"),
        ("plain", "plain copies", _plain, "the set holds"),
        ("", "copies", _plain, "the set holds"),
    ],
    "wrong-turn": [("", "the player", _seats, RULES)],
    "illegal-call": [("", "the discarder", _seats, RULES)],
    "hand-size": [("", "tiles", _plain, RULES)],
    "kan-dora-timing": [("", "indicators shown", _plain, RULES)],
    "riichi-insufficient-points": [("", "a score of", _unit("points"), "the ruleset needs")],
    "riichi-no-draws-left": [("", "live wall", _unit("tiles"), "the ruleset needs")],
    "riichi-kan-changes-wait": [("", "waits after the kan", _kinds, "before it they were")],
    "not-a-winning-hand": [("", "the winning tile", _plain, RULES)],
    "too-many-winners": [
        ("head-bump", "the winner", _seats, "head-bump gives"),
        ("", "winners", _plain, "the ruleset allows"),
    ],
    "abort-condition-not-met": [
        ("nine", "terminal and honor kinds", _plain, "the rules need"),
        ("triple", "players able to ron", _plain, "the rules need"),
        ("", "tiles left in the wall", _plain, "the rules give"),
    ],
    "score-delta-mismatch": [
        ("riichi stick", "scores", _per_seat, RULES),
        ("", "score changes", _deltas, RULES),
    ],
    "final-score-mismatch": [("", "final scores", _per_seat, RULES)],
    "pao-mismatch": [("", "the liable player", _seats, RULES)],
    "tenpai-mismatch": [("", "tenpai", _seats, RULES)],
    "yaku-mismatch": [("", "yaku (han)", _yaku, RULES)],
    "han-mismatch": [("", "han", _plain, RULES)],
    "fu-mismatch": [("", "fu", _plain, RULES)],
    "points-mismatch": [
        ("indicators", "dora indicators", _tiles_in_order, "the table shows"),
        ("", "a value of", _unit("points"), RULES),
    ],
    "rank-points-mismatch": [
        ("placements", "placements", _per_seat, "the scheme gives"),
        ("", "rank points", _rank_points, "the scheme gives"),
    ],
    "unsupported": [("", "players", _plain, "the ruleset has")],
}


def describe_values(code: str, message: str) -> tuple[str, Formatter, str]:
    """(field name, formatter, who gives the replay's value) for a finding's ``expected``/``actual``."""
    for words, label, fmt, ours in _VALUES.get(code, ()):
        if words in message:
            return label, fmt, ours
    return "", _plain, RULES


# ---------------------------------------------------------------------- one line per cause
#: codes whose findings in one game share one cause: the first names it, the rest are its consequences
GROUPED_CODES = frozenset({"wall-mismatch"})


@dataclass(frozen=True)
class FindingGroup:
    """A finding and the later ones of the same cause in the same game (``more``: their places)."""

    first: Finding
    more: tuple[Finding, ...] = ()

    @property
    def count(self) -> int:
        return 1 + len(self.more)

    def __str__(self) -> str:
        if not self.more:
            return str(self.first)
        hands = sorted({f.hand for f in self.more if f.hand} - {self.first.hand}, key=_hand_order)
        also = f"; {len(self.more)} more in this game" + (f" ({_span(hands)})" if hands else "")
        return f"{self.first}{also}"


def _hand_order(label: str) -> tuple[int, int, int]:
    try:
        return ("ESWN".index(label[0]), int(label[1:].split("-")[0]), int(label.split("-")[1]))
    except (ValueError, IndexError):
        return (9, 0, 0)


def _span(hands: Sequence[str]) -> str:
    return ", ".join(hands) if len(hands) <= 4 else f"{hands[0]} to {hands[-1]}, {len(hands)} hands"


def group_findings(findings: Iterable[Finding]) -> list[FindingGroup]:
    """Findings in order, those of a grouped code after the first in their game folded into it."""
    out: list[FindingGroup] = []
    firsts: dict[tuple[str, str, int, str], int] = {}
    for f in findings:
        key = (f.file, f.game_id, f.game_index, f.code)
        if f.code in GROUPED_CODES and key in firsts:
            i = firsts[key]
            out[i] = FindingGroup(out[i].first, (*out[i].more, f))
            continue
        if f.code in GROUPED_CODES:
            firsts[key] = len(out)
        out.append(FindingGroup(f))
    return out

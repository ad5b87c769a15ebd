# Generated from records/findings.py by scripts/gen_records.py (not edited here):
# edit records/findings.py, then run python scripts/gen_records.py.
"""Findings: what the replay found wrong in a record, as data.

Codes are one typed enumeration (``Code``) of stable strings, each documented with an example in
docs/findings.md (tests/test_finding_codes.py keeps the two lists one and fails on a code passed
as a bare string); a finding never stops a batch.

``Finding`` and ``FindingGroup`` are declared once, in ``records/findings.py``: ``scripts/gen_records.py``
writes this module from it, with their ``__init__``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import Any

from paifu.frozen import Frozen, dataclass, field, set_field
from paifu.tiles import kinds_to_str, tile_to_str, tiles_to_str


class Code(StrEnum):
    """Every code the engine, the readers and the pipeline can emit: one closed, typed list (a
    ``StrEnum``, so a code is also its stable string: ``Code.WRONG_TURN == "wrong-turn"``)."""

    TILE_NOT_IN_HAND = "tile-not-in-hand"
    TILE_COUNT_EXCEEDED = "tile-count-exceeded"
    WRONG_TURN = "wrong-turn"
    ILLEGAL_CALL = "illegal-call"
    KUIKAE = "kuikae"
    RIICHI_NOT_CLOSED = "riichi-not-closed"
    RIICHI_NOT_TENPAI = "riichi-not-tenpai"
    RIICHI_INSUFFICIENT_POINTS = "riichi-insufficient-points"
    RIICHI_NO_DRAWS_LEFT = "riichi-no-draws-left"
    RIICHI_KAN_CHANGES_WAIT = "riichi-kan-changes-wait"
    RIICHI_FURITEN = "riichi-furiten"
    RIICHI_DISCARD = "riichi-discard"
    FURITEN_RON = "furiten-ron"
    NOT_A_WINNING_HAND = "not-a-winning-hand"
    NO_YAKU = "no-yaku"
    ABORT_CONDITION_NOT_MET = "abort-condition-not-met"
    ABORT_MISSED = "abort-missed"
    TOO_MANY_WINNERS = "too-many-winners"
    HAND_START_MISMATCH = "hand-start-mismatch"
    GAME_END_MISMATCH = "game-end-mismatch"
    TRUNCATED = "truncated"
    WALL_MISMATCH = "wall-mismatch"
    WALL_HASH_MISMATCH = "wall-hash-mismatch"
    HAND_SIZE = "hand-size"
    YAKU_MISMATCH = "yaku-mismatch"
    HAN_MISMATCH = "han-mismatch"
    FU_MISMATCH = "fu-mismatch"
    POINTS_MISMATCH = "points-mismatch"
    SCORE_DELTA_MISMATCH = "score-delta-mismatch"
    FINAL_SCORE_MISMATCH = "final-score-mismatch"
    PAO_MISMATCH = "pao-mismatch"
    TENPAI_MISMATCH = "tenpai-mismatch"
    RANK_POINTS_MISMATCH = "rank-points-mismatch"
    MALFORMED_RECORD = "malformed-record"
    UNSUPPORTED = "unsupported"
    KAN_DORA_TIMING = "kan-dora-timing"
    DRAW_KIND_GUESSED = "draw-kind-guessed"
    CHANKAN_CLOSED_KAN = "chankan-closed-kan"
    DUPLICATE_TILE = "duplicate-tile"
    KAKAN_WITHOUT_PON = "kakan-without-pon"
    UNKNOWN_EVENT = "unknown-event"


#: what each code means, in one line
CODES: dict[Code, str] = {
    Code.TILE_NOT_IN_HAND: "a tile discarded or called from a hand that does not hold it",
    Code.TILE_COUNT_EXCEEDED: "a fifth copy of a kind (or an extra red five) appeared",
    Code.WRONG_TURN: "a draw or discard by a player whose turn it was not",
    Code.ILLEGAL_CALL: "a chi/pon/kan/kita that the state or the rules do not allow",
    Code.KUIKAE: "a swap-call discard where the ruleset forbids it",
    Code.RIICHI_NOT_CLOSED: "riichi with an open hand",
    Code.RIICHI_NOT_TENPAI: "riichi declared on a hand that is not tenpai after the discard",
    Code.RIICHI_INSUFFICIENT_POINTS: "riichi without the points the ruleset requires",
    Code.RIICHI_NO_DRAWS_LEFT: "riichi with too few draws left in the wall",
    Code.RIICHI_KAN_CHANGES_WAIT: "a kan after riichi that changes the wait",
    Code.RIICHI_FURITEN: "riichi declared while furiten where the ruleset forbids it",
    Code.RIICHI_DISCARD: "a player in riichi discarded a tile other than the one drawn",
    Code.FURITEN_RON: "ron while furiten (discard, same-turn or riichi furiten)",
    Code.NOT_A_WINNING_HAND: "a win on a hand that is not complete",
    Code.NO_YAKU: "a win with no yaku",
    Code.ABORT_CONDITION_NOT_MET: "an abortive draw whose condition does not hold or is not allowed",
    Code.ABORT_MISSED: "a hand that should have ended in an abortive draw went on",
    Code.TOO_MANY_WINNERS: "more winners on one discard than the ruleset allows",
    Code.HAND_START_MISMATCH: "a hand started with the wrong dealer, round, honba, sticks or scores",
    Code.GAME_END_MISMATCH: "a game went on after it should have ended, or stopped early",
    Code.TRUNCATED: "the record stops in the middle of a hand or game",
    Code.WALL_MISMATCH: "a draw, deal or dora indicator differs from the wall (rebuilt from the seed, or stated)",
    Code.WALL_HASH_MISMATCH: "a wall the record states does not match the hash the server committed to",
    Code.HAND_SIZE: "a hand holds the wrong number of tiles",
    Code.YAKU_MISMATCH: "the yaku the record claims differ from the recomputed ones",
    Code.HAN_MISMATCH: "the han the record claims differ from the recomputed han",
    Code.FU_MISMATCH: "the fu the record claims differ from the recomputed fu",
    Code.POINTS_MISMATCH: "the hand value the record claims differs from the recomputed value",
    Code.SCORE_DELTA_MISMATCH: "a score change differs from the recomputed one",
    Code.FINAL_SCORE_MISMATCH: "the final scores differ from the replayed scores",
    Code.PAO_MISMATCH: "the liable player (pao) differs from the recomputed one",
    Code.TENPAI_MISMATCH: "the tenpai players at an exhaustive draw differ from the recomputed ones",
    Code.RANK_POINTS_MISMATCH: "the rank points or placements the record claims differ from the record's scheme",
    Code.MALFORMED_RECORD: "the file was malformed but could be read (recovered)",
    Code.UNSUPPORTED: "the record uses something this version cannot check",
    Code.KAN_DORA_TIMING: "a kan dora indicator revealed earlier or later than the ruleset reveals it",
    Code.DRAW_KIND_GUESSED: "a draw before the wall ran out that names no reason and fits no abortive draw",
    Code.CHANKAN_CLOSED_KAN: "a ron on a closed kan's tile by a hand (or under a ruleset) that may not rob it",
    Code.DUPLICATE_TILE: "one physical tile (the same id of the 136) dealt or drawn twice in a hand",
    Code.KAKAN_WITHOUT_PON: "an added kan with no earlier pon of that tile",
    Code.UNKNOWN_EVENT: "an event type the reader does not know was skipped",
}


class Note(StrEnum):
    """What a reader noticed that is no fault of the record (reported as a note, not a finding)."""

    DRAW_KIND_INFERRED = "draw-kind-inferred"
    GAME_CLOSED = "game-closed"
    RULE_NOT_CHECKED = "rule-not-checked"
    RULE_FROM_PLAY = "rule-from-play"


NOTES: dict[Note, str] = {
    Note.DRAW_KIND_INFERRED: "a draw that names no reason, read as the one abortive draw its table shows",
    Note.GAME_CLOSED: "the server closed the game in the middle of a hand (a room closed): the record ends there",
    Note.RULE_NOT_CHECKED: "a setting the record states that the replay does not check (not yet in the engine)",
    Note.RULE_FROM_PLAY: "a setting the record does not state, read from what its play shows (its tsumo payments)",
}


@dataclass(init=False, repr=False, eq=False, slots=True)  # frozen: paifu.frozen's methods (start-up)
class Finding(Frozen):
    """Something the replay found wrong in a record: where, what the record says, what the rules give."""

    code: Code
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

    def __init__(
        self,
        code: Code,
        message: str,
        file: str = "",
        game_id: str = "",
        game_index: int = 0,
        hand: str = "",
        event_index: int | None = None,
        seat: int | None = None,
        expected: Any = None,
        actual: Any = None,
        red_fives: tuple[int, int, int] = (1, 1, 1),
    ) -> None:
        set_field(self, "code", code)
        set_field(self, "message", message)
        set_field(self, "file", file)
        set_field(self, "game_id", game_id)
        set_field(self, "game_index", game_index)
        set_field(self, "hand", hand)
        set_field(self, "event_index", event_index)
        set_field(self, "seat", seat)
        set_field(self, "expected", expected)
        set_field(self, "actual", actual)
        set_field(self, "red_fives", red_fives)

    def to_dict(self) -> dict[str, Any]:
        from dataclasses import asdict  # here: only a JSON line needs it (start-up)

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


@dataclass(init=False, repr=False, eq=False)
class FindingGroup(Frozen):
    """A finding and the later ones of the same cause in the same game (``more``: their places)."""

    first: Finding
    more: tuple[Finding, ...] = ()

    def __init__(self, first: Finding, more: tuple[Finding, ...] = ()) -> None:
        set_field(self, "first", first)
        set_field(self, "more", more)

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

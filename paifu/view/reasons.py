"""A finding as the viewer shows it: the record's value beside the rules' value, what the finding
means, the rule it applies and where that rule comes from (a preset's cited source, the record's
own table, or the game itself), and the event it is shown at.

Every ``Code`` has its rule here (``RULES``; ``tests/test_view_findings.py`` fails on one that has
none), so no finding reaches the page without its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from paifu.draws import ABORTIVE, Condition
from paifu.findings import CODES, Code, Finding, describe_values

#: what holds in every game of riichi mahjong, for the codes no ruleset value decides
THE_GAME = "the game itself (every ruleset)"
THE_FORMAT = "the record's format (docs/formats.md)"

#: per code: (the rule in words, the ruleset's values that decide it, or the source where none does)
RULES: dict[Code, tuple[str, tuple[str, ...], str]] = {
    Code.TILE_NOT_IN_HAND: ("a player discards or calls only tiles they hold", (), THE_GAME),
    Code.TILE_COUNT_EXCEEDED: (
        "the set holds four copies of each kind, and as many red fives as the table plays",
        ("red_fives",),
        THE_GAME,
    ),
    Code.WRONG_TURN: (
        "players draw and discard in turn, the turn passing to the right or to a caller",
        (),
        THE_GAME,
    ),
    Code.ILLEGAL_CALL: (
        "a call takes the tile just discarded: chi from the player to the left, pon and kan from anyone",
        ("chi", "kita"),
        THE_GAME,
    ),
    Code.KUIKAE: ("after a call, a tile that completes the same shape may not be discarded", ("kuikae",), ""),
    Code.RIICHI_NOT_CLOSED: ("riichi is declared with a closed hand", (), THE_GAME),
    Code.RIICHI_NOT_TENPAI: ("riichi is declared on a hand that is tenpai after the discard", (), THE_GAME),
    Code.RIICHI_INSUFFICIENT_POINTS: ("riichi needs points for the stick", ("riichi_min_points",), ""),
    Code.RIICHI_NO_DRAWS_LEFT: ("riichi needs draws left in the wall", ("riichi_min_wall",), ""),
    Code.RIICHI_KAN_CHANGES_WAIT: ("a kan after riichi may not change the wait", ("riichi_kan",), ""),
    Code.RIICHI_FURITEN: ("riichi while furiten", ("furiten_riichi",), ""),
    Code.RIICHI_DISCARD: ("a player in riichi discards the tile they draw", (), THE_GAME),
    Code.FURITEN_RON: (
        "no ron on a wait one has discarded, passed this turn, or passed since riichi",
        ("same_turn_furiten", "riichi_furiten"),
        THE_GAME,
    ),
    Code.NOT_A_WINNING_HAND: (
        "a win needs four sets and a pair, seven pairs or thirteen orphans",
        (),
        THE_GAME,
    ),
    Code.NO_YAKU: ("a win needs at least one yaku (dora are not one)", ("kuitan",), THE_GAME),
    Code.ABORT_CONDITION_NOT_MET: (
        "an abortive draw needs its condition and the table's leave",
        tuple(d.switch for d in ABORTIVE),
        "",
    ),
    Code.ABORT_MISSED: (
        "the table ends the hand when an abortive draw's condition holds",
        tuple(d.switch for d in ABORTIVE if d.condition != Condition.FIRST_DRAW),  # the seat's to declare
        "",
    ),
    Code.TOO_MANY_WINNERS: ("how many players may ron one tile", ("max_ron_winners", "triple_ron_abort"), ""),
    Code.HAND_START_MISMATCH: (
        "who deals next, the honba and the sticks follow from the last hand",
        ("renchan", "abort_renchan"),
        "",
    ),
    Code.GAME_END_MISMATCH: (
        "the game ends at a bust, after its last round, or at the last dealer's stop",
        (
            "length",
            "bust",
            "bust_at_zero",
            "extension",
            "extension_target",
            "last_dealer_stop",
            "last_dealer_stop_min",
        ),
        "",
    ),
    Code.TRUNCATED: ("a record goes on to its hands' results and the game's end", (), THE_FORMAT),
    Code.WALL_MISMATCH: (
        "every draw and dora indicator comes from the wall the record's seed shuffles",
        (),
        "Tenhou's published shuffle (docs/formats.md)",
    ),
    Code.WALL_HASH_MISMATCH: (
        "the wall a record states is the one whose hash the server published before the hand",
        (),
        "the platform's record (Mahjong Soul's md5 or salted sha-256, Riichi City's sha-256; docs/formats.md)",
    ),
    Code.HAND_SIZE: ("a hand holds 13 tiles, 14 after its draw, three fewer per set called", (), THE_GAME),
    Code.YAKU_MISMATCH: (
        "the yaku a hand scores",
        ("kuitan", "kazoe_yakuman", "double_yakuman"),
        "docs/scoring.md",
    ),
    Code.HAN_MISMATCH: ("the han a hand scores", ("kuitan", "kazoe_yakuman"), "docs/scoring.md"),
    Code.FU_MISMATCH: ("the fu a hand scores", ("double_wind_fu", "rinshan_tsumo_fu"), "docs/scoring.md"),
    Code.POINTS_MISMATCH: (
        "a hand's value from its han and fu",
        ("kiriage", "kazoe_yakuman"),
        "docs/scoring.md",
    ),
    Code.SCORE_DELTA_MISMATCH: (
        "who pays what: the value, honba, sticks, noten payments and pao",
        ("honba_value", "noten_payment", "pao_ron_split", "pao_honba", "pao_tsumo"),
        "",
    ),
    Code.FINAL_SCORE_MISMATCH: (
        "the final scores, the sticks left on the table settled",
        ("leftover_sticks",),
        "",
    ),
    Code.PAO_MISMATCH: ("who is liable for a big hand (pao)", ("pao", "pao_rinshan"), ""),
    Code.TENPAI_MISMATCH: ("who is tenpai at an exhaustive draw", ("keishiki_tenpai", "karaten"), ""),
    Code.RANK_POINTS_MISMATCH: (
        "rank points from the final scores: return, uma, oka, rounding",
        ("rank_scheme", "return_points", "uma", "rank_rounding", "rank_top_takes_rest"),
        "",
    ),
    Code.MALFORMED_RECORD: ("a record is well-formed in its format", (), THE_FORMAT),
    Code.UNSUPPORTED: ("what this version of paifu can check", (), "docs/guarantees.md"),
    Code.KAN_DORA_TIMING: (
        "when a kan's new dora indicator is shown",
        ("kan_dora", "open_kan_dora_timing"),
        "",
    ),
    Code.DRAW_KIND_GUESSED: ("a hand drawn before the wall runs out names its abortive draw", (), THE_FORMAT),
    Code.CHANKAN_CLOSED_KAN: (
        "a closed kan's tile may be robbed only by thirteen orphans, where the table allows",
        ("kokushi_chankan_ankan",),
        "",
    ),
    Code.DUPLICATE_TILE: ("each of the 136 tiles is dealt or drawn once a hand", (), THE_GAME),
    Code.KAKAN_WITHOUT_PON: ("an added kan adds a tile to one's own pon", (), THE_GAME),
    Code.UNKNOWN_EVENT: ("every event of a record is one its format defines", (), THE_FORMAT),
}


#: a code's rule where its message says which part of it broke: (code, words in the message) -> rule
BY_MESSAGE: dict[tuple[Code, str], tuple[str, tuple[str, ...], str]] = {
    (Code.HAND_START_MISMATCH, "scores"): ("a hand starts with the scores the last one left", (), THE_GAME),
    (Code.SCORE_DELTA_MISMATCH, "riichi stick"): (
        "a riichi declaration puts down a 1,000-point stick",
        (),
        THE_GAME,
    ),
    (Code.POINTS_MISMATCH, "indicators"): (
        "the dora are the tiles after the indicators on the table",
        (),
        THE_GAME,
    ),
}


@dataclass(frozen=True, slots=True)
class RuleValue:
    """One ruleset value a finding rests on: its name, the table's value, and where it comes from."""

    field: str
    value: str
    source: str


@dataclass(frozen=True, slots=True)
class FindingView:
    """A finding as the page shows it (``finding_view``)."""

    code: str
    message: str
    hand: str  # the hand the finding is about
    event: int  # the event the viewer shows it at
    at_hand: str  # the hand of that event (a game-end finding is found at the next hand's start)
    seat: int | None
    label: str  # what the values are ("a value of", "final scores")
    record: str | None  # the record's value, in words
    rules: str | None  # the rules' value, in words
    who: str  # who gives ``rules``: "the rules give", "the wall rebuilt from the seed gives"
    meaning: str  # what the code means
    rule: str  # the rule, in words
    ruleset: str  # the table's rules' name
    values: tuple[RuleValue, ...]  # the ruleset's values the rule rests on
    source: str  # where the rule comes from when no value of the ruleset decides it

    @property
    def where(self) -> str:
        """``E4-1 event 518``, or ``S1-0 event 518 (about E4-1)`` where the two hands differ."""
        about = f" (about {self.hand})" if self.hand and self.at_hand and self.hand != self.at_hand else ""
        return f"{self.at_hand or self.hand} event {self.event}{about}".strip()

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"


_FIELD = re.compile(
    r"[a-z]+(?:_[a-z]+)+|\b(?:bust|length|extension|renchan|pao|kuikae|chi|kita|uma|kuitan)\b"
)


def _preset_of(name: str) -> str:
    """The preset a record's ruleset was made from: ``tenhou[type=1]@2009-12-02`` -> ``tenhou``."""
    return re.split(r"[\[@]", name, maxsplit=1)[0]


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (tuple, list)):
        return "/".join(_value(x) for x in v) or "none"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def rule_values(rules: Any, fields: tuple[str, ...]) -> tuple[RuleValue, ...]:
    """The ruleset's values of ``fields``, each with its source: the preset's citation where the
    table's value is the preset's, else the record's own table (its name and description)."""
    from paifu.rules import presets
    from paifu.rules.presets.cite import cite_text

    base_name = _preset_of(rules.name)
    base = presets.PRESETS.get(base_name)
    out = []
    for name in fields:
        if not hasattr(rules, name):
            continue
        value = getattr(rules, name)
        if base is not None and getattr(base, name, object()) == value:
            cited = presets.SOURCES.get(base_name, {})
            why = cited.get(name) or presets.UNSET.get(base_name) or "the engine's default"
            source = f"{base_name}: {cite_text(why)}"
        elif base is not None:
            preset_value = _value(getattr(base, name, None))
            source = f"the record's own table ({rules.name}); the {base_name} preset has {preset_value}"
        else:
            what = f": {rules.description}" if rules.description else ""
            source = f"the record's own table ({rules.name}{what})"
        out.append(RuleValue(name, _value(value), source))
    return tuple(out)


def finding_view(f: Finding, rules: Any, event: int, at_hand: str) -> FindingView:
    """``f`` as the page shows it at event ``event`` (of hand ``at_hand``), under ``rules``."""
    code = Code(f.code) if f.code in Code._value2member_map_ else None
    rule, fields, source = RULES.get(code, ("", (), THE_GAME)) if code is not None else ("", (), THE_GAME)
    for (which, words), told in BY_MESSAGE.items():
        if which == code and words in f.message:
            rule, fields, source = told
    named = [x for x in _FIELD.findall(f.message) if x in fields]
    values = rule_values(rules, tuple(named) or fields) if fields else ()
    record = rules_value = None
    label, who = "", "the rules give"
    if f.expected is not None or f.actual is not None:
        label, fmt, who = describe_values(f.code, f.message)
        record = fmt(f.actual, f.red_fives) if f.actual is not None else "nothing"
        rules_value = fmt(f.expected, f.red_fives) if f.expected is not None else "nothing"
    return FindingView(
        code=str(f.code),
        message=f.message,
        hand=f.hand,
        event=event,
        at_hand=at_hand,
        seat=f.seat,
        label=label,
        record=record,
        rules=rules_value,
        who=who,
        meaning=CODES.get(code, "") if code is not None else "",
        rule=rule,
        ruleset=rules.name,
        values=values,
        source=source or ("the table's rules" if values else THE_GAME),
    )

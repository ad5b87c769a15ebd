"""A→B→A round trips of one game, judged under the original's rules: what changed, and what was warned.

A game written in format B and back in its own format A must be judged the same (verdict, findings,
every hand's score changes, the final scores) and give back the same events; whatever B cannot carry
must be said by a warning at convert time. ``round_trip`` reports all three (``Trip.unwarned``: the
event fields that came back otherwise with no warning naming them), so a test can hold them together.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from event_diff import event_differences

import paifu
from paifu.engine.results import GameResult
from paifu.events import GameRecord
from paifu.formats import RecordError, read_bytes
from paifu.formats.base import HEADER_WORDS
from paifu.formats.seats import first_dealer_at_zero
from paifu.pipeline import record_rules
from paifu.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Trip:
    via: str
    warned: tuple[str, ...]  # every warning of the two writes
    differences: tuple[str, ...]  # what the replay of the round-tripped game judges otherwise
    refused: str = ""  # a writer or reader that refused the game (the reason)
    #: the event fields that came back otherwise (``event_diff.event_differences``)
    lost: tuple[str, ...] = ()

    @property
    def unwarned(self) -> tuple[str, ...]:
        """The event fields that came back otherwise with no warning naming them."""
        return tuple(f for f in self.lost if not any(w in m for w in _said_by(f) for m in self.warned))


#: the words of the warning that names each event field's loss (a field not listed: its own name)
_WARNED_AS: dict[str, tuple[str, ...]] = {
    "GameStart.wall_seed": ("the wall seed",),
    "HandStart.dice": ("dice",),
    **{
        f"HandStart.wall{k}": ("a hand's wall",)
        for k in ("", ".tiles", ".deal", ".draws", ".rinshan", ".dora_indicators", ".ura_indicators")
    },
    "HandStart.hands order": ("dealing order",),
    "NewDora.timing": ("new indicator was revealed",),
    "Discard.tsumogiri": ("tsumogiri",),
    "RiichiAccepted.scores": ("scores after a riichi stick",),
    "RiichiDeclared.open": ("an open riichi",),
    **{
        f"Win.claimed.{k}": ("claimed yaku", "without its yaku list", "without its fu and value", "fu of a")
        for k in ("fu", "han", "points", "yaku", "yakuman_multiple")
    },
    "Win.claimed.limit": ("limit names",),
    "Win.claimed.yaku": ("claimed yaku", "without its yaku list", "yaku of no han", "pulled Norths"),
    "Win.claimed.hand": ("second red five",),
    # a table with two red fives of a suit (a Riichi City room) in a format with one red copy
    **{
        f: ("second red five",)
        for f in (
            "Discard.tile",
            "Draw.tile",
            "HandStart.dora_indicator",
            "HandStart.hands",
            "Call.meld.tiles",
            "Call.meld.called",
            "Win.tile",
            "NewDora.indicator",
            "Win.claimed.dora_indicators",
        )
    },
    "Ryuukyoku.deltas": ("score changes",),
    "GameEnd events": ("game end",),
    "Disconnect events": ("Disconnect",),
    "Reconnect events": ("Reconnect",),
    "Win.claimed.pao_seat": ("liable player",),
    "Win.claimed.ura_indicators": ("ura indicators", "second red five"),
    "Win.claimed.deltas": ("score changes",),
    **{
        f"{e}.{k}": ("own honba and riichi sticks",)
        for e in ("Win.claimed", "Ryuukyoku")
        for k in ("honba", "sticks")
    },
    "Ryuukyoku.kind": ("the kind of a draw",),
    # a draw read back as another kind shows what that kind shows
    "Ryuukyoku.shown": ("hands shown", "the kind of a draw", "second red five"),
    "Ryuukyoku.tenpai": ("hands shown", "the kind of a draw"),
    "GameEnd.final_scores": ("final scores",),
    "GameEnd.rank_points": ("rank points",),
    "GameEnd.rank_points_text": ("rank points",),
    # the header: each field named by its key (paifu.formats.base.HEADER_WORDS)
    **{f"GameStart.meta.{k}": (f"({k})",) for k in HEADER_WORDS},  # (a field no writer knows: Trip)
    "GameStart.meta.mjlog_ver": ("(mjlog ver)", "(ver)"),
    "GameStart.meta.shuffle_ref": ("the wall seed", "(shuffle_ref)"),
    "GameStart.meta.dan": ("(dan)", "rank names", "without a Tenhou rank"),
    "GameStart.meta.rate": ("(rate)", "without a Tenhou rate"),
    # the rules the record's hints give, judged otherwise once read back
    "rules": ("cannot carry this table's rules", "carries rules only as a Tenhou table", "the table's rules"),
}


def _said_by(field: str) -> tuple[str, ...]:
    """The words of a warning that names ``field``'s loss: a header field no writer knows by name
    is named by its key in parentheses (``paifu.formats.base.header_lost``)."""
    if field in _WARNED_AS:
        return _WARNED_AS[field]
    if field.startswith("GameStart.meta."):
        return (f"({field.removeprefix('GameStart.meta.')})",)
    return (field,)


def _judged(result: GameResult) -> dict[str, object]:
    return {
        "verdict": result.valid,
        "complete": result.complete,
        "findings": sorted((f.code, f.hand, f.seat if f.seat is not None else -1) for f in result.findings),
        "score changes": [h.deltas for h in result.hands],
        "final scores": result.final_scores,
    }


def round_trip(record: GameRecord, via: str, rules: Ruleset) -> Trip:
    """``record`` written as ``via``, read, written in its own format and read again, then replayed under
    ``rules`` (the original's), beside the original's replay."""
    caught: list[str] = []
    try:
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter("always")
            there = read_bytes(paifu.write(record, via), "trip", via)
            assert len(there) == 1
            back = read_bytes(paifu.write(there[0], record.format), "trip", record.format)
            assert len(back) == 1
        caught = sorted({str(w.message) for w in ws})
    except RecordError as e:
        return Trip(via, tuple(caught), (), refused=str(e))
    if back[0].start.first_dealer != record.start.first_dealer:  # B turned the seats (and warned): the
        record = first_dealer_at_zero(record)  # same game with its players renumbered is the one to judge
    before = _judged(paifu.replay(record, rules))
    after = _judged(paifu.replay(back[0], rules))
    diffs = tuple(
        f"{k}: {before[k]!r:.120} became {after[k]!r:.120}" for k in before if before[k] != after[k]
    )
    lost = set(event_differences(record, back[0], rules.red_fives))
    if _rule_fields(record_rules(record)) != _rule_fields(record_rules(back[0])):
        lost.add("rules")  # the hints read back give other rules
    return Trip(via, tuple(caught), diffs, lost=tuple(sorted(lost)))


def _rule_fields(r: Ruleset) -> dict[str, object]:
    """A ruleset's rules, its name aside (an era's date in the name is the same table)."""
    return {k: v for k, v in r.to_dict().items() if k not in ("name", "description")}

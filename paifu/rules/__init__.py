"""Rulesets, presets, and picking the rules a record was played under."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from paifu.frozen import field_names
from paifu.rules.loading import load_rules
from paifu.rules.presets import PRESETS, preset
from paifu.rules.ruleset import Ruleset, RulesetError
from paifu.rules.tenhou import (
    log_id_facts,
    table_go_type,
    tenhou_go_type,
    tenhou_log_type,
    tenhou_rules_from_keys,
)

__all__ = [
    "PRESETS",
    "Ruleset",
    "RulesetError",
    "load_rules",
    "preset",
    "rules_from_hint",
    "table_go_type",
    "tenhou_go_type",
    "tenhou_log_type",
]


def rules_from_hint(hint: Iterable[tuple[str, object]], default: Ruleset | None = None) -> Ruleset:
    """Pick a ruleset from what a record says about itself (reader-neutral keys).

    Known keys: ``tenhou_go_type`` (int), ``preset`` (a preset name),
    ``num_players``, ``red_fives`` (per-suit tuple), ``kuitan``, ``length``,
    ``start_points``; later keys adjust what earlier keys chose.
    """
    hint = tuple(hint)
    key = _hint_key(hint) if default is None else None
    if key is None:
        return _rules_from_hint(hint, default)
    rules = _BY_HINT.get(key)
    if rules is None:
        if len(_BY_HINT) >= 1024:  # bounded: a batch of many tables does not grow it
            _BY_HINT.clear()
        rules = _BY_HINT[key] = _rules_from_hint(hint, None)
    return rules


#: rulesets by hint, the log id replaced by what is read from it: every game of a lobby states the
#: same hint, and picking its ruleset cost 2% of a validate; rulesets are frozen, so shared
_BY_HINT: dict[tuple[tuple[object, ...], ...], Ruleset] = {}


def _hint_key(hint: tuple[tuple[str, object], ...]) -> tuple[tuple[object, ...], ...] | None:
    """``hint`` with its log id replaced by the two things a ruleset is read from it (the table type
    where the id starts, and the date), each value beside its type, inside tuples too (``True`` and
    ``1`` are equal keys, and a rule may accept one and refuse the other); None where a value is
    unhashable (then nothing is kept)."""
    key = tuple([(k, log_id_facts(v)) if k == "game_id" else (k, _typed(v)) for k, v in hint])
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _typed(v: object) -> object:
    if v.__class__ is tuple:
        return tuple([_typed(x) for x in v])
    if v.__class__ is frozenset:
        return frozenset([_typed(x) for x in v])
    return v.__class__, v


def _rule_object(value: object) -> Any:
    """A 電脳麻将 rule object from its hint: the JSON text its reader keeps (or, from another
    caller, the object as key-value pairs); ``ruleset_from_majiang`` judges what it is."""
    if isinstance(value, str):
        import json

        try:
            return json.loads(value)
        except ValueError as e:
            raise RulesetError(f"the 電脳麻将 rule is not JSON: {e}") from None
    return dict(value) if value else {}  # type: ignore[call-overload]


def _rules_from_hint(given: tuple[tuple[str, object], ...], default: Ruleset | None) -> Ruleset:
    rules = default
    hint = list(given)
    adjust: dict[str, object] = {}
    keys = dict(hint)
    log_type = tenhou_log_type(keys.get("game_id"))
    if (
        log_type is not None
        and "tenhou_go_type" not in keys
        and keys.get("preset") in ("tenhou", "tenhou-sanma")
    ):
        # a record that names no table (a tenhou.net/6 JSON without a Tenhou disp) but whose
        # log id does: the id is the server's own statement of the table type
        hint = [("tenhou_go_type", log_type) if k == "preset" else (k, v) for k, v in hint]
    for key, value in hint:
        if key == "tenhou_go_type":
            rules = tenhou_rules_from_keys(int(value), keys)  # type: ignore[call-overload]
        elif key == "majiang_rule":  # its reader is imported only for a 電脳麻将 record (start-up)
            from paifu.rules.majiang_rule import ruleset_from_majiang

            rules = ruleset_from_majiang(_rule_object(value))
        elif key == "majsoul_mode_id":
            from paifu.rules.majsoul import majsoul_rules

            rules = majsoul_rules(keys)
        elif key == "preset":
            rules = preset(str(value))
        elif key in field_names(Ruleset):
            adjust[key] = value
    if rules is None:
        n = adjust.get("num_players", 4)
        rules = preset("tenhou-sanma" if n == 3 else "tenhou")
    return rules.replace(**adjust) if adjust else rules

"""Rulesets, presets, and picking the rules a record was played under."""

from __future__ import annotations

from collections.abc import Iterable

from paifu.frozen import field_names
from paifu.rules.loading import load_rules
from paifu.rules.majiang_rule import ruleset_from_majiang
from paifu.rules.presets import PRESETS, preset
from paifu.rules.ruleset import Ruleset, RulesetError
from paifu.rules.tenhou import table_go_type, tenhou_go_type, tenhou_log_type, tenhou_rules_from_keys

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
    rules = default
    adjust: dict[str, object] = {}
    hint = list(hint)
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
        elif key == "majiang_rule":
            rules = ruleset_from_majiang(dict(value) if value else {})  # type: ignore[call-overload]
        elif key == "preset":
            rules = preset(str(value))
        elif key in field_names(Ruleset):
            adjust[key] = value
    if rules is None:
        n = adjust.get("num_players", 4)
        rules = preset("tenhou-sanma" if n == 3 else "tenhou")
    return rules.replace(**adjust) if adjust else rules

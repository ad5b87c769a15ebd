"""Rulesets, presets, and picking the rules a record was played under."""

from __future__ import annotations

from collections.abc import Iterable

from paifu.rules.presets import PRESETS, load_rules, preset
from paifu.rules.ruleset import Ruleset, RulesetError

__all__ = ["PRESETS", "Ruleset", "RulesetError", "load_rules", "preset", "rules_from_hint", "tenhou_go_type"]


def tenhou_go_type(go_type: int, lobby: int | None = None) -> Ruleset:
    """The ruleset of a Tenhou table from its ``GO type`` bit field."""
    sanma = bool(go_type & 0x10)
    base = preset("tenhou-sanma" if sanma else "tenhou")
    changes: dict[str, object] = {}
    if go_type & 0x02:
        changes["red_fives"] = (0, 0, 0)
    if go_type & 0x04:
        changes["kuitan"] = False
    if not go_type & 0x08:
        changes["length"] = "east"
    name = f"{base.name}[type={go_type}]"
    return base.replace(name=name, **changes)


def rules_from_hint(hint: Iterable[tuple[str, object]], default: Ruleset | None = None) -> Ruleset:
    """Pick a ruleset from what a record says about itself (reader-neutral keys).

    Known keys: ``tenhou_go_type`` (int), ``preset`` (a preset name),
    ``num_players``, ``red_fives`` (per-suit tuple), ``kuitan``, ``length``,
    ``start_points``; later keys adjust what earlier keys chose.
    """
    rules = default
    adjust: dict[str, object] = {}
    for key, value in hint:
        if key == "tenhou_go_type":
            rules = tenhou_go_type(int(value))  # type: ignore[arg-type]
        elif key == "preset":
            rules = preset(str(value))
        elif key in Ruleset.__dataclass_fields__:
            adjust[key] = value
    if rules is None:
        n = adjust.get("num_players", 4)
        rules = preset("tenhou-sanma" if n == 3 else "tenhou")
    return rules.replace(**adjust) if adjust else rules

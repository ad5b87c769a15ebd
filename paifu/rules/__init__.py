"""Rulesets, presets, and picking the rules a record was played under."""

from __future__ import annotations

import re
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
    if go_type & 0x200:  # chip (shuugi) lobbies round 4-30 / 3-60 up to mangan (corpus chip.xml_, ratio1.xml_)
        changes["kiriage"] = True
    if go_type & 0x400 and not lobby:  # public 0x400 lobbies paid 1,500 per honba (ratio1.xml_; seen once)
        changes["honba_value"] = 1500
    if go_type & ~0x10FF:
        # special lobbies (chips, ratio, tournament: bits 0x100-0x800) set their own start
        # points, which only the record's first hand states
        changes["start_points"] = 0
    name = f"{base.name}[type={go_type}]"
    return base.replace(name=name, **changes)


_LOG_ID = re.compile(r"^\d{10}gm-([0-9a-f]{4})-[0-9a-f]{4,5}-[0-9a-f]{8}")


def _tenhou_log_type(game_id: object) -> int | None:
    m = _LOG_ID.match(str(game_id or ""))
    return int(m.group(1), 16) if m else None


def rules_from_hint(hint: Iterable[tuple[str, object]], default: Ruleset | None = None) -> Ruleset:
    """Pick a ruleset from what a record says about itself (reader-neutral keys).

    Known keys: ``tenhou_go_type`` (int), ``preset`` (a preset name),
    ``num_players``, ``red_fives`` (per-suit tuple), ``kuitan``, ``length``,
    ``start_points``; later keys adjust what earlier keys chose.
    """
    rules = default
    adjust: dict[str, object] = {}
    hint = list(hint)
    log_type = _tenhou_log_type(dict(hint).get("game_id"))
    for key, value in hint:
        if key == "tenhou_go_type":
            go = int(value)  # type: ignore[call-overload]
            # the server's own log id names the table type; a GO tag rewritten by a tool
            # (seen in reformatted test logs) disagrees with it, and the id wins
            lobby = dict(hint).get("lobby")
            rules = tenhou_go_type(log_type if log_type is not None and log_type != go else go,
                                   int(lobby) if lobby else None)  # type: ignore[call-overload]
        elif key == "majiang_rule":
            from paifu.rules.majiang_rule import ruleset_from_majiang

            rules = ruleset_from_majiang(dict(value) if value else {})  # type: ignore[call-overload]
        elif key == "preset":
            rules = preset(str(value))
        elif key in Ruleset.__dataclass_fields__:
            adjust[key] = value
    if rules is None:
        n = adjust.get("num_players", 4)
        rules = preset("tenhou-sanma" if n == 3 else "tenhou")
    return rules.replace(**adjust) if adjust else rules

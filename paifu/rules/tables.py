"""What a writer must say about a record's table, worked out from the record's own hints.

Formats know nothing of rules (``paifu/formats`` never imports ``paifu.rules``): a writer is
handed a ``TableFacts`` of plain data, and this module is the one place that fills it.
"""

from __future__ import annotations

import dataclasses

from paifu.events import GameStart
from paifu.formats.base import TableFacts
from paifu.rules import rules_from_hint
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.rules.tenhou import table_go_type, tenhou_go_type, tenhou_log_type
from paifu.rules.words import RULE_WORDS

__all__ = ["TableFacts", "table_facts"]


def table_facts(start: GameStart) -> TableFacts:
    """The facts of the table ``start``'s hints name; a hint that cannot be read gives the
    format defaults (``TableFacts()`` with only the log id's table), as writers always did."""
    log_go_type = tenhou_log_type(start.game_id)
    try:  # runs before paifu.formats.write's safety net: nothing here may escape as a traceback
        rules = rules_from_hint(start.rules_hint)
        go_type = table_go_type(rules)
        read_back = tenhou_go_type(go_type)
        east_only = flags_of(rules).east_only
    except Exception:  # noqa: BLE001 - any unreadable hint: the format's defaults
        return TableFacts(log_go_type=log_go_type)
    return TableFacts(
        red_fives=rules.red_fives,
        start_points=rules.start_points or 25000,
        east_only=east_only,
        go_type=go_type,
        log_go_type=log_go_type,
        go_type_name=read_back.name,
        go_type_differs=tuple(RULE_WORDS[f] for f in differs(rules, read_back)),
        open_kan_dora_at_once=rules.open_kan_dora_timing == "immediate",
    )


def differs(rules: Ruleset, table: Ruleset) -> tuple[str, ...]:
    """The rules (field names) in which ``table`` judges differently from ``rules``."""
    return tuple(
        f.name
        for f in dataclasses.fields(rules)
        if f.name not in ("name", "description") and getattr(rules, f.name) != getattr(table, f.name)
    )

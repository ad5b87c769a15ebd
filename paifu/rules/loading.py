"""``--rules`` and ``Ruleset`` files: a preset name, a TOML file, or a 電脳麻将 rule object.

Apart from the presets so that the import graph has no cycle: ruleset <- presets <- majiang_rule
<- loading.
"""

from __future__ import annotations

from pathlib import Path

from paifu.rules.majiang_rule import load_majiang_rule
from paifu.rules.presets import PRESETS
from paifu.rules.ruleset import Ruleset, RulesetError

__all__ = ["load_rules"]


def load_rules(spec: str) -> Ruleset:
    """A preset name, or a TOML file (optionally ``base = "preset"``), or a 電脳麻将 rule JSON."""
    if spec in PRESETS:
        return PRESETS[spec]
    p = Path(spec)
    if not p.is_file():
        raise RulesetError(f"{spec!r} is neither a preset ({', '.join(PRESETS)}) nor a file")
    if p.suffix.lower() == ".json":
        return load_majiang_rule(p)
    return Ruleset.load(p)

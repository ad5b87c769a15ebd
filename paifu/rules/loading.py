"""``--rules`` and ``Ruleset`` files: a preset name, a TOML file, or a 電脳麻将 rule object.

Apart from the presets so that the import graph has no cycle: ruleset <- presets <- majiang_rule
<- loading.
"""

from __future__ import annotations

from pathlib import Path

from paifu.rules.presets import PRESETS
from paifu.rules.ruleset import Ruleset, RulesetError, toml_module

__all__ = ["load_rules"]


def load_rules(spec: str) -> Ruleset:
    """A preset name, or a TOML file (optionally ``base = "preset"``), or a 電脳麻将 rule JSON;
    any of them followed by ``:key=value,key=value`` overrides (TOML values: ``qdan:start_points=
    30000``, ``qdan:red_fives=[0,0,0],length=east``), which also fix a setting the record would
    otherwise choose."""
    if spec in PRESETS:
        return PRESETS[spec]
    p = Path(spec)
    if not p.is_file() and ":" in spec:
        base, _, changes = spec.partition(":")
        return Ruleset.from_dict({"name": spec, **_overrides(changes)}, load_rules(base))
    if not p.is_file():
        raise RulesetError(f"{spec!r} is neither a preset ({', '.join(PRESETS)}) nor a file")
    if p.suffix.lower() == ".json":
        from paifu.rules.majiang_rule import load_majiang_rule  # not imported by a run without one

        return load_majiang_rule(p)
    return Ruleset.load(p)


def _overrides(text: str) -> dict[str, object]:
    """``key=value,key=value`` (commas inside brackets or quotes belong to the value); each value
    read as TOML, or as a word where it is none (``length=east``)."""
    parts: list[str] = []
    depth, quote, cur = 0, "", ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        cur += ch
    parts.append(cur)
    tomllib = toml_module()  # imported only when overrides are given (start-up stays small)
    out: dict[str, object] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise RulesetError(f"rule override {part!r} is not key=value")
        try:
            out[key.strip()] = tomllib.loads(f"v = {value.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            out[key.strip()] = value.strip()
    return out

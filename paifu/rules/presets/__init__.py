"""Named presets: one per platform column of ``shared/rules.md`` plus Tenhou and Mahjong Soul.

Where they come from: ``platforms`` (Tenhou, Mahjong Soul: their records), ``seeds`` (DORA,
RON2, the casual app, Qdan: the seed documents), ``leagues`` (JPML, WRC, EMA, M.League: their
rule books); every value is cited one way, ``cite.cited`` (``SOURCES``). Here they are gathered
into ``PRESETS``.
"""

from __future__ import annotations

import json

from paifu.rules.presets.cite import CHOICE, SOURCES, UNSET, cite_text
from paifu.rules.presets.leagues import EMA, JPML, MLEAGUE, WRC
from paifu.rules.presets.platforms import MAHJONGSOUL, MAHJONGSOUL_SANMA, TENHOU, TENHOU_SANMA
from paifu.rules.presets.seeds import (
    CASUAL,
    DORA,
    DORA_SANMA,
    DORA_TOURNAMENT,
    QDAN,
    RON2_SANMA,
)
from paifu.rules.ruleset import Ruleset, RulesetError

__all__ = [
    "CASUAL",
    "CHOICE",
    "DORA",
    "DORA_SANMA",
    "DORA_TOURNAMENT",
    "EMA",
    "JPML",
    "MAHJONGSOUL",
    "MAHJONGSOUL_SANMA",
    "MLEAGUE",
    "PRESETS",
    "QDAN",
    "RON2_SANMA",
    "SOURCES",
    "TENHOU",
    "TENHOU_SANMA",
    "WRC",
    "preset",
    "sources_text",
]

PRESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        TENHOU,
        TENHOU_SANMA,
        MAHJONGSOUL,
        MAHJONGSOUL_SANMA,
        DORA,
        DORA_SANMA,
        DORA_TOURNAMENT,
        RON2_SANMA,
        CASUAL,
        QDAN,
        JPML,
        WRC,
        EMA,
        MLEAGUE,
    )
}


def sources_text(rules: Ruleset) -> str:
    """Every value of ``rules`` with where it comes from (``paifu rules NAME --sources``).

    A value the preset does not set is the engine's default; the preset says what that rests on."""
    cited = SOURCES.get(rules.name, {})
    unset = UNSET.get(rules.name) or "default: not set by this preset"
    lines = []
    for key, value in rules.to_dict().items():
        if key in ("name", "description"):
            continue
        why = cite_text(cited.get(key, unset))  # "000 「…」": "the DORA Mahjong rules page (seed 000): 「…」"
        lines.append(f"{key} = {_toml_value(value)}  # {why}")
    return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    """A value as TOML writes it inline (``true``, ``"south"``, ``[1, 1, 1]``), so a line can be copied."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)


def preset(name: str) -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesetError(f"no preset {name!r}; known: {', '.join(PRESETS)}") from None


Ruleset._base_resolver = preset  # TOML's ``base = "tenhou"`` names one of these

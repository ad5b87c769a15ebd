"""Named presets: one per platform column of ``shared/rules.md`` plus Tenhou and Mahjong Soul.

Where they come from: ``platforms`` (Tenhou, Mahjong Soul: their records), ``seeds`` (DORA,
RON2, the casual app, Qdan: the seed documents), ``leagues`` (JPML, WRC, EMA, M.League: their
rule books); every value is cited one way, ``cite.cited`` (``SOURCES``). Here they are gathered
into ``PRESETS``, each module imported when one of its presets is first asked for.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from paifu.lazy import MadeOnLookup
from paifu.rules.presets import cite
from paifu.rules.presets.cite import CHOICE, cite_text
from paifu.rules.ruleset import Ruleset, RulesetError

if TYPE_CHECKING:
    from paifu.rules.presets.cite import SOURCES, UNSET
    from paifu.rules.presets.leagues import EMA, JPML, MLEAGUE, WRC
    from paifu.rules.presets.platforms import (
        MAHJONGSOUL,
        MAHJONGSOUL_SANMA,
        RIICHICITY,
        RIICHICITY_SANMA,
        RIICHICITY_SANMA_TOURNAMENT,
        TENHOU,
        TENHOU_SANMA,
    )
    from paifu.rules.presets.seeds import CASUAL, DORA, DORA_SANMA, DORA_TOURNAMENT, QDAN, RON2_SANMA

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
    "RIICHICITY",
    "RIICHICITY_SANMA",
    "RIICHICITY_SANMA_TOURNAMENT",
    "RON2_SANMA",
    "SOURCES",
    "TENHOU",
    "TENHOU_SANMA",
    "UNSET",
    "WRC",
    "preset",
    "sources_text",
]

#: each preset's name, module and variable, in the order ``paifu rules`` lists them. A module is
#: imported when one of its presets is first asked for: a Tenhou record's replay needs ``platforms``
#: alone, and building the league and seed presets was 7 ms of every start
_WHERE: dict[str, tuple[str, str]] = {
    "tenhou": ("platforms", "TENHOU"),
    "tenhou-sanma": ("platforms", "TENHOU_SANMA"),
    "mahjongsoul": ("platforms", "MAHJONGSOUL"),
    "mahjongsoul-sanma": ("platforms", "MAHJONGSOUL_SANMA"),
    "riichicity": ("platforms", "RIICHICITY"),
    "riichicity-sanma": ("platforms", "RIICHICITY_SANMA"),
    "riichicity-sanma-tournament": ("platforms", "RIICHICITY_SANMA_TOURNAMENT"),
    "dora": ("seeds", "DORA"),
    "dora-sanma": ("seeds", "DORA_SANMA"),
    "dora-tournament": ("seeds", "DORA_TOURNAMENT"),
    "ron2-sanma": ("seeds", "RON2_SANMA"),
    "casual": ("seeds", "CASUAL"),
    "qdan": ("seeds", "QDAN"),
    "jpml": ("leagues", "JPML"),
    "wrc": ("leagues", "WRC"),
    "ema": ("leagues", "EMA"),
    "mleague": ("leagues", "MLEAGUE"),
}
#: the module's variable of each (``TENHOU`` is ``PRESETS["tenhou"]``)
_VARIABLES = {variable: name for name, (_, variable) in _WHERE.items()}


def _load(module: str, variable: str) -> Ruleset:
    got: Ruleset = getattr(importlib.import_module(f"{__name__}.{module}"), variable)
    return got


#: every preset by name, each built when first looked up
PRESETS: Mapping[str, Ruleset] = MadeOnLookup(
    {name: functools.partial(_load, module, variable) for name, (module, variable) in _WHERE.items()}
)


def _cited() -> Any:
    """``cite``, with every preset built: its ``SOURCES`` and ``UNSET`` fill as the presets are."""
    for name in PRESETS:
        PRESETS[name]
    return cite


def __getattr__(name: str) -> Any:
    """A preset's variable (``TENHOU``), or ``SOURCES`` and ``UNSET`` whole, built on first use."""
    if name in _VARIABLES:
        return PRESETS[_VARIABLES[name]]
    if name in ("SOURCES", "UNSET"):
        return getattr(_cited(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def sources_text(rules: Ruleset) -> str:
    """Every value of ``rules`` with where it comes from (``paifu rules NAME --sources``).

    A value the preset does not set is the engine's default; the preset says what that rests on."""
    cite = _cited()
    cited = cite.SOURCES.get(rules.name, {})
    unset = cite.UNSET.get(rules.name) or "default: not set by this preset"
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
        import json  # only here: ``paifu rules --sources``

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

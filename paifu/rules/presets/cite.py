"""Presets whose every value carries where it comes from: a seed sentence (000/002/003/004), a
league's rule book, a platform's records, or ``CHOICE`` where the source is silent.

``cited`` builds a preset from ``key=(value, why)`` pairs and keeps the whys in ``SOURCES``
(a derived preset inherits its base's); ``paifu rules NAME --sources`` prints them, and
``UNSET`` says, per preset, what a value it does not set rests on.
"""

from __future__ import annotations

import re
from typing import Any

from paifu.rules.ruleset import Ruleset

#: the mark of a value the source documents do not state: our choice, which real records correct
CHOICE = "choice: the source is silent"
#: preset name -> field -> where the value comes from
SOURCES: dict[str, dict[str, str]] = {}
#: preset name -> what a value the preset does not set rests on (the engine's default)
UNSET: dict[str, str] = {}


def cited(
    base: Ruleset | None, name: str, description: str, *, unset: str = "", **values: tuple[Any, str]
) -> Ruleset:
    """A preset where every value it sets carries its source (or ``CHOICE``); ``unset`` says what
    the values it leaves at the engine's default rest on (inherited from ``base`` when empty)."""
    SOURCES[name] = {
        **(SOURCES.get(base.name, {}) if base is not None else {}),
        **{k: why for k, (_, why) in values.items()},
    }
    UNSET[name] = unset or (UNSET.get(base.name, "") if base is not None else "")
    return (base or Ruleset()).replace(
        name=name, description=description, **{k: v for k, (v, _) in values.items()}
    )


#: the document each seed is (``../shared/seeds``): a platform's published rules, named as a reader knows it
SEED_DOCUMENTS = {
    "000": "the DORA Mahjong rules page",
    "002": "the RON2 rules page",  # the online site of 日本プロ麻雀連盟: its 3-player rules
    "003": "the casual web app rules page",  # 「簡易ルール・25000点持ち」
    "004": "the Qdan rules page",
}
#: a seed's number where a source cites it (``000 「…」``, ``(000: …``, ``000 §3-5: …``, ``seed
#: 000``), not a number inside a larger one (``30,000``)
_SEED = re.compile(r"(?<![\d,.])(?:seed )?(" + "|".join(SEED_DOCUMENTS) + r")(?!\d|,\d)( (?=「))?")


def cite_text(text: str) -> str:
    """A source as a reader takes it: each seed number becomes its document and number
    (``000 「参加費が全額返金」`` -> ``the DORA Mahjong rules page (seed 000): 「参加費が全額返金」``)."""

    def named(m: re.Match[str]) -> str:
        return f"{SEED_DOCUMENTS[m[1]]} (seed {m[1]})" + (": " if m[2] else "")

    return _SEED.sub(named, text)

"""Presets whose every value carries where it comes from: a seed sentence (000/002/003/004), a
league's rule book, a platform's records, or ``CHOICE`` where the source is silent.

``cited`` builds a preset from ``key=(value, why)`` pairs and keeps the whys in ``SOURCES``
(a derived preset inherits its base's); ``paifu rules NAME --sources`` prints them, and
``UNSET`` says, per preset, what a value it does not set rests on.
"""

from __future__ import annotations

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

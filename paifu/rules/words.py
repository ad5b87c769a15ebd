"""Each rule as a reader names it: what a warning says where two tables judge otherwise, in place of
the ``Ruleset`` field that holds the rule (``extension_dealer_plays_on`` is "whether a dealer who
keeps the deal plays on in the extension"). The words are the rule's own, declared beside it
(``records/ruleset.py``: ``rule(default, words, ...)``); ``RULE_WORDS`` is made from them."""

from __future__ import annotations

from collections.abc import Iterable

from paifu.rules.ruleset import RULE_WORDS

__all__ = ["RULE_WORDS", "rule_words"]


def rule_words(fields: Iterable[str], most: int = 6) -> str:
    """The rules ``fields`` name, as a reader says them (at most ``most``, then how many more)."""
    names = [RULE_WORDS.get(f, f.replace("_", " ")) for f in fields]
    shown = "; ".join(names[:most])
    return shown + (f"; and {len(names) - most} more" if len(names) > most else "")

"""Which scheme a replayed game settles by: its ruleset's (``scheme_for_rules``), told by the way
its record writes the points (``game_scheme``)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from paifu.rank_points.schemes import Scheme, get_scheme, scheme_for_rules
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset


def game_scheme(result: Any, scheme: Scheme | str = "auto") -> Scheme | None:
    """The scheme for one replayed game (duck-typed ``GameResult``): ``"auto"`` follows its
    ruleset and the way the record writes its points; None if it does not fit the table."""
    if isinstance(scheme, str) and scheme == "auto":
        rules = result.rules
        # the lobby's rounding may not be in its rule flags; the way it writes its points tells
        whole = not flags_of(rules).rank_points_integer and writes_whole_numbers(
            result.claimed_rank_points_text
        )
        s = _rules_scheme(rules, whole)
        if result.rules.start_points <= 0 and result.hands:  # a lobby whose start only the record states
            start = result.hands[0].scores_start
            s = s.replace(start_points=sum(start) // len(start))
    else:
        s = get_scheme(scheme)
    return s if s.num_players == len(result.players) else None


@lru_cache(maxsize=256)
def _rules_scheme(rules: Ruleset, whole_numbers: bool) -> Scheme:
    """The scheme of a ruleset (rounded to whole numbers if so written), made once per ruleset: every
    game of a lobby settles by the same one, and schemes and rulesets are frozen."""
    return scheme_for_rules(rules.replace(rank_rounding="integer") if whole_numbers else rules)


def writes_whole_numbers(texts: Sequence[str] | None) -> bool:
    """True when a record writes its rank points as whole numbers (``-108``, ``48.0``)."""
    if not texts:
        return False
    try:
        return all(Decimal(t) == Decimal(t).to_integral_value() for t in texts)
    except (InvalidOperation, TypeError):
        return False

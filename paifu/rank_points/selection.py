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
    ruleset and the way the record writes its points; None if it does not fit the table.

    A table whose scheme no source states (``Ruleset.rank_scheme_known`` false: a contest's own, a
    Tenhou date between two eras) settles by the scheme the record's own points fit (uma and return,
    named ``... fitted``), and by none where they fit none or it states none: its points are not
    ours to make up (``validate`` checks none of them either)."""
    if not (isinstance(scheme, str) and scheme == "auto"):
        s = get_scheme(scheme)
        return s if s.num_players == len(result.players) else None
    table = table_scheme(result)
    if table is None or getattr(result.rules, "rank_scheme_known", True):
        return table
    return fitted_scheme(result, table)


def table_scheme(result: Any) -> Scheme | None:
    """The scheme a game's ruleset names, rounded as the record writes its points, from the start
    the record states where the rules fix none; None if it does not fit the table."""
    rules = result.rules
    # the lobby's rounding may not be in its rule flags; the way it writes its points tells
    whole = not flags_of(rules).rank_points_integer and writes_whole_numbers(result.claimed_rank_points_text)
    s = _rules_scheme(rules, whole)
    if rules.start_points <= 0 and result.hands:  # a lobby whose start only the record states
        start = result.hands[0].scores_start
        s = s.replace(start_points=sum(start) // len(start))
    return s if s.num_players == len(result.players) else None


def fitted_scheme(result: Any, table: Scheme) -> Scheme | None:
    """The scheme the record's own final scores and rank points fit (``fit_uma`` from ``table``),
    or None where it states none or they fit none."""
    from paifu.rank_points.fit import fit_uma  # only a table without a stated scheme needs it

    claimed = result.claimed_rank_points
    scores = result.claimed_final_scores or result.final_scores
    n = len(result.players)
    if not claimed or scores is None or len(claimed) < n or len(scores) < n:
        return None
    try:
        fit = fit_uma(tuple(scores[:n]), tuple(claimed[:n]), table, result.first_dealer)
    except (ValueError, ArithmeticError):  # SchemeError is a ValueError; a claim no number fits
        return None
    return None if fit is None else fit.scheme.replace(name=f"{table.name} fitted")


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

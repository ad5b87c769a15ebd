"""Which scheme a game settles by: from its ruleset (``scheme_for_rules``), or from a replayed
game and the way its record writes the points (``game_scheme``)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from paifu.rank_points.schemes import MAJIANG_INTEGER, SCHEMES, TENHOU_INTEGER, Scheme, get_scheme
from paifu.rules.flags import flags_of
from paifu.rules.presets import PRESETS


def scheme_for_rules(rules: Any) -> Scheme:
    """The scheme of a ``paifu.rules.Ruleset``.

    A ruleset whose ``rank_scheme`` names a scheme (every Tenhou table: ``tenhou``) starts
    from that scheme; the ruleset's start/return points, ties and leftover sticks always
    apply, and its uma applies when it differs from its preset's (a user's change),
    because a preset's uma may be a guess that the named scheme has verified.
    ``rank_rounding = "integer"`` rounds the score to a whole unit (Tenhou's way).
    """
    name = str(getattr(rules, "rank_scheme", "") or getattr(rules, "name", "custom"))
    n = int(rules.num_players)
    uma = tuple(rules.uma)
    base = SCHEMES.get(name) if getattr(rules, "rank_scheme", "") else None
    if base is not None and base.num_players == n:
        preset_uma = _preset_uma(name)
        if preset_uma != uma:  # a changed preset, or a rule object (電脳麻将) that states its own
            base = base.replace(uma=uma)
    else:
        base = Scheme(name=name, num_players=n, uma=uma, top_takes_rest=rules.return_points is not None)
    changes: dict[str, Any] = {
        # 0 = a special lobby whose start only its first hand states: keep the scheme's
        "start_points": rules.start_points if rules.start_points > 0 else base.start_points,
        "return_points": rules.return_points,
        "ties": getattr(rules, "rank_ties", base.ties),
        "leftover_sticks": getattr(rules, "leftover_sticks", base.leftover_sticks),
    }
    if getattr(rules, "rank_rounding", "none") == "integer":
        mode = MAJIANG_INTEGER.rounding if base.name.startswith("majiang") else TENHOU_INTEGER.rounding
        changes.update(rounding=mode, round_stage="score")
    return base.replace(**changes)


def game_scheme(result: Any, scheme: Scheme | str = "auto") -> Scheme | None:
    """The scheme for one replayed game (duck-typed ``GameResult``): ``"auto"`` follows its
    ruleset and the way the record writes its points; None if it does not fit the table."""
    if isinstance(scheme, str) and scheme == "auto":
        rules = result.rules
        if not flags_of(rules).rank_points_integer and writes_whole_numbers(result.claimed_rank_points_text):
            # the lobby's rounding is not in its rule flags; the way it writes its points tells
            rules = rules.replace(rank_rounding="integer")
        s = scheme_for_rules(rules)
        if result.rules.start_points <= 0 and result.hands:  # a lobby whose start only the record states
            start = result.hands[0].scores_start
            s = s.replace(start_points=sum(start) // len(start))
    else:
        s = get_scheme(scheme)
    return s if s.num_players == len(result.players) else None


def writes_whole_numbers(texts: Sequence[str] | None) -> bool:
    """True when a record writes its rank points as whole numbers (``-108``, ``48.0``)."""
    if not texts:
        return False
    try:
        return all(Decimal(t) == Decimal(t).to_integral_value() for t in texts)
    except (InvalidOperation, TypeError):
        return False


def _preset_uma(name: str) -> tuple[float, ...] | None:
    preset = PRESETS.get(name)
    return tuple(preset.uma) if preset is not None else None

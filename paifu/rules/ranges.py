"""The range of every number of a ``Ruleset``, checked whenever one is made (a preset, a TOML file,
a ``--rules`` override, a 電脳麻将 rule object): a value out of it is one line naming it, not an
internal error in every game. Apart from ``paifu.rules.ruleset`` to keep that module to the rules'
fields."""

from __future__ import annotations

from typing import Any

#: the points a rule states (start, targets, payments, return points) at most: far beyond any table's
#: (Tenhou: 25,000 to start, 30,000 to stop), and small enough that rank points computed to
#: ``MAX_DECIMALS`` places stay within the 28 digits of ``decimal``'s arithmetic
MAX_POINTS = 10**9
#: places a rank-point result keeps at most (Tenhou 1, RON2 0; 40 cannot be computed)
MAX_DECIMALS = 10
#: each number's range: ``riichi_min_points`` may be negative (a table without bust lets anyone riichi:
#: ``majiang_rule.NO_MINIMUM``); the rounds after the scheduled ones end at North at the latest; a
#: pair's fu is 2 or 4 in every source
RANGES: dict[str, tuple[int, int]] = {
    "start_points": (0, MAX_POINTS),
    "extension_target": (0, MAX_POINTS),
    "target_margin": (-MAX_POINTS, MAX_POINTS),
    "extension_rounds": (0, 3),
    "last_dealer_stop_min": (0, MAX_POINTS),
    "riichi_min_points": (-MAX_POINTS, MAX_POINTS),
    "riichi_min_wall": (0, 136),
    "noten_payment": (0, MAX_POINTS),
    "honba_value": (0, MAX_POINTS),
    "double_wind_fu": (0, 8),
    "return_points": (0, MAX_POINTS),
    "rank_unit": (1, MAX_POINTS),
    "rank_decimals": (0, MAX_DECIMALS),
}
#: the range of each item of a tuple: red copies of a suit's five (a suit has four fives), uma per
#: placement (thousands of points, as ``MAX_POINTS``)
ITEM_RANGES: dict[str, tuple[int, int]] = {
    "red_fives": (0, 4),
    "uma": (-(MAX_POINTS // 1000), MAX_POINTS // 1000),
}


def out_of_range(rules: Any) -> str | None:
    """Why a ruleset's numbers cannot be (the first value out of its range), or None."""
    for name, (low, high) in RANGES.items():
        value = getattr(rules, name)
        if value is not None and not low <= value <= high:
            return f"{name} = {value!r}; expected {low:,} to {high:,}"
    for name, (low, high) in ITEM_RANGES.items():
        values = getattr(rules, name)
        if any(not low <= v <= high for v in values):
            return f"{name} = {list(values)!r}; each value {low:,} to {high:,}"
    low, high = ITEM_RANGES["uma"]
    for below, uma in rules.uma_sinking:
        if any(not low <= v <= high for v in uma):
            return f"uma_sinking for {below} below = {list(uma)!r}; each uma {low:,} to {high:,}"
    return None

"""Hand valuation: yaku, han, fu, limit and points of one win, under a ``Ruleset``.

``value_win`` asks the hand-written fast path (``fast``) first and the ``mahjong`` package, behind
its adapter (``package``, imported on the first win that needs it), for what the fast path leaves;
both finish the valuation in ``completion``; the arithmetic from han and fu to points and the types
``WinContext`` and ``Valuation`` are in ``values``. See ``docs/scoring.md`` for the decision and
measured cost.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from paifu.scoring.fast import fast_value
from paifu.scoring.values import LIMIT_NAMES, Valuation, WinContext, base_points, shares

# the value types and the points arithmetic live in ``values``; importable from here as before
__all__ = ["LIMIT_NAMES", "Valuation", "WinContext", "base_points", "shares", "value_win"]


def value_win(ctx: WinContext) -> Valuation:
    """Value a win under ``ctx.rules``; the most valuable reading of the hand is taken.

    The hand-written ``fast`` path answers the common wins (the same ``Valuation``, several times
    cheaper); the package path the rest, cached by the whole (immutable) context. The fast path is
    not cached: a replay values each win once (no hit in 1,191 wins of 150 games), and hashing the
    context cost a third of the fast path itself.
    """
    if why := _out_of_bounds(ctx):  # no hand can be this: the scorer's tables are never indexed with it
        return Valuation(ok=False, error=f"bad-context: {why}")
    val = fast_value(ctx)
    return _package_kept(ctx) if val is None else val


@lru_cache(maxsize=1024)
def _package_kept(ctx: WinContext) -> Valuation:
    """``package_value``, kept: a package valuation costs milliseconds, a lookup microseconds."""
    return package_value(ctx)


def _out_of_bounds(ctx: WinContext) -> str | None:
    """Why a context is no hand at all (a tile id outside the set, more tiles than any hand
    holds), or None. A broken record can say anything; the scorer is given only what a hand can be."""
    bad = _bad_ids(ctx.concealed) or _bad_ids((ctx.win_tile,)) or _bad_ids(ctx.dora_indicators)
    bad = bad or _bad_ids(ctx.ura_indicators)
    for m in ctx.melds:
        bad = bad or _bad_ids(m.tiles)
    if bad:
        return "a tile id outside 0..135"  # a bool or any other type too
    if len(ctx.concealed) + 3 * len(ctx.melds) > 18 or len(ctx.melds) > 4:
        return f"{len(ctx.concealed)} concealed tiles and {len(ctx.melds)} melds: more than a hand holds"
    if len(ctx.dora_indicators) > 5 or len(ctx.ura_indicators) > 5 or not 0 <= ctx.kita <= 4:
        return "more indicators or Norths than a table shows"
    return None


def _bad_ids(tiles: tuple[int, ...]) -> bool:
    """Some item is not an int in 0..135 (a native loop: the tuples concatenated and walked by
    ``set``, ``min`` and ``max`` were 1% of a replay)."""
    for t in cast("tuple[object, ...]", tiles):  # noqa: SIM110 - any() of a generator is not native
        if type(t) is not int or not 0 <= cast(int, t) <= 135:
            return True
    return False


def package_value(ctx: WinContext) -> Valuation:
    """``value_win`` by the ``mahjong`` package alone (the reference for the fast path); the package
    is imported on the first win that needs it (``paifu.scoring.package``)."""
    from paifu.scoring.package import package_value as by_package

    return by_package(ctx)

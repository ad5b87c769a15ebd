# Generated from records/fit.py by scripts/gen_records.py (not edited here):
# edit records/fit.py, then run python scripts/gen_records.py.
"""Fitting a scheme to a record's claimed rank points: which uma (and return) reproduce them.
For diagnostics only: a fit says a record is consistent with the formula, not that its rules are known."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from paifu.frozen import Frozen, dataclass, set_field
from paifu.rank_points.compute import rank_points, seat_order
from paifu.rank_points.schemes import TENHOU, Scheme, get_scheme


@dataclass(init=False, repr=False, eq=False)
class Fit(Frozen):
    """A scheme that reproduces a record's claimed rank points, and how it differs from the base."""

    scheme: Scheme
    changed: tuple[str, ...] = ()

    def __init__(self, scheme: Scheme, changed: tuple[str, ...] = ()) -> None:
        set_field(self, "scheme", scheme)
        set_field(self, "changed", changed)


def fit_uma(
    scores: Sequence[int],
    claimed: Sequence[float],
    base: Scheme | str = TENHOU,
    first_dealer: int = 0,
    tolerance: float = 1e-6,
) -> Fit | None:
    """Find whole-thousand, non-increasing uma (with the base's return, or a return equal to
    the mean score) under which ``base`` reproduces ``claimed`` exactly; None when nothing does.

    For diagnostics only (which lobby rule did a record use?): a fit says a record
    is consistent with the formula, not that its rules are known.
    """
    base = get_scheme(base)
    n = len(scores)
    if n != base.num_players or len(claimed) != n:
        return None
    order = seat_order(scores, first_dealer)

    def ok(s: Scheme) -> bool:
        got = rank_points(scores, s, first_dealer)
        return all(abs(g - c) <= tolerance for g, c in zip(got, claimed, strict=True))

    if ok(base):
        return Fit(base)
    returns: list[int | None] = [base.return_points]
    mean = sum(scores) // n
    if mean not in returns:
        returns.append(mean)
    fits: list[Fit] = []
    for ret in returns:
        trial = base.replace(return_points=ret, start_points=mean if ret == mean else base.start_points)
        zero = trial.replace(uma=(0,) * n, uma_sinking=())
        direct = rank_points(scores, zero.replace(top_takes_rest=False), first_dealer)
        per_unit = Decimal(1000) / Decimal(base.unit)
        guess = [Decimal(0)] * n
        for place, seat in enumerate(order):
            guess[place] = (
                (Decimal(str(claimed[seat])) - Decimal(str(direct[seat]))) / per_unit
            ).to_integral_value()
        if base.top_takes_rest:
            guess[0] = -sum(guess[1:], Decimal(0))
        for delta in _small_adjustments(n):
            uma = tuple(float(guess[i] + delta[i]) for i in range(n))
            if any(a < b for a, b in zip(uma[:-1], uma[1:], strict=True)):  # uma never rewards a lower place
                continue
            cand = zero.replace(uma=uma)
            if ok(cand):
                changed = tuple(
                    k
                    for k in ("uma", "return_points", "start_points")
                    if getattr(cand, k) != getattr(base, k)
                )
                fits.append(Fit(cand, changed))
                break
    # the plainest explanation: the smallest uma
    return min(fits, key=lambda f: sum(map(abs, f.scheme.uma)), default=None)


def _small_adjustments(n: int) -> list[tuple[int, ...]]:
    """Offsets of -1/0/+1 per place, smallest first (rounding can hide one unit)."""
    import itertools

    return sorted(itertools.product((0, -1, 1), repeat=n), key=lambda d: sum(map(abs, d)))

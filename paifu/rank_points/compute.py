"""The arithmetic: placements (ties by seat or split), rank points from final scores (oka,
uma, rounding, the top taking the rest) and the riichi sticks left on the table at the end."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import (
    ROUND_CEILING,
    ROUND_DOWN,
    ROUND_FLOOR,
    ROUND_HALF_DOWN,
    ROUND_HALF_EVEN,
    ROUND_HALF_UP,
    Decimal,
)

from paifu.rank_points.schemes import TENHOU, Scheme, SchemeError, get_scheme

_DECIMAL_MODES = {
    "half-away": ROUND_HALF_UP,  # Decimal's HALF_UP rounds .5 away from zero
    "half-even": ROUND_HALF_EVEN,
    "half-down": ROUND_HALF_DOWN,  # .5 toward zero (五捨六入)
    "floor": ROUND_FLOOR,
    "ceil": ROUND_CEILING,
    "trunc": ROUND_DOWN,
}
STICK = 1000


def seat_order(scores: Sequence[int], first_dealer: int = 0) -> list[int]:
    """Seats from first to last; equal scores rank the seat nearer the first dealer first."""
    n = len(scores)
    return sorted(range(n), key=lambda s: (-scores[s], (s - first_dealer) % n))


def placements(scores: Sequence[int], first_dealer: int = 0, ties: str = "seat") -> tuple[int, ...]:
    """Placement (1 = top) per seat. ``ties="split"``: tied seats share the best of their places."""
    if ties not in ("seat", "split"):
        raise SchemeError(f"ties = {ties!r}; expected 'seat' or 'split'")
    order = seat_order(scores, first_dealer)
    out = [0] * len(scores)
    for i, seat in enumerate(order):
        if ties == "split" and i and scores[order[i - 1]] == scores[seat]:
            out[seat] = out[order[i - 1]]
        else:
            out[seat] = i + 1
    return tuple(out)


# ---------------------------------------------------------------------- rank points
def _round(x: Decimal, mode: str) -> Decimal:
    if mode == "half-up":  # .5 toward +infinity
        return (x + _HALF).to_integral_value(rounding=ROUND_FLOOR)
    return x.to_integral_value(rounding=_DECIMAL_MODES[mode])


_HALF = Decimal("0.5")
_ZERO = Decimal(0)


class _Prepared:
    """A scheme's constants as ``Decimal``, made once per scheme: every game of a lobby settles by
    the same scheme, and building them was most of a game's rank points."""

    __slots__ = (
        "default_uma",
        "oka",
        "quantum",
        "reference",
        "round_result",
        "round_score",
        "uma_by_below",
        "unit",
    )

    def __init__(self, scheme: Scheme) -> None:
        def thousands(uma: Sequence[float]) -> tuple[Decimal, ...]:
            return tuple(Decimal(str(u)) * 1000 for u in uma)

        self.reference = scheme.reference
        self.default_uma = thousands(scheme.uma)
        self.uma_by_below = {below: thousands(uma) for below, uma in dict(scheme.uma_sinking).items()}
        self.unit = Decimal(scheme.unit)
        self.quantum = _quantum(scheme.decimals)
        rounding = scheme.rounding != "none"
        self.round_score = rounding and scheme.round_stage == "score"
        self.round_result = rounding and scheme.round_stage == "result"
        self.oka = Decimal(scheme.oka_points)


#: by the scheme object's identity (it is held, so its id is not reused): hashing a scheme's fields
#: on every game would cost what the constants save
_PREPARED: dict[int, tuple[Scheme, _Prepared]] = {}


def _prepared(scheme: Scheme) -> _Prepared:
    got = _PREPARED.get(id(scheme))
    if got is not None and got[0] is scheme:
        return got[1]
    if len(_PREPARED) >= 256:  # bounded: a batch of custom schemes does not grow it
        _PREPARED.clear()
    made = _Prepared(scheme)
    _PREPARED[id(scheme)] = (scheme, made)
    return made


def _quantum(decimals: int) -> Decimal:
    return Decimal(1).scaleb(-decimals)


def rank_points(
    scores: Sequence[int], scheme: Scheme | str = TENHOU, first_dealer: int = 0
) -> tuple[float, ...]:
    """Rank points per seat for final ``scores`` (after leftover sticks) under ``scheme``."""
    scheme = get_scheme(scheme)
    n = len(scores)
    if n != scheme.num_players:
        raise SchemeError(f"{n} scores for a {scheme.num_players}-player scheme {scheme.name!r}")
    k = _prepared(scheme)
    order = seat_order(scores, first_dealer)
    # as ``Scheme.uma_for``, from the prepared decimals
    uma = (
        k.uma_by_below.get(scheme.below_reference(scores), k.default_uma) if k.uma_by_below else k.default_uma
    )
    unit, quantum = k.unit, k.quantum

    # uma per seat: a split tie shares the uma of the places it spans
    uma_of = [_ZERO] * n
    groups: list[list[int]] = []
    split = scheme.ties == "split"
    for seat in order:
        if split and groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    place = 0
    for g in groups:
        if len(g) == 1:
            uma_of[g[0]] = uma[place]
        else:
            share = sum(uma[place : place + len(g)], _ZERO) / len(g)
            for seat in g:
                uma_of[seat] = share
        place += len(g)

    # oka to the top: all seats level with the top share it under a split policy
    oka_of = [_ZERO] * n
    top = order[0]
    oka_ties = scheme.oka_ties or scheme.ties
    takers = [s for s in order if scores[s] == scores[top]] if oka_ties == "split" else [top]
    for seat in takers:
        oka_of[seat] = k.oka / len(takers)

    values = [_ZERO] * n
    reference = k.reference
    for seat in range(n):
        score = Decimal(scores[seat])
        if k.round_score:
            score = _round(score / unit, scheme.rounding) * unit
        v = (score - reference + uma_of[seat] + oka_of[seat]) / unit
        if k.round_result:
            v = _round(v, scheme.rounding)
        values[seat] = v.quantize(quantum, rounding=ROUND_HALF_UP)

    if scheme.top_takes_rest:
        top_group = groups[0]
        rest = -sum((values[s] for s in range(n) if s not in top_group), _ZERO)
        direct = sum((values[s] for s in top_group), _ZERO)
        extra = (rest - direct) / len(top_group)
        for seat in top_group:
            values[seat] = (values[seat] + extra).quantize(quantum, rounding=ROUND_HALF_UP)
    return tuple([float(v) for v in values])


def format_points(value: float, scheme: Scheme | str = TENHOU) -> str:
    """A rank point as a platform writes it: ``+10.7`` per 1,000, ``+106`` per 100."""
    scheme = get_scheme(scheme)
    decimals = 0 if scheme.rounding != "none" else scheme.decimals
    return f"{value:+.{decimals}f}"


def apply_leftover_sticks(
    scores: Sequence[int],
    sticks: int,
    policy: str = "top",
    first_dealer: int = 0,
    ties: str = "seat",
    owners: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Final scores after the riichi sticks left on the table at the end are settled.

    ``"top"``: 1,000 per stick to the top (``ties="split"`` shares among the tied
    top, in 100-point steps, a remainder going to the seat nearer the first dealer);
    ``"lost"``: nobody gets them; ``"kept"``: each stick goes back to the seat that
    put it down (``owners``: sticks per seat, required).
    """
    out = list(scores)
    if sticks <= 0 or policy == "lost":
        return tuple(out)
    if policy == "kept":
        if owners is None or len(owners) != len(scores) or sum(owners) != sticks:
            raise SchemeError("leftover_sticks='kept' needs the sticks per seat (owners) summing to sticks")
        return tuple(s + STICK * k for s, k in zip(scores, owners, strict=True))
    if policy != "top":
        raise SchemeError(f"leftover sticks policy {policy!r}; expected top, lost or kept")
    order = seat_order(scores, first_dealer)
    tops = [s for s in order if scores[s] == scores[order[0]]] if ties == "split" else [order[0]]
    hundreds, rem = divmod(STICK * sticks // 100, len(tops))
    for i, seat in enumerate(tops):
        out[seat] += 100 * (hundreds + (1 if i < rem else 0))
    return tuple(out)


# ---------------------------------------------------------------------- rank points in integers
def _div_round(num: int, den: int, mode: str) -> int:
    """``num / den`` (``den`` > 0) rounded to an integer as ``_round`` and ``quantize`` round: the
    modes of ``Scheme.rounding``, exactly."""
    q, r = divmod(num, den)  # floor, 0 <= r < den
    if r == 0 or mode == "floor":
        return q
    if mode == "ceil":
        return q + 1
    if mode == "trunc":
        return q if num >= 0 else q + 1
    twice = 2 * r
    if twice != den:
        return q + 1 if twice > den else q
    # exactly half way
    if mode == "half-up":  # toward +infinity
        return q + 1
    if mode == "half-away":
        return q if num < 0 else q + 1
    if mode == "half-down":  # toward zero
        return q + 1 if num < 0 else q
    return q if q % 2 == 0 else q + 1  # half-even


class _Whole:
    """A scheme's constants as integers over one denominator (``scale``): uma and oka, each share of
    a split tie or of the oka, are exact in it (the uma's decimals and every count of seats a share
    is split among divide it)."""

    __slots__ = ("default_uma", "oka", "reference", "scale", "uma_by_below", "unit")

    def __init__(self, scheme: Scheme) -> None:
        k = _prepared(scheme)
        umas = [k.default_uma, *k.uma_by_below.values()]
        digits = max((max(0, -int(u.as_tuple().exponent)) for uma in umas for u in uma), default=0)
        self.scale = scale = 10**digits * (12 if scheme.num_players >= 3 else 2)  # 1..n divide 12 (or 2)
        self.default_uma = tuple(int(u * scale) for u in k.default_uma)
        self.uma_by_below = {b: tuple(int(u * scale) for u in uma) for b, uma in k.uma_by_below.items()}
        self.oka = int(k.oka) * scale
        self.reference = int(k.reference) * scale
        self.unit = int(k.unit) * scale


_WHOLE: dict[int, tuple[Scheme, _Whole]] = {}


def _whole(scheme: Scheme) -> _Whole:
    got = _WHOLE.get(id(scheme))
    if got is not None and got[0] is scheme:
        return got[1]
    if len(_WHOLE) >= 256:
        _WHOLE.clear()
    made = _Whole(scheme)
    _WHOLE[id(scheme)] = (scheme, made)
    return made


def rank_points_compared(scores: Sequence[int], scheme: Scheme, first_dealer: int = 0) -> tuple[float, ...]:
    """``rank_points`` in integer arithmetic, for comparing with a record's claim: every value is the
    same number (exact where the decimals round a repeating share; a zero may lose its sign), at a
    fraction of the cost of ``Decimal``, after every game. Its values are not for writing out."""
    n = len(scores)
    if n != scheme.num_players:
        raise SchemeError(f"{n} scores for a {scheme.num_players}-player scheme {scheme.name!r}")
    w = _whole(scheme)
    order = seat_order(scores, first_dealer)
    uma = (
        w.uma_by_below.get(scheme.below_reference(scores), w.default_uma) if w.uma_by_below else w.default_uma
    )
    split = scheme.ties == "split"
    groups: list[list[int]] = []
    for seat in order:
        if split and groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    uma_of = [0] * n
    place = 0
    for g in groups:
        share = sum(uma[place : place + len(g)]) // len(g)  # exact: len(g) divides the scale
        for seat in g:
            uma_of[seat] = share
        place += len(g)
    top = order[0]
    oka_ties = scheme.oka_ties or scheme.ties
    takers = [s for s in order if scores[s] == scores[top]] if oka_ties == "split" else [top]
    oka_share = w.oka // len(takers)
    rounding = scheme.rounding != "none"
    round_score = rounding and scheme.round_stage == "score"
    round_result = rounding and scheme.round_stage == "result"
    unit, scale, mode = w.unit, w.scale, scheme.rounding
    step = 10**scheme.decimals
    steps = [0] * n  # each value in steps of 10 ** -decimals
    for seat in range(n):
        score = scores[seat]
        if round_score:
            score = _div_round(score, unit // scale, mode) * (unit // scale)
        num = score * scale - w.reference + uma_of[seat] + (oka_share if seat in takers else 0)
        if round_result:
            steps[seat] = _div_round(num, unit, mode) * step
        else:
            steps[seat] = _div_round(num * step, unit, "half-away")
    if scheme.top_takes_rest:
        top_group = groups[0]
        total = sum(steps)
        size = len(top_group)
        for seat in top_group:
            steps[seat] = _div_round(steps[seat] * size - total, size, "half-away")
    return tuple([v / step for v in steps])

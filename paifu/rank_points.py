"""Rank points: turning final scores into the points a platform records for a game.

Pure functions over plain numbers, so every platform's formula is an explicit
``Scheme`` (start/return points, oka, uma, unit, rounding, ties) rather than
code paths. The general formula, per seat, is::

    (rounded_score - reference) / unit + uma[placement] * 1000 / unit + oka share

where ``reference`` is the return points (or the start points when there are
none), uma is in thousands of points (like ``Ruleset.uma``) and the oka,
``(return - start) * players``, goes to the top. With ``top_takes_rest`` the top
player instead receives minus the sum of the others (Tenhou, 電脳麻将), which
also absorbs rounding. Results are floats in ``unit`` points: ``+10.7`` per
1,000 (Tenhou) or ``+106`` per 100 (RON2).

Rounding, when a scheme rounds: ``round_stage="score"`` rounds the final score to
a multiple of ``unit`` before subtracting (Tenhou's whole-number lobbies round the
score to thousands half away from zero: 19,500 -> 20,000 and -5,500 -> -6,000);
``"result"`` rounds the finished value. ``rounding="none"`` keeps ``decimals``.

Ties on points: ``"seat"`` ranks the seat nearer the first dealer (in turn order)
higher; ``"split"`` gives tied players the same placement (the best of the tied
places) and an equal share of the uma of the places they span (and of the oka,
unless ``oka_ties`` says otherwise).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from decimal import (
    ROUND_CEILING,
    ROUND_DOWN,
    ROUND_FLOOR,
    ROUND_HALF_DOWN,
    ROUND_HALF_EVEN,
    ROUND_HALF_UP,
    Decimal,
    InvalidOperation,
)
from pathlib import Path
from typing import Any

from paifu.rules.presets import PRESETS

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover
    import tomli as tomllib  # type: ignore[no-redef]

__all__ = [
    "EMA",
    "Fit",
    "JPML",
    "MAHJONGSOUL",
    "MAJIANG",
    "MAJIANG_INTEGER",
    "MLEAGUE",
    "QDAN",
    "QDAN_RANKING",
    "RON2_SANMA",
    "ROUNDINGS",
    "SCHEMES",
    "STICK",
    "Scheme",
    "SchemeError",
    "TENHOU",
    "TENHOU_INTEGER",
    "TENHOU_SANMA",
    "WRC",
    "apply_leftover_sticks",
    "fit_uma",
    "format_points",
    "game_scheme",
    "get_scheme",
    "load_scheme",
    "placements",
    "rank_points",
    "scheme_for_rules",
    "seat_order",
    "writes_whole_numbers",
]

ROUNDINGS = ("none", "half-away", "half-up", "half-even", "half-down", "floor", "ceil", "trunc")
_DECIMAL_MODES = {
    "half-away": ROUND_HALF_UP,  # Decimal's HALF_UP rounds .5 away from zero
    "half-even": ROUND_HALF_EVEN,
    "half-down": ROUND_HALF_DOWN,  # .5 toward zero (五捨六入)
    "floor": ROUND_FLOOR,
    "ceil": ROUND_CEILING,
    "trunc": ROUND_DOWN,
}
STICK = 1000


class SchemeError(ValueError):
    """A scheme we cannot express (bad option, wrong number of uma values)."""


@dataclass(frozen=True)
class Scheme:
    """Every choice a rank-point formula makes, with the values a platform uses."""

    name: str = "custom"
    description: str = ""
    num_players: int = 4
    start_points: int = 25000
    #: None: no return points; the reference is then ``start_points`` and there is no oka
    return_points: int | None = 30000
    #: per placement (1st first), thousands of points
    uma: tuple[float, ...] = (20, 10, -10, -20)
    #: uma that depends on how many players end strictly below the return points
    #: (浮き沈みウマ): pairs (players below, uma per placement); unlisted counts use ``uma``
    uma_sinking: tuple[tuple[int, tuple[float, ...]], ...] = ()
    #: "top": the oka (return - start) * players goes to the top; "none": no oka
    oka: str = "top"
    #: how a tie for top shares the oka: "split", "seat"; None = same as ``ties``
    oka_ties: str | None = None
    #: points per unit of the result (1000: +10.7; 100: +106)
    unit: int = 1000
    rounding: str = "none"
    round_stage: str = "score"  # "score" or "result"
    decimals: int = 1  # kept when not rounding (and for shares of a split)
    ties: str = "seat"  # "seat" or "split"
    #: the top (group) receives minus the sum of the others
    top_takes_rest: bool = False
    #: riichi sticks on the table at the end: "top", "lost", "kept" (back to their owners)
    leftover_sticks: str = "top"

    def __post_init__(self) -> None:
        checks = {
            "oka": ("top", "none"),
            "rounding": ROUNDINGS,
            "round_stage": ("score", "result"),
            "ties": ("seat", "split"),
            "leftover_sticks": ("top", "lost", "kept"),
        }
        for name, allowed in checks.items():
            if getattr(self, name) not in allowed:
                raise SchemeError(f"{name} = {getattr(self, name)!r}; expected one of {allowed}")
        if self.oka_ties not in (None, "seat", "split"):
            raise SchemeError(f"oka_ties = {self.oka_ties!r}; expected 'seat', 'split' or none")
        if self.num_players not in (2, 3, 4):
            raise SchemeError(f"num_players = {self.num_players}")
        if len(self.uma) != self.num_players:
            raise SchemeError(f"uma has {len(self.uma)} values for {self.num_players} players")
        for below, uma in self.uma_sinking:
            if len(uma) != self.num_players or not 0 <= below <= self.num_players:
                raise SchemeError(f"uma_sinking entry for {below} below has {len(uma)} values")
        if self.unit <= 0 or self.decimals < 0:
            raise SchemeError("unit must be positive and decimals not negative")

    # ------------------------------------------------------------------ helpers
    @property
    def reference(self) -> int:
        return self.start_points if self.return_points is None else self.return_points

    @property
    def oka_points(self) -> int:
        """Total oka in points (0 without return points or with ``oka="none"``)."""
        if self.oka == "none" or self.return_points is None:
            return 0
        return (self.return_points - self.start_points) * self.num_players

    def uma_for(self, scores: Sequence[int]) -> tuple[float, ...]:
        below = sum(1 for s in scores if s < self.reference)
        return dict(self.uma_sinking).get(below, self.uma)

    def replace(self, **changes: Any) -> Scheme:
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------------ TOML
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is None:
                continue
            if f.name == "uma_sinking":
                v = {str(k): list(u) for k, u in v}
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Scheme | None = None) -> Scheme:
        """A scheme from plain data; ``base`` (or ``data["base"]``, a scheme name) fills the rest."""
        if base is None and "base" in data:
            base = get_scheme(str(data["base"]))
        known = {f.name for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, v in data.items():
            if key == "base":
                continue
            if key not in known:
                raise SchemeError(f"unknown scheme option {key!r}")
            if key == "uma":
                v = tuple(v)
            elif key == "uma_sinking":
                v = tuple(sorted((int(k), tuple(u)) for k, u in dict(v).items()))
            changes[key] = v
        if "num_players" in changes and "uma" not in changes and base is not None:
            raise SchemeError("changing num_players needs its uma")
        try:
            return dataclasses.replace(base or cls(), **changes)
        except TypeError as e:
            raise SchemeError(str(e)) from e

    @classmethod
    def from_toml(cls, text: str) -> Scheme:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise SchemeError(f"not valid TOML: {e}") from e
        return cls.from_dict(data)

    def to_toml(self) -> str:
        import tomli_w

        return tomli_w.dumps(self.to_dict())


# ---------------------------------------------------------------------- named schemes
TENHOU = Scheme(
    name="tenhou",
    description="Tenhou 4-player: (score-30,000)/1,000 + uma 20/10/-10/-20 for 2nd-4th, top takes minus their sum",
    top_takes_rest=True,
)
#: Tenhou lobbies that write whole numbers: the score is rounded to thousands first
TENHOU_INTEGER = TENHOU.replace(
    name="tenhou-integer",
    description="Tenhou 4-player, whole-number lobbies (score rounded to 1,000 half away from zero)",
    rounding="half-away",
    round_stage="score",
)
TENHOU_SANMA = Scheme(
    name="tenhou-sanma",
    description="Tenhou 3-player: 35,000 start, 40,000 return, uma +20/0/-20, top takes minus the sum",
    num_players=3,
    start_points=35000,
    return_points=40000,
    uma=(20, 0, -20),
    top_takes_rest=True,
)
QDAN = Scheme(
    name="qdan",
    description="Qdan settlement: (score-30,000)/1,000 + uma 15/5/-5/-15 + oka 20 to the top",
    uma=(15, 5, -5, -15),
)
QDAN_RANKING = Scheme(
    name="qdan-ranking",
    description="Qdan ranking points: (score-25,000)/1,000 + uma 15/5/-5/-15 (no oka)",
    return_points=None,
    uma=(15, 5, -5, -15),
)
MAHJONGSOUL = Scheme(
    name="mahjongsoul",
    description="Mahjong Soul 4-player final points: (score-25,000)/1,000 + uma 15/5/-5/-15, no oka",
    return_points=None,
    uma=(15, 5, -5, -15),
)
RON2_SANMA = Scheme(
    name="ron2-sanma",
    description="RON2 3-player: (score-40,000)/100 + uma +100/0/-100, per 100 points",
    num_players=3,
    start_points=40000,
    return_points=40000,
    uma=(10, 0, -10),
    unit=100,
    decimals=0,
)
MLEAGUE = Scheme(
    name="mleague",
    description="M.League: 25,000/30,000, uma 30/10/-10/-30, oka 20; ties split uma and oka",
    uma=(30, 10, -10, -30),
    ties="split",
)
MAJIANG = Scheme(
    name="majiang",
    description="電脳麻将: (score-30,000)/1,000 + the rule's 順位点, top takes minus the sum",
    top_takes_rest=True,
)
#: 電脳麻将 records that write whole numbers round the score .5 toward +infinity (-1,500 -> -1,000)
MAJIANG_INTEGER = MAJIANG.replace(
    name="majiang-integer",
    description="電脳麻将, whole numbers: the score rounded to 1,000 with .5 toward +infinity",
    rounding="half-up",
)

#: 日本プロ麻雀連盟 公式ルール: 30,000 start and return, no oka; the 順位点 depend on how many players
#: float (end at 30,000 or more; exactly 30,000 floats: choice): one floats 12/-1/-3/-8, two 8/4/-4/-8,
#: three 8/3/1/-12 (thousands).
#: Source: the JPML rule's 順位点 table as commonly quoted (utakata.work 2024 gives "+8, +4, -4, -8 ...
#: 厳密には違う"); the one- and three-floater rows are from memory of the official page: uncertain.
JPML = Scheme(
    name="jpml",
    description="JPML (連盟): (score-30,000)/1,000 + 順位点 by floaters: 1 up 12/-1/-3/-8, 2 up 8/4/-4/-8, "
    "3 up 8/3/1/-12",
    start_points=30000,
    return_points=30000,
    uma=(8, 4, -4, -8),
    uma_sinking=((1, (8, 3, 1, -12)), (2, (8, 4, -4, -8)), (3, (12, -1, -3, -8))),
    ties="split",
)
#: World Riichi Championship rules (2015 §5.9.2): (score-30,000)/1,000 + uma 15/5/-5/-15, ties average uma
WRC = Scheme(
    name="wrc",
    description="WRC: (score-30,000)/1,000 + uma 15/5/-5/-15, no oka; tied players average their uma",
    start_points=30000,
    return_points=30000,
    uma=(15, 5, -5, -15),
    ties="split",
)
#: EMA Riichi Competition Rules 2016 (§3.6.1): as WRC
EMA = WRC.replace(
    name="ema", description="EMA 2016: (score-30,000)/1,000 + uma 15/5/-5/-15, no oka; ties split"
)

SCHEMES: dict[str, Scheme] = {
    s.name: s
    for s in (
        TENHOU,
        TENHOU_INTEGER,
        TENHOU_SANMA,
        QDAN,
        QDAN_RANKING,
        MAHJONGSOUL,
        RON2_SANMA,
        MLEAGUE,
        MAJIANG,
        MAJIANG_INTEGER,
        JPML,
        WRC,
        EMA,
    )
}


def get_scheme(spec: str | Scheme) -> Scheme:
    """A named scheme, or a TOML file (optionally ``base = "<name>"``)."""
    if isinstance(spec, Scheme):
        return spec
    if spec in SCHEMES:
        return SCHEMES[spec]
    p = Path(spec)
    if p.suffix.lower() == ".toml" and p.is_file():
        return load_scheme(p)
    raise SchemeError(f"{spec!r} is neither a scheme ({', '.join(SCHEMES)}) nor a TOML file")


def load_scheme(path: str | Path) -> Scheme:
    """A scheme from a TOML file; its name defaults to the file's stem."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise SchemeError(f"{p}: not valid TOML: {e}") from e
    data.setdefault("name", p.stem)
    return Scheme.from_dict(data)


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
        if rules.rank_rounding == "none" and writes_whole_numbers(result.claimed_rank_points_text):
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


# ---------------------------------------------------------------------- placements
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
        return (x + Decimal("0.5")).to_integral_value(rounding=ROUND_FLOOR)
    return x.to_integral_value(rounding=_DECIMAL_MODES[mode])


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
    order = seat_order(scores, first_dealer)
    uma = [Decimal(str(u)) * 1000 for u in scheme.uma_for(scores)]
    unit = Decimal(scheme.unit)
    quantum = _quantum(scheme.decimals)
    rounding = scheme.rounding != "none"

    # uma per seat: a split tie shares the uma of the places it spans
    uma_of = [Decimal(0)] * n
    groups: list[list[int]] = []
    for seat in order:
        if scheme.ties == "split" and groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    place = 0
    for g in groups:
        share = sum(uma[place : place + len(g)], Decimal(0)) / len(g)
        for seat in g:
            uma_of[seat] = share
        place += len(g)

    # oka to the top: all seats level with the top share it under a split policy
    oka_of = [Decimal(0)] * n
    tops = [s for s in order if scores[s] == scores[order[0]]]
    oka_ties = scheme.oka_ties or scheme.ties
    takers = tops if oka_ties == "split" else [order[0]]
    for seat in takers:
        oka_of[seat] = Decimal(scheme.oka_points) / len(takers)

    values = [Decimal(0)] * n
    for seat in range(n):
        score = Decimal(scores[seat])
        if rounding and scheme.round_stage == "score":
            score = _round(score / unit, scheme.rounding) * unit
        v = (score - scheme.reference + uma_of[seat] + oka_of[seat]) / unit
        if rounding and scheme.round_stage == "result":
            v = _round(v, scheme.rounding)
        values[seat] = v.quantize(quantum, rounding=ROUND_HALF_UP)

    if scheme.top_takes_rest:
        top_group = groups[0]
        rest = -sum((values[s] for s in range(n) if s not in top_group), Decimal(0))
        direct = sum((values[s] for s in top_group), Decimal(0))
        extra = (rest - direct) / len(top_group)
        for seat in top_group:
            values[seat] = (values[seat] + extra).quantize(quantum, rounding=ROUND_HALF_UP)
    return tuple(float(v) for v in values)


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


# ---------------------------------------------------------------------- fitting
@dataclass(frozen=True)
class Fit:
    """A scheme that reproduces a record's claimed rank points, and how it differs from the base."""

    scheme: Scheme
    changed: tuple[str, ...] = field(default=())


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

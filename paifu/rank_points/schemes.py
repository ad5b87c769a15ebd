"""``Scheme``, every choice a rank-point formula makes, and the named schemes of the platforms
and leagues (each with its source); ``get_scheme`` finds one by name or TOML file."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from paifu.rules.ruleset import toml_module

ROUNDINGS = ("none", "half-away", "half-up", "half-even", "half-down", "floor", "ceil", "trunc")


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
        tomllib = toml_module()
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
    tomllib = toml_module()
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise SchemeError(f"{p}: not valid TOML: {e}") from e
    data.setdefault("name", p.stem)
    return Scheme.from_dict(data)

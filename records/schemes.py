"""``Scheme``, every choice a rank-point formula makes; ``scheme_for_rules``, a ruleset's scheme;
the named schemes of the platforms and leagues, each its preset's (where the values are cited);
``get_scheme`` finds one by name or TOML file.

``Scheme`` is declared once, in ``records/schemes.py``: ``scripts/gen_records.py`` writes this module
from it, with its ``__init__``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paifu.frozen import Frozen, dataclass, fields, replace
from paifu.lazy import MadeOnLookup
from paifu.limits import read_settings
from paifu.rules import presets
from paifu.rules.flags import flags_of
from paifu.rules.ranges import MAX_DECIMALS
from paifu.rules.ruleset import Ruleset, toml_module
from records.declare import KW_ONLY

ROUNDINGS = ("none", "half-away", "half-up", "half-even", "half-down", "floor", "ceil", "trunc")


class SchemeError(ValueError):
    """A scheme we cannot express (bad option, wrong number of uma values)."""


@dataclass(init=False, repr=False, eq=False)  # frozen: paifu.frozen's methods (start-up)
class Scheme(Frozen):
    """Every choice a rank-point formula makes, with the values a platform uses."""

    _: KW_ONLY
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
        if self.unit <= 0 or not 0 <= self.decimals <= MAX_DECIMALS:
            raise SchemeError(f"unit must be positive and decimals 0 to {MAX_DECIMALS}")

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

    def below_reference(self, scores: Sequence[int]) -> int:
        """How many players end strictly below the reference: which ``uma_sinking`` entry applies."""
        return sum(1 for s in scores if s < self.reference)

    def uma_for(self, scores: Sequence[int]) -> tuple[float, ...]:
        return dict(self.uma_sinking).get(self.below_reference(scores), self.uma)

    def replace(self, **changes: Any) -> Scheme:
        return replace(self, **changes)

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
            return replace(base or cls(), **changes)
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


# ---------------------------------------------------------------------- rules -> scheme
def scheme_for_rules(rules: Ruleset) -> Scheme:
    """The scheme of a ``paifu.rules.Ruleset``: every rank-point fact is a field of the ruleset (each
    preset cites its own), copied here, so a preset and its scheme cannot disagree.

    ``start_points = 0`` (a lobby whose start only the record states) stays 0: ``game_scheme``
    takes it from the record's first hand."""
    return Scheme(
        name=rules.rank_scheme or rules.name,
        description=rules.description,
        num_players=rules.num_players,
        start_points=rules.start_points,
        return_points=rules.return_points,
        uma=tuple(rules.uma),
        uma_sinking=rules.uma_sinking,
        unit=rules.rank_unit,
        rounding=rules.rank_rounding_mode if flags_of(rules).rank_points_integer else "none",
        round_stage="score",
        decimals=rules.rank_decimals,
        ties=rules.rank_ties,
        top_takes_rest=rules.rank_top_takes_rest,
        leftover_sticks=rules.leftover_sticks,
    )


# ---------------------------------------------------------------------- named schemes
# Each is its preset's (``paifu.rules.presets``, where every value is cited); the other ways a
# table is reckoned say here the one thing that differs. Each is made when first asked for (by
# name in ``SCHEMES``, or as this module's ``TENHOU`` ...): making them all made every preset, 7 ms
# of every start.
def _tenhou_integer() -> Scheme:
    """Tenhou lobbies that write whole numbers: the score is rounded to thousands first."""
    return scheme_for_rules(presets.TENHOU.replace(rank_rounding="integer")).replace(
        name="tenhou-integer",
        description="Tenhou 4-player, whole-number lobbies (score rounded to 1,000 first)",
    )


def _qdan_ranking() -> Scheme:
    """Qdan's ranking points reckon from the start, not the return points: no oka."""
    return SCHEMES["qdan"].replace(
        name="qdan-ranking",
        description="Qdan ranking points: from the start points, no oka",
        return_points=None,
    )


def _majiang_rules() -> Ruleset:
    """The ruleset of 電脳麻将's default rule object (its reader imported when a scheme asks for it)."""
    from paifu.rules.majiang_rule import ruleset_from_majiang

    return ruleset_from_majiang({})


def _majiang() -> Scheme:
    """電脳麻将's default rule object (majiang-core's own defaults)."""
    return scheme_for_rules(_majiang_rules())


def _majiang_integer() -> Scheme:
    """電脳麻将 records that write whole numbers (placement points without decimals)."""
    return scheme_for_rules(_majiang_rules().replace(rank_rounding="integer")).replace(
        name="majiang-integer", description="電脳麻将, whole numbers: the score rounded to 1,000 first"
    )


def _of_preset(name: str) -> Callable[[], Scheme]:
    return lambda: scheme_for_rules(presets.preset(name))


#: each named scheme's name, variable and maker, in the order ``--scheme`` lists them
_MADE_BY: dict[str, tuple[str, Callable[[], Scheme]]] = {
    "tenhou": ("TENHOU", _of_preset("tenhou")),
    "tenhou-integer": ("TENHOU_INTEGER", _tenhou_integer),
    "tenhou-sanma": ("TENHOU_SANMA", _of_preset("tenhou-sanma")),
    "qdan": ("QDAN", _of_preset("qdan")),
    "qdan-ranking": ("QDAN_RANKING", _qdan_ranking),
    "mahjongsoul": ("MAHJONGSOUL", _of_preset("mahjongsoul")),
    "ron2-sanma": ("RON2_SANMA", _of_preset("ron2-sanma")),
    "mleague": ("MLEAGUE", _of_preset("mleague")),
    "majiang": ("MAJIANG", _majiang),
    "majiang-integer": ("MAJIANG_INTEGER", _majiang_integer),
    "jpml": ("JPML", _of_preset("jpml")),
    "wrc": ("WRC", _of_preset("wrc")),
    "ema": ("EMA", _of_preset("ema")),
}
#: the module's variable of each (``TENHOU`` is ``SCHEMES["tenhou"]``)
NAMED: dict[str, str] = {variable: name for name, (variable, _) in _MADE_BY.items()}


#: every named scheme by name, each made when first looked up
SCHEMES: Mapping[str, Scheme] = MadeOnLookup({name: make for name, (_, make) in _MADE_BY.items()})

if TYPE_CHECKING:
    TENHOU: Scheme
    TENHOU_INTEGER: Scheme
    TENHOU_SANMA: Scheme
    QDAN: Scheme
    QDAN_RANKING: Scheme
    MAHJONGSOUL: Scheme
    RON2_SANMA: Scheme
    MLEAGUE: Scheme
    MAJIANG: Scheme
    MAJIANG_INTEGER: Scheme
    JPML: Scheme
    WRC: Scheme
    EMA: Scheme


def __getattr__(name: str) -> Scheme:
    """A named scheme's variable (``TENHOU``), made on first use."""
    if name in NAMED:
        return SCHEMES[NAMED[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
        data = tomllib.loads(read_settings(p))
    except tomllib.TOMLDecodeError as e:
        raise SchemeError(f"{p}: not valid TOML: {e}") from e
    data.setdefault("name", p.stem)
    return Scheme.from_dict(data)

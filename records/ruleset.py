"""One frozen ``Ruleset`` with every rule dimension of ``shared/rules.md``.

The same object drives the legality replay, the scorer and the reports: a rule
option one of them ignores is a bug. Each field documents its values. Long because every rule is
declared here once, with its comment: its one home.

Declared in ``records/ruleset.py``: each rule one line, ``rule(default, words, *readers)`` (how a
warning names it, and ``"board"`` where the table follows it as it is). ``scripts/gen_records.py``
writes ``paifu/rules/ruleset.py`` from it, with ``RULE_WORDS`` (``paifu.rules.words``) and
``RULE_READERS``; ``TableRules`` (``records/table_rules.py``) declares the board's copies by naming
this file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Literal, get_args, get_type_hints

from paifu.frozen import Frozen, dataclass, fields, replace
from paifu.rules.ranges import out_of_range
from records.declare import KW_ONLY, rule


def toml_module() -> ModuleType:
    """``tomllib`` (``tomli`` before Python 3.11), imported on first use: it brings ``datetime`` and
    its regular expressions, a tenth of a small record's start-up, and only a TOML file needs it."""
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover
        import tomli as tomllib  # type: ignore[no-redef]
    return tomllib


#: each option's values: the type says them once, and ``Ruleset.__post_init__`` checks them from it
Length = Literal["one-hand", "east", "south"]
Renchan = Literal["never", "win", "win_or_tenpai", "always"]
Extension = Literal["none", "sudden-death", "full-round"]
LastDealerStop = Literal["none", "win", "win_or_tenpai", "win_tenpai_unproven"]
LeftoverSticks = Literal["top", "lost", "kept"]
MultiRonBonus = Literal["nearest", "each"]
Kuikae = Literal["forbidden", "suji", "allowed"]
KanDoraTiming = Literal["after-discard", "immediate"]
PaoRonSplit = Literal["half", "all"]
PaoHonba = Literal["discarder", "liable"]
PaoTsumo = Literal["liable-yakuman", "whole"]
RiichiKan = Literal["none", "wait-unchanged", "shape-unchanged"]
Karaten = Literal["counts", "not-own-hand", "not-visible"]
NotenSplit = Literal["shared", "per-tenpai"]
Renhou = Literal["none", "mangan", "baiman", "yakuman", "cumulative"]
SanmaTsumo = Literal["loss", "split", "even"]
RankTies = Literal["seat", "split"]
RankRounding = Literal["none", "integer"]
RoundingMode = Literal["half-away", "half-up", "half-even", "half-down", "floor", "ceil", "trunc"]


class RulesetError(ValueError):
    """A ruleset file or override we cannot express."""


@dataclass(init=False, repr=False, eq=False)  # frozen: paifu.frozen's methods (start-up)
class Ruleset(Frozen):
    """Every rule a replay follows, each a field with the default of Tenhou's usual table."""

    _: KW_ONLY
    name: str = "custom"
    description: str = ""

    # ---------------------------------------------------------------- table
    num_players: int = rule(4, "the number of players", "board")  # 4, or 3 (108 tiles: 2m..8m removed)
    #: red copies per suit (m, p, s); (0,0,0) = none
    red_fives: tuple[int, int, int] = rule((1, 1, 1), "the red fives", "board")
    chi: bool = rule(
        True, "chi", "engine"
    )  # chi from the player on the left (every 3-player preset has none)
    #: 0: not fixed by the rules (the first hand of the record states it)
    start_points: int = rule(25000, "the start points", "engine")
    #: "one-hand", "east" (tonpuusen), "south" (hanchan)
    length: Length = rule("south", "the game's length (east-only or a half game)")
    #: dealer keeps the seat after: "never", "win", "win_or_tenpai", "always" (even noten)
    renchan: Renchan = rule("win_or_tenpai", "when the dealer keeps the deal")
    #: after an abortive draw: the dealer keeps the seat and honba +1 (else the seat moves on)
    abort_renchan: bool = rule(True, "whether the dealer keeps the deal after an abortive draw", "engine")
    #: dead wall kept at 14 tiles (rinshan draws shorten the live wall)
    dead_wall: int = rule(14, "the dead wall's size", "board")

    # ---------------------------------------------------------------- game end
    #: a player below 0 (or at 0, see bust_at_zero) ends the game
    bust: bool = rule(True, "whether a player below zero ends the game", "engine")
    bust_at_zero: bool = rule(
        False, "whether exactly zero ends the game", "engine"
    )  # exactly 0 also ends the game
    #: extension after the last scheduled hand when nobody reached ``extension_target``:
    #: "none", "sudden-death" (ends after any hand where someone reached it)
    extension: Extension = rule("sudden-death", "the extension round (west-in) below the target")
    extension_target: int = rule(30000, "the extension's target score", "engine")
    #: when set, the extension target and the last-dealer stop minimum are the game's start points
    #: plus this (004: 「延長・アガリ止めの目標は開始点＋5,000点」); None: the fixed values above
    target_margin: int | None = rule(
        None, "the extension and last-dealer targets as start points plus a margin", "engine"
    )
    #: in the extension a dealer who keeps the deal plays on as in the last hand (the stop is the
    #: dealer's, whoever reached the target: Tenhou); False: the extension ends after any hand where
    #: someone reached the target (電脳麻将)
    extension_dealer_plays_on: bool = rule(
        False, "whether a dealer who keeps the deal plays on in the extension", "engine"
    )
    #: extension rounds at most (Tenhou: the West round only)
    extension_rounds: int = rule(1, "how many extension rounds", "engine")
    #: last-dealer stop (agari-yame): "none", "win", "win_or_tenpai"; "win_tenpai_unproven" stops
    #: on a win and accepts either outcome after tenpai (a Tenhou date between two eras)
    last_dealer_stop: LastDealerStop = rule("win_or_tenpai", "the last dealer's stop (agari-yame)")
    #: the dealer must be sole top and have at least this many points to stop
    last_dealer_stop_min: int = rule(30000, "the score the last dealer's stop needs", "engine")
    #: riichi sticks left on the table at the end: "top" (to the top player), "lost" (nobody),
    #: "kept" (each stick back to the seat that put it down)
    leftover_sticks: LeftoverSticks = rule("top", "who takes the riichi sticks left at the end")

    # ---------------------------------------------------------------- wins
    #: winners allowed on one discard: 1 = head-bump (nearest in turn order), 2, 3
    max_ron_winners: int = rule(2, "how many players may ron one tile (head-bump or double ron)", "engine")
    #: three rons on one discard abort the hand
    triple_ron_abort: bool = rule(True, "whether three rons abort the hand", "engine")
    #: honba and sticks on multiple ron: "nearest" (the winner nearest the discarder) or "each"
    multi_ron_bonus: MultiRonBonus = rule("nearest", "who takes the honba and sticks on a multiple ron")
    kuitan: bool = rule(True, "open tanyao")  # open tanyao
    #: swap-call discards: "forbidden" (same kind or the other end of a chi),
    #: "suji" (only the same kind is forbidden), "allowed"
    kuikae: Kuikae = rule("forbidden", "swap-calling (kuikae)")
    ippatsu: bool = rule(True, "ippatsu", "board")  # a riichi gives ippatsu
    ura_dora: bool = rule(True, "ura dora")
    kan_dora: bool = rule(True, "kan dora", "engine")
    #: the indicators under kan dora count as ura too (else only the first)
    kan_ura: bool = rule(True, "kan ura dora")
    #: when a kan's new indicator turns after an open or added kan: "after-discard" or "immediate"
    open_kan_dora_timing: KanDoraTiming = rule("after-discard", "when an open kan's dora is revealed")
    #: liability (pao) yaku: any of "daisangen", "daisuushii", "suukantsu"
    pao: frozenset[str] = rule(
        frozenset({"daisangen", "daisuushii"}), "which yakuman make a player liable (pao)"
    )
    #: the player who fed an open kan pays for a rinshan win after it
    pao_rinshan: bool = rule(False, "liability for a rinshan win after an open kan", "engine")
    #: ron with a liable player: "half" (split with the discarder) or "all" (liable pays all)
    pao_ron_split: PaoRonSplit = rule("half", "how a liable ron is split")
    #: who pays honba on a pao ron: "discarder" or "liable"
    pao_honba: PaoHonba = rule("discarder", "who pays the honba of a liable ron")
    #: a pao tsumo of a hand with other yakuman besides the liable one (daisangen with tsuuiisou):
    #: "liable-yakuman" (the liable player pays the liable yakuman, the rest is a plain tsumo) or
    #: "whole" (the liable player pays the whole win and the honba)
    pao_tsumo: PaoTsumo = rule("liable-yakuman", "what a liable player pays on a tsumo")

    # ---------------------------------------------------------------- riichi & furiten
    riichi_min_points: int = rule(1000, "the points a riichi needs", "engine")
    #: tiles that must remain in the live wall to declare: 4 with four players (3 with three) means
    #: the declarer still gets a draw of its own; 1 only forbids a riichi on the last tile
    riichi_min_wall: int = rule(4, "the tiles a riichi needs left in the wall", "engine")
    #: closed kan after riichi: "none", "wait-unchanged" (drawn tile, same wait),
    #: "shape-unchanged" (same wait and same decomposition)
    riichi_kan: RiichiKan = rule("wait-unchanged", "a closed kan after riichi")
    #: a passed winning tile after riichi makes the hand furiten
    riichi_furiten: bool = rule(True, "furiten after a winning tile let pass in riichi", "board")
    #: who lets a winning tile pass may not ron until their next draw
    same_turn_furiten: bool = rule(True, "same-turn furiten", "board")
    #: a passed tile that completes the hand's shape makes it furiten even where the hand has no yaku
    #: on it (it could not have ronned); False: only a tile it could ron (003 「ロンできる牌を見送った」)
    yakuless_pass_furiten: bool = rule(
        True, "furiten after letting pass a tile the hand could not ron for want of a yaku", "engine"
    )
    #: a riichi is allowed while furiten (a wait already in the own river after the declaring discard)
    furiten_riichi: bool = rule(True, "riichi while furiten", "engine")

    # ---------------------------------------------------------------- draws
    nine_terminals: bool = rule(True, "the nine-terminals abortive draw", "engine")
    #: the nine kinds must be in the deal (a non-dealer's first draw does not count; the dealer's
    #: fourteenth tile is its deal: 配牌); False: in the hand at the first draw, as most tables say
    nine_terminals_dealt: bool = rule(False, "whether nine terminals counts the first draw", "engine")
    #: "three winds" on a 3-player table
    four_winds: bool = rule(True, "the four-winds abortive draw", "board")
    #: every seat in riichi aborts the hand (all three with three players)
    four_riichi: bool = rule(True, "the four-riichi abortive draw", "board")
    #: four kans fall due on the table as an abortive draw
    four_kans: bool = rule(True, "the four-kans abortive draw", "board")
    nagashi_mangan: bool = rule(True, "nagashi mangan", "engine")
    noten_payment: int = rule(3000, "the noten payments")  # total; 0 = no noten payments
    #: "shared": the noten seats pay ``noten_payment`` in all, shared by the tenpai seats; "per-tenpai":
    #: each tenpai seat receives ``noten_payment``, the noten seats paying it in equal parts
    noten_split: NotenSplit = rule("shared", "how noten payments are shared")
    #: a tenpai player may declare noten at an exhaustive draw (hide the hand, pay as noten)
    noten_declaration: bool = rule(False, "whether a tenpai player may declare noten", "engine")
    #: tenpai at a draw needs no yaku; False: an open hand with no yaku on any wait is noten
    keishiki_tenpai: bool = rule(True, "tenpai without a yaku (keishiki tenpai)", "engine")
    #: a wait only on tiles already used up: "counts", "not-own-hand" (not tenpai when all
    #: four are in the own hand), "not-visible" (not tenpai when all four are visible)
    karaten: Karaten = rule("not-own-hand", "a wait on tiles all used up (karaten)")

    # ---------------------------------------------------------------- scoring
    honba_value: int = rule(300, "the honba's value")  # per honba stick, on a ron (tsumo: split among payers)
    #: a pair of the seat wind that is also the round wind
    double_wind_fu: int = rule(4, "the fu of a double-wind pair")
    rinshan_tsumo_fu: bool = rule(True, "the tsumo fu of a rinshan win")  # tsumo fu on a rinshan win
    #: "none", "mangan", "yakuman", "baiman" (a limit that combines with nothing, taken where the hand
    #: is worth less), "cumulative" (a 5-han yaku that adds to the hand's other yaku and dora)
    renhou: Renhou = rule("none", "renhou's value")
    #: 4 han 30 fu / 3 han 60 fu rounded up to mangan
    kiriage: bool = rule(False, "rounding 4 han 30 fu up to mangan (kiriage)")
    #: 13+ han from yaku and dora is yakuman (else sanbaiman)
    kazoe_yakuman: bool = rule(True, "counted yakuman (kazoe)")
    multiple_yakuman: bool = rule(True, "whether yakuman combine")  # yakuman combine
    #: yakuman that count double: any of "suuankou-tanki", "junsei-chuuren",
    #: "kokushi-13", "daisuushii"
    double_yakuman: frozenset[str] = rule(frozenset(), "which yakuman count double")
    #: thirteen orphans may rob a closed kan
    kokushi_chankan_ankan: bool = rule(
        False, "thirteen orphans robbing a closed kan", "board", view_default=True
    )
    #: ryuuiisou needs hatsu
    green_dragon_required: bool = rule(False, "whether all green needs the green dragon")
    #: a riichi declared with the hand shown (``RiichiDeclared.open``) is worth a han more: 2, a
    #: double riichi 3; False: it counts as a riichi
    open_riichi: bool = rule(False, "open riichi (a riichi with the hand shown, a han more)")
    #: wareme: the seat the dice count to from the dealer (dealer + sum - 1) pays double on a win
    #: and is paid double when it wins (its honba too: a choice, no record shows honba with it)
    wareme: bool = rule(False, "wareme (the seat the dice count to pays and is paid double)")
    #: 3-player tsumo: "loss" (the missing share is not paid), "split" (added to the payers) or
    #: "even" (each payer pays half the ron value, dealer or not)
    sanma_tsumo: SanmaTsumo = rule(
        "loss", "a three-player tsumo's missing share (lost, split, or even: half the ron each)"
    )

    # ---------------------------------------------------------------- 3-player kita
    kita: bool = rule(False, "pulling Norths (kita)", "engine")
    #: a North kept in hand is a value tile in 3-player
    kita_yakuhai: bool = rule(False, "a North kept in hand as a value tile")

    # ---------------------------------------------------------------- rank points
    # Every fact of the settlement is a field here (with ``start_points`` and ``leftover_sticks``),
    # cited on each preset; ``paifu.rank_points.scheme_for_rules`` only copies them into a ``Scheme``.
    return_points: int | None = rule(30000, "the return points (oka)")  # None: no return points (no oka)
    uma: tuple[int, ...] = rule((20, 10, -10, -20), "the uma")  # per placement, thousands
    #: uma that depends on how many players end strictly below the return points (浮き沈み):
    #: (players below, uma per placement); a count not listed uses ``uma``
    uma_sinking: tuple[tuple[int, tuple[int, ...]], ...] = rule((), "the uma by how many players sink")
    #: the top (group) receives minus the sum of the others (Tenhou, 電脳麻将), which absorbs
    #: rounding and lost sticks; False: every seat by the formula
    rank_top_takes_rest: bool = rule(True, "whether the top takes the rest of the rank points")
    #: points per unit of the result (1,000: +10.7; RON2's 100: +106)
    rank_unit: int = rule(1000, "the rank points' unit")
    rank_decimals: int = rule(1, "the rank points' decimals")  # kept when not rounding
    #: ties on points: "seat" (nearer the first dealer ranks higher) or "split"
    rank_ties: RankTies = rule("seat", "how ties rank")
    #: rank point rounding: "none" (``rank_decimals``), "integer" (the score rounded to a whole unit
    #: first, some Tenhou lobbies), by ``rank_rounding_mode``
    rank_rounding: RankRounding = rule("none", "the rank points' rounding")
    #: Tenhou: 19,500 -> 20,000, -5,500 -> -6,000
    rank_rounding_mode: RoundingMode = rule("half-away", "how the rank points round")
    #: False where nobody has verified how the table turns scores into rank points (a platform
    #: or lobby with no source and no records): the points a record claims are then not checked
    rank_scheme_known: bool = rule(True, "whether the rank-point scheme is known")
    #: the name the settlement goes by (one of ``paifu.rank_points.SCHEMES``, as ``--scheme``
    #: names it); "" = the ruleset's own name
    rank_scheme: str = rule("", "the rank-point scheme")
    #: the platform ladder whose rank points a game moves, where a record states that change:
    #: "mahjongsoul" (段位点, ``paifu.rank_points.majsoul``; its room comes from the record); "" none
    rank_ladder: str = rule("", "the platform ladder whose rank points a game moves")

    # ---------------------------------------------------------------- settings a table chooses
    #: options the source leaves to the table, each with the values it allows (004: start points
    #: 25,000 or 30,000, red fives 3 or none, the length): a record's own statements choose among
    #: them (``paifu.rules.settings``); the field's value above is the source's default
    open_settings: tuple[tuple[str, tuple[Any, ...]], ...] = rule((), "the settings the table leaves open")

    # ---------------------------------------------------------------- helpers
    @property
    def sanma(self) -> bool:
        return self.num_players == 3

    @property
    def scheduled_rounds(self) -> int:
        return {"one-hand": 1, "east": 1, "south": 2}[self.length]

    #: how ``from_toml`` turns ``base = "name"`` into a ruleset; ``paifu.rules.presets`` sets it to
    #: its ``preset`` when it loads, so this module never imports the presets (no import cycle)
    _base_resolver: ClassVar[Callable[[str], Ruleset] | None] = None

    def replace(self, **changes: Any) -> Ruleset:
        """A changed copy; a value given here fixes that setting (no longer open to the record)."""
        if self.open_settings and "open_settings" not in changes:
            changes["open_settings"] = tuple((k, v) for k, v in self.open_settings if k not in changes)
        return replace(self, **changes)

    def __hash__(self) -> int:
        """Kept after the first: a ruleset keys several caches in every game (``flags_of``, the
        rank-point scheme, the package path's valuations), and each hash read its fifty-odd fields."""
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            known = self.__dict__["_hash"] = Frozen.__hash__(self)
        return known

    def __post_init__(self) -> None:
        choices = _option_values()
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise RulesetError(f"{name} = {getattr(self, name)!r}; expected one of {allowed}")
        if self.num_players not in (3, 4):
            raise RulesetError(f"num_players = {self.num_players}; expected 3 or 4")
        if why := out_of_range(self):
            raise RulesetError(why)
        if not 0 < self.dead_wall <= 136 - 13 * self.num_players - 1:  # a wall left to draw from
            raise RulesetError(
                f"dead_wall = {self.dead_wall!r}; expected 1 to {136 - 13 * self.num_players - 1}"
            )
        if not 1 <= self.max_ron_winners <= 3:
            raise RulesetError("max_ron_winners must be 1, 2 or 3")
        if len(self.uma) != self.num_players:
            raise RulesetError(f"uma has {len(self.uma)} values for {self.num_players} players")
        for below, uma in self.uma_sinking:
            if len(uma) != self.num_players or not 0 <= below <= self.num_players:
                raise RulesetError(f"uma_sinking for {below} below has {len(uma)} values")
        unknown = set(self.pao) - {"daisangen", "daisuushii", "suukantsu"}
        if unknown:
            raise RulesetError(f"unknown pao yaku {sorted(unknown)}")
        unknown = set(self.double_yakuman) - {"suuankou-tanki", "junsei-chuuren", "kokushi-13", "daisuushii"}
        if unknown:
            raise RulesetError(f"unknown double yakuman {sorted(unknown)}")
        for key, allowed in self.open_settings:
            if key not in {f.name for f in fields(self)} or key in ("name", "description", "open_settings"):
                raise RulesetError(f"open_settings names {key!r}, which is no rule")
            if getattr(self, key) not in allowed:
                raise RulesetError(f"{key} = {getattr(self, key)!r} is not among its open settings {allowed}")

    # ---------------------------------------------------------------- TOML
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, frozenset):
                v = sorted(v)
            elif isinstance(v, tuple):
                v = _as_lists(v)
            if v is None:
                v = "none"  # TOML has no null (absence would mean the default, not None)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: Ruleset | None = None) -> Ruleset:
        from paifu.safety import fits  # the field-type check ``--rules`` holds every loaded ruleset to

        known = {f.name: f for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, v in data.items():
            if key == "base":
                continue
            if key not in known:
                import difflib  # here: only a misspelt key needs it, and every process imports this module

                close = difflib.get_close_matches(key, list(known), n=3)
                hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
                raise RulesetError(f"unknown rule {key!r}{hint}")
            current = getattr(base or cls(), key)
            if v == "none" and key in ("return_points", "target_margin"):
                v = None
            elif key == "uma_sinking":  # TOML: [[below, [uma...]], ...]; anything else fails ``fits``
                v = _as_tuples(v)
            elif key == "open_settings":
                v = tuple(
                    (str(k), tuple(tuple(x) if isinstance(x, list) else x for x in vals)) for k, vals in v
                )
            elif isinstance(current, frozenset) or key in ("pao", "double_yakuman"):
                v = frozenset(v)
            elif isinstance(current, tuple) or key in ("uma", "red_fives"):
                v = tuple(v)
            if not fits(v, _field_types()[key]):
                raise RulesetError(f"{key} = {v!r}; expected a value like {current!r}")
            changes[key] = v
        try:
            return (base or cls()).replace(**changes)  # a value set here fixes that open setting
        except TypeError as e:  # pragma: no cover - defensive
            raise RulesetError(str(e)) from e

    def to_toml(self) -> str:
        import tomli_w

        return tomli_w.dumps(self.to_dict())

    @classmethod
    def from_toml(cls, text: str, base: Ruleset | None = None) -> Ruleset:
        """A ruleset from TOML: ``base`` (or, by name, the preset its ``base = "..."`` names, which
        ``paifu.rules.loading`` resolves) changed by the fields the text sets."""
        tomllib = toml_module()
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise RulesetError(f"not valid TOML: {e}") from e
        if base is None and "base" in data:
            if cls._base_resolver is None:
                raise RulesetError(f"base = {data['base']!r} needs the presets (paifu.rules loads them)")
            base = cls._base_resolver(str(data["base"]))
        return cls.from_dict(data, base)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_toml(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Ruleset:
        from paifu.limits import read_settings

        return cls.from_toml(read_settings(path))


def _field_types() -> dict[str, Any]:
    """Each field's declared type (resolved once: ``fits`` checks a value against it)."""
    global _TYPES
    if _TYPES is None:
        _TYPES = get_type_hints(Ruleset)
    return _TYPES


_TYPES: dict[str, Any] | None = None


def _as_tuples(v: Any) -> Any:
    """Lists, nested too, as the tuples a ruleset keeps (``_as_lists`` read back)."""
    return tuple(_as_tuples(x) for x in v) if isinstance(v, list) else v


def _as_lists(v: Any) -> Any:
    """Tuples, nested too, as the lists TOML writes."""
    return [_as_lists(x) for x in v] if isinstance(v, (tuple, list)) else v


def _option_values() -> dict[str, tuple[str, ...]]:
    """Every option field of ``Ruleset`` typed as a ``Literal``, with its allowed values."""
    global _OPTIONS
    if _OPTIONS is None:
        hints = _field_types()
        _OPTIONS = {
            f.name: get_args(hints[f.name])
            for f in fields(Ruleset)
            if getattr(hints[f.name], "__origin__", None) is Literal
        }
    return _OPTIONS


_OPTIONS: dict[str, tuple[str, ...]] | None = None

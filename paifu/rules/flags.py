# Generated from records/flags.py by scripts/gen_records.py (not edited here):
# edit records/flags.py, then run python scripts/gen_records.py.
"""What the engine asks of a ruleset, as booleans and numbers computed once per ruleset.

A ruleset's options are words (``kuikae = "suji"``) so that files and presets read well; the engine
asks questions ("may a chi caller discard the other end of the run?") on every event. This module
is the one place that turns the words into answers, so no code outside ``paifu.rules`` compares an
option with a string, and the hot path reads a plain attribute.

Declared in ``records/flags.py``: ``scripts/gen_records.py`` writes ``paifu/rules/flags.py`` from it,
``RuleFlags``' copied options from the rules ``records/ruleset.py`` marks for the engine.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from paifu.board.rules import COPIED_OPTIONS as TABLE_RULES_COPIED  # the options the board reads as they are
from paifu.board.rules import TABLE_RULES_FIELDS, TableRules
from paifu.rules.ruleset import RULE_READERS, Ruleset
from paifu.valued import Hashed

#: ``TableRules``' fields that are not the ``Ruleset`` option of their name: worked out here
TABLE_RULES_DERIVED: Final = frozenset(TABLE_RULES_FIELDS) - frozenset(TABLE_RULES_COPIED)


def table_rules(rules: Ruleset) -> TableRules:
    """What the table needs of ``rules``: each option the board follows by its name, and the few the
    board reads as answers (the start where a record states none, the kuikae words as booleans)."""
    given: dict[str, Any] = {name: getattr(rules, name) for name in TABLE_RULES_COPIED}
    given["start_points"] = rules.start_points or 25000
    given["kuikae_same_kind"] = rules.kuikae != "allowed"
    given["kuikae_other_end"] = rules.kuikae == "forbidden"
    return TableRules(**given)


class RuleFlags(Hashed):
    """Answers derived from one ``Ruleset``, made by ``flags_of``: the options the engine reads as they
    are, copied by name from the rules ``records/ruleset.py`` marks for it (``rule(..., "engine")``),
    and the answers worked out from the ruleset's words. Frozen; equal and hashed by its fields."""

    __slots__ = (
        "table",
        "karaten_counts",
        "karaten_visible",
        "open_kan_dora_at_once",
        "riichi_kan_forbidden",
        "riichi_kan_same_shape",
        "multi_ron_nearest",
        "renchan_on_win",
        "renchan_on_tenpai",
        "renchan_always",
        "one_hand",
        "no_extension",
        "sudden_death",
        "last_stop_never",
        "last_stop_on_tenpai",
        "last_stop_tenpai_unproven",
        "pao_ron_half",
        "pao_honba_liable",
        "pao_tsumo_whole",
        "sanma_tsumo_split",
        "sanma_tsumo_even",
        "renhou_yakuman",
        "renhou_mangan",
        "renhou_limit",
        "renhou_cumulative",
        "rank_points_integer",
        "east_only",
        "noten_per_tenpai",
        "scheduled_rounds",
        "chi",
        "start_points",
        "abort_renchan",
        "bust",
        "bust_at_zero",
        "extension_target",
        "target_margin",
        "extension_dealer_plays_on",
        "extension_rounds",
        "last_dealer_stop_min",
        "max_ron_winners",
        "triple_ron_abort",
        "kan_dora",
        "pao_rinshan",
        "riichi_min_points",
        "riichi_min_wall",
        "yakuless_pass_furiten",
        "furiten_riichi",
        "nine_terminals",
        "nine_terminals_dealt",
        "nagashi_mangan",
        "noten_declaration",
        "keishiki_tenpai",
        "kita",
    )
    __match_args__ = (
        "table",
        "karaten_counts",
        "karaten_visible",
        "open_kan_dora_at_once",
        "riichi_kan_forbidden",
        "riichi_kan_same_shape",
        "multi_ron_nearest",
        "renchan_on_win",
        "renchan_on_tenpai",
        "renchan_always",
        "one_hand",
        "no_extension",
        "sudden_death",
        "last_stop_never",
        "last_stop_on_tenpai",
        "last_stop_tenpai_unproven",
        "pao_ron_half",
        "pao_honba_liable",
        "pao_tsumo_whole",
        "sanma_tsumo_split",
        "sanma_tsumo_even",
        "renhou_yakuman",
        "renhou_mangan",
        "renhou_limit",
        "renhou_cumulative",
        "rank_points_integer",
        "east_only",
        "noten_per_tenpai",
        "scheduled_rounds",
        "chi",
        "start_points",
        "abort_renchan",
        "bust",
        "bust_at_zero",
        "extension_target",
        "target_margin",
        "extension_dealer_plays_on",
        "extension_rounds",
        "last_dealer_stop_min",
        "max_ron_winners",
        "triple_ron_abort",
        "kan_dora",
        "pao_rinshan",
        "riichi_min_points",
        "riichi_min_wall",
        "yakuless_pass_furiten",
        "furiten_riichi",
        "nine_terminals",
        "nine_terminals_dealt",
        "nagashi_mangan",
        "noten_declaration",
        "keishiki_tenpai",
        "kita",
    )

    #: what the table itself needs to follow a record (red fives, furiten, ippatsu, due aborts,
    #: kuikae): the board reads these, the checks read them here
    table: Final[TableRules]
    #: a wait on tiles all held in the own hand counts as tenpai (karaten "counts")
    karaten_counts: Final[bool]
    #: a wait whose four copies are all visible is no tenpai (karaten "not-visible")
    karaten_visible: Final[bool]
    #: an open or added kan's dora shows at once (else after the next discard)
    open_kan_dora_at_once: Final[bool]
    #: no closed kan at all after riichi
    riichi_kan_forbidden: Final[bool]
    #: a closed kan after riichi must keep every winning hand's decomposition too
    riichi_kan_same_shape: Final[bool]
    #: honba and sticks on a multiple ron go to the winner nearest the discarder (else to each)
    multi_ron_nearest: Final[bool]
    #: the dealer keeps the seat after a win / after tenpai at an exhaustive draw / always
    renchan_on_win: Final[bool]
    renchan_on_tenpai: Final[bool]
    renchan_always: Final[bool]
    #: a game of one hand only
    one_hand: Final[bool]
    #: no extension rounds; an extension that ends at once when someone reaches the target
    no_extension: Final[bool]
    sudden_death: Final[bool]
    #: the last dealer may stop: never / after a win / also after tenpai; "unproven": after tenpai
    #: either outcome is accepted (a Tenhou date between two eras of the rule)
    last_stop_never: Final[bool]
    last_stop_on_tenpai: Final[bool]
    last_stop_tenpai_unproven: Final[bool]
    #: a pao ron: the liable player pays half (else all); the liable player pays the honba
    pao_ron_half: Final[bool]
    pao_honba_liable: Final[bool]
    #: a pao tsumo: the liable player pays the whole win (else only the liable yakuman)
    pao_tsumo_whole: Final[bool]
    #: 3-player tsumo: the missing share is added to the payers; each payer pays half the ron value
    sanma_tsumo_split: Final[bool]
    sanma_tsumo_even: Final[bool]
    #: a blessing of man: yakuman / a mangan (else the han of ``Ruleset.renhou``)
    renhou_yakuman: Final[bool]
    renhou_mangan: Final[bool]
    #: a blessing of man is a limit hand (mangan or baiman) where its yaku are worth less
    renhou_limit: Final[bool]
    #: a blessing of man is a 5-han yaku that adds to the others (the ``mahjong`` package's renhou)
    renhou_cumulative: Final[bool]
    #: rank points are whole numbers
    rank_points_integer: Final[bool]
    #: a game of the East round only
    east_only: Final[bool]
    #: each tenpai seat is paid ``noten_payment`` at a draw (``noten_split`` "per-tenpai")
    noten_per_tenpai: Final[bool]
    scheduled_rounds: Final[int]
    #: the ``Ruleset`` options the engine reads as they are (each marked ``rule(..., "engine")``)
    chi: Final[bool]  # chi from the player on the left (every 3-player preset has none)
    #: 0: not fixed by the rules (the first hand of the record states it)
    start_points: Final[int]
    #: after an abortive draw: the dealer keeps the seat and honba +1 (else the seat moves on)
    abort_renchan: Final[bool]
    #: a player below 0 (or at 0, see bust_at_zero) ends the game
    bust: Final[bool]
    bust_at_zero: Final[bool]  # exactly 0 also ends the game
    extension_target: Final[int]
    #: when set, the extension target and the last-dealer stop minimum are the game's start points
    #: plus this (004: 「延長・アガリ止めの目標は開始点＋5,000点」); None: the fixed values above
    target_margin: Final[int | None]
    #: in the extension a dealer who keeps the deal plays on as in the last hand (the stop is the
    #: dealer's, whoever reached the target: Tenhou); False: the extension ends after any hand where
    #: someone reached the target (電脳麻将)
    extension_dealer_plays_on: Final[bool]
    #: extension rounds at most (Tenhou: the West round only)
    extension_rounds: Final[int]
    #: the dealer must be sole top and have at least this many points to stop
    last_dealer_stop_min: Final[int]
    #: winners allowed on one discard: 1 = head-bump (nearest in turn order), 2, 3
    max_ron_winners: Final[int]
    #: three rons on one discard abort the hand
    triple_ron_abort: Final[bool]
    kan_dora: Final[bool]
    #: the player who fed an open kan pays for a rinshan win after it
    pao_rinshan: Final[bool]
    riichi_min_points: Final[int]
    #: tiles that must remain in the live wall to declare: 4 with four players (3 with three) means
    #: the declarer still gets a draw of its own; 1 only forbids a riichi on the last tile
    riichi_min_wall: Final[int]
    #: a passed tile that completes the hand's shape makes it furiten even where the hand has no yaku
    #: on it (it could not have ronned); False: only a tile it could ron (003 「ロンできる牌を見送った」)
    yakuless_pass_furiten: Final[bool]
    #: a riichi is allowed while furiten (a wait already in the own river after the declaring discard)
    furiten_riichi: Final[bool]
    nine_terminals: Final[bool]
    #: the nine kinds must be in the deal (a non-dealer's first draw does not count; the dealer's
    #: fourteenth tile is its deal: 配牌); False: in the hand at the first draw, as most tables say
    nine_terminals_dealt: Final[bool]
    nagashi_mangan: Final[bool]
    #: a tenpai player may declare noten at an exhaustive draw (hide the hand, pay as noten)
    noten_declaration: Final[bool]
    #: tenpai at a draw needs no yaku; False: an open hand with no yaku on any wait is noten
    keishiki_tenpai: Final[bool]
    kita: Final[bool]

    def __init__(
        self,
        table: TableRules,
        karaten_counts: bool,
        karaten_visible: bool,
        open_kan_dora_at_once: bool,
        riichi_kan_forbidden: bool,
        riichi_kan_same_shape: bool,
        multi_ron_nearest: bool,
        renchan_on_win: bool,
        renchan_on_tenpai: bool,
        renchan_always: bool,
        one_hand: bool,
        no_extension: bool,
        sudden_death: bool,
        last_stop_never: bool,
        last_stop_on_tenpai: bool,
        last_stop_tenpai_unproven: bool,
        pao_ron_half: bool,
        pao_honba_liable: bool,
        pao_tsumo_whole: bool,
        sanma_tsumo_split: bool,
        sanma_tsumo_even: bool,
        renhou_yakuman: bool,
        renhou_mangan: bool,
        renhou_limit: bool,
        renhou_cumulative: bool,
        rank_points_integer: bool,
        east_only: bool,
        noten_per_tenpai: bool,
        scheduled_rounds: int,
        chi: bool = True,
        start_points: int = 25000,
        abort_renchan: bool = True,
        bust: bool = True,
        bust_at_zero: bool = False,
        extension_target: int = 30000,
        target_margin: int | None = None,
        extension_dealer_plays_on: bool = False,
        extension_rounds: int = 1,
        last_dealer_stop_min: int = 30000,
        max_ron_winners: int = 2,
        triple_ron_abort: bool = True,
        kan_dora: bool = True,
        pao_rinshan: bool = False,
        riichi_min_points: int = 1000,
        riichi_min_wall: int = 4,
        yakuless_pass_furiten: bool = True,
        furiten_riichi: bool = True,
        nine_terminals: bool = True,
        nine_terminals_dealt: bool = False,
        nagashi_mangan: bool = True,
        noten_declaration: bool = False,
        keishiki_tenpai: bool = True,
        kita: bool = False,
    ) -> None:
        self.table = table
        self.karaten_counts = karaten_counts
        self.karaten_visible = karaten_visible
        self.open_kan_dora_at_once = open_kan_dora_at_once
        self.riichi_kan_forbidden = riichi_kan_forbidden
        self.riichi_kan_same_shape = riichi_kan_same_shape
        self.multi_ron_nearest = multi_ron_nearest
        self.renchan_on_win = renchan_on_win
        self.renchan_on_tenpai = renchan_on_tenpai
        self.renchan_always = renchan_always
        self.one_hand = one_hand
        self.no_extension = no_extension
        self.sudden_death = sudden_death
        self.last_stop_never = last_stop_never
        self.last_stop_on_tenpai = last_stop_on_tenpai
        self.last_stop_tenpai_unproven = last_stop_tenpai_unproven
        self.pao_ron_half = pao_ron_half
        self.pao_honba_liable = pao_honba_liable
        self.pao_tsumo_whole = pao_tsumo_whole
        self.sanma_tsumo_split = sanma_tsumo_split
        self.sanma_tsumo_even = sanma_tsumo_even
        self.renhou_yakuman = renhou_yakuman
        self.renhou_mangan = renhou_mangan
        self.renhou_limit = renhou_limit
        self.renhou_cumulative = renhou_cumulative
        self.rank_points_integer = rank_points_integer
        self.east_only = east_only
        self.noten_per_tenpai = noten_per_tenpai
        self.scheduled_rounds = scheduled_rounds
        self.chi = chi
        self.start_points = start_points
        self.abort_renchan = abort_renchan
        self.bust = bust
        self.bust_at_zero = bust_at_zero
        self.extension_target = extension_target
        self.target_margin = target_margin
        self.extension_dealer_plays_on = extension_dealer_plays_on
        self.extension_rounds = extension_rounds
        self.last_dealer_stop_min = last_dealer_stop_min
        self.max_ron_winners = max_ron_winners
        self.triple_ron_abort = triple_ron_abort
        self.kan_dora = kan_dora
        self.pao_rinshan = pao_rinshan
        self.riichi_min_points = riichi_min_points
        self.riichi_min_wall = riichi_min_wall
        self.yakuless_pass_furiten = yakuless_pass_furiten
        self.furiten_riichi = furiten_riichi
        self.nine_terminals = nine_terminals
        self.nine_terminals_dealt = nine_terminals_dealt
        self.nagashi_mangan = nagashi_mangan
        self.noten_declaration = noten_declaration
        self.keishiki_tenpai = keishiki_tenpai
        self.kita = kita

    def _values(self) -> tuple[object, ...]:
        return (
            self.table,
            self.karaten_counts,
            self.karaten_visible,
            self.open_kan_dora_at_once,
            self.riichi_kan_forbidden,
            self.riichi_kan_same_shape,
            self.multi_ron_nearest,
            self.renchan_on_win,
            self.renchan_on_tenpai,
            self.renchan_always,
            self.one_hand,
            self.no_extension,
            self.sudden_death,
            self.last_stop_never,
            self.last_stop_on_tenpai,
            self.last_stop_tenpai_unproven,
            self.pao_ron_half,
            self.pao_honba_liable,
            self.pao_tsumo_whole,
            self.sanma_tsumo_split,
            self.sanma_tsumo_even,
            self.renhou_yakuman,
            self.renhou_mangan,
            self.renhou_limit,
            self.renhou_cumulative,
            self.rank_points_integer,
            self.east_only,
            self.noten_per_tenpai,
            self.scheduled_rounds,
            self.chi,
            self.start_points,
            self.abort_renchan,
            self.bust,
            self.bust_at_zero,
            self.extension_target,
            self.target_margin,
            self.extension_dealer_plays_on,
            self.extension_rounds,
            self.last_dealer_stop_min,
            self.max_ron_winners,
            self.triple_ron_abort,
            self.kan_dora,
            self.pao_rinshan,
            self.riichi_min_points,
            self.riichi_min_wall,
            self.yakuless_pass_furiten,
            self.furiten_riichi,
            self.nine_terminals,
            self.nine_terminals_dealt,
            self.nagashi_mangan,
            self.noten_declaration,
            self.keishiki_tenpai,
            self.kita,
        )


#: the fields of ``RuleFlags`` copied by name from the record whose options it reads
COPIED_OPTIONS: Final[tuple[str, ...]] = (
    "chi",
    "start_points",
    "abort_renchan",
    "bust",
    "bust_at_zero",
    "extension_target",
    "target_margin",
    "extension_dealer_plays_on",
    "extension_rounds",
    "last_dealer_stop_min",
    "max_ron_winners",
    "triple_ron_abort",
    "kan_dora",
    "pao_rinshan",
    "riichi_min_points",
    "riichi_min_wall",
    "yakuless_pass_furiten",
    "furiten_riichi",
    "nine_terminals",
    "nine_terminals_dealt",
    "nagashi_mangan",
    "noten_declaration",
    "keishiki_tenpai",
    "kita",
)


@lru_cache(maxsize=256)
def flags_of(rules: Ruleset) -> RuleFlags:
    """The ``RuleFlags`` of a ruleset (cached: rulesets are frozen and hashable): each answer worked
    out from its words by name, and each option the engine reads as it is copied by name."""
    given: dict[str, Any] = {name: getattr(rules, name) for name in RULE_READERS["engine"]}
    return RuleFlags(
        table=table_rules(rules),
        karaten_counts=rules.karaten == "counts",
        karaten_visible=rules.karaten == "not-visible",
        open_kan_dora_at_once=rules.open_kan_dora_timing == "immediate",
        riichi_kan_forbidden=rules.riichi_kan == "none",
        riichi_kan_same_shape=rules.riichi_kan == "shape-unchanged",
        multi_ron_nearest=rules.multi_ron_bonus == "nearest",
        renchan_on_win=rules.renchan in ("win", "win_or_tenpai", "always"),
        renchan_on_tenpai=rules.renchan == "win_or_tenpai",
        renchan_always=rules.renchan == "always",
        one_hand=rules.length == "one-hand",
        no_extension=rules.extension == "none",
        sudden_death=rules.extension == "sudden-death",
        last_stop_never=rules.last_dealer_stop == "none",
        last_stop_on_tenpai=rules.last_dealer_stop in ("win_or_tenpai", "win_tenpai_unproven"),
        last_stop_tenpai_unproven=rules.last_dealer_stop == "win_tenpai_unproven",
        pao_ron_half=rules.pao_ron_split == "half",
        pao_honba_liable=rules.pao_honba == "liable",
        pao_tsumo_whole=rules.pao_tsumo == "whole",
        sanma_tsumo_split=rules.sanma_tsumo == "split",
        sanma_tsumo_even=rules.sanma_tsumo == "even",
        renhou_yakuman=rules.renhou == "yakuman",
        renhou_mangan=rules.renhou == "mangan",
        renhou_limit=rules.renhou in ("mangan", "baiman"),
        renhou_cumulative=rules.renhou == "cumulative",
        rank_points_integer=rules.rank_rounding == "integer",
        east_only=rules.length == "east",
        noten_per_tenpai=rules.noten_split == "per-tenpai",
        scheduled_rounds=rules.scheduled_rounds,
        **given,
    )

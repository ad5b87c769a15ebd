"""What the engine asks of a ruleset, as booleans and numbers computed once per ruleset.

A ruleset's options are words (``kuikae = "suji"``) so that files and presets read well; the engine
asks questions ("may a chi caller discard the other end of the run?") on every event. This module
is the one place that turns the words into answers, so no code outside ``paifu.rules`` compares an
option with a string, and the hot path reads a plain attribute.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from paifu.board.rules import COPIED_OPTIONS, TABLE_RULES_FIELDS, TableRules
from paifu.rules.ruleset import Ruleset

#: the ``Ruleset`` options the board reads as they are, copied by name: those its declaration marks for
#: the board (``records/ruleset.py``, ``rule(..., "board")``), which ``TableRules`` is written with
TABLE_RULES_COPIED: Final = COPIED_OPTIONS
#: ``TableRules``' fields that are not the ``Ruleset`` option of their name: worked out here
TABLE_RULES_DERIVED: Final = frozenset(TABLE_RULES_FIELDS) - frozenset(COPIED_OPTIONS)


def table_rules(rules: Ruleset) -> TableRules:
    """What the table needs of ``rules``: each option the board follows by its name, and the few the
    board reads as answers (the start where a record states none, the kuikae words as booleans)."""
    given: dict[str, Any] = {name: getattr(rules, name) for name in TABLE_RULES_COPIED}
    given["start_points"] = rules.start_points or 25000
    given["kuikae_same_kind"] = rules.kuikae != "allowed"
    given["kuikae_other_end"] = rules.kuikae == "forbidden"
    return TableRules(**given)


class RuleFlags:
    """Answers derived from one ``Ruleset``; see ``flags_of``. Set once, by ``__init__``, and never
    changed (no dataclass: a compiled dataclass's methods were generated at every start)."""

    #: what the table itself needs to follow a record (red fives, furiten, ippatsu, due aborts,
    #: kuikae): the board reads these, the checks read them here
    table: TableRules
    #: a wait on tiles all held in the own hand counts as tenpai (karaten "counts")
    karaten_counts: bool
    #: a wait whose four copies are all visible is no tenpai (karaten "not-visible")
    karaten_visible: bool
    #: an open or added kan's dora shows at once (else after the next discard)
    open_kan_dora_at_once: bool
    #: no closed kan at all after riichi
    riichi_kan_forbidden: bool
    #: a closed kan after riichi must keep every winning hand's decomposition too
    riichi_kan_same_shape: bool
    #: honba and sticks on a multiple ron go to the winner nearest the discarder (else to each)
    multi_ron_nearest: bool
    #: the dealer keeps the seat after a win / after tenpai at an exhaustive draw / always
    renchan_on_win: bool
    renchan_on_tenpai: bool
    renchan_always: bool
    #: a game of one hand only
    one_hand: bool
    #: no extension rounds; an extension that ends at once when someone reaches the target
    no_extension: bool
    sudden_death: bool
    #: the last dealer may stop: never / after a win / also after tenpai; "unproven": after tenpai
    #: either outcome is accepted (a Tenhou date between two eras of the rule)
    last_stop_never: bool
    last_stop_on_tenpai: bool
    last_stop_tenpai_unproven: bool
    #: a pao ron: the liable player pays half (else all); the liable player pays the honba
    pao_ron_half: bool
    pao_honba_liable: bool
    #: a pao tsumo: the liable player pays the whole win (else only the liable yakuman)
    pao_tsumo_whole: bool
    #: 3-player tsumo: the missing share is added to the payers; each payer pays half the ron value
    sanma_tsumo_split: bool
    sanma_tsumo_even: bool
    #: a blessing of man: yakuman / a mangan (else the han of ``Ruleset.renhou``)
    renhou_yakuman: bool
    renhou_mangan: bool
    #: a blessing of man is a limit hand (mangan or baiman) where its yaku are worth less
    renhou_limit: bool
    #: a blessing of man is a 5-han yaku that adds to the others (the ``mahjong`` package's renhou)
    renhou_cumulative: bool
    #: rank points are whole numbers
    rank_points_integer: bool
    #: a game of the East round only
    east_only: bool
    # the ruleset's own values the checks ask (read here, so the engine reads rules one way)
    kan_dora: bool
    furiten_riichi: bool
    riichi_min_points: int
    riichi_min_wall: int
    bust: bool
    chi: bool
    kita: bool
    max_ron_winners: int
    triple_ron_abort: bool
    pao_rinshan: bool
    nagashi_mangan: bool
    noten_declaration: bool
    #: each tenpai seat is paid ``noten_payment`` at a draw (``noten_split`` "per-tenpai")
    noten_per_tenpai: bool
    keishiki_tenpai: bool
    nine_terminals: bool
    nine_terminals_dealt: bool
    yakuless_pass_furiten: bool
    #: the game's flow: start (0 where the record states it), bust, rounds, extension, last-dealer stop
    start_points: int
    bust_at_zero: bool
    abort_renchan: bool
    scheduled_rounds: int
    extension_rounds: int
    extension_dealer_plays_on: bool
    extension_target: int
    last_dealer_stop_min: int
    target_margin: int | None

    def __init__(self, rules: Ruleset) -> None:
        self.table = table_rules(rules)
        self.karaten_counts = rules.karaten == "counts"
        self.karaten_visible = rules.karaten == "not-visible"
        self.open_kan_dora_at_once = rules.open_kan_dora_timing == "immediate"
        self.riichi_kan_forbidden = rules.riichi_kan == "none"
        self.riichi_kan_same_shape = rules.riichi_kan == "shape-unchanged"
        self.multi_ron_nearest = rules.multi_ron_bonus == "nearest"
        self.renchan_on_win = rules.renchan in ("win", "win_or_tenpai", "always")
        self.renchan_on_tenpai = rules.renchan == "win_or_tenpai"
        self.renchan_always = rules.renchan == "always"
        self.one_hand = rules.length == "one-hand"
        self.no_extension = rules.extension == "none"
        self.sudden_death = rules.extension == "sudden-death"
        self.last_stop_never = rules.last_dealer_stop == "none"
        self.last_stop_on_tenpai = rules.last_dealer_stop in ("win_or_tenpai", "win_tenpai_unproven")
        self.last_stop_tenpai_unproven = rules.last_dealer_stop == "win_tenpai_unproven"
        self.pao_ron_half = rules.pao_ron_split == "half"
        self.pao_honba_liable = rules.pao_honba == "liable"
        self.pao_tsumo_whole = rules.pao_tsumo == "whole"
        self.sanma_tsumo_split = rules.sanma_tsumo == "split"
        self.sanma_tsumo_even = rules.sanma_tsumo == "even"
        self.renhou_yakuman = rules.renhou == "yakuman"
        self.renhou_mangan = rules.renhou == "mangan"
        self.renhou_limit = rules.renhou in ("mangan", "baiman")
        self.renhou_cumulative = rules.renhou == "cumulative"
        self.rank_points_integer = rules.rank_rounding == "integer"
        self.east_only = rules.length == "east"
        self.kan_dora = rules.kan_dora
        self.furiten_riichi = rules.furiten_riichi
        self.riichi_min_points = rules.riichi_min_points
        self.riichi_min_wall = rules.riichi_min_wall
        self.bust = rules.bust
        self.chi = rules.chi
        self.kita = rules.kita
        self.max_ron_winners = rules.max_ron_winners
        self.triple_ron_abort = rules.triple_ron_abort
        self.pao_rinshan = rules.pao_rinshan
        self.nagashi_mangan = rules.nagashi_mangan
        self.noten_declaration = rules.noten_declaration
        self.noten_per_tenpai = rules.noten_split == "per-tenpai"
        self.keishiki_tenpai = rules.keishiki_tenpai
        self.nine_terminals = rules.nine_terminals
        self.nine_terminals_dealt = rules.nine_terminals_dealt
        self.yakuless_pass_furiten = rules.yakuless_pass_furiten
        self.start_points = rules.start_points
        self.bust_at_zero = rules.bust_at_zero
        self.abort_renchan = rules.abort_renchan
        self.scheduled_rounds = rules.scheduled_rounds
        self.extension_rounds = rules.extension_rounds
        self.extension_dealer_plays_on = rules.extension_dealer_plays_on
        self.extension_target = rules.extension_target
        self.last_dealer_stop_min = rules.last_dealer_stop_min
        self.target_margin = rules.target_margin


@lru_cache(maxsize=256)
def flags_of(rules: Ruleset) -> RuleFlags:
    """The ``RuleFlags`` of a ruleset (cached: rulesets are frozen and hashable)."""
    return RuleFlags(rules)

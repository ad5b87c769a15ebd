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
from records.declare import options_read_by

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
    #: each tenpai seat is paid ``noten_payment`` at a draw (``noten_split`` "per-tenpai")
    noten_per_tenpai: bool
    scheduled_rounds: int
    #: the ``Ruleset`` options the engine reads as they are (each marked ``rule(..., "engine")``)
    options_read_by("records/ruleset.py", "engine")


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

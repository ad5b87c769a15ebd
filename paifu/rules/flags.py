"""What the engine asks of a ruleset, as booleans and numbers computed once per ruleset.

A ruleset's options are words (``kuikae = "suji"``) so that files and presets read well; the engine
asks questions ("may a chi caller discard the other end of the run?") on every event. This module
is the one place that turns the words into answers, so no code outside ``paifu.rules`` compares an
option with a string, and the hot path reads a plain attribute.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from paifu.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class RuleFlags:
    """Answers derived from one ``Ruleset``; see ``flags_of``."""

    #: calling then discarding the called kind is forbidden (kuikae "forbidden" or "suji")
    kuikae_same_kind: bool
    #: after a chi, the kind at the run's other end is forbidden too (kuikae "forbidden")
    kuikae_other_end: bool
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
    #: 3-player tsumo: the missing share is added to the payers
    sanma_tsumo_split: bool
    #: a blessing of man: yakuman / a mangan (else the han of ``Ruleset.renhou``)
    renhou_yakuman: bool
    renhou_mangan: bool
    #: a blessing of man is a limit hand (mangan or baiman) where its yaku are worth less
    renhou_limit: bool
    #: rank points are whole numbers
    rank_points_integer: bool
    #: a game of the East round only
    east_only: bool


@lru_cache(maxsize=256)
def flags_of(rules: Ruleset) -> RuleFlags:
    """The ``RuleFlags`` of a ruleset (cached: rulesets are frozen and hashable)."""
    return RuleFlags(
        kuikae_same_kind=rules.kuikae != "allowed",
        kuikae_other_end=rules.kuikae == "forbidden",
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
        renhou_yakuman=rules.renhou == "yakuman",
        renhou_mangan=rules.renhou == "mangan",
        renhou_limit=rules.renhou in ("mangan", "baiman"),
        rank_points_integer=rules.rank_rounding == "integer",
        east_only=rules.length == "east",
    )

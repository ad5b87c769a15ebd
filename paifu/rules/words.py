"""Each rule as a reader names it: what a warning says where two tables judge otherwise, in place of
the ``Ruleset`` field that holds the rule (``extension_dealer_plays_on`` is "whether a dealer who
keeps the deal plays on in the extension")."""

from __future__ import annotations

from collections.abc import Iterable

#: every ``Ruleset`` field but its name and description, as the rule it is
RULE_WORDS: dict[str, str] = {
    "num_players": "the number of players",
    "red_fives": "the red fives",
    "chi": "chi",
    "start_points": "the start points",
    "length": "the game's length (east-only or a half game)",
    "renchan": "when the dealer keeps the deal",
    "abort_renchan": "whether the dealer keeps the deal after an abortive draw",
    "dead_wall": "the dead wall's size",
    "bust": "whether a player below zero ends the game",
    "bust_at_zero": "whether exactly zero ends the game",
    "extension": "the extension round (west-in) below the target",
    "extension_target": "the extension's target score",
    "target_margin": "the extension and last-dealer targets as start points plus a margin",
    "extension_dealer_plays_on": "whether a dealer who keeps the deal plays on in the extension",
    "extension_rounds": "how many extension rounds",
    "last_dealer_stop": "the last dealer's stop (agari-yame)",
    "last_dealer_stop_min": "the score the last dealer's stop needs",
    "leftover_sticks": "who takes the riichi sticks left at the end",
    "max_ron_winners": "how many players may ron one tile (head-bump or double ron)",
    "triple_ron_abort": "whether three rons abort the hand",
    "multi_ron_bonus": "who takes the honba and sticks on a multiple ron",
    "kuitan": "open tanyao",
    "kuikae": "swap-calling (kuikae)",
    "ippatsu": "ippatsu",
    "ura_dora": "ura dora",
    "kan_dora": "kan dora",
    "kan_ura": "kan ura dora",
    "open_kan_dora_timing": "when an open kan's dora is revealed",
    "pao": "which yakuman make a player liable (pao)",
    "pao_rinshan": "liability for a rinshan win after an open kan",
    "pao_ron_split": "how a liable ron is split",
    "pao_honba": "who pays the honba of a liable ron",
    "pao_tsumo": "what a liable player pays on a tsumo",
    "riichi_min_points": "the points a riichi needs",
    "riichi_min_wall": "the tiles a riichi needs left in the wall",
    "riichi_kan": "a closed kan after riichi",
    "riichi_furiten": "furiten after a winning tile let pass in riichi",
    "same_turn_furiten": "same-turn furiten",
    "yakuless_pass_furiten": "furiten after letting pass a tile the hand could not ron for want of a yaku",
    "furiten_riichi": "riichi while furiten",
    "nine_terminals": "the nine-terminals abortive draw",
    "nine_terminals_dealt": "whether nine terminals counts the first draw",
    "four_winds": "the four-winds abortive draw",
    "four_riichi": "the four-riichi abortive draw",
    "four_kans": "the four-kans abortive draw",
    "nagashi_mangan": "nagashi mangan",
    "noten_payment": "the noten payments",
    "noten_declaration": "whether a tenpai player may declare noten",
    "keishiki_tenpai": "tenpai without a yaku (keishiki tenpai)",
    "karaten": "a wait on tiles all used up (karaten)",
    "honba_value": "the honba's value",
    "double_wind_fu": "the fu of a double-wind pair",
    "rinshan_tsumo_fu": "the tsumo fu of a rinshan win",
    "renhou": "renhou's value",
    "kiriage": "rounding 4 han 30 fu up to mangan (kiriage)",
    "kazoe_yakuman": "counted yakuman (kazoe)",
    "multiple_yakuman": "whether yakuman combine",
    "double_yakuman": "which yakuman count double",
    "kokushi_chankan_ankan": "thirteen orphans robbing a closed kan",
    "green_dragon_required": "whether all green needs the green dragon",
    "sanma_tsumo": "a three-player tsumo's missing share",
    "kita": "pulling Norths (kita)",
    "kita_yakuhai": "a North kept in hand as a value tile",
    "return_points": "the return points (oka)",
    "uma": "the uma",
    "uma_sinking": "the uma by how many players sink",
    "rank_top_takes_rest": "whether the top takes the rest of the rank points",
    "rank_unit": "the rank points' unit",
    "rank_decimals": "the rank points' decimals",
    "rank_ties": "how ties rank",
    "rank_rounding": "the rank points' rounding",
    "rank_rounding_mode": "how the rank points round",
    "rank_scheme_known": "whether the rank-point scheme is known",
    "rank_scheme": "the rank-point scheme",
    "open_settings": "the settings the table leaves open",
}


def rule_words(fields: Iterable[str], most: int = 6) -> str:
    """The rules ``fields`` name, as a reader says them (at most ``most``, then how many more)."""
    names = [RULE_WORDS.get(f, f.replace("_", " ")) for f in fields]
    shown = "; ".join(names[:most])
    return shown + (f"; and {len(names) - most} more" if len(names) > most else "")

"""Named presets: one per platform column of ``shared/rules.md`` plus Tenhou and Mahjong Soul.

Where a source is silent (a ``?`` in the matrix) the choice is the platform's usual
behaviour and is marked ``# silent:`` below; real records correct it.
"""

from __future__ import annotations

from pathlib import Path

from paifu.rules.ruleset import Ruleset, RulesetError

TENHOU = Ruleset(
    name="tenhou",
    description="Tenhou 4-player ranked lobby (hanchan, red fives, open tanyao)",
    start_points=25000,
    return_points=30000,
    uma=(20, 10, -10, -20),
    max_ron_winners=2,
    triple_ron_abort=True,
    kuikae="forbidden",
    pao=frozenset({"daisangen", "daisuushii"}),
    karaten="not-own-hand",
    last_dealer_stop="win",  # Tenhou stops on a last-dealer win, not on tenpai (real records)
    last_dealer_stop_min=30000,
    extension="sudden-death",
    extension_target=30000,
)

TENHOU_SANMA = TENHOU.replace(
    name="tenhou-sanma",
    description="Tenhou 3-player ranked lobby (35,000 start, 40,000 return, kita)",
    num_players=3,
    chi=False,
    red_fives=(0, 1, 1),
    start_points=35000,
    return_points=40000,
    uma=(20, 0, -20),  # reproduces Tenhou's 3-player owari points
    kita=True,
    kita_yakuhai=False,
    four_riichi=False,
    noten_payment=2000,  # Tenhou 3-player: 1,000 from each noten player (real records)
    honba_value=200,  # 100 per payer on tsumo (real records); 200 on ron
    last_dealer_stop_min=40000,
    extension_target=40000,
    sanma_tsumo="loss",
)

MAHJONGSOUL = TENHOU.replace(
    name="mahjongsoul",
    description="Mahjong Soul 4-player ranked (Jade/Throne style)",
    # its final points are (score - 25,000) / 1,000 + uma, no oka (the tenhou.net/6 `sc` its
    # converters write from the record's total_point)
    return_points=None,
    uma=(15, 5, -5, -15),
    pao=frozenset({"daisangen", "daisuushii", "suukantsu"}),
    double_yakuman=frozenset({"suuankou-tanki", "junsei-chuuren", "kokushi-13", "daisuushii"}),
    karaten="counts",  # silent: Mahjong Soul counts a wait on used-up tiles
)

MAHJONGSOUL_SANMA = TENHOU_SANMA.replace(
    name="mahjongsoul-sanma",
    description="Mahjong Soul 3-player: Tenhou's 3-player table where nothing else is known; its rank "
                "points are not verified and not checked",
    rank_scheme_known=False,
)

DORA = Ruleset(
    name="dora",
    description="DORA Mahjong 4-player (DORA's published rules)",
    start_points=25000,  # silent
    return_points=None,
    uma=(0, 0, 0, 0),
    max_ron_winners=1,  # head-bump
    triple_ron_abort=False,
    kuikae="allowed",
    nine_terminals=False,
    nagashi_mangan=False,
    karaten="not-visible",
    last_dealer_stop="none",
    extension="none",
)

DORA_SANMA = DORA.replace(
    name="dora-sanma",
    description="DORA Mahjong 3-player (DORA's published rules): kita, three winds, no four-riichi abort",
    num_players=3,
    chi=False,
    red_fives=(0, 1, 1),  # silent
    start_points=35000,  # silent
    uma=(0, 0, 0),
    four_riichi=False,
    kita=True,
    kita_yakuhai=True,
)

DORA_TOURNAMENT = DORA.replace(
    name="dora-tournament",
    description="DORA Mahjong tournament rounds (DORA's published rules): east-only, no renchan, no bust",
    length="east",
    renchan="never",
    abort_renchan=False,
    bust=False,
)

RON2_SANMA = Ruleset(
    name="ron2-sanma",
    description="RON2 3-player (the RON2 site's 3-player rules)",
    num_players=3,
    chi=False,
    red_fives=(0, 1, 1),  # by floor: 2-red floor
    start_points=40000,
    return_points=40000,
    uma=(10, 0, -10),  # +100/0/-100 in RON2's units of 100
    max_ron_winners=1,
    triple_ron_abort=False,
    kuikae="forbidden",  # silent
    bust=True,
    bust_at_zero=False,
    extension="none",  # silent
    last_dealer_stop="win_or_tenpai",
    last_dealer_stop_min=0,
    nine_terminals=True,
    four_winds=False,
    four_riichi=False,
    four_kans=True,
    nagashi_mangan=False,
    pao=frozenset({"daisangen", "daisuushii", "suukantsu"}),
    pao_rinshan=True,
    pao_ron_split="half",
    pao_honba="discarder",
    karaten="counts",
    riichi_min_wall=1,
    riichi_kan="shape-unchanged",
    open_kan_dora_timing="immediate",
    honba_value=600,
    rinshan_tsumo_fu=False,
    renhou="mangan",
    kazoe_yakuman=True,
    multiple_yakuman=True,
    kokushi_chankan_ankan=True,
    kita=False,  # the RON2 document lists no kita
    leftover_sticks="top",
    rank_ties="seat",
)

CASUAL = Ruleset(
    name="casual",
    description="casual 4-player web app (the app's rules page): 25,000 start, triple ron pays all",
    start_points=25000,
    return_points=None,
    uma=(0, 0, 0, 0),
    max_ron_winners=3,
    triple_ron_abort=False,
    kuikae="forbidden",
    extension="none",
    last_dealer_stop="win",
    last_dealer_stop_min=0,
    karaten="counts",
    riichi_min_wall=4,
)

QDAN = Ruleset(
    name="qdan",
    description="Qdan 4-player (the portal's standard rules)",
    start_points=25000,
    return_points=30000,
    uma=(15, 5, -5, -15),
    max_ron_winners=2,
    triple_ron_abort=True,  # silent
    kuikae="forbidden",  # silent
    extension="sudden-death",
    extension_target=30000,
    last_dealer_stop="win_or_tenpai",
    last_dealer_stop_min=30000,
    riichi_min_wall=1,
)

PRESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (TENHOU, TENHOU_SANMA, MAHJONGSOUL, MAHJONGSOUL_SANMA, DORA, DORA_SANMA, DORA_TOURNAMENT, RON2_SANMA, CASUAL, QDAN)
}


def preset(name: str) -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesetError(f"no preset {name!r}; known: {', '.join(PRESETS)}") from None


def load_rules(spec: str) -> Ruleset:
    """A preset name, or a TOML file (optionally ``base = "preset"``), or a 電脳麻将 rule JSON."""
    if spec in PRESETS:
        return PRESETS[spec]
    p = Path(spec)
    if not p.is_file():
        raise RulesetError(f"{spec!r} is neither a preset ({', '.join(PRESETS)}) nor a file")
    if p.suffix.lower() == ".json":
        from paifu.rules.majiang_rule import load_majiang_rule

        return load_majiang_rule(p)
    return Ruleset.load(p)

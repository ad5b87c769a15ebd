"""The online platforms' presets: Tenhou's ranked lobbies and Mahjong Soul, each value from the
platform's own records and documentation (the comments say where a value is a choice)."""

from __future__ import annotations

from paifu.rules.ruleset import Ruleset

TENHOU = Ruleset(
    name="tenhou",
    rank_scheme="tenhou",
    description="Tenhou 4-player ranked lobby (hanchan, red fives, open tanyao)",
    start_points=25000,
    return_points=30000,
    uma=(20, 10, -10, -20),
    max_ron_winners=2,
    triple_ron_abort=True,
    kuikae="forbidden",
    pao=frozenset({"daisangen", "daisuushii"}),
    pao_honba="liable",  # a pao ron with honba: the liable player pays them (2010060416gm-0061, E2-1)
    pao_tsumo="whole",  # a pao tsumo of daisangen with tsuuiisou: the liable player pays all (issue 21)
    karaten="not-own-hand",
    # today's tables stop on a top last dealer's win or tenpai; before mid-2010 on a win only
    # (paifu.rules.tenhou.RULE_CHANGES names the records)
    last_dealer_stop="win_or_tenpai",
    last_dealer_stop_min=30000,
    extension="sudden-death",
    extension_target=30000,
    # the West round ends under the all-last rule: a dealer who keeps the deal and is not top plays
    # on though another player reached 30,000 (Tenhou phoenix records of 2020-21, issue 21)
    extension_dealer_plays_on=True,
)

TENHOU_SANMA = TENHOU.replace(
    name="tenhou-sanma",
    rank_scheme="tenhou-sanma",
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
    # no "three winds" abort: in 2017010102gm-00b9-0000-f634a67e (三鳳南, corpus
    # custom_tenhou_client) East 3's three first discards are all West and the hand plays on
    four_winds=False,
    # a draw of one's own must still come: with three players, 3 tiles left in the live wall
    riichi_min_wall=3,
    noten_payment=2000,  # Tenhou 3-player: 1,000 from each noten player (real records)
    honba_value=200,  # 100 per payer on tsumo (real records); 200 on ron
    last_dealer_stop_min=40000,
    extension_target=40000,
    sanma_tsumo="loss",
)

MAHJONGSOUL = TENHOU.replace(
    name="mahjongsoul",
    rank_scheme="mahjongsoul",
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
    rank_scheme="",  # no source states its scheme
    description="Mahjong Soul 3-player: Tenhou's 3-player table where nothing else is known; its rank "
    "points are not verified and not checked",
    rank_scheme_known=False,
)

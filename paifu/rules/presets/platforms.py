"""The online platforms' presets: Tenhou's ranked lobbies and Mahjong Soul.

Neither platform is in the seed documents; nearly every real record comes from them, so each value
cites the records that show it (the shared corpus's Tenhou games, replayed clean under these values
by ``tests/test_corpus_replay.py``; log ids name single games) or says it is a choice.
"""

from __future__ import annotations

from paifu.rules.presets.cite import CHOICE, cited

#: the corpus's Tenhou records, all replayed clean under these values (tests/test_corpus_replay.py)
RECORDS = "Tenhou's records (every corpus Tenhou XML game replays clean under it)"

TENHOU = cited(
    None,
    "tenhou",
    "Tenhou 4-player ranked lobby (hanchan, red fives, open tanyao)",
    unset="the engine's default, which is Tenhou's table: " + RECORDS,
    rank_scheme=("tenhou", "every complete corpus game's owari points (tests/test_rank_points.py)"),
    start_points=(25000, "every 4-player general-lobby record starts at 25,000: " + RECORDS),
    return_points=(30000, "owari points reckon from 30,000 (tests/test_rank_points.py)"),
    uma=((20, 10, -10, -20), "owari points of today's hanchan (tests/test_rank_points.py)"),
    rank_top_takes_rest=(
        True,
        "the top's owari points are minus the sum of the others' (tests/test_rank_points.py)",
    ),
    rank_rounding_mode=(
        "half-away",
        "whole-number lobbies round the score to 1,000 half away from zero, 19,500 -> 20,000 and "
        "-5,500 -> -6,000 (tests/test_rank_points.py)",
    ),
    max_ron_winners=(2, "double rons paid in corpus fastmaj records (2009-2021)"),
    triple_ron_abort=(True, "three rons abort the hand (fastmaj records with 三家和)"),
    kuikae=("forbidden", RECORDS + "; no swap-call discard in any of them"),
    pao=(frozenset({"daisangen", "daisuushii"}), "AGARI paoWho on daisangen (fastmaj records)"),
    pao_honba=("liable", "a pao ron with honba: the liable player pays them (2010060416gm-0061, E2-1)"),
    pao_tsumo=(
        "whole",
        "a pao tsumo of daisangen with tsuuiisou: the liable player pays all and the honba (Tenhou "
        "phoenix records of 2020-21, both of its formats)",
    ),
    karaten=("not-own-hand", RECORDS + " (tenpai at exhaustive draws)"),
    last_dealer_stop=(
        "win_or_tenpai",
        "today's tables stop on a top last dealer's win or tenpai; before mid-2010 on a win only "
        "(paifu.rules.tenhou.RULE_CHANGES names the records)",
    ),
    last_dealer_stop_min=(30000, RECORDS + " (the game ends at all-last only with 30,000 or more)"),
    extension=("sudden-death", "west.xml and the fastmaj West rounds end once a player has 30,000"),
    extension_target=(30000, "west.xml and the fastmaj West rounds end once a player has 30,000"),
    extension_dealer_plays_on=(
        True,
        "the West round ends under the all-last rule: a dealer who keeps the deal and is not top plays "
        "on though another player reached 30,000 (Tenhou phoenix records of 2020-21)",
    ),
)

TENHOU_SANMA = cited(
    TENHOU,
    "tenhou-sanma",
    "Tenhou 3-player ranked lobby (35,000 start, 40,000 return, kita)",
    rank_scheme=("tenhou-sanma", "the 3-player owari points of the corpus (tests/test_rank_points.py)"),
    num_players=(3, "GO type bit 0x10 (sanma2.xml, custom_tenhou_client 三鳳 games)"),
    chi=(False, "no chi in any 3-player corpus record"),
    red_fives=((0, 1, 1), "one red 5p and one red 5s (a 3-player set has no 5m): 3-player corpus records"),
    start_points=(35000, "every 3-player corpus record starts at 35,000"),
    return_points=(40000, "3-player owari points reckon from 40,000 (tests/test_rank_points.py)"),
    uma=((20, 0, -20), "reproduces Tenhou's 3-player owari points"),
    kita=(True, "N tags of kita in the 3-player corpus records"),
    kita_yakuhai=(False, "a North pair is no value pair: 3-player corpus wins' fu"),
    four_riichi=(False, "no four-riichi abort with three players"),
    four_winds=(
        False,
        'no "three winds" abort: in 2017010102gm-00b9-0000-f634a67e (三鳳南, corpus custom_tenhou_client) '
        "East 3's three first discards are all West and the hand plays on",
    ),
    riichi_min_wall=(3, "a draw of one's own must still come: with three players, 3 tiles left"),
    noten_payment=(2000, "1,000 from each noten player (3-player corpus draws)"),
    honba_value=(200, "100 per payer on tsumo, 200 on ron (3-player corpus wins)"),
    last_dealer_stop_min=(40000, "the 3-player all-last stop at 40,000 (custom_tenhou_client 三鳳 games)"),
    extension_target=(40000, "the 3-player target, 40,000 (custom_tenhou_client 三鳳 games)"),
    sanma_tsumo=("loss", "a 3-player tsumo is not paid the missing seat's share (3-player corpus wins)"),
)

#: Mahjong Soul's rooms come in both lengths; what says which a game was is the table name its
#: converters write, where it says one, else the record's own end
MAHJONGSOUL_LENGTHS = (
    "its rooms are east-only or half games (the game config's mode: 1, 2 four-player east, south; "
    "11, 12 three-player east, south; Longhorn-Riichi/InjusticeJudge, injustice_judge/classes.py, "
    "GameRules.from_majsoul_detail_rule); a converter's table name says which where it holds 東 or 南 "
    "(玉の間南喰), and three-player names hold neither (三銀の間赤, Throne Room): there the record's "
    "own end chooses"
)

MAHJONGSOUL = cited(
    TENHOU,
    "mahjongsoul",
    "Mahjong Soul 4-player ranked (Jade/Throne style)",
    unset="Tenhou's table where nothing about Mahjong Soul is known: " + CHOICE,
    rank_scheme=("mahjongsoul", "the final points its converters write (paifu.rank_points.MAHJONGSOUL)"),
    return_points=(
        None,
        "its final points are (score - 25,000) / 1,000 + uma, no oka (the tenhou.net/6 `sc` its "
        "converters write from the record's total_point)",
    ),
    uma=((15, 5, -5, -15), "the tenhou.net/6 `sc` of the corpus's Mahjong Soul conversion"),
    rank_top_takes_rest=(
        False,
        "every seat's final points by the formula (the tenhou.net/6 `sc` of the corpus)",
    ),
    pao=(
        frozenset({"daisangen", "daisuushii"}),
        "riichi.wiki's Majsoul rules (2024): 'Apply for: Big Three Dragons (Daisangen), Four Big "
        "Winds (Daisuushi)'",
    ),
    max_ron_winners=(
        3,
        "its rules page as quoted by Cryolite: 「ダブロン・トリプルロンの場合，積み棒は上家取り」",
    ),
    triple_ron_abort=(False, "riichi.wiki's Majsoul rules (2019): 'Three-player Ron (Sanchahou): No'"),
    double_yakuman=(
        frozenset({"suuankou-tanki", "junsei-chuuren", "kokushi-13", "daisuushii"}),
        CHOICE + " (its rules page as commonly quoted)",
    ),
    karaten=("counts", CHOICE + ": Mahjong Soul counts a wait on used-up tiles"),
    kokushi_chankan_ankan=(True, "thirteen orphans may rob a closed kan (Mahjong Soul records)"),
    pao_tsumo=("liable-yakuman", CHOICE),
    extension_dealer_plays_on=(False, CHOICE),
    open_settings=(
        (("length", ("south", "east")),),
        MAHJONGSOUL_LENGTHS,
    ),
)

#: Mahjong Soul's three-player settlement, as its rules are published and its records are read
MAHJONGSOUL_SANMA_POINTS = (
    "mahjong-portal.com/?p=10869, 雀魂 三人麻雀 詳細ルール: 「35000点開始の35000点返し」「ウマ15-0-15"
    "(順位ウマのみ)」; a reader of its records reckons from the game's 精算原点 (jingsuanyuandian), "
    "35,000 for three players, every seat by the formula (Longhorn-Riichi/InjusticeJudge, "
    "injustice_judge/classes.py, GameRules.apply_placement_bonus)"
)

MAHJONGSOUL_SANMA = cited(
    TENHOU_SANMA,
    "mahjongsoul-sanma",
    "Mahjong Soul 3-player: (score - 35,000) / 1,000 + uma 15/0/-15; Tenhou's 3-player table "
    "where nothing else about its play is known",
    unset="Tenhou's table where nothing about Mahjong Soul is known: " + CHOICE,
    rank_scheme=("", "its own: (score - 35,000) / 1,000 + uma, " + MAHJONGSOUL_SANMA_POINTS),
    start_points=(35000, MAHJONGSOUL_SANMA_POINTS),
    return_points=(None, "no oka: " + MAHJONGSOUL_SANMA_POINTS),
    uma=((15, 0, -15), MAHJONGSOUL_SANMA_POINTS),
    rank_top_takes_rest=(False, "every seat by the formula: " + MAHJONGSOUL_SANMA_POINTS),
    rank_scheme_known=(True, MAHJONGSOUL_SANMA_POINTS),
    kokushi_chankan_ankan=(True, "thirteen orphans may rob a closed kan (Mahjong Soul records)"),
    open_settings=(
        (("length", ("south", "east")),),
        MAHJONGSOUL_LENGTHS,
    ),
)

#: the shared Riichi City records (``../shared/platforms/riichicity_json``), every one replayed under
#: this table by tests/test_riichi_city.py
RIICHI_CITY_RECORDS = "Riichi City's records (tests/test_riichi_city.py replays each)"

RIICHICITY_SANMA = cited(
    TENHOU_SANMA,
    "riichicity-sanma",
    "Riichi City 3-player (the record states its start points, length and local rules)",
    unset="Tenhou's 3-player table where the records show nothing else: " + CHOICE,
    start_points=(
        35000,
        "the ranked record (cnrkj069nc7ajnvadk30) starts at 35,000; every record states its own "
        "(initPoints, read into the rules hint)",
    ),
    red_fives=(
        (0, 1, 1),
        "one red 5p and one red 5s in every wall (handCardEncode) of nine of the ten records; the "
        "walls of a record say its own (a friend room's have two of each)",
    ),
    return_points=(
        None,
        "every record's rank points (user_data score, in tenths) are (points - start) / 1,000 + uma, no "
        "oka (tests/test_riichi_city.py)",
    ),
    rank_scheme=("", "the records' rank points (user_data score) use the room's uma: not checked"),
    rank_scheme_known=(False, "the records' rank points use the room's uma: not checked"),
    open_kan_dora_timing=(
        "immediate",
        "the new dora event comes straight after an open kan, before the replacement draw: "
        + RIICHI_CITY_RECORDS,
    ),
    double_yakuman=(
        frozenset({"suuankou-tanki", "junsei-chuuren", "kokushi-13", "daisuushii"}),
        "InjusticeJudge's Riichi City rules (has_double_yakuman = True); which ones: Mahjong Soul's four, "
        + CHOICE,
    ),
    sanma_tsumo=(
        "loss",
        "where no tsumo of the record tells (an open setting, below): the ranked, tournament and two "
        "friend-room records' tsumos lose the absent share (" + RIICHI_CITY_RECORDS + ")",
    ),
    open_settings=(
        (("sanma_tsumo", ("loss", "split", "even")),),
        "a room chooses how a tsumo is paid (the room setting ThreeZiMoType of the API's friend-match "
        "and official-match rules: Badtaro/RiichiCityTournamentBot requests/requests.js, "
        "slqy123/riichicitymax), which a game record does not carry: the ranked record's tsumos "
        "lose the absent share (cnrkj069nc7ajnvadk30), a friend room's are paid evenly, half the ron "
        "value each (gameDataSample: E1 3,900 from each payer for a 7,700 hand); a record's own "
        "tsumo payments choose (paifu.rules.settings), else 'loss'",
    ),
)

#: the shared tournament records (RiichiCityTournamentBot, ``gamePlay`` 1002): one organiser's rooms
RIICHI_CITY_TOURNAMENT = "the five tournament records (gamePlay 1002; tests/test_riichi_city.py replays each)"

RIICHICITY_SANMA_TOURNAMENT = cited(
    RIICHICITY_SANMA,
    "riichicity-sanma-tournament",
    "Riichi City 3-player tournament room (gamePlay 1002): the organiser's settings, which the record "
    "does not state, as the tournament records we have show them",
    unset="riichicity-sanma's values, where the tournament records show nothing else: " + CHOICE,
    kiriage=(
        True,
        "every 4 han 30 fu win is paid as a mangan (cd1an16ai08a0i7cthlg S1: an 8,000 ron; "
        "cd1bilmai08a0i7cvlh0 E2: a dealer's tsumo, 4,000 from each payer): "
        + RIICHI_CITY_TOURNAMENT
        + "; another "
        "organiser's room may differ (isQieShang, where a record states it, is read): " + CHOICE,
    ),
    noten_split=(
        "per-tenpai",
        "two tenpai seats take 2,000 each from the noten seat (cd1bilmai08a0i7cvlh0 E1-1, S2): "
        + RIICHI_CITY_TOURNAMENT,
    ),
    last_dealer_stop=(
        "none",
        "the last dealer tops with 70,000 after a win and the game plays on (cd1aa9uai08a0i7csbjg S3): "
        + RIICHI_CITY_TOURNAMENT,
    ),
)

RIICHICITY = cited(
    TENHOU,
    "riichicity",
    "Riichi City 4-player (the record states its start points, length and local rules)",
    unset="Tenhou's table where nothing about Riichi City is known: " + CHOICE,
    return_points=(None, "as its 3-player records show, no oka: " + CHOICE),
    rank_scheme=("", "a record's rank points use the room's uma: not checked"),
    rank_scheme_known=(False, "a record's rank points use the room's uma: not checked"),
    open_kan_dora_timing=(
        "immediate",
        "as its 3-player records show (the new dora straight after an open kan): " + CHOICE,
    ),
    double_yakuman=(
        frozenset({"suuankou-tanki", "junsei-chuuren", "kokushi-13", "daisuushii"}),
        "InjusticeJudge's Riichi City rules (has_double_yakuman = True); which ones: Mahjong Soul's four, "
        + CHOICE,
    ),
)

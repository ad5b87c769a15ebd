"""Professional league and tournament presets: JPML, WRC, EMA and M.League."""

from __future__ import annotations

from paifu.rules.presets.cite import cited

# Hand-made transcriptions of league and tournament games. Every value names its source
# (organisation, document, year, section or a short quote); ``# choice:`` marks a value the
# sources found do not state, ``uncertain`` one they state only indirectly. The sources:
#   [JPML]  日本プロ麻雀連盟 公式ルール (Aルール), as listed item by item in
#           note.com/mahjong_academy "プロテスト対策 その1" (quoting the official list), and the
#           official page ma-jan.or.jp/guide/game_rule.php archived 2012-06-02 (megalodon.jp).
#           A later summary (mj-king.net "連盟公式ルール") lists 途中流局なし, 喰い替えなし and
#           大明槓の嶺上開花の責任払いなし: the rules may have been revised since; the list below
#           follows the official page's items as quoted.
#   [WRC]   World Riichi Championship Rules, rule book 2015 (S. Malbec, 16/06/2015; text at
#           ooyamaneko.net bookcmp), with the 2014 errata posted by its author (reachmahjong.com
#           forum "World Riichi Championship 2014 - rules!") and the riichi.wiki summary page.
#   [EMA]   EMA Riichi Competition Rules, "Rules for Japanese Mahjong", 2016 edition (table of
#           contents and section texts at readkong.com / ooyamaneko.net; riichi.wiki summary of
#           the 2016 changes: "no more red fives; open tanyao allowed; renhou is now a strict
#           mangan only; the maximum score is a single yakuman").
#   [ML]    M.League 公式ルール (2018, m-league.jp), through the summaries that quote it
#           (majannavi.com "Mリーグ公式ルールまとめ", mahjong-space.com "Mリーグルール",
#           majyan-item.com, ojisan-gyakushu.com, k-bys.work): no primary text was found.
# Their rank points are these fields (``paifu.rank_points`` builds its schemes from them). A field not listed keeps the
# Ruleset default (Tenhou-like: 300 honba, 4 fu double-wind pair, ...): a choice wherever the sources
# found are silent; ``ema`` starts from ``wrc`` and lists what differs or has its own source.

JPML = cited(
    None,
    "jpml",
    "日本プロ麻雀連盟 公式ルール (JPML A-rules): 30,000 start, no ippatsu, ura or kan dora, "
    "head-bump, rank points by how many players float",
    unset="not found stated: the engine's default (Tenhou-like), our choice",
    rank_scheme=("jpml", "[JPML] its 順位点 by how many players float: paifu.rank_points.JPML"),
    red_fives=((0, 0, 0), '[JPML] no red tiles (utakata.work 2024: "どの団体も赤ドラはありません")'),
    start_points=(30000, '[JPML] 競技ルール 三: "持ち点は各自三万点とする"'),
    return_points=(30000, "[JPML] 順位点 are counted from 30,000 (no oka)"),
    uma=((8, 4, -4, -8), "[JPML] 順位点 with two players floating (the other cases: uma_sinking)"),
    uma_sinking=(
        ((1, (8, 3, 1, -12)), (2, (8, 4, -4, -8)), (3, (12, -1, -3, -8))),
        "[JPML] 順位点 by how many end below 30,000 (exactly 30,000 floats: choice): one floats "
        '12/-1/-3/-8, two 8/4/-4/-8, three 8/3/1/-12; utakata.work 2024 gives "+8, +4, -4, -8 ... '
        '厳密には違う"; the one- and three-floater rows are from memory of the official page: uncertain',
    ),
    rank_top_takes_rest=(False, "[JPML] every player's (score - 30,000) / 1,000 + 順位点"),
    rank_ties=("split", "choice: tied players share the 順位点 (the usual pro rule); not found stated"),
    length=("south", '[JPML] 競技全般 一: "東南戦半荘を一回戦とする"'),
    renchan=("win_or_tenpai", '[JPML] 連荘と流局 1: "ノーテン親流れ"'),
    abort_renchan=(True, "choice: the dealer keeps the seat after an abortive draw (not found stated)"),
    bust=(False, "choice: league games play the full hanchan; no bust rule found (uncertain)"),
    extension=("none", "choice: a fixed hanchan; no extension found"),
    last_dealer_stop=("none", '[JPML] 基本ルール 8: "アガリやめなし"'),
    leftover_sticks=("lost", '[JPML] リーチ 4: "オーラス終了時のリーチ棒は供託となる"'),
    max_ron_winners=(1, '[JPML] 基本ルール 6: "アガリは上家優先" (head-bump)'),
    triple_ron_abort=(False, "[JPML] head-bump: one winner, so three rons never abort"),
    kuitan=(True, '[JPML] 基本ルール 1: "喰いタン、後づけあり"'),
    kuikae=("suji", '[JPML] 基本ルール 2: "現物以外の喰い替えを認める" (only the same tile is forbidden)'),
    ippatsu=(False, '[JPML] 基本ルール 3: "一発、裏ドラ、槓ドラなし"'),
    ura_dora=(False, "[JPML] 基本ルール 3"),
    kan_dora=(False, '[JPML] 基本ルール 3; 槓(カン) 1: "槓ドラ、槓ウラなし"'),
    kan_ura=(False, "[JPML] 槓(カン) 1"),
    pao=(frozenset({"daisangen", "daisuushii"}), "choice: the usual liability yaku; not found stated"),
    pao_rinshan=(True, '[JPML] 槓(カン) 2: "大明槓の嶺上開花は責任払いとする" (enforced by issue-12 work)'),
    riichi_min_wall=(0, '[JPML] リーチ 5: "ツモ番がなくてもリーチをかけることができる"'),
    nine_terminals=(True, '[JPML] 連荘と流局 3: "九種九牌、四風子連打、4人リーチ、4カン流れは途中流局"'),
    four_winds=(True, "[JPML] 連荘と流局 3"),
    four_riichi=(True, "[JPML] 連荘と流局 3"),
    four_kans=(True, "[JPML] 連荘と流局 3"),
    nagashi_mangan=(False, "choice: the 2012 yaku list (特役) names 人和 only, no 流し満貫 (uncertain)"),
    noten_payment=(3000, '[JPML] 基本ルール 4: "ノーテンは場に3000点"'),
    noten_declaration=(True, "choice: a tenpai hand may stay closed (ノーテン宣言), as in most pro rules"),
    keishiki_tenpai=(True, '[JPML] 連荘と流局 2: "形式テンパイ可能"'),
    renhou=("mangan", '[JPML] official page 2012, 特役(満貫): "人和"'),
    kiriage=(False, "choice: not found stated"),
    kazoe_yakuman=(
        False,
        '[JPML] "数え役満なし・ダブル役満なし": as our brief lists the rule; not in the excerpts found (uncertain)',
    ),
    multiple_yakuman=(False, '[JPML] "ダブル役満なし": as our brief lists the rule (uncertain)'),
    double_yakuman=(frozenset(), '[JPML] "ダブル役満なし": as our brief lists the rule (uncertain)'),
    kokushi_chankan_ankan=(True, '[JPML] official page 2012: "国士無双 暗カンでもチャンカン可"'),
    green_dragon_required=(True, '[JPML] official page 2012: "緑一色 發を含まなければならない"'),
)

WRC = cited(
    None,
    "wrc",
    "World Riichi Championship rules (2015 rule book): 30,000 start, no red fives, head-bump, "
    "no abortive draws, no kazoe yakuman",
    unset="not found stated: the engine's default (Tenhou-like), our choice",
    rank_scheme=("wrc", "[WRC] §5.9.2 session score: paifu.rank_points.WRC"),
    red_fives=(
        (0, 0, 0),
        "[WRC] §3.3 additional tiles: none used (riichi.wiki summary; uncertain for 2022+)",
    ),
    start_points=(30000, '[WRC] §4.1 starting points; riichi.wiki: "Starting points 30,000"'),
    return_points=(
        30000,
        '[WRC] §5.9.2: "session score = (table score - 30,000) / 1,000 + uma" (errata 2014)',
    ),
    uma=((15, 5, -5, -15), "[WRC] §5.9.2: uma +15/+5/-5/-15"),
    rank_top_takes_rest=(False, "[WRC] §5.9.2: every player's session score by the formula"),
    rank_ties=("split", '[WRC] riichi.wiki: "If players tie, uma is averaged"'),
    length=("south", "[WRC] §5.8: the South round follows the East round"),
    renchan=("win_or_tenpai", '[WRC] §5.7.8: "East stays East if he wins or if he is tenpai"'),
    abort_renchan=(False, '[WRC] §5.7: "There are no abortive draws" (nothing to repeat)'),
    bust=(True, '[WRC] riichi.wiki summary table: "Negative score: Game end" (uncertain: §5.9 not quoted)'),
    extension=("none", "[WRC] §5.9: the game ends after South 4 (uncertain: §5.9 text not quoted)"),
    last_dealer_stop=("none", '[WRC] §5.9.1: "No agari yame"'),
    leftover_sticks=("top", "choice: to the first-placed player as in EMA 2016 §3.6.1 (uncertain)"),
    max_ron_winners=(1, '[WRC] §5.7.6: "only the player closer to the discarder ... will win"'),
    triple_ron_abort=(False, '[WRC] §5.7.6: "Each hand can have only one winner"; §5.7 no abortive draws'),
    kuikae=("forbidden", '[WRC] errata 2014 to §5.4: "Swap-calling (kuikae) is not allowed"'),
    pao=(frozenset({"daisangen", "daisuushii"}), "[WRC] §6.2 liability payment (dragons, winds)"),
    pao_rinshan=(False, '[WRC] errata 2014: "There is no daiminkan liability"'),
    open_kan_dora_timing=("immediate", "choice: as EMA 2016, which follows WRC (§6.4 not quoted)"),
    nine_terminals=(False, '[WRC] §5.7: "There are no abortive draws."'),
    four_winds=(False, "[WRC] §5.7"),
    four_riichi=(False, "[WRC] §5.7"),
    four_kans=(False, "[WRC] §5.7 (§5.4.9: after a fourth kong no further kong is made)"),
    nagashi_mangan=(True, "choice: listed among the mangan yaku of §6.5.4 (uncertain)"),
    noten_payment=(3000, '[WRC] §5.7.2: "The total noten penalty amounts to 3,000 points"'),
    noten_declaration=(
        True,
        '[WRC] §5.7.2: "A player having a tenpai hand can choose to declare it noten and not reveal it, unless he had declared riichi"',
    ),
    renhou=(
        "cumulative",
        '[WRC] §6.5.4 mangan yaku (5 han); errata 2014: "Renhō is cumulative with other yaku and dora"',
    ),
    kiriage=(False, "choice: not found stated"),
    kazoe_yakuman=(False, '[WRC] errata 2014: "Kazoe yakuman is not allowed" (13+ han is sanbaiman)'),
    multiple_yakuman=(False, '[WRC] riichi.wiki: "Every yakuman is counted as single yakuman"'),
    double_yakuman=(frozenset(), "[WRC] as above"),
)

EMA = cited(
    WRC,
    "ema",
    "EMA Riichi Competition Rules 2016: as WRC, but double and triple ron, kan dora at once",
    rank_scheme=("ema", "[EMA] §3.6.1: paifu.rank_points.EMA"),
    red_fives=(
        (0, 0, 0),
        '[EMA] 2016 revision notes (riichi.wiki): "no more red fives"; start 30,000 and uma +15/+5/-5/-15 as WRC ("remaining differences with the 2015 WRC ruleset are minimal")',
    ),
    start_points=(30000, "[EMA] 2016 as WRC (uncertain: section 2 not quoted)"),
    return_points=(30000, "[EMA] §3.6.1 winner bonus: uma only, no oka (uncertain: as WRC)"),
    uma=((15, 5, -5, -15), "[EMA] 2016 as WRC: uma +15/+5/-5/-15 (riichi.wiki revision notes)"),
    rank_ties=("split", "choice: as WRC"),
    bust=(False, "choice: no bust rule found in the 2016 text (uncertain; WRC's summary says it ends)"),
    leftover_sticks=(
        "top",
        '[EMA] §3.6.1 "Winner bonus": remaining riichi bets go to the winner (uncertain)',
    ),
    max_ron_winners=(
        3,
        '[EMA] §3.4.9: "A player whose discard results in one or more winning declarations, pays the full value of each hand"; riichi.wiki: "Double and triple Ron is allowed"',
    ),
    triple_ron_abort=(False, '[EMA] "Abortive draws are no longer used in EMA riichi rules" (riichi.wiki)'),
    multi_ron_bonus=("nearest", "choice: counters and riichi bets to the winner nearest the discarder"),
    kuikae=("forbidden", "[EMA] §3.3.2 swap-calling (kuikae), forbidden since 2016 as WRC (uncertain)"),
    open_kan_dora_timing=(
        "immediate",
        '[EMA] riichi.wiki: "After declaring any type of kantsu, the next dora indicator is flipped immediately"',
    ),
    pao=(
        frozenset({"daisangen", "daisuushii"}),
        '[EMA] §3.3.9 "Liability: Third melded dragon pung and fourth melded wind pung"',
    ),
    pao_ron_split=("half", '[EMA] §3.3.9: the discarder "shares the payment equally" with the liable player'),
    pao_honba=("discarder", '[EMA] §3.3.9: "only the discarder pays for any counters"'),
    nagashi_mangan=(True, '[EMA] riichi.wiki: "Nagashi mangan counts as a win"'),
    renhou=("mangan", '[EMA] 2016 revision notes: "renhou is now a strict mangan only"'),
    kazoe_yakuman=(
        False,
        '[EMA] 2016 revision notes: "the maximum score is a single yakuman" (kazoe: uncertain)',
    ),
    multiple_yakuman=(False, "[EMA] 2016 revision notes, as above"),
)

MLEAGUE = cited(
    None,
    "mleague",
    "M.League official rules: 25,000 start, 30,000 return, red fives, head-bump, no aborts, "
    "no bust, kiriage, rank points +50/+10/-10/-30",
    unset="not found stated: the engine's default (Tenhou-like), our choice",
    rank_scheme=("mleague", "[ML] 順位点 +50/+10/-10/-30: paifu.rank_points.MLEAGUE"),
    red_fives=((1, 1, 1), '[ML] "赤ドラ(5萬・5筒・5索の各1枚)" (mahjong-space.com)'),
    start_points=(25000, '[ML] "持ち点25,000点スタート、30,000点返し"'),
    return_points=(30000, "[ML] as above: oka 20 to the top"),
    uma=(
        (30, 10, -10, -30),
        "[ML] 順位点 +50/+10/-10/-30 including the oka (majannavi: +30/+10/-10/-30 uma)",
    ),
    rank_top_takes_rest=(False, "[ML] every player's (score - 30,000) / 1,000 + 順位点"),
    rank_ties=("split", '[ML] "同着の場合は順位点は分け" (majyan-item.com)'),
    length=("south", '[ML] "東南戦"'),
    renchan=("win_or_tenpai", '[ML] "テンパイ連荘" (majannavi.com)'),
    bust=(False, '[ML] "トビなし" (majannavi.com, majyan-item.com)'),
    extension=("none", '[ML] a fixed hanchan ("飛びなし、和了りやめなしなので2週をきっちり")'),
    last_dealer_stop=("none", '[ML] "アガリ止め無し(南四局の親がアガってトップになっても対局続行)"'),
    leftover_sticks=("top", "choice: the top takes them (the usual rule; uncertain, not found stated)"),
    max_ron_winners=(1, '[ML] "ダブロン・トリプルロンはなし(全て頭ハネ)" (majannavi.com)'),
    triple_ron_abort=(False, '[ML] head-bump, and "途中流局なし"'),
    kuikae=("forbidden", "choice: 喰い替えなし as in most pro rules (not found stated)"),
    ippatsu=(True, '[ML] "一発、赤ドラ…、裏ドラ、槓ドラあり"'),
    ura_dora=(True, "[ML] as above"),
    kan_dora=(True, "[ML] as above"),
    kan_ura=(True, '[ML] k-bys.work: "カンドラやカン裏ドラもあり"'),
    open_kan_dora_timing=("immediate", '[ML] "槓ドラは即めくり"'),
    pao=(frozenset({"daisangen", "daisuushii"}), "choice: the usual liability yaku (uncertain)"),
    riichi_min_wall=(0, '[ML] "ツモ番なしリーチあり" (majannavi.com)'),
    riichi_min_points=(0, '[ML] "飛びなし(持ち点1000点以下でもリーチ可)" (majannavi.com)'),
    nine_terminals=(False, '[ML] "途中流局(九種九牌、四風子連打、四人リーチ、箱割れ、四槓流れ)なし"'),
    four_winds=(False, "[ML] as above"),
    four_riichi=(False, "[ML] as above"),
    four_kans=(False, "[ML] as above"),
    nagashi_mangan=(True, "choice: listed among its rules by ojisan-gyakushu.com (its value not quoted)"),
    noten_payment=(3000, "choice: the usual 3,000 (not found stated)"),
    noten_declaration=(
        True,
        "[ML] tenpai is declared (聴牌宣言, ojisan-gyakushu.com): a hand may stay noten",
    ),
    kiriage=(True, '[ML] "7700は切り上げ" (majyan-item.com)'),
    double_wind_fu=(
        4,
        'choice: a parlour playing M.League rules counts 2 ("連風対子は2符", mj-king.net); uncertain',
    ),
    kazoe_yakuman=(False, '[ML] "数え役満なし ... 3倍満になります" (k-bys.work)'),
    multiple_yakuman=(True, '[ML] "純粋な役満の複合のみ、ダブル役満になります" (k-bys.work)'),
    double_yakuman=(frozenset(), '[ML] "四暗刻単騎や国士無双13面待ちなどは、ダブル役満にはなりません"'),
    kokushi_chankan_ankan=(False, '[ML] "暗カンに対する槍槓は認められない(国士無双を含む)"'),
)

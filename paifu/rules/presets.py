"""Named presets: one per platform column of ``shared/rules.md`` plus Tenhou and Mahjong Soul.

The seed presets (DORA, RON2, the casual app, Qdan) give every value they set with the
sentence of the seed document it comes from (000/002/003/004), or ``CHOICE`` where the
source is silent (the platform's usual behaviour, which real records correct).
``SOURCES`` keeps those citations; ``paifu rules NAME --sources`` prints them.
"""

from __future__ import annotations

import json
from typing import Any

from paifu.rules.ruleset import Ruleset, RulesetError

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
    karaten="not-own-hand",
    # today's tables stop on a top last dealer's win or tenpai; before mid-2010 on a win only
    # (paifu.rules.tenhou.RULE_CHANGES names the records)
    last_dealer_stop="win_or_tenpai",
    last_dealer_stop_min=30000,
    extension="sudden-death",
    extension_target=30000,
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

#: the mark of a value the source documents do not state: our choice, which real records correct
CHOICE = "choice: the source is silent"
#: preset name -> field -> where the value comes from (000/002/003/004 and a few words of the sentence)
SOURCES: dict[str, dict[str, str]] = {}


def _cited(base: Ruleset | None, name: str, description: str, **values: tuple[Any, str]) -> Ruleset:
    """A seed preset where every value carries its source sentence (or ``CHOICE``).

    ``paifu rules NAME --sources`` prints them; a derived preset inherits its base's citations.
    """
    SOURCES[name] = {
        **(SOURCES.get(base.name, {}) if base is not None else {}),
        **{k: why for k, (_, why) in values.items()},
    }
    return (base or Ruleset()).replace(
        name=name, description=description, **{k: v for k, (v, _) in values.items()}
    )


DORA = _cited(
    None,
    "dora",
    "DORA Mahjong 4-player (DORA's published rules, seed 000)",
    num_players=(4, "000 「四人麻雀」"),
    chi=(True, "000 「チーやポンをして手牌を開いた後でも」"),
    length=("south", CHOICE + " (000: 「対局形式で定められた局数」, set per table)"),
    start_points=(25000, CHOICE),
    return_points=(None, "000 「返し点を基準に…差額をまとめて加算したりするルールは採用されていません」"),
    uma=((0, 0, 0, 0), CHOICE + " (000 states no rank points)"),
    red_fives=((1, 1, 1), CHOICE + " (000 shows a red 5 beside a plain 5, no count)"),
    renchan=(
        "win_or_tenpai",
        "000 「親が連荘条件を満たしている場合は、そのまま次の局へ」 (the condition is our choice)",
    ),
    abort_renchan=(True, CHOICE),
    bust=(True, "000 「持ち点が0点未満になった場合、対局終了」"),
    bust_at_zero=(False, "000 「0点未満」"),
    extension=("none", "000 「トップが基準点を超えるまで西入するルール DORA麻雀では不採用」"),
    last_dealer_stop=("none", "000 「アガリ止め DORA麻雀では不採用」"),
    leftover_sticks=("top", CHOICE),
    max_ron_winners=(1, "000 「捨てたプレイヤーから最も近い順番の1人だけ」 (頭ハネ)"),
    triple_ron_abort=(False, "000 「三家和による途中流局もありません」"),
    kuitan=(True, "000 「DORA麻雀は「ありあり」ルール」"),
    kuikae=("allowed", "000 「DORA麻雀では、喰い替えが認められています」"),
    pao=(frozenset({"daisangen", "daisuushii"}), CHOICE),
    same_turn_furiten=(True, CHOICE + " (000 states discard furiten only)"),
    riichi_min_wall=(4, CHOICE),
    riichi_min_points=(1000, CHOICE + " (000: riichi is closed only; points not stated)"),
    ippatsu=(True, "000 1翻役 「一発（イッパツ）」"),
    ura_dora=(True, CHOICE),
    kan_dora=(True, CHOICE),
    kan_ura=(True, CHOICE),
    kiriage=(False, CHOICE),
    rank_ties=("seat", CHOICE),
    nine_terminals=(False, "000 「九種九牌による途中流局は採用されていません」"),
    four_winds=(True, "000 四風連打 「途中流局となります」"),
    four_riichi=(True, "000 四家立直 「4人全員がリーチを宣言した場合は途中流局」"),
    four_kans=(True, "000 四槓散了 「2人以上のプレイヤーが合計4回のカンをした場合に成立」"),
    nagashi_mangan=(False, "000 「流し満貫は採用されていません」"),
    noten_payment=(3000, CHOICE + " (000 「ノーテン罰符が精算されます」, amount not stated)"),
    keishiki_tenpai=(True, "000 「役がなくても…流局時にテンパイとして扱われます」"),
    karaten=("not-visible", "000 「すでに4枚すべてが自分の手牌や場に見えており…テンパイになりません」"),
    honba_value=(300, CHOICE),
    renhou=("none", "000 lists no 人和 among its yaku"),
    kazoe_yakuman=(True, "000 役満 「数え役満」"),
    double_yakuman=(
        frozenset({"suuankou-tanki", "junsei-chuuren", "kokushi-13"}),
        "000 ダブル役満 「四暗刻単騎」「純正九蓮宝燈」「国士無双十三面待ち」",
    ),
)

DORA_SANMA = _cited(
    DORA,
    "dora-sanma",
    "DORA Mahjong 3-player (DORA's published rules, seed 000): kita, three winds, no four-riichi abort",
    num_players=(3, "000 「三人麻雀」"),
    chi=(False, CHOICE + " (conventional for 3-player; 000 does not say)"),
    red_fives=((0, 1, 1), CHOICE),
    start_points=(35000, CHOICE),
    uma=((0, 0, 0), CHOICE + " (000 states no rank points)"),
    four_winds=(True, "000 「3人全員が最初の捨て牌として同じ風牌を捨てると…流局」"),
    four_riichi=(False, "000 「三人麻雀では全員がリーチしても途中流局にはなりません」"),
    riichi_min_wall=(3, CHOICE + " (a draw of one's own with three players)"),
    kita=(True, "000 「北抜き」を宣言して抜きドラとして扱うことも可能"),
    kita_yakuhai=(True, "000 「北を手牌として使う場合は、役牌として1翻」"),
)

DORA_TOURNAMENT = _cited(
    DORA,
    "dora-tournament",
    "DORA Mahjong tournament rounds (DORA's published rules, seed 000): east-only, no renchan, no bust",
    length=("east", "000 「親の連荘がない四人麻雀の東風戦」"),
    renchan=("never", "000 「親がアガった場合でも同じ局を繰り返さず、次の局へ進む」"),
    abort_renchan=(False, "000 「同じ局を繰り返さず」 (applied to abortive draws too: our reading)"),
    bust=(False, "000 「通常対局のようなトビ終了はなく、予定されているすべての局が終わるまで」"),
    rank_ties=("seat", CHOICE + " (a tie for an advancing place is drawn at random: paifu tournament)"),
)

RON2_SANMA = _cited(
    None,
    "ron2-sanma",
    "RON2 3-player (the RON2 site's 3-player rules, seed 002)",
    num_players=(3, "002 「ルール(三人麻雀)」"),
    chi=(False, "002 「チー・・・三人麻雀ではチーはできません」"),
    red_fives=((0, 1, 1), CHOICE + " (002 has 赤2枚 and 赤4枚 floors: the 2-red floor)"),
    start_points=(40000, "002 「40,000点持ち 40,000点返し」"),
    return_points=(40000, "002 「40,000点持ち 40,000点返し」"),
    rank_scheme=(
        "ron2-sanma",
        "002 「（持ち点−40,000）÷100＋ウマ」, as paifu.rank_points.RON2_SANMA computes it",
    ),
    uma=((10, 0, -10), "002 「1位：＋100　2位：0　3位：-100」 (in units of 100)"),
    length=("south", CHOICE),
    renchan=("win_or_tenpai", "002 「親がノーテンの場合、すべての局において流局」"),
    abort_renchan=(True, "002 「九種九牌、四カン算了による流局は親の連荘となり本場も増えます」"),
    bust=(True, "002 「箱割れ(持ち点がマイナスになる)となった時点でゲームは終了」"),
    bust_at_zero=(False, "002 「0点はゲーム続行です」"),
    extension=("none", CHOICE),
    last_dealer_stop=("win", "002 「最終局でトップの親がアガると、自動的に終了」"),
    last_dealer_stop_min=(0, "002 「ラス親のアガリ止め　（トップのみ）」"),
    leftover_sticks=("top", "002 「オーラスが流局で終了した場合、場のリーチ棒はトップの人のもの」"),
    dead_wall=(14, "002 「王牌は常に14枚残しとします」"),
    max_ron_winners=(1, "002 「ダブロン・・・頭ハネになります」"),
    triple_ron_abort=(False, "002 「頭ハネ」"),
    kuitan=(True, "002 「あり クイタン、後付け」"),
    kuikae=("forbidden", CHOICE),
    ippatsu=(True, "002 「あり…一発、裏ドラ、カンドラ、カン裏ドラ」"),
    ura_dora=(True, "002 「表ドラ、裏ドラ、カンドラ、カン裏ドラすべてアリ」"),
    kan_dora=(True, "002 「表ドラ、裏ドラ、カンドラ、カン裏ドラすべてアリ」"),
    kan_ura=(True, "002 「表ドラ、裏ドラ、カンドラ、カン裏ドラすべてアリ」"),
    open_kan_dora_timing=("immediate", "002 「暗槓・明槓を問わず即めくります」"),
    pao=(
        frozenset({"daisangen", "daisuushii", "suukantsu"}),
        "002 「大三元、大四喜、四槓子を決定づける牌をポン、カンさせた人」",
    ),
    pao_rinshan=(True, "002 「大明カンからの嶺上開花は槓をさせた人の責任払い」"),
    pao_ron_split=("half", "002 「他家が放銃した場合でも半額を支払います」"),
    pao_honba=("discarder", "002 「積み棒は全額放銃者が負担します」"),
    riichi_min_points=(1000, "002 「1,000点でリーチ可、900点はリーチ不可」"),
    riichi_min_wall=(3, "002 「ツモ巡がまわってこない状況でリーチはかけられません」 (3 players: 3 tiles)"),
    riichi_kan=("shape-unchanged", "002 「ツモってた牌のみ、かつ、待ちと牌姿が変わらないときだけ可能」"),
    same_turn_furiten=(True, "002 「同巡フリテンの適用は、自分が牌を切って次の自分の番が回ってくるまで」"),
    furiten_riichi=(True, "002 「フリテンでもリーチをかけることは可能です」"),
    nine_terminals=(True, "002 「九種九牌で流局とすることが可能」"),
    four_winds=(False, "002 lists only 「九種九牌、四カン算了による流局」"),
    four_riichi=(False, "002 lists only 「九種九牌、四カン算了による流局」"),
    four_kans=(True, "002 「4つ目のカンをした人が嶺上牌をつもって打牌し、誰もロンしなければ流局」"),
    nagashi_mangan=(False, "002 「なし…流し満貫」"),
    noten_payment=(3000, "002 「ノーテン罰符は、場に3,000点」"),
    keishiki_tenpai=(True, "002 「形式聴牌、空聴牌ともに聴牌と認めます」"),
    karaten=("counts", "002 「形式聴牌、空聴牌ともに聴牌と認めます」"),
    honba_value=(600, "002 「一本場は600点となります」"),
    double_wind_fu=(4, "002 「連風牌が雀頭のときは4符」"),
    rinshan_tsumo_fu=(False, "002 「嶺上開花はツモの2符はつきません」"),
    renhou=("mangan", "002 「人和（レンホウ）は満貫です」"),
    kazoe_yakuman=(True, "002 「13翻以上四倍満」"),
    multiple_yakuman=(True, "002 「ダブル役満、トリプル役満、それ以上も組み合わせによって可能」"),
    double_yakuman=(frozenset(), "002 doubles only by combination (「例：親の字一色、大三元は96,000点」)"),
    kokushi_chankan_ankan=(True, "002 「国士無双の場合のみ、暗カンした牌でロンすることが可能」"),
    green_dragon_required=(False, "002 「緑一色は發が入っていなくても成立」"),
    sanma_tsumo=("loss", CHOICE),
    kita=(False, "002 lists no kita"),
    rank_ties=("seat", "002 「同点者がいる場合はゲーム開始時の起家に近い者を上位」"),
)

CASUAL = _cited(
    None,
    "casual",
    "casual 4-player web app (the app's rules page, seed 003): 25,000 start, triple ron pays all",
    start_points=(25000, "003 「簡易ルール・25000点持ち」"),
    return_points=(None, "003 rates by placement (段位ポイント); no return points"),
    uma=((0, 0, 0, 0), "003 rates by placement (段位ポイント); no uma"),
    red_fives=((1, 1, 1), "003 「萬子・筒子・索子の5が1枚ずつ赤い牌」"),
    length=("south", "003 「1局のみ・東風戦(4局)・半荘(8局)から選べます」 (half game: our choice)"),
    renchan=("win_or_tenpai", "003 「親が和了る、または親がテンパイで流局すると、親のまま次の局へ」"),
    abort_renchan=(True, CHOICE),
    bust=(True, "003 「誰かの持ち点が0点を下回ると、そこで対局は終わります」"),
    extension=("none", "003 「西入(ウエストイン) | 半荘は南4局で終わります」"),
    last_dealer_stop=("win", "003 「親が和了ってトップなら、連荘せずに終局」「テンパイやめ…続きます」"),
    last_dealer_stop_min=(0, "003 「そのままトップなら終局」 (no minimum)"),
    leftover_sticks=("top", CHOICE),
    max_ron_winners=(3, "003 「2人・3人が同時にロンすることもあります(ダブロン)」"),
    triple_ron_abort=(False, "003 「3人同時ロンでも、そのまま3人の和了になります」"),
    multi_ron_bonus=("nearest", CHOICE),
    kuitan=(True, CHOICE),
    kuikae=("forbidden", "003 「喰い替えは禁止です。…同じ牌や、チーで作った順子の反対側の牌を切れません」"),
    pao=(frozenset({"daisangen", "daisuushii"}), "003 「責任払い(大三元・大四喜)」"),
    riichi_min_points=(1000, "003 「持ち点1000点以上」"),
    riichi_min_wall=(4, "003 「山の残りが4枚以上」"),
    riichi_furiten=(True, "003 「リーチ後にロンを見逃すと、その局はもうロンできません」"),
    same_turn_furiten=(True, "003 「ロンできる牌を見送った。次の自分の番が来るまでロン不可」"),
    nine_terminals=(True, "003 「九種九牌 | 配牌の時点で…その局を流せます」"),
    four_winds=(True, "003 「四風連打 | 最初の1巡で、4人が同じ風牌を切ったとき」"),
    four_riichi=(True, "003 「四家立直 | 4人ともリーチをかけたとき」"),
    four_kans=(True, "003 「四槓散了 | 2人以上が合わせて4回カンしたとき」"),
    nagashi_mangan=(True, "003 「流局のときに満貫の支払いになります」"),
    noten_payment=(3000, "003 「場に3000点を出すイメージ」"),
    keishiki_tenpai=(True, "003 「役が無くてもテンパイとして数えます(形式テンパイ)」"),
    karaten=("counts", "003 「待ち牌を自分で4枚使い切っていても同じです」"),
    honba_value=(300, "003 「ロンなら放銃者が+300点」"),
    ippatsu=(True, "003 「一発 | リーチから次の自分の番までに和了る」"),
    ura_dora=(True, "003 「裏ドラ | リーチして和了ったときだけ数えられる」"),
    kan_dora=(True, "003 「カンドラ | カンをするとドラ表示牌が1枚増えます」"),
    rank_ties=("seat", CHOICE),
    double_wind_fu=(4, "003 「連風牌は+4符」"),
    kiriage=(False, "003 「切り上げ満貫は採用していません」"),
    kazoe_yakuman=(True, "003 「13翻〜(数え役満)」"),
)

QDAN = _cited(
    None,
    "qdan",
    "Qdan 4-player (the portal's standard rules, seed 004)",
    start_points=(25000, "004 「持ち点は25,000点か30,000点から始めます（既定は25,000点）」"),
    return_points=(30000, "004 「（持ち点−30,000）÷1,000＋ウマ＋オカ」"),
    rank_scheme=("qdan", "004, as paifu.rank_points.QDAN computes it"),
    uma=((15, 5, -5, -15), "004 「ウマ（1位+15・2位+5・3位−5・4位−15）」"),
    red_fives=((1, 1, 1), "004 「赤ドラは3枚かなし」 (3: our choice)"),
    renchan=("win_or_tenpai", "004 「親が上がるか、流局で親がテンパイしていると、親はそのまま続けます」"),
    abort_renchan=(True, "004 途中流局 「その局はやり直しです」"),
    bust=(True, "004 「誰かの持ち点が0点未満になると、その時点で対局は終わり」"),
    extension=("sudden-death", "004 「誰も30,000点に届いていないときは、次の場に入って続けます」"),
    target_margin=(5000, "004 「延長・アガリ止めの目標は開始点＋5,000点のままです」"),
    last_dealer_stop=(
        "win_or_tenpai",
        "004 「最後の局の親がトップで…親が上がったりテンパイしたりしても、そこで終わります」",
    ),
    leftover_sticks=("top", CHOICE),
    max_ron_winners=(2, "004 「ロンは複数人が同時に上がれます（ダブロン）」"),
    multi_ron_bonus=(
        "nearest",
        "004 「積み棒（本場）とリーチ棒の供託は…放銃者から見て反時計回りにいちばん近い人が受け取ります」",
    ),
    triple_ron_abort=(True, CHOICE),
    kuikae=("forbidden", CHOICE),
    riichi_min_points=(1000, "004 「持ち点が1,000点以上あること」"),
    riichi_min_wall=(4, "004 「山にまだ自分の引く番が残っていること」 (4 players: 4 tiles)"),
    riichi_furiten=(True, "004 「リーチのあとに見逃すと、その局のあいだずっとロンできません」"),
    same_turn_furiten=(True, "004 「ロンできた牌を見逃すと、次に自分が牌を引くまでロンできません」"),
    nine_terminals=(True, "004 「九種九牌」"),
    four_winds=(True, "004 「四風連打」"),
    four_riichi=(True, "004 「四家立直」"),
    four_kans=(True, "004 「2人以上で合わせて4回のカン（四開槓）」"),
    nagashi_mangan=(True, "004 「流し満貫として満貫の点数を受け取ります」"),
    noten_payment=(3000, "004 「テンパイの人がノーテンの人から、合わせて3,000点を受け取ります」"),
    honba_value=(300, CHOICE + " (004 does not state it)"),
    length=("south", "004 「決めた局数（既定は半荘＝東1局〜南4局）」"),
    kuitan=(True, CHOICE),
    pao=(frozenset({"daisangen", "daisuushii"}), CHOICE),
    karaten=("not-own-hand", CHOICE),
    keishiki_tenpai=(True, CHOICE),
    ura_dora=(True, "004 「リーチして上がると、ドラ表示牌の下の牌も表示牌として数えます（裏ドラ）」"),
    kan_dora=(True, "004 「カンをするたびに、ドラ表示牌が1枚ずつ増えます」"),
    rank_ties=("seat", "004 「同じ点数なら最初の親（起家）に近い人が上」"),
)

PRESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        TENHOU,
        TENHOU_SANMA,
        MAHJONGSOUL,
        MAHJONGSOUL_SANMA,
        DORA,
        DORA_SANMA,
        DORA_TOURNAMENT,
        RON2_SANMA,
        CASUAL,
        QDAN,
    )
}


def sources_text(rules: Ruleset) -> str:
    """Every value of ``rules`` with where it comes from (``paifu rules NAME --sources``).

    A value the preset does not set is the engine's default, which no source states."""
    cited = SOURCES.get(rules.name, {})
    lines = []
    for key, value in rules.to_dict().items():
        if key in ("name", "description"):
            continue
        why = cited.get(key, "default: not set by this preset")
        lines.append(f"{key} = {_toml_value(value)}  # {why}")
    return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    """A value as TOML writes it inline (``true``, ``"south"``, ``[1, 1, 1]``), so a line can be copied."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)


def preset(name: str) -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesetError(f"no preset {name!r}; known: {', '.join(PRESETS)}") from None


# ====================================================================== professional league rules
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
# Their rank points live in ``paifu.rank_points`` under the same names. A field not listed keeps the
# Ruleset default (Tenhou-like: 300 honba, 4 fu double-wind pair, ...): a choice wherever the sources
# found are silent; ``ema`` starts from ``wrc`` and lists what differs or has its own source.

JPML = Ruleset(
    name="jpml",
    rank_scheme="jpml",
    description="日本プロ麻雀連盟 公式ルール (JPML A-rules): 30,000 start, no ippatsu, ura or kan dora, "
    "head-bump, rank points by how many players float",
    red_fives=(0, 0, 0),  # [JPML] no red tiles (utakata.work 2024: "どの団体も赤ドラはありません")
    start_points=30000,  # [JPML] 競技ルール 三: "持ち点は各自三万点とする"
    return_points=30000,  # [JPML] 順位点 are counted from 30,000 (no oka); see rank_points.JPML
    uma=(8, 4, -4, -8),  # [JPML] 順位点 with two players floating; the other cases: rank_points.JPML
    rank_ties="split",  # choice: tied players share the 順位点 (the usual pro rule); not found stated
    length="south",  # [JPML] 競技全般 一: "東南戦半荘を一回戦とする"
    renchan="win_or_tenpai",  # [JPML] 連荘と流局 1: "ノーテン親流れ"
    abort_renchan=True,  # choice: the dealer keeps the seat after an abortive draw (not found stated)
    bust=False,  # choice: league games play the full hanchan; no bust rule found (uncertain)
    extension="none",  # choice: a fixed hanchan; no extension found
    last_dealer_stop="none",  # [JPML] 基本ルール 8: "アガリやめなし"
    leftover_sticks="lost",  # [JPML] リーチ 4: "オーラス終了時のリーチ棒は供託となる"
    max_ron_winners=1,  # [JPML] 基本ルール 6: "アガリは上家優先" (head-bump)
    triple_ron_abort=False,  # [JPML] head-bump: one winner, so three rons never abort
    kuitan=True,  # [JPML] 基本ルール 1: "喰いタン、後づけあり"
    kuikae="suji",  # [JPML] 基本ルール 2: "現物以外の喰い替えを認める" (only the same tile is forbidden)
    ippatsu=False,  # [JPML] 基本ルール 3: "一発、裏ドラ、槓ドラなし"
    ura_dora=False,  # [JPML] 基本ルール 3
    kan_dora=False,  # [JPML] 基本ルール 3; 槓(カン) 1: "槓ドラ、槓ウラなし"
    kan_ura=False,  # [JPML] 槓(カン) 1
    pao=frozenset({"daisangen", "daisuushii"}),  # choice: the usual liability yaku; not found stated
    pao_rinshan=True,  # [JPML] 槓(カン) 2: "大明槓の嶺上開花は責任払いとする" (enforced by issue-12 work)
    riichi_min_wall=0,  # [JPML] リーチ 5: "ツモ番がなくてもリーチをかけることができる"
    nine_terminals=True,  # [JPML] 連荘と流局 3: "九種九牌、四風子連打、4人リーチ、4カン流れは途中流局"
    four_winds=True,  # [JPML] 連荘と流局 3
    four_riichi=True,  # [JPML] 連荘と流局 3
    four_kans=True,  # [JPML] 連荘と流局 3
    nagashi_mangan=False,  # choice: the 2012 yaku list (特役) names 人和 only, no 流し満貫 (uncertain)
    noten_payment=3000,  # [JPML] 基本ルール 4: "ノーテンは場に3000点"
    noten_declaration=True,  # choice: a tenpai hand may stay closed (ノーテン宣言), as in most pro rules
    keishiki_tenpai=True,  # [JPML] 連荘と流局 2: "形式テンパイ可能"
    renhou="mangan",  # [JPML] official page 2012, 特役(満貫): "人和"
    kiriage=False,  # choice: not found stated
    # [JPML] "数え役満なし・ダブル役満なし": as our brief lists the rule; not in the excerpts found (uncertain)
    kazoe_yakuman=False,
    multiple_yakuman=False,
    double_yakuman=frozenset(),
    kokushi_chankan_ankan=True,  # [JPML] official page 2012: "国士無双 暗カンでもチャンカン可"
    green_dragon_required=True,  # [JPML] official page 2012: "緑一色 發を含まなければならない"
)

WRC = Ruleset(
    name="wrc",
    rank_scheme="wrc",
    description="World Riichi Championship rules (2015 rule book): 30,000 start, no red fives, head-bump, "
    "no abortive draws, no kazoe yakuman",
    red_fives=(0, 0, 0),  # [WRC] §3.3 additional tiles: none used (riichi.wiki summary; uncertain for 2022+)
    start_points=30000,  # [WRC] §4.1 starting points; riichi.wiki: "Starting points 30,000"
    return_points=30000,  # [WRC] §5.9.2: "session score = (table score - 30,000) / 1,000 + uma" (errata 2014)
    uma=(15, 5, -5, -15),  # [WRC] §5.9.2: uma +15/+5/-5/-15
    rank_ties="split",  # [WRC] riichi.wiki: "If players tie, uma is averaged"
    length="south",  # [WRC] §5.8: the South round follows the East round
    renchan="win_or_tenpai",  # [WRC] §5.7.8: "East stays East if he wins or if he is tenpai"
    abort_renchan=False,  # [WRC] §5.7: "There are no abortive draws" (nothing to repeat)
    bust=True,  # [WRC] riichi.wiki summary table: "Negative score: Game end" (uncertain: §5.9 not quoted)
    extension="none",  # [WRC] §5.9: the game ends after South 4 (uncertain: §5.9 text not quoted)
    last_dealer_stop="none",  # [WRC] §5.9.1: "No agari yame"
    leftover_sticks="top",  # choice: to the first-placed player as in EMA 2016 §3.6.1 (uncertain)
    max_ron_winners=1,  # [WRC] §5.7.6: "only the player closer to the discarder ... will win"
    triple_ron_abort=False,  # [WRC] §5.7.6: "Each hand can have only one winner"; §5.7 no abortive draws
    kuikae="forbidden",  # [WRC] errata 2014 to §5.4: "Swap-calling (kuikae) is not allowed"
    pao=frozenset({"daisangen", "daisuushii"}),  # [WRC] §6.2 liability payment (dragons, winds)
    pao_rinshan=False,  # [WRC] errata 2014: "There is no daiminkan liability"
    open_kan_dora_timing="immediate",  # choice: as EMA 2016, which follows WRC (§6.4 not quoted)
    nine_terminals=False,  # [WRC] §5.7: "There are no abortive draws."
    four_winds=False,  # [WRC] §5.7
    four_riichi=False,  # [WRC] §5.7
    four_kans=False,  # [WRC] §5.7 (§5.4.9: after a fourth kong no further kong is made)
    nagashi_mangan=True,  # choice: listed among the mangan yaku of §6.5.4 (uncertain)
    noten_payment=3000,  # [WRC] §5.7.2: "The total noten penalty amounts to 3,000 points"
    noten_declaration=True,  # [WRC] §5.7.2: "A player having a tenpai hand can choose to declare it noten
    #                           and not reveal it, unless he had declared riichi"
    renhou="mangan",  # [WRC] §6.5.4 mangan yaku; errata: "Renhō is cumulative with other yaku and dora"
    #                   (the cumulative part is not modelled: renhou is valued as a mangan)
    kiriage=False,  # choice: not found stated
    kazoe_yakuman=False,  # [WRC] errata 2014: "Kazoe yakuman is not allowed" (13+ han is sanbaiman)
    multiple_yakuman=False,  # [WRC] riichi.wiki: "Every yakuman is counted as single yakuman"
    double_yakuman=frozenset(),  # [WRC] as above
)

EMA = WRC.replace(
    name="ema",
    rank_scheme="ema",
    description="EMA Riichi Competition Rules 2016: as WRC, but double and triple ron, kan dora at once",
    # [EMA] 2016 revision notes (riichi.wiki): "no more red fives"; start 30,000 and uma
    # +15/+5/-5/-15 as WRC ("remaining differences with the 2015 WRC ruleset are minimal")
    red_fives=(0, 0, 0),
    start_points=30000,  # [EMA] 2016 as WRC (uncertain: section 2 not quoted)
    return_points=30000,  # [EMA] §3.6.1 winner bonus: uma only, no oka (uncertain: as WRC)
    uma=(15, 5, -5, -15),
    rank_ties="split",  # choice: as WRC
    bust=False,  # choice: no bust rule found in the 2016 text (uncertain; WRC's summary says it ends)
    leftover_sticks="top",  # [EMA] §3.6.1 "Winner bonus": remaining riichi bets go to the winner (uncertain)
    max_ron_winners=3,  # [EMA] §3.4.9: "A player whose discard results in one or more winning declarations,
    #                     pays the full value of each hand"; riichi.wiki: "Double and triple Ron is allowed"
    triple_ron_abort=False,  # [EMA] "Abortive draws are no longer used in EMA riichi rules" (riichi.wiki)
    multi_ron_bonus="nearest",  # choice: counters and riichi bets to the winner nearest the discarder
    kuikae="forbidden",  # [EMA] §3.3.2 swap-calling (kuikae), forbidden since 2016 as WRC (uncertain)
    open_kan_dora_timing="immediate",  # [EMA] riichi.wiki: "After declaring any type of kantsu, the next dora
    #                                    indicator is flipped immediately"
    # [EMA] §3.3.9 "Liability: Third melded dragon pung and fourth melded wind pung"
    pao=frozenset({"daisangen", "daisuushii"}),
    pao_ron_split="half",  # [EMA] §3.3.9: the discarder "shares the payment equally" with the liable player
    pao_honba="discarder",  # [EMA] §3.3.9: "only the discarder pays for any counters"
    nagashi_mangan=True,  # [EMA] riichi.wiki: "Nagashi mangan counts as a win"
    renhou="mangan",  # [EMA] 2016 revision notes: "renhou is now a strict mangan only"
    kazoe_yakuman=False,  # [EMA] 2016 revision notes: "the maximum score is a single yakuman" (kazoe: uncertain)
    multiple_yakuman=False,  # [EMA] 2016 revision notes, as above
)

MLEAGUE = Ruleset(
    name="mleague",
    rank_scheme="mleague",
    description="M.League official rules: 25,000 start, 30,000 return, red fives, head-bump, no aborts, "
    "no bust, kiriage, rank points +50/+10/-10/-30",
    red_fives=(1, 1, 1),  # [ML] "赤ドラ(5萬・5筒・5索の各1枚)" (mahjong-space.com)
    start_points=25000,  # [ML] "持ち点25,000点スタート、30,000点返し"
    return_points=30000,  # [ML] as above: oka 20 to the top
    uma=(30, 10, -10, -30),  # [ML] 順位点 +50/+10/-10/-30 including the oka (majannavi: +30/+10/-10/-30 uma)
    rank_ties="split",  # [ML] "同着の場合は順位点は分け" (majyan-item.com)
    length="south",  # [ML] "東南戦"
    renchan="win_or_tenpai",  # [ML] "テンパイ連荘" (majannavi.com)
    bust=False,  # [ML] "トビなし" (majannavi.com, majyan-item.com)
    extension="none",  # [ML] a fixed hanchan ("飛びなし、和了りやめなしなので2週をきっちり")
    last_dealer_stop="none",  # [ML] "アガリ止め無し(南四局の親がアガってトップになっても対局続行)"
    leftover_sticks="top",  # choice: the top takes them (the usual rule; uncertain, not found stated)
    max_ron_winners=1,  # [ML] "ダブロン・トリプルロンはなし(全て頭ハネ)" (majannavi.com)
    triple_ron_abort=False,  # [ML] head-bump, and "途中流局なし"
    kuikae="forbidden",  # choice: 喰い替えなし as in most pro rules (not found stated)
    ippatsu=True,  # [ML] "一発、赤ドラ…、裏ドラ、槓ドラあり"
    ura_dora=True,  # [ML] as above
    kan_dora=True,  # [ML] as above
    kan_ura=True,  # [ML] k-bys.work: "カンドラやカン裏ドラもあり"
    open_kan_dora_timing="immediate",  # [ML] "槓ドラは即めくり"
    pao=frozenset({"daisangen", "daisuushii"}),  # choice: the usual liability yaku (uncertain)
    riichi_min_wall=0,  # [ML] "ツモ番なしリーチあり" (majannavi.com)
    riichi_min_points=0,  # [ML] "飛びなし(持ち点1000点以下でもリーチ可)" (majannavi.com)
    nine_terminals=False,  # [ML] "途中流局(九種九牌、四風子連打、四人リーチ、箱割れ、四槓流れ)なし"
    four_winds=False,  # [ML] as above
    four_riichi=False,  # [ML] as above
    four_kans=False,  # [ML] as above
    nagashi_mangan=True,  # choice: listed among its rules by ojisan-gyakushu.com (its value not quoted)
    noten_payment=3000,  # choice: the usual 3,000 (not found stated)
    noten_declaration=True,  # [ML] tenpai is declared (聴牌宣言, ojisan-gyakushu.com): a hand may stay noten
    kiriage=True,  # [ML] "7700は切り上げ" (majyan-item.com)
    double_wind_fu=4,  # choice: a parlour playing M.League rules counts 2 ("連風対子は2符", mj-king.net); uncertain
    kazoe_yakuman=False,  # [ML] "数え役満なし ... 3倍満になります" (k-bys.work)
    multiple_yakuman=True,  # [ML] "純粋な役満の複合のみ、ダブル役満になります" (k-bys.work)
    double_yakuman=frozenset(),  # [ML] "四暗刻単騎や国士無双13面待ちなどは、ダブル役満にはなりません"
    kokushi_chankan_ankan=False,  # [ML] "暗カンに対する槍槓は認められない(国士無双を含む)"
)

PRESETS.update({r.name: r for r in (JPML, WRC, EMA, MLEAGUE)})


Ruleset._base_resolver = preset  # TOML's ``base = "tenhou"`` names one of these

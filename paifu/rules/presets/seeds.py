"""The seed presets (DORA, RON2, the casual app, Qdan): every value they set carries the sentence of
the seed document it comes from (000/002/003/004), or ``CHOICE`` where the source is silent (the
platform's usual behaviour, which real records correct). ``SOURCES`` keeps those citations;
``paifu rules NAME --sources`` prints them."""

from __future__ import annotations

from typing import Any

from paifu.rules.ruleset import Ruleset

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
    pao_tsumo=("whole", "002 「ツモアガりの場合は全額」"),
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
    open_settings=(
        (("length", ("south", "east", "one-hand")),),
        "003 「1局のみ・東風戦(4局)・半荘(8局)から選べます」: the hands the record plays choose",
    ),
)

QDAN = _cited(
    None,
    "qdan",
    "Qdan 4-player (the portal's standard rules, seed 004)",
    start_points=(25000, "004 「持ち点は25,000点か30,000点から始めます（既定は25,000点）」"),
    return_points=(30000, "004 「（持ち点−30,000）÷1,000＋ウマ＋オカ」"),
    rank_scheme=("qdan", "004, as paifu.rank_points.QDAN computes it"),
    uma=((15, 5, -5, -15), "004 「ウマ（1位+15・2位+5・3位−5・4位−15）」"),
    red_fives=((1, 1, 1), "004 「赤ドラは3枚かなし」 (3 where the record does not say: our choice)"),
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
    open_settings=(
        (
            ("start_points", (25000, 30000)),
            ("red_fives", ((1, 1, 1), (0, 0, 0))),
            ("length", ("south", "east", "one-hand")),
        ),
        "004 「持ち点は25,000点か30,000点から始めます」「赤ドラは3枚かなし、局数は半荘・東風・一局を始める前に"
        "設定で選べます」: the record's start scores, red fives and length choose",
    ),
)

"""The player section of the HTML report (``paifu report --player NAME --html``): every statistic
against the field, the Tenhou rating curve, the placement distribution and the yaku table.

Drawn from the player's counters, the field's, and the rating rows of that one player's games
(``Report.rating``), so its memory does not grow with the number of games in the report.
"""

from __future__ import annotations

from typing import Any

from paifu.analysis.htmlparts import cards, esc, html_table
from paifu.analysis.htmlparts import img as _img
from paifu.analysis.model import Report
from paifu.analysis.stats import Estimate, rates, yaku_frequencies

#: every statistic of ``paifu.analysis.stats.rates`` shown on the page: (key, label, 日本語, kind)
#: kind: "%" a rate, "n" a number, "p" points
STATISTICS = (
    ("avg_placement", "average placement", "平均順位", "n"),
    ("avg_rank_points", "average rank points", "平均得点", "n"),
    ("avg_final_score", "average final score", "平均素点", "p"),
    ("placement_1", "1st place", "トップ率", "%"),
    ("placement_2", "2nd place", "2着率", "%"),
    ("placement_3", "3rd place", "3着率", "%"),
    ("placement_4", "4th place", "ラス率", "%"),
    ("bust_rate", "bust", "飛び率", "%"),
    ("stable_dan", "stable dan (main 4-player Tenhou lobby)", "安定段位", "n"),
    ("win_rate", "win", "和了率", "%"),
    ("deal_in_rate", "deal-in", "放銃率", "%"),
    ("riichi_rate", "riichi", "立直率", "%"),
    ("call_rate", "call", "副露率", "%"),
    ("tsumo_share", "tsumo share of wins", "ツモ率", "%"),
    ("damaten_share", "damaten share of wins", "ダマ率", "%"),
    ("avg_win_value", "average win value", "平均打点", "p"),
    ("avg_deal_in_value", "average deal-in value", "平均放銃", "p"),
    ("win_income", "win value x win rate", "和了収入", "p"),
    ("deal_in_cost", "deal-in value x deal-in rate", "放銃損失", "p"),
    ("win_efficiency", "win efficiency (per hand)", "打点効率", "p"),
    ("avg_win_turn", "average win turn", "平均和了巡目", "n"),
    ("ryuukyoku_tenpai_rate", "tenpai at exhaustive draws", "流局時聴牌率", "%"),
    ("riichi_won", "riichi: won", "立直和了率", "%"),
    ("riichi_dealt_in", "riichi: dealt in", "立直放銃率", "%"),
    ("riichi_draw", "riichi: draw", "立直流局率", "%"),
    ("riichi_first_rate", "first riichi of the hand", "先制率", "%"),
    ("riichi_chase_rate", "chasing riichi", "追っかけ率", "%"),
    ("riichi_balance", "riichi balance (per riichi hand, stick incl.)", "立直収支", "p"),
    ("avg_riichi_turn", "average riichi turn", "平均立直巡目", "n"),
    ("ippatsu_rate", "ippatsu among riichi wins", "一発率", "%"),
    ("ura_rate", "ura dora among riichi wins", "裏ドラ率", "%"),
    ("deal_in_riichi_share", "deal-ins while in riichi", "立直中放銃", "%"),
    ("deal_in_open_share", "deal-ins while open", "副露中放銃", "%"),
    ("deal_in_closed_share", "deal-ins closed, no riichi", "門前放銃", "%"),
    ("called_win_rate", "win after calling", "副露後和了率", "%"),
    ("called_deal_in_rate", "deal-in after calling", "副露後放銃率", "%"),
    ("tsumo_hit_dealer_rate", "hit by tsumo as dealer", "親被ツモ率", "%"),
    ("avg_tsumo_loss_dealer", "average tsumo loss as dealer", "親被ツモ平均失点", "p"),
    ("tsumo_hit_nondealer_rate", "hit by tsumo as non-dealer", "子被ツモ率", "%"),
    ("avg_tsumo_loss_nondealer", "average tsumo loss as non-dealer", "子被ツモ平均失点", "p"),
    ("avg_start_shanten_dealer", "starting shanten as dealer", "親配牌向聴", "n"),
    ("avg_start_shanten_nondealer", "starting shanten as non-dealer", "子配牌向聴", "n"),
)


def _value(e: Estimate, kind: str) -> str:
    if e.value is None:
        return "NA"
    if kind == "%":
        text = f"{100 * e.value:.1f}%"
        interval = f"{100 * e.low:.1f}–{100 * e.high:.1f}" if e.low is not None and e.high is not None else ""
    else:
        digits = 0 if kind == "p" else 2
        text = f"{e.value:,.{digits}f}"
        interval = (
            f"{e.low:,.{digits}f}–{e.high:,.{digits}f}" if e.low is not None and e.high is not None else ""
        )
    return text + (f" <small>{interval}</small>" if interval else "")


def statistics_rows(report: Report, name: str) -> list[str]:
    """One row per statistic: the player's value and interval, its denominator, the field's value."""
    mine, field = rates(report.counters[name], report.num_players), rates(report.field, report.num_players)
    return [
        f"<tr><td>{esc(label)}</td><td>{esc(ja)}</td><td class='n'>{_value(mine[key], kind)}</td>"
        f"<td class='n'>{mine[key].denominator:,}</td><td class='n'>{_value(field[key], kind)}</td></tr>"
        for key, label, ja, kind in STATISTICS
    ]


def _rating_cards(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    cards = []
    for players in (4, 3):
        games = [r for r in rows if r["players"] == players]
        if games:
            last = games[-1]
            pairs = [r["agrees"] for r in games if r["agrees"] is not None]
            cards.append(
                (
                    f"R {players}-player",
                    f"{last['stated_rate']:.2f} stated at the last game; {len(games)} games, "
                    f"{sum(pairs)} of {len(pairs)} next games state R as recomputed",
                )
            )
            known = [r for r in games if r.get("dan_points_after") is not None]
            cards.append(
                (f"dan points {players}-player", _dan_points_text(known[-1] if known else None, players))
            )
    return cards


def _dan_points_text(row: dict[str, Any] | None, players: int) -> str:
    """The last dan points the records allow (``paifu.analysis.dan``), or why there are none."""
    if row is None and players == 3:
        return "not computed: Tenhou's three-player table is in no source we hold (docs/statistics.md)"
    if row is None:
        return "not known: no promotion between two records with no game between them (docs/statistics.md)"
    from paifu.analysis.rating import DAN_NAMES

    return f"{row['dan_points_after']} pt, {DAN_NAMES[row['implied_dan']]}, after {row['game_id']}"


def player_section(report: Report) -> list[str]:
    """The section's HTML parts (``report.player`` must be a player of the report)."""
    from paifu.analysis import plots

    name = report.player
    assert name is not None
    c = report.counters[name]
    curve = report.plots.curves.get(name)
    games, cumulative = curve.series() if curve is not None else ([], [])
    rating = [r for r in report.rating if r["player"] == name]
    yaku = yaku_frequencies(c)
    yaku_rows = [
        f"<tr><td>{esc(k)}</td><td class='n'>{int(e.numerator)}</td><td class='n'>{100 * (e.value or 0):.1f}%"
        f" <small>{100 * (e.low or 0):.1f}–{100 * (e.high or 0):.1f}</small></td></tr>"
        for k, e in yaku.items()
    ]
    counts = [
        ("games", f"{c.games:,} ({c.ranked_games:,} ranked), {c.hands:,} hands"),
        ("longest dealer run 最大連荘", f"{c.dealer_run.value}"),
        (
            "yakuman 役満 / counted 数え / double riichi ダブリー",
            f"{c.yakuman} / {c.kazoe_yakuman} / {c.double_riichi}",
        ),
        *_rating_cards(rating),
    ]
    plots_html = [
        _img(plots.rates_vs_field(c, report.field, name, report.num_players), "rates against the field"),
        _img(plots.placement_bars(c.placements, name), "placements"),
        _img(plots.progression(name, games, cumulative), "rank points"),
    ]
    if rating:
        plots_html.append(_img(plots.rating_curve(rating, name), "Tenhou rating"))
    return [
        f"<h2 id='player'>{esc(name)}</h2>",
        cards(counts),
        "<div class='plots'>",
        *plots_html,
        "</div>",
        "<h3>Statistics against the field</h3>",
        "<p class='note'>Small grey numbers: 95% intervals; n: the statistic's denominator "
        "(docs/statistics.md defines each).</p>",
        html_table(["statistic", "", name, "n", "field"], statistics_rows(report, name)),
        "<h3>Yaku</h3>",
        html_table(["yaku", "wins", "share of wins (95% interval)"], yaku_rows),
    ]

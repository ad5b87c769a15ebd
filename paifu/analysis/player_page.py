"""A player's page: for every table the player sat at, every statistic against that table's field,
the placements, the yaku, the records (biggest win and deal-in, frequent opponents); and the
standing the records state over time (R and dan re-anchored on every record, current and peak).

``player_page`` is a whole page (``paifu report --html`` writes one per player, with an index);
``player_section`` the same parts inside the report's page for ``--player``. Drawn from the
player's counters, each table's field and the rating rows, so its memory does not grow with the
number of games in the report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from paifu.analysis import svgplot
from paifu.analysis.htmlparts import cards, esc, html_table, page
from paifu.analysis.model import MIN_GAMES, Report
from paifu.analysis.ranks import DAN_NAMES
from paifu.analysis.stats import (
    STABLE_DAN_MIN_GAMES,
    Estimate,
    PlayerCounters,
    frequent_opponents,
    rates,
    yaku_frequencies,
)
from paifu.analysis.tables import TableKey

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
    ("stable_dan", "stable dan (the table's Tenhou lobby)", "安定段位", "n"),
    ("win_rate", "win", "和了率", "%"),
    ("deal_in_rate", "deal-in", "放銃率", "%"),
    ("riichi_rate", "riichi", "立直率", "%"),
    ("call_rate", "call", "副露率", "%"),
    ("draw_rate", "hands ending in an exhaustive draw", "流局率", "%"),
    ("tsumo_share", "tsumo share of wins", "ツモ率", "%"),
    ("damaten_share", "damaten share of wins", "ダマ率", "%"),
    ("avg_win_value", "average win value", "平均打点", "p"),
    ("avg_deal_in_value", "average deal-in value", "平均放銃", "p"),
    ("win_income", "win value x win rate", "和了収入", "p"),
    ("deal_in_cost", "deal-in value x deal-in rate", "放銃損失", "p"),
    ("win_efficiency", "win efficiency (per hand)", "打点効率", "p"),
    ("hand_balance", "score change per hand", "局収支", "p"),
    ("avg_win_turn", "average win turn", "平均和了巡目", "n"),
    ("ryuukyoku_tenpai_rate", "tenpai at exhaustive draws", "流局時聴牌率", "%"),
    ("riichi_won", "riichi: won", "立直和了率", "%"),
    ("riichi_dealt_in", "riichi: dealt in", "立直放銃率", "%"),
    ("riichi_dealt_in_later", "riichi: dealt in, not on the declaration", "立直後非瞬間放銃率", "%"),
    ("riichi_draw", "riichi: draw", "立直流局率", "%"),
    ("riichi_first_rate", "first riichi of the hand", "先制率", "%"),
    ("riichi_chase_rate", "chasing riichi", "追っかけ率", "%"),
    ("riichi_chased_rate", "chased after riichi", "被追っかけ率", "%"),
    ("riichi_balance", "riichi balance (per riichi hand, stick incl.)", "立直収支", "p"),
    ("riichi_income", "riichi income (per riichi win)", "立直収入", "p"),
    ("riichi_expense", "riichi expense (per riichi deal-in, stick incl.)", "立直支出", "p"),
    ("avg_riichi_turn", "average riichi turn", "平均立直巡目", "n"),
    ("riichi_furiten_rate", "furiten riichi", "振聴立直率", "%"),
    ("riichi_multi_wait_rate", "riichi on two kinds or more", "立直多面率", "%"),
    ("riichi_good_wait_rate", "riichi on 6+ unseen tiles", "立直好形率", "%"),
    ("ippatsu_rate", "ippatsu among riichi wins", "一発率", "%"),
    ("ura_rate", "ura dora among riichi wins", "裏ドラ率", "%"),
    ("deal_in_riichi_share", "deal-ins while in riichi", "立直中放銃", "%"),
    ("deal_in_open_share", "deal-ins while open", "副露中放銃", "%"),
    ("deal_in_closed_share", "deal-ins closed, no riichi", "門前放銃", "%"),
    ("deal_in_to_riichi_share", "dealt into a riichi", "対立直放銃", "%"),
    ("deal_in_to_open_share", "dealt into an open hand", "対副露放銃", "%"),
    ("deal_in_to_dama_share", "dealt into a closed hand without riichi", "対ダマ放銃", "%"),
    ("called_win_rate", "win after calling", "副露後和了率", "%"),
    ("called_deal_in_rate", "deal-in after calling", "副露後放銃率", "%"),
    ("called_draw_rate", "exhaustive draw after calling", "副露後流局率", "%"),
    ("tsumo_hit_dealer_rate", "hit by tsumo as dealer", "親被ツモ率", "%"),
    ("avg_tsumo_loss_dealer", "average tsumo loss as dealer", "親被ツモ平均失点", "p"),
    ("tsumo_hit_nondealer_rate", "hit by tsumo as non-dealer", "子被ツモ率", "%"),
    ("avg_tsumo_loss_nondealer", "average tsumo loss as non-dealer", "子被ツモ平均失点", "p"),
    ("dealer_bomb_rate", "bombed as dealer (mangan+ tsumo) per tsumo hit", "被炸率", "%"),
    ("avg_dealer_bomb_loss", "average bomb as dealer", "平均被炸点数", "p"),
    ("avg_start_shanten", "starting shanten", "配牌向聴", "n"),
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


def _rates(report: Report, c: PlayerCounters, key: TableKey) -> dict[str, Estimate]:
    lobby = key.lobby or None if key.players == 4 and key.lobby else None
    return rates(c, key.players, report.convention, lobby=lobby)


def statistics_rows(report: Report, name: str, key: TableKey) -> list[str]:
    """One row per statistic of one table: the player's value and interval, its denominator, the
    table field's value. A place past the table's size has no row."""
    c = report.counters[(key, name)]
    mine, field = _rates(report, c, key), _rates(report, report.field(key), key)
    rows = []
    for stat, label, ja, kind in STATISTICS:
        if stat not in mine:
            continue
        note = ""
        if (
            stat == "stable_dan"
            and mine[stat].value is not None
            and mine[stat].denominator < STABLE_DAN_MIN_GAMES
        ):
            note = (
                f" <small class='few'>few games: {mine[stat].denominator} of {STABLE_DAN_MIN_GAMES}</small>"
            )
        rows.append(
            f"<tr><td>{esc(label)}</td><td>{esc(ja)}</td><td class='n'>{_value(mine[stat], kind)}{note}</td>"
            f"<td class='n'>{mine[stat].denominator:,}</td><td class='n'>{_value(field[stat], kind)}</td></tr>"
        )
    return rows


def standing_cards(rows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Current and peak R and dan per table size and platform, as the records state them."""
    from paifu.analysis.ranks import standings_now

    out = []
    for s in standings_now(rows):
        where = f"{s['players']}-player {s['platform']}"
        if s.get("current_rate") is not None:
            out.append(
                (
                    f"R {where}",
                    f"{s['current_rate']:.2f} at the last game ({s['rate_after_last']:.2f} after it); "
                    f"peak {s['peak_rate']:.2f}; {s['games']} games, {s['gaps']} gaps"
                    if s.get("rate_after_last") is not None
                    else f"{s['current_rate']:.2f} at the last game; peak {s['peak_rate']:.2f}",
                )
            )
        if s.get("current_dan") is not None or s.get("current_dan_name"):
            now = s.get("current_dan_name") or _dan(s.get("current_dan"))
            peak = s.get("peak_dan_name") or _dan(s.get("peak_dan"))
            out.append((f"dan {where}", f"{now} now (as of {s['current_game']}); peak {peak}"))
        if s.get("current_points") is not None:
            out.append((f"rank points {where}", f"{s['current_points']:,.0f} after the last game"))
        if s["platform"] == "tenhou":
            mine = [r for r in rows if (r["players"], r["platform"]) == (s["players"], s["platform"])]
            known = [r for r in mine if r.get("dan_points_after") is not None]
            out.append((f"dan points {where}", _dan_points_text(known[-1] if known else None, s["players"])))
    return out


def _dan_points_text(row: dict[str, Any] | None, players: int) -> str:
    """The last dan points the records allow (``paifu.analysis.dan``), or why there are none."""
    if row is None and players == 3:
        return "not computed: Tenhou's three-player table is in no source we hold (docs/statistics.md)"
    if row is None:
        return "not known: no promotion between two records with no game between them (docs/statistics.md)"
    return f"{row['dan_points_after']} pt, {_dan(row['implied_dan'])}, after {row['game_id']}"


def _dan(index: object) -> str:
    return DAN_NAMES[index] if isinstance(index, int) and 0 <= index < len(DAN_NAMES) else "–"


def _records(c: PlayerCounters) -> list[tuple[str, str]]:
    out = [
        ("games", f"{c.games:,} ({c.ranked_games:,} ranked), {c.hands:,} hands"),
        ("longest dealer run 最大連荘", f"{c.dealer_run.value}"),
        (
            "yakuman 役満 / counted 数え / double riichi ダブリー / nagashi 流し満貫",
            f"{c.yakuman} / {c.kazoe_yakuman} / {c.double_riichi} / {c.nagashi}",
        ),
        ("most han 最大翻数", f"{c.max_han.value}" if c.wins else "–"),
    ]
    for label, best in (
        ("biggest win 最大和了", c.biggest_win),
        ("biggest deal-in 最大放銃", c.biggest_deal_in),
    ):
        if best.value is not None:
            out.append((label, f"{best.value:,} in {best.game} {best.hand} ({best.detail})"))
    return out


def table_block(
    report: Report, name: str, key: TableKey, link: Callable[[str], str | None] | None = None
) -> list[str]:
    """One table's part of a player's page: standing, statistics against the field, plots, yaku,
    records and frequent opponents (``link``: a player's page, for the opponents)."""
    c = report.counters[(key, name)]
    league = report.league(key)
    r = report.league_row(key, name)
    place = ""
    if r is not None:
        total = r["total_points"]
        place = f"rank {int(r['rank'])} of {len(league)} by total rank points" + (
            f" ({float(total):+.1f} over {int(r['ranked_games'])} ranked games)" if not pd.isna(total) else ""
        )
    plot_data = report.plots.get(key)
    curve = plot_data.curves.get(name) if plot_data is not None else None
    games, cumulative = curve.series() if curve is not None else ([], [])
    few = c.ranked_games < MIN_GAMES
    parts = [
        f"<h2 id='{esc(key.slug)}'>{esc(key.label)}</h2>",
        f"<p class='sub'>{esc(place)}"
        + (
            f" <span class='few'>Fewer than {MIN_GAMES} ranked games: the values say little yet.</span>"
            if few
            else ""
        )
        + "</p>",
        cards(_records(c)),
        "<div class='plots'>",
        svgplot.bars(
            [c.placements.get(p, 0) for p in range(1, key.players + 1)],
            [f"{p}." for p in range(1, key.players + 1)],
            f"placements ({c.ranked_games} ranked games; an even share is {100 / key.players:.0f}%)",
        ),
        svgplot.chart(
            f"cumulative rank points ({games[-1] if games else 0} games)",
            [
                svgplot.Series(
                    "rank points", "#2a9d8f", [(float(x), y) for x, y in zip(games, cumulative, strict=True)]
                )
            ],
            "rank points",
            dates=False,
        ),
        "</div>",
        "<h3>Statistics against the table's field</h3>",
        "<p class='note'>Small grey numbers: 95% intervals; n: the statistic's denominator "
        f"(docs/statistics.md defines each; counted as {esc(report.convention)} counts).</p>",
        html_table(["statistic", "", esc(name), "n", "field"], statistics_rows(report, name, key)),
    ]
    yaku = yaku_frequencies(c)
    yaku_rows = [
        f"<tr><td>{esc(k)}</td><td class='n'>{int(e.numerator)}</td><td class='n'>{100 * (e.value or 0):.1f}%"
        f" <small>{100 * (e.low or 0):.1f}–{100 * (e.high or 0):.1f}</small></td></tr>"
        for k, e in yaku.items()
    ]
    parts += ["<h3>Yaku</h3>", html_table(["yaku", "wins", "share of wins (95% interval)"], yaku_rows)]
    opponents = []
    for other, n in frequent_opponents(c):
        href = link(other) if link is not None else None
        shown = f"<a href='{esc(href)}'>{esc(other)}</a>" if href else esc(other)
        opponents.append(f"<tr><td>{shown}</td><td class='n'>{n}</td></tr>")
    parts += ["<h3>Frequent opponents 最常同卓</h3>", html_table(["player", "games together"], opponents)]
    return parts


def standing_block(report: Report, name: str) -> list[str]:
    """The standing the records state over time: cards, and per table size and platform the R
    curve re-anchored on every record (gaps marked), the dan each record states and the rank points
    summed game by game."""
    rows = report.rating_of(name)
    if not rows:
        return []
    charts = []
    groups = sorted({(r["players"], r["platform"]) for r in rows}, key=lambda g: (-g[0], g[1]))
    for players, platform in groups:
        games = [r for r in rows if (r["players"], r["platform"]) == (players, platform)]
        where = f"{'四麻' if players == 4 else '三麻' if players == 3 else players} {platform}"
        charts += [rating_chart(games, where), dan_chart(games, where), points_chart(games, where)]
    return [
        "<h2 id='standing'>Rating and rank over time</h2>",
        cards(standing_cards(rows)),
        "<p class='note'>Each curve starts from every record's stated value: between two records it is "
        "the first one's stated R plus that game's change, so it meets the next stated R unless a game the "
        "records do not hold came between them; there the line breaks and a cross marks where the change "
        "led. Hover a point for its game.</p>",
        "<div class='plots'>",
        *(c for c in charts if c),
        "</div>",
    ]


def rating_chart(games: list[dict[str, Any]], where: str) -> str:
    """The R of one player's games of one table size and platform, re-anchored on every record."""
    rated = [r for r in games if r["stated_rate"] is not None and r["time"] is not None]
    if not rated:
        return ""
    s = svgplot.Series(f"R {where}", "#2b5797")
    for i, r in enumerate(rated):
        x = svgplot.timestamp(r["time"])
        s.points.append((x, r["stated_rate"]))
        s.marks.append(
            (x, r["stated_rate"], f"{r['game_id']}: R {r['stated_rate']:.2f}, place {r['placement']}")
        )
        nxt = rated[i + 1] if i + 1 < len(rated) else None
        if nxt is not None and r["after"] is not None:
            nx = svgplot.timestamp(nxt["time"])
            s.points.append((nx, r["after"]))
            if nxt["gap"]:
                s.crosses.append((nx, r["after"]))
                s.points.append((nx, None))
    gaps = sum(1 for r in rated if r["gap"])
    return svgplot.chart(
        f"R {where}: {len(rated)} games, {gaps} gaps", [s], "R", y_format=lambda v: f"{v:.0f}"
    )


def dan_chart(games: list[dict[str, Any]], where: str) -> str:
    """The dan (rank level) each record states, held until the next record."""
    stated = [r for r in games if r["stated_dan"] is not None and r["time"] is not None]
    if not stated:
        return ""
    levels = sorted({int(r["stated_dan"]) for r in stated})
    names = {int(r["stated_dan"]): r["dan_name"] or _dan(r["stated_dan"]) for r in stated}
    if levels[-1] < len(DAN_NAMES):  # Tenhou's dan index: every dan between the lowest and highest
        height = {v: float(v) for v in range(levels[0], levels[-1] + 1)}
        names = {v: names.get(v) or _dan(v) for v in height}
    else:  # a level id (Mahjong Soul's 10301 ...): the levels the records state, one step apart
        height = {v: float(i) for i, v in enumerate(levels)}
    s = svgplot.Series(f"段位 {where}", "#8a5a00", step=True)
    for r in stated:
        x, y = svgplot.timestamp(r["time"]), height[int(r["stated_dan"])]
        s.points.append((x, y))
        s.marks.append((x, y, f"{r['game_id']}: {names[int(r['stated_dan'])]}"))
    label = {y: names[v] for v, y in height.items()}
    return svgplot.chart(
        f"段位 (stated) {where}",
        [s],
        "dan",
        y_format=lambda v: label.get(v, "–"),
        y_ticks=sorted(label),
    )


def points_chart(games: list[dict[str, Any]], where: str) -> str:
    """The report's rank points summed game by game; records that state rank points (段位点) too."""
    series = []
    summed = [
        (svgplot.timestamp(r["time"]), float(r["cumulative_points"]))
        for r in games
        if r["cumulative_points"] is not None and r["time"] is not None
    ]
    if summed:
        series.append(svgplot.Series("sum of rank points", "#2a9d8f", list(summed)))
    stated = [r for r in games if r["stated_points"] is not None and r["time"] is not None]
    if stated:
        s = svgplot.Series("段位点 (stated)", "#e76f51")
        for i, r in enumerate(stated):
            x = svgplot.timestamp(r["time"])
            s.points.append((x, float(r["stated_points"])))
            s.marks.append((x, float(r["stated_points"]), f"{r['game_id']}: {r['stated_points']:g}"))
            nxt = stated[i + 1] if i + 1 < len(stated) else None
            if nxt is not None and r["points_after"] is not None:
                nx = svgplot.timestamp(nxt["time"])
                s.points.append((nx, float(r["points_after"])))
                if nxt["points_gap"]:
                    s.crosses.append((nx, float(r["points_after"])))
                    s.points.append((nx, None))
        series.append(s)
    if not series:
        return ""
    return svgplot.chart(f"rank points over time {where}", series, "points")


def player_section(report: Report) -> list[str]:
    """The ``--player`` section of the report's page (``report.player`` must be a player of it)."""
    name = report.player
    assert name is not None
    parts = [f"<h2 id='player'>{esc(name)}</h2>"]
    for key in report.keys_of(name):
        parts += table_block(report, name, key)
    return parts + standing_block(report, name)


def player_page(
    report: Report, name: str, link: Callable[[str], str | None], index: str, font_text: str | None = None
) -> str:
    """One player's whole page: every table the player sat at, then the standing over time.
    ``link``: another player's page (relative to this one); ``index``: the players' index;
    ``font_text``: the characters the page's carried font holds (``htmlparts.page``)."""
    keys = report.keys_of(name)
    nav = (
        "<nav>"
        + f"<a href='{esc(index)}'>all players</a>"
        + "".join(f"<a href='#{esc(k.slug)}'>{esc(k.label)}</a>" for k in keys)
    )
    nav += "<a href='#standing'>rating and rank</a></nav>" if report.rating_of(name) else "</nav>"
    body = [nav]
    for key in keys:
        body += table_block(report, name, key, link)
    body += standing_block(report, name)
    games = sum(report.counters[(k, name)].games for k in keys)
    return page(f"{name} - paifu report", name, f"{games:,} games in this report.", body, font_text)

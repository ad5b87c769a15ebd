"""Plots with matplotlib: each takes an optional ``ax`` and returns the ``ax`` it drew on.

matplotlib is imported only when a plot is drawn; a new axes comes from a bare
``Figure`` (no pyplot, so nothing ever opens a window or calls ``show``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

from paifu.analysis.stats import RATE_NAMES, PlayerCounters, rates
from paifu.engine.results import GameResult
from paifu.view.names import game_label


def japanese_font() -> None:
    """Let figures draw Japanese names: IPAexGothic (shipped by ``matplotlib-fontja``) after the default
    font, so Latin text looks as before and kana and kanji come from IPAexGothic instead of boxes."""
    import matplotlib
    import matplotlib_fontja  # noqa: F401 - registers IPAexGothic (and makes it the only family)

    # checked every time, not once: an rc_context around the first plot (the report's) restores
    # the family it found when it exits
    if "IPAexGothic" not in matplotlib.rcParams["font.family"]:
        matplotlib.rcParams["font.family"] = ["DejaVu Sans", "IPAexGothic"]


def _axes(ax: Any = None, size: tuple[float, float] = (7, 3.5)) -> Any:
    japanese_font()
    if ax is not None:
        return ax
    from matplotlib.figure import Figure

    return Figure(figsize=size, layout="constrained").add_subplot()


def game_scores(result: GameResult, ax: Any = None) -> Any:
    """Each seat's score at the start of every hand of one game, and at its end."""
    ax = _axes(ax)
    hands = [h for h in result.hands if h.scores_start]
    labels = [h.label for h in hands]
    series = [list(h.scores_start) for h in hands]
    if result.final_scores is not None:
        labels.append("end")
        series.append(list(result.final_scores))
    elif hands and hands[-1].scores_end:
        labels.append("end")
        series.append(list(hands[-1].scores_end))
    x = range(len(labels))
    for s, name in enumerate(result.players):
        ax.plot(x, [row[s] for row in series], marker="o", label=f"{s}: {name}")
    ax.set_xticks(list(x), labels, rotation=60, fontsize=7)
    ax.axhline(result.rules.start_points or 0, color="grey", lw=0.8, ls="--")
    ax.set_ylabel("score")
    ax.set_title(f"game {game_label(result.game_id, result.source, result.game_index)}")
    ax.legend(fontsize=7)
    return ax


def placement_distribution(game_players: Any, player: str | None = None, ax: Any = None) -> Any:
    """Share of games finished in each place (one player, or every row of the frame)."""
    df = game_players if player is None else game_players[game_players["player"] == player]
    df = df.dropna(subset=["placement"])
    return placement_bars(df["placement"].astype(int).value_counts().to_dict(), player, ax)


def placement_bars(
    counts: Mapping[int, int], player: str | None = None, ax: Any = None, players: int | None = None
) -> Any:
    """The same from counts by place (``PlayerCounters.placements``: no rows needed). ``players``:
    the table's size (a three-player table has no 4th bar); by default the most places seen, at least 4."""
    ax = _axes(ax)
    counts = {int(p): int(k) for p, k in counts.items() if k}
    places = range(1, (players or max([*counts, 4])) + 1)
    total = sum(counts.values())
    shares = [counts.get(p, 0) / total if total else 0 for p in places]
    ax.bar([str(p) for p in places], shares, color="tab:blue")
    for i, p in enumerate(places):
        ax.annotate(str(counts.get(p, 0)), (i, shares[i]), ha="center", va="bottom", fontsize=8)
    ax.set_xlabel("placement")
    ax.set_ylabel("share of games")
    ax.set_title(f"placements{f' of {player}' if player else ''} ({total} games)")
    return ax


def rates_vs_field(
    player: PlayerCounters, field: PlayerCounters, name: str = "player", num_players: int = 4, ax: Any = None
) -> Any:
    """A player's rates beside the field's, with 95% Wilson intervals; NA rates are left out."""
    ax = _axes(ax, (7, 4.5))
    mine, theirs = rates(player, num_players), rates(field, num_players)
    names = [k for k in RATE_NAMES if mine[k].value is not None or theirs[k].value is not None]
    y = list(range(len(names)))
    for offset, (label, est, color) in enumerate(((name, mine, "tab:red"), ("field", theirs, "tab:grey"))):
        ys, xs, err_lo, err_hi = [], [], [], []
        for i, k in enumerate(names):
            e = est[k]
            if e.value is None:
                continue
            ys.append(i + (0.2 if offset == 0 else -0.2))
            xs.append(e.value)
            err_lo.append(max(0.0, e.value - (e.low if e.low is not None else e.value)))
            err_hi.append(max(0.0, (e.high if e.high is not None else e.value) - e.value))
        ax.errorbar(xs, ys, xerr=[err_lo, err_hi], fmt="o", color=color, label=label, capsize=3)
    ax.set_yticks(y, [n.replace("_", " ") for n in names], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("rate (95% interval)")
    ax.legend(fontsize=8)
    return ax


def rank_point_progression(game_players: Any, player: str, ax: Any = None) -> Any:
    """Cumulative rank points of one player over their games, in the frame's order."""
    df = game_players[(game_players["player"] == player)].dropna(subset=["points"])
    cumulative = df["points"].astype(float).cumsum().tolist()
    return progression(player, list(range(1, len(cumulative) + 1)), cumulative, ax)


def progression(player: str, games: list[int], cumulative: list[float], ax: Any = None) -> Any:
    """The same from the curve's points (``paifu.analysis.plotdata.Curve.series``: no rows needed)."""
    ax = _axes(ax)
    ax.plot(games, cumulative, marker="." if len(games) <= 200 else None, color="tab:green")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("game")
    ax.set_ylabel("cumulative rank points")
    ax.set_title(
        f"{player}: {games[-1] if games else 0} games, total {cumulative[-1] if cumulative else 0:+.1f}"
    )
    return ax


def to_png(ax: Any, dpi: int = 100) -> bytes:
    """The PNG bytes of the figure holding ``ax`` (Agg canvas; no display needed)."""
    import io
    import warnings

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = ax.figure
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    with warnings.catch_warnings():  # a name in a script no installed font has: drawn as boxes, not a warning
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


# ---------------------------------------------------------------------- the all-players report
def _short(name: str, width: int = 14) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def rank_points_by_player(stats: Any, ax: Any = None) -> Any:
    """Average rank points per game of each player in ``stats`` (rows as given), with 95% intervals."""
    ax = _axes(ax, (7, max(2.5, 0.32 * len(stats) + 1)))
    df = stats.dropna(subset=["avg_rank_points"]).iloc[::-1]
    y = range(len(df))
    val = df["avg_rank_points"].astype(float)
    low = df["avg_rank_points_low"].astype(float).fillna(val)
    high = df["avg_rank_points_high"].astype(float).fillna(val)
    colors = ["tab:green" if v >= 0 else "tab:red" for v in val]
    ax.barh(list(y), val, color=colors, alpha=0.6)
    ax.errorbar(
        val,
        list(y),
        xerr=[(val - low).clip(lower=0), (high - val).clip(lower=0)],
        fmt="none",
        ecolor="black",
        capsize=3,
        lw=1,
    )
    ax.set_yticks(
        list(y),
        [f"{_short(p)} ({g})" for p, g in zip(df["player"], df["ranked_games"], strict=True)],
        fontsize=8,
    )
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("average rank points per game (95% interval)")
    ax.set_title("rank points per game (ranked games in brackets)")
    return ax


def placement_shares(game_players: Any, players: list[str], ax: Any = None) -> Any:
    """Each player's share of first, second, ... places: one stacked bar per player."""
    df = game_players.dropna(subset=["placement"])
    df = df[df["player"].isin(players)]
    counts: dict[str, dict[int, int]] = {}
    for (name, place), k in df.groupby(["player", "placement"], observed=True).size().items():
        counts.setdefault(str(name), {})[int(place)] = int(k)
    return placement_share_bars(counts, players, ax)


def placement_share_bars(
    counts: Mapping[str, Mapping[int, int]], players: list[str], ax: Any = None, size: int | None = None
) -> Any:
    """The same from counts by player and place (``PlayerCounters.placements``: no rows needed).
    ``size``: the table's number of players (the places drawn, and the even share 1 / size)."""
    ax = _axes(ax, (7, max(2.5, 0.32 * len(players) + 1.2)))
    seen = sorted({int(p) for name in players for p, k in counts.get(name, {}).items() if k})
    places = list(range(1, size + 1)) if size else seen
    rows = players[::-1]
    totals = [sum(counts.get(name, {}).get(p, 0) for p in places) or 1 for name in rows]
    left = [0.0] * len(rows)
    colors = ["#2a9d8f", "#8ab17d", "#e9c46a", "#e76f51"]
    for i, place in enumerate(places):
        widths = [counts.get(name, {}).get(place, 0) / t for name, t in zip(rows, totals, strict=True)]
        ax.barh(range(len(rows)), widths, left=left, color=colors[i % len(colors)], label=f"{place}")
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.set_yticks(range(len(rows)), [_short(p) for p in rows], fontsize=8)
    ax.axvline(1 / max(1, len(places)), color="black", lw=0.8, ls=":")
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of the player's ranked games (dotted: an even share)")
    ax.set_title("placements per player")
    ax.legend(
        title="place",
        fontsize=7,
        title_fontsize=7,
        ncols=max(1, len(places)),
        loc="lower right",
        bbox_to_anchor=(1, 1.0),
        frameon=False,
    )
    return ax


def rank_point_curves(game_players: Any, players: list[str], ax: Any = None) -> Any:
    """Cumulative rank points of several players over their own games, in the frame's order."""
    series = {}
    for name in players:
        pts = game_players[game_players["player"] == name]["points"].dropna().astype(float).cumsum().tolist()
        series[name] = (list(range(1, len(pts) + 1)), pts)
    return curves(series, ax)


def curves(series: Mapping[str, tuple[list[int], list[float]]], ax: Any = None) -> Any:
    """The same from each player's curve points (``paifu.analysis.plotdata.Curve.series``), in the given order."""
    ax = _axes(ax, (7, 3.8))
    for name, (games, pts) in series.items():
        if pts:
            ax.plot(games, pts, lw=1.2, label=f"{_short(name)} ({pts[-1]:+.0f})")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("the player's game number")
    ax.set_ylabel("cumulative rank points")
    ax.set_title("rank-point curves")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return ax


def rank_point_distribution(game_players: Any, ax: Any = None) -> Any:
    """Rank points of every seat in every ranked game, stacked by the placement that earned them."""
    df = game_players.dropna(subset=["points", "placement"])
    counts = Counter(zip(df["placement"].astype(int), df["points"].astype(float), strict=True))
    return points_histogram(counts, ax)


def points_histogram(counts: Mapping[tuple[int, float], int], ax: Any = None) -> Any:
    """The same from counts per (placement, rank points) (``paifu.analysis.plotdata.PlotData.points``)."""
    ax = _axes(ax, (7, 3.2))
    places = sorted({p for p, _ in counts})
    groups = [sorted((v, k) for (p, v), k in counts.items() if p == place) for place in places]
    if groups:
        ax.hist(
            [[v for v, _ in g] for g in groups],
            weights=[[k for _, k in g] for g in groups],
            bins=40,
            stacked=True,
            label=[f"place {p}" for p in places],
            color=["#2a9d8f", "#8ab17d", "#e9c46a", "#e76f51"][: len(groups)],
        )
        ax.legend(fontsize=7)
    ax.set_xlabel("rank points in one game")
    ax.set_ylabel("seats")
    ax.set_title(f"rank-point distribution ({sum(counts.values()):,} results)")
    return ax


def rating_curve(rows: list[dict[str, Any]], player: str, ax: Any = None) -> Any:
    """A player's rating against time (``paifu.analysis.rating.rating_history`` rows), a line per
    table size and platform, re-anchored on every record: from each record's stated R (a point) to
    the R its game's change gives at the next record's time, which meets the next stated R unless a
    game the records do not hold came between them; there the line breaks and a cross marks where
    the change led (``gap``). On a second axis, the dan each record states (Tenhou's 0..20: 10 is 初段)
    as dashes, and the dan the dan points give as a dotted line where the records allow it."""
    import matplotlib.dates as mdates

    ax = _axes(ax, (7, 3.6))
    mine = [r for r in rows if r["player"] == player]
    twin = None
    colors = iter(["tab:blue", "tab:orange", "tab:green", "tab:purple"])
    groups = sorted({(r["players"], r["platform"]) for r in mine}, key=lambda g: (-g[0], g[1]))
    for players, platform in groups:
        color = next(colors, "tab:grey")
        games = [r for r in mine if (r["players"], r["platform"]) == (players, platform)]
        label = f"{'四麻' if players == 4 else '三麻' if players == 3 else players} {platform}"
        rated = [r for r in games if r["stated_rate"] is not None]
        if rated:
            xs: list[Any] = []
            ys: list[float] = []
            gaps = []
            for i, r in enumerate(rated):
                xs.append(r["time"])
                ys.append(r["stated_rate"])
                nxt = rated[i + 1] if i + 1 < len(rated) else None
                if nxt is not None and r["after"] is not None:
                    xs.append(nxt["time"])
                    ys.append(r["after"])
                    if nxt["gap"]:
                        gaps.append((nxt["time"], r["after"]))
                        xs.append(nxt["time"])
                        ys.append(math.nan)
            ax.plot(xs, ys, color=color, lw=1.3, label=f"{label} R")
            ax.scatter([r["time"] for r in rated], [r["stated_rate"] for r in rated], s=14, color=color)
            if gaps:
                ax.scatter(
                    [g[0] for g in gaps],
                    [g[1] for g in gaps],
                    marker="x",
                    s=36,
                    color="black",
                    label=f"{label}: a game not in the records (gap)",
                )
        x = [r["time"] for r in games]
        dans = [(t, r["stated_dan"]) for t, r in zip(x, games, strict=True) if r["stated_dan"] is not None]
        implied = [
            (t, r["implied_dan"]) for t, r in zip(x, games, strict=True) if r.get("implied_dan") is not None
        ]
        if dans:
            twin = twin or ax.twinx()
            twin.scatter([t for t, _ in dans], [d for _, d in dans], marker="_", s=60, color=color)
        if implied:
            twin = twin or ax.twinx()
            twin.step(
                [t for t, _ in implied], [d for _, d in implied], where="post", color=color, lw=0.9, ls=":"
            )
    if twin is not None:
        from matplotlib.ticker import FuncFormatter, MaxNLocator

        from paifu.analysis.ranks import DAN_NAMES

        low, high = twin.get_ylim()
        twin.set_ylim(math.floor(low) - 0.5, math.ceil(high) + 0.5)
        twin.yaxis.set_major_locator(MaxNLocator(integer=True))
        twin.yaxis.set_major_formatter(
            FuncFormatter(lambda v, _: DAN_NAMES[int(v)] if v == int(v) and 0 <= v < len(DAN_NAMES) else "")
        )
        twin.set_ylabel("段位 (stated: dashes; from dan points: dotted)", fontsize=7)
    _date_axis(ax, mdates)
    ax.set_ylabel("R")
    ax.set_title(f"{player} のレーティング (R, re-anchored on each record)")
    if mine:
        ax.legend(fontsize=7, loc="best")
    return ax


def points_over_time(rows: list[dict[str, Any]], player: str, ax: Any = None) -> Any:
    """A player's rank points summed game by game against time, a line per table size and platform
    (the report's scheme, ``rank_points``); and, where records state rank points (段位点), those as
    points with the line re-anchored on each, broken at a gap as the rating's."""
    import matplotlib.dates as mdates

    ax = _axes(ax, (7, 3.2))
    mine = [r for r in rows if r["player"] == player]
    groups = sorted({(r["players"], r["platform"]) for r in mine}, key=lambda g: (-g[0], g[1]))
    for (players, platform), color in zip(
        groups, ["tab:green", "tab:olive", "tab:cyan", "tab:pink"], strict=False
    ):
        games = [r for r in mine if (r["players"], r["platform"]) == (players, platform)]
        label = f"{'四麻' if players == 4 else '三麻' if players == 3 else players} {platform}"
        summed = [(r["time"], r["cumulative_points"]) for r in games if r["cumulative_points"] is not None]
        if summed:
            ax.plot(
                [t for t, _ in summed],
                [v for _, v in summed],
                color=color,
                lw=1.2,
                label=f"{label} 合計 (sum)",
            )
        stated = [(r["time"], r["stated_points"]) for r in games if r["stated_points"] is not None]
        if stated:
            ax.scatter(
                [t for t, _ in stated],
                [v for _, v in stated],
                s=12,
                color=color,
                label=f"{label} 段位点 (stated)",
            )
    ax.axhline(0, color="grey", lw=0.8)
    _date_axis(ax, mdates)
    ax.set_ylabel("rank points")
    ax.set_title(f"{player}: rank points over time")
    if mine:
        ax.legend(fontsize=7, loc="best")
    return ax


def _date_axis(ax: Any, mdates: Any) -> None:
    locator = mdates.AutoDateLocator()
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    ax.set_xlabel("date of the game (its log id's hour)")

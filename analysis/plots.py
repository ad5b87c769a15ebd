"""Plots with matplotlib: each takes an optional ``ax`` and returns the ``ax`` it drew on.

matplotlib is imported only when a plot is drawn; a new axes comes from a bare
``Figure`` (no pyplot, so nothing ever opens a window or calls ``show``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analysis.stats import RATE_NAMES, PlayerCounters, rates


def _axes(ax: Any = None, size: tuple[float, float] = (7, 3.5)) -> Any:
    if ax is not None:
        return ax
    from matplotlib.figure import Figure

    return Figure(figsize=size, layout="constrained").add_subplot()


def game_scores(result: Any, ax: Any = None) -> Any:
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
    ax.set_title(f"game {result.game_id or result.game_index}")
    ax.legend(fontsize=7)
    return ax


def placement_distribution(game_players: Any, player: str | None = None, ax: Any = None) -> Any:
    """Share of games finished in each place (one player, or every row of the frame)."""
    df = game_players if player is None else game_players[game_players["player"] == player]
    df = df.dropna(subset=["placement"])
    return placement_bars(df["placement"].astype(int).value_counts().to_dict(), player, ax)


def placement_bars(counts: Mapping[int, int], player: str | None = None, ax: Any = None) -> Any:
    """The same from counts by place (``PlayerCounters.placements``: no rows needed)."""
    ax = _axes(ax)
    counts = {int(p): int(k) for p, k in counts.items() if k}
    places = range(1, max([*counts, 4]) + 1)
    total = sum(counts.values())
    shares = [counts.get(p, 0) / total if total else 0 for p in places]
    ax.bar([str(p) for p in places], shares, color="tab:blue")
    for i, p in enumerate(places):
        ax.annotate(str(counts.get(p, 0)), (i, shares[i]), ha="center", va="bottom", fontsize=8)
    ax.set_xlabel("placement")
    ax.set_ylabel("share of games")
    ax.set_title(f"placements{f' of {player}' if player else ''} ({total} games)")
    return ax


def rates_vs_field(player: PlayerCounters, field: PlayerCounters, name: str = "player",
                   num_players: int = 4, ax: Any = None) -> Any:
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
    ax = _axes(ax)
    df = game_players[(game_players["player"] == player)].dropna(subset=["points"])
    cumulative = df["points"].astype(float).cumsum().tolist()
    ax.plot(range(1, len(cumulative) + 1), cumulative, marker=".", color="tab:green")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("game")
    ax.set_ylabel("cumulative rank points")
    ax.set_title(f"{player}: {len(cumulative)} games, total {cumulative[-1] if cumulative else 0:+.1f}")
    return ax


def to_png(ax: Any, dpi: int = 100) -> bytes:
    """The PNG bytes of the figure holding ``ax`` (Agg canvas; no display needed)."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = ax.figure
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()

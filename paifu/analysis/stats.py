"""Player statistics as sums of per-game counters, then rates with confidence intervals.

Counting and dividing are separate so batches combine exactly: ``PlayerCounters``
adds (``a + b``), and every rate is computed once, from the summed counts. A rate
whose denominator is zero is missing (``NA``), never 0.

Definitions (``docs/statistics.md`` says the same, with examples):

* **games**: games the player sat in. **ranked games**: those with final scores
  (complete games); placement, final score and rank points count only these.
  **flagged games**: games with findings; they are counted, and the report lists them.
* **average placement**: mean placement (1 = top; a split tie shares the best place).
  **placement distribution**: share of ranked games finished in each place.
* **average final score** / **average rank points**: means over ranked games
  (rank points under the report's scheme).
* **hands**: hands the player was dealt that reached their end in the record.
  Every per-hand rate divides by hands:
  **win rate** = hands the player won / hands;
  **deal-in rate** = hands where the player discarded a tile someone won on by ron / hands
  (a double ron is one deal-in);
  **riichi rate** = hands the player declared riichi / hands;
  **call rate** = hands with a chi, pon or open kan / hands.
* **tsumo share** = tsumo wins / wins. **damaten share** = wins with a closed hand and no
  riichi / wins.
* **average win value**: hand value (before honba and sticks; tsumo: the total received from
  the hand) over wins. **average deal-in value**: value of the win(s) dealt into, summed per
  deal-in hand, over deal-ins. **average win turn**: the winner's draws so far when winning
  (1 = first draw), over wins.
* **ryuukyoku tenpai rate** = exhaustive draws where the player was tenpai / exhaustive draws
  the player saw (where tenpai is known).
* **riichi outcomes**, each over riichi hands: **won** (the player won), **dealt in** (the
  player dealt in after declaring), **draw** (the hand ended in a draw of any kind), **other**
  (someone else won without the player paying by ron).
* **yaku frequency**: wins containing the yaku / wins (dora count only when worth a han).
* issue 24 (each in ``docs/statistics.md``): **bust rate** over ranked games; **ippatsu** and **ura**
  rates over riichi wins; **hit by tsumo** as dealer / non-dealer over hands as such, with the
  average loss; deal-ins **in riichi / open / closed** as shares of deal-ins; **first** and **chase**
  riichi over riichi hands; **riichi balance** (score change of riichi hands, stick included) and
  **average riichi turn**; **win / deal-in rates after calling** over hands with a call; **win
  efficiency** (value won - value dealt in, per hand) with its parts; **longest dealer run**,
  **yakuman**, **counted yakuman**, **double riichi** (counts); **average starting shanten** as
  dealer / non-dealer; the **stable dan** of the main four-player Tenhou lobby (three-player: NA,
  no cited table; `paifu.analysis.dan`).

Intervals: Wilson score interval for rates (always within 0..1), normal (mean +- z * sd / sqrt(n))
for averages, clipped to the range the quantity can take (placement 1..players); missing when the
denominator is zero and, for averages, when n < ``MIN_SAMPLE`` (10): a sample that small means nothing.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paifu.analysis.counters import (
    ANONYMOUS_NAMES,
    Z95,
    Moments,
    Peak,
    PlayerCounters,
    combine,
    field_counters,
    is_player_name,
)
from paifu.analysis.counting import count_game
from paifu.analysis.dan import stable_dan
from paifu.analysis.rating import LOBBIES

__all__ = [
    "ANONYMOUS_NAMES",
    "COUNT_COLUMNS",
    "MIN_SAMPLE",
    "RATE_NAMES",
    "Z95",
    "Estimate",
    "Moments",
    "Peak",
    "PlayerCounters",
    "combine",
    "count_game",
    "field_counters",
    "is_player_name",
    "mean",
    "rates",
    "stats_frame",
    "wilson",
    "yaku_frame",
    "yaku_frequencies",
]

#: fewer values than this give a mean no interval: a normal interval from 2..9 games is not honest
MIN_SAMPLE = 10


# ---------------------------------------------------------------------- rates
@dataclass(frozen=True)
class Estimate:
    """A rate or mean with its interval; ``value`` is None (NA) when undefined."""

    value: float | None
    low: float | None
    high: float | None
    numerator: float
    denominator: int


def wilson(k: int, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval for k successes in n trials (NA when n = 0)."""
    if n <= 0:
        return Estimate(None, None, None, k, n)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), k, n)


def mean(m: Moments, z: float = Z95, bounds: tuple[float, float] | None = None) -> Estimate:
    """The mean and its normal interval, clipped to ``bounds`` (what the quantity can be: a placement
    is 1..players); an interval needs ``MIN_SAMPLE`` values, fewer say nothing about the player."""
    low, high = m.interval(z) if m.n >= MIN_SAMPLE else (None, None)
    if bounds is not None and low is not None and high is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return Estimate(m.mean, low, high, m.total, m.n)


def _per_hand(m: Moments, hands: int) -> Estimate:
    """One part of the win efficiency: average value x rate = value summed over all hands / hands
    (0, not NA, for a player who never won or never dealt in); no interval of its own."""
    return Estimate(m.total / hands if hands else None, None, None, m.total, hands)


def rates(c: PlayerCounters, num_players: int = 4) -> dict[str, Estimate]:
    """Every statistic of the module docstring, by stable name."""
    out: dict[str, Estimate] = {
        "avg_placement": mean(c.placement, bounds=(1, num_players)),
        "avg_final_score": mean(c.final_score),
        "avg_rank_points": mean(c.rank_points),
    }
    for place in range(1, num_players + 1):
        out[f"placement_{place}"] = wilson(c.placements.get(place, 0), c.ranked_games)
    nondealer = c.hands - c.dealer_hands
    out.update(
        {
            "bust_rate": wilson(c.busts, c.ranked_games),
            "win_rate": wilson(c.wins, c.hands),
            "deal_in_rate": wilson(c.deal_ins, c.hands),
            "riichi_rate": wilson(c.riichi, c.hands),
            "call_rate": wilson(c.called, c.hands),
            "tsumo_share": wilson(c.tsumo_wins, c.wins),
            "damaten_share": wilson(c.damaten_wins, c.wins),
            "avg_win_value": mean(c.win_value),
            "avg_deal_in_value": mean(c.deal_in_value),
            "avg_win_turn": mean(c.win_turn),
            "ryuukyoku_tenpai_rate": wilson(c.tenpai_at_draw, c.exhaustive_draws),
            "riichi_won": wilson(c.riichi_won, c.riichi),
            "riichi_dealt_in": wilson(c.riichi_dealt_in, c.riichi),
            "riichi_draw": wilson(c.riichi_draw, c.riichi),
            "riichi_other": wilson(c.riichi_other, c.riichi),
            "riichi_first_rate": wilson(c.riichi_first, c.riichi),
            "riichi_chase_rate": wilson(c.riichi_chase, c.riichi),
            "riichi_balance": mean(c.riichi_balance),
            "avg_riichi_turn": mean(c.riichi_turn),
            "ippatsu_rate": wilson(c.ippatsu_wins, c.riichi_won),
            "ura_rate": wilson(c.ura_wins, c.riichi_won),
            "deal_in_riichi_share": wilson(c.deal_ins_riichi, c.deal_ins),
            "deal_in_open_share": wilson(c.deal_ins_open, c.deal_ins),
            "deal_in_closed_share": wilson(c.deal_ins_closed, c.deal_ins),
            "called_win_rate": wilson(c.called_wins, c.called),
            "called_deal_in_rate": wilson(c.called_deal_ins, c.called),
            "tsumo_hit_dealer_rate": wilson(c.tsumo_hit_dealer, c.dealer_hands),
            "tsumo_hit_nondealer_rate": wilson(c.tsumo_hit_nondealer, nondealer),
            "avg_tsumo_loss_dealer": mean(c.tsumo_loss_dealer),
            "avg_tsumo_loss_nondealer": mean(c.tsumo_loss_nondealer),
            "avg_start_shanten_dealer": mean(c.start_shanten_dealer, bounds=(0, 6)),
            "avg_start_shanten_nondealer": mean(c.start_shanten_nondealer, bounds=(0, 6)),
        }
    )
    out["win_income"] = _per_hand(c.win_value, c.hands)
    out["deal_in_cost"] = _per_hand(c.deal_in_value, c.hands)
    out["win_efficiency"] = mean(c.hand_net)  # = win_income - deal_in_cost, per hand
    lobby = main_lobby(c)
    dan = stable_dan(lobby_distribution(c, lobby), lobby) if lobby else None
    out["stable_dan"] = Estimate(dan, None, None, c.lobby_placements[f"{lobby}:1"], c.ranked_games)
    return out


def main_lobby(c: PlayerCounters) -> str | None:
    """The four-player Tenhou lobby the player ranked most games in (ties: the higher lobby)."""
    games: Counter[str] = Counter()
    for key, k in c.lobby_placements.items():
        games[key.split(":")[0]] += k
    levels = list(LOBBIES.values())  # low to high
    return max(games, key=lambda lobby: (games[lobby], levels.index(lobby)), default=None)


def lobby_distribution(c: PlayerCounters, lobby: str) -> dict[int, int]:
    return {p: c.lobby_placements.get(f"{lobby}:{p}", 0) for p in range(1, 5)}


#: the statistics shown as rates (0..1) against the field
RATE_NAMES = (
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "call_rate",
    "tsumo_share",
    "damaten_share",
    "ryuukyoku_tenpai_rate",
    "riichi_won",
    "riichi_dealt_in",
    "riichi_first_rate",
    "ippatsu_rate",
    "ura_rate",
    "called_win_rate",
    "called_deal_in_rate",
    "tsumo_hit_dealer_rate",
    "tsumo_hit_nondealer_rate",
    "bust_rate",
)

#: counts in the players frame (integer columns, ``Int64``), with the counter each comes from
COUNT_COLUMNS: dict[str, Callable[[PlayerCounters], int]] = {
    "games": lambda c: c.games,
    "ranked_games": lambda c: c.ranked_games,
    "flagged_games": lambda c: c.flagged_games,
    "hands": lambda c: c.hands,
    "wins": lambda c: c.wins,
    "deal_ins": lambda c: c.deal_ins,
    "riichi": lambda c: c.riichi,
    "busts": lambda c: c.busts,
    "max_dealer_run": lambda c: c.dealer_run.value,
    "yakuman": lambda c: c.yakuman,
    "kazoe_yakuman": lambda c: c.kazoe_yakuman,
    "double_riichi": lambda c: c.double_riichi,
}


def yaku_frequencies(c: PlayerCounters) -> dict[str, Estimate]:
    return {name: wilson(k, c.wins) for name, k in sorted(c.yaku.items(), key=lambda kv: (-kv[1], kv[0]))}


def stats_frame(counters: dict[str, PlayerCounters], num_players: int = 4, z: float = Z95):  # noqa: ANN201
    """One row per player: counts (``COUNT_COLUMNS``, ``Int64``), then each statistic of ``rates``
    with ``_low``/``_high`` interval columns (``Float64``; missing values are ``pd.NA``).

    Dtypes go by column name, so a column added anywhere keeps its type."""
    import pandas as pd

    names = sorted(counters)
    est = [rates(counters[n], num_players) for n in names]
    keys = list(rates(PlayerCounters(), num_players))
    cols: dict[str, Any] = {"player": pd.array(names, dtype="string")}
    for col, get in COUNT_COLUMNS.items():
        cols[col] = pd.array([get(counters[n]) for n in names], dtype="Int64")
    cols["stable_dan_lobby"] = pd.array([main_lobby(counters[n]) for n in names], dtype="string")
    for key in keys:
        for suffix, part in (("", "value"), ("_low", "low"), ("_high", "high")):
            values = [getattr(e[key], part) for e in est]
            cols[key + suffix] = pd.array([pd.NA if v is None else v for v in values], dtype="Float64")
    return pd.DataFrame(cols)


def yaku_frame(counters: dict[str, PlayerCounters]):  # noqa: ANN201
    """One row per (player, yaku): wins with the yaku, wins, and its share of wins with the Wilson
    interval; the long form of every player's yaku table, for CSV/Parquet."""
    import pandas as pd

    rows = [
        (name, yaku, int(e.numerator), e.denominator, e.value, e.low, e.high)
        for name in sorted(counters)
        for yaku, e in yaku_frequencies(counters[name]).items()
    ]
    types = {
        "player": "string",
        "yaku": "string",
        "wins_with": "Int64",
        "wins": "Int64",
        "share": "Float64",
        "share_low": "Float64",
        "share_high": "Float64",
    }
    return pd.DataFrame(
        {col: pd.array([r[i] for r in rows], dtype=dtype) for i, (col, dtype) in enumerate(types.items())}  # type: ignore[call-overload]
    )

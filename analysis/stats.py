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

Intervals: Wilson score interval for rates (always within 0..1), normal (mean +- z * sd / sqrt(n))
for averages, clipped to the range the quantity can take (placement 1..players); missing when the
denominator is zero and, for averages, when n < ``MIN_SAMPLE`` (10): a sample that small means nothing.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

Z95 = 1.959963984540054
#: fewer values than this give a mean no interval: a normal interval from 2..9 games is not honest
MIN_SAMPLE = 10


@dataclass
class Moments:
    """Count, sum and sum of squares: enough for a mean and its normal interval, and addable.

    The sums are exact (ints, or ``Fraction`` once a float comes in), so adding is associative:
    games summed one by one, in batches, or in any tree of batches (Dask) give the same bits.
    """

    n: int = 0
    exact_total: int | Fraction = 0
    exact_squares: int | Fraction = 0

    def add(self, x: float) -> None:
        v = x if isinstance(x, int) else Fraction(x)
        self.n += 1
        self.exact_total += v
        self.exact_squares += v * v

    def __add__(self, other: Moments) -> Moments:
        return Moments(
            self.n + other.n, self.exact_total + other.exact_total, self.exact_squares + other.exact_squares
        )

    @property
    def total(self) -> float:
        return float(self.exact_total)

    @property
    def squares(self) -> float:
        return float(self.exact_squares)

    @property
    def mean(self) -> float | None:
        # rank points carry one decimal: 12 places hide float noise (-1.8e-15 for a zero sum)
        return round(float(self.exact_total / self.n), 12) if self.n else None

    def interval(self, z: float = Z95) -> tuple[float | None, float | None]:
        if self.n < 2:
            return None, None
        mean = float(self.exact_total / self.n)
        var = max(
            0.0, float((self.exact_squares - self.exact_total * self.exact_total / self.n) / (self.n - 1))
        )
        half = z * math.sqrt(var / self.n)
        return mean - half, mean + half


@dataclass
class PlayerCounters:
    """What one player did, summed over any number of games; ``a + b`` combines batches."""

    games: int = 0
    ranked_games: int = 0
    flagged_games: int = 0
    placements: Counter[int] = field(default_factory=Counter)
    placement: Moments = field(default_factory=Moments)
    final_score: Moments = field(default_factory=Moments)
    rank_points: Moments = field(default_factory=Moments)
    hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    damaten_wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    called: int = 0
    win_value: Moments = field(default_factory=Moments)
    deal_in_value: Moments = field(default_factory=Moments)
    win_turn: Moments = field(default_factory=Moments)
    exhaustive_draws: int = 0
    tenpai_at_draw: int = 0
    riichi_won: int = 0
    riichi_dealt_in: int = 0
    riichi_draw: int = 0
    riichi_other: int = 0
    yaku: Counter[str] = field(default_factory=Counter)

    def __add__(self, other: PlayerCounters) -> PlayerCounters:
        out = PlayerCounters()
        for f in fields(self):
            setattr(out, f.name, getattr(self, f.name) + getattr(other, f.name))
        return out

    def __radd__(self, other: Any) -> PlayerCounters:  # sum() starts from 0
        if other == 0:
            return self + PlayerCounters()
        return NotImplemented


#: names a platform writes for a seat whose player it does not name: Tenhou's "NoName" is every
#: unregistered guest, so different people, never one player
ANONYMOUS_NAMES = frozenset({"", "NoName"})


def is_player_name(name: object) -> bool:
    """A seat's name identifies a player (not empty, not a platform's placeholder for guests)."""
    return str(name).strip() not in ANONYMOUS_NAMES


def combine(*batches: dict[str, PlayerCounters]) -> dict[str, PlayerCounters]:
    """Merge per-player counters from several batches (same player name = same player)."""
    out: dict[str, PlayerCounters] = {}
    for batch in batches:
        for name, c in batch.items():
            out[name] = out[name] + c if name in out else c + PlayerCounters()
    return out


def field_counters(counters: dict[str, PlayerCounters]) -> PlayerCounters:
    """Everyone together: the field a player is compared with."""
    return sum(counters.values(), PlayerCounters())


# ---------------------------------------------------------------------- counting one game
def count_game(
    result: Any,
    placements: tuple[int, ...] | None,
    points: tuple[float | None, ...] | None,
    num_players: int | None = None,
) -> list[PlayerCounters]:
    """Per-seat counters of one replayed game (``paifu.engine.results.GameResult``).

    ``placements``/``points`` come from the report's scheme (None for games without final
    scores); every hand-level count comes from the replay itself.
    """
    n = num_players or len(result.players)
    seats = [PlayerCounters(games=1, flagged_games=0 if result.valid else 1) for _ in range(n)]
    if placements is not None and result.final_scores is not None:
        for s in range(n):
            c = seats[s]
            c.ranked_games = 1
            c.placements[placements[s]] += 1
            c.placement.add(placements[s])
            c.final_score.add(result.final_scores[s])
            p = points[s] if points is not None else None
            if p is not None and not math.isnan(p):
                c.rank_points.add(p)
    for hand in result.hands:
        if not hand.complete:
            continue
        winners = {w.seat for w in hand.wins}
        dealt_in: dict[int, int] = {}
        for w in hand.wins:
            if not w.tsumo:
                dealt_in[w.from_seat] = dealt_in.get(w.from_seat, 0) + (w.points or 0)
        exhaustive = hand.ryuukyoku is not None and not hand.ryuukyoku.abortive
        for s in range(n):
            c = seats[s]
            c.hands += 1
            riichi = bool(hand.riichi and hand.riichi[s])
            c.riichi += riichi
            c.called += bool(hand.opened and hand.opened[s])
            if s in dealt_in:
                c.deal_ins += 1
                c.deal_in_value.add(dealt_in[s])
            if exhaustive and hand.tenpai is not None:
                c.exhaustive_draws += 1
                c.tenpai_at_draw += bool(hand.tenpai[s])
            if riichi:
                if s in winners:
                    c.riichi_won += 1
                elif s in dealt_in:
                    c.riichi_dealt_in += 1
                elif hand.ryuukyoku is not None:
                    c.riichi_draw += 1
                else:
                    c.riichi_other += 1
        for w in hand.wins:
            c = seats[w.seat]
            c.wins += 1
            c.tsumo_wins += w.tsumo
            c.damaten_wins += bool(w.closed and not w.riichi)
            if w.points is not None:
                c.win_value.add(w.points)
            c.win_turn.add(w.turn)
            c.yaku.update({name for name, han in w.yaku if han > 0})
    return seats


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


def rates(c: PlayerCounters, num_players: int = 4) -> dict[str, Estimate]:
    """Every statistic of the module docstring, by stable name."""
    out: dict[str, Estimate] = {
        "avg_placement": mean(c.placement, bounds=(1, num_players)),
        "avg_final_score": mean(c.final_score),
        "avg_rank_points": mean(c.rank_points),
    }
    for place in range(1, num_players + 1):
        out[f"placement_{place}"] = wilson(c.placements.get(place, 0), c.ranked_games)
    out.update(
        {
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
        }
    )
    return out


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
)


def yaku_frequencies(c: PlayerCounters) -> dict[str, Estimate]:
    return {name: wilson(k, c.wins) for name, k in sorted(c.yaku.items(), key=lambda kv: (-kv[1], kv[0]))}


def stats_frame(counters: dict[str, PlayerCounters], num_players: int = 4, z: float = Z95):  # noqa: ANN201
    """One row per player: counts, then each statistic with ``_low``/``_high`` interval columns.

    Missing values are ``pd.NA`` in nullable ``Float64`` columns.
    """
    import pandas as pd

    rows = []
    for name, c in sorted(counters.items()):
        row: dict[str, Any] = {
            "player": name,
            "games": c.games,
            "ranked_games": c.ranked_games,
            "flagged_games": c.flagged_games,
            "hands": c.hands,
            "wins": c.wins,
            "deal_ins": c.deal_ins,
            "riichi": c.riichi,
        }
        for key, est in rates(c, num_players).items():
            row[key] = est.value
            row[f"{key}_low"] = est.low
            row[f"{key}_high"] = est.high
        rows.append(row)
    df = pd.DataFrame(rows)
    if df.empty:
        return pd.DataFrame({"player": pd.Series(dtype="string")})
    df["player"] = df["player"].astype("string")
    for col in df.columns[1:8]:
        df[col] = df[col].astype("Int64")
    for col in df.columns[8:]:
        df[col] = pd.array([pd.NA if v is None else v for v in df[col]], dtype="Float64")
    return df

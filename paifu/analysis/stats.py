"""Player statistics as sums of per-game counters, then rates with confidence intervals.

Counting and dividing are separate so batches combine exactly: ``PlayerCounters`` adds (``a + b``),
and every rate is computed once, from the summed counts (``rates``). A rate whose denominator is zero
is missing (``NA``), never 0. Each statistic's definition, denominator and interval is in
``docs/statistics.md``; where stats sites count differently (the value of a win, the turn, the
dealer's starting hand, what bombs a dealer), ``rates`` follows the site the ``convention`` names.

Intervals: Wilson score interval for rates (always within 0..1), normal (mean +- z * sd / sqrt(n))
for averages, clipped to the range the quantity can take (placement 1..players); missing when the
denominator is zero and, for averages, when n < ``MIN_SAMPLE`` (10): a sample that small means
nothing. The stable dan's interval is the delta method's over the lobby's placement shares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

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
from paifu.analysis.estimates import (
    CONVENTIONS,
    MIN_SAMPLE,
    Convention,
    Estimate,
    convention_of,
    main_lobby,
    mean,
    per_hand,
    stable_dan_estimate,
    wilson,
)
from paifu.analysis.tables import KEY_COLUMNS, TableKey

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "ANONYMOUS_NAMES",
    "CONVENTIONS",
    "COUNT_COLUMNS",
    "MIN_SAMPLE",
    "RATE_NAMES",
    "Z95",
    "Convention",
    "Estimate",
    "Moments",
    "Peak",
    "PlayerCounters",
    "combine",
    "convention_of",
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

#: fewer ranked games in the lobby than this flag a stable dan (amae-koromo greys it out and adds
#: "?": ``notEnoughData = metadata.count < 100``, src/components/playerDetails/estimatedStableLevel.tsx)
STABLE_DAN_MIN_GAMES = 100


def rates(
    c: PlayerCounters,
    num_players: int = 4,
    convention: str | Convention = "paifu",
    lobby: str | None = None,
) -> dict[str, Estimate]:
    """Every statistic of the module docstring, by stable name, under a site's ``convention``.
    ``lobby``: the Tenhou lobby the stable dan is of (default: the one the player ranked most games in)."""
    conv = convention_of(convention)
    received = conv.win_value == "received"
    table_turns = conv.turns == "table"
    out: dict[str, Estimate] = {
        "avg_placement": mean(c.placement, bounds=(1, num_players)),
        "avg_final_score": mean(c.final_score),
        "avg_rank_points": mean(c.rank_points),
    }
    for place in range(1, num_players + 1):
        out[f"placement_{place}"] = wilson(c.placements.get(place, 0), c.ranked_games)
    nondealer = c.hands - c.dealer_hands
    dealer_shanten = (
        c.start_shanten_dealer14 if conv.dealer_shanten == "first-draw" else c.start_shanten_dealer
    )
    bombed, bomb = (
        (c.dealer_bombed_received, c.dealer_bomb_received)
        if conv.bomb == "received"
        else (c.dealer_bombed, c.dealer_bomb_value)
    )
    out.update(
        {
            "bust_rate": wilson(c.busts, c.ranked_games),
            "win_rate": wilson(c.wins, c.hands),
            "deal_in_rate": wilson(c.deal_ins, c.hands),
            "riichi_rate": wilson(c.riichi, c.hands),
            "call_rate": wilson(c.called, c.hands),
            "draw_rate": wilson(c.draws, c.hands),
            "tsumo_share": wilson(c.tsumo_wins, c.wins),
            "damaten_share": wilson(c.damaten_wins, c.wins),
            "avg_win_value": mean(c.win_received if received else c.win_value),
            "avg_deal_in_value": mean(c.deal_in_paid if received else c.deal_in_value),
            "avg_win_turn": mean(c.win_table_turn if table_turns else c.win_turn),
            "ryuukyoku_tenpai_rate": wilson(c.tenpai_at_draw, c.exhaustive_draws),
            "riichi_won": wilson(c.riichi_won, c.riichi),
            "riichi_dealt_in": wilson(c.riichi_dealt_in, c.riichi),
            "riichi_dealt_in_later": wilson(c.riichi_dealt_in - c.riichi_immediate_deal_ins, c.riichi),
            "riichi_draw": wilson(c.riichi_draw, c.riichi),
            "riichi_other": wilson(c.riichi_other, c.riichi),
            "riichi_first_rate": wilson(c.riichi_first, c.riichi),
            "riichi_chase_rate": wilson(c.riichi_chase, c.riichi),
            "riichi_chased_rate": wilson(c.riichi_chased, c.riichi),
            "riichi_balance": mean(c.riichi_balance),
            "riichi_income": mean(c.riichi_income_received if received else c.riichi_income),
            "riichi_expense": mean(c.riichi_expense_paid if received else c.riichi_expense),
            "avg_riichi_turn": mean(c.riichi_table_turn if table_turns else c.riichi_turn),
            "riichi_furiten_rate": wilson(c.riichi_furiten, c.riichi_noted),
            "riichi_multi_wait_rate": wilson(c.riichi_multi_wait, c.riichi_noted),
            "riichi_good_wait_rate": wilson(c.riichi_good_wait, c.riichi_noted),
            "ippatsu_rate": wilson(c.ippatsu_wins, c.riichi_won),
            "ura_rate": wilson(c.ura_wins, c.riichi_won),
            "deal_in_riichi_share": wilson(c.deal_ins_riichi, c.deal_ins),
            "deal_in_open_share": wilson(c.deal_ins_open, c.deal_ins),
            "deal_in_closed_share": wilson(c.deal_ins_closed, c.deal_ins),
            "deal_in_to_riichi_share": wilson(c.deal_ins_to_riichi, c.deal_in_winners),
            "deal_in_to_open_share": wilson(c.deal_ins_to_open, c.deal_in_winners),
            "deal_in_to_dama_share": wilson(c.deal_ins_to_dama, c.deal_in_winners),
            "called_win_rate": wilson(c.called_wins, c.called),
            "called_deal_in_rate": wilson(c.called_deal_ins, c.called),
            "called_draw_rate": wilson(c.called_draws, c.called),
            "tsumo_hit_dealer_rate": wilson(c.tsumo_hit_dealer, c.dealer_hands),
            "tsumo_hit_nondealer_rate": wilson(c.tsumo_hit_nondealer, nondealer),
            "avg_tsumo_loss_dealer": mean(c.tsumo_loss_dealer),
            "avg_tsumo_loss_nondealer": mean(c.tsumo_loss_nondealer),
            "dealer_bomb_rate": wilson(bombed, c.tsumo_hit),
            "avg_dealer_bomb_loss": mean(bomb),
            "hand_balance": mean(c.hand_delta),
            "avg_start_shanten": mean(dealer_shanten + c.start_shanten_nondealer, bounds=(0, 6)),
            "avg_start_shanten_dealer": mean(dealer_shanten, bounds=(0, 6)),
            "avg_start_shanten_nondealer": mean(c.start_shanten_nondealer, bounds=(0, 6)),
        }
    )
    out["win_income"] = per_hand(c.win_received if received else c.win_value, c.hands)
    out["deal_in_cost"] = per_hand(c.deal_in_paid if received else c.deal_in_value, c.hands)
    out["win_efficiency"] = mean(c.hand_net_paid if received else c.hand_net)  # = income - cost, per hand
    if lobby is None:
        lobby = main_lobby(c) if num_players == 4 else None
    out["stable_dan"] = stable_dan_estimate(c, lobby, num_players)
    return out


#: the statistics shown as rates (0..1) against the field
RATE_NAMES = (
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "call_rate",
    "draw_rate",
    "tsumo_share",
    "damaten_share",
    "ryuukyoku_tenpai_rate",
    "riichi_won",
    "riichi_dealt_in",
    "riichi_first_rate",
    "riichi_chased_rate",
    "riichi_good_wait_rate",
    "ippatsu_rate",
    "ura_rate",
    "called_win_rate",
    "called_deal_in_rate",
    "tsumo_hit_dealer_rate",
    "tsumo_hit_nondealer_rate",
    "dealer_bomb_rate",
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
    "max_han": lambda c: c.max_han.value,
    "nagashi_mangan": lambda c: c.nagashi,
    "deal_ins_to_riichi": lambda c: c.deal_ins_to_riichi,
    "deal_ins_to_open": lambda c: c.deal_ins_to_open,
    "deal_ins_to_dama": lambda c: c.deal_ins_to_dama,
}
#: text and record columns of the players frame, after the counts (``string`` unless named in
#: ``RECORD_INTS``): the biggest win and deal-in and where they happened, the frequent opponents
RECORD_INTS = ("biggest_win", "biggest_deal_in")
#: opponents named in ``frequent_opponents`` (the most games together; ties by name)
FREQUENT_OPPONENTS = 5


def frequent_opponents(c: PlayerCounters, n: int = FREQUENT_OPPONENTS) -> list[tuple[str, int]]:
    """The named players sat with most often, with the games together (ties: by name)."""
    return sorted(c.opponents.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def _records(c: PlayerCounters) -> dict[str, object]:
    out: dict[str, object] = {}
    for name in RECORD_INTS:
        best = getattr(c, name)
        out[name] = best.value
        out[f"{name}_game"] = best.game or None
        out[f"{name}_hand"] = best.hand or None
        out[f"{name}_detail"] = best.detail or None
    out["frequent_opponents"] = "; ".join(f"{p} ({k})" for p, k in frequent_opponents(c)) or None
    return out


def yaku_frequencies(c: PlayerCounters) -> dict[str, Estimate]:
    return {name: wilson(k, c.wins) for name, k in sorted(c.yaku.items(), key=lambda kv: (-kv[1], kv[0]))}


def stats_frame(
    counters: Mapping[str, PlayerCounters] | Mapping[tuple[TableKey, str], PlayerCounters],
    num_players: int = 4,
    z: float = Z95,
    convention: str | Convention = "paifu",
) -> pd.DataFrame:
    """One row per player (or per table key and player: the key's columns come first, and each row
    is divided by its own table's size): counts (``COUNT_COLUMNS``, ``Int64``), the stable dan's
    lobby and its few-games flag, the records (biggest win and deal-in, frequent opponents), then
    each statistic of ``rates`` with ``_low``/``_high`` interval columns (``Float64``; missing
    values are ``pd.NA``). A table of three players has no ``placement_4``: NA on its rows.

    Dtypes go by column name, so a column added anywhere keeps its type."""
    keyed = [k for k in counters if isinstance(k, tuple)]
    order: list[tuple[TableKey | None, str, Any]] = (
        [(k[0], k[1], k) for k in sorted(keyed, key=lambda k: (by_key_order(k[0]), k[1]))]
        if keyed
        else [(None, str(n), n) for n in sorted(counters)]
    )
    sizes = [key.players for key, _, _ in order if key is not None]
    width = max([num_players, *sizes]) if keyed else num_players
    return _stats_rows(counters, order, width, bool(keyed), convention)


#: rows of the players table made at a time by ``stats_frames`` (about 2 KiB each as a frame, and as
#: much again while it is made): what ``paifu report --players`` holds of it, however many players
STATS_ROWS = 1024


def stats_frames(
    counters: Mapping[tuple[TableKey, str], PlayerCounters],
    num_players: int = 4,
    convention: str | Convention = "paifu",
    rows: int | None = None,
) -> Iterator[pd.DataFrame]:
    """``stats_frame`` of keyed counters in pieces of ``rows`` rows (``STATS_ROWS``; at least one piece, empty for no
    players): concatenated, the same rows and columns. The keys come in order from the store
    (``SpillMap.names_in_order``, a page at a time from disk) where it can give them, so neither the
    frame nor a list of every key is held."""
    from paifu.analysis.tables import by_key

    rows = max(STATS_ROWS if rows is None else rows, 1)
    heads = by_key({k for k in _heads(counters)})
    width = max([num_players, *(k.players for k in heads)]) if heads else num_players
    ordered = getattr(counters, "names_in_order", None)
    piece: list[tuple[TableKey | None, str, Any]] = []
    made = False
    for head in heads:
        names = ordered(head) if ordered is not None else sorted(k for k in counters if k[0] == head)
        for k in names:
            piece.append((k[0], k[1], k))
            if len(piece) >= rows:
                yield _stats_rows(counters, piece, width, True, convention)
                piece, made = [], True
    if piece or not made:
        yield _stats_rows(counters, piece, width, True, convention)


def _heads(counters: Mapping[Any, PlayerCounters]) -> set[Any]:
    """The table keys of keyed counters (a store knows them without a pass over every key)."""
    known = getattr(counters, "heads", None)
    return set(known()) if known is not None else {k[0] for k in counters if isinstance(k, tuple)}


def _stats_rows(
    counters: Mapping[Any, PlayerCounters],
    order: list[tuple[TableKey | None, str, Any]],
    width: int,
    keyed: bool,
    convention: str | Convention,
) -> pd.DataFrame:
    """The rows of ``order`` (table key, name, counters' key), ``width`` players' columns wide."""
    import numpy as np
    import pandas as pd

    keys = list(rates(PlayerCounters(), width, convention))
    sizes = [key.players if key is not None else width for key, _, _ in order]
    n = len(order)
    # columns filled row by row, one player's counters at a time (a ``CounterStore`` holds them
    # packed): numbers go straight into arrays, so nothing per player but the row itself is built
    ints = [*COUNT_COLUMNS, "stable_dan_games", *RECORD_INTS]
    int_values = {col: np.zeros(n, dtype="int64") for col in ints}
    int_na = {col: np.zeros(n, dtype=bool) for col in ints}
    floats = [key + suffix for key in keys for suffix in ("", "_low", "_high")]
    float_values = {col: np.zeros(n, dtype="float64") for col in floats}
    float_na = {col: np.zeros(n, dtype=bool) for col in floats}
    texts: dict[str, list[Any]] = {
        name: [] for name in ("stable_dan_lobby", *_records(PlayerCounters())) if name not in RECORD_INTS
    }
    few: list[bool | None] = []
    for i, ((key, _, k), size) in enumerate(zip(order, sizes, strict=True)):
        c = counters[k]
        e = rates(
            c, size, convention, lobby=(key.lobby or None) if key is not None and key.players == 4 else None
        )
        for col, get in COUNT_COLUMNS.items():
            int_values[col][i] = get(c)
        lobby = (key.lobby or None) if key is not None and key.players == 4 and key.lobby else main_lobby(c)
        dan = e["stable_dan"]
        texts["stable_dan_lobby"].append(lobby if dan.value is not None else None)
        int_values["stable_dan_games"][i] = dan.denominator
        few.append(None if dan.value is None else dan.denominator < STABLE_DAN_MIN_GAMES)
        for name, v in _records(c).items():
            if name in RECORD_INTS:
                if v is None:
                    int_na[name][i] = True
                else:
                    int_values[name][i] = v
            else:
                texts[name].append(v)
        for key_name in keys:
            est = e.get(key_name)
            for suffix, part in (("", "value"), ("_low", "low"), ("_high", "high")):
                v = getattr(est, part) if est is not None else None
                if v is None or v != v:  # as ``pd.array`` takes them: NaN is NA too
                    float_na[key_name + suffix][i] = True
                else:
                    float_values[key_name + suffix][i] = v
    cols: dict[str, Any] = {}
    if keyed:
        for col, dtype in KEY_COLUMNS.items():
            cols[col] = pd.array([key.columns()[col] for key, _, _ in order], dtype=dtype)  # type: ignore[call-overload,union-attr]
    cols["player"] = pd.array([name for _, name, _ in order], dtype="string")

    def integers(col: str) -> Any:
        return pd.arrays.IntegerArray(int_values.pop(col), int_na.pop(col))

    for col in COUNT_COLUMNS:
        cols[col] = integers(col)
    cols["stable_dan_lobby"] = pd.array(texts.pop("stable_dan_lobby"), dtype="string")
    cols["stable_dan_games"] = integers("stable_dan_games")
    cols["stable_dan_few_games"] = pd.array(few, dtype="boolean")
    for name in _records(PlayerCounters()):
        cols[name] = integers(name) if name in RECORD_INTS else pd.array(texts.pop(name), dtype="string")
    for col in floats:
        cols[col] = pd.arrays.FloatingArray(float_values.pop(col), float_na.pop(col))
    return pd.DataFrame(cols)


def by_key_order(key: TableKey) -> tuple[int, str, str, str]:
    """Four players first, then three; within a size by platform, lobby, length."""
    return (-key.players, key.platform, key.lobby, key.length)


def yaku_frame(
    counters: Mapping[str, PlayerCounters] | Mapping[tuple[TableKey, str], PlayerCounters],
) -> pd.DataFrame:
    """One row per (player, yaku), per table key when the counters are keyed so: wins with the yaku,
    wins, and its share of wins with the Wilson interval; the long form of every player's yaku
    table, for CSV/Parquet."""
    import pandas as pd

    keyed = any(isinstance(k, tuple) for k in counters)
    ordered = sorted(
        counters,
        key=lambda k: (by_key_order(k[0]), k[1]) if isinstance(k, tuple) else ((0, "", "", ""), k),
    )
    rows = []
    for k in ordered:  # one player's counters at a time (a ``CounterStore`` holds them packed)
        key, name = k if isinstance(k, tuple) else (None, k)
        for yaku, e in yaku_frequencies(counters[k]).items():  # type: ignore[index]
            rows.append((key, name, yaku, int(e.numerator), e.denominator, e.value, e.low, e.high))
    types = {
        "player": "string",
        "yaku": "string",
        "wins_with": "Int64",
        "wins": "Int64",
        "share": "Float64",
        "share_low": "Float64",
        "share_high": "Float64",
    }
    cols: dict[str, Any] = {}
    if keyed:
        for col, dtype in KEY_COLUMNS.items():
            cols[col] = pd.array([r[0].columns()[col] for r in rows], dtype=dtype)  # type: ignore[call-overload]
    for i, (col, dtype) in enumerate(types.items()):
        cols[col] = pd.array([r[i + 1] for r in rows], dtype=dtype)  # type: ignore[call-overload]
    return pd.DataFrame(cols)

"""The game's end as Tenhou and Mahjong Soul show it: places, names, final scores, each one's change,
the uma and oka of the game's scheme, the rank points (the record's own where it states them), and
each player's rank and rating before and after where the record carries them.

``end_table`` is one small typed function over the replayed game (``GameResult``): the viewer's
panel, its list and the notebooks draw its rows (``EndTable``), so a reader that states more (a
platform's rank levels and their points) fills a field here and every view shows it.

Ranks and ratings: what a record states of each seat's standing at the game's start, as
``analysis.ranks.stated_rank`` reads it. A Tenhou record states each seat's dan and R (XML: ``UN
dan``, ``rate``; tenhou.net/6: the dan's name); R after is Tenhou's formula (``analysis.rating``),
with the games factor of a player past 400 games (0.2: the record does not say how many were
played), and the dan points the placement moves are the lobby's table (``analysis.dan``; south games, an east game two thirds). The dan after
the game is not in the record (the points before it are not either). A record that states a
platform's own rank levels and points puts them in its header facts under ``rank_level`` (with its
name, ``rank_level_name``) and ``rank_points_change`` (one value per seat), shown as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paifu.rank_points import Scheme, SchemeError, format_points, game_scheme, placements, rank_points
from paifu.view.names import shown_name


@dataclass(frozen=True, slots=True)
class EndRow:
    """One player at the game's end."""

    seat: int
    name: str
    place: int
    score: int  # final score, the sticks left on the table settled
    change: int  # from the game's start
    uma: float | None  # in rank points, of this place
    oka: float | None  # in rank points (the top's)
    points: float | None  # rank points: the record's own where it states them, else the scheme's
    points_text: str  # as the record writes them ("+49"), or as the scheme would
    stated: bool  # ``points`` are the record's own
    rank: str | None = None  # dan or rank level at the game's start
    rank_change: float | None = None  # the rank points (Tenhou's dan points) the placement moves
    rate: float | None = None  # rating (Tenhou's R) at the game's start
    rate_after: float | None = None


@dataclass(frozen=True, slots=True)
class EndTable:
    """The game's end: the rows by place, the scheme in words, and what the figures rest on."""

    rows: tuple[EndRow, ...]
    scheme: str
    notes: tuple[str, ...]

    def _repr_html_(self) -> str:
        from paifu.view.panels import end_html

        return end_html(self)


def _scheme_text(s: Scheme) -> str:
    per = "per 1,000 points" if s.unit == 1000 else f"per {s.unit:,} points"
    uma = "/".join(f"{u:+g}" for u in s.uma)
    parts = [f"{s.name}: start {s.start_points:,}"]
    if s.return_points is not None:
        parts.append(f"return {s.return_points:,}")
    parts.append(f"uma {uma} (thousands)")
    if s.oka_points:
        parts.append(f"oka {s.oka_points / s.unit:+g} to the top")
    if s.rounding != "none":
        parts.append("rounded to whole points")
    return ", ".join(parts) + f"; rank points {per}"


def _meta(result: Any) -> dict[str, Any]:
    return dict(getattr(result, "meta", ()) or ())


def _stated_ranks(result: Any, places: Sequence[int]) -> tuple[list[tuple[Any, ...]], list[str]]:
    """(rank, rank points moved, R, R after) per seat from what the record states of each seat's
    standing (``analysis.ranks.stated_rank``: Tenhou's dan and R, whether its XML's numbers or
    tenhou.net/6's names; a platform's own level and points change). A Tenhou dan's points moved are
    the lobby's table's, where the record names the lobby."""
    from paifu.analysis import dan as dan_points  # the analysis package: this one place
    from paifu.analysis import rating
    from paifu.analysis.ranks import DAN_NAMES, stated_rank, stated_rates

    meta, n = _meta(result), len(result.players)
    rates = stated_rates(meta, n)
    go = meta.get("tenhou_go_type")
    lobby = rating.tenhou_lobby(go)
    south = bool(go & 0x08) if isinstance(go, int) else None
    out: list[tuple[Any, ...]] = []
    notes: list[str] = []
    lobby_moved = False
    for s in range(n):
        stated = stated_rank(meta, s, n)
        if stated is None:
            out.append((None, None, None, None))
            continue
        d, moved = stated.level, stated.change
        if (
            moved is None
            and d is not None
            and 0 <= d < len(DAN_NAMES)
            and lobby is not None
            and south is not None
        ):
            moved = dan_points.points_change(places[s], d, lobby, south, n)
            lobby_moved = lobby_moved or moved is not None
        r = r_after = None
        if rates is not None:
            r = rates[s]
            r_after = round(r + rating.rating_change(places[s], r, list(rates), None), 2)
        out.append((stated.level_name, moved, r, r_after))
    if any(row[3] is not None for row in out):
        notes.append(
            "R after: Tenhou's formula, games factor 0.2 (a player past 400 games: the record does not say "
            "how many were played)"
        )
    if lobby_moved:
        notes.append(
            f"dan points: the {lobby} lobby's table for {'a south' if south else 'an east'} game; "
            "the dan after the game is not in the record"
        )
    return out, notes


def end_table(result: Any) -> EndTable | None:
    """The game's end of a replayed game (``GameResult``); None before it ends (no final scores)."""
    n = len(result.players)
    scores = result.claimed_final_scores or result.final_scores
    if scores is None or len(scores) < n:
        return None
    scores = tuple(scores[:n])
    try:
        scheme = game_scheme(result)
    except SchemeError:
        scheme = None
    ties = scheme.ties if scheme is not None else result.rules.rank_ties
    stated_places = result.claimed_placements
    places = (
        tuple(stated_places[:n])
        if stated_places and len(stated_places) >= n
        else placements(scores, result.first_dealer, ties)
    )
    computed: tuple[float, ...] | None = None
    if scheme is not None:
        try:
            computed = rank_points(scores, scheme, result.first_dealer)
        except SchemeError:
            computed = None
    claimed, texts = result.claimed_rank_points, result.claimed_rank_points_text
    start = result.hands[0].scores_start if result.hands and result.hands[0].scores_start else None
    uma = scheme.uma_for(scores) if scheme is not None else None
    ranks, notes = _stated_ranks(result, places)
    rows = []
    for s in range(n):
        stated = bool(claimed) and len(claimed) >= n
        points = claimed[s] if stated and claimed is not None else computed[s] if computed else None
        if points is not None and scheme is not None:
            text = format_points(points, scheme)
        elif stated and texts and len(texts) >= n:
            text = texts[s] if texts[s].startswith(("+", "-")) else f"+{texts[s]}"
        else:
            text = f"{points:+g}" if points is not None else ""
        dan, moved, rate, rate_after = ranks[s]
        unit = scheme.unit if scheme is not None else 1000
        rows.append(
            EndRow(
                seat=s,
                name=shown_name(result.players[s]),
                place=places[s],
                score=scores[s],
                change=scores[s] - (start[s] if start is not None and s < len(start) else 0),
                uma=uma[places[s] - 1] * 1000 / unit if uma is not None and 0 < places[s] <= n else None,
                oka=(scheme.oka_points / unit if places[s] == 1 else 0.0) if scheme is not None else None,
                points=points,
                points_text=text,
                stated=stated,
                rank=dan,
                rank_change=moved,
                rate=rate,
                rate_after=rate_after,
            )
        )
    if claimed and computed and any(abs(a - b) > 1e-6 for a, b in zip(claimed[:n], computed, strict=False)):
        notes.append("the record's rank points differ from the scheme's: see the findings")
    rows.sort(key=lambda r: (r.place, r.seat))
    return EndTable(
        tuple(rows), _scheme_text(scheme) if scheme is not None else "no rank-point scheme", tuple(notes)
    )

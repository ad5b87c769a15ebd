"""The table at one moment of a game: ``snapshot`` copies the engine's state into the frozen
data of ``paifu.view.model``, and ``SeatView``/``TableView`` are that data drawing itself in a
notebook (``_repr_svg_``).

``snapshot`` reads the engine's public state (``Replayer.state``, ``turn``, ``players``)
right after an event; nothing here changes how a game is judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    Discard,
    Draw,
    Event,
    GameEnd,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    Win,
)
from paifu.tiles import FIVE_KINDS, SANMA_REMOVED_KINDS, kind_to_str, tile_to_str
from paifu.view.model import (
    WIND_KANJI,
    WINDS,
    MeldView,
    RiverTileView,
    SeatData,
    TableData,
    kind_of,
    mpsz,
    shanten_of,
)
from paifu.view.names import shown_name, shown_names
from paifu.view.svg import seat_svg, table_html, table_svg

# the model's names are importable from here too (the public ``paifu.view.table`` of before)
__all__ = [
    "WINDS",
    "WIND_KANJI",
    "MeldView",
    "RiverTileView",
    "SeatView",
    "TableView",
    "describe",
    "hand_result_text",
    "kind_of",
    "mpsz",
    "shanten_of",
    "snapshot",
]


class SeatView(SeatData):
    """One seat's data, drawn as SVG when a notebook shows it."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return seat_svg(self)


class TableView(TableData):
    """The whole table's data, drawn as SVG when a notebook shows it."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return table_svg(self)

    def _repr_html_(self) -> str:
        """The table and its panel (the result, the findings, the game's end), sized to the column."""
        return table_html(self)


def _concealed(counts: list[int], red: list[int], drawn: str | None) -> tuple[tuple[str, ...], str | None]:
    out: list[str] = []
    for k, c in enumerate(counts):
        if not c:
            continue
        r = red[FIVE_KINDS.index(k)] if k in FIVE_KINDS else 0
        name = kind_to_str(k)
        out.extend(["0" + name[1]] * min(r, c) + [name] * (c - min(r, c)))
    if drawn is not None and drawn in out:
        out.remove(drawn)
        return tuple(out), drawn
    return tuple(out), None


def _meld(m: Meld, seat: int, n: int, red: tuple[int, int, int]) -> MeldView:
    names = [tile_to_str(t, red) for t in m.tiles]
    if m.kind == CallKind.ANKAN or m.called is None:
        return MeldView(m.kind.value, tuple(sorted(names, key=lambda t: (kind_of(t), t[0] != "0"))), None)
    called = tile_to_str(m.called, red)
    rest = list(names)
    if called in rest:
        rest.remove(called)
    added = None
    if m.kind == CallKind.KAKAN and rest:
        added = rest.pop()
    rest.sort(key=lambda t: (kind_of(t), t[0] != "0"))
    rel = (m.from_seat - seat) % n if m.from_seat is not None else n - 1  # 1 right, 2 across, n-1 left
    if rel == n - 1:
        at = 0
    elif rel == 1:
        at = len(rest)
    else:
        at = 1
    tiles = rest[:at] + [called] + rest[at:]
    return MeldView(m.kind.value, tuple(tiles), at, added, m.from_seat)


def seat_name(players: Sequence[str], s: int | None) -> str:
    """A seat as the viewer names it: ``Aoi (seat 0)``, or ``seat 0`` where the record names nobody."""
    if s is None:
        return "seat ?"
    return f"{shown_name(players[s])} (seat {s})" if 0 <= s < len(players) and players[s] else f"seat {s}"


def describe(ev: Event, players: tuple[str, ...], red: tuple[int, int, int]) -> str:
    """One line for an event, the way a viewer's log shows it."""

    def who(s: int | None) -> str:
        return seat_name(players, s)

    def t(x: int) -> str:
        return tile_to_str(x, red) if 0 <= x < 136 else f"id {x}"

    match ev:
        case GameStart():
            return f"game start: {', '.join(shown_names(tuple(ev.players)))}"
        case HandStart():
            return f"hand start {WINDS[ev.round_wind % 4]}{ev.hand_number + 1}-{ev.honba}, dealer {who(ev.dealer)}"
        case Draw():
            return f"{who(ev.seat)} draws {t(ev.tile)}"
        case Discard():
            return f"{who(ev.seat)} discards {t(ev.tile)}{' (tsumogiri)' if ev.tsumogiri else ''}"
        case Call():
            tiles = "".join(t(x) for x in ev.meld.tiles)
            src = f" from {who(ev.meld.from_seat)}" if ev.meld.from_seat is not None else ""
            return f"{who(ev.seat)} {ev.meld.kind.value} {tiles}{src}"
        case NewDora():
            return f"new dora indicator {t(ev.indicator)}"
        case RiichiDeclared():
            return f"{who(ev.seat)} declares riichi"
        case RiichiAccepted():
            return f"{who(ev.seat)}'s riichi stick is down"
        case Win():
            how = "tsumo" if ev.tsumo else f"ron on {who(ev.from_seat)}"
            return f"{who(ev.seat)} wins by {how} with {t(ev.tile)}"
        case Ryuukyoku():
            return f"draw: {ev.kind.value}"
        case GameEnd():
            return "game end" + (f": {', '.join(map(str, ev.final_scores))}" if ev.final_scores else "")
    return type(ev).__name__


def hand_result_text(hand: Any, players: Sequence[str] = ()) -> str:
    """A hand's wins and draw as one line (a ``HandResult``; empty while the hand is open), each
    seat by its player's name as the rest of the viewer names it (``seat_name``)."""
    if hand is None:
        return ""
    parts = []
    for w in hand.wins:
        value = f"{w.points}" if w.points is not None else "?"
        detail = f"{w.han} han {w.fu} fu" if w.han is not None and w.fu else ""
        if w.limit:
            detail = f"{detail} {w.limit}".strip()
        how = "tsumo" if w.tsumo else f"ron from {seat_name(players, w.from_seat)}"
        yaku = ", ".join(f"{n} {h}" for n, h in w.yaku)
        parts.append(
            f"{seat_name(players, w.seat)} {how}: {value} ({detail}{'; ' if detail and yaku else ''}{yaku})"
        )
    if hand.ryuukyoku is not None:
        ten = ""
        if hand.tenpai is not None:
            seats = [seat_name(players, s) for s, x in enumerate(hand.tenpai) if x]
            ten = "; tenpai: " + (", ".join(seats) or "none")
        parts.append(f"draw ({hand.ryuukyoku.value}{ten})")
    return "; ".join(parts)


def _river(
    seat: Any, red: tuple[int, int, int], tiles: dict[tuple[Any, ...], RiverTileView]
) -> tuple[RiverTileView, ...]:
    out = []
    for r in seat.river:
        key = (r.tile, r.tsumogiri, r.riichi, r.called)
        view = tiles.get(key)
        if view is None:
            name = tile_to_str(r.tile, red) if 0 <= r.tile < 136 else "?"
            view = tiles[key] = RiverTileView(name, r.tsumogiri, r.riichi, r.called)
        out.append(view)
    return tuple(out)


def _seat(
    seat: Any, s: int, n: int, dealer: int, score: int, players: tuple[str, ...], red: Any, rivers: dict
) -> SeatView:
    drawn = tile_to_str(seat.drawn, red) if seat.drawn is not None else None
    hand, drawn = _concealed(seat.counts, seat.red, drawn)
    waits = (
        tuple(
            kind_to_str(k)
            for k in sorted(seat.waits)
            if seat.counts[k] < 4 and not (n == 3 and k in SANMA_REMOVED_KINDS)
        )
        if sum(seat.counts) % 3 == 1
        else ()
    )
    return SeatView(
        seat=s,
        name=players[s] if s < len(players) else f"seat {s}",
        wind=(s - dealer) % n,
        score=score,
        hand=hand,
        drawn=drawn,
        river=_river(seat, red, rivers),
        melds=tuple(_meld(m, s, n, red) for m in seat.melds if m.kind != CallKind.KITA),
        kita=seat.kita,
        riichi=seat.riichi,
        waits=waits,
        sanma=n == 3,
    )


def snapshot(
    rp: Any, index: int, ev: Event, ura: tuple[int, ...] = (), memo: dict[Any, Any] | None = None
) -> TableView:
    """The table right after ``rp.apply(ev, index)``: a frozen copy of the engine's table, with
    the hand's judged result (``table_view`` draws any table)."""
    return table_view(rp.state, tuple(rp.players), rp.rules.red_fives, index, ev, ura, memo, rp.hand)


def table_view(
    st: Any,
    players: tuple[str, ...],
    red: tuple[int, int, int],
    index: int,
    ev: Event,
    ura: tuple[int, ...] = (),
    memo: dict[Any, Any] | None = None,
    hand: Any = None,
) -> TableView:
    """A frozen copy of a ``paifu.board`` table after event ``index``; ``hand`` is the judged
    ``HandResult`` whose text the view shows, if there is one.

    ``memo`` (one dict per game, passed at every event) keeps each seat's last copy with what it
    was copied from: a seat the event left as it was is the same ``SeatView`` again (most events
    change one seat), which also lets the drawing's caches find it at once. Names are cut to what
    the viewer shows (``paifu.view.names.NAME_CHARS``)."""
    players = shown_names(players)
    text = describe(ev, players, red)
    kind, actor = type(ev).__name__, getattr(ev, "seat", None)
    if st is None:
        return TableView(index=index, event=text, players=players, kind=kind, actor=actor)
    n = st.num_players
    memo = {} if memo is None else memo
    rivers = memo.setdefault("river", {})
    seats = []
    for s, seat in enumerate(st.seats):
        river = seat.river
        key = (
            st.scores[s],
            st.dealer,
            seat.drawn,
            tuple(seat.counts),
            tuple(seat.red),
            len(river),
            river[-1].called if river else False,
            tuple(m.kind for m in seat.melds),
            seat.kita,
            seat.riichi,
            seat.wait_mask,
        )
        known = memo.get(s)
        if known is not None and known[0] == key:
            seats.append(known[1])
            continue
        view = _seat(seat, s, n, st.dealer, st.scores[s], players, red, rivers)
        memo[s] = (key, view)
        seats.append(view)
    return TableView(
        index=index,
        event=text,
        players=players,
        hand=st.label,
        round_wind=st.round_wind,
        hand_number=st.hand_number,
        honba=st.honba,
        sticks=st.sticks,
        dealer=st.dealer,
        turn=st.turn,
        tiles_left=max(st.live_left, 0),
        dora=tuple(tile_to_str(t, red) for t in st.dora_indicators if 0 <= t < 136),
        ura=tuple(tile_to_str(t, red) for t in ura if 0 <= t < 136),
        seats=tuple(seats),
        result=hand_result_text(hand, players),
        kind=kind,
        actor=actor,
    )


def followed_tables(record: Any, rules: Any = None) -> list[TableView]:
    """The table after every event of a game as the record moves it, unchecked (``paifu.board``):
    nothing is judged or recomputed, so no result text and no findings (``paifu.game`` has them),
    and the hands, rivers, melds, dora, scores, shanten and waits are there at every event."""
    from paifu.board.follow import follow
    from paifu.pipeline import record_rules
    from paifu.rules.flags import flags_of

    ruleset = record_rules(record, rules)
    players: tuple[str, ...] = ()
    ura: tuple[int, ...] = ()
    memo: dict[Any, Any] = {}
    out = []
    for index, (ev, st) in enumerate(follow(record.events, flags_of(ruleset).table)):
        if isinstance(ev, GameStart):
            players = tuple(ev.players)
        elif isinstance(ev, HandStart):
            ura = ()
        elif isinstance(ev, Win) and ev.claimed.ura_indicators:
            ura = tuple(ev.claimed.ura_indicators)
        if st is None:
            text = describe(ev, players, ruleset.red_fives)
            out.append(TableView(index=index, event=text, players=players, kind=type(ev).__name__))
        else:
            out.append(table_view(st, players, ruleset.red_fives, index, ev, ura, memo))
    return out

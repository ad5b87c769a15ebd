"""Step through one game: the table after every event, its hands and its findings.

``GameView`` replays a record once (the same replay ``paifu validate`` runs, with a
snapshot taken after each event) and then moves a cursor: ``step``, ``back``,
``goto(event)``, ``hand("E2-1")``, ``finding(i)``; each returns the ``TableView`` there.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from paifu.engine.results import GameResult
from paifu.events import Discard, Event, GameRecord, HandStart, Win
from paifu.findings import Finding
from paifu.rules import Ruleset
from paifu.safety import printable
from paifu.tiles import tile_to_str
from paifu.view.ending import end_table
from paifu.view.model import WinView
from paifu.view.names import game_label, shown_names
from paifu.view.reasons import FindingView, finding_view
from paifu.view.table import TableView, hand_result_text, snapshot

#: the longest game the viewer keeps a table for each event of: the corpus's longest has 1,815 events
#: and peaks at 240 MB (about 110 KB an event with the discard review), so this bounds ``show`` near 1.2 GB
MAX_EVENTS = 10_000


class ViewError(ValueError):
    """A game, hand, event or finding that is not in the record (the message names it)."""


@dataclass(frozen=True, slots=True)
class HandSpan:
    """One hand (kyoku) of the game: its events ``start..end`` and how it ended."""

    label: str
    start: int  # index of its HandStart event
    end: int  # index of its last event
    result: str
    scores_start: tuple[int, ...]
    deltas: tuple[int, ...]
    final: TableView | None = field(default=None, compare=False)  # the table at ``end``

    def __repr__(self) -> str:
        result = self.result if len(self.result) <= 60 else self.result[:57] + "..."
        return f"HandSpan({self.label} events {self.start}..{self.end}: {result or 'no result'})"

    def _repr_html_(self) -> str:
        """The hand's result, score changes and the table as it ended."""
        from paifu.view.svg import table_svg

        changes = ", ".join(f"{d:+,}" for d in self.deltas)
        head = (
            f"<b>{html.escape(self.label)}</b> (events {self.start}..{self.end}): {html.escape(self.result)}"
        )
        body = table_svg(self.final) if self.final is not None else ""
        return f"<div class='paifu-hand'>{head}<br>changes: {changes or 'none'}<br>{body}</div>"


class GameView:
    """A replayed game with a cursor on one event (the table after that event)."""

    def __init__(self, record: GameRecord, rules: Ruleset | None = None, game_index: int = 0) -> None:
        from paifu.pipeline import replay_record

        if len(record.events) > MAX_EVENTS:  # a snapshot per event: memory grows with the game's length
            raise ViewError(
                f"{printable(record.source)}: game {game_index} has {len(record.events):,} events, more than "
                f"the viewer draws ({MAX_EVENTS:,}; a hanchan has about 1,000): paifu validate reads it"
            )
        self.record = record
        self.tables: list[TableView] = []
        ura: list[tuple[int, ...]] = [()]
        pending: list[int] = []  # rons on the tile not yet paid (the engine books them at the next event)
        memo: dict[Any, Any] = {}  # snapshot's: each seat's last copy

        def observe(index: int, ev: Event, rp: Any) -> None:
            if isinstance(ev, HandStart):
                ura[0] = ()
            elif isinstance(ev, Win) and ev.claimed.ura_indicators:
                ura[0] = tuple(ev.claimed.ura_indicators)
            self.tables.append(snapshot(rp, index, ev, ura[0], memo))
            pending.append(len(rp.pending_rons))

        self.result: GameResult = replay_record(record, rules, game_index=game_index, observe=observe)
        if not self.tables:
            raise ViewError(f"{record.source}: game {game_index} has no events to show")
        self._pending = pending
        self.hands = self._spans()
        self.findings: list[Finding] = list(self.result.findings)
        self.finding_views = [self._finding_view(f) for f in self.findings]
        by_event: dict[int, list[Any]] = {}
        for v in self.finding_views:
            by_event.setdefault(v.event, []).append(v)
        for i, views in by_event.items():
            self.tables[i] = replace(
                self.tables[i], findings=tuple(str(v) for v in views), finding_views=tuple(views)
            )
        self.ending = end_table(self.result) if self.result.complete else None
        last = self.tables[-1]
        if self.ending is not None and last.kind == "GameEnd":
            self.tables[-1] = replace(last, ending=self.ending)
        self.hands = [replace(h, final=self.tables[h.end]) for h in self.hands]
        self.position = 0

    @classmethod
    def open(cls, path: str | Path, game: int = 0, rules: Ruleset | None = None) -> GameView:
        """Read a record file and view its game number ``game`` (0-based)."""
        from paifu.formats import read_path

        return cls.of_records(read_path(str(path)), str(path), game, rules)

    @classmethod
    def of_records(
        cls, records: list[GameRecord], source: str, game: int = 0, rules: Ruleset | None = None
    ) -> GameView:
        """View game number ``game`` of the records read from ``source`` (a file, or standard input)."""
        if not 0 <= game < len(records):
            raise ViewError(f"{source}: no game {game} (the file holds {len(records)})")
        rec = records[game]
        if not rec.source:
            rec.source = source
        return cls(rec, rules, game_index=game)

    # ------------------------------------------------------------------ moving
    @property
    def table(self) -> TableView:
        return self.tables[self.position]

    def goto(self, event: int) -> TableView:
        """The table right after event ``event`` (negative counts from the end)."""
        n = len(self.tables)
        if not -n <= event < n:
            raise ViewError(f"{self.record.source}: no event {event} (events 0..{n - 1})")
        self.position = event % n
        return self.table

    def __len__(self) -> int:
        """The number of events (tables) in the game."""
        return len(self.tables)

    def __iter__(self) -> Iterator[TableView]:
        """The table after every event, in order (the cursor does not move)."""
        return iter(self.tables)

    def step(self, n: int = 1) -> TableView:
        self.position = min(max(self.position + n, 0), len(self.tables) - 1)
        return self.table

    def back(self, n: int = 1) -> TableView:
        return self.step(-n)

    def hand(self, label: str) -> TableView:
        """The table at the start of hand ``label`` (``E2-1``, or ``E2`` for its first honba)."""
        for h in self.hands:
            if h.label == label or h.label.split("-")[0] == label:
                return self.goto(h.start)
        names = ", ".join(h.label for h in self.hands)
        raise ViewError(f"{self.record.source}: no hand {label} (hands: {names or 'none'})")

    def finding_event(self, f: Finding) -> int:
        """The event a finding points at, within the record (a finding past the end shows the last)."""
        if f.event_index is not None:
            return min(max(f.event_index, 0), len(self.tables) - 1)
        span = next((h for h in self.hands if h.label == f.hand), None)
        return span.start if span else len(self.tables) - 1

    def _finding_view(self, f: Finding) -> FindingView:
        at = self.finding_event(f)
        return finding_view(f, self.result.rules, at, self.tables[at].hand)

    def finding(self, i: int = 0) -> TableView:
        """The table at finding ``i`` (in the order the replay found them)."""
        if not -len(self.findings) <= i < len(self.findings):
            raise ViewError(f"{self.record.source}: no finding {i} (the game has {len(self.findings)})")
        return self.goto(self.finding_event(self.findings[i]))

    def _spans(self) -> list[HandSpan]:
        starts = [i for i, ev in enumerate(self.record.events) if isinstance(ev, HandStart)]
        spans = []
        for j, start in enumerate(starts):
            end = (starts[j + 1] - 1) if j + 1 < len(starts) else len(self.tables) - 1
            hr = self.result.hands[j] if j < len(self.result.hands) else None
            while end > start and self.tables[end].hand != self.tables[start].hand:
                end -= 1
            if hr is not None:
                self._pay_results(hr, start, end)
                # a ron is booked at the next event (a second ron may follow): show it from the win on
                text, ended = hand_result_text(hr, self.result.players), False
                for i in range(start, end + 1):
                    ended = ended or self.tables[i].kind in ("Win", "Ryuukyoku")
                    if ended and not self.tables[i].result:
                        self.tables[i] = replace(self.tables[i], result=text)
            last = self.tables[end]
            spans.append(
                HandSpan(
                    self.tables[start].hand,
                    start,
                    end,
                    last.result,
                    hr.scores_start if hr else (),
                    hr.deltas if hr else (),
                    last,
                )
            )
        return spans

    def _pay_results(self, hr: Any, start: int, end: int) -> None:
        """From a hand's first win or draw on, the tables show the scores paid and each seat's change.

        The engine books rons on one tile at the next event (a second ron may follow), so a table at
        a ron still holds the scores from before it: add the deltas of the wins not yet booked."""
        before: tuple[int, ...] | None = None
        wins = 0
        won: list[WinView] = []
        for i in range(start, end + 1):
            tv = self.tables[i]
            if before is None:
                if tv.kind not in ("Win", "Ryuukyoku") or not tv.seats or i == start:
                    continue
                before = tuple(s.score for s in self.tables[i - 1].seats)
            wins += tv.kind == "Win"
            seats, sticks = tv.seats, tv.sticks
            unpaid = hr.wins[max(wins - self._pending[i], 0) : wins] if self._pending[i] else []
            if unpaid:
                add = [sum(d) for d in zip(*(w.deltas for w in unpaid), strict=True)]
                seats = tuple(replace(s, score=s.score + add[s.seat]) for s in seats)
                sticks = max(sticks - sum(add) // 1000, 0)  # the winner nearest takes the sticks
            changes = tuple(s.score - b for s, b in zip(seats, before, strict=False))
            extra: dict[str, Any] = {}
            if tv.kind == "Win" and wins <= len(hr.wins):
                won.append(self._win_view(i, hr.wins[wins - 1]))
            if won:
                extra["wins"] = tuple(won)
            if hr.ryuukyoku is not None and tv.kind == "Ryuukyoku":
                extra["draw"] = hr.ryuukyoku.value
                extra["tenpai"] = tuple(hr.tenpai or ())
            self.tables[i] = replace(tv, seats=seats, sticks=sticks, changes=changes, **extra)

    def _win_view(self, i: int, w: Any) -> WinView:
        """The win at event ``i`` as the result panel shows it (the winner's tiles from the table)."""
        ev = self.record.events[i]
        sv = self.tables[i].seats[w.seat]
        at = ev.tile if isinstance(ev, Win) else -1
        tile = tile_to_str(at, self.result.rules.red_fives) if 0 <= at < 136 else "?"
        hand = list(sv.tiles)
        if tile in hand and w.tsumo:
            hand.remove(tile)
        return WinView(
            w.seat,
            w.from_seat,
            w.tsumo,
            tile,
            tuple(hand),
            sv.melds,
            w.han,
            w.fu,
            w.points,
            w.limit,
            tuple(w.yaku),
            tuple(w.deltas),
        )

    def river_events(self) -> list[list[dict[int, int]]]:
        """For each hand, each seat: the event that discarded each tile of its river, by place
        (as the table after that event shows the river), so a click on a river tile finds it."""
        out: list[list[dict[int, int]]] = [[{} for _ in self.result.players] for _ in self.hands]
        for k, h in enumerate(self.hands):
            for i in range(h.start, h.end + 1):
                ev, tv = self.record.events[i], self.tables[i]
                if isinstance(ev, Discard) and 0 <= ev.seat < min(len(tv.seats), len(out[k])):
                    out[k][ev.seat][len(tv.seats[ev.seat].river) - 1] = i
        return out

    def hand_index(self, event: int | None = None) -> int:
        """The hand (its place in ``hands``) of an event, the cursor's by default."""
        at = self.position if event is None else event
        return max((k for k, h in enumerate(self.hands) if h.start <= at), default=0)

    # ------------------------------------------------------------------ review
    def discards(self) -> Any:
        """One row per discard: shanten and ukeire of the discard made and of the best one."""
        from paifu.view.review import discard_review

        return discard_review(self)

    def widget(self) -> Any:
        """The table with the viewer's controls, for Jupyter (``paifu.view.widget``; ipywidgets)."""
        from paifu.view.widget import game_widget

        return game_widget(self)

    def to_html(self, start: int | None = None, siblings: Any = None, count: int | None = None) -> str:
        """The standalone viewer page (see ``paifu show``; ``siblings``, ``count``: ``viewer_html``)."""
        from paifu.view.html import viewer_html

        return viewer_html(self, start if start is not None else self.position, siblings, count)

    def __repr__(self) -> str:
        r = self.result
        return (
            f"GameView({game_label(r.game_id, r.source, r.game_index)!r}, {len(self.hands)} hands, "
            f"{len(self.findings)} findings, at event {self.position}/{len(self.tables) - 1})"
        )

    def _repr_html_(self) -> str:
        """The game's end, hands, scores and findings; each finding opens the table at its event."""
        from paifu.view.glyphs import font_css
        from paifu.view.panels import CSS, end_html, finding_html
        from paifu.view.svg import STYLE, score_curve_svg, table_html

        esc = html.escape
        r = self.result
        rows = "".join(
            f"<tr><td>{esc(h.label)}</td><td>{h.start}</td><td>{esc(h.result)}</td>"
            f"<td>{' '.join(f'{d:+,}' for d in h.deltas)}</td></tr>"
            for h in self.hands
        )
        names = shown_names(tuple(r.players))  # cut: a name of 3,000 characters is a page of them
        parts = [
            f"<b>{esc(game_label(r.game_id, r.source, r.game_index))}</b> "
            f"({esc(r.rules.name)}): {esc(', '.join(names))}",
            end_html(self.ending) if self.ending is not None else "<p>the game does not reach its end</p>",
            score_curve_svg(self),
            "<table><tr><th>hand</th><th>event</th><th>result</th><th>score changes</th></tr>"
            + rows
            + "</table>",
            f"<p>{len(self.findings)} findings</p>",
        ]
        for v in self.finding_views[:50]:
            parts.append(
                f"<details><summary>{finding_html(v)}</summary>{table_html(self.tables[v.event])}</details>"
            )
        body = "".join(parts)
        face, family = font_css(body)
        font = f" style=\"--pf-font:'{family}'\"" if family else ""
        return f"<div class='pf paifu-game pf-panel'{font}><style>{face}{STYLE}{CSS}</style>{body}</div>"

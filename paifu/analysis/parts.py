"""One game, or a run of consecutive games, folded into what a report keeps: ``ReportPart``.

A ``ReportPart`` is what a run of consecutive games adds up to; ``a.merge(b)`` is "a, then b"
and is associative (the counters' sums are exact, the records keep the later of equals, ``--last``
keeps the latest of either), so parts made anywhere (a Dask worker, a process pool) and merged in
input order give exactly the serial result. ``PartSpec`` says what a part keeps of each game (the
scheme, the rows to write, the table split, the filters) and is picklable, so a worker builds parts
exactly as the sink does. Every count is kept per table key and player (``paifu.analysis.tables``):
three- and four-player games never pool.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Iterator, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paifu.analysis.counters import add_counters
from paifu.analysis.finding_rows import finding_rows
from paifu.analysis.frames import TENHOU_DATE, Frames, build_frames, game_rows, outcome
from paifu.analysis.model import game_date_range
from paifu.analysis.rank_points import Scheme, get_scheme
from paifu.analysis.rating import RatedSeat, rated_seats
from paifu.analysis.rowfiles import arrow_rows
from paifu.analysis.stats import PlayerCounters, count_game, is_player_name
from paifu.analysis.tables import Selection, TableKey, game_time, latest, platform_of, table_key
from paifu.engine.results import GameResult
from paifu.pipeline import Unreadable
from paifu.safety import display_path
from paifu.view.names import game_label

#: game rows kept for the report's "Games" table (the HTML shows 200)
SAMPLE_GAMES = 200
#: flagged games kept for the report (every one is still passed to ``on_flagged`` and written)
FLAGGED_KEPT = 1000
#: findings kept for the report (the HTML shows 300; the findings table beside it has them all)
FINDINGS_KEPT = 300
#: games whose rows are held before they are written out
CHUNK_GAMES = 256
FLAGGED_COLUMNS = ["source", "game_id", "game_index", "findings", "finding_codes"]
#: ``--partition``: the hive column each choice adds to every table of the dataset
PARTITIONS = {"source": "source_folder", "date": "month", "none": None}
#: the key of a sampled game row that holds its seats' rows (the games list of the HTML report)
SEATS = "_seats"
#: a seat as the plots take it: table, player, placement, rank points
Seat = tuple[TableKey, str, int | None, float | None]


@dataclass
class Recent:
    """One game held back for ``--last N`` (its whole part), with when it started."""

    when: dt.datetime | None
    part: ReportPart


@dataclass
class ReportPart:
    """The aggregate of a run of consecutive games (or unreadable inputs), in input order."""

    #: a plain dict in a part; the sink's whole-run aggregate holds a compact ``CounterStore``
    counters: MutableMapping[tuple[TableKey, str], PlayerCounters] = field(default_factory=dict)
    games: int = 0
    hands: int = 0
    players_per_game: Counter[int] = field(default_factory=Counter)  # games by number of seats
    flagged_count: int = 0
    flagged: list[dict[str, Any]] = field(default_factory=list)  # FLAGGED_COLUMNS of flagged games
    #: rows of the games table, first games, each with its game_players rows under ``SEATS``
    sample: list[dict[str, Any]] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    #: seats without a row (no name, or not a listed player), summed per table key
    unnamed: dict[TableKey, PlayerCounters] = field(default_factory=dict)
    unnamed_seats: int = 0  # seats without a name
    tables_seen: Counter[TableKey] = field(default_factory=Counter)  # games per table key
    left_out: int = 0  # games the filters left out
    dates: tuple[str, str, int] | None = None  # first, last date log ids carry; games dated
    finding_count: int = 0  # rows of the findings table (a cause and its consequences: one row)
    kind_games: Counter[str] = field(default_factory=Counter)  # games with each finding code
    kind_findings: Counter[str] = field(default_factory=Counter)  # findings of each code
    #: games on tables whose scheme no source states; of them, those without rank points (their
    #: final scores fit no scheme's uma, or the game has no final scores)
    unstated_schemes: int = 0
    without_points: int = 0
    findings: list[dict[str, Any]] = field(default_factory=list)  # findings rows (the sink drains them)
    seats: list[Seat] = field(default_factory=list)  # for the plots (drained)
    first: GameResult | None = None  # the only game's result while there is one (the HTML draws its scores)
    rated: list[RatedSeat] = field(default_factory=list)  # seats whose records state a standing
    recent: list[Recent] = field(default_factory=list)  # ``--last N``: the latest games, held whole
    recent_limit: int = 0  # that N (0: not selecting the last games)
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # rows not yet written
    # rows already made columnar (``columnar``: a worker's, off the client), all before ``rows``
    tables: dict[str, list[Any]] = field(default_factory=dict)

    def merge(self, other: ReportPart) -> ReportPart:
        """``self`` followed by ``other`` (in place; returns ``self``)."""
        if other.tables and any(self.rows.values()):
            raise ValueError("merging columnar rows after pending ones: call columnar() first")
        add_counters(self.counters, other.counters)
        for key, c in other.unnamed.items():
            self.unnamed[key] = self.unnamed.get(key, PlayerCounters()) + c
        self.tables_seen += other.tables_seen
        self.left_out += other.left_out
        if other.recent or self.recent:
            self.recent_limit = max(self.recent_limit, other.recent_limit)
            both = [*self.recent, *other.recent]
            self.recent = latest(both, self.recent_limit, lambda x: x.when)
            self.left_out += len(both) - len(self.recent)  # older than the last N: left out
        self.first = self.first if self.games else other.first
        if self.games + other.games != 1:
            self.first = None
        self.games += other.games
        self.hands += other.hands
        self.players_per_game += other.players_per_game
        self.flagged_count += other.flagged_count
        self.flagged += other.flagged
        self.sample += other.sample
        self.unreadable += other.unreadable
        self.unnamed_seats += other.unnamed_seats
        if other.dates is not None:
            known = self.dates
            self.dates = (
                other.dates
                if known is None
                else (min(known[0], other.dates[0]), max(known[1], other.dates[1]), known[2] + other.dates[2])
            )
        self.finding_count += other.finding_count
        self.kind_games += other.kind_games
        self.kind_findings += other.kind_findings
        self.unstated_schemes += other.unstated_schemes
        self.without_points += other.without_points
        self.findings += other.findings
        self.seats += other.seats
        self.rated += other.rated
        for table, chunks in other.tables.items():
            self.tables.setdefault(table, []).extend(chunks)
        for table, rows in other.rows.items():
            self.rows.setdefault(table, []).extend(rows)
        return self

    def columnar(self, column: str | None) -> ReportPart:
        """Pending rows as Arrow tables (in place), text dictionary-encoded (a game's source path
        is on every row): as small to send as the rows, and no pandas work left for whoever
        writes them (``decoded`` restores the schema). ``column``: the rows' partition column."""
        import pyarrow as pa
        import pyarrow.compute as pc

        for name, rows in self.rows.items():
            if rows:
                table = arrow_rows(name, rows, column)
                cols = [
                    pc.dictionary_encode(c)
                    if pa.types.is_large_string(c.type) or pa.types.is_string(c.type)
                    else c
                    for c in table.columns
                ]
                self.tables.setdefault(name, []).append(pa.table(cols, names=table.column_names))
        self.rows = {}
        return self

    def trim(self) -> None:
        """Drop what the report does not keep (rows are the writer's business, not trimmed; seats are
        the sink's to draw, so a reduction without one, ``paifu.dask.reduce_report``, drops them)."""
        del self.flagged[FLAGGED_KEPT:]
        del self.sample[SAMPLE_GAMES:]
        del self.findings[FINDINGS_KEPT:]
        self.seats = []


def partition_value(partition: str | None, source: str, game_id: str | None) -> str:
    """The hive partition of a game: the folder of its record file, or its month (``YYYY-MM``)
    where the record's id states a date (Tenhou's ``2010091009gm-...``), else ``unknown``."""
    if partition == "source":
        return _fit(Path(source).parent.name or ".")
    m = TENHOU_DATE.match(game_id or "")
    return f"{m[1][:4]}-{m[1][4:6]}" if m else "unknown"


def _fit(value: str, limit: int = 160) -> str:
    """A partition value whose folder name (percent-encoded, ``source=...``) the file system takes:
    text that is no UTF-8 (a Latin-1 folder name) made valid, a long name cut with a stable hash."""
    from urllib.parse import quote

    from paifu.outfiles import name_hash

    value = value.encode("utf-8", "replace").decode("utf-8")
    if len(quote(value, safe="")) <= limit:
        return value
    cut = value
    while len(quote(cut, safe="")) > limit - 9:
        cut = cut[:-1]
    return f"{cut}~{name_hash(value)}"


@dataclass(frozen=True)
class PartSpec:
    """What a part keeps of each game: picklable, so a worker builds parts exactly as the sink."""

    scheme: Scheme | str = "auto"
    tables: tuple[str, ...] = ()  # rows to keep for writing
    partition: str | None = None  # a key of PARTITIONS
    player: str | None = None  # the report's player (``--player``): highlighted, named in the summary
    split: str = "table"  # how finely tables are kept apart (``paifu.analysis.tables.SPLITS``)
    selection: Selection = field(default_factory=Selection)
    history: bool = True  # keep every player's stated standings for the rank curves

    @property
    def column(self) -> str | None:
        """The partition column the rows carry (None: not partitioned)."""
        return PARTITIONS.get(self.partition or "none")

    def add_game(self, part: ReportPart, r: GameResult) -> None:
        """One game into ``part``: left out (counted) when the filters do not keep it, held whole
        when ``--last`` selects among the games, else merged."""
        sel = self.selection
        if not sel.accepts(r):
            part.left_out += 1
            return
        one = self.game_part(r)
        if sel.last is not None:
            part.merge(ReportPart(recent=[Recent(game_time(r), one)], recent_limit=sel.last))
        else:
            part.merge(one)

    def game_part(self, r: GameResult) -> ReportPart:
        """Everything a report keeps of one game."""
        oc = outcome(r, self.scheme)
        rows = game_rows(r, oc, {"games", "game_players", *self.tables})
        game = rows["games"][0]
        found = finding_rows(r)
        key = table_key(r, self.split)
        label = game_label(r.game_id, display_path(r.source), r.game_index)
        one = ReportPart(
            rated=rated_seats(r, oc.placements, points=oc.points, platform=platform_of(r))
            if self.history
            else [],
            games=1,
            hands=len(r.hands),
            players_per_game=Counter({len(r.players): 1}),
            tables_seen=Counter({key: 1}),
            sample=[{**game, SEATS: [{**row} for row in rows["game_players"]]}],
            first=r,
            dates=game_date_range([r.game_id]),
            finding_count=len(found),
            findings=found,
            kind_games=Counter({row["code"] for row in found}),
            kind_findings=Counter(
                {
                    code: sum(x["count"] for x in found if x["code"] == code)
                    for code in {row["code"] for row in found}
                }
            ),
        )
        if _auto(self.scheme) and not getattr(r.rules, "rank_scheme_known", True):
            one.unstated_schemes = 1
            one.without_points = int(oc.points is None)
        counted = count_game(r, oc.placements, oc.points, label=label)
        for s, (name, c) in enumerate(zip(r.players, counted, strict=True)):
            place = oc.placements[s] if oc.placements else None
            points = oc.points[s] if oc.points else None
            one.seats.append((key, name if self.selection.keeps_player(name) else "", place, points))
            if not is_player_name(name):  # a seat without a name is the field's, not one player ""
                one.unnamed_seats += 1
            if not self.selection.keeps_player(name):
                one.unnamed[key] = one.unnamed.get(key, PlayerCounters()) + c
                continue
            k = (key, name)
            one.counters[k] = one.counters[k] + c if k in one.counters else c
        if not r.valid:
            one.flagged_count = 1
            one.flagged.append({k: game[k] for k in FLAGGED_COLUMNS})
        column = self.column
        for name in self.tables:
            if column is not None:
                value = partition_value(self.partition, r.source, r.game_id)
                for row in rows[name]:
                    row[column] = value
            one.rows[name] = rows[name]
        return one

    def part(self, items: Iterable[GameResult | Unreadable]) -> ReportPart:
        """The part of a run of items (``GameResult`` or ``paifu.pipeline.Unreadable``)."""
        out = ReportPart()
        for item in items:
            if isinstance(item, Unreadable):
                out.unreadable.append((item.file, item.reason))
            else:
                self.add_game(out, item)
        return out


def _auto(scheme: Scheme | str) -> bool:
    """Whether each game's scheme is its own (``"auto"``: the table's, else the uma its points fit)."""
    return isinstance(scheme, str) and scheme == "auto"


def settle(part: ReportPart) -> ReportPart:
    """The games ``--last`` held back, merged in (in place; returns ``part``): a reduction's result
    (``paifu.dask.reduce_report``) holds them apart until every part is in."""
    recent, part.recent = part.recent, []
    for r in recent:
        part.merge(r.part)
        part.trim()
    return part


def iter_frames(
    items: Iterable[GameResult | Unreadable],
    scheme: Scheme | str = "auto",
    chunk_games: int = CHUNK_GAMES,
    selection: Selection | None = None,
) -> Iterator[Frames]:
    """``build_frames`` in chunks, for a notebook over more games than fit in memory: the six
    frames of each next ``chunk_games`` games (``Unreadable`` items are skipped; ``replay_paths``
    names them). Concatenated, the chunks are ``build_frames`` of all the games."""
    if not _auto(scheme):
        scheme = get_scheme(scheme)
    if selection is not None and selection.last is not None:  # the last games are known only at the end
        yield from iter_frames(
            selection.apply(r for r in items if not isinstance(r, Unreadable)), scheme, chunk_games
        )
        return
    batch: list[GameResult] = []
    for item in items:
        if not isinstance(item, Unreadable) and (selection is None or selection.accepts(item)):
            batch.append(item)
        if len(batch) >= chunk_games:
            yield build_frames(batch, scheme)
            batch = []
    if batch:
        yield build_frames(batch, scheme)

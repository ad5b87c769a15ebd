"""Reports over any number of games in bounded memory. Long because the sink, its parts and the
side files it writes as it goes must agree on one row shape: they change together.

``paifu report`` used to hold every ``GameResult`` (~94 KB a game) until the end. Here each
game is folded into a ``ReportPart`` as it finishes and then dropped: player statistics are
additive counters (``paifu.analysis.stats``), findings by kind and the dates are counts too, the
report keeps only bounded samples (the first games, flagged games and findings) and the plots'
bounded curves (``paifu.analysis.plotdata``), and the rows go out in chunks: to a Parquet dataset
(``--out``), to the ``--games`` table, and to the full tables beside the HTML report.

A ``ReportPart`` is what a run of consecutive games adds up to; ``a.merge(b)`` is "a, then b"
and is associative (the counters' sums are exact), so parts made anywhere (a Dask worker, a
process pool) and merged in input order give exactly the serial result. ``ReportSink`` is
the one consumer: it merges games or parts, writes rows as they accumulate, and renders the
``paifu.analysis.model.Report`` from its aggregates.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis.frames import TABLES, TENHOU_DATE, Frames, build_frames, frame, game_rows, outcome
from paifu.analysis.model import Report, Totals, finding_rows, findings_frame, game_date_range, side_files
from paifu.analysis.plotdata import PlotData
from paifu.analysis.rank_points import Scheme, get_scheme
from paifu.analysis.rating import rated_seats, rating_history
from paifu.analysis.rowfiles import Dataset, TableFile, arrow_rows, decoded, plain
from paifu.analysis.stats import PlayerCounters, count_game, is_player_name
from paifu.pipeline import Unreadable

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


@dataclass
class ReportPart:
    """The aggregate of a run of consecutive games (or unreadable inputs), in input order."""

    counters: dict[str, PlayerCounters] = field(default_factory=dict)
    games: int = 0
    hands: int = 0
    players_per_game: Counter[int] = field(default_factory=Counter)  # games by number of seats
    flagged_count: int = 0
    flagged: list[dict[str, Any]] = field(default_factory=list)  # FLAGGED_COLUMNS of flagged games
    sample: list[dict[str, Any]] = field(default_factory=list)  # rows of the games table, first games
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    unnamed: PlayerCounters = field(default_factory=PlayerCounters)  # seats without a name, summed
    unnamed_seats: int = 0
    dates: tuple[str, str, int] | None = None  # first, last date log ids carry; games dated
    finding_count: int = 0  # rows of the findings table (a cause and its consequences: one row)
    kind_games: Counter[str] = field(default_factory=Counter)  # games with each finding code
    kind_findings: Counter[str] = field(default_factory=Counter)  # findings of each code
    #: games on tables whose scheme no source states; of them, those without rank points (no fit)
    unstated_schemes: int = 0
    unsettled: int = 0
    findings: list[dict[str, Any]] = field(default_factory=list)  # findings rows (the sink drains them)
    seats: list[tuple[str, int | None, float | None]] = field(default_factory=list)  # for the plots (drained)
    first: Any = None  # the only game's result while there is one (the HTML draws its scores)
    rated: list[Any] = field(
        default_factory=list
    )  # the report's player's rated seats (``paifu.analysis.rating``)
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # rows not yet written
    # rows already made columnar (``columnar``: a worker's, off the client), all before ``rows``
    tables: dict[str, list[Any]] = field(default_factory=dict)

    def merge(self, other: ReportPart) -> ReportPart:
        """``self`` followed by ``other`` (in place; returns ``self``)."""
        if other.tables and any(self.rows.values()):
            raise ValueError("merging columnar rows after pending ones: call columnar() first")
        for name, c in other.counters.items():
            mine = self.counters.get(name)
            self.counters[name] = c + PlayerCounters() if mine is None else mine + c
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
        self.unnamed = self.unnamed + other.unnamed
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
        self.unsettled += other.unsettled
        self.findings += other.findings
        self.seats += other.seats
        self.rated += other.rated
        for name, chunks in other.tables.items():
            self.tables.setdefault(name, []).extend(chunks)
        for name, rows in other.rows.items():
            self.rows.setdefault(name, []).extend(rows)
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


def _auto(scheme: Scheme | str) -> bool:
    return isinstance(scheme, str) and scheme == "auto"


@dataclass(frozen=True)
class PartSpec:
    """What a part keeps of each game: picklable, so a worker builds parts exactly as the sink."""

    scheme: Scheme | str = "auto"
    tables: tuple[str, ...] = ()  # rows to keep for writing
    partition: str | None = None  # a key of PARTITIONS
    player: str | None = None  # whose seats the rating keeps: one player's games, not every game's

    @property
    def column(self) -> str | None:
        """The partition column the rows carry (None: not partitioned)."""
        return PARTITIONS.get(self.partition or "none")

    def add_game(self, part: ReportPart, r: Any) -> None:
        oc = outcome(r, self.scheme)
        rows = game_rows(r, oc, {"games", *self.tables})
        game = rows["games"][0]
        found = finding_rows(r)
        one = ReportPart(
            rated=rated_seats(r, oc.placements, only=self.player) if self.player else [],
            games=1,
            hands=len(r.hands),
            players_per_game=Counter({len(r.players): 1}),
            sample=[game],
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
            one.unsettled = int(oc.points is None)
        for s, (name, c) in enumerate(zip(r.players, count_game(r, oc.placements, oc.points), strict=True)):
            one.seats.append(
                (name, oc.placements[s] if oc.placements else None, oc.points[s] if oc.points else None)
            )
            if not is_player_name(name):  # a seat without a name is the field's, not one player ""
                one.unnamed, one.unnamed_seats = one.unnamed + c, one.unnamed_seats + 1
                continue
            one.counters[name] = one.counters[name] + c if name in one.counters else c
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
        part.merge(one)

    def part(self, items: Iterable[Any]) -> ReportPart:
        """The part of a run of items (``GameResult`` or ``paifu.pipeline.Unreadable``)."""
        out = ReportPart()
        for item in items:
            if isinstance(item, Unreadable):
                out.unreadable.append((item.file, item.reason))
            else:
                self.add_game(out, item)
        return out


def iter_frames(
    items: Iterable[Any], scheme: Scheme | str = "auto", chunk_games: int = CHUNK_GAMES
) -> Iterator[Frames]:
    """``build_frames`` in chunks, for a notebook over more games than fit in memory: the six
    frames of each next ``chunk_games`` games (``Unreadable`` items are skipped; ``replay_paths``
    names them). Concatenated, the chunks are ``build_frames`` of all the games."""
    if not (isinstance(scheme, str) and scheme == "auto"):
        scheme = get_scheme(scheme)
    batch: list[Any] = []
    for item in items:
        if not isinstance(item, Unreadable):
            batch.append(item)
        if len(batch) >= chunk_games:
            yield build_frames(batch, scheme)
            batch = []
    if batch:
        yield build_frames(batch, scheme)


class OutputError(ValueError):
    """An output the sink cannot write (a non-empty ``--out`` folder)."""


class ReportSink:
    """Takes games one by one (or parts, in input order) and keeps the report's aggregates.

    Memory holds the counters, the bounded samples and curves, and at most ``chunk_games`` games'
    rows. ``html``: the path the HTML report will have; its games and findings tables are written
    beside it as the games come (``paifu.analysis.model.side_files``), so the report needs no rows at the
    end. ``on_flagged`` and ``on_unreadable`` are called as such games arrive.
    """

    def __init__(
        self,
        scheme: Scheme | str = "auto",
        player: str | None = None,
        out_dir: str | None = None,
        partition: str = "source",
        games_out: str | None = None,
        chunk_games: int = CHUNK_GAMES,
        on_flagged: Callable[[dict[str, Any]], None] | None = None,
        on_unreadable: Callable[[str, str], None] | None = None,
        html: str | Path | None = None,
    ) -> None:
        if partition not in PARTITIONS:
            raise ValueError(f"--partition must be one of {', '.join(PARTITIONS)}, not {partition!r}")
        if not (isinstance(scheme, str) and scheme == "auto"):
            scheme = get_scheme(scheme)
        wanted = set(TABLES) if out_dir else {"game_players"} if games_out or html else set()
        if html:
            wanted.add("game_players")
        tables = tuple(t for t in TABLES if t in wanted)
        self.spec = PartSpec(scheme, tables, partition if out_dir else None, player)
        self.player = player
        self.agg = ReportPart()
        self.plots = PlotData()
        self.findings: list[dict[str, Any]] = []  # the first FINDINGS_KEPT
        self.findings_pending: list[dict[str, Any]] = []  # not yet written beside the HTML
        self.chunk_games, self.pending = chunk_games, 0
        self.on_flagged, self.on_unreadable = on_flagged, on_unreadable
        self.datasets: dict[str, Dataset] = {}
        self.out_root: Path | None = None  # the ``--out`` folder
        self.out_tmp: Path | None = None  # where its dataset is written until complete
        self.out_made = False  # the folder did not exist before this run
        if out_dir:
            root = Path(out_dir)
            if root.exists() and (not root.is_dir() or any(root.iterdir())):
                raise OutputError(
                    f"{root}: --out needs a new or empty folder (a dataset there would mix runs)"
                )
            from paifu.outfiles import temp_folder

            # written in a temporary folder beside it, renamed to it by ``close``: a run stopped half-way
            # (a signal, a full disk) leaves no dataset that reads as complete
            root.parent.mkdir(parents=True, exist_ok=True)
            self.out_root, self.out_made = root, not root.exists()
            self.out_tmp = temp_folder(root.parent)
            self.datasets = {t: Dataset(self.out_tmp, t, PARTITIONS[partition]) for t in TABLES}
        self.games_file = TableFile(Path(games_out)) if games_out else None
        self.side: dict[str, TableFile] = {}
        if html:
            files = side_files(html)
            self.side = {k: TableFile(files[k]) for k in ("games", "findings")}

    def add(self, item: Any) -> None:
        """One ``GameResult`` or ``Unreadable``, in input order."""
        self.add_part(self.spec.part([item]))

    def add_part(self, part: ReportPart) -> None:
        """A part made elsewhere with this sink's ``spec`` (a worker), in input order."""
        if self.on_unreadable:
            for file, reason in part.unreadable:
                self.on_unreadable(file, reason)
        if self.on_flagged:
            for row in part.flagged:
                self.on_flagged(row)
        if part.tables:
            self.agg.columnar(self.spec.column)
        self.agg.merge(part)
        for seat in self.agg.seats:
            self.plots.add_seat(*seat)
        room = FINDINGS_KEPT - len(self.findings)
        if room > 0:
            self.findings += self.agg.findings[:room]
        if self.side:
            self.findings_pending += self.agg.findings
        self.agg.seats, self.agg.findings = [], []
        self.agg.trim()
        self.pending += part.games
        if self.pending >= self.chunk_games:
            self.flush()

    def flush(self) -> None:
        self.agg.columnar(self.spec.column)
        tables, self.agg.tables, self.pending = self.agg.tables, {}, 0
        for name, chunks in tables.items():
            table = decoded(name, chunks, self.spec.column)
            if name in self.datasets:
                self.datasets[name].write(table)
            if name == "game_players":
                plain_table = table.drop_columns([self.spec.column]) if self.spec.column else table
                for out in (self.games_file, self.side.get("games")):
                    if out is not None:
                        out.write(plain_table)
        if self.findings_pending:
            self.side["findings"].write_frame(findings_frame(self.findings_pending))
            self.findings_pending = []

    def close(self) -> None:
        """Write what is left; the files are complete after this."""
        self.flush()
        first = next((v for d in self.datasets.values() for v in d.values), None)
        for dataset in self.datasets.values():
            dataset.finish(first)
        if self.out_tmp is not None and self.out_root is not None:
            from paifu.outfiles import failed, finish_temp, put

            tmp, self.out_tmp = self.out_tmp, None
            try:
                put(
                    tmp, self.out_root
                )  # onto a new or empty folder (when a staged block ends, with the rest)
            except OSError as e:
                finish_temp(tmp, None)
                raise failed(self.out_root, e) from e
        if self.games_file is not None:
            self.games_file.close()
        side_games = self.side.get("games")
        if side_games is not None and not side_games.started:  # no games: the header still
            side_games.write_frame(plain(frame("game_players", [])))
        side_findings = self.side.get("findings")
        if side_findings is not None and not side_findings.started:
            side_findings.write_frame(findings_frame([]))
        for side in self.side.values():
            side.close()  # renamed to its name: complete now

    def discard(self) -> None:
        """Remove what was written (the run failed, or found no games)."""
        if self.out_tmp is not None:  # never renamed: nothing of the run under the folder's name
            from paifu.outfiles import finish_temp

            finish_temp(self.out_tmp, None)
            self.out_tmp = None
        elif self.out_root is not None and not _withdrawn(self.out_root):
            if self.out_made:
                shutil.rmtree(self.out_root, ignore_errors=True)
            else:  # it was there, empty: it stays, empty
                for name in TABLES:
                    shutil.rmtree(self.out_root / name, ignore_errors=True)
        for out in (self.games_file, *self.side.values()):
            if out is not None:
                out.remove()

    def report(self) -> Any:
        """The ``paifu.analysis.model.Report`` of everything added so far, from the aggregates."""
        from paifu.analysis.stats import stats_frame

        a = self.agg
        n = max(a.players_per_game) if a.players_per_game else 4
        scheme = self.spec.scheme
        empty = {name: frame(name, []) for name in TABLES}
        frames = Frames(**{**empty, "games": frame("games", a.sample)})
        kinds = {code: (a.kind_games[code], a.kind_findings[code]) for code in a.kind_games}
        return Report(
            frames=frames,
            counters=a.counters,
            stats=stats_frame(a.counters, n),
            flagged=pd.DataFrame(a.flagged, columns=FLAGGED_COLUMNS).astype(
                {c: frames.games[c].dtype for c in FLAGGED_COLUMNS}
            ),
            player=self.player,
            scheme=scheme if isinstance(scheme, str) else scheme.name,
            unreadable=list(a.unreadable),
            results=[a.first] if a.first is not None else [],
            findings=findings_frame(self.findings),
            unnamed=a.unnamed + PlayerCounters(),
            unnamed_seats=a.unnamed_seats,
            totals=Totals(
                games=a.games,
                hands=a.hands,
                flagged=a.flagged_count,
                num_players=n,
                players_per_game=Counter(a.players_per_game),
                dates=a.dates,
                findings=a.finding_count,
                finding_kinds=kinds,
                unstated_schemes=a.unstated_schemes,
                unsettled=a.unsettled,
            ),
            plots=self.plots,
            rating=rating_history(a.rated),
            streamed={k: f.path for k, f in self.side.items()},
        )


def _withdrawn(path: Path) -> bool:
    """An output still waiting to be put under its name (``paifu.outfiles.staged``), removed."""
    from paifu.outfiles import withdraw

    return withdraw(path)

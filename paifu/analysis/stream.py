"""Reports over any number of games in bounded memory: ``ReportSink``.

``paifu report`` used to hold every ``GameResult`` (~94 KB a game) until the end. Here each
game is folded into a ``ReportPart`` (``paifu.analysis.parts``) as it finishes and then dropped:
player statistics are additive counters per table key and player (``paifu.analysis.stats``),
findings by kind and the dates are counts too, the report keeps only bounded samples (the first
games, flagged games and findings) and the plots' bounded curves (``paifu.analysis.plotdata``), and
the rows go out in chunks: to a Parquet dataset (``--out``), to the ``--games`` table, and to the
full tables beside the HTML report. What grows with the games: every player's stated standings
(one small record per named seat whose record states a rating or rank), for the rank curves.

``ReportSink`` is the one consumer: it merges games or parts in input order, writes rows as they
accumulate, and renders the ``paifu.analysis.model.Report`` from its aggregates. With ``--last N``
the latest N games are held whole (their rows too) until the run ends: memory for N games.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

from paifu.analysis import counters, plotdata, seat_log
from paifu.analysis.counters import CounterStore
from paifu.analysis.finding_rows import findings_frame
from paifu.analysis.frames import TABLES, Frames, frame
from paifu.analysis.model import Report, Totals
from paifu.analysis.parts import (
    CHUNK_GAMES,
    FINDINGS_KEPT,
    FLAGGED_COLUMNS,
    FLAGGED_KEPT,
    PARTITIONS,
    SAMPLE_GAMES,
    PartSpec,
    Recent,
    ReportPart,
    iter_frames,
    partition_value,
    settle,
)
from paifu.analysis.plotdata import CurveStore, PlotData, TableCurves
from paifu.analysis.rank_points import Scheme, get_scheme
from paifu.analysis.rowfiles import Dataset, TableFile, decoded, plain, side_files
from paifu.analysis.seat_log import RatingRows, SeatLog
from paifu.analysis.stats import PlayerCounters, convention_of
from paifu.analysis.tables import SPLITS, Selection, TableKey, latest
from paifu.engine.results import GameResult
from paifu.pipeline import Unreadable

__all__ = [
    "CHUNK_GAMES",
    "FINDINGS_KEPT",
    "FLAGGED_KEPT",
    "PARTITIONS",
    "SAMPLE_GAMES",
    "OutputError",
    "PartSpec",
    "ReportPart",
    "ReportSink",
    "iter_frames",
    "partition_value",
    "settle",
]


class OutputError(ValueError):
    """An output the sink cannot write (a non-empty ``--out`` folder)."""


class ReportSink:
    """Takes games one by one (or parts, in input order) and keeps the report's aggregates.

    Memory holds the counters (compact: ``paifu.analysis.counters.CounterStore``, ``live_players``
    of them as objects, every other one packed, and past ``memory_players`` players on disk; the
    rank-point curves the same, ``paifu.analysis.plotdata.CurveStore``), the bounded samples and curves, and at most
    ``chunk_games`` games' rows. ``html``: the path the HTML report will have; its games and findings tables are written
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
        selection: Selection | None = None,
        split: str = "table",
        convention: str = "paifu",
        live_players: int | None = None,
        memory_players: int | None = None,
    ) -> None:
        if partition not in PARTITIONS:
            raise ValueError(f"--partition must be one of {', '.join(PARTITIONS)}, not {partition!r}")
        if split not in SPLITS:
            raise ValueError(f"--split must be one of {', '.join(SPLITS)}, not {split!r}")
        self.convention = convention_of(convention).name
        if not (isinstance(scheme, str) and scheme == "auto"):
            scheme = get_scheme(scheme)
        wanted = set(TABLES) if out_dir else {"game_players"} if games_out or html else set()
        if html:
            wanted.add("game_players")
        tables = tuple(t for t in TABLES if t in wanted)
        self.spec = PartSpec(
            scheme, tables, partition if out_dir else None, player, split, selection or Selection()
        )
        self.player = player
        # players' counters and curves held in memory at most, the rest on disk (default: the modules')
        memory_curves = plotdata.MEMORY_CURVES if memory_players is None else memory_players
        memory_seats = seat_log.MEMORY_SEATS if memory_players is None else memory_players
        memory_players = counters.MEMORY_PLAYERS if memory_players is None else memory_players
        self.agg = ReportPart(counters=CounterStore(live_players, memory_players))
        self.plots: dict[TableKey, PlotData] = {}
        self.curves = CurveStore(memory=memory_curves)  # every table's, in ``plots``
        self.rated = SeatLog(memory_seats)  # the rated seats, for the rank curves
        self.recent: list[Recent] = []  # ``--last``: the latest games so far, held whole
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

    def add(self, item: GameResult | Unreadable) -> None:
        """One ``GameResult`` or ``Unreadable``, in input order."""
        self.add_part(self.spec.part([item]))

    def add_part(self, part: ReportPart) -> None:
        """A part made elsewhere with this sink's ``spec`` (a worker), in input order."""
        if part.recent:  # ``--last``: held until the run ends, when the latest are known
            limit = max(part.recent_limit, 1)
            both = [*self.recent, *part.recent]
            self.recent = latest(both, limit, lambda x: x.when)
            part.left_out += len(both) - len(self.recent)  # older than the last N: left out
            part.recent = []
        self._absorb(part)

    def _absorb(self, part: ReportPart) -> None:
        if self.on_unreadable:
            for file, reason in part.unreadable:
                self.on_unreadable(file, reason)
        if self.on_flagged:
            for row in part.flagged:
                self.on_flagged(row)
        if part.tables:
            self.agg.columnar(self.spec.column)
        self.agg.merge(part)
        for key, name, place, points in self.agg.seats:
            plot = self.plots.get(key)
            if plot is None:
                plot = self.plots[key] = PlotData(TableCurves(self.curves, key))
            plot.add_seat(name, place, points)
        room = FINDINGS_KEPT - len(self.findings)
        if room > 0:
            self.findings += self.agg.findings[:room]
        if self.side:
            self.findings_pending += self.agg.findings
        self.rated.extend(self.agg.rated)
        self.agg.seats, self.agg.findings, self.agg.rated = [], [], []
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
        recent, self.recent = self.recent, []
        for r in recent:  # the games ``--last`` kept, in input order
            self._absorb(r.part)
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

    def report(self) -> Report:
        """The ``paifu.analysis.model.Report`` of everything added so far, from the aggregates."""
        a = self.agg
        n = max(a.players_per_game) if a.players_per_game else 4
        scheme = self.spec.scheme
        empty = {name: frame(name, []) for name in TABLES}
        frames = Frames(**{**empty, "games": frame("games", a.sample)})
        kinds = {code: (a.kind_games[code], a.kind_findings[code]) for code in a.kind_games}
        return Report(
            frames=frames,
            counters=a.counters,
            flagged=pd.DataFrame(a.flagged, columns=FLAGGED_COLUMNS).astype(
                {c: frames.games[c].dtype for c in FLAGGED_COLUMNS}
            ),
            player=self.player,
            scheme=scheme if isinstance(scheme, str) else scheme.name,
            unreadable=list(a.unreadable),
            results=[a.first] if a.first is not None else [],
            findings=findings_frame(self.findings),
            unnamed={k: c + PlayerCounters() for k, c in a.unnamed.items()},
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
                without_points=a.without_points,
                tables=Counter(a.tables_seen),
                left_out=a.left_out,
            ),
            plots=self.plots,
            rating=RatingRows(self.rated),
            streamed={k: f.path for k, f in self.side.items()},
            convention=self.convention,
            selection=self.spec.selection,
            split=self.spec.split,
            games_sample=list(a.sample),
        )


def _withdrawn(path: Path) -> bool:
    """An output still waiting to be put under its name (``paifu.outfiles.staged``), removed."""
    from paifu.outfiles import withdraw

    return withdraw(path)

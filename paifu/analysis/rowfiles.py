"""The report's rows on disk, chunk by chunk: Arrow tables with fixed schemas, the ``--out`` Parquet
dataset, and single CSV or Parquet files (``--games``, the tables beside the HTML) that come out
the same bytes as written whole (``paifu.analysis.report.write_table``)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pandas as pd

from paifu.analysis.frames import frame


def plain(df: pd.DataFrame) -> pd.DataFrame:
    """Categoricals as plain nullable columns (seats ``Int64``, winds ``string``) for Parquet/CSV."""
    out = df.copy()
    for col in out.columns:
        dtype = out[col].dtype
        if isinstance(dtype, pd.CategoricalDtype):
            numeric = pd.api.types.is_integer_dtype(dtype.categories.dtype)
            out[col] = out[col].astype("Int64" if numeric else "string")
    return out


@functools.cache
def _schema(table: str, column: str | None) -> Any:
    import pyarrow as pa

    schema = pa.Schema.from_pandas(plain(frame(table, [])), preserve_index=False)
    return schema.append(pa.field(column, pa.string())) if column else schema


def arrow_rows(table: str, rows: list[dict[str, Any]], column: str | None = None) -> Any:
    """Rows of one of the six tables as a ``pyarrow.Table`` with its fixed schema (plain types),
    plus the partition ``column`` (a string) when given."""
    import pyarrow as pa

    df = plain(frame(table, rows))
    if column:
        df[column] = pd.array([row[column] for row in rows], dtype="string")
    schema = _schema(table, column)
    # the pandas metadata the schema carries, not the one of this chunk's values (a chunk whose dates
    # are all missing would record another dtype): every chunk of a table alike
    return pa.Table.from_pandas(df, schema=schema, preserve_index=False).replace_schema_metadata(
        schema.metadata
    )


def decoded(table: str, chunks: list[Any], column: str | None) -> Any:
    """``ReportPart.tables`` chunks of one table as one ``pyarrow.Table`` with its fixed schema."""
    import pyarrow as pa

    schema = _schema(table, column)
    return pa.concat_tables([chunk.cast(schema).replace_schema_metadata(schema.metadata) for chunk in chunks])


_PANDAS_TYPES = {
    "int64": pd.Int64Dtype(),
    "double": pd.Float64Dtype(),
    "bool": pd.BooleanDtype(),
    "string": pd.StringDtype(),
    "large_string": pd.StringDtype(),
}


class Dataset:
    """One table of the ``--out`` dataset: a Parquet file per chunk and partition, hive layout (the
    partition column lives in the folder name, as ``pyarrow.dataset`` and pandas read it back)."""

    def __init__(self, root: Path, table: str, column: str | None) -> None:
        self.root, self.table, self.column, self.seq = root / table, table, column, 0
        self.values: dict[str, None] = {}  # partition values written, in order
        self.root.mkdir(parents=True, exist_ok=True)

    def write(self, table: Any) -> None:
        """One file per partition value in this chunk: ``root/column=value/part-NNNNNN.parquet``."""
        import pyarrow.compute as pc

        if not self.column:
            _write_part(table, self.root / f"part-{self.seq:06d}.parquet")
        else:
            for value in dict.fromkeys(table[self.column].to_pylist()):
                folder = self.root / f"{self.column}={quote(value, safe='')}"
                folder.mkdir(exist_ok=True)
                group = table.filter(pc.equal(table[self.column], value)).drop_columns([self.column])
                _write_part(group, folder / f"part-{self.seq:06d}.parquet")
                self.values[value] = None
        self.seq += 1

    def finish(self, value: str | None) -> None:
        """A table that got no rows (no findings, no wins) still gets one file, empty, with the
        table's columns and types: read back, it has the schema it has when rows exist, so runs
        and partitions concatenate. ``value``: a partition of the run to put it in."""
        if self.seq:
            return
        empty = arrow_rows(self.table, [], self.column)
        if self.column and value is not None:
            folder = self.root / f"{self.column}={quote(value, safe='')}"
            folder.mkdir(exist_ok=True)
            _write_part(empty.drop_columns([self.column]), folder / "part-000000.parquet")
        else:
            _write_part(
                empty.drop_columns([self.column]) if self.column else empty, self.root / "part-000000.parquet"
            )
        self.seq += 1


def _write_part(table: Any, path: Path) -> None:
    """One Parquet file of the dataset, written in place: the dataset's folder is a temporary one
    (``analysis.stream.ReportSink``), renamed to its name only when every part is complete."""
    import pyarrow.parquet as pq

    from paifu.outfiles import failed

    try:
        pq.write_table(table, path)
    except OSError as e:
        raise failed(path, e) from e


class TableFile:
    """``--games`` and the tables beside the HTML: one CSV or Parquet file written chunk by chunk (the
    same bytes as ``paifu.analysis.report.write_table`` of the whole table; CSV text cells formula-safe).
    The chunks go to a temporary file beside ``path``, renamed to it by ``close``: a run that fails
    half-way leaves no truncated table under the final name."""

    def __init__(self, path: Path) -> None:
        from paifu.outfiles import atomic_path

        self.path, self.started = path, False
        self.writer: Any = None  # a pyarrow ParquetWriter once the first chunk arrives
        self.parquet = path.suffix.lower() in (".parquet", ".pq")
        self._atomic = atomic_path(path)
        self.tmp = self._atomic.__enter__()
        self.closed = False

    def write(self, table: Any) -> None:
        if self.parquet:
            import pyarrow.parquet as pq

            from paifu.outfiles import failed

            try:
                if self.writer is None:
                    self.writer = pq.ParquetWriter(self.tmp, table.schema)
                self.writer.write_table(table)
            except OSError as e:  # a full disk: named; the run's discard removes the partial file
                raise failed(self.path, e) from e
        else:
            self.write_frame(table.to_pandas(types_mapper=lambda t: _PANDAS_TYPES.get(str(t))))

    def write_frame(self, df: pd.DataFrame) -> None:
        """A chunk already a frame (CSV only)."""
        from paifu.outfiles import failed
        from paifu.safety import csv_safe

        try:
            csv_safe(df).to_csv(self.tmp, mode="a", header=not self.started, index=False)
        except OSError as e:
            raise failed(self.path, e) from e
        self.started = True

    def close(self) -> None:
        """The file complete under its name (an ``OutputError`` when it cannot be, nothing left)."""
        try:
            if self.parquet and self.writer is None:
                self.write(arrow_rows("game_players", []))
            if self.writer is not None:
                self.writer.close()
                self.writer = None
        except BaseException as e:
            self._atomic.__exit__(type(e), e, e.__traceback__)
            raise
        self._atomic.__exit__(None, None, None)
        self.closed = True

    def remove(self) -> None:
        """Nothing of this table left (the run failed or found no games)."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        if self.closed:
            from paifu.outfiles import withdraw

            if not withdraw(self.path):  # waiting in a staged block: never put under its name
                self.path.unlink(missing_ok=True)
        else:
            self.tmp.unlink(missing_ok=True)  # never renamed: a file of a former run stays as it was


def table_suffix_ok(path: str | Path) -> bool:
    """Whether a table may be written at ``path``: ``.csv``, ``.parquet`` or ``.pq``, or a FIFO, a
    device or ``/dev/stdout`` of any name (written as CSV)."""
    from paifu.outfiles import writes_into

    return Path(path).suffix.lower() in (".csv", ".parquet", ".pq") or writes_into(path)


def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """CSV or Parquet, by the file's suffix (``.csv``, ``.parquet``/``.pq``; another suffix is an error)."""
    from paifu.outfiles import atomic_path

    p = Path(path)
    if not table_suffix_ok(p):
        raise ValueError(f"{p}: write tables as .csv or .parquet")
    if p.suffix.lower() in (".parquet", ".pq"):
        out = df.copy()
        for col in out.columns:  # seats as nullable ints (pao_seat is mostly NA); read_table restores them
            if isinstance(out[col].dtype, pd.CategoricalDtype):
                ints = pd.api.types.is_integer_dtype(out[col].cat.categories.dtype)
                out[col] = out[col].astype("Int64" if ints else "string")
        with atomic_path(p) as tmp:  # complete or absent, whatever fails on the way
            out.to_parquet(tmp, index=False)
    else:
        from paifu.safety import csv_safe

        with atomic_path(p) as tmp:  # a name like "=HYPERLINK(...)" is no formula in a spreadsheet
            csv_safe(df).to_csv(tmp, index=False)
    return p


def write_frames(frames: Iterable[pd.DataFrame], path: str | Path) -> Path:
    """A table given in pieces (``paifu.analysis.stats.stats_frames``), written one piece at a time:
    one piece is ``write_table`` of it; more are the same CSV bytes as ``write_table`` of them
    concatenated, and a Parquet file of a row group each. Complete or absent, as ``write_table``."""
    p = Path(path)
    if not table_suffix_ok(p):
        raise ValueError(f"{p}: write tables as .csv or .parquet")
    pieces = iter(frames)
    first = next(pieces)
    second = next(pieces, None)
    if second is None:
        return write_table(first, p)
    out = TableFile(p)
    try:
        for piece in _chain(first, second, pieces):
            if out.parquet:
                import pyarrow as pa

                out.write(pa.Table.from_pandas(piece, preserve_index=False))
            else:
                out.write_frame(piece)
        out.close()
    except BaseException:
        out.remove()
        raise
    return p


def _chain(first: pd.DataFrame, second: pd.DataFrame, rest: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    yield first
    yield second
    yield from rest


def side_files(path: str | Path) -> dict[str, Path]:
    """The files written beside the HTML report at ``path``: its tables (players, league, games (one
    row per seat), findings, yaku, rating) and (``pages``) the players' index, in a folder of a page
    per player."""
    p = Path(path)
    out = {
        k: p.with_name(f"{p.stem}-{k}.csv")
        for k in ("players", "league", "games", "findings", "yaku", "rating")
    }
    out["pages"] = p.with_name(f"{p.stem}-players") / "index.html"  # and a page per player beside it
    return out

"""``paifu convert``: records to another format, one input at a time, every loss warned about."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import chain, islice
from pathlib import Path
from typing import Any, TextIO

from paifu import outfiles
from paifu.cli.common import output_problem, plural, write_line
from paifu.cli.interrupt import Interrupt
from paifu.limits import read_stdin
from paifu.outfiles import short_name


def run_convert(args: argparse.Namespace, out: TextIO) -> int:
    """Read, write and forget one input at a time (memory stays flat in the number of files: the
    walk's names wait on disk, ``_Names``); a file that cannot be read or a game that cannot be
    written is named, the rest still written. Into ``-o DIR`` no existing file is overwritten
    (``--overwrite`` allows it, but never an input). What a target cannot carry is warned per game
    (``--quiet``: not) and summed up by kind."""
    from paifu.formats import normalise_format
    from paifu.formats.base import RecordError

    try:
        to = normalise_format(args.to, writing=True)
    except RecordError as e:
        sys.stderr.write(f"paifu convert: {e}\n")
        return 2
    target: str | None = None if args.output == "-" else args.output  # -o -: standard output, as without -o
    if target is not None and (why := outfiles.refused(target)):
        sys.stderr.write(f"paifu convert: {why}\n")
        return 2
    with contextlib.closing(_Names()) as names:
        return _convert(args, out, to, target, names)


def _convert(args: argparse.Namespace, out: TextIO, to: str, target: str | None, names: _Names) -> int:
    from paifu.formats.base import RecordError
    from paifu.formats.registry import BY_NAME

    into = target is not None and outfiles.writes_into(target)  # a FIFO, a device: every game in turn
    # the whole walk first, its names on disk: what this run writes is never read as one of its inputs
    n_files = names.walk(args.inputs)
    stop = Interrupt()  # Ctrl-C: the file being converted is finished, then the run stops
    reads = stop.guard(_reads(names, args.inputs, args.format))
    ahead = list(islice(reads, 1))
    to_dir = target is not None and not into and (Path(target).is_dir() or target.endswith(("/", os.sep)))
    if target is not None and not into and not to_dir and ahead:
        ahead += islice(reads, 1)  # a second file read: the games need a folder
        to_dir = len(ahead) > 1
    if not ahead and not stop.hit:
        sys.stderr.write("paifu convert: no record files found\n")
        return 2
    if target is not None and not to_dir and (problem := output_problem(target)):
        sys.stderr.write(f"paifu convert: {problem}\n")
        return 2
    bad = games = unwritten = 0
    kinds: Counter[str] = Counter()
    started = 0
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(outfiles.open_into(target)) if target is not None and into else None
        for path, records in chain(ahead, reads):
            started += 1
            if isinstance(records, RecordError):
                write_line(sys.stderr, f"{path}: UNREADABLE: {records.reason}")
                bad += 1
                continue
            name = path if path != "-" else "<stdin>"
            if target is not None and not to_dir and not into and len(records) != 1:
                to_dir = True  # one file of several games: they need a folder
            if (
                to_dir
                and target is not None
                and Path(target).suffix
                and not Path(target).is_dir()
                and not target.endswith(("/", os.sep))
            ):
                sys.stderr.write(
                    f"paifu convert: several games need a folder for -o, not the file name {target}\n"
                )
                return 2
            for i, rec in enumerate(records):
                games += 1
                data = _write_one(name, i, rec, to, kinds, args.quiet)
                if data is None:
                    bad += 1
                    unwritten += 1
                    continue
                if sink is not None:  # a FIFO or a device: each game whole, in turn
                    sink.write(data if data.endswith(b"\n") else data + b"\n")
                    continue
                if target is None:
                    out.write(data.decode("utf-8"))
                    if not data.endswith(b"\n"):
                        out.write("\n")
                    continue
                dest = _destination(Path(target), name, i, BY_NAME[to].extension, to_dir, names)
                if names.is_input(os.path.realpath(dest)):
                    write_line(sys.stderr, f"{name}: game {i}: not written: {dest} is an input of this run")
                    bad += 1
                    unwritten += 1
                    continue
                if to_dir and (why := _unwritable(dest, args.overwrite)):
                    write_line(sys.stderr, f"{name}: game {i}: not written: {why}")
                    bad += 1
                    unwritten += 1
                    continue
                if to_dir:
                    dest.parent.mkdir(parents=True, exist_ok=True)
                names.wrote(str(dest))
                try:
                    outfiles.write_bytes(dest, data)
                except outfiles.OutputError as e:  # disk full, a size limit: nothing half-written is left
                    write_line(sys.stderr, f"{name}: game {i}: not written: {e}")
                    bad += 1
                    unwritten += 1
    if kinds:
        total = sum(kinds.values())
        parts = "; ".join(f"{n} x {m}" for m, n in kinds.most_common())
        done = f" ({games - unwritten:,} written)" if unwritten else ""
        write_line(
            sys.stderr, f"paifu convert: {plural(games, 'game')}{done}, {plural(total, 'warning')}: {parts}"
        )
    if stop.hit:
        return stop.say(
            "convert",
            f"{started:,} of {plural(n_files - names.not_records, 'file')} converted, "
            f"{plural(games - unwritten, 'game')} written (each whole; the rest not started)",
        )
    return 2 if bad else 0


def _reads(names: _Names, inputs: list[str], fmt: str | None) -> Iterator[tuple[str, Any]]:
    """Each input's games (or the ``RecordError`` that says why it cannot be read), in order, each
    file opened once (``read_input``); a file found in a folder that is no record is listed as
    skipped and left out."""
    from paifu.formats import NotARecord, read_bytes, read_input
    from paifu.formats.base import RecordError

    for path, found in names.files(inputs):
        try:
            if path == "-":
                yield path, read_bytes(read_stdin(), "<stdin>", fmt)
            else:
                yield path, read_input(path, fmt, found=found)
        except NotARecord as e:
            names.not_records += 1
            write_line(sys.stderr, f"{path}: skipped: {e}")
        except RecordError as e:
            yield path, e


class _Names:
    """The run's input files in walk order, their real paths and the outputs written, kept in a
    temporary SQLite database on disk (its page cache bounded, ``CACHE_KIB``): a million files cost
    the memory a hundred do. Names go in as bytes (``os.fsencode``): a file name need not be UTF-8."""

    #: the most of its pages the database keeps in memory
    CACHE_KIB = 256
    #: names read back at a time
    PAGE = 512

    def __init__(self) -> None:
        import sqlite3

        self.db = sqlite3.connect("", isolation_level=None)  # "": a private database in a temporary file
        self.db.executescript(
            f"PRAGMA cache_size=-{self.CACHE_KIB}; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
            "CREATE TABLE files(name BLOB, found INTEGER);"
            "CREATE TABLE inputs(name BLOB PRIMARY KEY) WITHOUT ROWID;"
            "CREATE TABLE written(name BLOB PRIMARY KEY) WITHOUT ROWID;"
        )
        self.not_records = 0  # files found in folders that were no record (listed as skipped)

    def close(self) -> None:
        self.db.close()

    def walk(self, inputs: list[str]) -> int:
        """Walk ``inputs`` (``walk_inputs``: nothing opened), keeping every file and its real path;
        what the walk skips is listed as it goes. Returns the number of inputs, ``-`` included."""
        from paifu.formats import walk_inputs

        skipped: list[Any] = []
        n = 0
        db = self.db
        db.execute("BEGIN")
        for path, found in walk_inputs([p for p in inputs if p != "-"], skipped):
            for sk in skipped:
                write_line(sys.stderr, f"{sk.file}: skipped: {sk.reason}")
            skipped.clear()
            db.execute("INSERT INTO files VALUES (?, ?)", (os.fsencode(path), found))
            db.execute("INSERT OR IGNORE INTO inputs VALUES (?)", (os.fsencode(os.path.realpath(path)),))
            n += 1
        db.execute("COMMIT")
        for sk in skipped:
            write_line(sys.stderr, f"{sk.file}: skipped: {sk.reason}")
        return n + ("-" in inputs)

    def files(self, inputs: list[str]) -> Iterator[tuple[str, bool]]:
        """The files walked, in order, ``-`` where it was given (counted among the files before it)."""
        at = inputs.index("-") if "-" in inputs else -1
        row, i = 0, 0
        while True:
            page = self.db.execute(
                "SELECT rowid, name, found FROM files WHERE rowid > ? ORDER BY rowid LIMIT ?",
                (row, self.PAGE),
            ).fetchall()
            for _, name, found in page:
                if i == at:
                    yield "-", False
                i += 1
                yield os.fsdecode(name), bool(found)
            if len(page) < self.PAGE:
                break
            row = page[-1][0]
        if at >= i:
            yield "-", False

    def is_input(self, real: str) -> bool:
        found = self.db.execute("SELECT 1 FROM inputs WHERE name = ?", (os.fsencode(real),)).fetchone()
        return found is not None

    def written(self, dest: str) -> bool:
        got = self.db.execute("SELECT 1 FROM written WHERE name = ?", (os.fsencode(dest),)).fetchone()
        return got is not None

    def wrote(self, dest: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO written VALUES (?)", (os.fsencode(dest),))


def _write_one(path: str, i: int, rec: object, to: str, kinds: Counter[str], quiet: bool) -> bytes | None:
    """One game in the target format, its warnings on standard error (counted by kind in ``kinds``);
    None (said why) when it cannot be written."""
    import warnings

    from paifu.api import write
    from paifu.formats.base import RecordError

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            data = write(rec, to)  # type: ignore[arg-type]
        except RecordError as e:  # a game this format cannot express: reported, the batch goes on
            write_line(sys.stderr, f"{path}: game {i}: cannot write as {to}: {e.reason}")
            return None
    said = [str(w.message) for w in caught]  # paifu.write names the rules a read-back would judge otherwise
    messages = [
        (f"{to} cannot carry the table's rules" if "cannot carry this table's rules" in m else m, m)
        for m in said
    ]
    for kind, m in messages:
        kinds[kind] += 1
        if not quiet:
            write_line(sys.stderr, f"{path}: warning: {m}")
    return data


def _destination(target: Path, path: str, i: int, ext: str, to_dir: bool, names: _Names) -> Path:
    """Where a game goes: ``-o FILE`` itself, or a name in ``-o DIR`` not yet used in this run."""
    if not to_dir:
        return target
    stem = Path(path).name.split(".")[0] + (f"-{i}" if i else "")
    dest = target / short_name(stem, ext)  # a 254-byte input name: shortened with a hash, never fatal
    n = 1
    while names.written(str(dest)):  # same file name in two input folders: never overwrite
        n += 1
        dest = target / short_name(f"{stem}~{n}", ext)
    return dest


def _unwritable(dest: Path, overwrite: bool) -> str | None:
    """Why a game's file in ``-o DIR`` is not written: a link there (never followed out of the
    folder, even with ``--overwrite``), or a file that exists."""
    if why := outfiles.safe_member(dest.parent, dest.name):
        return why
    if dest.exists() and not overwrite:
        return f"{dest} exists (--overwrite to replace it)"
    return None

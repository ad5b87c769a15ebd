"""``paifu convert``: records to another format, one input at a time, every loss warned about."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections import Counter
from pathlib import Path
from typing import TextIO

from paifu import outfiles
from paifu.cli.common import output_problem, plural, write_line
from paifu.cli.interrupt import Interrupt
from paifu.limits import read_stdin
from paifu.outfiles import short_name


def run_convert(args: argparse.Namespace, out: TextIO) -> int:
    """Read, write and forget one input at a time (memory stays flat on a folder of thousands);
    a file that cannot be read or a game that cannot be written is named, the rest still written.
    Into ``-o DIR`` no existing file is overwritten (``--overwrite`` allows it, but never an input).
    What a target cannot carry is warned per game (``--quiet``: not) and summed up by kind."""
    from paifu.formats import iter_record_files, normalise_format, read_bytes, read_path
    from paifu.formats.base import RecordError
    from paifu.formats.registry import BY_NAME

    try:
        to = normalise_format(args.to, writing=True)
    except RecordError as e:
        sys.stderr.write(f"paifu convert: {e}\n")
        return 2
    target: str | None = None if args.output == "-" else args.output  # -o -: standard output, as without -o
    if target is not None and (why := outfiles.refused(target)):
        sys.stderr.write(f"paifu convert: {why}\n")
        return 2
    into = target is not None and outfiles.writes_into(target)  # a FIFO, a device: every game in turn
    skipped: list = []
    files = list(iter_record_files([p for p in args.inputs if p != "-"], skipped))
    if "-" in args.inputs:
        files.insert(min(args.inputs.index("-"), len(files)), "-")
    for sk in skipped:
        write_line(sys.stderr, f"{sk.file}: skipped: {sk.reason}")
    if not files:
        sys.stderr.write("paifu convert: no record files found\n")
        return 2
    to_dir = (
        target is not None
        and not into
        and (len(files) != 1 or Path(target).is_dir() or target.endswith(("/", os.sep)))
    )
    if target is not None and not to_dir and (problem := output_problem(target)):
        sys.stderr.write(f"paifu convert: {problem}\n")
        return 2
    inputs = {os.path.realpath(f) for f in files if f != "-"}
    bad = games = unwritten = 0
    written: set[Path] = set()
    kinds: Counter[str] = Counter()
    stop = Interrupt()  # Ctrl-C: the file being converted is finished, then the run stops
    started = 0
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(outfiles.open_into(target)) if target is not None and into else None
        for path in stop.guard(files):
            started += 1
            try:
                records = (
                    read_bytes(read_stdin(), "<stdin>", args.format)
                    if path == "-"
                    else read_path(path, args.format)
                )
            except RecordError as e:
                write_line(sys.stderr, f"{path}: UNREADABLE: {e.reason}")
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
                dest = _destination(Path(target), name, i, BY_NAME[to].extension, to_dir, written)
                if os.path.realpath(dest) in inputs:
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
                written.add(dest)
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
            f"{started:,} of {plural(len(files), 'file')} converted, {plural(games - unwritten, 'game')} written "
            "(each whole; the rest not started)",
        )
    return 2 if bad else 0


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


def _destination(target: Path, path: str, i: int, ext: str, to_dir: bool, written: set[Path]) -> Path:
    """Where a game goes: ``-o FILE`` itself, or a name in ``-o DIR`` not yet used in this run."""
    if not to_dir:
        return target
    stem = Path(path).name.split(".")[0] + (f"-{i}" if i else "")
    dest = target / short_name(stem, ext)  # a 254-byte input name: shortened with a hash, never fatal
    n = 1
    while dest in written:  # same file name in two input folders: never overwrite
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

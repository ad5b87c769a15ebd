"""Reading and writing game records: one entry point for every format (``registry.ENTRIES``).

Readers are imported lazily so ``import paifu.formats`` stays cheap (the CLI
imports it just to list formats). The format comes from the content
(``detect.py``), then the file name; an explicit ``fmt`` overrides both.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from typing import TYPE_CHECKING

from paifu.formats.base import RecordError, TableFacts
from paifu.formats.gzipped import GZIP_MAGIC, decompress  # noqa: F401 - public names of paifu.formats
from paifu.formats.registry import ALIASES, BY_NAME, ENTRIES, load
from paifu.formats.walk import Skipped, iter_record_files, walk_inputs, walk_sized
from paifu.limits import current, human, read_limited

if TYPE_CHECKING:
    from paifu.events import GameRecord

__all__ = [
    "FORMATS",
    "WRITABLE",
    "RecordError",
    "Skipped",
    "TableFacts",
    "NotARecord",
    "guess_format",
    "iter_record_files",
    "read_bytes",
    "read_input",
    "read_path",
    "walk_inputs",
    "walk_sized",
    "write",
]

#: every format paifu reads, in the order detection asks them
FORMATS = tuple(f.name for f in ENTRIES)
#: the formats paifu also writes (the four open ones)
WRITABLE = tuple(f.name for f in ENTRIES if f.writable)


def normalise_format(fmt: str, *, writing: bool = False) -> str:
    """A canonical format name from a user's spelling; RecordError for an unknown one (or, with
    ``writing``, for one that is read only)."""
    f = fmt.strip().lower().replace("_", "-")
    f = ALIASES.get(f, f)
    if f not in BY_NAME:
        raise RecordError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    if writing and not BY_NAME[f].writable:
        raise RecordError(f"{BY_NAME[f].title} is read, not written; paifu writes {', '.join(WRITABLE)}")
    return f


def _load(fmt: str, what: str) -> Callable:
    try:
        return load(fmt, what)
    except ImportError as e:
        raise RecordError(f"cannot {what} {fmt}: {e}") from e


def guess_format(data: bytes, source: str = "") -> str:
    """The format of record bytes: content first, then the file name."""
    from paifu.formats.detect import detect_format, format_from_name, unsupported

    fmt = detect_format(data, keep=True) or (format_from_name(source) if source else None)
    if fmt is None:
        what = unsupported(data)
        if what:
            raise RecordError(what, file=source)
        _raise_if_broken_json(data, source)
        raise RecordError(
            "not a game record in any known format (tried " + ", ".join(FORMATS) + ")", file=source
        )
    return fmt


#: bytes of a JSON document that no format claims, parsed whole to say what is wrong with it: a
#: longer one is only told "cut short" by its end (parsing 60 MB of ``[{},{},...]`` built 20 million
#: objects, 1.6 GB, to say it is no record)
WHOLE_CHECK_BYTES = 2**20


def _raise_if_broken_json(data: bytes, source: str) -> None:
    """A JSON document that does not parse (e.g. cut short) says so, rather than "no known format"."""
    head = data.lstrip(b"\xef\xbb\xbf").lstrip()[:1]
    if head not in (b"{", b"["):
        return
    if len(data) > WHOLE_CHECK_BYTES:
        end = data.rstrip()[-1:]
        if end not in (b"}", b"]"):
            raise RecordError(
                f"not valid JSON (cut short? it ends in {end!r}, not a closing bracket)", file=source
            )
        return
    import json

    try:
        value = json.loads(data.decode("utf-8-sig"))
    except RecursionError as e:
        raise RecordError("JSON nested too deeply to read", file=source) from e
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e}", file=source) from e
    except ValueError as e:
        if "Extra data" not in str(e):  # JSON lines: each line may be fine
            raise RecordError(f"not valid JSON (cut short or corrupt?): {e}", file=source) from e
    else:
        if value in ([], {}):
            raise RecordError("holds no game record (an empty JSON document)", file=source)


def read_bytes(data: bytes, source: str = "", fmt: str | None = None) -> list[GameRecord]:
    """Every game in one file's bytes; ``RecordError`` for anything that is not a sound record."""
    limit = current().max_size
    if len(data) > limit:
        raise RecordError(f"{len(data):,} bytes, over the --max-size limit of {human(limit)}", file=source)
    data = decompress(data, source)
    f = normalise_format(fmt) if fmt else guess_format(data, source)
    reader = _load(f, "read")
    try:
        records = reader(data, source)
    except RecordError:
        raise
    except RecursionError as e:
        raise RecordError(f"cannot read as {f}: nested too deeply", file=source) from e
    except MemoryError as e:
        raise RecordError(f"cannot read as {f}: out of memory (lower --max-size)", file=source) from e
    except (
        ValueError,
        KeyError,
        IndexError,
        TypeError,
        AttributeError,
        OverflowError,
    ) as e:  # a reader slipped
        raise RecordError(f"cannot read as {f}: {type(e).__name__}: {e}", file=source) from e
    if not BY_NAME[f].checks_itself:
        from paifu.formats.check import check_records

        check_records(records, source)
    return records


class NotARecord(Exception):
    """A file found in a folder whose content is no record (a README saved as ``.txt``, a rule
    object): skipped with this reason, never reported unreadable."""


def read_path(path: str | os.PathLike[str], fmt: str | None = None) -> list[GameRecord]:
    """Every game in one file. Only a regular file is opened (a FIFO would block, a device never
    end), and no more than the ``--max-size`` limit is read from it."""
    return read_input(os.fspath(path), fmt)


def read_input(p: str, fmt: str | None = None, *, found: bool = False) -> list[GameRecord]:
    """``read_path``, opening the file once: a file ``found`` in a folder is first judged from the
    bytes read (``paifu.formats.walk.skip_reason``), and ``NotARecord`` says why one is no record;
    the format is detected from the same bytes."""
    try:
        st = os.stat(p)
    except OSError as e:
        raise RecordError(f"cannot open: {e.strerror or e}", file=p) from e
    except ValueError as e:  # no file name holds a NUL byte
        raise RecordError("cannot open: the name holds a NUL byte, which no file name can", file=p) from e
    if stat.S_ISDIR(st.st_mode):
        try:
            os.listdir(p)
        except OSError as e:
            raise RecordError(f"cannot list this folder: {e.strerror or e}", file=p) from e
        raise RecordError("a folder, not a record file", file=p)
    if not stat.S_ISREG(st.st_mode):
        raise RecordError(
            f"not a regular file ({_KINDS.get(stat.S_IFMT(st.st_mode), 'special file')}): not read", file=p
        )
    limit = current().max_size
    if st.st_size > limit and not found:
        raise RecordError(f"{st.st_size:,} bytes, over the --max-size limit of {human(limit)}", file=p)
    try:
        with open(p, "rb") as fh:
            if st.st_size > limit:
                # only as far as telling whether it is a record at all (what ``skip_reason`` sniffs)
                from paifu.formats.detect import SNIFF_BYTES

                data = fh.read(SNIFF_BYTES + 1)
            else:
                data = read_limited(fh, limit, st.st_size)  # never asking for more than is there
    except OSError as e:
        raise RecordError(f"cannot open: {e.strerror or e}", file=p) from e
    if found:
        from paifu.formats.walk import skip_reason

        reason = skip_reason(p, st.st_size, data)
        if reason:
            raise NotARecord(reason)
        if st.st_size > limit:
            raise RecordError(f"{st.st_size:,} bytes, over the --max-size limit of {human(limit)}", file=p)
    return read_bytes(data, p, fmt)


_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def write(record: GameRecord, fmt: str, table: TableFacts | None = None) -> bytes:
    """One game in the given format; ``RecordError`` (naming the file) when the game cannot be
    written: a writer that meets something the record cannot mean fails for that game alone.

    ``table`` is what the format must say about the table's rules (``None``: the format's
    defaults); ``paifu.api.write`` fills it from the record's hints."""
    f = normalise_format(fmt, writing=True)
    writer = _load(f, "write")
    from paifu.formats.check import check_writable

    check_writable(record)
    try:
        return writer(record, table)
    except RecordError as e:
        if e.file or not record.source:
            raise
        raise RecordError(e.reason, file=record.source, game=e.game, hand=e.hand, event=e.event) from e
    except RecursionError as e:
        raise RecordError(f"cannot write as {f}: nested too deeply", file=record.source) from e
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, ArithmeticError) as e:
        raise RecordError(
            f"cannot write as {f}: the record holds what {f} cannot say ({type(e).__name__}: {e})",
            file=record.source,
        ) from e

"""Every file paifu writes goes through here: complete or absent, never over an input, never
through a link out of its folder, never under a name too long for the file system.

A full disk or a file-size limit in the middle of a write must not leave a truncated file under
the final name (a rerun of ``convert`` would then refuse to replace it, a viewer would show half a
page): ``atomic`` writes to a temporary name in the same folder and renames it when complete; on
failure the temporary file is removed and the ``OutputError`` says so. ``output_conflicts``
checks, before any work, that no output is one of the inputs (a record read in a given file or
folder) and that no two outputs of one run are the same file. ``short_name`` keeps a name within
the file system's 255 bytes with a stable hash of what it cut.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from paifu.formats.walk import TEMP_PREFIX, TEMP_SUFFIX
from paifu.safety import printable

_SURROGATES = re.compile("[\ud800-\udfff]")
#: bytes a file name may have: under the usual 255, leaving room for a temporary prefix and suffix
NAME_BYTES = 200


class OutputError(OSError):
    """An output that could not be written (nothing is left under its name) or must not be."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path beside ``path`` to write; renamed to ``path`` when the block ends without
    an error, removed (and an ``OutputError`` naming ``path``) when it does not. A symbolic link at
    ``path`` is replaced by the file, never written through."""
    final = Path(path)
    folder = final.parent if str(final.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)  # a missing folder is made, for every output alike
        fd, name = tempfile.mkstemp(dir=folder, prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX)
    except OSError as e:
        raise OutputError(f"cannot write {printable(final)}: {e.strerror or e}") from e
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_umask())  # as a plain open() would have made it, not mkstemp's 0600
        os.replace(tmp, final)
    except BaseException as e:
        tmp.unlink(missing_ok=True)
        if isinstance(e, OSError) and not isinstance(e, OutputError):
            raise failed(final, e) from e
        raise


def failed(path: str | os.PathLike[str], e: OSError) -> OutputError:
    """The one-line error of a write that failed half-way (its partial file is removed)."""
    return OutputError(f"cannot write {printable(path)}: {e.strerror or e}; the partial file was removed")


@contextlib.contextmanager
def atomic(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """``open(path, mode)`` for writing, complete or absent (``atomic_path``); text is UTF-8."""
    with atomic_path(path) as tmp:
        encoding = None if "b" in mode else "utf-8"
        with open(tmp, mode, encoding=encoding) as fh:
            yield fh


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    with atomic(path, "wb") as fh:
        fh.write(data)


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """UTF-8 text; a lone surrogate left in it (a file name that is no UTF-8) becomes U+FFFD
    rather than failing the whole page."""
    with atomic(path, "w") as fh:
        fh.write(text if text.isascii() else _SURROGATES.sub("\ufffd", text))


def name_hash(text: str) -> str:
    """Eight hex digits, the same for the same text on every run (names made unique or short)."""
    return hashlib.blake2s(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def short_name(stem: str, suffix: str = "", limit: int = NAME_BYTES) -> str:
    """``stem + suffix`` when it fits in ``limit`` bytes (as the file system encodes it), else the
    stem cut to fit with ``~`` and a stable hash of the whole stem before the suffix."""
    if len(os.fsencode(stem + suffix)) <= limit:
        return stem + suffix
    tail = f"~{name_hash(stem)}{suffix}"
    room = limit - len(os.fsencode(tail))
    cut = stem
    while cut and len(os.fsencode(cut)) > room:
        cut = cut[: max(len(cut) - max((len(os.fsencode(cut)) - room) // 4, 1), 0)]
    return cut + tail


def safe_member(folder: Path, name: str) -> str | None:
    """Why ``folder/name`` must not be written (a link, which could lead out of the folder), or None."""
    dest = folder / name
    if dest.is_symlink():
        return f"{printable(dest)} is a symbolic link (never followed out of an output folder)"
    return None


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def output_conflicts(outputs: Mapping[str, str | None], inputs: Iterable[str]) -> str | None:
    """Why the outputs of a run cannot be written (checked before any work), or None: ``outputs``
    maps a label (``--html``) to its path. An output must not be an input file, nor a record an
    input folder would read, and no two outputs may be one file."""
    from paifu.formats.walk import not_a_record

    given = [p for p in inputs if p != "-"]
    seen: dict[str, str] = {}
    for label, path in outputs.items():
        if not path or path == "-":
            continue
        key = os.path.realpath(path)
        for other_label, other in seen.items():
            if key == other or _same(path, other):
                return f"{label} {printable(path)} is the same file as {other_label}: give each its own name"
        seen[label] = key
        if not os.path.lexists(path):
            continue
        for inp in given:
            if os.path.isdir(inp):
                inside = os.path.commonpath([os.path.realpath(inp), key]) == os.path.realpath(inp)
                if inside and os.path.isfile(path) and not_a_record(path, os.path.getsize(path)) is None:
                    return f"{label} {printable(path)} is a record in the input folder {printable(inp)}: never overwritten"
            elif _same(path, inp):
                return f"{label} {printable(path)} is an input of this run: never overwritten"
    return None

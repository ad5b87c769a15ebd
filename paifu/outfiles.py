"""Every file paifu writes goes through here: complete or absent, never over an input, never
through a link out of its folder, never under a name too long for the file system, never in place
of a device.

A full disk or a file-size limit in the middle of a write must not leave a truncated file under
the final name (a rerun of ``convert`` would then refuse to replace it, a viewer would show half a
page): ``atomic`` writes to a temporary name in the same folder and renames it when complete; on
failure the temporary file is removed and the ``OutputError`` says so. An output that exists and is
no regular file is never renamed over (as root, ``-o /dev/null`` would replace the machine's
``/dev/null``): a FIFO, a character device or one of this process's descriptors (``/dev/stdout``)
gets the complete bytes written into it (``writes_into``), a block device or a socket is refused
(``refused``). ``output_conflicts`` checks, before any work, that no output is one of the inputs (a
record read in a given file or folder) and that no two outputs of one run are the same file.
``short_name`` keeps a name within the file system's 255 bytes with a stable hash of what it cut.

Temporary files and folders are named ``.paifu-XXXX.part`` (the folder walk never reads them).
The command line (``paifu.cli``) also hands their names to a small watcher process
(``paifu.leftovers``), which removes what is left of them if the run is killed (``kill -9``)
before it could remove them itself.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import shutil
import stat
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from paifu.formats.walk import TEMP_PREFIX, TEMP_SUFFIX
from paifu.leftovers import forget, watch
from paifu.safety import printable

_SURROGATES = re.compile("[\ud800-\udfff]")
#: bytes a file name may have: under the usual 255, leaving room for a temporary prefix and suffix
NAME_BYTES = 200
#: what an existing output may be besides a regular file or a folder, and whether it is written into
_KINDS = {
    stat.S_IFIFO: ("a FIFO", True),
    stat.S_IFCHR: ("a character device", True),
    stat.S_IFBLK: ("a block device", False),
    stat.S_IFSOCK: ("a socket", False),
}


class OutputError(OSError):
    """An output that could not be written (nothing is left under its name) or must not be."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def descriptor(path: str | os.PathLike[str]) -> int | None:
    """The descriptor of this process that ``path`` names (``/dev/stdout``, ``/dev/fd/3``,
    ``/proc/self/fd/1``, or a link to one of them), or None."""
    names = re.compile(rf"^(?:/dev/fd|/proc/self/fd|/proc/{os.getpid()}/fd)/(\d+)$")
    p = os.path.abspath(os.fspath(path))
    for _ in range(40):  # links followed one by one: the kernel's own limit
        m = names.match(p)
        if m:
            return int(m[1])
        try:
            target = os.readlink(p)
        except (OSError, ValueError):
            return None
        p = os.path.normpath(os.path.join(os.path.dirname(p), target))
    return None


def _kind(path: str | os.PathLike[str]) -> tuple[str, bool] | None:
    """What an existing output path is when it is no regular file or folder (links followed), and
    whether it may be written into; None otherwise (also when it does not exist)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return _KINDS.get(stat.S_IFMT(mode))


def writes_into(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is written into rather than replaced: a FIFO, a character device
    (``/dev/null``, a terminal) or a descriptor of this process (``/dev/stdout``)."""
    if descriptor(path) is not None:
        return True
    kind = _kind(path)
    return kind is not None and kind[1]


def refused(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is never written (a block device, a socket), or None."""
    if descriptor(path) is not None:
        return None
    kind = _kind(path)
    if kind is None or kind[1]:
        return None
    return f"{printable(path)} is {kind[0]}: never written or replaced"


def kind_of(path: str | os.PathLike[str]) -> str:
    """``path``'s kind in words, for a message (``a FIFO``, ``standard output``)."""
    fd = descriptor(path)
    if fd is not None:
        return {0: "standard input", 1: "standard output", 2: "standard error"}.get(fd, f"descriptor {fd}")
    kind = _kind(path)
    return kind[0] if kind else "a file"


@contextlib.contextmanager
def open_into(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """``path`` (one that ``writes_into``) opened for writing as it is: a descriptor of this process
    is written where it stands (``/dev/stdout`` after what was printed), a FIFO waits for its reader."""
    fd = descriptor(path)
    if fd is not None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(AttributeError, OSError, ValueError):
                if stream is not None and stream.fileno() == fd:
                    stream.flush()
        raw = os.dup(fd)
    else:
        raw = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    with open(raw, "wb", closefd=True) as fh:
        yield fh


def _deliver(tmp: Path, final: Path) -> None:
    """A complete temporary file's bytes written into ``final`` (``writes_into``), then removed."""
    with open(tmp, "rb") as src, open_into(final) as dst:
        shutil.copyfileobj(src, dst, 2**20)
    tmp.unlink(missing_ok=True)


def _temp_name(folder: Path) -> Path:
    return folder / f"{TEMP_PREFIX}{secrets.token_hex(5)}{TEMP_SUFFIX}"


def temp_file(folder: Path) -> Path:
    """A new empty ``.paifu-XXXX.part`` file in ``folder``, known to the watcher before it exists."""
    while True:
        tmp = _temp_name(folder)
        watch(tmp)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        except BaseException:
            forget(tmp)
            raise
        os.close(fd)
        return tmp


def temp_folder(folder: Path) -> Path:
    """A new empty ``.paifu-XXXX.part`` folder in ``folder`` (``temp_file``'s twin)."""
    while True:
        tmp = _temp_name(folder)
        watch(tmp)
        try:
            os.mkdir(tmp, 0o777)
        except FileExistsError:
            continue
        except BaseException:
            forget(tmp)
            raise
        return tmp


def finish_temp(tmp: Path, final: Path | None) -> None:
    """A temporary file or folder renamed to ``final`` (None: removed), and forgotten by the watcher."""
    try:
        if final is not None:
            os.replace(tmp, final)
        elif tmp.is_dir() and not tmp.is_symlink():
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            tmp.unlink(missing_ok=True)
    finally:
        forget(tmp)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path to write; when the block ends without an error, renamed to ``path`` (or, where
    ``path`` is a FIFO, a character device or ``/dev/stdout``, written into it: ``writes_into``);
    removed (and an ``OutputError`` naming ``path``) when it does not. A symbolic link at ``path`` to
    a regular file is replaced by the file, never written through; a block device or a socket is
    refused."""
    final = Path(path)
    if why := refused(final):
        raise OutputError(f"cannot write {why}")
    into = writes_into(final)
    folder = final.parent if str(final.parent) else Path(".")
    try:
        if into:  # the bytes are written into it once complete; meanwhile they wait in a temporary folder
            import tempfile

            folder = Path(tempfile.gettempdir())
        else:
            folder.mkdir(parents=True, exist_ok=True)  # a missing folder is made, for every output alike
        tmp = temp_file(folder)
    except OSError as e:
        raise OutputError(f"cannot write {printable(final)}: {e.strerror or e}") from e
    try:
        yield tmp
        if not into:
            os.chmod(tmp, 0o666 & ~_umask())  # as a plain open() would have made it, not the temporary 0600
        put(tmp, final, into)
    except BaseException as e:
        finish_temp(tmp, None)
        if isinstance(e, OSError) and not isinstance(e, OutputError):
            raise failed(final, e) from e
        raise


def put(tmp: Path, final: Path, into: bool = False) -> None:
    """A complete temporary file or folder put under its name (``into``: its bytes written into a
    FIFO or device), at once, or when the ``staged`` block around it ends."""
    if _stage is not None:
        _stage.append((tmp, final, into))
        return
    if into:
        _deliver(tmp, final)
        finish_temp(tmp, None)
    else:
        finish_temp(tmp, final)


_stage: list[tuple[Path, Path, bool]] | None = None


@contextlib.contextmanager
def staged() -> Iterator[None]:
    """Outputs completed inside the block are put under their names only when it ends without an
    error, all in one burst of renames; an error or a signal removes them all. A command that writes
    several files (a report, its tables and its dataset) then leaves none of them, rather than some,
    when it is killed (``kill -9``) while it draws the last. Nested blocks publish with the outer one."""
    global _stage
    if _stage is not None:
        yield
        return
    items: list[tuple[Path, Path, bool]] = []
    _stage = items
    try:
        yield
    except BaseException:
        _stage = None
        for tmp, _, _ in items:
            finish_temp(tmp, None)
        raise
    _stage = None
    for k, (tmp, final, into) in enumerate(items):
        try:
            put(tmp, final, into)
        except BaseException as e:
            for rest, _, _ in items[k:]:
                finish_temp(rest, None)
            if isinstance(e, OSError) and not isinstance(e, OutputError):
                raise failed(final, e) from e
            raise


def staged_path(final: str | os.PathLike[str]) -> Path | None:
    """Where the complete bytes of an output waiting in a ``staged`` block are, or None."""
    for tmp, name, _ in _stage or ():
        if name == Path(final):
            return tmp
    return None


def withdraw(final: str | os.PathLike[str]) -> bool:
    """An output waiting in a ``staged`` block removed (True), or False when none waits."""
    for k, (tmp, name, _) in enumerate(_stage or ()):
        if name == Path(final):
            assert _stage is not None
            del _stage[k]
            finish_temp(tmp, None)
            return True
    return False


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
        if not path or path == "-" or writes_into(path):  # nothing is replaced there
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

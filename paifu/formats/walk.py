"""Which files under the given paths are records: every input ends read, unreadable or skipped.

A folder is walked recursively and sorted; symlinked folders are followed once (a loop, or a
folder reached twice, is skipped with that reason). A file reached twice, under two spellings
(``sub/x.json``, ``./sub/x.json``) or through a link, is read once; the other spellings are
skipped, naming the first. Inside folders a file is yielded when its content is one of our
formats (whatever its name: Tenhou XML saved as ``.txt`` is read) or its name says record
(``.xml``, ``.json``, ``.mjlog`` ...: the reader then says why it cannot read it). Anything else
- a README, an image, a table, a 電脳麻将 rule object, a hidden file - is skipped with its reason,
which the caller lists. Paths given by name are always yielded; so are non-regular files
(FIFOs, devices) and folders that cannot be listed: ``read_path`` reports each as unreadable
without blocking on it.
"""

from __future__ import annotations

import json
import os
import stat
import zlib
from collections.abc import Callable, Iterable, Iterator

from paifu.formats.inputs import Skipped as Skipped  # re-exported: callers import it here
from paifu.limits import current

#: names that say record: the reader reports a broken one rather than the walk skipping it
RECORD_SUFFIXES = (".xml", ".xml_", ".mjlog", ".json", ".jsonl", ".mjson", ".gz", ".paipu")
#: names that say something else, skipped without opening
OTHER_SUFFIXES = (
    ".md",
    ".rst",
    ".csv",
    ".tsv",
    ".py",
    ".pyc",
    ".toml",
    ".yaml",
    ".yml",
    ".ini",
    ".cfg",
    ".parquet",
    ".pq",
    ".png",
    ".jpg",
    ".jpeg",
    ".gif",
    ".svg",
    ".webp",
    ".bmp",
    ".ico",
    ".pdf",
    ".ipynb",
    ".html",
    ".htm",
    ".css",
    ".js",
    ".ts",
    ".zip",
    ".tar",
    ".7z",
    ".xz",
    ".bz2",
    ".whl",
    ".so",
    ".exe",
    ".lock",
    ".tar.gz",
    ".tgz",
)
_SNIFF = 65536
#: how ``paifu.outfiles`` names a file it is writing (renamed when complete): never an input
TEMP_PREFIX, TEMP_SUFFIX = ".paifu-", ".part"


def iter_record_files(
    paths: Iterable[str | os.PathLike[str]], skipped: list[Skipped] | None = None
) -> Iterator[str]:
    """Paths to read under ``paths``, in order; what is not read goes to ``skipped`` with its reason.

    A file found in a folder is opened here to tell whether it is a record; the read path itself
    (``walk_inputs`` with ``paifu.formats.read_input``) decides that from the bytes it reads once."""
    for path, found, size in walk_sized(paths, skipped):
        if found:
            reason = not_a_record(path, size)
            if reason:
                if skipped is not None:
                    skipped.append(Skipped(path, reason))
                continue
        yield path


def walk_inputs(
    paths: Iterable[str | os.PathLike[str]], skipped: list[Skipped] | None = None
) -> Iterator[tuple[str, bool]]:
    """Every input under ``paths`` as ``(path, found)``, in order, streamed: ``found`` marks a file
    met in a folder, which its reader skips (``NotARecord``) when its content is no record; a path
    given by name is always read. Nothing here opens a file.

    Memory: one entry per folder walked, the names of the folder being listed, and one entry per file
    that can be reached twice (given by name, reached through a link, or hard-linked): never one per
    file, so a million files cost what a thousand do."""
    for path, found, _ in walk_sized(paths, skipped):
        yield path, found


def walk_sized(
    paths: Iterable[str | os.PathLike[str]], skipped: list[Skipped] | None = None
) -> Iterator[tuple[str, bool, int]]:
    """``walk_inputs`` with each input's size in bytes as the walk's own ``stat`` found it (links
    followed; 0 where it could not stat it): whoever cuts the inputs by size (``paifu.dask.batches``)
    needs no second ``stat`` a file. Each entry of a folder costs one ``lstat`` (two for a link)."""
    files: dict[tuple[int, int], str] = {}
    folders: dict[tuple[int, int], str] = {}

    def skip(path: str, reason: str) -> None:
        if skipped is not None:
            skipped.append(Skipped(path, reason))

    for given in paths:
        path = os.fspath(given)
        try:
            st = os.stat(path)
        except (OSError, ValueError):  # ValueError: a NUL byte in the name
            yield path, False, 0  # read_path names the error
            continue
        if stat.S_ISDIR(st.st_mode):
            yield from _walk(path, st, files, folders, skip)
        elif not stat.S_ISREG(st.st_mode):
            yield path, False, st.st_size
        else:
            first = _walked_as(path, folders) or files.get((st.st_dev, st.st_ino))
            if first is not None:
                skip(path, f"the same file as {first} (read once)")
            else:
                files[(st.st_dev, st.st_ino)] = path
                yield path, False, st.st_size


def _walked_as(path: str, folders: dict[tuple[int, int], str]) -> str | None:
    """The name a file had in a folder already walked (where the walk reads it), else None. No folder
    walked yet (files given by name, a shell's glob), none: no ``realpath``, a ``stat`` of every part
    of the path, about 1.5% of a validate of files given by name."""
    if not folders:
        return None
    real = os.path.realpath(path)
    name = os.path.basename(real)
    if name.startswith(".") or name.lower().endswith(OTHER_SUFFIXES):
        return None  # the walk passed it over: this name reads it
    try:
        pst = os.stat(os.path.dirname(real) or ".")
    except OSError:
        return None
    folder = folders.get((pst.st_dev, pst.st_ino))
    return None if folder is None else os.path.join(folder, name)


def _walk(
    top: str,
    top_st: os.stat_result,
    files: dict[tuple[int, int], str],
    folders: dict[tuple[int, int], str],
    skip: Callable[[str, str], None],
) -> Iterator[tuple[str, bool, int]]:
    """The inputs under ``top`` as ``(path, found, size)``, depth first in name order, a folder inside
    walked at its place among the names. One loop with a stack of its own (a folder 1,200 levels deep
    was a ``RecursionError`` that lost the batch) holding, for each open folder, its path and the
    iterator over its sorted names: only the names are held while a folder is gone through.

    This loop runs once for every file of a run on the client of a cluster, so it is kept tight: a
    name's path is the folder's prefix and the name (what ``os.path.join`` gives, names holding no
    separator), and one ``lstat`` tells all the walk needs (kind, links, size)."""
    sep = os.sep
    lstat, stat_, is_lnk, is_dir, is_reg = os.lstat, os.stat, stat.S_ISLNK, stat.S_ISDIR, stat.S_ISREG
    others, temp_prefix, temp_suffix = OTHER_SUFFIXES, TEMP_PREFIX, TEMP_SUFFIX
    stack: list[tuple[str, Iterator[str]]] = []
    folder: str | None = top
    fst = top_st
    while True:
        if folder is not None:  # a folder to open: listed once, at its place
            key = (fst.st_dev, fst.st_ino)
            if key in folders:
                skip(folder, f"the same folder as {folders[key]} (a link loop, or given twice): walked once")
            else:
                folders[key] = folder
                try:
                    names = sorted(os.listdir(folder))
                except OSError:
                    yield folder, False, fst.st_size  # read_path says why it cannot be listed
                else:
                    stack.append((folder if folder.endswith(sep) else folder + sep, iter(names)))
            folder = None
        if not stack:
            return
        prefix, names_left = stack[-1]
        for name in names_left:
            path = prefix + name
            try:
                est = lstat(path)
                link = is_lnk(est.st_mode)
                if link:
                    est = stat_(path)  # follows links: a linked folder is walked, a linked file read
            except OSError:
                yield path, False, 0  # a dangling link, a name too long: read_path names it
                continue
            mode = est.st_mode
            if name.startswith(temp_prefix) and name.endswith(temp_suffix):
                continue  # an output of this run (or a killed one) being written: no input, nothing to say
            if name.startswith("."):
                skip(path, "hidden " + ("folder" if is_dir(mode) else "file"))
            elif is_dir(mode):
                folder, fst = path, est
                break  # walked now, then the rest of this folder's names
            elif not is_reg(mode):
                yield path, False, est.st_size  # a FIFO or device: reported unreadable, never opened
            elif name.lower().endswith(others):
                skip(path, f"not a game record: a {name.lower().rsplit('.', 1)[-1]} file")
            else:
                many = link or est.st_nlink > 1  # reachable under another name: remembered
                if many or files:  # else no file met yet can be this one
                    fkey = (est.st_dev, est.st_ino)
                    first = files.get(fkey) or (_walked_as(path, folders) if link else None)
                    if first is not None:
                        skip(path, f"the same file as {first} (read once)")
                        continue
                    if many:
                        files[fkey] = path
                yield path, True, est.st_size
        else:
            stack.pop()


def not_a_record(path: str, size: int) -> str | None:
    """Why a regular file found in a folder is not a record, or None to read it (opens it once)."""
    name = os.path.basename(path).lower()
    if name.endswith(OTHER_SUFFIXES):
        return f"not a game record: a {name.rsplit('.', 1)[-1]} file"
    try:
        with open(path, "rb") as fh:
            start = fh.read(_SNIFF + 1)
    except OSError:
        return None  # cannot open: read_path reports it
    return skip_reason(path, size, start)


def skip_reason(path: str, size: int, start: bytes) -> str | None:
    """Why a file found in a folder is not a record, judged from its first bytes (``start``: at least
    its first 65,537, or all of it), or None to read it: the bytes its reader has already read."""
    name = os.path.basename(path).lower()
    if name.endswith(OTHER_SUFFIXES):
        return f"not a game record: a {name.rsplit('.', 1)[-1]} file"
    head = _unpacked(start[:_SNIFF])
    if name.endswith(".json") and is_rule_object(head, size):
        return "a 電脳麻将 rule object (give it with --rules), not a record"
    if name.endswith(RECORD_SUFFIXES):
        return None
    from paifu.formats.detect import SNIFF_BYTES, detect_format, looks_like_xml

    if looks_like_xml(head):
        return None
    if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"["):
        if size > current().max_size:
            return None  # looks like JSON: read_path names the size limit
        if start[:2] == b"\x1f\x8b":
            return None
        if detect_format(start[: SNIFF_BYTES + 1]):
            return None
    return "not a game record (its content is no known format)"


def _unpacked(head: bytes) -> bytes:
    """A file's first bytes, unpacked when gzip (bounded: a bomb unpacks only this far)."""
    if head[:2] == b"\x1f\x8b":
        try:
            return zlib.decompressobj(31).decompress(head, _SNIFF)
        except zlib.error:
            return b""
    return head


def is_rule_object(head: bytes, size: int) -> bool:
    """A 電脳麻将 rule file (as in majiang_selfplay/rules): ``{"rule": {...}}`` with no ``log``."""
    if size > _SNIFF or head[:2] == b"\x1f\x8b" or b'"log"' in head:
        return False
    try:
        obj = json.loads(head.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and isinstance(obj.get("rule"), dict) and "log" not in obj

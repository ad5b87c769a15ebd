"""The walk of ``paifu.formats.walk`` with its files looked at where they are read: a cluster's
client lists folders and sends the workers runs of names, never a ``stat`` of every file.

A folder's listing tells which names are folders, links or other special entries (the file system's
entry type, no ``stat``); the client settles those itself, exactly as ``walk_sized`` does. Every run of
names between them that listed as regular files goes out as ``Names`` (a folder's prefix and the
names), and the worker that reads them ``lstat``s each (``worker_entries``): a hidden file, a name
that says something else or an output being written is skipped with the walk's reason, a record is
read. A file the worker cannot settle alone raises ``Unsettled``: one with hard links (its other names
may come earlier in the walk), or no longer a regular file. The client then settles that run itself
(``Plan.settle``, in input order, once every earlier answer is in) and walks the rest of the run on its
own side (``Plan.want_client``), as it does once a file can be reached under a second name (a link, a
file given by name): its own checks of those (``walk_sized``'s) need every earlier file settled, so
the plan first yields ``BARRIER``, and the caller waits for every answer sent before going on.

Skips are yielded in place (``Skipped``), so they come back in the walk's order with the answers.
"""

from __future__ import annotations

import os
import stat
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from typing import Any

from paifu.formats.inputs import Skipped
from paifu.formats.walk import OTHER_SUFFIXES, TEMP_PREFIX, TEMP_SUFFIX, _walked_as

#: what the plan yields: an input settled by the client (path, found, size), a run of names for a
#: worker to settle, a skip, or ``BARRIER``
Item = Any


#: names a run holds at most (the batches cut runs finer, by size)
RUN_NAMES = 1024


class Unsettled(Exception):
    """A worker met a file of a run that only the client can settle (hard links, or no longer a
    regular file): the run is settled by the client."""


class Names:
    """Consecutive names of one folder that listed as regular files (``prefix``: the folder and its
    separator), settled by the worker that reads them."""

    __slots__ = ("names", "prefix")

    def __init__(self, prefix: str, names: list[str]) -> None:
        self.prefix, self.names = prefix, names

    def __len__(self) -> int:
        return len(self.names)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Names, (self.prefix, self.names))


class _Barrier:
    def __repr__(self) -> str:
        return "BARRIER"


#: every answer sent before it must be in before the plan goes on
BARRIER = _Barrier()


def worker_entries(run: Names) -> Iterator[tuple[str, bool] | Skipped]:
    """A run's inputs ``(path, True)`` and skips, in order, as ``walk_sized`` gives them when no file
    of the run can be reached under another name; ``Unsettled`` where that is not known here."""
    lstat, is_reg, others = os.lstat, stat.S_ISREG, OTHER_SUFFIXES
    prefix = run.prefix
    for name in run.names:
        path = prefix + name
        try:
            est = lstat(path)
        except OSError:
            yield path, False  # gone since it was listed: read_path names it
            continue
        if name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX):
            continue
        if not is_reg(est.st_mode):
            raise Unsettled(path)
        if name.startswith("."):
            yield Skipped(path, "hidden file")
        elif name.lower().endswith(others):
            yield Skipped(path, f"not a game record: a {name.lower().rsplit('.', 1)[-1]} file")
        elif est.st_nlink > 1:
            raise Unsettled(path)
        else:
            yield path, True


def entries(items: Iterable[Any]) -> Iterator[tuple[str, bool] | Skipped]:
    """A batch's elements as inputs and skips, in order (a worker's side of the plan)."""
    for item in items:
        if isinstance(item, Names):
            yield from worker_entries(item)
        elif isinstance(item, Skipped):
            yield item
        else:
            yield item[0], item[1]


class Plan:
    """The walk of ``paths`` for a cluster's client: settled inputs ``(path, found, size)``, ``Names``
    for the workers, ``Skipped`` and ``BARRIER``, in the walk's order (``walk_sized``'s, skips
    included). Memory: one entry per folder, one folder's names, one entry per file reachable twice."""

    #: a name of a run counts as this many bytes where batches are cut by size (a Tenhou game)
    NAME_BYTES = 16 << 10

    def __init__(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        self.paths = paths
        self.files: dict[tuple[int, int], str] = {}
        self.folders: dict[tuple[int, int], str] = {}
        self.fast = True  # runs of names go to the workers
        self.want_client = False  # set by the caller: settle every name on the client from here
        self.sent = False  # a run went out since the last barrier

    def _to_client(self) -> Iterator[Item]:
        """Walk on the client's side from here; first every run sent must be answered."""
        self.fast = False
        if self.sent:
            self.sent = False
            yield BARRIER

    def __iter__(self) -> Iterator[Item]:
        for given in self.paths:
            path = os.fspath(given)
            try:
                st = os.stat(path)
            except (OSError, ValueError):  # ValueError: a NUL byte in the name
                yield path, False, 0
                continue
            if stat.S_ISDIR(st.st_mode):
                yield from self._walk(path, st)
            elif not stat.S_ISREG(st.st_mode):
                yield path, False, st.st_size
            else:
                yield from self._to_client()
                key = (st.st_dev, st.st_ino)
                first = _walked_as(path, self.folders) or self.files.get(key)
                if first is not None:
                    yield Skipped(path, f"the same file as {first} (read once)")
                else:
                    self.files[key] = path
                    yield path, False, st.st_size

    def _walk(self, top: str, top_st: os.stat_result) -> Iterator[Item]:
        sep = os.sep
        stack: list[tuple[str, list[str], list[int], int]] = []  # prefix, names, specials, next
        folder: str | None = top
        fst = top_st
        while True:
            if folder is not None:
                key = (fst.st_dev, fst.st_ino)
                if key in self.folders:
                    yield Skipped(
                        folder,
                        f"the same folder as {self.folders[key]} (a link loop, or given twice): walked once",
                    )
                else:
                    self.folders[key] = folder
                    try:
                        names, specials = _listed(folder)
                    except OSError:
                        yield folder, False, fst.st_size
                    else:
                        stack.append((folder if folder.endswith(sep) else folder + sep, names, specials, 0))
                folder = None
            if not stack:
                return
            prefix, names, specials, i = stack.pop()
            while i < len(names):
                if self.want_client and self.fast:
                    yield from self._to_client()
                if self.fast:
                    j = specials[bisect_left(specials, i)] if specials and specials[-1] >= i else len(names)
                    j = min(j, i + RUN_NAMES)  # a slice of a huge folder's names, not a copy of them all
                    if j > i:
                        self.sent = True
                        yield Names(prefix, names[i:j])
                        i = j
                        continue
                name = names[i]
                i += 1
                got = self._entry(prefix, name, settle=not self.fast)
                if got is _NEEDS_FILES:
                    yield from self._to_client()
                    got = self._entry(prefix, name, settle=True)
                if isinstance(got, tuple) and got[0] is _FOLDER:
                    stack.append((prefix, names, specials, i))
                    folder, fst = got[1], got[2]
                    break
                if got is not None:
                    yield got

    def _entry(self, prefix: str, name: str, settle: bool) -> Any:
        """One name as ``walk_sized`` takes it: None, a skip, an input, a folder to walk, or (where
        ``settle`` is false) ``_NEEDS_FILES`` when telling needs every earlier file settled."""
        path = prefix + name
        try:
            est = os.lstat(path)
            link = stat.S_ISLNK(est.st_mode)
            if link:
                est = os.stat(path)
        except OSError:
            return path, False, 0
        mode = est.st_mode
        if name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX):
            return None
        if name.startswith("."):
            return Skipped(path, "hidden " + ("folder" if stat.S_ISDIR(mode) else "file"))
        if stat.S_ISDIR(mode):
            return _FOLDER, path, est
        if not stat.S_ISREG(mode):
            return path, False, est.st_size
        if name.lower().endswith(OTHER_SUFFIXES):
            return Skipped(path, f"not a game record: a {name.lower().rsplit('.', 1)[-1]} file")
        many = link or est.st_nlink > 1
        if many or self.files:
            if not settle:
                return _NEEDS_FILES
            fkey = (est.st_dev, est.st_ino)
            first = self.files.get(fkey) or (_walked_as(path, self.folders) if link else None)
            if first is not None:
                return Skipped(path, f"the same file as {first} (read once)")
            if many:
                self.files[fkey] = path
        return path, True, est.st_size

    def settle(self, items: Iterable[Any]) -> list[Any]:
        """A batch's elements with every run settled here (in input order, every earlier answer
        in): inputs ``(path, found)`` and skips, for a batch whose worker could not settle it."""
        out: list[Any] = []
        for item in items:
            if not isinstance(item, Names):
                out.append(item)
                continue
            for name in item.names:
                got = self._entry(item.prefix, name, settle=True)
                if isinstance(got, tuple) and got[0] is _FOLDER:
                    got = (got[1], False, 0)  # listed as a file, a folder now: read_path says so
                if isinstance(got, tuple):
                    out.append((got[0], got[1]))
                elif got is not None:
                    out.append(got)
        return out


_FOLDER = object()
_NEEDS_FILES = object()


def _listed(folder: str) -> tuple[list[str], list[int]]:
    """A folder's names, sorted, and the positions of those that did not list as regular files."""
    names: list[str] = []
    special: list[str] = []
    with os.scandir(folder) as it:
        for e in it:
            names.append(e.name)
            if not e.is_file(follow_symlinks=False):
                special.append(e.name)
    names.sort()
    return names, sorted(bisect_left(names, s) for s in special)

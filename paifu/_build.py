"""Which build runs: the modules compiled with mypyc (the default install), or pure Python.

A compiled module (``replayer.cpython-311-x86_64-linux-gnu.so``) is imported instead of its ``.py``. So
that an edited source never runs as its older compiled self (an editable install keeps both side by
side), the build records every compiled module's source hash (``paifu/_compiled.json``, by setup.py), with
the size and modification time the source had; when any compiled module's source differs, or has no
record, or ``PAIFU_PURE=1`` is set, an import hook loads every paifu module from its ``.py`` instead: all or
nothing, as compiled modules call each other directly. A source of the recorded size and time is the one
compiled; only one whose size or time differ (edited, checked out again, copied by an install) is hashed,
and is stale if its hash differs: ``hashlib`` with OpenSSL and a SHA-256 of every compiled source were
about 14 M instructions of every start.
Imported first by ``paifu/__init__.py``, before any module that may be compiled.
"""

from __future__ import annotations

import json
import os
import sys
from _imp import extension_suffixes
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from pathlib import Path
    from types import ModuleType

MANIFEST = "_compiled.json"
#: ``importlib.machinery.EXTENSION_SUFFIXES``, asked of the interpreter itself: every import at this
#: point is a cost of every start, and ``pathlib`` or ``importlib.util`` are not needed by a run
_SUFFIXES = tuple(extension_suffixes())


def _extension_modules(package_dir: str | Path) -> Iterator[tuple[str, str, str]]:
    """``(folder, file, module stem)`` of every compiled module under ``package_dir``, in one walk that
    looks only at extension suffixes (a start-up cost of every process: the whole tree, a few hundred
    files, was walked twice, file by file, in Python)."""
    for folder, dirs, files in os.walk(package_dir):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(_SUFFIXES):
                suffix = next(s for s in _SUFFIXES if f.endswith(s))
                yield folder, f, f[: -len(suffix)]


def compiled_twins(package_dir: str | Path) -> dict[str, Path]:
    """Every ``.py`` under ``package_dir`` that has a compiled module beside it: ``{"paifu/tiles.py": path}``
    (keys relative to the package's parent, as the manifest writes them)."""
    from pathlib import Path

    return {k: Path(v) for k, v in _twins_and_orphans(package_dir)[0].items()}


def orphans(package_dir: str | Path) -> list[str]:
    """Compiled modules with no ``.py`` beside them (a module deleted or renamed since the build): they
    would import as code that no longer exists. The shared library of the group is not a module."""
    return _twins_and_orphans(package_dir)[1]


def _twins_and_orphans(package_dir: str | Path) -> tuple[dict[str, str], list[str]]:
    """Both of the above from one walk, in strings (``pathlib`` per file was most of the cost)."""
    twins: dict[str, str] = {}
    lost: list[str] = []
    skip = len(os.path.dirname(os.fspath(package_dir))) + 1  # keys relative to the package's parent

    def key(path: str) -> str:
        return path[skip:].replace(os.sep, "/")

    for folder, name, stem in _extension_modules(package_dir):
        source = os.path.join(folder, stem + ".py")
        if os.path.isfile(source):
            twins[key(source)] = source
        elif "__mypyc" not in name:
            lost.append(key(os.path.join(folder, name)))
    return twins, sorted(lost)


def _manifest(package_dir: str | Path) -> Any:
    """The build's manifest (setup.py writes it), read without ``pathlib``."""
    with open(os.path.join(package_dir, MANIFEST), encoding="utf-8") as f:
        return json.load(f)


def fallback_reason(package_dir: str | Path) -> str | None:
    """Why the install is pure Python although compiling was wanted (setup.py records it), if it says."""
    try:
        reason = _manifest(package_dir).get("fallback")
    except (OSError, ValueError, AttributeError):
        return None
    return reason if isinstance(reason, str) else None


def stale_modules(package_dir: str | Path, twins: Mapping[str, str | Path]) -> list[str]:
    """The compiled modules whose source is not the one compiled (by the manifest's hashes; a source
    of the size and modification time the manifest records is not hashed)."""
    try:
        manifest = _manifest(package_dir)
        recorded = manifest["modules"]
        stats = manifest.get("stat") or {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        recorded, stats = {}, {}
    return sorted(
        name for name, path in twins.items() if not _current(path, recorded.get(name), stats.get(name))
    )


def _current(path: str | Path, digest: object, stat: object) -> bool:
    """Whether the source at ``path`` is the one compiled: of its recorded size and time, else of its hash."""
    if digest is None:
        return False
    try:
        st = os.stat(path)
    except OSError:
        return False
    if stat == [st.st_size, st.st_mtime_ns]:
        return True
    return digest == _sha256(path)


def _sha256(path: str | Path) -> str:
    import hashlib  # only for a source whose size or time changed: its import was most of the check

    with open(path, "rb") as f:  # not Path.read_bytes
        return hashlib.sha256(f.read()).hexdigest()


class PureSourceFinder:
    """A meta path finder that loads ``prefix`` modules from their ``.py`` where a compiled one exists."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith(self.prefix) or path is None:
            return None
        import importlib.machinery
        import importlib.util

        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return None  # the usual machinery finds it
        origin = str(spec.origin)
        source = origin[: -len(next(s for s in _SUFFIXES if origin.endswith(s)))] + ".py"
        if not os.path.isfile(source):
            raise ImportError(f"{name}: a compiled module without its source (deleted or renamed): rebuild")
        return importlib.util.spec_from_file_location(
            name, source, submodule_search_locations=spec.submodule_search_locations
        )


def decide(package_dir: str | Path, environ: Mapping[str, str]) -> tuple[str, bool]:
    """The build's label, and whether the compiled modules under ``package_dir`` must not be used."""
    twins, lost = _twins_and_orphans(package_dir)
    if not twins and not lost:
        reason = fallback_reason(package_dir)
        return (f"pure Python (not compiled: {reason})" if reason else "pure Python"), False
    if environ.get("PAIFU_PURE", "") == "1":
        return "pure Python (PAIFU_PURE=1)", True
    stale = stale_modules(package_dir, twins) + lost
    if not stale:
        return f"compiled with mypyc: {len(twins)} modules", False
    print(
        f"paifu: warning: {', '.join(stale)} changed (or gone) since compiled; running pure Python (rebuild: "
        "pip install --no-deps -e .; or remove the compiled modules: PAIFU_COMPILE=0 pip install --no-deps -e .)",
        file=sys.stderr,
    )
    return "pure Python (compiled modules out of date)", True


BUILD, _PURE = decide(os.path.dirname(os.path.realpath(__file__)), os.environ)
"""``"pure Python"``, ``"compiled with mypyc: N modules"``, or ``"pure Python (why)"`` when compiled
modules are present but not used; ``paifu --version`` prints it."""
if _PURE:
    sys.meta_path.insert(0, PureSourceFinder(__package__ + "."))

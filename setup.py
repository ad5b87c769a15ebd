"""The compiled build (docs/speed.md, "Speed: the compiled build"); everything else is in pyproject.toml.

``pip install .`` (or ``-e .``) compiles the modules in ``COMPILE`` with mypyc: pip fetches mypy into the
build environment (``setup_requires``, which setuptools' PEP 517 backend turns into a build requirement).
When mypyc rejects the code or the C compiler is missing or fails, the install still succeeds, in pure
Python, and says so. ``PAIFU_COMPILE=0`` installs pure Python without trying. ``paifu/_build.py`` records
each compiled module's source hash at build time and, at import, runs pure Python (with a warning) when a
source no longer matches its compiled module.
"""

from __future__ import annotations

import functools
import glob
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

# What is compiled: globs, so a module added to the engine is compiled with it (package __init__ files
# are left out: nothing runs in them). A module here must compile with mypyc and behave the same
# compiled; tests/test_build.py and the compiled pass of .ci/run check that.
COMPILE = [
    "paifu/board/*.py",  # the table and its unchecked updates
    "paifu/events.py",  # read and made on every event: native classes (paifu/valued.py)
    "paifu/valued.py",
    "paifu/engine/*.py",
    "paifu/rules/flags.py",  # the rule answers the engine reads on every event
    "paifu/tiles.py",
    # the Tenhou XML reader (not its writer) and what it calls per tag (docs/speed.md)
    "paifu/formats/tenhou_xml/[adgh]*.py",  # attrs, document, game, header
    "paifu/formats/tenhou_xml/names.py",
    "paifu/formats/tenhou_xml/scan.py",  # draws and discards read from the bytes
    "paifu/formats/tenhou_xml/text.py",  # the names and values the scan reads, as text
    "paifu/formats/tenhou_xml/wellformed.py",  # the bytes proved well-formed without lxml
    "paifu/formats/tenhou_meld.py",
    "paifu/formats/check.py",
    "paifu/formats/plays.py",
    "paifu/formats/detect.py",  # every file's format, found before its reader runs
    "paifu/formats/gzipped.py",
    # the scoring fast path (docs/scoring.md)
    "paifu/scoring/fast*.py",
    "paifu/scoring/completion.py",
    # what the engine calls on every win: the value's types, value_win and the payments
    "paifu/scoring/values.py",
    "paifu/scoring/valuation.py",
    "paifu/scoring/payments.py",
    # the viewer's discard review: shanten and ukeire of every discard (docs/viewer.md)
    "paifu/shanten.py",
]
GROUP = "paifu._native"  # the compiled modules' shared library: paifu/_native__mypyc*.so, inside the package
MANIFEST = "_compiled.json"  # paifu/_compiled.json: each compiled module's source hash (paifu/_build.py)
WANTED = os.environ.get("PAIFU_COMPILE", "1") != "0"  # compiled unless PAIFU_COMPILE=0
# the metadata steps (pip runs them in their own processes) list build_ext's sources: no mypyc there
METADATA_ONLY = bool({"egg_info", "dist_info", "sdist"} & set(sys.argv[1:]))
ROOT = Path(__file__).resolve().parent


def compiled_sources() -> list[str]:
    """The source files ``COMPILE`` names, relative to the project, sorted."""
    found = {p for pattern in COMPILE for p in glob.glob(pattern, root_dir=ROOT)}
    return sorted(p.replace(os.sep, "/") for p in found if not p.endswith("__init__.py"))


def compiled_leftovers() -> list[Path]:
    """Compiled modules and their manifest in the source tree (from an earlier in-place build)."""
    found = [p for p in (ROOT / "paifu").rglob("*") if p.suffix in (".so", ".pyd") or p.name == MANIFEST]
    return sorted(found)


_FALLBACK: list[str] = []  # why this install is pure Python although compiling was wanted


def _say(message: str, fallback: str = "") -> None:
    """Print a build line (pip shows it with ``-v``); a fallback's short reason also goes into the
    manifest, so ``paifu --version`` names it after a quiet install."""
    print(f"paifu build: {message}", file=sys.stderr)
    if fallback:
        _FALLBACK.append(fallback)


class CompiledDistribution(Distribution):
    """Asks for ``build_ext`` (and a platform wheel) when compiling; the extensions themselves are made
    only when ``build_ext`` runs, so metadata steps never run mypyc."""

    def has_ext_modules(self) -> bool:
        return WANTED or bool(compiled_leftovers()) or super().has_ext_modules()


class OptionalMypycBuild(build_ext):
    """Compiles ``COMPILE`` with mypyc, or nothing: any failure leaves a pure-Python install."""

    def finalize_options(self) -> None:
        self.distribution.ext_modules = self._extensions() if WANTED and not METADATA_ONLY else []
        super().finalize_options()

    @staticmethod
    @functools.cache  # editable installs finalize build_ext more than once: run mypyc once
    def _extensions() -> list:  # type: ignore[type-arg]
        try:
            from mypyc.build import mypycify
        except ImportError:
            _say("mypyc is not installed; installing pure Python", fallback="mypyc is not installed")
            return []
        sources = compiled_sources()
        _say(f"compiling {len(sources)} modules with mypyc (a minute or more)")
        try:
            # the build environment has mypy but not the dev extra's stubs and typed packages: the
            # compiled modules are checked (and must pass), the modules they import only followed
            flags = [
                "--follow-imports=silent",
                "--ignore-missing-imports",
                "--disable-error-code=unused-ignore",
            ]
            return mypycify([*flags, *sources], opt_level="3", group_name=GROUP)
        except (Exception, SystemExit) as e:  # mypyc rejects the code: exits after printing why
            _say(
                f"mypyc failed ({e!r}); installing pure Python",
                fallback="mypyc failed; pip install -v says why",
            )
            return []

    def run(self) -> None:
        if self.inplace:  # an editable install: an earlier build's compiled modules go (the new set, if
            for path in compiled_leftovers():  # any, replaces them; paifu/_build.py would catch a stale one)
                path.unlink()
        if not self.extensions:
            if WANTED and _FALLBACK:
                self._write_manifest({})
            return
        inplace = self.inplace
        try:
            super().run()
        except (Exception, SystemExit) as e:  # no C compiler, or it failed
            self.inplace = False  # the build directory's files: all or nothing (a part would not import)
            for out in self.get_outputs():
                Path(out).unlink(missing_ok=True)
            self.inplace = inplace
            self.extensions = self.distribution.ext_modules = []
            _say(
                f"the C build failed ({str(e).splitlines()[0][:200]}); installing pure Python",
                fallback="the C build failed; pip install -v says why",
            )
            self._write_manifest({})
            return
        sources = compiled_sources()
        self._write_manifest(
            {src: hashlib.sha256((ROOT / src).read_bytes()).hexdigest() for src in sources},
            {src: [(st := os.stat(ROOT / src)).st_size, st.st_mtime_ns] for src in sources},
        )

    def _write_manifest(self, hashes: dict[str, str], stats: dict[str, list[int]] | None = None) -> None:
        """``paifu/_compiled.json`` beside the built modules (and in the source tree when in place): each
        compiled module's source hash and the size and modification time it had (``paifu/_build.py``
        hashes only a source whose size or time differs), or (none compiled) why compiling fell back to
        pure Python."""
        manifest: dict[str, object] = {"modules": hashes, "stat": stats or {}}
        if not hashes:
            manifest["fallback"] = "; ".join(_FALLBACK) or "nothing was compiled"
        text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
        targets = [Path(self.build_lib, "paifu", MANIFEST)]
        if self.inplace:
            targets.append(ROOT / "paifu" / MANIFEST)
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if hashes:
            _say(f"compiled {len(hashes)} modules")


class BuildWithSamples(build_py):
    """Copies ``sample_logs/`` into the built package (``paifu/sample_logs``): a plain ``pip install``
    has the records the notebooks open from any folder (``paifu.samples``). An editable install reads
    the checkout's own folder."""

    def run(self) -> None:
        super().run()
        source = ROOT / "sample_logs"
        if source.is_dir() and not getattr(self, "editable_mode", False):
            shutil.copytree(source, Path(self.build_lib) / "paifu" / "sample_logs", dirs_exist_ok=True)


setup(
    distclass=CompiledDistribution,
    cmdclass={"build_ext": OptionalMypycBuild, "build_py": BuildWithSamples},
    setup_requires=["mypy>=2.4,<2.5"] if WANTED else [],
)

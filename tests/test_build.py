"""The optional compiled build (docs/speed.md, "Speed: the compiled build"): which build runs, and why.

The guard is tested on a made-up package whose "compiled" module is not a loadable library, so a
test that loaded it instead of the source would fail. ``.ci/run`` compiles the engine and runs the
engine's tests again with ``PAIFU_REQUIRE_COMPILED=1``: then ``test_compiled_build_in_use`` fails
unless the compiled modules really are the ones running.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import paifu
from paifu._build import MANIFEST, PureSourceFinder, compiled_twins, decide, orphans, stale_modules

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path, name: str) -> Path:
    """``name/`` with ``fast.py`` (and a fake compiled twin: not a library), ``slow.py`` (no twin)."""
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "fast.py").write_text('WHERE = "source"\n')
    (pkg / f"fast{SUFFIX}").write_bytes(b"not a shared library")
    (pkg / "slow.py").write_text('WHERE = "source"\n')
    return pkg


def _manifest(pkg: Path, hashes: dict[str, str]) -> None:
    (pkg / MANIFEST).write_text(json.dumps({"modules": hashes}))


def test_twins_and_stale_modules(tmp_path: Path) -> None:
    pkg = _package(tmp_path, "pk")
    twins = compiled_twins(pkg)
    assert twins == {"pk/fast.py": pkg / "fast.py"}
    assert stale_modules(pkg, twins) == ["pk/fast.py"]  # no manifest: nothing is known to be current
    _manifest(pkg, {"pk/fast.py": hashlib.sha256(b'WHERE = "source"\n').hexdigest()})
    assert stale_modules(pkg, twins) == []
    (pkg / "fast.py").write_text('WHERE = "edited"\n')
    assert stale_modules(pkg, twins) == ["pk/fast.py"]


def test_decide(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "plain").mkdir()
    assert decide(tmp_path / "plain", {}) == ("pure Python", False)
    pkg = _package(tmp_path, "pk")
    _manifest(pkg, {"pk/fast.py": hashlib.sha256((pkg / "fast.py").read_bytes()).hexdigest()})
    assert decide(pkg, {}) == ("compiled with mypyc: 1 modules", False)
    assert decide(pkg, {"PAIFU_PURE": "1"}) == ("pure Python (PAIFU_PURE=1)", True)
    assert capsys.readouterr().err == ""
    (pkg / "fast.py").write_text('WHERE = "edited"\n')
    assert decide(pkg, {}) == ("pure Python (compiled modules out of date)", True)
    err = capsys.readouterr().err
    assert "pk/fast.py changed (or gone) since compiled; running pure Python" in err


def test_a_compiled_module_without_source_is_stale_and_never_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module deleted or renamed after the build leaves its compiled twin: it must not run as code that
    no longer exists (the group's shared library, ``*__mypyc*``, is not a module)."""
    pkg = _package(tmp_path, "pkg_orphan_probe")
    _manifest(pkg, {"pkg_orphan_probe/fast.py": hashlib.sha256((pkg / "fast.py").read_bytes()).hexdigest()})
    (pkg / f"gone{SUFFIX}").write_bytes(b"not a shared library")
    (pkg / f"_native__mypyc{SUFFIX}").write_bytes(b"the group library")
    assert orphans(pkg) == [f"pkg_orphan_probe/gone{SUFFIX}"]
    assert decide(pkg, {}) == ("pure Python (compiled modules out of date)", True)
    assert f"pkg_orphan_probe/gone{SUFFIX}" in capsys.readouterr().err
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", [PureSourceFinder("pkg_orphan_probe."), *sys.meta_path])
    with pytest.raises(ImportError, match="without its source"):
        importlib.import_module("pkg_orphan_probe.gone")


def test_a_fallback_install_names_why(tmp_path: Path) -> None:
    """setup.py records why compiling fell back (pip hides the build's output): the build label says it."""
    pkg = tmp_path / "pk"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / MANIFEST).write_text(json.dumps({"modules": {}, "fallback": "the C build failed (no cc)"}))
    assert decide(pkg, {}) == ("pure Python (not compiled: the C build failed (no cc))", False)


def test_pure_finder_loads_the_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _package(tmp_path, "pkg_build_probe")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m.startswith("pkg_build_probe")]:
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(ImportError):  # without the hook the fake compiled module wins, and fails
        importlib.import_module("pkg_build_probe.fast")
    monkeypatch.setattr(sys, "meta_path", [PureSourceFinder("pkg_build_probe."), *sys.meta_path])
    assert importlib.import_module("pkg_build_probe.fast").WHERE == "source"
    assert importlib.import_module("pkg_build_probe.slow").WHERE == "source"


def _engine_origins(env: dict[str, str]) -> list[str]:
    code = "import paifu.engine.replayer as r, paifu.tiles as t; print(r.__spec__.origin); print(t.__spec__.origin)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_pure_switch_and_version_name_the_build() -> None:
    env = {**os.environ, "PAIFU_PURE": "1"}
    assert all(o.endswith(".py") for o in _engine_origins(env))
    version = subprocess.run(
        [sys.executable, "-m", "paifu", "--version"], env=env, capture_output=True, text=True, check=True
    )
    assert version.stdout.startswith(f"paifu {paifu.__version__} (pure Python")


def test_compiled_build_in_use() -> None:
    """Under ``PAIFU_REQUIRE_COMPILED=1`` (the compiled pass of .ci/run) every engine module, the
    scoring fast path and the Tenhou XML reader run compiled."""
    if os.environ.get("PAIFU_REQUIRE_COMPILED") != "1":
        pytest.skip("PAIFU_REQUIRE_COMPILED=1 is not set (the compiled pass of .ci/run sets it)")
    assert paifu.BUILD.startswith("compiled"), paifu.BUILD
    root = Path(paifu.__file__).parent
    sources = [*root.glob("engine/*.py"), *root.glob("scoring/fast*.py"), root / "scoring" / "completion.py"]
    for source in sorted(sources):
        if source.name != "__init__.py":
            name = ".".join(source.relative_to(root.parent).with_suffix("").parts)
            module = importlib.import_module(name)
            assert isinstance(module.__spec__.loader, importlib.machinery.ExtensionFileLoader), source
    assert not any(o.endswith(".py") for o in _engine_origins(dict(os.environ)))
    for name in ("tenhou_xml.game", "tenhou_xml.document", "tenhou_xml.attrs", "check", "plays", "detect"):
        module = importlib.import_module(f"paifu.formats.{name}")  # the Tenhou XML reader and its helpers
        assert isinstance(module.__spec__.loader, importlib.machinery.ExtensionFileLoader), name


def test_a_source_of_the_recorded_size_and_time_is_not_hashed_and_an_edit_is_caught(tmp_path: Path) -> None:
    """The manifest's size and mtime stand for the hash (no ``hashlib`` at start); a source whose size or
    time differ is hashed: an edit, even of the same size, is stale, a copy of the same bytes is not."""
    pkg = _package(tmp_path, "pk")
    twins = compiled_twins(pkg)
    source = pkg / "fast.py"
    st = source.stat()
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    stat = {"pk/fast.py": [st.st_size, st.st_mtime_ns]}
    (pkg / MANIFEST).write_text(json.dumps({"modules": {"pk/fast.py": "not the hash"}, "stat": stat}))
    assert stale_modules(pkg, twins) == []  # size and time match: taken as compiled, not hashed
    (pkg / MANIFEST).write_text(json.dumps({"modules": {"pk/fast.py": digest}, "stat": stat}))
    source.write_text('WHERE = "edited"\n'[: st.st_size].ljust(st.st_size, "#"))  # same size, new time
    os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert stale_modules(pkg, twins) == ["pk/fast.py"]
    source.write_text('WHERE = "source"\n')  # the compiled bytes again, at another time: hashed, current
    assert stale_modules(pkg, twins) == []

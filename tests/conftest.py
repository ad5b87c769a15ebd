"""Shared test fixtures: where the real-record corpus and our sample logs live."""

from __future__ import annotations

import contextlib
import io
import os
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

#: Where ``PYTHONDONTWRITEBYTECODE`` is set (these machines set it), every xdist worker and every child
#: process would rewrite each test module's assertions and compile paifu's pure modules again, run after
#: run: about 12 of a worker's 17 CPU-s of collection. The suite keeps the caches in ``__pycache__``
#: (ignored by git); a test that wants a child without them still says so in the child's environment.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"
CORPUS = (ROOT.parent / "shared" / "corpus").resolve()


#: set by .ci/run: a corpus test whose records are missing fails instead of skipping (CI has ../shared)
REQUIRE_CORPUS = os.environ.get("PAIFU_REQUIRE_CORPUS") == "1"


def corpus_dir(*parts: str) -> Path:
    """A corpus folder or file; the test is skipped when ../shared/corpus is absent (a fresh clone),
    and fails when the corpus is there but not this part of it, or under PAIFU_REQUIRE_CORPUS=1."""
    p = CORPUS.joinpath(*parts)
    if not p.exists():
        if REQUIRE_CORPUS or CORPUS.exists():
            pytest.fail(f"corpus record missing: {p}")
        pytest.skip(f"corpus not available at {p}")
    return p


PLATFORMS = (ROOT.parent / "shared" / "platforms").resolve()


def platforms_dir(*parts: str) -> Path:
    """A folder or file of ``../shared/platforms`` (the platforms' own records), skipped and failed
    as ``corpus_dir`` is."""
    p = PLATFORMS.joinpath(*parts)
    if not p.exists():
        if REQUIRE_CORPUS or PLATFORMS.exists():
            pytest.fail(f"platform record missing: {p}")
        pytest.skip(f"platform records not available at {p}")
    return p


@pytest.fixture
def corpus() -> Path:
    return corpus_dir()


def record_bytes(path: str | Path) -> bytes:
    """A record file's bytes, gunzipped when it is gzip (the corpus has ``.mjlog`` files that are)."""
    import gzip

    data = Path(path).read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def record_text(path: str | Path) -> str:
    """A record file's text (gunzipped as ``record_bytes``)."""
    return record_bytes(path).decode("utf-8", errors="replace")


@pytest.fixture
def default_limits() -> Iterator[None]:
    """The test starts with the default limits and leaves them so (``limits.configure`` is global, and
    ``PAIFU_LIMITS`` reaches worker processes)."""
    from paifu import limits

    saved = os.environ.pop("PAIFU_LIMITS", None)
    limits.configure(limits.Limits())
    yield
    limits.configure(limits.Limits())
    os.environ.pop("PAIFU_LIMITS", None)
    if saved is not None:
        os.environ["PAIFU_LIMITS"] = saved


def run_cli(*argv: str) -> tuple[int, str, str]:
    """``paifu ARGV`` in this process: its exit code, standard output and standard error."""
    from paifu.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(list(argv), out=out)
    return code, out.getvalue(), err.getvalue()


def counted_stats(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often ``os.stat`` and ``os.lstat`` are asked about each path while ``monkeypatch`` holds."""
    looked: Counter[str] = Counter()
    for name in ("stat", "lstat"):
        real = getattr(os, name)

        def counting(path, *a, _real=real, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
            looked[os.fspath(path)] += 1
            return _real(path, *a, **k)

        monkeypatch.setattr(os, name, counting)
    return looked


def _ours(obj: object) -> bool:
    """Whether ``obj`` is paifu's: of a paifu type, or a function, method or frame of paifu's code."""
    import types

    if type(obj).__module__.startswith("paifu"):
        return True
    if isinstance(obj, types.MethodType):
        obj = obj.__func__
    if isinstance(obj, types.FunctionType):
        return (obj.__module__ or "").startswith("paifu")
    if isinstance(obj, types.FrameType):
        return "/paifu/" in obj.f_code.co_filename
    return False


def cyclic_garbage(run: Callable[[], object]) -> list[str]:
    """The types of the objects ``run`` leaves in reference cycles (freed only by the collector), on
    its second call: the first may import a module lazily or fill a cache (a module and its functions
    are a cycle), which depends on what the session ran before, not on ``run``."""
    import gc

    run()
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run()
        gc.collect()
        found = gc.garbage
        if threading.active_count() > 1:  # another thread (a Dask client's loop left by an earlier test)
            found = [o for o in found if _ours(o)]  # may free its own cycles meanwhile: keep ours only
        return sorted({type(o).__name__ for o in found})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()


# ---------------------------------------------------------------- the corpus sweep (one replay per game)

#: corpus records that disagree with themselves, by path under ``../shared/corpus``: the exact finding
#: codes each must give (and only those), and why. Every other corpus game replays clean.
KNOWN_INCONSISTENT: dict[str, tuple[frozenset[str], str]] = {
    "tenhou_xml/pantheon/Mimir/tests/helpers/onlineLog/testdata/doubleron_and_riichi.xml": (
        frozenset({"game-end-mismatch"}),
        "GO type 1 (east only) in the tag and in the log id, yet the game plays into South after a "
        "player reached 36,400 at East 4. No Tenhou era allows that (every dated 2009 east-only game "
        "ends at East 4 once someone has 30,000: test_tenhou_eras.py), and its header comment and log id "
        "are doubleron.xml's, a different game: the header of a hanchan was replaced",
    ),
    "tenhou_xml/pantheon/Mimir/tests/helpers/onlineLog/testdata/west.xml": (
        frozenset({"wall-mismatch"}),
        "its SHUFFLE seed was copied from doubleron.xml (the same seed; that game's deal is rebuilt "
        "from it), so only the wall differs: every hand's deal is another game's",
    ),
    "tenhou_xml/pantheon/Mimir/tests/models/testdata/hanchan_with_noname.xml": (
        frozenset({"wrong-turn", "truncated", "game-end-mismatch", "final-score-mismatch"}),
        "a stub: one INIT, then an AGARI with no discard whose scores contradict that INIT, then the game end",
    ),
    "tenhou6_json/mjai-reviewer/convlog/tests/testdata/confusing_nakis_1.json": (
        frozenset({"score-delta-mismatch"}),
        "a converter's test fixture (names 'Aさん'...): seat 2's riichi is accepted (seat 3 draws after "
        "it) and seat 0 rons seat 2 later, yet the winner's delta is 1,600 without the 1,000 stick; every "
        "real tenhou.net/6 record in the corpus pays the stick to the winner",
    ),
    "tenhou6_json/mjai-reviewer/convlog/tests/testdata/confusing_nakis_2.json": (
        frozenset({"tile-count-exceeded", "not-a-winning-hand"}),
        "a converter's test fixture: four plain 5p under aka 1, and the result names seat 1 winning "
        "from seat 0 while its deltas pay seat 2",
    ),
}


def known_codes(rel: str) -> set[str]:
    """The finding codes the corpus record at ``rel`` (path under the corpus) must give: none unless listed."""
    return set(KNOWN_INCONSISTENT[rel][0]) if rel in KNOWN_INCONSISTENT else set()


def corpus_runs() -> list[tuple[str, str | None]]:
    """Each corpus folder (path under the corpus) with the rule object it is replayed under: the
    電脳麻将 self-play folders under their own (``majiang_selfplay/rules/<folder>.json``), the rest under
    the rules each record states (as ``scripts/corpus_verdicts.py``)."""
    runs: list[tuple[str, str | None]] = []
    if not CORPUS.is_dir():
        return runs
    for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        if folder.name == "majiang_selfplay":
            for sub in sorted(p for p in folder.iterdir() if p.is_dir() and p.name != "rules"):
                runs.append((f"{folder.name}/{sub.name}", str(folder / "rules" / f"{sub.name}.json")))
        else:
            runs.append((folder.name, None))
    return runs


def corpus_files(folder: str) -> list[str]:
    """The record files under the corpus folder ``folder`` (a path under the corpus), as the replay
    finds them; empty when the corpus is absent (the tests that use them skip or fail then)."""
    from paifu.formats import iter_record_files

    root = CORPUS / folder
    return (
        sorted(str(Path(p).relative_to(CORPUS)) for p in iter_record_files([str(root)]))
        if root.is_dir()
        else []
    )


def corpus_sample(files: list[str], per_folder: int = 3) -> set[str]:
    """The fast tier's share of ``files`` (paths under the corpus): the first ``per_folder`` of each
    folder in sorted order, and every known inconsistent record; the slow tier runs them all."""
    taken: dict[str, int] = {}
    sample: set[str] = set()
    for rel in sorted(files):
        folder = rel.rsplit("/", 1)[0]
        if taken.get(folder, 0) < per_folder or rel in KNOWN_INCONSISTENT:
            taken[folder] = taken.get(folder, 0) + 1
            sample.add(rel)
    return sample


class CorpusSweep:
    """Every corpus game replayed at most once per test session, shared by every corpus test.

    ``of(rel)`` replays one file when first asked (a fast-tier test of a few records pays for those
    only); ``folder(rel)`` and ``win_contexts()`` go through it. Each file is replayed under its
    folder's rules (``corpus_runs``) with the wall checked, and every ``WinContext`` the engine values
    on the way is kept (``win_contexts``), so the scoring fast path is compared on the same replay."""

    def __init__(self) -> None:
        self._results: dict[str, list[Any]] = {}
        self._contexts: dict[str, list[Any]] = {}  # per file
        self._rules: dict[str, Any] = {}
        self.replays = 0  # files replayed: each at most once

    def _rules_of(self, rel: str) -> Any:
        for folder, rules_file in corpus_runs():
            if rel == folder or rel.startswith(folder + "/"):
                if rules_file is None:
                    return None
                if rules_file not in self._rules:
                    from paifu.rules import load_rules

                    self._rules[rules_file] = load_rules(rules_file)
                return self._rules[rules_file]
        return None

    def of(self, rel: str) -> list[Any]:
        """The results (``GameResult`` or ``Unreadable``) of the corpus file at ``rel``, in order."""
        if rel not in self._results:
            corpus_dir(*rel.split("/"))
            from paifu.pipeline import replay_paths
            from paifu.scoring import valuation

            original = valuation.value_win
            contexts = self._contexts[rel] = []

            def spy(ctx: Any) -> Any:
                contexts.append(ctx)
                return original(ctx)

            valuation.value_win = spy  # type: ignore[assignment]  # the engine calls valuation.value_win
            try:
                self._results[rel] = list(replay_paths([str(CORPUS / rel)], self._rules_of(rel)))
            finally:
                valuation.value_win = original
            self.replays += 1
        return self._results[rel]

    def folder(self, folder: str) -> list[Any]:
        """The results of every file under the corpus folder ``folder``, in file order."""
        corpus_dir(*folder.split("/"))
        return [r for rel in corpus_files(folder) for r in self.of(rel)]

    def win_contexts(self, files: Iterable[str] | None = None) -> list[Any]:
        """Every distinct ``WinContext`` the engine valued while replaying ``files`` (paths under the
        corpus; the whole corpus by default): wins and ron checks, in the order first met."""
        rels = (
            [rel for folder, _ in corpus_runs() for rel in corpus_files(folder)] if files is None else files
        )
        if files is None:
            corpus_dir()
        seen: dict[Any, None] = {}
        for rel in rels:
            self.of(rel)
            seen.update(dict.fromkeys(self._contexts[rel]))
        return list(seen)


@pytest.fixture(scope="session")
def corpus_sweep() -> CorpusSweep:
    """The session's one corpus sweep (``CorpusSweep``)."""
    return CorpusSweep()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that reads the corpus sweep is marked ``sweep`` (``-m sweep`` runs every test that does)."""
    for item in items:
        if "corpus_sweep" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.sweep)


# ---------------------------------------------------------------- the fast tier's two workers (pytest-xdist)

#: what in a test file's source makes its tests share state built once per worker: a module- or
#: class-scoped fixture, a cache at module level, the session's corpus sweep
_SHARED_STATE = ('scope="module"', 'scope="class"', "functools.cache", "lru_cache", "corpus_sweep")


def work_units(tests_dir: Path) -> dict[str, str]:
    """The scheduling unit of each test file that must stay on one worker (path under the checkout:
    its unit): a file that builds shared state (``_SHARED_STATE``) runs whole on one worker, so the
    state is built once, and every file that reads the corpus sweep runs on the same worker, so no
    corpus game is replayed by both. A file not listed is spread test by test."""
    units: dict[str, str] = {}
    for p in sorted(tests_dir.glob("test_*.py")):
        text = p.read_text(encoding="utf-8")
        rel = str(p.relative_to(tests_dir.parent))
        if "corpus_sweep" in text:
            units[rel] = "the corpus sweep"
        elif any(s in text for s in _SHARED_STATE):
            units[rel] = rel
    return units


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``-n`` with ``--dist loadfile`` (``pyproject.toml``'s ``addopts``): the files of
    ``work_units`` as whole units, every other test a unit of its own, the units with the most tests
    first (xdist's own order); so both workers stay busy to the end, where a whole file last in the
    queue kept one worker alone for minutes, and shared state is still built once."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    units = work_units(ROOT / "tests")

    class SharedStateScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return units.get(path, nodeid)

    return SharedStateScheduling(config, log)

"""Shared test fixtures: where the real-record corpus and our sample logs live."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

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


def cyclic_garbage(run: Callable[[], object]) -> list[str]:
    """The types of the objects ``run`` leaves in reference cycles (freed only by the collector)."""
    import gc

    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run()
        gc.collect()
        return sorted({type(o).__name__ for o in gc.garbage})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()

"""Shared test fixtures: where the real-record corpus and our sample logs live."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"
CORPUS = (ROOT.parent / "shared" / "corpus").resolve()


def corpus_dir(*parts: str) -> Path:
    """A corpus folder, or skip the test when ../shared/corpus is absent."""
    p = CORPUS.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"corpus not available at {p}")
    return p


@pytest.fixture
def corpus() -> Path:
    return corpus_dir()

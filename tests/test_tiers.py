"""The two test tiers' plumbing (docs/development.md, "Tests in two tiers"): a corpus test fails instead
of skipping when CI asks for the corpus, and the session's corpus sweep replays each file once."""

from __future__ import annotations

import ast
from pathlib import Path

import conftest
import pytest
from conftest import ROOT, CorpusSweep, corpus_files, corpus_sample


def test_a_missing_corpus_skips_on_a_fresh_clone_and_fails_where_it_is_required(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(conftest, "CORPUS", tmp_path / "no-corpus")
    monkeypatch.setattr(conftest, "REQUIRE_CORPUS", False)
    with pytest.raises(pytest.skip.Exception):
        conftest.corpus_dir("tenhou_xml")
    monkeypatch.setattr(conftest, "REQUIRE_CORPUS", True)
    with pytest.raises(pytest.fail.Exception, match="corpus record missing"):
        conftest.corpus_dir("tenhou_xml")


def _skips_naming_the_corpus(source: str) -> list[int]:
    """Lines of ``source`` that call ``pytest.skip`` with a message that names the corpus."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "skip"
            and "corpus" in ast.unparse(node).lower()
        ):
            lines.append(node.lineno)
    return lines


def test_corpus_tests_skip_only_through_conftest() -> None:
    """A test skips for a missing corpus only through ``corpus_dir``/``platforms_dir``, which fail
    instead under ``PAIFU_REQUIRE_CORPUS=1`` (.ci/run): a skip of its own would pass CI unseen."""
    assert _skips_naming_the_corpus('if not CORPUS.exists():\n    pytest.skip("corpus not available")\n') == [
        2
    ]
    found = {
        p.name: lines
        for p in sorted((ROOT / "tests").glob("*.py"))
        if p.name != "conftest.py" and (lines := _skips_naming_the_corpus(p.read_text(encoding="utf-8")))
    }
    assert not found, found


def test_the_sweep_replays_a_file_once_and_shares_it() -> None:
    conftest.corpus_dir("mjai_jsonl")
    sweep = CorpusSweep()
    (first, *_) = files = corpus_files("mjai_jsonl")
    results = sweep.of(first)
    assert results and sweep.replays == 1
    assert sweep.of(first) is results and sweep.replays == 1  # asked again: the same results
    folder = sweep.folder("mjai_jsonl")
    assert sweep.replays == len(files) and folder[: len(results)] == results
    sweep.folder("mjai_jsonl")
    assert sweep.replays == len(files)


def test_the_fast_tiers_sample_takes_a_few_per_folder_and_every_known_record() -> None:
    files = [f"a/{i}.xml" for i in range(5)] + ["b/0.xml", *conftest.KNOWN_INCONSISTENT]
    sample = corpus_sample(files, per_folder=2)
    assert {"a/0.xml", "a/1.xml", "b/0.xml"} <= sample and "a/2.xml" not in sample
    assert set(conftest.KNOWN_INCONSISTENT) <= sample


def test_files_that_share_state_stay_whole_on_one_worker() -> None:
    """Under ``-n`` a file that builds a module fixture runs whole on one worker, every file that reads
    the corpus sweep on the same worker, and any other file is spread test by test
    (``pytest_xdist_make_scheduler`` in tests/conftest.py)."""
    units = conftest.work_units(ROOT / "tests")
    assert units["tests/test_standings.py"] == "tests/test_standings.py"  # its module fixture: the day
    sweep = {rel for rel, unit in units.items() if unit == "the corpus sweep"}
    assert {"tests/test_corpus_replay.py", "tests/test_fast_value.py"} <= sweep
    assert all("corpus_sweep" in (ROOT / rel).read_text(encoding="utf-8") for rel in sweep)
    assert "tests/test_tiers.py" in units  # it names the sweep's fixture, so it joins that worker
    assert "tests/test_rank_points.py" not in units  # no shared state: test by test

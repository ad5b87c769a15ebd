"""The engine on our own sample logs: they replay clean, are what ``make_samples.py`` writes, and a
replay leaves no reference cycle.

The corpus check (every real game replays clean but a few known inconsistent records, cut-off games are
reported as truncated) is tests/test_corpus_replay.py, on the session's one corpus sweep.
"""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT, SAMPLES, cyclic_garbage

from paifu.formats import read_path
from paifu.pipeline import Unreadable, replay_paths, replay_record


def test_sample_logs_replay_clean() -> None:
    results = list(replay_paths([str(SAMPLES)]))
    assert len(results) >= 7
    for res in results:
        assert not isinstance(res, Unreadable), res
        assert res.findings == [], [str(f) for f in res.findings]
        assert res.complete


def test_sample_logs_are_what_make_samples_writes() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_samples.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_replay_leaves_no_reference_cycle() -> None:
    """A game's replay is freed by reference counting the moment its result is dropped: a cycle (the
    wall check once held the game's bound ``find``) left every game's table to the garbage
    collector, whose collections then walked it."""
    paths = [p for p in sorted(SAMPLES.rglob("*.*")) if p.suffix in (".xml", ".jsonl", ".json")]
    assert paths

    def replay(files: list) -> object:
        return [replay_record(r) for p in files for r in read_path(str(p))]

    # one collection for every sample (each walks the session's whole heap); a file at a time only
    # to name the one that leaves a cycle
    found = cyclic_garbage(lambda: replay(paths))
    if found:
        for path in paths:
            assert cyclic_garbage(lambda p=path: replay([p])) == [], (path, found)
    assert found == []


def test_the_cycle_check_still_sees_paifus_cycle_while_another_thread_runs() -> None:
    """With another thread alive the check keeps only paifu's objects (a Dask loop left by an earlier
    test frees cycles of its own meanwhile), and a cycle through paifu's code is still one."""
    import threading
    import types

    import paifu.cli.common

    func = next(o for o in vars(paifu.cli.common).values() if isinstance(o, types.FunctionType))

    def loop() -> None:
        made = types.FunctionType(func.__code__, func.__globals__)
        made.loop = made  # type: ignore[attr-defined]

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert "function" in cyclic_garbage(loop)
        assert cyclic_garbage(lambda: [object()]) == []
    finally:
        stop.set()
        other.join()

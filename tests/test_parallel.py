"""``--jobs``: the parallel replay yields exactly the serial items in the serial order,
and one failing file (an exception, or a worker process that dies) never stops the batch."""

from __future__ import annotations

import io
import multiprocessing
import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SAMPLES, corpus_dir
from test_cli import run

from paifu import parallel
from paifu.engine.verdict import GameVerdict, verdict
from paifu.parallel import replay_paths_parallel, resolve_jobs
from paifu.pipeline import Unreadable, replay_paths, replay_walked

needs_fork = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="the injected failure reaches workers only through fork",
)


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """Our sample logs with unreadable files sorted in between them."""
    for src in sorted(SAMPLES.rglob("*")):
        if src.is_file() and src.suffix in (".xml", ".jsonl"):
            shutil.copy(src, tmp_path / src.name)
    (tmp_path / "d-empty.xml").write_bytes(b"")
    (tmp_path / "k-not-xml.xml").write_bytes(b"hello, world\n")
    return tmp_path


def test_same_items_same_order_as_serial(mixed: Path) -> None:
    serial = list(replay_paths([str(mixed)]))
    assert sum(isinstance(i, Unreadable) for i in serial) == 2
    assert len(serial) >= 10
    for chunk in (1, 3, None):
        assert list(replay_paths_parallel([str(mixed)], jobs=2, chunk_size=chunk)) == serial


def test_serial_fallbacks_give_the_serial_items(mixed: Path) -> None:
    one_file = str(mixed / "chankan.xml")
    assert list(replay_paths_parallel([one_file], jobs=2)) == list(replay_paths([one_file]))
    assert list(replay_paths_parallel([str(mixed)], jobs=1)) == list(replay_paths([str(mixed)]))


@pytest.mark.slow
def test_corpus_tenhou_xml_same_as_serial() -> None:
    d = str(corpus_dir("tenhou_xml"))
    serial = list(replay_paths([d]))
    assert len(serial) > 50
    assert list(replay_paths_parallel([d], jobs=2)) == serial


def test_forced_rules_reach_the_workers() -> None:
    d = corpus_dir("majiang_selfplay")
    from paifu.rules import load_rules

    rules = load_rules(str(d / "rules" / "tenhou-like.json"))
    files = [str(p) for p in sorted((d / "tenhou-like").iterdir())[:6]]
    par = list(replay_paths_parallel(files, rules, jobs=2, chunk_size=1))
    assert par == list(replay_paths(files, rules))
    assert all(r.rules == rules for r in par)


def _fail_on(name: str, how: str):  # noqa: ANN202
    real = replay_walked

    def fake(inputs: list[tuple[str, bool]], *args: object, **kwargs: bool) -> Iterator[object]:
        path = inputs[0][0]
        if Path(path).name == name:
            if how == "die":
                os._exit(3)
            if how == "unpicklable":
                return iter([Unreadable(path, lambda: None)])  # type: ignore[arg-type]
            raise RuntimeError("injected")
        return real(inputs, *args, **kwargs)

    return fake


@needs_fork
@pytest.mark.parametrize(("how", "chunk"), [("raise", 2), ("die", 2), ("die", 1), ("unpicklable", 3)])
def test_one_failing_file_does_not_stop_the_batch(
    mixed: Path, monkeypatch: pytest.MonkeyPatch, how: str, chunk: int
) -> None:
    victim = "exhaustive-draw-tenpai.xml"
    serial = list(replay_paths([str(mixed)]))
    monkeypatch.setattr(parallel, "replay_walked", _fail_on(victim, how))
    par = list(replay_paths_parallel([str(mixed)], jobs=2, chunk_size=chunk))
    at = [i for i, r in enumerate(serial) if not isinstance(r, Unreadable) and r.source.endswith(victim)]
    assert len(at) == 1
    bad = par[at[0]]
    assert isinstance(bad, Unreadable) and bad.file.endswith(victim)
    assert victim in bad.reason
    expected = {
        "raise": "RuntimeError: injected",
        "die": "worker process died",
        "unpicklable": "could not return the results",
    }
    assert expected[how] in bad.reason
    # everything else, before and after, is exactly the serial result
    assert par[: at[0]] + par[at[0] + 1 :] == serial[: at[0]] + serial[at[0] + 1 :]


def _exit_at_start(*args: object) -> None:
    os._exit(4)


@needs_fork
def test_workers_that_cannot_start_stop_the_run_once(mixed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not one Unreadable per file (and a process per file): a single clear error."""
    monkeypatch.setattr(parallel, "_init_worker", _exit_at_start)
    with pytest.raises(parallel.PoolError, match="without --jobs"):
        list(replay_paths_parallel([str(mixed)], jobs=2, chunk_size=2))
    # the command line says so in one line, no traceback
    from paifu.cli import main

    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["validate", str(mixed), "--jobs", "2"], out=io.StringIO()) == 2
    assert (
        err.getvalue().startswith("paifu: worker processes cannot start")
        and "Traceback" not in err.getvalue()
    )


def test_stopping_early_does_not_hang(mixed: Path) -> None:
    t = time.perf_counter()
    gen = replay_paths_parallel([str(mixed)], jobs=2, chunk_size=1)
    first = next(gen)
    gen.close()
    assert first == next(iter(replay_paths([str(mixed)])))
    assert time.perf_counter() - t < 10


def test_resolve_jobs() -> None:
    assert resolve_jobs(0) == (os.cpu_count() or 1)
    assert resolve_jobs(3) == 3
    with pytest.raises(ValueError, match="jobs"):
        resolve_jobs(-1)


@pytest.mark.parametrize("fmt", [(), ("--json",)])
def test_cli_validate_jobs_same_output(mixed: Path, fmt: tuple[str, ...]) -> None:
    serial = run("validate", str(mixed), *fmt)
    assert serial[0] == 2  # the two unreadable files
    assert run("validate", str(mixed), "--jobs", "2", *fmt) == serial
    assert run("validate", str(mixed), "--jobs", "0", *fmt) == serial


def test_cli_rejects_negative_jobs(mixed: Path) -> None:
    assert run("validate", str(mixed), "--jobs", "-1")[0] == 2
    assert run("report", str(mixed), "--jobs", "x")[0] == 2


def test_cli_report_jobs_same_output(tmp_path: Path) -> None:
    src = str(SAMPLES / "tenhou-xml")
    out1, out2 = tmp_path / "g1.csv", tmp_path / "g2.csv"
    code, serial = run("report", src, "--games", str(out1))
    assert code in (0, 1) and "games" in serial
    assert run("report", src, "--games", str(out2), "--jobs", "2") == (code, serial)
    assert out2.read_text() == out1.read_text()


@needs_fork
def test_the_first_files_killing_their_workers_are_their_own_reports(
    mixed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers that start fine and die on the first two files: two Unreadables, not a PoolError."""
    names = sorted(p.name for p in mixed.iterdir())[:2]
    real = replay_walked

    def fake(inputs: list[tuple[str, bool]], *args: object, **kwargs: bool) -> Iterator[object]:
        if Path(inputs[0][0]).name in names:
            os._exit(3)
        return real(inputs, *args, **kwargs)

    monkeypatch.setattr(parallel, "replay_walked", fake)
    par = list(replay_paths_parallel([str(mixed)], jobs=2, chunk_size=2))
    serial = list(replay_paths([str(mixed)]))
    assert len(par) == len(serial)
    dead = [i for i in par if isinstance(i, Unreadable) and "worker process died" in i.reason]
    assert sorted(Path(i.file).name for i in dead) == names


@pytest.mark.parametrize(
    ("n", "size", "jobs"), [(451, 16, 2), (1000, 16, 8), (7, 16, 2), (3, 1, 2), (64, 5, 3)]
)
def test_chunks_cover_every_file_in_order_and_shrink_at_the_end(n: int, size: int, jobs: int) -> None:
    """Every file once, in order; no chunk over the size; the last ones small, so the workers end
    together (a 16-file last chunk left one of two cores idle for tens of milliseconds)."""
    files = [f"f{i}" for i in range(n)]
    chunks = list(parallel._chunks(files, size, jobs))
    assert [f for c in chunks for f in c] == files
    assert all(1 <= len(c) <= size for c in chunks)
    sizes = [len(c) for c in chunks]
    assert sizes == sorted(sizes, reverse=True)  # large first, then shrinking
    assert sizes[-1] == 1
    if n >= 4 * size * jobs:
        assert sizes[0] == size  # a long batch still goes in full chunks (pickling amortised)


@pytest.mark.parametrize("n", [0, 1, 7, 64, 255, 256, 257, 300, 1000, 5000])
@pytest.mark.parametrize("jobs", [2, 3, 8])
def test_chunks_cut_as_the_walk_goes_are_those_of_the_whole_list(n: int, jobs: int) -> None:
    """The streamed chunks are exactly those cut from the list of every file, while no more than
    the read-ahead is ever pulled from the walk before the first chunk goes out."""
    files = [(f"f{i}", False) for i in range(n)]
    whole = list(parallel._chunks(files, parallel._chunk_size(n, jobs), jobs))
    pulled = 0

    def walk() -> Iterator[tuple[str, bool]]:
        nonlocal pulled
        for f in files:
            pulled += 1
            yield f

    stream = parallel.stream_chunks(walk(), jobs)
    first = next(stream, None)
    assert pulled <= parallel._lookahead(jobs) + 1
    assert ([first] if first is not None else []) + list(stream) == whole
    assert list(parallel.stream_chunks(iter(files), jobs, 5)) == [files[i : i + 5] for i in range(0, n, 5)]


def test_the_parents_heap_is_unfrozen_after_a_run(mixed: Path) -> None:
    """The pool freezes the parent's objects for its forks; a run that ends, or is left early,
    hands them back to the collector."""
    import gc

    list(replay_paths_parallel([str(mixed)], jobs=2))
    assert gc.get_freeze_count() == 0
    gen = replay_paths_parallel([str(mixed)], jobs=2)
    next(gen)
    assert gc.get_freeze_count() > 0  # frozen while the pool runs
    gen.close()
    assert gc.get_freeze_count() == 0


def _tagged(item: object) -> tuple[str, object]:
    """A ``keep`` whose work shows: each item comes back wrapped."""
    return ("kept", item)


def test_kept_items_are_the_serial_items_kept(mixed: Path) -> None:
    """``keep`` runs in the workers, on every item, in the serial order; validation's verdicts are
    those of the serial results."""
    serial = list(replay_paths([str(mixed)]))
    for chunk in (1, None):
        got = list(replay_paths_parallel([str(mixed)], jobs=2, chunk_size=chunk, keep=verdict))
        assert got == [verdict(i) for i in serial]
        assert sum(isinstance(v, GameVerdict) for v in got) == len(serial) - 2  # the two unreadable files
    one_file = [str(mixed / "chankan.xml")]  # the serial fallback keeps too
    assert list(replay_paths_parallel(one_file, jobs=2, keep=_tagged)) == [
        ("kept", i) for i in replay_paths(one_file)
    ]


@needs_fork
def test_a_dead_workers_report_is_kept_too(mixed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``Unreadable`` the parent writes for a file that killed its worker goes through ``keep``
    like the workers' items: a consumer meets one kind of item."""
    victim = "exhaustive-draw-tenpai.xml"
    monkeypatch.setattr(parallel, "replay_walked", _fail_on(victim, "die"))
    got = list(replay_paths_parallel([str(mixed)], jobs=2, chunk_size=2, keep=_tagged))
    assert all(tag == "kept" for tag, _ in got)
    dead = [i for _, i in got if isinstance(i, Unreadable) and "worker process died" in i.reason]
    assert [Path(i.file).name for i in dead] == [victim]

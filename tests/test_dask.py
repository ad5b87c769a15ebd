"""Dask: a local ``distributed`` cluster of two worker processes gives exactly the serial output."""

from __future__ import annotations

import logging
import os
from collections import Counter
from pathlib import Path

import pytest
from conftest import CORPUS, SAMPLES, corpus_dir, counted_stats

distributed = pytest.importorskip("distributed")

from paifu.analysis.report import build_report  # noqa: E402
from paifu.cli import main  # noqa: E402
from paifu.dask import reduce_report, replay_bag  # noqa: E402
from paifu.pipeline import replay_paths  # noqa: E402


@pytest.fixture(scope="module")
def client():  # noqa: ANN201
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Our sample logs, a few corpus files with findings when present, and one unreadable file."""
    bad = tmp_path_factory.mktemp("bad") / "broken.json"
    bad.write_text('{"log": [', encoding="utf-8")
    paths = [str(SAMPLES), str(bad)]
    if (CORPUS / "tenhou6_json").exists():
        paths += [str(p) for p in sorted((CORPUS / "tenhou6_json").rglob("confusing_nakis_*.json"))]
    return paths


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    got = capsys.readouterr()
    return code, got.out, got.err


def test_replay_bag_is_the_serial_replay(client, inputs: list[str]) -> None:  # noqa: ANN001
    serial = list(replay_paths(inputs))
    bag = replay_bag(inputs, files_per_partition=2)
    assert bag.npartitions > 2
    got = bag.compute()
    assert [type(x).__name__ for x in got] == [type(x).__name__ for x in serial]
    assert [(getattr(x, "source", None), getattr(x, "game_index", None)) for x in got] == [
        (getattr(x, "source", None), getattr(x, "game_index", None)) for x in serial
    ]
    assert [[str(f) for f in getattr(x, "findings", [])] for x in got] == [
        [str(f) for f in getattr(x, "findings", [])] for x in serial
    ]


def test_tree_reduced_counters_are_the_serial_ones(client, inputs: list[str]) -> None:  # noqa: ANN001
    serial = [x for x in replay_paths(inputs) if not hasattr(x, "reason")]
    part = reduce_report(replay_bag(inputs, files_per_partition=1), split_every=2)
    whole = build_report(serial)
    assert part.counters == whole.counters
    assert (part.games, part.hands, part.flagged_count) == (
        len(serial),
        sum(len(r.hands) for r in serial),
        len(whole.flagged),
    )
    assert len(part.unreadable) == 1


@pytest.mark.parametrize("fmt", [(), ("--json",)])
def test_cli_validate_on_the_cluster(
    client,
    inputs: list[str],
    capsys: pytest.CaptureFixture[str],  # noqa: ANN001
    fmt: tuple[str, ...],
) -> None:
    serial = _run(capsys, "validate", *inputs, *fmt)
    assert serial[0] == 2 and ('"kind": "error"' if fmt else "UNREADABLE") in serial[1]
    assert _run(capsys, "validate", *inputs, *fmt, "--scheduler", client.scheduler.address) == serial


@pytest.mark.slow
def test_cli_report_on_the_cluster(
    client,
    inputs: list[str],
    tmp_path: Path,  # noqa: ANN001
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = {}
    for name, extra in (("serial", ()), ("dask", ("--scheduler", client.scheduler.address))):
        d = tmp_path / name
        d.mkdir()
        code, out, err = _run(
            capsys,
            "report",
            *inputs,
            "--html",
            str(d / "r.html"),
            "--players",
            str(d / "p.csv"),
            "--games",
            str(d / "g.parquet"),
            "--out",
            str(d / "ds"),
            "--player",
            "Aoi",
            *extra,
        )
        files = {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}
        outputs[name] = (code, out, err, files)
    assert outputs["dask"] == outputs["serial"]
    assert (
        outputs["serial"][0] == 2
        and "ds/hands/source_folder=tenhou-xml/part-000000.parquet" in outputs["serial"][3]
    )


def test_unreachable_scheduler_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(SAMPLES), "--scheduler", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paifu: --scheduler:") and err.count("\n") == 1


@pytest.mark.slow
def test_cli_local_cluster_on_a_corpus_folder(capsys: pytest.CaptureFixture[str]) -> None:
    folder = str(corpus_dir("majiang_paipu"))
    serial = _run(capsys, "report", folder)
    assert _run(capsys, "report", folder, "--scheduler", "dask", "--jobs", "2") == serial


def test_a_client_whose_loop_never_starts_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """distributed asserts that its IO loop started within 10 s; on a loaded machine it may not:
    one line, exit 2, never its AssertionError's traceback."""

    def client(*args: object, **kwargs: object) -> None:
        raise AssertionError

    monkeypatch.setattr(distributed, "Client", client)
    assert main(["validate", str(SAMPLES), "--scheduler", "tcp://127.0.0.1:1", "--timeout", "1"]) == 2
    err = capsys.readouterr().err
    assert "Dask's client did not start" in err and err.count("\n") == 1, err


def test_batches_cut_the_walk_by_size_in_order(tmp_path: Path) -> None:
    """Every file once, in order, in batches of about the bytes asked for; a short run is cut so that
    every worker gets several batches; a long one in full batches, held no further than read ahead."""
    from paifu import dask as pdask

    inputs = []
    for i in range(40):
        f = tmp_path / f"{i:02}.xml"
        f.write_bytes(b"x" * (1000 + 100 * i))
        inputs.append((str(f), True))
    sized = [(p, found, Path(p).stat().st_size) for p, found in inputs]
    got = list(pdask.batches(iter(sized), threads=2, batch_bytes=5000))
    assert [i for b in got for i in b] == inputs
    sizes = [sum(Path(p).stat().st_size for p, _ in b) for b in got]
    assert all(s >= 5000 for s in sizes[:-1]) and all(
        s - Path(b[-1][0]).stat().st_size < 5000 for s, b in zip(sizes, got, strict=True)
    )
    short = list(pdask.batches(iter(sized), threads=2))  # 94 KB in all: one 4 MB batch would idle a worker
    assert [i for b in short for i in b] == inputs and len(short) >= 2
    assert all(sum(Path(p).stat().st_size for p, _ in b) >= pdask.MIN_BATCH_BYTES for b in short[:-1])


def test_the_client_stats_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The batches are cut by the sizes the walk's own ``lstat`` found: the client stats each file it
    sends once, where it stat'ed every file again to cut the batches."""
    from paifu import dask as pdask
    from paifu.formats import walk_sized

    (tmp_path / "sub").mkdir()
    for i in range(30):
        (tmp_path / ("sub" if i % 2 else ".") / f"{i:02}.xml").write_bytes(b"x" * (3000 + i))
    looked = counted_stats(monkeypatch)
    got = list(pdask.batches(walk_sized([str(tmp_path)]), threads=2, batch_bytes=10_000))
    monkeypatch.undo()
    files = sorted(str(p) for p in tmp_path.rglob("*.xml"))
    assert [p for b in got for p, _ in b] == files and len(got) >= 2  # in order, every file once
    assert {f: looked[f] for f in files} == dict.fromkeys(files, 1)


def test_validate_on_the_cluster_sends_batches_and_lists_skips(
    client,  # noqa: ANN001
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A task covers many files and comes back as one answer (text and counts); what the serial run
    prints, skipped files included, is printed word for word."""
    import shutil

    folder = tmp_path / "mixed"
    shutil.copytree(SAMPLES, folder)
    (folder / "notes.txt").write_text("no record\n")
    (folder / "tenhou-xml" / "saved.txt").write_bytes((SAMPLES / "tenhou-xml" / "chankan.xml").read_bytes())
    serial = _run(capsys, "validate", str(folder))
    assert "notes.txt: skipped" in serial[1] and "saved.txt" in serial[1]
    from paifu import dask as pdask
    from paifu.formats.walk_plan import Names

    submitted: list[int] = []
    real = pdask._submit_group

    def counting(client, task, chunks, *args):  # noqa: ANN001, ANN002, ANN202
        submitted.extend(
            sum(len(e) if isinstance(e, Names) else isinstance(e, tuple) for e in c) for c in chunks
        )
        return real(client, task, chunks, *args)

    monkeypatch.setattr(pdask, "_submit_group", counting)
    assert _run(capsys, "validate", str(folder), "--scheduler", client.scheduler.address) == serial
    files = len([p for p in folder.rglob("*") if p.is_file()])  # each sent once, by name to its worker
    assert sum(submitted) == files and max(submitted) > 1  # all files, several a task


def _fine_batches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every file a batch, four batches a group, two answers a merge (a tree two deep); returns the
    list the count of answers the client receives goes into."""
    from paifu import dask as pdask

    monkeypatch.setattr(pdask, "BATCH_BYTES", 1)
    monkeypatch.setattr(pdask, "MIN_BATCH_BYTES", 1)
    monkeypatch.setattr(pdask, "GROUP_BATCHES", 4)
    monkeypatch.setattr(pdask, "SPLIT_EVERY", 2)
    answers: list[int] = []
    real = pdask._result

    def counting(client, fut):  # noqa: ANN001, ANN202
        answers.append(1)
        return real(client, fut)

    monkeypatch.setattr(pdask, "_result", counting)
    return answers


def test_validate_merges_batches_on_the_workers(
    client,  # noqa: ANN001
    inputs: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The workers join a group's answers by a tree of merges: the client receives one answer a
    group of batches, and prints word for word what the serial run prints."""
    from paifu import dask as pdask
    from paifu.formats import walk_inputs
    from paifu.formats.walk_plan import BARRIER, Plan

    serial = _run(capsys, "validate", *inputs, "--json")
    answers = _fine_batches(monkeypatch)
    assert _run(capsys, "validate", *inputs, "--json", "--scheduler", client.scheduler.address) == serial
    runs = [[]]  # the batches between barriers (a file given by name after a folder: all sent wait)
    for batch in pdask.batches(Plan(inputs), 2):
        runs[-1].append(batch) if batch is not BARRIER else runs.append([])
    files, groups = len(list(walk_inputs(inputs))), sum(-(-len(r) // 4) for r in runs)
    assert files > 8 and sum(map(len, runs)) >= files and len(answers) == groups, (files, runs, len(answers))


def test_report_merges_parts_on_the_workers(
    client,  # noqa: ANN001
    inputs: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``report``'s per-player counters and rows merged by the workers' tree give the serial files."""
    outputs = {}
    for name in ("serial", "dask"):
        d = tmp_path / name
        d.mkdir()
        extra: tuple[str, ...] = ()
        if name == "dask":
            answers = _fine_batches(monkeypatch)
            extra = ("--scheduler", client.scheduler.address)
        code, out, err = _run(
            capsys, "report", *inputs, "--players", str(d / "p.csv"), "--games", str(d / "g.csv"), *extra
        )
        files = {p.name: p.read_bytes() for p in sorted(d.iterdir())}
        outputs[name] = (code, out, err, files)
    assert outputs["dask"] == outputs["serial"] and outputs["serial"][3]["p.csv"].count(b"\n") > 3
    assert 1 < len(answers) < 8


def test_replay_bag_opens_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bag's walk opens nothing; each file is opened once, by the task that reads it, and a
    file found in a folder that is no record is left out as the serial run leaves it out."""
    import builtins
    import os
    import shutil
    from collections import Counter

    folder = tmp_path / "mixed"
    shutil.copytree(SAMPLES / "tenhou-xml", folder)
    (folder / "notes.txt").write_text("no record\n")
    opened: Counter[str] = Counter()
    real = builtins.open

    def counting(file, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if isinstance(file, str | os.PathLike):
            opened[os.fspath(file)] += 1
        return real(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", counting)
    got = replay_bag([str(folder)], files_per_partition=3).compute(scheduler="sync")
    reads = {p: n for p, n in opened.items() if p.startswith(str(folder))}
    assert reads and set(reads.values()) == {1}, reads  # was 2 a file found in the folder
    monkeypatch.setattr(builtins, "open", real)
    serial = list(replay_paths([str(folder)]))
    assert [(x.source, x.game_index) for x in got] == [(x.source, x.game_index) for x in serial]
    assert str(folder / "notes.txt") in reads and len(got) == len(serial) > 3


def test_the_client_knows_of_workers_without_asking_the_scheduler() -> None:
    """While connected, whether the cluster has workers is what the client's loop last heard (no
    round trip of its own: that was a third of the client's CPU); once it is not connected, it asks."""
    from paifu import dask_cluster

    class Client:
        def __init__(self, status: str, known: dict[str, object]) -> None:
            self.status, self._scheduler_identity, self.asked = status, known, 0

        def nthreads(self) -> dict[str, int]:
            self.asked += 1
            raise OSError("the scheduler is gone")

    alive, empty = Client("running", {"n_workers": 2}), Client("running", {"n_workers": 0})
    assert dask_cluster._has_workers(alive) and not dask_cluster._has_workers(empty)
    assert alive.asked == empty.asked == 0
    older = Client("running", {"workers": {"tcp://w:1": {}}})  # a distributed that lists them all
    assert dask_cluster._has_workers(older) and older.asked == 0
    lost = Client("connecting", {"n_workers": 2})  # its last news is stale: asked, and it fails
    assert not dask_cluster._has_workers(lost) and lost.asked == 1


def _task(chunk) -> list[str]:  # noqa: ANN001
    if any(path == "bad" for path, _ in chunk):
        raise ValueError("this file breaks its task")
    return [path for path, _ in chunk]


def _merge(answers: list[list[str]]) -> list[str]:
    return [p for a in answers for p in a]


def test_a_group_that_fails_is_redone_batch_by_batch_then_file_by_file(
    client,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A group's graph that fails (here one file breaks its task) costs nothing of the rest: the
    group is redone batch by batch, the failing batch file by file, and only that file is reported,
    everything in input order."""
    from paifu import dask as pdask

    monkeypatch.setattr(pdask, "GROUP_BATCHES", 4)
    monkeypatch.setattr(pdask, "SPLIT_EVERY", 2)
    names = [f"f{i}" for i in range(20)]
    names[9] = "bad"
    chunks = [[(n, False) for n in names[i : i + 2]] for i in range(0, 20, 2)]
    import sys

    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers run this module's task
    try:
        got = list(
            pdask.ordered_chunks(
                client, _task, iter(chunks), failed=lambda path, reason: [f"failed: {path}"], merge=_merge
            )
        )
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    flat = [p for answer in got for p in answer]
    assert flat == [*names[:9], "failed: bad", *names[10:]]
    # a group; the failed group's batch with the bad file file by file (2), its 3 others; the last group
    assert len(got) == 1 + 2 + 3 + 1


def test_runs_the_workers_cannot_settle_are_settled_by_the_client(
    client,  # noqa: ANN001
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A folder with hard links (met first in a run a worker read), a link to a file, hidden and broken
    files: the runs a worker cannot settle come back to the client, and ``validate`` and ``report``
    (its per-player counters merged by the workers' tree, its Parquet partitions) write the serial
    run's output byte for byte, skips and unreadable files at their places."""
    import shutil

    from paifu.formats.walk_plan import Plan

    folder = tmp_path / "linked"
    shutil.copytree(SAMPLES, folder)
    first = folder / "0-first"
    first.mkdir()
    os.link(folder / "tenhou-xml" / "chankan.xml", first / "chankan-again.xml")  # read here, skipped later
    (first / "broken.json").write_text('{"log": [', encoding="utf-8")
    (first / ".hidden.xml").write_bytes(b"<mjloggm/>")
    (folder / "tenhou-xml" / "zz-link.xml").symlink_to(folder / "tenhou-xml" / "kan-then-rinshan.xml")
    settled: list[int] = []
    real = Plan.settle

    def counting(self, items):  # noqa: ANN001, ANN202
        settled.append(1)
        return real(self, items)

    outputs = {}
    for name in ("serial", "dask"):
        d = tmp_path / name
        d.mkdir()
        extra: tuple[str, ...] = ()
        if name == "dask":
            _fine_batches(monkeypatch)
            monkeypatch.setattr(Plan, "settle", counting)
            extra = ("--scheduler", client.scheduler.address)
        got = [_run(capsys, "validate", str(folder), "--json", *extra)]
        got.append(
            _run(capsys, "report", str(folder), "--players", str(d / "p.csv"), "--out", str(d / "ds"), *extra)
        )
        files = {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}
        outputs[name] = (got, files)
    assert outputs["dask"] == outputs["serial"] and settled
    text = outputs["serial"][0][0][1]
    assert "the same file as" in text and "hidden file" in text and "broken.json" in text
    assert any(f.startswith("ds/hands/") for f in outputs["serial"][1])

"""The walk streams (no entry kept per file) and each file is opened once: a file found in a folder
is judged a record or not from the bytes its reader reads, the format detected from the same bytes."""

from __future__ import annotations

import builtins
import os
import shutil
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES

from paifu.formats import iter_record_files, walk_inputs, walk_sized
from paifu.parallel import replay_paths_parallel
from paifu.pipeline import Skipped, Unreadable, replay_paths

XML = sorted((SAMPLES / "tenhou-xml").glob("*.xml"))
MJAI = sorted((SAMPLES / "sanma").glob("*.jsonl"))


def _tree(root: Path) -> Path:
    """A folder of records under their own names, a record under no record's name, a README, a
    text file that is no record and a rule object, in two folders."""
    a, b = root / "a", root / "b"
    a.mkdir(parents=True)
    b.mkdir()
    for f in XML[:3]:
        shutil.copy(f, a / f.name)
    shutil.copy(XML[3], a / "saved-as.txt")  # Tenhou XML under a name that says nothing
    shutil.copy(MJAI[0], b / MJAI[0].name)
    (b / "notes.txt").write_text("no record here\n")
    (b / "README.md").write_text("# readme\n")
    (b / "rule.json").write_text('{"rule": {"配給原点": 25000}}')
    return root


def _count_opens(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    opened: Counter[str] = Counter()
    real = builtins.open

    def counting(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | os.PathLike):
            opened[os.fspath(file)] += 1
        return real(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", counting)
    return opened


def test_each_file_is_opened_once_and_judged_from_what_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _tree(tmp_path)
    opened = _count_opens(monkeypatch)
    skipped: list[Skipped] = []
    items = list(replay_paths([str(root)], skipped=skipped))
    reads = {p: n for p, n in opened.items() if p.startswith(str(root))}
    assert reads and all(n == 1 for n in reads.values()), (
        reads
    )  # was 2 a file: the walk's look, then the read
    assert str(root / "b" / "README.md") not in reads  # its name says what it is: never opened
    games = [i for i in items if not isinstance(i, Unreadable)]
    assert {Path(g.source).name for g in games} == {*(f.name for f in XML[:3]), "saved-as.txt", MJAI[0].name}
    assert not [i for i in items if isinstance(i, Unreadable)]
    reasons = {Path(s.file).name: s.reason for s in skipped}
    assert set(reasons) == {"notes.txt", "README.md", "rule.json"}
    assert "no known format" in reasons["notes.txt"] and "rule object" in reasons["rule.json"]
    # the old two-step path (walk, then read) says the same of every file
    old_skipped: list[Skipped] = []
    assert [Path(p).name for p in iter_record_files([str(root)], old_skipped)] == [
        Path(g.source).name for g in games
    ]
    assert sorted((s.file, s.reason) for s in old_skipped) == sorted((s.file, s.reason) for s in skipped)


def test_a_one_shot_source_is_read_once(tmp_path: Path) -> None:
    """A file that can be read only once (its bytes gone after the first read) is still replayed:
    nothing opens it a second time."""
    folder = tmp_path / "x"
    folder.mkdir()
    target = folder / "game.txt"  # no record's name: the content decides, from the one read
    shutil.copy(XML[0], target)
    real = builtins.open
    reads = 0

    def one_shot(file: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        if os.fspath(file) == str(target):
            reads += 1
            if reads > 1:
                raise OSError(5, "read twice")
        return real(file, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "open", one_shot)
        items = list(replay_paths([str(folder)]))
    assert reads == 1 and len(items) == 1 and not isinstance(items[0], Unreadable)


def test_workers_skip_what_the_serial_run_skips(tmp_path: Path) -> None:
    """Workers read the files, so they judge them: the skipped list and the items are the serial
    run's, in the same order."""
    root = _tree(tmp_path)
    serial_skipped: list[Skipped] = []
    serial = list(replay_paths([str(root)], skipped=serial_skipped))
    par_skipped: list[Skipped] = []
    par = list(replay_paths_parallel([str(root)], jobs=2, chunk_size=1, skipped=par_skipped))
    assert par == serial
    assert [(s.file, s.reason) for s in par_skipped] == [(s.file, s.reason) for s in serial_skipped]


def test_a_file_reached_twice_is_read_once(tmp_path: Path) -> None:
    """Without an entry per file: a link to a file in a folder walked before or after it, a hard
    link, a file given by name after its folder was walked: each read once, the others named."""
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    shutil.copy(XML[0], b / "real.xml")
    shutil.copy(XML[1], a / "real.xml")
    (a / "z-link.xml").symlink_to(b / "real.xml")  # its folder walked after: the link is read
    (b / "a-link.xml").symlink_to(a / "real.xml")  # its folder walked before: the link is skipped
    os.link(b / "real.xml", b / "hard.xml")
    skipped: list[Skipped] = []
    got = [p for p, _ in walk_inputs([str(tmp_path), str(a / "real.xml")], skipped)]
    assert got == [str(a / "real.xml"), str(a / "z-link.xml")]
    first_a, first_b = str(a / "real.xml"), str(a / "z-link.xml")
    assert [(s.file, s.reason) for s in skipped] == [
        (str(b / "a-link.xml"), f"the same file as {first_a} (read once)"),
        (str(b / "hard.xml"), f"the same file as {first_b} (read once)"),
        (str(b / "real.xml"), f"the same file as {first_b} (read once)"),
        (str(a / "real.xml"), f"the same file as {first_a} (read once)"),  # given by name after
    ]


def test_the_walk_gives_each_inputs_size_from_its_own_stat(tmp_path: Path) -> None:
    """``walk_sized`` is ``walk_inputs`` with each input's size as ``os.stat`` gives it (a link's
    target's; 0 where it cannot stat), so the batches need no ``stat`` of their own; a file given by
    name before its folder is walked is still read once."""
    a = tmp_path / "a"
    a.mkdir()
    shutil.copy(XML[0], a / "real.xml")
    shutil.copy(XML[1], a / "saved.txt")
    (a / "link.xml").symlink_to(XML[2])
    (a / "dangling.xml").symlink_to(tmp_path / "gone.xml")
    os.mkfifo(a / "pipe.xml")
    given = str(a / "saved.txt")
    skipped: list[Skipped] = []
    sized = list(walk_sized([given, str(tmp_path)], skipped))
    assert [(p, f) for p, f, _ in sized] == list(walk_inputs([given, str(tmp_path)]))
    assert [p for p, _, _ in sized] == [
        given,
        *(str(a / n) for n in ("dangling.xml", "link.xml", "pipe.xml", "real.xml")),
    ]
    assert [size for _, _, size in sized] == [
        0 if p.endswith("dangling.xml") else os.stat(p).st_size for p, _, _ in sized
    ]
    assert sized[2][2] == XML[2].stat().st_size > 0
    assert [(s.file, s.reason) for s in skipped] == [(given, f"the same file as {given} (read once)")]


def test_files_given_by_name_cost_no_realpath(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files given by name with no folder walked (a shell's glob) cannot have been read under another
    name in a folder: the walk asks no ``realpath`` of them (a ``stat`` of every part of each path),
    and still reads a file given twice once."""
    for f in XML[:2]:
        shutil.copy(f, tmp_path / f.name)
    names = [str(tmp_path / f.name) for f in XML[:2]]

    def refused(path: Any) -> str:
        raise AssertionError(f"realpath of {path}")

    monkeypatch.setattr(os.path, "realpath", refused)
    skipped: list[Skipped] = []
    assert [p for p, _ in walk_inputs([*names, names[0]], skipped)] == names
    assert [(s.file, s.reason) for s in skipped] == [(names[0], f"the same file as {names[0]} (read once)")]


def test_the_walk_keeps_no_entry_per_file(tmp_path: Path) -> None:
    """Memory held by the walk, at its last file, over 4,000 files in 20 folders: a folder's names
    and an entry per folder, not one per file (the old walk held ~1.2 MB here)."""
    for d in range(20):
        folder = tmp_path / f"d{d:02}"
        folder.mkdir()
        for i in range(200):
            (folder / f"game-{i:04}.xml").touch()
    walk = walk_inputs([str(tmp_path)])
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        n = 0
        for _ in walk:
            n += 1
            if n == 3999:
                held = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert n == 4000
    assert held < 150_000, held


def test_convert_opens_each_file_once_and_lists_skips(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``convert`` reads each input once (the walk opens nothing); what is no record is listed as
    skipped, every record is written."""
    from paifu.cli import main

    root = _tree(tmp_path / "in")
    out = tmp_path / "out"
    opened = _count_opens(monkeypatch)
    code = main(["convert", str(root), "--to", "mjai", "-o", str(out), "-q"])
    err = capsys.readouterr().err
    reads = {p: n for p, n in opened.items() if p.startswith(str(root))}
    assert code == 0, err
    assert reads and all(n == 1 for n in reads.values()), reads  # was 2 a file found in a folder
    assert str(root / "b" / "README.md") not in reads
    assert {
        line.split(": skipped")[0].rsplit("/", 1)[-1] for line in err.splitlines() if ": skipped" in line
    } == {
        "notes.txt",
        "README.md",
        "rule.json",
    }
    assert sorted(p.stem for p in out.iterdir()) == sorted(
        [*(f.stem for f in XML[:3]), "saved-as", MJAI[0].stem]
    )


def test_convert_never_reads_what_it_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The inputs are the walk's before anything is written: games written into a folder walked
    later (``a/ b/ -o b/``) are not read again as inputs."""
    from paifu.cli import main

    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    for f in XML[:2]:
        shutil.copy(f, a / f.name)
    shutil.copy(XML[2], b / XML[2].name)
    code = main(["convert", str(a), str(b), "--to", "tenhou-json", "-o", str(b)])
    err = capsys.readouterr().err
    assert code == 0, err
    assert sorted(p.name for p in b.iterdir()) == sorted([XML[2].name, *(f.stem + ".json" for f in XML[:3])])


def test_convert_keeps_no_entry_per_file_in_memory(tmp_path: Path) -> None:
    """The names convert keeps (the walk's files, their real paths, the outputs written) wait on
    disk: Python memory held after 4,000 files stays that of a few (the lists and sets of names
    held ~1 KB a file)."""
    from paifu.cli.convert import _Names

    for d in range(20):
        folder = tmp_path / f"d{d:02}"
        folder.mkdir()
        for i in range(200):
            (folder / f"game-{i:04}.xml").touch()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        names = _Names()
        assert names.walk([str(tmp_path)]) == 4000
        n = 0
        for path, found in names.files([str(tmp_path)]):
            assert found and names.is_input(os.path.realpath(path)) and not names.written(path + ".json")
            names.wrote(path + ".json")
            n += 1
        held = tracemalloc.get_traced_memory()[0] - base
        assert n == 4000 and names.written(str(tmp_path / "d19" / "game-0199.xml.json"))
        names.close()
    finally:
        tracemalloc.stop()
    assert held < 150_000, held

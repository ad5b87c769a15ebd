"""The walk planned for a cluster's client (``paifu.formats.walk_plan``): runs of names settled where
they are read give the serial walk's inputs and skips, in its order, and the client looks at no file
that listed as a regular one."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from conftest import counted_stats

from paifu.formats import walk_inputs
from paifu.formats.inputs import Skipped
from paifu.formats.walk_plan import BARRIER, Names, Plan, Unsettled, entries, worker_entries


def _serial(paths: list[str]) -> list[tuple[str, ...]]:
    """``walk_inputs``'s inputs and skips, each skip at its place in the walk."""
    skipped: list[Skipped] = []
    out: list[tuple[str, ...]] = []
    for path, found in walk_inputs(paths, skipped):
        out += [("skip", s.file, s.reason) for s in skipped]
        skipped.clear()
        out.append(("read", path, str(found)))
    return out + [("skip", s.file, s.reason) for s in skipped]


def _planned(paths: list[str]) -> tuple[list[tuple[str, ...]], Counter[str]]:
    """The plan as the cluster takes it, in order: runs settled by a worker where it can, else by the
    client (``settle``), which then walks the rest itself."""
    plan, out, seen = Plan(paths), [], Counter[str]()
    for item in plan:
        if item is BARRIER:
            seen["barrier"] += 1
            continue
        if isinstance(item, Names):
            seen["runs"] += 1
            try:
                got = list(worker_entries(item))
            except Unsettled:
                seen["unsettled"] += 1
                plan.want_client = True
                got = plan.settle([item])
        else:
            got = list(entries([item]))
        for e in got:
            out.append(("skip", e.file, e.reason) if isinstance(e, Skipped) else ("read", e[0], str(e[1])))
    return out, seen


def _tree(root: Path, links: bool) -> Path:
    """Records, hidden and other files, an output being written, a nested folder; with ``links``:
    hard links, a link to a file and to a folder, a loop and a FIFO."""
    (root / "a").mkdir(parents=True)
    (root / "a" / "sub").mkdir()
    (root / "a" / ".hidden-dir").mkdir()
    for name in ("01.xml", "02.mjlog", ".hidden.xml", "notes.md", ".paifu-x.part", "saved.txt"):
        (root / "a" / name).write_bytes(b"<mjloggm ver='2.3'></mjloggm>")
    for name in ("10.xml", "11.json", "zz.png"):
        (root / "a" / "sub" / name).write_bytes(b"x" * 30)
    (root / "b").mkdir()
    (root / "b" / "20.xml").write_bytes(b"y")
    if links:
        (root / "0h").mkdir()
        (root / "0h" / "30.xml").write_bytes(b"z")
        os.link(root / "a" / "sub" / "10.xml", root / "0h" / "31-hard.xml")  # first met here
        os.link(root / "a" / "sub" / "10.xml", root / "b" / "21-hard.xml")
        os.link(root / "b" / "20.xml", root / "b" / "22-hard.xml")
        (root / "a" / "05-link.xml").symlink_to(root / "b" / "20.xml")
        (root / "a" / "sublink").symlink_to(root / "a" / "sub")
        (root / "b" / "loop").symlink_to(root)
        os.mkfifo(root / "a" / "06.fifo.xml")
    return root


@pytest.mark.parametrize("links", [False, True])
def test_the_plan_gives_the_serial_walk_in_order(tmp_path: Path, links: bool) -> None:
    """Inputs and skips, with their reasons, as ``walk_inputs`` gives them, at their places; with links,
    hard links, a loop and a FIFO the runs that a worker cannot settle are settled by the client."""
    root = _tree(tmp_path / "t", links)
    for paths in ([str(root)], [str(root / "a" / "01.xml"), str(root), str(root / "b" / "20.xml")]):
        serial = _serial(paths)
        got, seen = _planned(paths)
        assert got == serial and any(r[0] == "skip" for r in serial)
        # a file given by name can be met again in a folder: the client walks the rest itself
        assert (seen["runs"] >= 1) == (paths == [str(root)])
        if links and paths == [str(root)]:
            assert seen["unsettled"] == 1 and seen["barrier"] == 1  # a hard link: then all on the client


def test_the_client_looks_at_no_file_of_a_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing a folder tells files from folders: the client ``stat``s only the folders, never a file,
    and sends a worker the names; the worker ``lstat``s each once."""
    for i in range(40):
        d = tmp_path / f"d{i % 4}"
        d.mkdir(exist_ok=True)
        (d / f"{i:02}.xml").write_bytes(b"x")
    looked = counted_stats(monkeypatch)
    items = list(Plan([str(tmp_path)]))
    files = sorted(str(p) for p in tmp_path.rglob("*.xml"))
    assert not any(looked[f] for f in files)
    assert [i.prefix + n for i in items for n in i.names] == files  # runs of names, in order
    looked.clear()
    assert [e for i in items for e in worker_entries(i)] == [(f, True) for f in files]
    assert {f: looked[f] for f in files} == dict.fromkeys(files, 1)

"""The README's library snippet runs as written, and the short API does what it says."""

from __future__ import annotations

import contextlib
import io
import os
import re

import paifu
from tests.conftest import ROOT


def test_readme_library_snippet_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Library") :]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code.group(1), "README.md", "exec"), {})  # noqa: S102 - our own README
    finally:
        os.chdir(cwd)
    lines = out.getvalue().splitlines()
    assert "chankan True []" in lines, lines  # every sample game is valid under its own table
    assert any(re.match(r"(True|False) qdan \[", line) for line in lines), lines
    assert lines[-1].startswith("event ") and "tenpai: {" in lines[-1], lines[-1]


def test_short_api() -> None:
    (record,) = paifu.read(ROOT / "sample_logs" / "tenhou-xml" / "chankan.xml")
    assert paifu.replay(record).valid
    assert paifu.replay(record, paifu.preset("qdan")).rules.name == "qdan"
    items = list(paifu.validate([ROOT / "sample_logs" / "tenhou-xml"]))
    assert items and all(not isinstance(i, paifu.Unreadable) for i in items)


def test_tables_follow_the_game() -> None:
    (record,) = paifu.read(ROOT / "sample_logs" / "tenhou-xml" / "chankan.xml")
    tables = paifu.tables(record)
    assert len(tables) == len(record.events)
    assert [t.index for t in tables] == list(range(len(record.events)))
    dealt = next(t for t in tables if t.kind == "HandStart")
    assert all(len(s.hand) == 13 for s in dealt.seats)
    view = paifu.game(record)
    assert view.goto(5) == tables[5]


def test_tables_unchecked_are_the_judged_tables_without_their_verdicts() -> None:
    """``paifu.tables`` follows the record on the board, unchecked; on clean records every table is
    the judged viewer's, but for what the judgment adds: the result text and panel, the changes
    it paid, the draw and its tenpai seats, the findings and the game's end (its rank points)."""
    from dataclasses import replace

    files = sorted(p for p in (ROOT / "sample_logs").rglob("*") if p.suffix in (".xml", ".jsonl"))
    assert len(files) >= 5
    for path in files:
        for i, record in enumerate(paifu.read(path)):
            judged = paifu.game(record, index=i).tables
            followed = paifu.tables(record)
            assert len(followed) == len(judged)
            for a, b in zip(followed, judged, strict=True):
                judged_only = {
                    "result": "",
                    "findings": (),
                    "changes": (),
                    "wins": (),
                    "draw": "",
                    "tenpai": (),
                    "finding_views": (),
                    "ending": None,
                }
                assert a == replace(b, **judged_only), (path, a.index)
            assert any(t.result for t in judged)  # the judged tables do carry results


def test_library_doc_snippets_run() -> None:
    """docs/library.md's snippets run as written (one follows a record and asks a pure check)."""
    doc = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    assert blocks
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for code in blocks:
            names: dict[str, object] = {}
            exec(compile(code, "docs/library.md", "exec"), names)  # noqa: S102 - our own docs
            assert names.get("table") is not None or "table" not in code
    finally:
        os.chdir(cwd)

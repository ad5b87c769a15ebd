"""A bot's Tenhou game cut off mid-hand ends with ``<RYUUKYOKU owari="" />``: every hand up to
the cut is read and checked, and the game is reported truncated (not unreadable)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paifu.formats import read_bytes
from paifu.pipeline import replay_record
from tests.conftest import SAMPLES, corpus_dir


def _example() -> Path:
    return corpus_dir("tenhou_xml", "tenhou", "log", "test_data") / "example.xml"


@pytest.mark.parametrize(
    "source",
    [lambda: SAMPLES / "tenhou-xml" / "chankan.xml", _example],
    ids=["one-hand sample", "corpus game"],
)
def test_cut_off_game_reads_up_to_the_cut(source) -> None:  # noqa: ANN001
    text = source().read_text(encoding="utf-8")
    inits = [m.start() for m in re.finditer("<INIT", text)]
    assert inits
    body = text[: inits[-1]]
    hand = text[inits[-1] :]
    tags = re.findall(r"<[^>]+>", hand)
    cut = body + "".join(tags[: 1 + (len(tags) - 1) // 2])  # the last hand's deal and half its turns
    cut += '<RYUUKYOKU owari="" /></mjloggm>'
    (rec,) = read_bytes(cut.encode(), "cut.xml")
    res = replay_record(rec)
    assert [f.code for f in res.findings] == ["truncated"]
    assert len(res.hands) == len(inits)
    full = replay_record(read_bytes(text.encode(), "full.xml")[0])
    assert [h.deltas for h in res.hands[:-1]] == [h.deltas for h in full.hands[: len(inits) - 1]]

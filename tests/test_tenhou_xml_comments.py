"""A comment, a processing instruction or CDATA among a Tenhou XML game's tags is skipped: the game reads
as it does without them (compiled, a comment's tag, which is no ``str``, once stopped the reader with an
internal TypeError)."""

from __future__ import annotations

import re

import pytest
from conftest import SAMPLES

from paifu.formats import read_bytes

CHANKAN = (SAMPLES / "tenhou-xml" / "chankan.xml").read_bytes()


def _after_tag(raw: bytes, k: int, text: bytes) -> bytes:
    """``text`` inserted after the ``k``-th empty-element tag of ``raw``."""
    ends = [m.end() for m in re.finditer(rb"/>", raw)]
    return raw[: ends[k]] + text + raw[ends[k] :]


@pytest.mark.parametrize(
    "text",
    [b"<!-- <T5/> -->", b"<?paifu <T5/>?>", b"<![CDATA[<T5/>]]>", b"<!-- a -->" * 3],
    ids=["comment", "instruction", "cdata", "comments"],
)
@pytest.mark.parametrize("k", [1, 4, -3], ids=["header", "after-init", "late"])
def test_what_is_no_element_among_the_tags_is_skipped(text: bytes, k: int) -> None:
    plain = read_bytes(CHANKAN, "chankan.xml")
    (got,) = read_bytes(_after_tag(CHANKAN, k, text), "chankan.xml")
    assert got.events == plain[0].events and got.issues == plain[0].issues

"""The readers' fast paths (lookup tables, shared events, the checks they skip) must say exactly
what the worked-out paths say: the same values for what they know, the same errors for the rest."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from paifu import limits
from paifu.events import ClaimedYaku, Discard, Draw, GameRecord, GameStart, HandStart, RiichiDeclared
from paifu.formats import RecordError, read_bytes
from paifu.formats.check import _bad, check_records, trust
from paifu.formats.majiang import names as majiang_names
from paifu.formats.mjai import names as mjai_names
from paifu.formats.plays import DISCARDS, DRAWS, RIICHI
from paifu.formats.tenhou_json import names as json_names
from paifu.formats.tenhou_xml import attrs


@pytest.fixture(autouse=True)
def _default_limits() -> Iterator[None]:
    saved = os.environ.pop("PAIFU_LIMITS", None)
    limits.configure(limits.Limits())
    yield
    limits.configure(limits.Limits())
    os.environ.pop("PAIFU_LIMITS", None)
    if saved is not None:
        os.environ["PAIFU_LIMITS"] = saved


def _outcome(fn: object, arg: object) -> object:
    try:
        return fn(arg)  # type: ignore[operator]
    except (ValueError, TypeError) as e:
        return f"{type(e).__name__}: {e}"


@pytest.mark.parametrize(
    ("table", "fast", "slow", "odd"),
    [
        (mjai_names._PAI, mjai_names.pai_to_tile, mjai_names._pai_to_tile, ["5zr", "0m", "5m ", "", 5, None]),
        (
            majiang_names._PAI,
            majiang_names.pai_to_tile,
            majiang_names._pai_to_tile,
            ["z0", "z8", "m", "m11", "", 5],
        ),
        (
            json_names._CODE_TILE,
            json_names.code_to_tile,
            json_names._code_to_tile,
            [10, 48, 50, 54, 0, "11", True, 11.0, "x"],
        ),
    ],
)
def test_tile_tables_agree_with_the_worked_out_path(table, fast, slow, odd) -> None:  # noqa: ANN001
    assert len(table) == 37  # 34 kinds and 3 red fives
    for key, tile in table.items():
        assert fast(key) == slow(key) == tile
    for key in odd:  # not in the table: refused (or read) exactly as before
        assert _outcome(fast, key) == _outcome(slow, key)


@pytest.mark.parametrize(
    "text", ["1,2,3", "007,5", "+5,6", " 5,6", "1_0,2", "", "5,", "x", "135,136", "-1,3"]
)
def test_xml_number_lists_read_as_int_reads_them(text: str) -> None:
    def old_ints(t: str) -> object:
        try:
            return list(map(int, t.split(","))) if t else []
        except ValueError:
            return "error"

    def ints(t: str) -> object:
        try:
            return attrs._ints(t, "x")
        except ValueError:
            return "error"

    def tiles(t: str) -> object:
        try:
            return attrs._tiles(t, "x")
        except ValueError:
            return "error"

    assert ints(text) == old_ints(text)
    old = old_ints(text)
    expected = tuple(old) if isinstance(old, list) and all(0 <= v <= 135 for v in old) else "error"
    assert tiles(text) == expected


def test_shared_plays_are_what_they_say() -> None:
    for seat in range(4):
        assert RIICHI[seat] == RiichiDeclared(seat)
        for tile in range(136):
            assert DRAWS[seat][tile] == Draw(seat, tile)
            for flag in (True, False, None):
                assert DISCARDS[flag][seat][tile] == Discard(seat, tile, flag)


def _game(*events: object) -> GameRecord:
    hand = HandStart(0, 0, 0, 0, 0, (25000,) * 4, 0, ((),) * 4)
    return GameRecord(events=[GameStart(("a", "b", "c", "d")), hand, *events])  # type: ignore[list-item]


def test_trust_takes_only_values_in_bounds() -> None:
    assert not trust([Draw(0, 2**60)])  # out of range: never skipped, so the check still names it
    record = _game(Draw(0, 2**60))
    with pytest.raises(RecordError, match="Draw.tile: the number .* is out of range"):
        check_records([record], "f")


def test_a_trusted_text_is_checked_against_the_limit_in_force() -> None:
    yaku = ClaimedYaku("x" * 50, 1)
    assert trust([yaku])
    assert _bad(yaku, 50) is None
    limits.configure(max_field=49)
    assert _bad(yaku, 49) == "name: a text of 50 characters, over the --max-field limit of 49"


def test_mjai_lines_keep_their_errors() -> None:
    good = b'{"type":"start_game","names":["a","b","c","d"]}\n'
    for bad, phrase in [
        (b'{"type":"dahai"} x\n', "line 2 is not valid JSON: Extra data"),
        (b' {"type": 5}\n', "line 2 is not an mjai event"),
        (b"[1]\n", "line 2 is not an mjai event"),
        (b'{"type":"tsumo"\n', "line 2 is not valid JSON"),
    ]:
        with pytest.raises(RecordError, match=phrase):
            read_bytes(good + bad, "f.mjson", "mjai")

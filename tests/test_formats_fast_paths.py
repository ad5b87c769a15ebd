"""The readers' fast paths (lookup tables, shared events, the checks they skip) must say exactly
what the worked-out paths say: the same values for what they know, the same errors for the rest."""

from __future__ import annotations

import pytest
from conftest import corpus_dir
from hypothesis import given, settings
from hypothesis import strategies as st

from paifu import limits
from paifu.events import ClaimedYaku, Discard, Draw, GameRecord, GameStart, HandStart, RiichiDeclared
from paifu.formats import RecordError, read_bytes
from paifu.formats.check import _bad, check_records, trust
from paifu.formats.majiang import names as majiang_names
from paifu.formats.mjai import names as mjai_names
from paifu.formats.plays import DISCARDS, DRAWS, RIICHI
from paifu.formats.tenhou_json import names as json_names
from paifu.formats.tenhou_xml import attrs

pytestmark = pytest.mark.usefixtures("default_limits")  # tests/conftest.py


def _outcome(fn: object, arg: object) -> object:
    try:
        return fn(arg)
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
    "text",
    [
        *("1,2,3", "007,5", "+5,6", " 5,6", "1_0,2", "", "5,", "x", "135,136", "-1,3", "0,135", "136"),
        # the byte-by-byte reader's edges: signs, empty pieces, long numbers, other scripts' digits
        *(
            "-0",
            "--1",
            "1-2",
            "-",
            "1,-",
            "1,,2",
            ",1",
            "\u0663,4",
            "1234567890123456789,1",
            "-999999999999999999",
        ),
    ],
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


@pytest.mark.parametrize(
    "raw",
    ["%41", "%E3%81%82%E3%81%84", "%e3%81%82", "%E3%81", "%FF%41", "%ZZ", "A%41", "", "%", "%4", "%41 "],
)
def test_xml_names_decode_as_unquote_decodes_them(raw: str) -> None:
    from urllib.parse import unquote

    assert attrs._decode_name(raw) == unquote(raw, encoding="utf-8", errors="replace")


def test_shared_plays_are_what_they_say() -> None:
    for seat in range(4):
        assert RIICHI[seat] == RiichiDeclared(seat)
        for tile in range(136):
            made = [(DRAWS[seat][tile], Draw(seat, tile))]
            made += [(DISCARDS[flag][seat][tile], Discard(seat, tile, flag)) for flag in (True, False, None)]
            for shared, usual in made:  # made without their __init__ (start-up), the same values
                assert shared == usual and repr(shared) == repr(usual) and hash(shared) == hash(usual)
                assert type(shared) is type(usual) and shared.__getstate__() == usual.__getstate__()


def _game(*events: object) -> GameRecord:
    hand = HandStart(0, 0, 0, 0, 0, (25000,) * 4, 0, ((),) * 4)
    return GameRecord(events=[GameStart(("a", "b", "c", "d")), hand, *events])


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


def _reference_bad(value: object, max_field: int) -> str | None:
    """The bounds walk as it was before it was sped up (the plain recursive version)."""
    import dataclasses
    import math
    from enum import Enum

    from paifu.formats.check import _short
    from paifu.limits import MAX_NUMBER

    t = type(value)
    if t is int:
        return None if -MAX_NUMBER <= value <= MAX_NUMBER else f"the number {_short(value)} is out of range"
    if t is str:
        if len(value) > max_field:
            return f"a text of {len(value):,} characters, over the --max-field limit of {max_field:,}"
        return None
    if value is None or t is bool:
        return None
    if t is tuple or t is list:
        for v in value:
            why = _reference_bad(v, max_field)
            if why:
                return why
        return None
    if t is float:
        if not math.isfinite(value):
            return f"{value} is not a finite number"
        return None if abs(value) <= MAX_NUMBER else f"the number {_short(value)} is out of range"
    if isinstance(value, Enum):
        return None
    names = [f.name for f in dataclasses.fields(t)] if dataclasses.is_dataclass(t) else []
    for name in names:
        why = _reference_bad(getattr(value, name), max_field)
        if why:
            return f"{name}: {why}"
    if not names and isinstance(value, int | float | str | tuple):
        return _reference_bad(
            t.__mro__[-2](value) if not isinstance(value, tuple) else tuple(value), max_field
        )
    return None


def test_the_bounds_walk_says_what_the_plain_walk_says() -> None:
    """Every event of corpus games of each format, and each kind of event with one field (or one
    nested field) made out of bounds."""
    from paifu.formats import iter_record_files, read_path

    events = []
    for sub in ("tenhou_xml", "tenhou6_json", "mjai_jsonl", "majiang_paipu"):
        files = sorted(iter_record_files([str(corpus_dir(sub))]))[:5]
        events += [ev for f in files for r in _read(f, read_path) for ev in r.events]
    assert len(events) > 1000
    odd = [
        2**60,
        -(2**60),
        float("nan"),
        float("inf"),
        1e300,
        "x" * 60,
        (1, 2**60),
        (float("nan"),),
        True,
        None,
    ]
    samples = {type(ev): ev for ev in events}
    assert len(samples) >= 8
    checked = 0
    for ev in [*events, *(_mutants(ev, odd) for ev in samples.values())]:
        for one in ev if isinstance(ev, list) else [ev]:
            assert _bad(one, 50) == _reference_bad(one, 50), one
            checked += 1
    assert checked > len(events)


def _read(path: object, read_path: object) -> list[GameRecord]:
    try:
        return read_path(path)
    except RecordError:
        return []


def _mutants(ev: object, odd: list[object]) -> list[object]:
    import dataclasses

    out = []
    for f in dataclasses.fields(ev):
        value = getattr(ev, f.name)
        inners = _mutants(value, odd) if dataclasses.is_dataclass(value) else []  # a meld, the claim
        for v in [*odd, *inners]:
            try:
                out.append(dataclasses.replace(ev, **{f.name: v}))
            except TypeError:  # compiled, an event checks its fields' types when made: none to walk
                continue
    return out


def test_detection_hands_its_parse_to_the_reader_only_when_it_is_json_loads() -> None:
    import json

    from paifu.formats.detect import NOT_PARSED, detect_format, take_parsed

    doc = b' {"log": [[[0, 0, 0], [1]]], "name": ["a"]}\n'
    assert detect_format(doc, keep=True) == "tenhou-json"
    assert take_parsed(doc) == json.loads(doc)
    assert take_parsed(doc) is NOT_PARSED  # handed over once
    assert detect_format(doc) == "tenhou-json" and take_parsed(doc) is NOT_PARSED  # kept only when asked
    odd = b"\x0c" + doc  # str.strip() space that json.loads refuses: the reader parses (and fails) itself
    assert detect_format(odd, keep=True) == "tenhou-json"
    assert take_parsed(odd) is NOT_PARSED
    lines = b'{"type": "start_game"}\n{"type": "end_game"}\n'  # the first line only: not the document
    assert detect_format(lines, keep=True) == "mjai"
    assert take_parsed(lines) is NOT_PARSED


_BIG = str(2**60)
#: (pattern, replacement) on a Tenhou XML record: one number or text out of bounds at a time
_XML_ODD = [
    (r'(<INIT seed=")(\d+),(\d+)', rf"\g<1>\2,{_BIG}"),  # honba
    (r'(<INIT seed=")(\d+)', rf"\g<1>{_BIG}"),  # the hand's number
    (r'(<INIT seed="[\d,]*?,)(\d+)(")', r"\g<1>9\3"),  # a hostile dora tile (the reader's own error)
    (r'(<INIT[^>]* ten=")(\d+)', rf"\g<1>{_BIG}"),
    (r'(<INIT[^>]* ten=")(\d+)', r"\g<1>90071992547409"),  # x 100: just over the bound
    (r'(<INIT[^>]* ten=")(\d+)', r"\g<1>90071992547409"[:-1]),  # x 100: within it
    (r'(<REACH[^>]* ten=")(\d+)', rf"\g<1>-{_BIG}"),
    (r'(<AGARI[^>]* ten=")(\d+)', rf"\g<1>{_BIG}"),  # fu
    (r'(<AGARI[^>]* ten="\d+,)(\d+)', rf"\g<1>{_BIG}"),  # points
    (r'(<AGARI[^>]* ba=")(\d+)', rf"\g<1>{_BIG}"),
    (r'(<AGARI[^>]* sc="[-\d]+,)([-\d]+)', rf"\g<1>{_BIG}"),
    (r'(<AGARI[^>]* yaku="[\d]+,)(\d+)', rf"\g<1>{_BIG}"),  # han
    (r'(<AGARI[^>]* yaku=")(\d+)', rf"\g<1>{_BIG}"),  # a yaku id: a long "unknown:" name
    (r'(<AGARI[^>]* yakuman=")(\d+)', rf"\g<1>{_BIG}"),
    (r'(<RYUUKYOKU[^>]* sc="[-\d]+,)([-\d]+)', rf"\g<1>{_BIG}"),
    (r'(<RYUUKYOKU[^>]* ba=")(\d+)', rf"\g<1>{_BIG}"),
    (r'(owari="[-\d]+,)([-\d.]+)', r"\g<1>" + "9" * 400),  # rank points: an infinite float
    (r'(owari=")([-\d]+)', rf"\g<1>{_BIG}"),
    (r'( n0=")([^"]*)', r"\g<1>" + "%41" * 60),
]


def _full_check(data: bytes, source: str) -> str:
    """What reading said before the reader checked only its unbounded events: every event checked."""
    from paifu.formats.tenhou_xml.document import _game_id, _parse_roots
    from paifu.formats.tenhou_xml.game import _GameReader

    try:
        roots = _parse_roots(data, source)
        records = [_GameReader(r, source, gi, _game_id(source, r)).read() for gi, r in enumerate(roots)]
        check_records(records, source)
    except RecordError as e:
        return str(e)
    return "read"


def _read_outcome(data: bytes, source: str) -> str:
    try:
        read_bytes(data, source)
    except RecordError as e:
        return str(e)
    return "read"


@pytest.mark.parametrize("max_field", [10_000, 20])
def test_the_xml_reader_finds_what_checking_every_event_finds(max_field: int) -> None:
    """The Tenhou XML reader leaves out of the check the events it has bounded itself: the same
    first error (or none) as checking every event, for each number or text out of bounds."""
    import re

    from conftest import SAMPLES

    limits.configure(max_field=max_field)
    outcomes = []
    for path in sorted((SAMPLES / "tenhou-xml").glob("*.xml")):
        data = path.read_bytes().decode()
        for pattern, replacement in [("^", ""), *_XML_ODD]:
            odd = re.sub(pattern, replacement, data, count=1).encode()
            outcome = _read_outcome(odd, path.name)
            assert outcome == _full_check(odd, path.name), (path.name, pattern)
            outcomes.append(outcome)
    assert "read" in outcomes
    assert sum("out of range" in o for o in outcomes) > 20
    assert any("not a finite number" in o for o in outcomes)
    assert any("--max-field limit" in o for o in outcomes) == (max_field < 60)  # names, yaku, limits


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789,-+ _\u0663", max_size=40))
def test_any_number_list_reads_as_int_reads_it(text: str) -> None:
    """``attrs._plain_ints`` reads plain decimals byte by byte and leaves the rest to ``int()``: every
    text gives what splitting it and ``int()`` of each piece gave (or fails as it did)."""
    test_xml_number_lists_read_as_int_reads_them(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["a", "b.xml", ".", "..", "", "2009042316gm-00a9-0000-ea45e66b.xml", " "]), max_size=5
    )
)
def test_a_records_file_name_is_the_paths_own(parts: list[str]) -> None:
    """The Tenhou reader's file name (where it looks for a log id) is ``PurePath``'s, for every
    spelling: empty parts, ``.``, ``..``, a trailing separator."""
    import os
    from pathlib import PurePath

    from paifu.formats.tenhou_xml.document import _file_name

    for path in (os.sep.join(parts), os.sep.join(parts) + os.sep, os.sep + os.sep.join(parts)):
        assert _file_name(path) == PurePath(path).name, path

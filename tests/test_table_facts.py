"""Writers are told the table as plain data (``TableFacts``): ``paifu.rules.tables`` works it out from
a record's hints and ``paifu.write`` hands it in; ``paifu.formats`` itself never loads the rules."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import paifu
from paifu.events import GameRecord
from paifu.formats import WRITABLE, TableFacts
from paifu.formats import write as format_write
from paifu.rules.tables import table_facts

ROOT = Path(__file__).resolve().parent.parent
CHANKAN = ROOT / "sample_logs" / "tenhou-xml" / "chankan.xml"


def _with_hint(hint: tuple[tuple[str, object], ...]) -> GameRecord:
    rec = paifu.read(CHANKAN)[0]
    return dataclasses.replace(rec, events=[dataclasses.replace(rec.start, rules_hint=hint), *rec.events[1:]])


def test_writing_loads_neither_rules_nor_engine() -> None:
    """At run time, not only in the import graph: every writer, given facts, in a fresh process."""
    code = f"""
import sys
from paifu.formats import WRITABLE, TableFacts, read_path, write
rec = read_path({str(CHANKAN)!r})[0]
for fmt in WRITABLE:
    assert write(rec, fmt, TableFacts(red_fives=(0, 2, 1), east_only=True, go_type=0x41))
print(sorted(m for m in sys.modules if m.startswith(("paifu.rules", "paifu.engine"))))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_facts_of_a_tenhou_table() -> None:
    facts = table_facts(paifu.read(CHANKAN)[0].start)  # GO type 1: east only, red fives
    assert facts == TableFacts(
        red_fives=(1, 1, 1), east_only=True, go_type=1, go_type_name="tenhou[type=1]", go_type_differs=()
    )
    log_id = dataclasses.replace(paifu.read(CHANKAN)[0].start, game_id="2010091009gm-00a9-0000-8bbe2ac5")
    assert table_facts(log_id).log_go_type == 0xA9


def test_facts_of_rules_no_tenhou_table_says() -> None:
    facts = table_facts(_with_hint((("preset", "mleague"),)).start)
    assert facts.east_only is False and facts.go_type == 0x09 and facts.go_type_name == "tenhou[type=9]"
    # named as a reader knows the rules, not by the Ruleset's field names
    assert "the uma" in facts.go_type_differs
    assert "rounding 4 han 30 fu up to mangan (kiriage)" in facts.go_type_differs
    assert not any("_" in said for said in facts.go_type_differs)


def test_an_unreadable_hint_gives_the_defaults() -> None:
    facts = table_facts(_with_hint((("preset", "no-such-table"),)).start)
    assert facts == TableFacts()


def test_paifu_write_says_the_table_and_a_bare_write_the_defaults() -> None:
    """mleague hints: written through ``paifu.write`` as a hanchan table with a warning of what the
    Tenhou table judges otherwise; with no facts, each format's defaults and no warning."""
    rec = _with_hint((("preset", "mleague"),))
    with pytest.warns(UserWarning, match=r"read back as tenhou\[type=9\], which differs in .*uma"):
        xml = paifu.write(rec, "tenhou-xml")
    assert b'<GO type="9"' in xml
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bare = format_write(rec, "tenhou-xml")
    assert b'<GO type="1"' in bare
    start_game = json.loads(paifu.write(rec, "mjai").splitlines()[0])
    assert start_game["kyoku_first"] == 0 and start_game["aka_flag"] is True
    assert "kyoku_first" not in json.loads(format_write(rec, "mjai").splitlines()[0])


@pytest.mark.parametrize("fmt", [f for f in WRITABLE if f != "tenhou-xml"])
def test_red_fives_reach_every_writer(fmt: str) -> None:
    """No red fives in the facts: the hand's red five is written as a plain five."""
    rec = paifu.read(CHANKAN.with_name("exhaustive-draw-tenpai.xml"))[0]  # holds a red five
    plain = TableFacts(red_fives=(0, 0, 0))
    assert format_write(rec, fmt, plain) != format_write(rec, fmt)


def test_every_rule_is_named_as_a_reader_knows_it() -> None:
    """A warning names a rule in words (``paifu.rules.words``), so every rule has them."""
    import dataclasses as dc

    from paifu.rules import Ruleset
    from paifu.rules.words import RULE_WORDS, rule_words

    assert set(RULE_WORDS) == {f.name for f in dc.fields(Ruleset)} - {"name", "description"}
    assert (
        rule_words(["extension_dealer_plays_on"])
        == "whether a dealer who keeps the deal plays on in the extension"
    )

"""The one table of abortive draws (``paifu.draws``): it names every abortive ``RyuukyokuKind``, its
switches are rules the engine reads as the ruleset sets them, and every format reads back what the
table says it spells (Riichi City, whose reader keeps its own codes, is held to the table here)."""

from __future__ import annotations

import dataclasses

import pytest

from paifu.board.phases import ABORTS_A_CALL_MISSES
from paifu.draws import ABORTIVE, ABORTIVE_DRAWS, DUE_ON_TABLE, Condition, codes, spelled
from paifu.engine.outcomes import abort_allowed
from paifu.events import RyuukyokuKind
from paifu.findings import Code
from paifu.formats.majiang import names as majiang
from paifu.formats.majsoul import names as majsoul
from paifu.formats.mjai import names as mjai
from paifu.formats.riichi_city import names as riichi_city
from paifu.formats.tenhou_json import names as tenhou_json
from paifu.formats.tenhou_xml import names as tenhou_xml
from paifu.rules import Ruleset
from paifu.rules.flags import flags_of
from paifu.view import reasons, words


def test_the_table_names_every_abortive_draw_once() -> None:
    assert {d.kind for d in ABORTIVE} == {k for k in RyuukyokuKind if k.abortive}
    assert len(ABORTIVE) == len(ABORTIVE_DRAWS)
    assert set(DUE_ON_TABLE) == {RyuukyokuKind.FOUR_WINDS, RyuukyokuKind.FOUR_RIICHI, RyuukyokuKind.FOUR_KANS}
    assert ABORTS_A_CALL_MISSES == DUE_ON_TABLE


@pytest.mark.parametrize("draw", ABORTIVE, ids=lambda d: d.kind.value)
def test_each_switch_is_a_rule_the_engine_reads_as_set(draw: object) -> None:
    assert isinstance(draw, type(ABORTIVE[0]))
    rule_names = {f.name for f in dataclasses.fields(Ruleset)}
    assert draw.switch in rule_names
    assert abort_allowed(draw, flags_of(Ruleset(**{draw.switch: True})))
    assert not abort_allowed(draw, flags_of(Ruleset(**{draw.switch: False})))
    if draw.condition == Condition.DUE_ON_TABLE:  # the board makes it due: its switch is the board's
        assert draw.switch in type(flags_of(Ruleset()).table).__dataclass_fields__


@pytest.mark.parametrize("draw", ABORTIVE, ids=lambda d: d.kind.value)
def test_every_format_reads_what_the_table_spells(draw: object) -> None:
    assert isinstance(draw, type(ABORTIVE[0]))
    kind, say = draw.kind, draw.spelled
    assert tenhou_xml._RYUU_KIND[str(say["tenhou-xml"])] == kind
    assert tenhou_xml._RYUU_TYPE[kind] == say["tenhou-xml"]
    assert tenhou_json.DRAW_NAMES[str(say["tenhou-json"])] == kind
    assert tenhou_json._DRAW_WRITE[kind] == say["tenhou-json"]
    assert mjai._REASONS[mjai._reason_key(str(say["mjai"]))] == kind
    assert mjai._REASON_WRITE[kind] == say["mjai"]
    assert majiang._PINGJU[str(say["majiang"])] == kind
    assert majiang._PINGJU_WRITE[kind] == say["majiang"]
    assert RyuukyokuKind(majsoul.LIUJU[int(say["majsoul"])]) == kind
    assert riichi_city.ABORTIVE[int(say["riichi-city"])] == kind
    assert words.DRAW_JA[kind.value] == say["ja"] and words.DRAW_EN[kind.value] == say["en"]


def test_every_reader_alias_is_an_abortive_draw_of_the_table() -> None:
    """A reader may accept more spellings than the table's (a producer's variant), never a kind the
    table does not know; the codes the records carry are exactly the table's."""
    abortive = set(ABORTIVE_DRAWS)
    for table in (tenhou_json.DRAW_NAMES, mjai._REASONS, majiang._PINGJU, tenhou_xml._RYUU_KIND):
        for kind in table.values():
            assert kind in abortive or not kind.abortive
    assert codes("majsoul") == {c: RyuukyokuKind(v) for c, v in majsoul.LIUJU.items()}
    assert codes("riichi-city") == riichi_city.ABORTIVE
    assert set(spelled("tenhou-xml")) == abortive


def test_the_viewer_names_the_switches_of_the_table() -> None:
    switches = reasons.RULES[Code.ABORT_CONDITION_NOT_MET][1]
    assert switches == tuple(d.switch for d in ABORTIVE)
    missed = reasons.RULES[Code.ABORT_MISSED][1]
    assert set(missed) == {d.switch for d in ABORTIVE if d.condition != Condition.FIRST_DRAW}

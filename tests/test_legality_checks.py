"""The engine's checks as pure functions (``paifu.engine.legality.check_*``, and for wins and drawn
hands ``paifu.engine.outcomes.check_*``), asked directly the way a bot or a viewer would: before each
play and result event of the sample logs, on the unchecked board's table, the record's own event has
no fault, the checks change nothing, and a wrong play gets its fault."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES, corpus_dir
from test_board import facts, records_in

from paifu.board.follow import follow
from paifu.board.phases import ACTION, NEED_DISCARD, ON_DISCARD
from paifu.board.state import TableState
from paifu.board.turns import pass_offer
from paifu.engine import legality, outcomes
from paifu.engine.faults import Fault
from paifu.events import Call, CallKind, Discard, Draw, Event, NewDora, RiichiDeclared, Ryuukyoku, Win
from paifu.findings import Code
from paifu.pipeline import record_rules, replay_record
from paifu.rules.flags import RuleFlags, flags_of


def faults_of(st: TableState, ev: Event, flags: RuleFlags) -> tuple[Fault, ...] | None:
    """The checks the replayer asks of ``ev`` on the table before it (None: not a play event)."""
    if isinstance(ev, Draw):
        after = st.copy()  # the offered tile passes first, which changes the table
        before = after.phase
        assert isinstance(after, TableState)
        pass_offer(after)
        return legality.check_tile_draw(after, ev.seat, before)
    if isinstance(ev, Discard):
        held = st.seats[ev.seat].has(ev.tile, st.red_of[ev.tile])
        return legality.check_discard(st, ev.seat, ev.tile, held)
    if isinstance(ev, RiichiDeclared):
        return legality.check_riichi(st, ev.seat, flags)
    if isinstance(ev, Call):
        m = ev.meld
        if m.kind in ON_DISCARD:
            return legality.check_call_on_discard(st, ev.seat, m, flags)
        if m.kind == CallKind.KITA:
            return legality.check_kita(st, ev.seat, m.tiles[0], flags)
        return legality.check_kan(st, ev.seat, m)
    if isinstance(ev, NewDora):
        return legality.check_new_dora(st, flags)
    if isinstance(ev, Win):
        return outcomes.check_win(st, ev, flags)
    if isinstance(ev, Ryuukyoku):  # the replay's tenpai seats need the scorer: the record's stand in
        claimed = tuple(sorted(set(ev.tenpai))) if ev.tenpai is not None else None
        return outcomes.check_draw(st, ev.kind, flags, claimed or (), claimed).faults
    return None


def _clean_records(folder: Path = SAMPLES) -> Iterator[tuple[Any, RuleFlags]]:
    for _, rec in records_in(folder):
        rules = record_rules(rec)
        if not replay_record(rec, rules).findings:
            yield rec, flags_of(rules)


def asked_in(folder: Path) -> int:
    """Before every play event of every clean record under ``folder``: no fault, nothing changed."""
    asked = 0
    for rec, flags in _clean_records(folder):
        table: TableState | None = None
        for ev, st in follow(rec.events, flags.table):
            if table is not None:
                before = facts(table)
                faults = faults_of(table, ev, flags)
                assert facts(table) == before, f"{rec.source}: asking about {ev} changed the table"
                if faults is not None:
                    assert faults == (), f"{rec.source}: {ev}: {faults}"
                    asked += 1
            table = st.copy() if st is not None else None
    return asked


def test_a_clean_records_plays_have_no_fault_and_asking_changes_nothing() -> None:
    assert asked_in(SAMPLES) > 200


@pytest.mark.slow
def test_the_corpus_plays_have_no_fault_and_asking_changes_nothing() -> None:
    assert asked_in(corpus_dir()) > 300_000


def test_a_wrong_play_gets_its_fault_and_the_table_stays() -> None:
    """Before each discard of a clean record: a tile not held, a swap-call, another seat's turn."""
    found: set[Code] = set()
    for rec, flags in _clean_records():
        table: TableState | None = None
        for ev, st in follow(rec.events, flags.table):
            if isinstance(ev, Discard) and table is not None and table.phase in (ACTION, NEED_DISCARD):
                before = facts(table)
                seat = table.seats[ev.seat]
                lacking = next(t for t in range(0, 136, 4) if not seat.counts[t >> 2])
                codes = {f.code for f in legality.check_discard(table, ev.seat, lacking, False)}
                assert Code.TILE_NOT_IN_HAND in codes
                other = (ev.seat + 1) % table.num_players
                wrong = legality.check_discard(table, other, ev.tile, True)
                assert Code.WRONG_TURN in {f.code for f in wrong}
                if table.phase == NEED_DISCARD and seat.kuikae:
                    k = next(iter(seat.kuikae))
                    swap = legality.check_discard(table, ev.seat, k * 4, True)
                    found |= {f.code for f in swap}
                found |= codes
                assert facts(table) == before
            table = st.copy() if st is not None else None
    assert Code.TILE_NOT_IN_HAND in found


def test_a_fault_that_blocks_says_so() -> None:
    """A draw after the hand ended cannot be followed; a call on another's turn is only a fault."""
    faults = legality.check_tile_draw(None, 0, 0)
    assert legality.blocked(faults) and faults[0].code == Code.WRONG_TURN
    table = TableState(num_players=4, scores=[25000] * 4)
    assert legality.blocked(legality.check_discard(table, 0, 0, True))  # no hand in play

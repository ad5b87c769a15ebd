"""The board (``paifu.board``) is the one place the table changes, and what it derives is right.

Two checks after every event of every game, as libriichi's tests do:

- **recomputed from the plain facts.** What the table keeps incrementally (waits as a bit mask, the
  hand's part keys and size, the river's kinds, the tiles seen, the kan counters, the ron candidates
  of the last discard, the hand size the turn implies) is computed again from scratch from the
  facts the table holds (concealed counts, melds, rivers, indicators) and compared;
- **unchecked equals checked.** ``paifu.board.follow`` (no rules judged, the record's numbers) gives
  the same table as the checked replay (``paifu.engine``) on every record the replay finds clean
  (its scores only while the record states every payment: the board pays no recomputed number).

Over our sample logs here; over the whole shared corpus in the slow test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, SAMPLES, corpus_dir

from paifu.board.follow import follow
from paifu.board.parts import part_keys, wait_mask
from paifu.board.phases import ACTION, AFTER_DISCARD, BETWEEN, HAND_OVER, NEED_DISCARD
from paifu.board.seat import FIVE_SUIT, can_win_on
from paifu.board.state import TableState
from paifu.events import CallKind, Event, Ryuukyoku, Win
from paifu.formats import read_path
from paifu.pipeline import record_rules, replay_record
from paifu.rules.flags import flags_of

KANS = (CallKind.ANKAN, CallKind.KAKAN, CallKind.DAIMINKAN)


def recompute_faults(st: TableState) -> list[str]:
    """Every derived value of the table that differs from its value computed from the facts."""
    out: list[str] = []
    seen = [0] * 34
    seen_red = [0, 0, 0]

    def count(tile: int) -> None:
        seen[tile >> 2] += 1
        if st.red_of[tile]:
            seen_red[FIVE_SUIT[tile >> 2]] += 1

    kans = closed_kans = 0
    for s, seat in enumerate(st.seats):
        counts = seat.counts
        if seat.held != sum(counts):
            out.append(f"seat {s}: held {seat.held} != {sum(counts)}")
        if seat.keys != part_keys(counts):
            out.append(f"seat {s}: part keys differ from the counts")
        if sum(seat.red) > sum(counts[k] for k in (4, 13, 22)):
            out.append(f"seat {s}: more red fives than fives")
        if sum(counts) % 3 == 1 and seat.wait_mask != wait_mask(part_keys(counts), counts, seat.calls == 0):
            out.append(f"seat {s}: waits differ from the hand's")
        if seat.river_kinds != {r.tile >> 2 for r in seat.river}:
            out.append(f"seat {s}: river kinds differ from the river")
        if seat.discards != len(seat.river):
            out.append(f"seat {s}: {seat.discards} discards but {len(seat.river)} river tiles")
        if seat.kita != sum(1 for m in seat.melds if m.kind == CallKind.KITA):
            out.append(f"seat {s}: kita count differs from the melds")
        if seat.calls != sum(
            1 for m in seat.melds if m.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN)
        ) + sum(1 for m in seat.melds if m.kind == CallKind.KAKAN):
            out.append(f"seat {s}: call count differs from the melds")
        for k, c in enumerate(counts):
            for i in range(c):  # red copies first, as the board keeps them
                count(k * 4 + (0 if FIVE_SUIT[k] >= 0 and i < seat.red[FIVE_SUIT[k]] else 3))
        for m in seat.melds:
            for t in m.tiles:
                count(t)
            kans += m.kind in KANS
            closed_kans += m.kind == CallKind.ANKAN
        for r in seat.river:
            if not r.called:
                count(r.tile)
        size = seat.held + 3 * (len(seat.melds) - seat.kita)
        own_turn = st.turn == s and st.phase in (ACTION, NEED_DISCARD)
        if st.phase not in (BETWEEN, HAND_OVER) and size != (14 if own_turn else 13):
            out.append(f"seat {s}: hand size {size} in phase {st.phase}")
    for t in st.dora_indicators:
        count(t)
    if seen != st.seen_kinds or seen_red != st.seen_red:
        out.append("tiles seen differ from the tiles on the table")
    if kans != len(st.kans) or closed_kans != st.kans_closed:
        out.append(f"kans {len(st.kans)} ({st.kans_closed} closed), the melds hold {kans} ({closed_kans})")
    if len(st.dora_indicators) > 1 + len(st.kans):
        out.append("more dora indicators than kans allow")
    if st.phase == AFTER_DISCARD and st.last_discard is not None:
        src, tile = st.last_discard
        sanma = st.num_players == 3
        waiting = [s for s, seat in enumerate(st.seats) if s != src and can_win_on(seat, tile >> 2, sanma)]
        if list(st.ron_candidates) != waiting:
            out.append(f"ron candidates {st.ron_candidates} != {waiting}")
    return out


def facts(st: TableState | None, with_scores: bool = True) -> Any:
    """The table as plain data, to compare two tables."""
    if st is None:
        return None
    seats = tuple(
        (
            tuple(s.counts),
            tuple(s.red),
            tuple(s.melds),
            tuple((r.tile, r.tsumogiri, r.riichi, r.called) for r in s.river),
            s.riichi,
            s.riichi_accepted,
            s.ippatsu,
            s.furiten_temp,
            s.furiten_riichi,
            s.drawn,
            s.kuikae,
            s.wait_mask,
        )
        for s in st.seats
    )
    money = (tuple(st.scores), st.sticks, tuple(st.deltas)) if with_scores else ()
    return (
        money,
        seats,
        st.phase,
        st.turn,
        tuple(st.dora_indicators),
        st.live_left,
        tuple(st.kans),
        st.last_discard,
        st.kakan_tile,
        st.riichi_pending,
        st.abort_due,
        tuple(st.ron_candidates),
        st.rinshan_pending,
        st.kans_open_due,
    )


def check_game(record: Any, rules_of: Any = None) -> tuple[int, list[str]]:
    """Replay one game checked and unchecked; the faults found (and how many events were compared)."""
    rules = record_rules(record, rules_of)
    checked: list[tuple[Any, list[str], bool]] = []

    def observe(i: int, ev: Event, rp: Any) -> None:
        st = rp.state
        faults = recompute_faults(st) if st is not None and st.phase != BETWEEN else []
        checked.append((facts(st, not rp.pending_rons), faults, bool(rp.pending_rons)))

    result = replay_record(record, rules, observe=observe)
    faults = [f"event {i}: {f}" for i, (_, fs, _) in enumerate(checked) for f in fs]
    if result.findings:
        return len(checked), faults  # the record is faulty: the unchecked table may part from it
    stated = True  # every payment so far is the record's (the unchecked board pays only those)
    for i, ((ev, st), (want, _, pending)) in enumerate(
        zip(follow(record.events, flags_of(rules).table), checked, strict=True)
    ):
        if isinstance(ev, (Win, Ryuukyoku)):
            stated = stated and (ev.claimed.deltas if isinstance(ev, Win) else ev.deltas) is not None
        if st is not None and st.phase != BETWEEN:
            faults.extend(f"event {i} (unchecked): {f}" for f in recompute_faults(st))
        got = facts(st, not pending)
        if got is not None and not stated:  # a result the record does not pay (akochan's mjai)
            got, want = got[1:], want[1:]
        if got != want:
            faults.append(
                f"event {i} ({type(ev).__name__}): the unchecked table differs from the checked one"
            )
            break
    return len(checked), faults


def _files(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in (".xml", ".json", ".jsonl", ".mjson", ".gz", ".mjlog")
    )


def records_in(folder: Path) -> Iterator[tuple[Path, Any]]:
    """Every record under ``folder``, with its file."""
    for path in _files(folder):
        try:
            records = read_path(str(path))
        except Exception:  # noqa: BLE001 - not a record (the corpus holds READMEs and rule objects)
            continue
        for rec in records:
            yield path, rec


def _check_folder(folder: Path) -> int:
    compared = 0
    for path, rec in records_in(folder):
        n, faults = check_game(rec)
        compared += n
        assert not faults, f"{path}: {faults[:5]}"
    return compared


def test_board_on_sample_logs() -> None:
    assert _check_folder(SAMPLES) > 250


def test_a_wrong_incremental_value_is_caught() -> None:
    """The recompute can fail: a table whose waits or seen counts are off is reported."""
    rec = read_path(str(next(iter(_files(SAMPLES)))))[0]
    tables = [st.copy() for _, st in follow(rec.events) if st is not None and st.phase == AFTER_DISCARD]
    st = tables[len(tables) // 2]
    assert recompute_faults(st) == []
    st.seats[0].wait_mask ^= 1 << 33
    st.seen_kinds[0] += 1
    faults = recompute_faults(st)
    assert any("tiles seen" in f for f in faults)
    st2 = tables[len(tables) // 2].copy()
    st2.seats[1].held += 1
    assert any("held" in f for f in recompute_faults(st2))


@pytest.mark.slow
def test_board_on_the_corpus() -> None:
    corpus_dir()
    assert _check_folder(CORPUS) > 100_000


#: names the engine's handlers give the table and its seats
_TABLE_NAMES = {"st", "seat", "prev", "hand_state"}
_MUTATORS = {"append", "extend", "add", "remove", "pop", "clear", "insert", "discard", "update"}


def _root(node: Any) -> str:
    import ast

    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def table_writes(source: str) -> list[int]:
    """Lines of ``source`` that change the table directly (an assignment to, or a mutating call on,
    something reached from ``st``/``seat`` or ``r.state``) rather than through ``paifu.board``."""
    import ast

    lines: list[int] = []
    for node in ast.walk(ast.parse(source)):
        targets: list[Any] = []
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MUTATORS
        ):
            targets = [node.func.value]
        for t in targets:
            if isinstance(t, (ast.Attribute, ast.Subscript)) and (
                _root(t) in _TABLE_NAMES or ".state." in ast.unparse(t)
            ):
                lines.append(node.lineno)
    return sorted(lines)


def test_the_engine_changes_the_table_only_through_the_board() -> None:
    from conftest import ROOT

    found = {
        p.name: table_writes(p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "paifu" / "engine").glob("*.py"))
    }
    assert not {k: v for k, v in found.items() if v}
    assert table_writes(
        "st.turn = 1\nseat.river.append(x)\nr.state.sticks += 1\nr.hand.complete = True\nr.state = st\n"
    ) == [1, 2, 3]  # a new hand's table may replace the old one


def test_copy_is_a_snapshot() -> None:
    """``copy()`` keeps every field (the seat's copy is written out field by field) and later
    changes to either table leave the other alone."""
    rec = read_path(str(SAMPLES / "tenhou-xml" / "chankan.xml"))[0]
    tables = [(st.copy(), st) for _, st in follow(rec.events) if st is not None]
    snap, live = tables[len(tables) // 2]
    frozen = facts(snap)
    assert snap.copy() == snap and type(snap.copy()) is type(snap)
    assert all(c == s for c, s in zip(snap.copy().seats, snap.seats, strict=True))
    before = facts(live)
    c = live.copy()
    c.seats[0].counts[0] += 1
    c.seats[0].river.append(c.seats[1].river[0] if c.seats[1].river else c.seats[0].river[0])
    c.scores[0] += 1
    c.dora_indicators.append(0)
    assert facts(live) == before
    assert facts(snap) == frozen != facts(tables[-1][1])

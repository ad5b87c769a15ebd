"""The checks of a hand's start and end as pure functions (``paifu.engine.outcomes``), asked of a
hand-built table the way a bot or a viewer would ask majiang-core's ``allow_hule`` or
``allow_pingju``: the record's own result has no fault, a wrong one gets its fault, asking changes
nothing, and the replay reports the same faults when it applies the result."""

from __future__ import annotations

from builders import GameBuilder, HandBuilder
from test_board import facts

from paifu.board import ends as board_ends
from paifu.board.follow import follow
from paifu.board.phases import HAND_OVER
from paifu.board.state import TableState
from paifu.engine import outcomes
from paifu.events import Event, HandStart, RyuukyokuKind, Win
from paifu.findings import Code
from paifu.pipeline import replay_record
from paifu.rules import Ruleset
from paifu.rules.flags import RuleFlags, flags_of

RULES = Ruleset()
WAITS_14S = "123m55m456p789s23s"  # pinfu, waits on 1s and 4s
ALSO_14S = "234m66m345p678p23s"  # the same wait for the next seat


def table_before(events: list[Event], index: int, flags: RuleFlags) -> TableState:
    """The unchecked board's table just before ``events[index]``."""
    table: TableState | None = None
    for i, (_, st) in enumerate(follow(events[:index], flags.table)):
        if i == index - 1:
            table = st.copy() if st is not None else None
    assert table is not None
    return table


def codes(faults: tuple[object, ...]) -> list[Code]:
    return [f.code for f in faults]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ wins
def _ron_on_4s() -> tuple[GameBuilder, HandBuilder, int]:
    """Seats 0 and 1 wait on 1s-4s; seat 3 discards a 4s (the next event would be the ron)."""
    g = GameBuilder(go_type=None)
    h = g.hand([WAITS_14S, ALSO_14S, None, None])
    h.auto(3)
    h.draw(3, "4s")
    return g, h, h.discard(3)


def test_a_ron_the_table_allows_has_no_fault_and_asking_changes_nothing() -> None:
    g, _, at = _ron_on_4s()
    flags = flags_of(RULES)
    table = table_before(g.events, at + 1, flags)
    before = facts(table)
    tile = g.events[at].tile  # type: ignore[attr-defined]
    assert outcomes.check_win(table, Win(0, 3, tile), flags) == ()
    assert outcomes.check_win(table, Win(1, 3, tile), flags) == ()  # a double ron's second winner
    assert facts(table) == before


def test_a_wrong_ron_gets_its_fault() -> None:
    g, _, at = _ron_on_4s()
    flags = flags_of(RULES)
    table = table_before(g.events, at + 1, flags)
    tile = g.events[at].tile  # type: ignore[attr-defined]
    assert codes(outcomes.check_win(table, Win(0, 2, tile), flags)) == [Code.WRONG_TURN]
    other = table.seats[0].river[0].tile  # a tile seat 0 discarded, not the last discard
    wrong_tile = outcomes.check_win(table, Win(0, 3, other), flags)
    assert Code.NOT_A_WINNING_HAND in codes(wrong_tile)
    assert codes(outcomes.check_win(table, Win(2, 3, tile), flags)) == [Code.NOT_A_WINNING_HAND]
    # before the discard there is nothing to ron: the table cannot follow it
    earlier = table_before(g.events, at, flags)
    faults = outcomes.check_win(earlier, Win(0, 3, tile), flags)
    assert codes(faults) == [Code.WRONG_TURN] and faults[0].blocks


def test_head_bump_asks_whether_the_nearer_seat_could_ron() -> None:
    """With one winner a tile, seat 1 may not ron past seat 0 (nearer after the discarder, seat 3),
    unless seat 0 could not ron (no yaku: the scorer's answer, ``could_ron``)."""
    g, _, at = _ron_on_4s()
    flags = flags_of(RULES.replace(max_ron_winners=1))
    table = table_before(g.events, at + 1, flags)
    tile = g.events[at].tile  # type: ignore[attr-defined]
    bumped = outcomes.check_win(table, Win(1, 3, tile), flags)
    assert codes(bumped) == [Code.TOO_MANY_WINNERS] and bumped[0].expected == 0
    assert outcomes.check_win(table, Win(1, 3, tile), flags, lambda s, src: s != 0) == ()
    assert outcomes.check_win(table, Win(0, 3, tile), flags) == ()


def test_the_board_and_the_check_open_one_ron_window() -> None:
    """A ron the board takes (``board.ends.win``) is one the check lets through (``check_win`` has no
    fault that blocks), in every phase, with or without a discard and a winner on it: both ask
    ``board.ends.ron_window``."""
    g, _, at = _ron_on_4s()
    flags = flags_of(RULES)
    after = table_before(g.events, at + 1, flags)
    tile = g.events[at].tile  # type: ignore[attr-defined]
    seen = set()
    for phase in range(HAND_OVER + 1):
        for discard in (None, after.last_discard):
            for winners in ([], [1]):
                table = after.copy()
                table.phase, table.last_discard, table.winners_this_tile = phase, discard, list(winners)
                blocked = any(f.blocks for f in outcomes.check_win(table, Win(0, 3, tile), flags))
                taken = board_ends.win(table.copy(), 0, False)
                assert taken == (not blocked) == board_ends.ron_window(table), (phase, discard, winners)
                seen.add(taken)
    assert seen == {True, False}


def test_the_replay_reports_check_win_faults_then_ends_the_hand() -> None:
    g, h, at = _ron_on_4s()
    tile = g.events[at].tile  # type: ignore[attr-defined]
    h.emit(Win(0, 2, tile))  # names the wrong discarder
    result = replay_record(g.record(), RULES)
    found = [f for f in result.findings if f.event_index == at + 1]
    assert [f.code for f in found][:1] == [Code.WRONG_TURN]
    assert result.hands[0].complete and result.hands[0].wins


# ------------------------------------------------------------------ drawn hands
def _riichi_round(accept_last: bool, seats: int = 4) -> tuple[GameBuilder, int]:
    g = GameBuilder(go_type=None)
    h = g.hand([WAITS_14S, "234m66m345p678p56s", "456m456p888p4567s", "111m999m123p99s22z"])
    for seat in range(4):
        h.draw(seat, h.safe_tile())
        if seat < seats:
            h.riichi(seat, accept=accept_last or seat < 3)
        else:
            h.discard(seat)
    return g, h.abort(RyuukyokuKind.FOUR_RIICHI)


def test_four_riichi_is_due_once_the_pending_stick_is_down() -> None:
    """The fourth riichi's stick is still pending when four riichi is declared: the check asks the
    table as that stick would leave it (``abort_due``), without putting it down."""
    flags = flags_of(RULES)
    g, at = _riichi_round(accept_last=False)
    table = table_before(g.events, at, flags)
    before = facts(table)
    assert table.riichi_pending == 3 and table.abort_due is None
    assert outcomes.abort_due(table, RyuukyokuKind.FOUR_RIICHI) == RyuukyokuKind.FOUR_RIICHI
    assert outcomes.check_draw(table, RyuukyokuKind.FOUR_RIICHI, flags).faults == ()
    assert facts(table) == before
    # the replay puts the stick down, then aborts: nothing is wrong but the record's missing end
    assert [f.code for f in replay_record(g.record(), RULES).findings] == [Code.TRUNCATED]


def test_the_board_and_the_check_make_four_riichi_due_alike() -> None:
    """Four riichi falls due by one rule (``board.ends.four_riichi_due``): the check, asked while
    the fourth stick is pending (``abort_due``), says what the board makes due once it is down
    (``accept_riichi``), with the rule on and off."""
    for rules in (RULES, RULES.replace(four_riichi=False)):
        flags = flags_of(rules)
        g, at = _riichi_round(accept_last=False)
        asked = table_before(g.events, at, flags)
        applied = table_before(g.events, at, flags)
        assert asked.riichi_pending == 3
        board_ends.accept_riichi(applied, 3)
        due = RyuukyokuKind.FOUR_RIICHI if rules.four_riichi else None
        assert outcomes.abort_due(asked, RyuukyokuKind.FOUR_RIICHI) == applied.abort_due == due


def test_a_wrong_abortive_draw_gets_its_fault() -> None:
    flags = flags_of(RULES)
    g, at = _riichi_round(accept_last=True, seats=3)
    table = table_before(g.events, at, flags)
    faults = outcomes.check_draw(table, RyuukyokuKind.FOUR_RIICHI, flags).faults
    assert codes(faults) == [Code.ABORT_CONDITION_NOT_MET]
    g, at = _riichi_round(accept_last=True)
    off = flags_of(RULES.replace(four_riichi=False))
    faults = outcomes.check_draw(
        table_before(g.events, at, off), RyuukyokuKind.FOUR_RIICHI, off, rules_name="x"
    ).faults
    assert (
        codes(faults) == [Code.ABORT_CONDITION_NOT_MET]
        and "not an abortive draw under x" in faults[0].message
    )
    for kind in (RyuukyokuKind.FOUR_WINDS, RyuukyokuKind.FOUR_KANS, RyuukyokuKind.TRIPLE_RON):
        assert codes(outcomes.check_draw(table, kind, flags).faults) == [Code.ABORT_CONDITION_NOT_MET], kind
    assert outcomes.check_draw(None, RyuukyokuKind.EXHAUSTIVE, flags).faults[0].blocks


def test_an_exhaustive_draw_checks_the_wall_and_the_tenpai_seats() -> None:
    flags = flags_of(RULES)
    g = GameBuilder(go_type=None)
    h = g.hand([WAITS_14S, None, None, None])
    at = h.run_out((3000, -1000, -1000, -1000), tenpai=(0,))
    table = table_before(g.events, at, flags)
    ex = RyuukyokuKind.EXHAUSTIVE
    right = outcomes.check_draw(table, ex, flags, (0,), (0,))
    assert (right.faults, right.tenpai, right.nagashi) == ((), (0,), ())
    mismatch = outcomes.check_draw(table, ex, flags, (0,), (0, 1)).faults
    assert codes(mismatch) == [Code.TENPAI_MISMATCH] and mismatch[0].expected == (0,)
    # where a tenpai seat not in riichi may declare noten, the record's fewer seats count
    declared = flags_of(RULES.replace(noten_declaration=True))
    fewer = outcomes.check_draw(table, ex, declared, (0,), ())
    # what the handler pays by is the check's own answer (aborts.on_ryuukyoku reads it)
    assert (
        (fewer.faults, fewer.tenpai)
        == ((), ())
        == (fewer.faults, outcomes.counted_tenpai(table, declared, (0,), ()))
    )
    assert outcomes.check_draw(table, ex, flags, (0,), ()).tenpai == (0,)  # no declaring noten: ours count
    early = table_before(g.events, at - 10, flags)
    assert codes(outcomes.check_draw(early, ex, flags, (), ()).faults) == [Code.ABORT_CONDITION_NOT_MET]


# ------------------------------------------------------------------ the hand start
def test_a_hand_start_is_checked_against_the_replay() -> None:
    flags = flags_of(RULES)
    start = HandStart(
        round_wind=0,
        hand_number=1,
        honba=0,
        sticks=0,
        dealer=1,
        scores=(25000,) * 4,
        hands=((),) * 4,
        dora_indicator=0,
    )
    right = outcomes.check_hand_start(start, flags, (0, 1, 0, 0, 1), (25000,) * 4, False, False)
    assert (right.faults, right.scores) == ((), (25000,) * 4)
    moved = outcomes.check_hand_start(start, flags, (0, 0, 1, 0, 0), (25000,) * 4, False, False).faults
    assert codes(moved) == [Code.HAND_START_MISMATCH] and moved[0].expected == (0, 0, 1, 0, 0)
    scores = outcomes.check_hand_start(
        start, flags, (0, 1, 0, 0, 1), (26000, 24000, 25000, 25000), False, False
    ).faults
    assert codes(scores) == [Code.HAND_START_MISMATCH]
    # the first hand of a record that starts in the middle of a game: nothing to compare with
    assert outcomes.check_hand_start(start, flags, (0, 0, 0, 0, 0), None, True, True).faults == ()
    short = HandStart(0, 0, 0, 0, 0, (25000,) * 3, 0, ((),) * 4)
    assert Code.HAND_SIZE in codes(outcomes.check_hand_start(short, flags, None, None, True, False).faults)
    # a record that states no scores (mjai's original protocol): the hand starts with the replay's,
    # which the handler sets the table up with
    unstated = HandStart(0, 1, 0, 0, 1, None, 0, ((),) * 4)
    kept = (26000, 24000, 25000, 25000)
    assert outcomes.check_hand_start(unstated, flags, (0, 1, 0, 0, 1), kept, False, False).scores == kept

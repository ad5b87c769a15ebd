"""Every finding code the replay engine emits, proved on a record that breaks exactly one rule.

Each test builds a small legal hand with ``builders`` (or takes a corpus record), checks
that it replays clean, then breaks one thing and checks the exact code, event index and
seat. Hands here are excerpts (``partial``: no game-end checks) unless the code is about
the game's end; the legal versions end in a win or draw with hand-computed claims.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from builders import GameBuilder, HandBuilder, kokushi_finish, one, valuation_problems
from conftest import CORPUS, CorpusSweep, corpus_dir, corpus_files, cyclic_garbage

from paifu.engine.results import GameResult
from paifu.events import (
    Call,
    CallKind,
    Draw,
    GameEnd,
    GameRecord,
    HandStart,
    Meld,
    RiichiAccepted,
    RyuukyokuKind,
)
from paifu.findings import CODES
from paifu.formats.tenhou_xml import read_tenhou_xml
from paifu.pipeline import replay_record
from paifu.rules import preset

TENPAI_14S = "123m55m456p789s23s"  # waits 1s-4s; 234s completes pinfu
NOTEN_ONE_TENPAI = [-1000, 3000, -1000, -1000]  # seat 1 alone tenpai at the exhaustive draw


def replay(g: GameBuilder, partial: bool = True, **kw: object) -> GameResult:
    rec = g.record(partial=partial)
    assert not valuation_problems(rec, kw.get("rules")), valuation_problems(rec, kw.get("rules"))
    return replay_record(rec, **kw)  # type: ignore[arg-type]


def where(res: GameResult, code: str) -> list[tuple[int | None, int | None]]:
    return [(f.event_index, f.seat) for f in res.findings if f.code == code]


def codes(res: GameResult) -> set[str]:
    return {f.code for f in res.findings}


def assert_clean(res: GameResult) -> None:
    assert res.findings == [], [str(f) for f in res.findings]


def assert_only(res: GameResult, code: str, index: int, seat: int | None) -> None:
    """The record has exactly this one finding."""
    assert [(f.code, f.event_index, f.seat) for f in res.findings] == [(code, index, seat)], [
        str(f) for f in res.findings
    ]


# ---------------------------------------------------------------- tiles and turns


def _discard_game(bad_tile: str | None) -> tuple[GameBuilder, int]:
    g = GameBuilder()
    h = g.hand([None] * 4)
    h.draw(0, h.safe_tile())
    i = h.discard(0, bad_tile)
    h.run_out()
    return g, i


def test_tile_not_in_hand() -> None:
    assert_clean(replay(_discard_game(None)[0]))
    g, i = _discard_game("7z")  # seat 0's filler hand holds no 7z
    assert_only(replay(g), "tile-not-in-hand", i, 0)


def _fifth_copy_game(fifth: bool) -> tuple[GameBuilder, int]:
    g = GameBuilder()
    h = g.hand([None, "1111m258p369s123z", None, None])
    i = h.draw(0, 0 if fifth else h.safe_tile())  # id 0 is a 1m seat 1 already holds
    h.discard(0)
    h.run_out()
    return g, i


def test_tile_count_exceeded() -> None:
    assert_clean(replay(_fifth_copy_game(False)[0]))
    g, i = _fifth_copy_game(True)
    assert_only(replay(g), "tile-count-exceeded", i, 0)


def test_wrong_turn() -> None:
    def game(drawer: int) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand([None] * 4)
        h.auto(1)
        i = h.draw(drawer, h.safe_tile())
        h.discard(drawer)
        h.run_out()
        return g, i

    assert_clean(replay(game(1)[0]))
    g, i = game(2)  # seat 1 should draw after the dealer's discard
    assert where(replay(g), "wrong-turn") == [(i, 2)]
    assert codes(replay(g)) == {"wrong-turn"}


# ---------------------------------------------------------------- calls

CALLS_DEAL = ["3m147p258s369s567z", "24m369p258s1234z7z", "24m147p369s1234z7z", None]


def _call_game(kind: str) -> tuple[GameBuilder, int]:
    """The dealer discards 3m; seat 1 (on the dealer's right, so next in turn) chi's it with 24m."""
    g = GameBuilder()
    h = g.hand(CALLS_DEAL)
    h.draw(0, h.safe_tile())
    h.discard(0, "3m")
    if kind == "ok":
        i = h.chi(1, "24m")
    elif kind == "not-left":
        i = h.chi(2, "24m")
    elif kind == "not-a-run":
        i = h.chi(1, "2m3p")
    elif kind == "pon-without":
        i = h.pon(1, "33m")  # seat 1 holds no 3m
    else:  # the meld names a 4m, but the last discard was the 3m
        i = h.chi(1, "24m")
        ev = h.events[i]
        assert isinstance(ev, Call)
        four = next(t for t in ev.meld.tiles if t >> 2 == 3)
        h.events[i] = Call(1, dataclasses.replace(ev.meld, called=four))
    caller = h.turn
    h.discard(caller, "7z")
    h.run_out()
    return g, i


def test_legal_chi_is_clean() -> None:
    assert_clean(replay(_call_game("ok")[0]))


@pytest.mark.parametrize(
    "kind, message",
    [
        ("not-left", "chi from a player who is not on the left"),
        ("not-a-run", "chi tiles are not a run"),
        ("pon-without", "pon needs 3m which the player does not hold"),
        ("not-last-discard", "chi on 4m but the last discard was 3m"),
    ],
)
def test_illegal_call(kind: str, message: str) -> None:
    """The whole message, the call's kind by its name (``pon``, not ``CallKind.PON``: a str enum
    formats as its member in pure Python, as its value compiled), in both builds."""
    g, i = _call_game(kind)
    res = replay(g)
    caller = 2 if kind == "not-left" else 1
    found = [f for f in res.findings if f.code == "illegal-call"]
    assert [(f.event_index, f.seat) for f in found] == [(i, caller)]
    assert found[0].message == message


def test_illegal_call_on_the_last_tile_of_the_hand() -> None:
    def game(call: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand([None, "3m147p258s369s567z", "33m147p258s369s12z", None])
        h.auto(69)
        assert h.turn == 1
        h.draw(1, h.safe_tile())
        i = h.discard(1, "3m")  # the 70th discard: the wall is empty
        if call:
            i = h.pon(2, "33m")
            h.discard(2, "1z")
        h.exhaustive([0, 0, 0, 0])
        return g, i

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    res = replay(g)
    assert where(res, "illegal-call") == [(i, 2)]
    assert "last discard of the hand" in res.findings[0].message


@pytest.mark.parametrize("discard", ["1m", "4m"])
def test_kuikae(discard: str) -> None:
    """Chi 4m with 23m: neither the 4m (same tile) nor the 1m (other end) may follow."""

    def game(tile: str) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand(["4m147p258s369s567z", "12344m369p258s17z", None, None])
        h.draw(0, h.safe_tile())
        h.discard(0, "4m")
        h.chi(1, "23m")
        i = h.discard(1, tile)
        h.run_out()
        return g, i

    assert_clean(replay(game("3p")[0]))
    g, i = game(discard)
    assert_only(replay(g), "kuikae", i, 1)
    # the same hand is fine where swap-calls are allowed
    assert_clean(replay(game(discard)[0], rules=preset("tenhou").replace(kuikae="allowed")))


# ---------------------------------------------------------------- riichi


def test_riichi_not_closed() -> None:
    """After chi 234m, 456p 789s 11z 55s is tenpai (shanpon) but open: no riichi."""

    def game(riichi: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand(["4m147p258s369s567z", "23m456p789s11z55s9m", None, None])
        h.draw(0, h.safe_tile())
        h.discard(0, "4m")
        h.chi(1, "23m")
        h.discard(1, "9m")
        h.auto(3)
        h.draw(1, h.safe_tile())
        i = len(h.events)
        if riichi:
            h.riichi(1)
        else:
            h.discard(1)
        h.run_out(NOTEN_ONE_TENPAI, tenpai=[1])
        return g, i

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    assert_only(replay(g), "riichi-not-closed", i, 1)


def test_riichi_not_tenpai() -> None:
    def game(riichi: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand([None] * 4)
        h.auto(1)
        h.draw(1, h.safe_tile())
        i = h.riichi(1) if riichi else h.discard(1)
        h.run_out()
        return g, i

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    assert_only(replay(g), "riichi-not-tenpai", i, 1)


def test_riichi_insufficient_points() -> None:
    """East 2 excerpt: seat 1 may riichi with 1,000 points, not with 900."""

    def game(points: int) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        scores = [25000, points, 50000 - points, 25000]
        h = g.hand([None, TENPAI_14S, None, None], hand_number=1, dealer=1, scores=scores)
        h.draw(1, h.safe_tile())
        i = len(h.events)
        h.riichi(1)
        h.run_out([-1000, 3000, -1000, -1000], tenpai=[1])
        return g, i

    assert_clean(replay(game(1000)[0]))
    g, i = game(900)
    assert_only(replay(g), "riichi-insufficient-points", i, 1)


def test_riichi_no_draws_left() -> None:
    """Seat 1 draws the 66th tile (4 left: fine) or the 70th (none left)."""

    def game(turn: int) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand([None, TENPAI_14S, None, None])
        h.auto(turn - 1)
        assert h.turn == 1
        h.draw(1, h.safe_tile())
        i = len(h.events)
        h.riichi(1)
        h.run_out(NOTEN_ONE_TENPAI, tenpai=[1])
        return g, i

    assert_clean(replay(game(66)[0]))
    g, i = game(70)
    assert_only(replay(g), "riichi-no-draws-left", i, 1)


def test_riichi_kan_changes_wait() -> None:
    """3335m waits on 4m and 5m; a closed kan of 3m leaves only 5m."""

    def game(kan: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand([None, "3335m456p789s111z", None, None])
        h.auto(1)
        h.draw(1, h.safe_tile())
        h.riichi(1)
        h.auto(3)
        h.draw(1, "3m")
        i = len(h.events)
        if kan:
            h.ankan(1, "3m")
            h.new_dora("9p")
            h.draw(1, h.safe_tile())
        h.discard(1)
        h.run_out(NOTEN_ONE_TENPAI, tenpai=[1])
        return g, i

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    assert_only(replay(g), "riichi-kan-changes-wait", i, 1)


def test_riichi_accepted_scores_wrong() -> None:
    g = GameBuilder()
    h = g.hand([None, TENPAI_14S, None, None])
    h.auto(1)
    h.draw(1, h.safe_tile())
    h.riichi(1, accept=False)
    i = h.accept(1, scores=(25000, 25000, 25000, 25000))  # the stick was not taken
    h.run_out(NOTEN_ONE_TENPAI, tenpai=[1])
    assert where(replay(g), "score-delta-mismatch") == [(i, 1)]


# ---------------------------------------------------------------- furiten

FURITEN_DEAL = [None, None, TENPAI_14S, "1s147m258p369p567z"]
PINFU_RON = dict(fu=30, points=1000, yaku=[("pinfu", 1)])


def _ron_on_4s(h: HandBuilder, **claims: object) -> int:
    h.draw(0, "4s")
    h.discard(0)
    return h.ron(2, 0, **claims)  # type: ignore[arg-type]


def test_furiten_own_discard() -> None:
    """Seat 2 drew and threw its own winning 1s, so it may not ron the 4s."""

    def game(furiten: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand(FURITEN_DEAL)
        h.auto(2)
        h.draw(2, "1s" if furiten else h.safe_tile())
        h.discard(2)
        h.auto(1)
        return g, _ron_on_4s(h, deltas=[-1000, 0, 1000, 0], **PINFU_RON)

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    res = replay(g)
    assert_only(res, "furiten-ron", i, 2)
    assert "(discard)" in res.findings[0].message


def test_furiten_same_turn() -> None:
    """Seat 2 let seat 3's 1s pass; until its own next draw it may not ron the 4s."""

    def game(furiten: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand(FURITEN_DEAL)
        h.auto(3)
        h.draw(3, h.safe_tile())
        h.discard(3, "1s" if furiten else None)
        return g, _ron_on_4s(h, deltas=[-1000, 0, 1000, 0], **PINFU_RON)

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    res = replay(g)
    assert_only(res, "furiten-ron", i, 2)
    assert "(same-turn)" in res.findings[0].message


def test_furiten_after_riichi() -> None:
    """In riichi, seat 2 let a 1s pass; drawing again does not lift that furiten."""

    def game(furiten: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand(FURITEN_DEAL)
        h.auto(6)  # everyone's first discard, then seats 0 and 1 again
        h.draw(2, h.safe_tile())
        h.riichi(2)
        h.draw(3, h.safe_tile())
        h.discard(3, "1s" if furiten else None)
        h.auto(3)  # seats 0, 1 and 2 (tsumogiri in riichi)
        h.auto(1)
        return g, _ron_on_4s(
            h, deltas=[-2000, 0, 3000, 0], fu=30, points=2000, ura="9p", yaku=[("riichi", 1), ("pinfu", 1)]
        )

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    res = replay(g)
    assert_only(res, "furiten-ron", i, 2)
    assert "(riichi)" in res.findings[0].message


# ---------------------------------------------------------------- wins


def test_not_a_winning_hand() -> None:
    g = GameBuilder()
    h = g.hand([None] * 4)
    h.draw(0, h.safe_tile())
    h.discard(0, "2z")
    i = h.ron(1, 0, deltas=[-1000, 1000, 0, 0], fu=30, points=1000, yaku=[("pinfu", 1)])
    res = replay_record(g.record(partial=True))
    assert (i, 1) in where(res, "not-a-winning-hand")


KOKUSHI = dict(yaku=[("kokushi", 13)], fu=0, points=32000, limit="yakuman", yakuman=True)
K13 = ["1224m34688p2578s", "9m9m1p9p1s9s1234567z", "9m1p1p9p1s9s1234567z", "9m1p9p1s1s9s1234567z"]


def _multi_ron(winners: list[int], deal: list[str | None]) -> tuple[GameBuilder, list[int]]:
    g = GameBuilder()
    h = g.hand(deal)
    h.draw(0, h.safe_tile())
    h.discard(0, "1m")
    out = []
    for w in winners:
        d = [0] * 4
        d[0], d[w] = -32000, 32000
        out.append(h.ron(w, 0, deltas=d, **KOKUSHI))
    return g, out


def test_double_ron_allowed_on_tenhou_but_not_under_head_bump() -> None:
    deal = [*K13[:3], None]
    g, wins = _multi_ron([1, 2], deal)
    assert_clean(replay(g))
    assert_only(replay(g, rules=preset("dora")), "too-many-winners", wins[1], 2)


def test_head_bump_nearest_winner_only() -> None:
    """Seats 1 and 2 can both ron; under head-bump only seat 1 (next after the dealer) may."""
    deal = [*K13[:3], None]
    assert_clean(replay(_multi_ron([1], deal)[0], rules=preset("dora")))
    g, wins = _multi_ron([2], deal)
    res = replay(g, rules=preset("dora"))
    assert_only(res, "too-many-winners", wins[0], 2)
    assert res.findings[0].expected == 1


def test_triple_ron() -> None:
    """Three winners: an abortive draw on Tenhou, too many winners where three are allowed but..."""
    g, wins = _multi_ron([1, 2, 3], K13)
    assert_only(replay(g), "abort-missed", wins[2], 3)
    assert_only(
        replay(g, rules=preset("tenhou").replace(triple_ron_abort=False)), "too-many-winners", wins[2], 3
    )
    assert_clean(replay(g, rules=preset("casual")))  # three winners allowed


# ---------------------------------------------------------------- abortive draws


def _nine_terminals(hand: str) -> tuple[GameBuilder, int]:
    g = GameBuilder()
    h = g.hand([None, hand, None, None])
    h.auto(1)
    h.draw(1, h.safe_tile())
    return g, h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=1)


def test_abort_nine_terminals_needs_nine_kinds() -> None:
    assert_clean(replay(_nine_terminals("19m19p1s1234z2m3p45s")[0]))
    g, i = _nine_terminals("19m19p1s123z2m3p45s6s")  # eight kinds
    assert_only(replay(g), "abort-condition-not-met", i, 1)


def test_abort_nine_terminals_not_on_a_later_turn() -> None:
    g = GameBuilder()
    h = g.hand([None, "19m19p1s1234z2m3p45s", None, None])
    h.auto(5)  # seat 1 has discarded once
    h.draw(1, h.safe_tile())
    i = h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=1)
    assert_only(replay(g), "abort-condition-not-met", i, 1)


def test_exhaustive_draw_with_tiles_left() -> None:
    g = GameBuilder()
    h = g.hand([None] * 4)
    h.auto(10)
    i = h.exhaustive([0, 0, 0, 0])
    res = replay(g)
    assert_only(res, "abort-condition-not-met", i, None)
    assert res.findings[0].actual == 60


WINDS_DEAL = ["147m258p369s4567z", "258m369p147s4567z", "369m147p258s4567z", "147m258p369s1234z"]


def _four_winds(last: str, declare: bool) -> tuple[GameBuilder, int]:
    g = GameBuilder()
    h = g.hand(WINDS_DEAL)
    for seat in range(4):
        h.draw(seat, h.safe_tile())
        h.discard(seat, "4z" if seat < 3 else last)
    if declare:
        return g, h.abort(RyuukyokuKind.FOUR_WINDS)
    i = h.draw(0, h.safe_tile())
    h.discard(0)
    h.run_out()
    return g, i


def test_four_winds() -> None:
    assert_clean(replay(_four_winds("4z", declare=True)[0]))
    g, i = _four_winds("1z", declare=True)  # seat 3 threw East
    assert_only(replay(g), "abort-condition-not-met", i, None)


def test_abort_missed() -> None:
    assert_clean(replay(_four_winds("1z", declare=False)[0]))
    g, i = _four_winds("4z", declare=False)  # four Norths, yet the dealer draws again
    res = replay(g)
    assert where(res, "abort-missed") == [(i, 0)]


# ---------------------------------------------------------------- between hands and game end


def _two_hands(honba: int, scores: list[int] | None = None) -> tuple[GameBuilder, int]:
    """East 1 ends in nine terminals (dealer stays, 1 honba); then East 1-1 ends the game."""
    g, _ = _nine_terminals("19m19p1s1234z2m3p45s")
    start = len(g.events)
    h = kokushi_finish(g, winner=1, discarder=0, hand_number=0, honba=honba)
    if scores is not None:
        ev = h.events[start]
        assert isinstance(ev, HandStart)
        h.events[start] = dataclasses.replace(ev, scores=tuple(scores))
    g.end(rank_points=[-57.3, 67.3, 5.0, -15.0] if honba == 1 else None)
    return g, start


def test_hand_start_mismatch_honba() -> None:
    assert_clean(replay(_two_hands(1)[0], partial=False))
    g, i = _two_hands(0)
    res = replay(g, partial=True)
    assert where(res, "hand-start-mismatch") == [(i, None)]
    assert res.findings[0].expected == (0, 0, 1, 0, 0)


def test_hand_start_mismatch_scores() -> None:
    g, i = _two_hands(1, scores=[25000, 25000, 24000, 26000])
    res = replay(g, partial=True)
    assert where(res, "hand-start-mismatch") == [(i, None)]
    assert res.findings[0].hand == "E1-1"  # the hand that starts wrong, not the one before it (E1-0)


def test_game_goes_on_after_a_bust() -> None:
    g, _ = _two_hands(1)
    g.events.pop()  # the game end
    h = g.hand([None] * 4, hand_number=1, dealer=1)
    i = len(h.events) - 1
    h.run_out()
    res = replay_record(g.record())
    assert where(res, "game-end-mismatch") == [(i, None)]
    assert res.findings[0].message == (
        "the game goes on after it should have ended: after E1-1 seat 0 has -7,300, below zero: "
        "the table ends the game at a bust (bust)"
    )


def test_game_stops_early() -> None:
    g, _ = _nine_terminals("19m19p1s1234z2m3p45s")
    ev = g.end()
    i = g.events.index(ev)
    res = replay_record(g.record())
    assert_only(res, "game-end-mismatch", i, None)
    assert res.findings[0].message == (
        "the game stops before it should have ended: after E1-0 the table plays on to the end of the "
        "East round (length)"
    )


def test_final_score_mismatch() -> None:
    g, _ = _two_hands(1)
    end = g.events[-1]
    assert isinstance(end, GameEnd) and end.final_scores is not None
    g.events[-1] = dataclasses.replace(end, final_scores=(-7300, 57300, 26000, 24000))
    res = replay_record(g.record())
    assert where(res, "final-score-mismatch") == [(len(g.events) - 1, None)]


def test_win_score_delta_mismatch() -> None:
    g, _ = _two_hands(1)
    win = g.events[-2]
    bad = dataclasses.replace(win.claimed, deltas=(-32000, 32000, 0, 0))  # forgot the honba
    g.events[-2] = dataclasses.replace(win, claimed=bad)
    res = replay_record(g.record())
    assert (len(g.events) - 2, 1) in where(res, "score-delta-mismatch")


@pytest.mark.parametrize("cut", [1, 3, 6, 10])
def test_truncated(cut: int) -> None:
    g, _ = _two_hands(1)
    rec = g.record()
    rec.events = rec.events[:-cut]
    res = replay_record(rec)
    assert where(res, "truncated") == [(len(rec.events), None)]
    assert codes(res) == {"truncated"}


def test_no_events_is_truncated_not_a_crash() -> None:
    res = replay_record(GameRecord(events=[], source="empty"))
    assert codes(res) == {"truncated"}


# ---------------------------------------------------------------- the wall (a real seeded record)


def _seeded_record() -> GameRecord:
    root = corpus_dir("tenhou_xml")
    for path in sorted(root.rglob("*.xml")):
        data = path.read_bytes()
        if b'SHUFFLE seed="mt19937ar-sha512-n288-base64,' not in data:
            continue
        rec = read_tenhou_xml(data, str(path))[0]
        res = replay_record(rec)
        if res.wall_checked and res.valid:
            return rec
    pytest.fail("no seeded record in the corpus replays clean with its wall checked")


def test_wall_mismatch_on_one_swapped_draw() -> None:
    rec = _seeded_record()
    # two draws of one kind (different copies) in the first hand: swapping them changes
    # nothing the rules see, only the wall order
    first_hand = next(i for i, e in enumerate(rec.events) if isinstance(e, HandStart))
    end = next(
        i
        for i, e in enumerate(rec.events)
        if i > first_hand and not isinstance(e, (Draw,)) and type(e).__name__ in ("Win", "Ryuukyoku")
    )
    draws = [i for i in range(first_hand, end) if isinstance(rec.events[i], Draw)]
    pair = next(
        (a, b)
        for a in draws
        for b in draws
        if a < b
        and rec.events[a].tile >> 2 == rec.events[b].tile >> 2  # type: ignore[union-attr]
        and rec.events[a].tile != rec.events[b].tile
    )  # type: ignore[union-attr]
    a, b = pair
    ea, eb = rec.events[a], rec.events[b]
    assert isinstance(ea, Draw) and isinstance(eb, Draw)
    events = list(rec.events)
    events[a], events[b] = Draw(ea.seat, eb.tile), Draw(eb.seat, ea.tile)
    # a later discard or meld naming the swapped ids follows the ids: swap them there too
    swap = {ea.tile: eb.tile, eb.tile: ea.tile}
    for i in range(a + 1, len(events)):
        e = events[i]
        if i == b:
            continue
        if hasattr(e, "tile") and getattr(e, "tile", None) in swap and not isinstance(e, Draw):
            events[i] = dataclasses.replace(e, tile=swap[e.tile])  # type: ignore[arg-type]
    bad = GameRecord(events=events, source=rec.source, format=rec.format)
    res = replay_record(bad)
    assert [(f.code, f.event_index, f.seat) for f in res.findings] == [("wall-mismatch", a, ea.seat)], [
        str(f) for f in res.findings
    ]
    # the check reports to the game it is handed: no cycle through the game's own ``find``
    assert cyclic_garbage(lambda: replay_record(bad).findings) == []


# ---------------------------------------------------------------- coverage of the code list

PROVED = {
    "tile-not-in-hand",
    "tile-count-exceeded",
    "wrong-turn",
    "illegal-call",
    "kuikae",
    "riichi-not-closed",
    "riichi-not-tenpai",
    "riichi-insufficient-points",
    "riichi-no-draws-left",
    "riichi-kan-changes-wait",
    "furiten-ron",
    "not-a-winning-hand",
    "abort-condition-not-met",
    "abort-missed",
    "too-many-winners",
    "hand-start-mismatch",
    "game-end-mismatch",
    "truncated",
    "wall-mismatch",
    "final-score-mismatch",
    "score-delta-mismatch",
    "riichi-discard",
    "hand-size",
    "tenpai-mismatch",
    "no-yaku",
    "points-mismatch",
}


def test_proved_codes_are_documented() -> None:
    assert set(CODES) >= PROVED


def test_meld_helper_sanity() -> None:
    """The call tests rely on the builder's meld: tiles sorted, called tile included, supplier set."""
    g, i = _call_game("ok")
    ev = g.events[i]
    assert isinstance(ev, Call)
    assert ev.meld == Meld(CallKind.CHI, ev.meld.tiles, one("3m"), 0)
    assert sorted(t >> 2 for t in ev.meld.tiles) == [1, 2, 3]
    assert not isinstance(g.events[i + 1], RiichiAccepted)


_ = Path


# ---------------------------------------------------------------- further codes the engine emits


def test_riichi_discard_must_be_the_drawn_tile() -> None:
    def game(swap: bool) -> tuple[GameBuilder, int]:
        g = GameBuilder()
        h = g.hand([None, "123m55m456p789s23s", None, None])
        h.auto(1)
        h.draw(1, h.safe_tile())
        h.riichi(1)
        h.auto(3)
        h.draw(1, h.safe_tile())
        i = h.discard(1, "5m" if swap else None)
        h.run_out(NOTEN_ONE_TENPAI if not swap else None, tenpai=[1] if not swap else [])
        return g, i

    assert_clean(replay(game(False)[0]))
    g, i = game(True)
    assert where(replay(g), "riichi-discard") == [(i, 1)]


def test_hand_size_at_the_deal() -> None:
    g = GameBuilder()
    h = g.hand([None] * 4)
    h.run_out()
    ev = g.events[1]
    assert isinstance(ev, HandStart)
    g.events[1] = dataclasses.replace(ev, hands=(ev.hands[0][:12], *ev.hands[1:]))
    res = replay_record(g.record(partial=True))
    assert (1, 0) in where(res, "hand-size")


def test_tenpai_mismatch_at_an_exhaustive_draw() -> None:
    """Nobody is tenpai, yet the record says the dealer was and pays it 3,000."""
    g = GameBuilder()
    h = g.hand([None] * 4)
    i = h.run_out([3000, -1000, -1000, -1000], tenpai=[0])
    res = replay_record(g.record(partial=True))
    assert where(res, "tenpai-mismatch") == [(i, None)]
    assert where(res, "score-delta-mismatch") == [(i, None)]
    assert res.findings[0].expected == () and res.findings[0].actual == (0,)


def test_no_yaku() -> None:
    """After chi 234m, 456p 789s 11m 55s waits on 1m/5s with no yaku: an open hand cannot ron."""
    g = GameBuilder()
    h = g.hand(["4m147p258s369s567z", "23m456p789s11m55s9p", None, None])
    h.draw(0, h.safe_tile())
    h.discard(0, "4m")
    h.chi(1, "23m")
    h.discard(1, "9p")
    h.auto(1)
    h.draw(3, "0s")  # red: a dora is no yaku
    h.discard(3)
    i = h.ron(1, 3, deltas=[0, 1000, 0, -1000], fu=30, points=1000, yaku=[("pinfu", 1)])
    res = replay_record(g.record(partial=True))
    assert (i, 1) in where(res, "no-yaku")


def test_points_mismatch() -> None:
    g, _ = _two_hands(1)
    win = g.events[-2]
    g.events[-2] = dataclasses.replace(win, claimed=dataclasses.replace(win.claimed, points=24000))
    res = replay_record(g.record())
    assert (len(g.events) - 2, 1) in where(res, "points-mismatch")


def test_a_table_of_another_size_is_one_finding_not_a_crash() -> None:
    """A 4-player record under a 3-player ruleset (and the reverse) cannot be judged hand by hand."""
    from conftest import SAMPLES

    from paifu.formats import read_path

    for path, rules in (
        (SAMPLES / "tenhou-xml" / "chankan.xml", "tenhou-sanma"),
        (SAMPLES / "sanma" / "kita-rinshan-tsumo.jsonl", "tenhou"),
    ):
        (rec,) = read_path(path)
        res = replay_record(rec, preset(rules))
        assert [(f.code, f.event_index, f.expected, f.actual) for f in res.findings] == [
            ("unsupported", 0, preset(rules).num_players, rec.start.num_players)
        ]


@pytest.mark.slow
def test_kan_dora_timing_by_the_ruleset(corpus_sweep: CorpusSweep) -> None:
    """A closed kan shows its dora at once: moved past the discard, it is late. An open kan's dora
    shows after its replacement draw where the ruleset says so; a chip lobby shows it at once. (The
    corpus sweep's replay says which games already have the finding; hand-built records of the code
    are in test_table_rules.py, test_seed_rules.py and test_league_presets.py.)"""
    from paifu.events import CallKind, Discard, NewDora
    from paifu.formats import read_path
    from paifu.rules import tenhou_go_type

    late = early = 0
    for rel in corpus_files("tenhou_xml"):
        path = str(CORPUS / rel)
        for rec, replayed in zip(read_path(path), corpus_sweep.of(rel), strict=True):
            ev = rec.events
            if "kan-dora-timing" in {f.code for f in replayed.findings}:
                continue
            for i, e in enumerate(ev[:-3]):
                if (
                    isinstance(e, Call)
                    and e.meld.kind == CallKind.ANKAN
                    and isinstance(ev[i + 1], NewDora)
                    and isinstance(ev[i + 2], Draw)
                    and isinstance(ev[i + 3], Discard)
                    and not late
                ):
                    moved = [*ev[: i + 1], ev[i + 2], ev[i + 3], ev[i + 1], *ev[i + 4 :]]
                    res = replay_record(dataclasses.replace(rec, events=moved), check_wall=False)
                    assert [(f.code, f.event_index) for f in res.findings if f.code == "kan-dora-timing"] == [
                        ("kan-dora-timing", i + 2)
                    ], path
                    late += 1
                if (
                    isinstance(e, Call)
                    and e.meld.kind == CallKind.KAKAN
                    and isinstance(ev[i + 1], NewDora)
                    and rec.start.rules_hint == (("tenhou_go_type", 553),)
                ):
                    res = replay_record(
                        rec,
                        tenhou_go_type(553).replace(open_kan_dora_timing="after-discard"),
                        check_wall=False,
                    )
                    assert [(f.code, f.event_index) for f in res.findings] == [("kan-dora-timing", i + 1)]
                    early += 1
    assert late == 1 and early == 1
